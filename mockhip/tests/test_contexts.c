/*
 * test_contexts.c: primary contexts and the per-thread context stack, as
 * ROCm has them (a context is its device), vLLM's allocator flow, and what
 * hipDeviceReset frees. Runs with four devices; device 3 is named by
 * hipSetDevice in one test only, so it starts inactive there.
 */
#include "mock_test.h"

/* ROCm marks the hipCtx* and hipDevicePrimaryCtx* calls deprecated; they are what is tested. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DEVICES 4

static hipCtx_t context_of(int device) {
  int before;
  hipCtx_t ctx = NULL;
  MT_CHECK(hipGetDevice(&before));
  MT_CHECK(hipSetDevice(device));
  MT_CHECK(hipCtxGetCurrent(&ctx));
  MT_CHECK(hipSetDevice(before));
  assert_non_null(ctx);
  return ctx;
}

static int current_device(void) {
  int device = -1, ctx_device = -2;
  MT_CHECK(hipGetDevice(&device));
  MT_CHECK(hipCtxGetDevice(&ctx_device));
  assert_int_equal(device, ctx_device);
  return device;
}

static bool dump_has(const char *text) {
  char *dump = mt_dump_text();
  bool found = strstr(dump, text) != NULL;
  free(dump);
  return found;
}

/* The retains the dump shows for device's primary context (0 when it shows none). */
static unsigned long retains_of(int device) {
  char *dump = mt_dump_text(), heading[32];
  snprintf(heading, sizeof heading, "device %d:", device);
  const char *at = strstr(dump, heading), *line = at ? strchr(at, '\n') : NULL;
  const char *retained = line ? strstr(line, "retained ") : NULL;
  const char *next_device = line ? strstr(line, "device ") : NULL;
  unsigned long count = 0;
  if (retained != NULL && (next_device == NULL || retained < next_device))
    count = strtoul(retained + strlen("retained "), NULL, 10);
  free(dump);
  return count;
}

/* Pops whatever a failed test left on this thread's stack. */
static int empty_the_stack(void **state) {
  while (hipCtxPopCurrent(NULL) == hipSuccess)
    ;
  (void)hipGetLastError();
  MT_CHECK(hipSetDevice(0));
  return mt_teardown_clean(state);
}

#define CONTEXT_TEST(f) cmocka_unit_test_setup_teardown(f, mt_setup_clean, empty_the_stack)

/* ---- primary contexts ---- */

static void test_primary_state_starts_inactive(void **state) {
  (void)state;
  unsigned int flags = 77;
  int active = 77;
  MT_CHECK(hipDevicePrimaryCtxGetState(3, &flags, &active));
  assert_int_equal(flags, 0);
  assert_int_equal(active, 0);
  assert_false(dump_has("device 3: 0 of 17179869184 bytes in use\n  primary context"));
  /* Retaining does not activate it (clr); hipSetDevice does, for good. */
  hipCtx_t ctx = NULL;
  MT_CHECK(hipDevicePrimaryCtxRetain(&ctx, 3));
  MT_CHECK(hipDevicePrimaryCtxGetState(3, NULL, &active));
  assert_int_equal(active, 0);
  assert_true(dump_has("device 3: 0 of 17179869184 bytes in use\n"
                       "  primary context: inactive, retained 1 time(s)\n"));
  MT_CHECK(hipSetDevice(3));
  MT_CHECK(hipDeviceReset());
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDevicePrimaryCtxGetState(3, &flags, NULL));
  MT_CHECK(hipDevicePrimaryCtxGetState(3, NULL, &active));
  assert_int_equal(active, 1);
  MT_CHECK(hipDevicePrimaryCtxRelease(3));
  assert_true(dump_has("device 3: 0 of 17179869184 bytes in use\n"
                       "  primary context: active, retained 0 time(s)\n"));
}

