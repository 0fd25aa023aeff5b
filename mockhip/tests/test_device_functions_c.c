/*
 * test_device_functions_c.c: <hip/hip_runtime.h>'s device types and functions
 * from C11: the vector types have the layout C++ gives them (so a struct
 * shared by C host code and a C++ kernel agrees), make_ builds them, and the
 * bit functions, fences and clocks work. The atomics are C++ only.
 * The negative group: the bit functions' zero and all-ones cases.
 */
#include <hip/hip_runtime.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#define LAYOUT(type, bytes, alignment)                                                             \
  _Static_assert(sizeof(type) == (bytes), #type " is " #bytes " bytes");                           \
  _Static_assert(_Alignof(type) == (alignment), #type " is aligned " #alignment);

LAYOUT(char1, 1, 1)
LAYOUT(uchar4, 4, 4)
LAYOUT(short3, 6, 2)
LAYOUT(ushort2, 4, 4)
LAYOUT(int2, 8, 8)
LAYOUT(uint3, 12, 4)
LAYOUT(long4, 32, 32)
LAYOUT(ulong1, 8, 8)
LAYOUT(longlong2, 16, 16)
LAYOUT(ulonglong3, 24, 8)
LAYOUT(float3, 12, 4)
LAYOUT(float4, 16, 16)
LAYOUT(double2, 16, 16)
LAYOUT(double4, 32, 32)
_Static_assert(offsetof(float4, w) == 12, "w is the fourth float");

/* A struct as a C host file and a C++ kernel would share it. */
struct particle {
  float3 position;
  float4 color;
};
_Static_assert(offsetof(struct particle, color) == 16, "float4 starts on 16 bytes");

static void test_vector_make(void **state) {
  (void)state;
  float4 f = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  assert_true(f.x == 1.0f && f.y == 2.0f && f.z == 3.0f && f.w == 4.0f);
  char2 c = make_char2(-1, 127);
  assert_int_equal(c.x, -1);
  assert_int_equal(c.y, 127);
  uint3 u = make_uint3(1u, 2u, ~0u);
  assert_true(u.z == ~0u);
  longlong1 l = make_longlong1(-(1LL << 40));
  assert_true(l.x == -(1LL << 40));
  double3 d = make_double3(0.5, 0.25, 0.125);
  assert_true(d.x + d.y + d.z == 0.875);
  /* C's own initialisers work as on any struct. */
  int4 i = {1, 2, 3, 4};
  ushort4 zero = {0};
  assert_int_equal(i.w, 4);
  assert_int_equal(zero.w, 0);
  struct particle p = {make_float3(0, 1, 2), make_float4(1, 1, 1, 0.5f)};
  assert_true(p.position.z == 2.0f && p.color.w == 0.5f);
}

static void test_functions(void **state) {
  (void)state;
  assert_int_equal(__popc(0x80000001u), 2);
  assert_int_equal(__popcll(0xffULL << 56), 8);
  assert_int_equal(__ffs(8u), 4);
  assert_int_equal(__ffsll(1ULL << 40), 41);
  assert_int_equal(__clz(1), 31);
  assert_int_equal(__clzll(1LL << 40), 23);
  assert_int_equal(__brev(1u), 0x80000000u);
  assert_int_equal(__mul24(-2, 3), -6);
  assert_true(__saturatef(2.0f) == 1.0f);
  assert_int_equal(__float2int_rn(-2.5f), -2);
  assert_int_equal(__float_as_uint(-0.0f), 0x80000000u);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
  long long start = clock64();
  assert_true(clock64() >= start);
  assert_true(wall_clock64() >= 0);
}

static void test_bit_functions_edges(void **state) {
  (void)state;
  assert_int_equal(__popc(0u), 0);
  assert_int_equal(__popc(~0u), 32);
  assert_int_equal(__ffs(0u), 0);
  assert_int_equal(__ffs(~0u), 1);
  assert_int_equal(__ffsll(0ULL), 0);
  assert_int_equal(__clz(0), 32);
  assert_int_equal(__clz(~0), 0);
  assert_int_equal(__clzll(0), 64);
  assert_int_equal(__brev(0u), 0);
  assert_int_equal(__brev(~0u), ~0u);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      cmocka_unit_test(test_vector_make),
      cmocka_unit_test(test_functions),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_bit_functions_edges),
  };
  return cmocka_run_group_tests_name("device_functions_c", positive, NULL, NULL) +
         cmocka_run_group_tests_name("device_functions_c_negative", negative, NULL, NULL);
}
