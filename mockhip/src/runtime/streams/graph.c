/*
 * graph.c: graphs, their nodes and the edges between them, and the calls that
 * make, read and destroy them (hipGraphCreate, hipGraphDestroy,
 * hipGraphAddDependencies, hipGraphGetNodes, hipGraphGetRootNodes,
 * hipGraphNodeGetType). graph_nodes.c adds nodes by hand, capture_nodes.c
 * from a capture, graph_exec.c instantiates and launches.
 *
 * A graph and each of its nodes is named by an id, as streams are, so a
 * destroyed or made-up handle is refused where ROCm would read freed memory;
 * the checks and codes are clr hip_graph.cpp's. A node owns a copy of its
 * work (the kernel's arguments included), so a graph outlives the calls and
 * the stack frames it was built from.
 */
#include <stdlib.h>

#include "runtime/streams/streams.h"

/* ---- work ---- */

void mh__node_work_free(mh_node_work *work) {
  if ((work->type == HIPVMM_NODE_MEM_ALLOC || work->type == HIPVMM_NODE_MEM_FREE) &&
      work->u.graph_alloc != NULL) { /* a memory node added by hand lets go of its allocation */
    mh__graph_alloc_release(mh__state(), work->u.graph_alloc);
    work->u.graph_alloc = NULL;
  }
  if (work->type == hipGraphNodeTypeMemcpy) {
    free(work->u.copy.strided);
    free(work->u.copy.parms);
    work->u.copy.strided = NULL;
    work->u.copy.parms = NULL;
  }
  if (work->type != hipGraphNodeTypeKernel)
    return;
  mh_kernel_work *k = &work->u.kernel;
  if (k->closure != NULL && k->release != NULL)
    k->release(k->closure);
  free(k->pointers);
  free(k->given_args);
  k->closure = NULL;
  k->pointers = NULL;
  k->given_args = NULL;
}

const char *mh__node_kind(hipGraphNodeType type) {
  static const char *const names[] = {"kernel",
                                      "memcpy",
                                      "memset",
                                      "host",
                                      "child graph",
                                      "empty",
                                      "event wait",
                                      "event record",
                                      "semaphore signal",
                                      "semaphore wait",
                                      "memory alloc",
                                      "memory free",
                                      "memcpy from symbol",
                                      "memcpy to symbol",
                                      "batch memory operation"};
  return (unsigned)type < sizeof names / sizeof names[0] ? names[type] : "unknown";
}

/* ---- graphs and nodes ---- */

mh_graph *mh__graph_new(void) { return calloc(1, sizeof(mh_graph)); }

void mh__graph_unregister(mh_state *s, mh_graph *graph) {
  if (graph == NULL)
    return;
  if (graph->id != 0 && mh__idmap_del(&s->graphs, graph->id) != NULL)
    s->stats.live_graphs--;
  mh__graph_free(s, graph);
}

void mh__graph_node_free(mh_state *s, mh_graph_node *node) {
  if (node->id != 0)
    mh__idmap_del(&s->graph_nodes, node->id);
  if (node->work.type == hipGraphNodeTypeGraph)
    mh__graph_unregister(s, node->work.u.child);
  mh__node_work_free(&node->work);
  free(node->deps);
  free(node->dependents);
  free(node);
}

void mh__graph_free(mh_state *s, mh_graph *graph) {
  if (graph == NULL)
    return;
  for (size_t i = 0; i < graph->node_count; i++)
    mh__graph_node_free(s, graph->nodes[i]);
  mh__graph_user_objects_release(s, graph);
  free(graph->nodes);
  free(graph);
}

/* Room for one more pointer in *items (count used of *capacity). */
static int reserve(mh_graph_node ***items, size_t count, size_t *capacity) {
  if (count < *capacity)
    return 0;
  size_t grown_capacity = *capacity ? 2 * *capacity : 4;
  mh_graph_node **grown = realloc(*items, grown_capacity * sizeof *grown);
  if (grown == NULL)
    return -1;
  *items = grown;
  *capacity = grown_capacity;
  return 0;
}

