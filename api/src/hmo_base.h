/*
 * hmo_base.h: the three layers behind hmo.h.
 *
 *   view (hmo_memory, refcounted)  ->  buffer (one allocation)  ->  HIP VMM
 *
 * A view is a window (byte offset, byte size, dtype) of a buffer: what
 * alloc, reserve, wrap and clone return is the whole allocation's view, a
 * slice or cast is a view of part or all of it. A buffer is one reserved
 * address range with physical chunks mapped back to back from its start, or
 * a wrapped pointer. Each buffer has a lock; every operation on a view takes
 * its buffer's lock, so views can be shared across threads. "Handle" means a
 * HIP allocation handle only.
 */
#ifndef HMO_INTERNAL_H
#define HMO_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "hipvmm_compat.h"
#include "hmo.h"

#define HMO_HIDDEN __attribute__((visibility("hidden")))

/* ---- locks a single-threaded process skips ----
 * glibc says when the process has one thread (__libc_single_threaded, glibc 2.32 on) and
 * skips its own malloc locks then; hmo's hottest paths (pool alloc and release, a view's
 * reference count) do the same. A section records whether it locked, so it unlocks the
 * same way even if a thread starts meanwhile. Elsewhere the threads are always assumed. */
#if defined(__GLIBC__) && defined(__has_include)
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#define HMO_ONE_THREAD() (__libc_single_threaded != 0)
#endif
#endif
#ifndef HMO_ONE_THREAD
#define HMO_ONE_THREAD() false
#endif

/* Locks m unless the process has one thread; pass what it returns to hmo__unlock. */
static inline bool hmo__lock(pthread_mutex_t *m) {
  if (HMO_ONE_THREAD())
    return false;
  pthread_mutex_lock(m);
  return true;
}
static inline void hmo__unlock(pthread_mutex_t *m, bool locked) {
  if (locked)
    pthread_mutex_unlock(m);
}

/* *count += delta, returning the old value: one locked instruction fewer with one thread. */
static inline size_t hmo__count_add(_Atomic size_t *count, size_t delta) {
  if (HMO_ONE_THREAD()) {
    size_t old = atomic_load_explicit(count, memory_order_relaxed);
    atomic_store_explicit(count, old + delta, memory_order_relaxed);
    return old;
  }
  return atomic_fetch_add(count, delta);
}

/* bytes rounded up to a multiple of `to`; *overflow says it does not fit a size_t. */
static inline size_t hmo__round_up(size_t bytes, size_t to, bool *overflow) {
  size_t rest = bytes % to;
  *overflow = rest != 0 && bytes > SIZE_MAX - (to - rest);
  return rest ? bytes + (to - rest) : bytes;
}

struct hmo_dtype_desc {
  const char *name;
  size_t bytes;
  bool builtin;
};

#define HMO_PROBE_LEFT_MAX 8 /* two per probe; probes only race on the first imports */

struct hmo_device {
  int hip_id;
  size_t granularity; /* minimum, for every size and address */
  /* One hipMemUnmap may cover several whole mappings (ROCm 7.0 on); before, 6.1 refuses
     it and 6.2-6.4 unmap only the first (ROCR-Runtime#285), so hmo unmaps one by one. */
  bool unmap_spans_mappings;
  /* Sharing (share.c): exportable memory came with ROCm 6.2; how this runtime's
     hipMemImportFromShareableHandle reads its osHandle, probed on the first import. */
  bool can_share;
  _Atomic int import_abi; /* hmo_import_abi */
  pthread_mutex_t probe_lock;
  hipMemGenericAllocationHandle_t
      probe_left[HMO_PROBE_LEFT_MAX]; /* the probe's, not released: close retries */
  size_t probe_left_count;
  _Atomic size_t bytes_allocated; /* physical bytes of live allocations */
  _Atomic size_t memories;        /* memory objects made on it and not yet released */
  _Atomic size_t pools;           /* pools made on it and not yet destroyed */
};

typedef struct hmo_chunk {
  hipMemGenericAllocationHandle_t handle;
  size_t bytes;
  /* hmo still holds the reference hipMemCreate gave: false once released while mapped,
     when the mapping alone keeps the memory (hmo cannot take a reference back: before the
     newest runtime hipMemRetainAllocationHandle adds none). */
  bool held;
} hmo_chunk;

