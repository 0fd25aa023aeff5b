/*
 * mockhip: the HIP runtime API subset that virtual memory management code uses,
 * with the names, values, signatures and struct layouts of ROCm 7.x.
 *
 * Code written for ROCm includes this header unchanged and links against
 * libmockhip instead of libamdhip64. Mock-only extras are in <mockhip.h>.
 */
#ifndef MOCKHIP_HIP_RUNTIME_API_H
#define MOCKHIP_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include <hip/hip_common.h>
#include <hip/hip_version.h>

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#define MOCKHIP 1

#if defined(__GNUC__)
#define MOCKHIP_API __attribute__((visibility("default")))
#else
#define MOCKHIP_API
#endif

/* ROCm's deprecation marks, under ROCm's names and message: a call ROCm's header deprecates
   warns here too, so code clean at -Werror on mockhip stays clean on ROCm. Nothing is
   deprecated where the runtime itself is built (HIP_ABI_IMPL, as in ROCm). */
#if defined(HIP_ABI_IMPL)
#define HIP_DEPRECATED(x)
#elif defined(_MSC_VER)
#define HIP_DEPRECATED(msg) __declspec(deprecated(msg))
#else
#define HIP_DEPRECATED(msg) __attribute__((deprecated(msg)))
#endif

#define HIP_DEPRECATED_MSG                                                                         \
  "This API is marked as deprecated and might not be supported in future releases. For more "      \
  "details please refer "                                                                          \
  "https://github.com/ROCm/HIP/blob/develop/docs/reference/deprecated_api_list.md"

/* As ROCm's: C++17 callers that drop a hipError_t get a warning. */
#if defined(__cplusplus) && __cplusplus >= 201703L
#define MOCKHIP_NODISCARD [[nodiscard]]
#else
#define MOCKHIP_NODISCARD
#endif

typedef enum MOCKHIP_NODISCARD hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorMapBufferObjectFailed = 205,
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorNotMappedAsArray = 212,
  hipErrorNotMappedAsPointer = 213,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorInvalidChannelDescriptor = 911,
  hipErrorInvalidTexture = 912,
  hipErrorInvalidResourceType = 914,
  hipErrorInvalidResourceConfiguration = 915,
  hipErrorStreamDetached = 916,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
  hipErrorInvalidClusterSize = 1054,
  hipErrorTbd
} hipError_t;

#undef MOCKHIP_NODISCARD

/* Every attribute ROCm 7.x declares, with its value (the enum is sequential in ROCm's header). */
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = 0,
  hipDeviceAttributeAccessPolicyMaxWindowSize = 1,
  hipDeviceAttributeAsyncEngineCount = 2,
  hipDeviceAttributeCanMapHostMemory = 3,
  hipDeviceAttributeCanUseHostPointerForRegisteredMem = 4,
  hipDeviceAttributeClockRate = 5,
  hipDeviceAttributeComputeMode = 6,
  hipDeviceAttributeComputePreemptionSupported = 7,
  hipDeviceAttributeConcurrentKernels = 8,
  hipDeviceAttributeConcurrentManagedAccess = 9,
  hipDeviceAttributeCooperativeLaunch = 10,
  hipDeviceAttributeCooperativeMultiDeviceLaunch = 11,
  hipDeviceAttributeDeviceOverlap = 12,
  hipDeviceAttributeDirectManagedMemAccessFromHost = 13,
  hipDeviceAttributeGlobalL1CacheSupported = 14,
  hipDeviceAttributeHostNativeAtomicSupported = 15,
  hipDeviceAttributeIntegrated = 16,
  hipDeviceAttributeIsMultiGpuBoard = 17,
  hipDeviceAttributeKernelExecTimeout = 18,
  hipDeviceAttributeL2CacheSize = 19,
  hipDeviceAttributeLocalL1CacheSupported = 20,
  hipDeviceAttributeLuid = 21,
  hipDeviceAttributeLuidDeviceNodeMask = 22,
  hipDeviceAttributeComputeCapabilityMajor = 23,
  hipDeviceAttributeManagedMemory = 24,
  hipDeviceAttributeMaxBlocksPerMultiProcessor = 25,
  hipDeviceAttributeMaxBlockDimX = 26,
  hipDeviceAttributeMaxBlockDimY = 27,
  hipDeviceAttributeMaxBlockDimZ = 28,
  hipDeviceAttributeMaxGridDimX = 29,
  hipDeviceAttributeMaxGridDimY = 30,
  hipDeviceAttributeMaxGridDimZ = 31,
  hipDeviceAttributeMaxSurface1D = 32,
  hipDeviceAttributeMaxSurface1DLayered = 33,
  hipDeviceAttributeMaxSurface2D = 34,
  hipDeviceAttributeMaxSurface2DLayered = 35,
  hipDeviceAttributeMaxSurface3D = 36,
  hipDeviceAttributeMaxSurfaceCubemap = 37,
  hipDeviceAttributeMaxSurfaceCubemapLayered = 38,
  hipDeviceAttributeMaxTexture1DWidth = 39,
  hipDeviceAttributeMaxTexture1DLayered = 40,
  hipDeviceAttributeMaxTexture1DLinear = 41,
  hipDeviceAttributeMaxTexture1DMipmap = 42,
  hipDeviceAttributeMaxTexture2DWidth = 43,
  hipDeviceAttributeMaxTexture2DHeight = 44,
  hipDeviceAttributeMaxTexture2DGather = 45,
  hipDeviceAttributeMaxTexture2DLayered = 46,
  hipDeviceAttributeMaxTexture2DLinear = 47,
  hipDeviceAttributeMaxTexture2DMipmap = 48,
  hipDeviceAttributeMaxTexture3DWidth = 49,
  hipDeviceAttributeMaxTexture3DHeight = 50,
  hipDeviceAttributeMaxTexture3DDepth = 51,
  hipDeviceAttributeMaxTexture3DAlt = 52,
  hipDeviceAttributeMaxTextureCubemap = 53,
  hipDeviceAttributeMaxTextureCubemapLayered = 54,
  hipDeviceAttributeMaxThreadsDim = 55,
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxThreadsPerMultiProcessor = 57,
  hipDeviceAttributeMaxPitch = 58,
  hipDeviceAttributeMemoryBusWidth = 59,
  hipDeviceAttributeMemoryClockRate = 60,
  hipDeviceAttributeComputeCapabilityMinor = 61,
  hipDeviceAttributeMultiGpuBoardGroupID = 62,
  hipDeviceAttributeMultiprocessorCount = 63,
  hipDeviceAttributeUnused1 = 64,
  hipDeviceAttributePageableMemoryAccess = 65,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables = 66,
  hipDeviceAttributePciBusId = 67,
  hipDeviceAttributePciDeviceId = 68,
  hipDeviceAttributePciDomainId = 69,
  hipDeviceAttributePciDomainID = 69,
  hipDeviceAttributePersistingL2CacheMaxSize = 70,
  hipDeviceAttributeMaxRegistersPerBlock = 71,
  hipDeviceAttributeMaxRegistersPerMultiprocessor = 72,
  hipDeviceAttributeReservedSharedMemPerBlock = 73,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 74,
  hipDeviceAttributeSharedMemPerBlockOptin = 75,
  hipDeviceAttributeSharedMemPerMultiprocessor = 76,
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio = 77,
  hipDeviceAttributeStreamPrioritiesSupported = 78,
  hipDeviceAttributeSurfaceAlignment = 79,
  hipDeviceAttributeTccDriver = 80,
  hipDeviceAttributeTextureAlignment = 81,
  hipDeviceAttributeTexturePitchAlignment = 82,
  hipDeviceAttributeTotalConstantMemory = 83,
  hipDeviceAttributeTotalGlobalMem = 84,
  hipDeviceAttributeUnifiedAddressing = 85,
  hipDeviceAttributeUnused2 = 86,
  hipDeviceAttributeWarpSize = 87,
  hipDeviceAttributeMemoryPoolsSupported = 88,
  hipDeviceAttributeVirtualMemoryManagementSupported = 89,
  hipDeviceAttributeHostRegisterSupported = 90,
  hipDeviceAttributeMemoryPoolSupportedHandleTypes = 91,
  hipDeviceAttributeHostNumaId = 92,
  hipDeviceAttributeDmaBufSupported = 93,
  hipDeviceAttributeGPUDirectRDMAWithHipVMMSupported = 94,
  hipDeviceAttributeHandleTypeFabricSupported = 95,
  hipDeviceAttributeHostAllocDmaBufSupported = 96,
  hipDeviceAttributeGPUDirectRDMASupported = 97,
  hipDeviceAttributeGPUDirectRDMAFlushWritesOptions = 98,
  hipDeviceAttributeGPUDirectRDMAWritesOrdering = 99,
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = 10000,
  hipDeviceAttributeUnused3 = 10001,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor = 10002,
  hipDeviceAttributeUnused4 = 10003,
  hipDeviceAttributeUnused5 = 10004,
  hipDeviceAttributeHdpMemFlushCntl = 10005,
  hipDeviceAttributeHdpRegFlushCntl = 10006,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc = 10007,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim = 10008,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim = 10009,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem = 10010,
  hipDeviceAttributeIsLargeBar = 10011,
  hipDeviceAttributeAsicRevision = 10012,
  hipDeviceAttributeCanUseStreamWaitValue = 10013,
  hipDeviceAttributeImageSupport = 10014,
  hipDeviceAttributePhysicalMultiProcessorCount = 10015,
  hipDeviceAttributeFineGrainSupport = 10016,
  hipDeviceAttributeWallClockRate = 10017,
  hipDeviceAttributeNumberOfXccs = 10018,
  hipDeviceAttributeMaxAvailableVgprsPerThread = 10019,
  hipDeviceAttributePciChipId = 10020,
  hipDeviceAttributeExpertSchedMode = 10021,
  hipDeviceAttributeMaxDynDataPrefetchRegions = 10022,
  hipDeviceAttributeAmdSpecificEnd = 19999,
  hipDeviceAttributeVendorSpecificBegin = 20000
} hipDeviceAttribute_t;

