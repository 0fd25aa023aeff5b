/*
 * test_mempool.c: the stream-ordered memory pools: each device's default and
 * current pool, hipMemPoolCreate/Destroy, the attributes and what they count,
 * reuse between streams, trim, access, maxSize and pools shared between
 * processes. Each rule cites the clr function (hipamd/src/hip_mempool.cpp,
 * hip_mempool_impl.cpp) and the hip-tests row (catch/unit/memory/hipMemPool*.cc,
 * hipMallocFromPoolAsync.cc, mempool_common.hh; catch/unit/device/
 * hipDeviceGetDefaultMemPool.cc, hipDeviceSetGetMemPool.cc) it follows.
 *
 * Work on a GPU may still run when a rule looks at a pool: the rules look only
 * after a synchronize, or at what no pending work changes. Every rule skips
 * where the device reports no pools (hip-tests' checkMempoolSupported) or the
 * runtime cannot reach them (hip-nvidia on a driver without cuMemPool*, older
 * than CUDA 11.2, answers hipErrorNotSupported).
 */
#include "test_memory_common.h"

#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "backend.h"
#include "worker.h"

#define MIB ((size_t)1024 * 1024)

static const hipMemAllocationHandleType posix_fd = hipMemHandleTypePosixFileDescriptor;

/* The first line of every rule: the context, or a skip where there are no pools. */
static conf_ctx *pools_begin(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int supported = 0;
  assert_hip(hipDeviceGetAttribute(&supported, hipDeviceAttributeMemoryPoolsSupported, 0),
             hipSuccess);
  if (!supported)
    conf_skip("device 0 has no memory pools (hipDeviceAttributeMemoryPoolsSupported is 0)");
  hipMemPool_t pool = NULL;
  if (hipDeviceGetDefaultMemPool(&pool, 0) == hipErrorNotSupported)
    conf_skip("%s", conf_backend_last_reason());
  return ctx;
}

static hipMemPoolProps props_on(int device, hipMemAllocationHandleType type) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = type;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  return props;
}

static hipMemPool_t pool_on(conf_ctx *ctx, int device, hipMemAllocationHandleType type) {
  hipMemPoolProps props = props_on(device, type);
  hipMemPool_t pool = NULL;
  assert_hip(hipMemPoolCreate(&pool, &props), hipSuccess);
  return conf_track_pool(ctx, pool);
}

static hipMemPool_t default_pool(int device) {
  hipMemPool_t pool = NULL;
  assert_hip(hipDeviceGetDefaultMemPool(&pool, device), hipSuccess);
  assert_non_null(pool);
  return pool;
}

static uint64_t attr64(hipMemPool_t pool, hipMemPoolAttr attr) {
  uint64_t value = 0;
  assert_hip(hipMemPoolGetAttribute(pool, attr, &value), hipSuccess);
  return value;
}

static int attr32(hipMemPool_t pool, hipMemPoolAttr attr) {
  int value = -1;
  assert_hip(hipMemPoolGetAttribute(pool, attr, &value), hipSuccess);
  return value;
}

static void set64(hipMemPool_t pool, hipMemPoolAttr attr, uint64_t value) {
  assert_hip(hipMemPoolSetAttribute(pool, attr, &value), hipSuccess);
}

static void set32(hipMemPool_t pool, hipMemPoolAttr attr, int value) {
  assert_hip(hipMemPoolSetAttribute(pool, attr, &value), hipSuccess);
}

/* An allocation from pool the teardown frees (hipFree gives pool memory back, as ihipFree). */
static void *from_pool(conf_ctx *ctx, hipMemPool_t pool, size_t bytes, hipStream_t stream) {
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocFromPoolAsync(&ptr, bytes, pool, stream), hipSuccess);
  assert_non_null(ptr);
  return ptr;
}

static void free_async(conf_ctx *ctx, void *ptr, hipStream_t stream) {
  assert_hip(hipFreeAsync(ptr, stream), hipSuccess);
  memory_forget(ctx, ptr);
}

/* ---- negative ---- */

static void default_pool_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = NULL;
  assert_hip(hipDeviceGetDefaultMemPool(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetDefaultMemPool(&pool, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetDefaultMemPool(&pool, ctx->device_count), hipErrorInvalidDevice);
}

static void set_mem_pool_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  assert_hip(hipDeviceSetMemPool(0, NULL), hipErrorInvalidValue);
  assert_hip(hipDeviceSetMemPool(-1, pool), hipErrorInvalidValue);
  assert_hip(hipDeviceSetMemPool(ctx->device_count, pool), hipErrorInvalidValue);
}

