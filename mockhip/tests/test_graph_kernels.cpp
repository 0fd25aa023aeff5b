/*
 * test_graph_kernels.cpp: kernels in graphs, in C++17. hipLaunchKernelGGL on
 * a capturing stream becomes a kernel node that keeps a copy of the launch,
 * argument values included, and runs at each launch of the graph (launched
 * twice here); hipLaunchKernel with the typed kernel captures the same way;
 * hipGraphAddKernelNode copies the values kernelParams points to (GetParams
 * answers that copy), for a kernel
 * mockhip has learnt, and refuses what clr's ihipGraphAddKernelNode refuses. A
 * kernel's fault during a launch is the device's sticky error, and the nodes
 * after it do not run. Device memory is read back with hipMemcpy.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#include "under_valgrind.h"

/* Every thread adds amount to its element. */
__global__ void add_to(int *data, int amount) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] += amount;
}

/* Learnt only through hipGraphAddKernelNode's callers that launched it first. */
__global__ void scale(int *data, int factor) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] *= factor;
}

/* Thread 0 of block 0 writes value at p[index]. */
__global__ void poke(int *p, size_t index, int value) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    p[index] = value;
}

/* Never launched: mockhip cannot know its argument types. */
__global__ void never_launched(int *data) { data[0] = 1; }

static const size_t COUNT = 64;

static int *device_ints() {
  void *p = nullptr;
  MT_CHECK(hipMalloc(&p, COUNT * sizeof(int)));
  MT_CHECK(hipMemset(p, 0, COUNT * sizeof(int)));
  return static_cast<int *>(p);
}

static std::vector<int> read_back(const int *device) {
  std::vector<int> host(COUNT);
  MT_CHECK(hipMemcpy(host.data(), device, COUNT * sizeof(int), hipMemcpyDeviceToHost));
  return host;
}

static hipGraph_t end(hipStream_t stream) {
  hipGraph_t graph = nullptr;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  assert_non_null(graph);
  return graph;
}

static hipGraphExec_t instantiate(hipGraph_t graph) {
  hipGraphExec_t exec = nullptr;
  MT_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  return exec;
}

/* ---- capture ---- */

static void test_captured_launch_runs_at_each_graph_launch(void **state) {
  (void)state;
  int *data = device_ints();
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int amount = 3;
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipLaunchKernelGGL(add_to, dim3(4), dim3(16), 0, stream, data, amount);
  MT_CHECK(hipGetLastError());
  amount = 100; /* the node keeps the value the launch had */
  hipGraph_t graph = end(stream);
  assert_int_equal(read_back(data)[0], 0); /* captured, not run */
  hipGraphNode_t node;
  size_t count = 1;
  MT_CHECK(hipGraphGetNodes(graph, &node, &count));
  assert_int_equal(count, 1);
  hipGraphNodeType type;
  MT_CHECK(hipGraphNodeGetType(node, &type));
  assert_int_equal(type, hipGraphNodeTypeKernel);
  hipGraphExec_t exec = instantiate(graph);
  MT_CHECK(hipGraphDestroy(graph)); /* the exec has its own copy of the launch */
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  std::vector<int> seen = read_back(data);
  assert_int_equal(seen[0], 6);
  assert_int_equal(seen[COUNT - 1], 6);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipFree(data));
}

/* A copy and a kernel captured in order: the kernel sees the copy's bytes. */
static void test_copy_then_kernel(void **state) {
  (void)state;
  int *data = device_ints();
  std::vector<int> in(COUNT, 7);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal));
  MT_CHECK(hipMemcpyAsync(data, in.data(), COUNT * sizeof(int), hipMemcpyHostToDevice, stream));
  void *args[] = {&data, nullptr};
  int factor = 3;
  args[1] = &factor;
  MT_CHECK(hipLaunchKernel(scale, dim3(1), dim3(COUNT), args, 0, stream));
  hipGraph_t graph = end(stream);
  hipGraphExec_t exec = instantiate(graph);
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(read_back(data)[5], 21);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipFree(data));
}

/* ---- hipGraphAddKernelNode ---- */

