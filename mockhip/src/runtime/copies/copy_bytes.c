/*
 * copy_bytes.c: how the bytes of a copy or a set move, once the devices' access
 * has been checked (copy_check.c). A device's work must never fault, whatever the
 * CPU's page protection of a mapping, and must not pay a page fault per page
 * of a mapping the CPU never touched, as a GPU does not.
 *
 * So mapped arena memory is reached through its file's read-write view
 * (os/arena.c), whose page tables outlive every mapping of it; memory with a
 * file of its own (exportable or imported handles) is moved with pread/pwrite
 * at the mapping's offset, which no page protection guards: the CPU's
 * protection is the host's access, not the devices'. Under
 * MOCKHIP_HOST_ACCESS=all it is moved directly through the mapping, whose
 * protection is then the union of every device's. Other memory (hipMalloc
 * blocks, the caller's buffers) is touched directly. Under all, a copy or set
 * of less than a piece touches everything directly: it faults in a page or
 * two at most, and the lookups would cost more.
 *
 * Into arena memory that holds no data yet (a hole of the file: new memory,
 * never written), a piece or more goes with pwrite even where the view
 * reaches: the kernel then puts new pages in the file without a fault each,
 * which costs half what writing through any mapping does. Less than a piece
 * goes through the view without asking: a page or two of faults costs less
 * than the question.
 *
 * Pages the synchronisation checker guards from the host (pinned or managed
 * memory that pending work uses, os/guard.c) are passed through /proc/self/mem:
 * the guard is the host's, not the devices'.
 */
#include <stdlib.h>
#include <string.h>

#include "os/arena.h"
#include "os/tsan.h"
#include "runtime/copies/copies.h"

/* Bytes a bounce buffer carries between two file-backed sides, or a set's pattern. */
#define PIECE_BYTES ((size_t)64 * 1024)

/* One stretch of one side: where its bytes can be touched, or its memory file and offset. */
typedef struct side {
  char *direct;  /* the bytes, or NULL: through the file */
  int fd;        /* mapped memory's file, else -1 */
  size_t offset; /* in fd */
  size_t run;    /* bytes of the same kind of memory from here */
  bool view;     /* direct is the arena's view */
} side;

/* What addr is, for at most `left` bytes: up to the end of the mapping holding it, or up to the
   next mapping. */
static side side_at(mh_state *s, char *addr, size_t left) {
  const mh_mapping *m = mh__mapping_containing(s, (uintptr_t)addr);
  side at = {addr, -1, 0, left, false};
  if (m == NULL && left <= s->options.granularity) {
    /* Mappings start and end on granules, so within one granule no other starts; and one that
       starts in so short a stretch holds its last byte: the address index answers, not a walk
       of the tree. */
    size_t granule = s->options.granularity;
    if ((uintptr_t)addr / granule == ((uintptr_t)addr + left - 1) / granule)
      return at;
    const mh_mapping *last = mh__mapping_containing(s, (uintptr_t)addr + left - 1);
    if (last != NULL)
      at.run = last->base - (uintptr_t)addr;
    return at;
  }
  if (m == NULL) {
    mh_tree_node *next = mh__tree_next(&s->mappings, (uintptr_t)addr);
    if (next != NULL && next->key - (uintptr_t)addr < left)
      at.run = next->key - (uintptr_t)addr;
    return at;
  }
  size_t into = (uintptr_t)addr - m->base;
  if (m->bytes - into < left)
    at.run = m->bytes - into;
  at.fd = m->phys->memory.fd;
  at.offset = m->phys->memory.offset + into;
  char *view = mh__arena_view(&m->phys->memory);
  if (view != NULL) {
    at.direct = view + into;
    at.view = true;
  } else if (mh__host_strict()) {
    at.direct = NULL;
  }
  return at;
}

/* Whether n bytes for d are best written with pwrite: arena memory not written yet, a piece
   or more of it (less faults in a page or two through the view, cheaper than asking). */
