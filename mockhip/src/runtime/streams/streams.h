/*
 * streams.h: streams, events and capture, and the graphs a capture fills: what the rooms
 * above share of them (stream.c, event.c, capture.c, capture_nodes.c, graph.c; host_work.c
 * queues host work through them). Work queued on a stream runs at the call unless the stream
 * captures; the capture rules every entry point checks first are here. A graph's nodes are
 * added by hand and launched in launch/ (graph_nodes.c, graph_exec.c).
 */
#ifndef MH_RUNTIME_STREAMS_H
#define MH_RUNTIME_STREAMS_H

#include "diag/diag.h"

/* ---- streams, events and capture (stream.c, event.c, capture.c) ---- */

/*
 * What a stream handle names: *out is NULL for the null stream (NULL or
 * hipStreamLegacy), the calling thread's stream for hipStreamPerThread (made
 * on first use, for the current device), else the live stream. A handle that
 * is none of these gets ROCm's hipErrorContextIsDestroyed, reason recorded.
 * Under the lock, either kind.
 */
MH_HIDDEN hipError_t mh__stream_get(mh_state *state, hipStream_t stream, mh_stream **out);

/* The answer to a stream or event handle that names none live, destroyed or made up (kind
   "stream" or "event"; name, the argument's): ROCm's hipErrorContextIsDestroyed (hip::isValid), or,
   where the release crashes (HIP on NVIDIA hands the handle to the driver), the same code and a
   strict report (stale_handle). */
MH_HIDDEN hipError_t mh__stale_handle(const char *kind, const char *name, const void *handle);

/* mh__stream_get without the stream: hipSuccess for any handle a call may take. */
MH_HIDDEN hipError_t mh__check_stream(mh_state *state, hipStream_t stream);

/* ---- streams by device (stream.c, capture.c) ---- */

/* The live stream (per-thread ones too) with this id, or NULL. */
MH_HIDDEN mh_stream *mh__stream_by_id(mh_state *state, uint64_t id);

/* Destroys every stream made on device (hipDeviceReset); under the write lock. */
MH_HIDDEN void mh__streams_reset(mh_state *state, int device);

/* A number for the calling thread, never reused, for "the thread that began a capture". */
MH_HIDDEN uint64_t mh__thread_serial(void);

/*
 * The capture checks ROCm makes at the top of calls that must not run while
 * a stream captures, before their argument checks (hip_internal.hpp):
 *   MH_CAPTURE_UNSAFE      CHECK_STREAM_CAPTURE_SUPPORTED (hipMalloc, hipFree):
 *                          unless the thread's mode is Relaxed, a Global or
 *                          ThreadLocal capture this thread began, or under
 *                          Global mode any Global capture, is invalidated and
 *                          the call gets hipErrorStreamCaptureUnsupported.
 *   MH_CAPTURE_DEVICE_SYNC CHECK_SUPPORTED_DURING_CAPTURE (hipDeviceSynchronize):
 *                          any capture, any mode: all invalidated, Unsupported.
 *   MH_CAPTURE_SYNC_COPY   CHECK_STREAM_CAPTURING (hipMemcpy, hipMemset and the
 *                          other synchronous copies and sets): any capture:
 *                          all invalidated, hipErrorStreamCaptureImplicit.
 * Takes the write lock itself when a capture exists; call it unlocked.
 */
typedef enum mh_capture_rule {
  MH_CAPTURE_UNSAFE,
  MH_CAPTURE_DEVICE_SYNC,
  MH_CAPTURE_SYNC_COPY
} mh_capture_rule;
MH_HIDDEN hipError_t mh__capture_check(mh_capture_rule rule);

/* ROCm's StreamCaptureOngoing (hipStreamSynchronize, hipStreamQuery): a
   capturing stream, or any capture the thread's mode forbids, is invalidated and
   hipErrorStreamCaptureUnsupported returned. stream may be NULL (no check).
   Under the write lock. */
MH_HIDDEN hipError_t mh__capture_stream_ongoing(mh_state *state, mh_stream *stream);

/* The part of that rule that does not depend on a stream: the thread's mode
   against the captures of this and other threads (hipEventQuery/Synchronize). */
MH_HIDDEN hipError_t mh__capture_mode_forbids(mh_state *state);

