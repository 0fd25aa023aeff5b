/*
 * copy_strided.c: the copies of rows and slices: hipMemcpy2D, hipMemcpyParam2D,
 * hipMemcpy2DToArray, hipMemcpy2DFromArray, hipMemcpyToArray,
 * hipMemcpyFromArray, hipMemcpy3D, hipDrvMemcpy3D and their Async forms. As in
 * clr, each becomes one description of a 3D copy (HIP_MEMCPY3D's: every side
 * host, device, unified or array memory at an origin, with its row pitch and
 * rows per slice), checked and run here (hip_memory.cpp, ihipMemcpyParam3D,
 * ihipDrvMemcpy3D_validate); each entry point first makes the checks of its own
 * that clr makes, in clr's order (hipMemcpy2DValidateParams, ..Buffer, ..Array,
 * ihipMemcpy3D_validate).
 *
 * A pitched side is checked as hipMemcpy checks a side (copy.c), over every
 * byte from the first row's start to the last row's end; an array side against
 * the array's size in elements (clr Image::validateRegion). The rows move one
 * by one under the read lock, through copy_bytes.c, so VMM memory is reached as
 * every copy reaches it.
 */
#include <stdlib.h>

#include "runtime/runtime.h"

typedef enum side_kind { SIDE_HOST, SIDE_DEVICE, SIDE_UNIFIED, SIDE_ARRAY } side_kind;

typedef struct side {
  side_kind kind;
  char *ptr; /* a pitched side's memory */
  hipArray_const_t array;
  size_t x, y, z; /* the origin: x in bytes */
  size_t pitch;   /* bytes from one row to the next; 0: the copy's width */
  size_t height;  /* rows from one slice to the next; 0: the copy's height */
  /* worked out by the checks */
  const mh_array *found; /* the array side's array */
  size_t row, slice;     /* a pitched side's strides */
} side;

typedef struct strided {
  side src, dst;
  size_t width, height, depth; /* width in bytes */
} strided;

/* clr hipMemcpy2DValidateParams: a value past hipMemcpyDefault that is not ...NoCU. */
static hipError_t check_kind(int kind) {
  if ((unsigned)kind > hipMemcpyDefault && kind != HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU)
    return mh__fail(hipErrorInvalidMemcpyDirection, "kind %d is not a hipMemcpyKind", kind);
  return hipSuccess;
}

/* clr getMemoryType: what a kind says the two sides are. */
static void kind_sides(int kind, side_kind *src, side_kind *dst) {
  switch (kind) {
  case hipMemcpyHostToHost: *src = SIDE_HOST, *dst = SIDE_HOST; break;
  case hipMemcpyHostToDevice: *src = SIDE_HOST, *dst = SIDE_DEVICE; break;
  case hipMemcpyDeviceToHost: *src = SIDE_DEVICE, *dst = SIDE_HOST; break;
  case hipMemcpyDefault: *src = SIDE_UNIFIED, *dst = SIDE_UNIFIED; break;
  default: *src = SIDE_DEVICE, *dst = SIDE_DEVICE; break; /* DeviceToDevice, ...NoCU */
  }
}

/* A hipMemoryType as a side; false for a value that is none of the four. */
static bool memory_side(int type, side_kind *out) {
  if (type == hipMemoryTypeHost)
    *out = SIDE_HOST;
  else if (type == hipMemoryTypeDevice)
    *out = SIDE_DEVICE;
  else if (type == hipMemoryTypeUnified)
    *out = SIDE_UNIFIED;
  else if (type == hipMemoryTypeArray)
    *out = SIDE_ARRAY;
  else
    return false;
  return true;
}

/* ---- the checks of every strided copy (clr ihipDrvMemcpy3D_validate) ---- */

/* The live array of an array side (NULL or not live: InvalidValue, as clr's
   validateImageObject answers for an object it cannot use; ROCm reads a freed one). */
static hipError_t find_array(mh_state *s, side *sd, const char *name) {
  if (sd->array == NULL)
    return mh__fail(hipErrorInvalidValue, "%sArray is NULL", name);
  sd->found = mh__array_get(s, sd->array);
  if (sd->found == NULL)
    return mh__fail(hipErrorInvalidValue, "%sArray %p is no live array", name,
                    (const void *)sd->array);
  return hipSuccess;
}

