/*
 * test_leak_report.c: mockhip_leak_report in this process, and the exit-time
 * check MOCKHIP_LEAK_CHECK=1 turns on, through mockhip-leak-probe
 * (MOCKHIP_LEAK_PROBE) since options are read once per process. Every line
 * must name the object and the call that made it: this binary or the probe
 * as the module, and the maker function by name (both link with -rdynamic).
 */
#include "mock_test.h"
#include "report_lines.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define LEAK_LINE "mockhip: leak: "
#define SUMMARY_LINE "mockhip: leak check: "

/* ---- in process ---- */

/* The makers: the sites the report must name. */
MT_SITE void *leak_test_reserve(size_t bytes) {
  void *base = NULL;
  MT_CHECK(hipMemAddressReserve(&base, bytes, 0, NULL, 0));
  return base;
}

MT_SITE hipMemGenericAllocationHandle_t leak_test_create(size_t bytes) {
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  return handle;
}

MT_SITE void leak_test_map(void *base, size_t bytes, hipMemGenericAllocationHandle_t handle) {
  MT_CHECK(hipMemMap(base, bytes, 0, handle, 0));
}

MT_SITE void *leak_test_malloc(size_t bytes) {
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, bytes));
  return block;
}

MT_SITE hipStream_t leak_test_stream_create(void) {
  hipStream_t stream = NULL;
  MT_CHECK(hipStreamCreate(&stream));
  return stream;
}

/* Runs mockhip_leak_report into a file; returns its count, *text what it printed. */
static size_t report(char **text) {
  FILE *out = tmpfile();
  assert_non_null(out);
  size_t count = mockhip_leak_report(out);
  *text = mt_read_stream(out);
  fclose(out);
  return count;
}

/* Asserts a line starts with LEAK_LINE + object + " (" or "," and names maker in this binary. */
static void assert_reported(const char *text, const char *object, const char *maker) {
  char prefix[128];
  snprintf(prefix, sizeof prefix, LEAK_LINE "%s", object);
  const char *line = text;
  size_t length = strlen(prefix);
  while ((line = mt_line_starting(line, prefix)) != NULL && line[length] != ' ' &&
         line[length] != ',')
    line += length;
  if (line == NULL)
    print_error("no line for \"%s\" in:\n%s", object, text);
  assert_non_null(line);
  const char *site = strstr(line, ", made at ");
  assert_non_null(site);
  assert_true(mt_site_is(site + strlen(", made at "), "/proc/self/exe", maker));
}

static void test_clean_state_prints_nothing(void **state) {
  (void)state;
  char *text = NULL;
  assert_int_equal(report(&text), 0);
  assert_string_equal(text, "");
  free(text);
}

static void test_every_live_object_is_reported(void **state) {
  (void)state;
  size_t g = mt_granularity();
  void *base = leak_test_reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = leak_test_create(g), retained = NULL;
  leak_test_map(base, g, handle);
  MT_CHECK(hipMemRetainAllocationHandle(&retained, base));
  assert_ptr_equal(retained, handle);
  void *block = leak_test_malloc(g);
  hipStream_t stream = leak_test_stream_create();

  char *text = NULL, object[128];
  assert_int_equal(report(&text), 5);
  assert_int_equal(mt_count_lines(text), 5);
  snprintf(object, sizeof object, "reservation %#lx (%zu bytes)", (unsigned long)base, 2 * g);
  assert_reported(text, object, "leak_test_reserve");
  snprintf(object, sizeof object, "mapping %#lx (%zu bytes) of handle#%llu (%#llx)",
           (unsigned long)base, g, mt_id_number(handle), (unsigned long long)(uintptr_t)handle);
  assert_reported(text, object, "leak_test_map");
  snprintf(object, sizeof object, "handle#%llu (%#llx, %zu bytes, 2 unreleased references)",
           mt_id_number(handle), (unsigned long long)(uintptr_t)handle, g);
  assert_reported(text, object, "leak_test_create");
  snprintf(object, sizeof object, "hipMalloc block %#lx (%zu bytes)", (unsigned long)block, g);
  assert_reported(text, object, "leak_test_malloc");
  snprintf(object, sizeof object, "stream#%llu (%#llx)", mt_id_number(stream),
           (unsigned long long)(uintptr_t)stream);
  assert_reported(text, object, "leak_test_stream_create");
  free(text);

  /* Released while mapped: the mapping holds the memory and is what is reported. */
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(report(&text), 4);
  assert_null(mt_line_starting(text, LEAK_LINE "handle#"));
  snprintf(object, sizeof object, "mapping %#lx (%zu bytes) of handle#%llu (%#llx)",
           (unsigned long)base, g, mt_id_number(handle), (unsigned long long)(uintptr_t)handle);
  assert_reported(text, object, "leak_test_map");
  free(text);

  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
  MT_CHECK(hipFree(block));
  MT_CHECK(hipStreamDestroy(stream));
  assert_int_equal(report(&text), 0);
  assert_string_equal(text, "");
  free(text);
}

