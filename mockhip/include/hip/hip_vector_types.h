/*
 * mockhip: <hip/hip_vector_types.h>, HIP's vector types for host compilers.
 *
 * charN, ucharN, shortN, ushortN, intN, uintN, longN, ulongN, longlongN,
 * ulonglongN, floatN and doubleN for N = 1..4, each a struct of its
 * components x, y, z, w, with make_<type>(...) to build one. Sizes and
 * alignments are ROCm's (amd_hip_vector_types.h): a 2- or 4-component type is
 * aligned to its size (float4: 16 bytes aligned 16), a 1- or 3-component type
 * to its component (float3: 12 bytes aligned 4). ROCm's C path leaves the
 * alignment out; here C and C++ share one layout, so a struct holding a float4
 * is the same in a C host file and a C++ kernel.
 *
 * In C++ the types also take ROCm's constructors (a scalar broadcast, which is
 * explicit, and one value per component) and operators, component by
 * component: + - * / on two vectors or a vector and a scalar, % & | ^ << >>
 * on integer types, the compound assignments of each, unary - and ~, ++ and
 * --, == and != (all components equal). Component values are converted back
 * to the component type, as ROCm's do.
 *
 * Half vectors are not here; dim3 is hip_runtime_api.h's.
 *
 * Built by nvcc (a program for HIP on NVIDIA over hip-nvidia), the types are
 * CUDA's own, as HIP's NVIDIA headers take them: nvcc has already defined
 * them for a CUDA source, and a second definition would not compile.
 */
#ifndef MOCKHIP_HIP_VECTOR_TYPES_H
#define MOCKHIP_HIP_VECTOR_TYPES_H

#if defined(__CUDACC__) || defined(__NVCC__)
#include <vector_functions.h>
#include <vector_types.h>
#else /* a host compiler: mockhip's own */

#ifdef __cplusplus
#include <type_traits>
#define MOCKHIP_VEC_ALIGN_(bytes) alignas(bytes)
#else
#define MOCKHIP_VEC_ALIGN_(bytes) _Alignas(bytes)
#endif

/* X(name, component type, make_ parameter type): ROCm's list and its
   make_charN(signed char ...) parameters. */
#define MOCKHIP_VECTOR_TYPES_(X)                                                                   \
  X(char, char, signed char)                                                                       \
  X(uchar, unsigned char, unsigned char)                                                           \
  X(short, short, short)                                                                           \
  X(ushort, unsigned short, unsigned short)                                                        \
  X(int, int, int)                                                                                 \
  X(uint, unsigned int, unsigned int)                                                              \
  X(long, long, long)                                                                              \
  X(ulong, unsigned long, unsigned long)                                                           \
  X(longlong, long long, long long)                                                                \
  X(ulonglong, unsigned long long, unsigned long long)                                             \
  X(float, float, float)                                                                           \
  X(double, double, double)

/* C++ constructors: none (uninitialised, trivial), a broadcast, one value per
   component. Arguments of another arithmetic type convert, as ROCm's variadic
   constructor converts them, so int2{n, m} with unsigned n and m compiles. */
#ifdef __cplusplus
#define MOCKHIP_VEC_CTORS_1_(type, T)                                                              \
  type() = default;                                                                                \
  explicit constexpr type(T s) : x(s) {}
#define MOCKHIP_VEC_CTORS_2_(type, T)                                                              \
  type() = default;                                                                                \
  explicit constexpr type(T s) : x(s), y(s) {}                                                     \
  template <class A, class B>                                                                      \
  constexpr type(A a, B b) : x(static_cast<T>(a)), y(static_cast<T>(b)) {}
#define MOCKHIP_VEC_CTORS_3_(type, T)                                                              \
  type() = default;                                                                                \
  explicit constexpr type(T s) : x(s), y(s), z(s) {}                                               \
  template <class A, class B, class C>                                                             \
  constexpr type(A a, B b, C c)                                                                    \
      : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)) {}
