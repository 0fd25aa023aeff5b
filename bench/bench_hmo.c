/*
 * bench_hmo.c: what hmo costs against what a C programmer would use instead,
 * measured side by side in one run. Each row runs hmo and its baseline in
 * turn, ROUNDS times, so a change in the machine's load falls on both, and
 * prints the medians, their ratio and the target for it:
 *
 *   pool alloc+release, 4 KiB / 64 KiB / 2 MiB   vs  malloc+free          (<= 2x)
 *   hmo_memory_alloc+release, same sizes        vs  malloc+free          (no target: why pools)
 *     and 64 MiB, so that a cost growing with the size shows
 *   clone of a 2 MiB pool object                vs  malloc+memcpy+free   (<= 1.5x)
 *   clone of a 2 MiB hmo_memory_alloc object    vs  malloc+memcpy+free   (<= 2x)
 *   copy of a 64 and a 256 MiB object to host   vs  memcpy from malloc'd and from page-aligned
 *                                                   host memory (no target)
 *   100,000 live 64 KiB pool objects            vs  as many mallocs: time, and the kernel map
 *                                                   areas and file descriptors they hold
 *                                                   (< 100 areas; fds <= 10 plain objects')
 *   a new pool's first 10,000 64 KiB objects    vs  as many mallocs (no target)
 *   growth to 1 GiB in 2 MiB steps, each step   vs  mremap, and realloc  (<= 1.2x, 0 copied)
 *   written; again with HMO_GROWTH_DOUBLE       vs  mremap (no target)
 *   hipMemGetAccess at 20,000 mappings made     vs  at 100               (<= 1.5x)
 *   after heap churn, visited out of order
 *   pool alloc+release 4 KiB / 64 KiB / 2 MiB   vs  hipMallocFromPoolAsync+hipFreeAsync on
 *                                                   one stream, the mock's stream-ordered
 *                                                   pool (no target)
 *   pool alloc+release 4 KiB, 2 threads alive   vs  malloc+free likewise (no target: both
 *                                                   then take their locks)
 *
 * `--quick` runs each row small (a smoke run for CI: it checks that every row
 * runs, not how fast). Not a test: nothing here fails on timing.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>

#include <hmo.h>
#include <mockhip.h>

#include "bench_common.h"
#include "bench_hmo_common.h"

#define ROUNDS 7

/* The sizes of one run: full, or --quick. */
typedef struct run_sizes {
  int cycles;          /* alloc+free cycles per round */
  int clones;          /* clones per round */
  size_t live_objects; /* the many-objects row */
  size_t growth_to;    /* the growth row's final size */
  size_t mappings;     /* the lookup row's many mappings */
  int lookups;
  int rounds;
} run_sizes;

static run_sizes run = {20000, 200, 100000, GIB, 20000, 200000, ROUNDS};

static hmo_device *dev;
/* Makes the bytes at p matter, so a copy into memory freed right after is kept. */
static void keep(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }

/* Prints the row with its target: a ratio at or below `target` meets it. */
/* ---- alloc + free ---- */

static double pool_cycles_ns(hmo_pool *pool, size_t bytes) {
  return bench_pool_cycles_ns(pool, bytes, run.cycles);
}

static double alloc_cycles_ns(size_t bytes, int cycles) {
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    hmo_memory *mem;
    TRY(hmo_memory_alloc(&mem, dev, bytes, HMO_BYTE, NULL));
    hmo_memory_release(mem);
  }
  return (bench_now_ns() - t0) / cycles;
}

static double malloc_cycles_ns(size_t bytes, int cycles) {
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    void *p = malloc(bytes);
    keep(p);
    free(p);
  }
  return (bench_now_ns() - t0) / cycles;
}

#define size_name bench_size_name

