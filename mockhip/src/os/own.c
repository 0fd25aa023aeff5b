/*
 * own.c: the pages mockhip keeps for itself beside a running kernel (the
 * view's notes, each kernel thread's participant, signal stack, shared
 * memory, fibers and fiber stacks). A launch protects the page of pageable
 * host memory that a pointer argument names; should a dangling argument name
 * one of these pages (the system hands freed address space out again), the
 * launch would take away memory mockhip itself uses while the view is in
 * force. So they are mapped here and remembered, and the view asks first.
 *
 * The table is the library's own data, which no view ever protects; a lock of
 * its own, since kernel threads map their pages outside mockhip's lock.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "os.h"

#define OWN_MAX 4096 /* a few per kernel thread: far more than 256 threads use */

static struct {
  pthread_mutex_t lock;
  size_t count;
  struct own_range {
    uintptr_t base;
    size_t bytes;
  } ranges[OWN_MAX];
} own = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* A child forked while another thread held the lock gets it free. */
static void forked_child(void) { pthread_mutex_init(&own.lock, NULL); }
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static void fork_init(void) { pthread_atfork(NULL, NULL, forked_child); }

int mh__os_own_map(size_t bytes, int extra_flags, void **out) {
  pthread_once(&fork_once, fork_init);
  void *p =
      mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | extra_flags, -1, 0);
  if (p == MAP_FAILED)
    return errno;
  pthread_mutex_lock(&own.lock);
  bool noted = own.count < OWN_MAX;
  if (noted)
    own.ranges[own.count++] = (struct own_range){(uintptr_t)p, bytes};
  pthread_mutex_unlock(&own.lock);
  if (!noted) { /* unnoted, a view could take it away: refused instead */
    munmap(p, bytes);
    return ENOMEM;
  }
  *out = p;
  return 0;
}

void mh__os_own_unmap(void *addr, size_t bytes) {
  if (addr == NULL)
    return;
  pthread_mutex_lock(&own.lock);
  for (size_t i = 0; i < own.count; i++)
    if (own.ranges[i].base == (uintptr_t)addr) {
      own.ranges[i] = own.ranges[--own.count];
      break;
    }
  pthread_mutex_unlock(&own.lock);
  munmap(addr, bytes);
}

int mh__os_own_grow(void **items, size_t *capacity, size_t used, size_t item_bytes) {
  size_t grown = *capacity == 0 ? 16 : *capacity * 2;
  void *p;
  int err = mh__os_own_map(grown * item_bytes, 0, &p);
  if (err != 0)
    return err;
  if (*items != NULL) {
    memcpy(p, *items, used * item_bytes);
    mh__os_own_unmap(*items, *capacity * item_bytes);
  }
  *items = p;
  *capacity = grown;
  return 0;
}

bool mh__os_own_holds(uintptr_t addr) {
  bool found = false;
  pthread_mutex_lock(&own.lock);
  for (size_t i = 0; i < own.count && !found; i++)
    found = addr - own.ranges[i].base < own.ranges[i].bytes;
  pthread_mutex_unlock(&own.lock);
  return found;
}
