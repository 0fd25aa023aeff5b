/*
 * view.c: each device's own view of memory. While a kernel of device d runs,
 * every memory object's pages are protected as d may touch them:
 *   - a VMM mapping as hipMemSetAccess set it for d (none, read, read-write);
 *   - hipMalloc memory of d, or of a peer whose memory d enabled, read-write;
 *     other devices' none;
 *   - pinned, registered and managed memory stay read-write for all;
 *   - the page of ordinary (pageable) host memory that a pointer argument names
 *     none, since a GPU cannot reach it (a pointer kept inside a struct, or an
 *     index past that page, is not seen: a limit of the mock).
 * Only what differs from the host's view is touched, and put back after. What
 * d may touch less than the host is protected on entry, since a touch must
 * fault; what it may touch more (a grant: a mapping granted to d but not to
 * the host) is opened when the kernel first touches it, so an empty launch
 * beside thousands of mappings costs no system call (view_objects.c keeps the
 * lists). Under valgrind or a debugger, which see every fault, grants are
 * opened on entry (os.c, mh__os_faults_watched). The launch holds the state's
 * write lock meanwhile, so no other call changes a protection under it; a host
 * thread that faults meanwhile waits it out (kernel_fault.c).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kernel.h"

static atomic_int active;
static atomic_uint ended;          /* views left so far */
static mh_view *current;           /* the view in force, under the write lock */
static _Atomic int current_device; /* its device, for the warning */
static __thread bool launching;    /* this thread entered the view in force */

bool mh__view_active(void) { return atomic_load_explicit(&active, memory_order_acquire) != 0; }

unsigned mh__view_ended(void) { return atomic_load_explicit(&ended, memory_order_acquire); }

/* The host's view is back. */
static void view_end(void) {
  atomic_fetch_add_explicit(&ended, 1, memory_order_release);
  atomic_store_explicit(&active, 0, memory_order_release);
}

/* Notes a pageable page to protect. */
static bool add_page(mh_view *v, uintptr_t page, size_t bytes) {
  if (v->count == v->capacity &&
      mh__os_own_grow((void **)&v->ranges, &v->capacity, v->count, sizeof *v->ranges) != 0)
    return false;
  v->ranges[v->count++] = (mh_view_range){page, bytes, MH_OS_PROT_NONE, MH_OS_PROT_READWRITE, true};
  return true;
}

/* Whether addr lies in the program or a library (code, constants, __device__ variables):
   asked of the dynamic loader, so a kernel given a string or a global costs its launch no
   read of /proc/self/maps. */
static bool in_loaded_object(uintptr_t addr) {
  Dl_info info;
  return dladdr((const void *)addr, &info) != 0;
}

/* Whether addr lies on the calling thread's own stack, which it cannot lose meanwhile. */
static bool on_own_stack(uintptr_t addr) {
  pthread_attr_t attr;
  void *low;
  size_t bytes;
  if (pthread_getattr_np(pthread_self(), &attr) != 0)
    return true;
  int err = pthread_attr_getstack(&attr, &low, &bytes);
  pthread_attr_destroy(&attr);
  return err != 0 || (addr >= (uintptr_t)low && addr - (uintptr_t)low < bytes);
}

/* Whether addr is ordinary writable host memory: the heap or an anonymous private mapping
   (what malloc and the other threads' stacks use), read from /proc/self/maps. Data of the
   program and its libraries is left alone: a kernel's __device__ variables live there. */
static bool pageable_at(uintptr_t addr) {
  FILE *maps = fopen("/proc/self/maps", "re");
  if (maps == NULL)
    return false;
  char line[512];
  bool found = false;
  while (!found && fgets(line, sizeof line, maps) != NULL) {
    unsigned long low, high;
    char perms[5];
    int name_at = 0;
    if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %n", &low, &high, perms, &name_at) < 3)
      continue;
    if (addr < low || addr >= high)
      continue;
    const char *name = line + name_at;
    bool anonymous = name[0] == '\n' || name[0] == '\0' || strncmp(name, "[heap]", 6) == 0;
    found = anonymous && strcmp(perms, "rw-p") == 0;
    break;
  }
  fclose(maps);
  return found;
}

