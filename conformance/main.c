/*
 * main.c: the conformance binary (conformance-mock, conformance-rocm).
 *
 *   conformance-<backend>                       every group, cmocka's own output
 *   conformance-<backend> --filter PATTERN      only the rules matching PATTERN
 *   conformance-<backend> --list                every rule with its reference row
 *   conformance-<backend> --about               the runtime and its device
 *   conformance-<backend> --report DIVERGENCES  one line per rule for a person,
 *       [--filter PATTERN]... [--timeout SECONDS] [--junit FILE] [--json FILE]
 *       [--emit-divergences FILE]
 *   --selftest (with --list or --report) adds the rules that test the runner.
 */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "report.h"
#include "selftest.h"

/* --about's exit status when VMM rules cannot run here (automake's "skipped"). */
#define EXIT_UNUSABLE 77

#define CONF_GROUP_ADDRESS(name) &conf_group_##name,
static const conf_group *const suite[] = {CONF_GROUP_LIST(CONF_GROUP_ADDRESS)};
#undef CONF_GROUP_ADDRESS
static const size_t suite_count = sizeof suite / sizeof suite[0];

typedef enum mode { PLAIN, LIST, ABOUT, REPORT, HELP } mode;

#define MAX_FILTERS 16

typedef struct options {
  mode mode;
  const char *filters[MAX_FILTERS];
  int selftest;
  conf_report_options report;
} options;

static int run_plain(const conf_group *const *groups, size_t group_count, const char *filter) {
  int failed = 0;
  if (filter != NULL)
    cmocka_set_test_filter(filter);
  for (size_t g = 0; g < group_count; g++) {
    const conf_group *group = groups[g];
    struct CMUnitTest *tests = calloc(group->count, sizeof *tests);
    if (tests == NULL)
      return 1;
    for (size_t i = 0; i < group->count; i++)
      tests[i] = group->rules[i].test;
    failed += _cmocka_run_group_tests(group->name, tests, group->count, NULL, NULL);
    free(tests);
  }
  return failed != 0;
}

static void list_rules(const conf_group *const *groups, size_t group_count) {
  for (size_t g = 0; g < group_count; g++)
    for (size_t i = 0; i < groups[g]->count; i++)
      printf("%-20s %-50s [%s]\n", groups[g]->name, groups[g]->rules[i].test.name,
             groups[g]->rules[i].ref);
}

/* key: value lines, read by ci/report.sh. */
static int about(const char *program, int timeout_seconds) {
  conf_backend_facts facts;
  char version[16];
  conf_backend_facts_probe(&facts, timeout_seconds);
  conf_backend_version_text(facts.version, version, sizeof version);
  printf("program: %s\nbackend: %s\nversion: %s\nversion_number: %d\nversion_from: %s\n"
         "device_count: %d\ndevice_name: %s\ngcn_arch: %s\nusable: %s\n",
         program, conf_backend_name(), version, facts.version,
         facts.version_from_runtime ? "hipRuntimeGetVersion" : "HIP_VERSION (the call failed)",
         facts.device_count, facts.device_name, facts.device_arch, facts.usable ? "yes" : "no");
  if (!facts.usable)
    printf("reason: %s\n", facts.unusable);
  return facts.usable ? 0 : EXIT_UNUSABLE;
}

static int usage(const char *program, FILE *out, int status) {
  fprintf(
      out,
      "usage: %s [--filter PATTERN | --list | --about | --report DIVERGENCES_FILE [OPTION...]]\n"
      "  (no option)   run every rule, cmocka's output\n"
      "  --filter      run the rules whose id matches PATTERN (cmocka's * and ? wildcards)\n"
      "  --list        print every rule id with the reference row it checks\n"
      "  --about       print the runtime's version and device, asked in a child process;\n"
      "                exit status 0 when the rules can run here, 77 when they cannot\n"
      "  --report      run each rule in a child process of its own and print one line per\n"
      "                rule: pass, FAIL, skip, expected divergence or unexpected pass,\n"
      "                judged against the known divergences in the file; exit status 0\n"
      "                when no rule failed, 1 when one did, 2 for a bad divergences file\n"
      "options of --report:\n"
      "  --filter PATTERN        only the rules whose id matches PATTERN (fnmatch: * ? [..]);\n"
      "                          given more than once, the rules that match any one\n"
      "  --timeout SECONDS       a rule still running after SECONDS is killed and fails\n"
      "                          (default %d; also the limit of --about's probe)\n"
      "  --junit FILE            also write the results as JUnit XML\n"
      "  --json FILE             also write them as one JSON object\n"
      "  --emit-divergences FILE write a draft divergences file: what failed, to review\n"
      "  --selftest              add the selftest group: a rule that crashes and one that\n"
      "                          hangs (with --list, list them)\n",
      program, CONF_DEFAULT_TIMEOUT_SECONDS);
  return status;
}

