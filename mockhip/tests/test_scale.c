/*
 * test_scale.c: tens of thousands of live mappings stay usable (every lookup
 * finds the right one), fifty thousand handles fit in ROCm's usual open file
 * limit of 1024, and a terabyte of address space costs no memory.
 * Nothing here measures time.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#define MAPPINGS 20000
#define HANDLES 16
#define TIB ((size_t)1 << 40)

static uint64_t tag(size_t handle) { return 1000 * (uint64_t)handle + 7; }

static void test_twenty_thousand_mappings(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handles[HANDLES];
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, MAPPINGS * granule, 0, NULL, 0));
  char *base = range;
  for (size_t h = 0; h < HANDLES; h++)
    MT_CHECK(hipMemCreate(&handles[h], granule, &prop, 0));
  /* Mapping i shows handle i % HANDLES: a few allocations, many aliases. */
  for (size_t i = 0; i < MAPPINGS; i++)
    MT_CHECK(hipMemMap(base + i * granule, granule, 0, handles[i % HANDLES], 0));
  mockhip_stats_t stats = mt_stats();
  assert_int_equal(stats.live_mappings, MAPPINGS);
  assert_int_equal(stats.mapped_bytes, MAPPINGS * granule);
  assert_int_equal(stats.physical_bytes, HANDLES * granule);

  /* One call covers all of them: consecutive whole mappings. */
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base, MAPPINGS * granule, &desc, 1));

  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  for (size_t i = 0; i < MAPPINGS; i++) {
    unsigned long long flags = 0;
    MT_CHECK(hipMemGetAccess(&flags, &device0, base + i * granule + i % granule));
    assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  }
  for (size_t h = 0; h < HANDLES; h++) {
    uint64_t value = tag(h);
    MT_CHECK(hipMemcpy(base + h * granule, &value, sizeof value, hipMemcpyHostToDevice));
  }
  for (size_t i = 0; i < MAPPINGS; i++) {
    uint64_t value = 0;
    MT_CHECK(hipMemcpy(&value, base + i * granule, sizeof value, hipMemcpyDeviceToHost));
    assert_int_equal(value, tag(i % HANDLES));
  }
  /* A copy spanning three mappings in the middle. */
  char *span = malloc(3 * granule);
  assert_non_null(span);
  size_t first = MAPPINGS / 2;
  MT_CHECK(hipMemcpy(span, base + first * granule, 3 * granule, hipMemcpyDeviceToHost));
  for (size_t k = 0; k < 3; k++) {
    uint64_t value;
    memcpy(&value, span + k * granule, sizeof value);
    assert_int_equal(value, tag((first + k) % HANDLES));
  }
  free(span);

  /* Half one by one, the other half in a single call. */
  for (size_t i = 0; i < MAPPINGS / 2; i++)
    MT_CHECK(hipMemUnmap(base + i * granule, granule));
  MT_CHECK(hipMemUnmap(base + MAPPINGS / 2 * granule, MAPPINGS / 2 * granule));
  for (size_t h = 0; h < HANDLES; h++)
    MT_CHECK(hipMemRelease(handles[h]));
  MT_CHECK(hipMemAddressFree(base, MAPPINGS * granule));
}

/* ---- 50,000 handles and 20,000 mappings under a soft limit of 1024 descriptors ---- */

#define LIVE_HANDLES 50000
#define LIVE_MAPPINGS 20000
#define FD_LIMIT 1024

static struct rlimit saved_fd_limit;

static int setup_fd_limit(void **state) {
  mt_assert_clean();
  assert_int_equal(getrlimit(RLIMIT_NOFILE, &saved_fd_limit), 0);
  struct rlimit low = saved_fd_limit;
  if (low.rlim_cur == RLIM_INFINITY || low.rlim_cur > FD_LIMIT)
    low.rlim_cur = FD_LIMIT;
  assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
  *state = NULL;
  return 0;
}

static int teardown_fd_limit(void **state) {
  (void)state;
  assert_int_equal(setrlimit(RLIMIT_NOFILE, &saved_fd_limit), 0);
  mt_assert_clean();
  return 0;
}

static uint64_t mapping_tag(size_t i) { return 0x5ca1e00000000000ULL + i; }

