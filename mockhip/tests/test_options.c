/*
 * test_options.c: the MOCKHIP_* variables. Options are read once per process,
 * so each case runs mockhip-options-probe (MOCKHIP_OPTIONS_PROBE) with an
 * environment of its own and reads its report and its stderr.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "options_probe.h"

typedef struct report {
  long long devices, granularity, recommended, total, trace;
  int warnings;   /* "mockhip: warning:" lines on stderr */
  int traces;     /* "mockhip: hip..." lines on stderr */
  char *err_text; /* the whole stderr */
} report;

static const report defaults = {1, 4096, 2 * 1024 * 1024, 16LL * 1024 * 1024 * 1024, 0, 0, 0, NULL};

static long long field(const char *text, const char *key) {
  const char *at = strstr(text, key);
  assert_non_null(at);
  return strtoll(at + strlen(key), NULL, 10);
}

static int count_lines_starting(const char *text, const char *prefix) {
  int count = 0;
  for (const char *line = text; *line != '\0';) {
    if (strncmp(line, prefix, strlen(prefix)) == 0)
      count++;
    const char *end = strchr(line, '\n');
    line = end ? end + 1 : line + strlen(line);
  }
  return count;
}

/* Runs the probe with exactly `env` (NULL-terminated "NAME=value" list). */
static report probe(const char *const *env) {
  FILE *out = tmpfile(), *err = tmpfile();
  assert_non_null(out);
  assert_non_null(err);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    alarm(MT_CHILD_SECONDS); /* survives execve: a hung probe dies */
    char *const argv[] = {(char *)MOCKHIP_OPTIONS_PROBE, NULL};
    execve(MOCKHIP_OPTIONS_PROBE, argv, (char *const *)env);
    _exit(127);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(mt_exited_ok(status));

  char *out_text = mt_read_stream(out);
  report r = {0};
  r.devices = field(out_text, "devices=");
  r.granularity = field(out_text, "granularity=");
  r.recommended = field(out_text, "recommended=");
  r.total = field(out_text, "total=");
  r.trace = field(out_text, "trace=");
  r.err_text = mt_read_stream(err);
  r.warnings = count_lines_starting(r.err_text, "mockhip: warning:");
  r.traces = count_lines_starting(r.err_text, "mockhip: hip");
  free(out_text);
  fclose(out);
  fclose(err);
  return r;
}

static void assert_values(report want, report got) {
  assert_int_equal(want.devices, got.devices);
  assert_int_equal(want.granularity, got.granularity);
  assert_int_equal(want.recommended, got.recommended);
  assert_int_equal(want.total, got.total);
  assert_int_equal(want.trace, got.trace);
}

/* Whether `needle` occurs on the line that starts at `line`. */
static bool line_has(const char *line, const char *needle) {
  const char *end = strchr(line, '\n');
  const char *at = strstr(line, needle);
  return at != NULL && (end == NULL || at < end);
}

/* A good setting: the probe reports `want` and prints nothing. */
static void check_good(const char *setting, report want) {
  const char *env[] = {setting, NULL};
  report got = probe(env);
  if (got.warnings != 0 || got.err_text[0] != '\0')
    print_error("%s: unexpected stderr:\n%s", setting, got.err_text);
  assert_string_equal(got.err_text, "");
  assert_values(want, got);
  free(got.err_text);
}

static void test_defaults(void **state) {
  (void)state;
  const char *env[] = {NULL};
  report got = probe(env);
  assert_string_equal(got.err_text, "");
  assert_values(defaults, got);
  free(got.err_text);
}

static void test_each_variable(void **state) {
  (void)state;
  report r = defaults;
  r.devices = 4;
  check_good("MOCKHIP_DEVICES=4", r);
  r = defaults, r.granularity = 64 * 1024;
  check_good("MOCKHIP_GRANULARITY=64K", r);
  r = defaults, r.recommended = 4 * 1024 * 1024;
  check_good("MOCKHIP_GRANULARITY_RECOMMENDED=4MiB", r);
  r = defaults, r.total = 1024 * 1024 * 1024;
  check_good("MOCKHIP_DEVICE_MEMORY=1G", r);
}

