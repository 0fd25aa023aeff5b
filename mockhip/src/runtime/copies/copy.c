/*
 * copy.c: hipMemcpy*, hipMemcpyPeer*, hipMemset* and their Async forms: run
 * at once, in order, on the calling thread; or, where streams run
 * asynchronously, checked at the call and queued on the stream (queue.c). A
 * copy holds the read lock while it is checked (copy_check.c) and while its
 * bytes move (copy_bytes.c), so no mapping can disappear meanwhile. While a
 * stream captures, the synchronous forms are refused (ROCm's
 * CHECK_STREAM_CAPTURING) and work queued on the capturing stream becomes a
 * node of the capture's graph, run when the graph is launched (capture.c,
 * graph_exec.c).
 */

#include "runtime/copies/copies.h"
#include "runtime/streams/streams.h"

/* Work queued on a stream: a capturing stream captures it (ROCm's STREAM_CAPTURE) as a
   graph node, after the checks ROCm makes when it adds the node (graph_nodes.c).
   A copy that ROCm never captures (hipMemcpyPeerAsync) only checks the stream. */
static hipError_t stream_work(mh_state *s, hipStream_t stream, bool capturable,
                              mh_stream **capturing) {
  *capturing = NULL;
  return capturable ? mh__stream_work(s, stream, capturing) : mh__check_stream(s, stream);
}

/* The synchronous forms name the null stream with this: their work runs at the call, after
   what the legacy null stream has queued. No handle has this value. */
#define SYNCHRONOUS ((hipStream_t)(uintptr_t)-1)

/* How a copy or set on a stream runs: at the call (streams serial, or a synchronous form),
   queued on the stream (async), or at the call once the stream's queued work has run (async,
   and a side is pageable memory: a GPU's runtime stages it before the call returns). */
typedef enum how { RUN_NOW, RUN_QUEUED, RUN_AFTER_FENCE } how;

/* A copy or set the stream's thread has reached, checked again as a graph's node is: its
   memory may have gone since it was queued. */
static hipError_t queued_run(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  const mh_node_work *w = &item->work;
  mh__lock_read();
  hipError_t err;
  if (w->type == hipGraphNodeTypeMemcpy) {
    err = mh__copy_run(s, w->u.copy.dst, item->device, w->u.copy.src, item->src_device,
                       w->u.copy.bytes, w->u.copy.kind);
  } else {
    err = mh__set_work_run(s, w);
  }
  mh__unlock();
  return err;
}

/* Queues a checked copy or set on stream. Under the lock. */
static hipError_t queue_work(mh_state *s, hipStream_t stream, const mh_node_work *work,
                             int src_device) {
  mh_queued item = {
      .run = queued_run, .work = *work, .device = work->device, .src_device = src_device};
  return mh__queue_work(s, stream, &item, NULL);
}

static bool pageable(mh_state *s, const void *p) {
  return mh__region_containing(s, (uintptr_t)p) == NULL;
}

/* What the synchronisation checker learns of a copy (src not NULL) or set run or queued on
   stream. */
static void note_touch(mh_state *s, hipStream_t stream, void *dst, const void *src, size_t bytes) {
  mh_sync_access acc[2] = {{(uintptr_t)src, bytes, false, false, 0, NULL},
                           {(uintptr_t)dst, bytes, true, false, 0, NULL}};
  mh__sync_work_on(s, stream, src != NULL ? acc : acc + 1, src != NULL ? 2 : 1);
}

/* Every copy lands here: devices name who reads the source and who writes the destination. */
static hipError_t copy_locked(mh_state *s, void *dst, int dst_device, const void *src,
                              int src_device, size_t bytes, int kind, hipStream_t stream,
                              bool capturable, how *how) {
  mh_stream *capturing;
  hipError_t err = stream_work(s, stream, capturable, &capturing);
  if (err != hipSuccess || bytes == 0)
    return err;
  if (capturing == NULL && *how == RUN_NOW) {
    err = mh__copy_run(s, dst, dst_device, src, src_device, bytes, kind);
    if (err == hipSuccess)
      note_touch(s, stream, dst, src, bytes);
    return err;
  }
  mh_node_work work = {.type = hipGraphNodeTypeMemcpy,
                       .device = dst_device,
                       .u.copy = {dst, src, bytes, kind, NULL, NULL}};
  if (capturing == NULL) {
    err = mh__copy_check(s, dst, dst_device, src, src_device, bytes, kind);
    if (err != hipSuccess)
      return err;
    if (pageable(s, dst) || pageable(s, src)) {
      *how = RUN_AFTER_FENCE;
      return hipSuccess;
    }
    err = queue_work(s, stream, &work, src_device);
    if (err == hipSuccess)
      note_touch(s, stream, dst, src, bytes);
    return err;
  }
  /* capturehipMemcpy: a memcpy node, its parameters checked as hipGraphAddMemcpyNode1D's */
  err = mh__memcpy_node_check(s, dst, src, bytes, kind, dst_device);
  if (err != hipSuccess)
    return err;
  return mh__capture_add(capturing, &work);
}

