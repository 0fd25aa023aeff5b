/*
 * streams.h: streams, events and capture, and the graphs a capture fills: what the rooms
 * above share of them (stream.c, event.c, capture.c, capture_nodes.c, graph.c; host_work.c
 * queues host work through them). Work queued on a stream runs at the call unless the stream
 * captures, or streams run asynchronously (queue.c: the stream's queue and runtime thread);
 * the capture rules every entry point checks first are here. A graph's nodes are
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
/* Makes a stream of the current device (stream.c's checks of flags); under the write lock. */
MH_HIDDEN hipError_t mh__stream_create(mh_state *state, hipStream_t *out, unsigned flags,
                                       int priority);

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

/* ---- stream queues (queue.c): work that waits when streams run asynchronously ---- */

/* Whether work queued on a stream runs on the stream's runtime thread (MOCKHIP_STREAMS=async)
   rather than at the call (serial, the default). */
MH_HIDDEN bool mh__streams_async(const mh_state *state);

/* From now on, for the rest of the process, streams run asynchronously: a stream that must
   wait for what the host does later (hipStreamWaitValue32 on a word not yet written) cannot
   run at the call. Work that ran at the call so far is done. Under the write lock. */
MH_HIDDEN void mh__streams_go_async(mh_state *state);

/*
 * One piece of queued work. run does it on the stream's thread, with no lock held (it takes
 * the state's lock as the direct call would); earlier is the first error of the stream's
 * earlier work not yet reported (a callback's status). drop, if any, frees what the item owns,
 * after it ran or instead. The rest is run's to use.
 */
typedef struct mh_queued mh_queued;
struct mh_queued {
  mh_queued *next;
  hipError_t (*run)(mh_state *state, mh_queued *item, hipError_t earlier); /* NULL: a wait */
  void (*drop)(mh_queued *item);
  mh_queue *queue; /* where it was queued, and its ticket there */
  uint64_t ticket;
  mh_queue *wait_queue; /* a wait: until wait_ticket of wait_queue has run */
  uint64_t wait_ticket;
  hipStream_t stream; /* the handle the work was queued with */
  int device;         /* the device the work is for; a copy's that writes */
  int src_device;     /* a copy: the device that reads */
  mh_node_work work;
  uint64_t event_id; /* an event record */
  void *graph_exec;  /* a graph launch */
};

/* Queues item (calloc'd) on stream, NULL for device's null stream, after the legacy null
   stream's implicit waits; on success the item is the queue's, and *ticket (if not NULL) is
   its place, to wait for. Under the state lock or not. */
MH_HIDDEN hipError_t mh__queue_push(mh_stream *stream, int device, mh_queued *item,
                                    mh_ticket *ticket);

/* mh__queue_push of a copy of work, its stream the one a handle names (`stream` set to it),
   on that stream's device; on failure nothing is queued and what work holds stays the
   caller's. Under the state lock. */
MH_HIDDEN hipError_t mh__queue_work(mh_state *state, hipStream_t stream, const mh_queued *work,
                                    mh_ticket *ticket);

/* Runs host work w (hipLaunchHostFunc's fn, or hipStreamAddCallback's callback, given stream
   and status), outside the lock, as its stream's own work: the synchronisation checker does
   not take its touches for the host's (host_work.c). */
MH_HIDDEN void mh__host_work_call(const mh_node_work *w, hipStream_t stream, hipError_t status);

/* stream's next work (NULL: device's null stream) waits until `until` has run
   (hipStreamWaitEvent); nothing when it has. Under the state lock or not. */
MH_HIDDEN hipError_t mh__queue_push_wait(mh_stream *stream, int device, const mh_ticket *until);

/* How many queues one synchronise waits for at most at a time. */
#define MH_QUEUE_TARGETS 64

/* What a synchronise now waits for: stream's queue; for NULL, the null stream of device and
   every blocking stream's of it (the legacy null stream); with whole_device, every queue of
   device. Writes at most MH_QUEUE_TARGETS tickets, which mh__queue_wait or
   mh__ticket_release lets go. Under the state lock (stream must stay) or not. */
MH_HIDDEN size_t mh__queue_targets(mh_stream *stream, int device, bool whole_device,
                                   mh_ticket *out);

/* Waits for the tickets, with no lock held; answers the first error the queued work met,
   its reason kept, once. */
MH_HIDDEN hipError_t mh__queue_wait(mh_ticket *tickets, size_t count);

/* Whether the ticket's work has run (a ticket of no queue has). */
MH_HIDDEN bool mh__ticket_done(const mh_ticket *ticket);
MH_HIDDEN void mh__ticket_release(mh_ticket *ticket);

/* *to holds from's place too (nothing when it has run), for a wait with no lock held. */
MH_HIDDEN void mh__ticket_copy(const mh_ticket *from, mh_ticket *to);

