/*
 * cuda_driver.h: the part of the CUDA driver ABI (libcuda.so.1) that hip-nvidia
 * calls, declared here so that no CUDA toolkit is needed to build it.
 *
 * Names, values and layouts are NVIDIA's cuda.h (CUDA 12.x), checked one by one
 * against the CUDA Driver API reference. Only what hip-nvidia uses is here;
 * enumerations list the values it names, not every value the driver knows.
 * The functions themselves are in driver_calls.h.
 */
#ifndef HIPNV_CUDA_DRIVER_H
#define HIPNV_CUDA_DRIVER_H

#include <stddef.h>

/* ---- results: name, value ---- */

#define HIPNV_CUDA_RESULTS(X)                                                                      \
  X(CUDA_SUCCESS, 0)                                                                               \
  X(CUDA_ERROR_INVALID_VALUE, 1)                                                                   \
  X(CUDA_ERROR_OUT_OF_MEMORY, 2)                                                                   \
  X(CUDA_ERROR_NOT_INITIALIZED, 3)                                                                 \
  X(CUDA_ERROR_DEINITIALIZED, 4)                                                                   \
  X(CUDA_ERROR_PROFILER_DISABLED, 5)                                                               \
  X(CUDA_ERROR_PROFILER_NOT_INITIALIZED, 6)                                                        \
  X(CUDA_ERROR_PROFILER_ALREADY_STARTED, 7)                                                        \
  X(CUDA_ERROR_PROFILER_ALREADY_STOPPED, 8)                                                        \
  X(CUDA_ERROR_STUB_LIBRARY, 34)                                                                   \
  X(CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER, 36)                                                     \
  X(CUDA_ERROR_DEVICE_UNAVAILABLE, 46)                                                             \
  X(CUDA_ERROR_NO_DEVICE, 100)                                                                     \
  X(CUDA_ERROR_INVALID_DEVICE, 101)                                                                \
  X(CUDA_ERROR_DEVICE_NOT_LICENSED, 102)                                                           \
  X(CUDA_ERROR_INVALID_IMAGE, 200)                                                                 \
  X(CUDA_ERROR_INVALID_CONTEXT, 201)                                                               \
  X(CUDA_ERROR_CONTEXT_ALREADY_CURRENT, 202)                                                       \
  X(CUDA_ERROR_MAP_FAILED, 205)                                                                    \
  X(CUDA_ERROR_UNMAP_FAILED, 206)                                                                  \
  X(CUDA_ERROR_ARRAY_IS_MAPPED, 207)                                                               \
  X(CUDA_ERROR_ALREADY_MAPPED, 208)                                                                \
  X(CUDA_ERROR_NO_BINARY_FOR_GPU, 209)                                                             \
  X(CUDA_ERROR_ALREADY_ACQUIRED, 210)                                                              \
  X(CUDA_ERROR_NOT_MAPPED, 211)                                                                    \
  X(CUDA_ERROR_NOT_MAPPED_AS_ARRAY, 212)                                                           \
  X(CUDA_ERROR_NOT_MAPPED_AS_POINTER, 213)                                                         \
  X(CUDA_ERROR_ECC_UNCORRECTABLE, 214)                                                             \
  X(CUDA_ERROR_UNSUPPORTED_LIMIT, 215)                                                             \
  X(CUDA_ERROR_CONTEXT_ALREADY_IN_USE, 216)                                                        \
  X(CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, 217)                                                       \
  X(CUDA_ERROR_INVALID_PTX, 218)                                                                   \
  X(CUDA_ERROR_INVALID_GRAPHICS_CONTEXT, 219)                                                      \
  X(CUDA_ERROR_NVLINK_UNCORRECTABLE, 220)                                                          \
  X(CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221)                                                        \
  X(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, 222)                                                       \
  X(CUDA_ERROR_JIT_COMPILATION_DISABLED, 223)                                                      \
  X(CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY, 224)                                                     \
  X(CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC, 225)                                                      \
  X(CUDA_ERROR_INVALID_SOURCE, 300)                                                                \
  X(CUDA_ERROR_FILE_NOT_FOUND, 301)                                                                \
  X(CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, 302)                                                \
  X(CUDA_ERROR_SHARED_OBJECT_INIT_FAILED, 303)                                                     \
  X(CUDA_ERROR_OPERATING_SYSTEM, 304)                                                              \
  X(CUDA_ERROR_INVALID_HANDLE, 400)                                                                \
  X(CUDA_ERROR_ILLEGAL_STATE, 401)                                                                 \
  X(CUDA_ERROR_LOSSY_QUERY, 402)                                                                   \
  X(CUDA_ERROR_NOT_FOUND, 500)                                                                     \
  X(CUDA_ERROR_NOT_READY, 600)                                                                     \
  X(CUDA_ERROR_ILLEGAL_ADDRESS, 700)                                                               \
  X(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701)                                                       \
  X(CUDA_ERROR_LAUNCH_TIMEOUT, 702)                                                                \
  X(CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING, 703)                                                 \
  X(CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, 704)                                                   \
  X(CUDA_ERROR_PEER_ACCESS_NOT_ENABLED, 705)                                                       \
  X(CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE, 708)                                                        \
  X(CUDA_ERROR_CONTEXT_IS_DESTROYED, 709)                                                          \
  X(CUDA_ERROR_ASSERT, 710)                                                                        \
  X(CUDA_ERROR_TOO_MANY_PEERS, 711)                                                                \
  X(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, 712)                                                \
  X(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED, 713)                                                    \
  X(CUDA_ERROR_HARDWARE_STACK_ERROR, 714)                                                          \
  X(CUDA_ERROR_ILLEGAL_INSTRUCTION, 715)                                                           \
  X(CUDA_ERROR_MISALIGNED_ADDRESS, 716)                                                            \
  X(CUDA_ERROR_INVALID_ADDRESS_SPACE, 717)                                                         \
  X(CUDA_ERROR_INVALID_PC, 718)                                                                    \
  X(CUDA_ERROR_LAUNCH_FAILED, 719)                                                                 \
  X(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, 720)                                                  \
  X(CUDA_ERROR_NOT_PERMITTED, 800)                                                                 \
  X(CUDA_ERROR_NOT_SUPPORTED, 801)                                                                 \
  X(CUDA_ERROR_SYSTEM_NOT_READY, 802)                                                              \
  X(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, 803)                                                        \
  X(CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE, 804)                                                \
  X(CUDA_ERROR_MPS_CONNECTION_FAILED, 805)                                                         \
  X(CUDA_ERROR_MPS_RPC_FAILURE, 806)                                                               \
  X(CUDA_ERROR_MPS_SERVER_NOT_READY, 807)                                                          \
  X(CUDA_ERROR_MPS_MAX_CLIENTS_REACHED, 808)                                                       \
  X(CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED, 809)                                                   \
  X(CUDA_ERROR_MPS_CLIENT_TERMINATED, 810)                                                         \
  X(CUDA_ERROR_CDP_NOT_SUPPORTED, 811)                                                             \
  X(CUDA_ERROR_CDP_VERSION_MISMATCH, 812)                                                          \
  X(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, 900)                                                    \
  X(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, 901)                                                    \
  X(CUDA_ERROR_STREAM_CAPTURE_MERGE, 902)                                                          \
  X(CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, 903)                                                      \
  X(CUDA_ERROR_STREAM_CAPTURE_UNJOINED, 904)                                                       \
  X(CUDA_ERROR_STREAM_CAPTURE_ISOLATION, 905)                                                      \
  X(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, 906)                                                       \
  X(CUDA_ERROR_CAPTURED_EVENT, 907)                                                                \
  X(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, 908)                                                   \
  X(CUDA_ERROR_TIMEOUT, 909)                                                                       \
  X(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, 910)                                                     \
  X(CUDA_ERROR_EXTERNAL_DEVICE, 911)                                                               \
  X(CUDA_ERROR_INVALID_CLUSTER_SIZE, 912)                                                          \
  X(CUDA_ERROR_FUNCTION_NOT_LOADED, 913)                                                           \
  X(CUDA_ERROR_INVALID_RESOURCE_TYPE, 914)                                                         \
  X(CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION, 915)                                                \
  X(CUDA_ERROR_KEY_ROTATION, 916)                                                                  \
  X(CUDA_ERROR_STREAM_DETACHED, 917)                                                               \
  X(CUDA_ERROR_UNKNOWN, 999)

