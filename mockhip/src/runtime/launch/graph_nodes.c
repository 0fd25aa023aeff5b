/*
 * graph_nodes.c: nodes added by hand: hipGraphAddEmptyNode,
 * hipGraphAddMemcpyNode1D, hipGraphAddMemsetNode, hipGraphAddKernelNode.
 *
 * Each checks what clr hip_graph.cpp's ihipGraphAdd*Node checks, in its
 * order: the pointers, then the node's own parameters (a copy's and a set's
 * memory as hipMemcpyAsync and hipMemsetAsync check it, a kernel's launch as
 * hipLaunchKernel checks it), then the dependencies (ihipGraphAddNode: live
 * nodes of this graph, none twice). Captured work passes the same node checks
 * (capturehipMemcpy and capturehipMemsetAsync add their nodes through the same
 * functions), so those checks are copy_check.c's (mh__memcpy_node_check,
 * mh__memset_node_check). ROCm adds the node to the graph before it looks at
 * the dependencies, and leaves it there when one is bad; the mock adds
 * nothing on a failure.
 */
#include <stdlib.h>

#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* ---- adding ---- */

hipError_t mh__graph_node_add(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                              const hipGraphNode_t *deps, size_t dep_count,
                              const mh_node_work *work) {
  mh_graph *g;
  mh_graph_node **dep_nodes = NULL, *node = NULL;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  if (err == hipSuccess)
    err = mh__graph_deps(s, g, deps, dep_count, &dep_nodes);
  if (err == hipSuccess)
    err = mh__graph_add(g, work, dep_nodes, dep_count, &node);
  free(dep_nodes);
  if (err != hipSuccess)
    return err;
  node->manual = g->capture != NULL; /* clr AddManualNodeDuringCapture */
  node->id = mh__new_id(s, MH_ID_GRAPH_NODE);
  if (mh__idmap_put(&s->graph_nodes, node->id, node) != 0) {
    mh__graph_remove_last(g);
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph node registry");
  }
  *out = (hipGraphNode_t)(uintptr_t)node->id;
  return hipSuccess;
}

hipError_t mh__graph_add_check(hipGraphNode_t *out, hipGraph_t graph, const hipGraphNode_t *deps,
                               size_t dep_count) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "pGraphNode is NULL");
  if (graph == NULL)
    return mh__fail(hipErrorInvalidValue, "graph is NULL");
  if (dep_count > 0 && deps == NULL)
    return mh__fail(hipErrorInvalidValue, "pDependencies is NULL and numDependencies is %zu",
                    dep_count);
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                          const hipGraphNode_t *pDependencies,
                                          size_t numDependencies) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddEmptyNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess) {
    mh_node_work work = {.type = hipGraphNodeTypeEmpty, .device = mh__current_device()};
    mh__lock_write();
    err = mh__graph_node_add(s, pGraphNode, graph, pDependencies, numDependencies, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddEmptyNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies);
}

MH_EXPORT hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t *pDependencies,
                                             size_t numDependencies, void *dst, const void *src,
                                             size_t count, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemcpyNode1D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && count == 0) /* ihipGraphAddMemcpyNode1D */
    err = mh__fail(hipErrorInvalidValue, "count is 0");
  if (err == hipSuccess) {
    int device = mh__current_device();
    mh_node_work work = {.type = hipGraphNodeTypeMemcpy,
                         .device = device,
                         .u.copy = {dst, src, count, (int)kind, NULL, NULL}};
    mh__lock_write();
    err = mh__memcpy_node_check(s, dst, src, count, (int)kind, device);
    if (err == hipSuccess)
      err = mh__graph_node_add(s, pGraphNode, graph, pDependencies, numDependencies, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemcpyNode1D, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, dst=%s, src=%s, "
                   "count=%s, kind=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies, mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(count), mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies,
                                           size_t numDependencies,
                                           const hipMemsetParams *pMemsetParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemsetNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess) {
    int device = mh__current_device();
    mh__lock_write();
    err = mh__memset_node_check(s, pMemsetParams, device);
    if (err == hipSuccess) {
      const hipMemsetParams *p = pMemsetParams;
      mh_node_work work = {
          .type = hipGraphNodeTypeMemset,
          .device = device,
          .u.set = {p->dst, p->value, p->elementSize, p->width, p->height, p->pitch, 0, 0}};
      err = mh__graph_node_add(s, pGraphNode, graph, pDependencies, numDependencies, &work);
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemsetNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, pMemsetParams=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_memset_params(pMemsetParams));
}

/* ihipGraphAddKernelNode: the graph, the kernel, then the launch as hipLaunchKernel checks it
   (mh__graph_kernel_work). */
static hipError_t kernel_work(mh_state *s, hipGraph_t graph, const hipKernelNodeParams *p,
                              mh_node_work *work) {
  mh_graph *g;
  mh__lock_read();
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  mh__unlock();
  return err == hipSuccess ? mh__graph_kernel_work(p, work) : err;
}

MH_EXPORT hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies,
                                           size_t numDependencies,
                                           const hipKernelNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddKernelNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && (pNodeParams == NULL || pNodeParams->func == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   pNodeParams == NULL ? "pNodeParams" : "pNodeParams->func");
  mh_node_work work;
  if (err == hipSuccess && (err = kernel_work(s, graph, pNodeParams, &work)) == hipSuccess) {
    mh__lock_write();
    err = mh__graph_node_add(s, pGraphNode, graph, pDependencies, numDependencies, &work);
    mh__unlock();
    if (err != hipSuccess)
      mh__node_work_free(&work);
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddKernelNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, pNodeParams=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_kernel_node_params(pNodeParams));
}
