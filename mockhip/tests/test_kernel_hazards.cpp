/*
 * test_kernel_hazards.cpp: a kernel given what a careless program gives it
 * never hangs the mock and never lets it fault on its own memory. A pointer
 * that hipFree (or hipDeviceReset) freed is a fault whose reason says which
 * block, which call freed it and where, whatever the system put at that
 * address since; a pointer argument naming memory mockhip keeps for itself
 * (a kernel thread's shared memory) is never protected for the launch; the
 * first launch of a process, right after a free, ends. Cases that a hang
 * would stop run in a child process with an alarm, so a hang fails the case
 * instead of the whole run.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "self_child.h"
}

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#include "launch_failing.h"

/* Thread (1) of block (0) writes value at p[0]. */
__global__ void poke(int *p, int value) {
  if (threadIdx.x == 1)
    p[0] = value;
}

/* Where a launch's dynamic shared memory lay: mockhip's own pages. */
static void *seen_shared;

__global__ void note_shared(int value) {
  HIP_DYNAMIC_SHARED(int, words)
  words[threadIdx.x] = value;
  seen_shared = words;
}

/* Uses its dynamic shared memory, and only that; `unused` is never touched. */
__global__ void use_shared(int *unused, int *out) {
  (void)unused;
  HIP_DYNAMIC_SHARED(int, words)
  words[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = words[blockDim.x - 1 - threadIdx.x];
}

/* ---- freed memory ---- */

/* With a mapping every launch must protect (so the launch has a view to enter), a kernel given
   a pointer hipFree freed faults, and the reason names the block and the free. */
static void test_freed_block_is_a_fault(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  int *p = nullptr;
  MT_CHECK(hipMalloc(reinterpret_cast<void **>(&p), 256));
  MT_CHECK(hipFree(p));
  LAUNCH_FAULTING(poke, dim3(1), dim3(4), 0, 0, p, 7);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("kernel poke on device 0 faulted");
  mt_assert_reason_contains("hipMalloc#");
  mt_assert_reason_contains("was freed by hipFree call #");
  mt_assert_reason_contains("a pointer into it dangles");
  MT_CHECK(hipDeviceReset());
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError()); /* the last error, once */
  mt_mapping_destroy(&m);
}

/* hipDeviceReset frees the device's blocks: a pointer kept across it dangles the same way. */
static void test_block_freed_by_reset_is_a_fault(void **state) {
  (void)state;
  int *p = nullptr;
  MT_CHECK(hipMalloc(reinterpret_cast<void **>(&p), 4096));
  MT_CHECK(hipDeviceReset());
  LAUNCH_FAULTING(poke, dim3(1), dim3(4), 0, 0, p, 7);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("was freed by hipDeviceReset call #");
  MT_CHECK(hipDeviceReset());
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
}

/* The CPU touching freed memory faults too (a child dies of it); with MOCKHIP_EXPLAIN it hears
   which block it was and which call freed it. */
static void child_cpu_touch_of_freed_block(void) {
  int *p = nullptr;
  SC_CHECK(hipMalloc(reinterpret_cast<void **>(&p), 256) == hipSuccess);
  SC_CHECK(hipFree(p) == hipSuccess);
  sc_coverage_dump();
  p[3] = 1; /* dies here */
}

/* The hang as it was met: the first launch of a process, after a hipFree, with a VMM mapping
   the launch protects. The launch's own notes went to the address the free gave back, which
   the pointer argument names; protecting it left the launch waiting on itself forever. */
static void child_first_launch_after_free(void) {
  alarm(20); /* a hang fails the child: SIGALRM */
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  SC_CHECK(hipMemSetAccess(base, g, &rw, 1) == hipSuccess);
  for (int round = 0; round < 3; round++) {
    int *p = nullptr;
    SC_CHECK(hipMalloc(reinterpret_cast<void **>(&p), 256) == hipSuccess);
    SC_CHECK(hipFree(p) == hipSuccess);
    VALGRIND_DISABLE_ERROR_REPORTING; /* the fault is the case's */
    hipLaunchKernelGGL(poke, dim3(1), dim3(4), 0, 0, p, 1);
    VALGRIND_ENABLE_ERROR_REPORTING;
    SC_CHECK(hipGetLastError() == hipSuccess);
    SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
    SC_CHECK(strstr(mockhip_last_reason(), "was freed by hipFree") != nullptr);
    SC_CHECK(hipDeviceReset() == hipSuccess);
    SC_CHECK(hipGetLastError() == hipErrorIllegalAddress); /* the last error, once */
  }
  SC_CHECK(hipMemUnmap(base, g) == hipSuccess);
  SC_CHECK(hipMemRelease(handle) == hipSuccess);
  SC_CHECK(hipMemAddressFree(base, g) == hipSuccess);
  alarm(0);
}

