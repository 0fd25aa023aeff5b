/*
 * under_valgrind.h: valgrind's client requests where its header is installed,
 * else what they answer outside valgrind, so a test can ask whether it runs
 * under valgrind and keep the faults it makes on purpose out of its report.
 */
#ifndef MH_TEST_UNDER_VALGRIND_H
#define MH_TEST_UNDER_VALGRIND_H

#if defined(__has_include) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#define VALGRIND_DISABLE_ERROR_REPORTING
#define VALGRIND_ENABLE_ERROR_REPORTING
#endif

#endif /* MH_TEST_UNDER_VALGRIND_H */
