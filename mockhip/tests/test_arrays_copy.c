/*
 * test_arrays_copy.c: pitched memory (hipMallocPitch, hipMalloc3D) and the
 * copies of rows and slices: between host, pitched device memory, VMM memory
 * and arrays, through every entry point, checked byte by byte; the checks
 * that refuse a copy (pitches, regions, kinds, access), with nothing copied;
 * and the Async forms on a stream and under capture.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

#define W 16 /* floats in a row */
#define H 4  /* rows */

static float host_in[H][W], host_out[H][W];

static void fill_host(void) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      host_in[y][x] = (float)(y * 100 + x);
  memset(host_out, 0, sizeof host_out);
}

static const hipChannelFormatDesc float_desc = {32, 0, 0, 0, hipChannelFormatKindFloat};

/* ---- pitched memory ---- */

static void test_malloc_pitch_pads_rows(void **state) {
  (void)state;
  void *ptr = NULL;
  size_t pitch = 0;
  MT_CHECK(hipMallocPitch(&ptr, &pitch, 100, 3));
  assert_non_null(ptr);
  assert_int_equal(pitch, 256); /* the texture pitch alignment of the AMD device */
  hipPointerAttribute_t a;
  MT_CHECK(hipPointerGetAttributes(&a, (char *)ptr + 3 * pitch - 1));
  MT_CHECK(hipFree(ptr));
  /* a zero size: NULL, as clr */
  MT_CHECK(hipMallocPitch(&ptr, &pitch, 0, 3));
  assert_null(ptr);
  hipPitchedPtr p;
  MT_CHECK(hipMalloc3D(&p, make_hipExtent(40, 2, 0)));
  assert_null(p.ptr);
  MT_CHECK(hipMalloc3D(&p, make_hipExtent(40, 2, 3)));
  assert_int_equal(p.pitch, 256);
  assert_int_equal(p.xsize, 40);
  assert_int_equal(p.ysize, 2);
  MT_CHECK(hipFree(p.ptr));
  MT_EXPECT(hipErrorInvalidValue, hipMallocPitch(NULL, &pitch, 4, 4));
  MT_EXPECT(hipErrorInvalidValue, hipMallocPitch(&ptr, NULL, 4, 4));
  MT_EXPECT(hipErrorInvalidValue, hipMalloc3D(NULL, make_hipExtent(4, 4, 4)));
  MT_EXPECT(hipErrorOutOfMemory, hipMallocPitch(&ptr, &pitch, (size_t)1 << 40, 1 << 20));
}

static void test_memcpy_2d_through_pitched_memory(void **state) {
  (void)state;
  fill_host();
  void *dev;
  size_t pitch;
  MT_CHECK(hipMallocPitch(&dev, &pitch, W * sizeof(float), H));
  MT_CHECK(hipMemcpy2D(dev, pitch, host_in, sizeof host_in[0], sizeof host_in[0], H,
                       hipMemcpyHostToDevice));
  /* the rows landed pitch apart */
  float row2[W];
  MT_CHECK(hipMemcpy(row2, (char *)dev + 2 * pitch, sizeof row2, hipMemcpyDeviceToHost));
  assert_memory_equal(row2, host_in[2], sizeof row2);
  MT_CHECK(hipMemcpy2D(host_out, sizeof host_out[0], dev, pitch, sizeof host_out[0], H,
                       hipMemcpyDefault));
  assert_memory_equal(host_out, host_in, sizeof host_in);
  MT_CHECK(hipFree(dev));
}

/* ---- arrays ---- */

