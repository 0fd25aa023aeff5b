/*
 * test_device_settings.c: what a device keeps of its settings and what it refuses: limits
 * (hipDeviceGetLimit/SetLimit), the cache and shared-memory configurations, the device flags
 * (hipSetDeviceFlags, hipCtxCreate), hipChooseDevice, hipDeviceGetByPCIBusId, and streams with
 * a compute-unit mask. Runs with two devices.
 */
#include "mock_test.h"

/* hipCtxCreate sets a device's flags: ROCm marks the context calls deprecated. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <stdlib.h>
#include <string.h>

#define DEVICES 2
#define SENTINEL 0xa5a5a5a5u

/* ---- limits ---- */

static size_t limit_of(enum hipLimit_t limit) {
  size_t value = 0;
  MT_CHECK(hipDeviceGetLimit(&value, limit));
  return value;
}

static void test_limit_defaults(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++) {
    MT_CHECK(hipSetDevice(device));
    assert_int_equal(limit_of(hipLimitStackSize), 1024);
    assert_int_equal(limit_of(hipLimitMallocHeapSize), 8 * MT_MIB);
    assert_int_equal(limit_of(hipExtLimitScratchMin), 0);
    assert_int_equal(limit_of(hipExtLimitScratchMax), 4 * MT_GIB);
    assert_int_equal(limit_of(hipExtLimitScratchCurrent), 4 * MT_GIB);
  }
  MT_CHECK(hipSetDevice(0));
}

/* Each device keeps its own, the stack in 16-byte steps. */
static void test_limits_are_kept_per_device(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 1000));
  MT_CHECK(hipDeviceSetLimit(hipLimitMallocHeapSize, 3 * MT_MIB));
  MT_CHECK(hipDeviceSetLimit(hipExtLimitScratchCurrent, MT_MIB));
  assert_int_equal(limit_of(hipLimitStackSize), 1008);
  assert_int_equal(limit_of(hipLimitMallocHeapSize), 3 * MT_MIB);
  assert_int_equal(limit_of(hipExtLimitScratchCurrent), MT_MIB);
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(limit_of(hipLimitStackSize), 1024);
  assert_int_equal(limit_of(hipLimitMallocHeapSize), 8 * MT_MIB);
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 0));
  assert_int_equal(limit_of(hipLimitStackSize), 0);
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 128 * MT_KIB - 16)); /* the most there is */
  assert_int_equal(limit_of(hipLimitStackSize), 128 * MT_KIB - 16);
  MT_CHECK(hipSetDevice(1));
  assert_int_equal(limit_of(hipLimitStackSize), 1008);
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 1024));
  MT_CHECK(hipDeviceSetLimit(hipLimitMallocHeapSize, 8 * MT_MIB));
  MT_CHECK(hipDeviceSetLimit(hipExtLimitScratchCurrent, 4 * MT_GIB));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 1024));
}

static void test_limits_refused(void **state) {
  (void)state;
  size_t value = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetLimit(NULL, hipLimitStackSize));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetLimit(&value, hipLimitRange));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetLimit(&value, (enum hipLimit_t)0xffff));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceGetLimit(&value, hipLimitPrintfFifoSize));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceGetLimit(&value, (enum hipLimit_t) - 1));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceGetLimit(&value, (enum hipLimit_t)0xff));
  assert_int_equal(value, 77);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetLimit((enum hipLimit_t)0xffff, 1));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceSetLimit((enum hipLimit_t) - 1, 1024));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceSetLimit(hipLimitPrintfFifoSize, 1024));
  MT_EXPECT(hipErrorUnsupportedLimit, hipDeviceSetLimit(hipExtLimitScratchMax, 1024));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetLimit(hipLimitStackSize, 128 * MT_KIB - 15));
  size_t total = 0;
  MT_CHECK(hipDeviceTotalMem(&total, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetLimit(hipLimitMallocHeapSize, total));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetLimit(hipExtLimitScratchCurrent, 4 * MT_GIB + 1));
  /* nothing changed */
  assert_int_equal(limit_of(hipLimitStackSize), 1024);
  assert_int_equal(limit_of(hipLimitMallocHeapSize), 8 * MT_MIB);
  assert_int_equal(limit_of(hipExtLimitScratchCurrent), 4 * MT_GIB);
}

