/*
 * test_export.c: hipMemExportToShareableHandle and
 * hipMemImportFromShareableHandle (reference a.11, a.12, a.13, b.8).
 * File descriptors are counted around every export and import: an export is
 * one fd, the caller's; an import holds only what it holds while it lives;
 * a refused call holds none.
 */
#include "conformance.h"

#include <sys/socket.h>
#include <unistd.h>

#include "worker.h"

static hipMemGenericAllocationHandle_t create_shareable(conf_ctx *ctx, size_t bytes) {
  hipMemAllocationProp prop = conf_prop(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  return conf_create_with(ctx, bytes, &prop);
}

/* ---- negative ---- */

static void export_rejects_null_destination(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  size_t fds = conf_open_fds();
  assert_hip(hipMemExportToShareableHandle(NULL, handle, hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  conf_expect_fds(fds, "a refused export");
}

static void export_rejects_null_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t fds = conf_open_fds();
  conf_expect_export(ctx, hipErrorInvalidValue, NULL, hipMemHandleTypePosixFileDescriptor, 0);
  conf_expect_fds(fds, "a refused export");
}

static void export_rejects_other_handle_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  size_t fds = conf_open_fds();
  conf_expect_export(ctx, hipErrorInvalidValue, handle, hipMemHandleTypeWin32, 0);
  conf_expect_fds(fds, "a refused export");
}

static void export_rejects_nonzero_flags(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  size_t fds = conf_open_fds();
  conf_expect_export(ctx, hipErrorInvalidValue, handle, hipMemHandleTypePosixFileDescriptor, 1);
  conf_expect_fds(fds, "a refused export");
}

static void export_rejects_allocation_without_handle_type(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = conf_create(ctx, ctx->size_mem);
  size_t fds = conf_open_fds();
  conf_expect_export(ctx, hipErrorInvalidValue, handle, hipMemHandleTypePosixFileDescriptor, 0);
  conf_expect_fds(fds, "a refused export");
}

static void import_rejects_null_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int fd = conf_export(ctx, create_shareable(ctx, ctx->size_mem));
  size_t fds = conf_open_fds();
  assert_hip(hipMemImportFromShareableHandle(NULL, HIPVMM_FD_AS_OS_HANDLE(fd),
                                             hipMemHandleTypePosixFileDescriptor),
             hipErrorInvalidValue);
  conf_expect_fds(fds, "a refused import");
}

static void import_rejects_null_os_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t fds = conf_open_fds();
  conf_expect_import(ctx, hipErrorInvalidValue, NULL, hipMemHandleTypePosixFileDescriptor);
  conf_expect_fds(fds, "a refused import");
}

static void import_rejects_fd_of_no_allocation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  conf_track_fd(ctx, fds[0]);
  conf_track_fd(ctx, fds[1]);
  size_t open = conf_open_fds();
  conf_expect_import(ctx, hipErrorInvalidValue, HIPVMM_FD_AS_OS_HANDLE(fds[0]),
                     hipMemHandleTypePosixFileDescriptor);
  conf_expect_fds(open, "a refused import");
}

/* ---- functional ---- */

static void export_writes_posix_fd(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, 2 * ctx->granularity);
  int fd = conf_export(ctx, handle);
  assert_true(fd >= 0);
}

static void import_in_same_process_shares_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  hipMemGenericAllocationHandle_t imported = conf_import(ctx, conf_export(ctx, handle));
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_map(ctx, ptr + ctx->size_mem, ctx->size_mem, imported);
  conf_set_access(ptr, 2 * ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr + ctx->size_mem, ctx->size_mem, 80);
  conf_expect_data(ptr, ctx->size_mem, 80);
}

/* The fds of an export and two imports, counted: the export's is the caller's, each import
   holds the same (none on some runtimes) and only while it lives. */
static void export_and_import_hold_their_fds_only(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t at_start = conf_open_fds();
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  size_t before = conf_open_fds(); /* the mock holds a memory file per exportable handle */
  int fd = conf_export(ctx, handle);
  conf_expect_fds(before + 1, "an export: one fd, the caller's");
  hipMemGenericAllocationHandle_t first = conf_import(ctx, fd);
  size_t one = conf_open_fds() - (before + 1);
  hipMemGenericAllocationHandle_t second = conf_import(ctx, fd);
  conf_expect_fds(before + 1 + 2 * one, "two imports, each holding what the other holds");
  conf_release(ctx, second);
  conf_release(ctx, first);
  conf_expect_fds(before + 1, "both imports released");
  conf_close_fd(ctx, fd);
  conf_expect_fds(before, "the export's fd closed");
  conf_release(ctx, handle);
  conf_expect_fds(at_start, "the exported memory released");
}

static void import_twice_gives_two_handles(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int fd = conf_export(ctx, create_shareable(ctx, ctx->size_mem));
  hipMemGenericAllocationHandle_t first = conf_import(ctx, fd);
  hipMemGenericAllocationHandle_t second = conf_import(ctx, fd);
  assert_ptr_not_equal(first, second);
}

static void exported_fd_keeps_memory_after_release(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_fill(ptr, ctx->size_mem, 81);
  int fd = conf_export(ctx, handle);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_release(ctx, handle); /* only the fd holds the memory now */
  conf_map(ctx, ptr, ctx->size_mem, conf_import(ctx, fd));
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr, ctx->size_mem, 81);
}

