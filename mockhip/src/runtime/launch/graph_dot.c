/*
 * graph_dot.c: hipGraphDebugDotPrint: a graph written to a file as a DOT digraph.
 *
 * The layout is clr's (Graph::GenerateDOT and each node's GetLabel/GetShape,
 * hip_graph_internal.hpp), so that what a reader of ROCm's files looks for is there: one
 * "subgraph cluster_<graph>" per graph, each child graph's after its parent's, nodes named
 * "graph_<graph>_node_<node>" in the order they were added, with clr's style, shape and label
 * (the node's id, then KERNEL's function name, MEMCPY (HtoD, DtoH, DtoD, HtoA, ...), MEMSET
 * (value, bytes), HOST, EMPTY, EVENT_RECORD, EVENT_WAIT or the child's graph_<id>), then one
 * "from" -> "to" line per edge. A flag that asks for a kind's parameters (or Verbose) gives that
 * kind a "record" label with them, as clr's; the ids are the mock's handles. Where clr writes a
 * kernel node's attribute list without its closing quote (KernelNodeParams,
 * KernelNodeAttributes), the mock writes valid DOT.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runtime/launch/launch.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* Where a copy's side lies, as clr's label tells it: 'D' memory the runtime knows (a block, a
   pool's, a mapping), 'H' any other, 'A' an array. */
static char side(mh_state *s, const void *ptr, hipArray_const_t array) {
  if (array != NULL)
    return 'A';
  mh_pointer_owner o = mh__pointer_owner(s, ptr);
  return o.block != NULL || o.pool_block != NULL || o.mapping != NULL ? 'D' : 'H';
}

/* "HtoD" and the like; a copy between two host ranges is named by its kind, as clr's 1D node
   names it (HtoD, DtoH, else nothing). */
static void direction(mh_state *s, const mh_node_work *w, char out[8]) {
  const hipMemcpy3DParms *p = w->u.copy.parms;
  char from = p != NULL ? side(s, p->srcPtr.ptr, p->srcArray) : side(s, w->u.copy.src, NULL);
  char to = p != NULL ? side(s, p->dstPtr.ptr, p->dstArray) : side(s, w->u.copy.dst, NULL);
  if (from == 'H' && to == 'H') {
    snprintf(out, 8, "%s",
             w->u.copy.kind == hipMemcpyHostToDevice   ? "HtoD"
             : w->u.copy.kind == hipMemcpyDeviceToHost ? "DtoH"
                                                       : "");
    return;
  }
  snprintf(out, 8, "%cto%c", from, to);
}

/* A kernel's name as a DOT label holds it: quotes, backslashes and record punctuation escaped. */
static void put_name(FILE *f, const char *name) {
  for (const char *c = name != NULL ? name : "kernel"; *c != '\0'; c++) {
    if (strchr("\"\\<>{}|", *c) != NULL)
      fputc('\\', f);
    fputc(*c, f);
  }
}

/* A copy's bytes, for the short label: width * height * depth of a 3D copy's extent. */
static size_t copy_bytes(const mh_node_work *w) {
  const hipMemcpy3DParms *p = w->u.copy.parms;
  return p != NULL ? p->extent.width * p->extent.height * p->extent.depth : w->u.copy.bytes;
}