static void bench_alloc_free(hmo_pool *pool, size_t bytes) {
  double pool_ns[ROUNDS], alloc_ns[ROUNDS], base_ns[ROUNDS], base_alloc_ns[ROUNDS];
  pool_cycles_ns(pool, bytes); /* warm: the pool maps its segment, malloc sets its threshold */
  malloc_cycles_ns(bytes, run.cycles);
  for (int r = 0; r < run.rounds; r++) {
    pool_ns[r] = pool_cycles_ns(pool, bytes);
    base_ns[r] = malloc_cycles_ns(bytes, run.cycles);
    alloc_ns[r] = alloc_cycles_ns(bytes, run.cycles / 20); /* a whole VMM cycle each: fewer */
    base_alloc_ns[r] = malloc_cycles_ns(bytes, run.cycles);
  }
  char what[64], baseline[64];
  snprintf(baseline, sizeof baseline, "malloc+free %s", size_name(bytes));
  snprintf(what, sizeof what, "pool alloc+release %s", size_name(bytes));
  bench_target_row(what, baseline, bench_median(pool_ns, run.rounds),
                   bench_median(base_ns, run.rounds), 2.0);
  snprintf(what, sizeof what, "hmo_memory_alloc+release %s", size_name(bytes));
  bench_row(what, baseline, bench_median(alloc_ns, run.rounds),
            bench_median(base_alloc_ns, run.rounds));
}

/* A plain allocation as large as a whole recycle cache: nothing of its cost may grow with the
   size of memory it never touches. */
static void bench_large_alloc_free(size_t bytes) {
  double alloc_ns[ROUNDS], base_ns[ROUNDS];
  int cycles = run.cycles / 200 > 0 ? run.cycles / 200 : 1;
  alloc_cycles_ns(bytes, 1);
  for (int r = 0; r < run.rounds; r++) {
    alloc_ns[r] = alloc_cycles_ns(bytes, cycles);
    base_ns[r] = malloc_cycles_ns(bytes, cycles);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "hmo_memory_alloc+release %s", size_name(bytes));
  snprintf(baseline, sizeof baseline, "malloc+free %s", size_name(bytes));
  bench_row(what, baseline, bench_median(alloc_ns, run.rounds), bench_median(base_ns, run.rounds));
}

/* ---- copy to the host ---- */

static double copy_to_host_ns(const hmo_memory *mem, char *host, size_t bytes) {
  double t0 = bench_now_ns();
  TRY(hmo_memory_copy_to(mem, host, bytes, 0));
  keep(host);
  return bench_now_ns() - t0;
}

static double memcpy_ns(char *to, const char *from, size_t bytes) {
  double t0 = bench_now_ns();
  memcpy(to, from, bytes);
  keep(to);
  return bench_now_ns() - t0;
}

/* An object written once, read back to the host again and again, against memcpy into the same
   destination from host memory of the same size: from malloc's (16 bytes past a page), and
   from page-aligned memory, as a mapping is. Here (an AMD EPYC, glibc 2.36) a large copy from a
   page-aligned source into malloc's destination runs several times slower than between two
   malloc'd buffers, whatever memory the source is: the second baseline shows what is mockhip's. */
static void bench_copy_to_host(size_t bytes) {
  char *host = malloc(bytes), *src = malloc(bytes);
  char *aligned = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (host == NULL || src == NULL || aligned == MAP_FAILED)
    exit(1);
  memset(src, 5, bytes);
  memset(aligned, 5, bytes);
  memset(host, 0, bytes);
  hmo_memory *mem;
  TRY(hmo_memory_alloc(&mem, dev, bytes, HMO_BYTE, src));
  double hmo_ns[ROUNDS], base_ns[ROUNDS], aligned_ns[ROUNDS];
  copy_to_host_ns(mem, host, bytes);
  memcpy_ns(host, src, bytes);
  memcpy_ns(host, aligned, bytes);
  for (int r = 0; r < run.rounds; r++) {
    hmo_ns[r] = copy_to_host_ns(mem, host, bytes);
    base_ns[r] = memcpy_ns(host, src, bytes);
    aligned_ns[r] = memcpy_ns(host, aligned, bytes);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "copy %s object to host", size_name(bytes));
  snprintf(baseline, sizeof baseline, "memcpy %s", size_name(bytes));
  double hmo = bench_median(hmo_ns, run.rounds);
  bench_row(what, baseline, hmo, bench_median(base_ns, run.rounds));
  snprintf(baseline, sizeof baseline, "memcpy %s, page-aligned source", size_name(bytes));
  bench_row("  the same", baseline, hmo, bench_median(aligned_ns, run.rounds));
  hmo_memory_release(mem);
  munmap(aligned, bytes);
  free(src);
  free(host);
}

