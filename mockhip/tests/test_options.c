/*
 * test_options.c: the MOCKHIP_* variables, and the release and platform chosen from code. Options
 * are read once per process, so each case runs mockhip-options-probe (MOCKHIP_OPTIONS_PROBE) with
 * an environment of its own and reads its report and its stderr.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>

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

/* Runs the probe with exactly `env` (NULL-terminated "NAME=value" list). */
static report probe(const char *const *env) {
  const char *const argv[] = {MOCKHIP_OPTIONS_PROBE, NULL};
  char *out_text;
  report r = {0};
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, &r.err_text)));
  r.devices = field(out_text, "devices=");
  r.granularity = field(out_text, "granularity=");
  r.recommended = field(out_text, "recommended=");
  r.total = field(out_text, "total=");
  r.trace = field(out_text, "trace=");
  r.warnings = mt_count_lines_starting(r.err_text, "mockhip: warning:");
  r.traces = mt_count_lines_starting(r.err_text, "mockhip: hip");
  free(out_text);
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

/* ---- the ROCm release played: MOCKHIP_ROCM_VERSION and mockhip_set_rocm_version ---- */

typedef struct rocm_report {
  long long set; /* -2: not called */
  char rocm[16], rocm_late[16];
  long long runtime, driver, late, runtime_late;
  char *err_text;
} rocm_report;

static void text_field(const char *text, const char *key, char *out, size_t size) {
  const char *at = strstr(text, key);
  assert_non_null(at);
  at += strlen(key);
  size_t length = strcspn(at, "\n");
  assert_true(length < size);
  memcpy(out, at, length);
  out[length] = '\0';
}

/* Runs "mockhip-options-probe rocm [set_name]" with exactly `env`. */
static rocm_report probe_rocm(const char *const *env, const char *set_name) {
  const char *const argv[] = {MOCKHIP_OPTIONS_PROBE, "rocm", set_name, NULL};
  char *out_text;
  rocm_report r = {.set = -2};
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, &r.err_text)));
  if (set_name != NULL)
    r.set = field(out_text, "set=");
  text_field(out_text, "rocm=", r.rocm, sizeof r.rocm);
  text_field(out_text, "rocm_late=", r.rocm_late, sizeof r.rocm_late);
  r.runtime = field(out_text, "runtime=");
  r.driver = field(out_text, "driver=");
  r.late = field(out_text, "late=");
  r.runtime_late = field(out_text, "runtime_late=");
  free(out_text);
  return r;
}

/* The release is `name`, the versions are its own, and a late change was refused
   and changed nothing. Frees r.err_text. */
static void assert_plays(rocm_report r, const char *name, long long version) {
  assert_string_equal(r.rocm, name);
  assert_int_equal(r.runtime, version);
  assert_int_equal(r.driver, version);
  assert_int_equal(r.late, -1);
  assert_string_equal(r.rocm_late, name);
  assert_int_equal(r.runtime_late, version);
  free(r.err_text);
}

static const struct {
  const char *name;
  long long version; /* major*10000000 + minor*100000; newest: HIP_VERSION, 7.2 */
} releases[] = {{"6.0", 60000000}, {"6.1", 60100000}, {"6.2", 60200000},
                {"6.3", 60300000}, {"6.4", 60400000}, {"7.0", 70000000},
                {"7.1", 70100000}, {"7.2", 70200000}, {"newest", 70200000}};

static void test_rocm_version_each(void **state) {
  (void)state;
  const char *none[] = {NULL};
  rocm_report r = probe_rocm(none, NULL);
  assert_string_equal(r.err_text, "");
  assert_plays(r, "newest", HIP_VERSION);
  for (size_t i = 0; i < sizeof releases / sizeof releases[0]; i++) {
    char setting[64];
    snprintf(setting, sizeof setting, "MOCKHIP_ROCM_VERSION=%s", releases[i].name);
    const char *env[] = {setting, NULL};
    r = probe_rocm(env, NULL);
    if (r.err_text[0] != '\0')
      print_error("%s: unexpected stderr:\n%s", setting, r.err_text);
    assert_string_equal(r.err_text, "");
    assert_plays(r, releases[i].name, releases[i].version);
  }
}

