/*
 * test_pointer_info.c: what the runtime says about an address, for every kind
 * of pointer: hipMemGetAddressRange, hipPointerGetAttributes and
 * hipMemGetHandleForAddressRange on hipMalloc-family blocks, VMM mappings,
 * reserved but unmapped addresses and memory the runtime never saw. ROCm
 * looks an address up among its memory objects; each VMM mapping is one (the
 * sub-buffer rocclr's submitVirtualMap registers), a reservation is not. The
 * attributes of the other allocators' own blocks are checked with them, in
 * test_memory.c.
 */
#include "test_memory_common.h"

#include <stdlib.h>
#include <string.h>

/* ---- negative ---- */

static void address_range_of_unknown_memory_is_not_found(void **state) {
  (void)conf_begin(state);
  hipDeviceptr_t base = NULL;
  size_t bytes = 0;
  int local = 0;
  assert_hip(hipMemGetAddressRange(&base, &bytes, NULL), hipErrorNotFound);
  assert_hip(hipMemGetAddressRange(&base, &bytes, &local), hipErrorNotFound);
}

static void address_range_past_a_block_is_not_found(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *block = conf_malloc(ctx, BLOCK_BYTES / 2);
  hipDeviceptr_t base = NULL;
  size_t bytes = 0;
  assert_hip(hipMemGetAddressRange(&base, &bytes, block + 4 * BLOCK_BYTES), hipErrorNotFound);
}

static void address_range_of_reserved_unmapped_memory_is_not_found(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *range = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, range, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  hipDeviceptr_t base = NULL;
  size_t bytes = 0;
  assert_hip(hipMemGetAddressRange(&base, &bytes, range + ctx->size_mem), hipErrorNotFound);
}

static void pointer_attributes_rejects_null_attributes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipPointerGetAttributes(NULL, conf_malloc(ctx, sizeof(int))), hipErrorInvalidValue);
}

#if HIPVMM_HAS_MEM_RANGE_HANDLE
static void range_handle_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *block = conf_malloc(ctx, BLOCK_BYTES);
  int fd = -1;
  const hipMemRangeHandleType dmabuf = hipMemRangeHandleTypeDmaBufFd;
  assert_hip(hipMemGetHandleForAddressRange(&fd, NULL, BLOCK_BYTES, dmabuf, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemGetHandleForAddressRange(&fd, block, 0, dmabuf, 0), hipErrorInvalidValue);
  assert_hip(hipMemGetHandleForAddressRange(&fd, block, BLOCK_BYTES, (hipMemRangeHandleType)2, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemGetHandleForAddressRange(&fd, block, BLOCK_BYTES, dmabuf,
                                            hipMemRangeFlagDmaBufMappingTypePcie),
             hipErrorInvalidValue);
  assert_int_equal(fd, -1);
}
#else
static void range_handle_rejects_bad_arguments(void **state) {
  (void)conf_begin(state);
  conf_skip("the HIP %d.%d header declares no hipMemGetHandleForAddressRange (ROCm 7.x does)",
            HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}
#endif

/* ---- functional ---- */

static void address_range_of_blocks(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const size_t sizes[] = {BLOCK_BYTES / 2, BLOCK_BYTES, 2 * BLOCK_BYTES};
  for (size_t i = 0; i < 3; i++)
    for (size_t offset = 0; offset <= 320; offset += 80) {
      char *blocks[] = {conf_malloc(ctx, sizes[i]), memory_managed(ctx, sizes[i]),
                        memory_pinned(ctx, sizes[i], hipHostMallocDefault)};
      for (size_t b = 0; b < 3; b++)
        memory_expect_range(blocks[b] + offset, blocks[b], sizes[i]);
      for (size_t b = 0; b < 3; b++) {
        assert_hip(hipFree(blocks[b]), hipSuccess);
        memory_forget(ctx, blocks[b]);
      }
    }
}

static void address_range_outputs_may_be_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *block = conf_malloc(ctx, BLOCK_BYTES);
  hipDeviceptr_t base = NULL;
  size_t bytes = 0;
  assert_hip(hipMemGetAddressRange(&base, NULL, block + 1), hipSuccess);
  assert_ptr_equal(base, block);
  assert_hip(hipMemGetAddressRange(NULL, &bytes, block + 1), hipSuccess);
  assert_int_equal(bytes, BLOCK_BYTES);
  assert_hip(hipMemGetAddressRange(NULL, NULL, block + 1), hipSuccess);
}

/* Each mapping is a memory object of its own: the range is the mapping's, not the reservation's. */
static void address_range_of_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *range = conf_reserve(ctx, 3 * ctx->size_mem, 0);
  conf_map(ctx, range, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  conf_map(ctx, range + ctx->size_mem, 2 * ctx->size_mem, conf_create(ctx, 2 * ctx->size_mem));
  memory_expect_range(range + ctx->size_mem - 1, range, ctx->size_mem);
  memory_expect_range(range + ctx->size_mem, range + ctx->size_mem, 2 * ctx->size_mem);
  memory_expect_range(range + 3 * ctx->size_mem - 1, range + ctx->size_mem, 2 * ctx->size_mem);
}

static void pointer_attributes_of_device_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *block = conf_malloc(ctx, BLOCK_BYTES);
  hipPointerAttribute_t attributes = memory_attributes(block + BLOCK_BYTES - 1);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.devicePointer, block + BLOCK_BYTES - 1);
  assert_null(attributes.hostPointer);
  assert_int_equal(attributes.isManaged, 0);
  assert_int_equal(attributes.allocationFlags, 0);
}

