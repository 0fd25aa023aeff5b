/*
 * api_surface.c: the part of ROCm 7.x's hip_runtime_api.h that mockhip covers,
 * named in full, so a header that differs from ROCm's does not compile.
 *
 * ci/api_surface/check.sh compiles it, never links or runs it: as C11 and as
 * C++17, with gcc and clang, at -Wall -Wextra -Werror, against mockhip's
 * header and against Debian's ROCm 5.2 header. It names every function, type,
 * enumerator and macro mockhip's header declares (names.py checks that none is
 * left out), with the values, layouts and signatures of ROCm 7.x's header
 * (rocm-systems projects/hip/include/hip/hip_runtime_api.h and driver_types.h):
 *
 * - every enumerator and every constant macro has ROCm's value;
 * - the structs ROCm fixes have its size and field offsets (LP64);
 * - every function is taken into a pointer of ROCm's exact type, so a wrong
 *   return or parameter type is an error (in C an incompatible pointer, in C++
 *   no conversion);
 * - in C++, ROCm's overloads and default arguments are called as ROCm code
 *   calls them.
 *
 * A name Debian's 5.2 header lacks sits under #if HIP_VERSION >= the first
 * ROCm/HIP release tag whose header declares it (checked for 5.3 to 6.3;
 * names first seen after 6.3 are keyed on 7.0). Where 5.2 declares a name
 * differently, the #else branch holds 5.2's declaration.
 */
#include <stddef.h>
#include <stdint.h>

#include <hip/hip_runtime_api.h>
/* After hip_runtime_api.h, which declares what ROCm's driver_types.h uses (hipMemoryType). */
#include <hip/channel_descriptor.h>
#include <hip/driver_types.h>
#include <hip/hip_version.h>
#include <hip/hiprtc.h>

/* Both headers mark hipCtx*, hipDevicePrimaryCtx* and hipMemcpyTo/FromArray deprecated, and
   taking a deprecated function's address warns: check.sh checks the marks themselves. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#ifdef __cplusplus
#define SURFACE_ASSERT(what) static_assert(what, #what)
#else
#define SURFACE_ASSERT(what) _Static_assert(what, #what)
#endif

/* ROCm's value of an enumerator or a constant macro. */
#define VALUE(name, value) SURFACE_ASSERT((name) == (value));
/* A type's size, and a field's offset in it. */
#define SIZE(type, bytes) SURFACE_ASSERT(sizeof(type) == (bytes));
#define OFFSET(type, field, bytes) SURFACE_ASSERT(offsetof(type, field) == (bytes));
/* A function taken into a pointer of ROCm's type for it. */
#define SIGNATURE(name, returns, params)                                                           \
  {                                                                                                \
    returns(*typed) params = name;                                                                 \
    (void)typed;                                                                                   \
  }

/* ---- hip/hip_version.h ---- */

SURFACE_ASSERT(HIP_VERSION ==
               HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH);
SURFACE_ASSERT(HIP_VERSION_BUILD_ID >= 0);
SURFACE_ASSERT(sizeof(HIP_VERSION_GITHASH) >= 1 && sizeof(HIP_VERSION_BUILD_NAME) >= 1);

/* ---- the platform and C++ default arguments ---- */

#if !defined(__HIP_PLATFORM_AMD__)
#error "hip_runtime_api.h must leave __HIP_PLATFORM_AMD__ defined"
#endif
#if !defined(__dparm)
#error "hip_runtime_api.h must define __dparm, ROCm's default-argument macro"
#endif

/* ---- enumerators ---- */

/* hipError_t */
VALUE(hipSuccess, 0)
VALUE(hipErrorInvalidValue, 1)
VALUE(hipErrorOutOfMemory, 2)
VALUE(hipErrorMemoryAllocation, 2)
VALUE(hipErrorNotInitialized, 3)
VALUE(hipErrorInitializationError, 3)
VALUE(hipErrorDeinitialized, 4)
VALUE(hipErrorProfilerDisabled, 5)
VALUE(hipErrorProfilerNotInitialized, 6)
VALUE(hipErrorProfilerAlreadyStarted, 7)
VALUE(hipErrorProfilerAlreadyStopped, 8)
VALUE(hipErrorInvalidConfiguration, 9)
VALUE(hipErrorInvalidPitchValue, 12)
VALUE(hipErrorInvalidSymbol, 13)
VALUE(hipErrorInvalidDevicePointer, 17)
VALUE(hipErrorInvalidMemcpyDirection, 21)
VALUE(hipErrorInsufficientDriver, 35)
VALUE(hipErrorMissingConfiguration, 52)
VALUE(hipErrorPriorLaunchFailure, 53)
VALUE(hipErrorInvalidDeviceFunction, 98)
VALUE(hipErrorNoDevice, 100)
VALUE(hipErrorInvalidDevice, 101)
VALUE(hipErrorInvalidImage, 200)
VALUE(hipErrorInvalidContext, 201)
VALUE(hipErrorContextAlreadyCurrent, 202)
VALUE(hipErrorMapFailed, 205)
VALUE(hipErrorMapBufferObjectFailed, 205)
VALUE(hipErrorUnmapFailed, 206)
VALUE(hipErrorArrayIsMapped, 207)
VALUE(hipErrorAlreadyMapped, 208)
VALUE(hipErrorNoBinaryForGpu, 209)
VALUE(hipErrorAlreadyAcquired, 210)
VALUE(hipErrorNotMapped, 211)
VALUE(hipErrorNotMappedAsArray, 212)
VALUE(hipErrorNotMappedAsPointer, 213)
VALUE(hipErrorECCNotCorrectable, 214)
VALUE(hipErrorUnsupportedLimit, 215)
VALUE(hipErrorContextAlreadyInUse, 216)
VALUE(hipErrorPeerAccessUnsupported, 217)
VALUE(hipErrorInvalidKernelFile, 218)
VALUE(hipErrorInvalidGraphicsContext, 219)
VALUE(hipErrorInvalidSource, 300)
VALUE(hipErrorFileNotFound, 301)
VALUE(hipErrorSharedObjectSymbolNotFound, 302)
VALUE(hipErrorSharedObjectInitFailed, 303)
VALUE(hipErrorOperatingSystem, 304)
VALUE(hipErrorInvalidHandle, 400)
VALUE(hipErrorInvalidResourceHandle, 400)
VALUE(hipErrorIllegalState, 401)
VALUE(hipErrorNotFound, 500)
VALUE(hipErrorNotReady, 600)
VALUE(hipErrorIllegalAddress, 700)
VALUE(hipErrorLaunchOutOfResources, 701)
VALUE(hipErrorLaunchTimeOut, 702)
VALUE(hipErrorPeerAccessAlreadyEnabled, 704)
VALUE(hipErrorPeerAccessNotEnabled, 705)
VALUE(hipErrorSetOnActiveProcess, 708)
VALUE(hipErrorContextIsDestroyed, 709)
VALUE(hipErrorAssert, 710)
VALUE(hipErrorHostMemoryAlreadyRegistered, 712)
VALUE(hipErrorHostMemoryNotRegistered, 713)
VALUE(hipErrorLaunchFailure, 719)
VALUE(hipErrorCooperativeLaunchTooLarge, 720)
VALUE(hipErrorNotSupported, 801)
VALUE(hipErrorStreamCaptureUnsupported, 900)
VALUE(hipErrorStreamCaptureInvalidated, 901)
VALUE(hipErrorStreamCaptureMerge, 902)
VALUE(hipErrorStreamCaptureUnmatched, 903)
VALUE(hipErrorStreamCaptureUnjoined, 904)
VALUE(hipErrorStreamCaptureIsolation, 905)
VALUE(hipErrorStreamCaptureImplicit, 906)
VALUE(hipErrorCapturedEvent, 907)
VALUE(hipErrorStreamCaptureWrongThread, 908)
VALUE(hipErrorGraphExecUpdateFailure, 910)
VALUE(hipErrorUnknown, 999)
VALUE(hipErrorRuntimeMemory, 1052)
VALUE(hipErrorRuntimeOther, 1053)
#if HIP_VERSION >= 60300000
VALUE(hipErrorInvalidChannelDescriptor, 911)
VALUE(hipErrorInvalidTexture, 912)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipErrorInvalidResourceType, 914)
VALUE(hipErrorInvalidResourceConfiguration, 915)
VALUE(hipErrorStreamDetached, 916)
VALUE(hipErrorInvalidClusterSize, 1054)
VALUE(hipErrorTbd, 1055)
#endif
/* hipDeviceAttribute_t */
VALUE(hipDeviceAttributeCudaCompatibleBegin, 0)
VALUE(hipDeviceAttributeEccEnabled, 0)
VALUE(hipDeviceAttributeAccessPolicyMaxWindowSize, 1)
VALUE(hipDeviceAttributeAsyncEngineCount, 2)
VALUE(hipDeviceAttributeCanMapHostMemory, 3)
VALUE(hipDeviceAttributeCanUseHostPointerForRegisteredMem, 4)
VALUE(hipDeviceAttributeClockRate, 5)
VALUE(hipDeviceAttributeComputeMode, 6)
VALUE(hipDeviceAttributeComputePreemptionSupported, 7)
VALUE(hipDeviceAttributeConcurrentKernels, 8)
VALUE(hipDeviceAttributeConcurrentManagedAccess, 9)
VALUE(hipDeviceAttributeCooperativeLaunch, 10)
VALUE(hipDeviceAttributeCooperativeMultiDeviceLaunch, 11)
VALUE(hipDeviceAttributeDeviceOverlap, 12)
VALUE(hipDeviceAttributeDirectManagedMemAccessFromHost, 13)
VALUE(hipDeviceAttributeGlobalL1CacheSupported, 14)
VALUE(hipDeviceAttributeHostNativeAtomicSupported, 15)
VALUE(hipDeviceAttributeIntegrated, 16)
VALUE(hipDeviceAttributeIsMultiGpuBoard, 17)
VALUE(hipDeviceAttributeKernelExecTimeout, 18)
VALUE(hipDeviceAttributeL2CacheSize, 19)
VALUE(hipDeviceAttributeLocalL1CacheSupported, 20)
VALUE(hipDeviceAttributeLuid, 21)
VALUE(hipDeviceAttributeLuidDeviceNodeMask, 22)
VALUE(hipDeviceAttributeComputeCapabilityMajor, 23)
VALUE(hipDeviceAttributeManagedMemory, 24)
VALUE(hipDeviceAttributeMaxBlocksPerMultiProcessor, 25)
VALUE(hipDeviceAttributeMaxBlockDimX, 26)
VALUE(hipDeviceAttributeMaxBlockDimY, 27)
VALUE(hipDeviceAttributeMaxBlockDimZ, 28)
VALUE(hipDeviceAttributeMaxGridDimX, 29)
VALUE(hipDeviceAttributeMaxGridDimY, 30)
VALUE(hipDeviceAttributeMaxGridDimZ, 31)
VALUE(hipDeviceAttributeMaxSurface1D, 32)
VALUE(hipDeviceAttributeMaxSurface1DLayered, 33)
VALUE(hipDeviceAttributeMaxSurface2D, 34)
VALUE(hipDeviceAttributeMaxSurface2DLayered, 35)
VALUE(hipDeviceAttributeMaxSurface3D, 36)
VALUE(hipDeviceAttributeMaxSurfaceCubemap, 37)
VALUE(hipDeviceAttributeMaxSurfaceCubemapLayered, 38)
VALUE(hipDeviceAttributeMaxTexture1DWidth, 39)
VALUE(hipDeviceAttributeMaxTexture1DLayered, 40)
VALUE(hipDeviceAttributeMaxTexture1DLinear, 41)
VALUE(hipDeviceAttributeMaxTexture1DMipmap, 42)
VALUE(hipDeviceAttributeMaxTexture2DWidth, 43)
VALUE(hipDeviceAttributeMaxTexture2DHeight, 44)
VALUE(hipDeviceAttributeMaxTexture2DGather, 45)
VALUE(hipDeviceAttributeMaxTexture2DLayered, 46)
VALUE(hipDeviceAttributeMaxTexture2DLinear, 47)
VALUE(hipDeviceAttributeMaxTexture2DMipmap, 48)
VALUE(hipDeviceAttributeMaxTexture3DWidth, 49)
VALUE(hipDeviceAttributeMaxTexture3DHeight, 50)
VALUE(hipDeviceAttributeMaxTexture3DDepth, 51)
VALUE(hipDeviceAttributeMaxTexture3DAlt, 52)
VALUE(hipDeviceAttributeMaxTextureCubemap, 53)
VALUE(hipDeviceAttributeMaxTextureCubemapLayered, 54)
VALUE(hipDeviceAttributeMaxThreadsDim, 55)
VALUE(hipDeviceAttributeMaxThreadsPerBlock, 56)
VALUE(hipDeviceAttributeMaxThreadsPerMultiProcessor, 57)
VALUE(hipDeviceAttributeMaxPitch, 58)
VALUE(hipDeviceAttributeMemoryBusWidth, 59)
VALUE(hipDeviceAttributeMemoryClockRate, 60)
VALUE(hipDeviceAttributeComputeCapabilityMinor, 61)
VALUE(hipDeviceAttributeMultiGpuBoardGroupID, 62)
VALUE(hipDeviceAttributeMultiprocessorCount, 63)
VALUE(hipDeviceAttributePageableMemoryAccess, 65)
VALUE(hipDeviceAttributePageableMemoryAccessUsesHostPageTables, 66)
VALUE(hipDeviceAttributePciBusId, 67)
VALUE(hipDeviceAttributePciDeviceId, 68)
VALUE(hipDeviceAttributePciDomainID, 69)
VALUE(hipDeviceAttributePersistingL2CacheMaxSize, 70)
VALUE(hipDeviceAttributeMaxRegistersPerBlock, 71)
VALUE(hipDeviceAttributeMaxRegistersPerMultiprocessor, 72)
VALUE(hipDeviceAttributeReservedSharedMemPerBlock, 73)
VALUE(hipDeviceAttributeMaxSharedMemoryPerBlock, 74)
VALUE(hipDeviceAttributeSharedMemPerBlockOptin, 75)
VALUE(hipDeviceAttributeSharedMemPerMultiprocessor, 76)
VALUE(hipDeviceAttributeSingleToDoublePrecisionPerfRatio, 77)
VALUE(hipDeviceAttributeStreamPrioritiesSupported, 78)
VALUE(hipDeviceAttributeSurfaceAlignment, 79)
VALUE(hipDeviceAttributeTccDriver, 80)
VALUE(hipDeviceAttributeTextureAlignment, 81)
VALUE(hipDeviceAttributeTexturePitchAlignment, 82)
VALUE(hipDeviceAttributeTotalConstantMemory, 83)
VALUE(hipDeviceAttributeTotalGlobalMem, 84)
VALUE(hipDeviceAttributeUnifiedAddressing, 85)
VALUE(hipDeviceAttributeWarpSize, 87)
VALUE(hipDeviceAttributeMemoryPoolsSupported, 88)
VALUE(hipDeviceAttributeCudaCompatibleEnd, 9999)
VALUE(hipDeviceAttributeAmdSpecificBegin, 10000)
VALUE(hipDeviceAttributeClockInstructionRate, 10000)
VALUE(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, 10002)
VALUE(hipDeviceAttributeHdpMemFlushCntl, 10005)
VALUE(hipDeviceAttributeHdpRegFlushCntl, 10006)
VALUE(hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc, 10007)
VALUE(hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim, 10008)
VALUE(hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim, 10009)
VALUE(hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem, 10010)
VALUE(hipDeviceAttributeIsLargeBar, 10011)
VALUE(hipDeviceAttributeAsicRevision, 10012)
VALUE(hipDeviceAttributeCanUseStreamWaitValue, 10013)
VALUE(hipDeviceAttributeImageSupport, 10014)
VALUE(hipDeviceAttributePhysicalMultiProcessorCount, 10015)
VALUE(hipDeviceAttributeFineGrainSupport, 10016)
VALUE(hipDeviceAttributeAmdSpecificEnd, 19999)
VALUE(hipDeviceAttributeVendorSpecificBegin, 20000)
#if HIP_VERSION >= 50300000
VALUE(hipDeviceAttributeVirtualMemoryManagementSupported, 89)
VALUE(hipDeviceAttributeWallClockRate, 10017)
#endif
#if HIP_VERSION >= 60000000
VALUE(hipDeviceAttributeUnused1, 64)
VALUE(hipDeviceAttributeUnused2, 86)
VALUE(hipDeviceAttributeHostRegisterSupported, 90)
VALUE(hipDeviceAttributeUnused3, 10001)
VALUE(hipDeviceAttributeUnused4, 10003)
VALUE(hipDeviceAttributeUnused5, 10004)
#endif
#if HIP_VERSION >= 60100000
VALUE(hipDeviceAttributeMemoryPoolSupportedHandleTypes, 91)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipDeviceAttributePciDomainId, 69)
VALUE(hipDeviceAttributeHostNumaId, 92)
VALUE(hipDeviceAttributeDmaBufSupported, 93)
VALUE(hipDeviceAttributeGPUDirectRDMAWithHipVMMSupported, 94)
VALUE(hipDeviceAttributeHandleTypeFabricSupported, 95)
VALUE(hipDeviceAttributeHostAllocDmaBufSupported, 96)
VALUE(hipDeviceAttributeGPUDirectRDMASupported, 97)
VALUE(hipDeviceAttributeGPUDirectRDMAFlushWritesOptions, 98)
VALUE(hipDeviceAttributeGPUDirectRDMAWritesOrdering, 99)
VALUE(hipDeviceAttributeNumberOfXccs, 10018)
VALUE(hipDeviceAttributeMaxAvailableVgprsPerThread, 10019)
VALUE(hipDeviceAttributePciChipId, 10020)
VALUE(hipDeviceAttributeExpertSchedMode, 10021)
VALUE(hipDeviceAttributeMaxDynDataPrefetchRegions, 10022)
#endif
VALUE(hipKernelNodeAttributeAccessPolicyWindow, 1)
VALUE(hipKernelNodeAttributeCooperative, 2)
VALUE(hipAccessPropertyNormal, 0)
VALUE(hipAccessPropertyStreaming, 1)
VALUE(hipAccessPropertyPersisting, 2)
SIZE(enum hipAccessProperty, sizeof(hipAccessProperty))
#if HIP_VERSION >= 70000000
VALUE(hipLaunchAttributePriority, 8)
VALUE(hipKernelNodeAttributePriority, 8)
VALUE(hipLaunchAttributeAccessPolicyWindow, 1)
VALUE(hipLaunchAttributeCooperative, 2)
SIZE(enum hipLaunchAttributeID, sizeof(hipLaunchAttributeID))
SIZE(union hipLaunchAttributeValue, sizeof(hipLaunchAttributeValue))
#endif
#if HIP_VERSION >= 60100000
VALUE(hipGraphDependencyTypeDefault, 0)
VALUE(hipGraphDependencyTypeProgrammatic, 1)
SIZE(enum hipGraphDependencyType, sizeof(hipGraphDependencyType))
SIZE(hipGraphEdgeData, 8)
SIZE(struct hipGraphEdgeData, 8)
OFFSET(hipGraphEdgeData, reserved, 1)
OFFSET(hipGraphEdgeData, to_port, 6)
OFFSET(hipGraphEdgeData, type, 7)
#endif
VALUE(hipStreamAddCaptureDependencies, 0)
VALUE(hipStreamSetCaptureDependencies, 1)
SIZE(enum hipStreamUpdateCaptureDependenciesFlags, sizeof(hipStreamUpdateCaptureDependenciesFlags))
SIZE(hipAccessPolicyWindow, 32)
OFFSET(hipAccessPolicyWindow, hitProp, 8)
OFFSET(hipAccessPolicyWindow, hitRatio, 12)
OFFSET(hipAccessPolicyWindow, missProp, 16)
OFFSET(hipAccessPolicyWindow, num_bytes, 24)
SIZE(hipKernelNodeAttrValue, 32)
#if HIP_VERSION >= 50300000
SIZE(hipUserObject_t, sizeof(struct hipUserObject *))
SIZE(enum hipUserObjectFlags, sizeof(hipUserObjectFlags))
SIZE(enum hipUserObjectRetainFlags, sizeof(hipUserObjectRetainFlags))
VALUE(hipUserObjectNoDestructorSync, 0x1)
VALUE(hipGraphUserObjectMove, 0x1)
#endif
/* hip_common.h: the export markers, and the features, 0 or 1 (ROCm's host compile says 0, a
   device compile and mockhip its device's) */
