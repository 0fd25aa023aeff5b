/*
 * runtime.h: what the host runtime around VMM shares among its files: the
 * hipMalloc-family blocks, the checks before copies, streams, events, capture,
 * graphs and their nodes, and contexts. Its entry points stand on core/'s registry and
 * diag/'s call path; VMM memory is reached through core/'s lookups.
 */
#ifndef MH_RUNTIME_H
#define MH_RUNTIME_H

#include "diag/diag.h"

/* ---- hipMalloc-family blocks (blocks.c) ---- */

/*
 * Allocates a block of `bytes` (> 0) for the current device, made by the
 * calling entry point, and sets *out. Device memory is charged to the device;
 * host and managed memory to none, but one block of them may not exceed the
 * capacity either. hipErrorOutOfMemory with the reason recorded. Call under
 * the write lock.
 */
MH_HIDDEN hipError_t mh__block_alloc(mh_state *state, void **out, size_t bytes,
                                     mh_block_memory memory, unsigned flags);

/* Frees the block starting at ptr (NULL: nothing, hipSuccess); any other address is
   hipErrorInvalidValue, the reason naming the argument `what`. Call under the write lock. */
/* Frees the block at ptr. `host_call`: hipHostFree, which on a platform that keeps the kinds
   apart frees pinned host memory only, as hipFree frees the rest only. */
MH_HIDDEN hipError_t mh__block_free(mh_state *state, void *ptr, const char *what, bool host_call);

/* Frees every block made while device was current (hipDeviceReset). */
MH_HIDDEN void mh__blocks_reset(mh_state *state, int device);

/* ---- checks before copies (copy.c) ---- */

/*
 * Checks that [addr, addr+bytes) is device memory the device may use with the
 * access it needs (Read for a source, ReadWrite for a destination): inside one
 * hipMalloc block (the size it was asked for), or inside one reservation,
 * fully mapped with no hole.
 * Returns hipSuccess, or hipErrorInvalidValue with the reason recorded.
 * *is_device says whether addr lies in device memory at all.
 */
MH_HIDDEN hipError_t mh__check_device_range(mh_state *state, uintptr_t addr, size_t bytes,
                                            int device, hipMemAccessFlags need, bool *is_device);

/* The checks a copy makes before its bytes move (dst_device writes, src_device reads; kind a
   hipMemcpyKind, checked), and the copy itself: hipMemcpy*'s and a graph's memcpy node's.
   Under the lock. */
MH_HIDDEN hipError_t mh__copy_check(mh_state *state, void *dst, int dst_device, const void *src,
                                    int src_device, size_t bytes, int kind);
MH_HIDDEN hipError_t mh__copy_run(mh_state *state, void *dst, int dst_device, const void *src,
                                  int src_device, size_t bytes, int kind);

/* The checks a set of count units of `unit` bytes at dst by device makes: device memory it
   may write. Under the lock. */
MH_HIDDEN hipError_t mh__set_check(mh_state *state, void *dst, size_t count, size_t unit,
                                   int device);
/* One side of a copy, checked as mh__check_device_range checks it; `must_be_device` for the
   device side of an explicit kind (not device memory: hipErrorInvalidValue). Under the lock. */
MH_HIDDEN hipError_t mh__check_copy_side(mh_state *state, const void *ptr, size_t bytes, int device,
                                         hipMemAccessFlags need, bool must_be_device);

/* A captured 2D or 3D copy (copy_strided.c): a copy of its description for a graph's node, NULL
   without memory (free() frees it), and the copy run again as the direct call runs it, its
   checks included, by the current device. Under the lock. */
MH_HIDDEN void *mh__strided_clone(const void *copy);
MH_HIDDEN hipError_t mh__strided_run(mh_state *state, const void *copy);

/* ---- arrays (array.c) ---- */

/* The live array a hipArray_t names, or NULL. Under the lock, either kind. */
MH_HIDDEN mh_array *mh__array_get(mh_state *state, hipArray_const_t array);

/* Frees every array made while device was current (hipDeviceReset); under the write lock. */
MH_HIDDEN void mh__arrays_reset(mh_state *state, int device);

/* clr's CheckArrayFormat: x set, every other channel 0 or x's size, none after an empty one. */
MH_HIDDEN bool mh__channel_desc_well_formed(const hipChannelFormatDesc *desc);

/* ---- moving the bytes (copy_bytes.c); under the lock, after the checks ---- */

/* memmove of bytes from src to dst, device memory as the devices reach it. */
MH_HIDDEN hipError_t mh__move_bytes(mh_state *state, void *dst, const void *src, size_t bytes);

/* count units of `unit` bytes (1, 2 or 4) at dst set to value. */
MH_HIDDEN hipError_t mh__set_bytes(mh_state *state, void *dst, int value, size_t count,
                                   size_t unit);

/* ---- the device model's launch limits (device.c) ---- */

