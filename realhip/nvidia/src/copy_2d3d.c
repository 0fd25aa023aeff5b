/*
 * copy_2d3d.c: the 2D and 3D copies and the copies to and from arrays, over
 * the driver's cuMemcpy2D, cuMemcpy3D and cuMemcpy{AtoH,HtoA,AtoD,DtoA,AtoA}.
 *
 * The driver-API forms (hipMemcpyParam2D, hipDrvMemcpy2DUnaligned,
 * hipDrvMemcpy3D) describe each side with a memory type, which HIP numbers
 * differently (array and unified are 10 and 11 in HIP, 3 and 4 in CUDA): the
 * descriptions are copied field by field and the types renumbered; one that
 * names no side of a copy (managed, unregistered, anything else) is
 * hipErrorInvalidValue. The runtime forms take a hipMemcpyKind instead,
 * which gives the pointer sides CUDA's host or device type (both unified for
 * hipMemcpyDefault, where the driver finds them from the addresses), and
 * check first what the CUDA runtime checks before the driver: a value that
 * is no kind (hipErrorInvalidMemcpyDirection), a width over a pitch
 * (hipErrorInvalidPitchValue). Offsets into an array are bytes in the 2D
 * forms and elements in hipMemcpy3D, as in the CUDA runtime; the element's
 * size comes from the array's descriptor.
 */
#include <string.h>

#include "hip_nvidia_base.h"

/* One side of a copy: pointer memory of a type, with its pitch and (3D) rows per slice, or an
   array; where the copy starts in it. */
typedef struct side {
  CUmemorytype type;
  const void *ptr;
  CUarray array;
  size_t x_bytes, y, z;
  size_t pitch, height;
} side;

/* One side of a CUDA_MEMCPY2D or CUDA_MEMCPY3D, whose fields differ by their prefix alone
   (src or dst): its memory type, the one pointer or array that type reads, and its position. */
#define PLACE_SIDE(copy, prefix, s)                                                                \
  do {                                                                                             \
    (copy)->prefix##MemoryType = (s)->type;                                                        \
    if ((s)->type == CU_MEMORYTYPE_HOST)                                                           \
      (copy)->prefix##Host = (void *)(uintptr_t)(s)->ptr;                                          \
    else if ((s)->type == CU_MEMORYTYPE_ARRAY)                                                     \
      (copy)->prefix##Array = (s)->array;                                                          \
    else                                                                                           \
      (copy)->prefix##Device = hipnv__dptr((s)->ptr);                                              \
    (copy)->prefix##XInBytes = (s)->x_bytes;                                                       \
    (copy)->prefix##Y = (s)->y;                                                                    \
    (copy)->prefix##Pitch = (s)->pitch;                                                            \
  } while (0)

static void set_src_2d(CUDA_MEMCPY2D *copy, const side *src) { PLACE_SIDE(copy, src, src); }
static void set_dst_2d(CUDA_MEMCPY2D *copy, const side *dst) { PLACE_SIDE(copy, dst, dst); }

static void set_src_3d(CUDA_MEMCPY3D *copy, const side *src) {
  PLACE_SIDE(copy, src, src);
  copy->srcZ = src->z;
  copy->srcHeight = src->height;
}

static void set_dst_3d(CUDA_MEMCPY3D *copy, const side *dst) {
  PLACE_SIDE(copy, dst, dst);
  copy->dstZ = dst->z;
  copy->dstHeight = dst->height;
}

/* ---- what the runtime forms check before the driver ---- */

