/*
 * profile_rows_mapping.c: the rows of table (g) about mappings: the size and
 * offset a map takes, part of a handle, a released handle, failed maps, unmap
 * codes and ranges, sparse arrays. What is mapped is read from the dump and the
 * statistics.
 */
#include "profile_check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*
 * After a map that failed (`err`, strict output `said`): `swallowed` returned
 * Success, mapped nothing and kept the map's reference, so the handle survives
 * one extra release; a code mapped nothing and took nothing.
 */
static void check_failed_map(const row *r, hipError_t err, char *said,
                             hipMemGenericAllocationHandle_t handle, size_t mappings) {
  bool swallowed = cell_of(&map_failure) == SWALLOWED;
  ROW_EXPECT(r, swallowed ? hipSuccess : code_of(&map_failure), err);
  assert_strict(r, said, "returns hipSuccess here but maps nothing", swallowed);
  assert_int_equal(mt_stats().live_mappings, mappings);
  size_t handles = mt_stats().live_handles;
  MT_CHECK(hipMemRelease(handle));
  if (swallowed) { /* the program released all it had: the leak report lists the handle */
    assert_int_equal(mt_stats().live_handles, handles);
    FILE *report = tmpfile();
    assert_non_null(report);
    assert_int_equal(mockhip_leak_report(report), mockhip_live_objects());
    char *text = mt_read_stream(report);
    fclose(report);
    char handle_text[64];
    snprintf(handle_text, sizeof handle_text, "%p", (void *)handle);
    if (strstr(text, handle_text) == NULL)
      print_error("the leak report does not list handle %s:\n%s", handle_text, text);
    assert_non_null(strstr(text, handle_text));
    free(text);
    MT_CHECK(hipMemRelease(handle));
  }
  assert_int_equal(mt_stats().live_handles, handles - 1);
}

void test_map_size_checked(void **state) {
  (void)state;
  const row *r = &map_size_checked;
  size_t g = mt_granularity();
  void *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypeNone);
  strict_begin();
  hipError_t err = hipMemMap(base, 2048, 0, handle, 0); /* not whole pages */
  char *said = strict_end();
  if (cell_of(&map_part_of_handle) == NOT_SUPPORTED) {
    /* HIP on NVIDIA compares the size with the handle's first: part of it is NotSupported. */
    ROW_EXPECT(r, hipErrorNotSupported, err);
    free(said);
    assert_int_equal(mt_stats().live_mappings, 0);
    MT_CHECK(hipMemRelease(handle));
  } else if (cell_of(r) == YES) {
    ROW_EXPECT(r, hipErrorInvalidValue, err);
    free(said);
    assert_int_equal(mt_stats().live_mappings, 0);
    MT_CHECK(hipMemRelease(handle));
  } else { /* HIP lets it through; ROCr refuses; map_failure decides */
    check_failed_map(r, err, said, handle, 0);
  }
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_map_failure(void **state) {
  (void)state;
  const row *r = &map_failure;
  size_t g = mt_granularity();
  void *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t first = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, first, 0));

  hipMemGenericAllocationHandle_t overlapping = create(g, hipMemHandleTypeNone);
  strict_begin();
  hipError_t err = hipMemMap(base, g, 0, overlapping, 0);
  char *said = strict_end();
  check_failed_map(r, err, said, overlapping, 1);

  /* Past the reservation's end: refused, where map_past_reservation says so (the row's own
     test tries the space past the end free and held). */
  if (cell_of(&map_past_reservation) == REFUSED) {
    hipMemGenericAllocationHandle_t past_the_end = create(2 * g, hipMemHandleTypeNone);
    strict_begin();
    err = hipMemMap((char *)base + g, 2 * g, 0, past_the_end, 0);
    said = strict_end();
    check_failed_map(r, err, said, past_the_end, 1);
  }

  /* A pool's range is the pool's reservation, not the program's: ROCr refuses that map too. */
  void *block = NULL;
  MT_CHECK(hipMallocAsync(&block, g, NULL));
  void *pool_granule = (void *)((uintptr_t)block & ~(uintptr_t)(g - 1));
  hipMemGenericAllocationHandle_t into_pool = create(g, hipMemHandleTypeNone);
  strict_begin();
  err = hipMemMap(pool_granule, g, 0, into_pool, 0);
  said = strict_end();
  check_failed_map(r, err, said, into_pool, 1);
  MT_CHECK(hipFreeAsync(block, NULL));
  MT_CHECK(hipDeviceSynchronize());

  assert_true(has_grant(base, "dev0=-"));
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(first));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

/* A reservation of `bytes` with free address space after it: twice the size is reserved and
   given back, then `bytes` asked for at its start, where nothing lies now. */
