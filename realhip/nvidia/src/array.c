/*
 * array.c: arrays and mipmapped arrays over the driver's cuArray* and
 * cuMipmappedArray*, and the channel formats the runtime's forms describe
 * them with.
 *
 * A hipArray_t (hipMipmappedArray_t) holds the driver's CUarray
 * (CUmipmappedArray) whole, as HIP's NVIDIA platform casts it: it is a
 * handle to pass back, never a struct to read, whatever ROCm's header says
 * it points to. The driver-API descriptors are CUDA's field for field, and
 * their formats and flags have CUDA's values (checked below), so they are
 * copied across. The runtime's forms (hipMallocArray, hipMalloc3DArray,
 * hipMallocMipmappedArray, hipArrayGetInfo) describe an element by a channel
 * description, turned into a format and channel count as the CUDA runtime
 * does; one it has no format for is hipErrorInvalidChannelDescriptor.
 */
#include <string.h>

#include "hip_nvidia_base.h"

_Static_assert((int)HIP_AD_FORMAT_UNSIGNED_INT8 == (int)CU_AD_FORMAT_UNSIGNED_INT8 &&
                   (int)HIP_AD_FORMAT_UNSIGNED_INT16 == (int)CU_AD_FORMAT_UNSIGNED_INT16 &&
                   (int)HIP_AD_FORMAT_UNSIGNED_INT32 == (int)CU_AD_FORMAT_UNSIGNED_INT32 &&
                   (int)HIP_AD_FORMAT_SIGNED_INT8 == (int)CU_AD_FORMAT_SIGNED_INT8 &&
                   (int)HIP_AD_FORMAT_SIGNED_INT16 == (int)CU_AD_FORMAT_SIGNED_INT16 &&
                   (int)HIP_AD_FORMAT_SIGNED_INT32 == (int)CU_AD_FORMAT_SIGNED_INT32 &&
                   (int)HIP_AD_FORMAT_HALF == (int)CU_AD_FORMAT_HALF &&
                   (int)HIP_AD_FORMAT_FLOAT == (int)CU_AD_FORMAT_FLOAT,
               "hipArray_Format has CUarray_format's values");
_Static_assert(hipArrayLayered == CUDA_ARRAY3D_LAYERED &&
                   hipArraySurfaceLoadStore == CUDA_ARRAY3D_SURFACE_LDST &&
                   hipArrayCubemap == CUDA_ARRAY3D_CUBEMAP &&
                   hipArrayTextureGather == CUDA_ARRAY3D_TEXTURE_GATHER,
               "HIP's array flags are CUDA_ARRAY3D_*'s");

static CUmipmappedArray cuda_mipmapped(hipMipmappedArray_const_t array) {
  return (CUmipmappedArray)(uintptr_t)array;
}

/* ---- channel formats ---- */

/* Not a call of the driver: the description, as every HIP builds it. */
struct hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                 enum hipChannelFormatKind f) {
  struct hipChannelFormatDesc desc = {x, y, z, w, f};
  return desc;
}

size_t hipnv__element_bytes(CUarray_format format, unsigned int channels) {
  switch (format) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT8: return channels;
  case CU_AD_FORMAT_UNSIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_HALF: return 2 * (size_t)channels;
  case CU_AD_FORMAT_UNSIGNED_INT32:
  case CU_AD_FORMAT_SIGNED_INT32:
  case CU_AD_FORMAT_FLOAT: return 4 * (size_t)channels;
  }
  return 0;
}

/* The format of one channel of `bits` bits of `kind`; 0 when the driver has none. */
static CUarray_format channel_format(enum hipChannelFormatKind kind, int bits) {
  switch (kind) {
  case hipChannelFormatKindSigned:
    return bits == 8    ? CU_AD_FORMAT_SIGNED_INT8
           : bits == 16 ? CU_AD_FORMAT_SIGNED_INT16
           : bits == 32 ? CU_AD_FORMAT_SIGNED_INT32
                        : (CUarray_format)0;
  case hipChannelFormatKindUnsigned:
    return bits == 8    ? CU_AD_FORMAT_UNSIGNED_INT8
           : bits == 16 ? CU_AD_FORMAT_UNSIGNED_INT16
           : bits == 32 ? CU_AD_FORMAT_UNSIGNED_INT32
                        : (CUarray_format)0;
  case hipChannelFormatKindFloat:
    return bits == 16 ? CU_AD_FORMAT_HALF : bits == 32 ? CU_AD_FORMAT_FLOAT : (CUarray_format)0;
  default: return (CUarray_format)0;
  }
}

