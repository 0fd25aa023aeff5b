/*
 * copy_strided.c: the copies of rows and slices, and the 2D forms hipMemcpy2D
 * and hipMemcpy2DAsync. As in clr, each strided copy becomes one description
 * of a 3D copy (copy_strided.h), checked and run here (hip_memory.cpp,
 * ihipMemcpyParam3D, ihipDrvMemcpy3D_validate); each entry point first makes
 * the checks of its own that clr makes, in clr's order
 * (hipMemcpy2DValidateParams, ..Buffer, ..Array, ihipMemcpy3D_validate).
 * The other forms: copy_array.c and copy_3d.c.
 *
 * A pitched side is checked as hipMemcpy checks a side (copy_check.c), over every
 * byte from the first row's start to the last row's end; an array side against
 * the array's size in elements (clr Image::validateRegion). The rows move one
 * by one under the read lock, through copy_bytes.c, so VMM memory is reached as
 * every copy reaches it.
 */
#include <stdlib.h>

#include "runtime/copies/copy_strided.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* clr hipMemcpy2DValidateParams: a value past hipMemcpyDefault that is not ...NoCU. */
hipError_t mh__strided_check_kind(int kind) {
  if ((unsigned)kind > hipMemcpyDefault && kind != HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU)
    return mh__fail(hipErrorInvalidMemcpyDirection, "kind %d is not a hipMemcpyKind", kind);
  return hipSuccess;
}

/* clr getMemoryType: what a kind says the two sides are. */
void mh__strided_kind_sides(int kind, side_kind *src, side_kind *dst) {
  switch (kind) {
  case hipMemcpyHostToHost: *src = SIDE_HOST, *dst = SIDE_HOST; break;
  case hipMemcpyHostToDevice: *src = SIDE_HOST, *dst = SIDE_DEVICE; break;
  case hipMemcpyDeviceToHost: *src = SIDE_DEVICE, *dst = SIDE_HOST; break;
  case hipMemcpyDefault: *src = SIDE_UNIFIED, *dst = SIDE_UNIFIED; break;
  default: *src = SIDE_DEVICE, *dst = SIDE_DEVICE; break; /* DeviceToDevice, ...NoCU */
  }
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
  return mh__check_copy_side(s, sd->ptr, span, mh__current_device(), need, sd->kind == SIDE_DEVICE,
                             NULL);
}

/* The address of row (y, z) of the copy on side sd. */
static char *row_at(const side *sd, size_t y, size_t z) {
  if (sd->kind != SIDE_ARRAY)
    return sd->ptr + z * sd->slice + y * sd->row;
  const mh_array *a = sd->found;
  return (char *)a->data + ((sd->z + z) * a->rows + sd->y + y) * a->row_bytes + sd->x;
}

static hipError_t capture(mh_stream *capturing, const strided *c);

/* c's checks (clr ihipDrvMemcpy3D_validate), its arrays found and x adjusted; *bytes: the bytes
   of a row. `now`: the copy runs at once (unmapped memory is refused then, not at capture). */
static hipError_t strided_check(mh_state *s, strided *c, bool now, size_t *bytes) {
  hipError_t err = hipSuccess;
  if (c->src.kind == SIDE_ARRAY)
    err = find_array(s, &c->src, "src");
  if (err == hipSuccess && c->dst.kind == SIDE_ARRAY)
    err = find_array(s, &c->dst, "dst");
  if (err != hipSuccess)
    return err;
  /* With an array in the copy, widths and x are in that array's elements (the source's if both
     are arrays, as clr takes it), rounded down as clr divides. */
  *bytes = c->width;
  const mh_array *a = c->src.kind == SIDE_ARRAY ? c->src.found : c->dst.found;
  if (a != NULL) {
    size_t width_elements = c->width / a->element_bytes;
    *bytes = width_elements * a->element_bytes;
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
    err = check_pitched(s, &c->src, "src", c, hipMemAccessFlagsProtRead, now);
  if (err == hipSuccess && c->dst.kind != SIDE_ARRAY)
    err = check_pitched(s, &c->dst, "dst", c, hipMemAccessFlagsProtReadWrite, now);
  return err;
}

static hipError_t capture(mh_stream *capturing, const strided *c);

/* Checks c and moves its rows, or, on a capturing stream, captures it. Under the read lock. */
hipError_t mh__strided_copy(mh_state *s, strided *c, mh_stream *capturing) {
  if (c->width == 0 || c->height == 0 || c->depth == 0)
    return hipSuccess;      /* clr ihipGetMemcpyParam3DCommand: nothing to copy */
  const strided asked = *c; /* what a graph's node runs again: the checks below adjust c */
  size_t bytes;
  hipError_t err = strided_check(s, c, capturing == NULL, &bytes);
  if (err != hipSuccess)
    return err;
  if (capturing != NULL)
    return capture(capturing, &asked);
  for (size_t z = 0; z < c->depth && err == hipSuccess; z++)
    for (size_t y = 0; y < c->height && err == hipSuccess; y++)
      err = mh__move_bytes(s, row_at(&c->dst, y, z), row_at(&c->src, y, z), bytes);
  return err;
}

hipError_t mh__strided_node(mh_state *s, strided *c, void **kept) {
  const strided asked = *c;
  size_t bytes;
  hipError_t err = c->width == 0 || c->height == 0 || c->depth == 0
                       ? hipSuccess
                       : strided_check(s, c, false, &bytes);
  if (err == hipSuccess && (*kept = mh__strided_clone(&asked)) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the copy's node");
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
  return mh__strided_copy(s, &c, NULL);
}

/* The stream of an Async form: a capturing stream captures the copy (ROCm's STREAM_CAPTURE);
   one ROCm never captures only has its handle checked. The synchronous forms pass NULL. */
hipError_t mh__strided_stream(mh_state *s, hipStream_t stream, bool capturable,
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
  hipError_t err = mh__strided_stream(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = mh__strided_check_kind(a->kind);
  if (err != hipSuccess || a->width == 0 || a->height == 0)
    return err;
  if (a->width > a->dpitch || a->width > a->spitch)
    return mh__fail(hipErrorInvalidPitchValue, "width %zu is more than %s %zu", a->width,
                    a->width > a->dpitch ? "dpitch" : "spitch",
                    a->width > a->dpitch ? a->dpitch : a->spitch);
  strided c = {.width = a->width, .height = a->height, .depth = 1};
  mh__strided_kind_sides(a->kind, &c.src.kind, &c.dst.kind);
  c.src.ptr = (char *)a->src;
  c.src.pitch = a->spitch;
  c.dst.ptr = a->dst;
  c.dst.pitch = a->dpitch;
  return mh__strided_copy(s, &c, capturing);
}

static hipError_t locked_2d(mh_state *s, const copy_2d *a, hipStream_t stream) {
  hipError_t err = mh__queue_fence(s, stream); /* in stream order: after what it has queued */
  if (err != hipSuccess)
    return err;
  mh__lock_read();
  err = memcpy_2d(s, a, stream);
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
