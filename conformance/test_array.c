/*
 * test_array.c: arrays, pitched memory and their copies as clr has them
 * (hip_memory.cpp: hipMallocArray, ihipArrayCreate, ihipArrayDestroy,
 * ihipMallocPitch, ihipMemcpy2D, hipMemcpy2DValidate*, ihipMemcpy3D_validate;
 * hip_conversions.hpp: CheckArrayFormat), and the mipmapped arrays ROCm on
 * Linux does not make.
 *
 * A device without images (hipDeviceAttributeImageSupport 0, an MI300 say)
 * refuses every array with hipErrorNotSupported in ROCm: the rules that need an
 * array skip there, saying so (mockhip makes arrays on such a device all the
 * same). hip-nvidia answers these calls as the CUDA runtime and driver do, not
 * as clr (hipFreeArray(NULL) succeeds, mipmapped arrays are made): every rule
 * skips on it, and its translation is checked against the fake driver
 * (realhip/nvidia/tests, areas array and copy_2d3d).
 * Each rule frees what it made before it asserts.
 */
#include "conformance.h"

#include <string.h>

#define W 16 /* floats a row */
#define H 4  /* rows */

static const hipChannelFormatDesc float_desc = {32, 0, 0, 0, hipChannelFormatKindFloat};

static conf_ctx *begin(void **state) {
  conf_ctx *ctx = conf_begin(state);
#if defined(HIPVMM_HIP_NVIDIA)
  conf_skip("these rules are clr's; hip-nvidia answers arrays, pitched memory and their copies "
            "as the CUDA runtime and driver do");
#endif
  return ctx;
}

/* The array every functional rule copies through: W x H floats, or a skip where the device
   has no images and ROCm refuses it. */
static hipArray_t make_array(const hipChannelFormatDesc *desc, hipExtent extent) {
  hipArray_t array = NULL;
  hipError_t status = hipMalloc3DArray(&array, desc, extent, hipArrayDefault);
  int images = -1;
  if (status == hipErrorNotSupported &&
      hipDeviceGetAttribute(&images, hipDeviceAttributeImageSupport, 0) == hipSuccess &&
      images == 0)
    conf_skip("device 0 has no images (hipDeviceAttributeImageSupport 0): ROCm makes no arrays "
              "there (clr ihipImageCreate)");
  assert_hip(status, hipSuccess);
  return array;
}

static void fill(float rows[H][W]) {
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      rows[y][x] = (float)(y * 1000 + x);
}

/* ---- negative ---- */

static void malloc_array_rejects_null(void **state) {
  (void)begin(state);
  hipArray_t array = NULL;
  assert_hip(hipMallocArray(NULL, &float_desc, W, H, hipArrayDefault), hipErrorInvalidValue);
  assert_hip(hipMallocArray(&array, NULL, W, H, hipArrayDefault), hipErrorInvalidValue);
  assert_hip(hipArray3DCreate(&array, NULL), hipErrorInvalidValue);
  assert_null(array);
}

static void malloc_array_rejects_bad_channels(void **state) {
  (void)begin(state);
  hipArray_t array = NULL;
  const hipChannelFormatDesc empty = {0, 0, 0, 0, hipChannelFormatKindNone};
  const hipChannelFormatDesc mixed = {32, 8, 0, 0, hipChannelFormatKindFloat};
  const hipChannelFormatDesc three = {32, 32, 32, 0, hipChannelFormatKindFloat};
  assert_hip(hipMallocArray(&array, &empty, W, H, hipArrayDefault), hipErrorInvalidValue);
  assert_hip(hipMallocArray(&array, &mixed, W, H, hipArrayDefault), hipErrorInvalidValue);
  assert_hip(hipMallocArray(&array, &three, W, H, hipArrayDefault), hipErrorInvalidValue);
  assert_null(array);
}

static void array_create_rejects_cubemaps(void **state) {
  (void)begin(state);
  hipArray_t array = NULL;
  HIP_ARRAY3D_DESCRIPTOR cube = {W, W, 6, HIP_AD_FORMAT_FLOAT, 1, hipArrayCubemap};
  HIP_ARRAY3D_DESCRIPTOR three = {W, H, 0, HIP_AD_FORMAT_FLOAT, 3, hipArrayDefault};
  assert_hip(hipArray3DCreate(&array, &cube), hipErrorInvalidValue);
  assert_hip(hipArray3DCreate(&array, &three), hipErrorInvalidValue);
  assert_null(array);
}

static void free_array_rejects_null(void **state) {
  (void)begin(state);
  assert_hip(hipFreeArray(NULL), hipErrorInvalidValue);
  assert_hip(hipArrayDestroy(NULL), hipErrorInvalidValue);
}

static void malloc_pitch_rejects_null(void **state) {
  (void)begin(state);
  void *ptr = NULL;
  size_t pitch = 0;
  assert_hip(hipMallocPitch(NULL, &pitch, 64, H), hipErrorInvalidValue);
  assert_hip(hipMallocPitch(&ptr, NULL, 64, H), hipErrorInvalidValue);
  assert_hip(hipMalloc3D(NULL, make_hipExtent(64, H, 1)), hipErrorInvalidValue);
}

