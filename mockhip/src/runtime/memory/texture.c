/*
 * texture.c: texture objects, made by hipCreateTextureObject and hipTexObjectCreate over an
 * array or device memory (linear, or 2D with a pitch), destroyed by hipDestroyTextureObject,
 * hipTexObjectDestroy and hipDeviceReset, and described by hipGetTextureObject*Desc. Kernels
 * read them through texture_sample.c.
 *
 * A texture object is named by an id (its hipTextureObject_t value), so a destroyed or made-up
 * value is refused instead of read. Every check is clr's, in its order (hip_texture.cpp:
 * ihipCreateTextureObject, ihipDestroyTextureObject, ihipGetTextureObjectResourceDesc,
 * hipGetTextureObjectResourceViewDesc, hipGetTextureObjectTextureDesc, hipTexObjectCreate), with
 * a ROCm device's image limits (rocdevice.cpp). The ones that are not:
 * - ROCm refuses every texture object (hipErrorNotSupported) on a device without images, which
 *   the device mockhip plays is (hipDeviceAttributeImageSupport 0, as an MI300's): mockhip makes
 *   them all the same, as it makes arrays (array.c).
 * - Mipmapped arrays: ROCm on Linux has none (mipmap.c), so hipErrorNotSupported, as clr.
 * - ROCm keeps an array alive while a texture reads it; here a read of a texture whose array was
 *   freed ends the kernel with a fault that says so.
 * - Linear filtering of a texture read as integers (hipReadModeElementType on an integer
 *   format): CUDA and HIP define filtering for float results only, so hipErrorNotSupported.
 * - A resource view that reinterprets an array's format: hipErrorNotSupported.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/memory/memory.h"
#include "runtime/memory/texture.h"

/* A ROCm device's image limits through HSA (rocdevice.cpp: imageMaxBufferSize_,
   image2DMaxWidth_, image2DMaxHeight_, imageBaseAddressAlignment_, imagePitchAlignment_). */
#define MAX_BUFFER_ELEMENTS ((size_t)1 << 27)
#define MAX_IMAGE_2D ((size_t)16384)
#define BASE_ALIGNMENT ((uintptr_t)256)
#define PITCH_ALIGNMENT ((size_t)256)

/* ---- the registry ---- */

mh_texture *mh__texture_get(mh_state *s, hipTextureObject_t texture) {
  return mh__idmap_get(&s->textures, (uint64_t)(uintptr_t)texture);
}

static void texture_release(mh_state *s, mh_texture *t) {
  mh__idmap_del(&s->textures, t->id);
  s->stats.live_textures--;
  free(t);
}

typedef struct doomed {
  int device;
  mh_texture **next; /* into room for every live texture object */
} doomed;

static void collect(void *value, void *ctx) {
  mh_texture *t = value;
  doomed *d = ctx;
  if (t->device == d->device)
    *d->next++ = t;
}

/* hipDeviceReset: the device's texture objects go with its memory. Collected first, released
   after: the walk must not see the map change under it. */
void mh__textures_reset(mh_state *s, int device) {
  if (s->textures.live == 0)
    return;
  mh_texture **all = malloc(s->textures.live * sizeof *all);
  if (all == NULL)
    return; /* kept: reported as live rather than lost */
  doomed d = {device, all};
  mh__idmap_each(&s->textures, collect, &d);
  for (mh_texture **t = all; t < d.next; t++)
    texture_release(s, *t);
  free(all);
}

/* ---- what a resource holds ---- */

/* hip::getNumChannels of a channel description: its channels of nonzero size. */
static unsigned desc_channels(const hipChannelFormatDesc *d) {
  return (unsigned)((d->x != 0) + (d->y != 0) + (d->z != 0) + (d->w != 0));
}

/* A memory resource's element layout from its channel description: refused as clr's
   getCLChannelType/Image::Format::isValid refuse it (hipErrorInvalidValue). */
static hipError_t layout_from_desc(mh_texture *t, const hipChannelFormatDesc *d) {
  bool bits_ok = d->f == hipChannelFormatKindFloat ? d->x == 16 || d->x == 32
                                                   : d->x == 8 || d->x == 16 || d->x == 32;
  unsigned channels = desc_channels(d);
  if (!mh__channel_desc_well_formed(d) || !bits_ok || channels == 3 ||
      (d->f != hipChannelFormatKindSigned && d->f != hipChannelFormatKindUnsigned &&
       d->f != hipChannelFormatKindFloat))
    return mh__fail(hipErrorInvalidValue,
                    "desc {%d, %d, %d, %d, kind %d} is no image format: 1, 2 or 4 channels of 8, "
                    "16 or 32 bits (16 or 32 for float) (clr getCLChannelType)",
                    d->x, d->y, d->z, d->w, (int)d->f);
  t->kind = d->f;
  t->bits = (unsigned)d->x;
  t->channels = channels;
  return hipSuccess;
}