static void properties_of_imported_handle(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int fd = conf_export(ctx, create_shareable(ctx, ctx->size_mem));
  hipMemGenericAllocationHandle_t imported = conf_import(ctx, fd);
  hipMemAllocationProp prop = conf_prop(0);
  prop.type = hipMemAllocationTypeInvalid;
  prop.location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemGetAllocationPropertiesFromHandle(&prop, imported), hipSuccess);
  assert_int_equal(prop.type, hipMemAllocationTypePinned);
  assert_int_equal(prop.location.type, hipMemLocationTypeDevice);
  assert_int_equal(prop.location.id, 0);
  assert_int_equal(prop.requestedHandleType, hipMemHandleTypePosixFileDescriptor);
}

/* The child: receives the fd, imports, maps its own VA and writes the pattern. */
static int child_writes_through_import(int socket_fd, size_t bytes, unsigned seed) {
  int fd = conf_receive_fd(socket_fd);
  if (fd < 0)
    return 10;
  hipMemGenericAllocationHandle_t handle = NULL;
  void *ptr = NULL;
  int step = 0;
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  if (hipMemImportFromShareableHandle(&handle, HIPVMM_FD_AS_OS_HANDLE(fd),
                                      hipMemHandleTypePosixFileDescriptor) != hipSuccess)
    step = 11;
  else if (hipMemAddressReserve(&ptr, bytes, 0, NULL, 0) != hipSuccess)
    step = 12;
  else if (hipMemMap(ptr, bytes, 0, handle, 0) != hipSuccess)
    step = 13;
  else if (hipMemSetAccess(ptr, bytes, &desc, 1) != hipSuccess)
    step = 14;
  else if (conf_worker_write(ptr, bytes, seed) != 0)
    step = 15;
  else if (hipMemUnmap(ptr, bytes) != hipSuccess)
    step = 16;
  if (ptr != NULL && hipMemAddressFree(ptr, bytes) != hipSuccess && step == 0)
    step = 17;
  if (handle != NULL && hipMemRelease(handle) != hipSuccess && step == 0)
    step = 18;
  close(fd);
  return step;
}

static void import_in_forked_child(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle = create_shareable(ctx, ctx->size_mem);
  char *ptr = conf_reserve(ctx, ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  int fd = conf_export(ctx, handle);
  int sockets[2];
  assert_int_equal(socketpair(AF_UNIX, SOCK_DGRAM, 0, sockets), 0);
  conf_track_fd(ctx, sockets[0]);
  conf_track_fd(ctx, sockets[1]);
  pid_t pid = conf_fork_child();
  if (pid == 0)
    _exit(child_writes_through_import(sockets[1], ctx->size_mem, 82));
  assert_true(pid > 0);
  int sent = conf_send_fd(sockets[0], fd);
  conf_expect_child_exit(pid);
  assert_int_equal(sent, 0);
  conf_expect_data(ptr, ctx->size_mem, 82);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(export_rejects_null_destination,
              "a.12#2; c.1 Unit_hipMemExportToShareableHandle_Negative_Parameters handle ptr NULL"),
    CONF_RULE(export_rejects_null_handle,
              "a.12#1; c.1 Unit_hipMemExportToShareableHandle_Negative_Parameters handle NULL"),
    CONF_RULE(export_rejects_other_handle_type,
              "a.12#3; c.1 Unit_hipMemExportToShareableHandle_Negative_Parameters Win32 type"),
    CONF_RULE(export_rejects_nonzero_flags,
              "a.12#1; c.1 Unit_hipMemExportToShareableHandle_Negative_Parameters flags 1"),
    CONF_RULE(export_rejects_allocation_without_handle_type, "a.12#3 (requested type None)"),
    CONF_RULE(import_rejects_null_handle,
              "a.13#1; c.1 Unit_hipMemImportFromShareableHandle_Negative_Parameters handle NULL"),
    CONF_RULE(import_rejects_null_os_handle,
              "a.13#1; c.1 Unit_hipMemImportFromShareableHandle_Negative_Parameters osHandle NULL"),
    CONF_RULE(import_rejects_fd_of_no_allocation, "a.13#3"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(export_writes_posix_fd,
              "a.12#5; c.2 Unit_hipMemExportToShareableHandle_Positive_Basic"),
    CONF_RULE(import_in_same_process_shares_memory,
              "a.13#4 (fd by value, new); c.2 Unit_hipMemImportFromShareableHandle_Positive_Basic"),
    CONF_RULE(import_twice_gives_two_handles, "a.13 notes (distinct handles)"),
    CONF_RULE(export_and_import_hold_their_fds_only,
              "a.12 consequences (a new fd, the caller's); a.13 notes (the fd is not HIP's)"),
    CONF_RULE(exported_fd_keeps_memory_after_release, "a.12 consequences; b.8"),
    CONF_RULE(properties_of_imported_handle, "a.11 (imported handle properties)"),
    CONF_RULE(import_in_forked_child,
              "b.8; c.2 Unit_hipMemImportFromShareableHandle_MulProc_ParntChldUseHdl (no kernel)"),
};

const conf_group conf_group_export_negative = CONF_GROUP("export_negative", negative_rules);
const conf_group conf_group_export = CONF_GROUP("export", functional_rules);
