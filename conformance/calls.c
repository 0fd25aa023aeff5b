/*
 * calls.c: HIP calls that remember what they make, so the teardown can give
 * it back. A test that stops half way (a failed assertion longjmps out) still
 * leaves the backend clean, and the next rule starts from nothing.
 */
#include "conformance.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void remember_range(const char *file, int line, conf_range *list, size_t *count, void *ptr,
                           size_t bytes) {
  if (*count == CONF_MAX_OBJECTS) {
    conf_fail_at(file, line, "a test may hold at most %d reservations or mappings",
                 CONF_MAX_OBJECTS);
  }
  list[*count].ptr = ptr;
  list[*count].bytes = bytes;
  (*count)++;
}

static int range_contains(const conf_range *range, const char *addr) {
  const char *start = range->ptr;
  return addr >= start && addr < start + range->bytes;
}

static void forget_at(conf_range *list, size_t *count, size_t i) {
  memmove(&list[i], &list[i + 1], (*count - i - 1) * sizeof list[0]);
  (*count)--;
}

/* An unmap covers whole mappings from the one containing ptr: forget those. */
static void forget_mappings(conf_ctx *ctx, void *ptr, size_t bytes) {
  const char *start = ptr;
  for (size_t i = 0; i < ctx->mapping_count; i++)
    if (range_contains(&ctx->mappings[i], ptr))
      start = ctx->mappings[i].ptr;
  for (size_t i = ctx->mapping_count; i-- > 0;) {
    const char *map_start = ctx->mappings[i].ptr;
    if (map_start < start + bytes && map_start + ctx->mappings[i].bytes > start)
      forget_at(ctx->mappings, &ctx->mapping_count, i);
  }
}

static void forget_reservation(conf_ctx *ctx, void *ptr) {
  for (size_t i = ctx->reservation_count; i-- > 0;)
    if (range_contains(&ctx->reservations[i], ptr))
      forget_at(ctx->reservations, &ctx->reservation_count, i);
}

static void remember_ref(const char *file, int line, conf_ctx *ctx,
                         hipMemGenericAllocationHandle_t handle) {
  if (ctx->ref_count == CONF_MAX_OBJECTS) {
    conf_fail_at(file, line, "a test may hold at most %d handle references", CONF_MAX_OBJECTS);
  }
  ctx->refs[ctx->ref_count++] = handle;
}

static void forget_ref(conf_ctx *ctx, hipMemGenericAllocationHandle_t handle) {
  for (size_t i = ctx->ref_count; i-- > 0;) {
    if (ctx->refs[i] == handle) {
      memmove(&ctx->refs[i], &ctx->refs[i + 1], (ctx->ref_count - i - 1) * sizeof ctx->refs[0]);
      ctx->ref_count--;
      return;
    }
  }
}

void conf_track_fd(conf_ctx *ctx, int fd) {
  assert_true(ctx->fd_count < CONF_MAX_OBJECTS);
  ctx->fds[ctx->fd_count++] = fd;
}

void conf_close_fd(conf_ctx *ctx, int fd) {
  for (size_t i = ctx->fd_count; i-- > 0;) {
    if (ctx->fds[i] == fd) {
      memmove(&ctx->fds[i], &ctx->fds[i + 1], (ctx->fd_count - i - 1) * sizeof ctx->fds[0]);
      ctx->fd_count--;
      close(fd);
      return;
    }
  }
  conf_fail("conf_close_fd: fd %d is not one the rule holds", fd);
}

hipMemPool_t conf_track_pool(conf_ctx *ctx, hipMemPool_t pool) {
  if (pool == NULL)
    return pool;
  assert_true(ctx->pool_count < CONF_MAX_OBJECTS);
  ctx->pools[ctx->pool_count++] = pool;
  return pool;
}

