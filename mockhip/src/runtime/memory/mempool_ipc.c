/*
 * mempool_ipc.c: pools shared between processes, as clr's hip_mempool.cpp
 * and MemoryPool::Export/Import have them: hipMemPoolExportToShareableHandle,
 * hipMemPoolImportFromShareableHandle, hipMemPoolExportPointer and
 * hipMemPoolImportPointer.
 *
 * A shareable pool's memory is one memory file (pool_space.c) whose first
 * page describes the pool as clr's SharedMemPool does: its reuse state and
 * the access it granted, written at each export and read at import. The
 * export is a new descriptor of that file, which the caller owns and closes
 * (clr hands out one descriptor the pool keeps); the import adopts a copy. A
 * pointer's export data is plain bytes that name the file (its device and
 * inode) and the block's place in it, so the importer maps the same bytes of
 * the same file: the importing process reads and writes the exporter's memory.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/pools/pool.h"

#define POOL_MAGIC "mockhip-pool 1"
#define MAX_ACCESS 32 /* clr MemoryPool::kMaxMgpuAccess */

/* The first page of a shareable pool's file. */
typedef struct pool_header {
  char magic[16];
  uint32_t state; /* bit 0: event dependencies, 1: opportunistic, 2: internal dependencies */
  uint32_t access_count;
  struct {
    int32_t device;
    uint32_t flags;
  } access[MAX_ACCESS];
} pool_header;

/* What hipMemPoolPtrExportData holds: "mhpoolpt", the file, the block and where ptr lies. */
#define PTR_MAGIC 0x7470206c6f6f706dULL
typedef struct ptr_export {
  uint64_t magic;
  uint64_t dev, ino;
  uint64_t span_offset, span_bytes; /* the block's range of the file's data */
  uint64_t bytes;                   /* its size as asked */
  uint64_t inner;                   /* ptr's offset in the block */
} ptr_export;
_Static_assert(sizeof(ptr_export) <= sizeof(hipMemPoolPtrExportData),
               "the export data fits ROCm's 64 bytes");

/* ---- the pool ---- */

static hipError_t write_header(const mh_pool *pool, const mh_os_memory *file) {
  pool_header header;
  memset(&header, 0, sizeof header);
  memcpy(header.magic, POOL_MAGIC, sizeof POOL_MAGIC);
  header.state = (uint32_t)pool->event_dependencies | (uint32_t)pool->opportunistic << 1 |
                 (uint32_t)pool->internal_dependencies << 2;
  for (int d = 0; d < MH_MAX_DEVICES && header.access_count < MAX_ACCESS; d++)
    if (pool->access_set[d]) {
      header.access[header.access_count].device = d;
      header.access[header.access_count++].flags = pool->access[d];
    }
  int err = mh__os_file_write(file->fd, file->offset, &header, sizeof header);
  return err == 0 ? hipSuccess
                  : mh__fail(hipErrorInvalidValue, "cannot describe the pool in its file: %s",
                             strerror(err));
}

static hipError_t export_pool(mh_state *s, void *shared_handle, hipMemPool_t mem_pool, int type,
                              unsigned flags) {
  if (mem_pool == NULL || shared_handle == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    mem_pool == NULL ? "mem_pool" : "shared_handle");
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %u", flags);
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err != hipSuccess)
    return err;
  if (type != pool->handle_types || type == hipMemHandleTypeNone)
    return mh__fail(hipErrorInvalidValue,
                    "handle_type %s is not the handleTypes pool#%llu was made with (%s): create "
                    "the pool with handleTypes=hipMemHandleTypePosixFileDescriptor to share it",
                    mh__d_handle_type(type), mh__pool_number(pool),
                    mh__d_handle_type(pool->handle_types));
  size_t data_offset;
  const mh_os_memory *file = mh__space_file(pool, &data_offset);
  if ((err = write_header(pool, file)) != hipSuccess)
    return err;
  int fd;
  int os_err = mh__os_memory_export(file, &fd);
  if (os_err != 0)
    return mh__fail(hipErrorInvalidValue, "cannot export pool#%llu: %s", mh__pool_number(pool),
                    strerror(os_err));
  memcpy(shared_handle, &fd, sizeof fd); /* clr writes an amd::Os::FileDesc, an int */
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
                                                       hipMemAllocationHandleType handle_type,
                                                       unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolExportToShareableHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = export_pool(s, shared_handle, mem_pool, (int)handle_type, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolExportToShareableHandle, err,
                   "%s, mem_pool=%s, handle_type=%s, flags=%u",
                   mh__d_out_fd("shared_handle", shared_handle, err), mh__d_pool(mem_pool),
                   mh__d_handle_type((int)handle_type), flags);
}