#define FEATURE(name) SURFACE_ASSERT((name) == 0 || (name) == 1);
FEATURE(__HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__)
FEATURE(__HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__)
FEATURE(__HIP_ARCH_HAS_SHARED_INT32_ATOMICS__)
FEATURE(__HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__)
FEATURE(__HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__)
FEATURE(__HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__)
FEATURE(__HIP_ARCH_HAS_SHARED_INT64_ATOMICS__)
FEATURE(__HIP_ARCH_HAS_DOUBLES__)
FEATURE(__HIP_ARCH_HAS_WARP_VOTE__)
FEATURE(__HIP_ARCH_HAS_WARP_BALLOT__)
FEATURE(__HIP_ARCH_HAS_WARP_SHUFFLE__)
FEATURE(__HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__)
FEATURE(__HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__)
FEATURE(__HIP_ARCH_HAS_SYNC_THREAD_EXT__)
FEATURE(__HIP_ARCH_HAS_SURFACE_FUNCS__)
FEATURE(__HIP_ARCH_HAS_3DGRID__)
FEATURE(__HIP_ARCH_HAS_DYNAMIC_PARALLEL__)
#undef FEATURE
HIP_PUBLIC_API int surface_public_api(void);
HIP_INTERNAL_EXPORTED_API int surface_internal_exported_api(void);
/* hipLimit_t, hipFuncCache_t, hipSharedMemConfig, hipSetDeviceFlags' flags */
VALUE(hipLimitPrintfFifoSize, 0x01)
VALUE(hipLimitMallocHeapSize, 0x02)
#if HIP_VERSION >= 50300000
VALUE(hipLimitStackSize, 0x0)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipExtLimitScratchMin, 0x1000)
VALUE(hipExtLimitScratchMax, 0x1001)
VALUE(hipExtLimitScratchCurrent, 0x1002)
VALUE(hipLimitRange, 0x1003)
#endif
VALUE(hipFuncCachePreferNone, 0)
VALUE(hipFuncCachePreferShared, 1)
VALUE(hipFuncCachePreferL1, 2)
VALUE(hipFuncCachePreferEqual, 3)
VALUE(hipSharedMemBankSizeDefault, 0)
VALUE(hipSharedMemBankSizeFourByte, 1)
VALUE(hipSharedMemBankSizeEightByte, 2)
VALUE(hipDeviceScheduleAuto, 0x0)
VALUE(hipDeviceScheduleSpin, 0x1)
VALUE(hipDeviceScheduleYield, 0x2)
VALUE(hipDeviceScheduleBlockingSync, 0x4)
VALUE(hipDeviceScheduleMask, 0x7)
VALUE(hipDeviceMapHost, 0x8)
#if HIP_VERSION >= 70000000
VALUE(hipDeviceLmemResizeToMax, 0x10)
#else /* 0x16, whose 0x6 overlaps the schedule flags */
VALUE(hipDeviceLmemResizeToMax, 0x16)
#endif
/* hipComputeMode */
VALUE(hipComputeModeDefault, 0)
VALUE(hipComputeModeExclusive, 1)
VALUE(hipComputeModeProhibited, 2)
VALUE(hipComputeModeExclusiveProcess, 3)
/* hipDeviceP2PAttr */
VALUE(hipDevP2PAttrPerformanceRank, 0)
VALUE(hipDevP2PAttrAccessSupported, 1)
VALUE(hipDevP2PAttrNativeAtomicSupported, 2)
VALUE(hipDevP2PAttrHipArrayAccessSupported, 3)
/* hipMemoryType: renumbered in ROCm 6.0 (Managed was 4 in 5.3-5.7). */
#if HIP_VERSION >= 60000000
VALUE(HIP_POINTER_ATTRIBUTE_CONTEXT, 1)
VALUE(HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, 2)
VALUE(HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, 3)
VALUE(HIP_POINTER_ATTRIBUTE_HOST_POINTER, 4)
VALUE(HIP_POINTER_ATTRIBUTE_P2P_TOKENS, 5)
VALUE(HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, 6)
VALUE(HIP_POINTER_ATTRIBUTE_BUFFER_ID, 7)
VALUE(HIP_POINTER_ATTRIBUTE_IS_MANAGED, 8)
VALUE(HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, 9)
VALUE(HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE, 10)
VALUE(HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, 11)
VALUE(HIP_POINTER_ATTRIBUTE_RANGE_SIZE, 12)
VALUE(HIP_POINTER_ATTRIBUTE_MAPPED, 13)
VALUE(HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES, 14)
VALUE(HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE, 15)
VALUE(HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, 16)
VALUE(HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE, 17)
VALUE(hipMemoryTypeUnregistered, 0)
VALUE(hipMemoryTypeHost, 1)
VALUE(hipMemoryTypeDevice, 2)
VALUE(hipMemoryTypeManaged, 3)
VALUE(hipMemoryTypeArray, 10)
VALUE(hipMemoryTypeUnified, 11)
#else
VALUE(hipMemoryTypeHost, 0)
VALUE(hipMemoryTypeDevice, 1)
VALUE(hipMemoryTypeArray, 2)
VALUE(hipMemoryTypeUnified, 3)
#endif
/* hipStreamCaptureMode */
VALUE(hipStreamCaptureModeGlobal, 0)
VALUE(hipStreamCaptureModeThreadLocal, 1)
VALUE(hipStreamCaptureModeRelaxed, 2)
/* hipStreamCaptureStatus */
VALUE(hipStreamCaptureStatusNone, 0)
VALUE(hipStreamCaptureStatusActive, 1)
VALUE(hipStreamCaptureStatusInvalidated, 2)
/* hipGraphNodeType: from 1 in 5.2; from 0 from 5.3, MemAlloc and MemFree from 5.5 */
#if HIP_VERSION >= 50500000
VALUE(hipGraphNodeTypeKernel, 0)
VALUE(hipGraphNodeTypeMemcpy, 1)
VALUE(hipGraphNodeTypeMemset, 2)
VALUE(hipGraphNodeTypeHost, 3)
VALUE(hipGraphNodeTypeGraph, 4)
VALUE(hipGraphNodeTypeEmpty, 5)
VALUE(hipGraphNodeTypeWaitEvent, 6)
VALUE(hipGraphNodeTypeEventRecord, 7)
VALUE(hipGraphNodeTypeExtSemaphoreSignal, 8)
VALUE(hipGraphNodeTypeExtSemaphoreWait, 9)
VALUE(hipGraphNodeTypeMemAlloc, 10)
VALUE(hipGraphNodeTypeMemFree, 11)
VALUE(hipGraphNodeTypeMemcpyFromSymbol, 12)
VALUE(hipGraphNodeTypeMemcpyToSymbol, 13)
#else
VALUE(hipGraphNodeTypeKernel, 1)
VALUE(hipGraphNodeTypeMemcpy, 2)
VALUE(hipGraphNodeTypeMemset, 3)
VALUE(hipGraphNodeTypeHost, 4)
VALUE(hipGraphNodeTypeGraph, 5)
VALUE(hipGraphNodeTypeEmpty, 6)
VALUE(hipGraphNodeTypeWaitEvent, 7)
VALUE(hipGraphNodeTypeEventRecord, 8)
VALUE(hipGraphNodeTypeMemcpyFromSymbol, 10)
VALUE(hipGraphNodeTypeMemcpyToSymbol, 11)
VALUE(hipGraphNodeTypeCount, 12)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipGraphNodeTypeBatchMemOp, 14)
VALUE(hipGraphNodeTypeCount, 15)
#endif
/* hipGraphInstantiateFlags */
VALUE(hipGraphInstantiateFlagAutoFreeOnLaunch, 1)
#if HIP_VERSION >= 50600000
VALUE(hipGraphInstantiateFlagUpload, 2)
VALUE(hipGraphInstantiateFlagDeviceLaunch, 4)
VALUE(hipGraphInstantiateFlagUseNodePriority, 8)
#endif
/* hipGraphMemAttributeType */
#if HIP_VERSION >= 50300000
VALUE(hipGraphMemAttrUsedMemCurrent, 0)
VALUE(hipGraphMemAttrUsedMemHigh, 1)
VALUE(hipGraphMemAttrReservedMemCurrent, 2)
VALUE(hipGraphMemAttrReservedMemHigh, 3)
#endif
/* hipGraphInstantiateResult */
#if HIP_VERSION >= 60200000
SIZE(enum hipGraphInstantiateResult, sizeof(hipGraphInstantiateResult))
VALUE(hipGraphInstantiateSuccess, 0)
VALUE(hipGraphInstantiateError, 1)
VALUE(hipGraphInstantiateInvalidStructure, 2)
VALUE(hipGraphInstantiateNodeOperationNotSupported, 3)
VALUE(hipGraphInstantiateMultipleDevicesNotSupported, 4)
#endif
/* hipGraphExecUpdateResult */
VALUE(hipGraphExecUpdateSuccess, 0)
VALUE(hipGraphExecUpdateError, 1)
VALUE(hipGraphExecUpdateErrorTopologyChanged, 2)
VALUE(hipGraphExecUpdateErrorNodeTypeChanged, 3)
VALUE(hipGraphExecUpdateErrorFunctionChanged, 4)
VALUE(hipGraphExecUpdateErrorParametersChanged, 5)
VALUE(hipGraphExecUpdateErrorNotSupported, 6)
VALUE(hipGraphExecUpdateErrorUnsupportedFunctionChange, 7)
/* hipGraphDebugDotFlags */
#if HIP_VERSION >= 50500000
SIZE(enum hipGraphDebugDotFlags, sizeof(int))
VALUE(hipGraphDebugDotFlagsVerbose, 1)
VALUE(hipGraphDebugDotFlagsKernelNodeParams, 4)
VALUE(hipGraphDebugDotFlagsMemcpyNodeParams, 8)
VALUE(hipGraphDebugDotFlagsMemsetNodeParams, 16)
VALUE(hipGraphDebugDotFlagsHostNodeParams, 32)
VALUE(hipGraphDebugDotFlagsEventNodeParams, 64)
VALUE(hipGraphDebugDotFlagsExtSemasSignalNodeParams, 128)
VALUE(hipGraphDebugDotFlagsExtSemasWaitNodeParams, 256)
VALUE(hipGraphDebugDotFlagsKernelNodeAttributes, 512)
VALUE(hipGraphDebugDotFlagsHandles, 1024)
#endif
/* hipDriverProcAddressQueryResult */
#if HIP_VERSION >= 60200000
VALUE(HIP_GET_PROC_ADDRESS_SUCCESS, 0)
VALUE(HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND, 1)
VALUE(HIP_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT, 2)
#endif
/* hipMemcpyKind */
VALUE(hipMemcpyHostToHost, 0)
VALUE(hipMemcpyHostToDevice, 1)
VALUE(hipMemcpyDeviceToHost, 2)
VALUE(hipMemcpyDeviceToDevice, 3)
VALUE(hipMemcpyDefault, 4)
#if HIP_VERSION >= 60100000
VALUE(hipMemcpyDeviceToDeviceNoCU, 1024)
#endif
/* hipMemLocationType */
VALUE(hipMemLocationTypeInvalid, 0)
VALUE(hipMemLocationTypeDevice, 1)
#if HIP_VERSION >= 70000000
VALUE(hipMemLocationTypeNone, 0)
VALUE(hipMemLocationTypeHost, 2)
VALUE(hipMemLocationTypeHostNuma, 3)
VALUE(hipMemLocationTypeHostNumaCurrent, 4)
#endif
/* hipMemAccessFlags */
VALUE(hipMemAccessFlagsProtNone, 0)
VALUE(hipMemAccessFlagsProtRead, 1)
VALUE(hipMemAccessFlagsProtReadWrite, 3)
/* hipMemAllocationType */
VALUE(hipMemAllocationTypeInvalid, 0)
VALUE(hipMemAllocationTypePinned, 1)
VALUE(hipMemAllocationTypeMax, 0x7FFFFFFF)
#if HIP_VERSION >= 70000000
VALUE(hipMemAllocationTypeManaged, 2)
VALUE(hipMemAllocationTypeUncached, 0x40000000)
#endif
/* hipMemAllocationHandleType */
VALUE(hipMemHandleTypeNone, 0)
VALUE(hipMemHandleTypePosixFileDescriptor, 1)
VALUE(hipMemHandleTypeWin32, 2)
VALUE(hipMemHandleTypeWin32Kmt, 4)
#if HIP_VERSION >= 70000000
VALUE(hipMemHandleTypeFabric, 8)
#endif
/* hipMemPoolAttr */
VALUE(hipMemPoolReuseFollowEventDependencies, 0x1)
VALUE(hipMemPoolReuseAllowOpportunistic, 0x2)
VALUE(hipMemPoolReuseAllowInternalDependencies, 0x3)
VALUE(hipMemPoolAttrReleaseThreshold, 0x4)
VALUE(hipMemPoolAttrReservedMemCurrent, 0x5)
VALUE(hipMemPoolAttrReservedMemHigh, 0x6)
VALUE(hipMemPoolAttrUsedMemCurrent, 0x7)
VALUE(hipMemPoolAttrUsedMemHigh, 0x8)
/* hipMemRangeHandleType */
#if HIP_VERSION >= 70000000
VALUE(hipMemRangeHandleTypeDmaBufFd, 1)
VALUE(hipMemRangeHandleTypeMax, 0x7FFFFFFF)
#endif
/* hipMemRangeFlags */
#if HIP_VERSION >= 70000000
VALUE(hipMemRangeFlagDmaBufMappingTypePcie, 1)
VALUE(hipMemRangeFlagsMax, 0x7FFFFFFF)
#endif
/* hipMemAllocationGranularity_flags */
VALUE(hipMemAllocationGranularityMinimum, 0)
VALUE(hipMemAllocationGranularityRecommended, 1)
/* hipMemHandleType */
VALUE(hipMemHandleTypeGeneric, 0)
/* hipMemOperationType */
VALUE(hipMemOperationTypeMap, 1)
VALUE(hipMemOperationTypeUnmap, 2)
/* hipArraySparseSubresourceType */
VALUE(hipArraySparseSubresourceTypeSparseLevel, 0)
VALUE(hipArraySparseSubresourceTypeMiptail, 1)
/* hipChannelFormatKind */
VALUE(hipChannelFormatKindSigned, 0)
VALUE(hipChannelFormatKindUnsigned, 1)
VALUE(hipChannelFormatKindFloat, 2)
VALUE(hipChannelFormatKindNone, 3)
/* hipArray_Format */
VALUE(HIP_AD_FORMAT_UNSIGNED_INT8, 1)
VALUE(HIP_AD_FORMAT_UNSIGNED_INT16, 2)
VALUE(HIP_AD_FORMAT_UNSIGNED_INT32, 3)
VALUE(HIP_AD_FORMAT_SIGNED_INT8, 8)
VALUE(HIP_AD_FORMAT_SIGNED_INT16, 9)
VALUE(HIP_AD_FORMAT_SIGNED_INT32, 10)
VALUE(HIP_AD_FORMAT_HALF, 16)
VALUE(HIP_AD_FORMAT_FLOAT, 32)

