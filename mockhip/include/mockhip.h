/*
 * mockhip.h: what the CPU emulation offers beyond the HIP API.
 *
 * Nothing here exists in ROCm: code that must also build against the real
 * runtime includes this header only where it checks the mock itself. A
 * declaration that returns something with a lifetime says so in an
 * Ownership: line, and one that can fail says how in an Errors: line.
 */
#ifndef MOCKHIP_H
#define MOCKHIP_H

#include <stdio.h>

#include <hip/hip_runtime_api.h>

#ifndef MOCKHIP_API /* mockhip built against ROCm's own header */
#define MOCKHIP_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Every HIP entry point mockhip implements, in the order of mockhip_stats.calls. */
#define MOCKHIP_API_LIST(X)                                                                        \
  X(hipInit)                                                                                       \
  X(hipGetDeviceCount)                                                                             \
  X(hipSetDevice)                                                                                  \
  X(hipGetDevice)                                                                                  \
  X(hipDeviceGetAttribute)                                                                         \
  X(hipDeviceCanAccessPeer)                                                                        \
  X(hipDeviceSynchronize)                                                                          \
  X(hipDriverGetVersion)                                                                           \
  X(hipRuntimeGetVersion)                                                                          \
  X(hipGetLastError)                                                                               \
  X(hipPeekAtLastError)                                                                            \
  X(hipMalloc)                                                                                     \
  X(hipFree)                                                                                       \
  X(hipMemGetInfo)                                                                                 \
  X(hipMemcpy)                                                                                     \
  X(hipMemcpyHtoD)                                                                                 \
  X(hipMemcpyDtoH)                                                                                 \
  X(hipMemcpyDtoD)                                                                                 \
  X(hipMemcpyPeer)                                                                                 \
  X(hipMemset)                                                                                     \
  X(hipMemsetD8)                                                                                   \
  X(hipMemsetD32)                                                                                  \
  X(hipMemcpyAsync)                                                                                \
  X(hipMemcpyHtoDAsync)                                                                            \
  X(hipMemcpyDtoHAsync)                                                                            \
  X(hipMemcpyDtoDAsync)                                                                            \
  X(hipMemcpyPeerAsync)                                                                            \
  X(hipMemsetAsync)                                                                                \
  X(hipMemsetD8Async)                                                                              \
  X(hipMemsetD32Async)                                                                             \
  X(hipStreamCreate)                                                                               \
  X(hipStreamDestroy)                                                                              \
  X(hipStreamSynchronize)                                                                          \
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
  X(hipDeviceGet)                                                                                  \
  X(hipDeviceComputeCapability)                                                                    \
  X(hipDeviceGetName)                                                                              \
  X(hipDeviceGetUuid)                                                                              \
  X(hipDeviceGetPCIBusId)                                                                          \
  X(hipDeviceTotalMem)                                                                             \
  X(hipGetDevicePropertiesR0600)                                                                   \
  X(hipDeviceGetP2PAttribute)                                                                      \
  X(hipDeviceEnablePeerAccess)                                                                     \
  X(hipDeviceDisablePeerAccess)                                                                    \
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
  X(hipStreamCreateWithFlags)                                                                      \
  X(hipStreamCreateWithPriority)                                                                   \
  X(hipDeviceGetStreamPriorityRange)                                                               \
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
  X(hipMemsetD16)                                                                                  \
  X(hipMemsetD16Async)                                                                             \
  X(hipExtMallocWithFlags)                                                                         \
  X(hipMallocManaged)                                                                              \
  X(hipMallocAsync)                                                                                \
  X(hipFreeAsync)                                                                                  \
  X(hipHostMalloc)                                                                                 \
  X(hipHostFree)                                                                                   \
  X(hipMemGetAddressRange)                                                                         \
  X(hipPointerGetAttributes)                                                                       \
  X(hipMemGetHandleForAddressRange)                                                                \
  X(hipGetProcAddress)                                                                             \
  X(hipLaunchKernel)                                                                               \
  X(hipStreamAddCallback)                                                                          \
  X(hipLaunchHostFunc)                                                                             \
  X(hipModuleLoad)                                                                                 \
  X(hipModuleLoadData)                                                                             \
  X(hipModuleUnload)                                                                               \
  X(hipModuleGetFunction)                                                                          \
  X(hipModuleGetGlobal)                                                                            \
  X(hipModuleLaunchKernel)                                                                         \
  X(hipDeviceGetDefaultMemPool)                                                                    \
  X(hipDeviceSetMemPool)                                                                           \
  X(hipDeviceGetMemPool)                                                                           \
  X(hipMemPoolCreate)                                                                              \
  X(hipMemPoolDestroy)                                                                             \
  X(hipMemPoolSetAttribute)                                                                        \
  X(hipMemPoolGetAttribute)                                                                        \
  X(hipMemPoolSetAccess)                                                                           \
  X(hipMemPoolGetAccess)                                                                           \
  X(hipMemPoolTrimTo)                                                                              \
  X(hipMallocFromPoolAsync)                                                                        \
  X(hipMemPoolExportToShareableHandle)                                                             \
  X(hipMemPoolImportFromShareableHandle)                                                           \
  X(hipMemPoolExportPointer)                                                                       \
  X(hipMemPoolImportPointer)                                                                       \
  X(hipMallocArray)                                                                                \
  X(hipArrayCreate)                                                                                \
  X(hipArray3DCreate)                                                                              \
  X(hipMalloc3DArray)                                                                              \
  X(hipFreeArray)                                                                                  \
  X(hipArrayDestroy)                                                                               \
  X(hipArrayGetInfo)                                                                               \
  X(hipArrayGetDescriptor)                                                                         \
  X(hipArray3DGetDescriptor)                                                                       \
  X(hipMallocPitch)                                                                                \
  X(hipMalloc3D)                                                                                   \
  X(hipMemcpy2D)                                                                                   \
  X(hipMemcpy2DAsync)                                                                              \
  X(hipMemcpyParam2D)                                                                              \
  X(hipMemcpyParam2DAsync)                                                                         \
  X(hipMemcpy2DToArray)                                                                            \
  X(hipMemcpy2DToArrayAsync)                                                                       \
  X(hipMemcpy2DFromArray)                                                                          \
  X(hipMemcpy2DFromArrayAsync)                                                                     \
  X(hipMemcpyToArray)                                                                              \
  X(hipMemcpyFromArray)                                                                            \
  X(hipMemcpy3D)                                                                                   \
  X(hipMemcpy3DAsync)                                                                              \
  X(hipDrvMemcpy3D)                                                                                \
  X(hipDrvMemcpy3DAsync)                                                                           \
  X(hipMallocMipmappedArray)                                                                       \
  X(hipFreeMipmappedArray)                                                                         \
  X(hipGetMipmappedArrayLevel)                                                                     \
  X(hipMipmappedArrayCreate)                                                                       \
  X(hipMipmappedArrayDestroy)                                                                      \
  X(hipMipmappedArrayGetLevel)                                                                     \
  X(hipCtxCreate)                                                                                  \
  X(hipCtxDestroy)                                                                                 \
  X(hipGraphCreate)                                                                                \
  X(hipGraphAddKernelNode)                                                                         \
  X(hipGraphAddMemcpyNode1D)                                                                       \
  X(hipGraphAddMemsetNode)                                                                         \
  X(hipGraphAddEmptyNode)                                                                          \
  X(hipGraphAddDependencies)                                                                       \
  X(hipGraphGetNodes)                                                                              \
  X(hipGraphGetRootNodes)                                                                          \
  X(hipGraphNodeGetType)                                                                           \
  X(hipGraphInstantiate)                                                                           \
  X(hipGraphInstantiateWithFlags)                                                                  \
  X(hipGraphLaunch)                                                                                \
  X(hipGraphExecDestroy)                                                                           \
  X(hipFreeHost)                                                                                   \
  X(hipHostRegister)                                                                               \
  X(hipHostUnregister)                                                                             \
  X(hipHostGetDevicePointer)                                                                       \
  X(hipHostGetFlags)                                                                               \
  X(hipMemAdvise)                                                                                  \
  X(hipMemPrefetchAsync)                                                                           \
  X(hipMemRangeGetAttribute)                                                                       \
  X(hipMemRangeGetAttributes)                                                                      \
  X(hipGraphAddMemcpyNode)                                                                         \
  X(hipGraphAddHostNode)                                                                           \
  X(hipGraphAddEventRecordNode)                                                                    \
  X(hipGraphAddEventWaitNode)                                                                      \
  X(hipGraphAddChildGraphNode)                                                                     \
  X(hipGraphChildGraphNodeGetGraph)                                                                \
  X(hipGraphClone)                                                                                 \
  X(hipGraphNodeFindInClone)                                                                       \
  X(hipGraphNodeGetDependencies)                                                                   \
  X(hipGraphNodeGetDependentNodes)                                                                 \
  X(hipGraphGetEdges)                                                                              \
  X(hipGraphRemoveDependencies)                                                                    \
  X(hipGraphDestroyNode)                                                                           \
  X(hipGraphKernelNodeGetParams)                                                                   \
  X(hipGraphKernelNodeSetParams)                                                                   \
  X(hipGraphMemcpyNodeGetParams)                                                                   \
  X(hipGraphMemcpyNodeSetParams)                                                                   \
  X(hipGraphMemcpyNodeSetParams1D)                                                                 \
  X(hipGraphMemsetNodeGetParams)                                                                   \
  X(hipGraphMemsetNodeSetParams)                                                                   \
  X(hipGraphHostNodeGetParams)                                                                     \
  X(hipGraphHostNodeSetParams)                                                                     \
  X(hipGraphEventRecordNodeGetEvent)                                                               \
  X(hipGraphEventRecordNodeSetEvent)                                                               \
  X(hipGraphEventWaitNodeGetEvent)                                                                 \
  X(hipGraphEventWaitNodeSetEvent)                                                                 \
  X(hipGraphExecKernelNodeSetParams)                                                               \
  X(hipGraphExecMemcpyNodeSetParams)                                                               \
  X(hipGraphExecMemcpyNodeSetParams1D)                                                             \
  X(hipGraphExecMemsetNodeSetParams)                                                               \
  X(hipGraphExecHostNodeSetParams)                                                                 \
  X(hipGraphExecEventRecordNodeSetEvent)                                                           \
  X(hipGraphExecEventWaitNodeSetEvent)                                                             \
  X(hipGraphExecChildGraphNodeSetParams)                                                           \
  X(hipGetSymbolAddress)                                                                           \
  X(hipGetSymbolSize)                                                                              \
  X(hipMemcpyToSymbol)                                                                             \
  X(hipMemcpyFromSymbol)                                                                           \
  X(hipMemcpyToSymbolAsync)                                                                        \
  X(hipMemcpyFromSymbolAsync)                                                                      \
  X(hipDeviceGetLimit)                                                                             \
  X(hipDeviceSetLimit)                                                                             \
  X(hipDeviceGetCacheConfig)                                                                       \
  X(hipDeviceSetCacheConfig)                                                                       \
  X(hipDeviceGetSharedMemConfig)                                                                   \
  X(hipDeviceSetSharedMemConfig)                                                                   \
  X(hipGetDeviceFlags)                                                                             \
  X(hipSetDeviceFlags)                                                                             \
  X(hipChooseDeviceR0600)                                                                          \
  X(hipDeviceGetByPCIBusId)                                                                        \
  X(hipExtStreamCreateWithCUMask)                                                                  \
  X(hipExtStreamGetCUMask)                                                                         \
  X(hipFuncSetCacheConfig)                                                                         \
  X(hipFuncSetSharedMemConfig)                                                                     \
  X(hipMemset2D)                                                                                   \
  X(hipMemset2DAsync)                                                                              \
  X(hipMemset3D)                                                                                   \
  X(hipMemset3DAsync)                                                                              \
  X(hipMemcpyWithStream)                                                                           \
  X(hipDrvMemcpy2DUnaligned)                                                                       \
  X(hipMemcpyAtoH)                                                                                 \
  X(hipMemcpyHtoA)                                                                                 \
  X(hipMallocHost)                                                                                 \
  X(hipHostAlloc)                                                                                  \
  X(hipMemPtrGetInfo)                                                                              \
  X(hipStreamAttachMemAsync)                                                                       \
  X(hipPointerGetAttribute)                                                                        \
  X(hipDrvPointerGetAttributes)                                                                    \
  X(hipMemcpyAtoD)                                                                                 \
  X(hipMemcpyDtoA)                                                                                 \
  X(hipMemcpyAtoA)                                                                                 \
  X(hipMemcpyAtoHAsync)                                                                            \
  X(hipMemcpyHtoAAsync)                                                                            \
  X(hipPointerSetAttribute)                                                                        \
  X(hipMemAllocHost)                                                                               \
  X(hipMemAllocPitch)                                                                              \
  X(hipGraphAddMemcpyNodeToSymbol)                                                                 \
  X(hipGraphAddMemcpyNodeFromSymbol)                                                               \
  X(hipGraphMemcpyNodeSetParamsToSymbol)                                                           \
  X(hipGraphMemcpyNodeSetParamsFromSymbol)                                                         \
  X(hipGraphExecMemcpyNodeSetParamsToSymbol)                                                       \
  X(hipGraphExecMemcpyNodeSetParamsFromSymbol)                                                     \
  X(hipCreateTextureObject)                                                                        \
  X(hipDestroyTextureObject)                                                                       \
  X(hipGetTextureObjectResourceDesc)                                                               \
  X(hipGetTextureObjectResourceViewDesc)                                                           \
  X(hipGetTextureObjectTextureDesc)                                                                \
  X(hipTexObjectCreate)                                                                            \
  X(hipTexObjectDestroy)                                                                           \
  X(hipUserObjectCreate)                                                                           \
  X(hipUserObjectRelease)                                                                          \
  X(hipUserObjectRetain)                                                                           \
  X(hipGraphRetainUserObject)                                                                      \
  X(hipGraphReleaseUserObject)                                                                     \
  X(hipGraphKernelNodeSetAttribute)                                                                \
  X(hipGraphKernelNodeGetAttribute)                                                                \
  X(hipGraphKernelNodeCopyAttributes)                                                              \
  X(hipGraphAddMemAllocNode)                                                                       \
  X(hipGraphMemAllocNodeGetParams)                                                                 \
  X(hipGraphAddMemFreeNode)                                                                        \
  X(hipGraphMemFreeNodeGetParams)                                                                  \
  X(hipDeviceGetGraphMemAttribute)                                                                 \
  X(hipDeviceSetGraphMemAttribute)                                                                 \
  X(hipDeviceGraphMemTrim)                                                                         \
  X(hipExtGetLinkTypeAndHopCount)                                                                  \
  X(hipStreamWaitValue32)                                                                          \
  X(hipStreamWaitValue64)                                                                          \
  X(hipStreamWriteValue32)                                                                         \
  X(hipStreamWriteValue64)                                                                         \
  X(hipIpcGetMemHandle)                                                                            \
  X(hipIpcOpenMemHandle)                                                                           \
  X(hipIpcCloseMemHandle)                                                                          \
  X(hipGraphNodeSetEnabled)                                                                        \
  X(hipGraphNodeGetEnabled)                                                                        \
  X(hipGraphUpload)                                                                                \
  X(hipGraphInstantiateWithParams)                                                                 \
  X(hipGraphExecUpdate)                                                                            \
  X(hipGraphDebugDotPrint)                                                                         \
  X(hipDrvGraphAddMemcpyNode)                                                                      \
  X(hipDrvGraphAddMemsetNode)                                                                      \
  X(hipStreamGetCaptureInfo_v2)                                                                    \
  X(hipStreamUpdateCaptureDependencies)                                                            \
  X(hipStreamBeginCaptureToGraph)

