/*
 * test_arrays_cpp.cpp: arrays from C++17 as hip-tests' helpers use them:
 * hipCreateChannelDesc<T>() with ROCm's answers (none for a three-component
 * vector under gcc and clang), the half helpers, the hipMallocPitch template,
 * ROCm's default arguments, and a resource-guard round trip through
 * hipMalloc3DArray and hipMemcpy3D.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <cstring>

static void expect_desc(const hipChannelFormatDesc &d, int x, int y, int z, int w,
                        hipChannelFormatKind f) {
  assert_int_equal(d.x, x);
  assert_int_equal(d.y, y);
  assert_int_equal(d.z, z);
  assert_int_equal(d.w, w);
  assert_int_equal(d.f, f);
}

static void test_channel_desc_templates(void **state) {
  (void)state;
  expect_desc(hipCreateChannelDesc<float>(), 32, 0, 0, 0, hipChannelFormatKindFloat);
  expect_desc(hipCreateChannelDesc<float4>(), 32, 32, 32, 32, hipChannelFormatKindFloat);
  expect_desc(hipCreateChannelDesc<char>(), 8, 0, 0, 0, hipChannelFormatKindSigned);
  expect_desc(hipCreateChannelDesc<uchar2>(), 8, 8, 0, 0, hipChannelFormatKindUnsigned);
  expect_desc(hipCreateChannelDesc<short4>(), 16, 16, 16, 16, hipChannelFormatKindSigned);
  expect_desc(hipCreateChannelDesc<uint2>(), 32, 32, 0, 0, hipChannelFormatKindUnsigned);
  expect_desc(hipCreateChannelDesc<int>(), 32, 0, 0, 0, hipChannelFormatKindSigned);
  /* ROCm under gcc and clang: no three-component and no 64-bit specialisations */
  expect_desc(hipCreateChannelDesc<float3>(), 0, 0, 0, 0, hipChannelFormatKindNone);
  expect_desc(hipCreateChannelDesc<double>(), 0, 0, 0, 0, hipChannelFormatKindNone);
  expect_desc(hipCreateChannelDescHalf2(), 16, 16, 0, 0, hipChannelFormatKindFloat);
  expect_desc(hipCreateChannelDescHalf4(), 16, 16, 16, 16, hipChannelFormatKindFloat);
}

static void test_templates_and_default_arguments(void **state) {
  (void)state;
  float *rows = nullptr;
  size_t pitch = 0;
  MT_CHECK(hipMallocPitch(&rows, &pitch, 10 * sizeof(float), 3)); /* no void ** cast */
  assert_true(pitch >= 10 * sizeof(float));
  MT_CHECK(hipFree(rows));
  hipArray_t line = nullptr;
  hipChannelFormatDesc desc = hipCreateChannelDesc<int2>();
  MT_CHECK(hipMallocArray(&line, &desc, 64)); /* height 0 and flags by default: 1D */
  hipExtent extent;
  MT_CHECK(hipArrayGetInfo(nullptr, &extent, nullptr, line));
  assert_int_equal(extent.height, 0);
  MT_CHECK(hipFreeArray(line));
}

/* hip-tests' ArrayAllocGuard and LinearAllocGuard3D, and the copy between them. */
static void test_resource_guard_round_trip(void **state) {
  (void)state;
  constexpr size_t w = 8, h = 4, d = 2;
  static int in[d][h][w], out[d][h][w];
  for (size_t i = 0; i < w * h * d; i++)
    (&in[0][0][0])[i] = static_cast<int>(i * 3);
  hipArray_t array = nullptr;
  hipChannelFormatDesc desc = hipCreateChannelDesc<int>();
  MT_CHECK(hipMalloc3DArray(&array, &desc, make_hipExtent(w, h, d), 0));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(in, w * sizeof(int), w, h);
  p.dstArray = array;
  p.extent = make_hipExtent(w, h, d);
  p.kind = hipMemcpyHostToDevice;
  MT_CHECK(hipMemcpy3D(&p));
  p = hipMemcpy3DParms{};
  p.srcArray = array;
  p.dstPtr = make_hipPitchedPtr(out, w * sizeof(int), w, h);
  p.extent = make_hipExtent(w, h, d);
  p.kind = hipMemcpyDeviceToHost;
  MT_CHECK(hipMemcpy3D(&p));
  assert_memory_equal(out, in, sizeof in);
  MT_CHECK(hipFreeArray(array));
}

int main() {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_channel_desc_templates),
      MT_CLEAN_TEST(test_templates_and_default_arguments),
      MT_CLEAN_TEST(test_resource_guard_round_trip),
  };
  return cmocka_run_group_tests_name("arrays_cpp", tests, nullptr, nullptr);
}
