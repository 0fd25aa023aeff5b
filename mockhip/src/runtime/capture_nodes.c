/*
 * capture_nodes.c: the shape of what a capture records, without its content.
 *
 * hipStreamEndCapture must refuse a capture whose joined streams were not
 * joined back (hipErrorStreamCaptureUnjoined): ROCm adds a last node after
 * the origin's last work and finds more than one leaf. The mock drops the
 * captured work but keeps the same skeleton: each piece of captured work is a
 * node numbered in its capture, depending on what its stream depended on; a
 * captured event remembers its stream's dependencies and a stream waiting on
 * it inherits them (hipStreamWaitEvent_common, AddCrossCapturedNode). A node
 * is a leaf until a later node depends on it.
 *
 * Work is captured under the state's read lock, so a capture's nodes have a
 * mutex of their own; everything else here runs under the write lock.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/runtime.h"

void mh__node_set_free(mh_node_set *set) {
  free(set->nodes);
  memset(set, 0, sizeof *set);
}

static bool node_set_has(const mh_node_set *set, uint32_t node) {
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

static hipError_t node_set_add(mh_node_set *set, uint32_t node) {
  if (node_set_has(set, node))
    return hipSuccess;
  hipError_t err = node_set_reserve(set);
  if (err == hipSuccess)
    set->nodes[set->count++] = node;
  return err;
}

hipError_t mh__node_set_union(mh_node_set *to, const mh_node_set *from) {
  for (size_t i = 0; i < from->count; i++) {
    hipError_t err = node_set_add(to, from->nodes[i]);
    if (err != hipSuccess)
      return err;
  }
  return hipSuccess;
}

hipError_t mh__capture_add_node(mh_stream *stream) {
  mh_capture *c = stream->capture;
  hipError_t err = hipSuccess;
  pthread_mutex_lock(&c->nodes_lock);
  if (c->node_count == c->node_capacity) {
    size_t capacity = c->node_capacity ? 2 * c->node_capacity : 16;
    unsigned char *grown = capacity <= UINT32_MAX ? realloc(c->leaf, capacity) : NULL;
    if (grown == NULL) {
      err = mh__fail(hipErrorOutOfMemory, "no memory for the capture's nodes");
    } else {
      c->leaf = grown;
      c->node_capacity = capacity;
    }
  }
  if (err == hipSuccess)
    err = node_set_reserve(&stream->deps); /* the new node replaces them all */
  if (err == hipSuccess) {
    uint32_t node = (uint32_t)c->node_count++;
    for (size_t i = 0; i < stream->deps.count; i++)
      if (c->leaf[stream->deps.nodes[i]]) {
        c->leaf[stream->deps.nodes[i]] = 0;
        c->leaves--;
      }
    c->leaf[node] = 1;
    c->leaves++;
    stream->deps.nodes[0] = node;
    stream->deps.count = 1;
  }
  pthread_mutex_unlock(&c->nodes_lock);
  return err;
}

size_t mh__capture_loose_ends(const mh_capture *c) {
  size_t joined = 0; /* leaves the final node on the origin would depend on */
  for (size_t i = 0; i < c->origin->deps.count; i++)
    joined += c->leaf[c->origin->deps.nodes[i]];
  return c->leaves - joined + 1;
}
