/*
 * conformance.h: what every conformance test file shares.
 *
 * A rule is one cmocka test named after the behaviour it checks, plus the row
 * of the reference (hip-vmm-semantics.md) that states the behaviour. Tests use
 * the HIP API only and move data with hipMemcpy/hipMemset, never by CPU
 * dereference, so the same test means the same thing on mockhip and on ROCm.
 *
 * The fixture hands each test a conf_ctx. Everything a test creates goes
 * through the conf_ helpers below, which remember it, so the teardown can give
 * it back even when an assertion stopped the test half way.
 */
#ifndef CONFORMANCE_H
#define CONFORMANCE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hipvmm_compat.h"

/* ---- rules and groups ---- */

typedef struct conf_rule {
  struct CMUnitTest test; /* test.name is the rule id */
  const char *ref;        /* the reference row(s) the rule checks */
} conf_rule;

typedef struct conf_group {
  const char *name;
  const conf_rule *rules;
  size_t count;
} conf_group;

#define CONF_RULE(fn, row)                                                                         \
  { cmocka_unit_test_setup_teardown(fn, conf_setup, conf_teardown), row }
#define CONF_GROUP(group_name, rule_array)                                                         \
  { group_name, rule_array, sizeof(rule_array) / sizeof((rule_array)[0]) }

/* Every group, in run order: one file per area, each with a _negative group. */
#define CONF_GROUP_LIST(X)                                                                         \
  X(reserve_negative)                                                                              \
  X(reserve)                                                                                       \
  X(create_negative)                                                                               \
  X(create)                                                                                        \
  X(map_negative)                                                                                  \
  X(map)                                                                                           \
  X(access_negative)                                                                               \
  X(access)                                                                                        \
  X(retain_negative)                                                                               \
  X(retain)                                                                                        \
  X(export_negative)                                                                               \
  X(export)                                                                                        \
  X(runtime_negative)                                                                              \
  X(runtime)                                                                                       \
  X(device_negative)                                                                               \
  X(device)                                                                                        \
  X(context_negative)                                                                              \
  X(context)                                                                                       \
  X(proc_negative)                                                                                 \
  X(proc)                                                                                          \
  X(copy_negative)                                                                                 \
  X(copy)                                                                                          \
  X(lifecycle_negative)                                                                            \
  X(lifecycle)                                                                                     \
  X(bounds_negative)                                                                               \
  X(bounds)                                                                                        \
  X(stream_negative)                                                                               \
  X(stream)                                                                                        \
  X(event_negative)                                                                                \
  X(event)                                                                                         \
  X(capture_negative)                                                                              \
  X(capture)                                                                                       \
  X(graph_negative)                                                                                \
  X(graph)                                                                                         \
  X(hmo_alloc_negative)                                                                            \
  X(hmo_alloc)                                                                                     \
  X(hmo_copy_negative)                                                                             \
  X(hmo_copy)                                                                                      \
  X(hmo_view_negative)                                                                             \
  X(hmo_view)                                                                                      \
  X(hmo_free_negative)                                                                             \
  X(hmo_free)                                                                                      \
  X(hmo_grow_negative)                                                                             \
  X(hmo_grow)                                                                                      \
  X(hmo_protect_negative)                                                                          \
  X(hmo_protect)                                                                                   \
  X(hmo_pool_negative)                                                                             \
  X(hmo_pool)                                                                                      \
  X(hmo_share_negative)                                                                            \
  X(hmo_share)                                                                                     \
  X(memory_negative)                                                                               \
  X(memory)                                                                                        \
  X(pointer_info_negative)                                                                         \
  X(pointer_info)                                                                                  \
  X(mempool_negative)                                                                              \
  X(mempool)                                                                                       \
  X(kernel)                                                                                        \
  X(array_negative)                                                                                \
  X(array)

#define CONF_GROUP_DECLARE(name) extern const conf_group conf_group_##name;
CONF_GROUP_LIST(CONF_GROUP_DECLARE)
#undef CONF_GROUP_DECLARE

