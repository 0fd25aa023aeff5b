/*
 * test_map.c: hipMemMap and hipMemUnmap (reference a.6, a.7, b.3, b.4).
 */
#include "conformance.h"

/* ---- negative ---- */

static void map_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  assert_hip(hipMemMap(NULL, ctx->size_mem, 0, handle, 0), hipErrorInvalidValue);
}

static void map_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, 0, 0, handle, 0);
}

static void map_rejects_offset_minus_one(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, ctx->size_mem, (size_t)-1, handle, 0);
}

static void map_rejects_offset_inside_allocation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, 2 * ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, ctx->size_mem, ctx->size_mem, handle, 0);
}

static void map_rejects_null_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  assert_hip(hipMemMap(ptr, ctx->size_mem, 0, NULL, 0), hipErrorInvalidValue);
}

static void map_rejects_nonzero_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, ctx->size_mem, 0, handle, 1);
}

static void map_rejects_size_not_multiple_of_granularity(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, 2 * ctx->granularity, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, 2 * ctx->granularity);
  size_t bytes = ctx->granularity + ctx->granularity / 2;
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, bytes, 0, handle, 0);
}

static void map_rejects_range_beyond_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  /* Another reservation right after it: what lies past a reservation is otherwise the
     runtime's to place, and HIP on NVIDIA maps on into space no reservation holds. */
  char *room = conf_free_room(2 * ctx->size_mem);
  void *ptr = conf_reserve_hinted(ctx, ctx->size_mem, room);
  conf_reserve_hinted(ctx, ctx->size_mem, room + ctx->size_mem);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, 2 * ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, 2 * ctx->size_mem, 0, handle, 0);
}

static void map_rejects_address_not_reserved(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_free(ctx, ptr, ctx->size_mem);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, ctx->size_mem, 0, handle, 0);
}

static void map_rejects_overlap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t first = conf_create(ctx, ctx->size_mem);
  hipMemGenericAllocationHandle_t second = conf_create(ctx, 2 * ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, first);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, ctx->size_mem, 0, second, 0);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, 2 * ctx->size_mem, 0, second, 0);
}

static void map_rejects_size_beyond_allocation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_expect_map(ctx, hipErrorInvalidValue, ptr, 2 * ctx->size_mem, 0, handle, 0);
}

static void unmap_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  (void)conf_mapped(ctx, ctx->size_mem, NULL);
  assert_hip(hipMemUnmap(NULL, ctx->size_mem), hipErrorInvalidValue);
}

static void unmap_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, 0);
}

static void unmap_rejects_partial_size(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, ctx->size_mem - 1);
}

static void unmap_rejects_half_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, 2 * ctx->granularity, NULL);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, ctx->granularity);
}

static void unmap_rejects_range_beyond_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, 2 * ctx->size_mem);
}

static void unmap_rejects_second_unmap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, ctx->size_mem);
  /* ... and the range can be mapped again afterwards. */
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 5);
  conf_expect_data(ptr, ctx->size_mem, 5);
}

static void unmap_rejects_never_mapped(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, ctx->size_mem);
}

/* ---- functional ---- */

static void map_one_handle_at_three_addresses(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  char *ptrs[3];
  for (int i = 0; i < 3; i++) {
    ptrs[i] = conf_reserve(ctx, ctx->size_mem, 0);
    conf_map(ctx, ptrs[i], ctx->size_mem, handle);
    conf_set_access(ptrs[i], ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  }
  conf_fill(ptrs[0], ctx->size_mem, 6);
  for (int i = 0; i < 3; i++)
    conf_expect_data(ptrs[i], ctx->size_mem, 6);
  conf_fill(ptrs[2], ctx->size_mem, 7);
  conf_expect_data(ptrs[0], ctx->size_mem, 7);
}

static void map_physical_reuse_at_three_addresses(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  for (unsigned i = 0; i < 3; i++) {
    char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
    conf_map(ctx, ptr, ctx->size_mem, handle);
    conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, 10 + i);
    conf_expect_data(ptr, ctx->size_mem, 10 + i);
    conf_unmap(ctx, ptr, ctx->size_mem);
  }
}

