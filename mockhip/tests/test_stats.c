/*
 * test_stats.c: the counters of mockhip_stats move exactly with each call,
 * mockhip_dump names everything alive, mockhip_api_name knows every entry.
 */
#include "mock_test.h"
#include "report_lines.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define RESERVED (1 * MT_MIB)
#define BYTES (64 * MT_KIB)

/* The byte and object counters, without the call counts. */
typedef struct counters {
  size_t reserved, mapped, physical, malloced;
  size_t reservations, mappings, handles, mallocs, streams;
} counters;

static counters counters_now(mockhip_stats_t *stats) {
  *stats = mt_stats();
  return (counters){stats->reserved_bytes, stats->mapped_bytes,      stats->physical_bytes,
                    stats->malloc_bytes,   stats->live_reservations, stats->live_mappings,
                    stats->live_handles,   stats->live_mallocs,      stats->live_streams};
}

static void assert_counters(counters want, counters got) {
  assert_int_equal(want.reserved, got.reserved);
  assert_int_equal(want.mapped, got.mapped);
  assert_int_equal(want.physical, got.physical);
  assert_int_equal(want.malloced, got.malloced);
  assert_int_equal(want.reservations, got.reservations);
  assert_int_equal(want.mappings, got.mappings);
  assert_int_equal(want.handles, got.handles);
  assert_int_equal(want.mallocs, got.mallocs);
  assert_int_equal(want.streams, got.streams);
}

/* Exactly one more call of `api` and no other call between the snapshots. */
static void assert_one_call(const mockhip_stats_t *before, const mockhip_stats_t *after,
                            mockhip_api api) {
  for (int i = 0; i < MOCKHIP_API_COUNT; i++) {
    if (after->calls[i] - before->calls[i] != (i == (int)api ? 1u : 0u))
      print_error("%s: %llu calls -> %llu\n", mockhip_api_name(i), before->calls[i],
                  after->calls[i]);
    assert_int_equal(after->calls[i] - before->calls[i], i == (int)api ? 1 : 0);
  }
}

/* Runs one call; afterwards the counters must equal expect_counters and only
   that entry point's call count may have grown, by one. */
#define STEP(api, call, expect_counters)                                                           \
  do {                                                                                             \
    mockhip_stats_t before_ = mt_stats(), after_;                                                  \
    MT_CHECK(call);                                                                                \
    assert_counters((expect_counters), counters_now(&after_));                                     \
    assert_one_call(&before_, &after_, MOCKHIP_CALL_##api);                                        \
  } while (0)

static void test_cycle_moves_counters(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  mockhip_stats_t stats;
  counters c = counters_now(&stats);
  void *base = NULL;
  hipMemGenericAllocationHandle_t handle = NULL;

  c.reserved += RESERVED, c.reservations++;
  STEP(hipMemAddressReserve, hipMemAddressReserve(&base, RESERVED, 0, NULL, 0), c);
  c.physical += BYTES, c.handles++;
  STEP(hipMemCreate, hipMemCreate(&handle, BYTES, &prop, 0), c);
  c.mapped += BYTES, c.mappings++;
  STEP(hipMemMap, hipMemMap(base, BYTES, 0, handle, 0), c);
  /* Released while mapped: the mapping keeps the memory, so nothing moves. */
  STEP(hipMemRelease, hipMemRelease(handle), c);
  c.mapped -= BYTES, c.mappings--, c.physical -= BYTES, c.handles--;
  STEP(hipMemUnmap, hipMemUnmap(base, BYTES), c);
  c.reserved -= RESERVED, c.reservations--;
  STEP(hipMemAddressFree, hipMemAddressFree(base, RESERVED), c);
}

static void test_unmap_then_release(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  mockhip_stats_t stats;
  void *base = NULL;
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemAddressReserve(&base, RESERVED, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, BYTES, &prop, 0));
  MT_CHECK(hipMemMap(base, BYTES, 0, handle, 0));
  MT_CHECK(hipMemMap((char *)base + BYTES, BYTES, 0, handle, 0));
  counters c = counters_now(&stats);
  assert_int_equal(c.mapped, 2 * BYTES);
  assert_int_equal(c.physical, BYTES); /* two mappings, one allocation */

  c.mapped -= 2 * BYTES, c.mappings -= 2;
  STEP(hipMemUnmap, hipMemUnmap(base, 2 * BYTES), c);
  c.physical -= BYTES, c.handles--;
  STEP(hipMemRelease, hipMemRelease(handle), c);
  MT_CHECK(hipMemAddressFree(base, RESERVED));
}

