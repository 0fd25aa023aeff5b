/*
 * pool.c: many objects on one reserved range. The range is cut into equal
 * segments, each one hipMemCreate + hipMemMap + hipMemSetAccess of exactly
 * the segment's size (a form every ROCm release takes, 7.0-7.2's
 * `first_mappings` rule included), mapped when an object first needs bytes in
 * it and kept mapped when it empties, until hmo_pool_trim. Where objects go
 * is host-side bookkeeping (pool_space.c): the allocator never touches device
 * memory. Freed objects' structs wait on the pool for reuse, so an alloc/free
 * loop makes no HIP call and no host allocation.
 *
 * Layer 3, on the views: an object is an ordinary view of a buffer carved out
 * of the pool's range. The buffer and view layers reach the pool only through
 * the object's hmo_storage (pool_storage below): to give the range back on a
 * free, the range and structs on the last release, and to clone.
 *
 * Locks: the pool's mutex guards everything here; a buffer's lock may be held
 * when it is taken (hmo_memory_free), never the other way round.
 */
#include <stdlib.h>

#include "pool_space.h"
#include "view.h"

#define POOL_ALIGN 256
#define POOL_MIN_SEGMENT ((size_t)2 << 20)
/* Segments are at least capacity/64: few kernel map areas however many objects. */
#define POOL_MAX_SEGMENTS 64
/* Released objects' structs wait in one first-in, first-out list. The POOL_QUARANTINE
   released last are not reused: their root view's released marker stays readable, so a
   second release of it is detected (memory.c's view quarantine, for the pool's own structs).
   Older ones are reused, up to POOL_CACHE_MAX of them; past that the oldest is freed. Under
   HMO_QUARANTINE=all none is reused or freed before hmo_pool_destroy. */
#define POOL_QUARANTINE 256
#define POOL_CACHE_MAX 1024

typedef struct pool_segment {
  hipMemGenericAllocationHandle_t handle;
  size_t live; /* bytes of live objects in it */
  bool mapped;
  bool held; /* hmo still holds hipMemCreate's reference (as hmo_chunk.held) */
} pool_segment;

/* A pool object's buffer and its root view, allocated together and reused together. */
typedef struct pool_object {
  hmo_buffer buf; /* first: a pool buffer is its object */
  hmo_memory root;
  struct hmo_pool *pool;
  uint32_t range; /* its range in pool->space */
  struct pool_object *next;
} pool_object;

struct hmo_pool {
  pthread_mutex_t lock;
  hmo_device *dev;
  char *base;
  size_t capacity;      /* rounded to the granularity: no object ends past it */
  size_t reserved;      /* segment_count * segment_bytes */
  size_t segment_bytes; /* a power-of-two multiple of the granularity */
  size_t segment_count;
  unsigned segment_shift; /* log2(segment_bytes), or 0 for one segment of another size */
  pool_segment *segments;
  hmo_space space;
  size_t bytes_mapped, bytes_in_use, objects;
  size_t structs_out; /* objects whose structs are not back yet (freed objects' views live) */
  pool_object *oldest, *newest; /* released objects' structs, linked by next */
  size_t waiting;
  bool keep_all; /* HMO_QUARANTINE=all: released objects' structs wait until destroy */
};

/* The smallest power-of-two multiple of the granularity >= max(2 MiB, capacity/64), but never
   more than the capacity. */
static size_t segment_bytes_for(size_t capacity, size_t granularity) {
  size_t want = capacity / POOL_MAX_SEGMENTS + (capacity % POOL_MAX_SEGMENTS != 0);
  if (want < POOL_MIN_SEGMENT)
    want = POOL_MIN_SEGMENT;
  size_t bytes = granularity;
  while (bytes < want && bytes < capacity)
    bytes *= 2;
  return bytes < capacity ? bytes : capacity;
}

