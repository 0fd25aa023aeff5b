/*
 * graph_exec.c: executable graphs: hipGraphInstantiate(WithFlags) copies a
 * graph's nodes into an exec, in the order a launch runs them; hipGraphLaunch
 * runs them; hipGraphExecDestroy frees the copy.
 *
 * A launch runs every node at the call, one after the other on the calling
 * thread, as stream work runs where streams are serial (where they run
 * asynchronously, the launch waits in the stream's queue and its nodes run so
 * on the stream's thread): in topological order, so each node
 * runs after the nodes it depends on. A node does what the direct call does
 * and checks what it checks, now: the memory of a copy or set (it may have
 * been unmapped or had its access changed since the node was made), a
 * kernel's launch under its device's view. The first node that fails stops
 * the launch, which returns that node's error: clr GraphExec::Run returns the
 * status of the node command it could not create (EnqueueSegment, from
 * node->CreateCommand). ihipMemcpyCommand does not ask a mapping's access
 * again, so on a GPU a copy whose memory lost the device's access since the
 * node was made faults, or lands; the mock refuses it with what the direct
 * copy answers for the release played (copy_access: hipErrorUnknown from 6.3,
 * ihipMemcpy_validate_memory; hipErrorInvalidValue before, and on NVIDIA).
 * A kernel's fault is no error of the launch: it makes the device's error
 * sticky, as a direct launch does, and the nodes after it do not run.
 *
 * Nodes made by hipMallocAsync, hipMallocFromPoolAsync and hipFreeAsync
 * during a capture did their work then (the pool allocated and freed at the
 * call, async_memory.c); a launch does nothing for them, nor for empty and
 * event-wait nodes. A host node runs outside the lock (hipGraphLaunch).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* ---- instantiate ---- */

static void exec_free(mh_graph_exec *exec) {
  for (size_t i = 0; i < exec->count; i++)
    mh__node_work_free(&exec->works[i]);
  free(exec->works);
  free(exec->node_ids);
  free(exec->owners);
  free(exec->enabled);
  free(exec->dep_counts);
  free(exec);
}

/* The works a launch of graph runs: one per node, a child graph's nodes besides. */
static size_t work_count(const mh_graph *g) {
  size_t n = g->node_count;
  for (size_t i = 0; i < g->node_count; i++)
    if (g->nodes[i]->work.type == hipGraphNodeTypeGraph)
      n += work_count(g->nodes[i]->work.u.child);
  return n;
}

/* Appends g's nodes to exec in the order a launch runs them, a child graph node's own nodes
   right after it (what runs after the child node runs after them all). owner: the node of the
   instantiated graph they belong to, 0 for its own. */
