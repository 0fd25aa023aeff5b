/*
 * test_sync_host.cpp: the synchronisation checker's host side (MOCKHIP_SYNC_CHECK, strict off):
 * the host touching pinned or managed memory that work queued on a stream still writes, or
 * writing what it still reads, before a synchronisation orders them. Each mistake expects one
 * report naming the host's touch, its site, the work and the stream; its twin synchronises
 * first and expects none, with the right bytes. ctest runs it serially, with
 * MOCKHIP_STREAMS=async and playing HIP on NVIDIA: the same reports, since the pages are
 * guarded from the call that queues the work to the one that waits for it.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "report_lines.h"
}

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include <atomic>
#include <string>
#include <thread>

__global__ void square(int *out, const int *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * in[i];
}

enum { INTS = 2048 }; /* two pages of ints */

typedef struct world {
  hipStream_t a;
  hipEvent_t done;
  int *dev;    /* device memory, INTS ints of 7 */
  int *pinned; /* hipHostMalloc, INTS ints */
  int *managed;
} world;

static world w;

static int setup(void **state) {
  (void)state;
  MT_CHECK(hipStreamCreate(&w.a));
  MT_CHECK(hipEventCreate(&w.done));
  MT_CHECK(hipMalloc((void **)&w.dev, INTS * sizeof(int)));
  MT_CHECK(hipMemsetD32(w.dev, 7, INTS));
  MT_CHECK(hipHostMalloc((void **)&w.pinned, INTS * sizeof(int), 0));
  MT_CHECK(hipMallocManaged((void **)&w.managed, INTS * sizeof(int)));
  mt_stderr_begin();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  MT_CHECK(hipFree(w.dev));
  MT_CHECK(hipHostFree(w.pinned));
  MT_CHECK(hipFree(w.managed));
  MT_CHECK(hipEventDestroy(w.done));
  MT_CHECK(hipStreamDestroy(w.a));
  return 0;
}

static std::string stream_name(hipStream_t stream) {
  return "stream#" + std::to_string(mt_id_number((const void *)stream));
}

/* The race a case makes on purpose, with a kernel still running where streams run
   asynchronously: the checker's to report; ThreadSanitizer is told it is meant. */
#if defined(__SANITIZE_THREAD__)
extern "C" void AnnotateIgnoreReadsBegin(const char *file, int line);
extern "C" void AnnotateIgnoreReadsEnd(const char *file, int line);
#define RACE_ON_PURPOSE(read)                                                                      \
  do {                                                                                             \
    AnnotateIgnoreReadsBegin(__FILE__, __LINE__);                                                  \
    read;                                                                                          \
    AnnotateIgnoreReadsEnd(__FILE__, __LINE__);                                                    \
  } while (0)
#else
#define RACE_ON_PURPOSE(read) read
#endif

/* Where a read's value goes: a load whose value nothing uses is left out under valgrind. */
static volatile int sink;

/* The host's touches, each a site a report can name (once: a report is once per site). */
extern "C" MT_SITE int host_reads(const int *p) { return *(const volatile int *)p; }
extern "C" MT_SITE void host_writes(int *p, int value) { *(volatile int *)p = value; }

/* ---- a copy into pinned memory, read before the synchronise ---- */

static void test_reading_what_an_async_copy_writes_before_synchronising_is_reported(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, INTS * sizeof(int), hipMemcpyDeviceToHost, w.a));
  int first = host_reads(w.pinned + 3);
  int second = host_reads(w.pinned + 1500); /* the same copy, another page: said once */
  std::string a = stream_name(w.a);
  const char *want[] = {"host access before synchronisation: host read at ",
                        "host thread",
                        "reads hipHostMalloc#",
                        "+0xc,",
                        "which hipMemcpyAsync on ",
                        a.c_str(),
                        "writes",
                        "synchronise ",
                        NULL};
  char *text;
  assert_int_equal(mt_strict_reports(want, &text), 1);
  const char *site = strstr(text, "host read at ") + strlen("host read at ");
  assert_true(mt_site_is(site, "/proc/self/exe", "host_reads"));
  free(text);
  MT_CHECK(hipStreamSynchronize(w.a));
  const char *mode = getenv("MOCKHIP_STREAMS");
  if (mode == NULL || strcmp(mode, "async") != 0) { /* the copy ran at the call */
    assert_int_equal(first, 7);
    assert_int_equal(second, 7);
  }
}

