/*
 * test_proc_address.c: hipGetProcAddress finds every entry point of
 * MOCKHIP_API_LIST at the function's own address, maps hipGetDeviceProperties
 * to hipGetDevicePropertiesR0600 (and hipChooseDevice to hipChooseDeviceR0600) from hipVersion 600
 * on, answers the per-thread flag with the legacy version, finds none of mockhip.h's extras, and
 * refuses bad arguments as clr's hipGetProcAddress_common does, writing nothing.
 */
#include "mock_test.h"

/* Every entry point is looked up and compared, the ones ROCm marks deprecated too. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What a failing call must leave in *pfn and *symbolStatus. */
#define PFN_SENTINEL ((void *)(uintptr_t)0x5e47)
#define STATUS_SENTINEL ((hipDriverProcAddressQueryResult)0x5e47)

/* The version hip-tests pass: hipRuntimeGetVersion's, HIP_VERSION. */
#define VERSION HIP_VERSION

/* Every listed entry point, by its address as this program sees it. */
static void *const listed[MOCKHIP_API_COUNT] = {
#define MT_LISTED(name) [MOCKHIP_CALL_##name] = (void *)name,
    MOCKHIP_API_LIST(MT_LISTED)
#undef MT_LISTED
};

typedef struct lookup {
  hipError_t err;
  void *pfn;
  hipDriverProcAddressQueryResult status;
} lookup;

static lookup look_up(const char *symbol, int version, uint64_t flags) {
  lookup l = {hipErrorTbd, PFN_SENTINEL, STATUS_SENTINEL};
  l.err = hipGetProcAddress(symbol, &l.pfn, version, flags, &l.status);
  return l;
}

static void assert_found(const char *symbol, int version, uint64_t flags, void *address) {
  lookup l = look_up(symbol, version, flags);
  if (!mt_returned(hipSuccess, l.err, symbol) || l.pfn != address)
    fail_msg("%s (hipVersion %d, flags %llu): %p, want %p", symbol, version,
             (unsigned long long)flags, l.pfn, address);
  assert_int_equal(l.status, HIP_GET_PROC_ADDRESS_SUCCESS);
}

/* The reason of the last lookup assert_not_found made (the next HIP call clears the mock's). */
static char reason[512];

/* Not found: hipErrorInvalidValue, *pfn NULL, SYMBOL_NOT_FOUND, the reason naming the symbol. */
static void assert_not_found(const char *symbol, int version, uint64_t flags) {
  lookup l = look_up(symbol, version, flags);
  snprintf(reason, sizeof reason, "%s", mockhip_last_reason());
  if (!mt_returned(hipErrorInvalidValue, l.err, symbol))
    fail_msg("%s (hipVersion %d) was found at %p", symbol, version, l.pfn);
  assert_null(l.pfn);
  assert_int_equal(l.status, HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  assert_int_equal(strncmp(reason, "hipGetProcAddress: symbol \"", 27), 0);
  assert_int_equal(hipGetLastError(), hipErrorInvalidValue);
}

/* Refused: hipErrorInvalidValue with the reason `want`, and neither output touched. */
static void assert_refused(const char *symbol, void **pfn, uint64_t flags, const char *want) {
  hipDriverProcAddressQueryResult status = STATUS_SENTINEL;
  MT_EXPECT(hipErrorInvalidValue, hipGetProcAddress(symbol, pfn, VERSION, flags, &status));
  assert_string_equal(mockhip_last_reason(), want);
  assert_int_equal(status, STATUS_SENTINEL);
  assert_int_equal(hipGetLastError(), hipErrorInvalidValue);
}

/* ---- found ---- */

static void test_every_listed_entry_point_is_found(void **state) {
  (void)state;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    assert_non_null(listed[api]);
    assert_found(mockhip_api_name(api), VERSION, HIP_GET_PROC_ADDRESS_DEFAULT, listed[api]);
  }
}

