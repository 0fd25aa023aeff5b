/*
 * capture_info.c: a capture looked into and steered while it runs:
 * hipStreamGetCaptureInfo_v2 (the graph being built and what the stream's
 * next work will depend on), hipStreamUpdateCaptureDependencies (that set
 * added to or replaced) and hipStreamBeginCaptureToGraph (a capture into a
 * graph of the program's, after given nodes), as clr hip_graph.cpp has them.
 *
 * Captured work is added under the read lock, where nodes get no handles;
 * the graph and the nodes made so far get theirs when this call first hands
 * them out, the rest at hipStreamEndCapture. The graph is then a live graph
 * the program may add nodes to by hand (never an unjoined branch, as clr's
 * AddManualNodeDuringCapture) but not destroy until the capture ends. A leaf
 * taken out of a stream's dependencies does not make the end Unjoined.
 */
#include <stdlib.h>

#include "runtime/streams/streams.h"

/* The handles of stream's dependencies, in its own buffer. Under the write lock. */
static hipError_t deps_out(mh_stream *stream, const hipGraphNode_t **out, size_t *count) {
  const mh_node_set *deps = &stream->deps;
  if (deps->count > stream->deps_out_capacity) {
    hipGraphNode_t *grown = realloc(stream->deps_out, deps->count * sizeof *grown);
    if (grown == NULL)
      return mh__fail(hipErrorOutOfMemory, "no memory for the capture's dependencies");
    stream->deps_out = grown;
    stream->deps_out_capacity = deps->count;
  }
  const mh_graph *g = stream->capture->graph;
  for (size_t i = 0; i < deps->count; i++)
    stream->deps_out[i] = (hipGraphNode_t)(uintptr_t)g->nodes[deps->nodes[i]]->id;
  if (out != NULL)
    *out = stream->deps_out;
  if (count != NULL)
    *count = deps->count;
  return hipSuccess;
}

/* hipStreamGetCaptureInfo_v2_common, in its order. Under the write lock. */
static hipError_t capture_info(mh_state *s, hipStream_t stream, hipStreamCaptureStatus *status,
                               unsigned long long *id, hipGraph_t *graph,
                               const hipGraphNode_t **deps, size_t *dep_count) {
  if (status == NULL)
    return mh__fail(hipErrorInvalidValue, "captureStatus_out is NULL");
  if ((stream == NULL || stream == HIPVMM_STREAM_LEGACY) && mh__capture_blocking(s))
    return mh__fail(hipErrorStreamCaptureImplicit,
                    "asking about the null stream while a blocking stream captures");
  mh_stream *found;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err != hipSuccess)
    return err;
  *status = mh__capture_status(found);
  if (*status != hipStreamCaptureStatusActive)
    return hipSuccess;
  mh_capture *c = found->capture;
  if ((graph != NULL || deps != NULL) && (err = mh__graph_register(s, c->graph)) != hipSuccess)
    return err;
  if (deps != NULL || dep_count != NULL)
    err = deps_out(found, deps, dep_count);
  if (err == hipSuccess && id != NULL)
    *id = c->id;
  if (err == hipSuccess && graph != NULL)
    *graph = (hipGraph_t)(uintptr_t)c->graph->id;
  return err;
}

MH_EXPORT hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
                                                hipStreamCaptureStatus *captureStatus_out,
                                                unsigned long long *id_out, hipGraph_t *graph_out,
                                                const hipGraphNode_t **dependencies_out,
                                                size_t *numDependencies_out) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamGetCaptureInfo_v2, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = capture_info(s, stream, captureStatus_out, id_out, graph_out, dependencies_out,
                       numDependencies_out);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamGetCaptureInfo_v2, err,
                   "stream=%s, captureStatus_out=%s, id_out=%s, %s, dependencies_out=%s, "
                   "numDependencies_out=%s",
                   mh__d_stream(stream), mh__d_ptr(captureStatus_out), mh__d_ptr(id_out),
                   graph_out != NULL ? mh__d_out_graph("graph_out", graph_out, err)
                                     : "graph_out=NULL",
                   mh__d_ptr(dependencies_out), mh__d_ptr(numDependencies_out));
}

