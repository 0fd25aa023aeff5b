/*
 * attributes.c: hipDeviceGetAttribute, ROCm's hipDeviceAttribute_t numbered
 * onto CUDA's CUdevice_attribute.
 *
 * The two enums name mostly the same properties under different numbers
 * (ROCm's is alphabetical, CUDA's in order of addition), so one table says
 * which CUDA attribute answers each HIP one. An attribute with none (ROCm's
 * own range from 10000, Windows' LUID, the unused slots) answers
 * hipErrorInvalidValue with a reason, as HIP's NVIDIA platform does for every
 * attribute it does not map. Two are derived: the total memory (no CUDA
 * attribute; cuDeviceTotalMem, clamped to INT_MAX as ROCm clamps it) and
 * ROCm's shared memory per multiprocessor (the same CUDA attribute as HIP's
 * own SharedMemPerMultiprocessor).
 */
#include <limits.h>

#include "hip_nvidia_base.h"

/* Indexed by hipDeviceAttribute_t below hipDeviceAttributeCudaCompatibleEnd's
   first unused value; 0 means no CUDA attribute. */
static const CUdevice_attribute cuda_attributes[] = {
    [hipDeviceAttributeEccEnabled] = CU_DEVICE_ATTRIBUTE_ECC_ENABLED,
    [hipDeviceAttributeAccessPolicyMaxWindowSize] =
        CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE,
    [hipDeviceAttributeAsyncEngineCount] = CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT,
    [hipDeviceAttributeCanMapHostMemory] = CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY,
    [hipDeviceAttributeCanUseHostPointerForRegisteredMem] =
        CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM,
    [hipDeviceAttributeClockRate] = CU_DEVICE_ATTRIBUTE_CLOCK_RATE,
    [hipDeviceAttributeComputeMode] = CU_DEVICE_ATTRIBUTE_COMPUTE_MODE,
    [hipDeviceAttributeComputePreemptionSupported] =
        CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED,
    [hipDeviceAttributeConcurrentKernels] = CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS,
    [hipDeviceAttributeConcurrentManagedAccess] = CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
    [hipDeviceAttributeCooperativeLaunch] = CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH,
    [hipDeviceAttributeCooperativeMultiDeviceLaunch] =
        CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH,
    [hipDeviceAttributeDeviceOverlap] = CU_DEVICE_ATTRIBUTE_GPU_OVERLAP,
    [hipDeviceAttributeDirectManagedMemAccessFromHost] =
        CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST,
    [hipDeviceAttributeGlobalL1CacheSupported] = CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED,
    [hipDeviceAttributeHostNativeAtomicSupported] =
        CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
    [hipDeviceAttributeIntegrated] = CU_DEVICE_ATTRIBUTE_INTEGRATED,
    [hipDeviceAttributeIsMultiGpuBoard] = CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD,
    [hipDeviceAttributeKernelExecTimeout] = CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT,
    [hipDeviceAttributeL2CacheSize] = CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE,
    [hipDeviceAttributeLocalL1CacheSupported] = CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED,
    [hipDeviceAttributeComputeCapabilityMajor] = CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
    [hipDeviceAttributeManagedMemory] = CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
    [hipDeviceAttributeMaxBlocksPerMultiProcessor] =
        CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR,
    [hipDeviceAttributeMaxBlockDimX] = CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
    [hipDeviceAttributeMaxBlockDimY] = CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
    [hipDeviceAttributeMaxBlockDimZ] = CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
    [hipDeviceAttributeMaxGridDimX] = CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
    [hipDeviceAttributeMaxGridDimY] = CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
    [hipDeviceAttributeMaxGridDimZ] = CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
    /* A surface or texture attribute that has several sizes answers the first. */
    [hipDeviceAttributeMaxSurface1D] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH,
    [hipDeviceAttributeMaxSurface1DLayered] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH,
    [hipDeviceAttributeMaxSurface2D] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH,
    [hipDeviceAttributeMaxSurface2DLayered] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH,
    [hipDeviceAttributeMaxSurface3D] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH,
    [hipDeviceAttributeMaxSurfaceCubemap] = CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH,
    [hipDeviceAttributeMaxSurfaceCubemapLayered] =
        CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH,
    [hipDeviceAttributeMaxTexture1DWidth] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH,
    [hipDeviceAttributeMaxTexture1DLayered] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH,
    [hipDeviceAttributeMaxTexture1DLinear] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH,
    [hipDeviceAttributeMaxTexture1DMipmap] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH,
    [hipDeviceAttributeMaxTexture2DWidth] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH,
    [hipDeviceAttributeMaxTexture2DHeight] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT,
    [hipDeviceAttributeMaxTexture2DGather] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH,
    [hipDeviceAttributeMaxTexture2DLayered] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH,
    [hipDeviceAttributeMaxTexture2DLinear] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH,
    [hipDeviceAttributeMaxTexture2DMipmap] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH,
    [hipDeviceAttributeMaxTexture3DWidth] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH,
    [hipDeviceAttributeMaxTexture3DHeight] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT,
    [hipDeviceAttributeMaxTexture3DDepth] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH,
    [hipDeviceAttributeMaxTexture3DAlt] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE,
    [hipDeviceAttributeMaxTextureCubemap] = CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH,
    [hipDeviceAttributeMaxTextureCubemapLayered] =
        CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH,
    [hipDeviceAttributeMaxThreadsPerBlock] = CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
    [hipDeviceAttributeMaxThreadsPerMultiProcessor] =
        CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
    [hipDeviceAttributeMaxPitch] = CU_DEVICE_ATTRIBUTE_MAX_PITCH,
    [hipDeviceAttributeMemoryBusWidth] = CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
    [hipDeviceAttributeMemoryClockRate] = CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
    [hipDeviceAttributeComputeCapabilityMinor] = CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
    [hipDeviceAttributeMultiGpuBoardGroupID] = CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID,
    [hipDeviceAttributeMultiprocessorCount] = CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
    [hipDeviceAttributePageableMemoryAccess] = CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
    [hipDeviceAttributePageableMemoryAccessUsesHostPageTables] =
        CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES,
    [hipDeviceAttributePciBusId] = CU_DEVICE_ATTRIBUTE_PCI_BUS_ID,
    [hipDeviceAttributePciDeviceId] = CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
    [hipDeviceAttributePciDomainId] = CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
    [hipDeviceAttributePersistingL2CacheMaxSize] = CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE,
    [hipDeviceAttributeMaxRegistersPerBlock] = CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK,
    [hipDeviceAttributeMaxRegistersPerMultiprocessor] =
        CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
    [hipDeviceAttributeReservedSharedMemPerBlock] =
        CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
    [hipDeviceAttributeMaxSharedMemoryPerBlock] = CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
    [hipDeviceAttributeSharedMemPerBlockOptin] =
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
    [hipDeviceAttributeSharedMemPerMultiprocessor] =
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
    [hipDeviceAttributeSingleToDoublePrecisionPerfRatio] =
        CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO,
    [hipDeviceAttributeStreamPrioritiesSupported] = CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED,
    [hipDeviceAttributeSurfaceAlignment] = CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT,
    [hipDeviceAttributeTccDriver] = CU_DEVICE_ATTRIBUTE_TCC_DRIVER,
    [hipDeviceAttributeTextureAlignment] = CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT,
    [hipDeviceAttributeTexturePitchAlignment] = CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT,
    [hipDeviceAttributeTotalConstantMemory] = CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY,
    [hipDeviceAttributeUnifiedAddressing] = CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING,
    [hipDeviceAttributeWarpSize] = CU_DEVICE_ATTRIBUTE_WARP_SIZE,
    [hipDeviceAttributeMemoryPoolsSupported] = CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
    [hipDeviceAttributeVirtualMemoryManagementSupported] =
        CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
    [hipDeviceAttributeHostRegisterSupported] = CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED,
    [hipDeviceAttributeMemoryPoolSupportedHandleTypes] =
        CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES,
    [hipDeviceAttributeHostNumaId] = CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID,
    [hipDeviceAttributeDmaBufSupported] = CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED,
    [hipDeviceAttributeGPUDirectRDMAWithHipVMMSupported] =
        CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED,
    [hipDeviceAttributeHandleTypeFabricSupported] =
        CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED,
    [hipDeviceAttributeGPUDirectRDMASupported] = CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED,
    [hipDeviceAttributeGPUDirectRDMAFlushWritesOptions] =
        CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS,
    [hipDeviceAttributeGPUDirectRDMAWritesOrdering] =
        CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING,
};

