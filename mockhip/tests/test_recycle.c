/*
 * test_recycle.c: MOCKHIP_RECYCLE_BYTES, released arena memory kept warm for
 * the next hipMemCreate of its size. Which extent a handle got is read from
 * /proc/self/maps (the memory file and the offset a mapping shows), since no
 * HIP call tells. A handle is kept alive beside the others throughout, so that
 * the arena file never empties and restarts its offsets on its own.
 */
#include "mock_test.h"
#include "self_child.h"

#include "../src/os/recycle.h"

#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

/* Where a mapping's memory lies: its file (inode) and offset in it. */
typedef struct extent {
  unsigned long inode;
  unsigned long long offset;
} extent;

static extent extent_at(const void *addr) {
  extent found = {0, 0};
  FILE *maps = fopen("/proc/self/maps", "r");
  assert_non_null(maps);
  char line[512];
  while (fgets(line, sizeof line, maps) != NULL) {
    uintptr_t start, end;
    unsigned long long offset;
    unsigned long inode;
    if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " %*s %llx %*s %lu", &start, &end, &offset, &inode) ==
            4 &&
        start <= (uintptr_t)addr && (uintptr_t)addr < end) {
      found = (extent){inode, offset + ((uintptr_t)addr - start)};
      break;
    }
  }
  fclose(maps);
  return found;
}

static bool same_extent(extent a, extent b) { return a.inode == b.inode && a.offset == b.offset; }

static bool reads_zero(const mt_mapping *m) {
  for (size_t i = 0; i < m->bytes; i++)
    if (((const unsigned char *)m->base)[i] != 0)
      return false;
  return true;
}

/* Maps a new handle of `bytes` read-write, fills it with `fill` and returns its extent. */
static extent map_filled(mt_mapping *m, size_t bytes, int fill) {
  mt_mapping_create(m, bytes, bytes);
  mt_grant(m->base, m->bytes, hipMemAccessFlagsProtReadWrite);
  assert_true(reads_zero(m));
  extent at = extent_at(m->base);
  assert_int_not_equal(at.inode, 0);
  memset(m->base, fill, bytes);
  return at;
}

/* Creates, fills and releases a handle of `bytes`; returns where it lay. */
static extent released(size_t bytes) {
  mt_mapping m;
  extent at = map_filled(&m, bytes, 0xab);
  mt_mapping_destroy(&m);
  return at;
}

static void test_recycled_memory_reads_zero(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, again;
  map_filled(&hold, bytes, 1);
  extent first = released(bytes);
  assert_true(same_extent(map_filled(&again, bytes, 2), first)); /* zero, checked inside */
  mt_mapping_destroy(&again);
  mt_mapping_destroy(&hold);
}

static void test_sizes_are_honoured(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, bigger, same;
  map_filled(&hold, bytes, 1);
  extent small = released(bytes);
  extent big = map_filled(&bigger, 2 * bytes, 2);
  assert_false(big.inode == small.inode && big.offset <= small.offset &&
               small.offset < big.offset + 2 * bytes); /* not laid over the kept extent */
  assert_true(same_extent(map_filled(&same, bytes, 3), small));
  mt_mapping_destroy(&same);
  mt_mapping_destroy(&bigger);
  mt_mapping_destroy(&hold);
}

/* A hipMemCreate that fails (injected) takes nothing from the cache: the next one gets the
   kept extent. An injected hipMemRelease failure keeps the handle, so nothing is kept. */
static void test_injected_failures_leave_the_cache(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, again;
  map_filled(&hold, bytes, 1);
  extent first = released(bytes);
  size_t kept = mh__recycle_kept_bytes();
  MT_CHECK(mockhip_fail_set("hipMemCreate:1"));
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  assert_int_equal(hipMemCreate(&handle, bytes, &prop, 0), hipErrorOutOfMemory);
  MT_CHECK(mockhip_fail_set(""));
  assert_int_equal(mh__recycle_kept_bytes(), kept);
  assert_true(same_extent(map_filled(&again, bytes, 2), first));
  assert_int_equal(mh__recycle_kept_bytes(), kept - bytes);
  MT_CHECK(hipMemUnmap(again.base, bytes));
  MT_CHECK(mockhip_fail_set("hipMemRelease:1"));
  assert_int_not_equal(hipMemRelease(again.handle), hipSuccess);
  MT_CHECK(mockhip_fail_set(""));
  assert_int_equal(mh__recycle_kept_bytes(), kept - bytes);
  MT_CHECK(hipMemRelease(again.handle));
  assert_int_equal(mh__recycle_kept_bytes(), kept);
  MT_CHECK(hipMemAddressFree(again.base, again.reserved));
  mt_mapping_destroy(&hold);
}

