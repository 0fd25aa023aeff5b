/*
 * test_host_copies.c: the smaller copies and host-memory calls ROCm keeps
 * beside the main ones: hipMemcpyWithStream (a copy on a stream the host then
 * waits for, captured as hipMemcpyAsync), hipDrvMemcpy2DUnaligned (as
 * hipMemcpyParam2D), hipMemcpyHtoA and hipMemcpyAtoH (bytes of an array's
 * first row), hipMallocHost and hipHostAlloc (hipHostMalloc's deprecated
 * names), hipMemPtrGetInfo and hipStreamAttachMemAsync (clr's checks, then
 * nothing). Runs serial and with MOCKHIP_STREAMS=async.
 */
#include "mock_test.h"

/* The deprecated names are what is tested. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <string.h>

static void test_memcpy_with_stream(void **state) {
  (void)state;
  unsigned char *dev = NULL, host[64], back[64];
  for (int i = 0; i < 64; i++)
    host[i] = (unsigned char)(i * 3 + 1);
  MT_CHECK(hipMalloc((void **)&dev, 64));
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipMemsetAsync(dev, 0, 64, stream));
  MT_CHECK(hipMemcpyWithStream(dev, host, 64, hipMemcpyHostToDevice, stream));
  memset(back, 0, sizeof back);
  /* no synchronisation: the call returned once the copy was done */
  MT_CHECK(hipMemcpyWithStream(back, dev, 64, hipMemcpyDeviceToHost, stream));
  assert_memory_equal(back, host, 64);
  MT_EXPECT(hipErrorInvalidValue,
            hipMemcpyWithStream(NULL, host, 64, hipMemcpyHostToDevice, stream));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyWithStream(dev, host, 64, (hipMemcpyKind)99, stream));

  /* captured as a hipMemcpyAsync: a memcpy node, run at the launch */
  hipGraph_t graph;
  hipGraphExec_t exec;
  MT_CHECK(hipMemset(dev, 0, 64));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemcpyWithStream(dev, host, 64, hipMemcpyHostToDevice, stream));
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  MT_CHECK(hipMemcpy(back, dev, 64, hipMemcpyDeviceToHost));
  assert_int_equal(back[5], 0);
  MT_CHECK(hipGraphInstantiate(&exec, graph, NULL, NULL, 0));
  MT_CHECK(hipGraphLaunch(exec, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipMemcpy(back, dev, 64, hipMemcpyDeviceToHost));
  assert_memory_equal(back, host, 64);
  MT_CHECK(hipGraphExecDestroy(exec));
  MT_CHECK(hipGraphDestroy(graph));

  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipMemcpyWithStream(dev, host, 64, hipMemcpyHostToDevice, stream));
  MT_CHECK(hipFree(dev));
}

static void test_array_bytes(void **state) {
  (void)state;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  hipArray_t array;
  MT_CHECK(hipMallocArray(&array, &desc, 16, 4, hipArrayDefault)); /* rows of 64 bytes */
  unsigned char host[64], back[64];
  for (int i = 0; i < 64; i++)
    host[i] = (unsigned char)(200 - i);
  MT_CHECK(hipMemcpyHtoA(array, 0, host, 64));
  MT_CHECK(hipMemcpyHtoA(array, 8, host, 16)); /* bytes 8..23 are host's first 16 */
  memset(back, 0, sizeof back);
  MT_CHECK(hipMemcpyAtoH(back, array, 0, 64));
  for (int i = 0; i < 64; i++)
    assert_int_equal(back[i], i >= 8 && i < 24 ? host[i - 8] : host[i]);
  memset(back, 0, sizeof back);
  MT_CHECK(hipMemcpyAtoH(back, array, 60, 4));
  assert_memory_equal(back, host + 60, 4);
  assert_int_equal(back[4], 0);

  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoH(NULL, array, 0, 64));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoH(back, NULL, 0, 64));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoH(back, array, 0, 65)); /* past the row */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoA(array, 61, host, 4)); /* past the row */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoA(array, 0, NULL, 4));

  /* hipDrvMemcpy2DUnaligned: the whole array back, as hipMemcpyParam2D copies it */
  unsigned char rows[4 * 64];
  memset(rows, 0, sizeof rows);
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeArray;
  c.srcArray = array;
  c.dstMemoryType = hipMemoryTypeHost;
  c.dstHost = rows;
  c.dstPitch = 64;
  c.WidthInBytes = 64;
  c.Height = 4;
  MT_CHECK(hipDrvMemcpy2DUnaligned(&c));
  assert_int_equal(rows[8], host[0]);
  assert_int_equal(rows[63], host[63]);
  c.Height = 5; /* one row too many */
  MT_EXPECT(hipErrorInvalidValue, hipDrvMemcpy2DUnaligned(&c));
  MT_EXPECT(hipErrorInvalidValue, hipDrvMemcpy2DUnaligned(NULL));
  MT_CHECK(hipFreeArray(array));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoH(back, array, 0, 4)); /* freed */
}

