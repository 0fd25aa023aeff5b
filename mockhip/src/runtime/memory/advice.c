/*
 * advice.c: hipMemAdvise, hipMemPrefetchAsync, hipMemRangeGetAttribute(s)
 * (clr hip_hmm.cpp). ROCm hands advice to the kernel driver's SVM attributes,
 * per page, and reads them back per range; mockhip keeps the same attributes
 * per page of each managed block, so a query answers what the advice
 * said: read-mostly, the preferred location, the devices that access it, the
 * last prefetch's location, fine or coarse grain. Nothing moves: every
 * device and the CPU reach managed memory wherever it is.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* One page's attributes. Locations are device ids, hipCpuDeviceId or hipInvalidDeviceId. */
typedef struct mh_advice {
  bool read_mostly, coarse;
  int preferred, last_prefetch;
  uint64_t accessed_by; /* bit d: device d (MH_MAX_DEVICES is 64) */
  bool accessed_by_cpu;
} mh_advice;

static uint64_t device_bit(int device) { return (uint64_t)1 << device; }

/* The block holding [ptr, ptr + bytes) that advice applies to: managed memory, the one kind
   whose pages the driver's SVM attributes cover on an xnack- device (hipHostMalloc memory is
   refused, hip-tests' hipMemRangeGetAttribute_old; registered memory takes advice on xnack+
   only, where hip-tests' Unit_hipHostRegister_MemAdvise_SetGet runs). */
static hipError_t advised_block(mh_state *s, const void *ptr, size_t bytes, mh_region **out) {
  mh_region *r = mh__region_containing(s, (uintptr_t)ptr);
  if (r == NULL || r->kind != MH_REGION_MALLOC || r->memory != MH_BLOCK_MANAGED)
    return mh__fail(hipErrorInvalidValue,
                    "%p is not in managed memory (hipMallocManaged), the one kind whose pages "
                    "take advice on an xnack- device",
                    ptr);
  size_t offset = (uintptr_t)ptr - r->base;
  if (bytes > r->asked_bytes - offset)
    return mh__fail(hipErrorInvalidValue, "count %zu runs past the block's end (%zu bytes from %p)",
                    bytes, r->asked_bytes - offset, ptr);
  *out = r;
  return hipSuccess;
}

/* The pages [first, last] of r that [ptr, ptr + bytes) touches. */
static void pages_of(const mh_state *s, const mh_region *r, const void *ptr, size_t bytes,
                     size_t *first, size_t *last) {
  size_t offset = (uintptr_t)ptr - r->base;
  *first = offset / s->page_bytes;
  *last = (offset + bytes - 1) / s->page_bytes;
}

static hipError_t page_table(mh_state *s, mh_region *r) {
  if (r->advice != NULL)
    return hipSuccess;
  size_t pages = (r->asked_bytes + s->page_bytes - 1) / s->page_bytes;
  r->advice = calloc(pages, sizeof *r->advice);
  if (r->advice == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the advice of %zu pages", pages);
  for (size_t p = 0; p < pages; p++)
    r->advice[p].preferred = r->advice[p].last_prefetch = hipInvalidDeviceId;
  return hipSuccess;
}

static bool known_location(const mh_state *s, int device) {
  return device == hipCpuDeviceId || (device >= 0 && device < s->options.devices);
}

/* ---- hipMemAdvise ---- */

static void advise_page(mh_advice *a, hipMemoryAdvise advice, int device) {
  switch (advice) {
  case hipMemAdviseSetReadMostly: a->read_mostly = true; break;
  case hipMemAdviseUnsetReadMostly: a->read_mostly = false; break;
  case hipMemAdviseSetPreferredLocation: a->preferred = device; break;
  case hipMemAdviseUnsetPreferredLocation: a->preferred = hipInvalidDeviceId; break;
  case hipMemAdviseSetAccessedBy:
  case hipMemAdviseUnsetAccessedBy: {
    bool set = advice == hipMemAdviseSetAccessedBy;
    if (device == hipCpuDeviceId)
      a->accessed_by_cpu = set;
    else
      a->accessed_by =
          set ? a->accessed_by | device_bit(device) : a->accessed_by & ~device_bit(device);
    break;
  }
  case hipMemAdviseSetCoarseGrain: a->coarse = true; break;
  case hipMemAdviseUnsetCoarseGrain: a->coarse = false; break;
  }
}

static hipError_t advise(mh_state *s, const void *ptr, size_t bytes, hipMemoryAdvise advice,
                         int device) {
  /* clr's order: the device (which read-mostly ignores), the range, then what the driver
     refuses */
  bool read_mostly = advice == hipMemAdviseSetReadMostly || advice == hipMemAdviseUnsetReadMostly;
  if (!read_mostly && !known_location(s, device))
    return mh__fail(hipErrorInvalidDevice, "device %d is neither a device nor hipCpuDeviceId",
                    device);
  if (ptr == NULL || bytes == 0)
    return mh__fail(hipErrorInvalidValue, "%s", ptr == NULL ? "dev_ptr is NULL" : "count is 0");
  bool known = (advice >= hipMemAdviseSetReadMostly && advice <= hipMemAdviseUnsetAccessedBy) ||
               advice == hipMemAdviseSetCoarseGrain || advice == hipMemAdviseUnsetCoarseGrain;
  if (!known)
    return mh__fail(hipErrorInvalidValue, "advice %d is no hipMemoryAdvise", (int)advice);
  mh_region *r;
  hipError_t err = advised_block(s, ptr, bytes, &r);
  if (err == hipSuccess)
    err = page_table(s, r);
  if (err != hipSuccess)
    return err;
  size_t first, last;
  pages_of(s, r, ptr, bytes, &first, &last);
  for (size_t p = first; p <= last; p++)
    advise_page(&r->advice[p], advice, device);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice,
                                  int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAdvise, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = advise(s, dev_ptr, count, advice, device);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemAdvise, err, "dev_ptr=%s, count=%s, advice=%d, device=%d",
                   mh__d_ptr(dev_ptr), mh__d_bytes(count), (int)advice, device);
}

