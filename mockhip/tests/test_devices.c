/*
 * test_devices.c: the device model (names, UUIDs, PCI bus ids, capacity,
 * compute capability, properties), every device attribute against its
 * property, and peer access. Runs with three devices.
 */
#include "mock_test.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DEVICES 3
#define SENTINEL 0x5a

static hipDeviceProp_t properties_of(int device) {
  hipDeviceProp_t props;
  memset(&props, SENTINEL, sizeof props);
  MT_CHECK(hipGetDeviceProperties(&props, device));
  return props;
}

static int attribute_of(hipDeviceAttribute_t attr, int device) {
  int value = -1;
  MT_CHECK(hipDeviceGetAttribute(&value, attr, device));
  return value;
}

/* ---- names, ids, capacity ---- */

static void test_device_identity(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++) {
    hipDevice_t got = -1;
    MT_CHECK(hipDeviceGet(&got, device));
    assert_int_equal(got, device);
    char name[64], want[64];
    snprintf(want, sizeof want, "mockhip CPU device %d", device);
    MT_CHECK(hipDeviceGetName(name, sizeof name, device));
    assert_string_equal(name, want);
    hipDeviceProp_t props = properties_of(device);
    assert_string_equal(props.name, want);
    assert_string_equal(props.gcnArchName, "gfx942:sramecc+:xnack-");
    int major = -1, minor = -1;
    MT_CHECK(hipDeviceComputeCapability(&major, &minor, device));
    assert_int_equal(major, 9); /* gfx942: ISA 9.4.2 */
    assert_int_equal(minor, 4);
    assert_int_equal(props.major, major);
    assert_int_equal(props.minor, minor);
  }
}

/* As ROCm: as much of the name as fits and a NUL; the bytes after it are not written. */
static void test_name_partial_fill(void **state) {
  (void)state;
  char name[16];
  memset(name, 'x', sizeof name);
  MT_CHECK(hipDeviceGetName(name, 5, 1));
  assert_string_equal(name, "mock");
  for (size_t i = 5; i < sizeof name; i++)
    assert_int_equal(name[i], 'x');
  MT_CHECK(hipDeviceGetName(name, 1, 1));
  assert_int_equal(name[0], '\0');
  assert_int_equal(name[1], 'o');
}

static void test_uuids_are_stable_and_distinct(void **state) {
  (void)state;
  hipUUID uuids[DEVICES];
  for (int device = 0; device < DEVICES; device++) {
    MT_CHECK(hipDeviceGetUuid(&uuids[device], device));
    char text[17];
    memcpy(text, uuids[device].bytes, 16);
    text[16] = '\0';
    char want[17];
    snprintf(want, sizeof want, "6d6f636b%08x", (unsigned)device); /* ASCII, as ROCm's */
    assert_string_equal(text, want);
    hipUUID again;
    MT_CHECK(hipDeviceGetUuid(&again, device));
    assert_memory_equal(again.bytes, uuids[device].bytes, 16);
    hipDeviceProp_t props = properties_of(device);
    assert_memory_equal(props.uuid.bytes, uuids[device].bytes, 16);
    for (int other = 0; other < device; other++)
      assert_memory_not_equal(uuids[other].bytes, uuids[device].bytes, 16);
  }
}

static void test_pci_bus_ids(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++) {
    char id[32], want[32];
    MT_CHECK(hipDeviceGetPCIBusId(id, sizeof id, device));
    snprintf(want, sizeof want, "0000:%02x:00.0", device + 1);
    assert_string_equal(id, want);
    assert_int_equal(attribute_of(hipDeviceAttributePciBusId, device), device + 1);
    assert_int_equal(attribute_of(hipDeviceAttributePciDomainID, device), 0);
    assert_int_equal(attribute_of(hipDeviceAttributePciDeviceId, device), 0);
    MT_CHECK(hipDeviceGetPCIBusId(id, 13, device)); /* 12 characters and the NUL */
    assert_string_equal(id, want);
  }
}