static void test_2d_to_and_from_an_array(void **state) {
  (void)state;
  fill_host();
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &float_desc, W, H, hipArrayDefault));
  MT_CHECK(hipMemcpy2DToArray(array, 0, 0, host_in, sizeof host_in[0], sizeof host_in[0], H,
                              hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy2DFromArray(host_out, sizeof host_out[0], array, 0, 0, sizeof host_out[0], H,
                                hipMemcpyDeviceToHost));
  assert_memory_equal(host_out, host_in, sizeof host_in);
  /* a window: 2 x 2 floats at element (3, 1), wOffset in bytes */
  float window[2][2];
  MT_CHECK(hipMemcpy2DFromArray(window, sizeof window[0], array, 3 * sizeof(float), 1,
                                sizeof window[0], 2, hipMemcpyDeviceToHost));
  assert_true(window[0][0] == host_in[1][3] && window[1][1] == host_in[2][4]);
  MT_CHECK(hipFreeArray(array));
}

static void test_array_to_array_and_device(void **state) {
  (void)state;
  fill_host();
  hipArray_t a, b;
  void *dev;
  size_t pitch;
  MT_CHECK(hipMallocArray(&a, &float_desc, W, H, hipArrayDefault));
  MT_CHECK(hipMallocArray(&b, &float_desc, W, H, hipArrayDefault));
  MT_CHECK(hipMallocPitch(&dev, &pitch, sizeof host_in[0], H));
  MT_CHECK(hipMemcpy2DToArray(a, 0, 0, host_in, sizeof host_in[0], sizeof host_in[0], H,
                              hipMemcpyHostToDevice));
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeArray;
  c.srcArray = a;
  c.dstMemoryType = hipMemoryTypeArray;
  c.dstArray = b;
  c.WidthInBytes = sizeof host_in[0];
  c.Height = H;
  MT_CHECK(hipMemcpyParam2D(&c)); /* array to array */
  MT_CHECK(
      hipMemcpy2DFromArray(dev, pitch, b, 0, 0, sizeof host_in[0], H, hipMemcpyDeviceToDevice));
  MT_CHECK(hipMemcpy2D(host_out, sizeof host_out[0], dev, pitch, sizeof host_out[0], H,
                       hipMemcpyDeviceToHost));
  assert_memory_equal(host_out, host_in, sizeof host_in);
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipFreeArray(a));
  MT_CHECK(hipFreeArray(b));
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* ROCm deprecates both; tested */
static void test_memcpy_to_and_from_array_by_count(void **state) {
  (void)state;
  fill_host();
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &float_desc, W, H, hipArrayDefault));
  /* count is the whole array: rows of count / H bytes, count / W / 4 of them (clr) */
  MT_CHECK(hipMemcpyToArray(array, 0, 0, host_in, sizeof host_in, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpyFromArray(host_out, array, 0, 0, sizeof host_out, hipMemcpyDeviceToHost));
  assert_memory_equal(host_out, host_in, sizeof host_in);
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyToArray(NULL, 0, 0, host_in, sizeof host_in, hipMemcpyHostToDevice));
  MT_CHECK(hipFreeArray(array));
}
#pragma GCC diagnostic pop

static void test_memcpy_3d_slices(void **state) {
  (void)state;
  enum { D = 3 };
  static unsigned char cube_in[D][H][W], cube_out[D][H][W];
  for (size_t i = 0; i < sizeof cube_in; i++)
    ((unsigned char *)cube_in)[i] = (unsigned char)(i * 7);
  hipPitchedPtr dev;
  MT_CHECK(hipMalloc3D(&dev, make_hipExtent(W, H, D)));
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(cube_in, W, W, H);
  p.dstPtr = dev;
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyHostToDevice;
  MT_CHECK(hipMemcpy3D(&p));
  /* pitched to a 3D array of bytes, then the middle slice back alone */
  hipArray_t array;
  const hipChannelFormatDesc uchar_desc = {8, 0, 0, 0, hipChannelFormatKindUnsigned};
  MT_CHECK(hipMalloc3DArray(&array, &uchar_desc, make_hipExtent(W, H, D), hipArrayDefault));
  memset(&p, 0, sizeof p);
  p.srcPtr = dev;
  p.dstArray = array;
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyDeviceToDevice;
  MT_CHECK(hipMemcpy3D(&p));
  memset(&p, 0, sizeof p);
  p.srcArray = array;
  p.srcPos = make_hipPos(0, 0, 1);
  p.dstPtr = make_hipPitchedPtr(cube_out[1], W, W, H);
  p.extent = make_hipExtent(W, H, 1);
  p.kind = hipMemcpyDeviceToHost;
  MT_CHECK(hipMemcpy3D(&p));
  assert_memory_equal(cube_out[1], cube_in[1], sizeof cube_in[1]);
  assert_int_equal(cube_out[0][0][1], 0); /* slice 0 was not asked for */
  /* the driver form: all three slices back */
  HIP_MEMCPY3D d;
  memset(&d, 0, sizeof d);
  d.srcMemoryType = hipMemoryTypeArray;
  d.srcArray = array;
  d.dstMemoryType = hipMemoryTypeHost;
  d.dstHost = cube_out;
  d.dstPitch = W;
  d.dstHeight = H;
  d.WidthInBytes = W;
  d.Height = H;
  d.Depth = D;
  MT_CHECK(hipDrvMemcpy3D(&d));
  assert_memory_equal(cube_out, cube_in, sizeof cube_in);
  MT_CHECK(hipFreeArray(array));
  MT_CHECK(hipFree(dev.ptr));
}