typedef void *hipDeviceptr_t;
typedef int hipDevice_t;
typedef struct ihipStream_t *hipStream_t;
typedef struct ihipCtx_t *hipCtx_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef struct ihipMemPoolHandle_t *hipMemPool_t;

/* A launch's grid or block size, as ROCm's: three counts that default to 1. nvcc (a
   program built for HIP on NVIDIA with this header) takes CUDA's own, of the same layout,
   with CUDA's vector types (hip_vector_types.h). */
#if defined(__CUDACC__) || defined(__NVCC__)
#ifdef __cplusplus
extern "C++" { /* a C++ header, here inside extern "C" */
#endif
#include <vector_types.h>
#ifdef __cplusplus
}
#endif
#else
typedef struct dim3 {
  uint32_t x;
  uint32_t y;
  uint32_t z;
#ifdef __cplusplus
  constexpr dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1) : x(x_), y(y_), z(z_) {}
#endif
} dim3;
#endif

/* The implicit per-thread and legacy default streams. */
#define hipStreamPerThread ((hipStream_t)2)
#define hipStreamLegacy ((hipStream_t)1)

/* ---- devices ---- */

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

typedef struct {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;

/* The layout ROCm 6.0 and later fill in hipGetDevicePropertiesR0600. */
typedef struct hipDeviceProp_t {
  char name[256];
  hipUUID uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
  int hipReserved[32];
  /* HIP only */
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;
  hipDeviceArch_t arch;
  unsigned int *hdpMemFlushCntl;
  unsigned int *hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
} hipDeviceProp_t;

typedef hipDeviceProp_t hipDeviceProp_tR0600;

enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
};

typedef enum hipDeviceP2PAttr {
  hipDevP2PAttrPerformanceRank = 0,
  hipDevP2PAttrAccessSupported,
  hipDevP2PAttrNativeAtomicSupported,
  hipDevP2PAttrHipArrayAccessSupported
} hipDeviceP2PAttr;

/* ---- device limits, cache and scheduling settings ---- */

/* ROCm declares no typedef for it: the calls take an enum hipLimit_t. */
enum hipLimit_t {
  hipLimitStackSize = 0x0,
  hipLimitPrintfFifoSize = 0x01,
  hipLimitMallocHeapSize = 0x02,
  hipExtLimitScratchMin = 0x1000,
  hipExtLimitScratchMax = 0x1001,
  hipExtLimitScratchCurrent = 0x1002,
  hipLimitRange
};

typedef enum hipFuncCache_t {
  hipFuncCachePreferNone,
  hipFuncCachePreferShared,
  hipFuncCachePreferL1,
  hipFuncCachePreferEqual,
} hipFuncCache_t;

typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault,
  hipSharedMemBankSizeFourByte,
  hipSharedMemBankSizeEightByte
} hipSharedMemConfig;

/* hipSetDeviceFlags' flags. */
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10 /* 0x16 before ROCm 7 */

/* ---- pointers ---- */

typedef enum hipMemoryType {
  hipMemoryTypeUnregistered = 0,
  hipMemoryTypeHost = 1,
  hipMemoryTypeDevice = 2,
  hipMemoryTypeManaged = 3,
  hipMemoryTypeArray = 10,
  hipMemoryTypeUnified = 11
} hipMemoryType;

typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void *devicePointer;
  void *hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;

/* What hipPointerGetAttribute asks of a pointer (ROCm's driver_types.h values). */
typedef enum hipPointer_attribute {
  HIP_POINTER_ATTRIBUTE_CONTEXT = 1, /* not supported in HIP */
  HIP_POINTER_ATTRIBUTE_MEMORY_TYPE,
  HIP_POINTER_ATTRIBUTE_DEVICE_POINTER,
  HIP_POINTER_ATTRIBUTE_HOST_POINTER,
  HIP_POINTER_ATTRIBUTE_P2P_TOKENS, /* not supported in HIP */
  HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS,
  HIP_POINTER_ATTRIBUTE_BUFFER_ID,
  HIP_POINTER_ATTRIBUTE_IS_MANAGED,
  HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
  HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE, /* not supported in HIP */
  HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR,
  HIP_POINTER_ATTRIBUTE_RANGE_SIZE,
  HIP_POINTER_ATTRIBUTE_MAPPED,
  HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,       /* not supported in HIP */
  HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE, /* not supported in HIP */
  HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS,
  HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE /* not supported in HIP */
} hipPointer_attribute;

/* ---- flags of streams, events and allocations ---- */

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01

#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipEventRecordDefault 0x00
#define hipEventRecordExternal 0x01
#define hipEventWaitDefault 0x00
#define hipEventWaitExternal 0x01
#define hipEventDisableSystemFence 0x20000000
#define hipEventReleaseToDevice 0x40000000
#define hipEventReleaseToSystem 0x80000000

#define hipHostAllocDefault 0x0
#define hipHostMallocDefault 0x0
#define hipHostAllocPortable 0x1
#define hipHostMallocPortable 0x1
#define hipHostAllocMapped 0x2
#define hipHostMallocMapped 0x2
#define hipHostAllocWriteCombined 0x4
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocUncached 0x10000000
#define hipHostAllocUncached hipHostMallocUncached

#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x08
#define hipExtHostRegisterCoarseGrained 0x8
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000

#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04

#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4

/* hipMallocArray, hipMalloc3DArray and HIP_ARRAY3D_DESCRIPTOR.Flags */
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

#define hipIpcMemLazyEnablePeerAccess 0x01
#define HIP_IPC_HANDLE_SIZE 64

#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

/* Managed memory's advice, and what hipMemRangeGetAttribute answers of a range. */
typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;

typedef enum hipMemRangeCoherencyMode {
  hipMemRangeCoherencyModeFineGrain = 0,
  hipMemRangeCoherencyModeCoarseGrain = 1,
  hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;

typedef enum hipMemRangeAttribute {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;

/* ---- stream capture ---- */

typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal,
  hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;

typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive,
  hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;

/* ---- graphs: what a capture records, instantiated and launched (docs/mockhip/runtime.md,
   "Graphs") */

typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeBatchMemOp = 14,
  hipGraphNodeTypeCount
} hipGraphNodeType;

typedef void (*hipHostFn_t)(void *userData);
typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void *userData;
} hipHostNodeParams;

typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void **extra;
  void *func;
  dim3 gridDim;
  void **kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;

typedef struct hipMemsetParams {
  void *dst;
  unsigned int elementSize;
  size_t height;
  size_t pitch;
  unsigned int value;
  size_t width;
} hipMemsetParams;

typedef struct HIP_MEMSET_NODE_PARAMS {
  hipDeviceptr_t dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} HIP_MEMSET_NODE_PARAMS;

typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4,
  hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

typedef enum hipGraphInstantiateResult {
  hipGraphInstantiateSuccess = 0,
  hipGraphInstantiateError = 1,
  hipGraphInstantiateInvalidStructure = 2,
  hipGraphInstantiateNodeOperationNotSupported = 3,
  hipGraphInstantiateMultipleDevicesNotSupported = 4
} hipGraphInstantiateResult;

typedef struct hipGraphInstantiateParams {
  hipGraphNode_t errNode_out;
  unsigned long long flags;
  hipGraphInstantiateResult result_out;
  hipStream_t uploadStream;
} hipGraphInstantiateParams;

typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0x0,
  hipGraphExecUpdateError = 0x1,
  hipGraphExecUpdateErrorTopologyChanged = 0x2,
  hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
  hipGraphExecUpdateErrorFunctionChanged = 0x4,
  hipGraphExecUpdateErrorParametersChanged = 0x5,
  hipGraphExecUpdateErrorNotSupported = 0x6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

enum hipGraphDebugDotFlags {
  hipGraphDebugDotFlagsVerbose = 1 << 0,
  hipGraphDebugDotFlagsKernelNodeParams = 1 << 2,
  hipGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
  hipGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
  hipGraphDebugDotFlagsHostNodeParams = 1 << 5,
  hipGraphDebugDotFlagsEventNodeParams = 1 << 6,
  hipGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
  hipGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
  hipGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
  hipGraphDebugDotFlagsHandles = 1 << 10
};

/* ---- hipGetProcAddress ---- */

#define HIP_GET_PROC_ADDRESS_DEFAULT 0x0
#define HIP_GET_PROC_ADDRESS_LEGACY_STREAM 0x1
#define HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM 0x2

typedef enum hipDriverProcAddressQueryResult {
  HIP_GET_PROC_ADDRESS_SUCCESS = 0,
  HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1,
  HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2
} hipDriverProcAddressQueryResult;

/* C++ callers may leave trailing arguments out, as with ROCm's header. */
#ifdef __cplusplus
#define __dparm(x) = x
#else
#define __dparm(x)
#endif

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;