hipError_t mh__graph_link(mh_graph_node *from, mh_graph_node *to) {
  if (reserve(&from->dependents, from->dependent_count, &from->dependent_capacity) != 0 ||
      reserve(&to->deps, to->dep_count, &to->dep_capacity) != 0)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph's edges");
  from->dependents[from->dependent_count++] = to;
  to->deps[to->dep_count++] = from;
  return hipSuccess;
}

hipError_t mh__graph_add(mh_graph *graph, const mh_node_work *work, mh_graph_node *const *deps,
                         size_t dep_count, mh_graph_node **out) {
  mh_graph_node *node = calloc(1, sizeof *node);
  if (node == NULL || reserve(&graph->nodes, graph->node_count, &graph->node_capacity) != 0 ||
      (dep_count > 0 && (node->deps = malloc(dep_count * sizeof *node->deps)) == NULL)) {
    free(node);
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph's node");
  }
  node->dep_capacity = dep_count;
  /* Every edge's room first, so that nothing can fail once the node is in. */
  for (size_t i = 0; i < dep_count; i++)
    if (reserve(&deps[i]->dependents, deps[i]->dependent_count, &deps[i]->dependent_capacity) !=
        0) {
      free(node->deps);
      free(node);
      return mh__fail(hipErrorOutOfMemory, "no memory for the graph's edges");
    }
  for (size_t i = 0; i < dep_count; i++)
    (void)mh__graph_link(deps[i], node);
  node->graph = graph;
  node->index = graph->node_count;
  node->work = *work;
  graph->nodes[graph->node_count++] = node;
  *out = node;
  return hipSuccess;
}

void mh__graph_remove_last(mh_graph *graph) {
  mh_graph_node *node = graph->nodes[--graph->node_count];
  for (size_t i = 0; i < node->dep_count; i++)
    node->deps[i]->dependent_count--; /* its edge was the last one made */
  free(node->deps);
  free(node);
}

hipError_t mh__graph_register(mh_state *s, mh_graph *graph) {
  /* A capture's graph may be registered already, with its nodes up to then (capture_info.c):
     the rest get their ids. On a failure, only what this call gave goes back. */
  bool fresh = graph->id == 0;
  uint64_t id = fresh ? mh__new_id(s, MH_ID_GRAPH) : graph->id;
  if (fresh && mh__idmap_put(&s->graphs, id, graph) != 0)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph registry");
  size_t first = graph->node_count;
  for (size_t i = 0; i < graph->node_count; i++) {
    mh_graph_node *node = graph->nodes[i];
    if (node->id != 0)
      continue;
    first = first < i ? first : i;
    node->id = mh__new_id(s, MH_ID_GRAPH_NODE);
    if (mh__idmap_put(&s->graph_nodes, node->id, node) != 0) {
      node->id = 0;
      for (size_t j = first; j < i; j++) {
        mh__idmap_del(&s->graph_nodes, graph->nodes[j]->id);
        graph->nodes[j]->id = 0;
      }
      if (fresh)
        mh__idmap_del(&s->graphs, id);
      return mh__fail(hipErrorOutOfMemory, "no memory for the graph node registry");
    }
  }
  if (fresh) {
    graph->id = id;
    s->stats.live_graphs++;
  }
  return hipSuccess;
}

/* Graph::TopologicalOrder: the nodes no other precedes, in the order they were added, then
   breadth first along the edges in the order they were made. false on a cycle. */
