/*
 * test_textures.cpp: texture objects, made on the host and read by kernels on the CPU, with
 * the exact values each rule gives: tex1Dfetch of linear memory (0 past its ends), point
 * sampling under each address mode with normalized coordinates, wrap and mirror clamped without
 * them, linear filtering with its 8-bit fraction and the border's black, 2D over an array and
 * over pitched memory, trilinear tex3D, tex2Dgather's order and its missing channel, read modes
 * (elements, normalized unsigned and signed, halves, a missing channel's 0 and alpha 1), the
 * driver API's flags, the descriptions given back, the live-object count and hipDeviceReset;
 * then every refusal with its code.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
}

#include <cstring>
#include <vector>

/* ---- kernels: one read per thread ---- */

__global__ void fetch_floats(hipTextureObject_t t, int first, float *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(t, first + i);
}

__global__ void sample_1d(hipTextureObject_t t, const float *xs, float *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex1D<float>(t, xs[i]);
}

__global__ void sample_1d_int4(hipTextureObject_t t, const float *xs, int4 *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex1D<int4>(t, xs[i]);
}

__global__ void sample_1d_float4(hipTextureObject_t t, const float *xs, float4 *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex1D<float4>(t, xs[i]);
}

__global__ void sample_2d(hipTextureObject_t t, const float2 *xy, float *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

__global__ void sample_3d(hipTextureObject_t t, const float4 *xyz, float *out, int n) {
  int i = (int)threadIdx.x;
  if (i < n)
    out[i] = tex3D<float>(t, xyz[i].x, xyz[i].y, xyz[i].z);
}

__global__ void gather_2d(hipTextureObject_t t, float x, float y, int comp, float4 *out) {
  *out = tex2Dgather<float4>(t, x, y, comp);
}

/* ---- helpers ---- */

template <class T> static T *to_device(const std::vector<T> &host) {
  void *p = nullptr;
  MT_CHECK(hipMalloc(&p, host.size() * sizeof(T)));
  MT_CHECK(hipMemcpy(p, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return static_cast<T *>(p);
}

template <class T> static std::vector<T> from_device(T *device, size_t count) {
  std::vector<T> host(count);
  MT_CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  MT_CHECK(hipFree(device));
  return host;
}

template <class T> static T *device_out(size_t count) {
  void *p = nullptr;
  MT_CHECK(hipMalloc(&p, count * sizeof(T)));
  return static_cast<T *>(p);
}

static hipTextureDesc texture_desc(hipTextureAddressMode mode, hipTextureFilterMode filter,
                                   hipTextureReadMode read, int normalized) {
  hipTextureDesc d;
  memset(&d, 0, sizeof d);
  d.addressMode[0] = d.addressMode[1] = d.addressMode[2] = mode;
  d.filterMode = filter;
  d.readMode = read;
  d.normalizedCoords = normalized;
  return d;
}

static hipResourceDesc array_resource(hipArray_t array) {
  hipResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = hipResourceTypeArray;
  r.res.array.array = array;
  return r;
}

/* A 1D array of the values in `host` (element type T, described by desc). */
template <class T>
static hipArray_t array_1d(const std::vector<T> &host, hipChannelFormatDesc desc) {
  hipArray_t a = nullptr;
  MT_CHECK(hipMallocArray(&a, &desc, host.size(), 0, hipArrayDefault));
  MT_CHECK(hipMemcpy2DToArray(a, 0, 0, host.data(), host.size() * sizeof(T),
                              host.size() * sizeof(T), 1, hipMemcpyHostToDevice));
  return a;
}

static std::vector<float> run_1d(hipTextureObject_t t, const std::vector<float> &xs) {
  float *in = to_device(xs), *out = device_out<float>(xs.size());
  hipLaunchKernelGGL(sample_1d, dim3(1), dim3((unsigned)xs.size()), 0, 0, t, in, out,
                     (int)xs.size());
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipFree(in));
  return from_device(out, xs.size());
}

static std::vector<float> run_2d(hipTextureObject_t t, const std::vector<float2> &xy) {
  float2 *in = to_device(xy);
  float *out = device_out<float>(xy.size());
  hipLaunchKernelGGL(sample_2d, dim3(1), dim3((unsigned)xy.size()), 0, 0, t, in, out,
                     (int)xy.size());
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipFree(in));
  return from_device(out, xy.size());
}

static void expect_floats(const std::vector<float> &got, const std::vector<float> &want) {
  assert_int_equal(got.size(), want.size());
  for (size_t i = 0; i < want.size(); i++) {
    if (got[i] != want[i])
      fail_msg("read %zu: %.9g, expected %.9g", i, (double)got[i], (double)want[i]);
  }
}

static const hipChannelFormatDesc one_float = {32, 0, 0, 0, hipChannelFormatKindFloat};
static const std::vector<float> tens = {10, 20, 30, 40};

/* ---- reads ---- */

static void test_fetch_linear(void **state) {
  (void)state;
  std::vector<float> values = {1.5f, -2, 3, 4.25f, 5, 6, 7, 8};
  float *memory = to_device(values);
  hipResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = hipResourceTypeLinear;
  r.res.linear.devPtr = memory;
  r.res.linear.desc = one_float;
  r.res.linear.sizeInBytes = values.size() * sizeof(float);
  /* a linear resource ignores filter and address modes (clr) */
  hipTextureDesc d =
      texture_desc(hipAddressModeWrap, hipFilterModeLinear, hipReadModeElementType, 1);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  float *out = device_out<float>(10);
  hipLaunchKernelGGL(fetch_floats, dim3(1), dim3(10), 0, 0, t, -1, out, 10);
  MT_CHECK(hipDeviceSynchronize());
  expect_floats(from_device(out, 10), {0, 1.5f, -2, 3, 4.25f, 5, 6, 7, 8, 0});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFree(memory));
}

