/*
 * test_graph_exec_update.c: an exec's nodes switched off and on (a disabled node does nothing at
 * a launch), hipGraphUpload and hipGraphInstantiateWithParams, hipGraphExecUpdate (the exec
 * takes another graph's parameters where it has the exec's shape), hipGraphDebugDotPrint's
 * file, and the driver descriptions' nodes (hipDrvGraphAddMemcpyNode, hipDrvGraphAddMemsetNode).
 * The negative group holds the refusals with clr hip_graph.cpp's codes. Every case ends with
 * nothing alive.
 */
#include "mock_test.h"

/* hipDrvGraphAddMemcpyNode takes a context, which ROCm's primary-context calls (deprecated) give.
 */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BYTES 64

typedef struct fixture {
  unsigned char *dev;
  hipGraph_t graph;
} fixture;

static int setup(void **state) {
  mt_assert_clean();
  fixture *f = calloc(1, sizeof *f);
  assert_non_null(f);
  MT_CHECK(hipMalloc((void **)&f->dev, BYTES));
  MT_CHECK(hipMemset(f->dev, 0, BYTES));
  MT_CHECK(hipGraphCreate(&f->graph, 0));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  if (f->graph != NULL)
    MT_CHECK(hipGraphDestroy(f->graph));
  MT_CHECK(hipFree(f->dev));
  free(f);
  mt_assert_clean();
  return 0;
}

static hipGraphNode_t add_set(hipGraph_t graph, void *dst, unsigned value) {
  hipMemsetParams p = {.dst = dst, .elementSize = 1, .height = 1, .value = value, .width = BYTES};
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p));
  return node;
}

