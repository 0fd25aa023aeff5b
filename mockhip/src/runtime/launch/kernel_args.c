/*
 * kernel_args.c: a graph kernel node's own copy of its kernelParams. clr's
 * GraphKernelNode copies the values the caller's array points to, so the
 * caller may free or reuse the array once the node is added, and GetParams
 * answers the node's copy. The copy is one block: the pointer array, then
 * each value at a max_align_t boundary.
 */
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/launch/launch.h"

static size_t round_up(size_t n) {
  return (n + alignof(max_align_t) - 1) / alignof(max_align_t) * alignof(max_align_t);
}

void **mh__kernel_args_copy(void *const *from, const size_t *sizes, size_t count) {
  size_t bytes = round_up(count * sizeof(void *));
  for (size_t i = 0; i < count; i++)
    bytes += round_up(sizes[i]);
  void **block = malloc(bytes > 0 ? bytes : 1);
  if (block == NULL)
    return NULL;
  char *value = (char *)block + round_up(count * sizeof(void *));
  for (size_t i = 0; i < count; i++) {
    memcpy(value, from[i], sizes[i]);
    block[i] = value;
    value += round_up(sizes[i]);
  }
  return block;
}
