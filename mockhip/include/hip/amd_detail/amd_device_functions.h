/*
 * mockhip: the device functions of ROCm's amd_detail/amd_device_functions.h
 * that a kernel compiled by a host compiler calls, for C and C++, with ROCm's
 * names and signatures. A kernel's threads are CPU threads here, so:
 *
 * - __threadfence(), __threadfence_block() and __threadfence_system() are
 *   each a sequentially consistent fence (the strongest of the three scopes
 *   for all three);
 * - clock64() and __clock64() count nanoseconds of device time, and
 *   wall_clock64() counts the same clock at 100 MHz, the rate
 *   hipDeviceAttributeWallClockRate reports for mockhip's AMD device. Device
 *   time is the CPU's monotonic clock, run faster while a launch runs (as
 *   many times as the thread has GPU threads to run: mockhip_thread in <mockhip.h>),
 *   so that a spin of fixed device time per thread ends as soon as on a GPU;
 *   __builtin_amdgcn_s_sleep(n) waits 64 * n cycles of it. clock()
 *   is the C library's (<time.h>), the processor time the process used: ROCm's
 *   long long clock() would clash with it;
 * - device printf is the C library's printf (<stdio.h>).
 *
 * The float-to-integer conversions (__float2int_rn and friends) round as
 * named (rn: to nearest even, rd: down, ru: up, rz: toward zero) and saturate
 * as a GPU does: a value past the result's range gives its limit, NaN gives
 * 0. Nothing here needs libm: a C program links without -lm.
 *
 * ROCm's header declares these for hip-clang only; min and max, which its
 * math header adds, come with hipcc (mockhip_min_max.h) and are left to
 * <algorithm> for a host compiler, as under ROCm. Thread indices, __syncthreads, warp functions and
 * launch macros belong to hip_runtime.h.
 */
#ifndef MOCKHIP_AMD_DEVICE_FUNCTIONS_H
#define MOCKHIP_AMD_DEVICE_FUNCTIONS_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <mockhip.h>

/* ---- memory fences ---- */

#if defined(__SANITIZE_THREAD__)
#define MH__DEVICE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MH__DEVICE_TSAN 1
#endif
#endif

