/*
 * guard.c: page guards over host memory that pending device work uses, so that
 * the host's own loads and stores there fault and can be judged (the
 * synchronisation checker's host-access report, diag/sync_check.c).
 *
 * A guard is a range, the owner's id (one operation's) and whether the work
 * writes there: its pages are inaccessible to the host while work writes them,
 * read-only while work only reads them. A page under several guards takes the
 * strictest. The device's own traffic must pass a guard, and page protection
 * is the same for every thread of a process, so copies and sets move guarded
 * bytes through /proc/self/mem, which reaches any mapped page whatever its
 * protection (as a debugger does); a kernel or a host function that touches a
 * guarded page has it opened for the rest of its run, and guarded again after
 * (mh__guard_reclose). Where /proc/self/mem cannot be used, no guard is placed.
 *
 * Guards change only at the calls that queue and wait (under the checker's
 * lock); a fault looks them up under this file's own lock.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os.h"

typedef struct guard {
  uintptr_t lo, hi; /* the bytes the work touches */
  uint64_t id;
  bool writes;
} guard;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static guard *guards;
static size_t guard_count, guard_capacity;
static atomic_size_t live; /* guard_count, read without the lock */
static uintptr_t *opened;  /* pages opened for a kernel, a host function or a copy */
static size_t opened_count, opened_capacity;
static atomic_size_t opened_live;    /* opened_count, read without the lock */
_Atomic bool mh__guards_any;         /* live or opened_live: os.h's one-load check */
_Thread_local bool mh__guard_moving; /* this thread moves a copy's or a set's bytes */
static int self_mem = -1;            /* /proc/self/mem, or -1 */
static int usable = -1;              /* -1: not asked yet */
static const char *why_not;          /* why no guard can be placed, once asked */

/* Under the lock, after live or opened_live changed. */
static void note_any(void) {
  atomic_store(&mh__guards_any, atomic_load(&live) != 0 || atomic_load(&opened_live) != 0);
}

static uintptr_t page_down(uintptr_t a) { return a & ~(uintptr_t)(mh__os_page_bytes() - 1); }
static uintptr_t page_up(uintptr_t a) { return page_down(a + mh__os_page_bytes() - 1); }

/* Whether guards can work here: a faulting access must run again once its page is open, and a
   byte moved through /proc/self/mem must land where it should. Asked once per process. */
static bool self_mem_works(void) {
  if (usable >= 0)
    return usable;
  usable = 0;
  if (!mh__os_faults_resumable()) {
    why_not = "valgrind cannot run a faulting access again without "
              "VALGRIND_OPTS=--vex-iropt-register-updates=allregs-at-mem-access";
    return false;
  }
  why_not = "/proc/self/mem cannot be written";
  self_mem = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
  if (self_mem < 0)
    return false;
  volatile char probe = 1;
  char two = 2;
  if (pwrite(self_mem, &two, 1, (off_t)(uintptr_t)&probe) == 1 && probe == 2)
    usable = 1;
  return usable;
}

const char *mh__guard_unusable(void) {
  pthread_mutex_lock(&lock);
  const char *why = self_mem_works() ? NULL : why_not;
  pthread_mutex_unlock(&lock);
  return why;
}

/* The protection the guards give [plo, phi), a page range, under the lock: read-write first,
   then what each guard asks, strictest last. */
static void apply(uintptr_t plo, uintptr_t phi) {
  mh__os_protect((void *)plo, phi - plo, MH_OS_PROT_READWRITE);
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < guard_count; i++) {
      const guard *g = &guards[i];
      uintptr_t lo = page_down(g->lo), hi = page_up(g->hi);
      if (g->writes != (pass == 1) || hi <= plo || phi <= lo)
        continue;
      lo = lo > plo ? lo : plo;
      hi = hi < phi ? hi : phi;
      mh__os_protect((void *)lo, hi - lo, g->writes ? MH_OS_PROT_NONE : MH_OS_PROT_READ);
    }
  }
}

bool mh__guard_add(uint64_t id, uintptr_t lo, uintptr_t hi, bool writes) {
  pthread_mutex_lock(&lock);
  bool added = false;
  if (lo < hi && self_mem_works() &&
      (guard_count < guard_capacity ||
       mh__os_own_grow((void **)&guards, &guard_capacity, guard_count, sizeof *guards) == 0)) {
    guards[guard_count++] = (guard){lo, hi, id, writes};
    atomic_store(&live, guard_count);
    note_any();
    mh__os_protect((void *)page_down(lo), page_up(hi) - page_down(lo),
                   writes ? MH_OS_PROT_NONE : MH_OS_PROT_READ);
    if (!writes) /* a read-only page may be under a writer's guard too */
      apply(page_down(lo), page_up(hi));
    added = true;
  }
  pthread_mutex_unlock(&lock);
  return added;
}

/* Drops the guards `drop` chooses; restore: gives their pages the protection the rest ask
   (else the memory is gone, and its pages are left as they are). No allocation: a host
   thread's fault lands here from a signal handler. Dropped guards are restored a batch at a
   time, the batch held on the stack. */
