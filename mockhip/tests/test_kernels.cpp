/*
 * test_kernels.cpp: kernels as users write them, in C++17, run on the CPU:
 * every thread's coordinates for 1-D, 2-D and 3-D grids and blocks; a grid
 * larger than the pool of workers; a reduction through a __shared__ tile and
 * barriers, with exact sums; shared memory of one block unseen by the others;
 * HIP_DYNAMIC_SHARED; barriers in a loop; threads that exit before a barrier;
 * warpSize (64, or 32 playing NVIDIA); hipLaunchKernel by the typed kernel and
 * by its address; stream order with hipMemcpyAsync and events around a launch;
 * exact totals of atomics from many blocks; a host thread touching pinned and
 * mapped memory while a kernel runs. The negative group holds the launches the
 * runtime refuses: zero dimensions, 1025 threads, a grid over 2^32 - 1,
 * too much shared memory, a destroyed stream, a kernel it does not know.
 * Device memory is read back with hipMemcpy, never dereferenced by the host.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "under_valgrind.h"

/* ---- helpers ---- */

static bool playing_nvidia() {
  const char *platform = getenv("MOCKHIP_PLATFORM");
  return platform != nullptr && strcmp(platform, "nvidia") == 0;
}

template <class T> static T *device_alloc(size_t count) {
  void *p = nullptr;
  MT_CHECK(hipMalloc(&p, count * sizeof(T)));
  MT_CHECK(hipMemset(p, 0, count * sizeof(T)));
  return static_cast<T *>(p);
}

