/*
 * recycle.h: released arena extents kept warm for the next hipMemCreate of
 * their size, up to MOCKHIP_RECYCLE_BYTES.
 *
 * Every function here runs under mockhip's write lock (the fork handler and
 * the exit hook take it too): the cache keeps no lock of its own.
 */
#ifndef MH_RECYCLE_H
#define MH_RECYCLE_H

#include <stdbool.h>
#include <stddef.h>

#include "os.h"

/* Sets the bound in bytes; 0 keeps nothing. */
void mh__recycle_init(size_t bytes_max);

/* Takes a kept extent of exactly `bytes`, zero-filled again; false if none. */
bool mh__recycle_take(size_t bytes, mh_os_memory *out);

/* Gives a released arena extent back: kept if it was touched, is the
   process's own and is no larger than the bound, the longest-kept extents
   letting go to make room; else to the arena. */
void mh__recycle_release(mh_os_memory *memory);

/* Gives every kept extent back to the arena (before a fork, at exit). */
void mh__recycle_drop_all(void);

/* How many bytes are kept now. */
size_t mh__recycle_kept_bytes(void);

#endif /* MH_RECYCLE_H */