/* The list expands to enumerators, which clang-format would indent as a statement. */
typedef enum mockhip_api {
/* clang-format off */
#define MOCKHIP_API_ENUM(name) MOCKHIP_CALL_##name,
  MOCKHIP_API_LIST(MOCKHIP_API_ENUM)
#undef MOCKHIP_API_ENUM
  MOCKHIP_API_COUNT
  /* clang-format on */
} mockhip_api;

/*
 * The name of entry point `api` ("hipMemMap").
 * Ownership: a static string; do not free it.
 * Errors: NULL when api is not a mockhip_api (0 .. MOCKHIP_API_COUNT - 1).
 */
MOCKHIP_API const char *mockhip_api_name(int api);

/* Bumped whenever mockhip_stats_t changes; callers set .version to it. Every older version is
   still served, in the layout it was published with: version 1 ended its counters at
   live_streams and had MOCKHIP_STATS_V1_CALLS calls, version 2 added live_events and
   live_graphs and had MOCKHIP_STATS_V2_CALLS, version 3 had MOCKHIP_STATS_V3_CALLS (up to
   hipLaunchKernel), version 4 added live_pools, live_pool_blocks, live_graph_execs and
   live_arrays and had MOCKHIP_STATS_V4_CALLS (up to hipGraphExecDestroy); version 5 added
   hipFreeHost, host registration's calls and managed memory's advice, and had
   MOCKHIP_STATS_V5_CALLS (up to hipMemRangeGetAttributes); version 6 added live_textures,
   the graph node kinds and their parameters, symbols, 2D and 3D sets, device limits and
   texture objects. */
