/*
 * copy_3d.c: the copies described by a struct: hipMemcpyParam2D (hip_Memcpy2D),
 * hipDrvMemcpy3D (HIP_MEMCPY3D), hipMemcpy3D (hipMemcpy3DParms) and their Async
 * forms, each side named by its memory type or by the array it is, then run as
 * a strided copy (copy_strided.h).
 */
#include "runtime/copies/copy_strided.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

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
  hipError_t err = mh__strided_stream(s, stream, true, &capturing);
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
  return mh__strided_copy(s, &c, capturing);
}

MH_EXPORT hipError_t hipMemcpyParam2D(const hip_Memcpy2D *pCopy) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpyParam2D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, NULL);
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
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, stream);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_param_2d(s, pCopy, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpyParam2DAsync, err, "pCopy=%s, stream=%s",
                   mh__d_memcpy_2d(pCopy), mh__d_stream(stream));
}

/* clr hipDrvMemcpy2DUnaligned: hipMemcpyParam2D's copy on the null stream (no
   CHECK_STREAM_CAPTURING in clr's). */
MH_EXPORT hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *pCopy) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvMemcpy2DUnaligned, MH_CALLER, &s);
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, NULL);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_param_2d(s, pCopy, NULL);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvMemcpy2DUnaligned, err, "pCopy=%s", mh__d_memcpy_2d(pCopy));
}

/* A HIP_MEMCPY3D as the strided copy it describes (clr ihipMemcpyParam3D). */
static hipError_t drv_strided(const HIP_MEMCPY3D *p, strided *out) {
  strided c = {.depth = 1};
  hipError_t err =
      typed_side(&c.src, "src", (int)p->srcMemoryType, p->srcHost, p->srcDevice, p->srcArray);
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
  *out = c;
  return hipSuccess;
}

/* clr ihipMemcpyParam3D. hipDrvMemcpy3DAsync has no STREAM_CAPTURE in clr: it runs even on a
   capturing stream (`capturable` false). */
static hipError_t drv_memcpy_3d(mh_state *s, const HIP_MEMCPY3D *p, hipStream_t stream,
                                bool capturable) {
  mh_stream *capturing;
  hipError_t err = p == NULL ? mh__fail(hipErrorInvalidValue, "pCopy is NULL") : hipSuccess;
  if (err == hipSuccess)
    err = mh__strided_stream(s, stream, capturable, &capturing);
  strided c;
  if (err == hipSuccess)
    err = drv_strided(p, &c);
  return err == hipSuccess ? mh__strided_copy(s, &c, capturing) : err;
}

hipError_t mh__drv_memcpy_3d_node(mh_state *s, const HIP_MEMCPY3D *p, void **kept) {
  strided c;
  hipError_t err = drv_strided(p, &c);
  return err == hipSuccess ? mh__strided_node(s, &c, kept) : err;
}

MH_EXPORT hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *pCopy) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvMemcpy3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, NULL);
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
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, stream);
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
  return mh__strided_check_kind((int)p->kind);
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

/* p checked (clr ihipMemcpy3D_validate) and described as c. */
static hipError_t parms_strided(mh_state *s, const hipMemcpy3DParms *p, strided *out) {
  hipError_t err = check_parms(s, p);
  if (err != hipSuccess)
    return err;
  const mh_array *src = p->srcArray ? mh__array_get(s, p->srcArray) : NULL;
  const mh_array *dst = p->dstArray ? mh__array_get(s, p->dstArray) : NULL;
  strided c = {.width = p->extent.width, .height = p->extent.height, .depth = p->extent.depth};
  side_kind src_kind, dst_kind;
  mh__strided_kind_sides((int)p->kind, &src_kind, &dst_kind);
  parms_side(&c.src, p->srcArray, src, p->srcPos, p->srcPtr, src_kind);
  parms_side(&c.dst, p->dstArray, dst, p->dstPos, p->dstPtr, dst_kind);
  /* With an array in the copy, extent.width is in its elements. */
  const mh_array *a = dst != NULL ? dst : src;
  if (a != NULL && __builtin_mul_overflow(c.width, a->element_bytes, &c.width))
    return mh__fail(hipErrorInvalidValue, "extent.width %zu elements is past the address space",
                    p->extent.width);
  *out = c;
  return hipSuccess;
}

static hipError_t memcpy_3d(mh_state *s, const hipMemcpy3DParms *p, hipStream_t stream) {
  mh_stream *capturing;
  strided c;
  hipError_t err = mh__strided_stream(s, stream, true, &capturing);
  if (err == hipSuccess)
    err = parms_strided(s, p, &c);
  return err == hipSuccess ? mh__strided_copy(s, &c, capturing) : err;
}

hipError_t mh__memcpy_3d_node(mh_state *s, const hipMemcpy3DParms *p, void **kept) {
  strided c;
  hipError_t err = parms_strided(s, p, &c);
  return err == hipSuccess ? mh__strided_node(s, &c, kept) : err;
}

MH_EXPORT hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemcpy3D, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_SYNC_COPY);
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, NULL);
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
  if (err == hipSuccess) /* in stream order: after what the stream has queued */
    err = mh__queue_fence(s, stream);
  if (err == hipSuccess) {
    mh__lock_read();
    err = memcpy_3d(s, p, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemcpy3DAsync, err, "p=%s, stream=%s", mh__d_memcpy_3d(p),
                   mh__d_stream(stream));
}
