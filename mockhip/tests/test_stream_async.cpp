/*
 * test_stream_async.cpp: streams that run asynchronously (MOCKHIP_STREAMS=async, set by main).
 * Each ordering rule is shown with a gate: a host function at the head of a stream that holds
 * the stream's later work back until the test opens it, so "has not run yet" is a fact, not a
 * race. Its twin shows what the synchronisation that orders the work makes true.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <thread>

/* ---- the gate ---- */

typedef struct gate {
  std::atomic<bool> open{false};
  std::atomic<bool> reached{false};
  pthread_t thread; /* the thread the host function ran on */
} gate;

static void gate_wait(void *user_data) {
  gate *g = static_cast<gate *>(user_data);
  g->thread = pthread_self();
  g->reached = true;
  while (!g->open)
    std::this_thread::yield();
}

/* stream's later work waits until gate_open. */
static void gate_close(gate *g, hipStream_t stream) {
  MT_CHECK(hipLaunchHostFunc(stream, gate_wait, g));
}

static void gate_open(gate *g) { g->open = true; }

/* Opens g from another thread after ms, for calls that wait for the gated work. */
static std::thread gate_open_later(gate *g, int ms, std::atomic<bool> *opened) {
  return std::thread([g, ms, opened] {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    *opened = true;
    g->open = true;
  });
}

static int *pinned_ints(size_t count, int value) {
  int *p = nullptr;
  MT_CHECK(hipHostMalloc((void **)&p, count * sizeof(int), 0));
  for (size_t i = 0; i < count; i++)
    p[i] = value;
  return p;
}

#ifdef SC_COVERAGE
extern "C" void __gcov_dump(void);
#endif

__global__ void add_one(int *data, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    data[i] += 1;
}

/* ---- query, synchronise, and where host work runs ---- */

static void test_query_answers_not_ready_while_work_waits(void **state) {
  (void)state;
  hipStream_t stream;
  hipEvent_t after;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&after));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipEventRecord(after, stream));
  /* hip-tests' BlockingContext: the host function blocks the stream, not the caller */
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(stream));
  MT_EXPECT(hipErrorNotReady, hipEventQuery(after));
  mt_assert_reason_contains("not reached the record");
  gate_open(&g);
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipStreamQuery(stream));
  MT_CHECK(hipEventQuery(after));
  assert_true(g.reached);
  assert_false(pthread_equal(g.thread, pthread_self())); /* a runtime thread, not the caller's */
  MT_CHECK(hipEventDestroy(after));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_event_synchronize_waits_for_the_record(void **state) {
  (void)state;
  hipStream_t stream;
  hipEvent_t start, stop;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&start));
  MT_CHECK(hipEventCreate(&stop));
  gate g;
  MT_CHECK(hipEventRecord(start, stream));
  gate_close(&g, stream);
  MT_CHECK(hipEventRecord(stop, stream));
  float ms = -1;
  MT_EXPECT(hipErrorNotReady, hipEventElapsedTime(&ms, start, stop));
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  MT_CHECK(hipEventSynchronize(stop));
  assert_true(opened); /* it returned only once the gate let the record run */
  opener.join();
  MT_CHECK(hipEventElapsedTime(&ms, start, stop));
  assert_true(ms >= 20.0f); /* real time: the gate held the stream 30 ms */
  MT_CHECK(hipEventDestroy(start));
  MT_CHECK(hipEventDestroy(stop));
  MT_CHECK(hipStreamDestroy(stream));
}

typedef struct callback_seen {
  hipStream_t stream;
  hipError_t status;
  pthread_t thread;
  std::atomic<int> runs{0};
} callback_seen;

static void note_callback(hipStream_t stream, hipError_t status, void *user_data) {
  callback_seen *seen = static_cast<callback_seen *>(user_data);
  seen->stream = stream;
  seen->status = status;
  seen->thread = pthread_self();
  seen->runs++;
}

static void test_callback_runs_on_the_stream_in_order(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *host = pinned_ints(16, 0);
  int *dev;
  MT_CHECK(hipMalloc((void **)&dev, 16 * sizeof(int)));
  gate g;
  callback_seen seen;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(dev, 0x01, 16 * sizeof(int), stream));
  MT_CHECK(hipMemcpyAsync(host, dev, 16 * sizeof(int), hipMemcpyDeviceToHost, stream));
  MT_CHECK(hipStreamAddCallback(stream, note_callback, &seen, 0));
  assert_int_equal(seen.runs, 0);
  assert_int_equal(host[0], 0); /* held back by the gate */
  gate_open(&g);
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(seen.runs, 1);
  assert_ptr_equal(seen.stream, stream);
  assert_int_equal(seen.status, hipSuccess);
  assert_false(pthread_equal(seen.thread, pthread_self()));
  assert_int_equal(host[15], 0x01010101); /* the copy ran after the set, before the callback */
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- kernels and graphs wait their turn ---- */

