/*
 * memory.c: the allocators around VMM and what the runtime says about an
 * address: hipMalloc, managed, stream-ordered, pitched and pinned host
 * memory, hipMemGetInfo, hipMemGetAddressRange, hipPointerGetAttributes,
 * hipMemGetHandleForAddressRange.
 *
 * Each is its cuMem* call in the current context. Where HIP and CUDA number
 * flags differently (host allocation) or the runtime answers what the driver
 * does not (a zero-byte hipMalloc, the managed memory type) it is said below.
 */
#include <string.h>

#include "hip_nvidia_base.h"

/* As cudaMalloc: zero bytes give NULL and success, without the driver. */
hipError_t hipMalloc(void **ptr, size_t size) {
  if (ptr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMalloc: ptr is NULL");
  if (size == 0) {
    *ptr = NULL;
    return hipSuccess;
  }
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAlloc(&allocated, size);
  if (result == CUDA_SUCCESS)
    *ptr = hipnv__ptr(allocated);
  return hipnv__result(result);
}

/* hipFree(NULL) frees nothing but, like cudaFree(0), makes the context current. */
hipError_t hipFree(void *ptr) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS && ptr != NULL)
    result = hipnv__cuMemFree(hipnv__dptr(ptr));
  return hipnv__result(result);
}

hipError_t hipMemGetInfo(size_t *free, size_t *total) {
  if (free == NULL || total == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemGetInfo: %s is NULL",
                       free == NULL ? "free" : "total");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetInfo(free, total);
  return hipnv__result(result);
}

_Static_assert(hipMemAttachGlobal == CU_MEM_ATTACH_GLOBAL &&
                   hipMemAttachHost == CU_MEM_ATTACH_HOST &&
                   hipMemAttachSingle == CU_MEM_ATTACH_SINGLE,
               "HIP's attach flags are CUDA's");

hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
  if (dev_ptr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocManaged: dev_ptr is NULL");
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAllocManaged(&allocated, size, flags);
  if (result == CUDA_SUCCESS)
    *dev_ptr = hipnv__ptr(allocated);
  return hipnv__result(result);
}

hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream) {
  if (dev_ptr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocAsync: dev_ptr is NULL");
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAllocAsync(&allocated, size, (CUstream)stream);
  if (result == CUDA_SUCCESS)
    *dev_ptr = hipnv__ptr(allocated);
  return hipnv__result(result);
}

hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemFreeAsync(hipnv__dptr(dev_ptr), (CUstream)stream);
  return hipnv__result(result);
}

/* ---- pinned host memory ---- */

#define ROCM_ONLY_HOST_FLAGS                                                                       \
  (hipHostMallocUncached | hipHostMallocNumaUser | hipHostMallocCoherent | hipHostMallocNonCoherent)
#define KNOWN_HOST_FLAGS                                                                           \
  (hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined | ROCM_ONLY_HOST_FLAGS)

/* Portable, mapped and write-combined are CUDA's flags under other names.
   ROCm's coherence, caching and NUMA choices have no CUDA counterpart:
   pinned host memory on NVIDIA is always coherent and cached, which any of
   them accepts, so they are checked as ROCm checks them and then dropped. */
static hipError_t cuda_host_flags(unsigned int flags, unsigned int *cuda) {
  if ((flags & ~(unsigned int)KNOWN_HOST_FLAGS) != 0)
    return hipnv__fail(hipErrorInvalidValue, "hipHostMalloc: flags %#x has bits %#x no flag names",
                       flags, flags & ~(unsigned int)KNOWN_HOST_FLAGS);
  const unsigned int coherence = hipHostMallocCoherent | hipHostMallocNonCoherent;
  if ((flags & coherence) == coherence)
    return hipnv__fail(
        hipErrorInvalidValue,
        "hipHostMalloc: hipHostMallocCoherent and hipHostMallocNonCoherent together");
  if ((flags & hipHostMallocUncached) && (flags & coherence))
    return hipnv__fail(hipErrorInvalidValue,
                       "hipHostMalloc: hipHostMallocUncached with a coherence flag");
  *cuda = 0;
  if (flags & hipHostMallocPortable)
    *cuda |= CU_MEMHOSTALLOC_PORTABLE;
  if (flags & hipHostMallocMapped)
    *cuda |= CU_MEMHOSTALLOC_DEVICEMAP;
  if (flags & hipHostMallocWriteCombined)
    *cuda |= CU_MEMHOSTALLOC_WRITECOMBINED;
  return hipSuccess;
}

hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags) {
  if (ptr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipHostMalloc: ptr is NULL");
  unsigned int cuda_flags = 0;
  hipError_t refused = cuda_host_flags(flags, &cuda_flags);
  if (refused != hipSuccess)
    return refused;
  void *allocated = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemHostAlloc(&allocated, size, cuda_flags);
  if (result == CUDA_SUCCESS)
    *ptr = allocated;
  return hipnv__result(result);
}

hipError_t hipHostFree(void *ptr) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS && ptr != NULL)
    result = hipnv__cuMemFreeHost(ptr);
  return hipnv__result(result);
}

/* HIP's deprecated name for it (cudaFreeHost on NVIDIA). */
hipError_t hipFreeHost(void *ptr) { return hipHostFree(ptr); }

/* ---- pitched memory ---- */

/* The runtime's forms name no element size; the driver's largest, 16 bytes, makes a pitch that
   suits every access a kernel can make. */
