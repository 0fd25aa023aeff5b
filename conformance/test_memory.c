/*
 * test_memory.c: the memory beyond VMM: hipExtMallocWithFlags,
 * hipMallocManaged, hipMallocAsync/hipFreeAsync, hipHostMalloc/hipHostFree,
 * hipMemsetD16(Async), hipMemGetAddressRange, hipPointerGetAttributes and
 * hipMemGetHandleForAddressRange, on every kind of pointer: the blocks those
 * calls make, hipMalloc's, VMM mappings, reserved but unmapped addresses and
 * memory the runtime never saw. Each rule cites the clr function
 * (hipamd/src/hip_memory.cpp, hip_hmm.cpp, hip_mempool.cpp, hip_vm.cpp) and
 * the hip-tests case (catch/unit/memory/) it follows.
 *
 * hipPointerAttribute_t's fields are used by name and the memory type through
 * HIPVMM_POINTER_TYPE: ROCm 5.2 calls it memoryType and numbers it otherwise.
 */
#include "conformance.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_BYTES 4096 /* the page hip-tests calls kPageSize */

/* ---- blocks the teardown frees (hipFree frees every kind, as ihipFree does) ---- */

static void *keep(conf_ctx *ctx, void *ptr) {
  assert_true(ctx->malloc_count < CONF_MAX_OBJECTS);
  if (ptr != NULL)
    ctx->mallocs[ctx->malloc_count++] = ptr;
  return ptr;
}

static void forget(conf_ctx *ctx, void *ptr) {
  for (size_t i = 0; i < ctx->malloc_count; i++)
    if (ctx->mallocs[i] == ptr) {
      ctx->mallocs[i] = ctx->mallocs[--ctx->malloc_count];
      return;
    }
}

/* Runs an allocating call that must return `expected`; what it made anyway is kept. */
#define expect_alloc(ctx, ptr, call, expected)                                                     \
  do {                                                                                             \
    hipError_t status_ = (call);                                                                   \
    if (status_ == hipSuccess)                                                                     \
      keep(ctx, ptr);                                                                              \
    conf_assert_hip(status_, expected, #call, __FILE__, __LINE__);                                 \
  } while (0)

static void *managed(conf_ctx *ctx, size_t bytes) {
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, bytes, hipMemAttachGlobal), hipSuccess);
  return ptr;
}

static void *pinned(conf_ctx *ctx, size_t bytes, unsigned flags) {
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipHostMalloc(&ptr, bytes, flags), hipSuccess);
  return ptr;
}

static void *ext_malloc(conf_ctx *ctx, size_t bytes, unsigned flags) {
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, bytes, flags), hipSuccess);
  return ptr;
}

static void *async_malloc(conf_ctx *ctx, size_t bytes, hipStream_t stream) {
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocAsync(&ptr, bytes, stream), hipSuccess);
  return ptr;
}

static hipPointerAttribute_t attributes_of(const void *ptr) {
  hipPointerAttribute_t attributes;
  memset(&attributes, 0xa5, sizeof attributes); /* every field must be written */
  assert_hip(hipPointerGetAttributes(&attributes, ptr), hipSuccess);
  return attributes;
}

static void expect_range(void *ptr, void *base, size_t bytes) {
  hipDeviceptr_t got_base = NULL;
  size_t got_bytes = 0;
  assert_hip(hipMemGetAddressRange(&got_base, &got_bytes, ptr), hipSuccess);
  assert_ptr_equal(got_base, base);
  assert_int_equal(got_bytes, bytes);
}

/* ---- negative ---- */

static void ext_malloc_rejects_unknown_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, BLOCK_BYTES, 0x10), hipErrorInvalidValue);
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, BLOCK_BYTES, 0x5), hipErrorInvalidValue);
}

static void ext_malloc_signal_memory_needs_8_bytes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 16, hipMallocSignalMemory),
               hipErrorInvalidValue);
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 0, hipMallocSignalMemory),
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
  expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, SIZE_MAX, hipDeviceMallocDefault),
               hipErrorOutOfMemory);
}

static void managed_rejects_null_ptr(void **state) {
  (void)conf_begin(state);
  assert_hip(hipMallocManaged(NULL, BLOCK_BYTES, hipMemAttachGlobal), hipErrorInvalidValue);
}