static void layout_from_format(mh_texture *t, hipArray_Format format, unsigned channels) {
  switch (format) {
  case HIP_AD_FORMAT_UNSIGNED_INT8: t->kind = hipChannelFormatKindUnsigned, t->bits = 8; break;
  case HIP_AD_FORMAT_UNSIGNED_INT16: t->kind = hipChannelFormatKindUnsigned, t->bits = 16; break;
  case HIP_AD_FORMAT_UNSIGNED_INT32: t->kind = hipChannelFormatKindUnsigned, t->bits = 32; break;
  case HIP_AD_FORMAT_SIGNED_INT8: t->kind = hipChannelFormatKindSigned, t->bits = 8; break;
  case HIP_AD_FORMAT_SIGNED_INT16: t->kind = hipChannelFormatKindSigned, t->bits = 16; break;
  case HIP_AD_FORMAT_SIGNED_INT32: t->kind = hipChannelFormatKindSigned, t->bits = 32; break;
  case HIP_AD_FORMAT_HALF: t->kind = hipChannelFormatKindFloat, t->bits = 16; break;
  default: t->kind = hipChannelFormatKindFloat, t->bits = 32; break;
  }
  t->channels = channels;
}

/* hip::getNumChannels and getArrayFormat of a view format; 0 channels for a block-compressed
   one or a value that is none. */
static void view_layout(int format, unsigned *channels, int *kind, unsigned *bits) {
  static const unsigned counts[3] = {1, 2, 4};
  *channels = 0;
  if (format < hipResViewFormatUnsignedChar1 || format > hipResViewFormatFloat4)
    return;
  int i = format - hipResViewFormatUnsignedChar1; /* 3 counts per (kind, bits) */
  static const int kinds[8] = {hipChannelFormatKindUnsigned, hipChannelFormatKindSigned,
                               hipChannelFormatKindUnsigned, hipChannelFormatKindSigned,
                               hipChannelFormatKindUnsigned, hipChannelFormatKindSigned,
                               hipChannelFormatKindFloat,    hipChannelFormatKindFloat};
  static const unsigned sizes[8] = {8, 8, 16, 16, 32, 32, 16, 32};
  *channels = counts[i % 3];
  *kind = kinds[i / 3];
  *bits = sizes[i / 3];
}

/* ---- making one (clr ihipCreateTextureObject) ---- */

static bool aligned(const void *p, uintptr_t to) { return (uintptr_t)p % to == 0; }

