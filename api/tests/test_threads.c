/*
 * test_threads.c: one allocation's views shared across threads.
 *
 * Sharers each own a disjoint range of one shared allocation and, over and
 * over, retain the shared view, slice their range, cast it, copy in and out
 * through the views and the shared view, and release what they made, while
 * owners allocate, reserve, grow, clone, protect, free and release memories of
 * their own. Then racing frees, racing last releases, and copies racing a
 * free: exactly one free wins, every other call says HMO_EFREED, none crashes.
 * Eight threads share one pool: mixed sizes, each object checked for its own
 * bytes, clones, frees and releases racing the others' allocs. Then views
 * (slices, casts, retained references) of the same pool objects retained and
 * released by several threads at once, one of them freeing some objects, while
 * other threads allocate and free neighbours in the pool: every object goes
 * back exactly once, after its last view, and none is overwritten before.
 * Each thread's hmo_error_last() is its own. Threads only count failures; the
 * checks run on the main thread (CMocka is not thread-safe). At the end of
 * every case hmo and mockhip hold nothing. ThreadSanitizer runs it too.
 */
#include "hmo_test.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define SHARERS 8
#define OWNERS 4
#define ITERATIONS 150
#define SLOT 1024 /* uint32 elements of the shared allocation per sharer */

static atomic_int failures;
static hmo_device *device;

/* Counts a failure and says what it was (stderr is safe to share). */
static void count_failure(const char *what, unsigned thread, unsigned iteration, int status) {
  atomic_fetch_add(&failures, 1);
  const hmo_error *err = hmo_error_last();
  fprintf(stderr, "thread %u, iteration %u: %s: status %d (%s); last error %d \"%s\"\n", thread,
          iteration, what, status, hmo_strerror(status), err->status, err->message);
}

/* Whether status is what was expected; counts and reports it if not. */
static bool expect(int expected, int status, const char *what, unsigned thread, unsigned i) {
  if (status == expected)
    return true;
  count_failure(what, thread, i, status);
  return false;
}

