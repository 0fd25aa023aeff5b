/*
 * test_kernel_endings.cpp: a kernel that fails ends as the platform played
 * ends it (table (g) rows kernel_fault, kernel_trap, kernel_hang; reference
 * b.12). Each case runs in a child process under a release and reads how the
 * child ended and what it printed:
 *   - a memory fault: ROCm 6.x-7.2 print ROCr's line and abort (SIGABRT); the
 *     newest ROCm prints clr's and goes on, sticky; HIP on NVIDIA, sticky;
 *   - a failed device assert(), abort(), __builtin_trap(): ROCm 6.x aborts
 *     after clr's queue line; 7.x goes on, sticky hipErrorLaunchFailure,
 *     unless core dumps are on or HIP_SKIP_ABORT_ON_GPU_ERROR=0; HIP on NVIDIA
 *     prints CUDA's assert line, sticky hipErrorAssert (a trap: hipErrorUnknown);
 *   - a division by zero goes on, as on a GPU, and strict mode names it;
 *   - MOCKHIP_KERNEL_TIMEOUT ends a kernel that spins, naming the blocks still
 *     running: ROCm aborts with ROCr's "GPU Hang", NVIDIA answers
 *     hipErrorLaunchTimeOut; a divergent barrier still fails as divergent.
 * Core dumps are off in every child (RLIMIT_CORE 0) unless a case sets 1 byte,
 * which the kernel writes no core for.
 */
#include <hip/hip_runtime.h>

extern "C" {
#include "mock_test.h"
#include "self_child.h"
}

#include <cassert>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch_failing.h"

/* ---- kernels ---- */

/* Thread (3) of block (1) writes value at p[index]. */
__global__ void poke(int *p, size_t index, int value) {
  if (blockIdx.x == 1 && threadIdx.x == 3)
    p[index] = value;
}

/* Thread (3) of block (1) asserts that its word is negative: it is not. */
__global__ void check_negative(const int *p) {
  if (blockIdx.x == 1 && threadIdx.x == 3)
    assert(p[0] < 0);
}

__global__ void calls_abort(int *p) {
  if (threadIdx.x == 2)
    abort();
  p[threadIdx.x] = 1;
}

__global__ void traps(int *p) {
  if (threadIdx.x == 2)
    __builtin_trap();
  p[threadIdx.x] = 1;
}

#if defined(__x86_64__)
/* A breakpoint (int3), as a debugger's or a sanitizer's trap would plant. */
__global__ void breakpoint(int *p) {
  if (threadIdx.x == 1)
    asm volatile("int3");
  p[threadIdx.x] = 1;
}
#endif

/* Each thread divides by its own divisor, some of them 0. UndefinedBehaviorSanitizer would
   report the division before the processor traps: the case is the trap's. */
__attribute__((no_sanitize("undefined"))) __global__ void
divide(const int *numerators, const int *divisors, int *quotients, unsigned *unsigned_quotients,
       long long *wide_quotients) {
  unsigned i = threadIdx.x;
  quotients[i] = numerators[i] / divisors[i];
  unsigned_quotients[i] = (unsigned)numerators[i] / (unsigned)divisors[i];
  wide_quotients[i] = (long long)numerators[i] / (long long)divisors[i];
}

#if defined(__x86_64__)
/* The forms of DIV and IDIV a compiler may emit, each by zero or overflowing, written out:
   8-bit (F6, AX / r/m8 -> AL, AH), 16-bit (the 0x66 prefix, DX:AX), 32-bit through a
   base + index*4 + disp32 operand (SIB), 64-bit through a register (REX.W, mod 3),
   and a RIP-relative operand. */
static volatile unsigned zero_word = 0;