static void set_mem_pool_rejects_pool_of_other_device(void **state) {
  conf_ctx *ctx = pools_begin(state);
  conf_need_devices(ctx, 2);
  assert_hip(hipDeviceSetMemPool(0, default_pool(1)), hipErrorInvalidDevice);
}

static void get_mem_pool_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = NULL;
  assert_hip(hipDeviceGetMemPool(NULL, 0), hipErrorInvalidValue);
  assert_hip(hipDeviceGetMemPool(&pool, -1), hipErrorInvalidValue);
  assert_hip(hipDeviceGetMemPool(&pool, ctx->device_count), hipErrorInvalidValue);
}

static void pool_create_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = NULL;
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  assert_hip(hipMemPoolCreate(NULL, &props), hipErrorInvalidValue);
  assert_hip(hipMemPoolCreate(&pool, NULL), hipErrorInvalidValue);
  props.allocType = hipMemAllocationTypeInvalid;
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  props = props_on(0, hipMemHandleTypeNone);
  props.location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  props = props_on(ctx->device_count, hipMemHandleTypeNone);
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  conf_track_pool(ctx, pool); /* made by none of them */
}

static void pool_destroy_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  assert_hip(hipMemPoolDestroy(NULL), hipErrorInvalidValue);
  assert_hip(hipMemPoolDestroy(default_pool(0)), hipErrorInvalidValue);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  conf_destroy_pool(ctx, pool);
  assert_hip(hipMemPoolDestroy(pool), hipErrorInvalidValue);
}

static void pool_set_attribute_rejects_bad_arguments(void **state) {
  (void)pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  int flag = 0;
  uint64_t wide = 1;
  assert_hip(hipMemPoolSetAttribute(NULL, hipMemPoolReuseFollowEventDependencies, &flag),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(pool, (hipMemPoolAttr)9, &flag), hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(pool, hipMemPoolReuseFollowEventDependencies, NULL),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &wide),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &wide), hipErrorInvalidValue);
  assert_int_equal(attr32(pool, hipMemPoolReuseFollowEventDependencies), 1);
}

static void pool_current_attributes_cannot_be_set(void **state) {
  (void)pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  uint64_t value = 0;
  assert_hip(hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &value),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &value),
             hipErrorInvalidValue);
}

static void pool_get_attribute_rejects_bad_arguments(void **state) {
  (void)pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  int flag = 0;
  assert_hip(hipMemPoolGetAttribute(NULL, hipMemPoolReuseFollowEventDependencies, &flag),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAttribute(pool, (hipMemPoolAttr)9, &flag), hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAttribute(pool, hipMemPoolReuseFollowEventDependencies, NULL),
             hipErrorInvalidValue);
}

static void pool_set_access_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemPoolSetAccess(NULL, &desc, 1), hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAccess(pool, NULL, 1), hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAccess(pool, &desc, (size_t)ctx->device_count + 1),
             hipErrorInvalidDevice);
  desc.location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipErrorInvalidValue);
  desc = conf_access_desc(ctx->device_count, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipErrorInvalidDevice);
  desc = conf_access_desc(0, hipMemAccessFlagsProtNone);
  assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipErrorInvalidDevice);
}

static void pool_set_access_refuses_read_only_own_device(void **state) {
  (void)pools_begin(state);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemPoolSetAccess(default_pool(0), &desc, 1), hipErrorNotSupported);
}

static void pool_get_access_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemPoolGetAccess(NULL, pool, &location), hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAccess(&flags, NULL, &location), hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAccess(&flags, pool, NULL), hipErrorInvalidValue);
  location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemPoolGetAccess(&flags, pool, &location), hipErrorInvalidValue);
  location = conf_device_location(ctx->device_count);
  assert_hip(hipMemPoolGetAccess(&flags, pool, &location), hipErrorInvalidValue);
}

static void pool_trim_rejects_null_pool(void **state) {
  (void)pools_begin(state);
  assert_hip(hipMemPoolTrimTo(NULL, 1024), hipErrorInvalidValue);
}

static void malloc_from_pool_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t stream = conf_stream(ctx);
  void *ptr = NULL;
  assert_hip(hipMallocFromPoolAsync(NULL, 1024, pool, stream), hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr, hipMallocFromPoolAsync(&ptr, 1024, NULL, stream),
                      hipErrorInvalidValue);
  memory_expect_alloc(ctx, ptr, hipMallocFromPoolAsync(&ptr, SIZE_MAX, pool, stream),
                      hipErrorOutOfMemory);
}

