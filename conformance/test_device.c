/*
 * test_device.c: what a device says about itself (hipDeviceGet, names, UUID,
 * PCI bus id, capacity, compute capability, properties, attributes), peer
 * access between devices, and what hipDeviceReset frees. Codes and orders of
 * checks are clr's (hip_device.cpp, hip_device_runtime.cpp, hip_peer.cpp);
 * the cases follow hip-tests catch/unit/device.
 */
#include "conformance.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* A length ROCm writes a whole PCI bus id into even when it fails (-1). */
#define ID_BYTES 64

/* ---- negative ---- */

static void device_get_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGet(NULL, 0), hipErrorInvalidValue);
}

static void device_get_rejects_ordinal_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipDevice_t device = -7;
  assert_hip(hipDeviceGet(&device, ctx->device_count), hipErrorInvalidDevice);
  assert_hip(hipDeviceGet(&device, -1), hipErrorInvalidDevice);
  assert_int_equal(device, -7);
}

static void compute_capability_rejects_null(void **state) {
  (void)conf_begin(state);
  int major = 0, minor = 0;
  assert_hip(hipDeviceComputeCapability(NULL, &minor, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceComputeCapability(&major, NULL, 0), hipErrorInvalidValue);
}

static void compute_capability_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int major = 0, minor = 0;
  assert_hip(hipDeviceComputeCapability(&major, &minor, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceComputeCapability(&major, &minor, ctx->device_count), hipErrorInvalidDevice);
}

static void get_name_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGetName(NULL, 64, 0), hipErrorInvalidValue);
}

static void get_name_rejects_length(void **state) {
  (void)conf_begin(state);
  char name[64];
  assert_hip(hipDeviceGetName(name, 0, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetName(name, -1, 0), hipErrorInvalidValue);
}

static void get_name_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char name[64];
  assert_hip(hipDeviceGetName(name, sizeof name, ctx->device_count), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetName(name, sizeof name, -1), hipErrorInvalidDevice);
}

static void get_uuid_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGetUuid(NULL, 0), hipErrorInvalidValue);
}

static void get_uuid_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipUUID uuid;
  assert_hip(hipDeviceGetUuid(&uuid, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetUuid(&uuid, ctx->device_count), hipErrorInvalidDevice);
}

static void pci_bus_id_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGetPCIBusId(NULL, ID_BYTES, 0), hipErrorInvalidValue);
}

static void pci_bus_id_rejects_short_length(void **state) {
  (void)conf_begin(state);
  char id[ID_BYTES];
  assert_hip(hipDeviceGetPCIBusId(id, 0, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetPCIBusId(id, -1, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetPCIBusId(id, 12, 0), hipErrorInvalidValue);
}

static void pci_bus_id_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char id[ID_BYTES];
  assert_hip(hipDeviceGetPCIBusId(id, sizeof id, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetPCIBusId(id, sizeof id, ctx->device_count), hipErrorInvalidDevice);
}

/* clr writes what fits and a NUL; nothing after it. */
static void pci_bus_id_partial_fill(void **state) {
  (void)conf_begin(state);
  char id[ID_BYTES], full[ID_BYTES];
  assert_hip(hipDeviceGetPCIBusId(full, sizeof full, 0), hipSuccess);
  memset(id, 'x', sizeof id);
  assert_hip(hipDeviceGetPCIBusId(id, 6, 0), hipErrorInvalidValue);
  assert_int_equal(strlen(id), 5);
  assert_memory_equal(id, full, 5);
  for (size_t i = 6; i < sizeof id; i++)
    assert_int_equal(id[i], 'x');
}

static void total_mem_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceTotalMem(NULL, 0), hipErrorInvalidValue);
}

static void total_mem_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t bytes = 0;
  assert_hip(hipDeviceTotalMem(&bytes, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceTotalMem(&bytes, ctx->device_count), hipErrorInvalidDevice);
}

static void properties_reject_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipGetDeviceProperties(NULL, 0), hipErrorInvalidValue);
}

static void properties_reject_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipDeviceProp_t props;
  assert_hip(hipGetDeviceProperties(&props, -1), hipErrorInvalidDevice);
  assert_hip(hipGetDeviceProperties(&props, ctx->device_count), hipErrorInvalidDevice);
}

