/*
 * ops.h: the fuzzer's steps, one per call (ops_*.c), and the teardowns that
 * end a run; vmm_fuzz.c's op table names them. Each step stands on
 * harness.h's input, pickers and checks and on the model, never on another
 * step's file.
 */
#ifndef FUZZ_OPS_H
#define FUZZ_OPS_H

#include "harness.h"

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

/* ---- memory pools (ops_pool.c) ---- */

void op_pool_alloc(fuzz_state *st);
void op_pool_get(fuzz_state *st);
void op_pool_set_current(fuzz_state *st);
void op_pool_create(fuzz_state *st);
void op_pool_destroy(fuzz_state *st);
void op_pool_access(fuzz_state *st);
void op_pool_tune(fuzz_state *st);

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

#endif /* FUZZ_OPS_H */