static hipError_t flatten(mh_graph_exec *exec, const mh_graph *g, uint64_t owner,
                          hipGraph_t handle) {
  mh_graph_node **order = malloc((g->node_count + 1) * sizeof *order);
  if (order == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph exec");
  hipError_t err = hipSuccess;
  if (!mh__graph_order(g, order)) /* Graph::ScheduleNodes: TopologicalOrder failed */
    err = mh__fail(hipErrorInvalidValue,
                   "graph %p has a cycle (hipGraphAddDependencies made one): its nodes have no "
                   "order to run in",
                   (void *)handle);
  for (size_t i = 0; err == hipSuccess && i < g->node_count; i++) {
    const mh_node_work *w = &order[i]->work;
    size_t at = exec->count;
    if (w->type == hipGraphNodeTypeGraph)
      exec->works[at] = (mh_node_work){.type = hipGraphNodeTypeGraph, .device = w->device};
    else if ((err = mh__node_work_copy(&exec->works[at], w)) != hipSuccess)
      break;
    exec->node_ids[at] = order[i]->id;
    exec->owners[at] = owner != 0 ? owner : order[i]->id;
    if (exec->dep_counts != NULL)
      exec->dep_counts[at] = order[i]->dep_count;
    exec->count++;
    if (w->type == hipGraphNodeTypeGraph)
      err = flatten(exec, w->u.child, exec->owners[at], handle);
  }
  free(order);
  return err;
}

hipError_t mh__graph_exec_build(const mh_graph *g, hipGraph_t handle, mh_graph_exec **out) {
  size_t count = work_count(g);
  mh_graph_exec *exec = calloc(1, sizeof *exec);
  if (exec == NULL || (exec->works = calloc(count + 1, sizeof *exec->works)) == NULL ||
      (exec->node_ids = calloc(count + 1, sizeof *exec->node_ids)) == NULL ||
      (exec->owners = calloc(count + 1, sizeof *exec->owners)) == NULL ||
      (exec->dep_counts = calloc(count + 1, sizeof *exec->dep_counts)) == NULL) {
    if (exec != NULL)
      exec_free(exec);
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph exec");
  }
  hipError_t err = flatten(exec, g, 0, handle);
  if (err != hipSuccess) {
    exec_free(exec);
    return err;
  }
  *out = exec;
  return hipSuccess;
}

void mh__graph_exec_discard(mh_graph_exec *exec) { exec_free(exec); }

/* ihipGraphInstantiate, under the write lock. */
static hipError_t instantiate(mh_state *s, hipGraphExec_t *out, hipGraph_t graph,
                              unsigned long long flags) {
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  if (err != hipSuccess)
    return err;
  /* A graph with memory nodes is instantiated once (clr ihipGraphInstantiate). */
  for (size_t i = 0; g->instantiated && i < g->node_count; i++)
    if (g->nodes[i]->work.type == HIPVMM_NODE_MEM_ALLOC ||
        g->nodes[i]->work.type == HIPVMM_NODE_MEM_FREE)
      return mh__fail(hipErrorNotSupported,
                      "graph %p holds a memory %s node and was instantiated already: such a "
                      "graph is instantiated once",
                      (void *)graph,
                      g->nodes[i]->work.type == HIPVMM_NODE_MEM_ALLOC ? "alloc" : "free");
  mh_graph_exec *exec;
  if ((err = mh__graph_exec_build(g, graph, &exec)) != hipSuccess)
    return err;
  exec->id = mh__new_id(s, MH_ID_GRAPH_EXEC);
  exec->site = mh__call_site();
  exec->flags = flags;
  exec->holders = 1; /* the registry */
  if (err == hipSuccess && mh__idmap_put(&s->graph_execs, exec->id, exec) != 0)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the graph exec registry");
  if (err != hipSuccess) {
    exec_free(exec);
    return err;
  }
  s->stats.live_graph_execs++;
  g->instantiated = true;
  *out = (hipGraphExec_t)(uintptr_t)exec->id;
  return hipSuccess;
}

hipError_t mh__graph_instantiate(mh_state *s, hipGraphExec_t *out, hipGraph_t graph,
                                 unsigned long long flags) {
  return instantiate(s, out, graph, flags);
}

MH_EXPORT hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                         hipGraphNode_t *pErrorNode, char *pLogBuffer,
                                         size_t bufferSize) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphInstantiate, MH_CALLER, &s);
  if (err == hipSuccess && (pGraphExec == NULL || graph == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", pGraphExec == NULL ? "pGraphExec" : "graph");
  if (err == hipSuccess) {
    mh__lock_write();
    err = instantiate(s, pGraphExec, graph, 0);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphInstantiate, err,
                   "%s, graph=%s, pErrorNode=%s, pLogBuffer=%s, bufferSize=%zu",
                   mh__d_out_graph_exec("pGraphExec", pGraphExec, err), mh__d_graph(graph),
                   mh__d_address(pErrorNode), mh__d_address(pLogBuffer), bufferSize);
}

MH_EXPORT hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                                  unsigned long long flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphInstantiateWithFlags, MH_CALLER, &s);
  if (err == hipSuccess && (pGraphExec == NULL || graph == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", pGraphExec == NULL ? "pGraphExec" : "graph");
  /* hipGraphInstantiateWithFlags: Upload and DeviceLaunch are hipGraphInstantiateWithParams'. */
  if (err == hipSuccess && flags != 0 && flags != HIPVMM_INSTANTIATE_AUTO_FREE_ON_LAUNCH &&
      flags != HIPVMM_INSTANTIATE_USE_NODE_PRIORITY)
    err = mh__fail(hipErrorInvalidValue,
                   "flags %#llx is not 0, hipGraphInstantiateFlagAutoFreeOnLaunch or "
                   "hipGraphInstantiateFlagUseNodePriority",
                   flags);
  if (err == hipSuccess) {
    mh__lock_write();
    err = instantiate(s, pGraphExec, graph, flags);
    mh__unlock();
    if (err != hipSuccess)
      *pGraphExec = NULL; /* ROCm writes what it has, no exec, even on a failure */
  }
  return mh__leave(MOCKHIP_CALL_hipGraphInstantiateWithFlags, err, "%s, graph=%s, flags=%s",
                   mh__d_out_graph_exec("pGraphExec", pGraphExec, err), mh__d_graph(graph),
                   mh__d_instantiate_flags(flags));
}

/* ---- launch ---- */

/* The checks a copy or set node makes before its bytes move, as its direct call's. Kernels and
   2D or 3D copies check when they run. */
static hipError_t check_work(mh_state *s, const mh_node_work *w) {
  if (w->type == hipGraphNodeTypeMemcpy && w->u.copy.strided == NULL)
    return mh__copy_check(s, w->u.copy.dst, w->device, w->u.copy.src, w->device, w->u.copy.bytes,
                          w->u.copy.kind);
  if (w->type == hipGraphNodeTypeMemset)
    return mh__set_work_check(s, w);
  return hipSuccess;
}

/* One node's work, as the direct call does it (host work is run by the caller). queued: the
   launch waited in the stream's queue, and its event records were made then. */
static hipError_t run_work(mh_state *s, const mh_node_work *w, hipStream_t stream, bool queued) {
  switch (w->type) {
  case hipGraphNodeTypeEventRecord:
    if (!queued)
      mh__event_node_record(s, stream, w->u.event_id, NULL);
    mh__event_node_ran(s, w->u.event_id);
    return hipSuccess;
  case hipGraphNodeTypeMemcpy:
    if (w->u.copy.strided != NULL)
      return mh__strided_run(s, w->u.copy.strided);
    return mh__copy_run(s, w->u.copy.dst, w->device, w->u.copy.src, w->device, w->u.copy.bytes,
                        w->u.copy.kind);
  case hipGraphNodeTypeMemset: return mh__set_work_run(s, w);
  case hipGraphNodeTypeKernel: return mh__kernel_work_run(s, &w->u.kernel, w->device);
  /* memory nodes added by hand (graph_mem_nodes.c); captured ones ran at capture */
  case HIPVMM_NODE_MEM_ALLOC:
    return w->u.graph_alloc != NULL ? mh__graph_alloc_back(s, w->u.graph_alloc, w->device)
                                    : hipSuccess;
  case HIPVMM_NODE_MEM_FREE:
    return w->u.graph_alloc != NULL ? mh__graph_alloc_free(s, w->u.graph_alloc) : hipSuccess;
  default: return hipSuccess; /* empty, event wait, and memory nodes that ran at capture */
  }
}

/* What the synchronisation checker learns of a launch of exec on stream: its copies' and sets'
   ranges, as one operation of the stream (its nodes are ordered among themselves). Kernels and
   2D or 3D copies inside a graph are not followed. */
static void note_touches(mh_state *s, const mh_graph_exec *exec, hipStream_t stream) {
  if (!mh__sync_check_on() || exec->count == 0)
    return;
  mh_sync_access *acc = calloc(2 * exec->count, sizeof *acc);
  if (acc == NULL)
    return;
  size_t n = 0;
  for (size_t i = 0; i < exec->count; i++) {
    const mh_node_work *w = &exec->works[i];
    if (exec->enabled != NULL && exec->enabled[i] == 0)
      continue;
    if (w->type == hipGraphNodeTypeMemcpy && w->u.copy.strided == NULL) {
      acc[n++] = (mh_sync_access){.addr = (uintptr_t)w->u.copy.src, .bytes = w->u.copy.bytes};
      acc[n++] = (mh_sync_access){
          .addr = (uintptr_t)w->u.copy.dst, .bytes = w->u.copy.bytes, .writes = true};
    } else if (w->type == hipGraphNodeTypeMemset && w->u.set.height > 0) {
      acc[n++] = (mh_sync_access){
          .addr = (uintptr_t)w->u.set.dst, .bytes = mh__set_work_span(w), .writes = true};
    }
  }
  mh__sync_work_on(s, stream, acc, n);
  free(acc);
}

/* hipGraphLaunch_common, under the write lock: the exec, held for the launch, and the stream. */
static hipError_t launch_begin(mh_state *s, hipGraphExec_t graph_exec, hipStream_t stream,
                               mh_graph_exec **out) {
  if (graph_exec == NULL)
    return mh__fail(hipErrorInvalidValue, "graphExec is NULL");
  mh_graph_exec *exec = mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)graph_exec);
  if (exec == NULL) /* GraphExec::isGraphExecValid */
    return mh__fail(hipErrorInvalidValue, "graphExec %p is not a live graph exec",
                    (void *)graph_exec);
  mh_stream *on;
  hipError_t err = mh__stream_get(s, stream, &on);
  for (size_t i = 0; err == hipSuccess && i < exec->count; i++)
    if (exec->works[i].type == hipGraphNodeTypeWaitEvent)
      err = mh__event_node_wait(s, stream, exec->works[i].u.event_id);
  if (err == hipSuccess)
    err = mh__graph_exec_mem_begin(s, exec);
  if (err == hipSuccess) {
    exec->holders++;
    *out = exec;
    note_touches(s, exec, stream);
  }
  return err;
}