/* A set (work, a 1D one) or a pitched set (pitched, whose work its checks make; hipMemset2D's
   and hipMemset3D's) on stream. */
static hipError_t set_locked(mh_state *s, mh_node_work *work, const mh_pitched_set *pitched,
                             hipStream_t stream, how how) {
  mh_stream *capturing;
  hipError_t err = stream_work(s, stream, true, &capturing);
  if (err != hipSuccess || (pitched == NULL && work->u.set.width == 0))
    return err;
  if (capturing == NULL) {
    if (pitched != NULL) {
      err = mh__pitched_set_prepare(s, pitched, work);
      if (err != hipSuccess || work->u.set.width == 0)
        return err;
    }
    err = how == RUN_NOW ? mh__set_work_run(s, work) : mh__set_work_check(s, work);
    if (err == hipSuccess && how != RUN_NOW)
      err = queue_work(s, stream, work, work->device);
    if (err == hipSuccess)
      note_touch(s, stream, work->u.set.dst, NULL, mh__set_work_span(work));
    return err;
  }
  if (pitched != NULL) { /* capturehipMemset2DAsync, capturehipMemset3DAsync */
    err = mh__pitched_set_capture(s, pitched, work);
    return err == hipSuccess ? mh__capture_add(capturing, work) : err;
  }
  /* capturehipMemsetAsync: a memset node of one row, checked as hipGraphAddMemsetNode's */
  hipMemsetParams params = {.dst = work->u.set.dst,
                            .elementSize = (unsigned)work->u.set.element_bytes,
                            .height = 1,
                            .value = work->u.set.value,
                            .width = work->u.set.width};
  err = mh__memset_node_check(s, &params, work->device);
  if (err != hipSuccess)
    return err;
  return mh__capture_add(capturing, work);
}

/* Whether the work of a call on stream runs now or waits in the stream's queue; a synchronous
   form first waits for what the legacy null stream has queued, and names the null stream. */
static hipError_t how_to_run(mh_state *s, hipStream_t *stream, how *how) {
  *how = mh__streams_async(s) && *stream != SYNCHRONOUS ? RUN_QUEUED : RUN_NOW;
  if (*stream != SYNCHRONOUS)
    return hipSuccess;
  *stream = NULL;
  return mh__queue_fence(s, NULL);
}

/* What the synchronisation checker learns when a synchronous form returns: the host waited for
   its work, and for what the legacy null stream had queued before it. */
static void host_waited_for(hipError_t err, bool synchronous) {
  if (err == hipSuccess && synchronous && mh__sync_check_on())
    mh__sync_host_waits(NULL, mh__current_device());
}

/* A copy under the read lock: no mapping can go while its bytes move. */
static hipError_t copy(mh_state *s, void *dst, int dst_device, const void *src, int src_device,
                       size_t bytes, int kind, hipStream_t stream, bool capturable) {
  how how;
  bool synchronous = stream == SYNCHRONOUS;
  hipError_t err = how_to_run(s, &stream, &how);
  if (err != hipSuccess)
    return err;
  mh__lock_read();
  err = copy_locked(s, dst, dst_device, src, src_device, bytes, kind, stream, capturable, &how);
  mh__unlock();
  host_waited_for(err, synchronous);
  if (err != hipSuccess || how != RUN_AFTER_FENCE)
    return err;
  err = mh__queue_fence(s, stream);
  how = RUN_NOW;
  mh__lock_read();
  if (err == hipSuccess)
    err = copy_locked(s, dst, dst_device, src, src_device, bytes, kind, stream, capturable, &how);
  mh__unlock();
  return err;
}

/* A copy by the calling device, which reads the source and writes the destination. */
static hipError_t copy_by_current(mh_state *s, void *dst, const void *src, size_t bytes, int kind,
                                  hipStream_t stream) {
  int device = mh__current_device();
  return copy(s, dst, device, src, device, bytes, kind, stream, true);
}

static hipError_t set_work(mh_state *s, mh_node_work *work, const mh_pitched_set *pitched,
                           hipStream_t stream) {
  how how;
  bool synchronous = stream == SYNCHRONOUS;
  hipError_t err = how_to_run(s, &stream, &how);
  if (err != hipSuccess)
    return err;
  mh__lock_read();
  err = set_locked(s, work, pitched, stream, how);
  mh__unlock();
  host_waited_for(err, synchronous);
  return err;
}

