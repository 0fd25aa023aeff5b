/*
 * test_arrays.c: arrays as objects: made by each of the four calls, described
 * by hipArrayGetInfo and the descriptors, charged to their device's memory,
 * freed by hipFreeArray, hipArrayDestroy and hipDeviceReset, counted as live
 * objects and reported as leaks; clr's refusals, one case each; the mipmapped
 * arrays ROCm on Linux does not make; hipCreateChannelDesc. Runs with two
 * devices.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

static const hipChannelFormatDesc float_desc = {32, 0, 0, 0, hipChannelFormatKindFloat};
static const hipChannelFormatDesc uchar4_desc = {8, 8, 8, 8, hipChannelFormatKindUnsigned};

static size_t free_bytes(void) {
  size_t free = 0, total = 0;
  MT_CHECK(hipMemGetInfo(&free, &total));
  return free;
}

/* ---- the four ways to make one, and what each says it is ---- */

static void test_malloc_array_describes_itself(void **state) {
  (void)state;
  size_t before = free_bytes();
  hipArray_t array = NULL;
  MT_CHECK(hipMallocArray(&array, &uchar4_desc, 100, 30, hipArraySurfaceLoadStore));
  assert_non_null(array);
  /* 100 x 30 elements of 4 bytes, charged to device 0 rounded up to pages */
  assert_true(before - free_bytes() >= 100 * 30 * 4);
  hipChannelFormatDesc desc;
  hipExtent extent;
  unsigned flags = 0;
  MT_CHECK(hipArrayGetInfo(&desc, &extent, &flags, array));
  assert_int_equal(desc.x, 8);
  assert_int_equal(desc.w, 8);
  assert_int_equal(desc.f, hipChannelFormatKindUnsigned);
  assert_int_equal(extent.width, 100);
  assert_int_equal(extent.height, 30);
  assert_int_equal(extent.depth, 0);
  assert_int_equal(flags, hipArraySurfaceLoadStore);
  HIP_ARRAY_DESCRIPTOR d;
  MT_CHECK(hipArrayGetDescriptor(&d, array));
  assert_int_equal(d.Width, 100);
  assert_int_equal(d.Height, 30);
  assert_int_equal(d.Format, HIP_AD_FORMAT_UNSIGNED_INT8);
  assert_int_equal(d.NumChannels, 4);
  assert_int_equal(mockhip_live_objects(), 1);
  MT_CHECK(hipFreeArray(array));
  assert_int_equal(free_bytes(), before);
}

static void test_array_create_and_destroy(void **state) {
  (void)state;
  HIP_ARRAY_DESCRIPTOR desc = {64, 0, HIP_AD_FORMAT_HALF, 2}; /* 1D */
  hipArray_t array = NULL;
  MT_CHECK(hipArrayCreate(&array, &desc));
  HIP_ARRAY3D_DESCRIPTOR d3;
  MT_CHECK(hipArray3DGetDescriptor(&d3, array));
  assert_int_equal(d3.Width, 64);
  assert_int_equal(d3.Height, 0);
  assert_int_equal(d3.Depth, 0);
  assert_int_equal(d3.Format, HIP_AD_FORMAT_HALF);
  assert_int_equal(d3.NumChannels, 2);
  assert_int_equal(d3.Flags, hipArrayDefault);
  hipChannelFormatDesc channels;
  MT_CHECK(hipArrayGetInfo(&channels, NULL, NULL, array));
  assert_int_equal(channels.x, 16);
  assert_int_equal(channels.y, 16);
  assert_int_equal(channels.z, 0);
  assert_int_equal(channels.f, hipChannelFormatKindFloat);
  MT_CHECK(hipArrayDestroy(array));
}

static void test_3d_and_layered_arrays(void **state) {
  (void)state;
  HIP_ARRAY3D_DESCRIPTOR desc = {16, 8, 4, HIP_AD_FORMAT_SIGNED_INT32, 1, hipArrayDefault};
  hipArray_t cube = NULL, layers = NULL, gather = NULL;
  MT_CHECK(hipArray3DCreate(&cube, &desc));
  MT_CHECK(hipMalloc3DArray(&layers, &float_desc, make_hipExtent(16, 0, 6), hipArrayLayered));
  MT_CHECK(
      hipMalloc3DArray(&gather, &float_desc, make_hipExtent(16, 16, 0), hipArrayTextureGather));
  hipExtent extent;
  unsigned flags;
  MT_CHECK(hipArrayGetInfo(NULL, &extent, &flags, layers));
  assert_int_equal(extent.depth, 6);
  assert_int_equal(flags, hipArrayLayered);
  assert_int_equal(mockhip_live_objects(), 3);
  MT_CHECK(hipFreeArray(cube));
  MT_CHECK(hipArrayDestroy(layers)); /* either call frees either kind, as in clr */
  MT_CHECK(hipFreeArray(gather));
}

/* ---- what ends an array ---- */