/* mockhip_set_rocm_version before the first call wins over the variable; an
   unknown name returns -1 and leaves the release the variable chose. */
static void test_rocm_version_set(void **state) {
  (void)state;
  const char *none[] = {NULL}, *env[] = {"MOCKHIP_ROCM_VERSION=6.3", NULL};
  rocm_report r = probe_rocm(env, "6.0");
  assert_int_equal(r.set, 0);
  assert_string_equal(r.err_text, "");
  assert_plays(r, "6.0", 60000000);
  r = probe_rocm(env, "newest");
  assert_int_equal(r.set, 0);
  assert_plays(r, "newest", HIP_VERSION);
  r = probe_rocm(none, "7.2");
  assert_int_equal(r.set, 0);
  assert_plays(r, "7.2", 70200000);

  static const char *const unknown[] = {"6.5", "", "6.2.0", NULL};
  for (const char *const *name = unknown; *name != NULL; name++) {
    r = probe_rocm(none, *name);
    assert_int_equal(r.set, -1);
    assert_plays(r, "newest", HIP_VERSION);
  }
  r = probe_rocm(env, "latest");
  assert_int_equal(r.set, -1);
  assert_plays(r, "6.3", 60300000);
}

/* ---- the platform played: MOCKHIP_PLATFORM and mockhip_set_platform ---- */

typedef struct platform_report {
  long long null_set, set; /* mockhip_set_platform(NULL), (name); set -2: not called */
  char platform[16], rocm[16], platform_late[16], rocm_late[16];
  long long runtime, driver, granularity, recommended, late;
  char *err_text;
} platform_report;

/* Runs "mockhip-options-probe platform [set_name]" with exactly `env`. */
static platform_report probe_platform(const char *const *env, const char *set_name) {
  const char *const argv[] = {MOCKHIP_OPTIONS_PROBE, "platform", set_name, NULL};
  char *out_text;
  platform_report r = {.set = -2};
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, &r.err_text)));
  r.null_set = field(out_text, "null=");
  if (set_name != NULL)
    r.set = field(out_text, "set=");
  text_field(out_text, "platform=", r.platform, sizeof r.platform);
  text_field(out_text, "rocm=", r.rocm, sizeof r.rocm);
  text_field(out_text, "platform_late=", r.platform_late, sizeof r.platform_late);
  text_field(out_text, "rocm_late=", r.rocm_late, sizeof r.rocm_late);
  r.runtime = field(out_text, "runtime=");
  r.driver = field(out_text, "driver=");
  r.granularity = field(out_text, "granularity=");
  r.recommended = field(out_text, "recommended=");
  r.late = field(out_text, "late=");
  free(out_text);
  return r;
}

/* What a platform plays with the granularity options left alone. */
typedef struct platform_play {
  const char *platform, *rocm;
  long long version, granularity, recommended;
} platform_play;

static const platform_play nvidia_play = {"nvidia", "cuda-13.0", 13000, 2 * 1024 * 1024,
                                          2 * 1024 * 1024};
static const platform_play newest_play = {"amd", "newest", HIP_VERSION, 4096, 2 * 1024 * 1024};

/* The platform and release are `want`'s, mockhip_set_platform(NULL) and a late change were
   refused and changed nothing. Frees r.err_text. */
