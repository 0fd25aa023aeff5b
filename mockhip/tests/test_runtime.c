/*
 * test_runtime.c: the runtime calls around VMM: initialisation, devices,
 * attributes, peers, versions, and every copy and set entry point (the Async
 * forms run at once on the calling thread), and the address hint of a
 * reservation. Runs with two devices.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

static void test_init_and_devices(void **state) {
  (void)state;
  MT_CHECK(hipInit(0));
  int count = 0, device = -1;
  MT_CHECK(hipGetDeviceCount(&count));
  assert_int_equal(count, 2);
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipGetDevice(&device));
  assert_int_equal(device, 1);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipGetDevice(&device));
  assert_int_equal(device, 0);
  MT_CHECK(hipDeviceSynchronize());
}

static void test_attributes(void **state) {
  (void)state;
  int value = -1;
  MT_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeVirtualMemoryManagementSupported, 1));
  assert_int_equal(value, 1);
  MT_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeMemoryPoolsSupported, 0));
  assert_int_equal(value, 1); /* stream-ordered memory pools */
  MT_CHECK(hipDeviceGetAttribute(&value, hipDeviceAttributeHostRegisterSupported, 0));
  assert_int_equal(value, 1); /* hipHostRegister is emulated */
}

static void test_peers(void **state) {
  (void)state;
  int can = -1;
  MT_CHECK(hipDeviceCanAccessPeer(&can, 0, 1));
  assert_int_equal(can, 1);
  MT_CHECK(hipDeviceCanAccessPeer(&can, 1, 1));
  assert_int_equal(can, 0);
}

static void test_versions(void **state) {
  (void)state;
  int driver = 0, runtime = 0;
  MT_CHECK(hipDriverGetVersion(&driver));
  MT_CHECK(hipRuntimeGetVersion(&runtime));
  assert_int_equal(driver, HIP_VERSION);
  assert_int_equal(runtime, HIP_VERSION);
}

/* The driver API's error texts (clr hip_error.cpp): hipGetErrorName's and hipGetErrorString's,
   and hipErrorInvalidValue for a value that names no error. */
static void test_driver_error_strings(void **state) {
  (void)state;
  const char *text = NULL;
  MT_CHECK(hipDrvGetErrorString(hipErrorOutOfMemory, &text));
  assert_string_equal(text, hipGetErrorString(hipErrorOutOfMemory));
  MT_CHECK(hipDrvGetErrorName(hipErrorOutOfMemory, &text));
  assert_string_equal(text, "hipErrorOutOfMemory");
  MT_CHECK(hipDrvGetErrorName(hipErrorUnknown, &text));
  assert_string_equal(text, "hipErrorUnknown");
  MT_EXPECT(hipErrorInvalidValue, hipDrvGetErrorString((hipError_t)12345, &text));
  assert_string_equal(text, "unknown error");
  MT_EXPECT(hipErrorInvalidValue, hipDrvGetErrorName((hipError_t)12345, &text));
  assert_string_equal(text, "hipErrorUnknown");
  MT_EXPECT(hipErrorInvalidValue, hipDrvGetErrorString(hipSuccess, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDrvGetErrorName(hipSuccess, NULL));
}

/* hipFreeHost, ROCm's deprecated name, frees as hipHostFree does. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void test_free_host(void **state) {
  (void)state;
  void *pinned = NULL;
  MT_CHECK(hipHostMalloc(&pinned, 256, 0));
  size_t live = mockhip_live_objects();
  MT_CHECK(hipFreeHost(pinned));
  assert_int_equal(mockhip_live_objects(), live - 1);
  MT_EXPECT(hipErrorInvalidValue, hipFreeHost(pinned)); /* freed already */
  MT_CHECK(hipFreeHost(NULL));
}
#pragma GCC diagnostic pop