#define EXPECT(expected, call, thread, i) expect((expected), (call), #call, (thread), (i))
#define OK(call, thread, i) EXPECT(HMO_OK, call, thread, i)
#define CHECK(cond, thread, i)                                                                     \
  ((cond) ? true : (count_failure("check failed: " #cond, (thread), (i), 0), false))

static void start_threads(pthread_t *threads, unsigned count, void *(*fn)(void *), void *args,
                          size_t arg_bytes) {
  for (unsigned t = 0; t < count; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, fn, (char *)args + t * arg_bytes), 0);
}

static void join_threads(pthread_t *threads, unsigned count) {
  for (unsigned t = 0; t < count; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
}

static int setup(void **state) {
  (void)state;
  atomic_store(&failures, 0);
  ht_assert_mock_clean();
  return hmo_device_open(&device, 0) == HMO_OK ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  size_t held = hmo_device_bytes_allocated(device);
  int closed = hmo_device_close(device);
  device = NULL;
  if (held != 0)
    fprintf(stderr, "hmo_device_bytes_allocated is %zu after every release\n", held);
  if (closed != HMO_OK)
    fprintf(stderr, "%s\n", hmo_error_last()->message);
  if (mockhip_live_objects() != 0)
    mockhip_dump(stderr);
  return held == 0 && closed == HMO_OK && mockhip_live_objects() == 0 ? 0 : -1;
}

/* ---- sharers and owners ---- */

typedef struct sharer_arg {
  hmo_memory *shared; /* SHARERS * SLOT uint32 */
  unsigned id;
  uint32_t last; /* the value the sharer wrote last, for the main thread to check */
} sharer_arg;

static uint32_t value_of(unsigned id, unsigned i, size_t k) {
  return (uint32_t)(id << 24) ^ (uint32_t)(i << 12) ^ (uint32_t)k;
}

static void *sharer(void *arg) {
  sharer_arg *a = arg;
  unsigned id = a->id;
  uint32_t in[SLOT], back[SLOT];
  char *base = hmo_memory_ptr(a->shared);
  for (unsigned i = 0; i < ITERATIONS; i++) {
    hmo_memory *mine = hmo_memory_retain(a->shared);
    hmo_memory *slot = NULL, *bytes = NULL, *half = NULL;
    CHECK(mine == a->shared, id, i);
    if (!OK(hmo_memory_slice(&slot, mine, (size_t)id * SLOT, SLOT), id, i))
      goto next;
    CHECK(hmo_memory_length(slot) == SLOT, id, i);
    CHECK(hmo_memory_offset(slot) == (size_t)id * SLOT, id, i);
    CHECK(hmo_memory_ptr(slot) == base + (size_t)id * SLOT * sizeof(uint32_t), id, i);

    /* In through the slice, out through the shared view. */
    for (size_t k = 0; k < SLOT; k++)
      in[k] = value_of(id, i, k);
    OK(hmo_memory_copy_from(slot, in, HMO_ALL, 0), id, i);
    OK(hmo_memory_copy_to(mine, back, SLOT, (size_t)id * SLOT), id, i);
    CHECK(memcmp(in, back, sizeof in) == 0, id, i);

    /* A byte view of the slot: its own dtype, the slice keeps uint32. */
    if (OK(hmo_memory_cast(&bytes, slot, HMO_UINT8), id, i)) {
      CHECK(hmo_memory_length(bytes) == SLOT * sizeof(uint32_t), id, i);
      CHECK(hmo_memory_dtype(slot) == HMO_UINT32, id, i);
      uint32_t word = 0;
      OK(hmo_memory_copy_to(bytes, &word, sizeof word, 5 * sizeof word), id, i);
      CHECK(word == in[5], id, i);
    }

    /* The second half through a slice of the slice, read back through the shared view. */
    if (OK(hmo_memory_slice(&half, slot, SLOT / 2, HMO_ALL), id, i)) {
      for (size_t k = 0; k < SLOT / 2; k++)
        in[SLOT / 2 + k] = ~value_of(id, i, k);
      OK(hmo_memory_copy_from(half, in + SLOT / 2, SLOT / 2, 0), id, i);
      OK(hmo_memory_copy_to(mine, back, SLOT, (size_t)id * SLOT), id, i);
      CHECK(memcmp(in, back, sizeof in) == 0, id, i);
    }

    /* This thread's last error is its own, whatever the others fail with meanwhile. */
    hmo_memory *none = NULL;
    EXPECT(HMO_ERANGE, hmo_memory_slice(&none, slot, SLOT + 1 + id, 1), id, i);
    char want[32];
    snprintf(want, sizeof want, "%zu", (size_t)SLOT + 1 + id);
    CHECK(hmo_error_last()->status == HMO_ERANGE, id, i);
    CHECK(strstr(hmo_error_last()->message, want) != NULL, id, i);
    CHECK(none == NULL, id, i);
    a->last = in[SLOT - 1];
  next:
    hmo_memory_release(half);
    hmo_memory_release(bytes);
    hmo_memory_release(slot);
    hmo_memory_release(mine);
  }
  return NULL;
}

typedef struct owner_arg {
  unsigned id;
} owner_arg;

static void *owner(void *arg) {
  unsigned id = SHARERS + ((owner_arg *)arg)->id;
  for (unsigned i = 0; i < ITERATIONS; i++) {
    size_t count = 500 + 97 * ((id * 7 + i) % 13);
    hmo_memory *mem = NULL, *copy = NULL;
    uint64_t in = ((uint64_t)id << 32) | i, back = 0;

    /* The wrong call first: its error is this thread's alone. */
    EXPECT(HMO_EINVAL, hmo_memory_alloc(&mem, device, 0, HMO_UINT64, NULL), id, i);
    CHECK(hmo_error_last()->status == HMO_EINVAL, id, i);

    if (!OK(hmo_memory_reserve(&mem, device, count, 8 * count, HMO_UINT64), id, i))
      continue;
    OK(hmo_memory_copy_from(mem, &in, 1, count - 1), id, i);
    OK(hmo_memory_resize(mem, 4 * count), id, i); /* in place */
    OK(hmo_memory_copy_from(mem, &in, 1, 4 * count - 1), id, i);
    if (i % 4 == 0)
      OK(hmo_memory_resize(mem, 16 * count), id, i); /* past capacity: moves */
    OK(hmo_memory_copy_to(mem, &back, 1, count - 1), id, i);
    CHECK(back == in, id, i);

    if (OK(hmo_memory_clone(&copy, mem), id, i)) {
      back = 0;
      OK(hmo_memory_copy_to(copy, &back, 1, 4 * count - 1), id, i);
      CHECK(back == in, id, i);
    }
    OK(hmo_memory_protect(mem, HMO_ACCESS_READ), id, i);
    EXPECT(HMO_EACCESS, hmo_memory_copy_from(mem, &in, 1, 0), id, i);
    OK(hmo_memory_protect(mem, HMO_ACCESS_READWRITE), id, i);
    OK(hmo_memory_resize(mem, count / 2), id, i); /* shrink */

    OK(hmo_memory_free(mem), id, i);
    EXPECT(HMO_EFREED, hmo_memory_copy_to(mem, &back, 1, 0), id, i);
    CHECK(!hmo_memory_is_valid(mem), id, i);
    hmo_memory_release(copy); /* the last reference frees the clone */
    hmo_memory_release(mem);
  }
  return NULL;
}

static void test_threads_share_one_allocation(void **state) {
  (void)state;
  hmo_memory *shared = NULL;
  HT_OK(hmo_memory_alloc(&shared, device, SHARERS * SLOT, HMO_UINT32, NULL));
  size_t held = hmo_device_bytes_allocated(device);

  pthread_t sharers[SHARERS], owners[OWNERS];
  sharer_arg sargs[SHARERS];
  owner_arg oargs[OWNERS];
  for (unsigned t = 0; t < SHARERS; t++)
    sargs[t] = (sharer_arg){shared, t, 0};
  for (unsigned t = 0; t < OWNERS; t++)
    oargs[t] = (owner_arg){t};
  start_threads(sharers, SHARERS, sharer, sargs, sizeof sargs[0]);
  start_threads(owners, OWNERS, owner, oargs, sizeof oargs[0]);
  join_threads(sharers, SHARERS);
  join_threads(owners, OWNERS);
  assert_int_equal(atomic_load(&failures), 0);

  /* Every range holds what its sharer wrote last; only the shared allocation is left. */
  for (unsigned t = 0; t < SHARERS; t++) {
    uint32_t word = 0;
    HT_OK(hmo_memory_copy_to(shared, &word, 1, (size_t)t * SLOT + SLOT - 1));
    assert_int_equal(word, sargs[t].last);
  }
  assert_int_equal(hmo_device_bytes_allocated(device), held);
  hmo_memory_release(shared);
  assert_int_equal(hmo_device_bytes_allocated(device), 0);
  ht_assert_mock_clean();
}

/* ---- races on one allocation's lifetime ---- */

#define RACERS 8
#define RACE_ROUNDS 40

typedef struct racer_arg {
  hmo_memory *view; /* this racer's own view: a retain, a slice or a cast */
  pthread_barrier_t *start;
  int status; /* what its free returned */
  unsigned id;
  unsigned ok_copies, freed_copies;
} racer_arg;

static void *race_free(void *arg) {
  racer_arg *a = arg;
  pthread_barrier_wait(a->start);
  a->status = hmo_memory_free(a->view);
  if (a->status != HMO_OK && hmo_error_last()->status != a->status)
    count_failure("hmo_error_last() after a racing free", a->id, 0, a->status);
  return NULL;
}

static void *race_release(void *arg) {
  racer_arg *a = arg;
  pthread_barrier_wait(a->start);
  hmo_memory_release(a->view);
  return NULL;
}

/* Successful copies of all racers in the current round. */
static atomic_uint copies_done;
/* A racer gives up (and fails) after this many copies without seeing the free. */
#define RACE_MAX_COPIES 1000000u

/*
 * Copies through its view until the allocation is freed under it. Each copy
 * is followed by a yield, so the thread that frees gets the buffer's lock
 * even where threads are serialized (valgrind).
 */
static void *race_copy(void *arg) {
  racer_arg *a = arg;
  unsigned char block[1024];
  memset(block, (int)a->id, sizeof block);
  size_t count = sizeof block / hmo_dtype_bytes(hmo_memory_dtype(a->view));
  pthread_barrier_wait(a->start);
  for (unsigned i = 0;; i++) {
    int status = i % 2 ? hmo_memory_copy_from(a->view, block, count, 0)
                       : hmo_memory_copy_to(a->view, block, count, 0);
    if (status == HMO_OK && i == RACE_MAX_COPIES) {
      count_failure("no free seen", a->id, i, status);
      return NULL;
    } else if (status == HMO_OK) {
      a->ok_copies++;
      atomic_fetch_add(&copies_done, 1);
      sched_yield();
    } else if (status == HMO_EFREED) {
      a->freed_copies++;
      /* Once freed, freed for good: a few more calls all say so. */
      for (unsigned k = 0; k < 8; k++)
        expect(HMO_EFREED, hmo_memory_copy_to(a->view, block, 1, 0), "copy after free", a->id, i);
      if (hmo_memory_ptr(a->view) != NULL || hmo_memory_length(a->view) != 0)
        count_failure("queries after free", a->id, i, 0);
      return NULL;
    } else {
      count_failure("copy racing a free", a->id, i, status);
      return NULL;
    }
  }
}

/* RACERS views of one fresh allocation: retains, slices and casts, in turn. */
static hmo_memory *views_of_one_allocation(racer_arg *args, pthread_barrier_t *start) {
  hmo_memory *root = NULL;
  HT_OK(hmo_memory_alloc(&root, device, RACERS * 1024, HMO_UINT8, NULL));
  for (unsigned t = 0; t < RACERS; t++) {
    args[t] = (racer_arg){NULL, start, -1, t, 0, 0};
    switch (t % 3) {
    case 0: args[t].view = hmo_memory_retain(root); break;
    case 1: HT_OK(hmo_memory_slice(&args[t].view, root, t * 1024, 1024)); break;
    default: HT_OK(hmo_memory_cast(&args[t].view, root, HMO_UINT32)); break;
    }
  }
  return root;
}

static void test_threads_racing_frees(void **state) {
  (void)state;
  for (unsigned round = 0; round < RACE_ROUNDS; round++) {
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, RACERS), 0);
    racer_arg args[RACERS];
    hmo_memory *root = views_of_one_allocation(args, &start);
    pthread_t threads[RACERS];
    start_threads(threads, RACERS, race_free, args, sizeof args[0]);
    join_threads(threads, RACERS);
    pthread_barrier_destroy(&start);

    unsigned won = 0;
    for (unsigned t = 0; t < RACERS; t++) {
      if (args[t].status == HMO_OK)
        won++;
      else
        assert_int_equal(args[t].status, HMO_EFREED);
      assert_false(hmo_memory_is_valid(args[t].view));
      hmo_memory_release(args[t].view);
    }
    assert_int_equal(won, 1);
    assert_int_equal(hmo_device_bytes_allocated(device), 0);
    assert_int_equal(mockhip_live_objects(), 0); /* freed now, though root is still held */
    HT_EXPECT(HMO_EFREED, hmo_memory_free(root));
    hmo_memory_release(root);
  }
  assert_int_equal(atomic_load(&failures), 0);
  ht_assert_mock_clean();
}

static void test_threads_racing_last_releases(void **state) {
  (void)state;
  for (unsigned round = 0; round < RACE_ROUNDS; round++) {
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, RACERS), 0);
    racer_arg args[RACERS];
    hmo_memory *root = views_of_one_allocation(args, &start);
    hmo_memory_release(root); /* only the racers' views hold it now */
    assert_true(hmo_device_bytes_allocated(device) > 0);
    pthread_t threads[RACERS];
    start_threads(threads, RACERS, race_release, args, sizeof args[0]);
    join_threads(threads, RACERS);
    pthread_barrier_destroy(&start);
    assert_int_equal(hmo_device_bytes_allocated(device), 0);
    ht_assert_mock_clean();
  }
}

