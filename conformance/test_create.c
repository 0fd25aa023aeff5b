/*
 * test_create.c: hipMemCreate and hipMemRelease (reference a.4, a.5, b.1, b.2).
 */
#include "conformance.h"

/* ---- negative ---- */

static void create_rejects_null_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  assert_hip(hipMemCreate(NULL, ctx->size_mem, &prop, 0), hipErrorInvalidValue);
}

static void create_rejects_null_prop(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_create(ctx, hipErrorInvalidValue, ctx->size_mem, NULL, 0);
}

static void create_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  conf_expect_create(ctx, hipErrorInvalidValue, 0, &prop, 0);
}

static void create_rejects_nonzero_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  conf_expect_create(ctx, hipErrorInvalidValue, ctx->size_mem, &prop, 1);
}

static void create_rejects_invalid_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.type = hipMemAllocationTypeInvalid;
  conf_expect_create(ctx, hipErrorInvalidValue, ctx->size_mem, &prop, 0);
}

static void create_rejects_invalid_location_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.location.type = hipMemLocationTypeInvalid;
  conf_expect_create(ctx, hipErrorInvalidValue, ctx->size_mem, &prop, 0);
}

static void create_rejects_size_granularity_minus_one(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  conf_expect_create(ctx, hipErrorInvalidValue, ctx->granularity - 1, &prop, 0);
}

static void create_rejects_device_id_minus_one(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(-1);
  conf_expect_create(ctx, hipErrorInvalidDevice, ctx->size_mem, &prop, 0);
}

static void create_rejects_device_id_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(ctx->device_count);
  conf_expect_create(ctx, hipErrorInvalidDevice, ctx->size_mem, &prop, 0);
}

static void create_rejects_unsupported_handle_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.requestedHandleType = hipMemHandleTypeWin32;
  conf_expect_create(ctx, hipErrorNotSupported, ctx->size_mem, &prop, 0);
}

/* A multiple of 2048 passes HIP's check but not the page-size rule below it. */
static void create_size_not_page_multiple_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  conf_expect_create(ctx, hipErrorOutOfMemory, ctx->granularity + 2048, &prop, 0);
}

static void create_rejects_size_beyond_device_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t free_bytes = 0, total_bytes = 0;
  assert_hip(hipMemGetInfo(&free_bytes, &total_bytes), hipSuccess);
  hipMemAllocationProp prop = conf_prop(0);
  conf_expect_create(ctx, hipErrorOutOfMemory, conf_round_up(2 * total_bytes, ctx->granularity),
                     &prop, 0);
}

static void release_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipMemRelease(NULL), hipErrorInvalidValue);
}

/* ---- functional ---- */

static void create_release_granularity_multiples(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (size_t count = 1; count < 64; count++) {
    hipMemGenericAllocationHandle_t handle = conf_create(ctx, count * ctx->granularity);
    conf_release(ctx, handle);
  }
}

static void create_round_trip_release_after_unmap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_fill(ptr, ctx->size_mem, 1);
  conf_expect_data(ptr, ctx->size_mem, 1);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_free(ctx, ptr, ctx->size_mem);
  conf_release(ctx, handle);
}

static void create_round_trip_release_before_use(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_release(ctx, handle); /* the mapping keeps the memory */
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 2);
  conf_expect_data(ptr, ctx->size_mem, 2);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_free(ctx, ptr, ctx->size_mem);
}

static void create_map_non_contiguous_chunks(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t chunk = ctx->size_mem;
  char *ptr = conf_reserve(ctx, 3 * chunk, 0);
  for (int i = 0; i < 3; i++) {
    hipMemGenericAllocationHandle_t handle = conf_create(ctx, chunk);
    conf_map(ctx, ptr + i * chunk, chunk, handle);
    conf_release(ctx, handle);
  }
  conf_set_access(ptr, 3 * chunk, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, 3 * chunk, 3);
  conf_expect_data(ptr, 3 * chunk, 3);
  for (int i = 0; i < 3; i++)
    conf_unmap(ctx, ptr + i * chunk, chunk);
  conf_free(ctx, ptr, 3 * chunk);
}

static void create_host_location_usable(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.location.type = HIPVMM_LOCATION_HOST;
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create_with(ctx, ctx->size_mem, &prop);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  hipMemAccessDesc host = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  host.location.type = HIPVMM_LOCATION_HOST;
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &host, 1), hipSuccess);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 4);
  conf_expect_data(ptr, ctx->size_mem, 4);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(create_rejects_null_handle, "a.4#1; c.1 Unit_hipMemCreate_Negative handle NULL"),
    CONF_RULE(create_rejects_null_prop, "a.4#1; c.1 Unit_hipMemCreate_Negative prop NULL"),
    CONF_RULE(create_rejects_size_zero, "a.4#1; c.1 Unit_hipMemCreate_Negative size 0"),
    CONF_RULE(create_rejects_nonzero_flags, "a.4#1"),
    CONF_RULE(create_rejects_invalid_type, "a.4#2; c.1 Unit_hipMemCreate_Negative type Invalid"),
    CONF_RULE(create_rejects_invalid_location_type,
              "a.4#3; c.1 Unit_hipMemCreate_Negative location.type Invalid"),
    CONF_RULE(create_rejects_size_granularity_minus_one,
              "a.4#7; c.1 Unit_hipMemCreate_Negative size granularity-1"),
    CONF_RULE(create_rejects_device_id_minus_one,
              "a.4#4 (new); c.1 Unit_hipMemCreate_Negative location.id -1 (HT-SYS)"),
    CONF_RULE(create_rejects_device_id_count,
              "a.4#4 (new); c.1 Unit_hipMemCreate_Negative location.id deviceCount (HT-SYS)"),
    CONF_RULE(create_rejects_unsupported_handle_type, "a.4#5"),
    CONF_RULE(create_size_not_page_multiple_is_out_of_memory, "a.4#8; 0.1 fact 4"),
    CONF_RULE(create_rejects_size_beyond_device_memory, "a.4#6"),
    CONF_RULE(release_rejects_null, "a.5#1; c.1 Unit_hipMemRelease_negative"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(create_release_granularity_multiples,
              "c.2 Unit_hipMemCreate_BasicAllocateDeAlloc_MultGranularity"),
    CONF_RULE(create_round_trip_release_after_unmap,
              "c.2 Unit_hipMemCreate_ChkDev2HstMemcpy_ReleaseHdlPostUnmap"),
    CONF_RULE(create_round_trip_release_before_use,
              "b.2; c.2 Unit_hipMemCreate_ChkDev2HstMemcpy_ReleaseHdlPreUse"),
    CONF_RULE(create_map_non_contiguous_chunks,
              "b.6; c.2 Unit_hipMemCreate_MapNonContiguousChunks"),
    CONF_RULE(create_host_location_usable,
              "a.4#3 (new); c.2 Unit_hipMemSetAccessHostDevice_hostalloc (copies, no kernel)"),
};

const conf_group conf_group_create_negative = CONF_GROUP("create_negative", negative_rules);
const conf_group conf_group_create = CONF_GROUP("create", functional_rules);