#define MOCKHIP_VEC_CTORS_4_(type, T)                                                              \
  type() = default;                                                                                \
  explicit constexpr type(T s) : x(s), y(s), z(s), w(s) {}                                         \
  template <class A, class B, class C, class D>                                                    \
  constexpr type(A a, B b, C c, D d)                                                               \
      : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)), w(static_cast<T>(d)) {}
#else
#define MOCKHIP_VEC_CTORS_1_(type, T)
#define MOCKHIP_VEC_CTORS_2_(type, T)
#define MOCKHIP_VEC_CTORS_3_(type, T)
#define MOCKHIP_VEC_CTORS_4_(type, T)
#endif

/* The four types of one component type, and their make_ functions. */
#define MOCKHIP_VEC_DEFINE_(name, T, P)                                                            \
  typedef struct name##1 name##1;                                                                  \
  struct name##1 {                                                                                 \
    T x;                                                                                           \
    MOCKHIP_VEC_CTORS_1_(name##1, T)                                                               \
  };                                                                                               \
  typedef struct name##2 name##2;                                                                  \
  struct name##2 {                                                                                 \
    MOCKHIP_VEC_ALIGN_(2 * sizeof(T)) T x;                                                         \
    T y;                                                                                           \
    MOCKHIP_VEC_CTORS_2_(name##2, T)                                                               \
  };                                                                                               \
  typedef struct name##3 name##3;                                                                  \
  struct name##3 {                                                                                 \
    T x;                                                                                           \
    T y;                                                                                           \
    T z;                                                                                           \
    MOCKHIP_VEC_CTORS_3_(name##3, T)                                                               \
  };                                                                                               \
  typedef struct name##4 name##4;                                                                  \
  struct name##4 {                                                                                 \
    MOCKHIP_VEC_ALIGN_(4 * sizeof(T)) T x;                                                         \
    T y;                                                                                           \
    T z;                                                                                           \
    T w;                                                                                           \
    MOCKHIP_VEC_CTORS_4_(name##4, T)                                                               \
  };                                                                                               \
  static inline name##1 make_##name##1(P x) {                                                      \
    name##1 r;                                                                                     \
    r.x = x;                                                                                       \
    return r;                                                                                      \
  }                                                                                                \
  static inline name##2 make_##name##2(P x, P y) {                                                 \
    name##2 r;                                                                                     \
    r.x = x;                                                                                       \
    r.y = y;                                                                                       \
    return r;                                                                                      \
  }                                                                                                \
  static inline name##3 make_##name##3(P x, P y, P z) {                                            \
    name##3 r;                                                                                     \
    r.x = x;                                                                                       \
    r.y = y;                                                                                       \
    r.z = z;                                                                                       \
    return r;                                                                                      \
  }                                                                                                \
  static inline name##4 make_##name##4(P x, P y, P z, P w) {                                       \
    name##4 r;                                                                                     \
    r.x = x;                                                                                       \
    r.y = y;                                                                                       \
    r.z = z;                                                                                       \
    r.w = w;                                                                                       \
    return r;                                                                                      \
  }

MOCKHIP_VECTOR_TYPES_(MOCKHIP_VEC_DEFINE_)

#ifdef __cplusplus

namespace mockhip_detail {

/* vec_traits<V>: a vector type's component type and rank; empty for any other
   type, so the operators below leave other types alone. */
template <class V> struct vec_traits {};

#define MOCKHIP_VEC_TRAITS_(name, T, P)                                                            \
  template <> struct vec_traits<name##1> {                                                         \
    typedef T value_type;                                                                          \
    static const int rank = 1;                                                                     \
  };                                                                                               \
  template <> struct vec_traits<name##2> {                                                         \
    typedef T value_type;                                                                          \
    static const int rank = 2;                                                                     \
  };                                                                                               \
  template <> struct vec_traits<name##3> {                                                         \
    typedef T value_type;                                                                          \
    static const int rank = 3;                                                                     \
  };                                                                                               \
  template <> struct vec_traits<name##4> {                                                         \
    typedef T value_type;                                                                          \
    static const int rank = 4;                                                                     \
  };
