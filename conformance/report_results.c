/*
 * report_results.c: what both report.c (the printed report) and
 * report_files.c (JUnit, JSON, the divergence draft) say of a result: a rule's
 * kind, the totals, a verdict's name and the reason in parentheses. It sits
 * below both and calls neither.
 */
#include "report_results.h"

#include <stdio.h>
#include <string.h>

const char *const conf_kinds[CONF_KIND_COUNT] = {"vmm", "hmo", "selftest"};

const char *conf_group_kind(const char *group_name) {
  if (strncmp(group_name, "hmo_", 4) == 0)
    return "hmo";
  if (strcmp(group_name, "selftest") == 0)
    return "selftest";
  return "vmm";
}

conf_totals conf_run_totals(const conf_run *run, const char *kind) {
  conf_totals sum = {0};
  for (size_t i = 0; i < run->result_count; i++) {
    if (kind != NULL && strcmp(conf_group_kind(run->results[i].group->name), kind) != 0)
      continue;
    sum.rules++;
    sum.count[run->results[i].verdict]++;
  }
  return sum;
}

const char *conf_verdict_name(conf_verdict verdict) {
  static const char *const names[CONF_VERDICT_COUNT] = {
      "pass", "fail", "skip", "not_run", "expected_divergence", "unexpected_pass"};
  return names[verdict];
}

void conf_result_reason(const conf_result *result, char *text, size_t size) {
  switch (result->verdict) {
  case CONF_FAIL:
  case CONF_SKIP: snprintf(text, size, "%s", result->message); return;
  case CONF_NOT_RUN:
    snprintf(text, size, "listed as not runnable here: %s", result->listed);
    return;
  case CONF_EXPECTED_DIVERGENCE:
    snprintf(text, size, "%s; got: %s", result->listed, result->message);
    return;
  case CONF_UNEXPECTED_PASS: snprintf(text, size, "%s", result->listed); return;
  default: snprintf(text, size, "%s", "");
  }
}
