/*
 * mem_access.h: HIP's memory locations and access descriptors as the driver
 * takes them, for the calls that grant access to memory (vmm.c's
 * hipMemSetAccess, pool.c's hipMemPoolSetAccess) and those that ask it.
 *
 * ROCm copied CUDA's VMM types, so their values agree (checked below); the
 * structs are still copied field by field, never cast, because HIP's and
 * CUDA's are different types.
 */
#ifndef HIPNV_MEM_ACCESS_H
#define HIPNV_MEM_ACCESS_H

#include <stdlib.h>

#include "hip_nvidia_base.h"

_Static_assert(
    (int)hipMemAllocationTypePinned == (int)CU_MEM_ALLOCATION_TYPE_PINNED &&
        (int)hipMemLocationTypeDevice == (int)CU_MEM_LOCATION_TYPE_DEVICE &&
        (int)hipMemLocationTypeHost == (int)CU_MEM_LOCATION_TYPE_HOST &&
        (int)hipMemLocationTypeHostNuma == (int)CU_MEM_LOCATION_TYPE_HOST_NUMA &&
        (int)hipMemLocationTypeHostNumaCurrent == (int)CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT &&
        (int)hipMemHandleTypePosixFileDescriptor == (int)CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR &&
        (int)hipMemHandleTypeFabric == (int)CU_MEM_HANDLE_TYPE_FABRIC &&
        (int)hipMemAccessFlagsProtRead == (int)CU_MEM_ACCESS_FLAGS_PROT_READ &&
        (int)hipMemAccessFlagsProtReadWrite == (int)CU_MEM_ACCESS_FLAGS_PROT_READWRITE &&
        (int)hipMemAllocationGranularityRecommended == (int)CU_MEM_ALLOC_GRANULARITY_RECOMMENDED,
    "ROCm's VMM enumerations have CUDA's values");

static inline CUmemLocation hipnv__cuda_location(hipMemLocation location) {
  CUmemLocation cuda = {(CUmemLocationType)location.type, location.id};
  return cuda;
}

/* A list of access descriptors in the driver's layout: a few fit in the
   struct, more are allocated. Used in place (descs may point into it). */
typedef struct hipnv__access_list {
  CUmemAccessDesc few[8];
  CUmemAccessDesc *descs; /* count of them; NULL for none */
} hipnv__access_list;

/* Translates every descriptor, not only the first (HIP's NVIDIA header
   converts desc[0] and still passes count). Refuses, naming caller and the
   parameter desc_name, a NULL list of some descriptors and a count whose
   bytes overflow; hipErrorOutOfMemory without host memory for the copy.
   Free the list with hipnv__access_list_free, once the driver has it. */
static inline hipError_t hipnv__access_list_make(hipnv__access_list *list, const char *caller,
                                                 const char *desc_name,
                                                 const hipMemAccessDesc *desc, size_t count) {
  list->descs = NULL;
  if (desc == NULL && count > 0)
    return hipnv__fail(hipErrorInvalidValue, "%s: %s is NULL, count %zu", caller, desc_name, count);
  if (count > SIZE_MAX / sizeof(CUmemAccessDesc))
    return hipnv__fail(hipErrorInvalidValue, "%s: count %zu is too large", caller, count);
  if (count == 0)
    return hipSuccess;
  CUmemAccessDesc *cuda = count <= 8 ? list->few : malloc(count * sizeof *cuda);
  if (cuda == NULL)
    return hipnv__fail(hipErrorOutOfMemory, "%s: no host memory to translate %zu descriptors",
                       caller, count);
  for (size_t i = 0; i < count; i++) {
    cuda[i].location = hipnv__cuda_location(desc[i].location);
    cuda[i].flags = (CUmemAccess_flags)desc[i].flags;
  }
  list->descs = cuda;
  return hipSuccess;
}

static inline void hipnv__access_list_free(hipnv__access_list *list) {
  if (list->descs != list->few)
    free(list->descs);
  list->descs = NULL;
}

#endif /* HIPNV_MEM_ACCESS_H */
