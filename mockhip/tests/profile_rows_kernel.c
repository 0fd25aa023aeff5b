/*
 * profile_rows_kernel.c: the rows of how a failed kernel ends (b.12):
 * kernel_fault, kernel_trap, kernel_hang, with C kernels. Where the cell is
 * `abort` the kernel runs in a forked child (ROCm's children use HIP), whose
 * death by SIGABRT and stderr are read; where it is `sticky` it runs here,
 * and the device's error is checked and reset. kernel_hang needs
 * MOCKHIP_KERNEL_TIMEOUT at start-up, so its kernel runs in this program run
 * again (self_child.c).
 */
#include "profile_check.h"
#include "self_child.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mockhip.h>

#include "under_valgrind.h"

/* Thread 3 of block 1 writes the word args points to. */
static void poke(void *args) {
  if (blockIdx.x == 1 && threadIdx.x == 3)
    **(int **)args = 1;
}

static void calls_abort(void *args) {
  (void)args;
  if (threadIdx.x == 2)
    abort();
}

/* Block 0's thread 0 waits for a flag nobody sets. */
static void spin(void *args) {
  volatile int *flag = *(int **)args;
  if (blockIdx.x == 0 && threadIdx.x == 0)
    while (*flag == 0) {
    }
}

/* Every launch here fails on purpose: under valgrind, no error of the program's. */
static hipError_t launch(const char *name, mockhip_kernel_fn kernel, void *args) {
  dim3 grid = {2, 1, 1}, block = {8, 1, 1};
  VALGRIND_DISABLE_ERROR_REPORTING;
  hipError_t err = mockhip_launch_kernel(name, kernel, grid, block, 0, NULL, args);
  VALGRIND_ENABLE_ERROR_REPORTING;
  return err;
}

/* The device's error is `code`, sticky, until hipDeviceReset. */
static void expect_sticky(const row *r, hipError_t code) {
  ROW_EXPECT(r, code, hipDeviceSynchronize());
  ROW_EXPECT(r, code, hipStreamSynchronize(NULL));
  MT_CHECK(hipDeviceReset());
  ROW_EXPECT(r, code, hipGetLastError()); /* the last error, once */
  MT_CHECK(hipDeviceSynchronize());
}

/* What a forked child's launch did: how it ended and what it printed. */
typedef struct ending {
  int status;
  char err[2048];
} ending;

/* Runs fn(arg) in a forked child with core dumps limited to core_bytes, stderr to a pipe. */
static ending in_fork(void (*fn)(void *), void *arg, rlim_t core_bytes) {
  ending e = {0, ""};
  int ends[2];
  assert_int_equal(pipe(ends), 0);
  fflush(NULL);
  pid_t pid = mt_fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    struct rlimit core;
    getrlimit(RLIMIT_CORE, &core);
    core.rlim_cur = core_bytes <= core.rlim_max ? core_bytes : core.rlim_max;
    setrlimit(RLIMIT_CORE, &core);
    dup2(ends[1], STDERR_FILENO);
    close(ends[0]);
    sc_coverage_on_abort(); /* the played ROCm may end this child with abort() */
    fn(arg);
    mt_child_exit(hipDeviceSynchronize() == hipSuccess ? 0 : 3);
  }
  close(ends[1]);
  size_t got = 0;
  ssize_t n;
  while (got < sizeof e.err - 1 && (n = read(ends[0], e.err + got, sizeof e.err - 1 - got)) > 0)
    got += (size_t)n;
  e.err[got] = '\0';
  close(ends[0]);
  assert_int_equal(waitpid(pid, &e.status, 0), pid);
  return e;
}

static void expect_aborted(const row *r, const ending *e, const char *line) {
  if (!WIFSIGNALED(e->status) || WTERMSIG(e->status) != SIGABRT || strstr(e->err, line) == NULL) {
    print_error("row %s, %s: expected \"%s\" and death by SIGABRT; status %#x, stderr:\n%s\n",
                r->key, profile_names[played], line, e->status, e->err);
    fail();
  }
}

static int *no_access_mapping(size_t *bytes) {
  *bytes = row_granularity();
  void *base = reserve(*bytes);
  hipMemGenericAllocationHandle_t handle = create(*bytes, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, *bytes, 0, handle, 0));
  MT_CHECK(hipMemRelease(handle)); /* the mapping holds it */
  return base;
}

static void launch_poke(void *arg) { (void)launch("poke", poke, arg); }

