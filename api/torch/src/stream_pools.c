/*
 * stream_pools.c: each stream's own device memory, as PyTorch's allocator
 * keeps a segment per stream.
 *
 * A stream has pools by size tier (hmo pools: address space reserved, 2 or
 * 16 MiB segments mapped as objects need them) and a cache of freed large
 * blocks (each its own mapping, too costly to remap per use):
 *
 *   up to 1 MiB     small pools, 128 MiB of address space each
 *   up to 64 MiB    medium pools, 1 GiB each
 *   past 64 MiB     one hmo allocation apiece, cached by size class
 *
 * Memory freed on a stream goes back to that stream's pool at once (hmo
 * merges it with its free neighbours) and serves its next alloc: the stream
 * runs its work in order. Another stream takes from it only when its own
 * pools have no room and the owner's work queued so far has completed, which
 * one event per stream tells, recorded lazily: only when another stream asks
 * and memory came back since the last record (an event recorded later than a
 * free still completes after the work before it). So a free costs no HIP
 * call; PyTorch's allocator and RMM's record at every free or cross-stream use.
 */
#include <stdint.h>
#include <stdlib.h>

#include "torch_base.h"

#define SMALL_POOL_BYTES ((size_t)128 << 20)
#define MEDIUM_POOL_BYTES ((size_t)1 << 30)

/* ---- events ---- */

hipEvent_t torch__event_take(torch_device *d) {
  if (d->n_spare)
    return d->spare_events[--d->n_spare];
  hipEvent_t event = NULL;
  int saved;
  if (!torch__enter(d, &saved))
    return NULL;
  if (hipEventCreateWithFlags(&event, hipEventDisableTiming) != hipSuccess)
    event = NULL;
  torch__leave(d, saved);
  return event;
}

void torch__event_give(torch_device *d, hipEvent_t event) {
  if (!TORCH_ROOM(d->spare_events, d->n_spare, d->cap_spare, 8)) {
    (void)hipEventDestroy(event);
    return;
  }
  d->spare_events[d->n_spare++] = event;
}

bool torch__stream_done(torch_device *d, torch_stream *s) {
  if (!s->event && !(s->event = torch__event_take(d)))
    return false;
  if (s->dirty) {
    if (hipEventRecord(s->event, s->handle) != hipSuccess)
      return false;
    s->dirty = false;
    d->stats.event_records++;
  }
  return hipEventQuery(s->event) == hipSuccess;
}

/* Whether s may use t's memory now: t's work is done, or (HMO_TORCH_STREAM_WAIT) s was made to
 * wait for it. */
static bool may_take(torch_device *d, torch_stream *s, torch_stream *t) {
  if (torch__stream_done(d, t))
    return true;
  if (!d->stream_wait || !t->event || hipStreamWaitEvent(s->handle, t->event, 0) != hipSuccess)
    return false;
  d->stats.stream_waits++;
  return true;
}

/* ---- streams ---- */

torch_stream *torch__stream_of(torch_device *d, hipStream_t handle) {
  for (size_t i = 0; i < d->n_streams; i++)
    if (d->streams[i]->handle == handle)
      return d->streams[i];
  if (!TORCH_ROOM(d->streams, d->n_streams, d->cap_streams, 4))
    return NULL;
  torch_stream *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  s->handle = handle;
  d->streams[d->n_streams++] = s;
  return s;
}

/* ---- pools ---- */

static torch_pools *tier_of(torch_stream *s, size_t bytes) {
  return bytes <= TORCH_SMALL_MAX ? &s->small : &s->medium;
}

static size_t tier_capacity(const torch_device *d, size_t bytes) {
  size_t capacity = bytes <= TORCH_SMALL_MAX ? SMALL_POOL_BYTES : MEDIUM_POOL_BYTES;
  return capacity < d->total_bytes ? capacity : d->total_bytes;
}

/* Reads each pool's mapped bytes again (after a trim). */
static void tier_recount(torch_pools *tier) {
  tier->mapped = 0;
  for (size_t i = 0; i < tier->count; i++) {
    tier->pool_mapped[i] = hmo_pool_bytes_mapped(tier->pools[i]);
    tier->mapped += tier->pool_mapped[i];
  }
}

/* Whether the tier's mapped segments have `bytes` free, by its own count (a hint: the free
 * bytes may be in pieces). */
static bool has_room(const torch_pools *tier, size_t bytes) {
  return tier->mapped - tier->in_use >= bytes;
}

