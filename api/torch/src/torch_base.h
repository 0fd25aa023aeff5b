/*
 * torch_base.h: libhmo-torch's structs and the map of its files.
 *
 *   torch_api.c     the exported functions: arguments, the device lock, the last error
 *   torch_device.c  one device: opened on first use, made current where a call needs it,
 *                   memory given back when short
 *   stream_pools.c  each stream's pools and large-block cache; the event that lets another
 *                   stream take from them
 *   block_free.c    a free: back to its stream at once, or parked on other streams' events
 *   block_table.c   device pointer -> block, for free; the growable arrays
 *   size_class.c    request sizes -> the classes large blocks are cached by
 *
 * Everything below the exported functions runs under its device's lock.
 */
#ifndef TORCH_BASE_H
#define TORCH_BASE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include <hip/hip_runtime_api.h>
#include <hmo.h>

#include "hmo_torch.h"

#define TORCH_HIDDEN __attribute__((visibility("hidden")))

#define TORCH_MAX_DEVICES 64

/* ---- size classes: 512-byte steps to 1 MiB, then four per power of two ---- */

#define TORCH_SMALL_MAX ((size_t)1 << 20)   /* pooled in small pools */
#define TORCH_MEDIUM_MAX ((size_t)64 << 20) /* pooled in medium pools; past it, a block apiece */
#define TORCH_BYTES_MAX ((size_t)1 << 48)
#define TORCH_CLASSES (2048 + 28 * 4)

/* The class of a request of 1..TORCH_BYTES_MAX bytes, and the bytes each block of it takes. */
TORCH_HIDDEN unsigned torch__class_of(size_t bytes);
TORCH_HIDDEN size_t torch__class_bytes(unsigned cls);

/* ---- blocks ---- */

typedef struct torch_stream torch_stream;

typedef struct torch_block {
  hmo_memory *mem;
  void *ptr;
  size_t asked; /* bytes the live block was asked for */
  size_t bytes; /* what it takes: 512-byte steps in a pool, its class's past that */
  unsigned cls;
  torch_stream *home;       /* whose pools hold it, or whose cache takes it back (large) */
  torch_stream *stream;     /* the stream it was handed out on */
  struct torch_block *next; /* a large cache, the pending or held list, or the spare structs */
  hipStream_t *uses;        /* streams other than `stream` it is used on (record_stream) */
  size_t n_uses, cap_uses;
  hipEvent_t *waits; /* pending: the events recorded on those streams at the free */
  unsigned n_waits;
  bool captured; /* handed out while its stream was capturing a graph */
} torch_block;

/* ---- streams: each one's pools ---- */

typedef struct torch_pools {
  hmo_pool **pools;
  size_t *pool_mapped; /* each pool's mapped bytes, as of its last alloc or trim */
  size_t count, cap;
  size_t mapped, in_use; /* the tier's bytes, likewise, and those of its live objects */
} torch_pools;

/* The first class past TORCH_MEDIUM_MAX (2^26): the classes of 2^26 + 1 .. 2^27 start it. */
#define TORCH_LARGE_FIRST (2048u + (26 - 20) * 4)
#define TORCH_LARGE_CLASSES (TORCH_CLASSES - TORCH_LARGE_FIRST)

struct torch_stream {
  hipStream_t handle;
  hipEvent_t event; /* recorded on handle when another stream wants its memory */
  bool dirty;       /* memory came back to it since event was last recorded */
  torch_pools small, medium;
  torch_block *large[TORCH_LARGE_CLASSES]; /* freed large blocks, by class */
  size_t large_cached;
};

/* ---- devices ---- */

typedef struct torch_device {
  pthread_mutex_t lock;
  int id;
  bool open;
  bool stream_wait; /* HMO_TORCH_STREAM_WAIT=1: take a busy stream's memory, made to wait */
  hmo_device *dev;
  size_t total_bytes;  /* hipMemGetInfo's total */
  size_t cap_bytes;    /* the memory fraction's; SIZE_MAX without one */
  size_t large_mapped; /* bytes of the large blocks, live and cached */
  torch_stream **streams;
  size_t n_streams, cap_streams;
  torch_block *pending; /* freed, waiting on the events of the streams that used them */
  torch_block *held;    /* freed, but a captured graph may still use them: kept to a reset */
  torch_block *spare;   /* block structs to reuse */
  hipEvent_t *spare_events;
  size_t n_spare, cap_spare;
  struct { /* ptr -> live block: open addressing */
    torch_block **slots;
    size_t mask, count;
  } table;
  hmo_torch_stats stats;
} torch_device;

/* ---- growable arrays (block_table.c) ---- */

/* Makes room for item `count` of the array at *array_slot (a pointer of any type), which has
 * room for *cap: doubles it (from `first`) when full; false, the array as it was, when host
 * memory ran out. */