static const sc_case cases[] = {{"cpu_touch_of_freed_block", child_cpu_touch_of_freed_block},
                                {"first_launch_after_free", child_first_launch_after_free}};

static void test_cpu_touch_of_freed_block_is_explained(void **state) {
  (void)state;
  static const char *const env[] = {"MOCKHIP_EXPLAIN=1", nullptr};
  char *err = sc_run_ending("cpu_touch_of_freed_block", env, sc_died_of_fault);
  const char *want[] = {"mockhip: explain: SIGSEGV at hipMalloc#", ", freed (",
                        "freed by hipFree call #1 at", "what:   the memory was freed"};
  for (const char *w : want)
    if (strstr(err, w) == nullptr) {
      print_error("expected \"%s\" in:\n%s", w, err);
      fail();
    }
  free(err);
}

static void test_first_launch_after_free_ends(void **state) {
  (void)state;
  free(sc_run_ending("first_launch_after_free", nullptr, mt_exited_ok));
}

/* A reservation freed by hipMemAddressFree: the pointer into it dangles, and the reason says
   so. */
static void test_freed_reservation_is_a_fault(void **state) {
  (void)state;
  size_t g = mt_granularity();
  void *base = nullptr;
  MT_CHECK(hipMemAddressReserve(&base, g, 0, nullptr, 0));
  MT_CHECK(hipMemAddressFree(base, g));
  LAUNCH_FAULTING(poke, dim3(1), dim3(4), 0, 0, static_cast<int *>(base), 7);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("was freed by hipMemAddressFree: a pointer into it dangles");
  MT_CHECK(hipDeviceReset());
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
}

/* The quarantine is bounded: after 64 later frees, a block's addresses go back to the system
   (mincore then finds nothing mapped there), while the newest stay held, inaccessible. */
static void test_quarantine_is_bounded(void **state) {
  (void)state;
  void *blocks[80];
  for (int i = 0; i < 80; i++)
    MT_CHECK(hipMalloc(&blocks[i], 4096));
  for (int i = 0; i < 80; i++)
    MT_CHECK(hipFree(blocks[i]));
  unsigned char in_core;
  errno = 0;
  assert_int_equal(mincore(blocks[0], 4096, &in_core), -1); /* let go: nothing mapped */
  assert_int_equal(errno, ENOMEM);
  assert_int_equal(mincore(blocks[79], 4096, &in_core), 0); /* still held */
}

/* ---- mockhip's own pages ---- */

/* A pointer argument that names a kernel thread's shared memory (a dangling pointer a program
   kept from an earlier launch) is not pageable host memory to protect: the kernel that uses
   that shared memory runs, on the same thread, and no fault is reported. */
static void test_own_pages_are_never_protected(void **state) {
  (void)state;
  int *out = nullptr;
  MT_CHECK(hipMalloc(reinterpret_cast<void **>(&out), 64 * sizeof(int)));
  hipLaunchKernelGGL(note_shared, dim3(1), dim3(64), 64 * sizeof(int), 0, 3);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  assert_non_null(seen_shared);
  hipLaunchKernelGGL(use_shared, dim3(1), dim3(64), 64 * sizeof(int), 0,
                     static_cast<int *>(seen_shared), out);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  int host[64];
  MT_CHECK(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; i++)
    assert_int_equal(host[i], 63 - i);
  MT_CHECK(hipFree(out));
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_freed_block_is_a_fault),
      MT_CLEAN_TEST(test_block_freed_by_reset_is_a_fault),
      MT_CLEAN_TEST(test_freed_reservation_is_a_fault),
      MT_CLEAN_TEST(test_quarantine_is_bounded),
      MT_CLEAN_TEST(test_cpu_touch_of_freed_block_is_explained),
      MT_CLEAN_TEST(test_first_launch_after_free_ends),
      MT_CLEAN_TEST(test_own_pages_are_never_protected),
  };
  return cmocka_run_group_tests_name("kernel_hazards", tests, nullptr, nullptr);
}
