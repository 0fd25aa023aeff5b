/*
 * test_graph.c: graphs built by hand. Nodes and edges, the node lists in the
 * order a launch runs them, node types; instantiate (a copy: later changes to
 * the graph do not reach the exec, and the exec outlives the graph) and
 * launch (every node, in an order the edges allow, each checked as its direct
 * call is, the first that fails stopping the launch); graphs and execs in the
 * live objects, the dump and the leak report, across hipDeviceReset, and from
 * many threads. The negative group holds one case per refused argument, with
 * clr hip_graph.cpp's codes. Every case ends with nothing alive.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "report_lines.h"

/* Device memory for the cases: one granule mapped, read-write for device 0 and the host. */
typedef struct fixture {
  mt_mapping m;
  unsigned char *dev;
  hipGraph_t graph;
} fixture;

static int setup(void **state) {
  mt_assert_clean();
  fixture *f = calloc(1, sizeof *f);
  assert_non_null(f);
  mt_mapping_create(&f->m, mt_granularity(), mt_granularity());
  mt_grant(f->m.base, f->m.bytes, hipMemAccessFlagsProtReadWrite);
  f->dev = f->m.base;
  memset(f->dev, 0, f->m.bytes);
  MT_CHECK(hipGraphCreate(&f->graph, 0));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  if (f->graph != NULL)
    MT_CHECK(hipGraphDestroy(f->graph));
  mt_mapping_destroy(&f->m);
  free(f);
  mt_assert_clean();
  return 0;
}

static hipGraphNode_t add_empty(hipGraph_t graph, const hipGraphNode_t *deps, size_t count) {
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddEmptyNode(&node, graph, deps, count));
  assert_non_null(node);
  return node;
}

static hipGraphNode_t add_set(hipGraph_t graph, const hipGraphNode_t *deps, size_t count, void *dst,
                              unsigned value, unsigned element_bytes, size_t width) {
  hipMemsetParams p = {
      .dst = dst, .elementSize = element_bytes, .height = 1, .value = value, .width = width};
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddMemsetNode(&node, graph, deps, count, &p));
  return node;
}

static hipGraphNode_t add_copy(hipGraph_t graph, const hipGraphNode_t *deps, size_t count,
                               void *dst, const void *src, size_t bytes, hipMemcpyKind kind) {
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddMemcpyNode1D(&node, graph, deps, count, dst, src, bytes, kind));
  return node;
}

static hipGraphExec_t instantiate(hipGraph_t graph) {
  hipGraphExec_t exec = NULL;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  assert_non_null(exec);
  return exec;
}

static hipGraphNodeType type_of(hipGraphNode_t node) {
  hipGraphNodeType type = hipGraphNodeTypeCount;
  MT_CHECK(hipGraphNodeGetType(node, &type));
  return type;
}

/* ---- building ---- */

static void test_nodes_are_listed_in_launch_order(void **state) {
  fixture *f = *state;
  /* c is added first but runs last: c after b after a. */
  hipGraphNode_t c = add_empty(f->graph, NULL, 0);
  hipGraphNode_t a = add_empty(f->graph, NULL, 0);
  hipGraphNode_t b = add_empty(f->graph, &a, 1);
  MT_CHECK(hipGraphAddDependencies(f->graph, &b, &c, 1));
  hipGraphNode_t nodes[5];
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 3);
  /* A longer array gets every node and NULL after them; a shorter one the first ones. */
  count = 5;
  memset(nodes, 0xa5, sizeof nodes);
  MT_CHECK(hipGraphGetNodes(f->graph, nodes, &count));
  assert_int_equal(count, 3);
  assert_ptr_equal(nodes[0], a);
  assert_ptr_equal(nodes[1], b);
  assert_ptr_equal(nodes[2], c);
  assert_null(nodes[3]);
  assert_null(nodes[4]);
  count = 2;
  nodes[2] = NULL;
  MT_CHECK(hipGraphGetNodes(f->graph, nodes, &count));
  assert_int_equal(count, 2);
  assert_ptr_equal(nodes[1], b);
  assert_null(nodes[2]);
  /* Only a depends on nothing. */
  count = 5;
  MT_CHECK(hipGraphGetRootNodes(f->graph, nodes, &count));
  assert_int_equal(count, 1);
  assert_ptr_equal(nodes[0], a);
  assert_null(nodes[1]);
}

