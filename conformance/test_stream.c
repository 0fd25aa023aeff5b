/*
 * test_stream.c: streams: creation flags and priorities, what a stream
 * remembers, destruction, synchronisation and the implicit streams (NULL,
 * hipStreamPerThread, hipStreamLegacy). Sources: clr hipamd/src/hip_stream.cpp
 * and hip-tests catch/unit/stream.
 */
#include "stream_fixture.h"

/* ---- negative ---- */

static void create_with_flags_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamCreateWithFlags(NULL, hipStreamDefault), hipErrorInvalidValue);
}

static void create_with_flags_rejects_unknown_flags(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreateWithFlags(&stream, 2), hipErrorInvalidValue);
  assert_hip(hipStreamCreateWithFlags(&stream, 0xffffffffu), hipErrorInvalidValue);
  assert_null(stream);
}

static void create_with_priority_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamCreateWithPriority(NULL, hipStreamDefault, 0), hipErrorInvalidValue);
}

static void create_with_priority_rejects_unknown_flags(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreateWithPriority(&stream, 4, 0), hipErrorInvalidValue);
  assert_null(stream);
}

static void destroy_rejects_null_stream(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamDestroy(NULL), hipErrorInvalidResourceHandle);
}

static void destroy_rejects_per_thread_stream(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamDestroy(hipStreamPerThread), hipErrorInvalidResourceHandle);
}

static void stream_destroy_twice_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreate(&stream), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipErrorContextIsDestroyed);
}

static void get_flags_rejects_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  unsigned flags = 0;
  assert_hip(hipStreamGetFlags(NULL, &flags), hipErrorInvalidValue);
  assert_hip(hipStreamGetFlags(stream, NULL), hipErrorInvalidValue);
}

static void get_priority_rejects_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipStreamGetPriority(NULL, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetPriority(stream, NULL), hipErrorInvalidValue);
}

static void get_device_rejects_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
#if HIPVMM_HAS_STREAM_GET_DEVICE
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipStreamGetDevice(NULL, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetDevice(hipStreamPerThread, NULL), hipErrorInvalidValue);
  assert_hip(hipStreamGetDevice(stream, NULL), hipErrorInvalidValue);
#else
  (void)ctx;
  conf_skip("ROCm %d.%d declares no hipStreamGetDevice (ROCm 5.6)", HIP_VERSION_MAJOR,
            HIP_VERSION_MINOR);
#endif
}

static void query_destroyed_stream_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreate(&stream), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_hip(hipStreamQuery(stream), hipErrorContextIsDestroyed);
  assert_hip(hipStreamSynchronize(stream), hipErrorContextIsDestroyed);
}

static void query_made_up_stream_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamQuery((hipStream_t)0xffff), hipErrorContextIsDestroyed);
}

/* ---- functional ---- */

static void flags_are_remembered(void **state) {
  (void)conf_begin(state);
  unsigned flags = 0xff;
  assert_hip(hipStreamGetFlags(sf_stream(hipStreamDefault), &flags), hipSuccess);
  assert_int_equal(flags, hipStreamDefault);
  assert_hip(hipStreamGetFlags(sf_stream(hipStreamNonBlocking), &flags), hipSuccess);
  assert_int_equal(flags, hipStreamNonBlocking);
  hipStream_t stream = NULL;
  assert_hip(hipStreamCreateWithPriority(&stream, hipStreamNonBlocking, 0), hipSuccess);
  assert_hip(hipStreamGetFlags(stream, &flags), hipSuccess);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_int_equal(flags, hipStreamNonBlocking);
}

static void priority_range_is_least_one_greatest_minus_one(void **state) {
  (void)conf_begin(state);
  int least = 0, greatest = 0;
  assert_hip(hipDeviceGetStreamPriorityRange(&least, &greatest), hipSuccess);
  assert_int_equal(least, 1);
  assert_int_equal(greatest, -1);
  assert_hip(hipDeviceGetStreamPriorityRange(NULL, NULL), hipSuccess);
}

