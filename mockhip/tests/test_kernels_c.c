/*
 * test_kernels_c.c: kernels in C11, launched with mockhip_launch_kernel: each
 * thread's coordinates from threadIdx, blockIdx, blockDim and gridDim; a
 * reduction through dynamic shared memory and mockhip_syncthreads; a grid big
 * enough for the workers, with exact atomic totals. The negative group: a NULL
 * kernel, a refused configuration, and a fault in a C kernel (sticky
 * hipErrorIllegalAddress naming it, until hipDeviceReset).
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define VALGRIND_DISABLE_ERROR_REPORTING
#define VALGRIND_ENABLE_ERROR_REPORTING
#endif

/* ---- kernels: void k(void *args) ---- */

typedef struct place_args {
  unsigned *out; /* 7 values a thread */
} place_args;

static void record_place(void *p) {
  const place_args *a = p;
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  unsigned threads = blockDim.x * blockDim.y * blockDim.z;
  unsigned thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned *v = a->out + 7 * (block * threads + thread);
  v[0] = blockIdx.x;
  v[1] = blockIdx.y;
  v[2] = blockIdx.z;
  v[3] = threadIdx.x;
  v[4] = threadIdx.y;
  v[5] = threadIdx.z;
  v[6]++;
}

typedef struct sum_args {
  const int *in;
  long long *out;
} sum_args;

/* A block's sum through its dynamic shared memory. */
static void block_sum(void *p) {
  const sum_args *a = p;
  long long *tile = mockhip_kernel_thread.dynamic_shared;
  unsigned t = threadIdx.x;
  tile[t] = a->in[blockIdx.x * blockDim.x + t];
  mockhip_syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      tile[t] += tile[t + stride];
    mockhip_syncthreads();
  }
  if (t == 0)
    a->out[blockIdx.x] = tile[0];
}

static void count(void *p) { __atomic_fetch_add((unsigned long long *)p, 1, __ATOMIC_RELAXED); }

typedef struct poke_args {
  int *target;
} poke_args;

static void poke(void *p) {
  const poke_args *a = p;
  if (blockIdx.x == 1 && threadIdx.y == 2)
    a->target[threadIdx.x] = 1;
}

/* ---- helpers ---- */

static void *device_zeroed(size_t bytes) {
  void *p = NULL;
  MT_CHECK(hipMalloc(&p, bytes));
  MT_CHECK(hipMemset(p, 0, bytes));
  return p;
}

static dim3 d3(unsigned x, unsigned y, unsigned z) {
  dim3 d = {x, y, z};
  return d;
}

/* ---- positive ---- */

static void check_places(dim3 grid, dim3 block) {
  size_t n = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
  place_args a = {device_zeroed(n * 7 * sizeof(unsigned))};
  MT_CHECK(mockhip_launch_kernel("record_place", record_place, grid, block, 0, NULL, &a));
  MT_CHECK(hipDeviceSynchronize());
  unsigned *h = malloc(n * 7 * sizeof(unsigned));
  assert_non_null(h);
  MT_CHECK(hipMemcpy(h, a.out, n * 7 * sizeof(unsigned), hipMemcpyDeviceToHost));
  size_t i = 0;
  for (unsigned bz = 0; bz < grid.z; bz++)
    for (unsigned by = 0; by < grid.y; by++)
      for (unsigned bx = 0; bx < grid.x; bx++)
        for (unsigned tz = 0; tz < block.z; tz++)
          for (unsigned ty = 0; ty < block.y; ty++)
            for (unsigned tx = 0; tx < block.x; tx++, i++) {
              const unsigned want[7] = {bx, by, bz, tx, ty, tz, 1};
              if (memcmp(h + 7 * i, want, sizeof want) != 0) {
                print_error("thread %zu: block (%u, %u, %u) thread (%u, %u, %u), ran %u times\n", i,
                            h[7 * i], h[7 * i + 1], h[7 * i + 2], h[7 * i + 3], h[7 * i + 4],
                            h[7 * i + 5], h[7 * i + 6]);
                fail();
              }
            }
  free(h);
  MT_CHECK(hipFree(a.out));
}

static void test_places(void **state) {
  (void)state;
  check_places(d3(6, 1, 1), d3(50, 1, 1));
  check_places(d3(3, 4, 1), d3(5, 6, 1));
  check_places(d3(2, 3, 4), d3(4, 2, 3));
  check_places(d3(40, 2, 1), d3(32, 2, 1)); /* the workers too */
}