/* clr writes what fits, then fails a buffer under 13 bytes; nothing past len is written. */
static void test_pci_bus_id_partial_fill(void **state) {
  (void)state;
  char id[32];
  memset(id, 'x', sizeof id);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetPCIBusId(id, 5, 0));
  assert_string_equal(id, "0000");
  for (size_t i = 5; i < sizeof id; i++)
    assert_int_equal(id[i], 'x');
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetPCIBusId(id, 12, 0));
  assert_string_equal(id, "0000:01:00.");
  memset(id, 'x', sizeof id);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetPCIBusId(id, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetPCIBusId(id, -1, 0));
  assert_int_equal(id[0], 'x'); /* ROCm would write the whole id for -1 */
  assert_string_equal(mockhip_last_reason(),
                      "hipDeviceGetPCIBusId: len -1 is less than the 13 bytes of the id");
}

static void test_capacity(void **state) {
  (void)state;
  size_t total = 0, free_bytes = 0, memory_total = 0;
  MT_CHECK(hipDeviceTotalMem(&total, 2));
  assert_int_equal(total, 16 * MT_GIB); /* MOCKHIP_DEVICE_MEMORY's default */
  assert_int_equal(properties_of(2).totalGlobalMem, total);
  MT_CHECK(hipMemGetInfo(&free_bytes, &memory_total));
  assert_int_equal(memory_total, total);
  /* clr clamps sizes to an int. */
  assert_int_equal(attribute_of(hipDeviceAttributeTotalGlobalMem, 2), INT_MAX);
}

/* ---- every attribute ---- */

typedef enum answer { FIELD_INT, FIELD_SIZE, NO_FIELD, REFUSED } answer;

typedef struct attribute_case {
  hipDeviceAttribute_t attr;
  const char *name;
  answer answer;
  size_t field; /* offsetof in hipDeviceProp_t, for FIELD_INT and FIELD_SIZE */
  int value;    /* what NO_FIELD answers */
} attribute_case;

