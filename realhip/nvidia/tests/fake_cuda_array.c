/*
 * fake_cuda_array.c: the fake driver's array, mipmapped array, pitched
 * memory and 2D/3D copy entry points. Each logs its arguments (descriptors
 * and copy descriptions field by field), answers a scripted failure if there
 * is one, else writes the fake's values: every array is FAKE_ARRAY, every
 * mipmapped array FAKE_MIPMAPPED_ARRAY, its level n FAKE_LEVEL_ARRAY + n, and
 * every array's descriptor FAKE_ARRAY_WIDTH ... FAKE_ARRAY_FLAGS.
 */
#include <stdio.h>

#include "fake_cuda_state.h"

/* ---- how descriptors and copies are logged ---- */

static void describe_array(char *out, size_t size, const CUDA_ARRAY_DESCRIPTOR *d) {
  if (d == NULL)
    snprintf(out, size, "NULL");
  else
    snprintf(out, size, "{width=%zu,height=%zu,format=0x%x,channels=%u}", d->Width, d->Height,
             (unsigned int)d->Format, d->NumChannels);
}

static void describe_array_3d(char *out, size_t size, const CUDA_ARRAY3D_DESCRIPTOR *d) {
  if (d == NULL)
    snprintf(out, size, "NULL");
  else
    snprintf(out, size, "{width=%zu,height=%zu,depth=%zu,format=0x%x,channels=%u,flags=0x%x}",
             d->Width, d->Height, d->Depth, (unsigned int)d->Format, d->NumChannels, d->Flags);
}

static void describe_copy_2d(char *out, size_t size, const CUDA_MEMCPY2D *c) {
  if (c == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  snprintf(out, size,
           "{src={type=%d,x=%zu,y=%zu,host=0x%llx,device=0x%llx,array=0x%llx,pitch=%zu},"
           "dst={type=%d,x=%zu,y=%zu,host=0x%llx,device=0x%llx,array=0x%llx,pitch=%zu},"
           "width=%zu,height=%zu}",
           (int)c->srcMemoryType, c->srcXInBytes, c->srcY, FAKE_HEX(c->srcHost), c->srcDevice,
           FAKE_HEX(c->srcArray), c->srcPitch, (int)c->dstMemoryType, c->dstXInBytes, c->dstY,
           FAKE_HEX(c->dstHost), c->dstDevice, FAKE_HEX(c->dstArray), c->dstPitch, c->WidthInBytes,
           c->Height);
}

static void describe_copy_3d(char *out, size_t size, const CUDA_MEMCPY3D *c) {
  if (c == NULL) {
    snprintf(out, size, "NULL");
    return;
  }
  snprintf(out, size,
           "{src={type=%d,x=%zu,y=%zu,z=%zu,lod=%zu,host=0x%llx,device=0x%llx,array=0x%llx,"
           "reserved=0x%llx,pitch=%zu,height=%zu},"
           "dst={type=%d,x=%zu,y=%zu,z=%zu,lod=%zu,host=0x%llx,device=0x%llx,array=0x%llx,"
           "reserved=0x%llx,pitch=%zu,height=%zu},width=%zu,height=%zu,depth=%zu}",
           (int)c->srcMemoryType, c->srcXInBytes, c->srcY, c->srcZ, c->srcLOD, FAKE_HEX(c->srcHost),
           c->srcDevice, FAKE_HEX(c->srcArray), FAKE_HEX(c->reserved0), c->srcPitch, c->srcHeight,
           (int)c->dstMemoryType, c->dstXInBytes, c->dstY, c->dstZ, c->dstLOD, FAKE_HEX(c->dstHost),
           c->dstDevice, FAKE_HEX(c->dstArray), FAKE_HEX(c->reserved1), c->dstPitch, c->dstHeight,
           c->WidthInBytes, c->Height, c->Depth);
}

/* ---- arrays ---- */

CUresult cuArrayCreate_v2(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray) {
  char described[256];
  describe_array(described, sizeof described, pAllocateArray);
  FAKE_ENTER(cuArrayCreate_v2, "%s,%s", fake__out(pHandle), described);
  *pHandle = (CUarray)(uintptr_t)fake__value(FAKE_ARRAY);
  return CUDA_SUCCESS;
}

CUresult cuArray3DCreate_v2(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray) {
  char described[256];
  describe_array_3d(described, sizeof described, pAllocateArray);
  FAKE_ENTER(cuArray3DCreate_v2, "%s,%s", fake__out(pHandle), described);
  *pHandle = (CUarray)(uintptr_t)fake__value(FAKE_ARRAY);
  return CUDA_SUCCESS;
}

CUresult cuArrayDestroy(CUarray hArray) {
  FAKE_ENTER(cuArrayDestroy, "0x%llx", FAKE_HEX(hArray));
  return CUDA_SUCCESS;
}

CUresult cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  FAKE_ENTER(cuArrayGetDescriptor_v2, "%s,0x%llx", fake__out(pArrayDescriptor), FAKE_HEX(hArray));
  pArrayDescriptor->Width = (size_t)fake__value(FAKE_ARRAY_WIDTH);
  pArrayDescriptor->Height = (size_t)fake__value(FAKE_ARRAY_HEIGHT);
  pArrayDescriptor->Format = (CUarray_format)fake__value(FAKE_ARRAY_FORMAT);
  pArrayDescriptor->NumChannels = (unsigned int)fake__value(FAKE_ARRAY_CHANNELS);
  return CUDA_SUCCESS;
}

