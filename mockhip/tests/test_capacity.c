/*
 * test_capacity.c: MOCKHIP_DEVICE_MEMORY is a real per-device budget, spent
 * by hipMemCreate and hipMalloc, reported by hipMemGetInfo; host-located
 * memory spends none of it. main() sets the options before the first HIP
 * call, which is when the mock reads them.
 */
#include "mock_test.h"

#include <stdint.h>
#include <stdlib.h>

#define CAPACITY (64 * MT_MIB)

static size_t free_on(int device) {
  size_t free_bytes = 0, total = 0;
  MT_CHECK(hipSetDevice(device));
  MT_CHECK(hipMemGetInfo(&free_bytes, &total));
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(total, CAPACITY);
  return free_bytes;
}

static hipMemGenericAllocationHandle_t create(size_t bytes, hipMemAllocationProp prop) {
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  return handle;
}

/* A failed allocation must leave no object, no charge and no descriptor behind. */
typedef struct snapshot {
  size_t objects, physical, malloced, fds, free0;
} snapshot;

static snapshot snap(void) {
  mockhip_stats_t stats = mt_stats();
  return (snapshot){mockhip_live_objects(), stats.physical_bytes, stats.malloc_bytes, mt_open_fds(),
                    free_on(0)};
}

static void assert_unchanged(snapshot before) {
  snapshot after = snap();
  assert_int_equal(before.objects, after.objects);
  assert_int_equal(before.physical, after.physical);
  assert_int_equal(before.malloced, after.malloced);
  assert_int_equal(before.fds, after.fds);
  assert_int_equal(before.free0, after.free0);
}

static void test_get_info_reports_capacity(void **state) {
  (void)state;
  int devices = 0;
  MT_CHECK(hipGetDeviceCount(&devices));
  assert_int_equal(devices, 2);
  assert_int_equal(free_on(0), CAPACITY);
  assert_int_equal(free_on(1), CAPACITY);
}

static void test_create_charges_its_device(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = create(16 * MT_MIB, mt_prop_device(1));
  assert_int_equal(free_on(0), CAPACITY);
  assert_int_equal(free_on(1), CAPACITY - 16 * MT_MIB);
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(free_on(1), CAPACITY);
}

static void test_full_device_refuses_more(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t full = create(CAPACITY, mt_prop_device(0));
  assert_int_equal(free_on(0), 0);
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t more = NULL;
  snapshot before = snap();
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&more, mt_granularity(), &prop, 0));
  assert_unchanged(before);
  /* The other device has its own budget. */
  hipMemGenericAllocationHandle_t other = create(CAPACITY, mt_prop_device(1));
  MT_CHECK(hipMemRelease(other));
  MT_CHECK(hipMemRelease(full));
  assert_int_equal(free_on(0), CAPACITY);
}

static void test_mapped_memory_stays_charged(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = create(CAPACITY, mt_prop_device(0));
  void *base = NULL;
  MT_CHECK(hipMemAddressReserve(&base, CAPACITY, 0, NULL, 0));
  MT_CHECK(hipMemMap(base, CAPACITY, 0, handle, 0));
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(free_on(0), 0); /* the mapping still holds it */
  MT_CHECK(hipMemUnmap(base, CAPACITY));
  assert_int_equal(free_on(0), CAPACITY);
  MT_CHECK(hipMemAddressFree(base, CAPACITY));
}

static void test_malloc_shares_the_budget(void **state) {
  (void)state;
  void *block = NULL, *more = NULL;
  MT_CHECK(hipMalloc(&block, 48 * MT_MIB));
  assert_int_equal(free_on(0), 16 * MT_MIB);
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, 32 * MT_MIB, &prop, 0));
  MT_EXPECT(hipErrorOutOfMemory, hipMalloc(&more, 32 * MT_MIB));
  handle = create(16 * MT_MIB, prop);
  assert_int_equal(free_on(0), 0);
  MT_EXPECT(hipErrorOutOfMemory, hipMalloc(&more, 1));
  MT_CHECK(hipFree(block));
  assert_int_equal(free_on(0), 48 * MT_MIB);
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(free_on(0), CAPACITY);
}

static void test_host_memory_not_charged(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t full = create(CAPACITY, mt_prop_device(0));
  hipMemAllocationProp prop = mt_prop_host();
  hipMemGenericAllocationHandle_t host = create(CAPACITY, prop);
  prop.location.type = hipMemLocationTypeHostNuma; /* node 0 */
  hipMemGenericAllocationHandle_t numa = create(CAPACITY, prop);
  prop.location.type = hipMemLocationTypeHostNumaCurrent;
  hipMemGenericAllocationHandle_t current = create(CAPACITY, prop);
  assert_int_equal(free_on(0), 0);
  assert_int_equal(free_on(1), CAPACITY);
  assert_int_equal(mt_stats().physical_bytes, 4 * CAPACITY);
  MT_CHECK(hipMemRelease(current));
  MT_CHECK(hipMemRelease(numa));
  MT_CHECK(hipMemRelease(host));
  MT_CHECK(hipMemRelease(full));
}

/* ---- negative: refused allocations leave nothing behind ---- */

static void test_create_larger_than_device(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  snapshot before = snap();
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, CAPACITY + mt_granularity(), &prop, 0));
  /* The capacity check comes before the 2048-byte rule. */
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, 2 * CAPACITY + 1, &prop, 0));
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, SIZE_MAX - 4095, &prop, 0));
  assert_unchanged(before);
}

static void test_malloc_larger_than_device(void **state) {
  (void)state;
  void *block = NULL;
  snapshot before = snap();
  MT_EXPECT(hipErrorOutOfMemory, hipMalloc(&block, CAPACITY + 1));
  MT_EXPECT(hipErrorOutOfMemory, hipMalloc(&block, SIZE_MAX));
  assert_unchanged(before);
  MT_CHECK(hipMalloc(&block, 0)); /* nothing asked, nothing charged */
  assert_null(block);
  assert_unchanged(before);
}

static void test_get_info_nulls(void **state) {
  (void)state;
  size_t value = 0;
  MT_EXPECT(hipErrorInvalidValue, hipMemGetInfo(NULL, &value));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetInfo(&value, NULL));
}

int main(void) {
  setenv("MOCKHIP_DEVICE_MEMORY", "64M", 1);
  setenv("MOCKHIP_DEVICES", "2", 1);

  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_get_info_reports_capacity),
      MT_CLEAN_TEST(test_create_charges_its_device),
      MT_CLEAN_TEST(test_full_device_refuses_more),
      MT_CLEAN_TEST(test_mapped_memory_stays_charged),
      MT_CLEAN_TEST(test_malloc_shares_the_budget),
      MT_CLEAN_TEST(test_host_memory_not_charged),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_create_larger_than_device),
      MT_CLEAN_TEST(test_malloc_larger_than_device),
      MT_CLEAN_TEST(test_get_info_nulls),
  };
  return cmocka_run_group_tests_name("capacity", positive, NULL, NULL) +
         cmocka_run_group_tests_name("capacity_negative", negative, NULL, NULL);
}
