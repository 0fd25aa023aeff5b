/*
 * set_3d.c: sets of rows and slices. hipMemset2D, hipMemset3D and their Async
 * forms set an extent of bytes (width x height x depth) into a pitched
 * pointer, rows `pitch` bytes apart and slices `pitch * ysize`; a graph's
 * memset node sets rows too. Checked as clr's ihipMemset3D_validate and
 * ihipMemset3DCommand check them (hip_memory.cpp); run, queued or captured as
 * hipMemsetAsync's bytes are (copy.c).
 */
#include "runtime/copies/copies.h"
#include "runtime/streams/streams.h"

/* ---- a set's rows and slices ---- */

size_t mh__set_work_span(const mh_node_work *w) {
  size_t rows =
      mh__set_span(w->u.set.element_bytes, w->u.set.width, w->u.set.height, w->u.set.pitch);
  return w->u.set.depth > 1 ? w->u.set.slice_pitch * (w->u.set.depth - 1) + rows : rows;
}

hipError_t mh__set_work_check(mh_state *s, const mh_node_work *w) {
  if (w->u.set.height <= 1 && w->u.set.depth <= 1) /* one row: its count of units checked */
    return mh__set_check(s, w->u.set.dst, w->u.set.width, w->u.set.element_bytes, w->device);
  return mh__set_check(s, w->u.set.dst, mh__set_work_span(w), 1, w->device);
}

hipError_t mh__set_work_run(mh_state *s, const mh_node_work *w) {
  hipError_t err = mh__set_work_check(s, w);
  size_t depth = w->u.set.depth > 1 ? w->u.set.depth : 1;
  for (size_t z = 0; err == hipSuccess && z < depth; z++) {
    char *slice = (char *)w->u.set.dst + z * w->u.set.slice_pitch;
    for (size_t y = 0; err == hipSuccess && y < w->u.set.height; y++)
      err = mh__set_bytes(s, slice + y * w->u.set.pitch, (int)w->u.set.value, w->u.set.width,
                          w->u.set.element_bytes);
  }
  return err;
}

/* ---- hipMemset2D and hipMemset3D ---- */

/* a * b, false where it passes what a size_t holds. */
static bool multiply(size_t a, size_t b, size_t *out) {
  if (a != 0 && b > SIZE_MAX / a)
    return false;
  *out = a * b;
  return true;
}

hipError_t mh__pitched_set_prepare(mh_state *s, const mh_pitched_set *p, mh_node_work *w) {
  const hipExtent *e = &p->extent;
  w->type = hipGraphNodeTypeMemset;
  w->u.set =
      (__typeof__(w->u.set)){.dst = p->ptr.ptr, .value = (unsigned)p->value, .element_bytes = 1};
  /* ihipMemset3D: an empty extent sets nothing and is not checked (a NULL ptr included) */
  if (e->width == 0 || e->height == 0 || e->depth == 0)
    return hipSuccess;
  size_t bytes;
  if (!multiply(e->width, e->height, &bytes) || !multiply(bytes, e->depth, &bytes))
    return mh__fail(hipErrorInvalidValue,
                    "extent %zu x %zu x %zu is more bytes than a size_t holds (and any "
                    "allocation)",
                    e->width, e->height, e->depth);
  if (p->ptr.ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "the pitched pointer's ptr is NULL");
  /* ihipMemset3D_validate: width x height x depth bytes must fit in the allocation from ptr */
  hipError_t err = mh__set_check(s, p->ptr.ptr, bytes, 1, w->device);
  if (err != hipSuccess)
    return err;
  if (p->ptr.pitch == e->width) { /* ihipMemset3DCommand: rows back to back, one fill */
    w->u.set.width = bytes;
    w->u.set.height = 1;
    return hipSuccess;
  }
  /* otherwise rows of extent.width, BufferRect::create's checks of the pitched pointer */
  if (p->ptr.pitch == 0)
    return mh__fail(hipErrorInvalidValue,
                    "pitch is 0 and extent.width %zu: rows need a pitch of at least xsize",
                    e->width);
  if (p->ptr.pitch < p->ptr.xsize)
    return mh__fail(hipErrorInvalidValue, "pitch %zu is less than a row of xsize %zu bytes",
                    p->ptr.pitch, p->ptr.xsize);
  size_t slice, slices, rows; /* the span: slice * (depth - 1) + pitch * (height - 1) + width */
  if (!multiply(p->ptr.pitch, p->ptr.ysize, &slice) || !multiply(slice, e->depth - 1, &slices) ||
      !multiply(p->ptr.pitch, e->height - 1, &rows) || slices > SIZE_MAX - rows ||
      slices + rows > SIZE_MAX - e->width)
    return mh__fail(hipErrorInvalidValue,
                    "extent %zu x %zu x %zu at pitch %zu, ysize %zu spans more bytes than a "
                    "size_t holds",
                    e->width, e->height, e->depth, p->ptr.pitch, p->ptr.ysize);
  w->u.set.width = e->width;
  w->u.set.height = e->height;
  w->u.set.pitch = p->ptr.pitch;
  w->u.set.depth = e->depth;
  w->u.set.slice_pitch = slice;
  return mh__set_work_check(s, w);
}

