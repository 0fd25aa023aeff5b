/*
 * test_trace_html.c: MOCKHIP_TRACE_HTML's page. The option is read once at
 * start-up, so each case runs this same program again with a scenario
 * (`--scenario NAME PAGE`) under the option and reads the page it left: one
 * step per state-changing call, failed calls with their error and reason, the
 * picture of the last step equal to mockhip_dump_svg's, the same pictures in
 * two runs, a forked child on a page of its own, a crash's page cut off after
 * a whole step, threads' steps whole, an unwritable path or a failing write
 * warned about once, a full page. What the terminal says of a call is on its
 * step: a launch and its kernel's fault, the failed calls after it, a refused
 * copy, a strict line or a teach note that makes a success a warning.
 */
#include "mock_test.h"
#include "self_child.h"
#include "under_valgrind.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the scenarios, run in a fresh process ---- */

static int steps; /* state-changing calls made, the oracle of the page's count */
#define STEP(call) (steps++, (call))

static size_t granule(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  size_t bytes = 0;
  if (hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum) != 0)
    exit(3);
  return bytes;
}

/* Reserve, create, map twice (aliasing), set access, a failing map, hipMalloc and
   hipFree, release while mapped, unmap, free; calls that change nothing between. */
static int scenario_steps(const char *svg_path) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle;
  char *base;
  void *block;
  int value = 7;
  unsigned long long flags;
  int failed_step = 0, ok = 1;
  ok &= STEP(hipMemAddressReserve((void **)&base, 4 * g, 0, NULL, 0)) == hipSuccess;
  ok &= STEP(hipMemCreate(&handle, g, &prop, 0)) == hipSuccess;
  ok &= STEP(hipMemMap(base, g, 0, handle, 0)) == hipSuccess;
  ok &= STEP(hipMemMap(base + 2 * g, g, 0, handle, 0)) == hipSuccess;
  ok &= STEP(hipMemSetAccess(base, g, &rw, 1)) == hipSuccess;
  ok &= hipMemcpyHtoD(base, &value, sizeof value) == hipSuccess;
  ok &= hipMemGetAccess(&flags, &rw.location, base) == hipSuccess;
  ok &= STEP(hipMemMap(base + g, g + 1, 0, handle, 0)) == hipErrorInvalidValue;
  failed_step = steps;
  ok &= STEP(hipMalloc(&block, 100)) == hipSuccess;
  ok &= STEP(hipFree(block)) == hipSuccess;
  ok &= STEP(hipMemRelease(handle)) == hipSuccess;
  ok &= STEP(hipMemUnmap(base, g)) == hipSuccess;
  ok &= STEP(hipMemUnmap(base + 2 * g, g)) == hipSuccess;
  ok &= STEP(hipMemAddressFree(base, 4 * g)) == hipSuccess;
  printf("steps %d\nfailed_step %d\n", steps, failed_step);
  if (svg_path != NULL) {
    FILE *svg = fopen(svg_path, "w");
    ok &= svg != NULL && mockhip_dump_svg(svg) == 0;
    ok &= svg != NULL && fclose(svg) == 0;
  }
  return ok ? 0 : 1;
}

/* Every entry point that is a step, once (hipMemMapArrayAsync fails, as on AMD). */
static int scenario_every(void) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle, again, imported;
  char *base;
  void *block;
  int fd = -1, ok = 1;
  ok &= STEP(hipMemAddressReserve((void **)&base, 2 * g, 0, NULL, 0)) == hipSuccess;
  ok &= STEP(hipMemCreate(&handle, g, &prop, 0)) == hipSuccess;
  ok &= STEP(hipMemMap(base, g, 0, handle, 0)) == hipSuccess;
  ok &= STEP(hipMemSetAccess(base, g, &rw, 1)) == hipSuccess;
  ok &= STEP(hipMemRetainAllocationHandle(&again, base)) == hipSuccess;
  ok &= STEP(hipMemRelease(again)) == hipSuccess;
  ok &= STEP(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0)) ==
        hipSuccess;
  ok &= STEP(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                             hipMemHandleTypePosixFileDescriptor)) == hipSuccess;
  ok &= STEP(hipMemMap(base + g, g, 0, imported, 0)) == hipSuccess;
  ok &= STEP(hipMemUnmap(base, 2 * g)) == hipSuccess;
  ok &= STEP(hipMemRelease(imported)) == hipSuccess;
  ok &= STEP(hipMemRelease(handle)) == hipSuccess;
  close(fd);
  ok &= STEP(hipMemAddressFree(base, 2 * g)) == hipSuccess;
  ok &= STEP(hipMalloc(&block, 64)) == hipSuccess;
  ok &= STEP(hipFree(block)) == hipSuccess;
  ok &= STEP(hipExtMallocWithFlags(&block, 64, hipDeviceMallocFinegrained)) == hipSuccess;
  ok &= STEP(hipFree(block)) == hipSuccess;
  ok &= STEP(hipMallocManaged(&block, 64, hipMemAttachGlobal)) == hipSuccess;
  ok &= STEP(hipFree(block)) == hipSuccess;
  ok &= STEP(hipHostMalloc(&block, 64, 0)) == hipSuccess;
  ok &= STEP(hipHostFree(block)) == hipSuccess;
  ok &= STEP(hipMallocAsync(&block, 64, NULL)) == hipSuccess;
  ok &= STEP(hipFreeAsync(block, NULL)) == hipSuccess;
  ok &= STEP(hipDeviceEnablePeerAccess(1, 0)) == hipSuccess;
  ok &= STEP(hipDeviceDisablePeerAccess(1)) == hipSuccess;
  ok &= STEP(hipMemMapArrayAsync(NULL, 1, NULL)) != hipSuccess;
  ok &= STEP(hipMalloc(&block, 64)) == hipSuccess;
  ok &= STEP(hipDeviceReset()) == hipSuccess; /* frees the block */
  printf("steps %d\n", steps);
  return ok ? 0 : 1;
}

