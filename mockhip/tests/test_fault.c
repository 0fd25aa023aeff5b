/*
 * test_fault.c: fault injection (mockhip_fail_set, MOCKHIP_FAIL, MOCKHIP_SEED).
 * A rule picks calls by number, period or seeded chance; a picked call fails
 * at entry with the rule's error or the call's natural one and names the rule
 * in its reason; rollback code unwinds cleanly under every failure; malformed
 * lists are refused. That each entry point changes nothing when injected is
 * test_fault_every_api.c's. The variables are read once per process, so their
 * cases run mockhip-fault-probe (MOCKHIP_FAULT_PROBE) in a fresh one.
 */
#include "mock_test.h"

#include "fault_probe.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define FILL 0x3c /* the data in a test mapping */

/* Values no call returns: an output still holding one was not written. */
#define SENTINEL_PTR ((void *)0x5e57)
#define SENTINEL_HANDLE ((hipMemGenericAllocationHandle_t)0x5e57)

static size_t granule; /* asked for in setup, so rules never see the question */

/* Every case starts and ends with no rules and nothing alive. */
static int setup(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set(NULL));
  mt_assert_clean();
  granule = mt_granularity();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set(NULL));
  mt_assert_clean();
  return 0;
}

#define FAULT_TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

static hipError_t create_one(hipMemGenericAllocationHandle_t *handle) {
  hipMemAllocationProp prop = mt_prop_device(0);
  return hipMemCreate(handle, granule, &prop, 0);
}

/* One hipMemCreate (released at once when it succeeds); returns its result. */
static hipError_t create_and_release(void) {
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t err = create_one(&handle);
  if (err == hipSuccess)
    MT_CHECK(hipMemRelease(handle));
  return err;
}

/* The reason an injected call leaves: it names the call and the rule as written. */
static void assert_injected(const char *api, const char *rule) {
  char want[160];
  snprintf(want, sizeof want, "%s: injected by MOCKHIP_FAIL rule \"%s\"", api, rule);
  const char *reason = mockhip_last_reason();
  if (strncmp(reason, want, strlen(want)) != 0)
    print_error("reason \"%s\" does not start with \"%s\"\n", reason, want);
  assert_int_equal(strncmp(reason, want, strlen(want)), 0);
}

/* ---- which calls fail ---- */

static void test_nth_call_fails(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set("hipMemCreate:3"));
  unsigned long long injected = mockhip_fail_count();
  hipMemGenericAllocationHandle_t handles[3];
  MT_CHECK(create_one(&handles[0]));
  MT_CHECK(create_one(&handles[1]));
  assert_int_equal(mockhip_fail_count(), injected);

  mockhip_stats_t before = mt_stats();
  hipMemGenericAllocationHandle_t untouched = SENTINEL_HANDLE;
  MT_EXPECT(hipErrorOutOfMemory, create_one(&untouched));
  assert_injected("hipMemCreate", "hipMemCreate:3");
  assert_ptr_equal(untouched, SENTINEL_HANDLE);
  assert_int_equal(mockhip_fail_count(), injected + 1);
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.live_handles, before.live_handles);
  assert_int_equal(after.physical_bytes, before.physical_bytes);
  assert_int_equal(hipGetLastError(), hipErrorOutOfMemory);

  MT_CHECK(create_one(&handles[2]));
  assert_string_equal(mockhip_last_reason(), "");
  assert_int_equal(mockhip_fail_count(), injected + 1);
  assert_int_equal(mt_stats().live_handles, 3);
  for (int i = 0; i < 3; i++)
    MT_CHECK(hipMemRelease(handles[i]));
}

