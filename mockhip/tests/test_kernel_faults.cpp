/*
 * test_kernel_faults.cpp: what a kernel may touch, device by device (runs
 * with MOCKHIP_DEVICES=2). Allowed: a VMM mapping through any alias the
 * device may access, read-only memory read, a handle released while mapped,
 * a peer's hipMalloc memory once peer access is enabled, pinned and managed
 * host memory. Faults: no access, a write to read-only, reserved but unmapped,
 * after hipMemUnmap, another device's hipMalloc memory without peer access, a
 * mapping granted to the other device only, pageable host memory a pointer
 * argument names, a divergent __syncthreads. A fault leaves the launch
 * hipSuccess and makes the next call on the device hipErrorIllegalAddress,
 * sticky until hipDeviceReset, naming kernel, block, thread and
 * reservation#N; the other device goes on. MOCKHIP_EXPLAIN=1 runs in a child
 * process (self_child.c), whose stderr is read. Every case ends clean: the
 * teardown asserts no object is left alive.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "self_child.h"
}

#include <cstdlib>
#include <cstring>
#include <vector>

#include "launch_failing.h"

/* ---- kernels ---- */

/* Thread (5) of block (2) writes value at p[index]; nobody else touches anything. */
__global__ void poke(int *p, size_t index, int value) {
  if (blockIdx.x == 2 && threadIdx.x == 5)
    p[index] = value;
}

/* Every thread copies from[i] to to[i]. */
__global__ void copy_ints(const int *from, int *to) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  to[i] = from[i];
}

/* Every thread writes p[i] = i + offset. */
__global__ void fill(int *p, int offset) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = (int)i + offset;
}

/* ---- helpers ---- */

/* Under AddressSanitizer, the way out of a kernel's fault (siglongjmp, which ASan intercepts)
   reads /proc/self/maps into malloc'd lines: with a page of the heap protected for the
   launch (a pageable pointer argument), ASan's allocator faults on it and the thread
   deadlocks in pthread_getattr_np. */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif
#define SKIP_UNDER_ASAN(why)                                                                       \
  do {                                                                                             \
    if (UNDER_ASAN) {                                                                              \
      print_message("skipped under AddressSanitizer: %s\n", why);                                  \
      skip();                                                                                      \
    }                                                                                              \
  } while (0)

/* Why a case cannot run under valgrind: its tools see no pageable heap where mockhip looks for
   it, and report a fault taken on purpose on a worker thread as an error. */
#define SKIP_UNDER_VALGRIND(why)                                                                   \
  do {                                                                                             \
    if (RUNNING_ON_VALGRIND) {                                                                     \
      print_message("skipped under valgrind: %s\n", why);                                          \
      skip();                                                                                      \
    }                                                                                              \
  } while (0)

static int *device_ints(size_t count) {
  void *p = nullptr;
  MT_CHECK(hipMalloc(&p, count * sizeof(int)));
  MT_CHECK(hipMemset(p, 0, count * sizeof(int)));
  return static_cast<int *>(p);
}

/* The launch went through; the device's next calls answer hipErrorIllegalAddress naming the
   kernel and `needle`, until hipDeviceReset, after which the device works again. */
static void expect_sticky_fault(const char *kernel, const char *needle,
                                const char *also = nullptr) {
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  char want[128];
  snprintf(want, sizeof want, "kernel %s on device ", kernel);
  mt_assert_reason_contains(want);
  mt_assert_reason_contains(needle);
  if (also != nullptr)
    mt_assert_reason_contains(also);
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize()); /* sticky */
  void *p = nullptr;
  MT_EXPECT(hipErrorIllegalAddress, hipMalloc(&p, 64));
  assert_null(p);
  MT_EXPECT(hipErrorIllegalAddress, hipStreamSynchronize(nullptr));
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
  MT_CHECK(hipDeviceReset());
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipMalloc(&p, 64));
  MT_CHECK(hipFree(p));
}

/* The launch itself returns success: a fault is not the launch's error. */
#define LAUNCH(...)                                                                                \
  do {                                                                                             \
    hipLaunchKernelGGL(__VA_ARGS__);                                                               \
    MT_CHECK(hipGetLastError());                                                                   \
  } while (0)

static std::vector<int> read_ints(const void *from, size_t count) {
  std::vector<int> to(count);
  MT_CHECK(hipMemcpy(to.data(), from, count * sizeof(int), hipMemcpyDeviceToHost));
  return to;
}

