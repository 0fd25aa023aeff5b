/*
 * device_memory.c: ordinary device memory: hipMalloc, hipFree, hipMemGetInfo,
 * hipExtMallocWithFlags, and what hipDeviceReset frees of a device.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static hipError_t device_malloc(mh_state *s, void **ptr, size_t bytes, unsigned flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  *ptr = NULL;
  if (bytes == 0)
    return hipSuccess; /* as ROCm: success with a NULL pointer */
  /* Signal memory is fine-grained host memory in ROCm (ihipMalloc's host context). */
  mh_block_memory memory = flags == hipMallocSignalMemory ? MH_BLOCK_HOST : MH_BLOCK_DEVICE;
  return mh__block_alloc(s, ptr, bytes, memory, flags);
}

MH_EXPORT hipError_t hipMalloc(void **ptr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMalloc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipMalloc */
  if (err == hipSuccess) {
    mh__lock_write();
    err = device_malloc(s, ptr, size, 0);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMalloc, err, "ptr=%p -> %p, size=%zu", (void *)ptr,
                   ptr && err == hipSuccess ? *ptr : NULL, size);
}

/* ROCm's hipExtMallocWithFlags: one of five flags, signal memory exactly 8 bytes. */
static hipError_t check_malloc_flags(unsigned flags, size_t bytes) {
  switch (flags) {
  case hipDeviceMallocDefault:
  case hipDeviceMallocFinegrained:
  case HIPVMM_DEVICE_MALLOC_UNCACHED:
  case HIPVMM_DEVICE_MALLOC_CONTIGUOUS: return hipSuccess;
  case hipMallocSignalMemory:
    if (bytes != 8)
      return mh__fail(hipErrorInvalidValue, "hipMallocSignalMemory needs sizeBytes 8, got %zu",
                      bytes);
    return hipSuccess;
  default:
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x is not hipDeviceMallocDefault, Finegrained, Uncached, Contiguous "
                    "or hipMallocSignalMemory",
                    flags);
  }
}

MH_EXPORT hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipExtMallocWithFlags, MH_CALLER, &s);
  if (err == hipSuccess)
    err = check_malloc_flags(flags, sizeBytes);
  if (err == hipSuccess) {
    mh__lock_write();
    err = device_malloc(s, ptr, sizeBytes, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipExtMallocWithFlags, err,
                   "ptr=%p -> %p, sizeBytes=%zu, flags=%#x", (void *)ptr,
                   ptr && err == hipSuccess ? *ptr : NULL, sizeBytes, flags);
}

MH_EXPORT hipError_t hipFree(void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFree, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipFree */
  if (err == hipSuccess) {
    mh__lock_write();
    err = mh__block_free(s, ptr, "ptr");
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipFree, err, "ptr=%p", ptr);
}

MH_EXPORT hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total_bytes) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetInfo, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (free_bytes == NULL || total_bytes == NULL) {
      err = mh__fail(hipErrorInvalidValue, "%s is NULL", free_bytes == NULL ? "free" : "total");
    } else {
      mh__lock_read();
      *total_bytes = s->options.device_memory;
      *free_bytes = s->options.device_memory - s->device_used[mh__current_device()];
      mh__unlock();
    }
  }
  return mh__leave(MOCKHIP_CALL_hipMemGetInfo, err, "free=%p, total=%p", (void *)free_bytes,
                   (void *)total_bytes);
}

void mh__device_memory_reset(mh_state *s, int device) {
  mh__blocks_reset(s, device);
  mh__streams_reset(s, device);
}
