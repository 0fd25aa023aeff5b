/*
 * array.c: arrays, made by hipMallocArray, hipArrayCreate, hipArray3DCreate and
 * hipMalloc3DArray, freed by hipFreeArray, hipArrayDestroy and hipDeviceReset,
 * described by hipArrayGetInfo, hipArrayGetDescriptor and hipArray3DGetDescriptor;
 * and the mipmapped arrays, which ROCm on Linux never makes.
 *
 * An array is device memory of the current device, charged to its capacity as
 * a hipMalloc block is, and named by an id (its hipArray_t value), so a freed or
 * made-up value is refused instead of read. Its bytes lie row by row with no
 * padding: element (x, y, z) at ((z * rows + y) * width + x) * element bytes,
 * rows = max(Height, 1), slices = max(Depth, 1); the layers of a layered array
 * are its slices. That is the row and slice pitch clr gives the image it makes
 * (hip_memory.cpp, ihipImageCreate). The copies are copy_array.c's and copy_3d.c's.
 *
 * Every check is clr's, in its order (hip_memory.cpp: hipMallocArray,
 * hipArrayCreate, hipArray3DCreate, hipMalloc3DArray, ihipArrayCreate,
 * ihipImageCreate; hip_conversions.hpp: CheckArrayFormat, getArrayFormat,
 * getCLMemObjectType), with the image limits of a ROCm device. The one that is
 * not: ROCm refuses every array (hipErrorNotSupported) on a device without
 * images, which the device mockhip plays is (hipDeviceAttributeImageSupport 0,
 * as an MI300's): mockhip makes them all the same, for code that copies through
 * arrays (docs/mockhip/runtime.md, "Arrays and pitched memory").
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* The image limits a ROCm device reports through HSA (rocdevice.cpp: image2DMaxWidth_, ...). */
#define MAX_IMAGE_WIDTH ((size_t)16384) /* 1D and 2D width and height, 3D width and height */
#define MAX_IMAGE_DEPTH ((size_t)8192)  /* 3D depth */
#define MAX_IMAGE_LAYERS ((size_t)8192) /* layers of a layered array */

#define ARRAY_FLAGS (hipArrayLayered | hipArraySurfaceLoadStore | hipArrayTextureGather)

/* A format's bytes per channel; 0 for a value that is no hipArray_Format. */
static size_t format_bytes(int format) {
  switch (format) {
  case HIP_AD_FORMAT_UNSIGNED_INT8:
  case HIP_AD_FORMAT_SIGNED_INT8: return 1;
  case HIP_AD_FORMAT_UNSIGNED_INT16:
  case HIP_AD_FORMAT_SIGNED_INT16:
  case HIP_AD_FORMAT_HALF: return 2;
  case HIP_AD_FORMAT_UNSIGNED_INT32:
  case HIP_AD_FORMAT_SIGNED_INT32:
  case HIP_AD_FORMAT_FLOAT: return 4;
  default: return 0;
  }
}

/* ---- channel descriptions (hip_conversions.hpp) ---- */

MH_EXPORT struct hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                           enum hipChannelFormatKind f) {
  struct hipChannelFormatDesc desc = {x, y, z, w, f};
  return desc;
}

/* CheckArrayFormat: x set, every other channel 0 or x's size, no channel after a 0 one. */
bool mh__channel_desc_well_formed(const hipChannelFormatDesc *d) {
  if (d->x == 0 || (d->y != 0 && d->y != d->x) || (d->z != 0 && d->z != d->x) ||
      (d->w != 0 && d->w != d->x))
    return false;
  return d->y != 0 ? d->z != 0 || d->w == 0 : d->z == 0 && d->w == 0;
}

/* getArrayFormat: the format of the kind and x's size; 0 (no format) for any other. */
static int desc_format(const hipChannelFormatDesc *d) {
  switch (d->f) {
  case hipChannelFormatKindUnsigned:
    return d->x == 8    ? HIP_AD_FORMAT_UNSIGNED_INT8
           : d->x == 16 ? HIP_AD_FORMAT_UNSIGNED_INT16
           : d->x == 32 ? HIP_AD_FORMAT_UNSIGNED_INT32
                        : 0;
  case hipChannelFormatKindSigned:
    return d->x == 8    ? HIP_AD_FORMAT_SIGNED_INT8
           : d->x == 16 ? HIP_AD_FORMAT_SIGNED_INT16
           : d->x == 32 ? HIP_AD_FORMAT_SIGNED_INT32
                        : 0;
  case hipChannelFormatKindFloat:
    return d->x == 16 ? HIP_AD_FORMAT_HALF : d->x == 32 ? HIP_AD_FORMAT_FLOAT : 0;
  default: return 0;
  }
}

