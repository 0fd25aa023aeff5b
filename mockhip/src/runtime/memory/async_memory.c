/*
 * async_memory.c: the stream-ordered allocations, hipMallocAsync,
 * hipMallocFromPoolAsync and hipFreeAsync, as clr's hip_mempool.cpp has them.
 * hipMallocAsync takes from the current pool of the stream's device,
 * hipMallocFromPoolAsync from the pool it names (mempool.c). Work on a stream
 * runs at once, so a block is handed out, or given back to its pool, when the
 * call is made; the pool caches what is given back and decides which streams
 * may reuse it. hipFreeAsync of memory no pool made frees it as hipFree does
 * (clr falls back to ihipFree).
 */
#include "runtime/memory/memory.h"
#include "runtime/pools/pool.h"
#include "runtime/streams/streams.h"

/* The stream a call names: itself (NULL for the null stream), the key pools know it by, and
   the device whose pools it uses. */
typedef struct ordered {
  mh_stream *stream;
  uint64_t key;
  int device;
} ordered;

static hipError_t stream_of(mh_state *s, hipStream_t stream, ordered *out) {
  hipError_t err = mh__stream_get(s, stream, &out->stream);
  /* row async_stream_invalid: these calls answer a stale stream otherwise than the rest */
  if (err == hipErrorContextIsDestroyed)
    return mh__profile_fail(MH_ROW_async_stream_invalid, "stream %p is not a live stream",
                            (void *)stream);
  if (err != hipSuccess)
    return err;
  out->key = mh__stream_key(out->stream);
  out->device = out->stream != NULL ? out->stream->device : mh__current_device();
  return hipSuccess;
}

/* Whether an active capture runs on a blocking stream of device (Device::StreamCaptureBlocking
   asks the device's streams). */
static const mh_capture *blocking_capture(const mh_state *s, int device) {
  for (const mh_capture *c = s->captures; c != NULL; c = c->next) {
    if (c->status != hipStreamCaptureStatusActive)
      continue;
    if (c->origin->flags != hipStreamNonBlocking && c->origin->device == device)
      return c;
    for (const mh_stream *m = c->members; m != NULL; m = m->next_member)
      if (m->flags != hipStreamNonBlocking && m->device == device)
        return c;
  }
  return NULL;
}

/* hipMallocAsync and hipFreeAsync: while a blocking stream of the device captures, only a
   stream whose own capture is active may allocate or free. */
static hipError_t capture_blocking_check(mh_state *s, const ordered *o) {
  const mh_capture *c = blocking_capture(s, o->device);
  if (c == NULL || mh__capture_status(o->stream) == hipStreamCaptureStatusActive)
    return hipSuccess;
  if (o->stream == NULL)
    return mh__profile_crash(hipErrorStreamCaptureUnsupported,
                             "capture %llu runs on a blocking stream of device %d, and ROCm "
                             "reads the null stream's capture status through a NULL pointer",
                             c->id, o->device);
  char name[32];
  return mh__fail(hipErrorStreamCaptureUnsupported,
                  "capture %llu runs on a blocking stream of device %d, and stream %s takes part "
                  "in no active capture: allocate on the capturing stream, or end the capture",
                  c->id, o->device, mh__stream_name(o->stream, name));
}

/* clr's STREAM_CAPTURE: an invalidated capture refuses the work; an active one records it as
   a node, and the mock still does it now (as ROCm's pools did before graphs had their own),
   so that the pointer works. */
static hipError_t capture_node(const ordered *o) {
  switch (mh__capture_status(o->stream)) {
  case hipStreamCaptureStatusInvalidated:
    return mh__fail(hipErrorStreamCaptureInvalidated,
                    "the stream takes part in capture %llu, which was invalidated",
                    o->stream->capture->id);
  case hipStreamCaptureStatusActive: return mh__capture_add_node(o->stream);
  default: return hipSuccess;
  }
}

/* ---- allocation ---- */