static void put_kernel(FILE *f, const mh_graph_node *n, unsigned flags) {
  const mh_kernel_work *k = &n->work.u.kernel;
  bool record =
      flags == hipGraphDebugDotFlagsVerbose || flags == hipGraphDebugDotFlagsKernelNodeParams;
  fprintf(f, "[style=\"bold\"shape=\"%s\"label=\"", record ? "record" : "octagon");
  if (flags == hipGraphDebugDotFlagsVerbose || flags == hipGraphDebugDotFlagsKernelNodeAttributes) {
    fprintf(f, "{\nKERNEL\n| {ID | %llu | ", (unsigned long long)n->id);
    put_name(f, k->name);
    fprintf(f,
            "\\<\\<\\<(%u,%u,%u),(%u,%u,%u),%zu\\>\\>\\>}\n| {{node handle | func handle} | "
            "{%p | %p}}\n}",
            k->grid.x, k->grid.y, k->grid.z, k->block.x, k->block.y, k->block.z, k->shared_bytes,
            (void *)(uintptr_t)n->id, k->function);
  } else if (flags == hipGraphDebugDotFlagsKernelNodeParams) {
    fprintf(f, "%llu\n", (unsigned long long)n->id);
    put_name(f, k->name);
    fprintf(f, "\n\\<\\<\\<(%u,%u,%u),(%u,%u,%u),%zu\\>\\>\\>", k->grid.x, k->grid.y, k->grid.z,
            k->block.x, k->block.y, k->block.z, k->shared_bytes);
  } else {
    fprintf(f, "%llu\n", (unsigned long long)n->id);
    put_name(f, k->name);
    fputc('\n', f);
  }
  fputs("\"];", f);
}

static void put_memcpy(mh_state *s, FILE *f, const mh_graph_node *n, unsigned flags) {
  const mh_node_work *w = &n->work;
  char dir[8];
  direction(s, w, dir);
  if (flags == hipGraphDebugDotFlagsVerbose || flags == hipGraphDebugDotFlagsMemcpyNodeParams) {
    const hipMemcpy3DParms *p = w->u.copy.parms;
    fprintf(f,
            "[style=\"solid\"shape=\"record\"label=\"{\nMEMCPY\n| {{ID | node handle} | {%llu | "
            "%p}}\n| {kind | %s}\n| {{srcPtr | dstPtr} | {ptr | ptr} | {%p | %p}}\n| {Extent | "
            "{{Width | %zu} | {Height | %zu} | {Depth | %zu}}}\n}\"];",
            (unsigned long long)n->id, (void *)(uintptr_t)n->id, dir,
            p != NULL ? p->srcPtr.ptr : w->u.copy.src, p != NULL ? p->dstPtr.ptr : w->u.copy.dst,
            p != NULL ? p->extent.width : w->u.copy.bytes, p != NULL ? p->extent.height : 1,
            p != NULL ? p->extent.depth : 1);
    return;
  }
  if (w->u.copy.parms != NULL)
    fprintf(f, "[style=\"solid\"shape=\"trapezium\"label=\"%llu\nMEMCPY\n(%s)\"];",
            (unsigned long long)n->id, dir);
  else
    fprintf(f, "[style=\"solid\"shape=\"trapezium\"label=\"%llu\nMEMCPY\n(%s,%zu)\"];",
            (unsigned long long)n->id, dir, copy_bytes(w));
}

static void put_memset(FILE *f, const mh_graph_node *n, unsigned flags) {
  const mh_node_work *w = &n->work;
  size_t depth = w->u.set.depth != 0 ? w->u.set.depth : 1;
  if (flags == hipGraphDebugDotFlagsVerbose || flags == hipGraphDebugDotFlagsMemsetNodeParams) {
    fprintf(f,
            "[style=\"solid\"shape=\"record\"label=\"{\nMEMSET\n| {{ID | node handle | dptr | "
            "pitch | value | elementSize | width | height | depth} | {%llu | %p | %p | %zu | %u | "
            "%zu | %zu | %zu | %zu}}}\"];",
            (unsigned long long)n->id, (void *)(uintptr_t)n->id, w->u.set.dst, w->u.set.pitch,
            w->u.set.value, w->u.set.element_bytes, w->u.set.width, w->u.set.height, depth);
    return;
  }
  size_t bytes = w->u.set.height == 1
                     ? w->u.set.width * w->u.set.element_bytes
                     : w->u.set.width * w->u.set.height * depth * w->u.set.element_bytes;
  fprintf(f, "[style=\"solid\"shape=\"invtrapezium\"label=\"%llu\nMEMSET\n(%u,%zu)\"];",
          (unsigned long long)n->id, w->u.set.value, bytes);
}

