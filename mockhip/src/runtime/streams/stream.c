/*
 * stream.c: streams. A stream is an id naming its flags, priority and device.
 * Work on it runs at once on the calling thread (MOCKHIP_STREAMS=serial, the
 * default), so nothing is ever pending and synchronising waits for nothing; or
 * it waits in the stream's queue for the stream's runtime thread (async,
 * queue.c), and synchronising waits for it there. What a stream takes part in
 * while it captures lives in capture.c.
 *
 * Every call that takes a stream takes NULL and hipStreamLegacy (the null
 * stream of the current device) and hipStreamPerThread (the calling thread's
 * own stream on the current device, made on first use and gone with the
 * thread, as ROCm's). A per-thread stream is not in the registry of created
 * streams: it is made under the read lock, so it lives in a small registry of
 * its own with a mutex taken inside the state lock only, and it is neither
 * counted nor a leak.
 */
#include <stdatomic.h>
#include <stdlib.h>

#include "kernel/kernel.h"
#include "runtime/pools/pool.h"
#include "runtime/streams/streams.h"

/* hip::Stream::Priority: High -1, Normal 0, Low 1 (hip_internal.hpp); CUDA on a Hopper
   answers 0 to -5. */
#define PRIORITY_GREATEST                                                                          \
  (mh__profile_is(MH_ROW_stream_priorities, MH_CELL_zero_minus_five) ? -5 : -1)
#define PRIORITY_LEAST (mh__profile_is(MH_ROW_stream_priorities, MH_CELL_zero_minus_five) ? 0 : 1)

/* ---- per-thread streams ---- */

static pthread_mutex_t per_thread_lock = PTHREAD_MUTEX_INITIALIZER;
static mh_idmap per_thread_streams; /* id -> mh_stream, under per_thread_lock */
static _Atomic uint64_t per_thread_serial;
static pthread_key_t per_thread_key;
static pthread_once_t per_thread_once = PTHREAD_ONCE_INIT;
static _Thread_local mh_stream **per_thread; /* MH_MAX_DEVICES slots, or NULL */

/* Ids no created stream can have: the top bit set, where created ids carry "mh". */
#define PER_THREAD_ID_BIT (1ULL << 63)

/* At thread exit: its streams end any capture they take part in, then go. */
static void per_thread_exit(void *value) {
  mh_stream **slots = value;
  mh_state *s = mh__state();
  mh__lock_write();
  for (int d = 0; d < MH_MAX_DEVICES; d++) {
    if (slots[d] == NULL)
      continue;
    mh__capture_leave(s, slots[d]);
    mh__queue_close(slots[d]); /* what it queued still runs */
    pthread_mutex_lock(&per_thread_lock);
    mh__idmap_del(&per_thread_streams, slots[d]->id);
    pthread_mutex_unlock(&per_thread_lock);
    mh__node_set_free(&slots[d]->deps);
    free(slots[d]->deps_out);
    free(slots[d]);
  }
  mh__unlock();
  free(slots);
}

static void per_thread_init(void) { pthread_key_create(&per_thread_key, per_thread_exit); }

/* The calling thread's stream on the current device, made now if need be; NULL
   when there is no memory for it. */
static mh_stream *per_thread_stream(void) {
  int device = mh__current_device();
  if (per_thread != NULL && per_thread[device] != NULL)
    return per_thread[device];
  pthread_once(&per_thread_once, per_thread_init);
  if (per_thread == NULL) {
    per_thread = calloc(MH_MAX_DEVICES, sizeof *per_thread);
    if (per_thread == NULL || pthread_setspecific(per_thread_key, per_thread) != 0) {
      free(per_thread);
      per_thread = NULL;
      return NULL;
    }
  }
  mh_stream *stream = calloc(1, sizeof *stream);
  if (stream == NULL)
    return NULL;
  stream->id = PER_THREAD_ID_BIT | atomic_fetch_add(&per_thread_serial, 1);
  stream->device = device;
  stream->per_thread = true;
  pthread_mutex_lock(&per_thread_lock);
  int err = mh__idmap_put(&per_thread_streams, stream->id, stream);
  pthread_mutex_unlock(&per_thread_lock);
  if (err != 0) {
    free(stream);
    return NULL;
  }
  per_thread[device] = stream;
  return stream;
}

/* ---- lookups ---- */

