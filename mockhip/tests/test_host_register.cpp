/*
 * test_host_register.cpp: host registration (clr hip_memory.cpp). The
 * program's own heap memory, once hipHostRegister'd, is pinned memory: a
 * kernel reaches it through a pointer argument, copies take it as pinned, the
 * pointer queries find it, its device pointer is itself; unregistering
 * forgets the record and leaves the bytes. Each bad argument gets its error,
 * a double registration hipErrorHostMemoryAlreadyRegistered, an unknown range
 * hipErrorHostMemoryNotRegistered.
 */
#include <hip/hip_runtime.h>

#include <cstdlib>
#include <cstring>

extern "C" {
#include "mock_test.h"
}

__global__ void increment(unsigned char *bytes, size_t count) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    bytes[i] += 1;
}

/* hip-tests' Unit_hipHostRegister_Chunks_SingleAttempt: neighbouring chunks of one heap block,
   each registered, each reached by a kernel, each unregistered, the bytes kept. */
static void test_kernel_reaches_registered_chunks(void **state) {
  (void)state;
  const size_t chunk = 1000, chunks = 4; /* not pages: the ranges share pages */
  unsigned char *heap = static_cast<unsigned char *>(std::malloc(chunk * chunks));
  assert_non_null(heap);
  std::memset(heap, 7, chunk * chunks);
  for (size_t c = 0; c < chunks; c++)
    MT_CHECK(hipHostRegister(heap + c * chunk, chunk, hipHostRegisterDefault));
  for (size_t c = 0; c < chunks; c++) {
    hipLaunchKernelGGL(increment, dim3((unsigned)(chunk + 255) / 256), dim3(256), 0, 0,
                       heap + c * chunk, chunk);
    MT_CHECK(hipGetLastError());
  }
  MT_CHECK(hipDeviceSynchronize());
  for (size_t i = 0; i < chunk * chunks; i++)
    assert_int_equal(heap[i], 8);
  for (size_t c = 0; c < chunks; c++)
    MT_CHECK(hipHostUnregister(heap + c * chunk));
  assert_int_equal(heap[chunk * chunks - 1], 8); /* the program's bytes, as they were */
  std::free(heap);
}

/* Pinned for copies and queries: an async copy from it, its attributes, its device pointer. */
static void test_registered_is_pinned_memory(void **state) {
  (void)state;
  const size_t bytes = 4096 + 100;
  char *heap = static_cast<char *>(std::malloc(bytes));
  assert_non_null(heap);
  std::memset(heap, 'r', bytes);
  MT_CHECK(hipHostRegister(heap, bytes, hipHostRegisterMapped | hipHostRegisterPortable));
  void *device = nullptr;
  MT_CHECK(hipHostGetDevicePointer(&device, heap + 10, 0));
  assert_ptr_equal(device, heap + 10);
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, heap + 1));
  assert_int_equal(attributes.type, hipMemoryTypeHost);
  assert_ptr_equal(attributes.hostPointer, heap + 1);
  char *on_device = nullptr;
  MT_CHECK(hipMalloc(&on_device, bytes));
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipMemcpyAsync(on_device, heap, bytes, hipMemcpyHostToDevice, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  char back[16] = {0};
  MT_CHECK(hipMemcpy(back, on_device + bytes - sizeof back, sizeof back, hipMemcpyDeviceToHost));
  assert_int_equal(back[15], 'r');
  /* hipFree refuses the program's own memory: it was not the runtime's to free */
  MT_EXPECT(hipErrorInvalidValue, hipFree(heap));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipFree(on_device));
  MT_CHECK(hipHostUnregister(heap));
  std::free(heap);
}

