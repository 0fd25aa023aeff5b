/*
 * test_kernel_workers.cpp: kernels big enough to run on the pool of workers
 * (4096 threads or more, over more than one block: kernel/run.c), which ctest
 * runs with MOCKHIP_KERNEL_WORKERS=4, so that every machine has three workers
 * beside the launching thread. Many blocks that fault at once on different
 * workers leave one whole record: the reason's block, thread and address
 * belong to one faulting thread (and only the first fault writes it: a second
 * writer is a race ThreadSanitizer reports). Launches from two host threads at
 * once, hundreds of them, each return with every thread's element written; a
 * lost wake-up between the launcher and the workers fails the case, said
 * aloud, instead of hanging the run. A child of fork launches on workers of
 * its own.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <unistd.h>
#include <vector>

#include "under_valgrind.h"

static int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/* ---- many faults at once ---- */

/* 64 blocks of 128 threads, in two dimensions each, so that a record mixing two faults' fields
   shows in any of them. */
static const dim3 fault_grid(16, 4), fault_block(32, 4);
static const unsigned fault_block_threads = 32 * 4, fault_threads = 16 * 4 * fault_block_threads;

static unsigned linear_block(dim3 b) { return b.y * fault_grid.x + b.x; }
static unsigned linear_thread(dim3 t) { return t.y * fault_block.x + t.x; }

/* Which threads fault: a few of each block, at places that differ from block to block; none
   in every fourth block. */
static bool faults(unsigned block, unsigned thread) {
  return block % 4 != 3 && (thread + 3 * block) % 16 == 5;
}

/* Where a faulting thread writes: its own int, so that the address names the thread. */
static size_t fault_offset(unsigned block, unsigned thread) {
  return ((size_t)block * fault_block_threads + thread) * sizeof(int);
}

/* When the launch's first faulting thread got to its fault; 0 before. */
static std::atomic<int64_t> first_at_fault{0};

/* Each faulting thread waits until 2 ms after the first got there: the participants that reach
   a faulting thread meanwhile (one per participant) all fault at about the same moment. */
static void gather_at_fault() {
  int64_t now = now_ns(), none = 0;
  first_at_fault.compare_exchange_strong(none, now);
  int64_t until = first_at_fault.load() + 2 * 1000 * 1000;
  while (now_ns() < until)
    std::this_thread::yield();
}

__global__ void fault_many(int *no_access) {
  unsigned b = blockIdx.y * gridDim.x + blockIdx.x, t = threadIdx.y * blockDim.x + threadIdx.x;
  if (!faults(b, t))
    return;
  gather_at_fault();
  no_access[fault_offset(b, t) / sizeof(int)] = 1;
}

/* The block, thread and offset the sticky reason names: "... faulted (block (x, y, z), thread
   (x, y, z)): a write of reservation#N+0xOFF: ...". Fails unless it reads so. */
static void parse_reason(dim3 *block, dim3 *thread, size_t *offset) {
  const char *reason = mockhip_last_reason();
  const char *at = strstr(reason, "(block (");
  unsigned long reservation = 0;
  uintmax_t off = 0;
  if (at == nullptr || sscanf(at,
                              "(block (%u, %u, %u), thread (%u, %u, %u)): a write of "
                              "reservation#%lu+%" SCNxMAX ":",
                              &block->x, &block->y, &block->z, &thread->x, &thread->y, &thread->z,
                              &reservation, &off) != 8)
    fail_msg("the reason names no block, thread and address: \"%s\"", reason);
  *offset = (size_t)off;
}

/* Every faulting thread of the 64 blocks runs until the first fault on its participant: up to
   four faults at once, on four threads, each writing the launch's one fault record. The record
   kept names a block and thread that fault, and the address that very thread touched: a
   record written over by a later fault, or torn between two, names one fault's thread and
   another's address. 50 launches, each ended by hipDeviceReset. */
