/*
 * view_objects.c: what each memory object asks of a device's view, sorted in
 * two: what the device may touch less than the host (protected for the whole
 * launch: a touch must fault) and what it may touch more (a grant, opened on
 * the kernel's first touch: view.c). Walking every mapping at each launch
 * would cost a program holding thousands of them more than its kernels, so
 * the lists are kept per device and built again only when a mapping or block
 * came or went, an access was set, or the device's peers changed.
 */
#include <string.h>

#include "kernel/kernel.h"

static mh_view_objects devices[MH_MAX_DEVICES]; /* under the write lock */

static bool add_range(mh_view_objects *o, uintptr_t base, size_t bytes, mh_os_prot during,
                      mh_os_prot after) {
  if (o->count != 0) { /* continues the last one: one mprotect for both */
    mh_view_range *last = &o->ranges[o->count - 1];
    if (last->base + last->bytes == base && last->during == during && last->after == after) {
      last->bytes += bytes;
      return true;
    }
  }
  if (o->count == o->capacity &&
      mh__os_own_grow((void **)&o->ranges, &o->capacity, o->count, sizeof *o->ranges) != 0)
    return false;
  o->ranges[o->count++] = (mh_view_range){base, bytes, during, after, false};
  return true;
}

static bool add_grant(mh_view_objects *o, uintptr_t base, size_t bytes, mh_os_prot during,
                      mh_os_prot after) {
  if (o->grant_count != 0) {
    mh_view_grant *last = &o->grants[o->grant_count - 1];
    if (last->base + last->bytes == base && last->during == during && last->after == after) {
      last->bytes += bytes;
      return true;
    }
  }
  if (o->grant_count == o->grant_capacity) {
    /* The opened list holds an index per grant: grown first, so it is never the shorter. */
    if (o->opened_capacity <= o->grant_capacity &&
        mh__os_own_grow((void **)&o->opened, &o->opened_capacity, 0, sizeof *o->opened) != 0)
      return false;
    if (mh__os_own_grow((void **)&o->grants, &o->grant_capacity, o->grant_count,
                        sizeof *o->grants) != 0)
      return false;
  }
  mh_view_grant *g = &o->grants[o->grant_count++];
  *g = (mh_view_grant){.base = base, .bytes = bytes, .during = during, .after = after};
  return true;
}

/* NONE < READ < READWRITE: a range the device may touch more than the host is a grant. */
static bool add(mh_view_objects *o, uintptr_t base, size_t bytes, mh_os_prot during,
                mh_os_prot after) {
  if (during == after)
    return true;
  return during > after ? add_grant(o, base, bytes, during, after)
                        : add_range(o, base, bytes, during, after);
}

static bool add_mappings(mh_state *s, int device, mh_view_objects *o) {
  for (mh_tree_node *n = mh__tree_first(&s->mappings); n != NULL;
       n = mh__tree_next(&s->mappings, n->key)) {
    const mh_mapping *m = MH_CONTAINER(n, mh_mapping, node);
    if (!add(o, m->base, m->bytes, mh__access_prot(m->access[device]),
             mh__access_prot(mh__cpu_access(s, m))))
      return false;
  }
  return true;
}

/* Other devices' hipMalloc memory, but a peer's whose memory the device enabled. */
static bool add_device_blocks(mh_state *s, int device, mh_view_objects *o) {
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key)) {
    const mh_region *r = MH_CONTAINER(n, mh_region, node);
    if (r->kind != MH_REGION_MALLOC || r->memory != MH_BLOCK_DEVICE || r->device == device ||
        (s->peer_enabled[device] >> r->device) & 1)
      continue;
    if (!add(o, r->base, r->bytes, MH_OS_PROT_NONE, MH_OS_PROT_READWRITE))
      return false;
  }
  return true;
}

mh_view_objects *mh__view_objects(mh_state *s, int device) {
  mh_view_objects *o = &devices[device];
  if (o->known && o->mappings_changes == s->mappings.changes &&
      o->regions_changes == s->regions.changes && o->access_changes == s->access_changes &&
      o->peers == s->peer_enabled[device])
    return o;
  o->known = false;
  o->count = o->grant_count = 0;
  if (!add_mappings(s, device, o) || !add_device_blocks(s, device, o))
    return NULL;
  o->mappings_changes = s->mappings.changes;
  o->regions_changes = s->regions.changes;
  o->access_changes = s->access_changes;
  o->peers = s->peer_enabled[device];
  o->known = true;
  return o;
}
