/*
 * test_mempool_ipc.c: pools shared between processes (clr's
 * hipMemPoolExportToShareableHandle, hipMemPoolImportFromShareableHandle,
 * hipMemPoolExportPointer, hipMemPoolImportPointer): a pool made with
 * handleTypes PosixFileDescriptor exports an fd; another process (a forked
 * child, given the fd over a unix socket as hip-tests do) imports the pool
 * and, from plain export data, an allocation, whose bytes are the exporter's.
 * The imported pool carries the exporter's reuse state and access. Every
 * argument check has its case. Runs with two devices.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define BYTES (64 * 1024)

static const hipMemAllocationHandleType posix_fd = hipMemHandleTypePosixFileDescriptor;

static hipMemPool_t pool_on(int device, hipMemAllocationHandleType type) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = type;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  hipMemPool_t pool = NULL;
  MT_CHECK(hipMemPoolCreate(&pool, &props));
  return pool;
}

static void fill(void *device_ptr, unsigned char seed) {
  unsigned char bytes[BYTES];
  for (size_t i = 0; i < BYTES; i++)
    bytes[i] = (unsigned char)(seed + i * 13);
  MT_CHECK(hipMemcpy(device_ptr, bytes, BYTES, hipMemcpyHostToDevice));
}

/* Whether the BYTES at device_ptr are fill's for seed. */
static bool holds(const void *device_ptr, unsigned char seed) {
  unsigned char bytes[BYTES];
  if (hipMemcpy(bytes, device_ptr, BYTES, hipMemcpyDeviceToHost) != hipSuccess)
    return false;
  for (size_t i = 0; i < BYTES; i++)
    if (bytes[i] != (unsigned char)(seed + i * 13))
      return false;
  return true;
}

/* What a test shares: a shareable pool with one filled allocation, exported. */
typedef struct shared {
  hipMemPool_t pool;
  unsigned char *ptr; /* BYTES, filled with seed 1 */
  int fd;
  hipMemPoolPtrExportData data;
} shared;

static void shared_make(shared *sh) {
  sh->pool = pool_on(0, posix_fd);
  MT_CHECK(hipMallocFromPoolAsync((void **)&sh->ptr, BYTES, sh->pool, NULL));
  fill(sh->ptr, 1);
  MT_CHECK(hipMemPoolExportToShareableHandle(&sh->fd, sh->pool, posix_fd, 0));
  MT_CHECK(hipMemPoolExportPointer(&sh->data, sh->ptr));
}

static void shared_free(shared *sh) {
  MT_CHECK(hipFreeAsync(sh->ptr, NULL));
  MT_CHECK(hipMemPoolDestroy(sh->pool));
  close(sh->fd);
}

/* ---- one process ---- */

/* The imported allocation is the exported one: each side sees what the other wrote. */
static void test_same_process_round_trip(void **state) {
  (void)state;
  size_t fds = mt_open_fds();
  shared sh;
  shared_make(&sh);
  hipMemPool_t imported = NULL;
  MT_CHECK(hipMemPoolImportFromShareableHandle(&imported, (void *)(intptr_t)sh.fd, posix_fd, 0));
  unsigned char *ptr = NULL;
  MT_CHECK(hipMemPoolImportPointer((void **)&ptr, imported, &sh.data));
  assert_ptr_not_equal(ptr, sh.ptr);
  assert_true(holds(ptr, 1));
  fill(ptr, 2);
  assert_true(holds(sh.ptr, 2));
  /* An address inside the allocation exports as itself. */
  hipMemPoolPtrExportData inner;
  MT_CHECK(hipMemPoolExportPointer(&inner, sh.ptr + 100));
  unsigned char *inner_ptr = NULL;
  MT_CHECK(hipMemPoolImportPointer((void **)&inner_ptr, imported, &inner));
  unsigned char byte = 0;
  MT_CHECK(hipMemcpy(&byte, inner_ptr, 1, hipMemcpyDeviceToHost));
  assert_int_equal(byte, (unsigned char)(2 + 100 * 13));
  /* What an import holds is counted as used by the imported pool. */
  uint64_t used = 0;
  MT_CHECK(hipMemPoolGetAttribute(imported, hipMemPoolAttrUsedMemCurrent, &used));
  assert_int_equal(used, 2 * BYTES);
  assert_int_equal(mockhip_live_objects(), 5); /* 2 pools, 3 allocations */
  MT_CHECK(hipFree(ptr));
  MT_CHECK(hipFreeAsync(inner_ptr, NULL));
  MT_CHECK(hipStreamSynchronize(NULL)); /* the imported pool lets go of the mappings */
  MT_CHECK(hipMemPoolGetAttribute(imported, hipMemPoolAttrReservedMemCurrent, &used));
  assert_int_equal(used, 0);
  MT_CHECK(hipMemPoolDestroy(imported));
  assert_true(holds(sh.ptr, 2));
  shared_free(&sh);
  MT_FDS(fds, "after the round trip");
}

