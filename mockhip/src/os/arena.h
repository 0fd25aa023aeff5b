/*
 * arena.h: physical memory carved out of a few big sparse memory files, so
 * that tens of thousands of handles cost a handful of file descriptors.
 *
 * Every function here runs under mockhip's write lock (the fork handlers hold
 * it too): the arena keeps no lock of its own.
 */
#ifndef MH_ARENA_H
#define MH_ARENA_H

#include <stdbool.h>
#include <stddef.h>

#include "os.h"

/* Sets how much of each new arena file its view covers at most; 0: no view. */
void mh__arena_init(size_t view_bytes_max);

/* Carves `bytes` (a page multiple) of zero-filled memory out of the current
   arena file, starting a new file when it is full. Returns 0 or an errno
   value (EMFILE when no descriptor is left for a new file). */
int mh__arena_alloc(size_t bytes, mh_os_memory *out);

/* Gives an extent back: its pages go back to the system (holds_data false: it
   has none, as nothing ever wrote it), and its file is closed once retired and
   empty. */
void mh__arena_free(mh_os_memory *memory, bool holds_data);

/* Whether the extent's file is open in another process since a fork. */
bool mh__arena_is_shared(const mh_os_memory *memory);

/* The extent in its file's read-write view (arena.c), or NULL when it has none: it is no
   arena extent, or lies past the part of its file the view covers. */
void *mh__arena_view(const mh_os_memory *memory);

/* Called on both sides of a fork: every open file is now shared with another
   process, so none hands out extents or discards pages any more. */
void mh__arena_retire_all(void);

#endif /* MH_ARENA_H */