template <class T> static std::vector<T> read_back(const T *device, size_t count) {
  std::vector<T> host(count);
  MT_CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

/* ---- coordinates ---- */

/* blockIdx, threadIdx, blockDim, gridDim (x, y, z each), then how often the thread ran. */
struct place {
  uint32_t v[13];
};

__global__ void record_place(place *out) {
  uint64_t block = ((uint64_t)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  uint64_t thread = ((uint64_t)threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  uint32_t *v = out[block * blockDim.x * blockDim.y * blockDim.z + thread].v;
  const dim3 seen[4] = {blockIdx, threadIdx, blockDim, gridDim};
  for (int i = 0; i < 4; i++) {
    v[3 * i] = seen[i].x;
    v[3 * i + 1] = seen[i].y;
    v[3 * i + 2] = seen[i].z;
  }
  v[12]++;
}

/* Launches record_place over grid x block and checks that each thread ran once, where it
   should. */
static void check_places(dim3 grid, dim3 block) {
  size_t blocks = (size_t)grid.x * grid.y * grid.z, threads = (size_t)block.x * block.y * block.z;
  size_t count = blocks * threads;
  place *d = device_alloc<place>(count);
  hipLaunchKernelGGL(record_place, grid, block, 0, 0, d);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<place> h = read_back(d, count);
  size_t i = 0;
  for (uint32_t bz = 0; bz < grid.z; bz++)
    for (uint32_t by = 0; by < grid.y; by++)
      for (uint32_t bx = 0; bx < grid.x; bx++)
        for (uint32_t tz = 0; tz < block.z; tz++)
          for (uint32_t ty = 0; ty < block.y; ty++)
            for (uint32_t tx = 0; tx < block.x; tx++, i++) {
              const uint32_t want[13] = {bx,      by,      bz,     tx,     ty,     tz, block.x,
                                         block.y, block.z, grid.x, grid.y, grid.z, 1};
              const uint32_t *got = h[i].v;
              if (memcmp(got, want, sizeof want) != 0) {
                print_error("thread %zu: written %u times, block (%u, %u, %u) thread (%u, %u, %u)"
                            " blockDim (%u, %u, %u) gridDim (%u, %u, %u)\n",
                            i, got[12], got[0], got[1], got[2], got[3], got[4], got[5], got[6],
                            got[7], got[8], got[9], got[10], got[11]);
                fail();
              }
            }
  MT_CHECK(hipFree(d));
}

static void test_places_1d(void **state) {
  (void)state;
  check_places(dim3(1), dim3(1));
  check_places(dim3(7), dim3(33));
  check_places(dim3(3), dim3(1024));
}

static void test_places_2d(void **state) {
  (void)state;
  check_places(dim3(5, 3), dim3(8, 4));
  check_places(dim3(1, 9), dim3(1, 16));
}

static void test_places_3d(void **state) {
  (void)state;
  check_places(dim3(3, 2, 4), dim3(4, 3, 2));
  check_places(dim3(2, 2, 2), dim3(8, 8, 16)); /* 1024 threads a block */
}

/* Many more blocks than workers, each big enough to start the pool. */
static void test_places_grid_larger_than_workers(void **state) {
  (void)state;
  check_places(dim3(37, 11), dim3(64));
  check_places(dim3(16, 4, 4), dim3(32, 2));
}

/* ---- barriers and shared memory ---- */

#define TILE 256

__global__ void block_sum(const int *in, long long *out) {
  __shared__ long long tile[TILE];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * TILE + t];
  __syncthreads();
  for (unsigned stride = TILE / 2; stride > 0; stride /= 2) {
    if (t < stride)
      tile[t] += tile[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = tile[0];
}

static void test_reduction(void **state) {
  (void)state;
  const unsigned blocks = 96;
  std::vector<int> h(blocks * TILE);
  for (size_t i = 0; i < h.size(); i++)
    h[i] = (int)(i * 7919 % 1000003) - 500000;
  int *in = device_alloc<int>(h.size());
  long long *out = device_alloc<long long>(blocks);
  MT_CHECK(hipMemcpy(in, h.data(), h.size() * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(block_sum, dim3(blocks), dim3(TILE), 0, 0, in, out);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<long long> sums = read_back(out, blocks);
  for (unsigned b = 0; b < blocks; b++) {
    long long want = 0;
    for (unsigned t = 0; t < TILE; t++)
      want += h[b * TILE + t];
    assert_int_equal(sums[b], want);
  }
  MT_CHECK(hipFree(in));
  MT_CHECK(hipFree(out));
}

/* Each block fills the tile with its own number; a neighbour's value from another block would
   show. */
__global__ void shared_is_per_block(unsigned *mismatches) {
  __shared__ unsigned tile[64];
  unsigned t = threadIdx.x, n = blockDim.x;
  for (int round = 0; round < 8; round++) {
    tile[t] = blockIdx.x * 1000 + t + (unsigned)round;
    __syncthreads();
    unsigned other = (t + 1 + (unsigned)round) % n;
    if (tile[other] != blockIdx.x * 1000 + other + (unsigned)round)
      __atomic_fetch_add(&mismatches[blockIdx.x], 1u, __ATOMIC_RELAXED);
    __syncthreads();
  }
}

static void test_shared_per_block(void **state) {
  (void)state;
  const unsigned blocks = 512;
  unsigned *d = device_alloc<unsigned>(blocks);
  hipLaunchKernelGGL(shared_is_per_block, dim3(blocks), dim3(64), 0, 0, d);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<unsigned> h = read_back(d, blocks);
  for (unsigned b = 0; b < blocks; b++)
    assert_int_equal(h[b], 0);
  MT_CHECK(hipFree(d));
}

/* Each thread writes its slot of the dynamic shared memory, then reads the mirror slot. */
__global__ void dynamic_mirror(int *out) {
  HIP_DYNAMIC_SHARED(int, dyn)
  unsigned t = threadIdx.x, n = blockDim.x;
  dyn[t] = (int)(blockIdx.x * 10000 + t);
  dyn[n + t] = -(int)t; /* past the first n: the launch gave 2n */
  __syncthreads();
  out[blockIdx.x * n + t] = dyn[n - 1 - t] + dyn[2 * n - 1 - t];
}

static void test_dynamic_shared(void **state) {
  (void)state;
  const unsigned blocks = 40, n = 128;
  int *d = device_alloc<int>(blocks * n);
  hipLaunchKernelGGL(dynamic_mirror, dim3(blocks), dim3(n), 2 * n * sizeof(int), 0, d);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_back(d, blocks * n);
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned t = 0; t < n; t++)
      assert_int_equal(h[b * n + t], (int)(b * 10000 + (n - 1 - t)) - (int)(n - 1 - t));
  MT_CHECK(hipFree(d));
}

/* The largest dynamic shared memory the device gives: its last byte is usable. */
__global__ void touch_last_shared(int *out, size_t bytes) {
  HIP_DYNAMIC_SHARED(unsigned char, dyn)
  dyn[bytes - 1] = 0x5a;
  dyn[0] = 0x11;
  out[0] = dyn[bytes - 1] + dyn[0];
}

static void test_dynamic_shared_whole(void **state) {
  (void)state;
  size_t bytes = playing_nvidia() ? 48 * MT_KIB : 64 * MT_KIB;
  int *d = device_alloc<int>(1);
  hipLaunchKernelGGL(touch_last_shared, dim3(1), dim3(1), bytes, 0, d, bytes);
  MT_CHECK(hipGetLastError());
  assert_int_equal(read_back(d, 1)[0], 0x5a + 0x11);
  MT_CHECK(hipFree(d));
}

/* Rotates values around the block through shared memory, two barriers a round. */
__global__ void rotate(int *out, int rounds) {
  __shared__ int ring[1024];
  unsigned t = threadIdx.x, n = blockDim.x;
  int value = (int)(blockIdx.x * 100000 + t);
  for (int r = 0; r < rounds; r++) {
    ring[t] = value;
    __syncthreads();
    value = ring[(t + 1) % n];
    __syncthreads();
  }
  out[blockIdx.x * n + t] = value;
}

static void test_barriers_in_a_loop(void **state) {
  (void)state;
  const unsigned blocks = 6, n = 200;
  const int rounds = 37;
  int *d = device_alloc<int>(blocks * n);
  hipLaunchKernelGGL(rotate, dim3(blocks), dim3(n), 0, 0, d, rounds);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_back(d, blocks * n);
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned t = 0; t < n; t++)
      assert_int_equal(h[b * n + t], (int)(b * 100000 + (t + rounds) % n));
  MT_CHECK(hipFree(d));
}

/* Threads past `live` return at once; the barrier waits for the others only. */
__global__ void early_exit(int *out, unsigned live) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  if (t >= live)
    return;
  tile[t] = (int)(t * 3 + blockIdx.x);
  __syncthreads();
  int mirrored = tile[live - 1 - t];
  __syncthreads();
  tile[t] = mirrored * 2;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[live - 1 - t];
}

static void test_early_exit_before_barrier(void **state) {
  (void)state;
  const unsigned blocks = 5, n = 256, live = 100;
  int *d = device_alloc<int>(blocks * n);
  MT_CHECK(hipMemset(d, 0xff, blocks * n * sizeof(int)));
  hipLaunchKernelGGL(early_exit, dim3(blocks), dim3(n), 0, 0, d, live);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int> h = read_back(d, blocks * n);
  for (unsigned b = 0; b < blocks; b++)
    for (unsigned t = 0; t < n; t++)
      assert_int_equal(h[b * n + t], t < live ? (int)(t * 3 + b) * 2 : -1);
  MT_CHECK(hipFree(d));
}

/* ---- warpSize ---- */

__global__ void read_warp_size(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = warpSize; }

static void test_warp_size(void **state) {
  (void)state;
  int attribute = 0;
  MT_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeWarpSize, 0));
  int want = playing_nvidia() ? 32 : 64;
  assert_int_equal(attribute, want);
  int *d = device_alloc<int>(2 * 64);
  hipLaunchKernelGGL(read_warp_size, dim3(2), dim3(64), 0, 0, d);
  MT_CHECK(hipGetLastError());
  std::vector<int> h = read_back(d, 2 * 64);
  for (int v : h)
    assert_int_equal(v, want);
  MT_CHECK(hipFree(d));
}

/* ---- hipLaunchKernel ---- */

__global__ void scale_by(int *data, int factor, unsigned count) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    data[i] *= factor;
}

