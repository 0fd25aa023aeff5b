/*
 * device.c: the devices mockhip plays and what they say about themselves:
 * hipDeviceGet, hipDeviceGetName, hipDeviceGetUuid, hipDeviceGetPCIBusId,
 * hipDeviceTotalMem, hipDeviceComputeCapability, hipGetDevicePropertiesR0600,
 * hipDeviceGetAttribute, hipChooseDeviceR0600 and hipDeviceGetByPCIBusId.
 *
 * Every device is one model, kept once as data below: a gfx942 (MI300-class)
 * GPU whose memory is host memory, or under HIP on NVIDIA a Hopper. Only the name, the UUID, the
 * PCI bus and the capacity (MOCKHIP_DEVICE_MEMORY) differ per device. The properties and the
 * attributes both read the model, and hipDeviceGetAttribute answers exactly the attributes ROCm
 * answers (the cases of clr's hipDeviceGetAttribute, with its clamps), so the two always agree. The
 * model never changes, so nothing here takes the state lock.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "runtime/devices/devices.h"

typedef struct device_model {
  const char *arch_name; /* gcnArchName, a real target id */
  int major, minor;      /* gfx942 is ISA 9.4.2 */
  int warp_size;
  int max_threads_per_block;
  int max_block_dim; /* each of x, y, z */
  int max_grid_x, max_grid_yz;
  int clock_khz, memory_clock_khz, memory_bus_bits;
  int compute_units, xccs;
  int l2_cache_bytes;
  int max_threads_per_cu;
  int lds_bytes;        /* shared memory per block, per CU, and opted in */
  int registers;        /* per block and per CU */
  int timestamp_khz;    /* clockInstructionRate and the wall clock */
  int vgprs_per_thread; /* available to one thread */
  int pci_chip_id;
  size_t const_bytes, max_pitch, image_alignment;
  /* what host code may rely on: 1 where the mock does it */
  int managed;       /* managedMemory, concurrentManagedAccess, directManagedMemAccessFromHost */
  int fine_grain;    /* hipDeviceMallocFinegrained */
  int large_bar;     /* the host reaches all device memory */
  int host_atomics;  /* hostNativeAtomicSupported */
  int host_register; /* hipHostRegister: emulated (host_register.c) */
  int memory_pools;  /* stream-ordered memory pools (runtime/pools/mempool.c) */
  int vmm;
} device_model;

static const device_model amd_model = {
    .arch_name = "gfx942:sramecc+:xnack-",
    .major = 9,
    .minor = 4,
    .warp_size = 64,
    .max_threads_per_block = 1024,
    .max_block_dim = 1024,
    .max_grid_x = INT_MAX,
    .max_grid_yz = 65536, /* clr: UINT16_MAX + 1 */
    .clock_khz = 2100000,
    .memory_clock_khz = 1300000,
    .memory_bus_bits = 8192,
    .compute_units = 304,
    .xccs = 8,
    .l2_cache_bytes = 4 * 1024 * 1024,
    .max_threads_per_cu = 2048,
    .lds_bytes = 64 * 1024,
    .registers = 65536,
    .timestamp_khz = 100000,
    .vgprs_per_thread = 512,
    .pci_chip_id = 0x74a1,
    .const_bytes = INT_MAX,
    .max_pitch = INT_MAX,
    .image_alignment = 256,
    .managed = 1,
    .fine_grain = 1,
    .large_bar = 1,
    .host_atomics = 1,
    .host_register = 1,
    .memory_pools = 1, /* clr: HIP_MEM_POOL_SUPPORT */
    .vmm = 1,
};

/* HIP on NVIDIA: a Hopper (sm_90, H100/H200-class) as hip-nvidia describes one, with the
   same promises about what the mock does. */
static const device_model nvidia_model = {
    .arch_name = "sm_90",
    .major = 9,
    .minor = 0,
    .warp_size = 32,
    .max_threads_per_block = 1024,
    .max_block_dim = 1024,
    .max_grid_x = INT_MAX,
    .max_grid_yz = 65535,
    .clock_khz = 1980000,
    .memory_clock_khz = 2619000,
    .memory_bus_bits = 6144,
    .compute_units = 132,
    .xccs = 1,
    .l2_cache_bytes = 60 * 1024 * 1024,
    .max_threads_per_cu = 2048,
    .lds_bytes = 48 * 1024,
    .registers = 65536,
    .timestamp_khz = 1000000,
    .vgprs_per_thread = 255,
    .pci_chip_id = 0x2335,
    .const_bytes = 64 * 1024,
    .max_pitch = INT_MAX,
    .image_alignment = 512,
    .managed = 1,
    .fine_grain = 1,
    .large_bar = 1,
    .host_atomics = 1,
    .host_register = 1,
    .memory_pools = 1, /* cudaDevAttrMemoryPoolsSupported */
    .vmm = 1,
};

