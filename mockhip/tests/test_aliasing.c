/*
 * test_aliasing.c: every mapping of one allocation shows the same bytes, the
 * bytes survive unmap and remap, and new memory reads as zeros. The CPU
 * fills and checks the bytes, so device 0 and the host are granted (mt_grant).
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

#define BYTES (64 * MT_KIB)

/* One allocation mapped twice, back to back, in one reservation: a and b. */
typedef struct aliases {
  char *a, *b;
  hipMemGenericAllocationHandle_t handle;
} aliases;

static void fill(char *addr, size_t bytes, unsigned seed) {
  for (size_t i = 0; i < bytes; i++)
    addr[i] = (char)(i * 7 + seed);
}

static bool holds(const char *addr, size_t bytes, unsigned seed) {
  for (size_t i = 0; i < bytes; i++)
    if (addr[i] != (char)(i * 7 + seed))
      return false;
  return true;
}

static bool all_zero(const char *addr, size_t bytes) {
  for (size_t i = 0; i < bytes; i++)
    if (addr[i] != 0)
      return false;
  return true;
}

static int setup_aliases(void **state) {
  mt_assert_clean();
  aliases *al = calloc(1, sizeof *al);
  assert_non_null(al);
  hipMemAllocationProp prop = mt_prop_device(0);
  void *base = NULL;
  MT_CHECK(hipMemAddressReserve(&base, 2 * BYTES, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&al->handle, BYTES, &prop, 0));
  al->a = base;
  al->b = al->a + BYTES;
  MT_CHECK(hipMemMap(al->a, BYTES, 0, al->handle, 0));
  MT_CHECK(hipMemMap(al->b, BYTES, 0, al->handle, 0));
  *state = al;
  return 0;
}

static int teardown_aliases(void **state) {
  aliases *al = *state;
  /* One unmap may cover several consecutive whole mappings. */
  MT_CHECK(hipMemUnmap(al->a, 2 * BYTES));
  MT_CHECK(hipMemRelease(al->handle));
  MT_CHECK(hipMemAddressFree(al->a, 2 * BYTES));
  free(al);
  mt_assert_clean();
  return 0;
}

static void test_write_through_one_alias_read_through_other(void **state) {
  aliases *al = *state;
  mt_grant(al->a, 2 * BYTES, hipMemAccessFlagsProtReadWrite);
  fill(al->a, BYTES, 1);
  assert_true(holds(al->b, BYTES, 1));
  fill(al->b, BYTES, 2);
  assert_true(holds(al->a, BYTES, 2));

  char *copy = malloc(BYTES);
  assert_non_null(copy);
  MT_CHECK(hipMemcpyDtoH(copy, al->b, BYTES));
  assert_true(holds(copy, BYTES, 2));
  free(copy);
}

static void test_read_only_alias_sees_writes(void **state) {
  aliases *al = *state;
  mt_grant(al->a, BYTES, hipMemAccessFlagsProtReadWrite);
  mt_grant(al->b, BYTES, hipMemAccessFlagsProtRead);
  fill(al->a, BYTES, 3);
  assert_true(holds(al->b, BYTES, 3));
}

static void test_alias_in_another_reservation(void **state) {
  aliases *al = *state;
  void *other = NULL;
  MT_CHECK(hipMemAddressReserve(&other, BYTES, 0, NULL, 0));
  /* Only the first granule: a mapping may cover a prefix of the allocation. */
  size_t granule = mt_granularity();
  MT_CHECK(hipMemMap(other, granule, 0, al->handle, 0));
  mt_grant(al->a, BYTES, hipMemAccessFlagsProtReadWrite);
  mt_grant(other, granule, hipMemAccessFlagsProtRead);
  fill(al->a, BYTES, 4);
  assert_true(holds(other, granule, 4));
  MT_CHECK(hipMemUnmap(other, granule));
  MT_CHECK(hipMemAddressFree(other, BYTES));
}

