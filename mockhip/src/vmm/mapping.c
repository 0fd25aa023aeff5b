/*
 * mapping.c: mappings: hipMemMap, hipMemUnmap, hipMemRetainAllocationHandle
 * (which finds a handle by address), hipMemMapArrayAsync (refused, as on AMD)
 * and the memory pools' own mappings. Their access is access.c's; which
 * mappings an unmap covers is mapping_run.c's; the lookups by address are
 * core/registry.c's.
 *
 * A mapping places a physical allocation's memory file at an address inside a
 * reservation. It starts with no access for anyone, and a page protection of
 * what the CPU may do there (mh__cpu_prot).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmm/vmm.h"

const char *mh__map_limit(int err, char *buf, size_t bytes) {
  buf[0] = '\0';
  if (err == ENOMEM) {
    size_t used, max;
    mh__os_map_areas(&used, &max);
    snprintf(buf, bytes, " (%zu map areas in use, vm.max_map_count = %zu; else out of memory)",
             used, max);
  }
  return buf;
}

/* ---- map ---- */

/*
 * A map the backend refuses. The newest release says InvalidValue; older ones
 * return hipSuccess with nothing mapped (the failure is only logged), and the
 * reference the map took first stays on the handle (a.6#4, #5 and notes).
 */
static hipError_t map_refused(mh_phys *phys, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static hipError_t map_refused(mh_phys *phys, const char *fmt, ...) {
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (!mh__profile_is(MH_ROW_map_failure, MH_CELL_swallowed))
    return mh__fail(hipErrorInvalidValue, "%s", what);
  phys->handle_refs++;
  mh__misuse(MH_MISUSE_VERSION_BUG,
             "%s returns hipSuccess here but maps nothing: %s; the handle keeps the "
             "reference the map took, so its memory is never freed (a.6)",
             mh__profile_title(), what);
  return hipSuccess;
}

static hipError_t map(mh_state *s, void *ptr, size_t bytes, size_t offset,
                      hipMemGenericAllocationHandle_t handle, unsigned long long flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  if (offset != 0)
    return mh__profile_fail(MH_ROW_map_offset,
                            "offset must be 0, got %zu: %s maps a handle from its first byte",
                            offset, mh__profile_title());
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  mh_phys *phys = mh__phys_lookup(s, handle);
  if (phys == NULL)
    return mh__fail(hipErrorInvalidValue,
                    "handle %s names no live allocation: it was released, or never came from "
                    "hipMemCreate or hipMemImportFromShareableHandle",
                    mh__d_handle(handle));
  if (phys->handle_refs == 0 && mh__profile_is(MH_ROW_map_released_handle, MH_CELL_InvalidValue))
    return mh__fail(hipErrorInvalidValue,
                    "handle %s was released: its mappings keep the memory, but %s takes no new "
                    "mapping of it (map before releasing, or keep the handle)",
                    mh__d_handle(handle), mh__profile_title());
  /* The CUDA driver compares the size with the handle's before it looks at the range: a
     size other than the handle's is NotSupported, whatever else is wrong (H200). */
  if (bytes != phys->bytes && mh__profile_is(MH_ROW_map_part_of_handle, MH_CELL_NotSupported))
    return mh__fail(hipErrorNotSupported,
                    "size %zu is %s the handle's %zu bytes: %s maps a whole handle or nothing "
                    "(the driver answers CUDA_ERROR_NOT_SUPPORTED); create a handle of the size "
                    "to map",
                    bytes, bytes < phys->bytes ? "part of" : "more than", phys->bytes,
                    mh__profile_title());
  size_t granularity = s->options.granularity;
  if (bytes % granularity != 0) {
    if (mh__profile_is(MH_ROW_map_size_checked, MH_CELL_yes))
      return mh__fail(hipErrorInvalidValue,
                      "size %zu is not a multiple of the granularity that "
                      "hipMemGetAllocationGranularity answers (%zu bytes): use %zu",
                      bytes, granularity, mh__round_up(bytes, granularity));
    return map_refused(phys,
                       "size %zu is not a multiple of the granularity that "
                       "hipMemGetAllocationGranularity answers (%zu bytes): use %zu",
                       bytes, granularity, mh__round_up(bytes, granularity));
  }
  uintptr_t base = (uintptr_t)ptr;
  if (base % granularity != 0)
    return map_refused(phys,
                       "ptr %p is not a multiple of the granularity (%zu bytes): map at the "
                       "reservation's start or a whole number of granules into it",
                       ptr, granularity);
  mh_region *reservation = mh__region_containing(s, base);
  if (reservation == NULL || reservation->kind != MH_REGION_RESERVATION)
    return map_refused(phys,
                       "ptr %p is not inside a reservation: map into address space that "
                       "hipMemAddressReserve returned",
                       ptr);
  if (reservation->pool != NULL) {
    /* ROCr finds that range taken by the pool's own reservation: a refused map, which
       the releases that swallow those (map_failure) answer hipSuccess to. */
    char why[256];
    mh__vmm_pool_owned_reason(reservation->pool, "ptr", ptr, why, sizeof why);
    return map_refused(phys, "%s", why);
  }
  char at[64];
  /* HIP on NVIDIA maps on past the reservation's end, where nothing holds the space
     (map_past_reservation, mapping_past.c); ROCr refuses (a.6#4). */
  size_t past = 0;
  if (bytes > reservation->bytes - (base - reservation->base)) {
    past = bytes - (reservation->bytes - (base - reservation->base));
    if (!mh__profile_is(MH_ROW_map_past_reservation, MH_CELL_free_space)) {
      mh__describe_addr(s, base, at, sizeof at);
      return map_refused(phys,
                         "ptr + size runs past the end of the reservation: %zu bytes from %s, "
                         "which holds %zu bytes in all",
                         bytes, at, reservation->bytes);
    }
  }
  mh_mapping *below = mh__mapping_containing(s, base);
  mh_tree_node *above = mh__tree_next(&s->mappings, base);
  if (below != NULL || (above != NULL && above->key < base + bytes)) {
    mh__describe_addr(s, below ? below->base : above->key, at, sizeof at);
    return map_refused(phys,
                       "ptr + size overlaps the mapping at %s: hipMemUnmap it first, or map "
                       "where the reservation is still unmapped",
                       at);
  }
  /* No AMD release checks this (a.6#6); the mock must, having no more memory to map. It
     comes after ROCr's own refusals, which older releases swallow. */
  if (bytes > phys->bytes)
    return mh__fail(hipErrorInvalidValue,
                    "size %zu is more than handle's allocation holds (%zu bytes): a mapping "
                    "covers at most the whole allocation",
                    bytes, phys->bytes);

  char why[320];
  if (past != 0 && !mh__past_claim(s, reservation, past, why, sizeof why))
    return map_refused(phys, "%s", why);
  mh_mapping *mapping = mh__slab_alloc(&s->mapping_records);
  if (mapping != NULL) {
    mapping->base = base; /* no access yet: the record is zeroed */
    mapping->bytes = bytes;
    mapping->past = past;
  }
  if (mapping == NULL || mh__mapping_index(s, mapping) != 0) {
    if (mapping != NULL)
      mh__slab_free(&s->mapping_records, mapping);
    mh__past_release(base + bytes - past, past);
    return mh__fail(hipErrorOutOfMemory, "no memory for the %s",
                    mapping == NULL ? "mapping record" : "address index");
  }
  int err = mh__os_map_fixed(ptr, bytes, &phys->memory);
  /* Where the CPU may touch a mapping before any grant (6.x's reservations are its own pages:
     cpu_access `reservation_pages`), the new mapping is open to it at once. */
  if (err == 0 && mh__cpu_prot(s, mapping) != MH_OS_PROT_NONE &&
      (err = mh__os_protect(ptr, bytes, mh__cpu_prot(s, mapping))) != 0)
    (void)mh__os_placeholder(ptr, bytes);
  if (err != 0) {
    mh__mapping_unindex(s, mapping);
    /* Recent kernels keep the placeholder when a fixed map fails; older ones may leave a hole. */
    if (!mh__os_is_mapped(ptr, bytes))
      mh__os_placeholder(ptr, bytes);
    mh__past_release(base + bytes - past, past);
    mh__slab_free(&s->mapping_records, mapping);
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot map %zu bytes at %p: %s%s", bytes, ptr,
                    strerror(err), mh__map_limit(err, limit, sizeof limit));
  }
  mapping->reservation = reservation;
  mapping->phys = phys;
  mapping->site = mh__call_site();
  mapping->node.key = base;
  mh__tree_insert(&s->mappings, &mapping->node);
  phys->mappings++;
  reservation->mappings++;
  s->stats.live_mappings++;
  s->stats.mapped_bytes += bytes;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemMap(void *ptr, size_t size, size_t offset,
                               hipMemGenericAllocationHandle_t handle, unsigned long long flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemMap, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = map(s, ptr, size, offset, handle, flags);
    if (err == hipSuccess) /* new memory at these addresses */
      mh__sync_forget((uintptr_t)ptr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemMap, err,
                   "ptr=%s, size=%s, offset=%zu, handle=%s, flags=%llu", mh__d_ptr(ptr),
                   mh__d_vmm_bytes(size), offset, mh__d_handle(handle), flags);
}

/* ---- unmap ---- */

/* Forgets a mapping whose placeholder is back. */
static void unmap_one(mh_state *s, mh_mapping *m) {
  mh__past_release(m->base + m->bytes - m->past, m->past); /* the mapping's own */
  mh__explain_remember_unmap(m);
  mh__tree_remove(&s->mappings, &m->node);
  mh__mapping_unindex(s, m);
  m->reservation->mappings--;
  s->stats.live_mappings--;
  s->stats.mapped_bytes -= m->bytes;
  m->phys->mappings--;
  mh__phys_unhold(s, m->phys);
  mh__slab_free(&s->mapping_records, m);
}

/* What hipMemUnmap waits for (docs/hip-vmm-semantics.md, Synchronisation): the newest ROCm
   synchronises every stream with access first; 6.x to 7.2 unmap on the null stream, after the
   blocking streams' work; HIP on NVIDIA waits for nothing (an H200 faulted a copy still in
   flight). */
static _Atomic mh_unmap_wait unmap_wait;

void mh__vmm_unmap_wait_with(mh_unmap_wait wait) { atomic_store(&unmap_wait, wait); }

static mh_sync_waits unmap_waits(void) {
  if (mh__profile_nvidia())
    return MH_SYNC_WAITS_NONE;
  return strcmp(mh__profile_name(), "newest") == 0 ? MH_SYNC_WAITS_ALL : MH_SYNC_WAITS_LEGACY;
}

static hipError_t unmap(mh_state *s, void *ptr, size_t bytes) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  size_t count;
  mh_mapping *m;
  mh_region *owner = mh__region_containing(s, (uintptr_t)ptr);
  if (owner != NULL && owner->pool != NULL)
    return mh__vmm_pool_owned(owner->pool, "ptr", ptr);
  hipError_t found = mh__unmap_run(s, ptr, &bytes, &m, &count);
  if (found != hipSuccess || count == 0)
    return found;
  mh__staged_copy_race(s, m, count, true);
  mh__sync_host_frees(s, m->base, bytes, mh__current_device(), unmap_waits());
  /* One call over the whole run, before any record changes: the kernel
     replaces all of it or, when a split finds no map area left, none of it. */
  int err = mh__os_placeholder((void *)m->base, bytes);
  if (err != 0) {
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot unmap %zu bytes at %p: %s%s", bytes,
                    (void *)m->base, strerror(err), mh__map_limit(err, limit, sizeof limit));
  }
  while (count-- > 0) {
    mh_mapping *next = count ? mh__mapping_next(s, m) : NULL;
    unmap_one(s, m);
    m = next;
  }
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemUnmap(void *ptr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemUnmap, MH_CALLER, &s);
  mh_unmap_wait wait = atomic_load_explicit(&unmap_wait, memory_order_acquire);
  if (err == hipSuccess && wait != NULL) /* first, with no lock held */
    wait(unmap_waits(), mh__current_device());
  if (err == hipSuccess) {
    mh__lock_write();
    err = unmap(s, ptr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemUnmap, err, "ptr=%s, size=%s", mh__d_ptr(ptr),
                   mh__d_vmm_bytes(size));
}

