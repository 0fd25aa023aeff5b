/*
 * capture.c: stream capture, and the checks it imposes on other calls.
 *
 * A capture is begun on a stream (its origin) by one thread in one mode,
 * grows to the streams that wait on an event recorded in it (its members),
 * and is ended on the origin, which hands back a graph. Work queued on a
 * capturing stream goes into the graph instead of running, as nodes that keep
 * what the work does (capture_nodes.c); hipGraphInstantiate and hipGraphLaunch
 * run it later (graph_exec.c).
 *
 * The rules follow ROCm's hip_graph.cpp and the capture macros of
 * hip_internal.hpp: which calls a capture forbids depends on the calling
 * thread's mode (hipThreadExchangeStreamCaptureMode), on the mode of each
 * capture and on the thread that began it; a forbidden call invalidates the
 * captures it ran into, and their hipStreamEndCapture then fails. VMM calls
 * are not among them: ROCm's hip_vm.cpp checks no capture, so a VMM call
 * made while a stream captures does its work and returns what it returns at
 * any other time (hip-tests Unit_hipMemMap_Capture, Unit_hipMemUnmap_Capture).
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "runtime/streams/streams.h"

static _Atomic uint64_t thread_serials;
static _Thread_local uint64_t thread_serial;
/* ROCm's per-thread stream_capture_mode_ starts as Global (0). */
static _Thread_local hipStreamCaptureMode thread_mode = hipStreamCaptureModeGlobal;
/* Captures not ended, read without the lock by the calls that check them. */
static _Atomic size_t captures_alive;

uint64_t mh__thread_serial(void) {
  if (thread_serial == 0)
    thread_serial = atomic_fetch_add(&thread_serials, 1) + 1;
  return thread_serial;
}

/* ---- membership ---- */

void mh__capture_invalidate(mh_capture *capture) {
  capture->status = hipStreamCaptureStatusInvalidated;
}

void mh__capture_join(mh_capture *capture, mh_stream *stream) {
  stream->capture = capture;
  stream->deps.count = 0;
  stream->next_member = capture->members;
  capture->members = stream;
}

static void capture_free(mh_state *s, mh_capture *c) {
  pthread_mutex_destroy(&c->nodes_lock);
  if (c->borrowed && c->graph != NULL) {
    /* the program's graph keeps what was captured into it, and the nodes get handles */
    c->graph->capture = NULL;
    (void)mh__graph_register(s, c->graph);
  } else
    mh__graph_unregister(s, c->graph); /* NULL once hipStreamEndCapture has handed it out */
  mh__node_set_free(&c->removed);
  free(c);
}

void mh__capture_leave(mh_state *s, mh_stream *stream) {
  mh_capture *c = stream->capture;
  if (c == NULL)
    return;
  stream->capture = NULL;
  stream->deps.count = 0;
  if (c->origin != stream) {
    for (mh_stream **at = &c->members; *at != NULL; at = &(*at)->next_member)
      if (*at == stream) {
        *at = stream->next_member;
        break;
      }
    stream->next_member = NULL;
    return;
  }
  for (mh_stream *m = c->members, *next; m != NULL; m = next) {
    next = m->next_member;
    m->capture = NULL;
    m->next_member = NULL;
    m->deps.count = 0;
  }
  if (c->prev != NULL)
    c->prev->next = c->next;
  else
    s->captures = c->next;
  if (c->next != NULL)
    c->next->prev = c->prev;
  capture_free(s, c);
  atomic_fetch_sub(&captures_alive, 1);
}

bool mh__capture_blocking(const mh_state *s) {
  for (const mh_capture *c = s->captures; c != NULL; c = c->next) {
    if (c->status != hipStreamCaptureStatusActive)
      continue;
    if (c->origin->flags != hipStreamNonBlocking)
      return true;
    for (const mh_stream *m = c->members; m != NULL; m = m->next_member)
      if (m->flags != hipStreamNonBlocking)
        return true;
  }
  return false;
}

/* ---- what a capture forbids ---- */

/* Invalidates the captures that match and records why the call fails; hipSuccess when none does. */
typedef bool (*capture_filter)(const mh_capture *c);

static bool any_capture(const mh_capture *c) {
  (void)c;
  return true;
}
static bool global_capture(const mh_capture *c) { return c->mode == hipStreamCaptureModeGlobal; }
/* One in ROCm's tls.capture_streams_: begun here, not Relaxed. */
static bool own_capture(const mh_capture *c) {
  return c->thread == mh__thread_serial() && c->mode != hipStreamCaptureModeRelaxed;
}