/* An array side's region, in elements, inside the array (clr Image::validateRegion). */
static hipError_t check_array_region(const side *sd, const char *name, size_t element,
                                     size_t width_elements, const strided *c) {
  const mh_array *a = sd->found;
  size_t x = sd->x / element;
  if (width_elements == 0 || x > a->width || width_elements > a->width - x || sd->y > a->rows ||
      c->height > a->rows - sd->y || sd->z > a->slices || c->depth > a->slices - sd->z)
    return mh__fail(hipErrorInvalidValue,
                    "%s region of %zu x %zu x %zu elements at (%zu, %zu, %zu) is not inside the "
                    "array's %zu x %zu x %zu (x and width in bytes are divided by its %zu-byte "
                    "elements)",
                    name, width_elements, c->height, c->depth, x, sd->y, sd->z, a->width, a->rows,
                    a->slices, element);
  return hipSuccess;
}

/* A pitched side: its strides (clr BufferRect::create), then its memory, every byte from the
   first row's start to the last row's end, as hipMemcpy checks a side. `memory`: false while
   the stream captures (the memory is checked when a graph runs, and none runs here). */
static hipError_t check_pitched(mh_state *s, side *sd, const char *name, const strided *c,
                                hipMemAccessFlags need, bool memory) {
  if (sd->ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", name);
  size_t slice_given = 0;
  sd->row = sd->pitch != 0 ? sd->pitch : c->width;
  bool overflow = __builtin_mul_overflow(sd->pitch, sd->height, &slice_given) ||
                  (slice_given == 0 && __builtin_mul_overflow(sd->row, c->height, &slice_given));
  sd->slice = slice_given;
  size_t rows_bytes = 0, start = 0, span = 0, part = 0;
  overflow = overflow || __builtin_mul_overflow(c->height, sd->row, &rows_bytes);
  if (!overflow && (sd->row < c->width || sd->slice < rows_bytes || sd->slice % sd->row != 0))
    return mh__fail(hipErrorInvalidValue,
                    "%s pitch %zu with %zu rows a slice does not hold %zu rows of %zu bytes "
                    "(clr BufferRect::create)",
                    name, sd->row, sd->slice / (sd->row ? sd->row : 1), c->height, c->width);
  overflow =
      overflow || __builtin_mul_overflow(sd->z, sd->slice, &start) ||
      __builtin_mul_overflow(sd->y, sd->row, &part) ||
      __builtin_add_overflow(start, part, &start) || __builtin_add_overflow(start, sd->x, &start) ||
      __builtin_mul_overflow(c->depth - 1, sd->slice, &span) ||
      __builtin_mul_overflow(c->height - 1, sd->row, &part) ||
      __builtin_add_overflow(span, part, &span) || __builtin_add_overflow(span, c->width, &span) ||
      (uintptr_t)sd->ptr + start < (uintptr_t)sd->ptr;
  if (overflow)
    return mh__fail(hipErrorInvalidValue, "%s: the copy's rows run past the address space", name);
  sd->ptr += start;
  if (!memory)
    return hipSuccess;
  return mh__check_copy_side(s, sd->ptr, span, mh__current_device(), need, sd->kind == SIDE_DEVICE);
}

/* The address of row (y, z) of the copy on side sd. */
static char *row_at(const side *sd, size_t y, size_t z) {
  if (sd->kind != SIDE_ARRAY)
    return sd->ptr + z * sd->slice + y * sd->row;
  const mh_array *a = sd->found;
  return (char *)a->data + ((sd->z + z) * a->rows + sd->y + y) * a->row_bytes + sd->x;
}

static hipError_t capture(mh_stream *capturing, const strided *c);

/* Checks c and moves its rows, or, on a capturing stream, captures it. Under the read lock. */
static hipError_t run(mh_state *s, strided *c, mh_stream *capturing) {
  if (c->width == 0 || c->height == 0 || c->depth == 0)
    return hipSuccess;      /* clr ihipGetMemcpyParam3DCommand: nothing to copy */
  const strided asked = *c; /* what a graph's node runs again: the checks below adjust c */
  hipError_t err = hipSuccess;
  if (c->src.kind == SIDE_ARRAY)
    err = find_array(s, &c->src, "src");
  if (err == hipSuccess && c->dst.kind == SIDE_ARRAY)
    err = find_array(s, &c->dst, "dst");
  if (err != hipSuccess)
    return err;
  /* With an array in the copy, widths and x are in that array's elements (the source's if both
     are arrays, as clr takes it), rounded down as clr divides. */
  size_t bytes = c->width;
  const mh_array *a = c->src.kind == SIDE_ARRAY ? c->src.found : c->dst.found;
  if (a != NULL) {
    size_t width_elements = c->width / a->element_bytes;
    bytes = width_elements * a->element_bytes;
    if (c->src.kind == SIDE_ARRAY)
      err = check_array_region(&c->src, "src", a->element_bytes, width_elements, c);
    if (err == hipSuccess && c->dst.kind == SIDE_ARRAY)
      err = check_array_region(&c->dst, "dst", a->element_bytes, width_elements, c);
    c->src.x = c->src.kind == SIDE_ARRAY ? c->src.x / a->element_bytes * c->src.found->element_bytes
                                         : c->src.x;
    c->dst.x = c->dst.kind == SIDE_ARRAY ? c->dst.x / a->element_bytes * c->dst.found->element_bytes
                                         : c->dst.x;
  }
  if (err == hipSuccess && c->src.kind != SIDE_ARRAY)
    err = check_pitched(s, &c->src, "src", c, hipMemAccessFlagsProtRead, capturing == NULL);
  if (err == hipSuccess && c->dst.kind != SIDE_ARRAY)
    err = check_pitched(s, &c->dst, "dst", c, hipMemAccessFlagsProtReadWrite, capturing == NULL);
  if (err != hipSuccess)
    return err;
  if (capturing != NULL)
    return capture(capturing, &asked);
  for (size_t z = 0; z < c->depth && err == hipSuccess; z++)
    for (size_t y = 0; y < c->height && err == hipSuccess; y++)
      err = mh__move_bytes(s, row_at(&c->dst, y, z), row_at(&c->src, y, z), bytes);
  return err;
}

/* ---- as a graph's memcpy node ---- */

/* A memcpy node that runs c again at each launch, with the checks a copy makes then (its
   arrays and memory may have gone since). */
static hipError_t capture(mh_stream *capturing, const strided *c) {
  strided *kept = mh__strided_clone(c);
  if (kept == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the captured copy's node");
  mh_node_work work = {
      .type = hipGraphNodeTypeMemcpy, .device = mh__current_device(), .u.copy = {.strided = kept}};
  hipError_t err = mh__capture_add(capturing, &work);
  if (err != hipSuccess)
    free(kept);
  return err;
}

void *mh__strided_clone(const void *copy) {
  strided *kept = malloc(sizeof *kept);
  if (kept != NULL)
    *kept = *(const strided *)copy;
  return kept;
}

hipError_t mh__strided_run(mh_state *s, const void *copy) {
  strided c = *(const strided *)copy;
  return run(s, &c, NULL);
}

/* The stream of an Async form: a capturing stream captures the copy (ROCm's STREAM_CAPTURE);
   one ROCm never captures only has its handle checked. The synchronous forms pass NULL. */
static hipError_t stream_step(mh_state *s, hipStream_t stream, bool capturable,
                              mh_stream **capturing) {
  *capturing = NULL;
  return capturable ? mh__stream_work(s, stream, capturing) : mh__check_stream(s, stream);
}

/* ---- the 2D forms (clr hipMemcpy2D_common, ihipMemcpy2D) ---- */

typedef struct copy_2d {
  void *dst;
  size_t dpitch;
  const void *src;
  size_t spitch, width, height;
  int kind;
} copy_2d;

static hipError_t memcpy_2d(mh_state *s, const copy_2d *a, hipStream_t stream) {
  mh_stream *capturing;
  hipError_t err = stream_step(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = check_kind(a->kind);
  if (err != hipSuccess || a->width == 0 || a->height == 0)
    return err;
  if (a->width > a->dpitch || a->width > a->spitch)
    return mh__fail(hipErrorInvalidPitchValue, "width %zu is more than %s %zu", a->width,
                    a->width > a->dpitch ? "dpitch" : "spitch",
                    a->width > a->dpitch ? a->dpitch : a->spitch);
  strided c = {.width = a->width, .height = a->height, .depth = 1};
  kind_sides(a->kind, &c.src.kind, &c.dst.kind);
  c.src.ptr = (char *)a->src;
  c.src.pitch = a->spitch;
  c.dst.ptr = a->dst;
  c.dst.pitch = a->dpitch;
  return run(s, &c, capturing);
}

static hipError_t locked_2d(mh_state *s, const copy_2d *a, hipStream_t stream) {
  mh__lock_read();
  hipError_t err = memcpy_2d(s, a, stream);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                                 size_t width, size_t height, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  copy_2d a = {dst, dpitch, src, spitch, width, height, (int)kind};
  if (err == hipSuccess)
    err = locked_2d(s, &a, NULL);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2D, err,
                   "dst=%s, dpitch=%zu, src=%s, spitch=%zu, width=%zu, height=%zu, kind=%s",
                   mh__d_ptr(dst), dpitch, mh__d_ptr(src), spitch, width, height,
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                                      size_t width, size_t height, hipMemcpyKind kind,
                                      hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy2DAsync, MH_CALLER, &s);
  copy_2d a = {dst, dpitch, src, spitch, width, height, (int)kind};
  if (err == hipSuccess)
    err = locked_2d(s, &a, stream);
  return mh__leave(MOCKHIP_CALL_hipMemcpy2DAsync, err,
                   "dst=%s, dpitch=%zu, src=%s, spitch=%zu, width=%zu, height=%zu, kind=%s, "
                   "stream=%s",
                   mh__d_ptr(dst), dpitch, mh__d_ptr(src), spitch, width, height,
                   mh__d_memcpy_kind((int)kind), mh__d_stream(stream));
}

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
  hipError_t err = stream_step(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = check_kind(a->kind);
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
  kind_sides(a->kind, &src, &dst);
  side *buffer = a->to_array ? &c.src : &c.dst, *array = a->to_array ? &c.dst : &c.src;
  buffer->kind = a->to_array ? src : dst;
  buffer->ptr = a->buffer;
  buffer->pitch = a->pitch;
  array->kind = SIDE_ARRAY;
  array->array = a->array;
  array->x = a->w_offset;
  array->y = a->h_offset;
  return run(s, &c, capturing);
}

static hipError_t locked_array(mh_state *s, const copy_array *a, hipStream_t stream) {
  mh__lock_read();
  hipError_t err = memcpy_array(s, a, stream);
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
    err = check_kind(kind);
  if (err == hipSuccess) {
    size_t width = count / (a->height != 0 ? a->height : 1);
    size_t height = count / a->width / a->element_bytes;
    strided c = {.width = width, .height = height, .depth = 1};
    side_kind src, dst;
    kind_sides(kind, &src, &dst);
    side *host = to_array ? &c.src : &c.dst, *on_array = to_array ? &c.dst : &c.src;
    host->kind = to_array ? src : dst;
    host->ptr = buffer;
    on_array->kind = SIDE_ARRAY;
    on_array->array = array;
    on_array->x = w_offset;
    on_array->y = h_offset;
    err = run(s, &c, NULL);
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

/* ---- hip_Memcpy2D and HIP_MEMCPY3D: the sides by memory type ---- */

static hipError_t typed_side(side *sd, const char *name, int type, const void *host,
                             const void *device, hipArray_const_t array) {
  if (!memory_side(type, &sd->kind))
    return mh__fail(hipErrorInvalidValue, "%sMemoryType %d is not a hipMemoryType", name, type);
  sd->ptr = (char *)(sd->kind == SIDE_HOST ? host : device);
  sd->array = array;
  return hipSuccess;
}

/* clr ihipMemcpyParam2D: a hip_Memcpy2D is a one-slice HIP_MEMCPY3D whose pitch 0 is the
   origin's x plus the width (hip_conversions.hpp, getDrvMemcpy3DDesc). */
static hipError_t memcpy_param_2d(mh_state *s, const hip_Memcpy2D *p, hipStream_t stream) {
  mh_stream *capturing;
  hipError_t err = stream_step(s, stream, true, &capturing);
  if (err == hipSuccess && p == NULL)
    err = mh__fail(hipErrorInvalidValue, "pCopy is NULL");
  strided c = {.depth = 1};
  if (err == hipSuccess)
    err = typed_side(&c.src, "src", (int)p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray);
  if (err == hipSuccess)
    err = typed_side(&c.dst, "dst", (int)p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray);
  if (err != hipSuccess)
    return err;
  c.width = p->WidthInBytes;
  c.height = p->Height;
  c.src.x = p->srcXInBytes;
  c.src.y = p->srcY;
  c.src.pitch = p->srcPitch != 0 ? p->srcPitch : p->srcXInBytes + p->WidthInBytes;
  c.dst.x = p->dstXInBytes;
  c.dst.y = p->dstY;
  c.dst.pitch = p->dstPitch != 0 ? p->dstPitch : p->dstXInBytes + p->WidthInBytes;
  return run(s, &c, capturing);
}

MH_EXPORT hipError_t hipMemcpyParam2D(const hip_Memcpy2D *pCopy) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyParam2D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_param_2d(s, pCopy, NULL);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyParam2D, err, "pCopy=%s", mh__d_memcpy_2d(pCopy));
}

MH_EXPORT hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *pCopy, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyParam2DAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_param_2d(s, pCopy, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyParam2DAsync, err, "pCopy=%s, stream=%s",
                   mh__d_memcpy_2d(pCopy), mh__d_stream(stream));
}

/* clr ihipMemcpyParam3D. hipDrvMemcpy3DAsync has no STREAM_CAPTURE in clr: it runs even on a
   capturing stream (`capturable` false). */
static hipError_t drv_memcpy_3d(mh_state *s, const HIP_MEMCPY3D *p, hipStream_t stream,
                                bool capturable) {
  mh_stream *capturing;
  hipError_t err = p == NULL ? mh__fail(hipErrorInvalidValue, "pCopy is NULL") : hipSuccess;
  if (err == hipSuccess)
    err = stream_step(s, stream, capturable, &capturing);
  strided c = {.depth = 1};
  if (err == hipSuccess)
    err = typed_side(&c.src, "src", (int)p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray);
  if (err == hipSuccess)
    err = typed_side(&c.dst, "dst", (int)p->dstMemoryType, p->dstHost, p->dstDevice, p->dstArray);
  if (err != hipSuccess)
    return err;
  c.width = p->WidthInBytes;
  c.height = p->Height;
  c.depth = p->Depth;
  c.src.x = p->srcXInBytes;
  c.src.y = p->srcY;
  c.src.z = p->srcZ;
  c.src.pitch = p->srcPitch;
  c.src.height = p->srcHeight;
  c.dst.x = p->dstXInBytes;
  c.dst.y = p->dstY;
  c.dst.z = p->dstZ;
  c.dst.pitch = p->dstPitch;
  c.dst.height = p->dstHeight;
  return run(s, &c, capturing);
}

MH_EXPORT hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *pCopy) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvMemcpy3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    mh__lock_read();
    err = drv_memcpy_3d(s, pCopy, NULL, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvMemcpy3D, err, "pCopy=%s", mh__d_drv_memcpy_3d(pCopy));
}