HMO_API int hmo_pool_create(hmo_pool **out, hmo_device *dev, size_t capacity_bytes) {
  const char *op = "hmo_pool_create";
  if (out == NULL || dev == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op, out == NULL ? "out" : "dev");
  if (capacity_bytes == 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: capacity_bytes is 0", op);
  bool overflow;
  size_t capacity = hmo__round_up(capacity_bytes, dev->granularity, &overflow);
  size_t segment = overflow ? 0 : segment_bytes_for(capacity, dev->granularity);
  size_t count = overflow ? 0 : capacity / segment + (capacity % segment != 0);
  if (overflow || count > SIZE_MAX / segment)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes overflow when rounded to the granularity %zu",
                     op, capacity_bytes, dev->granularity);
  hmo_pool *pool = calloc(1, sizeof *pool);
  pool_segment *segments = pool ? calloc(count, sizeof *segments) : NULL;
  if (segments == NULL || !hmo__space_init(&pool->space, capacity / POOL_ALIGN)) {
    free(segments);
    free(pool);
    return hmo__fail(HMO_ENOMEM, 0, "%s: no host memory for a pool of %zu segments", op, count);
  }
  void *base = NULL;
  int status = hmo__check_hip(hipMemAddressReserve(&base, count * segment, 0, NULL, 0),
                              "hipMemAddressReserve", op);
  if (status != HMO_OK) {
    hmo__space_fini(&pool->space);
    free(segments);
    free(pool);
    return status;
  }
  pthread_mutex_init(&pool->lock, NULL);
  pool->dev = dev;
  pool->base = base;
  pool->capacity = capacity;
  pool->reserved = count * segment;
  pool->segment_bytes = segment;
  pool->segment_count = count;
  if ((segment & (segment - 1)) == 0)
    pool->segment_shift = (unsigned)__builtin_ctzll((unsigned long long)segment);
  pool->segments = segments;
  pool->keep_all = hmo__options()->quarantine == HMO_QUARANTINE_ALL; /* read once: a hot path */
  atomic_fetch_add(&dev->pools, 1);
  *out = pool;
  return HMO_OK;
}

/* Unmaps segment i and releases its memory (the reference first, as buffer.c does: a failed
   unmap then leaves it mapped and usable, kept by its mapping). */
static int unmap_segment(hmo_pool *pool, size_t i, const char *op) {
  pool_segment *seg = &pool->segments[i];
  if (seg->held) {
    int status = hmo__check_hip(hipMemRelease(seg->handle), "hipMemRelease", op);
    if (status != HMO_OK)
      return status;
    seg->held = false;
  }
  int status = hmo__copies_land(pool->dev, op); /* no DMA may land on it unmapped */
  if (status == HMO_OK)
    status = hmo__check_hip(hipMemUnmap(pool->base + i * pool->segment_bytes, pool->segment_bytes),
                            "hipMemUnmap", op);
  if (status != HMO_OK)
    return status;
  seg->mapped = false;
  pool->bytes_mapped -= pool->segment_bytes;
  atomic_fetch_sub(&pool->dev->bytes_allocated, pool->segment_bytes);
  return HMO_OK;
}

/* Creates, maps and opens segment i; a failure undoes its own steps. */
static int map_segment(hmo_pool *pool, size_t i, const char *op) {
  pool_segment *seg = &pool->segments[i];
  char *at = pool->base + i * pool->segment_bytes;
  hipMemAllocationProp prop = hmo__device_prop(pool->dev->hip_id);
  int status =
      hmo__check_hip(hipMemCreate(&seg->handle, pool->segment_bytes, &prop, 0), "hipMemCreate", op);
  if (status != HMO_OK)
    return status;
  status = hmo__check_hip(hipMemMap(at, pool->segment_bytes, 0, seg->handle, 0), "hipMemMap", op);
  if (status == HMO_OK) {
    status = hmo__set_access(pool->dev, at, pool->segment_bytes, HMO_ACCESS_READWRITE, op);
    if (status != HMO_OK)
      (void)hipMemUnmap(at, pool->segment_bytes);
  }
  if (status != HMO_OK) {
    (void)hipMemRelease(seg->handle);
    return status;
  }
  seg->mapped = seg->held = true;
  pool->bytes_mapped += pool->segment_bytes;
  atomic_fetch_add(&pool->dev->bytes_allocated, pool->segment_bytes);
  return HMO_OK;
}

