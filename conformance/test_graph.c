/*
 * test_graph.c: graphs: made by hand or by stream capture, instantiated and
 * launched. What each call refuses, with clr hip_graph.cpp's codes; copies
 * and sets captured or added by hand, and captured host functions, running
 * at each launch, in the order the dependencies give; the exec outliving its graph; the node lists
 * and types; and hip-tests' `_Capture` pattern (hip_test_common.hh BEGIN_CAPTURE / END_CAPTURE: a
 * VMM call inside a capture, then end, instantiate with no error node nor log, launch, destroy),
 * which every VMM file of hip-tests' virtualMemoryManagement runs. Sources: clr
 * hipamd/src/hip_graph.cpp, hip_graph_internal.cpp (TopologicalOrder, ScheduleNodes,
 * GraphExec::Run), hip_memory.cpp (ihipMemcpy_validate, ihipGraphMemsetParams_validate), and
 * hip-tests catch/unit/graph, catch/unit/virtualMemoryManagement.
 */
#include "backend.h"
#include "stream_fixture.h"

#include <string.h>

#define GRAPH_RULE STREAM_RULE

static hipGraphNode_t add_empty(hipGraph_t graph, const hipGraphNode_t *deps, size_t count) {
  hipGraphNode_t node = NULL;
  assert_hip(hipGraphAddEmptyNode(&node, graph, deps, count), hipSuccess);
  return node;
}

static hipGraphNodeType type_of(hipGraphNode_t node) {
  hipGraphNodeType type = hipGraphNodeTypeCount;
  assert_hip(hipGraphNodeGetType(node, &type), hipSuccess);
  return type;
}

static hipMemsetParams set_params(void *dst, unsigned value, unsigned element_bytes, size_t width) {
  hipMemsetParams p;
  memset(&p, 0, sizeof p);
  p.dst = dst;
  p.elementSize = element_bytes;
  p.height = 1;
  p.value = value;
  p.width = width;
  return p;
}

/* ---- negative ---- */

static void create_rejects(void **state) {
  (void)conf_begin(state);
  hipGraph_t graph = NULL;
  assert_hip(hipGraphCreate(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphCreate(&graph, 1), hipErrorInvalidValue);
}

/* GraphAddNodeCommonNegativeTests, for each kind of node the suite adds. */
static void add_node_rejects_null_arguments(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipGraph_t graph = sf_graph();
  void *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned char host[16] = {0};
  hipMemsetParams set = set_params(dev, 0, 1, 16);
  hipGraphNode_t node = NULL;
  assert_hip(hipGraphAddEmptyNode(NULL, graph, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphAddEmptyNode(&node, NULL, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphAddEmptyNode(&node, graph, NULL, 1), hipErrorInvalidValue);
  assert_hip(hipGraphAddMemcpyNode1D(NULL, graph, NULL, 0, dev, host, 16, hipMemcpyDefault),
             hipErrorInvalidValue);
  assert_hip(hipGraphAddMemcpyNode1D(&node, NULL, NULL, 0, dev, host, 16, hipMemcpyDefault),
             hipErrorInvalidValue);
  assert_hip(hipGraphAddMemcpyNode1D(&node, graph, NULL, 1, dev, host, 16, hipMemcpyDefault),
             hipErrorInvalidValue);
  assert_hip(hipGraphAddMemsetNode(NULL, graph, NULL, 0, &set), hipErrorInvalidValue);
  assert_hip(hipGraphAddMemsetNode(&node, NULL, NULL, 0, &set), hipErrorInvalidValue);
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 1, &set), hipErrorInvalidValue);
}

/* ihipGraphAddNode: each dependency a node of this graph, none twice. */
static void add_node_rejects_foreign_or_repeated_dependency(void **state) {
  (void)conf_begin(state);
  hipGraph_t graph = sf_graph(), other = sf_graph();
  hipGraphNode_t foreign = add_empty(other, NULL, 0), mine = add_empty(graph, NULL, 0);
  hipGraphNode_t twice[2] = {mine, mine}, node = NULL;
  assert_hip(hipGraphAddEmptyNode(&node, graph, &foreign, 1), hipErrorInvalidValue);
  assert_hip(hipGraphAddEmptyNode(&node, graph, twice, 2), hipErrorInvalidValue);
}

static void memcpy_node_rejects(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipGraph_t graph = sf_graph();
  int src[2] = {0, 0}, dst[2] = {0, 0};
  int *small = conf_malloc(ctx, sizeof(int));
  hipGraphNode_t node = NULL;
  assert_hip(
      hipGraphAddMemcpyNode1D(&node, graph, NULL, 0, NULL, src, sizeof src, hipMemcpyDefault),
      hipErrorInvalidValue);
  assert_hip(
      hipGraphAddMemcpyNode1D(&node, graph, NULL, 0, dst, NULL, sizeof dst, hipMemcpyDefault),
      hipErrorInvalidValue);
  assert_hip(hipGraphAddMemcpyNode1D(&node, graph, NULL, 0, dst, src, sizeof dst, (hipMemcpyKind)7),
             hipErrorInvalidMemcpyDirection);
  assert_hip(
      hipGraphAddMemcpyNode1D(&node, graph, NULL, 0, small, src, sizeof src, hipMemcpyDefault),
      hipErrorInvalidValue);
  assert_hip(
      hipGraphAddMemcpyNode1D(&node, graph, NULL, 0, dst, small, sizeof dst, hipMemcpyDefault),
      hipErrorInvalidValue);
}

static void memset_node_rejects(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipGraph_t graph = sf_graph();
  void *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  hipGraphNode_t node = NULL;
  hipMemsetParams p = set_params(dev, 0, 1, 16);
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, NULL), hipErrorInvalidValue);
  p.dst = NULL;
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipErrorInvalidValue);
  p = set_params(dev, 0, 3, 16); /* elementSize 1, 2 or 4 */
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipErrorInvalidValue);
  p = set_params(dev, 0, 1, 0);
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipErrorInvalidValue);
  p = set_params(dev, 0, 1, 16);
  p.height = 0;
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipErrorInvalidValue);
  p = set_params(dev, 0, 1, 16);
  p.height = 2;
  p.pitch = 8; /* less than a row */
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipErrorInvalidValue);
}