static char *reserve_alone(size_t bytes) {
  char *room = reserve(2 * bytes), *ptr = NULL;
  MT_CHECK(hipMemAddressFree(room, 2 * bytes));
  MT_CHECK(hipMemAddressReserve((void **)&ptr, bytes, 0, room, 0));
  assert_ptr_equal(ptr, room);
  return ptr;
}

/* hipMemMap(base + g, 2g) of a reservation of 2g at base: one granule past its end. */
static hipError_t map_one_granule_past(char *base, hipMemGenericAllocationHandle_t handle,
                                       char **said) {
  size_t g = mt_granularity();
  strict_begin();
  hipError_t err = hipMemMap(base + g, 2 * g, 0, handle, 0);
  *said = strict_end();
  return err;
}

/*
 * A map from the last granule of a reservation, one granule past its end. `refused`: as
 * map_failure says. `free_space` (HIP on NVIDIA): into space nothing holds it succeeds, the
 * mapping holds that space until its unmap, and the reservation is not freed while it lives;
 * into a live reservation or other memory of the process, refused (InvalidValue).
 */
void test_map_past_reservation(void **state) {
  (void)state;
  const row *r = &map_past_reservation;
  size_t g = mt_granularity();
  /* The handle first: its memory must not land in the room reserve_alone frees. */
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypeNone);
  char *base = reserve_alone(2 * g), *said;
  hipError_t err = map_one_granule_past(base, handle, &said);
  if (cell_of(r) == REFUSED) {
    check_failed_map(r, err, said, handle, 0);
    MT_CHECK(hipMemAddressFree(base, 2 * g));
    return;
  }
  ROW_EXPECT(r, hipSuccess, err);
  assert_strict(r, said, "maps it, no ROCm release does", true);
  assert_true(mapped_at(base + g));
  assert_int_equal(mt_stats().mapped_bytes, 2 * g);
  assert_int_equal(mt_stats().reserved_bytes, 2 * g);

  /* The whole mapping is memory, its part past the end too. */
  set_access(base + g, 2 * g, hipMemLocationTypeDevice, 0);
  MT_CHECK(hipMemsetD8(base + g, 0x5a, 2 * g));
  unsigned char *host = malloc(g);
  assert_non_null(host);
  MT_CHECK(hipMemcpyDtoH(host, base + 2 * g, g));
  assert_int_equal(host[0], 0x5a);
  assert_int_equal(host[g - 1], 0x5a);
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  unsigned long long flags = 0;
  MT_CHECK(hipMemGetAccess(&flags, &device0, base + 3 * g - 1));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  free(host);

  /* While it lives the reservation is not freed: refused, and kept. */
  ROW_EXPECT(r, code_of(&free_with_mappings), hipMemAddressFree(base, 2 * g));
  assert_int_equal(mt_stats().live_reservations, 1);
  assert_true(mapped_at(base + g));
  /* Nothing else is given the space the mapping holds. */
  char *hinted = NULL;
  MT_CHECK(hipMemAddressReserve((void **)&hinted, g, 0, base + 2 * g, 0));
  assert_ptr_not_equal(hinted, base + 2 * g);
  MT_CHECK(hipMemAddressFree(hinted, g));

  /* The unmap gives the space back: a reservation asked for there gets it. */
  MT_CHECK(hipMemUnmap(base + g, 2 * g));
  assert_int_equal(mt_stats().live_mappings, 0);
  MT_CHECK(hipMemAddressReserve((void **)&hinted, g, 0, base + 2 * g, 0));
  assert_ptr_equal(hinted, base + 2 * g);
  /* Into that live reservation: refused, and the reason names it. */
  ROW_EXPECT(r, hipErrorInvalidValue, map_one_granule_past(base, handle, &said));
  free(said);
  mt_assert_reason_contains("into reservation#");
  MT_CHECK(hipMemAddressFree(hinted, g));
  /* Into memory of the process that is none of HIP's: refused. */
  void *other =
      mmap(base + 2 * g, g, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  assert_ptr_equal(other, base + 2 * g);
  ROW_EXPECT(r, hipErrorInvalidValue, map_one_granule_past(base, handle, &said));
  free(said);
  mt_assert_reason_contains("other memory of the process");
  assert_int_equal(munmap(other, g), 0);
  assert_int_equal(mt_stats().live_mappings, 0);

  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_unmap_unmapped(void **state) {
  (void)state;
  const row *r = &unmap_unmapped;
  size_t g = mt_granularity();
  void *base = reserve(2 * g);
  strict_begin();
  hipError_t reserved_only = hipMemUnmap(base, g);
  char *said = strict_end();
  ROW_EXPECT(r, code_of(r), reserved_only);
  if (cell_of(r) == SUCCESS) { /* nothing unmapped, and strict mode says so: the event's truth */
    char wanted[192];
    snprintf(wanted, sizeof wanted,
             "on %s: hipMemUnmap of reserved address space that no "
             "mapping holds unmaps nothing",
             profile_title(played));
    if (strstr(said, wanted) == NULL)
      print_error("expected a strict line saying \"%s\", stderr was:\n%s", wanted, said);
    assert_non_null(strstr(said, wanted));
    free(said);
  } else
    assert_strict(r, said, "crashes here", cell_of(r) == CRASH);

  /* Outside any reservation: InvalidValue where the reserved case succeeds. */
  char host[64];
  strict_begin();
  hipError_t nowhere = hipMemUnmap(host, sizeof host);
  said = strict_end();
  ROW_EXPECT(r, cell_of(r) == SUCCESS ? hipErrorInvalidValue : code_of(r), nowhere);
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

/* The child frees the reservation a `containing` unmap left a mapping in. */
static void free_after_containing_unmap(child_view *view) {
  view->err[0] = hipMemAddressFree(view->base, 3 * view->g);
  child_counts(view, 0);
}

void test_unmap_size(void **state) {
  (void)state;
  const row *r = &unmap_size;
  size_t g = mt_granularity();

  /* One unmap over two whole mappings. */
  char *base = reserve(3 * g);
  hipMemGenericAllocationHandle_t a = create(g, hipMemHandleTypeNone);
  hipMemGenericAllocationHandle_t b = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, a, 0));
  MT_CHECK(hipMemMap(base + g, g, 0, b, 0));
  strict_begin();
  hipError_t err = hipMemUnmap(base, 2 * g);
  char *said = strict_end();
  ROW_EXPECT(r, cell_of(r) == WHOLE_MAPPING ? hipErrorInvalidValue : hipSuccess, err);
  assert_strict(r, said, "fails here", cell_of(r) == CONTAINING);
  switch (cell_of(r)) {
  case WHOLE_MAPPING: /* nothing unmapped */
    assert_true(mapped_at(base) && mapped_at(base + g));
    MT_CHECK(hipMemUnmap(base, g));
    MT_CHECK(hipMemUnmap(base + g, g));
    break;
  case CONTAINING: { /* only the first; the second is still mapped, ROCR-Runtime#285 */
    assert_false(mapped_at(base));
    assert_true(mapped_at(base + g));
    assert_int_equal(mt_stats().live_mappings, 1);
    hipMemGenericAllocationHandle_t held = NULL;
    ROW_EXPECT(r, hipSuccess, hipMemRetainAllocationHandle(&held, base + g));
    assert_ptr_equal(held, b);
    ROW_EXPECT(r, hipErrorInvalidValue, hipMemRetainAllocationHandle(&held, base));
    /* So hipMemAddressFree fails as the release's free_with_mappings cell says. */
    child_view seen = in_child(free_after_containing_unmap, base, g);
    MT_CHECK(hipMemUnmap(base + g, g));
    ROW_EXPECT(r, code_of(&free_with_mappings), seen.err[0]);
    assert_int_equal(seen.mappings[0], 1);
    break;
  }
  default: /* exact_run: both */ assert_false(mapped_at(base) || mapped_at(base + g)); break;
  }
  assert_int_equal(mt_stats().live_mappings, 0);
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemRelease(b));
  MT_CHECK(hipMemAddressFree(base, 3 * g));

  /* Half of one mapping. */
  base = reserve(2 * g);
  a = create(2 * g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, 2 * g, 0, a, 0));
  err = hipMemUnmap(base, g);
  if (cell_of(r) == CONTAINING) { /* the size is not checked: the whole mapping goes */
    ROW_EXPECT(r, hipSuccess, err);
    assert_false(mapped_at(base));
  } else {
    ROW_EXPECT(r, hipErrorInvalidValue, err);
    assert_true(mapped_at(base));
    MT_CHECK(hipMemUnmap(base, 2 * g));
  }
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemAddressFree(base, 2 * g));

  /* From inside a mapping, with its whole size: every word but whole_run finds the mapping
     by containment and unmaps all of it (a.7 notes); whole_run wants its first byte. No
     other mapping follows, so strict mode has nothing left mapped to report. */
  base = reserve(2 * g);
  a = create(2 * g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, 2 * g, 0, a, 0));
  strict_begin();
  err = hipMemUnmap(base + g, 2 * g);
  said = strict_end();
  ROW_EXPECT(r, cell_of(r) == WHOLE_RUN ? hipErrorInvalidValue : hipSuccess, err);
  assert_strict(r, said, "fails here", false);
  assert_int_equal(mapped_at(base), cell_of(r) == WHOLE_RUN);
  if (cell_of(r) == WHOLE_RUN)
    MT_CHECK(hipMemUnmap(base, 2 * g));
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_map_offset(void **state) {
  (void)state;
  const row *r = &map_offset;
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypeNone);
  /* A granule into the handle, and into a granule-sized handle (past its end). */
  ROW_EXPECT(r, code_of(r), hipMemMap(base, g, g, handle, 0));
  ROW_EXPECT(r, code_of(r), hipMemMap(base, 2 * g, g, handle, 0));
  assert_int_equal(mt_stats().live_mappings, 0);
  assert_false(mapped_at(base));
  /* The refused maps took no reference: one release frees the handle. */
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_map_part_of_handle(void **state) {
  (void)state;
  const row *r = &map_part_of_handle;
  bool allowed = cell_of(r) == ALLOWED;
  size_t g = mt_granularity();
  /* Two reservations: one mapping size in each, away from 7.x's set-access bug (e.4). */
  char *part = reserve(g), *whole = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypeNone);
  /* The first granule of a two-granule handle: a mapping of its first bytes, or nothing. */
  ROW_EXPECT(r, allowed ? hipSuccess : code_of(r), hipMemMap(part, g, 0, handle, 0));
  assert_int_equal(mapped_at(part), allowed);
  assert_int_equal(mt_stats().mapped_bytes, allowed ? g : 0);
  /* The whole handle maps in every release, and is the same memory as its first part. */
  MT_CHECK(hipMemMap(whole, 2 * g, 0, handle, 0));
  set_access(whole, 2 * g, hipMemLocationTypeDevice, 0);
  if (allowed) {
    set_access(part, g, hipMemLocationTypeDevice, 0);
    assert_shared(part, whole, g);
    MT_CHECK(hipMemUnmap(part, g));
  }
  /* More than the handle: InvalidValue (the mock has no more memory to map), or the row's
     code; on NVIDIA the size decides before the range, so even a size off the granules. */
  char *more = reserve(2 * g);
  hipMemGenericAllocationHandle_t small = create(g, hipMemHandleTypeNone);
  ROW_EXPECT(r, allowed ? hipErrorInvalidValue : code_of(r), hipMemMap(more, 2 * g, 0, small, 0));
  if (!allowed)
    ROW_EXPECT(r, code_of(r), hipMemMap(more, g + g / 2, 0, small, 0));
  assert_false(mapped_at(more));
  MT_CHECK(hipMemRelease(small));
  MT_CHECK(hipMemAddressFree(more, 2 * g));
  MT_CHECK(hipMemUnmap(whole, 2 * g));
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(part, g));
  MT_CHECK(hipMemAddressFree(whole, 2 * g));
}

