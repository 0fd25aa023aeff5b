/*
 * test_pointer_attribute.c: hipPointerGetAttribute and
 * hipDrvPointerGetAttributes (clr ihipPointerGetAttributes): each attribute
 * of device, host, managed and VMM memory and of an array's handle, in the
 * width ROCm writes it; the defaults and hipErrorInvalidValue for memory of
 * no object, hipErrorNotSupported for what ROCm does not support; the Drv
 * form answering every attribute and succeeding whatever each one found.
 * Runs with two devices.
 */
#include "mock_test.h"

#include <string.h>

static hipError_t get(void *data, hipPointer_attribute which, const void *ptr) {
  return hipPointerGetAttribute(data, which, (hipDeviceptr_t)ptr);
}

static void test_device_memory(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(1));
  char *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 1000));
  MT_CHECK(hipSetDevice(0));
  uint32_t type = 0, id1 = 0, id2 = 0, bytes = 0;
  void *pointer = NULL;
  int ordinal = -1;
  bool flag = false;
  MT_CHECK(get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, dev + 10));
  assert_int_equal(type, hipMemoryTypeDevice);
  MT_CHECK(get(&pointer, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, dev + 10));
  assert_ptr_equal(pointer, dev + 10);
  MT_CHECK(get(&pointer, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, dev + 10));
  assert_ptr_equal(pointer, dev);
  MT_CHECK(get(&bytes, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, dev + 10));
  assert_int_equal(bytes, 1000);
  MT_CHECK(get(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, dev));
  assert_int_equal(ordinal, 1);
  flag = true;
  MT_CHECK(get(&flag, HIP_POINTER_ATTRIBUTE_IS_MANAGED, dev));
  assert_false(flag);
  MT_CHECK(get(&flag, HIP_POINTER_ATTRIBUTE_MAPPED, dev));
  assert_true(flag);
  pointer = dev;
  MT_EXPECT(hipErrorInvalidValue, get(&pointer, HIP_POINTER_ATTRIBUTE_HOST_POINTER, dev));
  assert_null(pointer);
  /* a buffer id no later allocation shares */
  MT_CHECK(get(&id1, HIP_POINTER_ATTRIBUTE_BUFFER_ID, dev));
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipMalloc((void **)&dev, 1000));
  MT_CHECK(get(&id2, HIP_POINTER_ATTRIBUTE_BUFFER_ID, dev));
  assert_int_not_equal(id1, id2);
  MT_CHECK(hipFree(dev));
  /* freed: no object */
  MT_EXPECT(hipErrorInvalidValue, get(&pointer, HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, dev));
}

static void test_host_and_managed_memory(void **state) {
  (void)state;
  char *host = NULL, *managed = NULL;
  MT_CHECK(hipHostMalloc((void **)&host, 64, hipHostMallocMapped));
  MT_CHECK(hipMallocManaged((void **)&managed, 64, hipMemAttachGlobal));
  uint32_t type = 0, flags = 0;
  void *pointer = NULL;
  bool managed_flag = false;
  MT_CHECK(get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, host));
  assert_int_equal(type, hipMemoryTypeHost);
  MT_CHECK(get(&pointer, HIP_POINTER_ATTRIBUTE_HOST_POINTER, host + 3));
  assert_ptr_equal(pointer, host + 3);
  MT_CHECK(get(&flags, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, host));
  assert_int_equal(flags, hipHostMallocMapped);
  MT_CHECK(get(&managed_flag, HIP_POINTER_ATTRIBUTE_IS_MANAGED, host));
  assert_false(managed_flag);
  MT_CHECK(get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, managed)); /* fine-grained: host */
  assert_int_equal(type, hipMemoryTypeHost);
  MT_CHECK(get(&managed_flag, HIP_POINTER_ATTRIBUTE_IS_MANAGED, managed));
  assert_true(managed_flag);
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipFree(managed));
}

static void test_vmm_memory(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), 2 * mt_granularity());
  uint32_t type = 0, bytes = 0;
  void *pointer = NULL;
  int ordinal = -1;
  char *at = (char *)m.base + 100;
  MT_CHECK(get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, at));
  assert_int_equal(type, hipMemoryTypeDevice);
  MT_CHECK(get(&pointer, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, at));
  assert_ptr_equal(pointer, m.base);
  MT_CHECK(get(&bytes, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, at));
  assert_int_equal(bytes, mt_granularity());
  MT_CHECK(get(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, at));
  assert_int_equal(ordinal, 0);
  /* reserved but not mapped: no object */
  MT_EXPECT(hipErrorInvalidValue,
            get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, (char *)m.base + mt_granularity()));
  assert_int_equal(type, 0);
  mt_mapping_destroy(&m);
}

