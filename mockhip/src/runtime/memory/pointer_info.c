/*
 * pointer_info.c: what the runtime says about an address:
 * hipMemGetAddressRange, hipMemPtrGetInfo, hipPointerGetAttributes and
 * hipMemGetHandleForAddressRange.
 *
 * ROCm looks an address up among its memory objects: a hipMalloc-family block
 * covers the size it was asked for, and each VMM mapping is an object of its
 * own (the sub-buffer hipMemMap registers), so a mapped address answers with
 * its mapping; a reserved address with nothing mapped there is unknown, as is
 * any other.
 */
#include <string.h>

#include "runtime/memory/memory.h"

mh_pointer_owner mh__pointer_owner(mh_state *s, const void *ptr) {
  mh_pointer_owner owner = {mh__pool_block_containing(s, (uintptr_t)ptr), NULL, NULL};
  if (owner.pool_block == NULL)
    owner.block = mh__block_containing(s, (uintptr_t)ptr);
  if (owner.pool_block == NULL && owner.block == NULL)
    owner.mapping = mh__mapping_containing(s, (uintptr_t)ptr);
  return owner;
}

/* Why an address is unknown, for a reason. */
static const char *unknown_because(mh_state *s, const void *ptr) {
  mh_region *region = mh__region_containing(s, (uintptr_t)ptr);
  if (region == NULL)
    return "is in no hipMalloc-family block and no mapping";
  return region->kind == MH_REGION_RESERVATION ? "is reserved but not mapped"
                                               : "lies past the size its block was asked for";
}

static hipError_t address_range(mh_state *s, hipDeviceptr_t *pbase, size_t *psize,
                                hipDeviceptr_t dptr) {
  mh_pointer_owner owner = mh__pointer_owner(s, dptr);
  uintptr_t base;
  size_t bytes;
  if (owner.pool_block != NULL) {
    base = owner.pool_block->base;
    bytes = owner.pool_block->bytes;
  } else if (owner.block != NULL) {
    base = owner.block->base;
    bytes = owner.block->asked_bytes;
  } else if (owner.mapping != NULL &&
             mh__profile_is(MH_ROW_address_range_of_vmm, MH_CELL_NotFound)) {
    /* cuMemGetAddressRange knows the driver's allocations, not VMM mappings (H200). */
    return mh__profile_fail(MH_ROW_address_range_of_vmm,
                            "dptr %p is in a hipMemMap mapping, which %s does not report as an "
                            "allocation: use the range the program reserved and mapped",
                            dptr, mh__profile_title());
  } else if (owner.mapping != NULL) {
    base = owner.mapping->base;
    bytes = owner.mapping->bytes;
  } else {
    /* ROCm's answer to an address of no memory object (hip_memory.cpp, hipMemGetAddressRange). */
    return mh__fail(hipErrorNotFound, "dptr %p %s", dptr, unknown_because(s, dptr));
  }
  /* Either output may be NULL: the newest ROCm skips it. */
  if (pbase != NULL)
    *pbase = (hipDeviceptr_t)base;
  if (psize != NULL)
    *psize = bytes;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize,
                                           hipDeviceptr_t dptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetAddressRange, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = address_range(s, pbase, psize, dptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemGetAddressRange, err, "%s, %s, dptr=%s",
                   mh__d_out_ptr("pbase", (void *const *)pbase, err),
                   mh__d_out_bytes("psize", psize, err), mh__d_ptr(dptr));
}

/* clr hipMemPtrGetInfo: the size of the memory object ptr lies in (a block's size asked, a
   mapping's, a pool block's); an address of none is hipErrorInvalidValue. */