static int parse_seconds(const char *text, int *seconds) {
  char *end = NULL;
  long value = strtol(text, &end, 10);
  if (end == text || *end != '\0' || value < 1 || value > 86400)
    return -1;
  *seconds = (int)value;
  return 0;
}

/* 0, or -1 for a command line that makes no sense (the caller prints the usage). */
static int parse(int argc, char **argv, options *opts) {
  int report_only = 0, timeout_given = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
    mode wanted = PLAIN;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)
      wanted = HELP;
    else if (strcmp(arg, "--list") == 0)
      wanted = LIST;
    else if (strcmp(arg, "--about") == 0)
      wanted = ABOUT;
    else if (strcmp(arg, "--selftest") == 0)
      opts->selftest = 1;
    else if (value == NULL)
      return -1;
    else if (strcmp(arg, "--filter") == 0) {
      if (opts->report.filter_count == MAX_FILTERS)
        return -1;
      opts->filters[opts->report.filter_count++] = value, i++;
    } else if (strcmp(arg, "--report") == 0)
      wanted = REPORT, opts->report.divergences = value, i++;
    else if (strcmp(arg, "--timeout") == 0) {
      if (parse_seconds(value, &opts->report.timeout_seconds) != 0) {
        fprintf(stderr, "%s: --timeout %s: expected whole seconds, 1 to 86400\n", argv[0], value);
        return -1;
      }
      timeout_given = 1, i++;
    } else if (strcmp(arg, "--junit") == 0)
      opts->report.junit = value, report_only = 1, i++;
    else if (strcmp(arg, "--json") == 0)
      opts->report.json = value, report_only = 1, i++;
    else if (strcmp(arg, "--emit-divergences") == 0)
      opts->report.emit_divergences = value, report_only = 1, i++;
    else
      return -1;
    if (wanted != PLAIN) {
      if (opts->mode != PLAIN)
        return -1; /* two modes */
      opts->mode = wanted;
    }
  }
  opts->report.filters = opts->filters;
  if (opts->report.filter_count > (opts->mode == REPORT ? MAX_FILTERS : 1) ||
      (opts->report.filter_count > 0 && opts->mode != REPORT && opts->mode != PLAIN))
    return -1; /* cmocka's own run takes one pattern */
  if ((report_only && opts->mode != REPORT) ||
      (timeout_given && opts->mode != REPORT && opts->mode != ABOUT))
    return -1;
  if (opts->selftest && opts->mode != REPORT && opts->mode != LIST)
    return -1; /* cmocka's own run would catch the crash and wait for the hang forever */
  return 0;
}

int main(int argc, char **argv) {
  options opts;
  memset(&opts, 0, sizeof opts);
  opts.report.timeout_seconds = CONF_DEFAULT_TIMEOUT_SECONDS;
  const char *program = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  opts.report.program = program;
  if (parse(argc, argv, &opts) != 0)
    return usage(argv[0], stderr, 2);

  const conf_group *groups[sizeof suite / sizeof suite[0] + 1];
  size_t group_count = 0;
  if (opts.selftest)
    groups[group_count++] = &conf_group_selftest;
  for (size_t g = 0; g < suite_count; g++)
    groups[group_count++] = suite[g];

  switch (opts.mode) {
  case HELP: return usage(argv[0], stdout, 0);
  case LIST: list_rules(groups, group_count); return 0;
  case ABOUT: return about(program, opts.report.timeout_seconds);
  case REPORT: return conf_report(groups, group_count, &opts.report);
  case PLAIN: break;
  }
  return run_plain(groups, group_count, opts.report.filter_count ? opts.filters[0] : NULL);
}
