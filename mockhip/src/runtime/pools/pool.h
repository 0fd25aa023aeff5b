/*
 * pool.h: what the files of the stream-ordered memory pools share. Three
 * mechanisms, one file each, as clr splits them:
 *
 *   pool_heap.c   an address range cut into blocks: best fit, split, merge
 *                 (rocclr's VmHeap block lists);
 *   pool_space.c  where a pool's memory lives: for an ordinary pool, four
 *                 address-space heaps whose physical memory comes and goes in
 *                 chunks (rocclr's VmHeapArray, which the newest clr uses for
 *                 every pool that is not shareable); for a shareable pool, one
 *                 memory file with a mapping per block (clr's direct
 *                 allocations, ROCCLR_MEM_INTERPROCESS);
 *   mempool.c     the pool: busy and free blocks, reuse between streams,
 *                 release at synchronisation, trim, attributes and access
 *                 (hip_mempool_impl.cpp), and each device's default and
 *                 current pool (hip_device.cpp).
 *
 * Their entry points live in memory/, above streams/ (mempool_api.c,
 * mempool_ipc.c, async_memory.c); streams/ and the other rooms see the pools
 * through the last section. Everything here runs under the state's write
 * lock unless its comment says otherwise.
 */
#ifndef MH_POOL_H
#define MH_POOL_H

#include "diag/diag.h"

/* ---- an address range cut into blocks (pool_heap.c) ---- */

typedef struct mh_heap_span {
  size_t offset, bytes;
  struct mh_heap_span *prev, *next;
} mh_heap_span;

typedef struct mh_heap {
  mh_heap_span *free_list; /* by offset, neighbours merged */
  size_t bytes;            /* the whole range */
  size_t free_bytes;
} mh_heap;

/* The whole range free. false when there is no memory for the first span. */
MH_HIDDEN bool mh__heap_init(mh_heap *heap, size_t bytes);
MH_HIDDEN void mh__heap_fini(mh_heap *heap);

/* A span of exactly `bytes` cut from the best-fitting free one (the first of that size, else
   the smallest larger, whose front is taken); NULL when none fits or no record can be made. */
MH_HIDDEN mh_heap_span *mh__heap_take(mh_heap *heap, size_t bytes);

/* Gives a span take returned back, merged with free neighbours (the record may be freed). */
MH_HIDDEN void mh__heap_give(mh_heap *heap, mh_heap_span *span);

/* ---- where a pool's memory lives (pool_space.c) ---- */

/* Makes pool->space: chunked address-space heaps, or for a shareable pool (`shareable`) a
   memory file, or for an imported pool (`file` not NULL) the exporter's file, adopted. */
MH_HIDDEN hipError_t mh__space_new(mh_state *state, mh_pool *pool, bool shareable,
                                   const mh_os_memory *file);
/* Gives everything back; every block must be released already. */
MH_HIDDEN void mh__space_free(mh_state *state, mh_pool *pool);

/* Places a new block of `bytes`: sets block->base and where it lies, maps what it needs with
   the pool's access, charges the device. hipErrorOutOfMemory, reason recorded. */
MH_HIDDEN hipError_t mh__space_alloc(mh_state *state, mh_pool *pool, size_t bytes,
                                     mh_pool_block *block);
/* Gives a block's memory back (clr's Heap::EraseAllocation). */
MH_HIDDEN void mh__space_release(mh_state *state, mh_pool *pool, mh_pool_block *block);

/* Whether the pool's memory comes from the chunked heaps (ReservedMem counts chunks). */
MH_HIDDEN bool mh__space_chunked(const mh_pool *pool);
/* The chunks mapped now and at most since the last reset (VmHeapArray's MappedSize,
   MaxMappedSize, ResetMaxMappedSize); 0 for a pool of another kind. */
MH_HIDDEN uint64_t mh__space_mapped(const mh_pool *pool);
MH_HIDDEN uint64_t mh__space_mapped_high(const mh_pool *pool);
MH_HIDDEN void mh__space_reset_mapped_high(mh_pool *pool);
/* Mapped chunks no busy block uses (FreeMappedSize). */
MH_HIDDEN uint64_t mh__space_free_mapped(const mh_pool *pool);
/* VmHeapArray::SetUnmapThreshold: the release threshold, for chunks. */
MH_HIDDEN void mh__space_set_threshold(mh_pool *pool, uint64_t threshold);
/* VmHeapArray::TrimPhysMemory: unmaps free chunks until at most `keep` bytes of them stay. */
MH_HIDDEN void mh__space_trim(mh_state *state, mh_pool *pool, uint64_t keep);
/* Gives every mapping of the pool the pool's access now (after hipMemPoolSetAccess). */
MH_HIDDEN hipError_t mh__space_apply_access(mh_state *state, mh_pool *pool);

/* The shareable pool's file, its data's offset in it; NULL for a pool of another kind. */
MH_HIDDEN const mh_os_memory *mh__space_file(const mh_pool *pool, size_t *data_offset);
/* Maps `span_bytes` of the file from data offset span_offset for an imported pointer: sets
   block->base, its reservation, phys and mapping. */
MH_HIDDEN hipError_t mh__space_attach(mh_state *state, mh_pool *pool, size_t span_offset,
                                      size_t span_bytes, mh_pool_block *block);