/* Whether every byte of the device block is value. */
static bool all_bytes(const fixture *f, unsigned char value) {
  unsigned char host[BYTES];
  MT_CHECK(hipMemcpy(host, f->dev, BYTES, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < BYTES; i++)
    if (host[i] != value)
      return false;
  return true;
}

static void nothing(void *data) { (void)data; }

/* ---- enabled and disabled nodes ---- */

static void test_disabled_node_does_nothing(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 7);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  unsigned on = 99;
  MT_CHECK(hipGraphNodeGetEnabled(exec, set, &on));
  assert_int_equal(on, 1);
  MT_CHECK(hipGraphNodeSetEnabled(exec, set, 0));
  MT_CHECK(hipGraphNodeGetEnabled(exec, set, &on));
  assert_int_equal(on, 0);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(all_bytes(f, 0));
  /* The value is kept as given, and any value but 0 runs the node. */
  MT_CHECK(hipGraphNodeSetEnabled(exec, set, 0x7fffffff));
  MT_CHECK(hipGraphNodeGetEnabled(exec, set, &on));
  assert_int_equal(on, 0x7fffffff);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(all_bytes(f, 7));
  /* The graph's node, and another exec of it, stay enabled. */
  hipGraphExec_t other;
  MT_CHECK(hipGraphNodeSetEnabled(exec, set, 0));
  MT_CHECK(hipGraphInstantiate(&other, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphNodeGetEnabled(other, set, &on));
  assert_int_equal(on, 1);
  MT_CHECK(hipGraphExecDestroy(other));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- upload and instantiate with parameters ---- */

static void test_upload_and_instantiate_with_params(void **state) {
  fixture *f = *state;
  add_set(f->graph, f->dev, 3);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  hipGraphExec_t exec = NULL;
  hipGraphInstantiateParams p = {.errNode_out = (hipGraphNode_t)(uintptr_t)1,
                                 .flags = hipGraphInstantiateFlagUpload,
                                 .result_out = hipGraphInstantiateError,
                                 .uploadStream = stream};
  MT_CHECK(hipGraphInstantiateWithParams(&exec, f->graph, &p));
  assert_non_null(exec);
  assert_int_equal(p.result_out, hipGraphInstantiateSuccess);
  assert_null(p.errNode_out);
  MT_CHECK(hipGraphUpload(exec, stream));
  MT_CHECK(hipGraphUpload(exec, NULL));
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_true(all_bytes(f, 3));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- update ---- */

static void test_exec_update_takes_parameters(void **state) {
  fixture *f = *state;
  hipGraphNode_t empty, set;
  MT_CHECK(hipGraphAddEmptyNode(&empty, f->graph, NULL, 0));
  hipMemsetParams p = {.dst = f->dev, .elementSize = 1, .height = 1, .value = 1, .width = BYTES};
  MT_CHECK(hipGraphAddMemsetNode(&set, f->graph, &empty, 1, &p));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphNodeSetEnabled(exec, set, 0));

  hipGraph_t other;
  hipGraphNode_t other_empty, other_set;
  MT_CHECK(hipGraphCreate(&other, 0));
  MT_CHECK(hipGraphAddEmptyNode(&other_empty, other, NULL, 0));
  p.value = 9;
  MT_CHECK(hipGraphAddMemsetNode(&other_set, other, &other_empty, 1, &p));
  hipGraphNode_t bad = (hipGraphNode_t)(uintptr_t)1;
  hipGraphExecUpdateResult result = hipGraphExecUpdateError;
  MT_CHECK(hipGraphExecUpdate(exec, other, &bad, &result));
  assert_int_equal(result, hipGraphExecUpdateSuccess);
  MT_CHECK(hipGraphDestroy(other)); /* the exec keeps its own copy */
  /* Still disabled: the update keeps which nodes are off, and the nodes the exec was made of. */
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(all_bytes(f, 0));
  MT_CHECK(hipGraphNodeSetEnabled(exec, set, 1));
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(all_bytes(f, 9));
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- the DOT file ---- */

static unsigned count_of(const char *text, const char *word) {
  unsigned n = 0;
  for (const char *at = strstr(text, word); at != NULL; at = strstr(at + strlen(word), word))
    n++;
  return n;
}

static void test_dot_print_writes_the_graph(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 5), copy, host, child;
  static unsigned char host_bytes[BYTES];
  MT_CHECK(hipGraphAddMemcpyNode1D(&copy, f->graph, &set, 1, host_bytes, f->dev, BYTES,
                                   hipMemcpyDeviceToHost));
  hipHostNodeParams hp = {nothing, NULL};
  MT_CHECK(hipGraphAddHostNode(&host, f->graph, &copy, 1, &hp));
  hipGraph_t sub;
  hipGraphNode_t sub_copy;
  MT_CHECK(hipGraphCreate(&sub, 0));
  MT_CHECK(hipGraphAddMemcpyNode1D(&sub_copy, sub, NULL, 0, f->dev, host_bytes, BYTES,
                                   hipMemcpyHostToDevice));
  MT_CHECK(hipGraphAddChildGraphNode(&child, f->graph, NULL, 0, sub));
  MT_CHECK(hipGraphDestroy(sub));

  char path[64];
  snprintf(path, sizeof path, "/tmp/mockhip_dot_%d.dot", (int)getpid());
  for (unsigned flags = 0; flags < 2; flags++) {
    MT_CHECK(hipGraphDebugDotPrint(f->graph, path, flags == 0 ? 0 : hipGraphDebugDotFlagsVerbose));
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    static char text[8192];
    size_t got = fread(text, 1, sizeof text - 1, in);
    text[got] = '\0';
    fclose(in);
    remove(path);
    assert_int_equal(strncmp(text, "digraph dot {\n", 14), 0);
    assert_int_equal(count_of(text, "subgraph cluster_"), 2);
    assert_int_equal(count_of(text, "->"), 2);
    assert_int_equal(count_of(text, "MEMSET"), 1);
    assert_int_equal(count_of(text, "MEMCPY"), 2);
    assert_int_equal(count_of(text, "DtoH"), 1);
    assert_int_equal(count_of(text, "HtoD"), 1);
    assert_int_equal(count_of(text, "HOST"), 1);
    assert_int_equal(count_of(text, "record"), flags == 0 ? 0 : 3);
    if (flags == 0)
      assert_non_null(strstr(text, "MEMSET\n(5,64)"));
  }
}

/* ---- driver descriptions' nodes ---- */

static void test_drv_nodes_set_and_copy(void **state) {
  fixture *f = *state;
  hipCtx_t ctx;
  MT_CHECK(hipDevicePrimaryCtxRetain(&ctx, 0));
  HIP_MEMSET_NODE_PARAMS sp = {
      .dst = f->dev, .elementSize = 1, .height = 1, .value = 0x5a, .width = BYTES};
  hipGraphNode_t set, copy;
  MT_CHECK(hipDrvGraphAddMemsetNode(&set, f->graph, NULL, 0, &sp, NULL));
  unsigned char out[2][BYTES / 2];
  memset(out, 0, sizeof out);
  /* Two rows of half the block, into a host buffer of pitch BYTES / 2. */
  HIP_MEMCPY3D cp = {.srcMemoryType = hipMemoryTypeDevice,
                     .srcDevice = f->dev,
                     .srcPitch = BYTES / 2,
                     .srcHeight = 2,
                     .dstMemoryType = hipMemoryTypeHost,
                     .dstHost = out,
                     .dstPitch = BYTES / 2,
                     .dstHeight = 2,
                     .WidthInBytes = BYTES / 2,
                     .Height = 2,
                     .Depth = 1};
  MT_CHECK(hipDrvGraphAddMemcpyNode(&copy, f->graph, &set, 1, &cp, ctx));
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(copy, &type));
  assert_int_equal(type, hipGraphNodeTypeMemcpy);
  MT_CHECK(hipGraphNodeGetType(set, &type));
  assert_int_equal(type, hipGraphNodeTypeMemset);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  for (size_t i = 0; i < BYTES / 2; i++) {
    assert_int_equal(out[0][i], 0x5a);
    assert_int_equal(out[1][i], 0x5a);
  }
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipDevicePrimaryCtxRelease(0));
}

