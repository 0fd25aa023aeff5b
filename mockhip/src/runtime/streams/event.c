/*
 * event.c: events. An event is an id naming its flags, its device and what
 * its last record left: the CLOCK_MONOTONIC time and the stream. Where work
 * runs at the call (MOCKHIP_STREAMS=serial), a recorded event is complete at
 * once; where streams run asynchronously, the record waits in the stream's
 * queue and takes its time when the stream reaches it: until then a query
 * answers hipErrorNotReady, a synchronize waits for it, and a stream that
 * waits on it holds its later work back. The elapsed time between two
 * records is real wall time.
 *
 * The checks and codes are ROCm's hip_event.cpp. ROCm dereferences an event
 * handle everywhere but in hipEventDestroy, which answers an unknown one with
 * hipErrorContextIsDestroyed; the mock looks every handle up and gives that
 * answer everywhere.
 *
 * A record on a capturing stream is captured instead of run: it leaves the
 * time as it was and ties the event to the capture, so that querying it then
 * gets hipErrorCapturedEvent and a stream that waits on it joins the capture
 * (hipStreamWaitEvent, here too).
 */
#include <stdlib.h>
#include <time.h>

#include "runtime/pools/pool.h"
#include "runtime/streams/streams.h"

/* The wait flags of ROCm 7.x headers, which older ones do not name. */
#define WAIT_DEFAULT 0x00u  /* hipEventWaitDefault */
#define WAIT_EXTERNAL 0x01u /* hipEventWaitExternal */

/* ihipEventCreateWithFlags: the flags there are, and the release flags of which one at most. */
#define SUPPORTED_FLAGS                                                                            \
  ((unsigned)(hipEventDefault | hipEventBlockingSync | hipEventDisableTiming |                     \
              hipEventInterprocess) |                                                              \
   (unsigned)hipEventReleaseToDevice | (unsigned)hipEventReleaseToSystem |                         \
   HIPVMM_EVENT_DISABLE_SYSTEM_FENCE)
#define RELEASE_FLAGS                                                                              \
  ((unsigned)hipEventReleaseToDevice | (unsigned)hipEventReleaseToSystem |                         \
   HIPVMM_EVENT_DISABLE_SYSTEM_FENCE)

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The live event a non-NULL handle names. */
static hipError_t event_get(mh_state *s, hipEvent_t event, const char *name, mh_event **out) {
  *out = mh__idmap_get(&s->events, (uint64_t)(uintptr_t)event);
  if (*out == NULL)
    return mh__stale_handle("event", name, event);
  return hipSuccess;
}

/* ---- creation and destruction ---- */

static hipError_t check_flags(unsigned flags) {
  if (flags & ~SUPPORTED_FLAGS)
    return mh__fail(hipErrorInvalidValue, "flags %#x has bits no event flag has (%#x)", flags,
                    flags & ~SUPPORTED_FLAGS);
  unsigned release = flags & RELEASE_FLAGS;
  if (release & (release - 1))
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x asks for more than one of hipEventReleaseToDevice, "
                    "hipEventReleaseToSystem and hipEventDisableSystemFence",
                    flags);
  if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming))
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x has hipEventInterprocess without hipEventDisableTiming", flags);
  return hipSuccess;
}

static hipError_t event_create(mh_state *s, hipEvent_t *out, unsigned flags) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "event is NULL");
  hipError_t err = check_flags(flags);
  if (err != hipSuccess)
    return err;
  mh_event *e = calloc(1, sizeof *e);
  if (e == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the event");
  mh__lock_write();
  e->id = mh__new_id(s, MH_ID_EVENT);
  e->site = mh__call_site();
  e->flags = flags;
  e->device = mh__current_device();
  if (mh__idmap_put(&s->events, e->id, e) != 0) {
    free(e);
    err = mh__fail(hipErrorOutOfMemory, "no memory for the event registry");
  } else {
    s->stats.live_events++;
    *out = (hipEvent_t)(uintptr_t)e->id;
  }
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipEventCreate(hipEvent_t *event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventCreate, MH_CALLER, &s);
  if (err == hipSuccess)
    err = event_create(s, event, hipEventDefault);
  return mh__leave(MOCKHIP_CALL_hipEventCreate, err, "%s", mh__d_out_event("event", event, err));
}

