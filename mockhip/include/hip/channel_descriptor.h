/*
 * mockhip: <hip/channel_descriptor.h>, hipCreateChannelDesc as ROCm 7.x has it
 * (hip/amd_detail/amd_channel_descriptor.h): the C function everywhere, and in
 * C++ the half helpers and hipCreateChannelDesc<T>() for the scalar and vector
 * types, with ROCm's answers. As with ROCm built by gcc or clang (which define
 * __GNUC__), a three-component vector has no specialisation and gets the
 * unspecialised {0, 0, 0, 0, None}, and long gets none on LP64.
 *
 * <hip/hip_runtime_api.h> includes it, as ROCm's does through texture_types.h;
 * it brings the vector types (<hip/hip_vector_types.h>) with it, as ROCm's does.
 */
#include <hip/hip_runtime_api.h>

#ifndef MOCKHIP_CHANNEL_DESCRIPTOR_H
#define MOCKHIP_CHANNEL_DESCRIPTOR_H

#include <hip/driver_types.h>
#include <hip/hip_vector_types.h>

#ifdef __cplusplus

/* The channel sizes in bits and the kind, as given: no check, no error. */
extern "C" MOCKHIP_API hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                                 hipChannelFormatKind f);

static inline hipChannelFormatDesc hipCreateChannelDescHalf() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf1() {
  return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf2() {
  return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf4() {
  return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}

/* A type ROCm does not list: no channels, kind None. */
template <typename T> static inline hipChannelFormatDesc hipCreateChannelDesc() {
  return hipCreateChannelDesc(0, 0, 0, 0, hipChannelFormatKindNone);
}

/* type: `channels` channels of its component's bits, of `kind`. */
#define MOCKHIP_CHANNEL_DESC_(type, component, channels, kind)                                     \
  template <> inline hipChannelFormatDesc hipCreateChannelDesc<type>() {                           \
    const int e = (int)sizeof(component) * 8;                                                      \
    return hipCreateChannelDesc(e, (channels) > 1 ? e : 0, (channels) > 2 ? e : 0,                 \
                                (channels) > 3 ? e : 0, hipChannelFormatKind##kind);               \
  }
MOCKHIP_CHANNEL_DESC_(char, char, 1, Signed)
MOCKHIP_CHANNEL_DESC_(signed char, signed char, 1, Signed)
MOCKHIP_CHANNEL_DESC_(unsigned char, unsigned char, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(uchar1, unsigned char, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(char1, signed char, 1, Signed)
MOCKHIP_CHANNEL_DESC_(uchar2, unsigned char, 2, Unsigned)
MOCKHIP_CHANNEL_DESC_(char2, signed char, 2, Signed)
MOCKHIP_CHANNEL_DESC_(uchar4, unsigned char, 4, Unsigned)
MOCKHIP_CHANNEL_DESC_(char4, signed char, 4, Signed)
MOCKHIP_CHANNEL_DESC_(unsigned short, unsigned short, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(signed short, signed short, 1, Signed)
MOCKHIP_CHANNEL_DESC_(ushort1, unsigned short, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(short1, signed short, 1, Signed)
MOCKHIP_CHANNEL_DESC_(ushort2, unsigned short, 2, Unsigned)
MOCKHIP_CHANNEL_DESC_(short2, signed short, 2, Signed)
MOCKHIP_CHANNEL_DESC_(ushort4, unsigned short, 4, Unsigned)
MOCKHIP_CHANNEL_DESC_(short4, signed short, 4, Signed)
MOCKHIP_CHANNEL_DESC_(unsigned int, unsigned int, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(signed int, signed int, 1, Signed)
MOCKHIP_CHANNEL_DESC_(uint1, unsigned int, 1, Unsigned)
MOCKHIP_CHANNEL_DESC_(int1, signed int, 1, Signed)
MOCKHIP_CHANNEL_DESC_(uint2, unsigned int, 2, Unsigned)
MOCKHIP_CHANNEL_DESC_(int2, signed int, 2, Signed)
MOCKHIP_CHANNEL_DESC_(uint4, unsigned int, 4, Unsigned)
MOCKHIP_CHANNEL_DESC_(int4, signed int, 4, Signed)
MOCKHIP_CHANNEL_DESC_(float, float, 1, Float)
MOCKHIP_CHANNEL_DESC_(float1, float, 1, Float)
MOCKHIP_CHANNEL_DESC_(float2, float, 2, Float)
MOCKHIP_CHANNEL_DESC_(float4, float, 4, Float)
#undef MOCKHIP_CHANNEL_DESC_

#else

MOCKHIP_API struct hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w,
                                                             enum hipChannelFormatKind f);

#endif /* __cplusplus */

#endif /* MOCKHIP_CHANNEL_DESCRIPTOR_H */
