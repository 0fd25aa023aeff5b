/*
 * reservation.c: hipMemAddressReserve / hipMemAddressFree and the region
 * registry (reservations and hipMalloc blocks, ordered by address).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

mh_region *mh__region_containing(mh_state *s, uintptr_t addr) {
  mh_tree_node *node = mh__tree_floor(&s->regions, addr);
  if (node == NULL)
    return NULL;
  mh_region *region = MH_CONTAINER(node, mh_region, node);
  return addr - region->base < region->bytes ? region : NULL;
}

static hipError_t reserve(mh_state *s, void **ptr, size_t bytes, size_t align, void *addr,
                          unsigned long long flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  size_t granularity = s->options.granularity;
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  if (bytes % granularity != 0)
    return mh__fail(hipErrorInvalidValue,
                    "size %zu is not a multiple of the minimum granularity %zu", bytes,
                    granularity);
  if (align != 0 && !mh__is_pow2(align))
    return mh__fail(hipErrorInvalidValue, "alignment %zu is neither 0 nor a power of two", align);

  mh_region *region = calloc(1, sizeof *region);
  if (region == NULL)
    return *ptr = NULL, mh__fail(hipErrorOutOfMemory, "no memory for the reservation record");
  void *base;
  int err = mh__os_reserve(bytes, align, addr, &base);
  if (err != 0) {
    free(region);
    *ptr = NULL;
    return mh__fail(hipErrorOutOfMemory, "cannot reserve %zu bytes of address space: %s", bytes,
                    strerror(err));
  }
  region->kind = MH_REGION_RESERVATION;
  region->base = (uintptr_t)base;
  region->bytes = bytes;
  region->asked_bytes = bytes;
  region->device = -1;
  region->site = mh__call_site();
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  s->stats.live_reservations++;
  s->stats.reserved_bytes += bytes;
  *ptr = base;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr,
                                          unsigned long long flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAddressReserve, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = reserve(s, ptr, size, alignment, addr, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemAddressReserve, err,
                   "ptr=%p -> %p, size=%zu, alignment=%zu, addr=%p, flags=%llu", (void *)ptr,
                   ptr && err == hipSuccess ? *ptr : NULL, size, alignment, addr, flags);
}

/* Strict mode: a reservation freed with live mappings. When every handle
   mapped there was released already, that is the order ROCr refuses outright
   (RESOURCE_FREE, e.8): release, free, and no unmap at all. */
static void report_free_mapped(mh_state *s, const mh_region *region) {
  size_t released = 0;
  uintptr_t end = region->base + region->bytes;
  for (mh_tree_node *n = mh__tree_next(&s->mappings, region->base - 1); n && n->key < end;
       n = mh__tree_next(&s->mappings, n->key))
    released += MH_CONTAINER(n, mh_mapping, node)->phys->handle_refs == 0;
  if (released == region->mappings)
    mh__misuse(MH_MISUSE_TEARDOWN_ORDER,
               "reservation %p is freed after releasing the handles of its %zu mapping(s) but "
               "before unmapping them; unmap, then release, then free",
               (void *)region->base, region->mappings);
  else
    mh__misuse(MH_MISUSE_FREE_MAPPED,
               "reservation %p still has %zu mapping(s); ROCm answers hipErrorUnknown and has "
               "already dropped its own record of the range",
               (void *)region->base, region->mappings);
}

static hipError_t address_free(mh_state *s, void *ptr, size_t bytes) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  /* ROCm finds the reservation by containment and ignores the size. */
  mh_region *region = mh__region_containing(s, (uintptr_t)ptr);
  if (region == NULL || region->kind != MH_REGION_RESERVATION)
    return mh__fail(hipErrorInvalidValue, "%p is not inside a reservation", ptr);
  if (region->mappings != 0) {
    report_free_mapped(s, region);
    return mh__fail(hipErrorUnknown,
                    "reservation %p still has %zu mapping(s); unmap them first (the reservation "
                    "is kept)",
                    (void *)region->base, region->mappings);
  }
  int err = mh__os_release((void *)region->base, region->bytes);
  if (err != 0)
    return mh__fail(hipErrorUnknown, "cannot release %p: %s", (void *)region->base, strerror(err));
  mh__tree_remove(&s->regions, &region->node);
  s->stats.live_reservations--;
  s->stats.reserved_bytes -= region->bytes;
  free(region);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemAddressFree(void *devPtr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAddressFree, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = address_free(s, devPtr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemAddressFree, err, "devPtr=%p, size=%zu", devPtr, size);
}
