/*
 * test_threads.c: the mock under concurrent use. Workers run whole VMM
 * lifecycles while sharers copy through one common mapping; eight threads at
 * once create, map (into their own and a shared reservation), copy, retain,
 * export, import, unmap and release, and every handle they get is new; racing
 * releases and unmaps of one object succeed exactly as often as they may.
 * Threads only count; the checks run on the main thread (CMocka is not
 * thread-safe).
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WORKERS 8
#define SHARERS 4
#define ITERATIONS 200
#define RACERS 16

static atomic_int failures;
static size_t granule; /* read on the main thread: threads never assert */

/* Counts a failed call and prints what failed. */
static bool ok(hipError_t err, const char *what) {
  if (err == hipSuccess)
    return true;
  atomic_fetch_add(&failures, 1);
  fprintf(stderr, "%s: %s (%s)\n", what, hipGetErrorName(err), mockhip_last_reason());
  return false;
}

static void *worker(void *arg) {
  unsigned id = (unsigned)(uintptr_t)arg;
  size_t bytes = 2 * granule;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  for (unsigned i = 0; i < ITERATIONS; i++) {
    void *base = NULL;
    hipMemGenericAllocationHandle_t handle = NULL;
    unsigned long long flags = 0;
    unsigned in = id * 100000 + i, back = 0;
    ok(hipMemAddressReserve(&base, bytes, 0, NULL, 0), "reserve");
    ok(hipMemCreate(&handle, bytes, &prop, 0), "create");
    ok(hipMemMap(base, bytes, 0, handle, 0), "map");
    ok(hipMemSetAccess(base, bytes, &desc, 1), "set access");
    ok(hipMemGetAccess(&flags, &device0, (char *)base + bytes - 1), "get access");
    ok(hipMemcpyHtoD((char *)base + bytes - sizeof in, &in, sizeof in), "copy in");
    ok(hipMemcpyDtoH(&back, (char *)base + bytes - sizeof in, sizeof back), "copy out");
    if (flags != hipMemAccessFlagsProtReadWrite || back != in)
      atomic_fetch_add(&failures, 1);
    ok(hipMemUnmap(base, bytes), "unmap");
    ok(hipMemRelease(handle), "release");
    ok(hipMemAddressFree(base, bytes), "free");
  }
  return NULL;
}

typedef struct sharer_arg {
  char *shared; /* one slot of one granule per sharer */
  unsigned id;
} sharer_arg;

static void *sharer(void *arg) {
  const sharer_arg *a = arg;
  char *slot = a->shared + a->id * granule;
  char *in = malloc(granule), *back = malloc(granule);
  if (in == NULL || back == NULL)
    atomic_fetch_add(&failures, 1);
  for (unsigned i = 0; in != NULL && back != NULL && i < ITERATIONS; i++) {
    memset(in, (int)(a->id * 31 + i), granule);
    ok(hipMemcpy(slot, in, granule, hipMemcpyHostToDevice), "shared copy in");
    ok(hipMemcpy(back, slot, granule, hipMemcpyDeviceToHost), "shared copy out");
    if (memcmp(in, back, granule) != 0)
      atomic_fetch_add(&failures, 1); /* another thread's bytes in our slot */
    hipMemGenericAllocationHandle_t handle = NULL;
    ok(hipMemRetainAllocationHandle(&handle, slot), "retain");
    ok(hipMemRelease(handle), "release retained");
  }
  free(in);
  free(back);
  return NULL;
}

