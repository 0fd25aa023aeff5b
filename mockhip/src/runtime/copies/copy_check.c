/*
 * copy_check.c: the checks a copy or set makes before its bytes move, under
 * the read lock: every byte mapped (or host memory), and each device allowed
 * the access the copy needs, as the played release asks (copy_access: from 6.3
 * the mapping at the address only, the others a strict report), so a refused
 * copy copies nothing. mh__check_device_range serves every call that takes a
 * device pointer. The checks of a graph's memcpy and memset nodes are here
 * too, as captured copies and sets pass them (graph_nodes.c adds such nodes
 * by hand).
 */
#include <stdlib.h>

#include "os/arena.h"
#include "runtime/copies/copies.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* How the access a side needs is named in a reason. */
static const char *access_name(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "readwrite"
         : flags == hipMemAccessFlagsProtRead    ? "read"
                                                 : "no";
}

/*
 * A mapping of the range that the device may not use as the copy needs (copy_access, a.8#10).
 * ROCm from 6.3 asks only the mapping at the address (hip_memory.cpp
 * ihipMemcpy_validate_memory: hipErrorUnknown) and lets the copy run on into later ones, which a
 * GPU may fault on: those are a strict report. Before 6.3 ROCm asked nothing; the mock refuses
 * there anyway, as HIP on NVIDIA does (hipErrorInvalidValue), so the bytes never land where the
 * GPU would have faulted.
 */
static hipError_t access_refused(mh_state *s, uintptr_t addr, size_t bytes, const mh_mapping *m,
                                 int device, hipMemAccessFlags need, const char *what,
                                 bool at_address) {
  bool first_only = mh__profile_is(MH_ROW_copy_access, MH_CELL_first_mapping);
  char at_text[64], mapping[64];
  mh__describe_addr(s, addr, at_text, sizeof at_text);
  mh__describe_addr(s, m->base, mapping, sizeof mapping);
  if (first_only && !at_address) {
    mh__misuse(MH_MISUSE_COPY_UNGRANTED,
               "%s %s + %zu runs into the mapping at %s, where device %d has %s access and the "
               "copy needs %s",
               what, at_text, bytes, mapping, device, access_name(m->access[device]),
               access_name(need));
    return hipSuccess;
  }
  if (mh__profile_is(MH_ROW_copy_access, MH_CELL_none))
    mh__teach_note("a.8#10",
                   "before 6.3 no access check stops a copy: the device %s the mapping "
                   "anyway, or faults, and the call returns hipSuccess",
                   need == hipMemAccessFlagsProtReadWrite ? "writes" : "reads");
  return mh__fail(first_only ? hipErrorUnknown : hipErrorInvalidValue,
                  "%s %s: device %d has %s access to the mapping at %s and the copy needs %s: "
                  "grant it first with hipMemSetAccess (desc {Device %d, %s})",
                  what, at_text, device, access_name(m->access[device]), mapping, access_name(need),
                  device, need == hipMemAccessFlagsProtReadWrite ? "ReadWrite" : "Read");
}

