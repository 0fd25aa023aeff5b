/*
 * copy_array.c: copies to and from arrays: hipMemcpy2DToArray,
 * hipMemcpy2DFromArray, their Async forms, and hipMemcpyToArray and
 * hipMemcpyFromArray, and the bytes of a first row (hipMemcpyHtoA, AtoH, AtoD, DtoA,
 * AtoA, AtoHAsync, HtoAAsync), each with clr's own checks first
 * (hip_memory.cpp, hipMemcpy2DToArray_common, hipMemcpy2DFromArray_common), then run as a strided
 * copy (copy_strided.h).
 */
#include "runtime/copies/copy_strided.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* ---- to and from arrays (clr hipMemcpy2DToArray_common, hipMemcpy2DFromArray_common) ---- */

/* clr hipMemcpy2DValidateBuffer. */
static hipError_t check_buffer(const void *buffer, const char *name, size_t pitch, size_t width) {
  if (buffer == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", name);
  if (pitch == 0 || pitch < width)
    return mh__fail(hipErrorInvalidPitchValue, "%s's pitch %zu is 0 or less than width %zu", name,
                    pitch, width);
  return hipSuccess;
}

/* clr hipMemcpy2DValidateArray: NULL is InvalidHandle (and so, here, a freed array, which ROCm
   reads), then the rows and bytes must fit (a 1D array has one row). */
static hipError_t check_array_2d(mh_state *s, hipArray_const_t array, const char *name,
                                 size_t w_offset, size_t h_offset, size_t width, size_t height) {
  const mh_array *a = array != NULL ? mh__array_get(s, array) : NULL;
  if (a == NULL)
    return mh__fail(hipErrorInvalidHandle, "%s %p is %s", name, (const void *)array,
                    array == NULL ? "NULL" : "no live array");
  size_t rows = a->height == 0 ? 1 : a->height;
  if (w_offset > a->row_bytes || width > a->row_bytes - w_offset || h_offset > rows ||
      height > rows - h_offset)
    return mh__fail(hipErrorInvalidValue,
                    "%zu bytes x %zu rows at (%zu, %zu) do not fit %s's rows of %zu bytes x %zu",
                    width, height, w_offset, h_offset, name, a->row_bytes, rows);
  return hipSuccess;
}

typedef struct copy_array {
  void *buffer; /* the host or device side */
  size_t pitch;
  hipArray_const_t array;
  size_t w_offset, h_offset, width, height;
  int kind;
  bool to_array;
} copy_array;

static hipError_t memcpy_array(mh_state *s, const copy_array *a, hipStream_t stream) {
  mh_stream *capturing;
  const char *buffer_name = a->to_array ? "src" : "dst";
  const char *array_name = a->to_array ? "dst" : "src";
  hipError_t err = mh__strided_stream(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = mh__strided_check_kind(a->kind);
  if (err == hipSuccess && a->to_array)
    err = check_buffer(a->buffer, buffer_name, a->pitch, a->width);
  if (err == hipSuccess)
    err = check_array_2d(s, a->array, array_name, a->w_offset, a->h_offset, a->width, a->height);
  if (err == hipSuccess && !a->to_array)
    err = check_buffer(a->buffer, buffer_name, a->pitch, a->width);
  if (err != hipSuccess)
    return err;
  strided c = {.width = a->width, .height = a->height, .depth = 1};
  side_kind src, dst;
  mh__strided_kind_sides(a->kind, &src, &dst);
  side *buffer = a->to_array ? &c.src : &c.dst, *array = a->to_array ? &c.dst : &c.src;
  buffer->kind = a->to_array ? src : dst;
  buffer->ptr = a->buffer;
  buffer->pitch = a->pitch;
  array->kind = SIDE_ARRAY;
  array->array = a->array;
  array->x = a->w_offset;
  array->y = a->h_offset;
  return mh__strided_copy(s, &c, capturing);
}

static hipError_t locked_array(mh_state *s, const copy_array *a, hipStream_t stream) {
  hipError_t err = mh__queue_fence(s, stream); /* in stream order: after what it has queued */
  if (err != hipSuccess)
    return err;
  mh__lock_read();
  err = memcpy_array(s, a, stream);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                        const void *src, size_t spitch, size_t width, size_t height,
                                        hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2DToArray, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  copy_array a = {(void *)src, spitch, dst, wOffset, hOffset, width, height, (int)kind, true};
  if (err == hipSuccess)
    err = locked_array(s, &a, NULL);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2DToArray, err,
                   "dst=%s, wOffset=%zu, hOffset=%zu, src=%s, spitch=%zu, width=%zu, height=%zu, "
                   "kind=%s",
                   mh__d_array(dst), wOffset, hOffset, mh__d_ptr(src), spitch, width, height,
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
                                             const void *src, size_t spitch, size_t width,
                                             size_t height, hipMemcpyKind kind,
                                             hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2DToArrayAsync, MH_CALLER, &s);
  copy_array a = {(void *)src, spitch, dst, wOffset, hOffset, width, height, (int)kind, true};
  if (err == hipSuccess)
    err = locked_array(s, &a, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2DToArrayAsync, err,
                   "dst=%s, wOffset=%zu, hOffset=%zu, src=%s, spitch=%zu, width=%zu, height=%zu, "
                   "kind=%s, stream=%s",
                   mh__d_array(dst), wOffset, hOffset, mh__d_ptr(src), spitch, width, height,
                   mh__d_memcpy_kind((int)kind), mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src,
                                          size_t wOffset, size_t hOffset, size_t width,
                                          size_t height, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2DFromArray, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  copy_array a = {dst, dpitch, src, wOffset, hOffset, width, height, (int)kind, false};
  if (err == hipSuccess)
    err = locked_array(s, &a, NULL);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2DFromArray, err,
                   "dst=%s, dpitch=%zu, src=%s, wOffset=%zu, hOffset=%zu, width=%zu, height=%zu, "
                   "kind=%s",
                   mh__d_ptr(dst), dpitch, mh__d_array(src), wOffset, hOffset, width, height,
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
                                               size_t wOffset, size_t hOffset, size_t width,
                                               size_t height, hipMemcpyKind kind,
                                               hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2DFromArrayAsync, MH_CALLER, &s);
  copy_array a = {dst, dpitch, src, wOffset, hOffset, width, height, (int)kind, false};
  if (err == hipSuccess)
    err = locked_array(s, &a, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2DFromArrayAsync, err,
                   "dst=%s, dpitch=%zu, src=%s, wOffset=%zu, hOffset=%zu, width=%zu, height=%zu, "
                   "kind=%s, stream=%s",
                   mh__d_ptr(dst), dpitch, mh__d_array(src), wOffset, hOffset, width, height,
                   mh__d_memcpy_kind((int)kind), mh__d_stream(stream));
}

/* clr hipMemcpyToArray / hipMemcpyFromArray_common: count bytes as rows of count / rows bytes,
   the rows being (count / width) / element bytes, with no pitch (the rows' own width). */
static hipError_t memcpy_array_count(mh_state *s, void *buffer, hipArray_const_t array,
                                     size_t w_offset, size_t h_offset, size_t count, int kind,
                                     bool to_array) {
  mh__lock_read();
  const mh_array *a = array != NULL ? mh__array_get(s, array) : NULL;
  hipError_t err = hipSuccess;
  if (a == NULL)
    err = mh__fail(hipErrorInvalidValue, "%s %p is %s", to_array ? "dst" : "srcArray",
                   (const void *)array, array == NULL ? "NULL" : "no live array");
  if (err == hipSuccess)
    err = mh__strided_check_kind(kind);
  if (err == hipSuccess) {
    size_t width = count / (a->height != 0 ? a->height : 1);
    size_t height = count / a->width / a->element_bytes;
    strided c = {.width = width, .height = height, .depth = 1};
    side_kind src, dst;
    mh__strided_kind_sides(kind, &src, &dst);
    side *host = to_array ? &c.src : &c.dst, *on_array = to_array ? &c.dst : &c.src;
    host->kind = to_array ? src : dst;
    host->ptr = buffer;
    on_array->kind = SIDE_ARRAY;
    on_array->array = array;
    on_array->x = w_offset;
    on_array->y = h_offset;
    err = mh__strided_copy(s, &c, NULL);
  }
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset,
                                      const void *src, size_t count, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyToArray, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = memcpy_array_count(s, (void *)src, dst, wOffset, hOffset, count, (int)kind, true);
  return mh__leave(MOCKHIP_CALL_hipMemcpyToArray, err,
                   "dst=%s, wOffset=%zu, hOffset=%zu, src=%s, count=%s, kind=%s", mh__d_array(dst),
                   wOffset, hOffset, mh__d_ptr(src), mh__d_bytes(count),
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t srcArray, size_t wOffset,
                                        size_t hOffset, size_t count, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyFromArray, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess)
    err = memcpy_array_count(s, dst, srcArray, wOffset, hOffset, count, (int)kind, false);
  return mh__leave(MOCKHIP_CALL_hipMemcpyFromArray, err,
                   "dst=%s, srcArray=%s, wOffset=%zu, hOffset=%zu, count=%s, kind=%s",
                   mh__d_ptr(dst), mh__d_array(srcArray), wOffset, hOffset, mh__d_bytes(count),
                   mh__d_memcpy_kind((int)kind));
}

/* ---- bytes of an array's first row (clr hipMemcpyHtoA, hipMemcpyAtoH, hipMemcpyAtoD, ...) ---- */

/* One side of such a copy: memory (kind SIDE_HOST or SIDE_DEVICE) or an array, offset bytes
   into its first row. */
typedef struct byte_side {
  const char *name;
  side_kind kind;
  void *ptr;
  hipArray_const_t array;
  size_t offset;
} byte_side;

/* clr ihipMemcpy{HtoA,AtoH,AtoD,DtoA,AtoA}Validate: every refusal is hipErrorInvalidValue. */
static hipError_t check_byte_side(mh_state *s, const byte_side *b, size_t count) {
  if (b->kind != SIDE_ARRAY)
    return b->ptr == NULL ? mh__fail(hipErrorInvalidValue, "%s is NULL", b->name) : hipSuccess;
  const mh_array *a = b->array != NULL ? mh__array_get(s, b->array) : NULL;
  if (a == NULL)
    return mh__fail(hipErrorInvalidValue, "%s %p is %s", b->name, (const void *)b->array,
                    b->array == NULL ? "NULL" : "no live array");
  if (b->offset > a->row_bytes || count > a->row_bytes - b->offset)
    return mh__fail(hipErrorInvalidValue,
                    "%zu bytes at offset %zu do not fit %s's first row of %zu bytes", count,
                    b->offset, b->name, a->row_bytes);
  return hipSuccess;
}

static void set_side(side *to, const byte_side *b, size_t count) {
  to->kind = b->kind;
  to->ptr = b->ptr;
  to->array = b->array;
  to->x = b->kind == SIDE_ARRAY ? b->offset : 0;
  to->pitch = b->kind == SIDE_ARRAY ? 0 : count;
}

/* count bytes from src to dst, in stream order (NULL: the synchronous forms), captured as a
   memcpy node on a capturing stream (clr's STREAM_CAPTURE of the Async forms). */
static hipError_t memcpy_bytes(mh_state *s, const byte_side *src, const byte_side *dst,
                               size_t count, hipStream_t stream) {
  hipError_t err = mh__queue_fence(s, stream); /* in stream order: after what it has queued */
  if (err != hipSuccess)
    return err;
  mh__lock_read();
  mh_stream *capturing;
  err = mh__strided_stream(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = check_byte_side(s, src, count);
  if (err == hipSuccess)
    err = check_byte_side(s, dst, count);
  if (err == hipSuccess && count != 0) {
    strided c = {.width = count, .height = 1, .depth = 1};
    set_side(&c.src, src, count);
    set_side(&c.dst, dst, count);
    err = mh__strided_copy(s, &c, capturing);
  }
  mh__unlock();
  return err;
}

static byte_side memory_side(const char *name, side_kind kind, const void *ptr) {
  return (byte_side){.name = name, .kind = kind, .ptr = (void *)ptr};
}

static byte_side array_side(const char *name, hipArray_const_t array, size_t offset) {
  return (byte_side){.name = name, .kind = SIDE_ARRAY, .array = array, .offset = offset};
}

MH_EXPORT hipError_t hipMemcpyHtoA(hipArray_t dstArray, size_t dstOffset, const void *srcHost,
                                   size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyHtoA, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    byte_side src = memory_side("srcHost", SIDE_HOST, srcHost);
    byte_side dst = array_side("dstArray", dstArray, dstOffset);
    err = memcpy_bytes(s, &src, &dst, count, NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyHtoA, err,
                   "dstArray=%s, dstOffset=%zu, srcHost=%s, count=%s", mh__d_array(dstArray),
                   dstOffset, mh__d_ptr(srcHost), mh__d_bytes(count));
}

MH_EXPORT hipError_t hipMemcpyAtoH(void *dst, hipArray_t srcArray, size_t srcOffset, size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyAtoH, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    byte_side from = array_side("srcArray", srcArray, srcOffset);
    byte_side to = memory_side("dstHost", SIDE_HOST, dst);
    err = memcpy_bytes(s, &from, &to, count, NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyAtoH, err, "dst=%s, srcArray=%s, srcOffset=%zu, count=%s",
                   mh__d_ptr(dst), mh__d_array(srcArray), srcOffset, mh__d_bytes(count));
}

/* clr hipMemcpyAtoD: no capture check in clr's. */
MH_EXPORT hipError_t hipMemcpyAtoD(hipDeviceptr_t dstDevice, hipArray_t srcArray, size_t srcOffset,
                                   size_t ByteCount) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyAtoD, MH_CALLER, &s);
  if (err == hipSuccess) {
    byte_side from = array_side("srcArray", srcArray, srcOffset);
    byte_side to = memory_side("dstDevice", SIDE_DEVICE, dstDevice);
    err = memcpy_bytes(s, &from, &to, ByteCount, NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyAtoD, err,
                   "dstDevice=%s, srcArray=%s, srcOffset=%zu, ByteCount=%s", mh__d_ptr(dstDevice),
                   mh__d_array(srcArray), srcOffset, mh__d_bytes(ByteCount));
}

MH_EXPORT hipError_t hipMemcpyDtoA(hipArray_t dstArray, size_t dstOffset, hipDeviceptr_t srcDevice,
                                   size_t ByteCount) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyDtoA, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    byte_side from = memory_side("srcDevice", SIDE_DEVICE, srcDevice);
    byte_side to = array_side("dstArray", dstArray, dstOffset);
    err = memcpy_bytes(s, &from, &to, ByteCount, NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyDtoA, err,
                   "dstArray=%s, dstOffset=%zu, srcDevice=%s, ByteCount=%s", mh__d_array(dstArray),
                   dstOffset, mh__d_ptr(srcDevice), mh__d_bytes(ByteCount));
}