static void test_drv_nodes_reject(void **state) {
  fixture *f = *state;
  hipCtx_t ctx;
  MT_CHECK(hipDevicePrimaryCtxRetain(&ctx, 0));
  unsigned char host[BYTES];
  HIP_MEMCPY3D cp = {.srcMemoryType = hipMemoryTypeHost,
                     .srcHost = host,
                     .dstMemoryType = hipMemoryTypeDevice,
                     .dstDevice = f->dev,
                     .WidthInBytes = BYTES,
                     .Height = 1,
                     .Depth = 1};
  hipGraphNode_t node;
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(NULL, f->graph, NULL, 0, &cp, ctx));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(&node, NULL, NULL, 0, &cp, ctx));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(&node, f->graph, NULL, 2, &cp, ctx));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(&node, f->graph, NULL, 0, &cp, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(&node, f->graph, NULL, 0, NULL, ctx));
  cp.srcMemoryType = (hipMemoryType)42;
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemcpyNode(&node, f->graph, NULL, 0, &cp, ctx));
  mt_assert_reason_contains("not a hipMemoryType");
  HIP_MEMSET_NODE_PARAMS sp = {.dst = f->dev, .elementSize = 3, .height = 1, .width = BYTES};
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemsetNode(&node, f->graph, NULL, 0, &sp, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemsetNode(&node, f->graph, NULL, 0, NULL, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGraphAddMemsetNode(NULL, f->graph, NULL, 0, &sp, NULL));
  size_t count = 1;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 0);
  MT_CHECK(hipDevicePrimaryCtxRelease(0));
}

/* ---- refusals ---- */