/* stream is going: its thread ends once its queue has run. */
MH_HIDDEN void mh__queue_close(mh_stream *stream);

/* Waits, with no lock held, for what a synchronous call on the legacy null stream waits for
   (whole_device false) or hipDeviceSynchronize (true), on device; -1: on every device. */
MH_HIDDEN hipError_t mh__queue_sync_device(int device, bool whole_device);

/* Waits, with no lock held, for every queue of device (-1: of every device) to run what it
   holds now; what failed there is left for the next synchronise to answer. */
MH_HIDDEN void mh__queue_drain(int device);

/* Waits, with no lock held, for the work queued so far on the stream a handle names (its
   legacy waits too): what a call that runs at once, in stream order, waits for first. */
MH_HIDDEN hipError_t mh__queue_fence(mh_state *state, hipStream_t stream);

/* ---- the synchronisation checker's view of a stream handle (stream.c) ---- */

/* mh__sync_work, mh__sync_host_waits, mh__sync_record and mh__sync_stream_waits (diag.h) on
   the stream a handle names, and its device; nothing for a handle that names none, or where
   the checker is off. Under the state lock (none needed for NULL). */
MH_HIDDEN void mh__sync_work_on(mh_state *state, hipStream_t stream, const mh_sync_access *acc,
                                size_t count);
MH_HIDDEN void mh__sync_host_waits_on(mh_state *state, hipStream_t stream);
MH_HIDDEN void mh__sync_record_on(mh_state *state, mh_event *event, hipStream_t stream);
MH_HIDDEN void mh__sync_stream_waits_on(mh_state *state, hipStream_t stream, const mh_event *event);

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

/* A node kind as a reason names it: "kernel", "memcpy", "event record", ... */
MH_HIDDEN const char *mh__node_kind(hipGraphNodeType type);

/* A node's work freed (a kernel's closure and arguments too). */
MH_HIDDEN void mh__node_work_free(mh_node_work *work);

/* A registered graph taken out of the registry (no longer live) and freed. Under the write
   lock; NULL: nothing. */
MH_HIDDEN void mh__graph_unregister(mh_state *state, mh_graph *graph);

/* Makes `to` run after `from`: the caller has checked that no such edge exists yet. */
MH_HIDDEN hipError_t mh__graph_link(mh_graph_node *from, mh_graph_node *to);

/* How hipGraphGetNodes and its kin fill an array: nodes NULL asks for the count; a shorter
   array gets the first *count; a longer one gets all, NULL after them, and *count becomes the
   number there are. */
MH_HIDDEN void mh__graph_fill_nodes(mh_graph_node *const *found, size_t found_count,
                                    hipGraphNode_t *nodes, size_t *count);

/* The pair from[i] -> to[i] of a call that names edges of g: both live nodes of g. Under the
   lock. */
MH_HIDDEN hipError_t mh__graph_pair(mh_state *state, const mh_graph *g, const hipGraphNode_t *from,
                                    const hipGraphNode_t *to, size_t i, mh_graph_node **a,
                                    mh_graph_node **b);

/* A node freed, its id out of the registry (its graph and edges as they were). */
MH_HIDDEN void mh__graph_node_free(mh_state *state, mh_graph_node *node);

/* ---- user objects (user_objects.c) ---- */

/* The references g holds released, as its destruction releases them. Under the write lock. */
MH_HIDDEN void mh__graph_user_objects_release(mh_state *state, mh_graph *g);

/* One reference of each object `from` holds, for its clone `to`. Under the write lock. */
MH_HIDDEN hipError_t mh__graph_user_objects_clone(mh_state *state, const mh_graph *from,
                                                  mh_graph *to);

/* Runs the destructors of the user objects whose last reference went. Call unlocked. */
MH_HIDDEN void mh__user_objects_run(mh_state *state);

/* Takes node out of its graph, with its edges, and frees it. Under the write lock. */
MH_HIDDEN void mh__graph_remove(mh_state *state, mh_graph_node *node);

/* ---- a graph's event nodes (event_nodes.c); under the write lock ---- */

/* The live event a handle names, as a node keeps it: NULL or another value is
   hipErrorInvalidValue, the reason naming the argument `name`. */
MH_HIDDEN hipError_t mh__event_find(mh_state *state, hipEvent_t event, const char *name,
                                    uint64_t *id);

/* hipGraphLaunch on stream, for a wait node: the launch waits for the event's last record. */
MH_HIDDEN hipError_t mh__event_node_wait(mh_state *state, hipStream_t stream, uint64_t event_id);

/* hipGraphLaunch on stream, for a record node: the event is recorded there, pending until
   `pending` has run (NULL: the launch runs at the call). */
