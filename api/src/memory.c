/*
 * memory.c: memory objects (views of buffers): alloc, reserve, wrap, slice,
 * cast, clone, retain/release/free, resize, protect and the queries. Layer 2:
 * it calls buffer.c and copy.c; a pool object's buffer reaches its pool only
 * through the hmo_storage the pool gave it.
 */
#include <stdlib.h>

#include "view.h"

hmo_memory *hmo__view_new(hmo_buffer *buf, size_t offset, size_t bytes, hmo_dtype dtype,
                          bool root) {
  hmo_memory *mem = calloc(1, sizeof *mem);
  if (mem == NULL)
    return NULL;
  atomic_init(&mem->refs, 1);
  mem->buf = buf;
  mem->offset = offset;
  mem->bytes = bytes;
  mem->dtype = dtype;
  mem->root = root;
  buf->views++; /* under the buffer's lock, or before anyone else can see buf */
  atomic_fetch_add(&buf->dev->memories, 1);
  return mem;
}

int hmo__check_new(hmo_memory **out, const hmo_device *dev, size_t count, hmo_dtype dtype,
                   const char *op) {
  if (out == NULL || dev == NULL || dtype == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op,
                     out == NULL   ? "out"
                     : dev == NULL ? "dev"
                                   : "dtype");
  if (count == 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: count is 0 (an allocation holds at least one %s)", op,
                     dtype->name);
  return HMO_OK;
}

/* ---- released views: detected, not touched ----
 * A view's reference count is its live/dead marker: it reaches 0 once, and hmo__count_step
 * never moves it from there. The struct of a released view is not freed at once: it waits in
 * this FIFO, the last HMO_VIEW_QUARANTINE released views of the process, so that a second
 * release, or any other call on it, reads 0 meanwhile and fails with HMO_EFREED instead of
 * reading freed memory. Past the quarantine the struct is freed: a call on it then is the
 * caller's bug, as a double free() is. (A pool object's root view waits with its object in its
 * pool's quarantine, pool.c: the pool reuses the two structs together.) The FIFO holds
 * pointers only: once there, a view's buffer and device may be gone, and nothing reads them.
 * Under HMO_QUARANTINE=all (options.c), a test run's mode, the oldest is kept instead, linked
 * from `kept` until the process ends (reachable: neither valgrind nor LeakSanitizer calls it a
 * leak), and every later call on a released view is detected. */

static struct {
  pthread_mutex_t lock;
  hmo_memory *views[HMO_VIEW_QUARANTINE];
  size_t next;      /* the oldest, and where the next one goes */
  hmo_memory *kept; /* HMO_QUARANTINE=all: those past the FIFO, newest first */
} quarantine = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* Puts a released view's struct in the quarantine and frees the oldest one there, or keeps
   it for good under HMO_QUARANTINE=all. */
static void quarantine_view(hmo_memory *mem) {
  bool keep_all = hmo__options()->quarantine == HMO_QUARANTINE_ALL;
  bool locked = hmo__lock(&quarantine.lock);
  hmo_memory *oldest = quarantine.views[quarantine.next];
  quarantine.views[quarantine.next] = mem;
  quarantine.next = (quarantine.next + 1) % HMO_VIEW_QUARANTINE;
  if (keep_all && oldest != NULL) {
    oldest->kept_next = quarantine.kept;
    quarantine.kept = oldest;
    oldest = NULL;
  }
  hmo__unlock(&quarantine.lock, locked);
  free(oldest);
}

int hmo__fail_released(const char *op, const char *which) {
  return hmo__fail(HMO_EFREED, 0,
                   "%s: %s was released already (hmo_memory_release dropped its last reference)",
                   op, which);
}

/* The last release of a view whose struct is its own (not embedded). Out of line: the pool's
   release path (an embedded view) stays short. */
__attribute__((noinline)) static void release_own_view(hmo_memory *mem, const char *op) {
  hmo_buffer *buf = mem->buf;
  hmo_device *dev = buf->dev;
  quarantine_view(mem);
  hmo__buffer_unhold(buf, op);
  /* Last: once the count is down, hmo_device_close may free dev. */
  atomic_fetch_sub(&dev->memories, 1);
}

void hmo__release_as(hmo_memory *mem, const char *op) {
  if (mem == NULL)
    return;
  size_t refs = hmo__count_step(&mem->refs, (size_t)-1);
  if (refs != 1) {
    if (refs == 0)
      (void)hmo__fail_released(op, "the memory");
    return;
  }
  if (mem->embedded) /* its owner's: it goes back with the buffer, uncounted */
    hmo__buffer_unhold(mem->buf, op);
  else
    release_own_view(mem, op);
}

