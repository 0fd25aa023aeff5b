/*
 * test_context.c: the CUDA runtime's context model: a current device per
 * thread, primary contexts retained once per device and made current, a
 * context set through hipCtx* honoured; and hipCtx*, hipDevicePrimaryCtx*,
 * hipDeviceReset and hipDeviceSynchronize as the driver's calls.
 */
#include "hip_nvidia_test.h"

/* ROCm marks the hipCtx* and hipDevicePrimaryCtx* calls deprecated; they are what is tested. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <string.h>

static void set_device_retains_once_and_makes_current(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_string_equal(fake_cuda_log_text(), "cuDeviceGet(&,1)\n"
                                            "cuDevicePrimaryCtxRetain(&,1)\n"
                                            "cuCtxSetCurrent(0xc0001)\n");
  fake_cuda_log_clear();
  /* Again, and back to 0: retained already, only made current. */
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_hip(hipSetDevice(0), hipSuccess);
  assert_string_equal(fake_cuda_log_text(), "cuCtxSetCurrent(0xc0001)\n"
                                            "cuCtxSetCurrent(0xc0000)\n");
}

static void get_device_follows_set_device(void **state) {
  (void)state;
  int device = -1;
  fake_cuda_set(FAKE_DEVICE_COUNT, 3);
  assert_hip(hipSetDevice(2), hipSuccess);
  assert_hip(hipGetDevice(&device), hipSuccess);
  assert_int_equal(device, 2);
  assert_logged("cuCtxGetDevice", "cuCtxGetDevice(&)");
}

/* (Device 7 is never retained in this process: the fake has 1 device here.) */
static void set_device_rejects_a_device_the_driver_lacks(void **state) {
  (void)state;
  int device = -1;
  assert_hip(hipSetDevice(7), hipErrorInvalidDevice);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuDeviceGet returned CUDA_ERROR_INVALID_DEVICE (101)");
  assert_hip(hipSetDevice(-1), hipErrorInvalidDevice);
  assert_not_called("cuDevicePrimaryCtxRetain");
  assert_not_called("cuCtxSetCurrent");
  assert_hip(hipGetDevice(&device), hipSuccess);
  assert_int_equal(device, 0);
}

/* hip-nvidia keeps primary contexts for 64 devices; past them it says so. */
static void set_device_past_the_table_is_invalid(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 100);
  assert_hip(hipSetDevice(64), hipErrorInvalidDevice);
  assert_contains(hip_nvidia_last_reason(), "device 64: hip-nvidia keeps primary contexts");
  assert_not_called("cuDevicePrimaryCtxRetain");
}

static void get_device_rejects_null(void **state) {
  (void)state;
  assert_hip(hipGetDevice(NULL), hipErrorInvalidValue);
  assert_no_driver_call();
}

/* With no context current, device work makes the current device's primary one
   current, retaining nothing again. */
static void device_work_makes_the_primary_context_current(void **state) {
  (void)state;
  hipCtx_t popped = NULL;
  void *ptr = NULL;
  assert_hip(hipCtxPopCurrent(&popped), hipSuccess);
  assert_ptr_equal(popped, (hipCtx_t)FAKE_CUDA_PRIMARY(0));
  fake_cuda_log_clear();
  assert_hip(hipMalloc(&ptr, 4096), hipSuccess);
  assert_string_equal(fake_cuda_log_text(), "cuCtxGetCurrent(&)\n"
                                            "cuCtxSetCurrent(0xc0000)\n"
                                            "cuMemAlloc_v2(&,4096)\n");
  fake_cuda_log_clear();
  assert_hip(hipMalloc(&ptr, 4096), hipSuccess);
  assert_string_equal(fake_cuda_log_text(), "cuCtxGetCurrent(&)\n"
                                            "cuMemAlloc_v2(&,4096)\n");
}

