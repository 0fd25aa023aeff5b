/*
 * profile_rows_memory.c: the rows of table (g) about granularity, reservations
 * and physical handles: the attribute, the types and locations accepted, the
 * reserve and free codes, create's checks, release while mapped.
 */
#include "profile_check.h"

#include <stdlib.h>
#include <string.h>

void test_vmm_attribute(void **state) {
  (void)state;
  for (int device = 0; device < 2; device++) {
    int value = -1;
    MT_CHECK(
        hipDeviceGetAttribute(&value, hipDeviceAttributeVirtualMemoryManagementSupported, device));
    assert_int_equal(value, cell_of(&vmm_attribute) == YES);
  }
}

void test_allocation_types(void **state) {
  (void)state;
  const row *r = &allocation_types;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.type = hipMemAllocationTypeUncached;
  hipError_t want = cell_of(r) == PINNED_UNCACHED ? hipSuccess : hipErrorInvalidValue;
  size_t g = 0;
  ROW_EXPECT(r, want,
             hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
  hipMemGenericAllocationHandle_t handle = NULL;
  ROW_EXPECT(r, want, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  if (want == hipSuccess) {
    assert_int_equal(g, mt_granularity());
    hipMemAllocationProp stored;
    MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&stored, handle));
    assert_int_equal(stored.type, hipMemAllocationTypeUncached);
    MT_CHECK(hipMemRelease(handle));
  }
  /* Anything else is refused in every release. */
  prop.type = hipMemAllocationTypeInvalid;
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  ROW_EXPECT(r, hipErrorInvalidValue,
             hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
}

void test_location_types(void **state) {
  (void)state;
  const row *r = &location_types;
  static const hipMemLocationType types[] = {hipMemLocationTypeDevice, hipMemLocationTypeHost,
                                             hipMemLocationTypeHostNuma,
                                             hipMemLocationTypeHostNumaCurrent};
  /* How many of types[] the word allows: device 1, device_host 2, all 4. */
  size_t allowed = cell_of(r) == DEVICE ? 1 : cell_of(r) == DEVICE_HOST ? 2 : 4;
  for (size_t i = 0; i < 4; i++) {
    hipMemAllocationProp prop = mt_prop_device(0);
    prop.location.type = types[i];
    hipError_t want = i < allowed ? hipSuccess : hipErrorInvalidValue;
    size_t g = 0;
    hipMemGenericAllocationHandle_t handle = NULL;
    ROW_EXPECT(r, want,
               hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
    ROW_EXPECT(r, want, hipMemCreate(&handle, mt_granularity(), &prop, 0));
    if (want == hipSuccess) {
      hipMemAllocationProp stored;
      MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&stored, handle));
      assert_int_equal(stored.location.type, types[i]);
      MT_CHECK(hipMemRelease(handle));
    }
  }
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.location.type = hipMemLocationTypeInvalid;
  hipMemGenericAllocationHandle_t handle = NULL;
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemCreate(&handle, mt_granularity(), &prop, 0));
}

