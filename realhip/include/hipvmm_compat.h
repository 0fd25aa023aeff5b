/*
 * hipvmm_compat.h: the one place that knows how HIP headers differ between
 * ROCm releases. Keyed on HIP_VERSION only, never on which runtime is linked.
 *
 * - ROCm's header needs __HIP_PLATFORM_AMD__ to pick the AMD declarations.
 * - Location types Host/HostNuma/HostNumaCurrent, allocation type Uncached and
 *   handle type Fabric appeared in ROCm 7.x headers; older headers get the
 *   same numeric values under the HIPVMM_ names.
 * - hipDeviceAttributeVirtualMemoryManagementSupported (89) appeared in the
 *   ROCm 6.x headers; a 5.x runtime has no VMM support to report.
 *   hipDeviceAttributeHostRegisterSupported (90) appeared in ROCm 6.0 and
 *   hipMemcpyDeviceToDeviceNoCU (1024) in ROCm 6.1; older headers get the
 *   values under the HIPVMM_ names.
 * - hipMemcpyHtoD and hipMemcpyHtoDAsync take a const source from ROCm 7.0
 *   (HIPVMM_HTOD_SRC), so a definition matches the header it is built with.
 * - ROCm 5.2 orders hipMemAllocationProp differently; code that names fields
 *   (never positional initialisers) works with both layouts.
 * - hipDeviceProp_tR0600 and hipGetDevicePropertiesR0600 appeared in ROCm 6.0
 *   (HIPVMM_HAS_PROPERTIES_R0600); 5.x has an older hipDeviceProp_t.
 * - Device attributes 91-99 and 10017-10022 were named in releases after 5.2
 *   (5.3 to 7.x): HIPVMM_ATTRIBUTE_ names give their values, which never change.
 * - hipStreamGetDevice and hipEventDisableSystemFence appeared in ROCm 5.6,
 *   hipStreamLegacy in ROCm 6.2 (the HIP header's history); older headers get
 *   the values under the HIPVMM_ names and no hipStreamGetDevice.
 * - hipGetProcAddress appeared in ROCm 6.2, its flags (HIP_GET_PROC_ADDRESS_*)
 *   and its argument checks later (HIPVMM_HAS_GET_PROC_ADDRESS: a 7.x header).
 * - The memory pool calls are all in 5.2's header, but not hipMemPoolProps.maxSize
 *   (HIPVMM_POOL_MAX_SIZE reads it, 0 where it is absent) nor hipMemAllocationTypeManaged
 *   (its value, 2, under HIPVMM_ALLOCATION_MANAGED); 7.x headers have both.
 * - Graphs: hipGraphNodeType counts from 0 with MemAlloc and MemFree from ROCm
 *   5.5 (5.2 counts from 1 and has neither); the instantiate flags other than
 *   AutoFreeOnLaunch were named after 5.2. HIPVMM_ names give their values.
 * - hipArrayGetInfo, hipArrayGetDescriptor and hipArray3DGetDescriptor appeared
 *   in ROCm 5.6 (HIPVMM_HAS_ARRAY_GET_INFO).
 * - The graph and user object types ROCm named after 5.2 (hipMemAllocNodeParams,
 *   hipGraphMemAttributeType, hipUserObject_t and its flags, the debug DOT flags,
 *   HIP_MEMSET_NODE_PARAMS, hipGraphInstantiateParams, hipGraphEdgeData): an
 *   older header gets them here, under their names and in ROCm 7's layout, so
 *   mockhip's sources build against it too.
 */
#ifndef HIPVMM_COMPAT_H
#define HIPVMM_COMPAT_H

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif

#include <hip/hip_runtime_api.h>

