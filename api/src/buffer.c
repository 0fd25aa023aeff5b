/*
 * buffer.c: one allocation on HIP VMM. A reserved range with physical chunks
 * mapped back to back from its start; growing maps one more chunk, shrinking
 * unmaps whole trailing chunks, and growing past the range remaps the same
 * chunks into a larger one. No byte is ever copied. Every step that fails
 * undoes what it did, so a failure leaves the buffer as it was (where a ROCm
 * release before 7.0 cannot, drop_chunks_from says what is left).
 *
 * Only forms every ROCm release from 6.1 on accepts are used: access is set
 * on a run the size of the range's first chunks or from the range's start
 * (map_with_access), and several chunks are unmapped in one call only where
 * the runtime allows it (dev->unmap_spans_mappings).
 * hipMemRetainAllocationHandle is never called: it adds no reference before
 * the newest runtime, so hmo keeps, per chunk, whether it still holds one.
 *
 * Layer 1 (buffer.h): it calls status.c and device.c only. A buffer carved
 * out of a pool's range goes back through the hmo_storage the pool gave it.
 */
#include <stdlib.h>
#include <string.h>

#include "buffer.h"

/* Bytes of chunks [first, first+count). */
static size_t chunk_bytes(const hmo_buffer *buf, size_t first, size_t count) {
  size_t bytes = 0;
  for (size_t i = first; i < first + count; i++)
    bytes += buf->chunks[i].bytes;
  return bytes;
}

/* Whether `bytes` is the size of some of chunks [0, mapped) together, from the first. */
static bool is_first_chunks_bytes(const hmo_buffer *buf, size_t mapped, size_t bytes) {
  size_t sum = 0;
  for (size_t i = 0; i < mapped && sum < bytes; i++)
    sum += buf->chunks[i].bytes;
  return sum == bytes;
}

int hmo__set_access(const hmo_device *dev, void *base, size_t bytes, hmo_access access,
                    const char *op) {
  hipMemAccessDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.location.type = hipMemLocationTypeDevice;
  desc.location.id = dev->hip_id;
  desc.flags = (hipMemAccessFlags)access;
  return hmo__check_hip(hipMemSetAccess(base, bytes, &desc, 1), "hipMemSetAccess", op);
}

static int set_access(hmo_buffer *buf, char *base, size_t bytes, hmo_access access,
                      const char *op) {
  return hmo__set_access(buf->dev, base, bytes, access, op);
}

static int reserve_range(char **out, size_t bytes, const char *op) {
  void *ptr = NULL;
  int status =
      hmo__check_hip(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0), "hipMemAddressReserve", op);
  *out = ptr;
  return status;
}

/*
 * Unmaps chunks [first, first+count), mapped from base + offset: in one call
 * where the runtime takes several mappings at once, else one chunk per call,
 * the last first. *left is how many chunks from first are still mapped: 0 on
 * success, all of them when the one call failed, those before the chunk whose
 * unmap failed otherwise.
 */
static int unmap_chunks(hmo_buffer *buf, char *base, size_t first, size_t count, size_t offset,
                        size_t *left, const char *op) {
  size_t end = offset + chunk_bytes(buf, first, count);
  *left = count;
  if (count == 0)
    return HMO_OK;
  int landed = hmo__copies_land(buf->dev, op); /* no DMA may land on an unmapped range */
  if (landed != HMO_OK)
    return landed;
  if (buf->dev->unmap_spans_mappings) {
    int status = hmo__check_hip(hipMemUnmap(base + offset, end - offset), "hipMemUnmap", op);
    if (status == HMO_OK)
      *left = 0;
    return status;
  }
  for (; *left > 0; --*left) {
    size_t bytes = buf->chunks[first + *left - 1].bytes;
    end -= bytes;
    int status = hmo__check_hip(hipMemUnmap(base + end, bytes), "hipMemUnmap", op);
    if (status != HMO_OK)
      return status;
  }
  return HMO_OK;
}

/* Maps chunks [first, first+count) at base + their offsets; on failure unmaps what it mapped. */
static int map_chunks(hmo_buffer *buf, char *base, size_t first, size_t count, size_t offset,
                      const char *op) {
  size_t at = offset;
  for (size_t i = first; i < first + count; i++) {
    int status = hmo__check_hip(
        hipMemMap(base + at, buf->chunks[i].bytes, 0, buf->chunks[i].handle, 0), "hipMemMap", op);
    if (status != HMO_OK) {
      size_t left;
      (void)unmap_chunks(buf, base, first, i - first, offset, &left, op);
      return status;
    }
    at += buf->chunks[i].bytes;
  }
  return HMO_OK;
}

