/*
 * test_graph_capture.c: graphs made by stream capture, instantiated and
 * launched. Captured copies (1D, 2D, to and from arrays) and sets keep their
 * addresses, direction, value and size and run at each launch, in capture
 * order; streams forked and joined through events give the graph its
 * branches; C kernels launched with mockhip_launch_kernel become kernel
 * nodes; hipMallocAsync, hipMallocFromPoolAsync and hipFreeAsync leave memory
 * nodes that did their work at capture time; an external wait leaves an
 * event-wait node; hipLaunchHostFunc and
 * hipStreamAddCallback leave host nodes, run at each launch outside the lock;
 * the graph and the exec destroyed while a launch runs (from its host node, or
 * from another thread while the host node waits) leave the launch whole.
 * hip-tests' `_Capture` pattern (BEGIN_CAPTURE, a VMM call, END_CAPTURE: end,
 * instantiate with NULL error node and log, launch, destroy both) works in
 * every mode. Every case ends with nothing alive. Runs with two devices.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
  mt_mapping m;
  unsigned char *dev;
  hipStream_t stream;
} fixture;

static int setup(void **state) {
  mt_assert_clean();
  fixture *f = calloc(1, sizeof *f);
  assert_non_null(f);
  mt_mapping_create(&f->m, mt_granularity(), 2 * mt_granularity());
  mt_grant(f->m.base, f->m.bytes, hipMemAccessFlagsProtReadWrite);
  f->dev = f->m.base;
  memset(f->dev, 0, f->m.bytes);
  MT_CHECK(hipStreamCreate(&f->stream));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  MT_CHECK(hipStreamDestroy(f->stream));
  mt_mapping_destroy(&f->m);
  free(f);
  mt_assert_clean();
  return 0;
}

static hipGraph_t end(hipStream_t stream) {
  hipGraph_t graph = NULL;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  assert_non_null(graph);
  return graph;
}

/* The graph's nodes in launch order, at most 8, and how many there are. */
static size_t nodes_of(hipGraph_t graph, hipGraphNode_t nodes[8]) {
  size_t count = 8;
  MT_CHECK(hipGraphGetNodes(graph, nodes, &count));
  return count;
}

static hipGraphNodeType type_of(hipGraphNode_t node) {
  hipGraphNodeType type = hipGraphNodeTypeCount;
  MT_CHECK(hipGraphNodeGetType(node, &type));
  return type;
}

/* Instantiates graph, launches it `launches` times on stream, destroys both. */
static void run(hipGraph_t graph, hipStream_t stream, int launches) {
  hipGraphExec_t exec = NULL;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  for (int i = 0; i < launches; i++)
    MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream)); /* before the test reads what the graph wrote */
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
}

/* ---- copies and sets ---- */

static void test_captured_copies_and_sets_run_at_launch(void **state) {
  fixture *f = *state;
  unsigned char in[64], out[64];
  memset(in, 0x21, sizeof in);
  memset(out, 0, sizeof out);
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemcpyAsync(f->dev, in, 64, hipMemcpyHostToDevice, f->stream));
  MT_CHECK(hipMemsetD32Async(f->dev + 8, 0x0a0b0c0d, 2, f->stream));
  MT_CHECK(hipMemsetD16Async(f->dev + 16, 0x1234, 1, f->stream));
  MT_CHECK(hipMemsetAsync(f->dev + 24, 0x7e, 4, f->stream));
  MT_CHECK(hipMemcpyDtoDAsync(f->dev + 128, f->dev, 64, f->stream));
  MT_CHECK(hipMemcpyDtoHAsync(out, f->dev + 128, 64, f->stream));
  hipGraph_t graph = end(f->stream);
  assert_int_equal(f->dev[0], 0); /* captured, not run */
  assert_int_equal(out[0], 0);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 6);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeMemcpy);
  assert_int_equal(type_of(nodes[1]), hipGraphNodeTypeMemset);
  assert_int_equal(type_of(nodes[5]), hipGraphNodeTypeMemcpy);
  size_t roots = 0; /* a chain: each node after the one before */
  MT_CHECK(hipGraphGetRootNodes(graph, NULL, &roots));
  assert_int_equal(roots, 1);
  run(graph, f->stream, 1);
  assert_int_equal(out[0], 0x21);
  uint32_t word;
  memcpy(&word, out + 12, sizeof word);
  assert_int_equal(word, 0x0a0b0c0d);
  uint16_t half;
  memcpy(&half, out + 16, sizeof half);
  assert_int_equal(half, 0x1234);
  assert_int_equal(out[18], 0x21);
  assert_int_equal(out[27], 0x7e);
  assert_int_equal(out[63], 0x21);
}

