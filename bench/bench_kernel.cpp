/*
 * bench_kernel.cpp: what a kernel on the CPU costs, written as HIP code is,
 * with hipLaunchKernelGGL:
 *
 *   an empty kernel, 1 block of 1 thread, launch + hipDeviceSynchronize
 *                              vs  an empty function called through a pointer,
 *                                  and a bare hipDeviceSynchronize    (<= 5 us)
 *   a fill of 256 MiB, one thread per 4-byte element, 256 threads a block, no
 *   barrier, launch + sync     vs  memset of the same memory, both after one
 *                                  touch of every page          (memset / kernel >= 0.25)
 *   __syncthreads in a loop, 1 block of 256 threads, per thread per barrier
 *                              vs  the empty call through a pointer  (<= 100 ns)
 *   the empty launch + sync with 100 and 10,000 live VMM mappings, each in a reservation of
 *   its own with a gap after it, device 0 granted read-write, the host nothing (so each
 *   differs from the host's view); and a kernel writing an int in one of them
 *                              vs  the same with 1 mapping              (<= 2x)
 *
 * Not a test: nothing here passes or fails on timing.
 */
#include <hip/hip_runtime.h>

#include <cstring>

#include "bench_common.h"

__global__ void empty_kernel() {}

__global__ void write_one(int *p) { *p = 1; }

__global__ void fill_kernel(uint32_t *out, uint32_t value, size_t count) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = value;
}

__global__ void barrier_kernel(int rounds) {
  for (int i = 0; i < rounds; i++)
    __syncthreads();
}

__attribute__((noinline)) static void empty_function() { __asm__ volatile(""); }
static void (*volatile empty_pointer)() = empty_function;

#define ROUNDS 7

/* ns per call of an empty function through a pointer. */
static double pointer_call_ns(int calls) {
  double runs[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < calls; i++)
      empty_pointer();
    runs[r] = (bench_now_ns() - t0) / calls;
  }
  return bench_median(runs, ROUNDS);
}

static void target_line(const char *what, double value, const char *unit, bool at_most,
                        double target) {
  bool met = at_most ? value <= target : value >= target;
  printf("  %s %.2f%s, target %s %.2f%s: %s\n", what, value, unit, at_most ? "<=" : ">=", target,
         unit, met ? "met" : "MISSED");
}

static void bench_empty_launch(double call_ns, int launches) {
  hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, 0); /* warm: the first launch */
  CHECK(hipDeviceSynchronize());
  double launch[ROUNDS], sync[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < launches; i++) {
      hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, 0);
      CHECK(hipDeviceSynchronize());
    }
    launch[r] = (bench_now_ns() - t0) / launches;
    t0 = bench_now_ns();
    for (int i = 0; i < launches; i++)
      CHECK(hipDeviceSynchronize());
    sync[r] = (bench_now_ns() - t0) / launches;
  }
  CHECK(hipGetLastError());
  double launch_ns = bench_median(launch, ROUNDS), sync_ns = bench_median(sync, ROUNDS);
  bench_row("empty kernel launch + sync", "empty call through a pointer", launch_ns, call_ns);
  bench_row("empty kernel launch + sync", "hipDeviceSynchronize alone", launch_ns, sync_ns);
  target_line("launch + sync", launch_ns / 1000, " us", true, 5.0);
}

#define FILL_BYTES ((size_t)256 << 20)
#define FILL_ROUNDS 5

static void bench_fill(void) {
  uint32_t *out;
  CHECK(hipMalloc((void **)&out, FILL_BYTES));
  size_t count = FILL_BYTES / sizeof *out;
  unsigned block = 256;
  unsigned grid = (unsigned)((count + block - 1) / block);
  memset(out, 0, FILL_BYTES); /* every page touched once, before either side is timed */
  double kernel[FILL_ROUNDS], base[FILL_ROUNDS];
  int wrong = 0;
  for (int r = 0; r < FILL_ROUNDS; r++) {
    double t0 = bench_now_ns();
    hipLaunchKernelGGL(fill_kernel, dim3(grid), dim3(block), 0, 0, out, 0x01010101u + r, count);
    CHECK(hipDeviceSynchronize());
    kernel[r] = bench_now_ns() - t0;
    wrong += out[0] != 0x01010101u + r || out[count - 1] != 0x01010101u + r;
    t0 = bench_now_ns();
    memset(out, 1 + r, FILL_BYTES);
    __asm__ volatile("" ::"r"(out) : "memory"); /* keep the memset */
    base[r] = bench_now_ns() - t0;
  }
  CHECK(hipGetLastError());
  CHECK(hipFree(out));
  double kernel_ns = bench_median(kernel, FILL_ROUNDS), base_ns = bench_median(base, FILL_ROUNDS);
  bench_row("fill kernel 256 MiB, 256/block", "memset 256 MiB", kernel_ns, base_ns);
  target_line("memset / kernel", base_ns / kernel_ns, "x", false, 0.25);
  if (wrong != 0)
    printf("  WRONG: %d of %d launches did not fill the memory\n", wrong, FILL_ROUNDS);
}