CUresult cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
  FAKE_ENTER(cuArray3DGetDescriptor_v2, "%s,0x%llx", fake__out(pArrayDescriptor), FAKE_HEX(hArray));
  pArrayDescriptor->Width = (size_t)fake__value(FAKE_ARRAY_WIDTH);
  pArrayDescriptor->Height = (size_t)fake__value(FAKE_ARRAY_HEIGHT);
  pArrayDescriptor->Depth = (size_t)fake__value(FAKE_ARRAY_DEPTH);
  pArrayDescriptor->Format = (CUarray_format)fake__value(FAKE_ARRAY_FORMAT);
  pArrayDescriptor->NumChannels = (unsigned int)fake__value(FAKE_ARRAY_CHANNELS);
  pArrayDescriptor->Flags = (unsigned int)fake__value(FAKE_ARRAY_FLAGS);
  return CUDA_SUCCESS;
}

/* An older driver (FAKE_CUDA_OLD_DRIVER) lacks the mipmapped arrays of CUDA 5.0: the array
   calls' stand-in for a symbol a driver does not export. */
#ifndef FAKE_CUDA_OLD_DRIVER
CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle,
                                const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                unsigned int numMipmapLevels) {
  char described[256];
  describe_array_3d(described, sizeof described, pMipmappedArrayDesc);
  FAKE_ENTER(cuMipmappedArrayCreate, "%s,%s,%u", fake__out(pHandle), described, numMipmapLevels);
  *pHandle = (CUmipmappedArray)(uintptr_t)fake__value(FAKE_MIPMAPPED_ARRAY);
  return CUDA_SUCCESS;
}

CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray,
                                  unsigned int level) {
  FAKE_ENTER(cuMipmappedArrayGetLevel, "%s,0x%llx,%u", fake__out(pLevelArray),
             FAKE_HEX(hMipmappedArray), level);
  *pLevelArray = (CUarray)(uintptr_t)(fake__value(FAKE_LEVEL_ARRAY) + level);
  return CUDA_SUCCESS;
}

CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray) {
  FAKE_ENTER(cuMipmappedArrayDestroy, "0x%llx", FAKE_HEX(hMipmappedArray));
  return CUDA_SUCCESS;
}
#endif

/* ---- pitched memory ---- */

CUresult cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height,
                            unsigned int ElementSizeBytes) {
  FAKE_ENTER(cuMemAllocPitch_v2, "%s,%s,%zu,%zu,%u", fake__out(dptr), fake__out(pPitch),
             WidthInBytes, Height, ElementSizeBytes);
  *dptr = fake__value(FAKE_POINTER);
  *pPitch = (size_t)fake__value(FAKE_PITCH);
  return CUDA_SUCCESS;
}

/* ---- 2D and 3D copies ---- */

CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy) {
  char described[512];
  describe_copy_2d(described, sizeof described, pCopy);
  FAKE_ENTER(cuMemcpy2D_v2, "%s", described);
  return CUDA_SUCCESS;
}

CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy, CUstream hStream) {
  char described[512];
  describe_copy_2d(described, sizeof described, pCopy);
  FAKE_ENTER(cuMemcpy2DAsync_v2, "%s,0x%llx", described, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy) {
  char described[512];
  describe_copy_2d(described, sizeof described, pCopy);
  FAKE_ENTER(cuMemcpy2DUnaligned_v2, "%s", described);
  return CUDA_SUCCESS;
}

CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy) {
  char described[768];
  describe_copy_3d(described, sizeof described, pCopy);
  FAKE_ENTER(cuMemcpy3D_v2, "%s", described);
  return CUDA_SUCCESS;
}

CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy, CUstream hStream) {
  char described[768];
  describe_copy_3d(described, sizeof described, pCopy);
  FAKE_ENTER(cuMemcpy3DAsync_v2, "%s,0x%llx", described, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

/* ---- bytes of an array ---- */

CUresult cuMemcpyHtoA_v2(CUarray dstArray, size_t dstOffset, const void *srcHost,
                         size_t ByteCount) {
  FAKE_ENTER(cuMemcpyHtoA_v2, "0x%llx,%zu,0x%llx,%zu", FAKE_HEX(dstArray), dstOffset,
             FAKE_HEX(srcHost), ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAtoH_v2(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount) {
  FAKE_ENTER(cuMemcpyAtoH_v2, "0x%llx,0x%llx,%zu,%zu", FAKE_HEX(dstHost), FAKE_HEX(srcArray),
             srcOffset, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAtoD_v2(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset,
                         size_t ByteCount) {
  FAKE_ENTER(cuMemcpyAtoD_v2, "0x%llx,0x%llx,%zu,%zu", dstDevice, FAKE_HEX(srcArray), srcOffset,
             ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoA_v2(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice,
                         size_t ByteCount) {
  FAKE_ENTER(cuMemcpyDtoA_v2, "0x%llx,%zu,0x%llx,%zu", FAKE_HEX(dstArray), dstOffset, srcDevice,
             ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAtoA_v2(CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset,
                         size_t ByteCount) {
  FAKE_ENTER(cuMemcpyAtoA_v2, "0x%llx,%zu,0x%llx,%zu,%zu", FAKE_HEX(dstArray), dstOffset,
             FAKE_HEX(srcArray), srcOffset, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoAAsync_v2(CUarray dstArray, size_t dstOffset, const void *srcHost,
                              size_t ByteCount, CUstream hStream) {
  FAKE_ENTER(cuMemcpyHtoAAsync_v2, "0x%llx,%zu,0x%llx,%zu,0x%llx", FAKE_HEX(dstArray), dstOffset,
             FAKE_HEX(srcHost), ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyAtoHAsync_v2(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount,
                              CUstream hStream) {
  FAKE_ENTER(cuMemcpyAtoHAsync_v2, "0x%llx,0x%llx,%zu,%zu,0x%llx", FAKE_HEX(dstHost),
             FAKE_HEX(srcArray), srcOffset, ByteCount, FAKE_HEX(hStream));
  return CUDA_SUCCESS;
}
