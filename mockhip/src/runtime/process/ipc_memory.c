/*
 * ipc_memory.c: hipMalloc blocks shared with other processes, as clr's
 * hip_memory.cpp and Device::IpcCreate/IpcAttach/IpcDetach have them:
 * hipIpcGetMemHandle, hipIpcOpenMemHandle and hipIpcCloseMemHandle.
 *
 * The first handle of a block turns it into a memory file in place (os/share.c):
 * the same addresses, the same bytes, now shared. The block keeps the file
 * open, so the handle can name it by the exporting process, that descriptor
 * and the file's identity; another process opens it through /proc and maps it
 * where it likes, so both read and write the same bytes, as two processes
 * mapping one GPU buffer do. The exporter's hipFree ends the sharing for
 * later opens; mappings already made keep the memory, as the file lives on.
 *
 * Opening counts: the same handle opened again in the process gives the same
 * pointer, and the mapping goes at the last hipIpcCloseMemHandle (clr retains
 * the memory object it found). A handle already open in one context may not
 * be opened from another (ROCm's header: one context per device opens a
 * handle): hipErrorInvalidResourceHandle.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"
#include "runtime/memory/memory.h"
#include "runtime/process/process.h"
#include "runtime/streams/streams.h"

/* What hipIpcMemHandle_t holds here: "mockipc1", the file, clr's psize, poffset and
   owners_process_id, and the exporter's descriptor. */
#define IPC_MAGIC 0x3163706979636f6dULL
typedef struct ipc_handle {
  uint64_t magic;
  uint64_t dev, ino;
  uint64_t size;   /* the block's size, as asked (clr psize) */
  uint64_t offset; /* dev_ptr's place in it (clr poffset) */
  uint64_t serial; /* two exports of one process never give the same handle */
  int32_t pid;     /* the exporting process (clr owners_process_id) */
  int32_t fd;      /* its descriptor of the file */
} ipc_handle;
_Static_assert(sizeof(ipc_handle) <= sizeof(hipIpcMemHandle_t), "the handle fits ROCm's 64 bytes");

static uint64_t exports;

/* ---- hipIpcGetMemHandle ---- */

/* The block, shared from now on: its memory becomes a file, mapped where it was. */
static hipError_t share_block(mh_region *block) {
  mh_ipc *ipc = calloc(1, sizeof *ipc);
  if (ipc == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the block's sharing record");
  int err = mh__os_share_in_place((void *)block->base, block->bytes, &ipc->file);
  if (err == 0)
    err = mh__os_file_identity(ipc->file.fd, &ipc->dev, &ipc->ino);
  if (err != 0) {
    mh__os_memory_close(&ipc->file);
    free(ipc);
    return mh__fail(hipErrorInvalidValue, "cannot share the %zu bytes at %p: %s", block->bytes,
                    (void *)block->base, strerror(err));
  }
  ipc->serial = ++exports;
  block->ipc = ipc;
  return hipSuccess;
}

/* clr IpcCreate: the memory object dev_ptr lies in, any byte of it; its size and dev_ptr's
   offset go into the handle. A pointer in no object is InvalidValue. */
static hipError_t get_handle(mh_state *s, hipIpcMemHandle_t *handle, void *dev_ptr) {
  if (handle == NULL || dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", handle == NULL ? "handle" : "devPtr");
  mh_region *block = mh__region_containing(s, (uintptr_t)dev_ptr);
  if (block == NULL || block->kind != MH_REGION_MALLOC ||
      (uintptr_t)dev_ptr >= block->base + block->asked_bytes)
    return mh__fail(hipErrorInvalidValue,
                    "devPtr %p lies in no hipMalloc block (freed, past its end, or never "
                    "allocated)",
                    dev_ptr);
  if (block->registered || mh__ipc_imported(block))
    return mh__fail(hipErrorInvalidValue,
                    "devPtr %p is %s: mockhip shares the memory it allocated only", dev_ptr,
                    block->registered ? "the program's own memory, registered"
                                      : "another process's memory, opened from a handle");
  if (block->ipc == NULL) {
    hipError_t err = share_block(block);
    if (err != hipSuccess)
      return err;
  }
  ipc_handle h = {.magic = IPC_MAGIC,
                  .dev = block->ipc->dev,
                  .ino = block->ipc->ino,
                  .size = block->asked_bytes,
                  .offset = (uintptr_t)dev_ptr - block->base,
                  .serial = block->ipc->serial,
                  .pid = (int32_t)getpid(),
                  .fd = block->ipc->file.fd};
  memset(handle, 0, sizeof *handle);
  memcpy(handle, &h, sizeof h);
  return hipSuccess;
}

MH_EXPORT hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *devPtr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipIpcGetMemHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    /* The block's bytes move into its file: no queued work may write them meanwhile. */
    mh__queue_drain(-1);
    mh__lock_write();
    err = get_handle(s, handle, devPtr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipIpcGetMemHandle, err, "handle=%p, devPtr=%s", (void *)handle,
                   mh__d_ptr(devPtr));
}

/* ---- hipIpcOpenMemHandle ---- */

/* This process's opening of the file the handle names, or NULL. Under the lock. */
static mh_region *find_import(mh_state *s, const ipc_handle *h) {
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key)) {
    mh_region *region = MH_CONTAINER(n, mh_region, node);
    if (mh__ipc_imported(region) && region->ipc->dev == h->dev && region->ipc->ino == h->ino)
      return region;
  }
  return NULL;
}

