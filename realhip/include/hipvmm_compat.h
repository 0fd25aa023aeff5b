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
 * - hipGetProcAddress appeared in ROCm 6.2, its flags (HIP_GET_PROC_ADDRESS_*)
 *   and its argument checks later (HIPVMM_HAS_GET_PROC_ADDRESS: a 7.x header).
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

/* A 7.x header declares hipGetProcAddress with its flags and every entry point mockhip lists. */
#if HIP_VERSION >= 70000000
#define HIPVMM_HAS_GET_PROC_ADDRESS 1
#else
#define HIPVMM_HAS_GET_PROC_ADDRESS 0
#endif

/* hipMemImportFromShareableHandle takes the fd value cast to a pointer (newest
   ROCm, CUDA); ROCm 6.2/6.3 read it through a pointer instead. */
#define HIPVMM_FD_AS_OS_HANDLE(fd) ((void *)(intptr_t)(fd))

#endif /* HIPVMM_COMPAT_H */
