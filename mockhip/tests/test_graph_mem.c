/*
 * test_graph_mem.c: graph memory nodes added by hand and the device's graph
 * memory. An alloc node's address is there from the node on and holds memory
 * once a launch ran it; a free node, hipFree, hipFreeAsync or the next launch
 * of an AutoFreeOnLaunch exec gives it back, and the device attributes count
 * it. The negative group holds the refusals with clr hip_graph.cpp's codes.
 * Every case ends with nothing alive.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

#define BYTES (3 * 4096 + 100) /* not a granule multiple: the count is rounded up */

typedef struct fixture {
  hipGraph_t graph;
  hipStream_t stream;
} fixture;

static int setup(void **state) {
  mt_assert_clean();
  fixture *f = calloc(1, sizeof *f);
  assert_non_null(f);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipGraphCreate(&f->graph, 0));
  MT_CHECK(hipStreamCreate(&f->stream));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  if (f->graph != NULL)
    MT_CHECK(hipGraphDestroy(f->graph));
  MT_CHECK(hipStreamDestroy(f->stream));
  uint64_t zero = 0;
  MT_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  MT_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero));
  free(f);
  mt_assert_clean();
  return 0;
}

static hipMemAllocNodeParams params_of(size_t bytes, int device) {
  hipMemAllocNodeParams p;
  memset(&p, 0, sizeof p);
  p.poolProps.allocType = hipMemAllocationTypePinned;
  p.poolProps.location.type = hipMemLocationTypeDevice;
  p.poolProps.location.id = device;
  p.bytesize = bytes;
  return p;
}

static hipGraphNode_t add_alloc(hipGraph_t graph, const hipGraphNode_t *dep, void **dptr) {
  hipMemAllocNodeParams p = params_of(BYTES, 0);
  hipGraphNode_t node = NULL;
  MT_CHECK(hipGraphAddMemAllocNode(&node, graph, dep, dep != NULL, &p));
  assert_non_null(p.dptr);
  *dptr = p.dptr;
  return node;
}

static uint64_t graph_mem(hipGraphMemAttributeType attr) {
  uint64_t v = 12345;
  MT_CHECK(hipDeviceGetGraphMemAttribute(0, attr, &v));
  return v;
}

static void expect_graph_mem(uint64_t used, uint64_t high) {
  assert_int_equal(graph_mem(hipGraphMemAttrUsedMemCurrent), used);
  assert_int_equal(graph_mem(hipGraphMemAttrReservedMemCurrent), used);
  assert_int_equal(graph_mem(hipGraphMemAttrUsedMemHigh), high);
  assert_int_equal(graph_mem(hipGraphMemAttrReservedMemHigh), high);
}

static uint64_t rounded(void) {
  size_t g = mt_granularity();
  return (BYTES + g - 1) / g * g;
}

/* alloc -> set value -> copy to host [-> free] */
static hipGraphExec_t set_and_read(fixture *f, void **dptr, unsigned char *host, bool with_free,
                                   unsigned long long flags) {
  hipGraphNode_t alloc = add_alloc(f->graph, NULL, dptr), set, copy, freed;
  hipMemsetParams sp = {.dst = *dptr, .elementSize = 1, .height = 1, .value = 0x5a, .width = BYTES};
  MT_CHECK(hipGraphAddMemsetNode(&set, f->graph, &alloc, 1, &sp));
  MT_CHECK(
      hipGraphAddMemcpyNode1D(&copy, f->graph, &set, 1, host, *dptr, BYTES, hipMemcpyDeviceToHost));
  if (with_free)
    MT_CHECK(hipGraphAddMemFreeNode(&freed, f->graph, &copy, 1, *dptr));
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiateWithFlags(&exec, f->graph, flags));
  return exec;
}

/* ---- positive ---- */

static void test_alloc_node_memory_is_backed_by_the_launch(void **state) {
  fixture *f = *state;
  unsigned char *host = calloc(1, BYTES);
  void *dptr;
  hipGraphExec_t exec = set_and_read(f, &dptr, host, false, 0);
  expect_graph_mem(0, 0);
  /* no memory before the launch: a direct set of it is refused */
  MT_EXPECT(hipErrorInvalidValue, hipMemset(dptr, 1, 16));
  MT_CHECK(hipGraphLaunch(exec, f->stream));
  MT_CHECK(hipStreamSynchronize(f->stream));
  assert_int_equal(host[0], 0x5a);
  assert_int_equal(host[BYTES - 1], 0x5a);
  expect_graph_mem(rounded(), rounded());
  /* the memory is the program's until it frees it */
  unsigned char back[4];
  MT_CHECK(hipMemcpy(back, (char *)dptr + 8, 4, hipMemcpyDeviceToHost));
  assert_int_equal(back[3], 0x5a);
  MT_CHECK(hipFree(dptr));
  expect_graph_mem(0, rounded());
  MT_EXPECT(hipErrorInvalidValue, hipFree(dptr)); /* freed: no memory left there */
  MT_CHECK(hipGraphExecDestroy(exec));
  free(host);
}

