/*
 * leak.c: the leak report. Every object remembers the call site that made
 * it (a pool block, the allocation that last handed it out); with MOCKHIP_LEAK_CHECK=1 an exit
 * handler lists what is still alive and makes the process exit with MOCKHIP_LEAK_EXIT_STATUS, as
 * LeakSanitizer does. A forked child inherits the handler but not the duty: what it holds is the
 * parent's, so only the process that started the mock is checked.
 */
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "diag/diag.h"

typedef struct report {
  FILE *out;
  size_t count;
} report;

static void line(report *r, const char *what, const void *site) {
  char where[PATH_MAX + 128]; /* a module path, an offset and a symbol */
  mh__site_format(site, where, sizeof where);
  fprintf(r->out, "mockhip: leak: %s, made at %s\n", what, where);
  r->count++;
}

static void report_region(report *r, const mh_region *region) {
  char what[160];
  /* A block is named after the call that made it: "hipMallocManaged block". */
  snprintf(what, sizeof what, "%s%s %#lx (%zu bytes)",
           region->kind == MH_REGION_RESERVATION ? "reservation"
                                                 : mockhip_api_name(region->made_by),
           region->kind == MH_REGION_RESERVATION ? ""
           : region->registered                  ? " range"
                                                 : " block",
           (unsigned long)region->base, region->asked_bytes);
  line(r, what, region->site);
}

static void report_mapping(report *r, const mh_mapping *m) {
  char what[160];
  snprintf(what, sizeof what, "mapping %#lx (%zu bytes) of handle#%llu (%#llx)",
           (unsigned long)m->base, m->bytes, mh__id_number(m->phys->id, MH_ID_HANDLE),
           (unsigned long long)m->phys->id);
  line(r, what, m->site);
}

/* A handle is leaked while references are unreleased; a released one that is
   still mapped is reported through its mappings. */
static void report_handle(void *value, void *ctx) {
  const mh_phys *phys = value;
  if (phys->handle_refs == 0)
    return;
  char what[160];
  snprintf(what, sizeof what, "handle#%llu (%#llx, %zu bytes, %zu unreleased reference%s)",
           mh__id_number(phys->id, MH_ID_HANDLE), (unsigned long long)phys->id, phys->bytes,
           phys->handle_refs, phys->handle_refs == 1 ? "" : "s");
  line(ctx, what, phys->site);
}

static void report_stream(void *value, void *ctx) {
  const mh_stream *stream = value;
  char what[64];
  snprintf(what, sizeof what, "stream#%llu (%#llx)", mh__id_number(stream->id, MH_ID_STREAM),
           (unsigned long long)stream->id);
  line(ctx, what, stream->site);
}

static void report_event(void *value, void *ctx) {
  const mh_event *event = value;
  char what[64];
  snprintf(what, sizeof what, "event#%llu (%#llx)", mh__id_number(event->id, MH_ID_EVENT),
           (unsigned long long)event->id);
  line(ctx, what, event->site);
}

static void report_graph(void *value, void *ctx) {
  const mh_graph *graph = value;
  char what[64];
  snprintf(what, sizeof what, "graph#%llu (%#llx)", mh__id_number(graph->id, MH_ID_GRAPH),
           (unsigned long long)graph->id);
  line(ctx, what, graph->site);
}

static void report_graph_exec(void *value, void *ctx) {
  const mh_graph_exec *exec = value;
  char what[64];
  snprintf(what, sizeof what, "graphExec#%llu (%#llx)", mh__id_number(exec->id, MH_ID_GRAPH_EXEC),
           (unsigned long long)exec->id);
  line(ctx, what, exec->site);
}

static void report_texture(void *value, void *ctx) {
  const mh_texture *t = value;
  char what[128];
  snprintf(what, sizeof what, "%s texture#%llu (%#llx)", mockhip_api_name(t->made_by),
           mh__id_number(t->id, MH_ID_TEXTURE), (unsigned long long)t->id);
  line(ctx, what, t->site);
}