/* texel floor(4x) of 4, through each mode: -1.2 -> -2, 0.4 -> 0, 2.4 -> 2, 4.4 -> 4, 7.6 -> 7 */
static void test_point_address_modes(void **state) {
  (void)state;
  hipArray_t a = array_1d(tens, one_float);
  hipResourceDesc r = array_resource(a);
  const std::vector<float> xs = {-0.3f, 0.1f, 0.6f, 1.1f, 1.9f};
  struct {
    hipTextureAddressMode mode;
    std::vector<float> want;
  } modes[] = {{hipAddressModeWrap, {30, 10, 30, 10, 40}},
               {hipAddressModeClamp, {10, 10, 30, 40, 40}},
               {hipAddressModeMirror, {20, 10, 30, 40, 10}},
               {hipAddressModeBorder, {0, 10, 30, 0, 0}}};
  for (auto &m : modes) {
    hipTextureDesc d = texture_desc(m.mode, hipFilterModePoint, hipReadModeElementType, 1);
    hipTextureObject_t t = nullptr;
    MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
    expect_floats(run_1d(t, xs), m.want);
    MT_CHECK(hipDestroyTextureObject(t));
  }
  /* without normalized coordinates wrap is clamp (clr): texels -1, 0, 3, 5 */
  hipTextureDesc d =
      texture_desc(hipAddressModeWrap, hipFilterModePoint, hipReadModeElementType, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {-0.5f, 0.99f, 3.5f, 5.5f}), {10, 10, 40, 40});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
}

static void test_linear_filtering(void **state) {
  (void)state;
  hipArray_t a = array_1d(tens, one_float);
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModeLinear, hipReadModeElementType, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  /* 1.25: a quarter of texel 0, three of 1; 1 + 1/3: the fraction .8333 kept as 213/256 */
  expect_floats(run_1d(t, {0.5f, 1.25f, 1.0f + 1.0f / 3.0f, 0.0f, 4.0f}),
                {10, 17.5f, 10 + 10 * (213.0f / 256.0f), 10, 40});
  MT_CHECK(hipDestroyTextureObject(t));
  d.addressMode[0] = hipAddressModeBorder; /* half of texel 0 and half of the black border */
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {0.0f, 4.0f, 2.0f}), {5, 20, 25});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
}

