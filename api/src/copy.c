/*
 * copy.c: copies between host memory and memory objects, and between two
 * memory objects (across devices too). Every range is bounds-checked on both
 * sides before a byte moves; the protection hmo set is checked first, so a
 * copy into read-only memory is HMO_EACCESS, not a fault.
 */
#include "view.h"

/* Resolves HMO_ALL and checks [offset, offset+count) against length. */
static int range(size_t *count, size_t offset, size_t length, const char *side, const char *op) {
  if (offset > length)
    return hmo__fail(HMO_ERANGE, 0, "%s: %s offset %zu is past its length %zu", op, side, offset,
                     length);
  if (*count == HMO_ALL)
    *count = length - offset;
  if (*count > length - offset)
    return hmo__fail(HMO_ERANGE, 0, "%s: %s elements [%zu, %zu + %zu) run past its length %zu", op,
                     side, offset, offset, *count, length);
  return HMO_OK;
}

static int check_use(const hmo_memory *mem, hmo_access need, const char *side, const char *op) {
  if (mem->buf->freed)
    return hmo__fail(HMO_EFREED, 0, "%s: the %s memory was freed (hmo_memory_free)", op, side);
  if ((mem->buf->access & need) != need)
    return hmo__fail(HMO_EACCESS, 0, "%s: the %s memory is %s; the copy needs %s", op, side,
                     mem->buf->access == HMO_ACCESS_NONE ? "not accessible" : "read-only",
                     need == HMO_ACCESS_READWRITE ? "write access" : "read access");
  /* The allocation ends at the size asked for, or earlier where a free that failed half way
     left fewer bytes mapped. */
  size_t end = mem->buf->bytes < mem->buf->mapped ? mem->buf->bytes : mem->buf->mapped;
  if (mem->offset + mem->bytes > end)
    return hmo__fail(HMO_ERANGE, 0,
                     "%s: the %s view ends at byte %zu, but its allocation now ends at byte %zu",
                     op, side, mem->offset + mem->bytes, end);
  return HMO_OK;
}

/* Runs a copy with `device` current, putting the caller's device back after. */
static int on_device(int device, void *dst, const void *src, size_t bytes, hipMemcpyKind kind,
                     const char *op) {
  int saved;
  int status = hmo__device_enter(device, &saved, op);
  if (status != HMO_OK)
    return status;
  status = hmo__check_hip(hipMemcpy(dst, src, bytes, kind), "hipMemcpy", op);
  hmo__device_leave(device, saved);
  return status;
}

static char *at(const hmo_memory *mem, size_t offset) {
  return mem->buf->base + mem->offset + offset * mem->dtype->bytes;
}

int hmo__copy_host(hmo_memory *mem, void *host, size_t count, size_t offset, bool to_device,
                   const char *op) {
  if (mem == NULL || host == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op,
                     mem == NULL ? "the memory" : "the host pointer");
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  pthread_mutex_lock(&mem->buf->lock);
  int status = check_use(mem, to_device ? HMO_ACCESS_READWRITE : HMO_ACCESS_READ,
                         to_device ? "destination" : "source", op);
  if (status == HMO_OK)
    status = range(&count, offset, mem->bytes / mem->dtype->bytes, "memory", op);
  if (status == HMO_OK && count != 0) {
    size_t bytes = count * mem->dtype->bytes;
    status = to_device ? on_device(mem->buf->dev->hip_id, at(mem, offset), host, bytes,
                                   hipMemcpyHostToDevice, op)
                       : on_device(mem->buf->dev->hip_id, host, at(mem, offset), bytes,
                                   hipMemcpyDeviceToHost, op);
  }
  pthread_mutex_unlock(&mem->buf->lock);
  return status;
}

HMO_API int hmo_memory_copy_from(hmo_memory *dst, const void *src, size_t count, size_t offset) {
  return hmo__copy_host(dst, (void *)src, count, offset, true, "hmo_memory_copy_from");
}

HMO_API int hmo_memory_copy_to(const hmo_memory *src, void *dst, size_t count, size_t offset) {
  return hmo__copy_host((hmo_memory *)src, dst, count, offset, false, "hmo_memory_copy_to");
}

/* Locks both buffers of a copy: one lock when they are the same, else in address order. */
static void lock_pair(hmo_buffer *a, hmo_buffer *b) {
  if (a == b) {
    pthread_mutex_lock(&a->lock);
  } else if (a < b) {
    pthread_mutex_lock(&a->lock);
    pthread_mutex_lock(&b->lock);
  } else {
    pthread_mutex_lock(&b->lock);
    pthread_mutex_lock(&a->lock);
  }
}

static void unlock_pair(hmo_buffer *a, hmo_buffer *b) {
  pthread_mutex_unlock(&a->lock);
  if (b != a)
    pthread_mutex_unlock(&b->lock);
}

static int memory_copy_locked(hmo_memory *dst, const hmo_memory *src, size_t count,
                              size_t dst_offset, size_t src_offset, const char *op) {
  int status = check_use(dst, HMO_ACCESS_READWRITE, "destination", op);
  if (status == HMO_OK)
    status = check_use(src, HMO_ACCESS_READ, "source", op);
  if (status == HMO_OK)
    status = range(&count, dst_offset, dst->bytes / dst->dtype->bytes, "destination", op);
  /* Both offsets are checked even for an empty copy. */
  size_t src_length = src->bytes / src->dtype->bytes;
  if (status == HMO_OK && src_offset > src_length)
    status = hmo__fail(HMO_ERANGE, 0, "%s: source offset %zu is past its length %zu", op,
                       src_offset, src_length);
  if (status != HMO_OK || count == 0)
    return status;
  size_t bytes = count * dst->dtype->bytes;
  size_t src_room = src->bytes - src_offset * src->dtype->bytes;
  if (bytes > src_room)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes from source element %zu run past its %zu bytes",
                     op, bytes, src_offset, src->bytes);
  int dst_device = dst->buf->dev->hip_id, src_device = src->buf->dev->hip_id;
  if (dst_device == src_device)
    return on_device(dst_device, at(dst, dst_offset), at(src, src_offset), bytes,
                     hipMemcpyDeviceToDevice, op);
  return hmo__check_hip(
      hipMemcpyPeer(at(dst, dst_offset), dst_device, at(src, src_offset), src_device, bytes),
      "hipMemcpyPeer", op);
}

int hmo__copy(hmo_memory *dst, const hmo_memory *src, size_t count, size_t dst_offset,
              size_t src_offset, const char *op) {
  if (dst == NULL || src == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op, dst == NULL ? "dst" : "src");
  if (hmo__released(dst) || hmo__released(src))
    return hmo__fail_released(op,
                              hmo__released(dst) ? "the destination memory" : "the source memory");
  lock_pair(dst->buf, src->buf);
  int status = memory_copy_locked(dst, src, count, dst_offset, src_offset, op);
  unlock_pair(dst->buf, src->buf);
  return status;
}

HMO_API int hmo_memory_copy(hmo_memory *dst, const hmo_memory *src, size_t count, size_t dst_offset,
                            size_t src_offset) {
  return hmo__copy(dst, src, count, dst_offset, src_offset, "hmo_memory_copy");
}
