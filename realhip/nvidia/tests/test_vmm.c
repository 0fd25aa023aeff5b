/*
 * test_vmm.c: hipMem* VMM onto cuMem*: every argument as the driver gets it
 * (the allocation properties and access descriptors field by field), every
 * out-parameter copied back (the properties of a handle too, which HIP's own
 * NVIDIA header forgets), every access descriptor translated (not only the
 * first), 64-bit handles kept whole, and the fd passed by value on import.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define RANGE ((void *)(uintptr_t)0x7f0000200000ULL)

static hipMemAllocationProp device_prop(int device) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  return prop;
}

static void reserve_and_free(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipMemAddressReserve(&ptr, 8 << 20, 2 << 20, (void *)(uintptr_t)0x7f1000000000ULL, 0),
             hipSuccess);
  assert_ptr_equal(ptr, RANGE);
  assert_logged("cuMemAddressReserve", "cuMemAddressReserve(&,8388608,2097152,0x7f1000000000,0)");
  assert_hip(hipMemAddressFree(ptr, 8 << 20), hipSuccess);
  assert_logged("cuMemAddressFree", "cuMemAddressFree(0x7f0000200000,8388608)");
  ptr = NULL;
  fake_cuda_fail_next("cuMemAddressReserve", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMemAddressReserve(&ptr, 8 << 20, 0, NULL, 0), hipErrorOutOfMemory);
  assert_null(ptr);
}

/* Every field of the properties reaches the driver. */
static void create_passes_the_whole_prop(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemAllocationProp prop = device_prop(1);
  prop.requestedHandleTypes = hipMemHandleTypePosixFileDescriptor;
  prop.win32HandleMetaData = (void *)(uintptr_t)0x77;
  prop.allocFlags.compressionType = 1;
  prop.allocFlags.gpuDirectRDMACapable = 1;
  prop.allocFlags.usage = 0x100;
  assert_hip(hipMemCreate(&handle, 2 << 20, &prop, 0), hipSuccess);
  assert_ptr_equal(handle, (void *)(uintptr_t)0x11);
  assert_logged("cuMemCreate",
                "cuMemCreate(&,2097152,{type=1,handles=1,location={type=1,id=1},win32=0x77,"
                "compression=1,rdma=1,usage=256,reserved=0:0:0:0},0)");
  assert_hip(hipMemRelease(handle), hipSuccess);
  assert_logged("cuMemRelease", "cuMemRelease(0x11)");
}

/* The driver's handle is 64 bits; HIP's a pointer that holds it whole. */
static void handles_keep_all_64_bits(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemAllocationProp prop = device_prop(0);
  fake_cuda_set(FAKE_HANDLE, 0xfedcba9876543210ULL);
  assert_hip(hipMemCreate(&handle, 2 << 20, &prop, 0), hipSuccess);
  assert_int_equal((uintptr_t)handle, 0xfedcba9876543210ULL);
  assert_hip(hipMemMap(RANGE, 2 << 20, 0, handle, 0), hipSuccess);
  assert_logged("cuMemMap", "cuMemMap(0x7f0000200000,2097152,0,0xfedcba9876543210,0)");
  assert_hip(hipMemRelease(handle), hipSuccess);
  assert_logged("cuMemRelease", "cuMemRelease(0xfedcba9876543210)");
}

static void map_and_unmap(void **state) {
  (void)state;
  assert_hip(hipMemMap(RANGE, 4 << 20, 0, (hipMemGenericAllocationHandle_t)0x11, 0), hipSuccess);
  assert_logged("cuMemMap", "cuMemMap(0x7f0000200000,4194304,0,0x11,0)");
  assert_hip(hipMemUnmap(RANGE, 4 << 20), hipSuccess);
  assert_logged("cuMemUnmap", "cuMemUnmap(0x7f0000200000,4194304)");
  fake_cuda_fail_next("cuMemMap", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemMap(RANGE, 4096, 0, (hipMemGenericAllocationHandle_t)0x11, 0),
             hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "cuMemMap returned CUDA_ERROR_INVALID_VALUE (1)");
  fake_cuda_fail_next("cuMemUnmap", CUDA_ERROR_NOT_MAPPED);
  assert_hip(hipMemUnmap(RANGE, 4096), hipErrorNotMapped);
}

/* Each descriptor reaches the driver, with count. */
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
  assert_hip(hipMemSetAccess(RANGE, 2 << 20, desc, 3), hipSuccess);
  assert_logged("cuMemSetAccess", "cuMemSetAccess(0x7f0000200000,2097152,"
                                  "[{location={type=1,id=0},flags=3},"
                                  "{location={type=1,id=1},flags=1},"
                                  "{location={type=1,id=2},flags=0}],3)");
}