/* The CUDA runtime's rule: the channels in use come first (x, then y, ...), all of one width,
   1, 2 or 4 of them, of a kind and width the driver has a format for. */
static hipError_t cuda_format(const char *call, const hipChannelFormatDesc *desc,
                              CUarray_format *format, unsigned int *channels) {
  const int bits[4] = {desc->x, desc->y, desc->z, desc->w};
  unsigned int used = 0;
  while (used < 4 && bits[used] != 0)
    used++;
  for (unsigned int i = used; i < 4; i++)
    if (bits[i] != 0)
      return hipnv__fail(
          hipErrorInvalidChannelDescriptor,
          "%s: channel desc {%d, %d, %d, %d}: a channel in use follows an unused one", call,
          desc->x, desc->y, desc->z, desc->w);
  if (used != 1 && used != 2 && used != 4)
    return hipnv__fail(hipErrorInvalidChannelDescriptor,
                       "%s: channel desc {%d, %d, %d, %d}: %u channels, where an element has 1, 2 "
                       "or 4",
                       call, desc->x, desc->y, desc->z, desc->w, used);
  for (unsigned int i = 1; i < used; i++)
    if (bits[i] != bits[0])
      return hipnv__fail(hipErrorInvalidChannelDescriptor,
                         "%s: channel desc {%d, %d, %d, %d}: channels of different widths", call,
                         desc->x, desc->y, desc->z, desc->w);
  *format = channel_format(desc->f, bits[0]);
  if (*format == 0)
    return hipnv__fail(hipErrorInvalidChannelDescriptor,
                       "%s: channel desc kind %d of %d bits has no CUDA array format", call,
                       (int)desc->f, bits[0]);
  *channels = used;
  return hipSuccess;
}

/* The inverse, for hipArrayGetInfo. */
static hipError_t hip_channel_desc(CUarray_format format, unsigned int channels,
                                   hipChannelFormatDesc *desc) {
  int bits = (int)(8 * hipnv__element_bytes(format, 1));
  if (bits == 0)
    return hipnv__fail(hipErrorNotSupported,
                       "hipArrayGetInfo: the array's format %#x has no hipChannelFormatKind",
                       (unsigned int)format);
  memset(desc, 0, sizeof *desc);
  switch (format) {
  case CU_AD_FORMAT_SIGNED_INT8:
  case CU_AD_FORMAT_SIGNED_INT16:
  case CU_AD_FORMAT_SIGNED_INT32: desc->f = hipChannelFormatKindSigned; break;
  case CU_AD_FORMAT_HALF:
  case CU_AD_FORMAT_FLOAT: desc->f = hipChannelFormatKindFloat; break;
  default: desc->f = hipChannelFormatKindUnsigned; break;
  }
  int *channel[4] = {&desc->x, &desc->y, &desc->z, &desc->w};
  for (unsigned int i = 0; i < channels && i < 4; i++)
    *channel[i] = bits;
  return hipSuccess;
}

/* ---- arrays ---- */

static CUresult create_3d(hipArray_t *array, const CUDA_ARRAY3D_DESCRIPTOR *desc) {
  CUarray created = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArray3DCreate(&created, desc);
  if (result == CUDA_SUCCESS)
    *array = (hipArray_t)created;
  return result;
}

hipError_t hipArrayCreate(hipArray_t *pHandle, const HIP_ARRAY_DESCRIPTOR *pAllocateArray) {
  if (pHandle == NULL || pAllocateArray == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipArrayCreate: %s is NULL",
                       pHandle == NULL ? "pHandle" : "pAllocateArray");
  CUDA_ARRAY_DESCRIPTOR desc = {.Width = pAllocateArray->Width,
                                .Height = pAllocateArray->Height,
                                .Format = (CUarray_format)pAllocateArray->Format,
                                .NumChannels = pAllocateArray->NumChannels};
  CUarray created = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArrayCreate(&created, &desc);
  if (result == CUDA_SUCCESS)
    *pHandle = (hipArray_t)created;
  return hipnv__result(result);
}