static int add_chunk_slot(hmo_buffer *buf, const char *op) {
  if (buf->chunk_count < buf->chunk_capacity)
    return HMO_OK;
  size_t capacity = buf->chunk_capacity ? 2 * buf->chunk_capacity : 4;
  hmo_chunk *chunks = realloc(buf->chunks, capacity * sizeof *chunks);
  if (chunks == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the chunk list", op);
  buf->chunks = chunks;
  buf->chunk_capacity = capacity;
  return HMO_OK;
}

/* Creates physical memory for one more chunk; it waits in the slot after the last. */
static int create_next_chunk(hmo_buffer *buf, size_t bytes, const char *op) {
  int status = add_chunk_slot(buf, op);
  if (status != HMO_OK)
    return status;
  hipMemAllocationProp prop = hmo__device_prop(buf->dev->hip_id);
  if (buf->shareable)
    prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle;
  status = hmo__check_hip(hipMemCreate(&handle, bytes, &prop, 0), "hipMemCreate", op);
  if (status == HMO_OK)
    buf->chunks[buf->chunk_count] = (hmo_chunk){handle, bytes, true};
  return status;
}

/*
 * Maps chunks [first, first+count) from base + offset, the chunks before them
 * being mapped from base already, and gives them the buffer's access; on
 * failure the chunks it mapped are unmapped again. ROCm 7.0-7.2 take the size
 * of a hipMemSetAccess only when it is the size of the range's first mappings
 * (rocm-systems#2516): the new chunks get their access alone when they are as
 * large as the first chunks together (growth by doubling, or by equal steps),
 * else the whole run from base gets it again, which every release takes.
 */
static int map_with_access(hmo_buffer *buf, char *base, size_t first, size_t count, size_t offset,
                           const char *op) {
  int status = map_chunks(buf, base, first, count, offset, op);
  if (status != HMO_OK || buf->access == HMO_ACCESS_NONE)
    return status;
  size_t bytes = chunk_bytes(buf, first, count);
  if (offset == 0 || is_first_chunks_bytes(buf, first + count, bytes))
    status = set_access(buf, base + offset, bytes, buf->access, op);
  else
    status = set_access(buf, base, offset + bytes, buf->access, op);
  if (status != HMO_OK) {
    size_t left;
    (void)unmap_chunks(buf, base, first, count, offset, &left, op);
  }
  return status;
}

/*
 * Creates a chunk of `bytes`, maps it at base + buf->mapped and gives it the
 * buffer's access. On success it is the buffer's last chunk.
 */
static int append_chunk(hmo_buffer *buf, size_t bytes, const char *op) {
  int status = create_next_chunk(buf, bytes, op);
  if (status != HMO_OK)
    return status;
  status = map_with_access(buf, buf->base, buf->chunk_count, 1, buf->mapped, op);
  if (status != HMO_OK) {
    (void)hipMemRelease(buf->chunks[buf->chunk_count].handle);
    return status;
  }
  buf->chunk_count++;
  buf->mapped += bytes;
  atomic_fetch_add(&buf->dev->bytes_allocated, bytes);
  return HMO_OK;
}

/* The buffer ends after chunk `count` - 1: the chunks after it are gone. */
static void forget_chunks_from(hmo_buffer *buf, size_t count) {
  size_t gone = chunk_bytes(buf, count, buf->chunk_count - count);
  atomic_fetch_sub(&buf->dev->bytes_allocated, gone);
  buf->mapped -= gone;
  buf->chunk_count = count;
}

/*
 * Drops the chunks from index `keep` on: hmo's reference on each is released
 * first (legal while mapped: the mapping keeps the memory), then unmapping
 * frees them. A released reference cannot be taken back, so a failure of a
 * release or of the one unmap leaves every chunk mapped and the buffer as it
 * was, some chunks now kept by their mapping alone (held false: they are not
 * released again). Where the chunks are unmapped one by one (before ROCm 7.0),
 * an unmap that fails after the first leaves those already unmapped gone: the
 * buffer then ends before them (copies refuse the bytes past its mapped end)
 * until a resize maps them again.
 */
static int drop_chunks_from(hmo_buffer *buf, size_t keep, const char *op) {
  for (size_t i = keep; i < buf->chunk_count; i++) {
    if (!buf->chunks[i].held)
      continue;
    int status = hmo__check_hip(hipMemRelease(buf->chunks[i].handle), "hipMemRelease", op);
    if (status != HMO_OK)
      return status;
    buf->chunks[i].held = false;
  }
  size_t left;
  int status = unmap_chunks(buf, buf->base, keep, buf->chunk_count - keep,
                            chunk_bytes(buf, 0, keep), &left, op);
  forget_chunks_from(buf, keep + left);
  return status;
}

/* A read-write buffer of `bytes` on dev with nothing reserved or mapped yet; NULL when out of
   host memory. */
static hmo_buffer *buffer_new(hmo_device *dev, size_t bytes) {
  hmo_buffer *buf = calloc(1, sizeof *buf);
  if (buf == NULL)
    return NULL;
  pthread_mutex_init(&buf->lock, NULL);
  buf->dev = dev;
  buf->bytes = bytes;
  buf->access = HMO_ACCESS_READWRITE;
  return buf;
}

/* Frees the struct of a buffer whose memory is gone (or was never there). */
static void buffer_discard(hmo_buffer *buf) {
  pthread_mutex_destroy(&buf->lock);
  free(buf->chunks);
  free(buf);
}

int hmo__buffer_create(hmo_buffer **out, hmo_device *dev, size_t bytes, size_t capacity,
                       bool shareable, const char *op) {
  bool overflow_a, overflow_b;
  size_t mapped = hmo__round_up(bytes, dev->granularity, &overflow_a);
  size_t reserved = hmo__round_up(capacity, dev->granularity, &overflow_b);
  if (overflow_a || overflow_b)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes overflow when rounded to the granularity %zu",
                     op, capacity, dev->granularity);
  hmo_buffer *buf = buffer_new(dev, bytes);
  if (buf == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the buffer", op);
  buf->shareable = shareable;
  int status = reserve_range(&buf->base, reserved, op);
  if (status == HMO_OK) {
    buf->reserved = reserved;
    status = append_chunk(buf, mapped, op);
    if (status != HMO_OK)
      (void)hipMemAddressFree(buf->base, reserved);
  }
  if (status != HMO_OK) {
    buffer_discard(buf);
    return status;
  }
  *out = buf;
  return HMO_OK;
}

int hmo__buffer_adopt(hmo_buffer **out, hmo_device *dev, hipMemGenericAllocationHandle_t handle,
                      size_t mapped, size_t bytes, const char *op) {
  hmo_buffer *buf = buffer_new(dev, bytes);
  if (buf == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the buffer", op);
  buf->imported = true;
  int status = add_chunk_slot(buf, op);
  if (status == HMO_OK)
    status = reserve_range(&buf->base, mapped, op);
  if (status == HMO_OK) {
    buf->reserved = mapped;
    buf->chunks[0] = (hmo_chunk){handle, mapped, true};
    status = map_with_access(buf, buf->base, 0, 1, 0, op);
    if (status != HMO_OK)
      (void)hipMemAddressFree(buf->base, mapped);
  }
  if (status != HMO_OK) {
    buffer_discard(buf);
    return status;
  }
  buf->chunk_count = 1;
  buf->mapped = mapped;
  atomic_fetch_add(&dev->bytes_allocated, mapped);
  *out = buf;
  return HMO_OK;
}

int hmo__buffer_wrap(hmo_buffer **out, hmo_device *dev, void *ptr, size_t bytes, const char *op) {
  hmo_buffer *buf = buffer_new(dev, bytes);
  if (buf == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "%s: no memory for the buffer", op);
  buf->wrapped = true;
  buf->base = ptr;
  buf->reserved = buf->mapped = bytes;
  *out = buf;
  return HMO_OK;
}

int hmo__buffer_free_locked(hmo_buffer *buf, const char *op) {
  if (buf->storage != NULL)
    buf->storage->free_locked(buf); /* the range goes back to its owner: no HIP call */
  else if (!buf->wrapped) {
    int status = buf->chunk_count ? drop_chunks_from(buf, 0, op) : HMO_OK;
    if (status != HMO_OK)
      return status;
    status = hmo__check_hip(hipMemAddressFree(buf->base, buf->reserved), "hipMemAddressFree", op);
    if (status != HMO_OK)
      return status;
  }
  buf->freed = true;
  buf->base = NULL;
  buf->bytes = buf->mapped = buf->reserved = 0;
  return HMO_OK;
}

void hmo__buffer_unhold(hmo_buffer *buf, const char *op) {
  bool locked = hmo__lock(&buf->lock);
  bool last = --buf->views == 0;
  bool freed = buf->freed;
  if (last && !freed && buf->storage == NULL)
    (void)hmo__buffer_free_locked(buf, op); /* only hmo_error_last() hears: a release is void */
  hmo__unlock(&buf->lock, locked);
  if (!last)
    return;
  /* Nobody else can reach buf now. A carved one's range (unless freed) and struct go back to
     its owner together, under the owner's one lock. */
  if (buf->storage != NULL)
    buf->storage->discard(buf, freed);
  else
    buffer_discard(buf);
}

/*
 * Grows past the range: a new range of `reserved` bytes gets every chunk plus
 * a new one of `extra` bytes, then the old range goes. Until the last step the
 * old range is untouched, so a failure just throws the new one away; letting
 * the old range go can fail too, and then it is put back as it was (every
 * chunk is still mapped in the new range meanwhile, so none is lost).
 */
static int grow_into_larger_range(hmo_buffer *buf, size_t reserved, size_t extra, const char *op) {
  int status = create_next_chunk(buf, extra, op);
  if (status != HMO_OK)
    return status;
  hipMemGenericAllocationHandle_t handle = buf->chunks[buf->chunk_count].handle;
  char *base;
  status = reserve_range(&base, reserved, op);
  if (status != HMO_OK) {
    (void)hipMemRelease(handle);
    return status;
  }
  size_t count = buf->chunk_count, left;
  status = map_with_access(buf, base, 0, count + 1, 0, op);
  if (status == HMO_OK) {
    status = unmap_chunks(buf, buf->base, 0, count, 0, &left, op);
    if (status == HMO_OK) {
      status = hmo__check_hip(hipMemAddressFree(buf->base, buf->reserved), "hipMemAddressFree", op);
      if (status != HMO_OK)
        (void)map_with_access(buf, buf->base, 0, count, 0, op);
    } else if (left < count) {
      (void)map_with_access(buf, buf->base, left, count - left, chunk_bytes(buf, 0, left), op);
    }
    if (status != HMO_OK)
      (void)unmap_chunks(buf, base, 0, count + 1, 0, &left, op);
  }
  if (status != HMO_OK) {
    (void)hipMemAddressFree(base, reserved);
    (void)hipMemRelease(handle);
    return status;
  }
  buf->base = base;
  buf->reserved = reserved;
  buf->chunk_count++;
  buf->mapped += extra;
  buf->moves++;
  atomic_fetch_add(&buf->dev->bytes_allocated, extra);
  return HMO_OK;
}

/* The bytes a growth to `wanted` maps: what it needs, or with doubling as much again as is
   mapped, up to `reserved`. A doubling chunk is as large as the chunks before it together, so
   ROCm 7.0-7.2 take its access alone (map_with_access); the last, capped one is not. */
static size_t growth_bytes(const hmo_buffer *buf, size_t wanted, size_t reserved) {
  size_t needed = wanted - buf->mapped;
  if (!buf->doubling)
    return needed;
  size_t ahead = buf->mapped < reserved - buf->mapped ? buf->mapped : reserved - buf->mapped;
  return ahead > needed ? ahead : needed;
}

int hmo__buffer_resize_locked(hmo_buffer *buf, size_t bytes, const char *op) {
  bool overflow;
  size_t wanted = hmo__round_up(bytes, buf->dev->granularity, &overflow);
  if (overflow)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes overflow when rounded to the granularity %zu",
                     op, bytes, buf->dev->granularity);
  /* Shrink: whole trailing chunks that lie past the new end go. */
  size_t keep = buf->chunk_count, kept = buf->mapped;
  while (keep > 1 && kept - buf->chunks[keep - 1].bytes >= wanted)
    kept -= buf->chunks[--keep].bytes;
  int status = keep < buf->chunk_count ? drop_chunks_from(buf, keep, op) : HMO_OK;
  if (status != HMO_OK)
    return status;
  if (wanted > buf->mapped && wanted <= buf->reserved) {
    status = append_chunk(buf, growth_bytes(buf, wanted, buf->reserved), op);
  } else if (wanted > buf->mapped) {
    size_t reserved = buf->reserved > SIZE_MAX / 2 ? wanted : 2 * buf->reserved;
    if (reserved < wanted)
      reserved = wanted;
    status = grow_into_larger_range(buf, reserved, growth_bytes(buf, wanted, reserved), op);
  }
  if (status == HMO_OK)
    buf->bytes = bytes;
  return status;
}

int hmo__buffer_protect_locked(hmo_buffer *buf, hmo_access access, const char *op) {
  int status = set_access(buf, buf->base, buf->mapped, access, op);
  if (status == HMO_OK)
    buf->access = access;
  return status;
}