/* The access the exporter granted, for the devices this process has. */
static void read_access(const mh_state *s, mh_pool *pool, const pool_header *header) {
  pool->event_dependencies = header->state & 1;
  pool->opportunistic = header->state >> 1 & 1;
  pool->internal_dependencies = header->state >> 2 & 1;
  for (uint32_t i = 0; i < header->access_count && i < MAX_ACCESS; i++) {
    int device = header->access[i].device;
    if (mh__valid_device(s, device) && device != pool->device) {
      pool->access[device] = (unsigned char)header->access[i].flags;
      pool->access_set[device] = true;
    }
  }
}

static hipError_t import_pool(mh_state *s, hipMemPool_t *mem_pool, void *shared_handle, int type,
                              unsigned flags) {
  if (mem_pool == NULL || shared_handle == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    mem_pool == NULL ? "mem_pool" : "shared_handle");
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %u", flags);
  if (type == hipMemHandleTypeNone)
    return mh__fail(hipErrorInvalidValue, "handle_type is hipMemHandleTypeNone: nothing to import");
  /* clr reads the fd from the pointer's bits through a union: the low 32 on x86-64. */
  int fd = (int)(uint32_t)(uintptr_t)shared_handle;
  mh_os_memory file;
  mh_os_not_export why;
  pool_header header;
  if (mh__os_memory_import(fd, &file, &why) != 0)
    return mh__fail(hipErrorOutOfMemory,
                    "fd %d is no exported pool: pass the fd hipMemPoolExportToShareableHandle "
                    "wrote, by value ((void *)(intptr_t)fd)",
                    fd);
  if (file.bytes <= s->page_bytes || mh__os_file_read(file.fd, 0, &header, sizeof header) != 0 ||
      memcmp(header.magic, POOL_MAGIC, sizeof POOL_MAGIC) != 0) {
    mh__os_memory_close(&file);
    return mh__fail(hipErrorOutOfMemory,
                    "fd %d is a memory export but not a pool's: hipMemExportToShareableHandle's "
                    "fds go to hipMemImportFromShareableHandle",
                    fd);
  }
  mh_pool *pool;
  hipError_t err = mh__pool_new(s, mh__current_device(), hipMemAllocationTypePinned,
                                hipMemHandleTypeNone, 0, false, &file, &pool);
  if (err != hipSuccess) {
    mh__os_memory_close(&file);
    return err;
  }
  read_access(s, pool, &header);
  *mem_pool = (hipMemPool_t)(uintptr_t)pool->id;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool,
                                                         void *shared_handle,
                                                         hipMemAllocationHandleType handle_type,
                                                         unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolImportFromShareableHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = import_pool(s, mem_pool, shared_handle, (int)handle_type, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolImportFromShareableHandle, err,
                   "%s, shared_handle=%s, handle_type=%s, flags=%u",
                   mh__d_out_pool("mem_pool", mem_pool, err), mh__d_os_handle(shared_handle),
                   mh__d_handle_type((int)handle_type), flags);
}

/* ---- pointers ---- */

static hipError_t file_identity(const mh_os_memory *file, uint64_t *dev, uint64_t *ino) {
  int err = mh__os_file_identity(file->fd, dev, ino);
  return err == 0 ? hipSuccess
                  : mh__fail(hipErrorOutOfMemory, "cannot tell the pool's file: %s", strerror(err));
}

