// A plain kernel in a file of its own, launched through hipLaunchKernelGGL.
#include "reduce.h"

__global__ void ramp(float *values, size_t count, float scale) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    values[i] = scale * (float)i;
}

hipError_t fill_ramp(float *values, size_t count, float scale, hipStream_t stream) {
  hipLaunchKernelGGL(ramp, dim3((unsigned)((count + 255) / 256)), dim3(256), 0, stream, values,
                     count, scale);
  return hipGetLastError();
}
