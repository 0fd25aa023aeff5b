/*
 * test_hmo_share.c: hmo_memory_alloc_shareable, hmo_memory_export and
 * hmo_memory_import (issue: hmo; the VMM rules beneath are test_export.c's,
 * a.12, a.13, b.8). An exported allocation's bytes are the importer's, both
 * ways, in this process and in an exec'd one (share_child.c); only a whole,
 * one-chunk shareable allocation exports; a bad fd or a size past the
 * exported one is refused; the memory lives while any view maps it. No call
 * leaves a file descriptor behind: the export's is the caller's, an import
 * (and the probe of the import form before a device's first import) holds
 * only what the runtime holds for it while it lives, a refusal holds none.
 */
#include "test_hmo_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define COUNT 3000 /* bytes: not a whole granule on any backend */

/* A shareable allocation of COUNT bytes, or a skip where the runtime cannot export. */
static hmo_memory *share_alloc(hmo_device *dev) {
  hmo_memory *mem = NULL;
  int status = hmo_memory_alloc_shareable(&mem, dev, COUNT, HMO_BYTE, NULL);
  if (status == HMO_EDEVICE)
    conf_skip("this runtime cannot export memory: %s", hmo_error_last()->message);
  assert_hmo_new(&mem, status, HMO_OK);
  return mem;
}

static int share_export(conf_ctx *ctx, const hmo_memory *mem) {
  int fd = -1;
  assert_hmo(hmo_memory_export(mem, &fd), HMO_OK);
  assert_true(fd >= 0);
  conf_track_fd(ctx, fd);
  return fd;
}

static hmo_memory *share_import(hmo_device *dev, int fd, size_t count) {
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_import(&mem, dev, fd, count, HMO_BYTE), HMO_OK);
  return mem;
}

/* The call fails with `expected` and its message names the reason `word`. */
#define expect_refused(call, expected, word)                                                       \
  do {                                                                                             \
    assert_hmo((call), (expected));                                                                \
    if (strstr(hmo_error_last()->message, (word)) == NULL)                                         \
      conf_fail("%s: the message \"%s\" does not say \"%s\"", #call, hmo_error_last()->message,    \
                (word));                                                                           \
  } while (0)

/* ---- negative ---- */

static void memory_export_rejects_nulls(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  int fd = -1;
  expect_refused(hmo_memory_export(NULL, &fd), HMO_EINVAL, "mem is NULL");
  expect_refused(hmo_memory_export(mem, NULL), HMO_EINVAL, "fd is NULL");
  assert_int_equal(fd, -1);
}

static void memory_export_rejects_views_and_copies(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  int fd = -1;
  expect_refused(hmo_memory_export(mem_slice(mem, 8, 16), &fd), HMO_EINVAL, "slice");
  expect_refused(hmo_memory_export(mem_cast(mem, HMO_INT8), &fd), HMO_EINVAL, "slice or cast");
  expect_refused(hmo_memory_export(mem_clone(mem), &fd), HMO_EINVAL, "alloc_shareable");
  expect_refused(hmo_memory_export(mem_alloc(dev, COUNT, HMO_BYTE, NULL), &fd), HMO_EINVAL,
                 "alloc_shareable");
  assert_int_equal(fd, -1);
}

static void memory_export_rejects_grown(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  assert_hmo(hmo_memory_resize(mem, hmo_memory_capacity(mem) + 1), HMO_OK);
  int fd = -1;
  expect_refused(hmo_memory_export(mem, &fd), HMO_EINVAL, "first chunk");
}

static void memory_export_rejects_freed(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  assert_hmo(hmo_memory_free(mem), HMO_OK);
  int fd = -1;
  expect_refused(hmo_memory_export(mem, &fd), HMO_EFREED, "freed");
}

static void memory_import_rejects_bad_fds(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  (void)share_alloc(dev); /* skips where there is no import either */
  hmo_memory *mem = NULL;
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  assert_true(null_fd >= 0);
  conf_track_fd(ctx, null_fd);
  size_t fds = conf_open_fds();
  expect_refused(hmo_memory_import(&mem, dev, -1, COUNT, HMO_BYTE), HMO_EINVAL, "negative");
  expect_refused(hmo_memory_import(&mem, dev, null_fd, COUNT, HMO_BYTE), HMO_EINVAL, "fd");
  int closed = dup(null_fd);
  assert_true(closed >= 0);
  close(closed);
  expect_refused(hmo_memory_import(&mem, dev, closed, COUNT, HMO_BYTE), HMO_EINVAL, "not an open");
  expect_refused(hmo_memory_import(&mem, dev, null_fd, 0, HMO_BYTE), HMO_EINVAL, "count is 0");
  expect_refused(hmo_memory_import(NULL, dev, null_fd, COUNT, HMO_BYTE), HMO_EINVAL, "out is NULL");
  assert_null(mem);
  conf_expect_fds(fds, "refused imports");
}

