/*
 * launch.h: what the launch files share: a kernel's launch checked and run,
 * as a direct launch and a graph's kernel node do it (launch.c), and how a
 * launch whose kernel failed ends (launch_end.c). A graph's nodes added by
 * hand and its launch (graph_nodes.c, graph_exec.c) check and run copies and
 * kernels, so they live here, above copies/.
 */
#ifndef MH_RUNTIME_LAUNCH_H
#define MH_RUNTIME_LAUNCH_H

#include "diag/diag.h"
#include "runtime/devices/devices.h"

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

/* The live node a handle names (its argument's `name` in reasons), of `type`: else
   hipErrorInvalidValue. Under the lock. */
MH_HIDDEN hipError_t mh__graph_node_typed(mh_state *state, hipGraphNode_t node, const char *name,
                                          hipGraphNodeType type, mh_graph_node **out);

/* A kernel node's new work `to` keeps the attributes of the work it replaces, `from` (when
   both are kernels), as clr's SetParams leaves kernelAttr_ (kernel_node_attributes.c). */
MH_HIDDEN void mh__kernel_attrs_keep(mh_node_work *to, const mh_node_work *from);

/* A copy, in one block the caller frees, of the count values from[i] points to, each sizes[i]
   bytes, with its own pointer array (kernel_args.c). NULL: no memory. */
MH_HIDDEN void **mh__kernel_args_copy(void *const *from, const size_t *sizes, size_t count);

/* Runs a graph's kernel on device, as a launch does (a fault is the device's sticky error, not
   this call's). Under the write lock. */
MH_HIDDEN hipError_t mh__kernel_work_run(mh_state *state, const mh_kernel_work *work, int device);

/* ---- copies of graphs and nodes (graph_clone.c) ---- */

/* *to: a copy of from that owns what it points to; not for a child graph node's work. */
MH_HIDDEN hipError_t mh__node_work_copy(mh_node_work *to, const mh_node_work *from);

/* *out: a copy of graph, registered, its nodes knowing the nodes they copy, child graphs copied
   too. Under the write lock. */
MH_HIDDEN hipError_t mh__graph_clone(mh_state *state, const mh_graph *graph, mh_graph **out);

/* ---- a graph's nodes (graph_nodes.c) ---- */

/* The pointer checks every hipGraphAdd*Node makes first. */
MH_HIDDEN hipError_t mh__graph_add_check(hipGraphNode_t *out, hipGraph_t graph,
                                         const hipGraphNode_t *deps, size_t dep_count);

/* ihipGraphAddNode, under the write lock: work goes into graph after deps and gets its id. On
   failure the work stays the caller's. */
MH_HIDDEN hipError_t mh__graph_node_add(mh_state *state, hipGraphNode_t *out, hipGraph_t graph,
                                        const hipGraphNode_t *deps, size_t dep_count,
                                        const mh_node_work *work);

/* ---- the work a node's parameters make (graph_node_params.c) ---- */

/* Each checks its parameters as the node's add call does and fills *work (which the caller
   frees with mh__node_work_free); on a failure *work holds nothing to free. The memory ones
   run under the lock; the kernel one unlocked. */
MH_HIDDEN hipError_t mh__graph_kernel_work(const hipKernelNodeParams *params, mh_node_work *work);
MH_HIDDEN hipError_t mh__graph_memcpy_work(mh_state *state, const hipMemcpy3DParms *params,
                                           mh_node_work *work);
MH_HIDDEN hipError_t mh__graph_memcpy_1d_work(mh_state *state, void *dst, const void *src,
                                              size_t count, hipMemcpyKind kind, mh_node_work *work);
MH_HIDDEN hipError_t mh__graph_memset_work(mh_state *state, const hipMemsetParams *params,
                                           mh_node_work *work);
MH_HIDDEN hipError_t mh__graph_host_work(const hipHostNodeParams *params, mh_node_work *work);

/* *work in place of what node (of work's kind) does, in its graph or in exec's copy of it (the
   exec forms: a copy keeps its kind); on success *work is the node's, else it is freed. Under
   the write lock. */
MH_HIDDEN hipError_t mh__graph_node_set(mh_state *state, hipGraphNode_t node, mh_node_work *work);
MH_HIDDEN hipError_t mh__graph_exec_set(mh_state *state, hipGraphExec_t exec, hipGraphNode_t node,
                                        mh_node_work *work);

/* A node's parameters as its GetParams call answers them (hipKernelNodeParams,
   hipMemcpy3DParms, hipMemsetParams, hipHostNodeParams, or an event node's hipEvent_t). */
MH_HIDDEN void mh__graph_node_params(const mh_node_work *work, void *out);

/* ---- graph memory (graph_mem_nodes.c) ---- */

/* What a launch of exec does first for its alloc nodes' memory (clr GraphExec::Run): an
   AutoFreeOnLaunch exec frees what they still hold; any other is refused (hipErrorInvalidValue)
   while they hold some. Under the write lock. */
MH_HIDDEN hipError_t mh__graph_exec_mem_begin(mh_state *state, const mh_graph_exec *exec);
/* ---- execs (graph_exec.c) ---- */

/* ihipGraphInstantiate with flags (checked by the caller): *out, a registered exec of graph.
   Under the write lock. */
MH_HIDDEN hipError_t mh__graph_instantiate(mh_state *state, hipGraphExec_t *out, hipGraph_t graph,
                                           unsigned long long flags);
/* *out: an exec of g (handle names it in reasons) that is not registered, for its works;
   mh__graph_exec_discard frees it. */
MH_HIDDEN hipError_t mh__graph_exec_build(const mh_graph *g, hipGraph_t handle,
                                          mh_graph_exec **out);
MH_HIDDEN void mh__graph_exec_discard(mh_graph_exec *exec);

#endif /* MH_RUNTIME_LAUNCH_H */
