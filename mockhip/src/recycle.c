/*
 * recycle.c: a bounded cache of released arena extents.
 *
 * A released extent is normally punched out of its arena file, so the next
 * hipMemCreate's pages are new to the kernel: every page costs a fault that
 * allocates and clears it. Kept here instead, the extent's pages stay in the
 * file; the next allocation of the same size takes it and clears it with
 * pwrite, which writes the resident pages without a fault per page.
 *
 * Only arena extents private to this process come here: exportable and
 * imported memory has a file of its own (phys.c), and an arena file open in a
 * forked child is shared (arena.c). The cache is emptied before a fork, so
 * neither side holds an extent of a file both have.
 *
 * Cached bytes are charged to no device and counted in no statistic: for the
 * caller they are released.
 */
#include <stdlib.h>

#include "arena.h"
#include "recycle.h"

typedef struct kept_extent {
  struct kept_extent *next;
  mh_os_memory memory;
} kept_extent;

static kept_extent *kept; /* newest first: the warmest pages are reused first */
static size_t kept_bytes;
static size_t kept_bytes_max;

/* What zero-fills an extent; pwrite reads it, so it stays the shared zero page. */
static const char zeros[64 * 1024];

void mh__recycle_init(size_t bytes_max) { kept_bytes_max = bytes_max; }

static int zero_fill(const mh_os_memory *memory) {
  for (size_t done = 0; done < memory->bytes;) {
    size_t chunk = memory->bytes - done < sizeof zeros ? memory->bytes - done : sizeof zeros;
    int err = mh__os_file_write(memory->fd, memory->offset + done, zeros, chunk);
    if (err != 0)
      return err;
    done += chunk;
  }
  return 0;
}

bool mh__recycle_take(size_t bytes, mh_os_memory *out) {
  for (kept_extent **at = &kept; *at != NULL; at = &(*at)->next) {
    kept_extent *entry = *at;
    if (entry->memory.bytes != bytes)
      continue;
    *at = entry->next;
    kept_bytes -= bytes;
    mh_os_memory memory = entry->memory;
    free(entry);
    if (zero_fill(&memory) != 0) {
      mh__arena_free(&memory); /* punched instead: reads zero too, but not ours to hand out */
      return false;
    }
    *out = memory;
    return true;
  }
  return false;
}

bool mh__recycle_keep(mh_os_memory *memory) {
  if (memory->arena == NULL || mh__arena_is_shared(memory) ||
      memory->bytes > kept_bytes_max - kept_bytes)
    return false;
  kept_extent *entry = malloc(sizeof *entry);
  if (entry == NULL)
    return false;
  entry->memory = *memory;
  entry->next = kept;
  kept = entry;
  kept_bytes += memory->bytes;
  memory->arena = NULL;
  memory->fd = -1;
  return true;
}

void mh__recycle_drop_all(void) {
  while (kept != NULL) {
    kept_extent *entry = kept;
    kept = entry->next;
    mh__arena_free(&entry->memory);
    free(entry);
  }
  kept_bytes = 0;
}

size_t mh__recycle_kept_bytes(void) { return kept_bytes; }