/*
 * Runs the exec's nodes from *next under the write lock, a kernel node as a launch does, up to
 * a host node, which it leaves at *next for the caller to run outside the lock (host code may
 * call HIP), or to the end (*next == count). No STREAM_CAPTURE in hipGraphLaunch: on a
 * capturing stream the graph runs, uncaptured.
 */
static hipError_t launch_run(mh_state *s, const mh_graph_exec *exec, size_t *next,
                             hipStream_t stream, bool queued) {
  for (; *next < exec->count; ++*next) {
    const mh_node_work *w = &exec->works[*next];
    if (w->type == hipGraphNodeTypeHost)
      return hipSuccess;
    if (exec->enabled != NULL && exec->enabled[*next] == 0)
      continue; /* hipGraphNodeSetEnabled: clr enqueues a marker in its place */
    hipError_t err = run_work(s, w, stream, queued);
    if (err != hipSuccess) {
      char detail[512];
      snprintf(detail, sizeof detail, "%s", mockhip_last_reason());
      return mh__fail(err, "node %zu of %zu (%s) fails, and the launch stops there: %s", *next + 1,
                      exec->count, mh__node_kind(w->type), detail);
    }
    if (w->type == hipGraphNodeTypeKernel &&
        atomic_load(&s->sticky_error[w->device]) != hipSuccess) {
      *next = exec->count; /* the device faulted: its later work does not run */
      return hipSuccess;
    }
  }
  return hipSuccess;
}

