/*
 * test_loader.c: loading the driver (once, whatever the threads), what the
 * extras of hip_nvidia.h say about it, hipInit and the versions; and, in a
 * process of its own, a driver whose cuInit fails.
 */
#include "hip_nvidia_test.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the first calls of the process, from many threads at once ---- */

static void *first_calls(void *arg) {
  _Atomic int *failures = arg;
  int count = 0;
  void *ptr = NULL;
  if (hipGetDeviceCount(&count) != hipSuccess || count != 2)
    (*failures)++;
  if (hipMalloc(&ptr, 64) != hipSuccess || ptr != (void *)(uintptr_t)0x7f0000200000ULL)
    (*failures)++;
  return NULL;
}

/* Runs first in the process: no case before it has loaded the driver. */
static void threads_load_the_driver_once(void **state) {
  (void)state;
  fake_cuda_reset();
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  _Atomic int failures = 0;
  hn_run_threads(8, first_calls, &failures);
  assert_int_equal(failures, 0);
  assert_int_equal(fake_cuda_log_count("cuInit"), 1);
  assert_logged("cuInit", "cuInit(0)");
  /* Device 0's primary context: retained once, made current on each thread. */
  assert_int_equal(fake_cuda_log_count("cuDevicePrimaryCtxRetain"), 1);
  assert_logged("cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRetain(&,0)");
  assert_int_equal(fake_cuda_log_count("cuCtxSetCurrent"), 8);
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0xc0000)");
  assert_int_equal(fake_cuda_log_count("cuMemAlloc_v2"), 8);
}

/* ---- hip_nvidia.h ---- */

static void driver_path_is_the_file_loaded(void **state) {
  (void)state;
  const char *path = hip_nvidia_driver_path();
  assert_non_null(path);
  char loaded[PATH_MAX], named[PATH_MAX];
  assert_non_null(realpath(path, loaded));
  assert_non_null(realpath(getenv("HIPVMM_LIBCUDA"), named));
  assert_string_equal(loaded, named);
}

static void driver_symbol_is_the_driver_export(void **state) {
  (void)state;
  void *direct = dlsym(RTLD_DEFAULT, "cuMemAlloc_v2");
  assert_non_null(direct);
  assert_ptr_equal(hip_nvidia_driver_symbol("cuMemAlloc_v2"), direct);
  assert_null(hip_nvidia_driver_symbol("cuMemAlloc")); /* the API name, not an export */
  assert_null(hip_nvidia_driver_symbol("cuNoSuchCall"));
  assert_null(hip_nvidia_driver_symbol(NULL));
}

static void driver_version_is_cuda_numbering(void **state) {
  (void)state;
  assert_int_equal(hip_nvidia_driver_version(), 12080);
  fake_cuda_set(FAKE_DRIVER_VERSION, 11040);
  assert_int_equal(hip_nvidia_driver_version(), 11040);
  fake_cuda_fail_next("cuDriverGetVersion", CUDA_ERROR_UNKNOWN);
  assert_int_equal(hip_nvidia_driver_version(), 0);
}

/* ---- hipInit and the versions ---- */

static void init_passes_its_flags(void **state) {
  (void)state;
  assert_hip(hipInit(0), hipSuccess);
  assert_logged("cuInit", "cuInit(0)");
  fake_cuda_fail_next("cuInit", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipInit(4), hipErrorInvalidValue);
  assert_logged("cuInit", "cuInit(4)");
  assert_string_equal(hip_nvidia_last_reason(), "cuInit returned CUDA_ERROR_INVALID_VALUE (1)");
}

static void versions_are_the_drivers(void **state) {
  (void)state;
  int driver = 0, runtime = 0;
  fake_cuda_set(FAKE_DRIVER_VERSION, 12040);
  assert_hip(hipDriverGetVersion(&driver), hipSuccess);
  assert_hip(hipRuntimeGetVersion(&runtime), hipSuccess);
  assert_int_equal(driver, 12040);
  assert_int_equal(runtime, 12040);
  assert_int_equal(fake_cuda_log_count("cuDriverGetVersion"), 2);
}

static void versions_negative(void **state) {
  (void)state;
  assert_hip(hipDriverGetVersion(NULL), hipErrorInvalidValue);
  assert_hip(hipRuntimeGetVersion(NULL), hipErrorInvalidValue);
  assert_no_driver_call();
  int version = -1;
  fake_cuda_fail_next("cuDriverGetVersion", CUDA_ERROR_NOT_INITIALIZED);
  assert_hip(hipRuntimeGetVersion(&version), hipErrorNotInitialized);
  assert_int_equal(version, -1);
}

int hn_area_loader(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(threads_load_the_driver_once),
      HN_TEST(driver_path_is_the_file_loaded),
      HN_TEST(driver_symbol_is_the_driver_export),
      HN_TEST(driver_version_is_cuda_numbering),
      HN_TEST(init_passes_its_flags),
      HN_TEST(versions_are_the_drivers),
      HN_TEST(versions_negative),
  };
  return cmocka_run_group_tests_name("loader", tests, NULL, NULL);
}

/* ---- a driver whose cuInit fails (a process of its own) ---- */

static int init_fails_setup(void **state) {
  (void)state;
  fake_cuda_reset();
  fake_cuda_fail_always("cuInit", CUDA_ERROR_NO_DEVICE);
  return 0;
}

static void every_call_answers_cuinits_failure(void **state) {
  (void)state;
  int count = -1;
  void *ptr = NULL;
  assert_hip(hipGetDeviceCount(&count), hipErrorNoDevice);
  assert_int_equal(count, 0);
  assert_string_equal(hip_nvidia_last_reason(), "cuInit(0) returned CUDA_ERROR_NO_DEVICE (100)");
  assert_hip(hipMalloc(&ptr, 64), hipErrorNoDevice);
  assert_hip(hipSetDevice(0), hipErrorNoDevice);
  assert_hip(hipInit(0), hipErrorNoDevice);
  assert_hip(hipGetLastError(), hipErrorNoDevice);
  /* cuInit ran once, and nothing else was called. */
  assert_int_equal(fake_cuda_log_count(NULL), 1);
  assert_logged(NULL, "cuInit(0)");
}

/* The driver is loaded all the same: its version needs no cuInit. */
static void driver_is_loaded_without_init(void **state) {
  (void)state;
  int version = 0;
  assert_non_null(hip_nvidia_driver_path());
  assert_hip(hipDriverGetVersion(&version), hipSuccess);
  assert_int_equal(version, 12080);
  assert_int_equal(hip_nvidia_driver_version(), 12080);
}

int hn_area_init_fails(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_call_answers_cuinits_failure),
      cmocka_unit_test(driver_is_loaded_without_init),
  };
  return cmocka_run_group_tests_name("init_fails", tests, init_fails_setup, NULL);
}