static const device_model *played_model(void) {
  return mh__profile_nvidia() ? &nvidia_model : &amd_model;
}

void mh__device_launch_limits(mh_launch_limits *out) {
  const device_model *model = played_model();
  out->warp_size = model->warp_size;
  out->max_threads_per_block = (unsigned)model->max_threads_per_block;
  out->max_block_dim = (unsigned)model->max_block_dim;
  out->shared_bytes = (size_t)model->lds_bytes;
}

size_t mh__device_pitch_alignment(void) { return played_model()->image_alignment; }

int mh__device_compute_units(void) { return played_model()->compute_units; }

/* The PCI bus of a device: 0000:01:00.0 for device 0, 0000:02:00.0 for device 1, ... */
static int pci_bus(int device) { return device + 1; }

static void device_name(int device, char *out, size_t bytes) {
  snprintf(out, bytes, "mockhip CPU device %d", device);
}

/* 16 ASCII hex digits, as ROCm's (rocminfo's "GPU-" id without the prefix):
   "6d6f636b" ("mock") and the device number. */
static void device_uuid(int device, hipUUID *out) {
  char text[17];
  snprintf(text, sizeof text, "6d6f636b%08x", (unsigned)device);
  memcpy(out->bytes, text, sizeof out->bytes);
}

static int clamp_int(size_t value) { return value > INT_MAX ? INT_MAX : (int)value; }

static hipError_t bad_device(const mh_state *s, int device) {
  return mh__fail(hipErrorInvalidDevice, "device %d is not in 0..%d", device,
                  s->options.devices - 1);
}

/* ---- properties ---- */

#if HIPVMM_HAS_PROPERTIES_R0600
static void properties(const mh_state *s, int device, hipDeviceProp_tR0600 *p) {
  const device_model *model = played_model();
  memset(p, 0, sizeof *p); /* the textures, surfaces and features not named are 0 */
  device_name(device, p->name, sizeof p->name);
  device_uuid(device, &p->uuid);
  snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s", model->arch_name);
  p->totalGlobalMem = s->options.device_memory;
  p->sharedMemPerBlock = p->sharedMemPerMultiprocessor = (size_t)model->lds_bytes;
  p->maxSharedMemoryPerMultiProcessor = p->sharedMemPerBlockOptin = (size_t)model->lds_bytes;
  p->regsPerBlock = p->regsPerMultiprocessor = model->registers;
  p->warpSize = model->warp_size;
  p->memPitch = model->max_pitch;
  p->maxThreadsPerBlock = model->max_threads_per_block;
  for (int i = 0; i < 3; i++)
    p->maxThreadsDim[i] = model->max_block_dim;
  p->maxGridSize[0] = model->max_grid_x;
  p->maxGridSize[1] = p->maxGridSize[2] = model->max_grid_yz;
  p->clockRate = model->clock_khz;
  p->memoryClockRate = model->memory_clock_khz;
  p->memoryBusWidth = model->memory_bus_bits;
  p->totalConstMem = model->const_bytes;
  p->major = model->major;
  p->minor = model->minor;
  p->multiProcessorCount = model->compute_units;
  p->l2CacheSize = p->persistingL2CacheMaxSize = model->l2_cache_bytes;
  p->maxThreadsPerMultiProcessor = model->max_threads_per_cu;
  p->maxBlocksPerMultiProcessor = model->max_threads_per_cu / model->warp_size;
  p->clockInstructionRate = model->timestamp_khz;
  p->arch.hasGlobalInt32Atomics = p->arch.hasGlobalFloatAtomicExch = 1;
  p->arch.hasSharedInt32Atomics = p->arch.hasSharedFloatAtomicExch = 1;
  p->arch.hasFloatAtomicAdd = p->arch.hasGlobalInt64Atomics = p->arch.hasSharedInt64Atomics = 1;
  p->arch.hasDoubles = p->arch.hasWarpVote = p->arch.hasWarpBallot = 1;
  p->arch.hasWarpShuffle = p->arch.hasThreadFenceSystem = p->arch.has3dGrid = 1;
  p->hostNativeAtomicSupported = model->host_atomics;
  p->concurrentKernels = 1;
  p->pciBusID = pci_bus(device);
  p->canMapHostMemory = 1;
  p->textureAlignment = p->surfaceAlignment = p->texturePitchAlignment = model->image_alignment;
  p->isLargeBar = model->large_bar;
  p->ipcEventSupported = 1;
  p->streamPrioritiesSupported = 1;
  p->unifiedAddressing = 1;
  p->managedMemory = p->concurrentManagedAccess = model->managed;
  p->directManagedMemAccessFromHost = model->managed;
  p->hostRegisterSupported = model->host_register;
  p->memoryPoolsSupported = model->memory_pools;
  p->globalL1CacheSupported = p->localL1CacheSupported = 1;
}
#endif

