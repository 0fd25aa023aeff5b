/*
 * device_memory.c: ordinary device memory: hipMalloc, hipFree, hipMemGetInfo.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static hipError_t device_malloc(mh_state *s, void **ptr, size_t bytes) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  *ptr = NULL;
  if (bytes == 0)
    return hipSuccess; /* as ROCm: success with a NULL pointer */
  int device = mh__current_device();
  size_t capacity = s->options.device_memory;
  size_t rounded = (bytes + s->page_bytes - 1) / s->page_bytes * s->page_bytes;
  if (rounded < bytes || rounded > capacity - s->device_used[device])
    return mh__fail(hipErrorOutOfMemory,
                    "device %d has %zu of %zu bytes free, %zu requested (MOCKHIP_DEVICE_MEMORY)",
                    device, capacity - s->device_used[device], capacity, bytes);
  mh_region *region = calloc(1, sizeof *region);
  void *base = NULL;
  int err = region ? mh__os_alloc(rounded, &base) : 0;
  if (region == NULL || err != 0) {
    free(region);
    return mh__fail(hipErrorOutOfMemory, "cannot allocate %zu bytes: %s", bytes,
                    err ? strerror(err) : "no memory for the record");
  }
  region->kind = MH_REGION_MALLOC;
  region->base = (uintptr_t)base;
  region->bytes = rounded;
  region->asked_bytes = bytes; /* as ROCm's buffer: copies may not use the rounding */
  region->device = device;
  region->site = mh__call_site();
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  s->device_used[device] += rounded;
  s->stats.live_mallocs++;
  s->stats.malloc_bytes += rounded;
  *ptr = base;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMalloc(void **ptr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMalloc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipMalloc */
  if (err == hipSuccess) {
    mh__lock_write();
    err = device_malloc(s, ptr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMalloc, err, "ptr=%p -> %p, size=%zu", (void *)ptr,
                   ptr && err == hipSuccess ? *ptr : NULL, size);
}

static hipError_t device_free(mh_state *s, void *ptr) {
  if (ptr == NULL)
    return hipSuccess;
  mh_region *region = mh__region_containing(s, (uintptr_t)ptr);
  if (region == NULL || region->kind != MH_REGION_MALLOC || region->base != (uintptr_t)ptr)
    return mh__fail(hipErrorInvalidValue, "%p is not the start of a hipMalloc block", ptr);
  mh__os_release(ptr, region->bytes);
  mh__tree_remove(&s->regions, &region->node);
  s->device_used[region->device] -= region->bytes;
  s->stats.live_mallocs--;
  s->stats.malloc_bytes -= region->bytes;
  free(region);
  return hipSuccess;
}

MH_EXPORT hipError_t hipFree(void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFree, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipFree */
  if (err == hipSuccess) {
    mh__lock_write();
    err = device_free(s, ptr);
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