static void pool_export_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t shareable = pool_on(ctx, 0, posix_fd), plain = pool_on(ctx, 0, hipMemHandleTypeNone);
  int fd = -1;
  assert_hip(hipMemPoolExportToShareableHandle(NULL, shareable, posix_fd, 0), hipErrorInvalidValue);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, NULL, posix_fd, 0), hipErrorInvalidValue);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, shareable, hipMemHandleTypeNone, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, plain, posix_fd, 0), hipErrorInvalidValue);
  assert_int_equal(fd, -1);
}

static void pool_import_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t shareable = pool_on(ctx, 0, posix_fd), imported = NULL;
  int fd = -1;
  assert_hip(hipMemPoolExportToShareableHandle(&fd, shareable, posix_fd, 0), hipSuccess);
  conf_track_fd(ctx, fd);
  assert_hip(hipMemPoolImportFromShareableHandle(NULL, HIPVMM_FD_AS_OS_HANDLE(fd), posix_fd, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolImportFromShareableHandle(&imported, NULL, posix_fd, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolImportFromShareableHandle(&imported, HIPVMM_FD_AS_OS_HANDLE(fd),
                                                 hipMemHandleTypeNone, 0),
             hipErrorInvalidValue);
  conf_track_pool(ctx, imported); /* made by none of them */
}

static void pool_export_pointer_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  void *ptr = from_pool(ctx, pool_on(ctx, 0, posix_fd), 4096, NULL);
  hipMemPoolPtrExportData data;
  assert_hip(hipMemPoolExportPointer(NULL, ptr), hipErrorInvalidValue);
  assert_hip(hipMemPoolExportPointer(&data, NULL), hipErrorInvalidValue);
}

static void pool_import_pointer_rejects_bad_arguments(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, posix_fd), imported = NULL;
  void *ptr = from_pool(ctx, pool, 4096, NULL);
  int fd = -1;
  hipMemPoolPtrExportData data;
  assert_hip(hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 0), hipSuccess);
  conf_track_fd(ctx, fd);
  assert_hip(hipMemPoolExportPointer(&data, ptr), hipSuccess);
  assert_hip(
      hipMemPoolImportFromShareableHandle(&imported, HIPVMM_FD_AS_OS_HANDLE(fd), posix_fd, 0),
      hipSuccess);
  conf_track_pool(ctx, imported);
  void *out = NULL;
  assert_hip(hipMemPoolImportPointer(NULL, imported, &data), hipErrorInvalidValue);
  assert_hip(hipMemPoolImportPointer(&out, NULL, &data), hipErrorInvalidValue);
  assert_hip(hipMemPoolImportPointer(&out, imported, NULL), hipErrorInvalidValue);
}

static void pool_calls_refused_while_capturing(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipStream_t stream = conf_stream(ctx);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone), made = NULL;
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  assert_hip(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal), hipSuccess);
  hipError_t create = hipMemPoolCreate(&made, &props);
  hipError_t destroy = hipMemPoolDestroy(pool);
  hipError_t set = hipDeviceSetMemPool(0, pool);
  hipGraph_t graph = NULL;
  hipError_t end = hipStreamEndCapture(stream, &graph);
  if (graph != NULL)
    (void)hipGraphDestroy(graph);
  if (destroy == hipSuccess)
    ctx->pool_count--; /* pool, the last one tracked, is gone */
  if (create == hipSuccess)
    conf_track_pool(ctx, made);
  assert_hip(create, hipErrorStreamCaptureUnsupported);
  assert_hip(destroy, hipErrorStreamCaptureUnsupported);
  assert_hip(set, hipErrorStreamCaptureUnsupported);
  assert_hip(end, hipSuccess);
}

/* ---- functional ---- */

static void default_pool_is_current_pool(void **state) {
  conf_ctx *ctx = pools_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    hipMemPool_t current = NULL;
    assert_hip(hipDeviceGetMemPool(&current, device), hipSuccess);
    assert_ptr_equal(current, default_pool(device));
  }
}

static void set_mem_pool_changes_current_pool(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone), current = NULL;
  assert_hip(hipDeviceSetMemPool(0, pool), hipSuccess);
  assert_hip(hipDeviceGetMemPool(&current, 0), hipSuccess);
  assert_ptr_equal(current, pool);
  void *ptr = memory_async_malloc(ctx, 4096, NULL);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 4096);
  free_async(ctx, ptr, NULL);
  /* Destroying the current pool makes the default current again (clr hipMemPoolDestroy). */
  conf_destroy_pool(ctx, pool);
  assert_hip(hipDeviceGetMemPool(&current, 0), hipSuccess);
  assert_ptr_equal(current, default_pool(0));
}