/* ---- the fixture ---- */

#define CONF_MAX_OBJECTS 64

typedef struct conf_range {
  void *ptr;
  size_t bytes;
} conf_range;

typedef struct conf_ctx {
  const char *unusable; /* why this backend cannot run VMM tests, or NULL */
  int device_count;
  size_t granularity; /* minimum granularity of device 0 */
  size_t size_mem;    /* 32 KiB rounded up to the granularity, the size hip-tests use */

  /* What the test holds; the teardown gives back whatever is left. */
  conf_range reservations[CONF_MAX_OBJECTS];
  conf_range mappings[CONF_MAX_OBJECTS];
  hipMemGenericAllocationHandle_t refs[CONF_MAX_OBJECTS]; /* one entry per reference held */
  int fds[CONF_MAX_OBJECTS];
  void *mallocs[CONF_MAX_OBJECTS];
  void *host_mallocs[CONF_MAX_OBJECTS]; /* hipHostMalloc's: hipHostFree frees them */
  hipStream_t streams[CONF_MAX_OBJECTS];
  hipMemPool_t pools[CONF_MAX_OBJECTS]; /* made or imported; destroyed after the blocks */
  size_t reservation_count, mapping_count, ref_count, fd_count, malloc_count, stream_count,
      host_malloc_count, pool_count;
} conf_ctx;

int conf_setup(void **state);
int conf_teardown(void **state);

/* The first line of every test: the context, or a skip when the backend cannot run VMM. */
conf_ctx *conf_begin(void **state);

/* skip() with a reason that the plain run prints and the report shows. */
void conf_skip(const char *format, ...) CMOCKA_PRINTF_ATTRIBUTE(1, 2);
void conf_need_devices(const conf_ctx *ctx, int count);

/* ---- assertions ---- */

#define assert_hip(call, expected) conf_assert_hip((call), (expected), #call, __FILE__, __LINE__)
void conf_assert_hip(hipError_t got, hipError_t expected, const char *call, const char *file,
                     int line);

/* fail_msg() that also keeps the message for the report. */
#define conf_fail(...) conf_fail_at(__FILE__, __LINE__, __VA_ARGS__)
void conf_fail_at(const char *file, int line, const char *format, ...)
    CMOCKA_PRINTF_ATTRIBUTE(3, 4);

/* What the report reads after each rule: the reason of the last conf_skip() and
   the message of the first conf_fail(), "" when there was none. */
const char *conf_skip_reason(void);
const char *conf_failure(void);
void conf_notes_reset(void);

/* ---- values ---- */

/* Pinned memory on `device`, no shareable handle type: the prop hip-tests use. */
hipMemAllocationProp conf_prop(int device);
hipMemAccessDesc conf_access_desc(int device, hipMemAccessFlags flags);
hipMemLocation conf_device_location(int device);
size_t conf_round_up(size_t bytes, size_t granularity);

/* ---- tracked calls ----
 * Each helper is a macro that passes the caller's file and line on, so a
 * failure points at the test, not at this layer. */

#define CONF_HERE __FILE__, __LINE__

/* Calls that must succeed; what they make is remembered for the teardown. */
#define conf_reserve(ctx, bytes, alignment) conf_reserve_at(CONF_HERE, ctx, bytes, alignment)
#define conf_free(ctx, ptr, bytes) conf_free_at(CONF_HERE, ctx, ptr, bytes)
/* Address space of `bytes` that nothing holds now: reserved and given back at once. */
#define conf_free_room(bytes) conf_free_room_at(CONF_HERE, bytes)
/* A reservation asked for at `hint` (a free room's address); skips the rule when the runtime
   places it elsewhere (a.2#6), where what lies around it is not known. */
