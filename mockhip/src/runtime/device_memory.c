/*
 * device_memory.c: ordinary device memory: hipMalloc, hipFree, hipMemGetInfo,
 * hipExtMallocWithFlags.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

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
  return mh__leave(MOCKHIP_CALL_hipMalloc, err, "%s, size=%s", mh__d_out_ptr("ptr", ptr, err),
                   mh__d_bytes(size));
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
  if (err == hipSuccess && mh__profile_is(MH_ROW_ext_malloc, MH_CELL_NotSupported))
    err = mh__fail(hipErrorNotSupported,
                   "hipExtMallocWithFlags is ROCm's own: %s has no such call; use hipMalloc",
                   mh__profile_title());
  if (err == hipSuccess)
    err = check_malloc_flags(flags, sizeBytes);
  if (err == hipSuccess) {
    mh__lock_write();
    err = device_malloc(s, ptr, sizeBytes, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipExtMallocWithFlags, err, "%s, sizeBytes=%s, flags=%#x",
                   mh__d_out_ptr("ptr", ptr, err), mh__d_bytes(sizeBytes), flags);
}

MH_EXPORT hipError_t hipFree(void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFree, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call frees what it names */
  mh__d_ptr_early(ptr, ptr_text);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipFree */
  if (err == hipSuccess) {
    mh__lock_write();
    err = mh__block_free(s, ptr, "ptr", false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipFree, err, "ptr=%s", ptr_text);
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
  return mh__leave(MOCKHIP_CALL_hipMemGetInfo, err, "%s, %s",
                   mh__d_out_bytes("free", free_bytes, err),
                   mh__d_out_bytes("total", total_bytes, err));
}
