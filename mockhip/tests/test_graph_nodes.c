/*
 * test_graph_nodes.c: the node kinds past empty, memcpy 1D, memset and kernel
 * (a hipMemcpy3DParms copy, host, event record and wait, child graph), clones,
 * a graph's shape read and undone, and node parameters read and changed, in
 * the graph and in an exec (which changes alone). The negative group holds the
 * refusals with clr hip_graph.cpp's codes, and the mock's where clr reads a
 * node as the kind the call names. Every case ends with nothing alive.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

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
  return node;
}

static hipGraphNode_t add_set(hipGraph_t graph, void *dst, unsigned value, size_t width) {
  hipMemsetParams p = {.dst = dst, .elementSize = 1, .height = 1, .value = value, .width = width};
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p));
  return node;
}

/* A 2D copy: rows rows of width bytes from src (pitch src_pitch) to dst (pitch dst_pitch). */
static hipMemcpy3DParms rows_copy(void *dst, size_t dst_pitch, const void *src, size_t src_pitch,
                                  size_t width, size_t rows, hipMemcpyKind kind) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr((void *)src, src_pitch, width, rows);
  p.dstPtr = make_hipPitchedPtr(dst, dst_pitch, width, rows);
  p.extent = make_hipExtent(width, rows, 1);
  p.kind = kind;
  return p;
}

static void launch(hipGraph_t graph) {
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- node kinds ---- */

static void test_memcpy_node_copies_rows(void **state) {
  fixture *f = *state;
  unsigned char host[4][8];
  for (int i = 0; i < 32; i++)
    host[i / 8][i % 8] = (unsigned char)(i + 1);
  hipMemcpy3DParms p = rows_copy(f->dev, 64, host, 8, 6, 4, hipMemcpyHostToDevice);
  hipGraphNode_t node;
  MT_CHECK(hipGraphAddMemcpyNode(&node, f->graph, NULL, 0, &p));
  hipMemcpy3DParms back;
  MT_CHECK(hipGraphMemcpyNodeGetParams(node, &back));
  assert_memory_equal(&back, &p, sizeof p);
  /* An exec's copy takes new parameters of its kind, and refuses another kind. */
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphExecMemcpyNodeSetParams(exec, node, &p));
  back.kind = hipMemcpyDefault;
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemcpyNodeSetParams(exec, node, &back));
  MT_CHECK(hipGraphExecDestroy(exec));
  launch(f->graph);
  for (int row = 0; row < 4; row++) {
    assert_memory_equal(f->dev + 64 * row, host[row], 6);
    assert_int_equal(f->dev[64 * row + 6], 0); /* past the width: untouched */
  }
}

static int host_calls;
static int host_order[8];
static void note_host(void *data) { host_order[host_calls++] = (int)(intptr_t)data; }

static void test_host_node_runs_in_order(void **state) {
  fixture *f = *state;
  host_calls = 0;
  hipHostNodeParams one = {note_host, (void *)(intptr_t)1}, two = {note_host, (void *)(intptr_t)2};
  hipGraphNode_t a, b;
  MT_CHECK(hipGraphAddHostNode(&b, f->graph, NULL, 0, &two));
  MT_CHECK(hipGraphAddHostNode(&a, f->graph, NULL, 0, &one));
  MT_CHECK(hipGraphAddDependencies(f->graph, &a, &b, 1)); /* a, added last, runs first */
  launch(f->graph);
  assert_int_equal(host_calls, 2);
  assert_int_equal(host_order[0], 1);
  assert_int_equal(host_order[1], 2);
  hipHostNodeParams got;
  MT_CHECK(hipGraphHostNodeGetParams(a, &got));
  assert_ptr_equal(got.fn, note_host);
  assert_ptr_equal(got.userData, (void *)(intptr_t)1);
}