static void test_kernel_node_copies_its_arguments(void **state) {
  (void)state;
  int *data = device_ints();
  /* add_to's argument types are learnt by its launches above, or here: */
  hipLaunchKernelGGL(add_to, dim3(1), dim3(1), 0, 0, data, 0);
  int amount = 4;
  void *args[] = {&data, &amount};
  hipKernelNodeParams p = {};
  p.func = reinterpret_cast<void *>(add_to);
  p.gridDim = dim3(2);
  p.blockDim = dim3(32);
  p.kernelParams = args;
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t first, second;
  MT_CHECK(hipGraphAddKernelNode(&first, graph, nullptr, 0, &p));
  amount = 10; /* copied at the add: the first node keeps 4 */
  MT_CHECK(hipGraphAddKernelNode(&second, graph, &first, 1, &p));
  hipGraphExec_t exec = instantiate(graph);
  MT_CHECK(hipGraphLaunch(exec, nullptr));
  MT_CHECK(hipStreamSynchronize(nullptr));
  assert_int_equal(read_back(data)[63], 14);
  MT_CHECK(hipGraphLaunch(exec, nullptr));
  MT_CHECK(hipStreamSynchronize(nullptr));
  assert_int_equal(read_back(data)[0], 28);
  /* Its parameters read back; the exec's copy takes new ones, the graph's keeps its own. */
  hipKernelNodeParams got = {};
  MT_CHECK(hipGraphKernelNodeGetParams(second, &got));
  assert_ptr_equal(got.func, reinterpret_cast<void *>(add_to));
  assert_int_equal(got.gridDim.x, 2);
  assert_int_equal(got.blockDim.x, 32);
  /* The node's own copy of the values (clr's GraphKernelNode copies them): not the caller's
     array, which may be gone by now; SetParams takes it back unchanged. */
  assert_non_null(got.kernelParams);
  assert_ptr_not_equal(got.kernelParams, args);
  assert_ptr_equal(*static_cast<int **>(got.kernelParams[0]), data);
  assert_int_equal(*static_cast<int *>(got.kernelParams[1]), 10);
  {
    void **gone = static_cast<void **>(malloc(sizeof args));
    memcpy(gone, got.kernelParams, sizeof args);
    hipKernelNodeParams again = got;
    again.kernelParams = gone;
    MT_CHECK(hipGraphKernelNodeSetParams(first, &again));
    free(gone); /* the node copied what it pointed to */
  }
  hipKernelNodeParams first_got = {};
  MT_CHECK(hipGraphKernelNodeGetParams(first, &first_got));
  assert_int_equal(*static_cast<int *>(first_got.kernelParams[1]), 10);
  amount = 100;
  MT_CHECK(hipGraphExecKernelNodeSetParams(exec, second, &p));
  MT_CHECK(hipGraphLaunch(exec, nullptr));
  MT_CHECK(hipStreamSynchronize(nullptr));
  assert_int_equal(read_back(data)[0], 132); /* 28 + 4 + 100 */
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipFree(data));
}

