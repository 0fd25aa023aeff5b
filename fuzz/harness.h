/*
 * harness.h: what the fuzzer's files share: the input reader, the state of one
 * run (the model and the values the mock handed out), the argument pickers and
 * the checks that abort on a difference.
 */
#ifndef FUZZ_HARNESS_H
#define FUZZ_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

#include "model.h"

#define SEEN_MAX 16 /* values remembered for reuse, stale ones included */

typedef struct seen_reservation {
  uintptr_t base;
  size_t bytes;
} seen_reservation;

typedef struct fuzz_state {
  const uint8_t *data; /* the input, read front to back */
  size_t size, pos;
  int step; /* the call being checked, for messages */
  model model;
  /* Everything the mock returned, kept after it died: stale values are inputs too. */
  uintptr_t handles[SEEN_MAX];
  unsigned handle_count;
  seen_reservation reservations[SEEN_MAX];
  unsigned reservation_count;
  uintptr_t streams[SEEN_MAX], events[SEEN_MAX], blocks[SEEN_MAX], pools[SEEN_MAX];
  unsigned stream_count, event_count, block_count, pool_count;
  uintptr_t pool_blocks[SEEN_MAX]; /* every pool allocation's start, for op_block_copy */
  unsigned pool_block_count;
  uintptr_t graphs[SEEN_MAX], execs[SEEN_MAX], arrays[SEEN_MAX];
  unsigned graph_count, exec_count, array_count;
} fuzz_state;

/* How many of `count` remembered values are still in the ring. */
static inline unsigned seen_count(unsigned count) { return count < SEEN_MAX ? count : SEEN_MAX; }

/* ---- input (pick.c) ---- */

/* The next input byte; 0 once the input is used up. */
uint8_t take(fuzz_state *st);
bool input_left(const fuzz_state *st);
uint32_t take_u32(fuzz_state *st);

void remember_handle(fuzz_state *st, uintptr_t handle);
void remember_reservation(fuzz_state *st, uintptr_t base, size_t bytes);
/* Remembers a block's start for later frees and copies. */
void remember_block(fuzz_state *st, uintptr_t base);
/* Remembers a pool's handle, once. */
void remember_pool(fuzz_state *st, uintptr_t pool);

/* Arguments, valid and invalid, chosen by the input. */
uintptr_t pick_address(fuzz_state *st);
uintptr_t pick_handle(fuzz_state *st);
size_t pick_reserve_bytes(fuzz_state *st);
size_t pick_alignment(fuzz_state *st);
size_t pick_create_bytes(fuzz_state *st);
hipMemLocation pick_location(fuzz_state *st);
hipMemAccessFlags pick_access_flags(fuzz_state *st);
/* A map size near what the handle and the reservation at ptr allow. */
size_t pick_map_bytes(fuzz_state *st, uintptr_t ptr, uintptr_t handle);
/* An unmap / set-access size near whole runs of mappings from ptr. */
size_t pick_run_bytes(fuzz_state *st, uintptr_t ptr);
/* A copy length, 0 included. */
size_t pick_copy_bytes(fuzz_state *st);
/* A value of the ring of count remembered ones (live or stale) most of the time; else NULL,
   garbage or `special`. */
uintptr_t pick_seen(fuzz_state *st, const uintptr_t *ring, unsigned count, uintptr_t special);
/* A stream the mock handed out (live or stale), NULL, hipStreamLegacy or garbage. */
uintptr_t pick_stream_handle(fuzz_state *st);
/* The bytes a new chunk of a device's pool takes: 32 MiB, or an eighth of a small device. */
size_t pool_chunk_bytes(const model *m);
/* Whether [ptr, ptr + bytes) may reach pool memory other than one live pool block holding it
   whole: a pool's cached memory stays mapped, so the model cannot say what a copy there does. */
bool pool_memory_unknown(const fuzz_state *st, uintptr_t ptr, size_t bytes);

/* ---- checks (check.c) ---- */

extern bool fuzz_trace; /* VMM_FUZZ_TRACE=1: print every call */
/* MOCKHIP_STREAMS=async: stream work runs on the runtime's threads, beside the fuzzer's next
   calls, and results are compared where a correct program would look at them: after a
   synchronisation (fuzz_settle), or by a call that waits for the null stream itself. */
extern bool fuzz_async;

/* Prints the step, the call, both results and the mock's reason; aborts when
   they differ. Use CHECK_CALL, which formats the call only when needed. */
void check_report(fuzz_state *st, hipError_t mock, hipError_t expect, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
#define CHECK_CALL(st, mock, expect, ...)                                                          \
  do {                                                                                             \
    if (fuzz_trace || (mock) != (expect))                                                          \
      check_report((st), (mock), (expect), __VA_ARGS__);                                           \
  } while (0)

/* CHECK_CALL for hipStreamQuery, hipEventQuery and hipEventElapsedTime: where streams run
   asynchronously, hipErrorNotReady stands for the model's hipSuccess (the work is queued). */
#define CHECK_QUERY(st, mock, expect, ...)                                                         \
  do {                                                                                             \
    hipError_t query_got_ = (mock), query_want_ = (expect);                                        \
    if (fuzz_async && query_got_ == hipErrorNotReady && query_want_ == hipSuccess)                 \
      query_want_ = hipErrorNotReady;                                                              \
    CHECK_CALL((st), query_got_, query_want_, __VA_ARGS__);                                        \
  } while (0)

/* Prints the step and the message, then aborts. */
void check_fail(fuzz_state *st, const char *format, ...) __attribute__((format(printf, 2, 3)))
__attribute__((noreturn));

/* Reads what each device's pools hold into the model (pool_reserved), checking that what is
   allocated is used and what is used reserved. */
void pools_observe(fuzz_state *st);
/* mockhip_stats and hipMemGetInfo against the model's counters, what the pools hold read
   first. */
void check_counters(fuzz_state *st, const char *after);
/* Where streams run asynchronously: waits for what every device has queued
   (hipDeviceSynchronize on each, the current device put back), which must succeed, since
   nothing the model lets the fuzzer queue can fail once queued. Nothing otherwise. */
void fuzz_settle(fuzz_state *st);

#endif /* FUZZ_HARNESS_H */