/* ROCm 6.2's: device memory and arrays, and the Async forms in stream order. */
static void test_array_bytes_6_2(void **state) {
  (void)state;
  hipChannelFormatDesc desc = hipCreateChannelDesc(8, 0, 0, 0, hipChannelFormatKindUnsigned);
  hipArray_t a, b;
  MT_CHECK(hipMallocArray(&a, &desc, 32, 2, hipArrayDefault)); /* rows of 32 bytes */
  MT_CHECK(hipMallocArray(&b, &desc, 32, 2, hipArrayDefault));
  unsigned char *dev = NULL, host[32], back[32];
  for (int i = 0; i < 32; i++)
    host[i] = (unsigned char)(i + 40);
  MT_CHECK(hipMalloc((void **)&dev, 32));
  MT_CHECK(hipMemcpy(dev, host, 32, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpyDtoA(a, 0, dev, 32));
  MT_CHECK(hipMemcpyAtoA(b, 16, a, 0, 16)); /* b's bytes 16..31: a's 0..15 */
  MT_CHECK(hipMemcpyAtoA(b, 0, a, 16, 16)); /* b's bytes 0..15: a's 16..31 */
  MT_CHECK(hipMemset(dev, 0, 32));
  MT_CHECK(hipMemcpyAtoD(dev, b, 0, 32));
  MT_CHECK(hipMemcpy(back, dev, 32, hipMemcpyDeviceToHost));
  for (int i = 0; i < 32; i++)
    assert_int_equal(back[i], host[(i + 16) % 32]);

  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  unsigned char zeros[32] = {0};
  MT_CHECK(hipMemcpyHtoAAsync(a, 0, zeros, 32, stream));
  memset(back, 0xff, sizeof back);
  MT_CHECK(hipMemcpyAtoHAsync(back, a, 0, 32, stream));
  MT_CHECK(hipStreamSynchronize(stream));
  assert_memory_equal(back, zeros, 32);

  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoD(NULL, a, 0, 4));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyDtoA(a, 30, dev, 4)); /* past the row */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyDtoA(a, 0, host, 4)); /* not device memory */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoA(a, 0, NULL, 0, 4));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAtoHAsync(NULL, a, 0, 4, stream));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoAAsync(a, 0, host, 33, stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemcpyHtoAAsync(a, 0, host, 4, stream));
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipFreeArray(a));
  MT_CHECK(hipFreeArray(b));
}

static void test_host_alloc_names(void **state) {
  (void)state;
  void *p = NULL;
  MT_CHECK(hipMallocHost(&p, 100));
  assert_non_null(p);
  hipPointerAttribute_t a;
  MT_CHECK(hipPointerGetAttributes(&a, p));
  assert_int_equal(a.type, hipMemoryTypeHost);
  memset(p, 7, 100); /* the host reaches it */
  MT_CHECK(hipHostFree(p));
  MT_EXPECT(hipErrorInvalidValue, hipMallocHost(NULL, 100));
  p = &p;
  MT_CHECK(hipMallocHost(&p, 0));
  assert_null(p);
  MT_EXPECT(hipErrorOutOfMemory, hipMallocHost(&p, SIZE_MAX));

  unsigned flags = 0;
  MT_CHECK(hipHostAlloc(&p, 64, hipHostAllocMapped | hipHostAllocPortable));
  MT_CHECK(hipHostGetFlags(&flags, p));
  assert_int_equal(flags, hipHostAllocMapped | hipHostAllocPortable);
  MT_CHECK(hipHostFree(p));
  MT_EXPECT(hipErrorInvalidValue, hipHostAlloc(NULL, 64, 0));
  MT_EXPECT(hipErrorInvalidValue, hipHostAlloc(&p, 64, 8)); /* past WriteCombined */
  MT_EXPECT(hipErrorOutOfMemory, hipHostAlloc(&p, SIZE_MAX, 0));

  MT_CHECK(hipMemAllocHost(&p, 32));
  MT_CHECK(hipPointerGetAttributes(&a, p));
  assert_int_equal(a.type, hipMemoryTypeHost);
  MT_CHECK(hipHostFree(p));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocHost(NULL, 32));
}