/* ---- cache and shared-memory configurations ---- */

static void test_configs_are_accepted_not_kept(void **state) {
  (void)state;
  hipFuncCache_t cache = (hipFuncCache_t)-7;
  MT_CHECK(hipDeviceGetCacheConfig(&cache));
  assert_int_equal(cache, hipFuncCachePreferNone);
  for (int c = hipFuncCachePreferNone; c <= hipFuncCachePreferEqual; c++) {
    MT_CHECK(hipDeviceSetCacheConfig((hipFuncCache_t)c));
    MT_CHECK(hipDeviceGetCacheConfig(&cache));
    assert_int_equal(cache, hipFuncCachePreferNone);
  }
  hipSharedMemConfig banks = (hipSharedMemConfig)-7;
  MT_CHECK(hipDeviceGetSharedMemConfig(&banks));
  assert_int_equal(banks, hipSharedMemBankSizeFourByte);
  for (int c = hipSharedMemBankSizeDefault; c <= hipSharedMemBankSizeEightByte; c++) {
    MT_CHECK(hipDeviceSetSharedMemConfig((hipSharedMemConfig)c));
    MT_CHECK(hipDeviceGetSharedMemConfig(&banks));
    assert_int_equal(banks, hipSharedMemBankSizeFourByte);
  }
}

static void test_configs_refused(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetCacheConfig(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetSharedMemConfig(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetCacheConfig((hipFuncCache_t)-1));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetCacheConfig((hipFuncCache_t)4));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetSharedMemConfig((hipSharedMemConfig)-1));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetSharedMemConfig((hipSharedMemConfig)3));
  /* not while a stream captures */
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipDeviceSetCacheConfig(hipFuncCachePreferL1));
  MT_EXPECT(hipErrorStreamCaptureUnsupported,
            hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte));
  hipGraph_t graph;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferL1));
}

static void kernel_stub(void) {}

static void test_function_configs(void **state) {
  (void)state;
  const void *func = (const void *)kernel_stub;
  for (int c = hipFuncCachePreferNone; c <= hipFuncCachePreferEqual; c++)
    MT_CHECK(hipFuncSetCacheConfig(func, (hipFuncCache_t)c));
  for (int c = hipSharedMemBankSizeDefault; c <= hipSharedMemBankSizeEightByte; c++)
    MT_CHECK(hipFuncSetSharedMemConfig(func, (hipSharedMemConfig)c));
  MT_EXPECT(hipErrorInvalidDeviceFunction, hipFuncSetCacheConfig(NULL, hipFuncCachePreferL1));
  MT_EXPECT(hipErrorInvalidDeviceFunction, hipFuncSetCacheConfig(NULL, (hipFuncCache_t)9));
  MT_EXPECT(hipErrorInvalidValue, hipFuncSetCacheConfig(func, (hipFuncCache_t)4));
  MT_EXPECT(hipErrorInvalidValue, hipFuncSetCacheConfig(func, (hipFuncCache_t)-1));
  MT_EXPECT(hipErrorInvalidDeviceFunction,
            hipFuncSetSharedMemConfig(NULL, hipSharedMemBankSizeFourByte));
  MT_EXPECT(hipErrorInvalidValue, hipFuncSetSharedMemConfig(func, (hipSharedMemConfig)3));
  /* the device's answers do not change */
  hipFuncCache_t cache;
  MT_CHECK(hipDeviceGetCacheConfig(&cache));
  assert_int_equal(cache, hipFuncCachePreferNone);
}

/* ---- device flags ---- */

static unsigned flags_now(void) {
  unsigned flags = SENTINEL;
  MT_CHECK(hipGetDeviceFlags(&flags));
  return flags;
}

static void test_device_flags(void **state) {
  (void)state;
  assert_int_equal(flags_now(), hipDeviceScheduleSpin); /* ROCm's default */
  /* Only the schedule is kept; each device has its own. */
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync | hipDeviceMapHost |
                             hipDeviceLmemResizeToMax));
  assert_int_equal(flags_now(), hipDeviceScheduleBlockingSync);
  MT_CHECK(hipSetDeviceFlags(hipDeviceLmemResizeToMax));
  assert_int_equal(flags_now(), hipDeviceScheduleAuto);
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(flags_now(), hipDeviceScheduleSpin);
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleYield));
  assert_int_equal(flags_now(), hipDeviceScheduleYield);
  /* hipCtxCreate's flags become the device's, unchecked */
  hipCtx_t ctx;
  MT_CHECK(hipCtxCreate(&ctx, hipDeviceScheduleBlockingSync | hipDeviceMapHost, 1));
  MT_CHECK(hipSetDevice(1));
  assert_int_equal(flags_now(), hipDeviceScheduleBlockingSync | hipDeviceMapHost);
  MT_CHECK(hipCtxPopCurrent(&ctx));
  MT_CHECK(hipCtxDestroy(ctx));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleSpin));
}

