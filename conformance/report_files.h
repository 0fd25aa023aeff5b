/*
 * report_files.h: the files a --report run writes for a CI and for a person
 * recording a release (docs/conformance.md, "Reading the report").
 */
#ifndef CONFORMANCE_REPORT_FILES_H
#define CONFORMANCE_REPORT_FILES_H

#include "report_results.h"

/* Each writes `path` whole and returns 0, or prints why it cannot to stderr
   and returns -1. */

/* JUnit XML: one <testsuite> per kind of rule (vmm, hmo, selftest), one
   <testcase> per rule (classname: the group, name: the rule id). */
int conf_write_junit(const conf_run *run, const char *path);

/* One JSON object: backend, version, device, totals per kind, every rule. */
int conf_write_json(const conf_run *run, const char *path);

/* A draft divergence file in the format of divergences/mock.txt: what this
   run saw fail, ready to review against the reference and commit. */
int conf_write_divergence_draft(const conf_run *run, const char *path);

#endif /* CONFORMANCE_REPORT_FILES_H */