static void test_each_node_has_its_type(void **state) {
  fixture *f = *state;
  unsigned char host[16] = {0};
  assert_int_equal(type_of(add_empty(f->graph, NULL, 0)), hipGraphNodeTypeEmpty);
  assert_int_equal(type_of(add_set(f->graph, NULL, 0, f->dev, 1, 1, 16)), hipGraphNodeTypeMemset);
  assert_int_equal(
      type_of(add_copy(f->graph, NULL, 0, f->dev, host, sizeof host, hipMemcpyHostToDevice)),
      hipGraphNodeTypeMemcpy);
}

/* ---- launching ---- */

static void test_launch_runs_nodes_after_their_dependencies(void **state) {
  fixture *f = *state;
  unsigned char in[64], out[64] = {0};
  memset(in, 0x5a, sizeof in);
  /* Added in the reverse of the order they must run: read back, set, copy in. */
  hipGraphNode_t back = add_copy(f->graph, NULL, 0, out, f->dev, 64, hipMemcpyDeviceToHost);
  hipGraphNode_t set = add_set(f->graph, NULL, 0, f->dev + 16, 0x01020304, 4, 4);
  hipGraphNode_t copy_in = add_copy(f->graph, NULL, 0, f->dev, in, 64, hipMemcpyHostToDevice);
  MT_CHECK(hipGraphAddDependencies(f->graph, &copy_in, &set, 1));
  MT_CHECK(hipGraphAddDependencies(f->graph, &set, &back, 1));
  assert_int_equal(f->dev[0], 0); /* nothing runs before a launch */
  hipGraphExec_t exec = instantiate(f->graph);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(out[0], 0x5a);
  assert_int_equal(out[15], 0x5a);
  uint32_t word;
  memcpy(&word, out + 16, sizeof word);
  assert_int_equal(word, 0x01020304);
  assert_int_equal(out[32], 0x5a);
  /* A second launch reads the source anew: the nodes hold addresses, not data. */
  memset(in, 0x66, sizeof in);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(out[0], 0x66);
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_exec_is_a_copy_of_the_graph(void **state) {
  fixture *f = *state;
  hipGraphNode_t first = add_set(f->graph, NULL, 0, f->dev, 0x11, 1, 8);
  hipGraphExec_t exec = instantiate(f->graph);
  /* Added after the instantiation: not in the exec. */
  add_set(f->graph, &first, 1, f->dev + 8, 0x22, 1, 8);
  MT_CHECK(hipGraphDestroy(f->graph));
  f->graph = NULL;
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[0], 0x11);
  assert_int_equal(f->dev[8], 0);
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_empty_graph_launches(void **state) {
  fixture *f = *state;
  hipGraphExec_t exec = instantiate(f->graph);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  MT_CHECK(hipGraphLaunch(exec, hipStreamPerThread));
  MT_CHECK(hipStreamSynchronize(hipStreamPerThread));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* Memory is checked again at each launch: out of the device's reach since the node was made,
   the launch stops at that node with its error, at the call (ROCm builds each node's command
   in hipGraphLaunch), where streams run asynchronously too. */
static void test_launch_rechecks_memory(void **state) {
  fixture *f = *state;
  unsigned char host[8] = {1, 2, 3, 4, 5, 6, 7, 8}, got[4] = {0}, got_after[4] = {0};
  f->dev[64] = 0x77;
  f->dev[128] = 0x55;
  /* read, write, read: only the write needs more than read access */
  hipGraphNode_t before = add_copy(f->graph, NULL, 0, got, f->dev + 64, 4, hipMemcpyDeviceToHost);
  hipGraphNode_t copy = add_copy(f->graph, &before, 1, f->dev, host, 8, hipMemcpyHostToDevice);
  add_copy(f->graph, &copy, 1, got_after, f->dev + 128, 4, hipMemcpyDeviceToHost);
  hipGraphExec_t exec = instantiate(f->graph);
  /* Device 0 may only read now: the copy's destination is out of its reach, and the node
     fails as the direct copy does (hipErrorUnknown from 6.3, copy_access). */
  mt_set_access(&f->m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtRead);
  hipError_t direct = hipMemcpyAsync(f->dev, host, 8, hipMemcpyHostToDevice, NULL);
  assert_int_equal(direct, hipErrorUnknown);
  MT_EXPECT(direct, hipGraphLaunch(exec, NULL));
  if (strstr(mockhip_last_reason(), "node 2 of 3 (memcpy)") == NULL)
    print_error("reason: %s\n", mockhip_last_reason());
  assert_non_null(strstr(mockhip_last_reason(), "node 2 of 3 (memcpy)"));
  assert_int_equal(got[0], 0x77);    /* the node before it ran */
  assert_int_equal(f->dev[0], 0);    /* it did not */
  assert_int_equal(got_after[0], 0); /* nor the one after it */
  mt_set_access(&f->m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[7], 8);
  assert_int_equal(got_after[0], 0x55);
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_memset_rows_and_element_sizes(void **state) {
  fixture *f = *state;
  hipMemsetParams rows = {
      .dst = f->dev, .elementSize = 2, .height = 3, .pitch = 32, .value = 0xabcd, .width = 4};
  hipGraphNode_t node;
  MT_CHECK(hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &rows));
  hipGraphExec_t exec = instantiate(f->graph);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  for (int row = 0; row < 3; row++) {
    uint16_t v[5];
    memcpy(v, f->dev + 32 * row, sizeof v);
    for (int i = 0; i < 4; i++)
      assert_int_equal(v[i], 0xabcd);
    assert_int_equal(v[4], 0); /* the row ends at width */
  }
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* hipGraphLaunch has no STREAM_CAPTURE (clr): on a capturing stream the graph runs now and the
   capture records nothing of it. */
static void test_launch_on_a_capturing_stream_runs_now(void **state) {
  fixture *f = *state;
  add_set(f->graph, NULL, 0, f->dev, 0x42, 1, 4);
  hipGraphExec_t exec = instantiate(f->graph);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipGraphLaunch(exec, stream));
  hipStreamCaptureStatus status;
  MT_CHECK(hipStreamIsCapturing(stream, &status));
  assert_int_equal(status, hipStreamCaptureStatusActive);
  hipGraph_t captured = NULL;
  MT_CHECK(hipStreamEndCapture(stream, &captured));
  size_t count = 1;
  MT_CHECK(hipGraphGetNodes(captured, NULL, &count));
  assert_int_equal(count, 0);
  MT_CHECK(hipStreamSynchronize(stream)); /* the launch ran, uncaptured */
  assert_int_equal(f->dev[0], 0x42);
  MT_CHECK(hipGraphDestroy(captured));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- what is alive ---- */

MT_SITE hipGraphExec_t graph_test_instantiate(hipGraph_t graph) {
  hipGraphExec_t exec = NULL;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  return exec;
}

static void test_execs_are_live_objects(void **state) {
  fixture *f = *state;
  size_t before = mockhip_live_objects();
  hipGraphExec_t exec = graph_test_instantiate(f->graph);
  assert_int_equal(mockhip_live_objects(), before + 1);
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "graphs: 1 (0 nodes), graph execs: 1"));
  free(dump);
  FILE *out = tmpfile();
  assert_true(mockhip_leak_report(out) >= 2); /* the graph, the exec, the memory */
  char *text = mt_read_stream(out);
  fclose(out);
  char prefix[96];
  snprintf(prefix, sizeof prefix, "mockhip: leak: graphExec#%llu (%#llx), made at ",
           mt_id_number(exec), (unsigned long long)(uintptr_t)exec);
  const char *line = mt_line_starting(text, prefix);
  if (line == NULL)
    print_error("no line \"%s\" in:\n%s", prefix, text);
  assert_non_null(line);
  assert_true(mt_site_is(line + strlen(prefix), "/proc/self/exe", "graph_test_instantiate"));
  free(text);
  MT_CHECK(hipGraphExecDestroy(exec));
  assert_int_equal(mockhip_live_objects(), before);
}

/* clr Device::Reset destroys the device's streams and pool memory; graphs and execs are the
   process's, and stay. */
static void test_device_reset_keeps_graphs_and_execs(void **state) {
  fixture *f = *state;
  add_set(f->graph, NULL, 0, f->dev, 0x3c, 1, 2);
  hipGraphExec_t exec = instantiate(f->graph);
  MT_CHECK(hipDeviceReset());
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 1);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[1], 0x3c);
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- threads ---- */