static hipError_t export_pointer(mh_state *s, hipMemPoolPtrExportData *export_data, void *ptr) {
  if (export_data == NULL || ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    export_data == NULL ? "export_data" : "dev_ptr");
  mh_pool_block *block = mh__pool_block_containing(s, (uintptr_t)ptr);
  if (block == NULL)
    return mh__fail(hipErrorOutOfMemory,
                    "dev_ptr %p is no pool memory: mockhip exports allocations of shareable "
                    "pools only (ROCm would export any memory object's IPC handle)",
                    ptr);
  size_t data_offset;
  const mh_os_memory *file = mh__space_file(block->pool, &data_offset);
  if (file == NULL)
    return mh__fail(hipErrorOutOfMemory,
                    "dev_ptr %p is memory of pool#%llu, which is not shareable: create the pool "
                    "with handleTypes=hipMemHandleTypePosixFileDescriptor",
                    ptr, mh__pool_number(block->pool));
  ptr_export data = {.magic = PTR_MAGIC,
                     .span_offset = block->span_offset,
                     .span_bytes = block->span_bytes,
                     .bytes = block->bytes,
                     .inner = (uintptr_t)ptr - block->base};
  hipError_t err = file_identity(file, &data.dev, &data.ino);
  if (err != hipSuccess)
    return err;
  memset(export_data, 0, sizeof *export_data);
  memcpy(export_data, &data, sizeof data);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolExportPointer, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = export_pointer(s, export_data, dev_ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolExportPointer, err, "export_data=%p, dev_ptr=%s",
                   (void *)export_data, mh__d_ptr(dev_ptr));
}

static hipError_t import_pointer(mh_state *s, void **ptr, hipMemPool_t mem_pool,
                                 const hipMemPoolPtrExportData *export_data) {
  if (mem_pool == NULL || export_data == NULL || ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    mem_pool == NULL      ? "mem_pool"
                    : export_data == NULL ? "export_data"
                                          : "dev_ptr");
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err != hipSuccess)
    return err;
  ptr_export data;
  memcpy(&data, export_data, sizeof data);
  if (data.magic != PTR_MAGIC || data.bytes == 0 || data.inner >= data.bytes ||
      data.bytes > data.span_bytes)
    return mh__fail(hipErrorOutOfMemory, "export_data holds nothing hipMemPoolExportPointer wrote");
  size_t data_offset;
  const mh_os_memory *file = mh__space_file(pool, &data_offset);
  uint64_t dev = 0, ino = 0;
  if (file != NULL && (err = file_identity(file, &dev, &ino)) != hipSuccess)
    return err;
  if (file == NULL || dev != data.dev || ino != data.ino)
    return mh__fail(hipErrorOutOfMemory,
                    "export_data names memory of another pool than mem_pool pool#%llu: import "
                    "the pointer into the pool hipMemPoolImportFromShareableHandle made of the "
                    "exporter's pool",
                    mh__pool_number(pool));
  mh_pool_block *block = calloc(1, sizeof *block);
  if (block == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool block record");
  err = mh__space_attach(s, pool, (size_t)data.span_offset, (size_t)data.span_bytes, block);
  if (err != hipSuccess) {
    free(block);
    return err;
  }
  block->bytes = (size_t)data.bytes;
  block->imported = true;
  mh__pool_adopt(s, pool, block, MOCKHIP_CALL_hipMemPoolImportPointer);
  *ptr = (void *)(block->base + (uintptr_t)data.inner);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool,
                                             hipMemPoolPtrExportData *export_data) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolImportPointer, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = import_pointer(s, dev_ptr, mem_pool, export_data);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolImportPointer, err, "%s, mem_pool=%s, export_data=%p",
                   mh__d_out_ptr("dev_ptr", dev_ptr, err), mh__d_pool(mem_pool),
                   (void *)export_data);
}