__global__ void divide_forms(unsigned long long *out) {
  if (threadIdx.x != 0)
    return;
  volatile unsigned char zero8 = 0;
  volatile unsigned short zero16 = 0;
  unsigned ax = 100; /* AX = 100 */
  asm volatile("divb %1" : "+a"(ax) : "m"(zero8) : "cc");
  out[0] = ax & 0xffff; /* AL all ones, AH the dividend's low byte */
  unsigned short lo = 1000, hi = 0;
  asm volatile("divw %2" : "+a"(lo), "+d"(hi) : "m"(zero16) : "cc");
  out[1] = lo;
  out[2] = hi;
  unsigned table[4] = {7, 0, 7, 7};
  unsigned eax = 21, edx = 0;
  const char *base = reinterpret_cast<const char *>(table) - 0x100;
  unsigned long index = 1;
  asm volatile("divl 0x100(%2,%3,4)" : "+a"(eax), "+d"(edx) : "r"(base), "r"(index) : "cc");
  out[3] = eax;
  out[4] = edx;
  unsigned long long rax = 0x8000000000000000ull, rdx = ~0ull, minus_one = ~0ull;
  asm volatile("idivq %2" : "+a"(rax), "+d"(rdx) : "r"(minus_one) : "cc"); /* INT64_MIN / -1 */
  out[5] = rax;
  out[6] = rdx;
  unsigned eax2 = 9, edx2 = 0;
  asm volatile("divl %2" : "+a"(eax2), "+d"(edx2) : "m"(zero_word) : "cc");
  out[7] = eax2;
  short al = -128; /* AX = -128: IDIV r/m8 by -1 overflows */
  volatile signed char minus_one8 = -1;
  asm volatile("idivb %1" : "+a"(al) : "m"(minus_one8) : "cc");
  out[8] = (unsigned short)al;
}
#endif

/* Block 0's thread 0 waits for a flag nobody sets; every other block returns. */
__global__ void spin(volatile int *flag) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    while (*flag == 0) {
    }
}

/* Thread 0 of every block returns early; the others wait at a barrier it never reaches. */
__global__ void divergent(int *out) {
  if (threadIdx.x == 0)
    return;
  __syncthreads();
  out[threadIdx.x] = 1;
}

/* ---- the children ---- */

static void no_core(void) {
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
}

/* A core limit of one byte: clr counts core dumps as on, the kernel writes none. */
static void one_byte_core(void) {
  struct rlimit core;
  getrlimit(RLIMIT_CORE, &core);
  core.rlim_cur = 1;
  if (core.rlim_max < 1)
    core.rlim_max = 1; /* refused where the hard limit is 0: the case then ends sticky */
  setrlimit(RLIMIT_CORE, &core);
}

static int *device_words(size_t count) {
  void *p = nullptr;
  SC_CHECK(hipMalloc(&p, count * sizeof(int)) == hipSuccess);
  SC_CHECK(hipMemset(p, 0, count * sizeof(int)) == hipSuccess);
  return static_cast<int *>(p);
}

/* A mapping with no access: the kernel's write faults. Exits 0 where the release goes on
   and the fault is sticky. */
static void child_memory_fault(void) {
  no_core();
  size_t g = 0;
  hipMemGenericAllocationHandle_t handle;
  void *base = sc_mapped_granule(&g, &handle);
  LAUNCH_FAILING(poke, dim3(2), dim3(8), 0, 0, static_cast<int *>(base), 5, 1);
  SC_CHECK(hipGetLastError() == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
  SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress); /* sticky */
  SC_CHECK(strstr(mockhip_last_reason(), "kernel poke on device 0 faulted") != nullptr);
}

static void assert_child(void) {
  int *p = device_words(1);
  LAUNCH_FAILING(check_negative, dim3(2), dim3(8), 0, 0, p);
  SC_CHECK(hipGetLastError() == hipSuccess);
  hipError_t want =
      strcmp(mockhip_platform(), "nvidia") == 0 ? hipErrorAssert : hipErrorLaunchFailure;
  SC_CHECK(hipDeviceSynchronize() == want);
  SC_CHECK(hipStreamSynchronize(nullptr) == want);
  SC_CHECK(strstr(mockhip_last_reason(), "assert(p[0] < 0) failed") != nullptr);
}

