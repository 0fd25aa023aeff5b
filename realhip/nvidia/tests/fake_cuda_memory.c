/*
 * fake_cuda_memory.c: the fake driver's memory, copy, stream, event, capture
 * and VMM entry points. Each logs its arguments (structs field by field),
 * answers a scripted failure if there is one, else writes the fake's values.
 */
#include <stdio.h>
#include <string.h>

#include "fake_cuda_state.h"

/* ---- how structs are logged ---- */

void fake__describe_location(char *out, size_t size, const CUmemLocation *location) {
  snprintf(out, size, "{type=%d,id=%d}", (int)location->type, location->id);
}

static void describe_prop(char *out, size_t size, const CUmemAllocationProp *prop) {
  if (prop == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  char location[64];
  fake__describe_location(location, sizeof location, &prop->location);
  snprintf(out, size,
           "{type=%d,handles=%d,location=%s,win32=0x%llx,compression=%u,rdma=%u,usage=%u,"
           "reserved=%u:%u:%u:%u}",
           (int)prop->type, (int)prop->requestedHandleTypes, location,
           FAKE_HEX(prop->win32HandleMetaData), prop->allocFlags.compressionType,
           prop->allocFlags.gpuDirectRDMACapable, prop->allocFlags.usage,
           prop->allocFlags.reserved[0], prop->allocFlags.reserved[1], prop->allocFlags.reserved[2],
           prop->allocFlags.reserved[3]);
}

void fake__describe_access(char *out, size_t size, const CUmemAccessDesc *desc, size_t count) {
  if (desc == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  size_t used = (size_t)snprintf(out, size, "[");
  for (size_t i = 0; i < count && used < size; i++) {
    char location[64];
    fake__describe_location(location, sizeof location, &desc[i].location);
    used += (size_t)snprintf(out + used, size - used, "%s{location=%s,flags=%d}", i ? "," : "",
                             location, (int)desc[i].flags);
  }
  if (used < size)
    snprintf(out + used, size - used, "]");
}

static void describe_map_info(char *out, size_t size, const CUarrayMapInfo *info,
                              unsigned int count) {
  size_t used = (size_t)snprintf(out, size, "[");
  for (unsigned int i = 0; i < count && used < size; i++) {
    const CUarrayMapInfo *m = &info[i];
    used += (size_t)snprintf(
        out + used, size - used,
        "%s{resource=%d,array=0x%llx,subresource=%d,level=%u:%u:%u:%u:%u:%u:%u:%u,op=%d,"
        "handle_type=%d,handle=0x%llx,offset=%llu,mask=%u,flags=%u}",
        i ? "," : "", (int)m->resourceType, FAKE_HEX(m->resource.array), (int)m->subresourceType,
        m->subresource.sparseLevel.level, m->subresource.sparseLevel.layer,
        m->subresource.sparseLevel.offsetX, m->subresource.sparseLevel.offsetY,
        m->subresource.sparseLevel.offsetZ, m->subresource.sparseLevel.extentWidth,
        m->subresource.sparseLevel.extentHeight, m->subresource.sparseLevel.extentDepth,
        (int)m->memOperationType, (int)m->memHandleType, m->memHandle.memHandle, m->offset,
        m->deviceBitMask, m->flags);
  }
  if (used < size)
    snprintf(out + used, size - used, "]");
}

/* ---- ordinary memory ---- */

CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  FAKE_ENTER(cuMemGetInfo_v2, "%s,%s", fake__out(free), fake__out(total));
  *free = (size_t)fake__value(FAKE_MEM_FREE);
  *total = (size_t)fake__value(FAKE_MEM_TOTAL);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  FAKE_ENTER(cuMemAlloc_v2, "%s,%zu", fake__out(dptr), bytesize);
  *dptr = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr dptr) {
  FAKE_ENTER(cuMemFree_v2, "0x%llx", dptr);
  return fake__context_alive();
}

CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
  FAKE_ENTER(cuMemAllocManaged, "%s,%zu,%u", fake__out(dptr), bytesize, flags);
  *dptr = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream) {
  FAKE_ENTER(cuMemAllocAsync, "%s,%zu,0x%llx", fake__out(dptr), bytesize, FAKE_HEX(hStream));
  *dptr = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
  FAKE_ENTER(cuMemFreeAsync, "0x%llx,0x%llx", dptr, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags) {
  FAKE_ENTER(cuMemHostAlloc, "%s,%zu,0x%x", fake__out(pp), bytesize, Flags);
  *pp = (void *)(uintptr_t)fake__value(FAKE_HOST_POINTER);
  return CUDA_SUCCESS;
}

CUresult cuMemFreeHost(void *p) {
  FAKE_ENTER(cuMemFreeHost, "0x%llx", FAKE_HEX(p));
  return CUDA_SUCCESS;
}

CUresult cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr) {
  FAKE_ENTER(cuMemGetAddressRange_v2, "%s,%s,0x%llx", fake__out(pbase), fake__out(psize), dptr);
  if (pbase != NULL)
    *pbase = fake__value(FAKE_RANGE_BASE);
  if (psize != NULL)
    *psize = (size_t)fake__value(FAKE_RANGE_SIZE);
  return CUDA_SUCCESS;
}

