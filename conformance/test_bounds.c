/*
 * test_bounds.c: both sides of every range boundary the reference states: the
 * end of a reservation and of a mapping with nothing after them (free, map,
 * unmap, set-access, get-access, retain, copies), the allocation's size for a
 * map, and the first of two back-to-back mappings (reference a.3, a.6-a.10,
 * b.6). The last address inside succeeds and the first one outside fails,
 * each in a layout where no other check could decide instead: a reservation
 * made right after another often ends where the other begins, so these
 * reservations have free address space after them (reserve_alone).
 */
#include "conformance.h"

/*
 * A tracked reservation of `bytes` with nothing reserved right after it:
 * twice the size is reserved and given back, then `bytes` asked for at its
 * start, which the runtime tries first (a.2#6). Skips when it is placed
 * elsewhere, where what follows is unknown.
 */
static char *reserve_alone(conf_ctx *ctx, size_t bytes) {
  return conf_reserve_hinted(ctx, bytes, conf_free_room(2 * bytes));
}

/* reserve_alone, mapped whole by one new allocation, read-write for device 0. */
static char *mapped_alone(conf_ctx *ctx, size_t bytes, hipMemGenericAllocationHandle_t *handle) {
  char *ptr = reserve_alone(ctx, bytes);
  hipMemGenericAllocationHandle_t created = conf_create(ctx, bytes);
  conf_map(ctx, ptr, bytes, created);
  conf_set_access(ptr, bytes, 0, hipMemAccessFlagsProtReadWrite);
  if (handle != NULL)
    *handle = created;
  return ptr;
}

/* Two allocations of two granules mapped back to back at the start of one
   reservation_alone of four, read-write, filled with patterns 1 and 2. */
static char *two_mappings(conf_ctx *ctx) {
  size_t half = 2 * ctx->granularity;
  char *ptr = reserve_alone(ctx, 2 * half);
  for (unsigned i = 0; i < 2; i++) {
    conf_map(ctx, ptr + i * half, half, conf_create(ctx, half));
    conf_set_access(ptr + i * half, half, 0, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr + i * half, half, 1 + i);
  }
  return ptr;
}

/* The second of two_mappings is as it was made: mapped, read-write, its data. */
static void expect_second_intact(conf_ctx *ctx, char *ptr) {
  size_t half = 2 * ctx->granularity;
  assert_int_equal(conf_get_access(ptr + half, 0), hipMemAccessFlagsProtReadWrite);
  assert_int_equal(conf_get_access(ptr + 2 * half - 1, 0), hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr + half, half, 2);
}

/* ---- negative: the first address outside ---- */

static void free_rejects_reservation_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = reserve_alone(ctx, bytes);
  assert_hip(hipMemAddressFree(ptr + bytes, ctx->granularity), hipErrorInvalidValue);
  /* The reservation is still there: it can be mapped. */
  conf_map(ctx, ptr, bytes, conf_create(ctx, bytes));
}

static void map_rejects_reservation_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = reserve_alone(ctx, bytes);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->granularity);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr + bytes, ctx->granularity, 0, handle, 0);
}

static void map_rejects_one_granule_past_reservation_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t g = ctx->granularity;
  /* The handle first, so that nothing it needs lands past the reservation. */
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, 2 * g);
  char *ptr = reserve_alone(ctx, 2 * g);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr + g, 2 * g, 0, handle, 0);
}

static void map_rejects_one_granule_past_allocation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t g = ctx->granularity;
  char *ptr = reserve_alone(ctx, 2 * g);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, g);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, 2 * g, 0, handle, 0);
}

static void unmap_rejects_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr + bytes, ctx->granularity);
}

static void unmap_rejects_one_granule_past_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  conf_fill(ptr, bytes, 3);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, bytes + ctx->granularity);
  conf_expect_data(ptr, bytes, 3);
}

static void set_access_rejects_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemSetAccess(ptr + bytes, ctx->granularity, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_one_granule_past_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemSetAccess(ptr, bytes + ctx->granularity, &desc, 1), hipErrorInvalidValue);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
}

static void get_access_rejects_end_with_nothing_after(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  unsigned long long flags = 0xBAD;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemGetAccess(&flags, &location, ptr + bytes), hipErrorInvalidValue);
}

static void retain_rejects_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  conf_expect_retain(ctx, hipErrorInvalidValue, ptr + bytes);
}

static void unmap_rejects_part_of_first_of_two_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t g = ctx->granularity;
  char *ptr = two_mappings(ctx);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, g);     /* ends inside the first */
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, 3 * g); /* ends inside the second */
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr, 2 * g, 1);
  expect_second_intact(ctx, ptr);
}

