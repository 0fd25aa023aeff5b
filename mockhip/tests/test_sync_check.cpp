/*
 * test_sync_check.cpp: the synchronisation checker (MOCKHIP_SYNC_CHECK, set by main, strict off).
 * Each case makes one mistake a GPU punishes and expects exactly one report naming it; its twin
 * makes the same calls with the synchronisation that orders them and expects none. ctest runs
 * it serially, with MOCKHIP_STREAMS=async and playing HIP on NVIDIA: the reports are the same,
 * since the checker follows the order of calls, not of the threads.
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

__global__ void fill(int *data, int value) { data[blockIdx.x * blockDim.x + threadIdx.x] = value; }

__global__ void sum_into(const int *data, int *out) {
  atomicAdd(out, data[blockIdx.x * blockDim.x + threadIdx.x]);
}

typedef struct world {
  hipStream_t a, b, non_blocking;
  hipEvent_t event;
  int *p; /* 1024 ints of device memory */
  int *out;
} world;

static world w;

static int setup(void **state) {
  (void)state;
  MT_CHECK(hipStreamCreate(&w.a));
  MT_CHECK(hipStreamCreate(&w.b));
  MT_CHECK(hipStreamCreateWithFlags(&w.non_blocking, hipStreamNonBlocking));
  MT_CHECK(hipEventCreate(&w.event));
  MT_CHECK(hipMalloc((void **)&w.p, 1024 * sizeof(int)));
  MT_CHECK(hipMalloc((void **)&w.out, 2 * sizeof(int)));
  mt_stderr_begin();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  MT_CHECK(hipFree(w.p));
  MT_CHECK(hipFree(w.out));
  MT_CHECK(hipEventDestroy(w.event));
  MT_CHECK(hipStreamDestroy(w.a));
  MT_CHECK(hipStreamDestroy(w.b));
  MT_CHECK(hipStreamDestroy(w.non_blocking));
  return 0;
}

static std::string stream_name(hipStream_t stream) {
  return "stream#" + std::to_string(mt_id_number((const void *)stream));
}

/* ---- two streams, one buffer ---- */

