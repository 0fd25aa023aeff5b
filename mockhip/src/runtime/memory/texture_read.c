/*
 * texture_read.c: what a kernel's tex1Dfetch, tex1D, tex2D, tex3D and tex2Dgather give
 * (<hip/amd_detail/mockhip_texture.h> calls mockhip_texture_read), by the CUDA and HIP texture
 * rules:
 * - Coordinates are in texels, or in [0, 1) of each size with normalizedCoords; texel i
 *   covers [i, i + 1), its centre at i + 0.5.
 * - Point filtering reads texel floor(u). Linear filtering reads the two (four, eight) texels
 *   around u - 0.5 and weighs them by its fraction, which hardware keeps with 8 fractional bits
 *   (CUDA's "9-bit fixed point"): rounded here to the nearest 1/256, halves up.
 * - Address modes act on texel indices: clamp to the edge, border (transparent black: clr
 *   programs no border colour), wrap (modulo the size) and mirror (period twice the size);
 *   clr takes addressMode[0] for every dimension and clamps wrap and mirror without normalized
 *   coordinates (texture.c).
 * - A read gives integers for an integer format read as elements, floats otherwise: halves
 *   widened, 8- and 16-bit integers normalized with hipReadModeNormalizedFloat (unsigned to
 *   [0, 1], signed to [-1, 1]), sRGB to linear where asked. A channel the format lacks reads
 *   0, alpha 1, as the hardware's default swizzle; tex2Dgather of one reads 0.
 * - tex1Dfetch reads element x of a linear resource, and 0 past its ends.
 * Kernels run under the launching thread's write lock, so a kernel thread reads the registry
 * as it stands; a read from host code takes the read lock.
 */
#include <math.h> /* NAN, INFINITY, isnan: macros; the library needs no libm (static users) */
#include <string.h>

#include "kernel/kernel.h"
#include "runtime/memory/memory.h"
#include "runtime/memory/texture.h"

/* floor of a value within +-1e12 (texel_coordinate keeps it there), without libm. */
static double floor_of(double u) {
  long long i = (long long)u;
  return (double)(i - ((double)i > u));
}

/* x^(1/5) for x in (0, 1], by Newton's method, without libm. */
static double fifth_root(double x) {
  double y = 1.0;
  for (int i = 0; i < 40; i++)
    y = (4.0 * y + x / (y * y * y * y)) / 5.0;
  return y;
}

/* IEEE half to float. */
static float half_to_float(uint16_t h) {
  int sign = h >> 15, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float value;
  if (exponent == 0)
    value = (float)mantissa / 16777216.0f; /* 2^-24 */
  else if (exponent == 31)
    value = mantissa != 0 ? NAN : INFINITY;
  else
    value = exponent >= 25 ? (float)(mantissa | 0x400) * (float)(1u << (exponent - 25))
                           : (float)(mantissa | 0x400) / (float)(1u << (25 - exponent));
  return sign ? -value : value;
}

/* Channel c of the texel at p: raw (sign- or zero-extended) in *raw, as the read gives it in
 *value. */
static void channel(const mh_texture *t, const unsigned char *p, unsigned c, int32_t *raw,
                    float *value) {
  const unsigned char *at = p + c * (t->bits / 8);
  bool is_signed = t->kind == hipChannelFormatKindSigned;
  int32_t r;
  if (t->bits == 8) {
    r = is_signed ? (int32_t)(int8_t)at[0] : (int32_t)at[0];
  } else if (t->bits == 16) {
    uint16_t v;
    memcpy(&v, at, sizeof v);
    r = is_signed ? (int32_t)(int16_t)v : (int32_t)v;
  } else {
    memcpy(&r, at, sizeof r);
  }
  *raw = r;
  if (t->kind == hipChannelFormatKindFloat) {
    float f;
    if (t->bits == 16)
      f = half_to_float((uint16_t)r);
    else
      memcpy(&f, &r, sizeof f);
    *value = f;
  } else if (t->normalized_read) {
    float max = (float)((1u << (is_signed ? t->bits - 1 : t->bits)) - 1);
    float v = (float)r / max;
    *value = is_signed && v < -1.0f ? -1.0f : v;
  } else {
    *value = (float)r;
  }
}