static void attribute_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGetAttribute(NULL, hipDeviceAttributePciBusId, 0), hipErrorInvalidValue);
}

static void attribute_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int value = 0;
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributePciBusId, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributePciBusId, ctx->device_count),
             hipErrorInvalidDevice);
}

static void attribute_rejects_values_outside_the_enum(void **state) {
  (void)conf_begin(state);
  int value = 0;
  assert_hip(hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)-1, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeCudaCompatibleEnd, 0),
             hipErrorInvalidValue);
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeVendorSpecificBegin, 0),
             hipErrorInvalidValue);
}

static void can_access_peer_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceCanAccessPeer(NULL, 0, 1), hipErrorInvalidValue);
}

static void can_access_peer_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int can = 0;
  assert_hip(hipDeviceCanAccessPeer(&can, -1, 0), hipErrorInvalidDevice);
  assert_hip(hipDeviceCanAccessPeer(&can, ctx->device_count, 0), hipErrorInvalidDevice);
  assert_hip(hipDeviceCanAccessPeer(&can, 0, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceCanAccessPeer(&can, 0, ctx->device_count), hipErrorInvalidDevice);
}

static void p2p_attribute_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceGetP2PAttribute(NULL, hipDevP2PAttrAccessSupported, 0, 1),
             hipErrorInvalidValue);
}

static void p2p_attribute_rejects_same_device(void **state) {
  (void)conf_begin(state);
  int value = 0;
  assert_hip(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, 0),
             hipErrorInvalidDevice);
}

static void p2p_attribute_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int value = 0;
  assert_hip(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, ctx->device_count),
             hipErrorInvalidDevice);
  assert_hip(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrPerformanceRank, -1, 0),
             hipErrorInvalidDevice);
}

static void p2p_attribute_rejects_attribute(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  int value = 0;
  assert_hip(hipDeviceGetP2PAttribute(&value, (hipDeviceP2PAttr)-1, 0, 1), hipErrorInvalidValue);
}

static void enable_peer_rejects_flags(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceEnablePeerAccess(0, (unsigned)-1), hipErrorInvalidValue);
}

static void enable_peer_rejects_itself(void **state) {
  (void)conf_begin(state);
  assert_hip(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
}

static void enable_peer_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipDeviceEnablePeerAccess(-1, 0), hipErrorInvalidDevice);
  assert_hip(hipDeviceEnablePeerAccess(ctx->device_count, 0), hipErrorInvalidDevice);
}

static void disable_peer_rejects_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  assert_hip(hipDeviceDisablePeerAccess(0), hipErrorInvalidDevice);
  assert_hip(hipDeviceDisablePeerAccess(-1), hipErrorInvalidDevice);
  assert_hip(hipDeviceDisablePeerAccess(ctx->device_count), hipErrorInvalidDevice);
}

static void need_peers(const conf_ctx *ctx) {
  conf_need_devices(ctx, 2);
  int can = 0;
  assert_hip(hipDeviceCanAccessPeer(&can, 0, 1), hipSuccess);
  if (can == 0)
    conf_skip("device 0 cannot access device 1");
}

/* The state is the process's: each rule gives back what it enabled before asserting. */
static void enable_peer_twice_fails(void **state) {
  need_peers(conf_begin(state));
  hipError_t first = hipDeviceEnablePeerAccess(1, 0);
  hipError_t second = hipDeviceEnablePeerAccess(1, 0);
  hipError_t disable = hipDeviceDisablePeerAccess(1);
  assert_hip(first, hipSuccess);
  assert_hip(second, hipErrorPeerAccessAlreadyEnabled);
  assert_hip(disable, hipSuccess);
}

