/*
 * report.c: the --report mode.
 *
 * The backend probe and then each rule run in a child process of their own
 * (child_run.c): this process never calls HIP, because ROCm's runtime does not
 * survive fork, and a rule that crashes or hangs ends its child, not the run.
 * Each rule is a one-test cmocka group whose stdout and stderr go to temporary
 * files: cmocka's return value says whether it failed, its "[  SKIPPED ]" line
 * (and the reason conf_skip recorded) whether it skipped, and its error lines
 * what went wrong. The outcome is then judged against the divergences file: a
 * listed rule that fails is an expected divergence, a listed rule that passes
 * is an unexpected pass (the list is out of date).
 */
#include "report.h"

#include <fnmatch.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "child_run.h"
#include "divergence_file.h"
#include "report_files.h"
#include "report_results.h"

/* What a rule's child sends back. */
typedef struct rule_note {
  int ran;    /* cmocka returned */
  int failed; /* ... and counted a failure */
  char skip_reason[512];
  char failure[512];
} rule_note;

/* ---- running one rule in a child ---- */

/* The whole captured file: a mockhip dump can come before cmocka's lines. */
static char *slurp(FILE *file) {
  long length = 0;
  if (file != NULL && fseek(file, 0, SEEK_END) == 0)
    length = ftell(file);
  char *text = calloc(1, length > 0 ? (size_t)length + 1 : 1);
  if (text != NULL && length > 0) {
    rewind(file);
    text[fread(text, 1, (size_t)length, file)] = '\0';
  }
  return text;
}

static char *trim(char *text) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strlen(text);
  while (length > 0 && strchr(" \t\r\n", text[length - 1]) != NULL)
    text[--length] = '\0';
  return text;
}

/* Copies the text after `marker` up to the end of its line (or `stop`). */
static int copy_after(const char *text, const char *marker, const char *stop, char *out,
                      size_t size) {
  const char *start = strstr(text, marker);
  if (start == NULL)
    return 0;
  start += strlen(marker);
  size_t length = strcspn(start, "\n");
  const char *cut = stop ? strstr(start, stop) : NULL;
  if (cut != NULL && (size_t)(cut - start) < length)
    length = (size_t)(cut - start);
  if (length >= size)
    length = size - 1;
  memcpy(out, start, length);
  out[length] = '\0';
  return 1;
}

/* Appends to the string in text[size], cutting what does not fit. */
static void append(char *text, size_t size, const char *part) {
  size_t length = strlen(text);
  snprintf(text + length, size - length, "%s", part);
}

/* "what went wrong at file:line (in teardown)": what comes from conf_fail() or
   assert_hip is kept by the fixture; cmocka's own assertions only print it. */
static void failure_message(const char *noted, const char *errors, char *message, size_t size) {
  char what[520] = "", where[200] = "";
  if (noted[0])
    snprintf(what, sizeof what, "%s", noted);
  else if (!copy_after(errors, "[  ERROR   ] --- ", "[   LINE", what, sizeof what))
    copy_after(errors, "Could not run test: ", "[   LINE", what, sizeof what);
  copy_after(errors, "[   LINE   ] --- ", ": error", where, sizeof where);
  const char *file = strrchr(where, '/') ? strrchr(where, '/') + 1 : where;
  /* A test that failed and then a teardown that failed leave two LINE markers. */
  const char *first_line = strstr(errors, "[   LINE   ] --- ");
  int body_failed = first_line != NULL && strstr(first_line + 1, "[   LINE   ] --- ") != NULL;
  const char *phase = strstr(errors, "Test setup failed")       ? " in setup"
                      : !strstr(errors, "Test teardown failed") ? ""
                      : body_failed                             ? " (and the teardown failed)"
                                                                : " in teardown";
  char *text = trim(what);
  message[0] = '\0';
  append(message, size, text[0] ? text : "failed");
  append(message, size, file[0] ? " at " : "");
  append(message, size, file);
  append(message, size, phase);
}

/* The first line a sanitizer, valgrind or mockhip's exit check printed, if any. */
static void first_error_line(const char *errors, char *line, size_t size) {
  static const char *const markers[] = {"ERROR", "error", "mockhip:"};
  line[0] = '\0';
  for (size_t i = 0; i < sizeof markers / sizeof markers[0] && !line[0]; i++) {
    const char *hit = strstr(errors, markers[i]);
    if (hit == NULL)
      continue;
    while (hit > errors && hit[-1] != '\n')
      hit--;
    snprintf(line, size, ": %.*s", (int)strcspn(hit, "\n"), hit);
  }
}

/* cmocka turns SIGSEGV and the like into a failed test and runs on, inside a
   process that just crashed; in the report a crash must end the child, so each
   step gets the default actions back once cmocka has set its handlers. */
static const conf_rule *running;

static void default_fault_actions(void) {
  static const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGSYS};
  for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
    signal(faults[i], SIG_DFL);
}

static int setup_with_default_faults(void **state) {
  default_fault_actions();
  return running->test.setup_func(state);
}

static void test_with_default_faults(void **state) {
  default_fault_actions();
  running->test.test_func(state);
}