/* With a second thread alive, hmo and malloc both take their locks: the same loops again. */
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;

static void *idle(void *arg) {
  (void)arg;
  pthread_mutex_lock(&idle_lock); /* waits until main is done measuring */
  pthread_mutex_unlock(&idle_lock);
  return NULL;
}

static void bench_alloc_free_threaded(size_t bytes) {
  hmo_pool *pool;
  TRY(hmo_pool_create(&pool, dev, 64 * MIB));
  pthread_t thread;
  pthread_mutex_lock(&idle_lock);
  if (pthread_create(&thread, NULL, idle, NULL) != 0)
    exit(1);
  double pool_ns[ROUNDS], base_ns[ROUNDS];
  pool_cycles_ns(pool, bytes);
  malloc_cycles_ns(bytes, run.cycles);
  for (int r = 0; r < run.rounds; r++) {
    pool_ns[r] = pool_cycles_ns(pool, bytes);
    base_ns[r] = malloc_cycles_ns(bytes, run.cycles);
  }
  pthread_mutex_unlock(&idle_lock);
  pthread_join(thread, NULL);
  char what[64], baseline[64];
  snprintf(what, sizeof what, "  the same, 2 threads alive");
  snprintf(baseline, sizeof baseline, "malloc+free %s, 2 threads", size_name(bytes));
  bench_row(what, baseline, bench_median(pool_ns, run.rounds), bench_median(base_ns, run.rounds));
  TRY(hmo_pool_destroy(pool));
}

/* ---- clone ---- */

static double clone_ns(const hmo_memory *src) { return bench_clone_ns(src, run.clones); }

static double malloc_memcpy_ns(const char *host, size_t bytes) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.clones; i++) {
    char *p = malloc(bytes);
    memcpy(p, host, bytes);
    keep(p);
    free(p);
  }
  return (bench_now_ns() - t0) / run.clones;
}

static void bench_clone(hmo_pool *pool) {
  const size_t bytes = 2 * MIB;
  char *host = malloc(bytes);
  memset(host, 7, bytes);
  hmo_memory *pooled, *plain;
  TRY(hmo_pool_alloc(&pooled, pool, bytes, HMO_BYTE, host));
  TRY(hmo_memory_alloc(&plain, dev, bytes, HMO_BYTE, host));
  double pool_ns[ROUNDS], plain_ns[ROUNDS], base_ns[ROUNDS], base_plain_ns[ROUNDS];
  clone_ns(pooled); /* warm-up: pages faulted in, recycled memory cached */
  clone_ns(plain);
  malloc_memcpy_ns(host, bytes);
  for (int r = 0; r < run.rounds; r++) {
    pool_ns[r] = clone_ns(pooled);
    base_ns[r] = malloc_memcpy_ns(host, bytes);
    plain_ns[r] = clone_ns(plain);
    base_plain_ns[r] = malloc_memcpy_ns(host, bytes);
  }
  bench_target_row("clone 2 MiB pool object", "malloc+memcpy+free 2 MiB",
                   bench_median(pool_ns, run.rounds), bench_median(base_ns, run.rounds), 1.5);
  bench_target_row("clone 2 MiB hmo_memory_alloc object", "malloc+memcpy+free 2 MiB",
                   bench_median(plain_ns, run.rounds), bench_median(base_plain_ns, run.rounds),
                   2.0);
  hmo_memory_release(pooled);
  hmo_memory_release(plain);
  free(host);
}

/* ---- many live objects ---- */

/* Lines of /proc/self/maps: the kernel map areas this process holds. */
static size_t map_areas(void) {
  FILE *maps = fopen("/proc/self/maps", "r");
  if (maps == NULL)
    exit(1);
  size_t lines = 0;
  for (int c; (c = getc(maps)) != EOF;)
    lines += c == '\n';
  fclose(maps);
  return lines;
}

static size_t open_fds(void) {
  DIR *dir = opendir("/proc/self/fd");
  if (dir == NULL)
    exit(1);
  size_t count = 0;
  while (readdir(dir) != NULL)
    count++;
  closedir(dir);
  return count;
}