typedef struct mh_launch_limits {
  int warp_size;
  unsigned max_threads_per_block, max_block_dim;
  size_t shared_bytes; /* shared memory a block may have */
} mh_launch_limits;
MH_HIDDEN void mh__device_launch_limits(mh_launch_limits *out);

struct mh_launch;
struct mh_view;

/* After a launch ran: how it ends when its kernel failed, as the platform played ends it
   (launch_end.c): the process (abort) or the device's sticky error; and strict mode's word on
   a division by zero the kernel went on from. Under the write lock. */
MH_HIDDEN void mh__launch_end(mh_state *state, struct mh_launch *launch,
                              const struct mh_view *view);

/* ---- kernels (launch.c) ---- */

/* A launch's grid, block and shared memory against the limits: hipSuccess, or the error with
   its reason. */
MH_HIDDEN hipError_t mh__launch_check(const mh_launch_limits *limits, dim3 grid, dim3 block,
                                      size_t shared);

/* hipGraphAddKernelNode's kernel: the launch of function (a kernel whose argument types a typed
   launch taught) with the values args points to, checked and copied into *out, which the
   caller frees with mh__node_work_free. extra (a packed buffer) is refused. Call unlocked. */
MH_HIDDEN hipError_t mh__kernel_work_record(const void *function, dim3 grid, dim3 block,
                                            void **args, void **extra, size_t shared,
                                            mh_kernel_work *out);

/* Runs a graph's kernel on device, as a launch does (a fault is the device's sticky error, not
   this call's). Under the write lock. */
MH_HIDDEN hipError_t mh__kernel_work_run(mh_state *state, const mh_kernel_work *work, int device);
/* The row alignment of pitched memory (hipMallocPitch): the device's texture pitch alignment,
   as clr's ihipMallocPitch aligns to imagePitchAlignment_. */
MH_HIDDEN size_t mh__device_pitch_alignment(void);

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

/* ---- contexts and streams by device (context.c, stream.c, capture.c) ---- */

/* Marks device's primary context active, as hipSetDevice does in ROCm (context.c). */
MH_HIDDEN void mh__primary_context_activate(mh_state *state, int device);

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

/* ---- graphs (graph.c, graph_nodes.c) ---- */

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

/* A node's work copied (a kernel's closure and arguments too), and freed. */
MH_HIDDEN hipError_t mh__node_work_copy(mh_node_work *to, const mh_node_work *from);
MH_HIDDEN void mh__node_work_free(mh_node_work *work);

/* The checks hipGraphAddMemcpyNode1D and hipGraphAddMemsetNode make of their parameters, which
   captured copies and sets pass too (clr GraphMemcpyNode1D::ValidateParams,
   ihipGraphMemsetParams_validate, ihipMemset_validate). Under the lock. */
MH_HIDDEN hipError_t mh__memcpy_node_check(mh_state *state, void *dst, const void *src,
                                           size_t bytes, int kind, int device);
MH_HIDDEN hipError_t mh__memset_node_check(mh_state *state, const hipMemsetParams *params,
                                           int device);

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

/* ---- memory pools, as the rest of the runtime sees them (mempool.c) ---- */

/* How pools name a stream: its id, or for the null stream (NULL) the current device + 1. */
MH_HIDDEN uint64_t mh__stream_key(const mh_stream *stream);

/* clr Device::ReleaseFreedMemory: every pool of device gives back what its release threshold
   lets go (hipStreamSynchronize, hipDeviceSynchronize, a free of memory of no pool). */
/* Whether a pool of the device caches freed blocks: asked under the read lock, so that a
   synchronize with nothing to release takes no write lock. */
MH_HIDDEN bool mh__pools_hold_freed(mh_state *state, int device);
MH_HIDDEN void mh__pools_release_freed(mh_state *state, int device);

/* clr Device::RemoveStreamFromPools: a destroyed stream may reuse nothing any more. */
MH_HIDDEN void mh__pools_forget_stream(mh_state *state, uint64_t stream);

/* clr Device::AddSafeStream (hipStreamWaitEvent): wait_stream may reuse what event_stream
   freed before the event, in the pools of device that follow event dependencies. */
MH_HIDDEN void mh__pools_stream_waits(mh_state *state, int device, uint64_t event_stream,
                                      uint64_t wait_stream);

/* clr Device::Reset: every pool of device goes, with all its memory, busy or not. */
MH_HIDDEN void mh__pools_reset(mh_state *state, int device);

/* Frees the pool block holding ptr (an interior address frees it whole, as clr finds memory
   by containment) back to its pool, stream 0 being hipFree's; *was_pool false and hipSuccess
   when no pool block holds ptr. */
MH_HIDDEN hipError_t mh__pool_free_at(mh_state *state, const void *ptr, uint64_t stream,
                                      bool *was_pool);

#endif /* MH_RUNTIME_H */