/* The CUDA attribute that answers attr; 0 when there is none. */
static CUdevice_attribute cuda_attribute(hipDeviceAttribute_t attr) {
  const size_t count = sizeof cuda_attributes / sizeof cuda_attributes[0];
  if ((int)attr >= 0 && (size_t)attr < count)
    return cuda_attributes[attr];
  if (attr == hipDeviceAttributeMaxSharedMemoryPerMultiprocessor)
    return CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR;
  return (CUdevice_attribute)0;
}

static hipError_t total_memory(int *pi, CUdevice device) {
  size_t bytes = 0;
  CUresult result = hipnv__cuDeviceTotalMem(&bytes, device);
  if (result == CUDA_SUCCESS)
    *pi = bytes > (size_t)INT_MAX ? INT_MAX : (int)bytes;
  return hipnv__result(result);
}

hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId) {
  if (pi == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGetAttribute: pi is NULL");
  CUdevice_attribute cuda = cuda_attribute(attr);
  if (cuda == 0 && attr != hipDeviceAttributeTotalGlobalMem)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipDeviceGetAttribute: attribute %d has no CUDA counterpart (%s); HIP on "
                       "NVIDIA answers hipErrorInvalidValue for it",
                       (int)attr,
                       (int)attr >= hipDeviceAttributeAmdSpecificBegin &&
                               (int)attr < hipDeviceAttributeAmdSpecificEnd
                           ? "a ROCm-only attribute"
                           : "not a CUDA device attribute");
  CUdevice device = 0;
  CUresult result = hipnv__cuDeviceGet(&device, deviceId);
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  if (attr == hipDeviceAttributeTotalGlobalMem)
    return total_memory(pi, device);
  return hipnv__result(hipnv__cuDeviceGetAttribute(pi, cuda, device));
}
