/*
 * access.c: who may touch a mapping: hipMemSetAccess and hipMemGetAccess.
 * Access is recorded per location (each device, then the host), and the page
 * protection is what the CPU may do (mh__cpu_access): from ROCm 7.0 and on
 * NVIDIA the host's access alone (the CPU is the host, b.11), everything on
 * 6.1-6.4, whose reservations are the CPU's own pages, and the union of every
 * location's under MOCKHIP_HOST_ACCESS=all. Which mappings a set-access covers
 * is mapping_run.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vmm/vmm.h"

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
    mh_os_prot prot = mh__cpu_prot(s, m);
    for (count--; count > 0; count--) {
      mh_mapping *next = mh__mapping_next(s, m);
      if (mh__cpu_prot(s, next) != prot)
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

/* A recycled mapping the CPU was just granted: its pages are in memory, and where filling its
   page tables at once costs less than the faults of its first touches (os/populate.c), they
   are filled now. */
static void populate_warm(mh_state *s, mh_mapping *m, unsigned cpu_before) {
  if (m->phys->warm && cpu_before == hipMemAccessFlagsProtNone &&
      mh__cpu_access(s, m) != hipMemAccessFlagsProtNone && mh__os_populate_pays())
    mh__os_populate((void *)m->base, &m->phys->memory, m->bytes, mh__cpu_prot(s, m));
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
  size_t width = mh__access_slots(s);
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
  s->access_changes++;
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
                   (void *)failed_at, strerror(err), mh__map_limit(err, limit, sizeof limit));
  } else {
    /* The index's copy of the devices' access; its nodes are there: nothing to allocate. */
    m = first;
    for (size_t k = 0; k < run; k++, m = mh__mapping_next(s, m)) {
      (void)mh__mapping_index(s, m);
      note_limit(s, m, desc, good, cpu_before[k]);
      populate_warm(s, m, cpu_before[k]);
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
