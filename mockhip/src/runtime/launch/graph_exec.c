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
#include "runtime/streams/streams.h"

/* ---- instantiate ---- */

static void exec_free(mh_graph_exec *exec) {
  for (size_t i = 0; i < exec->count; i++)
    mh__node_work_free(&exec->works[i]);
  free(exec->works);
  free(exec);
}

/* A node's work copied for the exec (a kernel's closure and arguments too, a captured 2D or 3D
   copy's description). */
static hipError_t node_work_copy(mh_node_work *to, const mh_node_work *from) {
  *to = *from;
  if (from->type == hipGraphNodeTypeMemcpy && from->u.copy.strided != NULL &&
      (to->u.copy.strided = mh__strided_clone(from->u.copy.strided)) == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for a copy node");
  if (from->type != hipGraphNodeTypeKernel)
    return hipSuccess;
  mh_kernel_work *k = &to->u.kernel;
  k->closure = NULL;
  k->pointers = NULL;
  if (from->u.kernel.pointer_count > 0) {
    k->pointers = malloc(from->u.kernel.pointer_count * sizeof *k->pointers);
    if (k->pointers == NULL)
      return mh__fail(hipErrorOutOfMemory, "no memory for a kernel node's arguments");
    memcpy(k->pointers, from->u.kernel.pointers,
           from->u.kernel.pointer_count * sizeof *k->pointers);
  }
  if (from->u.kernel.closure != NULL) {
    k->closure = from->u.kernel.clone(from->u.kernel.closure);
    if (k->closure == NULL) {
      free(k->pointers);
      k->pointers = NULL;
      return mh__fail(hipErrorOutOfMemory, "no memory for a kernel node's arguments");
    }
  }
  return hipSuccess;
}

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
  mh_graph_exec *exec = calloc(1, sizeof *exec);
  mh_graph_node **order = malloc((g->node_count + 1) * sizeof *order);
  if (exec == NULL || order == NULL ||
      (exec->works = calloc(g->node_count + 1, sizeof *exec->works)) == NULL) {
    free(exec);
    free(order);
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph exec");
  }
  if (!mh__graph_order(g, order))
    /* Graph::ScheduleNodes: TopologicalOrder failed. */
    err = mh__fail(hipErrorInvalidValue,
                   "graph %p has a cycle (hipGraphAddDependencies made one): its nodes have no "
                   "order to run in",
                   (void *)graph);
  for (size_t i = 0; err == hipSuccess && i < g->node_count; i++) {
    err = node_work_copy(&exec->works[i], &order[i]->work);
    if (err == hipSuccess)
      exec->count++;
  }
  free(order);
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

static const char *work_name(hipGraphNodeType type) {
  switch (type) {
  case hipGraphNodeTypeKernel: return "kernel";
  case hipGraphNodeTypeMemcpy: return "memcpy";
  case hipGraphNodeTypeMemset: return "memset";
  default: return "empty";
  }
}

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

/* One node's work, as the direct call does it (host work is run by the caller). */
static hipError_t run_work(mh_state *s, const mh_node_work *w) {
  switch (w->type) {
  case hipGraphNodeTypeMemcpy:
    if (w->u.copy.strided != NULL)
      return mh__strided_run(s, w->u.copy.strided);
    return mh__copy_run(s, w->u.copy.dst, w->device, w->u.copy.src, w->device, w->u.copy.bytes,
                        w->u.copy.kind);
  case hipGraphNodeTypeMemset: return mh__set_work_run(s, w);
  case hipGraphNodeTypeKernel: return mh__kernel_work_run(s, &w->u.kernel, w->device);
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
static hipError_t launch_run(mh_state *s, const mh_graph_exec *exec, size_t *next) {
  for (; *next < exec->count; ++*next) {
    const mh_node_work *w = &exec->works[*next];
    if (w->type == hipGraphNodeTypeHost)
      return hipSuccess;
    hipError_t err = run_work(s, w);
    if (err != hipSuccess) {
      char detail[512];
      snprintf(detail, sizeof detail, "%s", mockhip_last_reason());
      return mh__fail(err, "node %zu of %zu (%s) fails, and the launch stops there: %s", *next + 1,
                      exec->count, work_name(w->type), detail);
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
static hipError_t graph_run(mh_state *s, mh_graph_exec *exec, size_t next, hipStream_t stream) {
  mh__lock_write();
  hipError_t err = launch_run(s, exec, &next);
  mh__unlock();
  while (err == hipSuccess && next < exec->count) {
    mh_node_work host = exec->works[next++];
    mh__host_work_call(&host, stream, hipSuccess);
    mh__lock_write();
    err = launch_run(s, exec, &next);
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
    if (check_work(s, &exec->works[i]) != hipSuccess)
      return false;
  return true;
}

/* A queued launch the stream's thread has reached; its hold on the exec goes with the item. */
static hipError_t graph_queued(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  return graph_run(s, item->graph_exec, 0, item->stream);
}

static void graph_drop(mh_queued *item) {
  mh__lock_write();
  launch_end(item->graph_exec);
  mh__unlock();
}

/* Queues the launch of exec, held, on the stream a handle names. Under the write lock. */
static hipError_t graph_queue(mh_state *s, mh_graph_exec *exec, hipStream_t stream) {
  mh_queued item = {.run = graph_queued, .drop = graph_drop, .graph_exec = exec};
  return mh__queue_work(s, stream, &item, NULL);
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
    err = graph_run(s, exec, 0, stream);
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
