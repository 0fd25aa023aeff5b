/*
 * mapping.c: mappings and their access: hipMemMap, hipMemUnmap,
 * hipMemSetAccess, hipMemGetAccess, hipMemRetainAllocationHandle (which finds
 * a handle by address) and hipMemMapArrayAsync (refused, as on AMD). Which
 * mappings an unmap or a set-access covers is mapping_run.c's; the lookups by
 * address are core/registry.c's.
 *
 * A mapping places a physical allocation's memory file at an address inside a
 * reservation. Access is recorded per location (each device, then the host)
 * and the page protection is the host's access alone: the CPU is the host
 * (b.11); under MOCKHIP_HOST_ACCESS=all it plays every device too, and the
 * protection is the union of every location's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmm/vmm.h"

/* Names the map-area limit after an ENOMEM from mmap or mprotect, for a
   reason; "" for other errors. Reads /proc, so only on the failure path. */
static const char *map_limit(int err, char *buf, size_t bytes) {
  buf[0] = '\0';
  if (err == ENOMEM) {
    size_t used, max;
    mh__os_map_areas(&used, &max);
    snprintf(buf, bytes, " (%zu map areas in use, vm.max_map_count = %zu; else out of memory)",
             used, max);
  }
  return buf;
}

/* Access slots: one per device, then the host. */
static size_t slots(const mh_state *s) { return (size_t)s->options.devices + 1; }

/* The page protection of the CPU's access (mh__cpu_access): the host's, read-write where
   reservations are the CPU's own pages, the union of every location's under
   MOCKHIP_HOST_ACCESS=all. */
static mh_os_prot cpu_prot(const mh_state *s, const mh_mapping *m) {
  return mh__access_prot(mh__cpu_access(s, m));
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
  if (err == 0 && cpu_prot(s, mapping) != MH_OS_PROT_NONE &&
      (err = mh__os_protect(ptr, bytes, cpu_prot(s, mapping))) != 0)
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
                    strerror(err), map_limit(err, limit, sizeof limit));
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
  /* One call over the whole run, before any record changes: the kernel
     replaces all of it or, when a split finds no map area left, none of it. */
  int err = mh__os_placeholder((void *)m->base, bytes);
  if (err != 0) {
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot unmap %zu bytes at %p: %s%s", bytes,
                    (void *)m->base, strerror(err), map_limit(err, limit, sizeof limit));
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
  if (err == hipSuccess) {
    mh__lock_write();
    err = unmap(s, ptr, size);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemUnmap, err, "ptr=%s, size=%s", mh__d_ptr(ptr),
                   mh__d_vmm_bytes(size));
}

/* ---- access ---- */

/* The access slot a SetAccess descriptor names, or -1 with the reason recorded.
   ROCm 6.x checks no location type: every descriptor names device location.id (a.8#6). */
static int access_slot(mh_state *s, const hipMemLocation *loc) {
  int type = loc->type;
  bool as_device = mh__profile_is(MH_ROW_set_access_locations, MH_CELL_as_device);
  bool host_only = mh__profile_is(MH_ROW_set_access_locations, MH_CELL_host_located);
  if (as_device)
    type = hipMemLocationTypeDevice;
  if (!mh__is_location_type(type) ||
      (host_only && type != hipMemLocationTypeDevice && type != HIPVMM_LOCATION_HOST)) {
    char release[32];
    mh__fail(hipErrorInvalidValue, "location.type %d is not a location %s grants access to: %s",
             type, mh__teach_release(release),
             host_only ? "hipMemLocationTypeDevice or hipMemLocationTypeHost"
                       : "hipMemLocationTypeDevice, Host, HostNuma or HostNumaCurrent");
    return -1;
  }
  if (type == hipMemLocationTypeDevice) {
    if (!mh__valid_device(s, loc->id)) {
      mh__fail(hipErrorInvalidValue, "location.id %d is not a device (0..%d)", loc->id,
               s->options.devices - 1);
      return -1;
    }
    return loc->id;
  }
  if (type == HIPVMM_LOCATION_HOST_NUMA && loc->id != 0) {
    mh__fail(hipErrorInvalidValue,
             "location.id %d names a NUMA node the mock does not have (it has node 0 only)",
             loc->id);
    return -1;
  }
  return MH_HOST_SLOT(s);
}