static void test_freed_array_is_refused(void **state) {
  (void)state;
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &float_desc, 8, 0, hipArrayDefault));
  MT_CHECK(hipFreeArray(array));
  /* clr ihipArrayDestroy: not in its set of arrays */
  MT_EXPECT(hipErrorContextIsDestroyed, hipFreeArray(array));
  MT_EXPECT(hipErrorContextIsDestroyed, hipArrayDestroy(array));
  HIP_ARRAY_DESCRIPTOR d;
  MT_EXPECT(hipErrorInvalidHandle, hipArrayGetDescriptor(&d, array));
  hipExtent extent;
  MT_EXPECT(hipErrorInvalidHandle, hipArrayGetInfo(NULL, &extent, NULL, array));
}

static void test_device_reset_frees_the_device_arrays(void **state) {
  (void)state;
  hipArray_t on0, on1;
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMallocArray(&on1, &float_desc, 32, 32, hipArrayDefault));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipMallocArray(&on0, &float_desc, 32, 32, hipArrayDefault));
  MT_CHECK(hipDeviceReset());
  MT_EXPECT(hipErrorContextIsDestroyed, hipFreeArray(on0));
  assert_int_equal(mockhip_live_objects(), 1); /* device 1's stays */
  MT_CHECK(hipFreeArray(on1));
}

static void test_leak_report_and_dump_name_arrays(void **state) {
  (void)state;
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &uchar4_desc, 3, 2, hipArrayDefault));
  char *text = NULL;
  size_t bytes = 0;
  FILE *out = open_memstream(&text, &bytes);
  assert_non_null(out);
  assert_int_equal(mockhip_leak_report(out), 1);
  mockhip_dump(out);
  fclose(out);
  assert_non_null(strstr(text, "leak: hipMallocArray array#"));
  assert_non_null(strstr(text, "3 x 2 x 1 elements of 4 bytes"));
  assert_non_null(strstr(text, "arrays (1):"));
  free(text);
  MT_CHECK(hipFreeArray(array));
  assert_int_equal(mockhip_leak_report(stderr), 0);
}

static void test_out_of_device_memory(void **state) {
  (void)state;
  /* The largest 3D array the image limits allow is 16384 x 16384 x 8192 elements of 16 bytes:
     more than the device has. */
  HIP_ARRAY3D_DESCRIPTOR desc = {16384, 16384, 8192, HIP_AD_FORMAT_FLOAT, 4, hipArrayDefault};
  hipArray_t array = NULL;
  MT_EXPECT(hipErrorOutOfMemory, hipArray3DCreate(&array, &desc));
  assert_null(array);
}

/* ---- clr's refusals, one case each ---- */

