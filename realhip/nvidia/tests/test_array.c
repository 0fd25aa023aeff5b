/*
 * test_array.c: arrays, mipmapped arrays and pitched memory onto cuArray*,
 * cuMipmappedArray* and cuMemAllocPitch: every descriptor field as the
 * driver gets it and as HIP gets it back, channel descriptions turned into
 * formats (and refused as the CUDA runtime refuses them), handles kept
 * whole, the runtime's NULL frees, and each driver failure translated.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define ARRAY ((hipArray_t)(uintptr_t)0xa100)
#define MIPMAPPED ((hipMipmappedArray_t)(uintptr_t)0xb100)

/* ---- arrays from the driver's descriptors ---- */

static void array_create_copies_the_descriptor(void **state) {
  (void)state;
  hipArray_t array = NULL;
  HIP_ARRAY_DESCRIPTOR desc = {
      .Width = 640, .Height = 480, .Format = HIP_AD_FORMAT_UNSIGNED_INT16, .NumChannels = 2};
  assert_hip(hipArrayCreate(&array, &desc), hipSuccess);
  assert_ptr_equal(array, ARRAY);
  assert_logged("cuArrayCreate_v2",
                "cuArrayCreate_v2(&,{width=640,height=480,format=0x2,channels=2})");
  /* The driver's handle is a pointer HIP hands back untouched. */
  fake_cuda_set(FAKE_ARRAY, 0xfedcba9876543210ULL);
  assert_hip(hipArrayCreate(&array, &desc), hipSuccess);
  assert_int_equal((uintptr_t)array, 0xfedcba9876543210ULL);
  assert_hip(hipArrayDestroy(array), hipSuccess);
  assert_logged("cuArrayDestroy", "cuArrayDestroy(0xfedcba9876543210)");
  /* A failure writes nothing. */
  array = NULL;
  fake_cuda_fail_next("cuArrayCreate_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipArrayCreate(&array, &desc), hipErrorOutOfMemory);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuArrayCreate_v2 returned CUDA_ERROR_OUT_OF_MEMORY (2)");
  assert_null(array);
  fake_cuda_fail_next("cuArrayCreate_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipArrayCreate(&array, &desc), hipErrorInvalidValue);
}

static void array_3d_create_copies_every_field(void **state) {
  (void)state;
  hipArray_t array = NULL;
  HIP_ARRAY3D_DESCRIPTOR desc = {.Width = 64,
                                 .Height = 32,
                                 .Depth = 6,
                                 .Format = HIP_AD_FORMAT_HALF,
                                 .NumChannels = 4,
                                 .Flags = hipArrayLayered | hipArraySurfaceLoadStore};
  assert_hip(hipArray3DCreate(&array, &desc), hipSuccess);
  assert_ptr_equal(array, ARRAY);
  assert_logged("cuArray3DCreate_v2", "cuArray3DCreate_v2(&,{width=64,height=32,depth=6,"
                                      "format=0x10,channels=4,flags=0x3})");
  /* Flags HIP does not name pass through, for the driver to judge. */
  desc.Flags = 0x40;
  fake_cuda_fail_next("cuArray3DCreate_v2", CUDA_ERROR_NOT_SUPPORTED);
  array = NULL;
  assert_hip(hipArray3DCreate(&array, &desc), hipErrorNotSupported);
  assert_contains(fake_cuda_log_last("cuArray3DCreate_v2"), "flags=0x40}");
  assert_null(array);
}

/* ---- arrays from channel descriptions ---- */

typedef struct channel_case {
  hipChannelFormatDesc desc;
  const char *logged;
} channel_case;

static void malloc_array_turns_the_channel_desc_into_a_format(void **state) {
  (void)state;
  const channel_case cases[] = {
      {{8, 0, 0, 0, hipChannelFormatKindUnsigned}, "format=0x1,channels=1"},
      {{16, 16, 0, 0, hipChannelFormatKindUnsigned}, "format=0x2,channels=2"},
      {{32, 32, 32, 32, hipChannelFormatKindUnsigned}, "format=0x3,channels=4"},
      {{8, 8, 8, 8, hipChannelFormatKindSigned}, "format=0x8,channels=4"},
      {{16, 0, 0, 0, hipChannelFormatKindSigned}, "format=0x9,channels=1"},
      {{32, 32, 0, 0, hipChannelFormatKindSigned}, "format=0xa,channels=2"},
      {{16, 16, 16, 16, hipChannelFormatKindFloat}, "format=0x10,channels=4"},
      {{32, 0, 0, 0, hipChannelFormatKindFloat}, "format=0x20,channels=1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    hipArray_t array = NULL;
    char expected[256];
    assert_hip(hipMallocArray(&array, &cases[i].desc, 100, 50, hipArrayDefault), hipSuccess);
    assert_ptr_equal(array, ARRAY);
    snprintf(expected, sizeof expected,
             "cuArray3DCreate_v2(&,{width=100,height=50,depth=0,%s,flags=0x0})", cases[i].logged);
    assert_logged("cuArray3DCreate_v2", expected);
  }
  /* A 1D array, and the flags as they are. */
  hipArray_t array = NULL;
  hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  assert_hip(
      hipMallocArray(&array, &desc, 4096, 0, hipArraySurfaceLoadStore | hipArrayTextureGather),
      hipSuccess);
  assert_logged("cuArray3DCreate_v2", "cuArray3DCreate_v2(&,{width=4096,height=0,depth=0,"
                                      "format=0x20,channels=1,flags=0xa})");
  fake_cuda_fail_next("cuArray3DCreate_v2", CUDA_ERROR_OUT_OF_MEMORY);
  array = NULL;
  assert_hip(hipMallocArray(&array, &desc, 1 << 30, 1 << 20, 0), hipErrorOutOfMemory);
  assert_null(array);
}

static void malloc_3d_array_takes_the_extent(void **state) {
  (void)state;
  hipArray_t array = NULL;
  hipChannelFormatDesc desc = hipCreateChannelDesc(8, 8, 0, 0, hipChannelFormatKindSigned);
  assert_hip(hipMalloc3DArray(&array, &desc, make_hipExtent(16, 8, 4), hipArrayLayered),
             hipSuccess);
  assert_ptr_equal(array, ARRAY);
  assert_logged("cuArray3DCreate_v2", "cuArray3DCreate_v2(&,{width=16,height=8,depth=4,"
                                      "format=0x8,channels=2,flags=0x1})");
  fake_cuda_fail_next("cuArray3DCreate_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMalloc3DArray(&array, &desc, make_hipExtent(0, 8, 4), 0), hipErrorInvalidValue);
}

/* What the CUDA runtime has no format for: hipErrorInvalidChannelDescriptor, no driver call. */
static void bad_channel_descs_are_refused(void **state) {
  (void)state;
  const hipChannelFormatDesc bad[] = {
      {0, 0, 0, 0, hipChannelFormatKindUnsigned},  /* no channel */
      {8, 0, 8, 0, hipChannelFormatKindUnsigned},  /* a gap */
      {0, 8, 0, 0, hipChannelFormatKindUnsigned},  /* x unused */
      {8, 8, 8, 0, hipChannelFormatKindUnsigned},  /* 3 channels */
      {8, 16, 0, 0, hipChannelFormatKindUnsigned}, /* widths differ */
      {24, 0, 0, 0, hipChannelFormatKindUnsigned}, /* no such width */
      {64, 0, 0, 0, hipChannelFormatKindSigned},   /* no such width */
      {8, 0, 0, 0, hipChannelFormatKindFloat},     /* no 8-bit float */
      {32, 0, 0, 0, hipChannelFormatKindNone},     /* no kind */
      {-8, 0, 0, 0, hipChannelFormatKindSigned},   /* nonsense */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hipArray_t array = NULL;
    hipMipmappedArray_t mipmapped = NULL;
    assert_hip(hipMallocArray(&array, &bad[i], 16, 16, 0), hipErrorInvalidChannelDescriptor);
    assert_hip(hipMalloc3DArray(&array, &bad[i], make_hipExtent(16, 16, 16), 0),
               hipErrorInvalidChannelDescriptor);
    assert_hip(hipMallocMipmappedArray(&mipmapped, &bad[i], make_hipExtent(16, 16, 0), 4, 0),
               hipErrorInvalidChannelDescriptor);
    assert_null(array);
    assert_null(mipmapped);
  }
  assert_no_driver_call();
  assert_hip(hipGetLastError(), hipErrorInvalidChannelDescriptor);
  hipArray_t array = NULL;
  assert_hip(hipMallocArray(&array, &bad[3], 16, 16, 0), hipErrorInvalidChannelDescriptor);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipMallocArray: channel desc {8, 8, 8, 0}: 3 channels, where an element "
                      "has 1, 2 or 4");
}

/* ---- destroying ---- */

static void destroy_and_free(void **state) {
  (void)state;
  assert_hip(hipArrayDestroy(ARRAY), hipSuccess);
  assert_logged("cuArrayDestroy", "cuArrayDestroy(0xa100)");
  assert_hip(hipFreeArray(ARRAY), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuArrayDestroy"), 2);
  fake_cuda_fail_next("cuArrayDestroy", CUDA_ERROR_ARRAY_IS_MAPPED);
  assert_hip(hipArrayDestroy(ARRAY), hipErrorArrayIsMapped);
  fake_cuda_fail_next("cuArrayDestroy", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipFreeArray(ARRAY), hipErrorInvalidHandle);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuArrayDestroy returned CUDA_ERROR_INVALID_HANDLE (400)");
  /* As cudaFreeArray(0): nothing to free, success; hipArrayDestroy(NULL) is the driver's. */
  fake_cuda_log_clear();
  assert_hip(hipFreeArray(NULL), hipSuccess);
  assert_not_called("cuArrayDestroy");
  fake_cuda_fail_next("cuArrayDestroy", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipArrayDestroy(NULL), hipErrorInvalidHandle);
  assert_logged("cuArrayDestroy", "cuArrayDestroy(0x0)");
}

/* ---- what an array is ---- */

static void descriptors_come_back_field_by_field(void **state) {
  (void)state;
  fake_cuda_set(FAKE_ARRAY_WIDTH, 300);
  fake_cuda_set(FAKE_ARRAY_HEIGHT, 200);
  fake_cuda_set(FAKE_ARRAY_DEPTH, 7);
  fake_cuda_set(FAKE_ARRAY_FORMAT, CU_AD_FORMAT_SIGNED_INT32);
  fake_cuda_set(FAKE_ARRAY_CHANNELS, 2);
  fake_cuda_set(FAKE_ARRAY_FLAGS, CUDA_ARRAY3D_LAYERED);
  HIP_ARRAY_DESCRIPTOR desc;
  memset(&desc, 0xee, sizeof desc);
  assert_hip(hipArrayGetDescriptor(&desc, ARRAY), hipSuccess);
  assert_int_equal(desc.Width, 300);
  assert_int_equal(desc.Height, 200);
  assert_int_equal(desc.Format, HIP_AD_FORMAT_SIGNED_INT32);
  assert_int_equal(desc.NumChannels, 2);
  assert_logged("cuArrayGetDescriptor_v2", "cuArrayGetDescriptor_v2(&,0xa100)");
  HIP_ARRAY3D_DESCRIPTOR desc3;
  memset(&desc3, 0xee, sizeof desc3);
  assert_hip(hipArray3DGetDescriptor(&desc3, ARRAY), hipSuccess);
  assert_int_equal(desc3.Width, 300);
  assert_int_equal(desc3.Height, 200);
  assert_int_equal(desc3.Depth, 7);
  assert_int_equal(desc3.Format, HIP_AD_FORMAT_SIGNED_INT32);
  assert_int_equal(desc3.NumChannels, 2);
  assert_int_equal(desc3.Flags, hipArrayLayered);
  assert_logged("cuArray3DGetDescriptor_v2", "cuArray3DGetDescriptor_v2(&,0xa100)");
  /* A failure leaves the caller's struct alone. */
  memset(&desc, 0xee, sizeof desc);
  fake_cuda_fail_next("cuArrayGetDescriptor_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipArrayGetDescriptor(&desc, NULL), hipErrorInvalidHandle);
  assert_int_equal(desc.NumChannels, 0xeeeeeeee);
  memset(&desc3, 0xee, sizeof desc3);
  fake_cuda_fail_next("cuArray3DGetDescriptor_v2", CUDA_ERROR_INVALID_CONTEXT);
  assert_hip(hipArray3DGetDescriptor(&desc3, ARRAY), hipErrorInvalidContext);
  assert_int_equal(desc3.Flags, 0xeeeeeeee);
}

static void get_info_describes_the_elements(void **state) {
  (void)state;
  fake_cuda_set(FAKE_ARRAY_WIDTH, 128);
  fake_cuda_set(FAKE_ARRAY_HEIGHT, 64);
  fake_cuda_set(FAKE_ARRAY_DEPTH, 0);
  fake_cuda_set(FAKE_ARRAY_FORMAT, CU_AD_FORMAT_SIGNED_INT16);
  fake_cuda_set(FAKE_ARRAY_CHANNELS, 2);
  fake_cuda_set(FAKE_ARRAY_FLAGS, CUDA_ARRAY3D_SURFACE_LDST);
  hipChannelFormatDesc desc;
  hipExtent extent;
  unsigned int flags = 0;
  memset(&desc, 0xee, sizeof desc);
  assert_hip(hipArrayGetInfo(&desc, &extent, &flags, ARRAY), hipSuccess);
  assert_logged("cuArray3DGetDescriptor_v2", "cuArray3DGetDescriptor_v2(&,0xa100)");
  assert_int_equal(desc.x, 16);
  assert_int_equal(desc.y, 16);
  assert_int_equal(desc.z, 0);
  assert_int_equal(desc.w, 0);
  assert_int_equal(desc.f, hipChannelFormatKindSigned);
  assert_int_equal(extent.width, 128);
  assert_int_equal(extent.height, 64);
  assert_int_equal(extent.depth, 0);
  assert_int_equal(flags, hipArraySurfaceLoadStore);
  /* Each out-pointer may be NULL. */
  fake_cuda_set(FAKE_ARRAY_FORMAT, CU_AD_FORMAT_HALF);
  fake_cuda_set(FAKE_ARRAY_CHANNELS, 4);
  assert_hip(hipArrayGetInfo(&desc, NULL, NULL, ARRAY), hipSuccess);
  assert_int_equal(desc.w, 16);
  assert_int_equal(desc.f, hipChannelFormatKindFloat);
  fake_cuda_set(FAKE_ARRAY_FORMAT, CU_AD_FORMAT_UNSIGNED_INT8);
  fake_cuda_set(FAKE_ARRAY_CHANNELS, 1);
  assert_hip(hipArrayGetInfo(&desc, NULL, NULL, ARRAY), hipSuccess);
  assert_int_equal(desc.x, 8);
  assert_int_equal(desc.y, 0);
  assert_int_equal(desc.f, hipChannelFormatKindUnsigned);
  assert_hip(hipArrayGetInfo(NULL, &extent, NULL, ARRAY), hipSuccess);
  assert_hip(hipArrayGetInfo(NULL, NULL, &flags, ARRAY), hipSuccess);
  /* A CUDA format HIP has no kind for (NV12). */
  fake_cuda_set(FAKE_ARRAY_FORMAT, 0xb0);
  assert_hip(hipArrayGetInfo(&desc, &extent, &flags, ARRAY), hipErrorNotSupported);
  assert_contains(hip_nvidia_last_reason(), "format 0xb0 has no hipChannelFormatKind");
  /* The driver's failure, nothing written. */
  memset(&extent, 0xee, sizeof extent);
  fake_cuda_fail_next("cuArray3DGetDescriptor_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipArrayGetInfo(&desc, &extent, &flags, NULL), hipErrorInvalidHandle);
  assert_int_equal(extent.width, (size_t)0xeeeeeeeeeeeeeeeeULL);
}

/* ---- mipmapped arrays ---- */

static void mipmapped_arrays(void **state) {
  (void)state;
  hipMipmappedArray_t mipmapped = NULL;
  HIP_ARRAY3D_DESCRIPTOR desc = {.Width = 256,
                                 .Height = 256,
                                 .Depth = 0,
                                 .Format = HIP_AD_FORMAT_UNSIGNED_INT8,
                                 .NumChannels = 4,
                                 .Flags = 0};
  assert_hip(hipMipmappedArrayCreate(&mipmapped, &desc, 9), hipSuccess);
  assert_ptr_equal(mipmapped, MIPMAPPED);
  assert_logged("cuMipmappedArrayCreate", "cuMipmappedArrayCreate(&,{width=256,height=256,"
                                          "depth=0,format=0x1,channels=4,flags=0x0},9)");
  hipChannelFormatDesc channels = hipCreateChannelDesc(32, 32, 0, 0, hipChannelFormatKindFloat);
  mipmapped = NULL;
  assert_hip(hipMallocMipmappedArray(&mipmapped, &channels, make_hipExtent(64, 32, 0), 7,
                                     hipArraySurfaceLoadStore),
             hipSuccess);
  assert_ptr_equal(mipmapped, MIPMAPPED);
  assert_logged("cuMipmappedArrayCreate", "cuMipmappedArrayCreate(&,{width=64,height=32,depth=0,"
                                          "format=0x20,channels=2,flags=0x2},7)");
  hipArray_t level = NULL;
  assert_hip(hipMipmappedArrayGetLevel(&level, mipmapped, 3), hipSuccess);
  assert_ptr_equal(level, (hipArray_t)(uintptr_t)0xa203);
  assert_logged("cuMipmappedArrayGetLevel", "cuMipmappedArrayGetLevel(&,0xb100,3)");
  assert_hip(hipGetMipmappedArrayLevel(&level, mipmapped, 0), hipSuccess);
  assert_ptr_equal(level, (hipArray_t)(uintptr_t)0xa200);
  assert_hip(hipMipmappedArrayDestroy(mipmapped), hipSuccess);
  assert_logged("cuMipmappedArrayDestroy", "cuMipmappedArrayDestroy(0xb100)");
  assert_hip(hipFreeMipmappedArray(mipmapped), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuMipmappedArrayDestroy"), 2);
}

static void mipmapped_array_failures(void **state) {
  (void)state;
  hipMipmappedArray_t mipmapped = NULL;
  HIP_ARRAY3D_DESCRIPTOR desc = {.Width = 256, .Format = HIP_AD_FORMAT_FLOAT, .NumChannels = 1};
  fake_cuda_fail_next("cuMipmappedArrayCreate", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMipmappedArrayCreate(&mipmapped, &desc, 9), hipErrorOutOfMemory);
  assert_null(mipmapped);
  fake_cuda_fail_next("cuMipmappedArrayCreate", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMipmappedArrayCreate(&mipmapped, &desc, 0), hipErrorInvalidValue);
  hipArray_t level = NULL;
  fake_cuda_fail_next("cuMipmappedArrayGetLevel", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMipmappedArrayGetLevel(&level, MIPMAPPED, 99), hipErrorInvalidValue);
  assert_null(level);
  fake_cuda_fail_next("cuMipmappedArrayGetLevel", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipGetMipmappedArrayLevel(&level, NULL, 0), hipErrorInvalidHandle);
  assert_null(level);
  fake_cuda_fail_next("cuMipmappedArrayDestroy", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMipmappedArrayDestroy(MIPMAPPED), hipErrorInvalidHandle);
  fake_cuda_fail_next("cuMipmappedArrayDestroy", CUDA_ERROR_ARRAY_IS_MAPPED);
  assert_hip(hipFreeMipmappedArray(MIPMAPPED), hipErrorArrayIsMapped);
  /* As cudaFreeMipmappedArray(0): nothing to free. */
  fake_cuda_log_clear();
  assert_hip(hipFreeMipmappedArray(NULL), hipSuccess);
  assert_not_called("cuMipmappedArrayDestroy");
}

/* ---- pitched memory ---- */

static void malloc_pitch_asks_for_16_byte_elements(void **state) {
  (void)state;
  void *ptr = NULL;
  size_t pitch = 0;
  assert_hip(hipMallocPitch(&ptr, &pitch, 100, 20), hipSuccess);
  assert_ptr_equal(ptr, (void *)(uintptr_t)0x7f0000200000ULL);
  assert_int_equal(pitch, 512);
  assert_logged("cuMemAllocPitch_v2", "cuMemAllocPitch_v2(&,&,100,20,16)");
  /* Nothing to allocate: NULL, without the driver. */
  fake_cuda_log_clear();
  ptr = (void *)0x1;
  assert_hip(hipMallocPitch(&ptr, &pitch, 0, 20), hipSuccess);
  assert_null(ptr);
  ptr = (void *)0x1;
  assert_hip(hipMallocPitch(&ptr, &pitch, 100, 0), hipSuccess);
  assert_null(ptr);
  assert_no_driver_call();
  ptr = NULL;
  fake_cuda_fail_next("cuMemAllocPitch_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMallocPitch(&ptr, &pitch, 1 << 20, 1 << 20), hipErrorOutOfMemory);
  assert_null(ptr);
}

static void mem_alloc_pitch_is_the_driver_call(void **state) {
  (void)state;
  hipDeviceptr_t ptr = NULL;
  size_t pitch = 0;
  fake_cuda_set(FAKE_PITCH, 1024);
  assert_hip(hipMemAllocPitch(&ptr, &pitch, 1000, 30, 8), hipSuccess);
  assert_ptr_equal(ptr, (void *)(uintptr_t)0x7f0000200000ULL);
  assert_int_equal(pitch, 1024);
  assert_logged("cuMemAllocPitch_v2", "cuMemAllocPitch_v2(&,&,1000,30,8)");
  /* Zero sizes and odd element sizes are the driver's to refuse. */
  ptr = NULL;
  fake_cuda_fail_next("cuMemAllocPitch_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemAllocPitch(&ptr, &pitch, 0, 30, 3), hipErrorInvalidValue);
  assert_logged("cuMemAllocPitch_v2", "cuMemAllocPitch_v2(&,&,0,30,3)");
  assert_null(ptr);
}

static void malloc_3d_is_rows_of_one_pitch(void **state) {
  (void)state;
  hipPitchedPtr pitched;
  memset(&pitched, 0xee, sizeof pitched);
  assert_hip(hipMalloc3D(&pitched, make_hipExtent(100, 20, 3)), hipSuccess);
  assert_logged("cuMemAllocPitch_v2", "cuMemAllocPitch_v2(&,&,100,60,16)");
  assert_ptr_equal(pitched.ptr, (void *)(uintptr_t)0x7f0000200000ULL);
  assert_int_equal(pitched.pitch, 512);
  assert_int_equal(pitched.xsize, 100);
  assert_int_equal(pitched.ysize, 20);
  /* An empty extent: a NULL pointer of that shape, without the driver. */
  fake_cuda_log_clear();
  memset(&pitched, 0xee, sizeof pitched);
  assert_hip(hipMalloc3D(&pitched, make_hipExtent(100, 20, 0)), hipSuccess);
  assert_null(pitched.ptr);
  assert_int_equal(pitched.pitch, 0);
  assert_int_equal(pitched.xsize, 100);
  assert_int_equal(pitched.ysize, 20);
  assert_no_driver_call();
  /* Rows past a size_t, and the driver's failure: nothing written. */
  memset(&pitched, 0xee, sizeof pitched);
  assert_hip(hipMalloc3D(&pitched, make_hipExtent(1, SIZE_MAX / 2, 3)), hipErrorOutOfMemory);
  fake_cuda_fail_next("cuMemAllocPitch_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMalloc3D(&pitched, make_hipExtent(100, 20, 3)), hipErrorOutOfMemory);
  assert_int_equal(pitched.pitch, (size_t)0xeeeeeeeeeeeeeeeeULL);
}

/* ---- one case per refused argument: none reaches the driver ---- */

static void array_negative(void **state) {
  (void)state;
  hipArray_t array = NULL;
  hipMipmappedArray_t mipmapped = NULL;
  HIP_ARRAY_DESCRIPTOR desc = {.Width = 1, .Format = HIP_AD_FORMAT_FLOAT, .NumChannels = 1};
  HIP_ARRAY3D_DESCRIPTOR desc3 = {.Width = 1, .Format = HIP_AD_FORMAT_FLOAT, .NumChannels = 1};
  hipChannelFormatDesc channels = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  void *ptr = NULL;
  size_t pitch = 0;
  assert_hip(hipArrayCreate(NULL, &desc), hipErrorInvalidValue);
  assert_hip(hipArrayCreate(&array, NULL), hipErrorInvalidValue);
  assert_hip(hipArray3DCreate(NULL, &desc3), hipErrorInvalidValue);
  assert_hip(hipArray3DCreate(&array, NULL), hipErrorInvalidValue);
  assert_hip(hipMallocArray(NULL, &channels, 1, 1, 0), hipErrorInvalidValue);
  assert_hip(hipMallocArray(&array, NULL, 1, 1, 0), hipErrorInvalidValue);
  assert_hip(hipMalloc3DArray(NULL, &channels, make_hipExtent(1, 1, 1), 0), hipErrorInvalidValue);
  assert_hip(hipMalloc3DArray(&array, NULL, make_hipExtent(1, 1, 1), 0), hipErrorInvalidValue);
  assert_hip(hipArrayGetDescriptor(NULL, ARRAY), hipErrorInvalidValue);
  assert_hip(hipArray3DGetDescriptor(NULL, ARRAY), hipErrorInvalidValue);
  assert_hip(hipMipmappedArrayCreate(NULL, &desc3, 1), hipErrorInvalidValue);
  assert_hip(hipMipmappedArrayCreate(&mipmapped, NULL, 1), hipErrorInvalidValue);
  assert_hip(hipMallocMipmappedArray(NULL, &channels, make_hipExtent(1, 1, 0), 1, 0),
             hipErrorInvalidValue);
  assert_hip(hipMallocMipmappedArray(&mipmapped, NULL, make_hipExtent(1, 1, 0), 1, 0),
             hipErrorInvalidValue);
  assert_hip(hipMipmappedArrayGetLevel(NULL, MIPMAPPED, 0), hipErrorInvalidValue);
  assert_hip(hipGetMipmappedArrayLevel(NULL, MIPMAPPED, 0), hipErrorInvalidValue);
  assert_hip(hipMallocPitch(NULL, &pitch, 1, 1), hipErrorInvalidValue);
  assert_hip(hipMallocPitch(&ptr, NULL, 1, 1), hipErrorInvalidValue);
  assert_hip(hipMemAllocPitch(NULL, &pitch, 1, 1, 4), hipErrorInvalidValue);
  assert_hip(hipMemAllocPitch(&ptr, NULL, 1, 1, 4), hipErrorInvalidValue);
  assert_hip(hipMalloc3D(NULL, make_hipExtent(1, 1, 1)), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMalloc3D: pitchedDevPtr is NULL");
  assert_null(array);
  assert_null(mipmapped);
  assert_no_driver_call();
}

int hn_area_array(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(array_create_copies_the_descriptor),
      HN_TEST(array_3d_create_copies_every_field),
      HN_TEST(malloc_array_turns_the_channel_desc_into_a_format),
      HN_TEST(malloc_3d_array_takes_the_extent),
      HN_TEST(bad_channel_descs_are_refused),
      HN_TEST(destroy_and_free),
      HN_TEST(descriptors_come_back_field_by_field),
      HN_TEST(get_info_describes_the_elements),
      HN_TEST(mipmapped_arrays),
      HN_TEST(mipmapped_array_failures),
      HN_TEST(malloc_pitch_asks_for_16_byte_elements),
      HN_TEST(mem_alloc_pitch_is_the_driver_call),
      HN_TEST(malloc_3d_is_rows_of_one_pitch),
      HN_TEST(array_negative),
  };
  return cmocka_run_group_tests_name("array", tests, NULL, NULL);
}