hipError_t mh__pitched_set_capture(mh_state *s, const mh_pitched_set *p, mh_node_work *w) {
  /* capturehipMemset2DAsync, capturehipMemset3DAsync: a memset node of bytes, the rows of each
     slice as hipGraphAddMemsetNode checks them; its slices are extent.height rows apart. */
  const hipExtent *e = &p->extent;
  hipMemsetParams params = {.dst = p->ptr.ptr,
                            .elementSize = 1,
                            .height = e->height,
                            .pitch = p->ptr.pitch,
                            .value = (unsigned)p->value,
                            .width = e->width};
  hipError_t err = mh__memset_node_check(s, &params, w->device);
  if (err != hipSuccess)
    return err;
  w->type = hipGraphNodeTypeMemset;
  w->u.set = (__typeof__(w->u.set)){.dst = p->ptr.ptr,
                                    .value = (unsigned)p->value,
                                    .element_bytes = 1,
                                    .width = e->width,
                                    .height = e->height,
                                    .pitch = p->ptr.pitch};
  if (e->depth <= 1)
    return hipSuccess;
  size_t slice, span;
  if (!multiply(p->ptr.pitch, e->height, &slice) || !multiply(slice, e->depth, &span))
    return mh__fail(hipErrorInvalidValue,
                    "extent %zu x %zu x %zu at pitch %zu spans more bytes than a size_t holds",
                    e->width, e->height, e->depth, p->ptr.pitch);
  w->u.set.depth = e->depth;
  w->u.set.slice_pitch = slice;
  return mh__set_work_check(s, w);
}

/* hipMemset2D_common: the 3D set of one slice {dst, pitch, width, height}. */
static mh_pitched_set set_2d(void *dst, size_t pitch, int value, size_t width, size_t height) {
  return (mh_pitched_set){
      .ptr = {dst, pitch, width, height}, .extent = {width, height, 1}, .value = value};
}

MH_EXPORT hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemset2D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    mh_pitched_set set = set_2d(dst, pitch, value, width, height);
    err = mh__set_pitched(s, &set, NULL, true);
  }
  return mh__leave(MOCKHIP_CALL_hipMemset2D, err,
                   "dst=%s, pitch=%zu, value=%d, width=%zu, height=%zu", mh__d_ptr(dst), pitch,
                   value, width, height);
}

MH_EXPORT hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width,
                                      size_t height, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemset2DAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_pitched_set set = set_2d(dst, pitch, value, width, height);
    err = mh__set_pitched(s, &set, stream, false);
  }
  return mh__leave(MOCKHIP_CALL_hipMemset2DAsync, err,
                   "dst=%s, pitch=%zu, value=%d, width=%zu, height=%zu, stream=%s", mh__d_ptr(dst),
                   pitch, value, width, height, mh__d_stream(stream));
}

MH_EXPORT hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemset3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) {
    mh_pitched_set set = {pitchedDevPtr, extent, value};
    err = mh__set_pitched(s, &set, NULL, true);
  }
  return mh__leave(MOCKHIP_CALL_hipMemset3D, err, "pitchedDevPtr=%s, value=%d, extent=%s",
                   mh__d_pitched(pitchedDevPtr), value, mh__d_extent(extent));
}

MH_EXPORT hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                                      hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemset3DAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_pitched_set set = {pitchedDevPtr, extent, value};
    err = mh__set_pitched(s, &set, stream, false);
  }
  return mh__leave(MOCKHIP_CALL_hipMemset3DAsync, err,
                   "pitchedDevPtr=%s, value=%d, extent=%s, stream=%s", mh__d_pitched(pitchedDevPtr),
                   value, mh__d_extent(extent), mh__d_stream(stream));
}