hipError_t mh__stream_get(mh_state *s, hipStream_t stream, mh_stream **out) {
  *out = NULL;
  if (stream == NULL || stream == HIPVMM_STREAM_LEGACY)
    return hipSuccess;
  if (stream == hipStreamPerThread) {
    *out = per_thread_stream();
    return *out != NULL ? hipSuccess
                        : mh__fail(hipErrorOutOfMemory, "no memory for the per-thread stream");
  }
  *out = mh__idmap_get(&s->streams, (uint64_t)(uintptr_t)stream);
  return *out != NULL ? hipSuccess : mh__stale_handle("stream", "stream", stream);
}

hipError_t mh__stale_handle(const char *kind, const char *name, const void *handle) {
  if (mh__profile_is(MH_ROW_stale_handle, MH_CELL_crash))
    mh__teach_note("stale_handle",
                   "the CUDA runtime takes a %s handle for the object's address "
                   "and reads it: a destroyed or made-up one crashes the process",
                   kind);
  return mh__profile_fail(MH_ROW_stale_handle, "%s %p is not a live %s", name, handle, kind);
}

hipError_t mh__check_stream(mh_state *s, hipStream_t stream) {
  mh_stream *found;
  return mh__stream_get(s, stream, &found);
}

mh_stream *mh__stream_by_id(mh_state *s, uint64_t id) {
  if ((id & PER_THREAD_ID_BIT) == 0)
    return mh__idmap_get(&s->streams, id);
  pthread_mutex_lock(&per_thread_lock);
  mh_stream *stream = mh__idmap_get(&per_thread_streams, id);
  pthread_mutex_unlock(&per_thread_lock);
  return stream;
}

/* ---- creation and destruction ---- */

hipError_t mh__stream_create(mh_state *s, hipStream_t *out, unsigned flags, int priority) {
  /* ihipStreamCreate: the only flags there are. */
  if (flags != hipStreamDefault && flags != hipStreamNonBlocking)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x is neither hipStreamDefault nor "
                    "hipStreamNonBlocking",
                    flags);
  mh_stream *stream = calloc(1, sizeof *stream);
  if (stream == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the stream");
  stream->id = mh__new_id(s, MH_ID_STREAM);
  stream->site = mh__call_site();
  stream->flags = flags;
  stream->priority = priority;
  stream->device = mh__current_device();
  if (mh__idmap_put(&s->streams, stream->id, stream) != 0) {
    free(stream);
    return mh__fail(hipErrorOutOfMemory, "no memory for the stream registry");
  }
  s->stats.live_streams++;
  *out = (hipStream_t)(uintptr_t)stream->id;
  return hipSuccess;
}

/* One path for the three create calls: checks stream, then creates under the lock. */
static hipError_t create(mh_state *s, hipStream_t *stream, unsigned flags, int priority) {
  if (stream == NULL)
    return mh__fail(hipErrorInvalidValue, "stream is NULL");
  mh__lock_write();
  hipError_t err = mh__stream_create(s, stream, flags, priority);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipStreamCreate(hipStream_t *stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamCreate, MH_CALLER, &s);
  if (err == hipSuccess)
    err = create(s, stream, hipStreamDefault, 0);
  return mh__leave(MOCKHIP_CALL_hipStreamCreate, err, "%s",
                   mh__d_out_stream("stream", stream, err));
}

MH_EXPORT hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamCreateWithFlags, MH_CALLER, &s);
  if (err == hipSuccess)
    err = create(s, stream, flags, 0);
  return mh__leave(MOCKHIP_CALL_hipStreamCreateWithFlags, err, "%s, flags=%#x",
                   mh__d_out_stream("stream", stream, err), flags);
}

MH_EXPORT hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags,
                                                 int priority) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamCreateWithPriority, MH_CALLER, &s);
  if (err == hipSuccess) {
    /* Clamped, never refused (hipStreamCreateWithPriority). */
    int clamped = priority < PRIORITY_GREATEST ? PRIORITY_GREATEST
                  : priority > PRIORITY_LEAST  ? PRIORITY_LEAST
                                               : priority;
    err = create(s, stream, flags, clamped);
  }
  return mh__leave(MOCKHIP_CALL_hipStreamCreateWithPriority, err, "%s, flags=%#x, priority=%d",
                   mh__d_out_stream("stream", stream, err), flags, priority);
}

MH_EXPORT hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetStreamPriorityRange, MH_CALLER, NULL);
  if (err == hipSuccess) {
    /* Either pointer may be NULL: ROCm fills the ones it gets. */
    if (leastPriority != NULL)
      *leastPriority = PRIORITY_LEAST;
    if (greatestPriority != NULL)
      *greatestPriority = PRIORITY_GREATEST;
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetStreamPriorityRange, err, "%s, %s",
                   mh__d_out_int("leastPriority", leastPriority, err),
                   mh__d_out_int("greatestPriority", greatestPriority, err));
}