static void disable_peer_not_enabled_fails(void **state) {
  need_peers(conf_begin(state));
  assert_hip(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
  hipError_t enable = hipDeviceEnablePeerAccess(1, 0);
  hipError_t first = hipDeviceDisablePeerAccess(1);
  assert_hip(enable, hipSuccess);
  assert_hip(first, hipSuccess);
  assert_hip(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
}

/* ---- functional ---- */

static void device_get_returns_the_ordinal(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int ordinal = 0; ordinal < ctx->device_count; ordinal++) {
    hipDevice_t device = -1;
    assert_hip(hipDeviceGet(&device, ordinal), hipSuccess);
    assert_int_equal(device, ordinal);
  }
}

static void name_matches_properties(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    char name[256];
    hipDeviceProp_t props;
    assert_hip(hipDeviceGetName(name, sizeof name, device), hipSuccess);
    assert_hip(hipGetDeviceProperties(&props, device), hipSuccess);
    assert_string_equal(name, props.name);
    assert_true(props.gcnArchName[0] != '\0');
  }
}

static void name_partial_fill(void **state) {
  (void)conf_begin(state);
  char full[256], name[256];
  assert_hip(hipDeviceGetName(full, sizeof full, 0), hipSuccess);
  size_t fill = strlen(full) / 2;
  if (fill == 0)
    conf_skip("device 0's name \"%s\" is too short to cut", full);
  memset(name, 'x', sizeof name);
  assert_hip(hipDeviceGetName(name, (int)fill + 1, 0), hipSuccess);
  assert_int_equal(strlen(name), fill);
  assert_memory_equal(name, full, fill);
  for (size_t i = fill + 1; i < sizeof name; i++)
    assert_int_equal(name[i], 'x');
}

static void uuid_matches_properties(void **state) {
  conf_ctx *ctx = conf_begin(state);
#if HIPVMM_HAS_PROPERTIES_R0600
  for (int device = 0; device < ctx->device_count; device++) {
    hipUUID uuid;
    hipDeviceProp_t props;
    static const char zero[16];
    assert_hip(hipDeviceGetUuid(&uuid, device), hipSuccess);
    assert_hip(hipGetDeviceProperties(&props, device), hipSuccess);
    assert_memory_not_equal(uuid.bytes, zero, 16);
    assert_memory_equal(uuid.bytes, props.uuid.bytes, 16);
  }
#else
  (void)ctx;
  conf_skip("HIP %d.%d's hipDeviceProp_t has no uuid (ROCm 6.0 added it)", HIP_VERSION_MAJOR,
            HIP_VERSION_MINOR);
#endif
}

static void pci_bus_id_matches_attributes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    char id[ID_BYTES];
    unsigned domain, bus, dev, function;
    int want_domain = -1, want_bus = -1, want_dev = -1;
    assert_hip(hipDeviceGetPCIBusId(id, sizeof id, device), hipSuccess);
    assert_int_equal(sscanf(id, "%04x:%02x:%02x.%01x", &domain, &bus, &dev, &function), 4);
    assert_int_equal(strlen(id), 12);
    assert_hip(hipDeviceGetAttribute(&want_domain, hipDeviceAttributePciDomainID, device),
               hipSuccess);
    assert_hip(hipDeviceGetAttribute(&want_bus, hipDeviceAttributePciBusId, device), hipSuccess);
    assert_hip(hipDeviceGetAttribute(&want_dev, hipDeviceAttributePciDeviceId, device), hipSuccess);
    assert_int_equal(domain, want_domain);
    assert_int_equal(bus, want_bus);
    assert_int_equal(dev, want_dev);
  }
}

static void total_mem_matches_properties(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    size_t bytes = 0, free_bytes = 0, total = 0;
    hipDeviceProp_t props;
    assert_hip(hipDeviceTotalMem(&bytes, device), hipSuccess);
    assert_hip(hipGetDeviceProperties(&props, device), hipSuccess);
    assert_int_equal(bytes, props.totalGlobalMem);
    assert_hip(hipSetDevice(device), hipSuccess);
    assert_hip(hipMemGetInfo(&free_bytes, &total), hipSuccess);
    assert_int_equal(total, bytes);
    int clamped = 0;
    assert_hip(hipDeviceGetAttribute(&clamped, hipDeviceAttributeTotalGlobalMem, device),
               hipSuccess);
    assert_int_equal(clamped, bytes > INT_MAX ? INT_MAX : (int)bytes);
  }
}

static void compute_capability_matches_properties(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    int major = -1, minor = -1;
    hipDeviceProp_t props;
    assert_hip(hipDeviceComputeCapability(&major, &minor, device), hipSuccess);
    assert_hip(hipGetDeviceProperties(&props, device), hipSuccess);
    assert_int_equal(major, props.major);
    assert_int_equal(minor, props.minor);
    assert_true(major > 0);
  }
}

