/*
 * device_memory.c: ordinary device memory and streams: hipMalloc, hipFree,
 * hipMemGetInfo, hipStreamCreate/Destroy/Synchronize, and what hipDeviceReset
 * frees of a device. Streams are ids: work
 * "on" a stream runs at once on the calling thread, so there is nothing to wait for.
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

static hipError_t stream_create(mh_state *s, hipStream_t *out) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "stream is NULL");
  mh_stream *stream = calloc(1, sizeof *stream);
  if (stream == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the stream");
  stream->id = mh__new_id(s, MH_ID_STREAM);
  stream->device = mh__current_device();
  stream->site = mh__call_site();
  if (mh__idmap_put(&s->streams, stream->id, stream) != 0) {
    free(stream);
    return mh__fail(hipErrorOutOfMemory, "no memory for the stream registry");
  }
  s->stats.live_streams++;
  *out = (hipStream_t)(uintptr_t)stream->id;
  return hipSuccess;
}

MH_EXPORT hipError_t hipStreamCreate(hipStream_t *stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamCreate, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = stream_create(s, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamCreate, err, "stream=%p -> %p", (void *)stream,
                   stream && err == hipSuccess ? (void *)*stream : NULL);
}

hipError_t mh__check_stream(mh_state *s, hipStream_t stream) {
  /* ROCm's answer to a stream it does not know, NULL being the null stream. */
  if (stream != NULL && mh__idmap_get(&s->streams, (uint64_t)(uintptr_t)stream) == NULL)
    return mh__fail(hipErrorContextIsDestroyed, "stream %p is not a live stream", (void *)stream);
  return hipSuccess;
}

MH_EXPORT hipError_t hipStreamDestroy(hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamDestroy, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_stream *found = stream ? mh__idmap_del(&s->streams, (uint64_t)(uintptr_t)stream) : NULL;
    if (stream == NULL) {
      err = mh__fail(hipErrorInvalidHandle, "stream is NULL (the null stream cannot be destroyed)");
    } else if (found == NULL) {
      err = mh__check_stream(s, stream);
    } else {
      s->stats.live_streams--;
      free(found);
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamDestroy, err, "stream=%p", (void *)stream);
}

MH_EXPORT hipError_t hipStreamSynchronize(hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamSynchronize, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = mh__check_stream(s, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamSynchronize, err, "stream=%p", (void *)stream);
}

/* Finds one stream of a device; the map is not changed while it is walked. */
typedef struct stream_search {
  int device;
  uint64_t found; /* 0: none */
} stream_search;

static void match_stream(void *value, void *ctx) {
  const mh_stream *stream = value;
  stream_search *search = ctx;
  if (search->found == 0 && stream->device == search->device)
    search->found = stream->id;
}

void mh__device_memory_reset(mh_state *s, int device) {
  mh__blocks_reset(s, device);
  for (;;) {
    stream_search search = {device, 0};
    mh__idmap_each(&s->streams, match_stream, &search);
    if (search.found == 0)
      break;
    free(mh__idmap_del(&s->streams, search.found));
    s->stats.live_streams--;
  }
}
