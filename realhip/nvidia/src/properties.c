/*
 * properties.c: hipGetDevicePropertiesR0600, ROCm 6's hipDeviceProp_t filled
 * from the driver the way cudaGetDeviceProperties fills cudaDeviceProp: the
 * name, UUID and memory from their own calls, every other CUDA field from one
 * device attribute each (one table, below).
 *
 * An attribute this driver does not know yet (CUDA_ERROR_INVALID_VALUE)
 * leaves its field 0, so an older driver still describes its device; any
 * other failure fails the call. The HIP-only fields: gcnArchName is
 * "sm_<major><minor>" (what nvcc calls the architecture: "sm_90"), the
 * feature bits of hipDeviceArch_t are all set (every device CUDA 12 supports
 * has them), clockInstructionRate is the clock rate, and the AMD-only
 * fields (HDP registers, large BAR, ASIC revision, cooperative mismatches)
 * are 0.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hip_nvidia_base.h"

typedef enum field_type { FIELD_INT, FIELD_UNSIGNED, FIELD_SIZE } field_type;

typedef struct field {
  size_t offset;
  field_type type;
  CUdevice_attribute attribute;
} field;

#define INT(member, attr)                                                                          \
  { offsetof(hipDeviceProp_t, member), FIELD_INT, CU_DEVICE_ATTRIBUTE_##attr }
#define UNSIGNED(member, attr)                                                                     \
  { offsetof(hipDeviceProp_t, member), FIELD_UNSIGNED, CU_DEVICE_ATTRIBUTE_##attr }
#define SIZE(member, attr)                                                                         \
  { offsetof(hipDeviceProp_t, member), FIELD_SIZE, CU_DEVICE_ATTRIBUTE_##attr }

static const field fields[] = {
    SIZE(sharedMemPerBlock, MAX_SHARED_MEMORY_PER_BLOCK),
    INT(regsPerBlock, MAX_REGISTERS_PER_BLOCK),
    INT(warpSize, WARP_SIZE),
    SIZE(memPitch, MAX_PITCH),
    INT(maxThreadsPerBlock, MAX_THREADS_PER_BLOCK),
    INT(maxThreadsDim[0], MAX_BLOCK_DIM_X),
    INT(maxThreadsDim[1], MAX_BLOCK_DIM_Y),
    INT(maxThreadsDim[2], MAX_BLOCK_DIM_Z),
    INT(maxGridSize[0], MAX_GRID_DIM_X),
    INT(maxGridSize[1], MAX_GRID_DIM_Y),
    INT(maxGridSize[2], MAX_GRID_DIM_Z),
    INT(clockRate, CLOCK_RATE),
    SIZE(totalConstMem, TOTAL_CONSTANT_MEMORY),
    INT(major, COMPUTE_CAPABILITY_MAJOR),
    INT(minor, COMPUTE_CAPABILITY_MINOR),
    SIZE(textureAlignment, TEXTURE_ALIGNMENT),
    SIZE(texturePitchAlignment, TEXTURE_PITCH_ALIGNMENT),
    INT(deviceOverlap, GPU_OVERLAP),
    INT(multiProcessorCount, MULTIPROCESSOR_COUNT),
    INT(kernelExecTimeoutEnabled, KERNEL_EXEC_TIMEOUT),
    INT(integrated, INTEGRATED),
    INT(canMapHostMemory, CAN_MAP_HOST_MEMORY),
    INT(computeMode, COMPUTE_MODE),
    INT(maxTexture1D, MAXIMUM_TEXTURE1D_WIDTH),
    INT(maxTexture1DMipmap, MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH),
    INT(maxTexture1DLinear, MAXIMUM_TEXTURE1D_LINEAR_WIDTH),
    INT(maxTexture2D[0], MAXIMUM_TEXTURE2D_WIDTH),
    INT(maxTexture2D[1], MAXIMUM_TEXTURE2D_HEIGHT),
    INT(maxTexture2DMipmap[0], MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH),
    INT(maxTexture2DMipmap[1], MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT),
    INT(maxTexture2DLinear[0], MAXIMUM_TEXTURE2D_LINEAR_WIDTH),
    INT(maxTexture2DLinear[1], MAXIMUM_TEXTURE2D_LINEAR_HEIGHT),
    INT(maxTexture2DLinear[2], MAXIMUM_TEXTURE2D_LINEAR_PITCH),
    INT(maxTexture2DGather[0], MAXIMUM_TEXTURE2D_GATHER_WIDTH),
    INT(maxTexture2DGather[1], MAXIMUM_TEXTURE2D_GATHER_HEIGHT),
    INT(maxTexture3D[0], MAXIMUM_TEXTURE3D_WIDTH),
    INT(maxTexture3D[1], MAXIMUM_TEXTURE3D_HEIGHT),
    INT(maxTexture3D[2], MAXIMUM_TEXTURE3D_DEPTH),
    INT(maxTexture3DAlt[0], MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE),
    INT(maxTexture3DAlt[1], MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE),
    INT(maxTexture3DAlt[2], MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE),
    INT(maxTextureCubemap, MAXIMUM_TEXTURECUBEMAP_WIDTH),
    INT(maxTexture1DLayered[0], MAXIMUM_TEXTURE1D_LAYERED_WIDTH),
    INT(maxTexture1DLayered[1], MAXIMUM_TEXTURE1D_LAYERED_LAYERS),
    INT(maxTexture2DLayered[0], MAXIMUM_TEXTURE2D_LAYERED_WIDTH),
    INT(maxTexture2DLayered[1], MAXIMUM_TEXTURE2D_LAYERED_HEIGHT),
    INT(maxTexture2DLayered[2], MAXIMUM_TEXTURE2D_LAYERED_LAYERS),
    INT(maxTextureCubemapLayered[0], MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH),
    INT(maxTextureCubemapLayered[1], MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS),
    INT(maxSurface1D, MAXIMUM_SURFACE1D_WIDTH),
    INT(maxSurface2D[0], MAXIMUM_SURFACE2D_WIDTH),
    INT(maxSurface2D[1], MAXIMUM_SURFACE2D_HEIGHT),
    INT(maxSurface3D[0], MAXIMUM_SURFACE3D_WIDTH),
    INT(maxSurface3D[1], MAXIMUM_SURFACE3D_HEIGHT),
    INT(maxSurface3D[2], MAXIMUM_SURFACE3D_DEPTH),
    INT(maxSurface1DLayered[0], MAXIMUM_SURFACE1D_LAYERED_WIDTH),
    INT(maxSurface1DLayered[1], MAXIMUM_SURFACE1D_LAYERED_LAYERS),
    INT(maxSurface2DLayered[0], MAXIMUM_SURFACE2D_LAYERED_WIDTH),
    INT(maxSurface2DLayered[1], MAXIMUM_SURFACE2D_LAYERED_HEIGHT),
    INT(maxSurface2DLayered[2], MAXIMUM_SURFACE2D_LAYERED_LAYERS),
    INT(maxSurfaceCubemap, MAXIMUM_SURFACECUBEMAP_WIDTH),
    INT(maxSurfaceCubemapLayered[0], MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH),
    INT(maxSurfaceCubemapLayered[1], MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS),
    SIZE(surfaceAlignment, SURFACE_ALIGNMENT),
    INT(concurrentKernels, CONCURRENT_KERNELS),
    INT(ECCEnabled, ECC_ENABLED),
    INT(pciBusID, PCI_BUS_ID),
    INT(pciDeviceID, PCI_DEVICE_ID),
    INT(pciDomainID, PCI_DOMAIN_ID),
    INT(tccDriver, TCC_DRIVER),
    INT(asyncEngineCount, ASYNC_ENGINE_COUNT),
    INT(unifiedAddressing, UNIFIED_ADDRESSING),
    INT(memoryClockRate, MEMORY_CLOCK_RATE),
    INT(memoryBusWidth, GLOBAL_MEMORY_BUS_WIDTH),
    INT(l2CacheSize, L2_CACHE_SIZE),
    INT(persistingL2CacheMaxSize, MAX_PERSISTING_L2_CACHE_SIZE),
    INT(maxThreadsPerMultiProcessor, MAX_THREADS_PER_MULTIPROCESSOR),
    INT(streamPrioritiesSupported, STREAM_PRIORITIES_SUPPORTED),
    INT(globalL1CacheSupported, GLOBAL_L1_CACHE_SUPPORTED),
    INT(localL1CacheSupported, LOCAL_L1_CACHE_SUPPORTED),
    SIZE(sharedMemPerMultiprocessor, MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
    INT(regsPerMultiprocessor, MAX_REGISTERS_PER_MULTIPROCESSOR),
    INT(managedMemory, MANAGED_MEMORY),
    INT(isMultiGpuBoard, MULTI_GPU_BOARD),
    INT(multiGpuBoardGroupID, MULTI_GPU_BOARD_GROUP_ID),
    INT(hostNativeAtomicSupported, HOST_NATIVE_ATOMIC_SUPPORTED),
    INT(singleToDoublePrecisionPerfRatio, SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO),
    INT(pageableMemoryAccess, PAGEABLE_MEMORY_ACCESS),
    INT(concurrentManagedAccess, CONCURRENT_MANAGED_ACCESS),
    INT(computePreemptionSupported, COMPUTE_PREEMPTION_SUPPORTED),
    INT(canUseHostPointerForRegisteredMem, CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM),
    INT(cooperativeLaunch, COOPERATIVE_LAUNCH),
    INT(cooperativeMultiDeviceLaunch, COOPERATIVE_MULTI_DEVICE_LAUNCH),
    SIZE(sharedMemPerBlockOptin, MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
    INT(pageableMemoryAccessUsesHostPageTables, PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES),
    INT(directManagedMemAccessFromHost, DIRECT_MANAGED_MEM_ACCESS_FROM_HOST),
    INT(maxBlocksPerMultiProcessor, MAX_BLOCKS_PER_MULTIPROCESSOR),
    INT(accessPolicyMaxWindowSize, MAX_ACCESS_POLICY_WINDOW_SIZE),
    SIZE(reservedSharedMemPerBlock, RESERVED_SHARED_MEMORY_PER_BLOCK),
    INT(hostRegisterSupported, HOST_REGISTER_SUPPORTED),
    INT(sparseHipArraySupported, SPARSE_CUDA_ARRAY_SUPPORTED),
    INT(hostRegisterReadOnlySupported, READ_ONLY_HOST_REGISTER_SUPPORTED),
    INT(timelineSemaphoreInteropSupported, TIMELINE_SEMAPHORE_INTEROP_SUPPORTED),
    INT(memoryPoolsSupported, MEMORY_POOLS_SUPPORTED),
    INT(gpuDirectRDMASupported, GPU_DIRECT_RDMA_SUPPORTED),
    UNSIGNED(gpuDirectRDMAFlushWritesOptions, GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS),
    INT(gpuDirectRDMAWritesOrdering, GPU_DIRECT_RDMA_WRITES_ORDERING),
    UNSIGNED(memoryPoolSupportedHandleTypes, MEMPOOL_SUPPORTED_HANDLE_TYPES),
    INT(deferredMappingHipArraySupported, DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED),
    INT(ipcEventSupported, IPC_EVENT_SUPPORTED),
    INT(clusterLaunch, CLUSTER_LAUNCH),
    INT(unifiedFunctionPointers, UNIFIED_FUNCTION_POINTERS),
    SIZE(maxSharedMemoryPerMultiProcessor, MAX_SHARED_MEMORY_PER_MULTIPROCESSOR),
};

#undef INT
#undef UNSIGNED
#undef SIZE

static CUresult fill_field(hipDeviceProp_t *prop, const field *f, CUdevice device) {
  int value = 0;
  CUresult result = hipnv__cuDeviceGetAttribute(&value, f->attribute, device);
  if (result == CUDA_ERROR_INVALID_VALUE)
    return CUDA_SUCCESS; /* newer than this driver: the field stays 0 */
  if (result != CUDA_SUCCESS)
    return result;
  char *at = (char *)prop + f->offset;
  switch (f->type) {
  case FIELD_INT: memcpy(at, &value, sizeof value); break;
  case FIELD_UNSIGNED: {
    unsigned int u = (unsigned int)value;
    memcpy(at, &u, sizeof u);
    break;
  }
  case FIELD_SIZE: {
    size_t s = value < 0 ? 0 : (size_t)value;
    memcpy(at, &s, sizeof s);
    break;
  }
  }
  return CUDA_SUCCESS;
}