static void test_kernel_runs_in_stream_order(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  const int count = 256;
  int *host = pinned_ints(count, 41);
  int *dev;
  MT_CHECK(hipMalloc((void **)&dev, count * sizeof(int)));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemcpyAsync(dev, host, count * sizeof(int), hipMemcpyHostToDevice, stream));
  hipLaunchKernelGGL(add_one, dim3(count / 64), dim3(64), 0, stream, dev, count);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipMemcpyAsync(host, dev, count * sizeof(int), hipMemcpyDeviceToHost, stream));
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(stream));
  assert_int_equal(host[0], 41);
  gate_open(&g);
  MT_CHECK(hipStreamSynchronize(stream));
  for (int i = 0; i < count; i++)
    assert_int_equal(host[i], 42);
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_graph_launch_waits_its_turn(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *host = pinned_ints(4, 0);
  hipGraph_t graph;
  hipGraphExec_t exec;
  MT_CHECK(hipGraphCreate(&graph, 0));
  hipMemsetParams set = {};
  set.dst = host;
  set.elementSize = 4;
  set.width = 4;
  set.height = 1;
  set.value = 7;
  hipGraphNode_t node;
  MT_CHECK(hipGraphAddMemsetNode(&node, graph, NULL, 0, &set));
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipGraphExecDestroy(exec)); /* the queued launch holds it */
  assert_int_equal(host[3], 0);
  gate_open(&g);
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(host[3], 7);
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- what orders two streams ---- */

static void test_wait_event_holds_the_other_stream(void **state) {
  (void)state;
  hipStream_t a, b;
  hipEvent_t done;
  MT_CHECK(hipStreamCreate(&a));
  MT_CHECK(hipStreamCreate(&b));
  MT_CHECK(hipEventCreateWithFlags(&done, hipEventDisableTiming));
  int *src = pinned_ints(8, 5), *dst = pinned_ints(8, 0);
  gate g;
  gate_close(&g, a);
  MT_CHECK(hipEventRecord(done, a));
  MT_CHECK(hipStreamWaitEvent(b, done, 0));
  MT_CHECK(hipMemcpyAsync(dst, src, 8 * sizeof(int), hipMemcpyHostToHost, b));
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  MT_CHECK(hipStreamSynchronize(b));
  assert_true(opened); /* b's copy waited for a's record, behind the gate */
  assert_int_equal(dst[7], 5);
  opener.join();
  /* the twin: without the wait, b runs at once while a is held */
  gate g2;
  gate_close(&g2, a);
  MT_CHECK(hipMemcpyAsync(dst, src, 8 * sizeof(int), hipMemcpyHostToHost, b));
  MT_CHECK(hipStreamSynchronize(b));
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(a));
  gate_open(&g2);
  MT_CHECK(hipStreamSynchronize(a));
  MT_CHECK(hipEventDestroy(done));
  MT_CHECK(hipHostFree(src));
  MT_CHECK(hipHostFree(dst));
  MT_CHECK(hipStreamDestroy(a));
  MT_CHECK(hipStreamDestroy(b));
}

static void test_legacy_null_stream_orders_blocking_streams(void **state) {
  (void)state;
  hipStream_t blocking, non_blocking;
  MT_CHECK(hipStreamCreate(&blocking));
  MT_CHECK(hipStreamCreateWithFlags(&non_blocking, hipStreamNonBlocking));
  int *src = pinned_ints(8, 3), *dst = pinned_ints(8, 0), *other = pinned_ints(8, 0);
  gate g;
  gate_close(&g, NULL); /* the null stream is held */
  MT_CHECK(hipMemcpyAsync(dst, src, 8 * sizeof(int), hipMemcpyHostToHost, blocking));
  MT_CHECK(hipMemcpyAsync(other, src, 8 * sizeof(int), hipMemcpyHostToHost, non_blocking));
  MT_CHECK(hipStreamSynchronize(non_blocking)); /* a non-blocking stream does not wait */
  assert_int_equal(other[0], 3);
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(blocking)); /* a blocking one does */
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(NULL));
  assert_int_equal(dst[0], 0);
  gate_open(&g);
  MT_CHECK(hipStreamSynchronize(blocking));
  assert_int_equal(dst[0], 3);
  /* and the null stream's work waits for a blocking stream's before it */
  gate g2;
  gate_close(&g2, blocking);
  MT_CHECK(hipMemcpyAsync(other, dst, 8 * sizeof(int), hipMemcpyHostToHost, NULL));
  MT_EXPECT(hipErrorNotReady, hipStreamQuery(NULL));
  gate_open(&g2);
  MT_CHECK(hipStreamSynchronize(NULL));
  MT_CHECK(hipStreamQuery(blocking));
  MT_CHECK(hipHostFree(src));
  MT_CHECK(hipHostFree(dst));
  MT_CHECK(hipHostFree(other));
  MT_CHECK(hipStreamDestroy(blocking));
  MT_CHECK(hipStreamDestroy(non_blocking));
}