static void map_three_handles_in_turn_at_one_address(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handles[3];
  for (unsigned i = 0; i < 3; i++) {
    handles[i] = conf_create(ctx, ctx->size_mem);
    conf_map(ctx, ptr, ctx->size_mem, handles[i]);
    conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, 20 + i);
    conf_unmap(ctx, ptr, ctx->size_mem);
  }
  /* Each handle kept its own contents. */
  for (unsigned i = 0; i < 3; i++) {
    conf_map(ctx, ptr, ctx->size_mem, handles[i]);
    conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
    conf_expect_data(ptr, ctx->size_mem, 20 + i);
    conf_unmap(ctx, ptr, ctx->size_mem);
  }
}

static void map_same_memory_reuse(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  for (unsigned i = 0; i < 20; i++) {
    conf_map(ctx, ptr, ctx->size_mem, handle);
    conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, 30 + i);
    conf_expect_data(ptr, ctx->size_mem, 30 + i);
    conf_unmap(ctx, ptr, ctx->size_mem);
  }
}

static void map_remap_keeps_data(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  char *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_fill(ptr, ctx->size_mem, 50);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr, ctx->size_mem, 50);
}

static void map_partial_physical_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, 2 * ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 51);
  conf_expect_data(ptr, ctx->size_mem, 51);
}

static void map_partial_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 52);
  conf_expect_data(ptr, ctx->size_mem, 52);
}

static void map_released_but_mapped_handle_again(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  char *first = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_release(ctx, handle); /* the mapping still holds the allocation */
  char *second = conf_reserve(ctx, ctx->size_mem, 0);
  conf_map(ctx, second, ctx->size_mem, handle);
  conf_set_access(second, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(first, ctx->size_mem, 53);
  conf_expect_data(second, ctx->size_mem, 53);
}

static void map_one_handle_per_device_in_turn(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  for (int device = 0; device < ctx->device_count && device < 4; device++) {
    assert_hip(hipSetDevice(device), hipSuccess);
    char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
    conf_map(ctx, ptr, ctx->size_mem, handle);
    conf_set_access(ptr, ctx->size_mem, device, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, 54 + (unsigned)device);
    conf_expect_data(ptr, ctx->size_mem, 54 + (unsigned)device);
    conf_unmap(ctx, ptr, ctx->size_mem);
    conf_free(ctx, ptr, ctx->size_mem);
  }
  assert_hip(hipSetDevice(0), hipSuccess);
}

static void map_handles_of_each_device_at_one_address(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  for (int device = 0; device < ctx->device_count && device < 4; device++) {
    assert_hip(hipSetDevice(device), hipSuccess);
    hipMemAllocationProp prop = conf_prop(device);
    hipMemGenericAllocationHandle_t handle = conf_create_with(ctx, ctx->size_mem, &prop);
    conf_map(ctx, ptr, ctx->size_mem, handle);
    conf_set_access(ptr, ctx->size_mem, device, hipMemAccessFlagsProtReadWrite);
    conf_fill(ptr, ctx->size_mem, 58 + (unsigned)device);
    conf_expect_data(ptr, ctx->size_mem, 58 + (unsigned)device);
    conf_unmap(ctx, ptr, ctx->size_mem);
    conf_release(ctx, handle);
  }
  assert_hip(hipSetDevice(0), hipSuccess);
}

static void unmap_interior_address_unmaps_whole_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_mapped(ctx, 2 * ctx->granularity, NULL);
  conf_unmap(ctx, ptr + ctx->granularity, 2 * ctx->granularity);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr, 2 * ctx->granularity);
}