static void test_every_nth_map_fails(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, granule, 2 * granule);
  MT_CHECK(hipMemUnmap(m.base, m.bytes));
  m.mapped = false;
  MT_CHECK(mockhip_fail_set("hipMemMap:every=3"));
  unsigned long long injected = mockhip_fail_count();
  for (int call = 1; call <= 9; call++) {
    mt_snapshot before = mt_snapshot_take(NULL, 0);
    hipError_t err = hipMemMap(m.base, m.bytes, 0, m.handle, 0);
    if (call % 3 != 0) {
      mt_snapshot_free(&before);
      MT_CHECK(err);
      MT_CHECK(hipMemUnmap(m.base, m.bytes));
      continue;
    }
    /* No mapping, the reservation and the handle as they were. */
    MT_EXPECT(hipErrorOutOfMemory, err);
    assert_injected("hipMemMap", "hipMemMap:every=3");
    mockhip_stats_t now = mt_stats();
    assert_int_equal(now.live_mappings, 0);
    assert_int_equal(now.live_reservations, 1);
    assert_int_equal(now.reserved_bytes, 2 * granule);
    assert_int_equal(now.live_handles, 1);
    mt_snapshot after = mt_snapshot_take(NULL, 0);
    mt_snapshot_assert_same("hipMemMap", &before, &after);
  }
  assert_int_equal(mockhip_fail_count(), injected + 3);
  MT_CHECK(mockhip_fail_set(NULL));
  MT_CHECK(hipMemMap(m.base, m.bytes, 0, m.handle, 0)); /* the handle is still mappable */
  m.mapped = true;
  mt_mapping_destroy(&m);
}

/* `count` hipMemCreate calls under `rules` and `seed`: pattern[i] is '1' when call i+1 failed. */
static void fail_pattern(const char *rules, unsigned long long seed, size_t count, char *pattern) {
  MT_CHECK(mockhip_fail_set(rules));
  mockhip_fail_seed(seed);
  for (size_t i = 0; i < count; i++) {
    hipError_t err = create_and_release();
    if (err != hipSuccess)
      MT_EXPECT(hipErrorOutOfMemory, err);
    pattern[i] = err == hipSuccess ? '0' : '1';
  }
  pattern[count] = '\0';
  MT_CHECK(mockhip_fail_set(NULL));
}

static size_t count_failures(const char *pattern) {
  size_t count = 0;
  for (; *pattern != '\0'; pattern++)
    count += *pattern == '1';
  return count;
}

static void test_chance_replays_with_its_seed(void **state) {
  (void)state;
  char first[65], again[65], other[65];
  fail_pattern("hipMemCreate:p=0.5", 7, 64, first);
  fail_pattern("hipMemCreate:p=0.5", 7, 64, again);
  fail_pattern("hipMemCreate:p=0.5", 8, 64, other);
  assert_string_equal(first, again);
  assert_string_not_equal(first, other);
  assert_in_range(count_failures(first), 1, 63);
}

static void test_chance_rates(void **state) {
  (void)state;
  static char pattern[4001];
  fail_pattern("hipMemCreate:p=0", 1, 500, pattern);
  assert_int_equal(count_failures(pattern), 0);
  fail_pattern("hipMemCreate:p=1", 1, 500, pattern);
  assert_int_equal(count_failures(pattern), 500);
  fail_pattern("hipMemCreate:p=0.25", 1, 4000, pattern);
  assert_in_range(count_failures(pattern), 700, 1300);
}

static void test_chosen_error(void **state) {
  (void)state;
  static const struct {
    const char *rules;
    hipError_t error;
  } cases[] = {
      {"hipMemCreate:1", hipErrorOutOfMemory}, /* the natural failure */
      {"hipMemCreate:1=hipErrorInvalidValue", hipErrorInvalidValue},
      {"hipMemCreate:1=hipErrorNotSupported", hipErrorNotSupported},
      {"hipMemCreate:1=801", hipErrorNotSupported},
      {"hipMemCreate:1=1", hipErrorInvalidValue},
      {"hipMemCreate:every=1=hipErrorUnknown", hipErrorUnknown},
      {"hipMemCreate:p=1=999", hipErrorUnknown},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    MT_CHECK(mockhip_fail_set(cases[i].rules));
    MT_EXPECT(cases[i].error, create_and_release());
    assert_injected("hipMemCreate", cases[i].rules);
    assert_int_equal(hipGetLastError(), cases[i].error);
  }
}

static void test_star_matches_every_entry_point(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set("*:2"));
  int device = -1;
  void *va = SENTINEL_PTR;
  MT_CHECK(hipGetDevice(&device));
  /* The last-error calls cannot fail and are not counted. */
  assert_int_equal(hipGetLastError(), hipSuccess);
  assert_int_equal(hipPeekAtLastError(), hipSuccess);
  MT_EXPECT(hipErrorOutOfMemory, hipMemAddressReserve(&va, granule, 0, NULL, 0));
  assert_injected("hipMemAddressReserve", "*:2");
  assert_ptr_equal(va, SENTINEL_PTR);
  assert_int_equal(hipPeekAtLastError(), hipErrorOutOfMemory);
  MT_CHECK(hipMemAddressReserve(&va, granule, 0, NULL, 0));
  MT_CHECK(hipMemAddressFree(va, granule));

  MT_CHECK(mockhip_fail_set("*:every=1=hipErrorNotSupported"));
  MT_EXPECT(hipErrorNotSupported, hipGetDevice(&device));
  MT_EXPECT(hipErrorNotSupported, hipMemAddressReserve(&va, granule, 0, NULL, 0));
  assert_int_equal(hipGetLastError(), hipErrorNotSupported);
  assert_int_equal(hipGetLastError(), hipSuccess);
}

