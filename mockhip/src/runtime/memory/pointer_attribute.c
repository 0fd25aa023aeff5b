/*
 * pointer_attribute.c: hipPointerGetAttribute, hipDrvPointerGetAttributes and
 * hipPointerSetAttribute,
 * one hipPointer_attribute at a time, as clr's ihipPointerGetAttributes
 * answers each (hip_memory.cpp): of the memory object the address lies in
 * (mh__pointer_owner: a pool's block, a hipMalloc-family block or a VMM
 * mapping), each in the width ROCm writes it. An address of no object gets
 * the attribute's default and, for most, hipErrorInvalidValue; the attributes
 * ROCm leaves unsupported answer hipErrorNotSupported.
 */
#include <stdint.h>

#include "runtime/memory/memory.h"

/* What an object answers: clr's getMemFlags, getUserData and getUniqueId, in mock terms. */
typedef struct pointer_facts {
  bool known; /* an object was found */
  bool host;  /* fine-grained or the program's own memory (CL_MEM_SVM_FINE_GRAIN_BUFFER or
                 CL_MEM_USE_HOST_PTR): host, managed and registered blocks */
  bool managed;
  uintptr_t base;    /* the object's start */
  size_t bytes;      /* its size */
  int device;        /* userData.deviceId */
  unsigned flags;    /* userData.flags: the allocation's flags */
  uint32_t id;       /* an id no other live object shares */
  bool *sync_memops; /* userData.sync_mem_ops_, hipPointerSetAttribute's */
} pointer_facts;

/* Ids by kind in the top byte, the object's own number below: clr numbers every memory object
   from one counter; the mock numbers blocks per entry point and handles once. */
#define ID_MAPPING 0xfeu
#define ID_POOL_BLOCK 0xfdu

static pointer_facts facts_of(mh_state *s, const void *ptr) {
  pointer_facts f = {0};
  mh_pointer_owner owner = mh__pointer_owner(s, ptr);
  if (owner.pool_block != NULL) {
    const mh_pool_block *b = owner.pool_block;
    f = (pointer_facts){.known = true,
                        .base = b->base,
                        .bytes = b->bytes,
                        .device = b->pool->device,
                        .sync_memops = &owner.pool_block->sync_memops,
                        .id = ID_POOL_BLOCK << 24 | (uint32_t)((b->base >> 12) & 0xffffff)};
  } else if (owner.block != NULL) {
    const mh_region *r = owner.block;
    f = (pointer_facts){.known = true,
                        .host = r->memory != MH_BLOCK_DEVICE,
                        .managed = r->memory == MH_BLOCK_MANAGED,
                        .base = r->base,
                        .bytes = r->asked_bytes,
                        .device = r->device,
                        .flags = r->flags,
                        .sync_memops = &owner.block->sync_memops,
                        .id = (uint32_t)r->made_by << 24 | (uint32_t)(r->number & 0xffffff)};
  } else if (owner.mapping != NULL) {
    /* hipMemMap's sub-buffer: device memory of its allocation's device (host-located memory
       names the current one, as hipPointerGetAttributes does) */
    const mh_mapping *m = owner.mapping;
    const hipMemLocation *location = &m->phys->prop.location;
    f = (pointer_facts){.known = true,
                        .base = m->base,
                        .bytes = m->bytes,
                        .device = location->type == hipMemLocationTypeDevice ? location->id
                                                                             : mh__current_device(),
                        .id = ID_MAPPING << 24 | (uint32_t)(m->phys->id & 0xffffff),
                        .sync_memops = &owner.mapping->sync_memops};
  }
  return f;
}

