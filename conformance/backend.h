/*
 * backend.h: the little the suite knows about the HIP it runs on.
 *
 * backend_mock.c and backend_rocm.c implement it; the test files never ask
 * which HIP they run on. backend_facts.c reads what a report says about the
 * runtime and its device, the same way on both.
 */
#ifndef CONFORMANCE_BACKEND_H
#define CONFORMANCE_BACKEND_H

#include <stddef.h>

#include <hip/hip_runtime_api.h>

/* For the report header: "mockhip (HIP 7.2 API)", "ROCm HIP 5.2". */
const char *conf_backend_name(void);

/* NULL when VMM tests can run here, else the reason every test skips with; asks
   conf_backend_find_unusable once (backend_facts.c): the answer does not change during a
   run. */
const char *conf_backend_unusable(void);
const char *conf_backend_find_unusable(void);

/* Called by the setup of a usable backend: checks it works and remembers what
   it holds. */
void conf_backend_begin(void);

/* Called by the teardown after it gave everything back: fails the test when the
   backend holds more than it did at conf_backend_begin(). */
void conf_backend_assert_clean(void);

/* Why the last failing call of this thread failed, as the backend says it; "" if it
   cannot say. */
const char *conf_backend_last_reason(void);

/* ---- kernels (test_kernel.c) ---- */

/* The suite's kernels, over `count` 32-bit words, one thread each, 256 per block: fill writes
   words[i] = value + i; copy writes out[i] = words[i]; divide writes out[i] = value / words[i]
   (unsigned), whatever words[i] holds; check asserts words[i] != value (device assert());
   trap: thread `value` calls abort(), the others write words[i] = i. */
typedef enum conf_kernel {
  CONF_KERNEL_FILL,
  CONF_KERNEL_COPY,
  CONF_KERNEL_DIVIDE,
  CONF_KERNEL_CHECK,
  CONF_KERNEL_TRAP
} conf_kernel;

/* NULL when this backend runs the suite's kernels, else why not (the kernel rules skip with
   it): the suite is host-compiled C, and only the mock runs host-compiled kernels. */
const char *conf_backend_no_kernels(void);

/* Launches `which` on the current device's null stream; returns the launch's own answer
   (a fault inside the kernel is the next synchronize's). may_fault: the rule expects the
   kernel to fault, which a memory checker (valgrind) is then not to report. */
hipError_t conf_backend_launch(conf_kernel which, unsigned *words, size_t count, unsigned value,
                               unsigned *out, int may_fault);

/* What the runtime says about itself, for the report, its files and --about.
   Plain data, so that a child can send it to the parent through a pipe. */
typedef struct conf_backend_facts {
  int usable;               /* VMM rules can run here */
  char unusable[256];       /* why not, when !usable */
  int version;              /* hipRuntimeGetVersion, e.g. 60200000 */
  int version_from_runtime; /* 0: the call failed and `version` is the header's HIP_VERSION */
  int device_count;         /* hipGetDeviceCount; 0 when it fails */
  char device_name[256];    /* hipGetDeviceProperties(0): name, "" without a device */
  char device_arch[256];    /* ... and gcnArchName ("gfx90a:sramecc+:xnack-") */
} conf_backend_facts;

/* Fills `facts` by calling HIP. The report calls it in a child only: ROCm's
   runtime does not survive fork, so the parent never initialises it. */
void conf_backend_facts_read(conf_backend_facts *facts);

/* conf_backend_facts_read in a child process, with a time limit: the parent
   never initialises HIP. A child that crashes or hangs gives an unusable
   backend with the reason ("the backend probe ended with signal 11: SIGSEGV"). */
void conf_backend_facts_probe(conf_backend_facts *facts, int timeout_seconds);

/* "6.2" for 60200000 (major.minor of a HIP_VERSION-style number); "13.0" for 13000, the
   CUDA numbering HIP on NVIDIA answers. */
void conf_backend_version_text(int version, char *text, size_t size);

#endif /* CONFORMANCE_BACKEND_H */