/* getChannelFormatDesc: the description hipArrayGetInfo gives back. */
static hipChannelFormatDesc format_desc(const mh_array *a) {
  int bits = (int)format_bytes(a->format) * 8;
  hipChannelFormatKind kind;
  switch (a->format) {
  case HIP_AD_FORMAT_UNSIGNED_INT8:
  case HIP_AD_FORMAT_UNSIGNED_INT16:
  case HIP_AD_FORMAT_UNSIGNED_INT32: kind = hipChannelFormatKindUnsigned; break;
  case HIP_AD_FORMAT_SIGNED_INT8:
  case HIP_AD_FORMAT_SIGNED_INT16:
  case HIP_AD_FORMAT_SIGNED_INT32: kind = hipChannelFormatKindSigned; break;
  default: kind = hipChannelFormatKindFloat; break;
  }
  hipChannelFormatDesc d = {bits, a->channels > 1 ? bits : 0, a->channels > 2 ? bits : 0,
                            a->channels > 3 ? bits : 0, kind};
  return d;
}

/* A channel description as HIP_ARRAY3D_DESCRIPTOR fields, refused as clr's hipMallocArray
   refuses it; a well-formed one of no format goes on, as in clr, to fail at the format. */
static hipError_t desc_to_array(const hipChannelFormatDesc *d, HIP_ARRAY3D_DESCRIPTOR *out) {
  if (!mh__channel_desc_well_formed(d))
    return mh__fail(hipErrorInvalidValue,
                    "desc {%d, %d, %d, %d}: x must be set and every other channel 0 or %d bits, "
                    "with no channel after an empty one (clr CheckArrayFormat)",
                    d->x, d->y, d->z, d->w, d->x);
  out->Format = (hipArray_Format)desc_format(d);
  out->NumChannels = (unsigned)((d->x != 0) + (d->y != 0) + (d->z != 0) + (d->w != 0));
  return hipSuccess;
}

/* ---- making and freeing ---- */

static const char *shape_rule =
    "an array is {W, 0, 0} (1D), {W, H, 0} (2D) or {W, H, D} (3D), and with hipArrayLayered "
    "{W, 0, L} or {W, H, L}, every size given > 0 (clr getCLMemObjectType)";

/* clr's checks of the descriptor, ihipArrayCreate's then ihipImageCreate's, in its order. */
static hipError_t check_descriptor(const HIP_ARRAY3D_DESCRIPTOR *d) {
  size_t w = d->Width, h = d->Height, depth = d->Depth;
  if (d->NumChannels != 1 && d->NumChannels != 2 && d->NumChannels != 4)
    return mh__fail(hipErrorInvalidValue, "NumChannels %u: an element has 1, 2 or 4 channels",
                    d->NumChannels);
  if (d->Flags & ~(unsigned)ARRAY_FLAGS)
    return mh__fail(hipErrorInvalidValue,
                    "Flags %#x: ROCm takes hipArrayDefault, hipArrayLayered, "
                    "hipArraySurfaceLoadStore and hipArrayTextureGather only%s",
                    d->Flags, d->Flags & hipArrayCubemap ? " (no cubemaps)" : "");
  if ((d->Flags & hipArrayTextureGather) && (w == 0 || h == 0 || depth > 0))
    return mh__fail(hipErrorInvalidValue,
                    "hipArrayTextureGather is for 2D arrays only, and {%zu, %zu, %zu} is not one",
                    w, h, depth);
  if (format_bytes(d->Format) == 0)
    return mh__fail(hipErrorInvalidValue, "Format %#x is not a hipArray_Format", (int)d->Format);
  bool layered = d->Flags & hipArrayLayered;
  bool shaped = layered ? w != 0 && depth != 0 : w != 0 && (h != 0 || depth == 0);
  if (!shaped)
    return mh__fail(hipErrorInvalidValue, "{%zu, %zu, %zu}%s: %s", w, h, depth,
                    layered ? " (layered)" : "", shape_rule);
  if (w > MAX_IMAGE_WIDTH || h > MAX_IMAGE_WIDTH || (layered && depth > MAX_IMAGE_LAYERS) ||
      (!layered && depth > MAX_IMAGE_DEPTH))
    return mh__fail(hipErrorInvalidValue,
                    "{%zu, %zu, %zu} is past the device's image limits: width and height %zu, "
                    "depth %zu, layers %zu (clr Image::validateDimensions)",
                    w, h, depth, MAX_IMAGE_WIDTH, MAX_IMAGE_DEPTH, MAX_IMAGE_LAYERS);
  return hipSuccess;
}