/* A pool the program made or imported and did not destroy, and every allocation of any pool
   not freed; a device's default pool and what a pool caches are the runtime's own. */
static void report_pools(report *r, const mh_state *s) {
  for (const mh_pool *pool = s->pools; pool != NULL; pool = pool->next) {
    char what[160];
    if (!pool->is_default && !pool->destroyed) {
      snprintf(what, sizeof what, "pool#%llu (%#llx) of device %d%s",
               mh__id_number(pool->id, MH_ID_POOL), (unsigned long long)pool->id, pool->device,
               pool->imported ? ", imported" : "");
      line(r, what, pool->site);
    }
    for (const mh_pool_block *b = pool->busy; b != NULL; b = b->next) {
      snprintf(what, sizeof what, "%s#%lu %#lx (%zu bytes) of pool#%llu",
               mockhip_api_name(b->made_by), b->number, (unsigned long)b->base, b->bytes,
               mh__id_number(pool->id, MH_ID_POOL));
      line(r, what, b->site);
    }
  }
}

static void report_array(void *value, void *ctx) {
  const mh_array *a = value;
  char what[128];
  snprintf(what, sizeof what, "%s array#%llu (%#llx, %zu x %zu x %zu elements of %zu bytes)",
           mockhip_api_name(a->made_by), mh__id_number(a->id, MH_ID_ARRAY),
           (unsigned long long)a->id, a->width, a->rows, a->slices, a->element_bytes);
  line(ctx, what, a->site);
}

MH_EXPORT size_t mockhip_leak_report(FILE *out) {
  report r = {out != NULL ? out : stderr, 0};
  mh_state *s = mh__state();
  mh__lock_read();
  /* A pool's own address space and mappings are reported as the pool and its blocks. */
  for (mh_tree_node *n = mh__tree_first(&s->regions); n; n = mh__tree_next(&s->regions, n->key))
    if (MH_CONTAINER(n, mh_region, node)->pool == NULL)
      report_region(&r, MH_CONTAINER(n, mh_region, node));
  for (mh_tree_node *n = mh__tree_first(&s->mappings); n; n = mh__tree_next(&s->mappings, n->key))
    if (MH_CONTAINER(n, mh_mapping, node)->reservation->pool == NULL)
      report_mapping(&r, MH_CONTAINER(n, mh_mapping, node));
  report_pools(&r, s);
  mh__idmap_each(&s->handles, report_handle, &r);
  mh__idmap_each(&s->streams, report_stream, &r);
  mh__idmap_each(&s->events, report_event, &r);
  mh__idmap_each(&s->graphs, report_graph, &r);
  mh__idmap_each(&s->graph_execs, report_graph_exec, &r);
  mh__idmap_each(&s->arrays, report_array, &r);
  mh__idmap_each(&s->textures, report_texture, &r);
  mh__unlock();
  return r.count;
}

/* The process that read MOCKHIP_LEAK_CHECK=1, 0 while it is off: a forked
   child exits with its parent's objects, which are not its leaks. */
static atomic_int checked_pid;

static void check_at_exit(void) {
  if (atomic_load(&checked_pid) != getpid())
    return;
  size_t leaked = mockhip_leak_report(stderr);
  if (leaked == 0)
    return;
  fprintf(stderr,
          "mockhip: leak check: %zu object%s still alive at exit (MOCKHIP_LEAK_CHECK=1); exit "
          "status %d\n",
          leaked, leaked == 1 ? "" : "s", MOCKHIP_LEAK_EXIT_STATUS);
  fflush(NULL);
  _exit(MOCKHIP_LEAK_EXIT_STATUS);
}

/* Registered when the library loads, before the program can register exit
   handlers of its own, so the check runs after all of them: what a program
   frees in an exit handler is not a leak (LeakSanitizer's order too). */
__attribute__((constructor)) static void register_check(void) { atexit(check_at_exit); }

void mh__leak_check_init(bool on) { atomic_store(&checked_pid, on ? (int)getpid() : 0); }
