/*
 * test_symbols.cpp: __device__ and __constant__ variables (clr hip_platform.cpp,
 * hip_memory.cpp): their address and size, copies into and out of them with an
 * offset (checked against the size), the kinds each direction takes, the
 * address used as device memory by hipMemcpy and by kernels, the Async forms
 * queued on a stream and captured into a graph. The negative group: what is no
 * variable (a local, the heap, inside one, NULL) gets hipErrorInvalidSymbol.
 */
#include <hip/hip_runtime.h>

#include <cstdlib>
#include <cstring>

extern "C" {
#include "mock_test.h"
}

__device__ int scalar;
__device__ float floats[5];
__constant__ double constants[3];
static __device__ int hidden[7]; /* a local symbol: in .symtab, never exported */

__global__ void sum_constants(double *out) { *out = constants[0] + constants[1] + constants[2]; }
__global__ void set_scalar(int value) { scalar = value; }
__global__ void double_floats() {
  if (threadIdx.x < 5)
    floats[threadIdx.x] *= 2;
}

static void test_address_and_size(void **state) {
  (void)state;
  void *addr = nullptr;
  size_t size = 0;
  MT_CHECK(hipGetSymbolAddress(&addr, HIP_SYMBOL(floats)));
  assert_ptr_equal(addr, floats);
  MT_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(floats)));
  assert_int_equal(size, sizeof floats);
  MT_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(scalar)));
  assert_int_equal(size, sizeof(int));
  MT_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(constants)));
  assert_int_equal(size, 3 * sizeof(double));
  MT_CHECK(hipGetSymbolAddress(&addr, HIP_SYMBOL(hidden)));
  assert_ptr_equal(addr, hidden);
  MT_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(hidden)));
  assert_int_equal(size, sizeof hidden);
  /* the C form: the variable's address */
  MT_CHECK(::hipGetSymbolSize(&size, static_cast<const void *>(&scalar)));
  assert_int_equal(size, sizeof(int));
}

/* A copy into a __constant__ array that a kernel then reads; one out of a variable a kernel
   wrote. */
static void test_kernels_see_copies(void **state) {
  (void)state;
  const double values[3] = {1.5, 2.25, 4.0};
  MT_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(constants), values, sizeof values));
  double *out = nullptr;
  MT_CHECK(hipMalloc(&out, sizeof *out));
  hipLaunchKernelGGL(sum_constants, dim3(1), dim3(1), 0, 0, out);
  MT_CHECK(hipGetLastError());
  double sum = 0;
  MT_CHECK(hipMemcpy(&sum, out, sizeof sum, hipMemcpyDeviceToHost));
  assert_true(sum == 7.75);
  MT_CHECK(hipFree(out));
  hipLaunchKernelGGL(set_scalar, dim3(1), dim3(1), 0, 0, 1234);
  MT_CHECK(hipDeviceSynchronize());
  int read = 0;
  MT_CHECK(hipMemcpyFromSymbol(&read, HIP_SYMBOL(scalar), sizeof read));
  assert_int_equal(read, 1234);
}

/* offset + sizeBytes inside the variable; past its end hipErrorInvalidValue, nothing copied. */
static void test_offset_and_bounds(void **state) {
  (void)state;
  const float zeros[5] = {0, 0, 0, 0, 0}, two[2] = {7.0f, 8.0f};
  MT_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(floats), zeros, sizeof zeros));
  MT_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(floats), two, sizeof two, 3 * sizeof(float)));
  float back[5];
  MT_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(floats), sizeof back));
  assert_true(back[2] == 0 && back[3] == 7.0f && back[4] == 8.0f);
  float one = 0;
  MT_CHECK(hipMemcpyFromSymbol(&one, HIP_SYMBOL(floats), sizeof one, 4 * sizeof(float)));
  assert_true(one == 8.0f);
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyToSymbol(HIP_SYMBOL(floats), two, sizeof two, 4 * sizeof(float)));
  mt_assert_reason_contains("past the end of the variable");
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyFromSymbol(back, HIP_SYMBOL(floats), 24));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyFromSymbol(back, HIP_SYMBOL(floats), 4, SIZE_MAX - 2));     /* no wrap */
  MT_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(floats), 0, 5 * sizeof(float))); /* empty */
  MT_CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(floats), sizeof back));
  assert_true(back[3] == 7.0f && back[4] == 8.0f); /* the refused copy wrote nothing */
}