/* ---- virtual memory management types ---- */

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeNone = 0,
  hipMemLocationTypeDevice = 1,
  hipMemLocationTypeHost = 2,
  hipMemLocationTypeHostNuma = 3,
  hipMemLocationTypeHostNumaCurrent = 4
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0,
  hipMemAllocationTypePinned = 1,
  hipMemAllocationTypeManaged = 2,
  hipMemAllocationTypeUncached = 0x40000000,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4,
  hipMemHandleTypeFabric = 0x8
} hipMemAllocationHandleType;

/* ---- stream-ordered memory pools (hipMallocAsync, hipMallocFromPoolAsync) ---- */

typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 0x1,   /* int, default 1 */
  hipMemPoolReuseAllowOpportunistic = 0x2,        /* int, default 1 */
  hipMemPoolReuseAllowInternalDependencies = 0x3, /* int, default 1 */
  hipMemPoolAttrReleaseThreshold = 0x4,           /* uint64_t, default 0 */
  hipMemPoolAttrReservedMemCurrent = 0x5,         /* uint64_t, read only */
  hipMemPoolAttrReservedMemHigh = 0x6,            /* uint64_t, reset by setting 0 */
  hipMemPoolAttrUsedMemCurrent = 0x7,             /* uint64_t, read only */
  hipMemPoolAttrUsedMemHigh = 0x8                 /* uint64_t, reset by setting 0 */
} hipMemPoolAttr;

/* 88 bytes on LP64, as ROCm's (and CUDA's cudaMemPoolProps up to usage). */
typedef struct hipMemPoolProps {
  hipMemAllocationType allocType;         /* Pinned (or Managed) */
  hipMemAllocationHandleType handleTypes; /* None, or PosixFileDescriptor to share the pool */
  hipMemLocation location;                /* the device the pool's memory lives on */
  void *win32SecurityAttributes;
  size_t maxSize; /* the most the pool may hold; 0: no limit */
  unsigned char reserved[56];
} hipMemPoolProps;

/* What hipMemPoolExportPointer writes for another process's hipMemPoolImportPointer. */
typedef struct hipMemPoolPtrExportData {
  unsigned char reserved[64];
} hipMemPoolPtrExportData;

/* What hipIpcGetMemHandle and hipIpcGetEventHandle write for another process. */
typedef struct hipIpcMemHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;
typedef struct hipIpcEventHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;

typedef struct hipMemFabricHandle_st {
  unsigned char data[HIP_IPC_HANDLE_SIZE];
} hipMemFabricHandle_t;

typedef enum hipMemRangeHandleType {
  hipMemRangeHandleTypeDmaBufFd = 0x1,
  hipMemRangeHandleTypeMax = 0x7fffffff
} hipMemRangeHandleType;

typedef enum hipMemRangeFlags {
  hipMemRangeFlagDmaBufMappingTypePcie = 0x1,
  hipMemRangeFlagsMax = 0x7fffffff
} hipMemRangeFlags;

/* 32 bytes on LP64, the layout of ROCm 5.3 and later (and of CUDA). */
typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  union {
    hipMemAllocationHandleType requestedHandleType;
    hipMemAllocationHandleType requestedHandleTypes;
  };
  hipMemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
  } allocFlags;
} hipMemAllocationProp;

typedef struct ihipMemGenericAllocationHandle *hipMemGenericAllocationHandle_t;

typedef enum hipMemAllocationGranularity_flags {
  hipMemAllocationGranularityMinimum = 0x0,
  hipMemAllocationGranularityRecommended = 0x1
} hipMemAllocationGranularity_flags;

typedef enum hipMemHandleType { hipMemHandleTypeGeneric = 0x0 } hipMemHandleType;

typedef enum hipMemOperationType {
  hipMemOperationTypeMap = 0x1,
  hipMemOperationTypeUnmap = 0x2
} hipMemOperationType;

typedef enum hipArraySparseSubresourceType {
  hipArraySparseSubresourceTypeSparseLevel = 0x0,
  hipArraySparseSubresourceTypeMiptail = 0x1
} hipArraySparseSubresourceType;

/* ---- arrays, pitched memory and their copies: ROCm's <hip/driver_types.h> ---- */

#include <hip/driver_types.h>

typedef struct hipArrayMapInfo {
  hipResourceType resourceType;
  union {
    hipMipmappedArray mipmap;
    hipArray_t array;
  } resource;
  hipArraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  hipMemOperationType memOperationType;
  hipMemHandleType memHandleType;
  union {
    hipMemGenericAllocationHandle_t memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} hipArrayMapInfo;

/* ---- initialisation, devices, versions, errors ---- */

MOCKHIP_API hipError_t hipInit(unsigned int flags);
/* How many devices there are (mockhip: MOCKHIP_DEVICES, 1 by default). Devices are numbered
   0 .. count - 1; a VMM location or access descriptor naming another id is refused.
   count NULL: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipGetDeviceCount(int *count);
/* Makes deviceId the calling thread's current device: the one copies run on, and the one
   whose access to VMM memory hipMemSetAccess must have granted. A bad id:
   hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipSetDevice(int deviceId);
MOCKHIP_API hipError_t hipGetDevice(int *deviceId);
MOCKHIP_API hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId);
/* Whether deviceId can reach peerDeviceId's memory at all (1 or 0; a device and itself: 0).
   It grants nothing: VMM memory still needs hipMemSetAccess for the peer. NULL:
   hipErrorInvalidValue; a bad id: hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
MOCKHIP_API hipError_t hipDeviceSynchronize(void);
MOCKHIP_API hipError_t hipDriverGetVersion(int *driverVersion);
MOCKHIP_API hipError_t hipRuntimeGetVersion(int *runtimeVersion);
MOCKHIP_API const char *hipGetErrorName(hipError_t hip_error);
MOCKHIP_API const char *hipGetErrorString(hipError_t hipError);
MOCKHIP_API hipError_t hipDrvGetErrorName(hipError_t hipError, const char **errorString);
MOCKHIP_API hipError_t hipDrvGetErrorString(hipError_t hipError, const char **errorString);
MOCKHIP_API hipError_t hipGetLastError(void);
MOCKHIP_API hipError_t hipPeekAtLastError(void);
MOCKHIP_API hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
MOCKHIP_API hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
MOCKHIP_API hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
MOCKHIP_API hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device);
MOCKHIP_API hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
MOCKHIP_API hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
MOCKHIP_API hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600 *prop, int deviceId);
/* ROCm 6.0 and later version the properties; the unversioned name is this inline. */
static inline hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId) {
  return hipGetDevicePropertiesR0600(prop, deviceId);
}
MOCKHIP_API hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice,
                                                int dstDevice);
/* The link between two devices: every two are one XGMI hop apart here. The same device twice,
   a negative number or a NULL output: hipErrorInvalidValue; a number past the last:
   hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t *linktype,
                                                    uint32_t *hopcount);
/* Lets the current device use peerDeviceId's hipMalloc memory. It does not open VMM memory:
   that is what hipMemSetAccess does, per mapping. flags must be 0 (hipErrorInvalidValue);
   the current device itself: hipErrorInvalidDevice; twice: hipErrorPeerAccessAlreadyEnabled. */
MOCKHIP_API hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
MOCKHIP_API hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
MOCKHIP_API hipError_t hipDeviceReset(void);
/* The current device's limits (kept per device; docs/mockhip/runtime.md): the stack per thread
   and the initial malloc heap are settable, the scratch limits answered; PrintfFifoSize:
   hipErrorUnsupportedLimit, as ROCm's. */
MOCKHIP_API hipError_t hipDeviceGetLimit(size_t *pValue, enum hipLimit_t limit);
MOCKHIP_API hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
/* Accepted and not kept, as ROCm's: the getters answer the defaults. */
MOCKHIP_API hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig);
MOCKHIP_API hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
MOCKHIP_API hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig);
MOCKHIP_API hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
MOCKHIP_API hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
MOCKHIP_API hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
MOCKHIP_API hipError_t hipGetDeviceFlags(unsigned int *flags);
MOCKHIP_API hipError_t hipSetDeviceFlags(unsigned flags);
MOCKHIP_API hipError_t hipChooseDeviceR0600(int *device, const hipDeviceProp_tR0600 *prop);
/* ROCm 6.0 and later version the properties; the unversioned name is this inline. */
static inline hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop) {
  return hipChooseDeviceR0600(device, prop);
}
MOCKHIP_API hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId);

/* ---- kernels (run on the CPU: docs/mockhip/kernels.md) ---- */

/*
 * Launches hostFunction with args[i] pointing at its i-th argument. A host
 * compiler gives a kernel no argument table, so the mock learns a kernel's
 * argument types from its first typed launch (hipLaunchKernelGGL, or the C++
 * template below given the kernel itself); a kernel known only by its address
 * gets hipErrorInvalidDeviceFunction. Zero dimensions: hipErrorInvalidValue;
 * more than 1024 threads per block or a grid over 2^32 threads in a dimension:
 * hipErrorInvalidConfiguration; more dynamic shared memory than the device has:
 * hipErrorOutOfMemory (clr hip_module.cpp, ihipLaunchKernel_validate).
 */
MOCKHIP_API hipError_t hipLaunchKernel(const void *hostFunction, dim3 gridDim, dim3 blockDim,
                                       void **args, size_t sharedMemBytes __dparm(0),
                                       hipStream_t stream __dparm(0));

/* ---- code objects: mockhip runs kernels compiled into the program only ---- */

/* A module or function names a code object loaded at run time; mockhip loads none, so none
 * is ever valid: loading answers hipErrorNotSupported with a reason, and every call given a
 * module or function hipErrorInvalidResourceHandle (docs/mockhip/runtime.md, "What is not
 * emulated"). The types are ROCm's, for code such as hip-tests' helpers that names them. */
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;