bool mh__graph_order(const mh_graph *graph, mh_graph_node **out) {
  size_t *waiting = malloc((graph->node_count + 1) * sizeof *waiting);
  if (waiting == NULL)
    return false;
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < graph->node_count; i++)
    if (graph->nodes[i]->dep_count == 0)
      out[tail++] = graph->nodes[i];
  for (size_t i = 0; i < graph->node_count; i++) /* the dependencies not run yet */
    waiting[i] = graph->nodes[i]->dep_count;
  while (head < tail) {
    mh_graph_node *node = out[head++];
    for (size_t e = 0; e < node->dependent_count; e++) {
      mh_graph_node *next = node->dependents[e];
      if (--waiting[next->index] == 0)
        out[tail++] = next;
    }
  }
  free(waiting);
  return tail == graph->node_count;
}

/* ---- lookups ---- */

hipError_t mh__graph_get(mh_state *s, hipGraph_t graph, const char *name, mh_graph **out) {
  *out = graph != NULL ? mh__idmap_get(&s->graphs, (uint64_t)(uintptr_t)graph) : NULL;
  if (*out != NULL)
    return hipSuccess;
  /* hip::Graph::isGraphValid: hipErrorInvalidValue. */
  return graph == NULL
             ? mh__fail(hipErrorInvalidValue, "%s is NULL", name)
             : mh__fail(hipErrorInvalidValue, "%s %p is not a live graph", name, (void *)graph);
}

hipError_t mh__graph_node_get(mh_state *s, hipGraphNode_t node, const char *name,
                              mh_graph_node **out) {
  *out = node != NULL ? mh__idmap_get(&s->graph_nodes, (uint64_t)(uintptr_t)node) : NULL;
  if (*out != NULL)
    return hipSuccess;
  /* hip::GraphNode::isNodeValid: hipErrorInvalidValue. */
  return node == NULL ? mh__fail(hipErrorInvalidValue, "%s is NULL", name)
                      : mh__fail(hipErrorInvalidValue, "%s %p is not a node of a live graph", name,
                                 (void *)node);
}

hipError_t mh__graph_deps(mh_state *s, mh_graph *graph, const hipGraphNode_t *handles, size_t count,
                          mh_graph_node ***out) {
  *out = NULL;
  if (count == 0)
    return hipSuccess;
  mh_graph_node **deps = malloc(count * sizeof *deps);
  if (deps == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the node's dependencies");
  char what[48];
  /* ihipGraphAddNode: each a valid node of this graph, none twice. */
  for (size_t i = 0; i < count; i++) {
    snprintf(what, sizeof what, "pDependencies[%zu]", i);
    hipError_t err = mh__graph_node_get(s, handles[i], what, &deps[i]);
    if (err == hipSuccess && deps[i]->graph != graph)
      err = mh__fail(hipErrorInvalidValue, "%s %p is a node of another graph", what,
                     (void *)handles[i]);
    for (size_t j = 0; err == hipSuccess && j < i; j++)
      if (deps[j] == deps[i])
        err = mh__fail(hipErrorInvalidValue, "%s repeats pDependencies[%zu]", what, j);
    if (err != hipSuccess) {
      free(deps);
      return err;
    }
  }
  *out = deps;
  return hipSuccess;
}

/* ---- the entry points ---- */

MH_EXPORT hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphCreate, MH_CALLER, &s);
  if (err == hipSuccess && (pGraph == NULL || flags != 0))
    err = pGraph == NULL ? mh__fail(hipErrorInvalidValue, "pGraph is NULL")
                         : mh__fail(hipErrorInvalidValue, "flags %#x is not 0", flags);
  mh_graph *graph = NULL;
  if (err == hipSuccess && (graph = mh__graph_new()) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the graph");
  if (err == hipSuccess) {
    graph->site = mh__call_site();
    mh__lock_write();
    err = mh__graph_register(s, graph);
    mh__unlock();
    if (err == hipSuccess)
      *pGraph = (hipGraph_t)(uintptr_t)graph->id;
    else
      mh__graph_free(s, graph);
  }
  return mh__leave(MOCKHIP_CALL_hipGraphCreate, err, "%s, flags=%#x",
                   mh__d_out_graph("pGraph", pGraph, err), flags);
}

