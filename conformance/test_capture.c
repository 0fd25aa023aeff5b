/*
 * test_capture.c: stream capture: begin, end, status and ids, the thread
 * that may end a capture, the calls a capture forbids and how they
 * invalidate it, the streams that join a capture through an event, and the
 * VMM calls, which a capture does not concern. Sources: clr
 * hipamd/src/hip_graph.cpp, hip_internal.hpp (the capture macros),
 * hip_stream.cpp, hip_event.cpp, hip_vm.cpp, and hip-tests catch/unit/graph,
 * catch/unit/virtualMemoryManagement (*_Capture), hip_test_common.hh
 * (BEGIN_CAPTURE_SYNC).
 */
#include "stream_fixture.h"

#include <pthread.h>

/* ---- negative ---- */

static void begin_rejects_null_and_legacy_stream(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamBeginCapture(NULL, hipStreamCaptureModeGlobal),
             hipErrorStreamCaptureUnsupported);
  assert_hip(hipStreamBeginCapture(HIPVMM_STREAM_LEGACY, hipStreamCaptureModeGlobal),
             hipErrorStreamCaptureUnsupported);
}

static void begin_rejects_bad_mode(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipStreamBeginCapture(stream, (hipStreamCaptureMode)-1), hipErrorInvalidValue);
  assert_hip(hipStreamBeginCapture(stream, (hipStreamCaptureMode)3), hipErrorInvalidValue);
  assert_int_equal(sf_status(stream), hipStreamCaptureStatusNone);
}

static void begin_twice_is_illegal_state(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipErrorIllegalState);
  sf_end(stream, hipSuccess);
}

static void begin_on_destroyed_stream_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreate(&stream), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipErrorContextIsDestroyed);
}

static void end_rejects(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipGraph_t graph = NULL;
  assert_hip(hipStreamEndCapture(NULL, &graph), hipErrorIllegalState);
  assert_hip(hipStreamEndCapture(stream, &graph), hipErrorIllegalState);
  assert_hip(hipStreamEndCapture(hipStreamPerThread, &graph), hipErrorIllegalState);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamEndCapture(stream, NULL), hipErrorInvalidValue);
  sf_end(stream, hipSuccess);
}

static void end_on_destroyed_stream_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  hipGraph_t graph = NULL;
  assert_hip(hipStreamCreate(&stream), hipSuccess);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_hip(hipStreamEndCapture(stream, &graph), hipErrorContextIsDestroyed);
  /* Destroying the stream ended its capture: nothing forbids hipMalloc now. */
  void *block = NULL;
  assert_hip(hipMalloc(&block, 64), hipSuccess);
  assert_hip(hipFree(block), hipSuccess);
}

typedef struct end_args {
  hipStream_t stream;
  hipGraph_t graph;
  hipError_t got;
} end_args;

static void *end_in_thread(void *arg) {
  end_args *a = arg;
  a->got = hipStreamEndCapture(a->stream, &a->graph);
  return NULL;
}

static hipError_t end_from_another_thread(hipStream_t stream, hipGraph_t *graph) {
  end_args a = {stream, NULL, hipErrorUnknown};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, end_in_thread, &a), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  *graph = a.graph;
  return a.got;
}

static void end_from_another_thread_is_wrong_thread(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  for (int i = 0; i < 2; i++) { /* Global, ThreadLocal */
    hipGraph_t graph = NULL;
    assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
    assert_hip(end_from_another_thread(stream, &graph), hipErrorStreamCaptureWrongThread);
    assert_int_equal(sf_status(stream), hipStreamCaptureStatusActive);
    sf_end(stream, hipSuccess);
  }
}

