/*
 * mockhip: the texture object reads of ROCm's texture_fetch_functions.h and
 * texture_indirect_functions.h for kernels a host compiler builds (C++):
 * tex1Dfetch<T>(obj, x), tex1D<T>(obj, x), tex2D<T>(obj, x, y), tex3D<T>(obj, x, y, z) and
 * tex2Dgather<T>(obj, x, y, comp), each also in the form that writes *ptr. T is a scalar or a
 * vector type (float4, uchar2, int, ...): its components take the texel's channels in order.
 * The sampling rules are mockhip's runtime's (mockhip_texture_read in <mockhip.h>,
 * src/runtime/memory/texture_read.c).
 */
#ifndef MOCKHIP_TEXTURE_H
#define MOCKHIP_TEXTURE_H

#if defined(__cplusplus) && __cplusplus >= 201703L
#include <type_traits>

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>
#include <mockhip.h>

namespace mockhip_detail {

template <typename C> inline C texel_channel(const mockhip_texel &t, int c) {
  return t.is_float ? static_cast<C>(t.f[c]) : static_cast<C>(t.i[c]);
}

/* The texel as T: a scalar takes channel 0, a vector's components take channels 0 .. 3. */
template <typename T> inline T texel_as(const mockhip_texel &t) {
  if constexpr (std::is_arithmetic<T>::value) {
    return texel_channel<T>(t, 0);
  } else {
    T r{};
    using C = decltype(r.x);
    constexpr int n = sizeof(T) / sizeof(C);
    r.x = texel_channel<C>(t, 0);
    if constexpr (n > 1)
      r.y = texel_channel<C>(t, 1);
    if constexpr (n > 2)
      r.z = texel_channel<C>(t, 2);
    if constexpr (n > 3)
      r.w = texel_channel<C>(t, 3);
    return r;
  }
}

} // namespace mockhip_detail

template <typename T> inline T tex1Dfetch(hipTextureObject_t textureObject, int x) {
  return mockhip_detail::texel_as<T>(
      mockhip_texture_read(textureObject, MOCKHIP_TEX_FETCH, 1, x, 0.0f, 0.0f, 0.0f, 0));
}
template <typename T> inline void tex1Dfetch(T *ptr, hipTextureObject_t textureObject, int x) {
  *ptr = tex1Dfetch<T>(textureObject, x);
}

template <typename T> inline T tex1D(hipTextureObject_t textureObject, float x) {
  return mockhip_detail::texel_as<T>(
      mockhip_texture_read(textureObject, MOCKHIP_TEX_SAMPLE, 1, 0, x, 0.0f, 0.0f, 0));
}
template <typename T> inline void tex1D(T *ptr, hipTextureObject_t textureObject, float x) {
  *ptr = tex1D<T>(textureObject, x);
}

template <typename T> inline T tex2D(hipTextureObject_t textureObject, float x, float y) {
  return mockhip_detail::texel_as<T>(
      mockhip_texture_read(textureObject, MOCKHIP_TEX_SAMPLE, 2, 0, x, y, 0.0f, 0));
}
template <typename T>
inline void tex2D(T *ptr, hipTextureObject_t textureObject, float x, float y) {
  *ptr = tex2D<T>(textureObject, x, y);
}

template <typename T> inline T tex3D(hipTextureObject_t textureObject, float x, float y, float z) {
  return mockhip_detail::texel_as<T>(
      mockhip_texture_read(textureObject, MOCKHIP_TEX_SAMPLE, 3, 0, x, y, z, 0));
}
template <typename T>
inline void tex3D(T *ptr, hipTextureObject_t textureObject, float x, float y, float z) {
  *ptr = tex3D<T>(textureObject, x, y, z);
}

template <typename T>
inline T tex2Dgather(hipTextureObject_t textureObject, float x, float y, int comp = 0) {
  return mockhip_detail::texel_as<T>(
      mockhip_texture_read(textureObject, MOCKHIP_TEX_GATHER, 2, 0, x, y, 0.0f, comp));
}
template <typename T>
inline void tex2Dgather(T *ptr, hipTextureObject_t textureObject, float x, float y, int comp = 0) {
  *ptr = tex2Dgather<T>(textureObject, x, y, comp);
}

#endif /* C++17 */
#endif /* MOCKHIP_TEXTURE_H */
