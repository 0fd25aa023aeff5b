// A block reduction as GPU code writes it: a kernel template, dynamic shared
// memory, __syncthreads and atomicAdd, launched with <<<>>>.
#include "reduce.h"

template <typename T, unsigned Block>
__global__ void __launch_bounds__(Block) block_sum(const T *values, size_t count, T *total) {
  extern __shared__ T partial[];
  size_t i = (size_t)blockIdx.x * Block + threadIdx.x;
  partial[threadIdx.x] = i < count ? values[i] : T(0);
  __syncthreads();
  for (unsigned half = Block / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(total, partial[0]);
}

hipError_t sum_on_device(const float *values, size_t count, float *total, hipStream_t stream) {
  constexpr unsigned block = 128;
  hipError_t err = hipMemsetAsync(total, 0, sizeof *total, stream);
  if (err != hipSuccess)
    return err;
  unsigned grid = (unsigned)((count + block - 1) / block);
  block_sum<float, block><<<grid, block, block * sizeof(float), stream>>>(values, count, total);
  return hipGetLastError();
}