static void pointer_attributes_of_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *range = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, range, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  conf_set_access(range, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  hipPointerAttribute_t attributes = memory_attributes(range + 64);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.devicePointer, range + 64);
  assert_null(attributes.hostPointer);
  assert_int_equal(attributes.isManaged, 0);
  /* Reserved with nothing mapped: no memory object, so unknown memory. */
  attributes = memory_attributes(range + ctx->size_mem);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), HIPVMM_MEMORY_TYPE_UNREGISTERED);
  assert_int_equal(attributes.device, hipInvalidDeviceId);
  assert_null(attributes.devicePointer);
}

static void pointer_attributes_of_unregistered_memory(void **state) {
  (void)conf_begin(state);
  int local = 0;
  int *heap = malloc(sizeof *heap);
  assert_non_null(heap);
  const void *pointers[] = {&local, heap, NULL};
  for (size_t i = 0; i < 3; i++) {
    hipPointerAttribute_t attributes = memory_attributes(pointers[i]);
    assert_int_equal(HIPVMM_POINTER_TYPE(attributes), HIPVMM_MEMORY_TYPE_UNREGISTERED);
    assert_int_equal(attributes.device, hipInvalidDeviceId);
    assert_null(attributes.devicePointer);
    assert_null(attributes.hostPointer);
    assert_int_equal(attributes.isManaged, 0);
    assert_int_equal(attributes.allocationFlags, 0);
  }
  free(heap);
}

static void pointer_attributes_name_the_allocating_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  assert_hip(hipSetDevice(1), hipSuccess);
  void *blocks[] = {conf_malloc(ctx, BLOCK_BYTES), memory_managed(ctx, BLOCK_BYTES),
                    memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault)};
  assert_hip(hipSetDevice(0), hipSuccess);
  for (size_t b = 0; b < 3; b++)
    assert_int_equal(memory_attributes(blocks[b]).device, 1);
}

#if HIPVMM_HAS_MEM_RANGE_HANDLE
/* A device that can export dma-buf gives an fd; one that cannot (the mock) refuses. */
static void range_handle_follows_dmabuf_support(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int supported = 0;
  hipError_t status = hipDeviceGetAttribute(&supported, hipDeviceAttributeDmaBufSupported, 0);
  if (status != hipSuccess)
    conf_skip("hipDeviceGetAttribute(DmaBufSupported) returned %s", hipGetErrorName(status));
  void *block = conf_malloc(ctx, ctx->granularity);
  int fd = -1;
  status = hipMemGetHandleForAddressRange(&fd, block, ctx->granularity,
                                          hipMemRangeHandleTypeDmaBufFd, 0);
  if (status == hipSuccess)
    conf_track_fd(ctx, fd);
  if (supported) {
    assert_hip(status, hipSuccess);
    assert_true(fd >= 0);
  } else if (status == hipSuccess || fd != -1) {
    conf_fail("DmaBufSupported is 0, yet hipMemGetHandleForAddressRange returned %s and fd %d",
              hipGetErrorName(status), fd);
  }
}
#else
static void range_handle_follows_dmabuf_support(void **state) {
  (void)conf_begin(state);
  conf_skip("the HIP %d.%d header declares no hipMemGetHandleForAddressRange (ROCm 7.x does)",
            HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}
#endif

static const conf_rule negative_rules[] = {
    CONF_RULE(address_range_of_unknown_memory_is_not_found,
              "clr hipMemGetAddressRange; hip-tests Unit_hipMemGetAddressRange_Negative"),
    CONF_RULE(address_range_past_a_block_is_not_found,
              "clr hipMemGetAddressRange; hip-tests Unit_hipMemGetAddressRange_Negative offset"),
    CONF_RULE(address_range_of_reserved_unmapped_memory_is_not_found,
              "clr hipMemGetAddressRange; rocclr submitVirtualMap (only mappings are objects)"),
    CONF_RULE(pointer_attributes_rejects_null_attributes,
              "clr hipPointerGetAttributes; hip-tests Unit_hipPointerGetAttributes_Negative"),
    CONF_RULE(range_handle_rejects_bad_arguments, "clr hipMemGetHandleForAddressRange"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(address_range_of_blocks,
              "clr hipMemGetAddressRange; hip-tests Unit_hipMemGetAddressRange_Positive"),
    CONF_RULE(address_range_outputs_may_be_null, "clr hipMemGetAddressRange (newest)"),
    CONF_RULE(address_range_of_mappings,
              "clr hipMemGetAddressRange; rocclr submitVirtualMap (a sub-buffer per mapping)"),
    CONF_RULE(
        pointer_attributes_of_device_memory,
        "clr hipPointerGetAttributes; hip-tests Unit_hipPointerGetAttributes_Basic, _GpuIter"),
    CONF_RULE(pointer_attributes_of_mappings,
              "clr hipPointerGetAttributes; rocclr CreateVirtualBuffer (deviceId of the handle)"),
    CONF_RULE(pointer_attributes_of_unregistered_memory,
              "clr hipPointerGetAttributes (6.0+); hip-tests "
              "Unit_hipPointerGetAttributes_GpuIter_Unregistered_Memory"),
    CONF_RULE(pointer_attributes_name_the_allocating_device,
              "clr ihipMalloc, ihipMallocManaged (deviceId); hip-tests "
              "Unit_hipPointerGetAttributes_GpuIter"),
    CONF_RULE(range_handle_follows_dmabuf_support,
              "clr hipMemGetHandleForAddressRange; hipDeviceAttributeDmaBufSupported"),
};

const conf_group conf_group_pointer_info_negative =
    CONF_GROUP("pointer_info_negative", negative_rules);
const conf_group conf_group_pointer_info = CONF_GROUP("pointer_info", functional_rules);
