/*
 * fake_cuda.h: a CUDA driver for tests without a GPU (libfakecuda.so).
 *
 * It exports every function of driver_calls.h under the driver's symbol
 * names; hip-nvidia loads it when HIPVMM_LIBCUDA names it. A test that links
 * it too gets the same copy from dlopen, and drives it with the functions
 * below: what each call answers (scripted CUresults), what it writes to its
 * out-parameters (values), and a log of every call with its arguments, e.g.
 * "cuMemMap(0x200000,2097152,0,0x11,0)". Out-pointers are logged as "&", NULL
 * ones as "NULL"; structs with every field.
 *
 * The fake checks nothing itself, apart from what hip-nvidia's context model
 * needs to be real: cuDeviceGet refuses an ordinal past the device count, and
 * each thread has its own current context and context stack (the primary
 * context of device d is FAKE_CUDA_PRIMARY(d)). A scripted failure writes no
 * out-parameter. Every function is thread-safe.
 */
#ifndef FAKE_CUDA_H
#define FAKE_CUDA_H

#include <stddef.h>
#include <stdint.h>

#include "cuda_driver.h"

#if defined(__GNUC__)
#define FAKE_CUDA_API __attribute__((visibility("default")))
#else
#define FAKE_CUDA_API
#endif

/* The devices the fake can describe, and the attributes it keeps for each. */
#define FAKE_CUDA_MAX_DEVICES 8
#define FAKE_CUDA_MAX_ATTRIBUTE 160

#define FAKE_CUDA_PRIMARY(device) ((CUcontext)(uintptr_t)(0xc0000 + (device)))

/* The values the fake's calls write to their out-parameters: X(name, default). */
#define FAKE_CUDA_VALUES(X)                                                                        \
  X(DEVICE_COUNT, 1)                                                                               \
  X(DRIVER_VERSION, 12080)                                                                         \
  X(TOTAL_MEM, 80ULL << 30) /* cuDeviceTotalMem_v2 */                                              \
  X(MEM_FREE, 70ULL << 30)  /* cuMemGetInfo_v2 */                                                  \
  X(MEM_TOTAL, 80ULL << 30)                                                                        \
  X(POINTER, 0x7f0000200000ULL)      /* every allocation and reservation, imported pointers */     \
  X(HOST_POINTER, 0x7e0000100000ULL) /* cuMemHostAlloc */                                          \
  X(HANDLE, 0x11)                    /* cuMemCreate, retain, import */                             \
  X(GRANULARITY, 2ULL << 20)                                                                       \
  X(ACCESS_FLAGS, 3)               /* cuMemGetAccess, cuMemPoolGetAccess */                        \
  X(SHAREABLE_FD, 7)               /* cuMem(Pool)ExportToShareableHandle, POSIX fd */              \
  X(DMA_BUF_FD, 9)                 /* cuMemGetHandleForAddressRange */                             \
  X(RANGE_BASE, 0x7f0000200000ULL) /* cuMemGetAddressRange_v2 */                                   \
  X(RANGE_SIZE, 4ULL << 20)                                                                        \
  X(MEMORY_TYPE, 2) /* cuPointerGetAttributes */                                                   \
  X(IS_MANAGED, 0)                                                                                 \
  X(DEVICE_ORDINAL, 0)                                                                             \
  X(DEVICE_POINTER, 0x7f0000200000ULL)                                                             \
  X(HOST_POINTER_OF_DEVICE, 0)                                                                     \
  X(STREAM, 0x5100) /* cuStreamCreate* */                                                          \
  X(STREAM_FLAGS, 1)                                                                               \
  X(STREAM_PRIORITY, -1)                                                                           \
  X(STREAM_CTX, 0xc0000) /* cuStreamGetCtx */                                                      \
  X(PRIORITY_LEAST, 0)   /* cuCtxGetStreamPriorityRange */                                         \
  X(PRIORITY_GREATEST, -5)                                                                         \
  X(EVENT, 0xe100)       /* cuEventCreate */                                                       \
  X(ELAPSED_US, 1500)    /* cuEventElapsedTime, in microseconds */                                 \
  X(GRAPH, 0x6100)       /* cuStreamEndCapture, cuGraphCreate */                                   \
  X(GRAPH_NODE, 0x6300)  /* cuGraphAdd*Node, and each node cuGraphGet(Root)Nodes writes */         \
  X(GRAPH_NODE_COUNT, 2) /* cuGraphGetNodes, cuGraphGetRootNodes */                                \
  X(GRAPH_NODE_TYPE, 1)  /* cuGraphNodeGetType */                                                  \
  X(GRAPH_EXEC, 0x6400)  /* cuGraphInstantiateWithFlags */                                         \
  X(CAPTURE_STATUS, 1)   /* cuStreamIsCapturing, GetCaptureInfo */                                 \
  X(CAPTURE_ID, 42)                                                                                \
  X(CAPTURE_MODE, 2) /* what cuThreadExchangeStreamCaptureMode gives */                            \
  X(CAN_ACCESS_PEER, 1)                                                                            \
  X(P2P_VALUE, 1)                                                                                  \
  X(PRIMARY_FLAGS, 0) /* cuDevicePrimaryCtxGetState */                                             \
  X(PRIMARY_ACTIVE, 1)                                                                             \
  X(PRIMARY_DESTROYED, 0)      /* bit d: device d's primary context reset, not retained since */   \
  X(MEM_POOL, 0x7100)          /* cuDevice(Get|GetDefault)MemPool, cuMemPoolCreate, pool import */ \
  X(POOL_ATTRIBUTE, 1)         /* cuMemPoolGetAttribute: an int for 1-3, 64 bits for 4-8 */        \
  X(EXPORT_BYTE, 0x40)         /* cuMemPoolExportPointer writes bytes EXPORT_BYTE + i */           \
  X(MODULE, 0x3100)            /* cuModuleLoad, cuModuleLoadData */                                \
  X(FUNCTION, 0xf100)          /* cuModuleGetFunction, cuKernelGetFunction */                      \
  X(GLOBAL, 0x7f0000300000ULL) /* cuModuleGetGlobal_v2 */                                          \
  X(GLOBAL_BYTES, 256)                                                                             \
  X(ARRAY, 0xa100)           /* cuArrayCreate_v2, cuArray3DCreate_v2 */                            \
  X(MIPMAPPED_ARRAY, 0xb100) /* cuMipmappedArrayCreate */                                          \
  X(LEVEL_ARRAY, 0xa200)     /* cuMipmappedArrayGetLevel: this plus the level */                   \
  X(PITCH, 512)              /* cuMemAllocPitch_v2 */                                              \
  X(ARRAY_WIDTH, 64)         /* cuArrayGetDescriptor_v2, cuArray3DGetDescriptor_v2 */              \
  X(ARRAY_HEIGHT, 32)                                                                              \
  X(ARRAY_DEPTH, 0)                                                                                \
  X(ARRAY_FORMAT, 0x20) /* CU_AD_FORMAT_FLOAT */                                                   \
  X(ARRAY_CHANNELS, 4)                                                                             \
  X(ARRAY_FLAGS, 0)