#define INT_FIELD(attr, field)                                                                     \
  { attr, #attr, FIELD_INT, offsetof(hipDeviceProp_t, field), 0 }
#define SIZE_FIELD(attr, field)                                                                    \
  { attr, #attr, FIELD_SIZE, offsetof(hipDeviceProp_t, field), 0 }
#define VALUE(attr, value)                                                                         \
  { attr, #attr, NO_FIELD, 0, value }
#define REFUSE(attr)                                                                               \
  { attr, #attr, REFUSED, 0, 0 }

/* Every value of hipDeviceAttribute_t (PciDomainId and PciDomainID are one), with the property
   clr's hipDeviceGetAttribute reads for it, the value it answers without one, or a refusal. */
static const attribute_case attribute_cases[] = {
    INT_FIELD(hipDeviceAttributeEccEnabled, ECCEnabled),
    INT_FIELD(hipDeviceAttributeAccessPolicyMaxWindowSize, accessPolicyMaxWindowSize),
    INT_FIELD(hipDeviceAttributeAsyncEngineCount, asyncEngineCount),
    INT_FIELD(hipDeviceAttributeCanMapHostMemory, canMapHostMemory),
    INT_FIELD(hipDeviceAttributeCanUseHostPointerForRegisteredMem,
              canUseHostPointerForRegisteredMem),
    INT_FIELD(hipDeviceAttributeClockRate, clockRate),
    INT_FIELD(hipDeviceAttributeComputeMode, computeMode),
    INT_FIELD(hipDeviceAttributeComputePreemptionSupported, computePreemptionSupported),
    INT_FIELD(hipDeviceAttributeConcurrentKernels, concurrentKernels),
    INT_FIELD(hipDeviceAttributeConcurrentManagedAccess, concurrentManagedAccess),
    INT_FIELD(hipDeviceAttributeCooperativeLaunch, cooperativeLaunch),
    INT_FIELD(hipDeviceAttributeCooperativeMultiDeviceLaunch, cooperativeMultiDeviceLaunch),
    INT_FIELD(hipDeviceAttributeDeviceOverlap, deviceOverlap),
    INT_FIELD(hipDeviceAttributeDirectManagedMemAccessFromHost, directManagedMemAccessFromHost),
    INT_FIELD(hipDeviceAttributeGlobalL1CacheSupported, globalL1CacheSupported),
    INT_FIELD(hipDeviceAttributeHostNativeAtomicSupported, hostNativeAtomicSupported),
    INT_FIELD(hipDeviceAttributeIntegrated, integrated),
    INT_FIELD(hipDeviceAttributeIsMultiGpuBoard, isMultiGpuBoard),
    INT_FIELD(hipDeviceAttributeKernelExecTimeout, kernelExecTimeoutEnabled),
    INT_FIELD(hipDeviceAttributeL2CacheSize, l2CacheSize),
    INT_FIELD(hipDeviceAttributeLocalL1CacheSupported, localL1CacheSupported),
    REFUSE(hipDeviceAttributeLuid),
    INT_FIELD(hipDeviceAttributeLuidDeviceNodeMask, luidDeviceNodeMask),
    INT_FIELD(hipDeviceAttributeComputeCapabilityMajor, major),
    INT_FIELD(hipDeviceAttributeManagedMemory, managedMemory),
    INT_FIELD(hipDeviceAttributeMaxBlocksPerMultiProcessor, maxBlocksPerMultiProcessor),
    INT_FIELD(hipDeviceAttributeMaxBlockDimX, maxThreadsDim[0]),
    INT_FIELD(hipDeviceAttributeMaxBlockDimY, maxThreadsDim[1]),
    INT_FIELD(hipDeviceAttributeMaxBlockDimZ, maxThreadsDim[2]),
    INT_FIELD(hipDeviceAttributeMaxGridDimX, maxGridSize[0]),
    INT_FIELD(hipDeviceAttributeMaxGridDimY, maxGridSize[1]),
    INT_FIELD(hipDeviceAttributeMaxGridDimZ, maxGridSize[2]),
    INT_FIELD(hipDeviceAttributeMaxSurface1D, maxSurface1D),
    REFUSE(hipDeviceAttributeMaxSurface1DLayered),
    REFUSE(hipDeviceAttributeMaxSurface2D),
    REFUSE(hipDeviceAttributeMaxSurface2DLayered),
    REFUSE(hipDeviceAttributeMaxSurface3D),
    REFUSE(hipDeviceAttributeMaxSurfaceCubemap),
    REFUSE(hipDeviceAttributeMaxSurfaceCubemapLayered),
    INT_FIELD(hipDeviceAttributeMaxTexture1DWidth, maxTexture1D),
    REFUSE(hipDeviceAttributeMaxTexture1DLayered),
    INT_FIELD(hipDeviceAttributeMaxTexture1DLinear, maxTexture1DLinear),
    INT_FIELD(hipDeviceAttributeMaxTexture1DMipmap, maxTexture1DMipmap),
    INT_FIELD(hipDeviceAttributeMaxTexture2DWidth, maxTexture2D[0]),
    INT_FIELD(hipDeviceAttributeMaxTexture2DHeight, maxTexture2D[1]),
    REFUSE(hipDeviceAttributeMaxTexture2DGather),
    REFUSE(hipDeviceAttributeMaxTexture2DLayered),
    REFUSE(hipDeviceAttributeMaxTexture2DLinear),
    REFUSE(hipDeviceAttributeMaxTexture2DMipmap),
    INT_FIELD(hipDeviceAttributeMaxTexture3DWidth, maxTexture3D[0]),
    INT_FIELD(hipDeviceAttributeMaxTexture3DHeight, maxTexture3D[1]),
    INT_FIELD(hipDeviceAttributeMaxTexture3DDepth, maxTexture3D[2]),
    REFUSE(hipDeviceAttributeMaxTexture3DAlt),
    INT_FIELD(hipDeviceAttributeMaxTextureCubemap, maxTextureCubemap),
    REFUSE(hipDeviceAttributeMaxTextureCubemapLayered),
    REFUSE(hipDeviceAttributeMaxThreadsDim),
    INT_FIELD(hipDeviceAttributeMaxThreadsPerBlock, maxThreadsPerBlock),
    INT_FIELD(hipDeviceAttributeMaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor),
    SIZE_FIELD(hipDeviceAttributeMaxPitch, memPitch),
    INT_FIELD(hipDeviceAttributeMemoryBusWidth, memoryBusWidth),
    INT_FIELD(hipDeviceAttributeMemoryClockRate, memoryClockRate),
    INT_FIELD(hipDeviceAttributeComputeCapabilityMinor, minor),
    INT_FIELD(hipDeviceAttributeMultiGpuBoardGroupID, multiGpuBoardGroupID),
    INT_FIELD(hipDeviceAttributeMultiprocessorCount, multiProcessorCount),
    REFUSE(hipDeviceAttributeUnused1),
    INT_FIELD(hipDeviceAttributePageableMemoryAccess, pageableMemoryAccess),
    INT_FIELD(hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
              pageableMemoryAccessUsesHostPageTables),
    INT_FIELD(hipDeviceAttributePciBusId, pciBusID),
    INT_FIELD(hipDeviceAttributePciDeviceId, pciDeviceID),
    INT_FIELD(hipDeviceAttributePciDomainId, pciDomainID),
    INT_FIELD(hipDeviceAttributePersistingL2CacheMaxSize, persistingL2CacheMaxSize),
    INT_FIELD(hipDeviceAttributeMaxRegistersPerBlock, regsPerBlock),
    INT_FIELD(hipDeviceAttributeMaxRegistersPerMultiprocessor, regsPerMultiprocessor),
    SIZE_FIELD(hipDeviceAttributeReservedSharedMemPerBlock, reservedSharedMemPerBlock),
    SIZE_FIELD(hipDeviceAttributeMaxSharedMemoryPerBlock, sharedMemPerBlock),
    SIZE_FIELD(hipDeviceAttributeSharedMemPerBlockOptin, sharedMemPerBlockOptin),
    SIZE_FIELD(hipDeviceAttributeSharedMemPerMultiprocessor, sharedMemPerMultiprocessor),
    REFUSE(hipDeviceAttributeSingleToDoublePrecisionPerfRatio),
    INT_FIELD(hipDeviceAttributeStreamPrioritiesSupported, streamPrioritiesSupported),
    SIZE_FIELD(hipDeviceAttributeSurfaceAlignment, surfaceAlignment),
    REFUSE(hipDeviceAttributeTccDriver),
    SIZE_FIELD(hipDeviceAttributeTextureAlignment, textureAlignment),
    SIZE_FIELD(hipDeviceAttributeTexturePitchAlignment, texturePitchAlignment),
    SIZE_FIELD(hipDeviceAttributeTotalConstantMemory, totalConstMem),
    SIZE_FIELD(hipDeviceAttributeTotalGlobalMem, totalGlobalMem),
    INT_FIELD(hipDeviceAttributeUnifiedAddressing, unifiedAddressing),
    REFUSE(hipDeviceAttributeUnused2),
    INT_FIELD(hipDeviceAttributeWarpSize, warpSize),
    INT_FIELD(hipDeviceAttributeMemoryPoolsSupported, memoryPoolsSupported),
    VALUE(hipDeviceAttributeVirtualMemoryManagementSupported, 1),
    INT_FIELD(hipDeviceAttributeHostRegisterSupported, hostRegisterSupported),
    INT_FIELD(hipDeviceAttributeMemoryPoolSupportedHandleTypes, memoryPoolSupportedHandleTypes),
    VALUE(hipDeviceAttributeHostNumaId, 0),
    VALUE(hipDeviceAttributeDmaBufSupported, 0),
    VALUE(hipDeviceAttributeGPUDirectRDMAWithHipVMMSupported, 0),
    VALUE(hipDeviceAttributeHandleTypeFabricSupported, 0),
    VALUE(hipDeviceAttributeHostAllocDmaBufSupported, 0),
    INT_FIELD(hipDeviceAttributeGPUDirectRDMASupported, gpuDirectRDMASupported),
    INT_FIELD(hipDeviceAttributeGPUDirectRDMAFlushWritesOptions, gpuDirectRDMAFlushWritesOptions),
    INT_FIELD(hipDeviceAttributeGPUDirectRDMAWritesOrdering, gpuDirectRDMAWritesOrdering),
    REFUSE(hipDeviceAttributeClockInstructionRate), /* newest clr has no case for it */
    REFUSE(hipDeviceAttributeUnused3),
    SIZE_FIELD(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
               maxSharedMemoryPerMultiProcessor),
    REFUSE(hipDeviceAttributeUnused4),
    REFUSE(hipDeviceAttributeUnused5),
    /* HdpMemFlushCntl and HdpRegFlushCntl are pointers: test_hdp_registers_are_null */
    INT_FIELD(hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
              cooperativeMultiDeviceUnmatchedFunc),
    INT_FIELD(hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
              cooperativeMultiDeviceUnmatchedGridDim),
    INT_FIELD(hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
              cooperativeMultiDeviceUnmatchedBlockDim),
    INT_FIELD(hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,
              cooperativeMultiDeviceUnmatchedSharedMem),
    INT_FIELD(hipDeviceAttributeIsLargeBar, isLargeBar),
    INT_FIELD(hipDeviceAttributeAsicRevision, asicRevision),
    VALUE(hipDeviceAttributeCanUseStreamWaitValue, 1),
    VALUE(hipDeviceAttributeImageSupport, 0),
    VALUE(hipDeviceAttributePhysicalMultiProcessorCount, 304),
    VALUE(hipDeviceAttributeFineGrainSupport, 1),
    VALUE(hipDeviceAttributeWallClockRate, 100000),
    VALUE(hipDeviceAttributeNumberOfXccs, 8),
    VALUE(hipDeviceAttributeMaxAvailableVgprsPerThread, 512),
    VALUE(hipDeviceAttributePciChipId, 0x74a1),
    VALUE(hipDeviceAttributeExpertSchedMode, 0),
    VALUE(hipDeviceAttributeMaxDynDataPrefetchRegions, 0),
};

#define CASE_COUNT (sizeof attribute_cases / sizeof attribute_cases[0])

/* The two pointer attributes complete the enum: 100 values below 10000 and 23 above. */
static void test_the_table_covers_the_enum(void **state) {
  (void)state;
  assert_int_equal(CASE_COUNT + 2, 100 + 23);
  for (size_t i = 0; i < CASE_COUNT; i++) {
    int attr = (int)attribute_cases[i].attr;
    assert_true((attr >= 0 && attr < 100) || (attr >= 10000 && attr <= 10022));
    assert_true(attr != hipDeviceAttributeHdpMemFlushCntl &&
                attr != hipDeviceAttributeHdpRegFlushCntl);
    for (size_t j = 0; j < i; j++)
      assert_int_not_equal(attr, (int)attribute_cases[j].attr);
  }
}

static int field_value(const hipDeviceProp_t *props, const attribute_case *c) {
  const char *at = (const char *)props + c->field;
  if (c->answer == FIELD_INT) {
    int value;
    memcpy(&value, at, sizeof value);
    return value;
  }
  size_t value;
  memcpy(&value, at, sizeof value);
  return value > INT_MAX ? INT_MAX : (int)value; /* clr's clamp */
}

static void test_every_attribute_matches_its_property(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++) {
    hipDeviceProp_t props = properties_of(device);
    for (size_t i = 0; i < CASE_COUNT; i++) {
      const attribute_case *c = &attribute_cases[i];
      int value = -12345;
      hipError_t err = hipDeviceGetAttribute(&value, c->attr, device);
      if (c->answer == REFUSED) {
        if (!mt_returned(hipErrorInvalidValue, err, c->name))
          fail_msg("%s answered %d", c->name, value);
        assert_int_equal(value, -12345);
        continue;
      }
      if (!mt_returned(hipSuccess, err, c->name))
        fail();
      int want = c->answer == NO_FIELD ? c->value : field_value(&props, c);
      if (value != want)
        fail_msg("device %d %s: attribute %d, %s %d", device, c->name, value,
                 c->answer == NO_FIELD ? "model" : "property", want);
    }
  }
}

/* What the properties say that host code may rely on. */
static void test_model_values(void **state) {
  (void)state;
  hipDeviceProp_t props = properties_of(1);
  assert_int_equal(props.warpSize, 64);
  assert_int_equal(props.integrated, 0);
  assert_int_equal(props.managedMemory, 1);
  assert_int_equal(props.concurrentManagedAccess, 1);
  assert_int_equal(props.pageableMemoryAccess, 0);
  assert_int_equal(props.canMapHostMemory, 1);
  assert_int_equal(props.unifiedAddressing, 1);
  assert_int_equal(props.memoryPoolsSupported, 1);
  assert_int_equal(props.hostRegisterSupported, 1);
  assert_int_equal(props.maxThreadsDim[2], 1024); /* the field exists; its attribute is refused */
  assert_int_equal(props.clockInstructionRate, 100000);
  assert_int_equal(props.maxTexture2DLinear[0], 0);
  assert_ptr_equal(props.hdpMemFlushCntl, NULL);
  assert_ptr_equal(props.hdpRegFlushCntl, NULL);
  assert_int_equal(props.arch.hasDoubles, 1);
  assert_int_equal(props.arch.hasDynamicParallelism, 0);
  assert_int_equal(attribute_of(hipDeviceAttributeVirtualMemoryManagementSupported, 1), 1);
  assert_int_equal(attribute_of(hipDeviceAttributeHandleTypeFabricSupported, 1), 0);
  assert_int_equal(attribute_of(hipDeviceAttributeDmaBufSupported, 1), 0);
}

/* clr writes these through pi as pointers: the caller passes the address of an unsigned int *. */
static void test_hdp_registers_are_null(void **state) {
  (void)state;
  static const hipDeviceAttribute_t hdp[] = {hipDeviceAttributeHdpMemFlushCntl,
                                             hipDeviceAttributeHdpRegFlushCntl};
  for (size_t i = 0; i < 2; i++) {
    unsigned int *reg;
    memset(&reg, SENTINEL, sizeof reg);
    MT_CHECK(hipDeviceGetAttribute((int *)(void *)&reg, hdp[i], 0));
    assert_ptr_equal(reg, NULL);
  }
}

static void test_values_outside_the_enum_are_refused(void **state) {
  (void)state;
  static const int outside[] = {-1, 100, 9999, 10023, 19999, 20000, INT_MAX, INT_MIN};
  for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
    int value = 7;
    MT_EXPECT(hipErrorInvalidValue,
              hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)outside[i], 0));
    assert_int_equal(value, 7);
  }
  assert_string_equal(mockhip_last_reason(),
                      "hipDeviceGetAttribute: attribute -2147483648 is not one ROCm answers");
}