typedef enum cudaError_enum {
#define HIPNV_CUDA_RESULT_ENUM(name, value) name = value,
  HIPNV_CUDA_RESULTS(HIPNV_CUDA_RESULT_ENUM)
#undef HIPNV_CUDA_RESULT_ENUM
} CUresult;

/* ---- handles ---- */

typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef struct CUgraph_st *CUgraph;
typedef struct CUgraphNode_st *CUgraphNode;
typedef struct CUgraphExec_st *CUgraphExec;
typedef struct CUarray_st *CUarray;
typedef struct CUmipmappedArray_st *CUmipmappedArray;
typedef struct CUmemPoolHandle_st *CUmemoryPool;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUkern_st *CUkernel;
/* 64-bit platforms only: cuda.h makes both 32 bits elsewhere. */
typedef unsigned long long CUdeviceptr;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef unsigned long long cuuint64_t;

typedef struct CUuuid_st {
  char bytes[16];
} CUuuid;

/* The special streams of cuda.h; HIP's hipStreamLegacy and hipStreamPerThread
   have the same values. */
#define CU_STREAM_LEGACY ((CUstream)0x1)
#define CU_STREAM_PER_THREAD ((CUstream)0x2)

/* ---- devices ---- */

typedef enum CUdevice_attribute_enum {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
  CU_DEVICE_ATTRIBUTE_GPU_OVERLAP = 15,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
  CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH = 21,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH = 22,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT = 23,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH = 24,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT = 25,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH = 26,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
  CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT = 30,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
  CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
  CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
  CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
  CU_DEVICE_ATTRIBUTE_TCC_DRIVER = 35,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
  CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
  CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH = 45,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT = 46,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE = 47,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE = 48,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE = 49,
  CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
  CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT = 51,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH = 52,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH = 53,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS = 54,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH = 55,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH = 56,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT = 57,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH = 58,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT = 59,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH = 60,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH = 61,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS = 62,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH = 63,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT = 64,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS = 65,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH = 66,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH = 67,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS = 68,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH = 69,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH = 70,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT = 71,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH = 72,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH = 73,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT = 74,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH = 77,
  CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED = 78,
  CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED = 79,
  CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED = 80,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
  CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD = 84,
  CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID = 85,
  CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
  CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED = 90,
  CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
  CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
  CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES = 98,
  CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED = 99,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
  CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
  CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED = 104,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED = 105,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
  CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
  CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 108,
  CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 110,
  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED = 112,
  CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
  CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED = 114,
  CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED = 116,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS = 117,
  CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING = 118,
  CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES = 119,
  CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120,
  CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED = 121,
  CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED = 124,
  CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED = 125,
  CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED = 128,
  CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS = 129,
  CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID = 134
} CUdevice_attribute;

