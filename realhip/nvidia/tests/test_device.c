/*
 * test_device.c: device queries: the count, handles, name, UUID, PCI address,
 * memory, compute capability, attributes (ROCm's numbering onto CUDA's),
 * the properties struct, peers and stream priorities.
 */
#include "hip_nvidia_test.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static void device_count_is_the_drivers(void **state) {
  (void)state;
  int count = -1;
  fake_cuda_set(FAKE_DEVICE_COUNT, 3);
  assert_hip(hipGetDeviceCount(&count), hipSuccess);
  assert_int_equal(count, 3);
  assert_logged("cuDeviceGetCount", "cuDeviceGetCount(&)");
}

/* The driver counts 0; the CUDA runtime calls that an error. */
static void no_device_is_an_error(void **state) {
  (void)state;
  int count = -1;
  fake_cuda_set(FAKE_DEVICE_COUNT, 0);
  assert_hip(hipGetDeviceCount(&count), hipErrorNoDevice);
  assert_int_equal(count, 0);
  count = -1;
  fake_cuda_fail_next("cuDeviceGetCount", CUDA_ERROR_NOT_INITIALIZED);
  assert_hip(hipGetDeviceCount(&count), hipErrorNotInitialized);
  assert_int_equal(count, 0);
}

static void device_get_name_uuid_pci_memory(void **state) {
  (void)state;
  hipDevice_t device = -1;
  char name[64], pci[16];
  hipUUID uuid;
  size_t bytes = 0;
  const char bytes16[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  fake_cuda_set_name("NVIDIA H200");
  fake_cuda_set_pci_bus_id("0000:9a:00.0");
  fake_cuda_set_uuid(bytes16);
  fake_cuda_set(FAKE_TOTAL_MEM, 150ULL << 30);

  assert_hip(hipDeviceGet(&device, 1), hipSuccess);
  assert_int_equal(device, 1);
  assert_logged("cuDeviceGet", "cuDeviceGet(&,1)");
  assert_hip(hipDeviceGetName(name, sizeof name, device), hipSuccess);
  assert_string_equal(name, "NVIDIA H200");
  assert_logged("cuDeviceGetName", "cuDeviceGetName(&,64,1)");
  assert_hip(hipDeviceGetUuid(&uuid, device), hipSuccess);
  assert_memory_equal(uuid.bytes, bytes16, 16);
  assert_logged("cuDeviceGetUuid_v2", "cuDeviceGetUuid_v2(&,1)");
  assert_not_called("cuDeviceGetUuid");
  assert_hip(hipDeviceGetPCIBusId(pci, sizeof pci, 1), hipSuccess);
  assert_string_equal(pci, "0000:9a:00.0");
  assert_logged("cuDeviceGetPCIBusId", "cuDeviceGetPCIBusId(&,16,1)");
  assert_hip(hipDeviceTotalMem(&bytes, device), hipSuccess);
  assert_int_equal(bytes, 150ULL << 30);
  assert_logged("cuDeviceTotalMem_v2", "cuDeviceTotalMem_v2(&,1)");
}

static void device_queries_negative(void **state) {
  (void)state;
  char name[8];
  assert_hip(hipGetDeviceCount(NULL), hipErrorInvalidValue);
  assert_hip(hipDeviceGet(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetName(NULL, 8, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetName(name, 0, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetUuid(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetPCIBusId(NULL, 8, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetPCIBusId(name, -1, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceTotalMem(NULL, 0), hipErrorInvalidValue);
  int major = 0;
  assert_hip(hipDeviceComputeCapability(&major, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceComputeCapability(NULL, &major, 0), hipErrorInvalidValue);
  assert_no_driver_call();
  hipDevice_t device = -1;
  assert_hip(hipDeviceGet(&device, 5), hipErrorInvalidDevice);
  assert_int_equal(device, -1);
  assert_hip(hipDeviceGetPCIBusId(name, sizeof name, 5), hipErrorInvalidDevice);
  assert_not_called("cuDeviceGetPCIBusId");
}

static void compute_capability_is_two_attributes(void **state) {
  (void)state;
  int major = 0, minor = 0;
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 6);
  assert_hip(hipDeviceComputeCapability(&major, &minor, 0), hipSuccess);
  assert_int_equal(major, 8);
  assert_int_equal(minor, 6);
  assert_string_equal(fake_cuda_log_text(), "cuDeviceGetAttribute(&,75,0)\n"
                                            "cuDeviceGetAttribute(&,76,0)\n");
}

/* ---- attributes ---- */

typedef struct attribute_pair {
  hipDeviceAttribute_t hip;
  int cuda;
} attribute_pair;

/* A sample across the table, from NVIDIA's cuda.h: the numbers differ. */
static const attribute_pair pairs[] = {
    {hipDeviceAttributeEccEnabled, 32},
    {hipDeviceAttributeAccessPolicyMaxWindowSize, 109},
    {hipDeviceAttributeClockRate, 13},
    {hipDeviceAttributeComputeCapabilityMajor, 75},
    {hipDeviceAttributeComputeCapabilityMinor, 76},
    {hipDeviceAttributeDeviceOverlap, 15},
    {hipDeviceAttributeIsMultiGpuBoard, 84},
    {hipDeviceAttributeMaxBlockDimX, 2},
    {hipDeviceAttributeMaxGridDimZ, 7},
    {hipDeviceAttributeMaxSurface2DLayered, 63},
    {hipDeviceAttributeMaxTexture1DMipmap, 77},
    {hipDeviceAttributeMaxTexture2DGather, 45},
    {hipDeviceAttributeMaxTexture3DAlt, 47},
    {hipDeviceAttributeMaxThreadsPerBlock, 1},
    {hipDeviceAttributeMemoryBusWidth, 37},
    {hipDeviceAttributeMultiprocessorCount, 16},
    {hipDeviceAttributePciBusId, 33},
    {hipDeviceAttributePciDeviceId, 34},
    {hipDeviceAttributePciDomainID, 50},
    {hipDeviceAttributeMaxRegistersPerMultiprocessor, 82},
    {hipDeviceAttributeSharedMemPerBlockOptin, 97},
    {hipDeviceAttributeSharedMemPerMultiprocessor, 81},
    {hipDeviceAttributeTexturePitchAlignment, 51},
    {hipDeviceAttributeUnifiedAddressing, 41},
    {hipDeviceAttributeWarpSize, 10},
    {hipDeviceAttributeMemoryPoolsSupported, 115},
    {hipDeviceAttributeVirtualMemoryManagementSupported, 102},
    {hipDeviceAttributeHostRegisterSupported, 99},
    {hipDeviceAttributeMemoryPoolSupportedHandleTypes, 119},
    {hipDeviceAttributeHostNumaId, 134},
    {hipDeviceAttributeDmaBufSupported, 124},
    {hipDeviceAttributeGPUDirectRDMAWithHipVMMSupported, 110},
    {hipDeviceAttributeHandleTypeFabricSupported, 128},
    {hipDeviceAttributeGPUDirectRDMASupported, 116},
    {hipDeviceAttributeGPUDirectRDMAWritesOrdering, 118},
    /* ROCm's own number, CUDA's attribute. */
    {hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, 81},
};

static void attributes_are_renumbered(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    int value = -1;
    char expected[64];
    fake_cuda_set_attribute(1, pairs[i].cuda, 1000 + (int)i);
    assert_hip(hipDeviceGetAttribute(&value, pairs[i].hip, 1), hipSuccess);
    assert_int_equal(value, 1000 + (int)i);
    snprintf(expected, sizeof expected, "cuDeviceGetAttribute(&,%d,1)", pairs[i].cuda);
    assert_logged("cuDeviceGetAttribute", expected);
  }
}

/* No CUDA attribute: the total memory, clamped to an int as ROCm clamps it. */
static void total_global_mem_attribute_is_clamped(void **state) {
  (void)state;
  int value = 0;
  fake_cuda_set(FAKE_TOTAL_MEM, 80ULL << 30);
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeTotalGlobalMem, 0), hipSuccess);
  assert_int_equal(value, INT_MAX);
  fake_cuda_set(FAKE_TOTAL_MEM, 1ULL << 30);
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeTotalGlobalMem, 0), hipSuccess);
  assert_int_equal(value, 1 << 30);
  assert_not_called("cuDeviceGetAttribute");
}

/* ROCm-only and unmapped attributes: hipErrorInvalidValue, as HIP's NVIDIA
   platform answers, without asking the driver. */
static void unmapped_attributes_are_invalid(void **state) {
  (void)state;
  const hipDeviceAttribute_t unmapped[] = {
      hipDeviceAttributeLuid,
      hipDeviceAttributeMaxThreadsDim,
      hipDeviceAttributeUnused1,
      hipDeviceAttributeHostAllocDmaBufSupported,
      hipDeviceAttributeCudaCompatibleEnd,
      hipDeviceAttributeClockInstructionRate,
      hipDeviceAttributeAsicRevision,
      hipDeviceAttributeIsLargeBar,
      hipDeviceAttributeVendorSpecificBegin,
      (hipDeviceAttribute_t)-1,
      (hipDeviceAttribute_t)100,
  };
  for (size_t i = 0; i < sizeof unmapped / sizeof unmapped[0]; i++) {
    int value = -7;
    assert_hip(hipDeviceGetAttribute(&value, unmapped[i], 0), hipErrorInvalidValue);
    assert_int_equal(value, -7);
  }
  assert_hip(hipDeviceGetAttribute(NULL, hipDeviceAttributeWarpSize, 0), hipErrorInvalidValue);
  assert_no_driver_call();
  int value = 0;
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeAsicRevision, 0),
             hipErrorInvalidValue);
  assert_contains(hip_nvidia_last_reason(), "attribute 10012 has no CUDA counterpart (a ROCm-only");
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 3), hipErrorInvalidDevice);
}

