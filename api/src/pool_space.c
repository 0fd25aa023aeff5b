/*
 * pool_space.c: a pool's free space, TLSF-style (see pool_space.h). Sizes
 * below 16 units have a list each; above, a list covers 1/16 of a power of
 * two. A search rounds the size up to its list's top so that any range on a
 * non-empty list at or above fits: a good fit in O(1), never a scan.
 */
#include <stdlib.h>

#include "pool_space.h"

static unsigned floor_log2(size_t x) {
  return 63u - (unsigned)__builtin_clzll((unsigned long long)x);
}

/* The list a free range of `units` belongs on. */
static void list_of(size_t units, unsigned *fl, unsigned *sl) {
  if (units < HMO_SPACE_SL) {
    *fl = 0;
    *sl = (unsigned)units;
    return;
  }
  unsigned log = floor_log2(units);
  *fl = log - 3; /* log 4 (16..31 units) is level 1 */
  *sl = (unsigned)(units >> (log - 4)) - HMO_SPACE_SL;
}

static void push_free(hmo_space *space, uint32_t index) {
  hmo_space_range *range = &space->ranges[index];
  unsigned fl, sl;
  list_of(range->units, &fl, &sl);
  uint32_t head = space->heads[fl][sl];
  range->free = true;
  range->prev_free = HMO_SPACE_NIL;
  range->next_free = head;
  if (head != HMO_SPACE_NIL)
    space->ranges[head].prev_free = index;
  space->heads[fl][sl] = index;
  space->fl_bitmap |= 1ull << fl;
  space->sl_bitmap[fl] |= (uint16_t)(1u << sl);
  space->free_units += range->units;
}

static void unlink_free(hmo_space *space, uint32_t index) {
  hmo_space_range *range = &space->ranges[index];
  unsigned fl, sl;
  list_of(range->units, &fl, &sl);
  if (range->prev_free != HMO_SPACE_NIL)
    space->ranges[range->prev_free].next_free = range->next_free;
  else
    space->heads[fl][sl] = range->next_free;
  if (range->next_free != HMO_SPACE_NIL)
    space->ranges[range->next_free].prev_free = range->prev_free;
  if (space->heads[fl][sl] == HMO_SPACE_NIL) {
    space->sl_bitmap[fl] &= (uint16_t) ~(1u << sl);
    if (space->sl_bitmap[fl] == 0)
      space->fl_bitmap &= ~(1ull << fl);
  }
  range->free = false;
  space->free_units -= range->units;
}

/* Makes sure one record can be taken without allocating. */
static bool reserve_record(hmo_space *space) {
  if (space->recycled != HMO_SPACE_NIL || space->count < space->capacity)
    return true;
  if (space->capacity >= HMO_SPACE_NIL / 2)
    return false;
  uint32_t capacity = space->capacity ? 2 * space->capacity : 64;
  hmo_space_range *ranges = realloc(space->ranges, capacity * sizeof *ranges);
  if (ranges == NULL)
    return false;
  space->ranges = ranges;
  space->capacity = capacity;
  return true;
}

static uint32_t take_record(hmo_space *space) {
  uint32_t index = space->recycled;
  if (index != HMO_SPACE_NIL)
    space->recycled = space->ranges[index].next_free;
  else
    index = space->count++;
  return index;
}

static void drop_record(hmo_space *space, uint32_t index) {
  space->ranges[index].next_free = space->recycled;
  space->recycled = index;
}

bool hmo__space_init(hmo_space *space, size_t units) {
  *space = (hmo_space){.recycled = HMO_SPACE_NIL};
  for (unsigned fl = 0; fl < HMO_SPACE_FL; fl++)
    for (unsigned sl = 0; sl < HMO_SPACE_SL; sl++)
      space->heads[fl][sl] = HMO_SPACE_NIL;
  space->units = units;
  if (!reserve_record(space))
    return false;
  uint32_t index = take_record(space);
  space->ranges[index] = (hmo_space_range){
      0, units, HMO_SPACE_NIL, HMO_SPACE_NIL, HMO_SPACE_NIL, HMO_SPACE_NIL, false};
  push_free(space, index);
  return true;
}

void hmo__space_fini(hmo_space *space) {
  free(space->ranges);
  space->ranges = NULL;
}

/* A non-empty list whose every range holds `units`, or false. */
static bool find_list(const hmo_space *space, size_t units, unsigned *fl, unsigned *sl) {
  if (units >= HMO_SPACE_SL) {
    size_t round = ((size_t)1 << (floor_log2(units) - 4)) - 1;
    if (units > SIZE_MAX - round)
      return false;
    units += round;
  }
  list_of(units, fl, sl);
  if (*fl >= HMO_SPACE_FL)
    return false;
  uint32_t sl_map = space->sl_bitmap[*fl] & (~0u << *sl);
  if (sl_map == 0) {
    uint64_t fl_map = *fl + 1 < HMO_SPACE_FL ? space->fl_bitmap & (~0ull << (*fl + 1)) : 0;
    if (fl_map == 0)
      return false;
    *fl = (unsigned)__builtin_ctzll(fl_map);
    sl_map = space->sl_bitmap[*fl];
  }
  *sl = (unsigned)__builtin_ctz(sl_map);
  return true;
}

/* When no list surely fits, the size's own list may still hold a range large enough (the
   search rounds up past it): a walk of that one list, only on this nearly-full path, so a
   pool never answers "full" while a range that fits is free. */