#define MOCKHIP_STATS_VERSION 6
#define MOCKHIP_STATS_V1_CALLS (MOCKHIP_CALL_hipMemMapArrayAsync + 1)
#define MOCKHIP_STATS_V2_CALLS (MOCKHIP_CALL_hipGetProcAddress + 1)
#define MOCKHIP_STATS_V3_CALLS (MOCKHIP_CALL_hipLaunchKernel + 1)
#define MOCKHIP_STATS_V4_CALLS (MOCKHIP_CALL_hipGraphExecDestroy + 1)
#define MOCKHIP_STATS_V5_CALLS (MOCKHIP_CALL_hipMemRangeGetAttributes + 1)

typedef struct mockhip_stats {
  unsigned version;      /* in: MOCKHIP_STATS_VERSION */
  size_t reserved_bytes; /* address space held by live reservations */
  size_t mapped_bytes;   /* bytes of live mappings */
  size_t physical_bytes; /* bytes of live physical allocations (created or imported) */
  size_t malloc_bytes;   /* bytes of live hipMalloc allocations */
  size_t live_reservations;
  size_t live_mappings;
  size_t live_handles; /* physical allocations still alive */
  size_t live_mallocs;
  size_t live_streams;
  size_t live_events;
  size_t live_graphs;      /* graphs made by hipStreamEndCapture, not yet destroyed */
  size_t live_pools;       /* memory pools made by hipMemPoolCreate or imported, not destroyed */
  size_t live_pool_blocks; /* allocations from a pool not yet freed */
  size_t live_graph_execs; /* instantiated graphs not yet destroyed */
  size_t live_arrays;      /* arrays and mipmapped arrays not yet freed */
  size_t live_textures;    /* texture objects not yet destroyed */
  /* calls per entry point, in MOCKHIP_API_LIST order */
  unsigned long long calls[MOCKHIP_API_COUNT];
} mockhip_stats_t;