/* ---- properties ---- */

static void properties_come_from_the_driver(void **state) {
  (void)state;
  const char bytes16[16] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6};
  fake_cuda_set_name("NVIDIA H100 80GB HBM3");
  fake_cuda_set_uuid(bytes16);
  fake_cuda_set(FAKE_TOTAL_MEM, 85ULL << 30);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 9);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 132);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, 0x9a);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 2);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 49152);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 1024);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 65535);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS, 2048);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES, 9);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, 233472);
  fake_cuda_set_attribute(0, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 1980000);

  hipDeviceProp_t prop;
  memset(&prop, 0xee, sizeof prop);
  assert_hip(hipGetDevicePropertiesR0600(&prop, 0), hipSuccess);
  assert_string_equal(prop.name, "NVIDIA H100 80GB HBM3");
  assert_memory_equal(prop.uuid.bytes, bytes16, 16);
  assert_int_equal(prop.totalGlobalMem, 85ULL << 30);
  assert_int_equal(prop.major, 9);
  assert_int_equal(prop.minor, 0);
  assert_int_equal(prop.warpSize, 32);
  assert_int_equal(prop.multiProcessorCount, 132);
  assert_int_equal(prop.pciBusID, 0x9a);
  assert_int_equal(prop.pciDomainID, 2);
  assert_int_equal(prop.sharedMemPerBlock, 49152);
  assert_int_equal(prop.maxThreadsDim[1], 1024);
  assert_int_equal(prop.maxGridSize[2], 65535);
  assert_int_equal(prop.maxSurface2DLayered[2], 2048);
  assert_int_equal(prop.memoryPoolSupportedHandleTypes, 9);
  assert_int_equal(prop.sharedMemPerMultiprocessor, 233472);
  assert_int_equal(prop.maxSharedMemoryPerMultiProcessor, 233472);
  assert_int_equal(prop.unifiedAddressing, 1);
  assert_int_equal(prop.clockRate, 1980000);
  assert_int_equal(prop.clockInstructionRate, 1980000);
  assert_string_equal(prop.gcnArchName, "sm_90");
  assert_int_equal(prop.arch.hasDoubles, 1);
  assert_int_equal(prop.isLargeBar, 0);
  assert_null(prop.hdpMemFlushCntl);
  /* Fields nothing fills are 0, not what the caller's struct held. */
  assert_int_equal(prop.luidDeviceNodeMask, 0);
  assert_int_equal(prop.ECCEnabled, 0);
  assert_logged("cuDeviceGetName", "cuDeviceGetName(&,256,0)");
  assert_true(fake_cuda_log_count("cuDeviceGetAttribute") > 100);
}