typedef struct worker {
  fixture *f;
  hipGraphExec_t shared;
  int index;
} worker;

/* Each thread builds, instantiates, launches and destroys graphs of its own, and launches the
   shared exec, while the others do the same. */
static void *graph_worker(void *arg) {
  worker *w = arg;
  unsigned char *mine = w->f->dev + 256 + 64 * w->index;
  for (int round = 0; round < 50; round++) {
    hipGraph_t graph;
    hipGraphNode_t a, b;
    hipGraphExec_t exec;
    hipMemsetParams p = {
        .dst = mine, .elementSize = 1, .height = 1, .value = (unsigned)round, .width = 64};
    if (hipGraphCreate(&graph, 0) != hipSuccess ||
        hipGraphAddEmptyNode(&a, graph, NULL, 0) != hipSuccess ||
        hipGraphAddMemsetNode(&b, graph, &a, 1, &p) != hipSuccess ||
        hipGraphInstantiate(&exec, graph, NULL, NULL, 0) != hipSuccess ||
        hipGraphLaunch(exec, NULL) != hipSuccess || hipGraphLaunch(w->shared, NULL) != hipSuccess ||
        hipGraphExecDestroy(exec) != hipSuccess || hipGraphDestroy(graph) != hipSuccess ||
        hipStreamSynchronize(NULL) != hipSuccess || mine[63] != (unsigned char)round)
      return (void *)1;
  }
  return NULL;
}