static hipError_t malloc_async(mh_state *s, void **dev_ptr, size_t bytes, hipStream_t stream) {
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "dev_ptr is NULL");
  ordered o;
  hipError_t err = stream_of(s, stream, &o);
  if (err != hipSuccess)
    return err;
  if (bytes == 0) {
    *dev_ptr = NULL; /* as ROCm: success with a NULL pointer */
    return hipSuccess;
  }
  mh_pool *pool = mh__pool_current(s, o.device);
  if (pool == NULL)
    return hipErrorOutOfMemory;
  if ((err = capture_blocking_check(s, &o)) != hipSuccess || (err = capture_node(&o)) != hipSuccess)
    return err;
  return mh__pool_allocate(s, pool, bytes, o.key, MOCKHIP_CALL_hipMallocAsync, dev_ptr);
}

MH_EXPORT hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = malloc_async(s, dev_ptr, size, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMallocAsync, err, "%s, size=%s, stream=%s",
                   mh__d_out_ptr("dev_ptr", dev_ptr, err), mh__d_bytes(size), mh__d_stream(stream));
}

static hipError_t malloc_from_pool(mh_state *s, void **dev_ptr, size_t bytes, hipMemPool_t handle,
                                   hipStream_t stream) {
  if (dev_ptr == NULL || handle == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", dev_ptr == NULL ? "dev_ptr" : "mem_pool");
  ordered o;
  hipError_t err = stream_of(s, stream, &o);
  if (err != hipSuccess)
    return err;
  if (bytes == 0) {
    *dev_ptr = NULL;
    return hipSuccess;
  }
  mh_pool *pool;
  if ((err = mh__pool_get(s, handle, "mem_pool", &pool)) != hipSuccess ||
      (err = capture_node(&o)) != hipSuccess)
    return err;
  return mh__pool_allocate(s, pool, bytes, o.key, MOCKHIP_CALL_hipMallocFromPoolAsync, dev_ptr);
}

MH_EXPORT hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                            hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocFromPoolAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = malloc_from_pool(s, dev_ptr, size, mem_pool, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMallocFromPoolAsync, err, "%s, size=%s, mem_pool=%s, stream=%s",
                   mh__d_out_ptr("dev_ptr", dev_ptr, err), mh__d_bytes(size), mh__d_pool(mem_pool),
                   mh__d_stream(stream));
}

/* ---- free ---- */

/* The stream first, then the pointer: NULL frees nothing from ROCm 7.1 on and on HIP on
   NVIDIA, and is hipErrorInvalidValue before (free_async_null). */
static hipError_t free_async(mh_state *s, void *dev_ptr, hipStream_t stream) {
  ordered o;
  hipError_t err = stream_of(s, stream, &o);
  if (err == hipSuccess)
    err = capture_blocking_check(s, &o);
  if (err == hipSuccess && dev_ptr == NULL &&
      mh__profile_is(MH_ROW_free_async_null, MH_CELL_InvalidValue))
    return mh__profile_fail(MH_ROW_free_async_null,
                            "dev_ptr is NULL, which %s refuses (ROCm 7.1 on frees nothing)",
                            mh__profile_title());
  if (err != hipSuccess || dev_ptr == NULL)
    return err;
  if ((err = capture_node(&o)) != hipSuccess)
    return err;
  /* For the synchronisation checker, the end of a pool's block in stream order (memory no pool
     made is freed as hipFree frees it). */
  mh_pool_block *block =
      mh__sync_check_on() ? mh__pool_block_containing(s, (uintptr_t)dev_ptr) : NULL;
  mh_sync_access end = {(uintptr_t)dev_ptr,
                        block != NULL ? block->bytes - ((uintptr_t)dev_ptr - block->base) : 0,
                        false,
                        true,
                        0,
                        NULL};
  bool was_pool;
  err = mh__pool_free_at(s, dev_ptr, o.key, &was_pool);
  if (!was_pool)
    err = mh__block_free(s, dev_ptr, "dev_ptr", false);
  if (err == hipSuccess && end.bytes > 0)
    mh__sync_work_on(s, stream, &end, 1);
  return err;
}

MH_EXPORT hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFreeAsync, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call frees what it names */
  mh__d_ptr_early(dev_ptr, ptr_text);
  /* Where streams run asynchronously the memory goes back once the stream's queued work has
     run: the pool's bookkeeping is done at the call. */
  if (err == hipSuccess)
    err = mh__queue_fence(s, stream);
  if (err == hipSuccess) {
    mh__lock_write();
    err = free_async(s, dev_ptr, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipFreeAsync, err, "dev_ptr=%s, stream=%s", ptr_text,
                   mh__d_stream(stream));
}
