/*
 * share_pattern.h: the bytes test_hmo_share.c and its exec'd child
 * (share_child.c) write and check, so each can tell the other's from its own.
 */
#ifndef SHARE_PATTERN_H
#define SHARE_PATTERN_H

#include <stddef.h>

static inline unsigned char share_pattern_byte(size_t index, unsigned seed) {
  return (unsigned char)(index * 131u + seed * 29u + (index >> 8));
}

static inline void share_pattern(unsigned char *host, size_t bytes, unsigned seed) {
  for (size_t i = 0; i < bytes; i++)
    host[i] = share_pattern_byte(i, seed);
}

/* The index of the first byte that is not the pattern, or `bytes`. */
static inline size_t share_pattern_mismatch(const unsigned char *host, size_t bytes,
                                            unsigned seed) {
  for (size_t i = 0; i < bytes; i++)
    if (host[i] != share_pattern_byte(i, seed))
      return i;
  return bytes;
}

#endif /* SHARE_PATTERN_H */