static bool is_access_flags(int flags) {
  return flags == hipMemAccessFlagsProtNone || flags == hipMemAccessFlagsProtRead ||
         flags == hipMemAccessFlagsProtReadWrite;
}

/* Whether a Host descriptor may apply to the run: 7.0-7.2 grant the host access
   to Host-located allocations only (a.8#9). */
static bool host_access_allowed(mh_state *s, const mh_mapping *m, size_t run) {
  if (!mh__profile_is(MH_ROW_set_access_locations, MH_CELL_host_located))
    return true;
  for (; run > 0; run--, m = mh__mapping_next(s, m))
    if (m->phys->prop.location.type != HIPVMM_LOCATION_HOST)
      return false;
  return true;
}

/* hipSuccess if desc[i] is usable on the run from `first`, else its error with the reason
   recorded. */
static hipError_t check_desc(mh_state *s, const hipMemAccessDesc *desc, size_t i,
                             const mh_mapping *first, size_t run) {
  int slot = access_slot(s, &desc[i].location);
  if (slot < 0) { /* the reason names the location: say whose */
    char why[256];
    snprintf(why, sizeof why, "%s", mockhip_last_reason());
    return mh__fail(hipErrorInvalidValue, "desc[%zu].%s", i, why);
  }
  if (slot == MH_HOST_SLOT(s) && !host_access_allowed(s, first, run))
    return mh__profile_fail(MH_ROW_host_access_refusal,
                            "desc[%zu] grants the host access to device memory, which %s allows "
                            "for Host-located allocations only (a.8#9)",
                            i, mh__profile_title());
  if (!is_access_flags(desc[i].flags))
    return mh__fail(hipErrorInvalidValue,
                    "desc[%zu].flags %d is not hipMemAccessFlagsProtNone (0), ProtRead (1) or "
                    "ProtReadWrite (3)",
                    i, (int)desc[i].flags);
  return hipSuccess;
}

/*
 * Gives each of `count` mappings from `first` on the protection of its access,
 * one mprotect per stretch of equal protection: a merged map area changes
 * whole, without being split. Returns 0, or the errno of the first failure
 * with its address in *failed_at (stretches before it are changed).
 */
static int protect_run(mh_state *s, mh_mapping *first, size_t count, uintptr_t *failed_at) {
  mh_mapping *m = first;
  while (count > 0) {
    uintptr_t start = m->base, end = m->base + m->bytes;
    mh_os_prot prot = cpu_prot(s, m);
    for (count--; count > 0; count--) {
      mh_mapping *next = mh__mapping_next(s, m);
      if (cpu_prot(s, next) != prot)
        break;
      m = next;
      end = m->base + m->bytes;
    }
    int err = mh__os_protect((void *)start, end - start, prot);
    if (err != 0) {
      *failed_at = start;
      return err;
    }
    if (count > 0)
      m = mh__mapping_next(s, m);
  }
  return 0;
}

/* Remembers, for MOCKHIP_EXPLAIN, a set-access that took the CPU's access away, or set the
   CPU's location to none: a later CPU fault there was asked for. A grant forgets it. */
static void note_limit(mh_state *s, mh_mapping *m, const hipMemAccessDesc *desc, size_t count,
                       unsigned char before) {
  unsigned now = mh__cpu_access(s, m);
  if (now > before || now == hipMemAccessFlagsProtReadWrite) {
    m->limited_by = 0; /* the last change was a grant */
    return;
  }
  bool named_none = false; /* a descriptor set the CPU's location to none, on purpose */
  for (size_t i = 0; i < count; i++)
    named_none |= desc[i].flags == hipMemAccessFlagsProtNone &&
                  (!mh__host_strict() || desc[i].location.type != hipMemLocationTypeDevice);
  if (now < before || named_none) {
    m->limited_by = mh__call_ordinal();
    m->limited_site = mh__call_site();
    m->limited_from = before;
  }
}