static void test_fifty_thousand_handles_at_1024_fds(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  size_t fds = mt_open_fds();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t *handles = calloc(LIVE_HANDLES, sizeof *handles);
  assert_non_null(handles);
  for (size_t h = 0; h < LIVE_HANDLES; h++)
    MT_CHECK(hipMemCreate(&handles[h], granule, &prop, 0));
  assert_true(mt_open_fds() < fds + 4); /* a few arena files, not a descriptor each */

  /* Mapping i shows handle 2i: no two neighbours are neighbours in memory,
     so no map areas merge and each mapping costs the kernel one. */
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, LIVE_MAPPINGS * granule, 0, NULL, 0));
  char *base = range;
  for (size_t i = 0; i < LIVE_MAPPINGS; i++)
    MT_CHECK(hipMemMap(base + i * granule, granule, 0, handles[2 * i], 0));
  /* Device 0 for the copies, the host for the CPU's touches. */
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  MT_CHECK(hipMemSetAccess(base, LIVE_MAPPINGS * granule, desc, 2));
  mockhip_stats_t stats = mt_stats();
  assert_int_equal(stats.live_handles, LIVE_HANDLES);
  assert_int_equal(stats.live_mappings, LIVE_MAPPINGS);
  assert_int_equal(stats.physical_bytes, LIVE_HANDLES * granule);

  /* Every page reads zero, then holds what was written: by the CPU to even
     mappings, by hipMemcpy to odd ones; each is read back the other way. */
  for (size_t i = 0; i < LIVE_MAPPINGS; i++) {
    uint64_t *word = (uint64_t *)(base + i * granule);
    assert_int_equal(word[0], 0);
    uint64_t value = mapping_tag(i);
    if (i % 2 == 0)
      word[0] = value;
    else
      MT_CHECK(hipMemcpy(word, &value, sizeof value, hipMemcpyHostToDevice));
  }
  for (size_t i = 0; i < LIVE_MAPPINGS; i++) {
    uint64_t *word = (uint64_t *)(base + i * granule);
    uint64_t value = 0;
    if (i % 2 == 0)
      MT_CHECK(hipMemcpy(&value, word, sizeof value, hipMemcpyDeviceToHost));
    else
      value = word[0];
    assert_int_equal(value, mapping_tag(i));
  }
  /* A second view of handle 2i at a new address shows the same bytes. */
  void *view = NULL;
  MT_CHECK(hipMemAddressReserve(&view, granule, 0, NULL, 0));
  MT_CHECK(hipMemMap(view, granule, 0, handles[2 * (LIVE_MAPPINGS - 1)], 0));
  MT_CHECK(hipMemSetAccess(view, granule, desc, 2));
  assert_int_equal(*(uint64_t *)view, mapping_tag(LIVE_MAPPINGS - 1));
  MT_CHECK(hipMemUnmap(view, granule));
  MT_CHECK(hipMemAddressFree(view, granule));

  /* Released while mapped: the mappings keep the memory. */
  for (size_t h = 0; h < LIVE_HANDLES; h++)
    MT_CHECK(hipMemRelease(handles[h]));
  assert_int_equal(mt_stats().live_handles, LIVE_MAPPINGS);
  MT_CHECK(hipMemUnmap(base, LIVE_MAPPINGS / 2 * granule));
  for (size_t i = LIVE_MAPPINGS / 2; i < LIVE_MAPPINGS; i++)
    MT_CHECK(hipMemUnmap(base + i * granule, granule));
  MT_CHECK(hipMemAddressFree(base, LIVE_MAPPINGS * granule));
  free(handles);
  assert_true(mt_open_fds() <= fds + 1); /* at most the empty current arena file */
}

/* Whether this process may hold a terabyte of address space at all
   (ulimit -v and valgrind say no). */
static bool os_can_reserve(size_t bytes) {
  void *p = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return false;
  munmap(p, bytes);
  return true;
}

static void test_terabyte_reservation_is_free(void **state) {
  (void)state;
  if (!os_can_reserve(TIB)) {
    print_message("skipped: this process cannot map 1 TiB of PROT_NONE address space\n");
    skip();
  }
  size_t resident = mt_resident_bytes();
  size_t reserved = mt_stats().reserved_bytes;
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, TIB, MT_GIB, NULL, 0));
  char *base = range;
  assert_int_equal((uintptr_t)base % MT_GIB, 0);
  assert_int_equal(mt_stats().reserved_bytes, reserved + TIB);

  /* Its last 2 MiB work like any other mapping. */
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  char *tail = base + TIB - 2 * MT_MIB;
  MT_CHECK(hipMemCreate(&handle, 2 * MT_MIB, &prop, 0));
  MT_CHECK(hipMemMap(tail, 2 * MT_MIB, 0, handle, 0));
  mt_grant(tail, 2 * MT_MIB, hipMemAccessFlagsProtReadWrite);
  tail[2 * MT_MIB - 1] = 42;
  assert_int_equal(tail[2 * MT_MIB - 1], 42);

  /* One touched page, not a terabyte: allow a few MiB of noise. */
  assert_true(mt_resident_bytes() < resident + 8 * MT_MIB);
  MT_CHECK(hipMemUnmap(tail, 2 * MT_MIB));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, TIB));
  assert_int_equal(mt_stats().reserved_bytes, reserved);
}

