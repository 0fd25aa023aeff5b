/*
 * reservation.c: hipMemAddressReserve / hipMemAddressFree. Reservations and
 * hipMalloc blocks share core's region registry, ordered by address.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmm/vmm.h"

/*
 * The size and alignment rules of the played release (a.2#2-#4): 7.0 and later
 * answer InvalidValue, 6.1-6.4 hipErrorMemoryAllocation; 6.0 (5.x code) checks
 * neither, so the mock rounds the size up to granules and drops an alignment
 * that is not a power of two (the runtime never forwarded it).
 */
static hipError_t reserve_checks(mh_state *s, size_t *bytes, size_t *align) {
  size_t granularity = s->options.granularity;
  bool checked = !mh__profile_is(MH_ROW_reserve_size_granularity, MH_CELL_unchecked);
  if (*bytes == 0) {
    if (mh__profile_is(MH_ROW_reserve_size_zero, MH_CELL_unchecked))
      return mh__fail(hipErrorOutOfMemory, "size is 0: no address space to reserve");
    return mh__profile_fail(MH_ROW_reserve_size_zero, "size is 0");
  }
  if (*bytes % granularity != 0) {
    if (checked)
      return mh__profile_fail(MH_ROW_reserve_size_granularity,
                              "size %zu is not a multiple of the granularity that "
                              "hipMemGetAllocationGranularity answers (%zu bytes): use %zu",
                              *bytes, granularity, mh__round_up(*bytes, granularity));
    if (*bytes > SIZE_MAX - granularity)
      return mh__fail(hipErrorOutOfMemory, "size %zu is too large to reserve", *bytes);
    *bytes += granularity - *bytes % granularity;
  }
  switch (mh__profile_cell(MH_ROW_reserve_alignment)) {
  case MH_CELL_multiple:
    if (*align % granularity != 0)
      return mh__profile_fail(MH_ROW_reserve_size_granularity,
                              "alignment %zu is neither 0 nor a multiple of the granularity %zu "
                              "(%s's rule)",
                              *align, granularity, mh__profile_title());
    break;
  case MH_CELL_pow2:
    if (*align != 0 && !mh__is_pow2(*align))
      return mh__profile_fail(MH_ROW_reserve_size_granularity,
                              "alignment %zu is neither 0 nor a power of two", *align);
    break;
  default:
    if (!mh__is_pow2(*align))
      *align = 0;
    break;
  }
  return hipSuccess;
}

/* Whether [addr, addr + bytes) meets address space the mock already manages. The system
   refuses a hint over a live placeholder, but not over a hole the map-area limit left in one
   (placeholder.c): such a hint is not honoured either. Regions never overlap, so only the
   one at or below addr and the next one can meet the range. */
static bool hint_meets_managed(mh_state *s, uintptr_t addr, size_t bytes) {
  uintptr_t end = addr + bytes < addr ? UINTPTR_MAX : addr + bytes;
  mh_tree_node *n = mh__tree_floor(&s->regions, addr);
  if (n != NULL) {
    const mh_region *below = MH_CONTAINER(n, mh_region, node);
    if (addr - below->base < below->bytes)
      return true;
    n = mh__tree_next(&s->regions, n->key);
  } else {
    n = mh__tree_first(&s->regions);
  }
  return n != NULL && n->key < end;
}