static bool write_through_file(const side *d, size_t n) {
  return d->direct == NULL ||
         (d->view && n >= PIECE_BYTES && !mh__os_has_data(d->fd, d->offset, d->offset + n));
}

static hipError_t file_failed(int err, const void *addr) {
  return mh__fail(hipErrorUnknown, "cannot move the bytes at %p through the memory file: %s", addr,
                  strerror(err));
}

/* Moves bytes piece by piece; dst and src do not overlap. *bounce: PIECE_BYTES, allocated the
   first time two memory files meet. */
static hipError_t move_apart(mh_state *s, char *dst, const char *src, size_t bytes, char **bounce) {
  for (size_t done = 0; done < bytes;) {
    side d = side_at(s, dst + done, bytes - done);
    side from = side_at(s, (char *)src + done, d.run);
    size_t n = from.run;
    int err = 0;
    if (from.direct != NULL && write_through_file(&d, n)) {
      err = mh__os_file_write(d.fd, d.offset, from.direct, n);
    } else if (d.direct != NULL && from.direct != NULL) {
      memmove(d.direct, from.direct, n);
    } else if (d.direct != NULL) {
      err = mh__os_file_read(from.fd, from.offset, d.direct, n);
    } else {
      if (*bounce == NULL && (*bounce = malloc(PIECE_BYTES)) == NULL)
        return mh__fail(hipErrorOutOfMemory, "no memory to stage a copy of %zu bytes", bytes);
      n = n < PIECE_BYTES ? n : PIECE_BYTES;
      err = mh__os_file_read(from.fd, from.offset, *bounce, n);
      if (err == 0)
        err = mh__os_file_write(d.fd, d.offset, *bounce, n);
    }
    if (err != 0)
      return file_failed(err, dst + done);
    done += n;
  }
  return hipSuccess;
}