static void test_event_record_node_records(void **state) {
  fixture *f = *state;
  hipEvent_t start, stop, got;
  MT_CHECK(hipEventCreate(&start));
  MT_CHECK(hipEventCreate(&stop));
  hipGraphNode_t first, set, last, wait;
  MT_CHECK(hipGraphAddEventRecordNode(&first, f->graph, NULL, 0, start));
  set = add_set(f->graph, f->dev, 0x5a, 64);
  MT_CHECK(hipGraphAddDependencies(f->graph, &first, &set, 1));
  MT_CHECK(hipGraphAddEventRecordNode(&last, f->graph, &set, 1, stop));
  MT_CHECK(hipGraphAddEventWaitNode(&wait, f->graph, &last, 1, start));
  MT_CHECK(hipGraphEventRecordNodeGetEvent(last, &got));
  assert_ptr_equal(got, stop);
  MT_CHECK(hipGraphEventWaitNodeGetEvent(wait, &got));
  assert_ptr_equal(got, start);
  /* Never recorded: no time between them yet. */
  float ms = -1;
  MT_EXPECT(hipErrorInvalidResourceHandle, hipEventElapsedTime(&ms, start, stop));
  launch(f->graph);
  MT_CHECK(hipEventQuery(stop));
  MT_CHECK(hipEventElapsedTime(&ms, start, stop));
  assert_true(ms >= 0);
  assert_int_equal(f->dev[63], 0x5a);
  MT_CHECK(hipEventDestroy(start));
  MT_CHECK(hipEventDestroy(stop));
}

static void test_child_graph_is_a_copy(void **state) {
  fixture *f = *state;
  hipGraph_t child;
  MT_CHECK(hipGraphCreate(&child, 0));
  hipGraphNode_t set = add_set(child, f->dev, 0x11, 16), node, before, after;
  before = add_set(f->graph, f->dev + 16, 0x22, 16);
  MT_CHECK(hipGraphAddChildGraphNode(&node, f->graph, &before, 1, child));
  after = add_empty(f->graph, &node, 1);
  (void)after;
  /* Changing or destroying the caller's graph changes nothing in the node's. */
  hipMemsetParams other = {
      .dst = f->dev, .elementSize = 1, .height = 1, .value = 0x99, .width = 16};
  MT_CHECK(hipGraphMemsetNodeSetParams(set, &other));
  MT_CHECK(hipGraphDestroy(child));
  hipGraph_t own;
  MT_CHECK(hipGraphChildGraphNodeGetGraph(node, &own));
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(own, NULL, &count));
  assert_int_equal(count, 1);
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(node, &type));
  assert_int_equal(type, hipGraphNodeTypeGraph);
  MT_EXPECT(hipErrorInvalidValue, hipGraphDestroy(own)); /* it goes with its node */
  launch(f->graph);
  assert_int_equal(f->dev[0], 0x11);
  assert_int_equal(f->dev[16], 0x22);
}

/* ---- clones and shape ---- */

static void test_clone_copies_nodes_and_edges(void **state) {
  fixture *f = *state;
  hipGraphNode_t a = add_set(f->graph, f->dev, 0x33, 8), b = add_empty(f->graph, &a, 1);
  hipGraph_t clone;
  MT_CHECK(hipGraphClone(&clone, f->graph));
  hipGraphNode_t ca, cb;
  MT_CHECK(hipGraphNodeFindInClone(&ca, a, clone));
  MT_CHECK(hipGraphNodeFindInClone(&cb, b, clone));
  assert_ptr_not_equal(ca, a);
  hipGraphNode_t from[2], to[2];
  size_t edges = 2;
  MT_CHECK(hipGraphGetEdges(clone, from, to, &edges));
  assert_int_equal(edges, 1);
  assert_ptr_equal(from[0], ca);
  assert_ptr_equal(to[0], cb);
  assert_null(from[1]);
  /* A node added to the original after the clone has no copy in it. */
  hipGraphNode_t late = add_empty(f->graph, NULL, 0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeFindInClone(&ca, late, clone));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeFindInClone(&ca, a, f->graph)); /* no clone */
  launch(clone);
  assert_int_equal(f->dev[7], 0x33);
  MT_CHECK(hipGraphDestroy(clone));
}

