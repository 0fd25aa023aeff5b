/*
 * mempool.c: the memory pool, as clr's hip::MemoryPool and its two heaps
 * (hipamd/src/hip_mempool_impl.cpp), and each device's pools as hip::Device
 * keeps them (hip_device.cpp: the default pool, the current one, release at
 * synchronisation, hipDeviceReset).
 *
 * A pool hands out blocks and takes them back. A freed block is cached on the
 * pool's free list, sorted by size, with the streams that may reuse it
 * without waiting: the one that allocated it and the one that freed it, and
 * any stream that waited on an event recorded after the free when the pool
 * follows event dependencies. A later allocation of at most 9/8 of a cached
 * block's size takes the first such block its stream may reuse; with
 * ReuseAllowOpportunistic any stream may, once the free's marker completed,
 * which in the mock is at once (work runs at the call). Cached blocks go back
 * to pool_space.c at hipStreamSynchronize and hipDeviceSynchronize (down to
 * the release threshold, or all of them for a chunked pool, whose chunks then
 * follow the threshold), at hipMemPoolTrimTo, at a free that finds more
 * cached than busy (clr's pressure rule), and when the pool goes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/pools/pool.h"

/* ---- stream keys ---- */

uint64_t mh__stream_key(const mh_stream *stream) {
  return stream != NULL ? stream->id : (uint64_t)mh__current_device() + 1;
}

/* ---- the pools of the process ---- */

