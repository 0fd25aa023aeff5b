/*
 * bench_kernel_work.cpp: kernels that do work, written as HIP code is, against
 * the same work as a plain loop on one CPU thread:
 *
 *   saxpy, 16 Mi floats, 256 threads a block   vs  y[i] = a * x[i] + y[i] in a loop
 *   atomicAdd of 1 to one int, 4 Mi threads    vs  4 Mi __atomic_fetch_add on one thread
 *   block sum, 4 Mi floats, 256 threads a block: each block loads its 256 into
 *   __shared__ and halves them 8 times, a __syncthreads between
 *                                              vs  a loop summing each 256
 *
 * The kernels run on the workers (one per core, the launching thread among them), the loops on
 * one thread: a ratio under 1 is the workers' gain, over 1 what running GPU threads costs.
 * With bench_kernel.cpp's empty launch and fill, these are the five rows docs/mockhip/kernels.md
 * sets against HIP-CPU. Not a test: nothing here passes or fails on timing.
 */
#include <hip/hip_runtime.h>

#include <cstring>
#include <vector>

#include "bench_common.h"

#define WORK_ROUNDS 5
#define BLOCK 256

__global__ void saxpy_kernel(float a, const float *x, float *y, size_t count) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    y[i] = a * x[i] + y[i];
}

__global__ void count_kernel(int *counter) { atomicAdd(counter, 1); }

__global__ void block_sum_kernel(const float *in, float *out) {
  __shared__ float part[BLOCK];
  unsigned t = threadIdx.x;
  part[t] = in[(size_t)blockIdx.x * BLOCK + t];
  __syncthreads();
  for (unsigned half = BLOCK / 2; half > 0; half /= 2) {
    if (t < half)
      part[t] += part[t + half];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = part[0];
}

/* The medians of WORK_ROUNDS runs of each, in turn; `check` after the kernel's. */
template <typename Kernel, typename Loop, typename Check>
static void side_by_side(const char *what, const char *baseline, Kernel kernel, Loop loop,
                         Check check) {
  double kernel_ns[WORK_ROUNDS], loop_ns[WORK_ROUNDS];
  int wrong = 0;
  for (int r = 0; r < WORK_ROUNDS; r++) {
    double t0 = bench_now_ns();
    kernel();
    CHECK(hipDeviceSynchronize());
    kernel_ns[r] = bench_now_ns() - t0;
    wrong += !check();
    t0 = bench_now_ns();
    loop();
    loop_ns[r] = bench_now_ns() - t0;
  }
  CHECK(hipGetLastError());
  bench_row(what, baseline, bench_median(kernel_ns, WORK_ROUNDS),
            bench_median(loop_ns, WORK_ROUNDS));
  if (wrong != 0)
    printf("  WRONG: %d of %d launches gave a wrong answer\n", wrong, WORK_ROUNDS);
}

static void bench_saxpy(void) {
  const size_t count = (size_t)16 << 20;
  float *x, *y;
  CHECK(hipMalloc((void **)&x, count * sizeof *x));
  CHECK(hipMalloc((void **)&y, count * sizeof *y));
  for (size_t i = 0; i < count; i++)
    x[i] = 1.0f, y[i] = 0.0f; /* every page touched before either side is timed */
  unsigned grid = (unsigned)((count + BLOCK - 1) / BLOCK);
  float expect = 0.0f;
  side_by_side(
      "saxpy kernel 16 Mi floats, 256/block", "the loop, one thread",
      [&] {
        hipLaunchKernelGGL(saxpy_kernel, dim3(grid), dim3(BLOCK), 0, 0, 2.0f, x, y, count);
        expect += 2.0f;
      },
      [&] {
        for (size_t i = 0; i < count; i++)
          y[i] = 2.0f * x[i] + y[i];
        __asm__ volatile("" ::"r"(y) : "memory");
        expect += 2.0f;
      },
      [&] { return y[0] == expect && y[count - 1] == expect; });
  CHECK(hipFree(x));
  CHECK(hipFree(y));
}

static void bench_atomics(void) {
  const unsigned threads = 4u << 20;
  int *counter;
  CHECK(hipMalloc((void **)&counter, sizeof *counter));
  *counter = 0;
  int expect = 0;
  side_by_side(
      "atomicAdd kernel, 4 Mi threads", "__atomic_fetch_add, one thread",
      [&] {
        hipLaunchKernelGGL(count_kernel, dim3(threads / BLOCK), dim3(BLOCK), 0, 0, counter);
        expect += (int)threads;
      },
      [&] {
        for (unsigned i = 0; i < threads; i++)
          __atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
        expect += (int)threads;
      },
      [&] { return *counter == expect; });
  CHECK(hipFree(counter));
}

static void bench_block_sum(void) {
  const size_t count = (size_t)4 << 20, blocks = count / BLOCK;
  float *in, *out;
  CHECK(hipMalloc((void **)&in, count * sizeof *in));
  CHECK(hipMalloc((void **)&out, blocks * sizeof *out));
  for (size_t i = 0; i < count; i++)
    in[i] = (float)(i % BLOCK); /* each block's sum: 0 + 1 + ... + 255 */
  const float sum = BLOCK * (BLOCK - 1) / 2;
  std::vector<float> loop_out(blocks);
  side_by_side(
      "block sum kernel 4 Mi floats, __shared__", "the loop, one thread",
      [&] {
        memset(out, 0, blocks * sizeof *out);
        hipLaunchKernelGGL(block_sum_kernel, dim3((unsigned)blocks), dim3(BLOCK), 0, 0, in, out);
      },
      [&] {
        for (size_t b = 0; b < blocks; b++) {
          float s = 0.0f;
          for (size_t t = 0; t < BLOCK; t++)
            s += in[b * BLOCK + t];
          loop_out[b] = s;
        }
        __asm__ volatile("" ::"r"(loop_out.data()) : "memory");
      },
      [&] { return out[0] == sum && out[blocks - 1] == sum; });
  CHECK(hipFree(in));
  CHECK(hipFree(out));
}

extern "C" void bench_kernel_work(void) {
  bench_saxpy();
  bench_atomics();
  bench_block_sum();
}