static void test_malloc_and_stream_counters(void **state) {
  (void)state;
  mockhip_stats_t stats;
  counters c = counters_now(&stats);
  void *block = NULL;
  hipStream_t stream = NULL;
  c.malloced += BYTES, c.mallocs++;
  STEP(hipMalloc, hipMalloc(&block, BYTES), c);
  c.streams++;
  STEP(hipStreamCreate, hipStreamCreate(&stream), c);
  assert_int_equal(mockhip_live_objects(), 2);
  c.streams--;
  STEP(hipStreamDestroy, hipStreamDestroy(stream), c);
  c.malloced -= BYTES, c.mallocs--;
  STEP(hipFree, hipFree(block), c);
}

static void test_dump_names_everything(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  void *base = NULL;
  hipMemGenericAllocationHandle_t handle = NULL, retained = NULL;
  MT_CHECK(hipMemAddressReserve(&base, RESERVED, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, BYTES, &prop, 0));
  MT_CHECK(hipMemMap(base, BYTES, 0, handle, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base, BYTES, &desc, 1));
  MT_CHECK(hipMemRetainAllocationHandle(&retained, base));

  FILE *out = tmpfile();
  assert_non_null(out);
  mockhip_dump(out);
  char *text = mt_read_stream(out);
  fclose(out);

  char base_hex[32], handle_hex[32];
  snprintf(base_hex, sizeof base_hex, "%" PRIxPTR, (uintptr_t)base);
  snprintf(handle_hex, sizeof handle_hex, "%" PRIxPTR, (uintptr_t)handle);
  /* One line per object; find each by what it must say. */
  const char *reservation = NULL, *mapping = NULL, *phys = NULL;
  for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
    if (strstr(line, "reservation") && strstr(line, base_hex) && strstr(line, "1 MiB"))
      reservation = line;
    if (strstr(line, "mapping") && strstr(line, base_hex) && strstr(line, handle_hex) &&
        strstr(line, "dev0=rw"))
      mapping = line;
    /* The retain added a handle reference: 2 handle + 1 mapping. */
    if (strstr(line, "handle") && strstr(line, handle_hex) && !strstr(line, "mapping ") &&
        strstr(line, "refs 3") && strstr(line, "handle 2") && strstr(line, "mappings 1"))
      phys = line;
  }
  assert_non_null(reservation);
  assert_non_null(mapping);
  assert_non_null(phys);
  free(text);

  MT_CHECK(hipMemRelease(retained));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemUnmap(base, BYTES));
  MT_CHECK(hipMemAddressFree(base, RESERVED));
}

static void test_api_names(void **state) {
  (void)state;
  assert_string_equal(mockhip_api_name(0), "hipInit");
  assert_string_equal(mockhip_api_name(MOCKHIP_CALL_hipMemMap), "hipMemMap");
  assert_string_equal(mockhip_api_name(MOCKHIP_STATS_V3_CALLS - 1), "hipLaunchKernel");
  assert_string_equal(mockhip_api_name(MOCKHIP_STATS_V4_CALLS - 1), "hipGraphExecDestroy");
  assert_string_equal(mockhip_api_name(MOCKHIP_STATS_V5_CALLS - 1), "hipMemRangeGetAttributes");
  assert_string_equal(mockhip_api_name(MOCKHIP_API_COUNT - 1), "hipStreamBeginCaptureToGraph");
  assert_string_equal(mockhip_api_name(MOCKHIP_STATS_V2_CALLS - 1), "hipGetProcAddress");
  for (int i = 0; i < MOCKHIP_API_COUNT; i++) {
    assert_non_null(mockhip_api_name(i));
    assert_memory_equal(mockhip_api_name(i), "hip", 3);
  }
}

