/*
 * staged_copy.c: HIP on NVIDIA's synchronous copy from pageable host memory
 * (row pageable_copy, `staged`). The CUDA runtime returns from it once the
 * bytes are staged; the DMA lands later, before the next synchronizing call.
 * A hipMemSetAccess in between that takes the copying device's right to write
 * there, or a hipMemUnmap of it, makes the DMA fault: the next synchronizing
 * call reports it, and the device's error is then sticky
 * (hipErrorLaunchFailure, as on the H200).
 * The last such copy is remembered: a synchronous copy waits for those
 * before it.
 */
#include "vmm/vmm.h"

#include <stdio.h>

/* Every synchronous copy and synchronize lands: each reads first, so that where nothing is
   staged (every ROCm release) they write nothing the threads share. */
hipError_t mh__staged_copy_land(mh_state *s) {
  if (atomic_load(&s->staged_bytes) != 0)
    atomic_store(&s->staged_bytes, 0);
  if (atomic_load(&s->staged_fault) == 0)
    return hipSuccess;
  int faulted = atomic_exchange(&s->staged_fault, 0) - 1;
  if (faulted < 0)
    return hipSuccess;
  if (atomic_exchange(&s->sticky_error[faulted], hipErrorLaunchFailure) == hipSuccess)
    atomic_fetch_add(&s->sticky_devices, 1);
  return mh__fail(hipErrorLaunchFailure, "%s", s->sticky_reason[faulted]);
}

void mh__staged_copy_note(mh_state *s, void *dst, const void *src, size_t bytes, int device) {
  if (!mh__profile_is(MH_ROW_pageable_copy, MH_CELL_staged))
    return; /* nothing is ever staged: no write */
  atomic_store(&s->staged_bytes, 0);
  if (bytes == 0)
    return;
  mh__lock_read();
  /* Memory the runtime does not know is pageable; only a mapping's access can change. */
  bool staged = mh__region_containing(s, (uintptr_t)src) == NULL &&
                mh__mapping_containing(s, (uintptr_t)dst) != NULL;
  mh__unlock();
  if (!staged)
    return;
  atomic_store(&s->staged_dst, (uintptr_t)dst);
  atomic_store(&s->staged_device, device);
  atomic_store(&s->staged_bytes, bytes);
}

/* Whether the staged DMA, bytes at dst, writes into [base, base+len). */
static bool lands_in(uintptr_t dst, size_t bytes, uintptr_t base, size_t len) {
  return base < dst + bytes && dst < base + len;
}

/* The runtime unmaps its own memory (a pool's trim, a hipFree) only once the memory's
   stream-ordered free has completed, after the DMA: the copy has landed, and the address may
   be mapped again, so the note must not outlive the mapping. */
void mh__staged_copy_forget(mh_state *s, uintptr_t base, size_t bytes) {
  size_t staged = atomic_load(&s->staged_bytes);
  if (staged == 0)
    return;
  uintptr_t dst = atomic_load(&s->staged_dst);
  if (lands_in(dst, staged, base, bytes))
    atomic_store(&s->staged_bytes, 0);
}

void mh__staged_copy_race(mh_state *s, const mh_mapping *first, size_t count, bool unmapping) {
  size_t bytes = atomic_load(&s->staged_bytes);
  if (bytes == 0)
    return;
  uintptr_t dst = atomic_load(&s->staged_dst);
  int device = atomic_load(&s->staged_device);
  const mh_mapping *m = first;
  for (size_t k = 0; k < count; k++, m = mh__mapping_next(s, (mh_mapping *)m)) {
    bool overlaps = lands_in(dst, bytes, m->base, m->bytes);
    /* The DMA writes: it faults once its device may no longer write there (the H200 faulted
       after a lowering to Read and after an unmap too, as the DMA's timing fell). */
    if (!overlaps || (!unmapping && m->access[device] == hipMemAccessFlagsProtReadWrite))
      continue;
    atomic_store(&s->staged_bytes, 0);
    snprintf(s->sticky_reason[device], sizeof s->sticky_reason[device],
             "the hipMemcpy of %zu bytes to %p from pageable memory was still landing when "
             "%s took device %d's right to write there: %s returns from such a copy once its "
             "bytes are staged, and the device faulted (synchronize before changing access "
             "or unmapping)",
             bytes, (void *)dst, unmapping ? "hipMemUnmap" : "hipMemSetAccess", device,
             mh__profile_title());
    atomic_store(&s->staged_fault, device + 1);
    return;
  }
}
