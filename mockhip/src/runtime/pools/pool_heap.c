/*
 * pool_heap.c: an address range cut into blocks, as rocclr's VmHeap keeps
 * its free list (platform/vmheap.cpp AllocBlock, FreeBlock, MergeBlock): a
 * request takes the first free block of exactly its size, else the front of
 * the smallest larger one; a block given back joins its free neighbours.
 * Only offsets: pool_space.c says what lies at them.
 */
#include <stdlib.h>

#include "runtime/pools/pool.h"

bool mh__heap_init(mh_heap *heap, size_t bytes) {
  heap->bytes = bytes;
  heap->free_bytes = bytes;
  heap->free_list = calloc(1, sizeof *heap->free_list);
  if (heap->free_list == NULL)
    return false;
  heap->free_list->bytes = bytes;
  return true;
}

void mh__heap_fini(mh_heap *heap) {
  for (mh_heap_span *span = heap->free_list, *next; span != NULL; span = next) {
    next = span->next;
    free(span);
  }
  heap->free_list = NULL;
}

static void detach(mh_heap *heap, mh_heap_span *span) {
  if (span->prev != NULL)
    span->prev->next = span->next;
  else
    heap->free_list = span->next;
  if (span->next != NULL)
    span->next->prev = span->prev;
  span->prev = span->next = NULL;
}

mh_heap_span *mh__heap_take(mh_heap *heap, size_t bytes) {
  mh_heap_span *best = NULL;
  for (mh_heap_span *walk = heap->free_list; walk != NULL; walk = walk->next) {
    if (walk->bytes == bytes) {
      detach(heap, walk);
      heap->free_bytes -= bytes;
      return walk;
    }
    if (walk->bytes > bytes && (best == NULL || walk->bytes < best->bytes))
      best = walk;
  }
  if (best == NULL)
    return NULL;
  /* The front goes to the caller; the rest stays free where it was. */
  mh_heap_span *taken = calloc(1, sizeof *taken);
  if (taken == NULL)
    return NULL;
  taken->offset = best->offset;
  taken->bytes = bytes;
  best->offset += bytes;
  best->bytes -= bytes;
  heap->free_bytes -= bytes;
  return taken;
}

void mh__heap_give(mh_heap *heap, mh_heap_span *span) {
  heap->free_bytes += span->bytes;
  mh_heap_span *before = NULL, *after = heap->free_list;
  while (after != NULL && after->offset < span->offset) {
    before = after;
    after = after->next;
  }
  span->prev = before;
  span->next = after;
  if (before != NULL)
    before->next = span;
  else
    heap->free_list = span;
  if (after != NULL)
    after->prev = span;
  if (after != NULL && span->offset + span->bytes == after->offset) {
    span->bytes += after->bytes;
    detach(heap, after);
    free(after);
  }
  if (before != NULL && before->offset + before->bytes == span->offset) {
    before->bytes += span->bytes;
    detach(heap, span);
    free(span);
  }
}
