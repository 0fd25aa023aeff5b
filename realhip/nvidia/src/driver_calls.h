/*
 * driver_calls.h: every CUDA driver function hip-nvidia calls, in one list.
 *
 *   X(name, symbol, params, args)
 *
 * name is the function's name in cuda.h and in hip-nvidia (which calls it as
 * hipnv__<name>); symbol is what libcuda.so.1 exports for that ABI version
 * (cuda.h maps cuMemAlloc to cuMemAlloc_v2 the same way); params and args
 * are its parameter list and the same names as arguments. driver.c builds
 * its table, its loader and its checked callers from this list, and the
 * fake driver of the tests declares its exports from it, so the three cannot
 * disagree on a name or a signature.
 */
#ifndef HIPNV_DRIVER_CALLS_H
#define HIPNV_DRIVER_CALLS_H

#include "cuda_driver.h"

#define HIPNV_DRIVER_CALLS(X)                                                                      \
  /* initialisation and versions */                                                                \
  X(cuInit, cuInit, (unsigned int flags), (flags))                                                 \
  X(cuDriverGetVersion, cuDriverGetVersion, (int *driverVersion), (driverVersion))                 \
  /* devices */                                                                                    \
  X(cuDeviceGet, cuDeviceGet, (CUdevice * device, int ordinal), (device, ordinal))                 \
  X(cuDeviceGetCount, cuDeviceGetCount, (int *count), (count))                                     \
  X(cuDeviceGetName, cuDeviceGetName, (char *name, int len, CUdevice dev), (name, len, dev))       \
  X(cuDeviceGetUuid, cuDeviceGetUuid, (CUuuid * uuid, CUdevice dev), (uuid, dev))                  \
  X(cuDeviceGetUuid_v2, cuDeviceGetUuid_v2, (CUuuid * uuid, CUdevice dev), (uuid, dev))            \
  X(cuDeviceTotalMem, cuDeviceTotalMem_v2, (size_t * bytes, CUdevice dev), (bytes, dev))           \
  X(cuDeviceGetAttribute, cuDeviceGetAttribute,                                                    \
    (int *pi, CUdevice_attribute attrib, CUdevice dev), (pi, attrib, dev))                         \
  X(cuDeviceGetPCIBusId, cuDeviceGetPCIBusId, (char *pciBusId, int len, CUdevice dev),             \
    (pciBusId, len, dev))                                                                          \
  X(cuDeviceCanAccessPeer, cuDeviceCanAccessPeer,                                                  \
    (int *canAccessPeer, CUdevice dev, CUdevice peerDev), (canAccessPeer, dev, peerDev))           \
  X(cuDeviceGetP2PAttribute, cuDeviceGetP2PAttribute,                                              \
    (int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice, CUdevice dstDevice),            \
    (value, attrib, srcDevice, dstDevice))                                                         \
  /* contexts */                                                                                   \
  X(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain, (CUcontext * pctx, CUdevice dev),          \
    (pctx, dev))                                                                                   \
  X(cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2, (CUdevice dev), (dev))                \
  X(cuDevicePrimaryCtxReset, cuDevicePrimaryCtxReset_v2, (CUdevice dev), (dev))                    \
  X(cuDevicePrimaryCtxGetState, cuDevicePrimaryCtxGetState,                                        \
    (CUdevice dev, unsigned int *flags, int *active), (dev, flags, active))                        \
  X(cuCtxGetCurrent, cuCtxGetCurrent, (CUcontext * pctx), (pctx))                                  \
  X(cuCtxSetCurrent, cuCtxSetCurrent, (CUcontext ctx), (ctx))                                      \
  X(cuCtxPushCurrent, cuCtxPushCurrent_v2, (CUcontext ctx), (ctx))                                 \
  X(cuCtxPopCurrent, cuCtxPopCurrent_v2, (CUcontext * pctx), (pctx))                               \
  X(cuCtxGetDevice, cuCtxGetDevice, (CUdevice * device), (device))                                 \
  X(cuCtxSynchronize, cuCtxSynchronize, (void), ())                                                \
  X(cuCtxEnablePeerAccess, cuCtxEnablePeerAccess, (CUcontext peerContext, unsigned int Flags),     \
    (peerContext, Flags))                                                                          \
  X(cuCtxDisablePeerAccess, cuCtxDisablePeerAccess, (CUcontext peerContext), (peerContext))        \
  X(cuCtxGetStreamPriorityRange, cuCtxGetStreamPriorityRange,                                      \
    (int *leastPriority, int *greatestPriority), (leastPriority, greatestPriority))                \
  X(cuCtxCreate, cuCtxCreate_v2, (CUcontext * pctx, unsigned int flags, CUdevice dev),             \
    (pctx, flags, dev))                                                                            \
  X(cuCtxDestroy, cuCtxDestroy_v2, (CUcontext ctx), (ctx))                                         \
  /* ordinary memory */                                                                            \
  X(cuMemGetInfo, cuMemGetInfo_v2, (size_t * free, size_t * total), (free, total))                 \
  X(cuMemAlloc, cuMemAlloc_v2, (CUdeviceptr * dptr, size_t bytesize), (dptr, bytesize))            \
  X(cuMemFree, cuMemFree_v2, (CUdeviceptr dptr), (dptr))                                           \
  X(cuMemAllocManaged, cuMemAllocManaged,                                                          \
    (CUdeviceptr * dptr, size_t bytesize, unsigned int flags), (dptr, bytesize, flags))            \
  X(cuMemAllocAsync, cuMemAllocAsync, (CUdeviceptr * dptr, size_t bytesize, CUstream hStream),     \
    (dptr, bytesize, hStream))                                                                     \
  X(cuMemFreeAsync, cuMemFreeAsync, (CUdeviceptr dptr, CUstream hStream), (dptr, hStream))         \
  X(cuMemHostAlloc, cuMemHostAlloc, (void **pp, size_t bytesize, unsigned int Flags),              \
    (pp, bytesize, Flags))                                                                         \
  X(cuMemFreeHost, cuMemFreeHost, (void *p), (p))                                                  \
  X(cuMemGetAddressRange, cuMemGetAddressRange_v2,                                                 \
    (CUdeviceptr * pbase, size_t * psize, CUdeviceptr dptr), (pbase, psize, dptr))                 \
  X(cuPointerGetAttributes, cuPointerGetAttributes,                                                \
    (unsigned int numAttributes, CUpointer_attribute *attributes, void **data, CUdeviceptr ptr),   \
    (numAttributes, attributes, data, ptr))                                                        \
  /* stream-ordered memory pools */                                                                \
  X(cuDeviceGetDefaultMemPool, cuDeviceGetDefaultMemPool, (CUmemoryPool * pool_out, CUdevice dev), \
    (pool_out, dev))                                                                               \
  X(cuDeviceSetMemPool, cuDeviceSetMemPool, (CUdevice dev, CUmemoryPool pool), (dev, pool))        \
  X(cuDeviceGetMemPool, cuDeviceGetMemPool, (CUmemoryPool * pool, CUdevice dev), (pool, dev))      \
  X(cuMemPoolCreate, cuMemPoolCreate, (CUmemoryPool * pool, const CUmemPoolProps *poolProps),      \
    (pool, poolProps))                                                                             \
  X(cuMemPoolDestroy, cuMemPoolDestroy, (CUmemoryPool pool), (pool))                               \
  X(cuMemPoolSetAttribute, cuMemPoolSetAttribute,                                                  \
    (CUmemoryPool pool, CUmemPool_attribute attr, void *value), (pool, attr, value))               \
  X(cuMemPoolGetAttribute, cuMemPoolGetAttribute,                                                  \
    (CUmemoryPool pool, CUmemPool_attribute attr, void *value), (pool, attr, value))               \
  X(cuMemPoolSetAccess, cuMemPoolSetAccess,                                                        \
    (CUmemoryPool pool, const CUmemAccessDesc *map, size_t count), (pool, map, count))             \
  X(cuMemPoolGetAccess, cuMemPoolGetAccess,                                                        \
    (CUmemAccess_flags * flags, CUmemoryPool memPool, CUmemLocation * location),                   \
    (flags, memPool, location))                                                                    \
  X(cuMemPoolTrimTo, cuMemPoolTrimTo, (CUmemoryPool pool, size_t minBytesToKeep),                  \
    (pool, minBytesToKeep))                                                                        \
  X(cuMemAllocFromPoolAsync, cuMemAllocFromPoolAsync,                                              \
    (CUdeviceptr * dptr, size_t bytesize, CUmemoryPool pool, CUstream hStream),                    \
    (dptr, bytesize, pool, hStream))                                                               \
  X(cuMemPoolExportToShareableHandle, cuMemPoolExportToShareableHandle,                            \
    (void *handle_out, CUmemoryPool pool, CUmemAllocationHandleType handleType,                    \
     unsigned long long flags),                                                                    \
    (handle_out, pool, handleType, flags))                                                         \
  X(cuMemPoolImportFromShareableHandle, cuMemPoolImportFromShareableHandle,                        \
    (CUmemoryPool * pool_out, void *handle, CUmemAllocationHandleType handleType,                  \
     unsigned long long flags),                                                                    \
    (pool_out, handle, handleType, flags))                                                         \
  X(cuMemPoolExportPointer, cuMemPoolExportPointer,                                                \
    (CUmemPoolPtrExportData * shareData_out, CUdeviceptr ptr), (shareData_out, ptr))               \
  X(cuMemPoolImportPointer, cuMemPoolImportPointer,                                                \
    (CUdeviceptr * ptr_out, CUmemoryPool pool, CUmemPoolPtrExportData * shareData),                \
    (ptr_out, pool, shareData))                                                                    \
  /* copies and sets */                                                                            \
  X(cuMemcpy, cuMemcpy, (CUdeviceptr dst, CUdeviceptr src, size_t ByteCount),                      \
    (dst, src, ByteCount))                                                                         \
  X(cuMemcpyAsync, cuMemcpyAsync,                                                                  \
    (CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream),                        \
    (dst, src, ByteCount, hStream))                                                                \
  X(cuMemcpyHtoD, cuMemcpyHtoD_v2, (CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount), \
    (dstDevice, srcHost, ByteCount))                                                               \
  X(cuMemcpyDtoH, cuMemcpyDtoH_v2, (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount),       \
    (dstHost, srcDevice, ByteCount))                                                               \
  X(cuMemcpyDtoD, cuMemcpyDtoD_v2,                                                                 \
    (CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount),                              \
    (dstDevice, srcDevice, ByteCount))                                                             \
  X(cuMemcpyHtoDAsync, cuMemcpyHtoDAsync_v2,                                                       \
    (CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount, CUstream hStream),              \
    (dstDevice, srcHost, ByteCount, hStream))                                                      \
  X(cuMemcpyDtoHAsync, cuMemcpyDtoHAsync_v2,                                                       \
    (void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream),                    \
    (dstHost, srcDevice, ByteCount, hStream))                                                      \
  X(cuMemcpyDtoDAsync, cuMemcpyDtoDAsync_v2,                                                       \
    (CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream),            \
    (dstDevice, srcDevice, ByteCount, hStream))                                                    \
  X(cuMemcpyPeer, cuMemcpyPeer,                                                                    \
    (CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,     \
     size_t ByteCount),                                                                            \
    (dstDevice, dstContext, srcDevice, srcContext, ByteCount))                                     \
  X(cuMemcpyPeerAsync, cuMemcpyPeerAsync,                                                          \
    (CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice, CUcontext srcContext,     \
     size_t ByteCount, CUstream hStream),                                                          \
    (dstDevice, dstContext, srcDevice, srcContext, ByteCount, hStream))                            \
  X(cuMemsetD8, cuMemsetD8_v2, (CUdeviceptr dstDevice, unsigned char uc, size_t N),                \
    (dstDevice, uc, N))                                                                            \
  X(cuMemsetD16, cuMemsetD16_v2, (CUdeviceptr dstDevice, unsigned short us, size_t N),             \
    (dstDevice, us, N))                                                                            \
  X(cuMemsetD32, cuMemsetD32_v2, (CUdeviceptr dstDevice, unsigned int ui, size_t N),               \
    (dstDevice, ui, N))                                                                            \
  X(cuMemsetD8Async, cuMemsetD8Async,                                                              \
    (CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream),                         \
    (dstDevice, uc, N, hStream))                                                                   \
  X(cuMemsetD16Async, cuMemsetD16Async,                                                            \
    (CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream),                        \
    (dstDevice, us, N, hStream))                                                                   \
  X(cuMemsetD32Async, cuMemsetD32Async,                                                            \
    (CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream),                          \
    (dstDevice, ui, N, hStream))                                                                   \
  /* arrays, mipmapped arrays, pitched memory and 2D/3D copies */                                  \
  X(cuArrayCreate, cuArrayCreate_v2,                                                               \
    (CUarray * pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray), (pHandle, pAllocateArray))   \
  X(cuArray3DCreate, cuArray3DCreate_v2,                                                           \
    (CUarray * pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray), (pHandle, pAllocateArray)) \
  X(cuArrayDestroy, cuArrayDestroy, (CUarray hArray), (hArray))                                    \
  X(cuArrayGetDescriptor, cuArrayGetDescriptor_v2,                                                 \
    (CUDA_ARRAY_DESCRIPTOR * pArrayDescriptor, CUarray hArray), (pArrayDescriptor, hArray))        \
  X(cuArray3DGetDescriptor, cuArray3DGetDescriptor_v2,                                             \
    (CUDA_ARRAY3D_DESCRIPTOR * pArrayDescriptor, CUarray hArray), (pArrayDescriptor, hArray))      \
  X(cuMipmappedArrayCreate, cuMipmappedArrayCreate,                                                \
    (CUmipmappedArray * pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,               \
     unsigned int numMipmapLevels),                                                                \
    (pHandle, pMipmappedArrayDesc, numMipmapLevels))                                               \
  X(cuMipmappedArrayGetLevel, cuMipmappedArrayGetLevel,                                            \
    (CUarray * pLevelArray, CUmipmappedArray hMipmappedArray, unsigned int level),                 \
    (pLevelArray, hMipmappedArray, level))                                                         \
  X(cuMipmappedArrayDestroy, cuMipmappedArrayDestroy, (CUmipmappedArray hMipmappedArray),          \
    (hMipmappedArray))                                                                             \
  X(cuMemAllocPitch, cuMemAllocPitch_v2,                                                           \
    (CUdeviceptr * dptr, size_t * pPitch, size_t WidthInBytes, size_t Height,                      \
     unsigned int ElementSizeBytes),                                                               \
    (dptr, pPitch, WidthInBytes, Height, ElementSizeBytes))                                        \
  X(cuMemcpy2D, cuMemcpy2D_v2, (const CUDA_MEMCPY2D *pCopy), (pCopy))                              \
  X(cuMemcpy2DAsync, cuMemcpy2DAsync_v2, (const CUDA_MEMCPY2D *pCopy, CUstream hStream),           \
    (pCopy, hStream))                                                                              \
  X(cuMemcpy2DUnaligned, cuMemcpy2DUnaligned_v2, (const CUDA_MEMCPY2D *pCopy), (pCopy))            \
  X(cuMemcpy3D, cuMemcpy3D_v2, (const CUDA_MEMCPY3D *pCopy), (pCopy))                              \
  X(cuMemcpy3DAsync, cuMemcpy3DAsync_v2, (const CUDA_MEMCPY3D *pCopy, CUstream hStream),           \
    (pCopy, hStream))                                                                              \
  X(cuMemcpyHtoA, cuMemcpyHtoA_v2,                                                                 \
    (CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount),                   \
    (dstArray, dstOffset, srcHost, ByteCount))                                                     \
  X(cuMemcpyAtoH, cuMemcpyAtoH_v2,                                                                 \
    (void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount),                         \
    (dstHost, srcArray, srcOffset, ByteCount))                                                     \
  X(cuMemcpyAtoD, cuMemcpyAtoD_v2,                                                                 \
    (CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset, size_t ByteCount),                 \
    (dstDevice, srcArray, srcOffset, ByteCount))                                                   \
  X(cuMemcpyDtoA, cuMemcpyDtoA_v2,                                                                 \
    (CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice, size_t ByteCount),                 \
    (dstArray, dstOffset, srcDevice, ByteCount))                                                   \
  X(cuMemcpyAtoA, cuMemcpyAtoA_v2,                                                                 \
    (CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset, size_t ByteCount),    \
    (dstArray, dstOffset, srcArray, srcOffset, ByteCount))                                         \
  X(cuMemcpyHtoAAsync, cuMemcpyHtoAAsync_v2,                                                       \
    (CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount, CUstream hStream), \
    (dstArray, dstOffset, srcHost, ByteCount, hStream))                                            \
  X(cuMemcpyAtoHAsync, cuMemcpyAtoHAsync_v2,                                                       \
    (void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount, CUstream hStream),       \
    (dstHost, srcArray, srcOffset, ByteCount, hStream))                                            \
  /* streams and events */                                                                         \
  X(cuStreamCreate, cuStreamCreate, (CUstream * phStream, unsigned int Flags), (phStream, Flags))  \
  X(cuStreamCreateWithPriority, cuStreamCreateWithPriority,                                        \
    (CUstream * phStream, unsigned int flags, int priority), (phStream, flags, priority))          \
  X(cuStreamDestroy, cuStreamDestroy_v2, (CUstream hStream), (hStream))                            \
  X(cuStreamSynchronize, cuStreamSynchronize, (CUstream hStream), (hStream))                       \
  X(cuStreamQuery, cuStreamQuery, (CUstream hStream), (hStream))                                   \
  X(cuStreamWaitEvent, cuStreamWaitEvent, (CUstream hStream, CUevent hEvent, unsigned int Flags),  \
    (hStream, hEvent, Flags))                                                                      \
  X(cuStreamGetFlags, cuStreamGetFlags, (CUstream hStream, unsigned int *flags), (hStream, flags)) \
  X(cuStreamGetPriority, cuStreamGetPriority, (CUstream hStream, int *priority),                   \
    (hStream, priority))                                                                           \
  X(cuStreamGetCtx, cuStreamGetCtx, (CUstream hStream, CUcontext * pctx), (hStream, pctx))         \
  X(cuEventCreate, cuEventCreate, (CUevent * phEvent, unsigned int Flags), (phEvent, Flags))       \
  X(cuEventRecord, cuEventRecord, (CUevent hEvent, CUstream hStream), (hEvent, hStream))           \
  X(cuEventQuery, cuEventQuery, (CUevent hEvent), (hEvent))                                        \
  X(cuEventSynchronize, cuEventSynchronize, (CUevent hEvent), (hEvent))                            \
  X(cuEventElapsedTime, cuEventElapsedTime, (float *pMilliseconds, CUevent hStart, CUevent hEnd),  \
    (pMilliseconds, hStart, hEnd))                                                                 \
  X(cuEventDestroy, cuEventDestroy_v2, (CUevent hEvent), (hEvent))                                 \
  /* stream capture */                                                                             \
  X(cuStreamBeginCapture, cuStreamBeginCapture_v2, (CUstream hStream, CUstreamCaptureMode mode),   \
    (hStream, mode))                                                                               \
  X(cuStreamEndCapture, cuStreamEndCapture, (CUstream hStream, CUgraph * phGraph),                 \
    (hStream, phGraph))                                                                            \
  X(cuStreamIsCapturing, cuStreamIsCapturing,                                                      \
    (CUstream hStream, CUstreamCaptureStatus * captureStatus), (hStream, captureStatus))           \
  X(cuStreamGetCaptureInfo, cuStreamGetCaptureInfo_v2,                                             \
    (CUstream hStream, CUstreamCaptureStatus * captureStatus_out, cuuint64_t * id_out,             \
     CUgraph * graph_out, const CUgraphNode **dependencies_out, size_t *numDependencies_out),      \
    (hStream, captureStatus_out, id_out, graph_out, dependencies_out, numDependencies_out))        \
  X(cuThreadExchangeStreamCaptureMode, cuThreadExchangeStreamCaptureMode,                          \
    (CUstreamCaptureMode * mode), (mode))                                                          \
  X(cuGraphDestroy, cuGraphDestroy, (CUgraph hGraph), (hGraph))                                    \
  /* graphs */                                                                                     \
  X(cuGraphCreate, cuGraphCreate, (CUgraph * phGraph, unsigned int flags), (phGraph, flags))       \
  X(cuGraphAddEmptyNode, cuGraphAddEmptyNode,                                                      \
    (CUgraphNode * phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,                   \
     size_t numDependencies),                                                                      \
    (phGraphNode, hGraph, dependencies, numDependencies))                                          \
  X(cuGraphAddMemcpyNode, cuGraphAddMemcpyNode,                                                    \
    (CUgraphNode * phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,                   \
     size_t numDependencies, const CUDA_MEMCPY3D *copyParams, CUcontext ctx),                      \
    (phGraphNode, hGraph, dependencies, numDependencies, copyParams, ctx))                         \
  X(cuGraphAddMemsetNode, cuGraphAddMemsetNode,                                                    \
    (CUgraphNode * phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,                   \
     size_t numDependencies, const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx),          \
    (phGraphNode, hGraph, dependencies, numDependencies, memsetParams, ctx))                       \
  X(cuGraphAddDependencies, cuGraphAddDependencies,                                                \
    (CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to, size_t numDependencies),      \
    (hGraph, from, to, numDependencies))                                                           \
  X(cuGraphGetNodes, cuGraphGetNodes, (CUgraph hGraph, CUgraphNode * nodes, size_t * numNodes),    \
    (hGraph, nodes, numNodes))                                                                     \
  X(cuGraphGetRootNodes, cuGraphGetRootNodes,                                                      \
    (CUgraph hGraph, CUgraphNode * rootNodes, size_t * numRootNodes),                              \
    (hGraph, rootNodes, numRootNodes))                                                             \
  X(cuGraphNodeGetType, cuGraphNodeGetType, (CUgraphNode hNode, CUgraphNodeType * type),           \
    (hNode, type))                                                                                 \
  X(cuGraphInstantiateWithFlags, cuGraphInstantiateWithFlags,                                      \
    (CUgraphExec * phGraphExec, CUgraph hGraph, unsigned long long flags),                         \
    (phGraphExec, hGraph, flags))                                                                  \
  X(cuGraphLaunch, cuGraphLaunch, (CUgraphExec hGraphExec, CUstream hStream),                      \
    (hGraphExec, hStream))                                                                         \
  X(cuGraphExecDestroy, cuGraphExecDestroy, (CUgraphExec hGraphExec), (hGraphExec))                \
  /* modules, kernels and kernel nodes (the nodes' _v2 calls are CUDA 12.0's) */                   \
  X(cuModuleLoad, cuModuleLoad, (CUmodule * module, const char *fname), (module, fname))           \
  X(cuModuleLoadData, cuModuleLoadData, (CUmodule * module, const void *image), (module, image))   \
  X(cuModuleUnload, cuModuleUnload, (CUmodule hmod), (hmod))                                       \
  X(cuModuleGetFunction, cuModuleGetFunction,                                                      \
    (CUfunction * hfunc, CUmodule hmod, const char *name), (hfunc, hmod, name))                    \
  X(cuModuleGetGlobal, cuModuleGetGlobal_v2,                                                       \
    (CUdeviceptr * dptr, size_t * bytes, CUmodule hmod, const char *name),                         \
    (dptr, bytes, hmod, name))                                                                     \
  X(cuLaunchKernel, cuLaunchKernel,                                                                \
    (CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,            \
     unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,                       \
     unsigned int sharedMemBytes, CUstream hStream, void **kernelParams, void **extra),            \
    (f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, hStream,    \
     kernelParams, extra))                                                                         \
  X(cuFuncSetCacheConfig, cuFuncSetCacheConfig, (CUfunction hfunc, CUfunc_cache config),           \
    (hfunc, config))                                                                               \
  X(cuFuncSetSharedMemConfig, cuFuncSetSharedMemConfig, (CUfunction hfunc, CUsharedconfig config), \
    (hfunc, config))                                                                               \
  X(cuKernelGetFunction, cuKernelGetFunction, (CUfunction * pFunc, CUkernel kernel),               \
    (pFunc, kernel))                                                                               \
  X(cuGraphAddKernelNode, cuGraphAddKernelNode_v2,                                                 \
    (CUgraphNode * phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,                   \
     size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS *nodeParams),                           \
    (phGraphNode, hGraph, dependencies, numDependencies, nodeParams))                              \
  X(cuGraphKernelNodeGetParams, cuGraphKernelNodeGetParams_v2,                                     \
    (CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS * nodeParams), (hNode, nodeParams))                \
  X(cuGraphKernelNodeSetParams, cuGraphKernelNodeSetParams_v2,                                     \
    (CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams), (hNode, nodeParams))           \
  X(cuGraphExecKernelNodeSetParams, cuGraphExecKernelNodeSetParams_v2,                             \
    (CUgraphExec hGraphExec, CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams),        \
    (hGraphExec, hNode, nodeParams))                                                               \
  /* virtual memory management */                                                                  \
  X(cuMemAddressReserve, cuMemAddressReserve,                                                      \
    (CUdeviceptr * ptr, size_t size, size_t alignment, CUdeviceptr addr,                           \
     unsigned long long flags),                                                                    \
    (ptr, size, alignment, addr, flags))                                                           \
  X(cuMemAddressFree, cuMemAddressFree, (CUdeviceptr ptr, size_t size), (ptr, size))               \
  X(cuMemCreate, cuMemCreate,                                                                      \
    (CUmemGenericAllocationHandle * handle, size_t size, const CUmemAllocationProp *prop,          \
     unsigned long long flags),                                                                    \
    (handle, size, prop, flags))                                                                   \
  X(cuMemRelease, cuMemRelease, (CUmemGenericAllocationHandle handle), (handle))                   \
  X(cuMemMap, cuMemMap,                                                                            \
    (CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,             \
     unsigned long long flags),                                                                    \
    (ptr, size, offset, handle, flags))                                                            \
  X(cuMemUnmap, cuMemUnmap, (CUdeviceptr ptr, size_t size), (ptr, size))                           \
  X(cuMemSetAccess, cuMemSetAccess,                                                                \
    (CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count),                     \
    (ptr, size, desc, count))                                                                      \
  X(cuMemGetAccess, cuMemGetAccess,                                                                \
    (unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr),                   \
    (flags, location, ptr))                                                                        \
  X(cuMemGetAllocationGranularity, cuMemGetAllocationGranularity,                                  \
    (size_t * granularity, const CUmemAllocationProp *prop,                                        \
     CUmemAllocationGranularity_flags option),                                                     \
    (granularity, prop, option))                                                                   \
  X(cuMemGetAllocationPropertiesFromHandle, cuMemGetAllocationPropertiesFromHandle,                \
    (CUmemAllocationProp * prop, CUmemGenericAllocationHandle handle), (prop, handle))             \
  X(cuMemRetainAllocationHandle, cuMemRetainAllocationHandle,                                      \
    (CUmemGenericAllocationHandle * handle, void *addr), (handle, addr))                           \
  X(cuMemExportToShareableHandle, cuMemExportToShareableHandle,                                    \
    (void *shareableHandle, CUmemGenericAllocationHandle handle,                                   \
     CUmemAllocationHandleType handleType, unsigned long long flags),                              \
    (shareableHandle, handle, handleType, flags))                                                  \
  X(cuMemImportFromShareableHandle, cuMemImportFromShareableHandle,                                \
    (CUmemGenericAllocationHandle * handle, void *osHandle,                                        \
     CUmemAllocationHandleType shHandleType),                                                      \
    (handle, osHandle, shHandleType))                                                              \
  X(cuMemMapArrayAsync, cuMemMapArrayAsync,                                                        \
    (CUarrayMapInfo * mapInfoList, unsigned int count, CUstream hStream),                          \
    (mapInfoList, count, hStream))                                                                 \
  X(cuMemGetHandleForAddressRange, cuMemGetHandleForAddressRange,                                  \
    (void *handle, CUdeviceptr dptr, size_t size, CUmemRangeHandleType handleType,                 \
     unsigned long long flags),                                                                    \
    (handle, dptr, size, handleType, flags))

#endif /* HIPNV_DRIVER_CALLS_H */
