/*
 * report.c: the --report mode.
 *
 * Each rule runs as its own one-test cmocka group, with stdout and stderr sent
 * to temporary files: cmocka's return value says whether it failed, its
 * "[  SKIPPED ]" line (and the reason conf_skip recorded) whether it skipped,
 * and its error lines what went wrong. The outcome is then judged against the
 * divergences file: a listed rule that fails is an expected divergence, a
 * listed rule that passes is an unexpected pass (the list is out of date).
 */
#include "report.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"

#define MAX_DIVERGENCES 256
#define NOT_RUN_TAG "[not run]"

typedef struct divergence {
  char *pattern; /* a rule id, or a glob over rule ids */
  char *reason;
  int not_run; /* the rule would crash or hang this backend */
  int used;
} divergence;

typedef struct divergence_list {
  divergence items[MAX_DIVERGENCES];
  size_t count;
} divergence_list;

typedef enum outcome { PASSED, FAILED, SKIPPED } outcome;

typedef struct totals {
  size_t rules, pass, fail, skip, divergence, unexpected_pass;
} totals;

/* ---- the divergences file ---- */

static char *trim(char *text) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strlen(text);
  while (length > 0 && strchr(" \t\r\n", text[length - 1]) != NULL)
    text[--length] = '\0';
  return text;
}

static int load_divergences(const char *path, divergence_list *list) {
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    fprintf(stderr, "conformance: cannot read divergences file %s\n", path);
    return -1;
  }
  char line[1024];
  int number = 0, status = 0;
  while (status == 0 && fgets(line, sizeof line, file) != NULL) {
    number++;
    char *text = trim(line);
    if (text[0] == '\0' || text[0] == '#')
      continue;
    char *reason = text + strcspn(text, " \t");
    if (*reason != '\0')
      *reason++ = '\0';
    reason = trim(reason);
    divergence *item = &list->items[list->count];
    if (reason[0] == '\0' || list->count == MAX_DIVERGENCES) {
      fprintf(stderr, "conformance: %s:%d: %s\n", path, number,
              reason[0] ? "too many entries" : "a rule id needs a reason after it");
      status = -1;
      continue;
    }
    item->not_run = strncmp(reason, NOT_RUN_TAG, strlen(NOT_RUN_TAG)) == 0;
    if (item->not_run)
      reason = trim(reason + strlen(NOT_RUN_TAG));
    item->pattern = strdup(text);
    item->reason = strdup(reason);
    item->used = 0;
    list->count++;
  }
  fclose(file);
  return status;
}

static void free_divergences(divergence_list *list) {
  for (size_t i = 0; i < list->count; i++) {
    free(list->items[i].pattern);
    free(list->items[i].reason);
  }
}

static divergence *find_divergence(divergence_list *list, const char *rule_id) {
  for (size_t i = 0; i < list->count; i++) {
    if (fnmatch(list->items[i].pattern, rule_id, 0) == 0) {
      list->items[i].used = 1;
      return &list->items[i];
    }
  }
  return NULL;
}

/* ---- running one rule with its output captured ---- */

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

/* "what went wrong at file:line (in teardown)": what comes from conf_fail() or
   assert_hip is kept by the fixture; cmocka's own assertions only print it. */
static void failure_message(const char *noted, const char *errors, char *message, size_t size) {
  char what[400] = "", where[200] = "";
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
  snprintf(message, size, "%s%s%s%s", text[0] ? text : "failed", file[0] ? " at " : "", file,
           phase);
}