static void assert_platform(platform_report r, platform_play want) {
  assert_int_equal(r.null_set, -1);
  assert_string_equal(r.platform, want.platform);
  assert_string_equal(r.rocm, want.rocm);
  assert_int_equal(r.runtime, want.version);
  assert_int_equal(r.driver, want.version);
  assert_int_equal(r.granularity, want.granularity);
  assert_int_equal(r.recommended, want.recommended);
  assert_int_equal(r.late, -1);
  assert_string_equal(r.platform_late, want.platform);
  assert_string_equal(r.rocm_late, want.rocm);
  free(r.err_text);
}

static void assert_quiet(const platform_report *r, const char *what) {
  if (r->err_text[0] != '\0')
    print_error("%s: unexpected stderr:\n%s", what, r->err_text);
  assert_string_equal(r->err_text, "");
}

static void test_platform_each(void **state) {
  (void)state;
  const char *none[] = {NULL}, *amd[] = {"MOCKHIP_PLATFORM=amd", NULL};
  const char *nvidia[] = {"MOCKHIP_PLATFORM=nvidia", NULL};
  const char *amd_63[] = {"MOCKHIP_PLATFORM=amd", "MOCKHIP_ROCM_VERSION=6.3", NULL};
  platform_report r = probe_platform(none, NULL);
  assert_quiet(&r, "no MOCKHIP_PLATFORM");
  assert_platform(r, newest_play);
  r = probe_platform(amd, NULL);
  assert_quiet(&r, amd[0]);
  assert_platform(r, newest_play);
  r = probe_platform(nvidia, NULL);
  assert_quiet(&r, nvidia[0]);
  assert_platform(r, nvidia_play);
  /* amd leaves the release to MOCKHIP_ROCM_VERSION (6.3 recommends the minimum) */
  r = probe_platform(amd_63, NULL);
  assert_quiet(&r, "MOCKHIP_PLATFORM=amd MOCKHIP_ROCM_VERSION=6.3");
  assert_platform(r, (platform_play){"amd", "6.3", 60300000, 4096, 4096});
}

/* HIP on NVIDIA: 2 MiB, minimum and recommended, unless MOCKHIP_GRANULARITY says otherwise;
   then that value, for both options. */
static void test_platform_granularity(void **state) {
  (void)state;
  const char *small[] = {"MOCKHIP_PLATFORM=nvidia", "MOCKHIP_GRANULARITY=64K", NULL};
  platform_report r = probe_platform(small, NULL);
  assert_quiet(&r, "MOCKHIP_PLATFORM=nvidia MOCKHIP_GRANULARITY=64K");
  platform_play want = nvidia_play;
  want.granularity = want.recommended = 64 * 1024;
  assert_platform(r, want);
  const char *large[] = {"MOCKHIP_PLATFORM=nvidia", "MOCKHIP_GRANULARITY=4M", NULL};
  r = probe_platform(large, NULL);
  want.granularity = want.recommended = 4 * 1024 * 1024;
  assert_platform(r, want);
  /* The options probe agrees, and the devices hold their default memory. */
  const char *nvidia[] = {"MOCKHIP_PLATFORM=nvidia", NULL};
  report got = probe(nvidia);
  assert_string_equal(got.err_text, "");
  report expect = defaults;
  expect.granularity = expect.recommended = 2 * 1024 * 1024;
  assert_values(expect, got);
  free(got.err_text);
}

/* mockhip_set_platform before the first call wins over the variables; an unknown name
   returns -1 and changes nothing. */