/* A context the caller set is used as it is, as the CUDA runtime uses it. */
static void a_context_set_through_hipctx_is_honoured(void **state) {
  (void)state;
  void *ptr = NULL;
  int device = -1;
  hipCtx_t mine = (hipCtx_t)(uintptr_t)0xabc0;
  assert_hip(hipCtxSetCurrent(mine), hipSuccess);
  fake_cuda_log_clear();
  assert_hip(hipMalloc(&ptr, 64), hipSuccess);
  assert_not_called("cuCtxSetCurrent");
  assert_hip(hipGetDevice(&device), hipSuccess);
  assert_logged("cuCtxGetDevice", "cuCtxGetDevice(&)");
  assert_int_equal(device, 0);
}

typedef struct thread_view {
  int device;
  hipError_t status;
  char first_set[64];
} thread_view;

static void *work_on_a_new_thread(void *arg) {
  thread_view *view = arg;
  void *ptr = NULL;
  view->status = hipMalloc(&ptr, 64);
  if (view->status == hipSuccess)
    view->status = hipGetDevice(&view->device);
  return NULL;
}

/* A new thread starts on device 0, whatever the others chose. */
static void a_new_thread_starts_on_device_zero(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipSetDevice(1), hipSuccess);
  fake_cuda_log_clear();
  thread_view view = {.device = -1};
  hn_run_threads(1, work_on_a_new_thread, &view);
  assert_hip(view.status, hipSuccess);
  assert_int_equal(view.device, 0);
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0xc0000)");
  int mine = -1;
  assert_hip(hipGetDevice(&mine), hipSuccess);
  assert_int_equal(mine, 1);
}

static void *set_device_three(void *arg) {
  _Atomic int *failures = arg;
  if (hipSetDevice(3) != hipSuccess)
    (*failures)++;
  return NULL;
}

/* Threads that want the same new device at once retain it once. */
static void threads_retain_a_primary_context_once(void **state) {
  (void)state;
  _Atomic int failures = 0;
  fake_cuda_set(FAKE_DEVICE_COUNT, 4);
  hn_run_threads(16, set_device_three, &failures);
  assert_int_equal(failures, 0);
  assert_int_equal(fake_cuda_log_count("cuDevicePrimaryCtxRetain"), 1);
  assert_logged("cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRetain(&,3)");
  assert_int_equal(fake_cuda_log_count("cuCtxSetCurrent"), 16);
}

static void a_failed_retain_is_retried(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 6);
  fake_cuda_fail_next("cuDevicePrimaryCtxRetain", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipSetDevice(5), hipErrorOutOfMemory);
  assert_hip(hipSetDevice(5), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuDevicePrimaryCtxRetain"), 2);
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0xc0005)");
}

static void reset_and_synchronize_the_current_device(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  assert_logged("cuCtxSynchronize", "cuCtxSynchronize()");
  assert_hip(hipDeviceReset(), hipSuccess);
  assert_logged("cuDevicePrimaryCtxReset_v2", "cuDevicePrimaryCtxReset_v2(1)");
  /* The reset context is given back and let go of; the next work retains and starts it again,
     where work on the reset one would answer CUDA_ERROR_CONTEXT_IS_DESTROYED. */
  assert_logged("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease_v2(1)");
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0x0)");
  int retains = fake_cuda_log_count("cuDevicePrimaryCtxRetain");
  assert_hip(hipDeviceSynchronize(), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuDevicePrimaryCtxRetain"), retains + 1);
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0xc0001)");
  fake_cuda_fail_next("cuCtxSynchronize", CUDA_ERROR_ILLEGAL_ADDRESS);
  assert_hip(hipDeviceSynchronize(), hipErrorIllegalAddress);
}

/* hip-tests Unit_hipDeviceReset_Positive_Basic: a block from before the reset is gone, and its
   free reaches a live context, whose driver answers for the block. */