static hipError_t forbid(mh_state *s, capture_filter match, hipError_t err, const char *why) {
  const mh_capture *first = NULL;
  size_t count = 0;
  for (mh_capture *c = s->captures; c != NULL; c = c->next)
    if (match(c)) {
      mh__capture_invalidate(c);
      first = c;
      count++;
    }
  if (count == 0)
    return hipSuccess;
  char name[32];
  return mh__fail(err,
                  "%s: capture %llu (%s mode, on stream %s)%s is invalidated, and "
                  "hipStreamEndCapture will return hipErrorStreamCaptureInvalidated",
                  why, first->id, mh__capture_mode_name(first->mode),
                  mh__stream_name(first->origin, name),
                  count > 1 ? " and the other captures in progress" : "");
}

static hipError_t check_locked(mh_state *s, mh_capture_rule rule) {
  switch (rule) {
  case MH_CAPTURE_UNSAFE: { /* CHECK_STREAM_CAPTURE_SUPPORTED */
    if (thread_mode == hipStreamCaptureModeRelaxed)
      return hipSuccess;
    hipError_t err = forbid(s, own_capture, hipErrorStreamCaptureUnsupported,
                            "not allowed while this thread captures (its mode is not Relaxed)");
    if (err == hipSuccess && thread_mode == hipStreamCaptureModeGlobal)
      err = forbid(s, global_capture, hipErrorStreamCaptureUnsupported,
                   "not allowed during a Global capture (this thread's mode is Global)");
    return err;
  }
  case MH_CAPTURE_DEVICE_SYNC: /* CHECK_SUPPORTED_DURING_CAPTURE */
    return forbid(s, any_capture, hipErrorStreamCaptureUnsupported,
                  "not allowed while any stream captures");
  case MH_CAPTURE_SYNC_COPY: /* CHECK_STREAM_CAPTURING */
  default:
    return forbid(s, any_capture, hipErrorStreamCaptureImplicit,
                  "a synchronous copy or set is not allowed while any stream captures");
  }
}

/* Every synchronous copy and set checks this first: it waits for what the legacy null stream
   has queued, so the synchronisation checker orders the host after it. */
static hipError_t checked(mh_capture_rule rule, hipError_t err) {
  if (err == hipSuccess && rule == MH_CAPTURE_SYNC_COPY && mh__sync_check_on())
    mh__sync_host_waits(NULL, mh__current_device());
  return err;
}

hipError_t mh__capture_check(mh_capture_rule rule) {
  if (atomic_load(&captures_alive) == 0)
    return checked(rule, hipSuccess); /* the common case takes no lock */
  mh_state *s = mh__state();
  mh__lock_write();
  hipError_t err = check_locked(s, rule);
  mh__unlock();
  return checked(rule, err);
}

hipError_t mh__capture_mode_forbids(mh_state *s) {
  if (thread_mode == hipStreamCaptureModeRelaxed)
    return hipSuccess;
  hipError_t err = hipSuccess;
  if (thread_mode == hipStreamCaptureModeGlobal)
    err = forbid(s, global_capture, hipErrorStreamCaptureUnsupported,
                 "not allowed during a Global capture (this thread's mode is Global)");
  if (err == hipSuccess)
    err = forbid(s, own_capture, hipErrorStreamCaptureUnsupported,
                 "not allowed while this thread captures (its mode is not Relaxed)");
  return err;
}

hipError_t mh__capture_stream_ongoing(mh_state *s, mh_stream *stream) {
  char name[32];
  switch (mh__capture_status(stream)) {
  case hipStreamCaptureStatusActive:
    mh__capture_invalidate(stream->capture);
    return mh__fail(hipErrorStreamCaptureUnsupported,
                    "stream %s is capturing (capture %llu); the capture is invalidated",
                    mh__stream_name(stream, name), stream->capture->id);
  case hipStreamCaptureStatusInvalidated:
    return mh__fail(hipErrorStreamCaptureUnsupported,
                    "stream %s takes part in capture %llu, invalidated: end it with "
                    "hipStreamEndCapture first",
                    mh__stream_name(stream, name), stream->capture->id);
  default: return mh__capture_mode_forbids(s);
  }
}

hipError_t mh__stream_work(mh_state *s, hipStream_t stream, mh_stream **capturing) {
  mh_stream *found;
  *capturing = NULL;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err != hipSuccess)
    return err;
  hipStreamCaptureStatus status = mh__capture_status(found);
  if (status == hipStreamCaptureStatusInvalidated)
    return mh__fail(hipErrorStreamCaptureInvalidated,
                    "stream %p takes part in capture %llu, which was invalidated", (void *)stream,
                    found->capture->id);
  if (status == hipStreamCaptureStatusActive)
    *capturing = found;
  return hipSuccess;
}