static void grant(const mt_mapping &m, int device, hipMemAccessFlags flags) {
  mt_set_access(&m, hipMemLocationTypeDevice, device, flags);
}

/* ---- allowed ---- */

/* One handle mapped twice: a kernel writes through one address, another reads through the
   other. */
static void test_alias_mappings(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, g);
  void *alias = nullptr;
  MT_CHECK(hipMemAddressReserve(&alias, g, 0, nullptr, 0));
  MT_CHECK(hipMemMap(alias, g, 0, m.handle, 0));
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(alias, g, &desc, 1));
  int *out = device_ints(512);
  LAUNCH(fill, dim3(4), dim3(128), 0, 0, static_cast<int *>(m.base), 1000);
  LAUNCH(copy_ints, dim3(4), dim3(128), 0, 0, static_cast<const int *>(alias), out);
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_ints(out, 512);
  for (int i = 0; i < 512; i++)
    assert_int_equal(h[i], i + 1000);
  MT_CHECK(hipFree(out));
  MT_CHECK(hipMemUnmap(alias, g));
  MT_CHECK(hipMemAddressFree(alias, g));
  mt_mapping_destroy(&m);
}

static void test_released_while_mapped_is_readable(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, g);
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  LAUNCH(fill, dim3(2), dim3(64), 0, 0, static_cast<int *>(m.base), 7);
  MT_CHECK(hipMemRelease(m.handle));
  int *out = device_ints(128);
  LAUNCH(copy_ints, dim3(2), dim3(64), 0, 0, static_cast<const int *>(m.base), out);
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_ints(out, 128);
  for (int i = 0; i < 128; i++)
    assert_int_equal(h[i], i + 7);
  MT_CHECK(hipFree(out));
  MT_CHECK(hipMemUnmap(m.base, g));
  MT_CHECK(hipMemAddressFree(m.base, g));
}

static void test_pinned_and_managed_memory(void **state) {
  (void)state;
  int *pinned = nullptr, *managed = nullptr;
  MT_CHECK(hipHostMalloc((void **)&pinned, 256 * sizeof(int), hipHostMallocDefault));
  MT_CHECK(hipMallocManaged((void **)&managed, 256 * sizeof(int), hipMemAttachGlobal));
  LAUNCH(fill, dim3(2), dim3(128), 0, 0, pinned, 3);
  LAUNCH(copy_ints, dim3(2), dim3(128), 0, 0, static_cast<const int *>(pinned), managed);
  MT_CHECK(hipDeviceSynchronize());
  for (int i = 0; i < 256; i++) {
    assert_int_equal(pinned[i], i + 3);
    assert_int_equal(managed[i], i + 3);
  }
  MT_CHECK(hipHostFree(pinned));
  MT_CHECK(hipFree(managed));
}

/* ---- faults on device 0 ---- */

static void test_no_access_faults(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, g);
  LAUNCH_FAULTING(poke, dim3(4), dim3(8), 0, 0, static_cast<int *>(m.base), 3, 1);
  /* the fault shows at the synchronise at the latest (at once where streams are serial) */
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  hipLaunchKernelGGL(poke, dim3(4), dim3(8), 0, 0, static_cast<int *>(m.base), 3, 1);
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError()); /* a faulted device launches nothing */
  expect_sticky_fault("poke", "block (2, 0, 0), thread (5, 0, 0)): a write of reservation#",
                      "+0xc: device 0 has no access"); /* int 3 */
  /* Granted, the same launch works. */
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  LAUNCH(poke, dim3(4), dim3(8), 0, 0, static_cast<int *>(m.base), 3, 41);
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(read_ints(m.base, 4)[3], 41);
  mt_mapping_destroy(&m);
}

/* Each event and stream query answers the device's error too. */
static void test_fault_reaches_streams_and_events(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  hipStream_t stream;
  hipEvent_t event;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&event));
  LAUNCH_FAULTING(poke, dim3(3), dim3(6), 0, stream, static_cast<int *>(m.base), 0, 1);
  /* at the synchronise at the latest (at once where streams are serial) */
  MT_EXPECT(hipErrorIllegalAddress, hipStreamSynchronize(stream));
  MT_EXPECT(hipErrorIllegalAddress, hipEventRecord(event, stream));
  MT_EXPECT(hipErrorIllegalAddress, hipEventQuery(event));
  MT_EXPECT(hipErrorIllegalAddress, hipStreamQuery(stream));
  MT_EXPECT(hipErrorIllegalAddress, hipGetLastError());
  MT_CHECK(hipDeviceReset()); /* the device's streams go with it */
  MT_CHECK(hipEventDestroy(event));
  mt_mapping_destroy(&m);
}