/* The launch lets go of the exec; the last holder of a destroyed one frees it. */
static void launch_end(mh_graph_exec *exec) {
  if (--exec->holders == 0)
    exec_free(exec);
}

/* Runs exec's nodes from next, which the caller holds, with no lock held: host nodes outside
   the lock (host code may call HIP), the rest under it. A host node runs fn(userData), or
   callback(stream, hipSuccess, userData) for a captured hipStreamAddCallback. */
static hipError_t graph_run(mh_state *s, mh_graph_exec *exec, size_t next, hipStream_t stream,
                            bool queued) {
  mh__lock_write();
  hipError_t err = launch_run(s, exec, &next, stream, queued);
  mh__unlock();
  while (err == hipSuccess && next < exec->count) {
    mh_node_work host = exec->works[next++];
    mh__host_work_call(&host, stream, hipSuccess);
    mh__lock_write();
    err = launch_run(s, exec, &next, stream, queued);
    mh__unlock();
  }
  return err;
}

/* Whether every copy and set node would pass its checks now. Where streams run asynchronously
   a launch is queued only then; one that a node would fail runs at the call instead, after the
   stream's queued work, so that it fails as the serial run does, at the call, with the nodes
   before the failing one run (ROCm builds each node's command when hipGraphLaunch is called). */
