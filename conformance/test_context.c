/*
 * test_context.c: contexts as ROCm has them (clr hip_context.cpp): one
 * primary context per device, which is the device; the calling thread's
 * current context is its current device; a context stack per thread whose
 * pop does not make the context below current. The context calls are
 * deprecated in ROCm's header, and vLLM's allocator uses them all the same.
 *
 * The stack belongs to the thread, and rules run one after another on one
 * thread: each rule empties what it pushed before it asserts.
 */
#include "conformance.h"

#include <pthread.h>

/* ROCm marks the hipCtx calls deprecated; using them is the point here. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static void drain_stack(void) {
  while (hipCtxPopCurrent(NULL) == hipSuccess)
    ;
  (void)hipGetLastError();
}

static hipCtx_t primary_of(int device) {
  hipCtx_t ctx = NULL;
  assert_hip(hipDevicePrimaryCtxRetain(&ctx, device), hipSuccess);
  assert_hip(hipDevicePrimaryCtxRelease(device), hipSuccess);
  assert_non_null(ctx);
  return ctx;
}

/* ---- negative ---- */

static void ctx_push_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipCtxPushCurrent(NULL), hipErrorInvalidContext);
}

static void *pop_in_new_thread(void *out) {
  *(hipError_t *)out = hipCtxPopCurrent(NULL);
  return NULL;
}

static void ctx_pop_on_empty_stack_fails(void **state) {
  (void)conf_begin(state);
  hipError_t got = hipSuccess;
  pthread_t thread; /* a new thread's stack is empty */
  assert_int_equal(pthread_create(&thread, NULL, pop_in_new_thread, &got), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_hip(got, hipErrorInvalidContext);
}

static void ctx_get_device_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipCtxGetDevice(NULL), hipErrorInvalidValue);
}

static void primary_retain_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDevicePrimaryCtxRetain(NULL, 0), hipErrorInvalidValue);
}

static void primary_retain_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipCtx_t pctx = NULL;
  assert_hip(hipDevicePrimaryCtxRetain(&pctx, ctx->device_count), hipErrorInvalidDevice);
  assert_hip(hipDevicePrimaryCtxRetain(&pctx, -1), hipErrorInvalidDevice);
}

static void primary_release_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipDevicePrimaryCtxRelease(ctx->device_count), hipErrorInvalidDevice);
  assert_hip(hipDevicePrimaryCtxRelease(-1), hipErrorInvalidDevice);
}

static void primary_get_state_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  unsigned int flags = 0;
  int active = 0;
  assert_hip(hipDevicePrimaryCtxGetState(ctx->device_count, &flags, &active),
             hipErrorInvalidDevice);
  assert_hip(hipDevicePrimaryCtxGetState(-1, &flags, &active), hipErrorInvalidDevice);
}

/* ---- functional ---- */

static void current_context_is_the_primary_one(void **state) {
  (void)conf_begin(state);
  hipCtx_t current = NULL, again = NULL;
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
  assert_hip(hipCtxGetCurrent(&again), hipSuccess);
  assert_non_null(current);
  assert_ptr_equal(current, again);
  assert_ptr_equal(current, primary_of(0));
  int device = -1;
  assert_hip(hipCtxGetDevice(&device), hipSuccess);
  assert_int_equal(device, 0);
}

static void primary_contexts_are_distinct(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  assert_ptr_not_equal(primary_of(0), primary_of(1));
}

static void current_context_follows_set_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hipCtx_t current = NULL;
  int device = -1;
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
  assert_ptr_equal(current, primary_of(1));
  assert_hip(hipCtxGetDevice(&device), hipSuccess);
  assert_int_equal(device, 1);
}

static void set_current_sets_the_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hipError_t set = hipCtxSetCurrent(primary_of(1));
  int device = -1;
  hipError_t get = hipGetDevice(&device);
  drain_stack();
  assert_hip(set, hipSuccess);
  assert_hip(get, hipSuccess);
  assert_int_equal(device, 1);
}

static void set_current_null_keeps_the_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  drain_stack();
  hipError_t set = hipCtxSetCurrent(primary_of(1));
  hipError_t unset = hipCtxSetCurrent(NULL);
  hipError_t pop = hipCtxPopCurrent(NULL); /* NULL popped what set pushed */
  hipCtx_t current = NULL;
  assert_hip(hipCtxGetCurrent(&current), hipSuccess);
  drain_stack();
  assert_hip(set, hipSuccess);
  assert_hip(unset, hipSuccess);
  assert_hip(pop, hipErrorInvalidContext);
  assert_ptr_equal(current, primary_of(1));
}

static void push_pop_round_trip(void **state) {
  (void)conf_begin(state);
  hipCtx_t ctx0 = primary_of(0), popped = NULL;
  hipError_t push = hipCtxPushCurrent(ctx0);
  hipError_t pop = hipCtxPopCurrent(&popped);
  drain_stack();
  assert_hip(push, hipSuccess);
  assert_hip(pop, hipSuccess);
  assert_ptr_equal(popped, ctx0);
}

static void pop_keeps_the_current_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  drain_stack();
  hipError_t push = hipCtxPushCurrent(primary_of(1));
  hipError_t pop = hipCtxPopCurrent(NULL);
  int device = -1;
  assert_hip(hipGetDevice(&device), hipSuccess);
  drain_stack();
  assert_hip(push, hipSuccess);
  assert_hip(pop, hipSuccess);
  assert_int_equal(device, 1);
}

static void primary_state_after_set_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    unsigned int flags = 77;
    int active = 77;
    assert_hip(hipSetDevice(device), hipSuccess);
    assert_hip(hipDevicePrimaryCtxGetState(device, &flags, &active), hipSuccess);
    assert_int_equal(flags, 0);
    assert_int_equal(active, 1);
    assert_hip(hipDevicePrimaryCtxGetState(device, NULL, NULL), hipSuccess);
  }
}