/* ---- the entry points ---- */

hipError_t mh__capture_begin(mh_state *s, hipStream_t stream, int mode, mh_graph *into) {
  mh_stream *found;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err != hipSuccess)
    return err;
  if (found == NULL)
    return mh__fail(hipErrorStreamCaptureUnsupported, "the null stream (%p) cannot capture",
                    (void *)stream);
  if (mode < hipStreamCaptureModeGlobal || mode > hipStreamCaptureModeRelaxed)
    return mh__fail(hipErrorInvalidValue, "mode %d is not a hipStreamCaptureMode", mode);
  /* HIP on NVIDIA keeps a stream in its invalidated capture until the origin's end
     (capture_end_unmatched `invalidated`); ROCm lets it begin again. */
  hipStreamCaptureStatus status = mh__capture_status(found);
  if (status == hipStreamCaptureStatusActive ||
      (status == hipStreamCaptureStatusInvalidated &&
       mh__profile_is(MH_ROW_capture_end_unmatched, MH_CELL_invalidated)))
    return mh__fail(hipErrorIllegalState, "stream %p already takes part in capture %llu",
                    (void *)stream, found->capture->id);
  if (into != NULL && into->capture != NULL)
    return mh__fail(hipErrorIllegalState, "graph %p is captured into already (capture %llu)",
                    (void *)(uintptr_t)into->id, into->capture->id);
  mh_capture *c = calloc(1, sizeof *c);
  if (c != NULL && into == NULL && (c->graph = mh__graph_new()) == NULL) {
    free(c);
    c = NULL;
  }
  if (c == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the capture");
  if (into != NULL) {
    /* clr: the nodes there already count as added by hand, never unjoined branches */
    c->graph = into;
    c->borrowed = true;
    for (size_t i = 0; i < into->node_count; i++)
      into->nodes[i]->manual = true;
  } else {
    c->graph->site = mh__call_site();
  }
  c->graph->capture = c;
  pthread_mutex_init(&c->nodes_lock, NULL);
  /* ROCm lets an invalidated stream begin again: the old capture is dropped. */
  mh__capture_leave(s, found);
  c->id = ++s->next_capture_id;
  c->mode = (hipStreamCaptureMode)mode;
  c->status = hipStreamCaptureStatusActive;
  c->thread = mh__thread_serial();
  c->origin = found;
  c->next = s->captures;
  if (s->captures != NULL)
    s->captures->prev = c;
  s->captures = c;
  found->capture = c;
  atomic_fetch_add(&captures_alive, 1);
  return hipSuccess;
}

MH_EXPORT hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamBeginCapture, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = mh__capture_begin(s, stream, (int)mode, NULL);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamBeginCapture, err, "stream=%s, mode=%s",
                   mh__d_stream(stream), mh__d_capture_mode((int)mode));
}

/* hipStreamEndCapture_common's checks, in its order. */
static hipError_t end_capture(mh_state *s, hipStream_t stream, hipGraph_t *graph_out) {
  if (graph_out == NULL)
    return mh__fail(hipErrorInvalidValue, "pGraph is NULL");
  *graph_out = NULL;
  if (stream == NULL || stream == HIPVMM_STREAM_LEGACY)
    return mh__fail(hipErrorIllegalState, "the null stream (%p) never captures", (void *)stream);
  mh_stream *found;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err != hipSuccess)
    return err;
  mh_capture *c = found->capture;
  char name[32];
  if (c == NULL)
    return mh__fail(hipErrorIllegalState, "stream %p is not capturing", (void *)stream);
  unsigned long long id = c->id;
  if (c->origin != found) {
    /* HIP on NVIDIA invalidates the capture too (capture_end_unmatched). */
    bool invalidates = mh__profile_is(MH_ROW_capture_end_unmatched, MH_CELL_invalidated);
    if (invalidates)
      mh__capture_invalidate(c);
    return mh__fail(hipErrorStreamCaptureUnmatched,
                    "stream %p joined capture %llu, which was begun on stream %s: end it there%s",
                    (void *)stream, id, mh__stream_name(c->origin, name),
                    invalidates ? "; the capture is invalidated" : "");
  }
  if (c->mode != hipStreamCaptureModeRelaxed && c->thread != mh__thread_serial()) {
    /* HIP on NVIDIA ends the capture all the same, with no graph (capture_end_wrong_thread). */
    bool ends = mh__profile_is(MH_ROW_capture_end_wrong_thread, MH_CELL_ended);
    const char *mode = mh__capture_mode_name(c->mode); /* read before the capture goes */
    if (ends)
      mh__capture_leave(s, found);
    return mh__fail(hipErrorStreamCaptureWrongThread,
                    "capture %llu was begun in %s mode by another thread, which must end it%s", id,
                    mode, ends ? "; it is ended, with no graph" : "");
  }
  if (c->status == hipStreamCaptureStatusInvalidated) {
    mh__capture_leave(s, found);
    return mh__fail(hipErrorStreamCaptureInvalidated,
                    "capture %llu was invalidated (a call it forbids, or a refused end); it is "
                    "ended, with no graph",
                    id);
  }
  size_t loose = mh__capture_loose_ends(c);
  if (loose > 1) {
    /* ROCm drops the graph and returns; the mock ends the capture as well. */
    mh__capture_leave(s, found);
    return mh__fail(hipErrorStreamCaptureUnjoined,
                    "capture %llu ends in %zu branches: work on a joined stream was not joined "
                    "back to stream %p by an event it waits on; it is ended, with no graph",
                    id, loose, (void *)stream);
  }
  /* The graph, its nodes with it, gets its handles (hipStreamGetCaptureInfo_v2 may have given
     some already, and a graph captured into has its own); the capture ends without it. */
  mh_graph *graph = c->graph;
  if (!c->borrowed)
    graph->site = mh__call_site();
  hipError_t registered = mh__graph_register(s, graph);
  if (registered != hipSuccess)
    return registered;
  graph->capture = NULL;
  c->graph = NULL;
  mh__capture_leave(s, found);
  *graph_out = (hipGraph_t)(uintptr_t)graph->id;
  return hipSuccess;
}