static void free_after_reset_reaches_a_live_context(void **state) {
  (void)state;
  void *block = NULL;
  assert_hip(hipMalloc(&block, 500), hipSuccess);
  assert_hip(hipDeviceReset(), hipSuccess);
  fake_cuda_fail_next("cuMemFree_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipFree(block), hipErrorInvalidValue);
  assert_hip(hipFree(block), hipSuccess); /* the fake keeps no blocks: the context is live */
}

/* Without the retain the context stays destroyed: what the GPU showed before hipDeviceReset
   gave its retain back. */
static void a_reset_context_is_destroyed_until_retained(void **state) {
  (void)state;
  CUcontext ctx = FAKE_CUDA_PRIMARY(0);
  assert_hip(hipDevicePrimaryCtxReset(0), hipSuccess);
  assert_hip(hipCtxSetCurrent((hipCtx_t)(void *)ctx), hipSuccess);
  assert_hip(hipCtxSynchronize(), hipErrorContextIsDestroyed);
  hipCtx_t retained = NULL;
  assert_hip(hipDevicePrimaryCtxRetain(&retained, 0), hipSuccess);
  assert_hip(hipCtxSynchronize(), hipSuccess);
  assert_hip(hipDevicePrimaryCtxRelease(0), hipSuccess);
}

/* ---- hipCtx* ---- */

static void ctx_calls_are_the_drivers(void **state) {
  (void)state;
  hipCtx_t ctx = NULL;
  hipDevice_t device = -1;
  assert_hip(hipCtxGetCurrent(&ctx), hipSuccess);
  assert_ptr_equal(ctx, (hipCtx_t)FAKE_CUDA_PRIMARY(0));
  assert_hip(hipCtxPushCurrent((hipCtx_t)(uintptr_t)0xc0002), hipSuccess);
  assert_logged("cuCtxPushCurrent_v2", "cuCtxPushCurrent_v2(0xc0002)");
  assert_hip(hipCtxGetDevice(&device), hipSuccess);
  assert_int_equal(device, 2);
  assert_hip(hipCtxSynchronize(), hipSuccess);
  assert_logged("cuCtxSynchronize", "cuCtxSynchronize()");
  assert_hip(hipCtxPopCurrent(&ctx), hipSuccess);
  assert_ptr_equal(ctx, (hipCtx_t)(uintptr_t)0xc0002);
  assert_logged("cuCtxPopCurrent_v2", "cuCtxPopCurrent_v2(&)");
  /* Without an out-pointer the context is popped all the same. */
  assert_hip(hipCtxPopCurrent(NULL), hipSuccess);
  assert_hip(hipCtxGetCurrent(&ctx), hipSuccess);
  assert_null(ctx);
  assert_hip(hipCtxPopCurrent(NULL), hipErrorInvalidContext);
  assert_hip(hipCtxGetDevice(&device), hipErrorInvalidContext);
  assert_hip(hipCtxSetCurrent((hipCtx_t)FAKE_CUDA_PRIMARY(0)), hipSuccess);
  assert_logged("cuCtxSetCurrent", "cuCtxSetCurrent(0xc0000)");
}

static void ctx_calls_negative(void **state) {
  (void)state;
  assert_hip(hipCtxGetCurrent(NULL), hipErrorInvalidValue);
  assert_hip(hipCtxGetDevice(NULL), hipErrorInvalidValue);
  assert_hip(hipDevicePrimaryCtxRetain(NULL, 0), hipErrorInvalidValue);
  unsigned int flags = 0;
  int active = 0;
  assert_hip(hipDevicePrimaryCtxGetState(0, NULL, &active), hipErrorInvalidValue);
  assert_hip(hipDevicePrimaryCtxGetState(0, &flags, NULL), hipErrorInvalidValue);
  assert_no_driver_call();
}

/* hipCtxCreate is cuCtxCreate: the driver's own context, current until destroyed. */
static void ctx_create_and_destroy_are_the_drivers(void **state) {
  (void)state;
  hipCtx_t ctx = NULL, current = NULL;
  hipDevice_t device = -1;
  assert_hip(hipCtxCreate(&ctx, 4, 1), hipSuccess);
  assert_logged("cuCtxCreate_v2", "cuCtxCreate_v2(&,4,1)");
  assert_ptr_equal(ctx, (hipCtx_t)(uintptr_t)0xd0001);
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
  assert_ptr_equal(current, ctx);
  assert_hip(hipCtxGetDevice(&device), hipSuccess); /* the fake's: device 0 */
  assert_hip(hipCtxDestroy(ctx), hipSuccess);
  assert_logged("cuCtxDestroy_v2", "cuCtxDestroy_v2(0xd0001)");
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
  assert_ptr_not_equal(current, ctx); /* popped: what was current before is again */
  assert_hip(hipCtxCreate(NULL, 0, 0), hipErrorInvalidValue);
  assert_hip(hipCtxDestroy(NULL), hipErrorInvalidValue); /* the driver's answer */
  fake_cuda_fail_next("cuCtxCreate_v2", CUDA_ERROR_INVALID_DEVICE);
  assert_hip(hipCtxCreate(&ctx, 0, 9), hipErrorInvalidDevice);
}

static void primary_ctx_calls_are_the_drivers(void **state) {
  (void)state;
  hipCtx_t ctx = NULL;
  unsigned int flags = 99;
  int active = -1;
  assert_hip(hipDevicePrimaryCtxRetain(&ctx, 1), hipSuccess);
  assert_ptr_equal(ctx, (hipCtx_t)FAKE_CUDA_PRIMARY(1));
  assert_logged("cuDevicePrimaryCtxRetain", "cuDevicePrimaryCtxRetain(&,1)");
  assert_hip(hipDevicePrimaryCtxRelease(1), hipSuccess);
  assert_logged("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease_v2(1)");
  fake_cuda_set(FAKE_PRIMARY_FLAGS, 4);
  fake_cuda_set(FAKE_PRIMARY_ACTIVE, 1);
  assert_hip(hipDevicePrimaryCtxGetState(1, &flags, &active), hipSuccess);
  assert_int_equal(flags, 4);
  assert_int_equal(active, 1);
  assert_logged("cuDevicePrimaryCtxGetState", "cuDevicePrimaryCtxGetState(1,&,&)");
  assert_hip(hipDevicePrimaryCtxReset(1), hipSuccess);
  assert_logged("cuDevicePrimaryCtxReset_v2", "cuDevicePrimaryCtxReset_v2(1)");
  fake_cuda_fail_next("cuDevicePrimaryCtxRelease_v2", CUDA_ERROR_INVALID_DEVICE);
  assert_hip(hipDevicePrimaryCtxRelease(7), hipErrorInvalidDevice);
}

int hn_area_context(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(set_device_retains_once_and_makes_current),
      HN_TEST(get_device_follows_set_device),
      HN_TEST(set_device_rejects_a_device_the_driver_lacks),
      HN_TEST(set_device_past_the_table_is_invalid),
      HN_TEST(get_device_rejects_null),
      HN_TEST(device_work_makes_the_primary_context_current),
      HN_TEST(a_context_set_through_hipctx_is_honoured),
      HN_TEST(a_new_thread_starts_on_device_zero),
      HN_TEST(threads_retain_a_primary_context_once),
      HN_TEST(a_failed_retain_is_retried),
      HN_TEST(reset_and_synchronize_the_current_device),
      HN_TEST(free_after_reset_reaches_a_live_context),
      HN_TEST(a_reset_context_is_destroyed_until_retained),
      HN_TEST(ctx_calls_are_the_drivers),
      HN_TEST(ctx_create_and_destroy_are_the_drivers),
      HN_TEST(ctx_calls_negative),
      HN_TEST(primary_ctx_calls_are_the_drivers),
  };
  return cmocka_run_group_tests_name("context", tests, NULL, NULL);
}
