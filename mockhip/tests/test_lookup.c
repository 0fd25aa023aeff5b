/*
 * test_lookup.c: the address index (addr_index.c) that finds the mapping
 * holding an address: at the edges of mappings and reservations, after unmap
 * and remap, with many mappings, after fork, and when a node cannot be
 * allocated (the map fails with nothing changed). Nothing here measures time.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

#include "../src/core/addr_index.h"

#define TIB ((uint64_t)1 << 40)

/* Even values to stand for mappings. */
static const uintptr_t values[4] = {0x1000, 0x2000, 0x3000, 0x4000};

static void test_index_edges(void **state) {
  (void)state;
  mh_addr_index index;
  mh__index_init(&index, 4096);
  uintptr_t a = 0x7f0000000000u, b = a + 3 * 4096;
  assert_int_equal(mh__index_insert(&index, a, 3 * 4096, values[0]), 0);
  assert_int_equal(mh__index_insert(&index, b, 4096, values[1]), 0);
  assert_int_equal(mh__index_find(&index, a - 1), 0);
  assert_int_equal(mh__index_find(&index, a), values[0]);
  assert_int_equal(mh__index_find(&index, b - 1), values[0]);
  assert_int_equal(mh__index_find(&index, b), values[1]);
  assert_int_equal(mh__index_find(&index, b + 4095), values[1]);
  assert_int_equal(mh__index_find(&index, b + 4096), 0);
  assert_int_equal(mh__index_find(&index, 0), 0);
  assert_int_equal(mh__index_find(&index, UINTPTR_MAX), 0);
  mh__index_remove(&index, a, 3 * 4096);
  assert_int_equal(mh__index_find(&index, a), 0);
  assert_int_equal(mh__index_find(&index, b), values[1]);
  mh__index_remove(&index, b, 4096);
  assert_int_equal(mh__index_find(&index, b), 0);
  assert_int_equal(mh__index_nodes(&index), 0);
  /* Emptied nodes are kept for reuse: reused, they hold nothing of before (a's key is 0 in
     the low slots of every level). */
  assert_int_equal(mh__index_insert(&index, b, 4096, values[3]), 0);
  assert_int_equal(mh__index_find(&index, a), 0);
  assert_int_equal(mh__index_find(&index, b), values[3]);
  mh__index_remove(&index, b, 4096);
  assert_int_equal(mh__index_nodes(&index), 0);
  mh__index_release(&index);
}

/* A TiB range, not aligned to any node, is stored in whole-node slots: a few nodes, found at
   both ends and in the middle, and gone with its nodes after. */
static void test_index_huge_range(void **state) {
  (void)state;
  mh_addr_index index;
  mh__index_init(&index, 4096);
  uintptr_t base = 0x100000000000u + 5 * 4096;
  assert_int_equal(mh__index_insert(&index, base, TIB, values[2]), 0);
  assert_true(mh__index_nodes(&index) <= 2 * index.levels);
  assert_int_equal(mh__index_find(&index, base), values[2]);
  assert_int_equal(mh__index_find(&index, base + TIB / 2 + 123), values[2]);
  assert_int_equal(mh__index_find(&index, base + TIB - 1), values[2]);
  assert_int_equal(mh__index_find(&index, base + TIB), 0);
  assert_int_equal(mh__index_find(&index, base - 1), 0);
  mh__index_remove(&index, base, TIB);
  assert_int_equal(mh__index_find(&index, base + TIB / 2), 0);
  assert_int_equal(mh__index_nodes(&index), 0);
  mh__index_release(&index);
}

/* The tree starts tall enough for addresses below 2^47: an address above is not found (not
   taken for the one its low bits name), and inserting one grows a root above the old, which
   keeps what it held. */
static void test_index_grows_for_high_addresses(void **state) {
  (void)state;
  mh_addr_index index;
  mh__index_init(&index, 4096);
  unsigned levels = index.levels;
  uintptr_t low = 0x7f0000000000u, high = low + ((uintptr_t)1 << 56);
  assert_int_equal(mh__index_insert(&index, low, 4096, values[0]), 0);
  assert_int_equal(mh__index_find(&index, high), 0);
  mh__index_fail_after(0); /* no node for the new root: -1, and nothing changed */
  assert_int_equal(mh__index_insert(&index, high, 2 * 4096, values[1]), -1);
  mh__index_fail_after(SIZE_MAX);
  assert_int_equal(index.levels, levels);
  assert_int_equal(mh__index_find(&index, low), values[0]);
  assert_int_equal(mh__index_insert(&index, high, 2 * 4096, values[1]), 0);
  assert_true(index.levels > levels);
  assert_int_equal(mh__index_find(&index, low), values[0]);
  assert_int_equal(mh__index_find(&index, high + 4096), values[1]);
  assert_int_equal(mh__index_find(&index, low + 4096), 0);
  mh__index_remove(&index, low, 4096);
  mh__index_remove(&index, high, 2 * 4096);
  assert_int_equal(mh__index_nodes(&index), 0);
  mh__index_release(&index);
}