CUresult cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes,
                                void **data, CUdeviceptr ptr) {
  char asked[256] = "";
  size_t used = 0;
  for (unsigned int i = 0; i < numAttributes && used < sizeof asked; i++)
    used += (size_t)snprintf(asked + used, sizeof asked - used, "%s%d", i ? ":" : "",
                             (int)attributes[i]);
  FAKE_ENTER(cuPointerGetAttributes, "%u,[%s],%s,0x%llx", numAttributes, asked, fake__out(data),
             ptr);
  for (unsigned int i = 0; i < numAttributes; i++) {
    switch (attributes[i]) {
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
      *(unsigned int *)data[i] = (unsigned int)fake__value(FAKE_MEMORY_TYPE);
      break;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED:
      *(unsigned int *)data[i] = (unsigned int)fake__value(FAKE_IS_MANAGED);
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
      *(int *)data[i] = (int)fake__value(FAKE_DEVICE_ORDINAL);
      break;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
      *(CUdeviceptr *)data[i] = fake__value(FAKE_DEVICE_POINTER);
      break;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER:
      *(void **)data[i] = (void *)(uintptr_t)fake__value(FAKE_HOST_POINTER_OF_DEVICE);
      break;
    case CU_POINTER_ATTRIBUTE_CONTEXT: *(CUcontext *)data[i] = fake__current(); break;
    }
  }
  return CUDA_SUCCESS;
}