static void end_on_joined_stream_is_unmatched(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t origin = conf_stream(ctx), side = conf_stream(ctx);
  hipEvent_t fork = sf_event(hipEventDefault);
  assert_hip(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipEventRecord(fork, origin), hipSuccess);
  assert_hip(hipStreamWaitEvent(side, fork, 0), hipSuccess);
  hipGraph_t graph = NULL;
  assert_hip(hipStreamEndCapture(side, &graph), hipErrorStreamCaptureUnmatched);
  assert_hip(hipStreamBeginCapture(side, hipStreamCaptureModeGlobal), hipErrorIllegalState);
  sf_end(origin, hipSuccess);
  assert_int_equal(sf_status(side), hipStreamCaptureStatusNone);
}

static void status_rejects_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  unsigned long long id = 0;
  assert_hip(hipStreamIsCapturing(stream, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetCaptureInfo(stream, NULL, &id), hipErrorInvalidValue);
  assert_hip(hipStreamGetCaptureInfo(hipStreamPerThread, NULL, &id), hipErrorInvalidValue);
}

static void null_stream_status_while_blocking_stream_captures_is_implicit(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  unsigned long long id = 0;
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamGetCaptureInfo(NULL, &status, &id), hipErrorStreamCaptureImplicit);
  assert_hip(hipStreamIsCapturing(NULL, &status), hipErrorStreamCaptureImplicit);
  sf_end(stream, hipSuccess);
}

static void exchange_mode_rejects(void **state) {
  (void)conf_begin(state);
  hipStreamCaptureMode mode = (hipStreamCaptureMode)-1;
  assert_hip(hipThreadExchangeStreamCaptureMode(NULL), hipErrorInvalidValue);
  assert_hip(hipThreadExchangeStreamCaptureMode(&mode), hipErrorInvalidValue);
  mode = (hipStreamCaptureMode)(hipStreamCaptureModeRelaxed + 1);
  assert_hip(hipThreadExchangeStreamCaptureMode(&mode), hipErrorInvalidValue);
}

static void graph_destroy_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipGraphDestroy(NULL), hipErrorInvalidValue);
}

/* In every mode: synchronising the capturing stream or the device fails and
   invalidates the capture; waiting for an event recorded in it too. */
static void synchronising_during_capture_invalidates_it(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipEvent_t event = sf_event(hipEventDefault);
  for (int i = 0; i < 3; i++)
    for (int call = 0; call < 5; call++) {
      assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
      switch (call) {
      case 0: assert_hip(hipStreamSynchronize(stream), hipErrorStreamCaptureUnsupported); break;
      case 1: assert_hip(hipStreamQuery(stream), hipErrorStreamCaptureUnsupported); break;
      case 2: assert_hip(hipDeviceSynchronize(), hipErrorStreamCaptureUnsupported); break;
      case 3:
        assert_hip(hipEventRecord(event, stream), hipSuccess);
        assert_hip(hipEventSynchronize(event), hipErrorCapturedEvent);
        break;
      default:
        assert_hip(hipEventRecord(event, stream), hipSuccess);
        assert_hip(hipEventQuery(event), hipErrorCapturedEvent);
        break;
      }
      assert_int_equal(sf_status(stream), hipStreamCaptureStatusInvalidated);
      sf_end(stream, hipErrorStreamCaptureInvalidated);
    }
}

/* The synchronous copies and sets, in every mode: hipErrorStreamCaptureImplicit. */
static void sync_copy_during_capture_is_implicit(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *dev = conf_malloc(ctx, 256);
  unsigned char host[64] = {0};
  for (int i = 0; i < 3; i++)
    for (int call = 0; call < 4; call++) {
      assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
      switch (call) {
      case 0:
        assert_hip(hipMemcpy(dev, host, sizeof host, hipMemcpyHostToDevice),
                   hipErrorStreamCaptureImplicit);
        break;
      case 1:
        assert_hip(hipMemcpy(host, dev, sizeof host, hipMemcpyDeviceToHost),
                   hipErrorStreamCaptureImplicit);
        break;
      case 2: assert_hip(hipMemset(dev, 0, 64), hipErrorStreamCaptureImplicit); break;
      default: assert_hip(hipMemsetD32(dev, 0, 16), hipErrorStreamCaptureImplicit); break;
      }
      sf_end(stream, hipErrorStreamCaptureInvalidated);
    }
}

