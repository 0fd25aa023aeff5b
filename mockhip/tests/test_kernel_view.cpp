/*
 * test_kernel_view.cpp: a device's view kept from launch to launch (runs with
 * MOCKHIP_KERNEL_WORKERS=4). A mapping granted to the device but not to the
 * host is opened on the kernel's first touch: threads of four blocks touching
 * it first at once all run, a kernel touching hundreds of such mappings runs, a
 * change of access, a new mapping or an unmap between two launches is seen by
 * the second, and after the launch the host is denied again.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "self_child.h"
}

#include <chrono>
#include <csignal>
#include <cstring>
#include <vector>

#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch_failing.h"

/* Every thread writes its global index + offset at p[i]. */
__global__ void fill(int *p, int offset) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = (int)i + offset;
}

/* Block b writes value at the start of mapping b, each `stride` bytes past the last. */
__global__ void poke_each(char *first, size_t stride, int value) {
  if (threadIdx.x == 0)
    *reinterpret_cast<int *>(first + blockIdx.x * stride) = value + (int)blockIdx.x;
}

static std::vector<int> read_ints(const void *from, size_t count) {
  std::vector<int> to(count);
  MT_CHECK(hipMemcpy(to.data(), from, count * sizeof(int), hipMemcpyDeviceToHost));
  return to;
}

/* Device 0 granted read-write, the host nothing (so each launch opens it anew). */
static void device_only(const mt_mapping &m) {
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
}

/* Each block's first thread says it arrived and waits (2 ms at most) until `meet` blocks have,
   then writes p[i] = i + offset, as do the block's other threads after it (a block's threads
   run in turn until a barrier): the blocks' first touches come at once. */
__global__ void meet_then_fill(int *p, int *arrived, int meet, int offset) {
  if (threadIdx.x == 0) {
    atomicAdd(arrived, 1);
    auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
    while (atomicAdd(arrived, 0) < meet && std::chrono::steady_clock::now() < until) {
    }
  }
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = (int)i + offset;
}

/* The first four blocks, on the launching thread and three workers (a launch of 4,096
   threads or more uses them all), touch one mapping first at the same moment, launch after
   launch: one opens it, the others wait for it, and none is taken for a fault. */
static void test_many_threads_open_one_mapping(void **state) {
  (void)state;
  const int blocks = 16, threads = 256;
  size_t g = mt_granularity(), bytes = (blocks * threads * sizeof(int) + g - 1) / g * g;
  mt_mapping m;
  mt_mapping_create(&m, bytes, bytes);
  device_only(m);
  int *arrived = nullptr;
  MT_CHECK(hipHostMalloc(reinterpret_cast<void **>(&arrived), sizeof *arrived, 0));
  for (int round = 0; round < 400; round++) {
    *arrived = 0;
    hipLaunchKernelGGL(meet_then_fill, dim3(blocks), dim3(threads), 0, 0,
                       static_cast<int *>(m.base), arrived, 4, round);
    MT_CHECK(hipGetLastError());
    MT_CHECK(hipDeviceSynchronize());
  }
  std::vector<int> got = read_ints(m.base, blocks * threads);
  for (int i = 0; i < blocks * threads; i++)
    assert_int_equal(got[i], i + 399);
  MT_CHECK(hipHostFree(arrived));
  mt_mapping_destroy(&m);
}

/* 300 mappings, a gap after each: a kernel writes each, twice; then one is made read-only and
   only the block writing it faults. 2,400 threads: the launch runs on the calling thread, where
   valgrind is told the fault is the case's (launch_failing.h). */
static void test_kernel_touches_many_mappings(void **state) {
  (void)state;
  const unsigned count = 300;
  size_t g = mt_granularity();
  /* One reservation for all, a mapping every other granule: the kernel finds each by stride. */
  void *base = nullptr;
  MT_CHECK(hipMemAddressReserve(&base, 2 * g * count, 0, nullptr, 0));
  hipMemAllocationProp prop = mt_prop_device(0);
  std::vector<hipMemGenericAllocationHandle_t> handles(count);
  char *first = static_cast<char *>(base);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  for (unsigned i = 0; i < count; i++) {
    MT_CHECK(hipMemCreate(&handles[i], g, &prop, 0));
    MT_CHECK(hipMemMap(first + 2 * g * i, g, 0, handles[i], 0));
    MT_CHECK(hipMemSetAccess(first + 2 * g * i, g, &rw, 1));
  }
  for (int round = 0; round < 2; round++) {
    hipLaunchKernelGGL(poke_each, dim3(count), dim3(8), 0, 0, first, 2 * g, 1000 * round);
    MT_CHECK(hipDeviceSynchronize());
    for (unsigned i = 0; i < count; i++)
      assert_int_equal(read_ints(first + 2 * g * i, 1)[0], 1000 * round + (int)i);
  }
  hipMemAccessDesc ro = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(first + 2 * g * 123, g, &ro, 1));
  LAUNCH_FAULTING(poke_each, dim3(count), dim3(8), 0, 0, first, 2 * g, 0);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("block (123, 0, 0)");
  mt_assert_reason_contains("a write of reservation#");
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
  MT_CHECK(hipDeviceReset());
  for (unsigned i = 0; i < count; i++) {
    MT_CHECK(hipMemUnmap(first + 2 * g * i, g));
    MT_CHECK(hipMemRelease(handles[i]));
  }
  MT_CHECK(hipMemAddressFree(base, 2 * g * count));
}

