/*
 * state.c: the process-wide state, made on first use from the options, its
 * lock and fork handlers, the calling thread's current device, and the ids
 * that handles, streams, events and graphs are named by. What a call does on
 * its way in and out is diag/call.c's.
 */
#include <stdlib.h>

#include "core/core.h"
#include "os/arena.h"
#include "os/recycle.h"

static mh_state state;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;

static _Thread_local int current_device;

/*
 * A fork while another thread holds the lock would leave the child's copy held
 * forever: the forking thread takes it first and the parent lets it go. The
 * child cannot unlock it (glibc records the writer by thread id, which differs
 * there), so it switches to the other of two locks, one never held in this
 * process's history of forks.
 */
static pthread_rwlock_t locks[2];

/* The recycle cache empties first: its extents are in files both sides will hold. */
static void fork_prepare(void) {
  pthread_rwlock_wrlock(state.lock);
  mh__recycle_drop_all();
}
/* Both sides now share the arena files: neither may reuse them (os/arena.c). */
static void fork_parent(void) {
  mh__arena_retire_all();
  pthread_rwlock_unlock(state.lock);
}
static void fork_child(void) {
  state.forked = true;
  state.lock = state.lock == &locks[0] ? &locks[1] : &locks[0];
  pthread_rwlock_init(state.lock, NULL);
  mh__arena_retire_all();
}

/* Kept extents go back at exit, as every other object does; a thread still
   inside mockhip then keeps them (the process is ending anyway). */
static void recycle_at_exit(void) {
  if (pthread_rwlock_trywrlock(state.lock) != 0)
    return;
  mh__recycle_drop_all();
  pthread_rwlock_unlock(state.lock);
}

static void state_init(void) {
  state.lock = &locks[0];
  pthread_rwlock_init(state.lock, NULL);
  pthread_atfork(fork_prepare, fork_parent, fork_child);
  mh__options_read(&state.options);
  mh__profile_init(&state.options);
  mh__options_settle(&state.options);
  state.page_bytes = mh__os_page_bytes();
  mh__index_init(&state.by_address, state.options.granularity);
  /* A record has an access slot per device and one for the host. */
  mh__slab_init(&state.mapping_records, sizeof(mh_mapping) + (size_t)state.options.devices + 1,
                256);
  mh__arena_init(state.options.arena_view_bytes);
  mh__recycle_init(state.options.recycle_bytes);
  mh__os_populate_set(mh__options_populate(&state.options));
  atexit(recycle_at_exit);
  for (size_t kind = 0; kind < sizeof state.next_id / sizeof state.next_id[0]; kind++)
    state.next_id[kind] = 1;
  mh__host_access_init(&state);
}

mh_state *mh__state(void) {
  pthread_once(&state_once, state_init);
  return &state;
}

void mh__lock_read(void) { pthread_rwlock_rdlock(state.lock); }
void mh__lock_write(void) { pthread_rwlock_wrlock(state.lock); }
void mh__unlock(void) { pthread_rwlock_unlock(state.lock); }

int mh__current_device(void) { return current_device; }

void mh__set_current_device(int device) { current_device = device; }

/* An id: the tag in the top 16 bits, a serial number, the kind in the low 4 bits. */
#define MH_ID_TAG 0x6d68000000000000ULL /* "mh": unmistakable in a dump, never NULL-like */
#define MH_ID_TAG_MASK 0xffff000000000000ULL
#define MH_ID_KIND_BITS 4
#define MH_ID_KIND_MASK ((1ULL << MH_ID_KIND_BITS) - 1)

uint64_t mh__new_id(mh_state *s, mh_id_kind kind) {
  return MH_ID_TAG | (s->next_id[kind]++ << MH_ID_KIND_BITS) | (uint64_t)kind;
}

bool mh__id_was_issued(const mh_state *s, uint64_t id, mh_id_kind kind) {
  uint64_t serial = (id & ~MH_ID_TAG_MASK) >> MH_ID_KIND_BITS;
  return (id & MH_ID_TAG_MASK) == MH_ID_TAG && (id & MH_ID_KIND_MASK) == (uint64_t)kind &&
         serial != 0 && serial < s->next_id[kind];
}

unsigned long long mh__id_number(uint64_t value, mh_id_kind kind) {
  if ((value & MH_ID_TAG_MASK) != MH_ID_TAG || (value & MH_ID_KIND_MASK) != (uint64_t)kind)
    return 0;
  return (value & ~MH_ID_TAG_MASK) >> MH_ID_KIND_BITS;
}

bool mh__valid_device(const mh_state *s, int device) {
  return device >= 0 && device < s->options.devices;
}