static void set_access_rejects_part_of_first_of_two_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t g = ctx->granularity;
  char *ptr = two_mappings(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemSetAccess(ptr, g, &desc, 1), hipErrorInvalidValue);
  assert_hip(hipMemSetAccess(ptr, 3 * g, &desc, 1), hipErrorInvalidValue);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
  expect_second_intact(ctx, ptr);
}

/* ---- functional: the last address inside ---- */

static void free_at_last_granule_or_byte_frees_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  const size_t offsets[] = {bytes - ctx->granularity, bytes - 1};
  for (size_t i = 0; i < 2; i++) {
    char *ptr = reserve_alone(ctx, bytes);
    conf_free(ctx, ptr + offsets[i], ctx->granularity);
    assert_hip(hipMemAddressFree(ptr, bytes), hipErrorInvalidValue); /* gone, all of it */
  }
}

static void map_of_remaining_size_at_reservation_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t g = ctx->granularity;
  char *ptr = reserve_alone(ctx, 2 * g);
  conf_map(ctx, ptr + g, g, conf_create(ctx, 2 * g));
  conf_set_access(ptr + g, g, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr + g, g, 4);
  conf_expect_data(ptr + g, g, 4);
  conf_unmap(ctx, ptr + g, g);
}

static void map_of_allocation_size_to_reservation_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = reserve_alone(ctx, bytes);
  conf_map(ctx, ptr, bytes, conf_create(ctx, bytes));
  conf_set_access(ptr, bytes, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, bytes, 5);
  conf_expect_data(ptr, bytes, 5);
  conf_unmap(ctx, ptr, bytes);
}

static void access_at_last_granule_and_last_byte(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  conf_set_access(ptr, bytes, 0, hipMemAccessFlagsProtRead);
  assert_int_equal(conf_get_access(ptr + bytes - ctx->granularity, 0), hipMemAccessFlagsProtRead);
  assert_int_equal(conf_get_access(ptr + bytes - 1, 0), hipMemAccessFlagsProtRead);
}

static void retain_at_last_granule_and_last_byte(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  hipMemGenericAllocationHandle_t handle;
  char *ptr = mapped_alone(ctx, bytes, &handle);
  assert_ptr_equal(conf_retain(ctx, ptr + bytes - ctx->granularity), handle);
  assert_ptr_equal(conf_retain(ctx, ptr + bytes - 1), handle);
}

/* The byte before `end`, read back with a copy, is `want`. */
static void expect_last_byte(const char *end, unsigned char want) {
  unsigned char last = 0;
  assert_hip(hipMemcpy(&last, end - 1, 1, hipMemcpyDeviceToHost), hipSuccess);
  assert_int_equal(last, want);
}