static void test_first_firing_rule_decides(void **state) {
  (void)state;
  /* Each rule counts every call it matches, even one an earlier rule failed. */
  const char *rules = "hipMemCreate:every=2=hipErrorInvalidValue,hipMemCreate:3,hipMemMap:1";
  MT_CHECK(mockhip_fail_set(rules));
  const hipError_t want[] = {hipSuccess, hipErrorInvalidValue, hipErrorOutOfMemory,
                             hipErrorInvalidValue, hipSuccess};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    if (!mt_returned(want[i], create_and_release(), "hipMemCreate"))
      fail_msg("call %zu of hipMemCreate under \"%s\"", i + 1, rules);
  }
  MT_EXPECT(hipErrorOutOfMemory, hipMemMap(SENTINEL_PTR, granule, 0, SENTINEL_HANDLE, 0));
  assert_injected("hipMemMap", "hipMemMap:1");

  /* Both rules pick call 2: the first decides and the second is spent. */
  MT_CHECK(
      mockhip_fail_set("hipMemCreate:2=hipErrorInvalidValue,hipMemCreate:2=hipErrorNotSupported"));
  MT_CHECK(create_and_release());
  MT_EXPECT(hipErrorInvalidValue, create_and_release());
  assert_injected("hipMemCreate", "hipMemCreate:2=hipErrorInvalidValue");
  MT_CHECK(create_and_release());

  /* The * rule counted the hipMemCreate the first rule failed. */
  MT_CHECK(mockhip_fail_set("hipMemCreate:1=hipErrorNotSupported,*:1"));
  MT_EXPECT(hipErrorNotSupported, create_and_release());
  int device = -1;
  MT_CHECK(hipGetDevice(&device));
}

static void test_set_again_restarts_and_empty_clears(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set("hipMemCreate:2"));
  MT_CHECK(create_and_release());
  MT_CHECK(mockhip_fail_set("hipMemCreate:2"));
  MT_CHECK(create_and_release());
  MT_EXPECT(hipErrorOutOfMemory, create_and_release());
  MT_CHECK(create_and_release());

  MT_CHECK(mockhip_fail_set("hipMemCreate:every=1"));
  MT_EXPECT(hipErrorOutOfMemory, create_and_release());
  MT_CHECK(mockhip_fail_set(""));
  MT_CHECK(create_and_release());
  MT_CHECK(mockhip_fail_set("hipMemCreate:every=1"));
  MT_EXPECT(hipErrorOutOfMemory, create_and_release());
  MT_CHECK(mockhip_fail_set(NULL));
  MT_CHECK(create_and_release());
}

typedef struct worker {
  pthread_t thread;
  int injected; /* OutOfMemory answers */
  int wrong;    /* any other failure */
} worker;

static void *create_release_loop(void *arg) {
  worker *w = arg;
  for (int i = 0; i < 1000; i++) {
    hipMemGenericAllocationHandle_t handle;
    hipError_t err = create_one(&handle);
    if (err == hipErrorOutOfMemory)
      w->injected++;
    else if (err != hipSuccess || hipMemRelease(handle) != hipSuccess)
      w->wrong++;
  }
  return NULL;
}

static void test_threads_share_the_count(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set("hipMemCreate:every=10"));
  unsigned long long injected = mockhip_fail_count();
  worker workers[4] = {0};
  for (int i = 0; i < 4; i++)
    assert_int_equal(pthread_create(&workers[i].thread, NULL, create_release_loop, &workers[i]), 0);
  int total = 0;
  for (int i = 0; i < 4; i++) {
    assert_int_equal(pthread_join(workers[i].thread, NULL), 0);
    assert_int_equal(workers[i].wrong, 0);
    total += workers[i].injected;
  }
  assert_int_equal(total, 400);
  assert_int_equal(mockhip_fail_count(), injected + 400);
}