static void child_assert(void) {
  no_core();
  assert_child();
}

static void child_assert_core(void) {
  one_byte_core();
  assert_child();
}

static void child_abort(void) {
  no_core();
  int *p = device_words(8);
  LAUNCH_FAILING(calls_abort, dim3(1), dim3(8), 0, 0, p);
  hipError_t want =
      strcmp(mockhip_platform(), "nvidia") == 0 ? hipErrorUnknown : hipErrorLaunchFailure;
  SC_CHECK(hipDeviceSynchronize() == want);
  SC_CHECK(strstr(mockhip_last_reason(), "trapped") != nullptr);
  SC_CHECK(strstr(mockhip_last_reason(), "abort()") != nullptr);
}

static void child_trap(void) {
  no_core();
  int *p = device_words(8);
  LAUNCH_FAILING(traps, dim3(1), dim3(8), 0, 0, p);
  hipError_t want =
      strcmp(mockhip_platform(), "nvidia") == 0 ? hipErrorUnknown : hipErrorLaunchFailure;
  SC_CHECK(hipDeviceSynchronize() == want);
  SC_CHECK(strstr(mockhip_last_reason(), "__builtin_trap()") != nullptr);
}

static void child_breakpoint(void) {
#if defined(__x86_64__)
  no_core();
  int *p = device_words(8);
  LAUNCH_FAILING(breakpoint, dim3(1), dim3(8), 0, 0, p);
  hipError_t want =
      strcmp(mockhip_platform(), "nvidia") == 0 ? hipErrorUnknown : hipErrorLaunchFailure;
  SC_CHECK(hipDeviceSynchronize() == want);
  SC_CHECK(strstr(mockhip_last_reason(), "a breakpoint trap") != nullptr);
#endif
}

/* A kernel with a divisor of 0 goes on: every thread writes, the GPU's values land. */
static void child_divide(void) {
  no_core();
  const int n = 8;
  int numerators[n] = {7, 7, -7, 100, 5, 0, -2147483647 - 1, 9};
  int divisors[n] = {0, 7, 0, 3, 0, 0, -1, 2};
  int *num = device_words(n), *div = device_words(n), *q = device_words(n);
  unsigned *uq = reinterpret_cast<unsigned *>(device_words(n));
  long long *wq = nullptr;
  SC_CHECK(hipMalloc(reinterpret_cast<void **>(&wq), n * sizeof(long long)) == hipSuccess);
  SC_CHECK(hipMemcpy(num, numerators, sizeof numerators, hipMemcpyHostToDevice) == hipSuccess);
  SC_CHECK(hipMemcpy(div, divisors, sizeof divisors, hipMemcpyHostToDevice) == hipSuccess);
  hipLaunchKernelGGL(divide, dim3(1), dim3(n), 0, 0, num, div, q, uq, wq);
  SC_CHECK(hipGetLastError() == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipSuccess);
  int got[n];
  unsigned ugot[n];
  long long wgot[n];
  SC_CHECK(hipMemcpy(got, q, sizeof got, hipMemcpyDeviceToHost) == hipSuccess);
  SC_CHECK(hipMemcpy(ugot, uq, sizeof ugot, hipMemcpyDeviceToHost) == hipSuccess);
  SC_CHECK(hipMemcpy(wgot, wq, sizeof wgot, hipMemcpyDeviceToHost) == hipSuccess);
  SC_CHECK(got[1] == 1 && got[3] == 33 && got[7] == 4); /* the others divided as ever */
  SC_CHECK(got[0] == -1 && got[2] == -1 && got[4] == -1 && got[5] == -1); /* all ones */
  SC_CHECK(ugot[0] == 0xffffffffu && ugot[4] == 0xffffffffu);
  SC_CHECK(wgot[0] == -1 && wgot[4] == -1);
  SC_CHECK(got[6] == -2147483647 - 1); /* INT_MIN / -1 wraps */
  SC_CHECK(wgot[6] == 2147483648LL);   /* in 64 bits it fits */
}

