/*
 * test_event.c: events: creation flags, records, queries, elapsed time, the
 * device an event belongs to and hipStreamWaitEvent outside capture. Sources:
 * clr hipamd/src/hip_event.cpp, hip_stream.cpp (hipStreamWaitEvent_common) and
 * hip-tests catch/unit/event, catch/unit/stream/hipStreamWaitEvent.cc.
 */
#include "stream_fixture.h"

#include <time.h>

/* ---- negative ---- */

static void create_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipEventCreate(NULL), hipErrorInvalidValue);
  assert_hip(hipEventCreateWithFlags(NULL, hipEventDefault), hipErrorInvalidValue);
}

static void create_rejects_unknown_flags(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = NULL;
  assert_hip(hipEventCreateWithFlags(&event, 0x8), hipErrorInvalidValue);
  assert_hip(hipEventCreateWithFlags(&event, 0x1000), hipErrorInvalidValue);
  assert_null(event);
}

static void create_rejects_interprocess_with_timing(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = NULL;
  assert_hip(hipEventCreateWithFlags(&event, hipEventInterprocess), hipErrorInvalidValue);
  assert_hip(hipEventCreateWithFlags(&event, hipEventInterprocess | hipEventBlockingSync),
             hipErrorInvalidValue);
  assert_null(event);
}

static void create_rejects_two_release_flags(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = NULL;
  assert_hip(hipEventCreateWithFlags(&event, hipEventReleaseToDevice | hipEventReleaseToSystem),
             hipErrorInvalidValue);
  assert_hip(
      hipEventCreateWithFlags(&event, hipEventReleaseToSystem | HIPVMM_EVENT_DISABLE_SYSTEM_FENCE),
      hipErrorInvalidValue);
  assert_null(event);
}

static void null_event_is_invalid_handle(void **state) {
  (void)conf_begin(state);
  assert_hip(hipEventDestroy(NULL), hipErrorInvalidHandle);
  assert_hip(hipEventRecord(NULL, NULL), hipErrorInvalidHandle);
  assert_hip(hipEventQuery(NULL), hipErrorInvalidHandle);
  assert_hip(hipEventSynchronize(NULL), hipErrorInvalidHandle);
  assert_hip(hipStreamWaitEvent(NULL, NULL, 0), hipErrorInvalidResourceHandle);
}

static void event_destroy_twice_is_context_destroyed(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = NULL;
  assert_hip(hipEventCreate(&event), hipSuccess);
  assert_hip(hipEventDestroy(event), hipSuccess);
  assert_hip(hipEventDestroy(event), hipErrorContextIsDestroyed);
}