static void test_two_streams_writing_one_buffer_race(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipMemsetAsync(w.p, 2, 4096, w.b));
  std::string a = stream_name(w.a), b = stream_name(w.b);
  const char *want[] = {"unordered stream work",
                        "hipMemsetAsync on",
                        a.c_str(),
                        b.c_str(),
                        "hipMalloc#",
                        "hipStreamWaitEvent",
                        NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

static void test_two_streams_ordered_by_an_event_do_not_race(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipEventRecord(w.event, w.a));
  MT_CHECK(hipStreamWaitEvent(w.b, w.event, 0));
  MT_CHECK(hipMemsetAsync(w.p, 2, 4096, w.b));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_a_stream_synchronised_before_another_uses_its_memory_does_not_race(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipStreamSynchronize(w.a));
  MT_CHECK(hipMemsetAsync(w.p, 2, 4096, w.b));
  MT_CHECK(hipEventRecord(w.event, w.b));
  MT_CHECK(hipEventSynchronize(w.event));
  MT_CHECK(hipMemsetAsync(w.p, 3, 4096, w.non_blocking));
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipMemsetAsync(w.p, 4, 4096, w.a));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_disjoint_ranges_on_two_streams_do_not_race(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 2048, w.a));
  MT_CHECK(hipMemsetAsync(w.p + 512, 2, 2048, w.b));
  MT_CHECK(hipMemcpyAsync(w.out, w.p, sizeof(int), hipMemcpyDeviceToDevice, w.a));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_a_copy_reading_what_another_stream_writes_races(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipMemcpyAsync(w.out, w.p + 100, sizeof(int), hipMemcpyDeviceToDevice, w.b));
  const char *want[] = {"hipMemcpyAsync", "reads", "which hipMemsetAsync", "wrote", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

/* ---- kernels: what their pointer arguments reach ---- */

static void test_kernels_reading_one_buffer_on_two_streams_do_not_race(void **state) {
  (void)state;
  MT_CHECK(hipMemset(w.out, 0, 2 * sizeof(int)));
  hipLaunchKernelGGL(sum_into, dim3(4), dim3(256), 0, w.a, w.p, w.out);
  hipLaunchKernelGGL(sum_into, dim3(4), dim3(256), 0, w.b, w.p, w.out + 1);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_a_kernel_writing_what_another_stream_reads_races(void **state) {
  (void)state;
  hipLaunchKernelGGL(sum_into, dim3(4), dim3(256), 0, w.a, w.p, w.out);
  hipLaunchKernelGGL(fill, dim3(4), dim3(256), 0, w.b, w.p, 7);
  const char *want[] = {"hipLaunchKernel", "writes", "read", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

static void test_kernels_writing_halves_of_a_buffer_do_not_race(void **state) {
  (void)state;
  hipLaunchKernelGGL(fill, dim3(2), dim3(256), 0, w.a, w.p, 1);
  hipLaunchKernelGGL(fill, dim3(2), dim3(256), 0, w.b, w.p + 512, 2);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

struct never_defined;
__global__ void takes_opaque(struct never_defined *p, void *raw) {
  (void)p;
  (void)raw;
}

static void test_kernels_given_pointers_to_incomplete_types_and_void_launch(void **state) {
  (void)state;
  /* a pointee with no size counts one byte: the launch compiles and is followed */
  hipLaunchKernelGGL(takes_opaque, dim3(1), dim3(1), 0, w.a, (struct never_defined *)w.p,
                     (void *)w.p);
  hipLaunchKernelGGL(takes_opaque, dim3(1), dim3(1), 0, w.b, (struct never_defined *)w.p,
                     (void *)(w.p + 1));
  const char *want[] = {"takes_opaque", "(1 bytes)", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

/* ---- host threads ---- */

/* A thread the checker first sees knows what the other host threads knew: what the main thread
   synchronised with is ordered before the new thread's work, and what it did not is not. */
static void queue_from_another_thread(hipStream_t stream) {
  std::thread([stream] { MT_CHECK(hipMemsetAsync(w.p, 2, 4096, stream)); }).join();
}

static void test_a_new_host_thread_knows_what_the_others_knew(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipStreamSynchronize(w.a));
  queue_from_another_thread(w.b);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
  mt_stderr_begin();
  MT_CHECK(hipMemsetAsync(w.p, 3, 4096, w.non_blocking));
  queue_from_another_thread(w.a);
  const char *want[] = {"unordered stream work", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

/* ---- what it keeps ---- */

/* Past 4,096 touches not yet known to every host thread, the oldest are forgotten: a race with
   one of them goes unreported (docs: what it does not see); touches the host is ordered after
   are dropped first. */
static void test_the_oldest_touches_are_forgotten_past_4096(void **state) {
  (void)state;
  unsigned char *bytes = nullptr;
  MT_CHECK(hipMalloc((void **)&bytes, 8192));
  for (int i = 0; i < 4200; i++)
    MT_CHECK(hipMemsetAsync(bytes + i, 1, 1, w.a));
  MT_CHECK(hipMemsetAsync(bytes, 2, 1, w.b));        /* its rival was forgotten */
  MT_CHECK(hipMemsetAsync(bytes + 4199, 2, 1, w.b)); /* its rival is kept */
  const char *want[] = {"unordered stream work", "+0x1067 (1 bytes)", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
  mt_stderr_begin();
  MT_CHECK(hipDeviceSynchronize()); /* the host knows every one of them now */
  for (int i = 0; i < 4200; i++)
    MT_CHECK(hipMemsetAsync(bytes + i, 3, 1, w.a));
  MT_CHECK(hipMemsetAsync(bytes + 4199, 4, 1, w.b));
  MT_CHECK(hipFree(bytes));
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

/* ---- graphs: a launch is one operation of its stream ---- */

static hipGraphExec_t captured_set(int *p, hipStream_t on) {
  hipGraph_t graph;
  hipGraphExec_t exec;
  MT_CHECK(hipStreamBeginCapture(on, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(p, 5, 4096, on)); /* captured: touches nothing yet */
  MT_CHECK(hipStreamEndCapture(on, &graph));
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphDestroy(graph));
  return exec;
}

static void test_a_graph_launch_racing_another_stream_is_reported(void **state) {
  (void)state;
  hipGraphExec_t exec = captured_set(w.p, w.a);
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
  mt_stderr_begin();
  MT_CHECK(hipGraphLaunch(exec, w.a));
  MT_CHECK(hipMemcpyAsync(w.out, w.p, sizeof(int), hipMemcpyDeviceToDevice, w.b));
  const char *want[] = {"hipMemcpyAsync", "hipGraphLaunch", "wrote", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
  mt_stderr_begin();
  MT_CHECK(hipGraphLaunch(exec, w.a));
  MT_CHECK(hipEventRecord(w.event, w.a));
  MT_CHECK(hipStreamWaitEvent(w.b, w.event, 0));
  MT_CHECK(hipMemcpyAsync(w.out, w.p, sizeof(int), hipMemcpyDeviceToDevice, w.b));
  MT_CHECK(hipGraphExecDestroy(exec));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* What the checker does not follow is never reported, right or wrong: a C kernel (its args are
   opaque) and an empty graph touch nothing it can see. */
static void c_kernel_writes(void *args) { static_cast<int *>(args)[threadIdx.x] = 9; }

static void test_what_the_checker_does_not_follow_reports_nothing(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(
      mockhip_launch_kernel("c_kernel_writes", c_kernel_writes, dim3(1), dim3(4), 0, w.b, w.p));
  hipGraph_t graph;
  hipGraphExec_t exec;
  MT_CHECK(hipGraphCreate(&graph, 0));
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, w.b));
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- the legacy null stream ---- */

static void test_the_null_stream_waits_for_blocking_streams(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.a));
  MT_CHECK(hipMemsetAsync(w.p, 2, 4096, NULL));
  MT_CHECK(hipMemsetAsync(w.p, 3, 4096, w.b)); /* after the null stream's work */
  MT_CHECK(hipMemsetAsync(w.out, 0, 8, w.a));
  MT_CHECK(hipMemset(w.p + 1000, 1, 8)); /* synchronous, after every blocking stream */
  MT_CHECK(hipMemsetAsync(w.out, 2, 8, w.non_blocking));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

static void test_a_non_blocking_stream_is_not_ordered_by_the_null_stream(void **state) {
  (void)state;
  MT_CHECK(hipMemsetAsync(w.p, 1, 4096, w.non_blocking));
  MT_CHECK(hipMemset(w.out, 0, 8)); /* waits for the blocking streams only */
  MT_CHECK(hipMemsetAsync(w.p, 2, 4096, w.a));
  std::string nb = stream_name(w.non_blocking);
  const char *want[] = {"unordered stream work", nb.c_str(), NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

/* ---- stream-ordered frees ---- */

static void test_use_after_hip_free_async_on_another_stream_is_reported(void **state) {
  (void)state;
  int *q = nullptr;
  MT_CHECK(hipMallocAsync((void **)&q, 4096, w.a));
  MT_CHECK(hipMemsetAsync(q, 1, 4096, w.a));
  MT_CHECK(hipFreeAsync(q, w.a));
  hipError_t err = hipMemsetAsync(q, 2, 4096, w.b);
  (void)err; /* the pool keeps the memory mapped: the call itself may pass */
  const char *want[] = {"hipFreeAsync", "freed", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), err == hipSuccess ? 1 : 0);
}

static void test_free_async_racing_work_of_another_stream_is_reported(void **state) {
  (void)state;
  int *q = nullptr;
  MT_CHECK(hipMallocAsync((void **)&q, 4096, w.a));
  MT_CHECK(hipStreamSynchronize(w.a));
  MT_CHECK(hipMemsetAsync(q, 1, 4096, w.b));
  MT_CHECK(hipFreeAsync(q, w.a));
  const char *want[] = {"stream work unordered with hipFreeAsync", "frees", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 1);
}

static void test_free_async_after_its_own_streams_work_and_reuse_is_quiet(void **state) {
  (void)state;
  int *q = nullptr, *r = nullptr;
  MT_CHECK(hipMallocAsync((void **)&q, 4096, w.a));
  MT_CHECK(hipMemsetAsync(q, 1, 4096, w.a));
  MT_CHECK(hipFreeAsync(q, w.a));
  MT_CHECK(hipMallocAsync((void **)&r, 4096, w.a)); /* may be q's memory again */
  MT_CHECK(hipMemsetAsync(r, 2, 4096, w.a));
  MT_CHECK(hipFreeAsync(r, w.a));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

/* ---- memory given back while work may use it ---- */

static void mark_ran(void *flag) { static_cast<std::atomic<bool> *>(flag)->store(true); }

/* Unmaps memory that work queued on the non-blocking stream wrote, after that work ran but with
   nothing that tells the host so (a flag a host function sets): the checker judges the order of
   calls, and the mock's memory outlives the work. */
static int unmap_after_work(bool synchronise) {
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  std::atomic<bool> ran{false};
  MT_CHECK(hipMemsetAsync(m.base, 1, 4096, w.non_blocking));
  MT_CHECK(hipLaunchHostFunc(w.non_blocking, mark_ran, &ran));
  if (synchronise)
    MT_CHECK(hipStreamSynchronize(w.non_blocking));
  while (!ran)
    sched_yield();
  mt_mapping_destroy(&m);
  const char *want[] = {"memory given back while stream work may use it", "hipMemUnmap",
                        "may still write", NULL};
  return mt_strict_reports(want, NULL);
}

static void
test_unmap_of_memory_queued_work_uses_is_reported_where_unmap_waits_for_nothing(void **state) {
  (void)state;
  /* The newest ROCm synchronises every stream first; 6.x to 7.2 only the legacy null stream's
     blocking ones; HIP on NVIDIA none. */
  const char *platform = getenv("MOCKHIP_PLATFORM");
  const char *version = getenv("MOCKHIP_ROCM_VERSION");
  bool waits = (platform == NULL || strcmp(platform, "nvidia") != 0) &&
               (version == NULL || strcmp(version, "newest") == 0);
  assert_int_equal(unmap_after_work(false), waits ? 0 : 1);
  mt_stderr_begin();
  assert_int_equal(unmap_after_work(true), 0);
}

/* ---- events never recorded ---- */

static void test_a_wait_on_an_event_never_recorded_is_reported(void **state) {
  (void)state;
  hipEvent_t never;
  MT_CHECK(hipEventCreate(&never));
  MT_CHECK(hipEventSynchronize(never));
  MT_CHECK(hipStreamWaitEvent(w.a, never, 0));
  assert_int_equal(hipEventQuery(never), hipSuccess);
  const char *want[] = {"wait on an event never recorded", "hipEventSynchronize",
                        "waits for nothing", NULL};
  assert_int_equal(mt_strict_reports(want, NULL), 3);
  mt_stderr_begin();
  MT_CHECK(hipEventRecord(never, w.a));
  MT_CHECK(hipEventSynchronize(never));
  MT_CHECK(hipStreamWaitEvent(w.b, never, 0));
  MT_CHECK(hipEventDestroy(never));
  assert_int_equal(mt_strict_reports(NULL, NULL), 0);
}

int main(void) {
  setenv("MOCKHIP_SYNC_CHECK", "1", 1); /* its own switch: strict mode stays off */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_two_streams_writing_one_buffer_race, setup, teardown),
      cmocka_unit_test_setup_teardown(test_two_streams_ordered_by_an_event_do_not_race, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(
          test_a_stream_synchronised_before_another_uses_its_memory_does_not_race, setup, teardown),
      cmocka_unit_test_setup_teardown(test_disjoint_ranges_on_two_streams_do_not_race, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_a_copy_reading_what_another_stream_writes_races, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_kernels_reading_one_buffer_on_two_streams_do_not_race,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_a_kernel_writing_what_another_stream_reads_races, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_kernels_writing_halves_of_a_buffer_do_not_race, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(
          test_kernels_given_pointers_to_incomplete_types_and_void_launch, setup, teardown),
      cmocka_unit_test_setup_teardown(test_a_new_host_thread_knows_what_the_others_knew, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_the_oldest_touches_are_forgotten_past_4096, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_a_graph_launch_racing_another_stream_is_reported, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_what_the_checker_does_not_follow_reports_nothing, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_the_null_stream_waits_for_blocking_streams, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_a_non_blocking_stream_is_not_ordered_by_the_null_stream,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_use_after_hip_free_async_on_another_stream_is_reported,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_free_async_racing_work_of_another_stream_is_reported,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_free_async_after_its_own_streams_work_and_reuse_is_quiet,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(
          test_unmap_of_memory_queued_work_uses_is_reported_where_unmap_waits_for_nothing, setup,
          teardown),
      cmocka_unit_test_setup_teardown(test_a_wait_on_an_event_never_recorded_is_reported, setup,
                                      teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
