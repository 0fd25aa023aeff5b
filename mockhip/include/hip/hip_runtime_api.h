/*
 * mockhip: the HIP runtime API subset that virtual memory management code uses,
 * with the names, values, signatures and struct layouts of ROCm 7.x.
 *
 * Code written for ROCm includes this header unchanged and links against
 * libmockhip instead of libamdhip64. Mock-only extras are in <mockhip.h>.
 */
#ifndef MOCKHIP_HIP_RUNTIME_API_H
#define MOCKHIP_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The HIP version whose names this header declares (HIP_VERSION encoding). */
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#define MOCKHIP 1

#if defined(__GNUC__)
#define MOCKHIP_API __attribute__((visibility("default")))
#else
#define MOCKHIP_API
#endif

typedef enum hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2,
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3,
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorMapBufferObjectFailed = 205,
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorNotMappedAsArray = 212,
  hipErrorNotMappedAsPointer = 213,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400,
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorInvalidChannelDescriptor = 911,
  hipErrorInvalidTexture = 912,
  hipErrorInvalidResourceType = 914,
  hipErrorInvalidResourceConfiguration = 915,
  hipErrorStreamDetached = 916,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
  hipErrorInvalidClusterSize = 1054,
  hipErrorTbd
} hipError_t;

/* Only the attributes the mock answers are declared, with their ROCm values. */
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeMemoryPoolsSupported = 88,
  hipDeviceAttributeVirtualMemoryManagementSupported = 89,
  hipDeviceAttributeHostRegisterSupported = 90,
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeAmdSpecificEnd = 19999,
  hipDeviceAttributeVendorSpecificBegin = 20000
} hipDeviceAttribute_t;

typedef void *hipDeviceptr_t;
typedef int hipDevice_t;
typedef struct ihipStream_t *hipStream_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
  hipMemcpyDeviceToDeviceNoCU = 1024
} hipMemcpyKind;

/* ---- virtual memory management types ---- */

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeNone = 0,
  hipMemLocationTypeDevice = 1,
  hipMemLocationTypeHost = 2,
  hipMemLocationTypeHostNuma = 3,
  hipMemLocationTypeHostNumaCurrent = 4
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0,
  hipMemAllocationTypePinned = 1,
  hipMemAllocationTypeManaged = 2,
  hipMemAllocationTypeUncached = 0x40000000,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4,
  hipMemHandleTypeFabric = 0x8
} hipMemAllocationHandleType;

/* 32 bytes on LP64, the layout of ROCm 5.3 and later (and of CUDA). */
typedef struct hipMemAllocationProp {
  hipMemAllocationType type;
  union {
    hipMemAllocationHandleType requestedHandleType;
    hipMemAllocationHandleType requestedHandleTypes;
  };
  hipMemLocation location;
  void *win32HandleMetaData;
  struct {
    unsigned char compressionType;
    unsigned char gpuDirectRDMACapable;
    unsigned short usage;
  } allocFlags;
} hipMemAllocationProp;

typedef struct ihipMemGenericAllocationHandle *hipMemGenericAllocationHandle_t;

typedef enum hipMemAllocationGranularity_flags {
  hipMemAllocationGranularityMinimum = 0x0,
  hipMemAllocationGranularityRecommended = 0x1
} hipMemAllocationGranularity_flags;

typedef enum hipMemHandleType { hipMemHandleTypeGeneric = 0x0 } hipMemHandleType;

typedef enum hipMemOperationType {
  hipMemOperationTypeMap = 0x1,
  hipMemOperationTypeUnmap = 0x2
} hipMemOperationType;

typedef enum hipArraySparseSubresourceType {
  hipArraySparseSubresourceTypeSparseLevel = 0x0,
  hipArraySparseSubresourceTypeMiptail = 0x1
} hipArraySparseSubresourceType;

/* ---- the array types hipArrayMapInfo refers to ---- */

typedef enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
} hipChannelFormatKind;

typedef struct hipChannelFormatDesc {
  int x;
  int y;
  int z;
  int w;
  enum hipChannelFormatKind f;
} hipChannelFormatDesc;

typedef enum hipArray_Format {
  HIP_AD_FORMAT_UNSIGNED_INT8 = 0x01,
  HIP_AD_FORMAT_UNSIGNED_INT16 = 0x02,
  HIP_AD_FORMAT_UNSIGNED_INT32 = 0x03,
  HIP_AD_FORMAT_SIGNED_INT8 = 0x08,
  HIP_AD_FORMAT_SIGNED_INT16 = 0x09,
  HIP_AD_FORMAT_SIGNED_INT32 = 0x0a,
  HIP_AD_FORMAT_HALF = 0x10,
  HIP_AD_FORMAT_FLOAT = 0x20
} hipArray_Format;

typedef struct hipArray *hipArray_t;

typedef struct hipMipmappedArray {
  void *data;
  struct hipChannelFormatDesc desc;
  unsigned int type;
  unsigned int width;
  unsigned int height;
  unsigned int depth;
  unsigned int min_mipmap_level;
  unsigned int max_mipmap_level;
  unsigned int flags;
  enum hipArray_Format format;
  unsigned int num_channels;
} hipMipmappedArray;