/* ---- attributes ---- */

/*
 * What device answers for attr, in ROCm's cases; false for an attribute ROCm
 * refuses (Luid, the layered, cubemap, gather, mipmap-2D, alternate-3D and
 * most surface sizes, MaxThreadsDim, SingleToDoublePrecisionPerfRatio,
 * TccDriver, ClockInstructionRate, the Unused ones and anything not in the
 * enum). The HDP registers answer in hip_attribute, being pointers.
 */
static bool attribute_value(const mh_state *s, int device, int attr, int *value) {
  const device_model *model = played_model();
  switch (attr) {
  case hipDeviceAttributeMaxThreadsPerBlock: *value = model->max_threads_per_block; break;
  case hipDeviceAttributeMaxBlockDimX:
  case hipDeviceAttributeMaxBlockDimY:
  case hipDeviceAttributeMaxBlockDimZ: *value = model->max_block_dim; break;
  case hipDeviceAttributeMaxGridDimX: *value = model->max_grid_x; break;
  case hipDeviceAttributeMaxGridDimY:
  case hipDeviceAttributeMaxGridDimZ: *value = model->max_grid_yz; break;
  case hipDeviceAttributeMaxSharedMemoryPerBlock:
  case hipDeviceAttributeSharedMemPerBlockOptin:
  case hipDeviceAttributeSharedMemPerMultiprocessor:
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: *value = model->lds_bytes; break;
  case hipDeviceAttributeStreamPrioritiesSupported: *value = 1; break;
  case hipDeviceAttributeSurfaceAlignment:
  case hipDeviceAttributeTextureAlignment:
  case hipDeviceAttributeTexturePitchAlignment: *value = (int)model->image_alignment; break;
  case hipDeviceAttributeTotalConstantMemory: *value = clamp_int(model->const_bytes); break;
  case hipDeviceAttributeTotalGlobalMem: *value = clamp_int(s->options.device_memory); break;
  case hipDeviceAttributeMaxPitch: *value = clamp_int(model->max_pitch); break;
  case hipDeviceAttributeWarpSize: *value = model->warp_size; break;
  case hipDeviceAttributeMaxRegistersPerBlock:
  case hipDeviceAttributeMaxRegistersPerMultiprocessor: *value = model->registers; break;
  case hipDeviceAttributeClockRate: *value = model->clock_khz; break;
  case HIPVMM_ATTRIBUTE_WALL_CLOCK_RATE: *value = model->timestamp_khz; break;
  case hipDeviceAttributeMemoryClockRate: *value = model->memory_clock_khz; break;
  case hipDeviceAttributeMemoryBusWidth: *value = model->memory_bus_bits; break;
  case hipDeviceAttributeMultiprocessorCount:
  case hipDeviceAttributePhysicalMultiProcessorCount: *value = model->compute_units; break;
  case hipDeviceAttributeL2CacheSize:
  case hipDeviceAttributePersistingL2CacheMaxSize: *value = model->l2_cache_bytes; break;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor: *value = model->max_threads_per_cu; break;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor:
    *value = model->max_threads_per_cu / model->warp_size;
    break;
  case hipDeviceAttributeComputeCapabilityMajor: *value = model->major; break;
  case hipDeviceAttributeComputeCapabilityMinor: *value = model->minor; break;
  case hipDeviceAttributePciBusId: *value = pci_bus(device); break;
  case HIPVMM_ATTRIBUTE_PCI_CHIP_ID: *value = model->pci_chip_id; break;
  case HIPVMM_ATTRIBUTE_NUMBER_OF_XCCS: *value = model->xccs; break;
  case HIPVMM_ATTRIBUTE_MAX_VGPRS_PER_THREAD: *value = model->vgprs_per_thread; break;
  case hipDeviceAttributeHostNativeAtomicSupported: *value = model->host_atomics; break;
  case hipDeviceAttributeIsLargeBar: *value = model->large_bar; break;
  case hipDeviceAttributeFineGrainSupport: *value = model->fine_grain; break;
  case hipDeviceAttributeManagedMemory:
  case hipDeviceAttributeConcurrentManagedAccess:
  case hipDeviceAttributeDirectManagedMemAccessFromHost: *value = model->managed; break;
  case HIPVMM_ATTRIBUTE_HOST_REGISTER: *value = model->host_register; break;
  case hipDeviceAttributeMemoryPoolsSupported: *value = model->memory_pools; break;
  case HIPVMM_ATTRIBUTE_VMM:
    *value = model->vmm && mh__profile_is(MH_ROW_vmm_attribute, MH_CELL_yes);
    break;
  case hipDeviceAttributeConcurrentKernels:
  case hipDeviceAttributeCanMapHostMemory:
  case hipDeviceAttributeGlobalL1CacheSupported:
  case hipDeviceAttributeLocalL1CacheSupported:
  case hipDeviceAttributeUnifiedAddressing:
  case hipDeviceAttributeCanUseStreamWaitValue: /* emulated: copies/stream_ops.c */
    *value = 1;
    break;
  /* What this device has none of, or the mock does not emulate: 0. */
  case hipDeviceAttributeEccEnabled:
  case hipDeviceAttributeAccessPolicyMaxWindowSize:
  case hipDeviceAttributeAsyncEngineCount: /* copies run at once on the calling thread */
  case hipDeviceAttributeDeviceOverlap:
  case hipDeviceAttributeCanUseHostPointerForRegisteredMem:
  case hipDeviceAttributeComputeMode:
  case hipDeviceAttributeComputePreemptionSupported:
  case hipDeviceAttributeCooperativeLaunch: /* no kernels */
  case hipDeviceAttributeCooperativeMultiDeviceLaunch:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim:
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem:
  case hipDeviceAttributeIntegrated:
  case hipDeviceAttributeIsMultiGpuBoard:
  case hipDeviceAttributeKernelExecTimeout:
  case hipDeviceAttributeLuidDeviceNodeMask:
  case hipDeviceAttributeMultiGpuBoardGroupID:
  case hipDeviceAttributePciDeviceId:
  case hipDeviceAttributePciDomainID:
  case hipDeviceAttributeReservedSharedMemPerBlock:
  case hipDeviceAttributeAsicRevision:
  case hipDeviceAttributePageableMemoryAccess: /* xnack-: no page faults on host memory */
  case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
  case hipDeviceAttributeImageSupport: /* no images, so every texture and surface size is 0 */
  case hipDeviceAttributeMaxSurface1D:
  case hipDeviceAttributeMaxTexture1DWidth:
  case hipDeviceAttributeMaxTexture1DLinear:
  case hipDeviceAttributeMaxTexture1DMipmap:
  case hipDeviceAttributeMaxTexture2DWidth:
  case hipDeviceAttributeMaxTexture2DHeight:
  case hipDeviceAttributeMaxTexture3DWidth:
  case hipDeviceAttributeMaxTexture3DHeight:
  case hipDeviceAttributeMaxTexture3DDepth:
  case hipDeviceAttributeMaxTextureCubemap:
  case HIPVMM_ATTRIBUTE_MEMORY_POOL_HANDLE_TYPES:
  case HIPVMM_ATTRIBUTE_HOST_NUMA_ID: /* the one NUMA node, 0 */
  case HIPVMM_ATTRIBUTE_DMA_BUF:      /* no dma-buf or fabric export */
  case HIPVMM_ATTRIBUTE_HOST_ALLOC_DMA_BUF:
  case HIPVMM_ATTRIBUTE_HANDLE_TYPE_FABRIC:
  case HIPVMM_ATTRIBUTE_RDMA_WITH_VMM:
  case HIPVMM_ATTRIBUTE_RDMA:
  case HIPVMM_ATTRIBUTE_RDMA_FLUSH_WRITES_OPTIONS:
  case HIPVMM_ATTRIBUTE_RDMA_WRITES_ORDERING:
  case HIPVMM_ATTRIBUTE_EXPERT_SCHED_MODE:
  case HIPVMM_ATTRIBUTE_MAX_DYN_DATA_PREFETCH_REGIONS: *value = 0; break;
  default: return false;
  }
  return true;
}