/* Two steps in the parent, two in a child, two more in the parent. */
static int scenario_fork(void) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  char *base;
  int ok = 1;
  ok &= STEP(hipMemAddressReserve((void **)&base, 2 * g, 0, NULL, 0)) == hipSuccess;
  ok &= STEP(hipMemCreate(&handle, g, &prop, 0)) == hipSuccess;
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    int child_ok = hipMemMap(base, g, 0, handle, 0) == hipSuccess;
    child_ok &= hipMemUnmap(base, g) == hipSuccess;
    printf("child %ld\n", (long)getpid());
    exit(child_ok ? 0 : 1); /* exit, not _exit: its page is closed at exit */
  }
  int status = 0;
  ok &= child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
        WEXITSTATUS(status) == 0;
  ok &= STEP(hipMemRelease(handle)) == hipSuccess;
  ok &= STEP(hipMemAddressFree(base, 2 * g)) == hipSuccess;
  printf("steps %d\n", steps);
  return ok ? 0 : 1;
}

/* A step, then this program again as a new process (fork and exec) under the same option, whose
   two steps go on a page of its own; then one more step here. */
static int scenario_exec(void) {
  size_t g = granule();
  void *base;
  char program[PATH_MAX];
  ssize_t bytes = readlink("/proc/self/exe", program, sizeof program - 1);
  if (bytes <= 0 || hipMemAddressReserve(&base, g, 0, NULL, 0) != hipSuccess)
    return 1;
  program[bytes] = '\0';
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    char *const argv[] = {program, "--scenario", "threads", NULL};
    execv(program, argv);
    _exit(127);
  }
  int status = 0;
  bool ok = child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
            WEXITSTATUS(status) == 0;
  ok &= hipMemAddressFree(base, g) == hipSuccess;
  printf("child %ld\n", (long)child);
  return ok ? 0 : 1;
}

/* Two steps, then a crash: no exit handler runs. */
static int scenario_crash(void) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  void *base;
  if (hipMemAddressReserve(&base, g, 0, NULL, 0) != hipSuccess ||
      hipMemCreate(&handle, g, &prop, 0) != hipSuccess)
    return 1;
  signal(SIGABRT, SIG_DFL);
  abort();
}

/* A scenario that dies of a fault: mockhip's handler, installed at its first call, chains to
   this one, which writes a coverage build's counters before the process dies as it would. */
static void dump_coverage_then_die(int sig) {
  sc_coverage_dump();
  signal(sig, SIG_DFL); /* returning re-runs the fault, which now kills */
}

/* Three steps, then a CPU write to the mapping the host was not granted: the process dies of
   SIGSEGV, and the fault is the page's last step. */
static int scenario_segv(void) {
  signal(SIGSEGV, dump_coverage_then_die); /* before mockhip's first call, so it chains here */
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  char *base;
  if (hipMemAddressReserve((void **)&base, 2 * g, 0, NULL, 0) != hipSuccess ||
      hipMemCreate(&handle, g, &prop, 0) != hipSuccess ||
      hipMemMap(base, g, 0, handle, 0) != hipSuccess)
    return 1;
  *(volatile char *)base = 1;
  return 1;
}

/* A fault outside mock memory before any step: the page is opened to say so. */
static int scenario_segv_first(void) {
  signal(SIGSEGV, dump_coverage_then_die);
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess)
    return 1;
  char *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED)
    return 1;
  *(volatile char *)page = 1;
  return 1;
}

/* Teach notes: one at a step (the host's access after hipMemSetAccess), one at a call that
   changes nothing (a copy past its block), which becomes a step for it. */
static int scenario_notes(void) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle;
  void *base;
  char *block = NULL;
  char bytes[64] = {0};
  bool ok = hipMemAddressReserve(&base, g, 0, NULL, 0) == hipSuccess &&
            hipMemCreate(&handle, g, &prop, 0) == hipSuccess &&
            hipMemMap(base, g, 0, handle, 0) == hipSuccess &&
            hipMemSetAccess(base, g, &rw, 1) == hipSuccess &&
            hipMalloc((void **)&block, 32) == hipSuccess;
  (void)hipMemcpyHtoD(block, bytes, sizeof bytes); /* 64 bytes into a block of 32 */
  ok &= hipFree(block) == hipSuccess && hipMemUnmap(base, g) == hipSuccess &&
        hipMemRelease(handle) == hipSuccess && hipMemAddressFree(base, g) == hipSuccess;
  return ok ? 0 : 1;
}

typedef struct poke_args {
  int *target;
} poke_args;

/* A C kernel: each thread writes its own int of target. */
static void poke(void *p) {
  const poke_args *a = p;
  a->target[threadIdx.x] = 1;
}

/* A kernel writes a mapping its device was not granted: the launch returns hipSuccess and the
   kernel faults; where the release makes the error sticky, the synchronize and the next call on
   the device fail until hipDeviceReset; where it aborts, the process dies in the launch. On a
   stream of its own where `on` is "stream" (hipDeviceReset ends it), else the null stream. */
static int scenario_kernel(const char *on) {
  signal(SIGABRT, dump_coverage_then_die);
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  unsigned long long flags;
  void *base;
  bool ok = hipMemAddressReserve(&base, g, 0, NULL, 0) == hipSuccess &&
            hipMemCreate(&handle, g, &prop, 0) == hipSuccess &&
            hipMemMap(base, g, 0, handle, 0) == hipSuccess;
  hipStream_t stream = NULL;
  if (on != NULL && strcmp(on, "stream") == 0)
    ok &= hipStreamCreate(&stream) == hipSuccess;
  poke_args args = {base};
  dim3 grid = {1, 1, 1}, block = {4, 1, 1};
  VALGRIND_DISABLE_ERROR_REPORTING; /* the fault is on purpose */
  ok &= mockhip_launch_kernel("poke", poke, grid, block, 0, stream, &args) == hipSuccess;
  VALGRIND_ENABLE_ERROR_REPORTING;
  ok &= hipGetLastError() == hipSuccess; /* succeeds quietly: no step */
  ok &= hipDeviceSynchronize() == hipErrorIllegalAddress;
  ok &= hipMemGetAccess(&flags, &device0, base) == hipErrorIllegalAddress;
  ok &= hipDeviceReset() == hipSuccess && hipMemUnmap(base, g) == hipSuccess &&
        hipMemRelease(handle) == hipSuccess && hipMemAddressFree(base, g) == hipSuccess;
  return ok ? 0 : 1;
}