/* Texture objects' driver descriptions, view formats and modes, checked against the 7.x
   header only (5.2 spells some of them otherwise). */
#if HIP_VERSION >= 70000000
VALUE(HIP_TR_ADDRESS_MODE_WRAP, 0)
VALUE(HIP_TR_ADDRESS_MODE_CLAMP, 1)
VALUE(HIP_TR_ADDRESS_MODE_MIRROR, 2)
VALUE(HIP_TR_FILTER_MODE_POINT, 0)
VALUE(hipResViewFormatNone, 0)
VALUE(hipResViewFormatUnsignedChar1, 1)
VALUE(hipResViewFormatUnsignedChar2, 2)
VALUE(hipResViewFormatUnsignedChar4, 3)
VALUE(hipResViewFormatSignedChar1, 4)
VALUE(hipResViewFormatSignedChar2, 5)
VALUE(hipResViewFormatSignedChar4, 6)
VALUE(hipResViewFormatUnsignedShort1, 7)
VALUE(hipResViewFormatUnsignedShort2, 8)
VALUE(hipResViewFormatUnsignedShort4, 9)
VALUE(hipResViewFormatSignedShort1, 10)
VALUE(hipResViewFormatSignedShort2, 11)
VALUE(hipResViewFormatSignedShort4, 12)
VALUE(hipResViewFormatUnsignedInt1, 13)
VALUE(hipResViewFormatUnsignedInt2, 14)
VALUE(hipResViewFormatUnsignedInt4, 15)
VALUE(hipResViewFormatSignedInt1, 16)
VALUE(hipResViewFormatSignedInt2, 17)
VALUE(hipResViewFormatSignedInt4, 18)
VALUE(hipResViewFormatHalf1, 19)
VALUE(hipResViewFormatHalf2, 20)
VALUE(hipResViewFormatHalf4, 21)
VALUE(hipResViewFormatFloat1, 22)
VALUE(hipResViewFormatFloat2, 23)
VALUE(hipResViewFormatUnsignedBlockCompressed1, 25)
VALUE(hipResViewFormatUnsignedBlockCompressed2, 26)
VALUE(hipResViewFormatUnsignedBlockCompressed3, 27)
VALUE(hipResViewFormatUnsignedBlockCompressed4, 28)
VALUE(hipResViewFormatSignedBlockCompressed4, 29)
VALUE(hipResViewFormatUnsignedBlockCompressed5, 30)
VALUE(hipResViewFormatSignedBlockCompressed5, 31)
VALUE(hipResViewFormatUnsignedBlockCompressed6H, 32)
VALUE(hipResViewFormatSignedBlockCompressed6H, 33)
VALUE(HIP_RES_VIEW_FORMAT_NONE, 0)
VALUE(HIP_RES_VIEW_FORMAT_UINT_1X8, 1)
VALUE(HIP_RES_VIEW_FORMAT_UINT_2X8, 2)
VALUE(HIP_RES_VIEW_FORMAT_UINT_4X8, 3)
VALUE(HIP_RES_VIEW_FORMAT_SINT_1X8, 4)
VALUE(HIP_RES_VIEW_FORMAT_SINT_2X8, 5)
VALUE(HIP_RES_VIEW_FORMAT_SINT_4X8, 6)
VALUE(HIP_RES_VIEW_FORMAT_UINT_1X16, 7)
VALUE(HIP_RES_VIEW_FORMAT_UINT_2X16, 8)
VALUE(HIP_RES_VIEW_FORMAT_UINT_4X16, 9)
VALUE(HIP_RES_VIEW_FORMAT_SINT_1X16, 10)
VALUE(HIP_RES_VIEW_FORMAT_SINT_2X16, 11)
VALUE(HIP_RES_VIEW_FORMAT_SINT_4X16, 12)
VALUE(HIP_RES_VIEW_FORMAT_UINT_1X32, 13)
VALUE(HIP_RES_VIEW_FORMAT_UINT_2X32, 14)
VALUE(HIP_RES_VIEW_FORMAT_UINT_4X32, 15)
VALUE(HIP_RES_VIEW_FORMAT_SINT_1X32, 16)
VALUE(HIP_RES_VIEW_FORMAT_SINT_2X32, 17)
VALUE(HIP_RES_VIEW_FORMAT_SINT_4X32, 18)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_1X16, 19)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_2X16, 20)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_4X16, 21)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_1X32, 22)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_2X32, 23)
VALUE(HIP_RES_VIEW_FORMAT_FLOAT_4X32, 24)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC1, 25)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC2, 26)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC3, 27)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC4, 28)
VALUE(HIP_RES_VIEW_FORMAT_SIGNED_BC4, 29)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC5, 30)
VALUE(HIP_RES_VIEW_FORMAT_SIGNED_BC5, 31)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC6H, 32)
VALUE(HIP_RES_VIEW_FORMAT_SIGNED_BC6H, 33)
SIZE(enum HIPaddress_mode_enum, 4)
SIZE(enum HIPfilter_mode_enum, 4)
SIZE(struct HIP_TEXTURE_DESC_st, 104)
SIZE(enum hipResourceViewFormat, 4)
SIZE(enum HIPresourceViewFormat_enum, 4)
SIZE(struct HIP_RESOURCE_DESC_st, 144)
SIZE(struct HIP_RESOURCE_VIEW_DESC_st, 112)
SIZE(HIPaddress_mode, 4)
SIZE(HIPfilter_mode, 4)
SIZE(HIPresourceViewFormat, 4)
VALUE(hipTextureType1D, 1)
VALUE(hipTextureType2D, 2)
VALUE(hipTextureType3D, 3)
VALUE(hipTextureTypeCubemap, 12)
VALUE(hipTextureType1DLayered, 241)
VALUE(hipTextureTypeCubemapLayered, 252)
VALUE(HIP_IMAGE_OBJECT_SIZE_DWORD, 12)
VALUE(HIP_SAMPLER_OBJECT_SIZE_DWORD, 8)
VALUE(HIP_SAMPLER_OBJECT_OFFSET_DWORD, 12)
SIZE(struct __hip_texture *, 8)
SIZE(enum hipTextureAddressMode, 4)
SIZE(enum hipTextureFilterMode, 4)
SIZE(enum hipTextureReadMode, 4)
#endif
/* hipResourceType */
VALUE(hipResourceTypeArray, 0)
VALUE(hipResourceTypeMipmappedArray, 1)
VALUE(hipResourceTypeLinear, 2)
VALUE(hipResourceTypePitch2D, 3)

/* HIPresourcetype */
VALUE(HIP_RESOURCE_TYPE_ARRAY, 0)
VALUE(HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY, 1)
VALUE(HIP_RESOURCE_TYPE_LINEAR, 2)
VALUE(HIP_RESOURCE_TYPE_PITCH2D, 3)

/* texture objects */
VALUE(hipAddressModeWrap, 0)
VALUE(hipAddressModeClamp, 1)
VALUE(hipAddressModeMirror, 2)
VALUE(hipAddressModeBorder, 3)
VALUE(hipFilterModePoint, 0)
VALUE(hipFilterModeLinear, 1)
VALUE(hipReadModeElementType, 0)
VALUE(hipReadModeNormalizedFloat, 1)
VALUE(HIP_TR_ADDRESS_MODE_BORDER, 3)
VALUE(HIP_TR_FILTER_MODE_LINEAR, 1)
VALUE(hipResViewFormatFloat4, 0x18)
VALUE(hipResViewFormatUnsignedBlockCompressed7, 0x22)
VALUE(HIP_RES_VIEW_FORMAT_UNSIGNED_BC7, 0x22)
VALUE(hipTextureType2DLayered, 0xF2)
VALUE(HIP_TEXTURE_OBJECT_SIZE_DWORD, 20)
SIZE(hipResourceDesc, 64)
OFFSET(hipResourceDesc, res, 8)
OFFSET(hipResourceDesc, res.pitch2D.pitchInBytes, 56)
SIZE(hipTextureDesc, 64)
OFFSET(hipTextureDesc, borderColor, 24)
OFFSET(hipTextureDesc, normalizedCoords, 40)
OFFSET(hipTextureDesc, maxMipmapLevelClamp, 60)
SIZE(struct hipResourceViewDesc, 48)
OFFSET(struct hipResourceViewDesc, lastLayer, 44)
SIZE(HIP_RESOURCE_DESC, 144)
OFFSET(HIP_RESOURCE_DESC, flags, 136)
SIZE(HIP_TEXTURE_DESC, 104)
OFFSET(HIP_TEXTURE_DESC, borderColor, 40)
SIZE(HIP_RESOURCE_VIEW_DESC, 112)
SIZE(textureReference, 88)
OFFSET(textureReference, textureObject, 72)

