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

/* Stream-ordered memory pools: the driver has them (cuMemPool*, cuDeviceGetDefaultMemPool),
   but hip-nvidia does not translate them yet; hipMallocAsync and hipFreeAsync are. */
#define HIPNV_POOLS_REASON                                                                         \
  "memory pools are not translated by hip-nvidia yet (the CUDA driver's cuMemPool* calls would "   \
  "serve them); hipMallocAsync and hipFreeAsync on the device's current pool are"

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
  X(hipLaunchKernel,                                                                               \
    (const void *hostFunction, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMemBytes,    \
     hipStream_t stream),                                                                          \
    (hostFunction, gridDim.x, blockDim.x, args, sharedMemBytes, stream),                           \
    "hipLaunchKernel needs device code for the GPU, which a host compiler does not make: build "   \
    "kernels with nvcc (or hipcc) for HIP on NVIDIA; mockhip runs host-compiled kernels on the "   \
    "CPU")                                                                                         \
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
  X(hipStreamAddCallback,                                                                          \
    (hipStream_t stream, hipStreamCallback_t callback, void *userData, unsigned int flags),        \
    (stream, callback, userData, flags), "")                                                       \
  X(hipLaunchHostFunc, (hipStream_t stream, hipHostFn_t fn, void *userData),                       \
    (stream, fn, userData), "")                                                                    \
  X(hipModuleLoad, (hipModule_t * module, const char *fname), (module, fname), "")                 \
  X(hipModuleLoadData, (hipModule_t * module, const void *image), (module, image), "")             \
  X(hipModuleUnload, (hipModule_t module), (module), "")                                           \
  X(hipModuleGetFunction, (hipFunction_t * function, hipModule_t module, const char *kname),       \
    (function, module, kname), "")                                                                 \
  X(hipModuleGetGlobal,                                                                            \
    (hipDeviceptr_t * dptr, size_t * bytes, hipModule_t hmod, const char *name),                   \
    (dptr, bytes, hmod, name), "")                                                                 \
  X(hipModuleLaunchKernel,                                                                         \
    (hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,         \
     unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,                       \
     unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams, void **extra),          \
    (f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,     \
     kernelParams, extra),                                                                         \
    "")                                                                                            \
  X(hipDeviceGetDefaultMemPool, (hipMemPool_t * mem_pool, int device), (mem_pool, device),         \
    HIPNV_POOLS_REASON)                                                                            \
  X(hipDeviceSetMemPool, (int device, hipMemPool_t mem_pool), (device, mem_pool),                  \
    HIPNV_POOLS_REASON)                                                                            \
  X(hipDeviceGetMemPool, (hipMemPool_t * mem_pool, int device), (mem_pool, device),                \
    HIPNV_POOLS_REASON)                                                                            \
  X(hipMemPoolCreate, (hipMemPool_t * mem_pool, const hipMemPoolProps *pool_props),                \
    (mem_pool, pool_props), HIPNV_POOLS_REASON)                                                    \
  X(hipMemPoolDestroy, (hipMemPool_t mem_pool), (mem_pool), HIPNV_POOLS_REASON)                    \
  X(hipMemPoolSetAttribute, (hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value),             \
    (mem_pool, attr, value), HIPNV_POOLS_REASON)                                                   \
  X(hipMemPoolGetAttribute, (hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value),             \
    (mem_pool, attr, value), HIPNV_POOLS_REASON)                                                   \
  X(hipMemPoolSetAccess, (hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count), \
    (mem_pool, desc_list, count), HIPNV_POOLS_REASON)                                              \
  X(hipMemPoolGetAccess,                                                                           \
    (hipMemAccessFlags * flags, hipMemPool_t mem_pool, hipMemLocation * location),                 \
    (flags, mem_pool, location), HIPNV_POOLS_REASON)                                               \
  X(hipMemPoolTrimTo, (hipMemPool_t mem_pool, size_t min_bytes_to_hold),                           \
    (mem_pool, min_bytes_to_hold), HIPNV_POOLS_REASON)                                             \
  X(hipMallocFromPoolAsync,                                                                        \
    (void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream),                      \
    (dev_ptr, size, mem_pool, stream), HIPNV_POOLS_REASON)                                         \
  X(hipMemPoolExportToShareableHandle,                                                             \
    (void *shared_handle, hipMemPool_t mem_pool, hipMemAllocationHandleType handle_type,           \
     unsigned int flags),                                                                          \
    (shared_handle, mem_pool, handle_type, flags), HIPNV_POOLS_REASON)                             \
  X(hipMemPoolImportFromShareableHandle,                                                           \
    (hipMemPool_t * mem_pool, void *shared_handle, hipMemAllocationHandleType handle_type,         \
     unsigned int flags),                                                                          \
    (mem_pool, shared_handle, handle_type, flags), HIPNV_POOLS_REASON)                             \
  X(hipMemPoolExportPointer, (hipMemPoolPtrExportData * export_data, void *dev_ptr),               \
    (export_data, dev_ptr), HIPNV_POOLS_REASON)                                                    \
  X(hipMemPoolImportPointer,                                                                       \
    (void **dev_ptr, hipMemPool_t mem_pool, hipMemPoolPtrExportData *export_data),                 \
    (dev_ptr, mem_pool, export_data), HIPNV_POOLS_REASON)                                          \
  X(hipMallocArray,                                                                                \
    (hipArray_t * array, const hipChannelFormatDesc *desc, size_t width, size_t height,            \
     unsigned int flags),                                                                          \
    (array, desc, width, height, flags),                                                           \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArrayCreate, (hipArray_t * pHandle, const HIP_ARRAY_DESCRIPTOR *pAllocateArray),            \
    (pHandle, pAllocateArray),                                                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArray3DCreate, (hipArray_t * array, const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray),          \
    (array, pAllocateArray),                                                                       \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMalloc3DArray,                                                                              \
    (hipArray_t * array, const struct hipChannelFormatDesc *desc, struct hipExtent extent,         \
     unsigned int flags),                                                                          \
    (array, desc, extent.width, flags),                                                            \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipFreeArray, (hipArray_t array), (array),                                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArrayDestroy, (hipArray_t array), (array),                                                  \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArrayGetInfo,                                                                               \
    (hipChannelFormatDesc * desc, hipExtent * extent, unsigned int *flags, hipArray_t array),      \
    (desc, extent, flags, array),                                                                  \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArrayGetDescriptor, (HIP_ARRAY_DESCRIPTOR * pArrayDescriptor, hipArray_t array),            \
    (pArrayDescriptor, array),                                                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipArray3DGetDescriptor, (HIP_ARRAY3D_DESCRIPTOR * pArrayDescriptor, hipArray_t array),        \
    (pArrayDescriptor, array),                                                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMallocPitch, (void **ptr, size_t *pitch, size_t width, size_t height),                      \
    (ptr, pitch, width, height),                                                                   \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMalloc3D, (hipPitchedPtr * pitchedDevPtr, hipExtent extent), (pitchedDevPtr, extent.width), \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpy2D,                                                                                   \
    (void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,        \
     hipMemcpyKind kind),                                                                          \
    (dst, dpitch, src, spitch, width, height, kind),                                               \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpy2DAsync,                                                                              \
    (void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,        \
     hipMemcpyKind kind, hipStream_t stream),                                                      \
    (dst, dpitch, src, spitch, width, height, kind, stream),                                       \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpyParam2D, (const hip_Memcpy2D *pCopy), (pCopy),                                        \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpyParam2DAsync, (const hip_Memcpy2D *pCopy, hipStream_t stream), (pCopy, stream),       \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpy2DToArray,                                                                            \
    (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, \
     size_t height, hipMemcpyKind kind),                                                           \
    (dst, wOffset, hOffset, src, spitch, width, height, kind),                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpy2DToArrayAsync,                                                                       \
    (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width, \
     size_t height, hipMemcpyKind kind, hipStream_t stream),                                       \
    (dst, wOffset, hOffset, src, spitch, width, height, kind, stream),                             \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpy2DFromArray,                                                                          \
    (void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset, size_t width, \
     size_t height, hipMemcpyKind kind),                                                           \
    (dst, dpitch, src, wOffset, hOffset, width, height, kind),                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpy2DFromArrayAsync,                                                                     \
    (void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset, size_t width, \
     size_t height, hipMemcpyKind kind, hipStream_t stream),                                       \
    (dst, dpitch, src, wOffset, hOffset, width, height, kind, stream),                             \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpyToArray,                                                                              \
    (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,                \
     hipMemcpyKind kind),                                                                          \
    (dst, wOffset, hOffset, src, count, kind),                                                     \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpyFromArray,                                                                            \
    (void *dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset, size_t count,           \
     hipMemcpyKind kind),                                                                          \
    (dst, srcArray, wOffset, hOffset, count, kind),                                                \
    "arrays are not translated by hip-nvidia: cuArray* would need CUDA_ARRAY3D_DESCRIPTOR and "    \
    "the copies CUDA_MEMCPY2D/3D; mockhip emulates them")                                          \
  X(hipMemcpy3D, (const struct hipMemcpy3DParms *p), (p),                                          \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMemcpy3DAsync, (const struct hipMemcpy3DParms *p, hipStream_t stream), (p, stream),         \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipDrvMemcpy3D, (const HIP_MEMCPY3D *pCopy), (pCopy),                                          \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipDrvMemcpy3DAsync, (const HIP_MEMCPY3D *pCopy, hipStream_t stream), (pCopy, stream),         \
    "pitched memory and its 2D/3D copies are not translated by hip-nvidia (cuMemAllocPitch, "      \
    "cuMemcpy2D, cuMemcpy3D); mockhip emulates them")                                              \
  X(hipMallocMipmappedArray,                                                                       \
    (hipMipmappedArray_t * mipmappedArray, const struct hipChannelFormatDesc *desc,                \
     struct hipExtent extent, unsigned int numLevels, unsigned int flags),                         \
    (mipmappedArray, desc, extent.width, numLevels, flags),                                        \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipFreeMipmappedArray, (hipMipmappedArray_t mipmappedArray), (mipmappedArray),                 \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipGetMipmappedArrayLevel,                                                                     \
    (hipArray_t * levelArray, hipMipmappedArray_const_t mipmappedArray, unsigned int level),       \
    (levelArray, mipmappedArray, level),                                                           \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipMipmappedArrayCreate,                                                                       \
    (hipMipmappedArray_t * pHandle, HIP_ARRAY3D_DESCRIPTOR * pMipmappedArrayDesc,                  \
     unsigned int numMipmapLevels),                                                                \
    (pHandle, pMipmappedArrayDesc, numMipmapLevels),                                               \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipMipmappedArrayDestroy, (hipMipmappedArray_t hMipmappedArray), (hMipmappedArray),            \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipMipmappedArrayGetLevel,                                                                     \
    (hipArray_t * pLevelArray, hipMipmappedArray_t hMipMappedArray, unsigned int level),           \
    (pLevelArray, hMipMappedArray, level),                                                         \
    "mipmapped arrays are not translated by hip-nvidia; ROCm on Linux has none either")            \
  X(hipGraphAddKernelNode,                                                                         \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, const hipKernelNodeParams *pNodeParams),                              \
    (pGraphNode, graph, pDependencies, numDependencies, pNodeParams),                              \
    "hipGraphAddKernelNode needs device code for the GPU (a CUfunction), which a host compiler "   \
    "does not make: build kernels with nvcc (or hipcc) for HIP on NVIDIA")

#endif /* HIPNV_API_CALLS_H */