/* Into a variable: HostToDevice or DeviceToDevice(NoCU); out of one: DeviceToHost or the same. */
static void test_kinds(void **state) {
  (void)state;
  int value = 5;
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyToSymbol(HIP_SYMBOL(scalar), &value, sizeof value, 0, hipMemcpyDeviceToHost));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyToSymbol(HIP_SYMBOL(scalar), &value, sizeof value, 0, hipMemcpyDefault));
  MT_EXPECT(
      hipErrorInvalidMemcpyDirection,
      hipMemcpyFromSymbol(&value, HIP_SYMBOL(scalar), sizeof value, 0, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyFromSymbolAsync(&value, HIP_SYMBOL(scalar), sizeof value, 0,
                                     hipMemcpyHostToHost, nullptr));
  int *block = nullptr;
  MT_CHECK(hipMalloc(&block, sizeof *block));
  MT_CHECK(hipMemcpy(block, &value, sizeof value, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(scalar), block, sizeof value, 0, hipMemcpyDeviceToDevice));
  assert_int_equal(scalar, 5);
  scalar = 9;
  MT_CHECK(
      hipMemcpyFromSymbol(block, HIP_SYMBOL(scalar), sizeof value, 0, hipMemcpyDeviceToDeviceNoCU));
  MT_CHECK(hipMemcpy(&value, block, sizeof value, hipMemcpyDeviceToHost));
  assert_int_equal(value, 9);
  /* a DeviceToDevice copy whose other side is host memory is refused by the copy */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyToSymbol(HIP_SYMBOL(scalar), &value, sizeof value, 0,
                                                    hipMemcpyDeviceToDevice));
  MT_CHECK(hipFree(block));
}

/* hipGetSymbolAddress's address is device memory to hipMemcpy, up to the variable's end. */
static void test_address_is_device_memory(void **state) {
  (void)state;
  float *addr = nullptr;
  MT_CHECK(hipGetSymbolAddress(reinterpret_cast<void **>(&addr), HIP_SYMBOL(floats)));
  const float in[5] = {1, 2, 3, 4, 5};
  MT_CHECK(hipMemcpy(addr, in, sizeof in, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(double_floats, dim3(1), dim3(32), 0, 0);
  MT_CHECK(hipDeviceSynchronize());
  float out[5];
  MT_CHECK(hipMemcpy(out, addr, sizeof out, hipMemcpyDeviceToHost));
  for (int i = 0; i < 5; i++)
    assert_true(out[i] == 2 * in[i]);
  MT_CHECK(hipMemcpy(out, addr + 1, 4 * sizeof(float), hipMemcpyDeviceToHost));
  assert_true(out[0] == 4);
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(addr + 1, in, sizeof in, hipMemcpyHostToDevice));
  mt_assert_reason_contains("past the end of the device variable");
  MT_CHECK(hipMemset(addr, 0, sizeof in)); /* sets take it too */
  assert_true(floats[4] == 0);
}

/* A global no symbol call named is host memory to a copy's kind, as ROCm has it; once named it
   is a device variable (the mock cannot tell a host global from a __device__ one). */
static float plain_global[4];
static void test_unnamed_global_is_host_memory(void **state) {
  (void)state;
  const float in[4] = {1, 2, 3, 4};
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(plain_global, in, sizeof in, hipMemcpyHostToDevice));
  mt_assert_reason_contains("is not device memory");
  size_t size = 0;
  MT_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(plain_global)));
  MT_CHECK(hipMemcpy(plain_global, in, sizeof in, hipMemcpyHostToDevice));
  assert_true(plain_global[3] == 4);
}

/* The Async forms: queued on a stream in order; captured into a graph that does the copy. */
static void test_async_and_capture(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  int *pinned = nullptr;
  MT_CHECK(hipHostMalloc(&pinned, 2 * sizeof(int), 0));
  pinned[0] = 41;
  MT_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(scalar), pinned, sizeof(int), 0, hipMemcpyHostToDevice,
                                  stream));
  MT_CHECK(hipMemcpyFromSymbolAsync(pinned + 1, HIP_SYMBOL(scalar), sizeof(int), 0,
                                    hipMemcpyDeviceToHost, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(pinned[1], 41);
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyToSymbolAsync(HIP_SYMBOL(scalar), pinned, 8, 0,
                                                         hipMemcpyHostToDevice, stream));

  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  pinned[0] = 77;
  MT_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(scalar), pinned, sizeof(int), 0, hipMemcpyHostToDevice,
                                  stream));
  hipGraph_t graph;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  size_t count = 0;
  MT_CHECK(hipGraphGetNodes(graph, nullptr, &count));
  assert_int_equal(count, 1);
  assert_int_equal(scalar, 41); /* captured, not run */
  hipGraphExec_t exec;
  MT_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(scalar, 77);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));
  /* a synchronous form refuses a capture and invalidates it (CHECK_STREAM_CAPTURING) */
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorStreamCaptureImplicit,
            hipMemcpyToSymbol(HIP_SYMBOL(scalar), pinned, sizeof(int)));
  MT_EXPECT(hipErrorStreamCaptureImplicit,
            hipMemcpyFromSymbol(pinned, HIP_SYMBOL(scalar), sizeof(int)));
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipStreamEndCapture(stream, &graph));
  MT_CHECK(hipHostFree(pinned));
  MT_CHECK(hipStreamDestroy(stream));
}