static int priority_of_new_stream(int asked) {
  hipStream_t stream = NULL;
  int priority = 99;
  assert_hip(hipStreamCreateWithPriority(&stream, hipStreamDefault, asked), hipSuccess);
  hipError_t got = hipStreamGetPriority(stream, &priority);
  assert_hip(hipStreamDestroy(stream), hipSuccess);
  assert_hip(got, hipSuccess);
  return priority;
}

static void priority_is_clamped_into_the_range(void **state) {
  (void)conf_begin(state);
  int least = 0, greatest = 0;
  assert_hip(hipDeviceGetStreamPriorityRange(&least, &greatest), hipSuccess);
  assert_int_equal(priority_of_new_stream(greatest - 5), greatest);
  assert_int_equal(priority_of_new_stream(greatest), greatest);
  assert_int_equal(priority_of_new_stream(0), 0);
  assert_int_equal(priority_of_new_stream(least), least);
  assert_int_equal(priority_of_new_stream(least + 5), least);
}

static void null_stream_priority_is_zero(void **state) {
  (void)conf_begin(state);
  int priority = 99;
  assert_hip(hipStreamGetPriority(NULL, &priority), hipSuccess);
  assert_int_equal(priority, 0);
  assert_hip(hipStreamGetPriority(hipStreamPerThread, &priority), hipSuccess);
  assert_int_equal(priority, 0);
}

static void device_is_the_device_current_at_creation(void **state) {
  conf_ctx *ctx = conf_begin(state);
#if HIPVMM_HAS_STREAM_GET_DEVICE
  conf_need_devices(ctx, 2);
  assert_hip(hipSetDevice(1), hipSuccess);
  hipStream_t on1 = sf_stream(hipStreamDefault);
  assert_hip(hipSetDevice(0), hipSuccess);
  hipDevice_t device = -1;
  assert_hip(hipStreamGetDevice(on1, &device), hipSuccess);
  assert_int_equal(device, 1);
  assert_hip(hipStreamGetDevice(NULL, &device), hipSuccess);
  assert_int_equal(device, 0);
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_hip(hipStreamGetDevice(NULL, &device), hipSuccess);
  assert_int_equal(device, 1);
  assert_hip(hipStreamGetDevice(hipStreamPerThread, &device), hipSuccess);
  assert_int_equal(device, 1);
#else
  (void)ctx;
  conf_skip("ROCm %d.%d declares no hipStreamGetDevice (ROCm 5.6)", HIP_VERSION_MAJOR,
            HIP_VERSION_MINOR);
#endif
}

static void empty_streams_are_complete(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  assert_hip(hipStreamQuery(stream), hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_hip(hipStreamQuery(NULL), hipSuccess);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  assert_hip(hipStreamQuery(hipStreamPerThread), hipSuccess);
  assert_hip(hipStreamSynchronize(hipStreamPerThread), hipSuccess);
}

static void legacy_stream_is_a_stream(void **state) {
  (void)conf_begin(state);
  assert_hip(hipStreamQuery(HIPVMM_STREAM_LEGACY), hipSuccess);
  assert_hip(hipStreamSynchronize(HIPVMM_STREAM_LEGACY), hipSuccess);
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  assert_hip(hipStreamIsCapturing(HIPVMM_STREAM_LEGACY, &status), hipSuccess);
  assert_int_equal(status, hipStreamCaptureStatusNone);
  assert_hip(hipStreamDestroy(HIPVMM_STREAM_LEGACY), hipErrorInvalidResourceHandle);
}

/* Async work on each kind of stream lands before the stream is synchronised. */
static void async_copies_run_on_every_kind_of_stream(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *dev = conf_malloc(ctx, 4096);
  hipStream_t kinds[] = {NULL, hipStreamPerThread, conf_stream(ctx),
                         sf_stream(hipStreamNonBlocking)};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    unsigned char in[256], out[256];
    conf_pattern(in, sizeof in, (unsigned)i + 1);
    assert_hip(hipMemcpyAsync(dev, in, sizeof in, hipMemcpyHostToDevice, kinds[i]), hipSuccess);
    assert_hip(hipMemcpyAsync(out, dev, sizeof out, hipMemcpyDeviceToHost, kinds[i]), hipSuccess);
    assert_hip(hipStreamSynchronize(kinds[i]), hipSuccess);
    assert_int_equal(conf_pattern_mismatch(out, sizeof out, (unsigned)i + 1), sizeof out);
  }
}

