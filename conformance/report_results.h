/*
 * report_results.h: what a --report run found, rule by rule, as report.c
 * prints it and report_files.c writes it (JUnit, JSON, a divergence draft),
 * and the words both use for it (report_results.c, the layer below both:
 * report.c calls report_files.c, never the other way).
 */
#ifndef CONFORMANCE_REPORT_RESULTS_H
#define CONFORMANCE_REPORT_RESULTS_H

#include "backend.h"
#include "conformance.h"

typedef enum conf_verdict {
  CONF_PASS,
  CONF_FAIL,
  CONF_SKIP,    /* the rule skipped itself, or the backend cannot run VMM */
  CONF_NOT_RUN, /* listed [not run] */
  CONF_EXPECTED_DIVERGENCE,
  CONF_UNEXPECTED_PASS,
  CONF_VERDICT_COUNT
} conf_verdict;

typedef struct conf_result {
  const conf_group *group;
  const conf_rule *rule;
  conf_verdict verdict;
  char message[640];  /* what was seen: the failure or the skip reason; "" for a pass */
  const char *listed; /* the divergence entry's reason, or NULL */
  int listed_not_run; /* ... and whether it is [not run] */
  int crashed;        /* the rule's process died of a signal or the time limit */
  double seconds;
} conf_result;

typedef struct conf_totals {
  size_t rules;
  size_t count[CONF_VERDICT_COUNT];
} conf_totals;

typedef struct conf_run {
  const char *program;     /* conformance-mock, conformance-rocm */
  const char *backend;     /* conf_backend_name() */
  const char *divergences; /* the file's path */
  size_t divergence_count;
  conf_backend_facts facts;
  char version[16]; /* "6.2" */
  char date[32];    /* UTC, ISO 8601 */
  int timeout_seconds;
  conf_result *results;
  size_t result_count;
} conf_run;

/* Rules are counted apart by kind: "hmo" (groups hmo_*), "selftest", "vmm". */
const char *conf_group_kind(const char *group_name);
#define CONF_KIND_COUNT 3
extern const char *const conf_kinds[CONF_KIND_COUNT];

/* The totals of the rules of `kind`, or of every rule when kind is NULL. */
conf_totals conf_run_totals(const conf_run *run, const char *kind);

/* The text in the printed line's parentheses: the failure, the skip reason,
   "listed reason; got: what was seen"; "" for a pass. */
void conf_result_reason(const conf_result *result, char *text, size_t size);

/* "pass", "fail", "skip", "not_run", "expected_divergence", "unexpected_pass". */
const char *conf_verdict_name(conf_verdict verdict);

#endif /* CONFORMANCE_REPORT_RESULTS_H */