/* clr's argument checks, in its order, then the mock's own refusals. */
static hipError_t check(mh_state *s, const hipResourceDesc *r, const hipTextureDesc *d,
                        const struct hipResourceViewDesc *view, mh_texture *t) {
  if (view != NULL && r->resType != hipResourceTypeArray &&
      r->resType != hipResourceTypeMipmappedArray)
    return mh__fail(hipErrorInvalidValue,
                    "pResViewDesc is set, but a resource view is for an array or mipmapped array "
                    "resource only (resType %d)",
                    (int)r->resType);
  switch (r->resType) {
  case hipResourceTypeArray: {
    if (r->res.array.array == NULL)
      return mh__fail(hipErrorInvalidValue, "res.array.array is NULL");
    const mh_array *a = mh__array_get(s, r->res.array.array);
    if (a == NULL)
      return mh__fail(hipErrorInvalidValue, "res.array.array %p is no live array",
                      (void *)r->res.array.array);
    t->array = a->id;
    t->width = a->width;
    t->height = a->height > 0 ? a->height : 1;
    t->depth = a->depth > 0 && !(a->flags & hipArrayLayered) ? a->depth : 1;
    t->dims = a->depth > 0 && !(a->flags & hipArrayLayered) ? 3 : a->height > 0 ? 2 : 1;
    t->row_bytes = a->row_bytes;
    t->slice_bytes = a->row_bytes * a->rows;
    layout_from_format(t, a->format, a->channels);
    if (a->flags & hipArrayLayered)
      return mh__fail(hipErrorNotSupported,
                      "res.array.array %p is layered: mockhip's kernels have no tex1DLayered or "
                      "tex2DLayered to read it",
                      (void *)r->res.array.array);
    break;
  }
  case hipResourceTypeMipmappedArray:
    return mh__fail(hipErrorNotSupported,
                    "a mipmapped array resource: ROCm on Linux has no mipmaps (clr "
                    "ihipCreateTextureObject asks for cl_khr_mipmap_image, which only its Windows "
                    "device has)");
  case hipResourceTypeLinear: {
    const void *p = r->res.linear.devPtr;
    size_t element = ((size_t)r->res.linear.desc.x + (size_t)r->res.linear.desc.y +
                      (size_t)r->res.linear.desc.z + (size_t)r->res.linear.desc.w) /
                     8;
    if (p == NULL || !aligned(p, BASE_ALIGNMENT) ||
        r->res.linear.sizeInBytes >= MAX_BUFFER_ELEMENTS * element)
      return mh__fail(hipErrorInvalidValue,
                      "res.linear: devPtr %p must be set and %zu-byte aligned (textureAlignment), "
                      "and sizeInBytes %zu below %zu elements of %zu bytes (maxTexture1DLinear)",
                      p, (size_t)BASE_ALIGNMENT, r->res.linear.sizeInBytes, MAX_BUFFER_ELEMENTS,
                      element);
    hipError_t err = layout_from_desc(t, &r->res.linear.desc);
    if (err != hipSuccess)
      return err;
    t->data = p;
    t->width = r->res.linear.sizeInBytes / (t->bits / 8 * t->channels);
    if (t->width == 0)
      return mh__fail(hipErrorInvalidValue,
                      "res.linear.sizeInBytes %zu holds no whole element of %u bytes: no image "
                      "of width 0 (clr Image::validateDimensions)",
                      r->res.linear.sizeInBytes, t->bits / 8 * t->channels);
    t->height = t->depth = 1;
    t->dims = 1;
    t->row_bytes = t->slice_bytes = r->res.linear.sizeInBytes;
    t->fetch_only = true;
    break;
  }
  case hipResourceTypePitch2D: {
    const void *p = r->res.pitch2D.devPtr;
    if (p == NULL || !aligned(p, BASE_ALIGNMENT) || r->res.pitch2D.width >= MAX_IMAGE_2D ||
        r->res.pitch2D.height >= MAX_IMAGE_2D || r->res.pitch2D.pitchInBytes % PITCH_ALIGNMENT)
      return mh__fail(hipErrorInvalidValue,
                      "res.pitch2D: devPtr %p must be set and %zu-byte aligned, width %zu and "
                      "height %zu below %zu, pitchInBytes %zu a multiple of %zu "
                      "(texturePitchAlignment)",
                      p, (size_t)BASE_ALIGNMENT, r->res.pitch2D.width, r->res.pitch2D.height,
                      MAX_IMAGE_2D, r->res.pitch2D.pitchInBytes, PITCH_ALIGNMENT);
    hipError_t err = layout_from_desc(t, &r->res.pitch2D.desc);
    if (err != hipSuccess)
      return err;
    if (r->res.pitch2D.width == 0 || r->res.pitch2D.height == 0 ||
        r->res.pitch2D.pitchInBytes < r->res.pitch2D.width * (t->bits / 8 * t->channels))
      return mh__fail(hipErrorInvalidValue,
                      "res.pitch2D {%zu x %zu, pitch %zu}: no image of these sizes (clr "
                      "Image::validateDimensions)",
                      r->res.pitch2D.width, r->res.pitch2D.height, r->res.pitch2D.pitchInBytes);
    t->data = p;
    t->width = r->res.pitch2D.width;
    t->height = r->res.pitch2D.height;
    t->depth = 1;
    t->dims = 2;
    t->row_bytes = r->res.pitch2D.pitchInBytes;
    t->slice_bytes = t->row_bytes * t->height;
    break;
  }
  default:
    return mh__fail(hipErrorInvalidValue, "resType %d is not a hipResourceType", (int)r->resType);
  }
  if (d->maxAnisotropy != 0)
    return mh__fail(hipErrorNotSupported,
                    "maxAnisotropy %u: ROCm programs no anisotropic filtering (clr)",
                    d->maxAnisotropy);
  if (d->mipmapLevelBias != 0)
    return mh__fail(hipErrorNotSupported, "mipmapLevelBias %g: ROCm programs no level bias (clr)",
                    (double)d->mipmapLevelBias);
  if (view != NULL && view->format != hipResViewFormatNone) {
    unsigned channels = 0, bits = 0;
    int kind = 0;
    view_layout(view->format, &channels, &kind, &bits);
    if (channels != t->channels || kind != t->kind || bits != t->bits)
      return mh__fail(hipErrorNotSupported,
                      "pResViewDesc->format %d reinterprets the array's %u x %u-bit elements: "
                      "mockhip reads an array in its own format only",
                      (int)view->format, t->channels, t->bits);
  }
  /* clr: wrap and mirror need normalized coordinates (else clamp); a linear resource ignores
     filter and address modes; the sampler takes addressMode[0] for every dimension */
  t->normalized_coords = d->normalizedCoords != 0;
  t->address_mode = d->addressMode[0];
  if (!t->normalized_coords &&
      (t->address_mode == hipAddressModeWrap || t->address_mode == hipAddressModeMirror))
    t->address_mode = hipAddressModeClamp;
  if ((unsigned)t->address_mode > hipAddressModeBorder)
    return mh__fail(hipErrorInvalidValue, "addressMode[0] %d is not a hipTextureAddressMode",
                    (int)d->addressMode[0]);
  t->filter_mode = t->fetch_only ? hipFilterModePoint : d->filterMode;
  if ((unsigned)d->filterMode > hipFilterModeLinear || (unsigned)d->readMode > 1)
    return mh__fail(hipErrorInvalidValue, "filterMode %d or readMode %d is no such mode",
                    (int)d->filterMode, (int)d->readMode);
  /* clr: 32-bit integers are never promoted; floats are floats either way */
  t->normalized_read = d->readMode == hipReadModeNormalizedFloat &&
                       t->kind != hipChannelFormatKindFloat && t->bits < 32;
  t->srgb =
      d->sRGB == 1 && t->normalized_read && t->kind == hipChannelFormatKindUnsigned && t->bits == 8;
  if (t->filter_mode == hipFilterModeLinear && t->kind != hipChannelFormatKindFloat &&
      !t->normalized_read)
    return mh__fail(hipErrorNotSupported,
                    "linear filtering of a texture read as integers (hipReadModeElementType on an "
                    "integer format): CUDA and HIP define filtering for float results only");
  return hipSuccess;
}