/* ---- peers ---- */

static void test_can_access_peer(void **state) {
  (void)state;
  for (int device = 0; device < DEVICES; device++)
    for (int peer = 0; peer < DEVICES; peer++) {
      int can = -1;
      MT_CHECK(hipDeviceCanAccessPeer(&can, device, peer));
      assert_int_equal(can, device != peer);
      int supported = -1;
      if (device != peer) {
        MT_CHECK(hipDeviceGetP2PAttribute(&supported, hipDevP2PAttrAccessSupported, device, peer));
        assert_int_equal(supported, 1);
      }
    }
  int can = -1;
  MT_CHECK(hipDeviceCanAccessPeer(&can, 7, 7)); /* clr: itself before the numbers are checked */
  assert_int_equal(can, 0);
}

static void test_p2p_attributes(void **state) {
  (void)state;
  int value = -1;
  MT_CHECK(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrPerformanceRank, 0, 2));
  assert_int_equal(value, 4); /* the XGMI link type, which is what ROCm reports here */
  MT_CHECK(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrNativeAtomicSupported, 2, 0));
  assert_int_equal(value, 1);
  MT_CHECK(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrHipArrayAccessSupported, 1, 2));
  assert_int_equal(value, 1);
}

static bool dump_has(const char *text) {
  char *dump = mt_dump_text();
  bool found = strstr(dump, text) != NULL;
  free(dump);
  return found;
}