/*
 * ROCm's STREAM_CAPTURE, for work queued on a stream (hipMemcpyAsync,
 * hipMemsetAsync, ...): checks the handle (mh__stream_get), then *capturing
 * is the stream when its capture is active, so the work goes into the graph
 * instead of running (mh__capture_add_node once its arguments pass), NULL
 * otherwise; an invalidated capture gets hipErrorStreamCaptureInvalidated.
 * Under the lock, either kind.
 */
MH_HIDDEN hipError_t mh__stream_work(mh_state *state, hipStream_t stream, mh_stream **capturing);

/* ---- graphs (graph.c) ---- */

/* A new empty graph with no id, or NULL when there is no memory. */
MH_HIDDEN mh_graph *mh__graph_new(void);

/* Frees graph and its nodes, taking the nodes' ids out of the registry (not the graph's own).
   NULL: nothing. Under the write lock. */
MH_HIDDEN void mh__graph_free(mh_state *state, mh_graph *graph);

/* Adds a node doing work to graph after deps (nodes of graph, none twice), with no id: on
   success the node owns the work, else it stays the caller's. */
MH_HIDDEN hipError_t mh__graph_add(mh_graph *graph, const mh_node_work *work,
                                   mh_graph_node *const *deps, size_t dep_count,
                                   mh_graph_node **out);

/* Undoes the last mh__graph_add, its work back to the caller. */
MH_HIDDEN void mh__graph_remove_last(mh_graph *graph);

/* Gives graph and its nodes their ids, in the registries; it counts as a live graph. */
MH_HIDDEN hipError_t mh__graph_register(mh_state *state, mh_graph *graph);

/* Writes graph's nodes to out (room for all) in the order a launch runs them (clr
   Graph::TopologicalOrder); false when the edges make a cycle or there is no memory. */
MH_HIDDEN bool mh__graph_order(const mh_graph *graph, mh_graph_node **out);

/* The live graph or node a handle names; NULL or another value is hipErrorInvalidValue, the
   reason naming the argument `name`. Under the lock. */
MH_HIDDEN hipError_t mh__graph_get(mh_state *state, hipGraph_t graph, const char *name,
                                   mh_graph **out);
MH_HIDDEN hipError_t mh__graph_node_get(mh_state *state, hipGraphNode_t node, const char *name,
                                        mh_graph_node **out);

/* The count nodes handles names, checked as ihipGraphAddNode checks dependencies (live nodes of
   graph, none twice), into *out (malloc'd, NULL for none). Under the lock. */
MH_HIDDEN hipError_t mh__graph_deps(mh_state *state, mh_graph *graph, const hipGraphNode_t *handles,
                                    size_t count, mh_graph_node ***out);

/* A node's work freed (a kernel's closure and arguments too). */
MH_HIDDEN void mh__node_work_free(mh_node_work *work);

/* ---- the nodes of a capture (capture_nodes.c) ---- */

/* Captured work on stream, which captures: a node doing work after the stream's dependencies;
   on success the node owns the work, else it stays the caller's. Under the lock, either kind. */
MH_HIDDEN hipError_t mh__capture_add(mh_stream *stream, const mh_node_work *work);

/* A node for work that ran when it was captured (hipMallocAsync, hipFreeAsync) or has none
   here (an external event wait), typed after the calling entry point. */
MH_HIDDEN hipError_t mh__capture_add_node(mh_stream *stream);

/* to |= from. Under the write lock. */
MH_HIDDEN hipError_t mh__node_set_union(mh_node_set *to, const mh_node_set *from);
MH_HIDDEN void mh__node_set_free(mh_node_set *set);

/* The leaves a final node after the origin's work would leave: more than one
   means a joined stream's work was not joined back. */
MH_HIDDEN size_t mh__capture_loose_ends(const mh_capture *capture);

/* Marks the whole capture invalid (ROCm's InvalidateCapture). */
MH_HIDDEN void mh__capture_invalidate(mh_capture *capture);

/* Takes stream out of its capture: a member leaves it; the origin ends it, its
   members leaving with it. Under the write lock. */
MH_HIDDEN void mh__capture_leave(mh_state *state, mh_stream *stream);

/* Makes stream a member of capture (hipStreamWaitEvent on an event recorded in it). */
MH_HIDDEN void mh__capture_join(mh_capture *capture, mh_stream *stream);

/* Whether any capture is active on a stream that is not hipStreamNonBlocking
   (ROCm's StreamCaptureBlocking). */
MH_HIDDEN bool mh__capture_blocking(const mh_state *state);

#endif /* MH_RUNTIME_STREAMS_H */
