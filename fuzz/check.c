/*
 * check.c: the fuzzer's verdicts. A difference between mockhip and the model
 * prints one line naming the step, the call with its arguments, what each
 * side said and the mock's reason, then aborts, which libFuzzer records as a
 * crash with the input that caused it. The counters are checked here too, after
 * what the pools hold is read from the mock into the model.
 */
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

bool fuzz_trace;
bool fuzz_async;

static void print_step(const fuzz_state *st) {
  if (st->step > 0)
    fprintf(stderr, "vmm_fuzz: step %d: ", st->step);
  else
    fprintf(stderr, "vmm_fuzz: teardown: ");
}

void check_report(fuzz_state *st, hipError_t mock, hipError_t expect, const char *format, ...) {
  const char *reason = mockhip_last_reason(); /* before any other HIP call */
  char call[512];
  va_list args;
  va_start(args, format);
  vsnprintf(call, sizeof call, format, args);
  va_end(args);
  print_step(st);
  if (mock == expect) {
    fprintf(stderr, "%s = %s\n", call, hipGetErrorName(mock));
    return;
  }
  fprintf(stderr, "%s: mockhip returned %s (%s), the model expects %s\n", call,
          hipGetErrorName(mock), reason[0] ? reason : "no reason given", hipGetErrorName(expect));
  abort();
}

void check_fail(fuzz_state *st, const char *format, ...) {
  va_list args;
  va_start(args, format);
  print_step(st);
  vfprintf(stderr, format, args);
  va_end(args);
  fputc('\n', stderr);
  abort();
}

void pools_observe(fuzz_state *st) {
  model *m = &st->model;
  for (int d = 0; d < MODEL_DEVICES; d++) {
    m->pool_reserved[d] = 0;
    for (int p = 0; p < MODEL_MAX_POOLS; p++) {
      model_pool *mp = &m->pools[p];
      if (!mp->live || mp->device != d)
        continue;
      if (mp->handle == 0) { /* a default pool not shown yet */
        hipMemPool_t pool = NULL;
        if (hipDeviceGetDefaultMemPool(&pool, d) != hipSuccess)
          check_fail(st, "hipDeviceGetDefaultMemPool(%d) failed", d);
        mp->handle = (uintptr_t)pool;
        remember_pool(st, mp->handle);
      }
      uint64_t reserved = 0, used = 0;
      if (hipMemPoolGetAttribute((hipMemPool_t)mp->handle, hipMemPoolAttrReservedMemCurrent,
                                 &reserved) != hipSuccess ||
          hipMemPoolGetAttribute((hipMemPool_t)mp->handle, hipMemPoolAttrUsedMemCurrent, &used) !=
              hipSuccess)
        check_fail(st, "the attributes of pool %#lx cannot be read", (unsigned long)mp->handle);
      size_t allocated = model_pool_used(m, p);
      if (used < allocated || reserved < used || (allocated == 0 && used != 0))
        check_fail(st,
                   "pool %#lx of device %d: used %llu, reserved %llu; the model has %zu bytes "
                   "allocated from it",
                   (unsigned long)mp->handle, d, (unsigned long long)used,
                   (unsigned long long)reserved, allocated);
      m->pool_reserved[d] += reserved;
    }
  }
}

void fuzz_settle(fuzz_state *st) {
  if (!fuzz_async)
    return;
  for (int device = 0; device < MODEL_DEVICES; device++) {
    hipError_t err = hipSetDevice(device);
    if (err == hipSuccess)
      err = hipDeviceSynchronize();
    if (err != hipSuccess)
      check_fail(st, "waiting for device %d's queued work: %s (%s)", device, hipGetErrorName(err),
                 mockhip_last_reason());
    st->model.ctx_active[device] = true; /* named by hipSetDevice */
  }
  if (hipSetDevice(st->model.device) != hipSuccess)
    check_fail(st, "hipSetDevice(%d) after waiting failed", st->model.device);
  if (fuzz_trace)
    fprintf(stderr, "vmm_fuzz: every device's queued work done\n");
}

#define COMPARE(name, mock_value, model_value)                                                     \
  do {                                                                                             \
    if ((mock_value) != (model_value))                                                             \
      check_fail(st, "after %s: %s is %zu in mockhip_stats, %zu in the model", after, name,        \
                 (size_t)(mock_value), (size_t)(model_value));                                     \
  } while (0)

void check_counters(fuzz_state *st, const char *after) {
  pools_observe(st);
  model_counters want;
  model_counters_get(&st->model, &want);
  mockhip_stats_t got = MOCKHIP_STATS_INIT;
  if (mockhip_stats(&got) != hipSuccess)
    check_fail(st, "after %s: mockhip_stats failed", after);
  COMPARE("reserved_bytes", got.reserved_bytes, want.reserved_bytes);
  COMPARE("mapped_bytes", got.mapped_bytes, want.mapped_bytes);
  COMPARE("physical_bytes", got.physical_bytes, want.physical_bytes);
  COMPARE("live_reservations", got.live_reservations, want.reservations);
  COMPARE("live_mappings", got.live_mappings, want.mappings);
  COMPARE("live_handles", got.live_handles, want.handles);
  COMPARE("malloc_bytes", got.malloc_bytes, want.malloc_bytes);
  COMPARE("live_mallocs", got.live_mallocs, want.mallocs);
  COMPARE("live_streams", got.live_streams, want.streams);
  COMPARE("live_events", got.live_events, want.events);
  COMPARE("live_pools", got.live_pools, want.pools);
  COMPARE("live_pool_blocks", got.live_pool_blocks, want.pool_blocks);
  COMPARE("live_graphs", got.live_graphs, want.graphs);
  COMPARE("live_graph_execs", got.live_graph_execs, want.execs);
  COMPARE("live_arrays", got.live_arrays, want.arrays);

  /* hipMemGetInfo answers for the calling device: ask each, then switch back. */
  for (int device = 0; device < MODEL_DEVICES; device++) {
    size_t free_bytes = 0, total_bytes = 0;
    if (hipSetDevice(device) != hipSuccess ||
        hipMemGetInfo(&free_bytes, &total_bytes) != hipSuccess)
      check_fail(st, "after %s: hipMemGetInfo on device %d failed", after, device);
    if (free_bytes != want.free_bytes[device] || total_bytes != st->model.capacity)
      check_fail(st, "after %s: hipMemGetInfo on device %d: free %zu of %zu, the model: %zu of %zu",
                 after, device, free_bytes, total_bytes, want.free_bytes[device],
                 st->model.capacity);
  }
  for (int device = 0; device < MODEL_DEVICES; device++)
    st->model.ctx_active[device] = true; /* named by the hipSetDevice calls above */
  if (hipSetDevice(st->model.device) != hipSuccess)
    check_fail(st, "after %s: hipSetDevice(%d) failed", after, st->model.device);
}
