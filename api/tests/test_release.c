/*
 * test_release.c: the same memory released or freed twice. A plain
 * allocation's view (from hmo_memory_alloc, hmo_memory_reserve or
 * hmo_memory_wrap, with no slice or cast of it) goes, on its last release,
 * through the view quarantine of memory.c: its reference count stays 0, and a
 * second release reads that and answers HMO_EFREED in hmo_error_last(),
 * "released already", without touching the buffer and device behind it, which
 * are gone by then. A second hmo_memory_free reads the buffer's freed marker
 * and answers HMO_EFREED, "freed". Nothing is counted off twice: the device
 * still closes, and mockhip holds nothing.
 *
 * The quarantine keeps the last 1024 views released in the process, and a
 * pool's last 256 objects: a second release within that is detected whatever
 * the mode. Past it, a second release is the caller's bug, as a second free()
 * is, unless HMO_QUARANTINE=all keeps every released struct (ctest
 * hmo_release-quarantine-all, and an -quarantine-all run of each hmo test and
 * of the conformance suite); test_quarantine_all_detects_a_late_release runs
 * there only.
 */
#include "hmo_test.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static hmo_device *device;

static int open_device(void **state) {
  (void)state;
  return hmo_device_open(&device, 0) == HMO_OK ? 0 : -1;
}

static int close_device(void **state) {
  (void)state;
  int status = hmo_device_close(device);
  ht_assert_mock_clean();
  return status == HMO_OK ? 0 : -1;
}

/* Leaves HMO_EINVAL in hmo_error_last(), so that what a void call leaves there shows. */
static void clear_last_error(void) {
  HT_EXPECT(HMO_EINVAL, hmo_memory_free(NULL));
  assert_int_equal(hmo_error_last()->status, HMO_EINVAL);
}

/* hmo_error_last() holds `status` and a message holding `part`; prints it if not. */
#define EXPECT_LAST_ERROR(status, part) expect_last_error((status), (part), __FILE__, __LINE__)
static void expect_last_error(int status, const char *part, const char *file, int line) {
  const hmo_error *last = hmo_error_last();
  if (last->status != status || strstr(last->message, part) == NULL)
    print_error("%s:%d: hmo_error_last() is %s \"%s\"; expected %s with \"%s\"\n", file, line,
                ht_status_name(last->status), last->message, ht_status_name(status), part);
  assert_int_equal(last->status, status);
  assert_non_null(strstr(last->message, part));
  assert_int_equal(last->hip_error, 0); /* hmo's own finding: no HIP call was made */
}

#define RELEASED_AGAIN                                                                             \
  "hmo_memory_release: the memory was released already (hmo_memory_release dropped its last "      \
  "reference)"

/* Releases mem (its one reference) twice more after its last release. */
static void release_twice_more(hmo_memory *mem) {
  mockhip_stats_t before = ht_stats();
  for (int again = 0; again < 2; again++) {
    clear_last_error();
    hmo_memory_release(mem);
    EXPECT_LAST_ERROR(HMO_EFREED, RELEASED_AGAIN);
  }
  /* Nothing was freed or unmapped a second time. */
  mockhip_stats_t after = ht_stats();
  assert_true(ht_same_objects(&before, &after, "a released memory released again"));
  for (int api = 0; api < MOCKHIP_API_COUNT; api++)
    assert_int_equal(after.calls[api], before.calls[api]);
}

static void test_release_twice_of_alloc(void **state) {
  (void)state;
  hmo_memory *mem = NULL;
  HT_OK(hmo_memory_alloc(&mem, device, 100, HMO_INT32, NULL));
  hmo_memory_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(device), 0);
  ht_assert_mock_clean();
  release_twice_more(mem);
  assert_int_equal(hmo_device_bytes_allocated(device), 0);
}

static void test_release_twice_of_reserve(void **state) {
  (void)state;
  hmo_memory *mem = NULL;
  HT_OK(hmo_memory_reserve(&mem, device, 100, 100000, HMO_INT32));
  hmo_memory_release(mem);
  ht_assert_mock_clean();
  release_twice_more(mem);
}

static void test_release_twice_of_wrap(void **state) {
  (void)state;
  void *block = NULL;
  assert_int_equal(hipMalloc(&block, 4096), hipSuccess);
  hmo_memory *mem = NULL;
  HT_OK(hmo_memory_wrap(&mem, device, block, 4096, HMO_BYTE));
  hmo_memory_release(mem);
  release_twice_more(mem);
  assert_int_equal(hipFree(block), hipSuccess); /* never hmo's: still the caller's to free */
}

/* Allocations made and released between the two releases do not turn the second into a
   release of theirs. */
static void test_release_twice_between_others(void **state) {
  (void)state;
  hmo_memory *mem = NULL, *other = NULL;
  HT_OK(hmo_memory_alloc(&mem, device, 100, HMO_INT32, NULL));
  hmo_memory_release(mem);
  for (int i = 0; i < 16; i++) {
    HT_OK(hmo_memory_alloc(&other, device, 100, HMO_INT32, NULL));
    hmo_memory_release(other);
  }
  HT_OK(hmo_memory_alloc(&other, device, 100, HMO_INT32, NULL));
  release_twice_more(mem);
  assert_true(hmo_memory_is_valid(other));
  assert_int_equal(hmo_device_bytes_allocated(device), ht_granularity());
  hmo_memory_release(other);
}