hipError_t mh__check_device_range(mh_state *s, uintptr_t addr, size_t bytes, int device,
                                  hipMemAccessFlags need, bool *is_device, char **direct) {
  mh_region *region = mh__region_containing(s, addr);
  *is_device = region != NULL;
  if (direct != NULL)
    *direct = region == NULL || region->kind == MH_REGION_MALLOC ? (char *)addr : NULL;
  if (region == NULL)
    return hipSuccess;
  const char *what = need == hipMemAccessFlagsProtReadWrite ? "dst" : "src";
  /* addr as reservation#N+offset: written only when a reason needs it, since every copy and
     set comes through here */
  char at_text[64];
  /* HIP on NVIDIA asks the mappings and their access, not where a reservation ends: a range
     may run on into the next reservation (copy_access `whole_range`; an H200,
     observed-hardware.md item 4). */
  bool any_reservation = region->kind == MH_REGION_RESERVATION &&
                         mh__profile_is(MH_ROW_copy_access, MH_CELL_whole_range);
  if (any_reservation && bytes > UINTPTR_MAX - addr) {
    mh__describe_addr(s, addr, at_text, sizeof at_text);
    return mh__fail(hipErrorInvalidValue,
                    "%s %s + %zu bytes runs past the end of the address space", what, at_text,
                    bytes);
  }
  if (!any_reservation && (addr - region->base > region->asked_bytes ||
                           bytes > region->asked_bytes - (addr - region->base))) {
    char name[64];
    mh__describe_addr(s, addr, at_text, sizeof at_text);
    mh__describe_region(region, name, sizeof name);
    mh__misuse(MH_MISUSE_COPY_SPANS, "%s %s + %zu starts in %s and ends past it", what, at_text,
               bytes, name);
    return mh__fail(hipErrorInvalidValue,
                    "%s %s + %zu bytes runs past the end of %s (%zu bytes): one copy stays "
                    "inside one reservation or hipMalloc block",
                    what, at_text, bytes, name, region->asked_bytes);
  }
  if (region->kind == MH_REGION_MALLOC)
    return hipSuccess;
  uintptr_t end = addr + bytes;
  for (uintptr_t at = addr; at < end;) {
    mh_mapping *m = mh__mapping_containing(s, at);
    if (m == NULL) {
      char hole[64];
      mh__describe_addr(s, addr, at_text, sizeof at_text);
      mh__describe_addr(s, at, hole, sizeof hole);
      const mh_region *there = mh__region_containing(s, at);
      return mh__fail(hipErrorInvalidValue, "%s %s + %zu bytes reaches %s, which %s", what, at_text,
                      bytes, hole,
                      there == NULL || there->kind != MH_REGION_RESERVATION
                          ? "is no mapped memory: one copy stays inside mapped memory"
                          : "is reserved but not mapped: hipMemMap memory there first");
    }
    if ((m->access[device] & need) != need) {
      hipError_t err = access_refused(s, addr, bytes, m, device, need, what, at == addr);
      if (err != hipSuccess)
        return err;
    }
    if (direct != NULL && at == addr && m->base + m->bytes >= end) { /* one mapping holds it */
      char *view = mh__arena_view(&m->phys->memory);
      *direct = view != NULL ? view + (addr - m->base) : NULL;
    }
    at = m->base + m->bytes;
  }
  return hipSuccess;
}

hipError_t mh__check_copy_side(mh_state *s, const void *ptr, size_t bytes, int device,
                               hipMemAccessFlags need, bool must_be_device, char **direct) {
  bool is_device;
  hipError_t err =
      mh__check_device_range(s, (uintptr_t)ptr, bytes, device, need, &is_device, direct);
  /* a __device__ variable is device memory, though the program's own (symbols.c) */
  if (err == hipSuccess && must_be_device && !is_device && ptr != NULL)
    err = mh__symbol_range((uintptr_t)ptr, bytes, &is_device);
  if (err == hipSuccess && must_be_device && !is_device)
    err = mh__fail(hipErrorInvalidValue,
                   "%s %p is not device memory, as the copy's kind says it is: pass a mapped "
                   "address or hipMalloc memory, or use hipMemcpyDefault",
                   need == hipMemAccessFlagsProtReadWrite ? "dst" : "src", ptr);
  return err;
}

/* mh__copy_check, and where the CPU reaches each side (mh__check_device_range's direct). */
static hipError_t copy_check(mh_state *s, void *dst, int dst_device, const void *src,
                             int src_device, size_t bytes, int kind, char **dst_direct,
                             char **src_direct) {
  if (dst == NULL || src == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", dst == NULL ? "dst" : "src");
  if (kind == HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU) /* without compute units: the same here */
    kind = hipMemcpyDeviceToDevice;
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault)
    return mh__fail(hipErrorInvalidMemcpyDirection, "kind %d is not a hipMemcpyKind", kind);
  bool src_on_device = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice;
  bool dst_on_device = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice;
  hipError_t err = mh__check_copy_side(s, src, bytes, src_device, hipMemAccessFlagsProtRead,
                                       src_on_device, src_direct);
  if (err == hipSuccess)
    err = mh__check_copy_side(s, dst, bytes, dst_device, hipMemAccessFlagsProtReadWrite,
                              dst_on_device, dst_direct);
  return err;
}

hipError_t mh__copy_check(mh_state *s, void *dst, int dst_device, const void *src, int src_device,
                          size_t bytes, int kind) {
  return copy_check(s, dst, dst_device, src, src_device, bytes, kind, NULL, NULL);
}

hipError_t mh__copy_run(mh_state *s, void *dst, int dst_device, const void *src, int src_device,
                        size_t bytes, int kind) {
  char *to, *from;
  hipError_t err = copy_check(s, dst, dst_device, src, src_device, bytes, kind, &to, &from);
  if (err != hipSuccess)
    return err;
  return mh__move_bytes_found(s, dst, to, src, from, bytes);
}

hipError_t mh__set_check(mh_state *s, void *dst, size_t count, size_t unit, int device) {
  if (dst == NULL)
    return mh__fail(hipErrorInvalidValue, "dst is NULL");
  if (count > SIZE_MAX / unit)
    return mh__fail(hipErrorInvalidValue, "count %zu elements is more bytes than a size_t holds",
                    count);
  return mh__check_copy_side(s, dst, count * unit, device, hipMemAccessFlagsProtReadWrite, true,
                             NULL);
}

