/*
 * fake_cuda_graph.c: the fake driver's graph entry points. Each logs its
 * arguments (a copy's and a set's parameters field by field), answers a
 * scripted failure if there is one, else writes the fake's values: every new
 * node is FAKE_GRAPH_NODE, a node list holds FAKE_GRAPH_NODE_COUNT of them.
 */
#include <stdio.h>

#include "fake_cuda_state.h"

static void describe_copy(char *out, size_t size, const CUDA_MEMCPY3D *p) {
  if (p == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  snprintf(out, size, "{src=%d:0x%llx,dst=%d:0x%llx,width=%zu,height=%zu,depth=%zu}",
           (int)p->srcMemoryType, p->srcDevice, (int)p->dstMemoryType, p->dstDevice,
           p->WidthInBytes, p->Height, p->Depth);
}

static void describe_set(char *out, size_t size, const CUDA_MEMSET_NODE_PARAMS *p) {
  if (p == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  snprintf(out, size, "{dst=0x%llx,pitch=%zu,value=0x%x,elementSize=%u,width=%zu,height=%zu}",
           p->dst, p->pitch, p->value, p->elementSize, p->width, p->height);
}

/* A node list: the count when nodes is NULL, else that many nodes. */
static void write_nodes(CUgraphNode *nodes, size_t *count) {
  size_t have = (size_t)fake__value(FAKE_GRAPH_NODE_COUNT);
  if (nodes != NULL)
    for (size_t i = 0; i < have && i < *count; i++)
      nodes[i] = (CUgraphNode)(uintptr_t)(fake__value(FAKE_GRAPH_NODE) + i);
  *count = have;
}

CUresult cuGraphCreate(CUgraph *phGraph, unsigned int flags) {
  FAKE_ENTER(cuGraphCreate, "%s,%u", fake__out(phGraph), flags);
  *phGraph = (CUgraph)(uintptr_t)fake__value(FAKE_GRAPH);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                             const CUgraphNode *dependencies, size_t numDependencies) {
  FAKE_ENTER(cuGraphAddEmptyNode, "%s,0x%llx,%s,%zu", fake__out(phGraphNode), FAKE_HEX(hGraph),
             fake__out(dependencies), numDependencies);
  *phGraphNode = (CUgraphNode)(uintptr_t)fake__value(FAKE_GRAPH_NODE);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddMemcpyNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                              const CUgraphNode *dependencies, size_t numDependencies,
                              const CUDA_MEMCPY3D *copyParams, CUcontext ctx) {
  char described[256];
  describe_copy(described, sizeof described, copyParams);
  FAKE_ENTER(cuGraphAddMemcpyNode, "%s,0x%llx,%s,%zu,%s,0x%llx", fake__out(phGraphNode),
             FAKE_HEX(hGraph), fake__out(dependencies), numDependencies, described, FAKE_HEX(ctx));
  *phGraphNode = (CUgraphNode)(uintptr_t)fake__value(FAKE_GRAPH_NODE);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                              const CUgraphNode *dependencies, size_t numDependencies,
                              const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx) {
  char described[256];
  describe_set(described, sizeof described, memsetParams);
  FAKE_ENTER(cuGraphAddMemsetNode, "%s,0x%llx,%s,%zu,%s,0x%llx", fake__out(phGraphNode),
             FAKE_HEX(hGraph), fake__out(dependencies), numDependencies, described, FAKE_HEX(ctx));
  *phGraphNode = (CUgraphNode)(uintptr_t)fake__value(FAKE_GRAPH_NODE);
  return CUDA_SUCCESS;
}

CUresult cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                size_t numDependencies) {
  FAKE_ENTER(cuGraphAddDependencies, "0x%llx,%s,%s,%zu", FAKE_HEX(hGraph), fake__out(from),
             fake__out(to), numDependencies);
  return CUDA_SUCCESS;
}

CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes) {
  FAKE_ENTER(cuGraphGetNodes, "0x%llx,%s,%s", FAKE_HEX(hGraph), fake__out(nodes),
             fake__out(numNodes));
  write_nodes(nodes, numNodes);
  return CUDA_SUCCESS;
}

CUresult cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes, size_t *numRootNodes) {
  FAKE_ENTER(cuGraphGetRootNodes, "0x%llx,%s,%s", FAKE_HEX(hGraph), fake__out(rootNodes),
             fake__out(numRootNodes));
  write_nodes(rootNodes, numRootNodes);
  return CUDA_SUCCESS;
}

CUresult cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type) {
  FAKE_ENTER(cuGraphNodeGetType, "0x%llx,%s", FAKE_HEX(hNode), fake__out(type));
  *type = (CUgraphNodeType)fake__value(FAKE_GRAPH_NODE_TYPE);
  return CUDA_SUCCESS;
}

CUresult cuGraphInstantiateWithFlags(CUgraphExec *phGraphExec, CUgraph hGraph,
                                     unsigned long long flags) {
  FAKE_ENTER(cuGraphInstantiateWithFlags, "%s,0x%llx,%llu", fake__out(phGraphExec),
             FAKE_HEX(hGraph), flags);
  *phGraphExec = (CUgraphExec)(uintptr_t)fake__value(FAKE_GRAPH_EXEC);
  return CUDA_SUCCESS;
}

CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream) {
  FAKE_ENTER(cuGraphLaunch, "0x%llx,0x%llx", FAKE_HEX(hGraphExec), FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuGraphExecDestroy(CUgraphExec hGraphExec) {
  FAKE_ENTER(cuGraphExecDestroy, "0x%llx", FAKE_HEX(hGraphExec));
  return CUDA_SUCCESS;
}