/* hipMalloc and hipFree in this thread's Global or ThreadLocal capture. */
static void malloc_during_capture_is_unsupported(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *held = conf_malloc(ctx, 64);
  for (int i = 0; i < 2; i++) {
    void *block = NULL;
    assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
    assert_hip(hipMalloc(&block, 64), hipErrorStreamCaptureUnsupported);
    assert_hip(hipFree(held), hipErrorStreamCaptureUnsupported);
    sf_end(stream, hipErrorStreamCaptureInvalidated);
  }
}

/* Work a joined stream captured and did not join back: the end fails. */
static void unjoined_work_fails_the_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t origin = conf_stream(ctx), side = conf_stream(ctx);
  hipEvent_t fork = sf_event(hipEventDefault), join = sf_event(hipEventDefault);
  void *dev = conf_malloc(ctx, 256);
  for (int rejoined = 0; rejoined < 2; rejoined++) {
    assert_hip(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal), hipSuccess);
    assert_hip(hipMemsetAsync(dev, 1, 64, origin), hipSuccess);
    assert_hip(hipEventRecord(fork, origin), hipSuccess);
    assert_hip(hipStreamWaitEvent(side, fork, 0), hipSuccess);
    assert_hip(hipMemsetAsync(dev, 2, 64, side), hipSuccess);
    if (rejoined) { /* joined back, then more work on the side */
      assert_hip(hipEventRecord(join, side), hipSuccess);
      assert_hip(hipStreamWaitEvent(origin, join, 0), hipSuccess);
      assert_hip(hipMemsetAsync(dev, 3, 64, side), hipSuccess);
    }
    hipGraph_t graph = NULL;
    hipError_t got = hipStreamEndCapture(origin, &graph);
    if (got == hipSuccess && graph != NULL)
      (void)hipGraphDestroy(graph);
    assert_hip(got, hipErrorStreamCaptureUnjoined);
  }
}

static void event_recorded_before_capture_is_isolated(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t a = conf_stream(ctx), b = conf_stream(ctx);
  hipEvent_t before = sf_event(hipEventDefault);
  assert_hip(hipEventRecord(before, a), hipSuccess);
  assert_hip(hipStreamBeginCapture(a, hipStreamCaptureModeRelaxed), hipSuccess);
  assert_hip(hipStreamWaitEvent(b, before, 0), hipErrorStreamCaptureIsolation);
  sf_end(a, hipSuccess);
}

/* ---- functional ---- */

static void status_and_unique_ids(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t a = conf_stream(ctx), b = conf_stream(ctx);
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  unsigned long long id_a = 0, id_b = 0;
  assert_hip(hipStreamGetCaptureInfo(a, &status, &id_a), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusNone);
  assert_hip(hipStreamBeginCapture(a, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamBeginCapture(b, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamGetCaptureInfo(a, &status, &id_a), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_hip(hipStreamGetCaptureInfo(b, &status, &id_b), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_true(id_a != id_b);
  assert_hip(hipStreamIsCapturing(a, &status), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusActive);
  sf_end(a, hipSuccess);
  sf_end(b, hipSuccess);
  assert_hip(hipStreamIsCapturing(a, &status), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusNone);
}

static void end_gives_a_graph_to_destroy(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipGraph_t graph = NULL;
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipStreamEndCapture(stream, &graph), hipSuccess);
  assert_non_null(graph);
  assert_hip(hipGraphDestroy(graph), hipSuccess);
  /* A stream captures again after an ended capture. */
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal), hipSuccess);
  sf_end(stream, hipSuccess);
}

static void relaxed_capture_ends_in_another_thread(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipGraph_t graph = NULL;
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed), hipSuccess);
  assert_hip(end_from_another_thread(stream, &graph), hipSuccess);
  assert_non_null(graph);
  assert_hip(hipGraphDestroy(graph), hipSuccess);
  assert_int_equal(sf_status(stream), hipStreamCaptureStatusNone);
}