static hipError_t ptr_info(mh_state *s, void *ptr, size_t *bytes) {
  if (bytes == NULL)
    return mh__fail(hipErrorInvalidValue, "size is NULL");
  mh_pointer_owner owner = mh__pointer_owner(s, ptr);
  if (owner.pool_block != NULL)
    *bytes = owner.pool_block->bytes;
  else if (owner.block != NULL)
    *bytes = owner.block->asked_bytes;
  else if (owner.mapping != NULL)
    *bytes = owner.mapping->bytes;
  else
    return mh__fail(hipErrorInvalidValue, "ptr %p %s", ptr, unknown_because(s, ptr));
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPtrGetInfo(void *ptr, size_t *size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPtrGetInfo, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = ptr_info(s, ptr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPtrGetInfo, err, "ptr=%s, %s", mh__d_ptr(ptr),
                   mh__d_out_bytes("size", size, err));
}

static void block_attributes(const mh_region *block, const void *ptr, hipPointerAttribute_t *out) {
  static const hipMemoryType types[] = {
      [MH_BLOCK_DEVICE] = hipMemoryTypeDevice,
      [MH_BLOCK_HOST] = hipMemoryTypeHost,
      [MH_BLOCK_MANAGED] = HIPVMM_MEMORY_TYPE_MANAGED,
  };
  HIPVMM_POINTER_TYPE(*out) = types[block->memory];
  out->device = block->device;
  out->devicePointer = (void *)ptr; /* one address space: the device sees what the host sees */
  /* ROCm gives a host pointer to fine-grained (host and managed) memory only. */
  out->hostPointer = block->memory == MH_BLOCK_DEVICE ? NULL : (void *)ptr;
  out->isManaged = block->memory == MH_BLOCK_MANAGED;
  /* HIP on NVIDIA reports no hipHostMalloc flags (CUDA keeps none to give). */
  out->allocationFlags =
      mh__profile_is(MH_ROW_pointer_allocation_flags, MH_CELL_kept) ? block->flags : 0;
}

/* A mapping is device memory of the device its allocation was made for; host-located memory
   has none, and ROCm then names the device current at creation: here, the current one. */
static void mapping_attributes(const mh_mapping *m, const void *ptr, hipPointerAttribute_t *out) {
  const hipMemLocation *location = &m->phys->prop.location;
  HIPVMM_POINTER_TYPE(*out) = hipMemoryTypeDevice;
  out->device = location->type == hipMemLocationTypeDevice ? location->id : mh__current_device();
  out->devicePointer = (void *)ptr;
}

static hipError_t pointer_attributes(mh_state *s, hipPointerAttribute_t *attributes,
                                     const void *ptr) {
  if (attributes == NULL)
    return mh__fail(hipErrorInvalidValue, "attributes is NULL");
  memset(attributes, 0, sizeof *attributes);
  mh_pointer_owner owner = mh__pointer_owner(s, ptr);
  if (owner.pool_block != NULL) {
    /* Device memory of the pool's device, which the host does not reach. */
    HIPVMM_POINTER_TYPE(*attributes) = hipMemoryTypeDevice;
    attributes->device = owner.pool_block->pool->device;
    attributes->devicePointer = (void *)ptr;
  } else if (owner.block != NULL) {
    block_attributes(owner.block, ptr, attributes);
  } else if (owner.mapping != NULL) {
    mapping_attributes(owner.mapping, ptr, attributes);
  } else {
    /* ROCm 6.0 and later: not an error, but memory the runtime does not know (NULL too). */
    HIPVMM_POINTER_TYPE(*attributes) = HIPVMM_MEMORY_TYPE_UNREGISTERED;
    attributes->device = hipInvalidDeviceId;
    /* The CUDA runtime gives ptr back as its host pointer, checked or not (cudaPointerAttributes).
     */
    if (mh__profile_is(MH_ROW_unregistered_host_pointer, MH_CELL_ptr))
      attributes->hostPointer = (void *)ptr;
  }
  return hipSuccess;
}

MH_EXPORT hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipPointerGetAttributes, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = pointer_attributes(s, attributes, ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipPointerGetAttributes, err, "attributes=%p, ptr=%s",
                   (void *)attributes, mh__d_ptr(ptr));
}

#if HIPVMM_HAS_MEM_RANGE_HANDLE
/* ROCm's argument checks (hip_memory.cpp, hipMemGetHandleForAddressRange), then no dma-buf. */
static hipError_t range_handle(void *handle, hipDeviceptr_t dptr, size_t size, int type,
                               unsigned long long flags) {
  if (dptr == NULL)
    return mh__fail(hipErrorInvalidValue, "dptr is NULL");
  if (size == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  if (type != hipMemRangeHandleTypeDmaBufFd)
    return mh__fail(hipErrorInvalidValue, "handleType %d is not hipMemRangeHandleTypeDmaBufFd",
                    type);
  /* The CUDA driver knows the PCIe mapping type, which the H200 does not support. */
  if (flags == hipMemRangeFlagDmaBufMappingTypePcie)
    return mh__profile_fail(MH_ROW_range_handle_flags,
                            "flags hipMemRangeFlagDmaBufMappingTypePcie: %s",
                            mh__profile_is(MH_ROW_range_handle_flags, MH_CELL_NotSupported)
                                ? "the device maps no dma-buf over PCIe"
                                : "flags must be 0 (ROCm takes no mapping type)");
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  return mh__fail(hipErrorNotSupported,
                  "mockhip does not emulate dma-buf (hipDeviceAttributeDmaBufSupported is 0)");
}

MH_EXPORT hipError_t hipMemGetHandleForAddressRange(void *handle, hipDeviceptr_t dptr, size_t size,
                                                    hipMemRangeHandleType handleType,
                                                    unsigned long long flags) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetHandleForAddressRange, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = range_handle(handle, dptr, size, (int)handleType, flags);
  return mh__leave(MOCKHIP_CALL_hipMemGetHandleForAddressRange, err,
                   "%s, dptr=%s, size=%s, handleType=%d, flags=%llu",
                   mh__d_out_fd("handle", handle, err), mh__d_ptr(dptr), mh__d_bytes(size),
                   (int)handleType, flags);
}
#endif