static void test_synchronous_copy_waits_for_blocking_streams(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *dev;
  MT_CHECK(hipMalloc((void **)&dev, 8 * sizeof(int)));
  MT_CHECK(hipMemset(dev, 0, 8 * sizeof(int)));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(dev, 0x02, 8 * sizeof(int), stream));
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  int out[8] = {0};
  MT_CHECK(hipMemcpy(out, dev, sizeof out, hipMemcpyDeviceToHost)); /* the legacy null stream */
  assert_true(opened);
  assert_int_equal(out[7], 0x02020202);
  opener.join();
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_pageable_copy_returns_once_done(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *dev;
  MT_CHECK(hipMalloc((void **)&dev, 8 * sizeof(int)));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(dev, 0x03, 8 * sizeof(int), stream));
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  int out[8] = {0}; /* pageable: the runtime stages it, so the call returns with it done */
  MT_CHECK(hipMemcpyAsync(out, dev, sizeof out, hipMemcpyDeviceToHost, stream));
  assert_true(opened);
  assert_int_equal(out[0], 0x03030303);
  opener.join();
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_device_synchronize_waits_for_every_stream(void **state) {
  (void)state;
  hipStream_t a, b;
  MT_CHECK(hipStreamCreateWithFlags(&a, hipStreamNonBlocking));
  MT_CHECK(hipStreamCreate(&b));
  int *src = pinned_ints(4, 9), *dst = pinned_ints(4, 0);
  gate g;
  gate_close(&g, a);
  MT_CHECK(hipMemcpyAsync(dst, src, 4 * sizeof(int), hipMemcpyHostToHost, a));
  MT_CHECK(hipStreamDestroy(a)); /* a destroyed stream's queued work still runs */
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  MT_CHECK(hipDeviceSynchronize());
  assert_true(opened);
  assert_int_equal(dst[3], 9);
  opener.join();
  MT_CHECK(hipHostFree(src));
  MT_CHECK(hipHostFree(dst));
  MT_CHECK(hipStreamDestroy(b));
}

/* A call that runs at the call (here a 2D copy) does so in stream order: after its stream's
   queued work, and on a blocking stream after the null stream's. */
static void test_calls_run_at_the_call_keep_stream_order(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *src = pinned_ints(8, 4), *dst = pinned_ints(8, 0);
  gate g;
  gate_close(&g, NULL);
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 30, &opened);
  MT_CHECK(hipMemcpy2DAsync(dst, 4 * sizeof(int), src, 4 * sizeof(int), 4 * sizeof(int), 2,
                            hipMemcpyHostToHost, stream));
  assert_true(opened); /* it waited for the null stream's gate */
  assert_int_equal(dst[7], 4);
  opener.join();
  MT_CHECK(hipStreamDestroy(stream));
  /* a bad handle is the call's own answer, with nothing waited for */
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipMemcpy2DAsync(dst, 4 * sizeof(int), src, 4 * sizeof(int), 4 * sizeof(int), 2,
                             hipMemcpyHostToHost, stream));
  MT_CHECK(hipHostFree(src));
  MT_CHECK(hipHostFree(dst));
}

/* ---- work that fails when it runs ---- */

static void test_queued_work_that_fails_is_reported_at_the_synchronise(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  size_t granularity = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  hipDeviceptr_t base;
  MT_CHECK(hipMemCreate(&handle, granularity, &prop, 0));
  MT_CHECK(hipMemAddressReserve(&base, granularity, 0, 0, 0));
  MT_CHECK(hipMemMap(base, granularity, 0, handle, 0));
  hipMemAccessDesc desc = {};
  desc.location = prop.location;
  desc.flags = hipMemAccessFlagsProtReadWrite;
  MT_CHECK(hipMemSetAccess(base, granularity, &desc, 1));
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(base, 0x11, granularity, stream)); /* checked now: writable */
  desc.flags = hipMemAccessFlagsProtRead;                    /* no longer writable when it runs */
  MT_CHECK(hipMemSetAccess(base, granularity, &desc, 1));
  gate_open(&g);
  hipError_t err = hipStreamSynchronize(stream);
  assert_true(err != hipSuccess);
  mt_assert_reason_contains("failed when it ran");
  MT_CHECK(hipStreamSynchronize(stream)); /* answered once */
  MT_CHECK(hipMemUnmap(base, granularity));
  MT_CHECK(hipMemAddressFree(base, granularity));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipStreamDestroy(stream));
}

