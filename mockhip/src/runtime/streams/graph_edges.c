/*
 * graph_edges.c: reading and undoing a graph's shape: hipGraphNodeGetDependencies,
 * hipGraphNodeGetDependentNodes, hipGraphGetEdges, hipGraphRemoveDependencies and
 * hipGraphDestroyNode (clr hip_graph.cpp). Arrays are filled as hipGraphGetNodes
 * fills them (mh__graph_fill_nodes); edges are listed node by node, in the order
 * nodes were added, each node's in the order its edges were made (Graph::GetEdges).
 */
#include <stdlib.h>

#include "runtime/streams/streams.h"

/* dependents: a node's dependents, else its dependencies. Under the lock. */
static hipError_t node_neighbours(mh_state *s, hipGraphNode_t node, hipGraphNode_t *out,
                                  size_t *count, bool dependents) {
  mh_graph_node *n;
  hipError_t err = mh__graph_node_get(s, node, "node", &n);
  if (err == hipSuccess && count == NULL)
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   dependents ? "pNumDependentNodes" : "pNumDependencies");
  if (err == hipSuccess)
    mh__graph_fill_nodes(dependents ? n->dependents : n->deps,
                         dependents ? n->dependent_count : n->dep_count, out, count);
  return err;
}

MH_EXPORT hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies,
                                                 size_t *pNumDependencies) {
  mh_state *s;
  size_t asked = pNumDependencies != NULL ? *pNumDependencies : 0;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeGetDependencies, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = node_neighbours(s, node, pDependencies, pNumDependencies, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeGetDependencies, err,
                   "node=%s, pDependencies=%s, %s (asked %zu)", mh__d_graph_node(node),
                   mh__d_address(pDependencies),
                   mh__d_out_size("pNumDependencies", pNumDependencies, err), asked);
}

MH_EXPORT hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node,
                                                   hipGraphNode_t *pDependentNodes,
                                                   size_t *pNumDependentNodes) {
  mh_state *s;
  size_t asked = pNumDependentNodes != NULL ? *pNumDependentNodes : 0;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeGetDependentNodes, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = node_neighbours(s, node, pDependentNodes, pNumDependentNodes, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeGetDependentNodes, err,
                   "node=%s, pDependentNodes=%s, %s (asked %zu)", mh__d_graph_node(node),
                   mh__d_address(pDependentNodes),
                   mh__d_out_size("pNumDependentNodes", pNumDependentNodes, err), asked);
}

/* hipGraphGetEdges under the lock: from and to both NULL ask for the count. */
static hipError_t get_edges(mh_state *s, hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to,
                            size_t *count) {
  if (graph == NULL || count == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", graph == NULL ? "graph" : "numEdges");
  if ((from == NULL) != (to == NULL))
    return mh__fail(hipErrorInvalidValue, "%s is NULL and %s is not: give both or neither",
                    from == NULL ? "from" : "to", from == NULL ? "to" : "from");
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  if (err != hipSuccess)
    return err;
  size_t edges = 0;
  for (size_t i = 0; i < g->node_count; i++) {
    const mh_graph_node *n = g->nodes[i];
    for (size_t e = 0; e < n->dependent_count; e++, edges++)
      if (from != NULL && edges < *count) {
        from[edges] = (hipGraphNode_t)(uintptr_t)n->id;
        to[edges] = (hipGraphNode_t)(uintptr_t)n->dependents[e]->id;
      }
  }
  for (size_t i = edges; from != NULL && i < *count; i++)
    from[i] = to[i] = NULL;
  if (from == NULL || *count > edges)
    *count = edges;
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to,
                                      size_t *numEdges) {
  mh_state *s;
  size_t asked = numEdges != NULL ? *numEdges : 0;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphGetEdges, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = get_edges(s, graph, from, to, numEdges);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphGetEdges, err, "graph=%s, from=%s, to=%s, %s (asked %zu)",
                   mh__d_graph(graph), mh__d_address(from), mh__d_address(to),
                   mh__d_out_size("numEdges", numEdges, err), asked);
}

/* Takes item out of *items (count long), keeping the order. false: not there. */
static bool drop_from(mh_graph_node **items, size_t *count, const mh_graph_node *item) {
  for (size_t i = 0; i < *count; i++)
    if (items[i] == item) {
      for (size_t j = i + 1; j < *count; j++)
        items[j - 1] = items[j];
      --*count;
      return true;
    }
  return false;
}

/* hipGraphRemoveDependencies under the write lock: pair by pair, as clr removes them (a bad
   pair fails the call, the pairs before it removed). */
static hipError_t remove_dependencies(mh_state *s, hipGraph_t graph, const hipGraphNode_t *from,
                                      const hipGraphNode_t *to, size_t count) {
  if (graph == NULL || (count > 0 && (from == NULL || to == NULL)))
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    graph == NULL  ? "graph"
                    : from == NULL ? "from"
                                   : "to");
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  for (size_t i = 0; err == hipSuccess && i < count; i++) {
    mh_graph_node *a, *b;
    err = mh__graph_pair(s, g, from, to, i, &a, &b);
    if (err == hipSuccess && !drop_from(a->dependents, &a->dependent_count, b))
      err = mh__fail(hipErrorInvalidValue, "from[%zu] -> to[%zu] is no edge of the graph", i, i);
    if (err == hipSuccess)
      (void)drop_from(b->deps, &b->dep_count, a);
  }
  return err;
}

MH_EXPORT hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from,
                                                const hipGraphNode_t *to, size_t numDependencies) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphRemoveDependencies, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = remove_dependencies(s, graph, from, to, numDependencies);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphRemoveDependencies, err,
                   "graph=%s, from=%s, to=%s, numDependencies=%zu", mh__d_graph(graph),
                   mh__d_nodes(from, numDependencies), mh__d_nodes(to, numDependencies),
                   numDependencies);
}

void mh__graph_remove(mh_state *s, mh_graph_node *node) {
  mh_graph *g = node->graph;
  for (size_t i = 0; i < node->dep_count; i++)
    (void)drop_from(node->deps[i]->dependents, &node->deps[i]->dependent_count, node);
  for (size_t i = 0; i < node->dependent_count; i++)
    (void)drop_from(node->dependents[i]->deps, &node->dependents[i]->dep_count, node);
  node->dep_count = node->dependent_count = 0;
  for (size_t i = node->index + 1; i < g->node_count; i++) {
    g->nodes[i - 1] = g->nodes[i];
    g->nodes[i - 1]->index = i - 1;
  }
  g->node_count--;
  mh__graph_node_free(s, node);
}

MH_EXPORT hipError_t hipGraphDestroyNode(hipGraphNode_t node) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphDestroyNode, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph_node *n;
    err = mh__graph_node_get(s, node, "node", &n);
    if (err == hipSuccess &&
        (n->work.type == HIPVMM_NODE_MEM_ALLOC || n->work.type == HIPVMM_NODE_MEM_FREE))
      err = mh__fail(hipErrorNotSupported, "node %p is a memory %s node: it is not destroyed alone",
                     (void *)node, n->work.type == HIPVMM_NODE_MEM_ALLOC ? "alloc" : "free");
    if (err == hipSuccess)
      mh__graph_remove(s, n);
    mh__unlock();
    mh__user_objects_run(s); /* a child graph's references */
  }
  return mh__leave(MOCKHIP_CALL_hipGraphDestroyNode, err, "node=%s", mh__d_graph_node(node));
}