static hipError_t set_access(mh_state *s, void *ptr, size_t bytes, const hipMemAccessDesc *desc,
                             size_t count) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  if (desc == NULL)
    return mh__fail(hipErrorInvalidValue, "desc is NULL");
  if (count == 0)
    return mh__fail(hipErrorInvalidValue, "count is 0");
  mh_region *owner = mh__region_containing(s, (uintptr_t)ptr);
  if (owner != NULL && owner->pool != NULL)
    return mh__vmm_pool_owned(owner->pool, "ptr", ptr);
  size_t run;
  mh_mapping *first = mh__access_run(s, ptr, bytes, &run);
  if (first == NULL)
    return hipErrorInvalidValue;
  /* Descriptors apply one after another, as in ROCm: a bad one stops there,
     the ones before it stay applied. Find it first, then apply the rest. */
  size_t good = 0;
  hipError_t bad = hipSuccess;
  while (good < count && (bad = check_desc(s, desc, good, first, run)) == hipSuccess)
    good++;
  if (bad != hipSuccess && good > 0 &&
      mh__profile_is(MH_ROW_set_access_order, MH_CELL_all_or_nothing)) {
    char why[256];
    snprintf(why, sizeof why, "%s", mockhip_last_reason());
    return mh__fail(bad, "%s; no descriptor was applied: %s checks them all first", why,
                    mh__profile_title());
  }
  if (bad != hipSuccess && count > 1) { /* a learner expects all or nothing: say which */
    char why[256];
    snprintf(why, sizeof why, "%s", mockhip_last_reason());
    if (good == 0)
      mh__fail(bad, "%s; no descriptor was applied", why);
    else if (good == 1)
      mh__fail(bad,
               "%s; desc[0] before it was applied and stays, as in ROCm, which applies "
               "descriptors in order and stops at the first bad one (a.8)",
               why);
    else
      mh__fail(bad,
               "%s; desc[0] to desc[%zu] before it were applied and stay, as in ROCm, which "
               "applies descriptors in order and stops at the first bad one (a.8)",
               why, good - 1);
  }
  if (good == 0)
    return bad;

  /* A failed mprotect (out of map areas) undoes the whole call: keep the old access. */
  size_t width = slots(s);
  unsigned char *saved = malloc(run * (width + 1)); /* each mapping's access, then the CPU's */
  if (saved == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory to save the access of %zu mapping(s)", run);
  unsigned char *cpu_before = saved + run * width;
  mh_mapping *m = first;
  for (size_t k = 0; k < run; k++, m = mh__mapping_next(s, m)) {
    memcpy(saved + k * width, m->access, width);
    cpu_before[k] = (unsigned char)mh__cpu_access(s, m);
    for (size_t i = 0; i < good; i++)
      m->access[access_slot(s, &desc[i].location)] = (unsigned char)desc[i].flags;
  }
  uintptr_t failed_at;
  int err = protect_run(s, first, run, &failed_at);
  if (err != 0) {
    m = first;
    for (size_t k = 0; k < run; k++, m = mh__mapping_next(s, m))
      memcpy(m->access, saved + k * width, width);
    uintptr_t ignored;
    protect_run(s, first, run, &ignored); /* only moves area boundaries back: needs no new one */
    char limit[128];
    bad = mh__fail(hipErrorOutOfMemory, "cannot change the protection of %p: %s%s",
                   (void *)failed_at, strerror(err), map_limit(err, limit, sizeof limit));
  } else {
    /* The index's copy of the devices' access; its nodes are there: nothing to allocate. */
    m = first;
    for (size_t k = 0; k < run; k++, m = mh__mapping_next(s, m)) {
      (void)mh__mapping_index(s, m);
      note_limit(s, m, desc, good, cpu_before[k]);
    }
    mh__teach_host_access(s, first, run);
    mh__staged_copy_race(s, first, run, false);
  }
  free(saved);
  return bad;
}

MH_EXPORT hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc,
                                     size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemSetAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_access(s, ptr, size, desc, count);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemSetAccess, err, "ptr=%s, size=%s, %s, count=%zu",
                   mh__d_ptr(ptr), mh__d_vmm_bytes(size), mh__d_desc(desc, count), count);
}