static void test_primary_contexts_are_stable_and_distinct(void **state) {
  (void)state;
  hipCtx_t ctx[DEVICES];
  for (int device = 0; device < DEVICES; device++) {
    ctx[device] = context_of(device);
    hipCtx_t retained = NULL, again = NULL;
    MT_CHECK(hipDevicePrimaryCtxRetain(&retained, device));
    MT_CHECK(hipDevicePrimaryCtxRetain(&again, device));
    assert_ptr_equal(retained, ctx[device]);
    assert_ptr_equal(again, ctx[device]);
    for (int other = 0; other < device; other++)
      assert_ptr_not_equal(ctx[other], ctx[device]);
    MT_CHECK(hipDevicePrimaryCtxRelease(device));
    MT_CHECK(hipDevicePrimaryCtxRelease(device));
    /* ROCm releases nothing: a release with no retain left succeeds too. */
    MT_CHECK(hipDevicePrimaryCtxRelease(device));
  }
  /* A retained context is not a leak. */
  hipCtx_t kept = NULL;
  MT_CHECK(hipDevicePrimaryCtxRetain(&kept, 1));
  assert_int_equal(mockhip_live_objects(), 0);
  assert_int_equal(mockhip_leak_report(NULL), 0);
  MT_CHECK(hipDevicePrimaryCtxRelease(1));
}

static void test_primary_reset_does_nothing(void **state) {
  (void)state;
  char *before = mt_dump_text();
  MT_CHECK(hipDevicePrimaryCtxReset(0));
  MT_CHECK(hipDevicePrimaryCtxReset(-5)); /* clr checks nothing */
  char *after = mt_dump_text();
  assert_string_equal(before, after);
  free(before);
  free(after);
}

/* ---- the current context ---- */

static void test_current_context_follows_the_device(void **state) {
  (void)state;
  hipCtx_t ctx0 = context_of(0), ctx2 = context_of(2), current = NULL;
  MT_CHECK(hipSetDevice(2));
  MT_CHECK(hipCtxGetCurrent(&current));
  assert_ptr_equal(current, ctx2);
  assert_int_equal(current_device(), 2);
  MT_CHECK(hipCtxSetCurrent(ctx0));
  assert_int_equal(current_device(), 0);
  MT_CHECK(hipCtxGetCurrent(&current));
  assert_ptr_equal(current, ctx0);
  MT_CHECK(hipCtxPopCurrent(NULL)); /* set pushed onto the empty stack */
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL));
}

static void test_push_and_pop(void **state) {
  (void)state;
  hipCtx_t ctx1 = context_of(1), ctx2 = context_of(2), popped = NULL;
  MT_CHECK(hipCtxPushCurrent(ctx1));
  MT_CHECK(hipCtxPushCurrent(ctx2));
  assert_int_equal(current_device(), 2);
  MT_CHECK(hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, ctx2);
  assert_int_equal(current_device(), 2); /* clr: the one below does not become current */
  MT_CHECK(hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, ctx1);
  popped = (hipCtx_t)&popped;
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, (hipCtx_t)&popped);
  assert_string_equal(mockhip_last_reason(),
                      "hipCtxPopCurrent: this thread's context stack is empty");
}

static void test_set_current_replaces_the_top(void **state) {
  (void)state;
  hipCtx_t ctx0 = context_of(0), ctx1 = context_of(1), ctx3 = context_of(3), popped = NULL;
  MT_CHECK(hipCtxPushCurrent(ctx0));
  MT_CHECK(hipCtxPushCurrent(ctx1));
  MT_CHECK(hipCtxSetCurrent(ctx3));
  assert_int_equal(current_device(), 3);
  MT_CHECK(hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, ctx3);
  /* NULL pops the top and leaves the current device alone. */
  MT_CHECK(hipCtxSetCurrent(NULL));
  assert_int_equal(current_device(), 3);
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL));
  MT_CHECK(hipCtxSetCurrent(NULL)); /* on an empty stack: nothing to do */
  assert_int_equal(current_device(), 3);
}