static hipError_t move_bytes(mh_state *s, void *dst, const void *src, size_t bytes) {
  if (mh__guards_placed() &&
      (mh__guards_meet((uintptr_t)dst, bytes) || mh__guards_meet((uintptr_t)src, bytes))) {
    int err = mh__guard_move(dst, src, bytes); /* host pages guarded from the host */
    return err == 0 ? hipSuccess : file_failed(err, dst);
  }
  if (!mh__host_strict() && bytes < PIECE_BYTES) {
    memmove(dst, src, bytes);
    return hipSuccess;
  }
  /* Overlapping ranges: the source goes out whole first, as memmove promises. */
  uintptr_t d = (uintptr_t)dst, from = (uintptr_t)src;
  bool overlap = d - from < bytes || from - d < bytes;
  char *bounce = NULL;
  char *copy = overlap ? malloc(bytes) : NULL;
  hipError_t err = hipSuccess;
  if (overlap && copy == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory to stage a copy of %zu bytes", bytes);
  else if (overlap && (err = move_apart(s, copy, src, bytes, &bounce)) == hipSuccess)
    err = move_apart(s, dst, copy, bytes, &bounce);
  else if (!overlap)
    err = move_apart(s, dst, src, bytes, &bounce);
  free(copy);
  free(bounce);
  return err;
}

static hipError_t move_bytes_found(mh_state *s, void *dst, char *to, const void *src,
                                   const char *from, size_t bytes) {
  /* A piece or more goes the long way: memory not yet written is best written with pwrite
     (write_through_file), which a plain store through the view would fault in page by page. */
  if (to == NULL || from == NULL || bytes >= PIECE_BYTES ||
      (mh__guards_placed() &&
       (mh__guards_meet((uintptr_t)dst, bytes) || mh__guards_meet((uintptr_t)src, bytes))))
    return move_bytes(s, dst, src, bytes);
  memmove(to, from, bytes);
  return hipSuccess;
}

/* n bytes of the pattern at `from` into memory the CPU may write. */
static void fill(char *to, const unsigned char *from, size_t n, size_t unit, size_t phase) {
  if (unit == 1) {
    memset(to, from[0], n);
    return;
  }
  for (size_t done = 0; done < n;) {
    size_t chunk = n - done < PIECE_BYTES ? n - done : PIECE_BYTES;
    memcpy(to + done, from + (phase + done) % unit, chunk);
    done += chunk;
  }
}

/* A set's pattern: a piece of units (no longer than the set: a set of 256 bytes made a 64 KiB
   pattern byte by byte), and a unit more, to enter at any phase. NULL when out of memory. */
static unsigned char *pattern_of(int value, size_t bytes, size_t unit) {
  size_t piece = (bytes < PIECE_BYTES ? bytes : PIECE_BYTES) + sizeof(uint32_t);
  unsigned char *pattern = malloc(piece);
  if (pattern == NULL)
    return NULL;
  uint32_t word = (uint32_t)value;
  if (unit == 1)
    memset(pattern, value, piece);
  else
    for (size_t i = 0; i + unit <= piece; i += unit)
      memcpy(pattern + i, &word, unit);
  return pattern;
}

/* The pattern is entered at the phase a piece starts at. */
static hipError_t set_bytes(mh_state *s, void *dst, int value, size_t count, size_t unit) {
  size_t bytes = count * unit;
  unsigned char *pattern = pattern_of(value, bytes, unit);
  if (pattern == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pattern of a set");
  hipError_t err = hipSuccess;
  char *to = dst;
  if (mh__guards_placed() && mh__guards_meet((uintptr_t)dst, bytes)) { /* guarded (os/guard.c) */
    for (size_t done = 0; done < bytes && err == hipSuccess; done += PIECE_BYTES) {
      size_t n = bytes - done < PIECE_BYTES ? bytes - done : PIECE_BYTES;
      int failed = mh__guard_write(to + done, pattern + done % unit, n);
      if (failed != 0)
        err = file_failed(failed, to + done);
    }
    free(pattern);
    return err;
  }
  if (!mh__host_strict() && bytes < PIECE_BYTES) {
    fill(to, pattern, bytes, unit, 0);
    free(pattern);
    return err;
  }
  for (size_t done = 0; done < bytes;) {
    side d = side_at(s, to + done, bytes - done);
    size_t n = d.run;
    if (!write_through_file(&d, n)) {
      fill(d.direct, pattern, n, unit, done % unit);
    } else {
      n = n < PIECE_BYTES ? n : PIECE_BYTES;
      int failed = mh__os_file_write(d.fd, d.offset, pattern + done % unit, n);
      if (failed != 0) {
        err = file_failed(failed, to + done);
        break;
      }
    }
    done += n;
  }
  free(pattern);
  return err;
}

/* The entry points: device traffic, out of ThreadSanitizer's sight (os/tsan.h), and passing
   the synchronisation checker's guards (os/guard.c). */

static void traffic_begin(void) {
  mh__device_traffic_begin();
  mh__guard_traffic_begin();
}

static void traffic_end(void) {
  mh__guard_traffic_end();
  mh__device_traffic_end();
}

hipError_t mh__move_bytes(mh_state *s, void *dst, const void *src, size_t bytes) {
  traffic_begin();
  hipError_t err = move_bytes(s, dst, src, bytes);
  traffic_end();
  return err;
}

hipError_t mh__move_bytes_found(mh_state *s, void *dst, char *to, const void *src, const char *from,
                                size_t bytes) {
  traffic_begin();
  hipError_t err = move_bytes_found(s, dst, to, src, from, bytes);
  traffic_end();
  return err;
}

hipError_t mh__set_bytes(mh_state *s, void *dst, int value, size_t count, size_t unit) {
  traffic_begin();
  hipError_t err = set_bytes(s, dst, value, count, unit);
  traffic_end();
  return err;
}
