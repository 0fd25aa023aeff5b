/*
 * test_bad_input.c: garbage never crashes the mock. Unknown and released
 * handles, NULLs and descriptors that are not exported memory come back as
 * errors; every failure leaves a reason, the thread's last error follows
 * hipGetLastError/hipPeekAtLastError rules, and nothing leaks.
 */
#include "mock_test.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

static void assert_reason_given(const char *api) {
  const char *reason = mockhip_last_reason();
  assert_non_null(reason);
  assert_true(strlen(reason) > 0);
  assert_null(strchr(reason, '\n'));
  assert_non_null(strstr(reason, api)); /* the sentence names the call */
}

static void test_reason_after_failure_then_success(void **state) {
  (void)state;
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(NULL, 4096, 0, NULL, 0));
  assert_reason_given("hipMemMap");
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count));
  assert_string_equal(mockhip_last_reason(), "");
}

static void test_last_error_get_and_peek(void **state) {
  (void)state;
  (void)hipGetLastError(); /* start from a clean slate */
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(NULL));
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count)); /* a success does not hide the failure */
  assert_int_equal(hipPeekAtLastError(), hipErrorInvalidValue);
  assert_int_equal(hipPeekAtLastError(), hipErrorInvalidValue);
  assert_int_equal(hipGetLastError(), hipErrorInvalidValue);
  assert_int_equal(hipGetLastError(), hipSuccess);
  assert_int_equal(hipPeekAtLastError(), hipSuccess);
  MT_EXPECT(hipErrorInvalidDevice, hipSetDevice(-1));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(NULL)); /* the latest failure wins */
  assert_int_equal(hipGetLastError(), hipErrorInvalidValue);
}

static void *fail_in_thread(void *arg) {
  hipError_t *seen = arg;
  seen[0] = hipPeekAtLastError();
  seen[1] = hipSetDevice(1000);
  seen[2] = mockhip_last_reason()[0] != '\0' ? hipSuccess : hipErrorUnknown;
  return NULL;
}

static void test_last_error_is_per_thread(void **state) {
  (void)state;
  (void)hipGetLastError();
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(NULL));
  hipError_t seen[3];
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, fail_in_thread, seen), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_int_equal(seen[0], hipSuccess); /* not this thread's failure */
  assert_int_equal(seen[1], hipErrorInvalidDevice);
  assert_int_equal(seen[2], hipSuccess); /* its own reason */
  assert_reason_given("hipMemRelease");  /* ours is untouched */
  assert_int_equal(hipGetLastError(), hipErrorInvalidValue);
}

static void test_error_names(void **state) {
  (void)state;
  assert_string_equal(hipGetErrorName(hipErrorInvalidValue), "hipErrorInvalidValue");
  assert_string_equal(hipGetErrorName(hipErrorOutOfMemory), "hipErrorOutOfMemory");
  assert_string_equal(hipGetErrorName((hipError_t)12345), "hipErrorUnknown");
  assert_true(strlen(hipGetErrorString(hipErrorInvalidValue)) > 0);
  assert_true(strlen(hipGetErrorString((hipError_t)-7)) > 0);
}

/* ---- negative ---- */

/* Every call that takes a handle refuses this value with InvalidValue. */
static void assert_handle_refused(hipMemGenericAllocationHandle_t handle, void *reserved) {
  hipMemAllocationProp prop;
  int fd = -1;
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
  assert_reason_given("hipMemRelease");
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(reserved, mt_granularity(), 0, handle, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationPropertiesFromHandle(&prop, handle));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  assert_int_equal(fd, -1);
}

static void test_garbage_handles(void **state) {
  (void)state;
  void *reserved = NULL;
  MT_CHECK(hipMemAddressReserve(&reserved, mt_granularity(), 0, NULL, 0));
  int on_stack = 0;
  const uintptr_t garbage[] = {
      1, 0xdeadbeef, UINTPTR_MAX, 0x6d680fffffffff00u, (uintptr_t)&on_stack, (uintptr_t)reserved};
  for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++)
    assert_handle_refused((hipMemGenericAllocationHandle_t)garbage[i], reserved);
  MT_CHECK(hipMemAddressFree(reserved, mt_granularity()));
}

static void test_released_handles(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle = NULL;
  void *reserved = NULL;
  MT_CHECK(hipMemAddressReserve(&reserved, mt_granularity(), 0, NULL, 0));
  MT_CHECK(hipMemCreate(&handle, mt_granularity(), &prop, 0));
  MT_CHECK(hipMemRelease(handle));
  assert_handle_refused(handle, reserved);

  /* Mapped then released twice: the second release has no reference to drop. */
  MT_CHECK(hipMemCreate(&handle, mt_granularity(), &prop, 0));
  MT_CHECK(hipMemMap(reserved, mt_granularity(), 0, handle, 0));
  MT_CHECK(hipMemRelease(handle));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
  MT_CHECK(hipMemUnmap(reserved, mt_granularity()));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(reserved, mt_granularity()));
}