/* 4 x 3 floats, value 10 * row + column */
static hipArray_t grid_array() {
  std::vector<float> v(12);
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 4; x++)
      v[(size_t)(y * 4 + x)] = (float)(10 * y + x);
  hipArray_t a = nullptr;
  MT_CHECK(hipMallocArray(&a, &one_float, 4, 3, hipArrayDefault));
  MT_CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), 4 * sizeof(float), 4 * sizeof(float), 3,
                              hipMemcpyHostToDevice));
  return a;
}

static void test_2d_point_and_bilinear(void **state) {
  (void)state;
  hipArray_t a = grid_array();
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModePoint, hipReadModeElementType, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_2d(t, {{1.5f, 2.5f}, {3.9f, 0.1f}, {-3, 9}, {9, -1}}), {21, 3, 20, 3});
  MT_CHECK(hipDestroyTextureObject(t));
  d.filterMode = hipFilterModeLinear;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  /* (1, 1): the four around it equally; (2.25, 1.5): row 1, a quarter of column 2 */
  expect_floats(run_2d(t, {{1, 1}, {2.25f, 1.5f}}), {5.5f, 11.75f});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
}

static void test_pitch2d(void **state) {
  (void)state;
  const size_t pitch = 256, width = 5, height = 3;
  std::vector<unsigned char> host(pitch * height, 0xff);
  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++) {
      float v = (float)(100 * y + x);
      memcpy(&host[y * pitch + x * sizeof(float)], &v, sizeof v);
    }
  unsigned char *memory = to_device(host);
  hipResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = hipResourceTypePitch2D;
  r.res.pitch2D.devPtr = memory;
  r.res.pitch2D.desc = one_float;
  r.res.pitch2D.width = width;
  r.res.pitch2D.height = height;
  r.res.pitch2D.pitchInBytes = pitch;
  hipTextureDesc d =
      texture_desc(hipAddressModeWrap, hipFilterModePoint, hipReadModeElementType, 1);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  /* normalized: x 0.5 -> texel 2, 1.1 -> 5.5 -> 0 (wrapped); y 0.9 -> 2, -0.1 -> -0.3 -> 2 */
  expect_floats(run_2d(t, {{0.5f, 0.9f}, {1.1f, 0.5f}, {0.99f, -0.1f}}), {202, 100, 204});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFree(memory));
}

static void test_3d_trilinear(void **state) {
  (void)state;
  std::vector<float> v = {0, 1, 2, 3, 4, 5, 6, 7}; /* 2 x 2 x 2 */
  hipArray_t a = nullptr;
  MT_CHECK(hipMalloc3DArray(&a, &one_float, make_hipExtent(2, 2, 2), 0));
  hipMemcpy3DParms p{};
  p.srcPtr = make_hipPitchedPtr(v.data(), 2 * sizeof(float), 2, 2);
  p.dstArray = a;
  p.extent = make_hipExtent(2, 2, 2);
  p.kind = hipMemcpyHostToDevice;
  MT_CHECK(hipMemcpy3D(&p));
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModeLinear, hipReadModeElementType, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  std::vector<float4> xyz = {{1, 1, 1, 0}, {0.5f, 1.5f, 1.5f, 0}, {1.5f, 0.5f, 1.25f, 0}};
  float4 *in = to_device(xyz);
  float *out = device_out<float>(3);
  hipLaunchKernelGGL(sample_3d, dim3(1), dim3(3), 0, 0, t, in, out, 3);
  MT_CHECK(hipDeviceSynchronize());
  /* the mean of all 8; texel (0, 1, 1) = 6; x 1, y 0, z a quarter: 1 + 4 * 0.75 */
  expect_floats(from_device(out, 3), {3.5f, 6, 4});
  MT_CHECK(hipFree(in));
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
}