static hipError_t get_attribute(const mh_state *s, int *pi, int attr, int device) {
  if (pi == NULL)
    return mh__fail(hipErrorInvalidValue, "pi is NULL");
  /* HIP on NVIDIA maps ROCm's own attributes to no CUDA one but the shared memory per
     multiprocessor, and answers the rest InvalidValue (amd_attributes), before it looks at the
     device. */
  if (attr >= hipDeviceAttributeAmdSpecificBegin && attr < hipDeviceAttributeAmdSpecificEnd &&
      attr != hipDeviceAttributeMaxSharedMemoryPerMultiprocessor &&
      mh__profile_is(MH_ROW_amd_attributes, MH_CELL_no))
    return mh__fail(hipErrorInvalidValue, "attribute %d is ROCm's own, which %s does not answer",
                    attr, mh__profile_title());
  if (!mh__valid_device(s, device))
    return bad_device(s, device);
  /* The HDP flush registers are addresses, written whole through pi, as ROCm does: pass the
     address of an unsigned int *. The mock's devices have none: NULL. */
  if (attr == hipDeviceAttributeHdpMemFlushCntl || attr == hipDeviceAttributeHdpRegFlushCntl) {
    unsigned int *none = NULL;
    memcpy(pi, &none, sizeof none);
    return hipSuccess;
  }
  if (!attribute_value(s, device, attr, pi))
    return mh__fail(hipErrorInvalidValue, "attribute %d is not one ROCm answers", attr);
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetAttribute, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_attribute(s, pi, (int)attr, device);
  return mh__leave(MOCKHIP_CALL_hipDeviceGetAttribute, err, "%s, attr=%s, deviceId=%d",
                   mh__d_out_int("pi", pi, err), mh__d_attribute((int)attr), device);
}

