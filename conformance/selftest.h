/*
 * selftest.h: rules that test the report's runner, not a backend. They exist
 * only with --selftest.
 */
#ifndef CONFORMANCE_SELFTEST_H
#define CONFORMANCE_SELFTEST_H

#include "conformance.h"

extern const conf_group conf_group_selftest;

#endif /* CONFORMANCE_SELFTEST_H */