static void test_gather(void **state) {
  (void)state;
  /* 4 x 4 float2: channel 0 = index, channel 1 = 100 + index */
  std::vector<float2> v(16);
  for (int i = 0; i < 16; i++)
    v[(size_t)i] = make_float2((float)i, (float)(100 + i));
  hipChannelFormatDesc desc = {32, 32, 0, 0, hipChannelFormatKindFloat};
  hipArray_t a = nullptr;
  MT_CHECK(hipMallocArray(&a, &desc, 4, 4, hipArrayTextureGather));
  MT_CHECK(hipMemcpy2DToArray(a, 0, 0, v.data(), 4 * sizeof(float2), 4 * sizeof(float2), 4,
                              hipMemcpyHostToDevice));
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeWrap, hipFilterModePoint, hipReadModeElementType, 1);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  float4 *out = device_out<float4>(1);
  /* at the corner of texels (1, 2) and (2, 3): (x1, y3), (x2, y3), (x2, y2), (x1, y2) */
  hipLaunchKernelGGL(gather_2d, dim3(1), dim3(1), 0, 0, t, 0.5f, 0.75f, 1, out);
  MT_CHECK(hipDeviceSynchronize());
  float4 g = from_device(out, 1)[0];
  expect_floats({g.x, g.y, g.z, g.w}, {113, 114, 110, 109});
  out = device_out<float4>(1);
  hipLaunchKernelGGL(gather_2d, dim3(1), dim3(1), 0, 0, t, 0, 0, 0,
                     out); /* wraps to texels 3 and 0 */
  MT_CHECK(hipDeviceSynchronize());
  g = from_device(out, 1)[0];
  expect_floats({g.x, g.y, g.z, g.w}, {3, 0, 12, 15});
  out = device_out<float4>(1);
  hipLaunchKernelGGL(gather_2d, dim3(1), dim3(1), 0, 0, t, 0.5f, 0.5f, 3,
                     out); /* no such channel: 0 */
  MT_CHECK(hipDeviceSynchronize());
  g = from_device(out, 1)[0];
  expect_floats({g.x, g.y, g.z, g.w}, {0, 0, 0, 0});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
}

static void test_read_modes(void **state) {
  (void)state;
  /* unsigned bytes normalized to [0, 1] */
  hipArray_t a = array_1d(std::vector<unsigned char>{0, 51, 255, 128},
                          hipCreateChannelDesc(8, 0, 0, 0, hipChannelFormatKindUnsigned));
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModePoint, hipReadModeNormalizedFloat, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {0.5f, 1.5f, 2.5f, 3.5f}), {0, 0.2f, 1, 128.0f / 255.0f});
  MT_CHECK(hipDestroyTextureObject(t));
  /* ... and filtered as floats */
  d.filterMode = hipFilterModeLinear;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {1.0f}), {0.1f});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
  /* signed shorts: -32768 and -32767 both -1 */
  a = array_1d(std::vector<short>{-32768, -32767, 32767, 0},
               hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindSigned));
  r = array_resource(a);
  d.filterMode = hipFilterModePoint;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {0.5f, 1.5f, 2.5f, 3.5f}), {-1, -1, 1, 0});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
  /* halves are floats in either mode */
  hipArray_t h = nullptr;
  HIP_ARRAY_DESCRIPTOR hd = {3, 0, HIP_AD_FORMAT_HALF, 1};
  MT_CHECK(hipArrayCreate(&h, &hd));
  std::vector<unsigned short> halves = {0x3c00, 0xc000, 0x3555};
  MT_CHECK(hipMemcpy2DToArray(h, 0, 0, halves.data(), 6, 6, 1, hipMemcpyHostToDevice));
  r = array_resource(h);
  d.readMode = hipReadModeElementType;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  expect_floats(run_1d(t, {0.5f, 1.5f, 2.5f}), {1, -2, 0.333251953125f});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(h));
}