static void memcpy_2d_rejects_pitch_and_kind(void **state) {
  conf_ctx *ctx = begin(state);
  float host[H][W];
  fill(host);
  void *dev = conf_malloc(ctx, sizeof host);
  assert_hip(hipMemcpy2D(dev, sizeof host[0] / 2, host, sizeof host[0], sizeof host[0], H,
                         hipMemcpyHostToDevice),
             hipErrorInvalidPitchValue);
  assert_hip(
      hipMemcpy2D(dev, sizeof host[0], host, sizeof host[0], sizeof host[0], H, (hipMemcpyKind)7),
      hipErrorInvalidMemcpyDirection);
}

static void memcpy_3d_rejects_bad_parms(void **state) {
  (void)begin(state);
  float host[H][W];
  fill(host);
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  assert_hip(hipMemcpy3D(NULL), hipErrorInvalidValue);
  p.srcPtr = make_hipPitchedPtr(host, sizeof host[0], sizeof host[0], H);
  p.extent = make_hipExtent(sizeof host[0], H, 1);
  p.kind = hipMemcpyHostToHost;
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue); /* no destination */
  p.dstPtr = make_hipPitchedPtr(host, 8, sizeof host[0], H);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidPitchValue); /* pitch under xsize */
}

static void mipmapped_arrays_reject_null(void **state) {
  (void)begin(state);
  hipArray_t level = NULL;
  assert_hip(hipMallocMipmappedArray(NULL, &float_desc, make_hipExtent(W, W, 0), 1, 0),
             hipErrorInvalidValue);
  assert_hip(hipFreeMipmappedArray(NULL), hipErrorInvalidValue);
  assert_hip(hipGetMipmappedArrayLevel(&level, NULL, 0), hipErrorInvalidHandle);
}

/* ---- functional ---- */

static void malloc_pitch_round_trip(void **state) {
  conf_ctx *ctx = begin(state);
  float in[H][W], out[H][W];
  fill(in);
  memset(out, 0, sizeof out);
  void *dev = NULL;
  size_t pitch = 0;
  assert_hip(hipMallocPitch(&dev, &pitch, sizeof in[0], H), hipSuccess);
  ctx->mallocs[ctx->malloc_count++] = dev; /* the teardown's hipFree */
  assert_true(pitch >= sizeof in[0]);
  assert_hip(hipMemcpy2D(dev, pitch, in, sizeof in[0], sizeof in[0], H, hipMemcpyHostToDevice),
             hipSuccess);
  assert_hip(hipMemcpy2D(out, sizeof out[0], dev, pitch, sizeof out[0], H, hipMemcpyDeviceToHost),
             hipSuccess);
  assert_memory_equal(out, in, sizeof in);
  hipPitchedPtr p;
  assert_hip(hipMalloc3D(&p, make_hipExtent(sizeof in[0], H, 2)), hipSuccess);
  ctx->mallocs[ctx->malloc_count++] = p.ptr;
  assert_true(p.pitch >= sizeof in[0]);
  assert_int_equal(p.xsize, sizeof in[0]);
  assert_int_equal(p.ysize, H);
}

static void array_round_trip_2d(void **state) {
  (void)begin(state);
  float in[H][W], out[H][W];
  fill(in);
  memset(out, 0, sizeof out);
  hipArray_t array = make_array(&float_desc, make_hipExtent(W, H, 0));
  hipError_t to =
      hipMemcpy2DToArray(array, 0, 0, in, sizeof in[0], sizeof in[0], H, hipMemcpyHostToDevice);
  hipError_t from = hipMemcpy2DFromArray(out, sizeof out[0], array, 0, 0, sizeof out[0], H,
                                         hipMemcpyDeviceToHost);
  hipError_t past =
      hipMemcpy2DToArray(array, 4, 0, in, sizeof in[0], sizeof in[0], H, hipMemcpyHostToDevice);
  assert_hip(hipFreeArray(array), hipSuccess);
  assert_hip(to, hipSuccess);
  assert_hip(from, hipSuccess);
  assert_hip(past, hipErrorInvalidValue); /* clr hipMemcpy2DValidateArray */
  assert_memory_equal(out, in, sizeof in);
}

