/*
 * describe.c: addresses as a person reads them. A raw 0x7f3a... means nothing
 * to someone learning; "reservation#2+0x4000" says which reserve made it and
 * how far in it lies, and stays the same from run to run.
 */
#include <stdio.h>

#include "diag/diag.h"

void mh__region_number(mh_state *s, mh_region *region) {
  region->number = ++s->region_numbers[region->kind];
}

void mh__describe_region(const mh_region *r, char *out, size_t out_bytes) {
  if (r->pool != NULL) { /* a pool's own address space has no reservation number */
    snprintf(out, out_bytes, "pool#%llu", mh__id_number(r->pool->id, MH_ID_POOL));
    return;
  }
  /* a graph alloc node's address space reads as its call's: "hipGraphAddMemAllocNode#1" */
  const char *kind =
      r->kind == MH_REGION_RESERVATION && r->made_by != MOCKHIP_CALL_hipGraphAddMemAllocNode
          ? "reservation"
          : mockhip_api_name(r->made_by);
  snprintf(out, out_bytes, "%s#%lu", kind, r->number);
}

void mh__describe_addr(mh_state *s, uintptr_t addr, char *out, size_t out_bytes) {
  if (addr == 0) {
    snprintf(out, out_bytes, "NULL");
    return;
  }
  const mh_pool_block *block = mh__pool_block_containing(s, addr);
  if (block != NULL) { /* "hipMallocAsync#3+0x10", "(freed)" while its pool caches it */
    snprintf(out, out_bytes, "%s#%lu%s+0x%lx", mockhip_api_name(block->made_by), block->number,
             block->busy ? "" : " (freed)", (unsigned long)(addr - block->base));
    return;
  }
  const mh_region *r = mh__region_containing(s, addr);
  if (r == NULL) {
    snprintf(out, out_bytes, "%#lx", (unsigned long)addr);
    return;
  }
  char name[64];
  mh__describe_region(r, name, sizeof name);
  snprintf(out, out_bytes, "%s+0x%lx", name, (unsigned long)(addr - r->base));
}