typedef struct hmo_buffer {
  pthread_mutex_t lock;
  size_t views; /* views of it; the last one destroys it */
  hmo_device *dev;
  bool wrapped;   /* not ours: never unmapped or freed */
  bool shareable; /* chunks created exportable (hmo_memory_alloc_shareable) */
  bool imported;  /* one chunk from hmo_memory_import: its size is the exporter's */
  bool freed;
  char *base;      /* start of the range (or the wrapped pointer) */
  size_t bytes;    /* the size asked for (alloc, reserve, the last resize, wrap): views end in it */
  size_t reserved; /* bytes of address space */
  size_t mapped;   /* bytes of chunks mapped from base */
  hmo_chunk *chunks;
  size_t chunk_count, chunk_capacity;
  hmo_access access;
  size_t moves;
  /* A pool object: its range is the pool's (pool.c), no chunks of its own. */
  struct hmo_pool *pool;
  uint32_t pool_range;
} hmo_buffer;

struct hmo_memory {
  _Atomic size_t refs;
  hmo_buffer *buf;
  size_t offset; /* bytes from buf->base */
  size_t bytes;  /* the requested size: bounds checks use it */
  hmo_dtype dtype;
  bool root; /* from alloc/reserve/clone: resize may change it */
};

/* ---- errors (status.c) ---- */

/* Records this thread's failure and returns status. */
HMO_HIDDEN int hmo__fail(int status, hipError_t hip_error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The same for a HIP call that just returned hip_error: the backend's reason for it, when it
   gives one, is appended. Call it before any other HIP call, which would replace the reason. */
HMO_HIDDEN int hmo__fail_hip(int status, hipError_t hip_error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The one translation from hipError_t to hmo_status. */
HMO_HIDDEN int hmo__status_of(hipError_t err);

/* Fails with the translated status when err is not hipSuccess (hmo__fail_hip); else HMO_OK. */
HMO_HIDDEN int hmo__check_hip(hipError_t err, const char *call, const char *op);

/* ---- devices (device.c) ---- */

/* How hipMemImportFromShareableHandle takes its osHandle (hmo_device.import_abi). */
typedef enum hmo_import_abi {
  HMO_IMPORT_UNKNOWN = 0, /* not probed yet */
  HMO_IMPORT_POINTER,     /* the address of an int holding the fd: ROCm 6.2 to 7.2 */
  HMO_IMPORT_VALUE,       /* the fd itself, (void *)(intptr_t)fd: the newest ROCm, CUDA */
} hmo_import_abi;

/* Pinned memory on HIP device hip_id: the properties of every chunk hmo creates there. */
HMO_HIDDEN hipMemAllocationProp hmo__device_prop(int hip_id);

/* ---- buffers (buffer.c) ----
 * `op` is the public function the user called: every message starts with it. */

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
/* Unmaps, releases and frees the range now; the struct stays for its views. */
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

/* ---- pools (pool.c) ----
 * Lock order: a buffer's lock, then its pool's lock; never the other way. */

/* hmo_pool_alloc for `op` (hmo_memory_clone of a pool object allocates in its pool). */
HMO_HIDDEN int hmo__pool_alloc_as(hmo_memory **out, struct hmo_pool *pool, size_t count,
                                  hmo_dtype dtype, const void *src, const char *op);
/* Gives a pool object's range back (its buffer locked); the pool counts one object fewer. */
HMO_HIDDEN void hmo__pool_free_locked(hmo_buffer *buf);
/* hmo__release_as for a view of a pool object, once its references are gone: the last view
   gives the range back and the object's structs to the pool for reuse. */
HMO_HIDDEN void hmo__pool_release_view(hmo_memory *mem, const char *op);

/* ---- views (memory.c) ---- */

/* A new view (refs 1) of buf; takes one buffer hold and counts one more memory on its
   device. NULL when out of memory. */
HMO_HIDDEN hmo_memory *hmo__view_new(hmo_buffer *buf, size_t offset, size_t bytes, hmo_dtype dtype,
                                     bool root);

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

/* hmo_memory_release, for `op`: the call that drops the reference (NULL-safe). */
HMO_HIDDEN void hmo__release_as(hmo_memory *mem, const char *op);

/* bytes = count * dtype bytes, checked; HMO_ALL is resolved by the caller. */
HMO_HIDDEN int hmo__count_bytes(size_t count, hmo_dtype dtype, size_t *bytes, const char *op);

/* ---- copies (copy.c), checked as the public copies are; failures name `op` ---- */

/* Host <-> memory: `to_device` says which way. */
HMO_HIDDEN int hmo__copy_host(hmo_memory *mem, void *host, size_t count, size_t offset,
                              bool to_device, const char *op);
/* Memory -> memory, as hmo_memory_copy. */
HMO_HIDDEN int hmo__copy(hmo_memory *dst, const hmo_memory *src, size_t count, size_t dst_offset,
                         size_t src_offset, const char *op);

#endif /* HMO_INTERNAL_H */