static void test_threads_copies_racing_a_free(void **state) {
  (void)state;
  for (unsigned round = 0; round < RACE_ROUNDS; round++) {
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, RACERS + 1), 0);
    racer_arg args[RACERS];
    hmo_memory *root = views_of_one_allocation(args, &start);
    pthread_t threads[RACERS];
    atomic_store(&copies_done, 0);
    start_threads(threads, RACERS, race_copy, args, sizeof args[0]);
    pthread_barrier_wait(&start);
    /* Free while the copies run: after a different number of them each round. */
    while (atomic_load(&copies_done) < 1 + round % 4 * RACERS)
      sched_yield();
    HT_OK(hmo_memory_free(root));
    join_threads(threads, RACERS);
    pthread_barrier_destroy(&start);
    for (unsigned t = 0; t < RACERS; t++) {
      assert_int_equal(args[t].freed_copies, 1);
      hmo_memory_release(args[t].view);
    }
    hmo_memory_release(root);
    assert_int_equal(hmo_device_bytes_allocated(device), 0);
    ht_assert_mock_clean();
  }
  assert_int_equal(atomic_load(&failures), 0);
}

/* ---- a pool shared by 8 threads ---- */

#define POOL_THREADS 8
#define POOL_ROUNDS 200
#define POOL_HELD 6 /* objects each thread holds at once */

