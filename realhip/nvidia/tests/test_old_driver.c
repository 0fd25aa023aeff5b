/*
 * test_old_driver.c: hip-nvidia on a driver that lacks some symbols (the fake
 * built as an older driver: no cuMemGetHandleForAddressRange, CUDA 11.7, no
 * cuDeviceGetUuid_v2, CUDA 11.4, none of the pool calls, CUDA 11.2, none of
 * CUDA 12.0's kernel-node _v2 calls, and, standing for an array call a driver
 * lacks, no cuMipmappedArray*, CUDA 5.0). The call that needs a missing
 * symbol answers hipErrorNotSupported naming it; one with an older
 * equivalent uses that; everything else works.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

static void missing_symbol_is_not_supported(void **state) {
  (void)state;
  int fd = -1;
  char expected[1024];
  assert_hip(hipMemGetHandleForAddressRange(&fd, (void *)(uintptr_t)0x7f0000200000ULL, 4096,
                                            hipMemRangeHandleTypeDmaBufFd, 0),
             hipErrorNotSupported);
  assert_int_equal(fd, -1);
  snprintf(expected, sizeof expected,
           "%s exports no cuMemGetHandleForAddressRange: this driver is older than the call",
           hip_nvidia_driver_path());
  assert_string_equal(hip_nvidia_last_reason(), expected);
  assert_not_called("cuMemGetHandleForAddressRange");
  /* hip-nvidia still exports it: looking it up works, calling it says why not. */
  void *pfn = NULL;
  assert_hip(hipGetProcAddress("hipMemGetHandleForAddressRange", &pfn, 700, 0, NULL), hipSuccess);
  assert_null(hip_nvidia_driver_symbol("cuMemGetHandleForAddressRange"));
}

/* A driver without pools: each pool call says which symbol it lacks. */
static void pools_are_not_supported(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  char expected[1024];
  assert_hip(hipDeviceGetDefaultMemPool(&pool, 0), hipErrorNotSupported);
  snprintf(expected, sizeof expected,
           "%s exports no cuDeviceGetDefaultMemPool: this driver is older than the call",
           hip_nvidia_driver_path());
  assert_string_equal(hip_nvidia_last_reason(), expected);
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorNotSupported);
  assert_contains(hip_nvidia_last_reason(), "exports no cuMemPoolCreate");
  assert_null(pool);
  assert_null(hip_nvidia_driver_symbol("cuMemPoolCreate"));
}

/* The array calls go through the same loader: a missing one names itself, the rest work. */
static void missing_array_symbol_is_not_supported(void **state) {
  (void)state;
  hipMipmappedArray_t mipmapped = NULL;
  HIP_ARRAY3D_DESCRIPTOR desc = {.Width = 64, .Format = HIP_AD_FORMAT_FLOAT, .NumChannels = 1};
  char expected[1024];
  assert_hip(hipMipmappedArrayCreate(&mipmapped, &desc, 4), hipErrorNotSupported);
  assert_null(mipmapped);
  snprintf(expected, sizeof expected,
           "%s exports no cuMipmappedArrayCreate: this driver is older than the call",
           hip_nvidia_driver_path());
  assert_string_equal(hip_nvidia_last_reason(), expected);
  assert_not_called("cuMipmappedArrayCreate");
  hipArray_t array = NULL;
  hipChannelFormatDesc channels = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  assert_hip(hipMallocArray(&array, &channels, 64, 0, 0), hipSuccess);
  assert_non_null(array);
}

static void uuid_falls_back_to_the_older_call(void **state) {
  (void)state;
  hipUUID uuid;
  const char bytes[16] = {5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8};
  fake_cuda_set_uuid(bytes);
  assert_hip(hipDeviceGetUuid(&uuid, 0), hipSuccess);
  assert_memory_equal(uuid.bytes, bytes, 16);
  assert_string_equal(fake_cuda_log_text(), "cuDeviceGetUuid(&,0)\n");
  hipDeviceProp_t prop;
  assert_hip(hipGetDevicePropertiesR0600(&prop, 0), hipSuccess);
  assert_memory_equal(prop.uuid.bytes, bytes, 16);
}

/* Kernel nodes are CUDA 12.0's _v2 calls; launches are older and work. */
static void kernel_nodes_need_cuda_12(void **state) {
  (void)state;
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = {
      .blockDim = {32, 1, 1}, .func = (void *)(uintptr_t)0xf100, .gridDim = {1, 1, 1}};
  char expected[1024];
  assert_hip(hipGraphAddKernelNode(&node, (hipGraph_t)(uintptr_t)0x6100, NULL, 0, &params),
             hipErrorNotSupported);
  snprintf(expected, sizeof expected,
           "%s exports no cuGraphAddKernelNode_v2: this driver is older than the call",
           hip_nvidia_driver_path());
  assert_string_equal(hip_nvidia_last_reason(), expected);
  assert_null(node);
  assert_hip(hipModuleLaunchKernel((hipFunction_t)(uintptr_t)0xf100, 1, 1, 1, 32, 1, 1, 0, NULL,
                                   NULL, NULL),
             hipSuccess);
  assert_logged("cuLaunchKernel", "cuLaunchKernel(0xf100,1,1,1,32,1,1,0,0x0,0x0,NULL)");
}

static void the_rest_works(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipMalloc(&ptr, 64), hipSuccess);
  assert_logged("cuMemAlloc_v2", "cuMemAlloc_v2(&,64)");
  assert_non_null(hip_nvidia_driver_symbol("cuMemAlloc_v2"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(missing_symbol_is_not_supported),
      HN_TEST(pools_are_not_supported),
      HN_TEST(missing_array_symbol_is_not_supported),
      HN_TEST(uuid_falls_back_to_the_older_call),
      HN_TEST(kernel_nodes_need_cuda_12),
      HN_TEST(the_rest_works),
  };
  return cmocka_run_group_tests_name("old_driver", tests, NULL, NULL);
}
