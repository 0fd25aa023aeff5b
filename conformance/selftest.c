/*
 * selftest.c: the --selftest group, one rule that crashes and one that hangs,
 * on any backend. The report must show them as FAIL (signal 11: SIGSEGV) and
 * FAIL (timeout after N s) and go on with the rules after them; CI checks that
 * (ci/tests/test_report_runner.sh). They call no HIP and use no fixture.
 */
#include "selftest.h"

#include <signal.h>
#include <unistd.h>

static void selftest_crashes_with_sigsegv(void **state) {
  (void)state;
  /* raise, not a null write: a sanitizer would catch the write and exit instead. */
  signal(SIGSEGV, SIG_DFL);
  raise(SIGSEGV);
}

static void selftest_hangs(void **state) {
  (void)state;
  for (;;)
    pause();
}

static const conf_rule selftest_rules[] = {
    {cmocka_unit_test(selftest_crashes_with_sigsegv), "selftest: a rule that crashes"},
    {cmocka_unit_test(selftest_hangs), "selftest: a rule that never ends"},
};

const conf_group conf_group_selftest = CONF_GROUP("selftest", selftest_rules);
