/*
 * test_textures_c.c: texture objects from C, through the driver API's
 * descriptions (hipTexObjectCreate: HIP_RESOURCE_DESC, HIP_TEXTURE_DESC,
 * HIP_RESOURCE_VIEW_DESC), read back through the runtime API's
 * (hipGetTextureObjectResourceDesc): linear and 2D pitched memory keep their
 * pointers, sizes and formats, as clr's getResourceDesc turns them.
 */
#include "mock_test.h"

#include <string.h>

static void test_driver_descriptions_read_back(void **state) {
  (void)state;
  unsigned char *dev;
  MT_CHECK(hipMalloc((void **)&dev, 1024));
  HIP_RESOURCE_DESC r;
  memset(&r, 0, sizeof r);
  r.resType = HIP_RESOURCE_TYPE_LINEAR;
  r.res.linear.devPtr = dev;
  r.res.linear.format = HIP_AD_FORMAT_FLOAT;
  r.res.linear.numChannels = 2;
  r.res.linear.sizeInBytes = 1024;
  HIP_TEXTURE_DESC t;
  memset(&t, 0, sizeof t);
  t.addressMode[0] = HIP_TR_ADDRESS_MODE_CLAMP;
  t.filterMode = HIP_TR_FILTER_MODE_POINT;
  hipTextureObject_t linear, pitched;
  MT_CHECK(hipTexObjectCreate(&linear, &r, &t, NULL));
  hipResourceDesc back;
  MT_CHECK(hipGetTextureObjectResourceDesc(&back, linear));
  assert_int_equal(back.resType, hipResourceTypeLinear);
  assert_ptr_equal(back.res.linear.devPtr, dev);
  assert_int_equal(back.res.linear.sizeInBytes, 1024);
  assert_int_equal(back.res.linear.desc.x, 32);
  assert_int_equal(back.res.linear.desc.y, 32);
  assert_int_equal(back.res.linear.desc.z, 0);
  assert_int_equal(back.res.linear.desc.f, hipChannelFormatKindFloat);

  memset(&r, 0, sizeof r);
  r.resType = HIP_RESOURCE_TYPE_PITCH2D;
  r.res.pitch2D.devPtr = dev;
  r.res.pitch2D.format = HIP_AD_FORMAT_UNSIGNED_INT8;
  r.res.pitch2D.numChannels = 4;
  r.res.pitch2D.width = 16;
  r.res.pitch2D.height = 4;
  r.res.pitch2D.pitchInBytes = 256;
  HIP_RESOURCE_VIEW_DESC view;
  memset(&view, 0, sizeof view);
  view.format = HIP_RES_VIEW_FORMAT_UINT_4X8;
  view.width = 16;
  view.height = 4;
  /* clr: a resource view is for an array's resource only. */
  MT_EXPECT(hipErrorInvalidValue, hipTexObjectCreate(&pitched, &r, &t, &view));
  MT_CHECK(hipTexObjectCreate(&pitched, &r, &t, NULL));
  MT_CHECK(hipGetTextureObjectResourceDesc(&back, pitched));
  assert_int_equal(back.resType, hipResourceTypePitch2D);
  assert_int_equal(back.res.pitch2D.width, 16);
  assert_int_equal(back.res.pitch2D.pitchInBytes, 256);
  assert_int_equal(back.res.pitch2D.desc.w, 8);
  assert_int_equal(back.res.pitch2D.desc.f, hipChannelFormatKindUnsigned);
  MT_CHECK(hipTexObjectDestroy(pitched));
  MT_CHECK(hipTexObjectDestroy(linear));
  MT_CHECK(hipFree(dev));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_driver_descriptions_read_back),
  };
  return cmocka_run_group_tests_name("textures_c", tests, NULL, NULL);
}