static CUDA_ARRAY3D_DESCRIPTOR cuda_desc_3d(const HIP_ARRAY3D_DESCRIPTOR *hip) {
  CUDA_ARRAY3D_DESCRIPTOR desc = {.Width = hip->Width,
                                  .Height = hip->Height,
                                  .Depth = hip->Depth,
                                  .Format = (CUarray_format)hip->Format,
                                  .NumChannels = hip->NumChannels,
                                  .Flags = hip->Flags};
  return desc;
}

hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *pAllocateArray) {
  if (array == NULL || pAllocateArray == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipArray3DCreate: %s is NULL",
                       array == NULL ? "array" : "pAllocateArray");
  CUDA_ARRAY3D_DESCRIPTOR desc = cuda_desc_3d(pAllocateArray);
  return hipnv__result(create_3d(array, &desc));
}

/* cudaMallocArray: a 1D (height 0) or 2D array of the channel description's elements. */
hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc, size_t width,
                          size_t height, unsigned int flags) {
  if (array == NULL || desc == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocArray: %s is NULL",
                       array == NULL ? "array" : "desc");
  CUDA_ARRAY3D_DESCRIPTOR cuda = {.Width = width, .Height = height, .Flags = flags};
  hipError_t refused = cuda_format("hipMallocArray", desc, &cuda.Format, &cuda.NumChannels);
  if (refused != hipSuccess)
    return refused;
  return hipnv__result(create_3d(array, &cuda));
}

hipError_t hipMalloc3DArray(hipArray_t *array, const struct hipChannelFormatDesc *desc,
                            struct hipExtent extent, unsigned int flags) {
  if (array == NULL || desc == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMalloc3DArray: %s is NULL",
                       array == NULL ? "array" : "desc");
  CUDA_ARRAY3D_DESCRIPTOR cuda = {
      .Width = extent.width, .Height = extent.height, .Depth = extent.depth, .Flags = flags};
  hipError_t refused = cuda_format("hipMalloc3DArray", desc, &cuda.Format, &cuda.NumChannels);
  if (refused != hipSuccess)
    return refused;
  return hipnv__result(create_3d(array, &cuda));
}

hipError_t hipArrayDestroy(hipArray_t array) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArrayDestroy(hipnv__array(array));
  return hipnv__result(result);
}

/* As cudaFreeArray: NULL frees nothing, and succeeds. */
hipError_t hipFreeArray(hipArray_t array) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS && array != NULL)
    result = hipnv__cuArrayDestroy(hipnv__array(array));
  return hipnv__result(result);
}

hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *pArrayDescriptor, hipArray_t array) {
  if (pArrayDescriptor == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipArrayGetDescriptor: pArrayDescriptor is NULL");
  CUDA_ARRAY_DESCRIPTOR desc;
  memset(&desc, 0, sizeof desc);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArrayGetDescriptor(&desc, hipnv__array(array));
  if (result == CUDA_SUCCESS) {
    pArrayDescriptor->Width = desc.Width;
    pArrayDescriptor->Height = desc.Height;
    pArrayDescriptor->Format = (hipArray_Format)desc.Format;
    pArrayDescriptor->NumChannels = desc.NumChannels;
  }
  return hipnv__result(result);
}

hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *pArrayDescriptor, hipArray_t array) {
  if (pArrayDescriptor == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipArray3DGetDescriptor: pArrayDescriptor is NULL");
  CUDA_ARRAY3D_DESCRIPTOR desc;
  memset(&desc, 0, sizeof desc);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArray3DGetDescriptor(&desc, hipnv__array(array));
  if (result == CUDA_SUCCESS) {
    pArrayDescriptor->Width = desc.Width;
    pArrayDescriptor->Height = desc.Height;
    pArrayDescriptor->Depth = desc.Depth;
    pArrayDescriptor->Format = (hipArray_Format)desc.Format;
    pArrayDescriptor->NumChannels = desc.NumChannels;
    pArrayDescriptor->Flags = desc.Flags;
  }
  return hipnv__result(result);
}

hipError_t hipnv__array_shape(const char *call, CUarray array, CUDA_ARRAY3D_DESCRIPTOR *shape,
                              size_t *element_bytes) {
  memset(shape, 0, sizeof *shape);
  CUresult result = hipnv__cuArray3DGetDescriptor(shape, array);
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  *element_bytes = hipnv__element_bytes(shape->Format, shape->NumChannels);
  if (*element_bytes == 0)
    return hipnv__fail(hipErrorNotSupported,
                       "%s: array %p has format %#x, whose element size HIP does not know", call,
                       (void *)array, (unsigned int)shape->Format);
  return hipSuccess;
}

/* cudaArrayGetInfo: each of desc, extent and flags that is not NULL is written. */
hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent, unsigned int *flags,
                           hipArray_t array) {
  CUDA_ARRAY3D_DESCRIPTOR shape;
  memset(&shape, 0, sizeof shape);
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuArray3DGetDescriptor(&shape, hipnv__array(array));
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  hipChannelFormatDesc described;
  if (desc != NULL) {
    hipError_t refused = hip_channel_desc(shape.Format, shape.NumChannels, &described);
    if (refused != hipSuccess)
      return refused;
    *desc = described;
  }
  if (extent != NULL) {
    extent->width = shape.Width;
    extent->height = shape.Height;
    extent->depth = shape.Depth;
  }
  if (flags != NULL)
    *flags = shape.Flags;
  return hipSuccess;
}