#define conf_reserve_hinted(ctx, bytes, hint) conf_reserve_hinted_at(CONF_HERE, ctx, bytes, hint)
#define conf_create(ctx, bytes) conf_create_at(CONF_HERE, ctx, bytes, NULL)
#define conf_create_with(ctx, bytes, prop) conf_create_at(CONF_HERE, ctx, bytes, prop)
#define conf_release(ctx, handle) conf_release_at(CONF_HERE, ctx, handle)
#define conf_map(ctx, ptr, bytes, handle) conf_map_at(CONF_HERE, ctx, ptr, bytes, handle)
#define conf_unmap(ctx, ptr, bytes) conf_unmap_at(CONF_HERE, ctx, ptr, bytes)
#define conf_set_access(ptr, bytes, device, flags)                                                 \
  conf_set_access_at(CONF_HERE, ptr, bytes, device, flags)
#define conf_get_access(ptr, device) conf_get_access_at(CONF_HERE, ptr, device)
#define conf_retain(ctx, addr) conf_retain_at(CONF_HERE, ctx, addr)
#define conf_export(ctx, handle) conf_export_at(CONF_HERE, ctx, handle)
#define conf_import(ctx, fd) conf_import_at(CONF_HERE, ctx, fd)
#define conf_malloc(ctx, bytes) conf_malloc_at(CONF_HERE, ctx, bytes)
#define conf_stream(ctx) conf_stream_at(CONF_HERE, ctx)
/* Reserve + create + map `bytes` with no access granted; handle may be NULL. */
#define conf_mapped(ctx, bytes, handle) conf_mapped_at(CONF_HERE, ctx, bytes, handle, 0)
/* The same, then ReadWrite for device 0: memory ready for copies. */
#define conf_vmm(ctx, bytes, handle) conf_mapped_at(CONF_HERE, ctx, bytes, handle, 1)

void *conf_reserve_at(const char *file, int line, conf_ctx *ctx, size_t bytes, size_t alignment);
void conf_free_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes);
void *conf_free_room_at(const char *file, int line, size_t bytes);
void *conf_reserve_hinted_at(const char *file, int line, conf_ctx *ctx, size_t bytes, void *hint);
hipMemGenericAllocationHandle_t conf_create_at(const char *file, int line, conf_ctx *ctx,
                                               size_t bytes, const hipMemAllocationProp *prop);
void conf_release_at(const char *file, int line, conf_ctx *ctx,
                     hipMemGenericAllocationHandle_t handle);
void conf_map_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes,
                 hipMemGenericAllocationHandle_t handle);
void conf_unmap_at(const char *file, int line, conf_ctx *ctx, void *ptr, size_t bytes);
void conf_set_access_at(const char *file, int line, void *ptr, size_t bytes, int device,
                        hipMemAccessFlags flags);
unsigned long long conf_get_access_at(const char *file, int line, void *ptr, int device);
hipMemGenericAllocationHandle_t conf_retain_at(const char *file, int line, conf_ctx *ctx,
                                               void *addr);
int conf_export_at(const char *file, int line, conf_ctx *ctx,
                   hipMemGenericAllocationHandle_t handle);
hipMemGenericAllocationHandle_t conf_import_at(const char *file, int line, conf_ctx *ctx, int fd);
void *conf_malloc_at(const char *file, int line, conf_ctx *ctx, size_t bytes);
hipStream_t conf_stream_at(const char *file, int line, conf_ctx *ctx);
void *conf_mapped_at(const char *file, int line, conf_ctx *ctx, size_t bytes,
                     hipMemGenericAllocationHandle_t *handle, int read_write);
/* An fd the teardown closes. */
void conf_track_fd(conf_ctx *ctx, int fd);
/* A memory pool the teardown destroys (NULL: nothing); returns it. */
hipMemPool_t conf_track_pool(conf_ctx *ctx, hipMemPool_t pool);
/* Destroys a tracked pool now, which must succeed. */
#define conf_destroy_pool(ctx, pool) conf_destroy_pool_at(CONF_HERE, ctx, pool)
void conf_destroy_pool_at(const char *file, int line, conf_ctx *ctx, hipMemPool_t pool);
/* Closes a tracked fd now. */
void conf_close_fd(conf_ctx *ctx, int fd);