/* One stack per thread; a new thread's current context is device 0's. */
typedef struct thread_view {
  hipError_t pop;
  hipCtx_t current;
  int device_after_set;
  hipCtx_t set_to;
} thread_view;

static void *look_from_thread(void *arg) {
  thread_view *view = arg;
  view->pop = hipCtxPopCurrent(NULL);
  hipCtxGetCurrent(&view->current);
  hipCtxSetCurrent(view->set_to);
  hipGetDevice(&view->device_after_set);
  return NULL;
}

static void test_the_stack_belongs_to_the_thread(void **state) {
  (void)state;
  hipCtx_t ctx0 = context_of(0), ctx2 = context_of(2);
  MT_CHECK(hipCtxPushCurrent(ctx2));
  thread_view view = {hipSuccess, NULL, -1, context_of(1)};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, look_from_thread, &view), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_int_equal(view.pop, hipErrorInvalidContext);
  assert_ptr_equal(view.current, ctx0);
  assert_int_equal(view.device_after_set, 1);
  assert_int_equal(current_device(), 2);
  MT_CHECK(hipCtxPopCurrent(NULL));
}

/* vLLM's allocator (csrc/cumem_allocator.cpp) before it creates and maps memory. */
static void ensure_context(int device) {
  hipCtx_t pctx = NULL;
  MT_CHECK(hipCtxGetCurrent(&pctx));
  if (!pctx) {
    MT_CHECK(hipDevicePrimaryCtxRetain(&pctx, device));
    MT_CHECK(hipCtxSetCurrent(pctx));
  }
}

static void *allocate_on_device_1(void *arg) {
  (void)arg;
  hipCtx_t pctx = NULL;
  ensure_context(1);
  /* What the allocator does when it finds none, and on a thread bound to device 1. */
  MT_CHECK(hipDevicePrimaryCtxRetain(&pctx, 1));
  MT_CHECK(hipCtxSetCurrent(pctx));
  hipMemAllocationProp prop = mt_prop_device(1);
  size_t granularity = 0;
  MT_CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  void *ptr = NULL;
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemAddressReserve(&ptr, granularity, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, granularity, &prop, 0));
  MT_CHECK(hipMemMap(ptr, granularity, 0, handle, 0));
  hipMemAccessDesc access = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(ptr, granularity, &access, 1));
  MT_CHECK(hipMemsetD32(ptr, 0x01020304, granularity / 4)); /* as device 1, the current one */
  unsigned word = 0;
  MT_CHECK(hipMemcpyDtoH(&word, ptr, sizeof word));
  assert_int_equal(word, 0x01020304);
  MT_CHECK(hipMemUnmap(ptr, granularity));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(ptr, granularity));
  MT_CHECK(hipCtxPopCurrent(NULL));
  MT_CHECK(hipDevicePrimaryCtxRelease(1));
  return NULL;
}

static void test_vllm_allocator_flow(void **state) {
  (void)state;
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, allocate_on_device_1, NULL), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
}

static void test_stack_limit(void **state) {
  (void)state;
  hipCtx_t ctx1 = context_of(1);
  for (int i = 0; i < 256; i++)
    MT_CHECK(hipCtxPushCurrent(ctx1));
  MT_EXPECT(hipErrorOutOfMemory, hipCtxPushCurrent(ctx1));
  for (int i = 0; i < 256; i++)
    MT_CHECK(hipCtxPopCurrent(NULL));
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL));
}

static void test_ctx_synchronize_is_not_supported(void **state) {
  (void)state;
  MT_EXPECT(hipErrorNotSupported, hipCtxSynchronize()); /* as clr */
  MT_CHECK(hipDeviceSynchronize());
}

/* ---- hipDeviceReset ---- */