/* A driver older than an attribute answers CUDA_ERROR_INVALID_VALUE: the field
   stays 0. Any other failure fails the call and leaves *prop alone. */
static void properties_on_an_older_driver(void **state) {
  (void)state;
  hipDeviceProp_t prop;
  fake_cuda_fail_always("cuDeviceGetAttribute", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGetDevicePropertiesR0600(&prop, 0), hipSuccess);
  assert_int_equal(prop.major, 0);
  assert_int_equal(prop.warpSize, 0);
  assert_string_equal(prop.gcnArchName, "sm_00");
  fake_cuda_fail_always("cuDeviceGetAttribute", CUDA_SUCCESS);

  memset(&prop, 0x5a, sizeof prop);
  fake_cuda_fail_next("cuDeviceGetAttribute", CUDA_ERROR_NOT_INITIALIZED);
  assert_hip(hipGetDevicePropertiesR0600(&prop, 0), hipErrorNotInitialized);
  assert_int_equal((unsigned char)prop.name[0], 0x5a);
  assert_hip(hipGetDevicePropertiesR0600(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipGetDevicePropertiesR0600(&prop, 4), hipErrorInvalidDevice);
}

/* The header's inline hipGetDeviceProperties is the same call. */
static void get_device_properties_is_r0600(void **state) {
  (void)state;
  hipDeviceProp_t prop;
  assert_hip(hipGetDeviceProperties(&prop, 0), hipSuccess);
  assert_string_equal(prop.name, "Fake NVIDIA GPU");
}

/* ---- peers and priorities ---- */

static void peer_queries_are_the_drivers(void **state) {
  (void)state;
  int can = -1, value = -1;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  fake_cuda_set(FAKE_CAN_ACCESS_PEER, 1);
  assert_hip(hipDeviceCanAccessPeer(&can, 0, 1), hipSuccess);
  assert_int_equal(can, 1);
  assert_logged("cuDeviceCanAccessPeer", "cuDeviceCanAccessPeer(&,0,1)");
  assert_hip(hipDeviceCanAccessPeer(&can, 0, 2), hipErrorInvalidDevice);
  assert_hip(hipDeviceCanAccessPeer(NULL, 0, 1), hipErrorInvalidValue);

  /* HIP numbers the P2P attributes from 0, CUDA from 1. */
  const hipDeviceP2PAttr attrs[] = {hipDevP2PAttrPerformanceRank, hipDevP2PAttrAccessSupported,
                                    hipDevP2PAttrNativeAtomicSupported,
                                    hipDevP2PAttrHipArrayAccessSupported};
  for (int i = 0; i < 4; i++) {
    char expected[64];
    fake_cuda_set(FAKE_P2P_VALUE, 10 + (unsigned)i);
    assert_hip(hipDeviceGetP2PAttribute(&value, attrs[i], 1, 0), hipSuccess);
    assert_int_equal(value, 10 + i);
    snprintf(expected, sizeof expected, "cuDeviceGetP2PAttribute(&,%d,1,0)", i + 1);
    assert_logged("cuDeviceGetP2PAttribute", expected);
  }
  fake_cuda_log_clear();
  assert_hip(hipDeviceGetP2PAttribute(&value, (hipDeviceP2PAttr)4, 1, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetP2PAttribute(NULL, hipDevP2PAttrAccessSupported, 1, 0),
             hipErrorInvalidValue);
  assert_no_driver_call();
}

/* The current context gains the peer's primary context. */
static void peer_access_names_the_peers_primary_context(void **state) {
  (void)state;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipDeviceEnablePeerAccess(1, 0), hipSuccess);
  assert_logged("cuCtxEnablePeerAccess", "cuCtxEnablePeerAccess(0xc0001,0)");
  fake_cuda_fail_next("cuCtxEnablePeerAccess", CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED);
  assert_hip(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled);
  assert_hip(hipDeviceDisablePeerAccess(1), hipSuccess);
  assert_logged("cuCtxDisablePeerAccess", "cuCtxDisablePeerAccess(0xc0001)");
  fake_cuda_fail_next("cuCtxDisablePeerAccess", CUDA_ERROR_PEER_ACCESS_NOT_ENABLED);
  assert_hip(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
  assert_hip(hipDeviceEnablePeerAccess(2, 0), hipErrorInvalidDevice);
  assert_int_equal(fake_cuda_log_count("cuCtxEnablePeerAccess"), 2);
}

/* A peer the device cannot reach, itself included, is the driver's PEER_ACCESS_UNSUPPORTED (as
   the H200 answered) and the CUDA runtime's cudaErrorInvalidDevice; disabling access to itself
   is the driver's PEER_ACCESS_NOT_ENABLED, passed on. */
static void peer_access_to_itself(void **state) {
  (void)state;
  fake_cuda_fail_next("cuCtxEnablePeerAccess", CUDA_ERROR_PEER_ACCESS_UNSUPPORTED);
  assert_hip(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  assert_contains(hip_nvidia_last_reason(), "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED");
  assert_logged("cuCtxEnablePeerAccess", "cuCtxEnablePeerAccess(0xc0000,0)");
  fake_cuda_fail_next("cuCtxDisablePeerAccess", CUDA_ERROR_PEER_ACCESS_NOT_ENABLED);
  assert_hip(hipDeviceDisablePeerAccess(0), hipErrorPeerAccessNotEnabled);
}

static void stream_priority_range_is_the_contexts(void **state) {
  (void)state;
  int least = 99, greatest = 99;
  fake_cuda_set(FAKE_PRIORITY_LEAST, 0);
  fake_cuda_set(FAKE_PRIORITY_GREATEST, (unsigned long long)-5);
  assert_hip(hipDeviceGetStreamPriorityRange(&least, &greatest), hipSuccess);
  assert_int_equal(least, 0);
  assert_int_equal(greatest, -5);
  /* Either may be NULL. */
  assert_hip(hipDeviceGetStreamPriorityRange(NULL, &greatest), hipSuccess);
  assert_hip(hipDeviceGetStreamPriorityRange(&least, NULL), hipSuccess);
  assert_logged("cuCtxGetStreamPriorityRange", "cuCtxGetStreamPriorityRange(&,&)");
}

int hn_area_device(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(device_count_is_the_drivers),
      HN_TEST(no_device_is_an_error),
      HN_TEST(device_get_name_uuid_pci_memory),
      HN_TEST(device_queries_negative),
      HN_TEST(compute_capability_is_two_attributes),
      HN_TEST(attributes_are_renumbered),
      HN_TEST(total_global_mem_attribute_is_clamped),
      HN_TEST(unmapped_attributes_are_invalid),
      HN_TEST(properties_come_from_the_driver),
      HN_TEST(properties_on_an_older_driver),
      HN_TEST(get_device_properties_is_r0600),
      HN_TEST(peer_queries_are_the_drivers),
      HN_TEST(peer_access_names_the_peers_primary_context),
      HN_TEST(peer_access_to_itself),
      HN_TEST(stream_priority_range_is_the_contexts),
  };
  return cmocka_run_group_tests_name("device", tests, NULL, NULL);
}
