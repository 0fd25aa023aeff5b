/*
 * test_access.c: hipMemSetAccess and hipMemGetAccess (reference a.8, a.9, b.5).
 */
#include "conformance.h"

/* ---- negative ---- */

static void get_access_rejects_null_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemGetAccess(NULL, &location, ptr), hipErrorInvalidValue);
}

static void get_access_rejects_null_location(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned long long flags = 0;
  assert_hip(hipMemGetAccess(&flags, NULL, ptr), hipErrorInvalidValue);
}

static void get_access_rejects_null_ptr(void **state) {
  (void)conf_begin(state);
  unsigned long long flags = 0;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemGetAccess(&flags, &location, NULL), hipErrorInvalidValue);
}

/* The end is tested where the reservation goes on unmapped: what a runtime places right after a
   reservation is its own business (on the H200 the driver's memory followed one). */
static void get_access_rejects_mapping_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  unsigned long long flags = 0;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemGetAccess(&flags, &location, ptr + ctx->size_mem), hipErrorInvalidValue);
}

static void get_access_rejects_host_location(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned long long flags = 0;
  hipMemLocation location = conf_device_location(0);
  location.type = HIPVMM_LOCATION_HOST;
  assert_hip(hipMemGetAccess(&flags, &location, ptr), hipErrorInvalidValue);
}

static void get_access_rejects_device_id_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned long long flags = 0;
  hipMemLocation location = conf_device_location(ctx->device_count);
  assert_hip(hipMemGetAccess(&flags, &location, ptr), hipErrorInvalidValue);
}

static void get_access_rejects_reserved_unmapped(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  unsigned long long flags = 0;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemGetAccess(&flags, &location, ptr), hipErrorInvalidValue);
}

/* A reservation of 2 x size_mem with only its first half mapped, no access yet:
   the size rules then test coverage of mappings, not the reservation's end. */
static char *half_mapped(conf_ctx *ctx) {
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  return ptr;
}

static void set_access_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  (void)half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(NULL, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, 0, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_size_beyond_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem + 1, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_partial_size(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem - 1, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_invalid_location_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  desc.location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_device_id_minus_one(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(-1, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_device_id_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(ctx->device_count, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_bad_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, (hipMemAccessFlags)-1);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_count_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 0), hipErrorInvalidValue);
}

static void set_access_rejects_null_desc(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, NULL, 1), hipErrorInvalidValue);
}

static void set_access_rejects_reserved_unmapped(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_after_unmap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_unmap(ctx, ptr, ctx->size_mem);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

static void set_access_rejects_range_with_hole(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = half_mapped(ctx);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemSetAccess(ptr, 2 * ctx->size_mem, &desc, 1), hipErrorInvalidValue);
}

/* ---- functional ---- */

static void access_of_new_mapping_is_none(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtNone);
}

static void set_get_access_read_write(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
  if (ctx->device_count > 1)
    assert_int_equal(conf_get_access(ptr, 1), hipMemAccessFlagsProtNone);
}

static void get_access_anywhere_in_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
  assert_int_equal(conf_get_access(ptr + ctx->size_mem - 1, 0), hipMemAccessFlagsProtReadWrite);
}

static void set_access_multiple_devices(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  hipMemAccessDesc descs[2] = {conf_access_desc(0, hipMemAccessFlagsProtReadWrite),
                               conf_access_desc(1, hipMemAccessFlagsProtReadWrite)};
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, descs, 2), hipSuccess);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
  assert_int_equal(conf_get_access(ptr, 1), hipMemAccessFlagsProtReadWrite);
}

static void set_access_chunks_of_each_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  int devices = ctx->device_count < 4 ? ctx->device_count : 4;
  size_t chunk = ctx->size_mem;
  char *ptr = conf_reserve(ctx, (size_t)devices * chunk, 0);
  for (int device = 0; device < devices; device++) {
    hipMemAllocationProp prop = conf_prop(device);
    char *at = ptr + (size_t)device * chunk;
    conf_map(ctx, at, chunk, conf_create_with(ctx, chunk, &prop));
    conf_set_access(at, chunk, device, hipMemAccessFlagsProtReadWrite);
    assert_hip(hipSetDevice(device), hipSuccess);
    conf_fill(at, chunk, 64 + (unsigned)device);
  }
  assert_hip(hipSetDevice(0), hipSuccess);
  /* One grant over every chunk, then one copy over the whole range. */
  conf_set_access(ptr, (size_t)devices * chunk, 0, hipMemAccessFlagsProtReadWrite);
  for (int device = 0; device < devices; device++)
    conf_expect_data(ptr + (size_t)device * chunk, chunk, 64 + (unsigned)device);
  conf_fill(ptr, (size_t)devices * chunk, 68);
  conf_expect_data(ptr, (size_t)devices * chunk, 68);
}

static void expect_segment_access(char *ptr, size_t segment, unsigned long long a,
                                  unsigned long long b, unsigned long long c) {
  assert_int_equal(conf_get_access(ptr, 0), a);
  assert_int_equal(conf_get_access(ptr + segment, 0), b);
  assert_int_equal(conf_get_access(ptr + 2 * segment, 0), c);
}

static void set_access_per_segment(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t segment = ctx->granularity;
  char *ptr = conf_reserve(ctx, 3 * segment, 0);
  for (int i = 0; i < 3; i++)
    conf_map(ctx, ptr + i * segment, segment, conf_create(ctx, segment));
  for (int i = 0; i < 3; i++)
    conf_set_access(ptr + i * segment, segment, 0, hipMemAccessFlagsProtRead);
  expect_segment_access(ptr, segment, 1, 1, 1);
  conf_set_access(ptr, 2 * segment, 0, hipMemAccessFlagsProtReadWrite);
  expect_segment_access(ptr, segment, 3, 3, 1);
  conf_set_access(ptr + segment, 2 * segment, 0, hipMemAccessFlagsProtRead);
  expect_segment_access(ptr, segment, 3, 1, 1);
  conf_set_access(ptr, 3 * segment, 0, hipMemAccessFlagsProtReadWrite);
  expect_segment_access(ptr, segment, 3, 3, 3);
  conf_fill(ptr, 3 * segment, 60);
  conf_expect_data(ptr, 3 * segment, 60);
}