static void test_enabled_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 1), empty;
  MT_CHECK(hipGraphAddEmptyNode(&empty, f->graph, NULL, 0));
  hipGraphExec_t exec, gone;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphInstantiate(&gone, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphExecDestroy(gone));
  hipGraphNode_t later = add_set(f->graph, f->dev, 2);
  unsigned on;
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeSetEnabled(NULL, set, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeSetEnabled(gone, set, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeSetEnabled(exec, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeSetEnabled(exec, later, 0));
  mt_assert_reason_contains("no copy in hGraphExec");
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeSetEnabled(exec, empty, 0));
  mt_assert_reason_contains("empty node");
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetEnabled(exec, set, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetEnabled(exec, empty, &on));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetEnabled(gone, set, &on));
  MT_CHECK(hipGraphDestroyNode(set));
  MT_EXPECT(hipErrorInvalidValue, hipGraphNodeGetEnabled(exec, set, &on));
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_upload_and_params_reject(void **state) {
  fixture *f = *state;
  add_set(f->graph, f->dev, 1);
  hipGraphExec_t exec, gone;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphInstantiate(&gone, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphExecDestroy(gone));
  hipStream_t dead;
  MT_CHECK(hipStreamCreate(&dead));
  MT_CHECK(hipStreamDestroy(dead));
  MT_EXPECT(hipErrorInvalidValue, hipGraphUpload(NULL, NULL));
  MT_EXPECT(hipErrorContextIsDestroyed, hipGraphUpload(exec, dead));
  MT_EXPECT(hipErrorInvalidValue, hipGraphUpload(gone, NULL));

  hipGraphExec_t out = NULL;
  hipGraphInstantiateParams p = {.flags = 3, .result_out = hipGraphInstantiateSuccess};
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithParams(&out, f->graph, &p));
  assert_int_equal(p.result_out, hipGraphInstantiateError);
  assert_null(out);
  p.flags = 0;
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithParams(NULL, f->graph, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithParams(&out, NULL, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithParams(&out, f->graph, NULL));
  hipGraph_t dead_graph;
  MT_CHECK(hipGraphCreate(&dead_graph, 0));
  MT_CHECK(hipGraphDestroy(dead_graph));
  p.result_out = hipGraphInstantiateSuccess;
  MT_EXPECT(hipErrorInvalidValue, hipGraphInstantiateWithParams(&out, dead_graph, &p));
  assert_int_equal(p.result_out, hipGraphInstantiateError);
  /* Upload to a stream that is gone: the exec is made, the upload fails. */
  p = (hipGraphInstantiateParams){.flags = hipGraphInstantiateFlagUpload, .uploadStream = dead};
  MT_EXPECT(hipErrorContextIsDestroyed, hipGraphInstantiateWithParams(&out, f->graph, &p));
  assert_int_equal(p.result_out, hipGraphInstantiateSuccess);
  assert_non_null(out); /* made, and the caller's to destroy, as clr's */
  MT_CHECK(hipGraphExecDestroy(out));
  hipGraphExec_t made = NULL;
  p.uploadStream = NULL;
  MT_CHECK(hipGraphInstantiateWithParams(&made, f->graph, &p));
  MT_CHECK(hipGraphExecDestroy(made));
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_exec_update_rejects(void **state) {
  fixture *f = *state;
  hipGraphNode_t set = add_set(f->graph, f->dev, 1), copy;
  static unsigned char host[BYTES];
  MT_CHECK(hipGraphAddMemcpyNode1D(&copy, f->graph, &set, 1, host, f->dev, BYTES,
                                   hipMemcpyDeviceToHost));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  hipGraphNode_t err_node;
  hipGraphExecUpdateResult result;
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecUpdate(NULL, f->graph, &err_node, &result));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecUpdate(exec, NULL, &err_node, &result));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecUpdate(exec, f->graph, NULL, &result));
  MT_EXPECT(hipErrorInvalidValue, hipGraphExecUpdate(exec, f->graph, &err_node, NULL));

  /* One node fewer: the topology changed, no node named. */
  hipGraph_t g;
  MT_CHECK(hipGraphCreate(&g, 0));
  hipGraphNode_t a = add_set(g, f->dev, 2), b;
  err_node = (hipGraphNode_t)(uintptr_t)1;
  MT_EXPECT(hipErrorGraphExecUpdateFailure, hipGraphExecUpdate(exec, g, &err_node, &result));
  assert_int_equal(result, hipGraphExecUpdateErrorTopologyChanged);
  assert_null(err_node);
  /* The same count, without the edge. */
  MT_CHECK(hipGraphAddMemcpyNode1D(&b, g, NULL, 0, host, f->dev, BYTES, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorGraphExecUpdateFailure, hipGraphExecUpdate(exec, g, &err_node, &result));
  assert_int_equal(result, hipGraphExecUpdateErrorTopologyChanged);
  assert_ptr_equal(err_node, b);
  MT_CHECK(hipGraphDestroy(g));
  /* The copy's direction changed. */
  MT_CHECK(hipGraphCreate(&g, 0));
  a = add_set(g, f->dev, 2);
  MT_CHECK(hipGraphAddMemcpyNode1D(&b, g, &a, 1, f->dev, host, BYTES, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorGraphExecUpdateFailure, hipGraphExecUpdate(exec, g, &err_node, &result));
  assert_int_equal(result, hipGraphExecUpdateErrorParametersChanged);
  assert_ptr_equal(err_node, b);
  MT_CHECK(hipGraphDestroy(g));
  /* A node of another kind in the first node's place. */
  MT_CHECK(hipGraphCreate(&g, 0));
  MT_CHECK(hipGraphAddEmptyNode(&a, g, NULL, 0));
  MT_CHECK(hipGraphAddMemcpyNode1D(&b, g, &a, 1, host, f->dev, BYTES, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorGraphExecUpdateFailure, hipGraphExecUpdate(exec, g, &err_node, &result));
  assert_int_equal(result, hipGraphExecUpdateErrorNodeTypeChanged);
  assert_ptr_equal(err_node, a);
  MT_CHECK(hipGraphDestroy(g));
  /* A node made on another device. */
  MT_CHECK(hipGraphCreate(&g, 0));
  MT_CHECK(hipSetDevice(1));
  a = add_set(g, f->dev, 2);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipGraphAddMemcpyNode1D(&b, g, &a, 1, host, f->dev, BYTES, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorGraphExecUpdateFailure, hipGraphExecUpdate(exec, g, &err_node, &result));
  assert_int_equal(result, hipGraphExecUpdateErrorUnsupportedFunctionChange);
  assert_ptr_equal(err_node, a);
  MT_CHECK(hipGraphDestroy(g));
  /* Nothing was taken: the exec still sets 1s and copies them out. */
  memset(host, 0, sizeof host);
  MT_CHECK(hipGraphLaunch(exec, NULL));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(all_bytes(f, 1));
  for (size_t i = 0; i < BYTES; i++)
    assert_int_equal(host[i], 1);
  MT_CHECK(hipGraphExecDestroy(exec));
}

static void test_dot_print_rejects(void **state) {
  fixture *f = *state;
  hipGraph_t dead;
  MT_CHECK(hipGraphCreate(&dead, 0));
  MT_CHECK(hipGraphDestroy(dead));
  MT_EXPECT(hipErrorInvalidValue, hipGraphDebugDotPrint(NULL, "/tmp/x.dot", 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphDebugDotPrint(f->graph, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGraphDebugDotPrint(dead, "/tmp/x.dot", 0));
  MT_EXPECT(hipErrorOperatingSystem, hipGraphDebugDotPrint(f->graph, "", 0));
  MT_EXPECT(hipErrorOperatingSystem,
            hipGraphDebugDotPrint(f->graph, "/nonexistent_dir_for_mockhip/g.dot", 0));
  mt_assert_reason_contains("cannot be opened for writing");
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  const struct CMUnitTest tests[] = {
      TEST(test_disabled_node_does_nothing),   TEST(test_upload_and_instantiate_with_params),
      TEST(test_exec_update_takes_parameters), TEST(test_dot_print_writes_the_graph),
      TEST(test_drv_nodes_set_and_copy),
  };
  const struct CMUnitTest negative[] = {
      TEST(test_enabled_rejects),     TEST(test_upload_and_params_reject),
      TEST(test_exec_update_rejects), TEST(test_dot_print_rejects),
      TEST(test_drv_nodes_reject),
  };
  int failed = cmocka_run_group_tests_name("graph_exec_update", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("graph_exec_update_negative", negative, NULL, NULL);
}