/* Granularities that are not powers of two key on their power-of-two part. */
static void test_index_odd_granularity(void **state) {
  (void)state;
  mh_addr_index index;
  size_t granule = 3 * 4096;
  mh__index_init(&index, granule);
  uintptr_t base = 0x200000000000u + 7 * granule;
  for (int i = 0; i < 3; i++)
    assert_int_equal(mh__index_insert(&index, base + i * granule, granule, values[i]), 0);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(mh__index_find(&index, base + i * granule), values[i]);
    assert_int_equal(mh__index_find(&index, base + (i + 1) * granule - 1), values[i]);
  }
  for (int i = 0; i < 3; i++)
    mh__index_remove(&index, base + i * granule, granule);
  assert_int_equal(mh__index_nodes(&index), 0);
  mh__index_release(&index);
}

/* A failed node allocation leaves the index as it was, nodes included. */
static void test_index_insert_fails_cleanly(void **state) {
  (void)state;
  mh_addr_index index;
  mh__index_init(&index, 4096);
  uintptr_t kept = 0x300000000000u;
  assert_int_equal(mh__index_insert(&index, kept, 4096, values[0]), 0);
  size_t nodes = mh__index_nodes(&index);
  /* Far from the first: needs new nodes below the root. */
  uintptr_t far = 0x3f0000000000u + 4096;
  int result = -1;
  size_t n = 0;
  for (; result != 0; n++) {
    mh__index_fail_after(n);
    result = mh__index_insert(&index, far, 8 * 4096, values[1]);
    mh__index_fail_after(SIZE_MAX);
    if (result != 0) {
      assert_int_equal(mh__index_nodes(&index), nodes);
      assert_int_equal(mh__index_find(&index, far), 0);
      assert_int_equal(mh__index_find(&index, kept), values[0]);
    }
  }
  assert_true(n > 1); /* some failure was driven */
  assert_int_equal(mh__index_find(&index, far + 7 * 4096), values[1]);
  mh__index_remove(&index, far, 8 * 4096);
  mh__index_remove(&index, kept, 4096);
  assert_int_equal(mh__index_nodes(&index), 0);
  mh__index_release(&index);
}

/* ---- through the HIP calls ---- */

static hipMemGenericAllocationHandle_t retained(void *addr) {
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemRetainAllocationHandle(&handle, addr));
  MT_CHECK(hipMemRelease(handle));
  return handle;
}

static void expect_unmapped(void *addr) {
  unsigned long long flags = 0;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &device0, addr));
}