/* ---- negative: a large sparse reservation, one mapping in the middle ---- */

#define SPARSE MT_GIB

typedef struct sparse {
  char *base, *mapped;
  hipMemGenericAllocationHandle_t handle;
} sparse;

static int setup_sparse(void **state) {
  mt_assert_clean();
  sparse *s = calloc(1, sizeof *s);
  assert_non_null(s);
  hipMemAllocationProp prop = mt_prop_device(0);
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, SPARSE, 0, NULL, 0));
  s->base = range;
  s->mapped = s->base + SPARSE / 2;
  MT_CHECK(hipMemCreate(&s->handle, 2 * MT_MIB, &prop, 0));
  MT_CHECK(hipMemMap(s->mapped, 2 * MT_MIB, 0, s->handle, 0));
  mt_grant(s->mapped, 2 * MT_MIB, hipMemAccessFlagsProtReadWrite);
  memset(s->mapped, 0x11, 2 * MT_MIB);
  *state = s;
  return 0;
}

static int teardown_sparse(void **state) {
  sparse *s = *state;
  MT_CHECK(hipMemUnmap(s->mapped, 2 * MT_MIB));
  MT_CHECK(hipMemRelease(s->handle));
  MT_CHECK(hipMemAddressFree(s->base, SPARSE));
  free(s);
  mt_assert_clean();
  return 0;
}

static void test_lookup_misses_are_refused(void **state) {
  sparse *s = *state;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  unsigned long long flags = 0;
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &device0, s->base));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &device0, s->mapped - 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &device0, s->mapped + 2 * MT_MIB));
  MT_CHECK(hipMemGetAccess(&flags, &device0, s->mapped + 2 * MT_MIB - 1));
  hipMemGenericAllocationHandle_t retained = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(&retained, s->base + SPARSE - 1));
}

static void test_copy_over_a_hole_copies_nothing(void **state) {
  sparse *s = *state;
  char host[64];
  memset(host, 0x22, sizeof host);
  /* Starts in the mapping, ends in unmapped space. */
  char *straddle = s->mapped + 2 * MT_MIB - 32;
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(host, straddle, sizeof host, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(straddle, host, sizeof host, hipMemcpyHostToDevice));
  for (size_t i = 0; i < sizeof host; i++)
    assert_int_equal(host[i], 0x22);
  for (size_t i = 0; i < 32; i++)
    assert_int_equal(straddle[i], 0x11);
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyDtoH(host, s->base, sizeof host));
}

static void test_impossible_reservations(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  void *base = (void *)1;
  MT_EXPECT(hipErrorOutOfMemory,
            hipMemAddressReserve(&base, SIZE_MAX & ~(granule - 1), 0, NULL, 0));
  assert_null(base);
  base = (void *)1;
  MT_EXPECT(hipErrorOutOfMemory, hipMemAddressReserve(&base, (size_t)1 << 62, 0, NULL, 0));
  assert_null(base);
  assert_int_equal(mt_stats().reserved_bytes, 0);
}

#define SPARSE_TEST(f) cmocka_unit_test_setup_teardown(f, setup_sparse, teardown_sparse)

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_twenty_thousand_mappings),
      MT_CLEAN_TEST(test_terabyte_reservation_is_free),
      cmocka_unit_test_setup_teardown(test_fifty_thousand_handles_at_1024_fds, setup_fd_limit,
                                      teardown_fd_limit),
  };
  const struct CMUnitTest negative[] = {
      SPARSE_TEST(test_lookup_misses_are_refused),
      SPARSE_TEST(test_copy_over_a_hole_copies_nothing),
      MT_CLEAN_TEST(test_impossible_reservations),
  };
  return cmocka_run_group_tests_name("scale", positive, NULL, NULL) +
         cmocka_run_group_tests_name("scale_negative", negative, NULL, NULL);
}
