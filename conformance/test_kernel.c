/*
 * test_kernel.c: memory as a kernel touches it: each device sees what
 * hipMemSetAccess granted it, and a fault is the newest ROCm's: the launch
 * returns, the next synchronize answers hipErrorIllegalAddress, and every
 * later call on the device until hipDeviceReset (reference b.12). ROCm up to
 * 7.2 ends the process there instead (ROCr's memory access fault, then
 * abort: table (g) row kernel_fault), which the report runs each rule in a
 * child for and the divergence files of those releases list. The kernels are
 * the backend's (backend.h): only the mock runs host-compiled ones, elsewhere
 * these skip. A rule that faults resets the device itself, before the
 * teardown's calls; it holds only VMM memory, which hipDeviceReset leaves
 * alone.
 */
#include "conformance.h"

#include <sys/resource.h>

#if defined(__has_include) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND 0
#endif

#include "backend.h"

#define WORDS 1024

static conf_ctx *begin_kernels(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const char *why = conf_backend_no_kernels();
  if (why != NULL)
    conf_skip("%s", why);
  return ctx;
}

static void launch(conf_kernel which, void *words, unsigned value, void *out) {
  assert_hip(conf_backend_launch(which, words, WORDS, value, out, 0), hipSuccess);
}

/* A launch the rule expects to fault (a memory checker is told so). */
static void launch_faulting(conf_kernel which, void *words, unsigned value) {
  assert_hip(conf_backend_launch(which, words, WORDS, value, NULL, 1), hipSuccess);
}

/* words[i] == value + i, read back with hipMemcpy. */
static void expect_filled(const void *dev, unsigned value) {
  unsigned host[WORDS];
  assert_hip(hipMemcpy(host, dev, sizeof host, hipMemcpyDeviceToHost), hipSuccess);
  for (unsigned i = 0; i < WORDS; i++)
    if (host[i] != value + i)
      conf_fail("word %u is %u, the kernel wrote %u", i, host[i], value + i);
}

/* The launch succeeded, its kernel faulted: the next synchronize says so, and so does every
   later call, until hipDeviceReset. */
static void expect_fault_then_reset(void) {
  assert_hip(hipDeviceSynchronize(), hipErrorIllegalAddress);
  assert_hip(hipStreamQuery(NULL), hipErrorIllegalAddress);
  assert_hip(hipDeviceSynchronize(), hipErrorIllegalAddress);
  assert_hip(hipDeviceReset(), hipSuccess);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
}

static void kernel_writes_read_through_alias(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  size_t bytes = ctx->size_mem;
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, bytes);
  void *a = conf_reserve(ctx, bytes, 0), *b = conf_reserve(ctx, bytes, 0);
  conf_map(ctx, a, bytes, handle);
  conf_map(ctx, b, bytes, handle);
  conf_set_access(a, bytes, 0, hipMemAccessFlagsProtReadWrite);
  conf_set_access(b, bytes, 0, hipMemAccessFlagsProtReadWrite);
  void *out = conf_vmm(ctx, bytes, NULL);
  launch(CONF_KERNEL_FILL, a, 40, NULL);
  launch(CONF_KERNEL_COPY, b, 0, out);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  expect_filled(out, 40);
}

static void kernel_write_to_read_only_faults(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  void *words = conf_mapped(ctx, ctx->size_mem, NULL);
  void *out = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_set_access(words, ctx->size_mem, 0, hipMemAccessFlagsProtRead);
  launch(CONF_KERNEL_COPY, words, 0, out); /* reading is granted */
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  launch_faulting(CONF_KERNEL_FILL, words, 1);
  expect_fault_then_reset();
}

static void kernel_touch_without_access_faults(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  void *words = conf_mapped(ctx, ctx->size_mem, NULL); /* mapped, no access set */
  launch_faulting(CONF_KERNEL_FILL, words, 2);
  expect_fault_then_reset();
}

static void kernel_touch_after_unmap_faults(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  void *words = conf_vmm(ctx, ctx->size_mem, NULL);
  launch(CONF_KERNEL_FILL, words, 3, NULL);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  conf_unmap(ctx, words, ctx->size_mem);
  launch_faulting(CONF_KERNEL_FILL, words, 4);
  expect_fault_then_reset();
}

/* hip-tests' ChkWithKerLaunch: the handle released while mapped, its memory still in use. */
static void kernel_reads_released_while_mapped(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  hipMemGenericAllocationHandle_t handle;
  void *words = conf_vmm(ctx, ctx->size_mem, &handle);
  void *out = conf_vmm(ctx, ctx->size_mem, NULL);
  launch(CONF_KERNEL_FILL, words, 5, NULL);
  conf_release(ctx, handle);
  launch(CONF_KERNEL_COPY, words, 0, out);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  expect_filled(out, 5);
}

/* Access is per device: device 1's grant opens nothing to device 0's kernels. */
static void kernel_access_is_per_device(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  conf_need_devices(ctx, 2);
  void *words = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_set_access(words, ctx->size_mem, 1, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipSetDevice(1), hipSuccess);
  launch(CONF_KERNEL_FILL, words, 6, NULL);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  assert_hip(hipSetDevice(0), hipSuccess);
  launch_faulting(CONF_KERNEL_FILL, words, 7);
  expect_fault_then_reset();
  assert_hip(hipSetDevice(1), hipSuccess); /* its error was device 0's alone */
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  expect_filled(words, 6); /* device 1 reads it back */
  assert_hip(hipSetDevice(0), hipSuccess);
}