/* The segment byte `offset` is in: a shift, not a division, on the alloc/free path. */
static size_t segment_of(const hmo_pool *pool, size_t offset) {
  return pool->segment_shift ? offset >> pool->segment_shift : offset / pool->segment_bytes;
}

/* Adds (or takes, when !add) each segment's share of [offset, offset+bytes) to its live count. */
static void count_live(hmo_pool *pool, size_t offset, size_t bytes, bool add) {
  size_t s = pool->segment_bytes;
  size_t first = segment_of(pool, offset), last = segment_of(pool, offset + bytes - 1);
  if (first == last) {
    if (add)
      pool->segments[first].live += bytes;
    else
      pool->segments[first].live -= bytes;
    return;
  }
  for (size_t i = first; i <= last; i++) {
    size_t start = i * s > offset ? i * s : offset;
    size_t end = (i + 1) * s < offset + bytes ? (i + 1) * s : offset + bytes;
    if (add)
      pool->segments[i].live += end - start;
    else
      pool->segments[i].live -= end - start;
  }
}

/* Maps the segments [offset, offset+bytes) touches that are not mapped yet; on failure unmaps
   those this call mapped (a pool has at most 64 segments: one bit each). */
static int map_range(hmo_pool *pool, size_t offset, size_t bytes, const char *op) {
  size_t first = segment_of(pool, offset), last = segment_of(pool, offset + bytes - 1);
  uint64_t mapped_now = 0;
  for (size_t i = first; i <= last; i++) {
    if (pool->segments[i].mapped)
      continue;
    int status = map_segment(pool, i, op);
    if (status != HMO_OK) {
      for (size_t j = first; j < i; j++)
        if (mapped_now & (1ull << j))
          (void)unmap_segment(pool, j, op);
      return status;
    }
    mapped_now |= 1ull << i;
  }
  return HMO_OK;
}

/* A released object's structs, when one has waited past the quarantine, else new ones (pool
   locked). NULL when out of host memory. */
static pool_object *take_object(hmo_pool *pool) {
  if (pool->waiting > POOL_QUARANTINE && !pool->keep_all) {
    pool_object *obj = pool->oldest; /* newest stays: the list keeps POOL_QUARANTINE */
    pool->oldest = obj->next;
    pool->waiting--;
    return obj;
  }
  pool_object *obj = calloc(1, sizeof *obj);
  if (obj != NULL)
    pthread_mutex_init(&obj->buf.lock, NULL);
  return obj;
}

static void free_object(pool_object *obj) {
  pthread_mutex_destroy(&obj->buf.lock);
  free(obj);
}

/* Puts obj's structs at the end of the list, freeing the oldest there past the bound (pool
   locked). */
static void put_object(hmo_pool *pool, pool_object *obj) {
  obj->next = NULL;
  if (pool->waiting++ == 0)
    pool->oldest = obj;
  else
    pool->newest->next = obj;
  pool->newest = obj;
  if (pool->waiting > POOL_QUARANTINE + POOL_CACHE_MAX && !pool->keep_all) {
    pool_object *oldest = pool->oldest;
    pool->oldest = oldest->next;
    pool->waiting--;
    free_object(oldest);
  }
}

static int pool_full(hmo_pool *pool, size_t bytes, size_t rounded, const char *op) {
  return hmo__fail(HMO_ENOMEM, 0,
                   "%s: no free range of %zu bytes (%zu asked) in the pool: its largest free "
                   "range is %zu bytes of its capacity %zu",
                   op, rounded, bytes, hmo__space_largest_free(&pool->space) * POOL_ALIGN,
                   pool->capacity);
}

/* A free range of `rounded` bytes with its segments mapped, and structs for it (pool
   locked); on failure nothing has changed. */
