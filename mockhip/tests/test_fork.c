/*
 * test_fork.c: a child forked after VMM calls sees the parent's mock as it
 * was (with a lock of its own) and keeps using it: imported handles, mappings
 * made before the fork, new handles. Memory mapped before the fork stays
 * shared; memory either side allocates after it is its own, however the
 * other side allocates and releases meanwhile.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define BYTES (64 * MT_KIB)
#define NEW_HANDLES 4
#define CHURN 64

/* cmocka's asserts in a forked child would unwind into the parent's copy of
   the test runner: the child says what failed and exits instead. */
#define CHILD_CHECK(cond)                                                                          \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      child_failed(__LINE__, #cond);                                                               \
  } while (0)

static void child_failed(int line, const char *what) {
  fprintf(stderr, "child: test_fork.c:%d: %s failed (last reason: %s)\n", line, what,
          mockhip_last_reason());
  _exit(1);
}

static bool filled_with(const char *p, char byte) {
  for (size_t i = 0; i < BYTES; i++)
    if (p[i] != byte)
      return false;
  return true;
}

/* Reserves, maps and opens a handle read-write to device 0 and the CPU (the host); NULL on
   any failure. */
static char *map_rw(hipMemGenericAllocationHandle_t handle) {
  void *base = NULL;
  hipMemAccessDesc rw[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                            {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  if (hipMemAddressReserve(&base, BYTES, 0, NULL, 0) != hipSuccess)
    return NULL;
  if (hipMemMap(base, BYTES, 0, handle, 0) != hipSuccess ||
      hipMemSetAccess(base, BYTES, rw, 2) != hipSuccess)
    return NULL;
  return base;
}

static bool unmap_free(char *base) {
  return hipMemUnmap(base, BYTES) == hipSuccess && hipMemAddressFree(base, BYTES) == hipSuccess;
}

/* New handles, mapped, checked zero, then filled with first, first+1, ... */
static bool make_new(hipMemGenericAllocationHandle_t handles[], char *views[], char first) {
  hipMemAllocationProp prop = mt_prop_device(0);
  for (int i = 0; i < NEW_HANDLES; i++) {
    if (hipMemCreate(&handles[i], BYTES, &prop, 0) != hipSuccess ||
        (views[i] = map_rw(handles[i])) == NULL || !filled_with(views[i], 0))
      return false;
    memset(views[i], first + i, BYTES);
  }
  return true;
}

static bool still_filled(char *views[], char first) {
  for (int i = 0; i < NEW_HANDLES; i++)
    if (!filled_with(views[i], (char)(first + i)))
      return false;
  return true;
}

static bool drop_new(hipMemGenericAllocationHandle_t handles[], char *views[]) {
  for (int i = 0; i < NEW_HANDLES; i++)
    if (!unmap_free(views[i]) || hipMemRelease(handles[i]) != hipSuccess)
      return false;
  return true;
}

/* Creates and releases handles, as a busy process does. */
static bool churn(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  for (int i = 0; i < CHURN; i++) {
    hipMemGenericAllocationHandle_t handle = NULL;
    if (hipMemCreate(&handle, BYTES, &prop, 0) != hipSuccess || hipMemRelease(handle) != hipSuccess)
      return false;
  }
  return true;
}

/* What the parent made before the fork. */
typedef struct before_fork {
  hipMemGenericAllocationHandle_t shared, plain;
  int fd;            /* the export of `shared` */
  char *shared_view; /* holds 'S' */
  char *plain_view;  /* holds 'P' */
  int to_child[2], to_parent[2];
} before_fork;

static void say(int fd, char what) { CHILD_CHECK(write(fd, &what, 1) == 1); }
static void await(int fd, char what) {
  char got = 0;
  CHILD_CHECK(read(fd, &got, 1) == 1 && got == what);
}

static void child(const before_fork *b) {
  /* The parent's records, as they were at the fork. */
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  CHILD_CHECK(mockhip_stats(&stats) == hipSuccess);
  CHILD_CHECK(stats.live_handles == 2 && stats.live_mappings == 2);
  CHILD_CHECK(filled_with(b->plain_view, 'P') && filled_with(b->shared_view, 'S'));

  /* The exported descriptor came along: import it and map it again. */
  hipMemGenericAllocationHandle_t imported = NULL;
  CHILD_CHECK(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)b->fd,
                                              hipMemHandleTypePosixFileDescriptor) == hipSuccess);
  char *imported_view = map_rw(imported);
  CHILD_CHECK(imported_view != NULL && filled_with(imported_view, 'S'));

  hipMemGenericAllocationHandle_t handles[NEW_HANDLES];
  char *views[NEW_HANDLES];
  CHILD_CHECK(make_new(handles, views, 'c'));
  CHILD_CHECK(churn());
  say(b->to_parent[1], 'c');
  await(b->to_child[0], 'p');

  /* The parent has written its new memory and released `plain`. */
  CHILD_CHECK(still_filled(views, 'c'));
  CHILD_CHECK(filled_with(b->plain_view, 'P'));
  CHILD_CHECK(drop_new(handles, views));
  CHILD_CHECK(churn());
  memset(imported_view, 'T', BYTES); /* the parent sees this through `shared` */
  CHILD_CHECK(unmap_free(imported_view));
  CHILD_CHECK(hipMemRelease(imported) == hipSuccess);
  CHILD_CHECK(mockhip_live_objects() == 2 + 2 + 2); /* the parent's, untouched */
}