/* ---- a memory pool's own mappings: no statistics, access set whole ---- */

/* The page protection of m's access, where the CPU's view has it. */
static int protect_owned(mh_state *s, mh_mapping *m) {
  return mh__os_protect((void *)m->base, m->bytes, mh__cpu_prot(s, m));
}

hipError_t mh__vmm_map_owned(mh_state *s, mh_region *reservation, uintptr_t base, size_t bytes,
                             mh_phys *phys, const unsigned char *access, mh_mapping **out) {
  mh_mapping *m = mh__slab_alloc(&s->mapping_records);
  if (m == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool's mapping record");
  m->base = base;
  m->bytes = bytes;
  memcpy(m->access, access, mh__access_slots(s));
  if (mh__mapping_index(s, m) != 0) {
    mh__slab_free(&s->mapping_records, m);
    return mh__fail(hipErrorOutOfMemory, "no memory for the address index");
  }
  int err = mh__os_map_fixed((void *)base, bytes, &phys->memory);
  if (err == 0 && (err = protect_owned(s, m)) != 0)
    (void)mh__os_placeholder((void *)base, bytes);
  if (err != 0) {
    mh__mapping_unindex(s, m);
    if (!mh__os_is_mapped((void *)base, bytes))
      mh__os_placeholder((void *)base, bytes);
    mh__slab_free(&s->mapping_records, m);
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot map %zu bytes of pool memory at %p: %s%s", bytes,
                    (void *)base, strerror(err), mh__map_limit(err, limit, sizeof limit));
  }
  m->reservation = reservation;
  m->phys = phys;
  m->site = mh__call_site();
  m->node.key = base;
  mh__tree_insert(&s->mappings, &m->node);
  phys->mappings++;
  reservation->mappings++;
  *out = m;
  return hipSuccess;
}