/* What the program's own handlers saw. */
static volatile sig_atomic_t program_saw[NSIG];
static void program_handler(int sig) { program_saw[sig] = program_saw[sig] + 1; }
static void program_action(int sig, siginfo_t *, void *) {
  program_saw[sig] = program_saw[sig] + 1;
}

/* Whether the program's handler saw sig `times` times, waiting up to a second: ThreadSanitizer
   delivers a raised signal at a later call of the program's, such as usleep. */
static bool program_saw_times(int sig, int times) {
  for (int i = 0; i < 1000 && program_saw[sig] < times; i++)
    usleep(1000);
  return program_saw[sig] == times;
}

/* Handlers the program sets after its first launch, each signal alone and each through
   another call (signal, sigaction, sysv_signal): a kernel's division by zero, abort() and trap
   are still played, and outside a kernel the signals are still the program's. */
static void child_late_handlers(void) {
  no_core();
  int *p = device_words(16);
  hipLaunchKernelGGL(poke, dim3(2), dim3(8), 0, 0, p, 0, 1);
  SC_CHECK(hipDeviceSynchronize() == hipSuccess); /* mockhip's handlers are in front */
  SC_CHECK(signal(SIGFPE, program_handler) != SIG_ERR);
  struct sigaction action = {};
  action.sa_sigaction = program_action;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  SC_CHECK(sigaction(SIGABRT, &action, nullptr) == 0);
  /* ThreadSanitizer keeps the handlers signal and sigaction set in a table of its own and
     takes the signals itself; one set by sysv_signal, which it does not intercept, goes past
     that table to the system, where nothing it answers shows it. */
  SC_CHECK((SC_UNDER_TSAN ? signal : sysv_signal)(SIGILL, program_handler) != SIG_ERR);

  child_divide(); /* goes on, with the GPU's values */
  SC_CHECK(program_saw[SIGFPE] == 0);
  hipError_t ended =
      strcmp(mockhip_platform(), "nvidia") == 0 ? hipErrorUnknown : hipErrorLaunchFailure;
  LAUNCH_FAILING(traps, dim3(1), dim3(8), 0, 0, p);
  SC_CHECK(hipDeviceSynchronize() == ended);
  SC_CHECK(strstr(mockhip_last_reason(), "__builtin_trap()") != nullptr);
  SC_CHECK(program_saw[SIGILL] == 0);
  SC_CHECK(raise(SIGFPE) == 0 && raise(SIGILL) == 0); /* outside a kernel: the program's */
  SC_CHECK(program_saw_times(SIGFPE, 1) && program_saw_times(SIGILL, 1));
  SC_CHECK(hipDeviceReset() == hipSuccess);
  /* Last: once a kernel's abort() was played, by leaving the handler of the SIGABRT it
     raised, ThreadSanitizer takes the next signal the process gets as fatal. */
  p = device_words(16);
  LAUNCH_FAILING(calls_abort, dim3(1), dim3(8), 0, 0, p);
  SC_CHECK(hipDeviceSynchronize() == ended);
  SC_CHECK(strstr(mockhip_last_reason(), "abort()") != nullptr);
  SC_CHECK(program_saw[SIGABRT] == 0);
  if (!SC_UNDER_TSAN) {
    SC_CHECK(raise(SIGABRT) == 0);
    SC_CHECK(program_saw_times(SIGABRT, 1));
  }
}