static hipError_t stream_destroy(mh_state *s, hipStream_t stream) {
  if (stream == NULL)
    return mh__fail(hipErrorInvalidHandle, "stream is NULL (the null stream cannot be destroyed)");
  if (stream == hipStreamPerThread || stream == HIPVMM_STREAM_LEGACY)
    return mh__fail(hipErrorInvalidResourceHandle, "stream %p is %s, which cannot be destroyed",
                    (void *)stream,
                    stream == hipStreamPerThread ? "hipStreamPerThread" : "hipStreamLegacy");
  mh_stream *found = mh__idmap_del(&s->streams, (uint64_t)(uintptr_t)stream);
  if (found == NULL)
    return mh__check_stream(s, stream);
  mh__capture_leave(s, found); /* a capturing stream ends its capture, as ROCm's does */
  mh__queue_close(found);      /* what it queued still runs, as on a GPU */
  mh__pools_forget_stream(s, found->id);
  s->stats.live_streams--;
  mh__node_set_free(&found->deps);
  free(found->deps_out);
  free(found);
  return hipSuccess;
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

void mh__streams_reset(mh_state *s, int device) {
  for (;;) {
    stream_search search = {device, 0};
    mh__idmap_each(&s->streams, match_stream, &search);
    if (search.found == 0)
      return;
    (void)stream_destroy(s, (hipStream_t)(uintptr_t)search.found);
  }
}

MH_EXPORT hipError_t hipStreamDestroy(hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamDestroy, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = stream_destroy(s, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamDestroy, err, "stream=%s", mh__d_stream(stream));
}

/* ---- synchronisation ---- */

/* hipStreamSynchronize and hipStreamQuery: the null stream is never checked
   against captures, any other stream is (StreamCaptureOngoing). *targets are
   what the stream has queued and not yet run (streams run asynchronously),
   *device its device. */
static hipError_t wait_check(mh_state *s, hipStream_t stream, mh_ticket *targets, size_t *count,
                             int *device) {
  mh__lock_write(); /* the check may invalidate captures */
  mh_stream *found;
  *count = 0;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err == hipSuccess && found != NULL)
    err = mh__capture_stream_ongoing(s, found);
  *device = found != NULL ? found->device : mh__current_device();
  if (err == hipSuccess)
    *count = mh__queue_targets(found, *device, false, targets);
  if (err == hipSuccess && *count == 0) /* nothing pending: the host is ordered after it all */
    mh__sync_host_waits_on(s, stream);
  mh__unlock();
  /* Work that ended after the call's first check, with a fault, leaves nothing to wait for:
     its error is answered here, as the wait would have answered it. */
  if (err == hipSuccess && *count == 0)
    err = mh__sticky_check(s, mh__call_api());
  return err;
}

/* Waits for the stream's work, then lets the pools of its device release (clr
   hipStreamSynchronize_common, Device::SyncAllStreams). */
static hipError_t synchronize(mh_state *s, hipStream_t stream) {
  mh_ticket targets[MH_QUEUE_TARGETS];
  size_t count;
  int device;
  hipError_t err = wait_check(s, stream, targets, &count, &device);
  if (err == hipSuccess)
    err = count == MH_QUEUE_TARGETS ? mh__queue_sync_device(device, false)
                                    : mh__queue_wait(targets, count);
  else
    (void)mh__queue_wait(targets, count);
  if (err == hipSuccess) {
    mh__lock_write();
    if (count > 0)
      mh__sync_host_waits_on(s, stream);
    mh__pools_release_freed(s, device);
    mh__unlock();
  }
  return err;
}

MH_EXPORT hipError_t hipStreamSynchronize(hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamSynchronize, MH_CALLER, &s);
  if (err == hipSuccess)
    err = synchronize(s, stream);
  if (err == hipSuccess)
    err = mh__staged_copy_land(s);
  return mh__leave(MOCKHIP_CALL_hipStreamSynchronize, err, "stream=%s", mh__d_stream(stream));
}

/* hipErrorNotReady while work queued on the stream has not all run. */
MH_EXPORT hipError_t hipStreamQuery(hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamQuery, MH_CALLER, &s);
  mh_ticket targets[MH_QUEUE_TARGETS];
  size_t count = 0;
  int device;
  if (err == hipSuccess)
    err = wait_check(s, stream, targets, &count, &device);
  for (size_t i = 0; i < count; i++)
    mh__ticket_release(&targets[i]);
  if (err == hipSuccess && count > 0)
    err = mh__fail(hipErrorNotReady, "stream %p has work queued that has not run yet",
                   (void *)stream);
  return mh__leave(MOCKHIP_CALL_hipStreamQuery, err, "stream=%s", mh__d_stream(stream));
}

