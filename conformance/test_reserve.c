/*
 * test_reserve.c: hipMemAddressReserve and hipMemAddressFree (reference a.2, a.3).
 */
#include "conformance.h"

/* ---- negative ---- */

static void reserve_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipMemAddressReserve(NULL, ctx->size_mem, 0, NULL, 0), hipErrorInvalidValue);
}

static void reserve_rejects_nonzero_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_reserve(ctx, hipErrorInvalidValue, ctx->size_mem, 0, 1);
}

static void reserve_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_reserve(ctx, hipErrorInvalidValue, 0, 0, 0);
}

static void reserve_rejects_alignment_not_power_of_two(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_reserve(ctx, hipErrorInvalidValue, ctx->size_mem, 3, 0);
}

static void reserve_rejects_size_not_multiple_of_granularity(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_expect_reserve(ctx, hipErrorInvalidValue, ctx->size_mem - 1, 0, 0);
}

static void free_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipMemAddressFree(NULL, ctx->size_mem), hipErrorInvalidValue);
}

static void free_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  assert_hip(hipMemAddressFree(ptr, 0), hipErrorInvalidValue);
}

static void free_rejects_address_not_reserved(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_free(ctx, ptr, ctx->size_mem);
  assert_hip(hipMemAddressFree(ptr, ctx->size_mem), hipErrorInvalidValue);
}

/* ---- functional ---- */

static void reserve_honours_alignment_up_to_4096(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  for (size_t alignment = 2; alignment <= 4096; alignment *= 2) {
    char *ptr = conf_reserve(ctx, ctx->size_mem, alignment);
    assert_int_equal((uintptr_t)ptr % alignment, 0);
    conf_map(ctx, ptr, ctx->size_mem, handle);
    conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, (unsigned)alignment);
    conf_expect_data(ptr, ctx->size_mem, (unsigned)alignment);
    conf_unmap(ctx, ptr, ctx->size_mem);
    conf_free(ctx, ptr, ctx->size_mem);
  }
}

static void reserve_honours_large_alignment(void **state) {
  conf_ctx *ctx = conf_begin(state);
  static const size_t alignments[] = {64 << 10, 2 << 20, 64 << 20, 1 << 30};
  for (size_t i = 0; i < sizeof alignments / sizeof alignments[0]; i++) {
    char *ptr = conf_reserve(ctx, ctx->size_mem, alignments[i]);
    assert_int_equal((uintptr_t)ptr % alignments[i], 0);
    conf_free(ctx, ptr, ctx->size_mem);
  }
}

static void reserve_with_taken_hint_returns_other_address(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *taken = conf_reserve(ctx, ctx->size_mem, 0);
  void *ptr = NULL;
  hipError_t status = hipMemAddressReserve(&ptr, ctx->size_mem, 0, taken, 0);
  if (status == hipSuccess && ptr != NULL && ptr != (void *)taken)
    assert_hip(hipMemAddressFree(ptr, ctx->size_mem), hipSuccess);
  assert_hip(status, hipSuccess);
  assert_non_null(ptr);
  assert_ptr_not_equal(ptr, taken);
}

static void free_of_interior_address_frees_whole_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 4 * ctx->granularity;
  char *ptr = conf_reserve(ctx, bytes, 0);
  conf_free(ctx, ptr + ctx->granularity, ctx->granularity);
  assert_hip(hipMemAddressFree(ptr, bytes), hipErrorInvalidValue);
}

static void free_ignores_size(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 4 * ctx->granularity;
  char *ptr = conf_reserve(ctx, bytes, 0);
  conf_free(ctx, ptr, ctx->granularity);
  assert_hip(hipMemAddressFree(ptr, bytes), hipErrorInvalidValue);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(reserve_rejects_null_ptr, "a.2#1; c.1 Unit_hipMemAddressReserve_Negative ptr NULL"),
    CONF_RULE(reserve_rejects_nonzero_flags, "a.2#1"),
    CONF_RULE(reserve_rejects_size_zero, "a.2#2; c.1 Unit_hipMemAddressReserve_Negative size 0"),
    CONF_RULE(reserve_rejects_alignment_not_power_of_two,
              "a.2#4; c.1 Unit_hipMemAddressReserve_Negative alignment 3"),
    CONF_RULE(reserve_rejects_size_not_multiple_of_granularity,
              "a.2#3; c.1 Unit_hipMemAddressReserve_Negative size_mem-1"),
    CONF_RULE(free_rejects_null_ptr, "a.3#1; c.1 Unit_hipMemAddressFree_negative ptr NULL"),
    CONF_RULE(free_rejects_size_zero, "a.3#1; c.1 Unit_hipMemAddressFree_negative size 0"),
    CONF_RULE(free_rejects_address_not_reserved, "a.3#2 (new)"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(reserve_honours_alignment_up_to_4096,
              "a.2#4; c.2 Unit_hipMemAddressReserve_AlignmentTest"),
    CONF_RULE(reserve_honours_large_alignment,
              "a.2#4 (power of two accepted); a.2 details: ROCm does not forward it"),
    CONF_RULE(reserve_with_taken_hint_returns_other_address, "a.2#6"),
    CONF_RULE(free_of_interior_address_frees_whole_reservation, "a.3#4"),
    CONF_RULE(free_ignores_size, "a.3#3"),
};

const conf_group conf_group_reserve_negative = CONF_GROUP("reserve_negative", negative_rules);
const conf_group conf_group_reserve = CONF_GROUP("reserve", functional_rules);