static void test_read_only_reads_and_write_faults(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, g);
  std::vector<int> h(256);
  for (int i = 0; i < 256; i++)
    h[i] = 5 * i;
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemcpy(m.base, h.data(), 256 * sizeof(int), hipMemcpyHostToDevice));
  grant(m, 0, hipMemAccessFlagsProtRead);
  int *out = device_ints(256);
  LAUNCH(copy_ints, dim3(2), dim3(128), 0, 0, static_cast<const int *>(m.base), out);
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> got = read_ints(out, 256);
  for (int i = 0; i < 256; i++)
    assert_int_equal(got[i], 5 * i);
  MT_CHECK(hipFree(out));
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), 100, 1);
  expect_sticky_fault("poke", "a write of reservation#");
  assert_int_equal(read_ints(m.base, 101)[100], 500); /* the write did not land */
  mt_mapping_destroy(&m);
}

static void test_after_unmap_faults(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, g);
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  LAUNCH(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), 0, 1);
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipMemUnmap(m.base, g));
  m.mapped = false;
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), 0, 1);
  expect_sticky_fault("poke", "hipMemUnmap");
  mt_mapping_destroy(&m);
}

static void test_reserved_unmapped_faults(void **state) {
  (void)state;
  size_t g = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, g, 2 * g);
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  LAUNCH(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), g / sizeof(int) - 1, 1);
  MT_CHECK(hipDeviceSynchronize()); /* the last int of the mapping */
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), g / sizeof(int), 1);
  /* An index one past the mapping's end: told as an overrun of that mapping. */
  expect_sticky_fault("poke", "an overrun: a write", /* the first byte past, not "1 byte" */
                      ", the first byte past the end of the mapping at reservation#");
  mt_mapping_destroy(&m);
}

/* Below a mapping, in a reservation's unmapped start: nothing is mapped there, and no mapping
   ends just before it. */