/* A reservation of 8 granules with mappings at granules 2-3 and 4: every edge. */
static void test_edges_of_mappings_and_reservations(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t h1, h2;
  MT_CHECK(hipMemCreate(&h1, 2 * g, &prop, 0));
  MT_CHECK(hipMemCreate(&h2, g, &prop, 0));
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, 8 * g, g, NULL, 0));
  char *base = range;
  MT_CHECK(hipMemMap(base + 2 * g, 2 * g, 0, h1, 0));
  MT_CHECK(hipMemMap(base + 4 * g, g, 0, h2, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base + 2 * g, 2 * g, &desc, 1));

  expect_unmapped(base);
  expect_unmapped(base + 2 * g - 1);
  assert_ptr_equal(retained(base + 2 * g), h1);
  assert_ptr_equal(retained(base + 4 * g - 1), h1);
  assert_ptr_equal(retained(base + 4 * g), h2);
  assert_ptr_equal(retained(base + 5 * g - 1), h2);
  expect_unmapped(base + 5 * g);
  expect_unmapped(base + 8 * g - 1);
  unsigned long long flags = 0;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  MT_CHECK(hipMemGetAccess(&flags, &device0, base + 4 * g - 1));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemGetAccess(&flags, &device0, base + 4 * g));
  assert_int_equal(flags, 0);
  /* A copy up to the last byte of the granted run; one from the ungranted mapping after it is
     refused for want of access, and once granted, for running past it into the hole. */
  char bytes[16] = "edges";
  MT_CHECK(hipMemcpy(base + 4 * g - sizeof bytes, bytes, sizeof bytes, hipMemcpyHostToDevice));
  MT_EXPECT(mt_copy_refusal(),
            hipMemcpy(base + 5 * g - 8, bytes, sizeof bytes, hipMemcpyHostToDevice));
  MT_CHECK(hipMemSetAccess(base + 4 * g, g, &desc, 1));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpy(base + 5 * g - 8, bytes, sizeof bytes, hipMemcpyHostToDevice));

  /* Unmap and remap the other way round: lookups follow. */
  MT_CHECK(hipMemUnmap(base + 2 * g, 2 * g));
  expect_unmapped(base + 2 * g);
  expect_unmapped(base + 4 * g - 1);
  assert_ptr_equal(retained(base + 4 * g), h2);
  MT_CHECK(hipMemMap(base + 3 * g, g, 0, h2, 0));
  expect_unmapped(base + 3 * g - 1);
  assert_ptr_equal(retained(base + 3 * g), h2);
  MT_CHECK(hipMemUnmap(base + 3 * g, g));
  MT_CHECK(hipMemUnmap(base + 4 * g, g));
  expect_unmapped(base + 4 * g);
  MT_CHECK(hipMemAddressFree(range, 8 * g));
  MT_CHECK(hipMemRelease(h1));
  MT_CHECK(hipMemRelease(h2));
}

#define MANY 3000
#define RESERVATIONS 3

/* Many one-granule mappings in a few reservations, unmapped in a scattered order: every
   lookup finds its own mapping until it goes. */
static void test_many_mappings(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handles[2];
  for (int h = 0; h < 2; h++)
    MT_CHECK(hipMemCreate(&handles[h], g, &prop, 0));
  char *bases[RESERVATIONS];
  for (int r = 0; r < RESERVATIONS; r++)
    MT_CHECK(hipMemAddressReserve((void **)&bases[r], MANY * g, g, NULL, 0));
  for (int r = 0; r < RESERVATIONS; r++)
    for (size_t i = 0; i < MANY; i++)
      MT_CHECK(hipMemMap(bases[r] + i * g, g, 0, handles[(i + r) % 2], 0));
  assert_int_equal(mt_stats().live_mappings, RESERVATIONS * MANY);
  size_t step = 7919 % MANY, at = 0;
  for (size_t k = 0; k < MANY; k++, at = (at + step) % MANY) {
    for (int r = 0; r < RESERVATIONS; r++)
      assert_ptr_equal(retained(bases[r] + at * g + g / 2), handles[(at + r) % 2]);
    MT_CHECK(hipMemUnmap(bases[0] + at * g, g));
    expect_unmapped(bases[0] + at * g);
  }
  for (int r = 0; r < RESERVATIONS; r++) {
    if (r > 0)
      MT_CHECK(hipMemUnmap(bases[r], MANY * g));
    MT_CHECK(hipMemAddressFree(bases[r], MANY * g));
  }
  for (int h = 0; h < 2; h++)
    MT_CHECK(hipMemRelease(handles[h]));
}

/* Each failed node allocation fails the map with hipErrorOutOfMemory and changes nothing;
   the map that then succeeds is found. */
static void test_map_out_of_index_memory(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemCreate(&handle, 4 * g, &prop, 0));
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, 4 * g, g, NULL, 0));
  hipError_t err = hipErrorOutOfMemory;
  size_t n = 0;
  for (; err != hipSuccess; n++) {
    mt_snapshot before = mt_snapshot_take(NULL, 0);
    mh__index_fail_after(n);
    err = hipMemMap(range, 4 * g, 0, handle, 0);
    mh__index_fail_after(SIZE_MAX);
    if (err != hipSuccess) {
      assert_int_equal(err, hipErrorOutOfMemory);
      mt_snapshot after = mt_snapshot_take(NULL, 0);
      mt_snapshot_assert_same("hipMemMap out of index memory", &before, &after);
      expect_unmapped(range);
    } else {
      mt_snapshot_free(&before);
    }
  }
  assert_true(n > 1); /* the first map of an empty index allocates nodes */
  assert_ptr_equal(retained((char *)range + 4 * g - 1), handle);
  MT_CHECK(hipMemUnmap(range, 4 * g));
  MT_CHECK(hipMemAddressFree(range, 4 * g));
  MT_CHECK(hipMemRelease(handle));
}

