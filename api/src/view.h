/*
 * view.h: layer 2, views (memory.c) and copies (copy.c). Every hmo_memory is
 * a view: a window of byte offset, byte size and dtype on a buffer, with a
 * reference count. Includes only the layers below (buffer.h, hmo_base.h).
 */
#ifndef HMO_VIEW_H
#define HMO_VIEW_H

#include "buffer.h"

struct hmo_memory {
  /* References; 0 once released, for good: the view's live/dead marker. A released view's
     struct is not freed at once but waits in a quarantine (memory.c; a pool object's root
     waits with its object, pool.c), so that a call on it meanwhile reads 0 and fails. */
  _Atomic size_t refs;
  union {
    hmo_buffer *buf;
    /* Once released, nothing reads buf: under HMO_QUARANTINE=all the same word links the
       views kept past the quarantine (memory.c), so that keeping one needs no allocation. */
    struct hmo_memory *kept_next;
  };
  size_t offset; /* bytes from buf->base */
  size_t bytes;  /* the requested size: bounds checks use it */
  hmo_dtype dtype;
  bool root; /* from alloc/reserve/clone: resize may change it */
  /* Its struct is part of its buffer's owner's record (a pool object's root view): the view
     layer never frees it, and it is not counted in dev->memories (the pool is). */
  bool embedded;
};

/* ---- views (memory.c) ---- */

/* A new view (refs 1) of buf; takes one buffer hold and counts one more memory on its
   device. NULL when out of memory. */
HMO_HIDDEN hmo_memory *hmo__view_new(hmo_buffer *buf, size_t offset, size_t bytes, hmo_dtype dtype,
                                     bool root);

/* Makes *mem the whole-allocation view (refs 1) of a carved buffer, holding it; its struct is
   the buffer owner's (embedded). Inline: the pool's alloc path. */
static inline void hmo__view_init_embedded(hmo_memory *mem, hmo_buffer *buf, size_t bytes,
                                           hmo_dtype dtype) {
  atomic_init(&mem->refs, 1);
  mem->buf = buf;
  mem->offset = 0;
  mem->bytes = bytes;
  mem->dtype = dtype;
  mem->root = true;
  mem->embedded = true;
  buf->views++; /* before anyone else can see buf */
}

/* The checks every constructor shares: out, dev and dtype not NULL, count not 0. */
HMO_HIDDEN int hmo__check_new(hmo_memory **out, const hmo_device *dev, size_t count,
                              hmo_dtype dtype, const char *op);

/* The whole-allocation view of a new buffer in *out; when there is no memory for it, the
   buffer is freed and HMO_ENOMEM returned. */
HMO_HIDDEN int hmo__new_root(hmo_memory **out, hmo_buffer *buf, size_t bytes, hmo_dtype dtype,
                             const char *op);

/* hmo_memory_alloc, for `op`, its chunk created exportable when `shareable`. */
HMO_HIDDEN int hmo__alloc_as(hmo_memory **out, hmo_device *dev, size_t count, hmo_dtype dtype,
                             const void *src, bool shareable, const char *op);

/* hmo_memory_release, for `op`: the call that drops the reference (NULL-safe). A released
   view's (not embedded) struct waits in the view quarantine, freed HMO_VIEW_QUARANTINE last
   releases later (never under HMO_QUARANTINE=all). */
HMO_HIDDEN void hmo__release_as(hmo_memory *mem, const char *op);

#define HMO_VIEW_QUARANTINE 1024

/* Whether mem was released (its last reference dropped): then nothing of it but the count may
   be read, and every call on it fails with hmo__fail_released. */
static inline bool hmo__released(const hmo_memory *mem) {
  return atomic_load_explicit((_Atomic size_t *)&mem->refs, memory_order_relaxed) == 0;
}
/* Records HMO_EFREED for a call on a released view, `which` naming it ("the memory", "the
   source memory"), and returns it. */
HMO_HIDDEN int hmo__fail_released(const char *op, const char *which);

/* ---- copies (copy.c), checked as the public copies are; failures name `op` ---- */

/* Host <-> memory: `to_device` says which way. */
HMO_HIDDEN int hmo__copy_host(hmo_memory *mem, void *host, size_t count, size_t offset,
                              bool to_device, const char *op);
/* Memory -> memory, as hmo_memory_copy. */
HMO_HIDDEN int hmo__copy(hmo_memory *dst, const hmo_memory *src, size_t count, size_t dst_offset,
                         size_t src_offset, const char *op);

#endif /* HMO_VIEW_H */