hipError_t mh__memcpy_common(mh_state *s, void *dst, const void *src, size_t bytes, int kind,
                             hipStream_t stream, bool synchronous) {
  if (!synchronous)
    return copy_by_current(s, dst, src, bytes, kind, stream);
  hipError_t err = mh__staged_copy_land(s); /* a synchronous copy waits for the one before */
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, bytes, kind, SYNCHRONOUS);
  if (err == hipSuccess && (kind == hipMemcpyHostToDevice || kind == hipMemcpyDefault))
    mh__staged_copy_note(s, dst, src, bytes, mh__current_device());
  return err;
}

/* count units of `unit` bytes at dst set to value, by the calling device. */
static hipError_t set(mh_state *s, void *dst, int value, size_t count, size_t unit,
                      hipStream_t stream) {
  mh_node_work work = {.type = hipGraphNodeTypeMemset,
                       .device = mh__current_device(),
                       .u.set = {dst, (unsigned)value, unit, count, 1, 0, 0, 0}};
  return set_work(s, &work, NULL, stream);
}

hipError_t mh__set_pitched(mh_state *s, const mh_pitched_set *pitched, hipStream_t stream,
                           bool synchronous) {
  mh_node_work work = {.type = hipGraphNodeTypeMemset, .device = mh__current_device()};
  return set_work(s, &work, pitched, synchronous ? SYNCHRONOUS : stream);
}

/* ---- copies: the calling device reads the source and writes the destination ---- */

MH_EXPORT hipError_t hipMemcpy(void *dst, const void *src, size_t n, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* a synchronous copy waits for the one before */
    err = mh__staged_copy_land(s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, (int)kind, SYNCHRONOUS);
  if (err == hipSuccess && (kind == hipMemcpyHostToDevice || kind == hipMemcpyDefault))
    mh__staged_copy_note(s, dst, src, n, mh__current_device());
  return mh__leave(MOCKHIP_CALL_hipMemcpy, err, "dst=%s, src=%s, sizeBytes=%s, kind=%s",
                   mh__d_ptr(dst), mh__d_ptr(src), mh__d_bytes(n), mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, HIPVMM_HTOD_SRC *src, size_t n) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyHtoD, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* a synchronous copy waits for the one before */
    err = mh__staged_copy_land(s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyHostToDevice, SYNCHRONOUS);
  if (err == hipSuccess)
    mh__staged_copy_note(s, dst, src, n, mh__current_device());
  return mh__leave(MOCKHIP_CALL_hipMemcpyHtoD, err, "dst=%s, src=%s, sizeBytes=%s", mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(n));
}

MH_EXPORT hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t n) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyDtoH, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* a synchronous copy waits for the one before */
    err = mh__staged_copy_land(s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyDeviceToHost, SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemcpyDtoH, err, "dst=%s, src=%s, sizeBytes=%s", mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(n));
}

MH_EXPORT hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyDtoD, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* a synchronous copy waits for the one before */
    err = mh__staged_copy_land(s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyDeviceToDevice, SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemcpyDtoD, err, "dst=%s, src=%s, sizeBytes=%s", mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(n));
}

MH_EXPORT hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n, hipMemcpyKind kind,
                                    hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, (int)kind, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyAsync, err,
                   "dst=%s, src=%s, sizeBytes=%s, kind=%s, stream=%s", mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(n), mh__d_memcpy_kind((int)kind),
                   mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, HIPVMM_HTOD_SRC *src, size_t n,
                                        hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyHtoDAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyHostToDevice, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyHtoDAsync, err, "dst=%s, src=%s, sizeBytes=%s, stream=%s",
                   mh__d_ptr(dst), mh__d_ptr(src), mh__d_bytes(n), mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t n,
                                        hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyDtoHAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyDeviceToHost, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyDtoHAsync, err, "dst=%s, src=%s, sizeBytes=%s, stream=%s",
                   mh__d_ptr(dst), mh__d_ptr(src), mh__d_bytes(n), mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n,
                                        hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyDtoDAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, hipMemcpyDeviceToDevice, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyDtoDAsync, err, "dst=%s, src=%s, sizeBytes=%s, stream=%s",
                   mh__d_ptr(dst), mh__d_ptr(src), mh__d_bytes(n), mh__d_stream(stream));
}

/* clr hipMemcpyWithStream: hipMemcpyAsync's copy on stream (a capturing stream captures it, as
   STREAM_CAPTURE(hipMemcpyAsync)), then the host waits for the stream, as ihipMemcpy with
   isAsync false does. */