static void test_kernel_node_rejects(void **state) {
  (void)state;
  int *data = device_ints();
  int amount = 1;
  void *args[] = {&data, &amount};
  hipLaunchKernelGGL(add_to, dim3(1), dim3(1), 0, 0, data, 0);
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t node = nullptr;
  hipKernelNodeParams good = {};
  good.func = reinterpret_cast<void *>(add_to);
  good.gridDim = dim3(1);
  good.blockDim = dim3(8);
  good.kernelParams = args;
  hipKernelNodeParams p = good;
  p.func = reinterpret_cast<void *>(never_launched);
  MT_EXPECT(hipErrorInvalidDeviceFunction, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  p = good;
  p.blockDim = dim3(2048); /* more threads than a block holds */
  MT_EXPECT(hipErrorInvalidConfiguration, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  p = good;
  p.gridDim = dim3(0);
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  p = good;
  p.kernelParams = nullptr; /* add_to takes arguments */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  p = good;
  p.extra = args; /* both: ihipLaunchKernel_validate */
  MT_EXPECT(hipErrorInvalidValue, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  p.kernelParams = nullptr; /* a packed buffer mockhip cannot read */
  MT_EXPECT(hipErrorNotSupported, hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  assert_null(node);
  size_t count = 1;
  MT_CHECK(hipGraphGetNodes(graph, nullptr, &count));
  assert_int_equal(count, 0);
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipFree(data));
}

/* ---- kernel node attributes ---- */

/* A kernel node of add_to in graph, adding 1. */
static hipGraphNode_t add_kernel_node(hipGraph_t graph, int **data) {
  static int amount = 1;
  hipLaunchKernelGGL(add_to, dim3(1), dim3(1), 0, 0, *data, 0);
  void *args[] = {data, &amount};
  hipKernelNodeParams p = {};
  p.func = reinterpret_cast<void *>(add_to);
  p.gridDim = dim3(1);
  p.blockDim = dim3(8);
  p.kernelParams = args;
  hipGraphNode_t node = nullptr;
  MT_CHECK(hipGraphAddKernelNode(&node, graph, nullptr, 0, &p));
  return node;
}

/* One attribute at a time, kept by new parameters, copies and clones (clr GraphKernelNode). */
static void test_kernel_node_attributes(void **state) {
  (void)state;
  int *data = device_ints();
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t a = add_kernel_node(graph, &data), b = add_kernel_node(graph, &data);
  hipKernelNodeAttrValue got = {};
  got.cooperative = 7;
  MT_CHECK(hipGraphKernelNodeGetAttribute(a, hipKernelNodeAttributeCooperative, &got));
  assert_int_equal(got.cooperative, 0); /* never set */
  hipKernelNodeAttrValue window = {};
  window.accessPolicyWindow.base_ptr = data;
  window.accessPolicyWindow.hitRatio = 0.5f;
  window.accessPolicyWindow.hitProp = hipAccessPropertyPersisting;
  window.accessPolicyWindow.missProp = hipAccessPropertyStreaming;
  MT_CHECK(hipGraphKernelNodeSetAttribute(a, hipKernelNodeAttributeAccessPolicyWindow, &window));
  /* new parameters keep it */
  hipKernelNodeParams params = {};
  MT_CHECK(hipGraphKernelNodeGetParams(a, &params));
  MT_CHECK(hipGraphKernelNodeSetParams(a, &params));
  memset(&got, 0, sizeof got);
  MT_CHECK(hipGraphKernelNodeGetAttribute(a, hipKernelNodeAttributeAccessPolicyWindow, &got));
  assert_ptr_equal(got.accessPolicyWindow.base_ptr, data);
  assert_true(got.accessPolicyWindow.hitRatio == 0.5f);
  assert_int_equal(got.accessPolicyWindow.hitProp, hipAccessPropertyPersisting);
  assert_int_equal(got.accessPolicyWindow.missProp, hipAccessPropertyStreaming);
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphKernelNodeGetAttribute(a, hipKernelNodeAttributeCooperative, &got));
  /* copied to a node with none; a node with another one is InvalidContext (CopyAttr) */
  MT_CHECK(hipGraphKernelNodeCopyAttributes(a, b));
  memset(&got, 0, sizeof got);
  MT_CHECK(hipGraphKernelNodeGetAttribute(b, hipKernelNodeAttributeAccessPolicyWindow, &got));
  assert_ptr_equal(got.accessPolicyWindow.base_ptr, data);
  hipGraphNode_t c = add_kernel_node(graph, &data);
  hipKernelNodeAttrValue cooperative = {};
  cooperative.cooperative = 1;
  MT_CHECK(hipGraphKernelNodeSetAttribute(c, hipKernelNodeAttributeCooperative, &cooperative));
  MT_EXPECT(hipErrorInvalidContext, hipGraphKernelNodeCopyAttributes(a, c));
  /* a clone's node keeps it; the node still runs */
  hipGraph_t clone;
  MT_CHECK(hipGraphClone(&clone, graph));
  hipGraphNode_t c_copy;
  MT_CHECK(hipGraphNodeFindInClone(&c_copy, c, clone));
  MT_CHECK(hipGraphKernelNodeGetAttribute(c_copy, hipKernelNodeAttributeCooperative, &got));
  assert_int_equal(got.cooperative, 1);
  hipGraphExec_t exec = instantiate(clone);
  MT_CHECK(hipGraphLaunch(exec, nullptr));
  MT_CHECK(hipStreamSynchronize(nullptr));
  assert_int_equal(read_back(data)[0], 3);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(clone));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipFree(data));
}