static void test_many_faults_keep_one_whole_record(void **state) {
  (void)state;
  if (RUNNING_ON_VALGRIND) {
    print_message("skipped under valgrind: it reports the faults worker threads take on "
                  "purpose\n");
    skip();
  }
  size_t g = mt_granularity();
  size_t bytes = (fault_threads * sizeof(int) + g - 1) / g * g;
  mt_mapping m;
  mt_mapping_create(&m, bytes, bytes); /* no access granted: every write faults */
  for (int launch = 0; launch < 50; launch++) {
    first_at_fault.store(0);
    hipLaunchKernelGGL(fault_many, fault_grid, fault_block, 0, 0, static_cast<int *>(m.base));
    MT_CHECK(hipGetLastError()); /* a fault is not the launch's error */
    MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
    mt_assert_reason_contains("kernel fault_many on device 0 faulted (block (");
    mt_assert_reason_contains("device 0 has no access to this mapping");
    dim3 block, thread;
    size_t offset = 0;
    parse_reason(&block, &thread, &offset);
    if (block.x >= fault_grid.x || block.y >= fault_grid.y || block.z != 0 ||
        thread.x >= fault_block.x || thread.y >= fault_block.y || thread.z != 0)
      fail_msg("launch %d: no such block and thread: \"%s\"", launch, mockhip_last_reason());
    unsigned b = linear_block(block), t = linear_thread(thread);
    if (!faults(b, t))
      fail_msg("launch %d: block %u, thread %u faults nowhere: \"%s\"", launch, b, t,
               mockhip_last_reason());
    if (offset != fault_offset(b, t))
      fail_msg("launch %d: block %u, thread %u writes at +%#zx, the reason says +%#zx: \"%s\"",
               launch, b, t, fault_offset(b, t), offset, mockhip_last_reason());
    MT_CHECK(hipDeviceReset());
    MT_EXPECT(hipErrorIllegalAddress, hipGetLastError()); /* the last error, once */
  }
  mt_mapping_destroy(&m);
}

/* ---- launches from two host threads ---- */

/* 128 blocks of 64 threads, 8192 in all: every launch wakes the workers, and with a few blocks
   to each chunk a participant takes (run.c), every one of them gets some. */
static const unsigned stamp_blocks = 128, stamp_threads = 64;
static const unsigned stamp_count = stamp_blocks * stamp_threads;

__global__ void stamp(int *out, int tag) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tag + (int)i;
}

/* One host thread's launches: how far it got, and its first failure. */
struct launcher {
  int id = 0;
  int rounds = 0;
  std::atomic<int> done{0};      /* launches checked */
  std::atomic<bool> over{false}; /* returned */
  char failure[256] = "";
};

static void launch_rounds(launcher *me, const std::atomic<bool> *go) {
  int *out = nullptr;
  std::vector<int> seen(stamp_count);
  if (hipMalloc(reinterpret_cast<void **>(&out), stamp_count * sizeof(int)) != hipSuccess)
    snprintf(me->failure, sizeof me->failure, "hipMalloc: %s", mockhip_last_reason());
  while (!go->load())
    std::this_thread::yield();
  for (int round = 0; round < me->rounds && me->failure[0] == '\0'; round++) {
    int tag = (me->id + 1) * 1000000 + round * 10000; /* each launch's own values */
    hipLaunchKernelGGL(stamp, dim3(stamp_blocks), dim3(stamp_threads), 0, 0, out, tag);
    hipError_t err = hipGetLastError();
    if (err == hipSuccess)
      err = hipMemcpy(seen.data(), out, stamp_count * sizeof(int), hipMemcpyDeviceToHost);
    if (err != hipSuccess) {
      snprintf(me->failure, sizeof me->failure, "round %d: %s (%s)", round, hipGetErrorName(err),
               mockhip_last_reason());
      break;
    }
    for (unsigned i = 0; i < stamp_count; i++)
      if (seen[i] != tag + (int)i) {
        snprintf(me->failure, sizeof me->failure,
                 "round %d: element %u (block %u, thread %u) holds %d, not %d", round, i,
                 i / stamp_threads, i % stamp_threads, seen[i], tag + (int)i);
        break;
      }
    me->done.store(round + 1);
  }
  if (out != nullptr && hipFree(out) != hipSuccess && me->failure[0] == '\0')
    snprintf(me->failure, sizeof me->failure, "hipFree: %s", mockhip_last_reason());
  me->over.store(true);
}