/* A launch reads the source when it runs; a launch per change. */
static void test_each_launch_copies_anew(void **state) {
  fixture *f = *state;
  unsigned counter[1] = {0};
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeThreadLocal));
  MT_CHECK(hipMemcpyHtoDAsync(f->dev, counter, sizeof counter, f->stream));
  hipGraph_t graph = end(f->stream);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiateWithFlags(&exec, graph, 0));
  for (unsigned i = 1; i <= 3; i++) {
    counter[0] = i;
    MT_CHECK(hipGraphLaunch(exec, f->stream));
    MT_CHECK(hipStreamSynchronize(f->stream));
    unsigned seen;
    memcpy(&seen, f->dev, sizeof seen);
    assert_int_equal(seen, i);
  }
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
}

/* The memory a captured copy names is checked as the node is added (capturehipMemcpy ->
   GraphMemcpyNode1D::ValidateParams); the refused work leaves no node and the capture goes on. */
static void test_captured_work_is_checked_at_capture(void **state) {
  fixture *f = *state;
  unsigned char host[16] = {0};
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyAsync(f->dev + f->m.bytes, host, 16, hipMemcpyHostToDevice, f->stream));
  MT_EXPECT(hipErrorInvalidValue, hipMemsetAsync(host, 0, 16, f->stream)); /* host memory */
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyAsync(f->dev, host, 16, hipMemcpyHostToHost, f->stream)); /* direction */
  MT_CHECK(hipMemsetAsync(f->dev, 1, 16, f->stream));
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 1);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeMemset);
  MT_CHECK(hipGraphDestroy(graph));
}

/* ---- branches ---- */

/* A side stream joins through an event and is joined back: the graph forks and joins. */
static void test_forked_capture_gives_branches(void **state) {
  fixture *f = *state;
  hipStream_t side;
  hipEvent_t fork, join;
  MT_CHECK(hipStreamCreate(&side));
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipEventCreate(&join));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 8, f->stream));
  MT_CHECK(hipEventRecord(fork, f->stream));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipMemsetAsync(f->dev + 8, 2, 8, side));
  MT_CHECK(hipMemsetAsync(f->dev + 16, 3, 8, f->stream));
  MT_CHECK(hipEventRecord(join, side));
  MT_CHECK(hipStreamWaitEvent(f->stream, join, 0));
  MT_CHECK(hipMemcpyDtoDAsync(f->dev + 64, f->dev, 24, f->stream)); /* after both branches */
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 4);
  assert_int_equal(type_of(nodes[3]), hipGraphNodeTypeMemcpy); /* the join runs last */
  run(graph, NULL, 1);
  assert_int_equal(f->dev[64], 1);
  assert_int_equal(f->dev[72], 2);
  assert_int_equal(f->dev[80], 3);
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipEventDestroy(join));
  MT_CHECK(hipStreamDestroy(side));
}

/* ---- kernels, memory nodes, waits ---- */

typedef struct add_args {
  int *data;
  int amount;
} add_args;

static void add_kernel(void *p) {
  const add_args *a = p;
  a->data[threadIdx.x] += a->amount;
}

/* A C kernel's node keeps args itself (mockhip.h): it must live until the last launch. */
static void test_captured_c_kernel_runs_at_each_launch(void **state) {
  fixture *f = *state;
  add_args args = {(int *)(void *)f->dev, 5};
  dim3 one = {1, 1, 1}, four = {4, 1, 1};
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(mockhip_launch_kernel("add_kernel", add_kernel, one, four, 0, f->stream, &args));
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 1);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeKernel);
  int seen[4];
  memcpy(seen, f->dev, sizeof seen);
  assert_int_equal(seen[3], 0);
  run(graph, f->stream, 2);
  memcpy(seen, f->dev, sizeof seen);
  assert_int_equal(seen[0], 10);
  assert_int_equal(seen[3], 10);
}