/* ---- macros ---- */

/* Arrays */
VALUE(hipArrayDefault, 0x00)
VALUE(hipArrayLayered, 0x01)
VALUE(hipArraySurfaceLoadStore, 0x02)
VALUE(hipArrayCubemap, 0x04)
VALUE(hipArrayTextureGather, 0x08)
VALUE(HIP_TRSA_OVERRIDE_FORMAT, 0x01)
VALUE(HIP_TRSF_READ_AS_INTEGER, 0x01)
VALUE(HIP_TRSF_NORMALIZED_COORDINATES, 0x02)
VALUE(HIP_TRSF_SRGB, 0x10)
/* Deprecation: ROCm's marks under ROCm's names (DEPRECATED and DEPRECATED_MSG before 6.3) */
#if HIP_VERSION >= 60300000
HIP_DEPRECATED(HIP_DEPRECATED_MSG) void api_surface_deprecated(void);
SURFACE_ASSERT(sizeof(HIP_DEPRECATED_MSG) > 1);
#endif

/* Streams */
VALUE(hipStreamDefault, 0x00)
VALUE(hipStreamNonBlocking, 0x01)
/* Events */
VALUE(hipEventDefault, 0x0)
VALUE(hipEventBlockingSync, 0x1)
VALUE(hipEventDisableTiming, 0x2)
VALUE(hipEventInterprocess, 0x4)
VALUE(hipEventReleaseToDevice, 0x40000000)
VALUE(hipEventReleaseToSystem, 0x80000000)
#if HIP_VERSION >= 50600000
VALUE(hipEventDisableSystemFence, 0x20000000)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipEventRecordDefault, 0x00)
VALUE(hipEventRecordExternal, 0x01)
VALUE(hipEventWaitDefault, 0x00)
VALUE(hipEventWaitExternal, 0x01)
#endif
/* Managed memory's advice and range attributes */
VALUE(hipMemAdviseSetReadMostly, 1)
VALUE(hipMemAdviseUnsetReadMostly, 2)
VALUE(hipMemAdviseSetPreferredLocation, 3)
VALUE(hipMemAdviseUnsetPreferredLocation, 4)
VALUE(hipMemAdviseSetAccessedBy, 5)
VALUE(hipMemAdviseUnsetAccessedBy, 6)
VALUE(hipMemAdviseSetCoarseGrain, 100)
VALUE(hipMemAdviseUnsetCoarseGrain, 101)
VALUE(hipMemRangeCoherencyModeFineGrain, 0)
VALUE(hipMemRangeCoherencyModeCoarseGrain, 1)
VALUE(hipMemRangeCoherencyModeIndeterminate, 2)
VALUE(hipMemRangeAttributeReadMostly, 1)
VALUE(hipMemRangeAttributePreferredLocation, 2)
VALUE(hipMemRangeAttributeAccessedBy, 3)
VALUE(hipMemRangeAttributeLastPrefetchLocation, 4)
VALUE(hipMemRangeAttributeCoherencyMode, 100)
SURFACE_ASSERT(sizeof(hipMemoryAdvise) == sizeof(int));
SURFACE_ASSERT(sizeof(hipMemRangeAttribute) == sizeof(int));
SURFACE_ASSERT(sizeof(hipMemRangeCoherencyMode) == sizeof(int));
/* Host memory */
VALUE(hipHostRegisterDefault, 0x0)
VALUE(hipHostRegisterPortable, 0x1)
VALUE(hipHostRegisterMapped, 0x2)
VALUE(hipHostRegisterIoMemory, 0x4)
VALUE(hipExtHostRegisterCoarseGrained, 0x8)
#if HIP_VERSION >= 60000000
VALUE(hipHostRegisterReadOnly, 0x08)
#endif
VALUE(hipHostMallocDefault, 0x0)
VALUE(hipHostMallocPortable, 0x1)
VALUE(hipHostMallocMapped, 0x2)
VALUE(hipHostMallocWriteCombined, 0x4)
VALUE(hipHostMallocNumaUser, 0x20000000)
VALUE(hipHostMallocCoherent, 0x40000000)
VALUE(hipHostMallocNonCoherent, 0x80000000)
#if HIP_VERSION >= 60300000
VALUE(hipHostAllocDefault, 0x0)
VALUE(hipHostAllocPortable, 0x1)
VALUE(hipHostAllocMapped, 0x2)
VALUE(hipHostAllocWriteCombined, 0x4)
#endif
#if HIP_VERSION >= 70000000
VALUE(hipHostMallocUncached, 0x10000000)
VALUE(hipHostAllocUncached, 0x10000000)
#endif
/* Managed memory */
VALUE(hipMemAttachGlobal, 0x01)
VALUE(hipMemAttachHost, 0x02)
VALUE(hipMemAttachSingle, 0x04)
/* Device memory */
VALUE(hipDeviceMallocDefault, 0x0)
VALUE(hipDeviceMallocFinegrained, 0x1)
VALUE(hipMallocSignalMemory, 0x2)
#if HIP_VERSION >= 50500000
VALUE(hipDeviceMallocUncached, 0x3)
#endif
#if HIP_VERSION >= 60200000
VALUE(hipDeviceMallocContiguous, 0x4)
#endif
/* IPC; the flag was 0 before ROCm 6.0 */
VALUE(HIP_IPC_HANDLE_SIZE, 64)
VALUE(hipStreamWaitValueGte, 0x0)
VALUE(hipStreamWaitValueEq, 0x1)
VALUE(hipStreamWaitValueAnd, 0x2)
VALUE(hipStreamWaitValueNor, 0x3)
#if HIP_VERSION >= 60000000
VALUE(hipIpcMemLazyEnablePeerAccess, 0x01)
#else
VALUE(hipIpcMemLazyEnablePeerAccess, 0)
#endif
/* Device ids */
VALUE(hipCpuDeviceId, -1)
VALUE(hipInvalidDeviceId, -2)
/* hipGetProcAddress flags */
#if HIP_VERSION >= 70000000
VALUE(HIP_GET_PROC_ADDRESS_DEFAULT, 0x0)
VALUE(HIP_GET_PROC_ADDRESS_LEGACY_STREAM, 0x1)
VALUE(HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, 0x2)
#endif

/* ---- hip/hiprtc.h ---- */

VALUE(HIPRTC_SUCCESS, 0)
VALUE(HIPRTC_ERROR_OUT_OF_MEMORY, 1)
VALUE(HIPRTC_ERROR_PROGRAM_CREATION_FAILURE, 2)
VALUE(HIPRTC_ERROR_INVALID_INPUT, 3)
VALUE(HIPRTC_ERROR_INVALID_PROGRAM, 4)
VALUE(HIPRTC_ERROR_INVALID_OPTION, 5)
VALUE(HIPRTC_ERROR_COMPILATION, 6)
VALUE(HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE, 7)
VALUE(HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION, 8)
VALUE(HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION, 9)
VALUE(HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID, 10)
VALUE(HIPRTC_ERROR_INTERNAL_ERROR, 11)
#if HIP_VERSION >= 60000000
VALUE(HIPRTC_ERROR_LINKING, 100)
#endif
SIZE(hiprtcProgram, sizeof(struct _hiprtcProgram *))

/* ---- types: what each is, and the layouts ROCm fixes (LP64) ---- */

SIZE(hipDeviceptr_t, sizeof(void *))
SIZE(hipDevice_t, sizeof(int))
SIZE(hipStream_t, sizeof(struct ihipStream_t *))
SIZE(hipCtx_t, sizeof(struct ihipCtx_t *))
SIZE(hipModule_t, sizeof(struct ihipModule_t *))
SIZE(hipFunction_t, sizeof(struct ihipModuleSymbol_t *))
SIZE(hipEvent_t, sizeof(struct ihipEvent_t *))
SIZE(hipGraph_t, sizeof(struct ihipGraph *))
SIZE(hipGraphNode_t, sizeof(struct hipGraphNode *))
SIZE(hipGraphExec_t, sizeof(struct hipGraphExec *))
SIZE(hipArray_t, sizeof(struct hipArray *))
SIZE(hipMemGenericAllocationHandle_t, sizeof(struct ihipMemGenericAllocationHandle *))
SIZE(dim3, 12)
OFFSET(dim3, x, 0)
OFFSET(dim3, y, 4)
OFFSET(dim3, z, 8)
/* Each enum is an int-sized type, named by its tag too. */
SIZE(enum hipError_t, sizeof(hipError_t))
SIZE(enum hipDeviceAttribute_t, sizeof(hipDeviceAttribute_t))
SIZE(enum hipComputeMode, sizeof(int))
SIZE(enum hipDeviceP2PAttr, sizeof(hipDeviceP2PAttr))
SIZE(enum hipMemoryType, sizeof(hipMemoryType))
SIZE(enum hipStreamCaptureMode, sizeof(hipStreamCaptureMode))
SIZE(enum hipStreamCaptureStatus, sizeof(hipStreamCaptureStatus))
SIZE(enum hipGraphNodeType, sizeof(hipGraphNodeType))
SIZE(enum hipGraphInstantiateFlags, sizeof(hipGraphInstantiateFlags))
SIZE(enum hipMemcpyKind, sizeof(hipMemcpyKind))
SIZE(enum hipMemLocationType, sizeof(hipMemLocationType))
SIZE(enum hipMemAccessFlags, sizeof(hipMemAccessFlags))
SIZE(enum hipMemAllocationType, sizeof(hipMemAllocationType))
SIZE(enum hipMemAllocationHandleType, sizeof(hipMemAllocationHandleType))
SIZE(enum hipMemAllocationGranularity_flags, sizeof(hipMemAllocationGranularity_flags))
SIZE(enum hipMemHandleType, sizeof(hipMemHandleType))
SIZE(enum hipMemPoolAttr, sizeof(hipMemPoolAttr))
SIZE(enum hipMemOperationType, sizeof(hipMemOperationType))
SIZE(enum hipArraySparseSubresourceType, sizeof(hipArraySparseSubresourceType))
SIZE(enum hipChannelFormatKind, sizeof(hipChannelFormatKind))
SIZE(enum hipArray_Format, sizeof(hipArray_Format))
SIZE(enum hipResourceType, sizeof(hipResourceType))
SIZE(hipArray_const_t, sizeof(const struct hipArray *))
SIZE(hipMipmappedArray_t, sizeof(struct hipMipmappedArray *))
SIZE(hipMipmappedArray_const_t, sizeof(const struct hipMipmappedArray *))
#if HIP_VERSION >= 50400000
SIZE(enum HIPresourcetype_enum, sizeof(HIPresourcetype))
SIZE(hipResourcetype, sizeof(HIPresourcetype))
#endif
#if HIP_VERSION >= 50700000
SIZE(hipmipmappedArray, sizeof(hipMipmappedArray_t))
#endif
SIZE(struct HIP_ARRAY_DESCRIPTOR, sizeof(HIP_ARRAY_DESCRIPTOR))
SIZE(struct HIP_ARRAY3D_DESCRIPTOR, sizeof(HIP_ARRAY3D_DESCRIPTOR))
SIZE(struct hip_Memcpy2D, sizeof(hip_Memcpy2D))
SIZE(struct hipPitchedPtr, sizeof(hipPitchedPtr))
SIZE(struct hipExtent, sizeof(hipExtent))
SIZE(struct hipPos, sizeof(hipPos))
SIZE(struct hipMemcpy3DParms, sizeof(hipMemcpy3DParms))
SIZE(struct HIP_MEMCPY3D, sizeof(HIP_MEMCPY3D))
SIZE(hipError_t, sizeof(int))
#if HIP_VERSION >= 60200000
SIZE(enum hipDriverProcAddressQueryResult, sizeof(hipDriverProcAddressQueryResult))
#endif
#if HIP_VERSION >= 70000000
SIZE(enum hipMemRangeHandleType, sizeof(hipMemRangeHandleType))
SIZE(enum hipMemRangeFlags, sizeof(hipMemRangeFlags))
#endif
/* Each struct is named by its tag too. */
SIZE(struct hipUUID_t, sizeof(hipUUID))
SIZE(struct hipDeviceProp_t, sizeof(hipDeviceProp_t))
SIZE(struct hipPointerAttribute_t, sizeof(hipPointerAttribute_t))
SIZE(struct hipMemLocation, sizeof(hipMemLocation))
SIZE(struct hipMemAccessDesc, sizeof(hipMemAccessDesc))
SIZE(struct hipMemAllocationProp, sizeof(hipMemAllocationProp))
SIZE(struct hipChannelFormatDesc, sizeof(hipChannelFormatDesc))
SIZE(struct hipMipmappedArray, sizeof(hipMipmappedArray))
SIZE(struct hipArrayMapInfo, sizeof(hipArrayMapInfo))
SIZE(struct hipMemPoolProps, sizeof(hipMemPoolProps))
SIZE(struct hipMemPoolPtrExportData, sizeof(hipMemPoolPtrExportData))
SIZE(hipMemPool_t, sizeof(struct ihipMemPoolHandle_t *))
SIZE(struct hipKernelNodeParams, sizeof(hipKernelNodeParams))
SIZE(struct hipMemsetParams, sizeof(hipMemsetParams))
#if HIP_VERSION >= 50500000
SIZE(struct hipMemAllocNodeParams, 120)
OFFSET(struct hipMemAllocNodeParams, accessDescs, 88)
OFFSET(struct hipMemAllocNodeParams, accessDescCount, 96)
OFFSET(struct hipMemAllocNodeParams, bytesize, 104)
OFFSET(struct hipMemAllocNodeParams, dptr, 112)
#endif
#if HIP_VERSION >= 60000000
SIZE(hipDeviceProp_tR0600, sizeof(hipDeviceProp_t))
#endif
#if HIP_VERSION >= 70000000
SIZE(struct hipMemFabricHandle_st, sizeof(hipMemFabricHandle_t))
#endif

