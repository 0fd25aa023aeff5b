/*
 * mem_pattern.h: the byte pattern the hmo rules write and check, a function
 * of the byte's index in the allocation, so a slice, cast, moved or imported
 * memory can be checked against what its bytes were written as: byte i of a
 * view starting at allocation byte `first` must be mem_pattern_byte(first + i,
 * seed). Header-only: share_child.c, the program the sharing rules exec,
 * checks and writes it too without the suite.
 */
#ifndef MEM_PATTERN_H
#define MEM_PATTERN_H

#include <stddef.h>

static inline unsigned char mem_pattern_byte(size_t index, unsigned seed) {
  return (unsigned char)(index * 131u + (index >> 8) * 7u + seed * 37u + 1u);
}

static inline void mem_pattern(void *host, size_t bytes, unsigned seed, size_t first) {
  unsigned char *out = host;
  for (size_t i = 0; i < bytes; i++)
    out[i] = mem_pattern_byte(first + i, seed);
}

/* The index of the first byte that is not the pattern from `first`, or `bytes`. */
static inline size_t mem_pattern_mismatch(const void *host, size_t bytes, unsigned seed,
                                          size_t first) {
  const unsigned char *in = host;
  for (size_t i = 0; i < bytes; i++)
    if (in[i] != mem_pattern_byte(first + i, seed))
      return i;
  return bytes;
}

#endif /* MEM_PATTERN_H */