static void test_device_reset_frees_the_devices_memory_and_streams(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  mt_set_access(&m, hipMemLocationTypeDevice, 1, hipMemAccessFlagsProtReadWrite);
  void *kept = NULL, *freed[2] = {NULL, NULL};
  hipStream_t kept_stream = NULL, freed_stream = NULL, other_freed_stream = NULL;
  MT_CHECK(hipMalloc(&kept, 4096));
  MT_CHECK(hipStreamCreate(&kept_stream));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMalloc(&freed[0], 4096));
  MT_CHECK(hipMalloc(&freed[1], 100));
  MT_CHECK(hipStreamCreate(&freed_stream));
  MT_CHECK(hipStreamCreate(&other_freed_stream));
  MT_CHECK(hipDeviceEnablePeerAccess(0, 0));
  MT_CHECK(hipCtxPushCurrent(context_of(1)));
  mockhip_stats_t before = mt_stats();
  size_t free_before = 0, total = 0;
  MT_CHECK(hipMemGetInfo(&free_before, &total));

  MT_CHECK(hipDeviceReset());
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.live_mallocs, before.live_mallocs - 2);
  assert_int_equal(after.malloc_bytes, before.malloc_bytes - 2 * 4096);
  assert_int_equal(after.live_streams, before.live_streams - 2);
  size_t free_after = 0;
  MT_CHECK(hipMemGetInfo(&free_after, &total));
  assert_int_equal(free_after, free_before + 2 * 4096);
  MT_EXPECT(hipErrorInvalidValue, hipFree(freed[0])); /* hip-tests Unit_hipDeviceReset_Positive */
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamDestroy(freed_stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamSynchronize(other_freed_stream));
  /* Kept: device 0's objects, VMM objects, peer access and the context stack (clr Reset). */
  MT_CHECK(hipMemsetD8(m.base, 0x5c, granule));
  MT_EXPECT(hipErrorPeerAccessAlreadyEnabled, hipDeviceEnablePeerAccess(0, 0));
  MT_CHECK(hipDeviceDisablePeerAccess(0));
  MT_CHECK(hipCtxPopCurrent(NULL));
  /* What reset freed is no leak: the report names the mapping's three objects and device 0's
     block and stream. */
  FILE *report = tmpfile();
  assert_non_null(report);
  assert_int_equal(mockhip_leak_report(report), 5);
  char *text = mt_read_stream(report);
  char freed_block[32];
  snprintf(freed_block, sizeof freed_block, "block %p", freed[1]);
  assert_null(strstr(text, freed_block));
  free(text);
  fclose(report);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipStreamDestroy(kept_stream));
  MT_CHECK(hipFree(kept));
  mt_mapping_destroy(&m);
}

/* ---- hipCtxCreate and hipCtxDestroy (clr hip_context.cpp) ---- */

/* hip-tests' initHipCtx: create pushes the device's primary context without making it current,
   and destroy pops it again when it is on top. */
static void test_create_pushes_and_destroy_pops(void **state) {
  (void)state;
  hipCtx_t created = NULL, popped = NULL;
  MT_CHECK(hipCtxCreate(&created, 0, 2));
  assert_ptr_equal(created, context_of(2));
  assert_int_equal(current_device(), 0); /* not made current */
  assert_int_equal(retains_of(2), 1);
  MT_CHECK(hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, created);
  MT_CHECK(hipCtxCreate(&created, 0, 2));
  MT_CHECK(hipCtxDestroy(created));
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL)); /* popped by the destroy */
  assert_int_equal(retains_of(2), 1); /* the first create's, popped but not destroyed */
  /* not on top: nothing popped, the retain released; a value that is no context is only
     compared */
  MT_CHECK(hipCtxPushCurrent(context_of(1)));
  MT_CHECK(hipCtxDestroy(created));
  MT_CHECK(hipCtxDestroy((hipCtx_t)(uintptr_t)0x1234));
  assert_int_equal(retains_of(2), 0);
  MT_CHECK(hipCtxPopCurrent(&popped));
  assert_ptr_equal(popped, context_of(1));
}

/* ---- negative ---- */

