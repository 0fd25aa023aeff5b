/*
 * call.c: the way in and out of every entry point: the call counted, its site
 * noted, a failure injected where MOCKHIP_FAIL says so, then the reason and the
 * thread's last error recorded (trace.c prints the trace line). On the first
 * call it turns on what the options ask of the diagnostics: fault injection,
 * strict and leak reports, the trace, teach mode, explained faults.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "diag/diag.h"

static _Atomic unsigned long long calls[MOCKHIP_API_COUNT];

static _Thread_local hipError_t last_error = hipSuccess;
static _Thread_local char reason[512];
static _Thread_local void *call_site;
static _Thread_local mockhip_api call_api;
static _Thread_local unsigned long long call_ordinal;
static _Thread_local bool in_call; /* a report waits for the call's step (trace_html.c) */

static const char *const api_names[] = {
#define MH_API_NAME(name) #name,
    MOCKHIP_API_LIST(MH_API_NAME)
#undef MH_API_NAME
};

static pthread_once_t diag_once = PTHREAD_ONCE_INIT;

/* The locks of fault injection and of strict mode's table, made usable again in a child. */
static void diag_forked_child(void) {
  mh__fault_forked_child();
  mh__strict_forked_child();
  mh__sync_forked_child();
}

static void diag_init(void) {
  mh_state *s = mh__state();
  pthread_atfork(NULL, NULL, diag_forked_child);
  mh__fault_init(s->options.fail, s->options.seed);
  mh__strict_init(s->options.strict);
  mh__sync_check_init(s->options.strict || s->options.sync_check);
  mh__leak_check_init(s->options.leak_check);
  mh__trace_init(&s->options);
  mh__teach_init(s->options.teach);
  mh__explain_init(s);
}

hipError_t mh__enter(mockhip_api api, void *site, mh_state **state_out) {
  call_ordinal = atomic_fetch_add_explicit(&calls[api], 1, memory_order_relaxed) + 1;
  reason[0] = '\0';
  call_site = site;
  call_api = api;
  in_call = true;
  pthread_once(&diag_once, diag_init);
  mh_state *s = mh__state();
  if (state_out != NULL)
    *state_out = s;
  if (s->forked && mh__profile_is(MH_ROW_forked_child, MH_CELL_NotInitialized))
    return mh__fail(hipErrorNotInitialized,
                    "this process was forked after HIP started, and %s cannot be used in such a "
                    "child: start HIP in the child only, or exec a new program (the CUDA driver "
                    "answers CUDA_ERROR_NOT_INITIALIZED)",
                    mh__profile_title());
  hipError_t sticky = mh__sticky_check(s, api);
  if (sticky != hipSuccess)
    return sticky;
  return mh__fault_check(api);
}

/* Calls a faulted device still answers: the error itself, which device is current, the
   versions, and hipDeviceReset, which ends it. */
static bool sticky_exempt(mockhip_api api) {
  switch (api) {
  case MOCKHIP_CALL_hipGetLastError:
  case MOCKHIP_CALL_hipPeekAtLastError:
  case MOCKHIP_CALL_hipDeviceReset:
  case MOCKHIP_CALL_hipGetDevice:
  case MOCKHIP_CALL_hipSetDevice:
  case MOCKHIP_CALL_hipGetDeviceCount:
  case MOCKHIP_CALL_hipDriverGetVersion:
  case MOCKHIP_CALL_hipRuntimeGetVersion: return true;
  default: return false;
  }
}

hipError_t mh__sticky_check(mh_state *s, mockhip_api api) {
  if (atomic_load_explicit(&s->sticky_devices, memory_order_acquire) == 0)
    return hipSuccess; /* no device has faulted: the common case costs one load */
  int device = mh__current_device();
  if (device < 0 || device >= MH_MAX_DEVICES)
    return hipSuccess;
  int err = atomic_load_explicit(&s->sticky_error[device], memory_order_acquire);
  if (err == hipSuccess || sticky_exempt(api))
    return hipSuccess;
  return mh__fail((hipError_t)err, "%s", s->sticky_reason[device]);
}

bool mh__in_call(void) { return in_call; }

void *mh__call_site(void) { return call_site; }

mockhip_api mh__call_api(void) { return call_api; }

unsigned long long mh__call_ordinal(void) { return call_ordinal; }