/* clang-format off */
#define MOCKHIP_STATS_INIT {MOCKHIP_STATS_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, {0}}
/* clang-format on */

/*
 * Fills *stats with the current counters (set stats->version first).
 * Errors: hipErrorInvalidValue when stats is NULL or stats->version is not one
 * of 1 .. MOCKHIP_STATS_VERSION; *stats is then left as it was.
 */
MOCKHIP_API hipError_t mockhip_stats(mockhip_stats_t *stats);

/* Reservations + mappings + handles + hipMalloc blocks + streams + events + graphs + memory
 * pools the program made or imported + pool allocations + graph execs + arrays + texture objects
 * still alive (a device's default pool and what a pool caches are the runtime's); 0 after a clean
 * teardown. */
MOCKHIP_API size_t mockhip_live_objects(void);

/*
 * Prints the address space for a person: every reservation with the mappings
 * inside it (handle, per-location access), every physical handle with its
 * reference counts, hipMalloc blocks, the memory pools with their blocks,
 * arrays, the number of streams, events, graphs (and their nodes) and graph
 * execs, and the captures in progress. out == NULL prints to stderr.
 */
MOCKHIP_API void mockhip_dump(FILE *out);

/*
 * Draws the address space as one standalone SVG picture (XML declaration,
 * no script, no external reference): each reservation a bar with its mappings
 * to scale, coloured by physical handle (one colour at two places is one
 * memory mapped twice), every mapping's access per location (a strip per
 * location under the bar, and in words), each handle with its reference
 * counts, released handles still mapped outlined in dashed grey (fine: freed
 * at the last unmap), the hipMalloc-family blocks, the devices and a legend. No absolute address is
 * drawn, so the same calls give the same bytes in every run.
 * Ownership: out stays the caller's; it is flushed, not closed.
 * Errors: -1 with errno EINVAL for a NULL out, ENOMEM when the picture cannot
 * be built, or the write's errno (EIO when only the stream's error flag says
 * so) when out cannot be written; 0 on success.
 */