/* hip-tests Unit_hipGetDeviceAttribute_CheckAttrValues: the fields both headers have. */
static void attributes_match_properties(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    hipDeviceProp_t p;
    assert_hip(hipGetDeviceProperties(&p, device), hipSuccess);
    const struct {
      hipDeviceAttribute_t attr;
      const char *name;
      int want;
    } cases[] = {
#define FIELD(attr, value) {attr, #attr, value}
        FIELD(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock),
        FIELD(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]),
        FIELD(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1]),
        FIELD(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]),
        FIELD(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]),
        FIELD(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1]),
        FIELD(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2]),
        FIELD(hipDeviceAttributeMaxSharedMemoryPerBlock, (int)p.sharedMemPerBlock),
        FIELD(hipDeviceAttributeWarpSize, p.warpSize),
        FIELD(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock),
        FIELD(hipDeviceAttributeClockRate, p.clockRate),
        FIELD(hipDeviceAttributeMemoryClockRate, p.memoryClockRate),
        FIELD(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth),
        FIELD(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount),
        FIELD(hipDeviceAttributeIsMultiGpuBoard, p.isMultiGpuBoard),
        FIELD(hipDeviceAttributeComputeMode, p.computeMode),
        FIELD(hipDeviceAttributeL2CacheSize, p.l2CacheSize),
        FIELD(hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor),
        FIELD(hipDeviceAttributeComputeCapabilityMajor, p.major),
        FIELD(hipDeviceAttributeComputeCapabilityMinor, p.minor),
        FIELD(hipDeviceAttributeConcurrentKernels, p.concurrentKernels),
        FIELD(hipDeviceAttributePciBusId, p.pciBusID),
        FIELD(hipDeviceAttributePciDeviceId, p.pciDeviceID),
        FIELD(hipDeviceAttributePciDomainID, p.pciDomainID),
        FIELD(hipDeviceAttributeIntegrated, p.integrated),
        FIELD(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory),
        FIELD(hipDeviceAttributeManagedMemory, p.managedMemory),
        FIELD(hipDeviceAttributeConcurrentManagedAccess, p.concurrentManagedAccess),
        FIELD(hipDeviceAttributeDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost),
        FIELD(hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess),
        FIELD(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch),
        FIELD(hipDeviceAttributeCooperativeMultiDeviceLaunch, p.cooperativeMultiDeviceLaunch),
        FIELD(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
              (int)p.maxSharedMemoryPerMultiProcessor),
        FIELD(hipDeviceAttributeIsLargeBar, p.isLargeBar),
        FIELD(hipDeviceAttributeAsicRevision, p.asicRevision),
        FIELD(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled),
        FIELD(hipDeviceAttributeEccEnabled, p.ECCEnabled),
        FIELD(hipDeviceAttributeMaxTexture1DWidth, p.maxTexture1D),
        FIELD(hipDeviceAttributeMaxTexture2DWidth, p.maxTexture2D[0]),
        FIELD(hipDeviceAttributeMaxTexture3DDepth, p.maxTexture3D[2]),
#undef FIELD
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      int value = 0;
      assert_hip(hipDeviceGetAttribute(&value, cases[i].attr, device), hipSuccess);
      if (value != cases[i].want)
        conf_fail("device %d %s: attribute %d, property %d", device, cases[i].name, value,
                  cases[i].want);
    }
  }
}

static void unified_addressing_is_one(void **state) {
  (void)conf_begin(state);
  int value = 0;
  assert_hip(hipDeviceGetAttribute(&value, hipDeviceAttributeUnifiedAddressing, 0), hipSuccess);
  assert_int_equal(value, 1);
}

static void can_access_peer_itself_is_zero(void **state) {
  conf_ctx *ctx = conf_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    int can = -1;
    assert_hip(hipDeviceCanAccessPeer(&can, device, device), hipSuccess);
    assert_int_equal(can, 0);
  }
}