static hipError_t reserve(mh_state *s, void **ptr, size_t bytes, size_t align, void *addr,
                          unsigned long long flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  hipError_t checked = reserve_checks(s, &bytes, &align);
  if (checked != hipSuccess)
    return checked;

  mh_region *region = calloc(1, sizeof *region);
  if (region == NULL)
    return *ptr = NULL, mh__fail(hipErrorOutOfMemory, "no memory for the reservation record");
  /* Every reservation starts on a granule, as ROCm's and the CUDA driver's do, so a mapping
     may start at it whatever the granularity; a larger power-of-two alignment is honoured.
     An alignment that is no power of two (6.1 took multiples) is not forwarded, as in ROCm. */
  size_t granularity = s->options.granularity;
  size_t placed = mh__is_pow2(align) && align > granularity ? align : granularity;
  void *base, *hint = addr;
  if (addr != NULL && hint_meets_managed(s, (uintptr_t)addr, bytes))
    addr = NULL;
  int err = mh__os_reserve(bytes, placed, addr, &base);
  if (err != 0) {
    free(region);
    *ptr = NULL;
    return mh__fail(hipErrorOutOfMemory,
                    "cannot reserve %zu bytes of address space aligned to %zu bytes: %s", bytes,
                    placed, strerror(err));
  }
  if (hint != NULL && base != hint)
    mh__teach_note("a.2#6",
                   "hipMemAddressReserve took addr %p as a hint only and placed the reservation "
                   "elsewhere (%s), returning hipSuccess: compare *ptr with addr, and free and "
                   "reserve again (or reserve without a hint) when the place matters",
                   hint,
                   addr == NULL ? "the hint meets address space HIP already manages"
                                : "the system had no room there");
  region->kind = MH_REGION_RESERVATION;
  region->base = (uintptr_t)base;
  region->bytes = bytes;
  region->asked_bytes = bytes;
  region->device = -1;
  region->site = mh__call_site();
  mh__region_number(s, region);
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
  return mh__leave(
      MOCKHIP_CALL_hipMemAddressReserve, err, "%s, size=%s, alignment=%zu, addr=%s, flags=%llu",
      mh__d_out_ptr("ptr", ptr, err), mh__d_vmm_bytes(size), alignment, mh__d_ptr(addr), flags);
}

/* ---- a memory pool's own address space: no number, no statistics ---- */