/* ---- hipMemPrefetchAsync ---- */

static hipError_t prefetch(mh_state *s, const void *ptr, size_t bytes, int device,
                           hipStream_t stream) {
  if (ptr == NULL || bytes == 0)
    return mh__fail(hipErrorInvalidValue, "%s", ptr == NULL ? "dev_ptr is NULL" : "count is 0");
  hipError_t err = mh__check_stream(s, stream);
  if (err != hipSuccess)
    return err;
  mh_region *r = mh__region_containing(s, (uintptr_t)ptr);
  bool block = r != NULL && r->kind == MH_REGION_MALLOC; /* memory the runtime knows */
  if (block && bytes > r->asked_bytes - ((uintptr_t)ptr - r->base))
    return mh__fail(hipErrorInvalidValue, "count %zu runs past the block's end", bytes);
  if (!known_location(s, device))
    return mh__fail(hipErrorInvalidDevice, "device %d is neither a device nor hipCpuDeviceId",
                    device);
  if (!block && device != hipCpuDeviceId)
    return mh__fail(hipErrorNotSupported,
                    "%p is memory the runtime does not know, which a device reaches only with "
                    "xnack+ (hmmCpuMemoryAccessible): mockhip's devices are xnack-",
                    ptr);
  if (!block || r->memory != MH_BLOCK_MANAGED)
    return hipSuccess; /* a prefetch of other memory moves nothing and records nothing */
  if ((err = page_table(s, r)) != hipSuccess)
    return err;
  /* Recorded at the call: the prefetch moves nothing, so when it runs changes nothing */
  size_t first, last;
  pages_of(s, r, ptr, bytes, &first, &last);
  for (size_t p = first; p <= last; p++)
    r->advice[p].last_prefetch = device;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device,
                                         hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPrefetchAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = prefetch(s, dev_ptr, count, device, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPrefetchAsync, err,
                   "dev_ptr=%s, count=%s, device=%d, stream=%s", mh__d_ptr(dev_ptr),
                   mh__d_bytes(count), device, mh__d_stream(stream));
}

/* ---- hipMemRangeGetAttribute(s) ---- */

/* One location every page agrees on, else hipInvalidDeviceId. */
static int common_location(const mh_advice *pages, size_t first, size_t last, bool preferred) {
  int value = preferred ? pages[first].preferred : pages[first].last_prefetch;
  for (size_t p = first + 1; p <= last; p++)
    if ((preferred ? pages[p].preferred : pages[p].last_prefetch) != value)
      return hipInvalidDeviceId;
  return value;
}

