/*
 * runtime.c: the process-wide state and its fork handlers, the entry/exit path
 * every HIP call takes (counting, last error and reason; trace.c prints the trace line), handle and
 * stream ids, mockhip_api_name, mockhip_stats and mockhip_live_objects,
 * hipInit, the device count and the calling thread's current device,
 * synchronisation, versions, hipGetLastError and hipPeekAtLastError. The
 * devices themselves are device.c's, peers peer.c's, contexts context.c's.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/arena.h"
#include "internal.h"
#include "os/recycle.h"

static mh_state state;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;
static _Atomic unsigned long long calls[MOCKHIP_API_COUNT];

static _Thread_local int current_device;
static _Thread_local hipError_t last_error = hipSuccess;
static _Thread_local char reason[512];
static _Thread_local void *call_site;
static _Thread_local mockhip_api call_api;

static const char *const api_names[] = {
#define MH_API_NAME(name) #name,
    MOCKHIP_API_LIST(MH_API_NAME)
#undef MH_API_NAME
};

/*
 * A fork while another thread holds the lock would leave the child's copy held
 * forever: the forking thread takes it first and the parent lets it go. The
 * child cannot unlock it (glibc records the writer by thread id, which differs
 * there), so it switches to the other of two locks, one never held in this
 * process's history of forks.
 */
static pthread_rwlock_t locks[2];

/* The recycle cache empties first: its extents are in files both sides will hold. */
static void fork_prepare(void) {
  pthread_rwlock_wrlock(state.lock);
  mh__recycle_drop_all();
}
/* Both sides now share the arena files: neither may reuse them (arena.c). */
static void fork_parent(void) {
  mh__arena_retire_all();
  pthread_rwlock_unlock(state.lock);
}
static void fork_child(void) {
  state.lock = state.lock == &locks[0] ? &locks[1] : &locks[0];
  pthread_rwlock_init(state.lock, NULL);
  mh__arena_retire_all();
  mh__fault_forked_child();
  mh__strict_forked_child();
}

/* Kept extents go back at exit, as every other object does; a thread still
   inside mockhip then keeps them (the process is ending anyway). */
static void recycle_at_exit(void) {
  if (pthread_rwlock_trywrlock(state.lock) != 0)
    return;
  mh__recycle_drop_all();
  pthread_rwlock_unlock(state.lock);
}

static void state_init(void) {
  state.lock = &locks[0];
  pthread_rwlock_init(state.lock, NULL);
  pthread_atfork(fork_prepare, fork_parent, fork_child);
  mh__options_read(&state.options);
  mh__profile_init(state.options.rocm_version);
  state.page_bytes = mh__os_page_bytes();
  mh__index_init(&state.by_address, state.options.granularity);
  mh__recycle_init(state.options.recycle_bytes);
  atexit(recycle_at_exit);
  for (size_t kind = 0; kind < sizeof state.next_id / sizeof state.next_id[0]; kind++)
    state.next_id[kind] = 1;
  mh__fault_init(state.options.fail, state.options.seed);
  mh__strict_init(state.options.strict);
  mh__leak_check_init(state.options.leak_check);
  mh__trace_init(&state.options);
  mh__teach_init(state.options.teach);
  mh__host_access_init(&state);
  mh__explain_init(&state);
}

mh_state *mh__state(void) {
  pthread_once(&state_once, state_init);
  return &state;
}

void mh__lock_read(void) { pthread_rwlock_rdlock(state.lock); }
void mh__lock_write(void) { pthread_rwlock_wrlock(state.lock); }
void mh__unlock(void) { pthread_rwlock_unlock(state.lock); }

int mh__current_device(void) { return current_device; }

void mh__set_current_device(int device) { current_device = device; }

hipError_t mh__enter(mockhip_api api, void *site, mh_state **state_out) {
  atomic_fetch_add_explicit(&calls[api], 1, memory_order_relaxed);
  reason[0] = '\0';
  call_site = site;
  call_api = api;
  mh_state *s = mh__state();
  if (state_out != NULL)
    *state_out = s;
  return mh__fault_check(api);
}

void *mh__call_site(void) { return call_site; }

mockhip_api mh__call_api(void) { return call_api; }

hipError_t mh__fail(hipError_t err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(reason, sizeof reason, fmt, ap);
  va_end(ap);
  return err;
}

hipError_t mh__leave_quiet(mockhip_api api, hipError_t err) {
  if (err == hipSuccess) {
    reason[0] = '\0';
    return err;
  }
  /* The reason names the call, so it reads on its own. */
  if (reason[0] == '\0')
    snprintf(reason, sizeof reason, "%s", mh__error_name(err));
  size_t name_len = strlen(api_names[api]);
  size_t detail_len = strlen(reason);
  if (detail_len > sizeof reason - name_len - 3)
    detail_len = sizeof reason - name_len - 3;
  memmove(reason + name_len + 2, reason, detail_len);
  memcpy(reason, api_names[api], name_len);
  memcpy(reason + name_len, ": ", 2);
  reason[name_len + 2 + detail_len] = '\0';
  if (err != hipErrorNotReady)
    last_error = err;
  return err;
}

/* An id: the tag in the top 16 bits, a serial number, the kind in the low 4 bits. */
#define MH_ID_TAG 0x6d68000000000000ULL /* "mh": unmistakable in a dump, never NULL-like */
#define MH_ID_TAG_MASK 0xffff000000000000ULL
#define MH_ID_KIND_BITS 4
#define MH_ID_KIND_MASK ((1ULL << MH_ID_KIND_BITS) - 1)

uint64_t mh__new_id(mh_state *s, mh_id_kind kind) {
  return MH_ID_TAG | (s->next_id[kind]++ << MH_ID_KIND_BITS) | (uint64_t)kind;
}