static void *exchange_in_thread(void *arg) {
  hipStreamCaptureMode *mode = arg;
  if (hipThreadExchangeStreamCaptureMode(mode) != hipSuccess)
    *mode = (hipStreamCaptureMode)-1;
  return NULL;
}

static void exchange_mode_is_per_thread(void **state) {
  (void)conf_begin(state);
  hipStreamCaptureMode mine = hipStreamCaptureModeRelaxed, other = hipStreamCaptureModeRelaxed;
  assert_hip(hipThreadExchangeStreamCaptureMode(&mine), hipSuccess);
  assert_int_equal(mine, hipStreamCaptureModeGlobal);
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, exchange_in_thread, &other), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_int_equal(other, hipStreamCaptureModeGlobal);
  mine = hipStreamCaptureModeGlobal;
  assert_hip(hipThreadExchangeStreamCaptureMode(&mine), hipSuccess);
  assert_int_equal(mine, hipStreamCaptureModeRelaxed);
}

/* hipMalloc and hipFree are allowed in a Relaxed capture, and to a thread in Relaxed mode. */
static void malloc_allowed_when_relaxed(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *block = NULL;
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed), hipSuccess);
  assert_hip(hipMalloc(&block, 64), hipSuccess);
  assert_hip(hipFree(block), hipSuccess);
  sf_end(stream, hipSuccess);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  assert_hip(hipThreadExchangeStreamCaptureMode(&mode), hipSuccess);
  assert_hip(hipMalloc(&block, 64), hipSuccess);
  assert_hip(hipFree(block), hipSuccess);
  assert_hip(hipThreadExchangeStreamCaptureMode(&mode), hipSuccess);
  sf_end(stream, hipSuccess);
}

/* Work queued on a capturing stream goes into the graph: it has not run. */
static void captured_copy_does_not_run(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *dev = conf_malloc(ctx, 256);
  conf_fill(dev, 256, 3);
  unsigned char host[256];
  conf_pattern(host, sizeof host, 4);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipMemcpyAsync(dev, host, sizeof host, hipMemcpyHostToDevice, stream), hipSuccess);
  assert_hip(hipMemsetAsync(dev, 0, 64, stream), hipSuccess);
  sf_end(stream, hipSuccess);
  conf_expect_data(dev, 256, 3);
}

/* A stream that waits on an event recorded in a capture joins it until the origin ends it. */
static void waiting_stream_joins_the_capture(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t origin = conf_stream(ctx), side = conf_stream(ctx);
  hipEvent_t fork = sf_event(hipEventDefault), join = sf_event(hipEventDefault);
  void *dev = conf_malloc(ctx, 256);
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  unsigned long long id_origin = 0, id_side = 0;
  assert_hip(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal), hipSuccess);
  assert_hip(hipEventRecord(fork, origin), hipSuccess);
  assert_hip(hipStreamWaitEvent(side, fork, 0), hipSuccess);
  assert_hip(hipStreamGetCaptureInfo(side, &status, &id_side), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_hip(hipStreamGetCaptureInfo(origin, &status, &id_origin), hipSuccess);
  assert_int_equal(id_side, id_origin);
  assert_hip(hipMemsetAsync(dev, 2, 64, side), hipSuccess); /* captured on the joined stream */
  assert_hip(hipEventRecord(join, side), hipSuccess);
  assert_hip(hipStreamWaitEvent(origin, join, 0), hipSuccess);
  sf_end(origin, hipSuccess);
  assert_int_equal(sf_status(side), hipStreamCaptureStatusNone);
}

static void per_thread_stream_captures(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamBeginCapture(hipStreamPerThread, hipStreamCaptureModeGlobal), hipSuccess);
  assert_int_equal(sf_status(hipStreamPerThread), hipStreamCaptureStatusActive);
  sf_end(hipStreamPerThread, hipSuccess);
}

/* The key rule for VMM code: no VMM call checks a capture (hip_vm.cpp), so in
   every mode each one does its work and leaves the capture active. */