static void test_flags_of_host_memory(void **state) {
  (void)state;
  void *pinned = nullptr;
  MT_CHECK(hipHostMalloc(&pinned, 256, hipHostMallocMapped));
  unsigned flags = 0;
  MT_CHECK(hipHostGetFlags(&flags, static_cast<char *>(pinned) + 8));
  assert_int_equal(flags, hipHostMallocMapped);
  void *device = nullptr;
  MT_CHECK(hipHostGetDevicePointer(&device, pinned, 0));
  assert_ptr_equal(device, pinned);
  char *heap = static_cast<char *>(std::malloc(64));
  assert_non_null(heap);
  MT_CHECK(hipHostRegister(heap, 64, hipHostRegisterMapped));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetFlags(&flags, heap)); /* clr: no flags kept */
  mt_assert_reason_contains("registered memory has no flags");
  MT_CHECK(hipHostUnregister(heap));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetFlags(&flags, heap));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetFlags(nullptr, pinned));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetFlags(&flags, nullptr));
  std::free(heap);
  MT_CHECK(hipHostFree(pinned));
}

static void test_host_register_negative(void **state) {
  (void)state;
  char *heap = static_cast<char *>(std::malloc(256));
  assert_non_null(heap);
  MT_EXPECT(hipErrorInvalidValue, hipHostRegister(nullptr, 256, 0));
  MT_EXPECT(hipErrorInvalidValue, hipHostRegister(heap, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipHostRegister(heap, 256, 16));
  mt_assert_reason_contains("flags 0x10");
  /* hip-tests' Unit_hipHostRegister_Negative: more than the machine holds */
  MT_EXPECT(hipErrorInvalidValue, hipHostRegister(heap, (size_t)1 << 46, 0));
  mt_assert_reason_contains("nothing to pin");
  MT_CHECK(hipHostRegister(heap, 256, 0));
  MT_EXPECT(hipErrorHostMemoryAlreadyRegistered, hipHostRegister(heap, 256, 0));
  MT_EXPECT(hipErrorHostMemoryAlreadyRegistered, hipHostRegister(heap + 100, 8, 0));
  MT_EXPECT(hipErrorHostMemoryNotRegistered, hipHostUnregister(heap + 256));
  MT_EXPECT(hipErrorInvalidValue, hipHostUnregister(nullptr));
  MT_CHECK(hipHostUnregister(heap + 10)); /* any address in the range, as clr finds it */
  MT_EXPECT(hipErrorHostMemoryNotRegistered, hipHostUnregister(heap));
  void *pinned = nullptr;
  MT_CHECK(hipHostMalloc(&pinned, 256, 0));
  MT_EXPECT(hipErrorInvalidValue, hipHostRegister(pinned, 16, 0)); /* the runtime's already */
  mt_assert_reason_contains("overlaps memory the runtime made");
  void *device = nullptr;
  MT_EXPECT(hipErrorInvalidValue, hipHostGetDevicePointer(&device, heap, 0));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetDevicePointer(&device, pinned, 1));
  MT_EXPECT(hipErrorInvalidValue, hipHostGetDevicePointer(nullptr, pinned, 0));
  MT_CHECK(hipHostFree(pinned));
  std::free(heap);
}

/* A registration never unregistered is a leak the report names; the counters see it. */
static void test_registration_is_counted(void **state) {
  (void)state;
  char *heap = static_cast<char *>(std::malloc(128));
  assert_non_null(heap);
  size_t before = mockhip_live_objects();
  mockhip_stats_t stats_before = mt_stats();
  MT_CHECK(hipHostRegister(heap, 128, 0));
  assert_int_equal(mockhip_live_objects(), before + 1);
  assert_int_equal(mt_stats().malloc_bytes, stats_before.malloc_bytes); /* nothing allocated */
  MT_CHECK(hipHostUnregister(heap));
  assert_int_equal(mockhip_live_objects(), before);
  std::free(heap);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_kernel_reaches_registered_chunks),
      MT_CLEAN_TEST(test_registered_is_pinned_memory),
      MT_CLEAN_TEST(test_flags_of_host_memory),
      MT_CLEAN_TEST(test_host_register_negative),
      MT_CLEAN_TEST(test_registration_is_counted),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
