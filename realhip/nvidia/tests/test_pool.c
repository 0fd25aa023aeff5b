/*
 * test_pool.c: stream-ordered memory pools onto cuMemPool* and
 * cuDevice*MemPool: every argument as the driver gets it (a pool's
 * properties field by field, usage 0; every access descriptor; an
 * attribute's value at its width), every out-parameter, ordinals through
 * cuDeviceGet first, the refusals hip-nvidia makes itself (NULL arguments,
 * attributes outside 1..8), the fd passed by value on import, the export data
 * copied whole, and the driver's failures translated.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define POOL ((hipMemPool_t)(uintptr_t)0x7100)
#define STREAM ((hipStream_t)(uintptr_t)0x5100)
#define BLOCK ((void *)(uintptr_t)0x7f0000200000ULL)

static hipMemPoolProps device_props(int device) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  return props;
}

/* ---- the device's pools ---- */

static void default_pool_of_a_device(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  fake_cuda_set(FAKE_MEM_POOL, 0xfedcba9876543210ULL);
  assert_hip(hipDeviceGetDefaultMemPool(&pool, 1), hipSuccess);
  assert_int_equal((uintptr_t)pool, 0xfedcba9876543210ULL);
  assert_logged("cuDeviceGet", "cuDeviceGet(&,1)");
  assert_logged("cuDeviceGetDefaultMemPool", "cuDeviceGetDefaultMemPool(&,1)");
  pool = NULL;
  fake_cuda_fail_next("cuDeviceGetDefaultMemPool", CUDA_ERROR_NOT_SUPPORTED);
  assert_hip(hipDeviceGetDefaultMemPool(&pool, 0), hipErrorNotSupported);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuDeviceGetDefaultMemPool returned CUDA_ERROR_NOT_SUPPORTED (801)");
  assert_null(pool);
}

static void set_and_get_the_current_pool(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  fake_cuda_set(FAKE_DEVICE_COUNT, 2);
  assert_hip(hipDeviceSetMemPool(1, (hipMemPool_t)(uintptr_t)0x7200), hipSuccess);
  assert_logged("cuDeviceSetMemPool", "cuDeviceSetMemPool(1,0x7200)");
  fake_cuda_set(FAKE_MEM_POOL, 0x7200);
  assert_hip(hipDeviceGetMemPool(&pool, 1), hipSuccess);
  assert_ptr_equal(pool, (void *)(uintptr_t)0x7200);
  assert_logged("cuDeviceGetMemPool", "cuDeviceGetMemPool(&,1)");
  /* A pool of another device is the driver's to refuse. */
  fake_cuda_fail_next("cuDeviceSetMemPool", CUDA_ERROR_INVALID_DEVICE);
  assert_hip(hipDeviceSetMemPool(0, (hipMemPool_t)(uintptr_t)0x7200), hipErrorInvalidDevice);
  pool = NULL;
  fake_cuda_fail_next("cuDeviceGetMemPool", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipDeviceGetMemPool(&pool, 0), hipErrorInvalidValue);
  assert_null(pool);
}

/* cuDeviceGet refuses an ordinal the driver does not have, before any pool call. */
static void device_ordinal_is_checked_first(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  assert_hip(hipDeviceGetDefaultMemPool(&pool, 1), hipErrorInvalidDevice);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuDeviceGet returned CUDA_ERROR_INVALID_DEVICE (101)");
  assert_hip(hipDeviceGetDefaultMemPool(&pool, -1), hipErrorInvalidDevice);
  assert_hip(hipDeviceSetMemPool(1, POOL), hipErrorInvalidDevice);
  assert_hip(hipDeviceGetMemPool(&pool, 1), hipErrorInvalidDevice);
  assert_null(pool);
  assert_int_equal(fake_cuda_log_count("cuDeviceGet"), 4);
  assert_not_called("cuDeviceGetDefaultMemPool");
  assert_not_called("cuDeviceSetMemPool");
  assert_not_called("cuDeviceGetMemPool");
}