typedef enum fake_cuda_value {
#define FAKE_CUDA_VALUE_ENUM(name, value) FAKE_##name,
  FAKE_CUDA_VALUES(FAKE_CUDA_VALUE_ENUM)
#undef FAKE_CUDA_VALUE_ENUM
      FAKE_VALUE_COUNT
} fake_cuda_value;

/* Back to the start: no scripted results, an empty log, every value its
   default; the calling thread's current context and stack emptied. */
FAKE_CUDA_API void fake_cuda_reset(void);

/* The next call of `symbol` (as exported: "cuMemAlloc_v2") answers result. */
FAKE_CUDA_API void fake_cuda_fail_next(const char *symbol, CUresult result);
/* Every call of `symbol` answers result until reset; CUDA_SUCCESS ends it. */
FAKE_CUDA_API void fake_cuda_fail_always(const char *symbol, CUresult result);

FAKE_CUDA_API void fake_cuda_set(fake_cuda_value which, unsigned long long value);
/* cuDeviceGetAttribute's answer for (device, attribute); 0 unless set, but
   for a plausible device: VMM 1, compute capability 9.0, warp 32, unified
   addressing 1. */
FAKE_CUDA_API void fake_cuda_set_attribute(int device, int attribute, int value);
/* cuDeviceGetName, cuDeviceGetPCIBusId, cuDeviceGetUuid(_v2). */
FAKE_CUDA_API void fake_cuda_set_name(const char *name);
FAKE_CUDA_API void fake_cuda_set_pci_bus_id(const char *pci_bus_id);
FAKE_CUDA_API void fake_cuda_set_uuid(const char bytes[16]);
/* What cuMemGetAllocationPropertiesFromHandle writes. */
FAKE_CUDA_API void fake_cuda_set_allocation_prop(const CUmemAllocationProp *prop);
/* What cuGraphKernelNodeGetParams_v2 writes (all zero unless set). */
FAKE_CUDA_API void fake_cuda_set_kernel_params(const CUDA_KERNEL_NODE_PARAMS *params);

/* ---- the call log ---- */

/* How many calls of `symbol` are logged (NULL: of every symbol). */
FAKE_CUDA_API size_t fake_cuda_log_count(const char *symbol);
/* The last logged call of `symbol` (NULL: of any), "" if none. Valid until the
   next reset or clear. */
FAKE_CUDA_API const char *fake_cuda_log_last(const char *symbol);
/* The whole log, one call a line. Valid until the next reset, clear or call. */
FAKE_CUDA_API const char *fake_cuda_log_text(void);
FAKE_CUDA_API void fake_cuda_log_clear(void);

#endif /* FAKE_CUDA_H */
