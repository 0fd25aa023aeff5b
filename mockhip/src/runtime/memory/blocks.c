/*
 * blocks.c: the blocks of the hipMalloc family (hipMalloc,
 * hipExtMallocWithFlags, hipMallocAsync, hipMallocManaged, hipHostMalloc):
 * allocation, lookup and release, shared by their entry points.
 *
 * Every block is plain read-write anonymous memory rounded up to pages, kept
 * in the region registry beside the reservations, so copies, hipFree and the
 * pointer queries find it by address. As in ROCm, one hipFree (or hipHostFree,
 * or hipFreeAsync) releases any kind: the runtime finds the memory object by
 * address, whatever made it.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/memory/memory.h"
#include "runtime/pools/pool.h"
#include "runtime/streams/streams.h"

hipError_t mh__block_alloc(mh_state *s, void **out, size_t bytes, mh_block_memory memory,
                           unsigned flags) {
  int device = mh__current_device();
  size_t capacity = s->options.device_memory;
  size_t rounded = (bytes + s->page_bytes - 1) / s->page_bytes * s->page_bytes;
  /* Host and managed memory come from the host (ROCm's host context, charged to no device).
     One managed block may not exceed a device's capacity, so absurd sizes fail the same way
     on every machine; one pinned host block may take up to the machine's memory, as ROCm's
     (hip-tests pin more than a GPU holds where the host has it). */
  size_t host = mh__os_memory_bytes();
  size_t room = memory == MH_BLOCK_DEVICE                    ? capacity - s->device_used[device]
                : memory == MH_BLOCK_HOST && host > capacity ? host
                                                             : capacity;
  if (rounded < bytes || rounded > room) {
    if (memory == MH_BLOCK_DEVICE)
      return mh__fail(hipErrorOutOfMemory,
                      "device %d has %zu of %zu bytes free, %zu requested (MOCKHIP_DEVICE_MEMORY)",
                      device, room, capacity, bytes);
    return mh__fail(hipErrorOutOfMemory,
                    "%zu bytes of %s memory requested, more than one block may hold (%zu: %s)",
                    bytes, memory == MH_BLOCK_HOST ? "host" : "managed", room,
                    room == capacity ? "MOCKHIP_DEVICE_MEMORY" : "the machine's memory");
  }
  mh_region *region = calloc(1, sizeof *region);
  void *base = NULL;
  int err = region ? mh__os_alloc(rounded, &base) : 0;
  if (region == NULL || err != 0) {
    free(region);
    return mh__fail(hipErrorOutOfMemory, "cannot allocate %zu bytes: %s", bytes,
                    err ? strerror(err) : "no memory for the record");
  }
  region->kind = MH_REGION_MALLOC;
  region->base = (uintptr_t)base;
  region->bytes = rounded;
  region->asked_bytes = bytes; /* as ROCm's buffer: copies and queries may not use the rounding */
  region->device = device;
  region->site = mh__call_site();
  region->memory = memory;
  region->flags = flags;
  region->made_by = mh__call_api();
  mh__region_number(s, region);
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  if (memory == MH_BLOCK_DEVICE)
    s->device_used[device] += rounded;
  s->stats.live_mallocs++;
  s->stats.malloc_bytes += rounded;
  *out = base;
  return hipSuccess;
}

void mh__block_release(mh_state *s, mh_region *region) {
  mh__explain_remember_block(region);
  if (!region->registered) /* a registered range's memory is the program's */
    mh__os_quarantine((void *)region->base, region->bytes);
  mh__tree_remove(&s->regions, &region->node);
  if (region->memory == MH_BLOCK_DEVICE && !mh__ipc_imported(region))
    s->device_used[region->device] -= region->bytes;
  mh__ipc_forget(region);
  s->stats.live_mallocs--;
  if (!region->registered)
    s->stats.malloc_bytes -= region->bytes;
  free(region->advice);
  free(region);
}

hipError_t mh__block_free(mh_state *s, void *ptr, const char *what, bool host_call) {
  if (ptr == NULL)
    return hipSuccess;
  /* clr ihipFree: memory of a pool goes back to its pool, with no stream and no sync. */
  mh_pool_block *pool_block = mh__pool_block_containing(s, (uintptr_t)ptr);
  if (pool_block != NULL && host_call &&
      mh__profile_is(MH_ROW_free_crosses_kinds, MH_CELL_InvalidValue))
    return mh__fail(hipErrorInvalidValue, "%s %p is pool memory, which %s frees with hipFree only",
                    what, ptr, mh__profile_title());
  bool was_pool;
  hipError_t err = mh__pool_free_at(s, ptr, 0, &was_pool);
  if (was_pool)
    return err;
  bool was_graph; /* a graph alloc node's memory (graph_memory.c) */
  err = mh__graph_mem_free_at(s, ptr, what, &was_graph);
  if (was_graph)
    return err;
  mh_region *region = mh__region_containing(s, (uintptr_t)ptr);
  if (region == NULL || region->kind != MH_REGION_MALLOC || region->base != (uintptr_t)ptr)
    return mh__fail(hipErrorInvalidValue, "%s %p is not the start of a hipMalloc-family block",
                    what, ptr);
  if (mh__ipc_imported(region))
    return mh__fail(hipErrorInvalidValue,
                    "%s %p is another process's memory, opened with hipIpcOpenMemHandle: close "
                    "it with hipIpcCloseMemHandle",
                    what, ptr);
  if (region->registered)
    return mh__fail(hipErrorInvalidValue,
                    "%s %p is the program's own memory, registered with hipHostRegister: "
                    "hipHostUnregister it, and free it as it was allocated",
                    what, ptr);
  if ((region->memory == MH_BLOCK_HOST) != host_call &&
      mh__profile_is(MH_ROW_free_crosses_kinds, MH_CELL_InvalidValue))
    return mh__fail(hipErrorInvalidValue, "%s %p is %s memory, which %s frees with %s only", what,
                    ptr, host_call ? "device or managed" : "pinned host", mh__profile_title(),
                    host_call ? "hipFree" : "hipHostFree");
  int device = region->device;
  mh__block_release(s, region);
  /* ... any other memory waits for the device's streams, whose end lets pools release. */
  mh__pools_release_freed(s, device);
  return hipSuccess;
}

void mh__blocks_reset(mh_state *s, int device) {
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;) {
    mh_region *region = MH_CONTAINER(n, mh_region, node);
    n = mh__tree_next(&s->regions, n->key);
    if (region->kind == MH_REGION_MALLOC && region->device == device && !region->registered)
      mh__block_release(s, region); /* a registration is the host's, as in ROCm */
  }
}
