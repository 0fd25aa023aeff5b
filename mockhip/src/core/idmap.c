/* idmap.c: linear probing with tombstones; grows at 1/2 load counting tombstones. */
#include <errno.h>
#include <stdlib.h>

#include "idmap.h"

#define MH_IDMAP_TOMBSTONE ((uint64_t)1)

static size_t slot_of(uint64_t id, size_t capacity) {
  id ^= id >> 33; /* ids are sequential: mix before masking */
  id *= 0xff51afd7ed558ccdULL;
  id ^= id >> 33;
  return (size_t)id & (capacity - 1);
}

static mh_idmap_slot *find(const mh_idmap *map, uint64_t id) {
  if (map->capacity == 0)
    return NULL;
  for (size_t i = slot_of(id, map->capacity);; i = (i + 1) & (map->capacity - 1)) {
    mh_idmap_slot *slot = &map->slots[i];
    if (slot->id == id)
      return slot;
    if (slot->id == 0)
      return NULL;
  }
}

static int grow(mh_idmap *map) {
  size_t capacity = map->capacity ? map->capacity : 64;
  while (capacity < 4 * (map->live + 1))
    capacity *= 2;
  mh_idmap_slot *slots = calloc(capacity, sizeof *slots);
  if (slots == NULL)
    return ENOMEM;
  for (size_t i = 0; i < map->capacity; i++) {
    mh_idmap_slot *old = &map->slots[i];
    if (old->id <= MH_IDMAP_TOMBSTONE)
      continue;
    size_t j = slot_of(old->id, capacity);
    while (slots[j].id != 0)
      j = (j + 1) & (capacity - 1);
    slots[j] = *old;
  }
  free(map->slots);
  map->slots = slots;
  map->capacity = capacity;
  map->used = map->live;
  return 0;
}

int mh__idmap_put(mh_idmap *map, uint64_t id, void *value) {
  if (2 * (map->used + 1) > map->capacity) {
    int err = grow(map);
    if (err)
      return err;
  }
  size_t i = slot_of(id, map->capacity);
  while (map->slots[i].id > MH_IDMAP_TOMBSTONE)
    i = (i + 1) & (map->capacity - 1);
  if (map->slots[i].id == 0)
    map->used++;
  map->slots[i].id = id;
  map->slots[i].value = value;
  map->live++;
  return 0;
}

void *mh__idmap_get(const mh_idmap *map, uint64_t id) {
  if (id <= MH_IDMAP_TOMBSTONE)
    return NULL;
  mh_idmap_slot *slot = find(map, id);
  return slot ? slot->value : NULL;
}

void *mh__idmap_del(mh_idmap *map, uint64_t id) {
  if (id <= MH_IDMAP_TOMBSTONE)
    return NULL;
  mh_idmap_slot *slot = find(map, id);
  if (slot == NULL)
    return NULL;
  void *value = slot->value;
  slot->id = MH_IDMAP_TOMBSTONE;
  slot->value = NULL;
  map->live--;
  return value;
}

void mh__idmap_each(const mh_idmap *map, void (*fn)(void *value, void *ctx), void *ctx) {
  for (size_t i = 0; i < map->capacity; i++)
    if (map->slots[i].id > MH_IDMAP_TOMBSTONE)
      fn(map->slots[i].value, ctx);
}
