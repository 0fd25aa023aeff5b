/*
 * quarantine.c: freed hipMalloc-family blocks keep their addresses for a
 * while, inaccessible. A GPU unmaps freed memory, so a kernel (or the CPU)
 * that touches it faults; were the address space handed straight back to the
 * system, the next mmap (the C heap's, a thread stack's, mockhip's own) would
 * take it and a dangling pointer would touch whatever lies there now, quietly.
 * The last QUARANTINE_COUNT blocks stay placeholders with no memory behind
 * them; the oldest goes back to the system when a new one comes.
 *
 * Every function here runs under mockhip's write lock: no lock of its own.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "os.h"

#define QUARANTINE_COUNT 64
#define QUARANTINE_FLAGS (MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED)

static struct kept {
  void *addr;
  size_t bytes;
} kept[QUARANTINE_COUNT];
static size_t kept_next; /* total kept; the slot is kept_next % QUARANTINE_COUNT */

int mh__os_quarantine(void *addr, size_t bytes) {
  /* In place: the pages go, the address space stays. At the map-area limit (ENOMEM) the
     block goes straight back. */
  if (mmap(addr, bytes, PROT_NONE, QUARANTINE_FLAGS, -1, 0) == MAP_FAILED)
    return mh__os_release(addr, bytes);
  struct kept *slot = &kept[kept_next++ % QUARANTINE_COUNT];
  if (slot->addr != NULL)
    mh__os_release(slot->addr, slot->bytes);
  *slot = (struct kept){addr, bytes};
  return 0;
}