MOCKHIP_API int mockhip_dump_svg(FILE *out);

/*
 * The sentence explaining why this thread's last failing HIP call failed
 * ("hipMemMap: size 6144 is not a multiple of the granularity that
 * hipMemGetAllocationGranularity answers (4096 bytes): use 8192"): the argument by
 * its name in ROCm's header, and what would work. "" when the last call
 * succeeded. Never NULL.
 * Ownership: a buffer of the calling thread's, rewritten by its next HIP call
 * or mockhip_fail_set; copy it to keep it, do not free it.
 */
MOCKHIP_API const char *mockhip_last_reason(void);

/* ---- the ROCm release played ---- */

/*
 * Chooses the ROCm release whose VMM behaviour mockhip plays: "6.0", "6.1",
 * "6.2", "6.3", "6.4", "7.0", "7.1", "7.2" or "newest" (the default; the
 * newest runtime code read, which has no release number yet). Error codes,
 * checks, the fd convention of import, whether retain adds a reference and the
 * location types accepted follow table (g) of docs/hip-vmm-semantics.md, and
 * hipRuntimeGetVersion/hipDriverGetVersion answer that release. Where the
 * release crashes, the mock returns the newest release's code and strict mode
 * says "ROCm X.Y crashes here". The same as MOCKHIP_ROCM_VERSION, which it
 * overrides.
 * Call it before any other mockhip or HIP call: the release is fixed at the
 * first one. Returns 0, or -1 (nothing changes) for an unknown name or a call
 * after that point.
 */