static hipError_t get_access(mh_state *s, unsigned long long *flags, const hipMemLocation *loc,
                             void *ptr) {
  if (flags == NULL)
    return mh__fail(hipErrorInvalidValue, "flags is NULL");
  if (loc == NULL)
    return mh__fail(hipErrorInvalidValue, "location is NULL");
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (mh__profile_is(MH_ROW_get_access_checked, MH_CELL_no))
    return hipSuccess; /* 5.x code: looks nothing up and leaves *flags as it was (a.9) */
  bool host = loc->type == HIPVMM_LOCATION_HOST;
  if (host && !mh__profile_is(MH_ROW_get_access_host, MH_CELL_Success))
    return mh__profile_fail(MH_ROW_get_access_host,
                            "location.type is hipMemLocationTypeHost: hipMemGetAccess answers for "
                            "devices only (a.9#2)");
  /* A location of type Invalid names no device: the CUDA driver answers it as a bad device
     id, before it looks at the address (H200, observed-hardware.md item 2). */
  if (loc->type == hipMemLocationTypeInvalid &&
      mh__profile_is(MH_ROW_get_access_device_id, MH_CELL_InvalidDevice))
    return mh__fail(hipErrorInvalidDevice,
                    "location.type is hipMemLocationTypeInvalid, which names no device: %s "
                    "answers it as a device id outside 0..%d",
                    mh__profile_title(), s->options.devices - 1);
  if (!host && loc->type != hipMemLocationTypeDevice)
    return mh__fail(hipErrorInvalidValue,
                    "location.type %d is not hipMemLocationTypeDevice%s (a.9#2)", (int)loc->type,
                    mh__profile_is(MH_ROW_get_access_host, MH_CELL_Success) ? " or Host" : "");
  if (!host && !mh__valid_device(s, loc->id))
    return mh__profile_fail(MH_ROW_get_access_device_id, "location.id %d is not a device (0..%d)",
                            loc->id, s->options.devices - 1);
  unsigned access;
  bool mapped;
  if (host) { /* the CUDA driver answers the host's access too (H200) */
    const mh_mapping *m = mh__mapping_containing(s, (uintptr_t)ptr);
    mapped = m != NULL;
    access = mapped ? m->access[MH_HOST_SLOT(s)] : 0;
  } else {
    mapped = mh__device_access_at(s, (uintptr_t)ptr, loc->id, &access);
  }
  if (!mapped) {
    char at[64];
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    return mh__fail(hipErrorInvalidValue,
                    "ptr %s is not inside a mapping: access is kept per mapping, so only mapped "
                    "addresses have one",
                    at);
  }
  *flags = access;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location,
                                     void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = get_access(s, flags, location, ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemGetAccess, err, "%s, location=%s, ptr=%s",
                   mh__d_out_access("flags", flags, err), mh__d_location(location), mh__d_ptr(ptr));
}

/* ---- a memory pool's own mappings: no statistics, access set whole ---- */

/* The page protection of m's access, where the CPU's view has it. */
static int protect_owned(mh_state *s, mh_mapping *m) {
  return mh__os_protect((void *)m->base, m->bytes, cpu_prot(s, m));
}

hipError_t mh__vmm_map_owned(mh_state *s, mh_region *reservation, uintptr_t base, size_t bytes,
                             mh_phys *phys, const unsigned char *access, mh_mapping **out) {
  mh_mapping *m = mh__slab_alloc(&s->mapping_records);
  if (m == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool's mapping record");
  m->base = base;
  m->bytes = bytes;
  memcpy(m->access, access, slots(s));
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
                    (void *)base, strerror(err), map_limit(err, limit, sizeof limit));
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
  memcpy(saved, m->access, slots(s));
  memcpy(m->access, access, slots(s));
  int err = protect_owned(s, m);
  if (err != 0) {
    memcpy(m->access, saved, slots(s));
    (void)protect_owned(s, m);
    char limit[128];
    return mh__fail(hipErrorOutOfMemory, "cannot change the protection of %p: %s%s",
                    (void *)m->base, strerror(err), map_limit(err, limit, sizeof limit));
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