/* Device 0 and device 1 both get ReadWrite on one mapping. */
static void map_for_both(mt_mapping *m) {
  mt_mapping_create(m, mt_granularity(), mt_granularity());
  mt_set_access(m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  mt_set_access(m, hipMemLocationTypeDevice, 1, hipMemAccessFlagsProtReadWrite);
}

static void test_every_copy_form(void **state) {
  (void)state;
  mt_mapping m;
  map_for_both(&m);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  char *dev = m.base;
  char in[64], out[64];
  for (int i = 0; i < 64; i++)
    in[i] = (char)i;

  MT_CHECK(hipMemcpyHtoD(dev, in, 64));
  MT_CHECK(hipMemcpyDtoD(dev + 64, dev, 64));
  MT_CHECK(hipMemcpyDtoH(out, dev + 64, 64));
  assert_memory_equal(in, out, 64);

  memset(out, 0, sizeof out);
  MT_CHECK(hipMemcpyHtoDAsync(dev + 128, in, 64, stream));
  MT_CHECK(hipMemcpyDtoDAsync(dev + 192, dev + 128, 64, stream));
  MT_CHECK(hipMemcpyDtoHAsync(out, dev + 192, 64, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_memory_equal(in, out, 64);

  memset(out, 0, sizeof out);
  MT_CHECK(hipMemcpyPeer(dev + 256, 1, dev, 0, 64));
  MT_CHECK(hipMemcpyPeerAsync(dev + 320, 0, dev + 256, 1, 64, stream));
  MT_CHECK(hipMemcpy(out, dev + 320, 64, hipMemcpyDeviceToHost));
  assert_memory_equal(in, out, 64);

  /* hipMemcpyDeviceToDeviceNoCU (1024) is a device-to-device copy. */
  MT_CHECK(hipMemcpy(dev + 384, dev, 64, (hipMemcpyKind)1024));
  MT_CHECK(hipMemcpy(out, dev + 384, 64, hipMemcpyDefault));
  assert_memory_equal(in, out, 64);

  MT_CHECK(hipStreamDestroy(stream));
  mt_mapping_destroy(&m);
}

static void test_every_set_form(void **state) {
  (void)state;
  mt_mapping m;
  map_for_both(&m);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  unsigned char *dev = m.base;
  unsigned char out[16];

  MT_CHECK(hipMemsetD8(dev, 0xab, 16));
  MT_CHECK(hipMemcpyDtoH(out, dev, 16));
  for (int i = 0; i < 16; i++)
    assert_int_equal(out[i], 0xab);

  MT_CHECK(hipMemsetD8Async(dev, 0x11, 16, stream));
  MT_CHECK(hipMemsetAsync(dev + 8, 0x22, 8, stream));
  MT_CHECK(hipMemcpyDtoH(out, dev, 16));
  assert_int_equal(out[7], 0x11);
  assert_int_equal(out[8], 0x22);

  uint32_t words[4];
  MT_CHECK(hipMemsetD32(dev, 0x01020304, 4));
  MT_CHECK(hipMemcpyDtoH(words, dev, sizeof words));
  for (int i = 0; i < 4; i++)
    assert_int_equal(words[i], 0x01020304);
  MT_CHECK(hipMemsetD32Async(dev + 4, 0x0a0b0c0d, 2, stream));
  MT_CHECK(hipMemcpyDtoH(words, dev, sizeof words));
  assert_int_equal(words[0], 0x01020304);
  assert_int_equal(words[1], 0x0a0b0c0d);
  assert_int_equal(words[2], 0x0a0b0c0d);
  assert_int_equal(words[3], 0x01020304);

  MT_CHECK(hipStreamDestroy(stream));
  mt_mapping_destroy(&m);
}

static void test_zero_sized_copies_do_nothing(void **state) {
  (void)state;
  MT_CHECK(hipMemcpy(NULL, NULL, 0, hipMemcpyHostToDevice));
  MT_CHECK(hipMemset(NULL, 0, 0));
  MT_CHECK(hipMemsetD32(NULL, 0, 0));
}

static void test_reserve_honours_a_free_hint(void **state) {
  (void)state;
  /* Find a free, 2 MiB aligned range, give it back, then ask for it by hint. */
  size_t bytes = 2 * MT_MIB;
  void *first = NULL, *again = NULL;
  MT_CHECK(hipMemAddressReserve(&first, bytes, bytes, NULL, 0));
  assert_int_equal((uintptr_t)first % bytes, 0);
  MT_CHECK(hipMemAddressFree(first, bytes));
  MT_CHECK(hipMemAddressReserve(&again, bytes, bytes, first, 0));
  assert_ptr_equal(again, first);
  /* A hint that is taken is a hint only: another address comes back. */
  void *other = NULL;
  MT_CHECK(hipMemAddressReserve(&other, bytes, 0, first, 0));
  assert_ptr_not_equal(other, first);
  MT_CHECK(hipMemAddressFree(other, bytes));
  MT_CHECK(hipMemAddressFree(again, bytes));
}

/* ---- negative ---- */

static void test_runtime_nulls_and_bad_devices(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidValue, hipInit(1));
  MT_EXPECT(hipErrorInvalidValue, hipGetDeviceCount(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGetDevice(NULL));
  MT_EXPECT(hipErrorInvalidDevice, hipSetDevice(2));
  int value = 0;
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceGetAttribute(NULL, hipDeviceAttributeVirtualMemoryManagementSupported, 0));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetAttribute(&value, hipDeviceAttributeVirtualMemoryManagementSupported, 2));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetAttribute(&value, hipDeviceAttributeUnused1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceCanAccessPeer(NULL, 0, 1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceCanAccessPeer(&value, 0, 2));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceCanAccessPeer(&value, -1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDriverGetVersion(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipRuntimeGetVersion(NULL));
}

static void test_copies_refuse_bad_arguments(void **state) {
  (void)state;
  mt_mapping m;
  map_for_both(&m);
  char host[16] = {0};
  char *dev = m.base;
  MT_EXPECT(hipErrorInvalidMemcpyDirection, hipMemcpy(dev, host, 16, (hipMemcpyKind)7));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoD(dev, NULL, 16));
  /* The device side of an explicit kind must be device memory. */
  char other[16];
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoD(other, host, 16));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyDtoH(host, other, 16));
  MT_EXPECT(hipErrorInvalidValue, hipMemsetD8(other, 0, 16));
  MT_EXPECT(hipErrorInvalidDevice, hipMemcpyPeer(dev, 2, dev + 64, 0, 16));
  MT_EXPECT(hipErrorInvalidDevice, hipMemcpyPeerAsync(dev, 0, dev + 64, -1, 16, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemsetD32(dev, 0, SIZE_MAX / 2));
  mt_mapping_destroy(&m);
}

static void test_async_forms_refuse_dead_streams(void **state) {
  (void)state;
  mt_mapping m;
  map_for_both(&m);
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  char host[16] = {0};
  char *dev = m.base;
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipMemcpyAsync(dev, host, 16, hipMemcpyHostToDevice, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemcpyHtoDAsync(dev, host, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemcpyDtoHAsync(host, dev, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemcpyDtoDAsync(dev, dev + 64, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemcpyPeerAsync(dev, 0, dev + 64, 1, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemsetAsync(dev, 0, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemsetD8Async(dev, 0, 16, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemsetD32Async(dev, 0, 4, stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamSynchronize(stream));
  MT_EXPECT(hipErrorInvalidHandle, hipStreamDestroy(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreate(NULL));
  mt_mapping_destroy(&m);
}

static void test_copy_needs_the_named_devices_access(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 1, hipMemAccessFlagsProtReadWrite);
  char host[16] = {1};
  /* The CPU could write (device 1 made the page writable), but device 0 may not. */
  MT_EXPECT(mt_copy_refusal(), hipMemcpyHtoD(m.base, host, 16));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMemcpyHtoD(m.base, host, 16));
  MT_CHECK(hipSetDevice(0));
  MT_EXPECT(mt_copy_refusal(), hipMemcpyPeer((char *)m.base + 16, 0, m.base, 1, 16));
  MT_CHECK(hipMemcpyPeer((char *)m.base + 16, 1, m.base, 1, 16));
  mt_mapping_destroy(&m);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_init_and_devices),
      MT_CLEAN_TEST(test_attributes),
      MT_CLEAN_TEST(test_peers),
      MT_CLEAN_TEST(test_versions),
      MT_CLEAN_TEST(test_driver_error_strings),
      MT_CLEAN_TEST(test_free_host),
      MT_CLEAN_TEST(test_every_copy_form),
      MT_CLEAN_TEST(test_every_set_form),
      MT_CLEAN_TEST(test_zero_sized_copies_do_nothing),
      MT_CLEAN_TEST(test_reserve_honours_a_free_hint),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_runtime_nulls_and_bad_devices),
      MT_CLEAN_TEST(test_copies_refuse_bad_arguments),
      MT_CLEAN_TEST(test_async_forms_refuse_dead_streams),
      MT_CLEAN_TEST(test_copy_needs_the_named_devices_access),
  };
  return cmocka_run_group_tests_name("runtime", positive, NULL, NULL) +
         cmocka_run_group_tests_name("runtime_negative", negative, NULL, NULL);
}