MOCKHIP_API int mockhip_set_rocm_version(const char *version);

/* The release played ("6.2", ..., "newest", or "cuda-13.0" on the NVIDIA platform).
   Counts as a first call. Never NULL; a static string. */
MOCKHIP_API const char *mockhip_rocm_version(void);

/*
 * Chooses the platform mockhip plays: "amd" (the default: ROCm, the release
 * mockhip_set_rocm_version or MOCKHIP_ROCM_VERSION names) or "nvidia" (HIP's
 * NVIDIA platform over the CUDA driver: the cuda-13.0 column of table (g),
 * 2 MiB granularity unless MOCKHIP_GRANULARITY says otherwise, a mapping covers
 * its whole handle, the CPU touches no device memory, hipRuntimeGetVersion and
 * hipDriverGetVersion answer CUDA's numbering, 13000). The same as
 * MOCKHIP_PLATFORM, which it overrides. Call it before any other mockhip or HIP
 * call. Returns 0, or -1 (nothing changes) for an unknown name or a call after
 * that point.
 */
MOCKHIP_API int mockhip_set_platform(const char *platform);

/* The platform played, "amd" or "nvidia". Counts as a first call. Never NULL; a
   static string. */
MOCKHIP_API const char *mockhip_platform(void);

/*
 * What the release played does where releases differ: the cell of row `row` of
 * table (g) of docs/hip-vmm-semantics.md ("kernel_fault" gives "abort" under
 * ROCm 7.2, "sticky" under the newest ROCm and HIP on NVIDIA). For tests and
 * lessons that must say what their release does.
 * Errors: NULL when row names no row of the table.
 */
MOCKHIP_API const char *mockhip_profile_cell(const char *row);

/* ---- kernels on the CPU ---- */

/*
 * Where a kernel's thread is, as device code names it: threadIdx, blockIdx,
 * blockDim, gridDim and warpSize are the calling thread's own variables (GNU
 * __thread: no initialiser runs, in C and C++), set for each GPU thread the CPU
 * runs; outside a kernel they hold nothing meaningful.
 */
extern __thread dim3 threadIdx MOCKHIP_API;
extern __thread dim3 blockIdx MOCKHIP_API;
extern __thread dim3 blockDim MOCKHIP_API;
extern __thread dim3 gridDim MOCKHIP_API;
extern __thread int warpSize MOCKHIP_API; /* the device model's: 64 on AMD, 32 playing NVIDIA */

/* The rest of what a kernel's thread sees. */
typedef struct mockhip_thread {
  void *dynamic_shared; /* the block's sharedMemBytes; NULL for 0 */
  int device;           /* the device the kernel runs on */
  int fibered;          /* the block's threads became fibers at a barrier (launch templates) */
  /* Device time (clock64, wall_clock64, __builtin_amdgcn_s_sleep). A launch's threads run one
     after another here and side by side on a GPU, so while this thread runs a launch its
     device clock goes clock_rate (the threads it has to run) times as fast as the CPU's: a
     spin of fixed device time in every thread takes the launch about that time, as on a GPU.
     clock_skew_ns is how far ahead of the CPU's clock it was when clock_base_ns was read (the
     launch's first read of the device clock; 0 before it); it only grows, so the clock never
     goes back. */
  long long clock_skew_ns;
  long long clock_base_ns;
  unsigned clock_rate; /* 0 or 1 outside a launch: the CPU's pace */
} mockhip_thread;
extern __thread mockhip_thread mockhip_kernel_thread MOCKHIP_API;

