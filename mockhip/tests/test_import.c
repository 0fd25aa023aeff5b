/*
 * test_import.c: only exported memory may be imported. A handle's own memory file is in
 * /proc/self/fd for anyone to find, and a forked child inherits it, but it is no export:
 * importing it is refused, as is anything else that is not a descriptor
 * hipMemExportToShareableHandle gave, with a reason that says what the descriptor is. ctest
 * runs this again with MOCKHIP_FD_PER_HANDLE=1, where every handle has a file of its own.
 */
#include "mock_test.h"
#include "open_fds.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define BYTES (64 * MT_KIB)
#define MAX_FDS 64

/* The open descriptors whose file is one of mockhip's memory files (open_fds.h walks them). */
static int found[MAX_FDS];
static size_t found_count;

static void note_memory_fd(int fd) {
  char link[64], target[128];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, target, sizeof target - 1);
  if (n <= 0 || found_count == MAX_FDS)
    return;
  target[n] = '\0';
  if (strncmp(target, "/memfd:mockhip-", 15) == 0)
    found[found_count++] = fd;
}

static size_t memory_fds(int out[MAX_FDS]) {
  found_count = 0;
  open_fds_each(note_memory_fd);
  memcpy(out, found, found_count * sizeof *out);
  return found_count;
}

static bool listed(const int *fds, size_t count, int fd) {
  for (size_t i = 0; i < count; i++)
    if (fds[i] == fd)
      return true;
  return false;
}

/* The memory files that appeared since `before`: the new handle's own, or an arena's. */
static size_t new_memory_fds(const int *before, size_t before_count, int out[MAX_FDS]) {
  int now[MAX_FDS];
  size_t count = 0, now_count = memory_fds(now);
  for (size_t i = 0; i < now_count; i++)
    if (!listed(before, before_count, now[i]))
      out[count++] = now[i];
  return count;
}

static hipError_t import_fd(int fd, hipMemGenericAllocationHandle_t *handle) {
  return hipMemImportFromShareableHandle(handle, (void *)(intptr_t)fd,
                                         hipMemHandleTypePosixFileDescriptor);
}

/* Fails unless importing fd is refused with a reason that contains `says`. */
static void assert_refused(int fd, const char *says) {
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_EXPECT(hipErrorInvalidValue, import_fd(fd, &handle));
  assert_null(handle);
  if (strstr(mockhip_last_reason(), says) == NULL)
    fail_msg("fd %d: the reason does not say \"%s\": %s", fd, says, mockhip_last_reason());
}

typedef struct made {
  hipMemGenericAllocationHandle_t shareable, plain;
  int own[MAX_FDS]; /* the descriptors they brought */
  size_t own_count;
} made;

/* An exportable handle and a plain one, and the memory files they brought with them. */
static void make_handles(made *m) {
  int before[MAX_FDS];
  size_t before_count = memory_fds(before);
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemCreate(&m->plain, BYTES, &prop, 0));
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  MT_CHECK(hipMemCreate(&m->shareable, BYTES, &prop, 0));
  m->own_count = new_memory_fds(before, before_count, m->own);
  /* The exportable handle has a file of its own; with MOCKHIP_FD_PER_HANDLE the plain one too,
     else it lives in an arena file (new unless an earlier handle opened it). */
  assert_true(m->own_count >= 1);
}

static void release_handles(made *m) {
  MT_CHECK(hipMemRelease(m->shareable));
  MT_CHECK(hipMemRelease(m->plain));
}

static void test_a_handles_own_file_is_no_export(void **state) {
  (void)state;
  made m;
  make_handles(&m);
  size_t fds = mt_open_fds();
  for (size_t i = 0; i < m.own_count; i++) {
    char link[64], target[128];
    snprintf(link, sizeof link, "/proc/self/fd/%d", m.own[i]);
    ssize_t n = readlink(link, target, sizeof target - 1);
    assert_true(n > 0);
    target[n] = '\0';
    assert_refused(m.own[i], strstr(target, "arena") ? "arena file" : "which was never exported");
  }
  assert_int_equal(mt_open_fds(), fds); /* no refusal kept a copy */
  /* The export of the same memory is taken. */
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, m.shareable, hipMemHandleTypePosixFileDescriptor, 0));
  hipMemGenericAllocationHandle_t imported = NULL;
  MT_CHECK(import_fd(fd, &imported));
  close(fd);
  MT_CHECK(hipMemRelease(imported));
  release_handles(&m);
}

static void child_imports_inherited(void *arg) {
  const made *m = arg;
  for (size_t i = 0; i < m->own_count; i++) {
    hipMemGenericAllocationHandle_t handle = NULL;
    if (import_fd(m->own[i], &handle) != hipErrorInvalidValue || handle != NULL)
      _exit(2);
  }
}

static void test_a_forked_child_cannot_import_what_it_inherits(void **state) {
  (void)state;
  made m;
  make_handles(&m);
  assert_true(mt_exited_ok(mt_run_in_child(child_imports_inherited, &m)));
  release_handles(&m);
}

/* Whatever else is offered says what it is. */
static void test_reasons_say_what_the_descriptor_is(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int closed = dup(0);
  assert_true(closed >= 0);
  close(closed);
  assert_refused(closed, "no open file descriptor");

  int ends[2];
  assert_int_equal(pipe(ends), 0);
  assert_refused(ends[0], "pipe:[");
  close(ends[0]);
  close(ends[1]);

  FILE *empty = tmpfile();
  assert_non_null(empty);
  assert_refused(fileno(empty), "(0 bytes): a file mockhip did not make");
  fclose(empty);

  int other = memfd_create("someone-else", MFD_CLOEXEC);
  assert_true(other >= 0);
  assert_int_equal(ftruncate(other, BYTES), 0);
  assert_refused(other, "/memfd:someone-else");
  close(other);

  /* An export reopened read-only keeps its mark but cannot be mapped read-write. */
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, BYTES, &prop, 0));
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  int read_only = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  assert_true(read_only >= 0);
  assert_refused(read_only, "read-only or write-only");
  int unmarked = open(path, O_RDWR | O_CLOEXEC);
  assert_true(unmarked >= 0);
  assert_refused(unmarked, "which was never exported");
  close(read_only);
  close(unmarked);
  close(fd);
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(mt_open_fds(), fds);
}

int main(void) {
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_a_handles_own_file_is_no_export),
      MT_CLEAN_TEST(test_a_forked_child_cannot_import_what_it_inherits),
      MT_CLEAN_TEST(test_reasons_say_what_the_descriptor_is),
  };
  return cmocka_run_group_tests_name("import_negative", negative, NULL, NULL);
}