/* Without VM, clr runs a captured hipMallocAsync and hipFreeAsync at capture time
   (capturehipMallocAsync, capturehipFreeAsync): the pointer works at once, the graph keeps
   memory nodes, and a graph with them is instantiated only once (ihipGraphInstantiate). */
static void test_async_allocation_nodes(void **state) {
  fixture *f = *state;
  void *ptr = NULL, *from_pool = NULL;
  hipMemPool_t pool;
  MT_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipMallocAsync(&ptr, 64, f->stream));
  assert_non_null(ptr);
  MT_CHECK(hipMemsetAsync(ptr, 9, 64, f->stream));
  MT_CHECK(hipFreeAsync(ptr, f->stream));
  MT_CHECK(hipMallocFromPoolAsync(&from_pool, 64, pool, f->stream));
  MT_CHECK(hipFreeAsync(from_pool, f->stream));
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 5);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeMemAlloc);
  assert_int_equal(type_of(nodes[1]), hipGraphNodeTypeMemset);
  assert_int_equal(type_of(nodes[2]), hipGraphNodeTypeMemFree);
  assert_int_equal(type_of(nodes[3]), hipGraphNodeTypeMemAlloc);
  assert_int_equal(type_of(nodes[4]), hipGraphNodeTypeMemFree);
  hipGraphExec_t exec, again;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorNotSupported, hipGraphInstantiate(&again, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
}

/* An external wait is a node of the graph (hipStreamWaitEvent_common). */
static void test_external_wait_is_a_node(void **state) {
  fixture *f = *state;
  hipEvent_t event;
  MT_CHECK(hipEventCreate(&event));
  MT_CHECK(hipEventRecord(event, NULL));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipStreamWaitEvent(f->stream, event, hipEventWaitExternal));
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 1);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeWaitEvent);
  run(graph, f->stream, 1);
  MT_CHECK(hipEventDestroy(event));
}

/* A captured 2D copy (hipMemcpy2DAsync, hipMemcpy2DToArrayAsync) is a memcpy node that copies
   its rows again at each launch, with the checks the copy makes then: an array freed since
   fails the launch at that node. */
static void test_captured_2d_copies_run_at_each_launch(void **state) {
  fixture *f = *state;
  enum { W = 8, H = 3, PITCH = 32 };
  static const hipChannelFormatDesc byte_desc = {8, 0, 0, 0, hipChannelFormatKindUnsigned};
  unsigned char rows[H][W], back[H][W];
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &byte_desc, W, H, hipArrayDefault));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemcpy2DAsync(f->dev, PITCH, rows, W, W, H, hipMemcpyHostToDevice, f->stream));
  MT_CHECK(hipMemcpy2DToArrayAsync(array, 0, 0, f->dev, PITCH, W, H, hipMemcpyDeviceToDevice,
                                   f->stream));
  MT_CHECK(hipMemcpy2DFromArrayAsync(back, W, array, 0, 0, W, H, hipMemcpyDeviceToHost, f->stream));
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 3);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeMemcpy);
  assert_int_equal(type_of(nodes[2]), hipGraphNodeTypeMemcpy);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphDestroy(graph));
  for (int round = 0; round < 2; round++) {
    memset(rows, 0x50 + round, sizeof rows);
    memset(back, 0, sizeof back);
    MT_CHECK(hipGraphLaunch(exec, f->stream));
    MT_CHECK(hipStreamSynchronize(f->stream));
    assert_int_equal(f->dev[PITCH + W - 1], 0x50 + round);
    assert_int_equal(f->dev[PITCH + W], 0); /* the pitch's padding untouched */
    assert_int_equal(back[H - 1][W - 1], 0x50 + round);
  }
  MT_CHECK(hipFreeArray(array));
  MT_EXPECT(hipErrorInvalidValue, mt_through_sync(hipGraphLaunch(exec, f->stream), f->stream));
  assert_non_null(strstr(mockhip_last_reason(), "node 2 of 3 (memcpy)"));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- host work ---- */

