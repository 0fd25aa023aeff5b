/*
 * test_retain.c: hipMemRetainAllocationHandle and
 * hipMemGetAllocationPropertiesFromHandle (reference a.10, a.11).
 */
#include "conformance.h"

/* ---- negative ---- */

static void retain_rejects_null_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  assert_hip(hipMemRetainAllocationHandle(NULL, ptr), hipErrorInvalidValue);
}

static void retain_rejects_null_address(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_retain(ctx, hipErrorInvalidValue, NULL);
}

static void retain_rejects_reserved_unmapped(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_expect_retain(ctx, hipErrorInvalidValue, ptr);
}

static void retain_rejects_address_after_unmap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_expect_retain(ctx, hipErrorInvalidValue, ptr);
}

static void retain_rejects_hipmalloc_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_malloc(ctx, ctx->size_mem);
  conf_expect_retain(ctx, hipErrorInvalidValue, ptr);
}

static void properties_reject_null_prop(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  assert_hip(hipMemGetAllocationPropertiesFromHandle(NULL, handle), hipErrorInvalidValue);
}

static void properties_reject_null_handle(void **state) {
  (void)conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  assert_hip(hipMemGetAllocationPropertiesFromHandle(&prop, NULL), hipErrorInvalidValue);
}

/* ---- functional ---- */

static void retain_returns_created_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  hipMemGenericAllocationHandle_t retained = conf_retain(ctx, ptr);
  assert_ptr_equal(retained, handle);
  conf_release(ctx, retained);
}

static void retain_accepts_any_address_in_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  char *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  assert_ptr_equal(conf_retain(ctx, ptr + ctx->size_mem / 2), handle);
  assert_ptr_equal(conf_retain(ctx, ptr + ctx->size_mem - 1), handle);
}

/* The retained reference alone keeps the memory once creator and mapping let go. */
static void retain_adds_a_reference(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_fill(ptr, ctx->size_mem, 70);
  hipMemGenericAllocationHandle_t retained = conf_retain(ctx, ptr);
  conf_release(ctx, handle);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, retained);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr, ctx->size_mem, 70);
}

static void properties_return_creation_values(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count && device < 4; device++) {
    hipMemAllocationProp created = conf_prop(device);
    created.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
    hipMemGenericAllocationHandle_t handle = conf_create_with(ctx, ctx->size_mem, &created);
    hipMemAllocationProp got = conf_prop(0);
    got.type = hipMemAllocationTypeInvalid;
    got.location.type = hipMemLocationTypeInvalid;
    got.location.id = -7;
    assert_hip(hipMemGetAllocationPropertiesFromHandle(&got, handle), hipSuccess);
    assert_int_equal(got.type, hipMemAllocationTypePinned);
    assert_int_equal(got.location.type, hipMemLocationTypeDevice);
    assert_int_equal(got.location.id, device);
    assert_int_equal(got.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
    conf_release(ctx, handle);
  }
}

static const conf_rule negative_rules[] = {
    CONF_RULE(retain_rejects_null_handle,
              "a.10#1; c.1 Unit_hipMemRetainAllocationHandle_NegTst out-handle NULL"),
    CONF_RULE(retain_rejects_null_address,
              "a.10#1; c.1 Unit_hipMemRetainAllocationHandle_NegTst addr NULL"),
    CONF_RULE(retain_rejects_reserved_unmapped,
              "a.10#2; c.1 Unit_hipMemRetainAllocationHandle_NegTst reserved never mapped"),
    CONF_RULE(retain_rejects_address_after_unmap,
              "a.10#2; c.1 Unit_hipMemRetainAllocationHandle_NegTst VA after unmap"),
    CONF_RULE(retain_rejects_hipmalloc_memory, "a.10#3 (new)"),
    CONF_RULE(properties_reject_null_prop,
              "a.11#1; c.1 Unit_hipMemGetAllocationPropertiesFromHandle_Negative prop NULL"),
    CONF_RULE(properties_reject_null_handle,
              "a.11#1; c.1 Unit_hipMemGetAllocationPropertiesFromHandle_Negative handle NULL"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(retain_returns_created_handle,
              "a.10#4; c.2 Unit_hipMemRetainAllocationHandle_SetGet"),
    CONF_RULE(retain_accepts_any_address_in_mapping, "a.10 (containment lookup)"),
    CONF_RULE(retain_adds_a_reference, "a.10#4 (new: reference +1); b.1"),
    CONF_RULE(properties_return_creation_values,
              "a.11#2; c.2 Unit_hipMemGetAllocationPropertiesFromHandle_functional"),
};

const conf_group conf_group_retain_negative = CONF_GROUP("retain_negative", negative_rules);
const conf_group conf_group_retain = CONF_GROUP("retain", functional_rules);
