/*
 * kernel_cases.cpp: memory as a kernel touches it, one case per process, the
 * same source on the mock and on a GPU. Built by a host compiler it runs on
 * mockhip (hipLaunchKernelGGL); built by nvcc it launches with <<<>>> and makes
 * its HIP calls through hip-nvidia, on the CUDA context both share. Each case
 * prints one line, "case: sync=<code> after=<code> data=<ok|bad|->", or dies by
 * a signal (a CPU touch the GPU's machine refuses); ci/gpu.sh runs the cases on
 * the GPU and on the mock playing HIP on NVIDIA and compares the lines. A
 * failed device assert and a trap end differently per platform, so ctest holds
 * the mock's lines per platform: expected-nvidia.txt, expected-amd.txt (the
 * newest ROCm, with core dumps off as the ctest runs it).
 *
 *   kernel-cases            every case, each in a child process (not on a GPU:
 *                           CUDA does not survive fork)
 *   kernel-cases CASE       one case in this process
 *   kernel-cases --list     the case names
 */
#ifdef __CUDACC__
#include <hip/hip_runtime_api.h>
#define LAUNCH(kernel, grid, block, ...) kernel<<<(grid), (block)>>>(__VA_ARGS__)
#else
#include <hip/hip_runtime.h>
#define LAUNCH(kernel, grid, block, ...)                                                           \
  hipLaunchKernelGGL(kernel, (grid), (block), 0, 0, __VA_ARGS__)
#endif

/* Under valgrind the faults made on purpose are no errors of the program. */
#if !defined(__CUDACC__) && defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef VALGRIND_DISABLE_ERROR_REPORTING
#define VALGRIND_DISABLE_ERROR_REPORTING
#endif

#include <assert.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define WORDS 1024u

__global__ void fill(unsigned *words, unsigned value) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < WORDS)
    words[i] = value + i;
}

__global__ void copy(const unsigned *from, unsigned *to) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < WORDS)
    to[i] = from[i];
}

/* to[i] = value / from[i], every fourth divisor 0: no GPU traps there. */
#if defined(__has_attribute) && !defined(__CUDACC__)
#if __has_attribute(no_sanitize)
__attribute__((no_sanitize("undefined"))) /* the GPU's division is the case, not UBSan's */
#endif
#endif
__global__ void
divide(const unsigned *from, unsigned *to, unsigned value) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < WORDS)
    to[i] = value / from[i];
}

/* Thread 3 of block 1 asserts what is false. */
__global__ void check_words(const unsigned *words) {
  if (blockIdx.x == 1 && threadIdx.x == 3)
    assert(words[0] == 12345u);
}

/* Thread 2 traps. */
__global__ void trap(unsigned *words) {
  if (threadIdx.x == 2)
    __builtin_trap();
  words[threadIdx.x] = 1;
}

static void check(hipError_t err, const char *what) {
  if (err != hipSuccess) {
    printf("setup failed: %s: %s\n", what, hipGetErrorName(err));
    exit(2);
  }
}

static size_t granule(void) {
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  size_t g = 0;
  check(hipMemGetAllocationGranularity(&g, &prop, hipMemAllocationGranularityMinimum),
        "granularity");
  return g;
}

static hipMemGenericAllocationHandle_t create(size_t bytes) {
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  hipMemGenericAllocationHandle_t handle;
  check(hipMemCreate(&handle, bytes, &prop, 0), "hipMemCreate");
  return handle;
}

static unsigned *map(hipMemGenericAllocationHandle_t handle, size_t bytes, int flags) {
  void *ptr = NULL;
  check(hipMemAddressReserve(&ptr, bytes, 0, 0, 0), "hipMemAddressReserve");
  check(hipMemMap(ptr, bytes, 0, handle, 0), "hipMemMap");
  if (flags != hipMemAccessFlagsProtNone) {
    hipMemAccessDesc desc = {};
    desc.location.type = hipMemLocationTypeDevice;
    desc.location.id = 0;
    desc.flags = (hipMemAccessFlags)flags;
    check(hipMemSetAccess(ptr, bytes, &desc, 1), "hipMemSetAccess");
  }
  return (unsigned *)ptr;
}

static const char *data(const unsigned *dev, unsigned value) {
  unsigned host[WORDS];
  if (hipMemcpy(host, dev, sizeof host, hipMemcpyDeviceToHost) != hipSuccess)
    return "-";
  for (unsigned i = 0; i < WORDS; i++)
    if (host[i] != value + i)
      return "bad";
  return "ok";
}

/* What the next synchronize says, then what a later call says. */
static void report(const char *name, const char *data_text) {
  hipError_t sync = hipDeviceSynchronize();
  void *later = NULL;
  hipError_t after = hipMalloc(&later, 256);
  printf("%s: sync=%s after=%s data=%s\n", name, hipGetErrorName(sync), hipGetErrorName(after),
         data_text);
  fflush(stdout);
}