/* ---- a user's rollback test ---- */

typedef struct buffer {
  void *base;
  size_t bytes;
  hipMemGenericAllocationHandle_t handle;
} buffer;

/* Gives *b `bytes` of read-write memory; on any failure undoes what it did
   and returns that failure, leaving *b alone. */
static hipError_t grow_buffer(buffer *b, size_t bytes) {
  void *base;
  hipMemGenericAllocationHandle_t handle;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc access = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipError_t err = hipMemAddressReserve(&base, bytes, 0, NULL, 0);
  if (err != hipSuccess)
    return err;
  err = hipMemCreate(&handle, bytes, &prop, 0);
  if (err != hipSuccess)
    goto free_range;
  err = hipMemMap(base, bytes, 0, handle, 0);
  if (err != hipSuccess)
    goto release;
  err = hipMemSetAccess(base, bytes, &access, 1);
  if (err != hipSuccess)
    goto unmap;
  *b = (buffer){base, bytes, handle};
  return hipSuccess;
unmap:
  (void)hipMemUnmap(base, bytes);
release:
  (void)hipMemRelease(handle);
free_range:
  (void)hipMemAddressFree(base, bytes);
  return err;
}

static void buffer_free(buffer *b) {
  MT_CHECK(hipMemUnmap(b->base, b->bytes));
  MT_CHECK(hipMemRelease(b->handle));
  MT_CHECK(hipMemAddressFree(b->base, b->bytes));
}

/* Fails grow_buffer under `rules`: it must report the failure and leave nothing behind. */
static void check_grow_unwinds(const char *rules) {
  size_t live = mockhip_live_objects();
  buffer b = {SENTINEL_PTR, 0, NULL};
  MT_CHECK(mockhip_fail_set(rules));
  hipError_t err = grow_buffer(&b, 2 * granule);
  MT_CHECK(mockhip_fail_set(NULL));
  if (err == hipSuccess)
    fail_msg("grow_buffer succeeded under \"%s\"", rules);
  assert_ptr_equal(b.base, SENTINEL_PTR);
  assert_int_equal(mockhip_live_objects(), live);
}

static void test_rollback_unwinds_each_step(void **state) {
  (void)state;
  check_grow_unwinds("hipMemCreate:1");
  check_grow_unwinds("hipMemMap:1");
  check_grow_unwinds("hipMemSetAccess:1");
  /* Fail call N of any entry point for N = 1, 2, ... until grow_buffer succeeds. */
  for (int n = 1;; n++) {
    char rules[32];
    snprintf(rules, sizeof rules, "*:%d", n);
    size_t live = mockhip_live_objects();
    buffer b;
    MT_CHECK(mockhip_fail_set(rules));
    hipError_t err = grow_buffer(&b, 2 * granule);
    MT_CHECK(mockhip_fail_set(NULL));
    if (err == hipSuccess) {
      assert_int_equal(n, 5); /* four calls, each failed once */
      buffer_free(&b);
      break;
    }
    MT_EXPECT(hipErrorOutOfMemory, err);
    assert_int_equal(mockhip_live_objects(), live);
  }
}

static void test_injected_release_keeps_handle(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(create_one(&handle));
  MT_CHECK(mockhip_fail_set("hipMemRelease:1"));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
  hipMemAllocationProp prop;
  MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&prop, handle));
  assert_int_equal(mt_stats().live_handles, 1);
  MT_CHECK(hipMemRelease(handle));
}

static void test_injected_unmap_keeps_data(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  memset(m.base, FILL, m.bytes);
  MT_CHECK(mockhip_fail_set("hipMemUnmap:1"));
  MT_EXPECT(hipErrorOutOfMemory, hipMemUnmap(m.base, m.bytes));
  const unsigned char *bytes = m.base;
  assert_int_equal(bytes[0], FILL);
  assert_int_equal(bytes[m.bytes - 1], FILL);
  mt_mapping_destroy(&m);
}

/* ---- negative: a malformed list is refused and the rules in force stay ---- */

#define IN_FORCE "hipMemCreate:every=1=hipErrorNotSupported"

