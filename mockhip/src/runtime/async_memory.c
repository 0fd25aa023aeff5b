/*
 * async_memory.c: hipMallocAsync and hipFreeAsync. Work on a stream runs at
 * once, so the block is allocated, or freed, when the call is made: from the
 * current device's memory, where ROCm takes it from the stream's device pool.
 * The blocks are ordinary ones: hipFree frees them, and hipFreeAsync frees any
 * block (ROCm's FreeMemory falls back to ihipFree for memory of no pool).
 */
#include "runtime/runtime.h"

static hipError_t malloc_async(mh_state *s, void **dev_ptr, size_t bytes, hipStream_t stream) {
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "dev_ptr is NULL");
  mh_stream *capturing; /* ROCm's STREAM_CAPTURE: an allocation node */
  hipError_t err = mh__stream_work(s, stream, &capturing);
  if (err != hipSuccess)
    return err;
  *dev_ptr = NULL;
  if (bytes == 0)
    return hipSuccess; /* as ROCm: success with a NULL pointer */
  /* Captured, it is still made now (as ROCm's pool does without VM), so the pointer works;
     the node first, so that no failure after the allocation can leave it behind. */
  if (capturing != NULL)
    err = mh__capture_add_node(capturing);
  return err == hipSuccess ? mh__block_alloc(s, dev_ptr, bytes, MH_BLOCK_DEVICE, 0) : err;
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

/* The stream first, then the pointer: NULL frees nothing (the newest ROCm; 6.x refused it). */
MH_EXPORT hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFreeAsync, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call frees what it names */
  mh__d_ptr_early(dev_ptr, ptr_text);
  if (err == hipSuccess) {
    mh_stream *capturing; /* ROCm's STREAM_CAPTURE: a free node, run at once without VM */
    mh__lock_write();
    err = mh__stream_work(s, stream, &capturing);
    if (err == hipSuccess && capturing != NULL)
      err = mh__capture_add_node(capturing);
    if (err == hipSuccess)
      err = mh__block_free(s, dev_ptr, "dev_ptr", false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipFreeAsync, err, "dev_ptr=%s, stream=%s", ptr_text,
                   mh__d_stream(stream));
}