static void count_run(void *user_data) { atomic_fetch_add((atomic_int *)user_data, 1); }

static void test_graphs_from_many_threads(void **state) {
  fixture *f = *state;
  /* the shared exec: a set, then host code, which each launch runs outside the lock */
  atomic_int host_runs = 0;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(f->dev, 0x99, 64, stream));
  MT_CHECK(hipLaunchHostFunc(stream, count_run, &host_runs));
  hipGraph_t captured;
  MT_CHECK(hipStreamEndCapture(stream, &captured));
  MT_CHECK(hipStreamDestroy(stream));
  hipGraphExec_t shared = instantiate(captured);
  MT_CHECK(hipGraphDestroy(captured));
  enum { THREADS = 4 };
  pthread_t threads[THREADS];
  worker workers[THREADS];
  for (int i = 0; i < THREADS; i++) {
    workers[i] = (worker){f, shared, i};
    assert_int_equal(pthread_create(&threads[i], NULL, graph_worker, &workers[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) {
    void *result;
    assert_int_equal(pthread_join(threads[i], &result), 0);
    assert_null(result);
  }
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(f->dev[63], 0x99);
  assert_int_equal(atomic_load(&host_runs), THREADS * 50);
  MT_CHECK(hipGraphExecDestroy(shared));
}

/* ---- negative ---- */

static void test_create_rejects(void **state) {
  (void)state;
  hipGraph_t graph = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipGraphCreate(NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphCreate(&graph, 1));
  assert_null(graph);
}

static void test_destroy_rejects(void **state) {
  (void)state;
  hipGraph_t graph;
  MT_EXPECT(hipErrorInvalidValue, hipGraphDestroy(NULL));
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphDestroy(graph));
  MT_EXPECT(hipErrorIllegalState, hipGraphDestroy(graph));
}

static void test_add_node_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t node = NULL, mine = add_empty(f->graph, NULL, 0), twice[2] = {mine, mine};
  hipGraph_t other, gone;
  MT_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t foreign = add_empty(other, NULL, 0);
  MT_CHECK(hipGraphCreate(&gone, 0));
  MT_CHECK(hipGraphDestroy(gone));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(NULL, f->graph, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, f->graph, NULL, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, gone, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, f->graph, &foreign, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, f->graph, twice, 2));
  hipGraphNode_t made_up = (hipGraphNode_t)(uintptr_t)0x1234;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, f->graph, &made_up, 1));
  assert_null(node);
  size_t count = 0; /* a refused node is not in the graph (ROCm leaves it there) */
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 1);
  MT_CHECK(hipGraphDestroy(other));
  /* The destroyed graph's nodes went with it. */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEmptyNode(&node, f->graph, &foreign, 1));
}