static void test_workers_and_sharers(void **state) {
  (void)state;
  granule = mt_granularity();
  mt_mapping shared;
  mt_mapping_create(&shared, SHARERS * granule, SHARERS * granule);
  mt_set_access(&shared, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  mockhip_stats_t before = mt_stats();
  atomic_store(&failures, 0);

  pthread_t threads[WORKERS + SHARERS];
  sharer_arg args[SHARERS];
  for (unsigned t = 0; t < WORKERS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, worker, (void *)(uintptr_t)t), 0);
  for (unsigned s = 0; s < SHARERS; s++) {
    args[s] = (sharer_arg){shared.base, s};
    assert_int_equal(pthread_create(&threads[WORKERS + s], NULL, sharer, &args[s]), 0);
  }
  for (unsigned t = 0; t < WORKERS + SHARERS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);

  assert_int_equal(atomic_load(&failures), 0);
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.calls[MOCKHIP_CALL_hipMemMap] - before.calls[MOCKHIP_CALL_hipMemMap],
                   WORKERS * ITERATIONS);
  assert_int_equal(after.calls[MOCKHIP_CALL_hipMemcpy] - before.calls[MOCKHIP_CALL_hipMemcpy],
                   2 * SHARERS * ITERATIONS);
  assert_int_equal(after.calls[MOCKHIP_CALL_hipMemRetainAllocationHandle] -
                       before.calls[MOCKHIP_CALL_hipMemRetainAllocationHandle],
                   SHARERS * ITERATIONS);
  /* Only the shared mapping is left, holding its own handle reference. */
  assert_int_equal(mockhip_live_objects(), 3);
  assert_int_equal(after.live_handles, 1);
  mt_mapping_destroy(&shared);
}

/* ---- the create/release path from many threads at once ---- */

#define LIFECYCLE_THREADS 8
#define LIFECYCLE_ITERATIONS 100
/* Handles a thread makes per iteration: one created, one imported. */
#define HANDLES_PER_THREAD (2 * LIFECYCLE_ITERATIONS)

/*
 * What every lifecycle thread shares, made before they start and given back
 * after they end: exportable handles they all export, import and retain, and
 * one reservation with a slot per thread that they all map into. Thread t
 * writes only granule t of a shared handle, so data checks stay its own.
 */
typedef struct lifecycle_shared {
  hipMemGenericAllocationHandle_t exportable[LIFECYCLE_THREADS];
  char *slots; /* LIFECYCLE_THREADS granules */
} lifecycle_shared;

typedef struct lifecycle_thread {
  pthread_t thread;
  unsigned id;
  const lifecycle_shared *shared;
  hipMemGenericAllocationHandle_t made[HANDLES_PER_THREAD]; /* every handle it got */
  size_t made_count;
} lifecycle_thread;

/* Writes a word only this thread and iteration use at dev, reads it back. */
static void write_and_read(char *dev, unsigned word) {
  unsigned back = 0;
  ok(hipMemcpyHtoD(dev, &word, sizeof word), "copy in");
  ok(hipMemcpy(&back, dev, sizeof back, hipMemcpyDeviceToHost), "copy out");
  if (back != word)
    atomic_fetch_add(&failures, 1);
}

/* Create, map (own reservation or the shared slot), access, copy, retain, unmap, release. */
static void own_handle_cycle(lifecycle_thread *t, unsigned i) {
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle = NULL, retained = NULL;
  bool own = i % 2 == 0;
  char *base = t->shared->slots + t->id * granule;
  if (own)
    ok(hipMemAddressReserve((void **)&base, granule, 0, NULL, 0), "reserve");
  if (!ok(hipMemCreate(&handle, granule, &prop, 0), "create"))
    return;
  t->made[t->made_count++] = handle;
  ok(hipMemMap(base, granule, 0, handle, 0), "map");
  ok(hipMemSetAccess(base, granule, &rw, 1), "set access");
  write_and_read(base + granule - sizeof(unsigned), t->id << 16 | i);
  ok(hipMemRetainAllocationHandle(&retained, base), "retain");
  if (retained != handle)
    atomic_fetch_add(&failures, 1);
  ok(hipMemRelease(handle), "release while mapped");
  ok(hipMemUnmap(base, granule), "unmap");
  ok(hipMemRelease(retained), "release retained");
  if (own)
    ok(hipMemAddressFree(base, granule), "free");
}