/* Makes the array d describes on the current device. Under the write lock. */
static hipError_t array_create(mh_state *s, hipArray_t *out, const HIP_ARRAY3D_DESCRIPTOR *d) {
  hipError_t err = check_descriptor(d);
  if (err != hipSuccess)
    return err;
  int device = mh__current_device();
  size_t element = format_bytes(d->Format) * d->NumChannels;
  size_t rows = d->Height > 0 ? d->Height : 1, slices = d->Depth > 0 ? d->Depth : 1;
  size_t bytes = element * d->Width * rows * slices; /* within the limits: no overflow */
  size_t rounded = mh__round_up(bytes, s->page_bytes);
  size_t room = s->options.device_memory - s->device_used[device];
  if (rounded > room)
    return mh__fail(hipErrorOutOfMemory,
                    "device %d has %zu of %zu bytes free, the array needs %zu "
                    "(MOCKHIP_DEVICE_MEMORY)",
                    device, room, s->options.device_memory, bytes);
  mh_array *a = calloc(1, sizeof *a);
  void *data = NULL;
  int failed = a != NULL ? mh__os_alloc(rounded, &data) : ENOMEM;
  if (failed == 0) {
    a->id = mh__new_id(s, MH_ID_ARRAY);
    failed = mh__idmap_put(&s->arrays, a->id, a);
    if (failed != 0)
      mh__os_release(data, rounded);
  }
  if (failed != 0) {
    free(a);
    return mh__fail(hipErrorOutOfMemory, "cannot allocate the array's %zu bytes: %s", bytes,
                    strerror(failed));
  }
  a->site = mh__call_site();
  a->device = device;
  a->made_by = mh__call_api();
  a->width = d->Width;
  a->height = d->Height;
  a->depth = d->Depth;
  a->format = d->Format;
  a->channels = d->NumChannels;
  a->flags = d->Flags;
  a->element_bytes = element;
  a->row_bytes = element * d->Width;
  a->rows = rows;
  a->slices = slices;
  a->bytes = rounded;
  a->data = data;
  s->device_used[device] += rounded;
  s->stats.live_arrays++;
  s->array_bytes += rounded;
  *out = (hipArray_t)(uintptr_t)a->id;
  return hipSuccess;
}

static void array_release(mh_state *s, mh_array *a) {
  mh__idmap_del(&s->arrays, a->id);
  mh__os_release(a->data, a->bytes);
  s->device_used[a->device] -= a->bytes;
  s->stats.live_arrays--;
  s->array_bytes -= a->bytes;
  free(a);
}

mh_array *mh__array_get(mh_state *s, hipArray_const_t array) {
  return mh__idmap_get(&s->arrays, (uint64_t)(uintptr_t)array);
}

typedef struct doomed {
  int device;
  mh_array **next; /* into room for every live array */
} doomed;

static void collect(void *value, void *ctx) {
  mh_array *a = value;
  doomed *d = ctx;
  if (a->device == d->device)
    *d->next++ = a;
}

/* Collected first, released after: the walk must not see the map change under it. */
void mh__arrays_reset(mh_state *s, int device) {
  if (s->arrays.live == 0)
    return;
  mh_array **all = malloc(s->arrays.live * sizeof *all);
  if (all == NULL)
    return; /* kept, still charged: reported as live rather than lost */
  doomed d = {device, all};
  mh__idmap_each(&s->arrays, collect, &d);
  for (mh_array **a = all; a < d.next; a++)
    array_release(s, *a);
  free(all);
}

/* The entry points' common path: the capture check clr makes (CHECK_STREAM_CAPTURE_SUPPORTED),
   then the write lock around the making. */
