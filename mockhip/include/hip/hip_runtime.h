/*
 * mockhip: <hip/hip_runtime.h> for host compilers (gcc, g++, clang, clang++).
 *
 * What ROCm's header gives a compiler that is not its device compiler: the
 * runtime API, the standard headers it pulls in, and function and variable
 * markers defined empty (amd_detail/host_defines.h), so a header shared by
 * host and device code compiles on the host. There is no GPU here, so only
 * what cannot work on a CPU fails, and only where it is used.
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

/*
 * The markers, as ROCm defines them for a compiler that is not hip-clang: the
 * CPU runs everything, so a __device__ function or a __constant__ variable is
 * a plain one. Guarded, so a project's own definitions win.
 */
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __shared__
#define __shared__
#endif
#ifndef __constant__
#define __constant__
#endif
#ifndef __noinline__
#define __noinline__
#endif
#ifndef __forceinline__
#define __forceinline__ inline
#endif

/*
 * ROCm defines these for hip-clang only; without them a kernel's declaration
 * in a shared header stops a host build. Managed memory is a plain variable
 * here, which host and "device" (the same CPU) both reach.
 */
#ifndef __managed__
#define __managed__
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
#ifndef __align__
#define __align__(x) __attribute__((aligned(x)))
#endif
#ifndef HIP_DYNAMIC_SHARED
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#endif

/*
 * A kernel launch cannot run on the CPU: hipLaunchKernelGGL fails to compile
 * where it is used, saying why. (The <<<...>>> syntax is a host compiler's
 * own syntax error.)
 */
#ifdef __cplusplus
#define MOCKHIP_NO_DEVICE_(message) static_assert(false, message)
#else
#define MOCKHIP_NO_DEVICE_(message) _Static_assert(0, message)
#endif
#ifndef hipLaunchKernelGGL
#define hipLaunchKernelGGL(kernel, ...)                                                            \
  do {                                                                                             \
    MOCKHIP_NO_DEVICE_("mockhip: hipLaunchKernelGGL(" #kernel                                      \
                       ", ...) launches a kernel on a GPU; mockhip runs host code only");          \
  } while (0)
#endif

#endif /* MOCKHIP_HIP_RUNTIME_H */