typedef struct footprint {
  double ns; /* per object, alloc and release */
  size_t areas, fds;
} footprint;

/* Allocates count objects and releases them; what they held is counted from `before`. */
static footprint live_pool_objects(hmo_pool *pool, hmo_memory **mems, size_t count, size_t bytes,
                                   footprint before) {
  size_t areas = before.areas, fds = before.fds;
  double t0 = bench_now_ns();
  for (size_t i = 0; i < count; i++)
    TRY(hmo_pool_alloc(&mems[i], pool, bytes, HMO_BYTE, NULL));
  footprint used = {0, map_areas() - areas, open_fds() - fds};
  double t1 = bench_now_ns();
  for (size_t i = 0; i < count; i++)
    hmo_memory_release(mems[i]);
  used.ns = (bench_now_ns() - t1 + (t1 - t0)) / count;
  return used;
}

static double live_mallocs_ns(void **ptrs, size_t count, size_t bytes) {
  double t0 = bench_now_ns();
  for (size_t i = 0; i < count; i++)
    ptrs[i] = malloc(bytes);
  keep(ptrs[count / 2]);
  for (size_t i = 0; i < count; i++)
    free(ptrs[i]);
  return (bench_now_ns() - t0) / count;
}

/* What 10 ordinary objects of `bytes` hold: the fds the pool must not exceed. */
static footprint ten_plain_objects(size_t bytes) {
  hmo_memory *mems[10];
  size_t areas = map_areas(), fds = open_fds();
  for (int i = 0; i < 10; i++)
    TRY(hmo_memory_alloc(&mems[i], dev, bytes, HMO_BYTE, NULL));
  footprint used = {0, map_areas() - areas, open_fds() - fds};
  for (int i = 0; i < 10; i++)
    hmo_memory_release(mems[i]);
  return used;
}

static void bench_many_objects(void) {
  const size_t bytes = 64 * KIB, count = run.live_objects;
  footprint before = {0, map_areas(), open_fds()};
  hmo_pool *pool;
  TRY(hmo_pool_create(&pool, dev, count * bytes + 64 * MIB));
  hmo_memory **mems = malloc(count * sizeof *mems);
  void **ptrs = malloc(count * sizeof *ptrs);
  if (mems == NULL || ptrs == NULL)
    exit(1);
  double pool_ns[3], base_ns[3];
  footprint used = {0};
  for (int r = 0; r < 3; r++) {
    used = live_pool_objects(pool, mems, count, bytes, before);
    pool_ns[r] = used.ns;
    base_ns[r] = live_mallocs_ns(ptrs, count, bytes);
  }
  footprint plain = ten_plain_objects(bytes);
  char what[64], baseline[64];
  snprintf(what, sizeof what, "%zu live 64 KiB pool objects", count);
  snprintf(baseline, sizeof baseline, "%zu mallocs of 64 KiB", count);
  bench_row(what, baseline, bench_median(pool_ns, 3), bench_median(base_ns, 3));
  printf("  per object, allocated and released; the pool mapped %zu MiB of %zu MiB\n",
         hmo_pool_bytes_mapped(pool) / MIB, hmo_pool_capacity(pool) / MIB);
  printf("  map areas held: %zu   target < 100: %s\n", used.areas,
         used.areas < 100 ? "met" : "MISSED");
  printf("  file descriptors held: %zu (10 hmo_memory_alloc objects hold %zu, and %zu map "
         "areas)   target <= %zu: %s\n",
         used.fds, plain.fds, plain.areas, plain.fds, used.fds <= plain.fds ? "met" : "MISSED");
  TRY(hmo_pool_destroy(pool));
  free(mems);
  free(ptrs);
}

/* The first objects of pools made one after another: a new pool maps its segments then, so
   what a segment costs to make shows here. */
