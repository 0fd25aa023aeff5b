/*
 * vmm.c: virtual memory management, hipMem* onto cuMem*.
 *
 * ROCm copied CUDA's VMM types, so their values agree (checked in
 * mem_access.h); the structs are still copied field by field, never cast,
 * because HIP's and CUDA's are different types. A HIP handle is a pointer-sized value that
 * holds the driver's 64-bit handle. Two things differ from HIP's own NVIDIA
 * header: the properties of a handle are copied back to the caller, and
 * every access descriptor is translated, not only the first (README.md).
 */
#include <stdlib.h>
#include <string.h>

#include "mem_access.h"

static CUmemGenericAllocationHandle cuda_handle(hipMemGenericAllocationHandle_t handle) {
  return (CUmemGenericAllocationHandle)(uintptr_t)handle;
}

static hipMemGenericAllocationHandle_t hip_handle(CUmemGenericAllocationHandle handle) {
  return (hipMemGenericAllocationHandle_t)(uintptr_t)handle;
}

/* ROCm-only values (hipMemAllocationTypeUncached) pass through for the driver to refuse. */
static CUmemAllocationProp cuda_prop(const hipMemAllocationProp *prop) {
  CUmemAllocationProp cuda;
  memset(&cuda, 0, sizeof cuda);
  cuda.type = (CUmemAllocationType)prop->type;
  cuda.requestedHandleTypes = (CUmemAllocationHandleType)prop->requestedHandleTypes;
  cuda.location = hipnv__cuda_location(prop->location);
  cuda.win32HandleMetaData = prop->win32HandleMetaData;
  cuda.allocFlags.compressionType = prop->allocFlags.compressionType;
  cuda.allocFlags.gpuDirectRDMACapable = prop->allocFlags.gpuDirectRDMACapable;
  cuda.allocFlags.usage = prop->allocFlags.usage;
  return cuda;
}

static void hip_prop(const CUmemAllocationProp *cuda, hipMemAllocationProp *prop) {
  memset(prop, 0, sizeof *prop);
  prop->type = (hipMemAllocationType)cuda->type;
  prop->requestedHandleTypes = (hipMemAllocationHandleType)cuda->requestedHandleTypes;
  prop->location.type = (hipMemLocationType)cuda->location.type;
  prop->location.id = cuda->location.id;
  prop->win32HandleMetaData = cuda->win32HandleMetaData;
  prop->allocFlags.compressionType = cuda->allocFlags.compressionType;
  prop->allocFlags.gpuDirectRDMACapable = cuda->allocFlags.gpuDirectRDMACapable;
  prop->allocFlags.usage = cuda->allocFlags.usage;
}

/* ---- addresses ---- */

hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
                                unsigned long long flags) {
  if (ptr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemAddressReserve: ptr is NULL");
  CUdeviceptr reserved = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAddressReserve(&reserved, size, alignment, hipnv__dptr(addr), flags);
  if (result == CUDA_SUCCESS)
    *ptr = hipnv__ptr(reserved);
  return hipnv__result(result);
}

hipError_t hipMemAddressFree(void *devPtr, size_t size) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAddressFree(hipnv__dptr(devPtr), size);
  return hipnv__result(result);
}

/* ---- physical memory ---- */

hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
                        const hipMemAllocationProp *prop, unsigned long long flags) {
  if (handle == NULL || prop == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemCreate: %s is NULL",
                       handle == NULL ? "handle" : "prop");
  CUmemAllocationProp cuda = cuda_prop(prop);
  CUmemGenericAllocationHandle created = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemCreate(&created, size, &cuda, flags);
  if (result == CUDA_SUCCESS)
    *handle = hip_handle(created);
  return hipnv__result(result);
}

hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemRelease(cuda_handle(handle));
  return hipnv__result(result);
}

hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
                                          hipMemAllocationGranularity_flags option) {
  if (granularity == NULL || prop == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemGetAllocationGranularity: %s is NULL",
                       granularity == NULL ? "granularity" : "prop");
  CUmemAllocationProp cuda = cuda_prop(prop);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetAllocationGranularity(granularity, &cuda,
                                                  (CUmemAllocationGranularity_flags)option);
  return hipnv__result(result);
}

/* The driver's answer is copied into *prop (HIP's NVIDIA header never does). */
hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop,
                                                   hipMemGenericAllocationHandle_t handle) {
  if (prop == NULL)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipMemGetAllocationPropertiesFromHandle: prop is NULL");
  CUmemAllocationProp cuda;
  memset(&cuda, 0, sizeof cuda);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetAllocationPropertiesFromHandle(&cuda, cuda_handle(handle));
  if (result == CUDA_SUCCESS)
    hip_prop(&cuda, prop);
  return hipnv__result(result);
}

hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr) {
  if (handle == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemRetainAllocationHandle: handle is NULL");
  CUmemGenericAllocationHandle retained = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemRetainAllocationHandle(&retained, addr);
  if (result == CUDA_SUCCESS)
    *handle = hip_handle(retained);
  return hipnv__result(result);
}

/* ---- mappings and access ---- */

hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
                     unsigned long long flags) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemMap(hipnv__dptr(ptr), size, offset, cuda_handle(handle), flags);
  return hipnv__result(result);
}

hipError_t hipMemUnmap(void *ptr, size_t size) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemUnmap(hipnv__dptr(ptr), size);
  return hipnv__result(result);
}

