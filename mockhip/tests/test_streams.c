/*
 * test_streams.c: what a stream remembers (flags, priority, device), the
 * handles every stream argument takes (NULL, hipStreamLegacy,
 * hipStreamPerThread), the per-thread streams (one per thread and device,
 * never counted, gone with their thread) and synchronisation, which never
 * waits. Runs with two devices.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define LEGACY ((hipStream_t)1) /* hipStreamLegacy */

/* ---- negative ---- */

static void test_create_rejects_null_and_bad_flags(void **state) {
  (void)state;
  hipStream_t stream = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreateWithFlags(NULL, hipStreamDefault));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreateWithPriority(NULL, hipStreamDefault, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreateWithFlags(&stream, 2));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreateWithFlags(&stream, 3));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreateWithPriority(&stream, 0x80000000u, 0));
  assert_null(stream);
  assert_string_equal(mockhip_last_reason(), "hipStreamCreateWithPriority: flags 0x80000000 is "
                                             "neither hipStreamDefault nor hipStreamNonBlocking");
}

static void test_destroy_refuses_what_is_not_created(void **state) {
  (void)state;
  int on_stack = 0;
  MT_EXPECT(hipErrorInvalidHandle, hipStreamDestroy(NULL));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipStreamDestroy(hipStreamPerThread));
  MT_EXPECT(hipErrorInvalidResourceHandle, hipStreamDestroy(LEGACY));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamDestroy((hipStream_t)&on_stack));
}

static void test_getters_reject_null_and_dead_streams(void **state) {
  (void)state;
  hipStream_t stream;
  unsigned flags = 7;
  int value = 7;
  MT_CHECK(hipStreamCreate(&stream));
  MT_EXPECT(hipErrorInvalidValue, hipStreamGetFlags(stream, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipStreamGetFlags(NULL, &flags));
  MT_EXPECT(hipErrorInvalidValue, hipStreamGetPriority(stream, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipStreamGetDevice(stream, NULL));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamGetFlags(stream, &flags));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamGetPriority(stream, &value));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamGetDevice(stream, &value));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamQuery(stream));
  assert_int_equal(flags, 7);
  assert_int_equal(value, 7);
}

/* ---- what a stream remembers ---- */

static void test_flags_priority_and_device_are_remembered(void **state) {
  (void)state;
  hipStream_t blocking, non_blocking, high, low, normal;
  MT_CHECK(hipStreamCreate(&blocking));
  MT_CHECK(hipStreamCreateWithFlags(&non_blocking, hipStreamNonBlocking));
  MT_CHECK(hipStreamCreateWithPriority(&high, hipStreamNonBlocking, -100));
  MT_CHECK(hipStreamCreateWithPriority(&low, hipStreamDefault, 100));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipStreamCreateWithPriority(&normal, hipStreamDefault, 0));
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(mt_stats().live_streams, 5);

  unsigned flags;
  int priority, device;
  MT_CHECK(hipStreamGetFlags(blocking, &flags));
  assert_int_equal(flags, hipStreamDefault);
  MT_CHECK(hipStreamGetFlags(non_blocking, &flags));
  assert_int_equal(flags, hipStreamNonBlocking);
  MT_CHECK(hipStreamGetFlags(high, &flags));
  assert_int_equal(flags, hipStreamNonBlocking);
  /* Clamped into the range the device reports, as ROCm does. */
  int least = 0, greatest = 0;
  MT_CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  assert_int_equal(least, 1);
  assert_int_equal(greatest, -1);
  MT_CHECK(hipStreamGetPriority(high, &priority));
  assert_int_equal(priority, greatest);
  MT_CHECK(hipStreamGetPriority(low, &priority));
  assert_int_equal(priority, least);
  MT_CHECK(hipStreamGetPriority(normal, &priority));
  assert_int_equal(priority, 0);
  MT_CHECK(hipStreamGetPriority(blocking, &priority));
  assert_int_equal(priority, 0);
  /* The device is the one current at creation, whatever is current now. */
  MT_CHECK(hipStreamGetDevice(normal, &device));
  assert_int_equal(device, 1);
  MT_CHECK(hipStreamGetDevice(blocking, &device));
  assert_int_equal(device, 0);

  hipStream_t all[] = {blocking, non_blocking, high, low, normal};
  for (size_t i = 0; i < 5; i++)
    MT_CHECK(hipStreamDestroy(all[i]));
}

static void test_priority_range_takes_null_pointers(void **state) {
  (void)state;
  int least = 5;
  MT_CHECK(hipDeviceGetStreamPriorityRange(NULL, NULL));
  MT_CHECK(hipDeviceGetStreamPriorityRange(&least, NULL));
  assert_int_equal(least, 1);
}

/* ---- the implicit streams ---- */

static void test_null_and_legacy_are_the_current_device(void **state) {
  (void)state;
  unsigned flags = 9;
  int priority = 9, device = 9;
  MT_CHECK(hipStreamGetPriority(NULL, &priority));
  assert_int_equal(priority, 0);
  MT_CHECK(hipStreamGetFlags(LEGACY, &flags));
  assert_int_equal(flags, hipStreamDefault);
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipStreamGetDevice(NULL, &device));
  assert_int_equal(device, 1);
  MT_CHECK(hipStreamGetDevice(LEGACY, &device));
  assert_int_equal(device, 1);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipStreamGetDevice(LEGACY, &device));
  assert_int_equal(device, 0);
  MT_CHECK(hipStreamSynchronize(NULL));
  MT_CHECK(hipStreamSynchronize(LEGACY));
  MT_CHECK(hipStreamQuery(NULL));
  MT_CHECK(hipStreamQuery(LEGACY));
}