/* Between two launches: a new mapping is opened, an unmapped one faults. */
static void test_changes_between_launches(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping a, b;
  mt_mapping_create(&a, g, g);
  device_only(a);
  hipLaunchKernelGGL(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(a.base), 1);
  MT_CHECK(hipDeviceSynchronize());
  mt_mapping_create(&b, g, g);
  device_only(b);
  hipLaunchKernelGGL(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(b.base), 2);
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(read_ints(b.base, 128)[127], 129);
  MT_CHECK(hipMemUnmap(b.base, g));
  b.mapped = false;
  LAUNCH_FAULTING(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(b.base), 3);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("hipMemUnmap");
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
  MT_CHECK(hipDeviceReset());
  assert_int_equal(read_ints(a.base, 128)[127], 128);
  mt_mapping_destroy(&b);
  mt_mapping_destroy(&a);
}

/* ---- the host after a launch, in a child: the touch kills it ---- */

static void child_host_after_launch(void) {
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  SC_CHECK(hipMemSetAccess(base, g, &rw, 1) == hipSuccess);
  hipLaunchKernelGGL(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(base), 0);
  SC_CHECK(hipDeviceSynchronize() == hipSuccess);
  sc_coverage_dump();
  volatile int *p = static_cast<volatile int *>(base);
  p[1] = 7; /* the host was granted nothing: dies here */
}

/* Under a tracer (as under gdb): a kernel touching a mapping granted to the device alone. */
static void child_traced_launch(void) {
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  SC_CHECK(hipMemSetAccess(base, g, &rw, 1) == hipSuccess);
  for (int round = 0; round < 3; round++) {
    hipLaunchKernelGGL(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(base), round);
    SC_CHECK(hipDeviceSynchronize() == hipSuccess);
  }
  SC_CHECK(hipMemUnmap(base, g) == hipSuccess);
  SC_CHECK(hipMemRelease(handle) == hipSuccess);
}

static const sc_case cases[] = {{"host_after_launch", child_host_after_launch},
                                {"traced_launch", child_traced_launch}};

/* A debugger stops at every SIGSEGV: with one attached at the first launch, the grants are
   opened on entry and the kernel's touches raise none. This test is the tracer: it runs the
   case under ptrace, passes every signal on, and counts the SIGSEGV stops. */
static void test_traced_launch_raises_no_fault(void **state) {
  (void)state;
  if (RUNNING_ON_VALGRIND) {
    print_message("skipped under valgrind: it opens grants on entry already, and a traced "
                  "valgrind is another debugger's business\n");
    skip();
  }
#if defined(__SANITIZE_ADDRESS__)
  /* The other builds run it. */
  print_message("skipped under AddressSanitizer: LeakSanitizer's check at exit ptraces the "
                "process's threads itself, which a traced process cannot\n");
  skip();
#endif
  fflush(nullptr);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    if (ptrace(PTRACE_TRACEME, 0, nullptr, nullptr) != 0)
      _exit(77);
    execl("/proc/self/exe", "mockhip_test_kernel_view", "--child", "traced_launch",
          (char *)nullptr);
    _exit(127);
  }
  int status = 0, faults = 0;
  while (waitpid(pid, &status, 0) == pid && WIFSTOPPED(status)) {
    int sig = WSTOPSIG(status);
    faults += sig == SIGSEGV;
    ptrace(PTRACE_CONT, pid, nullptr, (void *)(intptr_t)(sig == SIGTRAP ? 0 : sig));
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 77) {
    print_message("skipped: ptrace is not permitted here\n");
    skip();
  }
  assert_true(WIFEXITED(status));
  assert_int_equal(WEXITSTATUS(status), 0);
  assert_int_equal(faults, 0);
}

/* Two mappings side by side the host may write and device 0 may not: protected for the
   launch (one range), a kernel's write faults, and the host writes them after. */
static void test_host_only_mappings_side_by_side(void **state) {
  (void)state;
  size_t g = mt_granularity();
  void *base = nullptr;
  MT_CHECK(hipMemAddressReserve(&base, 2 * g, 0, nullptr, 0));
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handles[2];
  hipMemAccessDesc host = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite};
  for (int i = 0; i < 2; i++) {
    MT_CHECK(hipMemCreate(&handles[i], g, &prop, 0));
    MT_CHECK(hipMemMap(static_cast<char *>(base) + i * g, g, 0, handles[i], 0));
  }
  MT_CHECK(hipMemSetAccess(base, 2 * g, &host, 1));
  int *second = reinterpret_cast<int *>(static_cast<char *>(base) + g);
  LAUNCH_FAULTING(fill, dim3(2), dim3(64), 0, 0, second, 5);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  mt_assert_reason_contains("device 0 has no access");
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
  MT_CHECK(hipDeviceReset());
  static_cast<int *>(base)[0] = 1; /* the host's view is back */
  second[0] = 2;
  assert_int_equal(second[1], 0); /* the kernel's write did not land */
  for (int i = 0; i < 2; i++)
    MT_CHECK(hipMemUnmap(static_cast<char *>(base) + i * g, g));
  for (int i = 0; i < 2; i++)
    MT_CHECK(hipMemRelease(handles[i]));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

static void test_host_denied_after_launch(void **state) {
  (void)state;
  free(sc_run_ending("host_after_launch", nullptr, sc_died_of_fault));
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_many_threads_open_one_mapping),
      MT_CLEAN_TEST(test_kernel_touches_many_mappings),
      MT_CLEAN_TEST(test_changes_between_launches),
      MT_CLEAN_TEST(test_host_denied_after_launch),
      MT_CLEAN_TEST(test_traced_launch_raises_no_fault),
      MT_CLEAN_TEST(test_host_only_mappings_side_by_side),
  };
  return cmocka_run_group_tests_name("kernel_view", tests, nullptr, nullptr);
}
