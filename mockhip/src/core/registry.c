/*
 * registry.c: the lookups of the address-space registry (which reservation,
 * hipMalloc block or mapping holds an address), what the CPU may do in a
 * mapping, and the device model's answers that more than one layer reads
 * (the recommended granularity, the primary contexts). Every entry point and
 * every report asks these; none of them changes the state.
 */
#include <stdio.h>
#include <string.h>

#include "core/core.h"

/* ---- what holds an address ---- */

/*
 * The address index holds each mapping's record and, beside it, the access of
 * its first eight devices: two bits each in the top 16 bits of the value,
 * which a user-space record's address never uses. hipMemGetAccess then reads
 * nothing but the index, however many records there are: among 20,000
 * mappings, a record is a cache miss (a 48-bit address space is assumed only
 * where the record's address fits it; elsewhere the record is read).
 */
#define CACHED ((uintptr_t)2) /* the top bits hold device access */
#if UINTPTR_MAX > 0xffffffffu
#define ACCESS_SHIFT 48
#define CACHED_DEVICES 8
#else
#define ACCESS_SHIFT 0 /* no room: never cached */
#define CACHED_DEVICES 0
#endif

static uintptr_t index_value(const mh_state *s, const mh_mapping *m) {
  uintptr_t value = (uintptr_t)m;
  if (CACHED_DEVICES == 0 || value >> ACCESS_SHIFT != 0)
    return value;
  value |= CACHED;
  for (int d = 0; d < s->options.devices && d < CACHED_DEVICES; d++)
    value |= (uintptr_t)(m->access[d] & 3) << (ACCESS_SHIFT + 2 * d);
  return value;
}

static mh_mapping *record_of(uintptr_t value) {
  if (value & CACHED)
    value &= ((uintptr_t)1 << ACCESS_SHIFT) - 1;
  return (mh_mapping *)(value & ~(uintptr_t)15); /* records are 16-byte aligned (slab.h) */
}

int mh__mapping_index(mh_state *s, mh_mapping *m) {
  return mh__index_insert(&s->by_address, m->base, m->bytes, index_value(s, m));
}

void mh__mapping_unindex(mh_state *s, const mh_mapping *m) {
  mh__index_remove(&s->by_address, m->base, m->bytes);
}

bool mh__device_access_at(mh_state *s, uintptr_t addr, int device, unsigned *flags) {
  uintptr_t value = mh__index_find(&s->by_address, addr);
  if (value == 0)
    return false;
  if ((value & CACHED) && device < CACHED_DEVICES)
    *flags = (unsigned)(value >> (ACCESS_SHIFT + 2 * device)) & 3;
  else
    *flags = record_of(value)->access[device];
  return true;
}

mh_mapping *mh__mapping_containing(mh_state *s, uintptr_t addr) {
  /* The thread's last answer, while no mapping came or went since: a loop of copies into one
     buffer asks about the same mapping each time, and the index walks four nodes. */
  static __thread mh_mapping *last;
  static __thread uint64_t last_changes;
  if (last != NULL && last_changes == s->mappings.changes && addr - last->base < last->bytes)
    return last;
  uintptr_t value = mh__index_find(&s->by_address, addr);
  if (value == 0)
    return NULL;
  last = record_of(value);
  last_changes = s->mappings.changes;
  return last;
}

mh_mapping *mh__mapping_at(mh_state *s, uintptr_t addr) {
  mh_mapping *mapping = mh__mapping_containing(s, addr);
  return mapping && mapping->base == addr ? mapping : NULL;
}

mh_mapping *mh__mapping_next(mh_state *s, const mh_mapping *m) {
  return mh__mapping_at(s, m->base + m->bytes);
}