/* ---- negative ---- */

static void test_stats_refuses_bad_version(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidValue, mockhip_stats(NULL));
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  stats.version = 0;
  MT_EXPECT(hipErrorInvalidValue, mockhip_stats(&stats));
  stats.version = MOCKHIP_STATS_VERSION + 1;
  MT_EXPECT(hipErrorInvalidValue, mockhip_stats(&stats));
}

/*
 * Programs built against an older mockhip.h: each published layout written out as it was
 * (the counters, then the calls of the entry points listed then), followed by guard bytes.
 * Each reads its own counters, and nothing past its struct is written.
 */
#define COUNTERS_V1                                                                                \
  size_t reserved_bytes, mapped_bytes, physical_bytes, malloc_bytes;                               \
  size_t live_reservations, live_mappings, live_handles, live_mallocs, live_streams
#define COUNTERS_V2                                                                                \
  COUNTERS_V1;                                                                                     \
  size_t live_events, live_graphs

typedef struct stats_v1 {
  unsigned version;
  COUNTERS_V1;
  unsigned long long calls[47]; /* hipInit .. hipMemMapArrayAsync */
  unsigned char guard[64];
} stats_v1;

typedef struct stats_v2 {
  unsigned version;
  COUNTERS_V2;
  unsigned long long calls[101]; /* .. hipGetProcAddress */
  unsigned char guard[64];
} stats_v2;

typedef struct stats_v3 {
  unsigned version;
  COUNTERS_V2;
  unsigned long long calls[102]; /* .. hipLaunchKernel */
  unsigned char guard[64];
} stats_v3;

typedef struct stats_v4 {
  unsigned version;
  COUNTERS_V2;
  size_t live_pools, live_pool_blocks, live_graph_execs, live_arrays;
  unsigned long long calls[171]; /* .. hipGraphExecDestroy */
  unsigned char guard[64];
} stats_v4;

typedef struct stats_v5 {
  unsigned version;
  COUNTERS_V2;
  size_t live_pools, live_pool_blocks, live_graph_execs, live_arrays;
  unsigned long long calls[180]; /* .. hipMemRangeGetAttributes */
  unsigned char guard[64];
} stats_v5;

static void assert_guard(const unsigned char *guard, size_t bytes) {
  for (size_t i = 0; i < bytes; i++)
    assert_int_equal(guard[i], 0xa5);
}

/* Fills an old layout; the world has one stream and one event alive. */
#define READ_OLD(type, ver, old)                                                                   \
  do {                                                                                             \
    memset(&(old), 0xa5, sizeof(old));                                                             \
    (old).version = (ver);                                                                         \
    MT_CHECK(mockhip_stats((mockhip_stats_t *)&(old)));                                            \
    assert_int_equal((old).version, (ver));                                                        \
    assert_guard((old).guard, sizeof(old).guard);                                                  \
    assert_int_equal((old).live_streams, 1);                                                       \
    assert_int_equal((old).live_reservations, 0);                                                  \
    assert_true((old).calls[MOCKHIP_CALL_hipInit] >= 1);                                           \
    assert_true((old).calls[MOCKHIP_CALL_hipStreamCreate] >= 1);                                   \
  } while (0)