static void vmm_calls_inside_capture_succeed(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  size_t bytes = ctx->granularity;
  for (int i = 0; i < 3; i++) {
    assert_hip(hipStreamBeginCapture(stream, sf_modes[i]), hipSuccess);
    hipMemAllocationProp prop = conf_prop(0);
    size_t granularity = 0;
    void *ptr = NULL;
    hipMemGenericAllocationHandle_t handle = NULL, retained = NULL;
    hipMemAllocationProp got;
    unsigned long long flags = 0;
    hipMemAccessDesc rw = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
    hipMemLocation device0 = conf_device_location(0);
    assert_hip(
        hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum),
        hipSuccess);
    assert_hip(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0), hipSuccess);
    assert_hip(hipMemCreate(&handle, bytes, &prop, 0), hipSuccess);
    assert_hip(hipMemGetAllocationPropertiesFromHandle(&got, handle), hipSuccess);
    assert_hip(hipMemMap(ptr, bytes, 0, handle, 0), hipSuccess);
    assert_hip(hipMemSetAccess(ptr, bytes, &rw, 1), hipSuccess);
    assert_hip(hipMemGetAccess(&flags, &device0, ptr), hipSuccess);
    assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
    assert_hip(hipMemRetainAllocationHandle(&retained, ptr), hipSuccess);
    assert_hip(hipMemRelease(retained), hipSuccess);
    assert_hip(hipMemUnmap(ptr, bytes), hipSuccess);
    assert_hip(hipMemRelease(handle), hipSuccess);
    assert_hip(hipMemAddressFree(ptr, bytes), hipSuccess);
    assert_int_equal(sf_status(stream), hipStreamCaptureStatusActive);
    sf_end(stream, hipSuccess);
  }
}

static const conf_rule negative_rules[] = {
    STREAM_RULE(begin_rejects_null_and_legacy_stream,
                "clr hipStreamBeginCapture_common; Unit_hipStreamBeginCapture_Negative_Parameters "
                "(legacy/null stream)"),
    STREAM_RULE(begin_rejects_bad_mode,
                "clr hipStreamBeginCapture_common; Unit_hipStreamBeginCapture_Negative_Parameters "
                "(invalid mode)"),
    STREAM_RULE(begin_twice_is_illegal_state,
                "clr hipStreamBeginCapture_common; Unit_hipStreamBeginCapture_Negative_Parameters "
                "(same stream again)"),
    STREAM_RULE(begin_on_destroyed_stream_is_context_destroyed,
                "clr 6.3 hipStreamBeginCapture_common isValid; "
                "Unit_hipStreamBeginCapture_Negative_Parameters (uninitialized stream)"),
    STREAM_RULE(end_rejects, "clr hipStreamEndCapture_common; "
                             "Unit_hipStreamEndCapture_Negative_Parameters"),
    STREAM_RULE(end_on_destroyed_stream_is_context_destroyed,
                "clr hipStreamEndCapture_common, hipStreamDestroy (EndCapture); "
                "Unit_hipStreamEndCapture_Negative_Parameters (destroyed stream)"),
    STREAM_RULE(end_from_another_thread_is_wrong_thread,
                "clr hipStreamEndCapture_common (tls.capture_streams_); "
                "Unit_hipStreamEndCapture_Negative_Thread"),
    STREAM_RULE(end_on_joined_stream_is_unmatched,
                "clr hipStreamEndCapture_common (IsOriginStream); "
                "Unit_hipStreamBeginCapture_Negative_DetectingInvalidCapture"),
    STREAM_RULE(status_rejects_null,
                "clr hipStreamIsCapturing_common, hipStreamGetCaptureInfo_common; "
                "Unit_hipStreamGetCaptureInfo_Negative_Parameters"),
    STREAM_RULE(null_stream_status_while_blocking_stream_captures_is_implicit,
                "clr hipStreamGetCaptureInfo_common (StreamCaptureBlocking); "
                "Unit_hipStreamGetCaptureInfo_Negative_Parameters (null stream, HT_NVIDIA)"),
    STREAM_RULE(exchange_mode_rejects,
                "clr hipThreadExchangeStreamCaptureMode; "
                "Unit_hipThreadExchangeStreamCaptureMode_Negative_Parameters"),
    STREAM_RULE(graph_destroy_rejects_null, "clr hipGraphDestroy"),
    STREAM_RULE(synchronising_during_capture_invalidates_it,
                "clr StreamCaptureOngoing, CHECK_SUPPORTED_DURING_CAPTURE, "
                "checkEventCaptureRestrictions; "
                "Unit_hipStreamBeginCapture_Negative_CheckingSyncDuringCapture"),
    STREAM_RULE(
        sync_copy_during_capture_is_implicit,
        "clr CHECK_STREAM_CAPTURING; Unit_hipStreamBeginCapture_Negative_"
        "UnsafeCallsDuringCapture; hip_test_common.hh BEGIN_CAPTURE_SYNC (rlx not allowed)"),
    STREAM_RULE(malloc_during_capture_is_unsupported,
                "clr CHECK_STREAM_CAPTURE_SUPPORTED (hipMalloc, hipFree); "
                "Unit_hipStreamBeginCapture_Negative_UnsafeCallsDuringCapture"),
    STREAM_RULE(unjoined_work_fails_the_end,
                "clr hipStreamEndCapture_common (GetLeafNodeCount); "
                "Unit_hipStreamBeginCapture_Negative_EndingCapwhenCapInProg"),
    STREAM_RULE(event_recorded_before_capture_is_isolated,
                "clr hipStreamWaitEvent_common (hipErrorStreamCaptureIsolation)"),
};