static bool add_pageable(mh_state *s, const void *const *pointers, size_t count, mh_view *v) {
  for (size_t i = 0; i < count; i++) {
    uintptr_t p = (uintptr_t)pointers[i];
    if (p < s->page_bytes || mh__region_containing(s, p) != NULL || mh__view_is_pageable(v, p) ||
        mh__os_own_holds(p) || in_loaded_object(p) || !pageable_at(p) || on_own_stack(p))
      continue;
    if (!add_page(v, p & ~(uintptr_t)(s->page_bytes - 1), s->page_bytes))
      return false;
  }
  return true;
}

bool mh__view_is_pageable(const mh_view *v, uintptr_t addr) {
  for (size_t i = 0; i < v->count; i++)
    if (v->ranges[i].pageable && addr >= v->ranges[i].base &&
        addr - v->ranges[i].base < v->ranges[i].bytes)
      return true;
  return false;
}

/* The i-th range protected on entry: the objects', then the pageable pages. */
static const mh_view_range *entered(const mh_view *v, size_t i) {
  return i < v->objects->count ? &v->objects->ranges[i] : &v->ranges[i - v->objects->count];
}

/* Puts back the first `count` ranges protected on entry, and the grants opened. */
static void put_back(mh_view *v, size_t count) {
  for (size_t i = 0; i < count; i++) {
    const mh_view_range *r = entered(v, i);
    mh__os_protect((void *)r->base, r->bytes, r->after);
  }
  mh_view_objects *o = v->objects;
  size_t opened = atomic_load_explicit(&o->opened_count, memory_order_acquire);
  for (size_t i = 0; i < opened; i++) {
    size_t at = o->opened[i]; /* abandoned mid-launch, a slot may be an earlier launch's */
    if (at < o->grant_count)
      mh__os_protect((void *)o->grants[at].base, o->grants[at].bytes, o->grants[at].after);
  }
}

static hipError_t protect_failed(int device, size_t count, size_t failed, int err) {
  return mh__fail(hipErrorOutOfMemory,
                  "device %d's view of memory needs %zu protected ranges, and mprotect failed "
                  "on the %zu-th: %s (vm.max_map_count?)",
                  device, count, failed + 1, strerror(err));
}

/* Protects g as the device may touch it and notes it to close; 0 or mprotect's errno. */
static int open_grant(mh_view *v, mh_view_grant *g) {
  mh_view_objects *o = v->objects;
  int err = mh__os_protect((void *)g->base, g->bytes, g->during);
  if (err != 0)
    return err;
  o->opened[atomic_fetch_add_explicit(&o->opened_count, 1, memory_order_acq_rel)] =
      (size_t)(g - o->grants);
  atomic_store_explicit(&g->claimed, v->launch, memory_order_relaxed);
  atomic_store_explicit(&g->opened, v->launch, memory_order_release);
  return 0;
}

