/*
 * test_events.c: event flags, records, queries, elapsed time in real
 * milliseconds, the device an event belongs to, hipStreamWaitEvent outside
 * capture, handles that are not events, and events in the statistics and the
 * leak report. Runs with two devices.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report_lines.h"

#define LEGACY ((hipStream_t)1)          /* hipStreamLegacy */
#define DISABLE_SYSTEM_FENCE 0x20000000u /* hipEventDisableSystemFence */
#define RELEASE_TO_DEVICE 0x40000000u    /* hipEventReleaseToDevice */
#define RELEASE_TO_SYSTEM 0x80000000u    /* hipEventReleaseToSystem */

static hipEvent_t event_with(unsigned flags) {
  hipEvent_t event = NULL;
  MT_CHECK(hipEventCreateWithFlags(&event, flags));
  return event;
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

/* ---- negative ---- */

static void test_create_rejects_bad_flags(void **state) {
  (void)state;
  hipEvent_t event = NULL;
  const unsigned bad[] = {
      0x8, /* no such flag */
      0x100,
      hipEventInterprocess, /* needs hipEventDisableTiming */
      hipEventInterprocess | hipEventBlockingSync,
      RELEASE_TO_DEVICE | RELEASE_TO_SYSTEM, /* at most one release flag */
      RELEASE_TO_DEVICE | DISABLE_SYSTEM_FENCE,
      RELEASE_TO_SYSTEM | DISABLE_SYSTEM_FENCE,
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    MT_EXPECT(hipErrorInvalidValue, hipEventCreateWithFlags(&event, bad[i]));
  assert_null(event);
  MT_EXPECT(hipErrorInvalidValue, hipEventCreate(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipEventCreateWithFlags(NULL, 0));
  assert_int_equal(mt_stats().live_events, 0);
}

static void test_null_and_dead_events_are_refused(void **state) {
  (void)state;
  hipEvent_t event = event_with(0), dead = event_with(0);
  MT_CHECK(hipEventRecord(event, NULL));
  MT_CHECK(hipEventDestroy(dead));
  int on_stack = 0;
  hipEvent_t garbage = (hipEvent_t)&on_stack;
  float ms = -1;
  MT_EXPECT(hipErrorInvalidHandle, hipEventDestroy(NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipEventRecord(NULL, NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipEventQuery(NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipEventSynchronize(NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipStreamWaitEvent(NULL, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipEventElapsedTime(NULL, event, event));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, NULL, event));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, event, NULL));
  hipEvent_t bad[] = {dead, garbage};
  for (size_t i = 0; i < 2; i++) {
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventDestroy(bad[i]));
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventRecord(bad[i], NULL));
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventQuery(bad[i]));
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventSynchronize(bad[i]));
    MT_EXPECT(hipErrorContextIsDestroyed, hipStreamWaitEvent(NULL, bad[i], 0));
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventElapsedTime(&ms, bad[i], event));
    MT_EXPECT(hipErrorContextIsDestroyed, hipEventElapsedTime(&ms, event, bad[i]));
  }
  assert_true(ms == -1);
  MT_CHECK(hipEventDestroy(event));
}

static void test_record_and_wait_refuse_dead_streams(void **state) {
  (void)state;
  hipEvent_t event = event_with(0);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipEventRecord(event, stream));
  MT_EXPECT(hipErrorInvalidHandle, hipStreamWaitEvent(stream, event, 0));
  MT_EXPECT(hipErrorInvalidHandle, hipStreamWaitEvent((hipStream_t)0xffff, event, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitEvent(NULL, event, 2));
  /* An external wait is a capture graph node: a stream that does not capture refuses it. */
  MT_EXPECT(hipErrorInvalidHandle, hipStreamWaitEvent(NULL, event, 1));
  MT_CHECK(hipEventDestroy(event));
}

static void test_elapsed_time_needs_two_timed_records(void **state) {
  (void)state;
  float ms = -1;
  hipEvent_t a = event_with(0), b = event_with(0), untimed = event_with(hipEventDisableTiming);
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, a, a)); /* never recorded */
  MT_CHECK(hipEventRecord(a, NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, a, b));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, b, a));
  MT_CHECK(hipEventRecord(b, NULL));
  MT_CHECK(hipEventRecord(untimed, NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, a, untimed));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, untimed, b));
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, untimed, untimed));
  assert_true(ms == -1);
  MT_CHECK(hipEventDestroy(a));
  MT_CHECK(hipEventDestroy(b));
  MT_CHECK(hipEventDestroy(untimed));
}

static void test_events_belong_to_their_device(void **state) {
  (void)state;
  hipEvent_t on0 = event_with(0);
  hipStream_t stream0;
  MT_CHECK(hipStreamCreate(&stream0));
  MT_CHECK(hipSetDevice(1));
  hipEvent_t on1 = event_with(0);
  float ms = -1;
  /* The null stream is device 1's now, and the created stream stays device 0's. */
  MT_EXPECT(hipErrorInvalidResourceHandle, hipEventRecord(on0, NULL));
  MT_CHECK(hipEventRecord(on0, stream0));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipEventRecord(on1, stream0));
  MT_CHECK(hipEventRecord(on1, hipStreamPerThread));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipEventElapsedTime(&ms, on0, on1));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipEventDestroy(on0));
  MT_CHECK(hipEventDestroy(on1));
  MT_CHECK(hipStreamDestroy(stream0));
}