typedef struct host_seen {
  unsigned char *dev;
  unsigned char at_fn[2], at_callback[2]; /* dev[0] when each ran, per launch */
  int fn_runs, callback_runs;
  hipStream_t stream;
  hipError_t status;
  hipGraphExec_t destroy; /* an exec the function destroys, or NULL */
} host_seen;

static void host_fn(void *user_data) {
  host_seen *h = user_data;
  unsigned char byte = 0;
  /* host code may call HIP: the launch runs it outside the lock */
  MT_CHECK(hipMemcpy(&byte, h->dev, 1, hipMemcpyDeviceToHost));
  h->at_fn[h->fn_runs++ % 2] = byte;
  if (h->destroy != NULL)
    MT_CHECK(hipGraphExecDestroy(h->destroy));
}

static void host_callback(hipStream_t stream, hipError_t status, void *user_data) {
  host_seen *h = user_data;
  h->stream = stream;
  h->status = status;
  h->at_callback[h->callback_runs++ % 2] = h->dev[0];
}

/* hipLaunchHostFunc and hipStreamAddCallback on a capturing stream leave host nodes
   (capturehipLaunchHostFunc) that run at each launch, in their place among the other nodes,
   and not at capture. */
static void test_captured_host_work_runs_at_each_launch(void **state) {
  fixture *f = *state;
  host_seen h = {.dev = f->dev};
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 0x11, 1, f->stream));
  MT_CHECK(hipLaunchHostFunc(f->stream, host_fn, &h));
  MT_CHECK(hipMemsetAsync(f->dev, 0x22, 1, f->stream));
  MT_CHECK(hipStreamAddCallback(f->stream, host_callback, &h, 0));
  assert_int_equal(h.fn_runs + h.callback_runs, 0); /* in the graph, not run */
  hipGraph_t graph = end(f->stream);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 4);
  assert_int_equal(type_of(nodes[1]), hipGraphNodeTypeHost);
  assert_int_equal(type_of(nodes[3]), hipGraphNodeTypeHost);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, f->stream));
  MT_CHECK(hipStreamSynchronize(f->stream));
  f->dev[0] = 0;
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(h.fn_runs, 2);
  assert_int_equal(h.callback_runs, 2);
  assert_int_equal(h.at_fn[0], 0x11); /* after the set before it, before the one after it */
  assert_int_equal(h.at_fn[1], 0x11);
  assert_int_equal(h.at_callback[1], 0x22);
  assert_ptr_equal(h.stream, NULL); /* the stream the graph was launched on */
  assert_int_equal(h.status, hipSuccess);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
}

/* Host code that destroys the exec it runs in: the launch finishes its nodes, and the exec is
   gone when it returns. */
static void test_host_node_may_destroy_its_exec(void **state) {
  fixture *f = *state;
  host_seen h = {.dev = f->dev};
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipLaunchHostFunc(f->stream, host_fn, &h));
  MT_CHECK(hipMemsetAsync(f->dev + 8, 0x33, 1, f->stream));
  hipGraph_t graph = end(f->stream);
  MT_CHECK(hipGraphInstantiate(&h.destroy, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipGraphLaunch(h.destroy, f->stream));
  MT_CHECK(hipStreamSynchronize(f->stream));
  assert_int_equal(h.fn_runs, 1);
  assert_int_equal(f->dev[8], 0x33); /* the node after the host node ran */
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(h.destroy, f->stream));
}

/* ---- an exec destroyed while its launch runs ---- */

/* hipGraphDestroy of the source graph, then hipGraphExecDestroy, while a launch of the exec is
   in a host node: both answer hipSuccess, as in every clr release (graph_exec.c,
   hipGraphExecDestroy, says what each does), and the launch runs its remaining nodes from
   the exec, which lives until the launch ends. */
