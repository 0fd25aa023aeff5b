/*
 * report.h: the --report mode. Runs each rule in a child process of its own,
 * with cmocka's output captured and a time limit, prints one line per rule for
 * a person, judged against a file of known divergences (see divergences/mock.txt
 * for the format), and writes the files a CI collects.
 */
#ifndef CONFORMANCE_REPORT_H
#define CONFORMANCE_REPORT_H

#include "conformance.h"

#define CONF_DEFAULT_TIMEOUT_SECONDS 30

typedef struct conf_report_options {
  const char *program;        /* conformance-mock, conformance-rocm */
  const char *divergences;    /* the divergences file to judge against */
  const char *const *filters; /* fnmatch patterns over rule ids; none: every rule */
  size_t filter_count;
  int timeout_seconds; /* per rule, and for the backend probe */
  const char *junit;   /* files to write, or NULL */
  const char *json;
  const char *emit_divergences;
} conf_report_options;

/* Exit status: 0 when no rule failed, 1 when one did, 2 when the divergences
   file cannot be read or names no rule, or a file cannot be written. */
int conf_report(const conf_group *const *groups, size_t group_count,
                const conf_report_options *options);

#endif /* CONFORMANCE_REPORT_H */