static void managed_rejects_size_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, 0, hipMemAttachGlobal), hipErrorInvalidValue);
}

static void managed_rejects_other_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, BLOCK_BYTES, hipMemAttachSingle),
               hipErrorInvalidValue);
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, BLOCK_BYTES, 0), hipErrorInvalidValue);
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, BLOCK_BYTES, hipMemAttachGlobal | hipMemAttachHost),
               hipErrorInvalidValue);
}

static void managed_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocManaged(&ptr, SIZE_MAX, hipMemAttachGlobal), hipErrorOutOfMemory);
}

static void malloc_async_rejects_null_ptr(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipMallocAsync(NULL, BLOCK_BYTES, conf_stream(ctx)), hipErrorInvalidValue);
}

static void malloc_async_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipMallocAsync(&ptr, SIZE_MAX, conf_stream(ctx)), hipErrorOutOfMemory);
}

static void free_async_rejects_double_free(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *ptr = async_malloc(ctx, BLOCK_BYTES, stream);
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  forget(ctx, ptr);
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
  expect_alloc(ctx, ptr,
               hipHostMalloc(&ptr, BLOCK_BYTES, hipHostMallocCoherent | hipHostMallocNonCoherent),
               hipErrorInvalidValue);
  assert_null(ptr);
  expect_alloc(ctx, ptr, hipHostMalloc(&ptr, BLOCK_BYTES, UINT_MAX), hipErrorInvalidValue);
}

static void host_malloc_rejects_uncached_with_coherence(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(
      ctx, ptr,
      hipHostMalloc(&ptr, BLOCK_BYTES, HIPVMM_HOST_MALLOC_UNCACHED | hipHostMallocCoherent),
      hipErrorInvalidValue);
  expect_alloc(
      ctx, ptr,
      hipHostMalloc(&ptr, BLOCK_BYTES, HIPVMM_HOST_MALLOC_UNCACHED | hipHostMallocNonCoherent),
      hipErrorInvalidValue);
}

static void host_malloc_size_max_is_out_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = NULL;
  expect_alloc(ctx, ptr, hipHostMalloc(&ptr, SIZE_MAX, hipHostMallocDefault), hipErrorOutOfMemory);
}

static void host_free_rejects_unknown_pointer(void **state) {
  (void)conf_begin(state);
  void *local = NULL;
  assert_hip(hipHostFree(&local), hipErrorInvalidValue);
}

static void host_free_rejects_double_free(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  assert_hip(hipHostFree(ptr), hipSuccess);
  forget(ctx, ptr);
  assert_hip(hipHostFree(ptr), hipErrorInvalidValue);
}

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

static void ext_malloc_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const unsigned flags[] = {hipDeviceMallocDefault, hipDeviceMallocFinegrained};
  for (size_t i = 0; i < 2; i++) {
    void *ptr = (void *)0x1;
    expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, 0, flags[i]), hipSuccess);
    assert_null(ptr);
  }
}

static void ext_malloc_flags_are_allocation_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *fine = ext_malloc(ctx, 10, hipDeviceMallocFinegrained);
  char *signal = ext_malloc(ctx, 8, hipMallocSignalMemory);
  assert_int_equal((uintptr_t)fine % 256, 0);
  hipPointerAttribute_t attributes = attributes_of(fine + 9);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.allocationFlags, hipDeviceMallocFinegrained);
  assert_ptr_equal(attributes.devicePointer, fine + 9);
  attributes = attributes_of(signal);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeHost); /* fine-grained host */
  assert_int_equal(attributes.allocationFlags, hipMallocSignalMemory);
  expect_range(fine + 5, fine, 10);
}

static void managed_memory_round_trip(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = managed(ctx, 2 * BLOCK_BYTES);
  void *attached_host = NULL;
  expect_alloc(ctx, attached_host, hipMallocManaged(&attached_host, 64, hipMemAttachHost),
               hipSuccess);
  conf_fill(ptr, 2 * BLOCK_BYTES, 31);
  conf_expect_data(ptr, 2 * BLOCK_BYTES, 31);
  hipPointerAttribute_t attributes = attributes_of(ptr + 100);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), HIPVMM_MEMORY_TYPE_MANAGED);
  assert_int_equal(attributes.isManaged, 1);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.devicePointer, ptr + 100);
  assert_ptr_equal(attributes.hostPointer, ptr + 100);
  assert_int_equal(attributes.allocationFlags, 0);
  expect_range(ptr + 100, ptr, 2 * BLOCK_BYTES);
}