static const conf_rule functional_rules[] = {
    STREAM_RULE(status_and_unique_ids,
                "clr hipStreamGetCaptureInfo_common, Stream::GenerateCaptureID; "
                "Unit_hipStreamGetCaptureInfo_Positive_Functional, _UniqueID"),
    STREAM_RULE(end_gives_a_graph_to_destroy, "clr hipStreamEndCapture_common, hipGraphDestroy; "
                                              "Unit_hipStreamEndCapture_Positive_GraphDestroy, "
                                              "Unit_hipStreamBeginCapture_Positive_streamReuse"),
    STREAM_RULE(
        relaxed_capture_ends_in_another_thread,
        "clr hipStreamEndCapture_common (Relaxed); Unit_hipStreamEndCapture_Positive_Thread"),
    STREAM_RULE(exchange_mode_is_per_thread,
                "clr hipThreadExchangeStreamCaptureMode (tls, Global at start); "
                "Unit_hipThreadExchangeStreamCaptureMode_Positive_Functional"),
    STREAM_RULE(malloc_allowed_when_relaxed,
                "clr CHECK_STREAM_CAPTURE_SUPPORTED; hip_test_common.hh BEGIN_CAPTURE_SYNC "
                "(rlx_mode_allowed)"),
    STREAM_RULE(captured_copy_does_not_run,
                "clr STREAM_CAPTURE, capturehipMemcpyAsync, capturehipMemsetAsync"),
    STREAM_RULE(waiting_stream_joins_the_capture,
                "clr hipStreamWaitEvent_common (IsEventCaptured); "
                "Unit_hipStreamBeginCapture_Positive_InterStrmEventSync_Flags"),
    STREAM_RULE(per_thread_stream_captures,
                "clr hipStreamBeginCapture_common (getStreamPerThread); "
                "Unit_hipStreamEndCapture_Negative_Parameters (Streams::perThread)"),
    STREAM_RULE(vmm_calls_inside_capture_succeed,
                "clr hip_vm.cpp (no capture check); Unit_hipMemMap_Capture, "
                "Unit_hipMemUnmap_Capture (BEGIN_CAPTURE/END_CAPTURE, every mode)"),
};

const conf_group conf_group_capture_negative = CONF_GROUP("capture_negative", negative_rules);
const conf_group conf_group_capture = CONF_GROUP("capture", functional_rules);