/* The access each slot (devices, then the host) has to the pool's memory: the own device
   ReadWrite, a device hipMemPoolSetAccess enabled ReadWrite (clr enables peer access,
   whether Read or ReadWrite was asked), the rest none. */
MH_HIDDEN void mh__pool_access_slots(const mh_state *state, const mh_pool *pool,
                                     unsigned char *slots);

/* ---- the pool (mempool.c) ---- */

/* The numbers the reports give: pool#N. */
static inline unsigned long long mh__pool_number(const mh_pool *pool) {
  return mh__id_number(pool->id, MH_ID_POOL);
}

/* A new pool on device (registered, with an id; counted as live unless is_default). */
MH_HIDDEN hipError_t mh__pool_new(mh_state *state, int device, int alloc_type, int handle_types,
                                  size_t max_bytes, bool is_default, const mh_os_memory *file,
                                  mh_pool **out);

/* The pool a handle names; a NULL, unknown or destroyed one is hipErrorInvalidValue with the
   reason naming `what` (ROCm dereferences it: a destroyed pool is a use after free). */
MH_HIDDEN hipError_t mh__pool_get(mh_state *state, hipMemPool_t handle, const char *what,
                                  mh_pool **out);

/* Device's default pool, made on first use; NULL with the reason when there is no memory. */
MH_HIDDEN mh_pool *mh__pool_default(mh_state *state, int device);
/* Device's current pool: hipDeviceSetMemPool's, else the default. */
MH_HIDDEN mh_pool *mh__pool_current(mh_state *state, int device);

/* clr MemoryPool::AllocateMemory: a free block fit for reuse by `stream` (a stream key), or a
   new one, which the synchronisation checker takes as new memory. hipErrorOutOfMemory, reason
   recorded. */
MH_HIDDEN hipError_t mh__pool_allocate(mh_state *state, mh_pool *pool, size_t bytes,
                                       uint64_t stream, mockhip_api made_by, void **out);

/* An imported block (hipMemPoolImportPointer), its memory placed: busy in pool from now on,
   as clr's AddBusyMemory. */
MH_HIDDEN void mh__pool_adopt(mh_state *state, mh_pool *pool, mh_pool_block *block,
                              mockhip_api made_by);

/* clr MemoryPool::FreeMemory: the busy block back to its pool's free blocks; stream 0 is
   hipFree's (no stream, no marker). A block freed already is hipErrorInvalidValue. */
MH_HIDDEN hipError_t mh__pool_free(mh_state *state, mh_pool_block *block, uint64_t stream);

/* clr MemoryPool::ReleaseFreedMemory: what the release threshold lets go, at a sync. */
MH_HIDDEN void mh__pool_release_freed(mh_state *state, mh_pool *pool);
/* clr MemoryPool::TrimTo. */
MH_HIDDEN void mh__pool_trim(mh_state *state, mh_pool *pool, size_t keep);
/* hipMemPoolDestroy's end: the pool goes now, or with its last busy block. */
MH_HIDDEN void mh__pool_destroy(mh_state *state, mh_pool *pool);

/* clr MemoryPool::SetAttribute / GetAttribute (value checked non-NULL by the caller). */
MH_HIDDEN hipError_t mh__pool_set_attribute(mh_pool *pool, int attr, const void *value);
MH_HIDDEN hipError_t mh__pool_get_attribute(const mh_pool *pool, int attr, void *value);

/* ---- memory pools, as the rooms above see them (mempool.c) ---- */

/* How pools name a stream: its id, or for the null stream (NULL) the current device + 1. */
MH_HIDDEN uint64_t mh__stream_key(const mh_stream *stream);

/* clr Device::ReleaseFreedMemory: every pool of device gives back what its release threshold
   lets go (hipStreamSynchronize, hipDeviceSynchronize, a free of memory of no pool). */
/* Whether a pool of the device caches freed blocks: asked under the read lock, so that a
   synchronize with nothing to release takes no write lock. */
MH_HIDDEN bool mh__pools_hold_freed(mh_state *state, int device);
MH_HIDDEN void mh__pools_release_freed(mh_state *state, int device);

/* clr Device::RemoveStreamFromPools: a destroyed stream may reuse nothing any more. */
MH_HIDDEN void mh__pools_forget_stream(mh_state *state, uint64_t stream);

/* clr Device::AddSafeStream (hipStreamWaitEvent): wait_stream may reuse what event_stream
   freed before the event, in the pools of device that follow event dependencies. */
MH_HIDDEN void mh__pools_stream_waits(mh_state *state, int device, uint64_t event_stream,
                                      uint64_t wait_stream);

/* clr Device::Reset: every pool of device goes, with all its memory, busy or not. */
MH_HIDDEN void mh__pools_reset(mh_state *state, int device);

/* Frees the pool block holding ptr (an interior address frees it whole, as clr finds memory
   by containment) back to its pool, stream 0 being hipFree's; *was_pool false and hipSuccess
   when no pool block holds ptr. */
MH_HIDDEN hipError_t mh__pool_free_at(mh_state *state, const void *ptr, uint64_t stream,
                                      bool *was_pool);

#endif /* MH_POOL_H */
