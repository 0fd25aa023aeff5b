/*
 * api_calls.h: the HIP functions hip-nvidia does not translate.
 *
 * Every function <hip/hip_runtime_api.h> declares is in MOCKHIP_API_LIST
 * (<mockhip.h>, the one list of the header's entry points, which
 * hipGetProcAddress's table is made from). Most are written out in the other
 * files, each over its driver call; HIPNV_UNSUPPORTED_CALLS gives, for the
 * rest, the signature and the reason that unsupported.c turns into a
 * definition answering hipErrorNotSupported (an empty reason says "<name> is
 * not translated by hip-nvidia"). A function the header gains goes here until
 * it is translated; the link (--no-undefined) and the tests, which read the
 * header, catch one that is in neither place.
 */
#ifndef HIPNV_API_CALLS_H
#define HIPNV_API_CALLS_H

/* __device__ variables: the CUDA runtime knows them from the fat binary nvcc registers; a host
   compiler makes none, and the driver reaches module globals only (cuModuleGetGlobal). */
#define HIPNV_SYMBOLS_REASON                                                                       \
  "device variables need device code for the GPU, which a host compiler does not make: build "     \
  "them with nvcc (or hipcc) for HIP on NVIDIA"

/* X(name, params, args, reason) */
/* Texture objects: CUDA has them (cuTexObjectCreate), but hip-nvidia does not translate the
   descriptions yet, and kernels that read them need device code. */
#define HIPNV_TEXTURE_REASON                                                                       \
  "texture objects are not translated by hip-nvidia yet (cuTexObjectCreate would take them)"