void mh__vmm_unmap_owned(mh_state *s, mh_mapping *m) {
  mh__staged_copy_forget(s, m->base, m->bytes);
  (void)mh__os_placeholder((void *)m->base, m->bytes);
  mh__explain_remember_unmap(m);
  mh__tree_remove(&s->mappings, &m->node);
  mh__mapping_unindex(s, m);
  m->reservation->mappings--;
  m->phys->mappings--;
  mh__slab_free(&s->mapping_records, m);
}

hipError_t mh__vmm_access_owned(mh_state *s, mh_mapping *m, const unsigned char *access) {
  unsigned char saved[MH_MAX_DEVICES + 1];
  memcpy(saved, m->access, mh__access_slots(s));
  memcpy(m->access, access, mh__access_slots(s));
  s->access_changes++;
  int err = protect_owned(s, m);
  if (err != 0) {
    memcpy(m->access, saved, mh__access_slots(s));
    (void)protect_owned(s, m);
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot change the protection of %p: %s%s",
                    (void *)m->base, strerror(err), mh__map_limit(err, limit, sizeof limit));
  }
  (void)mh__mapping_index(s, m); /* its node is there: nothing to allocate */
  return hipSuccess;
}

/* ---- retain ---- */

static hipError_t retain(mh_state *s, hipMemGenericAllocationHandle_t *handle, void *addr) {
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  if (addr == NULL)
    return mh__fail(hipErrorInvalidValue, "addr is NULL");
  mh_mapping *mapping = mh__mapping_containing(s, (uintptr_t)addr);
  if (mapping == NULL) {
    char at[64];
    mh__describe_addr(s, (uintptr_t)addr, at, sizeof at);
    if (mh__block_containing(s, (uintptr_t)addr) != NULL)
      return mh__profile_fail(MH_ROW_retain_non_vmm,
                              "addr %s is hipMalloc memory: only addresses inside a hipMemMap "
                              "mapping have an allocation handle",
                              at);
    return mh__fail(hipErrorInvalidValue,
                    "addr %s is not inside a mapping: only mapped addresses have an allocation "
                    "handle",
                    at);
  }
  if (mapping->phys->pool != NULL)
    return mh__vmm_pool_owned(mapping->phys->pool, "addr", addr);
  /* Only the newest runtime adds a reference (rocm-systems#2696, a.10#4). */
  if (mh__profile_is(MH_ROW_retain_adds_reference, MH_CELL_yes))
    mapping->phys->handle_refs++;
  *handle = mh__phys_handle(mapping->phys);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle,
                                                  void *addr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemRetainAllocationHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = retain(s, handle, addr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemRetainAllocationHandle, err, "%s, addr=%s",
                   mh__d_out_handle("handle", handle, err), mh__d_ptr(addr));
}

MH_EXPORT hipError_t hipMemMapArrayAsync(hipArrayMapInfo *list, unsigned int count,
                                         hipStream_t stream) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemMapArrayAsync, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (list == NULL)
      err = mh__fail(hipErrorInvalidValue, "mapInfoList is NULL");
    else if (count == 0)
      err = mh__fail(hipErrorInvalidValue, "count is 0");
    else if (mh__profile_is(MH_ROW_map_array_async, MH_CELL_NotSupported))
      err = mh__fail(hipErrorNotSupported, "sparse array mapping is not supported on AMD");
    else /* the CUDA driver maps sparse arrays; the mock has none for an entry to name */
      err = mh__fail(hipErrorInvalidValue,
                     "mapInfoList[0] names no sparse array (the mock makes none): %s maps "
                     "arrays made with hipArraySparse only",
                     mh__profile_title());
  }
  return mh__leave(MOCKHIP_CALL_hipMemMapArrayAsync, err, "mapInfoList=%p, count=%u, stream=%s",
                   (void *)list, count, mh__d_stream(stream));
}