static uint32_t fit_in_own_list(const hmo_space *space, size_t units) {
  unsigned fl, sl;
  list_of(units, &fl, &sl);
  if (fl >= HMO_SPACE_FL)
    return HMO_SPACE_NIL;
  for (uint32_t i = space->heads[fl][sl]; i != HMO_SPACE_NIL; i = space->ranges[i].next_free)
    if (space->ranges[i].units >= units)
      return i;
  return HMO_SPACE_NIL;
}

static void free_merging(hmo_space *space, uint32_t index);

static hmo_space_quick *quick_slot(hmo_space *space, size_t units) {
  size_t key = units * 0x9e3779b97f4a7c15ull; /* sizes cluster: spread them */
  return &space->quick[(key >> 58) % HMO_SPACE_QUICK_SLOTS];
}

static uint32_t quick_pop(hmo_space *space, hmo_space_quick *slot) {
  uint32_t index = slot->head;
  slot->head = space->ranges[index].next_free;
  slot->count--;
  space->quick_ranges--;
  space->quick_units -= slot->units;
  return index;
}

/* Gives every waiting quick range back to the lists, merging it. */
static void flush_quick(hmo_space *space) {
  for (unsigned i = 0; space->quick_ranges > 0 && i < HMO_SPACE_QUICK_SLOTS; i++)
    while (space->quick[i].count > 0)
      free_merging(space, quick_pop(space, &space->quick[i]));
}

void hmo__space_flush(hmo_space *space) { flush_quick(space); }

static bool alloc_from_lists(hmo_space *space, size_t units, uint32_t *out, size_t *offset,
                             bool *no_memory);

bool hmo__space_alloc(hmo_space *space, size_t units, uint32_t *out, size_t *offset,
                      bool *no_memory) {
  hmo_space_quick *slot = quick_slot(space, units);
  if (slot->count > 0 && slot->units == units) {
    uint32_t index = quick_pop(space, slot);
    *out = index;
    *offset = space->ranges[index].offset;
    *no_memory = false;
    return true;
  }
  if (alloc_from_lists(space, units, out, offset, no_memory))
    return true;
  if (*no_memory || space->quick_ranges == 0)
    return false;
  flush_quick(space);
  return alloc_from_lists(space, units, out, offset, no_memory);
}

static bool alloc_from_lists(hmo_space *space, size_t units, uint32_t *out, size_t *offset,
                             bool *no_memory) {
  *no_memory = false;
  unsigned fl, sl;
  uint32_t index = HMO_SPACE_NIL;
  if (find_list(space, units, &fl, &sl))
    index = space->heads[fl][sl];
  else
    index = fit_in_own_list(space, units);
  if (index == HMO_SPACE_NIL)
    return false;
  if (!reserve_record(space)) { /* before anything changes: the split may need one */
    *no_memory = true;
    return false;
  }
  unlink_free(space, index);
  hmo_space_range *range = &space->ranges[index];
  if (range->units > units) { /* the rest, after it, stays free */
    uint32_t rest = take_record(space);
    range = &space->ranges[index];
    space->ranges[rest] =
        (hmo_space_range){range->offset + units, range->units - units, index, range->next_addr,
                          HMO_SPACE_NIL,         HMO_SPACE_NIL,        false};
    if (range->next_addr != HMO_SPACE_NIL)
      space->ranges[range->next_addr].prev_addr = rest;
    range->next_addr = rest;
    range->units = units;
    push_free(space, rest);
  }
  *out = index;
  *offset = range->offset;
  return true;
}

/* Joins range `next` (free, off its list) into its address predecessor `index`. */
static void absorb_next(hmo_space *space, uint32_t index, uint32_t next) {
  hmo_space_range *range = &space->ranges[index];
  hmo_space_range *gone = &space->ranges[next];
  range->units += gone->units;
  range->next_addr = gone->next_addr;
  if (gone->next_addr != HMO_SPACE_NIL)
    space->ranges[gone->next_addr].prev_addr = index;
  drop_record(space, next);
}

void hmo__space_free(hmo_space *space, uint32_t index) {
  size_t units = space->ranges[index].units;
  hmo_space_quick *slot = quick_slot(space, units);
  if ((slot->count == 0 || (slot->units == units && slot->count < HMO_SPACE_QUICK_DEPTH)) &&
      units <= space->units / 8 - space->quick_units) {
    space->ranges[index].next_free = slot->head; /* still "used" to its neighbours */
    slot->head = index;
    slot->units = units;
    slot->count++;
    space->quick_ranges++;
    space->quick_units += units;
    return;
  }
  free_merging(space, index);
}

static void free_merging(hmo_space *space, uint32_t index) {
  uint32_t next = space->ranges[index].next_addr;
  if (next != HMO_SPACE_NIL && space->ranges[next].free) {
    unlink_free(space, next);
    absorb_next(space, index, next);
  }
  uint32_t prev = space->ranges[index].prev_addr;
  if (prev != HMO_SPACE_NIL && space->ranges[prev].free) {
    unlink_free(space, prev);
    absorb_next(space, prev, index);
    index = prev;
  }
  push_free(space, index);
}

size_t hmo__space_largest_free(const hmo_space *space) {
  if (space->fl_bitmap == 0)
    return 0;
  unsigned fl = floor_log2(space->fl_bitmap);
  unsigned sl = floor_log2(space->sl_bitmap[fl]);
  size_t largest = 0;
  for (uint32_t i = space->heads[fl][sl]; i != HMO_SPACE_NIL; i = space->ranges[i].next_free)
    if (space->ranges[i].units > largest)
      largest = space->ranges[i].units;
  return largest;
}