static void test_error_strings_are_found(void **state) {
  (void)state;
  assert_found("hipGetErrorName", VERSION, 0, (void *)hipGetErrorName);
  assert_found("hipGetErrorString", VERSION, 0, (void *)hipGetErrorString);
}

/* ROCm tries "<symbol>_spt" first, then the legacy version; mockhip has only the legacy one. */
static void test_every_flag_gives_the_legacy_version(void **state) {
  (void)state;
  const uint64_t flags[] = {HIP_GET_PROC_ADDRESS_LEGACY_STREAM,
                            HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM};
  for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
    for (int api = 0; api < MOCKHIP_API_COUNT; api++)
      assert_found(mockhip_api_name(api), VERSION, flags[f], listed[api]);
}

static void test_symbol_status_is_optional(void **state) {
  (void)state;
  void *pfn = NULL;
  MT_CHECK(hipGetProcAddress("hipMemMap", &pfn, VERSION, 0, NULL));
  assert_ptr_equal(pfn, (void *)hipMemMap);
  pfn = PFN_SENTINEL;
  MT_EXPECT(hipErrorInvalidValue, hipGetProcAddress("hipNoSuchCall", &pfn, VERSION, 0, NULL));
  assert_null(pfn);
}

/* hipVersion is 100 * major + minor; hip-tests pass HIP_VERSION, also >= 600. */
static void test_properties_from_600_are_r0600(void **state) {
  (void)state;
  const int versions[] = {600, 601, 700, 702, HIP_VERSION, INT_MAX};
  for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
    assert_found("hipGetDeviceProperties", versions[i], 0, (void *)hipGetDevicePropertiesR0600);
  assert_found("hipGetDeviceProperties", 600, HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
               (void *)hipGetDevicePropertiesR0600);
}

/* hipChooseDevice takes the properties too: versioned the same way (clr hip_device.cpp). */
static void test_choose_device_is_versioned(void **state) {
  (void)state;
  assert_found("hipChooseDevice", 600, 0, (void *)hipChooseDeviceR0600);
  assert_found("hipChooseDevice", HIP_VERSION, 0, (void *)hipChooseDeviceR0600);
  assert_not_found("hipChooseDevice", 599, 0);
  assert_non_null(strstr(reason, "hipDeviceProp_tR0000"));
}

/* Before 600 ROCm hands out the ROCm 5 layout, which mockhip does not have. */
static void test_properties_before_600_are_not_found(void **state) {
  (void)state;
  const int versions[] = {599, 502, 0, -1, INT_MIN};
  for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
    assert_not_found("hipGetDeviceProperties", versions[i], 0);
    assert_non_null(strstr(reason, "hipDeviceProp_tR0000"));
  }
}

/* The versioned name is an ordinary symbol: found whatever the version. */
static void test_versioned_properties_name_is_found(void **state) {
  (void)state;
  assert_found("hipGetDevicePropertiesR0600", 0, 0, (void *)hipGetDevicePropertiesR0600);
}

static void test_called_through_its_pointer(void **state) {
  (void)state;
  lookup count = look_up("hipGetDeviceCount", VERSION, 0);
  MT_CHECK(count.err);
  int direct = 0, looked_up = -1;
  MT_CHECK(hipGetDeviceCount(&direct));
  MT_CHECK(((hipError_t(*)(int *))count.pfn)(&looked_up));
  assert_int_equal(looked_up, direct);
  lookup name = look_up("hipGetErrorName", VERSION, 0);
  MT_CHECK(name.err);
  assert_string_equal(((const char *(*)(hipError_t))name.pfn)(hipErrorNotSupported),
                      "hipErrorNotSupported");
}

static void test_calls_are_counted(void **state) {
  (void)state;
  unsigned long long before = mt_stats().calls[MOCKHIP_CALL_hipGetProcAddress];
  (void)look_up("hipMemCreate", VERSION, 0);
  (void)look_up("hipNoSuchCall", VERSION, 0);
  (void)look_up(NULL, VERSION, 0);
  assert_int_equal(mt_stats().calls[MOCKHIP_CALL_hipGetProcAddress], before + 3);
}