/* ---- the checks of a graph's memcpy and memset nodes, captured copies' and sets' too ---- */

/* Whether p is memory the runtime knows: its own, or a device variable (symbols.c). */
static bool runtime_memory(mh_state *s, const void *p) {
  bool in_variable = false;
  return mh__region_containing(s, (uintptr_t)p) != NULL ||
         (mh__symbol_range((uintptr_t)p, 0, &in_variable) == hipSuccess && in_variable);
}

/* A side of a node's copy or set in a graph allocation no launch has backed yet: it passes, as
   clr keeps the allocation's address in MemObjMap from its alloc node on (ReserveAddress); the
   launch checks it again, backed (runtime/streams/graph_memory.c). */
static bool graph_later(mh_state *s, const void *p, size_t bytes) {
  return p != NULL && s->graph_allocs != NULL && mh__graph_mem_unbacked(s, p, bytes);
}

hipError_t mh__memcpy_node_check(mh_state *s, void *dst, const void *src, size_t bytes, int kind,
                                 int device) {
  hipError_t err = mh__copy_check(s, dst, device, src, device, bytes, kind);
  /* again without the sides a later launch's graph memory holds */
  bool dst_later = graph_later(s, dst, bytes), src_later = graph_later(s, src, bytes);
  if (err != hipSuccess && dst != NULL && src != NULL && (dst_later || src_later) &&
      err != hipErrorInvalidMemcpyDirection) {
    bool src_on_device = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice ||
                         kind == HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU;
    bool dst_on_device = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice ||
                         kind == HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU;
    err = src_later ? hipSuccess
                    : mh__check_copy_side(s, src, bytes, device, hipMemAccessFlagsProtRead,
                                          src_on_device, NULL);
    if (err == hipSuccess && !dst_later)
      err = mh__check_copy_side(s, dst, bytes, device, hipMemAccessFlagsProtReadWrite,
                                dst_on_device, NULL);
  }
  if (err != hipSuccess)
    return err;
  /* GraphMemcpyNode1D::ValidateParams: between host and device memory, the kind must say which
     way the bytes go (or be hipMemcpyDefault). */
  bool src_device = runtime_memory(s, src), dst_device = runtime_memory(s, dst);
  if (!src_device && dst_device && kind != hipMemcpyHostToDevice && kind != hipMemcpyDefault)
    return mh__fail(hipErrorInvalidValue,
                    "src %p is host memory and dst %p device memory: kind must be "
                    "hipMemcpyHostToDevice or hipMemcpyDefault, not %s",
                    src, dst, mh__d_memcpy_kind(kind));
  if (src_device && !dst_device && kind != hipMemcpyDeviceToHost && kind != hipMemcpyDefault)
    return mh__fail(hipErrorInvalidValue,
                    "src %p is device memory and dst %p host memory: kind must be "
                    "hipMemcpyDeviceToHost or hipMemcpyDefault, not %s",
                    src, dst, mh__d_memcpy_kind(kind));
  return hipSuccess;
}

hipError_t mh__memset_node_check(mh_state *s, const hipMemsetParams *p, int device) {
  /* ihipGraphAddMemsetNode, ihipGraphMemsetParams_validate, ihipMemset_validate. */
  if (p == NULL)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams is NULL");
  if (p->height == 0)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams->height is 0");
  if (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams->elementSize %u is not 1, 2 or 4",
                    p->elementSize);
  if (p->width == 0)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams->width is 0");
  if (p->width > SIZE_MAX / p->elementSize)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams covers more bytes than a size_t holds");
  size_t row = p->width * p->elementSize;
  if (p->height > 1 && p->pitch < row)
    return mh__fail(hipErrorInvalidValue,
                    "pMemsetParams->pitch %zu is less than a row, width %zu * elementSize %u",
                    p->pitch, p->width, p->elementSize);
  if (p->height > 1 && p->height - 1 > (SIZE_MAX - row) / p->pitch)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams covers more bytes than a size_t holds");
  if (p->dst == NULL)
    return mh__fail(hipErrorInvalidValue, "pMemsetParams->dst is NULL");
  size_t span = mh__set_span(p->elementSize, p->width, p->height, p->pitch);
  if (graph_later(s, p->dst, span))
    return hipSuccess;
  return mh__set_check(s, p->dst, mh__set_span(p->elementSize, p->width, p->height, p->pitch), 1,
                       device);
}