static void test_reserved_never_mapped_faults(void **state) {
  (void)state;
  size_t g = mt_granularity();
  char *base = nullptr;
  hipMemGenericAllocationHandle_t handle;
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemAddressReserve(reinterpret_cast<void **>(&base), 2 * g, 0, nullptr, 0));
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  MT_CHECK(hipMemMap(base + g, g, 0, handle, 0));
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base + g, g, &rw, 1));
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, reinterpret_cast<int *>(base), 1, 1);
  expect_sticky_fault("poke", "nothing is mapped here");
  MT_CHECK(hipMemUnmap(base + g, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

/* Thread 0 returns at once; the others meet at a barrier it never reaches first. */
__global__ void divergent(int *out) {
  if (threadIdx.x == 0)
    return;
  __syncthreads();
  out[threadIdx.x] = 1;
}

/* Only odd threads call __syncthreads. */
__global__ void odd_barrier(int *out) {
  if (threadIdx.x % 2 == 1)
    __syncthreads();
  out[threadIdx.x] = 1;
}

static void test_divergent_barrier_faults(void **state) {
  (void)state;
  int *out = device_ints(64);
  LAUNCH(divergent, dim3(2), dim3(64), 0, 0, out);
  expect_sticky_fault("divergent", "thread (1, 0, 0)): __syncthreads",
                      "reached a barrier that thread (0, 0, 0) of its block did not reach first");
  out = device_ints(64); /* the reset freed the device's memory */
  LAUNCH(odd_barrier, dim3(1), dim3(64), 0, 0, out);
  expect_sticky_fault("odd_barrier", "__syncthreads");
}

/* A fault in a fiber (after the block's first barrier), on many blocks at once. */
__global__ void fault_after_barrier(int *good, int *bad, unsigned bad_block) {
  __shared__ int tile[128];
  tile[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  good[blockIdx.x * blockDim.x + threadIdx.x] = tile[127 - threadIdx.x];
  if (blockIdx.x == bad_block && threadIdx.x == 77)
    bad[0] = 1;
}

/* Runs fault_after_barrier over `blocks` blocks of 128 threads, thread 77 of block `bad_block`
   touching a mapping with no access; then again, granted, checking every block ran. */
static void fault_after_barrier_in(unsigned blocks, unsigned bad_block, bool on_workers) {
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  int *good = device_ints(blocks * 128);
  if (on_workers)
    LAUNCH(fault_after_barrier, dim3(blocks), dim3(128), 0, 0, good, static_cast<int *>(m.base),
           bad_block);
  else
    LAUNCH_FAULTING(fault_after_barrier, dim3(blocks), dim3(128), 0, 0, good,
                    static_cast<int *>(m.base), bad_block);
  char where[64];
  snprintf(where, sizeof where, "block (%u, 0, 0), thread (77, 0, 0)", bad_block);
  expect_sticky_fault("fault_after_barrier", where);
  /* The participants go on: the same kernel, granted, runs every block. */
  grant(m, 0, hipMemAccessFlagsProtReadWrite);
  good = device_ints(blocks * 128);
  LAUNCH(fault_after_barrier, dim3(blocks), dim3(128), 0, 0, good, static_cast<int *>(m.base),
         bad_block);
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_ints(good, blocks * 128);
  for (unsigned i = 0; i < blocks * 128; i++)
    assert_int_equal(h[i], 127 - (int)(i % 128));
  MT_CHECK(hipFree(good));
  mt_mapping_destroy(&m);
}

/* 24 blocks of 128: fewer than 4096 threads, all on the launching thread. */
static void test_fault_in_a_fiber(void **state) {
  (void)state;
  fault_after_barrier_in(24, 20, false);
}

/* 64 blocks: the workers too, each ending its loop at the fault. */
static void test_fault_in_a_fiber_among_workers(void **state) {
  (void)state;
  SKIP_UNDER_VALGRIND("it reports the fault a worker thread takes on purpose");
  fault_after_barrier_in(64, 40, true);
}

static void test_pageable_argument_faults(void **state) {
  (void)state;
  SKIP_UNDER_VALGRIND("its heap is not where /proc/self/maps says pageable memory is");
  SKIP_UNDER_ASAN("its allocator's own data lies on the heap page the launch protects");
  std::vector<int> host(64, 0);
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, host.data(), 1, 5);
  expect_sticky_fault("poke", "pageable");
  assert_int_equal(host[1], 0);
  host[1] = 9; /* the host's own again */
  int *heap = static_cast<int *>(malloc(4096));
  assert_non_null(heap);
  LAUNCH_FAULTING(fill, dim3(1), dim3(16), 0, 0, heap, 0);
  expect_sticky_fault("fill", "pageable");
  heap[0] = 1;
  free(heap);
}

/* ---- two devices ---- */

static int devices(void) {
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count));
  return count;
}

static void test_peer_memory(void **state) {
  (void)state;
  if (devices() < 2)
    skip(); /* ctest runs this with MOCKHIP_DEVICES=2 */
  MT_CHECK(hipSetDevice(0));
  int *zero = device_ints(64);
  MT_CHECK(hipSetDevice(1));
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, 0, zero, 0, 5);
  /* Device 0 goes on while device 1's error stays. */
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(read_ints(zero, 1)[0], 0);
  MT_CHECK(hipSetDevice(1));
  expect_sticky_fault("poke", "has not enabled access");
  MT_CHECK(hipDeviceEnablePeerAccess(0, 0));
  LAUNCH(poke, dim3(3), dim3(8), 0, 0, zero, 0, 5);
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipDeviceDisablePeerAccess(0));
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(read_ints(zero, 1)[0], 5);
  MT_CHECK(hipFree(zero));
}

/* Granted to device 1 only: a kernel on a stream of device 0 faults, even launched while
   device 1 is current; on device 1 it runs. */
static void test_mapping_of_the_other_device(void **state) {
  (void)state;
  if (devices() < 2)
    skip(); /* ctest runs this with MOCKHIP_DEVICES=2 */
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  grant(m, 1, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipSetDevice(0));
  hipStream_t zero;
  MT_CHECK(hipStreamCreate(&zero));
  MT_CHECK(hipSetDevice(1));
  LAUNCH_FAULTING(poke, dim3(3), dim3(8), 0, zero, static_cast<int *>(m.base), 0, 5);
  MT_CHECK(hipDeviceSynchronize()); /* device 1 is fine */
  LAUNCH(poke, dim3(3), dim3(8), 0, 0, static_cast<int *>(m.base), 1, 6);
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(read_ints(m.base, 2)[0], 0);
  assert_int_equal(read_ints(m.base, 2)[1], 6);
  MT_CHECK(hipSetDevice(0));
  expect_sticky_fault("poke", "device 0 has no access");
  mt_mapping_destroy(&m);
}

