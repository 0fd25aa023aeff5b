/*
 * test_stream.c: streams, events and stream capture: each call its driver
 * call, handles and out-values passed through, NULL handles refused as the
 * runtimes refuse them, ROCm's event scopes checked and dropped.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>

#define STREAM ((hipStream_t)(uintptr_t)0x5100)
#define EVENT ((hipEvent_t)(uintptr_t)0xe100)
#define GRAPH ((hipGraph_t)(uintptr_t)0x6200)

static void streams_are_created_by_the_driver(void **state) {
  (void)state;
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreate(&stream), hipSuccess);
  assert_ptr_equal(stream, STREAM);
  assert_logged("cuStreamCreate", "cuStreamCreate(&,0)");
  assert_hip(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), hipSuccess);
  assert_logged("cuStreamCreate", "cuStreamCreate(&,1)");
  assert_hip(hipStreamCreateWithPriority(&stream, hipStreamDefault, -3), hipSuccess);
  assert_logged("cuStreamCreateWithPriority", "cuStreamCreateWithPriority(&,0,-3)");
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_logged("cuStreamDestroy_v2", "cuStreamDestroy_v2(0x5100)");
  stream = NULL;
  fake_cuda_fail_next("cuStreamCreate", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipStreamCreate(&stream), hipErrorOutOfMemory);
  assert_null(stream);
}

static void stream_queries_are_the_drivers(void **state) {
  (void)state;
  unsigned int flags = 0;
  int priority = 0;
  assert_hip(hipStreamSynchronize(STREAM), hipSuccess);
  assert_logged("cuStreamSynchronize", "cuStreamSynchronize(0x5100)");
  /* The special streams pass as they are: CUDA has the same values. */
  assert_hip(hipStreamQuery(hipStreamPerThread), hipSuccess);
  assert_logged("cuStreamQuery", "cuStreamQuery(0x2)");
  assert_hip(hipStreamSynchronize(hipStreamLegacy), hipSuccess);
  assert_logged("cuStreamSynchronize", "cuStreamSynchronize(0x1)");
  assert_hip(hipStreamWaitEvent(STREAM, EVENT, 0), hipSuccess);
  assert_logged("cuStreamWaitEvent", "cuStreamWaitEvent(0x5100,0xe100,0)");
  fake_cuda_set(FAKE_STREAM_FLAGS, 1);
  assert_hip(hipStreamGetFlags(STREAM, &flags), hipSuccess);
  assert_int_equal(flags, 1);
  assert_logged("cuStreamGetFlags", "cuStreamGetFlags(0x5100,&)");
  fake_cuda_set(FAKE_STREAM_PRIORITY, (unsigned long long)-4);
  assert_hip(hipStreamGetPriority(STREAM, &priority), hipSuccess);
  assert_int_equal(priority, -4);
  assert_logged("cuStreamGetPriority", "cuStreamGetPriority(0x5100,&)");
}

/* The stream's context, made current for the question and popped again. */
static void stream_device_is_its_contexts(void **state) {
  (void)state;
  hipDevice_t device = -1;
  fake_cuda_set(FAKE_STREAM_CTX, 0xc0003);
  assert_hip(hipStreamGetDevice(STREAM, &device), hipSuccess);
  assert_int_equal(device, 3);
  assert_string_equal(fake_cuda_log_text(), "cuCtxGetCurrent(&)\n"
                                            "cuStreamGetCtx(0x5100,&)\n"
                                            "cuCtxPushCurrent_v2(0xc0003)\n"
                                            "cuCtxGetDevice(&)\n"
                                            "cuCtxPopCurrent_v2(&)\n");
  hipCtx_t current = NULL;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* ROCm deprecates it; HIP has it */
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
#pragma GCC diagnostic pop
  assert_ptr_equal(current, (hipCtx_t)FAKE_CUDA_PRIMARY(0));
  fake_cuda_fail_next("cuStreamGetCtx", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipStreamGetDevice(STREAM, &device), hipErrorInvalidHandle);
}

