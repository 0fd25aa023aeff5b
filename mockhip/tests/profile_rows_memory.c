/*
 * profile_rows_memory.c: the rows of table (g) about granularity, reservations
 * and physical handles: the attribute, the types and locations accepted, the
 * granularity and what it checks, the reserve and free codes, the range a free
 * takes, create's checks, release while mapped.
 */
#include "profile_check.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What hipMemGetAllocationGranularity answers for a prop that create refuses with
   `create_code`: the same refusal where the release checks the prop, else success
   (granularity_prop_checked `no`: one granularity whatever prop says). */
static hipError_t granularity_code(hipError_t create_code) {
  return cell_of(&granularity_prop_checked) == YES ? create_code : hipSuccess;
}

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
  ROW_EXPECT(r, granularity_code(want),
             hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
  if (granularity_code(want) == hipSuccess)
    assert_int_equal(g, mt_granularity());
  hipMemGenericAllocationHandle_t handle = NULL;
  ROW_EXPECT(r, want, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  if (want == hipSuccess) {
    hipMemAllocationProp stored;
    MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&stored, handle));
    assert_int_equal(stored.type, hipMemAllocationTypeUncached);
    MT_CHECK(hipMemRelease(handle));
  }
  /* Uncached asked through flags, as an older hip-tests did, is refused in every release (clr
     hip_vm.cpp hipMemCreate: flags != 0); the reason names the type to set, and where the
     release does not take it yet, says so. */
  prop.type = hipMemAllocationTypePinned;
  ROW_EXPECT(r, hipErrorInvalidValue,
             hipMemCreate(&handle, mt_granularity(), &prop, hipDeviceMallocUncached));
  assert_non_null(strstr(mockhip_last_reason(), "set prop->type = hipMemAllocationTypeUncached"));
  assert_int_equal(strstr(mockhip_last_reason(), "which ROCm takes from 7.0") != NULL,
                   cell_of(r) == PINNED);
  /* Anything else is refused in every release. */
  prop.type = hipMemAllocationTypeInvalid;
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  ROW_EXPECT(r, granularity_code(hipErrorInvalidValue),
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
    ROW_EXPECT(r, granularity_code(want),
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
  size_t g = 0;
  ROW_EXPECT(r, granularity_code(hipErrorInvalidValue),
             hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum));
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
    ROW_EXPECT(r, granularity_code(granularity_want),
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
  /* minimum: what the Minimum option answers (the granularity row's); own:
     MOCKHIP_GRANULARITY_RECOMMENDED (2 MiB). */
  assert_int_equal(mt_granularity(), row_granularity());
  assert_int_equal(recommended,
                   cell_of(&recommended_granularity) == OWN ? 2 * MT_MIB : mt_granularity());
}

void test_granularity(void **state) {
  (void)state;
  const row *r = &granularity;
  if (getenv("MOCKHIP_GRANULARITY") != NULL)
    skip(); /* the row says what the release answers when the variable leaves it alone */
  size_t g = row_granularity(), page = (size_t)sysconf(_SC_PAGESIZE);
  /* Every location the release takes answers it, for both options where there is no own
     recommendation. */
  for (int device = 0; device < 2; device++) {
    hipMemAllocationProp prop = mt_prop_device(device);
    size_t got = 0;
    ROW_EXPECT(r, hipSuccess,
               hipMemGetAllocationGranularity(&got, &prop, hipMemAllocationGranularityMinimum));
    assert_int_equal(got, g);
  }
  if (cell_of(&location_types) != DEVICE) {
    hipMemAllocationProp prop = mt_prop_host();
    size_t got = 0;
    ROW_EXPECT(r, hipSuccess,
               hipMemGetAllocationGranularity(&got, &prop, hipMemAllocationGranularityMinimum));
    assert_int_equal(got, g);
  }
  /* One granule reserves, creates, maps and holds data; the reservation starts on one. */
  char *base = reserve(2 * g);
  assert_int_equal((uintptr_t)base % g, 0);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  assert_int_equal(mt_stats().physical_bytes, g);
  MT_CHECK(hipMemMap(base + g, g, 0, handle, 0));
  assert_true(mapped_at(base + g));
  set_access(base + g, g, hipMemLocationTypeDevice, 0);
  assert_shared(base + g, base + g, g);
  MT_CHECK(hipMemUnmap(base + g, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
  /* host_page: one host page is a granule; two_mib: it is not, so reserving or creating
     it is refused as any size off the granularity. */
  void *page_base = NULL;
  hipMemAllocationProp prop = mt_prop_device(0);
  if (g == page) {
    ROW_EXPECT(r, hipSuccess, hipMemAddressReserve(&page_base, page, 0, NULL, 0));
    MT_CHECK(hipMemAddressFree(page_base, page));
  } else {
    ROW_EXPECT(r, code_of(&reserve_size_granularity),
               hipMemAddressReserve(&page_base, page, 0, NULL, 0));
    if (cell_of(&create_size_rules) == GRANULE_MULTIPLE)
      ROW_EXPECT(r, hipErrorInvalidValue, hipMemCreate(&handle, page, &prop, 0));
  }
  assert_int_equal(mt_stats().live_reservations, 0);
  assert_int_equal(mt_stats().live_handles, 0);
}

void test_granularity_prop_checked(void **state) {
  (void)state;
  const row *r = &granularity_prop_checked;
  bool checked = cell_of(r) == YES;
  /* A prop create refuses: a bad type, a bad location type, a device past the two. */
  hipMemAllocationProp props[3] = {mt_prop_device(0), mt_prop_device(0), mt_prop_device(2)};
  props[0].type = hipMemAllocationTypeInvalid;
  props[1].location.type = hipMemLocationTypeInvalid;
  const hipError_t create_codes[3] = {hipErrorInvalidValue, hipErrorInvalidValue,
                                      code_of(&create_device_id)};
  for (size_t i = 0; i < 3; i++) {
    size_t g = 12345;
    ROW_EXPECT(r, checked ? hipErrorInvalidValue : hipSuccess,
               hipMemGetAllocationGranularity(&g, &props[i], hipMemAllocationGranularityMinimum));
    /* yes: refused, nothing written; no: the one granularity */
    assert_int_equal(g, checked ? 12345 : mt_granularity());
    /* create checks the prop whatever the row says */
    hipMemGenericAllocationHandle_t handle = NULL;
    ROW_EXPECT(r, create_codes[i], hipMemCreate(&handle, mt_granularity(), &props[i], 0));
    assert_null(handle);
  }
  assert_int_equal(mt_stats().live_handles, 0);
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

  /* A pool's memory is no reservation either: where any address frees nothing (6.0), it
     frees nothing there too, and the block stays the pool's, whole. */
  void *block = NULL;
  MT_CHECK(hipMallocAsync(&block, 4096, 0));
  MT_CHECK(hipStreamSynchronize(0));
  err = hipMemAddressFree(block, 4096);
  if (cell_of(r) == SUCCESS) {
    ROW_EXPECT(r, hipSuccess, err);
  } else {
    ROW_EXPECT(r, hipErrorInvalidValue, err);
    mt_assert_reason_contains("is memory of pool#");
  }
  MT_CHECK(hipMemset(block, 0x5a, 4096));
  unsigned char back[4096];
  MT_CHECK(hipMemcpy(back, block, sizeof back, hipMemcpyDeviceToHost));
  assert_int_equal(back[0], 0x5a);
  assert_int_equal(back[4095], 0x5a);
  MT_CHECK(hipFreeAsync(block, 0));
  MT_CHECK(hipStreamSynchronize(0));
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
  if (!seen.in_process)
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

void test_free_range(void **state) {
  (void)state;
  const row *r = &free_range;
  size_t g = mt_granularity();
  /* An interior address with the size of the rest, then the start with a size of its own:
     containing frees the whole reservation either way (a.3#3, #4); exact refuses both and
     frees it only by the ptr and size it was reserved with. */
  char *base = reserve(2 * g);
  ROW_EXPECT(r, cell_of(r) == EXACT ? hipErrorInvalidValue : hipSuccess,
             hipMemAddressFree(base + g, g));
  if (cell_of(r) == EXACT) {
    /* the reason names who refuses: "... HIP on NVIDIA (CUDA 13.0) frees a reservation by
       the ptr and size ..." */
    assert_non_null(strstr(mockhip_last_reason(), profile_title(played)));
    assert_int_equal(mt_stats().live_reservations, 1);
    assert_int_equal(mt_stats().reserved_bytes, 2 * g);
    ROW_EXPECT(r, hipErrorInvalidValue, hipMemAddressFree(base, g));
    ROW_EXPECT(r, hipErrorInvalidValue, hipMemAddressFree(base, 3 * g));
    assert_int_equal(mt_stats().live_reservations, 1);
    /* the reservation is whole and usable still */
    hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
    MT_CHECK(hipMemMap(base + g, g, 0, handle, 0));
    MT_CHECK(hipMemUnmap(base + g, g));
    MT_CHECK(hipMemRelease(handle));
    ROW_EXPECT(r, hipSuccess, hipMemAddressFree(base, 2 * g));
  }
  assert_int_equal(mt_stats().live_reservations, 0);
  assert_int_equal(mt_stats().reserved_bytes, 0);

  base = reserve(3 * g);
  ROW_EXPECT(r, cell_of(r) == EXACT ? hipErrorInvalidValue : hipSuccess,
             hipMemAddressFree(base, g));
  assert_int_equal(mt_stats().reserved_bytes, cell_of(r) == EXACT ? 3 * g : 0);
  if (cell_of(r) == EXACT)
    MT_CHECK(hipMemAddressFree(base, 3 * g));
  assert_int_equal(mt_stats().live_reservations, 0);
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
  if (cell_of(r) == POSIX || cell_of(r) == POSIX_CUDA) {
    ROW_EXPECT(r, hipSuccess, hipMemCreate(&handle, mt_granularity(), &prop, 0));
    hipMemAllocationProp stored;
    MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&stored, handle));
    assert_int_equal(stored.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
    MT_CHECK(hipMemRelease(handle));
  } else {
    ROW_EXPECT(r, hipErrorNotSupported, hipMemCreate(&handle, mt_granularity(), &prop, 0));
  }
  /* Others: NotSupported on ROCm; the CUDA driver refuses Win32 on Linux (InvalidValue) and
     Fabric without its fabric service (CUDA_ERROR_NOT_PERMITTED: Unknown). */
  bool cuda = cell_of(r) == POSIX_CUDA;
  prop.requestedHandleType = hipMemHandleTypeWin32;
  ROW_EXPECT(r, cuda ? hipErrorInvalidValue : hipErrorNotSupported,
             hipMemCreate(&handle, mt_granularity(), &prop, 0));
  prop.requestedHandleType = hipMemHandleTypeFabric;
  ROW_EXPECT(r, cuda ? hipErrorUnknown : hipErrorNotSupported,
             hipMemCreate(&handle, mt_granularity(), &prop, 0));
  assert_int_equal(mt_stats().live_handles, 0);
}

void test_create_size_rules(void **state) {
  (void)state;
  const row *r = &create_size_rules;
  hipMemGenericAllocationHandle_t handle = NULL;
  if (cell_of(r) == GRANULE_MULTIPLE) {
    /* Any size off the granularity is InvalidValue, a host page and half a granule too;
       whole granules are created as asked. */
    size_t g = mt_granularity(), page = (size_t)sysconf(_SC_PAGESIZE);
    const size_t refused[] = {4095, 2048, 6144, 1, page, g / 2, g + page, 2 * g - 2048};
    hipMemAllocationProp prop = mt_prop_device(0);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
      if (refused[i] % g == 0)
        continue; /* a granularity set to a host page makes it one */
      ROW_EXPECT(r, hipErrorInvalidValue, hipMemCreate(&handle, refused[i], &prop, 0));
      assert_int_equal(mt_stats().live_handles, 0);
    }
    for (size_t granules = 1; granules <= 2; granules++) {
      ROW_EXPECT(r, hipSuccess, hipMemCreate(&handle, granules * g, &prop, 0));
      assert_int_equal(mt_stats().physical_bytes, granules * g);
      MT_CHECK(hipMemRelease(handle));
    }
    assert_int_equal(mt_stats().live_handles, 0);
    return;
  }
  const size_t sizes[] = {4095, 2048, 6144, 1};
  const hipError_t checked[] = {hipErrorInvalidValue, hipErrorOutOfMemory, hipErrorOutOfMemory,
                                hipErrorInvalidValue};
  const size_t pages[] = {1, 1, 2, 1}; /* `no`: rounded up to whole pages */
  hipMemAllocationProp prop = mt_prop_device(0);
  for (size_t i = 0; i < 4; i++) {
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