static int place(hmo_pool *pool, size_t bytes, size_t rounded, pool_object **out_obj,
                 uint32_t *range, size_t *offset, const char *op) {
  pool_object *obj = take_object(pool);
  if (obj == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no host memory for the object", op);
  bool no_memory;
  int status = HMO_OK;
  if (!hmo__space_alloc(&pool->space, rounded / POOL_ALIGN, range, offset, &no_memory))
    status = no_memory ? hmo__fail(HMO_ENOMEM, 0, "%s: no host memory for the pool's records", op)
                       : pool_full(pool, bytes, rounded, op);
  if (status == HMO_OK) {
    *offset *= POOL_ALIGN;
    status = map_range(pool, *offset, rounded, op);
    if (status != HMO_OK)
      hmo__space_free(&pool->space, *range);
  }
  if (status != HMO_OK) {
    put_object(pool, obj);
    return status;
  }
  count_live(pool, *offset, rounded, true);
  pool->bytes_in_use += rounded;
  pool->objects++;
  pool->structs_out++;
  *out_obj = obj;
  return HMO_OK;
}

static const hmo_storage pool_storage;

/* hmo_pool_alloc for `op` (hmo_memory_clone of a pool object allocates in its pool). */
static int alloc_as(hmo_memory **out, hmo_pool *pool, size_t count, hmo_dtype dtype,
                    const void *src, const char *op) {
  if (out == NULL || pool == NULL || dtype == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op,
                     out == NULL    ? "out"
                     : pool == NULL ? "pool"
                                    : "dtype");
  if (count == 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: count is 0 (an allocation holds at least one %s)", op,
                     dtype->name);
  size_t bytes = 0;
  int status = hmo__count_bytes(count, dtype, &bytes, op);
  if (status != HMO_OK)
    return status;
  bool overflow;
  size_t rounded = hmo__round_up(bytes, POOL_ALIGN, &overflow);
  if (overflow)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes overflow when rounded to %d", op, bytes,
                     POOL_ALIGN);
  pool_object *obj = NULL;
  uint32_t range = 0;
  size_t offset = 0;
  bool locked = hmo__lock(&pool->lock);
  status = rounded > pool->capacity ? pool_full(pool, bytes, rounded, op)
                                    : place(pool, bytes, rounded, &obj, &range, &offset, op);
  hmo__unlock(&pool->lock, locked);
  if (status != HMO_OK)
    return status;
  obj->pool = pool;
  obj->range = range;
  hmo__buffer_init_carved(&obj->buf, pool->dev, pool->base + offset, bytes, rounded, &pool_storage);
  hmo_memory *mem = &obj->root;
  hmo__view_init_embedded(mem, &obj->buf, bytes, dtype);
  /* Not counted in dev->memories: the pool is (hmo_device_close waits for it), and the pool
     waits for its objects; one atomic fewer on the alloc/free path. */
  if (src != NULL && (status = hmo__copy_host(mem, (void *)src, count, 0, true, op)) != HMO_OK) {
    hmo__release_as(mem, op);
    return status;
  }
  *out = mem;
  return HMO_OK;
}

HMO_API int hmo_pool_alloc(hmo_memory **out, hmo_pool *pool, size_t count, hmo_dtype dtype,
                           const void *src) {
  return alloc_as(out, pool, count, dtype, src, "hmo_pool_alloc");
}

/* ---- what the buffer and view layers call back (pool_storage) ---- */

/* Takes obj's range back into the free space (pool locked). */
static void give_back(hmo_pool *pool, const pool_object *obj) {
  hmo__space_free(&pool->space, obj->range);
  count_live(pool, (size_t)(obj->buf.base - pool->base), obj->buf.reserved, false);
  pool->bytes_in_use -= obj->buf.reserved;
  pool->objects--;
}

/* hmo_memory_free of a pool object: its range goes back (its buffer locked). A pool object's
   free makes no HIP call: nothing here can fail. */
static void object_free_locked(hmo_buffer *buf) {
  pool_object *obj = (pool_object *)buf;
  hmo_pool *pool = obj->pool;
  bool locked = hmo__lock(&pool->lock);
  give_back(pool, obj);
  hmo__unlock(&pool->lock, locked);
}

/* The object's last view is gone: its range (unless freed) and its structs go back under one
   lock. */
