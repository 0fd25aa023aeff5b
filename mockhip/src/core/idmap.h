/*
 * idmap.h: an open-addressing hash map from 64-bit ids to objects. Handle and
 * stream values are ids, never pointers, so a released or made-up value is
 * simply absent and can be refused instead of dereferenced.
 */
#ifndef MH_IDMAP_H
#define MH_IDMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct mh_idmap_slot {
  uint64_t id; /* 0: empty, MH_IDMAP_TOMBSTONE: deleted */
  void *value;
} mh_idmap_slot;

typedef struct mh_idmap {
  mh_idmap_slot *slots;
  size_t capacity; /* a power of two, or 0 */
  size_t live;
  size_t used; /* live + tombstones */
} mh_idmap;

/* 0 on success, ENOMEM when the table cannot grow. id must be new and not 0 or 1. */
int mh__idmap_put(mh_idmap *map, uint64_t id, void *value);
void *mh__idmap_get(const mh_idmap *map, uint64_t id);
/* Removes id; returns its value or NULL. */
void *mh__idmap_del(mh_idmap *map, uint64_t id);
/* Calls fn for each live entry, in no particular order. */
void mh__idmap_each(const mh_idmap *map, void (*fn)(void *value, void *ctx), void *ctx);

#endif /* MH_IDMAP_H */