/* hipDeviceReset gives the device ROCm's default flags back and keeps its limits. */
static void test_reset_restores_flags_not_limits(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 4096));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleYield));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipDeviceReset());
  assert_int_equal(flags_now(), hipDeviceScheduleSpin);
  assert_int_equal(limit_of(hipLimitStackSize), 4096);
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 1024));
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(flags_now(), hipDeviceScheduleYield); /* another device's stay */
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleSpin));
}

static void test_device_flags_refused(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidValue, hipGetDeviceFlags(NULL));
  /* 0x16, ROCm 6's hipDeviceLmemResizeToMax, names Yield and BlockingSync. */
  const unsigned bad[] = {0x3, 0x5, 0x6, 0x7, 0x20, 0xffff, 0x16};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    MT_EXPECT(hipErrorInvalidValue, hipSetDeviceFlags(bad[i]));
  assert_int_equal(flags_now(), hipDeviceScheduleSpin);
}

/* ---- choosing a device, PCI bus ids ---- */

static void test_choose_device(void **state) {
  (void)state;
  hipDeviceProp_t have, want;
  MT_CHECK(hipGetDeviceProperties(&have, 1));
  memset(&want, 0, sizeof want);
  int device = -1;
  MT_CHECK(hipChooseDevice(&device, &want)); /* nothing asked: device 0 */
  assert_int_equal(device, 0);
  want.major = have.major;
  want.multiProcessorCount = have.multiProcessorCount;
  want.warpSize = have.warpSize;
  device = -1;
  MT_CHECK(hipChooseDevice(&device, &want)); /* every device meets it: the first */
  assert_int_equal(device, 0);
  want.totalGlobalMem = have.totalGlobalMem + 1; /* none meets it: device 0 still */
  device = -1;
  MT_CHECK(hipChooseDeviceR0600(&device, &want));
  assert_int_equal(device, 0);
  MT_EXPECT(hipErrorInvalidValue, hipChooseDevice(NULL, &want));
  MT_EXPECT(hipErrorInvalidValue, hipChooseDevice(&device, NULL));
}

static void test_pci_bus_ids_round_trip(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++) {
    char id[16];
    MT_CHECK(hipDeviceGetPCIBusId(id, sizeof id, device));
    int found = -1;
    MT_CHECK(hipDeviceGetByPCIBusId(&found, id));
    assert_int_equal(found, device);
  }
  int found = 77;
  MT_CHECK(hipDeviceGetByPCIBusId(&found, "0000:02:00.0"));
  assert_int_equal(found, 1);
  found = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, "0000:03:00.0")); /* none */
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, "0000:01:00.1"));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, "0001:01:00.0"));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, "01:00.0"));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, ""));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(&found, NULL));
  assert_int_equal(found, 77);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetByPCIBusId(NULL, "0000:01:00.0"));
}

/* ---- streams with a compute-unit mask ---- */

/* The device's full mask: 304 units are 9 full words and 16 bits. */
static int full_mask(uint32_t *mask, int max_words) {
  hipDeviceProp_t props;
  MT_CHECK(hipGetDeviceProperties(&props, 0));
  int units = props.multiProcessorCount, words = (units + 31) / 32;
  assert_true(words <= max_words);
  for (int i = 0; i < words; i++) {
    int left = units - 32 * i;
    mask[i] = left >= 32 ? 0xffffffffu : (1u << left) - 1;
  }
  return words;
}