static void fill_hip_only(hipDeviceProp_t *prop) {
  snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "sm_%d%d", prop->major, prop->minor);
  prop->clockInstructionRate = prop->clockRate;
  hipDeviceArch_t *arch = &prop->arch;
  arch->hasGlobalInt32Atomics = arch->hasGlobalFloatAtomicExch = 1;
  arch->hasSharedInt32Atomics = arch->hasSharedFloatAtomicExch = 1;
  arch->hasFloatAtomicAdd = arch->hasGlobalInt64Atomics = arch->hasSharedInt64Atomics = 1;
  arch->hasDoubles = arch->hasWarpVote = arch->hasWarpBallot = arch->hasWarpShuffle = 1;
  arch->hasFunnelShift = arch->hasThreadFenceSystem = arch->hasSyncThreadsExt = 1;
  arch->hasSurfaceFuncs = arch->has3dGrid = arch->hasDynamicParallelism = 1;
}

hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_tR0600 *prop, int deviceId) {
  if (prop == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGetDevicePropertiesR0600: prop is NULL");
  hipDeviceProp_t filled;
  memset(&filled, 0, sizeof filled);
  CUdevice device = 0;
  CUuuid uuid;
  memset(&uuid, 0, sizeof uuid);
  CUresult result = hipnv__cuDeviceGet(&device, deviceId);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceGetName(filled.name, (int)sizeof filled.name, device);
  if (result == CUDA_SUCCESS)
    result = hipnv__device_uuid(device, &uuid);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceTotalMem(&filled.totalGlobalMem, device);
  for (size_t i = 0; result == CUDA_SUCCESS && i < sizeof fields / sizeof fields[0]; i++)
    result = fill_field(&filled, &fields[i], device);
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  filled.name[sizeof filled.name - 1] = '\0';
  memcpy(filled.uuid.bytes, uuid.bytes, sizeof filled.uuid.bytes);
  fill_hip_only(&filled);
  *prop = filled;
  return hipSuccess;
}