/* ROCm keeps a copy per device; the mock one for all (docs/mockhip/runtime.md): a write through
   device 0 is what device 1 reads. */
static void test_one_copy_for_every_device(void **state) {
  (void)state;
  int devices = 0;
  MT_CHECK(hipGetDeviceCount(&devices));
  if (devices < 2)
    skip();
  int value = 3, read = 0;
  MT_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(scalar), &value, sizeof value));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMemcpyFromSymbol(&read, HIP_SYMBOL(scalar), sizeof read));
  MT_CHECK(hipSetDevice(0));
  assert_int_equal(read, 3);
}

static void test_symbols_negative(void **state) {
  (void)state;
  int local = 0;
  void *addr = nullptr;
  size_t size = 0;
  MT_EXPECT(hipErrorInvalidSymbol, hipGetSymbolAddress(&addr, HIP_SYMBOL(local)));
  mt_assert_reason_contains("no __device__ or __constant__ variable");
  MT_EXPECT(hipErrorInvalidSymbol, hipGetSymbolSize(&size, HIP_SYMBOL(local)));
  void *heap = std::malloc(16);
  assert_non_null(heap);
  MT_EXPECT(hipErrorInvalidSymbol, ::hipGetSymbolSize(&size, static_cast<const void *>(heap)));
  std::free(heap);
  MT_EXPECT(hipErrorInvalidSymbol,
            ::hipGetSymbolAddress(&addr, static_cast<const void *>(&floats[1])));
  mt_assert_reason_contains("not at its start");
  MT_EXPECT(hipErrorInvalidSymbol,
            ::hipGetSymbolAddress(&addr, static_cast<const void *>(nullptr)));
  mt_assert_reason_contains("symbol is NULL");
  MT_EXPECT(hipErrorInvalidSymbol, ::hipGetSymbolSize(&size, static_cast<const void *>(nullptr)));
  MT_EXPECT(hipErrorInvalidSymbol,
            ::hipGetSymbolAddress(&addr, reinterpret_cast<const void *>(&sum_constants)));
  MT_EXPECT(hipErrorInvalidValue, hipGetSymbolAddress(nullptr, HIP_SYMBOL(scalar)));
  MT_EXPECT(hipErrorInvalidValue, hipGetSymbolSize(nullptr, HIP_SYMBOL(scalar)));
  int value = 1;
  MT_EXPECT(hipErrorInvalidSymbol, ::hipMemcpyToSymbol(static_cast<const void *>(nullptr), &value,
                                                       sizeof value, 0, hipMemcpyHostToDevice));
  MT_EXPECT(hipErrorInvalidSymbol, hipMemcpyToSymbol(HIP_SYMBOL(local), &value, sizeof value));
  MT_EXPECT(hipErrorInvalidSymbol, hipMemcpyFromSymbolAsync(&value, HIP_SYMBOL(local), sizeof value,
                                                            0, hipMemcpyDeviceToHost, nullptr));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyFromSymbol(nullptr, HIP_SYMBOL(scalar), 4));
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipMemcpyToSymbolAsync(HIP_SYMBOL(scalar), &value, sizeof value, 0,
                                   hipMemcpyHostToDevice, reinterpret_cast<hipStream_t>(8)));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_address_and_size),
      MT_CLEAN_TEST(test_kernels_see_copies),
      MT_CLEAN_TEST(test_offset_and_bounds),
      MT_CLEAN_TEST(test_kinds),
      MT_CLEAN_TEST(test_address_is_device_memory),
      MT_CLEAN_TEST(test_unnamed_global_is_host_memory),
      MT_CLEAN_TEST(test_async_and_capture),
      MT_CLEAN_TEST(test_one_copy_for_every_device),
      MT_CLEAN_TEST(test_symbols_negative),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