/* Export a shared handle, import it, map and use the import, give everything back. */
static void import_cycle(lifecycle_thread *t, unsigned i) {
  const hipMemAllocationHandleType posix_fd = hipMemHandleTypePosixFileDescriptor;
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t shared = t->shared->exportable[(t->id + i) % LIFECYCLE_THREADS];
  hipMemGenericAllocationHandle_t imported = NULL;
  size_t bytes = LIFECYCLE_THREADS * granule;
  int fd = -1;
  char *base = NULL;
  if (!ok(hipMemExportToShareableHandle(&fd, shared, posix_fd, 0), "export"))
    return;
  bool got =
      ok(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd, posix_fd), "import");
  close(fd); /* the import keeps its own copy */
  if (!got)
    return;
  t->made[t->made_count++] = imported;
  ok(hipMemAddressReserve((void **)&base, bytes, 0, NULL, 0), "reserve for the import");
  ok(hipMemMap(base, bytes, 0, imported, 0), "map the import");
  ok(hipMemSetAccess(base, bytes, &rw, 1), "set access on the import");
  write_and_read(base + t->id * granule, t->id << 16 | i | 0x8000);
  ok(hipMemUnmap(base, bytes), "unmap the import");
  ok(hipMemRelease(imported), "release the import");
  ok(hipMemAddressFree(base, bytes), "free the import's reservation");
}

static void *lifecycle_loop(void *arg) {
  lifecycle_thread *t = arg;
  for (unsigned i = 0; i < LIFECYCLE_ITERATIONS; i++) {
    own_handle_cycle(t, i);
    import_cycle(t, i);
  }
  return NULL;
}

static int compare_handles(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (const hipMemGenericAllocationHandle_t *)a;
  uintptr_t y = (uintptr_t) * (const hipMemGenericAllocationHandle_t *)b;
  return (x > y) - (x < y);
}

static void test_create_release_path_from_many_threads(void **state) {
  (void)state;
  granule = mt_granularity();
  atomic_store(&failures, 0);
  lifecycle_shared shared;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  for (int k = 0; k < LIFECYCLE_THREADS; k++)
    MT_CHECK(hipMemCreate(&shared.exportable[k], LIFECYCLE_THREADS * granule, &prop, 0));
  MT_CHECK(hipMemAddressReserve((void **)&shared.slots, LIFECYCLE_THREADS * granule, 0, NULL, 0));

  static lifecycle_thread threads[LIFECYCLE_THREADS];
  for (unsigned t = 0; t < LIFECYCLE_THREADS; t++) {
    threads[t] = (lifecycle_thread){.id = t, .shared = &shared};
    assert_int_equal(pthread_create(&threads[t].thread, NULL, lifecycle_loop, &threads[t]), 0);
  }
  for (unsigned t = 0; t < LIFECYCLE_THREADS; t++)
    assert_int_equal(pthread_join(threads[t].thread, NULL), 0);
  assert_int_equal(atomic_load(&failures), 0);

  /* Every handle any thread got, and the shared ones, is a value no other handle had. */
  enum { ALL = LIFECYCLE_THREADS * HANDLES_PER_THREAD + LIFECYCLE_THREADS };
  static hipMemGenericAllocationHandle_t all[ALL];
  size_t count = 0;
  for (unsigned t = 0; t < LIFECYCLE_THREADS; t++) {
    assert_int_equal(threads[t].made_count, HANDLES_PER_THREAD);
    memcpy(all + count, threads[t].made, threads[t].made_count * sizeof all[0]);
    count += threads[t].made_count;
  }
  memcpy(all + count, shared.exportable, sizeof shared.exportable);
  count += LIFECYCLE_THREADS;
  qsort(all, count, sizeof all[0], compare_handles);
  for (size_t i = 1; i < count; i++)
    if (all[i] == all[i - 1])
      fail_msg("handle %p was returned twice", (void *)all[i]);

  for (int k = 0; k < LIFECYCLE_THREADS; k++)
    MT_CHECK(hipMemRelease(shared.exportable[k]));
  MT_CHECK(hipMemAddressFree(shared.slots, LIFECYCLE_THREADS * granule));
  mockhip_stats_t after = mt_stats();
  assert_int_equal(mockhip_live_objects(), 0);
  assert_int_equal(after.reserved_bytes, 0);
  assert_int_equal(after.mapped_bytes, 0);
  assert_int_equal(after.physical_bytes, 0);
  assert_int_equal(after.malloc_bytes, 0);
}