typedef struct doomed_launch {
  unsigned char *dev;
  hipGraph_t graph;
  hipGraphExec_t exec;
  hipError_t graph_destroyed, exec_destroyed; /* what each destroy answered */
  int last_runs;
  unsigned char seen_last; /* dev[8] when the last host node ran */
  /* from another thread: the host node waits until that thread has destroyed both */
  pthread_mutex_t lock;
  pthread_cond_t changed;
  bool in_host_node, destroyed;
  hipStream_t stream;
  hipError_t launched; /* what that thread's hipGraphLaunch answered */
} doomed_launch;

static void destroy_graph_and_exec(void *user_data) {
  doomed_launch *d = user_data;
  d->graph_destroyed = hipGraphDestroy(d->graph);
  d->exec_destroyed = hipGraphExecDestroy(d->exec);
}

static void wait_for_destroy(void *user_data) {
  doomed_launch *d = user_data;
  pthread_mutex_lock(&d->lock);
  d->in_host_node = true;
  pthread_cond_broadcast(&d->changed);
  while (!d->destroyed)
    pthread_cond_wait(&d->changed, &d->lock);
  pthread_mutex_unlock(&d->lock);
}

static void note_last(void *user_data) {
  doomed_launch *d = user_data;
  d->last_runs++;
  d->seen_last = d->dev[8];
}

/* A graph of a set, the host node `first`, a set of dev[8] and note_last, instantiated into
   d->exec; d->graph is its source. */
static void make_doomed(fixture *f, doomed_launch *d, hipHostFn_t first) {
  d->dev = f->dev;
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 0x11, 1, f->stream));
  MT_CHECK(hipLaunchHostFunc(f->stream, first, d));
  MT_CHECK(hipMemsetAsync(f->dev + 8, 0x33, 8, f->stream));
  MT_CHECK(hipLaunchHostFunc(f->stream, note_last, d));
  d->graph = end(f->stream);
  MT_CHECK(hipGraphInstantiate(&d->exec, d->graph, NULL, NULL, 0));
}

/* Both handles are gone once the launch has ended. */
static void assert_doomed_gone(fixture *f, const doomed_launch *d) {
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(d->exec, f->stream));
  mt_assert_reason_contains("not a live graph exec");
  MT_EXPECT(hipErrorIllegalState, hipGraphDestroy(d->graph));
}

static void test_host_node_may_destroy_its_graph_and_exec(void **state) {
  fixture *f = *state;
  doomed_launch d = {0};
  make_doomed(f, &d, destroy_graph_and_exec);
  MT_CHECK(hipGraphLaunch(d.exec, f->stream));
  MT_CHECK(hipStreamSynchronize(f->stream));
  assert_int_equal(d.graph_destroyed, hipSuccess);
  assert_int_equal(d.exec_destroyed, hipSuccess);
  assert_int_equal(d.last_runs, 1); /* the nodes after the host node ran */
  assert_int_equal(d.seen_last, 0x33);
  assert_int_equal(f->dev[0], 0x11);
  assert_doomed_gone(f, &d);
}

static void *launch_doomed(void *arg) {
  doomed_launch *d = arg;
  d->launched = mt_through_sync(hipGraphLaunch(d->exec, d->stream), d->stream);
  return NULL;
}

static void test_exec_destroyed_from_another_thread_during_its_launch(void **state) {
  fixture *f = *state;
  doomed_launch d = {.stream = f->stream};
  pthread_mutex_init(&d.lock, NULL);
  pthread_cond_init(&d.changed, NULL);
  make_doomed(f, &d, wait_for_destroy);
  pthread_t launcher;
  assert_int_equal(pthread_create(&launcher, NULL, launch_doomed, &d), 0);
  pthread_mutex_lock(&d.lock);
  while (!d.in_host_node)
    pthread_cond_wait(&d.changed, &d.lock);
  pthread_mutex_unlock(&d.lock);
  MT_CHECK(hipGraphDestroy(d.graph));
  MT_CHECK(hipGraphExecDestroy(d.exec));
  assert_int_equal(d.last_runs, 0); /* the launch waits in its first host node */
  pthread_mutex_lock(&d.lock);
  d.destroyed = true;
  pthread_cond_broadcast(&d.changed);
  pthread_mutex_unlock(&d.lock);
  assert_int_equal(pthread_join(launcher, NULL), 0);
  assert_int_equal(d.launched, hipSuccess);
  assert_int_equal(d.last_runs, 1);
  assert_int_equal(d.seen_last, 0x33);
  assert_doomed_gone(f, &d);
  pthread_cond_destroy(&d.changed);
  pthread_mutex_destroy(&d.lock);
}