static void malloc_async_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = (void *)0x1;
  expect_alloc(ctx, ptr, hipMallocAsync(&ptr, 0, conf_stream(ctx)), hipSuccess);
  assert_null(ptr);
}

static void malloc_async_round_trip(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  char *ptr = async_malloc(ctx, BLOCK_BYTES, stream);
  char *on_null_stream = async_malloc(ctx, BLOCK_BYTES, NULL);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  conf_fill(ptr, BLOCK_BYTES, 32);
  assert_hip(hipMemcpyAsync(on_null_stream, ptr, BLOCK_BYTES, hipMemcpyDeviceToDevice, stream),
             hipSuccess);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  conf_expect_data(on_null_stream, BLOCK_BYTES, 32);
  hipPointerAttribute_t attributes = attributes_of(ptr + 1);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_null(attributes.hostPointer);
  expect_range(ptr + 1, ptr, BLOCK_BYTES);
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  forget(ctx, ptr);
  assert_hip(hipFreeAsync(on_null_stream, NULL), hipSuccess);
  forget(ctx, on_null_stream);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
}

static void free_and_free_async_cross(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *from_async = async_malloc(ctx, BLOCK_BYTES, stream);
  void *from_malloc = conf_malloc(ctx, BLOCK_BYTES);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_hip(hipFree(from_async), hipSuccess);
  forget(ctx, from_async);
  assert_hip(hipFreeAsync(from_malloc, stream), hipSuccess);
  forget(ctx, from_malloc);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
}

static void free_async_of_null_is_success(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipFreeAsync(NULL, conf_stream(ctx)), hipSuccess);
}

static void host_malloc_zero_size_gives_null(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = (void *)0x1;
  expect_alloc(ctx, ptr, hipHostMalloc(&ptr, 0, hipHostMallocDefault), hipSuccess);
  assert_null(ptr);
}

static void host_memory_attributes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const unsigned flags = hipHostMallocMapped | hipHostMallocPortable;
  char *ptr = pinned(ctx, 3 * BLOCK_BYTES / 2, flags);
  hipPointerAttribute_t attributes = attributes_of(ptr + BLOCK_BYTES);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeHost);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.hostPointer, ptr + BLOCK_BYTES);
  assert_ptr_equal(attributes.devicePointer, ptr + BLOCK_BYTES);
  assert_int_equal(attributes.isManaged, 0);
  assert_int_equal(attributes.allocationFlags, flags);
  expect_range(ptr + BLOCK_BYTES, ptr, 3 * BLOCK_BYTES / 2);
}

/* Both sides are memory objects, so the runtime copies whatever kind is named. */
static void copies_of_every_kind_reach_pinned_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const hipMemcpyKind kinds[] = {hipMemcpyHostToHost, hipMemcpyHostToDevice, hipMemcpyDeviceToHost,
                                 hipMemcpyDeviceToDevice, hipMemcpyDefault};
  void *source = pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  void *device = conf_malloc(ctx, BLOCK_BYTES);
  conf_fill(source, BLOCK_BYTES, 33);
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    void *target = pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
    assert_hip(hipMemcpy(target, source, BLOCK_BYTES, kinds[i]), hipSuccess);
    conf_expect_data(target, BLOCK_BYTES, 33);
    assert_hip(hipMemset(device, 0, BLOCK_BYTES), hipSuccess);
    assert_hip(hipMemcpy(device, target, BLOCK_BYTES, kinds[i]), hipSuccess);
    conf_expect_data(device, BLOCK_BYTES, 33);
  }
}

static void host_free_and_free_cross(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *host = pinned(ctx, BLOCK_BYTES, hipHostMallocDefault);
  void *device = conf_malloc(ctx, BLOCK_BYTES);
  assert_hip(hipFree(host), hipSuccess);
  forget(ctx, host);
  assert_hip(hipHostFree(device), hipSuccess);
  forget(ctx, device);
  assert_hip(hipHostFree(NULL), hipSuccess);
}