/* Makes the texture object; the caller holds the write lock. */
static hipError_t texture_create(mh_state *s, hipTextureObject_t *out, const hipResourceDesc *r,
                                 const hipTextureDesc *d, const struct hipResourceViewDesc *view) {
  mh_texture *t = calloc(1, sizeof *t);
  if (t == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the texture object");
  hipError_t err = check(s, r, d, view, t);
  if (err == hipSuccess) {
    t->id = mh__new_id(s, MH_ID_TEXTURE);
    if (mh__idmap_put(&s->textures, t->id, t) != 0)
      err = mh__fail(hipErrorOutOfMemory, "no memory to record the texture object");
  }
  if (err != hipSuccess) {
    free(t);
    return err;
  }
  t->site = mh__call_site();
  t->device = mh__current_device();
  t->made_by = mh__call_api();
  t->resource = *r;
  t->desc = *d;
  if (view != NULL)
    t->view = *view;
  s->stats.live_textures++;
  *out = (hipTextureObject_t)(uintptr_t)t->id;
  return hipSuccess;
}

static hipError_t create_locked(mh_state *s, hipTextureObject_t *out, const hipResourceDesc *r,
                                const hipTextureDesc *d, const struct hipResourceViewDesc *view) {
  if (out == NULL || r == NULL || d == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    out == NULL ? "pTexObject"
                    : r == NULL ? "pResDesc"
                                : "pTexDesc");
  mh__lock_write();
  hipError_t err = texture_create(s, out, r, d, view);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipCreateTextureObject(hipTextureObject_t *pTexObject,
                                            const hipResourceDesc *pResDesc,
                                            const hipTextureDesc *pTexDesc,
                                            const struct hipResourceViewDesc *pResViewDesc) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCreateTextureObject, MH_CALLER, &s);
  if (err == hipSuccess)
    err = create_locked(s, pTexObject, pResDesc, pTexDesc, pResViewDesc);
  return mh__leave(MOCKHIP_CALL_hipCreateTextureObject, err,
                   "%s, pResDesc=%s, pTexDesc=%s, pResViewDesc=%s",
                   mh__d_out_texture("pTexObject", pTexObject, err), mh__d_resource_desc(pResDesc),
                   mh__d_texture_desc(pTexDesc), mh__d_ptr(pResViewDesc));
}