typedef struct worker {
  pthread_t thread;
  int failures;
} worker;

static void *look_up_everything(void *arg) {
  worker *w = arg;
  for (int round = 0; round < 100; round++)
    for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
      lookup l = look_up(mockhip_api_name(api), VERSION, 0);
      w->failures += l.err != hipSuccess || l.pfn != listed[api];
    }
  return NULL;
}

/* The table is constant and each thread keeps its own last error: lookups need no lock. */
static void test_threads_look_up_together(void **state) {
  (void)state;
  worker workers[4] = {{0}};
  for (size_t i = 0; i < 4; i++)
    assert_int_equal(pthread_create(&workers[i].thread, NULL, look_up_everything, &workers[i]), 0);
  for (size_t i = 0; i < 4; i++) {
    assert_int_equal(pthread_join(workers[i].thread, NULL), 0);
    assert_int_equal(workers[i].failures, 0);
  }
}

/* ---- not found ---- */

static void test_unknown_symbols_are_not_found(void **state) {
  (void)state;
  const char *unknown[] = {"hipNoSuchCall",    "hipmemcreate",      "hipMemCreat",
                           "hipMemCreate ",    " hipMemCreate",     "cuMemCreate",
                           "MOCKHIP_API_LIST", "hipSetValidDevices"};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
    assert_not_found(unknown[i], VERSION, 0);
  assert_string_equal(
      reason, "hipGetProcAddress: symbol \"hipSetValidDevices\" is not an entry point mockhip "
              "implements");
}

/* libamdhip64 has no mockhip_* symbols: code must not learn to find them here. */
static void test_mock_extras_are_not_found(void **state) {
  (void)state;
  const char *extras[] = {"mockhip_api_name",    "mockhip_stats",    "mockhip_live_objects",
                          "mockhip_dump",        "mockhip_fail_set", "mockhip_last_reason",
                          "mockhip_leak_report", "mockhip_strict"};
  for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++)
    assert_not_found(extras[i], VERSION, 0);
}

/* ROCm exports hipMemcpy_spt and friends; mockhip has no per-thread versions. */
static void test_spt_names_are_not_found(void **state) {
  (void)state;
  assert_not_found("hipMemcpy_spt", VERSION, HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM);
  assert_not_found("hipStreamSynchronize_spt", VERSION, 0);
}

/* A symbol is text from the caller: control bytes are escaped and long ones cut in the reason. */
static void test_reason_shows_the_symbol_safely(void **state) {
  (void)state;
  assert_not_found("hip\nmockhip: forged", VERSION, 0);
  assert_null(strchr(reason, '\n'));
  assert_non_null(strstr(reason, "hip\\x0amockhip: forged"));
  char long_name[4096];
  memset(long_name, 'x', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  assert_not_found(long_name, VERSION, 0);
  assert_true(strlen(reason) < 400);
}

/* ---- refused: nothing written ---- */

static void test_null_and_empty_arguments_are_refused(void **state) {
  (void)state;
  void *pfn = PFN_SENTINEL;
  assert_refused(NULL, &pfn, 0, "hipGetProcAddress: symbol is NULL");
  assert_refused("", &pfn, 0, "hipGetProcAddress: symbol is \"\"");
  assert_ptr_equal(pfn, PFN_SENTINEL);
  assert_refused("hipMemCreate", NULL, 0, "hipGetProcAddress: pfn is NULL");
  /* The checks come in clr's order: the symbol, then pfn, then the flags. */
  assert_refused(NULL, NULL, 3, "hipGetProcAddress: symbol is NULL");
  assert_refused("hipMemCreate", NULL, 3, "hipGetProcAddress: pfn is NULL");
}

static void test_unknown_flags_are_refused(void **state) {
  (void)state;
  const uint64_t flags[] = {3, 4, 0x10, 1ULL << 32, UINT64_MAX};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    void *pfn = PFN_SENTINEL;
    char want[160];
    snprintf(want, sizeof want,
             "hipGetProcAddress: flags 0x%llx is not HIP_GET_PROC_ADDRESS_DEFAULT (0), "
             "_LEGACY_STREAM (1) or _PER_THREAD_DEFAULT_STREAM (2)",
             (unsigned long long)flags[i]);
    assert_refused("hipMemCreate", &pfn, flags[i], want);
    assert_ptr_equal(pfn, PFN_SENTINEL);
  }
}