/* One thread of a C kernel: args is the pointer given to mockhip_launch_kernel. */
typedef void (*mockhip_kernel_fn)(void *args);

/*
 * Launches a C kernel: kernel runs once per thread of grid x block, reading its
 * place from threadIdx, blockIdx, blockDim and gridDim, with the launch checks, stream order,
 * per-device memory view and faults of hipLaunchKernel. name is the kernel's
 * name for explanations and the trace. args must stay valid until the call
 * returns (the launch runs before it returns, after the stream's queued work
 * where streams run asynchronously); on a capturing stream the
 * kernel node keeps args itself, not a copy (C does not say how big it is),
 * so it must stay valid until the graph's last hipGraphLaunch.
 * Errors: as hipLaunchKernel; kernel NULL: hipErrorInvalidDeviceFunction. A
 * fault inside the kernel is not this call's error: the next synchronising call
 * on the device answers hipErrorIllegalAddress, and so does every later call on
 * it until hipDeviceReset.
 */
MOCKHIP_API hipError_t mockhip_launch_kernel(const char *name, mockhip_kernel_fn kernel,
                                             dim3 gridDim, dim3 blockDim, size_t sharedMemBytes,
                                             hipStream_t stream, void *args);

/* __syncthreads(): waits until every live thread of the block arrives. */
MOCKHIP_API void mockhip_syncthreads(void);

/*
 * For <hip/hip_runtime.h>'s launch templates. run_block runs the threads of
 * the current block in a plain loop (blockIdx is set), setting threadIdx, and
 * stops when mockhip_kernel_thread.fibered becomes 1, calling
 * mockhip_block_join; run_thread runs the one thread threadIdx names (for the fibers a barrier
 * makes). pointers lists the pointer arguments, so the launch can check them.
 */
typedef struct mockhip_launch_desc {
  const char *name;
  const void *kernel; /* the kernel's address: its identity for hipLaunchKernel */
  void (*run_block)(void *closure);
  void (*run_thread)(void *closure);
  void *closure;
  const void *const *pointers;
  size_t pointer_count;
  /* launches `kernel` from hipLaunchKernel's void **args: how the kernel's address is launched */
  hipError_t (*launch_args)(const void *kernel, dim3, dim3, void **, size_t, hipStream_t);
  /* a copy of closure a graph's kernel node keeps (capture, hipGraphAddKernelNode), NULL when
     there is no memory, and how such a copy is freed */
  void *(*clone)(const void *closure);
  void (*release)(void *closure);
  /* per pointer: the size of what it points to, shifted left by one, or'd with 1 when the
     kernel may write through it (the pointee is not const): what the synchronisation checker
     takes a kernel to touch. NULL: unknown. */
  const unsigned *pointer_uses;
  /* the size of each of the kernel's arguments, as it takes them: what a graph's kernel node
     copies of hipKernelNodeParams' kernelParams, as clr keeps its own copy. NULL: unknown. */
  const size_t *arg_sizes;
  size_t arg_count;
} mockhip_launch_desc;
MOCKHIP_API hipError_t mockhip_launch(const mockhip_launch_desc *desc, dim3 gridDim, dim3 blockDim,
                                      size_t sharedMemBytes, hipStream_t stream);
MOCKHIP_API void mockhip_block_join(void);

/*
 * For <hip/amd_detail/mockhip_texture.h>'s tex1Dfetch, tex1D, tex2D, tex3D and tex2Dgather: one
 * read of a texture object. op MOCKHIP_TEX_FETCH reads element x; MOCKHIP_TEX_SAMPLE samples at
 * (u, v, w), the first `dims` of them; MOCKHIP_TEX_GATHER gives channel comp of the four texels
 * a bilinear sample at (u, v) weighs. The texel holds floats (f) or, for an integer format read
 * as elements, integers (i), as is_float says; the template converts it to the type asked.
 * Errors: in a kernel, a destroyed texture object, or one whose array was freed, ends the
 * launch as a failed device assertion; elsewhere the read gives zeros.
 */
