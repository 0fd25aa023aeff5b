/*
 * test_export.c: an exported fd is a reference of its own. The memory and
 * its bytes outlive hipMemRelease until the fd is closed, and importing the
 * fd (here, or in a forked child) shows the same bytes. File descriptors are
 * counted throughout: an exportable handle holds its memory file, an export
 * is one more fd, the caller's, an import holds a copy of its own while it
 * lives, and nothing is left once all are released and closed.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BYTES (64 * MT_KIB)

static hipMemAllocationProp shareable(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  return prop;
}

static void fill(char *addr, unsigned seed) {
  for (size_t i = 0; i < BYTES; i++)
    addr[i] = (char)(i * 13 + seed);
}

static bool holds(const char *addr, unsigned seed) {
  for (size_t i = 0; i < BYTES; i++)
    if (addr[i] != (char)(i * 13 + seed))
      return false;
  return true;
}

/* Makes exported memory holding the pattern `seed`, then drops every mock
   reference: the returned fd is all that keeps it. */
static int export_and_forget(unsigned seed) {
  size_t fds = mt_open_fds();
  hipMemAllocationProp prop = shareable();
  mt_mapping m;
  memset(&m, 0, sizeof m);
  m.bytes = m.reserved = BYTES;
  MT_CHECK(hipMemAddressReserve(&m.base, BYTES, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&m.handle, BYTES, &prop, 0));
  MT_FDS(fds + 1, "an exportable handle: its memory file");
  MT_CHECK(hipMemMap(m.base, BYTES, 0, m.handle, 0));
  m.mapped = true;
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  fill(m.base, seed);
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, m.handle, hipMemHandleTypePosixFileDescriptor, 0));
  assert_true(fd >= 0);
  MT_FDS(fds + 2, "an export: one fd more, the caller's");
  mt_mapping_destroy(&m);
  MT_FDS(fds + 1, "the handle released: the exported fd is left");
  return fd;
}

static hipMemGenericAllocationHandle_t import(int fd) {
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemImportFromShareableHandle(&handle, (void *)(intptr_t)fd,
                                           hipMemHandleTypePosixFileDescriptor));
  assert_non_null(handle);
  return handle;
}

/* Maps an imported handle in a reservation of its own, for the CPU to read: the host's
   Read (a.8#9, b.11: imported memory too). */
static void *map_readable(hipMemGenericAllocationHandle_t handle) {
  void *base = NULL;
  MT_CHECK(hipMemAddressReserve(&base, BYTES, 0, NULL, 0));
  MT_CHECK(hipMemMap(base, BYTES, 0, handle, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(base, BYTES, &desc, 1));
  return base;
}

static void unmap_and_free(void *base) {
  MT_CHECK(hipMemUnmap(base, BYTES));
  MT_CHECK(hipMemAddressFree(base, BYTES));
}

static void test_fd_keeps_memory_after_release(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int fd = export_and_forget(1);
  assert_int_equal(mockhip_live_objects(), 0); /* the mock holds nothing */

  hipMemGenericAllocationHandle_t handle = import(fd);
  MT_FDS(fds + 2, "an import: the mock's copy of the fd");
  close(fd); /* the mock keeps its own copy */
  hipMemAllocationProp prop;
  MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&prop, handle));
  assert_int_equal(prop.type, hipMemAllocationTypePinned);
  assert_int_equal(prop.location.type, hipMemLocationTypeDevice);
  assert_int_equal(prop.location.id, 0);
  assert_int_equal(prop.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
  assert_int_equal(mt_stats().physical_bytes, BYTES);

  void *base = map_readable(handle);
  assert_true(holds(base, 1));
  unmap_and_free(base);
  MT_CHECK(hipMemRelease(handle));
  MT_FDS(fds, "the import released, the fd closed");
}

static void test_two_imports_are_two_handles(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int fd = export_and_forget(2);
  hipMemGenericAllocationHandle_t first = import(fd), second = import(fd);
  assert_ptr_not_equal(first, second);
  MT_FDS(fds + 3, "two imports: a copy each");
  MT_CHECK(hipMemRelease(first));
  MT_FDS(fds + 2, "the first import released");
  void *base = map_readable(second); /* the second survives the first's release */
  assert_true(holds(base, 2));
  unmap_and_free(base);
  MT_CHECK(hipMemRelease(second));
  close(fd);
  MT_FDS(fds, "both imports released, the fd closed");
}

static void test_each_export_is_a_new_fd(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  hipMemAllocationProp prop = shareable();
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, BYTES, &prop, 0));
  int a = -1, b = -1;
  MT_CHECK(hipMemExportToShareableHandle(&a, handle, hipMemHandleTypePosixFileDescriptor, 0));
  MT_CHECK(hipMemExportToShareableHandle(&b, handle, hipMemHandleTypePosixFileDescriptor, 0));
  assert_int_not_equal(a, b);
  close(a);
  close(b);
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(mt_open_fds(), fds); /* released memory closes its own fd */
}