static void test_vmm_memory_needs_access(void **state) {
  (void)state;
  fill_host();
  size_t granule = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  /* no access granted yet: refused as hipMemcpy refuses it (copy_access: from ROCm 6.3 the
     mapping at the address, hipErrorUnknown), nothing copied */
  MT_EXPECT(hipErrorUnknown, hipMemcpy2D(m.base, 64, host_in, sizeof host_in[0], sizeof host_in[0],
                                         H, hipMemcpyHostToDevice));
  assert_non_null(strstr(mockhip_last_reason(), "hipMemSetAccess"));
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemcpy2D(m.base, 64, host_in, sizeof host_in[0], sizeof host_in[0], H,
                       hipMemcpyHostToDevice));
  assert_memory_equal((char *)m.base + 64, host_in[1], sizeof host_in[1]);
  /* the last row would end past the mapping */
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2D((char *)m.base + granule - 128, 64, host_in, sizeof host_in[0],
                        sizeof host_in[0], H, hipMemcpyHostToDevice));
  mt_mapping_destroy(&m);
}

/* ---- refusals: nothing is copied ---- */

static void test_negative_pitches_and_kinds(void **state) {
  (void)state;
  fill_host();
  void *dev;
  size_t pitch;
  MT_CHECK(hipMallocPitch(&dev, &pitch, 64, H));
  MT_EXPECT(hipErrorInvalidPitchValue,
            hipMemcpy2D(dev, 32, host_in, 64, 64, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidPitchValue,
            hipMemcpy2D(dev, pitch, host_in, 32, 64, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpy2D(dev, pitch, host_in, 64, 64, H, (hipMemcpyKind)7));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2D(NULL, pitch, host_in, 64, 64, H, hipMemcpyHostToDevice));
  /* the device side of an explicit kind must be device memory */
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2D(host_out, 64, host_in, 64, 64, H, hipMemcpyHostToDevice));
  /* zero sizes copy nothing and succeed, NULL pointers and all */
  MT_CHECK(hipMemcpy2D(NULL, 0, NULL, 0, 0, H, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy2D(NULL, 0, NULL, 0, 64, 0, hipMemcpyHostToDevice));
  MT_CHECK(hipFree(dev));
}

static void test_negative_array_regions(void **state) {
  (void)state;
  fill_host();
  hipArray_t array, bytes;
  MT_CHECK(hipMallocArray(&array, &float_desc, W, H, hipArrayDefault));
  size_t row = sizeof host_in[0];
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2DToArray(array, 4, 0, host_in, row, row, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2DToArray(array, 0, 1, host_in, row, row, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidPitchValue,
            hipMemcpy2DToArray(array, 0, 0, host_in, 0, row, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2DToArray(array, 0, 0, NULL, row, row, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidHandle,
            hipMemcpy2DToArray(NULL, 0, 0, host_in, row, row, H, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidHandle,
            hipMemcpy2DFromArray(host_out, row, NULL, 0, 0, row, H, hipMemcpyDeviceToHost));
  /* a width of less than one element copies nothing and is refused (clr's region is 0) */
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy2DToArray(array, 0, 0, host_in, row, 2, 1, hipMemcpyHostToDevice));
  /* hipMemcpy3D: one of array and pointer on each side, elements of one size */
  const hipChannelFormatDesc uchar_desc = {8, 0, 0, 0, hipChannelFormatKindUnsigned};
  MT_CHECK(hipMallocArray(&bytes, &uchar_desc, W, H, hipArrayDefault));
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcArray = array;
  p.dstArray = bytes;
  p.extent = make_hipExtent(4, 1, 1);
  p.kind = hipMemcpyDeviceToDevice;
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy3D(&p));
  p.dstArray = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy3D(&p)); /* no destination */
  p.dstPtr = make_hipPitchedPtr(host_out, 8, 16, 1);
  MT_EXPECT(hipErrorInvalidPitchValue, hipMemcpy3D(&p)); /* pitch under xsize */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy3D(NULL));
  /* a freed array */
  MT_CHECK(hipFreeArray(bytes));
  p.dstPtr = make_hipPitchedPtr(host_out, row, W, H);
  p.srcArray = bytes;
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy3D(&p));
  assert_int_equal(host_out[0][0], 0);
  MT_CHECK(hipFreeArray(array));
}

