/*
 * test_memory.c: hipMalloc and its kin, pinned host memory and its flags,
 * hipMemGetInfo, hipMemGetAddressRange, hipPointerGetAttributes (CUDA's memory
 * types in HIP's numbering), hipMemGetHandleForAddressRange, and the ROCm-only
 * hipExtMallocWithFlags.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define FAKE_POINTER_VALUE ((void *)(uintptr_t)0x7f0000200000ULL)

static void malloc_and_free_are_the_drivers(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipMalloc(&ptr, 1 << 20), hipSuccess);
  assert_ptr_equal(ptr, FAKE_POINTER_VALUE);
  assert_logged("cuMemAlloc_v2", "cuMemAlloc_v2(&,1048576)");
  assert_hip(hipFree(ptr), hipSuccess);
  assert_logged("cuMemFree_v2", "cuMemFree_v2(0x7f0000200000)");
  fake_cuda_fail_next("cuMemFree_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipFree((void *)0x1234), hipErrorInvalidValue);
  assert_logged("cuMemFree_v2", "cuMemFree_v2(0x1234)");
}

/* As cudaMalloc: zero bytes give NULL without the driver; cudaFree(0) only
   makes the context current. */
static void malloc_zero_and_free_null(void **state) {
  (void)state;
  void *ptr = FAKE_POINTER_VALUE;
  assert_hip(hipMalloc(&ptr, 0), hipSuccess);
  assert_null(ptr);
  assert_no_driver_call();
  assert_hip(hipFree(NULL), hipSuccess);
  assert_hip(hipHostFree(NULL), hipSuccess);
  assert_string_equal(fake_cuda_log_text(), "cuCtxGetCurrent(&)\ncuCtxGetCurrent(&)\n");
}

static void malloc_negative(void **state) {
  (void)state;
  void *ptr = NULL;
  size_t free_bytes = 0;
  assert_hip(hipMalloc(NULL, 64), hipErrorInvalidValue);
  assert_hip(hipMallocManaged(NULL, 64, hipMemAttachGlobal), hipErrorInvalidValue);
  assert_hip(hipMallocAsync(NULL, 64, NULL), hipErrorInvalidValue);
  assert_hip(hipHostMalloc(NULL, 64, 0), hipErrorInvalidValue);
  assert_hip(hipMemGetInfo(NULL, &free_bytes), hipErrorInvalidValue);
  assert_hip(hipMemGetInfo(&free_bytes, NULL), hipErrorInvalidValue);
  assert_hip(hipPointerGetAttributes(NULL, ptr), hipErrorInvalidValue);
  assert_hip(hipMemGetHandleForAddressRange(NULL, FAKE_POINTER_VALUE, 4096,
                                            hipMemRangeHandleTypeDmaBufFd, 0),
             hipErrorInvalidValue);
  assert_no_driver_call();
  fake_cuda_fail_next("cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMalloc(&ptr, SIZE_MAX), hipErrorOutOfMemory);
  assert_null(ptr);
}

static void mem_get_info_is_the_drivers(void **state) {
  (void)state;
  size_t free_bytes = 0, total = 0;
  fake_cuda_set(FAKE_MEM_FREE, 123456789);
  fake_cuda_set(FAKE_MEM_TOTAL, 987654321);
  assert_hip(hipMemGetInfo(&free_bytes, &total), hipSuccess);
  assert_int_equal(free_bytes, 123456789);
  assert_int_equal(total, 987654321);
  assert_logged("cuMemGetInfo_v2", "cuMemGetInfo_v2(&,&)");
}

static void managed_and_async_allocations(void **state) {
  (void)state;
  void *ptr = NULL;
  hipStream_t stream = (hipStream_t)(uintptr_t)0x5100;
  assert_hip(hipMallocManaged(&ptr, 4096, hipMemAttachHost), hipSuccess);
  assert_ptr_equal(ptr, FAKE_POINTER_VALUE);
  assert_logged("cuMemAllocManaged", "cuMemAllocManaged(&,4096,2)");
  ptr = NULL;
  assert_hip(hipMallocAsync(&ptr, 8192, stream), hipSuccess);
  assert_ptr_equal(ptr, FAKE_POINTER_VALUE);
  assert_logged("cuMemAllocAsync", "cuMemAllocAsync(&,8192,0x5100)");
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  assert_logged("cuMemFreeAsync", "cuMemFreeAsync(0x7f0000200000,0x5100)");
  fake_cuda_fail_next("cuMemFreeAsync", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipFreeAsync((void *)0x10, NULL), hipErrorInvalidValue);
  assert_logged("cuMemFreeAsync", "cuMemFreeAsync(0x10,0x0)");
}

/* ---- pinned host memory ---- */

typedef struct host_flags {
  unsigned int hip;
  unsigned int cuda;
} host_flags;

/* CUDA's three flags under HIP's names; ROCm's coherence, caching and NUMA
   choices are accepted and dropped. */
static const host_flags translated[] = {
    {hipHostMallocDefault, 0x0},
    {hipHostMallocPortable, 0x1},
    {hipHostMallocMapped, 0x2},
    {hipHostMallocWriteCombined, 0x4},
    {hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined, 0x7},
    {hipHostMallocCoherent, 0x0},
    {hipHostMallocNonCoherent | hipHostMallocMapped, 0x2},
    {hipHostMallocNumaUser | hipHostMallocPortable, 0x1},
    {hipHostMallocUncached, 0x0},
};

static void host_malloc_translates_flags(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof translated / sizeof translated[0]; i++) {
    void *ptr = NULL;
    char expected[64];
    assert_hip(hipHostMalloc(&ptr, 4096, translated[i].hip), hipSuccess);
    assert_ptr_equal(ptr, (void *)(uintptr_t)0x7e0000100000ULL);
    snprintf(expected, sizeof expected, "cuMemHostAlloc(&,4096,0x%x)", translated[i].cuda);
    assert_logged("cuMemHostAlloc", expected);
  }
  assert_hip(hipHostFree((void *)(uintptr_t)0x7e0000100000ULL), hipSuccess);
  assert_logged("cuMemFreeHost", "cuMemFreeHost(0x7e0000100000)");
}