static void object_discard(hmo_buffer *buf, bool freed) {
  pool_object *obj = (pool_object *)buf;
  hmo_pool *pool = obj->pool;
  bool locked = hmo__lock(&pool->lock);
  if (!freed)
    give_back(pool, obj);
  pool->structs_out--;
  put_object(pool, obj); /* reused once POOL_QUARANTINE later ones are released */
  hmo__unlock(&pool->lock, locked);
}

/* A clone of a view of a pool object comes from the same pool. */
static int object_alloc_like(hmo_memory **out, hmo_buffer *buf, size_t count, hmo_dtype dtype,
                             const char *op) {
  return alloc_as(out, ((pool_object *)buf)->pool, count, dtype, NULL, op);
}

static const hmo_storage pool_storage = {
    .what = "a pool object",
    .shares = "shares its granules with its neighbours in the pool",
    .free_locked = object_free_locked,
    .discard = object_discard,
    .alloc_like = object_alloc_like,
};

HMO_API int hmo_pool_trim(hmo_pool *pool) {
  if (pool == NULL)
    return HMO_OK;
  int status = HMO_OK;
  pthread_mutex_lock(&pool->lock);
  hmo__space_flush(&pool->space); /* later objects then start from the lowest free address */
  for (size_t i = 0; i < pool->segment_count; i++) {
    if (!pool->segments[i].mapped || pool->segments[i].live != 0)
      continue;
    int one = unmap_segment(pool, i, "hmo_pool_trim");
    if (status == HMO_OK)
      status = one; /* the others are still tried: each is independent */
  }
  pthread_mutex_unlock(&pool->lock);
  return status;
}

HMO_API int hmo_pool_destroy(hmo_pool *pool) {
  const char *op = "hmo_pool_destroy";
  if (pool == NULL)
    return HMO_OK;
  pthread_mutex_lock(&pool->lock);
  int status = HMO_OK;
  if (pool->objects != 0 || pool->structs_out != 0)
    status = hmo__fail(HMO_EBUSY, 0,
                       "%s: %zu %s of the pool %s still alive and %zu freed %s still referenced "
                       "(free or release them first)",
                       op, pool->objects, pool->objects == 1 ? "object" : "objects",
                       pool->objects == 1 ? "is" : "are", pool->structs_out - pool->objects,
                       pool->structs_out - pool->objects == 1 ? "one" : "ones");
  for (size_t i = 0; status == HMO_OK && i < pool->segment_count; i++)
    if (pool->segments[i].mapped)
      status = unmap_segment(pool, i, op);
  if (status == HMO_OK)
    status = hmo__check_hip(hipMemAddressFree(pool->base, pool->reserved), "hipMemAddressFree", op);
  pthread_mutex_unlock(&pool->lock);
  if (status != HMO_OK)
    return status;
  while (pool->waiting > 0) {
    pool_object *obj = pool->oldest;
    pool->oldest = obj->next;
    pool->waiting--;
    free_object(obj);
  }
  atomic_fetch_sub(&pool->dev->pools, 1);
  hmo__space_fini(&pool->space);
  free(pool->segments);
  pthread_mutex_destroy(&pool->lock);
  free(pool);
  return HMO_OK;
}

/* ---- queries, under the pool's lock ---- */

#define POOL_QUERY(pool, expr)                                                                     \
  do {                                                                                             \
    if ((pool) == NULL)                                                                            \
      return 0;                                                                                    \
    pthread_mutex_lock(&((hmo_pool *)(pool))->lock);                                               \
    size_t value_ = (expr);                                                                        \
    pthread_mutex_unlock(&((hmo_pool *)(pool))->lock);                                             \
    return value_;                                                                                 \
  } while (0)

HMO_API size_t hmo_pool_capacity(const hmo_pool *pool) { POOL_QUERY(pool, pool->capacity); }
HMO_API size_t hmo_pool_bytes_mapped(const hmo_pool *pool) { POOL_QUERY(pool, pool->bytes_mapped); }
HMO_API size_t hmo_pool_bytes_in_use(const hmo_pool *pool) { POOL_QUERY(pool, pool->bytes_in_use); }
HMO_API size_t hmo_pool_objects(const hmo_pool *pool) { POOL_QUERY(pool, pool->objects); }