hipError_t mh__pool_new(mh_state *s, int device, int alloc_type, int handle_types, size_t max_bytes,
                        bool is_default, const mh_os_memory *file, mh_pool **out) {
  mh_pool *pool = calloc(1, sizeof *pool);
  if (pool == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool");
  pool->device = device;
  pool->alloc_type = alloc_type;
  pool->handle_types = handle_types;
  pool->max_bytes = max_bytes;
  pool->is_default = is_default;
  pool->imported = file != NULL;
  /* clr's MemoryPool constructor: every reuse rule on, threshold 0. */
  pool->event_dependencies = pool->opportunistic = pool->internal_dependencies = true;
  pool->site = mh__call_site();
  pool->id = mh__new_id(s, MH_ID_POOL);
  if (mh__idmap_put(&s->pool_ids, pool->id, pool) != 0) {
    free(pool);
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool registry");
  }
  hipError_t err = mh__space_new(s, pool, handle_types != hipMemHandleTypeNone, file);
  if (err != hipSuccess) {
    mh__idmap_del(&s->pool_ids, pool->id);
    free(pool);
    return err;
  }
  pool->next = s->pools;
  if (s->pools != NULL)
    s->pools->prev = pool;
  s->pools = pool;
  if (!is_default)
    s->live_pools++;
  *out = pool;
  return hipSuccess;
}

hipError_t mh__pool_get(mh_state *s, hipMemPool_t handle, const char *what, mh_pool **out) {
  uint64_t id = (uint64_t)(uintptr_t)handle;
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", what);
  *out = mh__idmap_get(&s->pool_ids, id);
  if (*out != NULL)
    return hipSuccess;
  if (mh__id_was_issued(s, id, MH_ID_POOL))
    return mh__profile_crash(hipErrorInvalidValue,
                             "%s pool#%llu was destroyed (hipMemPoolDestroy, or hipDeviceReset of "
                             "its device): ROCm would use freed memory",
                             what, mh__id_number(id, MH_ID_POOL));
  return mh__profile_crash(hipErrorInvalidValue,
                           "%s %p is no pool: it never came from hipMemPoolCreate, "
                           "hipDeviceGetDefaultMemPool, hipDeviceGetMemPool or "
                           "hipMemPoolImportFromShareableHandle, and ROCm would read it as one",
                           what, (void *)handle);
}

mh_pool *mh__pool_default(mh_state *s, int device) {
  if (s->default_pool[device] == NULL &&
      mh__pool_new(s, device, hipMemAllocationTypePinned, hipMemHandleTypeNone, 0, true, NULL,
                   &s->default_pool[device]) != hipSuccess)
    return NULL;
  return s->default_pool[device];
}

mh_pool *mh__pool_current(mh_state *s, int device) {
  return s->current_pool[device] != NULL ? s->current_pool[device] : mh__pool_default(s, device);
}

/* ---- a block's streams ---- */

static bool safe_has(const mh_pool_block *block, uint64_t stream) {
  for (size_t i = 0; i < block->safe_count; i++)
    if (block->safe[i] == stream)
      return true;
  return false;
}

/* Without memory for it the stream is not noted: fewer reuses, nothing wrong. */
static void safe_add(mh_pool_block *block, uint64_t stream) {
  if (stream == 0 || safe_has(block, stream))
    return;
  if (block->safe_count == block->safe_capacity) {
    size_t capacity = block->safe_capacity ? 2 * block->safe_capacity : 4;
    uint64_t *grown = realloc(block->safe, capacity * sizeof *grown);
    if (grown == NULL)
      return;
    block->safe = grown;
    block->safe_capacity = capacity;
  }
  block->safe[block->safe_count++] = stream;
}

static void safe_remove(mh_pool_block *block, uint64_t stream) {
  for (size_t i = 0; i < block->safe_count; i++)
    if (block->safe[i] == stream) {
      block->safe[i] = block->safe[--block->safe_count];
      return;
    }
}

/* clr MemoryTimestamp::IsSafeFind, whose event has always completed here. */
static bool safe_find(const mh_pool_block *block, uint64_t stream, bool opportunistic) {
  return safe_has(block, stream) || opportunistic || !block->has_event;
}

/* ---- the busy and free lists ---- */

static void list_remove(mh_pool_block **head, mh_pool_block *block) {
  if (block->prev != NULL)
    block->prev->next = block->next;
  else
    *head = block->next;
  if (block->next != NULL)
    block->next->prev = block->prev;
  block->prev = block->next = NULL;
}

static void busy_add(mh_state *s, mh_pool *pool, mh_pool_block *block) {
  block->busy = true;
  block->next = pool->busy;
  if (pool->busy != NULL)
    pool->busy->prev = block;
  pool->busy = block;
  pool->busy_count++;
  pool->busy_bytes += block->bytes;
  if (pool->busy_bytes > pool->used_high)
    pool->used_high = pool->busy_bytes;
  s->live_pool_blocks++;
}

static void busy_remove(mh_state *s, mh_pool *pool, mh_pool_block *block) {
  list_remove(&pool->busy, block);
  block->busy = false;
  pool->busy_count--;
  pool->busy_bytes -= block->bytes;
  s->live_pool_blocks--;
}

/* The free list in clr's SortedMap order: by size, then (here) by address. */
static void free_add(mh_pool *pool, mh_pool_block *block) {
  mh_pool_block *before = NULL, *after = pool->free;
  while (after != NULL && (after->bytes < block->bytes ||
                           (after->bytes == block->bytes && after->base < block->base))) {
    before = after;
    after = after->next;
  }
  block->prev = before;
  block->next = after;
  if (before != NULL)
    before->next = block;
  else
    pool->free = block;
  if (after != NULL)
    after->prev = block;
  pool->free_count++;
  pool->free_bytes += block->bytes;
}

static void free_remove(mh_pool *pool, mh_pool_block *block) {
  list_remove(&pool->free, block);
  pool->free_count--;
  pool->free_bytes -= block->bytes;
}

/* The block's memory back to pool_space.c and its record gone (clr Heap::EraseAllocation). */
static void block_erase(mh_state *s, mh_pool *pool, mh_pool_block *block) {
  mh__space_release(s, pool, block);
  mh__tree_remove(&s->pool_blocks, &block->node);
  free(block->safe);
  free(block);
}

/* ---- clr's Heap::ReleaseAllMemory, both of them ---- */

/* ReleaseAllMemory(min_bytes_to_hold): cached blocks, smallest first, while more than `keep`
   bytes are cached; then, if every block could be looked at, free chunks down to `keep`. */
static void release_down_to(mh_state *s, mh_pool *pool, uint64_t keep) {
  for (mh_pool_block *block = pool->free, *next; block != NULL; block = next) {
    if (pool->free_bytes <= keep)
      return;
    next = block->next;
    free_remove(pool, block);
    block_erase(s, pool, block);
  }
  mh__space_trim(s, pool, keep);
}

void mh__pool_release_freed(mh_state *s, mh_pool *pool) {
  /* A chunked pool gives every cached block back: its chunks keep the threshold. */
  bool chunked = mh__space_chunked(pool);
  for (mh_pool_block *block = pool->free, *next; block != NULL; block = next) {
    if (!chunked && pool->free_bytes <= pool->release_threshold)
      return;
    next = block->next;
    free_remove(pool, block);
    block_erase(s, pool, block);
  }
}

void mh__pool_trim(mh_state *s, mh_pool *pool, size_t keep) { release_down_to(s, pool, keep); }

/* Every block, busy ones too, and the pool itself. */
static void pool_delete(mh_state *s, mh_pool *pool) {
  while (pool->free != NULL) {
    mh_pool_block *block = pool->free;
    free_remove(pool, block);
    block_erase(s, pool, block);
  }
  while (pool->busy != NULL) {
    mh_pool_block *block = pool->busy;
    busy_remove(s, pool, block);
    block_erase(s, pool, block);
  }
  mh__space_free(s, pool);
  if (pool->prev != NULL)
    pool->prev->next = pool->next;
  else
    s->pools = pool->next;
  if (pool->next != NULL)
    pool->next->prev = pool->prev;
  if (!pool->destroyed) {
    mh__idmap_del(&s->pool_ids, pool->id);
    if (!pool->is_default)
      s->live_pools--;
  }
  if (s->default_pool[pool->device] == pool)
    s->default_pool[pool->device] = NULL;
  if (s->current_pool[pool->device] == pool)
    s->current_pool[pool->device] = NULL;
  free(pool);
}

void mh__pool_destroy(mh_state *s, mh_pool *pool) {
  mh__pool_release_freed(s, pool);
  if (s->current_pool[pool->device] == pool)
    s->current_pool[pool->device] = NULL; /* the default is current again */
  mh__idmap_del(&s->pool_ids, pool->id);
  pool->destroyed = true;
  s->live_pools--;
  /* Each busy block holds a reference on the pool (AllocateMemory's retain). */
  if (pool->busy_count == 0)
    pool_delete(s, pool);
}

/* ---- allocate and free ---- */

/* clr Heap::FindMemory: the first cached block of `bytes` to 9/8 of it that `stream` may
   reuse. */
static mh_pool_block *find_reusable(mh_pool *pool, size_t bytes, uint64_t stream) {
  double limit = (double)bytes / 8.0 * 9;
  for (mh_pool_block *block = pool->free; block != NULL; block = block->next) {
    if (block->bytes < bytes)
      continue;
    if ((double)block->bytes > limit)
      return NULL;
    if (safe_find(block, stream, pool->opportunistic))
      return block;
  }
  return NULL;
}

/* A block record for memory just placed, in the registry. */
static void block_register(mh_state *s, mh_pool_block *block, mh_pool *pool) {
  block->pool = pool;
  block->number = ++s->pool_block_number;
  block->node.key = block->base;
  mh__tree_insert(&s->pool_blocks, &block->node);
}

static hipError_t new_block(mh_state *s, mh_pool *pool, size_t bytes, mh_pool_block **out) {
  /* clr AllocateMemory: maxSize against the most the pool ever held, then the device. */
  if (pool->max_bytes != 0 && pool->total_high + bytes > pool->max_bytes)
    return mh__fail(hipErrorOutOfMemory,
                    "pool#%llu has held up to %llu bytes, and %zu more would pass its maxSize "
                    "of %zu (ROCm compares with the most it ever held, not what it holds now)",
                    mh__pool_number(pool), (unsigned long long)pool->total_high, bytes,
                    pool->max_bytes);
  if (bytes > s->options.device_memory)
    return mh__fail(hipErrorOutOfMemory,
                    "size %zu is more than device %d holds in all (%zu bytes, "
                    "MOCKHIP_DEVICE_MEMORY)",
                    bytes, pool->device, s->options.device_memory);
  mh_pool_block *block = calloc(1, sizeof *block);
  if (block == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool block record");
  hipError_t err = mh__space_alloc(s, pool, bytes, block);
  if (err != hipSuccess) {
    free(block);
    return err;
  }
  block->bytes = bytes;
  block_register(s, block, pool);
  *out = block;
  return hipSuccess;
}

hipError_t mh__pool_allocate(mh_state *s, mh_pool *pool, size_t bytes, uint64_t stream,
                             mockhip_api made_by, void **out) {
  mh_pool_block *block = find_reusable(pool, bytes, stream);
  if (block != NULL) {
    free_remove(pool, block); /* it keeps its size, and the marker of its last free */
  } else {
    hipError_t err = new_block(s, pool, bytes, &block);
    if (err != hipSuccess)
      return err;
  }
  block->safe_count = 0;
  safe_add(block, stream);
  block->made_by = made_by;
  block->site = mh__call_site();
  busy_add(s, pool, block);
  if (pool->busy_bytes + pool->free_bytes > pool->total_high)
    pool->total_high = pool->busy_bytes + pool->free_bytes;
  mh__sync_forget(block->base, bytes); /* new memory to the checker, though a free left it */
  *out = (void *)block->base;
  return hipSuccess;
}

void mh__pool_adopt(mh_state *s, mh_pool *pool, mh_pool_block *block, mockhip_api made_by) {
  block_register(s, block, pool);
  block->made_by = made_by;
  block->site = mh__call_site();
  busy_add(s, pool, block);
}

hipError_t mh__pool_free(mh_state *s, mh_pool_block *block, uint64_t stream) {
  mh_pool *pool = block->pool;
  if (!block->busy) {
    mh__misuse(MH_MISUSE_DOUBLE_RELEASE,
               "%s#%lu of pool#%llu is freed a second time; ROCm would free it again "
               "outside its pool",
               mockhip_api_name(block->made_by), block->number, mh__pool_number(pool));
    return mh__fail(hipErrorInvalidValue,
                    "%p is %s#%lu of pool#%llu, freed already: free each allocation once",
                    (void *)block->base, mockhip_api_name(block->made_by), block->number,
                    mh__pool_number(pool));
  }
  /* AMD_DIRECT_DISPATCH: more cached than busy gives the cached back, and when the device is
     nearly full (an eighth free) half of what remains cached too. */
  if (pool->free_bytes > pool->busy_bytes) {
    release_down_to(s, pool, 0);
    int device = mh__current_device();
    if (s->options.device_memory - s->device_used[device] < s->options.device_memory >> 3)
      release_down_to(s, pool, pool->free_bytes >> 1);
  }
  busy_remove(s, pool, block);
  if (stream != 0) {
    /* The freeing stream may reuse it at once; the others after its marker. */
    safe_add(block, stream);
    block->has_event = true;
  }
  free_add(pool, block);
  if (pool->destroyed && pool->busy_count == 0)
    pool_delete(s, pool);
  return hipSuccess;
}

/* ---- attributes ---- */

static hipError_t read_only(int attr) {
  return mh__fail(hipErrorInvalidValue, "attr %d (%s) can only be read: hipMemPoolGetAttribute",
                  attr,
                  attr == hipMemPoolAttrReservedMemCurrent ? "hipMemPoolAttrReservedMemCurrent"
                                                           : "hipMemPoolAttrUsedMemCurrent");
}

static hipError_t reset_only(int attr, uint64_t value) {
  return mh__fail(hipErrorInvalidValue, "attr %d (%s) can only be reset, to 0, not set to %llu",
                  attr,
                  attr == hipMemPoolAttrReservedMemHigh ? "hipMemPoolAttrReservedMemHigh"
                                                        : "hipMemPoolAttrUsedMemHigh",
                  (unsigned long long)value);
}

static hipError_t unknown_attr(int attr) {
  return mh__fail(hipErrorInvalidValue,
                  "attr %d is no hipMemPoolAttr (hipMemPoolReuseFollowEventDependencies, 1, to "
                  "hipMemPoolAttrUsedMemHigh, 8)",
                  attr);
}

hipError_t mh__pool_set_attribute(mh_pool *pool, int attr, const void *value) {
  int32_t flag;
  uint64_t wide;
  memcpy(&flag, value, sizeof flag);
  switch (attr) {
  /* clr stores each Reuse value in a one-bit field: only its lowest bit counts. */
  case hipMemPoolReuseFollowEventDependencies: pool->event_dependencies = flag & 1; break;
  case hipMemPoolReuseAllowOpportunistic: pool->opportunistic = flag & 1; break;
  case hipMemPoolReuseAllowInternalDependencies: pool->internal_dependencies = flag & 1; break;
  case hipMemPoolAttrReleaseThreshold:
    memcpy(&wide, value, sizeof wide);
    pool->release_threshold = wide;
    mh__space_set_threshold(pool, wide);
    break;
  case hipMemPoolAttrReservedMemCurrent:
  case hipMemPoolAttrUsedMemCurrent: return read_only(attr);
  case hipMemPoolAttrReservedMemHigh:
    memcpy(&wide, value, sizeof wide);
    if (wide != 0)
      return reset_only(attr, wide);
    pool->total_high = 0; /* to 0, not to the current value, as clr */
    mh__space_reset_mapped_high(pool);
    break;
  case hipMemPoolAttrUsedMemHigh:
    memcpy(&wide, value, sizeof wide);
    if (wide != 0)
      return reset_only(attr, wide);
    pool->used_high = 0;
    break;
  default: return unknown_attr(attr);
  }
  return hipSuccess;
}

hipError_t mh__pool_get_attribute(const mh_pool *pool, int attr, void *value) {
  int32_t flag;
  uint64_t wide;
  bool chunked = mh__space_chunked(pool);
  switch (attr) {
  case hipMemPoolReuseFollowEventDependencies: flag = pool->event_dependencies; break;
  case hipMemPoolReuseAllowOpportunistic: flag = pool->opportunistic; break;
  case hipMemPoolReuseAllowInternalDependencies: flag = pool->internal_dependencies; break;
  case hipMemPoolAttrReleaseThreshold: wide = pool->release_threshold; break;
  case hipMemPoolAttrReservedMemCurrent:
    wide = chunked ? mh__space_mapped(pool) : pool->busy_bytes + pool->free_bytes;
    break;
  case hipMemPoolAttrReservedMemHigh:
    wide = chunked ? mh__space_mapped_high(pool) : pool->total_high;
    break;
  case hipMemPoolAttrUsedMemCurrent: wide = pool->busy_bytes; break;
  case hipMemPoolAttrUsedMemHigh: wide = pool->used_high; break;
  default: return unknown_attr(attr);
  }
  if (attr <= hipMemPoolReuseAllowInternalDependencies)
    memcpy(value, &flag, sizeof flag);
  else
    memcpy(value, &wide, sizeof wide);
  return hipSuccess;
}

/* ---- the device's side (hip::Device) ---- */

bool mh__pools_hold_freed(mh_state *s, int device) {
  for (const mh_pool *pool = s->pools; pool != NULL; pool = pool->next)
    if (pool->device == device && pool->free != NULL)
      return true;
  return false;
}

void mh__pools_release_freed(mh_state *s, int device) {
  for (mh_pool *pool = s->pools, *next; pool != NULL; pool = next) {
    next = pool->next;
    if (pool->device == device)
      mh__pool_release_freed(s, pool);
  }
}

void mh__pools_forget_stream(mh_state *s, uint64_t stream) {
  for (mh_pool *pool = s->pools; pool != NULL; pool = pool->next)
    for (mh_pool_block *block = pool->free; block != NULL; block = block->next)
      safe_remove(block, stream);
}

void mh__pools_stream_waits(mh_state *s, int device, uint64_t event_stream, uint64_t wait_stream) {
  for (mh_pool *pool = s->pools; pool != NULL; pool = pool->next)
    if (pool->device == device && pool->event_dependencies)
      for (mh_pool_block *block = pool->free; block != NULL; block = block->next)
        if (safe_has(block, event_stream))
          safe_add(block, wait_stream);
}

void mh__pools_reset(mh_state *s, int device) {
  for (mh_pool *pool = s->pools, *next; pool != NULL; pool = next) {
    next = pool->next;
    if (pool->device == device)
      pool_delete(s, pool);
  }
  s->default_pool[device] = NULL;
  s->current_pool[device] = NULL;
}

hipError_t mh__pool_free_at(mh_state *s, const void *ptr, uint64_t stream, bool *was_pool) {
  mh_pool_block *block = mh__pool_block_containing(s, (uintptr_t)ptr);
  *was_pool = block != NULL;
  return block != NULL ? mh__pool_free(s, block, stream) : hipSuccess;
}