MH_EXPORT hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventCreateWithFlags, MH_CALLER, &s);
  if (err == hipSuccess)
    err = event_create(s, event, flags);
  return mh__leave(MOCKHIP_CALL_hipEventCreateWithFlags, err, "%s, flags=%#x",
                   mh__d_out_event("event", event, err), flags);
}

MH_EXPORT hipError_t hipEventDestroy(hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventDestroy, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (event == NULL) {
      err = mh__fail(hipErrorInvalidHandle, "event is NULL");
    } else {
      mh__lock_write();
      mh_event *e = mh__idmap_del(&s->events, (uint64_t)(uintptr_t)event);
      if (e == NULL) {
        err = mh__stale_handle("event", "event", event);
      } else {
        s->stats.live_events--;
        mh__node_set_free(&e->deps);
        mh__ticket_release(&e->pending); /* a record still queued finds no event, and is done */
        mh__sync_event_gone(e);
        free(e);
      }
      mh__unlock();
    }
  }
  return mh__leave(MOCKHIP_CALL_hipEventDestroy, err, "event=%s", mh__d_event(event));
}

/* ---- record ---- */

/* A record the stream's thread has reached: the event's time, unless the event is gone or
   recorded again since (its ticket then names a later record). */
static hipError_t record_run(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  uint64_t ns = now_ns();
  mh__lock_write();
  mh_event *e = mh__idmap_get(&s->events, item->event_id);
  if (e != NULL && e->pending.queue == item->queue && e->pending.ticket == item->ticket)
    e->recorded_ns = ns;
  mh__unlock();
  return hipSuccess;
}

/* hipEventRecord_common: a capturing stream captures the record; any other
   stream must be on the event's device. */
static hipError_t record(mh_state *s, hipEvent_t event, hipStream_t stream) {
  if (event == NULL)
    return mh__fail(hipErrorInvalidHandle, "event is NULL");
  mh_event *e;
  mh_stream *st;
  hipError_t err = event_get(s, event, "event", &e);
  if (err == hipSuccess)
    err = mh__stream_get(s, stream, &st);
  if (err != hipSuccess)
    return err;
  e->stream_id = st != NULL ? st->id : 0; /* ROCm notes the stream before anything can fail */
  e->capture_id = 0;
  e->deps.count = 0;
  if (mh__capture_status(st) == hipStreamCaptureStatusActive) {
    /* Waiting on it will depend on what its stream captured so far. */
    err = mh__node_set_union(&e->deps, &st->deps);
    if (err == hipSuccess)
      e->capture_id = st->capture->id;
    return err;
  }
  int device = st != NULL ? st->device : mh__current_device();
  if (e->device != device)
    return mh__fail(hipErrorInvalidResourceHandle,
                    "event %p was made on device %d, stream %p runs on device %d", (void *)event,
                    e->device, (void *)stream, device);
  e->recorded = true;
  mh__sync_record_on(s, e, stream);
  mh__ticket_release(&e->pending);
  if (!mh__streams_async(s)) {
    e->recorded_ns = now_ns();
    return hipSuccess;
  }
  /* The time is taken when the stream reaches the record (record_run). */
  mh_queued item = {.run = record_run, .event_id = e->id};
  return mh__queue_work(s, stream, &item, &e->pending);
}

MH_EXPORT hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventRecord, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = record(s, event, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipEventRecord, err, "event=%s, stream=%s", mh__d_event(event),
                   mh__d_stream(stream));
}

/* ---- query and synchronize: a recorded event is complete ---- */

/* checkEventCaptureRestrictions: an event captured in a capture still active
   may not be waited for, and the thread's mode may forbid waiting at all. An
   event last recorded on the null stream, or never, is never checked. *pending
   is the last record while it waits in its stream's queue (the caller lets it
   go), else no ticket. */
/* A wait on an event never recorded waits for nothing: every platform answers at once, as if
   complete, and a program that waits so likely meant to record it first. */
static void never_recorded(const mh_event *e, const char *fix) {
  if (!e->recorded && e->capture_id == 0)
    mh__misuse(MH_MISUSE_EVENT_UNRECORDED,
               "%s was never recorded, so %s waits for nothing and answers at once, as if "
               "complete: %s",
               mh__d_event((hipEvent_t)(uintptr_t)e->id), mockhip_api_name(mh__call_api()), fix);
}