static void test_elements_and_missing_channels(void **state) {
  (void)state;
  /* one 32-bit unsigned channel read as int4: (v, 0, 0, 1) */
  hipArray_t a = array_1d(std::vector<unsigned>{7, 4000000000u},
                          hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindUnsigned));
  hipResourceDesc r = array_resource(a);
  /* 32-bit integers are never normalized (clr) */
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModePoint, hipReadModeNormalizedFloat, 0);
  hipTextureObject_t t = nullptr;
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  std::vector<float> xs = {0.5f, 1.5f};
  float *in = to_device(xs);
  int4 *out = device_out<int4>(2);
  hipLaunchKernelGGL(sample_1d_int4, dim3(1), dim3(2), 0, 0, t, in, out, 2);
  MT_CHECK(hipDeviceSynchronize());
  std::vector<int4> got = from_device(out, 2);
  assert_int_equal(got[0].x, 7);
  assert_int_equal((unsigned)got[1].x, 4000000000u);
  assert_int_equal(got[0].y, 0);
  assert_int_equal(got[0].z, 0);
  assert_int_equal(got[0].w, 1);
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
  /* uchar4 normalized into float4, channel by channel */
  hipChannelFormatDesc c4 = hipCreateChannelDesc(8, 8, 8, 8, hipChannelFormatKindUnsigned);
  a = array_1d(std::vector<uchar4>{make_uchar4(0, 255, 51, 102)}, c4);
  r = array_resource(a);
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  float4 *out4 = device_out<float4>(1);
  hipLaunchKernelGGL(sample_1d_float4, dim3(1), dim3(1), 0, 0, t, in, out4, 1);
  MT_CHECK(hipDeviceSynchronize());
  float4 f = from_device(out4, 1)[0];
  expect_floats({f.x, f.y, f.z, f.w}, {0, 1, 0.2f, 0.4f});
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFreeArray(a));
  MT_CHECK(hipFree(in));
}

/* ---- the objects themselves ---- */

static void test_descriptions_and_driver_api(void **state) {
  (void)state;
  hipArray_t a = array_1d(tens, one_float);
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeMirror, hipFilterModeLinear, hipReadModeElementType, 1);
  d.borderColor[2] = 0.5f;
  struct hipResourceViewDesc view;
  memset(&view, 0, sizeof view);
  view.format = hipResViewFormatFloat1;
  view.width = 4;
  hipTextureObject_t t = nullptr;
  size_t live = mockhip_live_objects();
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, &view));
  assert_int_equal(mockhip_live_objects(), live + 1);
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  MT_CHECK(mockhip_stats(&stats));
  assert_int_equal(stats.live_textures, 1);
  hipResourceDesc r2;
  hipTextureDesc d2;
  struct hipResourceViewDesc v2;
  MT_CHECK(hipGetTextureObjectResourceDesc(&r2, t));
  MT_CHECK(hipGetTextureObjectTextureDesc(&d2, t));
  MT_CHECK(hipGetTextureObjectResourceViewDesc(&v2, t));
  assert_memory_equal(&r2, &r, sizeof r);
  assert_memory_equal(&d2, &d, sizeof d);
  assert_memory_equal(&v2, &view, sizeof view);
  MT_CHECK(hipDestroyTextureObject(t));
  assert_int_equal(mockhip_live_objects(), live);
  MT_EXPECT(hipGetTextureObjectTextureDesc(&d2, t), hipErrorInvalidValue); /* stale */
  MT_EXPECT(hipDestroyTextureObject(t), hipErrorInvalidValue);
  MT_CHECK(hipDestroyTextureObject(nullptr));
  /* the driver API: flags say integer reads and normalized coordinates */
  HIP_RESOURCE_DESC dr;
  memset(&dr, 0, sizeof dr);
  dr.resType = HIP_RESOURCE_TYPE_ARRAY;
  dr.res.array.hArray = a;
  HIP_TEXTURE_DESC dd;
  memset(&dd, 0, sizeof dd);
  dd.addressMode[0] = HIP_TR_ADDRESS_MODE_WRAP;
  dd.flags = HIP_TRSF_READ_AS_INTEGER | HIP_TRSF_NORMALIZED_COORDINATES;
  MT_CHECK(hipTexObjectCreate(&t, &dr, &dd, nullptr));
  MT_CHECK(hipGetTextureObjectTextureDesc(&d2, t));
  assert_int_equal(d2.readMode, hipReadModeElementType);
  assert_int_equal(d2.normalizedCoords, 1);
  expect_floats(run_1d(t, {1.1f}), {10}); /* wrapped: texel 4 is texel 0 */
  MT_CHECK(hipTexObjectDestroy(t));
  dd.flags = 0; /* normalized floats, texel coordinates: clamped */
  MT_CHECK(hipTexObjectCreate(&t, &dr, &dd, nullptr));
  MT_CHECK(hipGetTextureObjectTextureDesc(&d2, t));
  assert_int_equal(d2.readMode, hipReadModeNormalizedFloat);
  expect_floats(run_1d(t, {9.0f}), {40});
  MT_CHECK(hipTexObjectDestroy(t));
  /* hipDeviceReset takes the device's texture objects with its memory */
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  MT_CHECK(hipDeviceReset());
  MT_CHECK(mockhip_stats(&stats));
  assert_int_equal(stats.live_textures, 0);
  MT_EXPECT(hipDestroyTextureObject(t), hipErrorInvalidValue);
}

