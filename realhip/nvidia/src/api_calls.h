/*
 * api_calls.h: every HIP function hip-nvidia exports, in two lists.
 *
 * HIPNV_TRANSLATED_CALLS names the functions written out in the other files,
 * each over its driver call; HIPNV_UNSUPPORTED_CALLS gives, for the rest of
 * what <hip/hip_runtime_api.h> declares, the signature and the reason that
 * unsupported.c turns into a definition answering hipErrorNotSupported (an
 * empty reason says "<name> is not translated by hip-nvidia"). Together they
 * are hipGetProcAddress's table, and the tests check that they cover every
 * function the header declares. A function the header gains goes in the
 * second list until it is translated, then moves to the first.
 */
#ifndef HIPNV_API_CALLS_H
#define HIPNV_API_CALLS_H

#define HIPNV_TRANSLATED_CALLS(X)                                                                  \
  /* init.c, errors.c */                                                                           \
  X(hipInit)                                                                                       \
  X(hipDriverGetVersion)                                                                           \
  X(hipRuntimeGetVersion)                                                                          \
  X(hipGetErrorName)                                                                               \
  X(hipGetErrorString)                                                                             \
  X(hipGetLastError)                                                                               \
  X(hipPeekAtLastError)                                                                            \
  /* context.c */                                                                                  \
  X(hipSetDevice)                                                                                  \
  X(hipGetDevice)                                                                                  \
  X(hipDeviceSynchronize)                                                                          \
  X(hipDeviceReset)                                                                                \
  X(hipCtxGetCurrent)                                                                              \
  X(hipCtxSetCurrent)                                                                              \
  X(hipCtxPushCurrent)                                                                             \
  X(hipCtxPopCurrent)                                                                              \
  X(hipCtxGetDevice)                                                                               \
  X(hipCtxSynchronize)                                                                             \
  X(hipDevicePrimaryCtxRetain)                                                                     \
  X(hipDevicePrimaryCtxRelease)                                                                    \
  X(hipDevicePrimaryCtxGetState)                                                                   \
  X(hipDevicePrimaryCtxReset)                                                                      \
  /* device.c, attributes.c, properties.c */                                                       \
  X(hipGetDeviceCount)                                                                             \
  X(hipDeviceGet)                                                                                  \
  X(hipDeviceGetName)                                                                              \
  X(hipDeviceGetUuid)                                                                              \
  X(hipDeviceGetPCIBusId)                                                                          \
  X(hipDeviceTotalMem)                                                                             \
  X(hipDeviceComputeCapability)                                                                    \
  X(hipDeviceCanAccessPeer)                                                                        \
  X(hipDeviceGetP2PAttribute)                                                                      \
  X(hipDeviceEnablePeerAccess)                                                                     \
  X(hipDeviceDisablePeerAccess)                                                                    \
  X(hipDeviceGetStreamPriorityRange)                                                               \
  X(hipDeviceGetAttribute)                                                                         \
  X(hipGetDevicePropertiesR0600)                                                                   \
  /* memory.c */                                                                                   \
  X(hipMalloc)                                                                                     \
  X(hipFree)                                                                                       \
  X(hipMemGetInfo)                                                                                 \
  X(hipMallocManaged)                                                                              \
  X(hipMallocAsync)                                                                                \
  X(hipFreeAsync)                                                                                  \
  X(hipHostMalloc)                                                                                 \
  X(hipHostFree)                                                                                   \
  X(hipMemGetAddressRange)                                                                         \
  X(hipPointerGetAttributes)                                                                       \
  X(hipMemGetHandleForAddressRange)                                                                \
  /* copy.c */                                                                                     \
  X(hipMemcpy)                                                                                     \
  X(hipMemcpyAsync)                                                                                \
  X(hipMemcpyHtoD)                                                                                 \
  X(hipMemcpyDtoH)                                                                                 \
  X(hipMemcpyDtoD)                                                                                 \
  X(hipMemcpyHtoDAsync)                                                                            \
  X(hipMemcpyDtoHAsync)                                                                            \
  X(hipMemcpyDtoDAsync)                                                                            \
  X(hipMemcpyPeer)                                                                                 \
  X(hipMemcpyPeerAsync)                                                                            \
  X(hipMemset)                                                                                     \
  X(hipMemsetAsync)                                                                                \
  X(hipMemsetD8)                                                                                   \
  X(hipMemsetD8Async)                                                                              \
  X(hipMemsetD16)                                                                                  \
  X(hipMemsetD16Async)                                                                             \
  X(hipMemsetD32)                                                                                  \
  X(hipMemsetD32Async)                                                                             \
  /* stream.c, event.c, capture.c */                                                               \
  X(hipStreamCreate)                                                                               \
  X(hipStreamCreateWithFlags)                                                                      \
  X(hipStreamCreateWithPriority)                                                                   \
  X(hipStreamDestroy)                                                                              \
  X(hipStreamSynchronize)                                                                          \
  X(hipStreamQuery)                                                                                \
  X(hipStreamWaitEvent)                                                                            \
  X(hipStreamGetFlags)                                                                             \
  X(hipStreamGetPriority)                                                                          \
  X(hipStreamGetDevice)                                                                            \
  X(hipEventCreate)                                                                                \
  X(hipEventCreateWithFlags)                                                                       \
  X(hipEventRecord)                                                                                \
  X(hipEventQuery)                                                                                 \
  X(hipEventSynchronize)                                                                           \
  X(hipEventElapsedTime)                                                                           \
  X(hipEventDestroy)                                                                               \
  X(hipStreamBeginCapture)                                                                         \
  X(hipStreamEndCapture)                                                                           \
  X(hipStreamIsCapturing)                                                                          \
  X(hipStreamGetCaptureInfo)                                                                       \
  X(hipThreadExchangeStreamCaptureMode)                                                            \
  X(hipGraphDestroy)                                                                               \
  /* vmm.c */                                                                                      \
  X(hipMemAddressReserve)                                                                          \
  X(hipMemAddressFree)                                                                             \
  X(hipMemCreate)                                                                                  \
  X(hipMemRelease)                                                                                 \
  X(hipMemMap)                                                                                     \
  X(hipMemUnmap)                                                                                   \
  X(hipMemSetAccess)                                                                               \
  X(hipMemGetAccess)                                                                               \
  X(hipMemGetAllocationGranularity)                                                                \
  X(hipMemGetAllocationPropertiesFromHandle)                                                       \
  X(hipMemRetainAllocationHandle)                                                                  \
  X(hipMemExportToShareableHandle)                                                                 \
  X(hipMemImportFromShareableHandle)                                                               \
  X(hipMemMapArrayAsync)                                                                           \
  /* proc_address.c */                                                                             \
  X(hipGetProcAddress)

/* X(name, params, args, reason) */
#define HIPNV_UNSUPPORTED_CALLS(X)                                                                 \
  X(hipExtMallocWithFlags, (void **ptr, size_t sizeBytes, unsigned int flags),                     \
    (ptr, sizeBytes, flags),                                                                       \
    "hipExtMallocWithFlags is ROCm-only: CUDA has no allocator for AMD's fine-grained, uncached "  \
    "or signal memory (hipMalloc is translated)")

#endif /* HIPNV_API_CALLS_H */