MH_EXPORT hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *pCopy, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvMemcpy3DAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = drv_memcpy_3d(s, pCopy, stream, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvMemcpy3DAsync, err, "pCopy=%s, stream=%s",
                   mh__d_drv_memcpy_3d(pCopy), mh__d_stream(stream));
}

/* ---- hipMemcpy3DParms (clr ihipMemcpy3D_validate, then getDrvMemcpy3DDesc) ---- */

static hipError_t check_parms(mh_state *s, const hipMemcpy3DParms *p) {
  if (p == NULL)
    return mh__fail(hipErrorInvalidValue, "p is NULL");
  bool src_array = p->srcArray != NULL, dst_array = p->dstArray != NULL;
  if ((src_array && p->srcPtr.ptr != NULL) || (dst_array && p->dstPtr.ptr != NULL))
    return mh__fail(hipErrorInvalidValue, "%s names both an array and a pointer: give one",
                    src_array && p->srcPtr.ptr != NULL ? "src" : "dst");
  if ((!src_array && p->srcPtr.ptr == NULL) || (!dst_array && p->dstPtr.ptr == NULL))
    return mh__fail(hipErrorInvalidValue, "%s names neither an array nor a pointer",
                    !src_array && p->srcPtr.ptr == NULL ? "src" : "dst");
  const mh_array *src = src_array ? mh__array_get(s, p->srcArray) : NULL;
  const mh_array *dst = dst_array ? mh__array_get(s, p->dstArray) : NULL;
  if ((src_array && src == NULL) || (dst_array && dst == NULL))
    return mh__fail(hipErrorInvalidValue, "%sArray is no live array",
                    src_array && src == NULL ? "src" : "dst");
  if (src != NULL && dst != NULL && src->element_bytes != dst->element_bytes)
    return mh__fail(hipErrorInvalidValue,
                    "srcArray's elements are %zu bytes and dstArray's %zu: they must be the same",
                    src->element_bytes, dst->element_bytes);
  if (p->srcPtr.pitch < p->srcPtr.xsize || p->dstPtr.pitch < p->dstPtr.xsize)
    return mh__fail(hipErrorInvalidPitchValue, "%sPtr.pitch is less than its xsize",
                    p->srcPtr.pitch < p->srcPtr.xsize ? "src" : "dst");
  size_t max_pitch = s->options.device_memory < INT32_MAX ? s->options.device_memory : INT32_MAX;
  if (p->srcPtr.pitch >= max_pitch || p->dstPtr.pitch >= max_pitch)
    return mh__fail(hipErrorInvalidValue, "a pitch of %zu is not below the largest, %zu",
                    p->srcPtr.pitch >= max_pitch ? p->srcPtr.pitch : p->dstPtr.pitch, max_pitch);
  if (!src_array && !dst_array &&
      ((p->dstPtr.pitch != 0 && p->extent.width + p->dstPos.x > p->dstPtr.pitch) ||
       (p->srcPtr.pitch != 0 && p->extent.width + p->srcPos.x > p->srcPtr.pitch)))
    return mh__fail(hipErrorInvalidValue, "extent.width plus the %s position's x is past its pitch",
                    p->dstPtr.pitch != 0 && p->extent.width + p->dstPos.x > p->dstPtr.pitch
                        ? "destination"
                        : "source");
  return check_kind((int)p->kind);
}