/* cmocka's asserts would unwind into the parent's copy: the child exits non-zero instead. */
static void child_lookups(void *arg) {
  char *base = arg;
  size_t g = mt_granularity();
  hipMemGenericAllocationHandle_t handle = NULL, again = NULL;
  if (hipMemRetainAllocationHandle(&handle, base + g - 1) != hipSuccess)
    exit(2);
  if (hipMemRelease(handle) != hipSuccess || hipMemUnmap(base, g) != hipSuccess)
    exit(3);
  if (hipMemRetainAllocationHandle(&again, base) != hipErrorInvalidValue)
    exit(4);
  if (hipMemMap(base + g, g, 0, handle, 0) != hipSuccess)
    exit(5);
  if (hipMemRetainAllocationHandle(&again, base + g) != hipSuccess || again != handle)
    exit(6);
}

/* A forked child finds the parent's mappings, unmaps and maps in its own copy of the index;
   the parent's is unchanged. */
static void test_after_fork(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, 2 * g, g, NULL, 0));
  MT_CHECK(hipMemMap(range, g, 0, handle, 0));
  assert_true(mt_exited_ok(mt_run_in_child(child_lookups, range)));
  assert_ptr_equal(retained(range), handle);
  MT_CHECK(hipMemUnmap(range, g));
  MT_CHECK(hipMemAddressFree(range, 2 * g));
  MT_CHECK(hipMemRelease(handle));
}

/* hipMemGetAccess reads the first devices' access from the address index, the others from the
   mapping's record: both follow every hipMemSetAccess, each mapping its own, and a mapping
   made where another was answers for itself. ctest runs this with 10 devices too. */
static unsigned long long access_of(void *ptr, int device) {
  hipMemLocation where = {hipMemLocationTypeDevice, device};
  unsigned long long flags = 99;
  MT_CHECK(hipMemGetAccess(&flags, &where, ptr));
  return flags;
}

static hipMemAccessFlags flags_for(int device, int round) {
  static const hipMemAccessFlags cycle[] = {hipMemAccessFlagsProtReadWrite,
                                            hipMemAccessFlagsProtRead, hipMemAccessFlagsProtNone};
  return cycle[(device + round) % 3];
}

static void test_get_access_follows_set_access(void **state) {
  (void)state;
  int devices = 0;
  MT_CHECK(hipGetDeviceCount(&devices));
  size_t g = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  char *range = NULL;
  MT_CHECK(hipMemAddressReserve((void **)&range, 3 * g, 0, NULL, 0));
  for (int i = 0; i < 3; i++)
    MT_CHECK(hipMemMap(range + i * g, g, 0, handle, 0));
  for (int round = 0; round < 3; round++) {
    for (int d = 0; d < devices; d++) {
      hipMemAccessDesc desc = {{hipMemLocationTypeDevice, d}, flags_for(d, round)};
      MT_CHECK(hipMemSetAccess(range + g, g, &desc, 1)); /* the middle mapping only */
    }
    for (int d = 0; d < devices; d++) {
      assert_int_equal(access_of(range, d), hipMemAccessFlagsProtNone);
      assert_int_equal(access_of(range + g + g / 2, d), flags_for(d, round));
      assert_int_equal(access_of(range + 2 * g, d), hipMemAccessFlagsProtNone);
    }
  }
  MT_CHECK(hipMemUnmap(range + g, g));
  MT_CHECK(hipMemMap(range + g, g, 0, handle, 0)); /* a new mapping: no access */
  for (int d = 0; d < devices; d++)
    assert_int_equal(access_of(range + g, d), hipMemAccessFlagsProtNone);
  MT_CHECK(hipMemUnmap(range, 3 * g));
  MT_CHECK(hipMemAddressFree(range, 3 * g));
  MT_CHECK(hipMemRelease(handle));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_index_edges),
      cmocka_unit_test(test_index_huge_range),
      cmocka_unit_test(test_index_grows_for_high_addresses),
      cmocka_unit_test(test_index_odd_granularity),
      cmocka_unit_test(test_index_insert_fails_cleanly),
      MT_CLEAN_TEST(test_edges_of_mappings_and_reservations),
      MT_CLEAN_TEST(test_many_mappings),
      MT_CLEAN_TEST(test_map_out_of_index_memory),
      MT_CLEAN_TEST(test_after_fork),
      MT_CLEAN_TEST(test_get_access_follows_set_access),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