static void elapsed_time_rejects_null(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = sf_event(hipEventDefault);
  assert_hip(hipEventRecord(event, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(event), hipSuccess);
  float ms = 0;
  assert_hip(hipEventElapsedTime(NULL, event, event), hipErrorInvalidValue);
  assert_hip(hipEventElapsedTime(&ms, NULL, event), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(&ms, event, NULL), hipErrorInvalidHandle);
}

static void elapsed_time_needs_recorded_events(void **state) {
  (void)conf_begin(state);
  hipEvent_t start = sf_event(hipEventDefault), stop = sf_event(hipEventDefault);
  float ms = 0;
  assert_hip(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);
  assert_hip(hipEventRecord(start, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(start), hipSuccess);
  assert_hip(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(&ms, stop, start), hipErrorInvalidHandle);
}

static void elapsed_time_needs_timing(void **state) {
  (void)conf_begin(state);
  hipEvent_t timed = sf_event(hipEventDefault), untimed = sf_event(hipEventDisableTiming);
  assert_hip(hipEventRecord(timed, NULL), hipSuccess);
  assert_hip(hipEventRecord(untimed, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(untimed), hipSuccess);
  float ms = 0;
  assert_hip(hipEventElapsedTime(&ms, timed, untimed), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(&ms, untimed, timed), hipErrorInvalidHandle);
  assert_hip(hipEventElapsedTime(&ms, untimed, untimed), hipErrorInvalidHandle);
}

static void events_of_two_devices(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hipEvent_t on0 = sf_event(hipEventDefault);
  assert_hip(hipSetDevice(1), hipSuccess);
  hipEvent_t on1 = sf_event(hipEventDefault);
  /* The null stream now is device 1's. */
  assert_hip(hipEventRecord(on0, NULL), hipErrorInvalidResourceHandle);
  assert_hip(hipEventRecord(on1, NULL), hipSuccess);
  assert_hip(hipSetDevice(0), hipSuccess);
  assert_hip(hipEventRecord(on0, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(on0), hipSuccess);
  assert_hip(hipEventSynchronize(on1), hipSuccess);
  float ms = 0;
  assert_hip(hipEventElapsedTime(&ms, on0, on1), hipErrorInvalidResourceHandle);
}

static void wait_event_rejects_flags(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = sf_event(hipEventDefault);
  assert_hip(hipStreamWaitEvent(NULL, event, ~0u), hipErrorInvalidValue);
  assert_hip(hipStreamWaitEvent(hipStreamPerThread, event, ~0u), hipErrorInvalidValue);
}

static void wait_event_rejects_made_up_stream(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = sf_event(hipEventDefault);
  assert_hip(hipStreamWaitEvent((hipStream_t)0xffff, event, 0), hipErrorInvalidHandle);
}

/* ---- functional ---- */

static void every_valid_flag_makes_an_event(void **state) {
  (void)conf_begin(state);
  const unsigned flags[] = {
      hipEventDefault,
      hipEventBlockingSync,
      hipEventDisableTiming,
      hipEventDisableTiming | hipEventInterprocess,
      hipEventReleaseToDevice,
      hipEventReleaseToSystem,
      HIPVMM_EVENT_DISABLE_SYSTEM_FENCE,
  };
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
    (void)sf_event(flags[i]);
}

static void unrecorded_event_is_complete(void **state) {
  (void)conf_begin(state);
  hipEvent_t event = sf_event(hipEventDefault);
  assert_hip(hipEventQuery(event), hipSuccess);
  assert_hip(hipEventSynchronize(event), hipSuccess);
}

static void recorded_event_completes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipEvent_t event = sf_event(hipEventBlockingSync);
  hipStream_t kinds[] = {NULL, hipStreamPerThread, conf_stream(ctx)};
  for (size_t i = 0; i < 3; i++) {
    assert_hip(hipEventRecord(event, kinds[i]), hipSuccess);
    assert_hip(hipEventSynchronize(event), hipSuccess);
    assert_hip(hipEventQuery(event), hipSuccess);
  }
}

static void elapsed_time_is_milliseconds(void **state) {
  (void)conf_begin(state);
  hipEvent_t start = sf_event(hipEventDefault), stop = sf_event(hipEventDefault);
  float ms = -1;
  assert_hip(hipEventRecord(start, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(start), hipSuccess);
  assert_hip(hipEventElapsedTime(&ms, start, start), hipSuccess);
  assert_true(ms == 0.0f);
  struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);
  assert_hip(hipEventRecord(stop, NULL), hipSuccess);
  assert_hip(hipEventSynchronize(stop), hipSuccess);
  assert_hip(hipEventElapsedTime(&ms, start, stop), hipSuccess);
  assert_true(ms > 0.0f && ms < 60000.0f);
}

static void wait_event_on_every_kind_of_stream(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipEvent_t event = sf_event(hipEventDefault);
  hipStream_t other = conf_stream(ctx);
  assert_hip(hipEventRecord(event, other), hipSuccess);
  hipStream_t kinds[] = {NULL, hipStreamPerThread, conf_stream(ctx), other};
  for (size_t i = 0; i < 4; i++) {
    assert_hip(hipStreamWaitEvent(kinds[i], event, 0), hipSuccess);
    assert_hip(hipStreamSynchronize(kinds[i]), hipSuccess);
  }
}

static const conf_rule negative_rules[] = {
    STREAM_RULE(create_rejects_null,
                "clr hipEventCreate, hipEventCreateWithFlags; Unit_hipEventCreate_NullCheck, "
                "Unit_hipEventCreateWithFlags_NullCheck"),
    STREAM_RULE(create_rejects_unknown_flags, "clr ihipEventCreateWithFlags (kSupportedFlags); "
                                              "Unit_hipEventCreate_IncompatibleFlags"),
    STREAM_RULE(create_rejects_interprocess_with_timing,
                "clr ihipEventCreateWithFlags (interprocess requires disable timing)"),
    STREAM_RULE(create_rejects_two_release_flags,
                "clr ihipEventCreateWithFlags (at most one release flag)"),
    STREAM_RULE(null_event_is_invalid_handle,
                "clr hipEventDestroy, hipEventRecord_common, ihipEventQuery, "
                "hipEventSynchronize, hipStreamWaitEvent_common; Unit_hipEventDestroy_NullCheck, "
                "Unit_hipEventQuery_NullCheck, Unit_hipEventSynchronize_NullCheck, "
                "Unit_hipStreamWaitEvent_Negative (Invalid Event)"),
    STREAM_RULE(event_destroy_twice_is_context_destroyed,
                "clr hipEventDestroy (eventSet.erase); Unit_hipEventDestroy_Negative"),
    STREAM_RULE(elapsed_time_rejects_null,
                "clr hipEventElapsedTime; Unit_hipEventElapsedTime_NullCheck"),
    STREAM_RULE(elapsed_time_needs_recorded_events, "clr Event::elapsedTime (event_ == nullptr)"),
    STREAM_RULE(elapsed_time_needs_timing, "clr Event::elapsedTime (hipEventDisableTiming); "
                                           "Unit_hipEventElapsedTime_DisableTiming"),
    STREAM_RULE(events_of_two_devices, "clr hipEventRecord_common, hipEventElapsedTime (deviceId); "
                                       "Unit_hipEventElapsedTime_DifferentDevices"),
    STREAM_RULE(wait_event_rejects_flags,
                "clr hipStreamWaitEvent_common; Unit_hipStreamWaitEvent_Negative (Invalid Flags)"),
    STREAM_RULE(wait_event_rejects_made_up_stream,
                "clr 6.3 hipStreamWaitEvent_common isValid; "
                "Unit_hipStreamWaitEvent_UninitializedStream_Negative"),
};

static const conf_rule functional_rules[] = {
    STREAM_RULE(every_valid_flag_makes_an_event,
                "clr ihipEventCreateWithFlags; Unit_hipEventCreateWithFlags_Positive"),
    STREAM_RULE(unrecorded_event_is_complete,
                "clr Event::query, Event::synchronize (event_ == nullptr); "
                "Unit_hipEventSynchronize_NoEventRecord_Positive"),
    STREAM_RULE(recorded_event_completes, "clr hipEventRecord_common; Unit_hipEventRecord, "
                                          "Unit_hipEventSynchronize_Default_Positive"),
    STREAM_RULE(elapsed_time_is_milliseconds,
                "clr Event::elapsedTime (kNsToMs); Unit_hipEventElapsedTime"),
    STREAM_RULE(wait_event_on_every_kind_of_stream,
                "clr hipStreamWaitEvent_common; Unit_hipStreamWaitEvent_Default, "
                "_DifferentStreams"),
};

const conf_group conf_group_event_negative = CONF_GROUP("event_negative", negative_rules);
const conf_group conf_group_event = CONF_GROUP("event", functional_rules);
