/*
 * hmo_base.h: the bottom layer behind hmo.h, and the map of the layers.
 *
 *   3  pools (pool.c, pool_space.c) and sharing (share.c)     on the views
 *   2  views (memory.c) and copies (copy.c): view.h            hmo_memory, refcounted
 *   1  buffers (buffer.c): buffer.h                            one allocation
 *   0  statuses (status.c), dtypes (dtype.c), devices          this header
 *      (device.c), options (options.c)
 *
 * A file calls only functions of its own layer and the layers below, and
 * includes only their headers. Where a lower layer must act for a higher one
 * (a pool object's buffer gives its range back to its pool), the higher one
 * hands it function pointers (buffer.h's hmo_storage) instead of being named.
 *
 * A view is a window (byte offset, byte size, dtype) of a buffer: what
 * alloc, reserve, wrap and clone return is the whole allocation's view, a
 * slice or cast is a view of part or all of it. A buffer is one reserved
 * address range with physical chunks mapped back to back from its start, a
 * wrapped pointer, or a range carved out of a pool's. Each buffer has a lock;
 * every operation on a view takes its buffer's lock, so views can be shared
 * across threads. "Handle" means a HIP allocation handle only.
 */
#ifndef HMO_BASE_H
#define HMO_BASE_H

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

/* *count += delta (1, or (size_t)-1) unless *count is 0: a count that reached 0 is a dead
   object's and stays 0. Returns the old value. One locked instruction fewer with one thread. */
static inline size_t hmo__count_step(_Atomic size_t *count, size_t delta) {
  size_t old = atomic_load_explicit(count, memory_order_relaxed);
  if (HMO_ONE_THREAD()) {
    if (old != 0)
      atomic_store_explicit(count, old + delta, memory_order_relaxed);
    return old;
  }
  while (old != 0 && !atomic_compare_exchange_weak(count, &old, old + delta))
    ; /* old is what another thread left: try again from it */
  return old;
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
  /* HIP on NVIDIA maps a handle whole or not at all, and its fd tells no size: an import
     maps the count asked, which must be the export's. */
  bool map_whole_handles;
  /* HIP on NVIDIA returns from a copy before its DMA lands (hmo__copies_land); ROCm's
     hipMemcpy returns once it has. */
  bool copies_land_late;
  _Atomic int import_abi; /* hmo_import_abi */
  pthread_mutex_t probe_lock;
  hipMemGenericAllocationHandle_t
      probe_left[HMO_PROBE_LEFT_MAX]; /* the probe's, not released: close retries */
  size_t probe_left_count;
  _Atomic size_t bytes_allocated; /* physical bytes of live allocations */
  _Atomic size_t memories;        /* memory objects made on it and not yet released */
  _Atomic size_t pools;           /* pools made on it and not yet destroyed */
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

/* ---- options (options.c): the HMO_* environment variables, read once ---- */

/* HMO_QUARANTINE: which released structs stay unfreed and unreused (memory.c, pool.c). */
typedef enum hmo_quarantine {
  HMO_QUARANTINE_BOUNDED = 0, /* "bounded": the last 1024 views, a pool's last 256 objects */
  HMO_QUARANTINE_ALL = 1,     /* "all": every one, so that every second release is detected */
} hmo_quarantine;

typedef struct hmo_options {
  int quarantine; /* an hmo_quarantine */
} hmo_options;

/* The options, read from the environment on the first call. Never NULL. */
HMO_HIDDEN const hmo_options *hmo__options(void);

/* ---- dtypes (dtype.c) ---- */

/* bytes = count * dtype bytes, checked; HMO_ALL is resolved by the caller. */
HMO_HIDDEN int hmo__count_bytes(size_t count, hmo_dtype dtype, size_t *bytes, const char *op);

/* ---- devices (device.c) ---- */

/* How hipMemImportFromShareableHandle takes its osHandle (hmo_device.import_abi). */
typedef enum hmo_import_abi {
  HMO_IMPORT_UNKNOWN = 0, /* not probed yet */
  HMO_IMPORT_POINTER,     /* the address of an int holding the fd: ROCm 6.2 to 7.0 */
  HMO_IMPORT_VALUE,       /* the fd itself, (void *)(intptr_t)fd: ROCm 7.1 on, CUDA */
} hmo_import_abi;

/* Pinned memory on HIP device hip_id: the properties of every chunk hmo creates there. */
HMO_HIDDEN hipMemAllocationProp hmo__device_prop(int hip_id);

/* Makes HIP device `device` current, the caller's in *saved; hmo__device_leave puts it back. */
HMO_HIDDEN int hmo__device_enter(int device, int *saved, const char *op);
HMO_HIDDEN void hmo__device_leave(int device, int saved);

/* Waits for the copies the device may still be landing, where copies land late. The CUDA
   runtime returns from a copy out of pageable memory once its bytes are staged, and from one
   between devices' memory at once: the DMA lands later, and a protect that takes the right to
   write away, or an unmap, before it has makes the device fault (pageable_copy). */
HMO_HIDDEN int hmo__copies_land(const hmo_device *dev, const char *op);

#endif /* HMO_BASE_H */
