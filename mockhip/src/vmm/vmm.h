/*
 * vmm.h: what the VMM entry points share among themselves: the physical
 * handles (phys.c), which mappings an unmap or a set-access covers
 * (mapping_run.c). Reservations (reservation.c) and mappings (mapping.c) keep
 * their objects in core/'s registry. Nothing above vmm/ needs this header:
 * the runtime reaches VMM memory through core/'s lookups.
 */
#ifndef MH_VMM_H
#define MH_VMM_H

#include "diag/diag.h"

/* ---- which mappings a call covers (mapping_run.c) ---- */

/*
 * The mappings a hipMemUnmap of [ptr, ptr + *bytes) removes, as the played
 * release chooses them: *first and the *count after it, *bytes set to their
 * sum. Returns hipSuccess, or the release's error with the reason recorded.
 */
MH_HIDDEN hipError_t mh__unmap_run(mh_state *state, void *ptr, size_t *bytes, mh_mapping **first,
                                   size_t *count);

/* The mappings a hipMemSetAccess over [ptr, ptr+bytes) changes, as the played release
   chooses them: the first and *count; NULL with the reason recorded. */
MH_HIDDEN mh_mapping *mh__access_run(mh_state *state, void *ptr, size_t bytes, size_t *count);

/* ---- physical handles (phys.c) ---- */

/* The live physical allocation a handle names, or NULL (NULL, garbage, freed). */
MH_HIDDEN mh_phys *mh__phys_lookup(mh_state *state, hipMemGenericAllocationHandle_t handle);

/* Drops one mapping's hold on phys; frees it when nothing holds it any more. */
MH_HIDDEN void mh__phys_unhold(mh_state *state, mh_phys *phys);

/* Whether type is Device, Host, HostNuma or HostNumaCurrent. */
MH_HIDDEN bool mh__is_location_type(int type);

#endif /* MH_VMM_H */
