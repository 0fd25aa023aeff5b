/*
 * test_limits.c: calls at the kernel's limits fail cleanly. Out of file
 * descriptors (MOCKHIP_FD_PER_HANDLE=1 under a soft limit of 1024, as ROCm),
 * out of map areas (vm.max_map_count) or past the file size limit, a call returns
 * hipErrorOutOfMemory (export and import: hipErrorInvalidValue) with a reason
 * naming the limit, and leaves the mock's state, the memory's contents and
 * the reservation's placeholder as they were.
 *
 * Each group runs in a fresh child: this program again, with the group's name
 * as its argument. Options are read once per process, and a process whose map
 * areas are used up should not be the test runner.
 */
#include "mock_test.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "under_valgrind.h"

#define FD_LIMIT 1024

static char self[4096]; /* this program, to run a group in a fresh process */

static void assert_reason_has(const char *reason, const char *needle) {
  if (strstr(reason, needle) == NULL)
    print_error("reason \"%s\" does not name \"%s\"\n", reason, needle);
  assert_non_null(strstr(reason, needle));
}

/* The counters a failed call must leave alone, and the dump of everything. */
typedef struct snapshot {
  mockhip_stats_t stats;
  char *dump;
} snapshot;

static snapshot snap(void) {
  snapshot s = {mt_stats(), NULL};
  FILE *out = tmpfile();
  assert_non_null(out);
  mockhip_dump(out);
  s.dump = mt_read_stream(out);
  fclose(out);
  return s;
}

static void assert_same(snapshot before, snapshot after) {
  assert_int_equal(before.stats.reserved_bytes, after.stats.reserved_bytes);
  assert_int_equal(before.stats.mapped_bytes, after.stats.mapped_bytes);
  assert_int_equal(before.stats.physical_bytes, after.stats.physical_bytes);
  assert_int_equal(before.stats.live_reservations, after.stats.live_reservations);
  assert_int_equal(before.stats.live_mappings, after.stats.live_mappings);
  assert_int_equal(before.stats.live_handles, after.stats.live_handles);
  assert_string_equal(before.dump, after.dump);
  free(before.dump);
  free(after.dump);
}

/* ==== group "fd_per_handle": runs with MOCKHIP_FD_PER_HANDLE=1 ==== */

static hipMemAllocationProp shareable(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  return prop;
}

static void test_each_handle_holds_a_descriptor(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handles[3];
  size_t fds = mt_open_fds();
  for (size_t i = 0; i < 3; i++)
    MT_CHECK(hipMemCreate(&handles[i], mt_granularity(), &prop, 0));
  assert_int_equal(mt_open_fds(), fds + 3);
  for (size_t i = 0; i < 3; i++)
    MT_CHECK(hipMemRelease(handles[i]));
  assert_int_equal(mt_open_fds(), fds);
}

/* Sets the soft open-file limit to FD_LIMIT; returns the limits to restore. */
static struct rlimit lower_fd_limit(void) {
  struct rlimit saved, low;
  assert_int_equal(getrlimit(RLIMIT_NOFILE, &saved), 0);
  low = saved;
  low.rlim_cur = FD_LIMIT;
  assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
  return saved;
}