void conf_destroy_pool_at(const char *file, int line, conf_ctx *ctx, hipMemPool_t pool) {
  for (size_t i = ctx->pool_count; i-- > 0;) {
    if (ctx->pools[i] == pool) {
      memmove(&ctx->pools[i], &ctx->pools[i + 1], (ctx->pool_count - i - 1) * sizeof ctx->pools[0]);
      ctx->pool_count--;
      conf_assert_hip(hipMemPoolDestroy(pool), hipSuccess, "hipMemPoolDestroy(pool)", file, line);
      return;
    }
  }
  conf_fail_at(file, line, "conf_destroy_pool: %p is not a pool the rule holds", (void *)pool);
}

/* ---- calls that must succeed ---- */

void *conf_reserve_at(const char *file, int line, conf_ctx *ctx, size_t bytes, size_t alignment) {
  char call[128];
  void *ptr = NULL;
  snprintf(call, sizeof call, "hipMemAddressReserve(&ptr, %zu, %zu, NULL, 0)", bytes, alignment);
  conf_assert_hip(hipMemAddressReserve(&ptr, bytes, alignment, NULL, 0), hipSuccess, call, file,
                  line);
  if (ptr == NULL) {
    conf_fail_at(file, line, "%s succeeded but returned NULL", call);
  }
  remember_range(file, line, ctx->reservations, &ctx->reservation_count, ptr, bytes);
  return ptr;
}

void *conf_free_room_at(const char *file, int line, size_t bytes) {
  char call[128];
  void *room = NULL;
  snprintf(call, sizeof call, "hipMemAddressReserve(&room, %zu, 0, NULL, 0)", bytes);
  conf_assert_hip(hipMemAddressReserve(&room, bytes, 0, NULL, 0), hipSuccess, call, file, line);
  snprintf(call, sizeof call, "hipMemAddressFree(%p, %zu)", room, bytes);
  conf_assert_hip(hipMemAddressFree(room, bytes), hipSuccess, call, file, line);
  return room;
}

void *conf_reserve_hinted_at(const char *file, int line, conf_ctx *ctx, size_t bytes, void *hint) {
  char call[128];
  void *ptr = NULL;
  snprintf(call, sizeof call, "hipMemAddressReserve(&ptr, %zu, 0, %p, 0)", bytes, hint);
  hipError_t status = hipMemAddressReserve(&ptr, bytes, 0, hint, 0);
  if (status == hipSuccess && ptr != NULL)
    remember_range(file, line, ctx->reservations, &ctx->reservation_count, ptr, bytes);
  conf_assert_hip(status, hipSuccess, call, file, line);
  if (ptr != hint)
    conf_skip("the reservation was placed at %p, not at the free hint %p (a.2#6)", ptr, hint);
  return ptr;
}

void conf_free_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes) {
  char call[128];
  snprintf(call, sizeof call, "hipMemAddressFree(%p, %zu)", ptr, bytes);
  conf_assert_hip(hipMemAddressFree(ptr, bytes), hipSuccess, call, file, line);
  forget_reservation(ctx, ptr);
}

hipMemGenericAllocationHandle_t conf_create_at(const char *file, int line, conf_ctx *ctx,
                                               size_t bytes, const hipMemAllocationProp *prop) {
  char call[128];
  hipMemAllocationProp device0 = conf_prop(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  snprintf(call, sizeof call, "hipMemCreate(&handle, %zu, prop, 0)", bytes);
  conf_assert_hip(hipMemCreate(&handle, bytes, prop ? prop : &device0, 0), hipSuccess, call, file,
                  line);
  remember_ref(file, line, ctx, handle);
  return handle;
}

void conf_release_at(const char *file, int line, conf_ctx *ctx,
                     hipMemGenericAllocationHandle_t handle) {
  conf_assert_hip(hipMemRelease(handle), hipSuccess, "hipMemRelease(handle)", file, line);
  forget_ref(ctx, handle);
}

void conf_map_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes,
                 hipMemGenericAllocationHandle_t handle) {
  char call[128];
  snprintf(call, sizeof call, "hipMemMap(%p, %zu, 0, handle, 0)", ptr, bytes);
  conf_assert_hip(hipMemMap(ptr, bytes, 0, handle, 0), hipSuccess, call, file, line);
  remember_range(file, line, ctx->mappings, &ctx->mapping_count, ptr, bytes);
}

