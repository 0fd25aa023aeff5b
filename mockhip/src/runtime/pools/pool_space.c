/*
 * pool_space.c: where a pool's memory lives, built on mockhip's own VMM as
 * ROCm builds its pools on its VMM (reservations, physical memory, mappings
 * with per-device access: vmm/vmm.h's owned objects).
 *
 * An ordinary pool is rocclr's VmHeapArray (platform/vmheap.cpp), which the
 * newest clr uses for every pool that is not shareable
 * (DEBUG_HIP_MEM_POOL_VMHEAP): four address-space heaps of an eighth, a
 * quarter, five eighths and all of the device's memory, each reserved on first
 * use; a block takes its size plus 256 bytes from the first heap with more
 * than that and a chunk free, and physical memory is mapped under it a chunk
 * (32 MiB) at a time. A block given back unmaps the chunks it alone covered
 * while more free chunks stay mapped than the heap's threshold allows, then
 * the whole array trims to what the release threshold says.
 *
 * A shareable pool (handleTypes PosixFileDescriptor) allocates each block
 * directly (clr's SvmBuffer::malloc with ROCCLR_MEM_INTERPROCESS): here one
 * sparse memory file behind one address range, a mapping of the file per
 * block, so that another process can map the same bytes. An imported pool
 * holds the exporter's file and maps what hipMemPoolImportPointer names.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/pools/pool.h"
#include "vmm/vmm.h"

#define HEAPS 4
#define CHUNK_BYTES ((size_t)32 << 20) /* VmHeap::kChunkSize */
#define BLOCK_ALIGN ((size_t)256)      /* VmHeap::kMinBlockAlignment */
/* A heap's address space at most: MOCKHIP_DEVICE_MEMORY may be 1 PiB, more than x86-64 user
   space holds, and a heap is reserved whole. */
#define HEAP_VA_MAX ((size_t)1 << 40)

typedef enum space_kind { SPACE_CHUNKED, SPACE_DIRECT, SPACE_IMPORTED } space_kind;

typedef struct vm_heap {
  mh_heap heap;
  size_t va_bytes;
  bool created;
  mh_region *reservation;
  mh_mapping **chunks; /* va_bytes / chunk entries: the chunk's mapping, or NULL */
  uint64_t mapped_bytes, mapped_high;
  uint64_t unmap_threshold; /* VmHeap's own: set only while the heap exists */
} vm_heap;

typedef struct mh_pool_space {
  space_kind kind;
  size_t chunk;
  vm_heap heaps[HEAPS]; /* SPACE_DIRECT: heaps[0] over the file's data, no chunks */
  uint64_t unmap_threshold;
  mh_os_memory file; /* SPACE_DIRECT, SPACE_IMPORTED: fd -1 otherwise */
  size_t data_offset;
} mh_pool_space;

static size_t align_down(size_t x, size_t to) { return x - x % to; }

/* 32 MiB, or an eighth of a small device's memory (a power of two, at least a granule) so
   that a pool fits where MOCKHIP_DEVICE_MEMORY is tiny. */
static size_t chunk_bytes(const mh_state *s) {
  size_t eighth = s->options.device_memory / 8, chunk = CHUNK_BYTES;
  while (chunk > eighth && chunk > s->options.granularity)
    chunk /= 2;
  return mh__round_up(chunk, s->options.granularity);
}

static size_t heap_va(const mh_state *s, size_t numerator, size_t chunk) {
  size_t bytes = s->options.device_memory / 8 * numerator;
  bytes = mh__round_up(bytes, chunk);
  return bytes > HEAP_VA_MAX ? align_down(HEAP_VA_MAX, chunk) : bytes;
}

void mh__pool_access_slots(const mh_state *s, const mh_pool *pool, unsigned char *slots) {
  for (int d = 0; d < s->options.devices; d++) {
    unsigned flags = pool->access[d];
    bool enabled = pool->access_set[d] &&
                   (flags == hipMemAccessFlagsProtRead || flags == hipMemAccessFlagsProtReadWrite);
    slots[d] =
        d == pool->device || enabled ? hipMemAccessFlagsProtReadWrite : hipMemAccessFlagsProtNone;
  }
  slots[MH_HOST_SLOT(s)] = hipMemAccessFlagsProtNone;
}