MOCKHIP_VECTOR_TYPES_(MOCKHIP_VEC_TRAITS_)
#undef MOCKHIP_VEC_TRAITS_

/* Component by component: zip combines two vectors, map changes one, equal
   compares two. */
template <int Rank> struct vec_each;
template <> struct vec_each<1> {
  template <class V, class F> static V zip(V a, const V &b, F f) {
    a.x = f(a.x, b.x);
    return a;
  }
  template <class V, class F> static V map(V a, F f) {
    a.x = f(a.x);
    return a;
  }
  template <class V> static bool equal(const V &a, const V &b) { return a.x == b.x; }
};
template <> struct vec_each<2> {
  template <class V, class F> static V zip(V a, const V &b, F f) {
    a.x = f(a.x, b.x);
    a.y = f(a.y, b.y);
    return a;
  }
  template <class V, class F> static V map(V a, F f) {
    a.x = f(a.x);
    a.y = f(a.y);
    return a;
  }
  template <class V> static bool equal(const V &a, const V &b) { return a.x == b.x && a.y == b.y; }
};
template <> struct vec_each<3> {
  template <class V, class F> static V zip(V a, const V &b, F f) {
    a.x = f(a.x, b.x);
    a.y = f(a.y, b.y);
    a.z = f(a.z, b.z);
    return a;
  }
  template <class V, class F> static V map(V a, F f) {
    a.x = f(a.x);
    a.y = f(a.y);
    a.z = f(a.z);
    return a;
  }
  template <class V> static bool equal(const V &a, const V &b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
  }
};
template <> struct vec_each<4> {
  template <class V, class F> static V zip(V a, const V &b, F f) {
    a.x = f(a.x, b.x);
    a.y = f(a.y, b.y);
    a.z = f(a.z, b.z);
    a.w = f(a.w, b.w);
    return a;
  }
  template <class V, class F> static V map(V a, F f) {
    a.x = f(a.x);
    a.y = f(a.y);
    a.z = f(a.z);
    a.w = f(a.w);
    return a;
  }
  template <class V> static bool equal(const V &a, const V &b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
  }
};

template <class V> struct vec_of : vec_each<vec_traits<V>::rank> {};

/* One component operation each, its result converted back to the component
   type (char + char is an int in C++). */
#define MOCKHIP_VEC_BINARY_OP_(fn, op)                                                             \
  struct fn {                                                                                      \
    template <class T> T operator()(T a, T b) const { return static_cast<T>(a op b); }             \
  };
MOCKHIP_VEC_BINARY_OP_(op_add, +)
MOCKHIP_VEC_BINARY_OP_(op_sub, -)
MOCKHIP_VEC_BINARY_OP_(op_mul, *)
MOCKHIP_VEC_BINARY_OP_(op_div, /)
MOCKHIP_VEC_BINARY_OP_(op_mod, %)
MOCKHIP_VEC_BINARY_OP_(op_and, &)
MOCKHIP_VEC_BINARY_OP_(op_or, |)
MOCKHIP_VEC_BINARY_OP_(op_xor, ^)
MOCKHIP_VEC_BINARY_OP_(op_shl, <<)
MOCKHIP_VEC_BINARY_OP_(op_shr, >>)
#undef MOCKHIP_VEC_BINARY_OP_
struct op_neg {
  template <class T> T operator()(T a) const { return static_cast<T>(-a); }
};
struct op_not {
  template <class T> T operator()(T a) const { return static_cast<T>(~a); }
};

template <class T> struct vec_integral : std::enable_if<std::is_integral<T>::value> {};
template <class T> struct vec_any : std::enable_if<true> {};

} // namespace mockhip_detail

/* Vector op vector, vector op scalar, scalar op vector, and the compound
   assignments, for the vector types whose component type passes check. */
