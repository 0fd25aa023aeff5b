/*
 * torch_api.c: the exported functions. Each checks its arguments and takes
 * its device's lock. PyTorch calls alloc on whatever device is current: the
 * calls that depend on it (an event's creation, a wait for the device) make
 * the block's device current and put the caller's back (torch__enter).
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "torch_base.h"

static _Thread_local char last_error[512];

void torch__fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
}

const char *hmo_torch_last_error(void) { return last_error; }

static void count_live(torch_device *d, torch_block *block) {
  d->stats.allocs++;
  d->stats.live_bytes += block->asked;
  if (d->stats.live_bytes > d->stats.live_peak)
    d->stats.live_peak = d->stats.live_bytes;
}

/* A block for `bytes` on stream (d locked and current). */
static torch_block *block_for(torch_device *d, hipStream_t stream, size_t bytes) {
  bool captured = torch__capturing(stream);
  if (!captured)
    torch__pending_poll(d);
  torch_stream *s = torch__stream_of(d, stream);
  if (!s) {
    torch__fail("device %d: no host memory for a stream's record", d->id);
    return NULL;
  }
  unsigned cls = torch__class_of(bytes);
  size_t taken = bytes > TORCH_MEDIUM_MAX ? torch__class_bytes(cls) : (bytes + 511) & ~(size_t)511;
  torch_block *block = torch__stream_alloc(d, s, taken, cls, captured);
  if (block) {
    block->stream = s;
    block->captured = captured;
  }
  return block;
}

void *hmo_torch_alloc(ssize_t bytes, int device, hipStream_t stream) {
  if (bytes <= 0) {
    if (bytes < 0)
      torch__fail("hmo_torch_alloc: %zd bytes", bytes);
    return NULL;
  }
  if ((size_t)bytes > TORCH_BYTES_MAX) {
    torch__fail("hmo_torch_alloc: %zd bytes is past the largest block, %zu", bytes,
                TORCH_BYTES_MAX);
    return NULL;
  }
  torch_device *d = torch__device_lock(device);
  if (!d)
    return NULL;
  torch_block *block = block_for(d, stream, (size_t)bytes);
  if (block) {
    block->asked = (size_t)bytes;
    if (torch__table_put(d, block)) {
      count_live(d, block);
    } else {
      torch__fail("device %d: no host memory for the block table", device);
      torch__block_free(d, block);
      block = NULL;
    }
  }
  if (!block)
    d->stats.failures++;
  torch__device_unlock(d);
  return block ? block->ptr : NULL;
}

/* Notes that block is used on stream too; without host memory for the note, waits for it. */
static void use_add(torch_block *block, hipStream_t stream) {
  if (stream == block->stream->handle)
    return;
  for (size_t i = 0; i < block->n_uses; i++)
    if (block->uses[i] == stream)
      return;
  if (!TORCH_ROOM(block->uses, block->n_uses, block->cap_uses, 2)) {
    (void)hipStreamSynchronize(stream);
    return;
  }
  block->uses[block->n_uses++] = stream;
}

/* Why free must refuse ptr, or NULL when it may take it. */
static const char *free_refusal(const torch_block *block, size_t bytes) {
  if (!block)
    return "not a live block of this device (never handed out, or freed already)";
  if (bytes != block->asked)
    return "the size differs from the one it was asked for";
  return NULL;
}

void hmo_torch_free(void *ptr, ssize_t bytes, int device, hipStream_t stream) {
  if (!ptr)
    return;
  torch_device *d = torch__device_lock_if_open(device);
  if (!d) {
    torch__fail("hmo_torch_free(%p): device %d holds no blocks of this library", ptr, device);
    return;
  }
  torch_block *block = torch__table_find(d, ptr);
  const char *refusal = free_refusal(block, (size_t)bytes);
  if (refusal) {
    torch__fail("hmo_torch_free(%p, %zd bytes, device %d): refused: %s", ptr, bytes, device,
                refusal);
    d->stats.bad_frees++;
    torch__device_unlock(d);
    return;
  }
  torch__table_remove(d, ptr);
  d->stats.frees++;
  d->stats.live_bytes -= block->asked;
  block->asked = 0;
  /* PyTorch frees on the allocation stream; another stream is one more user to wait for. */
  if (stream != block->stream->handle)
    use_add(block, stream);
  torch__block_free(d, block);
  torch__device_unlock(d);
}

/* The device whose live blocks hold ptr, locked, and the block; NULL when none does. */
static torch_device *owner_lock(const void *ptr, torch_block **block) {
  for (int device = 0; device < TORCH_MAX_DEVICES; device++) {
    torch_device *d = torch__device_lock_if_open(device);
    if (!d)
      continue;
    if ((*block = torch__table_find(d, ptr)))
      return d;
    torch__device_unlock(d);
  }
  return NULL;
}

void hmo_torch_record_stream(void *ptr, hipStream_t stream) {
  torch_block *block;
  torch_device *d = owner_lock(ptr, &block);
  if (!d) {
    torch__fail("hmo_torch_record_stream(%p): not a live block of this library", ptr);
    return;
  }
  use_add(block, stream);
  torch__device_unlock(d);
}

void *hmo_torch_base_alloc(void *ptr, size_t *bytes) {
  torch_block *block;
  torch_device *d = owner_lock(ptr, &block);
  if (!d) {
    torch__fail("hmo_torch_base_alloc(%p): not a live block of this library", ptr);
    return ptr;
  }
  if (bytes)
    *bytes = block->bytes;
  torch__device_unlock(d);
  return ptr;
}

void hmo_torch_init(int device_count) { (void)device_count; }

void hmo_torch_memory_fraction(double fraction, int device) {
  if (!(fraction > 0 && fraction <= 1)) {
    torch__fail("hmo_torch_memory_fraction(%g, %d): refused: the fraction is outside (0, 1]",
                fraction, device);
    return;
  }
  torch_device *d = torch__device_lock(device);
  if (!d)
    return;
  d->cap_bytes = fraction >= 1 ? SIZE_MAX : (size_t)(fraction * (double)d->total_bytes);
  torch__device_unlock(d);
}

void hmo_torch_empty_cache(void) {
  for (int device = 0; device < TORCH_MAX_DEVICES; device++) {
    torch_device *d = torch__device_lock_if_open(device);
    if (!d)
      continue;
    torch__device_flush(d, true);
    torch__device_unlock(d);
  }
}

int hmo_torch_get_stats(int device, hmo_torch_stats *out) {
  if (!out || device < 0 || device >= TORCH_MAX_DEVICES)
    return -1;
  *out = (hmo_torch_stats){0};
  torch_device *d = torch__device_lock_if_open(device);
  if (!d)
    return 0;
  *out = d->stats;
  out->mapped_bytes = torch__mapped_bytes(d);
  torch__device_unlock(d);
  return 0;
}

int hmo_torch_shutdown(void) {
  torch_device *locked[TORCH_MAX_DEVICES];
  int n = 0, live = 0;
  for (int device = 0; device < TORCH_MAX_DEVICES; device++)
    if ((locked[n] = torch__device_lock_if_open(device)))
      live += locked[n++]->table.count > 0;
  int result = 0;
  if (live) {
    torch__fail("hmo_torch_shutdown: refused: blocks are live on %d device(s)", live);
    result = -1;
  }
  for (int i = 0; i < n; i++) {
    if (!live && !torch__device_close(locked[i])) {
      torch__fail("hmo_torch_shutdown: device %d: %s", locked[i]->id, hmo_error_last()->message);
      result = -1;
    }
    torch__device_unlock(locked[i]);
  }
  return result;
}