/* Counts an object of `bytes` placed in pool i, and the segments that mapped for it. */
static void pool_counted(torch_pools *tier, size_t i, size_t bytes) {
  size_t mapped = hmo_pool_bytes_mapped(tier->pools[i]);
  tier->mapped += mapped - tier->pool_mapped[i];
  tier->pool_mapped[i] = mapped;
  tier->in_use += bytes;
}

/* An object of `bytes` from the tier's pools, newest first; with `grow`, adding a pool when all
 * are full. The device's own failures (out of memory) end it at once. */
static int tier_alloc(torch_device *d, torch_pools *tier, size_t bytes, bool grow,
                      hmo_memory **out) {
  int status = HMO_ENOMEM;
  for (size_t i = tier->count; i-- > 0;) {
    status = hmo_pool_alloc(out, tier->pools[i], bytes, HMO_BYTE, NULL);
    if (status == HMO_OK) {
      pool_counted(tier, i, bytes);
      return HMO_OK;
    }
    if (status != HMO_ENOMEM || hmo_error_last()->hip_error != 0)
      return status;
  }
  if (!grow)
    return status;
  size_t cap_mapped = tier->cap; /* the two arrays grow together; a spare slot is harmless */
  if (!TORCH_ROOM(tier->pool_mapped, tier->count, cap_mapped, 2) ||
      !TORCH_ROOM(tier->pools, tier->count, tier->cap, 2)) {
    torch__fail("device %d: no host memory for a pool's record", d->id);
    return HMO_ENOMEM;
  }
  hmo_pool *pool;
  status = hmo_pool_create(&pool, d->dev, tier_capacity(d, bytes));
  if (status != HMO_OK)
    return status;
  tier->pool_mapped[tier->count] = 0;
  tier->pools[tier->count++] = pool;
  status = hmo_pool_alloc(out, pool, bytes, HMO_BYTE, NULL);
  if (status == HMO_OK)
    pool_counted(tier, tier->count - 1, bytes);
  return status;
}

static void tier_trim(torch_pools *tier, bool destroy_empty) {
  size_t kept = 0;
  for (size_t i = 0; i < tier->count; i++) {
    hmo_pool *pool = tier->pools[i];
    if (destroy_empty && hmo_pool_objects(pool) == 0 && hmo_pool_destroy(pool) == HMO_OK)
      continue;
    (void)hmo_pool_trim(pool);
    tier->pools[kept++] = pool;
  }
  tier->count = kept;
  tier_recount(tier);
  if (kept == 0) {
    free(tier->pools);
    free(tier->pool_mapped);
    tier->pools = NULL;
    tier->pool_mapped = NULL;
    tier->cap = 0;
  }
}

/* ---- large blocks ---- */

static torch_block *large_pop(torch_stream *s, unsigned cls) {
  torch_block **slot = &s->large[cls - TORCH_LARGE_FIRST];
  torch_block *block = *slot;
  if (block) {
    *slot = block->next;
    block->next = NULL;
    s->large_cached -= block->bytes;
  }
  return block;
}

static void large_drop(torch_device *d, torch_block *block) {
  d->large_mapped -= hmo_memory_capacity(block->mem);
  hmo_memory_release(block->mem);
  torch__block_struct_give(d, block);
}

/* ---- new memory, within the fraction, giving back what is idle when the device is full ---- */

static bool device_full(int status) {
  return status == HMO_ENOMEM && hmo_error_last()->hip_error != 0;
}

/* New memory for s; while s captures a graph nothing is given back (that waits or touches
 * events, which a capture forbids). */
static int grow(torch_device *d, torch_stream *s, size_t bytes, bool capturing, hmo_memory **out) {
  int attempts = capturing ? 1 : 3;
  for (int attempt = 0; torch__mapped_bytes(d) + bytes > d->cap_bytes; attempt++) {
    if (attempt == attempts - 1) {
      torch__fail("device %d: %zu more bytes would pass the memory fraction's %zu (%zu mapped)",
                  d->id, bytes, d->cap_bytes, torch__mapped_bytes(d));
      return HMO_ENOMEM;
    }
    torch__device_flush(d, attempt == 1);
  }
  int status = HMO_ENOMEM;
  for (int attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0)
      torch__device_flush(d, attempt == 2); /* first what is idle, then all, after a wait */
    if (bytes > TORCH_MEDIUM_MAX) {
      status = hmo_memory_alloc(out, d->dev, bytes, HMO_BYTE, NULL);
      if (status == HMO_OK)
        d->large_mapped += hmo_memory_capacity(*out);
    } else {
      status = tier_alloc(d, tier_of(s, bytes), bytes, true, out);
    }
    if (!device_full(status))
      break;
  }
  if (status != HMO_OK)
    torch__fail("device %d: %zu bytes: %s", d->id, bytes, hmo_error_last()->message);
  return status;
}