static void alias(void) {
  size_t g = granule();
  hipMemGenericAllocationHandle_t h = create(g);
  unsigned *a = map(h, g, hipMemAccessFlagsProtReadWrite);
  unsigned *b = map(h, g, hipMemAccessFlagsProtReadWrite);
  unsigned *out = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  LAUNCH(fill, WORDS / 256, 256, a, 10u);
  LAUNCH(copy, WORDS / 256, 256, b, out);
  check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  report("alias", data(out, 10));
}

static void read_only_write(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtRead);
  LAUNCH(fill, WORDS / 256, 256, words, 11u);
  report("read_only_write", "-");
}

static void no_access(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtNone);
  LAUNCH(fill, WORDS / 256, 256, words, 12u);
  report("no_access", "-");
}

static void after_unmap(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  check(hipMemUnmap(words, g), "hipMemUnmap");
  LAUNCH(fill, WORDS / 256, 256, words, 13u);
  report("after_unmap", "-");
}

static void released_while_mapped(void) {
  size_t g = granule();
  hipMemGenericAllocationHandle_t h = create(g);
  unsigned *words = map(h, g, hipMemAccessFlagsProtReadWrite);
  unsigned *out = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  LAUNCH(fill, WORDS / 256, 256, words, 14u);
  check(hipMemRelease(h), "hipMemRelease");
  LAUNCH(copy, WORDS / 256, 256, words, out);
  check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  report("released_while_mapped", data(out, 14));
}

/* Division by zero goes on: sync succeeds and the other quotients land. */
static void divide_by_zero(void) {
  size_t g = granule();
  unsigned *from = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  unsigned *to = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  unsigned host[WORDS];
  for (unsigned i = 0; i < WORDS; i++)
    host[i] = i % 4 == 0 ? 0 : i;
  check(hipMemcpy(from, host, sizeof host, hipMemcpyHostToDevice), "hipMemcpy");
  LAUNCH(divide, WORDS / 256, 256, from, to, 1000000u);
  hipError_t sync = hipDeviceSynchronize();
  const char *quotients = "ok";
  if (hipMemcpy(host, to, sizeof host, hipMemcpyDeviceToHost) != hipSuccess)
    quotients = "-";
  for (unsigned i = 1; i < WORDS && quotients[0] == 'o'; i++)
    if (i % 4 != 0 && host[i] != 1000000u / i)
      quotients = "bad";
  printf("divide_by_zero: sync=%s data=%s\n", hipGetErrorName(sync), quotients);
  fflush(stdout);
}

/* A failed device assert(): the platform's sticky error (its line goes to stderr). */
static void device_assert(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  LAUNCH(check_words, WORDS / 256, 256, words);
  report("device_assert", "-");
}

static void device_trap(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  LAUNCH(trap, 1, 64, words);
  report("device_trap", "-");
}

/* The CPU reads memory only device 0 was granted: on a GPU's machine, SIGSEGV. */
static void host_read(void) {
  VALGRIND_DISABLE_ERROR_REPORTING;
  size_t g = granule();
  unsigned *words = map(create(g), g, hipMemAccessFlagsProtReadWrite);
  printf("host_read: read %u\n", *(volatile unsigned *)words);
  fflush(stdout);
}

static const struct {
  const char *name;
  void (*run)(void);
} cases[] = {{"alias", alias},
             {"read_only_write", read_only_write},
             {"no_access", no_access},
             {"after_unmap", after_unmap},
             {"released_while_mapped", released_while_mapped},
             {"divide_by_zero", divide_by_zero},
             {"device_assert", device_assert},
             {"device_trap", device_trap},
             {"host_read", host_read}};
#define CASES (sizeof cases / sizeof cases[0])

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (size_t i = 0; i < CASES; i++)
      printf("%s\n", cases[i].name);
    return 0;
  }
  for (size_t i = 0; i < CASES; i++) {
    if (argc == 2 && strcmp(argv[1], cases[i].name) == 0) {
      cases[i].run();
      return 0;
    }
    if (argc != 1)
      continue;
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
      cases[i].run();
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status))
      printf("%s: signal %d\n", cases[i].name, WTERMSIG(status));
  }
  if (argc == 2 && argv[1][0] != '\0') {
    bool known = false;
    for (size_t i = 0; i < CASES; i++)
      known = known || strcmp(argv[1], cases[i].name) == 0;
    if (!known) {
      fprintf(stderr, "kernel-cases: no case %s (--list names them)\n", argv[1]);
      return 2;
    }
  }
  return 0;
}
