/*
 * populate.c: whether to fill a mapping's page tables ahead of its touches.
 *
 * A recycled extent's pages are still in its file (recycle.c), so each first
 * touch of the new user's mapping costs a fault that only enters a page the
 * kernel has: cheap where the CPU walks the guest's page tables itself, but
 * about as dear as a fault that allocates where each fault leaves the virtual
 * machine (100 us and more, on some). MADV_POPULATE_WRITE enters every page in
 * one call. Which is cheaper is the machine's to say, so it is measured once, on
 * the first recycled mapping the CPU is granted: 32 faults of a scratch mapping
 * of pages a memory file holds already, against 32 more populated, the best of
 * three of each. Populating pays where it
 * takes less than half the faults' time: filling is wasted on pages only ever
 * written through the arena's view (copies), so it must win by a margin; elsewhere
 * memory is left to its touches.
 * Only the pages the extent's last user touched are filled (its runs of data:
 * the rest is holes, which filling would allocate), so a recycled buffer
 * touched in part costs its next user no more than its last. MOCKHIP_POPULATE=1
 * or 0 says so instead of the measure.
 */
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "arena.h"
#include "os.h"

#ifndef MADV_POPULATE_READ /* Linux 5.14; older headers lack them, older kernels refuse them */
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

#define PROBE_PAGES 32

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ns to fault in PROBE_PAGES pages of memory already in a file, as a recycled extent's are,
   through a mapping of their own, and to populate as many more through another. */
static bool probe(double *faulted, double *populated) {
  size_t page = mh__os_page_bytes(), bytes = PROBE_PAGES * page;
  int fd = memfd_create("mockhip-probe", MFD_CLOEXEC);
  if (fd < 0)
    return false;
  bool measured = false;
  char *all = MAP_FAILED, *touched = MAP_FAILED, *filled = MAP_FAILED;
  if (ftruncate(fd, (off_t)(2 * bytes)) == 0)
    all = mmap(NULL, 2 * bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (all != MAP_FAILED) {
    memset(all, 1, 2 * bytes); /* the pages now exist, as a kept extent's do */
    touched = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    filled = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)bytes);
  }
  if (touched != MAP_FAILED && filled != MAP_FAILED) {
    double start = now_ns();
    for (size_t at = 0; at < bytes; at += page)
      ((volatile char *)touched)[at] = 2;
    *faulted = now_ns() - start;
    start = now_ns();
    measured = madvise(filled, bytes, MADV_POPULATE_WRITE) == 0;
    *populated = now_ns() - start;
  }
  if (all != MAP_FAILED)
    munmap(all, 2 * bytes);
  if (touched != MAP_FAILED)
    munmap(touched, bytes);
  if (filled != MAP_FAILED)
    munmap(filled, bytes);
  close(fd);
  return measured;
}

/* Whether populating takes less than half the time of faulting, the best of three of each. */
static bool measure(void) {
  double faulted_best = 0, populated_best = 0;
  for (int round = 0; round < 3; round++) {
    double faulted, populated;
    if (!probe(&faulted, &populated))
      return false; /* no MADV_POPULATE_WRITE: before Linux 5.14 */
    if (round == 0 || faulted < faulted_best)
      faulted_best = faulted;
    if (round == 0 || populated < populated_best)
      populated_best = populated;
  }
  return 2 * populated_best < faulted_best;
}

static int pays = -1; /* not measured yet; under the state's write lock */

void mh__os_populate_set(int mode) { pays = mode; }

bool mh__os_populate_pays(void) {
  if (pays < 0)
    pays = measure();
  return pays;
}

void mh__os_populate(void *addr, const mh_os_memory *memory, size_t bytes, mh_os_prot prot) {
  if (prot == MH_OS_PROT_NONE)
    return;
  int advice = prot == MH_OS_PROT_READWRITE ? MADV_POPULATE_WRITE : MADV_POPULATE_READ;
  const char *view = mh__arena_view(memory);
  const char *file_view = view != NULL ? view - memory->offset : NULL;
  size_t end = memory->offset + bytes, start, stop;
  for (size_t at = memory->offset; mh__os_next_data(memory->fd, file_view, at, end, &start, &stop);
       at = stop)
    (void)madvise((char *)addr + (start - memory->offset), stop - start, advice);
}