static void bench_barrier(double call_ns, int rounds) {
  const unsigned threads = 256;
  hipLaunchKernelGGL(barrier_kernel, dim3(1), dim3(threads), 0, 0, 1); /* warm: the fibers */
  CHECK(hipDeviceSynchronize());
  double runs[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    hipLaunchKernelGGL(barrier_kernel, dim3(1), dim3(threads), 0, 0, 0);
    CHECK(hipDeviceSynchronize());
    double t1 = bench_now_ns();
    hipLaunchKernelGGL(barrier_kernel, dim3(1), dim3(threads), 0, 0, rounds);
    CHECK(hipDeviceSynchronize());
    double t2 = bench_now_ns();
    /* the launch without barriers taken away: what the barriers cost */
    runs[r] = ((t2 - t1) - (t1 - t0)) / ((double)threads * rounds);
  }
  CHECK(hipGetLastError());
  double ns = bench_median(runs, ROUNDS);
  bench_row("__syncthreads, per thread, 256/block", "empty call through a pointer", ns, call_ns);
  target_line("per thread per barrier", ns, " ns", true, 100);
}

/* A VMM mapping of one granule, device 0 read-write, in a reservation of two granules (the
   second left unmapped, so no two mappings touch). */
struct gapped_mapping {
  void *base;
  hipMemGenericAllocationHandle_t handle;
};

static gapped_mapping map_gapped(size_t granule) {
  hipMemAllocationProp prop = bench_device_prop();
  gapped_mapping m;
  CHECK(hipMemAddressReserve(&m.base, 2 * granule, 0, nullptr, 0));
  CHECK(hipMemCreate(&m.handle, granule, &prop, 0));
  CHECK(hipMemMap(m.base, granule, 0, m.handle, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(m.base, granule, &desc, 1));
  return m;
}

/* ns per launch + sync with `count` such mappings live: an empty kernel, or (write) one that
   writes an int in the first mapping, which the device's view opens on that touch. */
static double launch_with_mappings_ns(size_t count, bool write, int launches) {
  hipMemAllocationProp prop = bench_device_prop();
  size_t granule = 0;
  CHECK(hipMemGetAllocationGranularity(&granule, &prop, hipMemAllocationGranularityMinimum));
  gapped_mapping *maps = new gapped_mapping[count];
  for (size_t i = 0; i < count; i++)
    maps[i] = map_gapped(granule);
  int *first = static_cast<int *>(maps[0].base);
  hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, 0);
  CHECK(hipDeviceSynchronize());
  double runs[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < launches; i++) {
      if (write)
        hipLaunchKernelGGL(write_one, dim3(1), dim3(1), 0, 0, first);
      else
        hipLaunchKernelGGL(empty_kernel, dim3(1), dim3(1), 0, 0);
      CHECK(hipDeviceSynchronize());
    }
    runs[r] = (bench_now_ns() - t0) / launches;
  }
  for (size_t i = 0; i < count; i++) {
    CHECK(hipMemUnmap(maps[i].base, granule));
    CHECK(hipMemRelease(maps[i].handle));
    CHECK(hipMemAddressFree(maps[i].base, 2 * granule));
  }
  delete[] maps;
  return bench_median(runs, ROUNDS);
}

static void bench_launch_with_mappings(void) {
  double one = launch_with_mappings_ns(1, false, 2000);
  bench_row("empty launch + sync, 100 mappings", "the same, 1 mapping",
            launch_with_mappings_ns(100, false, 2000), one);
  bench_target_row("empty launch + sync, 10000 mappings", "the same, 1 mapping",
                   launch_with_mappings_ns(10000, false, 2000), one, 2.0);
  bench_target_row("one-int write + sync, 10000 mappings", "the same, 1 mapping",
                   launch_with_mappings_ns(10000, true, 1000),
                   launch_with_mappings_ns(1, true, 1000), 2.0);
}

extern "C" void bench_kernels(void) {
  double call_ns = pointer_call_ns(1000000);
  bench_empty_launch(call_ns, 20000);
  bench_fill();
  bench_barrier(call_ns, 2000);
  bench_kernel_work();
  bench_launch_with_mappings();
}