static void test_memcpy_node_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t node = NULL;
  unsigned char host[16] = {0};
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, f->dev, host, 0,
                                                          hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, NULL, host, 16,
                                                          hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, f->dev, host, 16, (hipMemcpyKind)7));
  /* Past the mapping: reserved, not mapped. */
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, f->dev + f->m.bytes - 8, host, 16,
                                    hipMemcpyHostToDevice));
  /* GraphMemcpyNode1D::ValidateParams: host to device needs HostToDevice or Default. */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, f->dev, host,
                                                          16, hipMemcpyHostToHost));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode1D(&node, f->graph, NULL, 0, host, f->dev,
                                                          16, hipMemcpyHostToHost));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode1D(NULL, f->graph, NULL, 0, f->dev, host, 16,
                                                          hipMemcpyHostToDevice));
  assert_null(node);
}

static void test_memset_node_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t node = NULL;
  unsigned char host[16] = {0};
  hipMemsetParams good = {.dst = f->dev, .elementSize = 1, .height = 1, .width = 16}, p;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, NULL));
  p = good;
  p.height = 0;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.elementSize = 3;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.width = 0;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.height = 2;
  p.pitch = 8; /* less than a row of 16 */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.dst = host; /* ihipMemset_validate: host memory */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.dst = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  p = good;
  p.width = f->m.bytes + 1;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemsetNode(&node, f->graph, NULL, 0, &p));
  assert_null(node);
}

/* A C program teaches mockhip no kernel's argument types (test_graph_kernels.cpp does). */
static void c_kernel(void *args) { (void)args; }

static void test_kernel_node_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t node = NULL;
  hipKernelNodeParams p = {
      .blockDim = {1, 1, 1}, .func = (void *)(uintptr_t)c_kernel, .gridDim = {1, 1, 1}};
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddKernelNode(&node, f->graph, NULL, 0, NULL));
  hipKernelNodeParams no_func = p;
  no_func.func = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddKernelNode(&node, f->graph, NULL, 0, &no_func));
  MT_EXPECT(hipErrorInvalidDeviceFunction, hipGraphAddKernelNode(&node, f->graph, NULL, 0, &p));
  assert_null(node);
}

static void test_add_dependencies_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t a = add_empty(f->graph, NULL, 0), b = add_empty(f->graph, NULL, 0);
  hipGraph_t other;
  MT_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t foreign = add_empty(other, NULL, 0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(NULL, &a, &b, 1));
  MT_CHECK(hipGraphAddDependencies(f->graph, NULL, NULL, 0)); /* nothing to add */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(f->graph, NULL, &b, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(f->graph, &a, &a, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(f->graph, &a, &foreign, 1));
  /* Every pair is checked before an edge is made. */
  hipGraphNode_t from[2] = {a, a}, to[2] = {b, NULL};
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(f->graph, from, to, 2));
  size_t count = 5;
  hipGraphNode_t roots[5];
  MT_CHECK(hipGraphGetRootNodes(f->graph, roots, &count));
  assert_int_equal(count, 2);
  /* An edge twice: refused, the pairs before it made. */
  hipGraphNode_t c = add_empty(f->graph, NULL, 0);
  hipGraphNode_t from2[2] = {a, a}, to2[2] = {c, b};
  MT_CHECK(hipGraphAddDependencies(f->graph, &a, &b, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddDependencies(f->graph, from2, to2, 2));
  count = 5;
  MT_CHECK(hipGraphGetRootNodes(f->graph, roots, &count));
  assert_int_equal(count, 1);
  MT_CHECK(hipGraphDestroy(other));
}

