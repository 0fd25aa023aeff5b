/*
 * backend.h: the little the suite knows about the HIP it runs on.
 *
 * backend_mock.c and backend_rocm.c implement it; the test files never ask
 * which HIP they run on.
 */
#ifndef CONFORMANCE_BACKEND_H
#define CONFORMANCE_BACKEND_H

/* For the report header: "mockhip (HIP 7.2 API)", "ROCm HIP 5.2". */
const char *conf_backend_name(void);

/* NULL when VMM tests can run here, else the reason every test skips with. */
const char *conf_backend_unusable(void);

/* Called by the setup of a usable backend: checks it works and remembers what
   it holds. */
void conf_backend_begin(void);

/* Called by the teardown after it gave everything back: fails the test when the
   backend holds more than it did at conf_backend_begin(). */
void conf_backend_assert_clean(void);

/* Why the last failing call of this thread failed, as the backend says it; "" if it
   cannot say. */
const char *conf_backend_last_reason(void);

#endif /* CONFORMANCE_BACKEND_H */