static void test_dependencies_read_and_removed(void **state) {
  fixture *f = *state;
  hipGraphNode_t a = add_empty(f->graph, NULL, 0), b = add_empty(f->graph, NULL, 0);
  hipGraphNode_t both[2] = {a, b};
  hipGraphNode_t c = add_empty(f->graph, both, 2);
  hipGraphNode_t got[3] = {NULL, NULL, (hipGraphNode_t)1};
  size_t count = 3;
  MT_CHECK(hipGraphNodeGetDependencies(c, got, &count));
  assert_int_equal(count, 2);
  assert_ptr_equal(got[0], a);
  assert_ptr_equal(got[1], b);
  assert_null(got[2]);
  count = 0;
  MT_CHECK(hipGraphNodeGetDependentNodes(a, NULL, &count));
  assert_int_equal(count, 1);
  MT_CHECK(hipGraphRemoveDependencies(f->graph, &a, &c, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRemoveDependencies(f->graph, &a, &c, 1)); /* gone */
  count = 3;
  MT_CHECK(hipGraphNodeGetDependencies(c, got, &count));
  assert_int_equal(count, 1);
  assert_ptr_equal(got[0], b);
  MT_CHECK(hipGraphGetRootNodes(f->graph, NULL, &count));
  assert_int_equal(count, 2);
  /* A destroyed node takes its edges with it. */
  MT_CHECK(hipGraphDestroyNode(b));
  MT_CHECK(hipGraphNodeGetDependencies(c, NULL, &count));
  assert_int_equal(count, 0);
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 2);
  hipGraphNodeType type;
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetType(b, &type));
}

/* ---- parameters ---- */

static void test_params_change_the_graph_not_its_exec(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 0x44, 8);
  unsigned char host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  hipGraphNode_t copy;
  MT_CHECK(hipGraphAddMemcpyNode1D(&copy, f->graph, &set, 1, f->dev + 32, host, 8,
                                   hipMemcpyHostToDevice));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  hipMemsetParams p = {.dst = f->dev, .elementSize = 1, .height = 1, .value = 0x55, .width = 8};
  MT_CHECK(hipGraphMemsetNodeSetParams(set, &p));
  hipMemsetParams got;
  MT_CHECK(hipGraphMemsetNodeGetParams(set, &got));
  assert_int_equal(got.value, 0x55);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[0], 0x44); /* the exec kept its copy */
  /* The exec's copies change alone. */
  p.value = 0x66;
  MT_CHECK(hipGraphExecMemsetNodeSetParams(exec, set, &p));
  MT_CHECK(
      hipGraphExecMemcpyNodeSetParams1D(exec, copy, f->dev + 48, host, 8, hipMemcpyHostToDevice));
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[0], 0x66);
  assert_int_equal(f->dev[48 + 7], 8);
  MT_CHECK(hipGraphMemsetNodeGetParams(set, &got));
  assert_int_equal(got.value, 0x55);
  /* A copy node's kind stays in an exec; a node added since has no copy there. */
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphExecMemcpyNodeSetParams1D(exec, copy, host, f->dev, 8, hipMemcpyDeviceToHost));
  hipGraphNode_t late = add_set(f->graph, f->dev, 1, 1);
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemsetNodeSetParams(exec, late, &p));
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_exec_child_graph_takes_the_same_shape(void **state) {
  fixture *f = *state;
  hipGraph_t child, other, bigger;
  MT_CHECK(hipGraphCreate(&child, 0));
  MT_CHECK(hipGraphCreate(&other, 0));
  MT_CHECK(hipGraphCreate(&bigger, 0));
  add_set(child, f->dev, 0x10, 4);
  add_set(other, f->dev, 0x20, 4);
  add_set(bigger, f->dev, 0x30, 4);
  add_empty(bigger, NULL, 0);
  hipGraphNode_t node;
  MT_CHECK(hipGraphAddChildGraphNode(&node, f->graph, NULL, 0, child));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphExecChildGraphNodeSetParams(exec, node, other));
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(f->dev[3], 0x20);
  MT_EXPECT(hipErrorUnknown, hipGraphExecChildGraphNodeSetParams(exec, node, bigger));
  MT_EXPECT(hipErrorUnknown, hipGraphExecChildGraphNodeSetParams(exec, node, f->graph));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(child));
  MT_CHECK(hipGraphDestroy(other));
  MT_CHECK(hipGraphDestroy(bigger));
}

