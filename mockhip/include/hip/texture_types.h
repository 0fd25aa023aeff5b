/*
 * mockhip: <hip/texture_types.h>, ROCm 7.x's texture object types with their
 * names, values and layouts: hipTextureObject_t, the address, filter and read
 * modes, hipTextureDesc, textureReference and the hipTextureType* values.
 *
 * As in ROCm, <hip/hip_runtime_api.h> includes it after <hip/driver_types.h>.
 * A hipTextureObject_t is opaque: mockhip's values are ids, never pointers to
 * read (runtime/memory/texture.c).
 */
#include <hip/hip_runtime_api.h>

#ifndef MOCKHIP_TEXTURE_TYPES_H
#define MOCKHIP_TEXTURE_TYPES_H

#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
#define hipTextureTypeCubemap 0x0C
#define hipTextureType1DLayered 0xF1
#define hipTextureType2DLayered 0xF2
#define hipTextureTypeCubemapLayered 0xFC

#define HIP_IMAGE_OBJECT_SIZE_DWORD 12
#define HIP_SAMPLER_OBJECT_SIZE_DWORD 8
#define HIP_SAMPLER_OBJECT_OFFSET_DWORD HIP_IMAGE_OBJECT_SIZE_DWORD
#define HIP_TEXTURE_OBJECT_SIZE_DWORD (HIP_IMAGE_OBJECT_SIZE_DWORD + HIP_SAMPLER_OBJECT_SIZE_DWORD)

struct __hip_texture;
typedef struct __hip_texture *hipTextureObject_t;

enum hipTextureAddressMode {
  hipAddressModeWrap = 0,
  hipAddressModeClamp = 1,
  hipAddressModeMirror = 2,
  hipAddressModeBorder = 3
};

enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };

enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };

/* The texture reference of ROCm's header; ROCm 7 has no calls that take one any more. */
typedef struct textureReference {
  int normalized;
  enum hipTextureReadMode readMode;
  enum hipTextureFilterMode filterMode;
  enum hipTextureAddressMode addressMode[3];
  struct hipChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  hipTextureObject_t textureObject;
  int numChannels;
  enum hipArray_Format format;
} textureReference;

/* How a texture object samples: per-dimension address modes, filtering, what a read gives,
   the border colour and whether coordinates are normalized to [0, 1). */
typedef struct hipTextureDesc {
  enum hipTextureAddressMode addressMode[3];
  enum hipTextureFilterMode filterMode;
  enum hipTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum hipTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
} hipTextureDesc;

#endif /* MOCKHIP_TEXTURE_TYPES_H */