__global__ void never_launched_typed(int *data) { data[0] = 1; }

static void test_launch_kernel_typed_then_by_address(void **state) {
  (void)state;
  const unsigned count = 300;
  std::vector<int> h(count);
  for (unsigned i = 0; i < count; i++)
    h[i] = (int)i;
  int *d = device_alloc<int>(count);
  MT_CHECK(hipMemcpy(d, h.data(), count * sizeof(int), hipMemcpyHostToDevice));
  int factor = 3;
  unsigned n = count;
  void *args[] = {&d, &factor, &n};
  MT_CHECK(hipLaunchKernel(scale_by, dim3(5), dim3(64), args, 0, 0));
  factor = -2;
  MT_CHECK(hipLaunchKernel((const void *)scale_by, dim3(5), dim3(64), args, 0, 0));
  std::vector<int> got = read_back(d, count);
  for (unsigned i = 0; i < count; i++)
    assert_int_equal(got[i], (int)i * -6);
  MT_CHECK(hipFree(d));
}

/* ---- stream order and events ---- */

__global__ void fill_index(int *data, int offset) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = (int)i + offset;
}

static void test_kernel_then_copy_on_stream(void **state) {
  (void)state;
  const unsigned count = 4096;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *d = device_alloc<int>(count);
  std::vector<int> h(count, 0);
  hipLaunchKernelGGL(fill_index, dim3(count / 128), dim3(128), 0, stream, d, 17);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipMemcpyAsync(h.data(), d, count * sizeof(int), hipMemcpyDeviceToHost, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  for (unsigned i = 0; i < count; i++)
    assert_int_equal(h[i], (int)i + 17);
  MT_CHECK(hipFree(d));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_events_around_kernel(void **state) {
  (void)state;
  hipStream_t stream;
  hipEvent_t start, stop;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&start));
  MT_CHECK(hipEventCreate(&stop));
  int *d = device_alloc<int>(1024);
  MT_CHECK(hipEventRecord(start, stream));
  hipLaunchKernelGGL(fill_index, dim3(8), dim3(128), 0, stream, d, 5);
  MT_CHECK(hipGetLastError());
  MT_CHECK(hipEventRecord(stop, stream));
  MT_CHECK(hipEventSynchronize(stop));
  MT_CHECK(hipEventQuery(stop)); /* complete once synchronised, whether streams run serial or not */
  float ms = -1.0f;
  MT_CHECK(hipEventElapsedTime(&ms, start, stop));
  assert_true(ms >= 0.0f);
  assert_int_equal(read_back(d, 1024)[1023], 1023 + 5);
  MT_CHECK(hipFree(d));
  MT_CHECK(hipEventDestroy(start));
  MT_CHECK(hipEventDestroy(stop));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- atomics across blocks ---- */

__global__ void count_up(unsigned long long *total, unsigned *per_block, int *histogram) {
  __atomic_fetch_add(total, 1ull, __ATOMIC_RELAXED);
  __atomic_fetch_add(&per_block[blockIdx.x % 16], threadIdx.x, __ATOMIC_RELAXED);
  atomicAdd(&histogram[threadIdx.x % 7], 1);
}

static void test_atomics_across_blocks(void **state) {
  (void)state;
  const unsigned blocks = 2048, n = 256;
  unsigned long long *total = device_alloc<unsigned long long>(1);
  unsigned *per_block = device_alloc<unsigned>(16);
  int *histogram = device_alloc<int>(7);
  for (int launch = 0; launch < 2; launch++) {
    hipLaunchKernelGGL(count_up, dim3(blocks), dim3(n), 0, 0, total, per_block, histogram);
    MT_CHECK(hipGetLastError());
  }
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(read_back(total, 1)[0], 2ull * blocks * n);
  std::vector<unsigned> pb = read_back(per_block, 16);
  for (unsigned i = 0; i < 16; i++)
    assert_int_equal(pb[i], 2u * (blocks / 16) * (n * (n - 1) / 2));
  std::vector<int> hist = read_back(histogram, 7);
  for (unsigned i = 0; i < 7; i++) {
    unsigned per_block_count = n / 7 + (i < n % 7 ? 1 : 0);
    assert_int_equal(hist[i], 2 * blocks * per_block_count);
  }
  MT_CHECK(hipFree(total));
  MT_CHECK(hipFree(per_block));
  MT_CHECK(hipFree(histogram));
}

/* ---- a host thread while a kernel runs ---- */

/* Thread 0 of block 0 waits (a bounded spin) for the host thread's flag in pinned memory. */
__global__ void wait_for_host(volatile int *flag, int *seen) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    for (long spin = 0; spin < 100000000L && __atomic_load_n(flag, __ATOMIC_ACQUIRE) == 0; spin++)
      std::this_thread::yield();
    seen[0] = __atomic_load_n(flag, __ATOMIC_ACQUIRE);
  }
}