static void test_create_stops_at_the_open_file_limit(void **state) {
  (void)state;
  struct rlimit saved = lower_fd_limit();

  /* Made while descriptors remain: an exported fd to import at the limit. */
  hipMemAllocationProp prop = shareable();
  hipMemGenericAllocationHandle_t exported = NULL;
  MT_CHECK(hipMemCreate(&exported, mt_granularity(), &prop, 0));
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, exported, hipMemHandleTypePosixFileDescriptor, 0));

  size_t fds = mt_open_fds();
  prop = mt_prop_device(0);
  enum { MOST = 2 * FD_LIMIT };
  hipMemGenericAllocationHandle_t *handles = calloc(MOST, sizeof *handles);
  assert_non_null(handles);
  size_t count = 0;
  mockhip_stats_t before;
  hipError_t err;
  do {
    before = mt_stats();
    err = hipMemCreate(&handles[count], mt_granularity(), &prop, 0);
  } while (err == hipSuccess && ++count < MOST);
  assert_true(mt_returned(hipErrorOutOfMemory, err, "hipMemCreate at the open file limit"));
  assert_reason_has(mockhip_last_reason(), "hipMemCreate: ");
  assert_reason_has(mockhip_last_reason(), "the open file limit (RLIMIT_NOFILE = 1024)");
  assert_true(count > FD_LIMIT - 64); /* near 1024 handles, as on ROCm */
  print_message("hipMemCreate: refused after %zu handles\n", count);
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.live_handles, before.live_handles);
  assert_int_equal(after.physical_bytes, before.physical_bytes);

  /* Export and import need a descriptor too; they keep their error code. */
  int second = -1;
  MT_EXPECT(hipErrorInvalidValue, hipMemExportToShareableHandle(
                                      &second, exported, hipMemHandleTypePosixFileDescriptor, 0));
  assert_reason_has(mockhip_last_reason(), "the open file limit (RLIMIT_NOFILE = 1024)");
  hipMemGenericAllocationHandle_t imported = NULL;
  MT_EXPECT(hipErrorInvalidValue,
            hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                            hipMemHandleTypePosixFileDescriptor));
  assert_reason_has(mockhip_last_reason(), "the open file limit (RLIMIT_NOFILE = 1024)");
  assert_int_equal(mt_stats().live_handles, before.live_handles);

  /* One descriptor per handle, none left by the refusals: one released makes room for one. */
  MT_CHECK(hipMemRelease(handles[count - 1]));
  assert_int_equal(mt_open_fds(), fds + count - 1);
  MT_CHECK(hipMemCreate(&handles[count - 1], mt_granularity(), &prop, 0));

  for (size_t i = 0; i < count; i++)
    MT_CHECK(hipMemRelease(handles[i]));
  free(handles);
  MT_CHECK(hipMemRelease(exported));
  close(fd);
  assert_int_equal(setrlimit(RLIMIT_NOFILE, &saved), 0);
}

static int fd_per_handle_group(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_each_handle_holds_a_descriptor),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_create_stops_at_the_open_file_limit),
  };
  return cmocka_run_group_tests_name("limits_fd_per_handle", positive, NULL, NULL) +
         cmocka_run_group_tests_name("limits_fd_per_handle_negative", negative, NULL, NULL);
}

/* ==== group "arena_files": the arena's own files at the limits ==== */

/* A fork leaves every arena file behind: the next handle opens a new one. */
static void leave_arena_files(void) {
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0)
    _exit(0);
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
}

/* Without MOCKHIP_FD_PER_HANDLE a handle needs a descriptor only when a new
   arena file is opened; after a fork each side opens one. */
static void test_new_arena_file_at_the_open_file_limit(void **state) {
  (void)state;
  struct rlimit saved = lower_fd_limit();
  leave_arena_files();
  int spare[FD_LIMIT];
  size_t count = 0;
  while (count < FD_LIMIT && (spare[count] = dup(0)) >= 0)
    count++;
  assert_true(count < FD_LIMIT);

  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t first = NULL, second = NULL;
  mockhip_stats_t before = mt_stats();
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&first, mt_granularity(), &prop, 0));
  assert_reason_has(mockhip_last_reason(), "the open file limit (RLIMIT_NOFILE = 1024)");
  assert_int_equal(mt_stats().live_handles, before.live_handles);
  close(spare[--count]);
  MT_CHECK(hipMemCreate(&first, mt_granularity(), &prop, 0));  /* opens the new file */
  MT_CHECK(hipMemCreate(&second, mt_granularity(), &prop, 0)); /* needs no descriptor */
  MT_CHECK(hipMemRelease(first));
  MT_CHECK(hipMemRelease(second));
  while (count > 0)
    close(spare[--count]);
  assert_int_equal(setrlimit(RLIMIT_NOFILE, &saved), 0);
}

/* Memory files larger than the limit would raise SIGXFSZ: the mock makes
   smaller arena files, and refuses a larger handle with hipErrorOutOfMemory. */