static void test_stats_serves_old_versions(void **state) {
  (void)state;
  MT_CHECK(hipInit(0));
  hipStream_t stream;
  hipEvent_t event;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&event));
  assert_int_equal(MOCKHIP_STATS_V1_CALLS, 47);
  assert_int_equal(MOCKHIP_STATS_V2_CALLS, 101);

  stats_v1 v1;
  READ_OLD(stats_v1, 1, v1);
  stats_v2 v2;
  READ_OLD(stats_v2, 2, v2);
  stats_v3 v3;
  READ_OLD(stats_v3, 3, v3);
  stats_v4 v4;
  READ_OLD(stats_v4, 4, v4);
  stats_v5 v5;
  READ_OLD(stats_v5, 5, v5);
  mockhip_stats_t now = MOCKHIP_STATS_INIT; /* no HIP call since: the same numbers */
  MT_CHECK(mockhip_stats(&now));
  assert_memory_equal(&v1.reserved_bytes, &now.reserved_bytes, 9 * sizeof(size_t));
  assert_memory_equal(v1.calls, now.calls, sizeof v1.calls);
  assert_memory_equal(&v2.reserved_bytes, &now.reserved_bytes, 11 * sizeof(size_t));
  assert_memory_equal(v2.calls, now.calls, sizeof v2.calls);
  assert_memory_equal(&v3.reserved_bytes, &now.reserved_bytes, 11 * sizeof(size_t));
  assert_memory_equal(v3.calls, now.calls, sizeof v3.calls);
  assert_memory_equal(&v4.reserved_bytes, &now.reserved_bytes, 15 * sizeof(size_t));
  assert_memory_equal(v4.calls, now.calls, sizeof v4.calls);
  assert_memory_equal(&v5.reserved_bytes, &now.reserved_bytes, 15 * sizeof(size_t));
  assert_memory_equal(v5.calls, now.calls, sizeof v5.calls);
  assert_int_equal(MOCKHIP_STATS_V5_CALLS, 180);
  assert_int_equal(MOCKHIP_STATS_V3_CALLS, 102);
  assert_int_equal(MOCKHIP_STATS_V4_CALLS, 171);
  assert_int_equal(v2.live_events, 1);
  assert_true(v2.calls[MOCKHIP_CALL_hipEventCreate] >= 1);

  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_failed_calls_counted_not_charged(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  mockhip_stats_t before, after;
  counters c = counters_now(&before);
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, 6144, &prop, 0));
  assert_counters(c, counters_now(&after));
  assert_one_call(&before, &after, MOCKHIP_CALL_hipMemCreate);

  void *base = NULL;
  c = counters_now(&before);
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressReserve(&base, 1000, 0, NULL, 0));
  assert_counters(c, counters_now(&after));
  assert_one_call(&before, &after, MOCKHIP_CALL_hipMemAddressReserve);
}

static void test_api_name_out_of_range(void **state) {
  (void)state;
  assert_null(mockhip_api_name(-1));
  assert_null(mockhip_api_name(MOCKHIP_API_COUNT));
}

static void test_dump_null_goes_to_stderr(void **state) {
  (void)state;
  mt_stderr_begin();
  mockhip_dump(NULL);
  char *text = mt_stderr_end();
  assert_true(strlen(text) > 0);
  free(text);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_cycle_moves_counters),
      MT_CLEAN_TEST(test_unmap_then_release),
      MT_CLEAN_TEST(test_malloc_and_stream_counters),
      MT_CLEAN_TEST(test_dump_names_everything),
      MT_CLEAN_TEST(test_api_names),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_stats_refuses_bad_version),
      MT_CLEAN_TEST(test_stats_serves_old_versions),
      MT_CLEAN_TEST(test_failed_calls_counted_not_charged),
      MT_CLEAN_TEST(test_api_name_out_of_range),
      MT_CLEAN_TEST(test_dump_null_goes_to_stderr),
  };
  return cmocka_run_group_tests_name("stats", positive, NULL, NULL) +
         cmocka_run_group_tests_name("stats_negative", negative, NULL, NULL);
}