static void test_host_thread_during_kernel(void **state) {
  (void)state;
  int *pinned = nullptr;
  MT_CHECK(hipHostMalloc((void **)&pinned, 2 * sizeof(int), hipHostMallocDefault));
  pinned[0] = 0;
  pinned[1] = 0;
  int *seen = device_alloc<int>(1);
  /* A mapping device 0 only reads while the host reads and writes it (HIP on NVIDIA grants
     the host no access to device memory: there the host touches pinned memory only; under
     valgrind 3.19 a store that faulted and whose handler returned is lost, not run again). */
  const bool host_grant = !playing_nvidia() && !RUNNING_ON_VALGRIND;
  if (RUNNING_ON_VALGRIND)
    print_message("under valgrind, the host thread touches pinned memory only\n");
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  if (host_grant) {
    mt_set_access(&m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
    mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtRead);
  }
  std::atomic<int> host_done{0};
  std::thread host([&] {
    while (__atomic_load_n(&pinned[1], __ATOMIC_ACQUIRE) == 0)
      std::this_thread::yield();
    /* The kernel runs: pinned memory stays the host's. */
    __atomic_store_n(&pinned[0], 42, __ATOMIC_RELEASE);
    /* Device 0 may only read the mapping: this write waits until the kernel is done. */
    if (host_grant) {
      VALGRIND_DISABLE_ERROR_REPORTING; /* it may fault, on purpose, and run again */
      static_cast<volatile int *>(m.base)[3] = 99;
      VALGRIND_ENABLE_ERROR_REPORTING;
    }
    host_done.store(1);
  });
  __atomic_store_n(&pinned[1], 1, __ATOMIC_RELEASE);
  hipLaunchKernelGGL(wait_for_host, dim3(4), dim3(32), 0, 0, pinned, seen);
  MT_CHECK(hipGetLastError());
  host.join();
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(host_done.load(), 1);
  assert_int_equal(read_back(seen, 1)[0], 42);
  int mapped[4] = {0};
  MT_CHECK(hipMemcpy(mapped, m.base, sizeof mapped, hipMemcpyDeviceToHost));
  assert_int_equal(mapped[3], host_grant ? 99 : 0);
  mt_mapping_destroy(&m);
  MT_CHECK(hipFree(seen));
  MT_CHECK(hipHostFree(pinned));
}