static void remove_where(bool (*drop)(const guard *g, const void *arg), const void *arg,
                         bool restore) {
  enum { BATCH = 32 };
  pthread_mutex_lock(&lock);
  for (bool more = true; more;) {
    guard gone[BATCH];
    size_t kept = 0, dropped = 0;
    more = false;
    for (size_t i = 0; i < guard_count; i++) {
      bool dropping = drop(&guards[i], arg);
      if (dropping && dropped < BATCH) {
        gone[dropped++] = guards[i];
      } else {
        more = more || dropping; /* the batch is full: the next pass takes it */
        guards[kept++] = guards[i];
      }
    }
    guard_count = kept;
    atomic_store(&live, guard_count);
    note_any();
    for (size_t i = 0; restore && i < dropped; i++)
      apply(page_down(gone[i].lo), page_up(gone[i].hi));
  }
  pthread_mutex_unlock(&lock);
}

static bool has_id(const guard *g, const void *arg) { return g->id == *(const uint64_t *)arg; }

void mh__guard_remove(uint64_t id) { remove_where(has_id, &id, true); }

static bool meets(const guard *g, const void *arg) {
  const uintptr_t *range = arg;
  return g->lo < range[1] && range[0] < g->hi;
}

void mh__guard_forget(uintptr_t lo, uintptr_t hi) {
  if (atomic_load(&live) != 0)
    remove_where(meets, (uintptr_t[2]){lo, hi}, false);
}

bool mh__guards_meet(uintptr_t addr, size_t bytes) {
  if (atomic_load_explicit(&live, memory_order_acquire) == 0 || bytes == 0)
    return false;
  uintptr_t lo = page_down(addr), hi = page_up(addr + bytes);
  pthread_mutex_lock(&lock);
  bool found = false;
  for (size_t i = 0; i < guard_count && !found; i++)
    found = page_down(guards[i].lo) < hi && lo < page_up(guards[i].hi);
  pthread_mutex_unlock(&lock);
  return found;
}

size_t mh__guard_at(uintptr_t addr, mh_os_guard_hit *out, size_t most) {
  if (atomic_load_explicit(&live, memory_order_acquire) == 0)
    return 0;
  uintptr_t page = page_down(addr);
  pthread_mutex_lock(&lock);
  size_t n = 0;
  for (size_t i = 0; i < guard_count && n < most; i++) {
    const guard *g = &guards[i];
    if (page_down(g->lo) <= page && page < page_up(g->hi))
      out[n++] = (mh_os_guard_hit){g->id, g->lo, g->hi, g->writes};
  }
  pthread_mutex_unlock(&lock);
  return n;
}

void mh__guard_open(uintptr_t addr) {
  uintptr_t page = page_down(addr);
  pthread_mutex_lock(&lock);
  if (opened_count < opened_capacity ||
      mh__os_own_grow((void **)&opened, &opened_capacity, opened_count, sizeof *opened) == 0)
    opened[opened_count++] = page;
  atomic_store(&opened_live, opened_count);
  note_any();
  mh__os_protect((void *)page, mh__os_page_bytes(), MH_OS_PROT_READWRITE);
  pthread_mutex_unlock(&lock);
}

void mh__guard_reclose(void) {
  if (atomic_load_explicit(&opened_live, memory_order_acquire) == 0)
    return;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < opened_count; i++)
    apply(opened[i], opened[i] + mh__os_page_bytes());
  opened_count = 0;
  atomic_store(&opened_live, 0);
  note_any();
  pthread_mutex_unlock(&lock);
}

/* ---- the device's traffic through guarded pages ---- */

#define BOUNCE_BYTES ((size_t)64 * 1024)

static int moved(ssize_t got, size_t want) {
  return got == (ssize_t)want ? 0 : got < 0 ? errno : EIO;
}

int mh__guard_move(void *dst, const void *src, size_t bytes) {
  uintptr_t d = (uintptr_t)dst, s = (uintptr_t)src;
  bool overlap = d - s < bytes || s - d < bytes;
  size_t piece = overlap ? bytes : (bytes < BOUNCE_BYTES ? bytes : BOUNCE_BYTES);
  char *bounce = malloc(piece ? piece : 1);
  if (bounce == NULL)
    return ENOMEM;
  int err = 0;
  for (size_t done = 0; done < bytes && err == 0; done += piece) {
    size_t n = bytes - done < piece ? bytes - done : piece;
    err = moved(pread(self_mem, bounce, n, (off_t)(s + done)), n);
    if (err == 0)
      err = moved(pwrite(self_mem, bounce, n, (off_t)(d + done)), n);
  }
  free(bounce);
  return err;
}

int mh__guard_write(void *dst, const void *pattern, size_t bytes) {
  return moved(pwrite(self_mem, pattern, bytes, (off_t)(uintptr_t)dst), bytes);
}

void mh__guard_forked_child(void) {
  pthread_mutex_init(&lock, NULL);
  for (size_t i = 0; i < guard_count; i++) /* the child's host owes the parent's work nothing */
    mh__os_protect((void *)page_down(guards[i].lo), page_up(guards[i].hi) - page_down(guards[i].lo),
                   MH_OS_PROT_READWRITE);
  guard_count = opened_count = 0;
  atomic_store(&live, 0);
  atomic_store(&opened_live, 0);
  note_any();
  if (self_mem >= 0) /* it reaches the parent's memory: open the child's own when needed */
    close(self_mem);
  self_mem = -1;
  usable = -1;
}