/* Calls that must fail with `expected`; whatever an unexpected success made is
   remembered, so the teardown still leaves the backend clean. */
#define conf_expect_reserve(ctx, expected, bytes, alignment, flags)                                \
  conf_expect_reserve_at(CONF_HERE, ctx, expected, bytes, alignment, flags)
#define conf_expect_create(ctx, expected, bytes, prop, flags)                                      \
  conf_expect_create_at(CONF_HERE, ctx, expected, bytes, prop, flags)
#define conf_expect_map(ctx, expected, ptr, bytes, offset, handle, flags)                          \
  conf_expect_map_at(CONF_HERE, ctx, expected, ptr, bytes, offset, handle, flags)
#define conf_expect_unmap(ctx, expected, ptr, bytes)                                               \
  conf_expect_unmap_at(CONF_HERE, ctx, expected, ptr, bytes)
#define conf_expect_retain(ctx, expected, addr)                                                    \
  conf_expect_retain_at(CONF_HERE, ctx, expected, addr)
#define conf_expect_export(ctx, expected, handle, type, flags)                                     \
  conf_expect_export_at(CONF_HERE, ctx, expected, handle, type, flags)
#define conf_expect_import(ctx, expected, os_handle, type)                                         \
  conf_expect_import_at(CONF_HERE, ctx, expected, os_handle, type)

void conf_expect_reserve_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                            size_t bytes, size_t alignment, unsigned long long flags);
void conf_expect_create_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           size_t bytes, const hipMemAllocationProp *prop,
                           unsigned long long flags);
void conf_expect_map_at(const char *file, int line, conf_ctx *ctx, hipError_t expected, void *ptr,
                        size_t bytes, size_t offset, hipMemGenericAllocationHandle_t handle,
                        unsigned long long flags);
void conf_expect_unmap_at(const char *file, int line, conf_ctx *ctx, hipError_t expected, void *ptr,
                          size_t bytes);
void conf_expect_retain_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           void *addr);
void conf_expect_export_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           hipMemGenericAllocationHandle_t handle, hipMemAllocationHandleType type,
                           unsigned long long flags);
void conf_expect_import_at(const char *file, int line, conf_ctx *ctx, hipError_t expected,
                           void *os_handle, hipMemAllocationHandleType type);

/* ---- file descriptors ----
 * Exported memory is an fd, and an import may hold one while it lives: a leaked one is seen
 * neither by valgrind nor by the backend's live-object check, so the rules that export or
 * import count them. */

/* The fds this process has open (/proc/self/fd). */
size_t conf_open_fds(void);
/* Fails, listing every open fd, unless the process has `expected` open; `what` says when. */
#define conf_expect_fds(expected, what) conf_expect_fds_at(CONF_HERE, (expected), (what))
void conf_expect_fds_at(const char *file, int line, size_t expected, const char *what);

/* ---- data, moved by copies only ---- */

/* A pattern that differs per seed and per 4-byte word; bytes must be a multiple of 4. */
void conf_pattern(void *host, size_t bytes, unsigned seed);
/* Offset of the first byte that differs from the pattern, or `bytes` when none does. */
size_t conf_pattern_mismatch(const void *host, size_t bytes, unsigned seed);

/* Writes the pattern to device memory with hipMemcpy HostToDevice. */
#define conf_fill(dev, bytes, seed) conf_fill_at(CONF_HERE, dev, bytes, seed)
/* Reads device memory back with hipMemcpy DeviceToHost and compares it with the pattern. */
#define conf_expect_data(dev, bytes, seed) conf_expect_data_at(CONF_HERE, dev, bytes, seed)
void conf_fill_at(const char *file, int line, void *dev, size_t bytes, unsigned seed);
void conf_expect_data_at(const char *file, int line, void *dev, size_t bytes, unsigned seed);

#endif /* CONFORMANCE_H */
