/*
 * test_copy.c: hipMemcpy* and hipMemset*: each its driver call with its
 * arguments, the kind checked and then left to unified addressing, the peer
 * copies between primary contexts, and the set values as the driver takes them.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>

#define DST ((void *)(uintptr_t)0x7f0000200000ULL)
#define SRC ((void *)(uintptr_t)0x7f0000600000ULL)
#define STREAM ((hipStream_t)(uintptr_t)0x5100)

/* Every kind, ROCm's no-CU device-to-device one included, is the same
   cuMemcpy: the driver finds the direction from the addresses. */
static void memcpy_checks_the_kind_and_calls_cumemcpy(void **state) {
  (void)state;
  const hipMemcpyKind kinds[] = {hipMemcpyHostToHost,   hipMemcpyHostToDevice,
                                 hipMemcpyDeviceToHost, hipMemcpyDeviceToDevice,
                                 hipMemcpyDefault,      hipMemcpyDeviceToDeviceNoCU};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    assert_hip(hipMemcpy(DST, SRC, 4096, kinds[i]), hipSuccess);
    assert_logged("cuMemcpy", "cuMemcpy(0x7f0000200000,0x7f0000600000,4096)");
    assert_hip(hipMemcpyAsync(DST, SRC, 512, kinds[i], STREAM), hipSuccess);
    assert_logged("cuMemcpyAsync", "cuMemcpyAsync(0x7f0000200000,0x7f0000600000,512,0x5100)");
  }
  assert_int_equal(fake_cuda_log_count("cuMemcpy"), 6);
  fake_cuda_fail_next("cuMemcpy", CUDA_ERROR_ILLEGAL_ADDRESS);
  assert_hip(hipMemcpy(DST, SRC, 8, hipMemcpyDefault), hipErrorIllegalAddress);
}

/* A value that is no hipMemcpyKind: hipErrorInvalidMemcpyDirection, as cudaMemcpy. */
static void memcpy_rejects_an_unknown_kind(void **state) {
  (void)state;
  const int bad[] = {5, -1, 1023, 1025};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_hip(hipMemcpy(DST, SRC, 8, (hipMemcpyKind)bad[i]), hipErrorInvalidMemcpyDirection);
    assert_hip(hipMemcpyAsync(DST, SRC, 8, (hipMemcpyKind)bad[i], NULL),
               hipErrorInvalidMemcpyDirection);
  }
  assert_no_driver_call();
  assert_hip(hipGetLastError(), hipErrorInvalidMemcpyDirection);
}

static void typed_copies_are_their_driver_calls(void **state) {
  (void)state;
  assert_hip(hipMemcpyHtoD(DST, SRC, 16), hipSuccess);
  assert_logged("cuMemcpyHtoD_v2", "cuMemcpyHtoD_v2(0x7f0000200000,0x7f0000600000,16)");
  assert_hip(hipMemcpyDtoH(DST, SRC, 32), hipSuccess);
  assert_logged("cuMemcpyDtoH_v2", "cuMemcpyDtoH_v2(0x7f0000200000,0x7f0000600000,32)");
  assert_hip(hipMemcpyDtoD(DST, SRC, 64), hipSuccess);
  assert_logged("cuMemcpyDtoD_v2", "cuMemcpyDtoD_v2(0x7f0000200000,0x7f0000600000,64)");
  assert_hip(hipMemcpyHtoDAsync(DST, SRC, 16, STREAM), hipSuccess);
  assert_logged("cuMemcpyHtoDAsync_v2",
                "cuMemcpyHtoDAsync_v2(0x7f0000200000,0x7f0000600000,16,0x5100)");
  assert_hip(hipMemcpyDtoHAsync(DST, SRC, 32, STREAM), hipSuccess);
  assert_logged("cuMemcpyDtoHAsync_v2",
                "cuMemcpyDtoHAsync_v2(0x7f0000200000,0x7f0000600000,32,0x5100)");
  assert_hip(hipMemcpyDtoDAsync(DST, SRC, 64, NULL), hipSuccess);
  assert_logged("cuMemcpyDtoDAsync_v2",
                "cuMemcpyDtoDAsync_v2(0x7f0000200000,0x7f0000600000,64,0x0)");
  fake_cuda_fail_next("cuMemcpyDtoH_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyDtoH(DST, NULL, 32), hipErrorInvalidValue);
}

/* The peer copies name both devices' primary contexts. */
static void peer_copies_name_both_primary_contexts(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipMemcpyPeer(DST, 1, SRC, 0, 4096), hipSuccess);
  assert_logged("cuMemcpyPeer", "cuMemcpyPeer(0x7f0000200000,0xc0001,0x7f0000600000,0xc0000,4096)");
  assert_hip(hipMemcpyPeerAsync(DST, 0, SRC, 1, 128, STREAM), hipSuccess);
  assert_logged("cuMemcpyPeerAsync",
                "cuMemcpyPeerAsync(0x7f0000200000,0xc0000,0x7f0000600000,0xc0001,128,0x5100)");
  assert_hip(hipMemcpyPeer(DST, 2, SRC, 0, 4096), hipErrorInvalidDevice);
  assert_hip(hipMemcpyPeer(DST, 0, SRC, -1, 4096), hipErrorInvalidDevice);
  assert_int_equal(fake_cuda_log_count("cuMemcpyPeer"), 1);
}