static void parms_side(side *sd, hipArray_const_t array, const mh_array *found, hipPos pos,
                       hipPitchedPtr ptr, side_kind kind) {
  sd->x = pos.x;
  sd->y = pos.y;
  sd->z = pos.z;
  if (array != NULL) {
    sd->kind = SIDE_ARRAY;
    sd->array = array;
    sd->x *= found->element_bytes; /* hipPos.x is in elements on an array */
    return;
  }
  sd->kind = kind;
  sd->ptr = ptr.ptr;
  sd->pitch = ptr.pitch;
  sd->height = ptr.ysize;
}

static hipError_t memcpy_3d(mh_state *s, const hipMemcpy3DParms *p, hipStream_t stream) {
  mh_stream *capturing;
  hipError_t err = stream_step(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = check_parms(s, p);
  if (err != hipSuccess)
    return err;
  const mh_array *src = p->srcArray ? mh__array_get(s, p->srcArray) : NULL;
  const mh_array *dst = p->dstArray ? mh__array_get(s, p->dstArray) : NULL;
  strided c = {.width = p->extent.width, .height = p->extent.height, .depth = p->extent.depth};
  side_kind src_kind, dst_kind;
  kind_sides((int)p->kind, &src_kind, &dst_kind);
  parms_side(&c.src, p->srcArray, src, p->srcPos, p->srcPtr, src_kind);
  parms_side(&c.dst, p->dstArray, dst, p->dstPos, p->dstPtr, dst_kind);
  /* With an array in the copy, extent.width is in its elements. */
  const mh_array *a = dst != NULL ? dst : src;
  if (a != NULL && __builtin_mul_overflow(c.width, a->element_bytes, &c.width))
    return mh__fail(hipErrorInvalidValue, "extent.width %zu elements is past the address space",
                    p->extent.width);
  return run(s, &c, capturing);
}

MH_EXPORT hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_3d(s, p, NULL);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpy3D, err, "p=%s", mh__d_memcpy_3d(p));
}

MH_EXPORT hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy3DAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_3d(s, p, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpy3DAsync, err, "p=%s, stream=%s", mh__d_memcpy_3d(p),
                   mh__d_stream(stream));
}
