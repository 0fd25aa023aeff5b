/*
 * test_device_functions.cpp: what a kernel built by the host compiler calls
 * from <hip/hip_runtime.h>, in C++17: the vector types' sizes, alignments
 * (ROCm's, checked at compile time) and operators; each atomic's old value and
 * result on one thread; exact totals when four threads hammer atomicAdd and
 * atomicCAS at once; the bit functions, fences, clocks and conversions; the markers next to the
 * standard headers that spell the same names; a kernel template launched through
 * HIP_KERNEL_NAME and in parentheses.
 * The negative group holds what must not change: a compare-and-swap that
 * does not match, a min or max that loses, NaN, the wrap-around of
 * atomicInc and atomicDec, zero for the bit functions, conversions out of
 * range.
 * Threads only count; the checks run on the main thread (CMocka is not
 * thread-safe).
 */
#include <hip/hip_runtime.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* CMocka 1.1's header declares its functions without extern "C". */
extern "C" {
#include <cmocka.h>
}

#include <cmath>
#include <limits>
#include <memory> /* after <hip/hip_runtime.h>: libstdc++ spells __attribute__((__noinline__)) */
#include <thread>
#include <type_traits>
#include <vector>

/* ---- vector types: ROCm's sizes and alignments ---- */

#define LAYOUT(type, bytes, alignment)                                                             \
  static_assert(sizeof(type) == (bytes), #type " is " #bytes " bytes");                            \
  static_assert(alignof(type) == (alignment), #type " is aligned " #alignment);                    \
  static_assert(std::is_trivially_copyable<type>::value, #type " copies as bytes");                \
  static_assert(std::is_standard_layout<type>::value, #type " has C's layout");

/* Components of `bytes` each: 1 and 3 aligned to the component, 2 and 4 to the whole. */
#define LAYOUTS(name, bytes)                                                                       \
  LAYOUT(name##1, (bytes), (bytes))                                                                \
  LAYOUT(name##2, 2 * (bytes), 2 * (bytes))                                                        \
  LAYOUT(name##3, 3 * (bytes), (bytes))                                                            \
  LAYOUT(name##4, 4 * (bytes), 4 * (bytes))

LAYOUTS(char, 1)
LAYOUTS(uchar, 1)
LAYOUTS(short, 2)
LAYOUTS(ushort, 2)
LAYOUTS(int, 4)
LAYOUTS(uint, 4)
LAYOUTS(long, 8)
LAYOUTS(ulong, 8)
LAYOUTS(longlong, 8)
LAYOUTS(ulonglong, 8)
LAYOUTS(float, 4)
LAYOUTS(double, 8)
static_assert(offsetof(float4, w) == 12, "w is the fourth float");
static_assert(offsetof(double3, z) == 16, "z is the third double");

static_assert(std::is_same<decltype(float4{} + float4{}), float4>::value, "float4 + float4");
static_assert(std::is_same<decltype(int2{} * 2), int2>::value, "int2 * int");
static_assert(std::is_same<decltype(atomicAdd((float *)nullptr, 1.0f)), float>::value,
              "atomicAdd(float *) returns float");
static_assert(std::is_same<decltype(atomicInc((unsigned *)nullptr, 1u)), unsigned>::value,
              "atomicInc returns unsigned int");
static_assert(std::is_same<decltype(clock64()), long long>::value, "clock64 is long long");

static void test_vector_make_and_members(void **state) {
  (void)state;
  float4 f = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  assert_true(f.x == 1.0f && f.y == 2.0f && f.z == 3.0f && f.w == 4.0f);
  char3 c = make_char3(-1, 0, 127);
  assert_int_equal(c.x, -1);
  assert_int_equal(c.z, 127);
  ulonglong2 u = make_ulonglong2(~0ULL, 1);
  assert_true(u.x == ~0ULL && u.y == 1);
  double1 d = make_double1(0.5);
  assert_true(d.x == 0.5);
  /* ROCm's constructors: one value per component (converted), or one for all. */
  int2 i{3u, 4L};
  assert_int_equal(i.x, 3);
  assert_int_equal(i.y, 4);
  float3 all(2.5f);
  assert_true(all.x == 2.5f && all.y == 2.5f && all.z == 2.5f);
  float4 zero{};
  assert_true(zero.x == 0.0f && zero.w == 0.0f);
}

static void test_vector_operators(void **state) {
  (void)state;
  float4 a = make_float4(1, 2, 3, 4);
  float4 b = make_float4(4, 3, 2, 1);
  assert_true(a + b == make_float4(5, 5, 5, 5));
  assert_true(a - b == make_float4(-3, -1, 1, 3));
  assert_true(a * b == make_float4(4, 6, 6, 4));
  assert_true(a / make_float4(1, 2, 4, 8) == make_float4(1, 1, 0.75f, 0.5f));
  assert_true(a * 2.0f == make_float4(2, 4, 6, 8));
  assert_true(2.0f * a == a * 2.0f);
  assert_true(10.0f - a == make_float4(9, 8, 7, 6));
  assert_true(-a == make_float4(-1, -2, -3, -4));
  assert_true(a != b);
  a += b;
  assert_true(a == make_float4(5, 5, 5, 5));
  a *= 2;
  assert_true(a == make_float4(10, 10, 10, 10));

  int3 i = make_int3(7, -8, 9);
  assert_true(i % 4 == make_int3(3, 0, 1));
  assert_true((i & 1) == make_int3(1, 0, 1));
  assert_true((i | make_int3(8, 0, 0)) == make_int3(15, -8, 9));
  assert_true((i ^ i) == make_int3(0, 0, 0));
  assert_true((make_int3(7, 1, 9) << 1) == make_int3(14, 2, 18));
  assert_true((make_int3(8, 16, 32) >> 3) == make_int3(1, 2, 4));
  assert_true(~make_int3(0, -1, 0) == make_int3(-1, 0, -1));
  ++i;
  assert_true(i == make_int3(8, -7, 10));
  int3 before = i--;
  assert_true(before == make_int3(8, -7, 10) && i == make_int3(7, -8, 9));

  /* Component arithmetic converts back to the component type and wraps. */
  uchar4 u = make_uchar4(250, 1, 2, 255);
  u += uchar4(10);
  assert_true(u == make_uchar4(4, 11, 12, 9));
  ulong1 one = make_ulong1(1);
  one -= 2UL;
  assert_true(one.x == ~0UL);
}

/* ---- atomics on one thread ---- */

/* Each integer operation's old value and result. */
template <class T> static void check_integer_atomics(void) {
  T v = 10;
  assert_true(atomicAdd(&v, T(5)) == T(10) && v == T(15));
  assert_true(atomicSub(&v, T(3)) == T(15) && v == T(12));
  assert_true(atomicExch(&v, T(7)) == T(12) && v == T(7));
  assert_true(atomicCAS(&v, T(7), T(9)) == T(7) && v == T(9));
  assert_true(atomicMin(&v, T(4)) == T(9) && v == T(4));
  assert_true(atomicMax(&v, T(6)) == T(4) && v == T(6));
  assert_true(atomicAnd(&v, T(3)) == T(6) && v == T(2));
  assert_true(atomicOr(&v, T(8)) == T(2) && v == T(10));
  assert_true(atomicXor(&v, T(15)) == T(10) && v == T(5));
  /* _system: the same operation. */
  assert_true(atomicAdd_system(&v, T(1)) == T(5) && v == T(6));
  assert_true(atomicSub_system(&v, T(1)) == T(6) && v == T(5));
  assert_true(atomicExch_system(&v, T(3)) == T(5) && v == T(3));
  assert_true(atomicCAS_system(&v, T(3), T(4)) == T(3) && v == T(4));
  assert_true(atomicMin_system(&v, T(2)) == T(4) && v == T(2));
  assert_true(atomicMax_system(&v, T(8)) == T(2) && v == T(8));
  assert_true(atomicAnd_system(&v, T(12)) == T(8) && v == T(8));
  assert_true(atomicOr_system(&v, T(1)) == T(8) && v == T(9));
  assert_true(atomicXor_system(&v, T(1)) == T(9) && v == T(8));
}

static void test_atomics_integer(void **state) {
  (void)state;
  check_integer_atomics<int>();
  check_integer_atomics<unsigned int>();
  check_integer_atomics<unsigned long>();
  check_integer_atomics<unsigned long long>();
  /* Signed min and max order negative values below positive ones. */
  int s = 5;
  assert_int_equal(atomicMin(&s, -3), 5);
  assert_int_equal(s, -3);
  assert_int_equal(atomicMax(&s, -7), -3);
  assert_int_equal(s, -3);
  long long l = -1;
  assert_true(atomicMax(&l, 1LL << 40) == -1 && l == 1LL << 40);
  assert_true(atomicMin_system(&l, -(1LL << 40)) == 1LL << 40 && l == -(1LL << 40));
  /* Integers wrap as two's complement. */
  unsigned int u = 0;
  assert_int_equal(atomicSub(&u, 1u), 0);
  assert_true(u == ~0u);
}

template <class T> static void check_floating_atomics(void) {
  T v = T(1.5);
  assert_true(atomicAdd(&v, T(2)) == T(1.5) && v == T(3.5));
  assert_true(atomicSub(&v, T(0.5)) == T(3.5) && v == T(3));
  assert_true(atomicExch(&v, T(-2)) == T(3) && v == T(-2));
  assert_true(atomicCAS(&v, T(-2), T(-4)) == T(-2) && v == T(-4));
  /* Min and max with negative values. */
  assert_true(atomicMin(&v, T(-8)) == T(-4) && v == T(-8));
  assert_true(atomicMax(&v, T(-1)) == T(-8) && v == T(-1));
  assert_true(atomicMax(&v, T(0.25)) == T(-1) && v == T(0.25));
  assert_true(atomicMin(&v, T(-0.5)) == T(0.25) && v == T(-0.5));
  assert_true(atomicAdd_system(&v, T(1)) == T(-0.5) && v == T(0.5));
  assert_true(atomicSub_system(&v, T(1)) == T(0.5) && v == T(-0.5));
  assert_true(atomicExch_system(&v, T(2)) == T(-0.5) && v == T(2));
  assert_true(atomicCAS_system(&v, T(2), T(1)) == T(2) && v == T(1));
  assert_true(atomicMin_system(&v, T(-3)) == T(1) && v == T(-3));
  assert_true(atomicMax_system(&v, T(-2)) == T(-3) && v == T(-2));
  assert_true(unsafeAtomicAdd(&v, T(1)) == T(-2) && v == T(-1));
  assert_true(safeAtomicAdd(&v, T(1)) == T(-1) && v == T(0));
  assert_true(unsafeAtomicMin(&v, T(-1)) == T(0) && v == T(-1));
  assert_true(safeAtomicMin(&v, T(-2)) == T(-1) && v == T(-2));
  assert_true(unsafeAtomicMax(&v, T(5)) == T(-2) && v == T(5));
  assert_true(safeAtomicMax(&v, T(6)) == T(5) && v == T(6));
}

static void test_atomics_floating(void **state) {
  (void)state;
  check_floating_atomics<float>();
  check_floating_atomics<double>();
}

static void test_atomic_inc_dec(void **state) {
  (void)state;
  unsigned int v = 0;
  assert_int_equal(atomicInc(&v, 2u), 0);
  assert_int_equal(v, 1);
  assert_int_equal(atomicInc(&v, 2u), 1);
  assert_int_equal(v, 2);
  assert_int_equal(atomicDec(&v, 2u), 2);
  assert_int_equal(v, 1);
  assert_int_equal(atomicDec(&v, 2u), 1);
  assert_int_equal(v, 0);
}

/* ---- atomics across threads ---- */

#define THREADS 4
#define ADDS 20000

/* Runs body(thread) on THREADS threads at once and waits for them. */
template <class Body> static void on_threads(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < THREADS; t++)
    threads.emplace_back(body, t);
  for (std::thread &thread : threads)
    thread.join();
}

static void test_atomic_add_across_threads(void **state) {
  (void)state;
  int i = 0;
  unsigned long long u = 0;
  float f = 0;
  double d = 0;
  on_threads([&](int) {
    for (int n = 0; n < ADDS; n++) {
      atomicAdd(&i, 1);
      atomicAdd(&u, 3ULL);
      atomicAdd(&f, 1.0f); /* exact: every partial sum is below 2^24 */
      atomicAdd(&d, 0.5);
    }
  });
  assert_int_equal(i, THREADS * ADDS);
  assert_true(u == 3ULL * THREADS * ADDS);
  assert_true(f == (float)(THREADS * ADDS));
  assert_true(d == 0.5 * THREADS * ADDS);
}

/* Each thread increments through its own compare-and-swap loop, and takes
   tickets: every ticket is taken exactly once. */
static void test_atomic_cas_across_threads(void **state) {
  (void)state;
  unsigned int counter = 0;
  int ticket = 0;
  std::vector<unsigned char> taken(THREADS * ADDS, 0);
  int repeats = 0;
  on_threads([&](int) {
    for (int n = 0; n < ADDS; n++) {
      unsigned int seen = 0, old; /* a guess: a failed swap returns the value */
      while ((old = atomicCAS(&counter, seen, seen + 1)) != seen)
        seen = old;
      int mine = 0, got;
      while ((got = atomicCAS(&ticket, mine, mine + 1)) != mine)
        mine = got;
      if (__atomic_exchange_n(&taken[mine], 1, __ATOMIC_SEQ_CST))
        atomicAdd(&repeats, 1);
    }
  });
  assert_int_equal(counter, THREADS * ADDS);
  assert_int_equal(ticket, THREADS * ADDS);
  assert_int_equal(repeats, 0);
  for (unsigned char one : taken)
    assert_int_equal(one, 1);
}

/* Min and max under contention end at the extremes; inc wraps exactly. */
static void test_atomic_min_max_inc_across_threads(void **state) {
  (void)state;
  float low = 0, high = 0;
  unsigned int wrapped = 0;
  on_threads([&](int t) {
    for (int n = 0; n < ADDS; n++) {
      float value = (float)(n * THREADS + t) - ADDS;
      atomicMin(&low, value);
      atomicMax(&high, value);
      atomicInc(&wrapped, 99u); /* counts 0..99, then 0 again */
    }
  });
  assert_true(low == (float)-ADDS);
  assert_true(high == (float)(THREADS * ADDS - 1 - ADDS));
  assert_int_equal(wrapped, (THREADS * ADDS) % 100);
}

/* ---- bits, fences, clocks, conversions ---- */

static void test_bit_functions(void **state) {
  (void)state;
  assert_int_equal(__popc(0u), 0);
  assert_int_equal(__popc(1u), 1);
  assert_int_equal(__popc(0x80000000u), 1);
  assert_int_equal(__popc(~0u), 32);
  assert_int_equal(__popcll(~0ULL), 64);
  assert_int_equal(__popcll(1ULL << 63), 1);

  assert_int_equal(__ffs(1u), 1);
  assert_int_equal(__ffs(0x80000000u), 32);
  assert_int_equal(__ffs(~0u), 1);
  assert_int_equal(__ffs(-8), 4);
  assert_int_equal(__ffsll(1ULL << 63), 64);
  assert_int_equal(__ffsll(-1LL), 1);

  assert_int_equal(__clz(1), 31);
  assert_int_equal(__clz((int)0x80000000u), 0);
  assert_int_equal(__clz(~0), 0);
  assert_int_equal(__clzll(1), 63);
  assert_int_equal(__clzll(-1), 0);

  assert_int_equal(__brev(1u), 0x80000000u);
  assert_int_equal(__brev(0x80000000u), 1);
  assert_int_equal(__brev(~0u), ~0u);
  assert_int_equal(__brev(0x12345678u), 0x1e6a2c48u);
  assert_true(__brevll(1ULL) == 1ULL << 63);
  assert_true(__brevll(0x00000000ffffffffULL) == 0xffffffff00000000ULL);

  assert_int_equal(__mul24(-3, 5), -15);
  assert_int_equal(__mul24(0x01000003, 2), 6); /* bits above 24 are dropped */
  assert_int_equal(__umul24(0xff000002u, 3u), 6);
  assert_int_equal(__mulhi(1 << 30, 8), 2);
  assert_int_equal(__umulhi(0x80000000u, 4u), 2);
  assert_true(__mul64hi(-1LL, 1LL) == -1LL);
  assert_true(__umul64hi(1ULL << 63, 4ULL) == 2ULL);
  assert_int_equal(__hadd(-3, 0), -2);
  assert_int_equal(__rhadd(1, 2), 2);
  assert_int_equal(__uhadd(~0u, ~0u), ~0u);
  assert_int_equal(__urhadd(~0u, 0u), 0x80000000u);
  assert_int_equal(__sad(-2, 3, 1u), 6);
  assert_int_equal(__usad(2u, 7u, 0u), 5);
}

/* ---- markers ---- */

__device__ __noinline__ static int marked_twice(int x) { return 2 * x; }

/* __noinline__ is nothing, as ROCm has it for host compilers: <memory>, included after
   <hip/hip_runtime.h>, spells __attribute__((__noinline__)) and still compiles and works. */
static void test_markers_with_standard_headers(void **state) {
  (void)state;
  std::shared_ptr<int> shared = std::make_shared<int>(marked_twice(21));
  std::weak_ptr<int> weak = shared;
  assert_int_equal(*weak.lock(), 42);
}

/* ---- launch forms ---- */

template <typename T, int factor> __global__ void scale_kernel(T *values, size_t count) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    values[i] *= factor;
}

/* A kernel template whose arguments hold a comma launches through HIP_KERNEL_NAME, as
   hip-tests write it, and in parentheses. */
static void test_launch_template_kernel_name(void **state) {
  (void)state;
  const size_t count = 300;
  std::vector<int> host(count, 1);
  int *values = nullptr;
  assert_int_equal(hipMalloc(&values, count * sizeof(int)), hipSuccess);
  assert_int_equal(hipMemcpy(values, host.data(), count * sizeof(int), hipMemcpyHostToDevice),
                   hipSuccess);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale_kernel<int, 3>), dim3(3), dim3(128), 0, 0, values,
                     count);
  hipLaunchKernelGGL((scale_kernel<int, 2>), dim3(3), dim3(128), 0, 0, values, count);
  assert_int_equal(hipGetLastError(), hipSuccess);
  assert_int_equal(hipDeviceSynchronize(), hipSuccess);
  assert_int_equal(hipMemcpy(host.data(), values, count * sizeof(int), hipMemcpyDeviceToHost),
                   hipSuccess);
  for (size_t i = 0; i < count; ++i)
    assert_int_equal(host[i], 6);
  assert_int_equal(hipFree(values), hipSuccess);
}

static void test_fences_and_clocks(void **state) {
  (void)state;
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  long long start = clock64(), wall_start = wall_clock64();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  long long cycles = clock64() - start, ticks = wall_clock64() - wall_start;
  /* Nanoseconds, and the 100 MHz of hipDeviceAttributeWallClockRate. */
  assert_true(cycles >= 20 * 1000 * 1000);
  assert_true(ticks >= 2 * 1000 * 1000 && ticks < 2 * 1000 * 1000 * 100);
  assert_true(__clock64() >= start);
  assert_true(clock() >= 0);
}

/* hip-tests' Delay kernel, in every thread: spins until its device clock has gone on by
   ticks, sleeping with s_sleep between reads. */
__global__ void spin_for(long long ticks, long long *spun) {
  long long start = (long long)__builtin_amdgcn_s_memtime();
  while (clock64() - start < ticks)
    __builtin_amdgcn_s_sleep(10);
  spun[threadIdx.x] = clock64() - start;
}

/* A spin of fixed device time in each of a launch's threads takes the launch about that time,
   as on a GPU, not once per thread: the device clock runs as many times as fast as the thread
   has GPU threads to run while the launch runs, and never goes back after it. */
static void test_device_clock_spins(void **state) {
  (void)state;
  const unsigned threads = 64;
  const long long ticks = 5 * 1000 * 1000; /* 5 ms of device time */
  long long *spun = nullptr;
  assert_int_equal(hipMallocManaged(&spun, threads * sizeof *spun), hipSuccess);
  auto begin = std::chrono::steady_clock::now();
  long long before = clock64();
  hipLaunchKernelGGL(spin_for, dim3(1), dim3(threads), 0, 0, ticks, spun);
  assert_int_equal(hipDeviceSynchronize(), hipSuccess);
  auto host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  for (unsigned i = 0; i < threads; i++)
    assert_true(spun[i] >= ticks);
  /* one after another at the CPU's pace would be 64 x 5 ms = 320 ms */
  if (host_ms >= 160.0)
    fail_msg("64 threads spinning 5 ms of device time took %.1f ms of the host's", host_ms);
  assert_true(clock64() >= before); /* the clock never goes back */
  assert_true(__builtin_amdgcn_s_memrealtime() > 0);
  assert_int_equal(__builtin_amdgcn_readfirstlane(7), 7);
  assert_int_equal(hipFree(spun), hipSuccess);
}

static void test_float_functions(void **state) {
  (void)state;
  assert_true(__fdividef(1.0f, 4.0f) == 0.25f);
  assert_true(__saturatef(-0.5f) == 0.0f);
  assert_true(__saturatef(0.25f) == 0.25f);
  assert_true(__saturatef(7.0f) == 1.0f);
  assert_int_equal(__float2int_rn(2.5f), 2); /* to nearest even */
  assert_int_equal(__float2int_rn(3.5f), 4);
  assert_int_equal(__float2int_rd(-1.5f), -2);
  assert_int_equal(__float2int_ru(-1.5f), -1);
  assert_int_equal(__float2int_rz(-1.5f), -1);
  assert_int_equal(__float2uint_rn(7.5f), 8);
  assert_true(__float2ll_rd(-0.5f) == -1LL);
  assert_true(__float2ull_ru(0.25f) == 1ULL);
  assert_int_equal(__double2int_rn(-2.5), -2);
  assert_true(__double2ll_rz(-1e10 - 0.5) == -10000000000LL);
  assert_int_equal(__float_as_uint(1.0f), 0x3f800000u);
  assert_true(__uint_as_float(0x40000000u) == 2.0f);
  assert_true(__int_as_float(__float_as_int(-3.25f)) == -3.25f);
  assert_true(__longlong_as_double(__double_as_longlong(0.1)) == 0.1);
  assert_true(__int2float_rn(3) == 3.0f && __ull2double_rn(1ULL << 53) == 9007199254740992.0);
}

/* ---- what must not change ---- */

static void test_atomic_cas_mismatch(void **state) {
  (void)state;
  int i = 5;
  assert_int_equal(atomicCAS(&i, 4, 9), 5);
  assert_int_equal(i, 5);
  unsigned long long u = 1;
  assert_true(atomicCAS(&u, 2ULL, 3ULL) == 1ULL && u == 1ULL);
  /* Float compare-and-swap compares bits: -0.0 does not match 0.0. */
  float f = 0.0f;
  assert_true(atomicCAS(&f, -0.0f, 1.0f) == 0.0f && f == 0.0f && !std::signbit(f));
  double d = 2.0;
  assert_true(atomicCAS(&d, 2.5, 3.0) == 2.0 && d == 2.0);
}

static void test_atomic_min_max_losers(void **state) {
  (void)state;
  int i = -5;
  assert_int_equal(atomicMin(&i, -4), -5);
  assert_int_equal(atomicMax(&i, -6), -5);
  assert_int_equal(i, -5);
  unsigned int u = 0x80000000u; /* unsigned: above every int-sized positive */
  assert_true(atomicMax(&u, 1u) == 0x80000000u && u == 0x80000000u);
  double d = -1.0;
  assert_true(atomicMin(&d, -0.5) == -1.0 && atomicMax(&d, -2.0) == -1.0 && d == -1.0);
  /* A NaN is neither smaller nor larger: nothing changes. */
  float f = -1.0f;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  assert_true(atomicMin(&f, nan) == -1.0f && atomicMax(&f, nan) == -1.0f && f == -1.0f);
}

static void test_atomic_inc_dec_wrap(void **state) {
  (void)state;
  /* inc: old >= val ? 0 : old + 1 */
  unsigned int v = 5;
  assert_int_equal(atomicInc(&v, 5u), 5);
  assert_int_equal(v, 0);
  v = 9;
  assert_int_equal(atomicInc(&v, 5u), 9); /* above the limit: also 0 */
  assert_int_equal(v, 0);
  v = 0;
  assert_int_equal(atomicInc(&v, 0u), 0);
  assert_int_equal(v, 0);
  v = ~0u;
  assert_int_equal(atomicInc(&v, ~0u), ~0u);
  assert_int_equal(v, 0);
  /* dec: old == 0 || old > val ? val : old - 1 */
  v = 0;
  assert_int_equal(atomicDec(&v, 7u), 0);
  assert_int_equal(v, 7);
  v = 9;
  assert_int_equal(atomicDec(&v, 7u), 9);
  assert_int_equal(v, 7);
  v = 0;
  assert_int_equal(atomicDec(&v, 0u), 0);
  assert_int_equal(v, 0);
}

static void test_bit_functions_zero(void **state) {
  (void)state;
  assert_int_equal(__ffs(0u), 0);
  assert_int_equal(__ffs(0), 0);
  assert_int_equal(__ffsll(0ULL), 0);
  assert_int_equal(__clz(0), 32);
  assert_int_equal(__clzll(0), 64);
  assert_int_equal(__brev(0u), 0);
  assert_true(__brevll(0ULL) == 0ULL);
  assert_int_equal(__popcll(0ULL), 0);
  assert_true(__saturatef(std::numeric_limits<float>::quiet_NaN()) == 0.0f);
}

/* Out of range saturates, as on a GPU; NaN gives 0. */
static void test_conversions_saturate(void **state) {
  (void)state;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  assert_int_equal(__float2int_rn(3e9f), std::numeric_limits<int>::max());
  assert_int_equal(__float2int_rd(-3e9f), std::numeric_limits<int>::min());
  assert_int_equal(__float2int_rz(nan), 0);
  assert_int_equal(__float2uint_rd(-1.0f), 0);
  assert_int_equal(__float2uint_ru(-0.5f), 0);
  assert_true(__float2uint_rn(1e10f) == std::numeric_limits<unsigned int>::max());
  assert_true(__double2ll_rz(1e300) == std::numeric_limits<long long>::max());
  assert_true(__double2ll_rz(-1e300) == std::numeric_limits<long long>::min());
  assert_true(__double2ull_ru(1e20) == std::numeric_limits<unsigned long long>::max());
  assert_true(__double2ull_rn(-std::numeric_limits<double>::infinity()) == 0ULL);
  assert_true(__float2ll_rn(std::numeric_limits<float>::infinity()) ==
              std::numeric_limits<long long>::max());
  /* Large integral values convert exactly. */
  assert_true(__double2ll_rn(18014398509481988.0) == 18014398509481988LL);
  assert_true(__double2ull_rd(1e19) == 10000000000000000000ULL);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      cmocka_unit_test(test_vector_make_and_members),
      cmocka_unit_test(test_vector_operators),
      cmocka_unit_test(test_atomics_integer),
      cmocka_unit_test(test_atomics_floating),
      cmocka_unit_test(test_atomic_inc_dec),
      cmocka_unit_test(test_atomic_add_across_threads),
      cmocka_unit_test(test_atomic_cas_across_threads),
      cmocka_unit_test(test_atomic_min_max_inc_across_threads),
      cmocka_unit_test(test_bit_functions),
      cmocka_unit_test(test_markers_with_standard_headers),
      cmocka_unit_test(test_launch_template_kernel_name),
      cmocka_unit_test(test_fences_and_clocks),
      cmocka_unit_test(test_float_functions),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_atomic_cas_mismatch),  cmocka_unit_test(test_atomic_min_max_losers),
      cmocka_unit_test(test_atomic_inc_dec_wrap),  cmocka_unit_test(test_bit_functions_zero),
      cmocka_unit_test(test_conversions_saturate), cmocka_unit_test(test_device_clock_spins),
  };
  return cmocka_run_group_tests_name("device_functions", positive, NULL, NULL) +
         cmocka_run_group_tests_name("device_functions_negative", negative, NULL, NULL);
}