static void queries_reject(void **state) {
  (void)conf_begin(state);
  hipGraph_t graph = sf_graph();
  hipGraphNode_t node = add_empty(graph, NULL, 0), list[2];
  hipGraphNodeType type;
  size_t count = 2;
  assert_hip(hipGraphGetNodes(NULL, list, &count), hipErrorInvalidValue);
  assert_hip(hipGraphGetNodes(graph, list, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphGetRootNodes(NULL, list, &count), hipErrorInvalidValue);
  assert_hip(hipGraphGetRootNodes(graph, list, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphNodeGetType(NULL, &type), hipErrorInvalidValue);
  assert_hip(hipGraphNodeGetType(node, NULL), hipErrorInvalidValue);
  hipGraphNode_t same[1] = {node};
  assert_hip(hipGraphAddDependencies(NULL, same, same, 1), hipErrorInvalidValue);
  assert_hip(hipGraphAddDependencies(graph, same, same, 1), hipErrorInvalidValue);
}

static void instantiate_rejects(void **state) {
  (void)conf_begin(state);
  hipGraph_t graph = sf_graph();
  hipGraphExec_t exec = NULL;
  assert_hip(hipGraphInstantiate(NULL, graph, NULL, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphInstantiate(&exec, NULL, NULL, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphInstantiateWithFlags(NULL, graph, 0), hipErrorInvalidValue);
  assert_hip(hipGraphInstantiateWithFlags(&exec, NULL, 0), hipErrorInvalidValue);
}

/* Graph::ScheduleNodes finds no topological order. */
static void cyclic_graph_is_not_instantiated(void **state) {
  (void)conf_begin(state);
  hipGraph_t graph = sf_graph();
  hipGraphNode_t a = add_empty(graph, NULL, 0), b = add_empty(graph, NULL, 0);
  assert_hip(hipGraphAddDependencies(graph, &a, &b, 1), hipSuccess);
  assert_hip(hipGraphAddDependencies(graph, &b, &a, 1), hipSuccess);
  hipGraphExec_t exec = NULL;
  assert_hip(hipGraphInstantiate(&exec, graph, NULL, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGraphInstantiateWithFlags(&exec, graph, 0), hipErrorInvalidValue);
}

static void launch_rejects(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipGraphLaunch(NULL, stream), hipErrorInvalidValue);
  assert_hip(hipGraphLaunch(NULL, hipStreamPerThread), hipErrorInvalidValue);
  hipGraphExec_t exec = sf_exec(sf_graph());
  assert_hip(hipGraphLaunch(exec, hipStreamPerThread), hipSuccess);
  sf_exec_destroy(exec);
  assert_hip(hipGraphLaunch(exec, hipStreamPerThread), hipErrorInvalidValue);
  assert_hip(hipGraphExecDestroy(NULL), hipErrorInvalidValue);
}

/* ---- functional ---- */

/* Nodes added in the reverse of the order they must run: the edges decide. */
static void hand_built_graph_runs_in_dependency_order(void **state) {
  conf_ctx *ctx = conf_begin(state);
  unsigned char *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned char in[64], out[64];
  memset(in, 0x5a, sizeof in);
  memset(out, 0, sizeof out);
  hipGraph_t graph = sf_graph();
  hipGraphNode_t back, set, copy_in;
  hipMemsetParams p = set_params(dev + 16, 0x01020304, 4, 4);
  assert_hip(hipGraphAddMemcpyNode1D(&back, graph, NULL, 0, out, dev, 64, hipMemcpyDeviceToHost),
             hipSuccess);
  assert_hip(hipGraphAddMemsetNode(&set, graph, NULL, 0, &p), hipSuccess);
  assert_hip(hipGraphAddMemcpyNode1D(&copy_in, graph, NULL, 0, dev, in, 64, hipMemcpyHostToDevice),
             hipSuccess);
  assert_hip(hipGraphAddDependencies(graph, &copy_in, &set, 1), hipSuccess);
  assert_hip(hipGraphAddDependencies(graph, &set, &back, 1), hipSuccess);
  hipGraphNode_t nodes[3];
  size_t count = 3;
  assert_hip(hipGraphGetNodes(graph, nodes, &count), hipSuccess);
  assert_int_equal(count, 3);
  assert_int_equal(type_of(nodes[0]), hipGraphNodeTypeMemcpy);
  assert_int_equal(type_of(set), hipGraphNodeTypeMemset);
  count = 3;
  assert_hip(hipGraphGetRootNodes(graph, nodes, &count), hipSuccess);
  assert_int_equal(count, 1);
  assert_ptr_equal(nodes[0], copy_in);
  hipStream_t stream = conf_stream(ctx);
  hipGraphExec_t exec = sf_exec(graph);
  for (int round = 0; round < 2; round++) {
    memset(in, 0x40 + round, sizeof in);
    assert_hip(hipGraphLaunch(exec, stream), hipSuccess);
    assert_hip(hipStreamSynchronize(stream), hipSuccess);
    unsigned word;
    memcpy(&word, out + 16, sizeof word);
    if (out[0] != 0x40 + round || out[63] != 0x40 + round || word != 0x01020304)
      conf_fail("launch %d read back %#x .. %#x and word %#x", round, out[0], out[63], word);
  }
}

/* Unit_hipGraphLaunch_Positive destroys the graph before it launches the exec. */
static void exec_outlives_its_graph(void **state) {
  conf_ctx *ctx = conf_begin(state);
  unsigned char *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  hipGraph_t graph = NULL;
  assert_hip(hipGraphCreate(&graph, 0), hipSuccess);
  hipGraphNode_t node;
  hipMemsetParams p = set_params(dev, 0x33, 1, 8);
  assert_hip(hipGraphAddMemsetNode(&node, graph, NULL, 0, &p), hipSuccess);
  hipGraphExec_t exec = sf_exec(graph);
  assert_hip(hipGraphDestroy(graph), hipSuccess);
  assert_hip(hipGraphLaunch(exec, hipStreamPerThread), hipSuccess);
  assert_hip(hipStreamSynchronize(hipStreamPerThread), hipSuccess);
  unsigned char back[8] = {0};
  assert_hip(hipMemcpy(back, dev, sizeof back, hipMemcpyDeviceToHost), hipSuccess);
  assert_int_equal(back[7], 0x33);
}

/* Captured copies and sets become nodes that run at each launch, in capture order. */
static void captured_work_runs_at_each_launch(void **state) {
  conf_ctx *ctx = conf_begin(state);
  unsigned char *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  hipStream_t stream = conf_stream(ctx);
  unsigned char in[32], out[32];
  memset(out, 0, sizeof out);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipMemcpyAsync(dev, in, sizeof in, hipMemcpyHostToDevice, stream), hipSuccess);
  assert_hip(hipMemsetAsync(dev + 8, 0x7e, 4, stream), hipSuccess);
  assert_hip(hipMemcpyAsync(out, dev, sizeof out, hipMemcpyDeviceToHost, stream), hipSuccess);
  hipGraph_t graph = sf_captured(stream);
  assert_int_equal(out[0], 0); /* captured, not run */
  hipGraphNode_t nodes[3];
  size_t count = 3;
  assert_hip(hipGraphGetNodes(graph, nodes, &count), hipSuccess);
  assert_int_equal(count, 3);
  assert_int_equal(type_of(nodes[1]), hipGraphNodeTypeMemset);
  hipGraphExec_t exec = sf_exec(graph);
  for (int round = 0; round < 2; round++) {
    memset(in, 0x10 + round, sizeof in);
    assert_hip(hipGraphLaunch(exec, stream), hipSuccess);
    assert_hip(hipStreamSynchronize(stream), hipSuccess);
    if (out[0] != 0x10 + round || out[8] != 0x7e || out[31] != 0x10 + round)
      conf_fail("launch %d read back %#x, %#x, %#x", round, out[0], out[8], out[31]);
  }
}

/* ROCm 5.2's header declares hipLaunchHostFunc, but its libamdhip64 does not export it
   (hip-tests' hipLaunchHostFunc.cc asks HIP_VERSION >= 5.3). */
#if HIP_VERSION_MAJOR > 5 || (HIP_VERSION_MAJOR == 5 && HIP_VERSION_MINOR >= 3)
typedef struct host_copy {
  const unsigned char *from;
  unsigned char *to;
  int runs;
} host_copy;

static void copy_on_host(void *data) {
  host_copy *c = data;
  memcpy(c->to, c->from, 16);
  c->runs++;
}

/* hipLaunchHostFunc on a capturing stream leaves a host node that runs at each launch, after
   the copies before it. */
static void captured_host_function_runs_at_each_launch(void **state) {
  conf_ctx *ctx = conf_begin(state);
  unsigned char *dev = conf_vmm(ctx, ctx->size_mem, NULL);
  hipStream_t stream = conf_stream(ctx);
  unsigned char in[16], mid[16], out[16];
  memset(mid, 0, sizeof mid);
  memset(out, 0, sizeof out);
  host_copy c = {mid, out, 0};
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipMemcpyAsync(dev, in, sizeof in, hipMemcpyHostToDevice, stream), hipSuccess);
  assert_hip(hipMemcpyAsync(mid, dev, sizeof mid, hipMemcpyDeviceToHost, stream), hipSuccess);
  hipError_t err = hipLaunchHostFunc(stream, copy_on_host, &c);
  hipGraph_t graph = sf_captured(stream);
  if (err == hipErrorNotSupported)
    conf_skip("%s does not translate hipLaunchHostFunc: %s", conf_backend_name(),
              conf_backend_last_reason());
  assert_hip(err, hipSuccess);
  assert_int_equal(c.runs, 0); /* captured, not run */
  hipGraphNode_t nodes[3];
  size_t count = 3;
  assert_hip(hipGraphGetNodes(graph, nodes, &count), hipSuccess);
  assert_int_equal(count, 3);
  assert_int_equal(type_of(nodes[2]), hipGraphNodeTypeHost);
  hipGraphExec_t exec = sf_exec(graph);
  for (int round = 0; round < 3; round++) {
    memset(in, 0x40 + round, sizeof in);
    assert_hip(hipGraphLaunch(exec, stream), hipSuccess);
    assert_hip(hipStreamSynchronize(stream), hipSuccess);
    if (c.runs != round + 1 || out[0] != 0x40 + round || out[15] != 0x40 + round)
      conf_fail("launch %d: the host function ran %d times and copied %#x, %#x", round, c.runs,
                out[0], out[15]);
  }
}
#else
static void captured_host_function_runs_at_each_launch(void **state) {
  (void)conf_begin(state);
  conf_skip("HIP %d.%d's library does not export hipLaunchHostFunc (ROCm 5.3 does)",
            HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}
#endif

/* hip_test_common.hh END_CAPTURE after each VMM call of hip-tests' _Capture cases: the capture
   holds no node, and its graph instantiates, launches and goes in every mode. */
static void vmm_capture_pattern_launches(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  size_t bytes = ctx->granularity;
  for (int i = 0; i < 3; i++) {
    hipMemAllocationProp prop = conf_prop(0);
    hipMemAllocationProp got;
    size_t granularity = 0;
    void *ptr = NULL;
    hipMemGenericAllocationHandle_t handle = NULL;
    unsigned long long flags = 0;
    hipMemAccessDesc rw = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
    hipMemLocation device0 = conf_device_location(0);
    assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
    assert_hip(
        hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum),
        hipSuccess);
    assert_hip(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0), hipSuccess);
    assert_hip(hipMemCreate(&handle, bytes, &prop, 0), hipSuccess);
    assert_hip(hipMemGetAllocationPropertiesFromHandle(&got, handle), hipSuccess);
    assert_hip(hipMemMap(ptr, bytes, 0, handle, 0), hipSuccess);
    assert_hip(hipMemSetAccess(ptr, bytes, &rw, 1), hipSuccess);
    assert_hip(hipMemGetAccess(&flags, &device0, ptr), hipSuccess);
    assert_hip(hipMemUnmap(ptr, bytes), hipSuccess);
    assert_hip(hipMemRelease(handle), hipSuccess);
    assert_hip(hipMemAddressFree(ptr, bytes), hipSuccess);
    hipGraph_t graph = sf_captured(stream);
    size_t count = 1;
    assert_hip(hipGraphGetNodes(graph, NULL, &count), hipSuccess);
    assert_int_equal(count, 0);
    hipGraphExec_t exec = sf_exec(graph);
    assert_hip(hipGraphLaunch(exec, stream), hipSuccess);
    sf_exec_destroy(exec);
    assert_hip(hipGraphDestroy(graph), hipSuccess);
  }
}

static const conf_rule negative_rules[] = {
    GRAPH_RULE(create_rejects, "clr hipGraphCreate; Unit_hipGraphCreate_Negative_Parameters"),
    GRAPH_RULE(add_node_rejects_null_arguments,
               "clr hipGraphAddEmptyNode, hipGraphAddMemcpyNode1D, hipGraphAddMemsetNode; "
               "graph_tests_common.hh GraphAddNodeCommonNegativeTests"),
    GRAPH_RULE(add_node_rejects_foreign_or_repeated_dependency,
               "clr ihipGraphAddNode; GraphAddNodeCommonNegativeTests (node from a different "
               "graph, duplicate node: HT_NVIDIA, EXSWHTEC-201/202)"),
    GRAPH_RULE(memcpy_node_rejects, "clr ihipGraphAddMemcpyNode1D, ihipMemcpy_validate; "
                                    "Unit_hipGraphAddMemcpyNode1D_Negative_Parameters"),
    GRAPH_RULE(memset_node_rejects, "clr ihipGraphAddMemsetNode, ihipGraphMemsetParams_validate; "
                                    "Unit_hipGraphAddMemsetNode_Negative_Parameters"),
    GRAPH_RULE(queries_reject,
               "clr hipGraphGetNodes, hipGraphGetRootNodes, hipGraphNodeGetType, "
               "hipGraphAddDependencies; Unit_hipGraphGetNodes_Negative_Parameters, "
               "Unit_hipGraphNodeGetType_Negative"),
    GRAPH_RULE(instantiate_rejects, "clr hipGraphInstantiate, hipGraphInstantiateWithFlags; "
                                    "Unit_hipGraphInstantiate_Negative"),
    GRAPH_RULE(cyclic_graph_is_not_instantiated,
               "clr Graph::ScheduleNodes (TopologicalOrder); "
               "Unit_hipGraphInstantiate_InvalidCyclicGraph (HT_NVIDIA)"),
    GRAPH_RULE(launch_rejects, "clr hipGraphLaunch_common (isGraphExecValid), hipGraphExecDestroy; "
                               "Unit_hipGraphLaunch_Negative_Parameters"),
};

static const conf_rule functional_rules[] = {
    GRAPH_RULE(hand_built_graph_runs_in_dependency_order,
               "clr Graph::TopologicalOrder, GraphExec::Run; "
               "Unit_hipGraphInstantiate_functionalScenarios"),
    GRAPH_RULE(exec_outlives_its_graph,
               "clr ihipGraphInstantiate (graph->clone); Unit_hipGraphLaunch_Positive"),
    GRAPH_RULE(captured_work_runs_at_each_launch, "clr capturehipMemcpy, capturehipMemsetAsync; "
                                                  "Unit_hipStreamBeginCapture_BasicFunctional"),
    GRAPH_RULE(captured_host_function_runs_at_each_launch,
               "clr capturehipLaunchHostFunc, GraphHostNode; "
               "Unit_hipLaunchHostFunc_Positive_Functional"),
    GRAPH_RULE(vmm_capture_pattern_launches,
               "hip_test_common.hh BEGIN_CAPTURE/END_CAPTURE; Unit_hipMemMap_Capture, "
               "Unit_hipMemUnmap_Capture, Unit_hipMemRelease_Capture, "
               "Unit_hipMemAddressReserve_Capture, Unit_hipMemAddressFree_Capture, "
               "Unit_hipMemGetAllocationGranularity_Capture, "
               "Unit_hipMemGetAllocationPropertiesFromHandle_Capture, "
               "Unit_hipMemSetGetAccess_StreamCaptureBehavior"),
};

const conf_group conf_group_graph_negative = CONF_GROUP("graph_negative", negative_rules);
const conf_group conf_group_graph = CONF_GROUP("graph", functional_rules);