typedef struct pool_arg {
  hmo_pool *pool;
  unsigned thread;
} pool_arg;

/* Allocates objects of mixed sizes (some across segments), fills each with its own pattern,
   reads it back, clones or frees some, and releases them, all in one pool. */
static void *pool_worker(void *p) {
  pool_arg *arg = p;
  hmo_memory *held[POOL_HELD] = {0};
  size_t bytes[POOL_HELD] = {0};
  unsigned seeds[POOL_HELD] = {0};
  unsigned char *host = malloc(4 * HT_MIB), *back = malloc(4 * HT_MIB); /* the largest + 255 */
  unsigned rng = arg->thread * 7919u + 1;
  for (unsigned i = 0; i < POOL_ROUNDS && host && back; i++) {
    unsigned slot = i % POOL_HELD;
    if (held[slot] != NULL) {
      if (OK(hmo_memory_copy_to(held[slot], back, HMO_ALL, 0), arg->thread, i))
        CHECK(ht_check(back, bytes[slot], seeds[slot]) == bytes[slot], arg->thread, i);
      if (i % 3 == 0)
        OK(hmo_memory_free(held[slot]), arg->thread, i);
      hmo_memory_release(held[slot]);
      held[slot] = NULL;
    }
    rng = rng * 1103515245u + 12345u;
    size_t sizes[] = {100, 4 * HT_KIB, 64 * HT_KIB, 300 * HT_KIB, 3 * HT_MIB};
    bytes[slot] = sizes[(rng >> 16) % (i % 16 == 0 ? 5 : 4)] + (rng >> 8) % 256;
    seeds[slot] = arg->thread * 100000 + i;
    ht_fill(host, bytes[slot], seeds[slot]);
    if (!OK(hmo_pool_alloc(&held[slot], arg->pool, bytes[slot], HMO_UINT8, host), arg->thread, i)) {
      held[slot] = NULL;
      continue;
    }
    if (i % 5 == 0) { /* a clone comes from the same pool and holds the same bytes */
      hmo_memory *copy = NULL;
      if (OK(hmo_memory_clone(&copy, held[slot]), arg->thread, i) &&
          OK(hmo_memory_copy_to(copy, back, HMO_ALL, 0), arg->thread, i))
        CHECK(ht_check(back, bytes[slot], seeds[slot]) == bytes[slot], arg->thread, i);
      hmo_memory_release(copy);
    }
  }
  for (unsigned slot = 0; slot < POOL_HELD; slot++)
    hmo_memory_release(held[slot]);
  free(host);
  free(back);
  return NULL;
}