static void test_clone_copies_child_graphs_and_copy_parameters(void **state) {
  fixture *f = *state;
  unsigned char host[16];
  memset(host, 0x6b, sizeof host);
  hipMemcpy3DParms p = rows_copy(f->dev, 16, host, 16, 16, 1, hipMemcpyHostToDevice);
  hipGraph_t child, clone;
  MT_CHECK(hipGraphCreate(&child, 0));
  hipGraphNode_t copy, inner, node, one_d;
  MT_CHECK(hipGraphAddMemcpyNode(&copy, child, NULL, 0, &p));
  MT_CHECK(hipGraphAddChildGraphNode(&node, f->graph, NULL, 0, child));
  MT_CHECK(hipGraphAddMemcpyNode1D(&one_d, f->graph, &node, 1, f->dev + 32, host, 8,
                                   hipMemcpyHostToDevice));
  MT_CHECK(hipGraphDestroy(child));
  MT_CHECK(hipGraphClone(&clone, f->graph));
  MT_CHECK(hipGraphNodeFindInClone(&inner, node, clone));
  hipGraph_t own;
  MT_CHECK(hipGraphChildGraphNodeGetGraph(inner, &own));
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(own, NULL, &count));
  assert_int_equal(count, 1);
  /* A 1D copy answers its parameters as one row. */
  hipMemcpy3DParms row;
  MT_CHECK(hipGraphMemcpyNodeGetParams(one_d, &row));
  assert_ptr_equal(row.dstPtr.ptr, f->dev + 32);
  assert_int_equal(row.extent.width, 8);
  assert_int_equal(row.extent.height, 1);
  assert_int_equal(row.kind, hipMemcpyHostToDevice);
  launch(clone);
  assert_int_equal(f->dev[15], 0x6b);
  assert_int_equal(f->dev[39], 0x6b);
  MT_CHECK(hipGraphDestroy(clone));
}

static void test_memory_nodes_are_not_cloned_or_destroyed(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  void *block = NULL;
  MT_CHECK(hipMallocAsync(&block, 64, stream));
  MT_CHECK(hipFreeAsync(block, stream));
  hipGraph_t captured, clone;
  MT_CHECK(hipStreamEndCapture(stream, &captured));
  MT_EXPECT(hipErrorNotSupported, hipGraphClone(&clone, captured));
  hipGraphNode_t nodes[2];
  size_t count = 2;
  MT_CHECK(hipGraphGetNodes(captured, nodes, &count));
  assert_int_equal(count, 2);
  MT_EXPECT(hipErrorNotSupported, hipGraphDestroyNode(nodes[0]));
  MT_CHECK(hipGraphDestroy(captured));
  MT_CHECK(hipStreamDestroy(stream));
}

/* A __device__ variable: a global of this program (runtime/copies/symbols.c). */
static int device_table[16];

static void test_symbol_nodes_copy_into_and_out_of_a_variable(void **state) {
  fixture *f = *state;
  int in[4] = {1, 2, 3, 4}, out[4] = {0};
  memset(device_table, 0, sizeof device_table);
  hipGraphNode_t to, from;
  MT_CHECK(hipGraphAddMemcpyNodeToSymbol(&to, f->graph, NULL, 0, device_table, in, sizeof in,
                                         4 * sizeof(int), hipMemcpyHostToDevice));
  MT_CHECK(hipGraphAddMemcpyNodeFromSymbol(&from, f->graph, &to, 1, out, device_table, sizeof out,
                                           4 * sizeof(int), hipMemcpyDeviceToHost));
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(to, &type));
  assert_int_equal(type, hipGraphNodeTypeMemcpy); /* as clr's: a 1D copy node */
  launch(f->graph);
  assert_int_equal(device_table[4], 1);
  assert_int_equal(device_table[7], 4);
  assert_memory_equal(out, in, sizeof in);
  /* Past the variable's end, NULL, and no variable at all. */
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphMemcpyNodeSetParamsToSymbol(to, device_table, in, sizeof in, 14 * sizeof(int),
                                                hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidSymbol,
            hipGraphMemcpyNodeSetParamsToSymbol(to, NULL, in, sizeof in, 0, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidSymbol,
            hipGraphAddMemcpyNodeToSymbol(&to, f->graph, NULL, 0, &in[1], out, sizeof(int), 0,
                                          hipMemcpyHostToDevice));
  size_t count;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 2);
}

/* ---- refusals ---- */