#if HIP_VERSION >= 70000000
#define HIPVMM_LOCATION_HOST hipMemLocationTypeHost
#define HIPVMM_LOCATION_HOST_NUMA hipMemLocationTypeHostNuma
#define HIPVMM_LOCATION_HOST_NUMA_CURRENT hipMemLocationTypeHostNumaCurrent
#define HIPVMM_ALLOCATION_UNCACHED hipMemAllocationTypeUncached
#define HIPVMM_HANDLE_FABRIC hipMemHandleTypeFabric
#else
#define HIPVMM_LOCATION_HOST ((hipMemLocationType)2)
#define HIPVMM_LOCATION_HOST_NUMA ((hipMemLocationType)3)
#define HIPVMM_LOCATION_HOST_NUMA_CURRENT ((hipMemLocationType)4)
#define HIPVMM_ALLOCATION_UNCACHED ((hipMemAllocationType)0x40000000)
#define HIPVMM_HANDLE_FABRIC ((hipMemAllocationHandleType)0x8)
#endif

#if HIP_VERSION >= 60000000
#define HIPVMM_HAS_VMM_ATTRIBUTE 1
#define HIPVMM_ATTRIBUTE_VMM hipDeviceAttributeVirtualMemoryManagementSupported
#else
/* ROCm 5.x declares no attribute 89 and supports no VMM to report. */
#define HIPVMM_HAS_VMM_ATTRIBUTE 0
#define HIPVMM_ATTRIBUTE_VMM ((hipDeviceAttribute_t)89)
#endif

#if HIP_VERSION >= 60000000
#define HIPVMM_ATTRIBUTE_HOST_REGISTER hipDeviceAttributeHostRegisterSupported
#else
#define HIPVMM_ATTRIBUTE_HOST_REGISTER ((hipDeviceAttribute_t)90)
#endif

#define HIPVMM_HAS_PROPERTIES_R0600 (HIP_VERSION >= 60000000)

/* By value: ROCm named these after 5.2, each in a different release. */
#define HIPVMM_ATTRIBUTE_MEMORY_POOL_HANDLE_TYPES ((hipDeviceAttribute_t)91)
#define HIPVMM_ATTRIBUTE_HOST_NUMA_ID ((hipDeviceAttribute_t)92)
#define HIPVMM_ATTRIBUTE_DMA_BUF ((hipDeviceAttribute_t)93)
#define HIPVMM_ATTRIBUTE_RDMA_WITH_VMM ((hipDeviceAttribute_t)94)
#define HIPVMM_ATTRIBUTE_HANDLE_TYPE_FABRIC ((hipDeviceAttribute_t)95)
#define HIPVMM_ATTRIBUTE_HOST_ALLOC_DMA_BUF ((hipDeviceAttribute_t)96)
#define HIPVMM_ATTRIBUTE_RDMA ((hipDeviceAttribute_t)97)
#define HIPVMM_ATTRIBUTE_RDMA_FLUSH_WRITES_OPTIONS ((hipDeviceAttribute_t)98)
#define HIPVMM_ATTRIBUTE_RDMA_WRITES_ORDERING ((hipDeviceAttribute_t)99)
#define HIPVMM_ATTRIBUTE_WALL_CLOCK_RATE ((hipDeviceAttribute_t)10017)
#define HIPVMM_ATTRIBUTE_NUMBER_OF_XCCS ((hipDeviceAttribute_t)10018)
#define HIPVMM_ATTRIBUTE_MAX_VGPRS_PER_THREAD ((hipDeviceAttribute_t)10019)
#define HIPVMM_ATTRIBUTE_PCI_CHIP_ID ((hipDeviceAttribute_t)10020)
#define HIPVMM_ATTRIBUTE_EXPERT_SCHED_MODE ((hipDeviceAttribute_t)10021)
#define HIPVMM_ATTRIBUTE_MAX_DYN_DATA_PREFETCH_REGIONS ((hipDeviceAttribute_t)10022)

#if HIP_VERSION >= 60100000
#define HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU hipMemcpyDeviceToDeviceNoCU
#else
#define HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU ((hipMemcpyKind)1024)
#endif

#if HIP_VERSION >= 70000000
#define HIPVMM_HTOD_SRC const void
#else
#define HIPVMM_HTOD_SRC void
#endif

#if HIP_VERSION >= 50600000
#define HIPVMM_HAS_STREAM_GET_DEVICE 1
#define HIPVMM_EVENT_DISABLE_SYSTEM_FENCE hipEventDisableSystemFence
#else
#define HIPVMM_HAS_STREAM_GET_DEVICE 0
#define HIPVMM_EVENT_DISABLE_SYSTEM_FENCE 0x20000000u
#endif