/* The imported pool takes the exporter's reuse state and access, on this process's current
   device, which always reads and writes it. */
static void test_import_takes_state_and_access(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, posix_fd);
  int off = 0;
  MT_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &off));
  hipMemAccessDesc grant = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemPoolSetAccess(pool, &grant, 1));
  int fd = -1;
  MT_CHECK(hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 0));
  MT_CHECK(hipSetDevice(1));
  hipMemPool_t imported = NULL;
  MT_CHECK(hipMemPoolImportFromShareableHandle(&imported, (void *)(intptr_t)fd, posix_fd, 0));
  MT_CHECK(hipSetDevice(0));
  int value = -1;
  MT_CHECK(hipMemPoolGetAttribute(imported, hipMemPoolReuseAllowOpportunistic, &value));
  assert_int_equal(value, 0);
  MT_CHECK(hipMemPoolGetAttribute(imported, hipMemPoolReuseFollowEventDependencies, &value));
  assert_int_equal(value, 1);
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0}, device1 = {hipMemLocationTypeDevice, 1};
  MT_CHECK(hipMemPoolGetAccess(&flags, imported, &device1));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemPoolGetAccess(&flags, imported, &device0));
  assert_int_equal(flags, hipMemAccessFlagsProtNone); /* the exporter's own, not granted */
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "device 1 imported"));
  free(dump);
  MT_CHECK(hipMemPoolDestroy(imported));
  MT_CHECK(hipMemPoolDestroy(pool));
  close(fd);
}

/* ---- two processes ---- */

/* Sends fd over a unix socket, as hip-tests' ipcSocketCom does. */
static void send_fd(int socket, int fd) {
  char byte = 0;
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr header;
    char room[CMSG_SPACE(sizeof(int))];
  } control;
  memset(&control, 0, sizeof control);
  struct msghdr msg = {.msg_iov = &iov,
                       .msg_iovlen = 1,
                       .msg_control = control.room,
                       .msg_controllen = sizeof control.room};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(c), &fd, sizeof fd);
  assert_int_equal(sendmsg(socket, &msg, 0), 1);
}

static int receive_fd(int socket) {
  char byte;
  struct iovec iov = {&byte, 1};
  union {
    struct cmsghdr header;
    char room[CMSG_SPACE(sizeof(int))];
  } control;
  struct msghdr msg = {.msg_iov = &iov,
                       .msg_iovlen = 1,
                       .msg_control = control.room,
                       .msg_controllen = sizeof control.room};
  if (recvmsg(socket, &msg, 0) != 1)
    return -1;
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  int fd = -1;
  if (c != NULL && c->cmsg_type == SCM_RIGHTS)
    memcpy(&fd, CMSG_DATA(c), sizeof fd);
  return fd;
}

typedef struct child_args {
  int socket;
  hipMemPoolPtrExportData data;
} child_args;

/* The importing process: reads the exporter's bytes, writes its own, frees, exits. */
static void importer(void *arg) {
  child_args *args = arg;
  int fd = receive_fd(args->socket);
  hipMemPool_t pool = NULL;
  void *ptr = NULL;
  if (fd < 0 ||
      hipMemPoolImportFromShareableHandle(&pool, (void *)(intptr_t)fd, posix_fd, 0) != hipSuccess)
    _exit(2);
  close(fd);
  if (hipMemPoolImportPointer(&ptr, pool, &args->data) != hipSuccess || !holds(ptr, 1))
    _exit(3);
  fill(ptr, 9);
  if (hipFree(ptr) != hipSuccess || hipMemPoolDestroy(pool) != hipSuccess)
    _exit(4);
}

static void test_child_process_imports(void **state) {
  (void)state;
  int sockets[2];
  assert_int_equal(socketpair(AF_UNIX, SOCK_DGRAM, 0, sockets), 0);
  shared sh;
  shared_make(&sh);
  child_args args = {sockets[1], sh.data};
  send_fd(sockets[0], sh.fd); /* queued until the child reads it */
  assert_true(mt_exited_ok(mt_run_in_child(importer, &args)));
  assert_true(holds(sh.ptr, 9));
  close(sockets[0]);
  close(sockets[1]);
  shared_free(&sh);
}

/* ---- negative: one case per invalid argument ---- */

static void test_export_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, posix_fd), plain = pool_on(0, hipMemHandleTypeNone);
  int fd = -1;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportToShareableHandle(NULL, pool, posix_fd, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportToShareableHandle(&fd, NULL, posix_fd, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 1));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolExportToShareableHandle(&fd, pool, hipMemHandleTypeWin32, 0));
  mt_assert_reason_contains("is not the handleTypes");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolExportToShareableHandle(&fd, plain, hipMemHandleTypeNone, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportToShareableHandle(&fd, plain, posix_fd, 0));
  assert_int_equal(fd, -1);
  MT_CHECK(hipMemPoolDestroy(plain));
  MT_CHECK(hipMemPoolDestroy(pool));
}