static void test_negative_null_arguments(void **state) {
  (void)state;
  hipArray_t array = NULL;
  HIP_ARRAY_DESCRIPTOR desc = {4, 4, HIP_AD_FORMAT_FLOAT, 1};
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(NULL, &float_desc, 4, 4, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, NULL, 4, 4, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMalloc3DArray(NULL, &float_desc, make_hipExtent(4, 4, 4), 0));
  MT_EXPECT(hipErrorInvalidValue, hipArrayCreate(&array, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipArrayCreate(NULL, &desc));
  MT_EXPECT(hipErrorInvalidValue, hipArray3DCreate(&array, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipFreeArray(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipArrayDestroy(NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipArrayGetInfo(NULL, NULL, NULL, NULL));
  HIP_ARRAY3D_DESCRIPTOR d3;
  MT_EXPECT(hipErrorInvalidHandle, hipArray3DGetDescriptor(&d3, NULL));
  assert_null(array);
}

static void test_negative_channel_descriptions(void **state) {
  (void)state;
  hipArray_t array = NULL;
  const hipChannelFormatDesc empty = {0, 0, 0, 0, hipChannelFormatKindNone};
  const hipChannelFormatDesc mixed = {32, 16, 0, 0, hipChannelFormatKindFloat};
  const hipChannelFormatDesc gap = {32, 0, 32, 0, hipChannelFormatKindFloat};
  const hipChannelFormatDesc three = {32, 32, 32, 0, hipChannelFormatKindFloat};
  const hipChannelFormatDesc float8 = {8, 0, 0, 0, hipChannelFormatKindFloat};
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, &empty, 4, 4, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, &mixed, 4, 4, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, &gap, 4, 4, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, &three, 4, 4, 0));  /* 3 channels */
  MT_EXPECT(hipErrorInvalidValue, hipMallocArray(&array, &float8, 4, 4, 0)); /* no format */
  assert_non_null(strstr(mockhip_last_reason(), "not a hipArray_Format"));
  assert_null(array);
}

static void test_negative_descriptors(void **state) {
  (void)state;
  hipArray_t array = NULL;
  HIP_ARRAY3D_DESCRIPTOR bad[] = {
      {4, 4, 0, HIP_AD_FORMAT_FLOAT, 3, 0},                     /* NumChannels */
      {4, 4, 0, HIP_AD_FORMAT_FLOAT, 1, hipArrayCubemap},       /* no cubemaps in ROCm */
      {4, 4, 0, HIP_AD_FORMAT_FLOAT, 1, 0x40},                  /* unknown flag */
      {4, 4, 4, HIP_AD_FORMAT_FLOAT, 1, hipArrayTextureGather}, /* gather: 2D only */
      {4, 4, 0, (hipArray_Format)0x11, 1, 0},                   /* Format */
      {0, 4, 0, HIP_AD_FORMAT_FLOAT, 1, 0},                     /* no width */
      {4, 0, 4, HIP_AD_FORMAT_FLOAT, 1, 0},                     /* depth without height */
      {4, 4, 0, HIP_AD_FORMAT_FLOAT, 1, hipArrayLayered},       /* layered, no layers */
      {16385, 1, 0, HIP_AD_FORMAT_FLOAT, 1, 0},                 /* past the width limit */
      {16, 16, 8193, HIP_AD_FORMAT_FLOAT, 1, 0},                /* past the depth limit */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    if (!mt_returned(hipErrorInvalidValue, hipArray3DCreate(&array, &bad[i]), "hipArray3DCreate"))
      fail_msg("descriptor %zu was accepted", i);
  }
  MT_EXPECT(hipErrorInvalidValue,
            hipMallocArray(&array, &float_desc, 4, 4, hipArrayCubemap | hipArrayLayered));
  assert_null(array);
}

/* ---- mipmapped arrays: none on ROCm on Linux ---- */

static void test_mipmapped_arrays_are_not_supported(void **state) {
  (void)state;
  hipMipmappedArray_t mipmap = NULL;
  HIP_ARRAY3D_DESCRIPTOR desc = {16, 16, 0, HIP_AD_FORMAT_FLOAT, 1, hipArrayDefault};
  MT_EXPECT(hipErrorNotSupported,
            hipMallocMipmappedArray(&mipmap, &float_desc, make_hipExtent(16, 16, 0), 2, 0));
  MT_EXPECT(hipErrorNotSupported, hipMipmappedArrayCreate(&mipmap, &desc, 2));
  MT_EXPECT(hipErrorNotSupported, hipMipmappedArrayCreate(NULL, NULL, 2)); /* checked first */
  assert_null(mipmap);
  /* The checks clr makes before its support check */
  MT_EXPECT(hipErrorInvalidValue,
            hipMallocMipmappedArray(NULL, &float_desc, make_hipExtent(16, 16, 0), 2, 0));
  const hipChannelFormatDesc empty = {0, 0, 0, 0, hipChannelFormatKindNone};
  MT_EXPECT(hipErrorInvalidValue,
            hipMallocMipmappedArray(&mipmap, &empty, make_hipExtent(16, 16, 0), 2, 0));
  hipArray_t level;
  MT_EXPECT(hipErrorInvalidValue, hipGetMipmappedArrayLevel(NULL, mipmap, 0));
  MT_EXPECT(hipErrorInvalidHandle, hipGetMipmappedArrayLevel(&level, NULL, 0));
  MT_EXPECT(hipErrorInvalidHandle, hipMipmappedArrayGetLevel(&level, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipFreeMipmappedArray(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMipmappedArrayDestroy(NULL));
  hipMipmappedArray made_up;
  memset(&made_up, 0, sizeof made_up);
  MT_EXPECT(hipErrorInvalidValue, hipFreeMipmappedArray(&made_up));
  MT_EXPECT(hipErrorInvalidValue, hipGetMipmappedArrayLevel(&level, &made_up, 0));
}

/* ---- channel descriptions ---- */

static void test_create_channel_desc(void **state) {
  (void)state;
  hipChannelFormatDesc d = hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindSigned);
  assert_int_equal(d.x, 16);
  assert_int_equal(d.y, 16);
  assert_int_equal(d.z, 0);
  assert_int_equal(d.w, 0);
  assert_int_equal(d.f, hipChannelFormatKindSigned);
  /* no check, no error: what is given comes back */
  d = hipCreateChannelDesc(-1, 7, 3, 0, (hipChannelFormatKind)9);
  assert_int_equal(d.x, -1);
  assert_int_equal(d.f, 9);
  hipPitchedPtr p = make_hipPitchedPtr(&d, 64, 16, 4);
  assert_ptr_equal(p.ptr, &d);
  assert_int_equal(p.pitch, 64);
  hipPos pos = make_hipPos(1, 2, 3);
  assert_int_equal(pos.z, 3);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest arrays[] = {
      MT_CLEAN_TEST(test_malloc_array_describes_itself),
      MT_CLEAN_TEST(test_array_create_and_destroy),
      MT_CLEAN_TEST(test_3d_and_layered_arrays),
      MT_CLEAN_TEST(test_freed_array_is_refused),
      MT_CLEAN_TEST(test_device_reset_frees_the_device_arrays),
      MT_CLEAN_TEST(test_leak_report_and_dump_name_arrays),
      MT_CLEAN_TEST(test_create_channel_desc),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_out_of_device_memory),
      MT_CLEAN_TEST(test_negative_null_arguments),
      MT_CLEAN_TEST(test_negative_channel_descriptions),
      MT_CLEAN_TEST(test_negative_descriptors),
      MT_CLEAN_TEST(test_mipmapped_arrays_are_not_supported),
  };
  return cmocka_run_group_tests_name("arrays", arrays, NULL, NULL) +
         cmocka_run_group_tests_name("arrays_negative", negative, NULL, NULL);
}