static void test_mem_alloc_pitch(void **state) {
  (void)state;
  void *p = NULL;
  size_t pitch = 0, bytes = 0;
  MT_CHECK(hipMemAllocPitch(&p, &pitch, 100, 3, 8));
  assert_true(pitch >= 100);
  MT_CHECK(hipMemPtrGetInfo(p, &bytes));
  assert_int_equal(bytes, pitch * 3);
  MT_CHECK(hipFree(p));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocPitch(&p, &pitch, 0, 3, 8));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocPitch(&p, &pitch, 100, 0, 8));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocPitch(&p, &pitch, 100, 3, 2));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocPitch(NULL, &pitch, 100, 3, 4));
  MT_EXPECT(hipErrorInvalidValue, hipMemAllocPitch(&p, NULL, 100, 3, 16));
}

static void test_mem_ptr_get_info(void **state) {
  (void)state;
  char *dev = NULL, *host = NULL;
  size_t bytes = 0;
  MT_CHECK(hipMalloc((void **)&dev, 1000));
  MT_CHECK(hipMemPtrGetInfo(dev, &bytes));
  assert_int_equal(bytes, 1000);
  bytes = 0;
  MT_CHECK(hipMemPtrGetInfo(dev + 999, &bytes)); /* the allocation's size, from any byte */
  assert_int_equal(bytes, 1000);
  MT_EXPECT(hipErrorInvalidValue, hipMemPtrGetInfo(dev + 1000, &bytes));
  MT_CHECK(hipHostMalloc((void **)&host, 300, 0));
  MT_CHECK(hipMemPtrGetInfo(host, &bytes));
  assert_int_equal(bytes, 300);
  char stack[8];
  MT_EXPECT(hipErrorInvalidValue, hipMemPtrGetInfo(stack, &bytes));
  MT_EXPECT(hipErrorInvalidValue, hipMemPtrGetInfo(dev, NULL));
  MT_CHECK(hipFree(dev));
  MT_CHECK(hipHostFree(host));
}

static void test_stream_attach_mem(void **state) {
  (void)state;
  char *managed = NULL, *dev = NULL;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipMallocManaged((void **)&managed, 4096, hipMemAttachGlobal));
  MT_CHECK(hipMalloc((void **)&dev, 4096));
  MT_CHECK(hipStreamAttachMemAsync(stream, managed, 0, hipMemAttachSingle));
  MT_CHECK(hipStreamAttachMemAsync(stream, managed, 4096, hipMemAttachHost));
  MT_CHECK(hipStreamAttachMemAsync(NULL, managed, 0, hipMemAttachGlobal));
  MT_CHECK(hipStreamAttachMemAsync(stream, dev, 100, hipMemAttachGlobal)); /* coarse: any */
  MT_EXPECT(hipErrorInvalidValue,
            hipStreamAttachMemAsync(stream, managed, 2048, hipMemAttachSingle));
  MT_EXPECT(hipErrorInvalidValue, hipStreamAttachMemAsync(stream, NULL, 0, hipMemAttachSingle));
  MT_EXPECT(hipErrorInvalidValue, hipStreamAttachMemAsync(stream, managed, 0, 7));
  MT_EXPECT(hipErrorInvalidValue, hipStreamAttachMemAsync(NULL, managed, 0, hipMemAttachSingle));
  char pageable[64];
  MT_EXPECT(hipErrorInvalidValue,
            hipStreamAttachMemAsync(stream, pageable, sizeof pageable, hipMemAttachGlobal));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipStreamAttachMemAsync(stream, managed, 0, hipMemAttachSingle));
  MT_CHECK(hipFree(managed));
  MT_CHECK(hipFree(dev));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_memcpy_with_stream), MT_CLEAN_TEST(test_array_bytes),
      MT_CLEAN_TEST(test_host_alloc_names),   MT_CLEAN_TEST(test_mem_ptr_get_info),
      MT_CLEAN_TEST(test_stream_attach_mem),  MT_CLEAN_TEST(test_array_bytes_6_2),
      MT_CLEAN_TEST(test_mem_alloc_pitch),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