static hipError_t event_wait(mh_state *s, hipEvent_t event, mh_ticket *pending, bool query) {
  *pending = (mh_ticket){NULL, 0};
  if (event == NULL)
    return mh__fail(hipErrorInvalidHandle, "event is NULL");
  mh__lock_write(); /* the checks may invalidate captures */
  mh_event *e;
  hipError_t err = event_get(s, event, "event", &e);
  if (err == hipSuccess && e->stream_id != 0) {
    mh_stream *st = mh__stream_by_id(s, e->stream_id);
    if (mh__capture_status(st) == hipStreamCaptureStatusActive &&
        e->capture_id == st->capture->id) {
      mh__capture_invalidate(st->capture);
      err = mh__fail(hipErrorCapturedEvent,
                     "event %p was recorded in capture %llu, still active; the capture is "
                     "invalidated",
                     (void *)event, e->capture_id);
    } else {
      err = mh__capture_mode_forbids(s);
    }
  }
  if (err == hipSuccess) {
    never_recorded(e, "record it (hipEventRecord) on the stream whose work you mean to wait for, "
                      "before this call");
    mh__ticket_copy(&e->pending, pending);
    if (!query || mh__ticket_done(pending)) /* the host is now ordered after the record */
      mh__sync_host_waits_event(e);
  }
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipEventQuery(hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventQuery, MH_CALLER, &s);
  mh_ticket pending = {NULL, 0};
  if (err == hipSuccess)
    err = event_wait(s, event, &pending, true);
  if (err == hipSuccess && !mh__ticket_done(&pending))
    err = mh__fail(hipErrorNotReady, "event %p: its stream has not reached the record yet",
                   (void *)event);
  mh__ticket_release(&pending);
  return mh__leave(MOCKHIP_CALL_hipEventQuery, err, "event=%s", mh__d_event(event));
}

MH_EXPORT hipError_t hipEventSynchronize(hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventSynchronize, MH_CALLER, &s);
  mh_ticket pending = {NULL, 0};
  if (err == hipSuccess)
    err = event_wait(s, event, &pending, false);
  if (err == hipSuccess && pending.queue != NULL)
    err = mh__queue_wait(&pending, 1);
  mh__ticket_release(&pending);
  if (err == hipSuccess)
    err = mh__staged_copy_land(s);
  return mh__leave(MOCKHIP_CALL_hipEventSynchronize, err, "event=%s", mh__d_event(event));
}

/* ---- elapsed time ---- */

/* hipEventElapsedTime, then Event::elapsedTime: both recorded, both timed. */
static hipError_t elapsed(mh_state *s, float *ms, hipEvent_t start, hipEvent_t stop) {
  if (ms == NULL)
    return mh__fail(hipErrorInvalidValue, "ms is NULL");
  if (start == NULL || stop == NULL)
    return mh__fail(hipErrorInvalidHandle, "%s is NULL", start == NULL ? "start" : "stop");
  mh__lock_read();
  mh_event *a, *b;
  hipError_t err = event_get(s, start, "start", &a);
  if (err == hipSuccess)
    err = event_get(s, stop, "stop", &b);
  if (err == hipSuccess && a->device != b->device)
    err = mh__fail(hipErrorInvalidResourceHandle, "start was made on device %d, stop on device %d",
                   a->device, b->device);
  if (err == hipSuccess && (!a->recorded || !b->recorded))
    err = mh__fail(hipErrorInvalidHandle,
                   "%s has never been recorded (a captured record "
                   "does not count)",
                   !a->recorded ? "start" : "stop");
  if (err == hipSuccess && ((a->flags | b->flags) & hipEventDisableTiming))
    err = mh__fail(hipErrorInvalidHandle, "%s was made with hipEventDisableTiming",
                   a->flags & hipEventDisableTiming ? "start" : "stop");
  /* Event::elapsedTime: both must have completed */
  if (err == hipSuccess && (!mh__ticket_done(&a->pending) || !mh__ticket_done(&b->pending)))
    err = mh__fail(hipErrorNotReady, "%s: its stream has not reached the record yet",
                   !mh__ticket_done(&a->pending) ? "start" : "stop");
  if (err == hipSuccess)
    *ms = (float)((double)((int64_t)b->recorded_ns - (int64_t)a->recorded_ns) / 1e6);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipEventElapsedTime, MH_CALLER, &s);
  if (err == hipSuccess)
    err = elapsed(s, ms, start, stop);
  return mh__leave(MOCKHIP_CALL_hipEventElapsedTime, err, "ms=%p -> %g, start=%s, stop=%s",
                   (void *)ms, ms && err == hipSuccess ? (double)*ms : 0.0, mh__d_event(start),
                   mh__d_event(stop));
}