/* ---- negative: launches refused ---- */

__global__ void mark(int *data) { data[blockIdx.x * blockDim.x + threadIdx.x] = 7; }

/* hipLaunchKernelGGL has no value: the refusal is hipGetLastError's, once. */
static void expect_refused(hipError_t want, const int *d) {
  MT_EXPECT(want, hipGetLastError());
  MT_CHECK(hipGetLastError());
  assert_int_equal(read_back(d, 1)[0], 0); /* the kernel did not run */
}

static void test_negative_zero_dims(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  const dim3 zeros[] = {dim3(0, 1, 1), dim3(1, 0, 1), dim3(1, 1, 0)};
  for (const dim3 &z : zeros) {
    hipLaunchKernelGGL(mark, z, dim3(1), 0, 0, d);
    expect_refused(hipErrorInvalidValue, d);
    hipLaunchKernelGGL(mark, dim3(1), z, 0, 0, d);
    expect_refused(hipErrorInvalidValue, d);
  }
  MT_CHECK(hipFree(d));
}

static void test_negative_too_many_threads(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  hipLaunchKernelGGL(mark, dim3(1), dim3(1025), 0, 0, d);
  expect_refused(hipErrorInvalidConfiguration, d);
  hipLaunchKernelGGL(mark, dim3(1), dim3(32, 8, 5), 0, 0, d);
  expect_refused(hipErrorInvalidConfiguration, d);
  MT_CHECK(hipFree(d));
}