#if HIPVMM_HAS_PROPERTIES_R0600
MH_EXPORT hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600 *prop, int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDevicePropertiesR0600, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (prop == NULL)
      err = mh__fail(hipErrorInvalidValue, "prop is NULL");
    else if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else
      properties(s, device, prop);
  }
  return mh__leave(MOCKHIP_CALL_hipGetDevicePropertiesR0600, err, "prop=%p, deviceId=%d",
                   (void *)prop, device);
}

/* clr ihipChooseDevice: each field prop names (not 0) is a minimum; the first device that meets
   the most of them, all that it is asked, wins; device 0 when none does. */
static int choose_device(const mh_state *s, const hipDeviceProp_tR0600 *want) {
  int chosen = 0;
  unsigned best = 0;
  for (int d = 0; d < s->options.devices; d++) {
    hipDeviceProp_tR0600 have;
    properties(s, d, &have);
    unsigned asked = 0, met = 0;
#define AT_LEAST(field)                                                                            \
  if (want->field != 0) {                                                                          \
    asked++;                                                                                       \
    met += have.field >= want->field;                                                              \
  }
    AT_LEAST(major)
    AT_LEAST(minor)
    AT_LEAST(totalGlobalMem)
    AT_LEAST(sharedMemPerBlock)
    AT_LEAST(maxThreadsPerBlock)
    AT_LEAST(totalConstMem)
    AT_LEAST(multiProcessorCount)
    AT_LEAST(maxThreadsPerMultiProcessor)
    AT_LEAST(memoryClockRate)
    AT_LEAST(memoryBusWidth)
    AT_LEAST(l2CacheSize)
    AT_LEAST(regsPerBlock)
    AT_LEAST(maxSharedMemoryPerMultiProcessor)
    AT_LEAST(warpSize)
#undef AT_LEAST
    if (asked == met && met > best) {
      chosen = d;
      best = met;
    }
  }
  return chosen;
}

