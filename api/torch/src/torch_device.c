/*
 * torch_device.c: one HIP device: its hmo device, opened on first use, its
 * lock, and giving memory back. When the device runs out of memory, or the
 * memory fraction would be passed, the streams whose work has completed give
 * back their cached large blocks and unmap their empty segments; then, with
 * the device waited for, all streams; then the alloc fails, as PyTorch's
 * allocator does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "torch_base.h"

static torch_device devices[TORCH_MAX_DEVICES];
static int device_count;
static hipError_t device_count_error;
static pthread_once_t devices_once = PTHREAD_ONCE_INIT;

static void devices_init(void) {
  for (int i = 0; i < TORCH_MAX_DEVICES; i++) {
    pthread_mutex_init(&devices[i].lock, NULL);
    devices[i].id = i;
  }
  device_count_error = hipGetDeviceCount(&device_count);
  if (device_count > TORCH_MAX_DEVICES)
    device_count = TORCH_MAX_DEVICES;
}

static torch_device *slot(int device) {
  pthread_once(&devices_once, devices_init);
  if (device_count_error != hipSuccess) {
    torch__fail("hipGetDeviceCount failed: %s", hipGetErrorName(device_count_error));
    return NULL;
  }
  if (device < 0 || device >= device_count) {
    torch__fail("device %d: no such device (there are %d)", device, device_count);
    return NULL;
  }
  return &devices[device];
}

bool torch__enter(const torch_device *d, int *saved) {
  if (hipGetDevice(saved) != hipSuccess)
    return false;
  return *saved == d->id || hipSetDevice(d->id) == hipSuccess;
}

void torch__leave(const torch_device *d, int saved) {
  if (saved != d->id)
    (void)hipSetDevice(saved);
}

static bool open_device(torch_device *d) {
  if (hmo_device_open(&d->dev, d->id) != HMO_OK) {
    torch__fail("device %d: %s", d->id, hmo_error_last()->message);
    return false;
  }
  size_t free_bytes = 0, total = 0;
  int saved;
  if (torch__enter(d, &saved)) {
    (void)hipMemGetInfo(&free_bytes, &total);
    torch__leave(d, saved);
  }
  d->total_bytes = total ? total : SIZE_MAX;
  d->cap_bytes = SIZE_MAX;
  const char *wait = getenv("HMO_TORCH_STREAM_WAIT");
  d->stream_wait = wait && wait[0] == '1' && wait[1] == '\0';
  d->open = true;
  return true;
}

torch_device *torch__device_lock(int device) {
  torch_device *d = slot(device);
  if (!d)
    return NULL;
  pthread_mutex_lock(&d->lock);
  if (!d->open && !open_device(d)) {
    pthread_mutex_unlock(&d->lock);
    return NULL;
  }
  return d;
}

torch_device *torch__device_lock_if_open(int device) {
  pthread_once(&devices_once, devices_init);
  if (device < 0 || device >= device_count)
    return NULL;
  torch_device *d = &devices[device];
  pthread_mutex_lock(&d->lock);
  if (d->open)
    return d;
  pthread_mutex_unlock(&d->lock);
  return NULL;
}

void torch__device_unlock(torch_device *d) { pthread_mutex_unlock(&d->lock); }

size_t torch__mapped_bytes(const torch_device *d) {
  size_t bytes = d->large_mapped;
  for (size_t i = 0; i < d->n_streams; i++)
    bytes += torch__stream_mapped(d->streams[i]);
  return bytes;
}

void torch__device_flush(torch_device *d, bool wait) {
  int saved;
  bool entered = torch__enter(d, &saved);
  bool waited = wait && entered && hipDeviceSynchronize() == hipSuccess;
  torch__pending_poll(d);
  if (waited)
    torch__held_drop(d);
  /* Stream entries stay (blocks point at them): a stream's handle is not reused while its work
   * runs, so a later stream with the same handle may have the entry. */
  for (size_t i = 0; i < d->n_streams; i++)
    if (waited || torch__stream_done(d, d->streams[i]))
      torch__stream_trim(d, d->streams[i], waited);
  if (entered)
    torch__leave(d, saved);
  d->stats.flushes++;
}

bool torch__device_close(torch_device *d) {
  if (d->table.count > 0)
    return false;
  torch__device_flush(d, true);
  for (size_t i = 0; i < d->n_streams; i++)
    if (!torch__stream_empty(d->streams[i]))
      return false;
  if (d->pending || hmo_device_close(d->dev) != HMO_OK)
    return false;
  for (size_t i = 0; i < d->n_streams; i++)
    torch__stream_free(d, d->streams[i]);
  d->n_streams = 0;
  free(d->streams);
  d->streams = NULL;
  d->cap_streams = 0;
  for (size_t i = 0; i < d->n_spare; i++)
    (void)hipEventDestroy(d->spare_events[i]);
  free(d->spare_events);
  d->spare_events = NULL;
  d->n_spare = d->cap_spare = 0;
  while (d->spare) {
    torch_block *block = d->spare;
    d->spare = block->next;
    free(block->uses);
    free(block);
  }
  torch__table_free(d);
  d->dev = NULL;
  d->open = false;
  d->large_mapped = 0;
  d->stats = (hmo_torch_stats){0};
  return true;
}
