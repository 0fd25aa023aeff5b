/*
 * nvcc_stub/vector_types.h: a stand-in for CUDA's <vector_types.h>, for a
 * machine without the CUDA toolkit: the names, defined once, so that a second
 * definition by mockhip's headers fails to compile as it does under nvcc.
 */
#ifndef NVCC_STUB_VECTOR_TYPES_H
#define NVCC_STUB_VECTOR_TYPES_H

#define NVCC_STUB_VECTORS(name, T)                                                                 \
  struct name##1 {                                                                                 \
    T x;                                                                                           \
  };                                                                                               \
  struct alignas(2 * sizeof(T)) name##2 {                                                          \
    T x, y;                                                                                        \
  };                                                                                               \
  struct name##3 {                                                                                 \
    T x, y, z;                                                                                     \
  };                                                                                               \
  struct alignas(4 * sizeof(T)) name##4 {                                                          \
    T x, y, z, w;                                                                                  \
  };                                                                                               \
  typedef struct name##1 name##1;                                                                  \
  typedef struct name##2 name##2;                                                                  \
  typedef struct name##3 name##3;                                                                  \
  typedef struct name##4 name##4;

NVCC_STUB_VECTORS(char, signed char)
NVCC_STUB_VECTORS(uchar, unsigned char)
NVCC_STUB_VECTORS(short, short)
NVCC_STUB_VECTORS(ushort, unsigned short)
NVCC_STUB_VECTORS(int, int)
NVCC_STUB_VECTORS(uint, unsigned int)
NVCC_STUB_VECTORS(long, long)
NVCC_STUB_VECTORS(ulong, unsigned long)
NVCC_STUB_VECTORS(longlong, long long)
NVCC_STUB_VECTORS(ulonglong, unsigned long long)
NVCC_STUB_VECTORS(float, float)
NVCC_STUB_VECTORS(double, double)

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};
typedef struct dim3 dim3;

#endif /* NVCC_STUB_VECTOR_TYPES_H */
