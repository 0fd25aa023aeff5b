/*
 * size_class.c: request sizes to size classes. Up to 1 MiB a class is a
 * multiple of 512 bytes (PyTorch's own rounding); past it, four classes per
 * power of two, so a cached block is at most a quarter larger than asked for.
 * Only blocks past 64 MiB are cached by class (exact-class reuse); smaller ones
 * go back into their stream's hmo pool, which splits and merges free space.
 */
#include "torch_base.h"

#define SMALL_STEP 512
#define SMALL_CLASSES (TORCH_SMALL_MAX / SMALL_STEP)

unsigned torch__class_of(size_t bytes) {
  if (bytes <= TORCH_SMALL_MAX)
    return (unsigned)((bytes + SMALL_STEP - 1) / SMALL_STEP - 1);
  unsigned power = 63 - (unsigned)__builtin_clzll(bytes - 1); /* 2^power < bytes <= 2^(power+1) */
  size_t quarter = (size_t)1 << (power - 2);
  size_t quarters = (bytes + quarter - 1) / quarter; /* 5..8 */
  return (unsigned)(SMALL_CLASSES + (power - 20) * 4 + (quarters - 5));
}

size_t torch__class_bytes(unsigned cls) {
  if (cls < SMALL_CLASSES)
    return ((size_t)cls + 1) * SMALL_STEP;
  unsigned above = cls - SMALL_CLASSES;
  unsigned power = 20 + above / 4;
  return (size_t)(5 + above % 4) << (power - 2);
}