static void test_queries_reject(void **state) {
  fixture *f = *state;
  hipGraphNode_t node = add_empty(f->graph, NULL, 0), list[2];
  hipGraphNodeType type;
  size_t count = 2;
  hipGraph_t gone;
  MT_CHECK(hipGraphCreate(&gone, 0));
  hipGraphNode_t gone_node = add_empty(gone, NULL, 0);
  MT_CHECK(hipGraphDestroy(gone));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetNodes(NULL, list, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetNodes(f->graph, list, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetNodes(gone, list, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetRootNodes(NULL, list, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetRootNodes(f->graph, list, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetType(NULL, &type));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetType(node, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetType(gone_node, &type));
  assert_int_equal(count, 2);
}

static void test_instantiate_rejects(void **state) {
  fixture *f = *state;
  hipGraphExec_t exec = NULL;
  hipGraph_t gone;
  MT_CHECK(hipGraphCreate(&gone, 0));
  MT_CHECK(hipGraphDestroy(gone));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiate(NULL, f->graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiate(&exec, NULL, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiate(&exec, gone, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithFlags(NULL, f->graph, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithFlags(&exec, NULL, 0));
  /* Upload and DeviceLaunch are hipGraphInstantiateWithParams' flags. */
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphInstantiateWithFlags(&exec, f->graph, hipGraphInstantiateFlagUpload));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphInstantiateWithFlags(&exec, f->graph, hipGraphInstantiateFlagDeviceLaunch));
  assert_null(exec);
  /* A cycle has no order to run in (Graph::ScheduleNodes), nor to list in. */
  hipGraphNode_t a = add_empty(f->graph, NULL, 0), b = add_empty(f->graph, &a, 1);
  MT_CHECK(hipGraphAddDependencies(f->graph, &b, &a, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  assert_null(exec);
  size_t count = 0;
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetNodes(f->graph, NULL, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithFlags(&exec, f->graph, 0));
  assert_null(exec);
}

static void test_launch_and_destroy_reject(void **state) {
  fixture *f = *state;
  hipGraphExec_t exec = instantiate(f->graph);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(NULL, NULL));
  MT_EXPECT(hipErrorContextIsDestroyed, hipGraphLaunch(exec, stream));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecDestroy(NULL));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(exec, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecDestroy(exec));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  const struct CMUnitTest tests[] = {
      TEST(test_nodes_are_listed_in_launch_order),
      TEST(test_each_node_has_its_type),
      TEST(test_launch_runs_nodes_after_their_dependencies),
      TEST(test_exec_is_a_copy_of_the_graph),
      TEST(test_empty_graph_launches),
      TEST(test_launch_rechecks_memory),
      TEST(test_memset_rows_and_element_sizes),
      TEST(test_launch_on_a_capturing_stream_runs_now),
      TEST(test_execs_are_live_objects),
      TEST(test_device_reset_keeps_graphs_and_execs),
      TEST(test_graphs_from_many_threads),
  };
  const struct CMUnitTest negative[] = {
      TEST(test_create_rejects),           TEST(test_destroy_rejects),
      TEST(test_add_node_rejects),         TEST(test_memcpy_node_rejects),
      TEST(test_memset_node_rejects),      TEST(test_kernel_node_rejects),
      TEST(test_add_dependencies_rejects), TEST(test_queries_reject),
      TEST(test_instantiate_rejects),      TEST(test_launch_and_destroy_reject),
  };
  int failed = cmocka_run_group_tests_name("graph", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("graph_negative", negative, NULL, NULL);
}
