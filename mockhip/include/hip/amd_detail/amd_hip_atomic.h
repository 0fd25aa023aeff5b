/*
 * mockhip: HIP's device atomics (ROCm's amd_detail/amd_hip_atomic.h and
 * amd_hip_unsafe_atomics.h) for kernels compiled by a host compiler, C++ only
 * (they are overloads). Each returns the value at address before it changed.
 *
 * A kernel's threads are CPU threads here, the blocks of one launch on
 * several of them, so each function is a real atomic read-modify-write across
 * OS threads: GCC's and clang's __atomic builtins, and a compare-and-swap
 * loop where there is no builtin (float and double add, min and max; atomicInc
 * and atomicDec). They are sequentially consistent, stronger than ROCm's
 * relaxed ones: a program correct under relaxed atomics stays correct.
 *
 * Overloads, as ROCm 7's header declares them:
 *   atomicAdd, atomicSub, atomicExch, atomicCAS, atomicMin, atomicMax: int,
 *     unsigned int, unsigned long, unsigned long long, float, double;
 *   atomicMin, atomicMax also: long long;
 *   atomicAnd, atomicOr, atomicXor: int, unsigned int, unsigned long,
 *     unsigned long long;
 *   atomicInc, atomicDec: unsigned int, with CUDA's wrap-around
 *     (inc: old >= val ? 0 : old + 1; dec: old == 0 || old > val ? val : old - 1);
 *   each but atomicInc and atomicDec again as <name>_system (system scope:
 *     the same here, where host and device are one CPU);
 *   unsafeAtomicAdd, safeAtomicAdd, unsafeAtomicMin, safeAtomicMin,
 *     unsafeAtomicMax, safeAtomicMax: float, double (the same as atomicAdd,
 *     atomicMin and atomicMax here).
 * HIP declares no _block variants. Float compare-and-swap compares bits, as
 * the GPU's does: -0.0 is not 0.0, and a NaN can match itself.
 */
#ifndef MOCKHIP_AMD_HIP_ATOMIC_H
#define MOCKHIP_AMD_HIP_ATOMIC_H

#ifdef __cplusplus

#define MOCKHIP_ATOMIC_ORDER_ __ATOMIC_SEQ_CST

namespace mockhip_detail {

template <class T> inline T atomic_load(T *address) {
  T value;
  __atomic_load(address, &value, MOCKHIP_ATOMIC_ORDER_);
  return value;
}

/* Replaces *address with desired if it holds *expected (bit for bit);
   otherwise loads it into *expected. */
template <class T> inline bool atomic_cas(T *address, T *expected, T desired) {
  return __atomic_compare_exchange(address, expected, &desired, false, MOCKHIP_ATOMIC_ORDER_,
                                   MOCKHIP_ATOMIC_ORDER_);
}

/* *address = next(*address), atomically; returns the old value. */
template <class T, class Next> inline T atomic_update(T *address, Next next) {
  T old = atomic_load(address);
  while (!atomic_cas(address, &old, next(old))) {
  }
  return old;
}

/* Stores val while it is better than what *address holds; returns the old value. */
template <class T, class Better> inline T atomic_extreme(T *address, T val, Better better) {
  T old = atomic_load(address);
  while (better(val, old) && !atomic_cas(address, &old, val)) {
  }
  return old;
}

struct less_than {
  template <class T> bool operator()(T a, T b) const { return a < b; }
};
struct greater_than {
  template <class T> bool operator()(T a, T b) const { return a > b; }
};
template <class T> struct plus {
  T val;
  T operator()(T old) const { return old + val; }
};
struct wrap_inc {
  unsigned int val;
  unsigned int operator()(unsigned int old) const { return old >= val ? 0u : old + 1u; }
};
struct wrap_dec {
  unsigned int val;
  unsigned int operator()(unsigned int old) const {
    return old == 0u || old > val ? val : old - 1u;
  }
};

} // namespace mockhip_detail

/* name_system(T *address, T val) is name(address, val). */
#define MOCKHIP_ATOMIC_SYSTEM_(name, T)                                                            \
  inline T name##_system(T *address, T val) { return name(address, val); }

/* Exchange, compare-and-swap, min and max: the same for every type. */
#define MOCKHIP_ATOMIC_ANY_(T)                                                                     \
  inline T atomicExch(T *address, T val) {                                                         \
    T old;                                                                                         \
    __atomic_exchange(address, &val, &old, MOCKHIP_ATOMIC_ORDER_);                                 \
    return old;                                                                                    \
  }                                                                                                \
  inline T atomicCAS(T *address, T compare, T val) {                                               \
    mockhip_detail::atomic_cas(address, &compare, val);                                            \
    return compare;                                                                                \
  }                                                                                                \
  inline T atomicCAS_system(T *address, T compare, T val) {                                        \
    return atomicCAS(address, compare, val);                                                       \
  }                                                                                                \
  MOCKHIP_ATOMIC_MIN_MAX_(T)                                                                       \
  MOCKHIP_ATOMIC_SYSTEM_(atomicExch, T)