/* Copies into two mappings, the device granted only the first: one into the second alone is
   refused; one through both returns hipSuccess, for the newest release checks the first only,
   and strict mode reports it (a.8#10). */
static int scenario_ungranted_copy(void) {
  size_t g = granule();
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t first, second;
  char *base = NULL, *bytes = calloc(1, 2 * g);
  bool ok = bytes != NULL &&
            hipMemAddressReserve((void **)&base, 2 * g, 0, NULL, 0) == hipSuccess &&
            hipMemCreate(&first, g, &prop, 0) == hipSuccess &&
            hipMemCreate(&second, g, &prop, 0) == hipSuccess &&
            hipMemMap(base, g, 0, first, 0) == hipSuccess &&
            hipMemMap(base + g, g, 0, second, 0) == hipSuccess &&
            hipMemSetAccess(base, g, &rw, 1) == hipSuccess;
  ok &= hipMemcpyHtoD(base + g, bytes, g) != hipSuccess; /* refused: no access there */
  ok &= hipMemcpyHtoD(base, bytes, 2 * g) == hipSuccess;
  ok &= hipMemUnmap(base, 2 * g) == hipSuccess && hipMemRelease(first) == hipSuccess &&
        hipMemRelease(second) == hipSuccess && hipMemAddressFree(base, 2 * g) == hipSuccess;
  free(bytes);
  return ok ? 0 : 1;
}

/* hipMemAddressFree of the second half of a reservation: the newest release frees all of it
   and returns hipSuccess, which teach mode says is wrong (a.3#3). */
static int scenario_free_inside(void) {
  size_t g = granule();
  char *base;
  bool ok = hipMemAddressReserve((void **)&base, 2 * g, 0, NULL, 0) == hipSuccess &&
            hipMemAddressFree(base + g, g) == hipSuccess;
  return ok ? 0 : 1;
}

/* The host writes pinned memory that a queued copy still reads: the synchronisation checker
   reports it from the fault handler of the guarded page, outside any call. */
static int scenario_host_touch(void) {
  hipStream_t stream;
  void *dev;
  int *pinned;
  bool ok = hipStreamCreate(&stream) == hipSuccess && hipMalloc(&dev, 256) == hipSuccess &&
            hipHostMalloc((void **)&pinned, 256, 0) == hipSuccess &&
            hipMemcpyAsync(dev, pinned, 256, hipMemcpyHostToDevice, stream) == hipSuccess;
  if (!ok)
    return 1;
  *(volatile int *)(pinned + 10) = 5;
  ok &= hipStreamSynchronize(stream) == hipSuccess && hipHostFree(pinned) == hipSuccess &&
        hipFree(dev) == hipSuccess && hipStreamDestroy(stream) == hipSuccess;
  return ok ? 0 : 1;
}

#define THREADS 4
#define THREAD_ROUNDS 10

static void *reserve_and_free(void *arg) {
  size_t g = *(size_t *)arg;
  for (int i = 0; i < THREAD_ROUNDS; i++) {
    void *base;
    if (hipMemAddressReserve(&base, g, 0, NULL, 0) != hipSuccess ||
        hipMemAddressFree(base, g) != hipSuccess)
      exit(1);
  }
  return NULL;
}

static int scenario_threads(void) {
  size_t g = granule();
  pthread_t threads[THREADS];
  for (int i = 0; i < THREADS; i++)
    if (pthread_create(&threads[i], NULL, reserve_and_free, &g) != 0)
      return 1;
  for (int i = 0; i < THREADS; i++)
    pthread_join(threads[i], NULL);
  return 0;
}

/* More steps than a page holds. */
static int scenario_many(void) {
  size_t g = granule();
  for (int i = 0; i < 600; i++) {
    void *base;
    if (hipMemAddressReserve(&base, g, 0, NULL, 0) != hipSuccess ||
        hipMemAddressFree(base, g) != hipSuccess)
      return 1;
  }
  return 0;
}

static int run_scenario(const char *name, const char *extra) {
  if (strcmp(name, "steps") == 0)
    return scenario_steps(extra);
  if (strcmp(name, "every") == 0)
    return scenario_every();
  if (strcmp(name, "fork") == 0)
    return scenario_fork();
  if (strcmp(name, "crash") == 0)
    return scenario_crash();
  if (strcmp(name, "exec") == 0)
    return scenario_exec();
  if (strcmp(name, "segv") == 0)
    return scenario_segv();
  if (strcmp(name, "segv_first") == 0)
    return scenario_segv_first();
  if (strcmp(name, "notes") == 0)
    return scenario_notes();
  if (strcmp(name, "kernel") == 0)
    return scenario_kernel(extra);
  if (strcmp(name, "ungranted_copy") == 0)
    return scenario_ungranted_copy();
  if (strcmp(name, "free_inside") == 0)
    return scenario_free_inside();
  if (strcmp(name, "host_touch") == 0)
    return scenario_host_touch();
  if (strcmp(name, "threads") == 0)
    return scenario_threads();
  if (strcmp(name, "many") == 0)
    return scenario_many();
  fprintf(stderr, "test_trace_html: no scenario '%s'\n", name);
  return 2;
}

/* ---- the cases ---- */

static char self[PATH_MAX];

typedef struct run {
  char dir[64];   /* a fresh directory for the page */
  char page[128]; /* dir/page.html */
  int status;
  char *out, *err;
} run;

/* Runs scenario `name` with MOCKHIP_TRACE_HTML=page (or page_override) and `option`, one
   more variable (or NULL). */
static void run_with_page_and(run *r, const char *name, const char *page_override,
                              const char *extra, const char *option);

static void run_with_page(run *r, const char *name, const char *page_override, const char *extra) {
  run_with_page_and(r, name, page_override, extra, NULL);
}