#define MOCKHIP_VEC_OPERATOR_(op, fn, check)                                                       \
  template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,                 \
            class = typename mockhip_detail::check<T>::type>                                       \
  inline V operator op(const V &a, const V &b) {                                                   \
    return mockhip_detail::vec_of<V>::zip(a, b, mockhip_detail::fn());                             \
  }                                                                                                \
  template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,                 \
            class = typename mockhip_detail::check<T>::type>                                       \
  inline V operator op(const V &a, typename mockhip_detail::vec_traits<V>::value_type s) {         \
    return mockhip_detail::vec_of<V>::zip(a, V(s), mockhip_detail::fn());                          \
  }                                                                                                \
  template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,                 \
            class = typename mockhip_detail::check<T>::type>                                       \
  inline V operator op(typename mockhip_detail::vec_traits<V>::value_type s, const V &b) {         \
    return mockhip_detail::vec_of<V>::zip(V(s), b, mockhip_detail::fn());                          \
  }                                                                                                \
  template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,                 \
            class = typename mockhip_detail::check<T>::type>                                       \
  inline V &operator op##=(V &a, const V &b) {                                                     \
    return a = mockhip_detail::vec_of<V>::zip(a, b, mockhip_detail::fn());                         \
  }                                                                                                \
  template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,                 \
            class = typename mockhip_detail::check<T>::type>                                       \
  inline V &operator op##=(V &a, typename mockhip_detail::vec_traits<V>::value_type s) {           \
    return a = mockhip_detail::vec_of<V>::zip(a, V(s), mockhip_detail::fn());                      \
  }

MOCKHIP_VEC_OPERATOR_(+, op_add, vec_any)
MOCKHIP_VEC_OPERATOR_(-, op_sub, vec_any)
MOCKHIP_VEC_OPERATOR_(*, op_mul, vec_any)
MOCKHIP_VEC_OPERATOR_(/, op_div, vec_any)
MOCKHIP_VEC_OPERATOR_(%, op_mod, vec_integral)
MOCKHIP_VEC_OPERATOR_(&, op_and, vec_integral)
MOCKHIP_VEC_OPERATOR_(|, op_or, vec_integral)
MOCKHIP_VEC_OPERATOR_(^, op_xor, vec_integral)
MOCKHIP_VEC_OPERATOR_(<<, op_shl, vec_integral)
MOCKHIP_VEC_OPERATOR_(>>, op_shr, vec_integral)
#undef MOCKHIP_VEC_OPERATOR_

template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V operator+(const V &a) {
  return a;
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V operator-(const V &a) {
  return mockhip_detail::vec_of<V>::map(a, mockhip_detail::op_neg());
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type,
          class = typename mockhip_detail::vec_integral<T>::type>
inline V operator~(const V &a) {
  return mockhip_detail::vec_of<V>::map(a, mockhip_detail::op_not());
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V &operator++(V &a) {
  return a += static_cast<T>(1);
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V &operator--(V &a) {
  return a -= static_cast<T>(1);
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V operator++(V &a, int) {
  V old = a;
  a += static_cast<T>(1);
  return old;
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline V operator--(V &a, int) {
  V old = a;
  a -= static_cast<T>(1);
  return old;
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline bool operator==(const V &a, const V &b) {
  return mockhip_detail::vec_of<V>::equal(a, b);
}
template <class V, class T = typename mockhip_detail::vec_traits<V>::value_type>
inline bool operator!=(const V &a, const V &b) {
  return !mockhip_detail::vec_of<V>::equal(a, b);
}

#endif /* __cplusplus */

#undef MOCKHIP_VEC_DEFINE_
#undef MOCKHIP_VEC_CTORS_1_
#undef MOCKHIP_VEC_CTORS_2_
#undef MOCKHIP_VEC_CTORS_3_
#undef MOCKHIP_VEC_CTORS_4_
#undef MOCKHIP_VEC_ALIGN_
#undef MOCKHIP_VECTOR_TYPES_

#endif /* __CUDACC__ || __NVCC__ */

#endif /* MOCKHIP_HIP_VECTOR_TYPES_H */