static void test_file_size_limit(void **state) {
  (void)state;
  struct rlimit limit;
  assert_int_equal(getrlimit(RLIMIT_FSIZE, &limit), 0);
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < MT_GIB)
    skip();
  limit.rlim_cur = MT_GIB;
  assert_int_equal(setrlimit(RLIMIT_FSIZE, &limit), 0);
  leave_arena_files();
  hipMemAllocationProp prop = mt_prop_host(); /* large without a device to pay for it */
  size_t fds = mt_open_fds();
  hipMemGenericAllocationHandle_t small = NULL, big = NULL, refused = NULL;
  mt_mapping view = {0};
  MT_CHECK(hipMemCreate(&small, mt_granularity(), &prop, 0)); /* a 1 GiB arena file */
  assert_int_equal(mt_open_fds(), fds + 1);

  mockhip_stats_t before = mt_stats();
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&refused, 2 * MT_GIB, &prop, 0));
  assert_reason_has(mockhip_last_reason(), "File too large");
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&refused, 2 * MT_GIB, &prop, 0));
  assert_reason_has(mockhip_last_reason(), "File too large");
  prop.requestedHandleType = hipMemHandleTypeNone;
  assert_int_equal(mt_stats().live_handles, before.live_handles);
  assert_int_equal(mt_stats().physical_bytes, before.physical_bytes);
  assert_int_equal(mt_open_fds(), fds + 1);

  /* 1 GiB does not fit beside `small`: a second file, the first kept for it. */
  MT_CHECK(hipMemCreate(&big, MT_GIB, &prop, 0));
  assert_int_equal(mt_open_fds(), fds + 2);
  MT_CHECK(hipMemAddressReserve(&view.base, MT_GIB, 0, NULL, 0));
  MT_CHECK(hipMemMap(view.base, MT_GIB, 0, big, 0));
  view.bytes = view.reserved = MT_GIB;
  view.handle = big;
  view.mapped = true;
  mt_set_access(&view, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  char *last = (char *)view.base + MT_GIB - 1;
  *last = 42;
  assert_int_equal(*last, 42);
  MT_CHECK(hipMemRelease(small)); /* its file goes with it */
  assert_int_equal(mt_open_fds(), fds + 1);
  mt_mapping_destroy(&view);
  assert_int_equal(mt_open_fds(), fds + 1); /* the current file stays, empty, for the next */
}

static int arena_files_group(void) {
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_new_arena_file_at_the_open_file_limit),
      MT_CLEAN_TEST(test_file_size_limit),
  };
  return cmocka_run_group_tests_name("limits_arena_files_negative", negative, NULL, NULL);
}

/* ==== group "map_areas": vm.max_map_count used up ==== */

/*
 * The hog holds the process's map areas: a PROT_NONE region whose pages get
 * alternating protections from `tail` on, one new area per page, until the
 * kernel refuses. Unmapping a page from `front` on gives exactly one back.
 * Pages 0 and 1 stay as they are, so the front page is always an area of its own.
 */
typedef struct hog {
  char *base;
  size_t pages, page, front, tail;
} hog;

static size_t max_map_count(void) {
  FILE *file = fopen("/proc/sys/vm/max_map_count", "r");
  unsigned long value = 0;
  if (file != NULL) {
    if (fscanf(file, "%lu", &value) != 1)
      value = 0;
    fclose(file);
  }
  return value;
}