static void test_platform_set(void **state) {
  (void)state;
  const char *none[] = {NULL};
  platform_report r = probe_platform(none, "nvidia");
  assert_int_equal(r.set, 0);
  assert_quiet(&r, "mockhip_set_platform(\"nvidia\")");
  assert_platform(r, nvidia_play);
  const char *nvidia[] = {"MOCKHIP_PLATFORM=nvidia", NULL};
  r = probe_platform(nvidia, "amd");
  assert_int_equal(r.set, 0);
  assert_platform(r, newest_play);
  /* The code's choice: MOCKHIP_ROCM_VERSION is not looked at, and nothing is said. */
  const char *rocm_62[] = {"MOCKHIP_ROCM_VERSION=6.2", NULL};
  r = probe_platform(rocm_62, "nvidia");
  assert_int_equal(r.set, 0);
  assert_quiet(&r, "MOCKHIP_ROCM_VERSION=6.2 and mockhip_set_platform(\"nvidia\")");
  assert_platform(r, nvidia_play);
  /* mockhip_set_rocm_version wins over MOCKHIP_PLATFORM=nvidia the same way. */
  rocm_report rocm = probe_rocm(nvidia, "6.2");
  assert_int_equal(rocm.set, 0);
  assert_string_equal(rocm.err_text, "");
  assert_plays(rocm, "6.2", 60200000);

  static const char *const unknown[] = {"NVIDIA", "", "cuda", "cuda-13.0", "rocm", "amd ", NULL};
  for (const char *const *name = unknown; *name != NULL; name++) {
    r = probe_platform(none, *name);
    assert_int_equal(r.set, -1);
    assert_platform(r, newest_play);
    r = probe_platform(nvidia, *name);
    assert_int_equal(r.set, -1);
    assert_platform(r, nvidia_play);
  }
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
  /* The warning is all of stderr, and one line. */
  const char *last = got.err_text + strlen(got.err_text) - 1;
  if (strchr(got.err_text, '\n') != last)
    print_error("%s: the warning is not one line:\n%s", env[0], got.err_text);
  assert_ptr_equal(strchr(got.err_text, '\n'), last);
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
  static const char *const bad[] = {"abc", "0", "-1", "65", "99999999999999999999", "2x",
                                    /* the empty string, blanks, signs, other bases and notations */
                                    "", " 2", "2 ", "+2", "0x2", "2.0", "1e1", "2K",
                                    /* enormous: past an int (would wrap to 1), past 64 bits */
                                    "4294967297", "18446744073709551617", NULL};
  check_bad_values("DEVICES", bad);
}

/* A control byte in a value is shown escaped, so the warning stays one line
   and a value cannot forge a line of its own. */
static void test_bad_value_with_a_newline(void **state) {
  (void)state;
  const char *env[] = {"MOCKHIP_DEVICES=2\nmockhip: warning: forged", NULL};
  check_bad(env, "MOCKHIP_DEVICES=2\\x0amockhip: warning: forged: not a whole number", defaults);
}

static void test_bad_granularity(void **state) {
  (void)state;
  static const char *const bad[] = {
      "abc", "0", "-4096", "12K", "2048", "2G", "99999999999999999999", "16Q",
      /* the empty string, trailing junk, hex, notations, half a unit */
      "", "4096 ", "4K4", "4Ki", "4KiBB", "0x1000", "1e3",
      /* enormous: 2^64, and a unit that overflows 64 bits */
      "18446744073709551616", "16777216T", NULL};
  check_bad_values("GRANULARITY", bad);
}

static void test_bad_recommended(void **state) {
  (void)state;
  static const char *const bad[] = {"garbage", "0", "-2M", "3M", "2G", "99999999999999999999T",
                                    /* the empty string, trailing junk, hex */
                                    "", "2M ", "2MiBx", "0x200000", NULL};
  check_bad_values("GRANULARITY_RECOMMENDED", bad);
}

static void test_bad_device_memory(void **state) {
  (void)state;
  static const char *const bad[] = {
      "lots", "0", "-1G", "100", "20000000000T", "99999999999999999999",
      /* the empty string, notations, units it does not know, trailing junk */
      "", "-0", "1e99", "1E9", "0x400000000", "1P", "16G16",
      /* just past the 1 PiB limit; 2^64 bytes through a unit */
      "1025T", "17179869184G", NULL};
  check_bad_values("DEVICE_MEMORY", bad);
}

static void test_bad_trace(void **state) {
  (void)state;
  static const char *const bad[] = {"maybe", "2", "-1", "tru", "", " on", "1 ", "onn", "0x1", NULL};
  check_bad_values("TRACE", bad);
}

