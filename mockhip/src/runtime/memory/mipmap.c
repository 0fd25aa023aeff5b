/*
 * mipmap.c: the mipmapped arrays, which ROCm on Linux never makes. clr's
 * ihipMipmapArrayCreate first asks every device for the cl_khr_mipmap_image
 * extension, which only its Windows (PAL) device enables
 * (rocclr/device/pal/palsettings.cpp), so on Linux hipMallocMipmappedArray and
 * hipMipmappedArrayCreate answer hipErrorNotSupported once ROCm's earlier
 * argument checks pass, and no mipmapped array handle is ever one: the calls
 * that take one answer what clr answers for NULL, and for any other value the
 * error clr's checks of the object would give (ROCm reads it; mockhip does
 * not). hipMemMapArrayAsync's hipArrayMapInfo names the same types.
 */
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

static hipError_t not_supported(const char *call) {
  return mh__fail(hipErrorNotSupported,
                  "%s: ROCm on Linux has no mipmapped arrays (clr ihipMipmapArrayCreate needs "
                  "cl_khr_mipmap_image, which only its Windows device has); use one array per "
                  "level",
                  call);
}

static hipError_t not_a_mipmap(const void *handle) {
  return mh__fail(hipErrorInvalidValue,
                  "mipmappedArray %p is no mipmapped array: ROCm on Linux makes none (ROCm reads "
                  "it as one and fails, or crashes)",
                  handle);
}

MH_EXPORT hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray,
                                             const struct hipChannelFormatDesc *desc,
                                             struct hipExtent extent, unsigned int numLevels,
                                             unsigned int flags) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocMipmappedArray, MH_CALLER, NULL);
  if (err == hipSuccess && (mipmappedArray == NULL || desc == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   mipmappedArray == NULL ? "mipmappedArray" : "desc");
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && !mh__channel_desc_well_formed(desc))
    err = mh__fail(hipErrorInvalidValue,
                   "desc {%d, %d, %d, %d}: x must be set and every other channel 0 or %d bits "
                   "(clr CheckArrayFormat)",
                   desc->x, desc->y, desc->z, desc->w, desc->x);
  if (err == hipSuccess)
    err = not_supported("hipMallocMipmappedArray");
  return mh__leave(MOCKHIP_CALL_hipMallocMipmappedArray, err,
                   "mipmappedArray=%s, desc=%s, extent=%s, numLevels=%u, flags=%s",
                   mh__d_ptr(mipmappedArray), mh__d_channel_desc(desc), mh__d_extent(extent),
                   numLevels, mh__d_array_flags(flags));
}

/* clr checks the extension before anything, even NULL arguments. */
MH_EXPORT hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *pHandle,
                                             HIP_ARRAY3D_DESCRIPTOR *desc,
                                             unsigned int numMipmapLevels) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMipmappedArrayCreate, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess)
    err = not_supported("hipMipmappedArrayCreate");
  return mh__leave(MOCKHIP_CALL_hipMipmappedArrayCreate, err,
                   "pHandle=%s, pMipmappedArrayDesc=%s, numMipmapLevels=%u", mh__d_ptr(pHandle),
                   mh__d_array3d_desc(desc), numMipmapLevels);
}

/* clr ihipMipmappedArrayDestroy: NULL is InvalidValue, and so is an object it cannot use. */
static hipError_t destroy(hipMipmappedArray_t mipmappedArray) {
  hipError_t err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && mipmappedArray == NULL)
    err = mh__fail(hipErrorInvalidValue, "mipmappedArray is NULL");
  else if (err == hipSuccess)
    err = not_a_mipmap(mipmappedArray);
  return err;
}

MH_EXPORT hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFreeMipmappedArray, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = destroy(mipmappedArray);
  return mh__leave(MOCKHIP_CALL_hipFreeMipmappedArray, err, "mipmappedArray=%s",
                   mh__d_ptr(mipmappedArray));
}

MH_EXPORT hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMipmappedArrayDestroy, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = destroy(hMipmappedArray);
  return mh__leave(MOCKHIP_CALL_hipMipmappedArrayDestroy, err, "hMipmappedArray=%s",
                   mh__d_ptr(hMipmappedArray));
}

/* clr ihipMipmappedArrayGetLevel: levelArray NULL is InvalidValue, the mipmapped array NULL
   InvalidHandle, then the level and the object, InvalidValue. */
static hipError_t get_level(hipArray_t *level_array, const void *mipmapped) {
  if (level_array == NULL)
    return mh__fail(hipErrorInvalidValue, "levelArray is NULL");
  if (mipmapped == NULL)
    return mh__fail(hipErrorInvalidHandle, "mipmappedArray is NULL");
  return not_a_mipmap(mipmapped);
}

MH_EXPORT hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray,
                                               hipMipmappedArray_const_t mipmappedArray,
                                               unsigned int level) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetMipmappedArrayLevel, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess)
    err = get_level(levelArray, mipmappedArray);
  return mh__leave(MOCKHIP_CALL_hipGetMipmappedArrayLevel, err, "%s, mipmappedArray=%s, level=%u",
                   mh__d_out_array("levelArray", levelArray, err), mh__d_ptr(mipmappedArray),
                   level);
}

/* The driver form checks no capture (clr hipMipmappedArrayGetLevel). */
MH_EXPORT hipError_t hipMipmappedArrayGetLevel(hipArray_t *pLevelArray,
                                               hipMipmappedArray_t hMipMappedArray,
                                               unsigned int level) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMipmappedArrayGetLevel, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = get_level(pLevelArray, hMipMappedArray);
  return mh__leave(MOCKHIP_CALL_hipMipmappedArrayGetLevel, err, "%s, hMipMappedArray=%s, level=%u",
                   mh__d_out_array("pLevelArray", pLevelArray, err), mh__d_ptr(hMipMappedArray),
                   level);
}