/* ---- MOCKHIP_EXPLAIN in a child ---- */

static void child_explain(void) {
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  VALGRIND_DISABLE_ERROR_REPORTING;
  hipLaunchKernelGGL(poke, dim3(4), dim3(8), 0, 0, static_cast<int *>(base), 4, 1);
  VALGRIND_ENABLE_ERROR_REPORTING;
  SC_CHECK(hipGetLastError() == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
}

/* The first launch of a fresh process, on small heap blocks: whatever the launch allocates
   then lies next to them, maybe on the page it protects. */
static void child_pageable_first_launch(void) {
  for (int round = 0; round < 4; round++) {
    int *small = static_cast<int *>(malloc(64));
    SC_CHECK(small != nullptr);
    small[0] = 0;
    hipLaunchKernelGGL(poke, dim3(4), dim3(8), 0, 0, small, 0, 1);
    SC_CHECK(hipGetLastError() == hipSuccess);
    SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
    SC_CHECK(strstr(mockhip_last_reason(), "pageable") != nullptr);
    SC_CHECK(hipDeviceReset() == hipSuccess);
    SC_CHECK(hipGetLastError() == hipErrorIllegalAddress);
    SC_CHECK(small[0] == 0);
    free(small);
    char *more = static_cast<char *>(malloc(100 * 1024)); /* after the engine's first blocks */
    SC_CHECK(more != nullptr);
    more[0] = 0;
    hipLaunchKernelGGL(poke, dim3(4), dim3(8), 0, 0, reinterpret_cast<int *>(more), 0, 1);
    SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
    SC_CHECK(hipDeviceReset() == hipSuccess);
    SC_CHECK(hipGetLastError() == hipErrorIllegalAddress); /* the last error, once */
    free(more);
  }
}

static const sc_case cases[] = {{"explain", child_explain},
                                {"pageable_first_launch", child_pageable_first_launch}};

static void test_explain_names_the_fault(void **state) {
  (void)state;
  static const char *const env[] = {"MOCKHIP_EXPLAIN=1", nullptr};
  char *err = sc_run_ending("explain", env, mt_exited_ok);
  const char *want[] = {
      "mockhip: explain: kernel poke on device 0, block (2, 0, 0), thread (5, 0, 0): a write of "
      "reservation#",
      "+0x10\n", /* int 4 */
      "mockhip: explain:   what:   device 0 has no access to this mapping",
      "mockhip: explain:   fix:    grant the device access"};
  for (const char *w : want)
    if (strstr(err, w) == nullptr) {
      print_error("expected \"%s\" in:\n%s", w, err);
      fail();
    }
  free(err);
}

/* The engine's own memory (what it allocates at the first launch) never shares the page a
   pointer argument names: each launch still ends, and faults as it should. */
static void test_pageable_first_launch_of_a_process(void **state) {
  (void)state;
  SKIP_UNDER_VALGRIND("its heap is not where /proc/self/maps says pageable memory is");
  SKIP_UNDER_ASAN("its allocator's own data lies on the heap page the launch protects");
  free(sc_run_ending("pageable_first_launch", nullptr, mt_exited_ok));
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_alias_mappings),
      MT_CLEAN_TEST(test_released_while_mapped_is_readable),
      MT_CLEAN_TEST(test_pinned_and_managed_memory),
      MT_CLEAN_TEST(test_explain_names_the_fault),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_no_access_faults),
      MT_CLEAN_TEST(test_fault_reaches_streams_and_events),
      MT_CLEAN_TEST(test_read_only_reads_and_write_faults),
      MT_CLEAN_TEST(test_after_unmap_faults),
      MT_CLEAN_TEST(test_reserved_unmapped_faults),
      MT_CLEAN_TEST(test_reserved_never_mapped_faults),
      MT_CLEAN_TEST(test_divergent_barrier_faults),
      MT_CLEAN_TEST(test_fault_in_a_fiber),
      MT_CLEAN_TEST(test_fault_in_a_fiber_among_workers),
      MT_CLEAN_TEST(test_pageable_argument_faults),
      MT_CLEAN_TEST(test_pageable_first_launch_of_a_process),
      MT_CLEAN_TEST(test_peer_memory),
      MT_CLEAN_TEST(test_mapping_of_the_other_device),
  };
  return cmocka_run_group_tests_name("kernel_faults", positive, nullptr, nullptr) +
         cmocka_run_group_tests_name("kernel_faults_negative", negative, nullptr, nullptr);
}