/* Options the probe cannot observe: the warning, and nothing else changed. */
static void test_bad_seed_and_switches(void **state) {
  (void)state;
  static const char *const seeds[] = {"abc", "", "-1", "1K", "0x10", "1.5", "18446744073709551616",
                                      NULL};
  check_bad_values("SEED", seeds);
  static const char *const switches[] = {"2", "maybe", "", "yes please", NULL};
  check_bad_values("LEAK_CHECK", switches);
  check_bad_values("STRICT", switches);
  static const char *const populate[] = {"2", "maybe", "", "autoo", NULL};
  check_bad_values("POPULATE", populate);
  static const char *const populate_good[] = {"MOCKHIP_POPULATE=auto", "MOCKHIP_POPULATE=1",
                                              "MOCKHIP_POPULATE=no", NULL};
  for (const char *const *good = populate_good; *good != NULL; good++)
    check_good(*good, defaults);
}

/* A bad release warns in one line, all of stderr, and plays newest. */
static void test_bad_rocm_version(void **state) {
  (void)state;
  static const char *const bad[] = {"7.3", "5.7", "6", "", "6.2.0", " 6.2", "v6.2", "latest", NULL};
  for (const char *const *value = bad; *value != NULL; value++) {
    char setting[64];
    snprintf(setting, sizeof setting, "MOCKHIP_ROCM_VERSION=%s", *value);
    const char *env[] = {setting, NULL};
    rocm_report r = probe_rocm(env, NULL);
    char warning[128];
    snprintf(warning, sizeof warning, "mockhip: warning: %s: ", setting);
    const char *newline = strchr(r.err_text, '\n');
    bool one_line = newline != NULL && newline[1] == '\0';
    if (!one_line || strncmp(r.err_text, warning, strlen(warning)) != 0 ||
        strstr(r.err_text, "; using newest\n") == NULL)
      print_error("%s: expected one line \"%s...; using newest\", stderr was:\n%s", setting,
                  warning, r.err_text);
    assert_true(one_line);
    assert_memory_equal(r.err_text, warning, strlen(warning));
    assert_non_null(strstr(r.err_text, "; using newest\n"));
    assert_plays(r, "newest", HIP_VERSION);
  }
}

/* A bad platform warns in one line, all of stderr, and plays the newest ROCm: the
   release MOCKHIP_ROCM_VERSION names is not used either. */
static void test_bad_platform(void **state) {
  (void)state;
  static const char *const bad[] = {"NVIDIA",  "cuda",  "",     " nvidia",
                                    "nvidia ", "amd64", "rocm", NULL};
  for (const char *const *value = bad; *value != NULL; value++) {
    char setting[64];
    snprintf(setting, sizeof setting, "MOCKHIP_PLATFORM=%s", *value);
    const char *alone[] = {setting, NULL};
    const char *with_release[] = {setting, "MOCKHIP_ROCM_VERSION=6.3", NULL};
    const char *const *envs[] = {alone, with_release};
    for (size_t i = 0; i < 2; i++) {
      platform_report r = probe_platform(envs[i], NULL);
      char warning[128];
      snprintf(warning, sizeof warning, "mockhip: warning: %s: not amd or nvidia; using newest\n",
               setting);
      if (strcmp(r.err_text, warning) != 0)
        print_error("%s: expected \"%s\", stderr was:\n%s", setting, warning, r.err_text);
      assert_string_equal(r.err_text, warning);
      assert_platform(r, newest_play);
    }
  }
}