/* The memory types a kind gives the pointer sides of a copy. */
static hipError_t kind_sides(const char *call, hipMemcpyKind kind, CUmemorytype *src,
                             CUmemorytype *dst) {
  switch (kind) {
  case hipMemcpyHostToHost: *src = *dst = CU_MEMORYTYPE_HOST; return hipSuccess;
  case hipMemcpyHostToDevice:
    *src = CU_MEMORYTYPE_HOST;
    *dst = CU_MEMORYTYPE_DEVICE;
    return hipSuccess;
  case hipMemcpyDeviceToHost:
    *src = CU_MEMORYTYPE_DEVICE;
    *dst = CU_MEMORYTYPE_HOST;
    return hipSuccess;
  case hipMemcpyDeviceToDevice:
  case hipMemcpyDeviceToDeviceNoCU: *src = *dst = CU_MEMORYTYPE_DEVICE; return hipSuccess;
  case hipMemcpyDefault: *src = *dst = CU_MEMORYTYPE_UNIFIED; return hipSuccess;
  }
  return hipnv__fail(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a hipMemcpyKind", call,
                     (int)kind);
}

/* The CUDA runtime's answer for a row wider than its pitch; the driver's would be InvalidValue. */
static hipError_t check_pitch(const char *call, const char *name, size_t pitch, size_t width) {
  if (width > pitch)
    return hipnv__fail(hipErrorInvalidPitchValue, "%s: width %zu is more than %s %zu", call, width,
                       name, pitch);
  return hipSuccess;
}

static hipError_t run_2d(const CUDA_MEMCPY2D *copy, hipStream_t stream, int async) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = async ? hipnv__cuMemcpy2DAsync(copy, (CUstream)stream) : hipnv__cuMemcpy2D(copy);
  return hipnv__result(result);
}

/* ---- pitched memory ---- */

static hipError_t memcpy_2d(const char *call, void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
                            hipStream_t stream, int async) {
  side from = {.ptr = src, .pitch = spitch}, to = {.ptr = dst, .pitch = dpitch};
  hipError_t refused = kind_sides(call, kind, &from.type, &to.type);
  if (refused == hipSuccess)
    refused = check_pitch(call, "dpitch", dpitch, width);
  if (refused == hipSuccess)
    refused = check_pitch(call, "spitch", spitch, width);
  if (refused != hipSuccess)
    return refused;
  CUDA_MEMCPY2D copy = {.WidthInBytes = width, .Height = height};
  set_src_2d(&copy, &from);
  set_dst_2d(&copy, &to);
  return run_2d(&copy, stream, async);
}

hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind) {
  return memcpy_2d("hipMemcpy2D", dst, dpitch, src, spitch, width, height, kind, NULL, 0);
}

hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, hipMemcpyKind kind, hipStream_t stream) {
  return memcpy_2d("hipMemcpy2DAsync", dst, dpitch, src, spitch, width, height, kind, stream, 1);
}

/* ---- the driver's descriptions, field by field ---- */

static hipError_t cuda_memory_type(const char *call, const char *field, hipMemoryType type,
                                   CUmemorytype *cuda) {
  switch (type) {
  case hipMemoryTypeHost: *cuda = CU_MEMORYTYPE_HOST; return hipSuccess;
  case hipMemoryTypeDevice: *cuda = CU_MEMORYTYPE_DEVICE; return hipSuccess;
  case hipMemoryTypeArray: *cuda = CU_MEMORYTYPE_ARRAY; return hipSuccess;
  case hipMemoryTypeUnified: *cuda = CU_MEMORYTYPE_UNIFIED; return hipSuccess;
  default:
    return hipnv__fail(hipErrorInvalidValue,
                       "%s: %s %d is not host, device, array or unified memory", call, field,
                       (int)type);
  }
}

/* The fields a HIP and a CUDA copy description share, for one side (prefix src or dst), after
   its memory type: its position, pitch and the pointer or array its type reads. */
#define COPY_SIDE(cuda, hip, prefix)                                                               \
  do {                                                                                             \
    (cuda)->prefix##XInBytes = (hip)->prefix##XInBytes;                                            \
    (cuda)->prefix##Y = (hip)->prefix##Y;                                                          \
    (cuda)->prefix##Host = (hip)->prefix##Host;                                                    \
    (cuda)->prefix##Device = hipnv__dptr((hip)->prefix##Device);                                   \
    (cuda)->prefix##Array = hipnv__array((hip)->prefix##Array);                                    \
    (cuda)->prefix##Pitch = (hip)->prefix##Pitch;                                                  \
  } while (0)

