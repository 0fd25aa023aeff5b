/*
 * report_files.c: JUnit XML, JSON and a draft divergence file from a --report
 * run (see report_files.h). Each file is written from the results in memory
 * once every rule has run.
 */
#include "report_files.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "divergence_file.h"

#define REASON_BYTES 1400

static FILE *open_output(const char *path) {
  FILE *file = fopen(path, "w");
  if (file == NULL)
    fprintf(stderr, "conformance: cannot write %s: %s\n", path, strerror(errno));
  return file;
}

static int close_output(FILE *file, const char *path) {
  int failed = ferror(file);
  if (fclose(file) != 0 || failed) {
    fprintf(stderr, "conformance: error while writing %s\n", path);
    return -1;
  }
  return 0;
}

/* ---- JUnit XML ---- */

/* Text for an attribute or an element. XML 1.0 allows no control characters
   but tab, newline and carriage return; others become '?'. */
static void xml_text(FILE *out, const char *text) {
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    switch (*c) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&apos;", out); break;
    case '\t':
    case '\n': fputc(*c, out); break;
    case '\r': fputs("&#13;", out); break;
    default: fputc(*c < 0x20 ? '?' : *c, out);
    }
  }
}

static void xml_attribute(FILE *out, const char *name, const char *value) {
  fprintf(out, " %s=\"", name);
  xml_text(out, value);
  fputc('"', out);
}

static double total_seconds(const conf_run *run, const char *kind) {
  double seconds = 0;
  for (size_t i = 0; i < run->result_count; i++)
    if (kind == NULL || strcmp(conf_group_kind(run->results[i].group->name), kind) == 0)
      seconds += run->results[i].seconds;
  return seconds;
}

/* tests, failures (FAIL and unexpected pass), errors, skipped (skip and not run), time. */
static void junit_counts(FILE *out, const conf_run *run, const char *kind) {
  conf_totals sum = conf_run_totals(run, kind);
  fprintf(out, " tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\" time=\"%.3f\"",
          sum.rules, sum.count[CONF_FAIL] + sum.count[CONF_UNEXPECTED_PASS],
          sum.count[CONF_SKIP] + sum.count[CONF_NOT_RUN], total_seconds(run, kind));
}

static void junit_property(FILE *out, const char *name, const char *value) {
  fputs("      <property", out);
  xml_attribute(out, "name", name);
  xml_attribute(out, "value", value);
  fputs("/>\n", out);
}

static void junit_properties(FILE *out, const conf_run *run) {
  char number[32];
  fputs("    <properties>\n", out);
  junit_property(out, "program", run->program);
  junit_property(out, "backend", run->backend);
  junit_property(out, "version", run->version);
  snprintf(number, sizeof number, "%d", run->facts.version);
  junit_property(out, "version_number", number);
  junit_property(out, "device", run->facts.device_name);
  junit_property(out, "gcnArchName", run->facts.device_arch);
  snprintf(number, sizeof number, "%d", run->facts.device_count);
  junit_property(out, "device_count", number);
  junit_property(out, "divergence_file", run->divergences);
  snprintf(number, sizeof number, "%d", run->timeout_seconds);
  junit_property(out, "timeout_seconds", number);
  if (!run->facts.usable)
    junit_property(out, "unusable", run->facts.unusable);
  fputs("    </properties>\n", out);
}

static void junit_testcase(FILE *out, const conf_result *result) {
  char reason[REASON_BYTES];
  conf_result_reason(result, reason, sizeof reason);
  fputs("    <testcase", out);
  xml_attribute(out, "classname", result->group->name);
  xml_attribute(out, "name", result->rule->test.name);
  fprintf(out, " time=\"%.3f\"", result->seconds);
  const char *element = NULL, *type = NULL, *prefix = "";
  switch (result->verdict) {
  case CONF_FAIL: element = "failure", type = "FAIL"; break;
  case CONF_UNEXPECTED_PASS:
    element = "failure", type = "unexpected pass";
    prefix = "unexpected pass of a listed divergence: ";
    break;
  case CONF_SKIP: element = "skipped"; break;
  case CONF_NOT_RUN: element = "skipped"; break;
  case CONF_EXPECTED_DIVERGENCE:
    fputs(">\n      <system-out>expected divergence: ", out);
    xml_text(out, reason);
    fputs("\nreference: ", out);
    xml_text(out, result->rule->ref);
    fputs("</system-out>\n    </testcase>\n", out);
    return;
  default: fputs("/>\n", out); return;
  }
  fprintf(out, ">\n      <%s message=\"%s", element, prefix);
  xml_text(out, reason);
  fputc('"', out);
  if (type != NULL)
    xml_attribute(out, "type", type);
  fputs(">", out);
  fputs(prefix, out);
  xml_text(out, reason);
  fputs("\nreference: ", out);
  xml_text(out, result->rule->ref);
  fprintf(out, "</%s>\n    </testcase>\n", element);
}