static void memory_import_rejects_more_than_exported(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  int fd = share_export(ctx, mem);
  size_t exported = hmo_memory_capacity(mem); /* the whole granules mapped */
  hmo_memory *imported = NULL;
  size_t fds = conf_open_fds();
  expect_refused(hmo_memory_import(&imported, dev, fd, exported + 1, HMO_BYTE), HMO_ERANGE,
                 "exported");
  assert_null(imported);
  conf_expect_fds(fds, "a refused import");
  /* Exactly the exported granules import. */
  imported = share_import(dev, fd, exported);
  assert_int_equal(hmo_memory_length(imported), exported);
}

static void memory_import_refuses_resize(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *imported = share_import(dev, share_export(ctx, share_alloc(dev)), COUNT);
  expect_refused(hmo_memory_resize(imported, COUNT / 2), HMO_EINVAL, "exporter");
  expect_refused(hmo_memory_export(imported, &(int){-1}), HMO_EINVAL, "imported");
}

/* ---- functional ---- */

static void memory_import_in_same_process_shares_both_ways(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  mem_fill(mem, 1, 0);
  int fd = share_export(ctx, mem);
  hmo_memory *imported = share_import(dev, fd, COUNT);
  assert_ptr_not_equal(hmo_memory_ptr(imported), hmo_memory_ptr(mem));
  mem_expect(imported, 1, 0);
  mem_fill(imported, 2, 0);
  mem_expect(mem, 2, 0);
  /* A slice of the import views the exporter's bytes too. */
  hmo_memory *slice = mem_slice(imported, 100, 10);
  unsigned char host[10];
  assert_hmo(hmo_memory_copy_to(slice, host, HMO_ALL, 0), HMO_OK);
  assert_int_equal(host[0], mem_pattern_byte(100, 2));
}

static void memory_import_outlives_exporter_free(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  mem_fill(mem, 3, 0);
  hmo_memory *imported = share_import(dev, share_export(ctx, mem), COUNT);
  assert_hmo(hmo_memory_free(mem), HMO_OK);
  mem_expect(imported, 3, 0);
  mem_fill(imported, 4, 0);
  mem_expect(imported, 4, 0);
}

static void memory_import_fd_may_be_closed_at_once(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  mem_fill(mem, 5, 0);
  int fd = -1;
  assert_hmo(hmo_memory_export(mem, &fd), HMO_OK);
  hmo_memory *imported = NULL;
  int status = hmo_memory_import(&imported, dev, fd, COUNT, HMO_BYTE);
  close(fd);
  assert_hmo_new(&imported, status, HMO_OK);
  mem_expect(imported, 5, 0);
}

static void memory_import_smaller_than_exported(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t granule = hmo_memory_capacity(share_alloc(dev)); /* COUNT bytes: one granule */
  hmo_memory *mem = NULL;
  size_t bytes = 3 * granule, part = granule + 1; /* the first two of three granules */
  unsigned char *host = malloc(bytes);
  assert_non_null(host);
  mem_pattern(host, bytes, 8, 0);
  int status = hmo_memory_alloc_shareable(&mem, dev, bytes, HMO_BYTE, host);
  assert_hmo_new(&mem, status, HMO_OK);
  hmo_memory *imported = share_import(dev, share_export(ctx, mem), part);
  assert_int_equal(hmo_memory_length(imported), part);
  memset(host, 0, bytes);
  assert_hmo(hmo_memory_copy_to(imported, host, HMO_ALL, 0), HMO_OK);
  size_t bad = mem_pattern_mismatch(host, part, 8, 0);
  free(host);
  if (bad != part)
    conf_fail("byte %zu of the import differs from the exporter's", bad);
}

/* Counts fds around an export, two imports on a device of their own (the first one probes the
   import form where the release needs it), and imports refused on fresh devices after the
   probe (a pipe) or before it (a closed fd, more than was exported). */
static void memory_share_holds_no_fd_of_its_own(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t at_start = conf_open_fds();
  hmo_memory *mem = share_alloc(dev);
  size_t before = conf_open_fds(); /* the mock holds a memory file per exportable allocation */
  int fd = share_export(ctx, mem);
  conf_expect_fds(before + 1, "hmo_memory_export: one fd, the caller's");
  hmo_device *importer = mem_open(0);
  hmo_memory *first = share_import(importer, fd, COUNT);
  size_t one = conf_open_fds() - (before + 1);
  hmo_memory *second = share_import(importer, fd, COUNT);
  conf_expect_fds(before + 1 + 2 * one, "two imports, the first after the probe");
  mem_release(second);
  mem_release(first);
  conf_expect_fds(before + 1, "both imports released");
  int ends[2];
  assert_int_equal(pipe(ends), 0);
  conf_track_fd(ctx, ends[0]);
  conf_track_fd(ctx, ends[1]);
  int closed = dup(ends[0]);
  assert_true(closed >= 0);
  close(closed);
  size_t fds = conf_open_fds();
  hmo_memory *none = NULL;
  expect_refused(hmo_memory_import(&none, mem_open(0), ends[0], COUNT, HMO_BYTE), HMO_EINVAL, "fd");
  expect_refused(hmo_memory_import(&none, mem_open(0), closed, COUNT, HMO_BYTE), HMO_EINVAL,
                 "not an open");
  expect_refused(hmo_memory_import(&none, mem_open(0), fd, 1 << 30, HMO_BYTE), HMO_ERANGE,
                 "exported");
  assert_null(none);
  conf_expect_fds(fds, "refused imports on fresh devices");
  conf_close_fd(ctx, ends[0]);
  conf_close_fd(ctx, ends[1]);
  conf_close_fd(ctx, fd);
  mem_release(mem);
  conf_expect_fds(at_start, "everything released and closed");
}