static hipError_t create_locked(mh_state *s, hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *d) {
  if (array == NULL)
    return mh__fail(hipErrorInvalidValue, "array is NULL");
  mh__lock_write();
  hipError_t err = array_create(s, array, d);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc,
                                    size_t width, size_t height, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocArray, MH_CALLER, &s);
  if (err == hipSuccess && (array == NULL || desc == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", array == NULL ? "array" : "desc");
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  HIP_ARRAY3D_DESCRIPTOR d = {width, height, 0, (hipArray_Format)0, 0, flags};
  if (err == hipSuccess)
    err = desc_to_array(desc, &d);
  if (err == hipSuccess)
    err = create_locked(s, array, &d);
  return mh__leave(MOCKHIP_CALL_hipMallocArray, err, "%s, desc=%s, width=%zu, height=%zu, flags=%s",
                   mh__d_out_array("array", array, err), mh__d_channel_desc(desc), width, height,
                   mh__d_array_flags(flags));
}

MH_EXPORT hipError_t hipMalloc3DArray(hipArray_t *array, const struct hipChannelFormatDesc *desc,
                                      struct hipExtent extent, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMalloc3DArray, MH_CALLER, &s);
  if (err == hipSuccess && (array == NULL || desc == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", array == NULL ? "array" : "desc");
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  HIP_ARRAY3D_DESCRIPTOR d = {extent.width, extent.height, extent.depth, (hipArray_Format)0, 0,
                              flags};
  if (err == hipSuccess)
    err = desc_to_array(desc, &d);
  if (err == hipSuccess)
    err = create_locked(s, array, &d);
  return mh__leave(MOCKHIP_CALL_hipMalloc3DArray, err, "%s, desc=%s, extent=%s, flags=%s",
                   mh__d_out_array("array", array, err), mh__d_channel_desc(desc),
                   mh__d_extent(extent), mh__d_array_flags(flags));
}

MH_EXPORT hipError_t hipArrayCreate(hipArray_t *pHandle, const HIP_ARRAY_DESCRIPTOR *desc) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArrayCreate, MH_CALLER, &s);
  if (err == hipSuccess && desc == NULL)
    err = mh__fail(hipErrorInvalidValue, "pAllocateArray is NULL");
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess) {
    HIP_ARRAY3D_DESCRIPTOR d = {desc->Width,  desc->Height,      0,
                                desc->Format, desc->NumChannels, hipArrayDefault};
    err = create_locked(s, pHandle, &d);
  }
  return mh__leave(MOCKHIP_CALL_hipArrayCreate, err, "%s, pAllocateArray=%s",
                   mh__d_out_array("pHandle", pHandle, err), mh__d_array_desc(desc));
}

MH_EXPORT hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *desc) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArray3DCreate, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && desc == NULL)
    err = mh__fail(hipErrorInvalidValue, "pAllocateArray is NULL");
  if (err == hipSuccess)
    err = create_locked(s, array, desc);
  return mh__leave(MOCKHIP_CALL_hipArray3DCreate, err, "%s, pAllocateArray=%s",
                   mh__d_out_array("array", array, err), mh__d_array3d_desc(desc));
}

/* clr ihipArrayDestroy: NULL is InvalidValue, an array not in its set ContextIsDestroyed. */
static hipError_t array_destroy(mh_state *s, hipArray_t array) {
  hipError_t err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err != hipSuccess)
    return err;
  if (array == NULL)
    return mh__fail(hipErrorInvalidValue, "array is NULL");
  mh__lock_write();
  mh_array *a = mh__array_get(s, array);
  if (a == NULL)
    err = mh__fail(hipErrorContextIsDestroyed,
                   "array %p is no live array (freed already, or never made)", (void *)array);
  else
    array_release(s, a);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipFreeArray(hipArray_t array) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFreeArray, MH_CALLER, &s);
  if (err == hipSuccess)
    err = array_destroy(s, array);
  /* An array is named by its id, which outlives it: decoded after the call all the same. */
  return mh__leave(MOCKHIP_CALL_hipFreeArray, err, "array=%s", mh__d_array(array));
}

MH_EXPORT hipError_t hipArrayDestroy(hipArray_t array) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArrayDestroy, MH_CALLER, &s);
  if (err == hipSuccess)
    err = array_destroy(s, array);
  /* An array is named by its id, which outlives it: decoded after the call all the same. */
  return mh__leave(MOCKHIP_CALL_hipArrayDestroy, err, "array=%s", mh__d_array(array));
}

