/*
 * profile_rows_sharing.c: the rows of table (g) about handles seen from
 * outside: retain (and its reference), export and import of POSIX fds, the
 * properties of an imported handle.
 */
#include "profile_check.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void test_retain_non_vmm(void **state) {
  (void)state;
  const row *r = &retain_non_vmm;
  char *block = NULL;
  MT_CHECK(hipMalloc((void **)&block, mt_granularity()));
  hipMemGenericAllocationHandle_t handle = NULL;
  strict_begin();
  hipError_t err = hipMemRetainAllocationHandle(&handle, block + 16);
  char *said = strict_end();
  ROW_EXPECT(r, code_of(r), err);
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);
  MT_CHECK(hipFree(block));
}

void test_retain_adds_reference(void **state) {
  (void)state;
  const row *r = &retain_adds_reference;
  bool adds = cell_of(r) == YES;
  size_t g = mt_granularity();
  char *base = reserve(g);

  /* A program that releases only what it created (the 6.x hip-tests). */
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone), got = NULL;
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  ROW_EXPECT(r, hipSuccess, hipMemRetainAllocationHandle(&got, base + 100));
  assert_ptr_equal(got, handle);
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemUnmap(base, g));
  assert_int_equal(mt_stats().live_handles, adds ? 1 : 0);
  if (adds)
    MT_CHECK(hipMemRelease(got));
  assert_int_equal(mt_stats().live_handles, 0);

  /* A CUDA-style program that releases what it retained: one release early
     without the reference, which strict mode reports as a double release. */
  handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  MT_CHECK(hipMemRetainAllocationHandle(&got, base));
  MT_CHECK(hipMemRelease(got));
  strict_begin();
  hipError_t err = hipMemRelease(handle);
  char *said = strict_end();
  if (adds)
    ROW_EXPECT(r, hipSuccess, err);
  bool reported = strstr(said, "double release") != NULL;
  if (reported != !adds)
    print_error("row %s, profile %s: stderr was:\n%s", r->key, profile_names[played], said);
  assert_int_equal(reported, !adds);
  free(said);
  assert_int_equal(mt_stats().live_handles, 1); /* the mapping holds it */
  MT_CHECK(hipMemUnmap(base, g));
  assert_int_equal(mt_stats().live_handles, 0);
  MT_CHECK(hipMemAddressFree(base, g));
}

/* hipMemGetAllocationPropertiesFromHandle of a handle released for good: the properties it was
   made with, or InvalidValue; strict mode reports the use either way, once per call site
   (`first`). */
static void expect_released_properties(const row *r, hipMemGenericAllocationHandle_t handle,
                                       bool first) {
  hipMemAllocationProp prop;
  memset(&prop, 0xa5, sizeof prop);
  strict_begin();
  hipError_t err = hipMemGetAllocationPropertiesFromHandle(&prop, handle);
  char *said = strict_end();
  bool answered = cell_of(r) == SUCCESS;
  ROW_EXPECT(r, answered ? hipSuccess : hipErrorInvalidValue, err);
  assert_int_equal(strstr(said, "was released") != NULL, first);
  free(said);
  if (answered) {
    assert_int_equal(prop.type, hipMemAllocationTypePinned);
    assert_int_equal(prop.location.type, hipMemLocationTypeDevice);
    assert_int_equal(prop.location.id, 0);
    assert_int_equal(prop.requestedHandleType, hipMemHandleTypeNone);
  }
}

void test_properties_of_released(void **state) {
  (void)state;
  const row *r = &properties_of_released;
  size_t g = mt_granularity();
  /* Created and released; a second release is refused everywhere. */
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemRelease(handle));
  expect_released_properties(r, handle, true);
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemRelease(handle));

  /* The last reference released is one a retain took, where a retain takes one. */
  if (cell_of(&retain_adds_reference) == YES) {
    char *base = reserve(g);
    handle = create(g, hipMemHandleTypeNone);
    hipMemGenericAllocationHandle_t retained = NULL;
    MT_CHECK(hipMemMap(base, g, 0, handle, 0));
    MT_CHECK(hipMemRetainAllocationHandle(&retained, base));
    MT_CHECK(hipMemRelease(handle));
    MT_CHECK(hipMemUnmap(base, g));
    MT_CHECK(hipMemAddressFree(base, g));
    assert_int_equal(mt_stats().live_handles, 1);
    MT_CHECK(hipMemRelease(retained));
    expect_released_properties(r, retained, false);
    ROW_EXPECT(r, hipErrorInvalidValue, hipMemRelease(retained));
  }
  assert_int_equal(mt_stats().live_handles, 0);
}

void test_export_supported(void **state) {
  (void)state;
  const row *r = &export_supported;
  size_t g = mt_granularity();
  if (cell_of(r) == YES) {
    hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypePosixFileDescriptor);
    int fd = export_fd(handle);
    close(fd);
    MT_CHECK(hipMemRelease(handle));
    return;
  }
  /* NotSupported after the argument checks, for export and for import. */
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone), imported = NULL;
  int fd = -1;
  ROW_EXPECT(r, hipErrorNotSupported,
             hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  assert_int_equal(fd, -1);
  int real_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
  assert_true(real_fd >= 0);
  ROW_EXPECT(
      r, hipErrorNotSupported,
      hipMemImportFromShareableHandle(&imported, &real_fd, hipMemHandleTypePosixFileDescriptor));
  assert_null(imported);
  close(real_fd);
  MT_CHECK(hipMemRelease(handle));
}