int conf_write_junit(const conf_run *run, const char *path) {
  FILE *out = open_output(path);
  if (out == NULL)
    return -1;
  char host[256] = "localhost", title[1024];
  gethostname(host, sizeof host - 1);
  host[sizeof host - 1] = '\0';
  snprintf(title, sizeof title, "%s: %s, HIP %s, %s", run->program, run->backend, run->version,
           run->facts.device_count > 0 ? run->facts.device_name : "no device");
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", out);
  xml_attribute(out, "name", title);
  junit_counts(out, run, NULL);
  fputs(">\n", out);
  for (size_t k = 0; k < CONF_KIND_COUNT; k++) {
    const char *kind = conf_kinds[k];
    if (conf_run_totals(run, kind).rules == 0)
      continue;
    fputs("  <testsuite", out);
    xml_attribute(out, "name", kind);
    junit_counts(out, run, kind);
    xml_attribute(out, "timestamp", run->date);
    xml_attribute(out, "hostname", host);
    fputs(">\n", out);
    junit_properties(out, run);
    for (size_t i = 0; i < run->result_count; i++)
      if (strcmp(conf_group_kind(run->results[i].group->name), kind) == 0)
        junit_testcase(out, &run->results[i]);
    fputs("  </testsuite>\n", out);
  }
  fputs("</testsuites>\n", out);
  return close_output(out, path);
}

/* ---- JSON ---- */

static void json_string(FILE *out, const char *text) {
  if (text == NULL) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
    if (*c == '"' || *c == '\\')
      fprintf(out, "\\%c", *c);
    else if (*c == '\n')
      fputs("\\n", out);
    else if (*c < 0x20)
      fprintf(out, "\\u%04x", *c);
    else
      fputc(*c, out);
  }
  fputc('"', out);
}

static void json_totals(FILE *out, const conf_run *run, const char *kind) {
  conf_totals sum = conf_run_totals(run, kind);
  fprintf(out, "{\"rules\": %zu", sum.rules);
  for (int v = 0; v < CONF_VERDICT_COUNT; v++)
    fprintf(out, ", \"%s\": %zu", conf_verdict_name((conf_verdict)v), sum.count[v]);
  fputc('}', out);
}

static void json_rule(FILE *out, const conf_run *run, const conf_result *result) {
  char reason[REASON_BYTES];
  conf_result_reason(result, reason, sizeof reason);
  fputs("    {\"rule\": ", out);
  json_string(out, result->rule->test.name);
  fputs(", \"group\": ", out);
  json_string(out, result->group->name);
  fputs(", \"kind\": ", out);
  json_string(out, conf_group_kind(result->group->name));
  fputs(", \"result\": ", out);
  json_string(out, conf_verdict_name(result->verdict));
  fputs(", \"reason\": ", out);
  json_string(out, reason);
  fputs(", \"listed\": ", out);
  json_string(out, result->listed);
  fputs(", \"reference\": ", out);
  json_string(out, result->rule->ref);
  fprintf(out, ", \"seconds\": %.3f, \"backend\": ", result->seconds);
  json_string(out, run->backend);
  fputs(", \"version\": ", out);
  json_string(out, run->version);
  fputs(", \"device\": ", out);
  json_string(out, run->facts.device_name);
  fputc('}', out);
}

int conf_write_json(const conf_run *run, const char *path) {
  FILE *out = open_output(path);
  if (out == NULL)
    return -1;
  const conf_backend_facts *facts = &run->facts;
  fputs("{\n  \"program\": ", out);
  json_string(out, run->program);
  fputs(",\n  \"backend\": ", out);
  json_string(out, run->backend);
  fputs(",\n  \"version\": {\"string\": ", out);
  json_string(out, run->version);
  fprintf(out, ", \"number\": %d, \"from\": \"%s\"},\n  \"device\": {\"name\": ", facts->version,
          facts->version_from_runtime ? "hipRuntimeGetVersion" : "HIP_VERSION");
  json_string(out, facts->device_name);
  fputs(", \"gcnArchName\": ", out);
  json_string(out, facts->device_arch);
  fprintf(out, ", \"count\": %d},\n  \"usable\": %s,\n  \"unusable_reason\": ", facts->device_count,
          facts->usable ? "true" : "false");
  json_string(out, facts->usable ? NULL : facts->unusable);
  fputs(",\n  \"divergence_file\": ", out);
  json_string(out, run->divergences);
  fprintf(out, ",\n  \"divergence_entries\": %zu,\n  \"date\": ", run->divergence_count);
  json_string(out, run->date);
  fprintf(out,
          ",\n  \"timeout_seconds\": %d,\n  \"totals\": {\n    \"all\": ", run->timeout_seconds);
  json_totals(out, run, NULL);
  for (size_t k = 0; k < CONF_KIND_COUNT; k++) {
    if (conf_run_totals(run, conf_kinds[k]).rules == 0)
      continue;
    fprintf(out, ",\n    \"%s\": ", conf_kinds[k]);
    json_totals(out, run, conf_kinds[k]);
  }
  fputs("\n  },\n  \"rules\": [\n", out);
  for (size_t i = 0; i < run->result_count; i++) {
    json_rule(out, run, &run->results[i]);
    fputs(i + 1 < run->result_count ? ",\n" : "\n", out);
  }
  fputs("  ]\n}\n", out);
  return close_output(out, path);
}

