/*
 * profile_rows_mapping.c: the rows of table (g) about mappings and access:
 * failed maps, unmap codes and ranges, set-access ranges and locations,
 * get-access. What is mapped and who may access it is read from the dump, which
 * every release can show (6.0's hipMemGetAccess writes nothing).
 */
#include "profile_check.h"

#include <stdlib.h>
#include <string.h>

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
  if (cell_of(r) == YES) {
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

  hipMemGenericAllocationHandle_t past_the_end = create(2 * g, hipMemHandleTypeNone);
  strict_begin();
  err = hipMemMap((char *)base + g, 2 * g, 0, past_the_end, 0);
  said = strict_end();
  check_failed_map(r, err, said, past_the_end, 1);

  assert_true(has_grant(base, "dev0=-"));
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(first));
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
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);

  char host[64];
  strict_begin();
  hipError_t nowhere = hipMemUnmap(host, sizeof host);
  said = strict_end();
  ROW_EXPECT(r, code_of(r), nowhere);
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
}

/*
 * A growable buffer: chunk A (g) at base, chunk B (2g) after it, a hole of g
 * at the end. SetAccess(device 0) over [base + from, + bytes); returns the code
 * and whether A and B then have read-write access.
 */
typedef struct access_result {
  hipError_t err;
  bool a, b;
  char *said;
} access_result;

static access_result set_access_on_chunks(size_t b_granules, size_t from, size_t bytes) {
  size_t g = mt_granularity();
  size_t reserved = (1 + b_granules + 1) * g;
  char *base = reserve(reserved);
  hipMemGenericAllocationHandle_t a = create(g, hipMemHandleTypeNone);
  hipMemGenericAllocationHandle_t b = create(b_granules * g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, a, 0));
  MT_CHECK(hipMemMap(base + g, b_granules * g, 0, b, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  access_result result;
  strict_begin();
  result.err = hipMemSetAccess(base + from, bytes, &desc, 1);
  result.said = strict_end();
  result.a = has_grant(base, "dev0=rw");
  result.b = has_grant(base + g, "dev0=rw");
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemUnmap(base + g, b_granules * g));
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemRelease(b));
  MT_CHECK(hipMemAddressFree(base, reserved));
  return result;
}

void test_set_access_size(void **state) {
  (void)state;
  const row *r = &set_access_size;
  size_t g = mt_granularity();
  cell word = cell_of(r);

  /* Exactly chunk B: the 7.0-7.2 bug (rocm-systems#2516) refuses it. */
  access_result got = set_access_on_chunks(2, g, 2 * g);
  ROW_EXPECT(r, word == FIRST_MAPPINGS ? hipErrorInvalidValue : hipSuccess, got.err);
  assert_strict(r, got.said, "fails here", word == FIRST_MAPPINGS);
  assert_false(got.a);
  assert_int_equal(got.b, word != FIRST_MAPPINGS);

  /* Half of B: extended to all of B, or refused. first_mappings's cell does not
     say what a size equal to the first mappings but inside B does: not asked. */
  if (word != FIRST_MAPPINGS) {
    got = set_access_on_chunks(2, g, g);
    ROW_EXPECT(r, word == EXTEND ? hipSuccess : hipErrorInvalidValue, got.err);
    free(got.said);
    assert_false(got.a);
    assert_int_equal(got.b, word == EXTEND);
  }

  /* A and B together: every release. */
  got = set_access_on_chunks(2, 0, 3 * g);
  ROW_EXPECT(r, hipSuccess, got.err);
  free(got.said);
  assert_true(got.a && got.b);

  /* Into the hole at the end: every release refuses. */
  got = set_access_on_chunks(2, 0, 4 * g);
  ROW_EXPECT(r, hipErrorInvalidValue, got.err);
  free(got.said);
  assert_false(got.a || got.b);

  /* Chunks of one size: B alone works everywhere, the bug needs two sizes. */
  got = set_access_on_chunks(1, g, g);
  ROW_EXPECT(r, hipSuccess, got.err);
  assert_strict(r, got.said, "fails here", false);
  assert_false(got.a);
  assert_true(got.b);
}

