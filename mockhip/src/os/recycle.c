/*
 * recycle.c: a bounded cache of released arena extents.
 *
 * A released extent is normally punched out of its arena file, so the next
 * hipMemCreate's pages are new to the kernel: every page its user touches
 * costs a fault that allocates and clears it, and punching them out costs
 * again. Kept here instead, the extent's pages stay in the file; the next
 * allocation of the same size takes it and clears the pages that hold data
 * through the arena's view (or with pwrite where there is none).
 *
 * Only touched memory is worth keeping, and only touched pages cost anything
 * to clear: an extent whose pages were never written is not kept (punching a
 * hole costs nothing), and a kept one is cleared run of data by run of data,
 * so memory mapped and never touched, and the untouched part of memory
 * touched in part, cost nothing to recycle; a small extent (SMALL_BYTES) is
 * simply kept and cleared whole. The pages are not put in the new
 * user's page tables ahead of time: that costs as much per page as the fault
 * it saves, and all of it for a page never touched.
 *
 * Only arena extents private to this process come here: exportable and
 * imported memory has a file of its own (phys.c), and an arena file open in a
 * forked child is shared (arena.c). The cache is emptied before a fork, so
 * neither side holds an extent of a file both have.
 *
 * When the bound is reached, the extents released longest ago make room (their
 * pages are the coldest). A take looks in its size's bucket only.
 *
 * Cached bytes are charged to no device and counted in no statistic: for the
 * caller they are released.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "recycle.h"

/* One kept extent, on two lists: every extent newest first (the oldest is evicted first),
   and the extents of its size's bucket (so a take looks only at likely sizes). */
typedef struct kept_extent {
  struct kept_extent *newer, *older;
  struct kept_extent *bucket_next, **bucket_prev;
  mh_os_memory memory;
} kept_extent;

#define BUCKETS 64 /* sizes hash into these; a bucket's list holds few sizes */

static kept_extent *newest, *oldest;
static kept_extent *buckets[BUCKETS];
static size_t kept_bytes;
static size_t kept_bytes_max;

static size_t bucket_of(size_t bytes) {
  /* Sizes are multiples of a page: the low bits say nothing. */
  size_t key = bytes >> 12;
  return (key ^ (key >> 6) ^ (key >> 12)) % BUCKETS;
}

static void link_entry(kept_extent *entry) {
  entry->older = newest;
  entry->newer = NULL;
  if (newest != NULL)
    newest->newer = entry;
  else
    oldest = entry;
  newest = entry;
  kept_extent **head = &buckets[bucket_of(entry->memory.bytes)];
  entry->bucket_next = *head;
  entry->bucket_prev = head;
  if (*head != NULL)
    (*head)->bucket_prev = &entry->bucket_next;
  *head = entry;
  kept_bytes += entry->memory.bytes;
}

/* Takes entry off both lists; the caller owns it. */
static void unlink_entry(kept_extent *entry) {
  if (entry->newer != NULL)
    entry->newer->older = entry->older;
  else
    newest = entry->older;
  if (entry->older != NULL)
    entry->older->newer = entry->newer;
  else
    oldest = entry->newer;
  *entry->bucket_prev = entry->bucket_next;
  if (entry->bucket_next != NULL)
    entry->bucket_next->bucket_prev = entry->bucket_prev;
  kept_bytes -= entry->memory.bytes;
}

static void drop_entry(kept_extent *entry) {
  unlink_entry(entry);
  mh__arena_free(&entry->memory, true);
  free(entry);
}

/* What zero-fills an extent; pwrite reads it, so it stays the shared zero page. */
static const char zeros[64 * 1024];

void mh__recycle_init(size_t bytes_max) { kept_bytes_max = bytes_max; }

/* An extent up to this size is cleared whole and kept whether or not it was touched: the
   system calls that find its runs of data would cost more than clearing it. */
#define SMALL_BYTES ((size_t)64 * 1024)

/* Whether any page of the extent holds data (a small one counts as touched). */
static bool touched(const mh_os_memory *memory) {
  return memory->bytes <= SMALL_BYTES ||
         mh__os_has_data(memory->fd, memory->offset, memory->offset + memory->bytes);
}

/* Clears the extent's runs of data; its holes read zero already. */
static int zero_fill(const mh_os_memory *memory) {
  char *view = mh__arena_view(memory);
  if (view != NULL && memory->bytes <= SMALL_BYTES) {
    memset(view, 0, memory->bytes);
    return 0;
  }
  const char *file_view = view != NULL ? view - memory->offset : NULL;
  size_t end = memory->offset + memory->bytes, start, stop;
  for (size_t at = memory->offset; mh__os_next_data(memory->fd, file_view, at, end, &start, &stop);
       at = stop) {
    if (view != NULL) {
      memset(view + (start - memory->offset), 0, stop - start);
      continue;
    }
    for (size_t done = start; done < stop;) {
      size_t chunk = stop - done < sizeof zeros ? stop - done : sizeof zeros;
      int err = mh__os_file_write(memory->fd, done, zeros, chunk);
      if (err != 0)
        return err;
      done += chunk;
    }
  }
  return 0;
}

bool mh__recycle_take(size_t bytes, mh_os_memory *out) {
  /* The bucket lists newest first too: the warmest extent of the size is taken. */
  kept_extent *entry = buckets[bucket_of(bytes)];
  while (entry != NULL && entry->memory.bytes != bytes)
    entry = entry->bucket_next;
  if (entry == NULL)
    return false;
  unlink_entry(entry);
  mh_os_memory memory = entry->memory;
  free(entry);
  if (zero_fill(&memory) != 0) {
    mh__arena_free(&memory, true); /* punched: reads zero too, but not ours to hand out */
    return false;
  }
  *out = memory;
  return true;
}

void mh__recycle_release(mh_os_memory *memory) {
  if (!touched(memory)) {
    mh__arena_free(memory, false); /* nothing to keep, nothing to punch */
    return;
  }
  kept_extent *entry = NULL;
  if (mh__arena_is_shared(memory) || memory->bytes > kept_bytes_max ||
      (entry = malloc(sizeof *entry)) == NULL) {
    mh__arena_free(memory, true);
    return;
  }
  /* Room is made by letting the coldest extents go: the newest is the likeliest reused. */
  while (memory->bytes > kept_bytes_max - kept_bytes)
    drop_entry(oldest);
  entry->memory = *memory;
  link_entry(entry);
  memory->arena = NULL;
  memory->fd = -1;
}

void mh__recycle_drop_all(void) {
  while (oldest != NULL)
    drop_entry(oldest);
}

size_t mh__recycle_kept_bytes(void) { return kept_bytes; }
