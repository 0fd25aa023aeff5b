/*
 * backend_mock.c: the suite on mockhip. The mock always has VMM, so a setup
 * that finds no device is a failure, not a skip; clean
 * means mockhip's live-object counters are back where the setup found them
 * (0 in a run where every earlier rule cleaned up).
 */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>

#include <mockhip.h>

/* The kernels a rule makes fault on purpose are no errors for valgrind. */
#if defined(__has_include) && __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define VALGRIND_DISABLE_ERROR_REPORTING
#define VALGRIND_ENABLE_ERROR_REPORTING
#endif

#include "backend.h"

#ifndef MOCKHIP
#error "conformance-mock must be compiled against mockhip/include"
#endif

static mockhip_stats_t baseline = MOCKHIP_STATS_INIT;
static size_t baseline_objects;

const char *conf_backend_name(void) {
  static char name[64];
  snprintf(name, sizeof name, "mockhip (HIP %d.%d API)", HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
  return name;
}

/* The mock always has VMM; begin() fails the test when it says otherwise. */
const char *conf_backend_find_unusable(void) { return NULL; }

static mockhip_stats_t current_stats(void) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  assert_hip(mockhip_stats(&stats), hipSuccess);
  return stats;
}

/* The VMM attribute is not asked: a profile of ROCm 6.0 says 0 while its calls
   work (5.x code), and the rule vmm_attribute_set_on_every_device checks it. */
void conf_backend_begin(void) {
  int count = 0;
  assert_hip(hipGetDeviceCount(&count), hipSuccess);
  assert_true(count >= 1);
  baseline = current_stats();
  baseline_objects = mockhip_live_objects();
}

void conf_backend_assert_clean(void) {
  mockhip_stats_t now = current_stats();
  size_t objects = mockhip_live_objects();
  if (objects == baseline_objects && now.reserved_bytes == baseline.reserved_bytes &&
      now.mapped_bytes == baseline.mapped_bytes && now.physical_bytes == baseline.physical_bytes &&
      now.malloc_bytes == baseline.malloc_bytes)
    return;
  mockhip_dump(stderr);
  conf_fail("mockhip holds %zu live objects after teardown (%zu at setup): %zu reservations, "
            "%zu mappings, %zu handles, %zu hipMalloc blocks, %zu streams; %zu reserved, "
            "%zu mapped, %zu physical bytes",
            objects, baseline_objects, now.live_reservations, now.live_mappings, now.live_handles,
            now.live_mallocs, now.live_streams, now.reserved_bytes, now.mapped_bytes,
            now.physical_bytes);
}

const char *conf_backend_last_reason(void) { return mockhip_last_reason(); }

/* ---- kernels: C kernels, launched as mockhip runs them ---- */

typedef struct kernel_args {
  unsigned *words, *out, value;
  size_t count;
} kernel_args;

static size_t global_index(void) { return (size_t)blockIdx.x * blockDim.x + threadIdx.x; }

static void fill_kernel(void *p) {
  const kernel_args *a = p;
  size_t i = global_index();
  if (i < a->count)
    a->words[i] = a->value + (unsigned)i;
}

static void copy_kernel(void *p) {
  const kernel_args *a = p;
  size_t i = global_index();
  if (i < a->count)
    a->out[i] = a->words[i];
}

/* The check kernel's assert() is the rule's, whatever the build's NDEBUG. */
#undef NDEBUG
#include <assert.h>

/* UndefinedBehaviorSanitizer would report the division before the processor traps, where
   the mock plays the GPU's division: the rule is about that. */
__attribute__((no_sanitize("undefined"))) static void divide_kernel(void *p) {
  const kernel_args *a = p;
  size_t i = global_index();
  if (i < a->count)
    a->out[i] = a->value / a->words[i];
}

static void check_kernel(void *p) {
  const kernel_args *a = p;
  size_t i = global_index();
  if (i < a->count)
    assert(a->words[i] != a->value);
}

static void trap_kernel(void *p) {
  const kernel_args *a = p;
  size_t i = global_index();
  if (i == a->value)
    abort();
  if (i < a->count)
    a->words[i] = (unsigned)i;
}

const char *conf_backend_no_kernels(void) { return NULL; }

hipError_t conf_backend_launch(conf_kernel which, unsigned *words, size_t count, unsigned value,
                               unsigned *out, int may_fault) {
  kernel_args args = {words, out, value, count};
  dim3 grid = {(unsigned)((count + 255) / 256), 1, 1}, block = {256, 1, 1};
  if (may_fault)
    VALGRIND_DISABLE_ERROR_REPORTING;
  static const struct {
    const char *name;
    mockhip_kernel_fn fn;
  } kernels[] = {[CONF_KERNEL_FILL] = {"fill", fill_kernel},
                 [CONF_KERNEL_COPY] = {"copy", copy_kernel},
                 [CONF_KERNEL_DIVIDE] = {"divide", divide_kernel},
                 [CONF_KERNEL_CHECK] = {"check", check_kernel},
                 [CONF_KERNEL_TRAP] = {"trap", trap_kernel}};
  hipError_t err =
      mockhip_launch_kernel(kernels[which].name, kernels[which].fn, grid, block, 0, NULL, &args);
  if (may_fault)
    VALGRIND_ENABLE_ERROR_REPORTING;
  return err;
}
