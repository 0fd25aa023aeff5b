/*
 * fake_cuda_pool.c: the fake driver's stream-ordered memory pool entry points.
 * Each logs its arguments (a pool's properties field by field, an attribute's
 * value at its width, export data as hex), answers a scripted failure if
 * there is one, else writes the fake's values: every pool is FAKE_MEM_POOL.
 *
 * The fake built as an older driver (FAKE_CUDA_OLD_DRIVER) has none of them,
 * as a driver before CUDA 11.2 has none.
 */
#include <stdio.h>
#include <string.h>

#include "fake_cuda_state.h"

#ifndef FAKE_CUDA_OLD_DRIVER

static CUmemoryPool fake_pool(void) { return (CUmemoryPool)(uintptr_t)fake__value(FAKE_MEM_POOL); }

/* The Reuse attributes are ints, the others 64-bit integers. */
static int attribute_is_int(CUmemPool_attribute attr) {
  return attr >= CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES &&
         attr <= CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES;
}

static void describe_props(char *out, size_t size, const CUmemPoolProps *props) {
  if (props == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  char location[64];
  fake__describe_location(location, sizeof location, &props->location);
  int reserved_zero = 1;
  for (size_t i = 0; i < sizeof props->reserved; i++)
    reserved_zero &= props->reserved[i] == 0;
  snprintf(out, size, "{type=%d,handles=%d,location=%s,win32=0x%llx,maxSize=%zu,usage=%u,%s}",
           (int)props->allocType, (int)props->handleTypes, location,
           FAKE_HEX(props->win32SecurityAttributes), props->maxSize, props->usage,
           reserved_zero ? "reserved=0" : "reserved!=0");
}

/* "&=<value>" for the value an attribute is set to, read at its width. */
static void describe_value(char *out, size_t size, CUmemPool_attribute attr, const void *value) {
  if (value == NULL)
    snprintf(out, size, "NULL");
  else if (attribute_is_int(attr))
    snprintf(out, size, "&=%d", *(const int *)value);
  else
    snprintf(out, size, "&=%llu", *(const cuuint64_t *)value);
}

static void describe_export(char *out, size_t size, const CUmemPoolPtrExportData *data) {
  if (data == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  size_t used = 0;
  for (size_t i = 0; i < sizeof data->reserved && used < size; i++)
    used += (size_t)snprintf(out + used, size - used, "%02x", data->reserved[i]);
}

/* ---- the device's pools ---- */

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetDefaultMemPool, "%s,%d", fake__out(pool_out), dev);
  *pool_out = fake_pool();
  return CUDA_SUCCESS;
}

CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool) {
  FAKE_ENTER(cuDeviceSetMemPool, "%d,0x%llx", dev, FAKE_HEX(pool));
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetMemPool, "%s,%d", fake__out(pool), dev);
  *pool = fake_pool();
  return CUDA_SUCCESS;
}

/* ---- pools of their own ---- */

CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps) {
  char described[256];
  describe_props(described, sizeof described, poolProps);
  FAKE_ENTER(cuMemPoolCreate, "%s,%s", fake__out(pool), described);
  *pool = fake_pool();
  return CUDA_SUCCESS;
}

CUresult cuMemPoolDestroy(CUmemoryPool pool) {
  FAKE_ENTER(cuMemPoolDestroy, "0x%llx", FAKE_HEX(pool));
  return CUDA_SUCCESS;
}

CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep) {
  FAKE_ENTER(cuMemPoolTrimTo, "0x%llx,%zu", FAKE_HEX(pool), minBytesToKeep);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
  char described[64];
  describe_value(described, sizeof described, attr, value);
  FAKE_ENTER(cuMemPoolSetAttribute, "0x%llx,%d,%s", FAKE_HEX(pool), (int)attr, described);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
  FAKE_ENTER(cuMemPoolGetAttribute, "0x%llx,%d,%s", FAKE_HEX(pool), (int)attr, fake__out(value));
  if (attribute_is_int(attr))
    *(int *)value = (int)fake__value(FAKE_POOL_ATTRIBUTE);
  else
    *(cuuint64_t *)value = fake__value(FAKE_POOL_ATTRIBUTE);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count) {
  char described[1024];
  fake__describe_access(described, sizeof described, map, count);
  FAKE_ENTER(cuMemPoolSetAccess, "0x%llx,%s,%zu", FAKE_HEX(pool), described, count);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool,
                            CUmemLocation *location) {
  char described[64] = "NULL";
  if (location != NULL)
    fake__describe_location(described, sizeof described, location);
  FAKE_ENTER(cuMemPoolGetAccess, "%s,0x%llx,%s", fake__out(flags), FAKE_HEX(memPool), described);
  *flags = (CUmemAccess_flags)fake__value(FAKE_ACCESS_FLAGS);
  return CUDA_SUCCESS;
}

/* ---- allocation ---- */

CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize, CUmemoryPool pool,
                                 CUstream hStream) {
  FAKE_ENTER(cuMemAllocFromPoolAsync, "%s,%zu,0x%llx,0x%llx", fake__out(dptr), bytesize,
             FAKE_HEX(pool), FAKE_HEX(hStream));
  *dptr = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

/* ---- sharing ---- */

CUresult cuMemPoolExportToShareableHandle(void *handle_out, CUmemoryPool pool,
                                          CUmemAllocationHandleType handleType,
                                          unsigned long long flags) {
  FAKE_ENTER(cuMemPoolExportToShareableHandle, "%s,0x%llx,%d,%llu", fake__out(handle_out),
             FAKE_HEX(pool), (int)handleType, flags);
  if (handleType == CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    *(int *)handle_out = (int)fake__value(FAKE_SHAREABLE_FD);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *pool_out, void *handle,
                                            CUmemAllocationHandleType handleType,
                                            unsigned long long flags) {
  FAKE_ENTER(cuMemPoolImportFromShareableHandle, "%s,0x%llx,%d,%llu", fake__out(pool_out),
             FAKE_HEX(handle), (int)handleType, flags);
  *pool_out = fake_pool();
  return CUDA_SUCCESS;
}

CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *shareData_out, CUdeviceptr ptr) {
  FAKE_ENTER(cuMemPoolExportPointer, "%s,0x%llx", fake__out(shareData_out), ptr);
  for (size_t i = 0; i < sizeof shareData_out->reserved; i++)
    shareData_out->reserved[i] = (unsigned char)(fake__value(FAKE_EXPORT_BYTE) + i);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolImportPointer(CUdeviceptr *ptr_out, CUmemoryPool pool,
                                CUmemPoolPtrExportData *shareData) {
  char described[160];
  describe_export(described, sizeof described, shareData);
  FAKE_ENTER(cuMemPoolImportPointer, "%s,0x%llx,%s", fake__out(ptr_out), FAKE_HEX(pool), described);
  *ptr_out = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

#endif /* FAKE_CUDA_OLD_DRIVER */