hipError_t mh__fail(hipError_t err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(reason, sizeof reason, fmt, ap);
  va_end(ap);
  return err;
}

hipError_t mh__leave_quiet(mockhip_api api, hipError_t err) {
  in_call = false;
  /* Row last_error: before ROCm 7.0 every call's result is the last error (clr HIP_RETURN). */
  bool last_call = mh__profile_is(MH_ROW_last_error, MH_CELL_last_call);
  if (err == hipSuccess) {
    reason[0] = '\0';
    if (last_call)
      last_error = hipSuccess;
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
  if (err != hipErrorNotReady || last_call)
    last_error = err;
  return err;
}

hipError_t mh__last_error(bool clear) {
  hipError_t err = last_error;
  if (clear)
    last_error = hipSuccess;
  return err;
}

/* ---- mockhip.h ---- */

MH_EXPORT const char *mockhip_api_name(int api) {
  return api >= 0 && api < MOCKHIP_API_COUNT ? api_names[api] : NULL;
}

MH_EXPORT const char *mockhip_last_reason(void) { return reason; }

/*
 * Every published layout of mockhip_stats_t: the version, then the first `counters` size_t
 * fields of today's struct (a version only ever added counters after the last), then the
 * first `calls` entries of the list (entry points are only ever appended). A program built
 * against any of them reads its counters, and nothing past its struct is written.
 */
static const struct stats_layout {
  unsigned version;
  size_t counters, calls;
} stats_layouts[] = {
    {1, 9, MOCKHIP_STATS_V1_CALLS},  /* up to live_streams */
    {2, 11, MOCKHIP_STATS_V2_CALLS}, /* live_events, live_graphs */
    {3, 11, MOCKHIP_STATS_V3_CALLS},
    {4, 15, MOCKHIP_STATS_V4_CALLS}, /* live_pools .. live_arrays */
    {5, 15, MOCKHIP_STATS_V5_CALLS},
    {MOCKHIP_STATS_VERSION,
     (offsetof(mockhip_stats_t, calls) - offsetof(mockhip_stats_t, reserved_bytes)) /
         sizeof(size_t),
     MOCKHIP_API_COUNT},
};

static const struct stats_layout *stats_layout(const mockhip_stats_t *out) {
  for (size_t i = 0; out != NULL && i < sizeof stats_layouts / sizeof stats_layouts[0]; i++)
    if (stats_layouts[i].version == out->version)
      return &stats_layouts[i];
  return NULL;
}

/* Where a layout with `counters` size_t fields puts its calls. */
static size_t stats_calls_offset(size_t counters) {
  size_t end = offsetof(mockhip_stats_t, reserved_bytes) + counters * sizeof(size_t);
  size_t align = _Alignof(unsigned long long);
  return (end + align - 1) / align * align;
}

MH_EXPORT hipError_t mockhip_stats(mockhip_stats_t *out) {
  const struct stats_layout *layout = stats_layout(out);
  if (layout == NULL)
    return hipErrorInvalidValue;
  mockhip_stats_t now;
  mh_state *s = mh__state();
  mh__lock_read();
  now = s->stats;
  /* Pools the program made or imported and their allocations not freed; a device's default
     pool, and what a pool caches, are the runtime's. */
  now.live_pools = s->live_pools;
  now.live_pool_blocks = s->live_pool_blocks;
  mh__unlock();
  for (int i = 0; i < MOCKHIP_API_COUNT; i++)
    now.calls[i] = atomic_load_explicit(&calls[i], memory_order_relaxed);
  char *to = (char *)out;
  memcpy(to + offsetof(mockhip_stats_t, reserved_bytes), &now.reserved_bytes,
         layout->counters * sizeof(size_t));
  memcpy(to + stats_calls_offset(layout->counters), now.calls, layout->calls * sizeof now.calls[0]);
  return hipSuccess;
}

MH_EXPORT size_t mockhip_live_objects(void) {
  mockhip_stats_t s = MOCKHIP_STATS_INIT;
  mockhip_stats(&s);
  return s.live_reservations + s.live_mappings + s.live_handles + s.live_mallocs + s.live_streams +
         s.live_events + s.live_graphs + s.live_pools + s.live_pool_blocks + s.live_graph_execs +
         s.live_arrays + s.live_textures;
}