static void test_both_sides_keep_working(void **state) {
  (void)state;
  before_fork b;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  MT_CHECK(hipMemCreate(&b.shared, BYTES, &prop, 0));
  MT_CHECK(hipMemExportToShareableHandle(&b.fd, b.shared, hipMemHandleTypePosixFileDescriptor, 0));
  prop.requestedHandleType = hipMemHandleTypeNone;
  MT_CHECK(hipMemCreate(&b.plain, BYTES, &prop, 0));
  b.shared_view = map_rw(b.shared);
  b.plain_view = map_rw(b.plain);
  assert_non_null(b.shared_view);
  assert_non_null(b.plain_view);
  memset(b.shared_view, 'S', BYTES);
  memset(b.plain_view, 'P', BYTES);
  assert_int_equal(pipe(b.to_child), 0);
  assert_int_equal(pipe(b.to_parent), 0);

  fflush(NULL);
  pid_t pid = mt_fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    alarm(MT_CHILD_SECONDS);
    close(b.to_child[1]); /* each side keeps only its own ends: a read sees the other die */
    close(b.to_parent[0]);
    child(&b);
    mt_child_exit(0);
  }
  close(b.to_child[0]);
  close(b.to_parent[1]);

  /* Meanwhile the parent allocates, releases pre-fork memory and churns. */
  hipMemGenericAllocationHandle_t handles[NEW_HANDLES];
  char *views[NEW_HANDLES];
  assert_true(make_new(handles, views, 'p'));
  MT_CHECK(hipMemUnmap(b.plain_view, BYTES));
  MT_CHECK(hipMemAddressFree(b.plain_view, BYTES));
  MT_CHECK(hipMemRelease(b.plain));
  assert_true(churn());
  char got = 0;
  assert_int_equal(read(b.to_parent[0], &got, 1), 1); /* the child wrote its memory */
  assert_int_equal(got, 'c');
  assert_true(still_filled(views, 'p'));
  assert_int_equal(write(b.to_child[1], "p", 1), 1);

  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(mt_exited_ok(status));
  assert_true(still_filled(views, 'p'));
  assert_true(filled_with(b.shared_view, 'T')); /* written by the child */
  assert_true(drop_new(handles, views));
  assert_true(unmap_free(b.shared_view));
  MT_CHECK(hipMemRelease(b.shared));
  close(b.fd);
  close(b.to_child[1]);
  close(b.to_parent[0]);
}

/* ---- negative ---- */

/* A child that releases everything it inherited must not clear the parent's memory. */
static void child_releases_all(void *arg) {
  mt_mapping *m = arg;
  if (hipMemUnmap(m->base, m->bytes) != hipSuccess || hipMemRelease(m->handle) != hipSuccess ||
      hipMemAddressFree(m->base, m->reserved) != hipSuccess || mockhip_live_objects() != 0)
    _exit(2);
}

static void test_child_release_leaves_parent_memory(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, BYTES, BYTES);
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  memset(m.base, 'M', BYTES);
  assert_true(mt_exited_ok(mt_run_in_child(child_releases_all, &m)));
  assert_true(filled_with(m.base, 'M'));
  /* And a new handle after the fork is not the one the child freed. */
  hipMemGenericAllocationHandle_t fresh = NULL;
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemCreate(&fresh, BYTES, &prop, 0));
  char *view = map_rw(fresh);
  assert_non_null(view);
  assert_true(filled_with(view, 0));
  memset(view, 'N', BYTES);
  assert_true(filled_with(m.base, 'M'));
  assert_true(unmap_free(view));
  MT_CHECK(hipMemRelease(fresh));
  mt_mapping_destroy(&m);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_both_sides_keep_working),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_child_release_leaves_parent_memory),
  };
  return cmocka_run_group_tests_name("fork", positive, NULL, NULL) +
         cmocka_run_group_tests_name("fork_negative", negative, NULL, NULL);
}