static void set_access_changes_in_any_direction(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 61);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtRead); /* RW -> Read */
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtRead);
  conf_expect_data(ptr, ctx->size_mem, 61);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite); /* Read -> RW */
  conf_fill(ptr, ctx->size_mem, 62);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtNone); /* RW -> None */
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtNone);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite); /* None -> RW */
  conf_expect_data(ptr, ctx->size_mem, 62);
}

static void unmap_drops_access(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtNone);
}

static void set_access_host_on_device_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  hipMemAccessDesc host = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  host.location.type = HIPVMM_LOCATION_HOST;
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, &host, 1), hipSuccess);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 63);
  conf_expect_data(ptr, ctx->size_mem, 63);
}

static void set_access_applies_descriptors_in_order(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  hipMemAccessDesc descs[2] = {conf_access_desc(0, hipMemAccessFlagsProtReadWrite),
                               conf_access_desc(0, hipMemAccessFlagsProtReadWrite)};
  descs[1].location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, descs, 2), hipErrorInvalidValue);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(get_access_rejects_null_flags, "a.9#1; c.1 Unit_hipMemGetAccess_NegTst flags NULL"),
    CONF_RULE(get_access_rejects_null_location,
              "a.9#1; c.1 Unit_hipMemGetAccess_NegTst location NULL"),
    CONF_RULE(get_access_rejects_null_ptr, "a.9#1"),
    CONF_RULE(get_access_rejects_mapping_end,
              "a.9#4; c.1 Unit_hipMemGetAccess_NegTst ptr+size_mem"),
    CONF_RULE(get_access_rejects_host_location, "a.9#2"),
    CONF_RULE(get_access_rejects_device_id_count, "a.9#3"),
    CONF_RULE(get_access_rejects_reserved_unmapped, "a.9#4"),
    CONF_RULE(set_access_rejects_null_ptr, "a.8#1; c.1 Unit_hipMemSetAccess_negative ptr NULL"),
    CONF_RULE(set_access_rejects_size_zero, "a.8#1; c.1 Unit_hipMemSetAccess_negative size 0"),
    CONF_RULE(set_access_rejects_size_beyond_mapping,
              "a.8#3; c.1 Unit_hipMemSetAccess_negative size_mem+1"),
    CONF_RULE(set_access_rejects_partial_size,
              "a.8#3; c.1 Unit_hipMemSetAccess_negative size_mem-1"),
    CONF_RULE(set_access_rejects_invalid_location_type,
              "a.8#6; c.1 Unit_hipMemSetAccess_negative location.type Invalid"),
    CONF_RULE(set_access_rejects_device_id_minus_one,
              "a.8#7; c.1 Unit_hipMemSetAccess_negative location.id -1"),
    CONF_RULE(set_access_rejects_device_id_count,
              "a.8#7; c.1 Unit_hipMemSetAccess_negative location.id deviceCount"),
    CONF_RULE(set_access_rejects_bad_flags, "a.8#8; c.1 Unit_hipMemSetAccess_negative flags -1"),
    CONF_RULE(set_access_rejects_count_zero, "a.8#1; c.1 Unit_hipMemSetAccess_negative count 0"),
    CONF_RULE(set_access_rejects_null_desc, "a.8#1; c.1 Unit_hipMemSetAccess_negative desc NULL"),
    CONF_RULE(set_access_rejects_reserved_unmapped,
              "a.8#2; c.1 Unit_hipMemSetAccess_negative reserved but unmapped VA"),
    CONF_RULE(set_access_rejects_after_unmap,
              "a.8#2; c.1 Unit_hipMemSetAccess_negative VA after unmap"),
    CONF_RULE(set_access_rejects_range_with_hole, "a.8#5"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(access_of_new_mapping_is_none, "b.5; a.9#5; 0.1 fact 9"),
    CONF_RULE(set_get_access_read_write, "a.9#5; c.2 Unit_hipMemSetAccess_SetGet"),
    CONF_RULE(get_access_anywhere_in_mapping,
              "a.9#5; c.2 Unit_hipMemSetAccess_EntireVMMRangeSetGet"),
    CONF_RULE(set_access_multiple_devices, "c.2 Unit_hipMemSetAccess_MultDevSetGet (2 devices)"),
    CONF_RULE(set_access_chunks_of_each_device,
              "c.2 Unit_hipMemSetAccess_MapPhysChksFromMulDev (HT-2410, 2 devices)"),
    CONF_RULE(set_access_per_segment, "a.8#3 (new); c.2 Unit_hipMemSetAccess_SegmentsAccess"),
    CONF_RULE(set_access_changes_in_any_direction,
              "b.5; c.2 Unit_hipMemSetAccess_ChangeAccessProp (AMD part)"),
    CONF_RULE(unmap_drops_access, "b.5; a.7 notes; 0.1 fact 9"),
    CONF_RULE(set_access_host_on_device_memory,
              "a.8#9 (new); c.2 Unit_hipMemSetAccessHost_devicealloc"),
    CONF_RULE(set_access_applies_descriptors_in_order, "a.8 semantics (not atomic)"),
};

const conf_group conf_group_access_negative = CONF_GROUP("access_negative", negative_rules);
const conf_group conf_group_access = CONF_GROUP("access", functional_rules);