/* 64 bytes that end at `end`, moved by every copy and set form, arrive. */
static void copy_every_form_to_end(conf_ctx *ctx, char *end, void *other) {
  enum { BYTES = 64 };
  char *at = end - BYTES;
  hipStream_t stream = conf_stream(ctx);
  uint32_t in[BYTES / 4], out[BYTES / 4];
  conf_pattern(in, BYTES, 6);
  assert_hip(hipMemcpy(at, in, BYTES, hipMemcpyHostToDevice), hipSuccess);
  assert_hip(hipMemcpy(out, at, BYTES, hipMemcpyDeviceToHost), hipSuccess);
  assert_int_equal(conf_pattern_mismatch(out, BYTES, 6), BYTES);
  assert_hip(hipMemcpy(other, at, BYTES, hipMemcpyDeviceToDevice), hipSuccess);
  assert_hip(hipMemcpy(at, other, BYTES, hipMemcpyDeviceToDevice), hipSuccess);
  assert_hip(hipMemcpy(at, in, BYTES, hipMemcpyDefault), hipSuccess);
  assert_hip(hipMemcpyHtoD(at, in, BYTES), hipSuccess);
  assert_hip(hipMemcpyDtoH(out, at, BYTES), hipSuccess);
  assert_hip(hipMemcpyDtoD(other, at, BYTES), hipSuccess);
  assert_hip(hipMemcpyDtoD(at, other, BYTES), hipSuccess);
  assert_hip(hipMemcpyAsync(at, in, BYTES, hipMemcpyHostToDevice, stream), hipSuccess);
  assert_hip(hipMemcpyHtoDAsync(at, in, BYTES, stream), hipSuccess);
  assert_hip(hipMemcpyDtoHAsync(out, at, BYTES, stream), hipSuccess);
  assert_hip(hipMemcpyDtoDAsync(other, at, BYTES, stream), hipSuccess);
  assert_hip(hipMemcpyDtoDAsync(at, other, BYTES, stream), hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_int_equal(conf_pattern_mismatch(out, BYTES, 6), BYTES);
  /* Sets reach the last byte too. */
  assert_hip(hipMemset(at, 0x11, BYTES), hipSuccess);
  expect_last_byte(end, 0x11);
  assert_hip(hipMemsetD8(at, 0x22, BYTES), hipSuccess);
  expect_last_byte(end, 0x22);
  assert_hip(hipMemsetD32(at, 0x33333333, BYTES / 4), hipSuccess);
  expect_last_byte(end, 0x33);
  assert_hip(hipMemsetAsync(at, 0x44, BYTES, stream), hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  expect_last_byte(end, 0x44);
  assert_hip(hipMemsetD8Async(at, 0x55, BYTES, stream), hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  expect_last_byte(end, 0x55);
  assert_hip(hipMemsetD32Async(at, 0x66666666, BYTES / 4, stream), hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  expect_last_byte(end, 0x66);
}

static void copies_reach_last_byte_of_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 2 * ctx->granularity;
  char *ptr = mapped_alone(ctx, bytes, NULL);
  void *other = conf_vmm(ctx, ctx->granularity, NULL);
  copy_every_form_to_end(ctx, ptr + bytes, other);
}

static void copies_reach_last_byte_of_hipmalloc_block(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *block = conf_malloc(ctx, ctx->size_mem);
  void *other = conf_vmm(ctx, ctx->granularity, NULL);
  copy_every_form_to_end(ctx, block + ctx->size_mem, other);
}

static void unmap_whole_first_of_two_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = two_mappings(ctx);
  conf_unmap(ctx, ptr, 2 * ctx->granularity);
  expect_second_intact(ctx, ptr);
}

static void set_access_whole_first_of_two_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = two_mappings(ctx);
  conf_set_access(ptr, 2 * ctx->granularity, 0, hipMemAccessFlagsProtRead);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtRead);
  conf_expect_data(ptr, 2 * ctx->granularity, 1);
  expect_second_intact(ctx, ptr);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(free_rejects_reservation_end, "a.3#2 (new)"),
    CONF_RULE(map_rejects_reservation_end, "a.6#4 (new; value chosen, f.1)"),
    CONF_RULE(map_rejects_one_granule_past_reservation_end, "a.6#4 (new; value chosen, f.1)"),
    CONF_RULE(map_rejects_one_granule_past_allocation,
              "a.6#6 (ROCm unverified, f.2; CUDA rejects)"),
    CONF_RULE(unmap_rejects_mapping_end, "a.7#2 (new)"),
    CONF_RULE(unmap_rejects_one_granule_past_mapping_end, "a.7#4 (new)"),
    CONF_RULE(set_access_rejects_mapping_end, "a.8#2"),
    CONF_RULE(set_access_rejects_one_granule_past_mapping_end, "a.8#4"),
    CONF_RULE(get_access_rejects_end_with_nothing_after, "a.9#4 (one past the end)"),
    CONF_RULE(retain_rejects_mapping_end, "a.10#2"),
    CONF_RULE(unmap_rejects_part_of_first_of_two_mappings, "a.7#3 (new); b.6"),
    CONF_RULE(set_access_rejects_part_of_first_of_two_mappings, "a.8#3 (new); b.6"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(free_at_last_granule_or_byte_frees_reservation, "a.3#4 (containment lookup)"),
    CONF_RULE(map_of_remaining_size_at_reservation_end, "a.6#4; b.3 (MapPartialVMMMem)"),
    CONF_RULE(map_of_allocation_size_to_reservation_end, "a.6#4, a.6#6"),
    CONF_RULE(access_at_last_granule_and_last_byte,
              "a.9#5; c.2 Unit_hipMemSetAccess_EntireVMMRangeSetGet"),
    CONF_RULE(retain_at_last_granule_and_last_byte, "a.10 (containment lookup); a.10#4 (new)"),
    CONF_RULE(copies_reach_last_byte_of_mapping,
              "c.2 Unit_hipMemCreate_ChkDev2HstMemcpy_*, ChkWithMemset (last bytes)"),
    CONF_RULE(copies_reach_last_byte_of_hipmalloc_block,
              "c.2 Unit_hipMemSetAccess_Vmm2DevMemCpy (last bytes)"),
    CONF_RULE(unmap_whole_first_of_two_mappings, "a.7#3 (new); b.6"),
    CONF_RULE(set_access_whole_first_of_two_mappings, "a.8#3 (new); b.6; c.2 SegmentsAccess"),
};

const conf_group conf_group_bounds_negative = CONF_GROUP("bounds_negative", negative_rules);
const conf_group conf_group_bounds = CONF_GROUP("bounds", functional_rules);