static void pool_attributes_have_defaults(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pools[2] = {default_pool(0), pool_on(ctx, 0, hipMemHandleTypeNone)};
  for (int i = 0; i < 2; i++) {
    assert_int_equal(attr32(pools[i], hipMemPoolReuseFollowEventDependencies), 1);
    assert_int_equal(attr32(pools[i], hipMemPoolReuseAllowOpportunistic), 1);
    assert_int_equal(attr32(pools[i], hipMemPoolReuseAllowInternalDependencies), 1);
  }
  assert_int_equal(attr64(pools[1], hipMemPoolAttrReleaseThreshold), 0);
}

static void pool_attributes_set_and_get(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  assert_true(attr64(pool, hipMemPoolAttrReleaseThreshold) == UINT64_MAX);
  set64(pool, hipMemPoolAttrReleaseThreshold, 4096);
  assert_int_equal(attr64(pool, hipMemPoolAttrReleaseThreshold), 4096);
  set32(pool, hipMemPoolReuseFollowEventDependencies, 0);
  set32(pool, hipMemPoolReuseAllowOpportunistic, 0);
  set32(pool, hipMemPoolReuseAllowInternalDependencies, 0);
  assert_int_equal(attr32(pool, hipMemPoolReuseFollowEventDependencies), 0);
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowOpportunistic), 0);
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowInternalDependencies), 0);
}

static void pool_high_marks_reset_to_zero(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  void *ptr = from_pool(ctx, pool, 64 * 1024, NULL);
  free_async(ctx, ptr, NULL);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  set64(pool, hipMemPoolAttrReservedMemHigh, 0);
  set64(pool, hipMemPoolAttrUsedMemHigh, 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 0);
}

static void pool_usage_statistics(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  const size_t bytes = 64 * 1024;
  void *ptrs[20];
  for (int i = 0; i < 20; i++)
    ptrs[i] = from_pool(ctx, pool, bytes, NULL);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  uint64_t reserved_high = attr64(pool, hipMemPoolAttrReservedMemHigh);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), reserved_high);
  assert_true(reserved_high >= 20 * bytes);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 20 * bytes);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 20 * bytes);
  for (int i = 0; i < 10; i++)
    free_async(ctx, ptrs[i], NULL);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 10 * bytes);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 20 * bytes);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), reserved_high);
  for (int i = 10; i < 20; i++)
    free_async(ctx, ptrs[i], NULL);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 20 * bytes);
}

static void malloc_does_not_touch_default_pool(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = default_pool(0);
  uint64_t used = attr64(pool, hipMemPoolAttrUsedMemCurrent);
  uint64_t reserved = attr64(pool, hipMemPoolAttrReservedMemCurrent);
  (void)conf_malloc(ctx, 64 * 1024);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), used);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), reserved);
}

static void pool_reuses_block_on_same_stream(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t stream = conf_stream(ctx);
  void *big = from_pool(ctx, pool, 32 * MIB, stream);
  void *small = from_pool(ctx, pool, 4096, stream);
  free_async(ctx, big, stream);
  void *again = from_pool(ctx, pool, 32 * MIB, stream);
  assert_ptr_equal(again, big);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 32 * MIB + 4096);
  free_async(ctx, again, stream);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 4096);
  free_async(ctx, small, stream);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
}

static void pool_without_reuse_rules_takes_new_memory(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t one = conf_stream(ctx), two = conf_stream(ctx);
  void *keep = from_pool(ctx, pool, 4096, one);
  void *first = from_pool(ctx, pool, 32 * MIB, one);
  set32(pool, hipMemPoolReuseFollowEventDependencies, 0);
  set32(pool, hipMemPoolReuseAllowOpportunistic, 0);
  set32(pool, hipMemPoolReuseAllowInternalDependencies, 0);
  free_async(ctx, first, one); /* nothing orders two after this free */
  void *second = from_pool(ctx, pool, 32 * MIB, two);
  (void)keep;
  assert_ptr_not_equal(second, first);
}