static void test_cu_masks(void **state) {
  (void)state;
  uint32_t full[16], got[16];
  int words = full_mask(full, 16);
  /* the null stream, the per-thread stream and an ordinary one: every unit */
  hipStream_t plain;
  MT_CHECK(hipStreamCreate(&plain));
  hipStream_t unmasked[] = {NULL, hipStreamPerThread, plain};
  for (size_t i = 0; i < 3; i++) {
    memset(got, 0xa5, sizeof got);
    MT_CHECK(hipExtStreamGetCUMask(unmasked[i], 16, got));
    assert_memory_equal(got, full, words * sizeof *got);
    assert_int_equal(got[words], SENTINEL); /* nothing past the device's words */
  }
  MT_CHECK(hipStreamDestroy(plain));
  /* a mask: ANDed with the device's, as long as the given mask */
  uint32_t mask[12] = {0x0000ffffu, 0xf0f0f0f0u};
  for (int i = 2; i < 12; i++)
    mask[i] = 0xffffffffu;
  hipStream_t stream;
  MT_CHECK(hipExtStreamCreateWithCUMask(&stream, 2, mask));
  memset(got, 0xa5, sizeof got);
  MT_CHECK(hipExtStreamGetCUMask(stream, (uint32_t)words, got));
  assert_int_equal(got[0], 0x0000ffffu);
  assert_int_equal(got[1], 0xf0f0f0f0u);
  assert_int_equal(got[2], SENTINEL);
  unsigned flags = 7;
  MT_CHECK(hipStreamGetFlags(stream, &flags));
  assert_int_equal(flags, hipStreamDefault);
  MT_CHECK(hipStreamDestroy(stream));
  /* longer than the device: cut to its units */
  MT_CHECK(hipExtStreamCreateWithCUMask(&stream, 12, mask));
  memset(got, 0xa5, sizeof got);
  MT_CHECK(hipExtStreamGetCUMask(stream, 16, got));
  assert_int_equal(got[0], 0x0000ffffu);
  assert_int_equal(got[words - 1], full[words - 1]);
  assert_int_equal(got[words], SENTINEL);
  MT_CHECK(hipStreamDestroy(stream));
  /* no unit of the device: every unit */
  uint32_t none[12] = {0};
  none[words] = 0xffffffffu; /* past the device */
  MT_CHECK(hipExtStreamCreateWithCUMask(&stream, 12, none));
  memset(got, 0xa5, sizeof got);
  MT_CHECK(hipExtStreamGetCUMask(stream, 16, got));
  assert_memory_equal(got, full, words * sizeof *got);
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_cu_masks_refused(void **state) {
  (void)state;
  uint32_t full[16], got[16], mask = 1;
  int words = full_mask(full, 16);
  hipStream_t stream = (hipStream_t)0x1;
  MT_EXPECT(hipErrorInvalidHandle, hipExtStreamCreateWithCUMask(NULL, 1, &mask));
  MT_EXPECT(hipErrorInvalidValue, hipExtStreamCreateWithCUMask(&stream, 0, &mask));
  MT_EXPECT(hipErrorInvalidValue, hipExtStreamCreateWithCUMask(&stream, 1, NULL));
  assert_ptr_equal(stream, (hipStream_t)0x1);
  memset(got, 0xa5, sizeof got);
  MT_EXPECT(hipErrorInvalidValue, hipExtStreamGetCUMask(NULL, 16, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipExtStreamGetCUMask(NULL, 0, got));
  MT_EXPECT(hipErrorInvalidValue, hipExtStreamGetCUMask(NULL, (uint32_t)words - 1, got));
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipExtStreamGetCUMask(stream, 16, got));
  assert_int_equal(got[0], SENTINEL);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_limit_defaults),
      MT_CLEAN_TEST(test_limits_are_kept_per_device),
      MT_CLEAN_TEST(test_configs_are_accepted_not_kept),
      MT_CLEAN_TEST(test_device_flags),
      MT_CLEAN_TEST(test_reset_restores_flags_not_limits),
      MT_CLEAN_TEST(test_choose_device),
      MT_CLEAN_TEST(test_pci_bus_ids_round_trip),
      MT_CLEAN_TEST(test_cu_masks),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_limits_refused),   MT_CLEAN_TEST(test_configs_refused),
      MT_CLEAN_TEST(test_function_configs), MT_CLEAN_TEST(test_device_flags_refused),
      MT_CLEAN_TEST(test_cu_masks_refused),
  };
  return cmocka_run_group_tests_name("device_settings", positive, NULL, NULL) +
         cmocka_run_group_tests_name("device_settings_negative", negative, NULL, NULL);
}