/* Each form of division the mock decodes goes on with a GPU's kind of result. */
static void child_divide_forms(void) {
#if defined(__x86_64__)
  no_core();
  unsigned long long *out = nullptr;
  SC_CHECK(hipMalloc(reinterpret_cast<void **>(&out), 9 * sizeof *out) == hipSuccess);
  LAUNCH_FAILING(divide_forms, dim3(1), dim3(1), 0, 0, out);
  SC_CHECK(hipDeviceSynchronize() == hipSuccess);
  unsigned long long got[9];
  SC_CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost) == hipSuccess);
  SC_CHECK(got[0] == 0x64ff);                   /* AH 100, AL all ones */
  SC_CHECK(got[1] == 0xffff && got[2] == 1000); /* quotient all ones, remainder the dividend */
  SC_CHECK(got[3] == 0xffffffffu && got[4] == 21);
  SC_CHECK(got[5] == 0x8000000000000000ull && got[6] == 0); /* INT64_MIN / -1 wraps */
  SC_CHECK(got[7] == 0xffffffffu);
  SC_CHECK(got[8] == 0x0080); /* AL -128, AH 0 */
#endif
}

/* assert() outside a kernel stays the C library's: its line, then the process aborts. */
static void child_host_assert(void) {
  volatile int answer = 41;
  assert(answer == 42);
}

/* Block 0 spins; the timeout ends it. With `blocks` of 128 threads: 2 run on the launching
   thread alone, 64 on the workers too. */
static void hang_in(unsigned blocks) {
  no_core();
  int *flag = device_words(1);
  LAUNCH_FAILING(spin, dim3(blocks), dim3(128), 0, 0, flag);
  SC_CHECK(hipGetLastError() == hipSuccess);
  SC_CHECK(hipDeviceSynchronize() == hipErrorLaunchTimeOut);
  SC_CHECK(strstr(mockhip_last_reason(), "kernel spin on device 0 ran past its time") != nullptr);
  SC_CHECK(strstr(mockhip_last_reason(), "(0, 0, 0)") != nullptr);
  SC_CHECK(hipDeviceReset() == hipSuccess);
  SC_CHECK(hipGetLastError() == hipErrorLaunchTimeOut); /* the last error, once */
  int *again = device_words(1);                         /* the device works again */
  SC_CHECK(hipFree(again) == hipSuccess);
}

static void child_hang(void) { hang_in(2); }
static void child_hang_workers(void) { hang_in(64); }

/* A divergent barrier is the mock's own finding: it fails as divergent everywhere. */
static void child_divergent(void) {
  no_core();
  int *out = device_words(64);
  LAUNCH_FAILING(divergent, dim3(1), dim3(64), 0, 0, out);
  SC_CHECK(hipDeviceSynchronize() == hipErrorIllegalAddress);
  SC_CHECK(strstr(mockhip_last_reason(), "__syncthreads") != nullptr);
}

static const sc_case cases[] = {
    {"memory_fault", child_memory_fault},
    {"assert", child_assert},
    {"assert_core", child_assert_core},
    {"abort", child_abort},
    {"trap", child_trap},
    {"breakpoint", child_breakpoint},
    {"divide", child_divide},
    {"hang", child_hang},
    {"hang_workers", child_hang_workers},
    {"divide_forms", child_divide_forms},
    {"host_assert", child_host_assert},
    {"divergent", child_divergent},
    {"late_handlers", child_late_handlers},
};

/* ---- the parent's side ---- */

typedef struct run_result {
  int status;
  char *err;
} run_result;

static run_result run(const char *name, const char *release, const char *more = nullptr,
                      const char *more2 = nullptr) {
  char version[64];
  const char *env[4] = {nullptr, nullptr, nullptr, nullptr};
  size_t n = 0;
  if (strcmp(release, "nvidia") == 0) {
    env[n++] = "MOCKHIP_PLATFORM=nvidia";
  } else {
    snprintf(version, sizeof version, "MOCKHIP_ROCM_VERSION=%s", release);
    env[n++] = version;
  }
  if (more != nullptr)
    env[n++] = more;
  if (more2 != nullptr)
    env[n++] = more2;
  run_result r = {0, nullptr};
  r.status = sc_run(name, env, &r.err);
  return r;
}

static void expect_in(const run_result &r, const char *needle) {
  if (strstr(r.err, needle) == nullptr) {
    print_error("expected \"%s\" in the child's stderr:\n%s\n", needle, r.err);
    fail();
  }
}