MH_EXPORT hipError_t hipChooseDeviceR0600(int *device, const hipDeviceProp_tR0600 *prop) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipChooseDeviceR0600, MH_CALLER, &s);
  if (err == hipSuccess && (device == NULL || prop == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", device == NULL ? "device" : "prop");
  if (err == hipSuccess)
    *device = choose_device(s, prop);
  return mh__leave(MOCKHIP_CALL_hipChooseDeviceR0600, err, "%s, prop=%p",
                   mh__d_out_int("device", device, err), (const void *)prop);
}
#endif

/* clr hipDeviceGetByPCIBusId: "domain:bus:device.function" in hex, the device whose four match;
   anything else, a device not there included, is InvalidValue. */
MH_EXPORT hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetByPCIBusId, MH_CALLER, &s);
  if (err == hipSuccess && (device == NULL || pciBusId == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", device == NULL ? "device" : "pciBusId");
  if (err == hipSuccess) {
    unsigned domain, bus, slot, function;
    int found = -1;
    if (sscanf(pciBusId, "%04x:%02x:%02x.%01x", &domain, &bus, &slot, &function) == 4)
      for (int d = 0; d < s->options.devices && found < 0; d++)
        if (domain == 0 && bus == (unsigned)pci_bus(d) && slot == 0 && function == 0)
          found = d;
    if (found < 0)
      err = mh__fail(hipErrorInvalidValue, "\"%.32s\" is no device's PCI bus id (device 0 is %s)",
                     pciBusId, "0000:01:00.0");
    else
      *device = found;
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetByPCIBusId, err, "%s, pciBusId=%p",
                   mh__d_out_int("device", device, err), (const void *)pciBusId);
}

/* ---- one fact each ---- */

MH_EXPORT hipError_t hipDeviceGet(hipDevice_t *device, int ordinal) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGet, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (device == NULL)
      err = mh__fail(hipErrorInvalidValue, "device is NULL");
    else if (!mh__valid_device(s, ordinal))
      err = bad_device(s, ordinal);
    else
      *device = ordinal;
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGet, err, "%s, ordinal=%d",
                   mh__d_out_int("device", device, err), ordinal);
}

MH_EXPORT hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceComputeCapability, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else if (major == NULL || minor == NULL)
      err = mh__fail(hipErrorInvalidValue, "%s is NULL", major == NULL ? "major" : "minor");
    else {
      *major = played_model()->major;
      *minor = played_model()->minor;
    }
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceComputeCapability, err, "%s, %s, device=%d",
                   mh__d_out_int("major", major, err), mh__d_out_int("minor", minor, err), device);
}

MH_EXPORT hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetName, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else if (name == NULL)
      err = mh__fail(hipErrorInvalidValue, "name is NULL");
    else if (len <= 0)
      err = mh__fail(hipErrorInvalidValue, "len %d leaves no room for the name", len);
    else {
      /* As ROCm: as much of the name as fits, then a NUL; the bytes after it stay. */
      char full[64];
      device_name(device, full, sizeof full);
      size_t copied = strlen(full) < (size_t)len ? strlen(full) : (size_t)len - 1;
      memcpy(name, full, copied);
      name[copied] = '\0';
    }
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetName, err, "name=%p, len=%d, device=%d", (void *)name,
                   len, device);
}

MH_EXPORT hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetUuid, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else if (uuid == NULL)
      err = mh__fail(hipErrorInvalidValue, "uuid is NULL");
    else
      device_uuid(device, uuid);
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetUuid, err, "uuid=%p, device=%d", (void *)uuid, device);
}

/* "dddd:bb:dd.f" and its NUL. */
#define PCI_BUS_ID_BYTES 13

MH_EXPORT hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetPCIBusId, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else if (pciBusId == NULL)
      err = mh__fail(hipErrorInvalidValue, "pciBusId is NULL");
    else {
      /* As clr: what fits is written, and a short buffer still fails. */
      if (len > 0)
        snprintf(pciBusId, (size_t)len, "%04x:%02x:%02x.%01x", 0, pci_bus(device), 0, 0);
      /* The CUDA runtime keeps what fits and succeeds. */
      if (len < PCI_BUS_ID_BYTES &&
          (len <= 0 || mh__profile_is(MH_ROW_pci_bus_id_short, MH_CELL_InvalidValue)))
        err = mh__fail(hipErrorInvalidValue, "len %d is less than the %d bytes of the id", len,
                       PCI_BUS_ID_BYTES);
    }
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetPCIBusId, err, "pciBusId=%p, len=%d, device=%d",
                   (void *)pciBusId, len, device);
}

MH_EXPORT hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceTotalMem, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = bad_device(s, device);
    else if (bytes == NULL)
      err = mh__fail(hipErrorInvalidValue, "bytes is NULL");
    else
      *bytes = s->options.device_memory;
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceTotalMem, err, "%s, device=%d",
                   mh__d_out_bytes("bytes", bytes, err), device);
}
