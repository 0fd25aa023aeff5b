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
#include "os/os.h"

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

/* ---- blocks shared between processes (ipc_blocks.c; the calls: process/ipc_memory.c) ---- */

/* What a block shared with hipIpcGetMemHandle, or opened with hipIpcOpenMemHandle, keeps. */
typedef struct mh_ipc mh_ipc;
struct mh_ipc {
  bool imported;
  mh_os_memory file; /* exporter: the block's memory file, kept open for importers */
  uint64_t dev, ino; /* the file's identity */
  uint64_t serial;   /* exporter: which export of this process */
  unsigned opens;    /* importer: opens not closed yet */
  uint64_t context;  /* importer: the context that opened it (mh__context_token) */
  size_t offset;     /* importer: the handle's offset of its pointer in the block */
};

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

#endif /* MH_RUNTIME_MEMORY_H */