void test_map_released_handle(void **state) {
  (void)state;
  const row *r = &map_released_handle;
  bool allowed = cell_of(r) == ALLOWED;
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  MT_CHECK(hipMemRelease(handle)); /* the mapping keeps the memory (release_while_mapped) */
  assert_int_equal(mt_stats().live_handles, 1);
  /* A second mapping of the released handle: an alias of the first, or refused. */
  ROW_EXPECT(r, allowed ? hipSuccess : code_of(r), hipMemMap(base + g, g, 0, handle, 0));
  assert_int_equal(mapped_at(base + g), allowed);
  assert_int_equal(mt_stats().live_mappings, allowed ? 2 : 1);
  set_access(base, g, hipMemLocationTypeDevice, 0);
  if (allowed) {
    set_access(base + g, g, hipMemLocationTypeDevice, 0);
    assert_shared(base, base + g, g);
    MT_CHECK(hipMemUnmap(base + g, g));
  }
  assert_shared(base, base, g);   /* the first mapping is untouched */
  MT_CHECK(hipMemUnmap(base, g)); /* the last mapping: the memory goes */
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_map_array_async(void **state) {
  (void)state;
  const row *r = &map_array_async;
  /* Valid list and count: NotSupported without sparse arrays (ROCm); the mock makes none
     that an entry could name, so the NVIDIA driver refuses the entry. */
  hipArrayMapInfo info;
  memset(&info, 0, sizeof info);
  ROW_EXPECT(r, code_of(r), hipMemMapArrayAsync(&info, 1, NULL));
  /* Its argument checks come first everywhere. */
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemMapArrayAsync(NULL, 1, NULL));
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemMapArrayAsync(&info, 0, NULL));
  assert_int_equal(mt_stats().live_mappings, 0);
}
