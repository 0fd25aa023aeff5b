/*
 * pool_space.h: the free space of a pool's address range, kept on the host.
 *
 * Offsets and sizes are in units (256 bytes, the pool's alignment). Free
 * ranges sit in segregated lists (TLSF: a first level per power of two, 16
 * subdivisions each, two bitmaps), so finding a range that fits is O(1);
 * every range, free or used, links to its address neighbours, so a freed
 * range merges with free neighbours in O(1). Records are recycled through a
 * free stack: the steady state allocates no host memory.
 */
#ifndef HMO_POOL_SPACE_H
#define HMO_POOL_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hmo_internal.h"

#define HMO_SPACE_NIL UINT32_MAX
#define HMO_SPACE_FL 64 /* first-level lists: one per power of two of a size in units */
#define HMO_SPACE_SL 16 /* second-level lists per first level */

typedef struct hmo_space_range {
  size_t offset, units;
  uint32_t prev_addr, next_addr; /* address neighbours, free or used */
  uint32_t prev_free, next_free; /* the free list it is on; next_free links recycled records */
  bool free;
} hmo_space_range;

typedef struct hmo_space {
  hmo_space_range *ranges; /* records, indexed by uint32_t */
  uint32_t count, capacity;
  uint32_t recycled; /* stack of unused records (next_free) */
  uint64_t fl_bitmap;
  uint16_t sl_bitmap[HMO_SPACE_FL];
  uint32_t heads[HMO_SPACE_FL][HMO_SPACE_SL];
  size_t free_units;
} hmo_space;

/* One free range [0, units). false when out of host memory. */
HMO_HIDDEN bool hmo__space_init(hmo_space *space, size_t units);
HMO_HIDDEN void hmo__space_fini(hmo_space *space);

/* A used range of `units` (> 0) in *range; its start in *offset. false when no free range
   fits (or no host memory for a record: *no_memory says which). */
HMO_HIDDEN bool hmo__space_alloc(hmo_space *space, size_t units, uint32_t *range, size_t *offset,
                                 bool *no_memory);

/* Gives a used range back, merging it with free neighbours. */
HMO_HIDDEN void hmo__space_free(hmo_space *space, uint32_t range);

/* The largest free range, in units (for messages: not O(1)). */
HMO_HIDDEN size_t hmo__space_largest_free(const hmo_space *space);

#endif /* HMO_POOL_SPACE_H */
