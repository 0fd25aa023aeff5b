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

/* ---- checks (check.c) ---- */

extern bool fuzz_trace; /* VMM_FUZZ_TRACE=1: print every call */

/* Prints the step, the call, both results and the mock's reason; aborts when
   they differ. Use CHECK_CALL, which formats the call only when needed. */
void check_report(fuzz_state *st, hipError_t mock, hipError_t expect, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
#define CHECK_CALL(st, mock, expect, ...)                                                          \
  do {                                                                                             \
    if (fuzz_trace || (mock) != (expect))                                                          \
      check_report((st), (mock), (expect), __VA_ARGS__);                                           \
  } while (0)

/* Prints the step and the message, then aborts. */
void check_fail(fuzz_state *st, const char *format, ...) __attribute__((format(printf, 2, 3)))
__attribute__((noreturn));

/* mockhip_stats and hipMemGetInfo against the model's counters. */
void check_counters(fuzz_state *st, const char *after);

/* ---- operations (ops_objects.c, ops_memory.c) ---- */

void op_reserve(fuzz_state *st);
void op_address_free(fuzz_state *st);
void op_granularity(fuzz_state *st);
void op_create(fuzz_state *st);
void op_release(fuzz_state *st);
void op_map(fuzz_state *st);
void op_unmap(fuzz_state *st);
void op_retain(fuzz_state *st);
void op_properties(fuzz_state *st);
void op_export(fuzz_state *st);
void op_import(fuzz_state *st);
void op_close_fd(fuzz_state *st);

void op_set_access(fuzz_state *st);
void op_get_access(fuzz_state *st);
void op_set_device(fuzz_state *st);
void op_copy(fuzz_state *st);
void op_cpu_read(fuzz_state *st);
void op_cpu_write(fuzz_state *st);

/* ---- the host runtime (ops_runtime.c) ---- */

void op_stream_create(fuzz_state *st);
void op_stream_destroy(fuzz_state *st);
void op_stream_query(fuzz_state *st);
void op_stream_get(fuzz_state *st);
void op_stream_wait_event(fuzz_state *st);
void op_event_create(fuzz_state *st);
void op_event_record(fuzz_state *st);
void op_event_query(fuzz_state *st);
void op_event_elapsed(fuzz_state *st);
void op_event_destroy(fuzz_state *st);
void op_block_alloc(fuzz_state *st);
void op_block_free(fuzz_state *st);
void op_block_copy(fuzz_state *st);
void op_ctx(fuzz_state *st);
void op_primary_ctx(fuzz_state *st);
void op_peer(fuzz_state *st);
void op_device_reset(fuzz_state *st);

/* A stream the mock handed out (live or stale), NULL, hipStreamLegacy or garbage. */
uintptr_t pick_stream_handle(fuzz_state *st);
/* Remembers a block's start for later frees and copies. */
void remember_block(fuzz_state *st, uintptr_t base);
/* Whether [ptr, ptr + bytes) may reach pool memory other than one live pool block holding it
   whole: a pool's cached memory stays mapped, so the model cannot say what a copy there does. */
bool pool_memory_unknown(const fuzz_state *st, uintptr_t ptr, size_t bytes);

/* ---- memory pools (ops_pool.c) ---- */

void op_pool_alloc(fuzz_state *st);
void op_pool_get(fuzz_state *st);
void op_pool_set_current(fuzz_state *st);
void op_pool_create(fuzz_state *st);
void op_pool_destroy(fuzz_state *st);
void op_pool_access(fuzz_state *st);
void op_pool_tune(fuzz_state *st);

/* Reads what each device's pools hold into the model (pool_reserved), checking that what is
   allocated is used and what is used reserved. */
void pools_observe(fuzz_state *st);
/* Destroys the user pools, and trims the default ones to nothing, which must leave none. */
void teardown_pools(fuzz_state *st);

/* Frees every block, destroys every event and stream, disables every peer pair and empties
   the context stack, each checked like a step. */
void teardown_runtime(fuzz_state *st);

/* ---- graphs, arrays, host work, hipCtxCreate (ops_graph.c) ---- */

void op_graph(fuzz_state *st);
void op_array(fuzz_state *st);
void op_host_work(fuzz_state *st);
void op_ctx_create(fuzz_state *st);
/* Destroys every exec and graph and frees every array. */
void teardown_graphs(fuzz_state *st);

#endif /* FUZZ_HARNESS_H */
