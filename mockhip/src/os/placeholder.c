/*
 * placeholder.c: putting a reservation's inaccessible placeholder back where a
 * mapping was, at the kernel's map-area limit (vm.max_map_count) too.
 *
 * The plain way is one fixed mmap over the mapping, which the kernel refuses
 * outright once the process holds more map areas than the limit, as it may:
 * the split at the end of a fixed map is not counted, so the map that used the
 * last area leaves the process one above it. munmap is not refused, and
 * unmapping a mapping that is a map area of its own gives one back, so the
 * placeholder then fits into the hole (MAP_FIXED_NOREPLACE, which merges it
 * with the placeholders beside it). Where the munmap gave nothing back (the
 * mapping shared its area with a neighbour), the hole stays until an area is
 * free: nothing in the process can map into it meanwhile, since every mmap is
 * refused, and the next placeholder or fixed map fills it first. Should
 * another mapping of the process take a hole once an area is free, a fixed map
 * there is refused rather than made over it.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "os.h"

#define PLACEHOLDER_FLAGS (MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE)
#define HOLES_MAX 64

static struct hole {
  uintptr_t start, end;
  bool taken; /* another mapping of the process lies in it */
} holes[HOLES_MAX];
static size_t hole_count;

/* 0, ENOMEM (no map area free yet) or EEXIST (something else lies there). */
static int place_into_hole(uintptr_t start, uintptr_t end) {
  void *p =
      mmap((void *)start, end - start, PROT_NONE, PLACEHOLDER_FLAGS | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED)
    return errno;
  if ((uintptr_t)p != start) { /* a kernel without MAP_FIXED_NOREPLACE took it as a hint */
    munmap(p, end - start);
    return EEXIST;
  }
  return 0;
}

static void holes_retry(void) {
  for (size_t i = 0; i < hole_count;) {
    struct hole *h = &holes[i];
    int err = h->taken ? EEXIST : place_into_hole(h->start, h->end);
    if (err == 0) {
      *h = holes[--hole_count];
      continue;
    }
    h->taken = err == EEXIST;
    i++;
  }
}

int mh__os_holes_fill(void *addr, size_t bytes) {
  if (hole_count == 0)
    return 0;
  holes_retry();
  uintptr_t start = (uintptr_t)addr, end = start + bytes;
  for (size_t i = 0; i < hole_count; i++)
    if (holes[i].taken && holes[i].start < end && start < holes[i].end)
      return EEXIST;
  return 0;
}

void mh__os_holes_forget(void *addr, size_t bytes) {
  uintptr_t start = (uintptr_t)addr, end = start + bytes;
  for (size_t i = 0; i < hole_count;) {
    if (holes[i].start >= start && holes[i].end <= end)
      holes[i] = holes[--hole_count];
    else
      i++;
  }
}

int mh__os_placeholder(void *addr, size_t bytes) {
  void *p = mmap(addr, bytes, PROT_NONE, PLACEHOLDER_FLAGS | MAP_FIXED, -1, 0);
  if (p != MAP_FAILED)
    return 0;
  if (errno != ENOMEM)
    return errno;
  if (munmap(addr, bytes) != 0)
    return errno; /* a split inside one map area, refused: nothing changed */
  uintptr_t start = (uintptr_t)addr;
  if (place_into_hole(start, start + bytes) == 0) {
    holes_retry(); /* the area this gave back may fill an older hole */
    return 0;
  }
  if (hole_count < HOLES_MAX)
    holes[hole_count++] = (struct hole){start, start + bytes, false};
  return 0;
}