#if HIP_VERSION >= 60200000
#define HIPVMM_STREAM_LEGACY hipStreamLegacy
#else
#define HIPVMM_STREAM_LEGACY ((hipStream_t)1)
#endif

/* A 7.x header declares hipGetProcAddress with its flags and every entry point mockhip lists. */
#if HIP_VERSION >= 70000000
#define HIPVMM_HAS_GET_PROC_ADDRESS 1
#else
#define HIPVMM_HAS_GET_PROC_ADDRESS 0
#endif

#define HIPVMM_HAS_ARRAY_GET_INFO (HIP_VERSION >= 50600000)

/* hipMemImportFromShareableHandle takes the fd value cast to a pointer (newest
   ROCm, CUDA); ROCm 6.2/6.3 read it through a pointer instead. */
#define HIPVMM_FD_AS_OS_HANDLE(fd) ((void *)(intptr_t)(fd))

/* ---- memory beyond VMM ----
 * hipPointerAttribute_t names its memory type `type` from ROCm 5.5 (5.5-5.7 in
 * a union with `memoryType`, the only name before). ROCm 6.0 renumbered
 * hipMemoryType as CUDA's and added Unregistered, which 5.x does not have (it
 * fails for a pointer it does not know); Managed is 4 in 5.3-5.7, absent in
 * 5.2. hipDeviceMallocUncached appeared in 5.5, hipDeviceMallocContiguous in
 * 6.2; hipHostMallocUncached, hipMemRangeHandleType and
 * hipMemGetHandleForAddressRange are not in the 6.3 header but are in 7.x's. */
#if HIP_VERSION >= 50500000
#define HIPVMM_POINTER_TYPE(attributes) ((attributes).type)
#else
#define HIPVMM_POINTER_TYPE(attributes) ((attributes).memoryType)
#endif

#if HIP_VERSION >= 60000000
#define HIPVMM_MEMORY_TYPE_UNREGISTERED hipMemoryTypeUnregistered
#define HIPVMM_MEMORY_TYPE_MANAGED hipMemoryTypeManaged
#else
#define HIPVMM_MEMORY_TYPE_UNREGISTERED ((hipMemoryType)-1) /* none: 5.x fails instead */
#define HIPVMM_MEMORY_TYPE_MANAGED ((hipMemoryType)4)
#endif

#if HIP_VERSION >= 50500000
#define HIPVMM_DEVICE_MALLOC_UNCACHED hipDeviceMallocUncached
#else
#define HIPVMM_DEVICE_MALLOC_UNCACHED 0x3
#endif

#if HIP_VERSION >= 60200000
#define HIPVMM_DEVICE_MALLOC_CONTIGUOUS hipDeviceMallocContiguous
#else
#define HIPVMM_DEVICE_MALLOC_CONTIGUOUS 0x4
#endif

#if HIP_VERSION >= 70000000
#define HIPVMM_HOST_MALLOC_UNCACHED hipHostMallocUncached
#define HIPVMM_HAS_MEM_RANGE_HANDLE 1
#else
#define HIPVMM_HOST_MALLOC_UNCACHED 0x10000000u
#define HIPVMM_HAS_MEM_RANGE_HANDLE 0
#endif

/* ---- memory pools ---- */
#if HIP_VERSION >= 70000000
#define HIPVMM_ALLOCATION_MANAGED hipMemAllocationTypeManaged
#define HIPVMM_POOL_MAX_SIZE(props) ((props)->maxSize)
#define HIPVMM_POOL_SET_MAX_SIZE(props, bytes) ((props)->maxSize = (bytes))
#else
#define HIPVMM_ALLOCATION_MANAGED ((hipMemAllocationType)0x2)
#define HIPVMM_POOL_MAX_SIZE(props) ((void)(props), (size_t)0)
#define HIPVMM_POOL_SET_MAX_SIZE(props, bytes) ((void)(props), (void)(bytes))
#endif