static void test_kernel_node_attributes_reject(void **state) {
  (void)state;
  int *data = device_ints();
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t node = add_kernel_node(graph, &data), empty;
  MT_CHECK(hipGraphAddEmptyNode(&empty, graph, nullptr, 0));
  hipKernelNodeAttrValue v = {};
  const hipKernelNodeAttrID window = hipKernelNodeAttributeAccessPolicyWindow;
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(nullptr, window, &v));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(node, window, nullptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(empty, window, &v));
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphKernelNodeSetAttribute(node, static_cast<hipKernelNodeAttrID>(3), &v));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeGetAttribute(node, window, nullptr));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeGetAttribute(empty, window, &v));
  v.accessPolicyWindow.hitRatio = 1.5f;
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(node, window, &v));
  v.accessPolicyWindow.hitRatio = 0.5f;
  v.accessPolicyWindow.missProp = hipAccessPropertyPersisting;
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(node, window, &v));
  v.accessPolicyWindow.missProp = hipAccessPropertyNormal;
  v.accessPolicyWindow.num_bytes = 1; /* past the device's largest window, 0 */
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(node, window, &v));
  v.accessPolicyWindow.hitRatio = 0;
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeSetAttribute(node, window, &v));
  /* clr's priority check takes none (below Low, 1, or above High, -1) */
  hipKernelNodeAttrValue priority = {};
  MT_EXPECT(hipErrorInvalidValue,
            hipGraphKernelNodeSetAttribute(node, hipKernelNodeAttributePriority, &priority));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeCopyAttributes(nullptr, node));
  MT_EXPECT(hipErrorInvalidValue, hipGraphKernelNodeCopyAttributes(node, empty));
  /* nothing was set */
  MT_CHECK(hipGraphKernelNodeGetAttribute(node, hipKernelNodeAttributeCooperative, &v));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipFree(data));
}

/* ---- hipGraphDebugDotPrint ---- */

/* The text of graph's DOT file printed with flags. */
static std::string dot_of(hipGraph_t graph, unsigned flags) {
  char path[64];
  snprintf(path, sizeof path, "/tmp/mockhip_kernel_dot_%d.dot", (int)getpid());
  MT_CHECK(hipGraphDebugDotPrint(graph, path, flags));
  std::string text;
  FILE *in = fopen(path, "r");
  assert_non_null(in);
  for (int c; (c = fgetc(in)) != EOF;)
    text.push_back((char)c);
  fclose(in);
  remove(path);
  return text;
}

/* A kernel node and a 3D copy's under each flag: the kernel's name and launch shape, records
   where the flag asks for the node's parameters (clr ihipGraphDebugDotPrint's layouts). */
static void test_dot_print_kernel_and_copy_nodes(void **state) {
  (void)state;
  int *data = device_ints();
  static int host_ints[COUNT];
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t kernel = add_kernel_node(graph, &data), copy, record;
  hipMemcpy3DParms p = {};
  p.srcPtr = make_hipPitchedPtr(data, COUNT * sizeof(int), COUNT, 1);
  p.dstPtr = make_hipPitchedPtr(host_ints, COUNT * sizeof(int), COUNT, 1);
  p.extent = make_hipExtent(COUNT * sizeof(int), 1, 1);
  p.kind = hipMemcpyDeviceToHost;
  MT_CHECK(hipGraphAddMemcpyNode(&copy, graph, &kernel, 1, &p));
  hipEvent_t event;
  MT_CHECK(hipEventCreate(&event));
  MT_CHECK(hipGraphAddEventRecordNode(&record, graph, &copy, 1, event));
  const unsigned flags[] = {0,
                            hipGraphDebugDotFlagsVerbose,
                            hipGraphDebugDotFlagsKernelNodeParams,
                            hipGraphDebugDotFlagsKernelNodeAttributes,
                            hipGraphDebugDotFlagsMemcpyNodeParams,
                            hipGraphDebugDotFlagsEventNodeParams,
                            hipGraphDebugDotFlagsHandles};
  for (unsigned f : flags) {
    std::string text = dot_of(graph, f);
    assert_int_equal(text.compare(0, 14, "digraph dot {\n"), 0);
    assert_true(text.find("add_to") != std::string::npos);
    assert_true(text.find("EVENT_RECORD") != std::string::npos);
    bool kernel_record =
        f == hipGraphDebugDotFlagsVerbose || f == hipGraphDebugDotFlagsKernelNodeParams;
    bool launch_shape = kernel_record || f == hipGraphDebugDotFlagsKernelNodeAttributes;
    assert_int_equal(text.find("(1,1,1),(8,1,1),0") != std::string::npos, launch_shape);
    assert_int_equal(text.find("KERNEL") != std::string::npos,
                     f == hipGraphDebugDotFlagsVerbose ||
                         f == hipGraphDebugDotFlagsKernelNodeAttributes);
    bool copy_record =
        f == hipGraphDebugDotFlagsVerbose || f == hipGraphDebugDotFlagsMemcpyNodeParams;
    assert_int_equal(text.find("{Width | 256}") != std::string::npos, copy_record);
    assert_true(text.find("DtoH") != std::string::npos);
    assert_int_equal(text.find("shape=\"octagon\"") != std::string::npos, !kernel_record);
  }
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipFree(data));
}