#if defined(__LP64__)
SIZE(hipUUID, 16)
SIZE(hipDeviceArch_t, 4)
SIZE(hipMemLocation, 8)
OFFSET(hipMemLocation, type, 0)
OFFSET(hipMemLocation, id, 4)
SIZE(hipMemAccessDesc, 12)
OFFSET(hipMemAccessDesc, location, 0)
OFFSET(hipMemAccessDesc, flags, 8)
SIZE(hipPointerAttribute_t, 32)
SIZE(hipMemAllocationProp, 32)
SIZE(hipChannelFormatDesc, 20)
OFFSET(hipChannelFormatDesc, f, 16)
SIZE(hipMipmappedArray, 64)
OFFSET(hipMipmappedArray, desc, 8)
OFFSET(hipMipmappedArray, format, 56)
SIZE(hipKernelNodeParams, 64)
OFFSET(hipKernelNodeParams, blockDim, 0)
OFFSET(hipKernelNodeParams, extra, 16)
OFFSET(hipKernelNodeParams, func, 24)
OFFSET(hipKernelNodeParams, gridDim, 32)
OFFSET(hipKernelNodeParams, kernelParams, 48)
OFFSET(hipKernelNodeParams, sharedMemBytes, 56)
#if HIP_VERSION >= 60100000
SIZE(HIP_MEMSET_NODE_PARAMS, 40)
SIZE(struct HIP_MEMSET_NODE_PARAMS, sizeof(HIP_MEMSET_NODE_PARAMS))
OFFSET(HIP_MEMSET_NODE_PARAMS, dst, 0)
OFFSET(HIP_MEMSET_NODE_PARAMS, pitch, 8)
OFFSET(HIP_MEMSET_NODE_PARAMS, value, 16)
OFFSET(HIP_MEMSET_NODE_PARAMS, elementSize, 20)
OFFSET(HIP_MEMSET_NODE_PARAMS, width, 24)
OFFSET(HIP_MEMSET_NODE_PARAMS, height, 32)
#endif
#if HIP_VERSION >= 60200000
SIZE(hipGraphInstantiateParams, 32)
OFFSET(hipGraphInstantiateParams, errNode_out, 0)
OFFSET(hipGraphInstantiateParams, flags, 8)
OFFSET(hipGraphInstantiateParams, result_out, 16)
OFFSET(hipGraphInstantiateParams, uploadStream, 24)
#endif
SIZE(hipMemsetParams, 48)
OFFSET(hipMemsetParams, dst, 0)
OFFSET(hipMemsetParams, elementSize, 8)
OFFSET(hipMemsetParams, height, 16)
OFFSET(hipMemsetParams, pitch, 24)
OFFSET(hipMemsetParams, value, 32)
OFFSET(hipMemsetParams, width, 40)
SIZE(hipArrayMapInfo, 152)
OFFSET(hipArrayMapInfo, resourceType, 0)
OFFSET(hipArrayMapInfo, resource, 8)
OFFSET(hipArrayMapInfo, subresourceType, 72)
OFFSET(hipArrayMapInfo, subresource, 80)
OFFSET(hipArrayMapInfo, subresource.sparseLevel.extentDepth, 108)
OFFSET(hipArrayMapInfo, subresource.miptail.size, 96)
OFFSET(hipArrayMapInfo, memOperationType, 112)
OFFSET(hipArrayMapInfo, memHandleType, 116)
OFFSET(hipArrayMapInfo, memHandle, 120)
OFFSET(hipArrayMapInfo, offset, 128)
OFFSET(hipArrayMapInfo, deviceBitMask, 136)
OFFSET(hipArrayMapInfo, flags, 140)
OFFSET(hipArrayMapInfo, reserved, 144)
SIZE(hipMemPoolProps, 88)
OFFSET(hipMemPoolProps, allocType, 0)
OFFSET(hipMemPoolProps, handleTypes, 4)
OFFSET(hipMemPoolProps, location, 8)
OFFSET(hipMemPoolProps, win32SecurityAttributes, 16)
SIZE(hipMemPoolPtrExportData, 64)
SIZE(hipIpcMemHandle_t, 64)
SIZE(struct hipIpcMemHandle_st, 64)
SIZE(struct hipIpcEventHandle_st, 64)
SIZE(hipIpcEventHandle_t, 64)
OFFSET(hipIpcMemHandle_t, reserved, 0)
OFFSET(hipIpcEventHandle_t, reserved, 0)
#if HIP_VERSION >= 70000000
OFFSET(hipMemPoolProps, maxSize, 24)
OFFSET(hipMemPoolProps, reserved, 32)
#else /* no maxSize: reserved[64] follows */
OFFSET(hipMemPoolProps, reserved, 24)
#endif
SIZE(HIP_ARRAY_DESCRIPTOR, 24)
OFFSET(HIP_ARRAY_DESCRIPTOR, Format, 16)
OFFSET(HIP_ARRAY_DESCRIPTOR, NumChannels, 20)
SIZE(HIP_ARRAY3D_DESCRIPTOR, 40)
OFFSET(HIP_ARRAY3D_DESCRIPTOR, Depth, 16)
OFFSET(HIP_ARRAY3D_DESCRIPTOR, Format, 24)
OFFSET(HIP_ARRAY3D_DESCRIPTOR, Flags, 32)
SIZE(hip_Memcpy2D, 128)
OFFSET(hip_Memcpy2D, srcMemoryType, 16)
OFFSET(hip_Memcpy2D, srcArray, 40)
OFFSET(hip_Memcpy2D, dstXInBytes, 56)
OFFSET(hip_Memcpy2D, dstArray, 96)
OFFSET(hip_Memcpy2D, WidthInBytes, 112)
OFFSET(hip_Memcpy2D, Height, 120)
SIZE(hipPitchedPtr, 32)
OFFSET(hipPitchedPtr, pitch, 8)
OFFSET(hipPitchedPtr, ysize, 24)
SIZE(hipExtent, 24)
OFFSET(hipExtent, depth, 16)
SIZE(hipPos, 24)
OFFSET(hipPos, z, 16)
SIZE(hipMemcpy3DParms, 160)
OFFSET(hipMemcpy3DParms, srcPos, 8)
OFFSET(hipMemcpy3DParms, srcPtr, 32)
OFFSET(hipMemcpy3DParms, dstArray, 64)
OFFSET(hipMemcpy3DParms, dstPtr, 96)
OFFSET(hipMemcpy3DParms, extent, 128)
OFFSET(hipMemcpy3DParms, kind, 152)
#if HIP_VERSION >= 60000000
/* size_t positions and sizes from 6.0; 5.x had unsigned ints */
SIZE(HIP_MEMCPY3D, 184)
OFFSET(HIP_MEMCPY3D, srcMemoryType, 32)
OFFSET(HIP_MEMCPY3D, srcArray, 56)
OFFSET(HIP_MEMCPY3D, srcHeight, 72)
OFFSET(HIP_MEMCPY3D, dstXInBytes, 80)
OFFSET(HIP_MEMCPY3D, dstMemoryType, 112)
OFFSET(HIP_MEMCPY3D, dstHeight, 152)
OFFSET(HIP_MEMCPY3D, WidthInBytes, 160)
OFFSET(HIP_MEMCPY3D, Depth, 176)
#endif
#if HIP_VERSION >= 50300000
/* The layout of 5.3 and later (and CUDA's); 5.2 ordered the fields differently. */
OFFSET(hipMemAllocationProp, type, 0)
OFFSET(hipMemAllocationProp, requestedHandleType, 4)
OFFSET(hipMemAllocationProp, location, 8)
OFFSET(hipMemAllocationProp, win32HandleMetaData, 16)
OFFSET(hipMemAllocationProp, allocFlags, 24)
OFFSET(hipMemAllocationProp, allocFlags.gpuDirectRDMACapable, 25)
OFFSET(hipMemAllocationProp, allocFlags.usage, 26)
#endif
#if HIP_VERSION >= 50700000
OFFSET(hipMipmappedArray, num_channels, 60)
#endif
#if HIP_VERSION >= 60000000
/* hipDeviceProp_tR0600, and the pointer attributes of 6.0 and later. */
SIZE(hipDeviceProp_t, 1472)
OFFSET(hipDeviceProp_t, name, 0)
OFFSET(hipDeviceProp_t, uuid, 256)
OFFSET(hipDeviceProp_t, luid, 272)
OFFSET(hipDeviceProp_t, totalGlobalMem, 288)
OFFSET(hipDeviceProp_t, major, 360)
OFFSET(hipDeviceProp_t, multiProcessorCount, 388)
OFFSET(hipDeviceProp_t, pciBusID, 584)
OFFSET(hipDeviceProp_t, managedMemory, 652)
OFFSET(hipDeviceProp_t, memoryPoolsSupported, 744)
OFFSET(hipDeviceProp_t, unifiedFunctionPointers, 776)
OFFSET(hipDeviceProp_t, reserved, 780)
OFFSET(hipDeviceProp_t, hipReserved, 1032)
OFFSET(hipDeviceProp_t, gcnArchName, 1160)
OFFSET(hipDeviceProp_t, maxSharedMemoryPerMultiProcessor, 1416)
OFFSET(hipDeviceProp_t, arch, 1428)
OFFSET(hipDeviceProp_t, hdpMemFlushCntl, 1432)
OFFSET(hipDeviceProp_t, asicRevision, 1468)
OFFSET(hipPointerAttribute_t, type, 0)
OFFSET(hipPointerAttribute_t, device, 4)
OFFSET(hipPointerAttribute_t, devicePointer, 8)
OFFSET(hipPointerAttribute_t, hostPointer, 16)
OFFSET(hipPointerAttribute_t, isManaged, 24)
OFFSET(hipPointerAttribute_t, allocationFlags, 28)
#endif
#if HIP_VERSION >= 70000000
SIZE(hipMemFabricHandle_t, 64)
OFFSET(hipMemAllocationProp, requestedHandleTypes, 4)
#endif
#endif /* __LP64__ */

/* ---- functions, each with ROCm 7.x's signature ---- */