/* ---- graphs ---- */
#if HIP_VERSION >= 50500000
#define HIPVMM_NODE_MEM_ALLOC hipGraphNodeTypeMemAlloc
#define HIPVMM_NODE_MEM_FREE hipGraphNodeTypeMemFree
#else
/* The newest values: 5.2 has no such node, and gives 10 and 11 to the symbol copies. */
#define HIPVMM_NODE_MEM_ALLOC ((hipGraphNodeType)10)
#define HIPVMM_NODE_MEM_FREE ((hipGraphNodeType)11)
#endif

/* By value: every release that names them gives these. */
#define HIPVMM_INSTANTIATE_AUTO_FREE_ON_LAUNCH 1ULL
#define HIPVMM_INSTANTIATE_UPLOAD 2ULL
#define HIPVMM_INSTANTIATE_DEVICE_LAUNCH 4ULL
#define HIPVMM_INSTANTIATE_USE_NODE_PRIORITY 8ULL

/* Graph and user object types newer than the header (see above), as ROCm 7 lays them out. */
#if HIP_VERSION < 50300000
typedef struct hipMemAllocNodeParams {
  hipMemPoolProps poolProps;
  const hipMemAccessDesc *accessDescs;
  size_t accessDescCount;
  size_t bytesize;
  void *dptr;
} hipMemAllocNodeParams;
typedef enum hipGraphMemAttributeType {
  hipGraphMemAttrUsedMemCurrent = 0,
  hipGraphMemAttrUsedMemHigh = 1,
  hipGraphMemAttrReservedMemCurrent = 2,
  hipGraphMemAttrReservedMemHigh = 3
} hipGraphMemAttributeType;
typedef struct hipUserObject *hipUserObject_t;
typedef enum hipUserObjectFlags { hipUserObjectNoDestructorSync = 0x1 } hipUserObjectFlags;
typedef enum hipUserObjectRetainFlags { hipGraphUserObjectMove = 0x1 } hipUserObjectRetainFlags;
#endif
#if HIP_VERSION < 50500000
enum hipGraphDebugDotFlags {
  hipGraphDebugDotFlagsVerbose = 1 << 0,
  hipGraphDebugDotFlagsKernelNodeParams = 1 << 2,
  hipGraphDebugDotFlagsMemcpyNodeParams = 1 << 3,
  hipGraphDebugDotFlagsMemsetNodeParams = 1 << 4,
  hipGraphDebugDotFlagsHostNodeParams = 1 << 5,
  hipGraphDebugDotFlagsEventNodeParams = 1 << 6,
  hipGraphDebugDotFlagsExtSemasSignalNodeParams = 1 << 7,
  hipGraphDebugDotFlagsExtSemasWaitNodeParams = 1 << 8,
  hipGraphDebugDotFlagsKernelNodeAttributes = 1 << 9,
  hipGraphDebugDotFlagsHandles = 1 << 10
};
#endif
#if HIP_VERSION < 60100000
typedef struct hipGraphEdgeData {
  unsigned char from_port;
  unsigned char reserved[5];
  unsigned char to_port;
  unsigned char type;
} hipGraphEdgeData;
#endif
#if HIP_VERSION < 60200000
typedef struct HIP_MEMSET_NODE_PARAMS {
  hipDeviceptr_t dst;
  size_t pitch;
  unsigned int value;
  unsigned int elementSize;
  size_t width;
  size_t height;
} HIP_MEMSET_NODE_PARAMS;
typedef enum hipGraphInstantiateResult {
  hipGraphInstantiateSuccess = 0,
  hipGraphInstantiateError = 1,
  hipGraphInstantiateInvalidStructure = 2,
  hipGraphInstantiateNodeOperationNotSupported = 3,
  hipGraphInstantiateMultipleDevicesNotSupported = 4
} hipGraphInstantiateResult;
typedef struct hipGraphInstantiateParams {
  hipGraphNode_t errNode_out;
  unsigned long long flags;
  hipGraphInstantiateResult result_out;
  hipStream_t uploadStream;
} hipGraphInstantiateParams;
#endif

#endif /* HIPVMM_COMPAT_H */
