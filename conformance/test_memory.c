/*
 * test_memory.c: the allocators beyond VMM and what they make:
 * hipExtMallocWithFlags, hipMallocManaged, hipMallocAsync/hipFreeAsync,
 * hipHostMalloc/hipHostFree and hipMemsetD16(Async) on their blocks, each
 * block's attributes and address range, copies of every kind to pinned
 * memory, and hipMemCreate's answer to a Fabric handle type. Each rule cites
 * the clr function (hipamd/src/hip_memory.cpp, hip_hmm.cpp, hip_mempool.cpp,
 * hip_vm.cpp) and the hip-tests case (catch/unit/memory/) it follows; the
 * pointer queries on every kind of pointer are test_pointer_info.c.
 */
#include "test_memory_common.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- negative ---- */

static void ext_malloc_rejects_unknown_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, BLOCK_BYTES, 0x10),
                      hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, BLOCK_BYTES, 0x5),
                      hipErrorInvalidValue);
}

static void ext_malloc_signal_memory_needs_8_bytes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 16, hipMallocSignalMemory),
                      hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 0, hipMallocSignalMemory),
                      hipErrorInvalidValue);
}

static void ext_malloc_rejects_null_ptr(void **state) {
  (void)conf_begin(state);
  assert_hip(hipExtMallocWithFlags(NULL, BLOCK_BYTES, hipDeviceMallocDefault),
             hipErrorInvalidValue);
  assert_hip(hipExtMallocWithFlags(NULL, BLOCK_BYTES, hipDeviceMallocFinegrained),
             hipErrorInvalidValue);
}

static void ext_malloc_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, SIZE_MAX, hipDeviceMallocDefault),
                      hipErrorOutOfMemory);
}

static void managed_rejects_null_ptr(void **state) {
  (void)conf_begin(state);
  assert_hip(hipMallocManaged(NULL, BLOCK_BYTES, hipMemAttachGlobal), hipErrorInvalidValue);
}

static void managed_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocManaged(&ptr, 0, hipMemAttachGlobal),
                      hipErrorInvalidValue);
}

static void managed_rejects_other_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocManaged(&ptr, BLOCK_BYTES, hipMemAttachSingle),
                      hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr, hipMallocManaged(&ptr, BLOCK_BYTES, 0), hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr,
                      hipMallocManaged(&ptr, BLOCK_BYTES, hipMemAttachGlobal | hipMemAttachHost),
                      hipErrorInvalidValue);
}

static void managed_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocManaged(&ptr, SIZE_MAX, hipMemAttachGlobal),
                      hipErrorOutOfMemory);
}

static void malloc_async_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipMallocAsync(NULL, BLOCK_BYTES, conf_stream(ctx)), hipErrorInvalidValue);
}

static void malloc_async_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocAsync(&ptr, SIZE_MAX, conf_stream(ctx)),
                      hipErrorOutOfMemory);
}

static void free_async_rejects_double_free(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *ptr = memory_async_malloc(ctx, BLOCK_BYTES, stream);
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  memory_forget(ctx, ptr);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_hip(hipFreeAsync(ptr, stream), hipErrorInvalidValue);
}

static void free_async_rejects_unknown_pointer(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int local = 0;
  assert_hip(hipFreeAsync(&local, conf_stream(ctx)), hipErrorInvalidValue);
}

static void host_malloc_rejects_null_ptr(void **state) {
  (void)conf_begin(state);
  assert_hip(hipHostMalloc(NULL, BLOCK_BYTES, hipHostMallocDefault), hipErrorInvalidValue);
}

static void host_malloc_rejects_both_coherence_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_host_alloc(
      ctx, ptr, hipHostMalloc(&ptr, BLOCK_BYTES, hipHostMallocCoherent | hipHostMallocNonCoherent),
      hipErrorInvalidValue);
  assert_null(ptr);
  memory_expect_host_alloc(ctx, ptr, hipHostMalloc(&ptr, BLOCK_BYTES, UINT_MAX),
                           hipErrorInvalidValue);
}

