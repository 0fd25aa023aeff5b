/*
 * test_share.c: which form of hipMemImportFromShareableHandle's osHandle hmo
 * picks on each ROCm release the mock plays (run once per release, see
 * CMakeLists.txt). 6.2 to 7.1 read the fd through a pointer and say so by
 * their version: no probe. 7.2 reads it through a pointer too, the newest
 * runtime takes the value, and both report 7.2: the first import probes with
 * a granule of hmo's own (one import call more on 7.2, where the pointer form
 * works; two on the newest, where it fails and the value form follows), and
 * the answer is kept, so the second import makes one call. A wrong pick
 * crashes the pointer-reading releases (the mock's strict mode fails the
 * group on it) or fails the import. 6.1 has no sharing: HMO_EDEVICE. On HIP
 * over CUDA (MOCKHIP_PLATFORM=nvidia, ctest hmo_share-nvidia) the fd's value is
 * taken from the start (one call), and an fd of no export is hipErrorUnknown.
 * File descriptors are counted around each step: the export's is the
 * caller's, the probe keeps none, an import holds what a second one holds,
 * and a failed import (the probe run first on a fresh device) leaves none.
 */
#include "hmo_test.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned long long import_calls(void) {
  return ht_stats().calls[MOCKHIP_CALL_hipMemImportFromShareableHandle];
}

/* The import calls the first import makes on this release; 0: sharing is not supported. */
static unsigned long long first_import_calls(const char *release) {
  if (strcmp(release, "6.0") == 0 || strcmp(release, "6.1") == 0)
    return 0;
  /* From 7.1 the probe's pointer form fails, its value form works, then the import. */
  if (strcmp(release, "7.1") == 0 || strcmp(release, "7.2") == 0 || strcmp(release, "newest") == 0)
    return 3;
  return 1;
}

static void test_import_picks_the_release_form(void **state) {
  (void)state;
  const char *release = mockhip_rocm_version();
  unsigned long long expected = first_import_calls(release);
  if (expected == 0) {
    printf("skip: ROCm %s cannot share memory (test_share_unsupported checks that)\n", release);
    skip();
    return;
  }
  size_t fds_at_start = ht_open_fds();
  hmo_device *dev = NULL;
  HT_OK(hmo_device_open(&dev, 0));
  hmo_memory *mem = NULL, *first = NULL, *second = NULL;
  unsigned char host[4096], back[4096];
  ht_fill(host, sizeof host, 3);
  HT_OK(hmo_memory_alloc_shareable(&mem, dev, sizeof host, HMO_UINT8, host));
  size_t fds_exportable = ht_open_fds(); /* the mock's memory file of an exportable chunk */
  int fd = -1;
  HT_OK(hmo_memory_export(mem, &fd));
  HT_FDS(fds_exportable + 1, "hmo_memory_export: one fd, the caller's");
  size_t fds_exported = fds_exportable + 1;
  unsigned long long before = import_calls();
  HT_OK(hmo_memory_import(&first, dev, fd, sizeof host, HMO_UINT8));
  unsigned long long probed = import_calls() - before;
  size_t fds_first = ht_open_fds() - fds_exported;
  before = import_calls();
  HT_OK(hmo_memory_import(&second, dev, fd, sizeof host, HMO_UINT8));
  unsigned long long remembered = import_calls() - before;
  size_t fds_second = ht_open_fds() - fds_exported - fds_first;
  printf("ROCm %s: the first import made %llu import call(s) and holds %zu fd(s), the second "
         "%llu and %zu\n",
         release, probed, fds_first, remembered, fds_second);
  assert_int_equal(probed, expected);
  assert_int_equal(remembered, 1);
  /* Where the first import probed, the probe exported, imported and released memory of its
     own: it left no descriptor, so the first import holds what the second holds. */
  assert_int_equal(fds_first, fds_second);
  HT_OK(hmo_memory_copy_to(second, back, HMO_ALL, 0));
  assert_int_equal(ht_check(back, sizeof back, 3), sizeof back);
  hmo_memory_release(second);
  hmo_memory_release(first);
  HT_FDS(fds_exported, "both imports released");
  hmo_memory_release(mem);
  close(fd);
  HT_OK(hmo_device_close(dev));
  HT_FDS(fds_at_start, "everything released, the exported fd closed");
  assert_int_equal(mockhip_strict_count(), 0);
  ht_assert_mock_clean();
}