MOCKHIP_API hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
MOCKHIP_API hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
MOCKHIP_API hipError_t hipModuleUnload(hipModule_t module);
MOCKHIP_API hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                            const char *kname);
MOCKHIP_API hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod,
                                          const char *name);
MOCKHIP_API hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                             unsigned int gridDimY, unsigned int gridDimZ,
                                             unsigned int blockDimX, unsigned int blockDimY,
                                             unsigned int blockDimZ, unsigned int sharedMemBytes,
                                             hipStream_t stream, void **kernelParams, void **extra);

/* ---- contexts: one primary context per device ---- */

/* Pushes device's primary context onto the calling thread's context stack and returns it
   (*ctx), as clr's hipCtxCreate does; the current device stays as it was, and flags are
   kept by nobody. A device out of range: hipErrorInvalidValue; ctx NULL: hipErrorInvalidValue
   (mockhip; ROCm writes through it). */
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device);
/* Pops ctx if it is the top of the calling thread's context stack; destroys nothing (a
   context is its device). ctx NULL: hipErrorInvalidValue; any other value succeeds. */
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxDestroy(hipCtx_t ctx);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxGetCurrent(hipCtx_t *ctx);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxSetCurrent(hipCtx_t ctx);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxPushCurrent(hipCtx_t ctx);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxPopCurrent(hipCtx_t *ctx);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxGetDevice(hipDevice_t *device);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipCtxSynchronize(void);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags,
                                                   int *active);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);

/* ---- ordinary device memory, copies, sets and streams ---- */

MOCKHIP_API hipError_t hipMalloc(void **ptr, size_t size);
MOCKHIP_API hipError_t hipFree(void *ptr);
MOCKHIP_API hipError_t hipMemGetInfo(size_t *free, size_t *total);
MOCKHIP_API hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
/* Copies host memory into device memory on the current device. On VMM memory the range must
   be mapped; mockhip also refuses a destination the current device may not write
   (hipErrorInvalidValue), where AMD's ROCm reports no error and the GPU faults or drops it. */
MOCKHIP_API hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t sizeBytes);
/* Copies device memory to host memory on the current device; the source must be mapped and
   readable by the current device (mockhip: hipErrorInvalidValue otherwise, naming the
   mapping and the access it has). */
MOCKHIP_API hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
/* Copies between two device ranges (of one or two devices); the same access rules as
   hipMemcpyHtoD for dst and hipMemcpyDtoH for src. */
MOCKHIP_API hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
/* Copies sizeBytes from srcDeviceId's memory to dstDeviceId's; needs no peer access
   enabled. A bad device id: hipErrorInvalidDevice; a NULL pointer, or VMM memory the named
   device may not read (src) or write (dst): hipErrorInvalidValue (mockhip). */
MOCKHIP_API hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId,
                                     size_t sizeBytes);
MOCKHIP_API hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
MOCKHIP_API hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
MOCKHIP_API hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
MOCKHIP_API hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
                                      hipMemcpyKind kind, hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, const void *src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src,
                                          int srcDevice, size_t sizeBytes,
                                          hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes,
                                      hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                                        hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                                         hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipStreamCreate(hipStream_t *stream);
MOCKHIP_API hipError_t hipStreamDestroy(hipStream_t stream);
MOCKHIP_API hipError_t hipStreamSynchronize(hipStream_t stream);
MOCKHIP_API hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
MOCKHIP_API hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                                         hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags);
MOCKHIP_API hipError_t hipMallocManaged(void **dev_ptr, size_t size,
                                        unsigned int flags __dparm(hipMemAttachGlobal));
MOCKHIP_API hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream);
MOCKHIP_API hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream);
MOCKHIP_API hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags);
MOCKHIP_API hipError_t hipHostFree(void *ptr);
HIP_DEPRECATED("use hipHostFree instead")
MOCKHIP_API hipError_t hipFreeHost(void *ptr);
/* ROCm's deprecated names for hipHostMalloc: hipMallocHost without flags; hipHostAlloc takes
   only Portable, Mapped and WriteCombined (flags above their sum: hipErrorInvalidValue). */
HIP_DEPRECATED("use hipHostMalloc instead")
MOCKHIP_API hipError_t hipMallocHost(void **ptr, size_t size);
HIP_DEPRECATED("use hipHostMalloc instead")
MOCKHIP_API hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags);
/* hipHostMalloc(ptr, size, 0) under another deprecated name. */
HIP_DEPRECATED("use hipHostMalloc instead")
MOCKHIP_API hipError_t hipMemAllocHost(void **ptr, size_t size);
/* The size of the allocation ptr lies in; memory the runtime does not know:
   hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemPtrGetInfo(void *ptr, size_t *size);
/* Checks its arguments as ROCm does and changes nothing: every device and the host share the
   mock's memory. */
MOCKHIP_API hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr,
                                               size_t length __dparm(0),
                                               unsigned int flags __dparm(hipMemAttachSingle));
MOCKHIP_API hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
MOCKHIP_API hipError_t hipHostUnregister(void *hostPtr);
MOCKHIP_API hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
MOCKHIP_API hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
MOCKHIP_API hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice,
                                    int device);
MOCKHIP_API hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device,
                                           hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemRangeGetAttribute(void *data, size_t data_size,
                                               hipMemRangeAttribute attribute, const void *dev_ptr,
                                               size_t count);
MOCKHIP_API hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes,
                                                hipMemRangeAttribute *attributes,
                                                size_t num_attributes, const void *dev_ptr,
                                                size_t count);
/* __device__ and __constant__ variables: symbol is the variable's address (HIP_SYMBOL). */
MOCKHIP_API hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
MOCKHIP_API hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
MOCKHIP_API hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes,
                                         size_t offset __dparm(0),
                                         hipMemcpyKind kind __dparm(hipMemcpyHostToDevice));
MOCKHIP_API hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes,
                                              size_t offset, hipMemcpyKind kind,
                                              hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes,
                                           size_t offset __dparm(0),
                                           hipMemcpyKind kind __dparm(hipMemcpyDeviceToHost));
MOCKHIP_API hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes,
                                                size_t offset, hipMemcpyKind kind,
                                                hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize,
                                             hipDeviceptr_t dptr);
MOCKHIP_API hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
/* One attribute of the memory object ptr lies in, written to data as ROCm writes it (MEMORY_TYPE,
   BUFFER_ID, RANGE_SIZE and ACCESS_FLAGS 4 bytes; SYNC_MEMOPS, IS_MANAGED and MAPPED a bool;
   DEVICE_ORDINAL an int; the rest a pointer). An array handle's MEMORY_TYPE is
   hipMemoryTypeArray. NULL data or ptr, memory of no object (its default written):
   hipErrorInvalidValue; the attributes ROCm does not support: hipErrorNotSupported. */
MOCKHIP_API hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr);
/* hipPointerGetAttribute for each of numAttributes attributes into data[i]; each one's failure
   leaves its default and the call succeeds, as ROCm's. numAttributes 0, a NULL array or
   pointer (data[i] too): hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                  hipPointer_attribute *attributes, void **data,
                                                  hipDeviceptr_t ptr);
/* Sets HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS (*value 0 or 1, an unsigned int) of the object ptr
   lies in; kept for hipPointerGetAttribute, nothing else changes (the mock's synchronous copies
   finish before they return). Another attribute, another value, NULL: hipErrorInvalidValue;
   memory of no object: hipErrorInvalidDevicePointer. */
MOCKHIP_API hipError_t hipPointerSetAttribute(const void *value, hipPointer_attribute attribute,
                                              hipDeviceptr_t ptr);

/* ---- stream-ordered memory pools: hipMallocAsync takes from the stream's device's
   current pool, hipFreeAsync gives back to the pool ---- */

/* The device's own pool, made with the device (and again by hipDeviceReset); it is also the
   current pool until hipDeviceSetMemPool. NULL mem_pool: hipErrorInvalidValue; a bad device:
   hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device);
/* Makes mem_pool the one hipMallocAsync takes from on device. It must be a pool of that
   device (else hipErrorInvalidDevice); NULL or a device past the last: hipErrorInvalidValue;
   while this thread captures, or any stream captures in Global mode:
   hipErrorStreamCaptureUnsupported. */
MOCKHIP_API hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
/* The device's current pool. NULL or a device past the last: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device);
/* A new pool on pool_props->location (a device), Pinned or Managed; handleTypes
   PosixFileDescriptor makes it shareable with another process. Destroy it. NULL, another
   type or location, or a device past the last: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props);
/* Destroys a pool made by hipMemPoolCreate or imported; its allocations not yet freed keep it
   alive until they are. A device's default pool, NULL or no pool: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
/* Sets one hipMemPoolAttr from *value (int for the Reuse ones, uint64_t for the others): the
   reuse rules, the release threshold, or 0 to reset a High mark. Current values, a High mark
   other than 0, an unknown attribute or NULL: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void *value);
/* Reads one hipMemPoolAttr into *value. An unknown attribute or NULL: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                              void *value);
/* Grants other devices access to every allocation of the pool, present and future. The pool's
   own device always has ReadWrite: None for it is hipErrorInvalidDevice, Read
   hipErrorNotSupported. More descriptors than devices or a bad id: hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list,
                                           size_t count);
/* The access location (a device) has to the pool's memory. */
MOCKHIP_API hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool,
                                           hipMemLocation *location);