/* ---- mipmapped arrays ---- */

static CUresult create_mipmapped(hipMipmappedArray_t *array, const CUDA_ARRAY3D_DESCRIPTOR *desc,
                                 unsigned int levels) {
  CUmipmappedArray created = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMipmappedArrayCreate(&created, desc, levels);
  if (result == CUDA_SUCCESS)
    *array = (hipMipmappedArray_t)created;
  return result;
}

hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *pHandle,
                                   HIP_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                   unsigned int numMipmapLevels) {
  if (pHandle == NULL || pMipmappedArrayDesc == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMipmappedArrayCreate: %s is NULL",
                       pHandle == NULL ? "pHandle" : "pMipmappedArrayDesc");
  CUDA_ARRAY3D_DESCRIPTOR desc = cuda_desc_3d(pMipmappedArrayDesc);
  return hipnv__result(create_mipmapped(pHandle, &desc, numMipmapLevels));
}

hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray,
                                   const struct hipChannelFormatDesc *desc, struct hipExtent extent,
                                   unsigned int numLevels, unsigned int flags) {
  if (mipmappedArray == NULL || desc == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocMipmappedArray: %s is NULL",
                       mipmappedArray == NULL ? "mipmappedArray" : "desc");
  CUDA_ARRAY3D_DESCRIPTOR cuda = {
      .Width = extent.width, .Height = extent.height, .Depth = extent.depth, .Flags = flags};
  hipError_t refused =
      cuda_format("hipMallocMipmappedArray", desc, &cuda.Format, &cuda.NumChannels);
  if (refused != hipSuccess)
    return refused;
  return hipnv__result(create_mipmapped(mipmappedArray, &cuda, numLevels));
}

hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMipmappedArrayDestroy(cuda_mipmapped(hMipmappedArray));
  return hipnv__result(result);
}

/* As cudaFreeMipmappedArray: NULL frees nothing, and succeeds. */
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS && mipmappedArray != NULL)
    result = hipnv__cuMipmappedArrayDestroy(cuda_mipmapped(mipmappedArray));
  return hipnv__result(result);
}

static hipError_t get_level(const char *call, hipArray_t *level_array,
                            hipMipmappedArray_const_t mipmapped, unsigned int level) {
  if (level_array == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: the level's out-pointer is NULL", call);
  CUarray found = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMipmappedArrayGetLevel(&found, cuda_mipmapped(mipmapped), level);
  if (result == CUDA_SUCCESS)
    *level_array = (hipArray_t)found;
  return hipnv__result(result);
}

hipError_t hipMipmappedArrayGetLevel(hipArray_t *pLevelArray, hipMipmappedArray_t hMipMappedArray,
                                     unsigned int level) {
  return get_level("hipMipmappedArrayGetLevel", pLevelArray, hMipMappedArray, level);
}

hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray,
                                     hipMipmappedArray_const_t mipmappedArray, unsigned int level) {
  return get_level("hipGetMipmappedArrayLevel", levelArray, mipmappedArray, level);
}
