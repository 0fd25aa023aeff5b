/*
 * graph.c: graphs over the driver's: create, nodes, edges, instantiate,
 * launch, as HIP's NVIDIA platform makes them with the CUDA runtime.
 *
 * A 1D copy node is the driver's 3D copy of one row with both sides in the
 * unified address space (cudaGraphAddMemcpyNode1D's kind only says which way
 * with unified addressing); a set node is cuGraphAddMemsetNode's. Both belong
 * to the calling thread's context, as the runtime's do. Kernel nodes need
 * device code, so hipGraphAddKernelNode is not translated (api_calls.h).
 * HIP's node types are CUDA's up to the memory nodes; CUDA's batch memory
 * node is HIP's hipGraphNodeTypeBatchMemOp.
 */
#include "hip_nvidia_base.h"

_Static_assert((int)hipGraphNodeTypeKernel == (int)CU_GRAPH_NODE_TYPE_KERNEL &&
                   (int)hipGraphNodeTypeEmpty == (int)CU_GRAPH_NODE_TYPE_EMPTY &&
                   (int)hipGraphNodeTypeMemFree == (int)CU_GRAPH_NODE_TYPE_MEM_FREE,
               "HIP's node types are CUDA's up to MemFree");

/* The calling thread's context, made current if it has none. */
static CUresult current_context(CUcontext *ctx) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxGetCurrent(ctx);
  return result;
}

hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphCreate((CUgraph *)pGraph, flags);
  return hipnv__result(result);
}

hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                const hipGraphNode_t *pDependencies, size_t numDependencies) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphAddEmptyNode((CUgraphNode *)pGraphNode, (CUgraph)graph,
                                        (const CUgraphNode *)pDependencies, numDependencies);
  return hipnv__result(result);
}

hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                   const hipGraphNode_t *pDependencies, size_t numDependencies,
                                   void *dst, const void *src, size_t count, hipMemcpyKind kind) {
  switch (kind) {
  case hipMemcpyHostToHost:
  case hipMemcpyHostToDevice:
  case hipMemcpyDeviceToHost:
  case hipMemcpyDeviceToDevice:
  case hipMemcpyDefault:
  case hipMemcpyDeviceToDeviceNoCU: break;
  default:
    return hipnv__fail(hipErrorInvalidMemcpyDirection,
                       "hipGraphAddMemcpyNode1D: kind %d is not a hipMemcpyKind", (int)kind);
  }
  CUDA_MEMCPY3D copy = {.srcMemoryType = CU_MEMORYTYPE_UNIFIED,
                        .srcDevice = hipnv__dptr(src),
                        .dstMemoryType = CU_MEMORYTYPE_UNIFIED,
                        .dstDevice = hipnv__dptr(dst),
                        .WidthInBytes = count,
                        .Height = 1,
                        .Depth = 1};
  CUcontext ctx = NULL;
  CUresult result = current_context(&ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphAddMemcpyNode((CUgraphNode *)pGraphNode, (CUgraph)graph,
                                         (const CUgraphNode *)pDependencies, numDependencies, &copy,
                                         ctx);
  return hipnv__result(result);
}

hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t *pDependencies, size_t numDependencies,
                                 const hipMemsetParams *pMemsetParams) {
  if (pMemsetParams == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGraphAddMemsetNode: pMemsetParams is NULL");
  CUDA_MEMSET_NODE_PARAMS set = {.dst = hipnv__dptr(pMemsetParams->dst),
                                 .pitch = pMemsetParams->pitch,
                                 .value = pMemsetParams->value,
                                 .elementSize = pMemsetParams->elementSize,
                                 .width = pMemsetParams->width,
                                 .height = pMemsetParams->height};
  CUcontext ctx = NULL;
  CUresult result = current_context(&ctx);
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuGraphAddMemsetNode((CUgraphNode *)pGraphNode, (CUgraph)graph,
                                    (const CUgraphNode *)pDependencies, numDependencies, &set, ctx);
  return hipnv__result(result);
}

hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from,
                                   const hipGraphNode_t *to, size_t numDependencies) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphAddDependencies((CUgraph)graph, (const CUgraphNode *)from,
                                           (const CUgraphNode *)to, numDependencies);
  return hipnv__result(result);
}

hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphGetNodes((CUgraph)graph, (CUgraphNode *)nodes, numNodes);
  return hipnv__result(result);
}

hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes,
                                size_t *pNumRootNodes) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphGetRootNodes((CUgraph)graph, (CUgraphNode *)pRootNodes, pNumRootNodes);
  return hipnv__result(result);
}

hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType) {
  if (pType == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGraphNodeGetType: pType is NULL");
  CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphNodeGetType((CUgraphNode)node, &type);
  if (result == CUDA_SUCCESS)
    *pType = type <= CU_GRAPH_NODE_TYPE_MEM_FREE       ? (hipGraphNodeType)type
             : type == CU_GRAPH_NODE_TYPE_BATCH_MEM_OP ? hipGraphNodeTypeBatchMemOp
                                                       : hipGraphNodeTypeCount;
  return hipnv__result(result);
}

/* HIP's instantiate flags are CUDA's, value for value. */
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                        unsigned long long flags) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphInstantiateWithFlags((CUgraphExec *)pGraphExec, (CUgraph)graph, flags);
  return hipnv__result(result);
}

/* The error node and log are cudaGraphInstantiate's older form; the runtime leaves them be. */
hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                               hipGraphNode_t *pErrorNode, char *pLogBuffer, size_t bufferSize) {
  (void)pErrorNode;
  (void)pLogBuffer;
  (void)bufferSize;
  return hipGraphInstantiateWithFlags(pGraphExec, graph, 0);
}

hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphLaunch((CUgraphExec)graphExec, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphExecDestroy((CUgraphExec)graphExec);
  return hipnv__result(result);
}