/* hipMemset sets bytes; the D16 and D32 values go to the driver as unsigned. */
static void sets_pass_their_values(void **state) {
  (void)state;
  assert_hip(hipMemset(DST, 0x1ab, 100), hipSuccess);
  assert_logged("cuMemsetD8_v2", "cuMemsetD8_v2(0x7f0000200000,0xab,100)");
  assert_hip(hipMemsetAsync(DST, -1, 100, STREAM), hipSuccess);
  assert_logged("cuMemsetD8Async", "cuMemsetD8Async(0x7f0000200000,0xff,100,0x5100)");
  assert_hip(hipMemsetD8(DST, 0x7f, 3), hipSuccess);
  assert_logged("cuMemsetD8_v2", "cuMemsetD8_v2(0x7f0000200000,0x7f,3)");
  assert_hip(hipMemsetD8Async(DST, 0x80, 3, NULL), hipSuccess);
  assert_logged("cuMemsetD8Async", "cuMemsetD8Async(0x7f0000200000,0x80,3,0x0)");
  assert_hip(hipMemsetD16(DST, 0xbeef, 7), hipSuccess);
  assert_logged("cuMemsetD16_v2", "cuMemsetD16_v2(0x7f0000200000,0xbeef,7)");
  assert_hip(hipMemsetD16Async(DST, 0xffff, 7, STREAM), hipSuccess);
  assert_logged("cuMemsetD16Async", "cuMemsetD16Async(0x7f0000200000,0xffff,7,0x5100)");
  assert_hip(hipMemsetD32(DST, -2, 9), hipSuccess);
  assert_logged("cuMemsetD32_v2", "cuMemsetD32_v2(0x7f0000200000,0xfffffffe,9)");
  assert_hip(hipMemsetD32Async(DST, 0x12345678, 9, STREAM), hipSuccess);
  assert_logged("cuMemsetD32Async", "cuMemsetD32Async(0x7f0000200000,0x12345678,9,0x5100)");
  fake_cuda_fail_next("cuMemsetD32_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemsetD32((void *)0x2, 0, 1), hipErrorInvalidValue);
}

int hn_area_copy(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(memcpy_checks_the_kind_and_calls_cumemcpy),
      HN_TEST(memcpy_rejects_an_unknown_kind),
      HN_TEST(typed_copies_are_their_driver_calls),
      HN_TEST(peer_copies_name_both_primary_contexts),
      HN_TEST(sets_pass_their_values),
  };
  return cmocka_run_group_tests_name("copy", tests, NULL, NULL);
}