/* Every descriptor is translated (mem_access.h). */
hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count) {
  hipnv__access_list list;
  hipError_t refused = hipnv__access_list_make(&list, "hipMemSetAccess", "desc", desc, count);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemSetAccess(hipnv__dptr(ptr), size, list.descs, count);
  hipnv__access_list_free(&list);
  return hipnv__result(result);
}

hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr) {
  if (flags == NULL || location == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemGetAccess: %s is NULL",
                       flags == NULL ? "flags" : "location");
  CUmemLocation cuda = hipnv__cuda_location(*location);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetAccess(flags, &cuda, hipnv__dptr(ptr));
  return hipnv__result(result);
}

/* ---- sharing ---- */

/* For a POSIX file descriptor the driver writes an int at shareableHandle. */
hipError_t hipMemExportToShareableHandle(void *shareableHandle,
                                         hipMemGenericAllocationHandle_t handle,
                                         hipMemAllocationHandleType handleType,
                                         unsigned long long flags) {
  if (shareableHandle == NULL)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipMemExportToShareableHandle: shareableHandle is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemExportToShareableHandle(shareableHandle, cuda_handle(handle),
                                                 (CUmemAllocationHandleType)handleType, flags);
  return hipnv__result(result);
}

/* osHandle passes through: for a file descriptor it is the fd's value cast to a
   pointer, (void *)(uintptr_t)fd, as cuMemImportFromShareableHandle takes it. */
hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *osHandle,
                                           hipMemAllocationHandleType shHandleType) {
  if (handle == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemImportFromShareableHandle: handle is NULL");
  CUmemGenericAllocationHandle imported = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemImportFromShareableHandle(&imported, osHandle,
                                                   (CUmemAllocationHandleType)shHandleType);
  if (result == CUDA_SUCCESS)
    *handle = hip_handle(imported);
  return hipnv__result(result);
}

/* ---- sparse arrays ---- */

/* ROCm's hipArrayMapInfo holds a mipmapped array by value where CUDA's names a
   CUmipmappedArray; with no handle to give, that resource is not supported.
   Every other field is CUDA's under another type. */
static hipError_t cuda_map_info(const hipArrayMapInfo *info, unsigned int index,
                                CUarrayMapInfo *cuda) {
  memset(cuda, 0, sizeof *cuda);
  if (info->resourceType == hipResourceTypeMipmappedArray)
    return hipnv__fail(hipErrorNotSupported,
                       "hipMemMapArrayAsync: mapInfoList[%u] is a mipmapped array, which ROCm's "
                       "hipArrayMapInfo holds by value; CUDA needs a CUmipmappedArray handle",
                       index);
  cuda->resourceType = (CUresourcetype)info->resourceType;
  cuda->resource.array = (CUarray)(void *)info->resource.array;
  cuda->subresourceType = (CUarraySparseSubresourceType)info->subresourceType;
  if (info->subresourceType == hipArraySparseSubresourceTypeMiptail) {
    cuda->subresource.miptail.layer = info->subresource.miptail.layer;
    cuda->subresource.miptail.offset = info->subresource.miptail.offset;
    cuda->subresource.miptail.size = info->subresource.miptail.size;
  } else {
    cuda->subresource.sparseLevel.level = info->subresource.sparseLevel.level;
    cuda->subresource.sparseLevel.layer = info->subresource.sparseLevel.layer;
    cuda->subresource.sparseLevel.offsetX = info->subresource.sparseLevel.offsetX;
    cuda->subresource.sparseLevel.offsetY = info->subresource.sparseLevel.offsetY;
    cuda->subresource.sparseLevel.offsetZ = info->subresource.sparseLevel.offsetZ;
    cuda->subresource.sparseLevel.extentWidth = info->subresource.sparseLevel.extentWidth;
    cuda->subresource.sparseLevel.extentHeight = info->subresource.sparseLevel.extentHeight;
    cuda->subresource.sparseLevel.extentDepth = info->subresource.sparseLevel.extentDepth;
  }
  cuda->memOperationType = (CUmemOperationType)info->memOperationType;
  cuda->memHandleType = (CUmemHandleType)info->memHandleType;
  cuda->memHandle.memHandle = cuda_handle(info->memHandle.memHandle);
  cuda->offset = info->offset;
  cuda->deviceBitMask = info->deviceBitMask;
  cuda->flags = info->flags;
  return hipSuccess;
}

hipError_t hipMemMapArrayAsync(hipArrayMapInfo *mapInfoList, unsigned int count,
                               hipStream_t stream) {
  if (mapInfoList == NULL || count == 0)
    return hipnv__fail(hipErrorInvalidValue, "hipMemMapArrayAsync: %s",
                       mapInfoList == NULL ? "mapInfoList is NULL" : "count is 0");
  CUarrayMapInfo *cuda = calloc(count, sizeof *cuda);
  if (cuda == NULL)
    return hipnv__fail(hipErrorOutOfMemory,
                       "hipMemMapArrayAsync: no host memory to translate %u entries", count);
  hipError_t refused = hipSuccess;
  for (unsigned int i = 0; refused == hipSuccess && i < count; i++)
    refused = cuda_map_info(&mapInfoList[i], i, &cuda[i]);
  if (refused != hipSuccess) {
    free(cuda);
    return refused;
  }
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemMapArrayAsync(cuda, count, (CUstream)stream);
  free(cuda);
  return hipnv__result(result);
}