static bool nodes_would_pass(mh_state *s, const mh_graph_exec *exec) {
  for (size_t i = 0; i < exec->count; i++)
    if ((exec->enabled == NULL || exec->enabled[i] != 0) &&
        check_work(s, &exec->works[i]) != hipSuccess)
      return false;
  return true;
}

/* A queued launch the stream's thread has reached; its hold on the exec goes with the item. */
static hipError_t graph_queued(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  return graph_run(s, item->graph_exec, 0, item->stream, true);
}

static void graph_drop(mh_queued *item) {
  mh__lock_write();
  launch_end(item->graph_exec);
  mh__unlock();
}

/* Queues the launch of exec, held, on the stream a handle names; its event record nodes
   record their events there. Under the write lock. */
static hipError_t graph_queue(mh_state *s, mh_graph_exec *exec, hipStream_t stream) {
  mh_queued item = {.run = graph_queued, .drop = graph_drop, .graph_exec = exec};
  mh_ticket ticket = {0};
  hipError_t err = mh__queue_work(s, stream, &item, &ticket);
  for (size_t i = 0; err == hipSuccess && i < exec->count; i++)
    if (exec->works[i].type == hipGraphNodeTypeEventRecord)
      mh__event_node_record(s, stream, exec->works[i].u.event_id, &ticket);
  mh__ticket_release(&ticket);
  return err;
}

MH_EXPORT hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphLaunch, MH_CALLER, &s);
  mh_graph_exec *exec = NULL;
  bool queued = false;
  if (err == hipSuccess) {
    mh__lock_write();
    err = launch_begin(s, graphExec, stream, &exec);
    if (err == hipSuccess && mh__streams_async(s) && nodes_would_pass(s, exec))
      queued = (err = graph_queue(s, exec, stream)) == hipSuccess;
    mh__unlock();
  }
  if (err == hipSuccess && !queued && mh__streams_async(s))
    err = mh__queue_fence(s, stream);
  /* The exec stays held, so hipGraphExecDestroy from host code frees it only when this
     launch ends. */
  if (err == hipSuccess && !queued)
    err = graph_run(s, exec, 0, stream, false);
  if (exec != NULL && !queued) {
    mh__lock_write();
    launch_end(exec);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphLaunch, err, "graphExec=%s, stream=%s",
                   mh__d_graph_exec(graphExec), mh__d_stream(stream));
}

/*
 * An exec destroyed while a launch of it runs (from its host code, or another thread's) answers
 * hipSuccess in every clr release, and the launch ends as if it had not been: rocm-5.7.0 to
 * 6.1.x `delete ge` at once (hip_graph.cpp), freeing what the launch's later commands may still
 * read; rocm-6.2.0 marks a launched exec in GraphExecStatus_ and releases it at its stream's
 * next synchronisation (ReleaseGraphExec, hip_graph_internal.cpp); from amd-staging f9f995c6d
 * (SWDEV-480209) GraphExec::Run retains the exec and a marker's completion callback
 * (DecrementRefCount) releases it, while hipGraphExecDestroy calls ge->release(). The mock does
 * the last: the launch's hold keeps the exec until the launch ends.
 */
MH_EXPORT hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecDestroy, MH_CALLER, &s);
  if (err == hipSuccess && graphExec == NULL)
    err = mh__fail(hipErrorInvalidValue, "graphExec is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph_exec *exec = mh__idmap_del(&s->graph_execs, (uint64_t)(uintptr_t)graphExec);
    if (exec == NULL) {
      /* ROCm releases what it is given; the mock refuses what is no exec. */
      err = mh__fail(hipErrorInvalidValue, "graphExec %p is not a live graph exec",
                     (void *)graphExec);
    } else {
      s->stats.live_graph_execs--;
      launch_end(exec); /* the registry's hold; a launch running host code may hold it too */
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecDestroy, err, "graphExec=%s",
                   mh__d_graph_exec(graphExec));
}