static void expect_not_in(const run_result &r, const char *needle) {
  if (strstr(r.err, needle) != nullptr) {
    print_error("did not expect \"%s\" in the child's stderr:\n%s\n", needle, r.err);
    fail();
  }
}

/* The process ended as ROCm ends it: SIGABRT. */
static void expect_aborted(const run_result &r) {
  if (!WIFSIGNALED(r.status) || WTERMSIG(r.status) != SIGABRT) {
    print_error("expected death by SIGABRT, got status %#x; stderr:\n%s\n", r.status, r.err);
    fail();
  }
}

static void expect_went_on(const run_result &r) {
  if (!mt_exited_ok(r.status)) {
    print_error("expected the child to go on and exit 0; stderr:\n%s\n", r.err);
    fail();
  }
}

static void test_memory_fault_ends_the_process_on_rocm(void **state) {
  (void)state;
  for (const char *release : {"6.2", "7.0", "7.2"}) {
    run_result r = run("memory_fault", release);
    expect_aborted(r);
    expect_in(r, "Memory access fault by GPU node-1 (Agent handle: 0x");
    expect_in(r, ". Reason: Page not present or supervisor privilege.\n");
    expect_in(r, "run again with MOCKHIP_EXPLAIN=1");
    expect_in(r, "kernel poke on device 0 faulted (block (1, 0, 0), thread (3, 0, 0))");
    free(r.err);
  }
}

/* With MOCKHIP_EXPLAIN the whole explanation comes before the abort, and its rule says how
   the release ends it. */
static void test_memory_fault_explained_before_the_abort(void **state) {
  (void)state;
  run_result r = run("memory_fault", "7.2", "MOCKHIP_EXPLAIN=1");
  expect_aborted(r);
  expect_in(r, "Memory access fault by GPU node-1");
  expect_in(r, "mockhip: explain: kernel poke on device 0, block (1, 0, 0), thread (3, 0, 0): "
               "a write of reservation#1+0x14");
  expect_in(r, "what:   device 0 has no access to this mapping");
  expect_in(r, "rule:   a kernel touches only what its device may: ROCm 7.2 ends the process "
               "there");
  expect_not_in(r, "run again with MOCKHIP_EXPLAIN=1");
  free(r.err);
}

static void test_memory_fault_is_sticky_on_newest_and_nvidia(void **state) {
  (void)state;
  run_result r = run("memory_fault", "newest");
  expect_went_on(r);
  expect_in(r, "Memory Fault Error [GPU index: 0, faulting addr: 0x");
  expect_in(r, ", kernel: poke]");
  expect_not_in(r, "Memory access fault by GPU");
  free(r.err);
  r = run("memory_fault", "nvidia");
  expect_went_on(r);
  expect_not_in(r, "Memory");
  free(r.err);
}

static void test_assert_aborts_on_rocm6(void **state) {
  (void)state;
  run_result r = run("assert", "6.2");
  expect_aborted(r);
  expect_in(r, "test_kernel_endings.cpp:");
  expect_in(r, ": Device-side assertion `p[0] < 0' failed.\n");
  expect_in(r, "Callback: Queue 0x");
  expect_in(r, " aborting with error : HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted "
               "in a hardware exception. code: 0x1016\n");
  expect_not_in(r, "GPU index"); /* the newest clr's suffix */
  free(r.err);
}