void conf_unmap_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes) {
  char call[128];
  snprintf(call, sizeof call, "hipMemUnmap(%p, %zu)", ptr, bytes);
  conf_assert_hip(hipMemUnmap(ptr, bytes), hipSuccess, call, file, line);
  forget_mappings(ctx, ptr, bytes);
}

void conf_set_access_at(const char *file, int line, void *ptr, size_t bytes, int device,
                        hipMemAccessFlags flags) {
  char call[128];
  hipMemAccessDesc desc = conf_access_desc(device, flags);
  snprintf(call, sizeof call, "hipMemSetAccess(%p, %zu, {device %d, flags %d}, 1)", ptr, bytes,
           device, (int)flags);
  conf_assert_hip(hipMemSetAccess(ptr, bytes, &desc, 1), hipSuccess, call, file, line);
}

unsigned long long conf_get_access_at(const char *file, int line, void *ptr, int device) {
  char call[128];
  unsigned long long flags = 0xBAD;
  hipMemLocation location = conf_device_location(device);
  snprintf(call, sizeof call, "hipMemGetAccess(&flags, {device %d}, %p)", device, ptr);
  conf_assert_hip(hipMemGetAccess(&flags, &location, ptr), hipSuccess, call, file, line);
  return flags;
}

hipMemGenericAllocationHandle_t conf_retain_at(const char *file, int line, conf_ctx *ctx,
                                               void *addr) {
  char call[128];
  hipMemGenericAllocationHandle_t handle = NULL;
  snprintf(call, sizeof call, "hipMemRetainAllocationHandle(&handle, %p)", addr);
  conf_assert_hip(hipMemRetainAllocationHandle(&handle, addr), hipSuccess, call, file, line);
  remember_ref(file, line, ctx, handle); /* a retain adds a reference (a.10#4) */
  return handle;
}

int conf_export_at(const char *file, int line, conf_ctx *ctx,
                   hipMemGenericAllocationHandle_t handle) {
  int fd = -1;
  conf_assert_hip(
      hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0),
      hipSuccess, "hipMemExportToShareableHandle(&fd, handle, PosixFD, 0)", file, line);
  if (fd < 0) {
    conf_fail_at(file, line, "hipMemExportToShareableHandle succeeded but wrote fd %d", fd);
  }
  conf_track_fd(ctx, fd);
  return fd;
}

hipMemGenericAllocationHandle_t conf_import_at(const char *file, int line, conf_ctx *ctx, int fd) {
  char call[128];
  hipMemGenericAllocationHandle_t handle = NULL;
  snprintf(call, sizeof call, "hipMemImportFromShareableHandle(&handle, fd %d, PosixFD)", fd);
  conf_assert_hip(hipMemImportFromShareableHandle(&handle, HIPVMM_FD_AS_OS_HANDLE(fd),
                                                  hipMemHandleTypePosixFileDescriptor),
                  hipSuccess, call, file, line);
  remember_ref(file, line, ctx, handle);
  return handle;
}

void *conf_malloc_at(const char *file, int line, conf_ctx *ctx, size_t bytes) {
  char call[128];
  void *ptr = NULL;
  assert_true(ctx->malloc_count < CONF_MAX_OBJECTS);
  snprintf(call, sizeof call, "hipMalloc(&ptr, %zu)", bytes);
  conf_assert_hip(hipMalloc(&ptr, bytes), hipSuccess, call, file, line);
  ctx->mallocs[ctx->malloc_count++] = ptr;
  return ptr;
}

hipStream_t conf_stream_at(const char *file, int line, conf_ctx *ctx) {
  hipStream_t stream = NULL;
  assert_true(ctx->stream_count < CONF_MAX_OBJECTS);
  conf_assert_hip(hipStreamCreate(&stream), hipSuccess, "hipStreamCreate(&stream)", file, line);
  ctx->streams[ctx->stream_count++] = stream;
  return stream;
}