/* ---- a child graph node of an exec, given another graph ---- */

/* Whether two graphs' nodes have the same kinds in the order a launch runs them (clr
   hipGraphExecChildGraphNodeSetParams: else hipErrorUnknown). */
static bool same_shape(const mh_graph *a, const mh_graph *b) {
  if (a->node_count != b->node_count)
    return false;
  mh_graph_node **x = malloc((a->node_count + 1) * sizeof *x);
  mh_graph_node **y = malloc((b->node_count + 1) * sizeof *y);
  bool same = x != NULL && y != NULL && mh__graph_order(a, x) && mh__graph_order(b, y);
  for (size_t i = 0; same && i < a->node_count; i++)
    same = x[i]->work.type == y[i]->work.type;
  free(x);
  free(y);
  return same;
}

/* Under the write lock: the exec's copy of child node `node` runs child's nodes from now. */
static hipError_t exec_child_set(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                                 hipGraph_t child) {
  mh_graph_exec *e =
      exec != NULL ? mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)exec) : NULL;
  if (e == NULL)
    return mh__fail(hipErrorInvalidValue, "hGraphExec %p is not a live graph exec", (void *)exec);
  mh_graph_node *n;
  mh_graph *g;
  hipError_t err = mh__graph_node_get(s, node, "node", &n);
  if (err == hipSuccess)
    err = mh__graph_get(s, child, "childGraph", &g);
  if (err != hipSuccess)
    return err;
  if (n->work.type != hipGraphNodeTypeGraph)
    return mh__fail(hipErrorInvalidValue, "node %p is not a child graph node", (void *)node);
  if (g == n->graph)
    return mh__fail(hipErrorUnknown, "childGraph is the graph node is in");
  if (!same_shape(n->work.u.child, g))
    return mh__fail(hipErrorUnknown,
                    "childGraph's nodes are not of the kinds of the node's graph, in the same "
                    "order: an exec's child graph keeps its shape");
  size_t at = 0;
  while (at < e->count && e->node_ids[at] != n->id)
    at++;
  if (at == e->count)
    return mh__fail(hipErrorInvalidValue, "node %p has no copy in hGraphExec %p", (void *)node,
                    (void *)exec);
  size_t old = 0;
  while (at + 1 + old < e->count && e->owners[at + 1 + old] == e->owners[at])
    old++;
  size_t count = work_count(g);
  mh_graph_exec fresh = {0};
  if ((fresh.works = calloc(count + 1, sizeof *fresh.works)) == NULL ||
      (fresh.node_ids = calloc(count + 1, sizeof *fresh.node_ids)) == NULL ||
      (fresh.owners = calloc(count + 1, sizeof *fresh.owners)) == NULL)
    err = mh__fail(hipErrorOutOfMemory, "no memory for the exec's child graph");
  if (err == hipSuccess)
    err = flatten(&fresh, g, e->owners[at], child);
  if (err == hipSuccess && fresh.count != old)
    err = mh__fail(hipErrorUnknown, "childGraph's child graphs are not of the node's shape");
  for (size_t i = 0; err == hipSuccess && i < old; i++) {
    mh__node_work_free(&e->works[at + 1 + i]);
    e->works[at + 1 + i] = fresh.works[i];
    e->node_ids[at + 1 + i] = fresh.node_ids[i];
    fresh.works[i] = (mh_node_work){.type = hipGraphNodeTypeEmpty};
  }
  for (size_t i = 0; i < fresh.count; i++)
    mh__node_work_free(&fresh.works[i]);
  free(fresh.works);
  free(fresh.node_ids);
  free(fresh.owners);
  return err;
}

MH_EXPORT hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t node,
                                                         hipGraph_t childGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecChildGraphNodeSetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = exec_child_set(s, hGraphExec, node, childGraph);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecChildGraphNodeSetParams, err,
                   "hGraphExec=%s, node=%s, childGraph=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(node), mh__d_graph(childGraph));
}