/* ---- a stream waits for an event ---- */

/* hipStreamWaitEvent_common. Work already ran, so waiting is nothing, except
   where capture is concerned: waiting on an event recorded in a capture joins
   the capture, and an event recorded before a capture began may not be waited
   for while its stream captures. */
static hipError_t wait_event(mh_state *s, hipStream_t stream, hipEvent_t event, unsigned flags) {
  if (flags != WAIT_DEFAULT && flags != WAIT_EXTERNAL)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x is neither hipEventWaitDefault nor hipEventWaitExternal", flags);
  if (event == NULL)
    return mh__fail(hipErrorInvalidHandle, "event is NULL");
  mh_stream *waiter;
  if (mh__stream_get(s, stream, &waiter) != hipSuccess) /* 6.3's isValid check: InvalidHandle */
    return mh__fail(hipErrorInvalidHandle, "stream %p is not a live stream", (void *)stream);
  mh_event *e;
  hipError_t err = event_get(s, event, "event", &e);
  if (err != hipSuccess)
    return err;
  if (flags == WAIT_DEFAULT) {
    never_recorded(e, "record it (hipEventRecord) after the work this stream must wait for, "
                      "before this call");
    mh__sync_stream_waits_on(s, stream, e);
  }
  mh_stream *recorder = NULL;
  if (e->stream_id != 0) {
    recorder = mh__stream_by_id(s, e->stream_id);
    if (recorder == NULL) /* its stream is gone: its queue still runs what it had */
      return mh__queue_push_wait(waiter, waiter != NULL ? waiter->device : mh__current_device(),
                                 &e->pending);
  }
  if (flags == WAIT_EXTERNAL) {
    /* An external wait is a node of the capture graph: only a capturing stream takes it. */
    if (waiter == NULL || waiter->capture == NULL)
      return mh__fail(hipErrorInvalidHandle,
                      "hipEventWaitExternal needs a capturing stream, and stream %p is not",
                      (void *)stream);
    return mh__capture_add_node(waiter);
  }
  mh_capture *c = recorder != NULL ? recorder->capture : NULL;
  if (c != NULL && e->capture_id == c->id) {
    if (waiter == NULL)
      return hipSuccess; /* the mock's null stream cannot join */
    if (waiter->capture != NULL && waiter->capture != c)
      return mh__fail(hipErrorStreamCaptureMerge,
                      "stream %p takes part in capture %llu and the event in capture %llu: "
                      "joining would merge two captures",
                      (void *)stream, waiter->capture->id, c->id);
    if (waiter->capture == NULL)
      mh__capture_join(c, waiter);
    /* Its next work depends on what the event's stream had captured: a join. */
    return mh__node_set_union(&waiter->deps, &e->deps);
  }
  /* HIP on NVIDIA waits for the record made before the capture, which has completed
     (capture_isolation). */
  if (c != NULL && c->status == hipStreamCaptureStatusActive &&
      mh__profile_is(MH_ROW_capture_isolation, MH_CELL_StreamCaptureIsolation))
    return mh__profile_fail(MH_ROW_capture_isolation,
                            "event %p was recorded before capture %llu began on its stream, "
                            "which captures now",
                            (void *)event, c->id);
  /* Device::AddSafeStream: the waiting stream may reuse pool memory the event's stream freed,
     both on one device (a wait on hipStreamLegacy adds nothing). */
  int event_device = recorder != NULL ? recorder->device : e->device;
  int wait_device = waiter != NULL ? waiter->device : mh__current_device();
  if (stream != HIPVMM_STREAM_LEGACY && event_device == wait_device)
    mh__pools_stream_waits(s, event_device,
                           recorder != NULL ? recorder->id : (uint64_t)event_device + 1,
                           mh__stream_key(waiter));
  /* A record still queued: the waiting stream's later work waits for it. */
  return mh__queue_push_wait(waiter, wait_device, &e->pending);
}

MH_EXPORT hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamWaitEvent, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = wait_event(s, stream, event, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamWaitEvent, err, "stream=%s, event=%s, flags=%#x",
                   mh__d_stream(stream), mh__d_event(event), flags);
}