static void run_with_page_and(run *r, const char *name, const char *page_override,
                              const char *extra, const char *more) {
  snprintf(r->dir, sizeof r->dir, "/tmp/mockhip-html-XXXXXX");
  assert_non_null(mkdtemp(r->dir));
  snprintf(r->page, sizeof r->page, "%s/page.html", r->dir);
  char option[256];
  snprintf(option, sizeof option, "MOCKHIP_TRACE_HTML=%s", page_override ? page_override : r->page);
  const char *argv[] = {self, "--scenario", name, extra, NULL};
  /* Two devices for the peer calls, five to draw only the devices with access. Under
     valgrind its options go on: the synchronisation checker's guards need one (memcheck.py). */
  const char *env[] = {option, "MOCKHIP_DEVICES=5", more, NULL, NULL};
  char valgrind[512];
  if (getenv("VALGRIND_OPTS") != NULL) {
    snprintf(valgrind, sizeof valgrind, "VALGRIND_OPTS=%s", getenv("VALGRIND_OPTS"));
    env[more != NULL ? 3 : 2] = valgrind;
  }
  r->status = mt_run_program(argv, env, &r->out, &r->err);
}

static void run_free(run *r) {
  char command[128];
  snprintf(command, sizeof command, "rm -rf '%s'", r->dir);
  assert_int_equal(system(command), 0);
  free(r->out);
  free(r->err);
}

static char *read_file(const char *path) {
  FILE *in = fopen(path, "r");
  if (in == NULL)
    fail_msg("no page at %s", path);
  char *text = mt_read_stream(in);
  fclose(in);
  return text;
}

static int count(const char *text, const char *what) {
  int n = 0;
  for (const char *at = strstr(text, what); at != NULL; at = strstr(at + 1, what))
    n++;
  return n;
}

/* The number after `key ` in a scenario's output. */
static long output_number(const char *out, const char *key) {
  const char *at = strstr(out, key);
  if (at == NULL)
    fail_msg("no '%s' in the scenario's output: %s", key, out);
  return strtol(at + strlen(key) + 1, NULL, 10);
}

/* Every step is whole and numbered 1, 2, ... in order; returns how many. */
static int assert_steps_whole(const char *page) {
  int n = 0;
  const char *at = page;
  for (const char *open; (open = strstr(at, "<section class=\"step\"")) != NULL;) {
    n++;
    char id[32];
    snprintf(id, sizeof id, "id=\"step-%d\"", n);
    const char *close = strstr(open, "</section>");
    const char *next = strstr(open + 1, "<section class=\"step"); /* a fault's step too */
    assert_non_null(close);
    if (strncmp(open + strlen("<section class=\"step\" "), id, strlen(id)) != 0)
      fail_msg("step %d is not numbered so: %.80s", n, open);
    if (next != NULL && next < close)
      fail_msg("step %d is cut by the next", n);
    assert_true(count(open, "<svg ") - (next ? count(next, "<svg ") : 0) == 1);
    at = close;
  }
  return n;
}

/* The text of step n's <section>, malloc'd. */
static char *step_text(const char *page, int n) {
  char id[32];
  snprintf(id, sizeof id, "id=\"step-%d\"", n);
  const char *open = strstr(page, id);
  assert_non_null(open);
  const char *close = strstr(open, "</section>");
  assert_non_null(close);
  return strndup(open, (size_t)(close - open));
}

/* Step n's <svg> ... </svg>\n, malloc'd. */
static char *step_svg(const char *page, int n) {
  char *step = step_text(page, n);
  char *open = strstr(step, "<svg ");
  assert_non_null(open);
  char *close = strstr(open, "</svg>\n");
  assert_non_null(close);
  char *svg = strndup(open, (size_t)(close + strlen("</svg>\n") - open));
  free(step);
  return svg;
}

static void test_one_step_per_state_changing_call(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "steps", NULL, NULL);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  long expected = output_number(r.out, "steps");
  assert_int_equal(expected, 12);
  assert_int_equal(assert_steps_whole(page), expected);
  assert_true(strncmp(page, "<!DOCTYPE html>\n", 16) == 0);
  /* closed at exit */
  size_t bytes = strlen(page);
  assert_true(bytes > 8 && strcmp(page + bytes - 8, "</html>\n") == 0);
  assert_int_equal(count(page, "</html>"), 1);
  /* Self-contained: nothing fetched from elsewhere. */
  assert_null(strstr(page, "src="));
  assert_null(strstr(page, "<link"));
  assert_null(strstr(page, "http://www.w3.org/1999"));
  char *third = step_text(page, 3);
  assert_non_null(strstr(third, "data-api=\"hipMemMap\" data-result=\"hipSuccess\""));
  assert_non_null(strstr(third, "hipMemMap(ptr=reservation#1+0x0,"));
  free(third);
  free(page);
  run_free(&r);
}

/* Each entry point that changes the picture makes a step; nothing else does. */
static void test_every_kind_of_step(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "every", NULL, NULL);
  if (!mt_exited_ok(r.status))
    fail_msg("the scenario failed: %s%s", r.out, r.err);
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), output_number(r.out, "steps"));
  static const char *const apis[] = {"hipMemAddressReserve",
                                     "hipMemAddressFree",
                                     "hipMemCreate",
                                     "hipMemRelease",
                                     "hipMemMap",
                                     "hipMemUnmap",
                                     "hipMemSetAccess",
                                     "hipMemRetainAllocationHandle",
                                     "hipMemExportToShareableHandle",
                                     "hipMemImportFromShareableHandle",
                                     "hipMemMapArrayAsync",
                                     "hipMalloc",
                                     "hipExtMallocWithFlags",
                                     "hipMallocManaged",
                                     "hipMallocAsync",
                                     "hipHostMalloc",
                                     "hipFree",
                                     "hipFreeAsync",
                                     "hipHostFree",
                                     "hipDeviceEnablePeerAccess",
                                     "hipDeviceDisablePeerAccess",
                                     "hipDeviceReset"};
  for (size_t i = 0; i < sizeof apis / sizeof apis[0]; i++) {
    char attribute[96];
    snprintf(attribute, sizeof attribute, "data-api=\"%s\"", apis[i]);
    if (strstr(page, attribute) == NULL)
      fail_msg("no step of %s", apis[i]);
  }
  /* The pictures follow: the import shows, the peer access, the managed block, the reset. */
  assert_non_null(strstr(page, "  imported"));
  assert_non_null(strstr(page, "; peer access to device 1</text>"));
  assert_non_null(strstr(page, "managed memory, device 0"));
  /* The retain's call text: its "->" escaped, its handle and address decoded. */
  assert_non_null(strstr(page, "handle -&gt; handle#"));
  assert_non_null(strstr(page, ", addr=reservation#1+0x0)"));
  char *last = step_svg(page, (int)output_number(r.out, "steps"));
  assert_null(strstr(last, "hipMalloc-family blocks"));
  free(last);
  free(page);
  run_free(&r);
}

