/*
 * main.c: the conformance binary (conformance-mock, conformance-rocm).
 *
 *   conformance-<backend>                       every group, cmocka's own output
 *   conformance-<backend> --filter PATTERN      only the rules matching PATTERN
 *   conformance-<backend> --list                every rule with its reference row
 *   conformance-<backend> --report DIVERGENCES  one line per rule for a person
 */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define CONF_GROUP_ADDRESS(name) &conf_group_##name,
static const conf_group *const groups[] = {CONF_GROUP_LIST(CONF_GROUP_ADDRESS)};
#undef CONF_GROUP_ADDRESS
static const size_t group_count = sizeof groups / sizeof groups[0];

static int run_plain(const char *filter) {
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

static void list_rules(void) {
  for (size_t g = 0; g < group_count; g++)
    for (size_t i = 0; i < groups[g]->count; i++)
      printf("%-20s %-50s [%s]\n", groups[g]->name, groups[g]->rules[i].test.name,
             groups[g]->rules[i].ref);
}

static int usage(const char *program) {
  fprintf(stderr,
          "usage: %s [--filter PATTERN | --list | --report DIVERGENCES_FILE]\n"
          "  (no option)  run every rule, cmocka output\n"
          "  --filter     run the rules whose id matches PATTERN (cmocka's * and ? wildcards)\n"
          "  --list       print every rule id with the reference row it checks\n"
          "  --report     print one line per rule: pass, FAIL, skip, expected divergence or\n"
          "               unexpected pass, judged against the known divergences in the file\n",
          program);
  return 2;
}

int main(int argc, char **argv) {
  if (argc == 1)
    return run_plain(NULL);
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    list_rules();
    return 0;
  }
  if (argc == 3 && strcmp(argv[1], "--filter") == 0)
    return run_plain(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--report") == 0)
    return conf_report(groups, group_count, argv[2]);
  return usage(argv[0]);
}