#define PITCH_ELEMENT_BYTES 16

static CUresult malloc_pitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAllocPitch(&allocated, pitch, width, height, PITCH_ELEMENT_BYTES);
  if (result == CUDA_SUCCESS)
    *ptr = hipnv__ptr(allocated);
  return result;
}

/* As hipMalloc: nothing to allocate is NULL and success, without the driver. */
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  if (ptr == NULL || pitch == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMallocPitch: %s is NULL",
                       ptr == NULL ? "ptr" : "pitch");
  if (width == 0 || height == 0) {
    *ptr = NULL;
    return hipSuccess;
  }
  return hipnv__result(malloc_pitch(ptr, pitch, width, height));
}

/* The driver's form: every value is the driver's to judge. */
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes, size_t height,
                            unsigned int elementSizeBytes) {
  if (dptr == NULL || pitch == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemAllocPitch: %s is NULL",
                       dptr == NULL ? "dptr" : "pitch");
  CUdeviceptr allocated = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemAllocPitch(&allocated, pitch, widthInBytes, height, elementSizeBytes);
  if (result == CUDA_SUCCESS)
    *dptr = hipnv__ptr(allocated);
  return hipnv__result(result);
}

/* extent.width bytes x height rows x depth slices: rows of one pitch, height x depth of them. */
hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent) {
  if (pitchedDevPtr == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMalloc3D: pitchedDevPtr is NULL");
  size_t rows = 0, pitch = 0;
  void *ptr = NULL;
  if (__builtin_mul_overflow(extent.height, extent.depth, &rows))
    return hipnv__fail(hipErrorOutOfMemory, "hipMalloc3D: %zu x %zu rows overflow", extent.height,
                       extent.depth);
  CUresult result = CUDA_SUCCESS;
  if (extent.width != 0 && rows != 0)
    result = malloc_pitch(&ptr, &pitch, extent.width, rows);
  if (result == CUDA_SUCCESS) {
    pitchedDevPtr->ptr = ptr;
    pitchedDevPtr->pitch = pitch;
    pitchedDevPtr->xsize = extent.width;
    pitchedDevPtr->ysize = extent.height;
  }
  return hipnv__result(result);
}

/* ---- what an address is ---- */

/* Either out-pointer may be NULL, as with cuMemGetAddressRange. */
hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize, hipDeviceptr_t dptr) {
  CUdeviceptr base = 0;
  size_t bytes = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetAddressRange(&base, &bytes, hipnv__dptr(dptr));
  if (result == CUDA_SUCCESS) {
    if (pbase != NULL)
      *pbase = hipnv__ptr(base);
    if (psize != NULL)
      *psize = bytes;
  }
  return hipnv__result(result);
}

/* CUDA's memory types are 1 to 4 where HIP's Array and Unified are 10 and 11;
   the driver calls managed memory device memory with IS_MANAGED set, which
   cudaPointerGetAttributes reports as managed. Memory the driver does not know
   (type 0) is Unregistered, with success, as the CUDA runtime answers. */
static hipMemoryType hip_memory_type(unsigned int cuda_type, unsigned int is_managed) {
  if (is_managed)
    return hipMemoryTypeManaged;
  switch (cuda_type) {
  case CU_MEMORYTYPE_HOST: return hipMemoryTypeHost;
  case CU_MEMORYTYPE_DEVICE: return hipMemoryTypeDevice;
  case CU_MEMORYTYPE_ARRAY: return hipMemoryTypeArray;
  case CU_MEMORYTYPE_UNIFIED: return hipMemoryTypeUnified;
  default: return hipMemoryTypeUnregistered;
  }
}

/* allocationFlags stays 0: CUDA keeps no hipHostMalloc flags to report. */
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
  if (attributes == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipPointerGetAttributes: attributes is NULL");
  unsigned int memory_type = 0, is_managed = 0;
  int ordinal = -1;
  CUdeviceptr device_pointer = 0;
  void *host_pointer = NULL;
  CUpointer_attribute asked[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_IS_MANAGED,
                                 CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                 CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
                                 CU_POINTER_ATTRIBUTE_HOST_POINTER};
  void *answers[] = {&memory_type, &is_managed, &ordinal, &device_pointer, &host_pointer};
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuPointerGetAttributes(sizeof asked / sizeof asked[0], asked, answers,
                                           hipnv__dptr(ptr));
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  memset(attributes, 0, sizeof *attributes);
  attributes->type = hip_memory_type(memory_type, is_managed);
  attributes->device = ordinal;
  attributes->devicePointer = hipnv__ptr(device_pointer);
  attributes->hostPointer = host_pointer;
  attributes->isManaged = is_managed != 0;
  return hipSuccess;
}

_Static_assert((int)hipMemRangeHandleTypeDmaBufFd == (int)CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD,
               "HIP's range handle types are CUDA's");

/* handle receives an int fd (a dma-buf); the flags (the PCIe mapping type) are CUDA's values. */
hipError_t hipMemGetHandleForAddressRange(void *handle, hipDeviceptr_t dptr, size_t size,
                                          hipMemRangeHandleType handleType,
                                          unsigned long long flags) {
  if (handle == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipMemGetHandleForAddressRange: handle is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemGetHandleForAddressRange(handle, hipnv__dptr(dptr), size,
                                                  (CUmemRangeHandleType)handleType, flags);
  return hipnv__result(result);
}