/* ---- the driver API's descriptions (clr hipTexObjectCreate: getResourceDesc,
   getTextureDesc, getResourceViewDesc) ---- */

static hipChannelFormatDesc format_desc(hipArray_Format format, unsigned channels) {
  mh_texture t;
  layout_from_format(&t, format, channels);
  int b = (int)t.bits;
  hipChannelFormatDesc d = {b, channels > 1 ? b : 0, channels > 2 ? b : 0, channels > 3 ? b : 0,
                            (hipChannelFormatKind)t.kind};
  return d;
}

static hipResourceDesc resource_from_driver(const HIP_RESOURCE_DESC *r) {
  hipResourceDesc out;
  memset(&out, 0, sizeof out);
  out.resType = (hipResourceType)r->resType;
  switch (r->resType) {
  case HIP_RESOURCE_TYPE_ARRAY: out.res.array.array = r->res.array.hArray; break;
  case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
    out.res.mipmap.mipmap = r->res.mipmap.hMipmappedArray;
    break;
  case HIP_RESOURCE_TYPE_LINEAR:
    out.res.linear.devPtr = r->res.linear.devPtr;
    out.res.linear.desc = format_desc(r->res.linear.format, r->res.linear.numChannels);
    out.res.linear.sizeInBytes = r->res.linear.sizeInBytes;
    break;
  case HIP_RESOURCE_TYPE_PITCH2D:
    out.res.pitch2D.devPtr = r->res.pitch2D.devPtr;
    out.res.pitch2D.desc = format_desc(r->res.pitch2D.format, r->res.pitch2D.numChannels);
    out.res.pitch2D.width = r->res.pitch2D.width;
    out.res.pitch2D.height = r->res.pitch2D.height;
    out.res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
    break;
  }
  return out;
}

static hipTextureDesc texture_from_driver(const HIP_TEXTURE_DESC *d) {
  hipTextureDesc out;
  memset(&out, 0, sizeof out);
  for (int i = 0; i < 3; i++)
    out.addressMode[i] = (enum hipTextureAddressMode)d->addressMode[i];
  out.filterMode = (enum hipTextureFilterMode)d->filterMode;
  out.readMode =
      d->flags & HIP_TRSF_READ_AS_INTEGER ? hipReadModeElementType : hipReadModeNormalizedFloat;
  out.normalizedCoords = (d->flags & HIP_TRSF_NORMALIZED_COORDINATES) != 0;
  out.sRGB = (d->flags & HIP_TRSF_SRGB) != 0;
  memcpy(out.borderColor, d->borderColor, sizeof out.borderColor);
  out.maxAnisotropy = d->maxAnisotropy;
  out.mipmapFilterMode = (enum hipTextureFilterMode)d->mipmapFilterMode;
  out.mipmapLevelBias = d->mipmapLevelBias;
  out.minMipmapLevelClamp = d->minMipmapLevelClamp;
  out.maxMipmapLevelClamp = d->maxMipmapLevelClamp;
  return out;
}

MH_EXPORT hipError_t hipTexObjectCreate(hipTextureObject_t *pTexObject,
                                        const HIP_RESOURCE_DESC *pResDesc,
                                        const HIP_TEXTURE_DESC *pTexDesc,
                                        const HIP_RESOURCE_VIEW_DESC *pResViewDesc) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipTexObjectCreate, MH_CALLER, &s);
  if (err == hipSuccess && (pTexObject == NULL || pResDesc == NULL || pTexDesc == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   pTexObject == NULL ? "pTexObject"
                   : pResDesc == NULL ? "pResDesc"
                                      : "pTexDesc");
  if (err == hipSuccess) {
    hipResourceDesc r = resource_from_driver(pResDesc);
    hipTextureDesc d = texture_from_driver(pTexDesc);
    struct hipResourceViewDesc view;
    if (pResViewDesc != NULL) {
      view.format = (enum hipResourceViewFormat)pResViewDesc->format;
      view.width = pResViewDesc->width;
      view.height = pResViewDesc->height;
      view.depth = pResViewDesc->depth;
      view.firstMipmapLevel = pResViewDesc->firstMipmapLevel;
      view.lastMipmapLevel = pResViewDesc->lastMipmapLevel;
      view.firstLayer = pResViewDesc->firstLayer;
      view.lastLayer = pResViewDesc->lastLayer;
    }
    err = create_locked(s, pTexObject, &r, &d, pResViewDesc != NULL ? &view : NULL);
  }
  return mh__leave(MOCKHIP_CALL_hipTexObjectCreate, err,
                   "%s, pResDesc=%s, pTexDesc=%s, "
                   "pResViewDesc=%s",
                   mh__d_out_texture("pTexObject", pTexObject, err), mh__d_ptr(pResDesc),
                   mh__d_ptr(pTexDesc), mh__d_ptr(pResViewDesc));
}