TORCH_HIDDEN bool torch__room(void *array_slot, size_t *cap, size_t count, size_t item_bytes,
                              size_t first);
#define TORCH_ROOM(array, count, cap, first)                                                       \
  torch__room(&(array), &(cap), (count), sizeof *(array), (first))

/* ---- the last error (torch_api.c) ---- */

TORCH_HIDDEN void torch__fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- block_table.c ---- */

TORCH_HIDDEN bool torch__table_put(torch_device *d, torch_block *block);
TORCH_HIDDEN torch_block *torch__table_find(const torch_device *d, const void *ptr);
TORCH_HIDDEN void torch__table_remove(torch_device *d, const void *ptr);
TORCH_HIDDEN void torch__table_free(torch_device *d);

/* ---- stream_pools.c ---- */

/* The entry of handle on d, made on first use; NULL when host memory ran out. */
TORCH_HIDDEN torch_stream *torch__stream_of(torch_device *d, hipStream_t handle);
/* A block of `bytes` (its size class cls) for work on s: from s's own pools or cache, else from
 * another stream's once its work has completed (or s was made to wait for it), else new
 * device memory for s. NULL with a reason. While s captures a graph, no event is touched. */
TORCH_HIDDEN torch_block *torch__stream_alloc(torch_device *d, torch_stream *s, size_t bytes,
                                              unsigned cls, bool capturing);
/* Gives a block no stream still uses back to its home stream's pool or cache. */
TORCH_HIDDEN void torch__stream_take_back(torch_device *d, torch_block *block);
/* Records s's event if memory came back to s since; false when it cannot. Whether all s's
 * work queued so far has completed. */
TORCH_HIDDEN bool torch__stream_done(torch_device *d, torch_stream *s);
/* Gives back s's cached large blocks and unmaps its empty segments; with `all`, also destroys
 * its empty pools. */
TORCH_HIDDEN void torch__stream_trim(torch_device *d, torch_stream *s, bool all);
/* Whether s holds no device memory (its pools and cache are empty or gone). */
TORCH_HIDDEN bool torch__stream_empty(const torch_stream *s);
TORCH_HIDDEN void torch__stream_free(torch_device *d, torch_stream *s);
TORCH_HIDDEN size_t torch__stream_mapped(const torch_stream *s);
TORCH_HIDDEN hipEvent_t torch__event_take(torch_device *d);
TORCH_HIDDEN void torch__event_give(torch_device *d, hipEvent_t event);

/* ---- block_free.c ---- */

/* Whether the stream is capturing a graph: then no event may be recorded or queried, and
 * what is handed out is kept from reuse after its free (the graph's replays use it). A
 * stream the runtime cannot answer for counts as capturing: the safe side. */
TORCH_HIDDEN bool torch__capturing(hipStream_t stream);

/* A freed block: back to its home at once when only its own stream used it; else parked until
 * an event recorded now on each other user has completed; kept to a reset if captured. */
TORCH_HIDDEN void torch__block_free(torch_device *d, torch_block *block);
/* Takes back the parked blocks whose events have completed. */
TORCH_HIDDEN void torch__pending_poll(torch_device *d);
/* Gives back the blocks kept for captured graphs (the caller synchronised the device). */
TORCH_HIDDEN void torch__held_drop(torch_device *d);
TORCH_HIDDEN torch_block *torch__block_struct(torch_device *d);
TORCH_HIDDEN void torch__block_struct_give(torch_device *d, torch_block *block);

/* ---- torch_device.c ---- */

/* The device, locked, its hmo device opened on first use; NULL with a reason. */
TORCH_HIDDEN torch_device *torch__device_lock(int device);
/* The device, locked, if this library has opened it; NULL otherwise. */
TORCH_HIDDEN torch_device *torch__device_lock_if_open(int device);
TORCH_HIDDEN void torch__device_unlock(torch_device *d);
/* Gives back what no stream can still be using: the memory of streams whose work has
 * completed; with `wait`, first waits for the device, so all of it. */
TORCH_HIDDEN void torch__device_flush(torch_device *d, bool wait);
/* Device memory mapped for d's blocks: pool segments and large blocks. */
TORCH_HIDDEN size_t torch__mapped_bytes(const torch_device *d);
/* Makes d's device current for HIP calls, keeping the current one in *saved; torch__leave
 * puts it back. */
TORCH_HIDDEN bool torch__enter(const torch_device *d, int *saved);
TORCH_HIDDEN void torch__leave(const torch_device *d, int saved);
/* Everything given back and closed; false while blocks are live. */
TORCH_HIDDEN bool torch__device_close(torch_device *d);

#endif /* TORCH_BASE_H */
