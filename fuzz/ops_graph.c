/*
 * ops_graph.c: one fuzzer step per call of graphs made by hand (create, an
 * empty or memset node, instantiate, launch, destroy), arrays (make and free),
 * host work on streams and the contexts hipCtxCreate pushes, against
 * model_graph.c and model_runtime.c.
 */
#include "ops.h"

#include <stdio.h>
#include <string.h>

/* hipCtxCreate and hipCtxDestroy are deprecated in ROCm's header: made on purpose here. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#define GARBAGE ((uintptr_t)0x5eed2000)

static uintptr_t pick_ring(fuzz_state *st, const uintptr_t *ring, unsigned count) {
  uint8_t b = take(st);
  unsigned n = seen_count(count);
  if (b % 8 < 6 && n > 0)
    return ring[take(st) % n];
  return b % 8 == 6 ? 0 : GARBAGE + b;
}

static void remember_in(uintptr_t *ring, unsigned *count, uintptr_t value) {
  ring[(*count)++ % SEEN_MAX] = value;
}

/* A live hipMalloc block's inside (the memset nodes' target), or garbage. */
static uintptr_t pick_device_memory(fuzz_state *st, size_t *bytes) {
  const model *m = &st->model;
  uint8_t b = take(st);
  *bytes = 1 + take(st) % 64;
  for (int k = 0; k < MODEL_MAX_BLOCKS; k++) {
    const model_block *blk = &m->blocks[(b + k) % MODEL_MAX_BLOCKS];
    if (blk->live && blk->kind == BLOCK_DEVICE && b % 8 != 7)
      return blk->base + (b % 2 ? take(st) % blk->bytes : 0);
  }
  return GARBAGE;
}

void op_graph(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  switch (b % 6) {
  case 0: { /* create */
    if (!model_room_for_graph(m))
      return;
    bool out_null = (b >> 3) % 16 == 0;
    unsigned flags = (b >> 3) % 16 == 1 ? 1 : 0;
    hipGraph_t graph = NULL;
    hipError_t got = hipGraphCreate(out_null ? NULL : &graph, flags);
    CHECK_CALL(st, got, model_graph_create(m, out_null, flags, (uintptr_t)graph),
               "hipGraphCreate(%s, %u)", out_null ? "NULL" : "&graph", flags);
    if (got == hipSuccess)
      remember_in(st->graphs, &st->graph_count, (uintptr_t)graph);
    return;
  }
  case 1: { /* a node after the graph's last */
    uintptr_t graph = pick_ring(st, st->graphs, st->graph_count);
    if (model_graph_full(m, graph))
      return;
    bool memset_node = b & 8;
    size_t bytes = 0;
    uintptr_t dst = memset_node ? pick_device_memory(st, &bytes) : 0;
    unsigned char value = take(st);
    hipGraphNode_t last = (hipGraphNode_t)model_graph_last(m, graph), node = NULL;
    hipMemsetParams params = {(void *)dst, 1, 1, 0, value, bytes};
    hipError_t got =
        memset_node ? hipGraphAddMemsetNode(&node, (hipGraph_t)graph, &last, last ? 1 : 0, &params)
                    : hipGraphAddEmptyNode(&node, (hipGraph_t)graph, &last, last ? 1 : 0);
    CHECK_CALL(st, got, model_graph_add(m, graph, memset_node, dst, bytes, value, (uintptr_t)node),
               "hipGraphAdd%sNode(&node, %#lx, after %p, dst=%#lx, %zu bytes)",
               memset_node ? "Memset" : "Empty", (unsigned long)graph, (void *)last,
               (unsigned long)dst, bytes);
    return;
  }
  case 2: { /* instantiate */
    if (!model_room_for_exec(m))
      return;
    uintptr_t graph = pick_ring(st, st->graphs, st->graph_count);
    bool out_null = (b >> 3) % 16 == 0;
    hipGraphExec_t exec = NULL;
    hipError_t got = hipGraphInstantiate(out_null ? NULL : &exec, (hipGraph_t)graph, NULL, NULL, 0);
    CHECK_CALL(st, got, model_graph_instantiate(m, out_null, graph, (uintptr_t)exec),
               "hipGraphInstantiate(%s, %#lx)", out_null ? "NULL" : "&exec", (unsigned long)graph);
    if (got == hipSuccess)
      remember_in(st->execs, &st->exec_count, (uintptr_t)exec);
    return;
  }
  case 3: { /* launch */
    uintptr_t exec = pick_ring(st, st->execs, st->exec_count);
    uintptr_t stream = pick_stream_handle(st);
    CHECK_CALL(st, hipGraphLaunch((hipGraphExec_t)exec, (hipStream_t)stream),
               model_graph_launch(m, exec, stream), "hipGraphLaunch(%#lx, %#lx)",
               (unsigned long)exec, (unsigned long)stream);
    return;
  }
  case 4: {
    uintptr_t exec = pick_ring(st, st->execs, st->exec_count);
    CHECK_CALL(st, hipGraphExecDestroy((hipGraphExec_t)exec), model_exec_destroy(m, exec),
               "hipGraphExecDestroy(%#lx)", (unsigned long)exec);
    return;
  }
  default: {
    uintptr_t graph = pick_ring(st, st->graphs, st->graph_count);
    CHECK_CALL(st, hipGraphDestroy((hipGraph_t)graph), model_graph_destroy(m, graph),
               "hipGraphDestroy(%#lx)", (unsigned long)graph);
    return;
  }
  }
}