/* An invalidated capture frees the graph it built, nodes and all. */
static void test_invalidated_capture_leaves_nothing(void **state) {
  fixture *f = *state;
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 8, f->stream));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(f->stream));
  hipGraph_t graph = (hipGraph_t)&graph;
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(f->stream, &graph));
  assert_null(graph);
  /* And a capture ended by destroying its stream. */
  hipStream_t doomed;
  MT_CHECK(hipStreamCreate(&doomed));
  MT_CHECK(hipStreamBeginCapture(doomed, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 8, doomed));
  MT_CHECK(hipStreamDestroy(doomed));
  assert_int_equal(f->dev[0], 0);
}

/* ---- a capture looked into and steered ---- */

/* hipStreamGetCaptureInfo_v2 hands out the graph being built, live, and the stream's last node;
   a node added by hand and made the stream's dependency (hipStreamUpdateCaptureDependencies)
   orders the next captured work, and the end hands back the same graph. */
static void test_capture_info_v2_and_update(void **state) {
  fixture *f = *state;
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 16, f->stream));
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  unsigned long long id = 0;
  hipGraph_t graph = NULL;
  const hipGraphNode_t *deps = NULL;
  size_t count = 0;
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, &id, &graph, &deps, &count));
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_true(id > 0);
  assert_non_null(graph);
  assert_int_equal(count, 1);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 1);
  assert_ptr_equal(nodes[0], deps[0]);
  assert_int_equal(type_of(deps[0]), hipGraphNodeTypeMemset);
  /* the graph is the capture's until it ends */
  MT_EXPECT(hipErrorInvalidValue, hipGraphDestroy(graph));
  /* a node by hand after the captured one, then the stream's work after it */
  hipMemsetParams p = {.dst = f->dev + 4, .elementSize = 1, .height = 1, .value = 2, .width = 8};
  hipGraphNode_t manual;
  MT_CHECK(hipGraphAddMemsetNode(&manual, graph, deps, 1, &p));
  MT_CHECK(
      hipStreamUpdateCaptureDependencies(f->stream, &manual, 1, hipStreamSetCaptureDependencies));
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, NULL, NULL, &deps, &count));
  assert_int_equal(count, 1);
  assert_ptr_equal(deps[0], manual);
  MT_CHECK(hipMemsetAsync(f->dev + 8, 3, 2, f->stream));
  hipGraph_t ended = end(f->stream);
  assert_ptr_equal(ended, graph);
  assert_int_equal(nodes_of(graph, nodes), 3);
  size_t dep_count = 1;
  hipGraphNode_t dep;
  MT_CHECK(hipGraphNodeGetDependencies(nodes[2], &dep, &dep_count));
  assert_int_equal(dep_count, 1);
  assert_ptr_equal(dep, manual);
  run(graph, f->stream, 1);
  const unsigned char want[16] = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 2, 2, 1, 1, 1, 1};
  assert_memory_equal(f->dev, want, sizeof want);
}

/* Leaves that do not join back are no unjoined branch when added by hand, or when the stream's
   dependencies were set past them (clr hipStreamEndCapture_common). */
static void test_capture_leaves_excused(void **state) {
  fixture *f = *state;
  hipStreamCaptureStatus status;
  hipGraph_t graph;
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 4, f->stream));
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, NULL, &graph, NULL, NULL));
  hipGraphNode_t manual;
  MT_CHECK(hipGraphAddEmptyNode(&manual, graph, NULL, 0)); /* a leaf by hand */
  MT_CHECK(hipStreamUpdateCaptureDependencies(f->stream, NULL, 0, hipStreamSetCaptureDependencies));
  MT_CHECK(hipMemsetAsync(f->dev + 4, 2, 4, f->stream)); /* a root: the first is left a leaf */
  run(end(f->stream), f->stream, 1);
  const unsigned char want[8] = {1, 1, 1, 1, 2, 2, 2, 2};
  assert_memory_equal(f->dev, want, sizeof want);
  /* without the update, the branch left behind is unjoined */
  hipStream_t side;
  hipEvent_t fork;
  MT_CHECK(hipStreamCreate(&side));
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventRecord(fork, f->stream));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipMemsetAsync(f->dev, 5, 4, side));
  hipGraph_t none = NULL;
  MT_EXPECT(hipErrorStreamCaptureUnjoined, hipStreamEndCapture(f->stream, &none));
  assert_null(none);
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipStreamDestroy(side));
}