static void test_failed_call_with_its_error(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "steps", NULL, NULL);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  int failed = (int)output_number(r.out, "failed_step");
  char *step = step_text(page, failed);
  assert_non_null(strstr(step, "data-api=\"hipMemMap\" data-result=\"hipErrorInvalidValue\""));
  assert_non_null(strstr(step, "<p class=\"result failed\">= hipErrorInvalidValue</p>"));
  assert_non_null(strstr(step, "<p class=\"reason\">"));
  assert_non_null(strstr(step, "granularity"));
  free(step);
  /* A failed call changes nothing: its picture is the one before it. */
  char *before = step_svg(page, failed - 1), *after = step_svg(page, failed);
  assert_string_equal(before, after);
  free(before);
  free(after);
  /* Only that step failed. */
  assert_int_equal(count(page, "data-result=\"hipSuccess\""), 11);
  free(page);
  run_free(&r);
}

/* The page's last picture is mockhip_dump_svg's, less the XML declaration. */
static void test_last_picture_is_dump_svg(void **state) {
  (void)state;
  run r;
  char svg_path[] = "/tmp/mockhip-last-XXXXXX";
  int fd = mkstemp(svg_path);
  assert_true(fd >= 0);
  close(fd);
  run_with_page(&r, "steps", NULL, svg_path);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page), *dump = read_file(svg_path);
  unlink(svg_path);
  char *last = step_svg(page, (int)output_number(r.out, "steps"));
  const char *declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  assert_true(strncmp(dump, declaration, strlen(declaration)) == 0);
  assert_string_equal(last, dump + strlen(declaration));
  free(last);
  free(dump);
  free(page);
  run_free(&r);
}

/* Addresses differ from run to run (ASLR); the pictures do not. */
static void test_two_runs_same_pictures(void **state) {
  (void)state;
  run a, b;
  run_with_page(&a, "steps", NULL, NULL);
  run_with_page(&b, "steps", NULL, NULL);
  assert_true(mt_exited_ok(a.status) && mt_exited_ok(b.status));
  char *page_a = read_file(a.page), *page_b = read_file(b.page);
  for (int n = 1; n <= 12; n++) {
    char *svg_a = step_svg(page_a, n), *svg_b = step_svg(page_b, n);
    assert_string_equal(svg_a, svg_b);
    free(svg_a);
    free(svg_b);
  }
  free(page_a);
  free(page_b);
  run_free(&a);
  run_free(&b);
}

static void test_forked_child_writes_its_own_page(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "fork", NULL, NULL);
  if (!mt_exited_ok(r.status))
    fail_msg("the fork scenario failed: %s%s", r.out, r.err);
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), output_number(r.out, "steps"));
  assert_int_equal(count(page, "</html>"), 1);
  assert_int_equal(count(page, "hipMemMap"), 0); /* the child's calls are not here */
  char child_page[192];
  snprintf(child_page, sizeof child_page, "%s.%ld.html", r.page, output_number(r.out, "child"));
  char *child = read_file(child_page);
  assert_int_equal(assert_steps_whole(child), 2);
  assert_int_equal(count(child, "</html>"), 1);
  assert_non_null(strstr(child, "data-api=\"hipMemMap\""));
  assert_non_null(strstr(child, "data-api=\"hipMemUnmap\""));
  /* It starts from what it inherited: the parent's reservation is in its first picture. */
  char *first = step_svg(child, 1);
  assert_non_null(strstr(first, ">reservation#1  "));
  free(first);
  free(child);
  free(page);
  run_free(&r);
}

/* A program exec'd by one that holds the page writes a page of its own, as a forked child does:
   the parent's page stays whole. */
static void test_execd_program_writes_its_own_page(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "exec", NULL, NULL);
  if (!mt_exited_ok(r.status))
    fail_msg("the exec scenario failed: %s%s", r.out, r.err);
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 2);
  assert_int_equal(count(page, "</html>"), 1);
  char child_page[192];
  snprintf(child_page, sizeof child_page, "%s.%ld.html", r.page, output_number(r.out, "child"));
  char *child = read_file(child_page);
  assert_int_equal(assert_steps_whole(child), THREADS * THREAD_ROUNDS * 2);
  assert_int_equal(count(child, "</html>"), 1);
  free(child);
  free(page);
  run_free(&r);
}

/* No exit handler runs in a crash; the page still holds every whole step. */
static void test_crash_leaves_whole_steps(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "crash", NULL, NULL);
  assert_true(mt_killed_by(r.status, SIGABRT));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 2);
  assert_null(strstr(page, "</html>"));
  size_t bytes = strlen(page);
  assert_true(bytes > 11 && strcmp(page + bytes - 11, "</section>\n") == 0);
  free(page);
  run_free(&r);
}

/* A fault the process dies of is the page's last step, with the explanation, and the page is
   closed: it is whole HTML though no exit handler ran. */
