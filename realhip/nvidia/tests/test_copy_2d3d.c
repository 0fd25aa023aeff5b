/*
 * test_copy_2d3d.c: the 2D and 3D copies and the copies to and from arrays
 * onto cuMemcpy2D, cuMemcpy3D and cuMemcpy{AtoH,...}: the driver's
 * descriptions field by field, memory types renumbered (HIP's array and
 * unified are 10 and 11, CUDA's 3 and 4), the kind giving the pointer sides
 * their types, array offsets in elements made bytes, the CUDA runtime's
 * checks before the driver (kind, pitch, one side each), and
 * hipMemcpyToArray's run of bytes cut at the array's rows.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define DST ((void *)(uintptr_t)0x7f0000200000ULL)
#define SRC ((void *)(uintptr_t)0x7f0000600000ULL)
#define ARRAY ((hipArray_t)(uintptr_t)0xa100)
#define OTHER_ARRAY ((hipArray_t)(uintptr_t)0xa300)
#define STREAM ((hipStream_t)(uintptr_t)0x5100)
#define HANDLE(value) ((void *)(uintptr_t)(value))

/* One side of a logged 2D copy: host memory in host=, the rest in device=. */
static void side_2d(char *out, size_t size, int type, const void *ptr, size_t pitch) {
  snprintf(out, size, "{type=%d,x=0,y=0,host=0x%llx,device=0x%llx,array=0x0,pitch=%zu}", type,
           type == 1 ? (unsigned long long)(uintptr_t)ptr : 0ULL,
           type == 1 ? 0ULL : (unsigned long long)(uintptr_t)ptr, pitch);
}

/* ---- hipMemcpy2D ---- */

typedef struct kind_case {
  hipMemcpyKind kind;
  int src_type, dst_type;
} kind_case;

static const kind_case kinds[] = {
    {hipMemcpyHostToHost, 1, 1},         {hipMemcpyHostToDevice, 1, 2},
    {hipMemcpyDeviceToHost, 2, 1},       {hipMemcpyDeviceToDevice, 2, 2},
    {hipMemcpyDeviceToDeviceNoCU, 2, 2}, {hipMemcpyDefault, 4, 4},
};

static void memcpy_2d_sides_follow_the_kind(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    char src[160], dst[160], expected[512];
    side_2d(src, sizeof src, kinds[i].src_type, SRC, 512);
    side_2d(dst, sizeof dst, kinds[i].dst_type, DST, 1024);
    assert_hip(hipMemcpy2D(DST, 1024, SRC, 512, 400, 10, kinds[i].kind), hipSuccess);
    snprintf(expected, sizeof expected, "cuMemcpy2D_v2({src=%s,dst=%s,width=400,height=10})", src,
             dst);
    assert_logged("cuMemcpy2D_v2", expected);
    assert_hip(hipMemcpy2DAsync(DST, 1024, SRC, 512, 400, 10, kinds[i].kind, STREAM), hipSuccess);
    snprintf(expected, sizeof expected,
             "cuMemcpy2DAsync_v2({src=%s,dst=%s,width=400,height=10},0x5100)", src, dst);
    assert_logged("cuMemcpy2DAsync_v2", expected);
  }
  /* A width equal to both pitches is allowed. */
  assert_hip(hipMemcpy2D(DST, 64, SRC, 64, 64, 3, hipMemcpyDefault), hipSuccess);
  fake_cuda_fail_next("cuMemcpy2D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpy2D(DST, 64, SRC, 64, 64, 3, hipMemcpyDefault), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuMemcpy2D_v2 returned CUDA_ERROR_INVALID_VALUE (1)");
  fake_cuda_fail_next("cuMemcpy2DAsync_v2", CUDA_ERROR_ILLEGAL_ADDRESS);
  assert_hip(hipMemcpy2DAsync(DST, 64, SRC, 64, 64, 3, hipMemcpyDefault, NULL),
             hipErrorIllegalAddress);
}

/* What the CUDA runtime answers before the driver: a kind that is none, a row wider than its
   pitch. */
