/*
 * buffer.h: layer 1, one allocation (buffer.c). A buffer is a reserved range
 * with physical chunks mapped from its start, a wrapped pointer, or a range
 * carved out of memory a layer above owns (a pool object): that layer hands
 * the buffer an hmo_storage, and buffer.c and the views reach it only through
 * it. Includes only the layer below (hmo_base.h).
 */
#ifndef HMO_BUFFER_H
#define HMO_BUFFER_H

#include "hmo_base.h"

typedef struct hmo_chunk {
  hipMemGenericAllocationHandle_t handle;
  size_t bytes;
  /* hmo still holds the reference hipMemCreate gave: false once released while mapped,
     when the mapping alone keeps the memory (hmo cannot take a reference back: before the
     newest runtime hipMemRetainAllocationHandle adds none). */
  bool held;
} hmo_chunk;

typedef struct hmo_buffer hmo_buffer;

/*
 * How a carved buffer's memory and struct go back to the layer that carved it
 * (pool.c sets one for its objects). The functions cannot fail: giving a range
 * back to its owner makes no HIP call.
 */
typedef struct hmo_storage {
  const char *what;   /* "a pool object": messages say what the memory is */
  const char *shares; /* why it cannot be resized, protected or exported on its own */
  /* hmo_memory_free: the range goes back now (the buffer locked). */
  void (*free_locked)(hmo_buffer *buf);
  /* The buffer's last view is gone: the range goes back unless `freed` already, then the
     struct itself, which nobody else can reach any more. */
  void (*discard)(hmo_buffer *buf, bool freed);
  /* hmo_memory_clone of a view of buf: a new object of count elements from the same memory,
     its view in *out (a new reference). Failures name `op`. */
  int (*alloc_like)(hmo_memory **out, hmo_buffer *buf, size_t count, hmo_dtype dtype,
                    const char *op);
} hmo_storage;

struct hmo_buffer {
  pthread_mutex_t lock;
  size_t views; /* views of it; the last one destroys it */
  hmo_device *dev;
  bool wrapped;   /* not ours: never unmapped or freed */
  bool shareable; /* chunks created exportable (hmo_memory_alloc_shareable) */
  bool imported;  /* one chunk from hmo_memory_import: its size is the exporter's */
  bool freed;
  bool doubling;   /* HMO_GROWTH_DOUBLE: growth maps at least as much again as is mapped */
  char *base;      /* start of the range (or the wrapped pointer) */
  size_t bytes;    /* the size asked for (alloc, reserve, the last resize, wrap): views end in it */
  size_t reserved; /* bytes of address space */
  size_t mapped;   /* bytes of chunks mapped from base */
  hmo_chunk *chunks;
  size_t chunk_count, chunk_capacity;
  hmo_access access;
  size_t moves;
  /* Carved out of an owner's memory (a pool object): no chunks of its own. NULL otherwise. */
  const hmo_storage *storage;
};

/* `op` is the public function the user called: every message starts with it. */

/* A VMM buffer of `bytes` (rounded up) in a range reserved for `capacity`; its chunks are
   created exportable (a POSIX fd handle) when `shareable`. */
HMO_HIDDEN int hmo__buffer_create(hmo_buffer **out, hmo_device *dev, size_t bytes, size_t capacity,
                                  bool shareable, const char *op);
/* A buffer of `bytes` over one existing handle of `mapped` bytes (an import): reserved,
   mapped and given read-write access; the buffer holds the handle from then on. On failure
   the handle is still the caller's. */
HMO_HIDDEN int hmo__buffer_adopt(hmo_buffer **out, hmo_device *dev,
                                 hipMemGenericAllocationHandle_t handle, size_t mapped,
                                 size_t bytes, const char *op);
HMO_HIDDEN int hmo__buffer_wrap(hmo_buffer **out, hmo_device *dev, void *ptr, size_t bytes,
                                const char *op);

/* Makes *buf a read-write buffer of `bytes` at base, `reserved` bytes from base its own,
   carved out of memory that `storage` gives back; no views yet. Its lock is the carver's to
   initialize once (carved structs are reused). Inline: the pool's alloc path. */
static inline void hmo__buffer_init_carved(hmo_buffer *buf, hmo_device *dev, char *base,
                                           size_t bytes, size_t reserved,
                                           const hmo_storage *storage) {
  buf->views = 0;
  buf->dev = dev;
  buf->wrapped = buf->shareable = buf->imported = buf->freed = buf->doubling = false;
  buf->base = base;
  buf->bytes = bytes;
  buf->reserved = buf->mapped = reserved;
  buf->chunks = NULL;
  buf->chunk_count = buf->chunk_capacity = 0;
  buf->access = HMO_ACCESS_READWRITE;
  buf->moves = 0;
  buf->storage = storage;
}

/* Unmaps, releases and frees the range now (a carved one goes back to its owner); the struct
   stays for its views. */
HMO_HIDDEN int hmo__buffer_free_locked(hmo_buffer *buf, const char *op);
/* Drops one view's hold; the last frees the buffer (and its memory if still there). A
   failure to free the memory is only recorded: there is nobody left to return it to. */
HMO_HIDDEN void hmo__buffer_unhold(hmo_buffer *buf, const char *op);
/* Makes the buffer `bytes` long: the mapped size covers them, growing in place or moving. */
HMO_HIDDEN int hmo__buffer_resize_locked(hmo_buffer *buf, size_t bytes, const char *op);
HMO_HIDDEN int hmo__buffer_protect_locked(hmo_buffer *buf, hmo_access access, const char *op);
/* Sets device dev's access to whole mappings [base, base+bytes). */
HMO_HIDDEN int hmo__set_access(const hmo_device *dev, void *base, size_t bytes, hmo_access access,
                               const char *op);

#endif /* HMO_BUFFER_H */