static void test_size_spellings(void **state) {
  (void)state;
  static const char *const spellings[] = {"65536", "64K", "64k", "64KiB"};
  report r = defaults;
  r.granularity = 64 * 1024;
  for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
    char setting[64];
    snprintf(setting, sizeof setting, "MOCKHIP_GRANULARITY=%s", spellings[i]);
    check_good(setting, r);
  }
  r = defaults, r.total = 3LL * 1024 * 1024 * 1024;
  check_good("MOCKHIP_DEVICE_MEMORY=3GiB", r);
  r = defaults, r.total = 2LL * 1024 * 1024 * 1024 * 1024;
  check_good("MOCKHIP_DEVICE_MEMORY=2T", r);
}

static void test_trace_lines(void **state) {
  (void)state;
  const char *env[] = {"MOCKHIP_TRACE=1", NULL};
  report got = probe(env);
  assert_int_equal(got.trace, 1);
  assert_int_equal(got.warnings, 0);
  assert_int_equal(got.traces, PROBE_TRACED_CALLS);
  /* Name, arguments and result on each line; a failure also says why. */
  assert_non_null(strstr(got.err_text, "mockhip: hipGetDeviceCount("));
  assert_non_null(strstr(got.err_text, "mockhip: hipMemGetInfo("));
  const char *granularity = strstr(got.err_text, "mockhip: hipMemGetAllocationGranularity(");
  assert_non_null(granularity);
  assert_true(line_has(granularity, ") = hipSuccess\n"));
  const char *reserve = strstr(got.err_text, "mockhip: hipMemAddressReserve(");
  assert_non_null(reserve);
  assert_true(line_has(reserve, "size=0"));
  assert_true(line_has(reserve, ") = hipErrorInvalidValue ("));
  assert_true(line_has(reserve, ")\n"));
  free(got.err_text);
}

static void test_trace_spellings(void **state) {
  (void)state;
  static const char *const on[] = {"MOCKHIP_TRACE=true", "MOCKHIP_TRACE=yes", "MOCKHIP_TRACE=on",
                                   "MOCKHIP_TRACE=ON"};
  static const char *const off[] = {"MOCKHIP_TRACE=0", "MOCKHIP_TRACE=false", "MOCKHIP_TRACE=no",
                                    "MOCKHIP_TRACE=off"};
  for (size_t i = 0; i < 4; i++) {
    const char *env[] = {on[i], NULL};
    report got = probe(env);
    assert_int_equal(got.trace, 1);
    assert_int_equal(got.traces, PROBE_TRACED_CALLS);
    free(got.err_text);
    check_good(off[i], defaults);
  }
}

static void test_all_together(void **state) {
  (void)state;
  const char *env[] = {
      "MOCKHIP_DEVICES=4",        "MOCKHIP_GRANULARITY=64K", "MOCKHIP_GRANULARITY_RECOMMENDED=4MiB",
      "MOCKHIP_DEVICE_MEMORY=1G", "MOCKHIP_TRACE=1",         NULL,
  };
  report got = probe(env);
  report want = {4, 64 * 1024, 4 * 1024 * 1024, 1024 * 1024 * 1024, 1, 0, 0, NULL};
  assert_values(want, got);
  assert_int_equal(got.warnings, 0);
  assert_int_equal(got.traces, PROBE_TRACED_CALLS);
  free(got.err_text);
}

/* ---- negative: one warning line naming the variable, and the default kept ---- */