static void host_malloc_rejects_uncached_with_coherence(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_host_alloc(
      ctx, ptr,
      hipHostMalloc(&ptr, BLOCK_BYTES, HIPVMM_HOST_MALLOC_UNCACHED | hipHostMallocCoherent),
      hipErrorInvalidValue);
  memory_expect_host_alloc(
      ctx, ptr,
      hipHostMalloc(&ptr, BLOCK_BYTES, HIPVMM_HOST_MALLOC_UNCACHED | hipHostMallocNonCoherent),
      hipErrorInvalidValue);
}

static void host_malloc_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  memory_expect_host_alloc(ctx, ptr, hipHostMalloc(&ptr, SIZE_MAX, hipHostMallocDefault),
                           hipErrorOutOfMemory);
}

static void host_free_rejects_unknown_pointer(void **state) {
  (void)conf_begin(state);
  void *local = NULL;
  assert_hip(hipHostFree(&local), hipErrorInvalidValue);
}

static void host_free_rejects_double_free(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  assert_hip(hipHostFree(ptr), hipSuccess);
  memory_forget(ctx, ptr);
  assert_hip(hipHostFree(ptr), hipErrorInvalidValue);
}

static void memset_d16_rejects_null_dest(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipMemsetD16(NULL, 0x1234, BLOCK_BYTES / 2), hipErrorInvalidValue);
  assert_hip(hipMemsetD16Async(NULL, 0x1234, BLOCK_BYTES / 2, conf_stream(ctx)),
             hipErrorInvalidValue);
}

static void memset_d16_rejects_unregistered_memory(void **state) {
  (void)conf_begin(state);
  uint16_t host[64];
  assert_hip(hipMemsetD16(host, 0x1234, 64), hipErrorInvalidValue);
}

static void memset_d16_rejects_count_past_the_block(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *block = conf_malloc(ctx, BLOCK_BYTES);
  assert_hip(hipMemsetD16(block, 0x1234, BLOCK_BYTES / 2 + 1), hipErrorInvalidValue);
}

static void create_rejects_fabric_handle_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemAllocationProp prop = conf_prop(0);
  prop.requestedHandleType = HIPVMM_HANDLE_FABRIC;
  conf_expect_create(ctx, hipErrorNotSupported, ctx->size_mem, &prop, 0);
}

/* ---- functional ---- */

static void ext_malloc_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const unsigned flags[] = {hipDeviceMallocDefault, hipDeviceMallocFinegrained};
  for (size_t i = 0; i < 2; i++) {
    void *ptr = (void *)0x1;
    memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 0, flags[i]), hipSuccess);
    assert_null(ptr);
  }
}

static void ext_malloc_flags_are_allocation_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *fine = memory_ext_malloc(ctx, 10, hipDeviceMallocFinegrained);
  char *signal = memory_ext_malloc(ctx, 8, hipMallocSignalMemory);
  assert_int_equal((uintptr_t)fine % 256, 0);
  hipPointerAttribute_t attributes = memory_attributes(fine + 9);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.allocationFlags, hipDeviceMallocFinegrained);
  assert_ptr_equal(attributes.devicePointer, fine + 9);
  attributes = memory_attributes(signal);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeHost); /* fine-grained host */
  assert_int_equal(attributes.allocationFlags, hipMallocSignalMemory);
  memory_expect_range(fine + 5, fine, 10);
}

static void managed_memory_round_trip(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = memory_managed(ctx, 2 * BLOCK_BYTES);
  void *attached_host = NULL;
  memory_expect_alloc(ctx, attached_host, hipMallocManaged(&attached_host, 64, hipMemAttachHost),
                      hipSuccess);
  conf_fill(ptr, 2 * BLOCK_BYTES, 31);
  conf_expect_data(ptr, 2 * BLOCK_BYTES, 31);
  hipPointerAttribute_t attributes = memory_attributes(ptr + 100);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), HIPVMM_MEMORY_TYPE_MANAGED);
  assert_int_equal(attributes.isManaged, 1);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.devicePointer, ptr + 100);
  assert_ptr_equal(attributes.hostPointer, ptr + 100);
  assert_int_equal(attributes.allocationFlags, 0);
  memory_expect_range(ptr + 100, ptr, 2 * BLOCK_BYTES);
}