/* ROCm 7.x skips clr's abort, unless a core would be written or the skip is turned off. */
static void test_assert_on_rocm7(void **state) {
  (void)state;
  run_result r = run("assert", "7.2");
  expect_went_on(r);
  expect_in(r, "Device-side assertion `p[0] < 0' failed.");
  expect_in(r, "aborting with error : HSA_STATUS_ERROR_EXCEPTION");
  free(r.err);
  r = run("assert", "newest");
  expect_went_on(r);
  expect_in(r, "code: 0x1016 [GPU index: 0, kernel: check_negative]\n");
  free(r.err);
  r = run("assert", "7.2", "HIP_SKIP_ABORT_ON_GPU_ERROR=0");
  expect_aborted(r);
  free(r.err);
  struct rlimit core;
  getrlimit(RLIMIT_CORE, &core);
  if (core.rlim_max >= 1) {
    r = run("assert_core", "7.0");
    expect_aborted(r);
    free(r.err);
  } else {
    print_message("not checked: a core limit of 1 byte, which the hard limit of 0 here keeps "
                  "away\n");
  }
}

static void test_assert_on_nvidia(void **state) {
  (void)state;
  run_result r = run("assert", "nvidia");
  expect_went_on(r);
  expect_in(r, "block: [1,0,0], thread: [3,0,0] Assertion `p[0] < 0` failed.\n");
  expect_not_in(r, "Device-side");
  free(r.err);
}

static void test_abort_and_trap(void **state) {
  (void)state;
  for (const char *name : {"abort", "trap"}) {
    run_result r = run(name, "6.4");
    expect_aborted(r);
    expect_in(r, "HSA_STATUS_ERROR_EXCEPTION");
    free(r.err);
    r = run(name, "7.1");
    expect_went_on(r);
    free(r.err);
    r = run(name, "nvidia");
    expect_went_on(r);
    expect_not_in(r, "HSA_STATUS");
    free(r.err);
  }
}

/* A breakpoint ends the kernel as a trap too, and with MOCKHIP_EXPLAIN each ending says its
   rule and how the release ends it. */
static void test_explained_endings(void **state) {
  (void)state;
  run_result r = run("breakpoint", "newest", "MOCKHIP_EXPLAIN=1");
  expect_went_on(r);
  expect_in(r, "what:   the kernel ran a breakpoint trap");
  expect_in(r, "rule:   a trap ends the kernel: the newest ROCm answers hipErrorLaunchFailure");
  free(r.err);
  r = run("assert", "nvidia", "MOCKHIP_EXPLAIN=1");
  expect_went_on(r);
  expect_in(r, "what:   assert(p[0] < 0) failed");
  expect_in(r, "rule:   a failed assert() ends the kernel: HIP on NVIDIA (CUDA 13.0) answers "
               "hipErrorAssert");
  free(r.err);
  r = run("divergent", "7.2", "MOCKHIP_EXPLAIN=1");
  expect_went_on(r);
  expect_in(r, "rule:   every thread of a block must reach each __syncthreads");
  free(r.err);
}

static void test_division_by_zero_goes_on(void **state) {
  (void)state;
  if (RUNNING_ON_VALGRIND) { /* its SIGFPE's context does not name the division */
    print_message("skipped under valgrind: its signal context does not point at the division\n");
    skip();
  }
  for (const char *release : {"6.2", "newest", "nvidia"}) {
    run_result r = run("divide", release);
    expect_went_on(r);
    expect_not_in(r, "strict");
    free(r.err);
  }
  run_result r = run("divide", "newest", "MOCKHIP_STRICT=1");
  expect_went_on(r);
  expect_in(r, "mockhip: strict: integer division by zero in a kernel: hipLaunchKernel at ");
  expect_in(r, "kernel divide on device 0, block (0, 0, 0), thread (0, 0, 0), divided an "
               "integer by zero");
  free(r.err);
}

static void test_division_forms(void **state) {
  (void)state;
  if (RUNNING_ON_VALGRIND) { /* its SIGFPE's context does not name the division */
    print_message("skipped under valgrind: its signal context does not point at the division\n");
    skip();
  }
  run_result r = run("divide_forms", "newest");
  expect_went_on(r);
  free(r.err);
}

/* A program that sets a handler of its own after its first launch, signal by signal: each
   kernel ending is still played (the newest ROCm with no core file: sticky; HIP on NVIDIA). */