void op_array(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  if (b % 2) {
    uintptr_t array = pick_ring(st, st->arrays, st->array_count);
    CHECK_CALL(st, hipFreeArray((hipArray_t)array), model_array_free(m, array),
               "hipFreeArray(%#lx)", (unsigned long)array);
    return;
  }
  if (!model_room_for_array(m))
    return;
  static const size_t widths[8] = {0, 1, 7, 64, 1024, 16385, 4096, 300};
  size_t width = widths[take(st) % 8], height = take(st) % 9;
  bool out_null = (b >> 1) % 16 == 0, desc_null = (b >> 1) % 16 == 1;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t array = NULL;
  hipError_t got = hipMallocArray(out_null ? NULL : &array, desc_null ? NULL : &desc, width, height,
                                  hipArrayDefault);
  CHECK_CALL(st, got, model_array_create(m, out_null || desc_null, width, height, (uintptr_t)array),
             "hipMallocArray(%s, %s, %zu, %zu, 0)", out_null ? "NULL" : "&array",
             desc_null ? "NULL" : "&float", width, height);
  if (got == hipSuccess)
    remember_in(st->arrays, &st->array_count, (uintptr_t)array);
}

static int host_runs;
static void count_callback(hipStream_t stream, hipError_t status, void *user_data) {
  (void)stream;
  *(int *)user_data += status == hipSuccess ? 1 : 100;
}
static void count_fn(void *user_data) { *(int *)user_data += 1; }

void op_host_work(fuzz_state *st) {
  uint8_t b = take(st);
  uintptr_t stream = pick_stream_handle(st);
  bool fn_null = (b >> 1) % 16 == 0;
  unsigned flags = (b >> 1) % 16 == 1 ? 1 : 0;
  int before = host_runs;
  hipError_t got =
      b % 2 ? hipStreamAddCallback((hipStream_t)stream, fn_null ? NULL : count_callback, &host_runs,
                                   flags)
            : hipLaunchHostFunc((hipStream_t)stream, fn_null ? NULL : count_fn, &host_runs);
  if (b % 2 == 0)
    flags = 0;
  hipError_t want = model_host_work(&st->model, fn_null, flags, stream);
  CHECK_CALL(st, got, want, "%s(%#lx, %s, flags=%u)",
             b % 2 ? "hipStreamAddCallback" : "hipLaunchHostFunc", (unsigned long)stream,
             fn_null ? "NULL" : "fn", flags);
  fuzz_settle(st); /* where streams run asynchronously, the function runs on the stream's thread */
  if (host_runs - before != (want == hipSuccess ? 1 : 0))
    check_fail(st, "the host function ran %d time(s), the model says %d", host_runs - before,
               want == hipSuccess ? 1 : 0);
}

/* hipCtxCreate pushes a device's context, hipCtxDestroy pops it when on top. */
void op_ctx_create(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  if (b % 2 == 0) {
    if (!model_room_for_ctx(m))
      return;
    static const int devices[8] = {0, 1, 0, 1, 0, 1, MODEL_DEVICES, -1};
    int device = devices[take(st) % 8];
    bool out_null = (b >> 1) % 16 == 0;
    hipCtx_t ctx = (hipCtx_t)GARBAGE;
    hipError_t got = hipCtxCreate(out_null ? NULL : &ctx, 0, device);
    CHECK_CALL(st, got,
               model_ctx_create(m, out_null, device, got == hipSuccess ? (uintptr_t)ctx : 0),
               "hipCtxCreate(%s, 0, %d) -> %p", out_null ? "NULL" : "&ctx", device, (void *)ctx);
    return;
  }
  uintptr_t ctx = take(st) % 4 == 0 ? 0 : m->ctx_value[take(st) % MODEL_DEVICES];
  CHECK_CALL(st, hipCtxDestroy((hipCtx_t)ctx), model_ctx_destroy(m, ctx), "hipCtxDestroy(%#lx)",
             (unsigned long)ctx);
}

/* Every exec and graph of the input destroyed, and every array freed. */
void teardown_graphs(fuzz_state *st) {
  model *m = &st->model;
  for (int i = 0; i < MODEL_MAX_EXECS; i++)
    if (m->execs[i].live) {
      uintptr_t exec = m->execs[i].handle;
      CHECK_CALL(st, hipGraphExecDestroy((hipGraphExec_t)exec), model_exec_destroy(m, exec),
                 "hipGraphExecDestroy(%#lx)", (unsigned long)exec);
    }
  for (int i = 0; i < MODEL_MAX_GRAPHS; i++)
    if (m->graphs[i].live) {
      uintptr_t graph = m->graphs[i].handle;
      CHECK_CALL(st, hipGraphDestroy((hipGraph_t)graph), model_graph_destroy(m, graph),
                 "hipGraphDestroy(%#lx)", (unsigned long)graph);
    }
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++)
    if (m->arrays[i].live) {
      uintptr_t array = m->arrays[i].handle;
      CHECK_CALL(st, hipFreeArray((hipArray_t)array), model_array_free(m, array),
                 "hipFreeArray(%#lx)", (unsigned long)array);
    }
}
