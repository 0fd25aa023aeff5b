/*
 * explain_history.c: what was there before: the reservations freed and the
 * mappings unmapped most recently, so that a touch of a dangling pointer is
 * explained as "freed by hipMemAddressFree at ..." rather than "not mock
 * memory". A small ring, newest entries overwriting the oldest: a pointer that
 * dangles for long gets the plain answer.
 */
#include <string.h>

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
  mh_gone g = {.base = mapping->base,
               .bytes = mapping->bytes,
               .kind = MH_GONE_MAPPING,
               .number = mapping->reservation->number,
               .handle = mapping->phys->id,
               .made_site = mapping->site,
               .gone_site = mh__call_site()};
  /* the grants the unmap drops, so that a touch of a mapping made there later, never granted,
     can say which grant went with the unmap (b.5) */
  memcpy(g.access, mapping->access, (size_t)MH_HOST_SLOT(mh__state()) + 1);
  remember(&g);
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

static const char *access_name(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "read-write"
         : flags == hipMemAccessFlagsProtRead    ? "read-only"
                                                 : "no";
}

bool mh__explain_dropped_grant(mh_text *t, mh_state *s, const mh_mapping *m, uintptr_t addr,
                               int slot, unsigned need) {
  int host = MH_HOST_SLOT(s);
  const mh_gone *g = mh__explain_gone_at(addr, MH_GONE_MAPPING);
  if (g == NULL || g->number != m->reservation->number) /* not an earlier reservation here */
    return false;
  int had = -1; /* the location whose grant went with the unmap */
  for (int k = slot < 0 ? 0 : slot; k <= (slot < 0 ? host : slot) && had < 0; k++)
    if ((g->access[k] & need) == need && (m->access[k] & need) != need)
      had = k;
  if (had < 0)
    return false;
  char who[32], unmapped[512], mapped[512];
  if (had == host)
    snprintf(who, sizeof who, "the host");
  else
    snprintf(who, sizeof who, "device %d", had);
  mh__site_format(g->gone_site, unmapped, sizeof unmapped);
  mh__site_format(m->site, mapped, sizeof mapped);
  mh__text_add(t,
               "the hipMemUnmap at %s dropped %s's %s grant, with the mapping of handle#%llu that "
               "was here; this mapping, made by the hipMemMap at %s, started with no access, and "
               "%s has %s access to it (a.7, b.5)",
               unmapped, who, access_name(g->access[had]), mh__id_number(g->handle, MH_ID_HANDLE),
               mapped, who, access_name(m->access[had]));
  return true;
}