static int teardown_with_default_faults(void **state) {
  default_fault_actions();
  return running->test.teardown_func(state);
}

static void rule_in_child(void *arg, int reply_fd) {
  running = arg;
  struct CMUnitTest test = running->test;
  test.test_func = test_with_default_faults;
  test.setup_func = test.setup_func ? setup_with_default_faults : NULL;
  test.teardown_func = test.teardown_func ? teardown_with_default_faults : NULL;
  conf_notes_reset();
  rule_note note;
  memset(&note, 0, sizeof note);
  note.failed = _cmocka_run_group_tests(test.name, &test, 1, NULL, NULL) != 0;
  note.ran = 1;
  snprintf(note.skip_reason, sizeof note.skip_reason, "%s", conf_skip_reason());
  snprintf(note.failure, sizeof note.failure, "%s", conf_failure());
  fflush(stdout);
  fflush(stderr);
  conf_write_all(reply_fd, &note, sizeof note);
}

/* Runs the rule and fills result->verdict (PASS, FAIL or SKIP), message, crashed
   and seconds. */
static void run_rule(const conf_rule *rule, int timeout_seconds, conf_result *result) {
  FILE *out = tmpfile(), *err = tmpfile();
  rule_note note;
  memset(&note, 0, sizeof note);
  conf_child_end end = conf_child_run(rule_in_child, (void *)rule, out ? fileno(out) : -1,
                                      err ? fileno(err) : -1, timeout_seconds, &note, sizeof note);
  note.skip_reason[sizeof note.skip_reason - 1] = '\0';
  note.failure[sizeof note.failure - 1] = '\0';
  int reported = end.received == sizeof note && note.ran;
  char *printed = slurp(out), *errors = slurp(err);
  char how[128], error_line[256], seen[sizeof result->message];
  conf_child_describe(&end, timeout_seconds, how, sizeof how);
  first_error_line(errors ? errors : "", error_line, sizeof error_line);

  result->seconds = end.seconds;
  result->verdict = CONF_PASS;
  result->message[0] = '\0';
  seen[0] = '\0';
  if (reported && note.failed)
    failure_message(note.failure, errors ? errors : "", seen, sizeof seen);
  char *message = result->message;
  size_t size = sizeof result->message;
  if (end.how == CONF_CHILD_SIGNALLED || end.how == CONF_CHILD_TIMED_OUT) {
    result->verdict = CONF_FAIL;
    result->crashed = 1;
    append(message, size, how);
    if (reported) {
      append(message, size, ", after the rule ended: ");
      append(message, size, note.failed ? seen : "it had not failed");
    }
  } else if (!reported || end.code != 0) {
    result->verdict = CONF_FAIL;
    append(message, size, seen);
    append(message, size, seen[0] ? "; then " : "");
    append(message, size, reported ? "its process exited with " : "its process ended with ");
    append(message, size, how[0] ? how : "no answer before it exited");
    append(message, size, error_line);
  } else if (note.failed) {
    result->verdict = CONF_FAIL;
    snprintf(result->message, sizeof result->message, "%s", seen);
  } else if (note.skip_reason[0] || (printed && strstr(printed, "[  SKIPPED ]"))) {
    result->verdict = CONF_SKIP;
    snprintf(result->message, sizeof result->message, "%s",
             note.skip_reason[0] ? note.skip_reason : "no reason given");
  }
  free(printed);
  free(errors);
  if (out != NULL)
    fclose(out);
  if (err != NULL)
    fclose(err);
}

/* ---- the report ---- */

static void judge_rule(const conf_run *run, conf_divergence_list *list, conf_result *result) {
  conf_divergence *listed = conf_divergences_find(list, result->rule->test.name);
  result->listed = listed ? listed->reason : NULL;
  result->listed_not_run = listed ? listed->not_run : 0;
  if (!run->facts.usable) {
    /* Nothing would run: every rule would skip on its first line. */
    result->verdict = CONF_SKIP;
    snprintf(result->message, sizeof result->message, "%s", run->facts.unusable);
    return;
  }
  if (listed != NULL && listed->not_run) {
    result->verdict = CONF_NOT_RUN;
    snprintf(result->message, sizeof result->message, "listed as not runnable here");
    return;
  }
  run_rule(result->rule, run->timeout_seconds, result);
  if (result->verdict == CONF_FAIL && listed != NULL)
    result->verdict = CONF_EXPECTED_DIVERGENCE;
  else if (result->verdict == CONF_PASS && listed != NULL)
    result->verdict = CONF_UNEXPECTED_PASS;
}

static void print_result(const conf_result *result) {
  static const char *const words[CONF_VERDICT_COUNT] = {"pass",
                                                        "FAIL",
                                                        "skip",
                                                        "skip",
                                                        "expected divergence",
                                                        "unexpected pass of a listed divergence"};
  char reason[1400];
  conf_result_reason(result, reason, sizeof reason);
  printf("%-50s %s%s%s%s  [%s]\n", result->rule->test.name, words[result->verdict],
         reason[0] ? " (" : "", reason, reason[0] ? ")" : "", result->rule->ref);
  fflush(stdout);
}