typedef enum CUdevice_P2PAttribute_enum {
  CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 0x01,
  CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 0x02,
  CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0x03,
  CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 0x04
} CUdevice_P2PAttribute;

/* ---- pointers and host memory ---- */

typedef enum CUpointer_attribute_enum {
  CU_POINTER_ATTRIBUTE_CONTEXT = 1,
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
  CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
  CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
} CUpointer_attribute;

typedef enum CUmemorytype_enum {
  CU_MEMORYTYPE_HOST = 0x01,
  CU_MEMORYTYPE_DEVICE = 0x02,
  CU_MEMORYTYPE_ARRAY = 0x03,
  CU_MEMORYTYPE_UNIFIED = 0x04
} CUmemorytype;

#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04

#define CU_MEM_ATTACH_GLOBAL 0x1
#define CU_MEM_ATTACH_HOST 0x2
#define CU_MEM_ATTACH_SINGLE 0x4

/* ---- virtual memory management ---- */

typedef enum CUmemAllocationType_enum {
  CU_MEM_ALLOCATION_TYPE_INVALID = 0x0,
  CU_MEM_ALLOCATION_TYPE_PINNED = 0x1,
  CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationType;

typedef enum CUmemAllocationHandleType_enum {
  CU_MEM_HANDLE_TYPE_NONE = 0x0,
  CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 0x1,
  CU_MEM_HANDLE_TYPE_WIN32 = 0x2,
  CU_MEM_HANDLE_TYPE_WIN32_KMT = 0x4,
  CU_MEM_HANDLE_TYPE_FABRIC = 0x8,
  CU_MEM_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemAllocationHandleType;

typedef enum CUmemLocationType_enum {
  CU_MEM_LOCATION_TYPE_INVALID = 0x0,
  CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
  CU_MEM_LOCATION_TYPE_HOST = 0x2,
  CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
  CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
  CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;

typedef enum CUmemAccess_flags_enum {
  CU_MEM_ACCESS_FLAGS_PROT_NONE = 0x0,
  CU_MEM_ACCESS_FLAGS_PROT_READ = 0x1,
  CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 0x3,
  CU_MEM_ACCESS_FLAGS_PROT_MAX = 0x7FFFFFFF
} CUmemAccess_flags;

typedef enum CUmemAllocationGranularity_flags_enum {
  CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
  CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1
} CUmemAllocationGranularity_flags;

typedef enum CUmemRangeHandleType_enum {
  CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD = 0x1,
  CU_MEM_RANGE_HANDLE_TYPE_MAX = 0x7FFFFFFF
} CUmemRangeHandleType;

typedef struct CUmemLocation_st {
  CUmemLocationType type;
  int id;
} CUmemLocation;

typedef struct CUmemAllocationProp_st {
  CUmemAllocationType type;
  CUmemAllocationHandleType requestedHandleTypes;
  CUmemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
    unsigned char reserved[4];
  } allocFlags;
} CUmemAllocationProp;

typedef struct CUmemAccessDesc_st {
  CUmemLocation location;
  CUmemAccess_flags flags;
} CUmemAccessDesc;

/* ---- stream-ordered memory pools ---- */

typedef enum CUmemPool_attribute_enum {
  CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC = 2,
  CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 3,
  CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4,
  CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5,
  CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH = 6,
  CU_MEMPOOL_ATTR_USED_MEM_CURRENT = 7,
  CU_MEMPOOL_ATTR_USED_MEM_HIGH = 8
} CUmemPool_attribute;

/* The 88 bytes have not changed since CUDA 11.2: maxSize (12.2) and usage came
   out of reserved bytes, which a driver older than them wants zero. */
typedef struct CUmemPoolProps_st {
  CUmemAllocationType allocType;
  CUmemAllocationHandleType handleTypes;
  CUmemLocation location;
  void *win32SecurityAttributes;
  size_t maxSize;
  unsigned short usage;
  unsigned char reserved[54];
} CUmemPoolProps;

typedef struct CUmemPoolPtrExportData_st {
  unsigned char reserved[64];
} CUmemPoolPtrExportData;

/* ---- sparse arrays (cuMemMapArrayAsync) ---- */

typedef enum CUresourcetype_enum {
  CU_RESOURCE_TYPE_ARRAY = 0x00,
  CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
  CU_RESOURCE_TYPE_LINEAR = 0x02,
  CU_RESOURCE_TYPE_PITCH2D = 0x03
} CUresourcetype;

typedef enum CUarraySparseSubresourceType_enum {
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL = 0,
  CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_MIPTAIL = 1
} CUarraySparseSubresourceType;

typedef enum CUmemOperationType_enum {
  CU_MEM_OPERATION_TYPE_MAP = 1,
  CU_MEM_OPERATION_TYPE_UNMAP = 2
} CUmemOperationType;

typedef enum CUmemHandleType_enum { CU_MEM_HANDLE_TYPE_GENERIC = 0 } CUmemHandleType;

typedef struct CUarrayMapInfo_st {
  CUresourcetype resourceType;
  union {
    CUmipmappedArray mipmap;
    CUarray array;
  } resource;
  CUarraySparseSubresourceType subresourceType;
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
  CUmemOperationType memOperationType;
  CUmemHandleType memHandleType;
  union {
    CUmemGenericAllocationHandle memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} CUarrayMapInfo;

/* ---- arrays and 2D copies ---- */

typedef enum CUarray_format_enum {
  CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  CU_AD_FORMAT_SIGNED_INT8 = 0x08,
  CU_AD_FORMAT_SIGNED_INT16 = 0x09,
  CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
  CU_AD_FORMAT_HALF = 0x10,
  CU_AD_FORMAT_FLOAT = 0x20
} CUarray_format;

/* CUDA_ARRAY3D_DESCRIPTOR's Flags (the driver knows more: depth textures, sparse, ...). */
#define CUDA_ARRAY3D_LAYERED 0x01
#define CUDA_ARRAY3D_SURFACE_LDST 0x02
#define CUDA_ARRAY3D_CUBEMAP 0x04
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08

typedef struct CUDA_ARRAY_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  CUarray_format Format;
  unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR;

typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
  size_t Width;
  size_t Height;
  size_t Depth;
  CUarray_format Format;
  unsigned int NumChannels;
  unsigned int Flags;
} CUDA_ARRAY3D_DESCRIPTOR;

typedef struct CUDA_MEMCPY2D_st {
  size_t srcXInBytes;
  size_t srcY;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  size_t srcPitch;
  size_t dstXInBytes;
  size_t dstY;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  size_t dstPitch;
  size_t WidthInBytes;
  size_t Height;
} CUDA_MEMCPY2D;

/* ---- stream capture ---- */

typedef enum CUstreamCaptureStatus_enum {
  CU_STREAM_CAPTURE_STATUS_NONE = 0,
  CU_STREAM_CAPTURE_STATUS_ACTIVE = 1,
  CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2
} CUstreamCaptureStatus;

typedef enum CUstreamCaptureMode_enum {
  CU_STREAM_CAPTURE_MODE_GLOBAL = 0,
  CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1,
  CU_STREAM_CAPTURE_MODE_RELAXED = 2
} CUstreamCaptureMode;

/* ---- graphs ---- */

typedef enum CUgraphNodeType_enum {
  CU_GRAPH_NODE_TYPE_KERNEL = 0,
  CU_GRAPH_NODE_TYPE_MEMCPY = 1,
  CU_GRAPH_NODE_TYPE_MEMSET = 2,
  CU_GRAPH_NODE_TYPE_HOST = 3,
  CU_GRAPH_NODE_TYPE_GRAPH = 4,
  CU_GRAPH_NODE_TYPE_EMPTY = 5,
  CU_GRAPH_NODE_TYPE_WAIT_EVENT = 6,
  CU_GRAPH_NODE_TYPE_EVENT_RECORD = 7,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL = 8,
  CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT = 9,
  CU_GRAPH_NODE_TYPE_MEM_ALLOC = 10,
  CU_GRAPH_NODE_TYPE_MEM_FREE = 11,
  CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12,
  CU_GRAPH_NODE_TYPE_CONDITIONAL = 13
} CUgraphNodeType;

typedef struct CUDA_MEMCPY3D_st {
  size_t srcXInBytes;
  size_t srcY;
  size_t srcZ;
  size_t srcLOD;
  CUmemorytype srcMemoryType;
  const void *srcHost;
  CUdeviceptr srcDevice;
  CUarray srcArray;
  void *reserved0;
  size_t srcPitch;
  size_t srcHeight;
  size_t dstXInBytes;
  size_t dstY;
  size_t dstZ;
  size_t dstLOD;
  CUmemorytype dstMemoryType;
  void *dstHost;
  CUdeviceptr dstDevice;
  CUarray dstArray;
  void *reserved1;
  size_t dstPitch;
  size_t dstHeight;
  size_t WidthInBytes;
  size_t Height;
  size_t Depth;
} CUDA_MEMCPY3D;

typedef struct CUDA_MEMSET_NODE_PARAMS_st {
  CUdeviceptr dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} CUDA_MEMSET_NODE_PARAMS;

/* ---- kernels ---- */

/* cuLaunchKernel's `extra` list: keys, each followed by its value, up to the end. */
#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)

typedef enum CUfunc_cache_enum {
  CU_FUNC_CACHE_PREFER_NONE = 0x00,
  CU_FUNC_CACHE_PREFER_SHARED = 0x01,
  CU_FUNC_CACHE_PREFER_L1 = 0x02,
  CU_FUNC_CACHE_PREFER_EQUAL = 0x03
} CUfunc_cache;

typedef enum CUsharedconfig_enum {
  CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE = 0x00,
  CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 0x01,
  CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE = 0x02
} CUsharedconfig;

/* The kernel-node parameters of cuGraphAddKernelNode_v2 (CUDA 12.0), what cuda.h calls
   CUDA_KERNEL_NODE_PARAMS: v1 without kern and ctx. */
typedef struct CUDA_KERNEL_NODE_PARAMS_v2_st {
  CUfunction func;
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  void **kernelParams;
  void **extra;
  CUkernel kern; /* launched when func is NULL */
  CUcontext ctx; /* NULL: the current context; ignored when func is set */
} CUDA_KERNEL_NODE_PARAMS;

/* The layouts the driver reads and writes (LP64). */
_Static_assert(sizeof(CUmemAllocationProp) == 32, "CUmemAllocationProp is 32 bytes in cuda.h");
_Static_assert(sizeof(CUmemAccessDesc) == 12, "CUmemAccessDesc is 12 bytes in cuda.h");
_Static_assert(sizeof(CUmemPoolProps) == 88, "CUmemPoolProps is 88 bytes in cuda.h");
_Static_assert(sizeof(CUmemPoolPtrExportData) == 64, "CUmemPoolPtrExportData is 64 bytes");
_Static_assert(sizeof(CUDA_ARRAY_DESCRIPTOR) == 24, "CUDA_ARRAY_DESCRIPTOR is 24 bytes in cuda.h");
_Static_assert(sizeof(CUDA_ARRAY3D_DESCRIPTOR) == 40,
               "CUDA_ARRAY3D_DESCRIPTOR is 40 bytes in cuda.h");
_Static_assert(sizeof(CUDA_MEMCPY2D) == 128, "CUDA_MEMCPY2D is 128 bytes in cuda.h");
_Static_assert(sizeof(CUDA_MEMCPY3D) == 200, "CUDA_MEMCPY3D is 200 bytes in cuda.h");
_Static_assert(sizeof(CUDA_MEMSET_NODE_PARAMS) == 40, "CUDA_MEMSET_NODE_PARAMS is 40 bytes");
_Static_assert(sizeof(CUDA_KERNEL_NODE_PARAMS) == 72, "CUDA_KERNEL_NODE_PARAMS_v2 is 72 bytes");
_Static_assert(sizeof(CUdeviceptr) == sizeof(void *), "hip-nvidia needs a 64-bit platform");

#endif /* HIPNV_CUDA_DRIVER_H */