void test_kernel_fault(void **state) {
  (void)state;
  const row *r = &kernel_fault;
  size_t bytes;
  int *base = no_access_mapping(&bytes);
  if (cell_of(r) == ABORT) {
    ending e = in_fork(launch_poke, &base, 0);
    expect_aborted(r, &e, "Memory access fault by GPU node-1 (Agent handle: ");
  } else {
    MT_CHECK(launch("poke", poke, &base));
    expect_sticky(r, hipErrorIllegalAddress);
  }
  MT_CHECK(hipMemUnmap(base, bytes));
  MT_CHECK(hipMemAddressFree(base, bytes));
}

static void launch_abort(void *arg) { (void)launch("calls_abort", calls_abort, arg); }

void test_kernel_trap(void **state) {
  (void)state;
  const row *r = &kernel_trap;
  const char *queue = "aborting with error : HSA_STATUS_ERROR_EXCEPTION";
  switch (cell_of(r)) {
  case ABORT: {
    ending e = in_fork(launch_abort, NULL, 0);
    expect_aborted(r, &e, queue);
    break;
  }
  case ABORT_IF_CORE: {
    /* No core file: clr skips the abort, and the device's error is hipErrorLaunchFailure
       (the child exits 3: its synchronize failed). A core of 1 byte: it aborts. */
    ending e = in_fork(launch_abort, NULL, 0);
    if (!WIFEXITED(e.status) || WEXITSTATUS(e.status) != 3 || strstr(e.err, queue) == NULL) {
      print_error("row kernel_trap, %s: expected the queue line and a sticky error; status %#x, "
                  "stderr:\n%s\n",
                  profile_names[played], e.status, e.err);
      fail();
    }
    /* Here too, with core dumps off for the launch (a soft limit of 0, put back after). */
    struct rlimit core, none;
    getrlimit(RLIMIT_CORE, &core);
    none = core;
    none.rlim_cur = 0;
    setrlimit(RLIMIT_CORE, &none);
    MT_CHECK(launch("calls_abort", calls_abort, NULL));
    expect_sticky(r, hipErrorLaunchFailure);
    setrlimit(RLIMIT_CORE, &core);
    if (core.rlim_max >= 1) {
      e = in_fork(launch_abort, NULL, 1);
      expect_aborted(r, &e, queue);
    } else {
      print_message("not checked: a core limit of 1 byte, which the hard limit of 0 here keeps "
                    "away\n");
    }
    break;
  }
  default:
    MT_CHECK(launch("calls_abort", calls_abort, NULL));
    expect_sticky(r, hipErrorUnknown); /* CUDA's illegal instruction has no HIP name */
    break;
  }
}

void test_free_async_null(void **state) {
  (void)state;
  const row *r = &free_async_null;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  ROW_EXPECT(r, code_of(r), hipFreeAsync(NULL, stream));
  ROW_EXPECT(r, code_of(r), hipFreeAsync(NULL, NULL));
  MT_CHECK(hipStreamSynchronize(stream)); /* a refused free leaves the stream as it was */
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- kernel_hang: in the program run again, with a timeout ---- */

void profile_child_hang(void) {
  int *flag = NULL;
  SC_CHECK(hipMalloc((void **)&flag, sizeof *flag) == hipSuccess);
  SC_CHECK(hipMemset(flag, 0, sizeof *flag) == hipSuccess);
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
  SC_CHECK(launch("spin", spin, &flag) == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipErrorLaunchTimeOut);
  SC_CHECK(strstr(mockhip_last_reason(), "block (0, 0, 0)") == NULL); /* no single thread */
  SC_CHECK(strstr(mockhip_last_reason(), ": (0, 0, 0)") != NULL);
}

void test_kernel_hang(void **state) {
  (void)state;
  if (SC_UNDER_TSAN) {
    print_message("skipped under ThreadSanitizer: it holds the watchdog's signal until the "
                  "spinning thread calls into its runtime, which it never does\n");
    skip();
  }
  const row *r = &kernel_hang;
  char release[64];
  if (profile_nvidia(played))
    snprintf(release, sizeof release, "MOCKHIP_PLATFORM=nvidia");
  else
    snprintf(release, sizeof release, "MOCKHIP_ROCM_VERSION=%s", profile_names[played]);
  const char *env[] = {release, "MOCKHIP_KERNEL_TIMEOUT=1", "MOCKHIP_DEVICES=2", NULL};
  char *err = NULL;
  int status = sc_run("hang", env, &err);
  bool ok = cell_of(r) == ABORT ? WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT &&
                                      strstr(err, ") reason :GPU Hang\n") != NULL
                                : mt_exited_ok(status);
  ok = ok && strstr(err, "mockhip: kernel spin on device 0 ran past MOCKHIP_KERNEL_TIMEOUT=1 s; "
                         "1 block still running: (0, 0, 0)") != NULL;
  if (!ok) {
    print_error("row kernel_hang, %s: status %#x, stderr:\n%s\n", profile_names[played], status,
                err);
    fail();
  }
  free(err);
}