/* ---- at exit, through the probe ---- */

typedef struct probe_run {
  int status;
  char *out; /* "<maker> <object>" per object the probe left alive */
  char *err;
} probe_run;

/* Runs the probe with argv[1..] = what (and then, unless NULL, also). */
static probe_run run_probe_args(const char *what, const char *also, const char *setting) {
  const char *argv[] = {MOCKHIP_LEAK_PROBE, what, also, NULL};
  const char *env[] = {setting, NULL};
  probe_run r;
  r.status = mt_run_program(argv, env, &r.out, &r.err);
  return r;
}

static probe_run run_probe(const char *what, const char *setting) {
  return run_probe_args(what, NULL, setting);
}

static void free_run(probe_run *r) {
  free(r->out);
  free(r->err);
}

static bool exited_with(int status, int code) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == code)
    return true;
  if (WIFSIGNALED(status))
    print_error("probe killed by signal %d, expected exit %d\n", WTERMSIG(status), code);
  else
    print_error("probe exited with %d, expected %d\n", WEXITSTATUS(status), code);
  return false;
}

/* Each object the probe says it left is on a line of its own naming the probe's maker. */
static void assert_probe_leaks(const probe_run *r, int objects) {
  if (!exited_with(r->status, MOCKHIP_LEAK_EXIT_STATUS))
    print_error("stderr:\n%s", r->err);
  assert_true(exited_with(r->status, MOCKHIP_LEAK_EXIT_STATUS));
  assert_int_equal(mt_count_lines(r->out), objects);
  assert_int_equal(mt_count_lines_starting(r->err, LEAK_LINE), objects);
  for (const char *line = r->out; *line != '\0'; line = strchr(line, '\n') + 1) {
    char maker[64], object[128], prefix[160];
    assert_int_equal(sscanf(line, "%63s %127[^\n]", maker, object), 2);
    snprintf(prefix, sizeof prefix, LEAK_LINE "%s", object);
    const char *reported = mt_line_starting(r->err, prefix);
    if (reported == NULL)
      print_error("no line for \"%s\" in:\n%s", object, r->err);
    assert_non_null(reported);
    const char *after = reported + strlen(prefix);
    assert_true(*after == ' ' || *after == ',' || *after == ')');
    const char *site = strstr(reported, ", made at ");
    assert_non_null(site);
    assert_true(mt_site_is(site + strlen(", made at "), MOCKHIP_LEAK_PROBE, maker));
  }
  char summary[128];
  snprintf(summary, sizeof summary, SUMMARY_LINE "%d object%s still alive at exit", objects,
           objects == 1 ? "" : "s");
  assert_non_null(mt_line_starting(r->err, summary));
}

static void test_check_passes_a_clean_exit(void **state) {
  (void)state;
  probe_run r = run_probe("none", "MOCKHIP_LEAK_CHECK=1");
  assert_true(exited_with(r.status, 0));
  assert_string_equal(r.err, "");
  free_run(&r);
}

