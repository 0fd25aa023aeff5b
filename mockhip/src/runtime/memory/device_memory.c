/*
 * device_memory.c: ordinary device memory: hipMalloc, hipFree, hipMemGetInfo,
 * hipExtMallocWithFlags, and pitched memory (hipMallocPitch, hipMalloc3D), which
 * is a hipMalloc block whose rows are padded to the device's pitch alignment.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/devices/devices.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

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
  if (err == hipSuccess) /* it waits for the work queued on every stream (ihipFree's syncs) */
    mh__queue_drain(-1);
  if (err == hipSuccess) {
    mh__sync_host_waits_device(-1);
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

/* ---- pitched memory (clr hip_memory.cpp, ihipMallocPitch) ---- */

/* width bytes x height x depth: a zero size is success with ptr NULL (and *pitch not written);
   the pitch is width rounded up to the texture pitch alignment; more bytes than a device holds
   is hipErrorOutOfMemory (clr checks maxMemAllocSize_, and the product for no overflow, which
   mockhip also refuses with OutOfMemory). */
static hipError_t malloc_pitch(mh_state *s, void **ptr, size_t *pitch, size_t width, size_t height,
                               size_t depth) {
  if (ptr == NULL || pitch == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", ptr == NULL ? "ptr" : "pitch");
  if (width == 0 || height == 0 || depth == 0) {
    *ptr = NULL;
    return hipSuccess;
  }
  size_t alignment = mh__device_pitch_alignment();
  if (width > SIZE_MAX - alignment)
    return mh__fail(hipErrorInvalidValue, "width %zu leaves no room to align the pitch", width);
  size_t rounded = mh__round_up(width, alignment), bytes;
  if (__builtin_mul_overflow(rounded, height, &bytes) ||
      __builtin_mul_overflow(bytes, depth, &bytes))
    return mh__fail(hipErrorOutOfMemory, "%zu x %zu x %zu bytes is more than a size_t holds",
                    rounded, height, depth);
  mh__lock_write();
  hipError_t err = mh__block_alloc(s, ptr, bytes, MH_BLOCK_DEVICE, 0);
  mh__unlock();
  if (err == hipSuccess)
    *pitch = rounded;
  return err;
}

MH_EXPORT hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocPitch, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess)
    err = malloc_pitch(s, ptr, pitch, width, height, 1);
  return mh__leave(MOCKHIP_CALL_hipMallocPitch, err, "%s, %s, width=%zu, height=%zu",
                   mh__d_out_ptr("ptr", ptr, err), mh__d_out_size("pitch", pitch, err), width,
                   height);
}

/* clr hipMemAllocPitch: the driver form's own checks, then hipMallocPitch. */
MH_EXPORT hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes,
                                      size_t height, unsigned int elementSizeBytes) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAllocPitch, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && (widthInBytes == 0 || height == 0))
    err = mh__fail(hipErrorInvalidValue, "%s is 0", widthInBytes == 0 ? "widthInBytes" : "height");
  if (err == hipSuccess && elementSizeBytes != 4 && elementSizeBytes != 8 && elementSizeBytes != 16)
    err = mh__fail(hipErrorInvalidValue, "elementSizeBytes %u is not 4, 8 or 16", elementSizeBytes);
  if (err == hipSuccess)
    err = malloc_pitch(s, dptr, pitch, widthInBytes, height, 1);
  return mh__leave(MOCKHIP_CALL_hipMemAllocPitch, err,
                   "%s, %s, widthInBytes=%zu, height=%zu, elementSizeBytes=%u",
                   mh__d_out_ptr("dptr", dptr, err), mh__d_out_size("pitch", pitch, err),
                   widthInBytes, height, elementSizeBytes);
}

MH_EXPORT hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMalloc3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && pitchedDevPtr == NULL)
    err = mh__fail(hipErrorInvalidValue, "pitchedDevPtr is NULL");
  size_t pitch = 0;
  if (err == hipSuccess)
    err = malloc_pitch(s, &pitchedDevPtr->ptr, &pitch, extent.width, extent.height, extent.depth);
  if (err == hipSuccess) {
    pitchedDevPtr->pitch = pitch;
    pitchedDevPtr->xsize = extent.width;
    pitchedDevPtr->ysize = extent.height;
  }
  return mh__leave(MOCKHIP_CALL_hipMalloc3D, err, "%s, extent=%s",
                   mh__d_out_pitched("pitchedDevPtr", pitchedDevPtr, err), mh__d_extent(extent));
}
