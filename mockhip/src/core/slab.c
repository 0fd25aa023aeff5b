/*
 * slab.c: the slab of slab.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slab.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define SLAB_NOACCESS(p, n) VALGRIND_MAKE_MEM_NOACCESS((p), (n))
#define SLAB_UNDEFINED(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#endif
#endif
#ifndef SLAB_NOACCESS
#define SLAB_NOACCESS(p, n) ((void)(p), (void)(n))
#define SLAB_UNDEFINED(p, n) ((void)(p), (void)(n))
#endif

#if defined(__SANITIZE_ADDRESS__)
#define SLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLAB_ASAN 1
#endif
#endif
#ifdef SLAB_ASAN
#include <sanitizer/asan_interface.h>
#define SLAB_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define SLAB_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define SLAB_POISON(p, n) ((void)(p), (void)(n))
#define SLAB_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

struct mh_slab_block {
  mh_slab_block *next;
  _Alignas(16) unsigned char objects[];
};

void mh__slab_init(mh_slab *slab, size_t bytes, size_t per_block) {
  slab->object_bytes = (bytes + 15) & ~(size_t)15;
  slab->per_block = per_block;
  slab->blocks = NULL;
  slab->carved = per_block;
  slab->free = NULL;
}

void *mh__slab_alloc(mh_slab *slab) {
  void *object = slab->free;
  if (object != NULL) {
    memcpy(&slab->free, object, sizeof(void *));
    SLAB_UNPOISON(object, slab->object_bytes);
    SLAB_UNDEFINED(object, slab->object_bytes);
  } else {
    if (slab->carved == slab->per_block) {
      mh_slab_block *block = malloc(sizeof *block + slab->per_block * slab->object_bytes);
      if (block == NULL)
        return NULL;
      block->next = slab->blocks;
      slab->blocks = block;
      slab->carved = 0;
    }
    object = slab->blocks->objects + slab->carved++ * slab->object_bytes;
  }
  return memset(object, 0, slab->object_bytes);
}

void mh__slab_free(mh_slab *slab, void *object) {
  if (object == NULL)
    return;
  memcpy(object, &slab->free, sizeof(void *));
  slab->free = object;
  /* The link stays readable to the allocator alone: the tools treat the rest as freed. */
  SLAB_NOACCESS((unsigned char *)object + sizeof(void *), slab->object_bytes - sizeof(void *));
  SLAB_POISON((unsigned char *)object + sizeof(void *), slab->object_bytes - sizeof(void *));
}

void mh__slab_release(mh_slab *slab) {
  while (slab->blocks != NULL) {
    mh_slab_block *block = slab->blocks;
    slab->blocks = block->next;
    SLAB_UNPOISON(block->objects, slab->per_block * slab->object_bytes);
    free(block);
  }
  slab->free = NULL;
  slab->carved = slab->per_block;
}