static void unmap_spans_adjacent_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, 3 * ctx->size_mem, 0);
  for (int i = 0; i < 3; i++)
    conf_map(ctx, ptr + i * ctx->size_mem, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  conf_unmap(ctx, ptr, 2 * ctx->size_mem);
  conf_expect_unmap(ctx, hipErrorInvalidValue, ptr + ctx->size_mem, ctx->size_mem);
  conf_unmap(ctx, ptr + 2 * ctx->size_mem, ctx->size_mem);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(map_rejects_null_ptr, "a.6#1; c.1 Unit_hipMemMap_negative ptr NULL"),
    CONF_RULE(map_rejects_size_zero, "a.6#1; c.1 Unit_hipMemMap_negative size 0"),
    CONF_RULE(map_rejects_offset_minus_one,
              "a.6#1; c.1 Unit_hipMemMap_negative offset -1 (HT-2410)"),
    CONF_RULE(map_rejects_offset_inside_allocation, "a.6#1 (offset must be 0)"),
    CONF_RULE(map_rejects_null_handle, "a.6#1"),
    CONF_RULE(map_rejects_nonzero_flags, "a.6#1"),
    CONF_RULE(map_rejects_size_not_multiple_of_granularity, "a.6#3 (new)"),
    CONF_RULE(map_rejects_range_beyond_reservation, "a.6#4 (new; value chosen, f.1)"),
    CONF_RULE(map_rejects_address_not_reserved, "a.6#4 (new; value chosen, f.1)"),
    CONF_RULE(map_rejects_overlap, "a.6#5 (new; value chosen, f.1)"),
    CONF_RULE(map_rejects_size_beyond_allocation, "a.6#6 (ROCm unverified, f.2; CUDA rejects)"),
    CONF_RULE(unmap_rejects_null_ptr, "a.7#1; c.1 Unit_hipMemUnmap_negative ptr NULL"),
    CONF_RULE(unmap_rejects_size_zero, "a.7#1; c.1 Unit_hipMemUnmap_negative size 0"),
    CONF_RULE(unmap_rejects_partial_size, "a.7#3; c.1 Unit_hipMemUnmap_negative size_mem-1"),
    CONF_RULE(unmap_rejects_half_mapping, "a.7#3 (new)"),
    CONF_RULE(unmap_rejects_range_beyond_reservation, "a.7#4 (new)"),
    CONF_RULE(unmap_rejects_second_unmap, "a.7#2; c.1 Unit_hipMemUnmap_negative second unmap"),
    CONF_RULE(unmap_rejects_never_mapped,
              "a.7#2; c.1 Unit_hipMemUnmap_negative reserved-but-never-mapped VA"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(map_one_handle_at_three_addresses,
              "b.3; c.2 Unit_hipMemMap_PhysicalMemory_Map2MultVMMs"),
    CONF_RULE(map_physical_reuse_at_three_addresses,
              "c.2 Unit_hipMemMap_PhysicalMemoryReuse_SingleGPU"),
    CONF_RULE(map_three_handles_in_turn_at_one_address,
              "b.4; c.2 Unit_hipMemMap_VMMMemoryReuse_SingleGPU"),
    CONF_RULE(map_same_memory_reuse, "c.2 Unit_hipMemMap_SameMemoryReuse"),
    CONF_RULE(map_remap_keeps_data, "b.4; c.2 Unit_hipMemUnmap_DirectPath_* (no kernel)"),
    CONF_RULE(map_partial_physical_memory, "b.3; c.2 Unit_hipMemMap_MapPartialPhysicalMem"),
    CONF_RULE(map_partial_reservation, "b.3; c.2 Unit_hipMemMap_MapPartialVMMMem"),
    CONF_RULE(map_one_handle_per_device_in_turn,
              "c.2 Unit_hipMemMap_PhysicalMemoryReuse_MultiDev (2 devices)"),
    CONF_RULE(map_handles_of_each_device_at_one_address,
              "c.2 Unit_hipMemMap_VMMMemoryReuse_MultiGPU (2 devices)"),
    CONF_RULE(map_released_but_mapped_handle_again, "b.2 (handle used after release while mapped)"),
    CONF_RULE(unmap_interior_address_unmaps_whole_mapping, "a.7 notes (interior ptr, new)"),
    CONF_RULE(unmap_spans_adjacent_mappings, "a.7#3 (new); b.6"),
};

const conf_group conf_group_map_negative = CONF_GROUP("map_negative", negative_rules);
const conf_group conf_group_map = CONF_GROUP("map", functional_rules);