static void pool_reuse_follows_event_dependencies(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t one = conf_stream(ctx), two = conf_stream(ctx);
  hipEvent_t event;
  assert_hip(hipEventCreate(&event), hipSuccess);
  set32(pool, hipMemPoolReuseAllowOpportunistic, 0); /* only the dependency may allow it */
  void *keep = from_pool(ctx, pool, 4096, one);
  void *first = from_pool(ctx, pool, 32 * MIB, one);
  free_async(ctx, first, one);
  hipError_t recorded = hipEventRecord(event, one);
  hipError_t waited = hipStreamWaitEvent(two, event, 0);
  void *second = NULL;
  memory_expect_alloc(ctx, second, hipMallocFromPoolAsync(&second, 32 * MIB, pool, two),
                      hipSuccess);
  assert_hip(hipStreamSynchronize(two), hipSuccess);
  assert_hip(hipEventDestroy(event), hipSuccess);
  (void)keep;
  assert_hip(recorded, hipSuccess);
  assert_hip(waited, hipSuccess);
  assert_ptr_equal(second, first);
}

static void pool_max_size_limits_allocations(void **state) {
  conf_ctx *ctx = pools_begin(state);
#if HIP_VERSION < 70000000
  (void)ctx;
  conf_skip("HIP %d.%d's hipMemPoolProps has no maxSize", HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
#else
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  HIPVMM_POOL_SET_MAX_SIZE(&props, 8 * MIB);
  hipMemPool_t pool = NULL;
  assert_hip(hipMemPoolCreate(&pool, &props), hipSuccess);
  conf_track_pool(ctx, pool);
  (void)from_pool(ctx, pool, 4 * MIB, NULL);
  void *refused = NULL;
  memory_expect_alloc(ctx, refused, hipMallocFromPoolAsync(&refused, 5 * MIB, pool, NULL),
                      hipErrorOutOfMemory);
#endif
}

static void pool_trim_gives_back_cached_memory(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t stream = conf_stream(ctx);
  void *big = from_pool(ctx, pool, 32 * MIB, stream);
  void *small = from_pool(ctx, pool, 2048, stream);
  set64(pool, hipMemPoolAttrReleaseThreshold, 128 * MIB);
  free_async(ctx, big, stream);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  uint64_t before = attr64(pool, hipMemPoolAttrReservedMemCurrent);
  assert_hip(hipMemPoolTrimTo(pool, 2048), hipSuccess);
  assert_true(attr64(pool, hipMemPoolAttrReservedMemCurrent) < before);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 2048);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 32 * MIB + 2048);
  free_async(ctx, small, stream);
}

static void pool_synchronize_releases_memory(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipStream_t stream = conf_stream(ctx);
  void *ptr = from_pool(ctx, pool, 8192, stream);
  conf_fill(ptr, 8192, 5);
  free_async(ctx, ptr, stream);
  uint64_t before = attr64(pool, hipMemPoolAttrReservedMemCurrent);
  assert_hip(hipStreamSynchronize(stream), hipSuccess);
  assert_true(attr64(pool, hipMemPoolAttrReservedMemCurrent) <= before);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0);
}

static void pool_set_access_reports_granted_access(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, hipMemHandleTypeNone);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipSuccess);
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  hipMemLocation location = conf_device_location(0);
  assert_hip(hipMemPoolGetAccess(&flags, pool, &location), hipSuccess);
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  if (ctx->device_count < 2)
    return;
  int can = 0;
  assert_hip(hipDeviceCanAccessPeer(&can, 1, 0), hipSuccess);
  if (!can)
    conf_skip("device 1 cannot reach device 0's memory on this machine");
  location = conf_device_location(1);
  assert_hip(hipMemPoolGetAccess(&flags, pool, &location), hipSuccess);
  assert_int_equal(flags, hipMemAccessFlagsProtNone);
  desc = conf_access_desc(1, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipSuccess);
  assert_hip(hipMemPoolGetAccess(&flags, pool, &location), hipSuccess);
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  /* Device 1 copies the pool's memory. */
  void *ptr = from_pool(ctx, pool, 4096, NULL);
  conf_fill(ptr, 4096, 6);
  assert_hip(hipSetDevice(1), hipSuccess);
  void *copy = conf_malloc(ctx, 4096);
  assert_hip(hipMemcpy(copy, ptr, 4096, hipMemcpyDeviceToDevice), hipSuccess);
  assert_hip(hipSetDevice(0), hipSuccess);
  conf_expect_data(copy, 4096, 6);
}

static void pool_memory_has_its_device_and_size(void **state) {
  conf_ctx *ctx = pools_begin(state);
  char *ptr = from_pool(ctx, pool_on(ctx, 0, hipMemHandleTypeNone), 3000, NULL);
  hipPointerAttribute_t attributes = memory_attributes(ptr + 1);
  assert_int_equal(HIPVMM_POINTER_TYPE(attributes), hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 0);
  memory_expect_range(ptr + 2999, ptr, 3000);
}