static const char *const bad_lists[] = {
    "hipNoSuchCall:1",
    "hipGetLastError:1",
    "hipPeekAtLastError:1",
    "hipMemCreate:0",
    "hipMemCreate:every=0",
    "hipMemCreate:p=1.5",
    "hipMemCreate:p=-1",
    "hipMemCreate",
    "hipMemCreate:1=hipSuccess",
    "hipMemCreate:1=0",
    "hipMemCreate:1=hipErrorNoSuch",
    "hipMemCreate:3x",
    "hipMemCreate:",
    "hipMemCreate:every=",
    "hipMemCreate:p=",
    "hipMemCreate:p=0.5x",
    "hipMemCreate:1=",
    "hipMemCreate:1=1x",
    ":1",
    "hipMemCreate:-1",
    "hipMemCreate:99999999999999999999",
    "hipMemCreate:1=99999999999999999999",
    "hipMemCreate:1=4294967298",
    "hipMemMap:1,hipNoSuchCall:1",
    "hipMemMap:1,,hipMemCreate:1",
    ",hipMemCreate:1",
    "hipMemCreate:1,",
};

#define BAD_LISTS (sizeof bad_lists / sizeof bad_lists[0])

static void check_refused(const char *list) {
  MT_CHECK(mockhip_fail_set(IN_FORCE));
  if (!mt_returned(hipErrorInvalidValue, mockhip_fail_set(list), "mockhip_fail_set"))
    fail_msg("\"%s\" was accepted", list);
  assert_non_null(strstr(mockhip_last_reason(), "rule \""));
  MT_EXPECT(hipErrorNotSupported, create_and_release());
}

static void test_bad_list(void **state) { check_refused(*state); }

/* A list of `count` rules that never fire. */
static char *rule_list(int count) {
  char *list = calloc((size_t)count, 32);
  assert_non_null(list);
  for (int i = 0; i < count; i++)
    sprintf(list + strlen(list), "%shipMemCreate:%d", i ? "," : "", 1000000 + i);
  return list;
}

static void test_more_than_32_rules(void **state) {
  (void)state;
  char *list = rule_list(32);
  MT_CHECK(mockhip_fail_set(list));
  free(list);
  list = rule_list(33);
  check_refused(list);
  free(list);
}

/* ---- the environment: MOCKHIP_FAIL and MOCKHIP_SEED in a fresh process ---- */

/* Runs the probe for `calls` calls of `api` (NULL: hipMemCreate) under env; returns its stdout
   and sets *err_text. */
static char *probe_api(const char *const *env, int calls, const char *api, char **err_text) {
  char count[16];
  snprintf(count, sizeof count, "%d", calls);
  const char *const argv[] = {MOCKHIP_FAULT_PROBE, count, api, NULL};
  char *out_text;
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, err_text)));
  return out_text;
}

static char *probe(const char *const *env, int calls, char **err_text) {
  return probe_api(env, calls, NULL, err_text);
}

/* Asserts the probe's stdout is `want` and its stderr empty. */
static void check_probe(const char *const *env, int calls, const char *want) {
  char *err_text;
  char *out_text = probe(env, calls, &err_text);
  assert_string_equal(err_text, "");
  assert_string_equal(out_text, want);
  free(out_text);
  free(err_text);
}

static void test_env_nth_and_every(void **state) {
  (void)state;
  const char *none[] = {NULL};
  check_probe(none, 4, "calls=4\n");
  const char *nth[] = {"MOCKHIP_FAIL=hipMemCreate:2", NULL};
  check_probe(nth, 4, "2 hipErrorOutOfMemory\ncalls=4\n");
  const char *every[] = {"MOCKHIP_FAIL=hipMemCreate:every=3=hipErrorInvalidValue", NULL};
  check_probe(every, 7, "3 hipErrorInvalidValue\n6 hipErrorInvalidValue\ncalls=7\n");
}

static void test_env_seed_replays(void **state) {
  (void)state;
  const char *seven[] = {"MOCKHIP_FAIL=hipMemCreate:p=0.5", "MOCKHIP_SEED=7", NULL};
  const char *eight[] = {"MOCKHIP_FAIL=hipMemCreate:p=0.5", "MOCKHIP_SEED=8", NULL};
  char *err_text[3];
  char *first = probe(seven, 40, &err_text[0]);
  char *again = probe(seven, 40, &err_text[1]);
  char *other = probe(eight, 40, &err_text[2]);
  for (int i = 0; i < 3; i++) {
    assert_string_equal(err_text[i], "");
    free(err_text[i]);
  }
  assert_non_null(strstr(first, " hipErrorOutOfMemory\n"));
  assert_string_equal(first, again);
  assert_string_not_equal(first, other);

  /* mockhip_fail_set and mockhip_fail_seed are the same control. */
  char pattern[41], expected[40 * 32] = "";
  fail_pattern("hipMemCreate:p=0.5", 7, 40, pattern);
  for (int i = 0; i < 40; i++)
    if (pattern[i] == '1')
      sprintf(expected + strlen(expected), "%d hipErrorOutOfMemory\n", i + 1);
  strcat(expected, "calls=40\n");
  assert_string_equal(first, expected);
  free(first);
  free(again);
  free(other);
}