/* Kept memory is released memory for every counter and for hipMemGetInfo. */
static void test_kept_memory_is_not_charged(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  mockhip_stats_t before = mt_stats();
  released(bytes);
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.physical_bytes, before.physical_bytes);
  assert_int_equal(after.live_handles, before.live_handles);
  size_t free_bytes, total_bytes;
  MT_CHECK(hipMemGetInfo(&free_bytes, &total_bytes));
  assert_int_equal(free_bytes, total_bytes);
}

/* Memory never touched is not kept: it costs nothing to punch, and would cost a clearing. (Up to
   64 KiB an extent is kept and cleared whole: finding its data would cost more.) */
static void test_untouched_memory_is_not_kept(void **state) {
  (void)state;
  size_t bytes = 32 * mt_granularity();
  mt_mapping hold, untouched;
  map_filled(&hold, bytes, 1);
  size_t kept = mh__recycle_kept_bytes();
  mt_mapping_create(&untouched, bytes, bytes);
  mt_grant(untouched.base, untouched.bytes, hipMemAccessFlagsProtReadWrite);
  mt_mapping_destroy(&untouched);
  assert_int_equal(mh__recycle_kept_bytes(), kept);
  mt_mapping_destroy(&hold);
}

/* Pages of [base, base+bytes) in memory, one flag each. */
static void resident(const void *base, size_t pages, unsigned char *out) {
  assert_int_equal(mincore((void *)base, pages * 4096, out), 0);
  for (size_t i = 0; i < pages; i++)
    out[i] &= 1;
}

/* Memory touched in part is kept, and only the pages that hold data are cleared: the others
   are not brought in, so the next user's untouched pages cost nothing either. */
static void test_only_touched_pages_are_cleared(void **state) {
  (void)state;
  /* A size no other case releases, past 64 KiB: the first extent is fresh from the arena. */
  size_t bytes = 37 * mt_granularity(), pages = bytes / 4096;
  mt_mapping hold, part, again;
  map_filled(&hold, bytes, 1);
  mt_mapping_create(&part, bytes, bytes);
  mt_grant(part.base, part.bytes, hipMemAccessFlagsProtReadWrite);
  extent at = extent_at(part.base);
  ((char *)part.base)[3 * 4096] = 7;
  ((char *)part.base)[9 * 4096 + 100] = 8;
  size_t kept = mh__recycle_kept_bytes();
  mt_mapping_destroy(&part);
  assert_int_equal(mh__recycle_kept_bytes(), kept + bytes);
  mt_mapping_create(&again, bytes, bytes);
  mt_grant(again.base, again.bytes, hipMemAccessFlagsProtReadWrite);
  assert_true(same_extent(extent_at(again.base), at));
  unsigned char in_memory[256];
  assert_true(pages <= sizeof in_memory);
  resident(again.base, pages, in_memory);
  for (size_t i = 0; i < pages; i++)
    if (in_memory[i] != (i == 3 || i == 9))
      fail_msg("page %zu is %sin memory", i, in_memory[i] ? "" : "not ");
  assert_true(reads_zero(&again));
  mt_mapping_destroy(&again);
  mt_mapping_destroy(&hold);
}

/* Exportable memory has a file of its own: released, it is never handed out again. */
static void test_exported_memory_is_not_recycled(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t exported, imported;
  MT_CHECK(hipMemCreate(&exported, bytes, &prop, 0));
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, exported, hipMemHandleTypePosixFileDescriptor, 0));
  MT_CHECK(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                           hipMemHandleTypePosixFileDescriptor));
  mt_mapping view = {.bytes = bytes, .reserved = bytes};
  MT_CHECK(hipMemAddressReserve(&view.base, bytes, 0, NULL, 0));
  MT_CHECK(hipMemMap(view.base, bytes, 0, imported, 0));
  view.handle = imported;
  view.mapped = true;
  mt_grant(view.base, view.bytes, hipMemAccessFlagsProtReadWrite);
  extent shared = extent_at(view.base);
  memset(view.base, 0xab, bytes);
  MT_CHECK(hipMemRelease(exported));
  mt_mapping_destroy(&view); /* releases the import */
  mt_mapping next;
  assert_int_not_equal(map_filled(&next, bytes, 1).inode, shared.inode);
  mt_mapping_destroy(&next);
  close(fd);
}