/* Imports that fail, each on a device of its own (where the release needs one, the probe runs
   first): a pipe (no memory file at all), an fd past the exported size, a closed fd. */
static void test_failed_imports_leave_no_fd(void **state) {
  (void)state;
  if (first_import_calls(mockhip_rocm_version()) == 0) {
    printf("skip: ROCm %s cannot share memory (test_share_unsupported checks that)\n",
           mockhip_rocm_version());
    skip();
    return;
  }
  size_t fds_at_start = ht_open_fds();
  hmo_device *dev = NULL;
  hmo_memory *mem = NULL, *out = NULL;
  HT_OK(hmo_device_open(&dev, 0));
  HT_OK(hmo_memory_alloc_shareable(&mem, dev, 100, HMO_UINT8, NULL));
  int fd = -1, ends[2];
  HT_OK(hmo_memory_export(mem, &fd));
  assert_int_equal(pipe2(ends, O_CLOEXEC), 0);
  int closed = dup(ends[0]);
  assert_true(closed >= 0);
  close(closed);
  struct {
    int fd;
    size_t count;
    int status;
    const char *what;
  } cases[] = {
      {ends[0], 100, HMO_EINVAL, "a pipe"},
      {fd, 100 * ht_granularity(), HMO_ERANGE, "more than was exported"},
      {closed, 100, HMO_EINVAL, "a closed fd"},
      {fd, 100, HMO_OK, "the export (the probe ran before, where it runs)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    hmo_device *fresh = NULL;
    HT_OK(hmo_device_open(&fresh, 0));
    size_t fds = ht_open_fds();
    HT_EXPECT(cases[i].status,
              hmo_memory_import(&out, fresh, cases[i].fd, cases[i].count, HMO_UINT8));
    if (cases[i].status != HMO_OK)
      HT_FDS(fds, cases[i].what);
    hmo_memory_release(out);
    out = NULL;
    HT_FDS(fds, cases[i].what);
    HT_OK(hmo_device_close(fresh));
  }
  close(ends[0]);
  close(ends[1]);
  close(fd);
  hmo_memory_release(mem);
  HT_OK(hmo_device_close(dev));
  HT_FDS(fds_at_start, "everything released and closed");
  assert_int_equal(mockhip_strict_count(), 0);
  ht_assert_mock_clean();
}

/*
 * An fd that holds no export is HMO_EINVAL, saying so, whatever the runtime answers: ROCm
 * hipErrorInvalidValue, the CUDA driver under HIP on NVIDIA CUDA_ERROR_UNKNOWN, so
 * hipErrorUnknown (row import_bad_fd of docs/hip-vmm-semantics.md; an H200's answer), which is
 * otherwise HMO_EBACKEND. -1 and a closed fd are hmo's to refuse, before any HIP call; an open
 * fd of something else goes to the runtime, except where its empty file already tells hmo
 * (/dev/null, where a file's size is read: not on NVIDIA, where an export's fd tells none).
 */
static void test_import_of_no_export_is_einval(void **state) {
  (void)state;
  if (first_import_calls(mockhip_rocm_version()) == 0) {
    printf("skip: ROCm %s cannot share memory (test_share_unsupported checks that)\n",
           mockhip_rocm_version());
    skip();
    return;
  }
  bool nvidia = strcmp(mockhip_platform(), "nvidia") == 0;
  hipError_t no_export = nvidia ? hipErrorUnknown : hipErrorInvalidValue;
  assert_string_equal(mockhip_profile_cell("import_bad_fd"), nvidia ? "Unknown" : "InvalidValue");
  hmo_device *dev = NULL;
  HT_OK(hmo_device_open(&dev, 0));
  /* The first import on the device probes its form where it must (7.1 on): done here, with a
     real export, so that each refusal below is the import's own. */
  hmo_memory *mem = NULL, *imported = NULL, *out = NULL;
  int fd = -1;
  HT_OK(hmo_memory_alloc_shareable(&mem, dev, 100, HMO_UINT8, NULL));
  HT_OK(hmo_memory_export(mem, &fd));
  HT_OK(hmo_memory_import(&imported, dev, fd, 100, HMO_UINT8));
  int ends[2];
  assert_int_equal(pipe2(ends, O_CLOEXEC), 0);
  int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  assert_true(null_fd >= 0);
  /* A file of memory, one granule long, that no export made. */
  int memory_fd = memfd_create("not-an-export", MFD_CLOEXEC);
  assert_true(memory_fd >= 0);
  assert_int_equal(ftruncate(memory_fd, (off_t)ht_granularity()), 0);
  int closed = dup(ends[0]); /* last: no fd opened after it takes its number */
  assert_true(closed >= 0);
  close(closed);
  struct {
    int fd;
    bool asks_hip;
    const char *says;
  } cases[] = {
      {-1, false, "fd -1 is negative"},
      {closed, false, "is not an open file descriptor"},
      {ends[0], true, "holds no memory exported by hmo_memory_export"},
      {memory_fd, true, "holds no memory exported by hmo_memory_export"},
      {null_fd, nvidia, nvidia ? "holds no memory exported by hmo_memory_export" : "is empty"},
  };
  size_t fds = ht_open_fds();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    unsigned long long before = import_calls();
    HT_EXPECT(HMO_EINVAL, hmo_memory_import(&out, dev, cases[i].fd, 100, HMO_UINT8));
    const hmo_error *last = hmo_error_last();
    printf("fd %d: %s, hip_error %d: %s\n", cases[i].fd, ht_status_name(last->status),
           last->hip_error, last->message);
    assert_null(out);
    assert_int_equal(last->status, HMO_EINVAL);
    assert_non_null(strstr(last->message, "hmo_memory_import: fd "));
    assert_non_null(strstr(last->message, cases[i].says));
    assert_int_equal(import_calls() - before, cases[i].asks_hip ? 1 : 0);
    assert_int_equal(last->hip_error, cases[i].asks_hip ? no_export : hipSuccess);
  }
  HT_FDS(fds, "refused imports");
  close(memory_fd);
  close(null_fd);
  close(ends[0]);
  close(ends[1]);
  close(fd);
  hmo_memory_release(imported);
  hmo_memory_release(mem);
  HT_OK(hmo_device_close(dev));
  assert_int_equal(mockhip_strict_count(), 0);
  ht_assert_mock_clean();
}

