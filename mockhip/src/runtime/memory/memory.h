/*
 * memory.h: the memory the runtime hands out beside VMM, as the rooms share
 * it: the hipMalloc-family blocks (blocks.c) and arrays (array.c). The other
 * files here are entry points: hipMalloc and the pitched forms, host and
 * managed memory, the stream-ordered allocations and the pools' own calls
 * (over pools/), mipmapped arrays and the pointer queries.
 */
#ifndef MH_RUNTIME_MEMORY_H
#define MH_RUNTIME_MEMORY_H

#include "diag/diag.h"

/* ---- hipMalloc-family blocks (blocks.c) ---- */

/*
 * Allocates a block of `bytes` (> 0) for the current device, made by the
 * calling entry point, and sets *out. Device memory is charged to the device;
 * host and managed memory to none, but one block of them may not exceed the
 * capacity either. hipErrorOutOfMemory with the reason recorded. Call under
 * the write lock.
 */
MH_HIDDEN hipError_t mh__block_alloc(mh_state *state, void **out, size_t bytes,
                                     mh_block_memory memory, unsigned flags);

/* Frees the block starting at ptr (NULL: nothing, hipSuccess); any other address is
   hipErrorInvalidValue, the reason naming the argument `what`. Call under the write lock. */
/* Frees the block at ptr. `host_call`: hipHostFree, which on a platform that keeps the kinds
   apart frees pinned host memory only, as hipFree frees the rest only. */
MH_HIDDEN hipError_t mh__block_free(mh_state *state, void *ptr, const char *what, bool host_call);

/* Forgets a block's record and gives its memory back (a registered range's stays the
   program's). Under the write lock. */
MH_HIDDEN void mh__block_release(mh_state *state, mh_region *region);

/* Frees every block made while device was current (hipDeviceReset). */
MH_HIDDEN void mh__blocks_reset(mh_state *state, int device);

/* ---- blocks shared between processes (ipc_memory.c) ---- */

/* Whether the block is another process's, opened with hipIpcOpenMemHandle (charged to no
   device, freed by hipIpcCloseMemHandle only). */
MH_HIDDEN bool mh__ipc_imported(const mh_region *region);

/* Lets go of what sharing the block holds (its memory file), as the block is released. */
MH_HIDDEN void mh__ipc_forget(mh_region *region);

/* ---- arrays (array.c) ---- */

/* The live array a hipArray_t names, or NULL. Under the lock, either kind. */
MH_HIDDEN mh_array *mh__array_get(mh_state *state, hipArray_const_t array);

/* Frees every array made while device was current (hipDeviceReset); under the write lock. */
MH_HIDDEN void mh__arrays_reset(mh_state *state, int device);

/* clr's CheckArrayFormat: x set, every other channel 0 or x's size, none after an empty one. */
MH_HIDDEN bool mh__channel_desc_well_formed(const hipChannelFormatDesc *desc);

/* ---- what an address belongs to (pointer_info.c) ---- */

/* The memory object an address lies in, as clr's getMemoryObject finds it: a pool's block (of
   the size asked), a hipMalloc-family block (of the size asked), a VMM mapping, or none (all
   NULL). Under the lock. */
typedef struct mh_pointer_owner {
  mh_pool_block *pool_block;
  mh_region *block;
  mh_mapping *mapping;
} mh_pointer_owner;
MH_HIDDEN mh_pointer_owner mh__pointer_owner(mh_state *state, const void *ptr);

/* ---- graph memory (graph_memory.c) ----
 * The allocation of a memory alloc node added by hand (hipGraphAddMemAllocNode), as clr's
 * GraphMemAllocNode keeps it: address space reserved when the node is made, backed by the
 * device's memory when a launch runs the node, given back by a free node, hipFree, hipFreeAsync
 * or an AutoFreeOnLaunch exec's next launch. The alloc node, the free node that names it and
 * their copies in execs hold it; it goes when none does and it is not backed. Everything here
 * runs under the write lock unless its comment says otherwise. */
typedef struct mh_graph_alloc {
  hipMemAllocNodeParams params; /* as given, dptr set: what GetParams answers */
  int device;                   /* poolProps.location.id: charged, and the one with access */
  size_t bytes;                 /* bytesize rounded up to the granularity, as clr maps it */
  unsigned refs;                /* nodes and their exec copies */
  bool free_node;               /* a free node names it: a second may not (clr memAllocNodePtrs_) */
  mh_region *reservation;
  mh_phys *phys; /* NULL: not backed */
  mh_mapping *mapping;
  struct mh_graph_alloc *prev, *next; /* state->graph_allocs */
} mh_graph_alloc;

/* A new allocation for params (checked), its address reserved, held once. */
MH_HIDDEN hipError_t mh__graph_alloc_new(mh_state *state, const hipMemAllocNodeParams *params,
                                         mh_graph_alloc **out);
MH_HIDDEN void mh__graph_alloc_retain(mh_graph_alloc *alloc);
/* Lets go of one hold; the last one frees the allocation unless it is backed (the program
   frees that memory: hipFree). */
MH_HIDDEN void mh__graph_alloc_release(mh_state *state, mh_graph_alloc *alloc);

/* The alloc node's launch: the reserved range backed by the device's memory, read-write to it
   and to `runs_on` (the device the node's work is for). hipErrorOutOfMemory (the device is
   full), hipErrorInvalidValue (backed already). */
MH_HIDDEN hipError_t mh__graph_alloc_back(mh_state *state, mh_graph_alloc *alloc, int runs_on);
/* The free node's launch, hipFree's: the memory back to the device, the address kept.
   hipErrorInvalidValue when it is not backed. */
MH_HIDDEN hipError_t mh__graph_alloc_free(mh_state *state, mh_graph_alloc *alloc);

/* The allocation whose address (dptr) is ptr, or NULL. */
MH_HIDDEN mh_graph_alloc *mh__graph_alloc_at(mh_state *state, const void *ptr);
/* Whether [addr, addr + bytes) lies in an allocation not backed now: a node made before the
   launch that backs it may name it (clr keeps its address in MemObjMap from the node on). */
MH_HIDDEN bool mh__graph_mem_unbacked(mh_state *state, const void *addr, size_t bytes);
/* hipFree's and hipFreeAsync's: frees the graph memory at ptr; *was_graph false when ptr is
   no allocation's address. */
MH_HIDDEN hipError_t mh__graph_mem_free_at(mh_state *state, void *ptr, const char *what,
                                           bool *was_graph);

#endif /* MH_RUNTIME_MEMORY_H */