/* ---- what a stream remembers ---- */

/* A copy of the stream a getter names, the null stream's values for NULL and
   hipStreamLegacy; under the read lock so the stream cannot go meanwhile. */
static hipError_t stream_values(mh_state *s, hipStream_t stream, mh_stream *out) {
  mh_stream *found = NULL;
  mh__lock_read();
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err == hipSuccess)
    *out = found != NULL ? *found
                         : (mh_stream){.flags = hipStreamDefault,
                                       .priority = 0, /* Normal */
                                       .device = mh__current_device()};
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamGetFlags, MH_CALLER, &s);
  mh_stream values;
  /* hipStreamGetFlags_common: NULL for either is InvalidValue. HIP on NVIDIA answers the null
     stream's flags, as cudaStreamGetFlags does (null_stream_flags). */
  if (err == hipSuccess && flags == NULL)
    err = mh__fail(hipErrorInvalidValue, "flags is NULL");
  if (err == hipSuccess && stream == NULL &&
      !mh__profile_is(MH_ROW_null_stream_flags, MH_CELL_Success))
    err = mh__profile_fail(MH_ROW_null_stream_flags, "stream is NULL");
  if (err == hipSuccess && (err = stream_values(s, stream, &values)) == hipSuccess)
    *flags = values.flags;
  return mh__leave(MOCKHIP_CALL_hipStreamGetFlags, err, "stream=%s, %s", mh__d_stream(stream),
                   mh__d_out_unsigned("flags", flags, err));
}

MH_EXPORT hipError_t hipStreamGetPriority(hipStream_t stream, int *priority) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamGetPriority, MH_CALLER, &s);
  mh_stream values;
  if (err == hipSuccess && priority == NULL)
    err = mh__fail(hipErrorInvalidValue, "priority is NULL");
  if (err == hipSuccess && (err = stream_values(s, stream, &values)) == hipSuccess)
    *priority = values.priority;
  return mh__leave(MOCKHIP_CALL_hipStreamGetPriority, err, "stream=%s, %s", mh__d_stream(stream),
                   mh__d_out_int("priority", priority, err));
}

MH_EXPORT hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamGetDevice, MH_CALLER, &s);
  mh_stream values;
  if (err == hipSuccess && device == NULL)
    err = mh__fail(hipErrorInvalidValue, "device is NULL");
  if (err == hipSuccess && (err = stream_values(s, stream, &values)) == hipSuccess)
    *device = values.device;
  return mh__leave(MOCKHIP_CALL_hipStreamGetDevice, err, "stream=%s, %s", mh__d_stream(stream),
                   mh__d_out_int("device", device, err));
}

/* ---- the synchronisation checker's view of a handle ---- */

/* The stream a handle names and its device; false for none, or where the checker is off. */
static bool sync_stream(mh_state *s, hipStream_t handle, mh_stream **stream, int *device) {
  if (!mh__sync_check_on() || mh__stream_get(s, handle, stream) != hipSuccess)
    return false;
  *device = *stream != NULL ? (*stream)->device : mh__current_device();
  return true;
}

void mh__sync_work_on(mh_state *s, hipStream_t handle, const mh_sync_access *acc, size_t count) {
  mh_stream *stream;
  int device;
  if (!sync_stream(s, handle, &stream, &device))
    return;
  mh__sync_work(s, stream, device, acc, count);
  if (mh__guards_placed()) /* the handler that judges the host's touches of them in front */
    mh__kernel_fault_arm(s->options.kernel_timeout != 0);
}

void mh__sync_host_waits_on(mh_state *s, hipStream_t handle) {
  mh_stream *stream;
  int device;
  if (sync_stream(s, handle, &stream, &device))
    mh__sync_host_waits(stream, device);
}

void mh__sync_record_on(mh_state *s, mh_event *event, hipStream_t handle) {
  mh_stream *stream;
  int device;
  if (sync_stream(s, handle, &stream, &device))
    mh__sync_record(event, stream, device);
}

void mh__sync_stream_waits_on(mh_state *s, hipStream_t handle, const mh_event *event) {
  mh_stream *stream;
  int device;
  if (sync_stream(s, handle, &stream, &device))
    mh__sync_stream_waits(stream, device, event);
}
