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

#include "hmo_base.h"

#define HMO_SPACE_NIL UINT32_MAX
#define HMO_SPACE_FL 64 /* first-level lists: one per power of two of a size in units */
#define HMO_SPACE_SL 16 /* second-level lists per first level */
/* Freed ranges wait unmerged on a stack per size, up to 32 each and an eighth of the space
   in all, so an alloc/free loop of one size pops and pushes instead of splitting and
   merging. The stacks sit in slots hashed by size: a size whose slot another size holds
   is merged at once. */
#define HMO_SPACE_QUICK_SLOTS 64
#define HMO_SPACE_QUICK_DEPTH 32

typedef struct hmo_space_quick {
  size_t units;  /* the size whose stack this is, while count > 0 */
  uint32_t head; /* linked by next_free */
  uint32_t count;
} hmo_space_quick;

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
  size_t units; /* the whole space */
  hmo_space_quick quick[HMO_SPACE_QUICK_SLOTS];
  size_t quick_ranges, quick_units;
} hmo_space;

/* One free range [0, units). false when out of host memory. */
HMO_HIDDEN bool hmo__space_init(hmo_space *space, size_t units);
HMO_HIDDEN void hmo__space_fini(hmo_space *space);

/* A used range of `units` (> 0) in *range; its start in *offset. false when no free range
   fits (or no host memory for a record: *no_memory says which). A full space first gives
   the waiting quick ranges back to the lists and tries again. */
HMO_HIDDEN bool hmo__space_alloc(hmo_space *space, size_t units, uint32_t *range, size_t *offset,
                                 bool *no_memory);

/* Gives every range waiting on a quick stack back, merged (before a trim: the free space is
   then as whole as it can be). */
HMO_HIDDEN void hmo__space_flush(hmo_space *space);

/* Gives a used range back, merging it with free neighbours. */
HMO_HIDDEN void hmo__space_free(hmo_space *space, uint32_t range);

/* The largest free range, in units (for messages: not O(1)). */
HMO_HIDDEN size_t hmo__space_largest_free(const hmo_space *space);

#endif /* HMO_POOL_SPACE_H */