/* ---- faults ---- */

/* A kernel node that faults: the launch returns success, the device's error is sticky, and
   the node after it does not run. */
static void test_fault_in_a_graph_is_sticky(void **state) {
  (void)state;
  mt_mapping m, after_m; /* m: no access for anyone; after_m: read-write for device and host */
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_mapping_create(&after_m, mt_granularity(), mt_granularity());
  mt_grant(after_m.base, after_m.bytes, hipMemAccessFlagsProtReadWrite);
  memset(after_m.base, 0, after_m.bytes);
  int *data = device_ints();
  hipLaunchKernelGGL(poke, dim3(1), dim3(1), 0, 0, data, 0, 0);
  MT_CHECK(hipFree(data));
  int *target = static_cast<int *>(m.base);
  size_t index = 0;
  int value = 1;
  void *args[] = {&target, &index, &value};
  hipKernelNodeParams p = {};
  p.func = reinterpret_cast<void *>(poke);
  p.gridDim = dim3(1);
  p.blockDim = dim3(1);
  p.kernelParams = args;
  hipGraph_t graph;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipGraphNode_t kernel, after;
  MT_CHECK(hipGraphAddKernelNode(&kernel, graph, nullptr, 0, &p));
  hipMemsetParams set = {};
  set.dst = after_m.base;
  set.elementSize = 4;
  set.height = 1;
  set.value = 9;
  set.width = COUNT;
  MT_CHECK(hipGraphAddMemsetNode(&after, graph, &kernel, 1, &set));
  hipGraphExec_t exec = instantiate(graph);
  VALGRIND_DISABLE_ERROR_REPORTING;
  hipError_t launched = hipGraphLaunch(exec, nullptr);
  VALGRIND_ENABLE_ERROR_REPORTING;
  MT_CHECK(launched);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  /* launched from kernelParams, as hipLaunchKernel by address launches: named as the launch
     that taught its types named it */
  assert_non_null(strstr(mockhip_last_reason(), "kernel poke on device 0"));
  assert_int_equal(static_cast<int *>(after_m.base)[0], 0); /* the node after it did not run */
  MT_CHECK(hipDeviceReset()); /* ends the sticky error; the graph and the exec stay */
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
  mt_mapping_destroy(&after_m);
  mt_mapping_destroy(&m);
}

static int setup(void **state) {
  (void)state;
  mt_assert_clean();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  mt_assert_clean();
  return 0;
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main() {
  const struct CMUnitTest tests[] = {
      TEST(test_captured_launch_runs_at_each_graph_launch),
      TEST(test_copy_then_kernel),
      TEST(test_kernel_node_copies_its_arguments),
      TEST(test_kernel_node_rejects),
      TEST(test_kernel_node_attributes),
      TEST(test_kernel_node_attributes_reject),
      TEST(test_dot_print_kernel_and_copy_nodes),
      TEST(test_fault_in_a_graph_is_sticky),
  };
  return cmocka_run_group_tests_name("graph_kernels", tests, nullptr, nullptr);
}
