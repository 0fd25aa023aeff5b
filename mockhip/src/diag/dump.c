/*
 * dump.c: mockhip_dump, the address space printed for a person: regions,
 * handles, memory pools with their blocks, streams and captures, devices.
 */
#include <stdio.h>

#include "diag/diag.h"

static const char *access_name(unsigned char flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "rw"
         : flags == hipMemAccessFlagsProtRead    ? "r"
                                                 : "-";
}

static void print_bytes(FILE *out, size_t bytes) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  size_t unit = 0;
  while (unit < 4 && bytes >= 1024 && bytes % 1024 == 0) {
    bytes /= 1024;
    unit++;
  }
  fprintf(out, "%zu %s", bytes, units[unit]);
}

static void dump_mapping(FILE *out, const mh_state *s, const mh_mapping *m) {
  fprintf(out, "    mapping %#lx-%#lx (", (unsigned long)m->base,
          (unsigned long)(m->base + m->bytes));
  print_bytes(out, m->bytes);
  fprintf(out, ") handle#%llu (%#llx) access:", mh__id_number(m->phys->id, MH_ID_HANDLE),
          (unsigned long long)m->phys->id);
  for (int d = 0; d < s->options.devices; d++)
    fprintf(out, " dev%d=%s", d, access_name(m->access[d]));
  fprintf(out, " host=%s\n", access_name(m->access[MH_HOST_SLOT(s)]));
  if (m->past != 0) { /* HIP on NVIDIA: map_past_reservation */
    fprintf(out, "      its last ");
    print_bytes(out, m->past);
    fprintf(out, " lie past the reservation's end, address space the mapping holds\n");
  }
}

static void dump_region(FILE *out, mh_state *s, const mh_region *r) {
  uintptr_t end = r->base + r->bytes;
  fprintf(out, "  %s %#lx-%#lx (",
          r->kind == MH_REGION_RESERVATION ? "reservation" : mockhip_api_name(r->made_by),
          (unsigned long)r->base, (unsigned long)end);
  print_bytes(out, r->bytes);
  if (r->kind == MH_REGION_MALLOC) {
    /* Only device memory is charged to its device; host and managed memory name theirs too. */
    static const char *const memory[] = {"device", "host memory, device", "managed, device"};
    fprintf(out, ") %s %d\n", memory[r->memory], r->device);
    return;
  }
  fprintf(out, ") %zu mapping(s)\n", r->mappings);
  /* Mappings start inside their reservation, so the first one here starts at or after base;
     the last may run past end (HIP on NVIDIA), which ends the walk. */
  uintptr_t at = r->base;
  for (mh_tree_node *n = mh__tree_next(&s->mappings, r->base - 1); at < end;) {
    mh_mapping *m = n ? MH_CONTAINER(n, mh_mapping, node) : NULL;
    uintptr_t next = m && m->base < end ? m->base : end;
    if (next > at) {
      fprintf(out, "    unmapped %#lx-%#lx (", (unsigned long)at, (unsigned long)next);
      print_bytes(out, next - at);
      fprintf(out, ")\n");
    }
    if (next == end)
      break;
    dump_mapping(out, s, m);
    at = m->base + m->bytes;
    n = mh__tree_next(&s->mappings, m->base);
  }
}

static void dump_handle(void *value, void *ctx) {
  FILE *out = ctx;
  const mh_phys *p = value;
  fprintf(out, "  handle#%llu (%#llx) ", mh__id_number(p->id, MH_ID_HANDLE),
          (unsigned long long)p->id);
  print_bytes(out, p->bytes);
  const char *where = p->prop.location.type == hipMemLocationTypeDevice ? "device" : "host";
  fprintf(out, " %s %d%s refs %zu (handle %zu + mappings %zu)%s\n", where, p->prop.location.id,
          p->imported ? " imported" : "", p->handle_refs + p->mappings, p->handle_refs, p->mappings,
          p->prop.requestedHandleType == hipMemHandleTypePosixFileDescriptor ? " posix-fd" : "");
}

/* The memory mapped for a pool: its chunks, or its blocks' mappings. */
static size_t pool_mapped(const mh_state *s, const mh_pool *pool) {
  size_t bytes = 0;
  for (mh_tree_node *n = mh__tree_first(&s->mappings); n != NULL;
       n = mh__tree_next(&s->mappings, n->key)) {
    const mh_mapping *m = MH_CONTAINER(n, mh_mapping, node);
    if (m->reservation->pool == pool)
      bytes += m->bytes;
  }
  return bytes;
}

static void dump_pool_block(FILE *out, const mh_pool_block *b) {
  fprintf(out, "    %s %s#%lu %#lx-%#lx (%zu bytes)%s\n", b->busy ? "busy  " : "cached",
          mockhip_api_name(b->made_by), b->number, (unsigned long)b->base,
          (unsigned long)(b->base + b->bytes), b->bytes, b->imported ? " imported" : "");
}

