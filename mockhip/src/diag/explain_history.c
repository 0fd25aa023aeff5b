/*
 * explain_history.c: what was there before: the reservations freed and the
 * mappings unmapped most recently, so that a touch of a dangling pointer is
 * explained as "freed by hipMemAddressFree at ..." rather than "not mock
 * memory". A small ring, newest entries overwriting the oldest: a pointer that
 * dangles for long gets the plain answer.
 */
#include "explain.h"

#define HISTORY_COUNT 64

static mh_gone history[HISTORY_COUNT];
static size_t history_next; /* total recorded; the ring slot is history_next % HISTORY_COUNT */

static void remember(const mh_gone *gone) { history[history_next++ % HISTORY_COUNT] = *gone; }

void mh__explain_remember_free(const mh_region *reservation) {
  remember(&(mh_gone){.base = reservation->base,
                      .bytes = reservation->bytes,
                      .kind = MH_GONE_RESERVATION,
                      .number = reservation->number,
                      .made_site = reservation->site,
                      .gone_site = mh__call_site()});
}

void mh__explain_remember_unmap(const mh_mapping *mapping) {
  remember(&(mh_gone){.base = mapping->base,
                      .bytes = mapping->bytes,
                      .kind = MH_GONE_MAPPING,
                      .number = mapping->reservation->number,
                      .handle = mapping->phys->id,
                      .made_site = mapping->site,
                      .gone_site = mh__call_site()});
}

void mh__explain_remember_block(const mh_region *block) {
  remember(&(mh_gone){.base = block->base,
                      .bytes = block->bytes,
                      .kind = MH_GONE_BLOCK,
                      .number = block->number,
                      .made_by = block->made_by,
                      .gone_by = mh__call_api(),
                      .gone_call = mh__call_ordinal(),
                      .made_site = block->site,
                      .gone_site = mh__call_site()});
}

const mh_gone *mh__explain_gone_at(uintptr_t addr, unsigned kinds) {
  size_t kept = history_next < HISTORY_COUNT ? history_next : HISTORY_COUNT;
  for (size_t k = 1; k <= kept; k++) {
    const mh_gone *g = &history[(history_next - k) % HISTORY_COUNT];
    if ((g->kind & kinds) != 0 && addr - g->base < g->bytes)
      return g;
  }
  return NULL;
}