static void hog_create(hog *h, size_t max) {
  h->page = (size_t)sysconf(_SC_PAGESIZE);
  h->pages = max + 8192;
  void *p =
      mmap(NULL, h->pages * h->page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  assert_true(p != MAP_FAILED);
  h->base = p;
  h->front = h->tail = 2;
}

static void hog_fill(hog *h) {
  for (; h->tail < h->pages; h->tail++) {
    int prot = h->tail % 2 ? PROT_READ | PROT_WRITE : PROT_READ;
    if (mprotect(h->base + h->tail * h->page, h->page, prot) != 0) {
      assert_int_equal(errno, ENOMEM);
      return;
    }
  }
  fail_msg("the hog has no page left to split");
}

static void hog_give_back(hog *h, size_t count) {
  assert_true(h->front + count <= h->tail);
  for (; count > 0; count--, h->front++)
    assert_int_equal(munmap(h->base + h->front * h->page, h->page), 0);
}

static void hog_destroy(hog *h) {
  munmap(h->base, 2 * h->page);
  munmap(h->base + h->front * h->page, (h->pages - h->front) * h->page);
  memset(h, 0, sizeof *h);
}

/* What /proc/self/maps says of the area holding addr: its permissions ("rw-s"). */
static void area_perms(const void *addr, char perms[5]) {
  FILE *maps = fopen("/proc/self/maps", "r");
  assert_non_null(maps);
  unsigned long start, end;
  char line[512];
  perms[0] = '\0';
  while (fgets(line, sizeof line, maps) != NULL) {
    if (sscanf(line, "%lx-%lx %4s", &start, &end, perms) == 3 && start <= (uintptr_t)addr &&
        (uintptr_t)addr < end)
      break;
    perms[0] = '\0';
  }
  fclose(maps);
}

/*
 * The address space of the group: a reservation of 64 granules with three
 * runs of five back-to-back mappings of back-to-back arena extents, each run
 * one map area: A at granule 0, B at 16, C at 32. Handle 15 is left for a new
 * mapping at granule 48. Mapping i holds the byte 'a' + i, which the CPU
 * writes: device 0 and the host may read and write every run. The union
 * group (MOCKHIP_HOST_ACCESS=all) grants device 0 alone: there the CPU plays
 * it.
 */
#define GRANULES 64
#define HANDLES 16

typedef struct layout {
  char *base;
  size_t granule;
  hipMemGenericAllocationHandle_t handles[HANDLES];
  hog hog;
} layout;

static char *granule_at(const layout *l, size_t g) { return l->base + g * l->granule; }

/* The granule where mapping i lives. */
static size_t home(size_t i) { return i / 5 * 16 + i % 5; }

static bool holds(const layout *l, size_t i) {
  const char *p = granule_at(l, home(i));
  for (size_t k = 0; k < l->granule; k++)
    if (p[k] != (char)('a' + i))
      return false;
  return true;
}

/* The layout, or skip() when the map areas cannot be used up here. */
static layout *layout_of(void **state) {
  if (*state == NULL) {
    if (RUNNING_ON_VALGRIND)
      print_message("skipped: valgrind tracks fewer map areas than vm.max_map_count allows\n");
    else
      print_message("skipped: vm.max_map_count is %zu: unknown, or too many to use up\n",
                    max_map_count());
    skip();
  }
  return *state;
}

static int layout_create(void **state, bool host) {
  mt_assert_clean();
  *state = NULL;
  size_t max = max_map_count();
  if (RUNNING_ON_VALGRIND || max == 0 || max > 4 * 1024 * 1024)
    return 0;
  layout *l = calloc(1, sizeof *l);
  assert_non_null(l);
  l->granule = mt_granularity();
  void *range = NULL;
  MT_CHECK(hipMemAddressReserve(&range, GRANULES * l->granule, 0, NULL, 0));
  l->base = range;
  hipMemAllocationProp prop = mt_prop_device(0);
  for (size_t i = 0; i < HANDLES; i++)
    MT_CHECK(hipMemCreate(&l->handles[i], l->granule, &prop, 0));
  hipMemAccessDesc rw[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                            {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  for (size_t run = 0; run < 3; run++) {
    for (size_t i = 5 * run; i < 5 * run + 5; i++)
      MT_CHECK(hipMemMap(granule_at(l, home(i)), l->granule, 0, l->handles[i], 0));
    MT_CHECK(hipMemSetAccess(granule_at(l, home(5 * run)), 5 * l->granule, rw, host ? 2 : 1));
  }
  for (size_t i = 0; i < 15; i++)
    memset(granule_at(l, home(i)), 'a' + (int)i, l->granule);
  hog_create(&l->hog, max);
  *state = l;
  return 0;
}

static int setup_layout(void **state) { return layout_create(state, true); }

static int setup_union_layout(void **state) { return layout_create(state, false); }

static int teardown_layout(void **state) {
  layout *l = *state;
  if (l == NULL)
    return 0;
  hog_destroy(&l->hog);
  /* Unmaps whatever each case left mapped, one mapping at a time. */
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  for (size_t g = 0; g < GRANULES; g++) {
    unsigned long long flags;
    if (hipMemGetAccess(&flags, &device0, granule_at(l, g)) == hipSuccess)
      MT_CHECK(hipMemUnmap(granule_at(l, g), l->granule));
  }
  for (size_t i = 0; i < HANDLES; i++)
    MT_CHECK(hipMemRelease(l->handles[i]));
  MT_CHECK(hipMemAddressFree(l->base, GRANULES * l->granule));
  free(l);
  mt_assert_clean();
  return 0;
}

/* One operation to drive, and what must hold after each refusal and after success. */
typedef struct drive_case {
  const char *name;
  hipError_t (*call)(layout *l);
  void (*after_refusal)(layout *l);
  void (*after_success)(layout *l);
} drive_case;

/*
 * Calls c->call with n map areas to spare for n = 0, 1, 2...: each refusal
 * must be hipErrorOutOfMemory naming vm.max_map_count and change nothing.
 * Returns the n at which the call first succeeds (at least 1).
 */
static size_t drive(layout *l, const drive_case *c) {
  for (size_t n = 0; n < 16; n++) {
    snapshot before = snap();
    hog_fill(&l->hog);
    hog_give_back(&l->hog, n);
    hipError_t err = c->call(l);
    char reason[512];
    snprintf(reason, sizeof reason, "%s", mockhip_last_reason());
    hog_give_back(&l->hog, 64); /* room for the checks */
    if (err == hipSuccess) {
      free(before.dump);
      assert_true(n > 0); /* the call was refused at least once */
      c->after_success(l);
      print_message("%s: refused with up to %zu spare map areas, done with %zu\n", c->name, n - 1,
                    n);
      return n;
    }
    if (err != hipErrorOutOfMemory)
      print_error("%s returned %s (%s)\n", c->name, hipGetErrorName(err), reason);
    assert_int_equal(err, hipErrorOutOfMemory);
    assert_reason_has(reason, c->name);
    assert_reason_has(reason, "vm.max_map_count = ");
    assert_same(before, snap());
    c->after_refusal(l);
  }
  fail_msg("%s never succeeded", c->name);
  return 0;
}

/* -- hipMemMap of handle 15 alone at granule 48: splits the placeholder -- */

static hipError_t map_alone(layout *l) {
  return hipMemMap(granule_at(l, 48), l->granule, 0, l->handles[15], 0);
}

static void placeholder_at_48(layout *l) {
  char perms[5];
  area_perms(granule_at(l, 48), perms);
  assert_string_equal(perms, "---p"); /* private, inaccessible: the placeholder */
}

static void mapped_at_48(layout *l) {
  char perms[5];
  area_perms(granule_at(l, 48), perms);
  assert_string_equal(perms, "---s"); /* the arena file, no access yet */
}

static void test_map_out_of_map_areas(void **state) {
  static const drive_case c = {"hipMemMap", map_alone, placeholder_at_48, mapped_at_48};
  drive(layout_of(state), &c);
}

/* -- hipMemSetAccess over mappings 1..3 of run A: the host drops to Read. The CPU has
      the host's access, so one stretch changes: one mprotect, which splits run A's
      area at both ends -- */

static hipError_t make_run_a_host_readonly(layout *l) {
  hipMemAccessDesc read = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead};
  return hipMemSetAccess(granule_at(l, 1), 3 * l->granule, &read, 1);
}

/* hipMemGetAccess answers for devices only (a.9#2): the CPU's touches show the host's. */
static void run_a_host_writable(layout *l) {
  for (size_t i = 0; i < 5; i++) {
    assert_true(holds(l, i));
    /* Writing proves the protection was rolled back too (else SIGSEGV). */
    granule_at(l, home(i))[0] = (char)('a' + i);
  }
}

static void run_a_host_readonly(layout *l) {
  for (size_t i = 1; i < 4; i++) {
    assert_true(holds(l, i));
    char perms[5];
    area_perms(granule_at(l, home(i)), perms);
    assert_string_equal(perms, "r--s");
  }
  granule_at(l, home(0))[0] = 'a'; /* the ends still take the CPU's writes */
  granule_at(l, home(4))[0] = 'e';
}

static void test_set_access_out_of_map_areas(void **state) {
  static const drive_case c = {"hipMemSetAccess", make_run_a_host_readonly, run_a_host_writable,
                               run_a_host_readonly};
  /* Two new areas: with one to spare the first split is made and must be undone. */
  assert_true(drive(layout_of(state), &c) >= 2);
}

/* -- Under MOCKHIP_HOST_ACCESS=all, where the CPU plays every location: the same range,
      device 0 drops to Read. Mapping 2 keeps host ReadWrite, so two stretches change: two
      mprotects -- */

static hipError_t make_run_a_readonly(layout *l) {
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  return hipMemSetAccess(granule_at(l, 1), 3 * l->granule, &read, 1);
}

static void run_a_writable(layout *l) {
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  for (size_t i = 0; i < 5; i++) {
    unsigned long long flags = 0;
    MT_CHECK(hipMemGetAccess(&flags, &device0, granule_at(l, home(i))));
    assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
    assert_true(holds(l, i));
    /* Writing proves the protection was rolled back too (else SIGSEGV). */
    granule_at(l, home(i))[0] = (char)('a' + i);
  }
}

static void run_a_readonly(layout *l) {
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  for (size_t i = 1; i < 4; i++) {
    unsigned long long flags = 0;
    MT_CHECK(hipMemGetAccess(&flags, &device0, granule_at(l, home(i))));
    assert_int_equal(flags, hipMemAccessFlagsProtRead);
    assert_true(holds(l, i));
  }
  granule_at(l, 2)[0] = 'c'; /* the host still writes mapping 2 */
  char perms[5];
  area_perms(granule_at(l, 1), perms);
  assert_string_equal(perms, "r--s");
  area_perms(granule_at(l, 3), perms);
  assert_string_equal(perms, "r--s");
}

static void test_set_access_union_out_of_map_areas(void **state) {
  layout *l = layout_of(state);
  hipMemAccessDesc host = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(granule_at(l, 2), l->granule, &host, 1)); /* same protection: no split */
  static const drive_case c = {"hipMemSetAccess", make_run_a_readonly, run_a_writable,
                               run_a_readonly};
  /* Mapping 1 needs two new areas: with two to spare it changes, mapping 3
     is refused and mapping 1 must be rolled back. */
  assert_true(drive(l, &c) >= 3);
}

/* -- hipMemUnmap of mapping 7, in the middle of run B -- */

static hipError_t unmap_7(layout *l) { return hipMemUnmap(granule_at(l, home(7)), l->granule); }

static void run_b_intact(layout *l) {
  for (size_t i = 5; i < 10; i++)
    assert_true(holds(l, i));
  char perms[5];
  area_perms(granule_at(l, home(7)), perms);
  assert_string_equal(perms, "rw-s");
}

static void seven_unmapped(layout *l) {
  char perms[5];
  area_perms(granule_at(l, home(7)), perms);
  assert_string_equal(perms, "---p");
  for (size_t i = 5; i < 10; i++)
    assert_true(i == 7 || holds(l, i));
  assert_int_equal(mt_stats().live_mappings, 14);
}

static void test_unmap_one_out_of_map_areas(void **state) {
  static const drive_case c = {"hipMemUnmap", unmap_7, run_b_intact, seven_unmapped};
  drive(layout_of(state), &c);
}

/* -- hipMemUnmap of mappings 11..13 of run C in one call -- */

static hipError_t unmap_11_to_13(layout *l) {
  return hipMemUnmap(granule_at(l, home(11)), 3 * l->granule);
}

static void run_c_intact(layout *l) {
  for (size_t i = 10; i < 15; i++) {
    assert_true(holds(l, i));
    char perms[5];
    area_perms(granule_at(l, home(i)), perms);
    assert_string_equal(perms, "rw-s");
  }
}

static void eleven_to_13_unmapped(layout *l) {
  for (size_t i = 11; i < 14; i++) {
    char perms[5];
    area_perms(granule_at(l, home(i)), perms);
    assert_string_equal(perms, "---p");
  }
  assert_true(holds(l, 10) && holds(l, 14));
  assert_int_equal(mt_stats().live_mappings, 12);
}

static void test_unmap_run_out_of_map_areas(void **state) {
  static const drive_case c = {"hipMemUnmap", unmap_11_to_13, run_c_intact, eleven_to_13_unmapped};
  drive(layout_of(state), &c);
}

/* -- One handle mapped again and again at adjacent granules until hipMemMap fails: each
      mapping a map area of its own, and the map that used the last area leaves the process
      one above the limit, where the kernel refuses every mmap. Unmapping still works, every
      mapping of it in any order, and gives the process its areas back. -- */

#define REPEAT_FIRST 40 /* granules 40..63: handle 15, mapped again and again */

/* Maps handle 15 at granules 40, 41, ... until the kernel runs out; returns how many. */
static size_t map_until_refused(layout *l) {
  hog_fill(&l->hog);
  hog_give_back(&l->hog, 8);
  size_t count = 0;
  for (size_t g = REPEAT_FIRST; g < GRANULES; g++, count++) {
    hipError_t err = hipMemMap(granule_at(l, g), l->granule, 0, l->handles[15], 0);
    if (err != hipSuccess) {
      assert_int_equal(err, hipErrorOutOfMemory);
      assert_reason_has(mockhip_last_reason(), "vm.max_map_count = ");
      break;
    }
  }
  assert_true(count > 0 && count < GRANULES - REPEAT_FIRST);
  print_message("hipMemMap: %zu mappings of one handle, then refused at the limit\n", count);
  return count;
}

static void assert_unmapped(layout *l, size_t g) {
  char perms[5];
  area_perms(granule_at(l, g), perms);
  assert_string_equal(perms, "---p"); /* the placeholder, not a hole */
}

static void test_unmap_above_the_limit(void **state) {
  layout *l = layout_of(state);
  size_t count = map_until_refused(l);
  size_t last = REPEAT_FIRST + count - 1, middle = REPEAT_FIRST + count / 2;
  MT_CHECK(hipMemUnmap(granule_at(l, last), l->granule));
  MT_CHECK(hipMemUnmap(granule_at(l, REPEAT_FIRST), l->granule));
  if (middle != last && middle != REPEAT_FIRST)
    MT_CHECK(hipMemUnmap(granule_at(l, middle), l->granule));
  for (size_t g = REPEAT_FIRST + 1; g < last; g++)
    if (g != middle)
      MT_CHECK(hipMemUnmap(granule_at(l, g), l->granule));
  for (size_t g = REPEAT_FIRST; g <= last; g++)
    assert_unmapped(l, g);
  assert_int_equal(mt_stats().live_mappings, 15);
  /* The areas came back: with the hog still holding its own, a map works again, and so
     does memory that only mmap can give. */
  MT_CHECK(hipMemMap(granule_at(l, REPEAT_FIRST), l->granule, 0, l->handles[15], 0));
  MT_CHECK(hipMemUnmap(granule_at(l, REPEAT_FIRST), l->granule));
  void *big = mmap(NULL, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  assert_true(big != MAP_FAILED);
  munmap(big, 1 << 20);
}

/* Above the limit, unmapping the first mapping of run C, which shares its map area with the
   others, gives no area back: the placeholder waits in a hole, which the next unmap that
   does give one back fills. Mapping 12, inside that area, needs a split the kernel cannot
   make: refused, with nothing changed. Nothing here allocates until areas are free again
   (a sanitizer's allocator maps memory, which the kernel refuses above the limit), so the
   counters stand for the whole dump that the other cases compare. */
static void test_unmap_sharing_an_area_above_the_limit(void **state) {
  layout *l = layout_of(state);
  size_t count = map_until_refused(l);
  assert_true(count >= 2);
  mockhip_stats_t before = mt_stats();
  MT_EXPECT(hipErrorOutOfMemory, hipMemUnmap(granule_at(l, home(12)), l->granule));
  assert_reason_has(mockhip_last_reason(), "vm.max_map_count = ");
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.live_mappings, before.live_mappings);
  assert_int_equal(after.mapped_bytes, before.mapped_bytes);
  assert_true(holds(l, 12));
  MT_CHECK(hipMemUnmap(granule_at(l, home(10)), l->granule));
  assert_int_equal(mt_stats().live_mappings, 15 + count - 1);
  MT_CHECK(hipMemUnmap(granule_at(l, REPEAT_FIRST), l->granule));
  assert_unmapped(l, home(10));
  assert_unmapped(l, REPEAT_FIRST);
  for (size_t i = 11; i < 15; i++)
    assert_true(holds(l, i));
  for (size_t g = REPEAT_FIRST + 1; g < REPEAT_FIRST + count; g++)
    MT_CHECK(hipMemUnmap(granule_at(l, g), l->granule));
}

/* Whether anything is mapped at every page of [addr, addr + bytes): msync fails with ENOMEM on
   a hole. A system call only, so that it allocates nothing above the limit. */
static bool anything_mapped(const void *addr, size_t bytes) {
  return msync((void *)addr, bytes, MS_ASYNC) == 0 || errno != ENOMEM;
}

/* Above the limit, unmapping the last mapping of each run, which shares its map area with the
   run's others, gives no area back: three placeholders wait in holes. Each hole lies just
   before a stretch of the reservation's placeholder, so its own placeholder merges with that
   one and takes no new area: the one area that unmapping a mapping of its own gives back is
   room for all three, and the retry after that unmap fills every one of them. They are read
   before any other call that places or maps (each would retry again). */
static void test_one_retry_fills_every_hole(void **state) {
  layout *l = layout_of(state);
  static const size_t last_of_run[] = {4, 9, 14};
  size_t count = map_until_refused(l);
  for (size_t k = 0; k < 3; k++)
    MT_CHECK(hipMemUnmap(granule_at(l, home(last_of_run[k])), l->granule));
  for (size_t k = 0; k < 3; k++)
    assert_false(anything_mapped(granule_at(l, home(last_of_run[k])), l->granule));
  MT_CHECK(hipMemUnmap(granule_at(l, REPEAT_FIRST), l->granule));
  for (size_t k = 0; k < 3; k++)
    assert_true(anything_mapped(granule_at(l, home(last_of_run[k])), l->granule));
  assert_int_equal(mt_stats().live_mappings, 15 - 3 + count - 1);
  hog_give_back(&l->hog, 64); /* room for reading /proc/self/maps */
  for (size_t k = 0; k < 3; k++)
    assert_unmapped(l, home(last_of_run[k]));
  assert_unmapped(l, REPEAT_FIRST);
  for (size_t i = 0; i < 15; i++)
    assert_true(i % 5 == 4 || holds(l, i));
  for (size_t g = REPEAT_FIRST + 1; g < REPEAT_FIRST + count; g++)
    MT_CHECK(hipMemUnmap(granule_at(l, g), l->granule));
}

static int map_areas_group(void) {
  const struct CMUnitTest negative[] = {
      cmocka_unit_test_setup_teardown(test_map_out_of_map_areas, setup_layout, teardown_layout),
      cmocka_unit_test_setup_teardown(test_set_access_out_of_map_areas, setup_layout,
                                      teardown_layout),
      cmocka_unit_test_setup_teardown(test_unmap_one_out_of_map_areas, setup_layout,
                                      teardown_layout),
      cmocka_unit_test_setup_teardown(test_unmap_run_out_of_map_areas, setup_layout,
                                      teardown_layout),
      cmocka_unit_test_setup_teardown(test_unmap_above_the_limit, setup_layout, teardown_layout),
      cmocka_unit_test_setup_teardown(test_unmap_sharing_an_area_above_the_limit, setup_layout,
                                      teardown_layout),
      cmocka_unit_test_setup_teardown(test_one_retry_fills_every_hole, setup_layout,
                                      teardown_layout),
  };
  return cmocka_run_group_tests_name("limits_map_areas_negative", negative, NULL, NULL);
}

static int map_areas_union_group(void) {
  const struct CMUnitTest negative[] = {
      cmocka_unit_test_setup_teardown(test_set_access_union_out_of_map_areas, setup_union_layout,
                                      teardown_layout),
  };
  return cmocka_run_group_tests_name("limits_map_areas_union_negative", negative, NULL, NULL);
}

/* ==== the runner: each group in a fresh process ==== */

/* Passes the group's findings (its lines "hipMem...: ...") on to this log. */
static void print_findings(const char *out) {
  for (const char *line = out; *line != '\0';) {
    size_t len = strcspn(line, "\n");
    if (strncmp(line, "hipMem", 6) == 0)
      print_message("  %.*s\n", (int)len, line);
    line += len + (line[len] == '\n');
  }
}

static void run_group(const char *group, const char *env0, const char *env1) {
  const char *argv[] = {self, group, NULL};
  const char *env[] = {env0, env1, NULL};
  char *out = NULL, *err = NULL;
  int status = mt_run_program(argv, env, &out, &err);
  bool ok = mt_exited_ok(status);
  if (!ok)
    print_error("the %s group said:\n%s%s", group, out, err);
  print_findings(out);
  free(out);
  free(err);
  assert_true(ok);
}

static void test_fd_per_handle(void **state) {
  (void)state;
  run_group("fd_per_handle", "MOCKHIP_FD_PER_HANDLE=1", NULL);
}

static void test_map_areas(void **state) {
  (void)state;
  run_group("map_areas", "MOCKHIP_RECYCLE_BYTES=0", NULL); /* counts the arena's own areas */
}

static void test_map_areas_union(void **state) {
  (void)state;
  run_group("map_areas_union", "MOCKHIP_RECYCLE_BYTES=0", "MOCKHIP_HOST_ACCESS=all");
}

static void test_arena_files(void **state) {
  (void)state;
  run_group("arena_files", "MOCKHIP_RECYCLE_BYTES=0", NULL); /* counts the arena's own files */
}

int main(int argc, char **argv) {
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return 1;
  self[n] = '\0';
  if (argc == 2 && strcmp(argv[1], "fd_per_handle") == 0)
    return fd_per_handle_group();
  if (argc == 2 && strcmp(argv[1], "map_areas") == 0)
    return map_areas_group();
  if (argc == 2 && strcmp(argv[1], "map_areas_union") == 0)
    return map_areas_union_group();
  if (argc == 2 && strcmp(argv[1], "arena_files") == 0)
    return arena_files_group();
  const struct CMUnitTest positive[] = {
      cmocka_unit_test(test_fd_per_handle),
  };
  const struct CMUnitTest negative[] = {
      cmocka_unit_test(test_map_areas),
      cmocka_unit_test(test_map_areas_union),
      cmocka_unit_test(test_arena_files),
  };
  return cmocka_run_group_tests_name("limits", positive, NULL, NULL) +
         cmocka_run_group_tests_name("limits_negative", negative, NULL, NULL);
}