static void device_pools_negative(void **state) {
  (void)state;
  assert_hip(hipDeviceGetDefaultMemPool(NULL, 0), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipDeviceGetDefaultMemPool: mem_pool is NULL");
  assert_hip(hipDeviceSetMemPool(0, NULL), hipErrorInvalidValue);
  assert_hip(hipDeviceGetMemPool(NULL, 0), hipErrorInvalidValue);
  assert_no_driver_call();
}

/* ---- pools of their own ---- */

/* Every field reaches the driver; HIP's reserved bytes do not, usage is 0. */
static void create_copies_the_properties(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  hipMemPoolProps props = device_props(1);
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  props.win32SecurityAttributes = (void *)(uintptr_t)0x77;
  props.maxSize = (size_t)1 << 30;
  memset(props.reserved, 0xff, sizeof props.reserved);
  fake_cuda_set(FAKE_MEM_POOL, 0x7300);
  assert_hip(hipMemPoolCreate(&pool, &props), hipSuccess);
  assert_ptr_equal(pool, (void *)(uintptr_t)0x7300);
  assert_logged("cuMemPoolCreate", "cuMemPoolCreate(&,{type=1,handles=1,location={type=1,id=1},"
                                   "win32=0x77,maxSize=1073741824,usage=0,reserved=0})");
  assert_hip(hipMemPoolDestroy(pool), hipSuccess);
  assert_logged("cuMemPoolDestroy", "cuMemPoolDestroy(0x7300)");
  /* Managed (CUDA 13's value too) and ROCm's Uncached pass through for the driver. */
  props = device_props(0);
  props.allocType = hipMemAllocationTypeManaged;
  assert_hip(hipMemPoolCreate(&pool, &props), hipSuccess);
  assert_contains(fake_cuda_log_last("cuMemPoolCreate"), "{type=2,");
  props.allocType = hipMemAllocationTypeUncached;
  pool = NULL;
  fake_cuda_fail_next("cuMemPoolCreate", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  assert_contains(fake_cuda_log_last("cuMemPoolCreate"), "{type=1073741824,");
  assert_null(pool);
}

static void create_and_destroy_failures(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  hipMemPoolProps props = device_props(0);
  fake_cuda_fail_next("cuMemPoolCreate", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorOutOfMemory);
  fake_cuda_fail_next("cuMemPoolCreate", CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorStreamCaptureUnsupported);
  assert_null(pool);
  /* A device's default pool, or one destroyed already. */
  fake_cuda_fail_next("cuMemPoolDestroy", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolDestroy(POOL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuMemPoolDestroy returned CUDA_ERROR_INVALID_VALUE (1)");
  /* No context can be made current: no pool is made. */
  fake_cuda_fail_next("cuCtxGetCurrent", CUDA_ERROR_NOT_INITIALIZED);
  assert_hip(hipMemPoolCreate(&pool, &props), hipErrorNotInitialized);
  assert_int_equal(fake_cuda_log_count("cuMemPoolCreate"), 2);
}

static void create_and_destroy_negative(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  hipMemPoolProps props = device_props(0);
  assert_hip(hipMemPoolCreate(NULL, &props), hipErrorInvalidValue);
  assert_hip(hipMemPoolCreate(&pool, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemPoolCreate: pool_props is NULL");
  assert_hip(hipMemPoolDestroy(NULL), hipErrorInvalidValue);
  assert_hip(hipMemPoolTrimTo(NULL, 0), hipErrorInvalidValue);
  assert_no_driver_call();
}

static void trim_keeps_what_it_is_told(void **state) {
  (void)state;
  assert_hip(hipMemPoolTrimTo(POOL, 1024), hipSuccess);
  assert_logged("cuMemPoolTrimTo", "cuMemPoolTrimTo(0x7100,1024)");
  fake_cuda_fail_next("cuMemPoolTrimTo", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemPoolTrimTo(POOL, SIZE_MAX), hipErrorInvalidHandle);
  assert_logged("cuMemPoolTrimTo", "cuMemPoolTrimTo(0x7100,18446744073709551615)");
}

/* ---- attributes ---- */

/* The value pointer passes through: the driver writes an int for 1-3, 64 bits for 4-8. */
static void get_attribute_writes_its_width(void **state) {
  (void)state;
  fake_cuda_set(FAKE_POOL_ATTRIBUTE, 0);
  for (int attr = 1; attr <= 8; attr++) {
    uint64_t storage = 0;
    unsigned char *value = (unsigned char *)&storage;
    memset(value, 0xee, sizeof storage);
    assert_hip(hipMemPoolGetAttribute(POOL, (hipMemPoolAttr)attr, value), hipSuccess);
    char line[64];
    snprintf(line, sizeof line, "cuMemPoolGetAttribute(0x7100,%d,&)", attr);
    assert_logged("cuMemPoolGetAttribute", line);
    size_t width = attr <= 3 ? sizeof(int) : sizeof(uint64_t);
    for (size_t i = 0; i < sizeof storage; i++)
      assert_int_equal(value[i], i < width ? 0 : 0xee);
  }
  uint64_t threshold = 0;
  fake_cuda_set(FAKE_POOL_ATTRIBUTE, 1ULL << 40);
  assert_hip(hipMemPoolGetAttribute(POOL, hipMemPoolAttrReleaseThreshold, &threshold), hipSuccess);
  assert_int_equal(threshold, 1ULL << 40);
}

static void set_attribute_passes_the_value(void **state) {
  (void)state;
  int follow = 0;
  uint64_t threshold = 1ULL << 40, high = 0;
  assert_hip(hipMemPoolSetAttribute(POOL, hipMemPoolReuseFollowEventDependencies, &follow),
             hipSuccess);
  assert_logged("cuMemPoolSetAttribute", "cuMemPoolSetAttribute(0x7100,1,&=0)");
  assert_hip(hipMemPoolSetAttribute(POOL, hipMemPoolAttrReleaseThreshold, &threshold), hipSuccess);
  assert_logged("cuMemPoolSetAttribute", "cuMemPoolSetAttribute(0x7100,4,&=1099511627776)");
  assert_hip(hipMemPoolSetAttribute(POOL, hipMemPoolAttrUsedMemHigh, &high), hipSuccess);
  assert_logged("cuMemPoolSetAttribute", "cuMemPoolSetAttribute(0x7100,8,&=0)");
  /* Which may be set, and to what, is the driver's to judge. */
  fake_cuda_fail_next("cuMemPoolSetAttribute", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolSetAttribute(POOL, hipMemPoolAttrReservedMemCurrent, &high),
             hipErrorInvalidValue);
  assert_logged("cuMemPoolSetAttribute", "cuMemPoolSetAttribute(0x7100,5,&=0)");
  fake_cuda_fail_next("cuMemPoolGetAttribute", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemPoolGetAttribute(POOL, hipMemPoolAttrUsedMemCurrent, &high),
             hipErrorInvalidHandle);
}

/* An attribute outside 1..8 is refused with a reason, before the driver. */
static void attributes_negative(void **state) {
  (void)state;
  int flag = 0;
  static const int bad[] = {0, 9, -1, 0x40000000};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char reason[96];
    assert_hip(hipMemPoolSetAttribute(POOL, (hipMemPoolAttr)bad[i], &flag), hipErrorInvalidValue);
    snprintf(reason, sizeof reason, "hipMemPoolSetAttribute: attr %d is not a hipMemPoolAttr",
             bad[i]);
    assert_string_equal(hip_nvidia_last_reason(), reason);
    assert_hip(hipMemPoolGetAttribute(POOL, (hipMemPoolAttr)bad[i], &flag), hipErrorInvalidValue);
    snprintf(reason, sizeof reason, "hipMemPoolGetAttribute: attr %d is not a hipMemPoolAttr",
             bad[i]);
    assert_string_equal(hip_nvidia_last_reason(), reason);
  }
  assert_hip(hipMemPoolSetAttribute(NULL, hipMemPoolReuseFollowEventDependencies, &flag),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAttribute(POOL, hipMemPoolReuseFollowEventDependencies, NULL),
             hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemPoolSetAttribute: value is NULL");
  assert_hip(hipMemPoolGetAttribute(NULL, hipMemPoolReuseFollowEventDependencies, &flag),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAttribute(POOL, hipMemPoolReuseFollowEventDependencies, NULL),
             hipErrorInvalidValue);
  assert_no_driver_call();
}

/* ---- access ---- */

/* Each descriptor reaches the driver, with count, as hipMemSetAccess's do. */
static void set_access_translates_every_descriptor(void **state) {
  (void)state;
  hipMemAccessDesc desc[3];
  for (int i = 0; i < 3; i++) {
    desc[i].location.type = hipMemLocationTypeDevice;
    desc[i].location.id = i;
  }
  desc[0].flags = hipMemAccessFlagsProtReadWrite;
  desc[1].flags = hipMemAccessFlagsProtRead;
  desc[2].flags = hipMemAccessFlagsProtNone;
  assert_hip(hipMemPoolSetAccess(POOL, desc, 3), hipSuccess);
  assert_logged("cuMemPoolSetAccess", "cuMemPoolSetAccess(0x7100,"
                                      "[{location={type=1,id=0},flags=3},"
                                      "{location={type=1,id=1},flags=1},"
                                      "{location={type=1,id=2},flags=0}],3)");
  /* The pool's own device read-only; more descriptors than devices. */
  fake_cuda_fail_next("cuMemPoolSetAccess", CUDA_ERROR_NOT_SUPPORTED);
  assert_hip(hipMemPoolSetAccess(POOL, &desc[1], 1), hipErrorNotSupported);
  fake_cuda_fail_next("cuMemPoolSetAccess", CUDA_ERROR_INVALID_DEVICE);
  assert_hip(hipMemPoolSetAccess(POOL, desc, 3), hipErrorInvalidDevice);
}

/* Past 8 the translation is on the heap, and freed however the call ends
   (valgrind's and LeakSanitizer's to see, as for hipMemSetAccess). */
static void set_access_with_many_descriptors(void **state) {
  (void)state;
  hipMemAccessDesc desc[20];
  for (int i = 0; i < 20; i++) {
    desc[i].location.type = hipMemLocationTypeDevice;
    desc[i].location.id = i;
    desc[i].flags = hipMemAccessFlagsProtRead;
  }
  assert_hip(hipMemPoolSetAccess(POOL, desc, 20), hipSuccess);
  const char *line = fake_cuda_log_last("cuMemPoolSetAccess");
  assert_contains(line, "{location={type=1,id=8},flags=1}");
  assert_contains(line, "{location={type=1,id=19},flags=1}],20)");
  fake_cuda_fail_next("cuMemPoolSetAccess", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolSetAccess(POOL, desc, 9), hipErrorInvalidValue);
  fake_cuda_fail_next("cuCtxGetCurrent", CUDA_ERROR_NOT_INITIALIZED);
  assert_hip(hipMemPoolSetAccess(POOL, desc, 20), hipErrorNotInitialized);
  assert_int_equal(fake_cuda_log_count("cuMemPoolSetAccess"), 2);
}

static void set_access_negative(void **state) {
  (void)state;
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  assert_hip(hipMemPoolSetAccess(NULL, &desc, 1), hipErrorInvalidValue);
  assert_hip(hipMemPoolSetAccess(POOL, NULL, 1), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemPoolSetAccess: desc_list is NULL, count 1");
  assert_hip(hipMemPoolSetAccess(POOL, &desc, SIZE_MAX), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipMemPoolSetAccess: count 18446744073709551615 is too large");
  assert_no_driver_call();
  /* No descriptors is the driver's to judge. */
  assert_hip(hipMemPoolSetAccess(POOL, NULL, 0), hipSuccess);
  assert_logged("cuMemPoolSetAccess", "cuMemPoolSetAccess(0x7100,NULL,0)");
}

static void get_access_passes_the_location(void **state) {
  (void)state;
  hipMemAccessFlags flags = hipMemAccessFlagsProtNone;
  hipMemLocation location = {hipMemLocationTypeDevice, 1};
  fake_cuda_set(FAKE_ACCESS_FLAGS, 1);
  assert_hip(hipMemPoolGetAccess(&flags, POOL, &location), hipSuccess);
  assert_int_equal(flags, hipMemAccessFlagsProtRead);
  assert_logged("cuMemPoolGetAccess", "cuMemPoolGetAccess(&,0x7100,{type=1,id=1})");
  fake_cuda_fail_next("cuMemPoolGetAccess", CUDA_ERROR_INVALID_VALUE);
  location.type = hipMemLocationTypeInvalid;
  assert_hip(hipMemPoolGetAccess(&flags, POOL, &location), hipErrorInvalidValue);
  assert_logged("cuMemPoolGetAccess", "cuMemPoolGetAccess(&,0x7100,{type=0,id=1})");
  assert_int_equal(flags, hipMemAccessFlagsProtRead);
  fake_cuda_log_clear();
  assert_hip(hipMemPoolGetAccess(NULL, POOL, &location), hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAccess(&flags, NULL, &location), hipErrorInvalidValue);
  assert_hip(hipMemPoolGetAccess(&flags, POOL, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemPoolGetAccess: location is NULL");
  assert_no_driver_call();
}

/* ---- allocation ---- */

/* As hipMallocAsync: the stream as it is, hipFreeAsync gives it back. */
static void malloc_from_pool(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipMallocFromPoolAsync(&ptr, 8192, POOL, STREAM), hipSuccess);
  assert_ptr_equal(ptr, BLOCK);
  assert_logged("cuMemAllocFromPoolAsync", "cuMemAllocFromPoolAsync(&,8192,0x7100,0x5100)");
  assert_hip(hipFreeAsync(ptr, STREAM), hipSuccess);
  assert_logged("cuMemFreeAsync", "cuMemFreeAsync(0x7f0000200000,0x5100)");
  assert_hip(hipMallocFromPoolAsync(&ptr, 0, POOL, hipStreamPerThread), hipSuccess);
  assert_logged("cuMemAllocFromPoolAsync", "cuMemAllocFromPoolAsync(&,0,0x7100,0x2)");
  ptr = NULL;
  fake_cuda_fail_next("cuMemAllocFromPoolAsync", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMallocFromPoolAsync(&ptr, SIZE_MAX, POOL, NULL), hipErrorOutOfMemory);
  assert_null(ptr);
  fake_cuda_log_clear();
  assert_hip(hipMallocFromPoolAsync(NULL, 8192, POOL, NULL), hipErrorInvalidValue);
  assert_hip(hipMallocFromPoolAsync(&ptr, 8192, NULL, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMallocFromPoolAsync: mem_pool is NULL");
  assert_no_driver_call();
}

/* ---- sharing ---- */

/* Export writes an int fd; import takes the fd's value as the pointer. */
static void export_and_import_a_pool(void **state) {
  (void)state;
  int fd = -1;
  hipMemPool_t imported = NULL;
  fake_cuda_set(FAKE_SHAREABLE_FD, 11);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, POOL, hipMemHandleTypePosixFileDescriptor, 0),
             hipSuccess);
  assert_int_equal(fd, 11);
  assert_logged("cuMemPoolExportToShareableHandle",
                "cuMemPoolExportToShareableHandle(&,0x7100,1,0)");
  fake_cuda_set(FAKE_MEM_POOL, 0x7400);
  assert_hip(hipMemPoolImportFromShareableHandle(&imported, (void *)(uintptr_t)fd,
                                                 hipMemHandleTypePosixFileDescriptor, 0),
             hipSuccess);
  assert_ptr_equal(imported, (void *)(uintptr_t)0x7400);
  assert_logged("cuMemPoolImportFromShareableHandle",
                "cuMemPoolImportFromShareableHandle(&,0xb,1,0)");
  /* A pool made without handle types; an fd of no pool. */
  fake_cuda_fail_next("cuMemPoolExportToShareableHandle", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, POOL, hipMemHandleTypeFabric, 3),
             hipErrorInvalidValue);
  assert_logged("cuMemPoolExportToShareableHandle",
                "cuMemPoolExportToShareableHandle(&,0x7100,8,3)");
  imported = NULL;
  fake_cuda_fail_next("cuMemPoolImportFromShareableHandle", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMemPoolImportFromShareableHandle(&imported, (void *)(uintptr_t)fd,
                                                 hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorOutOfMemory);
  assert_null(imported);
  /* NULL is fd 0, passed on. */
  assert_hip(
      hipMemPoolImportFromShareableHandle(&imported, NULL, hipMemHandleTypePosixFileDescriptor, 0),
      hipSuccess);
  assert_logged("cuMemPoolImportFromShareableHandle",
                "cuMemPoolImportFromShareableHandle(&,0x0,1,0)");
}

static void sharing_negative(void **state) {
  (void)state;
  int fd = -1;
  assert_hip(hipMemPoolExportToShareableHandle(NULL, POOL, hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolExportToShareableHandle(&fd, NULL, hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemPoolImportFromShareableHandle(NULL, (void *)(uintptr_t)11,
                                                 hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  assert_int_equal(fd, -1);
  assert_no_driver_call();
}

/* The 64 bytes of export data come back whole and go to the import whole. */
static void export_and_import_a_pointer(void **state) {
  (void)state;
  hipMemPoolPtrExportData data;
  memset(&data, 0, sizeof data);
  assert_hip(hipMemPoolExportPointer(&data, BLOCK), hipSuccess);
  assert_logged("cuMemPoolExportPointer", "cuMemPoolExportPointer(&,0x7f0000200000)");
  for (size_t i = 0; i < sizeof data.reserved; i++)
    assert_int_equal(data.reserved[i], 0x40 + i);
  void *ptr = NULL;
  fake_cuda_set(FAKE_POINTER, 0x7f0000400000ULL);
  assert_hip(hipMemPoolImportPointer(&ptr, (hipMemPool_t)(uintptr_t)0x7400, &data), hipSuccess);
  assert_ptr_equal(ptr, (void *)(uintptr_t)0x7f0000400000ULL);
  char line[256];
  size_t used = (size_t)snprintf(line, sizeof line, "cuMemPoolImportPointer(&,0x7400,");
  for (size_t i = 0; i < sizeof data.reserved; i++)
    used += (size_t)snprintf(line + used, sizeof line - used, "%02x", (unsigned)data.reserved[i]);
  snprintf(line + used, sizeof line - used, ")");
  assert_logged("cuMemPoolImportPointer", line);
  /* Failures leave the out-parameters alone. */
  memset(&data, 0xee, sizeof data);
  fake_cuda_fail_next("cuMemPoolExportPointer", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolExportPointer(&data, (void *)(uintptr_t)0x10), hipErrorInvalidValue);
  assert_int_equal(data.reserved[0], 0xee);
  ptr = NULL;
  fake_cuda_fail_next("cuMemPoolImportPointer", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolImportPointer(&ptr, POOL, &data), hipErrorInvalidValue);
  assert_null(ptr);
}

static void pointers_negative(void **state) {
  (void)state;
  hipMemPoolPtrExportData data;
  memset(&data, 0, sizeof data);
  void *ptr = NULL;
  assert_hip(hipMemPoolExportPointer(NULL, BLOCK), hipErrorInvalidValue);
  assert_hip(hipMemPoolImportPointer(NULL, POOL, &data), hipErrorInvalidValue);
  assert_hip(hipMemPoolImportPointer(&ptr, NULL, &data), hipErrorInvalidValue);
  assert_hip(hipMemPoolImportPointer(&ptr, POOL, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemPoolImportPointer: export_data is NULL");
  assert_no_driver_call();
  /* A NULL pointer is the driver's to refuse. */
  fake_cuda_fail_next("cuMemPoolExportPointer", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemPoolExportPointer(&data, NULL), hipErrorInvalidValue);
  assert_logged("cuMemPoolExportPointer", "cuMemPoolExportPointer(&,0x0)");
}

int hn_area_pool(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(default_pool_of_a_device),
      HN_TEST(set_and_get_the_current_pool),
      HN_TEST(device_ordinal_is_checked_first),
      HN_TEST(device_pools_negative),
      HN_TEST(create_copies_the_properties),
      HN_TEST(create_and_destroy_failures),
      HN_TEST(create_and_destroy_negative),
      HN_TEST(trim_keeps_what_it_is_told),
      HN_TEST(get_attribute_writes_its_width),
      HN_TEST(set_attribute_passes_the_value),
      HN_TEST(attributes_negative),
      HN_TEST(set_access_translates_every_descriptor),
      HN_TEST(set_access_with_many_descriptors),
      HN_TEST(set_access_negative),
      HN_TEST(get_access_passes_the_location),
      HN_TEST(malloc_from_pool),
      HN_TEST(export_and_import_a_pool),
      HN_TEST(sharing_negative),
      HN_TEST(export_and_import_a_pointer),
      HN_TEST(pointers_negative),
  };
  return cmocka_run_group_tests_name("pool", tests, NULL, NULL);
}