/* ---- negative: concurrent failures and lost races ---- */

typedef struct race {
  hipError_t (*call)(void *arg);
  void *arg;
  pthread_barrier_t *start;
  atomic_int wins, invalid, other;
} race;

static void *racer(void *arg) {
  race *r = arg;
  pthread_barrier_wait(r->start);
  hipError_t err = r->call(r->arg);
  atomic_fetch_add(err == hipSuccess             ? &r->wins
                   : err == hipErrorInvalidValue ? &r->invalid
                                                 : &r->other,
                   1);
  return NULL;
}

/* Starts RACERS threads on call(arg) at once; returns how many won. */
static int run_race(race *r) {
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, RACERS);
  r->start = &start;
  atomic_store(&r->wins, 0), atomic_store(&r->invalid, 0), atomic_store(&r->other, 0);
  pthread_t threads[RACERS];
  for (int t = 0; t < RACERS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, racer, r), 0);
  for (int t = 0; t < RACERS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
  pthread_barrier_destroy(&start);
  assert_int_equal(atomic_load(&r->other), 0);
  assert_int_equal(atomic_load(&r->wins) + atomic_load(&r->invalid), RACERS);
  return atomic_load(&r->wins);
}

static hipError_t release_call(void *handle) { return hipMemRelease(handle); }

static hipError_t unmap_call(void *m) {
  return hipMemUnmap(((mt_mapping *)m)->base, ((mt_mapping *)m)->bytes);
}

static void test_racing_releases(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  /* Half as many handle references as racers: the other half must fail. */
  for (int i = 1; i < RACERS / 2; i++) {
    hipMemGenericAllocationHandle_t again = NULL;
    MT_CHECK(hipMemRetainAllocationHandle(&again, m.base));
    assert_ptr_equal(again, m.handle);
  }
  race r = {.call = release_call, .arg = m.handle};
  assert_int_equal(run_race(&r), RACERS / 2);
  assert_int_equal(mt_stats().live_handles, 1); /* the mapping holds it */
  MT_CHECK(hipMemUnmap(m.base, m.bytes));
  MT_CHECK(hipMemAddressFree(m.base, m.reserved));
}

static void test_racing_unmaps(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  race r = {.call = unmap_call, .arg = &m};
  assert_int_equal(run_race(&r), 1);
  m.mapped = false;
  mt_mapping_destroy(&m);
}

static void *fail_own_way(void *arg) {
  int device = 1000 + (int)(uintptr_t)arg;
  char mine[32];
  snprintf(mine, sizeof mine, "%d", device);
  for (int i = 0; i < ITERATIONS; i++) {
    if (hipSetDevice(device) != hipErrorInvalidDevice ||
        strstr(mockhip_last_reason(), mine) == NULL ||
        hipPeekAtLastError() != hipErrorInvalidDevice)
      atomic_fetch_add(&failures, 1);
  }
  if (hipGetLastError() != hipErrorInvalidDevice)
    atomic_fetch_add(&failures, 1);
  return NULL;
}

static void test_reasons_stay_per_thread(void **state) {
  (void)state;
  atomic_store(&failures, 0);
  pthread_t threads[WORKERS];
  for (unsigned t = 0; t < WORKERS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, fail_own_way, (void *)(uintptr_t)t), 0);
  for (unsigned t = 0; t < WORKERS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
  assert_int_equal(atomic_load(&failures), 0);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_workers_and_sharers),
      MT_CLEAN_TEST(test_create_release_path_from_many_threads),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_racing_releases),
      MT_CLEAN_TEST(test_racing_unmaps),
      MT_CLEAN_TEST(test_reasons_stay_per_thread),
  };
  return cmocka_run_group_tests_name("threads", positive, NULL, NULL) +
         cmocka_run_group_tests_name("threads_negative", negative, NULL, NULL);
}