static void test_remap_keeps_data(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, BYTES, BYTES);
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  fill(m.base, BYTES, 5);
  MT_CHECK(hipMemUnmap(m.base, BYTES));

  /* The handle alone holds the bytes; map it in a new reservation. */
  void *moved = NULL;
  MT_CHECK(hipMemAddressReserve(&moved, BYTES, 0, NULL, 0));
  MT_CHECK(hipMemMap(moved, BYTES, 0, m.handle, 0));
  mt_grant(moved, BYTES, hipMemAccessFlagsProtRead);
  assert_true(holds(moved, BYTES, 5));
  MT_CHECK(hipMemUnmap(moved, BYTES));
  MT_CHECK(hipMemAddressFree(moved, BYTES));

  /* And back at the old address. */
  MT_CHECK(hipMemMap(m.base, BYTES, 0, m.handle, 0));
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtRead);
  assert_true(holds(m.base, BYTES, 5));
  mt_mapping_destroy(&m);
}

static void test_released_handle_keeps_mapped_data(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, BYTES, BYTES);
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  fill(m.base, BYTES, 6);
  MT_CHECK(hipMemRelease(m.handle));
  assert_true(holds(m.base, BYTES, 6));
  MT_CHECK(hipMemUnmap(m.base, BYTES));
  MT_CHECK(hipMemAddressFree(m.base, BYTES));
}

static void test_new_memory_is_zero(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, 2 * MT_MIB, 2 * MT_MIB);
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  assert_true(all_zero(m.base, m.bytes));
  memset(m.base, 0xff, m.bytes);
  MT_CHECK(hipMemUnmap(m.base, m.bytes));
  MT_CHECK(hipMemRelease(m.handle));

  /* Same size at the same address: still zeros, never the old bytes. */
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemCreate(&m.handle, m.bytes, &prop, 0));
  MT_CHECK(hipMemMap(m.base, m.bytes, 0, m.handle, 0));
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtRead);
  assert_true(all_zero(m.base, m.bytes));
  mt_mapping_destroy(&m);
}

/* ---- negative: refused maps change nothing that is mapped ---- */

static void test_overlapping_map_refused(void **state) {
  aliases *al = *state;
  mt_grant(al->a, 2 * BYTES, hipMemAccessFlagsProtReadWrite);
  fill(al->a, BYTES, 7);
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t other = NULL;
  MT_CHECK(hipMemCreate(&other, BYTES, &prop, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(al->a, BYTES, 0, other, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(al->b, mt_granularity(), 0, other, 0));
  MT_CHECK(hipMemRelease(other));
  assert_true(holds(al->a, BYTES, 7));
  assert_true(holds(al->b, BYTES, 7));
}

static void test_bad_map_geometry_refused(void **state) {
  aliases *al = *state;
  size_t granule = mt_granularity();
  void *free_range = NULL;
  MT_CHECK(hipMemAddressReserve(&free_range, 4 * BYTES, 0, NULL, 0));
  char *r = free_range;
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(r, 2 * BYTES, 0, al->handle, 0));   /* > allocation */
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(r, BYTES, granule, al->handle, 0)); /* offset */
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(r + 1, granule, 0, al->handle, 0)); /* unaligned */
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(r, granule + 1, 0, al->handle, 0)); /* size */
  MT_EXPECT(hipErrorInvalidValue,
            hipMemMap(r + 3 * BYTES + granule, BYTES, 0, al->handle, 0)); /* past the end */
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(r, BYTES, 0, al->handle, 1)); /* flags */
  assert_int_equal(mt_stats().live_mappings, 2);
  MT_CHECK(hipMemAddressFree(free_range, 4 * BYTES));
}

#define ALIAS_TEST(f) cmocka_unit_test_setup_teardown(f, setup_aliases, teardown_aliases)

int main(void) {
  const struct CMUnitTest positive[] = {
      ALIAS_TEST(test_write_through_one_alias_read_through_other),
      ALIAS_TEST(test_read_only_alias_sees_writes),
      ALIAS_TEST(test_alias_in_another_reservation),
      MT_CLEAN_TEST(test_remap_keeps_data),
      MT_CLEAN_TEST(test_released_handle_keeps_mapped_data),
      MT_CLEAN_TEST(test_new_memory_is_zero),
  };
  const struct CMUnitTest negative[] = {
      ALIAS_TEST(test_overlapping_map_refused),
      ALIAS_TEST(test_bad_map_geometry_refused),
  };
  return cmocka_run_group_tests_name("aliasing", positive, NULL, NULL) +
         cmocka_run_group_tests_name("aliasing_negative", negative, NULL, NULL);
}