/* ---- copies and sets ---- */

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
  FAKE_ENTER(cuMemcpy, "0x%llx,0x%llx,%zu", dst, src, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
  FAKE_ENTER(cuMemcpyAsync, "0x%llx,0x%llx,%zu,0x%llx", dst, src, ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
  FAKE_ENTER(cuMemcpyHtoD_v2, "0x%llx,0x%llx,%zu", dstDevice, FAKE_HEX(srcHost), ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
  FAKE_ENTER(cuMemcpyDtoH_v2, "0x%llx,0x%llx,%zu", FAKE_HEX(dstHost), srcDevice, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
  FAKE_ENTER(cuMemcpyDtoD_v2, "0x%llx,0x%llx,%zu", dstDevice, srcDevice, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                              CUstream hStream) {
  FAKE_ENTER(cuMemcpyHtoDAsync_v2, "0x%llx,0x%llx,%zu,0x%llx", dstDevice, FAKE_HEX(srcHost),
             ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
  FAKE_ENTER(cuMemcpyDtoHAsync_v2, "0x%llx,0x%llx,%zu,0x%llx", FAKE_HEX(dstHost), srcDevice,
             ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                              CUstream hStream) {
  FAKE_ENTER(cuMemcpyDtoDAsync_v2, "0x%llx,0x%llx,%zu,0x%llx", dstDevice, srcDevice, ByteCount,
             FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                      CUcontext srcContext, size_t ByteCount) {
  FAKE_ENTER(cuMemcpyPeer, "0x%llx,0x%llx,0x%llx,0x%llx,%zu", dstDevice, FAKE_HEX(dstContext),
             srcDevice, FAKE_HEX(srcContext), ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                           CUcontext srcContext, size_t ByteCount, CUstream hStream) {
  FAKE_ENTER(cuMemcpyPeerAsync, "0x%llx,0x%llx,0x%llx,0x%llx,%zu,0x%llx", dstDevice,
             FAKE_HEX(dstContext), srcDevice, FAKE_HEX(srcContext), ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
  FAKE_ENTER(cuMemsetD8_v2, "0x%llx,0x%x,%zu", dstDevice, uc, N);
  return CUDA_SUCCESS;
}

CUresult cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us, size_t N) {
  FAKE_ENTER(cuMemsetD16_v2, "0x%llx,0x%x,%zu", dstDevice, us, N);
  return CUDA_SUCCESS;
}

CUresult cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
  FAKE_ENTER(cuMemsetD32_v2, "0x%llx,0x%x,%zu", dstDevice, ui, N);
  return CUDA_SUCCESS;
}

CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
  FAKE_ENTER(cuMemsetD8Async, "0x%llx,0x%x,%zu,0x%llx", dstDevice, uc, N, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
  FAKE_ENTER(cuMemsetD16Async, "0x%llx,0x%x,%zu,0x%llx", dstDevice, us, N, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
  FAKE_ENTER(cuMemsetD32Async, "0x%llx,0x%x,%zu,0x%llx", dstDevice, ui, N, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

/* ---- streams and events ---- */

CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
  FAKE_ENTER(cuStreamCreate, "%s,%u", fake__out(phStream), Flags);
  *phStream = (CUstream)(uintptr_t)fake__value(FAKE_STREAM);
  return CUDA_SUCCESS;
}

CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority) {
  FAKE_ENTER(cuStreamCreateWithPriority, "%s,%u,%d", fake__out(phStream), flags, priority);
  *phStream = (CUstream)(uintptr_t)fake__value(FAKE_STREAM);
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy_v2(CUstream hStream) {
  FAKE_ENTER(cuStreamDestroy_v2, "0x%llx", FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuStreamSynchronize(CUstream hStream) {
  FAKE_ENTER(cuStreamSynchronize, "0x%llx", FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuStreamQuery(CUstream hStream) {
  FAKE_ENTER(cuStreamQuery, "0x%llx", FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
  FAKE_ENTER(cuStreamWaitEvent, "0x%llx,0x%llx,%u", FAKE_HEX(hStream), FAKE_HEX(hEvent), Flags);
  return CUDA_SUCCESS;
}

CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
  FAKE_ENTER(cuStreamGetFlags, "0x%llx,%s", FAKE_HEX(hStream), fake__out(flags));
  *flags = (unsigned int)fake__value(FAKE_STREAM_FLAGS);
  return CUDA_SUCCESS;
}

CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
  FAKE_ENTER(cuStreamGetPriority, "0x%llx,%s", FAKE_HEX(hStream), fake__out(priority));
  *priority = (int)fake__value(FAKE_STREAM_PRIORITY);
  return CUDA_SUCCESS;
}

CUresult cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
  FAKE_ENTER(cuStreamGetCtx, "0x%llx,%s", FAKE_HEX(hStream), fake__out(pctx));
  *pctx = (CUcontext)(uintptr_t)fake__value(FAKE_STREAM_CTX);
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  FAKE_ENTER(cuEventCreate, "%s,0x%x", fake__out(phEvent), Flags);
  *phEvent = (CUevent)(uintptr_t)fake__value(FAKE_EVENT);
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  FAKE_ENTER(cuEventRecord, "0x%llx,0x%llx", FAKE_HEX(hEvent), FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuEventQuery(CUevent hEvent) {
  FAKE_ENTER(cuEventQuery, "0x%llx", FAKE_HEX(hEvent));
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent hEvent) {
  FAKE_ENTER(cuEventSynchronize, "0x%llx", FAKE_HEX(hEvent));
  return CUDA_SUCCESS;
}

CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
  FAKE_ENTER(cuEventElapsedTime, "%s,0x%llx,0x%llx", fake__out(pMilliseconds), FAKE_HEX(hStart),
             FAKE_HEX(hEnd));
  *pMilliseconds = (float)fake__value(FAKE_ELAPSED_US) / 1000.0f;
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy_v2(CUevent hEvent) {
  FAKE_ENTER(cuEventDestroy_v2, "0x%llx", FAKE_HEX(hEvent));
  return CUDA_SUCCESS;
}

/* ---- stream capture ---- */

CUresult cuStreamBeginCapture_v2(CUstream hStream, CUstreamCaptureMode mode) {
  FAKE_ENTER(cuStreamBeginCapture_v2, "0x%llx,%d", FAKE_HEX(hStream), (int)mode);
  return CUDA_SUCCESS;
}

CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
  FAKE_ENTER(cuStreamEndCapture, "0x%llx,%s", FAKE_HEX(hStream), fake__out(phGraph));
  *phGraph = (CUgraph)(uintptr_t)fake__value(FAKE_GRAPH);
  return CUDA_SUCCESS;
}

CUresult cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus) {
  FAKE_ENTER(cuStreamIsCapturing, "0x%llx,%s", FAKE_HEX(hStream), fake__out(captureStatus));
  *captureStatus = (CUstreamCaptureStatus)fake__value(FAKE_CAPTURE_STATUS);
  return CUDA_SUCCESS;
}

CUresult cuStreamGetCaptureInfo_v2(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
                                   cuuint64_t *id_out, CUgraph *graph_out,
                                   const CUgraphNode **dependencies_out,
                                   size_t *numDependencies_out) {
  FAKE_ENTER(cuStreamGetCaptureInfo_v2, "0x%llx,%s,%s,%s,%s,%s", FAKE_HEX(hStream),
             fake__out(captureStatus_out), fake__out(id_out), fake__out(graph_out),
             fake__out(dependencies_out), fake__out(numDependencies_out));
  *captureStatus_out = (CUstreamCaptureStatus)fake__value(FAKE_CAPTURE_STATUS);
  if (id_out != NULL)
    *id_out = fake__value(FAKE_CAPTURE_ID);
  return CUDA_SUCCESS;
}

CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode) {
  FAKE_ENTER(cuThreadExchangeStreamCaptureMode, "%s=%d", fake__out(mode), mode ? (int)*mode : -1);
  *mode = (CUstreamCaptureMode)fake__value(FAKE_CAPTURE_MODE);
  return CUDA_SUCCESS;
}

CUresult cuGraphDestroy(CUgraph hGraph) {
  FAKE_ENTER(cuGraphDestroy, "0x%llx", FAKE_HEX(hGraph));
  return CUDA_SUCCESS;
}

/* ---- virtual memory management ---- */

CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr,
                             unsigned long long flags) {
  FAKE_ENTER(cuMemAddressReserve, "%s,%zu,%zu,0x%llx,%llu", fake__out(ptr), size, alignment, addr,
             flags);
  *ptr = fake__value(FAKE_POINTER);
  return CUDA_SUCCESS;
}

CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) {
  FAKE_ENTER(cuMemAddressFree, "0x%llx,%zu", ptr, size);
  return CUDA_SUCCESS;
}

CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size,
                     const CUmemAllocationProp *prop, unsigned long long flags) {
  char described[512];
  describe_prop(described, sizeof described, prop);
  FAKE_ENTER(cuMemCreate, "%s,%zu,%s,%llu", fake__out(handle), size, described, flags);
  *handle = fake__value(FAKE_HANDLE);
  return CUDA_SUCCESS;
}

CUresult cuMemRelease(CUmemGenericAllocationHandle handle) {
  FAKE_ENTER(cuMemRelease, "0x%llx", handle);
  return CUDA_SUCCESS;
}

CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,
                  unsigned long long flags) {
  FAKE_ENTER(cuMemMap, "0x%llx,%zu,%zu,0x%llx,%llu", ptr, size, offset, handle, flags);
  return CUDA_SUCCESS;
}

CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) {
  FAKE_ENTER(cuMemUnmap, "0x%llx,%zu", ptr, size);
  return CUDA_SUCCESS;
}

CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count) {
  char described[1024];
  fake__describe_access(described, sizeof described, desc, count);
  FAKE_ENTER(cuMemSetAccess, "0x%llx,%zu,%s,%zu", ptr, size, described, count);
  return CUDA_SUCCESS;
}

CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr) {
  char described[64] = "NULL";
  if (location != NULL)
    fake__describe_location(described, sizeof described, location);
  FAKE_ENTER(cuMemGetAccess, "%s,%s,0x%llx", fake__out(flags), described, ptr);
  *flags = fake__value(FAKE_ACCESS_FLAGS);
  return CUDA_SUCCESS;
}

CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
                                       CUmemAllocationGranularity_flags option) {
  char described[512];
  describe_prop(described, sizeof described, prop);
  FAKE_ENTER(cuMemGetAllocationGranularity, "%s,%s,%d", fake__out(granularity), described,
             (int)option);
  *granularity = (size_t)fake__value(FAKE_GRANULARITY);
  return CUDA_SUCCESS;
}

CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
                                                CUmemGenericAllocationHandle handle) {
  FAKE_ENTER(cuMemGetAllocationPropertiesFromHandle, "%s,0x%llx", fake__out(prop), handle);
  *prop = fake__allocation_prop();
  return CUDA_SUCCESS;
}

CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr) {
  FAKE_ENTER(cuMemRetainAllocationHandle, "%s,0x%llx", fake__out(handle), FAKE_HEX(addr));
  *handle = fake__value(FAKE_HANDLE);
  return CUDA_SUCCESS;
}