/* Gives the pool's cached free memory back until at most min_bytes_to_hold stay cached. */
MOCKHIP_API hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
/* hipMallocAsync from a given pool: size bytes, ordered on stream; 0 bytes: *dev_ptr NULL.
   NULL dev_ptr or pool: hipErrorInvalidValue; no room: hipErrorOutOfMemory. */
MOCKHIP_API hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                              hipStream_t stream);
/* Writes a new fd (an int the caller closes) for a pool made with handleTypes
   PosixFileDescriptor, for hipMemPoolImportFromShareableHandle in another process. */
MOCKHIP_API hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
                                                         hipMemAllocationHandleType handle_type,
                                                         unsigned int flags);
/* The pool another process exported, from its fd passed by value: (void *)(intptr_t)fd.
   Destroy it. Not a pool's fd: hipErrorOutOfMemory. */
MOCKHIP_API hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool,
                                                           void *shared_handle,
                                                           hipMemAllocationHandleType handle_type,
                                                           unsigned int flags);
/* Describes the allocation dev_ptr lies in for hipMemPoolImportPointer in another process
   (plain data: send it any way). Not pool memory of a shareable pool: hipErrorOutOfMemory. */
MOCKHIP_API hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr);
/* The exported allocation in this process, from the pool imported from the exporter's pool;
   free it (hipFree or hipFreeAsync) before the exporter does. */
MOCKHIP_API hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
                                               hipMemPoolPtrExportData *export_data);
/* ---- memory shared with another process (docs/mockhip/runtime.md, "IPC") ---- */

/* A handle another process opens to reach the hipMalloc block devPtr lies in (any byte of it).
   Not a live block of this process's own making: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *devPtr);
/* Maps the memory a handle of another process names; the same handle again gives the same
   pointer. A handle of this process: hipErrorInvalidContext; open in another context:
   hipErrorInvalidResourceHandle; flags other than hipIpcMemLazyEnablePeerAccess:
   hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle,
                                           unsigned int flags);
/* Undoes one hipIpcOpenMemHandle; the last unmaps. Memory no open made: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipIpcCloseMemHandle(void *devPtr);

/* ---- arrays and pitched memory (docs/mockhip/runtime.md, "Arrays and pitched memory") ----
 *
 * An array is device memory of the current device, charged to it as hipMalloc memory is and
 * freed by hipDeviceReset: Width x max(Height, 1) x max(Depth, 1) elements of NumChannels
 * channels, row by row, with no padding (the row pitch is Width times the element size).
 * NumChannels is 1, 2 or 4; Flags hipArrayDefault, Layered, SurfaceLoadStore or
 * TextureGather (2D only); hipArrayCubemap and an unknown format: hipErrorInvalidValue, as
 * clr's ihipArrayCreate. Textures and surfaces cannot be bound to them. */
MOCKHIP_API hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc,
                                      size_t width, size_t height __dparm(0),
                                      unsigned int flags __dparm(hipArrayDefault));
MOCKHIP_API hipError_t hipArrayCreate(hipArray_t *pHandle,
                                      const HIP_ARRAY_DESCRIPTOR *pAllocateArray);
MOCKHIP_API hipError_t hipArrayDestroy(hipArray_t array);
MOCKHIP_API hipError_t hipArray3DCreate(hipArray_t *array,
                                        const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray);
/* Pitched device memory of extent.width bytes x height x depth, its pitch the width rounded up
   to the device's texture pitch alignment; free it with hipFree. A zero extent: ptr NULL. */
MOCKHIP_API hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent);
/* A freed or unknown array: hipErrorContextIsDestroyed (clr ihipArrayDestroy); NULL:
   hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipFreeArray(hipArray_t array);
MOCKHIP_API hipError_t hipMalloc3DArray(hipArray_t *array, const struct hipChannelFormatDesc *desc,
                                        struct hipExtent extent, unsigned int flags);
MOCKHIP_API hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent,
                                       unsigned int *flags, hipArray_t array);
MOCKHIP_API hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *pArrayDescriptor,
                                             hipArray_t array);
MOCKHIP_API hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *pArrayDescriptor,
                                               hipArray_t array);
/* Like hipMalloc, width bytes x height rows with *pitch bytes between rows; free with hipFree. */
MOCKHIP_API hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
/* hipMallocPitch after the driver form's checks: widthInBytes or height 0, elementSizeBytes not
   4, 8 or 16: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes,
                                        size_t height, unsigned int elementSizeBytes);
/* Rows of width bytes from src (spitch apart) to dst (dpitch apart), on the current device.
   width over a pitch: hipErrorInvalidPitchValue; each side is checked as hipMemcpy checks it,
   over every byte from its first row's start to its last row's end. */
MOCKHIP_API hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                   size_t width, size_t height, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipMemcpyParam2D(const hip_Memcpy2D *pCopy);
MOCKHIP_API hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *pCopy,
                                             hipStream_t stream __dparm(0));
/* hipMemcpyParam2D's copy, no different here: the mock has no alignment to relax. */
MOCKHIP_API hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *pCopy);
/* count bytes between host memory and an array's first row, offset bytes into it; a NULL or
   freed array or host pointer, or bytes past the row: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemcpyAtoH(void *dst, hipArray_t srcArray, size_t srcOffset,
                                     size_t count);
MOCKHIP_API hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void *srcHost,
                                     size_t count);
/* The same bytes of a first row from an array to device memory, from device memory to an
   array, and from array to array (ROCm 6.2's), and the Async forms of hipMemcpyAtoH and
   hipMemcpyHtoA, in stream order (captured as a memcpy node). */
MOCKHIP_API hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount);
MOCKHIP_API hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset,
                                     hipDeviceptr_t srcDevice, size_t ByteCount);
MOCKHIP_API hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                     size_t srcOffset, size_t ByteCount);
MOCKHIP_API hipError_t hipMemcpyAtoHAsync(void *dstHost, hipArray_t srcArray, size_t srcOffset,
                                          size_t ByteCount, hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset,
                                          const void *srcHost, size_t ByteCount,
                                          hipStream_t stream);
/* hipMemcpyAsync's copy on stream, then the host waits for the stream. */
MOCKHIP_API hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes,
                                           hipMemcpyKind kind, hipStream_t stream);
/* Sets extent (width bytes x height rows x depth slices) into device memory at a pitched
   pointer, rows pitch bytes apart and slices pitch * ysize; a pitch equal to the width sets one
   run of bytes. An empty extent sets nothing; a NULL pointer, memory that is not device memory
   the current device may write, a pitch of 0 or less than xsize: hipErrorInvalidValue.
   hipMemset2D is hipMemset3D of {dst, pitch, width, height} and extent {width, height, 1}. */
MOCKHIP_API hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
MOCKHIP_API hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width,
                                        size_t height, hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
MOCKHIP_API hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                        hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                        size_t width, size_t height, hipMemcpyKind kind,
                                        hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                          const void *src, size_t spitch, size_t width,
                                          size_t height, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                               const void *src, size_t spitch, size_t width,
                                               size_t height, hipMemcpyKind kind,
                                               hipStream_t stream __dparm(0));
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                        const void *src, size_t count, hipMemcpyKind kind);
HIP_DEPRECATED(HIP_DEPRECATED_MSG)
MOCKHIP_API hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t srcArray, size_t wOffset,
                                          size_t hOffset, size_t count, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src,
                                            size_t wOffset, size_t hOffset, size_t width,
                                            size_t height, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
                                                 size_t wOffset, size_t hOffset, size_t width,
                                                 size_t height, hipMemcpyKind kind,
                                                 hipStream_t stream __dparm(0));
/* One of srcArray and srcPtr, one of dstArray and dstPtr; positions and the extent's width are
   in elements on an array side, in bytes on a pitched side (clr ihipMemcpy3D_validate). */
MOCKHIP_API hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p);
MOCKHIP_API hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p,
                                        hipStream_t stream __dparm(0));
MOCKHIP_API hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *pCopy);
MOCKHIP_API hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *pCopy, hipStream_t stream);
/* Mipmapped arrays: ROCm on Linux has none (clr ihipMipmapArrayCreate asks for the
   cl_khr_mipmap_image extension, which only its Windows device enables), so creation answers
   hipErrorNotSupported after ROCm's argument checks, and no handle is ever valid. */
MOCKHIP_API hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray,
                                               const struct hipChannelFormatDesc *desc,
                                               struct hipExtent extent, unsigned int numLevels,
                                               unsigned int flags __dparm(0));
MOCKHIP_API hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
MOCKHIP_API hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray,
                                                 hipMipmappedArray_const_t mipmappedArray,
                                                 unsigned int level);
MOCKHIP_API hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *pHandle,
                                               HIP_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                               unsigned int numMipmapLevels);
MOCKHIP_API hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray);
MOCKHIP_API hipError_t hipMipmappedArrayGetLevel(hipArray_t *pLevelArray,
                                                 hipMipmappedArray_t hMipMappedArray,
                                                 unsigned int level);

/* ---- texture objects (runtime/memory/texture.c): ROCm's <hip/texture_types.h> ---- */

#include <hip/texture_types.h>

/* A texture object reads an array, linear or pitched device memory; kernels sample it with
   tex1Dfetch, tex1D, tex2D, tex3D and tex2Dgather. Mipmapped arrays are refused as ROCm on
   Linux refuses them (hipErrorNotSupported). */
MOCKHIP_API hipError_t hipCreateTextureObject(hipTextureObject_t *pTexObject,
                                              const hipResourceDesc *pResDesc,
                                              const hipTextureDesc *pTexDesc,
                                              const struct hipResourceViewDesc *pResViewDesc);