static void test_threads_share_one_pool(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 512 * HT_MIB));
  pool_arg args[POOL_THREADS];
  for (unsigned t = 0; t < POOL_THREADS; t++)
    args[t] = (pool_arg){pool, t};
  pthread_t threads[POOL_THREADS];
  start_threads(threads, POOL_THREADS, pool_worker, args, sizeof args[0]);
  join_threads(threads, POOL_THREADS);
  assert_int_equal(atomic_load(&failures), 0);
  assert_int_equal(hmo_pool_objects(pool), 0);
  assert_int_equal(hmo_pool_bytes_in_use(pool), 0);
  HT_OK(hmo_pool_trim(pool));
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
}

/* ---- views of pool objects released across threads ---- */

#define VIEW_OBJECTS 24   /* pool objects per round */
#define VIEW_HOLDERS 6    /* threads holding a view of each object */
#define VIEW_NEIGHBOURS 2 /* threads allocating and freeing other objects meanwhile */
#define VIEW_ROUNDS 25
#define VIEW_CHECKED 64 /* bytes each holder reads back through its view */
#define VIEW_REFS 300   /* references each holder takes and drops on each of its views */

typedef struct holder_arg {
  hmo_memory *views[VIEW_OBJECTS]; /* its view of each object: a slice, a cast or a retain */
  unsigned seeds[VIEW_OBJECTS];    /* the pattern each object was filled with */
  pthread_barrier_t *start;
  unsigned id;
} holder_arg;