#define HIPNV_UNSUPPORTED_CALLS(X)                                                                 \
  X(hipExtMallocWithFlags, (void **ptr, size_t sizeBytes, unsigned int flags),                     \
    (ptr, sizeBytes, flags),                                                                       \
    "hipExtMallocWithFlags is ROCm-only: CUDA has no allocator for AMD's fine-grained, uncached "  \
    "or signal memory (hipMalloc is translated)")                                                  \
  X(hipHostRegister, (void *hostPtr, size_t sizeBytes, unsigned int flags),                        \
    (hostPtr, sizeBytes, flags), "")                                                               \
  X(hipHostUnregister, (void *hostPtr), (hostPtr), "")                                             \
  X(hipHostGetDevicePointer, (void **devPtr, void *hstPtr, unsigned int flags),                    \
    (devPtr, hstPtr, flags), "")                                                                   \
  X(hipHostGetFlags, (unsigned int *flagsPtr, void *hostPtr), (flagsPtr, hostPtr), "")             \
  X(hipMemAdvise, (const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device),         \
    (dev_ptr, count, advice, device), "")                                                          \
  X(hipMemPrefetchAsync, (const void *dev_ptr, size_t count, int device, hipStream_t stream),      \
    (dev_ptr, count, device, stream), "")                                                          \
  X(hipMemRangeGetAttribute,                                                                       \
    (void *data, size_t data_size, hipMemRangeAttribute attribute, const void *dev_ptr,            \
     size_t count),                                                                                \
    (data, data_size, attribute, dev_ptr, count), "")                                              \
  X(hipMemRangeGetAttributes,                                                                      \
    (void **data, size_t *data_sizes, hipMemRangeAttribute *attributes, size_t num_attributes,     \
     const void *dev_ptr, size_t count),                                                           \
    (data, data_sizes, attributes, num_attributes, dev_ptr, count), "")                            \
  X(hipGraphAddMemcpyNode,                                                                         \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, const hipMemcpy3DParms *pCopyParams),                                 \
    (pGraphNode, graph, pDependencies, numDependencies, pCopyParams), "")                          \
  X(hipGraphAddHostNode,                                                                           \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, const hipHostNodeParams *pNodeParams),                                \
    (pGraphNode, graph, pDependencies, numDependencies, pNodeParams), "")                          \
  X(hipGraphAddEventRecordNode,                                                                    \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, hipEvent_t event),                                                    \
    (pGraphNode, graph, pDependencies, numDependencies, event), "")                                \
  X(hipGraphAddEventWaitNode,                                                                      \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, hipEvent_t event),                                                    \
    (pGraphNode, graph, pDependencies, numDependencies, event), "")                                \
  X(hipGraphAddChildGraphNode,                                                                     \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, hipGraph_t childGraph),                                               \
    (pGraphNode, graph, pDependencies, numDependencies, childGraph), "")                           \
  X(hipGraphChildGraphNodeGetGraph, (hipGraphNode_t node, hipGraph_t * pGraph), (node, pGraph),    \
    "")                                                                                            \
  X(hipGraphClone, (hipGraph_t * pGraphClone, hipGraph_t originalGraph),                           \
    (pGraphClone, originalGraph), "")                                                              \
  X(hipGraphNodeFindInClone,                                                                       \
    (hipGraphNode_t * pNode, hipGraphNode_t originalNode, hipGraph_t clonedGraph),                 \
    (pNode, originalNode, clonedGraph), "")                                                        \
  X(hipGraphNodeGetDependencies,                                                                   \
    (hipGraphNode_t node, hipGraphNode_t * pDependencies, size_t * pNumDependencies),              \
    (node, pDependencies, pNumDependencies), "")                                                   \
  X(hipGraphNodeGetDependentNodes,                                                                 \
    (hipGraphNode_t node, hipGraphNode_t * pDependentNodes, size_t * pNumDependentNodes),          \
    (node, pDependentNodes, pNumDependentNodes), "")                                               \
  X(hipGraphGetEdges,                                                                              \
    (hipGraph_t graph, hipGraphNode_t * from, hipGraphNode_t * to, size_t * numEdges),             \
    (graph, from, to, numEdges), "")                                                               \
  X(hipGraphRemoveDependencies,                                                                    \
    (hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,                       \
     size_t numDependencies),                                                                      \
    (graph, from, to, numDependencies), "")                                                        \
  X(hipGraphDestroyNode, (hipGraphNode_t node), (node), "")                                        \
  X(hipGraphMemcpyNodeGetParams, (hipGraphNode_t node, hipMemcpy3DParms * pNodeParams),            \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphMemcpyNodeSetParams, (hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams),       \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphMemcpyNodeSetParams1D,                                                                 \
    (hipGraphNode_t node, void *dst, const void *src, size_t count, hipMemcpyKind kind),           \
    (node, dst, src, count, kind), "")                                                             \
  X(hipGraphMemsetNodeGetParams, (hipGraphNode_t node, hipMemsetParams * pNodeParams),             \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphMemsetNodeSetParams, (hipGraphNode_t node, const hipMemsetParams *pNodeParams),        \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphHostNodeGetParams, (hipGraphNode_t node, hipHostNodeParams * pNodeParams),             \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphHostNodeSetParams, (hipGraphNode_t node, const hipHostNodeParams *pNodeParams),        \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphEventRecordNodeGetEvent, (hipGraphNode_t node, hipEvent_t * event_out),                \
    (node, event_out), "")                                                                         \
  X(hipGraphEventRecordNodeSetEvent, (hipGraphNode_t node, hipEvent_t event), (node, event), "")   \
  X(hipGraphEventWaitNodeGetEvent, (hipGraphNode_t node, hipEvent_t * event_out),                  \
    (node, event_out), "")                                                                         \
  X(hipGraphEventWaitNodeSetEvent, (hipGraphNode_t node, hipEvent_t event), (node, event), "")     \
  X(hipGraphExecMemcpyNodeSetParams,                                                               \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, hipMemcpy3DParms * pNodeParams),              \
    (hGraphExec, node, pNodeParams), "")                                                           \
  X(hipGraphExecMemcpyNodeSetParams1D,                                                             \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst, const void *src, size_t count,     \
     hipMemcpyKind kind),                                                                          \
    (hGraphExec, node, dst, src, count, kind), "")                                                 \
  X(hipGraphExecMemsetNodeSetParams,                                                               \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, const hipMemsetParams *pNodeParams),          \
    (hGraphExec, node, pNodeParams), "")                                                           \
  X(hipGraphExecHostNodeSetParams,                                                                 \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, const hipHostNodeParams *pNodeParams),        \
    (hGraphExec, node, pNodeParams), "")                                                           \
  X(hipGraphExecEventRecordNodeSetEvent,                                                           \
    (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event),                           \
    (hGraphExec, hNode, event), "")                                                                \
  X(hipGraphExecEventWaitNodeSetEvent,                                                             \
    (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event),                           \
    (hGraphExec, hNode, event), "")                                                                \
  X(hipGraphExecChildGraphNodeSetParams,                                                           \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, hipGraph_t childGraph),                       \
    (hGraphExec, node, childGraph), "")                                                            \
  X(hipGraphAddMemcpyNodeToSymbol,                                                                 \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, const void *symbol, const void *src, size_t count, size_t offset,     \
     hipMemcpyKind kind),                                                                          \
    (pGraphNode, graph, pDependencies, numDependencies, symbol, src, count, offset, kind), "")     \
  X(hipGraphAddMemcpyNodeFromSymbol,                                                               \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, void *dst, const void *symbol, size_t count, size_t offset,           \
     hipMemcpyKind kind),                                                                          \
    (pGraphNode, graph, pDependencies, numDependencies, dst, symbol, count, offset, kind), "")     \
  X(hipGraphMemcpyNodeSetParamsToSymbol,                                                           \
    (hipGraphNode_t node, const void *symbol, const void *src, size_t count, size_t offset,        \
     hipMemcpyKind kind),                                                                          \
    (node, symbol, src, count, offset, kind), "")                                                  \
  X(hipGraphMemcpyNodeSetParamsFromSymbol,                                                         \
    (hipGraphNode_t node, void *dst, const void *symbol, size_t count, size_t offset,              \
     hipMemcpyKind kind),                                                                          \
    (node, dst, symbol, count, offset, kind), "")                                                  \
  X(hipGraphExecMemcpyNodeSetParamsToSymbol,                                                       \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, const void *symbol, const void *src,          \
     size_t count, size_t offset, hipMemcpyKind kind),                                             \
    (hGraphExec, node, symbol, src, count, offset, kind), "")                                      \
  X(hipGraphExecMemcpyNodeSetParamsFromSymbol,                                                     \
    (hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst, const void *symbol, size_t count,  \
     size_t offset, hipMemcpyKind kind),                                                           \
    (hGraphExec, node, dst, symbol, count, offset, kind), "")                                      \
  X(hipGetSymbolAddress, (void **devPtr, const void *symbol), (devPtr, symbol),                    \
    HIPNV_SYMBOLS_REASON)                                                                          \
  X(hipGetSymbolSize, (size_t * size, const void *symbol), (size, symbol), HIPNV_SYMBOLS_REASON)   \
  X(hipMemcpyToSymbol,                                                                             \
    (const void *symbol, const void *src, size_t sizeBytes, size_t offset, hipMemcpyKind kind),    \
    (symbol, src, sizeBytes, offset, kind), HIPNV_SYMBOLS_REASON)                                  \
  X(hipMemcpyFromSymbol,                                                                           \
    (void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind),          \
    (dst, symbol, sizeBytes, offset, kind), HIPNV_SYMBOLS_REASON)                                  \
  X(hipMemcpyToSymbolAsync,                                                                        \
    (const void *symbol, const void *src, size_t sizeBytes, size_t offset, hipMemcpyKind kind,     \
     hipStream_t stream),                                                                          \
    (symbol, src, sizeBytes, offset, kind, stream), HIPNV_SYMBOLS_REASON)                          \
  X(hipMemcpyFromSymbolAsync,                                                                      \
    (void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind,           \
     hipStream_t stream),                                                                          \
    (dst, symbol, sizeBytes, offset, kind, stream), HIPNV_SYMBOLS_REASON)                          \
  X(hipMemset2D, (void *dst, size_t pitch, int value, size_t width, size_t height),                \
    (dst, pitch, value, width, height), "")                                                        \
  X(hipMemset2DAsync,                                                                              \
    (void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream),         \
    (dst, pitch, value, width, height, stream), "")                                                \
  X(hipMemset3D, (hipPitchedPtr pitchedDevPtr, int value, hipExtent extent),                       \
    (pitchedDevPtr, value, extent), "")                                                            \
  X(hipMemset3DAsync,                                                                              \
    (hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream),                \
    (pitchedDevPtr, value, extent, stream), "")                                                    \
  X(hipMemcpyWithStream,                                                                           \
    (void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream),        \
    (dst, src, sizeBytes, kind, stream), "")                                                       \
  X(hipMallocHost, (void **ptr, size_t size), (ptr, size), "")                                     \
  X(hipHostAlloc, (void **ptr, size_t size, unsigned int flags), (ptr, size, flags), "")           \
  X(hipMemPtrGetInfo, (void *ptr, size_t *size), (ptr, size), "")                                  \
  X(hipStreamAttachMemAsync,                                                                       \
    (hipStream_t stream, void *dev_ptr, size_t length, unsigned int flags),                        \
    (stream, dev_ptr, length, flags), "")                                                          \
  X(hipPointerGetAttribute, (void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr),      \
    (data, attribute, ptr), "")                                                                    \
  X(hipDrvPointerGetAttributes,                                                                    \
    (unsigned int numAttributes, hipPointer_attribute *attributes, void **data,                    \
     hipDeviceptr_t ptr),                                                                          \
    (numAttributes, attributes, data, ptr), "")                                                    \
  X(hipPointerSetAttribute,                                                                        \
    (const void *value, hipPointer_attribute attribute, hipDeviceptr_t ptr),                       \
    (value, attribute, ptr), "")                                                                   \
  X(hipMemAllocHost, (void **ptr, size_t size), (ptr, size), "")                                   \
  X(hipCreateTextureObject,                                                                        \
    (hipTextureObject_t * pTexObject, const hipResourceDesc *pResDesc,                             \
     const hipTextureDesc *pTexDesc, const struct hipResourceViewDesc *pResViewDesc),              \
    (pTexObject, pResDesc, pTexDesc, pResViewDesc), HIPNV_TEXTURE_REASON)                          \
  X(hipDestroyTextureObject, (hipTextureObject_t textureObject), (textureObject),                  \
    HIPNV_TEXTURE_REASON)                                                                          \
  X(hipGetTextureObjectResourceDesc,                                                               \
    (hipResourceDesc * pResDesc, hipTextureObject_t textureObject), (pResDesc, textureObject),     \
    HIPNV_TEXTURE_REASON)                                                                          \
  X(hipGetTextureObjectResourceViewDesc,                                                           \
    (struct hipResourceViewDesc * pResViewDesc, hipTextureObject_t textureObject),                 \
    (pResViewDesc, textureObject), HIPNV_TEXTURE_REASON)                                           \
  X(hipGetTextureObjectTextureDesc, (hipTextureDesc * pTexDesc, hipTextureObject_t textureObject), \
    (pTexDesc, textureObject), HIPNV_TEXTURE_REASON)                                               \
  X(hipTexObjectCreate,                                                                            \
    (hipTextureObject_t * pTexObject, const HIP_RESOURCE_DESC *pResDesc,                           \
     const HIP_TEXTURE_DESC *pTexDesc, const HIP_RESOURCE_VIEW_DESC *pResViewDesc),                \
    (pTexObject, pResDesc, pTexDesc, pResViewDesc), HIPNV_TEXTURE_REASON)                          \
  X(hipTexObjectDestroy, (hipTextureObject_t texObject), (texObject), HIPNV_TEXTURE_REASON)        \
  X(hipGraphAddMemAllocNode,                                                                       \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, hipMemAllocNodeParams *pNodeParams),                                  \
    (pGraphNode, graph, pDependencies, numDependencies, pNodeParams), "")                          \
  X(hipGraphMemAllocNodeGetParams, (hipGraphNode_t node, hipMemAllocNodeParams * pNodeParams),     \
    (node, pNodeParams), "")                                                                       \
  X(hipGraphAddMemFreeNode,                                                                        \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, void *dev_ptr),                                                       \
    (pGraphNode, graph, pDependencies, numDependencies, dev_ptr), "")                              \
  X(hipGraphMemFreeNodeGetParams, (hipGraphNode_t node, void *dev_ptr), (node, dev_ptr), "")       \
  X(hipDeviceGetGraphMemAttribute, (int device, hipGraphMemAttributeType attr, void *value),       \
    (device, attr, value), "")                                                                     \
  X(hipDeviceSetGraphMemAttribute, (int device, hipGraphMemAttributeType attr, void *value),       \
    (device, attr, value), "")                                                                     \
  X(hipDeviceGraphMemTrim, (int device), (device), "")                                             \
  X(hipExtGetLinkTypeAndHopCount,                                                                  \
    (int device1, int device2, uint32_t *linktype, uint32_t *hopcount),                            \
    (device1, device2, linktype, hopcount),                                                        \
    "hipExtGetLinkTypeAndHopCount is ROCm-only: CUDA reports no link type or hop count")           \
  X(hipStreamWaitValue32,                                                                          \
    (hipStream_t stream, void *ptr, uint32_t value, unsigned int flags, uint32_t mask),            \
    (stream, ptr, value, flags, mask), "")                                                         \
  X(hipStreamWaitValue64,                                                                          \
    (hipStream_t stream, void *ptr, uint64_t value, unsigned int flags, uint64_t mask),            \
    (stream, ptr, value, flags, mask), "")                                                         \
  X(hipStreamWriteValue32, (hipStream_t stream, void *ptr, uint32_t value, unsigned int flags),    \
    (stream, ptr, value, flags), "")                                                               \
  X(hipStreamWriteValue64, (hipStream_t stream, void *ptr, uint64_t value, unsigned int flags),    \
    (stream, ptr, value, flags), "")                                                               \
  X(hipIpcGetMemHandle, (hipIpcMemHandle_t * handle, void *devPtr), (handle, devPtr), "")          \
  X(hipIpcOpenMemHandle, (void **devPtr, hipIpcMemHandle_t handle, unsigned int flags),            \
    (devPtr, handle, flags), "")                                                                   \
  X(hipIpcCloseMemHandle, (void *devPtr), (devPtr), "")                                            \
  X(hipStreamAddCallback,                                                                          \
    (hipStream_t stream, hipStreamCallback_t callback, void *userData, unsigned int flags),        \
    (stream, callback, userData, flags), "")                                                       \
  X(hipLaunchHostFunc, (hipStream_t stream, hipHostFn_t fn, void *userData),                       \
    (stream, fn, userData), "")                                                                    \
  X(hipDeviceGetLimit, (size_t * pValue, enum hipLimit_t limit), (pValue, limit), "")              \
  X(hipDeviceSetLimit, (enum hipLimit_t limit, size_t value), (limit, value), "")                  \
  X(hipDeviceGetCacheConfig, (hipFuncCache_t * cacheConfig), (cacheConfig), "")                    \
  X(hipDeviceSetCacheConfig, (hipFuncCache_t cacheConfig), (cacheConfig), "")                      \
  X(hipDeviceGetSharedMemConfig, (hipSharedMemConfig * pConfig), (pConfig), "")                    \
  X(hipDeviceSetSharedMemConfig, (hipSharedMemConfig config), (config), "")                        \
  X(hipGetDeviceFlags, (unsigned int *flags), (flags), "")                                         \
  X(hipSetDeviceFlags, (unsigned flags), (flags), "")                                              \
  X(hipChooseDeviceR0600, (int *device, const hipDeviceProp_tR0600 *prop), (device, prop), "")     \
  X(hipDeviceGetByPCIBusId, (int *device, const char *pciBusId), (device, pciBusId), "")           \
  X(hipExtStreamCreateWithCUMask,                                                                  \
    (hipStream_t * stream, uint32_t cuMaskSize, const uint32_t *cuMask),                           \
    (stream, cuMaskSize, cuMask),                                                                  \
    "hipExtStreamCreateWithCUMask is ROCm-only: CUDA has no compute-unit masks")                   \
  X(hipExtStreamGetCUMask, (hipStream_t stream, uint32_t cuMaskSize, uint32_t * cuMask),           \
    (stream, cuMaskSize, cuMask),                                                                  \
    "hipExtStreamGetCUMask is ROCm-only: CUDA has no compute-unit masks")                          \
  X(hipUserObjectCreate,                                                                           \
    (hipUserObject_t * object_out, void *ptr, hipHostFn_t destroy, unsigned int initialRefcount,   \
     unsigned int flags),                                                                          \
    (object_out, ptr, destroy, initialRefcount, flags), "")                                        \
  X(hipUserObjectRelease, (hipUserObject_t object, unsigned int count), (object, count), "")       \
  X(hipUserObjectRetain, (hipUserObject_t object, unsigned int count), (object, count), "")        \
  X(hipGraphRetainUserObject,                                                                      \
    (hipGraph_t graph, hipUserObject_t object, unsigned int count, unsigned int flags),            \
    (graph, object, count, flags), "")                                                             \
  X(hipGraphReleaseUserObject, (hipGraph_t graph, hipUserObject_t object, unsigned int count),     \
    (graph, object, count), "")                                                                    \
  X(hipGraphKernelNodeSetAttribute,                                                                \
    (hipGraphNode_t hNode, hipKernelNodeAttrID attr, const hipKernelNodeAttrValue *value),         \
    (hNode, attr, value), "")                                                                      \
  X(hipGraphKernelNodeGetAttribute,                                                                \
    (hipGraphNode_t hNode, hipKernelNodeAttrID attr, hipKernelNodeAttrValue * value),              \
    (hNode, attr, value), "")                                                                      \
  X(hipGraphKernelNodeCopyAttributes, (hipGraphNode_t hSrc, hipGraphNode_t hDst), (hSrc, hDst),    \
    "")                                                                                            \
  X(hipGraphNodeSetEnabled,                                                                        \
    (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int isEnabled),                     \
    (hGraphExec, hNode, isEnabled), "")                                                            \
  X(hipGraphNodeGetEnabled,                                                                        \
    (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int *isEnabled),                    \
    (hGraphExec, hNode, isEnabled), "")                                                            \
  X(hipGraphUpload, (hipGraphExec_t graphExec, hipStream_t stream), (graphExec, stream), "")       \
  X(hipGraphInstantiateWithParams,                                                                 \
    (hipGraphExec_t * pGraphExec, hipGraph_t graph,                                                \
     hipGraphInstantiateParams * instantiateParams),                                               \
    (pGraphExec, graph, instantiateParams), "")                                                    \
  X(hipGraphExecUpdate,                                                                            \
    (hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t * hErrorNode_out,                \
     hipGraphExecUpdateResult * updateResult_out),                                                 \
    (hGraphExec, hGraph, hErrorNode_out, updateResult_out), "")                                    \
  X(hipGraphDebugDotPrint, (hipGraph_t graph, const char *path, unsigned int flags),               \
    (graph, path, flags), "")                                                                      \
  X(hipDrvGraphAddMemcpyNode,                                                                      \
    (hipGraphNode_t * phGraphNode, hipGraph_t hGraph, const hipGraphNode_t *dependencies,          \
     size_t numDependencies, const HIP_MEMCPY3D *copyParams, hipCtx_t ctx),                        \
    (phGraphNode, hGraph, dependencies, numDependencies, copyParams, ctx), "")                     \
  X(hipDrvGraphAddMemsetNode,                                                                      \
    (hipGraphNode_t * phGraphNode, hipGraph_t hGraph, const hipGraphNode_t *dependencies,          \
     size_t numDependencies, const HIP_MEMSET_NODE_PARAMS *memsetParams, hipCtx_t ctx),            \
    (phGraphNode, hGraph, dependencies, numDependencies, memsetParams, ctx), "")                   \
  X(hipStreamGetCaptureInfo_v2,                                                                    \
    (hipStream_t stream, hipStreamCaptureStatus * captureStatus_out, unsigned long long *id_out,   \
     hipGraph_t *graph_out, const hipGraphNode_t **dependencies_out, size_t *numDependencies_out), \
    (stream, captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out), "")     \
  X(hipStreamUpdateCaptureDependencies,                                                            \
    (hipStream_t stream, hipGraphNode_t * dependencies, size_t numDependencies,                    \
     unsigned int flags),                                                                          \
    (stream, dependencies, numDependencies, flags), "")                                            \
  X(hipStreamBeginCaptureToGraph,                                                                  \
    (hipStream_t stream, hipGraph_t graph, const hipGraphNode_t *dependencies,                     \
     const hipGraphEdgeData *dependencyData, size_t numDependencies, hipStreamCaptureMode mode),   \
    (stream, graph, dependencies, dependencyData, numDependencies, mode), "")

#endif /* HIPNV_API_CALLS_H */