/* Two host threads launch at once, each its own buffer, each launch waking every worker; the
   launches take turns on the mock's lock, so the pool hands one job after another to its
   workers, the launching thread changing from one to the next. Every launch returns with every
   element written. A launch that never returns (a worker's wake-up lost, the launcher waiting
   forever) fails the case here: no launch got done for 10 s. */
static void test_two_threads_launch_on_every_worker(void **state) {
  (void)state;
  const int rounds = RUNNING_ON_VALGRIND ? 40 : 300; /* valgrind runs one thread at a time */
  launcher both[2];
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; i++) {
    both[i].id = i;
    both[i].rounds = rounds;
    threads.emplace_back(launch_rounds, &both[i], &go);
  }
  go.store(true);
  int64_t last_progress = now_ns();
  int last_done = 0;
  while (!both[0].over.load() || !both[1].over.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    int done = both[0].done.load() + both[1].done.load();
    if (done != last_done) {
      last_done = done;
      last_progress = now_ns();
    } else if (now_ns() - last_progress > 10 * INT64_C(1000000000)) {
      /* Those threads hold the mock's lock: nothing after this case could run. */
      fprintf(stderr,
              "test_two_threads_launch_on_every_worker: no launch returned for 10 s (thread 0 "
              "after %d of %d launches, thread 1 after %d): a launch waits forever on its "
              "workers\n",
              both[0].done.load(), rounds, both[1].done.load());
      fflush(stderr);
      _exit(EXIT_FAILURE);
    }
  }
  for (std::thread &t : threads)
    t.join();
  for (const launcher &l : both)
    if (l.failure[0] != '\0')
      fail_msg("host thread %d: %s", l.id, l.failure);
  for (const launcher &l : both)
    assert_int_equal(l.done.load(), rounds);
}

/* ---- a child of fork ---- */

/* One launch on every worker and its elements checked; exits 3 (a child) where one is wrong. */
static bool stamp_once(int tag) {
  int *out = nullptr;
  std::vector<int> seen(stamp_count);
  bool ok = hipMalloc(reinterpret_cast<void **>(&out), stamp_count * sizeof(int)) == hipSuccess;
  if (ok) {
    hipLaunchKernelGGL(stamp, dim3(stamp_blocks), dim3(stamp_threads), 0, 0, out, tag);
    ok = hipGetLastError() == hipSuccess && hipMemcpy(seen.data(), out, stamp_count * sizeof(int),
                                                      hipMemcpyDeviceToHost) == hipSuccess;
  }
  for (unsigned i = 0; ok && i < stamp_count; i++)
    ok = seen[i] == tag + (int)i;
  return hipFree(out) == hipSuccess && ok;
}

static void child_stamps(void *arg) {
  (void)arg;
  if (!stamp_once(7000000))
    mt_child_exit(3);
}

/* The parent's workers (and its watchdog) are not in a child of fork: the child's first launch
   starts its own, and every element is written. A child that waited on its parent's workers
   would hang until its alarm. */
static void test_a_forked_child_launches_on_workers_of_its_own(void **state) {
  (void)state;
  MT_SKIP_THREADED_FORK_UNDER_TSAN();
  assert_true(stamp_once(5000000)); /* the parent's workers are running */
  assert_true(mt_exited_ok(mt_run_in_child(child_stamps, nullptr)));
  assert_true(stamp_once(6000000)); /* and still serve the parent */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_two_threads_launch_on_every_worker),
      MT_CLEAN_TEST(test_a_forked_child_launches_on_workers_of_its_own),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_many_faults_keep_one_whole_record),
  };
  return cmocka_run_group_tests_name("kernel_workers", tests, nullptr, nullptr) +
         cmocka_run_group_tests_name("kernel_workers_negative", negative, nullptr, nullptr);
}