int hmo__new_root(hmo_memory **out, hmo_buffer *buf, size_t bytes, hmo_dtype dtype,
                  const char *op) {
  hmo_memory *mem = hmo__view_new(buf, 0, bytes, dtype, true);
  if (mem == NULL) {
    buf->views = 1;
    hmo__buffer_unhold(buf, op);
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the view", op);
  }
  *out = mem;
  return HMO_OK;
}

/* reserve, alloc and clone: failures name `op`, the call the user made. */
static int reserve_as(hmo_memory **out, hmo_device *dev, size_t count, size_t capacity,
                      hmo_dtype dtype, bool shareable, const char *op) {
  int status = hmo__check_new(out, dev, count, dtype, op);
  if (status != HMO_OK)
    return status;
  if (capacity < count)
    return hmo__fail(HMO_EINVAL, 0, "%s: capacity %zu is below count %zu", op, capacity, count);
  size_t bytes = 0, capacity_bytes = 0;
  if ((status = hmo__count_bytes(count, dtype, &bytes, op)) != HMO_OK ||
      (status = hmo__count_bytes(capacity, dtype, &capacity_bytes, op)) != HMO_OK)
    return status;
  hmo_buffer *buf;
  status = hmo__buffer_create(&buf, dev, bytes, capacity_bytes, shareable, op);
  return status == HMO_OK ? hmo__new_root(out, buf, bytes, dtype, op) : status;
}

HMO_API int hmo_memory_reserve(hmo_memory **out, hmo_device *dev, size_t count, size_t capacity,
                               hmo_dtype dtype) {
  return reserve_as(out, dev, count, capacity, dtype, false, "hmo_memory_reserve");
}

int hmo__alloc_as(hmo_memory **out, hmo_device *dev, size_t count, hmo_dtype dtype, const void *src,
                  bool shareable, const char *op) {
  int status = reserve_as(out, dev, count, count, dtype, shareable, op);
  if (status != HMO_OK || src == NULL)
    return status;
  status = hmo__copy_host(*out, (void *)src, count, 0, true, op);
  if (status != HMO_OK) {
    hmo__release_as(*out, op);
    *out = NULL;
  }
  return status;
}

HMO_API int hmo_memory_alloc(hmo_memory **out, hmo_device *dev, size_t count, hmo_dtype dtype,
                             const void *src) {
  return hmo__alloc_as(out, dev, count, dtype, src, false, "hmo_memory_alloc");
}

HMO_API int hmo_memory_wrap(hmo_memory **out, hmo_device *dev, void *device_ptr, size_t count,
                            hmo_dtype dtype) {
  const char *op = "hmo_memory_wrap";
  int status = hmo__check_new(out, dev, count, dtype, op);
  if (status == HMO_OK && device_ptr == NULL)
    status = hmo__fail(HMO_EINVAL, 0, "%s: device_ptr is NULL", op);
  size_t bytes = 0;
  if (status == HMO_OK)
    status = hmo__count_bytes(count, dtype, &bytes, op);
  hmo_buffer *buf;
  if (status == HMO_OK)
    status = hmo__buffer_wrap(&buf, dev, device_ptr, bytes, op);
  return status == HMO_OK ? hmo__new_root(out, buf, bytes, dtype, op) : status;
}

/* Fails with HMO_EFREED when the view's allocation is gone (buffer locked). */
static int check_live(const hmo_memory *mem, const char *op) {
  if (mem->buf->freed)
    return hmo__fail(HMO_EFREED, 0, "%s: the memory was freed (hmo_memory_free)", op);
  return HMO_OK;
}