/* Both sides' memory types, renumbered; the first refused stops it. */
#define COPY_MEMORY_TYPES(call, cuda, hip)                                                         \
  (cuda_memory_type(call, "srcMemoryType", (hip)->srcMemoryType, &(cuda)->srcMemoryType) ==        \
           hipSuccess                                                                              \
       ? cuda_memory_type(call, "dstMemoryType", (hip)->dstMemoryType, &(cuda)->dstMemoryType)     \
       : hipErrorInvalidValue)

static hipError_t cuda_copy_2d(const char *call, const hip_Memcpy2D *hip, CUDA_MEMCPY2D *cuda) {
  if (hip == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: pCopy is NULL", call);
  memset(cuda, 0, sizeof *cuda);
  hipError_t refused = COPY_MEMORY_TYPES(call, cuda, hip);
  if (refused != hipSuccess)
    return refused;
  COPY_SIDE(cuda, hip, src);
  COPY_SIDE(cuda, hip, dst);
  cuda->WidthInBytes = hip->WidthInBytes;
  cuda->Height = hip->Height;
  return hipSuccess;
}

hipError_t hipMemcpyParam2D(const hip_Memcpy2D *pCopy) {
  CUDA_MEMCPY2D copy;
  hipError_t refused = cuda_copy_2d("hipMemcpyParam2D", pCopy, &copy);
  return refused != hipSuccess ? refused : run_2d(&copy, NULL, 0);
}

hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *pCopy, hipStream_t stream) {
  CUDA_MEMCPY2D copy;
  hipError_t refused = cuda_copy_2d("hipMemcpyParam2DAsync", pCopy, &copy);
  return refused != hipSuccess ? refused : run_2d(&copy, stream, 1);
}

hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *pCopy) {
  CUDA_MEMCPY2D copy;
  hipError_t refused = cuda_copy_2d("hipDrvMemcpy2DUnaligned", pCopy, &copy);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpy2DUnaligned(&copy);
  return hipnv__result(result);
}

/* HIP's HIP_MEMCPY3D has no reserved fields; CUDA's are NULL. */
static hipError_t cuda_copy_3d(const char *call, const HIP_MEMCPY3D *hip, CUDA_MEMCPY3D *cuda) {
  if (hip == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: pCopy is NULL", call);
  memset(cuda, 0, sizeof *cuda);
  hipError_t refused = COPY_MEMORY_TYPES(call, cuda, hip);
  if (refused != hipSuccess)
    return refused;
  COPY_SIDE(cuda, hip, src);
  cuda->srcZ = hip->srcZ;
  cuda->srcLOD = hip->srcLOD;
  cuda->srcHeight = hip->srcHeight;
  COPY_SIDE(cuda, hip, dst);
  cuda->dstZ = hip->dstZ;
  cuda->dstLOD = hip->dstLOD;
  cuda->dstHeight = hip->dstHeight;
  cuda->WidthInBytes = hip->WidthInBytes;
  cuda->Height = hip->Height;
  cuda->Depth = hip->Depth;
  return hipSuccess;
}

static hipError_t run_3d(const CUDA_MEMCPY3D *copy, hipStream_t stream, int async) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = async ? hipnv__cuMemcpy3DAsync(copy, (CUstream)stream) : hipnv__cuMemcpy3D(copy);
  return hipnv__result(result);
}

hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *pCopy) {
  CUDA_MEMCPY3D copy;
  hipError_t refused = cuda_copy_3d("hipDrvMemcpy3D", pCopy, &copy);
  return refused != hipSuccess ? refused : run_3d(&copy, NULL, 0);
}

hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *pCopy, hipStream_t stream) {
  CUDA_MEMCPY3D copy;
  hipError_t refused = cuda_copy_3d("hipDrvMemcpy3DAsync", pCopy, &copy);
  return refused != hipSuccess ? refused : run_3d(&copy, stream, 1);
}

/* ---- hipMemcpy3D: the CUDA runtime's description, made the driver's ---- */

/* As the CUDA runtime: each side is an array or pitched memory, never both. */
static hipError_t check_one_of(const char *call, const char *which, hipArray_const_t array,
                               const void *ptr) {
  if ((array != NULL) == (ptr != NULL))
    return hipnv__fail(hipErrorInvalidValue, "%s: %s %sArray and %sPtr are set, where one must be",
                       call, array != NULL ? "both" : "neither", which, which);
  return hipSuccess;
}

/* One side: an array (positions in its elements, whose bytes are asked of the driver) or
   pitched memory (positions in bytes) of the kind's type. */
static hipError_t runtime_side(const char *call, const char *name, hipArray_const_t array,
                               hipPos pos, hipPitchedPtr ptr, CUmemorytype pointer_type, side *out,
                               size_t *element_bytes) {
  memset(out, 0, sizeof *out);
  out->y = pos.y;
  out->z = pos.z;
  *element_bytes = 0;
  if (array == NULL) {
    out->type = pointer_type;
    out->ptr = ptr.ptr;
    out->x_bytes = pos.x;
    out->pitch = ptr.pitch;
    out->height = ptr.ysize;
    return hipSuccess;
  }
  CUDA_ARRAY3D_DESCRIPTOR shape;
  out->type = CU_MEMORYTYPE_ARRAY;
  out->array = hipnv__array(array);
  hipError_t refused = hipnv__array_shape(call, out->array, &shape, element_bytes);
  if (refused == hipSuccess && __builtin_mul_overflow(pos.x, *element_bytes, &out->x_bytes))
    refused = hipnv__fail(hipErrorInvalidValue, "%s: %s %zu elements overflow in bytes", call, name,
                          pos.x);
  return refused;
}

static hipError_t runtime_copy_3d(const char *call, const hipMemcpy3DParms *p,
                                  CUDA_MEMCPY3D *copy) {
  if (p == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: p is NULL", call);
  CUmemorytype src_type, dst_type;
  hipError_t refused = kind_sides(call, p->kind, &src_type, &dst_type);
  if (refused == hipSuccess)
    refused = check_one_of(call, "src", p->srcArray, p->srcPtr.ptr);
  if (refused == hipSuccess)
    refused = check_one_of(call, "dst", p->dstArray, p->dstPtr.ptr);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  side src, dst;
  size_t src_bytes, dst_bytes;
  refused =
      runtime_side(call, "srcPos.x", p->srcArray, p->srcPos, p->srcPtr, src_type, &src, &src_bytes);
  if (refused == hipSuccess)
    refused = runtime_side(call, "dstPos.x", p->dstArray, p->dstPos, p->dstPtr, dst_type, &dst,
                           &dst_bytes);
  if (refused != hipSuccess)
    return refused;
  if (src_bytes != 0 && dst_bytes != 0 && src_bytes != dst_bytes)
    return hipnv__fail(hipErrorInvalidValue,
                       "%s: the arrays' elements are %zu and %zu bytes, where they must agree",
                       call, src_bytes, dst_bytes);
  /* The extent's width counts the elements of an array in the copy, else bytes. */
  size_t element_bytes = src_bytes != 0 ? src_bytes : dst_bytes != 0 ? dst_bytes : 1;
  memset(copy, 0, sizeof *copy);
  if (__builtin_mul_overflow(p->extent.width, element_bytes, &copy->WidthInBytes))
    return hipnv__fail(hipErrorInvalidValue, "%s: extent.width %zu elements overflow", call,
                       p->extent.width);
  copy->Height = p->extent.height;
  copy->Depth = p->extent.depth;
  set_src_3d(copy, &src);
  set_dst_3d(copy, &dst);
  return hipSuccess;
}

hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p) {
  CUDA_MEMCPY3D copy;
  hipError_t refused = runtime_copy_3d("hipMemcpy3D", p, &copy);
  return refused != hipSuccess ? refused : run_3d(&copy, NULL, 0);
}

hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream) {
  CUDA_MEMCPY3D copy;
  hipError_t refused = runtime_copy_3d("hipMemcpy3DAsync", p, &copy);
  return refused != hipSuccess ? refused : run_3d(&copy, stream, 1);
}

/* ---- rows to and from an array: offsets in bytes, as the CUDA runtime's ---- */

static hipError_t to_array_2d(const char *call, hipArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t spitch, size_t width, size_t height,
                              hipMemcpyKind kind, hipStream_t stream, int async) {
  side from = {.ptr = src, .pitch = spitch}, to = {.type = CU_MEMORYTYPE_ARRAY,
                                                   .array = hipnv__array(dst),
                                                   .x_bytes = wOffset,
                                                   .y = hOffset};
  CUmemorytype unused;
  hipError_t refused = kind_sides(call, kind, &from.type, &unused);
  if (refused == hipSuccess)
    refused = check_pitch(call, "spitch", spitch, width);
  if (refused != hipSuccess)
    return refused;
  CUDA_MEMCPY2D copy = {.WidthInBytes = width, .Height = height};
  set_src_2d(&copy, &from);
  set_dst_2d(&copy, &to);
  return run_2d(&copy, stream, async);
}

static hipError_t from_array_2d(const char *call, void *dst, size_t dpitch, hipArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t width, size_t height,
                                hipMemcpyKind kind, hipStream_t stream, int async) {
  side from = {.type = CU_MEMORYTYPE_ARRAY,
               .array = hipnv__array(src),
               .x_bytes = wOffset,
               .y = hOffset},
       to = {.ptr = dst, .pitch = dpitch};
  CUmemorytype unused;
  hipError_t refused = kind_sides(call, kind, &unused, &to.type);
  if (refused == hipSuccess)
    refused = check_pitch(call, "dpitch", dpitch, width);
  if (refused != hipSuccess)
    return refused;
  CUDA_MEMCPY2D copy = {.WidthInBytes = width, .Height = height};
  set_src_2d(&copy, &from);
  set_dst_2d(&copy, &to);
  return run_2d(&copy, stream, async);
}

hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                              size_t spitch, size_t width, size_t height, hipMemcpyKind kind) {
  return to_array_2d("hipMemcpy2DToArray", dst, wOffset, hOffset, src, spitch, width, height, kind,
                     NULL, 0);
}

hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                   size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
                                   hipStream_t stream) {
  return to_array_2d("hipMemcpy2DToArrayAsync", dst, wOffset, hOffset, src, spitch, width, height,
                     kind, stream, 1);
}

hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
                                size_t hOffset, size_t width, size_t height, hipMemcpyKind kind) {
  return from_array_2d("hipMemcpy2DFromArray", dst, dpitch, src, wOffset, hOffset, width, height,
                       kind, NULL, 0);
}

hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t width, size_t height,
                                     hipMemcpyKind kind, hipStream_t stream) {
  return from_array_2d("hipMemcpy2DFromArrayAsync", dst, dpitch, src, wOffset, hOffset, width,
                       height, kind, stream, 1);
}

/* cudaMemcpyToArray and FromArray: count bytes of the array from (wOffset bytes, hOffset) on,
   row after row, the buffer's bytes one run. As 2D copies of up to three pieces: the rest of
   the first row, whole rows, the start of the last; the buffer seen as rows of the array's
   width, each piece starting `done` bytes into it. */