/* ---- positive ---- */

static void test_every_valid_flag_combination_makes_an_event(void **state) {
  (void)state;
  const unsigned good[] = {
      hipEventDefault,
      hipEventBlockingSync,
      hipEventDisableTiming,
      hipEventInterprocess | hipEventDisableTiming,
      hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess,
      RELEASE_TO_DEVICE,
      RELEASE_TO_SYSTEM,
      DISABLE_SYSTEM_FENCE | hipEventBlockingSync,
  };
  hipEvent_t events[sizeof good / sizeof good[0]];
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
    events[i] = event_with(good[i]);
  assert_int_equal(mt_stats().live_events, sizeof good / sizeof good[0]);
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
    MT_CHECK(hipEventDestroy(events[i]));
  assert_int_equal(mt_stats().live_events, 0);
}

static void test_query_and_synchronize_succeed_recorded_or_not(void **state) {
  (void)state;
  hipEvent_t event = event_with(hipEventBlockingSync);
  MT_CHECK(hipEventQuery(event)); /* ROCm: an event never recorded is complete */
  MT_CHECK(hipEventSynchronize(event));
  hipStream_t stream;
  MT_CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
  MT_CHECK(hipEventRecord(event, stream));
  MT_CHECK(hipEventSynchronize(event));
  MT_CHECK(hipEventQuery(event));
  MT_CHECK(hipStreamWaitEvent(stream, event, 0));
  MT_CHECK(hipStreamWaitEvent(NULL, event, 0));
  /* Its stream is gone: the event has completed, so waiting on it succeeds. */
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipStreamWaitEvent(NULL, event, 0));
  MT_CHECK(hipEventQuery(event));
  MT_CHECK(hipEventDestroy(event));
}

static void test_elapsed_time_is_wall_time(void **state) {
  (void)state;
  hipEvent_t start = event_with(0), stop = event_with(hipEventBlockingSync);
  float ms = -1;
  MT_CHECK(hipEventRecord(start, NULL));
  MT_CHECK(hipEventSynchronize(start)); /* where streams run asynchronously, it takes time */
  MT_CHECK(hipEventElapsedTime(&ms, start, start));
  assert_true(ms == 0.0f);
  sleep_ms(30);
  MT_CHECK(hipEventRecord(stop, LEGACY));
  MT_CHECK(hipEventSynchronize(stop));
  MT_CHECK(hipEventElapsedTime(&ms, start, stop));
  assert_true(ms >= 29.0f && ms < 5000.0f);
  float back = 0;
  MT_CHECK(hipEventElapsedTime(&back, stop, start));
  assert_true(back == -ms);
  /* A new record moves the time. */
  MT_CHECK(hipEventRecord(start, NULL));
  MT_CHECK(hipEventSynchronize(start));
  MT_CHECK(hipEventElapsedTime(&back, stop, start));
  assert_true(back >= 0.0f && back < ms);
  MT_CHECK(hipEventDestroy(start));
  MT_CHECK(hipEventDestroy(stop));
}

/* The HIP call itself is here: a static helper could not be named. */
MT_SITE hipEvent_t events_test_create(void) {
  hipEvent_t event = NULL;
  MT_CHECK(hipEventCreate(&event));
  return event;
}

static void test_live_events_are_reported_with_their_maker(void **state) {
  (void)state;
  hipEvent_t event = events_test_create();
  assert_int_equal(mockhip_live_objects(), 1);
  FILE *out = tmpfile();
  assert_int_equal(mockhip_leak_report(out), 1);
  char *text = mt_read_stream(out);
  fclose(out);
  char prefix[96];
  snprintf(prefix, sizeof prefix, "mockhip: leak: event#%llu (%#llx), made at ",
           mt_id_number(event), (unsigned long long)(uintptr_t)event);
  const char *line = mt_line_starting(text, prefix);
  if (line == NULL)
    print_error("no line \"%s\" in:\n%s", prefix, text);
  assert_non_null(line);
  assert_true(mt_site_is(line + strlen(prefix), "/proc/self/exe", "events_test_create"));
  free(text);
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "events: 1"));
  free(dump);
  MT_CHECK(hipEventDestroy(event));
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_create_rejects_bad_flags),
      MT_CLEAN_TEST(test_null_and_dead_events_are_refused),
      MT_CLEAN_TEST(test_record_and_wait_refuse_dead_streams),
      MT_CLEAN_TEST(test_elapsed_time_needs_two_timed_records),
      MT_CLEAN_TEST(test_events_belong_to_their_device),
  };
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_every_valid_flag_combination_makes_an_event),
      MT_CLEAN_TEST(test_query_and_synchronize_succeed_recorded_or_not),
      MT_CLEAN_TEST(test_elapsed_time_is_wall_time),
      MT_CLEAN_TEST(test_live_events_are_reported_with_their_maker),
  };
  return cmocka_run_group_tests_name("events_negative", negative, NULL, NULL) +
         cmocka_run_group_tests_name("events", positive, NULL, NULL);
}
