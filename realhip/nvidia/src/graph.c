/*
 * graph.c: graphs over the driver's: create, nodes, edges, instantiate,
 * launch, as HIP's NVIDIA platform makes them with the CUDA runtime.
 *
 * A 1D copy node is the driver's 3D copy of one row with both sides in the
 * unified address space (cudaGraphAddMemcpyNode1D's kind only says which way
 * with unified addressing); a set node is cuGraphAddMemsetNode's. Both belong
 * to the calling thread's context, as the runtime's do. A kernel node is
 * cuGraphAddKernelNode_v2's, its parameters copied field by field; its func is
 * a kernel's host stub or a CUfunction (kernel.c).
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

/* ---- kernel nodes ---- */

/* HIP's parameters in the driver's form, field by field (ROCm orders them otherwise), or the
   error recorded: none, or no kernel, before the driver is asked; then, in the current
   context, func resolved (kernel.c) and `extra` translated into extra[], which the driver
   copies with the parameters; kern NULL, ctx NULL for the current context. */
static hipError_t kernel_params(const char *call, const hipKernelNodeParams *hip,
                                void *extra[HIPNV_EXTRA_MAX], CUDA_KERNEL_NODE_PARAMS *params) {
  if (hip == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: pNodeParams is NULL", call);
  if (hip->func == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "%s: func is NULL", call);
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  CUfunction function = NULL;
  void **translated = NULL;
  hipError_t error = hipnv__node_function(call, hip->func, &function);
  if (error == hipSuccess)
    error = hipnv__launch_extra(call, hip->extra, extra, &translated);
  if (error != hipSuccess)
    return error;
  *params = (CUDA_KERNEL_NODE_PARAMS){.func = function,
                                      .gridDimX = hip->gridDim.x,
                                      .gridDimY = hip->gridDim.y,
                                      .gridDimZ = hip->gridDim.z,
                                      .blockDimX = hip->blockDim.x,
                                      .blockDimY = hip->blockDim.y,
                                      .blockDimZ = hip->blockDim.z,
                                      .sharedMemBytes = hip->sharedMemBytes,
                                      .kernelParams = hip->kernelParams,
                                      .extra = translated,
                                      .kern = NULL,
                                      .ctx = NULL};
  return hipSuccess;
}

hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t *pDependencies, size_t numDependencies,
                                 const hipKernelNodeParams *pNodeParams) {
  if (pGraphNode == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGraphAddKernelNode: pGraphNode is NULL");
  void *extra[HIPNV_EXTRA_MAX];
  CUDA_KERNEL_NODE_PARAMS params;
  hipError_t error = kernel_params("hipGraphAddKernelNode", pNodeParams, extra, &params);
  if (error != hipSuccess)
    return error;
  return hipnv__result(hipnv__cuGraphAddKernelNode((CUgraphNode *)pGraphNode, (CUgraph)graph,
                                                   (const CUgraphNode *)pDependencies,
                                                   numDependencies, &params));
}

/* func is the node's CUfunction, not the host stub it was given: the driver keeps no stub.
   A node that names its kernel by kern alone (a library kernel's) answers kern's function in
   the current context. kernelParams and extra are the driver's, owned by the node; an extra
   list the driver answers ends with CUDA's NULL. */
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams) {
  if (pNodeParams == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGraphKernelNodeGetParams: pNodeParams is NULL");
  CUDA_KERNEL_NODE_PARAMS params = {0};
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuGraphKernelNodeGetParams((CUgraphNode)node, &params);
  if (result == CUDA_SUCCESS && params.func == NULL && params.kern != NULL)
    result = hipnv__cuKernelGetFunction(&params.func, params.kern);
  if (result == CUDA_SUCCESS)
    *pNodeParams =
        (hipKernelNodeParams){.blockDim = {params.blockDimX, params.blockDimY, params.blockDimZ},
                              .extra = params.extra,
                              .func = (void *)params.func,
                              .gridDim = {params.gridDimX, params.gridDimY, params.gridDimZ},
                              .kernelParams = params.kernelParams,
                              .sharedMemBytes = params.sharedMemBytes};
  return hipnv__result(result);
}

hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                       const hipKernelNodeParams *pNodeParams) {
  void *extra[HIPNV_EXTRA_MAX];
  CUDA_KERNEL_NODE_PARAMS params;
  hipError_t error = kernel_params("hipGraphKernelNodeSetParams", pNodeParams, extra, &params);
  if (error != hipSuccess)
    return error;
  return hipnv__result(hipnv__cuGraphKernelNodeSetParams((CUgraphNode)node, &params));
}

hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams *pNodeParams) {
  void *extra[HIPNV_EXTRA_MAX];
  CUDA_KERNEL_NODE_PARAMS params;
  hipError_t error = kernel_params("hipGraphExecKernelNodeSetParams", pNodeParams, extra, &params);
  if (error != hipSuccess)
    return error;
  return hipnv__result(
      hipnv__cuGraphExecKernelNodeSetParams((CUgraphExec)hGraphExec, (CUgraphNode)node, &params));
}