/* ---- destroying and describing ---- */

/* clr ihipDestroyTextureObject: NULL is success; a value that is no live object (ROCm would
   read it and crash) is hipErrorInvalidValue. */
static hipError_t texture_destroy(mh_state *s, hipTextureObject_t texture) {
  if (texture == NULL)
    return hipSuccess;
  mh__lock_write();
  mh_texture *t = mh__texture_get(s, texture);
  hipError_t err = hipSuccess;
  if (t == NULL)
    err = mh__fail(hipErrorInvalidValue,
                   "textureObject %p is no live texture object (destroyed already, or never "
                   "made; ROCm would read it and crash)",
                   (void *)texture);
  else
    texture_release(s, t);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDestroyTextureObject, MH_CALLER, &s);
  if (err == hipSuccess)
    err = texture_destroy(s, textureObject);
  return mh__leave(MOCKHIP_CALL_hipDestroyTextureObject, err, "textureObject=%s",
                   mh__d_texture(textureObject));
}

MH_EXPORT hipError_t hipTexObjectDestroy(hipTextureObject_t texObject) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipTexObjectDestroy, MH_CALLER, &s);
  if (err == hipSuccess)
    err = texture_destroy(s, texObject);
  return mh__leave(MOCKHIP_CALL_hipTexObjectDestroy, err, "texObject=%s", mh__d_texture(texObject));
}

typedef enum what_desc { RESOURCE, VIEW, TEXTURE } what_desc;

/* clr: out or the object NULL is hipErrorInvalidValue; then the copy kept at creation. */
static hipError_t describe(mh_state *s, hipTextureObject_t texture, what_desc what, void *out,
                           const char *out_name) {
  if (out == NULL || texture == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", out == NULL ? out_name : "textureObject");
  mh__lock_read();
  const mh_texture *t = mh__texture_get(s, texture);
  if (t != NULL && what == RESOURCE)
    memcpy(out, &t->resource, sizeof t->resource);
  else if (t != NULL && what == VIEW)
    memcpy(out, &t->view, sizeof t->view);
  else if (t != NULL)
    memcpy(out, &t->desc, sizeof t->desc);
  mh__unlock();
  return t != NULL ? hipSuccess
                   : mh__fail(hipErrorInvalidValue, "textureObject %p is no live texture object",
                              (void *)texture);
}

MH_EXPORT hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *pResDesc,
                                                     hipTextureObject_t textureObject) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetTextureObjectResourceDesc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = describe(s, textureObject, RESOURCE, pResDesc, "pResDesc");
  return mh__leave(MOCKHIP_CALL_hipGetTextureObjectResourceDesc, err,
                   "pResDesc%s%s, textureObject=%s", err == hipSuccess ? " -> " : "=",
                   err == hipSuccess ? mh__d_resource_desc(pResDesc) : mh__d_ptr(pResDesc),
                   mh__d_texture(textureObject));
}

MH_EXPORT hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *pResViewDesc,
                                                         hipTextureObject_t textureObject) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetTextureObjectResourceViewDesc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = describe(s, textureObject, VIEW, pResViewDesc, "pResViewDesc");
  return mh__leave(MOCKHIP_CALL_hipGetTextureObjectResourceViewDesc, err,
                   "pResViewDesc=%s, textureObject=%s", mh__d_ptr(pResViewDesc),
                   mh__d_texture(textureObject));
}

MH_EXPORT hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *pTexDesc,
                                                    hipTextureObject_t textureObject) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetTextureObjectTextureDesc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = describe(s, textureObject, TEXTURE, pTexDesc, "pTexDesc");
  return mh__leave(MOCKHIP_CALL_hipGetTextureObjectTextureDesc, err,
                   "pTexDesc%s%s, textureObject=%s", err == hipSuccess ? " -> " : "=",
                   err == hipSuccess ? mh__d_texture_desc(pTexDesc) : mh__d_ptr(pTexDesc),
                   mh__d_texture(textureObject));
}