hipError_t mh__space_new(mh_state *s, mh_pool *pool, bool shareable, const mh_os_memory *file) {
  mh_pool_space *space = calloc(1, sizeof *space);
  if (space == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool");
  space->file.fd = -1;
  space->chunk = chunk_bytes(s);
  static const size_t eighths[HEAPS] = {1, 2, 5, 8}; /* VmHeapArray's heap0 .. heap3 */
  if (file != NULL) {
    space->kind = SPACE_IMPORTED;
    space->file = *file;
    space->data_offset = s->page_bytes;
  } else if (shareable) {
    space->kind = SPACE_DIRECT;
    space->data_offset = s->page_bytes;
    space->heaps[0].va_bytes = heap_va(s, 8, s->options.granularity);
    int err = mh__os_memory_create(space->data_offset + space->heaps[0].va_bytes, &space->file);
    if (err != 0) {
      free(space);
      return mh__fail(hipErrorOutOfMemory, "cannot create the shareable pool's memory file: %s",
                      strerror(err));
    }
  } else {
    space->kind = SPACE_CHUNKED;
    for (int i = 0; i < HEAPS; i++)
      space->heaps[i].va_bytes = heap_va(s, eighths[i], space->chunk);
  }
  for (int i = 0; i < HEAPS; i++)
    space->heaps[i].heap.free_bytes = space->heaps[i].va_bytes; /* before it is made, too */
  pool->space = space;
  return hipSuccess;
}

/* ---- the chunked heaps ---- */

static hipError_t heap_create(mh_state *s, mh_pool *pool, vm_heap *h, size_t align) {
  size_t chunks = h->va_bytes / pool->space->chunk;
  h->chunks = pool->space->kind == SPACE_CHUNKED ? calloc(chunks, sizeof *h->chunks) : NULL;
  if (pool->space->kind == SPACE_CHUNKED && h->chunks == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool's chunk table");
  hipError_t err = mh__vmm_reserve_owned(s, h->va_bytes, align, pool, &h->reservation);
  if (err == hipSuccess && !mh__heap_init(&h->heap, h->va_bytes)) {
    mh__vmm_unreserve_owned(s, h->reservation);
    err = mh__fail(hipErrorOutOfMemory, "no memory for the pool's heap");
  }
  if (err != hipSuccess) {
    free(h->chunks);
    h->chunks = NULL;
    h->reservation = NULL;
    return err;
  }
  h->created = true;
  return hipSuccess;
}

static hipError_t chunk_commit(mh_state *s, mh_pool *pool, vm_heap *h, size_t i) {
  size_t chunk = pool->space->chunk;
  mh_phys *phys;
  hipError_t err = mh__vmm_phys_owned(s, chunk, pool->device, NULL, pool, &phys);
  if (err != hipSuccess)
    return err;
  unsigned char slots[MH_MAX_DEVICES + 1];
  mh__pool_access_slots(s, pool, slots);
  err = mh__vmm_map_owned(s, h->reservation, h->reservation->base + i * chunk, chunk, phys, slots,
                          &h->chunks[i]);
  if (err != hipSuccess) {
    mh__vmm_phys_owned_free(s, phys);
    return err;
  }
  h->mapped_bytes += chunk;
  if (h->mapped_bytes > h->mapped_high)
    h->mapped_high = h->mapped_bytes;
  return hipSuccess;
}

static void chunk_uncommit(mh_state *s, mh_pool *pool, vm_heap *h, size_t i) {
  mh_phys *phys = h->chunks[i]->phys;
  mh__vmm_unmap_owned(s, h->chunks[i]);
  mh__vmm_phys_owned_free(s, phys);
  h->chunks[i] = NULL;
  h->mapped_bytes -= pool->space->chunk;
}

/* VmHeap::FreeMappedSize: mapped memory no busy block uses. */
static uint64_t heap_free_mapped(const vm_heap *h) {
  uint64_t busy = h->va_bytes - h->heap.free_bytes;
  return h->created && h->mapped_bytes > busy ? h->mapped_bytes - busy : 0;
}

/* VmHeap::UnmapPhysMemory: the chunks wholly inside [offset, offset+bytes), last first, while
   more free mapped memory than the heap's threshold remains. */
static void heap_unmap_range(mh_state *s, mh_pool *pool, vm_heap *h, size_t offset, size_t bytes) {
  size_t chunk = pool->space->chunk;
  uint64_t free_mapped = align_down(heap_free_mapped(h), chunk);
  size_t start = mh__round_up(offset, chunk) / chunk,
         end = align_down(offset + bytes, chunk) / chunk;
  for (size_t i = end; i-- > start;) {
    if (free_mapped <= h->unmap_threshold)
      return;
    if (h->chunks[i] != NULL) {
      chunk_uncommit(s, pool, h, i);
      free_mapped -= chunk;
    }
  }
}

/* VmHeap::TrimPhysMemory: every free span under a threshold of `keep`. */
static void heap_trim(mh_state *s, mh_pool *pool, vm_heap *h, uint64_t keep) {
  uint64_t own = h->unmap_threshold;
  h->unmap_threshold = keep;
  for (mh_heap_span *span = h->heap.free_list; span != NULL; span = span->next)
    heap_unmap_range(s, pool, h, span->offset, span->bytes);
  h->unmap_threshold = own;
}

uint64_t mh__space_free_mapped(const mh_pool *pool) {
  uint64_t bytes = 0;
  for (int i = 0; i < HEAPS; i++)
    bytes += heap_free_mapped(&pool->space->heaps[i]);
  return bytes;
}

/* VmHeapArray::TrimPhysMemory: heap by heap. ROCm stops at the first heap never made, which
   with a GPU's memory is where the made ones end; on a small MOCKHIP_DEVICE_MEMORY the first
   heap is a single chunk, too small for a block and a chunk besides, so a later heap is made
   while it is not, and the trim passes over it. */
static void array_trim(mh_state *s, mh_pool *pool, uint64_t keep) {
  for (int i = 0; i < HEAPS && mh__space_free_mapped(pool) > keep; i++)
    if (pool->space->heaps[i].created)
      heap_trim(s, pool, &pool->space->heaps[i], keep);
}

void mh__space_trim(mh_state *s, mh_pool *pool, uint64_t keep) {
  if (pool->space->kind == SPACE_CHUNKED && mh__space_free_mapped(pool) > keep)
    array_trim(s, pool, keep);
}

/* VmHeap::Alloc then MapPhysMemory: the chunks under the span, mapped. */
static hipError_t heap_alloc(mh_state *s, mh_pool *pool, vm_heap *h, size_t bytes,
                             mh_pool_block *block) {
  size_t chunk = pool->space->chunk;
  if (!h->created) {
    hipError_t err = heap_create(s, pool, h, chunk);
    if (err != hipSuccess)
      return err;
  }
  mh_heap_span *span = mh__heap_take(&h->heap, mh__round_up(bytes + BLOCK_ALIGN, BLOCK_ALIGN));
  if (span == NULL)
    return mh__fail(hipErrorOutOfMemory, "no free range of %zu bytes in the pool's heap", bytes);
  size_t end = mh__round_up(span->offset + span->bytes, chunk) / chunk;
  for (size_t i = span->offset / chunk; i < end; i++) {
    hipError_t err = h->chunks[i] != NULL ? hipSuccess : chunk_commit(s, pool, h, i);
    if (err != hipSuccess) {
      mh__heap_give(&h->heap, span); /* the chunks mapped so far stay, as in ROCm */
      return err;
    }
  }
  /* VmHeap::Alloc's offset: a block at the heap's start or at its first chunk boundary
     starts 256 bytes in (its `Offset() & ~kChunkSize` test). */
  size_t offset = (span->offset & ~chunk) == 0 ? span->offset + BLOCK_ALIGN : span->offset;
  block->base = h->reservation->base + offset;
  block->span = span;
  block->span_offset = span->offset;
  block->span_bytes = span->bytes;
  return hipSuccess;
}

/* ---- shareable pools: a mapping of the file per block ---- */

static hipError_t map_view(mh_state *s, mh_pool *pool, mh_region *reservation, uintptr_t base,
                           size_t file_offset, size_t bytes, int charged, mh_pool_block *block) {
  mh_os_memory view = {.fd = pool->space->file.fd,
                       .offset = pool->space->file.offset + file_offset,
                       .bytes = bytes,
                       .arena = NULL};
  hipError_t err = mh__vmm_phys_owned(s, bytes, charged, &view, pool, &block->phys);
  if (err != hipSuccess)
    return err;
  unsigned char slots[MH_MAX_DEVICES + 1];
  mh__pool_access_slots(s, pool, slots);
  err = mh__vmm_map_owned(s, reservation, base, bytes, block->phys, slots, &block->mapping);
  if (err != hipSuccess) {
    mh__vmm_phys_owned_free(s, block->phys);
    block->phys = NULL;
  }
  return err;
}

static hipError_t direct_alloc(mh_state *s, mh_pool *pool, size_t bytes, mh_pool_block *block) {
  vm_heap *h = &pool->space->heaps[0];
  if (!h->created) {
    hipError_t err = heap_create(s, pool, h, s->options.granularity);
    if (err != hipSuccess)
      return err;
  }
  mh_heap_span *span = mh__heap_take(&h->heap, mh__round_up(bytes, s->options.granularity));
  if (span == NULL)
    return mh__fail(hipErrorOutOfMemory, "no free range of %zu bytes in the shareable pool", bytes);
  hipError_t err =
      map_view(s, pool, h->reservation, h->reservation->base + span->offset,
               pool->space->data_offset + span->offset, span->bytes, pool->device, block);
  if (err != hipSuccess) {
    mh__heap_give(&h->heap, span);
    return err;
  }
  block->base = block->mapping->base;
  block->span = span;
  block->span_offset = span->offset;
  block->span_bytes = span->bytes;
  return hipSuccess;
}

hipError_t mh__space_attach(mh_state *s, mh_pool *pool, size_t span_offset, size_t span_bytes,
                            mh_pool_block *block) {
  mh_pool_space *space = pool->space;
  size_t granularity = s->options.granularity;
  if (space->kind == SPACE_CHUNKED)
    return mh__fail(hipErrorOutOfMemory,
                    "pool#%llu is not shareable: import pointers into the pool "
                    "hipMemPoolImportFromShareableHandle made",
                    mh__pool_number(pool));
  if (span_bytes == 0 || span_offset % granularity != 0 || span_bytes % granularity != 0 ||
      span_offset > space->file.bytes - space->data_offset ||
      span_bytes > space->file.bytes - space->data_offset - span_offset)
    return mh__fail(hipErrorOutOfMemory,
                    "the export data names %zu bytes at offset %zu, which pool#%llu's memory "
                    "does not hold",
                    span_bytes, span_offset, mh__pool_number(pool));
  hipError_t err = mh__vmm_reserve_owned(s, span_bytes, granularity, pool, &block->reservation);
  if (err != hipSuccess)
    return err;
  /* The exporter's device already pays for the memory. */
  err = map_view(s, pool, block->reservation, block->reservation->base,
                 space->data_offset + span_offset, span_bytes, -1, block);
  if (err != hipSuccess) {
    mh__vmm_unreserve_owned(s, block->reservation);
    block->reservation = NULL;
    return err;
  }
  block->base = block->reservation->base;
  block->span_offset = span_offset;
  block->span_bytes = span_bytes;
  return hipSuccess;
}

/* ---- blocks ---- */

hipError_t mh__space_alloc(mh_state *s, mh_pool *pool, size_t bytes, mh_pool_block *block) {
  mh_pool_space *space = pool->space;
  if (space->kind == SPACE_DIRECT)
    return direct_alloc(s, pool, bytes, block);
  if (space->kind == SPACE_IMPORTED)
    return mh__fail(hipErrorInvalidValue,
                    "pool#%llu was imported: an imported pool makes no allocations (ROCm's header "
                    "says so), only hipMemPoolImportPointer's",
                    mh__pool_number(pool));
  /* VmHeapArray::Alloc: the first heap with room for the block and a chunk besides. */
  hipError_t err =
      mh__fail(hipErrorOutOfMemory, "no heap of pool#%llu has %zu bytes and a %zu-byte chunk free",
               mh__pool_number(pool), bytes, space->chunk);
  for (int i = 0; i < HEAPS; i++) {
    vm_heap *h = &space->heaps[i];
    if (bytes > SIZE_MAX - space->chunk || h->heap.free_bytes <= bytes + space->chunk)
      continue;
    err = heap_alloc(s, pool, h, bytes, block);
    if (err == hipSuccess) {
      block->heap = (unsigned)i;
      return hipSuccess;
    }
  }
  return err;
}

void mh__space_release(mh_state *s, mh_pool *pool, mh_pool_block *block) {
  mh_pool_space *space = pool->space;
  if (block->mapping != NULL) { /* a shareable pool's block, or an imported one */
    mh__vmm_unmap_owned(s, block->mapping);
    mh__vmm_phys_owned_free(s, block->phys);
    if (block->reservation != NULL) {
      mh__vmm_unreserve_owned(s, block->reservation);
    } else {
      (void)mh__os_discard(space->file.fd,
                           space->file.offset + space->data_offset + block->span_offset,
                           block->span_bytes);
      mh__heap_give(&space->heaps[0].heap, block->span);
    }
    return;
  }
  /* VmHeapArray::Free: the block to its heap, then the array trims to its threshold. */
  vm_heap *h = &space->heaps[block->heap];
  mh__heap_give(&h->heap, block->span);
  heap_unmap_range(s, pool, h, block->span_offset, block->span_bytes);
  uint64_t freed = mh__space_free_mapped(pool), threshold = space->unmap_threshold;
  if (freed > threshold) {
    uint64_t extra = freed - threshold;
    array_trim(s, pool, extra < threshold ? threshold - extra : 0);
  }
}

void mh__space_free(mh_state *s, mh_pool *pool) {
  mh_pool_space *space = pool->space;
  if (space == NULL)
    return;
  for (int i = 0; i < HEAPS; i++) {
    vm_heap *h = &space->heaps[i];
    if (!h->created)
      continue;
    for (size_t c = 0; h->chunks != NULL && c < h->va_bytes / space->chunk; c++)
      if (h->chunks[c] != NULL)
        chunk_uncommit(s, pool, h, c);
    mh__vmm_unreserve_owned(s, h->reservation);
    mh__heap_fini(&h->heap);
    free(h->chunks);
  }
  if (space->file.fd >= 0)
    mh__os_memory_close(&space->file);
  free(space);
  pool->space = NULL;
}

/* ---- what the attributes read ---- */

bool mh__space_chunked(const mh_pool *pool) { return pool->space->kind == SPACE_CHUNKED; }

uint64_t mh__space_mapped(const mh_pool *pool) {
  uint64_t bytes = 0;
  for (int i = 0; i < HEAPS; i++)
    bytes += pool->space->heaps[i].mapped_bytes;
  return bytes;
}

uint64_t mh__space_mapped_high(const mh_pool *pool) {
  uint64_t bytes = 0;
  for (int i = 0; i < HEAPS; i++)
    bytes += pool->space->heaps[i].mapped_high;
  return bytes;
}

void mh__space_reset_mapped_high(mh_pool *pool) {
  for (int i = 0; i < HEAPS; i++)
    pool->space->heaps[i].mapped_high = 0;
}

/* Only heaps made already take it (VmHeapArray::SetUnmapThreshold): one made later keeps
   its own threshold 0. */
void mh__space_set_threshold(mh_pool *pool, uint64_t threshold) {
  for (int i = 0; i < HEAPS; i++)
    if (pool->space->heaps[i].created)
      pool->space->heaps[i].unmap_threshold = threshold;
  pool->space->unmap_threshold = threshold;
}

hipError_t mh__space_apply_access(mh_state *s, mh_pool *pool) {
  unsigned char slots[MH_MAX_DEVICES + 1];
  mh__pool_access_slots(s, pool, slots);
  mh_pool_space *space = pool->space;
  for (int i = 0; space->kind == SPACE_CHUNKED && i < HEAPS; i++) {
    vm_heap *h = &space->heaps[i];
    for (size_t c = 0; h->created && c < h->va_bytes / space->chunk; c++) {
      hipError_t err = h->chunks[c] ? mh__vmm_access_owned(s, h->chunks[c], slots) : hipSuccess;
      if (err != hipSuccess)
        return err;
    }
  }
  for (mh_pool_block *lists[2] = {pool->busy, pool->free}, **list = lists; list < lists + 2; list++)
    for (mh_pool_block *b = *list; b != NULL; b = b->next) {
      hipError_t err = b->mapping ? mh__vmm_access_owned(s, b->mapping, slots) : hipSuccess;
      if (err != hipSuccess)
        return err;
    }
  return hipSuccess;
}

const mh_os_memory *mh__space_file(const mh_pool *pool, size_t *data_offset) {
  if (pool->space->kind == SPACE_CHUNKED)
    return NULL;
  *data_offset = pool->space->data_offset;
  return &pool->space->file;
}