static inline void mh__device_fence(void) {
#ifdef MH__DEVICE_TSAN
  /* ThreadSanitizer does not model fences (and gcc warns, -Wtsan): a sequentially consistent
     read-modify-write of one location orders the fences for it instead. */
  static int fences;
  __atomic_fetch_add(&fences, 0, __ATOMIC_SEQ_CST);
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

static inline void __threadfence(void) { mh__device_fence(); }
static inline void __threadfence_block(void) { mh__device_fence(); }
static inline void __threadfence_system(void) { mh__device_fence(); }

/* ---- clocks ---- */

/* Nanoseconds of CLOCK_MONOTONIC where <time.h> declares it (C++, or C with
   POSIX or _GNU_SOURCE); strict ISO C has only timespec_get's TIME_UTC. */
static inline long long int mh__cpu_clock_ns(void) {
  struct timespec now;
#if defined(CLOCK_MONOTONIC)
  clock_gettime(CLOCK_MONOTONIC, &now);
#else
  timespec_get(&now, TIME_UTC);
#endif
  return (long long int)now.tv_sec * 1000000000LL + (long long int)now.tv_nsec;
}

/* Device time: the CPU's clock, clock_rate times as fast while a launch runs, from the
   launch's first read of it (a launch that reads no clock pays for none). */
static inline long long int mh__device_clock_ns(void) {
  long long int now = mh__cpu_clock_ns();
  mockhip_thread *t = &mockhip_kernel_thread;
  long long int ahead = t->clock_skew_ns;
  if (t->clock_rate > 1) {
    if (t->clock_base_ns == 0)
      t->clock_base_ns = now;
    ahead += (now - t->clock_base_ns) * (long long int)(t->clock_rate - 1);
  }
  return now + ahead;
}

/* s_sleep n: 64 * n cycles of a 2 GHz clock, waited for on the device clock. */
static inline void mh__device_sleep(int n) {
  long long int until = mh__device_clock_ns() + 32LL * (n > 0 ? n : 0);
  while (mh__device_clock_ns() < until) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
}

static inline long long int __clock64(void) { return mh__device_clock_ns(); }
static inline long long int clock64(void) { return mh__device_clock_ns(); }
static inline long long int __clock(void) { return mh__device_clock_ns(); }
static inline long long int wall_clock64(void) { return mh__device_clock_ns() / 10; }

/* ---- AMD builtins real kernels call ----
   What the GPU's instructions do, as a CPU thread can: a wave's lanes are threads run one
   after another here, so readfirstlane is the thread's own value (a value the wave holds
   uniform, as it is used, is the same). */
#define __builtin_amdgcn_s_sleep(n) mh__device_sleep(n)
#define __builtin_amdgcn_s_memtime() ((unsigned long long)mh__device_clock_ns())
#define __builtin_amdgcn_s_memrealtime() ((unsigned long long)(mh__device_clock_ns() / 10))
#define __builtin_amdgcn_readfirstlane(x) (x)
#define __builtin_amdgcn_s_waitcnt(n) ((void)(n))
#define __builtin_amdgcn_wave_barrier() ((void)0)
#define __builtin_amdgcn_fence(order, scope) mh__device_fence()
#define __builtin_amdgcn_workitem_id_x() (threadIdx.x)
#define __builtin_amdgcn_workitem_id_y() (threadIdx.y)
#define __builtin_amdgcn_workitem_id_z() (threadIdx.z)
#define __builtin_amdgcn_workgroup_id_x() (blockIdx.x)
#define __builtin_amdgcn_workgroup_id_y() (blockIdx.y)
#define __builtin_amdgcn_workgroup_id_z() (blockIdx.z)

/* ---- bits ---- */

static inline unsigned int __popc(unsigned int input) {
  return (unsigned int)__builtin_popcount(input);
}
static inline unsigned int __popcll(unsigned long long int input) {
  return (unsigned int)__builtin_popcountll(input);
}
/* The leading zero bits: 32 (64) for 0. */
static inline int __clz(int input) { return input == 0 ? 32 : __builtin_clz((unsigned int)input); }
static inline int __clzll(long long int input) {
  return input == 0 ? 64 : __builtin_clzll((unsigned long long int)input);
}
/* The position of the least significant set bit, counting from 1; 0 for 0. */
static inline unsigned int __ffs(unsigned int input) {
  return (unsigned int)__builtin_ffs((int)input);
}
static inline unsigned int __ffsll(unsigned long long int input) {
  return (unsigned int)__builtin_ffsll((long long int)input);
}
#ifdef __cplusplus
static inline unsigned int __ffs(int input) { return (unsigned int)__builtin_ffs(input); }
static inline unsigned int __ffsll(long long int input) {
  return (unsigned int)__builtin_ffsll(input);
}
#endif
static inline unsigned int __brev(unsigned int input) {
  unsigned int reversed = 0;
  for (int bit = 0; bit < 32; bit++) {
    reversed = (reversed << 1) | (input & 1u);
    input >>= 1;
  }
  return reversed;
}
static inline unsigned long long int __brevll(unsigned long long int input) {
  return ((unsigned long long int)__brev((unsigned int)input) << 32) |
         __brev((unsigned int)(input >> 32));
}

/* ---- integer arithmetic ---- */

/* The product of the low 24 bits of each (signed for __mul24), low 32 bits. */
static inline int __mul24(int x, int y) {
  int64_t a = (int32_t)((uint32_t)x << 8) >> 8;
  int64_t b = (int32_t)((uint32_t)y << 8) >> 8;
  return (int)(uint32_t)(a * b);
}
static inline int __umul24(unsigned int x, unsigned int y) {
  return (int)((x & 0xffffffu) * (y & 0xffffffu));
}
/* The high 32 (64) bits of the full product. */
static inline int __mulhi(int x, int y) { return (int)(((int64_t)x * y) >> 32); }
static inline unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((uint64_t)x * y) >> 32);
}
static inline long long int __mul64hi(long long int x, long long int y) {
  __extension__ typedef __int128 wide;
  return (long long int)(((wide)x * y) >> 64);
}
static inline unsigned long long int __umul64hi(unsigned long long int x,
                                                unsigned long long int y) {
  __extension__ typedef unsigned __int128 wide;
  return (unsigned long long int)(((wide)x * y) >> 64);
}
/* Averages without overflow: (x + y) >> 1, and rounded up (x + y + 1) >> 1. */
static inline int __hadd(int x, int y) { return (int)(((int64_t)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((int64_t)x + y + 1) >> 1); }
static inline unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((uint64_t)x + y) >> 1);
}
static inline unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((uint64_t)x + y + 1) >> 1);
}
/* |x - y| + z. */
static inline unsigned int __sad(int x, int y, unsigned int z) {
  return (unsigned int)(x > y ? (int64_t)x - y : (int64_t)y - x) + z;
}
static inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}

/* ---- floating point ---- */

static inline float __fdividef(float x, float y) { return x / y; }
/* x clamped to [0, 1]; NaN gives 0. */
static inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }

/* A value's bits as another type of the same size, and back. */
static inline int __float_as_int(float x) {
  int bits;
  memcpy(&bits, &x, sizeof bits);
  return bits;
}
static inline unsigned int __float_as_uint(float x) {
  unsigned int bits;
  memcpy(&bits, &x, sizeof bits);
  return bits;
}
static inline float __int_as_float(int x) {
  float value;
  memcpy(&value, &x, sizeof value);
  return value;
}
static inline float __uint_as_float(unsigned int x) {
  float value;
  memcpy(&value, &x, sizeof value);
  return value;
}
static inline long long int __double_as_longlong(double x) {
  long long int bits;
  memcpy(&bits, &x, sizeof bits);
  return bits;
}
static inline double __longlong_as_double(long long int x) {
  double value;
  memcpy(&value, &x, sizeof value);
  return value;
}

/* x rounded to an integral value: toward zero, down, up, to nearest even. Past 2^52 every
   double is integral already (and NaN stays NaN). */
static inline double mh__device_round_rz(double x) {
  return x > -4503599627370496.0 && x < 4503599627370496.0 ? (double)(long long int)x : x;
}
static inline double mh__device_round_rd(double x) {
  double t = mh__device_round_rz(x);
  return t > x ? t - 1.0 : t;
}
static inline double mh__device_round_ru(double x) {
  double t = mh__device_round_rz(x);
  return t < x ? t + 1.0 : t;
}
static inline double mh__device_round_rn(double x) {
  double down = mh__device_round_rd(x), fraction = x - down;
  int odd = down > -4503599627370496.0 && down < 4503599627370496.0 && ((long long int)down & 1);
  return fraction > 0.5 || (fraction == 0.5 && odd) ? down + 1.0 : down;
}

/* Float and double to integers, rounded as the suffix says and saturated. */
#define MOCKHIP_DEVICE_CONVERT_(from, F, to, T, lowest, highest)                                   \
  MOCKHIP_DEVICE_CONVERT_ROUNDED_(from, F, to, T, lowest, highest, rd)                             \
  MOCKHIP_DEVICE_CONVERT_ROUNDED_(from, F, to, T, lowest, highest, rn)                             \
  MOCKHIP_DEVICE_CONVERT_ROUNDED_(from, F, to, T, lowest, highest, ru)                             \
  MOCKHIP_DEVICE_CONVERT_ROUNDED_(from, F, to, T, lowest, highest, rz)
#define MOCKHIP_DEVICE_CONVERT_ROUNDED_(from, F, to, T, lowest, highest, mode)                     \
  static inline T __##from##2##to##_##mode(F x) {                                                  \
    double r = mh__device_round_##mode((double)x);                                                 \
    return r != r                   ? (T)0                                                         \
           : r <= (double)(lowest)  ? (lowest)                                                     \
           : r >= (double)(highest) ? (highest)                                                    \
                                    : (T)r;                                                        \
  }
MOCKHIP_DEVICE_CONVERT_(float, float, int, int, INT_MIN, INT_MAX)
MOCKHIP_DEVICE_CONVERT_(float, float, uint, unsigned int, 0u, UINT_MAX)
MOCKHIP_DEVICE_CONVERT_(float, float, ll, long long int, LLONG_MIN, LLONG_MAX)
MOCKHIP_DEVICE_CONVERT_(float, float, ull, unsigned long long int, 0ULL, ULLONG_MAX)
MOCKHIP_DEVICE_CONVERT_(double, double, int, int, INT_MIN, INT_MAX)
MOCKHIP_DEVICE_CONVERT_(double, double, uint, unsigned int, 0u, UINT_MAX)
MOCKHIP_DEVICE_CONVERT_(double, double, ll, long long int, LLONG_MIN, LLONG_MAX)
MOCKHIP_DEVICE_CONVERT_(double, double, ull, unsigned long long int, 0ULL, ULLONG_MAX)
#undef MOCKHIP_DEVICE_CONVERT_ROUNDED_
#undef MOCKHIP_DEVICE_CONVERT_

/* Integers to float and double, rounded to nearest (the CPU's mode). */
static inline float __int2float_rn(int x) { return (float)x; }
static inline float __uint2float_rn(unsigned int x) { return (float)x; }
static inline float __ll2float_rn(long long int x) { return (float)x; }
static inline float __ull2float_rn(unsigned long long int x) { return (float)x; }
static inline double __int2double_rn(int x) { return (double)x; }
static inline double __uint2double_rn(unsigned int x) { return (double)x; }
static inline double __ll2double_rn(long long int x) { return (double)x; }
static inline double __ull2double_rn(unsigned long long int x) { return (double)x; }
static inline float __double2float_rn(double x) { return (float)x; }

#endif /* MOCKHIP_AMD_DEVICE_FUNCTIONS_H */