MH_EXPORT hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t n, hipMemcpyKind kind,
                                         hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyWithStream, MH_CALLER, &s);
  if (err == hipSuccess)
    err = copy_by_current(s, dst, src, n, (int)kind, stream);
  if (err == hipSuccess)
    err = mh__queue_fence(s, stream);
  if (err == hipSuccess && mh__sync_check_on())
    mh__sync_host_waits_on(s, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyWithStream, err,
                   "dst=%s, src=%s, sizeBytes=%s, kind=%s, stream=%s", mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(n), mh__d_memcpy_kind((int)kind),
                   mh__d_stream(stream));
}

/* ---- peer copies: the devices are named ---- */

/* A peer copy names its devices, which must exist, and moves device memory on both sides. */
static hipError_t peer_copy(mh_state *s, void *dst, int dst_device, const void *src, int src_device,
                            size_t bytes, hipStream_t stream) {
  if (!mh__valid_device(s, dst_device) || !mh__valid_device(s, src_device))
    return mh__fail(hipErrorInvalidDevice,
                    "dstDeviceId %d and srcDeviceId %d must both be devices (0..%d)", dst_device,
                    src_device, s->options.devices - 1);
  /* ROCm's hipMemcpyPeerAsync has no STREAM_CAPTURE: it runs even on a capturing stream. */
  return copy(s, dst, dst_device, src, src_device, bytes, hipMemcpyDeviceToDevice, stream, false);
}

MH_EXPORT hipError_t hipMemcpyPeer(void *dst, int dst_device, const void *src, int src_device,
                                   size_t n) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyPeer, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = peer_copy(s, dst, dst_device, src, src_device, n, SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemcpyPeer, err,
                   "dst=%s, dstDeviceId=%d, src=%s, srcDeviceId=%d, sizeBytes=%s", mh__d_ptr(dst),
                   dst_device, mh__d_ptr(src), src_device, mh__d_bytes(n));
}

MH_EXPORT hipError_t hipMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device,
                                        size_t n, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyPeerAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = peer_copy(s, dst, dst_device, src, src_device, n, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpyPeerAsync, err,
                   "dst=%s, dstDeviceId=%d, src=%s, srcDevice=%d, sizeBytes=%s, stream=%s",
                   mh__d_ptr(dst), dst_device, mh__d_ptr(src), src_device, mh__d_bytes(n),
                   mh__d_stream(stream));
}

/* ---- sets: the calling device writes ---- */

MH_EXPORT hipError_t hipMemset(void *dst, int value, size_t n) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemset, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = set(s, dst, value, n, 1, SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemset, err, "dst=%s, value=%d, sizeBytes=%s", mh__d_ptr(dst),
                   value, mh__d_bytes(n));
}

MH_EXPORT hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD8, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = set(s, dst, value, count, 1, SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemsetD8, err, "dest=%s, value=%u, count=%zu", mh__d_ptr(dst),
                   (unsigned)value, count);
}

MH_EXPORT hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD16, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = set(s, dest, value, count, sizeof(uint16_t), SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemsetD16, err, "dest=%s, value=%u, count=%zu", mh__d_ptr(dest),
                   (unsigned)value, count);
}

MH_EXPORT hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD32, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = set(s, dst, value, count, sizeof(uint32_t), SYNCHRONOUS);
  return mh__leave(MOCKHIP_CALL_hipMemsetD32, err, "dest=%s, value=%d, count=%zu", mh__d_ptr(dst),
                   value, count);
}

MH_EXPORT hipError_t hipMemsetAsync(void *dst, int value, size_t n, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetAsync, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set(s, dst, value, n, 1, stream);
  return mh__leave(MOCKHIP_CALL_hipMemsetAsync, err, "dst=%s, value=%d, sizeBytes=%s, stream=%s",
                   mh__d_ptr(dst), value, mh__d_bytes(n), mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count,
                                      hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD8Async, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set(s, dst, value, count, 1, stream);
  return mh__leave(MOCKHIP_CALL_hipMemsetD8Async, err, "dest=%s, value=%u, count=%zu, stream=%s",
                   mh__d_ptr(dst), (unsigned)value, count, mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                                       hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD16Async, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set(s, dest, value, count, sizeof(uint16_t), stream);
  return mh__leave(MOCKHIP_CALL_hipMemsetD16Async, err, "dest=%s, value=%u, count=%zu, stream=%s",
                   mh__d_ptr(dest), (unsigned)value, count, mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                                       hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemsetD32Async, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set(s, dst, value, count, sizeof(uint32_t), stream);
  return mh__leave(MOCKHIP_CALL_hipMemsetD32Async, err, "dst=%s, value=%d, count=%zu, stream=%s",
                   mh__d_ptr(dst), value, count, mh__d_stream(stream));
}