/* `want` is what the probe must report despite the bad setting(s). */
static void check_bad(const char *const *env, const char *warned, report want) {
  report got = probe(env);
  if (got.warnings != 1)
    print_error("%s: expected one warning, stderr was:\n%s", env[0], got.err_text);
  assert_int_equal(got.warnings, 1);
  const char *line = strstr(got.err_text, "mockhip: warning: ");
  assert_non_null(line);
  line += strlen("mockhip: warning: ");
  if (strncmp(line, warned, strlen(warned)) != 0 || strstr(line, "; using ") == NULL)
    print_error("warning does not start with \"%s\" or lacks \"; using\": %s", warned, line);
  assert_int_equal(strncmp(line, warned, strlen(warned)), 0);
  assert_non_null(strstr(line, "; using "));
  assert_values(want, got);
  free(got.err_text);
}

static void check_bad_values(const char *name, const char *const *values) {
  for (; *values != NULL; values++) {
    char setting[128];
    snprintf(setting, sizeof setting, "MOCKHIP_%s=%s", name, *values);
    const char *env[] = {setting, NULL};
    check_bad(env, setting, defaults);
  }
}

static void test_bad_devices(void **state) {
  (void)state;
  static const char *const bad[] = {"abc", "0", "-1", "65", "99999999999999999999", "2x", NULL};
  check_bad_values("DEVICES", bad);
}

static void test_bad_granularity(void **state) {
  (void)state;
  static const char *const bad[] = {
      "abc", "0", "-4096", "12K", "2048", "2G", "99999999999999999999", "16Q", NULL};
  check_bad_values("GRANULARITY", bad);
}

static void test_bad_recommended(void **state) {
  (void)state;
  static const char *const bad[] = {"garbage", "0", "-2M", "3M", "2G", "99999999999999999999T",
                                    NULL};
  check_bad_values("GRANULARITY_RECOMMENDED", bad);
}

static void test_bad_device_memory(void **state) {
  (void)state;
  static const char *const bad[] = {
      "lots", "0", "-1G", "100", "20000000000T", "99999999999999999999", NULL};
  check_bad_values("DEVICE_MEMORY", bad);
}

static void test_bad_trace(void **state) {
  (void)state;
  static const char *const bad[] = {"maybe", "2", "-1", "tru", NULL};
  check_bad_values("TRACE", bad);
}

static void test_recommended_below_minimum(void **state) {
  (void)state;
  /* The default recommendation (2 MiB) is below a 4 MiB minimum. */
  const char *alone[] = {"MOCKHIP_GRANULARITY=4M", NULL};
  report want = defaults;
  want.granularity = want.recommended = 4 * 1024 * 1024;
  check_bad(alone, "MOCKHIP_GRANULARITY_RECOMMENDED=", want);

  const char *both[] = {"MOCKHIP_GRANULARITY=64K", "MOCKHIP_GRANULARITY_RECOMMENDED=16K", NULL};
  want = defaults;
  want.granularity = want.recommended = 64 * 1024;
  check_bad(both, "MOCKHIP_GRANULARITY_RECOMMENDED=", want);
}

static void test_device_memory_below_granularity(void **state) {
  (void)state;
  const char *env[] = {"MOCKHIP_GRANULARITY=64K", "MOCKHIP_DEVICE_MEMORY=8K", NULL};
  report want = defaults;
  want.granularity = 64 * 1024;
  check_bad(env, "MOCKHIP_DEVICE_MEMORY=", want);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      cmocka_unit_test(test_defaults),        cmocka_unit_test(test_each_variable),
      cmocka_unit_test(test_size_spellings),  cmocka_unit_test(test_trace_lines),
      cmocka_unit_test(test_trace_spellings), cmocka_unit_test(test_all_together),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_bad_devices),
      cmocka_unit_test(test_bad_granularity),
      cmocka_unit_test(test_bad_recommended),
      cmocka_unit_test(test_bad_device_memory),
      cmocka_unit_test(test_bad_trace),
      cmocka_unit_test(test_recommended_below_minimum),
      cmocka_unit_test(test_device_memory_below_granularity),
  };
  return cmocka_run_group_tests_name("options", positive, NULL, NULL) +
         cmocka_run_group_tests_name("options_negative", negative, NULL, NULL);
}