MOCKHIP_API hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
MOCKHIP_API hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *pResDesc,
                                                       hipTextureObject_t textureObject);
MOCKHIP_API hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *pResViewDesc,
                                                           hipTextureObject_t textureObject);
MOCKHIP_API hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *pTexDesc,
                                                      hipTextureObject_t textureObject);
MOCKHIP_API hipError_t hipTexObjectCreate(hipTextureObject_t *pTexObject,
                                          const HIP_RESOURCE_DESC *pResDesc,
                                          const HIP_TEXTURE_DESC *pTexDesc,
                                          const HIP_RESOURCE_VIEW_DESC *pResViewDesc);
MOCKHIP_API hipError_t hipTexObjectDestroy(hipTextureObject_t texObject);

/* ---- streams and events: work runs at call time, so nothing is ever pending ---- */

MOCKHIP_API hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
MOCKHIP_API hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags,
                                                   int priority);
MOCKHIP_API hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
MOCKHIP_API hipError_t hipStreamQuery(hipStream_t stream);
MOCKHIP_API hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                                          unsigned int flags __dparm(0));
MOCKHIP_API hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags);
MOCKHIP_API hipError_t hipStreamGetPriority(hipStream_t stream, int *priority);
MOCKHIP_API hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device);
/* A stream that keeps a mask of the compute units it may use (32 per word); the getter answers
   the device's full mask ANDed with the stream's (runtime/streams/cu_mask.c). */
MOCKHIP_API hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize,
                                                    const uint32_t *cuMask);
MOCKHIP_API hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                             uint32_t *cuMask);
/* Host work on a stream runs at the call, as all stream work does here: the callback (with
 * hipSuccess) or the function is called before the call returns, on the calling thread. */
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);
MOCKHIP_API hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                            void *userData, unsigned int flags);
MOCKHIP_API hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData);
MOCKHIP_API hipError_t hipEventCreate(hipEvent_t *event);
MOCKHIP_API hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
MOCKHIP_API hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream __dparm(NULL));
MOCKHIP_API hipError_t hipEventQuery(hipEvent_t event);
MOCKHIP_API hipError_t hipEventSynchronize(hipEvent_t event);
MOCKHIP_API hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
MOCKHIP_API hipError_t hipEventDestroy(hipEvent_t event);
/* ---- stream memory operations (stream_ops.c) ---- */

/* Flags of hipStreamWaitValue32/64: the condition on (*ptr & mask). */
#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3
/* The stream's later work waits until the word at ptr meets the condition flags names. */
MOCKHIP_API hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value,
                                            unsigned int flags, uint32_t mask __dparm(0xFFFFFFFF));
MOCKHIP_API hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value,
                                            unsigned int flags,
                                            uint64_t mask __dparm(0xFFFFFFFFFFFFFFFF));
/* Writes value to ptr when the stream reaches it. */
MOCKHIP_API hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value,
                                             unsigned int flags);
MOCKHIP_API hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value,
                                             unsigned int flags);

/* ---- stream capture: work queued on a capturing stream becomes a graph's nodes ---- */

MOCKHIP_API hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
MOCKHIP_API hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph);
MOCKHIP_API hipError_t hipStreamIsCapturing(hipStream_t stream,
                                            hipStreamCaptureStatus *pCaptureStatus);
MOCKHIP_API hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                               hipStreamCaptureStatus *pCaptureStatus,
                                               unsigned long long *pId);
MOCKHIP_API hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode);
MOCKHIP_API hipError_t hipGraphDestroy(hipGraph_t graph);

/* A capture looked into while it runs: its graph (a live graph from then on, which nodes may be
   added to by hand, and which is not destroyed before the capture ends) and what the stream's
   next work depends on, in a buffer of the stream's kept until its next call. */
MOCKHIP_API hipError_t hipStreamGetCaptureInfo_v2(
    hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
    unsigned long long *id_out __dparm(0), hipGraph_t *graph_out __dparm(0),
    const hipGraphNode_t **dependencies_out __dparm(0), size_t *numDependencies_out __dparm(0));
/* A capture into a graph of the program's, its work after `dependencies` (edge data: NULL, as
   ROCm takes none); the nodes there already are never unjoined branches, and hipStreamEndCapture
   answers the same graph. */
typedef enum hipGraphDependencyType {
  hipGraphDependencyTypeDefault = 0,
  hipGraphDependencyTypeProgrammatic = 1
} hipGraphDependencyType;
typedef struct hipGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type; /* a hipGraphDependencyType */
} hipGraphEdgeData;
MOCKHIP_API hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                    const hipGraphNode_t *dependencies,
                                                    const hipGraphEdgeData *dependencyData,
                                                    size_t numDependencies,
                                                    hipStreamCaptureMode mode);
typedef enum hipStreamUpdateCaptureDependenciesFlags {
  hipStreamAddCaptureDependencies = 0, /* add the nodes to the set */
  hipStreamSetCaptureDependencies,     /* replace the set with them */
} hipStreamUpdateCaptureDependenciesFlags;
MOCKHIP_API hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                          hipGraphNode_t *dependencies,
                                                          size_t numDependencies,
                                                          unsigned int flags __dparm(0));

/* ---- graphs: built by capture or by hand, instantiated, launched: every node runs, in an
   order its dependencies allow, when hipGraphLaunch is called (docs/mockhip/runtime.md,
   "Graphs") */

/* An empty graph; flags must be 0. */
MOCKHIP_API hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags);
/* Nodes: each after the numDependencies nodes of the same graph in pDependencies (no node
   twice). The memory a copy or set names is checked now, as hipMemcpyAsync's and
   hipMemsetAsync's are, and again at each launch. A kernel node copies the argument values
   kernelParams points to; func must be a kernel mockhip has learnt the argument types of
   (one launched with hipLaunchKernelGGL, or the kernel itself passed to hipLaunchKernel),
   else hipErrorInvalidDeviceFunction. */
MOCKHIP_API hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t *pDependencies,
                                             size_t numDependencies,
                                             const hipKernelNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t *pDependencies,
                                               size_t numDependencies, void *dst, const void *src,
                                               size_t count, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t *pDependencies,
                                             size_t numDependencies,
                                             const hipMemsetParams *pMemsetParams);
MOCKHIP_API hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                            const hipGraphNode_t *pDependencies,
                                            size_t numDependencies);
/* from[i] must run before to[i]. A cycle is refused when the graph is instantiated. */
MOCKHIP_API hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from,
                                               const hipGraphNode_t *to, size_t numDependencies);
/* The nodes in the order a launch runs them (nodes NULL: only *numNodes), and the nodes
   that depend on none. */
MOCKHIP_API hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes);
MOCKHIP_API hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes,
                                            size_t *pNumRootNodes);
MOCKHIP_API hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType);
/* A copy of the graph to launch (later changes to the graph do not reach it). pErrorNode,
   pLogBuffer and bufferSize are not used, as in ROCm. */
MOCKHIP_API hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                           hipGraphNode_t *pErrorNode, char *pLogBuffer,
                                           size_t bufferSize);
/* flags: 0, hipGraphInstantiateFlagAutoFreeOnLaunch or hipGraphInstantiateFlagUseNodePriority. */
MOCKHIP_API hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                                    unsigned long long flags);
/* Runs every node now, in order, with the checks the direct calls make; the first node that
   fails stops the launch with its error. A kernel's fault is the device's sticky error. */
MOCKHIP_API hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
MOCKHIP_API hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);

/* More node kinds. A copy node takes a hipMemcpy3DParms, checked as hipMemcpy3D checks it. A
   host node runs fn(userData) on the launching thread, in its place. An event record node
   records its event on the launch's stream; an event wait node makes the launch wait for the
   event's last record. A child graph node keeps a copy of childGraph, made now; a launch runs
   its nodes where the node stands. */
MOCKHIP_API hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t *pDependencies,
                                             size_t numDependencies,
                                             const hipMemcpy3DParms *pCopyParams);
MOCKHIP_API hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies,
                                           size_t numDependencies,
                                           const hipHostNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                  const hipGraphNode_t *pDependencies,
                                                  size_t numDependencies, hipEvent_t event);
MOCKHIP_API hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t *pDependencies,
                                                size_t numDependencies, hipEvent_t event);
MOCKHIP_API hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                 const hipGraphNode_t *pDependencies,
                                                 size_t numDependencies, hipGraph_t childGraph);
/* The child graph node's own graph (not the one it was given): it goes with the node. */
MOCKHIP_API hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t *pGraph);

/* A copy of every node and edge; hipGraphNodeFindInClone finds a node's copy in it. */
MOCKHIP_API hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph);
MOCKHIP_API hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode,
                                               hipGraph_t clonedGraph);

/* A graph's shape read and undone; arrays are filled as hipGraphGetNodes fills them. */
MOCKHIP_API hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node,
                                                   hipGraphNode_t *pDependencies,
                                                   size_t *pNumDependencies);
MOCKHIP_API hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                     hipGraphNode_t *pDependentNodes,
                                                     size_t *pNumDependentNodes);
MOCKHIP_API hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to,
                                        size_t *numEdges);
MOCKHIP_API hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from,
                                                  const hipGraphNode_t *to, size_t numDependencies);
MOCKHIP_API hipError_t hipGraphDestroyNode(hipGraphNode_t node);

/* Kernel node attributes. The mock keeps them and answers them; none changes how a kernel
   runs on the CPU (there is no cache to keep a window in, no priority among CPU threads). */