static void test_handlers_set_after_a_launch(void **state) {
  (void)state;
  if (RUNNING_ON_VALGRIND) { /* its SIGFPE's context does not name the division */
    print_message("skipped under valgrind: its signal context does not point at the division\n");
    skip();
  }
  for (const char *release : {"newest", "nvidia"}) {
    run_result r = run("late_handlers", release);
    expect_went_on(r);
    free(r.err);
  }
}

static void test_assert_outside_a_kernel_is_the_c_librarys(void **state) {
  (void)state;
  run_result r = run("host_assert", "newest");
  expect_aborted(r);
  expect_in(r, "Assertion `answer == 42' failed.");
  expect_not_in(r, "Device-side");
  free(r.err);
}

static void test_timeout_ends_a_spinning_kernel(void **state) {
  (void)state;
  if (SC_UNDER_TSAN) {
    print_message("skipped under ThreadSanitizer: it holds the watchdog's signal until the "
                  "spinning thread calls into its runtime, which it never does\n");
    skip();
  }
  run_result r = run("hang", "nvidia", "MOCKHIP_KERNEL_TIMEOUT=1", "MOCKHIP_EXPLAIN=1");
  expect_went_on(r);
  expect_in(r, "rule:   a kernel must finish: HIP on NVIDIA (CUDA 13.0) answers "
               "hipErrorLaunchTimeOut");
  expect_in(r, "mockhip: kernel spin on device 0 ran past MOCKHIP_KERNEL_TIMEOUT=1 s; 1 block "
               "still running: (0, 0, 0)\n");
  free(r.err);
  r = run("hang", "6.2", "MOCKHIP_KERNEL_TIMEOUT=1");
  expect_aborted(r);
  expect_in(r, "HW Exception by GPU node-1 (Agent handle: 0x");
  expect_in(r, ") reason :GPU Hang\n");
  expect_in(r, "ran past MOCKHIP_KERNEL_TIMEOUT=1 s");
  free(r.err);
  /* The spinning block on a worker thread: valgrind loses track of a worker's stack once a
     signal takes it out of the kernel (as test_kernel_faults' faults on workers). */
  if (RUNNING_ON_VALGRIND) {
    print_message("not checked under valgrind: a worker taken out of the kernel by a signal\n");
    return;
  }
  r = run("hang_workers", "nvidia", "MOCKHIP_KERNEL_TIMEOUT=1");
  expect_went_on(r);
  expect_in(r, "still running: (0, 0, 0)\n");
  free(r.err);
}

static void test_divergent_barrier_stays_divergent(void **state) {
  (void)state;
  for (const char *release : {"6.2", "7.2", "newest", "nvidia"}) {
    run_result r = run("divergent", release);
    expect_went_on(r);
    free(r.err);
  }
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  unsetenv("HIP_SKIP_ABORT_ON_GPU_ERROR"); /* each case says what it wants */
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_memory_fault_ends_the_process_on_rocm),
      MT_CLEAN_TEST(test_memory_fault_explained_before_the_abort),
      MT_CLEAN_TEST(test_memory_fault_is_sticky_on_newest_and_nvidia),
      MT_CLEAN_TEST(test_assert_aborts_on_rocm6),
      MT_CLEAN_TEST(test_assert_on_rocm7),
      MT_CLEAN_TEST(test_assert_on_nvidia),
      MT_CLEAN_TEST(test_abort_and_trap),
      MT_CLEAN_TEST(test_explained_endings),
      MT_CLEAN_TEST(test_division_by_zero_goes_on),
      MT_CLEAN_TEST(test_division_forms),
      MT_CLEAN_TEST(test_handlers_set_after_a_launch),
      MT_CLEAN_TEST(test_assert_outside_a_kernel_is_the_c_librarys),
      MT_CLEAN_TEST(test_timeout_ends_a_spinning_kernel),
      MT_CLEAN_TEST(test_divergent_barrier_stays_divergent),
  };
  return cmocka_run_group_tests_name("kernel_endings", tests, nullptr, nullptr);
}