/* ---- streams and capture ---- */

static void test_async_forms_and_capture(void **state) {
  (void)state;
  fill_host();
  hipStream_t stream;
  hipArray_t array;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipMallocArray(&array, &float_desc, W, H, hipArrayDefault));
  size_t row = sizeof host_in[0];
  MT_CHECK(
      hipMemcpy2DToArrayAsync(array, 0, 0, host_in, row, row, H, hipMemcpyHostToDevice, stream));
  MT_CHECK(
      hipMemcpy2DFromArrayAsync(host_out, row, array, 0, 0, row, H, hipMemcpyDeviceToHost, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_memory_equal(host_out, host_in, sizeof host_in);
  /* while the stream captures, its copies are captured, not run; a synchronous copy is
     refused and invalidates the capture (ROCm's CHECK_STREAM_CAPTURING) */
  memset(host_out, 0, sizeof host_out);
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(
      hipMemcpy2DFromArrayAsync(host_out, row, array, 0, 0, row, H, hipMemcpyDeviceToHost, stream));
  assert_int_equal(host_out[1][1], 0);
  MT_EXPECT(hipErrorStreamCaptureImplicit,
            hipMemcpy2DFromArray(host_out, row, array, 0, 0, row, H, hipMemcpyDeviceToHost));
  hipGraph_t graph = NULL;
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(stream, &graph));
  MT_CHECK(hipFreeArray(array));
  MT_CHECK(hipStreamDestroy(stream));
}

int main(void) {
  const struct CMUnitTest copies[] = {
      MT_CLEAN_TEST(test_malloc_pitch_pads_rows),
      MT_CLEAN_TEST(test_memcpy_2d_through_pitched_memory),
      MT_CLEAN_TEST(test_2d_to_and_from_an_array),
      MT_CLEAN_TEST(test_array_to_array_and_device),
      MT_CLEAN_TEST(test_memcpy_to_and_from_array_by_count),
      MT_CLEAN_TEST(test_memcpy_3d_slices),
      MT_CLEAN_TEST(test_vmm_memory_needs_access),
      MT_CLEAN_TEST(test_async_forms_and_capture),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_negative_pitches_and_kinds),
      MT_CLEAN_TEST(test_negative_array_regions),
  };
  return cmocka_run_group_tests_name("arrays_copy", copies, NULL, NULL) +
         cmocka_run_group_tests_name("arrays_copy_negative", negative, NULL, NULL);
}