/* MOCKHIP_ROCM_VERSION has no say on NVIDIA: one line says so, good name or bad. */
static void test_rocm_version_on_nvidia(void **state) {
  (void)state;
  static const char *const versions[] = {"6.2", "newest", "7.9", "", NULL};
  for (const char *const *value = versions; *value != NULL; value++) {
    char setting[64];
    snprintf(setting, sizeof setting, "MOCKHIP_ROCM_VERSION=%s", *value);
    const char *env[] = {"MOCKHIP_PLATFORM=nvidia", setting, NULL};
    platform_report r = probe_platform(env, NULL);
    const char *warning = "mockhip: warning: MOCKHIP_ROCM_VERSION is not used: ";
    const char *newline = strchr(r.err_text, '\n');
    bool one_line = newline != NULL && newline[1] == '\0';
    if (!one_line || strncmp(r.err_text, warning, strlen(warning)) != 0)
      print_error("%s: expected one line \"%s...\", stderr was:\n%s", setting, warning, r.err_text);
    assert_true(one_line);
    assert_memory_equal(r.err_text, warning, strlen(warning));
    assert_platform(r, nvidia_play);
  }
}

/* NVIDIA answers the minimum for both options: a recommendation set for it is not used. */
static void test_recommended_on_nvidia(void **state) {
  (void)state;
  const char *env[] = {"MOCKHIP_PLATFORM=nvidia", "MOCKHIP_GRANULARITY_RECOMMENDED=4M", NULL};
  platform_report r = probe_platform(env, NULL);
  const char *warning = "mockhip: warning: MOCKHIP_GRANULARITY_RECOMMENDED is not used: ";
  const char *newline = strchr(r.err_text, '\n');
  if (newline == NULL || newline[1] != '\0' || strncmp(r.err_text, warning, strlen(warning)) != 0)
    print_error("expected one line \"%s...\", stderr was:\n%s", warning, r.err_text);
  assert_true(newline != NULL && newline[1] == '\0');
  assert_memory_equal(r.err_text, warning, strlen(warning));
  assert_platform(r, nvidia_play);
}

static void test_recommended_below_minimum(void **state) {
  (void)state;
  /* The default recommendation (2 MiB) is below a 4 MiB minimum: it follows the minimum,
     with no warning about a variable nobody set. */
  const char *alone[] = {"MOCKHIP_GRANULARITY=4M", NULL};
  report want = defaults;
  want.granularity = want.recommended = 4 * 1024 * 1024;
  report got = probe(alone);
  if (got.warnings != 0)
    print_error("MOCKHIP_GRANULARITY=4M alone warned:\n%s", got.err_text);
  assert_int_equal(got.warnings, 0);
  assert_values(want, got);
  free(got.err_text);

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
      cmocka_unit_test(test_defaults),          cmocka_unit_test(test_each_variable),
      cmocka_unit_test(test_size_spellings),    cmocka_unit_test(test_trace_lines),
      cmocka_unit_test(test_trace_spellings),   cmocka_unit_test(test_all_together),
      cmocka_unit_test(test_rocm_version_each), cmocka_unit_test(test_rocm_version_set),
      cmocka_unit_test(test_platform_each),     cmocka_unit_test(test_platform_granularity),
      cmocka_unit_test(test_platform_set),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_bad_devices),
      cmocka_unit_test(test_bad_value_with_a_newline),
      cmocka_unit_test(test_bad_granularity),
      cmocka_unit_test(test_bad_recommended),
      cmocka_unit_test(test_bad_device_memory),
      cmocka_unit_test(test_bad_trace),
      cmocka_unit_test(test_bad_seed_and_switches),
      cmocka_unit_test(test_bad_rocm_version),
      cmocka_unit_test(test_bad_platform),
      cmocka_unit_test(test_rocm_version_on_nvidia),
      cmocka_unit_test(test_recommended_on_nvidia),
      cmocka_unit_test(test_recommended_below_minimum),
      cmocka_unit_test(test_device_memory_below_granularity),
  };
  return cmocka_run_group_tests_name("options", positive, NULL, NULL) +
         cmocka_run_group_tests_name("options_negative", negative, NULL, NULL);
}
