/*
 * launch_failing.h: a launch whose kernel fails on purpose. Under valgrind the
 * kernel's bad touch is the case's, not an error of the program's, so it is
 * kept out of valgrind's report (the request holds on the calling thread, where
 * a launch of fewer than 4096 threads runs). Include after mock_test.h and
 * hip_runtime.h.
 */
#ifndef MH_TEST_LAUNCH_FAILING_H
#define MH_TEST_LAUNCH_FAILING_H

#include "under_valgrind.h"

/* The launch alone: the played platform may end the process inside it. */
#define LAUNCH_FAILING(...)                                                                        \
  do {                                                                                             \
    VALGRIND_DISABLE_ERROR_REPORTING;                                                              \
    hipLaunchKernelGGL(__VA_ARGS__);                                                               \
    VALGRIND_ENABLE_ERROR_REPORTING;                                                               \
  } while (0)

/* The launch returns success: a fault is not the launch's error. */
#define LAUNCH_FAULTING(...)                                                                       \
  do {                                                                                             \
    LAUNCH_FAILING(__VA_ARGS__);                                                                   \
    MT_CHECK(hipGetLastError());                                                                   \
  } while (0)

#endif /* MH_TEST_LAUNCH_FAILING_H */