void api_surface_signatures(void);
void api_surface_signatures(void) {
  SIGNATURE(hipInit, hipError_t, (unsigned int flags))
  SIGNATURE(hipGetDeviceCount, hipError_t, (int *count))
  SIGNATURE(hipSetDevice, hipError_t, (int deviceId))
  SIGNATURE(hipGetDevice, hipError_t, (int *deviceId))
  SIGNATURE(hipDeviceGetAttribute, hipError_t, (int *pi, hipDeviceAttribute_t attr, int deviceId))
  SIGNATURE(hipDeviceCanAccessPeer, hipError_t,
            (int *canAccessPeer, int deviceId, int peerDeviceId))
  SIGNATURE(hipDeviceSynchronize, hipError_t, (void))
  SIGNATURE(hipDriverGetVersion, hipError_t, (int *driverVersion))
  SIGNATURE(hipRuntimeGetVersion, hipError_t, (int *runtimeVersion))
  SIGNATURE(hipGetErrorName, const char *, (hipError_t hip_error))
  SIGNATURE(hipGetErrorString, const char *, (hipError_t hipError))
#if HIP_VERSION >= 50300000
  SIGNATURE(hipDrvGetErrorName, hipError_t, (hipError_t hipError, const char **errorString))
  SIGNATURE(hipDrvGetErrorString, hipError_t, (hipError_t hipError, const char **errorString))
#endif
  SIGNATURE(hipGetLastError, hipError_t, (void))
  SIGNATURE(hipPeekAtLastError, hipError_t, (void))
  SIGNATURE(hipDeviceGet, hipError_t, (hipDevice_t * device, int ordinal))
  SIGNATURE(hipDeviceComputeCapability, hipError_t, (int *major, int *minor, hipDevice_t device))
  SIGNATURE(hipDeviceGetName, hipError_t, (char *name, int len, hipDevice_t device))
  SIGNATURE(hipDeviceGetUuid, hipError_t, (hipUUID * uuid, hipDevice_t device))
  SIGNATURE(hipDeviceGetPCIBusId, hipError_t, (char *pciBusId, int len, int device))
  SIGNATURE(hipDeviceTotalMem, hipError_t, (size_t * bytes, hipDevice_t device))
  SIGNATURE(hipDeviceGetP2PAttribute, hipError_t,
            (int *value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice))
  SIGNATURE(hipDeviceEnablePeerAccess, hipError_t, (int peerDeviceId, unsigned int flags))
  SIGNATURE(hipDeviceDisablePeerAccess, hipError_t, (int peerDeviceId))
  SIGNATURE(hipDeviceReset, hipError_t, (void))
  SIGNATURE(hipDeviceGetLimit, hipError_t, (size_t * pValue, enum hipLimit_t limit))
#if HIP_VERSION >= 50300000
  SIGNATURE(hipDeviceSetLimit, hipError_t, (enum hipLimit_t limit, size_t value))
#endif
  SIGNATURE(hipDeviceGetCacheConfig, hipError_t, (hipFuncCache_t * cacheConfig))
  SIGNATURE(hipDeviceSetCacheConfig, hipError_t, (hipFuncCache_t cacheConfig))
  SIGNATURE(hipDeviceGetSharedMemConfig, hipError_t, (hipSharedMemConfig * pConfig))
  SIGNATURE(hipDeviceSetSharedMemConfig, hipError_t, (hipSharedMemConfig config))
  SIGNATURE(hipFuncSetCacheConfig, hipError_t, (const void *func, hipFuncCache_t config))
  SIGNATURE(hipFuncSetSharedMemConfig, hipError_t, (const void *func, hipSharedMemConfig config))
  SIGNATURE(hipGetDeviceFlags, hipError_t, (unsigned int *flags))
  SIGNATURE(hipSetDeviceFlags, hipError_t, (unsigned flags))
  SIGNATURE(hipChooseDevice, hipError_t, (int *device, const hipDeviceProp_t *prop))
  SIGNATURE(hipDeviceGetByPCIBusId, hipError_t, (int *device, const char *pciBusId))
  SIGNATURE(hipExtStreamCreateWithCUMask, hipError_t,
            (hipStream_t * stream, uint32_t cuMaskSize, const uint32_t *cuMask))
  SIGNATURE(hipExtStreamGetCUMask, hipError_t,
            (hipStream_t stream, uint32_t cuMaskSize, uint32_t * cuMask))
  SIGNATURE(hipLaunchKernel, hipError_t,
            (const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
             size_t sharedMemBytes, hipStream_t stream))
  SIGNATURE(hipStreamAddCallback, hipError_t,
            (hipStream_t stream, hipStreamCallback_t callback, void *userData, unsigned int flags))
  SIGNATURE(hipLaunchHostFunc, hipError_t, (hipStream_t stream, hipHostFn_t fn, void *userData))
  SIGNATURE(hipModuleLoad, hipError_t, (hipModule_t * module, const char *fname))
  SIGNATURE(hipModuleLoadData, hipError_t, (hipModule_t * module, const void *image))
  SIGNATURE(hipModuleUnload, hipError_t, (hipModule_t module))
  SIGNATURE(hipModuleGetFunction, hipError_t,
            (hipFunction_t * function, hipModule_t module, const char *kname))
  SIGNATURE(hipModuleGetGlobal, hipError_t,
            (hipDeviceptr_t * dptr, size_t * bytes, hipModule_t hmod, const char *name))
  SIGNATURE(hipModuleLaunchKernel, hipError_t,
            (hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
             unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
             unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams, void **extra))
  SIGNATURE(hiprtcGetErrorString, const char *, (hiprtcResult result))
  SIGNATURE(hiprtcVersion, hiprtcResult, (int *major, int *minor))
  SIGNATURE(hiprtcCreateProgram, hiprtcResult,
            (hiprtcProgram * prog, const char *src, const char *name, int numHeaders,
             const char **headers, const char **includeNames))
  SIGNATURE(hiprtcDestroyProgram, hiprtcResult, (hiprtcProgram * prog))
  SIGNATURE(hiprtcAddNameExpression, hiprtcResult,
            (hiprtcProgram prog, const char *name_expression))
  SIGNATURE(hiprtcCompileProgram, hiprtcResult,
            (hiprtcProgram prog, int numOptions, const char **options))
  SIGNATURE(hiprtcGetLoweredName, hiprtcResult,
            (hiprtcProgram prog, const char *name_expression, const char **lowered_name))
  SIGNATURE(hiprtcGetProgramLogSize, hiprtcResult, (hiprtcProgram prog, size_t * logSizeRet))
  SIGNATURE(hiprtcGetProgramLog, hiprtcResult, (hiprtcProgram prog, char *log))
  SIGNATURE(hiprtcGetCodeSize, hiprtcResult, (hiprtcProgram prog, size_t * codeSizeRet))
  SIGNATURE(hiprtcGetCode, hiprtcResult, (hiprtcProgram prog, char *code))
#if HIP_VERSION >= 60000000
  SIGNATURE(hiprtcGetBitcodeSize, hiprtcResult, (hiprtcProgram prog, size_t * bitcode_size))
  SIGNATURE(hiprtcGetBitcode, hiprtcResult, (hiprtcProgram prog, char *bitcode))
#endif
  SIGNATURE(hipCtxGetCurrent, hipError_t, (hipCtx_t * ctx))
  SIGNATURE(hipCtxSetCurrent, hipError_t, (hipCtx_t ctx))
  SIGNATURE(hipCtxPushCurrent, hipError_t, (hipCtx_t ctx))
  SIGNATURE(hipCtxPopCurrent, hipError_t, (hipCtx_t * ctx))
  SIGNATURE(hipCtxGetDevice, hipError_t, (hipDevice_t * device))
  SIGNATURE(hipCtxSynchronize, hipError_t, (void))
  SIGNATURE(hipDevicePrimaryCtxRetain, hipError_t, (hipCtx_t * pctx, hipDevice_t dev))
  SIGNATURE(hipDevicePrimaryCtxRelease, hipError_t, (hipDevice_t dev))
  SIGNATURE(hipDevicePrimaryCtxGetState, hipError_t,
            (hipDevice_t dev, unsigned int *flags, int *active))
  SIGNATURE(hipDevicePrimaryCtxReset, hipError_t, (hipDevice_t dev))
  SIGNATURE(hipMalloc, hipError_t, (void **ptr, size_t size))
  SIGNATURE(hipFree, hipError_t, (void *ptr))
  SIGNATURE(hipMemGetInfo, hipError_t, (size_t * free, size_t * total))
  SIGNATURE(hipMemcpy, hipError_t,
            (void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind))
#if HIP_VERSION >= 70000000
  SIGNATURE(hipMemcpyHtoD, hipError_t, (hipDeviceptr_t dst, const void *src, size_t sizeBytes))
#else /* a source that is not const */
  SIGNATURE(hipMemcpyHtoD, hipError_t, (hipDeviceptr_t dst, void *src, size_t sizeBytes))
#endif
  SIGNATURE(hipMemcpyDtoH, hipError_t, (void *dst, hipDeviceptr_t src, size_t sizeBytes))
  SIGNATURE(hipMemcpyDtoD, hipError_t, (hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes))
  SIGNATURE(hipMemcpyPeer, hipError_t,
            (void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes))
  SIGNATURE(hipMemset, hipError_t, (void *dst, int value, size_t sizeBytes))
  SIGNATURE(hipMemsetD8, hipError_t, (hipDeviceptr_t dest, unsigned char value, size_t count))
  SIGNATURE(hipMemsetD32, hipError_t, (hipDeviceptr_t dest, int value, size_t count))
  SIGNATURE(hipMemcpyAsync, hipError_t,
            (void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream))
#if HIP_VERSION >= 70000000
  SIGNATURE(hipMemcpyHtoDAsync, hipError_t,
            (hipDeviceptr_t dst, const void *src, size_t sizeBytes, hipStream_t stream))
#else /* a source that is not const */
  SIGNATURE(hipMemcpyHtoDAsync, hipError_t,
            (hipDeviceptr_t dst, void *src, size_t sizeBytes, hipStream_t stream))
#endif
  SIGNATURE(hipMemcpyDtoHAsync, hipError_t,
            (void *dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream))
  SIGNATURE(hipMemcpyDtoDAsync, hipError_t,
            (hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream))
  SIGNATURE(hipMemcpyPeerAsync, hipError_t,
            (void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
             hipStream_t stream))
  SIGNATURE(hipMemsetAsync, hipError_t,
            (void *dst, int value, size_t sizeBytes, hipStream_t stream))
  SIGNATURE(hipMemsetD8Async, hipError_t,
            (hipDeviceptr_t dest, unsigned char value, size_t count, hipStream_t stream))
  SIGNATURE(hipMemsetD32Async, hipError_t,
            (hipDeviceptr_t dst, int value, size_t count, hipStream_t stream))
  SIGNATURE(hipStreamCreate, hipError_t, (hipStream_t * stream))
  SIGNATURE(hipStreamDestroy, hipError_t, (hipStream_t stream))
  SIGNATURE(hipStreamSynchronize, hipError_t, (hipStream_t stream))
  SIGNATURE(hipMemsetD16, hipError_t, (hipDeviceptr_t dest, unsigned short value, size_t count))
  SIGNATURE(hipMemsetD16Async, hipError_t,
            (hipDeviceptr_t dest, unsigned short value, size_t count, hipStream_t stream))
  SIGNATURE(hipExtMallocWithFlags, hipError_t, (void **ptr, size_t sizeBytes, unsigned int flags))
  SIGNATURE(hipMallocManaged, hipError_t, (void **dev_ptr, size_t size, unsigned int flags))
  SIGNATURE(hipMallocAsync, hipError_t, (void **dev_ptr, size_t size, hipStream_t stream))
  SIGNATURE(hipFreeAsync, hipError_t, (void *dev_ptr, hipStream_t stream))
  SIGNATURE(hipDeviceGetDefaultMemPool, hipError_t, (hipMemPool_t * mem_pool, int device))
  SIGNATURE(hipDeviceSetMemPool, hipError_t, (int device, hipMemPool_t mem_pool))
  SIGNATURE(hipDeviceGetMemPool, hipError_t, (hipMemPool_t * mem_pool, int device))
  SIGNATURE(hipMemPoolCreate, hipError_t,
            (hipMemPool_t * mem_pool, const hipMemPoolProps *pool_props))
  SIGNATURE(hipMemPoolDestroy, hipError_t, (hipMemPool_t mem_pool))
  SIGNATURE(hipMemPoolSetAttribute, hipError_t,
            (hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value))
  SIGNATURE(hipMemPoolGetAttribute, hipError_t,
            (hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value))
  SIGNATURE(hipMemPoolSetAccess, hipError_t,
            (hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count))
  SIGNATURE(hipMemPoolGetAccess, hipError_t,
            (hipMemAccessFlags * flags, hipMemPool_t mem_pool, hipMemLocation * location))
  SIGNATURE(hipMemPoolTrimTo, hipError_t, (hipMemPool_t mem_pool, size_t min_bytes_to_hold))
  SIGNATURE(hipMallocFromPoolAsync, hipError_t,
            (void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream))
  SIGNATURE(hipMemPoolExportToShareableHandle, hipError_t,
            (void *shared_handle, hipMemPool_t mem_pool, hipMemAllocationHandleType handle_type,
             unsigned int flags))
  SIGNATURE(hipMemPoolImportFromShareableHandle, hipError_t,
            (hipMemPool_t * mem_pool, void *shared_handle, hipMemAllocationHandleType handle_type,
             unsigned int flags))
  SIGNATURE(hipMemPoolExportPointer, hipError_t,
            (hipMemPoolPtrExportData * export_data, void *dev_ptr))
  SIGNATURE(hipMemPoolImportPointer, hipError_t,
            (void **dev_ptr, hipMemPool_t mem_pool, hipMemPoolPtrExportData *export_data))
  SIGNATURE(hipHostMalloc, hipError_t, (void **ptr, size_t size, unsigned int flags))
  SIGNATURE(hipHostFree, hipError_t, (void *ptr))
  SIGNATURE(hipFreeHost, hipError_t, (void *ptr))
  SIGNATURE(hipHostRegister, hipError_t, (void *hostPtr, size_t sizeBytes, unsigned int flags))
  SIGNATURE(hipHostUnregister, hipError_t, (void *hostPtr))
  SIGNATURE(hipHostGetDevicePointer, hipError_t, (void **devPtr, void *hstPtr, unsigned int flags))
  SIGNATURE(hipHostGetFlags, hipError_t, (unsigned int *flagsPtr, void *hostPtr))
  SIGNATURE(hipMemAdvise, hipError_t,
            (const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device))
  SIGNATURE(hipMemPrefetchAsync, hipError_t,
            (const void *dev_ptr, size_t count, int device, hipStream_t stream))
  SIGNATURE(hipMemRangeGetAttribute, hipError_t,
            (void *data, size_t data_size, hipMemRangeAttribute attribute, const void *dev_ptr,
             size_t count))
  SIGNATURE(hipMemRangeGetAttributes, hipError_t,
            (void **data, size_t *data_sizes, hipMemRangeAttribute *attributes,
             size_t num_attributes, const void *dev_ptr, size_t count))
  SIGNATURE(hipGetSymbolAddress, hipError_t, (void **devPtr, const void *symbol))
  SIGNATURE(hipGetSymbolSize, hipError_t, (size_t * size, const void *symbol))
  SIGNATURE(
      hipMemcpyToSymbol, hipError_t,
      (const void *symbol, const void *src, size_t sizeBytes, size_t offset, hipMemcpyKind kind))
  SIGNATURE(hipMemcpyToSymbolAsync, hipError_t,
            (const void *symbol, const void *src, size_t sizeBytes, size_t offset,
             hipMemcpyKind kind, hipStream_t stream))
  SIGNATURE(hipMemcpyFromSymbol, hipError_t,
            (void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind))
  SIGNATURE(hipMemcpyFromSymbolAsync, hipError_t,
            (void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind,
             hipStream_t stream))
  SIGNATURE(hipMemset2D, hipError_t,
            (void *dst, size_t pitch, int value, size_t width, size_t height))
  SIGNATURE(hipMemset2DAsync, hipError_t,
            (void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream))
  SIGNATURE(hipMemset3D, hipError_t, (hipPitchedPtr pitchedDevPtr, int value, hipExtent extent))
  SIGNATURE(hipMemset3DAsync, hipError_t,
            (hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream))
  SIGNATURE(hipMemcpyWithStream, hipError_t,
            (void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream))
  SIGNATURE(hipDrvMemcpy2DUnaligned, hipError_t, (const hip_Memcpy2D *pCopy))
  SIGNATURE(hipMemcpyAtoH, hipError_t,
            (void *dst, hipArray_t srcArray, size_t srcOffset, size_t count))
  SIGNATURE(hipMemcpyHtoA, hipError_t,
            (hipArray_t dstArray, size_t dstOffset, const void *srcHost, size_t count))
  SIGNATURE(hipMallocHost, hipError_t, (void **ptr, size_t size))
  SIGNATURE(hipHostAlloc, hipError_t, (void **ptr, size_t size, unsigned int flags))
  SIGNATURE(hipMemPtrGetInfo, hipError_t, (void *ptr, size_t *size))
  SIGNATURE(hipStreamAttachMemAsync, hipError_t,
            (hipStream_t stream, void *dev_ptr, size_t length, unsigned int flags))
  SIGNATURE(hipPointerGetAttribute, hipError_t,
            (void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr))
  SIGNATURE(hipDrvPointerGetAttributes, hipError_t,
            (unsigned int numAttributes, hipPointer_attribute *attributes, void **data,
             hipDeviceptr_t ptr))
/* First declared in ROCm 6.2's header (clr exports them at hip_6.2). */
#if HIP_VERSION >= 60200000
  SIGNATURE(hipMemcpyAtoD, hipError_t,
            (hipDeviceptr_t dstDevice, hipArray_t srcArray, size_t srcOffset, size_t ByteCount))
  SIGNATURE(hipMemcpyDtoA, hipError_t,
            (hipArray_t dstArray, size_t dstOffset, hipDeviceptr_t srcDevice, size_t ByteCount))
  SIGNATURE(hipMemcpyAtoA, hipError_t,
            (hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray, size_t srcOffset,
             size_t ByteCount))
  SIGNATURE(
      hipMemcpyAtoHAsync, hipError_t,
      (void *dstHost, hipArray_t srcArray, size_t srcOffset, size_t ByteCount, hipStream_t stream))
  SIGNATURE(hipMemcpyHtoAAsync, hipError_t,
            (hipArray_t dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount,
             hipStream_t stream))
  SIGNATURE(hipPointerSetAttribute, hipError_t,
            (const void *value, hipPointer_attribute attribute, hipDeviceptr_t ptr))
#endif
  SIGNATURE(hipMemAllocHost, hipError_t, (void **ptr, size_t size))
  SIGNATURE(hipMemAllocPitch, hipError_t,
            (hipDeviceptr_t * dptr, size_t * pitch, size_t widthInBytes, size_t height,
             unsigned int elementSizeBytes))
  SIGNATURE(hipCreateTextureObject, hipError_t,
            (hipTextureObject_t * pTexObject, const hipResourceDesc *pResDesc,
             const hipTextureDesc *pTexDesc, const struct hipResourceViewDesc *pResViewDesc))
  SIGNATURE(hipDestroyTextureObject, hipError_t, (hipTextureObject_t textureObject))
  SIGNATURE(hipGetTextureObjectResourceDesc, hipError_t,
            (hipResourceDesc * pResDesc, hipTextureObject_t textureObject))
  SIGNATURE(hipGetTextureObjectResourceViewDesc, hipError_t,
            (struct hipResourceViewDesc * pResViewDesc, hipTextureObject_t textureObject))
  SIGNATURE(hipGetTextureObjectTextureDesc, hipError_t,
            (hipTextureDesc * pTexDesc, hipTextureObject_t textureObject))
  SIGNATURE(hipTexObjectCreate, hipError_t,
            (hipTextureObject_t * pTexObject, const HIP_RESOURCE_DESC *pResDesc,
             const HIP_TEXTURE_DESC *pTexDesc, const HIP_RESOURCE_VIEW_DESC *pResViewDesc))
  SIGNATURE(hipTexObjectDestroy, hipError_t, (hipTextureObject_t texObject))
  SIGNATURE(hipExtGetLinkTypeAndHopCount, hipError_t,
            (int device1, int device2, uint32_t *linktype, uint32_t *hopcount))
  SIGNATURE(hipStreamWaitValue32, hipError_t,
            (hipStream_t stream, void *ptr, uint32_t value, unsigned int flags, uint32_t mask))
  SIGNATURE(hipStreamWaitValue64, hipError_t,
            (hipStream_t stream, void *ptr, uint64_t value, unsigned int flags, uint64_t mask))
  SIGNATURE(hipStreamWriteValue32, hipError_t,
            (hipStream_t stream, void *ptr, uint32_t value, unsigned int flags))
  SIGNATURE(hipStreamWriteValue64, hipError_t,
            (hipStream_t stream, void *ptr, uint64_t value, unsigned int flags))
  SIGNATURE(hipIpcGetMemHandle, hipError_t, (hipIpcMemHandle_t * handle, void *devPtr))
  SIGNATURE(hipIpcOpenMemHandle, hipError_t,
            (void **devPtr, hipIpcMemHandle_t handle, unsigned int flags))
  SIGNATURE(hipIpcCloseMemHandle, hipError_t, (void *devPtr))
  SIGNATURE(hipMemGetAddressRange, hipError_t,
            (hipDeviceptr_t * pbase, size_t * psize, hipDeviceptr_t dptr))
  SIGNATURE(hipPointerGetAttributes, hipError_t,
            (hipPointerAttribute_t * attributes, const void *ptr))
  SIGNATURE(hipStreamCreateWithFlags, hipError_t, (hipStream_t * stream, unsigned int flags))
  SIGNATURE(hipStreamCreateWithPriority, hipError_t,
            (hipStream_t * stream, unsigned int flags, int priority))
  SIGNATURE(hipDeviceGetStreamPriorityRange, hipError_t,
            (int *leastPriority, int *greatestPriority))
  SIGNATURE(hipStreamQuery, hipError_t, (hipStream_t stream))
  SIGNATURE(hipStreamWaitEvent, hipError_t,
            (hipStream_t stream, hipEvent_t event, unsigned int flags))
  SIGNATURE(hipStreamGetFlags, hipError_t, (hipStream_t stream, unsigned int *flags))
  SIGNATURE(hipStreamGetPriority, hipError_t, (hipStream_t stream, int *priority))
  SIGNATURE(hipEventCreate, hipError_t, (hipEvent_t * event))
  SIGNATURE(hipEventCreateWithFlags, hipError_t, (hipEvent_t * event, unsigned flags))
  SIGNATURE(hipEventRecord, hipError_t, (hipEvent_t event, hipStream_t stream))
  SIGNATURE(hipEventQuery, hipError_t, (hipEvent_t event))
  SIGNATURE(hipEventSynchronize, hipError_t, (hipEvent_t event))
  SIGNATURE(hipEventElapsedTime, hipError_t, (float *ms, hipEvent_t start, hipEvent_t stop))
  SIGNATURE(hipEventDestroy, hipError_t, (hipEvent_t event))
  SIGNATURE(hipStreamBeginCapture, hipError_t, (hipStream_t stream, hipStreamCaptureMode mode))
  SIGNATURE(hipStreamEndCapture, hipError_t, (hipStream_t stream, hipGraph_t * pGraph))
  SIGNATURE(hipStreamIsCapturing, hipError_t,
            (hipStream_t stream, hipStreamCaptureStatus * pCaptureStatus))
  SIGNATURE(hipStreamGetCaptureInfo, hipError_t,
            (hipStream_t stream, hipStreamCaptureStatus * pCaptureStatus, unsigned long long *pId))
  SIGNATURE(hipThreadExchangeStreamCaptureMode, hipError_t, (hipStreamCaptureMode * mode))
  SIGNATURE(hipGraphDestroy, hipError_t, (hipGraph_t graph))
  SIGNATURE(hipGraphCreate, hipError_t, (hipGraph_t * pGraph, unsigned int flags))
  SIGNATURE(hipGraphAddKernelNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, const hipKernelNodeParams *pNodeParams))
  SIGNATURE(hipGraphAddMemcpyNode1D, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, void *dst, const void *src, size_t count, hipMemcpyKind kind))
  SIGNATURE(hipGraphAddMemsetNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, const hipMemsetParams *pMemsetParams))
  SIGNATURE(hipGraphAddEmptyNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies))
  SIGNATURE(hipGraphAddDependencies, hipError_t,
            (hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
             size_t numDependencies))
  SIGNATURE(hipGraphGetNodes, hipError_t,
            (hipGraph_t graph, hipGraphNode_t * nodes, size_t * numNodes))
  SIGNATURE(hipGraphGetRootNodes, hipError_t,
            (hipGraph_t graph, hipGraphNode_t * pRootNodes, size_t * pNumRootNodes))
  SIGNATURE(hipGraphNodeGetType, hipError_t, (hipGraphNode_t node, hipGraphNodeType * pType))
  SIGNATURE(hipGraphInstantiate, hipError_t,
            (hipGraphExec_t * pGraphExec, hipGraph_t graph, hipGraphNode_t * pErrorNode,
             char *pLogBuffer, size_t bufferSize))
  SIGNATURE(hipGraphInstantiateWithFlags, hipError_t,
            (hipGraphExec_t * pGraphExec, hipGraph_t graph, unsigned long long flags))
  SIGNATURE(hipGraphLaunch, hipError_t, (hipGraphExec_t graphExec, hipStream_t stream))
  SIGNATURE(hipGraphExecDestroy, hipError_t, (hipGraphExec_t graphExec))
  SIGNATURE(hipGraphAddMemcpyNodeToSymbol, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, const void *symbol, const void *src, size_t count,
             size_t offset, hipMemcpyKind kind))
  SIGNATURE(hipGraphAddMemcpyNodeFromSymbol, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, void *dst, const void *symbol, size_t count, size_t offset,
             hipMemcpyKind kind))
  SIGNATURE(hipGraphMemcpyNodeSetParamsToSymbol, hipError_t,
            (hipGraphNode_t node, const void *symbol, const void *src, size_t count, size_t offset,
             hipMemcpyKind kind))
  SIGNATURE(hipGraphMemcpyNodeSetParamsFromSymbol, hipError_t,
            (hipGraphNode_t node, void *dst, const void *symbol, size_t count, size_t offset,
             hipMemcpyKind kind))
  SIGNATURE(hipGraphExecMemcpyNodeSetParamsToSymbol, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, const void *symbol, const void *src,
             size_t count, size_t offset, hipMemcpyKind kind))
  SIGNATURE(hipGraphExecMemcpyNodeSetParamsFromSymbol, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst, const void *symbol,
             size_t count, size_t offset, hipMemcpyKind kind))
  SIGNATURE(hipGraphAddMemcpyNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, const hipMemcpy3DParms *pCopyParams))
  SIGNATURE(hipGraphAddHostNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, const hipHostNodeParams *pNodeParams))
  SIGNATURE(hipGraphAddEventRecordNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, hipEvent_t event))
  SIGNATURE(hipGraphAddEventWaitNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, hipEvent_t event))
  SIGNATURE(hipGraphAddChildGraphNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, hipGraph_t childGraph))
  SIGNATURE(hipGraphChildGraphNodeGetGraph, hipError_t, (hipGraphNode_t node, hipGraph_t * pGraph))