/* sRGB to linear: c^2.4 as c^2 (c^2)^(1/5). */
static float srgb_to_linear(float c) {
  if (c <= 0.04045f)
    return c / 12.92f;
  double b = (c + 0.055) / 1.055;
  return (float)(b * b * fifth_root(b * b));
}

/* The texel at indices (i, j, k), or the border's transparent black where one is -1. */
static void texel(const mh_texture *t, const unsigned char *base, long i, long j, long k,
                  int32_t raw[4], float value[4]) {
  for (unsigned c = 0; c < 4; c++) {
    raw[c] = 0;
    value[c] = 0.0f;
  }
  if (i < 0 || j < 0 || k < 0)
    return;
  const unsigned char *p = base + (size_t)k * t->slice_bytes + (size_t)j * t->row_bytes +
                           (size_t)i * (t->bits / 8) * t->channels;
  for (unsigned c = 0; c < t->channels; c++)
    channel(t, p, c, &raw[c], &value[c]);
  if (t->channels < 4) { /* no alpha: the hardware's swizzle gives 1 */
    raw[3] = 1;
    value[3] = 1.0f;
  }
  for (unsigned c = 0; t->srgb && c < 3; c++)
    value[c] = srgb_to_linear(value[c]);
}

/* Index i on an axis of n texels through the address mode; -1: the border. */
static long address(long i, long n, int mode) {
  switch (mode) {
  case hipAddressModeWrap: i %= n; return i < 0 ? i + n : i;
  case hipAddressModeMirror: {
    long m = i % (2 * n);
    m = m < 0 ? m + 2 * n : m;
    return m < n ? m : 2 * n - 1 - m;
  }
  case hipAddressModeBorder: return i < 0 || i >= n ? -1 : i;
  default: return i < 0 ? 0 : i >= n ? n - 1 : i;
  }
}

/* A coordinate in texels, kept where a long holds it. */
static double texel_coordinate(const mh_texture *t, float x, size_t n) {
  double u = isnan(x) ? 0.0 : t->normalized_coords ? (double)x * (double)n : (double)x;
  return u < -1e12 ? -1e12 : u > 1e12 ? 1e12 : u;
}

typedef struct footprint {
  long index[3][2]; /* per axis: the texels read (after the address mode) */
  float weight[3];  /* per axis: the second texel's weight (0 for point filtering) */
} footprint;

static void axis(const mh_texture *t, int a, float x, size_t n, bool linear, footprint *f) {
  double u = texel_coordinate(t, x, n);
  if (!linear) {
    long i = (long)floor_of(u);
    f->index[a][0] = f->index[a][1] = address(i, (long)n, t->address_mode);
    f->weight[a] = 0.0f;
    return;
  }
  double b = u - 0.5, i0 = floor_of(b);
  f->index[a][0] = address((long)i0, (long)n, t->address_mode);
  f->index[a][1] = address((long)i0 + 1, (long)n, t->address_mode);
  f->weight[a] = (float)((long)((b - i0) * 256.0 + 0.5) / 256.0); /* 8 fractional bits */
}

/* The base of the texture's texels: its memory, or its array's (NULL when the array is gone). */
static const unsigned char *texels(mh_state *s, const mh_texture *t) {
  if (t->array == 0)
    return t->data;
  const mh_array *a = mh__array_get(s, (hipArray_const_t)(uintptr_t)t->array);
  return a != NULL ? a->data : NULL;
}