static void malloc_async_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = (void *)0x1;
  memory_expect_alloc(ctx, ptr, hipMallocAsync(&ptr, 0, conf_stream(ctx)), hipSuccess);
  assert_null(ptr);
}

static void malloc_async_round_trip(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  char *ptr = memory_async_malloc(ctx, BLOCK_BYTES, stream);
  char *on_null_stream = memory_async_malloc(ctx, BLOCK_BYTES, NULL);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  conf_fill(ptr, BLOCK_BYTES, 32);
  assert_hip(hipMemcpyAsync(on_null_stream, ptr, BLOCK_BYTES, hipMemcpyDeviceToDevice, stream),
             hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  conf_expect_data(on_null_stream, BLOCK_BYTES, 32);
  hipPointerAttribute_t attributes = memory_attributes(ptr + 1);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_null(attributes.hostPointer);
  memory_expect_range(ptr + 1, ptr, BLOCK_BYTES);
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  memory_forget(ctx, ptr);
  assert_hip(hipFreeAsync(on_null_stream, NULL), hipSuccess);
  memory_forget(ctx, on_null_stream);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
}

static void free_and_free_async_cross(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *from_async = memory_async_malloc(ctx, BLOCK_BYTES, stream);
  void *from_malloc = conf_malloc(ctx, BLOCK_BYTES);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_hip(hipFree(from_async), hipSuccess);
  memory_forget(ctx, from_async);
  assert_hip(hipFreeAsync(from_malloc, stream), hipSuccess);
  memory_forget(ctx, from_malloc);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
}

static void free_async_of_null_is_success(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipFreeAsync(NULL, conf_stream(ctx)), hipSuccess);
}

static void host_malloc_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = (void *)0x1;
  memory_expect_host_alloc(ctx, ptr, hipHostMalloc(&ptr, 0, hipHostMallocDefault), hipSuccess);
  assert_null(ptr);
}

static void host_memory_attributes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const unsigned flags = hipHostMallocMapped | hipHostMallocPortable;
  char *ptr = memory_pinned(ctx, 3 * BLOCK_BYTES / 2, flags);
  hipPointerAttribute_t attributes = memory_attributes(ptr + BLOCK_BYTES);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeHost);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.hostPointer, ptr + BLOCK_BYTES);
  assert_ptr_equal(attributes.devicePointer, ptr + BLOCK_BYTES);
  assert_int_equal(attributes.isManaged, 0);
  assert_int_equal(attributes.allocationFlags, flags);
  memory_expect_range(ptr + BLOCK_BYTES, ptr, 3 * BLOCK_BYTES / 2);
}

/* Both sides are memory objects, so the runtime copies whatever kind is named. */
static void copies_of_every_kind_reach_pinned_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const hipMemcpyKind kinds[] = {hipMemcpyHostToHost, hipMemcpyHostToDevice, hipMemcpyDeviceToHost,
                                 hipMemcpyDeviceToDevice, hipMemcpyDefault};
  void *source = memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  void *device = conf_malloc(ctx, BLOCK_BYTES);
  conf_fill(source, BLOCK_BYTES, 33);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    void *target = memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
    assert_hip(hipMemcpy(target, source, BLOCK_BYTES, kinds[i]), hipSuccess);
    conf_expect_data(target, BLOCK_BYTES, 33);
    assert_hip(hipMemset(device, 0, BLOCK_BYTES), hipSuccess);
    assert_hip(hipMemcpy(device, target, BLOCK_BYTES, kinds[i]), hipSuccess);
    conf_expect_data(device, BLOCK_BYTES, 33);
  }
}