static void test_negative_grid_over_2_32(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  hipLaunchKernelGGL(mark, dim3(1u << 22), dim3(1024), 0, 0, d); /* 2^32 threads along x */
  expect_refused(hipErrorInvalidConfiguration, d);
  hipLaunchKernelGGL(mark, dim3(1, 1u << 31), dim3(1, 2), 0, 0, d);
  expect_refused(hipErrorInvalidConfiguration, d);
  hipLaunchKernelGGL(mark, dim3(1, 1, 0xffffffffu), dim3(1, 1, 2), 0, 0, d);
  expect_refused(hipErrorInvalidConfiguration, d);
  MT_CHECK(hipFree(d));
}

static void test_negative_too_much_shared(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  size_t limit = playing_nvidia() ? 48 * MT_KIB : 64 * MT_KIB;
  hipLaunchKernelGGL(mark, dim3(1), dim3(1), limit + 1, 0, d);
  expect_refused(hipErrorOutOfMemory, d);
  MT_CHECK(hipFree(d));
}

static void test_negative_destroyed_stream(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  hipLaunchKernelGGL(mark, dim3(1), dim3(1), 0, stream, d);
  expect_refused(hipErrorContextIsDestroyed, d);
  MT_CHECK(hipFree(d));
}

static void test_negative_unknown_kernel(void **state) {
  (void)state;
  int *d = device_alloc<int>(1);
  void *args[] = {&d};
  MT_EXPECT(hipErrorInvalidDeviceFunction,
            hipLaunchKernel((const void *)never_launched_typed, dim3(1), dim3(1), args, 0, 0));
  assert_non_null(strstr(mockhip_last_reason(), "argument types"));
  MT_EXPECT(hipErrorInvalidDeviceFunction, hipLaunchKernel(nullptr, dim3(1), dim3(1), args, 0, 0));
  /* A typed kernel with arguments and no args array. */
  MT_EXPECT(hipErrorInvalidValue, hipLaunchKernel(mark, dim3(1), dim3(1), nullptr, 0, 0));
  assert_int_equal(read_back(d, 1)[0], 0);
  MT_CHECK(hipFree(d));
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_places_1d),
      MT_CLEAN_TEST(test_places_2d),
      MT_CLEAN_TEST(test_places_3d),
      MT_CLEAN_TEST(test_places_grid_larger_than_workers),
      MT_CLEAN_TEST(test_reduction),
      MT_CLEAN_TEST(test_shared_per_block),
      MT_CLEAN_TEST(test_dynamic_shared),
      MT_CLEAN_TEST(test_dynamic_shared_whole),
      MT_CLEAN_TEST(test_barriers_in_a_loop),
      MT_CLEAN_TEST(test_early_exit_before_barrier),
      MT_CLEAN_TEST(test_warp_size),
      MT_CLEAN_TEST(test_launch_kernel_typed_then_by_address),
      MT_CLEAN_TEST(test_kernel_then_copy_on_stream),
      MT_CLEAN_TEST(test_events_around_kernel),
      MT_CLEAN_TEST(test_atomics_across_blocks),
      MT_CLEAN_TEST(test_host_thread_during_kernel),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_negative_zero_dims),        MT_CLEAN_TEST(test_negative_too_many_threads),
      MT_CLEAN_TEST(test_negative_grid_over_2_32),   MT_CLEAN_TEST(test_negative_too_much_shared),
      MT_CLEAN_TEST(test_negative_destroyed_stream), MT_CLEAN_TEST(test_negative_unknown_kernel),
  };
  return cmocka_run_group_tests_name("kernels", positive, nullptr, nullptr) +
         cmocka_run_group_tests_name("kernels_negative", negative, nullptr, nullptr);
}