/* ---- the trace, which only a fresh process can switch on ---- */

#define TRACE_PROBE "--trace-probe"

/* This program, run again as the probe: argv[0], which valgrind keeps (/proc/self/exe is
   valgrind's own under --trace-children). */
static const char *self;

static int trace_probe(void) {
  void *pfn = NULL;
  hipGetProcAddress("hipMemCreate", &pfn, 700, 0, NULL);
  hipGetProcAddress("hip\nmockhip: forged(", &pfn, 700, 2, NULL);
  hipGetProcAddress(NULL, &pfn, 600, 0, NULL);
  return 0;
}

static void test_trace_names_every_argument(void **state) {
  (void)state;
  const char *argv[] = {self, TRACE_PROBE, NULL};
  const char *env[] = {"MOCKHIP_TRACE=1", NULL};
  char *out_text, *err_text;
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, &err_text)));
  if (mt_count_lines_starting(err_text, "mockhip: hipGetProcAddress(") != 3 ||
      mt_count_lines_starting(err_text, "mockhip: forged") != 0)
    print_error("the trace:\n%s", err_text);
  assert_int_equal(mt_count_lines_starting(err_text, "mockhip: hipGetProcAddress("), 3);
  assert_int_equal(mt_count_lines_starting(err_text, "mockhip: forged"), 0);
  assert_non_null(strstr(err_text, "hipGetProcAddress(symbol=\"hipMemCreate\", pfn=0x"));
  assert_non_null(
      strstr(err_text, ", hipVersion=700, flags=0x0, symbolStatus=(nil)) = hipSuccess"));
  assert_non_null(strstr(err_text, "symbol=\"hip\\x0amockhip: forged(\""));
  assert_non_null(strstr(err_text, "flags=0x2"));
  assert_non_null(strstr(err_text, "symbol=NULL"));
  assert_non_null(strstr(err_text, "= hipErrorInvalidValue (symbol is NULL)"));
  free(out_text);
  free(err_text);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], TRACE_PROBE) == 0)
    return trace_probe();
  self = argv[0];
  const struct CMUnitTest found[] = {
      MT_CLEAN_TEST(test_every_listed_entry_point_is_found),
      MT_CLEAN_TEST(test_error_strings_are_found),
      MT_CLEAN_TEST(test_every_flag_gives_the_legacy_version),
      MT_CLEAN_TEST(test_symbol_status_is_optional),
      MT_CLEAN_TEST(test_properties_from_600_are_r0600),
      MT_CLEAN_TEST(test_choose_device_is_versioned),
      MT_CLEAN_TEST(test_versioned_properties_name_is_found),
      MT_CLEAN_TEST(test_called_through_its_pointer),
      MT_CLEAN_TEST(test_calls_are_counted),
      MT_CLEAN_TEST(test_threads_look_up_together),
      MT_CLEAN_TEST(test_trace_names_every_argument),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_properties_before_600_are_not_found),
      MT_CLEAN_TEST(test_unknown_symbols_are_not_found),
      MT_CLEAN_TEST(test_mock_extras_are_not_found),
      MT_CLEAN_TEST(test_spt_names_are_not_found),
      MT_CLEAN_TEST(test_reason_shows_the_symbol_safely),
      MT_CLEAN_TEST(test_null_and_empty_arguments_are_refused),
      MT_CLEAN_TEST(test_unknown_flags_are_refused),
  };
  return cmocka_run_group_tests_name("proc_address", found, NULL, NULL) +
         cmocka_run_group_tests_name("proc_address_negative", negative, NULL, NULL);
}