MH_EXPORT hipError_t hipMemcpyAtoA(hipArray_t dstArray, size_t dstOffset, hipArray_t srcArray,
                                   size_t srcOffset, size_t ByteCount) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyAtoA, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    byte_side from = array_side("srcArray", srcArray, srcOffset);
    byte_side to = array_side("dstArray", dstArray, dstOffset);
    err = memcpy_bytes(s, &from, &to, ByteCount, NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyAtoA, err,
                   "dstArray=%s, dstOffset=%zu, srcArray=%s, srcOffset=%zu, ByteCount=%s",
                   mh__d_array(dstArray), dstOffset, mh__d_array(srcArray), srcOffset,
                   mh__d_bytes(ByteCount));
}

MH_EXPORT hipError_t hipMemcpyAtoHAsync(void *dstHost, hipArray_t srcArray, size_t srcOffset,
                                        size_t ByteCount, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyAtoHAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    byte_side from = array_side("srcArray", srcArray, srcOffset);
    byte_side to = memory_side("dstHost", SIDE_HOST, dstHost);
    err = memcpy_bytes(s, &from, &to, ByteCount, stream);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyAtoHAsync, err,
                   "dstHost=%s, srcArray=%s, srcOffset=%zu, ByteCount=%s, stream=%s",
                   mh__d_ptr(dstHost), mh__d_array(srcArray), srcOffset, mh__d_bytes(ByteCount),
                   mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemcpyHtoAAsync(hipArray_t dstArray, size_t dstOffset, const void *srcHost,
                                        size_t ByteCount, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyHtoAAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    byte_side from = memory_side("srcHost", SIDE_HOST, srcHost);
    byte_side to = array_side("dstArray", dstArray, dstOffset);
    err = memcpy_bytes(s, &from, &to, ByteCount, stream);
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyHtoAAsync, err,
                   "dstArray=%s, dstOffset=%zu, srcHost=%s, ByteCount=%s, stream=%s",
                   mh__d_array(dstArray), dstOffset, mh__d_ptr(srcHost), mh__d_bytes(ByteCount),
                   mh__d_stream(stream));
}