static void print_totals(const char *label, conf_totals sum) {
  printf("%s: %zu rules: %zu pass, %zu FAIL, %zu skip, %zu expected divergence, "
         "%zu unexpected pass\n",
         label, sum.rules, sum.count[CONF_PASS], sum.count[CONF_FAIL],
         sum.count[CONF_SKIP] + sum.count[CONF_NOT_RUN], sum.count[CONF_EXPECTED_DIVERGENCE],
         sum.count[CONF_UNEXPECTED_PASS]);
}

static void print_header(const conf_run *run) {
  const conf_backend_facts *facts = &run->facts;
  printf("conformance report: %s; known divergences: %s (%zu entries)\n", run->backend,
         run->divergences, run->divergence_count);
  printf("runtime: HIP %s (%d%s); ", run->version, facts->version,
         facts->version_from_runtime ? "" : ", the header's: hipRuntimeGetVersion failed");
  if (facts->device_count > 0)
    printf("%d device%s, device 0: %s (%s)", facts->device_count,
           facts->device_count == 1 ? "" : "s", facts->device_name, facts->device_arch);
  else
    printf("no device");
  printf("; each rule in a child process, time limit %d s\n", run->timeout_seconds);
  if (!facts->usable)
    printf("every rule skips here: %s\n", facts->unusable);
  printf("%-50s %s  [%s]\n", "rule", "result", "reference row");
}

static int write_files(const conf_run *run, const conf_report_options *options) {
  int status = 0;
  if (options->junit != NULL && conf_write_junit(run, options->junit) != 0)
    status = -1;
  if (options->json != NULL && conf_write_json(run, options->json) != 0)
    status = -1;
  if (options->emit_divergences != NULL &&
      conf_write_divergence_draft(run, options->emit_divergences) != 0)
    status = -1;
  return status;
}

static int selected(const conf_report_options *options, const char *rule_id) {
  for (size_t i = 0; i < options->filter_count; i++)
    if (fnmatch(options->filters[i], rule_id, 0) == 0)
      return 1;
  return options->filter_count == 0;
}

int conf_report(const conf_group *const *groups, size_t group_count,
                const conf_report_options *options) {
  conf_divergence_list list;
  if (conf_divergences_load(options->divergences, &list) != 0) {
    conf_divergences_free(&list);
    return 2;
  }
  /* The captured output must be cmocka's plain format, whatever the caller's environment. */
  unsetenv("CMOCKA_MESSAGE_OUTPUT");
  unsetenv("CMOCKA_TEST_ABORT");
  cmocka_set_message_output(CM_OUTPUT_STDOUT);

  conf_run run;
  memset(&run, 0, sizeof run);
  run.program = options->program;
  run.backend = conf_backend_name();
  run.divergences = options->divergences;
  run.divergence_count = list.count;
  run.timeout_seconds = options->timeout_seconds;
  time_t now = time(NULL);
  strftime(run.date, sizeof run.date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  conf_backend_facts_probe(&run.facts, options->timeout_seconds);
  conf_backend_version_text(run.facts.version, run.version, sizeof run.version);
  /* A rule left out by --filter still marks the entries it matches as used. */
  for (size_t g = 0; g < group_count; g++)
    for (size_t i = 0; i < groups[g]->count; i++)
      if (selected(options, groups[g]->rules[i].test.name))
        run.result_count++;
      else
        (void)conf_divergences_find(&list, groups[g]->rules[i].test.name);
  run.results = calloc(run.result_count ? run.result_count : 1, sizeof *run.results);
  if (run.results == NULL) {
    conf_divergences_free(&list);
    return 2;
  }

  print_header(&run);
  size_t next = 0;
  for (size_t g = 0; g < group_count; g++) {
    for (size_t i = 0; i < groups[g]->count; i++) {
      if (!selected(options, groups[g]->rules[i].test.name))
        continue;
      conf_result *result = &run.results[next++];
      result->group = groups[g];
      result->rule = &groups[g]->rules[i];
      judge_rule(&run, &list, result);
      print_result(result);
    }
  }

  conf_totals sum = conf_run_totals(&run, NULL);
  int status = sum.count[CONF_FAIL] ? 1 : 0;
  for (size_t i = 0; i < list.count; i++) {
    if (!list.items[i].used) {
      printf("error: %s lists '%s', which names no rule\n", options->divergences,
             list.items[i].pattern);
      status = 2;
    }
  }
  print_totals("totals", sum);
  for (size_t k = 0; k < CONF_KIND_COUNT; k++) {
    conf_totals of_kind = conf_run_totals(&run, conf_kinds[k]);
    char label[32];
    snprintf(label, sizeof label, "totals %s", conf_kinds[k]);
    if (of_kind.rules > 0)
      print_totals(label, of_kind);
  }
  if (sum.count[CONF_UNEXPECTED_PASS])
    printf("note: a listed divergence passed; remove it from %s if the backend changed\n",
           options->divergences);
  if (write_files(&run, options) != 0)
    status = 2;
  free(run.results);
  conf_divergences_free(&list);
  return status;
}