static void stream_negative(void **state) {
  (void)state;
  assert_hip(hipStreamCreate(NULL), hipErrorInvalidValue);
  assert_hip(hipStreamCreateWithFlags(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipStreamCreateWithPriority(NULL, 0, 0), hipErrorInvalidValue);
  assert_hip(hipStreamDestroy(NULL), hipErrorInvalidHandle);
  assert_hip(hipStreamWaitEvent(STREAM, NULL, 0), hipErrorInvalidHandle);
  assert_hip(hipStreamGetFlags(STREAM, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetPriority(STREAM, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetDevice(STREAM, NULL), hipErrorInvalidValue);
  assert_no_driver_call();
  fake_cuda_fail_next("cuStreamQuery", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipStreamQuery((hipStream_t)(uintptr_t)0xffff), hipErrorInvalidHandle);
}

/* ---- events ---- */

static void events_pass_cuda_flags_and_drop_rocm_scopes(void **state) {
  (void)state;
  const unsigned int flags[][2] = {
      {hipEventDefault, 0x0},
      {hipEventBlockingSync, 0x1},
      {hipEventDisableTiming | hipEventInterprocess, 0x6},
      {hipEventReleaseToDevice, 0x0},
      {hipEventReleaseToSystem | hipEventDisableTiming, 0x2},
      {hipEventDisableSystemFence, 0x0},
      /* Not HIP's: the driver decides. */
      {0x100, 0x100},
  };
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    hipEvent_t event = NULL;
    char expected[48];
    assert_hip(hipEventCreateWithFlags(&event, flags[i][0]), hipSuccess);
    assert_ptr_equal(event, EVENT);
    snprintf(expected, sizeof expected, "cuEventCreate(&,0x%x)", flags[i][1]);
    assert_logged("cuEventCreate", expected);
  }
  hipEvent_t event = NULL;
  assert_hip(hipEventCreate(&event), hipSuccess);
  assert_logged("cuEventCreate", "cuEventCreate(&,0x0)");
}

static void event_scopes_are_one_at_most(void **state) {
  (void)state;
  hipEvent_t event = NULL;
  assert_hip(hipEventCreateWithFlags(&event, hipEventReleaseToDevice | hipEventReleaseToSystem),
             hipErrorInvalidValue);
  assert_hip(hipEventCreateWithFlags(&event, hipEventReleaseToSystem | hipEventDisableSystemFence),
             hipErrorInvalidValue);
  assert_null(event);
  assert_no_driver_call();
  fake_cuda_fail_next("cuEventCreate", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipEventCreateWithFlags(&event, 0x100), hipErrorInvalidValue);
}

static void event_calls_are_the_drivers(void **state) {
  (void)state;
  float ms = 0;
  assert_hip(hipEventRecord(EVENT, STREAM), hipSuccess);
  assert_logged("cuEventRecord", "cuEventRecord(0xe100,0x5100)");
  assert_hip(hipEventRecord(EVENT, NULL), hipSuccess);
  assert_logged("cuEventRecord", "cuEventRecord(0xe100,0x0)");
  assert_hip(hipEventQuery(EVENT), hipSuccess);
  assert_logged("cuEventQuery", "cuEventQuery(0xe100)");
  assert_hip(hipEventSynchronize(EVENT), hipSuccess);
  assert_logged("cuEventSynchronize", "cuEventSynchronize(0xe100)");
  fake_cuda_set(FAKE_ELAPSED_US, 2500);
  assert_hip(hipEventElapsedTime(&ms, EVENT, (hipEvent_t)(uintptr_t)0xe200), hipSuccess);
  assert_true(ms > 2.4999f && ms < 2.5001f);
  assert_logged("cuEventElapsedTime", "cuEventElapsedTime(&,0xe100,0xe200)");
  assert_hip(hipEventDestroy(EVENT), hipSuccess);
  assert_logged("cuEventDestroy_v2", "cuEventDestroy_v2(0xe100)");
  fake_cuda_fail_next("cuEventElapsedTime", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipEventElapsedTime(&ms, EVENT, EVENT), hipErrorInvalidHandle);
}

static void event_negative(void **state) {
  (void)state;
  float ms = 0;
  assert_hip(hipEventCreate(NULL), hipErrorInvalidValue);
  assert_hip(hipEventCreateWithFlags(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipEventRecord(NULL, NULL), hipErrorInvalidHandle);
  assert_hip(hipEventQuery(NULL), hipErrorInvalidHandle);
  assert_hip(hipEventSynchronize(NULL), hipErrorInvalidHandle);
  assert_hip(hipEventDestroy(NULL), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(NULL, EVENT, EVENT), hipErrorInvalidValue);
  assert_hip(hipEventElapsedTime(&ms, NULL, EVENT), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(&ms, EVENT, NULL), hipErrorInvalidHandle);
  assert_no_driver_call();
}

/* ---- capture ---- */

static void capture_calls_are_the_drivers(void **state) {
  (void)state;
  hipGraph_t graph = NULL;
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  unsigned long long id = 0;
  assert_hip(hipStreamBeginCapture(STREAM, hipStreamCaptureModeRelaxed), hipSuccess);
  assert_logged("cuStreamBeginCapture_v2", "cuStreamBeginCapture_v2(0x5100,2)");
  fake_cuda_set(FAKE_CAPTURE_STATUS, 1);
  assert_hip(hipStreamIsCapturing(STREAM, &status), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_logged("cuStreamIsCapturing", "cuStreamIsCapturing(0x5100,&)");
  fake_cuda_set(FAKE_CAPTURE_STATUS, 2);
  fake_cuda_set(FAKE_CAPTURE_ID, 77);
  assert_hip(hipStreamGetCaptureInfo(STREAM, &status, &id), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusInvalidated);
  assert_int_equal(id, 77);
  assert_logged("cuStreamGetCaptureInfo_v2",
                "cuStreamGetCaptureInfo_v2(0x5100,&,&,NULL,NULL,NULL)");
  assert_hip(hipStreamGetCaptureInfo(STREAM, &status, NULL), hipSuccess);
  fake_cuda_set(FAKE_GRAPH, 0x6200);
  assert_hip(hipStreamEndCapture(STREAM, &graph), hipSuccess);
  assert_ptr_equal(graph, (hipGraph_t)(uintptr_t)0x6200);
  assert_logged("cuStreamEndCapture", "cuStreamEndCapture(0x5100,&)");
  assert_hip(hipGraphDestroy(graph), hipSuccess);
  assert_logged("cuGraphDestroy", "cuGraphDestroy(0x6200)");
  fake_cuda_fail_next("cuStreamBeginCapture_v2", CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  assert_hip(hipStreamBeginCapture(NULL, hipStreamCaptureModeGlobal),
             hipErrorStreamCaptureUnsupported);
}

static void capture_mode_is_exchanged(void **state) {
  (void)state;
  hipStreamCaptureMode mode = hipStreamCaptureModeThreadLocal;
  fake_cuda_set(FAKE_CAPTURE_MODE, 0);
  assert_hip(hipThreadExchangeStreamCaptureMode(&mode), hipSuccess);
  assert_int_equal(mode, hipStreamCaptureModeGlobal);
  assert_logged("cuThreadExchangeStreamCaptureMode", "cuThreadExchangeStreamCaptureMode(&=1)");
  /* No device work: no context is needed. */
  assert_not_called("cuCtxGetCurrent");
}

static void capture_negative(void **state) {
  (void)state;
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  assert_hip(hipStreamEndCapture(STREAM, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamIsCapturing(STREAM, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetCaptureInfo(STREAM, NULL, NULL), hipErrorInvalidValue);
  assert_hip(hipThreadExchangeStreamCaptureMode(NULL), hipErrorInvalidValue);
  assert_hip(hipGraphDestroy(NULL), hipErrorInvalidValue);
  assert_no_driver_call();
  fake_cuda_fail_next("cuStreamIsCapturing", CUDA_ERROR_STREAM_CAPTURE_IMPLICIT);
  assert_hip(hipStreamIsCapturing(NULL, &status), hipErrorStreamCaptureImplicit);
}

/* ---- graphs ---- */

static void graph_calls_are_the_drivers(void **state) {
  (void)state;
  hipGraph_t graph = NULL;
  hipGraphNode_t empty = NULL, copy = NULL, set = NULL, nodes[3] = {NULL, NULL, NULL};
  hipGraphExec_t exec = NULL;
  hipGraphNodeType type = hipGraphNodeTypeCount;
  size_t count = 3;
  fake_cuda_set(FAKE_GRAPH, 0x6200);
  assert_hip(hipGraphCreate(&graph, 0), hipSuccess);
  assert_ptr_equal(graph, (hipGraph_t)(uintptr_t)0x6200);
  assert_logged("cuGraphCreate", "cuGraphCreate(&,0)");
  assert_hip(hipGraphAddEmptyNode(&empty, graph, NULL, 0), hipSuccess);
  assert_ptr_equal(empty, (hipGraphNode_t)(uintptr_t)0x6300);
  assert_logged("cuGraphAddEmptyNode", "cuGraphAddEmptyNode(&,0x6200,NULL,0)");
  /* A 1D copy is one unified-address row of the driver's 3D copy, in the thread's context. */
  assert_hip(hipGraphAddMemcpyNode1D(&copy, graph, &empty, 1, (void *)(uintptr_t)0x7000,
                                     (const void *)(uintptr_t)0x8000, 64, hipMemcpyDefault),
             hipSuccess);
  assert_logged("cuGraphAddMemcpyNode", "cuGraphAddMemcpyNode(&,0x6200,&,1,{src=4:0x8000,"
                                        "dst=4:0x7000,width=64,height=1,depth=1},0xc0000)");
  hipMemsetParams params = {
      .dst = (void *)(uintptr_t)0x7000, .elementSize = 4, .height = 1, .value = 0x2a, .width = 16};
  assert_hip(hipGraphAddMemsetNode(&set, graph, &copy, 1, &params), hipSuccess);
  assert_logged("cuGraphAddMemsetNode",
                "cuGraphAddMemsetNode(&,0x6200,&,1,{dst=0x7000,pitch=0,value=0x2a,elementSize=4,"
                "width=16,height=1},0xc0000)");
  assert_hip(hipGraphAddDependencies(graph, &empty, &set, 1), hipSuccess);
  assert_logged("cuGraphAddDependencies", "cuGraphAddDependencies(0x6200,&,&,1)");
  assert_hip(hipGraphGetNodes(graph, nodes, &count), hipSuccess);
  assert_int_equal(count, 2);
  assert_ptr_equal(nodes[1], (hipGraphNode_t)(uintptr_t)0x6301);
  assert_hip(hipGraphGetRootNodes(graph, NULL, &count), hipSuccess);
  assert_logged("cuGraphGetRootNodes", "cuGraphGetRootNodes(0x6200,NULL,&)");
  fake_cuda_set(FAKE_GRAPH_NODE_TYPE, 2);
  assert_hip(hipGraphNodeGetType(set, &type), hipSuccess);
  assert_int_equal(type, hipGraphNodeTypeMemset);
  fake_cuda_set(FAKE_GRAPH_NODE_TYPE, 12);
  assert_hip(hipGraphNodeGetType(set, &type), hipSuccess);
  assert_int_equal(type, hipGraphNodeTypeBatchMemOp);
  assert_hip(hipGraphInstantiate(&exec, graph, NULL, NULL, 0), hipSuccess);
  assert_ptr_equal(exec, (hipGraphExec_t)(uintptr_t)0x6400);
  assert_logged("cuGraphInstantiateWithFlags", "cuGraphInstantiateWithFlags(&,0x6200,0)");
  assert_hip(hipGraphInstantiateWithFlags(&exec, graph, hipGraphInstantiateFlagAutoFreeOnLaunch),
             hipSuccess);
  assert_logged("cuGraphInstantiateWithFlags", "cuGraphInstantiateWithFlags(&,0x6200,1)");
  assert_hip(hipGraphLaunch(exec, STREAM), hipSuccess);
  assert_logged("cuGraphLaunch", "cuGraphLaunch(0x6400,0x5100)");
  assert_hip(hipGraphExecDestroy(exec), hipSuccess);
  assert_logged("cuGraphExecDestroy", "cuGraphExecDestroy(0x6400)");
  fake_cuda_fail_next("cuGraphLaunch", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGraphLaunch(exec, STREAM), hipErrorInvalidValue);
}

static void graph_negative(void **state) {
  (void)state;
  hipGraphNode_t node = NULL;
  hipGraphNodeType type = hipGraphNodeTypeCount;
  hipKernelNodeParams params = {0};
  assert_hip(hipGraphAddMemcpyNode1D(&node, GRAPH, NULL, 0, &node, &type, 8, (hipMemcpyKind)7),
             hipErrorInvalidMemcpyDirection);
  assert_hip(hipGraphAddMemsetNode(&node, GRAPH, NULL, 0, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphNodeGetType(node, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidDeviceFunction);
  assert_no_driver_call();
}

int hn_area_stream(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(streams_are_created_by_the_driver),
      HN_TEST(stream_queries_are_the_drivers),
      HN_TEST(stream_device_is_its_contexts),
      HN_TEST(stream_negative),
      HN_TEST(events_pass_cuda_flags_and_drop_rocm_scopes),
      HN_TEST(event_scopes_are_one_at_most),
      HN_TEST(event_calls_are_the_drivers),
      HN_TEST(event_negative),
      HN_TEST(capture_calls_are_the_drivers),
      HN_TEST(capture_mode_is_exchanged),
      HN_TEST(capture_negative),
      HN_TEST(graph_calls_are_the_drivers),
      HN_TEST(graph_negative),
  };
  return cmocka_run_group_tests_name("stream", tests, NULL, NULL);
}
