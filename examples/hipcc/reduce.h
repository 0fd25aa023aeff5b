/* The example's kernels, as a HIP project declares them for its host code. */
#ifndef HIPCC_EXAMPLE_REDUCE_H
#define HIPCC_EXAMPLE_REDUCE_H

#include <hip/hip_runtime.h>

#include <cstddef>

/* Sums count values into *total, one block of threads at a time. */
hipError_t sum_on_device(const float *values, size_t count, float *total, hipStream_t stream);

/* values[i] = scale * i, for i < count. */
hipError_t fill_ramp(float *values, size_t count, float scale, hipStream_t stream);

#endif