static hipError_t array_span(const char *call, hipArray_const_t array, size_t wOffset,
                             size_t hOffset, const void *buffer, size_t count, hipMemcpyKind kind,
                             int to_array) {
  CUmemorytype src_type, dst_type;
  hipError_t refused = kind_sides(call, kind, &src_type, &dst_type);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  CUDA_ARRAY3D_DESCRIPTOR shape;
  size_t element_bytes, row_bytes;
  refused = hipnv__array_shape(call, hipnv__array(array), &shape, &element_bytes);
  if (refused != hipSuccess)
    return refused;
  if (__builtin_mul_overflow(shape.Width, element_bytes, &row_bytes) || row_bytes == 0)
    return hipnv__fail(hipErrorInvalidValue, "%s: the array's rows are %zu elements of %zu bytes",
                       call, shape.Width, element_bytes);
  size_t done = 0, x = wOffset, y = hOffset;
  while (done < count) {
    size_t left = count - done, width, rows = 1;
    if (x != 0 || left < row_bytes) {
      width = x < row_bytes && left > row_bytes - x ? row_bytes - x : left;
    } else {
      width = row_bytes;
      rows = left / row_bytes;
    }
    side linear = {.type = to_array ? src_type : dst_type,
                   .ptr = buffer,
                   .x_bytes = done,
                   .pitch = row_bytes},
         on_array = {
             .type = CU_MEMORYTYPE_ARRAY, .array = hipnv__array(array), .x_bytes = x, .y = y};
    CUDA_MEMCPY2D copy = {.WidthInBytes = width, .Height = rows};
    set_src_2d(&copy, to_array ? &linear : &on_array);
    set_dst_2d(&copy, to_array ? &on_array : &linear);
    result = hipnv__cuMemcpy2D(&copy);
    if (result != CUDA_SUCCESS)
      return hipnv__result(result);
    done += width * rows;
    x = 0;
    y += rows;
  }
  return hipSuccess;
}

hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                            size_t count, hipMemcpyKind kind) {
  return array_span("hipMemcpyToArray", dst, wOffset, hOffset, src, count, kind, 1);
}

hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t srcArray, size_t wOffset, size_t hOffset,
                              size_t count, hipMemcpyKind kind) {
  return array_span("hipMemcpyFromArray", srcArray, wOffset, hOffset, dst, count, kind, 0);
}

/* ---- bytes of a 1D array: the driver's own calls, offsets in bytes ---- */

hipError_t hipMemcpyAtoH(void *dst, hipArray_t srcArray, size_t srcOffset, size_t count) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyAtoH(dst, hipnv__array(srcArray), srcOffset, count);
  return hipnv__result(result);
}

hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void *srcHost, size_t count) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyHtoA(hipnv__array(dstArray), dstOffset, srcHost, count);
  return hipnv__result(result);
}

hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray, size_t srcOffset,
                         size_t ByteCount) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuMemcpyAtoD(hipnv__dptr(dstDevice), hipnv__array(srcArray), srcOffset, ByteCount);
  return hipnv__result(result);
}

hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset, hipDeviceptr_t srcDevice,
                         size_t ByteCount) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuMemcpyDtoA(hipnv__array(dstArray), dstOffset, hipnv__dptr(srcDevice), ByteCount);
  return hipnv__result(result);
}

hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                         size_t srcOffset, size_t ByteCount) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyAtoA(hipnv__array(dstArray), dstOffset, hipnv__array(srcArray),
                                 srcOffset, ByteCount);
  return hipnv__result(result);
}

hipError_t hipMemcpyAtoHAsync(void *dstHost, hipArray_t srcArray, size_t srcOffset,
                              size_t ByteCount, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyAtoHAsync(dstHost, hipnv__array(srcArray), srcOffset, ByteCount,
                                      (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset, const void *srcHost,
                              size_t ByteCount, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyHtoAAsync(hipnv__array(dstArray), dstOffset, srcHost, ByteCount,
                                      (CUstream)stream);
  return hipnv__result(result);
}
