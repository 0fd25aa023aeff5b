/*
 * shared_math.h: helpers written once for host and device code, as ROCm
 * projects share them between .hip and host files. On a host compiler the
 * markers are empty (ROCm's header does the same); `static` keeps C's `inline`
 * from needing an external definition.
 */
#ifndef SHARED_MATH_H
#define SHARED_MATH_H

#include <hip/hip_runtime.h>

/* Rounds bytes up to a multiple of granularity (a power of two). */
__host__ __device__ static __forceinline__ size_t shared_round_up(size_t bytes,
                                                                  size_t granularity) {
  return (bytes + granularity - 1) & ~(granularity - 1);
}

/* The index of the chunk holding offset. */
__host__ __device__ static __forceinline__ size_t shared_chunk_of(size_t offset,
                                                                  size_t chunk_bytes) {
  return offset / chunk_bytes;
}

/* Kept out of line on the device too; a plain function on the host. */
__device__ __noinline__ static inline unsigned shared_mix(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  return x;
}

/* A table in constant memory on the device, an ordinary constant here. */
static __constant__ const unsigned shared_primes[4] = {2, 3, 5, 7};

/* A kernel's declaration; shared_math_kernels.hip would define it. */
__global__ void shared_scale(float *values, size_t count, float factor);

#endif /* SHARED_MATH_H */