bool mh__id_was_issued(const mh_state *s, uint64_t id, mh_id_kind kind) {
  uint64_t serial = (id & ~MH_ID_TAG_MASK) >> MH_ID_KIND_BITS;
  return (id & MH_ID_TAG_MASK) == MH_ID_TAG && (id & MH_ID_KIND_MASK) == (uint64_t)kind &&
         serial != 0 && serial < s->next_id[kind];
}

unsigned long long mh__id_number(uint64_t value, mh_id_kind kind) {
  if ((value & MH_ID_TAG_MASK) != MH_ID_TAG || (value & MH_ID_KIND_MASK) != (uint64_t)kind)
    return 0;
  return (value & ~MH_ID_TAG_MASK) >> MH_ID_KIND_BITS;
}

bool mh__valid_device(const mh_state *s, int device) {
  return device >= 0 && device < s->options.devices;
}

/* ---- mockhip.h ---- */

MH_EXPORT const char *mockhip_api_name(int api) {
  return api >= 0 && api < MOCKHIP_API_COUNT ? api_names[api] : NULL;
}

MH_EXPORT const char *mockhip_last_reason(void) { return reason; }

MH_EXPORT hipError_t mockhip_stats(mockhip_stats_t *out) {
  if (out == NULL || out->version != MOCKHIP_STATS_VERSION)
    return hipErrorInvalidValue;
  mh_state *s = mh__state();
  mh__lock_read();
  *out = s->stats;
  mh__unlock();
  out->version = MOCKHIP_STATS_VERSION;
  for (int i = 0; i < MOCKHIP_API_COUNT; i++)
    out->calls[i] = atomic_load_explicit(&calls[i], memory_order_relaxed);
  return hipSuccess;
}

MH_EXPORT size_t mockhip_live_objects(void) {
  mockhip_stats_t s = MOCKHIP_STATS_INIT;
  mockhip_stats(&s);
  return s.live_reservations + s.live_mappings + s.live_handles + s.live_mallocs + s.live_streams +
         s.live_events + s.live_graphs;
}

/* ---- initialisation and devices ---- */

MH_EXPORT hipError_t hipInit(unsigned int flags) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipInit, MH_CALLER, NULL);
  if (err == hipSuccess && flags != 0)
    err = mh__fail(hipErrorInvalidValue, "flags must be 0, got %u", flags);
  return mh__leave(MOCKHIP_CALL_hipInit, err, "flags=%u", flags);
}

MH_EXPORT hipError_t hipGetDeviceCount(int *count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDeviceCount, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (count == NULL)
      err = mh__fail(hipErrorInvalidValue, "count is NULL");
    else
      *count = s->options.devices;
  }
  return mh__leave(MOCKHIP_CALL_hipGetDeviceCount, err, "%s", mh__d_out_int("count", count, err));
}

MH_EXPORT hipError_t hipSetDevice(int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipSetDevice, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = mh__fail(hipErrorInvalidDevice, "device %d is not in 0..%d", device,
                     s->options.devices - 1);
    else {
      current_device = device;
      mh__primary_context_activate(s, device);
    }
  }
  return mh__leave(MOCKHIP_CALL_hipSetDevice, err, "deviceId=%d", device);
}

MH_EXPORT hipError_t hipGetDevice(int *device) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDevice, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (device == NULL)
      err = mh__fail(hipErrorInvalidValue, "deviceId is NULL");
    else
      *device = current_device;
  }
  return mh__leave(MOCKHIP_CALL_hipGetDevice, err, "%s", mh__d_out_int("deviceId", device, err));
}

/* Work runs at once on the calling thread, so there is nothing to wait for;
   but no capture may be in progress (ROCm's CHECK_SUPPORTED_DURING_CAPTURE). */
MH_EXPORT hipError_t hipDeviceSynchronize(void) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSynchronize, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_DEVICE_SYNC);
  return mh__leave(MOCKHIP_CALL_hipDeviceSynchronize, err, "%s", "");
}

static hipError_t version(int *out, const char *what) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", what);
  *out = mh__profile_version_number();
  return hipSuccess;
}

MH_EXPORT hipError_t hipDriverGetVersion(int *v) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDriverGetVersion, MH_CALLER, NULL);
  if (err == hipSuccess) {
    err = version(v, "driverVersion");
  }
  return mh__leave(MOCKHIP_CALL_hipDriverGetVersion, err, "%s",
                   mh__d_out_int("driverVersion", v, err));
}

MH_EXPORT hipError_t hipRuntimeGetVersion(int *v) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipRuntimeGetVersion, MH_CALLER, NULL);
  if (err == hipSuccess) {
    err = version(v, "runtimeVersion");
  }
  return mh__leave(MOCKHIP_CALL_hipRuntimeGetVersion, err, "%s",
                   mh__d_out_int("runtimeVersion", v, err));
}

MH_EXPORT hipError_t hipGetLastError(void) {
  (void)mh__enter(MOCKHIP_CALL_hipGetLastError, MH_CALLER, NULL); /* never fails */
  hipError_t err = last_error;
  last_error = hipSuccess;
  /* Returns the stored error without making it this call's own failure. */
  if (mh__tracing())
    mh__trace_call(MOCKHIP_CALL_hipGetLastError, err, "");
  return err;
}

MH_EXPORT hipError_t hipPeekAtLastError(void) {
  (void)mh__enter(MOCKHIP_CALL_hipPeekAtLastError, MH_CALLER, NULL); /* never fails */
  if (mh__tracing())
    mh__trace_call(MOCKHIP_CALL_hipPeekAtLastError, last_error, "");
  return last_error;
}