/* More descriptors than fit on the stack. */
static void set_access_with_many_descriptors(void **state) {
  (void)state;
  hipMemAccessDesc desc[20];
  for (int i = 0; i < 20; i++) {
    desc[i].location.type = hipMemLocationTypeDevice;
    desc[i].location.id = i;
    desc[i].flags = hipMemAccessFlagsProtRead;
  }
  assert_hip(hipMemSetAccess(RANGE, 2 << 20, desc, 20), hipSuccess);
  const char *line = fake_cuda_log_last("cuMemSetAccess");
  assert_contains(line, "{location={type=1,id=19},flags=1}],20)");
  assert_contains(line, "{location={type=1,id=8},flags=1}");
}

/* Past 8 descriptors the translation is on the heap: each count around that bound (8 on the
   stack; 9, the first on the heap; 16) reaches the driver whole, and the heap copy is freed
   whether the driver takes it, refuses it, or is never called because no context could be made
   current. The frees are valgrind's to see (ci/test.sh, step valgrind: hip-nvidia-fake-vmm), and
   LeakSanitizer's under the sanitize preset. */
static void set_access_frees_what_it_translates(void **state) {
  (void)state;
  static const size_t counts[] = {8, 9, 16};
  hipMemAccessDesc desc[16];
  for (int i = 0; i < 16; i++) {
    desc[i].location.type = hipMemLocationTypeDevice;
    desc[i].location.id = i;
    desc[i].flags = i % 2 ? hipMemAccessFlagsProtRead : hipMemAccessFlagsProtReadWrite;
  }
  for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    size_t count = counts[c];
    char first[64], last[64], tail[32];
    snprintf(first, sizeof first, "[{location={type=1,id=0},flags=3},");
    snprintf(last, sizeof last, "{location={type=1,id=%zu},flags=%d}]", count - 1,
             (int)desc[count - 1].flags);
    snprintf(tail, sizeof tail, "],%zu)", count);
    assert_hip(hipMemSetAccess(RANGE, 2 << 20, desc, count), hipSuccess);
    const char *line = fake_cuda_log_last("cuMemSetAccess");
    assert_contains(line, first);
    assert_contains(line, last);
    assert_contains(line, tail);
    fake_cuda_fail_next("cuMemSetAccess", CUDA_ERROR_INVALID_VALUE);
    assert_hip(hipMemSetAccess(RANGE, 2 << 20, desc, count), hipErrorInvalidValue);
    size_t calls = fake_cuda_log_count("cuMemSetAccess");
    fake_cuda_fail_next("cuCtxGetCurrent", CUDA_ERROR_NOT_INITIALIZED);
    assert_hip(hipMemSetAccess(RANGE, 2 << 20, desc, count), hipErrorNotInitialized);
    assert_int_equal(fake_cuda_log_count("cuMemSetAccess"), calls);
  }
}

static void set_access_negative(void **state) {
  (void)state;
  assert_hip(hipMemSetAccess(RANGE, 2 << 20, NULL, 1), hipErrorInvalidValue);
  assert_hip(hipMemSetAccess(RANGE, 2 << 20, NULL, SIZE_MAX), hipErrorInvalidValue);
  assert_no_driver_call();
  /* count 0 is the driver's to judge. */
  fake_cuda_fail_next("cuMemSetAccess", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemSetAccess(RANGE, 2 << 20, NULL, 0), hipErrorInvalidValue);
  assert_logged("cuMemSetAccess", "cuMemSetAccess(0x7f0000200000,2097152,NULL,0)");
}

static void get_access_passes_the_location(void **state) {
  (void)state;
  unsigned long long flags = 0;
  hipMemLocation location = {hipMemLocationTypeDevice, 1};
  fake_cuda_set(FAKE_ACCESS_FLAGS, 1);
  assert_hip(hipMemGetAccess(&flags, &location, RANGE), hipSuccess);
  assert_int_equal(flags, 1);
  assert_logged("cuMemGetAccess", "cuMemGetAccess(&,{type=1,id=1},0x7f0000200000)");
  assert_hip(hipMemGetAccess(NULL, &location, RANGE), hipErrorInvalidValue);
  assert_hip(hipMemGetAccess(&flags, NULL, RANGE), hipErrorInvalidValue);
}

