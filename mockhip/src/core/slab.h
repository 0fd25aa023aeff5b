/*
 * slab.h: objects of one size carved side by side out of blocks, and freed
 * onto a list for the next. A lookup among many objects then finds them in few
 * cache lines and pages, however fragmented the heap around them is: the
 * address index's nodes and the mapping records, which every lookup by
 * address reads.
 *
 * Callers serialise (the state's write lock). Under valgrind and ASan a freed
 * object is unaddressable until it is handed out again, as freed heap memory
 * is.
 */
#ifndef MH_SLAB_H
#define MH_SLAB_H

#include <stddef.h>

typedef struct mh_slab_block mh_slab_block;

typedef struct mh_slab {
  size_t object_bytes; /* each object's, rounded up to 16 */
  size_t per_block;
  mh_slab_block *blocks; /* newest first */
  size_t carved;         /* objects handed out of the newest block so far */
  void *free;            /* freed objects, linked through their first word */
} mh_slab;

/* An empty slab of objects of `bytes`, `per_block` to a block. */
void mh__slab_init(mh_slab *slab, size_t bytes, size_t per_block);

/* A zero-filled object, or NULL when no block can be allocated. */
void *mh__slab_alloc(mh_slab *slab);

void mh__slab_free(mh_slab *slab, void *object);

/* Frees every block; no object may be in use. */
void mh__slab_release(mh_slab *slab);

#endif /* MH_SLAB_H */