/* The graph goes with its nodes; the execs made from it stay (each has its own copy). */
MH_EXPORT hipError_t hipGraphDestroy(hipGraph_t graph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphDestroy, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (graph == NULL) {
      err = mh__fail(hipErrorInvalidValue, "graph is NULL");
    } else {
      mh__lock_write();
      mh_graph *found = mh__idmap_get(&s->graphs, (uint64_t)(uintptr_t)graph);
      if (found == NULL)
        /* hipGraphDestroy: a graph that is not valid "is destroyed already". */
        err = mh__fail(hipErrorIllegalState, "graph %p is not a live graph", (void *)graph);
      else if (found->capture != NULL)
        err = mh__fail(hipErrorInvalidValue,
                       "graph %p is the one capture %llu builds: end the capture first",
                       (void *)graph, found->capture->id);
      else if (found->child)
        err = mh__fail(hipErrorInvalidValue,
                       "graph %p is a child graph node's own graph "
                       "(hipGraphChildGraphNodeGetGraph): it goes with its node",
                       (void *)graph);
      else
        mh__graph_unregister(s, found);
      mh__unlock();
      mh__user_objects_run(s);
    }
  }
  return mh__leave(MOCKHIP_CALL_hipGraphDestroy, err, "graph=%s", mh__d_graph(graph));
}

hipError_t mh__graph_pair(mh_state *s, const mh_graph *g, const hipGraphNode_t *from,
                          const hipGraphNode_t *to, size_t i, mh_graph_node **a,
                          mh_graph_node **b) {
  char what[32];
  snprintf(what, sizeof what, "from[%zu]", i);
  hipError_t err = mh__graph_node_get(s, from[i], what, a);
  snprintf(what, sizeof what, "to[%zu]", i);
  if (err == hipSuccess)
    err = mh__graph_node_get(s, to[i], what, b);
  if (err == hipSuccess && ((*a)->graph != g || (*b)->graph != g))
    err = mh__fail(hipErrorInvalidValue, "%s[%zu] is a node of another graph",
                   (*a)->graph != g ? "from" : "to", i);
  return err;
}

/* hipGraphAddDependencies: every pair is checked before any edge is made; then a pair whose
   edge exists already fails the call, the edges before it made. */
static hipError_t add_dependencies(mh_state *s, hipGraph_t graph, const hipGraphNode_t *from,
                                   const hipGraphNode_t *to, size_t count) {
  if (graph == NULL)
    return mh__fail(hipErrorInvalidValue, "graph is NULL");
  if (count == 0)
    return hipSuccess;
  if (from == NULL || to == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL and numDependencies is %zu",
                    from == NULL ? "from" : "to", count);
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  for (size_t i = 0; err == hipSuccess && i < count; i++) {
    mh_graph_node *a, *b;
    err = mh__graph_pair(s, g, from, to, i, &a, &b);
    if (err == hipSuccess && a == b)
      err = mh__fail(hipErrorInvalidValue, "from[%zu] and to[%zu] are the same node", i, i);
  }
  for (size_t i = 0; err == hipSuccess && i < count; i++) {
    mh_graph_node *a = mh__idmap_get(&s->graph_nodes, (uint64_t)(uintptr_t)from[i]);
    mh_graph_node *b = mh__idmap_get(&s->graph_nodes, (uint64_t)(uintptr_t)to[i]);
    for (size_t e = 0; e < a->dependent_count; e++)
      if (a->dependents[e] == b)
        return mh__fail(hipErrorInvalidValue,
                        "from[%zu] -> to[%zu] is an edge already (the %zu before it are made)", i,
                        i, i);
    err = mh__graph_link(a, b);
  }
  return err;
}