static void test_enable_and_disable_peer_access(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDeviceEnablePeerAccess(1, 0));
  MT_CHECK(hipDeviceEnablePeerAccess(2, 0));
  assert_true(dump_has("device 0: "));
  assert_true(dump_has("  peer access to device(s): 1 2\n"));
  MT_EXPECT(hipErrorPeerAccessAlreadyEnabled, hipDeviceEnablePeerAccess(1, 0));
  assert_string_equal(mockhip_last_reason(),
                      "hipDeviceEnablePeerAccess: device 0 already has peer access to device 1");
  /* Per (current device, peer): device 1's own access to device 0 is another pair. */
  MT_CHECK(hipSetDevice(1));
  MT_EXPECT(hipErrorPeerAccessNotEnabled, hipDeviceDisablePeerAccess(0));
  MT_CHECK(hipDeviceEnablePeerAccess(0, 0));
  MT_CHECK(hipDeviceDisablePeerAccess(0));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDeviceDisablePeerAccess(1));
  MT_EXPECT(hipErrorPeerAccessNotEnabled, hipDeviceDisablePeerAccess(1));
  assert_string_equal(
      mockhip_last_reason(),
      "hipDeviceDisablePeerAccess: device 0 has not enabled peer access to device 1");
  MT_CHECK(hipDeviceDisablePeerAccess(2));
  assert_false(dump_has("peer access to"));
}