/* ihipStreamUpdateCaptureDependencies, in its order. Under the write lock. */
static hipError_t update_deps(mh_state *s, hipStream_t stream, const hipGraphNode_t *nodes,
                              size_t count, unsigned flags) {
  mh_stream *found;
  hipError_t err = mh__stream_get(s, stream, &found);
  if (err != hipSuccess)
    return err;
  if (found == NULL || found->capture == NULL)
    return mh__fail(hipErrorIllegalState, "stream %p is not capturing", (void *)stream);
  mh_capture *c = found->capture;
  if (count > c->graph->node_count)
    return mh__fail(hipErrorInvalidValue, "numDependencies is %zu, and the graph has %zu nodes",
                    count, c->graph->node_count);
  if (count > 0 && nodes == NULL)
    return mh__fail(hipErrorInvalidValue, "dependencies is NULL and numDependencies is %zu", count);
  if (flags != hipStreamAddCaptureDependencies && flags != hipStreamSetCaptureDependencies)
    return mh__fail(hipErrorInvalidValue,
                    "flags is %#x: give hipStreamAddCaptureDependencies (0) or "
                    "hipStreamSetCaptureDependencies (1)",
                    flags);
  mh_node_set given = {0};
  for (size_t i = 0; err == hipSuccess && i < count; i++) {
    mh_graph_node *n =
        nodes[i] != NULL ? mh__idmap_get(&s->graph_nodes, (uint64_t)(uintptr_t)nodes[i]) : NULL;
    if (n == NULL || n->graph != c->graph)
      err = mh__fail(hipErrorInvalidValue,
                     "dependencies[%zu] (%p) is no node of capture %llu's "
                     "graph",
                     i, (void *)nodes[i], c->id);
    else
      err = mh__node_set_add(&given, (uint32_t)n->index);
  }
  if (err == hipSuccess && flags == hipStreamSetCaptureDependencies) {
    for (size_t i = 0; err == hipSuccess && i < found->deps.count; i++)
      if (!mh__node_set_has(&given, found->deps.nodes[i]))
        err = mh__node_set_add(&c->removed, found->deps.nodes[i]);
    if (err == hipSuccess)
      found->deps.count = 0;
  }
  if (err == hipSuccess)
    err = mh__node_set_union(&found->deps, &given);
  mh__node_set_free(&given);
  return err;
}

MH_EXPORT hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream,
                                                        hipGraphNode_t *dependencies,
                                                        size_t numDependencies,
                                                        unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamUpdateCaptureDependencies, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = update_deps(s, stream, dependencies, numDependencies, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamUpdateCaptureDependencies, err,
                   "stream=%s, dependencies=%s, numDependencies=%zu, flags=%#x",
                   mh__d_stream(stream), mh__d_nodes(dependencies, numDependencies),
                   numDependencies, flags);
}

MH_EXPORT hipError_t hipStreamBeginCaptureToGraph(hipStream_t stream, hipGraph_t graph,
                                                  const hipGraphNode_t *dependencies,
                                                  const hipGraphEdgeData *dependencyData,
                                                  size_t numDependencies,
                                                  hipStreamCaptureMode mode) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamBeginCaptureToGraph, MH_CALLER, &s);
  /* clr's order: edge data is not supported, then the graph and the dependencies */
  if (err == hipSuccess && dependencyData != NULL)
    err = mh__fail(hipErrorNotSupported, "dependencyData: ROCm takes no edge data here; pass NULL");
  if (err == hipSuccess && graph == NULL)
    err = mh__fail(hipErrorInvalidValue, "graph is NULL");
  if (err == hipSuccess && (dependencies == NULL) != (numDependencies == 0))
    err = mh__fail(hipErrorInvalidValue, "dependencies is %s and numDependencies is %zu",
                   dependencies == NULL ? "NULL" : "given", numDependencies);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph *into;
    err = mh__graph_get(s, graph, "graph", &into);
    if (err == hipSuccess)
      err = mh__capture_begin(s, stream, (int)mode, into);
    if (err == hipSuccess && dependencies != NULL)
      err = update_deps(s, stream, dependencies, numDependencies, hipStreamSetCaptureDependencies);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamBeginCaptureToGraph, err,
                   "stream=%s, graph=%s, dependencies=%s, dependencyData=%s, numDependencies=%zu, "
                   "mode=%s",
                   mh__d_stream(stream), mh__d_graph(graph),
                   mh__d_nodes(dependencies, numDependencies), mh__d_ptr(dependencyData),
                   numDependencies, mh__d_capture_mode((int)mode));
}