/* After a fork, memory either side releases from a file both hold is not kept, and what
   was kept before it is gone on both sides. */
static void test_fork(void **state) {
  (void)state;
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, shared, next;
  map_filled(&hold, bytes, 1);
  extent kept = released(bytes);
  extent old = map_filled(&shared, bytes, 2);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  mt_mapping_destroy(&shared); /* both sides: a file shared with the other */
  extent fresh = map_filled(&next, bytes, 3);
  bool ok = fresh.inode != kept.inode && fresh.inode != old.inode;
  if (pid == 0)
    _exit(ok ? 0 : 1);
  assert_true(ok);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  mt_mapping_destroy(&next);
  mt_mapping_destroy(&hold);
}

/* ---- in a fresh process, under a given MOCKHIP_RECYCLE_BYTES ---- */

/* Three extents released under a bound of two: the first released makes room for the third. */
static void bound_case(void) {
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, first[3], again[3];
  map_filled(&hold, bytes, 1);
  extent gone[3];
  for (int i = 0; i < 3; i++)
    gone[i] = map_filled(&first[i], bytes, 2);
  for (int i = 0; i < 3; i++)
    mt_mapping_destroy(&first[i]);
  bool seen[3] = {false, false, false};
  for (int i = 0; i < 3; i++) {
    extent at = map_filled(&again[i], bytes, 2);
    for (int j = 0; j < 3; j++)
      seen[j] = seen[j] || same_extent(at, gone[j]);
  }
  SC_CHECK(!seen[0] && seen[1] && seen[2]);
  for (int i = 0; i < 3; i++)
    mt_mapping_destroy(&again[i]);
  mt_mapping_destroy(&hold);
}

static void disabled_case(void) {
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, next;
  map_filled(&hold, bytes, 1);
  extent first = released(bytes);
  SC_CHECK(!same_extent(map_filled(&next, bytes, 2), first));
  mt_mapping_destroy(&next);
  mt_mapping_destroy(&hold);
}

/* An extent larger than the bound is never kept, and keeps nothing out. */
static void too_large_case(void) {
  size_t bytes = 16 * mt_granularity();
  mt_mapping hold, next;
  map_filled(&hold, bytes, 1);
  extent small = released(bytes);
  (void)released(4 * bytes);
  SC_CHECK(mh__recycle_kept_bytes() == bytes);
  SC_CHECK(same_extent(map_filled(&next, bytes, 2), small));
  mt_mapping_destroy(&next);
  mt_mapping_destroy(&hold);
}

/* Runs after mockhip's own exit hook (registered before mockhip starts, so later in the
   order): the kept extents are gone by then. */
static void kept_nothing_at_exit(void) {
  if (mh__recycle_kept_bytes() != 0) {
    fprintf(stderr, "%zu bytes still kept at exit\n", mh__recycle_kept_bytes());
    _exit(1);
  }
}

static void exit_case(void) {
  atexit(kept_nothing_at_exit);
  (void)released(16 * mt_granularity());
  SC_CHECK(mh__recycle_kept_bytes() == 16 * mt_granularity());
  exit(0);
}

/* How many pages of [addr, addr + bytes) are in this process's page tables now: the present
   bit of each one's /proc/self/pagemap entry (a sanitizer's shadow pages count nowhere). */
static size_t pages_present(const void *addr, size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE), present = 0;
  int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  SC_CHECK(fd >= 0);
  for (uintptr_t at = (uintptr_t)addr; at < (uintptr_t)addr + bytes; at += page) {
    uint64_t entry = 0;
    SC_CHECK(pread(fd, &entry, sizeof entry, (off_t)(at / page * sizeof entry)) ==
             (ssize_t)sizeof entry);
    present += entry >> 63;
  }
  close(fd);
  return present;
}

/* Writes a byte at the start of every page of [addr, addr + bytes). */
static void write_pages(void *addr, size_t bytes) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (size_t at = 0; at < bytes; at += page)
    ((volatile char *)addr)[at] = 1;
}

/* Maps a new handle of `bytes` and grants the host read-write. */
static void map_granted(mt_mapping *m, size_t bytes) {
  mt_mapping_create(m, bytes, bytes);
  mt_grant(m->base, m->bytes, hipMemAccessFlagsProtReadWrite);
}

/* Fresh memory granted to the host is never in its page tables before a touch; recycled
   memory is, under MOCKHIP_POPULATE=1, the pages it holds (those its users wrote) and no
   others, and is not under 0. */