typedef enum hipAccessProperty {
  hipAccessPropertyNormal = 0,
  hipAccessPropertyStreaming = 1,
  hipAccessPropertyPersisting = 2,
} hipAccessProperty;
typedef struct hipAccessPolicyWindow {
  void *base_ptr;
  hipAccessProperty hitProp;
  float hitRatio;
  hipAccessProperty missProp;
  size_t num_bytes;
} hipAccessPolicyWindow;
typedef enum hipLaunchAttributeID {
  hipLaunchAttributeAccessPolicyWindow = 1,
  hipLaunchAttributeCooperative = 2,
  hipLaunchAttributePriority = 8,
} hipLaunchAttributeID;
typedef union hipLaunchAttributeValue {
  hipAccessPolicyWindow accessPolicyWindow;
  int cooperative;
  int priority;
} hipLaunchAttributeValue;
#define hipKernelNodeAttrID hipLaunchAttributeID
#define hipKernelNodeAttributeAccessPolicyWindow hipLaunchAttributeAccessPolicyWindow
#define hipKernelNodeAttributeCooperative hipLaunchAttributeCooperative
#define hipKernelNodeAttributePriority hipLaunchAttributePriority
#define hipKernelNodeAttrValue hipLaunchAttributeValue
/* Set: one attribute at a time, as clr keeps one (a Get of another is hipErrorInvalidValue);
   a window past hipDeviceAttributeAccessPolicyMaxWindowSize (0 here) is refused. Copy: the
   source's attribute into the destination, which must hold none or the same one. */
MOCKHIP_API hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      const hipKernelNodeAttrValue *value);
MOCKHIP_API hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode,
                                                      hipKernelNodeAttrID attr,
                                                      hipKernelNodeAttrValue *value);
MOCKHIP_API hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc, hipGraphNode_t hDst);

/* User objects: destroy(ptr) runs, outside the runtime's lock, when the last reference goes;
   a graph holds references (a clone one of each), released when it is destroyed. Releasing
   more than an object has, or an object gone, does nothing, as clr. */
typedef struct hipUserObject *hipUserObject_t;
typedef enum hipUserObjectFlags {
  hipUserObjectNoDestructorSync = 0x1, /* the only flag HIP takes */
} hipUserObjectFlags;
typedef enum hipUserObjectRetainFlags {
  hipGraphUserObjectMove = 0x1, /* the graph takes over the caller's references */
} hipUserObjectRetainFlags;
MOCKHIP_API hipError_t hipUserObjectCreate(hipUserObject_t *object_out, void *ptr,
                                           hipHostFn_t destroy, unsigned int initialRefcount,
                                           unsigned int flags);
MOCKHIP_API hipError_t hipUserObjectRelease(hipUserObject_t object, unsigned int count __dparm(1));
MOCKHIP_API hipError_t hipUserObjectRetain(hipUserObject_t object, unsigned int count __dparm(1));
MOCKHIP_API hipError_t hipGraphRetainUserObject(hipGraph_t graph, hipUserObject_t object,
                                                unsigned int count __dparm(1),
                                                unsigned int flags __dparm(0));
MOCKHIP_API hipError_t hipGraphReleaseUserObject(hipGraph_t graph, hipUserObject_t object,
                                                 unsigned int count __dparm(1));

/* A node's parameters read and changed, checked as its add call checks them; a node of
   another kind is hipErrorInvalidValue. A kernel node answers its own copy of the values its
   kernelParams pointed to. */
MOCKHIP_API hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node,
                                                   hipKernelNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                   const hipKernelNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node,
                                                   hipMemcpy3DParms *pNodeParams);
MOCKHIP_API hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                   const hipMemcpy3DParms *pNodeParams);
MOCKHIP_API hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst,
                                                     const void *src, size_t count,
                                                     hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node,
                                                   hipMemsetParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                   const hipMemsetParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node,
                                                 hipHostNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                                 const hipHostNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
MOCKHIP_API hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
MOCKHIP_API hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
MOCKHIP_API hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event);

/* An exec's copy of a node changed (the graph's node stays): the next launch runs it. A copy
   node keeps its kind; a child graph node takes a graph of the same shape (else
   hipErrorUnknown, as ROCm answers). */
MOCKHIP_API hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipKernelNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       hipMemcpy3DParms *pNodeParams);
MOCKHIP_API hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node, void *dst,
                                                         const void *src, size_t count,
                                                         hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node,
                                                       const hipMemsetParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     const hipHostNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t hNode, hipEvent_t event);
MOCKHIP_API hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t hNode, hipEvent_t event);
MOCKHIP_API hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                           hipGraphNode_t node,
                                                           hipGraph_t childGraph);

/* Graph memory. An alloc node reserves its address when it is made (pNodeParams->dptr is valid
   from then on, for the nodes that use it); a launch backs it with the device's memory, which a
   free node, hipFree, hipFreeAsync, or the next launch of an exec instantiated with
   hipGraphInstantiateFlagAutoFreeOnLaunch gives back. The device attributes count what
   launches backed: used and reserved memory now and at most, the high marks reset by setting
   0. */
typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps; /* allocType Pinned, location a device */
  const hipMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr; /* written by hipGraphAddMemAllocNode */
} hipMemAllocNodeParams;

typedef enum hipGraphMemAttributeType {
  hipGraphMemAttrUsedMemCurrent = 0,     /* size_t: bytes graphs' allocations hold now */
  hipGraphMemAttrUsedMemHigh = 1,        /* ... at most since the last reset */
  hipGraphMemAttrReservedMemCurrent = 2, /* size_t: bytes held for graphs now */
  hipGraphMemAttrReservedMemHigh = 3     /* ... at most since the last reset */
} hipGraphMemAttributeType;

MOCKHIP_API hipError_t hipGraphAddMemAllocNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t *pDependencies,
                                               size_t numDependencies,
                                               hipMemAllocNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                     hipMemAllocNodeParams *pNodeParams);
MOCKHIP_API hipError_t hipGraphAddMemFreeNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t *pDependencies,
                                              size_t numDependencies, void *dev_ptr);
/* dev_ptr: where to write the node's pointer (a void **, as ROCm takes it). */
MOCKHIP_API hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void *dev_ptr);
/* value: a size_t (uint64_t); only the two high marks may be set, and only to 0. */
MOCKHIP_API hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void *value);
MOCKHIP_API hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                     void *value);
MOCKHIP_API hipError_t hipDeviceGraphMemTrim(int device);

/* Copy nodes into and out of a device variable (HIP_SYMBOL): memcpy nodes of count bytes at
   offset in it, the variable found and its bounds checked when the node is made. */
MOCKHIP_API hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                     const hipGraphNode_t *pDependencies,
                                                     size_t numDependencies, const void *symbol,
                                                     const void *src, size_t count, size_t offset,
                                                     hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                       const hipGraphNode_t *pDependencies,
                                                       size_t numDependencies, void *dst,
                                                       const void *symbol, size_t count,
                                                       size_t offset, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void *symbol,
                                                           const void *src, size_t count,
                                                           size_t offset, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void *dst,
                                                             const void *symbol, size_t count,
                                                             size_t offset, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec,
                                                               hipGraphNode_t node,
                                                               const void *symbol, const void *src,
                                                               size_t count, size_t offset,
                                                               hipMemcpyKind kind);
MOCKHIP_API hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec,
                                                                 hipGraphNode_t node, void *dst,
                                                                 const void *symbol, size_t count,
                                                                 size_t offset, hipMemcpyKind kind);

/* ---- an exec's nodes switched off and on, execs made with parameters or brought up to date
   with a graph, a graph written as DOT (docs/mockhip/runtime.md, "Graphs") ---- */

/* Whether the exec's copy of a kernel, memcpy or memset node runs at a launch (a disabled one
   does nothing; isEnabled is kept as given). Other kinds: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int isEnabled);
MOCKHIP_API hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                              unsigned int *isEnabled);
/* Nothing to upload on the mock: the exec and the stream are checked. */
MOCKHIP_API hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
/* hipGraphInstantiateWithFlags with its flags, result and upload stream in instantiateParams. */
MOCKHIP_API hipError_t hipGraphInstantiateWithParams(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                                     hipGraphInstantiateParams *instantiateParams);
/* The exec runs hGraph's parameters from now, where hGraph has its nodes' kinds and edges. */
MOCKHIP_API hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                          hipGraphNode_t *hErrorNode_out,
                                          hipGraphExecUpdateResult *updateResult_out);
/* The graph as a DOT digraph written to the file path. */
MOCKHIP_API hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char *path,
                                             unsigned int flags);
/* A memcpy node of a driver copy description (hipDrvMemcpy3D's), and a memset node of a driver
   set description; ctx must not be NULL for the copy, and is not read otherwise. */
MOCKHIP_API hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t *dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMCPY3D *copyParams, hipCtx_t ctx);
MOCKHIP_API hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
                                                const hipGraphNode_t *dependencies,
                                                size_t numDependencies,
                                                const HIP_MEMSET_NODE_PARAMS *memsetParams,
                                                hipCtx_t ctx);

/* ---- looking entry points up at run time ---- */

MOCKHIP_API hipError_t hipGetProcAddress(const char *symbol, void **pfn, int hipVersion,
                                         uint64_t flags,
                                         hipDriverProcAddressQueryResult *symbolStatus);

/* ---- virtual memory management ---- */

/* Step 1: reserves size bytes of virtual addresses for every device, with no memory behind
   them (touching them faults). size must be a multiple of the minimum granularity; flags 0;
   addr is only a hint (check *ptr). Bad size or alignment: hipErrorInvalidValue (ROCm 6.x:
   hipErrorMemoryAllocation); no room: hipErrorOutOfMemory. */