MH_HIDDEN void mh__event_node_record(mh_state *state, hipStream_t stream, uint64_t event_id,
                                     const mh_ticket *pending);

/* A record node ran: the event's time. */
MH_HIDDEN void mh__event_node_ran(mh_state *state, uint64_t event_id);

/* ---- the nodes of a capture (capture_nodes.c) ---- */

/* Captured work on stream, which captures: a node doing work after the stream's dependencies;
   on success the node owns the work, else it stays the caller's. Under the lock, either kind. */
MH_HIDDEN hipError_t mh__capture_add(mh_stream *stream, const mh_node_work *work);

/* A node for work that ran when it was captured (hipMallocAsync, hipFreeAsync) or has none
   here (an external event wait), typed after the calling entry point. */
MH_HIDDEN hipError_t mh__capture_add_node(mh_stream *stream);

/* to |= from. Under the write lock. */
MH_HIDDEN hipError_t mh__node_set_union(mh_node_set *to, const mh_node_set *from);
/* hipStreamBeginCapture_common: a capture begun on stream in mode, into `into` (a live graph of
   the program's, hipStreamBeginCaptureToGraph) or, NULL, a new graph. Under the write lock. */
MH_HIDDEN hipError_t mh__capture_begin(mh_state *state, hipStream_t stream, int mode,
                                       mh_graph *into);

/* Whether set holds node; set gains node (once). */
MH_HIDDEN bool mh__node_set_has(const mh_node_set *set, uint32_t node);
MH_HIDDEN hipError_t mh__node_set_add(mh_node_set *set, uint32_t node);
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

/* ---- graph memory (graph_memory.c) ----
 * The allocation of a memory alloc node added by hand (hipGraphAddMemAllocNode), as clr's
 * GraphMemAllocNode keeps it: address space reserved when the node is made, backed by the
 * device's memory when a launch runs the node, given back by a free node, hipFree, hipFreeAsync
 * or an AutoFreeOnLaunch exec's next launch. The alloc node, the free node that names it and
 * their copies in execs hold it; it goes when none does and it is not backed. Everything here
 * runs under the write lock unless its comment says otherwise. */
typedef struct mh_graph_alloc {
  hipMemAllocNodeParams params; /* as given, dptr set: what GetParams answers */
  int device;                   /* poolProps.location.id: charged, and the one with access */
  size_t bytes;                 /* bytesize rounded up to the granularity, as clr maps it */
  unsigned refs;                /* nodes and their exec copies */
  bool free_node;               /* a free node names it: a second may not (clr memAllocNodePtrs_) */
  mh_region *reservation;
  mh_phys *phys; /* NULL: not backed */
  mh_mapping *mapping;
  struct mh_graph_alloc *prev, *next; /* state->graph_allocs */
} mh_graph_alloc;

/* A new allocation for params (checked), its address reserved, held once. */
MH_HIDDEN hipError_t mh__graph_alloc_new(mh_state *state, const hipMemAllocNodeParams *params,
                                         mh_graph_alloc **out);
MH_HIDDEN void mh__graph_alloc_retain(mh_graph_alloc *alloc);
/* Lets go of one hold; the last one frees the allocation unless it is backed (the program
   frees that memory: hipFree). */
MH_HIDDEN void mh__graph_alloc_release(mh_state *state, mh_graph_alloc *alloc);

/* The alloc node's launch: the reserved range backed by the device's memory, read-write to it
   and to `runs_on` (the device the node's work is for). hipErrorOutOfMemory (the device is
   full), hipErrorInvalidValue (backed already). */
MH_HIDDEN hipError_t mh__graph_alloc_back(mh_state *state, mh_graph_alloc *alloc, int runs_on);
/* The free node's launch, hipFree's: the memory back to the device, the address kept.
   hipErrorInvalidValue when it is not backed. */
MH_HIDDEN hipError_t mh__graph_alloc_free(mh_state *state, mh_graph_alloc *alloc);

/* The allocation whose address (dptr) is ptr, or NULL. */
MH_HIDDEN mh_graph_alloc *mh__graph_alloc_at(mh_state *state, const void *ptr);
/* Whether [addr, addr + bytes) lies in an allocation not backed now: a node made before the
   launch that backs it may name it (clr keeps its address in MemObjMap from the node on). */
MH_HIDDEN bool mh__graph_mem_unbacked(mh_state *state, const void *addr, size_t bytes);
/* hipFree's and hipFreeAsync's: frees the graph memory at ptr; *was_graph false when ptr is
   no allocation's address. */
MH_HIDDEN hipError_t mh__graph_mem_free_at(mh_state *state, void *ptr, const char *what,
                                           bool *was_graph);

#endif /* MH_RUNTIME_STREAMS_H */