mh_region *mh__region_containing(mh_state *s, uintptr_t addr) {
  /* A mapped address finds its reservation through the index; the rest walk the tree. */
  mh_mapping *mapping = mh__mapping_containing(s, addr);
  if (mapping != NULL)
    return mapping->reservation;
  mh_tree_node *node = mh__tree_floor(&s->regions, addr);
  if (node == NULL)
    return NULL;
  mh_region *region = MH_CONTAINER(node, mh_region, node);
  return addr - region->base < region->bytes ? region : NULL;
}

mh_region *mh__block_containing(mh_state *s, uintptr_t addr) {
  mh_region *region = mh__region_containing(s, addr);
  if (region == NULL || region->kind != MH_REGION_MALLOC ||
      addr - region->base >= region->asked_bytes)
    return NULL;
  return region;
}

mh_pool_block *mh__pool_block_containing(mh_state *s, uintptr_t addr) {
  mh_tree_node *n = mh__tree_floor(&s->pool_blocks, addr);
  if (n == NULL)
    return NULL;
  mh_pool_block *block = MH_CONTAINER(n, mh_pool_block, node);
  return addr - block->base < block->bytes ? block : NULL;
}

/* ---- what the CPU may do ---- */

/* What the CPU may touch. From ROCm 7.0, and on HIP on NVIDIA, the CPU is the host alone
   (cpu_access `host_slot`): a mapping only where the host was granted access. On 6.1-6.4 the
   reservation is the CPU's own memory (`reservation_pages`): every mapping, whatever was
   granted (b.11). MOCKHIP_HOST_ACCESS=strict or all overrides the release: the host slot, or
   every location's access. Read once at start-up. */
static mh_host_mode host_mode = MH_HOST_SLOT_ONLY;

void mh__host_access_init(const mh_state *s) {
  const char *text = s->options.host_access;
  host_mode = mh__profile_is(MH_ROW_cpu_access, MH_CELL_reservation_pages)
                  ? MH_HOST_RESERVATION_PAGES
                  : MH_HOST_SLOT_ONLY;
  if (text == NULL)
    return;
  if (strcmp(text, "strict") == 0 || strcmp(text, "all") == 0) {
    host_mode = text[0] == 's' ? MH_HOST_SLOT_ONLY : MH_HOST_EVERY_LOCATION;
    return;
  }
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(text, shown);
  fprintf(stderr, "mockhip: warning: MOCKHIP_HOST_ACCESS=%s: not strict or all; using strict\n",
          shown);
  host_mode = MH_HOST_SLOT_ONLY;
}

bool mh__host_strict(void) { return host_mode == MH_HOST_SLOT_ONLY; }

mh_host_mode mh__host_mode(void) { return host_mode; }

unsigned mh__cpu_access(const mh_state *s, const mh_mapping *m) {
  if (host_mode == MH_HOST_SLOT_ONLY)
    return m->access[MH_HOST_SLOT(s)];
  if (host_mode == MH_HOST_RESERVATION_PAGES)
    return hipMemAccessFlagsProtReadWrite;
  unsigned flags = hipMemAccessFlagsProtNone;
  for (int slot = 0; slot <= MH_HOST_SLOT(s); slot++)
    flags |= m->access[slot]; /* ProtRead's bits are a subset of ProtReadWrite's */
  return flags;
}

/* ---- the device model ---- */

size_t mh__recommended_granularity(const mh_state *s) {
  return mh__profile_is(MH_ROW_recommended_granularity, MH_CELL_own)
             ? s->options.granularity_recommended
             : s->options.granularity;
}

/* Completes the header's opaque type. Only the address of one matters. */
struct ihipCtx_t {
  char unused;
};

static struct ihipCtx_t primary[MH_MAX_DEVICES];

hipCtx_t mh__primary_context(int device) { return &primary[device]; }

int mh__context_device(hipCtx_t ctx) {
  uintptr_t at = (uintptr_t)ctx, first = (uintptr_t)&primary[0];
  if (at < first || (at - first) % sizeof primary[0] != 0)
    return -1;
  uintptr_t device = (at - first) / sizeof primary[0];
  return device < (uintptr_t)mh__state()->options.devices ? (int)device : -1;
}