static void bench_new_pool(void) {
  const size_t bytes = 64 * KIB, count = run.live_objects / 10;
  hmo_memory **mems = malloc(count * sizeof *mems);
  void **ptrs = malloc(count * sizeof *ptrs);
  if (mems == NULL || ptrs == NULL)
    exit(1);
  double pool_ns[3], base_ns[3];
  for (int r = 0; r < 3; r++) {
    double t0 = bench_now_ns();
    hmo_pool *pool;
    TRY(hmo_pool_create(&pool, dev, count * bytes + 64 * MIB));
    for (size_t i = 0; i < count; i++)
      TRY(hmo_pool_alloc(&mems[i], pool, bytes, HMO_BYTE, NULL));
    for (size_t i = 0; i < count; i++)
      hmo_memory_release(mems[i]);
    TRY(hmo_pool_destroy(pool));
    pool_ns[r] = (bench_now_ns() - t0) / count;
    base_ns[r] = live_mallocs_ns(ptrs, count, bytes);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "new pool, %zu 64 KiB objects", count);
  snprintf(baseline, sizeof baseline, "%zu mallocs of 64 KiB", count);
  bench_row(what, baseline, bench_median(pool_ns, 3), bench_median(base_ns, 3));
  printf("  per object: the pool made, every object allocated and released, the pool destroyed\n");
  free(mems);
  free(ptrs);
}

/* ---- growth ---- */

static unsigned long long memcpy_calls(void) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  CHECK(mockhip_stats(&stats));
  return stats.calls[MOCKHIP_CALL_hipMemcpy];
}

/* Grows by `step` to run.growth_to, writing each new step from host; ns per step. */
static double hmo_growth_ns(const char *host, size_t step, hmo_growth growth,
                            unsigned long long *extra_copies, size_t *moves) {
  hmo_memory *mem;
  unsigned long long copies = memcpy_calls();
  double ns = bench_grow_ns(dev, host, step, run.growth_to, growth, &mem);
  /* Every hipMemcpy was one of the writes: resize copied nothing. */
  *extra_copies = memcpy_calls() - copies - run.growth_to / step;
  *moves = hmo_memory_moves(mem);
  hmo_memory_release(mem);
  return ns;
}

static double mremap_growth_ns(const char *host, size_t step) {
  double t0 = bench_now_ns();
  char *p = mmap(NULL, step, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    exit(1);
  memcpy(p, host, step);
  for (size_t size = 2 * step; size <= run.growth_to; size += step) {
    p = mremap(p, size - step, size, MREMAP_MAYMOVE);
    if (p == MAP_FAILED)
      exit(1);
    memcpy(p + size - step, host, step);
  }
  double ns = (bench_now_ns() - t0) / (run.growth_to / step);
  munmap(p, run.growth_to);
  return ns;
}

static double realloc_growth_ns(const char *host, size_t step) {
  double t0 = bench_now_ns();
  char *p = malloc(step);
  memcpy(p, host, step);
  for (size_t size = 2 * step; size <= run.growth_to; size += step) {
    p = realloc(p, size);
    if (p == NULL)
      exit(1);
    memcpy(p + size - step, host, step);
  }
  double ns = (bench_now_ns() - t0) / (run.growth_to / step);
  free(p);
  return ns;
}

static void bench_growth(void) {
  const size_t step = 2 * MIB;
  char *host = malloc(step);
  memset(host, 3, step);
  double hmo_ns[3], doubling_ns[3], mremap_ns[3], realloc_ns[3];
  unsigned long long extra_copies = 0, copies;
  size_t moves = 0, moved;
  for (int r = 0; r < 3; r++) {
    hmo_ns[r] = hmo_growth_ns(host, step, HMO_GROWTH_EXACT, &copies, &moved);
    extra_copies += copies;
    moves += moved;
    doubling_ns[r] = hmo_growth_ns(host, step, HMO_GROWTH_DOUBLE, &copies, &moved);
    extra_copies += copies;
    moves += moved;
    mremap_ns[r] = mremap_growth_ns(host, step);
    realloc_ns[r] = realloc_growth_ns(host, step);
  }
  char what[64];
  snprintf(what, sizeof what, "grow to %zu MiB by 2 MiB, per step", run.growth_to / MIB);
  bench_target_row(what, "mremap, per step", bench_median(hmo_ns, 3), bench_median(mremap_ns, 3),
                   1.2);
  bench_row(what, "realloc, per step", bench_median(hmo_ns, 3), bench_median(realloc_ns, 3));
  snprintf(what, sizeof what, "the same, HMO_GROWTH_DOUBLE");
  bench_row(what, "mremap, per step", bench_median(doubling_ns, 3), bench_median(mremap_ns, 3));
  printf("  bytes copied by hmo_memory_resize: %s (hipMemcpy calls beyond the writes: %llu, "
         "moves: %zu)\n",
         extra_copies == 0 && moves == 0 ? "0" : "SOME", extra_copies, moves);
  free(host);
}

/* ---- against the HIP pool ---- */

/* Allocation and free from a hipMemPool_t on one stream: a block freed on the stream it is
   allocated on again is reused at once, so each cycle is the pool's own bookkeeping. */
static double hip_pool_cycles_ns(hipMemPool_t pool, hipStream_t stream, size_t bytes) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.cycles; i++) {
    void *p;
    CHECK(hipMallocFromPoolAsync(&p, bytes, pool, stream));
    CHECK(hipFreeAsync(p, stream));
  }
  return (bench_now_ns() - t0) / run.cycles;
}