/* The trace shows what an injected call wrote: nothing, whatever the output held before. */
static void test_env_trace_of_injected_malloc(void **state) {
  (void)state;
  const char *env[] = {"MOCKHIP_FAIL=hipMalloc:1", "MOCKHIP_TRACE=1", NULL};
  char *err_text;
  char *out_text = probe_api(env, 2, "hipMalloc", &err_text);
  assert_string_equal(out_text, "1 hipErrorOutOfMemory\ncalls=2\n");
  /* An output is traced as "ptr -> value" only when the call wrote it. */
  const char *line = strstr(err_text, "mockhip: hipMalloc(");
  const char *end = line == NULL ? NULL : strchr(line, '\n');
  bool unwritten = end != NULL && strncmp(line, "mockhip: hipMalloc(ptr=0x", 25) == 0 &&
                   strstr(line, "= hipErrorOutOfMemory") < end;
  char *arrow = line == NULL ? NULL : strstr(line, " -> ");
  if (!unwritten || (arrow != NULL && arrow < end))
    print_error("the trace of the injected hipMalloc shows an output:\n%s", err_text);
  assert_true(unwritten);
  assert_true(arrow == NULL || arrow > end);
  free(out_text);
  free(err_text);
}

static void test_env_bad_list_warns_once(void **state) {
  (void)state;
  static const char *const settings[] = {"MOCKHIP_FAIL=hipMemCreate:0",
                                         "MOCKHIP_FAIL=hipMemCreate:1,hipNoSuchCall:1"};
  for (size_t i = 0; i < 2; i++) {
    const char *env[] = {settings[i], NULL};
    char *err_text;
    char *out_text = probe(env, 3, &err_text);
    assert_string_equal(out_text, "calls=3\n"); /* no rule installed */
    char warning[96];
    snprintf(warning, sizeof warning, "mockhip: warning: %s", settings[i]);
    if (strncmp(err_text, warning, strlen(warning)) != 0)
      print_error("stderr does not start with \"%s\":\n%s", warning, err_text);
    assert_int_equal(strncmp(err_text, warning, strlen(warning)), 0);
    assert_int_equal(mt_count_lines_starting(err_text, ""), 1);
    free(out_text);
    free(err_text);
  }
}

int main(void) {
  const struct CMUnitTest rules[] = {
      FAULT_TEST(test_nth_call_fails),
      FAULT_TEST(test_every_nth_map_fails),
      FAULT_TEST(test_chance_replays_with_its_seed),
      FAULT_TEST(test_chance_rates),
      FAULT_TEST(test_chosen_error),
      FAULT_TEST(test_star_matches_every_entry_point),
      FAULT_TEST(test_first_firing_rule_decides),
      FAULT_TEST(test_set_again_restarts_and_empty_clears),
      FAULT_TEST(test_threads_share_the_count),
      FAULT_TEST(test_rollback_unwinds_each_step),
      FAULT_TEST(test_injected_release_keeps_handle),
      FAULT_TEST(test_injected_unmap_keeps_data),
      FAULT_TEST(test_env_nth_and_every),
      FAULT_TEST(test_env_seed_replays),
      FAULT_TEST(test_env_trace_of_injected_malloc),
      FAULT_TEST(test_env_bad_list_warns_once),
  };
  /* One case per malformed list, named after it. */
  struct CMUnitTest negative[BAD_LISTS + 1];
  for (size_t i = 0; i < BAD_LISTS; i++)
    negative[i] =
        (struct CMUnitTest){bad_lists[i], test_bad_list, setup, teardown, (void *)bad_lists[i]};
  negative[BAD_LISTS] = (struct CMUnitTest)FAULT_TEST(test_more_than_32_rules);
  return cmocka_run_group_tests_name("fault", rules, NULL, NULL) +
         cmocka_run_group_tests_name("fault_negative", negative, NULL, NULL);
}