/* Ends the kernel thread's launch as a failed device assertion would, with what was wrong. */
static void read_fails(const char *what) {
  mh_participant *me = mh__participant();
  if (me != NULL && me->running && me->launch != NULL) {
    mh_kernel_fault f = {.kind = MH_KFAULT_ASSERT,
                         .block = blockIdx,
                         .thread = threadIdx,
                         .assertion = what,
                         .file = "<texture read>",
                         .line = 0,
                         .function = "tex1D/tex2D/tex3D/tex1Dfetch/tex2Dgather"};
    mh__kernel_fail(me, &f);
  }
}

static void sample(const mh_texture *t, const unsigned char *base, int op, int dims, int ix,
                   const float xyz[3], int comp, mockhip_texel *out) {
  int32_t raw[4];
  float value[4];
  if (op == MOCKHIP_TEX_FETCH) {
    long i = ix < 0 || (size_t)ix >= t->width ? -1 : ix;
    texel(t, base, i, i < 0 ? -1 : 0, i < 0 ? -1 : 0, out->i, out->f);
    if (i < 0) /* past a buffer's ends: 0 in every channel */
      out->i[3] = 0, out->f[3] = 0.0f;
    return;
  }
  bool gather = op == MOCKHIP_TEX_GATHER;
  bool linear = gather || t->filter_mode == hipFilterModeLinear;
  size_t sizes[3] = {t->width, t->height, t->depth};
  footprint f;
  for (int a = 0; a < 3; a++) {
    if (a < dims)
      axis(t, a, xyz[a], sizes[a], linear, &f);
    else
      f.index[a][0] = f.index[a][1] = 0, f.weight[a] = 0.0f;
  }
  if (gather) { /* channel comp of the four texels, in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0) */
    static const int corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    for (int c = 0; c < 4; c++) {
      texel(t, base, f.index[0][corner[c][0]], f.index[1][corner[c][1]], f.index[2][0], raw, value);
      bool has = comp >= 0 && comp < (int)t->channels;
      out->i[c] = has ? raw[comp] : 0;
      out->f[c] = has ? value[comp] : 0.0f;
    }
    return;
  }
  if (!linear) {
    texel(t, base, f.index[0][0], f.index[1][0], f.index[2][0], out->i, out->f);
    return;
  }
  float sum[4] = {0, 0, 0, 0};
  for (int corner = 0; corner < 8; corner++) {
    int a = corner & 1, b = (corner >> 1) & 1, c = (corner >> 2) & 1;
    float w = (a ? f.weight[0] : 1.0f - f.weight[0]) * (b ? f.weight[1] : 1.0f - f.weight[1]) *
              (c ? f.weight[2] : 1.0f - f.weight[2]);
    if (w == 0.0f)
      continue;
    texel(t, base, f.index[0][a], f.index[1][b], f.index[2][c], raw, value);
    for (int ch = 0; ch < 4; ch++)
      sum[ch] += w * value[ch];
  }
  for (int ch = 0; ch < 4; ch++)
    out->f[ch] = sum[ch], out->i[ch] = (int32_t)sum[ch];
}

MH_EXPORT mockhip_texel mockhip_texture_read(hipTextureObject_t texture, int op, int dims, int x,
                                             float u, float v, float w, int comp) {
  mockhip_texel out;
  memset(&out, 0, sizeof out);
  mh_state *s = mh__state();
  mh_participant *me = mh__participant();
  bool in_kernel = me != NULL && me->running;
  if (!in_kernel)
    mh__lock_read();
  const mh_texture *t = mh__texture_get(s, texture);
  const unsigned char *base = t != NULL ? texels(s, t) : NULL;
  if (base != NULL) {
    const float xyz[3] = {u, v, w};
    out.is_float = t->kind == hipChannelFormatKindFloat || t->normalized_read ||
                   (op == MOCKHIP_TEX_SAMPLE && t->filter_mode == hipFilterModeLinear);
    sample(t, base, op, dims, x, xyz, comp, &out);
  }
  if (!in_kernel)
    mh__unlock();
  if (t == NULL)
    read_fails("a live texture object (this one was destroyed, or never made)");
  else if (base == NULL)
    read_fails("a texture object whose array is live (hipFreeArray freed it first)");
  return out;
}