static void test_fault_ends_the_page(void **state) {
  (void)state;
  static const char *const options[] = {NULL, "MOCKHIP_EXPLAIN=1"};
  for (size_t i = 0; i < 2; i++) {
    run r;
    run_with_page_and(&r, "segv", NULL, NULL, options[i]);
    assert_true(mt_killed_by(r.status, SIGSEGV));
    char *page = read_file(r.page);
    assert_int_equal(assert_steps_whole(page), 3);
    char *last = step_text(page, 4);
    assert_non_null(
        strstr(page, "<section class=\"step fault\" id=\"step-4\" data-api=\"SIGSEGV\""));
    assert_non_null(strstr(last, "<h2>Step 4: SIGSEGV, the process dies</h2>"));
    assert_non_null(strstr(last, "SIGSEGV: a write of reservation#1+0x0 by the CPU\nat "));
    assert_non_null(strstr(last, "mockhip_test_trace_html+0x"));
    assert_non_null(strstr(last, "<pre class=\"explain\">SIGSEGV at reservation#1+0x0 (0x"));
    assert_non_null(strstr(last, "  what:   the host was not granted read-write access"));
    assert_null(strstr(last, "mockhip: explain:"));
    /* The picture after step 3, again: a fault changes nothing. */
    assert_non_null(strstr(last, "the picture is the one after step 3."));
    assert_non_null(strstr(last, "<div class=\"picture\" id=\"picture-4\">\n<svg "));
    char *before = step_text(page, 3);
    const char *svg3 = strstr(before, "<svg "), *svg4 = strstr(last, "<svg ");
    assert_true(strncmp(svg3, svg4, strlen(svg3) - strlen(strstr(svg3, "</svg>"))) == 0);
    free(before);
    free(last);
    size_t bytes = strlen(page);
    assert_true(bytes > 8 && strcmp(page + bytes - 8, "</html>\n") == 0);
    assert_int_equal(count(page, "</html>"), 1);
    /* Without MOCKHIP_EXPLAIN stderr has the one line that names it; with it, the whole. */
    assert_non_null(
        strstr(r.err, i == 0 ? "run again with MOCKHIP_EXPLAIN=1" : "mockhip: explain:   what:"));
    free(page);
    run_free(&r);
  }
}

static void test_fault_before_any_step(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "segv_first", NULL, NULL);
  assert_true(mt_killed_by(r.status, SIGSEGV));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 0);
  char *only = step_text(page, 1);
  assert_non_null(strstr(only, "data-api=\"SIGSEGV\""));
  assert_non_null(strstr(only, "Not memory mockhip manages"));
  assert_null(strstr(only, "<svg ")); /* no step before it, so no picture */
  free(only);
  assert_non_null(strstr(page, "<title>mockhip trace of "));
  assert_int_equal(count(page, "</html>"), 1);
  assert_null(strstr(r.err, "MOCKHIP_EXPLAIN")); /* not mock memory: no hint */
  free(page);
  run_free(&r);
}

/* Teach notes are on the page at their call; a call with a note is a step even when it
   changes nothing. */
static void test_teach_notes_on_the_page(void **state) {
  (void)state;
  run r;
  run_with_page_and(&r, "notes", NULL, NULL, "MOCKHIP_TEACH=1");
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 10);
  char *set_access = step_text(page, 4);
  assert_non_null(strstr(set_access, "data-api=\"hipMemSetAccess\""));
  assert_non_null(strstr(set_access, "<p class=\"teach\">teach: on the newest ROCm: the host "
                                     "has no access"));
  /* a note that only informs leaves a success a plain one */
  assert_non_null(strstr(set_access, "<p class=\"result ok\">= hipSuccess</p>"));
  free(set_access);
  char *copy = step_text(page, 6);
  assert_non_null(strstr(copy, "data-api=\"hipMemcpyHtoD\""));
  assert_non_null(strstr(copy, "<p class=\"teach\">teach: on the newest ROCm: a copy is "
                               "checked against nothing"));
  free(copy);
  assert_int_equal(count(page, "<p class=\"teach\">"), 2);
  free(page);
  run_free(&r);
  /* Without teach mode no note; the copy, refused, is a step all the same. */
  run_with_page(&r, "notes", NULL, NULL);
  page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 10);
  assert_null(strstr(page, "<p class=\"teach\">"));
  assert_null(strstr(page, "<p class=\"strict\">"));
  free(page);
  run_free(&r);
}

/* A launch is a step, and its kernel's fault is on it: the platform's line, and the
   explanation or its first sentence; the launch's success is a warning. The synchronize that
   answers the fault and the next call the device refuses are failed steps; hipGetLastError's
   quiet success is none. */
static void test_kernel_launch_and_fault_are_steps(void **state) {
  (void)state;
  static const char *const options[] = {NULL, "MOCKHIP_EXPLAIN=1", "MOCKHIP_PLATFORM=nvidia"};
  for (size_t i = 0; i < 3; i++) {
    run r;
    run_with_page_and(&r, "kernel", NULL, NULL, options[i]);
    if (!mt_exited_ok(r.status))
      fail_msg("the kernel scenario failed under %s: %s%s", options[i] ? options[i] : "defaults",
               r.out, r.err);
    char *page = read_file(r.page);
    /* reserve, create, map, launch, synchronize, get access, reset, unmap, release, free */
    assert_int_equal(assert_steps_whole(page), 10);
    assert_int_equal(count(page, "data-api=\"hipGetLastError\""), 0);
    char *launch = step_text(page, 4);
    assert_non_null(strstr(launch, "data-api=\"hipLaunchKernel\" data-result=\"hipSuccess\""));
    assert_non_null(strstr(launch, "hipLaunchKernel(kernel=poke, gridDim=(1, 1, 1)"));
    assert_non_null(strstr(launch, "<p class=\"result warned\">= hipSuccess, but"));
    assert_null(strstr(launch, "result ok"));
    assert_non_null(strstr(launch, "<pre class=\"explain\">"));
    if (i == 1) { /* the explanation, as the terminal has it, less its prefix */
      assert_non_null(strstr(launch, "kernel poke on device 0, block (0, 0, 0), thread (0, 0, 0): "
                                     "a write of reservation#1+0x0"));
      assert_non_null(strstr(launch, "\n  what:   device 0 has no access to this mapping"));
      assert_null(strstr(launch, "mockhip: explain:"));
    } else {
      assert_non_null(strstr(launch, "kernel poke on device 0 faulted (block (0, 0, 0), thread "
                                     "(0, 0, 0)): a write of reservation#1+0x0"));
    }
    /* ROCm's own line; HIP on NVIDIA prints none */
    assert_true((strstr(launch, "Memory Fault Error [GPU index: 0, faulting addr: ") != NULL) ==
                (i != 2));
    free(launch);
    char *sync = step_text(page, 5);
    assert_non_null(
        strstr(sync, "data-api=\"hipDeviceSynchronize\" data-result=\"hipErrorIllegalAddress\""));
    assert_non_null(strstr(sync, "<p class=\"result failed\">= hipErrorIllegalAddress</p>"));
    assert_non_null(strstr(sync, "<p class=\"reason\">kernel poke on device 0 faulted"));
    free(sync);
    char *sticky = step_text(page, 6);
    assert_non_null(
        strstr(sticky, "data-api=\"hipMemGetAccess\" data-result=\"hipErrorIllegalAddress\""));
    free(sticky);
    char *reset = step_text(page, 7);
    assert_non_null(strstr(reset, "data-api=\"hipDeviceReset\" data-result=\"hipSuccess\""));
    free(reset);
    free(page);
    run_free(&r);
  }
}