static torch_block *block_for(torch_device *d, hmo_memory *mem, size_t bytes, unsigned cls,
                              torch_stream *home) {
  torch_block *block = torch__block_struct(d);
  if (!block) {
    if (bytes > TORCH_MEDIUM_MAX) {
      d->large_mapped -= hmo_memory_capacity(mem);
    } else {
      tier_of(home, bytes)->in_use -= bytes;
    }
    hmo_memory_release(mem);
    torch__fail("device %d: no host memory for a block's record", d->id);
    return NULL;
  }
  block->mem = mem;
  block->ptr = hmo_memory_ptr(mem);
  block->bytes = bytes;
  block->cls = cls;
  block->home = home;
  return block;
}

static torch_block *large_alloc(torch_device *d, torch_stream *s, unsigned cls, bool capturing) {
  torch_block *block = large_pop(s, cls);
  if (block) {
    d->stats.same_stream_reuses++;
    return block;
  }
  for (size_t i = 0; !capturing && i < d->n_streams; i++) {
    torch_stream *t = d->streams[i];
    if (t != s && t->large[cls - TORCH_LARGE_FIRST] && may_take(d, s, t)) {
      block = large_pop(t, cls);
      block->home = s; /* freed on s, it is cached on s */
      d->stats.cross_stream_reuses++;
      return block;
    }
  }
  hmo_memory *mem;
  if (grow(d, s, torch__class_bytes(cls), capturing, &mem) != HMO_OK)
    return NULL;
  d->stats.growths++;
  return block_for(d, mem, torch__class_bytes(cls), cls, s);
}

torch_block *torch__stream_alloc(torch_device *d, torch_stream *s, size_t bytes, unsigned cls,
                                 bool capturing) {
  if (bytes > TORCH_MEDIUM_MAX)
    return large_alloc(d, s, cls, capturing);
  hmo_memory *mem;
  torch_pools *own = tier_of(s, bytes);
  if (has_room(own, bytes) && tier_alloc(d, own, bytes, false, &mem) == HMO_OK) {
    d->stats.same_stream_reuses++;
    return block_for(d, mem, bytes, cls, s);
  }
  for (size_t i = 0; !capturing && i < d->n_streams; i++) {
    torch_stream *t = d->streams[i];
    torch_pools *theirs = tier_of(t, bytes);
    if (t != s && has_room(theirs, bytes) && may_take(d, s, t) &&
        tier_alloc(d, theirs, bytes, false, &mem) == HMO_OK) {
      d->stats.cross_stream_reuses++;
      return block_for(d, mem, bytes, cls, t);
    }
  }
  if (grow(d, s, bytes, capturing, &mem) != HMO_OK)
    return NULL;
  d->stats.growths++;
  return block_for(d, mem, bytes, cls, s);
}

void torch__stream_take_back(torch_device *d, torch_block *block) {
  if (block->bytes > TORCH_MEDIUM_MAX) {
    torch_stream *s = block->stream; /* every other user is done: cached where it was used */
    torch_block **slot = &s->large[block->cls - TORCH_LARGE_FIRST];
    block->home = s;
    block->next = *slot;
    *slot = block;
    s->large_cached += block->bytes;
    s->dirty = true;
    return;
  }
  tier_of(block->home, block->bytes)->in_use -= block->bytes;
  block->home->dirty = true;
  hmo_memory_release(block->mem);
  torch__block_struct_give(d, block);
}

void torch__stream_trim(torch_device *d, torch_stream *s, bool all) {
  for (unsigned k = 0; k < TORCH_LARGE_CLASSES; k++)
    while (s->large[k])
      large_drop(d, large_pop(s, TORCH_LARGE_FIRST + k));
  tier_trim(&s->small, all);
  tier_trim(&s->medium, all);
}

bool torch__stream_empty(const torch_stream *s) {
  return s->small.count == 0 && s->medium.count == 0 && s->large_cached == 0;
}

void torch__stream_free(torch_device *d, torch_stream *s) {
  if (s->event)
    torch__event_give(d, s->event);
  free(s->small.pools);
  free(s->small.pool_mapped);
  free(s->medium.pools);
  free(s->medium.pool_mapped);
  free(s);
}

/* The tiers' own counts: segments map only in an alloc and unmap only in a trim, each of
   which counts them again. */
size_t torch__stream_mapped(const torch_stream *s) { return s->small.mapped + s->medium.mapped; }