/* In the child: import, map, check the bytes, overwrite them. */
static void child_rewrites(void *arg) {
  int fd = *(int *)arg;
  hipMemGenericAllocationHandle_t handle = NULL;
  void *base = NULL;
  hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite};
  if (hipMemImportFromShareableHandle(&handle, (void *)(intptr_t)fd,
                                      hipMemHandleTypePosixFileDescriptor) != hipSuccess ||
      hipMemAddressReserve(&base, BYTES, 0, NULL, 0) != hipSuccess ||
      hipMemMap(base, BYTES, 0, handle, 0) != hipSuccess ||
      hipMemSetAccess(base, BYTES, &desc, 1) != hipSuccess)
    _exit(2);
  if (!holds(base, 3))
    _exit(3);
  fill(base, 4);
}

static void test_forked_child_shares_the_bytes(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int fd = export_and_forget(3);
  assert_true(mt_exited_ok(mt_run_in_child(child_rewrites, &fd)));
  MT_FDS(fds + 1, "the child's import: none in the parent");
  hipMemGenericAllocationHandle_t handle = import(fd);
  close(fd);
  void *base = map_readable(handle);
  assert_true(holds(base, 4));
  unmap_and_free(base);
  MT_CHECK(hipMemRelease(handle));
  MT_FDS(fds, "the import released, the fd closed");
}

/* ---- negative ---- */

static void test_export_refusals(void **state) {
  (void)state;
  hipMemAllocationProp prop = shareable();
  hipMemGenericAllocationHandle_t handle = NULL, plain = NULL;
  MT_CHECK(hipMemCreate(&handle, BYTES, &prop, 0));
  prop.requestedHandleType = hipMemHandleTypeNone;
  MT_CHECK(hipMemCreate(&plain, BYTES, &prop, 0));
  size_t fds = mt_open_fds(); /* the arena file that holds `plain` stays open */
  int fd = -1;
  const hipMemAllocationHandleType posix = hipMemHandleTypePosixFileDescriptor;
  /* The exportable handle's memory file (and the arena file `plain` is in) stay open. */
  MT_EXPECT(hipErrorInvalidValue, hipMemExportToShareableHandle(&fd, handle, posix, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemExportToShareableHandle(NULL, handle, posix, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemExportToShareableHandle(&fd, plain, posix, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypeWin32, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypeFabric, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, plain, hipMemHandleTypeNone, 0));
  assert_int_equal(fd, -1);
  MT_FDS(fds, "refused exports"); /* no refusal left a descriptor behind */
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemRelease(plain));
}

static void test_unsupported_handle_types(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  const hipMemAllocationHandleType types[] = {hipMemHandleTypeWin32, hipMemHandleTypeWin32Kmt,
                                              hipMemHandleTypeFabric,
                                              (hipMemAllocationHandleType)3};
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
    prop.requestedHandleType = types[i];
    MT_EXPECT(hipErrorNotSupported, hipMemCreate(&handle, BYTES, &prop, 0));
  }
}

static void test_imported_handle_released_twice(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int fd = export_and_forget(5);
  hipMemGenericAllocationHandle_t handle = import(fd);
  close(fd);
  MT_CHECK(hipMemRelease(handle));
  MT_FDS(fds, "the import released, the fd closed");
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
  MT_FDS(fds, "a refused second release");
}

/* Imports the mock refuses keep no copy of the fd; those of fds that are no export are
   test_bad_input's. */
static void test_refused_imports_keep_no_fd(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int fd = export_and_forget(6);
  hipMemGenericAllocationHandle_t handle = NULL;
  const hipMemAllocationHandleType posix = hipMemHandleTypePosixFileDescriptor;
  MT_EXPECT(hipErrorInvalidValue,
            hipMemImportFromShareableHandle(NULL, (void *)(intptr_t)fd, posix));
  MT_EXPECT(hipErrorInvalidValue, hipMemImportFromShareableHandle(&handle, NULL, posix));
  assert_null(handle);
  MT_FDS(fds + 1, "refused imports: only the exported fd");
  close(fd);
  MT_FDS(fds, "the exported fd closed");
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_fd_keeps_memory_after_release),
      MT_CLEAN_TEST(test_two_imports_are_two_handles),
      MT_CLEAN_TEST(test_each_export_is_a_new_fd),
      MT_CLEAN_TEST(test_forked_child_shares_the_bytes),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_export_refusals),
      MT_CLEAN_TEST(test_unsupported_handle_types),
      MT_CLEAN_TEST(test_imported_handle_released_twice),
      MT_CLEAN_TEST(test_refused_imports_keep_no_fd),
  };
  return cmocka_run_group_tests_name("export", positive, NULL, NULL) +
         cmocka_run_group_tests_name("export_negative", negative, NULL, NULL);
}