hipError_t mh__vmm_reserve_owned(mh_state *s, size_t bytes, size_t align, struct mh_pool *pool,
                                 mh_region **out) {
  mh_region *region = calloc(1, sizeof *region);
  if (region == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool's reservation record");
  void *base;
  int err = mh__os_reserve(bytes, align, NULL, &base);
  if (err != 0) {
    free(region);
    return mh__fail(hipErrorOutOfMemory,
                    "cannot reserve %zu bytes of address space for a memory pool: %s", bytes,
                    strerror(err));
  }
  region->kind = MH_REGION_RESERVATION;
  region->base = (uintptr_t)base;
  region->bytes = bytes;
  region->asked_bytes = bytes;
  region->device = -1;
  region->site = mh__call_site();
  region->pool = pool;
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  *out = region;
  return hipSuccess;
}

void mh__vmm_unreserve_owned(mh_state *s, mh_region *region) {
  (void)mh__os_release((void *)region->base, region->bytes);
  mh__explain_remember_free(region);
  mh__tree_remove(&s->regions, &region->node);
  free(region);
}

/* Why an address of a pool's memory is not the program's to manage, for a reason. */
void mh__vmm_pool_owned_reason(const struct mh_pool *pool, const char *what, const void *ptr,
                               char *why, size_t bytes) {
  snprintf(why, bytes,
           "%s %p is memory of pool#%llu, which the pool manages: free it with hipFree or "
           "hipFreeAsync, grant access with hipMemPoolSetAccess",
           what, ptr, mh__id_number(pool->id, MH_ID_POOL));
}

hipError_t mh__vmm_pool_owned(const struct mh_pool *pool, const char *what, const void *ptr) {
  char why[256];
  mh__vmm_pool_owned_reason(pool, what, ptr, why, sizeof why);
  return mh__fail(hipErrorInvalidValue, "%s", why);
}

/* A reservation freed with live mappings: refused for the mappings, whether or not their
   handles were released (ROCr counts mappings, b.7). The strict line and the reason quote the
   played release's truth, *truth. */
static void report_free_mapped(const mh_region *region, mh_truth *truth) {
  char name[64];
  mh__describe_region(region, name, sizeof name);
  mh__misuse_truth(MH_MISUSE_FREE_MAPPED, mh__truth_free_mapped(truth),
                   "%s still has %zu mapping(s)", name, region->mappings);
}

static hipError_t address_free(mh_state *s, void *ptr, size_t bytes) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  /* ROCm finds the reservation by containment and ignores the size. */
  mh_region *region = mh__region_containing(s, (uintptr_t)ptr);
  if (region == NULL || region->kind != MH_REGION_RESERVATION)
    return mh__profile_fail(MH_ROW_free_unknown_address,
                            "devPtr %p is not inside a reservation: pass the ptr that "
                            "hipMemAddressReserve returned",
                            ptr);
  /* A pool's memory is no reservation of the program's. ROCm 6.0 frees nothing there either
     (its Device::virtualFree is empty) and answers hipSuccess, as for any address. */
  if (region->pool != NULL && mh__profile_is(MH_ROW_free_unknown_address, MH_CELL_Success)) {
    mh__teach_note("a.3#2",
                   "hipMemAddressFree(%p) names memory of pool#%llu, no reservation: %s frees "
                   "nothing and answers hipSuccess; free pool memory with hipFree or hipFreeAsync",
                   ptr, mh__id_number(region->pool->id, MH_ID_POOL), mh__profile_title());
    return hipSuccess;
  }
  if (region->pool != NULL)
    return mh__vmm_pool_owned(region->pool, "devPtr", ptr);
  if (mh__profile_is(MH_ROW_free_range, MH_CELL_exact) &&
      ((uintptr_t)ptr != region->base || bytes != region->bytes))
    return mh__fail(hipErrorInvalidValue,
                    "devPtr %p, size %zu is not reservation#%lu (%p, %zu bytes): %s frees a "
                    "reservation by the ptr and size hipMemAddressReserve gave and took",
                    ptr, bytes, region->number, (void *)region->base, region->bytes,
                    mh__profile_title());
  if (region->mappings != 0) {
    mh_truth truth;
    report_free_mapped(region, &truth);
    return mh__profile_fail(MH_ROW_free_with_mappings,
                            "reservation#%lu at devPtr still has %zu mapping(s): hipMemUnmap "
                            "them first; the mock keeps the reservation (on %s: %s, %s)",
                            region->number, region->mappings, mh__profile_title(), truth.text,
                            truth.row);
  }
  int err = mh__os_release((void *)region->base, region->bytes);
  if (err != 0)
    return mh__fail(hipErrorUnknown, "cannot release %p: %s", (void *)region->base, strerror(err));
  if ((uintptr_t)ptr != region->base || bytes != region->bytes) {
    char why[96];
    if ((uintptr_t)ptr != region->base)
      snprintf(why, sizeof why, "devPtr is inside it, not its start%s",
               bytes != region->bytes ? ", and size is not its size" : "");
    else
      snprintf(why, sizeof why, "size %zu is not its size", bytes);
    mh__teach_note("a.3#3, a.3#4",
                   "hipMemAddressFree freed all of reservation#%lu (%zu bytes) though %s, and "
                   "returned hipSuccess: it finds the reservation by containment and checks no "
                   "size; pass the ptr and size hipMemAddressReserve gave and took (CUDA refuses "
                   "any other)",
                   region->number, region->bytes, why);
  }
  mh__explain_remember_free(region);
  mh__tree_remove(&s->regions, &region->node);
  s->stats.live_reservations--;
  s->stats.reserved_bytes -= region->bytes;
  free(region);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemAddressFree(void *devPtr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAddressFree, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call frees what it names */
  mh__d_ptr_early(devPtr, ptr_text);
  if (err == hipSuccess) {
    mh__lock_write();
    err = address_free(s, devPtr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemAddressFree, err, "devPtr=%s, size=%s", ptr_text,
                   mh__d_vmm_bytes(size));
}