static hipError_t range_attribute(mh_state *s, void *data, size_t data_size,
                                  hipMemRangeAttribute attribute, mh_region *r, const void *ptr,
                                  size_t bytes) {
  /* hip-tests' negative cases: a one-int attribute takes exactly 4 bytes (8, 6 and 5 are
     refused) */
  if (attribute != hipMemRangeAttributeAccessedBy && data_size != sizeof(int))
    return mh__fail(hipErrorInvalidValue, "data_size %zu: the attribute is one int, 4 bytes",
                    data_size);
  if (attribute == hipMemRangeAttributeAccessedBy && data_size % sizeof(int) != 0)
    return mh__fail(hipErrorInvalidValue, "data_size %zu is not a whole number of ints", data_size);
  hipError_t err = page_table(s, r);
  if (err != hipSuccess)
    return err;
  size_t first, last;
  pages_of(s, r, ptr, bytes, &first, &last);
  const mh_advice *pages = r->advice;
  int *out = data;
  switch (attribute) {
  case hipMemRangeAttributeReadMostly: {
    int all = 1;
    for (size_t p = first; p <= last; p++)
      all &= pages[p].read_mostly;
    *out = all;
    return hipSuccess;
  }
  case hipMemRangeAttributePreferredLocation:
  case hipMemRangeAttributeLastPrefetchLocation:
    *out = common_location(pages, first, last, attribute == hipMemRangeAttributePreferredLocation);
    return hipSuccess;
  case hipMemRangeAttributeAccessedBy: {
    /* the locations every page names, the rest hipInvalidDeviceId */
    uint64_t every = UINT64_MAX;
    bool cpu = true;
    for (size_t p = first; p <= last; p++) {
      every &= pages[p].accessed_by;
      cpu &= pages[p].accessed_by_cpu;
    }
    size_t slots = data_size / sizeof(int), n = 0;
    for (int d = 0; d < s->options.devices && n < slots; d++)
      if (every & device_bit(d))
        out[n++] = d;
    if (cpu && n < slots)
      out[n++] = hipCpuDeviceId;
    while (n < slots)
      out[n++] = hipInvalidDeviceId;
    return hipSuccess;
  }
  case hipMemRangeAttributeCoherencyMode: {
    bool coarse = false, fine = false;
    for (size_t p = first; p <= last; p++)
      *(pages[p].coarse ? &coarse : &fine) = true;
    *out = coarse && fine ? hipMemRangeCoherencyModeIndeterminate
           : coarse       ? hipMemRangeCoherencyModeCoarseGrain
                          : hipMemRangeCoherencyModeFineGrain;
    return hipSuccess;
  }
  }
  return mh__fail(hipErrorInvalidValue, "attribute %d is no hipMemRangeAttribute", (int)attribute);
}

static hipError_t range_attributes(mh_state *s, void **data, size_t *data_sizes,
                                   hipMemRangeAttribute *attributes, size_t count, const void *ptr,
                                   size_t bytes) {
  if (data == NULL || data_sizes == NULL || attributes == NULL || count == 0 || ptr == NULL ||
      bytes == 0)
    return mh__fail(hipErrorInvalidValue,
                    "data, data_sizes, attributes and dev_ptr must not be NULL, num_attributes "
                    "and count not 0");
  for (size_t i = 0; i < count; i++)
    if (data[i] == NULL)
      return mh__fail(hipErrorInvalidValue, "data[%zu] is NULL", i);
  mh_region *r;
  hipError_t err = advised_block(s, ptr, bytes, &r);
  for (size_t i = 0; err == hipSuccess && i < count; i++)
    err = range_attribute(s, data[i], data_sizes[i], attributes[i], r, ptr, bytes);
  return err;
}

MH_EXPORT hipError_t hipMemRangeGetAttribute(void *data, size_t data_size,
                                             hipMemRangeAttribute attribute, const void *dev_ptr,
                                             size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemRangeGetAttribute, MH_CALLER, &s);
  if (err == hipSuccess && (data == NULL || data_size == 0 || dev_ptr == NULL || count == 0))
    err = mh__fail(hipErrorInvalidValue,
                   "data and dev_ptr must not be NULL, data_size and count not 0");
  if (err == hipSuccess) {
    mh__lock_write(); /* the first query makes the page table */
    err = range_attributes(s, &data, &data_size, &attribute, 1, dev_ptr, count);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemRangeGetAttribute, err,
                   "data=%p, data_size=%zu, attribute=%d, dev_ptr=%s, count=%s", data, data_size,
                   (int)attribute, mh__d_ptr(dev_ptr), mh__d_bytes(count));
}

MH_EXPORT hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes,
                                              hipMemRangeAttribute *attributes,
                                              size_t num_attributes, const void *dev_ptr,
                                              size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemRangeGetAttributes, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = range_attributes(s, data, data_sizes, attributes, num_attributes, dev_ptr, count);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemRangeGetAttributes, err,
                   "data=%p, data_sizes=%p, attributes=%p, num_attributes=%zu, dev_ptr=%s, "
                   "count=%s",
                   (void *)data, (void *)data_sizes, (void *)attributes, num_attributes,
                   mh__d_ptr(dev_ptr), mh__d_bytes(count));
}
