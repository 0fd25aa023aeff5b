/*
 * host_register.c: hipHostRegister, hipHostUnregister, hipHostGetDevicePointer
 * and hipHostGetFlags (clr hip_memory.cpp). A registered range of the
 * program's own memory is pinned host memory from then on, as hipHostMalloc's
 * is: every device's kernels may touch it, copies take it as pinned, pointer
 * queries find it, and its device pointer is its own address (ROCm maps it at
 * the same address where the device shares the process's page table).
 * mockhip keeps a record of the range, not its memory: unregistering leaves
 * the bytes where they are, for the program to free.
 */
#include <stdint.h>
#include <stdlib.h>

#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* hipHostRegister's flags: Portable, Mapped, IoMemory and ReadOnly (clr: flags > 15). */
#define REGISTER_FLAGS 15u

/* The first region that overlaps [base, base + bytes), or NULL. */
static mh_region *overlapping(mh_state *s, uintptr_t base, size_t bytes) {
  mh_region *r = mh__region_containing(s, base);
  if (r != NULL)
    return r;
  mh_tree_node *next = mh__tree_next(&s->regions, base);
  if (next == NULL)
    return NULL;
  r = MH_CONTAINER(next, mh_region, node);
  return r->base - base < bytes ? r : NULL;
}

static hipError_t host_register(mh_state *s, void *ptr, size_t bytes, unsigned flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "hostPtr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "sizeBytes is 0");
  if (flags > REGISTER_FLAGS)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x: hipHostRegister takes hipHostRegisterPortable, Mapped, IoMemory "
                    "and ReadOnly (0 to 0xf)",
                    flags);
  uintptr_t base = (uintptr_t)ptr;
  if (bytes > UINTPTR_MAX - base)
    return mh__fail(hipErrorInvalidValue, "hostPtr %p + sizeBytes %zu wraps the address space", ptr,
                    bytes);
  /* ROCm pins the pages: a range that is not all the program's memory cannot be (hip-tests'
     Unit_hipHostRegister_Negative registers more bytes than the machine holds) */
  uintptr_t first = base / s->page_bytes * s->page_bytes;
  uintptr_t end = bytes > UINTPTR_MAX - base - s->page_bytes
                      ? UINTPTR_MAX / s->page_bytes * s->page_bytes
                      : (base + bytes + s->page_bytes - 1) / s->page_bytes * s->page_bytes;
  if (!mh__os_pages_mapped((void *)first, end - first))
    return mh__fail(hipErrorInvalidValue,
                    "[%p, %p) is not all memory of the program's: there is nothing to pin", ptr,
                    (void *)(base + bytes));
  mh_region *there = overlapping(s, base, bytes);
  if (there != NULL && there->registered)
    /* CUDA's answer; clr does not look (ihipHostRegister), and a second record there would
       hide the first */
    return mh__fail(hipErrorHostMemoryAlreadyRegistered,
                    "[%p, %p) overlaps %s#%lu at %#lx (%zu bytes), registered already: "
                    "hipHostUnregister it first",
                    ptr, (void *)(base + bytes), mockhip_api_name(there->made_by), there->number,
                    (unsigned long)there->base, there->asked_bytes);
  if (there != NULL)
    return mh__fail(hipErrorInvalidValue,
                    "[%p, %p) overlaps memory the runtime made (%s at %#lx): only the "
                    "program's own memory is registered",
                    ptr, (void *)(base + bytes),
                    there->kind == MH_REGION_RESERVATION ? "a reservation"
                                                         : mockhip_api_name(there->made_by),
                    (unsigned long)there->base);
  mh_region *region = calloc(1, sizeof *region);
  if (region == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the registration's record");
  region->kind = MH_REGION_MALLOC;
  region->base = base;
  region->bytes = bytes; /* the range itself, not pages: neighbouring ranges register too */
  region->asked_bytes = bytes;
  region->device = mh__current_device();
  region->site = mh__call_site();
  region->memory = MH_BLOCK_HOST;
  region->flags = flags;
  region->made_by = mh__call_api();
  region->registered = true;
  mh__region_number(s, region);
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  s->stats.live_mallocs++;
  return hipSuccess;
}

MH_EXPORT hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostRegister, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* as clr's CHECK_STREAM_CAPTURE_SUPPORTED */
  if (err == hipSuccess) {
    mh__lock_write();
    err = host_register(s, hostPtr, sizeBytes, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipHostRegister, err, "hostPtr=%s, sizeBytes=%s, flags=%#x",
                   mh__d_ptr(hostPtr), mh__d_bytes(sizeBytes), flags);
}

MH_EXPORT hipError_t hipHostUnregister(void *hostPtr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostUnregister, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call forgets what it names */
  mh__d_ptr_early(hostPtr, ptr_text);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && hostPtr == NULL)
    err = mh__fail(hipErrorInvalidValue, "hostPtr is NULL");
  if (err == hipSuccess) /* clr waits for the registering device's streams */
    mh__queue_drain(-1);
  if (err == hipSuccess) {
    mh__sync_host_waits_device(-1);
    mh__lock_write();
    mh_region *r = mh__region_containing(s, (uintptr_t)hostPtr);
    if (r == NULL || !r->registered)
      err = mh__fail(hipErrorHostMemoryNotRegistered,
                     "hostPtr %p is in no range hipHostRegister registered", hostPtr);
    else
      mh__block_release(s, r);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipHostUnregister, err, "hostPtr=%s", ptr_text);
}

/* clr: any memory object's device address, at the same offset; here every one is its own. */
MH_EXPORT hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostGetDevicePointer, MH_CALLER, &s);
  if (err == hipSuccess && devPtr == NULL)
    err = mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  else if (err == hipSuccess && flags != 0)
    err = mh__fail(hipErrorInvalidValue, "flags is %#x; it must be 0", flags);
  if (err == hipSuccess) {
    mh__lock_read();
    mh_region *r = mh__region_containing(s, (uintptr_t)hstPtr);
    if (r == NULL || r->kind != MH_REGION_MALLOC)
      err = mh__fail(hipErrorInvalidValue,
                     "hstPtr %p is in no memory of the runtime's: hipHostMalloc it, or "
                     "hipHostRegister it first",
                     hstPtr);
    else
      *devPtr = hstPtr;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipHostGetDevicePointer, err, "%s, hstPtr=%s, flags=%#x",
                   mh__d_out_ptr("devPtr", devPtr, err), mh__d_ptr(hstPtr), flags);
}

/* clr: the flags of hipHostMalloc memory (a fine-grained buffer); registered memory is not one,
   and neither is device memory. */
MH_EXPORT hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostGetFlags, MH_CALLER, &s);
  if (err == hipSuccess && (flagsPtr == NULL || hostPtr == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", flagsPtr == NULL ? "flagsPtr" : "hostPtr");
  if (err == hipSuccess) {
    mh__lock_read();
    mh_region *r = mh__region_containing(s, (uintptr_t)hostPtr);
    if (r == NULL || r->kind != MH_REGION_MALLOC || r->memory != MH_BLOCK_HOST || r->registered)
      err = mh__fail(hipErrorInvalidValue, "hostPtr %p is not in hipHostMalloc memory%s", hostPtr,
                     r != NULL && r->registered
                         ? " (registered memory has no flags to ask for, as in clr)"
                         : "");
    else
      *flagsPtr = r->flags;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipHostGetFlags, err, "flagsPtr=%p, hostPtr=%s", (void *)flagsPtr,
                   mh__d_ptr(hostPtr));
}
