/* mockhip: min and max in the global namespace, for host and device code alike, as hip-clang's
   math header gives every C++ source hipcc compiles (the same-type integer forms and the
   floating-point ones; define __HIP_NO_HOST_MIN_MAX_IN_GLOBAL_NAMESPACE__ to go without, as
   there). Mixed signed and unsigned forms are left out, as hip-clang leaves them unless asked:
   they compare unsigned, which surprises. A host compiler without hipcc gets none of them. */
#ifndef MOCKHIP_MIN_MAX_H
#define MOCKHIP_MIN_MAX_H

#define MOCKHIP_MIN_MAX(type)                                                                      \
  inline type min(const type a, const type b) { return a < b ? a : b; }                            \
  inline type max(const type a, const type b) { return a > b ? a : b; }

MOCKHIP_MIN_MAX(int)
MOCKHIP_MIN_MAX(unsigned int)
MOCKHIP_MIN_MAX(long)
MOCKHIP_MIN_MAX(unsigned long)
MOCKHIP_MIN_MAX(long long)
MOCKHIP_MIN_MAX(unsigned long long)
#undef MOCKHIP_MIN_MAX

/* as fminf and fmaxf: a NaN operand gives the other */
inline float min(const float a, const float b) { return fminf(a, b); }
inline float max(const float a, const float b) { return fmaxf(a, b); }
inline double min(const double a, const double b) { return fmin(a, b); }
inline double max(const double a, const double b) { return fmax(a, b); }

#endif /* MOCKHIP_MIN_MAX_H */