static void test_free_twice(void **state) {
  (void)state;
  hmo_memory *mem = NULL;
  HT_OK(hmo_memory_alloc(&mem, device, 100, HMO_INT32, NULL));
  HT_OK(hmo_memory_free(mem));
  ht_assert_mock_clean();
  mockhip_stats_t before = ht_stats();
  HT_EXPECT(HMO_EFREED, hmo_memory_free(mem));
  EXPECT_LAST_ERROR(HMO_EFREED, "hmo_memory_free: the memory was freed (hmo_memory_free)");
  mockhip_stats_t after = ht_stats();
  for (int api = 0; api < MOCKHIP_API_COUNT; api++)
    assert_int_equal(after.calls[api], before.calls[api]);
  hmo_memory_release(mem); /* its reference is still the caller's */
  release_twice_more(mem);
}

/* Views of root: `count` slices, each released at once (`release`) or kept in held[]. */
static void slices(hmo_memory *root, size_t count, bool release, hmo_memory **held) {
  for (size_t i = 0; i < count; i++) {
    hmo_memory *slice = NULL;
    HT_OK(hmo_memory_slice(&slice, root, i % 100, 1));
    if (release)
      hmo_memory_release(slice);
    else
      held[i] = slice;
  }
}

/* Releases held[0..count) after checking that each is still a live view of one element. */
static void release_held(hmo_memory **held, size_t count) {
  for (size_t i = 0; i < count; i++) {
    assert_true(hmo_memory_is_valid(held[i]));
    assert_int_equal(hmo_memory_length(held[i]), 1);
    hmo_memory_release(held[i]);
  }
}

/* The last 1024 released views are detected in every mode: a plain allocation and a slice,
   then 1022 other slices, so that the first is the oldest of the 1024. */
static void test_second_release_within_the_quarantine(void **state) {
  (void)state;
  hmo_memory *first = NULL, *root = NULL, *first_slice = NULL;
  HT_OK(hmo_memory_alloc(&first, device, 100, HMO_INT32, NULL));
  HT_OK(hmo_memory_alloc(&root, device, 100, HMO_INT32, NULL));
  HT_OK(hmo_memory_slice(&first_slice, root, 0, 1));
  hmo_memory_release(first);
  hmo_memory_release(first_slice);
  slices(root, 1022, true, NULL);
  hmo_memory *held[64];
  slices(root, 64, false, held); /* made while first waits: none may be handed its struct */
  release_twice_more(first_slice);
  release_twice_more(first);
  release_held(held, 64);
  hmo_memory_release(root);
}

#define LATE 2000 /* past both quarantines: 1024 views, 256 pool objects */

/* LATE views of root, or objects of pool when it is not NULL, in held[]. */
static void make_late(hmo_memory *root, hmo_pool *pool, hmo_memory **held) {
  for (size_t i = 0; i < LATE; i++) {
    if (pool == NULL)
      HT_OK(hmo_memory_slice(&held[i], root, i % 100, 1));
    else
      HT_OK(hmo_pool_alloc(&held[i], pool, 1, HMO_INT32, NULL));
  }
}

/*
 * Under HMO_QUARANTINE=all: a plain allocation, a slice and a pool object released, then LATE
 * other views and LATE other pool objects made and released, then as many made again and held:
 * each first one released again answers HMO_EFREED, and no held one is released in its place.
 * (In the bounded mode the first ones' structs are freed or reused by then: the held ones are
 * made after the others are all released, so that they, not a view released meanwhile, take
 * those structs, and a second release would drop a held one's reference.)
 */
static void test_quarantine_all_detects_a_late_release(void **state) {
  (void)state;
  const char *mode = getenv("HMO_QUARANTINE");
  if (mode == NULL || strcasecmp(mode, "all") != 0) {
    printf("skip: HMO_QUARANTINE is not all: past the last 1024 released views (a pool's last "
           "256 objects) a second release is the caller's bug, as a second free() is; ctest "
           "hmo_release-quarantine-all runs this case\n");
    skip();
    return;
  }
  hmo_memory **held = calloc(2 * LATE, sizeof *held);
  assert_non_null(held);
  hmo_memory *first = NULL, *root = NULL, *first_slice = NULL, *first_object = NULL;
  hmo_pool *pool = NULL;
  HT_OK(hmo_pool_create(&pool, device, HT_MIB));
  HT_OK(hmo_memory_alloc(&first, device, 100, HMO_INT32, NULL));
  HT_OK(hmo_memory_alloc(&root, device, 100, HMO_INT32, NULL));
  HT_OK(hmo_memory_slice(&first_slice, root, 0, 1));
  HT_OK(hmo_pool_alloc(&first_object, pool, 100, HMO_INT32, NULL));
  hmo_memory_release(first);
  hmo_memory_release(first_slice);
  hmo_memory_release(first_object);
  make_late(root, NULL, held);
  make_late(NULL, pool, held + LATE);
  release_held(held, 2 * LATE);
  make_late(root, NULL, held);
  make_late(NULL, pool, held + LATE);
  release_twice_more(first);
  release_twice_more(first_slice);
  release_twice_more(first_object);
  release_held(held, 2 * LATE);
  free(held);
  assert_int_equal(hmo_pool_objects(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
  hmo_memory_release(root);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_release_twice_of_alloc),
      cmocka_unit_test(test_release_twice_of_reserve),
      cmocka_unit_test(test_release_twice_of_wrap),
      cmocka_unit_test(test_release_twice_between_others),
      cmocka_unit_test(test_free_twice),
      cmocka_unit_test(test_second_release_within_the_quarantine),
      cmocka_unit_test(test_quarantine_all_detects_a_late_release),
  };
  return cmocka_run_group_tests(tests, open_device, close_device);
}