typedef struct neighbour_arg {
  hmo_pool *pool;
  atomic_bool *stop;
  unsigned id;
  unsigned cycles;
} neighbour_arg;

/* Whether holder `id` frees object k through its view before releasing it: a quarter of the
   objects, each by one holder, racing the others' copies and releases. */
static bool frees_object(unsigned id, unsigned k) {
  return k % 4 == 0 && k / 4 % VIEW_HOLDERS == id;
}

/* Takes and drops references on its view of each object (a retained view is one struct with
   another holder's: their counts race), reads the object's first bytes through it and releases
   it; every holder goes through the objects in the same order, so views of one object go at
   once. An object freed by another holder may answer HMO_EFREED; a live one must hold its own
   bytes (an object given back too early would have been overwritten by a neighbour). */
static void *view_holder(void *p) {
  holder_arg *a = p;
  unsigned char back[VIEW_CHECKED];
  pthread_barrier_wait(a->start);
  for (unsigned k = 0; k < VIEW_OBJECTS; k++) {
    hmo_memory *view = a->views[k];
    for (unsigned n = 0; n < VIEW_REFS; n++)
      if (CHECK(hmo_memory_retain(view) == view, a->id, k))
        hmo_memory_release(view);
    if (frees_object(a->id, k))
      OK(hmo_memory_free(view), a->id, k);
    size_t count = VIEW_CHECKED / hmo_dtype_bytes(hmo_memory_dtype(view));
    int status = hmo_memory_copy_to(view, back, count, 0);
    if (status == HMO_OK)
      CHECK(ht_check(back, VIEW_CHECKED, a->seeds[k]) == VIEW_CHECKED, a->id, k);
    else if (k % 4 == 0) /* freed by its holder */
      EXPECT(HMO_EFREED, status, a->id, k);
    else
      count_failure("a copy through a view of an object nobody freed", a->id, k, status);
    hmo_memory_release(view);
  }
  return NULL;
}

/* Allocates objects next to the held ones, writes and checks its own bytes, takes a slice,
   and frees or releases them, until told to stop. */