void test_host_id_checked(void **state) {
  (void)state;
  const row *r = &host_id_checked;
  hipMemAllocationProp prop = mt_prop_host();
  hipError_t granularity_want = hipSuccess, create_want = hipSuccess;
  if (cell_of(&location_types) == DEVICE) /* Host is refused before its id is looked at */
    granularity_want = create_want = hipErrorInvalidValue;
  else if (cell_of(r) == YES)
    granularity_want = hipErrorInvalidValue, create_want = hipErrorInvalidDevice;
  static const int bad_ids[] = {2, 7, -1}; /* two devices in this run */
  for (size_t i = 0; i < 3; i++) {
    prop.location.id = bad_ids[i];
    size_t g = 0;
    hipMemGenericAllocationHandle_t handle = NULL;
    ROW_EXPECT(r, granularity_want,
               hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
    ROW_EXPECT(r, create_want, hipMemCreate(&handle, mt_granularity(), &prop, 0));
    if (create_want == hipSuccess)
      MT_CHECK(hipMemRelease(handle));
  }
}

void test_granularity_option_checked(void **state) {
  (void)state;
  const row *r = &granularity_option_checked;
  hipMemAllocationProp prop = mt_prop_device(0);
  size_t g = 12345;
  hipError_t want = cell_of(r) == YES ? hipErrorInvalidValue : hipSuccess;
  ROW_EXPECT(r, want,
             hipMemGetAllocationGranularity(&g, &prop, (hipMemAllocationGranularity_flags)0xff));
  /* `no`: any option gets the single granularity; refused: nothing written. */
  assert_int_equal(g, want == hipSuccess ? mt_granularity() : 12345);
}

void test_recommended_granularity(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  size_t recommended = 0;
  MT_CHECK(
      hipMemGetAllocationGranularity(&recommended, &prop, hipMemAllocationGranularityRecommended));
  /* minimum: 4096 as the Minimum option; own: MOCKHIP_GRANULARITY_RECOMMENDED (2 MiB). */
  assert_int_equal(mt_granularity(), 4096);
  assert_int_equal(recommended,
                   cell_of(&recommended_granularity) == OWN ? 2 * MT_MIB : mt_granularity());
}

void test_reserve_size_zero(void **state) {
  (void)state;
  const row *r = &reserve_size_zero;
  /* unchecked: the backend refuses the empty range with OutOfMemory. */
  hipError_t want = cell_of(r) == UNCHECKED ? hipErrorOutOfMemory : code_of(r);
  void *base = NULL;
  ROW_EXPECT(r, want, hipMemAddressReserve(&base, 0, 0, NULL, 0));
  assert_int_equal(mt_stats().live_reservations, 0);
}

void test_reserve_size_granularity(void **state) {
  (void)state;
  const row *r = &reserve_size_granularity;
  size_t g = mt_granularity();
  const size_t sizes[] = {g - 1, g + 1, 3 * g / 2};
  const size_t granules[] = {1, 2, 2};
  for (size_t i = 0; i < 3; i++) {
    void *base = NULL;
    if (cell_of(r) == UNCHECKED) { /* reserved, rounded up to whole granules */
      ROW_EXPECT(r, hipSuccess, hipMemAddressReserve(&base, sizes[i], 0, NULL, 0));
      assert_int_equal(mt_stats().reserved_bytes, granules[i] * g);
      MT_CHECK(hipMemAddressFree(base, sizes[i]));
    } else {
      ROW_EXPECT(r, code_of(r), hipMemAddressReserve(&base, sizes[i], 0, NULL, 0));
    }
    assert_int_equal(mt_stats().live_reservations, 0);
  }
}

void test_reserve_alignment(void **state) {
  (void)state;
  const row *r = &reserve_alignment;
  size_t g = mt_granularity();
  const size_t alignments[] = {0, 3, 2048, 2 * g, 3 * g};
  const bool multiple[] = {true, false, false, true, true};
  const bool power_of_two[] = {true, false, true, true, false};
  for (size_t i = 0; i < 5; i++) {
    bool accepted = cell_of(r) == NONE || (cell_of(r) == MULTIPLE ? multiple[i] : power_of_two[i]);
    void *base = NULL;
    /* A refused alignment gets reserve_size_granularity's code. */
    hipError_t want = accepted ? hipSuccess : code_of(&reserve_size_granularity);
    ROW_EXPECT(r, want, hipMemAddressReserve(&base, 4 * g, alignments[i], NULL, 0));
    if (accepted)
      MT_CHECK(hipMemAddressFree(base, 4 * g));
    assert_int_equal(mt_stats().live_reservations, 0);
  }
}

void test_free_unknown_address(void **state) {
  (void)state;
  const row *r = &free_unknown_address;
  char host[64];
  strict_begin();
  hipError_t err = hipMemAddressFree(host, sizeof host);
  char *said = strict_end();
  ROW_EXPECT(r, code_of(r), err);
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);
}

/* The child frees a reservation that still has its mapping, then unmaps it. */
static void free_mapped_then_unmap(child_view *view) {
  mockhip_strict(1);
  unsigned long long before = mockhip_strict_count();
  view->err[0] = hipMemAddressFree(view->base, 2 * view->g);
  child_counts(view, 0);
  view->err[1] = hipMemUnmap(view->base, view->g);
  child_counts(view, 1);
  view->strict_reports = mockhip_strict_count() - before;
}