static void test_node_kinds_reject(void **state) {
  fixture *f = *state;
  hipGraphNode_t node;
  hipHostNodeParams no_fn = {NULL, NULL};
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddHostNode(&node, f->graph, NULL, 0, &no_fn));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddHostNode(&node, f->graph, NULL, 0, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEventRecordNode(&node, f->graph, NULL, 0, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddEventWaitNode(&node, f->graph, NULL, 0, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddChildGraphNode(&node, f->graph, NULL, 0, NULL));
  size_t count;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemcpyNode(&node, f->graph, NULL, 0, NULL));
  unsigned char host[8];
  hipMemcpy3DParms p = rows_copy(f->dev, 8, host, 8, 16, 1, hipMemcpyHostToDevice);
  MT_EXPECT(hipErrorInvalidPitchValue, hipGraphAddMemcpyNode(&node, f->graph, NULL, 0, &p));
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 0); /* nothing was added */
  /* A graph may hold a copy of itself, as it was. */
  MT_CHECK(hipGraphAddChildGraphNode(&node, f->graph, NULL, 0, f->graph));
  hipGraph_t own;
  MT_CHECK(hipGraphChildGraphNodeGetGraph(node, &own));
  MT_CHECK(hipGraphGetNodes(own, NULL, &count));
  assert_int_equal(count, 0);
}

static void test_params_reject_another_kind(void **state) {
  fixture *f = *state;
  hipGraphNode_t empty = add_empty(f->graph, NULL, 0);
  hipMemsetParams set;
  hipHostNodeParams host;
  hipMemcpy3DParms copy;
  hipEvent_t event;
  hipGraph_t graph;
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemsetNodeGetParams(empty, &set));
  MT_EXPECT(hipErrorInvalidValue, hipGraphHostNodeGetParams(empty, &host));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemcpyNodeGetParams(empty, &copy));
  MT_EXPECT(hipErrorInvalidValue, hipGraphEventRecordNodeGetEvent(empty, &event));
  MT_EXPECT(hipErrorInvalidValue, hipGraphChildGraphNodeGetGraph(empty, &graph));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphMemcpyNodeSetParams1D(empty, f->dev, f->dev + 8, 8, hipMemcpyDeviceToDevice));
  hipGraphNode_t s = add_set(f->graph, f->dev, 0, 8);
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemsetNodeGetParams(s, NULL));
  size_t count = 1;
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetEdges(f->graph, &s, NULL, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetDependencies(s, NULL, NULL));
  /* A set that fails its checks leaves the node as it was. */
  hipMemsetParams bad = {.dst = f->dev, .elementSize = 3, .height = 1, .width = 8};
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemsetNodeSetParams(s, &bad));
  MT_CHECK(hipGraphMemsetNodeGetParams(s, &set));
  assert_int_equal(set.elementSize, 1);
}