/* Refused as ROCm refuses them, before the driver. */
static void host_malloc_rejects_flags(void **state) {
  (void)state;
  const unsigned int refused[] = {
      hipHostMallocCoherent | hipHostMallocNonCoherent,
      hipHostMallocUncached | hipHostMallocCoherent,
      hipHostMallocUncached | hipHostMallocNonCoherent,
      0x8,
      0xffffffffu,
  };
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    void *ptr = NULL;
    assert_hip(hipHostMalloc(&ptr, 4096, refused[i]), hipErrorInvalidValue);
    assert_null(ptr);
  }
  assert_no_driver_call();
  void *ptr = NULL;
  fake_cuda_fail_next("cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipHostMalloc(&ptr, SIZE_MAX, 0), hipErrorOutOfMemory);
}

/* ---- what an address is ---- */

static void address_range_copies_what_is_asked(void **state) {
  (void)state;
  hipDeviceptr_t base = NULL;
  size_t bytes = 0;
  fake_cuda_set(FAKE_RANGE_BASE, 0x7f0000400000ULL);
  fake_cuda_set(FAKE_RANGE_SIZE, 6 << 20);
  assert_hip(hipMemGetAddressRange(&base, &bytes, (void *)(uintptr_t)0x7f0000500000ULL),
             hipSuccess);
  assert_ptr_equal(base, (void *)(uintptr_t)0x7f0000400000ULL);
  assert_int_equal(bytes, 6 << 20);
  assert_logged("cuMemGetAddressRange_v2", "cuMemGetAddressRange_v2(&,&,0x7f0000500000)");
  /* Either out-pointer may be NULL. */
  assert_hip(hipMemGetAddressRange(NULL, &bytes, FAKE_POINTER_VALUE), hipSuccess);
  assert_hip(hipMemGetAddressRange(&base, NULL, FAKE_POINTER_VALUE), hipSuccess);
  fake_cuda_fail_next("cuMemGetAddressRange_v2", CUDA_ERROR_NOT_FOUND);
  assert_hip(hipMemGetAddressRange(&base, &bytes, (void *)0x10), hipErrorNotFound);
}

typedef struct memory_kind {
  unsigned int cuda_type, is_managed;
  hipMemoryType hip;
} memory_kind;

/* CUDA's types are 1 to 4 (array 3, unified 4) where HIP's array and unified
   are 10 and 11; managed memory is what IS_MANAGED says; 0 is unregistered. */
