/*
 * graph_memory.c: the memory of graph alloc nodes added by hand, as clr's
 * GraphMemAllocNode and GraphMemFreeNode make it (hip_graph_internal.hpp,
 * with HIP_MEM_POOL_USE_VM): the node reserves the address when it is made
 * (ReserveAddress), so dptr is valid at once for the nodes that use it; a
 * launch maps the device's memory there (VirtualMemAllocNode::submit, access
 * read-write for the device), and a free node unmaps it and keeps the address
 * (VirtualMemFreeNode::submit). The address space and memory are owned ones
 * (vmm.h), numbered by nothing the program made.
 *
 * The device attributes (hipDeviceGetGraphMemAttribute) count the bytes
 * launches backed, as clr's graph memory pool counts its busy and total
 * memory. clr's pool keeps freed memory for the next launch until
 * hipDeviceGraphMemTrim; the mock gives it back at the free, so the reserved
 * bytes are the used ones and a trim has nothing left to give back.
 */
#include <stdlib.h>

#include "runtime/streams/streams.h"
#include "vmm/vmm.h"

hipError_t mh__graph_alloc_new(mh_state *s, const hipMemAllocNodeParams *params,
                               mh_graph_alloc **out) {
  mh_graph_alloc *a = calloc(1, sizeof *a);
  if (a == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph allocation");
  a->params = *params;
  a->device = params->poolProps.location.id;
  a->bytes = mh__round_up(params->bytesize, s->options.granularity);
  if (a->bytes < params->bytesize) {
    free(a);
    return mh__fail(hipErrorOutOfMemory, "bytesize %zu is more than the address space holds",
                    params->bytesize);
  }
  hipError_t err =
      mh__vmm_reserve_owned(s, a->bytes, s->options.granularity, NULL, &a->reservation);
  if (err != hipSuccess) {
    free(a);
    return err;
  }
  a->reservation->made_by = MOCKHIP_CALL_hipGraphAddMemAllocNode; /* its name in reports */
  a->reservation->number = ++s->graph_alloc_number;
  a->params.dptr = (void *)a->reservation->base;
  a->refs = 1;
  a->next = s->graph_allocs;
  if (a->next != NULL)
    a->next->prev = a;
  s->graph_allocs = a;
  *out = a;
  return hipSuccess;
}

void mh__graph_alloc_retain(mh_graph_alloc *a) { a->refs++; }

static void destroy(mh_state *s, mh_graph_alloc *a) {
  mh__vmm_unreserve_owned(s, a->reservation);
  if (a->prev != NULL)
    a->prev->next = a->next;
  else
    s->graph_allocs = a->next;
  if (a->next != NULL)
    a->next->prev = a->prev;
  free(a);
}

void mh__graph_alloc_release(mh_state *s, mh_graph_alloc *a) {
  if (--a->refs == 0 && a->phys == NULL)
    destroy(s, a);
}

hipError_t mh__graph_alloc_back(mh_state *s, mh_graph_alloc *a, int runs_on) {
  if (a->phys != NULL)
    return mh__fail(hipErrorInvalidValue,
                    "the graph allocation at %p is allocated already: free it (a free node, "
                    "hipFree) before its alloc node runs again",
                    a->params.dptr);
  mh_phys *phys;
  hipError_t err = mh__vmm_phys_owned(s, a->bytes, a->device, NULL, NULL, &phys);
  if (err != hipSuccess)
    return err;
  unsigned char access[MH_MAX_DEVICES + 1] = {0};
  /* SetMemAccess(kReadWrite) for the launch's device, which is the graph's in clr (its pool is
     that device's); the device poolProps names too */
  access[a->device] = hipMemAccessFlagsProtReadWrite;
  if (mh__valid_device(s, runs_on))
    access[runs_on] = hipMemAccessFlagsProtReadWrite;
  err = mh__vmm_map_owned(s, a->reservation, a->reservation->base, a->bytes, phys, access,
                          &a->mapping);
  if (err != hipSuccess) {
    mh__vmm_phys_owned_free(s, phys);
    return err;
  }
  a->phys = phys;
  uint64_t used = s->graph_mem_used[a->device] += a->bytes;
  if (used > s->graph_mem_used_high[a->device])
    s->graph_mem_used_high[a->device] = used;
  if (used > s->graph_mem_reserved_high[a->device])
    s->graph_mem_reserved_high[a->device] = used;
  return hipSuccess;
}

hipError_t mh__graph_alloc_free(mh_state *s, mh_graph_alloc *a) {
  if (a->phys == NULL)
    return mh__fail(hipErrorInvalidValue,
                    "the graph allocation at %p holds no memory: no launch of its alloc node "
                    "has allocated it since it was last freed",
                    a->params.dptr);
  mh__vmm_unmap_owned(s, a->mapping);
  mh__vmm_phys_owned_free(s, a->phys);
  a->mapping = NULL;
  a->phys = NULL;
  s->graph_mem_used[a->device] -= a->bytes;
  if (a->refs == 0)
    destroy(s, a);
  return hipSuccess;
}

mh_graph_alloc *mh__graph_alloc_at(mh_state *s, const void *ptr) {
  for (mh_graph_alloc *a = s->graph_allocs; a != NULL; a = a->next)
    if (a->params.dptr == ptr)
      return a;
  return NULL;
}

bool mh__graph_mem_unbacked(mh_state *s, const void *addr, size_t bytes) {
  uintptr_t at = (uintptr_t)addr;
  for (mh_graph_alloc *a = s->graph_allocs; a != NULL; a = a->next) {
    uintptr_t base = (uintptr_t)a->params.dptr;
    if (a->phys == NULL && at >= base && at - base <= a->params.bytesize &&
        bytes <= a->params.bytesize - (at - base))
      return true;
  }
  return false;
}

hipError_t mh__graph_mem_free_at(mh_state *s, void *ptr, const char *what, bool *was_graph) {
  mh_graph_alloc *a = mh__graph_alloc_at(s, ptr);
  *was_graph = a != NULL;
  if (a == NULL)
    return hipSuccess;
  if (a->phys == NULL)
    return mh__fail(hipErrorInvalidValue,
                    "%s %p is a graph allocation that holds no memory: no launch of its alloc "
                    "node has allocated it since it was last freed",
                    what, ptr);
  return mh__graph_alloc_free(s, a);
}