static void test_shape_and_clone_calls_reject(void **state) {
  fixture *f = *state;
  hipGraphNode_t a = add_empty(f->graph, NULL, 0), b = add_empty(f->graph, &a, 1), found;
  hipGraph_t other, clone;
  size_t count = 1;
  MT_CHECK(hipGraphCreate(&other, 0));
  hipGraphNode_t stranger = add_empty(other, NULL, 0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphClone(NULL, f->graph));
  MT_EXPECT(hipErrorInvalidValue, hipGraphClone(&clone, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphClone(&clone, (hipGraph_t)a)); /* no graph */
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeFindInClone(NULL, a, other));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeFindInClone(&found, NULL, other));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeFindInClone(&found, a, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetEdges(NULL, NULL, NULL, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetEdges(f->graph, NULL, NULL, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphGetEdges((hipGraph_t)b, NULL, NULL, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRemoveDependencies(NULL, &a, &b, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRemoveDependencies(f->graph, NULL, &b, 1));
  MT_EXPECT(hipErrorInvalidValue, hipGraphRemoveDependencies(f->graph, &a, &stranger, 1));
  MT_CHECK(hipGraphRemoveDependencies(f->graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetDependentNodes(NULL, NULL, &count));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetDependentNodes(a, NULL, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphDestroyNode(NULL));
  /* The dependents of a are listed, the shorter array gets the first. */
  hipGraphNode_t one = NULL;
  count = 1;
  MT_CHECK(hipGraphNodeGetDependentNodes(a, &one, &count));
  assert_ptr_equal(one, b);
  hipGraphNode_t edges_from[1], edges_to[1];
  count = 1;
  MT_CHECK(hipGraphGetEdges(f->graph, edges_from, edges_to, &count));
  assert_ptr_equal(edges_from[0], a);
  MT_CHECK(hipGraphDestroy(other));
}

static void test_exec_params_reject(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 1, 8), empty = add_empty(f->graph, NULL, 0);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  hipMemsetParams p = {.dst = f->dev, .elementSize = 1, .height = 1, .value = 2, .width = 8};
  hipHostNodeParams host = {note_host, NULL};
  hipEvent_t event;
  MT_CHECK(hipEventCreate(&event));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemsetNodeSetParams(NULL, set, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemsetNodeSetParams((hipGraphExec_t)set, set, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemsetNodeSetParams(exec, NULL, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemsetNodeSetParams(exec, empty, &p)); /* kind */
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecHostNodeSetParams(exec, set, &host));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecHostNodeSetParams(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecEventRecordNodeSetEvent(exec, set, event));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecEventWaitNodeSetEvent(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecKernelNodeSetParams(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecMemcpyNodeSetParams(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecChildGraphNodeSetParams(NULL, set, f->graph));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecChildGraphNodeSetParams(exec, set, f->graph));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecChildGraphNodeSetParams(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphEventRecordNodeSetEvent(set, event));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetParams(set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphHostNodeSetParams(set, &host)); /* kind */
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemcpyNodeSetParams(set, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphMemcpyNodeSetParams1D(set, NULL, f->dev, 8, hipMemcpyDeviceToDevice));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphMemcpyNodeSetParams1D(set, f->dev, f->dev, 8, hipMemcpyDeviceToDevice));
  hipGraphNode_t node;
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddEventRecordNode(&node, f->graph, NULL, 0, (hipEvent_t)set)); /* no event */
  MT_EXPECT(hipErrorInvalidValue, hipGraphChildGraphNodeGetGraph(set, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddChildGraphNode(&node, f->graph, NULL, 0, (hipGraph_t)set));
  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipGraphExecDestroy(exec));
}

static int device_scalar;

static void test_symbol_nodes_reject(void **state) {
  fixture *f = *state;
  int host = 0;
  hipGraphNode_t node;
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddMemcpyNodeToSymbol(&node, f->graph, NULL, 0, &device_scalar, NULL,
                                          sizeof host, 0, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddMemcpyNodeFromSymbol(&node, f->graph, NULL, 0, &host, &device_scalar, 0, 0,
                                            hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddMemcpyNodeFromSymbol(NULL, f->graph, NULL, 0, &host, &device_scalar,
                                            sizeof host, 0, hipMemcpyDeviceToHost));
  MT_CHECK(hipGraphAddMemcpyNodeFromSymbol(&node, f->graph, NULL, 0, &host, &device_scalar,
                                           sizeof host, 0, hipMemcpyDeviceToHost));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphExecMemcpyNodeSetParamsToSymbol(NULL, node, &device_scalar, &host, sizeof host,
                                                    0, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphExecMemcpyNodeSetParamsFromSymbol(NULL, node, &host, &device_scalar,
                                                      sizeof host, 0, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorInvalidSymbol,
            hipGraphExecMemcpyNodeSetParamsFromSymbol(exec, node, &host, NULL, sizeof host, 0,
                                                      hipMemcpyDeviceToHost));
  MT_CHECK(hipGraphExecMemcpyNodeSetParamsFromSymbol(exec, node, &host, &device_scalar, sizeof host,
                                                     0, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphMemcpyNodeSetParamsFromSymbol(node, &device_scalar, &device_scalar, sizeof host,
                                                  0, hipMemcpyDeviceToHost));
  MT_CHECK(hipGraphExecDestroy(exec));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  const struct CMUnitTest tests[] = {
      TEST(test_memcpy_node_copies_rows),
      TEST(test_host_node_runs_in_order),
      TEST(test_event_record_node_records),
      TEST(test_child_graph_is_a_copy),
      TEST(test_clone_copies_nodes_and_edges),
      TEST(test_dependencies_read_and_removed),
      TEST(test_params_change_the_graph_not_its_exec),
      TEST(test_exec_child_graph_takes_the_same_shape),
      TEST(test_symbol_nodes_copy_into_and_out_of_a_variable),
      TEST(test_clone_copies_child_graphs_and_copy_parameters),
      TEST(test_memory_nodes_are_not_cloned_or_destroyed),
  };
  const struct CMUnitTest negative[] = {
      TEST(test_node_kinds_reject),
      TEST(test_params_reject_another_kind),
      TEST(test_shape_and_clone_calls_reject),
      TEST(test_exec_params_reject),
      TEST(test_symbol_nodes_reject),
  };
  int failed = cmocka_run_group_tests_name("graph_nodes", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("graph_nodes_negative", negative, NULL, NULL);
}