/* The attribute's value into data, its default where ptr is in no object. */
static hipError_t get_attribute(mh_state *s, void *data, int attribute, const void *ptr) {
  pointer_facts f = facts_of(s, ptr);
  /* what most attributes answer: success, or no object */
#define ANSWER                                                                                     \
  (f.known                                                                                         \
       ? hipSuccess                                                                                \
       : mh__fail(hipErrorInvalidValue, "ptr %p is in no memory object the runtime knows", ptr))
  switch (attribute) {
  case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE:
    if (!f.known && mh__array_get(s, (hipArray_const_t)ptr) != NULL) { /* an array's handle */
      *(uint32_t *)data = hipMemoryTypeArray;
      return hipSuccess;
    }
    *(uint32_t *)data = !f.known ? 0 : f.host ? hipMemoryTypeHost : hipMemoryTypeDevice;
    return ANSWER;
  case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER:
    *(const void **)data = f.known ? ptr : NULL; /* one address space */
    return ANSWER;
  case HIP_POINTER_ATTRIBUTE_HOST_POINTER:
    *(const void **)data = f.host ? ptr : NULL;
    if (f.known && !f.host)
      return mh__fail(hipErrorInvalidValue, "ptr %p is device memory, which has no host pointer",
                      ptr);
    return ANSWER;
  case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS: *(bool *)data = f.known && *f.sync_memops; return ANSWER;
  case HIP_POINTER_ATTRIBUTE_BUFFER_ID: *(uint32_t *)data = f.id; return ANSWER;
  case HIP_POINTER_ATTRIBUTE_IS_MANAGED: *(bool *)data = f.managed; return ANSWER;
  case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
    *(int *)data = f.known ? f.device : -2; /* clr: -2 for host memory, as CUDA */
    return ANSWER;
  case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR: *(void **)data = (void *)f.base; return ANSWER;
  case HIP_POINTER_ATTRIBUTE_RANGE_SIZE: /* clr writes 32 bits */
    *(uint32_t *)data = (uint32_t)f.bytes;
    return ANSWER;
  case HIP_POINTER_ATTRIBUTE_MAPPED: *(bool *)data = f.known; return ANSWER;
  case HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS: /* 0 and no error for memory of no object */
    *(uint32_t *)data = f.flags;
    return hipSuccess;
  case HIP_POINTER_ATTRIBUTE_CONTEXT:
  case HIP_POINTER_ATTRIBUTE_P2P_TOKENS:
  case HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE:
  case HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
  case HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
  case HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
    return mh__fail(hipErrorNotSupported, "attribute %s is not supported by ROCm",
                    mh__d_pointer_attribute(attribute));
  default:
    return mh__fail(hipErrorInvalidValue, "attribute %d is no hipPointer_attribute", attribute);
  }
#undef ANSWER
}

MH_EXPORT hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute,
                                            hipDeviceptr_t ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipPointerGetAttribute, MH_CALLER, &s);
  if (err == hipSuccess && (ptr == NULL || data == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", ptr == NULL ? "ptr" : "data");
  if (err == hipSuccess) {
    mh__lock_read();
    err = get_attribute(s, data, (int)attribute, ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipPointerGetAttribute, err, "data=%p, attribute=%s, ptr=%s", data,
                   mh__d_pointer_attribute((int)attribute), mh__d_ptr(ptr));
}

/* clr: every attribute is asked, its failure ignored (its default stays written). */
static hipError_t get_attributes(mh_state *s, unsigned count, const hipPointer_attribute *which,
                                 void **data, const void *ptr) {
  if (count == 0 || which == NULL || data == NULL || ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "%s",
                    count == 0      ? "numAttributes is 0"
                    : which == NULL ? "attributes is NULL"
                    : data == NULL  ? "data is NULL"
                                    : "ptr is NULL");
  for (unsigned i = 0; i < count; i++)
    if (data[i] == NULL)
      return mh__fail(hipErrorInvalidValue, "data[%u] is NULL", i);
  for (unsigned i = 0; i < count; i++)
    (void)get_attribute(s, data[i], (int)which[i], ptr);
  return hipSuccess;
}

MH_EXPORT hipError_t hipDrvPointerGetAttributes(unsigned int numAttributes,
                                                hipPointer_attribute *attributes, void **data,
                                                hipDeviceptr_t ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvPointerGetAttributes, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = get_attributes(s, numAttributes, attributes, data, ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvPointerGetAttributes, err,
                   "numAttributes=%u, attributes=%p, data=%p, ptr=%s", numAttributes,
                   (void *)attributes, (void *)data, mh__d_ptr(ptr));
}

/* clr ihipPointerSetAttribute: only SYNC_MEMOPS, 0 or 1, of an object the runtime knows. The
   mock's copies already finish before a synchronous call returns: the flag is kept, for
   hipPointerGetAttribute, and changes nothing else. */
static hipError_t set_attribute(mh_state *s, const void *value, int attribute, const void *ptr) {
  if (attribute != HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS)
    return mh__fail(hipErrorInvalidValue, "attribute %s is not HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS",
                    mh__d_pointer_attribute(attribute));
  unsigned sync = *(const unsigned *)value;
  if (sync != 0 && sync != 1)
    return mh__fail(hipErrorInvalidValue, "*value %u is neither 0 nor 1", sync);
  pointer_facts f = facts_of(s, ptr);
  if (!f.known)
    return mh__fail(hipErrorInvalidDevicePointer, "ptr %p is in no memory object the runtime knows",
                    ptr);
  *f.sync_memops = sync == 1;
  return hipSuccess;
}

MH_EXPORT hipError_t hipPointerSetAttribute(const void *value, hipPointer_attribute attribute,
                                            hipDeviceptr_t ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipPointerSetAttribute, MH_CALLER, &s);
  if (err == hipSuccess && (ptr == NULL || value == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", ptr == NULL ? "ptr" : "value");
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_attribute(s, value, (int)attribute, ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipPointerSetAttribute, err, "value=%p, attribute=%s, ptr=%s",
                   value, mh__d_pointer_attribute((int)attribute), mh__d_ptr(ptr));
}