/* hipDeviceReset runs what the device's streams hold, then forgets what of it failed, as it
   forgets the device's other errors: the next synchronise answers hipSuccess. */
static void test_device_reset_forgets_queued_work_that_failed(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(m.base, 0x11, 4096, stream)); /* checked now: writable */
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtRead);
  gate_open(&g);
  MT_CHECK(hipDeviceReset()); /* the stream goes with the reset */
  MT_CHECK(hipDeviceSynchronize());
  mt_mapping_destroy(&m);
}

/* The newest ROCm's hipMemUnmap synchronises every stream first (docs/hip-vmm-semantics.md,
   Synchronisation): the work queued on the mapping runs before it goes. */
static void test_unmap_waits_for_queued_work_on_the_newest_rocm(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  gate g;
  gate_close(&g, stream);
  MT_CHECK(hipMemsetAsync(m.base, 0x11, 4096, stream));
  std::atomic<bool> opened{false};
  std::thread opener = gate_open_later(&g, 50, &opened);
  mt_mapping_destroy(&m); /* waits for the gate, then the set, then unmaps */
  assert_true(opened);
  opener.join();
  MT_CHECK(hipStreamSynchronize(stream)); /* the set ran on mapped memory */
  MT_CHECK(hipStreamDestroy(stream));
}

/* A child of fork has none of its parent's runtime threads: its queues start again, and work
   it queues on a stream its parent made runs on a thread of its own. */
static void test_forked_child_runs_its_own_work(void **state) {
  (void)state;
  MT_SKIP_THREADED_FORK_UNDER_TSAN();
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *host = pinned_ints(4, 0), *src = pinned_ints(4, 6);
  MT_CHECK(hipMemcpyAsync(host, src, 4 * sizeof(int), hipMemcpyHostToHost, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  fflush(NULL);
  pid_t pid = mt_fork();
  if (pid == 0) {
    host[0] = 0;
    int ok = hipMemsetAsync(host, 0, 4 * sizeof(int), stream) == hipSuccess &&
             hipMemcpyAsync(host, src, sizeof(int), hipMemcpyHostToHost, stream) == hipSuccess &&
             hipStreamSynchronize(stream) == hipSuccess && hipStreamQuery(stream) == hipSuccess &&
             host[0] == 6 && host[1] == 0;
#ifdef SC_COVERAGE
    __gcov_dump(); /* exec writes no counters */
#endif
    /* It ends by exec, not exit: the parent's runtime threads are gone here but their
       stacks are not, and valgrind's leak check at this child's exit would count them. */
    execl(ok ? "/bin/true" : "/bin/false", ok ? "true" : "false", (char *)NULL);
    _exit(2);
  }
  int status = -1;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  assert_int_equal(host[3], 6); /* the parent's, untouched */
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipHostFree(src));
  MT_CHECK(hipStreamDestroy(stream));
}

int main(void) {
  setenv("MOCKHIP_STREAMS", "async", 1);
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_query_answers_not_ready_while_work_waits),
      MT_CLEAN_TEST(test_event_synchronize_waits_for_the_record),
      MT_CLEAN_TEST(test_callback_runs_on_the_stream_in_order),
      MT_CLEAN_TEST(test_kernel_runs_in_stream_order),
      MT_CLEAN_TEST(test_graph_launch_waits_its_turn),
      MT_CLEAN_TEST(test_wait_event_holds_the_other_stream),
      MT_CLEAN_TEST(test_legacy_null_stream_orders_blocking_streams),
      MT_CLEAN_TEST(test_synchronous_copy_waits_for_blocking_streams),
      MT_CLEAN_TEST(test_pageable_copy_returns_once_done),
      MT_CLEAN_TEST(test_device_synchronize_waits_for_every_stream),
      MT_CLEAN_TEST(test_calls_run_at_the_call_keep_stream_order),
      MT_CLEAN_TEST(test_queued_work_that_fails_is_reported_at_the_synchronise),
      MT_CLEAN_TEST(test_device_reset_forgets_queued_work_that_failed),
      MT_CLEAN_TEST(test_unmap_waits_for_queued_work_on_the_newest_rocm),
      MT_CLEAN_TEST(test_forked_child_runs_its_own_work),
  };
  return cmocka_run_group_tests_name("stream_async", tests, NULL, NULL);
}