static void test_syncthreads_reduction(void **state) {
  (void)state;
  enum { BLOCKS = 24, THREADS = 512 };
  int *h = malloc(BLOCKS * THREADS * sizeof(int));
  assert_non_null(h);
  for (int i = 0; i < BLOCKS * THREADS; i++)
    h[i] = (i * 37) % 1001 - 400;
  sum_args a = {device_zeroed(BLOCKS * THREADS * sizeof(int)),
                device_zeroed(BLOCKS * sizeof(long long))};
  MT_CHECK(hipMemcpy((void *)a.in, h, BLOCKS * THREADS * sizeof(int), hipMemcpyHostToDevice));
  MT_CHECK(mockhip_launch_kernel("block_sum", block_sum, d3(BLOCKS, 1, 1), d3(THREADS, 1, 1),
                                 THREADS * sizeof(long long), NULL, &a));
  MT_CHECK(hipDeviceSynchronize());
  long long sums[BLOCKS];
  MT_CHECK(hipMemcpy(sums, a.out, sizeof sums, hipMemcpyDeviceToHost));
  for (int b = 0; b < BLOCKS; b++) {
    long long want = 0;
    for (int t = 0; t < THREADS; t++)
      want += h[b * THREADS + t];
    assert_int_equal(sums[b], want);
  }
  free(h);
  MT_CHECK(hipFree((void *)a.in));
  MT_CHECK(hipFree(a.out));
}

static void test_atomics_on_workers(void **state) {
  (void)state;
  unsigned long long *total = device_zeroed(sizeof *total);
  MT_CHECK(mockhip_launch_kernel("count", count, d3(500, 3, 1), d3(128, 1, 1), 0, NULL, total));
  unsigned long long got = 0;
  MT_CHECK(hipMemcpy(&got, total, sizeof got, hipMemcpyDeviceToHost));
  assert_int_equal(got, 500ull * 3 * 128);
  MT_CHECK(hipFree(total));
}

/* Outside a kernel, mockhip_syncthreads has no block to wait for and returns. */
static void test_syncthreads_outside_a_kernel(void **state) {
  (void)state;
  mockhip_syncthreads();
  MT_CHECK(hipDeviceSynchronize());
}

/* ---- negative ---- */

static void test_negative_null_kernel(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidDeviceFunction,
            mockhip_launch_kernel("none", NULL, d3(1, 1, 1), d3(1, 1, 1), 0, NULL, NULL));
}

static void test_negative_configuration(void **state) {
  (void)state;
  unsigned long long *total = device_zeroed(sizeof *total);
  MT_EXPECT(hipErrorInvalidValue,
            mockhip_launch_kernel("count", count, d3(1, 0, 1), d3(1, 1, 1), 0, NULL, total));
  MT_EXPECT(hipErrorInvalidConfiguration,
            mockhip_launch_kernel("count", count, d3(1, 1, 1), d3(2048, 1, 1), 0, NULL, total));
  unsigned long long got = 1;
  MT_CHECK(hipMemcpy(&got, total, sizeof got, hipMemcpyDeviceToHost));
  assert_int_equal(got, 0);
  MT_CHECK(hipFree(total));
}

static void test_negative_fault_in_c(void **state) {
  (void)state;
  void *base = NULL;
  hipMemGenericAllocationHandle_t handle;
  hipMemAllocationProp prop = mt_prop_device(0);
  size_t g = mt_granularity();
  MT_CHECK(hipMemAddressReserve(&base, g, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  poke_args a = {base};
  VALGRIND_DISABLE_ERROR_REPORTING; /* the fault is on purpose */
  MT_CHECK(mockhip_launch_kernel("poke_c", poke, d3(3, 1, 1), d3(4, 3, 1), 0, NULL, &a));
  VALGRIND_ENABLE_ERROR_REPORTING;
  MT_EXPECT(hipErrorIllegalAddress, hipDeviceSynchronize());
  const char *reason = mockhip_last_reason();
  assert_non_null(strstr(reason, "kernel poke_c on device 0"));
  assert_non_null(strstr(reason, "block (1, 0, 0), thread (0, 2, 0)"));
  assert_non_null(strstr(reason, "a write of reservation#"));
  MT_EXPECT(hipErrorIllegalAddress, hipMemUnmap(base, g));
  MT_CHECK(hipDeviceReset());
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base, g, &desc, 1));
  MT_CHECK(mockhip_launch_kernel("poke_c", poke, d3(3, 1, 1), d3(4, 3, 1), 0, NULL, &a));
  int got[4] = {0};
  MT_CHECK(hipMemcpy(got, base, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < 4; i++)
    assert_int_equal(got[i], 1);
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, g));
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_places),
      MT_CLEAN_TEST(test_syncthreads_reduction),
      MT_CLEAN_TEST(test_atomics_on_workers),
      MT_CLEAN_TEST(test_syncthreads_outside_a_kernel),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_negative_null_kernel),
      MT_CLEAN_TEST(test_negative_configuration),
      MT_CLEAN_TEST(test_negative_fault_in_c),
  };
  return cmocka_run_group_tests_name("kernels_c", positive, NULL, NULL) +
         cmocka_run_group_tests_name("kernels_c_negative", negative, NULL, NULL);
}