static void put_node(mh_state *s, FILE *f, const mh_graph *g, const mh_graph_node *n,
                     unsigned flags) {
  fprintf(f, "\n\"graph_%llu_node_%llu\"", (unsigned long long)g->id, (unsigned long long)n->id);
  const char *label = NULL;
  switch (n->work.type) {
  case hipGraphNodeTypeKernel: put_kernel(f, n, flags); break;
  case hipGraphNodeTypeMemcpy: put_memcpy(s, f, n, flags); break;
  case hipGraphNodeTypeMemset: put_memset(f, n, flags); break;
  case hipGraphNodeTypeGraph:
    fprintf(f, "[style=\"solid\"shape=\"rectangle\"label=\"%llu\ngraph_%llu\"];",
            (unsigned long long)n->id, (unsigned long long)n->work.u.child->id);
    break;
  case hipGraphNodeTypeHost: label = "HOST"; break;
  case hipGraphNodeTypeEmpty: label = "EMPTY"; break;
  case hipGraphNodeTypeEventRecord: label = "EVENT_RECORD"; break;
  case hipGraphNodeTypeWaitEvent: label = "EVENT_WAIT"; break;
  case HIPVMM_NODE_MEM_ALLOC: label = "MEM_ALLOC"; break;
  case HIPVMM_NODE_MEM_FREE: label = "MEM_FREE"; break;
  default: label = "NODE"; break;
  }
  if (label != NULL)
    fprintf(f, "[style=\"solid\"shape=\"rectangle\"label=\"%llu\n%s\"];", (unsigned long long)n->id,
            label);
  fputc('\n', f);
}

/* clr Graph::GenerateDOT: the graph's cluster, then its child graphs' clusters. */
static void put_graph(mh_state *s, FILE *f, const mh_graph *g, unsigned flags) {
  unsigned long long gid = (unsigned long long)g->id;
  fprintf(f, "subgraph cluster_%llu {\nlabel=\"graph_%llu\"graph[style=\"dashed\"];\n", gid, gid);
  for (size_t i = 0; i < g->node_count; i++)
    put_node(s, f, g, g->nodes[i], flags);
  fputc('\n', f);
  for (size_t i = 0; i < g->node_count; i++) {
    const mh_graph_node *n = g->nodes[i];
    for (size_t e = 0; e < n->dependent_count; e++)
      fprintf(f, "\"graph_%llu_node_%llu\" -> \"graph_%llu_node_%llu\"\n", gid,
              (unsigned long long)n->id, gid, (unsigned long long)n->dependents[e]->id);
  }
  fputs("}\n", f);
  for (size_t i = 0; i < g->node_count; i++)
    if (g->nodes[i]->work.type == hipGraphNodeTypeGraph)
      put_graph(s, f, g->nodes[i]->work.u.child, flags);
}

/* Under the lock. */
static hipError_t dot_print(mh_state *s, hipGraph_t graph, const char *path, unsigned flags) {
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  if (err != hipSuccess)
    return err;
  FILE *f = fopen(path, "w");
  if (f == NULL) /* clr ihipGraphDebugDotPrint: the stream failed to open */
    return mh__fail(hipErrorOperatingSystem, "path \"%s\" cannot be opened for writing: %s", path,
                    strerror(errno));
  fputs("digraph dot {\n", f);
  put_graph(s, f, g, flags);
  fputs("}\n", f);
  if (ferror(f) != 0) {
    fclose(f);
    return mh__fail(hipErrorOperatingSystem, "writing \"%s\" failed", path);
  }
  if (fclose(f) != 0)
    return mh__fail(hipErrorOperatingSystem, "closing \"%s\" failed: %s", path, strerror(errno));
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char *path, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphDebugDotPrint, MH_CALLER, &s);
  if (err == hipSuccess && (graph == NULL || path == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", graph == NULL ? "graph" : "path");
  if (err == hipSuccess) {
    mh__lock_read();
    err = dot_print(s, graph, path, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphDebugDotPrint, err, "graph=%s, path=%s, flags=%#x",
                   mh__d_graph(graph), path != NULL ? path : "NULL", flags);
}