void test_free_with_mappings(void **state) {
  (void)state;
  const row *r = &free_with_mappings;
  size_t g = mt_granularity();
  void *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));

  child_view seen = in_child(free_mapped_then_unmap, base, g);
  MT_CHECK(hipMemUnmap(base, g)); /* this process's copy, before anything can fail */
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));

  ROW_EXPECT(r, code_of(r), seen.err[0]);
  /* Either way the reservation and its mapping are still there. */
  assert_int_equal(seen.reservations[0], 1);
  assert_int_equal(seen.mappings[0], 1);
  /* Either way the program's later unmap works (table (g): the mock keeps the range
     usable); where the release answered hipSuccess, strict mode said at the free that
     HIP forgot the range, where the mistake is. */
  ROW_EXPECT(r, hipSuccess, seen.err[1]);
  assert_int_equal(seen.mappings[1], 0);
  if (cell_of(r) == SUCCESS)
    assert_true(seen.strict_reports >= 1);
}

void test_create_device_id(void **state) {
  (void)state;
  const row *r = &create_device_id;
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count));
  assert_int_equal(count, 2);
  const int ids[] = {count, -1, 1000};
  for (size_t i = 0; i < 3; i++) {
    hipMemAllocationProp prop = mt_prop_device(ids[i]);
    hipMemGenericAllocationHandle_t handle = NULL;
    ROW_EXPECT(r, code_of(r), hipMemCreate(&handle, mt_granularity(), &prop, 0));
  }
  hipMemGenericAllocationHandle_t last = create(mt_granularity(), hipMemHandleTypeNone);
  MT_CHECK(hipMemRelease(last));
  assert_int_equal(mt_stats().live_handles, 0);
}

void test_create_handle_types(void **state) {
  (void)state;
  const row *r = &create_handle_types;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle = NULL;
  if (cell_of(r) == POSIX) {
    ROW_EXPECT(r, hipSuccess, hipMemCreate(&handle, mt_granularity(), &prop, 0));
    hipMemAllocationProp stored;
    MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&stored, handle));
    assert_int_equal(stored.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
    MT_CHECK(hipMemRelease(handle));
  } else {
    ROW_EXPECT(r, hipErrorNotSupported, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  }
  prop.requestedHandleType = hipMemHandleTypeWin32; /* others: NotSupported everywhere */
  ROW_EXPECT(r, hipErrorNotSupported, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  assert_int_equal(mt_stats().live_handles, 0);
}

void test_create_size_rules(void **state) {
  (void)state;
  const row *r = &create_size_rules;
  const size_t sizes[] = {4095, 2048, 6144, 1};
  const hipError_t checked[] = {hipErrorInvalidValue, hipErrorOutOfMemory, hipErrorOutOfMemory,
                                hipErrorInvalidValue};
  const size_t pages[] = {1, 1, 2, 1}; /* `no`: rounded up to whole pages */
  hipMemAllocationProp prop = mt_prop_device(0);
  for (size_t i = 0; i < 4; i++) {
    hipMemGenericAllocationHandle_t handle = NULL;
    if (cell_of(r) == YES) {
      ROW_EXPECT(r, checked[i], hipMemCreate(&handle, sizes[i], &prop, 0));
    } else {
      ROW_EXPECT(r, hipSuccess, hipMemCreate(&handle, sizes[i], &prop, 0));
      assert_int_equal(mt_stats().physical_bytes, pages[i] * 4096);
      MT_CHECK(hipMemRelease(handle));
    }
    assert_int_equal(mt_stats().live_handles, 0);
  }
}

void test_release_while_mapped(void **state) {
  (void)state;
  const row *r = &release_while_mapped;
  size_t g = mt_granularity();
  void *base = reserve(g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  strict_begin();
  hipError_t err = hipMemRelease(handle);
  char *said = strict_end();
  ROW_EXPECT(r, hipSuccess, err);
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);
  /* Both words keep the memory until the last unmap. */
  assert_int_equal(mt_stats().live_handles, 1);
  set_access(base, g, hipMemLocationTypeDevice, 0);
  assert_shared(base, base, g);
  MT_CHECK(hipMemUnmap(base, g));
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(base, g));
}
