/*
 * addr_index.h: which mapping holds an address, in a fixed number of steps
 * however many mappings live: a radix tree on address >> log2(granule) whose
 * nodes are allocated only where mappings are, so a TiB reservation costs
 * nothing until it is mapped. A mapping that covers a node's whole span is
 * stored once in the slot above it, so mapping 16 GiB writes a few thousand
 * slots, not millions. Nodes come from a slab of their own (slab.h), side by
 * side however fragmented the heap is.
 */
#ifndef MH_ADDR_INDEX_H
#define MH_ADDR_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "slab.h"

typedef struct mh_index_node mh_index_node;

typedef struct mh_addr_index {
  mh_index_node *root; /* NULL while nothing is indexed */
  unsigned shift;      /* keys are addresses >> shift */
  unsigned levels;     /* nodes on a path from the root to a leaf */
  size_t nodes;        /* in use now */
  mh_slab slab;        /* where the nodes live */
} mh_addr_index;

/* An empty index for ranges whose bases and sizes are multiples of granularity. */
void mh__index_init(mh_addr_index *index, size_t granularity);

/* Makes every address of [base, base + bytes) find value (not 0, its bit 0 clear); the range
   holds nothing else, or an earlier value of the same range, which this replaces. 0, or -1
   with nothing changed when a node cannot be allocated. */
int mh__index_insert(mh_addr_index *index, uintptr_t base, size_t bytes, uintptr_t value);

/* Forgets [base, base + bytes), freeing the nodes that hold nothing more. */
void mh__index_remove(mh_addr_index *index, uintptr_t base, size_t bytes);

/* The value whose range holds addr, or 0. */
uintptr_t mh__index_find(const mh_addr_index *index, uintptr_t addr);

/* Frees every node; the index must be empty. */
void mh__index_release(mh_addr_index *index);

/* Nodes in use now, not counting the free ones: 0 when nothing is indexed (tests). */
size_t mh__index_nodes(const mh_addr_index *index);

/* Tests: the node allocation after the next `allocations` fails, as once out of memory;
   SIZE_MAX (the default) never. */
void mh__index_fail_after(size_t allocations);

#endif /* MH_ADDR_INDEX_H */