static void address_range_of_blocks(void **state) {
  conf_ctx *ctx = conf_begin(state);
  const size_t sizes[] = {BLOCK_BYTES / 2, BLOCK_BYTES, 2 * BLOCK_BYTES};
  for (size_t i = 0; i < 3; i++)
    for (size_t offset = 0; offset <= 320; offset += 80) {
      char *blocks[] = {conf_malloc(ctx, sizes[i]), managed(ctx, sizes[i]),
                        pinned(ctx, sizes[i], hipHostMallocDefault)};
      for (size_t b = 0; b < 3; b++)
        expect_range(blocks[b] + offset, blocks[b], sizes[i]);
      for (size_t b = 0; b < 3; b++) {
        assert_hip(hipFree(blocks[b]), hipSuccess);
        forget(ctx, blocks[b]);
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
  expect_range(range + ctx->size_mem - 1, range, ctx->size_mem);
  expect_range(range + ctx->size_mem, range + ctx->size_mem, 2 * ctx->size_mem);
  expect_range(range + 3 * ctx->size_mem - 1, range + ctx->size_mem, 2 * ctx->size_mem);
}

static void pointer_attributes_of_device_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *block = conf_malloc(ctx, BLOCK_BYTES);
  hipPointerAttribute_t attributes = attributes_of(block + BLOCK_BYTES - 1);
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
  hipPointerAttribute_t attributes = attributes_of(range + 64);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 0);
  assert_ptr_equal(attributes.devicePointer, range + 64);
  assert_null(attributes.hostPointer);
  assert_int_equal(attributes.isManaged, 0);
  /* Reserved with nothing mapped: no memory object, so unknown memory. */
  attributes = attributes_of(range + ctx->size_mem);
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
    hipPointerAttribute_t attributes = attributes_of(pointers[i]);
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
  void *blocks[] = {conf_malloc(ctx, BLOCK_BYTES), managed(ctx, BLOCK_BYTES),
                    pinned(ctx, BLOCK_BYTES, hipHostMallocDefault)};
  assert_hip(hipSetDevice(0), hipSuccess);
  for (size_t b = 0; b < 3; b++)
    assert_int_equal(attributes_of(blocks[b]).device, 1);
}

static void memset_d16_fills_16_bit_values(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  uint16_t *targets[] = {conf_malloc(ctx, BLOCK_BYTES),
                         pinned(ctx, BLOCK_BYTES, hipHostMallocDefault), managed(ctx, BLOCK_BYTES)};
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
    CONF_RULE(address_range_of_unknown_memory_is_not_found,
              "clr hipMemGetAddressRange; hip-tests Unit_hipMemGetAddressRange_Negative"),
    CONF_RULE(address_range_past_a_block_is_not_found,
              "clr hipMemGetAddressRange; hip-tests Unit_hipMemGetAddressRange_Negative offset"),
    CONF_RULE(address_range_of_reserved_unmapped_memory_is_not_found,
              "clr hipMemGetAddressRange; rocclr submitVirtualMap (only mappings are objects)"),
    CONF_RULE(pointer_attributes_rejects_null_attributes,
              "clr hipPointerGetAttributes; hip-tests Unit_hipPointerGetAttributes_Negative"),
    CONF_RULE(memset_d16_rejects_null_dest,
              "clr ihipMemset_validate; hip-tests Unit_hipMemsetD16_InvalidArg"),
    CONF_RULE(memset_d16_rejects_unregistered_memory, "clr ihipMemset_validate (no memory object)"),
    CONF_RULE(memset_d16_rejects_count_past_the_block, "clr ihipMemset_validate (size)"),
    CONF_RULE(create_rejects_fabric_handle_type,
              "a.4#5 (7.0-7.2: Fabric NotSupported; newest accepts it on fabric systems)"),
    CONF_RULE(range_handle_rejects_bad_arguments, "clr hipMemGetHandleForAddressRange"),
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
    CONF_RULE(memset_d16_fills_16_bit_values,
              "clr hipMemsetD16, hipMemsetD16Async; hip-tests Unit_hipMemsetD16_ValidBuffer"),
    CONF_RULE(range_handle_follows_dmabuf_support,
              "clr hipMemGetHandleForAddressRange; hipDeviceAttributeDmaBufSupported"),
};

const conf_group conf_group_memory_negative = CONF_GROUP("memory_negative", negative_rules);
const conf_group conf_group_memory = CONF_GROUP("memory", functional_rules);