typedef enum hipResourceType {
  hipResourceTypeArray = 0x00,
  hipResourceTypeMipmappedArray = 0x01,
  hipResourceTypeLinear = 0x02,
  hipResourceTypePitch2D = 0x03
} hipResourceType;

typedef struct hipArrayMapInfo {
  hipResourceType resourceType;
  union {
    hipMipmappedArray mipmap;
    hipArray_t array;
  } resource;
  hipArraySparseSubresourceType subresourceType;
  union {
    struct {
      unsigned int level;
      unsigned int layer;
      unsigned int offsetX;
      unsigned int offsetY;
      unsigned int offsetZ;
      unsigned int extentWidth;
      unsigned int extentHeight;
      unsigned int extentDepth;
    } sparseLevel;
    struct {
      unsigned int layer;
      unsigned long long offset;
      unsigned long long size;
    } miptail;
  } subresource;
  hipMemOperationType memOperationType;
  hipMemHandleType memHandleType;
  union {
    hipMemGenericAllocationHandle_t memHandle;
  } memHandle;
  unsigned long long offset;
  unsigned int deviceBitMask;
  unsigned int flags;
  unsigned int reserved[2];
} hipArrayMapInfo;

/* ---- initialisation, devices, versions, errors ---- */

MOCKHIP_API hipError_t hipInit(unsigned int flags);
MOCKHIP_API hipError_t hipGetDeviceCount(int *count);
MOCKHIP_API hipError_t hipSetDevice(int deviceId);
MOCKHIP_API hipError_t hipGetDevice(int *deviceId);
MOCKHIP_API hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId);
MOCKHIP_API hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
MOCKHIP_API hipError_t hipDeviceSynchronize(void);
MOCKHIP_API hipError_t hipDriverGetVersion(int *driverVersion);
MOCKHIP_API hipError_t hipRuntimeGetVersion(int *runtimeVersion);
MOCKHIP_API const char *hipGetErrorName(hipError_t hip_error);
MOCKHIP_API const char *hipGetErrorString(hipError_t hipError);
MOCKHIP_API hipError_t hipGetLastError(void);
MOCKHIP_API hipError_t hipPeekAtLastError(void);

/* ---- ordinary device memory, copies, sets and streams ---- */

MOCKHIP_API hipError_t hipMalloc(void **ptr, size_t size);
MOCKHIP_API hipError_t hipFree(void *ptr);
MOCKHIP_API hipError_t hipMemGetInfo(size_t *free, size_t *total);
MOCKHIP_API hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind);
MOCKHIP_API hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes);
MOCKHIP_API hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes);
MOCKHIP_API hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
MOCKHIP_API hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId,
                                     size_t sizeBytes);
MOCKHIP_API hipError_t hipMemset(void *dst, int value, size_t sizeBytes);
MOCKHIP_API hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
MOCKHIP_API hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
MOCKHIP_API hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
                                      hipMemcpyKind kind, hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                                          hipStream_t stream);
MOCKHIP_API hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src,
                                          int srcDevice, size_t sizeBytes, hipStream_t stream);
MOCKHIP_API hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream);
MOCKHIP_API hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                                        hipStream_t stream);
MOCKHIP_API hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                                         hipStream_t stream);
MOCKHIP_API hipError_t hipStreamCreate(hipStream_t *stream);
MOCKHIP_API hipError_t hipStreamDestroy(hipStream_t stream);
MOCKHIP_API hipError_t hipStreamSynchronize(hipStream_t stream);

/* ---- virtual memory management ---- */

MOCKHIP_API hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
                                            unsigned long long flags);
MOCKHIP_API hipError_t hipMemAddressFree(void *devPtr, size_t size);
MOCKHIP_API hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
                                    const hipMemAllocationProp *prop, unsigned long long flags);
MOCKHIP_API hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
MOCKHIP_API hipError_t hipMemMap(void *ptr, size_t size, size_t offset,
                                 hipMemGenericAllocationHandle_t handle, unsigned long long flags);
MOCKHIP_API hipError_t hipMemUnmap(void *ptr, size_t size);
MOCKHIP_API hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc,
                                       size_t count);
MOCKHIP_API hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location,
                                       void *ptr);
MOCKHIP_API hipError_t hipMemGetAllocationGranularity(size_t *granularity,
                                                      const hipMemAllocationProp *prop,
                                                      hipMemAllocationGranularity_flags option);
MOCKHIP_API hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle);
MOCKHIP_API hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle,
                                                    void *addr);
MOCKHIP_API hipError_t hipMemExportToShareableHandle(void *shareableHandle,
                                                     hipMemGenericAllocationHandle_t handle,
                                                     hipMemAllocationHandleType handleType,
                                                     unsigned long long flags);
MOCKHIP_API hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle,
                                                       void *osHandle,
                                                       hipMemAllocationHandleType shHandleType);
MOCKHIP_API hipError_t hipMemMapArrayAsync(hipArrayMapInfo *mapInfoList, unsigned int count,
                                           hipStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* MOCKHIP_HIP_RUNTIME_API_H */