static void test_context_calls_refuse_bad_arguments(void **state) {
  (void)state;
  hipCtx_t ctx0 = context_of(0), ctx1 = context_of(1);
  uintptr_t stride = (uintptr_t)ctx1 - (uintptr_t)ctx0;
  /* Device 4's context would be next; there are 4 devices. Never dereferenced. */
  hipCtx_t past = (hipCtx_t)((uintptr_t)ctx0 + DEVICES * stride);
  hipCtx_t before = (hipCtx_t)((uintptr_t)ctx0 - stride);
  hipCtx_t garbage[] = {past, before, (hipCtx_t)(uintptr_t)0x1234, (hipCtx_t)&stride,
                        (hipCtx_t)UINTPTR_MAX};
  for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
    MT_EXPECT(hipErrorInvalidContext, hipCtxSetCurrent(garbage[i]));
    MT_EXPECT(hipErrorInvalidContext, hipCtxPushCurrent(garbage[i]));
  }
  assert_int_equal(current_device(), 0);
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL)); /* nothing was pushed */
  MT_EXPECT(hipErrorInvalidContext, hipCtxPushCurrent(NULL));
  assert_string_equal(mockhip_last_reason(), "hipCtxPushCurrent: ctx is NULL");
  MT_EXPECT(hipErrorInvalidValue, hipCtxGetCurrent(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipCtxGetDevice(NULL));
  hipCtx_t out = ctx1;
  MT_EXPECT(hipErrorInvalidValue, hipDevicePrimaryCtxRetain(NULL, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxRetain(NULL, DEVICES)); /* device first */
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxRetain(&out, -1));
  assert_ptr_equal(out, ctx1);
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxRelease(-1));
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxRelease(DEVICES));
  unsigned int flags = 77;
  int active = 77;
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxGetState(DEVICES, &flags, &active));
  MT_EXPECT(hipErrorInvalidDevice, hipDevicePrimaryCtxGetState(-1, NULL, NULL));
  assert_string_equal(mockhip_last_reason(), "hipDevicePrimaryCtxGetState: dev -1 is not in 0..3");
  assert_int_equal(flags + (unsigned)active, 154);
  out = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipCtxCreate(&out, 0, DEVICES)); /* clr: InvalidValue */
  MT_EXPECT(hipErrorInvalidValue, hipCtxCreate(&out, 0, -1));
  MT_EXPECT(hipErrorInvalidValue, hipCtxCreate(NULL, 0, 0));
  assert_null(out);
  MT_EXPECT(hipErrorInvalidValue, hipCtxDestroy(NULL));
  MT_EXPECT(hipErrorInvalidContext, hipCtxPopCurrent(NULL)); /* nothing was pushed */
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "4", 1);
  const struct CMUnitTest positive[] = {
      CONTEXT_TEST(test_primary_state_starts_inactive),
      CONTEXT_TEST(test_primary_contexts_are_stable_and_distinct),
      CONTEXT_TEST(test_primary_reset_does_nothing),
      CONTEXT_TEST(test_current_context_follows_the_device),
      CONTEXT_TEST(test_push_and_pop),
      CONTEXT_TEST(test_set_current_replaces_the_top),
      CONTEXT_TEST(test_the_stack_belongs_to_the_thread),
      CONTEXT_TEST(test_vllm_allocator_flow),
      CONTEXT_TEST(test_stack_limit),
      CONTEXT_TEST(test_ctx_synchronize_is_not_supported),
      CONTEXT_TEST(test_device_reset_frees_the_devices_memory_and_streams),
      CONTEXT_TEST(test_create_pushes_and_destroy_pops),
  };
  const struct CMUnitTest negative[] = {
      CONTEXT_TEST(test_context_calls_refuse_bad_arguments),
  };
  return cmocka_run_group_tests_name("contexts", positive, NULL, NULL) +
         cmocka_run_group_tests_name("contexts_negative", negative, NULL, NULL);
}
