/*
 * vmm.h: what the VMM entry points share among themselves: the physical
 * handles (phys.c) and what is kept of those released for good (released.c),
 * which mappings an unmap or a set-access covers (mapping_run.c), a mapping
 * that runs past its reservation's end (mapping_past.c). Reservations
 * (reservation.c) and mappings (mapping.c, their access access.c) keep their
 * objects in core/'s registry. The runtime reaches VMM memory through core/'s lookups; only the
 * memory pools (runtime/pools/pool_space.c) build on the owned objects below.
 */
#ifndef MH_VMM_H
#define MH_VMM_H

#include "diag/diag.h"

/* ---- mappings (mapping.c) and their access (access.c) ---- */

/* Access slots: one per device, then the host. */
static inline size_t mh__access_slots(const mh_state *s) { return (size_t)s->options.devices + 1; }

/* The page protection of what the CPU may do on a mapping (mh__cpu_access). */
static inline mh_os_prot mh__cpu_prot(const mh_state *s, const mh_mapping *m) {
  return mh__access_prot(mh__cpu_access(s, m));
}

/* Names the map-area limit after an ENOMEM from mmap or mprotect, for a reason; "" for
   other errors. Reads /proc, so only on the failure path. */
MH_HIDDEN const char *mh__map_limit(int err, char *buf, size_t bytes);

/* ---- which mappings a call covers (mapping_run.c) ---- */

/*
 * The mappings a hipMemUnmap of [ptr, ptr + *bytes) removes, as the played
 * release chooses them: *first and the *count after it, *bytes set to their
 * sum (*count 0 where the release unmaps nothing and succeeds). Returns
 * hipSuccess, or the release's error with the reason recorded.
 */
MH_HIDDEN hipError_t mh__unmap_run(mh_state *state, void *ptr, size_t *bytes, mh_mapping **first,
                                   size_t *count);

/* The mappings a hipMemSetAccess over [ptr, ptr+bytes) changes, as the played release
   chooses them: the first and *count; NULL with the reason recorded. */
MH_HIDDEN mh_mapping *mh__access_run(mh_state *state, void *ptr, size_t bytes, size_t *count);

/* ---- a mapping past its reservation's end (mapping_past.c) ---- */

/*
 * HIP on NVIDIA (map_past_reservation `free_space`): claims the `past` bytes after
 * reservation's end for a mapping that runs on into them. False, with the reason in
 * why[why_bytes], where a reservation, a block, a mapping or other memory of the process holds
 * some of them. Under the write lock.
 */
MH_HIDDEN bool mh__past_claim(mh_state *state, const mh_region *reservation, size_t past, char *why,
                              size_t why_bytes);

/* Gives back the space [at, at + bytes) claimed past a reservation (none when bytes is 0),
   once no mapping of it is left there. */
MH_HIDDEN void mh__past_release(uintptr_t at, size_t bytes);

/* ---- physical handles (phys.c) ---- */

/* The live physical allocation a handle names, or NULL (NULL, garbage, freed). */
MH_HIDDEN mh_phys *mh__phys_lookup(mh_state *state, hipMemGenericAllocationHandle_t handle);

/* Drops one mapping's hold on phys; frees it when nothing holds it any more. */
MH_HIDDEN void mh__phys_unhold(mh_state *state, mh_phys *phys);

/* ---- handles released for good (released.c) ---- */

/* Keeps the properties of phys as it is freed, for the releases that still answer them
   (properties_of_released `Success`). Under the write lock. */
MH_HIDDEN void mh__released_note(const mh_phys *phys);

/* The properties of a handle freed lately into *prop; false when none are kept. */
MH_HIDDEN bool mh__released_find(hipMemGenericAllocationHandle_t handle,
                                 hipMemAllocationProp *prop);

/* Whether type is Device, Host, HostNuma or HostNumaCurrent. */
MH_HIDDEN bool mh__is_location_type(int type);

/* ---- a memory pool's own memory (runtime/pools/pool_space.c) ----
 * Reservations, physical memory and mappings a pool makes for itself, as ROCm's pools stand
 * on its VMM: in the registry (so copies, kernels, hipMemGetAccess and the reports find
 * them) but numbered by no reservation#N or handle#N, counted in no mockhip_stats field, and
 * refused to the program's own VMM calls (mh__vmm_pool_owned). Under the write lock. */

/* Address space of `bytes` aligned to `align` (a power of two, at least a page). */
MH_HIDDEN hipError_t mh__vmm_reserve_owned(mh_state *state, size_t bytes, size_t align,
                                           struct mh_pool *pool, mh_region **out);
MH_HIDDEN void mh__vmm_unreserve_owned(mh_state *state, mh_region *region);

/* `bytes` of physical memory charged to charged_device (-1: to none): new zeroed memory, or
   a view of memory someone else owns (a shared pool's file), which freeing leaves open.
   hipErrorOutOfMemory, reason recorded, when the device is full. */
MH_HIDDEN hipError_t mh__vmm_phys_owned(mh_state *state, size_t bytes, int charged_device,
                                        const mh_os_memory *view, struct mh_pool *pool,
                                        mh_phys **out);
MH_HIDDEN void mh__vmm_phys_owned_free(mh_state *state, mh_phys *phys);

/* Maps phys at base inside reservation with `access` per slot (devices, then the host). */
MH_HIDDEN hipError_t mh__vmm_map_owned(mh_state *state, mh_region *reservation, uintptr_t base,
                                       size_t bytes, mh_phys *phys, const unsigned char *access,
                                       mh_mapping **out);
MH_HIDDEN void mh__vmm_unmap_owned(mh_state *state, mh_mapping *mapping);
/* Gives the mapping `access` per slot, its page protection with it. */
MH_HIDDEN hipError_t mh__vmm_access_owned(mh_state *state, mh_mapping *mapping,
                                          const unsigned char *access);

/* hipErrorInvalidValue, reason recorded: `what` (ptr) lies in a pool's memory, which the
   program's VMM calls may not unmap, free, map into, retain or set access on. */
MH_HIDDEN hipError_t mh__vmm_pool_owned(const struct mh_pool *pool, const char *what,
                                        const void *ptr);
/* The same reason, written into why[bytes] (for hipMemMap, whose refusals a release may
   swallow). */
MH_HIDDEN void mh__vmm_pool_owned_reason(const struct mh_pool *pool, const char *what,
                                         const void *ptr, char *why, size_t bytes);

/* Where streams run asynchronously, the wait hipMemUnmap makes first, as the platform played
   makes it (waits: nothing, the legacy null stream of device, every stream): set by the stream
   queues (runtime/streams/queue.c) with the first of them, which sit above this room. */
typedef void (*mh_unmap_wait)(mh_sync_waits waits, int device);
MH_HIDDEN void mh__vmm_unmap_wait_with(mh_unmap_wait wait);

#endif /* MH_VMM_H */