static void test_free_node_gives_the_memory_back(void **state) {
  fixture *f = *state;
  unsigned char *host = calloc(1, BYTES);
  void *dptr;
  hipGraphExec_t exec = set_and_read(f, &dptr, host, true, 0);
  for (int i = 0; i < 2; i++) { /* freed each time, so it launches again */
    host[7] = 0;
    MT_CHECK(hipGraphLaunch(exec, f->stream));
    MT_CHECK(hipStreamSynchronize(f->stream));
    assert_int_equal(host[7], 0x5a);
    expect_graph_mem(0, rounded());
  }
  MT_EXPECT(hipErrorInvalidValue, hipMemset(dptr, 1, 16)); /* after the free node */
  MT_CHECK(hipGraphExecDestroy(exec));
  free(host);
}

static void test_relaunch_needs_a_free_or_auto_free(void **state) {
  fixture *f = *state;
  unsigned char *host = calloc(1, BYTES);
  void *dptr;
  hipGraphExec_t exec = set_and_read(f, &dptr, host, false, 0);
  MT_CHECK(hipGraphLaunch(exec, f->stream));
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(exec, f->stream));
  MT_CHECK(hipFreeAsync(dptr, f->stream));
  expect_graph_mem(0, rounded());
  MT_CHECK(hipGraphLaunch(exec, f->stream));
  MT_CHECK(hipFree(dptr));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(f->graph));

  MT_CHECK(hipGraphCreate(&f->graph, 0));
  exec = set_and_read(f, &dptr, host, false, hipGraphInstantiateFlagAutoFreeOnLaunch);
  for (int i = 0; i < 3; i++) {
    MT_CHECK(hipGraphLaunch(exec, f->stream));
    expect_graph_mem(rounded(), rounded());
  }
  MT_CHECK(hipFree(dptr));
  MT_CHECK(hipGraphExecDestroy(exec));
  free(host);
}

static void test_free_node_in_another_graph_and_params(void **state) {
  fixture *f = *state;
  void *dptr;
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemAllocNodeParams in = params_of(BYTES, 0);
  in.accessDescs = &desc;
  in.accessDescCount = 1;
  in.dptr = (void *)0x1234; /* stale: cleared, then the address */
  hipGraphNode_t alloc;
  MT_CHECK(hipGraphAddMemAllocNode(&alloc, f->graph, NULL, 0, &in));
  dptr = in.dptr;
  hipMemAllocNodeParams out;
  MT_CHECK(hipGraphMemAllocNodeGetParams(alloc, &out));
  assert_memory_equal(&out, &in, sizeof in);

  hipGraph_t other;
  hipGraphNode_t freed;
  MT_CHECK(hipGraphCreate(&other, 0));
  MT_CHECK(hipGraphAddMemFreeNode(&freed, other, NULL, 0, dptr));
  void *got = NULL;
  MT_CHECK(hipGraphMemFreeNodeGetParams(freed, &got));
  assert_ptr_equal(got, dptr);
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(freed, &type));
  assert_int_equal(type, hipGraphNodeTypeMemFree);

  hipGraphExec_t e1, e2;
  MT_CHECK(hipGraphInstantiate(&e1, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphInstantiate(&e2, other, NULL, NULL, 0));
  MT_CHECK(hipGraphDestroy(f->graph)); /* the execs hold the allocation */
  MT_CHECK(hipGraphDestroy(other));
  f->graph = NULL;
  MT_CHECK(hipGraphLaunch(e1, f->stream));
  MT_CHECK(hipMemset(dptr, 7, BYTES));
  expect_graph_mem(rounded(), rounded());
  MT_CHECK(hipGraphLaunch(e2, f->stream));
  expect_graph_mem(0, rounded());
  MT_EXPECT(hipErrorInvalidValue, hipGraphLaunch(e2, f->stream)); /* nothing to free now */
  MT_CHECK(hipGraphExecDestroy(e1));
  MT_CHECK(hipGraphExecDestroy(e2));
}

static void test_trim_and_high_marks_reset(void **state) {
  fixture *f = *state;
  void *dptr;
  add_alloc(f->graph, NULL, &dptr);
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, f->graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, f->stream));
  MT_CHECK(hipFree(dptr));
  MT_CHECK(hipDeviceGraphMemTrim(0));
  expect_graph_mem(0, rounded());
  uint64_t zero = 0;
  MT_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
  assert_int_equal(graph_mem(hipGraphMemAttrUsedMemHigh), 0);
  assert_int_equal(graph_mem(hipGraphMemAttrReservedMemHigh), rounded());
  MT_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero));
  expect_graph_mem(0, 0);
  MT_CHECK(hipGraphExecDestroy(exec));
}