static void array_3d_slices_round_trip(void **state) {
  (void)begin(state);
  enum { D = 3 };
  static unsigned char in[D][H][W], out[D][H][W];
  for (size_t i = 0; i < sizeof in; i++)
    ((unsigned char *)in)[i] = (unsigned char)(i * 5 + 1);
  memset(out, 0, sizeof out);
  const hipChannelFormatDesc bytes = {8, 0, 0, 0, hipChannelFormatKindUnsigned};
  hipArray_t array = make_array(&bytes, make_hipExtent(W, H, D));
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(in, W, W, H);
  p.dstArray = array;
  p.extent = make_hipExtent(W, H, D);
  p.kind = hipMemcpyHostToDevice;
  hipError_t to = hipMemcpy3D(&p);
  memset(&p, 0, sizeof p);
  p.srcArray = array;
  p.srcPos = make_hipPos(0, 0, 2);
  p.dstPtr = make_hipPitchedPtr(out[2], W, W, H);
  p.extent = make_hipExtent(W, H, 1);
  p.kind = hipMemcpyDeviceToHost;
  hipError_t from = hipMemcpy3D(&p);
  assert_hip(hipFreeArray(array), hipSuccess);
  assert_hip(to, hipSuccess);
  assert_hip(from, hipSuccess);
  assert_memory_equal(out[2], in[2], sizeof in[2]);
  assert_int_equal(out[0][0][0], 0); /* only slice 2 came back */
}

static void freed_array_is_context_destroyed(void **state) {
  (void)begin(state);
  hipArray_t array = make_array(&float_desc, make_hipExtent(W, 0, 0));
  assert_hip(hipFreeArray(array), hipSuccess);
  assert_hip(hipFreeArray(array), hipErrorContextIsDestroyed); /* not in clr's set */
}

#if HIPVMM_HAS_ARRAY_GET_INFO
static void array_info_describes_the_array(void **state) {
  (void)begin(state);
  hipArray_t array = make_array(&float_desc, make_hipExtent(W, H, 0));
  hipChannelFormatDesc desc;
  hipExtent extent;
  unsigned int flags = 77;
  HIP_ARRAY_DESCRIPTOR d;
  hipError_t info = hipArrayGetInfo(&desc, &extent, &flags, array);
  hipError_t descriptor = hipArrayGetDescriptor(&d, array);
  assert_hip(hipFreeArray(array), hipSuccess);
  assert_hip(info, hipSuccess);
  assert_hip(descriptor, hipSuccess);
  assert_int_equal(desc.x, 32);
  assert_int_equal(desc.y, 0);
  assert_int_equal(desc.f, hipChannelFormatKindFloat);
  assert_int_equal(extent.width, W);
  assert_int_equal(extent.height, H);
  assert_int_equal(extent.depth, 0);
  assert_int_equal(flags, hipArrayDefault);
  assert_int_equal(d.Format, HIP_AD_FORMAT_FLOAT);
  assert_int_equal(d.NumChannels, 1);
  assert_int_equal(d.Width, W);
}
#else
static void array_info_describes_the_array(void **state) {
  (void)begin(state);
  conf_skip("the HIP %d.%d header declares no hipArrayGetInfo (ROCm 5.6 and later do)",
            HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}
#endif

static void mipmapped_arrays_are_not_supported(void **state) {
  (void)begin(state);
  hipMipmappedArray_t mipmap = NULL;
  hipError_t status =
      hipMallocMipmappedArray(&mipmap, &float_desc, make_hipExtent(W, W, 0), 2, hipArrayDefault);
  if (status == hipSuccess)
    (void)hipFreeMipmappedArray(mipmap);
  assert_hip(status, hipErrorNotSupported); /* clr ihipMipmapArrayCreate on Linux */
}

static const conf_rule negative_rules[] = {
    CONF_RULE(malloc_array_rejects_null, "clr hipMallocArray, hipArray3DCreate"),
    CONF_RULE(malloc_array_rejects_bad_channels, "clr CheckArrayFormat, ihipArrayCreate"),
    CONF_RULE(array_create_rejects_cubemaps, "clr ihipArrayCreate (no hipArrayCubemap)"),
    CONF_RULE(free_array_rejects_null, "clr ihipArrayDestroy"),
    CONF_RULE(malloc_pitch_rejects_null, "clr ihipMallocPitch, hipMalloc3D"),
    CONF_RULE(memcpy_2d_rejects_pitch_and_kind, "clr ihipMemcpy2D, hipMemcpy2DValidateParams"),
    CONF_RULE(memcpy_3d_rejects_bad_parms, "clr ihipMemcpy3D_validate"),
    CONF_RULE(mipmapped_arrays_reject_null,
              "clr hipMallocMipmappedArray, ihipMipmappedArrayDestroy, ..GetLevel"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(malloc_pitch_round_trip, "clr ihipMallocPitch, ihipMemcpy2D"),
    CONF_RULE(array_round_trip_2d, "clr hipMemcpy2DToArray_common, hipMemcpy2DFromArray_common"),
    CONF_RULE(array_3d_slices_round_trip, "clr ihipMemcpy3D, getDrvMemcpy3DDesc"),
    CONF_RULE(freed_array_is_context_destroyed, "clr ihipArrayDestroy (hipArraySet)"),
    CONF_RULE(array_info_describes_the_array, "clr hipArrayGetInfo, hipArrayGetDescriptor"),
    CONF_RULE(mipmapped_arrays_are_not_supported,
              "clr ihipMipmapArrayCreate (cl_khr_mipmap_image)"),
};

const conf_group conf_group_array_negative = CONF_GROUP("array_negative", negative_rules);
const conf_group conf_group_array = CONF_GROUP("array", functional_rules);
