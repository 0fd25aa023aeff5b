/*
 * addr_index.c: the radix tree of addr_index.h. A slot holds 0 (nothing), a
 * child node (an even pointer) or a value with its low bit set: a value
 * covering the slot's whole span, found without going further down.
 */
#include <stdbool.h>
#include <stdint.h>

#include "addr_index.h"

#define BITS 9 /* 512 slots, a 4 KiB node */
#define FANOUT ((uint64_t)1 << BITS)
#define VALUE_BIT ((uintptr_t)1)

struct mh_index_node {
  size_t used; /* slots not 0: the node is freed when none are */
  uintptr_t slot[FANOUT];
};

#define BLOCK_NODES 64 /* 256 KiB of nodes to a slab block */

static mh_index_node *node_new(mh_addr_index *index);

/* Nodes on a path that tell apart every key below 2^key_bits. */
static unsigned levels_for(unsigned key_bits) {
  return key_bits <= BITS ? 1 : (key_bits + BITS - 1) / BITS;
}

/* A program's addresses lie below 2^47 unless it asks for more (x86-64's 5-level paging hands
   out higher ones only to a hint above): the tree starts that tall, so a lookup walks 4 nodes
   at a 4 KiB granularity, not 6, and grows a root above when a higher key comes. */
#define USUAL_ADDRESS_BITS 47

void mh__index_init(mh_addr_index *index, size_t granularity) {
  unsigned shift = (unsigned)__builtin_ctzll((unsigned long long)granularity);
  index->root = NULL;
  index->nodes = 0;
  mh__slab_init(&index->slab, sizeof(mh_index_node), BLOCK_NODES);
  index->shift = shift;
  index->levels = levels_for(shift < USUAL_ADDRESS_BITS ? USUAL_ADDRESS_BITS - shift : 1);
}

/* Whether key is past what the tree's levels tell apart. */
static bool beyond(const mh_addr_index *index, uint64_t key) {
  return BITS * index->levels < 64 && (key >> (BITS * index->levels)) != 0;
}

/* Adds roots above until key fits: the old root becomes slot 0 of the new. */
static int grow_for(mh_addr_index *index, uint64_t key) {
  while (beyond(index, key)) {
    if (index->root != NULL) {
      mh_index_node *top = node_new(index);
      if (top == NULL)
        return -1;
      top->slot[0] = (uintptr_t)index->root;
      top->used = 1;
      index->root = top;
    }
    index->levels++;
  }
  return 0;
}

/* Keys one slot of a node at level covers (level 0 is the root). */
static uint64_t span_of(const mh_addr_index *index, unsigned level) {
  return (uint64_t)1 << (BITS * (index->levels - 1 - level));
}

static size_t allocations_to_fail = SIZE_MAX; /* tests only */

void mh__index_fail_after(size_t allocations) { allocations_to_fail = allocations; }

/* A freed node waits in the slab for the next: a map and unmap of a lone mapping allocates
   nothing. */
static mh_index_node *node_new(mh_addr_index *index) {
  if (allocations_to_fail != SIZE_MAX && allocations_to_fail-- == 0)
    return NULL;
  mh_index_node *node = mh__slab_alloc(&index->slab);
  if (node != NULL)
    index->nodes++;
  return node;
}

static void node_free(mh_addr_index *index, mh_index_node *node) {
  index->nodes--;
  mh__slab_free(&index->slab, node);
}

/* Clears keys [lo, hi) under node, which covers keys from node_lo; frees emptied children. */
static void clear(mh_addr_index *index, mh_index_node *node, unsigned level, uint64_t node_lo,
                  uint64_t lo, uint64_t hi) {
  uint64_t span = span_of(index, level);
  for (uint64_t i = (lo - node_lo) / span; i < FANOUT && node_lo + i * span < hi; i++) {
    uint64_t slot_lo = node_lo + i * span, slot_hi = slot_lo + span;
    uintptr_t slot = node->slot[i];
    if (slot == 0)
      continue;
    if (!(lo <= slot_lo && slot_hi <= hi) && (slot & VALUE_BIT) == 0) {
      mh_index_node *child = (mh_index_node *)slot;
      clear(index, child, level + 1, slot_lo, lo > slot_lo ? lo : slot_lo,
            hi < slot_hi ? hi : slot_hi);
      if (child->used > 0)
        continue;
      node_free(index, child);
    } else if ((slot & VALUE_BIT) == 0) {
      /* A child wholly inside the range: everything under it goes. */
      mh_index_node *child = (mh_index_node *)slot;
      clear(index, child, level + 1, slot_lo, slot_lo, slot_hi);
      node_free(index, child);
    }
    node->slot[i] = 0;
    node->used--;
  }
}

/* Sets keys [lo, hi) under node to tagged; -1 when a child cannot be allocated. */
static int fill(mh_addr_index *index, mh_index_node *node, unsigned level, uint64_t node_lo,
                uint64_t lo, uint64_t hi, uintptr_t tagged) {
  uint64_t span = span_of(index, level);
  for (uint64_t i = (lo - node_lo) / span; i < FANOUT && node_lo + i * span < hi; i++) {
    uint64_t slot_lo = node_lo + i * span, slot_hi = slot_lo + span;
    if (lo <= slot_lo && slot_hi <= hi) {
      node->used += node->slot[i] == 0; /* else an earlier value of the same range */
      node->slot[i] = tagged;
      continue;
    }
    mh_index_node *child = (mh_index_node *)node->slot[i];
    if (child == NULL) {
      child = node_new(index);
      if (child == NULL)
        return -1;
      node->slot[i] = (uintptr_t)child;
      node->used++;
    }
    if (fill(index, child, level + 1, slot_lo, lo > slot_lo ? lo : slot_lo,
             hi < slot_hi ? hi : slot_hi, tagged) != 0)
      return -1;
  }
  return 0;
}

void mh__index_remove(mh_addr_index *index, uintptr_t base, size_t bytes) {
  if (index->root == NULL || bytes == 0)
    return;
  uint64_t lo = (uint64_t)base >> index->shift;
  clear(index, index->root, 0, 0, lo, lo + ((uint64_t)bytes >> index->shift));
  if (index->root->used == 0) {
    node_free(index, index->root);
    index->root = NULL;
  }
}

int mh__index_insert(mh_addr_index *index, uintptr_t base, size_t bytes, uintptr_t value) {
  if (bytes == 0)
    return 0;
  uint64_t lo = (uint64_t)base >> index->shift;
  uint64_t hi = lo + ((uint64_t)bytes >> index->shift);
  if (grow_for(index, hi - 1) != 0)
    return -1;
  if (index->root == NULL && (index->root = node_new(index)) == NULL)
    return -1;
  if (fill(index, index->root, 0, 0, lo, hi, value | VALUE_BIT) != 0) {
    mh__index_remove(index, base, bytes); /* what was set, and the nodes made for it */
    return -1;
  }
  return 0;
}

uintptr_t mh__index_find(const mh_addr_index *index, uintptr_t addr) {
  uint64_t key = (uint64_t)addr >> index->shift;
  if (beyond(index, key))
    return 0;
  const mh_index_node *node = index->root;
  for (unsigned level = 0; node != NULL; level++) {
    uintptr_t slot = node->slot[(key >> (BITS * (index->levels - 1 - level))) & (FANOUT - 1)];
    if (slot & VALUE_BIT)
      return slot & ~VALUE_BIT;
    node = (const mh_index_node *)slot;
  }
  return 0;
}

void mh__index_release(mh_addr_index *index) { mh__slab_release(&index->slab); }

size_t mh__index_nodes(const mh_addr_index *index) { return index->nodes; }