static void test_share_unsupported(void **state) {
  (void)state;
  if (first_import_calls(mockhip_rocm_version()) != 0) {
    printf("skip: ROCm %s shares memory (test_import_picks_the_release_form checks it)\n",
           mockhip_rocm_version());
    skip();
    return;
  }
  hmo_device *dev = NULL;
  if (hmo_device_open(&dev, 0) != HMO_OK) {
    printf("skip: ROCm %s has no VMM device: %s\n", mockhip_rocm_version(),
           hmo_error_last()->message);
    skip();
    return;
  }
  hmo_memory *mem = NULL;
  HT_EXPECT(HMO_EDEVICE, hmo_memory_alloc_shareable(&mem, dev, 100, HMO_UINT8, NULL));
  assert_non_null(strstr(hmo_error_last()->message, "cannot export"));
  HT_EXPECT(HMO_EDEVICE, hmo_memory_import(&mem, dev, 0, 100, HMO_UINT8));
  assert_null(mem);
  HT_OK(hmo_device_close(dev));
  ht_assert_mock_clean();
}

int main(void) {
  mockhip_strict(1); /* a value given to a pointer-reading release is a crash there */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_import_picks_the_release_form),
      cmocka_unit_test(test_failed_imports_leave_no_fd),
      cmocka_unit_test(test_import_of_no_export_is_einval),
      cmocka_unit_test(test_share_unsupported),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