/* ---- negative ---- */

static void test_add_alloc_node_negative(void **state) {
  fixture *f = *state;
  hipGraphNode_t node, empty;
  hipMemAllocNodeParams p = params_of(BYTES, 0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(NULL, f->graph, NULL, 0, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, NULL, NULL, 0, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 2, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, NULL));
  p.bytesize = 0;
  p.dptr = &p;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, &p));
  assert_null(p.dptr); /* cleared, as clr does */
  p = params_of(BYTES, 0);
  p.poolProps.allocType = hipMemAllocationTypeManaged;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, &p));
  p = params_of(BYTES, 0);
  p.poolProps.location.type = hipMemLocationTypeInvalid;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, &p));
  int devices;
  MT_CHECK(hipGetDeviceCount(&devices));
  p = params_of(BYTES, devices);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, &p));
  p = params_of(BYTES, -1);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, NULL, 0, &p));
  /* a bad dependency leaves no node and no address space */
  p = params_of(BYTES, 0);
  MT_CHECK(hipGraphAddEmptyNode(&empty, f->graph, NULL, 0));
  hipGraphNode_t deps[2] = {empty, (hipGraphNode_t)(uintptr_t)0x77};
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemAllocNode(&node, f->graph, deps, 2, &p));
  assert_null(p.dptr);
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(f->graph, NULL, &count));
  assert_int_equal(count, 1);
}

static void test_add_free_node_negative(void **state) {
  fixture *f = *state;
  void *dptr, *block;
  hipGraphNode_t alloc = add_alloc(f->graph, NULL, &dptr), node;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(NULL, f->graph, &alloc, 1, dptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, NULL, &alloc, 1, dptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, NULL, 3, dptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, &alloc, 0, dptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, NULL));
  int local;
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, &local));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, (char *)dptr + 16));
  MT_CHECK(hipMalloc(&block, 64));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, block));
  MT_CHECK(hipFree(block));
  MT_CHECK(hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, dptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddMemFreeNode(&node, f->graph, &alloc, 1, dptr));
}

static void test_get_params_negative(void **state) {
  fixture *f = *state;
  void *dptr, *out;
  hipGraphNode_t alloc = add_alloc(f->graph, NULL, &dptr), freed, empty;
  MT_CHECK(hipGraphAddMemFreeNode(&freed, f->graph, &alloc, 1, dptr));
  MT_CHECK(hipGraphAddEmptyNode(&empty, f->graph, NULL, 0));
  hipMemAllocNodeParams p;
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemAllocNodeGetParams(NULL, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemAllocNodeGetParams(alloc, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemAllocNodeGetParams(freed, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemAllocNodeGetParams(empty, &p));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemFreeNodeGetParams(NULL, &out));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemFreeNodeGetParams(freed, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGraphMemFreeNodeGetParams(alloc, &out));
  /* a graph of memory nodes is instantiated once, cloned never */
  hipGraphExec_t e1, e2;
  hipGraph_t clone;
  MT_CHECK(hipGraphInstantiate(&e1, f->graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorNotSupported, hipGraphInstantiate(&e2, f->graph, NULL, NULL, 0));
  MT_EXPECT(hipErrorNotSupported, hipGraphClone(&clone, f->graph));
  MT_CHECK(hipGraphExecDestroy(e1));
}

static void test_device_attributes_negative(void **state) {
  (void)state;
  int devices;
  MT_CHECK(hipGetDeviceCount(&devices));
  uint64_t v = 0;
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetGraphMemAttribute(devices, hipGraphMemAttrUsedMemHigh, &v));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetGraphMemAttribute(-1, hipGraphMemAttrUsedMemHigh, &v));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceGetGraphMemAttribute(0, (hipGraphMemAttributeType)7, &v));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceSetGraphMemAttribute(devices, hipGraphMemAttrUsedMemHigh, &v));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &v));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemCurrent, &v));
  /* the value of an attribute that cannot be set is not read */
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, (void *)-1));
  v = 1;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &v));
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &v));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGraphMemTrim(devices));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGraphMemTrim(-1));
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void) {
  const struct CMUnitTest tests[] = {
      TEST(test_alloc_node_memory_is_backed_by_the_launch),
      TEST(test_free_node_gives_the_memory_back),
      TEST(test_relaunch_needs_a_free_or_auto_free),
      TEST(test_free_node_in_another_graph_and_params),
      TEST(test_trim_and_high_marks_reset),
  };
  const struct CMUnitTest negative[] = {
      TEST(test_add_alloc_node_negative),
      TEST(test_add_free_node_negative),
      TEST(test_get_params_negative),
      TEST(test_device_attributes_negative),
  };
  int failed = cmocka_run_group_tests_name("graph_mem", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("graph_mem_negative", negative, NULL, NULL);
}