/* Peer access changes nothing else: copies between devices work without it, and VMM access is
   what hipMemSetAccess granted, with or without it. */
static void test_peer_access_changes_nothing_else(void **state) {
  (void)state;
  void *on0 = NULL, *on1 = NULL;
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMalloc(&on1, 4096));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipMalloc(&on0, 4096));
  MT_CHECK(hipMemset(on0, 0x11, 4096));
  MT_CHECK(hipMemcpyPeer(on1, 1, on0, 0, 4096));
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipDeviceEnablePeerAccess(1, 0));
  MT_EXPECT(mt_copy_refusal(), hipMemcpyPeer(m.base, 1, on0, 0, 64)); /* device 1: no access */
  MT_CHECK(hipMemcpyPeer(m.base, 0, on1, 1, 64));
  MT_CHECK(hipDeviceDisablePeerAccess(1));
  mt_mapping_destroy(&m);
  MT_CHECK(hipFree(on0));
  MT_CHECK(hipFree(on1));
}

/* The pairs belong to the process: another thread on the same device sees them. */
static void *enable_twice_in_thread(void *arg) {
  hipError_t *got = arg;
  got[0] = hipDeviceEnablePeerAccess(2, 0); /* this thread's device is 0 too */
  got[1] = hipDeviceDisablePeerAccess(2);
  return NULL;
}