static void bench_hip_pool(hmo_pool *pool, size_t bytes) {
  hipMemPoolProps props = {0};
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t hip_pool;
  hipStream_t stream;
  CHECK(hipMemPoolCreate(&hip_pool, &props));
  CHECK(hipStreamCreate(&stream));
  double pool_ns[ROUNDS], base_ns[ROUNDS];
  pool_cycles_ns(pool, bytes); /* warm: both pools map their first memory */
  hip_pool_cycles_ns(hip_pool, stream, bytes);
  for (int r = 0; r < run.rounds; r++) {
    pool_ns[r] = pool_cycles_ns(pool, bytes);
    base_ns[r] = hip_pool_cycles_ns(hip_pool, stream, bytes);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "pool alloc+release %s", size_name(bytes));
  snprintf(baseline, sizeof baseline, "HIP pool alloc+free %s", size_name(bytes));
  bench_row(what, baseline, bench_median(pool_ns, run.rounds), bench_median(base_ns, run.rounds));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipStreamDestroy(stream));
  CHECK(hipMemPoolDestroy(hip_pool));
}

/* ---- lookup ---- */

static void bench_lookups(size_t granule) {
  double few_ns, many_ns;
  bench_lookup(granule, 100, run.mappings, run.lookups, &few_ns, &many_ns);
  char what[64];
  snprintf(what, sizeof what, "hipMemGetAccess, %zu mappings", run.mappings);
  bench_target_row(what, "hipMemGetAccess, 100 mappings", many_ns, few_ns, 1.5);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--quick") == 0)
    run = (run_sizes){200, 4, 1000, 64 * MIB, 1000, 2000, 3};
  else if (argc != 1) {
    fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
    return 2;
  }
  TRY(hmo_device_open(&dev, 0));
  size_t granule = 0;
  hipMemAllocationProp prop = bench_device_prop();
  CHECK(hipMemGetAllocationGranularity(&granule, &prop, hipMemAllocationGranularityMinimum));
  printf("hmo bench (granularity %zu; medians of %d rounds, hmo and its baseline in turn)\n",
         granule, run.rounds);
  hmo_pool *pool;
  TRY(hmo_pool_create(&pool, dev, 256 * MIB));
  bench_alloc_free(pool, 4 * KIB);
  bench_alloc_free(pool, 64 * KIB);
  bench_alloc_free(pool, 2 * MIB);
  bench_large_alloc_free(64 * MIB);
  bench_clone(pool);
  printf("HIP pool: hipMallocFromPoolAsync+hipFreeAsync on one stream, the mock's pool:\n");
  bench_hip_pool(pool, 4 * KIB);
  bench_hip_pool(pool, 64 * KIB);
  bench_hip_pool(pool, 2 * MIB);
  TRY(hmo_pool_destroy(pool));
  bench_copy_to_host(64 * MIB);
  bench_copy_to_host(run.growth_to / 4);
  bench_many_objects();
  bench_new_pool();
  bench_growth();
  bench_lookups(granule);
  /* Last: a process that has had a second thread never counts as single-threaded again. */
  printf("pool alloc+release 4 KiB, as above but with a second thread alive (locks taken):\n");
  bench_alloc_free_threaded(4 * KIB);
  TRY(hmo_device_close(dev));
  return 0;
}
