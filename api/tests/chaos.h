/*
 * chaos.h: what the chaos tests share: every HIP entry point hmo calls,
 * linked through a __wrap_ function (chaos.c; -Wl,--wrap, listed as
 * HMO_CHAOS_WRAPPED in CMakeLists.txt) that counts the calls and, when armed,
 * fails the N-th one with an injected error.
 */
#ifndef HMO_CHAOS_H
#define HMO_CHAOS_H

#include "hmo_test.h"

/* Every HIP entry point hmo calls: name, parameters, arguments. */
#define CHAOS_HIP_LIST(X)                                                                          \
  X(hipGetDeviceCount, (int *count), (count))                                                      \
  X(hipDeviceGetAttribute, (int *pi, hipDeviceAttribute_t attr, int device), (pi, attr, device))   \
  X(hipSetDevice, (int device), (device))                                                          \
  X(hipRuntimeGetVersion, (int *version), (version))                                               \
  X(hipGetDevice, (int *device), (device))                                                         \
  X(hipMemGetAllocationGranularity,                                                                \
    (size_t * granularity, const hipMemAllocationProp *prop,                                       \
     hipMemAllocationGranularity_flags option),                                                    \
    (granularity, prop, option))                                                                   \
  X(hipMemAddressReserve,                                                                          \
    (void **ptr, size_t size, size_t alignment, void *addr, unsigned long long flags),             \
    (ptr, size, alignment, addr, flags))                                                           \
  X(hipMemAddressFree, (void *ptr, size_t size), (ptr, size))                                      \
  X(hipMemCreate,                                                                                  \
    (hipMemGenericAllocationHandle_t * handle, size_t size, const hipMemAllocationProp *prop,      \
     unsigned long long flags),                                                                    \
    (handle, size, prop, flags))                                                                   \
  X(hipMemRelease, (hipMemGenericAllocationHandle_t handle), (handle))                             \
  X(hipMemMap,                                                                                     \
    (void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,                \
     unsigned long long flags),                                                                    \
    (ptr, size, offset, handle, flags))                                                            \
  X(hipMemUnmap, (void *ptr, size_t size), (ptr, size))                                            \
  X(hipMemSetAccess, (void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count),         \
    (ptr, size, desc, count))                                                                      \
  X(hipMemcpy, (void *dst, const void *src, size_t bytes, hipMemcpyKind kind),                     \
    (dst, src, bytes, kind))                                                                       \
  X(hipMemcpyPeer, (void *dst, int dst_device, const void *src, int src_device, size_t bytes),     \
    (dst, dst_device, src, src_device, bytes))                                                     \
  X(hipStreamSynchronize, (hipStream_t stream), (stream))                                          \
  X(hipMemExportToShareableHandle,                                                                 \
    (void *shareableHandle, hipMemGenericAllocationHandle_t handle,                                \
     hipMemAllocationHandleType handleType, unsigned long long flags),                             \
    (shareableHandle, handle, handleType, flags))                                                  \
  X(hipMemImportFromShareableHandle,                                                               \
    (hipMemGenericAllocationHandle_t * handle, void *osHandle,                                     \
     hipMemAllocationHandleType shHandleType),                                                     \
    (handle, osHandle, shHandleType))

/* No operation here makes more HIP calls than this; a sweep that reaches it is stuck. */
#define CHAOS_MAX_CALLS 200
/* Calls remembered per run, for the report line. */
#define CHAOS_TRACE 64

typedef struct chaos_state {
  bool armed;
  unsigned long long calls;      /* wrapped calls since chaos_arm */
  unsigned long long fail_at;    /* the call to fail, from 1 */
  hipError_t error;              /* what it returns instead */
  int failed_api;                /* MOCKHIP_CALL_* of the call that was failed, or -1 */
  unsigned long long failed_nth; /* which call of failed_api since chaos_arm, from 1 */
  unsigned long long armed_calls[MOCKHIP_API_COUNT]; /* calls through each wrapper since then */
  unsigned long long wrapped[MOCKHIP_API_COUNT];     /* calls through each wrapper, ever */
  int trace[CHAOS_TRACE];
} chaos_state;

extern chaos_state chaos;

/* Whether each MOCKHIP_CALL_* is in CHAOS_HIP_LIST. */
extern const bool chaos_listed[MOCKHIP_API_COUNT];

/* Fails the fail_at-th wrapped call from now (from 1) with error. */
void chaos_arm(unsigned long long fail_at, hipError_t error);
void chaos_disarm(void);

/*
 * Every HIP call hmo made between two snapshots went through a wrapper: an
 * entry point missing from CHAOS_HIP_LIST (or from the --wrap options) would
 * be a call this test can never fail.
 */
void assert_all_calls_wrapped(const mockhip_stats_t *before, const mockhip_stats_t *after,
                              const unsigned long long *wrapped_before, const char *what);

#endif /* HMO_CHAOS_H */