static void p2p_access_matches_can_access_peer(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  int can = -1, supported = -1;
  assert_hip(hipDeviceCanAccessPeer(&can, 0, 1), hipSuccess);
  assert_hip(hipDeviceGetP2PAttribute(&supported, hipDevP2PAttrAccessSupported, 0, 1), hipSuccess);
  assert_int_equal(supported, can);
}

static void enable_disable_peer_round_trip(void **state) {
  need_peers(conf_begin(state));
  assert_hip(hipDeviceEnablePeerAccess(1, 0), hipSuccess);
  assert_hip(hipDeviceDisablePeerAccess(1), hipSuccess);
  assert_hip(hipSetDevice(1), hipSuccess);
  assert_hip(hipDeviceEnablePeerAccess(0, 0), hipSuccess);
  assert_hip(hipDeviceDisablePeerAccess(0), hipSuccess);
}

static void peer_access_survives_device_reset(void **state) {
  need_peers(conf_begin(state));
  hipError_t enable = hipDeviceEnablePeerAccess(1, 0);
  hipError_t reset = hipDeviceReset();
  hipError_t again = hipDeviceEnablePeerAccess(1, 0);
  hipError_t disable = hipDeviceDisablePeerAccess(1);
  assert_hip(enable, hipSuccess);
  assert_hip(reset, hipSuccess);
  assert_hip(again, hipErrorPeerAccessAlreadyEnabled);
  assert_hip(disable, hipSuccess);
}