/* Runs share-child on fd; its stderr comes back in `err`. Returns its wait status. */
static int run_child(int fd, unsigned expect_seed, unsigned write_seed, char *err, size_t size) {
  char args[4][32];
  snprintf(args[0], sizeof args[0], "%d", fd);
  snprintf(args[1], sizeof args[1], "%d", COUNT);
  snprintf(args[2], sizeof args[2], "%u", expect_seed);
  snprintf(args[3], sizeof args[3], "%u", write_seed);
  int pipe_fds[2];
  assert_int_equal(pipe(pipe_fds), 0);
  pid_t pid = fork();
  if (pid == 0) {
    /* The exported fd must reach the new program: no close-on-exec. */
    fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) & ~FD_CLOEXEC);
    dup2(pipe_fds[1], 2);
    close(pipe_fds[0]);
    execl(SHARE_CHILD_PATH, "share-child", args[0], args[1], args[2], args[3], (char *)NULL);
    fprintf(stderr, "exec %s: %s\n", SHARE_CHILD_PATH, strerror(errno));
    _exit(127);
  }
  close(pipe_fds[1]);
  assert_true(pid > 0);
  size_t got = 0;
  ssize_t n;
  while ((n = read(pipe_fds[0], err + got, size - 1 - got)) > 0)
    got += (size_t)n;
  err[got] = '\0';
  close(pipe_fds[0]);
  int wstatus = 0;
  assert_int_equal(waitpid(pid, &wstatus, 0), pid);
  return wstatus;
}

static void memory_import_in_exec_child(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = share_alloc(dev);
  mem_fill(mem, 6, 0);
  int fd = share_export(ctx, mem);
  char err[1024];
  int wstatus = run_child(fd, 6, 7, err, sizeof err);
  if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) != 0)
    conf_fail("share-child %s %d: %s", WIFEXITED(wstatus) ? "exited with" : "killed by signal",
              WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : WTERMSIG(wstatus), err);
  mem_expect(mem, 7, 0);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_export_rejects_nulls, "issue: hmo (hmo_memory_export Errors)"),
    MEM_RULE(memory_export_rejects_views_and_copies,
             "issue: hmo (a whole allocation from alloc_shareable only; a.12#3)"),
    MEM_RULE(memory_export_rejects_grown, "issue: hmo (one chunk: not resized past it)"),
    MEM_RULE(memory_export_rejects_freed, "issue: hmo (HMO_EFREED)"),
    MEM_RULE(memory_import_rejects_bad_fds, "a.13#3; issue: hmo (-1, /dev/null, a closed fd)"),
    MEM_RULE(memory_import_rejects_more_than_exported,
             "issue: hmo (HMO_ERANGE, never a partial map)"),
    MEM_RULE(memory_import_refuses_resize, "issue: hmo (an import's size is the exporter's)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_import_in_same_process_shares_both_ways,
             "a.13#4; c.2 Unit_hipMemImportFromShareableHandle_Positive_Basic"),
    MEM_RULE(memory_import_outlives_exporter_free, "b.8 (memory lives while mapped)"),
    MEM_RULE(memory_import_smaller_than_exported,
             "b.3 MapPartialPhysicalMem; issue: hmo (the first granules of an export)"),
    MEM_RULE(memory_import_fd_may_be_closed_at_once, "a.13 notes (the importer's fd is not HIP's)"),
    MEM_RULE(memory_share_holds_no_fd_of_its_own,
             "a.12 consequences (the export's fd is the caller's); issue: hmo (no fd leaks)"),
    MEM_RULE(memory_import_in_exec_child,
             "b.8; c.2 Unit_hipMemImportFromShareableHandle_MulProc_ParntChldUseHdl (no kernel)"),
};

const conf_group conf_group_hmo_share_negative = CONF_GROUP("hmo_share_negative", negative_rules);
const conf_group conf_group_hmo_share = CONF_GROUP("hmo_share", functional_rules);