/* Every call that takes a stream takes the two sentinels. */
static void test_sentinels_are_valid_everywhere(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  unsigned char *dev = m.base, in[32], out[32];
  memset(in, 0x5a, sizeof in);
  hipEvent_t event;
  MT_CHECK(hipEventCreate(&event));
  hipStream_t sentinels[] = {LEGACY, hipStreamPerThread};
  for (size_t i = 0; i < 2; i++) {
    hipStream_t s = sentinels[i];
    memset(out, 0, sizeof out);
    MT_CHECK(hipMemcpyAsync(dev, in, sizeof in, hipMemcpyHostToDevice, s));
    MT_CHECK(hipMemcpyHtoDAsync(dev + 32, in, sizeof in, s));
    MT_CHECK(hipMemcpyDtoDAsync(dev + 64, dev + 32, sizeof in, s));
    MT_CHECK(hipMemcpyDtoHAsync(out, dev + 64, sizeof out, s));
    assert_memory_equal(out, in, sizeof in);
    MT_CHECK(hipMemsetAsync(dev, 1, 8, s));
    MT_CHECK(hipMemsetD8Async(dev, 2, 8, s));
    MT_CHECK(hipMemsetD32Async(dev, 3, 2, s));
    MT_CHECK(hipMemcpyPeerAsync(dev + 96, 0, dev, 0, 8, s));
    MT_CHECK(hipEventRecord(event, s));
    MT_CHECK(hipStreamWaitEvent(s, event, 0));
    MT_CHECK(hipStreamSynchronize(s));
    MT_CHECK(hipStreamQuery(s));
    hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
    MT_CHECK(hipStreamIsCapturing(s, &status));
    assert_int_equal(status, hipStreamCaptureStatusNone);
  }
  MT_CHECK(hipEventDestroy(event));
  mt_mapping_destroy(&m);
}

static void test_per_thread_stream_is_per_device_and_never_counted(void **state) {
  (void)state;
  unsigned flags = 9;
  int priority = 9, device = 9;
  MT_CHECK(hipStreamGetFlags(hipStreamPerThread, &flags));
  assert_int_equal(flags, hipStreamDefault);
  MT_CHECK(hipStreamGetPriority(hipStreamPerThread, &priority));
  assert_int_equal(priority, 0);
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipStreamGetDevice(hipStreamPerThread, &device));
  assert_int_equal(device, 1);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipStreamGetDevice(hipStreamPerThread, &device));
  assert_int_equal(device, 0);
  /* Not a created stream: no count, no leak, nothing to destroy. */
  assert_int_equal(mt_stats().live_streams, 0);
  assert_int_equal(mockhip_live_objects(), 0);
  FILE *out = tmpfile();
  assert_int_equal(mockhip_leak_report(out), 0);
  fclose(out);
}

/* A thread that began a capture on its per-thread stream and exits without ending it. */
static void *capture_and_exit(void *arg) {
  (void)arg;
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  MT_CHECK(hipStreamBeginCapture(hipStreamPerThread, hipStreamCaptureModeGlobal));
  MT_CHECK(hipStreamIsCapturing(hipStreamPerThread, &status));
  assert_int_equal(status, hipStreamCaptureStatusActive);
  return NULL;
}

static void test_per_thread_streams_go_with_their_thread(void **state) {
  (void)state;
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, capture_and_exit, NULL), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  /* Its Global capture went with it: hipMalloc is allowed again. */
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 64));
  MT_CHECK(hipFree(block));
  char *dump = mt_dump_text();
  assert_null(strstr(dump, "capture "));
  free(dump);
  /* This thread's own per-thread stream is another one, not capturing. */
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  MT_CHECK(hipStreamIsCapturing(hipStreamPerThread, &status));
  assert_int_equal(status, hipStreamCaptureStatusNone);
}

/* ---- many threads at once ---- */

static void *create_query_destroy(void *arg) {
  (void)arg;
  for (int i = 0; i < 2000; i++) {
    hipStream_t stream;
    MT_CHECK(hipStreamCreateWithPriority(&stream, (unsigned)(i & 1), i % 3 - 1));
    MT_CHECK(hipStreamQuery(stream));
    MT_CHECK(hipStreamQuery(hipStreamPerThread));
    MT_CHECK(hipStreamSynchronize(stream));
    MT_CHECK(hipStreamDestroy(stream));
  }
  return NULL;
}

static void test_threads_create_and_destroy_at_once(void **state) {
  (void)state;
  pthread_t threads[4];
  for (int i = 0; i < 4; i++)
    assert_int_equal(pthread_create(&threads[i], NULL, create_query_destroy, NULL), 0);
  for (int i = 0; i < 4; i++)
    assert_int_equal(pthread_join(threads[i], NULL), 0);
  assert_int_equal(mt_stats().live_streams, 0);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_create_rejects_null_and_bad_flags),
      MT_CLEAN_TEST(test_destroy_refuses_what_is_not_created),
      MT_CLEAN_TEST(test_getters_reject_null_and_dead_streams),
  };
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_flags_priority_and_device_are_remembered),
      MT_CLEAN_TEST(test_priority_range_takes_null_pointers),
      MT_CLEAN_TEST(test_null_and_legacy_are_the_current_device),
      MT_CLEAN_TEST(test_sentinels_are_valid_everywhere),
      MT_CLEAN_TEST(test_per_thread_stream_is_per_device_and_never_counted),
      MT_CLEAN_TEST(test_per_thread_streams_go_with_their_thread),
      MT_CLEAN_TEST(test_threads_create_and_destroy_at_once),
  };
  return cmocka_run_group_tests_name("streams_negative", negative, NULL, NULL) +
         cmocka_run_group_tests_name("streams", positive, NULL, NULL);
}
