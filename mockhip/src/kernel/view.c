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
 * Only what differs from the host's view is touched, and put back after. The
 * launch holds the state's write lock meanwhile, so no other call changes a
 * protection under it; a host thread that faults meanwhile waits it out
 * (kernel_fault.c).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Notes a range to protect, joined to the last one when it continues it. */
static bool add(mh_view *v, uintptr_t base, size_t bytes, mh_os_prot during, mh_os_prot after,
                bool pageable) {
  if (during == after)
    return true;
  if (v->count != 0) {
    mh_view_range *last = &v->ranges[v->count - 1];
    if (last->base + last->bytes == base && last->during == during && last->after == after &&
        last->pageable == pageable) {
      last->bytes += bytes;
      return true;
    }
  }
  if (v->count == v->capacity) {
    size_t capacity = v->capacity == 0 ? 16 : v->capacity * 2;
    /* Pages of their own: put_back reads them while a pointer argument's page is protected. */
    mh_view_range *grown;
    if (mh__os_own_map(capacity * sizeof *grown, 0, (void **)&grown) != 0)
      return false;
    if (v->ranges != NULL) {
      memcpy(grown, v->ranges, v->count * sizeof *grown);
      mh__os_own_unmap(v->ranges, v->capacity * sizeof *grown);
    }
    v->ranges = grown;
    v->capacity = capacity;
  }
  v->ranges[v->count++] = (mh_view_range){base, bytes, during, after, pageable};
  return true;
}

static bool add_mappings(mh_state *s, int device, mh_view *v) {
  for (mh_tree_node *n = mh__tree_first(&s->mappings); n != NULL;
       n = mh__tree_next(&s->mappings, n->key)) {
    const mh_mapping *m = MH_CONTAINER(n, mh_mapping, node);
    if (!add(v, m->base, m->bytes, mh__access_prot(m->access[device]),
             mh__access_prot(mh__cpu_access(s, m)), false))
      return false;
  }
  return true;
}

static bool add_device_blocks(mh_state *s, int device, mh_view *v) {
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key)) {
    const mh_region *r = MH_CONTAINER(n, mh_region, node);
    if (r->kind != MH_REGION_MALLOC || r->memory != MH_BLOCK_DEVICE || r->device == device ||
        (s->peer_enabled[device] >> r->device) & 1)
      continue;
    if (!add(v, r->base, r->bytes, MH_OS_PROT_NONE, MH_OS_PROT_READWRITE, false))
      return false;
  }
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
    uintptr_t page = p & ~(uintptr_t)(s->page_bytes - 1);
    if (!add(v, page, s->page_bytes, MH_OS_PROT_NONE, MH_OS_PROT_READWRITE, true))
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

static void put_back(mh_view *v, size_t count) {
  for (size_t i = 0; i < count; i++)
    mh__os_protect((void *)v->ranges[i].base, v->ranges[i].bytes, v->ranges[i].after);
}

hipError_t mh__view_enter(mh_state *s, int device, const void *const *pointers,
                          size_t pointer_count, mh_view *v) {
  v->count = 0;
  if (!add_mappings(s, device, v) || !add_device_blocks(s, device, v) ||
      !add_pageable(s, pointers, pointer_count, v))
    return mh__fail(hipErrorOutOfMemory, "no memory to note device %d's view of memory", device);
  if (v->count == 0)
    return hipSuccess;
  v->abandoned = false;
  current = v;
  atomic_store_explicit(&current_device, device, memory_order_relaxed);
  launching = true;
  atomic_store_explicit(&active, 1, memory_order_release);
  for (size_t i = 0; i < v->count; i++) {
    int err = mh__os_protect((void *)v->ranges[i].base, v->ranges[i].bytes, v->ranges[i].during);
    if (err != 0) {
      put_back(v, i);
      view_end();
      return mh__fail(hipErrorOutOfMemory,
                      "device %d's view of memory needs %zu protected ranges, and mprotect "
                      "failed on the %zu-th: %s (vm.max_map_count?)",
                      device, v->count, i + 1, strerror(err));
    }
  }
  return hipSuccess;
}

void mh__view_leave(mh_view *v) {
  launching = false;
  if (v->count == 0 || v->abandoned)
    return;
  put_back(v, v->count);
  view_end();
}

bool mh__view_entered_here(void) { return launching; }

void mh__view_abandon(uintptr_t addr) {
  mh_view *v = current;
  if (!mh__view_active() || v == NULL || v->abandoned)
    return;
  v->abandoned = true;
  put_back(v, v->count);
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
