/*
 * test_no_driver.c: hip-nvidia where no driver can be loaded (run with
 * HIPVMM_LIBCUDA naming a file that does not exist). Every call that needs
 * the driver answers hipErrorInsufficientDriver, the CUDA runtime's answer
 * without one, with the reason naming the file; what needs no driver works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>

#include <hip/hip_runtime_api.h>

#include "hip_nvidia.h"

static char expected_reason[512];

static int expect_the_path(void **state) {
  (void)state;
  const char *path = getenv("HIPVMM_LIBCUDA");
  if (path == NULL)
    return -1;
  snprintf(expected_reason, sizeof expected_reason,
           "dlopen(\"%s\") (HIPVMM_LIBCUDA): %s: cannot open shared object file", path, path);
  return 0;
}

static void assert_no_driver(hipError_t got) {
  assert_int_equal(got, hipErrorInsufficientDriver);
  if (strncmp(hip_nvidia_last_reason(), expected_reason, strlen(expected_reason)) != 0)
    fail_msg("reason \"%s\", expected it to start \"%s\"", hip_nvidia_last_reason(),
             expected_reason);
}

static void every_driver_call_is_insufficient_driver(void **state) {
  (void)state;
  int count = -1, device = -1, version = -1;
  void *ptr = NULL;
  size_t bytes = 0;
  hipStream_t stream = NULL;
  hipEvent_t event = NULL;
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemPool_t pool = NULL;
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;

  assert_no_driver(hipGetDeviceCount(&count));
  assert_int_equal(count, 0);
  assert_no_driver(hipInit(0));
  assert_no_driver(hipSetDevice(0));
  assert_no_driver(hipGetDevice(&device));
  assert_no_driver(hipRuntimeGetVersion(&version));
  assert_no_driver(hipMalloc(&ptr, 64));
  assert_no_driver(hipFree(NULL));
  assert_no_driver(hipMemGetInfo(&bytes, &bytes));
  assert_no_driver(hipMemcpy(&count, &device, sizeof count, hipMemcpyHostToHost));
  assert_no_driver(hipStreamCreate(&stream));
  assert_no_driver(hipEventCreate(&event));
  assert_no_driver(
      hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum));
  assert_no_driver(hipMemCreate(&handle, 2 << 20, &prop, 0));
  assert_no_driver(hipMemAddressReserve(&ptr, 2 << 20, 0, NULL, 0));
  assert_no_driver(hipDeviceGetDefaultMemPool(&pool, 0));
  assert_null(pool);
  assert_no_driver(hipDeviceGetAttribute(&count, hipDeviceAttributeWarpSize, 0));
  assert_no_driver(
      hipMemGetHandleForAddressRange(&count, ptr, 4096, hipMemRangeHandleTypeDmaBufFd, 0));
  /* A kernel: the driver is needed before the runtime is asked for a stub's function. */
  hipModule_t module = NULL;
  dim3 one = {1, 1, 1};
  hipKernelNodeParams params = {.blockDim = one, .func = (void *)expect_the_path, .gridDim = one};
  hipGraphNode_t node = NULL;
  assert_no_driver(hipModuleLoad(&module, "kernels.cubin"));
  assert_no_driver(hipLaunchKernel((const void *)expect_the_path, one, one, NULL, 0, NULL));
  assert_no_driver(hipGraphAddKernelNode(&node, NULL, NULL, 0, &params));
  assert_null(module);
  assert_null(node);
  assert_null(ptr);
  assert_null(stream);
  assert_null(handle);
  assert_int_equal(hipGetLastError(), hipErrorInsufficientDriver);
  assert_int_equal(hipGetLastError(), hipSuccess);
}

/* cudaDriverGetVersion answers 0 and success without a driver. */
static void driver_version_is_zero(void **state) {
  (void)state;
  int version = -1;
  assert_int_equal(hipDriverGetVersion(&version), hipSuccess);
  assert_int_equal(version, 0);
  assert_int_equal(hip_nvidia_driver_version(), 0);
  assert_null(hip_nvidia_driver_path());
  assert_null(hip_nvidia_driver_symbol("cuInit"));
}

/* What needs no driver still works. */
static void what_needs_no_driver_works(void **state) {
  (void)state;
  void *pfn = NULL;
  assert_string_equal(hipGetErrorName(hipErrorInsufficientDriver), "hipErrorInsufficientDriver");
  assert_int_equal(hipGetProcAddress("hipMalloc", &pfn, 700, 0, NULL), hipSuccess);
  assert_ptr_equal(pfn, (void *)hipMalloc);
  assert_int_equal(hipMalloc(NULL, 64), hipErrorInvalidValue);
  void *ptr = (void *)1;
  assert_int_equal(hipMalloc(&ptr, 0), hipSuccess);
  assert_null(ptr);
}

static void *count_on_a_thread(void *arg) {
  char *reason = arg;
  int count = -1;
  if (hipGetDeviceCount(&count) == hipErrorInsufficientDriver && count == 0)
    snprintf(reason, 512, "%s", hip_nvidia_last_reason());
  return NULL;
}

/* Each thread gets the answer and the reason in its own last error. */
static void threads_each_get_the_reason(void **state) {
  (void)state;
  pthread_t threads[8];
  static char reasons[8][512];
  for (int i = 0; i < 8; i++)
    assert_int_equal(pthread_create(&threads[i], NULL, count_on_a_thread, reasons[i]), 0);
  for (int i = 0; i < 8; i++) {
    assert_int_equal(pthread_join(threads[i], NULL), 0);
    assert_int_equal(strncmp(reasons[i], expected_reason, strlen(expected_reason)), 0);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_driver_call_is_insufficient_driver),
      cmocka_unit_test(driver_version_is_zero),
      cmocka_unit_test(what_needs_no_driver_works),
      cmocka_unit_test(threads_each_get_the_reason),
  };
  return cmocka_run_group_tests_name("no_driver", tests, expect_the_path, NULL);
}
