/*
 * mapping_past.c: a mapping that runs past its reservation's end, as HIP on
 * NVIDIA makes one (row map_past_reservation `free_space`): the CUDA driver
 * checks that a map starts inside a reservation, not that it ends there, and
 * maps on into address space no live reservation holds (an H200,
 * observed-hardware.md item 5). The reservation then keeps the mapping, so
 * hipMemAddressFree refuses it while the mapping lives.
 *
 * The mock can map there only where the process holds nothing: the space past
 * the end is claimed from the system for the mapping and given back at its
 * unmap. Where a reservation, a hipMalloc block, another mapping or any other
 * memory of the process lies, the map is refused, and the reason names it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "vmm/vmm.h"

/* Whether a region or a mapping of the mock meets [at, end): its name into what[bytes]. */
static bool held_by_mock(mh_state *s, uintptr_t at, uintptr_t end, char *what, size_t bytes) {
  mh_tree_node *n = mh__tree_floor(&s->regions, at);
  const mh_region *below = n ? MH_CONTAINER(n, mh_region, node) : NULL;
  if (below == NULL || at - below->base >= below->bytes) {
    n = n ? mh__tree_next(&s->regions, n->key) : mh__tree_first(&s->regions);
    below = n != NULL && n->key < end ? MH_CONTAINER(n, mh_region, node) : NULL;
  }
  if (below != NULL) {
    mh__describe_region(below, what, bytes);
    return true;
  }
  const mh_mapping *m = mh__mapping_containing(s, at);
  n = mh__tree_next(&s->mappings, at);
  if (m == NULL && n != NULL && n->key < end)
    m = MH_CONTAINER(n, mh_mapping, node);
  if (m == NULL)
    return false;
  char base[64];
  mh__describe_addr(s, m->base, base, sizeof base);
  snprintf(what, bytes, "the mapping at %s, which runs past its own reservation", base);
  return true;
}

bool mh__past_claim(mh_state *s, const mh_region *reservation, size_t past, char *why,
                    size_t why_bytes) {
  uintptr_t at = reservation->base + reservation->bytes;
  char name[64], what[128];
  mh__describe_region(reservation, name, sizeof name);
  if (past > UINTPTR_MAX - at) {
    snprintf(why, why_bytes,
             "ptr + size runs %zu bytes past the end of %s and of the address space", past, name);
    return false;
  }
  if (held_by_mock(s, at, at + past, what, sizeof what)) {
    snprintf(why, why_bytes,
             "ptr + size runs %zu bytes past the end of %s into %s: %s maps past a reservation's "
             "end only into address space nothing holds",
             past, name, what, mh__profile_title());
    return false;
  }
  int err = mh__os_claim((void *)at, past);
  if (err == EEXIST)
    snprintf(what, sizeof what, "address space other memory of the process holds (none of HIP's)");
  else if (err != 0)
    snprintf(what, sizeof what, "address space the system would not reserve (%s)", strerror(err));
  if (err != 0) {
    snprintf(why, why_bytes,
             "ptr + size runs %zu bytes past the end of %s into %s: %s maps past a reservation's "
             "end only into address space nothing holds",
             past, name, what, mh__profile_title());
    return false;
  }
  mh__misuse(MH_MISUSE_MAP_PAST_END,
             "the mapping runs %zu bytes past the end of %s into address space nothing held: %s "
             "maps it, no ROCm release does (a.6#4)",
             past, name, mh__profile_title());
  return true;
}

void mh__past_release(uintptr_t at, size_t bytes) {
  /* A munmap of the end of a map area fails only where it would split one at the map-area
     limit: the space then stays an inaccessible placeholder, which costs address space only. */
  if (bytes != 0)
    (void)mh__os_release((void *)at, bytes);
}