CUresult cuMemExportToShareableHandle(void *shareableHandle, CUmemGenericAllocationHandle handle,
                                      CUmemAllocationHandleType handleType,
                                      unsigned long long flags) {
  FAKE_ENTER(cuMemExportToShareableHandle, "%s,0x%llx,%d,%llu", fake__out(shareableHandle), handle,
             (int)handleType, flags);
  if (handleType == CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)
    *(int *)shareableHandle = (int)fake__value(FAKE_SHAREABLE_FD);
  return CUDA_SUCCESS;
}

CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *handle, void *osHandle,
                                        CUmemAllocationHandleType shHandleType) {
  FAKE_ENTER(cuMemImportFromShareableHandle, "%s,0x%llx,%d", fake__out(handle), FAKE_HEX(osHandle),
             (int)shHandleType);
  *handle = fake__value(FAKE_HANDLE);
  return CUDA_SUCCESS;
}

CUresult cuMemMapArrayAsync(CUarrayMapInfo *mapInfoList, unsigned int count, CUstream hStream) {
  char described[2048];
  describe_map_info(described, sizeof described, mapInfoList, count);
  FAKE_ENTER(cuMemMapArrayAsync, "%s,%u,0x%llx", described, count, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

/* An older driver (FAKE_CUDA_OLD_DRIVER) lacks the CUDA 11.7 call. */
#ifndef FAKE_CUDA_OLD_DRIVER
CUresult cuMemGetHandleForAddressRange(void *handle, CUdeviceptr dptr, size_t size,
                                       CUmemRangeHandleType handleType, unsigned long long flags) {
  FAKE_ENTER(cuMemGetHandleForAddressRange, "%s,0x%llx,%zu,%d,%llu", fake__out(handle), dptr, size,
             (int)handleType, flags);
  *(int *)handle = (int)fake__value(FAKE_DMA_BUF_FD);
  return CUDA_SUCCESS;
}
#endif