void test_export_null_handle(void **state) {
  (void)state;
  const row *r = &export_null_handle;
  hipMemAllocationHandleType type = cell_of(&create_handle_types) == POSIX
                                        ? hipMemHandleTypePosixFileDescriptor
                                        : hipMemHandleTypeNone;
  hipMemGenericAllocationHandle_t handle = create(mt_granularity(), type);
  strict_begin();
  hipError_t err =
      hipMemExportToShareableHandle(NULL, handle, hipMemHandleTypePosixFileDescriptor, 0);
  char *said = strict_end();
  ROW_EXPECT(r, code_of(r), err);
  assert_strict(r, said, "crashes here", cell_of(r) == CRASH);
  MT_CHECK(hipMemRelease(handle));
}

void test_import_os_handle(void **state) {
  (void)state;
  const row *r = &import_os_handle;
  size_t g = mt_granularity();
  hipMemGenericAllocationHandle_t imported = NULL;
  if (cell_of(r) == UNSUPPORTED) {
    int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    ROW_EXPECT(
        r, hipErrorNotSupported,
        hipMemImportFromShareableHandle(&imported, &fd, hipMemHandleTypePosixFileDescriptor));
    close(fd);
    return;
  }
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypePosixFileDescriptor);
  int fd = export_fd(handle);
  if (cell_of(r) == POINTER) {
    ROW_EXPECT(
        r, hipSuccess,
        hipMemImportFromShareableHandle(&imported, &fd, hipMemHandleTypePosixFileDescriptor));
  } else { /* value; the address of the fd is no fd */
    ROW_EXPECT(r, hipSuccess,
               hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                               hipMemHandleTypePosixFileDescriptor));
    hipMemGenericAllocationHandle_t wrong = NULL;
    ROW_EXPECT(r, hipErrorInvalidValue,
               hipMemImportFromShareableHandle(&wrong, &fd, hipMemHandleTypePosixFileDescriptor));
  }
  assert_non_null(imported);
  assert_ptr_not_equal(imported, handle);

  /* The imported handle is the same memory. */
  char *base = reserve(4 * g);
  MT_CHECK(hipMemMap(base, 2 * g, 0, handle, 0));
  MT_CHECK(hipMemMap(base + 2 * g, 2 * g, 0, imported, 0));
  set_access(base, 4 * g, hipMemLocationTypeDevice, 0);
  assert_shared(base, base + 2 * g, 2 * g);
  MT_CHECK(hipMemUnmap(base, 2 * g));
  MT_CHECK(hipMemUnmap(base + 2 * g, 2 * g));
  MT_CHECK(hipMemAddressFree(base, 4 * g));
  MT_CHECK(hipMemRelease(imported));
  MT_CHECK(hipMemRelease(handle));
  close(fd);
}

void test_import_bad_fd(void **state) {
  (void)state;
  const row *r = &import_bad_fd;
  hipMemGenericAllocationHandle_t imported = NULL;
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  if (cell_of(&export_supported) == NO) { /* import is NotSupported before any fd is read */
    ROW_EXPECT(r, hipErrorNotSupported, import_fd(&imported, &fds[0]));
  } else {
    /* An open fd of no export, a closed one, -1: the row's code for each. */
    ROW_EXPECT(r, code_of(r), import_fd(&imported, &fds[0]));
    close(fds[1]);
    int closed = fds[1];
    fds[1] = -1;
    ROW_EXPECT(r, code_of(r), import_fd(&imported, &closed));
    int none = -1;
    ROW_EXPECT(r, code_of(r), import_fd(&imported, &none));
  }
  assert_null(imported);
  close(fds[0]);
  if (fds[1] >= 0)
    close(fds[1]);
}

void test_imported_handle_type(void **state) {
  (void)state;
  const row *r = &imported_handle_type;
  hipMemGenericAllocationHandle_t imported = NULL;
  if (cell_of(&export_supported) == NO) {
    /* The cell is borrowed ("as 6.2"): nothing can be imported to show it. */
    int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    ROW_EXPECT(r, hipErrorNotSupported, import_fd(&imported, &fd));
    close(fd);
    return;
  }
  hipMemGenericAllocationHandle_t handle =
      create(mt_granularity(), hipMemHandleTypePosixFileDescriptor);
  int fd = export_fd(handle);
  ROW_EXPECT(r, hipSuccess, import_fd(&imported, &fd));
  hipMemAllocationProp prop;
  memset(&prop, 0xff, sizeof prop);
  MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&prop, imported));
  assert_int_equal(prop.requestedHandleType,
                   cell_of(r) == GIVEN ? hipMemHandleTypePosixFileDescriptor : 0);
  assert_int_equal(prop.type, hipMemAllocationTypePinned);
  assert_int_equal(prop.location.type, hipMemLocationTypeDevice);
  assert_int_equal(prop.location.id, 0);
  MT_CHECK(hipMemRelease(imported));
  MT_CHECK(hipMemRelease(handle));
  close(fd);
}
