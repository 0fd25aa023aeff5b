/*
 * arena.c: sub-allocating extents of big sparse memory files.
 *
 * A memfd per handle would spend a descriptor per handle and stop near the
 * open file limit (1024 by default). Instead handles come from arena files:
 * memfds of ARENA_FILE_BYTES (or more for a bigger request) that cost nothing
 * until written. Extents are handed out by a bump pointer; a freed extent's
 * pages are punched out of the file, so the memory goes back to the system
 * and a reused offset reads zero. When a file's last extent goes, its bump
 * pointer starts over; when it is full, a new file becomes current and the
 * old one is closed with its last extent. Back-to-back extents mapped at
 * back-to-back addresses merge into one kernel map area, which spares
 * vm.max_map_count.
 *
 * Fork: memory mapped MAP_SHARED stays shared with a forked child, and the
 * child holds the same files. Were either side to reuse or punch a file that
 * existed at the fork, it would clear or hand out memory the other still
 * uses; so the fork handlers retire every file on both sides: no new extents
 * and no punching (its pages come back when both sides have closed it), and
 * each side starts a new file of its own.
 *
 * A released extent may wait in recycle.c's cache before it comes back here.
 *
 * Each file is also mapped whole, once, read-write: the view. Through it the
 * mock writes and reads an extent's bytes with plain memory operations (the
 * recycle cache's zeroing, copies) without a system call or a page fault per
 * page of the caller's mapping, and whatever that mapping's protection is: one
 * map area per file, however many handles it holds. Where the address space is
 * short or MOCKHIP_ARENA_VIEW says less, the view covers the start of the file
 * only, and extents past it are reached through the file instead, as every
 * extent is under valgrind, which gets no view (os.c says why).
 *
 * Exportable handles never come from here (see phys.c): an export hands out
 * the whole file.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "arena.h"

/* Large enough that a file is rarely full; sparse, so the size is free. */
#define ARENA_FILE_BYTES ((size_t)1 << 40)

typedef struct mh_arena_file {
  struct mh_arena_file *next; /* every open arena file */
  int fd;
  size_t bytes;   /* the file's size */
  size_t used;    /* the bump pointer */
  size_t extents; /* live extents in it */
  bool shared;    /* open in another process since a fork: never punched */
  char *view;     /* the file mapped read-write from offset 0, or NULL */
  size_t view_bytes;
} mh_arena_file;

static size_t view_bytes_max = (size_t)1 << 40; /* MOCKHIP_ARENA_VIEW */
static mh_arena_file *files;                    /* every open file */
static mh_arena_file *current;                  /* where extents come from; NULL until needed */

static void close_file(mh_arena_file *file) {
  for (mh_arena_file **at = &files; *at != NULL; at = &(*at)->next) {
    if (*at == file) {
      *at = file->next;
      break;
    }
  }
  if (file->view != NULL)
    mh__os_view_unmap(file->view, file->view_bytes);
  mh__os_close(file->fd);
  free(file);
}

/* No more extents from it; it closes with its last extent. */
static void retire(mh_arena_file *file) {
  if (file == current)
    current = NULL;
  if (file->extents == 0)
    close_file(file);
}

static int new_file(size_t bytes, mh_arena_file **out) {
  mh_arena_file *file = calloc(1, sizeof *file);
  if (file == NULL)
    return ENOMEM;
  file->bytes = bytes > ARENA_FILE_BYTES ? bytes : ARENA_FILE_BYTES;
  size_t limit = mh__os_file_bytes_max();
  if (file->bytes > limit && bytes <= limit)
    file->bytes = limit & ~(mh__os_page_bytes() - 1); /* ulimit -f: smaller files */
  int err = mh__os_arena_file_create(file->bytes, &file->fd);
  if (err != 0) {
    free(file);
    return err;
  }
  /* The largest view the bound and the address space take, down to 1 GiB; none below that. */
  size_t first = file->bytes < view_bytes_max ? file->bytes : view_bytes_max;
  for (size_t view = first; view >= ((size_t)1 << 30) && file->view == NULL; view /= 2)
    if (mh__os_view_map(file->fd, view, (void **)&file->view) == 0)
      file->view_bytes = view;
  file->next = files;
  files = file;
  *out = file;
  return 0;
}

void mh__arena_init(size_t bytes) { view_bytes_max = bytes; }

int mh__arena_alloc(size_t bytes, mh_os_memory *out) {
  if (current == NULL || current->bytes - current->used < bytes) {
    mh_arena_file *file;
    int err = new_file(bytes, &file);
    if (err != 0)
      return err; /* the current file, if any, stays as it was */
    if (current != NULL)
      retire(current);
    current = file;
  }
  *out =
      (mh_os_memory){.fd = current->fd, .offset = current->used, .bytes = bytes, .arena = current};
  current->used += bytes;
  current->extents++;
  return 0;
}

void mh__arena_free(mh_os_memory *memory, bool holds_data) {
  mh_arena_file *file = memory->arena;
  /* A page that could not be punched may still hold data: never reuse the file. */
  if (holds_data && !file->shared && mh__os_discard(file->fd, memory->offset, memory->bytes) != 0 &&
      file == current)
    current = NULL;
  memory->arena = NULL;
  memory->fd = -1;
  if (--file->extents != 0)
    return;
  if (file == current)
    file->used = 0; /* every extent was punched: the whole file reads zero */
  else
    close_file(file);
}

bool mh__arena_is_shared(const mh_os_memory *memory) { return memory->arena->shared; }

void *mh__arena_view(const mh_os_memory *memory) {
  const mh_arena_file *file = memory->arena;
  if (file == NULL || file->view == NULL || memory->offset + memory->bytes > file->view_bytes)
    return NULL;
  return file->view + memory->offset;
}

void mh__arena_retire_all(void) {
  current = NULL;
  for (mh_arena_file *file = files, *next; file != NULL; file = next) {
    next = file->next;
    file->shared = true;
    retire(file);
  }
}