/* hipStreamBeginCaptureToGraph: the work goes into the program's graph, after the nodes given;
   the end answers that graph, and an invalidated capture leaves it to the program. */
static void test_capture_to_graph(void **state) {
  fixture *f = *state;
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipMemsetParams p = {.dst = f->dev, .elementSize = 1, .height = 1, .value = 1, .width = 8};
  hipGraphNode_t first;
  MT_CHECK(hipGraphAddMemsetNode(&first, graph, NULL, 0, &p));
  MT_CHECK(
      hipStreamBeginCaptureToGraph(f->stream, graph, &first, NULL, 1, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorIllegalState,
            hipStreamBeginCaptureToGraph(f->stream, graph, NULL, NULL, 0,
                                         hipStreamCaptureModeGlobal)); /* it captures already */
  MT_CHECK(hipMemsetAsync(f->dev + 4, 2, 4, f->stream));
  hipGraph_t ended = end(f->stream);
  assert_ptr_equal(ended, graph);
  hipGraphNode_t nodes[8];
  assert_int_equal(nodes_of(graph, nodes), 2);
  hipGraphNode_t dep;
  size_t count = 1;
  MT_CHECK(hipGraphNodeGetDependencies(nodes[1], &dep, &count));
  assert_int_equal(count, 1);
  assert_ptr_equal(dep, first);
  run(graph, f->stream, 1);
  const unsigned char want[8] = {1, 1, 1, 1, 2, 2, 2, 2};
  assert_memory_equal(f->dev, want, sizeof want);
  /* refusals, in clr's order */
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphEdgeData data = {0};
  MT_EXPECT(hipErrorNotSupported, hipStreamBeginCaptureToGraph(f->stream, graph, NULL, &data, 0,
                                                               hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCaptureToGraph(f->stream, NULL, NULL, NULL, 0,
                                                               hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCaptureToGraph(f->stream, graph, NULL, NULL, 1,
                                                               hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCaptureToGraph(f->stream, graph, &first, NULL, 0,
                                                               hipStreamCaptureModeGlobal));
  /* an invalidated capture: the graph stays the program's, with what was captured */
  MT_CHECK(
      hipStreamBeginCaptureToGraph(f->stream, graph, NULL, NULL, 0, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 3, 4, f->stream));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(f->stream));
  hipGraph_t none;
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(f->stream, &none));
  assert_int_equal(nodes_of(graph, nodes), 1);
  MT_CHECK(hipGraphDestroy(graph));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCaptureToGraph(f->stream, graph, NULL, NULL, 0,
                                                               hipStreamCaptureModeGlobal));
}

static void test_capture_info_v2_rejects(void **state) {
  fixture *f = *state;
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  MT_EXPECT(hipErrorInvalidValue,
            hipStreamGetCaptureInfo_v2(f->stream, NULL, NULL, NULL, NULL, NULL));
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, NULL, NULL, NULL, NULL));
  assert_int_equal(status, hipStreamCaptureStatusNone);
  MT_CHECK(hipStreamGetCaptureInfo_v2(NULL, &status, NULL, NULL, NULL, NULL));
  assert_int_equal(status, hipStreamCaptureStatusNone);
  hipGraphNode_t node = NULL;
  MT_EXPECT(hipErrorIllegalState, hipStreamUpdateCaptureDependencies(f->stream, &node, 0, 0));
  /* an invalidated capture's graph, handed out, goes with it */
  hipGraph_t graph, other;
  MT_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t foreign;
  MT_CHECK(hipGraphAddEmptyNode(&foreign, other, NULL, 0));
  MT_CHECK(hipStreamBeginCapture(f->stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 1, 4, f->stream));
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, NULL, &graph, NULL, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipStreamUpdateCaptureDependencies(f->stream, &foreign, 1, 0)); /* another graph's */
  MT_EXPECT(hipErrorInvalidValue, hipStreamUpdateCaptureDependencies(f->stream, &foreign, 2, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamUpdateCaptureDependencies(f->stream, NULL, 1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamUpdateCaptureDependencies(f->stream, NULL, 0, 2));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(f->stream));
  MT_CHECK(hipStreamGetCaptureInfo_v2(f->stream, &status, NULL, NULL, NULL, NULL));
  assert_int_equal(status, hipStreamCaptureStatusInvalidated);
  hipGraph_t none;
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(f->stream, &none));
  MT_EXPECT(hipErrorIllegalState, hipGraphDestroy(graph)); /* gone with the capture */
  MT_CHECK(hipGraphDestroy(other));
}