static void device_reset_frees_device_memory(void **state) {
  (void)conf_begin(state);
  void *ptr = NULL;
  assert_hip(hipMalloc(&ptr, 500), hipSuccess);
  assert_hip(hipDeviceReset(), hipSuccess);
  assert_hip(hipFree(ptr), hipErrorInvalidValue);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(device_get_rejects_null, "clr ihipDeviceGet"),
    CONF_RULE(device_get_rejects_ordinal_count, "clr ihipDeviceGet"),
    CONF_RULE(compute_capability_rejects_null,
              "clr hipDeviceComputeCapability; Unit_hipDeviceComputeCapability_Negative"),
    CONF_RULE(compute_capability_rejects_device,
              "clr hipDeviceComputeCapability; Unit_hipDeviceComputeCapability_Negative"),
    CONF_RULE(get_name_rejects_null, "clr hipDeviceGetName; Unit_hipDeviceGetName_NegTst"),
    CONF_RULE(get_name_rejects_length, "clr hipDeviceGetName; Unit_hipDeviceGetName_NegTst"),
    CONF_RULE(get_name_rejects_device, "clr hipDeviceGetName; Unit_hipDeviceGetName_NegTst"),
    CONF_RULE(get_uuid_rejects_null, "clr hipDeviceGetUuid; Unit_hipDeviceGetUuid_Negative"),
    CONF_RULE(get_uuid_rejects_device, "clr hipDeviceGetUuid; Unit_hipDeviceGetUuid_Negative"),
    CONF_RULE(pci_bus_id_rejects_null,
              "clr hipDeviceGetPCIBusId; Unit_hipDeviceGetPCIBusId_NegTst"),
    CONF_RULE(pci_bus_id_rejects_short_length,
              "clr hipDeviceGetPCIBusId (len <= 12); Unit_hipDeviceGetPCIBusId_NegTst"),
    CONF_RULE(pci_bus_id_rejects_device,
              "clr hipDeviceGetPCIBusId; Unit_hipDeviceGetPCIBusId_NegTst"),
    CONF_RULE(pci_bus_id_partial_fill,
              "clr hipDeviceGetPCIBusId; Unit_hipDeviceGetPCIBusId_Negative_PartialFill"),
    CONF_RULE(total_mem_rejects_null, "clr hipDeviceTotalMem; Unit_hipDeviceTotalMem_NegTst"),
    CONF_RULE(total_mem_rejects_device, "clr hipDeviceTotalMem; Unit_hipDeviceTotalMem_NegTst"),
    CONF_RULE(properties_reject_null, "clr ihipGetDeviceProperties"),
    CONF_RULE(properties_reject_device, "clr ihipGetDeviceProperties"),
    CONF_RULE(attribute_rejects_null,
              "clr hipDeviceGetAttribute; Unit_hipDeviceGetAttribute_NegTst"),
    CONF_RULE(attribute_rejects_device,
              "clr hipDeviceGetAttribute; Unit_hipDeviceGetAttribute_NegTst"),
    CONF_RULE(attribute_rejects_values_outside_the_enum,
              "clr hipDeviceGetAttribute (default case); Unit_hipDeviceGetAttribute_NegTst"),
    CONF_RULE(can_access_peer_rejects_null,
              "clr canAccessPeer; Unit_hipDeviceCanAccessPeer_negative"),
    CONF_RULE(can_access_peer_rejects_device,
              "clr canAccessPeer; Unit_hipDeviceCanAccessPeer_negative"),
    CONF_RULE(p2p_attribute_rejects_null, "clr hipDeviceGetP2PAttribute"),
    CONF_RULE(p2p_attribute_rejects_same_device, "clr hipDeviceGetP2PAttribute"),
    CONF_RULE(p2p_attribute_rejects_device, "clr hipDeviceGetP2PAttribute, findLinkInfo"),
    CONF_RULE(p2p_attribute_rejects_attribute, "clr hipDeviceGetP2PAttribute (default case)"),
    CONF_RULE(enable_peer_rejects_flags,
              "clr hipDeviceEnablePeerAccess; Unit_hipDeviceEnablePeerAccess_negative"),
    CONF_RULE(enable_peer_rejects_itself, "clr hipDeviceEnablePeerAccess (canAccessPeer 0)"),
    CONF_RULE(enable_peer_rejects_device,
              "clr hipDeviceEnablePeerAccess; Unit_hipDeviceEnablePeerAccess_negative"),
    CONF_RULE(disable_peer_rejects_device,
              "clr hipDeviceDisablePeerAccess; Unit_hipDeviceDisablePeerAccess_negative"),
    CONF_RULE(enable_peer_twice_fails,
              "clr Device::EnablePeerAccess; Unit_hipDeviceEnablePeerAccess_negative"),
    CONF_RULE(disable_peer_not_enabled_fails,
              "clr Device::DisablePeerAccess; Unit_hipDeviceDisablePeerAccess_negative"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(device_get_returns_the_ordinal, "clr ihipDeviceGet; Unit_hipDeviceGetUuid_Positive"),
    CONF_RULE(name_matches_properties, "Unit_hipDeviceGetName_CheckPropName"),
    CONF_RULE(name_partial_fill, "clr hipDeviceGetName; Unit_hipDeviceGetName_PartialFill"),
    CONF_RULE(uuid_matches_properties,
              "Unit_hipDeviceGetUuid_Positive, _VerifyUuidFrm_hipGetDeviceProperties"),
    CONF_RULE(pci_bus_id_matches_attributes, "Unit_hipDeviceGetPCIBusId_Check_PciBusID_WithAttr"),
    CONF_RULE(total_mem_matches_properties,
              "Unit_hipDeviceTotalMem_ValidateTotalMem; clr hipDeviceGetAttribute (int clamp)"),
    CONF_RULE(compute_capability_matches_properties,
              "clr hipDeviceComputeCapability, ihipGetDeviceProperties (isa version)"),
    CONF_RULE(attributes_match_properties, "Unit_hipGetDeviceAttribute_CheckAttrValues"),
    CONF_RULE(unified_addressing_is_one, "clr hipDeviceGetAttribute (UnifiedAddressing: true)"),
    CONF_RULE(can_access_peer_itself_is_zero,
              "clr canAccessPeer; Unit_hipDeviceCanAccessPeer_positive"),
    CONF_RULE(p2p_access_matches_can_access_peer, "clr hipDeviceGetP2PAttribute (AccessSupported)"),
    CONF_RULE(enable_disable_peer_round_trip, "Unit_hipDeviceEnableDisablePeerAccess_positive"),
    CONF_RULE(peer_access_survives_device_reset,
              "clr Device::Reset (keeps userEnabledPeers_), Device::EnablePeerAccess"),
    CONF_RULE(device_reset_frees_device_memory,
              "clr Device::Reset (MemObjMap::Purge); Unit_hipDeviceReset_Positive_Basic"),
};

const conf_group conf_group_device_negative = CONF_GROUP("device_negative", negative_rules);
const conf_group conf_group_device = CONF_GROUP("device", functional_rules);