/* A new view of bytes [offset, offset+bytes) of mem, typed dtype. */
static int sub_view(hmo_memory **out, hmo_memory *mem, size_t offset, size_t bytes, hmo_dtype dtype,
                    const char *op) {
  hmo_memory *view = hmo__view_new(mem->buf, mem->offset + offset, bytes, dtype, false);
  if (view == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the view", op);
  *out = view;
  return HMO_OK;
}

HMO_API int hmo_memory_slice(hmo_memory **out, hmo_memory *mem, size_t offset, size_t count) {
  const char *op = "hmo_memory_slice";
  if (out == NULL || mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op, out == NULL ? "out" : "mem");
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_live(mem, op);
  size_t length = mem->bytes / mem->dtype->bytes;
  if (status == HMO_OK && offset > length)
    status = hmo__fail(HMO_ERANGE, 0, "%s: offset %zu is past the length %zu", op, offset, length);
  if (status == HMO_OK && count == HMO_ALL)
    count = length - offset;
  if (status == HMO_OK && count == 0)
    status = hmo__fail(HMO_EINVAL, 0, "%s: an empty slice (offset %zu of length %zu)", op, offset,
                       length);
  if (status == HMO_OK && count > length - offset)
    status = hmo__fail(HMO_ERANGE, 0, "%s: elements [%zu, %zu + %zu) run past the length %zu", op,
                       offset, offset, count, length);
  if (status == HMO_OK)
    status =
        sub_view(out, mem, offset * mem->dtype->bytes, count * mem->dtype->bytes, mem->dtype, op);
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

HMO_API int hmo_memory_cast(hmo_memory **out, hmo_memory *mem, hmo_dtype dtype) {
  const char *op = "hmo_memory_cast";
  if (out == NULL || mem == NULL || dtype == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op,
                     out == NULL   ? "out"
                     : mem == NULL ? "mem"
                                   : "dtype");
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_live(mem, op);
  if (status == HMO_OK && mem->bytes % dtype->bytes != 0)
    status = hmo__fail(HMO_EINVAL, 0,
                       "%s: %zu bytes of %s are not a whole number of %s (%zu bytes each)", op,
                       mem->bytes, mem->dtype->name, dtype->name, dtype->bytes);
  if (status == HMO_OK)
    status = sub_view(out, mem, 0, mem->bytes, dtype, op);
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

HMO_API int hmo_memory_clone(hmo_memory **out, const hmo_memory *mem) {
  const char *op = "hmo_memory_clone";
  if (out == NULL || mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op, out == NULL ? "out" : "mem");
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  hmo_buffer *buf = mem->buf;
  pthread_mutex_lock(&buf->lock);
  int status = check_live(mem, op);
  size_t length = mem->bytes / mem->dtype->bytes;
  hmo_device *dev = buf->dev;
  hmo_dtype dtype = mem->dtype;
  const hmo_storage *storage = buf->storage; /* a clone of a pool object comes from its pool */
  pthread_mutex_unlock(&buf->lock);
  if (status != HMO_OK)
    return status;
  hmo_memory *copy = NULL;
  status = storage != NULL ? storage->alloc_like(&copy, buf, length, dtype, op)
                           : reserve_as(&copy, dev, length, length, dtype, false, op);
  if (status == HMO_OK)
    status = hmo__copy(copy, mem, HMO_ALL, 0, 0, op);
  if (status != HMO_OK) {
    hmo__release_as(copy, op);
    return status;
  }
  *out = copy;
  return HMO_OK;
}

HMO_API hmo_memory *hmo_memory_retain(hmo_memory *mem) {
  if (mem == NULL || hmo__count_step(&mem->refs, 1) != 0)
    return mem;
  (void)hmo__fail_released("hmo_memory_retain", "the memory"); /* and it stays released */
  return NULL;
}

HMO_API void hmo_memory_release(hmo_memory *mem) { hmo__release_as(mem, "hmo_memory_release"); }

HMO_API int hmo_memory_free(hmo_memory *mem) {
  const char *op = "hmo_memory_free";
  if (mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: mem is NULL", op);
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_live(mem, op);
  if (status == HMO_OK)
    status = hmo__buffer_free_locked(mem->buf, op);
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

/* Resize and protect work on whole granules, which a carved buffer (a pool object) shares with
   its neighbours. */
static int carved_refuses(const hmo_buffer *buf, const char *op) {
  return hmo__fail(HMO_EINVAL, 0,
                   "%s: %s %s; allocate it with hmo_memory_alloc or hmo_memory_reserve instead", op,
                   buf->storage->what, buf->storage->shares);
}

/* HMO_OK when mem (its buffer locked) is a whole allocation of its own that may grow. */
static int check_resizable(const hmo_memory *mem, const char *op) {
  int status = check_live(mem, op);
  if (status == HMO_OK && (!mem->root || mem->buf->wrapped))
    status = hmo__fail(HMO_EINVAL, 0,
                       "%s: only a whole allocation from hmo_memory_alloc or "
                       "hmo_memory_reserve can be resized, not a %s",
                       op, mem->buf->wrapped ? "wrapped pointer" : "slice or cast");
  if (status == HMO_OK && mem->buf->storage != NULL)
    status = carved_refuses(mem->buf, op);
  if (status == HMO_OK && mem->buf->imported)
    status = hmo__fail(HMO_EINVAL, 0,
                       "%s: an imported memory cannot be resized: its size is the exporter's", op);
  return status;
}

HMO_API int hmo_memory_set_growth(hmo_memory *mem, hmo_growth growth) {
  const char *op = "hmo_memory_set_growth";
  if (mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: mem is NULL", op);
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  if (growth != HMO_GROWTH_EXACT && growth != HMO_GROWTH_DOUBLE)
    return hmo__fail(HMO_EINVAL, 0, "%s: growth %d is not EXACT or DOUBLE", op, (int)growth);
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_resizable(mem, op);
  if (status == HMO_OK)
    mem->buf->doubling = growth == HMO_GROWTH_DOUBLE;
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

HMO_API int hmo_memory_resize(hmo_memory *mem, size_t count) {
  const char *op = "hmo_memory_resize";
  if (mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: mem is NULL", op);
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  if (count == 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: count is 0", op);
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_resizable(mem, op);
  size_t bytes = 0;
  if (status == HMO_OK)
    status = hmo__count_bytes(count, mem->dtype, &bytes, op);
  if (status == HMO_OK)
    status = hmo__buffer_resize_locked(mem->buf, bytes, op);
  if (status == HMO_OK)
    mem->bytes = bytes;
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

HMO_API int hmo_memory_protect(hmo_memory *mem, hmo_access access) {
  const char *op = "hmo_memory_protect";
  if (mem == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: mem is NULL", op);
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  if (access != HMO_ACCESS_NONE && access != HMO_ACCESS_READ && access != HMO_ACCESS_READWRITE)
    return hmo__fail(HMO_EINVAL, 0, "%s: access %d is not NONE, READ or READWRITE", op,
                     (int)access);
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_live(mem, op);
  if (status == HMO_OK && mem->buf->wrapped)
    status = hmo__fail(HMO_EINVAL, 0, "%s: a wrapped pointer's protection is its owner's", op);
  if (status == HMO_OK && mem->buf->storage != NULL)
    status = carved_refuses(mem->buf, op);
  if (status == HMO_OK && access != HMO_ACCESS_READWRITE)
    status = hmo__copies_land(mem->buf->dev, op);
  if (status == HMO_OK)
    status = hmo__buffer_protect_locked(mem->buf, access, op);
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

/* ---- queries ---- */

/* Reads one field under the buffer's lock; `freed_value` when the memory is gone, or released
   (which is recorded as the failure of the query). */
#define HMO_QUERY(type, mem, freed_value, expr)                                                    \
  do {                                                                                             \
    if ((mem) == NULL)                                                                             \
      return freed_value;                                                                          \
    if (hmo__released(mem)) {                                                                      \
      (void)hmo__fail_released(__func__, "the memory");                                            \
      return freed_value;                                                                          \
    }                                                                                              \
    pthread_mutex_lock(&(mem)->buf->lock);                                                         \
    type value_ = (mem)->buf->freed ? (freed_value) : (expr);                                      \
    pthread_mutex_unlock(&(mem)->buf->lock);                                                       \
    return value_;                                                                                 \
  } while (0)

HMO_API size_t hmo_memory_length(const hmo_memory *mem) {
  HMO_QUERY(size_t, mem, 0, mem->bytes / mem->dtype->bytes);
}
HMO_API size_t hmo_memory_bytes(const hmo_memory *mem) { HMO_QUERY(size_t, mem, 0, mem->bytes); }
HMO_API void *hmo_memory_ptr(const hmo_memory *mem) {
  HMO_QUERY(void *, mem, NULL, mem->buf->base + mem->offset);
}
HMO_API size_t hmo_memory_offset(const hmo_memory *mem) {
  HMO_QUERY(size_t, mem, 0, mem->offset / mem->dtype->bytes);
}
HMO_API bool hmo_memory_is_valid(const hmo_memory *mem) { HMO_QUERY(bool, mem, false, true); }
HMO_API size_t hmo_memory_capacity(const hmo_memory *mem) {
  HMO_QUERY(size_t, mem, 0, (mem->root ? mem->buf->reserved : mem->bytes) / mem->dtype->bytes);
}
HMO_API size_t hmo_memory_moves(const hmo_memory *mem) {
  HMO_QUERY(size_t, mem, 0, mem->buf->moves);
}
HMO_API hmo_access hmo_memory_access(const hmo_memory *mem) {
  HMO_QUERY(hmo_access, mem, HMO_ACCESS_NONE, mem->buf->access);
}

/* The view's own: still answered after a free, not after its release (the dtype and the
   device may be gone by then). */
HMO_API hmo_dtype hmo_memory_dtype(const hmo_memory *mem) {
  if (mem == NULL || !hmo__released(mem))
    return mem ? mem->dtype : NULL;
  (void)hmo__fail_released(__func__, "the memory");
  return NULL;
}
HMO_API hmo_device *hmo_memory_device(const hmo_memory *mem) {
  if (mem == NULL || !hmo__released(mem))
    return mem ? mem->buf->dev : NULL;
  (void)hmo__fail_released(__func__, "the memory");
  return NULL;
}