MH_EXPORT hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from,
                                             const hipGraphNode_t *to, size_t numDependencies) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddDependencies, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = add_dependencies(s, graph, from, to, numDependencies);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddDependencies, err,
                   "graph=%s, from=%s, to=%s, numDependencies=%zu", mh__d_graph(graph),
                   mh__d_nodes(from, numDependencies), mh__d_nodes(to, numDependencies),
                   numDependencies);
}

void mh__graph_fill_nodes(mh_graph_node *const *found, size_t found_count, hipGraphNode_t *nodes,
                          size_t *count) {
  if (nodes == NULL) {
    *count = found_count;
    return;
  }
  for (size_t i = 0; i < *count; i++)
    nodes[i] = i < found_count ? (hipGraphNode_t)(uintptr_t)found[i]->id : NULL;
  if (*count > found_count)
    *count = found_count;
}

/* root: only the nodes that depend on none, in the order they were added (GetRootNodes);
   else every node in the order a launch runs them (TopologicalOrder; a cycle: InvalidValue). */
static hipError_t get_nodes(mh_state *s, hipGraph_t graph, hipGraphNode_t *nodes, size_t *count,
                            bool root) {
  if (graph == NULL || count == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    graph == NULL ? "graph"
                    : root        ? "pNumRootNodes"
                                  : "numNodes");
  mh__lock_read();
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  mh_graph_node **found = NULL;
  if (err == hipSuccess && (found = malloc((g->node_count + 1) * sizeof *found)) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory to list the graph's nodes");
  size_t found_count = 0;
  if (err == hipSuccess && root) {
    for (size_t i = 0; i < g->node_count; i++)
      if (g->nodes[i]->dep_count == 0)
        found[found_count++] = g->nodes[i];
  } else if (err == hipSuccess) {
    found_count = g->node_count;
    if (!mh__graph_order(g, found))
      err = mh__fail(hipErrorInvalidValue,
                     "graph %p has a cycle (hipGraphAddDependencies made one): its nodes have "
                     "no order to run in",
                     (void *)graph);
  }
  if (err == hipSuccess)
    mh__graph_fill_nodes(found, found_count, nodes, count);
  free(found);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes) {
  mh_state *s;
  size_t asked = numNodes != NULL ? *numNodes : 0;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphGetNodes, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_nodes(s, graph, nodes, numNodes, false);
  return mh__leave(
      MOCKHIP_CALL_hipGraphGetNodes, err, "graph=%s, nodes=%s, %s (asked %zu)", mh__d_graph(graph),
      nodes != NULL && err == hipSuccess ? mh__d_nodes(nodes, *numNodes) : mh__d_nodes(nodes, 0),
      mh__d_out_size("numNodes", numNodes, err), asked);
}

MH_EXPORT hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes,
                                          size_t *pNumRootNodes) {
  mh_state *s;
  size_t asked = pNumRootNodes != NULL ? *pNumRootNodes : 0;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphGetRootNodes, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_nodes(s, graph, pRootNodes, pNumRootNodes, true);
  return mh__leave(MOCKHIP_CALL_hipGraphGetRootNodes, err,
                   "graph=%s, pRootNodes=%s, %s (asked %zu)", mh__d_graph(graph),
                   pRootNodes != NULL && err == hipSuccess ? mh__d_nodes(pRootNodes, *pNumRootNodes)
                                                           : mh__d_nodes(pRootNodes, 0),
                   mh__d_out_size("pNumRootNodes", pNumRootNodes, err), asked);
}

MH_EXPORT hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeGetType, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    mh_graph_node *found;
    err = mh__graph_node_get(s, node, "node", &found);
    if (err == hipSuccess && pType == NULL)
      err = mh__fail(hipErrorInvalidValue, "pType is NULL");
    if (err == hipSuccess)
      *pType = found->work.type;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeGetType, err, "node=%s, %s", mh__d_graph_node(node),
                   mh__d_out_node_type("pType", pType, err));
}
