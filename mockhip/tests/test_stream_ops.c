/*
 * test_stream_ops.c: stream memory operations (stream_ops.c): hipStreamWriteValue32/64 write
 * a word in stream order; hipStreamWaitValue32/64 hold the stream's later work until the word
 * meets Gte, Eq, And or Nor under a mask, released by the host or by another stream. Runs
 * serial (a wait that does not hold turns streams asynchronous) and with MOCKHIP_STREAMS=async.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

static void test_write_value(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  uint32_t *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 64));
  MT_CHECK(hipMemset(dev, 0, 64));
  MT_CHECK(hipStreamWriteValue32(stream, dev + 1, 0x70F0F0FFu, 0));
  MT_CHECK(hipStreamWriteValue64(stream, dev + 2, 0x7FFF0000FFFF0000ull, 0));
  MT_CHECK(hipStreamSynchronize(stream));
  uint32_t back[16];
  MT_CHECK(hipMemcpy(back, dev, sizeof back, hipMemcpyDeviceToHost));
  assert_int_equal(back[0], 0);
  assert_int_equal(back[1], 0x70F0F0FFu);
  uint64_t wide;
  memcpy(&wide, &back[2], sizeof wide);
  assert_true(wide == 0x7FFF0000FFFF0000ull);
  assert_int_equal(back[4], 0);

  /* registered host memory, written through the null stream */
  uint64_t *host = calloc(4, sizeof *host);
  MT_CHECK(hipHostRegister(host, 4 * sizeof *host, 0));
  MT_CHECK(hipStreamWriteValue64(NULL, host + 3, 42, 0));
  MT_CHECK(hipDeviceSynchronize());
  assert_true(host[3] == 42 && host[2] == 0);
  MT_CHECK(hipHostUnregister(host));
  free(host);
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipStreamDestroy(stream));
}

/* Each condition that holds at once lets the stream's later write run. */
static void test_wait_conditions(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  uint64_t *words = calloc(2, sizeof *words);
  MT_CHECK(hipHostRegister(words, 2 * sizeof *words, 0));
  struct {
    unsigned compare;
    uint64_t word, value, mask;
  } cases[] = {
      {hipStreamWaitValueGte, 0x6, 0x4, 0xF},
      {hipStreamWaitValueEq, 0x0FFF0001, 0x1, 0x0000FFFF},
      {hipStreamWaitValueAnd, 0x02, 0xF4A, 0xFF},
      {hipStreamWaitValueNor, 0x9AAAAAAA, 0x7AAAAAAA, 0xFFFFFFFF},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    words[0] = cases[i].word;
    words[1] = 0;
    MT_CHECK(hipStreamWaitValue64(stream, words, cases[i].value, cases[i].compare, cases[i].mask));
    MT_CHECK(hipStreamWaitValue32(stream, words, (uint32_t)cases[i].value, cases[i].compare,
                                  (uint32_t)cases[i].mask));
    MT_CHECK(hipStreamWriteValue64(stream, words + 1, i + 1, 0));
    MT_CHECK(hipStreamSynchronize(stream));
    assert_true(words[1] == i + 1);
  }
  MT_CHECK(hipHostUnregister(words));
  free(words);
  MT_CHECK(hipStreamDestroy(stream));
}

/* A wait that does not hold: the stream's later work waits until the host writes the word. */
static void test_wait_released_by_host(void **state) {
  (void)state;
  hipStream_t stream;
  hipEvent_t done;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&done));
  uint32_t *words = calloc(2, sizeof *words);
  MT_CHECK(hipHostRegister(words, 2 * sizeof *words, 0));
  words[0] = 0x85555555u; /* Nor of 0x7AAAAAAA: every bit of ~value set, so it waits */
  MT_CHECK(hipStreamWaitValue32(stream, words, 0x7AAAAAAAu, hipStreamWaitValueNor, 0xFFFFFFFFu));
  MT_CHECK(hipStreamWriteValue32(stream, words + 1, 0x4321, 0));
  MT_CHECK(hipEventRecord(done, stream));
  sleep_ms(20);
  MT_EXPECT(hipErrorNotReady, hipEventQuery(done));
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(stream));
  assert_int_equal(((volatile uint32_t *)words)[1], 0);
  __atomic_store_n(&words[0], 0x9AAAAAAAu, __ATOMIC_RELEASE);
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipEventQuery(done));
  assert_int_equal(words[1], 0x4321);
  MT_CHECK(hipHostUnregister(words));
  free(words);
  MT_CHECK(hipEventDestroy(done));
  MT_CHECK(hipStreamDestroy(stream));
}