static void primary_release_without_retain_succeeds(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDevicePrimaryCtxRelease(0), hipSuccess);
}

static void primary_reset_succeeds(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDevicePrimaryCtxReset(0), hipSuccess);
}

static void ctx_synchronize_is_not_supported(void **state) {
  (void)conf_begin(state);
  assert_hip(hipCtxSynchronize(), hipErrorNotSupported);
}

/* ---- hipCtxCreate and hipCtxDestroy (clr hip_context.cpp) ---- */

/* hip-nvidia's hipCtxCreate is cuCtxCreate: a context of its own, made current, which ROCm's is
   not; its hipCtxDestroy is cuCtxDestroy. The rules of ROCm's model skip there. */
#if defined(HIPVMM_HIP_NVIDIA)
#define SKIP_ON_HIP_NVIDIA()                                                                       \
  conf_skip("hip-nvidia's hipCtxCreate is the CUDA driver's cuCtxCreate, a context of its own "    \
            "(ROCm's is the device's primary one)")
#else
#define SKIP_ON_HIP_NVIDIA() (void)0
#endif

static void ctx_create_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  SKIP_ON_HIP_NVIDIA();
  hipCtx_t created = NULL;
  hipError_t past = hipCtxCreate(&created, 0, ctx->device_count);
  hipError_t negative = hipCtxCreate(&created, 0, -1);
  drain_stack();
  assert_hip(past, hipErrorInvalidValue); /* InvalidValue, where the others say InvalidDevice */
  assert_hip(negative, hipErrorInvalidValue);
  assert_null(created);
}

static void ctx_destroy_rejects_null(void **state) {
  (void)conf_begin(state);
  SKIP_ON_HIP_NVIDIA();
  assert_hip(hipCtxDestroy(NULL), hipErrorInvalidValue);
}

/* The context is the device's primary one, pushed but not made current; destroy pops it. */
static void ctx_create_pushes_without_making_current(void **state) {
  conf_ctx *ctx = conf_begin(state);
  SKIP_ON_HIP_NVIDIA();
  conf_need_devices(ctx, 2);
  drain_stack();
  hipCtx_t created = NULL, popped = NULL;
  hipError_t create = hipCtxCreate(&created, 0, 1);
  int device = -1;
  hipError_t get = hipGetDevice(&device);
  hipError_t pop = hipCtxPopCurrent(&popped);
  hipError_t again = hipCtxCreate(&created, 0, 1);
  hipError_t destroy = hipCtxDestroy(created);
  hipError_t empty = hipCtxPopCurrent(NULL);
  drain_stack();
  assert_hip(create, hipSuccess);
  assert_hip(get, hipSuccess);
  assert_int_equal(device, 0);
  assert_hip(pop, hipSuccess);
  assert_ptr_equal(popped, primary_of(1));
  assert_hip(again, hipSuccess);
  assert_hip(destroy, hipSuccess);
  assert_hip(empty, hipErrorInvalidContext); /* the destroy popped it */
}

static const conf_rule negative_rules[] = {
    CONF_RULE(ctx_create_rejects_device, "clr hipCtxCreate (g_devices.size())"),
    CONF_RULE(ctx_destroy_rejects_null, "clr hipCtxDestroy"),
    CONF_RULE(ctx_push_rejects_null, "clr hipCtxPushCurrent"),
    CONF_RULE(ctx_pop_on_empty_stack_fails, "clr hipCtxPopCurrent"),
    CONF_RULE(ctx_get_device_rejects_null, "clr hipCtxGetDevice"),
    CONF_RULE(primary_retain_rejects_null, "clr hipDevicePrimaryCtxRetain"),
    CONF_RULE(primary_retain_rejects_device, "clr hipDevicePrimaryCtxRetain"),
    CONF_RULE(primary_release_rejects_device, "clr hipDevicePrimaryCtxRelease"),
    CONF_RULE(primary_get_state_rejects_device, "clr hipDevicePrimaryCtxGetState"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(current_context_is_the_primary_one,
              "clr hipCtxGetCurrent, hipDevicePrimaryCtxRetain, HIP_INIT (device 0 by default)"),
    CONF_RULE(primary_contexts_are_distinct, "clr hipDevicePrimaryCtxRetain (g_devices[dev])"),
    CONF_RULE(current_context_follows_set_device, "clr hipSetDevice, hipCtxGetCurrent"),
    CONF_RULE(set_current_sets_the_device, "clr hipCtxSetCurrent"),
    CONF_RULE(set_current_null_keeps_the_device, "clr hipCtxSetCurrent (NULL pops the top)"),
    CONF_RULE(push_pop_round_trip, "clr hipCtxPushCurrent, hipCtxPopCurrent"),
    CONF_RULE(pop_keeps_the_current_device, "clr hipCtxPopCurrent (tls.device_ unchanged)"),
    CONF_RULE(primary_state_after_set_device,
              "clr hipDevicePrimaryCtxGetState (flags 0), hipSetDevice (SetActiveStatus)"),
    CONF_RULE(primary_release_without_retain_succeeds, "clr hipDevicePrimaryCtxRelease"),
    CONF_RULE(primary_reset_succeeds, "clr hipDevicePrimaryCtxReset"),
    CONF_RULE(ctx_synchronize_is_not_supported, "clr hipCtxSynchronize"),
    CONF_RULE(ctx_create_pushes_without_making_current,
              "clr hipCtxCreate (ctxt_stack_.push), hipCtxDestroy (pops the top)"),
};

const conf_group conf_group_context_negative = CONF_GROUP("context_negative", negative_rules);
const conf_group conf_group_context = CONF_GROUP("context", functional_rules);