#if HIP_VERSION >= 50500000
  SIGNATURE(hipGraphAddMemAllocNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, hipMemAllocNodeParams *pNodeParams))
  SIGNATURE(hipGraphMemAllocNodeGetParams, hipError_t,
            (hipGraphNode_t node, hipMemAllocNodeParams * pNodeParams))
  SIGNATURE(hipGraphAddMemFreeNode, hipError_t,
            (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
             size_t numDependencies, void *dev_ptr))
  SIGNATURE(hipGraphMemFreeNodeGetParams, hipError_t, (hipGraphNode_t node, void *dev_ptr))
#endif
#if HIP_VERSION >= 50300000
  SIGNATURE(hipDeviceGetGraphMemAttribute, hipError_t,
            (int device, hipGraphMemAttributeType attr, void *value))
  SIGNATURE(hipDeviceSetGraphMemAttribute, hipError_t,
            (int device, hipGraphMemAttributeType attr, void *value))
  SIGNATURE(hipDeviceGraphMemTrim, hipError_t, (int device))
#endif
  SIGNATURE(hipGraphClone, hipError_t, (hipGraph_t * pGraphClone, hipGraph_t originalGraph))
  SIGNATURE(hipGraphNodeFindInClone, hipError_t,
            (hipGraphNode_t * pNode, hipGraphNode_t originalNode, hipGraph_t clonedGraph))
  SIGNATURE(hipGraphNodeGetDependencies, hipError_t,
            (hipGraphNode_t node, hipGraphNode_t * pDependencies, size_t * pNumDependencies))
  SIGNATURE(hipGraphNodeGetDependentNodes, hipError_t,
            (hipGraphNode_t node, hipGraphNode_t * pDependentNodes, size_t * pNumDependentNodes))
  SIGNATURE(hipGraphGetEdges, hipError_t,
            (hipGraph_t graph, hipGraphNode_t * from, hipGraphNode_t * to, size_t * numEdges))
  SIGNATURE(hipGraphRemoveDependencies, hipError_t,
            (hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
             size_t numDependencies))
  SIGNATURE(hipGraphDestroyNode, hipError_t, (hipGraphNode_t node))
  SIGNATURE(hipStreamGetCaptureInfo_v2, hipError_t,
            (hipStream_t stream, hipStreamCaptureStatus * captureStatus_out,
             unsigned long long *id_out, hipGraph_t *graph_out,
             const hipGraphNode_t **dependencies_out, size_t *numDependencies_out))
#if HIP_VERSION >= 60100000
  SIGNATURE(hipStreamBeginCaptureToGraph, hipError_t,
            (hipStream_t stream, hipGraph_t graph, const hipGraphNode_t *dependencies,
             const hipGraphEdgeData *dependencyData, size_t numDependencies,
             hipStreamCaptureMode mode))
#endif
  SIGNATURE(hipStreamUpdateCaptureDependencies, hipError_t,
            (hipStream_t stream, hipGraphNode_t * dependencies, size_t numDependencies,
             unsigned int flags))
  SIGNATURE(hipGraphKernelNodeSetAttribute, hipError_t,
            (hipGraphNode_t hNode, hipKernelNodeAttrID attr, const hipKernelNodeAttrValue *value))
  SIGNATURE(hipGraphKernelNodeGetAttribute, hipError_t,
            (hipGraphNode_t hNode, hipKernelNodeAttrID attr, hipKernelNodeAttrValue * value))
#if HIP_VERSION >= 50300000
  SIGNATURE(hipGraphKernelNodeCopyAttributes, hipError_t,
            (hipGraphNode_t hSrc, hipGraphNode_t hDst))
  SIGNATURE(hipUserObjectCreate, hipError_t,
            (hipUserObject_t * object_out, void *ptr, hipHostFn_t destroy,
             unsigned int initialRefcount, unsigned int flags))
  SIGNATURE(hipUserObjectRelease, hipError_t, (hipUserObject_t object, unsigned int count))
  SIGNATURE(hipUserObjectRetain, hipError_t, (hipUserObject_t object, unsigned int count))
  SIGNATURE(hipGraphRetainUserObject, hipError_t,
            (hipGraph_t graph, hipUserObject_t object, unsigned int count, unsigned int flags))
  SIGNATURE(hipGraphReleaseUserObject, hipError_t,
            (hipGraph_t graph, hipUserObject_t object, unsigned int count))
#endif
  SIGNATURE(hipGraphKernelNodeGetParams, hipError_t,
            (hipGraphNode_t node, hipKernelNodeParams * pNodeParams))
  SIGNATURE(hipGraphKernelNodeSetParams, hipError_t,
            (hipGraphNode_t node, const hipKernelNodeParams *pNodeParams))
  SIGNATURE(hipGraphMemcpyNodeGetParams, hipError_t,
            (hipGraphNode_t node, hipMemcpy3DParms * pNodeParams))
  SIGNATURE(hipGraphMemcpyNodeSetParams, hipError_t,
            (hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams))
  SIGNATURE(hipGraphMemcpyNodeSetParams1D, hipError_t,
            (hipGraphNode_t node, void *dst, const void *src, size_t count, hipMemcpyKind kind))
  SIGNATURE(hipGraphMemsetNodeGetParams, hipError_t,
            (hipGraphNode_t node, hipMemsetParams * pNodeParams))
  SIGNATURE(hipGraphMemsetNodeSetParams, hipError_t,
            (hipGraphNode_t node, const hipMemsetParams *pNodeParams))
  SIGNATURE(hipGraphHostNodeGetParams, hipError_t,
            (hipGraphNode_t node, hipHostNodeParams * pNodeParams))
  SIGNATURE(hipGraphHostNodeSetParams, hipError_t,
            (hipGraphNode_t node, const hipHostNodeParams *pNodeParams))
  SIGNATURE(hipGraphEventRecordNodeGetEvent, hipError_t,
            (hipGraphNode_t node, hipEvent_t * event_out))
  SIGNATURE(hipGraphEventRecordNodeSetEvent, hipError_t, (hipGraphNode_t node, hipEvent_t event))
  SIGNATURE(hipGraphEventWaitNodeGetEvent, hipError_t,
            (hipGraphNode_t node, hipEvent_t * event_out))
  SIGNATURE(hipGraphEventWaitNodeSetEvent, hipError_t, (hipGraphNode_t node, hipEvent_t event))
  SIGNATURE(
      hipGraphExecKernelNodeSetParams, hipError_t,
      (hipGraphExec_t hGraphExec, hipGraphNode_t node, const hipKernelNodeParams *pNodeParams))
  SIGNATURE(hipGraphExecMemcpyNodeSetParams, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, hipMemcpy3DParms * pNodeParams))
  SIGNATURE(hipGraphExecMemcpyNodeSetParams1D, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst, const void *src,
             size_t count, hipMemcpyKind kind))
  SIGNATURE(hipGraphExecMemsetNodeSetParams, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, const hipMemsetParams *pNodeParams))
  SIGNATURE(hipGraphExecHostNodeSetParams, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, const hipHostNodeParams *pNodeParams))
  SIGNATURE(hipGraphExecEventRecordNodeSetEvent, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event))
  SIGNATURE(hipGraphExecEventWaitNodeSetEvent, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event))
  SIGNATURE(hipGraphExecChildGraphNodeSetParams, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t node, hipGraph_t childGraph))
  SIGNATURE(hipGraphExecUpdate, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t * hErrorNode_out,
             hipGraphExecUpdateResult * updateResult_out))