static void host_free_and_free_cross(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *host = memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  void *device = conf_malloc(ctx, BLOCK_BYTES);
  assert_hip(hipFree(host), hipSuccess);
  memory_forget(ctx, host);
  assert_hip(hipHostFree(device), hipSuccess);
  memory_forget(ctx, device);
  assert_hip(hipHostFree(NULL), hipSuccess);
}

static void memset_d16_fills_16_bit_values(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  uint16_t *targets[] = {conf_malloc(ctx, BLOCK_BYTES),
                         memory_pinned(ctx, BLOCK_BYTES, hipHostMallocDefault),
                         memory_managed(ctx, BLOCK_BYTES)};
  uint16_t back[BLOCK_BYTES / 2];
  for (size_t t = 0; t < 3; t++) {
    assert_hip(hipMemset(targets[t], 0, BLOCK_BYTES), hipSuccess);
    assert_hip(hipMemsetD16(targets[t] + 1, 0xbeef, 100), hipSuccess);
    assert_hip(hipMemsetD16Async(targets[t] + 200, 0x1234, 3, stream), hipSuccess);
    assert_hip(hipStreamSynchronize(stream), hipSuccess);
    assert_hip(hipMemcpy(back, targets[t], BLOCK_BYTES, hipMemcpyDeviceToHost), hipSuccess);
    for (size_t i = 0; i < BLOCK_BYTES / 2; i++) {
      uint16_t want = i >= 1 && i <= 100 ? 0xbeef : i >= 200 && i < 203 ? 0x1234 : 0;
      if (back[i] != want)
        conf_fail("target %zu, value %zu is %#x, expected %#x", t, i, back[i], want);
    }
  }
  assert_hip(hipMemsetD16(NULL, 0x1234, 0), hipSuccess);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(
        ext_malloc_rejects_unknown_flags,
        "clr hipExtMallocWithFlags; hip-tests Unit_hipExtMallocWithFlags_Negative_Parameters"),
    CONF_RULE(ext_malloc_signal_memory_needs_8_bytes,
              "clr hipExtMallocWithFlags; hip-tests Unit_hipExtMallocWithFlags_Negative_Parameters "
              "hipMallocSignalMemory"),
    CONF_RULE(ext_malloc_rejects_null_ptr,
              "clr ihipMalloc; hip-tests Unit_hipExtMallocWithFlags_Negative_Parameters"),
    CONF_RULE(ext_malloc_size_max_is_out_of_memory,
              "clr ihipMalloc; hip-tests Unit_hipExtMallocWithFlags_Negative_Parameters"),
    CONF_RULE(managed_rejects_null_ptr, "clr hip_hmm.cpp hipMallocManaged"),
    CONF_RULE(managed_rejects_size_zero, "clr hip_hmm.cpp hipMallocManaged (size 0 refused)"),
    CONF_RULE(managed_rejects_other_flags,
              "clr hip_hmm.cpp hipMallocManaged (Global or Host only)"),
    CONF_RULE(managed_size_max_is_out_of_memory,
              "clr ihipMallocManaged; hip-tests Unit_hipMallocManaged_Large"),
    CONF_RULE(
        malloc_async_rejects_null_ptr,
        "clr hip_mempool.cpp hipMallocAsync; hip-tests Unit_hipMallocAsync_Negative_Parameters"),
    CONF_RULE(malloc_async_size_max_is_out_of_memory,
              "clr hipMallocAsync; hip-tests Unit_hipMallocAsync_Negative_Parameters"),
    CONF_RULE(free_async_rejects_double_free,
              "clr hip_mempool.cpp hipFreeAsync; hip-tests Unit_hipFreeAsync_Negative_Parameters"),
    CONF_RULE(free_async_rejects_unknown_pointer,
              "clr hipFreeAsync (no memory object: InvalidValue)"),
    CONF_RULE(host_malloc_rejects_null_ptr,
              "clr hipHostMalloc; hip-tests Unit_hipHostMalloc_ArgValidation"),
    CONF_RULE(host_malloc_rejects_both_coherence_flags,
              "clr ihipHostMalloc; hip-tests Unit_hipHostMalloc_ArgValidation, "
              "Unit_hipHostMalloc_Negative"),
    CONF_RULE(host_malloc_rejects_uncached_with_coherence, "clr ihipHostMalloc (Uncached)"),
    CONF_RULE(host_malloc_size_max_is_out_of_memory,
              "clr ihipMalloc; hip-tests Unit_hipHostMalloc_ArgValidation"),
    CONF_RULE(host_free_rejects_unknown_pointer,
              "clr hipHostFree, ihipFree; hip-tests Unit_hipHostFree_InvalidMemory"),
    CONF_RULE(host_free_rejects_double_free, "clr ihipFree; hip-tests Unit_hipHostFree_DoubleFree"),
    CONF_RULE(memset_d16_rejects_null_dest,
              "clr ihipMemset_validate; hip-tests Unit_hipMemsetD16_InvalidArg"),
    CONF_RULE(memset_d16_rejects_unregistered_memory, "clr ihipMemset_validate (no memory object)"),
    CONF_RULE(memset_d16_rejects_count_past_the_block, "clr ihipMemset_validate (size)"),
    CONF_RULE(create_rejects_fabric_handle_type,
              "a.4#5 (7.0-7.2: Fabric NotSupported; newest accepts it on fabric systems)"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(ext_malloc_zero_size_gives_null,
              "clr ihipMalloc; hip-tests Unit_hipExtMallocWithFlags_Positive_Zero_Size"),
    CONF_RULE(ext_malloc_flags_are_allocation_flags,
              "clr hipExtMallocWithFlags, hipPointerGetAttributes; hip-tests "
              "Unit_hipExtMallocWithFlags_Positive_Basic, _Alignment"),
    CONF_RULE(managed_memory_round_trip,
              "clr ihipMallocManaged, hipPointerGetAttributes; hip-tests "
              "Unit_hipPointerGetAttributes_GpuIter_Managed__Memory, Unit_hipMallocManaged_Basic"),
    CONF_RULE(malloc_async_zero_size_gives_null, "clr hip_mempool.cpp hipMallocAsync"),
    CONF_RULE(malloc_async_round_trip,
              "clr hipMallocAsync, hipFreeAsync; hip-tests Unit_hipMallocAsync_Basic_OneAlloc"),
    CONF_RULE(free_and_free_async_cross,
              "clr ihipFree, hipFreeAsync; hip-tests Unit_hipMallocAsync_ByUsinghipFree, "
              "_ByUsinghipMalloc"),
    CONF_RULE(free_async_of_null_is_success,
              "clr hipFreeAsync (newest; 6.x: InvalidValue); hip-tests "
              "Unit_hipFreeAsync_Negative_Parameters (rocm-systems)"),
    CONF_RULE(host_malloc_zero_size_gives_null,
              "clr ihipHostMalloc; hip-tests Unit_hipHostMalloc_ArgValidation"),
    CONF_RULE(host_memory_attributes,
              "clr ihipHostMalloc, hipPointerGetAttributes; hip-tests "
              "Unit_hipPointerGetAttributes_GpuIter, Unit_hipMemGetAddressRange_Positive"),
    CONF_RULE(copies_of_every_kind_reach_pinned_memory,
              "clr ihipMemcpy_validate, ihipGetMemcpyType (memory objects decide, not kind)"),
    CONF_RULE(host_free_and_free_cross,
              "clr hipHostFree, ihipFree (any memory object); hip-tests Unit_hipFreeNegativeHost"),
    CONF_RULE(memset_d16_fills_16_bit_values,
              "clr hipMemsetD16, hipMemsetD16Async; hip-tests Unit_hipMemsetD16_ValidBuffer"),
};

const conf_group conf_group_memory_negative = CONF_GROUP("memory_negative", negative_rules);
const conf_group conf_group_memory = CONF_GROUP("memory", functional_rules);