void *conf_mapped_at(const char *file, int line, conf_ctx *ctx, size_t bytes,
                     hipMemGenericAllocationHandle_t *handle, int read_write) {
  void *ptr = conf_reserve_at(file, line, ctx, bytes, 0);
  hipMemGenericAllocationHandle_t created = conf_create_at(file, line, ctx, bytes, NULL);
  conf_map_at(file, line, ctx, ptr, bytes, created);
  if (read_write)
    conf_set_access_at(file, line, ptr, bytes, 0, hipMemAccessFlagsProtReadWrite);
  if (handle != NULL)
    *handle = created;
  return ptr;
}

/* ---- calls that must fail ---- */

void conf_expect_reserve_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                            size_t bytes, size_t alignment, unsigned long long flags) {
  char call[128];
  void *ptr = NULL;
  hipError_t got = hipMemAddressReserve(&ptr, bytes, alignment, NULL, flags);
  if (got == hipSuccess && ptr != NULL)
    remember_range(file, line, ctx->reservations, &ctx->reservation_count, ptr, bytes);
  snprintf(call, sizeof call, "hipMemAddressReserve(&ptr, %zu, %zu, NULL, %llu)", bytes, alignment,
           flags);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_create_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           size_t bytes, const hipMemAllocationProp *prop,
                           unsigned long long flags) {
  char call[128];
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t got = hipMemCreate(&handle, bytes, prop, flags);
  if (got == hipSuccess)
    remember_ref(file, line, ctx, handle);
  snprintf(call, sizeof call, "hipMemCreate(&handle, %zu, %s, %llu)", bytes, prop ? "prop" : "NULL",
           flags);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_map_at(const char *file, int line, conf_ctx *ctx, hipError_t expected, void *ptr,
                        size_t bytes, size_t offset, hipMemGenericAllocationHandle_t handle,
                        unsigned long long flags) {
  char call[160];
  hipError_t got = hipMemMap(ptr, bytes, offset, handle, flags);
  if (got == hipSuccess)
    remember_range(file, line, ctx->mappings, &ctx->mapping_count, ptr, bytes);
  snprintf(call, sizeof call, "hipMemMap(%p, %zu, %zu, %s, %llu)", ptr, bytes, offset,
           handle ? "handle" : "NULL", flags);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_unmap_at(const char *file, int line, conf_ctx *ctx, hipError_t expected, void *ptr,
                          size_t bytes) {
  char call[128];
  hipError_t got = hipMemUnmap(ptr, bytes);
  if (got == hipSuccess)
    forget_mappings(ctx, ptr, bytes);
  snprintf(call, sizeof call, "hipMemUnmap(%p, %zu)", ptr, bytes);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_retain_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           void *addr) {
  char call[128];
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t got = hipMemRetainAllocationHandle(&handle, addr);
  if (got == hipSuccess)
    remember_ref(file, line, ctx, handle);
  snprintf(call, sizeof call, "hipMemRetainAllocationHandle(&handle, %p)", addr);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_export_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           hipMemGenericAllocationHandle_t handle, hipMemAllocationHandleType type,
                           unsigned long long flags) {
  char call[128];
  int fd = -1;
  hipError_t got = hipMemExportToShareableHandle(&fd, handle, type, flags);
  if (got == hipSuccess && fd >= 0)
    conf_track_fd(ctx, fd);
  snprintf(call, sizeof call, "hipMemExportToShareableHandle(&fd, %s, type %d, %llu)",
           handle ? "handle" : "NULL", (int)type, flags);
  conf_assert_hip(got, expected, call, file, line);
}

void conf_expect_import_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           void *os_handle, hipMemAllocationHandleType type) {
  char call[128];
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t got = hipMemImportFromShareableHandle(&handle, os_handle, type);
  if (got == hipSuccess)
    remember_ref(file, line, ctx, handle);
  snprintf(call, sizeof call, "hipMemImportFromShareableHandle(&handle, %p, type %d)", os_handle,
           (int)type);
  conf_assert_hip(got, expected, call, file, line);
}
