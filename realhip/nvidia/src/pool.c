/*
 * pool.c: stream-ordered memory pools, hipMemPool* and the device's pools
 * onto cuMemPool* and cuDevice*MemPool.
 *
 * A hipMemPool_t is the driver's CUmemoryPool. Calls that take an ordinal get
 * the CUdevice from cuDeviceGet first, which refuses an ordinal the driver
 * does not have (hipErrorInvalidDevice, as the CUDA runtime answers). The
 * pool's properties are copied field by field, the 64 bytes of export data
 * whole; the attributes and the access types have CUDA's values (checked
 * below and in mem_access.h). A NULL pool is refused before the driver, as
 * ROCm refuses it: hipErrorInvalidValue.
 */
#include <string.h>

#include "mem_access.h"

_Static_assert((int)hipMemPoolReuseFollowEventDependencies ==
                       (int)CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES &&
                   (int)hipMemPoolReuseAllowOpportunistic ==
                       (int)CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC &&
                   (int)hipMemPoolReuseAllowInternalDependencies ==
                       (int)CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES &&
                   (int)hipMemPoolAttrReleaseThreshold == (int)CU_MEMPOOL_ATTR_RELEASE_THRESHOLD &&
                   (int)hipMemPoolAttrReservedMemCurrent ==
                       (int)CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT &&
                   (int)hipMemPoolAttrReservedMemHigh == (int)CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH &&
                   (int)hipMemPoolAttrUsedMemCurrent == (int)CU_MEMPOOL_ATTR_USED_MEM_CURRENT &&
                   (int)hipMemPoolAttrUsedMemHigh == (int)CU_MEMPOOL_ATTR_USED_MEM_HIGH,
               "HIP's pool attributes have CUDA's values");
_Static_assert(sizeof(((hipMemPoolPtrExportData *)0)->reserved) ==
                   sizeof(((CUmemPoolPtrExportData *)0)->reserved),
               "the export data is 64 opaque bytes in both");
_Static_assert(sizeof(hipMemPoolProps) == sizeof(CUmemPoolProps),
               "hipMemPoolProps and CUmemPoolProps are both 88 bytes");

static CUmemoryPool cuda_pool(hipMemPool_t pool) { return (CUmemoryPool)(void *)pool; }
static hipMemPool_t hip_pool(CUmemoryPool pool) { return (hipMemPool_t)(void *)pool; }

/* usage (CUDA 12.x) has no HIP field: 0, as the driver wants it unless asked
   for. A ROCm-only allocation type passes through for the driver to refuse. */
static CUmemPoolProps cuda_pool_props(const hipMemPoolProps *props) {
  CUmemPoolProps cuda;
  memset(&cuda, 0, sizeof cuda);
  cuda.allocType = (CUmemAllocationType)props->allocType;
  cuda.handleTypes = (CUmemAllocationHandleType)props->handleTypes;
  cuda.location = hipnv__cuda_location(props->location);
  cuda.win32SecurityAttributes = props->win32SecurityAttributes;
  cuda.maxSize = props->maxSize;
  return cuda;
}

/* The value pointer passes through: an int for the Reuse attributes, a
   64-bit integer for the others, in HIP and CUDA alike. */
static int is_pool_attribute(hipMemPoolAttr attr) {
  return attr >= hipMemPoolReuseFollowEventDependencies && attr <= hipMemPoolAttrUsedMemHigh;
}

/* ---- the device's pools ---- */

/* Device `device` (an ordinal: cuDeviceGet, so a bad one is hipErrorInvalidDevice), with a
   context current. */
static CUresult device_ready(int device, CUdevice *found) {
  CUresult result = hipnv__cuDeviceGet(found, device);
  return result == CUDA_SUCCESS ? hipnv__use_context() : result;
}

/* hipDeviceGetDefaultMemPool and hipDeviceGetMemPool: the pool `get` answers for the device. */
static hipError_t device_pool(const char *call, hipMemPool_t *mem_pool, int device,
                              CUresult (*get)(CUmemoryPool *, CUdevice)) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: mem_pool is NULL", call);
  CUdevice found = 0;
  CUmemoryPool pool = NULL;
  CUresult result = device_ready(device, &found);
  if (result == CUDA_SUCCESS)
    result = get(&pool, found);
  if (result == CUDA_SUCCESS)
    *mem_pool = hip_pool(pool);
  return hipnv__result(result);
}

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device) {
  return device_pool("hipDeviceGetDefaultMemPool", mem_pool, device,
                     hipnv__cuDeviceGetDefaultMemPool);
}

hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device) {
  return device_pool("hipDeviceGetMemPool", mem_pool, device, hipnv__cuDeviceGetMemPool);
}

/* A pool of another device is the driver's to refuse (CUDA_ERROR_INVALID_DEVICE). */
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceSetMemPool: mem_pool is NULL");
  CUdevice found = 0;
  CUresult result = device_ready(device, &found);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceSetMemPool(found, cuda_pool(mem_pool));
  return hipnv__result(result);
}

/* ---- pools of their own ---- */

hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props) {
  if (mem_pool == NULL || pool_props == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolCreate: %s is NULL",
                       mem_pool == NULL ? "mem_pool" : "pool_props");
  CUmemPoolProps cuda = cuda_pool_props(pool_props);
  CUmemoryPool pool = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolCreate(&pool, &cuda);
  if (result == CUDA_SUCCESS)
    *mem_pool = hip_pool(pool);
  return hipnv__result(result);
}

hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolDestroy: mem_pool is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolDestroy(cuda_pool(mem_pool));
  return hipnv__result(result);
}

hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolTrimTo: mem_pool is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolTrimTo(cuda_pool(mem_pool), min_bytes_to_hold);
  return hipnv__result(result);
}

/* ---- attributes ---- */

/* Which attributes may be set (not the Current ones, a High one only to 0) is
   the driver's to judge. */
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
  if (mem_pool == NULL || value == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolSetAttribute: %s is NULL",
                       mem_pool == NULL ? "mem_pool" : "value");
  if (!is_pool_attribute(attr))
    return hipnv__fail(hipErrorInvalidValue,
                       "hipMemPoolSetAttribute: attr %d is not a hipMemPoolAttr", (int)attr);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolSetAttribute(cuda_pool(mem_pool), (CUmemPool_attribute)attr, value);
  return hipnv__result(result);
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
  if (mem_pool == NULL || value == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolGetAttribute: %s is NULL",
                       mem_pool == NULL ? "mem_pool" : "value");
  if (!is_pool_attribute(attr))
    return hipnv__fail(hipErrorInvalidValue,
                       "hipMemPoolGetAttribute: attr %d is not a hipMemPoolAttr", (int)attr);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolGetAttribute(cuda_pool(mem_pool), (CUmemPool_attribute)attr, value);
  return hipnv__result(result);
}

/* ---- access ---- */

/* Every descriptor is translated (mem_access.h), as for hipMemSetAccess. */
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list,
                               size_t count) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolSetAccess: mem_pool is NULL");
  hipnv__access_list list;
  hipError_t refused =
      hipnv__access_list_make(&list, "hipMemPoolSetAccess", "desc_list", desc_list, count);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolSetAccess(cuda_pool(mem_pool), list.descs, count);
  hipnv__access_list_free(&list);
  return hipnv__result(result);
}

hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool,
                               hipMemLocation *location) {
  if (flags == NULL || mem_pool == NULL || location == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolGetAccess: %s is NULL",
                       flags == NULL      ? "flags"
                       : mem_pool == NULL ? "mem_pool"
                                          : "location");
  CUmemLocation cuda = hipnv__cuda_location(*location);
  CUmemAccess_flags granted = CU_MEM_ACCESS_FLAGS_PROT_NONE;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolGetAccess(&granted, cuda_pool(mem_pool), &cuda);
  if (result == CUDA_SUCCESS)
    *flags = (hipMemAccessFlags)granted;
  return hipnv__result(result);
}

/* ---- allocation ---- */

/* As hipMallocAsync (memory.c): the stream passes through, size 0 is the driver's to answer. */
hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool,
                                  hipStream_t stream) {
  if (dev_ptr == NULL || mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocFromPoolAsync: %s is NULL",
                       dev_ptr == NULL ? "dev_ptr" : "mem_pool");
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuMemAllocFromPoolAsync(&allocated, size, cuda_pool(mem_pool), (CUstream)stream);
  if (result == CUDA_SUCCESS)
    *dev_ptr = hipnv__ptr(allocated);
  return hipnv__result(result);
}

/* ---- sharing with another process ---- */

/* For a POSIX file descriptor the driver writes an int at shared_handle. */
hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
                                             hipMemAllocationHandleType handle_type,
                                             unsigned int flags) {
  if (shared_handle == NULL || mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolExportToShareableHandle: %s is NULL",
                       shared_handle == NULL ? "shared_handle" : "mem_pool");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolExportToShareableHandle(shared_handle, cuda_pool(mem_pool),
                                                     (CUmemAllocationHandleType)handle_type, flags);
  return hipnv__result(result);
}

/* shared_handle passes through: for a file descriptor it is the fd's value cast
   to a pointer, (void *)(uintptr_t)fd, as the driver takes it; so NULL is fd 0,
   the driver's to judge. */
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
                                               hipMemAllocationHandleType handle_type,
                                               unsigned int flags) {
  if (mem_pool == NULL)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipMemPoolImportFromShareableHandle: mem_pool is NULL");
  CUmemoryPool imported = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolImportFromShareableHandle(
        &imported, shared_handle, (CUmemAllocationHandleType)handle_type, flags);
  if (result == CUDA_SUCCESS)
    *mem_pool = hip_pool(imported);
  return hipnv__result(result);
}

/* The 64 bytes are the driver's, opaque to HIP: copied whole each way. */
hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr) {
  if (export_data == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolExportPointer: export_data is NULL");
  CUmemPoolPtrExportData cuda;
  memset(&cuda, 0, sizeof cuda);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolExportPointer(&cuda, hipnv__dptr(dev_ptr));
  if (result == CUDA_SUCCESS)
    memcpy(export_data->reserved, cuda.reserved, sizeof export_data->reserved);
  return hipnv__result(result);
}

hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
                                   hipMemPoolPtrExportData *export_data) {
  if (dev_ptr == NULL || mem_pool == NULL || export_data == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemPoolImportPointer: %s is NULL",
                       dev_ptr == NULL    ? "dev_ptr"
                       : mem_pool == NULL ? "mem_pool"
                                          : "export_data");
  CUmemPoolPtrExportData cuda;
  memcpy(cuda.reserved, export_data->reserved, sizeof cuda.reserved);
  CUdeviceptr imported = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemPoolImportPointer(&imported, cuda_pool(mem_pool), &cuda);
  if (result == CUDA_SUCCESS)
    *dev_ptr = hipnv__ptr(imported);
  return hipnv__result(result);
}