static const conf_rule negative_rules[] = {
    STREAM_RULE(create_with_flags_rejects_null,
                "clr hipStreamCreateWithFlags; Unit_hipStreamCreateWithFlags_Negative_NullStream"),
    STREAM_RULE(create_with_flags_rejects_unknown_flags,
                "clr ihipStreamCreate; Unit_hipStreamCreateWithFlags_Negative_InvalidFlag"),
    STREAM_RULE(create_with_priority_rejects_null,
                "clr hipStreamCreateWithPriority; Unit_hipStreamCreateWithPriority_NegTst"),
    STREAM_RULE(create_with_priority_rejects_unknown_flags, "clr ihipStreamCreate"),
    STREAM_RULE(destroy_rejects_null_stream,
                "clr hipStreamDestroy; Unit_hipStreamDestroy_Negative_NullStream"),
    STREAM_RULE(destroy_rejects_per_thread_stream, "clr hipStreamDestroy (hipStreamPerThread)"),
    STREAM_RULE(stream_destroy_twice_is_context_destroyed,
                "clr 6.3 hipStreamDestroy isValid; Unit_hipStreamDestroy_Negative_DoubleDestroy"),
    STREAM_RULE(get_flags_rejects_null,
                "clr hipStreamGetFlags_common; Unit_hipStreamGetFlags_Negative"),
    STREAM_RULE(get_priority_rejects_null,
                "clr hipStreamGetPriority_common; Unit_hipStreamGetPriority_nullptr_nullptr, "
                "_stream_nullptr"),
    STREAM_RULE(get_device_rejects_null,
                "clr hipStreamGetDevice; Unit_hipStreamGetDevice_Negative"),
    STREAM_RULE(query_destroyed_stream_is_context_destroyed,
                "clr 6.3 hipStreamQuery_common, hipStreamSynchronize_common isValid; "
                "Unit_hipStreamQuery_WithDestroyedStream"),
    STREAM_RULE(
        query_made_up_stream_is_context_destroyed,
        "clr 6.3 hipStreamQuery_common isValid; Unit_hipStreamQuery_WithUninitializedStream"),
};

static const conf_rule functional_rules[] = {
    STREAM_RULE(flags_are_remembered, "clr Stream::Flags; Unit_hipStreamGetFlags_Basic"),
    STREAM_RULE(priority_range_is_least_one_greatest_minus_one,
                "clr hipDeviceGetStreamPriorityRange (Stream::Priority Low 1, High -1); "
                "Unit_hipDeviceGetStreamPriorityRange_Default"),
    STREAM_RULE(priority_is_clamped_into_the_range,
                "clr hipStreamCreateWithPriority (std::clamp); Unit_hipStreamGetPriority_happy "
                "(Higher, Lower Priority)"),
    STREAM_RULE(null_stream_priority_is_zero,
                "clr hipStreamGetPriority_common; Unit_hipStreamGetPriority_happy (Null Stream)"),
    STREAM_RULE(device_is_the_device_current_at_creation,
                "clr hipStreamGetDevice; Unit_hipStreamGetDevice_SetDiffDevice, _NullStream, "
                "_Usecase"),
    STREAM_RULE(empty_streams_are_complete,
                "clr hipStreamQuery_common; Unit_hipStreamQuery_WithNoWork, "
                "Unit_hipStreamSynchronize_EmptyStream, _NullStreamAndStreamPerThread"),
    STREAM_RULE(legacy_stream_is_a_stream, "clr hip::isValid (hipStreamLegacy), hipStreamDestroy, "
                                           "hipStreamIsCapturing_common"),
    STREAM_RULE(async_copies_run_on_every_kind_of_stream,
                "clr hipMemcpyAsync_common; Unit_hipStreamSynchronize_FinishWork"),
};

const conf_group conf_group_stream_negative = CONF_GROUP("stream_negative", negative_rules);
const conf_group conf_group_stream = CONF_GROUP("stream", functional_rules);