static void pool_create_and_destroy_on_every_device(void **state) {
  conf_ctx *ctx = pools_begin(state);
  for (int device = 0; device < ctx->device_count; device++) {
    assert_hip(hipSetDevice(device), hipSuccess);
    hipMemPool_t pool = pool_on(ctx, device, hipMemHandleTypeNone);
    void *ptr = from_pool(ctx, pool, 4096, NULL);
    conf_fill(ptr, 4096, (unsigned)device);
    conf_expect_data(ptr, 4096, (unsigned)device);
    free_async(ctx, ptr, NULL);
    assert_hip(hipStreamSynchronize(NULL), hipSuccess);
    conf_destroy_pool(ctx, pool);
  }
  assert_hip(hipSetDevice(0), hipSuccess);
}

/* ---- shared between processes ---- */

static void pool_export_import_same_process(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, posix_fd), imported = NULL;
  const size_t bytes = 1 * MIB;
  void *ptr = from_pool(ctx, pool, bytes, NULL);
  conf_fill(ptr, bytes, 7);
  int fd = -1;
  hipMemPoolPtrExportData data;
  assert_hip(hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 0), hipSuccess);
  conf_track_fd(ctx, fd);
  assert_hip(hipMemPoolExportPointer(&data, ptr), hipSuccess);
  assert_hip(
      hipMemPoolImportFromShareableHandle(&imported, HIPVMM_FD_AS_OS_HANDLE(fd), posix_fd, 0),
      hipSuccess);
  conf_track_pool(ctx, imported);
  void *seen = NULL;
  memory_expect_alloc(ctx, seen, hipMemPoolImportPointer(&seen, imported, &data), hipSuccess);
  conf_expect_data(seen, bytes, 7);
  conf_fill(seen, bytes, 8);
  conf_expect_data(ptr, bytes, 8);
}

static void imported_pool_keeps_granted_access(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, posix_fd), imported = NULL;
  for (int device = 0; device < ctx->device_count; device++) {
    hipMemAccessDesc desc = conf_access_desc(device, hipMemAccessFlagsProtReadWrite);
    assert_hip(hipMemPoolSetAccess(pool, &desc, 1), hipSuccess);
  }
  int fd = -1;
  assert_hip(hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 0), hipSuccess);
  conf_track_fd(ctx, fd);
  assert_hip(
      hipMemPoolImportFromShareableHandle(&imported, HIPVMM_FD_AS_OS_HANDLE(fd), posix_fd, 0),
      hipSuccess);
  conf_track_pool(ctx, imported);
  for (int device = 0; device < ctx->device_count; device++) {
    hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
    hipMemLocation location = conf_device_location(device);
    assert_hip(hipMemPoolGetAccess(&flags, imported, &location), hipSuccess);
    assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  }
}

/* The child: receives the pool's fd, imports the pool and the pointer, writes the pattern. */
static int child_writes_through_pool(int socket_fd, const hipMemPoolPtrExportData *data,
                                     size_t bytes, unsigned seed) {
  int fd = conf_receive_fd(socket_fd);
  if (fd < 0)
    return 10;
  hipMemPool_t pool = NULL;
  void *ptr = NULL;
  hipMemPoolPtrExportData copy = *data;
  int step = 0;
  if (hipMemPoolImportFromShareableHandle(&pool, HIPVMM_FD_AS_OS_HANDLE(fd), posix_fd, 0) !=
      hipSuccess)
    step = 11;
  else if (hipMemPoolImportPointer(&ptr, pool, &copy) != hipSuccess)
    step = 12;
  else if (conf_worker_check(ptr, bytes, seed) != 0)
    step = 13;
  else if (conf_worker_write(ptr, bytes, seed + 1) != 0)
    step = 14;
  if (ptr != NULL && hipFree(ptr) != hipSuccess && step == 0)
    step = 15;
  if (pool != NULL && hipMemPoolDestroy(pool) != hipSuccess && step == 0)
    step = 16;
  close(fd);
  return step;
}