hipError_t mh__view_enter(mh_state *s, int device, const void *const *pointers,
                          size_t pointer_count, mh_view *v) {
  /* Where a tool sees every fault (valgrind reports a touch of a protected page even when the
     handler opens it; a debugger stops at it), every grant is opened on entry instead. Asked
     once, before anything is protected: the question reads a file through the heap. */
  static int eager = -1;
  if (eager < 0)
    eager = mh__os_faults_watched();
  v->count = 0;
  v->objects = mh__view_objects(s, device);
  if (v->objects == NULL || !add_pageable(s, pointers, pointer_count, v))
    return mh__fail(hipErrorOutOfMemory, "no memory to note device %d's view of memory", device);
  mh_view_objects *o = v->objects;
  size_t count = o->count + v->count;
  if (count == 0 && o->grant_count == 0) {
    v->objects = NULL; /* nothing to leave */
    return hipSuccess;
  }
  static unsigned launches;
  v->launch = ++launches != 0 ? launches : ++launches;
  atomic_store_explicit(&o->opened_count, 0, memory_order_relaxed);
  v->abandoned = false;
  current = v;
  atomic_store_explicit(&current_device, device, memory_order_relaxed);
  launching = true;
  atomic_store_explicit(&active, 1, memory_order_release);
  for (size_t i = 0; i < count; i++) {
    const mh_view_range *r = entered(v, i);
    int err = mh__os_protect((void *)r->base, r->bytes, r->during);
    if (err != 0) {
      put_back(v, i);
      view_end();
      return protect_failed(device, count, i, err);
    }
  }
  for (size_t i = 0; eager && i < o->grant_count; i++) {
    int err = open_grant(v, &o->grants[i]);
    if (err != 0) {
      put_back(v, count);
      view_end();
      return protect_failed(device, count + o->grant_count, count + i, err);
    }
  }
  return hipSuccess;
}

void mh__view_leave(mh_view *v) {
  launching = false;
  if (v->objects == NULL || v->abandoned)
    return;
  put_back(v, v->objects->count + v->count);
  view_end();
}

/* The grant holding addr, by halves: the grants are sorted by base. */
static mh_view_grant *grant_at(mh_view_objects *o, uintptr_t addr) {
  size_t low = 0, high = o->grant_count;
  while (low < high) {
    size_t mid = low + (high - low) / 2;
    if (o->grants[mid].base <= addr)
      low = mid + 1;
    else
      high = mid;
  }
  if (low == 0)
    return NULL;
  mh_view_grant *g = &o->grants[low - 1];
  return addr - g->base < g->bytes ? g : NULL;
}

bool mh__view_open(uintptr_t addr, mh_direction dir) {
  /* The last access this thread ran again after its grant opened: a second fault there is
     the kernel's own (a write where the device may only read). */
  static __thread uintptr_t retried_addr;
  static __thread unsigned retried_launch;
  mh_view *v = current;
  if (!mh__view_active() || v == NULL || v->objects == NULL || v->abandoned)
    return false;
  mh_view_grant *g = grant_at(v->objects, addr);
  if (g == NULL || (dir == MH_DIR_WRITE && g->during != MH_OS_PROT_READWRITE))
    return false;
  unsigned launch = v->launch;
  if (atomic_load_explicit(&g->opened, memory_order_acquire) != launch) {
    unsigned claimed = atomic_load_explicit(&g->claimed, memory_order_relaxed);
    if (claimed != launch &&
        atomic_compare_exchange_strong_explicit(&g->claimed, &claimed, launch, memory_order_acq_rel,
                                                memory_order_relaxed)) {
      if (open_grant(v, g) != 0)
        return false; /* out of map areas: the touch is reported as the fault it now is */
    } else {
      struct timespec pause = {0, 1000}; /* another thread of the kernel is opening it */
      while (atomic_load_explicit(&g->opened, memory_order_acquire) != launch)
        nanosleep(&pause, NULL);
    }
  }
  if (retried_addr == addr && retried_launch == launch)
    return false;
  retried_addr = addr;
  retried_launch = launch;
  return true;
}

bool mh__view_entered_here(void) { return launching; }

void mh__view_abandon(uintptr_t addr) {
  mh_view *v = current;
  if (!mh__view_active() || v == NULL || v->abandoned)
    return;
  v->abandoned = true;
  put_back(v, v->objects->count + v->count);
  view_end();
  char line[256];
  int n =
      snprintf(line, sizeof line,
               "mockhip: warning: mockhip's own code touched %#lx while device %d's view of "
               "memory was in force; the host's view is back for the rest of this launch\n",
               (unsigned long)addr, atomic_load_explicit(&current_device, memory_order_relaxed));
  if (n > 0)
    (void)!write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}