/* ---- what an array is (clr ihipArray3DGetDescriptor) ---- */

/* The array's descriptor into *out; hipErrorInvalidHandle for an array that is not live. */
static hipError_t describe(mh_state *s, hipArray_t array, HIP_ARRAY3D_DESCRIPTOR *out,
                           hipChannelFormatDesc *desc) {
  mh__lock_read();
  const mh_array *a = mh__array_get(s, array);
  if (a != NULL) {
    HIP_ARRAY3D_DESCRIPTOR d = {a->width, a->height, a->depth, a->format, a->channels, a->flags};
    *out = d;
    *desc = format_desc(a);
  }
  mh__unlock();
  return a != NULL ? hipSuccess
                   : mh__fail(hipErrorInvalidHandle, "array %p is no live array", (void *)array);
}

/* The checks the three share: capture, then array NULL is hipErrorInvalidHandle. */
static hipError_t query_start(hipArray_t array) {
  hipError_t err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && array == NULL)
    err = mh__fail(hipErrorInvalidHandle, "array is NULL");
  return err;
}

MH_EXPORT hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent,
                                     unsigned int *flags, hipArray_t array) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArrayGetInfo, MH_CALLER, &s);
  if (err == hipSuccess)
    err = query_start(array);
  /* clr: nothing to write is success, before the array is looked up */
  if (err == hipSuccess && (desc != NULL || extent != NULL || flags != NULL)) {
    HIP_ARRAY3D_DESCRIPTOR d;
    hipChannelFormatDesc channels;
    err = describe(s, array, &d, &channels);
    if (err == hipSuccess && desc != NULL)
      *desc = channels;
    if (err == hipSuccess && extent != NULL)
      *extent = make_hipExtent(d.Width, d.Height, d.Depth);
    if (err == hipSuccess && flags != NULL)
      *flags = d.Flags;
  }
  bool written = err == hipSuccess;
  return mh__leave(MOCKHIP_CALL_hipArrayGetInfo, err, "desc%s%s, extent%s%s, %s, array=%s",
                   written && desc ? " -> " : "=",
                   written && desc ? mh__d_channel_desc(desc) : mh__d_ptr(desc),
                   written && extent ? " -> " : "=",
                   written && extent ? mh__d_extent(*extent) : mh__d_ptr(extent),
                   mh__d_out_unsigned("flags", flags, err), mh__d_array(array));
}

MH_EXPORT hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *out, hipArray_t array) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArrayGetDescriptor, MH_CALLER, &s);
  if (err == hipSuccess)
    err = query_start(array);
  if (err == hipSuccess && out == NULL)
    err = mh__fail(hipErrorInvalidValue, "pArrayDescriptor is NULL");
  if (err == hipSuccess) {
    HIP_ARRAY3D_DESCRIPTOR d;
    hipChannelFormatDesc channels;
    err = describe(s, array, &d, &channels);
    if (err == hipSuccess) {
      out->Width = d.Width;
      out->Height = d.Height;
      out->Format = d.Format;
      out->NumChannels = d.NumChannels;
    }
  }
  return mh__leave(MOCKHIP_CALL_hipArrayGetDescriptor, err, "pArrayDescriptor%s%s, array=%s",
                   err == hipSuccess ? " -> " : "=",
                   err == hipSuccess ? mh__d_array_desc(out) : mh__d_ptr(out), mh__d_array(array));
}

MH_EXPORT hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *out, hipArray_t array) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipArray3DGetDescriptor, MH_CALLER, &s);
  if (err == hipSuccess)
    err = query_start(array);
  if (err == hipSuccess && out == NULL)
    err = mh__fail(hipErrorInvalidValue, "pArrayDescriptor is NULL");
  if (err == hipSuccess) {
    hipChannelFormatDesc channels;
    err = describe(s, array, out, &channels);
  }
  return mh__leave(MOCKHIP_CALL_hipArray3DGetDescriptor, err, "pArrayDescriptor%s%s, array=%s",
                   err == hipSuccess ? " -> " : "=",
                   err == hipSuccess ? mh__d_array3d_desc(out) : mh__d_ptr(out),
                   mh__d_array(array));
}