static void pool_export_import_child_process(void **state) {
  conf_ctx *ctx = pools_begin(state);
  hipMemPool_t pool = pool_on(ctx, 0, posix_fd);
  const size_t bytes = 1 * MIB;
  void *ptr = from_pool(ctx, pool, bytes, NULL);
  conf_fill(ptr, bytes, 9);
  assert_hip(hipStreamSynchronize(NULL), hipSuccess);
  int fd = -1;
  hipMemPoolPtrExportData data;
  assert_hip(hipMemPoolExportToShareableHandle(&fd, pool, posix_fd, 0), hipSuccess);
  conf_track_fd(ctx, fd);
  assert_hip(hipMemPoolExportPointer(&data, ptr), hipSuccess);
  int sockets[2];
  assert_int_equal(socketpair(AF_UNIX, SOCK_DGRAM, 0, sockets), 0);
  conf_track_fd(ctx, sockets[0]);
  conf_track_fd(ctx, sockets[1]);
  pid_t pid = conf_fork_child();
  if (pid == 0)
    _exit(child_writes_through_pool(sockets[1], &data, bytes, 9));
  assert_true(pid > 0);
  int sent = conf_send_fd(sockets[0], fd);
  conf_expect_child_exit(pid);
  assert_int_equal(sent, 0);
  conf_expect_data(ptr, bytes, 10);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(default_pool_rejects_bad_arguments,
              "clr hipDeviceGetDefaultMemPool; hip-tests "
              "Unit_hipDeviceGetDefaultMemPool_Negative_Parameters"),
    CONF_RULE(set_mem_pool_rejects_bad_arguments,
              "clr hipDeviceSetMemPool; hip-tests Unit_hipDeviceSetMemPool_Negative_Parameters"),
    CONF_RULE(set_mem_pool_rejects_pool_of_other_device,
              "clr hipDeviceSetMemPool (poolDevice != device: InvalidDevice)"),
    CONF_RULE(get_mem_pool_rejects_bad_arguments,
              "clr hipDeviceGetMemPool; hip-tests Unit_hipDeviceGetMemPool_Negative_Parameters"),
    CONF_RULE(pool_create_rejects_bad_arguments,
              "clr hipMemPoolCreate; hip-tests Unit_hipMemPoolCreate_Negative_Parameter"),
    CONF_RULE(pool_destroy_rejects_bad_arguments,
              "clr hipMemPoolDestroy; hip-tests Unit_hipMemPoolDestroy_Negative_Parameter"),
    CONF_RULE(pool_set_attribute_rejects_bad_arguments,
              "clr MemoryPool::SetAttribute; hip-tests "
              "Unit_hipMemPoolSetAttribute_Negative_Parameters"),
    CONF_RULE(pool_current_attributes_cannot_be_set,
              "clr MemoryPool::SetAttribute (ReservedMemCurrent, UsedMemCurrent: InvalidValue)"),
    CONF_RULE(pool_get_attribute_rejects_bad_arguments,
              "clr MemoryPool::GetAttribute; hip-tests "
              "Unit_hipMemPoolGetAttribute_Negative_Parameters"),
    CONF_RULE(pool_set_access_rejects_bad_arguments,
              "clr hipMemPoolSetAccess; hip-tests Unit_hipMemPoolSetAccess_Negative_Parameters"),
    CONF_RULE(pool_set_access_refuses_read_only_own_device,
              "clr hipMemPoolSetAccess validation matrix (own device, ProtRead: NotSupported)"),
    CONF_RULE(pool_get_access_rejects_bad_arguments, "clr hipMemPoolGetAccess"),
    CONF_RULE(pool_trim_rejects_null_pool,
              "clr hipMemPoolTrimTo; hip-tests Unit_hipMemPoolTrimTo_Negative_Parameter"),
    CONF_RULE(malloc_from_pool_rejects_bad_arguments,
              "clr hipMallocFromPoolAsync; hip-tests "
              "Unit_hipMallocFromPoolAsync_Negative_Parameters"),
    CONF_RULE(pool_export_rejects_bad_arguments, "clr hipMemPoolExportToShareableHandle; hip-tests "
                                                 "Unit_hipMemPoolExportToShareableHandle_Negative"),
    CONF_RULE(pool_import_rejects_bad_arguments,
              "clr hipMemPoolImportFromShareableHandle; hip-tests "
              "Unit_hipMemPoolImportFromShareableHandle_Negative"),
    CONF_RULE(pool_export_pointer_rejects_bad_arguments,
              "clr hipMemPoolExportPointer; hip-tests Unit_hipMemPoolExportPointer_Negative"),
    CONF_RULE(pool_import_pointer_rejects_bad_arguments,
              "clr hipMemPoolImportPointer; hip-tests Unit_hipMemPoolImportPointer_Negative"),
    CONF_RULE(pool_calls_refused_while_capturing,
              "clr hipMemPoolCreate, hipMemPoolDestroy, hipDeviceSetMemPool (capture); "
              "hip-tests Unit_hipMemPool_Create_Destroy_streamCapture"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(default_pool_is_current_pool,
              "clr hip::Device::Create; hip-tests Unit_hipDeviceGetMemPool_Positive_Default, "
              "Unit_hipDeviceGetDefaultMemPool_Positive_Basic"),
    CONF_RULE(set_mem_pool_changes_current_pool,
              "clr hipDeviceSetMemPool, hipMallocAsync, hipMemPoolDestroy; hip-tests "
              "Unit_hipDeviceGetMemPool_Positive_Basic"),
    CONF_RULE(pool_attributes_have_defaults,
              "clr MemoryPool(); hip-tests Unit_hipMemPoolSetGetAttribute_Positive_Default, "
              "Unit_hipMemPoolGetAttribute_CheckDefaultValues"),
    CONF_RULE(pool_attributes_set_and_get,
              "clr MemoryPool::SetAttribute; hip-tests Unit_hipMemPoolGetAttribute_SetGet, "
              "Unit_hipMemPoolSetGetAttribute_Positive_MemBasic"),
    CONF_RULE(
        pool_high_marks_reset_to_zero,
        "clr MemoryPool::SetAttribute; hip-tests Unit_hipMemPoolSetAttribute_ResetMemHighAttr"),
    CONF_RULE(
        pool_usage_statistics,
        "clr MemoryPool::GetAttribute; hip-tests Unit_hipMemPoolGetAttribute_UsageStatistics, "
        "Unit_hipMemPoolGetAttribute_UsedMem"),
    CONF_RULE(malloc_does_not_touch_default_pool,
              "clr ihipMalloc; hip-tests Unit_hipMemPoolGetAttribute_hipMalloc_DefMempool"),
    CONF_RULE(pool_reuses_block_on_same_stream,
              "clr Heap::FindMemory; hip-tests Unit_hipMallocFromPoolAsync_Basic_Reuse "
              "(mempool_common.hh MallocMemPoolAsync_Reuse)"),
    CONF_RULE(
        pool_without_reuse_rules_takes_new_memory,
        "clr MemoryTimestamp::IsSafeFind; hip-tests Unit_hipMemPoolSetAttribute_Opportunistic "
        "(Disallow Opportunistic - No Reuse)"),
    CONF_RULE(pool_reuse_follows_event_dependencies,
              "clr Device::AddSafeStream; hip-tests Unit_hipMemPoolSetAttribute_EventDependencies "
              "(Allow Event Dependencies - Reuse)"),
    CONF_RULE(
        pool_max_size_limits_allocations,
        "clr MemoryPool::AllocateMemory (maxSize); hip-tests Unit_hipMemPoolCreate_With_maxSize"),
    CONF_RULE(pool_trim_gives_back_cached_memory,
              "clr MemoryPool::TrimTo; hip-tests Unit_hipMemPoolTrimTo_Positive_Basic (after the "
              "synchronize)"),
    CONF_RULE(
        pool_synchronize_releases_memory,
        "clr Device::ReleaseFreedMemory; hip-tests Unit_hipMallocFromPoolAsync_Basic_OneAlloc "
        "(mempool_common.hh MallocMemPoolAsync_OneAlloc)"),
    CONF_RULE(pool_set_access_reports_granted_access,
              "clr hipMemPoolSetAccess, MemoryPool::GetAccess; hip-tests "
              "Unit_hipMemPoolSetGetAccess_Positive_Basic, _Positive_MultipleGPU"),
    CONF_RULE(pool_memory_has_its_device_and_size,
              "clr getMemoryObject (a pool block is a memory object of the size asked)"),
    CONF_RULE(pool_create_and_destroy_on_every_device,
              "clr hipMemPoolCreate; hip-tests Unit_hipMemPoolCreate_DeviceTest"),
    CONF_RULE(pool_export_import_same_process,
              "clr MemoryPool::Export, Import; hip-tests "
              "Unit_hipMemPoolExportToShareableHandle_SameProc (no kernel)"),
    CONF_RULE(imported_pool_keeps_granted_access,
              "clr MemoryPool::Export, Import (access_map_); hip-tests "
              "Unit_hipMemPoolExportToShareableHandle_ChldCheckAccess (one process)"),
    CONF_RULE(pool_export_import_child_process,
              "clr hipMemPoolImportPointer; hip-tests "
              "Unit_hipMemPoolExportToShareableHandle_ChldUseHdl (no kernel)"),
};

const conf_group conf_group_mempool_negative = CONF_GROUP("mempool_negative", negative_rules);
const conf_group conf_group_mempool = CONF_GROUP("mempool", functional_rules);
