/*
 * report.h: the --report mode. Runs each rule on its own, with cmocka's output
 * captured, and prints one line per rule for a person, judged against a file
 * of known divergences (see divergences/mock.txt for the format).
 */
#ifndef CONFORMANCE_REPORT_H
#define CONFORMANCE_REPORT_H

#include "conformance.h"

/* Exit status: 0 when no rule failed, 1 when one did, 2 when the divergences
   file cannot be read or names no rule. */
int conf_report(const conf_group *const *groups, size_t group_count, const char *divergences_path);

#endif /* CONFORMANCE_REPORT_H */