static void test_nulls(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemLocation location = {hipMemLocationTypeDevice, 0};
  hipMemAccessDesc desc = {location, hipMemAccessFlagsProtReadWrite};
  size_t value = 0, granule = mt_granularity();
  unsigned long long flags = 0;
  char host[16] = {0};
  int fd = -1;

  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationGranularity(NULL, &prop, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationGranularity(&value, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressReserve(NULL, granule, 0, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressFree(NULL, granule));
  MT_EXPECT(hipErrorInvalidValue, hipMemCreate(NULL, granule, &prop, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemCreate(&handle, granule, NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(NULL, granule, 0, (void *)1, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(NULL, granule));
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(NULL, granule, &desc, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(NULL, &location, host));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, NULL, host));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &location, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(NULL, host));
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(&handle, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationPropertiesFromHandle(NULL, (void *)1));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationPropertiesFromHandle(&prop, NULL));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(NULL, (void *)1, hipMemHandleTypePosixFileDescriptor, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, NULL, hipMemHandleTypePosixFileDescriptor, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemImportFromShareableHandle(NULL, (void *)3, hipMemHandleTypePosixFileDescriptor));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemImportFromShareableHandle(&handle, NULL, hipMemHandleTypePosixFileDescriptor));
  MT_EXPECT(hipErrorInvalidValue, hipMemMapArrayAsync(NULL, 1, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(NULL, host, sizeof host, hipMemcpyHostToHost));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(host, NULL, sizeof host, hipMemcpyHostToHost));
  MT_EXPECT(hipErrorInvalidValue, hipMemset(NULL, 0, sizeof host));
  MT_EXPECT(hipErrorInvalidValue, hipMalloc(NULL, granule));
  MT_EXPECT(hipErrorInvalidValue, hipStreamCreate(NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipStreamDestroy(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGetDeviceCount(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipGetDevice(NULL));
  /* Size 0 copies nothing, so NULL is fine there. */
  MT_CHECK(hipMemcpy(NULL, NULL, 0, hipMemcpyDefault));
  MT_CHECK(hipFree(NULL));
}

static void test_bad_streams(void **state) {
  (void)state;
  hipStream_t stream = NULL;
  char a[8] = {0}, b[8] = {0};
  int on_stack = 0;
  hipStream_t garbage = (hipStream_t)&on_stack;
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamDestroy(garbage));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamSynchronize(garbage));
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipMemcpyAsync(a, b, sizeof a, hipMemcpyHostToHost, garbage));
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamSynchronize(stream));
  MT_CHECK(hipStreamSynchronize(NULL)); /* the null stream always exists */
}

static void test_bad_frees(void **state) {
  (void)state;
  char *block = NULL;
  int on_stack = 0;
  MT_CHECK(hipMalloc((void **)&block, 4096));
  MT_EXPECT(hipErrorInvalidValue, hipFree(&on_stack));
  MT_EXPECT(hipErrorInvalidValue, hipFree(block + 16));
  MT_CHECK(hipFree(block));
  MT_EXPECT(hipErrorInvalidValue, hipFree(block));
}

#define ALL_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) /* what the mock's files carry */

/* A memory file made here, under any name, of any size, with any seals. */
static int memfd_named(const char *name, size_t bytes, int seals) {
  int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
  assert_true(fd >= 0);
  assert_int_equal(ftruncate(fd, (off_t)bytes), 0);
  if (seals != 0)
    assert_int_equal(fcntl(fd, F_ADD_SEALS, seals), 0);
  return fd;
}

static int memfd_of(size_t bytes, bool sealed) {
  return memfd_named("not-mockhip", bytes, sealed ? ALL_SEALS : 0);
}

static void assert_import_refused(int fd, const char *what) {
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t err = hipMemImportFromShareableHandle(&handle, (void *)(intptr_t)fd,
                                                   hipMemHandleTypePosixFileDescriptor);
  if (err != hipErrorInvalidValue)
    print_error("import of %s returned %s\n", what, hipGetErrorName(err));
  if (err == hipSuccess)
    hipMemRelease(handle); /* fail this case only, not the leak check too */
  assert_int_equal(err, hipErrorInvalidValue);
  assert_reason_given("hipMemImportFromShareableHandle");
}

static void test_import_of_non_exported_fds(void **state) {
  (void)state;
  size_t fds = mt_open_fds(), granule = mt_granularity();
  assert_import_refused(-1, "fd -1");
  int closed = memfd_of(granule, true);
  close(closed);
  assert_import_refused(closed, "a closed fd");

  FILE *file = tmpfile();
  assert_non_null(file);
  assert_int_equal(ftruncate(fileno(file), (off_t)granule), 0);
  assert_import_refused(fileno(file), "a regular file");
  fclose(file);

  int pipe_fds[2], socket_fds[2];
  assert_int_equal(pipe(pipe_fds), 0);
  assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, socket_fds), 0);
  assert_import_refused(pipe_fds[0], "a pipe");
  assert_import_refused(pipe_fds[1], "a pipe's write end");
  assert_import_refused(socket_fds[0], "a socket");
  for (int i = 0; i < 2; i++)
    close(pipe_fds[i]), close(socket_fds[i]);

  int memfds[] = {memfd_of(granule, false), memfd_of(100, true), memfd_of(0, true),
                  memfd_of(granule, true)};
  assert_import_refused(memfds[0], "an unsealed memfd");
  assert_import_refused(memfds[1], "a sealed memfd of 100 bytes");
  assert_import_refused(memfds[2], "a sealed empty memfd");
  assert_import_refused(memfds[3], "a sealed memfd made outside the mock");
  for (int i = 0; i < 4; i++)
    close(memfds[i]);
  assert_int_equal(mt_open_fds(), fds); /* the mock kept no copy of any of them */
}