MOCKHIP_API hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
                                            unsigned long long flags);
/* Gives back a whole reservation (size is not compared; any address in it frees all of it).
   Unmap everything first: with mappings left it fails with hipErrorUnknown (mockhip keeps
   the reservation; ROCm has already forgotten it). Not a reservation: hipErrorInvalidValue
   (ROCm 6.x crashes). */
MOCKHIP_API hipError_t hipMemAddressFree(void *devPtr, size_t size);
/* Step 2: allocates size bytes of physical memory at prop->location and returns a handle;
   no address yet. size must be a multiple of the granularity (not of 2048:
   hipErrorInvalidValue; of 2048 but not 4096: hipErrorOutOfMemory). Set
   prop->requestedHandleTypes now to export it later. Bad device id: hipErrorInvalidDevice. */
MOCKHIP_API hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
                                    const hipMemAllocationProp *prop, unsigned long long flags);
/* Drops the handle's reference: once per hipMemCreate, import or retain, however often it is
   mapped. The memory lives until its last mapping is unmapped, so release right after map is
   fine. ROCm checks only NULL (a second release is a use after free); mockhip refuses a
   handle with no reference left with hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
/* Step 3: places the first size bytes of the handle's memory at ptr, inside one reservation
   and over no other mapping; the same handle may be mapped at several addresses. offset and
   flags must be 0; size a multiple of the granularity. Nobody may access it until
   hipMemSetAccess. Bad range: hipErrorInvalidValue (ROCm 6.x: hipSuccess, nothing mapped). */
MOCKHIP_API hipError_t hipMemMap(void *ptr, size_t size, size_t offset,
                                 hipMemGenericAllocationHandle_t handle, unsigned long long flags);
/* Removes whole mappings: size must add up to one or more adjacent mappings counted from
   the one holding ptr (never part of one), and their access goes with them. Not mapped, or
   part of a mapping: hipErrorInvalidValue (ROCm 6.2/6.3 do not check the size, and crash on
   an address that is not mapped). */
MOCKHIP_API hipError_t hipMemUnmap(void *ptr, size_t size);
/* Step 4: grants each desc[i].location ReadWrite, Read or None on whole mappings in
   [ptr, ptr + size). Every new mapping starts with no access for anyone, even the device
   that owns the memory. A hole, part of a mapping, bad flags or a bad location:
   hipErrorInvalidValue (ROCm 6.x widens part of a mapping to the whole one). */
MOCKHIP_API hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc,
                                       size_t count);
/* The access location (a device) has to the mapping holding ptr: 0 (None, also when never
   set), 1 (Read) or 3 (ReadWrite). A host location, a bad id or an address no mapping
   holds: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location,
                                       void *ptr);
/* The size unit for prop's location: Minimum (4096, the page: every size must be a multiple)
   or Recommended (2 MiB in the newest ROCm, faster; 4096 up to ROCm 7.2). Ask before
   sizing anything. NULL, a bad location or a bad option: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemGetAllocationGranularity(size_t *granularity,
                                                      const hipMemAllocationProp *prop,
                                                      hipMemAllocationGranularity_flags option);
/* Copies the properties the handle was created with (an imported handle: Pinned, on the
   current device, with the import's handle type). NULL: hipErrorInvalidValue; ROCm does not
   validate the handle, so a released one is a use after free (mockhip: InvalidValue). */
MOCKHIP_API hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle);
/* The handle mapped at addr (any address inside the mapping). In the newest ROCm it adds a
   reference: release it (ROCm 7.2 and older add none). An address no mapping holds, or
   hipMalloc memory: hipErrorInvalidValue (ROCm 6.x crashes on the latter). */
MOCKHIP_API hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle,
                                                    void *addr);
/* Writes an OS handle for the memory at *shareableHandle: for PosixFileDescriptor a new fd
   (an int) the caller owns and closes, to pass to another process (over a unix socket).
   handleType must equal prop.requestedHandleTypes at create, else hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemExportToShareableHandle(void *shareableHandle,
                                                     hipMemGenericAllocationHandle_t handle,
                                                     hipMemAllocationHandleType handleType,
                                                     unsigned long long flags);
/* Turns an exported fd into a new handle of this process (release it; close the fd). Pass
   the fd's value, (void *)(intptr_t)fd, not &fd: the newest ROCm takes the value (6.2/6.3
   read it through the pointer). NULL, or not an exported memory fd: hipErrorInvalidValue. */
MOCKHIP_API hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle,
                                                       void *osHandle,
                                                       hipMemAllocationHandleType shHandleType);
/* Maps sparse array tiles (CUDA). Not implemented on AMD: mapInfoList NULL or count 0 is
   hipErrorInvalidValue, anything else hipErrorNotSupported, in every ROCm release. */
MOCKHIP_API hipError_t hipMemMapArrayAsync(hipArrayMapInfo *mapInfoList, unsigned int count,
                                           hipStream_t stream);
MOCKHIP_API hipError_t hipMemGetHandleForAddressRange(void *handle, hipDeviceptr_t dptr,
                                                      size_t size, hipMemRangeHandleType handleType,
                                                      unsigned long long flags);

#ifdef __cplusplus
}

/* ROCm's C++ wrappers of hipMallocFromPoolAsync: a pool as hipMallocAsync's third argument,
   and typed pointers. */
static inline hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                        hipStream_t stream) {
  return hipMallocFromPoolAsync(dev_ptr, size, mem_pool, stream);
}
template <class T>
static inline hipError_t hipMallocAsync(T **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                        hipStream_t stream) {
  return hipMallocFromPoolAsync(reinterpret_cast<void **>(dev_ptr), size, mem_pool, stream);
}
template <class T>
static inline hipError_t hipMallocFromPoolAsync(T **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                                hipStream_t stream) {
  return hipMallocFromPoolAsync(reinterpret_cast<void **>(dev_ptr), size, mem_pool, stream);
}

/* ROCm's C++ symbol calls: the variable itself (HIP_SYMBOL(x) is x), passed by its address. */
template <typename T> inline hipError_t hipGetSymbolAddress(void **devPtr, const T &symbol) {
  return ::hipGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <typename T> inline hipError_t hipGetSymbolSize(size_t *size, const T &symbol) {
  return ::hipGetSymbolSize(size, (const void *)&symbol);
}
template <typename T>
inline hipError_t hipMemcpyToSymbol(const T &symbol, const void *src, size_t sizeBytes,
                                    size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return ::hipMemcpyToSymbol((const void *)&symbol, src, sizeBytes, offset, kind);
}
template <typename T>
inline hipError_t hipMemcpyToSymbolAsync(const T &symbol, const void *src, size_t sizeBytes,
                                         size_t offset, hipMemcpyKind kind,
                                         hipStream_t stream = 0) {
  return ::hipMemcpyToSymbolAsync((const void *)&symbol, src, sizeBytes, offset, kind, stream);
}
template <typename T>
inline hipError_t hipMemcpyFromSymbol(void *dst, const T &symbol, size_t sizeBytes,
                                      size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return ::hipMemcpyFromSymbol(dst, (const void *)&symbol, sizeBytes, offset, kind);
}
template <typename T>
inline hipError_t hipMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t sizeBytes,
                                           size_t offset, hipMemcpyKind kind,
                                           hipStream_t stream = 0) {
  return ::hipMemcpyFromSymbolAsync(dst, (const void *)&symbol, sizeBytes, offset, kind, stream);
}

/* ROCm's C++ conveniences: typed pointers and default flags (off with
 * __HIP_DISABLE_CPP_FUNCTIONS__). */
#if !defined(__HIP_DISABLE_CPP_FUNCTIONS__)
template <class T> static inline hipError_t hipMalloc(T **devPtr, size_t size) {
  return hipMalloc((void **)devPtr, size);
}
template <class T>
static inline hipError_t hipHostMalloc(T **ptr, size_t size,
                                       unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc((void **)ptr, size, flags);
}
template <class T>
static inline hipError_t hipMallocManaged(T **devPtr, size_t size,
                                          unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged((void **)devPtr, size, flags);
}
template <class T>
static inline hipError_t hipMallocAsync(T **dev_ptr, size_t size, hipStream_t stream) {
  return hipMallocAsync(reinterpret_cast<void **>(dev_ptr), size, stream);
}
template <class T>
static inline hipError_t hipMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) {
  return hipMallocPitch((void **)devPtr, pitch, width, height);
}
#endif
#endif

/* A program built for a chosen release (hip_version.h) says so at start-up: mockhip plays that
   release, and warns where MOCKHIP_ROCM_VERSION plays another (mockhip_built_for_release). */
#if defined(MOCKHIP_HIP_VERSION_MAJOR) && defined(MOCKHIP_HIP_VERSION_MINOR) &&                    \
    !defined(HIP_ABI_IMPL)
#ifdef __cplusplus
extern "C" {
#endif
/* weak: a runtime without it (hip-nvidia) is told nothing */
__attribute__((weak)) void mockhip_built_for_release(int major, int minor);
#ifdef __cplusplus
}
#endif
static void __attribute__((constructor, used)) mockhip_release_of_this_program(void) {
  if (mockhip_built_for_release)
    mockhip_built_for_release(HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}
#endif

/* hipCreateChannelDesc (C, and C++'s templates), outside extern "C" as ROCm's is. */
#include <hip/channel_descriptor.h>

#endif /* MOCKHIP_HIP_RUNTIME_API_H */