static outcome run_rule(const conf_rule *rule, char *message, size_t size) {
  FILE *out = tmpfile(), *err = tmpfile();
  int saved_out = -1, saved_err = -1;
  fflush(stdout);
  fflush(stderr);
  if (out != NULL && err != NULL) {
    saved_out = dup(STDOUT_FILENO);
    saved_err = dup(STDERR_FILENO);
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
  }
  conf_notes_reset();
  int failed = _cmocka_run_group_tests(rule->test.name, &rule->test, 1, NULL, NULL);
  fflush(stdout);
  fflush(stderr);
  if (saved_out >= 0) {
    dup2(saved_out, STDOUT_FILENO);
    dup2(saved_err, STDERR_FILENO);
    close(saved_out);
    close(saved_err);
  }
  char *printed = slurp(out), *errors = slurp(err);
  outcome result = PASSED;
  message[0] = '\0';
  if (failed) {
    result = FAILED;
    failure_message(conf_failure(), errors ? errors : "", message, size);
  } else if (conf_skip_reason()[0] || (printed && strstr(printed, "[  SKIPPED ]"))) {
    result = SKIPPED;
    snprintf(message, size, "%s", conf_skip_reason()[0] ? conf_skip_reason() : "no reason given");
  }
  free(printed);
  free(errors);
  if (out != NULL)
    fclose(out);
  if (err != NULL)
    fclose(err);
  return result;
}

/* ---- the report ---- */

static void report_rule(const conf_rule *rule, divergence_list *list, totals *sum) {
  char message[640], result[1024];
  divergence *listed = find_divergence(list, rule->test.name);
  sum->rules++;
  if (listed != NULL && listed->not_run && conf_backend_unusable() == NULL) {
    snprintf(result, sizeof result, "skip (listed as not runnable here: %s)", listed->reason);
    sum->skip++;
  } else {
    outcome got = run_rule(rule, message, sizeof message);
    if (got == SKIPPED) {
      snprintf(result, sizeof result, "skip (%s)", message);
      sum->skip++;
    } else if (got == FAILED && listed != NULL) {
      snprintf(result, sizeof result, "expected divergence (%s; got: %s)", listed->reason, message);
      sum->divergence++;
    } else if (got == FAILED) {
      snprintf(result, sizeof result, "FAIL (%s)", message);
      sum->fail++;
    } else if (listed != NULL) {
      snprintf(result, sizeof result, "unexpected pass of a listed divergence (%s)",
               listed->reason);
      sum->unexpected_pass++;
    } else {
      snprintf(result, sizeof result, "pass");
      sum->pass++;
    }
  }
  printf("%-50s %s  [%s]\n", rule->test.name, result, rule->ref);
  fflush(stdout);
}

int conf_report(const conf_group *const *groups, size_t group_count, const char *divergences_path) {
  static divergence_list list;
  totals sum = {0};
  if (load_divergences(divergences_path, &list) != 0) {
    free_divergences(&list);
    return 2;
  }
  /* The captured output must be cmocka's plain format, whatever the caller's environment. */
  unsetenv("CMOCKA_MESSAGE_OUTPUT");
  unsetenv("CMOCKA_TEST_ABORT");
  cmocka_set_message_output(CM_OUTPUT_STDOUT);

  printf("conformance report: %s; known divergences: %s (%zu entries)\n", conf_backend_name(),
         divergences_path, list.count);
  if (conf_backend_unusable() != NULL)
    printf("every rule skips here: %s\n", conf_backend_unusable());
  printf("%-50s %s  [%s]\n", "rule", "result", "reference row");
  for (size_t g = 0; g < group_count; g++)
    for (size_t i = 0; i < groups[g]->count; i++)
      report_rule(&groups[g]->rules[i], &list, &sum);

  int status = sum.fail ? 1 : 0;
  for (size_t i = 0; i < list.count; i++) {
    if (!list.items[i].used) {
      printf("error: %s lists '%s', which names no rule\n", divergences_path,
             list.items[i].pattern);
      status = 2;
    }
  }
  printf("totals: %zu rules: %zu pass, %zu FAIL, %zu skip, %zu expected divergence, "
         "%zu unexpected pass\n",
         sum.rules, sum.pass, sum.fail, sum.skip, sum.divergence, sum.unexpected_pass);
  if (sum.unexpected_pass)
    printf("note: a listed divergence passed; remove it from %s if the backend changed\n",
           divergences_path);
  free_divergences(&list);
  return status;
}