static const memory_kind kinds[] = {
    {0, 0, hipMemoryTypeUnregistered}, {1, 0, hipMemoryTypeHost},    {2, 0, hipMemoryTypeDevice},
    {3, 0, hipMemoryTypeArray},        {4, 0, hipMemoryTypeUnified}, {2, 1, hipMemoryTypeManaged},
    {1, 1, hipMemoryTypeManaged},
};

static void pointer_attributes_translate_the_memory_type(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    hipPointerAttribute_t attributes;
    memset(&attributes, 0xee, sizeof attributes);
    fake_cuda_set(FAKE_MEMORY_TYPE, kinds[i].cuda_type);
    fake_cuda_set(FAKE_IS_MANAGED, kinds[i].is_managed);
    fake_cuda_set(FAKE_DEVICE_ORDINAL, 1);
    fake_cuda_set(FAKE_DEVICE_POINTER, 0x7f0000300000ULL);
    fake_cuda_set(FAKE_HOST_POINTER_OF_DEVICE, 0x7e0000300000ULL);
    assert_hip(hipPointerGetAttributes(&attributes, FAKE_POINTER_VALUE), hipSuccess);
    assert_int_equal(attributes.type, kinds[i].hip);
    assert_int_equal(attributes.isManaged, kinds[i].is_managed);
    assert_int_equal(attributes.device, 1);
    assert_ptr_equal(attributes.devicePointer, (void *)(uintptr_t)0x7f0000300000ULL);
    assert_ptr_equal(attributes.hostPointer, (void *)(uintptr_t)0x7e0000300000ULL);
    assert_int_equal(attributes.allocationFlags, 0);
  }
  /* MEMORY_TYPE, IS_MANAGED, DEVICE_ORDINAL, DEVICE_POINTER, HOST_POINTER. */
  assert_logged("cuPointerGetAttributes", "cuPointerGetAttributes(5,[2:8:9:3:4],&,0x7f0000200000)");
  hipPointerAttribute_t attributes;
  memset(&attributes, 0x11, sizeof attributes);
  fake_cuda_fail_next("cuPointerGetAttributes", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipPointerGetAttributes(&attributes, NULL), hipErrorInvalidValue);
  assert_int_equal(attributes.device, 0x11111111);
}

static void handle_for_address_range_is_a_dma_buf_fd(void **state) {
  (void)state;
  int fd = -1;
  fake_cuda_set(FAKE_DMA_BUF_FD, 23);
  assert_hip(hipMemGetHandleForAddressRange(&fd, FAKE_POINTER_VALUE, 2 << 20,
                                            hipMemRangeHandleTypeDmaBufFd,
                                            hipMemRangeFlagDmaBufMappingTypePcie),
             hipSuccess);
  assert_int_equal(fd, 23);
  assert_logged("cuMemGetHandleForAddressRange",
                "cuMemGetHandleForAddressRange(&,0x7f0000200000,2097152,1,1)");
  fake_cuda_fail_next("cuMemGetHandleForAddressRange", CUDA_ERROR_NOT_SUPPORTED);
  assert_hip(hipMemGetHandleForAddressRange(&fd, FAKE_POINTER_VALUE, 2 << 20,
                                            hipMemRangeHandleTypeDmaBufFd, 0),
             hipErrorNotSupported);
}

/* ROCm-only: not supported, with a reason, and no driver call. */
static void ext_malloc_with_flags_is_rocm_only(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipExtMallocWithFlags(&ptr, 4096, hipDeviceMallocFinegrained), hipErrorNotSupported);
  assert_null(ptr);
  assert_contains(hip_nvidia_last_reason(), "hipExtMallocWithFlags is ROCm-only");
  assert_hip(hipGetLastError(), hipErrorNotSupported);
  assert_no_driver_call();
}

int hn_area_memory(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(malloc_and_free_are_the_drivers),
      HN_TEST(malloc_zero_and_free_null),
      HN_TEST(malloc_negative),
      HN_TEST(mem_get_info_is_the_drivers),
      HN_TEST(managed_and_async_allocations),
      HN_TEST(host_malloc_translates_flags),
      HN_TEST(host_malloc_rejects_flags),
      HN_TEST(address_range_copies_what_is_asked),
      HN_TEST(pointer_attributes_translate_the_memory_type),
      HN_TEST(handle_for_address_range_is_a_dma_buf_fd),
      HN_TEST(ext_malloc_with_flags_is_rocm_only),
  };
  return cmocka_run_group_tests_name("memory", tests, NULL, NULL);
}