static void test_import_arguments(void **state) {
  (void)state;
  shared sh;
  shared_make(&sh);
  hipMemPool_t imported = NULL;
  void *handle = (void *)(intptr_t)sh.fd;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolImportFromShareableHandle(NULL, handle, posix_fd, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolImportFromShareableHandle(&imported, NULL, posix_fd, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolImportFromShareableHandle(&imported, handle, posix_fd, 1));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolImportFromShareableHandle(&imported, handle, hipMemHandleTypeNone, 0));
  /* A descriptor that is no exported pool: a pipe, or a VMM handle's export. */
  int pipe_fds[2];
  assert_int_equal(pipe(pipe_fds), 0);
  MT_EXPECT(hipErrorOutOfMemory, hipMemPoolImportFromShareableHandle(
                                     &imported, (void *)(intptr_t)pipe_fds[0], posix_fd, 0));
  mt_assert_reason_contains("is no exported pool");
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = posix_fd;
  hipMemGenericAllocationHandle_t vmm;
  int vmm_fd = -1;
  MT_CHECK(hipMemCreate(&vmm, mt_granularity(), &prop, 0));
  MT_CHECK(hipMemExportToShareableHandle(&vmm_fd, vmm, posix_fd, 0));
  MT_EXPECT(hipErrorOutOfMemory,
            hipMemPoolImportFromShareableHandle(&imported, (void *)(intptr_t)vmm_fd, posix_fd, 0));
  mt_assert_reason_contains("not a pool's");
  assert_null(imported);
  close(vmm_fd);
  MT_CHECK(hipMemRelease(vmm));
  close(pipe_fds[0]);
  close(pipe_fds[1]);
  shared_free(&sh);
}

static void test_export_pointer_arguments(void **state) {
  (void)state;
  hipMemPool_t plain = pool_on(0, hipMemHandleTypeNone);
  void *in_plain = NULL, *block = NULL;
  MT_CHECK(hipMallocFromPoolAsync(&in_plain, 4096, plain, NULL));
  MT_CHECK(hipMalloc(&block, 4096));
  hipMemPoolPtrExportData data;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportPointer(NULL, in_plain));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolExportPointer(&data, NULL));
  MT_EXPECT(hipErrorOutOfMemory, hipMemPoolExportPointer(&data, in_plain));
  mt_assert_reason_contains("not shareable");
  MT_EXPECT(hipErrorOutOfMemory, hipMemPoolExportPointer(&data, block));
  mt_assert_reason_contains("is no pool memory");
  MT_CHECK(hipFree(block));
  MT_CHECK(hipFreeAsync(in_plain, NULL));
  MT_CHECK(hipMemPoolDestroy(plain));
}

static void test_import_pointer_arguments(void **state) {
  (void)state;
  shared sh, other;
  shared_make(&sh);
  shared_make(&other);
  hipMemPool_t imported = NULL;
  MT_CHECK(hipMemPoolImportFromShareableHandle(&imported, (void *)(intptr_t)sh.fd, posix_fd, 0));
  void *ptr = (void *)0x1;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolImportPointer(NULL, imported, &sh.data));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolImportPointer(&ptr, NULL, &sh.data));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolImportPointer(&ptr, imported, NULL));
  MT_EXPECT(hipErrorOutOfMemory, hipMemPoolImportPointer(&ptr, imported, &other.data));
  mt_assert_reason_contains("memory of another pool");
  hipMemPoolPtrExportData garbage;
  memset(&garbage, 0x5a, sizeof garbage);
  MT_EXPECT(hipErrorOutOfMemory, hipMemPoolImportPointer(&ptr, imported, &garbage));
  mt_assert_reason_contains("holds nothing hipMemPoolExportPointer wrote");
  assert_ptr_equal(ptr, (void *)0x1);
  /* An imported pool makes no allocations, current or not (ROCm's header). */
  MT_EXPECT(hipErrorInvalidValue, hipMallocFromPoolAsync(&ptr, 4096, imported, NULL));
  mt_assert_reason_contains("imported pool makes no allocations");
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetMemPool(0, imported));
  MT_CHECK(hipMemPoolDestroy(imported));
  shared_free(&other);
  shared_free(&sh);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1); /* before the first HIP call, which reads it */
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_same_process_round_trip),
      MT_CLEAN_TEST(test_import_takes_state_and_access),
      MT_CLEAN_TEST(test_child_process_imports),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_export_arguments),
      MT_CLEAN_TEST(test_import_arguments),
      MT_CLEAN_TEST(test_export_pointer_arguments),
      MT_CLEAN_TEST(test_import_pointer_arguments),
  };
  return cmocka_run_group_tests_name("mempool_ipc", positive, NULL, NULL) +
         cmocka_run_group_tests_name("mempool_ipc_negative", negative, NULL, NULL);
}