/* Where the release ends the process at a kernel's fault, the fault is the page's last step,
   with the platform's line, and the page is closed. */
static void test_kernel_fault_that_ends_the_process(void **state) {
  (void)state;
  run r;
  run_with_page_and(&r, "kernel", NULL, NULL, "MOCKHIP_ROCM_VERSION=7.2");
  assert_true(mt_killed_by(r.status, SIGABRT));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 3);
  char *last = step_text(page, 4);
  assert_non_null(strstr(page, "<section class=\"step fault\" id=\"step-4\" data-api=\"SIGABRT\""));
  assert_non_null(strstr(last, "SIGABRT: kernel poke on device 0 faulted"));
  assert_non_null(strstr(last, "<pre class=\"explain\">Memory access fault by GPU node-1 "));
  assert_non_null(strstr(last, "the picture is the one after step 3."));
  free(last);
  assert_int_equal(count(page, "</html>"), 1);
  free(page);
  run_free(&r);
}

/* A copy the mock refuses is a step, with its error and reason. A copy that succeeds where
   strict mode reports it is a step whose success is a warning, with the strict line; without
   strict mode it is no step. */
static void test_refused_copy_and_strict_line(void **state) {
  (void)state;
  run r;
  run_with_page_and(&r, "ungranted_copy", NULL, NULL, "MOCKHIP_STRICT=1");
  if (!mt_exited_ok(r.status))
    fail_msg("the scenario failed: %s%s", r.out, r.err);
  char *page = read_file(r.page);
  /* reserve, create twice, map twice, set access, two copies, unmap, release twice, free */
  assert_int_equal(assert_steps_whole(page), 12);
  char *refused = step_text(page, 7);
  assert_non_null(strstr(refused, "data-api=\"hipMemcpyHtoD\" data-result=\"hipErrorUnknown\""));
  assert_non_null(strstr(refused, "<p class=\"result failed\">= hipErrorUnknown</p>"));
  assert_non_null(strstr(refused, "device 0 has no access to the mapping at reservation#1+0x"));
  free(refused);
  char *warned = step_text(page, 8);
  assert_non_null(strstr(warned, "data-api=\"hipMemcpyHtoD\" data-result=\"hipSuccess\""));
  assert_non_null(strstr(warned, "<p class=\"result warned\">= hipSuccess, but"));
  assert_null(strstr(warned, "result ok"));
  assert_non_null(strstr(warned, "<p class=\"strict\">strict: copy through a mapping the device "
                                 "was not granted: hipMemcpyHtoD at "));
  free(warned);
  assert_int_equal(count(page, "<p class=\"strict\">"), 1);
  free(page);
  run_free(&r);
  run_with_page(&r, "ungranted_copy", NULL, NULL);
  assert_true(mt_exited_ok(r.status));
  page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 11);
  assert_int_equal(count(page, "data-api=\"hipMemcpyHtoD\""), 1);
  assert_null(strstr(page, "result warned"));
  free(page);
  run_free(&r);
}

/* A teach note that says a success is wrong makes the step a warning. */
static void test_teach_note_warns_a_success(void **state) {
  (void)state;
  run r;
  run_with_page_and(&r, "free_inside", NULL, NULL, "MOCKHIP_TEACH=1");
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), 2);
  char *step = step_text(page, 2);
  assert_non_null(strstr(step, "data-api=\"hipMemAddressFree\" data-result=\"hipSuccess\""));
  assert_non_null(strstr(step, "<p class=\"result warned\">= hipSuccess, but"));
  assert_non_null(strstr(step, "<p class=\"teach\">teach: on the newest ROCm: hipMemAddressFree "
                               "freed all of reservation#1"));
  free(step);
  free(page);
  run_free(&r);
}

/* A report made outside any call is a step of its own, between the calls' steps, with the
   last step's picture. */
static void test_report_outside_a_call_is_a_step(void **state) {
  (void)state;
  run r;
  run_with_page_and(&r, "host_touch", NULL, NULL, "MOCKHIP_SYNC_CHECK=1");
  if (!mt_exited_ok(r.status))
    fail_msg("the scenario failed: %s%s", r.out, r.err);
  char *page = read_file(r.page);
  /* hipMalloc, hipHostMalloc; the report; hipHostFree, hipFree */
  assert_int_equal(count(page, "<section class=\"step"), 5);
  char *report = step_text(page, 3);
  assert_non_null(strstr(page, "<section class=\"step report\" id=\"step-3\" data-api=\"report\""));
  assert_non_null(strstr(report, "<p class=\"result warned\">"));
  assert_non_null(strstr(report, "<p class=\"strict\">strict: host access before "
                                 "synchronisation: host write at "));
  assert_non_null(strstr(report, "the picture is the one after step 2."));
  assert_int_equal(count(report, "<svg "), 1);
  free(report);
  char *next = step_text(page, 4);
  assert_non_null(strstr(next, "data-api=\"hipHostFree\""));
  free(next);
  free(page);
  run_free(&r);
}