static void assert_os_handle_refused(void *os_handle, const char *what) {
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMemImportFromShareableHandle(
                                      &handle, os_handle, hipMemHandleTypePosixFileDescriptor));
  if (handle != NULL)
    print_error("import of %s wrote a handle\n", what);
  assert_null(handle);
  assert_reason_given("hipMemImportFromShareableHandle");
}

static void test_import_of_values_that_are_no_fd(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  assert_os_handle_refused((void *)(intptr_t)-2, "fd -2");
  assert_os_handle_refused((void *)INTPTR_MIN, "the most negative value");
  assert_os_handle_refused((void *)((intptr_t)INT32_MAX + 1), "a value beyond any int");
  assert_os_handle_refused((void *)(intptr_t)INT32_MAX, "the largest int");
  assert_os_handle_refused((void *)(intptr_t)(1 << 20), "an fd number nothing has open");
  assert_int_equal(mt_open_fds(), fds);
}

static void test_import_of_other_files(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  int null_device = open("/dev/null", O_RDWR | O_CLOEXEC);
  int directory = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  assert_true(null_device >= 0 && directory >= 0);
  assert_import_refused(null_device, "/dev/null");
  assert_import_refused(directory, "a directory");
  close(null_device);
  close(directory);

  /* Named like the mock's own files, so only the seals and the size can tell. */
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  int lookalikes[] = {
      memfd_named("mockhip-vmm", page, 0),
      memfd_named("mockhip-vmm", page, F_SEAL_SHRINK | F_SEAL_GROW),
      memfd_named("mockhip-vmm", 100, ALL_SEALS),
      memfd_named("mockhip-vmm", page + 100, ALL_SEALS),
      memfd_named("mockhip-vmm", 0, ALL_SEALS),
  };
  assert_import_refused(lookalikes[0], "an unsealed look-alike");
  assert_import_refused(lookalikes[1], "a look-alike that still takes new seals");
  assert_import_refused(lookalikes[2], "a sealed look-alike of 100 bytes");
  assert_import_refused(lookalikes[3], "a sealed look-alike of a page and 100 bytes");
  assert_import_refused(lookalikes[4], "a sealed empty look-alike");
  for (size_t i = 0; i < sizeof lookalikes / sizeof lookalikes[0]; i++)
    close(lookalikes[i]);
  assert_int_equal(mt_open_fds(), fds);
}

/* A real export reopened through /proc without write (or read) permission:
   it could be mapped but never made read-write, so import refuses it. */
static void test_import_of_reopened_exports(void **state) {
  (void)state;
  size_t fds = mt_open_fds(), granule = mt_granularity();
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemCreate(&handle, granule, &prop, 0));
  int exported = -1;
  MT_CHECK(
      hipMemExportToShareableHandle(&exported, handle, hipMemHandleTypePosixFileDescriptor, 0));
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", exported);
  int read_only = open(path, O_RDONLY | O_CLOEXEC), write_only = open(path, O_WRONLY | O_CLOEXEC);
  assert_true(read_only >= 0 && write_only >= 0);
  assert_import_refused(read_only, "an export reopened read-only");
  assert_import_refused(write_only, "an export reopened write-only");
  close(read_only);
  close(write_only);
  close(exported);
  MT_CHECK(hipMemRelease(handle));
  assert_int_equal(mt_open_fds(), fds);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_reason_after_failure_then_success),
      MT_CLEAN_TEST(test_last_error_get_and_peek),
      MT_CLEAN_TEST(test_last_error_is_per_thread),
      MT_CLEAN_TEST(test_error_names),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_garbage_handles),
      MT_CLEAN_TEST(test_released_handles),
      MT_CLEAN_TEST(test_nulls),
      MT_CLEAN_TEST(test_bad_streams),
      MT_CLEAN_TEST(test_bad_frees),
      MT_CLEAN_TEST(test_import_of_non_exported_fds),
      MT_CLEAN_TEST(test_import_of_values_that_are_no_fd),
      MT_CLEAN_TEST(test_import_of_other_files),
      MT_CLEAN_TEST(test_import_of_reopened_exports),
  };
  return cmocka_run_group_tests_name("bad_input", positive, NULL, NULL) +
         cmocka_run_group_tests_name("bad_input_negative", negative, NULL, NULL);
}
