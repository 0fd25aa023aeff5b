/*
 * mockhip: <hip/hip_runtime.h> for host compilers (gcc, g++, clang, clang++).
 *
 * The runtime API, the standard headers ROCm's header pulls in, and device
 * code for a host compiler: kernels are plain functions the CPU runs once per
 * GPU thread, launched with hipLaunchKernelGGL or hipLaunchKernel (C++) or
 * mockhip_launch_kernel (C), each device seeing its own view of memory.
 */
#ifndef MOCKHIP_HIP_RUNTIME_H
#define MOCKHIP_HIP_RUNTIME_H

/* Compiled as HIP or CUDA (hipcc, clang -x hip, nvcc): that needs ROCm's
 * headers and device libraries. */
#if defined(__HIP__) || defined(__CUDACC__)
#error "mockhip: <hip/hip_runtime.h> is for host compilers; this file is compiled as HIP or CUDA"
#endif
/* ROCm's header fails the same way when both platforms are defined. */
#if defined(__HIP_PLATFORM_NVIDIA__)
#error "mockhip emulates the AMD platform only, and __HIP_PLATFORM_NVIDIA__ is defined"
#endif

/* The standard headers ROCm's <hip/hip_runtime.h> includes for any compiler. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#ifdef __cplusplus
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <tuple>
#else
#include <math.h>
#include <stddef.h>
#endif

#include <hip/hip_runtime_api.h>

/* Device code's types and functions, for kernels the host compiler builds:
   vector types, atomics (C++), fences, clocks, bit and conversion functions. */
#include <hip/amd_detail/amd_device_functions.h>
#include <hip/amd_detail/amd_hip_atomic.h>
#include <hip/hip_vector_types.h>

/* 0: no hip-clang here (ROCm's amd_hip_common.h defines it for any compiler). */
#ifndef __HIP_CLANG_ONLY__
#define __HIP_CLANG_ONLY__ 0
#endif

/* Device code: the markers, threadIdx and the rest, __syncthreads, __shared__ memory and the
   launches; kernels run on the CPU (docs/mockhip/kernels.md). */
#include <hip/amd_detail/mockhip_kernel.h>

/* Texture object reads in kernels (C++): tex1Dfetch, tex1D, tex2D, tex3D, tex2Dgather. */
#include <hip/amd_detail/mockhip_texture.h>

/* min and max in the global namespace, for sources hipcc compiles, as hip-clang has them. */
#if defined(__cplusplus) && defined(__HIPCC__) &&                                                  \
    !defined(__HIP_NO_HOST_MIN_MAX_IN_GLOBAL_NAMESPACE__)
#include <hip/amd_detail/mockhip_min_max.h>
#endif

#endif /* MOCKHIP_HIP_RUNTIME_H */