/* hipMalloc memory of device 0 is device 1's to touch only once device 1 enabled peer
   access to it. */
static void kernel_needs_peer_access_for_peer_memory(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  conf_need_devices(ctx, 2);
  int can = 0;
  assert_hip(hipDeviceCanAccessPeer(&can, 1, 0), hipSuccess);
  if (!can)
    conf_skip("device 1 cannot reach device 0's memory on this machine");
  void *words = conf_malloc(ctx, WORDS * sizeof(unsigned)); /* device 0's */
  assert_hip(hipSetDevice(1), hipSuccess);
  launch_faulting(CONF_KERNEL_FILL, words, 8);
  expect_fault_then_reset(); /* device 1's reset: device 0's block stays */
  assert_hip(hipDeviceEnablePeerAccess(0, 0), hipSuccess);
  launch(CONF_KERNEL_FILL, words, 9, NULL);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  assert_hip(hipDeviceDisablePeerAccess(0), hipSuccess);
  assert_hip(hipSetDevice(0), hipSuccess);
  expect_filled(words, 9);
}

/* A kernel that divides by zero goes on, as GPUs have no trapping integer divide (b.12): the
   launch and the synchronize succeed, and every other thread's quotient lands. */
static void kernel_division_by_zero_goes_on(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  if (RUNNING_ON_VALGRIND)
    conf_skip("under valgrind, whose signal context does not point at the division, the "
              "mock cannot go on from it as a GPU does");
  void *words = conf_vmm(ctx, ctx->size_mem, NULL), *out = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned host[WORDS];
  for (unsigned i = 0; i < WORDS; i++)
    host[i] = i % 4 == 0 ? 0 : i;
  assert_hip(hipMemcpy(words, host, sizeof host, hipMemcpyHostToDevice), hipSuccess);
  launch(CONF_KERNEL_DIVIDE, words, 1000000, out);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  assert_hip(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost), hipSuccess);
  for (unsigned i = 1; i < WORDS; i++)
    if (i % 4 != 0 && host[i] != 1000000 / i)
      conf_fail("word %u is %u, 1000000 / %u is %u", i, host[i], i, 1000000 / i);
}

/* Core dumps off, as clr's skipping the abort needs (HIP_SKIP_ABORT_ON_GPU_ERROR's default). */
static void no_core_dumps(void) {
  struct rlimit core;
  if (getrlimit(RLIMIT_CORE, &core) != 0)
    conf_fail("getrlimit(RLIMIT_CORE) failed");
  core.rlim_cur = 0;
  if (setrlimit(RLIMIT_CORE, &core) != 0)
    conf_fail("setrlimit(RLIMIT_CORE) to 0 failed");
}

/* The newest ROCm: a failed device assert() makes the device's error sticky,
   hipErrorLaunchFailure (clr maps HSA_STATUS_ERROR_EXCEPTION to it), until hipDeviceReset. */
static void kernel_assert_fails_the_device(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  no_core_dumps();
  void *words = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned host[WORDS] = {0};
  host[300] = 77;
  assert_hip(hipMemcpy(words, host, sizeof host, hipMemcpyHostToDevice), hipSuccess);
  launch_faulting(CONF_KERNEL_CHECK, words, 77);
  assert_hip(hipDeviceSynchronize(), hipErrorLaunchFailure);
  assert_hip(hipStreamQuery(NULL), hipErrorLaunchFailure);
  assert_hip(hipDeviceReset(), hipSuccess);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
}

/* The same for abort() in a kernel: a trap, hipErrorLaunchFailure. */
static void kernel_trap_fails_the_device(void **state) {
  conf_ctx *ctx = begin_kernels(state);
  no_core_dumps();
  void *words = conf_vmm(ctx, ctx->size_mem, NULL);
  launch_faulting(CONF_KERNEL_TRAP, words, 5);
  assert_hip(hipDeviceSynchronize(), hipErrorLaunchFailure);
  assert_hip(hipDeviceSynchronize(), hipErrorLaunchFailure);
  assert_hip(hipDeviceReset(), hipSuccess);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
}

static const conf_rule rules[] = {
    CONF_RULE(kernel_writes_read_through_alias,
              "b.3 (two mappings of one handle share bytes); c.2 Unit_hipMemMap aliases"),
    CONF_RULE(kernel_write_to_read_only_faults, "a.8 (ProtRead allows reads only)"),
    CONF_RULE(kernel_touch_without_access_faults, "a.8, b.5 (a new mapping has no access)"),
    CONF_RULE(kernel_touch_after_unmap_faults, "a.7 (after hipMemUnmap the range dangles)"),
    CONF_RULE(kernel_reads_released_while_mapped,
              "a.4, b.1; c.2 Unit_hipMemCreate_ChkWithKerLaunch"),
    CONF_RULE(kernel_access_is_per_device, "a.8; c.2 Unit_hipMemSetAccess_FuncTstOnMultDev"),
    CONF_RULE(kernel_needs_peer_access_for_peer_memory,
              "hipDeviceEnablePeerAccess opens a peer's hipMalloc memory (HIP docs)"),
    CONF_RULE(kernel_division_by_zero_goes_on, "b.12 (no GPU traps on integer division)"),
    CONF_RULE(kernel_assert_fails_the_device, "b.12; kernel_trap (newest: sticky LaunchFailure)"),
    CONF_RULE(kernel_trap_fails_the_device, "b.12; kernel_trap (newest: sticky LaunchFailure)"),
};

const conf_group conf_group_kernel = CONF_GROUP("kernel", rules);