/* Another stream's write releases the wait, on device memory. */
static void test_wait_released_by_stream(void **state) {
  (void)state;
  hipStream_t waiting, writer;
  MT_CHECK(hipStreamCreate(&waiting));
  MT_CHECK(hipStreamCreateWithFlags(&writer, hipStreamNonBlocking));
  uint64_t *dev = NULL, *flag = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 2 * sizeof *dev));
  MT_CHECK(hipMalloc((void **)&flag, sizeof *flag));
  MT_CHECK(hipMemset(dev, 0, 2 * sizeof *dev));
  MT_CHECK(hipMemset(flag, 0, sizeof *flag));
  MT_CHECK(
      hipStreamWaitValue64(waiting, flag, 0x7FFFFFFFFFFF0001ull, hipStreamWaitValueGte, ~0ull));
  MT_CHECK(hipStreamWriteValue64(waiting, dev, 7, 0));
  sleep_ms(10);
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(waiting));
  MT_CHECK(hipStreamWriteValue64(writer, flag, 0x7FFFFFFFFFFF0000ull, 0)); /* not enough */
  MT_CHECK(hipStreamSynchronize(writer));
  sleep_ms(10);
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(waiting));
  MT_CHECK(hipStreamWriteValue64(writer, flag, 0x7FFFFFFFFFFF0001ull, 0));
  MT_CHECK(hipStreamSynchronize(waiting));
  uint64_t back[2];
  MT_CHECK(hipMemcpy(back, dev, sizeof back, hipMemcpyDeviceToHost));
  assert_true(back[0] == 7 && back[1] == 0);
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipFree(flag));
  MT_CHECK(hipStreamDestroy(waiting));
  MT_CHECK(hipStreamDestroy(writer));
}

/* ---- negative: one case per invalid argument ---- */

static void test_stream_ops_negative(void **state) {
  (void)state;
  hipStream_t stream, gone;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamCreate(&gone));
  MT_CHECK(hipStreamDestroy(gone));
  uint32_t *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 16));
  uint64_t pageable = 0;
  MT_EXPECT(hipErrorInvalidValue, hipStreamWriteValue32(stream, NULL, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWriteValue64(stream, NULL, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitValue32(stream, NULL, 0, 0, ~0u));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitValue64(stream, NULL, 0, 0, ~0ull));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamWriteValue32(gone, dev, 0, 0));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamWaitValue64(gone, dev, 0, 0, ~0ull));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWriteValue64(stream, &pageable, 1, 0));
  assert_true(pageable == 0);
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitValue32(stream, &pageable, 0, 0, ~0u));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWriteValue64(stream, dev + 3, 1, 0)); /* past 16 */
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitValue32(stream, dev, 0, 4, ~0u));
  MT_EXPECT(hipErrorInvalidValue, hipStreamWaitValue64(stream, dev, 0, 0xFFFFFFFFu, ~0ull));
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_attribute(void **state) {
  (void)state;
  int value = 0;
  MT_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeCanUseStreamWaitValue, 0));
  assert_int_equal(value, 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_attribute),
      MT_CLEAN_TEST(test_write_value),
      MT_CLEAN_TEST(test_wait_conditions),
      MT_CLEAN_TEST(test_stream_ops_negative),
      MT_CLEAN_TEST(test_wait_released_by_host),
      MT_CLEAN_TEST(test_wait_released_by_stream),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