static void granularity_passes_prop_and_option(void **state) {
  (void)state;
  size_t granularity = 0;
  hipMemAllocationProp prop = device_prop(0);
  fake_cuda_set(FAKE_GRANULARITY, 2 << 20);
  assert_hip(
      hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityRecommended),
      hipSuccess);
  assert_int_equal(granularity, 2 << 20);
  assert_logged("cuMemGetAllocationGranularity",
                "cuMemGetAllocationGranularity(&,{type=1,handles=0,location={type=1,id=0},"
                "win32=0x0,compression=0,rdma=0,usage=0,reserved=0:0:0:0},1)");
  fake_cuda_log_clear();
  assert_hip(hipMemGetAllocationGranularity(NULL, &prop, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
  assert_hip(hipMemGetAllocationGranularity(&granularity, NULL, hipMemAllocationGranularityMinimum),
             hipErrorInvalidValue);
  assert_no_driver_call();
}

/* The driver's answer is copied back (HIP's NVIDIA header loses it). */
static void properties_from_handle_are_copied_back(void **state) {
  (void)state;
  CUmemAllocationProp cuda;
  memset(&cuda, 0, sizeof cuda);
  cuda.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  cuda.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  cuda.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  cuda.location.id = 3;
  cuda.allocFlags.gpuDirectRDMACapable = 1;
  cuda.allocFlags.usage = 7;
  fake_cuda_set_allocation_prop(&cuda);
  hipMemAllocationProp prop;
  memset(&prop, 0xee, sizeof prop);
  assert_hip(hipMemGetAllocationPropertiesFromHandle(&prop, (hipMemGenericAllocationHandle_t)0x42),
             hipSuccess);
  assert_int_equal(prop.type, hipMemAllocationTypePinned);
  assert_int_equal(prop.requestedHandleTypes, hipMemHandleTypePosixFileDescriptor);
  assert_int_equal(prop.location.type, hipMemLocationTypeDevice);
  assert_int_equal(prop.location.id, 3);
  assert_null(prop.win32HandleMetaData);
  assert_int_equal(prop.allocFlags.compressionType, 0);
  assert_int_equal(prop.allocFlags.gpuDirectRDMACapable, 1);
  assert_int_equal(prop.allocFlags.usage, 7);
  assert_logged("cuMemGetAllocationPropertiesFromHandle",
                "cuMemGetAllocationPropertiesFromHandle(&,0x42)");
  assert_hip(hipMemGetAllocationPropertiesFromHandle(NULL, (hipMemGenericAllocationHandle_t)0x42),
             hipErrorInvalidValue);
  memset(&prop, 0xee, sizeof prop);
  fake_cuda_fail_next("cuMemGetAllocationPropertiesFromHandle", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemGetAllocationPropertiesFromHandle(&prop, NULL), hipErrorInvalidValue);
  assert_int_equal(prop.location.id, (int)0xeeeeeeee);
}

static void retain_gives_the_handle(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = NULL;
  fake_cuda_set(FAKE_HANDLE, 0x99);
  assert_hip(hipMemRetainAllocationHandle(&handle, RANGE), hipSuccess);
  assert_ptr_equal(handle, (void *)(uintptr_t)0x99);
  assert_logged("cuMemRetainAllocationHandle", "cuMemRetainAllocationHandle(&,0x7f0000200000)");
  assert_hip(hipMemRetainAllocationHandle(NULL, RANGE), hipErrorInvalidValue);
  handle = NULL;
  fake_cuda_fail_next("cuMemRetainAllocationHandle", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemRetainAllocationHandle(&handle, (void *)0x10), hipErrorInvalidValue);
  assert_null(handle);
}

/* Export writes an int fd; import takes the fd's value as the pointer. */
static void export_and_import_a_file_descriptor(void **state) {
  (void)state;
  int fd = -1;
  hipMemGenericAllocationHandle_t imported = NULL;
  fake_cuda_set(FAKE_SHAREABLE_FD, 11);
  assert_hip(hipMemExportToShareableHandle(&fd, (hipMemGenericAllocationHandle_t)0x11,
                                           hipMemHandleTypePosixFileDescriptor, 0),
             hipSuccess);
  assert_int_equal(fd, 11);
  assert_logged("cuMemExportToShareableHandle", "cuMemExportToShareableHandle(&,0x11,1,0)");
  fake_cuda_set(FAKE_HANDLE, 0x21);
  assert_hip(hipMemImportFromShareableHandle(&imported, (void *)(uintptr_t)fd,
                                             hipMemHandleTypePosixFileDescriptor),
             hipSuccess);
  assert_ptr_equal(imported, (void *)(uintptr_t)0x21);
  assert_logged("cuMemImportFromShareableHandle", "cuMemImportFromShareableHandle(&,0xb,1)");
  fake_cuda_log_clear();
  assert_hip(hipMemExportToShareableHandle(NULL, (hipMemGenericAllocationHandle_t)0x11,
                                           hipMemHandleTypePosixFileDescriptor, 0),
             hipErrorInvalidValue);
  assert_hip(hipMemImportFromShareableHandle(NULL, (void *)(uintptr_t)fd,
                                             hipMemHandleTypePosixFileDescriptor),
             hipErrorInvalidValue);
  assert_no_driver_call();
  fake_cuda_fail_next("cuMemExportToShareableHandle", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemExportToShareableHandle(&fd, (hipMemGenericAllocationHandle_t)0x11,
                                           hipMemHandleTypeFabric, 0),
             hipErrorInvalidValue);
  assert_logged("cuMemExportToShareableHandle", "cuMemExportToShareableHandle(&,0x11,8,0)");
}

/* ---- sparse arrays ---- */

static void map_array_translates_each_entry(void **state) {
  (void)state;
  hipArrayMapInfo info[2];
  memset(info, 0, sizeof info);
  info[0].resourceType = hipResourceTypeArray;
  info[0].resource.array = (hipArray_t)(uintptr_t)0xa000;
  info[0].subresourceType = hipArraySparseSubresourceTypeSparseLevel;
  info[0].subresource.sparseLevel.level = 1;
  info[0].subresource.sparseLevel.extentWidth = 64;
  info[0].memOperationType = hipMemOperationTypeMap;
  info[0].memHandleType = hipMemHandleTypeGeneric;
  info[0].memHandle.memHandle = (hipMemGenericAllocationHandle_t)0x11;
  info[0].offset = 4096;
  info[0].deviceBitMask = 1;
  info[1] = info[0];
  info[1].memOperationType = hipMemOperationTypeUnmap;
  assert_hip(hipMemMapArrayAsync(info, 2, (hipStream_t)(uintptr_t)0x5100), hipSuccess);
  assert_logged("cuMemMapArrayAsync",
                "cuMemMapArrayAsync([{resource=0,array=0xa000,subresource=0,"
                "level=1:0:0:0:0:64:0:0,op=1,handle_type=0,handle=0x11,offset=4096,mask=1,"
                "flags=0},{resource=0,array=0xa000,subresource=0,level=1:0:0:0:0:64:0:0,op=2,"
                "handle_type=0,handle=0x11,offset=4096,mask=1,flags=0}],2,0x5100)");
}

static void map_array_negative(void **state) {
  (void)state;
  hipArrayMapInfo info;
  memset(&info, 0, sizeof info);
  assert_hip(hipMemMapArrayAsync(NULL, 1, NULL), hipErrorInvalidValue);
  assert_hip(hipMemMapArrayAsync(&info, 0, NULL), hipErrorInvalidValue);
  /* ROCm's struct holds a mipmapped array by value: no CUDA handle to pass. */
  info.resourceType = hipResourceTypeMipmappedArray;
  assert_hip(hipMemMapArrayAsync(&info, 1, NULL), hipErrorNotSupported);
  assert_contains(hip_nvidia_last_reason(), "mapInfoList[0] is a mipmapped array");
  assert_no_driver_call();
  /* A zeroed entry (a NULL array) is the driver's to refuse. */
  info.resourceType = hipResourceTypeArray;
  fake_cuda_fail_next("cuMemMapArrayAsync", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemMapArrayAsync(&info, 1, NULL), hipErrorInvalidHandle);
}

static void vmm_negative(void **state) {
  (void)state;
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemAllocationProp prop = device_prop(0);
  assert_hip(hipMemAddressReserve(NULL, 2 << 20, 0, NULL, 0), hipErrorInvalidValue);
  assert_hip(hipMemCreate(NULL, 2 << 20, &prop, 0), hipErrorInvalidValue);
  assert_hip(hipMemCreate(&handle, 2 << 20, NULL, 0), hipErrorInvalidValue);
  assert_no_driver_call();
  /* Everything else is the driver's to judge: a ROCm-only type passes through. */
  prop.type = hipMemAllocationTypeUncached;
  fake_cuda_fail_next("cuMemCreate", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemCreate(&handle, 2 << 20, &prop, 0), hipErrorInvalidValue);
  assert_contains(fake_cuda_log_last("cuMemCreate"), "{type=1073741824,");
  assert_null(handle);
}

int hn_area_vmm(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(reserve_and_free),
      HN_TEST(create_passes_the_whole_prop),
      HN_TEST(handles_keep_all_64_bits),
      HN_TEST(map_and_unmap),
      HN_TEST(set_access_translates_every_descriptor),
      HN_TEST(set_access_with_many_descriptors),
      HN_TEST(set_access_frees_what_it_translates),
      HN_TEST(set_access_negative),
      HN_TEST(get_access_passes_the_location),
      HN_TEST(granularity_passes_prop_and_option),
      HN_TEST(properties_from_handle_are_copied_back),
      HN_TEST(retain_gives_the_handle),
      HN_TEST(export_and_import_a_file_descriptor),
      HN_TEST(map_array_translates_each_entry),
      HN_TEST(map_array_negative),
      HN_TEST(vmm_negative),
  };
  return cmocka_run_group_tests_name("vmm", tests, NULL, NULL);
}