#define MOCKHIP_ATOMIC_MIN_MAX_(T)                                                                 \
  inline T atomicMin(T *address, T val) {                                                          \
    return mockhip_detail::atomic_extreme(address, val, mockhip_detail::less_than());              \
  }                                                                                                \
  inline T atomicMax(T *address, T val) {                                                          \
    return mockhip_detail::atomic_extreme(address, val, mockhip_detail::greater_than());           \
  }                                                                                                \
  MOCKHIP_ATOMIC_SYSTEM_(atomicMin, T)                                                             \
  MOCKHIP_ATOMIC_SYSTEM_(atomicMax, T)

/* The integer types: the builtins' fetch operations (two's complement wrap). */
#define MOCKHIP_ATOMIC_INTEGER_(T)                                                                 \
  inline T atomicAdd(T *address, T val) {                                                          \
    return __atomic_fetch_add(address, val, MOCKHIP_ATOMIC_ORDER_);                                \
  }                                                                                                \
  inline T atomicSub(T *address, T val) {                                                          \
    return __atomic_fetch_sub(address, val, MOCKHIP_ATOMIC_ORDER_);                                \
  }                                                                                                \
  inline T atomicAnd(T *address, T val) {                                                          \
    return __atomic_fetch_and(address, val, MOCKHIP_ATOMIC_ORDER_);                                \
  }                                                                                                \
  inline T atomicOr(T *address, T val) {                                                           \
    return __atomic_fetch_or(address, val, MOCKHIP_ATOMIC_ORDER_);                                 \
  }                                                                                                \
  inline T atomicXor(T *address, T val) {                                                          \
    return __atomic_fetch_xor(address, val, MOCKHIP_ATOMIC_ORDER_);                                \
  }                                                                                                \
  MOCKHIP_ATOMIC_ANY_(T)                                                                           \
  MOCKHIP_ATOMIC_SYSTEM_(atomicAdd, T)                                                             \
  MOCKHIP_ATOMIC_SYSTEM_(atomicSub, T)                                                             \
  MOCKHIP_ATOMIC_SYSTEM_(atomicAnd, T)                                                             \
  MOCKHIP_ATOMIC_SYSTEM_(atomicOr, T)                                                              \
  MOCKHIP_ATOMIC_SYSTEM_(atomicXor, T)

/* float and double: add and subtract in a compare-and-swap loop. */
#define MOCKHIP_ATOMIC_FLOATING_(T)                                                                \
  inline T atomicAdd(T *address, T val) {                                                          \
    return mockhip_detail::atomic_update(address, mockhip_detail::plus<T>{val});                   \
  }                                                                                                \
  inline T atomicSub(T *address, T val) {                                                          \
    return mockhip_detail::atomic_update(address, mockhip_detail::plus<T>{-val});                  \
  }                                                                                                \
  inline T unsafeAtomicAdd(T *address, T val) { return atomicAdd(address, val); }                  \
  inline T safeAtomicAdd(T *address, T val) { return atomicAdd(address, val); }                    \
  inline T unsafeAtomicMin(T *address, T val) { return atomicMin(address, val); }                  \
  inline T safeAtomicMin(T *address, T val) { return atomicMin(address, val); }                    \
  inline T unsafeAtomicMax(T *address, T val) { return atomicMax(address, val); }                  \
  inline T safeAtomicMax(T *address, T val) { return atomicMax(address, val); }                    \
  MOCKHIP_ATOMIC_SYSTEM_(atomicAdd, T)                                                             \
  MOCKHIP_ATOMIC_SYSTEM_(atomicSub, T)

MOCKHIP_ATOMIC_INTEGER_(int)
MOCKHIP_ATOMIC_INTEGER_(unsigned int)
MOCKHIP_ATOMIC_INTEGER_(unsigned long)
MOCKHIP_ATOMIC_INTEGER_(unsigned long long)
MOCKHIP_ATOMIC_ANY_(float)
MOCKHIP_ATOMIC_ANY_(double)
MOCKHIP_ATOMIC_FLOATING_(float)
MOCKHIP_ATOMIC_FLOATING_(double)
MOCKHIP_ATOMIC_MIN_MAX_(long long)

inline unsigned int atomicInc(unsigned int *address, unsigned int val) {
  return mockhip_detail::atomic_update(address, mockhip_detail::wrap_inc{val});
}
inline unsigned int atomicDec(unsigned int *address, unsigned int val) {
  return mockhip_detail::atomic_update(address, mockhip_detail::wrap_dec{val});
}

#undef MOCKHIP_ATOMIC_FLOATING_
#undef MOCKHIP_ATOMIC_INTEGER_
#undef MOCKHIP_ATOMIC_MIN_MAX_
#undef MOCKHIP_ATOMIC_ANY_
#undef MOCKHIP_ATOMIC_SYSTEM_
#undef MOCKHIP_ATOMIC_ORDER_

#endif /* __cplusplus */

#endif /* MOCKHIP_AMD_HIP_ATOMIC_H */
