/*
 * capture_nodes.c: the graph a capture builds. Each piece of captured work is
 * a node of the capture's graph, carrying what the work does (a copy's
 * addresses and kind, a set's value and size, a kernel launch with a copy of
 * its arguments), after what its stream depended on; a captured event
 * remembers its stream's dependencies and a stream waiting on it inherits them
 * (hipStreamWaitEvent_common, AddCrossCapturedNode). A node is a leaf until a
 * later node depends on it: hipStreamEndCapture refuses a capture whose joined
 * streams were not joined back (hipErrorStreamCaptureUnjoined), as ROCm does
 * when a last node after the origin's work finds more than one leaf.
 *
 * Work is captured under the state's read lock, so a capture's nodes have a
 * mutex of their own; everything else here runs under the write lock.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/streams/streams.h"

void mh__node_set_free(mh_node_set *set) {
  free(set->nodes);
  memset(set, 0, sizeof *set);
}

bool mh__node_set_has(const mh_node_set *set, uint32_t node) {
  for (size_t i = 0; i < set->count; i++)
    if (set->nodes[i] == node)
      return true;
  return false;
}

/* Room for one more node in set. */
static hipError_t node_set_reserve(mh_node_set *set) {
  if (set->count < set->capacity)
    return hipSuccess;
  size_t capacity = set->capacity ? 2 * set->capacity : 4;
  uint32_t *grown = realloc(set->nodes, capacity * sizeof *grown);
  if (grown == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the capture's dependencies");
  set->nodes = grown;
  set->capacity = capacity;
  return hipSuccess;
}

hipError_t mh__node_set_add(mh_node_set *set, uint32_t node) {
  if (mh__node_set_has(set, node))
    return hipSuccess;
  hipError_t err = node_set_reserve(set);
  if (err == hipSuccess)
    set->nodes[set->count++] = node;
  return err;
}

hipError_t mh__node_set_union(mh_node_set *to, const mh_node_set *from) {
  for (size_t i = 0; i < from->count; i++) {
    hipError_t err = mh__node_set_add(to, from->nodes[i]);
    if (err != hipSuccess)
      return err;
  }
  return hipSuccess;
}

/* The node's number in the capture's graph, which its dependency sets hold. */
static uint32_t number_of(const mh_graph_node *node) { return (uint32_t)node->index; }

hipError_t mh__capture_add(mh_stream *stream, const mh_node_work *work) {
  mh_capture *c = stream->capture;
  mh_graph *graph = c->graph;
  pthread_mutex_lock(&c->nodes_lock);
  hipError_t err = node_set_reserve(&stream->deps); /* the new node replaces them all */
  mh_graph_node **deps = NULL, *node = NULL;
  if (err == hipSuccess && graph->node_count >= UINT32_MAX)
    err = mh__fail(hipErrorOutOfMemory, "capture %llu has as many nodes as it can number", c->id);
  if (err == hipSuccess && stream->deps.count > 0 &&
      (deps = malloc(stream->deps.count * sizeof *deps)) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the capture's dependencies");
  for (size_t i = 0; err == hipSuccess && i < stream->deps.count; i++)
    deps[i] = graph->nodes[stream->deps.nodes[i]];
  if (err == hipSuccess)
    err = mh__graph_add(graph, work, deps, stream->deps.count, &node);
  if (err == hipSuccess) {
    stream->deps.nodes[0] = number_of(node);
    stream->deps.count = 1;
  }
  free(deps);
  pthread_mutex_unlock(&c->nodes_lock);
  return err;
}

/* The work of a node that did its work when it was captured (hipMallocAsync,
   hipMallocFromPoolAsync, hipFreeAsync: the pool allocates and frees at the call, so the
   pointer works) or has none to do here (an external wait): its type follows the entry point
   that captures it. */
hipError_t mh__capture_add_node(mh_stream *stream) {
  hipGraphNodeType type;
  switch (mh__call_api()) {
  case MOCKHIP_CALL_hipMallocAsync:
  case MOCKHIP_CALL_hipMallocFromPoolAsync: type = HIPVMM_NODE_MEM_ALLOC; break;
  case MOCKHIP_CALL_hipFreeAsync: type = HIPVMM_NODE_MEM_FREE; break;
  case MOCKHIP_CALL_hipStreamWaitEvent: type = hipGraphNodeTypeWaitEvent; break;
  default: type = hipGraphNodeTypeEmpty; break;
  }
  mh_node_work work = {.type = type, .device = stream->device};
  return mh__capture_add(stream, &work);
}

size_t mh__capture_loose_ends(const mh_capture *c) {
  /* hipStreamEndCapture_common: a last node after the origin's work, and the leaves besides it
     but for nodes added by hand; a leaf hipStreamUpdateCaptureDependencies took out of a
     stream's dependencies excuses them all. */
  size_t loose = 1;
  for (size_t i = 0; i < c->graph->node_count; i++) {
    const mh_graph_node *n = c->graph->nodes[i];
    uint32_t number = number_of(n);
    if (n->dependent_count > 0 || n->manual || mh__node_set_has(&c->origin->deps, number))
      continue;
    if (mh__node_set_has(&c->removed, number))
      return 1;
    loose++;
  }
  return loose;
}