/* Maps the exporter's file and records it as a block of the current device. */
static hipError_t attach(mh_state *s, const ipc_handle *h, mh_region **out) {
  mh_os_memory file;
  int err = mh__os_share_open(h->pid, h->fd, h->dev, h->ino, &file);
  if (err != 0)
    return mh__fail(hipErrorInvalidDevicePointer,
                    "cannot open the memory of process %d the handle names (%s): it ended, freed "
                    "the memory, or may not be reached",
                    (int)h->pid, strerror(err));
  void *base = NULL;
  mh_region *region = NULL;
  mh_ipc *ipc = NULL;
  if (h->size > file.bytes || h->offset >= h->size)
    err = -1;
  else if ((region = calloc(1, sizeof *region)) == NULL || (ipc = calloc(1, sizeof *ipc)) == NULL)
    err = -2;
  else
    err = mh__os_share_map(&file, &base);
  size_t bytes = file.bytes;
  mh__os_memory_close(&file); /* the mapping keeps the file */
  if (err != 0) {
    free(region);
    free(ipc);
    if (err == -1)
      return mh__fail(hipErrorInvalidDevicePointer,
                      "the handle's size %llu and offset %llu do not fit the memory it names",
                      (unsigned long long)h->size, (unsigned long long)h->offset);
    return mh__fail(hipErrorOutOfMemory, "cannot map the %zu bytes of process %d's memory: %s",
                    bytes, (int)h->pid, err < 0 ? "no memory for the record" : strerror(err));
  }
  *ipc = (mh_ipc){.imported = true, .dev = h->dev, .ino = h->ino, .offset = (size_t)h->offset};
  ipc->file.fd = -1;
  region->kind = MH_REGION_MALLOC;
  region->base = (uintptr_t)base;
  region->bytes = bytes;
  region->asked_bytes = (size_t)h->size;
  region->device = mh__current_device();
  region->site = mh__call_site();
  region->memory = MH_BLOCK_DEVICE; /* charged to no device: the exporter's */
  region->made_by = mh__call_api();
  region->ipc = ipc;
  mh__region_number(s, region);
  region->node.key = region->base;
  mh__tree_insert(&s->regions, &region->node);
  s->stats.live_mallocs++;
  s->stats.malloc_bytes += bytes;
  *out = region;
  return hipSuccess;
}

/* clr hipIpcOpenMemHandle's order: dev_ptr and flags, psize 0, the exporter being this
   process (hipErrorInvalidContext), then IpcAttach (its failure: InvalidDevicePointer). */
static hipError_t open_handle(mh_state *s, void **dev_ptr, const hipIpcMemHandle_t *handle,
                              unsigned flags) {
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  if (flags != hipIpcMemLazyEnablePeerAccess)
    return mh__fail(hipErrorInvalidValue, "flags %#x is not hipIpcMemLazyEnablePeerAccess (%#x)",
                    flags, (unsigned)hipIpcMemLazyEnablePeerAccess);
  ipc_handle h;
  memcpy(&h, handle, sizeof h);
  if (h.size == 0)
    return mh__fail(hipErrorInvalidValue, "the handle names no memory (its size is 0)");
  if (h.pid == (int32_t)getpid())
    return mh__fail(hipErrorInvalidContext,
                    "the handle was made by this process: open it in another one (in this one, "
                    "use the pointer itself)");
  if (h.magic != IPC_MAGIC)
    return mh__fail(hipErrorInvalidDevicePointer, "the handle holds nothing hipIpcGetMemHandle "
                                                  "wrote");
  uint64_t context = mh__context_token();
  mh_region *region = find_import(s, &h);
  if (region != NULL && region->ipc->context != context)
    return mh__fail(hipErrorInvalidResourceHandle,
                    "the handle is open in another context of this process already (%s): one "
                    "context per device may open it",
                    mh__d_ptr((void *)(region->base + region->ipc->offset)));
  if (region == NULL) {
    hipError_t err = attach(s, &h, &region);
    if (err != hipSuccess)
      return err;
    region->ipc->context = context;
  }
  region->ipc->opens++;
  *dev_ptr = (void *)(region->base + region->ipc->offset);
  return hipSuccess;
}

MH_EXPORT hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle,
                                         unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipIpcOpenMemHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = open_handle(s, devPtr, &handle, flags);
    mh__unlock();
  }
  ipc_handle h;
  memcpy(&h, &handle, sizeof h);
  return mh__leave(MOCKHIP_CALL_hipIpcOpenMemHandle, err,
                   "%s, handle={pid %d, size %llu, offset %llu}, flags=%#x",
                   mh__d_out_ptr("devPtr", devPtr, err), (int)h.pid, (unsigned long long)h.size,
                   (unsigned long long)h.offset, flags);
}

/* ---- hipIpcCloseMemHandle ---- */

/* clr IpcDetach: the memory object dev_ptr lies in must be one an open made; its last close
   unmaps it. */
static hipError_t close_handle(mh_state *s, void *dev_ptr) {
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "devPtr is NULL");
  mh_region *region = mh__region_containing(s, (uintptr_t)dev_ptr);
  if (region == NULL || !mh__ipc_imported(region))
    return mh__fail(hipErrorInvalidValue, "devPtr %p is no memory hipIpcOpenMemHandle opened%s",
                    dev_ptr,
                    region != NULL && region->ipc != NULL
                        ? ": it is this process's own, shared with hipIpcGetMemHandle"
                        : "");
  if (--region->ipc->opens == 0)
    mh__block_release(s, region);
  return hipSuccess;
}

MH_EXPORT hipError_t hipIpcCloseMemHandle(void *devPtr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipIpcCloseMemHandle, MH_CALLER, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call may unmap what it names */
  mh__d_ptr_early(devPtr, ptr_text);
  if (err == hipSuccess) { /* clr finishes the null stream and the memory's device first */
    mh__queue_drain(-1);
    mh__lock_write();
    err = close_handle(s, devPtr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipIpcCloseMemHandle, err, "devPtr=%s", ptr_text);
}