static void memcpy_2d_checks_kind_and_pitch(void **state) {
  (void)state;
  assert_hip(hipMemcpy2D(DST, 1024, SRC, 1024, 64, 2, (hipMemcpyKind)5),
             hipErrorInvalidMemcpyDirection);
  assert_hip(hipMemcpy2DAsync(DST, 1024, SRC, 1024, 64, 2, (hipMemcpyKind)-1, NULL),
             hipErrorInvalidMemcpyDirection);
  assert_hip(hipMemcpy2D(DST, 100, SRC, 1024, 101, 2, hipMemcpyDeviceToDevice),
             hipErrorInvalidPitchValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemcpy2D: width 101 is more than dpitch 100");
  assert_hip(hipMemcpy2DAsync(DST, 1024, SRC, 100, 101, 2, hipMemcpyDeviceToDevice, NULL),
             hipErrorInvalidPitchValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipMemcpy2DAsync: width 101 is more than spitch 100");
  assert_hip(hipMemcpy2D(DST, 0, SRC, 0, 1, 1, hipMemcpyDefault), hipErrorInvalidPitchValue);
  assert_no_driver_call();
}

/* ---- the driver's 2D description ---- */

static hip_Memcpy2D every_field_2d(void) {
  hip_Memcpy2D p = {.srcXInBytes = 1,
                    .srcY = 2,
                    .srcMemoryType = hipMemoryTypeArray,
                    .srcHost = HANDLE(0x11),
                    .srcDevice = HANDLE(0x12),
                    .srcArray = ARRAY,
                    .srcPitch = 3,
                    .dstXInBytes = 4,
                    .dstY = 5,
                    .dstMemoryType = hipMemoryTypeUnified,
                    .dstHost = HANDLE(0x21),
                    .dstDevice = HANDLE(0x22),
                    .dstArray = OTHER_ARRAY,
                    .dstPitch = 6,
                    .WidthInBytes = 7,
                    .Height = 8};
  return p;
}

#define EVERY_FIELD_2D                                                                             \
  "{src={type=3,x=1,y=2,host=0x11,device=0x12,array=0xa100,pitch=3},"                              \
  "dst={type=4,x=4,y=5,host=0x21,device=0x22,array=0xa300,pitch=6},width=7,height=8}"

static void param_2d_copies_every_field(void **state) {
  (void)state;
  hip_Memcpy2D p = every_field_2d();
  assert_hip(hipMemcpyParam2D(&p), hipSuccess);
  assert_logged("cuMemcpy2D_v2", "cuMemcpy2D_v2(" EVERY_FIELD_2D ")");
  assert_hip(hipMemcpyParam2DAsync(&p, STREAM), hipSuccess);
  assert_logged("cuMemcpy2DAsync_v2", "cuMemcpy2DAsync_v2(" EVERY_FIELD_2D ",0x5100)");
  assert_hip(hipDrvMemcpy2DUnaligned(&p), hipSuccess);
  assert_logged("cuMemcpy2DUnaligned_v2", "cuMemcpy2DUnaligned_v2(" EVERY_FIELD_2D ")");
  /* Host and device keep their numbers. */
  p.srcMemoryType = hipMemoryTypeHost;
  p.dstMemoryType = hipMemoryTypeDevice;
  assert_hip(hipMemcpyParam2D(&p), hipSuccess);
  assert_contains(fake_cuda_log_last("cuMemcpy2D_v2"), "{src={type=1,");
  assert_contains(fake_cuda_log_last("cuMemcpy2D_v2"), ",dst={type=2,");
  fake_cuda_fail_next("cuMemcpy2D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyParam2D(&p), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpy2DAsync_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpyParam2DAsync(&p, STREAM), hipErrorInvalidHandle);
  fake_cuda_fail_next("cuMemcpy2DUnaligned_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipDrvMemcpy2DUnaligned(&p), hipErrorInvalidValue);
}

/* ---- the driver's 3D description ---- */

static HIP_MEMCPY3D every_field_3d(void) {
  HIP_MEMCPY3D p = {.srcXInBytes = 1,
                    .srcY = 2,
                    .srcZ = 3,
                    .srcLOD = 4,
                    .srcMemoryType = hipMemoryTypeHost,
                    .srcHost = HANDLE(0x11),
                    .srcDevice = HANDLE(0x12),
                    .srcArray = ARRAY,
                    .srcPitch = 5,
                    .srcHeight = 6,
                    .dstXInBytes = 7,
                    .dstY = 8,
                    .dstZ = 9,
                    .dstLOD = 10,
                    .dstMemoryType = hipMemoryTypeDevice,
                    .dstHost = HANDLE(0x21),
                    .dstDevice = HANDLE(0x22),
                    .dstArray = OTHER_ARRAY,
                    .dstPitch = 11,
                    .dstHeight = 12,
                    .WidthInBytes = 13,
                    .Height = 14,
                    .Depth = 15};
  return p;
}

#define EVERY_FIELD_3D(src_type, dst_type)                                                         \
  "{src={type=" #src_type ",x=1,y=2,z=3,lod=4,host=0x11,device=0x12,array=0xa100,reserved=0x0,"    \
  "pitch=5,height=6},dst={type=" #dst_type ",x=7,y=8,z=9,lod=10,host=0x21,device=0x22,"            \
  "array=0xa300,reserved=0x0,pitch=11,height=12},width=13,height=14,depth=15}"

static void drv_memcpy_3d_copies_every_field(void **state) {
  (void)state;
  HIP_MEMCPY3D p = every_field_3d();
  assert_hip(hipDrvMemcpy3D(&p), hipSuccess);
  assert_logged("cuMemcpy3D_v2", "cuMemcpy3D_v2(" EVERY_FIELD_3D(1, 2) ")");
  p.srcMemoryType = hipMemoryTypeArray;
  p.dstMemoryType = hipMemoryTypeUnified;
  assert_hip(hipDrvMemcpy3DAsync(&p, STREAM), hipSuccess);
  assert_logged("cuMemcpy3DAsync_v2", "cuMemcpy3DAsync_v2(" EVERY_FIELD_3D(3, 4) ",0x5100)");
  fake_cuda_fail_next("cuMemcpy3D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipDrvMemcpy3D(&p), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpy3DAsync_v2", CUDA_ERROR_INVALID_CONTEXT);
  assert_hip(hipDrvMemcpy3DAsync(&p, NULL), hipErrorInvalidContext);
}

/* Managed and unregistered memory, and numbers HIP does not name, are no side of a copy. */
static void descriptions_refuse_other_memory_types(void **state) {
  (void)state;
  const int bad[] = {hipMemoryTypeUnregistered, hipMemoryTypeManaged, 4, 12, -1};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hip_Memcpy2D p2 = every_field_2d();
    p2.srcMemoryType = (hipMemoryType)bad[i];
    assert_hip(hipMemcpyParam2D(&p2), hipErrorInvalidValue);
    p2 = every_field_2d();
    p2.dstMemoryType = (hipMemoryType)bad[i];
    assert_hip(hipMemcpyParam2DAsync(&p2, NULL), hipErrorInvalidValue);
    assert_hip(hipDrvMemcpy2DUnaligned(&p2), hipErrorInvalidValue);
    HIP_MEMCPY3D p3 = every_field_3d();
    p3.srcMemoryType = (hipMemoryType)bad[i];
    assert_hip(hipDrvMemcpy3D(&p3), hipErrorInvalidValue);
    p3 = every_field_3d();
    p3.dstMemoryType = (hipMemoryType)bad[i];
    assert_hip(hipDrvMemcpy3DAsync(&p3, NULL), hipErrorInvalidValue);
  }
  assert_string_equal(hip_nvidia_last_reason(), "hipDrvMemcpy3DAsync: dstMemoryType -1 is not "
                                                "host, device, array or unified memory");
  assert_no_driver_call();
}

/* ---- hipMemcpy3D ---- */

static void memcpy_3d_between_pitched_memory(void **state) {
  (void)state;
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(SRC, 1024, 400, 30);
  p.srcPos = make_hipPos(5, 6, 7);
  p.dstPtr = make_hipPitchedPtr(DST, 512, 400, 20);
  p.dstPos = make_hipPos(1, 2, 3);
  p.extent = make_hipExtent(300, 10, 4);
  p.kind = hipMemcpyDeviceToHost;
  assert_hip(hipMemcpy3D(&p), hipSuccess);
  assert_logged("cuMemcpy3D_v2",
                "cuMemcpy3D_v2({src={type=2,x=5,y=6,z=7,lod=0,host=0x0,device=0x7f0000600000,"
                "array=0x0,reserved=0x0,pitch=1024,height=30},dst={type=1,x=1,y=2,z=3,lod=0,"
                "host=0x7f0000200000,device=0x0,array=0x0,reserved=0x0,pitch=512,height=20},"
                "width=300,height=10,depth=4})");
  assert_not_called("cuArray3DGetDescriptor_v2");
  p.kind = hipMemcpyDefault;
  assert_hip(hipMemcpy3DAsync(&p, STREAM), hipSuccess);
  assert_contains(fake_cuda_log_last("cuMemcpy3DAsync_v2"), "{src={type=4,x=5,");
  assert_contains(fake_cuda_log_last("cuMemcpy3DAsync_v2"),
                  "dst={type=4,x=1,y=2,z=3,lod=0,host=0x0,device=0x7f0000200000,");
  assert_contains(fake_cuda_log_last("cuMemcpy3DAsync_v2"), "depth=4},0x5100)");
  fake_cuda_fail_next("cuMemcpy3D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpy3DAsync_v2", CUDA_ERROR_ILLEGAL_ADDRESS);
  assert_hip(hipMemcpy3DAsync(&p, STREAM), hipErrorIllegalAddress);
}

/* An array's position and the extent's width are elements: the array's element is 16 bytes
   here (the fake's float4). */
static void memcpy_3d_counts_array_elements(void **state) {
  (void)state;
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcArray = ARRAY;
  p.srcPos = make_hipPos(2, 3, 4);
  p.dstPtr = make_hipPitchedPtr(DST, 4096, 256, 64);
  p.dstPos = make_hipPos(8, 0, 1);
  p.extent = make_hipExtent(10, 5, 2);
  p.kind = hipMemcpyHostToDevice;
  assert_hip(hipMemcpy3D(&p), hipSuccess);
  assert_logged("cuArray3DGetDescriptor_v2", "cuArray3DGetDescriptor_v2(&,0xa100)");
  assert_logged("cuMemcpy3D_v2",
                "cuMemcpy3D_v2({src={type=3,x=32,y=3,z=4,lod=0,host=0x0,device=0x0,array=0xa100,"
                "reserved=0x0,pitch=0,height=0},dst={type=2,x=8,y=0,z=1,lod=0,host=0x0,"
                "device=0x7f0000200000,array=0x0,reserved=0x0,pitch=4096,height=64},"
                "width=160,height=5,depth=2})");
  /* Array to array: both asked, the same element size. */
  fake_cuda_set(FAKE_ARRAY_FORMAT, CU_AD_FORMAT_UNSIGNED_INT16);
  fake_cuda_set(FAKE_ARRAY_CHANNELS, 1);
  fake_cuda_log_clear();
  memset(&p, 0, sizeof p);
  p.srcArray = ARRAY;
  p.dstArray = OTHER_ARRAY;
  p.dstPos = make_hipPos(3, 0, 0);
  p.extent = make_hipExtent(20, 1, 1);
  p.kind = hipMemcpyDeviceToDevice;
  assert_hip(hipMemcpy3DAsync(&p, STREAM), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuArray3DGetDescriptor_v2"), 2);
  assert_logged("cuArray3DGetDescriptor_v2", "cuArray3DGetDescriptor_v2(&,0xa300)");
  assert_contains(fake_cuda_log_last("cuMemcpy3DAsync_v2"),
                  "dst={type=3,x=6,y=0,z=0,lod=0,host=0x0,device=0x0,array=0xa300,");
  assert_contains(fake_cuda_log_last("cuMemcpy3DAsync_v2"), "width=40,height=1,depth=1},0x5100)");
  /* An array on the destination only sizes the width too. */
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(SRC, 64, 32, 1);
  p.dstArray = OTHER_ARRAY;
  p.extent = make_hipExtent(32, 1, 1);
  p.kind = hipMemcpyHostToDevice;
  assert_hip(hipMemcpy3D(&p), hipSuccess);
  assert_contains(fake_cuda_log_last("cuMemcpy3D_v2"), "{src={type=1,x=0,y=0,z=0,lod=0,"
                                                       "host=0x7f0000600000,device=0x0,");
  assert_contains(fake_cuda_log_last("cuMemcpy3D_v2"), "width=64,height=1,depth=1})");
}

static void memcpy_3d_negative(void **state) {
  (void)state;
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcArray = ARRAY;
  p.dstPtr = make_hipPitchedPtr(DST, 64, 64, 1);
  p.extent = make_hipExtent(1, 1, 1);
  p.kind = hipMemcpyDeviceToHost;
  assert_hip(hipMemcpy3D(NULL), hipErrorInvalidValue);
  assert_hip(hipMemcpy3DAsync(NULL, NULL), hipErrorInvalidValue);
  p.kind = (hipMemcpyKind)9;
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidMemcpyDirection);
  p.kind = hipMemcpyDeviceToHost;
  /* Each side one of an array and a pointer, as the CUDA runtime asks. */
  p.srcPtr = make_hipPitchedPtr(SRC, 64, 64, 1);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipMemcpy3D: both srcArray and srcPtr are set, where one must be");
  p.srcArray = NULL;
  p.srcPtr.ptr = NULL;
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  p.srcArray = ARRAY;
  p.dstArray = OTHER_ARRAY;
  assert_hip(hipMemcpy3DAsync(&p, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipMemcpy3DAsync: both dstArray and dstPtr are set, where one must be");
  p.dstPtr.ptr = NULL;
  p.dstArray = NULL;
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  assert_no_driver_call();
  /* Elements past a size_t in bytes. */
  p.dstPtr = make_hipPitchedPtr(DST, 64, 64, 1);
  p.srcPos = make_hipPos(SIZE_MAX / 8, 0, 0);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  p.srcPos = make_hipPos(0, 0, 0);
  p.extent = make_hipExtent(SIZE_MAX / 8, 1, 1);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidValue);
  assert_not_called("cuMemcpy3D_v2");
  /* The array's descriptor: the driver's failure, or a format of no known size. */
  p.extent = make_hipExtent(1, 1, 1);
  fake_cuda_fail_next("cuArray3DGetDescriptor_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpy3D(&p), hipErrorInvalidHandle);
  fake_cuda_set(FAKE_ARRAY_FORMAT, 0xb0);
  assert_hip(hipMemcpy3D(&p), hipErrorNotSupported);
  assert_contains(hip_nvidia_last_reason(),
                  "has format 0xb0, whose element size HIP does not know");
  assert_not_called("cuMemcpy3D_v2");
}

/* ---- rows to and from arrays ---- */

static void rows_to_and_from_arrays(void **state) {
  (void)state;
  assert_hip(hipMemcpy2DToArray(ARRAY, 64, 2, SRC, 800, 640, 3, hipMemcpyHostToDevice), hipSuccess);
  assert_logged("cuMemcpy2D_v2",
                "cuMemcpy2D_v2({src={type=1,x=0,y=0,host=0x7f0000600000,device=0x0,array=0x0,"
                "pitch=800},dst={type=3,x=64,y=2,host=0x0,device=0x0,array=0xa100,pitch=0},"
                "width=640,height=3})");
  assert_hip(
      hipMemcpy2DToArrayAsync(ARRAY, 0, 0, SRC, 640, 640, 1, hipMemcpyDeviceToDevice, STREAM),
      hipSuccess);
  assert_logged("cuMemcpy2DAsync_v2",
                "cuMemcpy2DAsync_v2({src={type=2,x=0,y=0,host=0x0,device=0x7f0000600000,"
                "array=0x0,pitch=640},dst={type=3,x=0,y=0,host=0x0,device=0x0,array=0xa100,"
                "pitch=0},width=640,height=1},0x5100)");
  assert_hip(hipMemcpy2DFromArray(DST, 2048, ARRAY, 0, 5, 1024, 2, hipMemcpyDeviceToHost),
             hipSuccess);
  assert_logged("cuMemcpy2D_v2",
                "cuMemcpy2D_v2({src={type=3,x=0,y=5,host=0x0,device=0x0,array=0xa100,pitch=0},"
                "dst={type=1,x=0,y=0,host=0x7f0000200000,device=0x0,array=0x0,pitch=2048},"
                "width=1024,height=2})");
  assert_hip(hipMemcpy2DFromArrayAsync(DST, 1024, ARRAY, 16, 1, 1024, 2, hipMemcpyDefault, STREAM),
             hipSuccess);
  assert_logged("cuMemcpy2DAsync_v2",
                "cuMemcpy2DAsync_v2({src={type=3,x=16,y=1,host=0x0,device=0x0,array=0xa100,"
                "pitch=0},dst={type=4,x=0,y=0,host=0x0,device=0x7f0000200000,array=0x0,"
                "pitch=1024},width=1024,height=2},0x5100)");
  fake_cuda_fail_next("cuMemcpy2D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpy2DToArray(ARRAY, 1 << 20, 0, SRC, 64, 64, 1, hipMemcpyHostToDevice),
             hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpy2DAsync_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpy2DFromArrayAsync(DST, 64, NULL, 0, 0, 64, 1, hipMemcpyDeviceToHost, NULL),
             hipErrorInvalidHandle);
  /* The buffer's pitch against the width, and the kind, before the driver. */
  fake_cuda_log_clear();
  assert_hip(hipMemcpy2DToArray(ARRAY, 0, 0, SRC, 63, 64, 1, hipMemcpyHostToDevice),
             hipErrorInvalidPitchValue);
  assert_hip(hipMemcpy2DToArrayAsync(ARRAY, 0, 0, SRC, 64, 64, 1, (hipMemcpyKind)6, NULL),
             hipErrorInvalidMemcpyDirection);
  assert_hip(hipMemcpy2DFromArray(DST, 63, ARRAY, 0, 0, 64, 1, hipMemcpyDeviceToHost),
             hipErrorInvalidPitchValue);
  assert_hip(hipMemcpy2DFromArrayAsync(DST, 64, ARRAY, 0, 0, 64, 1, (hipMemcpyKind)7, NULL),
             hipErrorInvalidMemcpyDirection);
  assert_no_driver_call();
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* ROCm deprecates both; tested */

/* hipMemcpyToArray's bytes run on from row to row of the array (here 64 float4 elements, 1024
   bytes a row): the rest of the first row, whole rows, the start of the last. */
static void memcpy_to_array_runs_across_rows(void **state) {
  (void)state;
  assert_hip(hipMemcpyToArray(ARRAY, 512, 1, SRC, 512 + 2048 + 100, hipMemcpyHostToDevice),
             hipSuccess);
  assert_logged("cuArray3DGetDescriptor_v2", "cuArray3DGetDescriptor_v2(&,0xa100)");
  assert_int_equal(fake_cuda_log_count("cuMemcpy2D_v2"), 3);
  const char *log = fake_cuda_log_text();
  assert_contains(log, "cuMemcpy2D_v2({src={type=1,x=0,y=0,host=0x7f0000600000,device=0x0,"
                       "array=0x0,pitch=1024},dst={type=3,x=512,y=1,host=0x0,device=0x0,"
                       "array=0xa100,pitch=0},width=512,height=1})\n");
  assert_contains(log, "cuMemcpy2D_v2({src={type=1,x=512,y=0,host=0x7f0000600000,device=0x0,"
                       "array=0x0,pitch=1024},dst={type=3,x=0,y=2,host=0x0,device=0x0,"
                       "array=0xa100,pitch=0},width=1024,height=2})\n");
  assert_contains(log, "cuMemcpy2D_v2({src={type=1,x=2560,y=0,host=0x7f0000600000,device=0x0,"
                       "array=0x0,pitch=1024},dst={type=3,x=0,y=4,host=0x0,device=0x0,"
                       "array=0xa100,pitch=0},width=100,height=1})\n");
  /* Whole rows from a row's start: one copy. */
  fake_cuda_log_clear();
  assert_hip(hipMemcpyToArray(ARRAY, 0, 3, SRC, 4096, hipMemcpyDeviceToDevice), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuMemcpy2D_v2"), 1);
  assert_logged("cuMemcpy2D_v2",
                "cuMemcpy2D_v2({src={type=2,x=0,y=0,host=0x0,device=0x7f0000600000,array=0x0,"
                "pitch=1024},dst={type=3,x=0,y=3,host=0x0,device=0x0,array=0xa100,pitch=0},"
                "width=1024,height=4})");
  /* Within a row, from the array. */
  fake_cuda_log_clear();
  assert_hip(hipMemcpyFromArray(DST, ARRAY, 16, 0, 256, hipMemcpyDeviceToHost), hipSuccess);
  assert_int_equal(fake_cuda_log_count("cuMemcpy2D_v2"), 1);
  assert_logged("cuMemcpy2D_v2",
                "cuMemcpy2D_v2({src={type=3,x=16,y=0,host=0x0,device=0x0,array=0xa100,pitch=0},"
                "dst={type=1,x=0,y=0,host=0x7f0000200000,device=0x0,array=0x0,pitch=1024},"
                "width=256,height=1})");
  /* Nothing to copy: no copy. */
  fake_cuda_log_clear();
  assert_hip(hipMemcpyFromArray(DST, ARRAY, 0, 0, 0, hipMemcpyDefault), hipSuccess);
  assert_not_called("cuMemcpy2D_v2");
}

static void memcpy_to_array_failures(void **state) {
  (void)state;
  /* A failed piece ends the copy. */
  fake_cuda_fail_next("cuMemcpy2D_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyToArray(ARRAY, 512, 0, SRC, 4096, hipMemcpyHostToDevice),
             hipErrorInvalidValue);
  assert_int_equal(fake_cuda_log_count("cuMemcpy2D_v2"), 1);
  fake_cuda_fail_next("cuArray3DGetDescriptor_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpyFromArray(DST, NULL, 0, 0, 16, hipMemcpyDeviceToHost), hipErrorInvalidHandle);
  fake_cuda_set(FAKE_ARRAY_WIDTH, 0);
  assert_hip(hipMemcpyToArray(ARRAY, 0, 0, SRC, 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  assert_int_equal(fake_cuda_log_count("cuMemcpy2D_v2"), 1);
  fake_cuda_log_clear();
  assert_hip(hipMemcpyToArray(ARRAY, 0, 0, SRC, 16, (hipMemcpyKind)8),
             hipErrorInvalidMemcpyDirection);
  assert_hip(hipMemcpyFromArray(DST, ARRAY, 0, 0, 16, (hipMemcpyKind)-2),
             hipErrorInvalidMemcpyDirection);
  assert_no_driver_call();
}

#pragma GCC diagnostic pop

/* ---- bytes of an array: the driver's calls as they are ---- */

static void array_byte_copies(void **state) {
  (void)state;
  assert_hip(hipMemcpyAtoH(DST, ARRAY, 16, 256), hipSuccess);
  assert_logged("cuMemcpyAtoH_v2", "cuMemcpyAtoH_v2(0x7f0000200000,0xa100,16,256)");
  assert_hip(hipMemcpyHtoA(ARRAY, 32, SRC, 128), hipSuccess);
  assert_logged("cuMemcpyHtoA_v2", "cuMemcpyHtoA_v2(0xa100,32,0x7f0000600000,128)");
  assert_hip(hipMemcpyAtoD(DST, ARRAY, 8, 64), hipSuccess);
  assert_logged("cuMemcpyAtoD_v2", "cuMemcpyAtoD_v2(0x7f0000200000,0xa100,8,64)");
  assert_hip(hipMemcpyDtoA(ARRAY, 4, SRC, 32), hipSuccess);
  assert_logged("cuMemcpyDtoA_v2", "cuMemcpyDtoA_v2(0xa100,4,0x7f0000600000,32)");
  assert_hip(hipMemcpyAtoA(OTHER_ARRAY, 0, ARRAY, 64, 512), hipSuccess);
  assert_logged("cuMemcpyAtoA_v2", "cuMemcpyAtoA_v2(0xa300,0,0xa100,64,512)");
  assert_hip(hipMemcpyAtoHAsync(DST, ARRAY, 0, 1024, STREAM), hipSuccess);
  assert_logged("cuMemcpyAtoHAsync_v2",
                "cuMemcpyAtoHAsync_v2(0x7f0000200000,0xa100,0,1024,0x5100)");
  assert_hip(hipMemcpyHtoAAsync(ARRAY, 2, SRC, 2, NULL), hipSuccess);
  assert_logged("cuMemcpyHtoAAsync_v2", "cuMemcpyHtoAAsync_v2(0xa100,2,0x7f0000600000,2,0x0)");
  /* Each failure is the driver's, translated. */
  fake_cuda_fail_next("cuMemcpyAtoH_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyAtoH(DST, ARRAY, 1 << 30, 1), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpyHtoA_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpyHtoA(NULL, 0, SRC, 1), hipErrorInvalidHandle);
  fake_cuda_fail_next("cuMemcpyAtoD_v2", CUDA_ERROR_ILLEGAL_ADDRESS);
  assert_hip(hipMemcpyAtoD(NULL, ARRAY, 0, 1), hipErrorIllegalAddress);
  fake_cuda_fail_next("cuMemcpyDtoA_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyDtoA(ARRAY, 0, NULL, 1), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpyAtoA_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyAtoA(ARRAY, 0, ARRAY, 0, 3), hipErrorInvalidValue);
  fake_cuda_fail_next("cuMemcpyAtoHAsync_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipMemcpyAtoHAsync(DST, ARRAY, 0, 1, STREAM), hipErrorInvalidHandle);
  fake_cuda_fail_next("cuMemcpyHtoAAsync_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipMemcpyHtoAAsync(ARRAY, 0, SRC, 1, STREAM), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuMemcpyHtoAAsync_v2 returned CUDA_ERROR_INVALID_VALUE (1)");
}

static void copy_2d3d_negative(void **state) {
  (void)state;
  assert_hip(hipMemcpyParam2D(NULL), hipErrorInvalidValue);
  assert_hip(hipMemcpyParam2DAsync(NULL, STREAM), hipErrorInvalidValue);
  assert_hip(hipDrvMemcpy2DUnaligned(NULL), hipErrorInvalidValue);
  assert_hip(hipDrvMemcpy3D(NULL), hipErrorInvalidValue);
  assert_hip(hipDrvMemcpy3DAsync(NULL, STREAM), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipDrvMemcpy3DAsync: pCopy is NULL");
  assert_no_driver_call();
}

int hn_area_copy_2d3d(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(memcpy_2d_sides_follow_the_kind),
      HN_TEST(memcpy_2d_checks_kind_and_pitch),
      HN_TEST(param_2d_copies_every_field),
      HN_TEST(drv_memcpy_3d_copies_every_field),
      HN_TEST(descriptions_refuse_other_memory_types),
      HN_TEST(memcpy_3d_between_pitched_memory),
      HN_TEST(memcpy_3d_counts_array_elements),
      HN_TEST(memcpy_3d_negative),
      HN_TEST(rows_to_and_from_arrays),
      HN_TEST(memcpy_to_array_runs_across_rows),
      HN_TEST(memcpy_to_array_failures),
      HN_TEST(array_byte_copies),
      HN_TEST(copy_2d3d_negative),
  };
  return cmocka_run_group_tests_name("copy_2d3d", tests, NULL, NULL);
}