static void test_array_and_unknown_memory(void **state) {
  (void)state;
  hipChannelFormatDesc desc = hipCreateChannelDesc(8, 0, 0, 0, hipChannelFormatKindUnsigned);
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &desc, 16, 16, hipArrayDefault));
  uint32_t type = 0, flags = 7;
  MT_CHECK(get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, array));
  assert_int_equal(type, hipMemoryTypeArray);
  MT_CHECK(hipFreeArray(array));

  char stack[16];
  int ordinal = 0;
  uint32_t bytes = 5;
  void *pointer = stack;
  MT_EXPECT(hipErrorInvalidValue, get(&ordinal, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, stack));
  assert_int_equal(ordinal, -2);
  MT_EXPECT(hipErrorInvalidValue, get(&bytes, HIP_POINTER_ATTRIBUTE_RANGE_SIZE, stack));
  assert_int_equal(bytes, 0);
  MT_EXPECT(hipErrorInvalidValue, get(&pointer, HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, stack));
  assert_null(pointer);
  MT_CHECK(get(&flags, HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, stack)); /* 0, and no error */
  assert_int_equal(flags, 0);
  MT_EXPECT(hipErrorInvalidValue, get(NULL, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, stack));
  MT_EXPECT(hipErrorInvalidValue, get(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, NULL));
  MT_EXPECT(hipErrorNotSupported, get(&pointer, HIP_POINTER_ATTRIBUTE_CONTEXT, stack));
  MT_EXPECT(hipErrorNotSupported, get(&pointer, HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE, stack));
  MT_EXPECT(hipErrorInvalidValue, get(&pointer, (hipPointer_attribute)99, stack));
}

static void test_drv_pointer_get_attributes(void **state) {
  (void)state;
  char *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 256));
  uint32_t type = 0, bytes = 0;
  int ordinal = -1;
  void *context = &type;
  hipPointer_attribute which[] = {
      HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, HIP_POINTER_ATTRIBUTE_CONTEXT, /* not supported: skipped */
      HIP_POINTER_ATTRIBUTE_RANGE_SIZE, HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  void *data[] = {&type, &context, &bytes, &ordinal};
  MT_CHECK(hipDrvPointerGetAttributes(4, which, data, dev));
  assert_int_equal(type, hipMemoryTypeDevice);
  assert_int_equal(bytes, 256);
  assert_int_equal(ordinal, 0);
  assert_ptr_equal(context, &type);
  char stack[4];
  MT_CHECK(hipDrvPointerGetAttributes(4, which, data, stack)); /* the defaults, and success */
  assert_int_equal(type, 0);
  assert_int_equal(bytes, 0);
  assert_int_equal(ordinal, -2);
  MT_EXPECT(hipErrorInvalidValue, hipDrvPointerGetAttributes(0, which, data, dev));
  MT_EXPECT(hipErrorInvalidValue, hipDrvPointerGetAttributes(4, NULL, data, dev));
  MT_EXPECT(hipErrorInvalidValue, hipDrvPointerGetAttributes(4, which, NULL, dev));
  MT_EXPECT(hipErrorInvalidValue, hipDrvPointerGetAttributes(4, which, data, NULL));
  data[2] = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipDrvPointerGetAttributes(4, which, data, dev));
  MT_CHECK(hipFree(dev));
}

static void test_pointer_set_attribute(void **state) {
  (void)state;
  char *dev = NULL;
  MT_CHECK(hipMalloc((void **)&dev, 64));
  bool sync = true;
  MT_CHECK(get(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev));
  assert_false(sync);
  unsigned one = 1, two = 2;
  MT_CHECK(hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev + 8));
  MT_CHECK(get(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev));
  assert_true(sync);
  MT_EXPECT(hipErrorInvalidValue,
            hipPointerSetAttribute(&two, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev));
  MT_EXPECT(hipErrorInvalidValue,
            hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, dev));
  MT_EXPECT(hipErrorInvalidValue,
            hipPointerSetAttribute(NULL, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, dev));
  char stack[4];
  MT_EXPECT(hipErrorInvalidDevicePointer,
            hipPointerSetAttribute(&one, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, stack));
  MT_CHECK(hipFree(dev));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_device_memory),
      MT_CLEAN_TEST(test_host_and_managed_memory),
      MT_CLEAN_TEST(test_vmm_memory),
      MT_CLEAN_TEST(test_array_and_unknown_memory),
      MT_CLEAN_TEST(test_drv_pointer_get_attributes),
      MT_CLEAN_TEST(test_pointer_set_attribute),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