static void *view_neighbour(void *p) {
  neighbour_arg *a = p;
  unsigned id = VIEW_HOLDERS + a->id;
  unsigned char host[8192], back[8192];
  while (!atomic_load(a->stop) || a->cycles < 50) {
    unsigned i = a->cycles++;
    size_t bytes = 256 + (size_t)(id * 997 + i * 131) % (sizeof host - 256);
    ht_fill(host, bytes, 50000 + id * 1000 + i);
    hmo_memory *mem = NULL, *slice = NULL;
    if (!OK(hmo_pool_alloc(&mem, a->pool, bytes, HMO_UINT8, host), id, i))
      continue;
    if (OK(hmo_memory_slice(&slice, mem, bytes / 2, HMO_ALL), id, i) &&
        OK(hmo_memory_copy_to(mem, back, HMO_ALL, 0), id, i))
      CHECK(ht_check(back, bytes, 50000 + id * 1000 + i) == bytes, id, i);
    if (i % 2 == 0)
      OK(hmo_memory_free(mem), id, i);
    hmo_memory_release(mem);
    hmo_memory_release(slice);
  }
  return NULL;
}

static void test_threads_pool_views_released_across_threads(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 64 * HT_MIB));
  unsigned char host[VIEW_OBJECTS * 64];
  for (unsigned round = 0; round < VIEW_ROUNDS; round++) {
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, VIEW_HOLDERS), 0);
    holder_arg holders[VIEW_HOLDERS];
    hmo_memory *objects[VIEW_OBJECTS];
    for (unsigned k = 0; k < VIEW_OBJECTS; k++) {
      size_t bytes = 64 * (k + 1); /* small: neighbours land between them */
      unsigned seed = round * 100 + k;
      ht_fill(host, bytes, seed);
      HT_OK(hmo_pool_alloc(&objects[k], pool, bytes / 4, HMO_UINT32, host));
      for (unsigned t = 0; t < VIEW_HOLDERS; t++) {
        holders[t].seeds[k] = seed;
        switch ((t / 2 + k) % 3) { /* holders 2j and 2j+1 hold the same kind */
        case 0:
          HT_OK(hmo_memory_slice(&holders[t].views[k], objects[k], 0, VIEW_CHECKED / 4));
          break;
        case 1: HT_OK(hmo_memory_cast(&holders[t].views[k], objects[k], HMO_UINT8)); break;
        default: holders[t].views[k] = hmo_memory_retain(objects[k]); break;
        }
      }
      hmo_memory_release(objects[k]); /* only the holders' views keep it now */
    }
    assert_int_equal(hmo_pool_objects(pool), VIEW_OBJECTS);
    for (unsigned t = 0; t < VIEW_HOLDERS; t++) {
      holders[t].start = &start;
      holders[t].id = t;
    }
    atomic_bool stop = false;
    neighbour_arg neighbours[VIEW_NEIGHBOURS];
    for (unsigned t = 0; t < VIEW_NEIGHBOURS; t++)
      neighbours[t] = (neighbour_arg){pool, &stop, t, 0};
    pthread_t holder_threads[VIEW_HOLDERS], neighbour_threads[VIEW_NEIGHBOURS];
    start_threads(neighbour_threads, VIEW_NEIGHBOURS, view_neighbour, neighbours,
                  sizeof neighbours[0]);
    start_threads(holder_threads, VIEW_HOLDERS, view_holder, holders, sizeof holders[0]);
    join_threads(holder_threads, VIEW_HOLDERS);
    atomic_store(&stop, true);
    join_threads(neighbour_threads, VIEW_NEIGHBOURS);
    pthread_barrier_destroy(&start);
    assert_int_equal(atomic_load(&failures), 0);
    /* Every object went back once its last view was released, and only then. */
    assert_int_equal(hmo_pool_objects(pool), 0);
    assert_int_equal(hmo_pool_bytes_in_use(pool), 0);
  }
  HT_OK(hmo_pool_trim(pool));
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_threads_share_one_allocation, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads_racing_frees, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads_racing_last_releases, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads_copies_racing_a_free, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads_share_one_pool, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads_pool_views_released_across_threads, setup,
                                      teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