static void test_check_reports_each_kind(void **state) {
  (void)state;
  static const struct {
    const char *what;
    int objects;
  } leaks[] = {{"reservation", 1}, {"mapping", 2}, {"handle", 1},
               {"malloc", 1},      {"stream", 1},  {"all", 6}};
  for (size_t i = 0; i < sizeof leaks / sizeof leaks[0]; i++) {
    probe_run r = run_probe(leaks[i].what, "MOCKHIP_LEAK_CHECK=1");
    assert_probe_leaks(&r, leaks[i].objects);
    /* The mapping holds a released handle: no line of its own. */
    if (strcmp(leaks[i].what, "mapping") == 0)
      assert_null(mt_line_starting(r.err, LEAK_LINE "handle#"));
    free_run(&r);
  }
}

/* A program that fails and leaks exits with the leak status, as under LeakSanitizer. */
static void test_check_overrides_the_programs_exit_status(void **state) {
  (void)state;
  probe_run r = run_probe("abort-after", "MOCKHIP_LEAK_CHECK=1");
  assert_probe_leaks(&r, 1);
  free_run(&r);
}

/* The check runs after the program's own exit handlers, even ones registered
   before its first HIP call: what they free is not a leak. */
static void test_check_runs_after_the_programs_exit_handlers(void **state) {
  (void)state;
  probe_run r = run_probe("cleanup-at-exit", "MOCKHIP_LEAK_CHECK=1");
  if (!exited_with(r.status, 0))
    print_error("stderr:\n%s", r.err);
  assert_true(exited_with(r.status, 0));
  assert_string_equal(r.err, "");
  free_run(&r);
}

/* A program found on PATH has an argv[0] that is not a path: the site still
   names the program's file, which addr2line needs. */
static void test_site_names_the_program_file(void **state) {
  (void)state;
  probe_run r = run_probe_args("renamed", "handle", "MOCKHIP_LEAK_CHECK=1");
  assert_probe_leaks(&r, 1);
  free_run(&r);
}

static void test_no_check_without_the_variable(void **state) {
  (void)state;
  static const char *const settings[] = {NULL, "MOCKHIP_LEAK_CHECK=0", "MOCKHIP_LEAK_CHECK=off"};
  for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++) {
    probe_run r = run_probe("all", settings[i]);
    assert_true(exited_with(r.status, 0));
    assert_string_equal(r.err, "");
    free_run(&r);
  }
}

/* out == NULL means stderr. */
static void test_null_stream_means_stderr(void **state) {
  (void)state;
  void *base = leak_test_reserve(mt_granularity());
  mt_stderr_begin();
  size_t count = mockhip_leak_report(NULL);
  char *text = mt_stderr_end();
  assert_int_equal(count, 1);
  assert_int_equal(mt_count_lines(text), 1);
  char object[64];
  snprintf(object, sizeof object, "reservation %#lx", (unsigned long)base);
  assert_reported(text, object, "leak_test_reserve");
  free(text);
  MT_CHECK(hipMemAddressFree(base, mt_granularity()));
}

int main(void) {
  const struct CMUnitTest in_process[] = {
      MT_CLEAN_TEST(test_clean_state_prints_nothing),
      MT_CLEAN_TEST(test_every_live_object_is_reported),
      MT_CLEAN_TEST(test_null_stream_means_stderr),
  };
  const struct CMUnitTest at_exit[] = {
      cmocka_unit_test(test_check_passes_a_clean_exit),
      cmocka_unit_test(test_check_reports_each_kind),
      cmocka_unit_test(test_check_overrides_the_programs_exit_status),
      cmocka_unit_test(test_check_runs_after_the_programs_exit_handlers),
      cmocka_unit_test(test_site_names_the_program_file),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_no_check_without_the_variable),
  };
  int failed = cmocka_run_group_tests_name("leak_report", in_process, NULL, NULL);
  failed += cmocka_run_group_tests_name("leak_report_at_exit", at_exit, NULL, NULL);
  failed += cmocka_run_group_tests_name("leak_report_negative", negative, NULL, NULL);
  return failed;
}