static void test_reading_after_each_kind_of_synchronise_is_quiet(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, INTS * sizeof(int), hipMemcpyDeviceToHost, w.a));
  MT_CHECK(hipStreamSynchronize(w.a));
  assert_int_equal(host_reads(w.pinned + 3), 7);
  MT_CHECK(hipMemsetAsync(w.pinned, 1, 64, w.a));
  MT_CHECK(hipEventRecord(w.done, w.a));
  MT_CHECK(hipEventSynchronize(w.done));
  assert_int_equal(host_reads(w.pinned), 0x01010101);
  MT_CHECK(hipMemsetAsync(w.pinned, 2, 64, w.a));
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(host_reads(w.pinned), 0x02020202);
  MT_CHECK(hipMemsetAsync(w.pinned, 3, 64, w.a));
  while (hipStreamQuery(w.a) == hipErrorNotReady) {
  }
  assert_int_equal(host_reads(w.pinned), 0x03030303);
  MT_CHECK(hipMemcpy(w.pinned, w.dev, 64, hipMemcpyDeviceToHost)); /* synchronous */
  assert_int_equal(host_reads(w.pinned), 7);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- a copy out of pinned memory: the host may read it meanwhile, not write it ---- */

static void test_writing_what_an_async_copy_reads_is_reported(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.dev, w.pinned, 256, hipMemcpyHostToDevice, w.a));
  host_writes(w.pinned + 10, 5);
  const char *want[] = {"host write at ", "writes hipHostMalloc#", "which hipMemcpyAsync on ",
                        " reads", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

static void test_reading_what_an_async_copy_reads_is_quiet(void **state) {
  (void)state;
  host_writes(w.pinned + 10, 5);
  MT_CHECK(hipMemcpyAsync(w.dev, w.pinned, 256, hipMemcpyHostToDevice, w.a));
  assert_int_equal(host_reads(w.pinned + 10), 5);
  MT_CHECK(hipStreamSynchronize(w.a));
  host_writes(w.pinned + 10, 6);
  int back = 0;
  MT_CHECK(hipMemcpy(&back, w.dev + 10, sizeof back, hipMemcpyDeviceToHost));
  assert_int_equal(back, 5);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- bytes of a guarded page that the work does not touch ---- */

static void test_other_bytes_of_the_same_page_are_quiet(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, 256, hipMemcpyDeviceToHost, w.a));
  host_writes(w.pinned + 512, 9); /* past the copy's 64 ints, on its page */
  assert_int_equal(host_reads(w.pinned + 512), 9);
  MT_CHECK(hipStreamSynchronize(w.a));
  assert_int_equal(host_reads(w.pinned + 63), 7);
  assert_int_equal(host_reads(w.pinned + 512), 9);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- kernels and managed memory ---- */

static void note_done(void *flag) { static_cast<std::atomic<bool> *>(flag)->store(true); }

/* Waits until the stream's work queued so far has run, without a call that orders the host
   after it: a kernel that touched a guarded page keeps it open while it runs (where streams
   run asynchronously, a host touch meanwhile is not seen), and the page is guarded again
   once the kernel ends. */
static void wait_unordered(hipStream_t stream) {
  std::atomic<bool> done{false};
  MT_CHECK(hipLaunchHostFunc(stream, note_done, &done));
  while (!done.load())
    sched_yield();
}

static void
test_reading_managed_memory_a_kernel_writes_before_synchronising_is_reported(void **state) {
  (void)state;
  for (int i = 0; i < INTS; i++)
    w.pinned[i] = i;
  hipLaunchKernelGGL(square, dim3(INTS / 256), dim3(256), 0, w.a, w.managed, w.pinned);
  MT_CHECK(hipGetLastError());
  wait_unordered(w.a);
  RACE_ON_PURPOSE(sink = *(volatile int *)(w.managed + 5)); /* a site of its own: once per site */
  const char *want[] = {"host read at ", "reads hipMallocManaged#", "which kernel square", "writes",
                        NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
  assert_int_equal(w.managed[5], 25);
}

static void test_reading_managed_memory_after_the_kernel_s_synchronise_is_quiet(void **state) {
  (void)state;
  for (int i = 0; i < INTS; i++)
    w.pinned[i] = i;
  hipLaunchKernelGGL(square, dim3(INTS / 256), dim3(256), 0, w.a, w.managed, w.pinned);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipStreamSynchronize(w.a));
  assert_int_equal(host_reads(w.managed + 5), 25);
  assert_int_equal(host_reads(w.managed + INTS - 1), (INTS - 1) * (INTS - 1));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* A kernel reaches pages guarded for earlier work of its stream, which are guarded again after. */
static void test_a_kernel_reads_pinned_memory_an_earlier_copy_wrote(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, INTS * sizeof(int), hipMemcpyDeviceToHost, w.a));
  hipLaunchKernelGGL(square, dim3(INTS / 256), dim3(256), 0, w.a, w.managed, w.pinned);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipMemsetAsync(w.pinned, 0, 16, w.a));
  wait_unordered(w.a);
  sink = *(volatile int *)(w.pinned + 2); /* still pending: the memset */
  const char *want[] = {"reads hipHostMalloc#", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
  assert_int_equal(w.managed[100], 49);
}