#if HIP_VERSION >= 50300000
  SIGNATURE(hipGraphUpload, hipError_t, (hipGraphExec_t graphExec, hipStream_t stream))
#endif
#if HIP_VERSION >= 50500000
  SIGNATURE(hipGraphNodeSetEnabled, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int isEnabled))
  SIGNATURE(hipGraphNodeGetEnabled, hipError_t,
            (hipGraphExec_t hGraphExec, hipGraphNode_t hNode, unsigned int *isEnabled))
  SIGNATURE(hipGraphDebugDotPrint, hipError_t,
            (hipGraph_t graph, const char *path, unsigned int flags))
#endif
#if HIP_VERSION >= 60000000
  SIGNATURE(hipDrvGraphAddMemcpyNode, hipError_t,
            (hipGraphNode_t * phGraphNode, hipGraph_t hGraph, const hipGraphNode_t *dependencies,
             size_t numDependencies, const HIP_MEMCPY3D *copyParams, hipCtx_t ctx))
#endif
#if HIP_VERSION >= 60100000
  SIGNATURE(hipDrvGraphAddMemsetNode, hipError_t,
            (hipGraphNode_t * phGraphNode, hipGraph_t hGraph, const hipGraphNode_t *dependencies,
             size_t numDependencies, const HIP_MEMSET_NODE_PARAMS *memsetParams, hipCtx_t ctx))
#endif
#if HIP_VERSION >= 60200000
  SIGNATURE(hipGraphInstantiateWithParams, hipError_t,
            (hipGraphExec_t * pGraphExec, hipGraph_t graph,
             hipGraphInstantiateParams * instantiateParams))
#endif
  SIGNATURE(hipMemAddressReserve, hipError_t,
            (void **ptr, size_t size, size_t alignment, void *addr, unsigned long long flags))
  SIGNATURE(hipMemAddressFree, hipError_t, (void *devPtr, size_t size))
  SIGNATURE(hipMemCreate, hipError_t,
            (hipMemGenericAllocationHandle_t * handle, size_t size,
             const hipMemAllocationProp *prop, unsigned long long flags))
  SIGNATURE(hipMemRelease, hipError_t, (hipMemGenericAllocationHandle_t handle))
  SIGNATURE(hipMemMap, hipError_t,
            (void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
             unsigned long long flags))
  SIGNATURE(hipMemUnmap, hipError_t, (void *ptr, size_t size))
  SIGNATURE(hipMemSetAccess, hipError_t,
            (void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count))
  SIGNATURE(hipMemGetAccess, hipError_t,
            (unsigned long long *flags, const hipMemLocation *location, void *ptr))
  SIGNATURE(hipMemGetAllocationGranularity, hipError_t,
            (size_t * granularity, const hipMemAllocationProp *prop,
             hipMemAllocationGranularity_flags option))
  SIGNATURE(hipMemGetAllocationPropertiesFromHandle, hipError_t,
            (hipMemAllocationProp * prop, hipMemGenericAllocationHandle_t handle))
  SIGNATURE(hipMemRetainAllocationHandle, hipError_t,
            (hipMemGenericAllocationHandle_t * handle, void *addr))
  SIGNATURE(hipMemExportToShareableHandle, hipError_t,
            (void *shareableHandle, hipMemGenericAllocationHandle_t handle,
             hipMemAllocationHandleType handleType, unsigned long long flags))
  SIGNATURE(hipMemImportFromShareableHandle, hipError_t,
            (hipMemGenericAllocationHandle_t * handle, void *osHandle,
             hipMemAllocationHandleType shHandleType))
  SIGNATURE(hipMemMapArrayAsync, hipError_t,
            (hipArrayMapInfo * mapInfoList, unsigned int count, hipStream_t stream))
  SIGNATURE(hipGetDeviceProperties, hipError_t, (hipDeviceProp_t * prop, int deviceId))
  SIGNATURE(hipCtxCreate, hipError_t, (hipCtx_t * ctx, unsigned int flags, hipDevice_t device))
  SIGNATURE(hipCtxDestroy, hipError_t, (hipCtx_t ctx))
  SIGNATURE(hipCreateChannelDesc, hipChannelFormatDesc,
            (int x, int y, int z, int w, hipChannelFormatKind f))
  SIGNATURE(hipMallocArray, hipError_t,
            (hipArray_t * array, const hipChannelFormatDesc *desc, size_t width, size_t height,
             unsigned int flags))
  SIGNATURE(hipArrayCreate, hipError_t,
            (hipArray_t * pHandle, const HIP_ARRAY_DESCRIPTOR *pAllocateArray))
  SIGNATURE(hipArrayDestroy, hipError_t, (hipArray_t array))
  SIGNATURE(hipArray3DCreate, hipError_t,
            (hipArray_t * array, const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray))
  SIGNATURE(hipMalloc3D, hipError_t, (hipPitchedPtr * pitchedDevPtr, hipExtent extent))
  SIGNATURE(hipFreeArray, hipError_t, (hipArray_t array))
  SIGNATURE(hipMalloc3DArray, hipError_t,
            (hipArray_t * array, const struct hipChannelFormatDesc *desc, struct hipExtent extent,
             unsigned int flags))
  SIGNATURE(hipMallocPitch, hipError_t, (void **ptr, size_t *pitch, size_t width, size_t height))
  SIGNATURE(hipMemcpy2D, hipError_t,
            (void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
             hipMemcpyKind kind))
  SIGNATURE(hipMemcpyParam2D, hipError_t, (const hip_Memcpy2D *pCopy))
  SIGNATURE(hipMemcpyParam2DAsync, hipError_t, (const hip_Memcpy2D *pCopy, hipStream_t stream))
  SIGNATURE(hipMemcpy2DAsync, hipError_t,
            (void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
             hipMemcpyKind kind, hipStream_t stream))
  SIGNATURE(hipMemcpy2DToArray, hipError_t,
            (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
             size_t width, size_t height, hipMemcpyKind kind))
  SIGNATURE(hipMemcpy2DToArrayAsync, hipError_t,
            (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
             size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream))
  SIGNATURE(hipMemcpyToArray, hipError_t,
            (hipArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
             hipMemcpyKind kind))
  SIGNATURE(hipMemcpyFromArray, hipError_t,
            (void *dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset, size_t count,
             hipMemcpyKind kind))
  SIGNATURE(hipMemcpy2DFromArray, hipError_t,
            (void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
             size_t width, size_t height, hipMemcpyKind kind))
  SIGNATURE(hipMemcpy2DFromArrayAsync, hipError_t,
            (void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
             size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream))
  SIGNATURE(hipMemcpy3D, hipError_t, (const struct hipMemcpy3DParms *p))
  SIGNATURE(hipMemcpy3DAsync, hipError_t, (const struct hipMemcpy3DParms *p, hipStream_t stream))
  SIGNATURE(hipDrvMemcpy3D, hipError_t, (const HIP_MEMCPY3D *pCopy))
  SIGNATURE(hipDrvMemcpy3DAsync, hipError_t, (const HIP_MEMCPY3D *pCopy, hipStream_t stream))
  SIGNATURE(hipMallocMipmappedArray, hipError_t,
            (hipMipmappedArray_t * mipmappedArray, const struct hipChannelFormatDesc *desc,
             struct hipExtent extent, unsigned int numLevels, unsigned int flags))
  SIGNATURE(hipFreeMipmappedArray, hipError_t, (hipMipmappedArray_t mipmappedArray))
  SIGNATURE(hipGetMipmappedArrayLevel, hipError_t,
            (hipArray_t * levelArray, hipMipmappedArray_const_t mipmappedArray, unsigned int level))
  SIGNATURE(hipMipmappedArrayCreate, hipError_t,
            (hipMipmappedArray_t * pHandle, HIP_ARRAY3D_DESCRIPTOR * pMipmappedArrayDesc,
             unsigned int numMipmapLevels))
  SIGNATURE(hipMipmappedArrayDestroy, hipError_t, (hipMipmappedArray_t hMipmappedArray))
  SIGNATURE(hipMipmappedArrayGetLevel, hipError_t,
            (hipArray_t * pLevelArray, hipMipmappedArray_t hMipMappedArray, unsigned int level)) {
    hipPitchedPtr p = make_hipPitchedPtr(NULL, 0, 0, 0);
    hipPos pos = make_hipPos(0, 0, 0);
    hipExtent e = make_hipExtent(0, 0, 0);
    (void)p, (void)pos, (void)e;
  }
#if HIP_VERSION >= 50600000
  SIGNATURE(hipStreamGetDevice, hipError_t, (hipStream_t stream, hipDevice_t * device))
  SIGNATURE(
      hipArrayGetInfo, hipError_t,
      (hipChannelFormatDesc * desc, hipExtent * extent, unsigned int *flags, hipArray_t array))
  SIGNATURE(hipArrayGetDescriptor, hipError_t,
            (HIP_ARRAY_DESCRIPTOR * pArrayDescriptor, hipArray_t array))
  SIGNATURE(hipArray3DGetDescriptor, hipError_t,
            (HIP_ARRAY3D_DESCRIPTOR * pArrayDescriptor, hipArray_t array))
#endif
#if HIP_VERSION >= 60000000
  SIGNATURE(hipGetDevicePropertiesR0600, hipError_t, (hipDeviceProp_tR0600 * prop, int deviceId))
  SIGNATURE(hipChooseDeviceR0600, hipError_t, (int *device, const hipDeviceProp_tR0600 *prop))
#endif
#if HIP_VERSION >= 60200000
  SIGNATURE(hipGetProcAddress, hipError_t,
            (const char *symbol, void **pfn, int hipVersion, uint64_t flags,
             hipDriverProcAddressQueryResult *symbolStatus))
#endif
#if HIP_VERSION >= 70000000
  SIGNATURE(hipMemGetHandleForAddressRange, hipError_t,
            (void *handle, hipDeviceptr_t dptr, size_t size, hipMemRangeHandleType handleType,
             unsigned long long flags))
#endif
}

/* ---- C++: ROCm's overloads and default arguments, called as ROCm code calls them ---- */

#ifdef __cplusplus
hipError_t api_surface_cpp(hipStream_t stream, hipEvent_t event, hipDeviceptr_t device,
                           const void *host, hipMemPool_t pool);
hipError_t api_surface_cpp(hipStream_t stream, hipEvent_t event, hipDeviceptr_t device,
                           const void *host, hipMemPool_t pool) {
  float *floats = nullptr;
  int *ints = nullptr;
  void *any = nullptr;
  size_t pitch = 0;
  (void)pitch; /* the template's, from 6.3 */
  hipArray_t array = nullptr;
  hipMipmappedArray_t mipmap = nullptr;
  hipChannelFormatDesc channels = hipCreateChannelDesc<float>();
  channels = hipCreateChannelDesc<uchar4>();
  channels = hipCreateChannelDescHalf();
  channels = hipCreateChannelDescHalf1();
  channels = hipCreateChannelDescHalf2();
#if HIP_VERSION >= 50700000
  channels = hipCreateChannelDescHalf4();
#endif
  hipMemcpy3DParms parms = {};
  hip_Memcpy2D copy = {};
  /* Every result is used: ROCm's hipError_t is [[nodiscard]] in C++17. */
  const hipError_t results[] = {
    /* Typed pointers, no void ** cast (templates) */
    hipMalloc(&floats, 16),
    hipHostMalloc(&floats, 16),
    hipHostMalloc(&ints, 16, hipHostMallocMapped),
    hipMallocManaged(&floats, 16),
    hipMallocManaged(&ints, 16, hipMemAttachHost),
    hipMallocAsync(&floats, 16, stream),
    hipMallocAsync(&floats, 16, pool, stream),
    hipMallocFromPoolAsync(&ints, 16, pool, stream),
    /* A pool as hipMallocAsync's third argument */
    hipMallocAsync(&any, 16, pool, stream),
    /* Default arguments */
    hipMallocManaged(&any, 16),
    hipEventRecord(event),
    hipMemsetAsync(device, 0, 16),
    hipMemsetD8Async(device, 0, 16),
    hipMemsetD16Async(device, 0, 8),
    hipMemsetD32Async(device, 0, 4),
    hipMemcpyAsync(device, host, 16, hipMemcpyHostToDevice),
    hipMemcpyPeerAsync(device, 1, host, 0, 16),
    hipLaunchKernel(host, dim3(1), dim3(64), nullptr),
#if HIP_VERSION >= 60100000
    hipStreamWaitEvent(stream, event),
#endif
  /* A const source */
#if HIP_VERSION >= 70000000
    hipMemcpyHtoD(device, host, 16),
    hipMemcpyHtoDAsync(device, host, 16, stream),
#else
    hipMemcpyHtoD(device, const_cast<void *>(host), 16),
    hipMemcpyHtoDAsync(device, const_cast<void *>(host), 16, stream),
#endif
  /* arrays and pitched memory: templates and default arguments */
#if HIP_VERSION >= 60300000
    hipMallocPitch(&floats, &pitch, 16, 4),
#endif
    hipMallocArray(&array, &channels, 16),
    hipMallocArray(&array, &channels, 16, 4),
    hipMemcpy2DAsync(device, 16, host, 16, 16, 1, hipMemcpyHostToDevice),
    hipMemcpy2DToArrayAsync(array, 0, 0, host, 16, 16, 1, hipMemcpyHostToDevice),
    hipMemcpy2DFromArrayAsync(device, 16, array, 0, 0, 16, 1, hipMemcpyDeviceToDevice),
    hipMemcpy3DAsync(&parms),
    hipMemcpyParam2DAsync(&copy),
    hipMallocMipmappedArray(&mipmap, &channels, make_hipExtent(16, 16, 0), 1),
    /* hipStreamPerThread and hipStreamLegacy name streams */
    hipStreamSynchronize(hipStreamPerThread),
#if HIP_VERSION >= 60200000
    hipStreamSynchronize(hipStreamLegacy),
#endif
  };
  return results[0];
}
#endif