MH_EXPORT hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamEndCapture, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = end_capture(s, stream, pGraph);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamEndCapture, err, "stream=%s, %s", mh__d_stream(stream),
                   mh__d_out_graph("pGraph", pGraph, err));
}

/* hipStreamIsCapturing and hipStreamGetCaptureInfo: the null stream is never
   capturing, but asking about it while a blocking stream captures is an
   implicit synchronisation with that stream. */
static hipError_t capture_info(mh_state *s, hipStream_t stream, hipStreamCaptureStatus *status,
                               unsigned long long *id) {
  if (status == NULL)
    return mh__fail(hipErrorInvalidValue, "pCaptureStatus is NULL");
  mh__lock_read();
  mh_stream *found;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err == hipSuccess && found == NULL && mh__capture_blocking(s))
    err = mh__fail(hipErrorStreamCaptureImplicit,
                   "asking about the null stream while a blocking stream captures");
  if (err == hipSuccess) {
    *status = mh__capture_status(found);
    if (*status == hipStreamCaptureStatusActive && id != NULL)
      *id = found->capture->id;
  }
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipStreamIsCapturing(hipStream_t stream,
                                          hipStreamCaptureStatus *pCaptureStatus) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamIsCapturing, MH_CALLER, &s);
  if (err == hipSuccess)
    err = capture_info(s, stream, pCaptureStatus, NULL);
  return mh__leave(MOCKHIP_CALL_hipStreamIsCapturing, err, "stream=%s, pCaptureStatus=%p",
                   mh__d_stream(stream), (void *)pCaptureStatus);
}

MH_EXPORT hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                             hipStreamCaptureStatus *pCaptureStatus,
                                             unsigned long long *pId) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamGetCaptureInfo, MH_CALLER, &s);
  if (err == hipSuccess)
    err = capture_info(s, stream, pCaptureStatus, pId);
  return mh__leave(MOCKHIP_CALL_hipStreamGetCaptureInfo, err,
                   "stream=%s, pCaptureStatus=%p, pId=%p", mh__d_stream(stream),
                   (void *)pCaptureStatus, (void *)pId);
}

MH_EXPORT hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipThreadExchangeStreamCaptureMode, MH_CALLER, NULL);
  int asked = -1;
  if (err == hipSuccess) {
    if (mode != NULL)
      asked = (int)*mode;
    if (mode == NULL) {
      err = mh__fail(hipErrorInvalidValue, "mode is NULL");
    } else if ((asked < hipStreamCaptureModeGlobal || asked > hipStreamCaptureModeRelaxed) &&
               mh__profile_is(MH_ROW_capture_mode_checked, MH_CELL_yes)) {
      err = mh__fail(hipErrorInvalidValue, "*mode %d is not a hipStreamCaptureMode", asked);
    } else {
      *mode = thread_mode;
      thread_mode = (hipStreamCaptureMode)asked;
    }
  }
  return mh__leave(MOCKHIP_CALL_hipThreadExchangeStreamCaptureMode, err, "mode=%p (%s -> %s)",
                   (void *)mode, mh__d_capture_mode(asked),
                   mode && err == hipSuccess ? mh__d_capture_mode((int)*mode) : "unchanged");
}