/* ---- host functions are their stream's work ---- */

static void check_first(void *data) {
  int *seen = (int *)data;
  *seen = host_reads(w.pinned);
}

static void test_a_host_function_after_the_copy_on_its_stream_is_quiet(void **state) {
  (void)state;
  int seen = 0;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, 64, hipMemcpyDeviceToHost, w.a));
  MT_CHECK(hipLaunchHostFunc(w.a, check_first, &seen));
  MT_CHECK(hipStreamSynchronize(w.a));
  assert_int_equal(seen, 7);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- another thread ---- */

extern "C" MT_SITE int thread_reads(const int *p) { return *(const volatile int *)p; }

/* A thread that made no HIP call knows what every host thread knew: here, not the copy. */
static void test_a_thread_that_made_no_hip_call_is_judged_too(void **state) {
  (void)state;
  MT_CHECK(hipMemcpyAsync(w.pinned, w.dev, 256, hipMemcpyDeviceToHost, w.a));
  std::thread reader([] { sink = thread_reads(w.pinned + 1); });
  reader.join();
  const char *want[] = {"host read at ", ": a host thread reads hipHostMalloc#", NULL};
  char *text;
  assert_int_equal(mt_strict_reports(want, &text), 1);
  const char *site = strstr(text, "host read at ") + strlen("host read at ");
  assert_true(mt_site_is(site, "/proc/self/exe", "thread_reads"));
  free(text);
}

/* ---- what the guard leaves alone ---- */

static void test_device_memory_and_pageable_memory_are_not_guarded(void **state) {
  (void)state;
  int *pageable = (int *)calloc(INTS, sizeof(int));
  MT_CHECK(hipMemcpyAsync(pageable, w.dev, 256, hipMemcpyDeviceToHost, w.a));
  assert_int_equal(host_reads(pageable + 3), 7); /* staged at the call on every platform */
  free(pageable);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_freeing_pinned_memory_with_its_copy_pending_drops_the_guard(void **state) {
  (void)state;
  int *other;
  MT_CHECK(hipHostMalloc((void **)&other, 4096, 0));
  MT_CHECK(hipMemcpyAsync(other, w.dev, 4096, hipMemcpyDeviceToHost, w.a));
  MT_CHECK(hipHostFree(other)); /* it waits for every stream */
  MT_CHECK(hipHostMalloc((void **)&other, 4096, 0));
  host_writes(other, 1);
  MT_CHECK(hipHostFree(other));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

int main(void) {
  setenv("MOCKHIP_SYNC_CHECK", "1", 1); /* its own switch: strict mode stays off */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(
          test_reading_what_an_async_copy_writes_before_synchronising_is_reported, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reading_after_each_kind_of_synchronise_is_quiet, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_writing_what_an_async_copy_reads_is_reported, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_reading_what_an_async_copy_reads_is_quiet, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_other_bytes_of_the_same_page_are_quiet, setup, teardown),
      cmocka_unit_test_setup_teardown(
          test_reading_managed_memory_a_kernel_writes_before_synchronising_is_reported, setup,
          teardown),
      cmocka_unit_test_setup_teardown(
          test_reading_managed_memory_after_the_kernel_s_synchronise_is_quiet, setup, teardown),
      cmocka_unit_test_setup_teardown(test_a_kernel_reads_pinned_memory_an_earlier_copy_wrote,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_a_host_function_after_the_copy_on_its_stream_is_quiet,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_a_thread_that_made_no_hip_call_is_judged_too, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_device_memory_and_pageable_memory_are_not_guarded, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(
          test_freeing_pinned_memory_with_its_copy_pending_drops_the_guard, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