static void test_refusals(void **state) {
  (void)state;
  hipArray_t a = array_1d(tens, one_float);
  hipResourceDesc r = array_resource(a);
  hipTextureDesc d =
      texture_desc(hipAddressModeClamp, hipFilterModePoint, hipReadModeElementType, 0);
  hipTextureObject_t t = nullptr;
  MT_EXPECT(hipCreateTextureObject(nullptr, &r, &d, nullptr), hipErrorInvalidValue);
  MT_EXPECT(hipCreateTextureObject(&t, nullptr, &d, nullptr), hipErrorInvalidValue);
  MT_EXPECT(hipCreateTextureObject(&t, &r, nullptr, nullptr), hipErrorInvalidValue);
  MT_EXPECT(hipTexObjectCreate(&t, nullptr, nullptr, nullptr), hipErrorInvalidValue);
  hipResourceDesc bad = r;
  bad.res.array.array = nullptr;
  MT_EXPECT(hipCreateTextureObject(&t, &bad, &d, nullptr), hipErrorInvalidValue);
  bad.resType = hipResourceTypeMipmappedArray;
  MT_EXPECT(hipCreateTextureObject(&t, &bad, &d, nullptr), hipErrorNotSupported);
  bad.resType = (hipResourceType)7;
  MT_EXPECT(hipCreateTextureObject(&t, &bad, &d, nullptr), hipErrorInvalidValue);
  hipTextureDesc dd = d;
  dd.maxAnisotropy = 2;
  MT_EXPECT(hipCreateTextureObject(&t, &r, &dd, nullptr), hipErrorNotSupported);
  dd = d;
  dd.mipmapLevelBias = 1;
  MT_EXPECT(hipCreateTextureObject(&t, &r, &dd, nullptr), hipErrorNotSupported);
  struct hipResourceViewDesc view;
  memset(&view, 0, sizeof view);
  view.format = hipResViewFormatUnsignedInt2; /* another format than the array's */
  MT_EXPECT(hipCreateTextureObject(&t, &r, &d, &view), hipErrorNotSupported);
  /* linear memory: a view, a NULL or unaligned pointer, too many elements, no format */
  float *memory = device_out<float>(64);
  hipResourceDesc lin;
  memset(&lin, 0, sizeof lin);
  lin.resType = hipResourceTypeLinear;
  lin.res.linear.devPtr = memory;
  lin.res.linear.desc = one_float;
  lin.res.linear.sizeInBytes = 256;
  MT_EXPECT(hipCreateTextureObject(&t, &lin, &d, &view), hipErrorInvalidValue);
  lin.res.linear.devPtr = memory + 1;
  MT_EXPECT(hipCreateTextureObject(&t, &lin, &d, nullptr), hipErrorInvalidValue);
  lin.res.linear.devPtr = nullptr;
  MT_EXPECT(hipCreateTextureObject(&t, &lin, &d, nullptr), hipErrorInvalidValue);
  lin.res.linear.devPtr = memory;
  lin.res.linear.sizeInBytes = ((size_t)1 << 27) * sizeof(float);
  MT_EXPECT(hipCreateTextureObject(&t, &lin, &d, nullptr), hipErrorInvalidValue);
  lin.res.linear.sizeInBytes = 256;
  lin.res.linear.desc = hipCreateChannelDesc(32, 32, 32, 0, hipChannelFormatKindFloat);
  MT_EXPECT(hipCreateTextureObject(&t, &lin, &d, nullptr), hipErrorInvalidValue);
  /* pitched memory: the pitch a multiple of 256, sizes within 16384 */
  hipResourceDesc pitched;
  memset(&pitched, 0, sizeof pitched);
  pitched.resType = hipResourceTypePitch2D;
  pitched.res.pitch2D.devPtr = memory;
  pitched.res.pitch2D.desc = one_float;
  pitched.res.pitch2D.width = 4;
  pitched.res.pitch2D.height = 1;
  pitched.res.pitch2D.pitchInBytes = 128;
  MT_EXPECT(hipCreateTextureObject(&t, &pitched, &d, nullptr), hipErrorInvalidValue);
  pitched.res.pitch2D.pitchInBytes = 256;
  pitched.res.pitch2D.width = 16384;
  MT_EXPECT(hipCreateTextureObject(&t, &pitched, &d, nullptr), hipErrorInvalidValue);
  /* linear filtering of integers read as integers */
  hipArray_t ints = array_1d(std::vector<int>{1, 2},
                             hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindSigned));
  hipResourceDesc ri = array_resource(ints);
  dd = d;
  dd.filterMode = hipFilterModeLinear;
  MT_EXPECT(hipCreateTextureObject(&t, &ri, &dd, nullptr), hipErrorNotSupported);
  /* a freed array, and a layered one */
  MT_CHECK(hipFreeArray(ints));
  MT_EXPECT(hipCreateTextureObject(&t, &ri, &d, nullptr), hipErrorInvalidValue);
  hipArray_t layered = nullptr;
  MT_CHECK(hipMalloc3DArray(&layered, &one_float, make_hipExtent(4, 0, 2), hipArrayLayered));
  hipResourceDesc rl = array_resource(layered);
  MT_EXPECT(hipCreateTextureObject(&t, &rl, &d, nullptr), hipErrorNotSupported);
  MT_CHECK(hipFreeArray(layered));
  /* the queries */
  hipResourceDesc out;
  MT_EXPECT(hipGetTextureObjectResourceDesc(&out, nullptr), hipErrorInvalidValue);
  MT_CHECK(hipCreateTextureObject(&t, &r, &d, nullptr));
  MT_EXPECT(hipGetTextureObjectResourceDesc(nullptr, t), hipErrorInvalidValue);
  MT_EXPECT(hipGetTextureObjectTextureDesc(nullptr, t), hipErrorInvalidValue);
  MT_EXPECT(hipGetTextureObjectResourceViewDesc(nullptr, t), hipErrorInvalidValue);
  MT_EXPECT(hipGetTextureObjectResourceDesc(&out, (hipTextureObject_t)(uintptr_t)0x1234),
            hipErrorInvalidValue);
  MT_CHECK(hipDestroyTextureObject(t));
  MT_CHECK(hipFree(memory));
  MT_CHECK(hipFreeArray(a));
}

int main() {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_fetch_linear),
      MT_CLEAN_TEST(test_point_address_modes),
      MT_CLEAN_TEST(test_linear_filtering),
      MT_CLEAN_TEST(test_2d_point_and_bilinear),
      MT_CLEAN_TEST(test_pitch2d),
      MT_CLEAN_TEST(test_3d_trilinear),
      MT_CLEAN_TEST(test_gather),
      MT_CLEAN_TEST(test_read_modes),
      MT_CLEAN_TEST(test_elements_and_missing_channels),
      MT_CLEAN_TEST(test_descriptions_and_driver_api),
      MT_CLEAN_TEST(test_refusals),
  };
  return cmocka_run_group_tests_name("textures", tests, nullptr, nullptr);
}
