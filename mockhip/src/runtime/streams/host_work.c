/*
 * host_work.c: host work queued on a stream, hipStreamAddCallback and
 * hipLaunchHostFunc. Where stream work runs at the call (MOCKHIP_STREAMS=serial)
 * the callback runs before the call returns, on the calling thread, after
 * everything queued before it (which has all run); where streams run
 * asynchronously it runs on the stream's runtime thread when the stream
 * reaches it (queue.c), never the caller's, and the stream's later work waits
 * for it to return. It runs outside the lock: a callback may call HIP,
 * whatever ROCm says of that. On a capturing stream it is captured as a host
 * node instead (ROCm's STREAM_CAPTURE, capturehipLaunchHostFunc), so not run
 * now but at each launch of the graph (graph_exec.c).
 */
#include <stdlib.h>

#include "runtime/streams/streams.h"

void mh__host_work_call(const mh_node_work *w, hipStream_t stream, hipError_t status) {
  mh__sync_host_work(true); /* its touches are its stream's, not the host's */
  if (w->u.host.fn != NULL)
    w->u.host.fn(w->u.host.user_data);
  else
    w->u.host.callback(stream, status, w->u.host.user_data);
  mh__sync_host_work(false);
}

/* Host work the stream's thread has reached: the callback gets the first error of the
   stream's earlier work, as CUDA's does. */
static hipError_t host_run(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)s;
  mh__host_work_call(&item->work, item->stream, earlier);
  return hipSuccess;
}

/* Queues host work on the stream's runtime thread (streams run asynchronously). */
static hipError_t queue_on_stream(mh_state *s, hipStream_t stream, const mh_node_work *host) {
  mh_queued item = {.run = host_run, .work = *host};
  return mh__queue_work(s, stream, &item, NULL);
}

/* Checks the stream under the lock; *run says whether to call the host code now, else a
   capturing stream took it as a host node, or the stream's queue took it. */
static hipError_t queue_host_work(mh_state *s, hipStream_t stream, mh_node_work *host, bool *run) {
  mh_stream *capturing;
  mh__lock_write();
  hipError_t err = mh__stream_work(s, stream, &capturing);
  bool queued = false;
  if (err == hipSuccess && capturing != NULL) {
    host->type = hipGraphNodeTypeHost;
    host->device = capturing->device;
    err = mh__capture_add(capturing, host);
  } else if (err == hipSuccess && mh__streams_async(s)) {
    host->type = hipGraphNodeTypeHost;
    err = queue_on_stream(s, stream, host);
    queued = true;
  }
  mh__unlock();
  *run = err == hipSuccess && capturing == NULL && !queued;
  return err;
}

/* clr hip_stream.cpp hipStreamAddCallback: the callback and flags (reserved, 0) first. */
MH_EXPORT hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback,
                                          void *userData, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamAddCallback, MH_CALLER, &s);
  bool run = false;
  mh_node_work host = {.u.host = {.callback = callback, .user_data = userData}};
  if (err == hipSuccess && callback == NULL)
    err = mh__fail(hipErrorInvalidValue, "callback is NULL");
  else if (err == hipSuccess && flags != 0)
    err = mh__fail(hipErrorInvalidValue, "flags %#x: they are reserved and must be 0", flags);
  else if (err == hipSuccess)
    err = queue_host_work(s, stream, &host, &run);
  if (run)
    mh__host_work_call(&host, stream, hipSuccess);
  return mh__leave(MOCKHIP_CALL_hipStreamAddCallback, err,
                   "stream=%s, callback=%p, userData=%p, flags=%#x", mh__d_stream(stream),
                   (void *)(uintptr_t)callback, userData, flags);
}

/* clr hip_stream.cpp hipLaunchHostFunc: fn first, then the stream. */
MH_EXPORT hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void *userData) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipLaunchHostFunc, MH_CALLER, &s);
  bool run = false;
  mh_node_work host = {.u.host = {.fn = fn, .user_data = userData}};
  if (err == hipSuccess && fn == NULL)
    err = mh__fail(hipErrorInvalidValue, "fn is NULL");
  else if (err == hipSuccess)
    err = queue_host_work(s, stream, &host, &run);
  if (run)
    mh__host_work_call(&host, stream, hipSuccess);
  return mh__leave(MOCKHIP_CALL_hipLaunchHostFunc, err, "stream=%s, fn=%p, userData=%p",
                   mh__d_stream(stream), (void *)(uintptr_t)fn, userData);
}