/* ---- hip-tests' _Capture pattern ---- */

/* GENERATE_CAPTURE/BEGIN_CAPTURE/END_CAPTURE of hip_test_common.hh around a VMM call
   (Unit_hipMemMap_Capture, Unit_hipMemUnmap_Capture): the graph is empty, and instantiating,
   launching and destroying it succeeds in every mode. */
static void test_hip_tests_capture_pattern(void **state) {
  fixture *f = *state;
  const hipStreamCaptureMode modes[] = {hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal,
                                        hipStreamCaptureModeRelaxed};
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  for (int i = 0; i < 3; i++) {
    hipMemGenericAllocationHandle_t handle;
    MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
    MT_CHECK(hipStreamBeginCapture(f->stream, modes[i]));
    MT_CHECK(hipMemMap(f->dev + g, g, 0, handle, 0));
    hipGraph_t graph = NULL;
    hipGraphExec_t graph_exec = NULL;
    MT_CHECK(hipStreamEndCapture(f->stream, &graph));
    MT_CHECK(hipGraphInstantiate(&graph_exec, graph, NULL, NULL, 0));
    MT_CHECK(hipGraphLaunch(graph_exec, f->stream));
    MT_CHECK(hipStreamSynchronize(f->stream));
    MT_CHECK(hipGraphExecDestroy(graph_exec));
    MT_CHECK(hipGraphDestroy(graph));
    MT_CHECK(hipStreamBeginCapture(f->stream, modes[i]));
    MT_CHECK(hipMemUnmap(f->dev + g, g));
    MT_CHECK(hipStreamEndCapture(f->stream, &graph));
    MT_CHECK(hipGraphInstantiate(&graph_exec, graph, NULL, NULL, 0));
    MT_CHECK(hipGraphLaunch(graph_exec, f->stream));
    MT_CHECK(hipStreamSynchronize(f->stream));
    MT_CHECK(hipGraphExecDestroy(graph_exec));
    MT_CHECK(hipGraphDestroy(graph));
    MT_CHECK(hipMemRelease(handle));
  }
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest tests[] = {
      TEST(test_captured_copies_and_sets_run_at_launch),
      TEST(test_each_launch_copies_anew),
      TEST(test_captured_work_is_checked_at_capture),
      TEST(test_forked_capture_gives_branches),
      TEST(test_captured_c_kernel_runs_at_each_launch),
      TEST(test_async_allocation_nodes),
      TEST(test_external_wait_is_a_node),
      TEST(test_captured_2d_copies_run_at_each_launch),
      TEST(test_captured_host_work_runs_at_each_launch),
      TEST(test_host_node_may_destroy_its_exec),
      TEST(test_host_node_may_destroy_its_graph_and_exec),
      TEST(test_exec_destroyed_from_another_thread_during_its_launch),
      TEST(test_invalidated_capture_leaves_nothing),
      TEST(test_hip_tests_capture_pattern),
      TEST(test_capture_info_v2_and_update),
      TEST(test_capture_leaves_excused),
      TEST(test_capture_info_v2_rejects),
      TEST(test_capture_to_graph),
  };
  return cmocka_run_group_tests_name("graph_capture", tests, NULL, NULL);
}