/* SetAccess with one descriptor on a g mapping located at `where`; *access gets the dump's. */
static hipError_t set_access_as(hipMemLocationType where, hipMemAccessDesc desc, char **access) {
  size_t g = mt_granularity();
  hipMemAllocationProp prop = where == hipMemLocationTypeHost ? mt_prop_host() : mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  void *base = reserve(g);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  hipError_t err = hipMemSetAccess(base, g, &desc, 1);
  *access = access_text(base);
  assert_non_null(*access);
  if (cell_of(&get_access_checked) == YES) { /* GetAccess agrees with the dump for device 0 */
    hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
    unsigned long long flags = 99;
    MT_CHECK(hipMemGetAccess(&flags, &device0, base));
    assert_int_equal(flags == hipMemAccessFlagsProtReadWrite, strstr(*access, "dev0=rw") != NULL);
  }
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, g));
  return err;
}

static void assert_access(const row *r, char *access, const char *want) {
  if (strcmp(access, want) != 0)
    print_error("row %s, profile %s: access \"%s\", expected \"%s\"\n", r->key,
                profile_names[played], access, want);
  assert_string_equal(access, want);
  free(access);
}

void test_set_access_locations(void **state) {
  (void)state;
  const row *r = &set_access_locations;
  const hipMemLocationType device = hipMemLocationTypeDevice, host = hipMemLocationTypeHost;
  cell word = cell_of(r);
  char *access;
#define RW(type, id) ((hipMemAccessDesc){{(type), (id)}, hipMemAccessFlagsProtReadWrite})

  /* Host on device memory: device 0 (as_device), refused (host_located), the host (all). */
  hipError_t err = set_access_as(device, RW(host, 0), &access);
  ROW_EXPECT(r, word == HOST_LOCATED ? hipErrorInvalidValue : hipSuccess, err);
  assert_access(r, access,
                word == AS_DEVICE ? "dev0=rw dev1=- host=-"
                : word == ALL     ? "dev0=- dev1=- host=rw"
                                  : "dev0=- dev1=- host=-");

  /* as_device takes the id as a device's. */
  if (word != ALL) {
    err = set_access_as(device, RW(host, 1), &access);
    ROW_EXPECT(r, word == AS_DEVICE ? hipSuccess : hipErrorInvalidValue, err);
    assert_access(r, access, word == AS_DEVICE ? "dev0=- dev1=rw host=-" : "dev0=- dev1=- host=-");
  }

  /* An invalid type is a device to as_device, refused by the others. */
  err = set_access_as(device, RW(hipMemLocationTypeInvalid, 0), &access);
  ROW_EXPECT(r, word == AS_DEVICE ? hipSuccess : hipErrorInvalidValue, err);
  assert_access(r, access, word == AS_DEVICE ? "dev0=rw dev1=- host=-" : "dev0=- dev1=- host=-");

  /* HostNuma: a device to as_device, refused by host_located, allowed by all. */
  err = set_access_as(device, RW(hipMemLocationTypeHostNuma, 0), &access);
  ROW_EXPECT(r, word == HOST_LOCATED ? hipErrorInvalidValue : hipSuccess, err);
  if (word == AS_DEVICE)
    assert_access(r, access, "dev0=rw dev1=- host=-");
  else
    free(access);

  /* Host on host memory, where the release can make it (not location_types `device`). */
  if (cell_of(&location_types) != DEVICE) {
    err = set_access_as(host, RW(host, 0), &access);
    ROW_EXPECT(r, hipSuccess, err);
    assert_access(r, access, "dev0=- dev1=- host=rw");
  }

  /* A device descriptor works everywhere. */
  err = set_access_as(device, RW(device, 1), &access);
  ROW_EXPECT(r, hipSuccess, err);
  assert_access(r, access, "dev0=- dev1=rw host=-");
#undef RW
}

void test_get_access_checked(void **state) {
  (void)state;
  const row *r = &get_access_checked;
  bool checked = cell_of(r) == YES;
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  set_access(base, g, hipMemLocationTypeDevice, 0);
  assert_true(has_grant(base, "dev0=rw"));

  const unsigned long long untouched = 0xdead;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0}, device1 = {hipMemLocationTypeDevice, 1};
  unsigned long long flags = untouched;
  ROW_EXPECT(r, hipSuccess, hipMemGetAccess(&flags, &device0, base + 100));
  assert_int_equal(flags, checked ? hipMemAccessFlagsProtReadWrite : untouched);
  flags = untouched;
  ROW_EXPECT(r, hipSuccess, hipMemGetAccess(&flags, &device1, base));
  assert_int_equal(flags, checked ? hipMemAccessFlagsProtNone : untouched);
  flags = untouched; /* reserved, not mapped */
  ROW_EXPECT(r, checked ? hipErrorInvalidValue : hipSuccess,
             hipMemGetAccess(&flags, &device0, base + g));
  assert_int_equal(flags, untouched);

  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}