/* ---- a draft divergence file ---- */

/* A reason on one line, never empty, that cannot be read back as a tag. */
static void draft_entry(FILE *out, const char *rule_id, int not_run, const char *reason) {
  char line[900];
  snprintf(line, sizeof line, "%s", reason[0] ? reason : "no reason recorded");
  for (char *c = line; *c; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  fprintf(out, "%-46s %s%s\n", rule_id, not_run ? CONF_NOT_RUN_TAG " " : "", line);
}

static void draft_header(FILE *out, const conf_run *run) {
  conf_totals sum = conf_run_totals(run, NULL);
  fprintf(out,
          "# Draft divergence file, written by %s --report %s --emit-divergences.\n"
          "#\n"
          "#   backend: %s\n"
          "#   runtime: HIP %s (%d%s)\n",
          run->program, run->divergences, run->backend, run->version, run->facts.version,
          run->facts.version_from_runtime ? ", hipRuntimeGetVersion" : ", the header's");
  if (run->facts.device_count > 0)
    fprintf(out, "#   device:  %s (%s), %d device%s\n", run->facts.device_name,
            run->facts.device_arch, run->facts.device_count,
            run->facts.device_count == 1 ? "" : "s");
  else
    fputs("#   device:  none\n", out);
  fprintf(out,
          "#   date:    %s\n"
          "#   run:     %zu rules: %zu pass, %zu FAIL, %zu skip, %zu expected divergence, "
          "%zu unexpected pass; time limit %d s per rule\n",
          run->date, sum.rules, sum.count[CONF_PASS], sum.count[CONF_FAIL],
          sum.count[CONF_SKIP] + sum.count[CONF_NOT_RUN], sum.count[CONF_EXPECTED_DIVERGENCE],
          sum.count[CONF_UNEXPECTED_PASS], run->timeout_seconds);
  if (!run->facts.usable)
    fprintf(out,
            "#\n# Every rule skipped: %s.\n"
            "# This draft only repeats the entries of the file it was run against and says\n"
            "# nothing about this runtime.\n",
            run->facts.unusable);
  fputs("#\n"
        "# Review every entry before committing this file as\n"
        "# conformance/divergences/rocm-<major>.<minor>.txt (docs/conformance.md,\n"
        "# \"Contributing a divergence file\"):\n"
        "# - An entry with the rule's failure as its reason is a rule this run saw fail.\n"
        "#   Read the reference row the rule cites (--list, docs/hip-vmm-semantics.md):\n"
        "#   keep the entry only where the reference says this release behaves so, and\n"
        "#   rewrite the reason as what the release does, with the row (\"a.2#2\"). A\n"
        "#   failure the reference does not explain is a finding to report, not an entry.\n"
        "# - [not run] entries crashed or hung this run, or were [not run] already: keep\n"
        "#   them [not run], with what the release does there as the reason.\n"
        "# - Other entries come from the file the run was judged against and still hold.\n"
        "# - \"# passes now\" lines were entries of that file whose rule passed: left out.\n"
        "# Format: conformance/divergences/mock.txt. Check the result with\n"
        "#   conformance-<backend> --report THIS_FILE\n",
        out);
}

int conf_write_divergence_draft(const conf_run *run, const char *path) {
  FILE *out = open_output(path);
  if (out == NULL)
    return -1;
  draft_header(out, run);
  const conf_group *group = NULL;
  for (size_t i = 0; i < run->result_count; i++) {
    const conf_result *result = &run->results[i];
    int fails = result->verdict == CONF_FAIL || result->verdict == CONF_EXPECTED_DIVERGENCE;
    if (result->listed == NULL && result->verdict != CONF_FAIL)
      continue;
    if (result->group != group) {
      group = result->group;
      fprintf(out, "\n# %s\n", group->name);
    }
    const char *id = result->rule->test.name;
    if (result->verdict == CONF_UNEXPECTED_PASS)
      fprintf(out, "# passes now: %s (was: %s)\n", id, result->listed);
    else if (result->verdict == CONF_FAIL && result->crashed) {
      char reason[sizeof result->message + 16];
      snprintf(reason, sizeof reason, "on this run: %s", result->message);
      draft_entry(out, id, 1, reason);
    } else if (result->verdict == CONF_FAIL)
      draft_entry(out, id, 0, result->message);
    else /* listed, and failed, skipped or not run as listed */
      draft_entry(out, id, result->listed_not_run || (fails && result->crashed), result->listed);
  }
  return close_output(out, path);
}