static void populate_case(void) {
  bool on = strcmp(getenv("MOCKHIP_POPULATE"), "1") == 0;
  size_t granule = mt_granularity(), page = (size_t)sysconf(_SC_PAGESIZE);
  size_t bytes = (64 * page + granule - 1) / granule * granule, pages = bytes / page;
  mt_mapping hold, fresh, again;
  map_filled(&hold, bytes, 1);
  map_granted(&fresh, bytes);
  SC_CHECK(pages_present(fresh.base, bytes) == 0);
  write_pages(fresh.base, bytes);
  extent kept = extent_at(fresh.base);
  mt_mapping_destroy(&fresh);
  map_granted(&again, bytes);
  SC_CHECK(same_extent(extent_at(again.base), kept));
  size_t present = pages_present(again.base, bytes);
  if (present != (on ? pages : 0))
    fprintf(stderr, "MOCKHIP_POPULATE=%s: %zu of %zu recycled pages present\n",
            getenv("MOCKHIP_POPULATE"), present, pages);
  SC_CHECK(present == (on ? pages : 0));
  SC_CHECK(reads_zero(&again));
  mt_mapping_destroy(&again);
  /* Another size, written in its first half only (and read nowhere else: reading a hole of
     the file allocates it): its next user finds that half filled and the other not. */
  size_t twice = 2 * bytes;
  mt_mapping half_written, next;
  map_granted(&half_written, twice);
  write_pages(half_written.base, bytes);
  mt_mapping_destroy(&half_written);
  map_granted(&next, twice);
  SC_CHECK(pages_present(next.base, bytes) == (on ? pages : 0));
  SC_CHECK(pages_present((char *)next.base + bytes, bytes) == 0);
  SC_CHECK(reads_zero(&next));
  mt_mapping_destroy(&next);
  mt_mapping_destroy(&hold);
}

static const sc_case cases[] = {{"bound", bound_case},
                                {"disabled", disabled_case},
                                {"too_large", too_large_case},
                                {"exit", exit_case},
                                {"populate", populate_case}};

static void run_case(const char *name, const char *option) {
  const char *env[] = {option, NULL};
  char *err = NULL;
  int status = sc_run(name, env, &err);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    print_error("%s under %s said:\n%s", name, option, err);
  free(err);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_bound_is_honoured(void **state) {
  (void)state;
  char option[64];
  snprintf(option, sizeof option, "MOCKHIP_RECYCLE_BYTES=%zu", 2 * 16 * mt_granularity());
  run_case("bound", option);
}

static void test_larger_than_the_bound_is_not_kept(void **state) {
  (void)state;
  char option[64];
  snprintf(option, sizeof option, "MOCKHIP_RECYCLE_BYTES=%zu", 2 * 16 * mt_granularity());
  run_case("too_large", option);
}

/* Exit gives the kept extents back, as it does every other object. */
static void test_exit_empties_the_cache(void **state) {
  (void)state;
  run_case("exit", "MOCKHIP_RECYCLE_BYTES=64M");
}

/* MOCKHIP_POPULATE says whether recycled memory the CPU is granted has its page tables filled
   at once (os/populate.c; unset, the machine's measure says). */
static void test_populate(void **state) {
  (void)state;
  run_case("populate", "MOCKHIP_POPULATE=1");
  run_case("populate", "MOCKHIP_POPULATE=0");
}

static void test_zero_disables(void **state) {
  (void)state;
  run_case("disabled", "MOCKHIP_RECYCLE_BYTES=0");
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_recycled_memory_reads_zero),
      MT_CLEAN_TEST(test_sizes_are_honoured),
      MT_CLEAN_TEST(test_kept_memory_is_not_charged),
      MT_CLEAN_TEST(test_injected_failures_leave_the_cache),
      MT_CLEAN_TEST(test_untouched_memory_is_not_kept),
      MT_CLEAN_TEST(test_only_touched_pages_are_cleared),
      MT_CLEAN_TEST(test_exported_memory_is_not_recycled),
      MT_CLEAN_TEST(test_fork),
      cmocka_unit_test(test_bound_is_honoured),
      cmocka_unit_test(test_larger_than_the_bound_is_not_kept),
      cmocka_unit_test(test_exit_empties_the_cache),
      cmocka_unit_test(test_zero_disables),
      cmocka_unit_test(test_populate),
  };
  return cmocka_run_group_tests_name("recycle", tests, NULL, NULL);
}