static void test_peer_access_is_process_wide(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDeviceEnablePeerAccess(2, 0));
  hipError_t got[2];
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, enable_twice_in_thread, got), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_int_equal(got[0], hipErrorPeerAccessAlreadyEnabled);
  assert_int_equal(got[1], hipSuccess);
  MT_EXPECT(hipErrorPeerAccessNotEnabled, hipDeviceDisablePeerAccess(2));
}

/* ---- negative ---- */

static void test_device_calls_refuse_bad_arguments(void **state) {
  (void)state;
  hipDevice_t device = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGet(NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGet(NULL, 99)); /* the pointer first */
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGet(&device, DEVICES));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGet(&device, -1));
  assert_int_equal(device, 77);
  int major = 77, minor = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceComputeCapability(NULL, &minor, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceComputeCapability(&major, NULL, 0));
  assert_string_equal(mockhip_last_reason(), "hipDeviceComputeCapability: minor is NULL");
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceComputeCapability(NULL, NULL, -1)); /* device first */
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceComputeCapability(&major, &minor, DEVICES));
  assert_int_equal(major + minor, 154);
  char text[32] = "untouched";
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetName(NULL, 32, 0));
  assert_string_equal(mockhip_last_reason(), "hipDeviceGetName: name is NULL");
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetName(text, 0, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetName(text, -1, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetName(NULL, 0, DEVICES));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetName(text, 32, -1));
  hipUUID uuid;
  memset(&uuid, SENTINEL, sizeof uuid);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetUuid(NULL, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetUuid(NULL, -1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetUuid(&uuid, DEVICES));
  assert_int_equal((unsigned char)uuid.bytes[0], SENTINEL);
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetPCIBusId(NULL, 32, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetPCIBusId(NULL, 32, -1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetPCIBusId(text, 32, DEVICES));
  assert_string_equal(text, "untouched");
  size_t bytes = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceTotalMem(NULL, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceTotalMem(NULL, -1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceTotalMem(&bytes, DEVICES));
  assert_int_equal(bytes, 77);
  hipDeviceProp_t props;
  MT_EXPECT(hipErrorInvalidValue, hipGetDeviceProperties(NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipGetDeviceProperties(NULL, -1)); /* prop first */
  MT_EXPECT(hipErrorInvalidDevice, hipGetDeviceProperties(&props, DEVICES));
  assert_string_equal(mockhip_last_reason(),
                      "hipGetDevicePropertiesR0600: device 3 is not in 0..2");
  int value = 77;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetAttribute(NULL, hipDeviceAttributeWarpSize, -1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetAttribute(&value, hipDeviceAttributeUnused1, -1));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetAttribute(&value, hipDeviceAttributeHdpMemFlushCntl, DEVICES));
  assert_int_equal(value, 77);
}

static void test_peer_calls_refuse_bad_arguments(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceCanAccessPeer(NULL, 0, 0));
  int can = 77;
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceCanAccessPeer(&can, 0, DEVICES));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceCanAccessPeer(&can, -1, 1));
  assert_int_equal(can, 77);
  /* Flags before the peer; the device itself, or one that does not exist, is not a peer. */
  MT_EXPECT(hipErrorInvalidValue, hipDeviceEnablePeerAccess(0, 1));
  assert_string_equal(mockhip_last_reason(), "hipDeviceEnablePeerAccess: flags must be 0, got 1");
  MT_EXPECT(hipErrorInvalidValue, hipDeviceEnablePeerAccess(-1, 0xffffffffu));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceEnablePeerAccess(0, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceEnablePeerAccess(-1, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceEnablePeerAccess(DEVICES, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceDisablePeerAccess(0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceDisablePeerAccess(-1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceDisablePeerAccess(64));
  assert_string_equal(mockhip_last_reason(), "hipDeviceDisablePeerAccess: device 0 cannot access "
                                             "peerDeviceId 64 (peers are the other devices of "
                                             "0..2)");
  assert_false(dump_has("peer access to"));
  int value = 77;
  MT_EXPECT(hipErrorInvalidValue,
            hipDeviceGetP2PAttribute(NULL, hipDevP2PAttrAccessSupported, 0, 0));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 1, 1));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, DEVICES));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, DEVICES, 0));
  /* clr checks the attribute before negative devices. */
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetP2PAttribute(&value, (hipDeviceP2PAttr)4, 0, 1));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetP2PAttribute(&value, (hipDeviceP2PAttr)-1, -1, 0));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetP2PAttribute(&value, hipDevP2PAttrPerformanceRank, -1, 0));
  MT_EXPECT(hipErrorInvalidDevice,
            hipDeviceGetP2PAttribute(&value, hipDevP2PAttrHipArrayAccessSupported, 0, -2));
  assert_int_equal(value, 77);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "3", 1);
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_device_identity),
      MT_CLEAN_TEST(test_name_partial_fill),
      MT_CLEAN_TEST(test_uuids_are_stable_and_distinct),
      MT_CLEAN_TEST(test_pci_bus_ids),
      MT_CLEAN_TEST(test_capacity),
      MT_CLEAN_TEST(test_the_table_covers_the_enum),
      MT_CLEAN_TEST(test_every_attribute_matches_its_property),
      MT_CLEAN_TEST(test_model_values),
      MT_CLEAN_TEST(test_hdp_registers_are_null),
      MT_CLEAN_TEST(test_can_access_peer),
      MT_CLEAN_TEST(test_p2p_attributes),
      MT_CLEAN_TEST(test_enable_and_disable_peer_access),
      MT_CLEAN_TEST(test_peer_access_changes_nothing_else),
      MT_CLEAN_TEST(test_peer_access_is_process_wide),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_pci_bus_id_partial_fill),
      MT_CLEAN_TEST(test_values_outside_the_enum_are_refused),
      MT_CLEAN_TEST(test_device_calls_refuse_bad_arguments),
      MT_CLEAN_TEST(test_peer_calls_refuse_bad_arguments),
  };
  return cmocka_run_group_tests_name("devices", positive, NULL, NULL) +
         cmocka_run_group_tests_name("devices_negative", negative, NULL, NULL);
}
