/*
 * block_table.c: a device's blocks by device pointer, for free and
 * record_stream: open addressing with linear probing, and deletion by
 * shifting the run back (no tombstones to sweep). And the growable arrays
 * the other files keep (streams, pools, events, a block's streams).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "torch_base.h"

static size_t slot_of(const void *ptr, size_t mask) {
  uint64_t key = (uint64_t)(uintptr_t)ptr >> 8; /* blocks are 256-byte aligned */
  return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
}

static bool grow(torch_device *d) {
  size_t slots = d->table.slots ? (d->table.mask + 1) * 2 : 256;
  torch_block **fresh = calloc(slots, sizeof *fresh);
  if (!fresh)
    return false;
  for (size_t i = 0; d->table.slots && i <= d->table.mask; i++) {
    torch_block *block = d->table.slots[i];
    if (!block)
      continue;
    size_t at = slot_of(block->ptr, slots - 1);
    while (fresh[at])
      at = (at + 1) & (slots - 1);
    fresh[at] = block;
  }
  free(d->table.slots);
  d->table.slots = fresh;
  d->table.mask = slots - 1;
  return true;
}

bool torch__table_put(torch_device *d, torch_block *block) {
  if ((!d->table.slots || (d->table.count + 1) * 2 > d->table.mask + 1) && !grow(d))
    return false;
  size_t at = slot_of(block->ptr, d->table.mask);
  while (d->table.slots[at])
    at = (at + 1) & d->table.mask;
  d->table.slots[at] = block;
  d->table.count++;
  return true;
}

torch_block *torch__table_find(const torch_device *d, const void *ptr) {
  if (!d->table.slots)
    return NULL;
  for (size_t at = slot_of(ptr, d->table.mask); d->table.slots[at]; at = (at + 1) & d->table.mask)
    if (d->table.slots[at]->ptr == ptr)
      return d->table.slots[at];
  return NULL;
}

void torch__table_remove(torch_device *d, const void *ptr) {
  size_t mask = d->table.mask, at = slot_of(ptr, mask);
  while (d->table.slots[at]->ptr != ptr)
    at = (at + 1) & mask;
  d->table.slots[at] = NULL;
  d->table.count--;
  /* Pull back each later entry of the run that probing from its home would no longer reach. */
  for (size_t next = (at + 1) & mask; d->table.slots[next]; next = (next + 1) & mask) {
    size_t home = slot_of(d->table.slots[next]->ptr, mask);
    bool reachable = at <= next ? (home > at && home <= next) : (home > at || home <= next);
    if (!reachable) {
      d->table.slots[at] = d->table.slots[next];
      d->table.slots[next] = NULL;
      at = next;
    }
  }
}

void torch__table_free(torch_device *d) {
  free(d->table.slots);
  d->table.slots = NULL;
  d->table.mask = d->table.count = 0;
}

bool torch__room(void *array_slot, size_t *cap, size_t count, size_t item_bytes, size_t first) {
  if (count < *cap)
    return true;
  /* The slot is a pointer of the caller's type: read and written as bytes, not as a void *. */
  void *array;
  memcpy(&array, array_slot, sizeof array);
  size_t grown_cap = *cap ? *cap * 2 : first;
  void *grown = realloc(array, grown_cap * item_bytes);
  if (!grown)
    return false;
  memcpy(array_slot, &grown, sizeof grown);
  *cap = grown_cap;
  return true;
}