typedef struct mockhip_texel {
  float f[4];
  int i[4];
  int is_float;
} mockhip_texel;
#define MOCKHIP_TEX_FETCH 0
#define MOCKHIP_TEX_SAMPLE 1
#define MOCKHIP_TEX_GATHER 2
MOCKHIP_API mockhip_texel mockhip_texture_read(hipTextureObject_t texture, int op, int dims, int x,
                                               float u, float v, float w, int comp);

/*
 * Makes a kernel known by its address before any launch: name for the trace
 * and the explanations, launch_args how hipLaunchKernel launches it from void
 * **args (the launch templates' own). hipcc registers each kernel it sees
 * defined at start-up, so hipLaunchKernel and hipGraphAddKernelNode take a
 * kernel never launched before. A second registration of an address replaces
 * the first. Ownership: name must outlive the process's launches (a literal).
 * Errors: none; a NULL kernel or launch_args registers nothing.
 */
MOCKHIP_API void mockhip_kernel_register(const void *kernel, const char *name,
                                         hipError_t (*launch_args)(const void *kernel, dim3, dim3,
                                                                   void **, size_t, hipStream_t));

/*
 * The ROCm release a program was built for, major.minor, as its HIP_VERSION
 * says (hipcc --rocm-version=6.2 defines MOCKHIP_HIP_VERSION_MAJOR and _MINOR,
 * and <hip/hip_runtime_api.h> calls this before main). mockhip then plays that
 * release, unless MOCKHIP_PLATFORM, MOCKHIP_ROCM_VERSION or a mockhip_set_*
 * call chose another, when it warns once at start-up that the program's #if
 * HIP_VERSION code and the behaviour played belong to different releases. A
 * release mockhip does not play is warned of too. Called after start-up, it
 * changes nothing.
 * Errors: none.
 */
MOCKHIP_API void mockhip_built_for_release(int major, int minor);

/* ---- fault injection ---- */

/*
 * Replaces the fault-injection rules (MOCKHIP_FAIL's syntax) and restarts
 * their call counts; NULL or "" removes them all. A chosen call fails at
 * entry with the rule's error, changing nothing; mockhip_last_reason() then
 * names the rule. Examples:
 *   "hipMemCreate:3"                       the 3rd hipMemCreate fails (OutOfMemory)
 *   "hipMemMap:every=5"                    the 5th, 10th, ... hipMemMap fails
 *   "hipMemSetAccess:p=0.01"               1% of hipMemSetAccess calls, seeded
 *   "hipMemCreate:2=hipErrorInvalidValue"  with a chosen error
 *   "*:p=0.001"                            any entry point
 * Ownership: rules is read during the call only; the caller keeps it.
 * Errors: hipErrorInvalidValue for a malformed list (the rules in force stay),
 * with the reason in mockhip_last_reason().
 */
MOCKHIP_API hipError_t mockhip_fail_set(const char *rules);

/* Seeds the p= rules (MOCKHIP_SEED): the same seed and call order fail the same calls. */
MOCKHIP_API void mockhip_fail_seed(unsigned long long seed);

/* How many failures have been injected so far, in every thread. */
MOCKHIP_API unsigned long long mockhip_fail_count(void);

/* ---- leak and misuse reports ---- */

/*
 * Prints every live reservation, mapping, physical handle, hipMalloc block,
 * stream, event, graph, graph exec, memory pool the program made or imported,
 * pool allocation and array with the call site that made it, as
 * MOCKHIP_LEAK_CHECK=1 does at exit; prints nothing when nothing is alive.
 * out == NULL prints to stderr. Returns the number of objects reported.
 */
MOCKHIP_API size_t mockhip_leak_report(FILE *out);

/* The exit status MOCKHIP_LEAK_CHECK=1 gives a process that leaked (as LeakSanitizer's). */
#define MOCKHIP_LEAK_EXIT_STATUS 23

/*
 * Turns MOCKHIP_STRICT's misuse reports on or off: one line on stderr per
 * kind of misuse and call site, for misuse ROCm tolerates or crashes on.
 */
MOCKHIP_API void mockhip_strict(int on);

/* How many misuse reports have been printed so far. */
MOCKHIP_API unsigned long long mockhip_strict_count(void);

#ifdef __cplusplus
}
#endif

#endif /* MOCKHIP_H */