static void test_threads_steps_stay_whole(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "threads", NULL, NULL);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  assert_int_equal(assert_steps_whole(page), THREADS * THREAD_ROUNDS * 2);
  free(page);
  run_free(&r);
}

static void test_unwritable_path_warns_once(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "steps", "/nonexistent-mockhip-dir/page.html", NULL);
  assert_true(mt_exited_ok(r.status)); /* the program itself goes on */
  assert_int_equal(mt_count_lines_starting(r.err, "mockhip: warning: MOCKHIP_TRACE_HTML="), 1);
  assert_non_null(strstr(r.err, "/nonexistent-mockhip-dir/page.html: cannot write the page"));
  assert_int_equal(access("/nonexistent-mockhip-dir", F_OK), -1);
  run_free(&r);
}

/* A page that opens but takes no bytes: the first write fails, warned once. */
static void test_failing_write_warns_once(void **state) {
  (void)state;
  if (access("/dev/full", W_OK) != 0) {
    print_message("skipped: no writable /dev/full here\n");
    skip();
  }
  run r;
  run_with_page(&r, "steps", "/dev/full", NULL);
  assert_true(mt_exited_ok(r.status));
  assert_int_equal(mt_count_lines_starting(r.err, "mockhip: warning: MOCKHIP_TRACE_HTML="), 1);
  assert_non_null(strstr(r.err, "/dev/full: cannot write the page: No space left on device"));
  run_free(&r);
}

static void test_full_page_stops_and_says_so(void **state) {
  (void)state;
  run r;
  run_with_page(&r, "many", NULL, NULL);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  assert_int_equal(count(page, "<section class=\"step\""), 1000);
  assert_non_null(strstr(page, "holds the first 1000 steps"));
  assert_int_equal(mt_count_lines_starting(r.err, "mockhip: warning: MOCKHIP_TRACE_HTML"), 1);
  assert_int_equal(count(page, "</html>"), 1);
  free(page);
  run_free(&r);
}

/* The program's name is the page's title: markup in it stays text. */
static void test_program_name_escaped(void **state) {
  (void)state;
  run r;
  snprintf(r.dir, sizeof r.dir, "/tmp/mockhip-html-XXXXXX");
  assert_non_null(mkdtemp(r.dir));
  snprintf(r.page, sizeof r.page, "%s/page.html", r.dir);
  char program[192], option[192];
  snprintf(program, sizeof program, "%s/a<b&c>\"d'e\x01", r.dir);
  assert_int_equal(symlink(self, program), 0);
  snprintf(option, sizeof option, "MOCKHIP_TRACE_HTML=%s", r.page);
  const char *argv[] = {program, "--scenario", "steps", NULL};
  const char *env[] = {option, NULL};
  r.status = mt_run_program(argv, env, &r.out, &r.err);
  assert_true(mt_exited_ok(r.status));
  char *page = read_file(r.page);
  assert_non_null(strstr(page, "<title>mockhip trace of a&lt;b&amp;c&gt;&quot;d&apos;e? (pid "));
  assert_null(strstr(page, "a<b"));
  free(page);
  run_free(&r);
}

/* Without the option the scenario runs as quietly as ever. */
static void test_no_option_quiet(void **state) {
  (void)state;
  void *base;
  MT_CHECK(hipMemAddressReserve(&base, mt_granularity(), 0, NULL, 0));
  MT_CHECK(hipMemAddressFree(base, mt_granularity()));
  run r;
  snprintf(r.dir, sizeof r.dir, "/tmp/mockhip-html-XXXXXX");
  assert_non_null(mkdtemp(r.dir));
  const char *argv[] = {self, "--scenario", "steps", NULL};
  const char *env[] = {NULL};
  r.status = mt_run_program(argv, env, &r.out, &r.err);
  assert_true(mt_exited_ok(r.status));
  assert_string_equal(r.err, "");
  run_free(&r);
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "--scenario") == 0)
    return run_scenario(argv[2], argc >= 4 ? argv[3] : NULL);
  if (realpath(argv[0], self) == NULL)
    snprintf(self, sizeof self, "/proc/self/exe");
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_one_step_per_state_changing_call),
      MT_CLEAN_TEST(test_every_kind_of_step),
      MT_CLEAN_TEST(test_failed_call_with_its_error),
      MT_CLEAN_TEST(test_last_picture_is_dump_svg),
      MT_CLEAN_TEST(test_two_runs_same_pictures),
      MT_CLEAN_TEST(test_forked_child_writes_its_own_page),
      MT_CLEAN_TEST(test_execd_program_writes_its_own_page),
      MT_CLEAN_TEST(test_crash_leaves_whole_steps),
      MT_CLEAN_TEST(test_fault_ends_the_page),
      MT_CLEAN_TEST(test_fault_before_any_step),
      MT_CLEAN_TEST(test_teach_notes_on_the_page),
      MT_CLEAN_TEST(test_kernel_launch_and_fault_are_steps),
      MT_CLEAN_TEST(test_kernel_fault_that_ends_the_process),
      MT_CLEAN_TEST(test_refused_copy_and_strict_line),
      MT_CLEAN_TEST(test_teach_note_warns_a_success),
      MT_CLEAN_TEST(test_report_outside_a_call_is_a_step),
      MT_CLEAN_TEST(test_threads_steps_stay_whole),
      MT_CLEAN_TEST(test_full_page_stops_and_says_so),
      MT_CLEAN_TEST(test_program_name_escaped),
      MT_CLEAN_TEST(test_no_option_quiet),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_unwritable_path_warns_once),
      MT_CLEAN_TEST(test_failing_write_warns_once),
  };
  int failed = cmocka_run_group_tests_name("trace_html", tests, NULL, NULL);
  return failed + cmocka_run_group_tests_name("trace_html_negative", negative, NULL, NULL);
}