static void dump_pools(FILE *out, const mh_state *s) {
  size_t count = 0;
  for (const mh_pool *pool = s->pools; pool != NULL; pool = pool->next)
    count++;
  if (count == 0)
    return;
  fprintf(out, "pools (%zu):\n", count);
  for (const mh_pool *pool = s->pools; pool != NULL; pool = pool->next) {
    bool current = s->current_pool[pool->device] == pool ||
                   (s->current_pool[pool->device] == NULL && pool->is_default);
    fprintf(out,
            "  pool#%llu (%#llx) device %d%s%s%s%s%s, reuse events=%d opportunistic=%d "
            "internal=%d, release threshold %llu\n",
            mh__id_number(pool->id, MH_ID_POOL), (unsigned long long)pool->id, pool->device,
            pool->is_default ? " default" : "", current ? " current" : "",
            pool->handle_types != hipMemHandleTypeNone ? " shareable" : "",
            pool->imported ? " imported" : "", pool->destroyed ? " destroyed" : "",
            pool->event_dependencies, pool->opportunistic, pool->internal_dependencies,
            (unsigned long long)pool->release_threshold);
    fprintf(out, "    used %llu (high %llu), cached %llu, mapped ",
            (unsigned long long)pool->busy_bytes, (unsigned long long)pool->used_high,
            (unsigned long long)pool->free_bytes);
    print_bytes(out, pool_mapped(s, pool));
    fprintf(out, ", access:");
    for (int d = 0; d < s->options.devices; d++)
      fprintf(out, " dev%d=%s", d,
              d == pool->device     ? "rw"
              : pool->access_set[d] ? access_name(pool->access[d])
                                    : "-");
    fprintf(out, "\n");
    for (const mh_pool_block *b = pool->busy; b != NULL; b = b->next)
      dump_pool_block(out, b);
    for (const mh_pool_block *b = pool->free; b != NULL; b = b->next)
      dump_pool_block(out, b);
  }
}

static void dump_array(void *value, void *ctx) {
  FILE *out = ctx;
  const mh_array *a = value;
  fprintf(out, "  array#%llu (%#llx) %zu x %zu x %zu elements of %zu bytes, ",
          mh__id_number(a->id, MH_ID_ARRAY), (unsigned long long)a->id, a->width, a->rows,
          a->slices, a->element_bytes);
  print_bytes(out, a->bytes);
  fprintf(out, " on device %d, flags %#x\n", a->device, a->flags);
}

static void dump_captures(FILE *out, const mh_state *s) {
  for (const mh_capture *c = s->captures; c != NULL; c = c->next) {
    size_t members = 0;
    for (const mh_stream *m = c->members; m != NULL; m = m->next_member)
      members++;
    char name[32];
    fprintf(out, "capture %llu: stream %s, %s mode, %s, %zu joined stream(s)\n", c->id,
            mh__stream_name(c->origin, name), mh__capture_mode_name(c->mode),
            c->status == hipStreamCaptureStatusActive ? "active" : "invalidated", members);
  }
}

/* Only what differs from a device nobody has touched. */
static void dump_device_contexts(FILE *out, const mh_state *s, int d) {
  if (s->primary_active[d] || s->primary_retains[d] > 0)
    fprintf(out, "  primary context: %s, retained %zu time(s)\n",
            s->primary_active[d] ? "active" : "inactive", s->primary_retains[d]);
  if (s->peer_enabled[d] == 0)
    return;
  fprintf(out, "  peer access to device(s):");
  for (int p = 0; p < s->options.devices; p++)
    if (s->peer_enabled[d] & (1ULL << p))
      fprintf(out, " %d", p);
  fprintf(out, "\n");
}

MH_EXPORT void mockhip_dump(FILE *out) {
  if (out == NULL)
    out = stderr;
  mh_state *s = mh__state();
  mh__lock_read();
  fprintf(out,
          "mockhip address space: %d device(s), granularity %zu (recommended %zu), playing ROCm "
          "%s\n",
          s->options.devices, s->options.granularity, mh__recommended_granularity(s),
          mh__profile_name());
  /* A pool's own address space is the pool's, shown with it. */
  size_t regions = 0;
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key))
    regions += MH_CONTAINER(n, mh_region, node)->pool == NULL;
  fprintf(out, "regions (%zu):\n", regions);
  for (mh_tree_node *n = mh__tree_first(&s->regions); n != NULL;
       n = mh__tree_next(&s->regions, n->key))
    if (MH_CONTAINER(n, mh_region, node)->pool == NULL)
      dump_region(out, s, MH_CONTAINER(n, mh_region, node));
  fprintf(out, "handles (%zu):\n", s->handles.live);
  mh__idmap_each(&s->handles, dump_handle, out);
  dump_pools(out, s);
  if (s->arrays.live > 0) {
    fprintf(out, "arrays (%zu):\n", s->arrays.live);
    mh__idmap_each(&s->arrays, dump_array, out);
  }
  fprintf(out, "streams: %zu, events: %zu, graphs: %zu (%zu nodes), graph execs: %zu\n",
          s->streams.live, s->events.live, s->graphs.live, s->graph_nodes.live,
          s->graph_execs.live);
  dump_captures(out, s);
  for (int d = 0; d < s->options.devices; d++) {
    fprintf(out, "device %d: %zu of %zu bytes in use\n", d, s->device_used[d],
            s->options.device_memory);
    dump_device_contexts(out, s, d);
  }
  mh__unlock();
}
