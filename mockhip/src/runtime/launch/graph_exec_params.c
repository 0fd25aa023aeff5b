/*
 * graph_exec_params.c: an exec's copy of a node changed:
 * hipGraphExec{Kernel,Memcpy,Memset,Host}NodeSetParams,
 * hipGraphExecMemcpyNodeSetParams1D and hipGraphExecEvent{Record,Wait}NodeSetEvent.
 * The graph's own node stays as it was (clr GraphExec::GetClonedNode: the exec's
 * clone is changed). A node the exec has no copy of (added after it was made)
 * is hipErrorInvalidValue, as are a copy's new parameters of another kind
 * (clr: the memcpy kind may not change). The new work is what the next launch
 * runs, and a launch queued before the call that has not run yet.
 */
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* The exec's copy of node, of type. Under the lock. */
static hipError_t exec_work(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                            hipGraphNodeType type, mh_node_work **out) {
  if (exec == NULL)
    return mh__fail(hipErrorInvalidValue, "hGraphExec is NULL");
  mh_graph_exec *e = mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)exec);
  if (e == NULL)
    return mh__fail(hipErrorInvalidValue, "hGraphExec %p is not a live graph exec", (void *)exec);
  mh_graph_node *n;
  hipError_t err = mh__graph_node_get(s, node, "node", &n);
  if (err != hipSuccess)
    return err;
  for (size_t i = 0; i < e->count; i++)
    if (e->node_ids[i] == n->id) {
      if (e->works[i].type != type)
        return mh__fail(hipErrorInvalidValue, "node %p is a %s node, not a %s node", (void *)node,
                        mh__node_kind(e->works[i].type), mh__node_kind(type));
      *out = &e->works[i];
      return hipSuccess;
    }
  return mh__fail(hipErrorInvalidValue,
                  "node %p has no copy in hGraphExec %p: it was added after the exec was made, "
                  "or to another graph",
                  (void *)node, (void *)exec);
}

/* Puts *work in place of the exec's copy of node; *work is the exec's on success, else freed.
   Under the write lock. */
static hipError_t exec_set(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                           hipGraphNodeType type, mh_node_work *work) {
  mh_node_work *w;
  hipError_t err = exec_work(s, exec, node, type, &w);
  if (err == hipSuccess && type == hipGraphNodeTypeMemcpy && w->u.copy.kind != work->u.copy.kind)
    err =
        mh__fail(hipErrorInvalidValue, "the copy's kind was %s: an exec's copy node keeps its kind",
                 mh__d_memcpy_kind(w->u.copy.kind));
  if (err != hipSuccess) {
    mh__node_work_free(work);
    return err;
  }
  mh__kernel_attrs_keep(work, w);
  mh__node_work_free(w);
  *w = *work;
  return hipSuccess;
}

hipError_t mh__graph_exec_set(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                              mh_node_work *work) {
  return exec_set(s, exec, node, work->type, work);
}

MH_EXPORT hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     const hipKernelNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecKernelNodeSetParams, MH_CALLER, &s);
  mh_node_work work;
  if (err == hipSuccess && (err = mh__graph_kernel_work(pNodeParams, &work)) == hipSuccess) {
    mh__lock_write();
    err = exec_set(s, hGraphExec, node, hipGraphNodeTypeKernel, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecKernelNodeSetParams, err,
                   "hGraphExec=%s, node=%s, pNodeParams=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(node), mh__d_kernel_node_params(pNodeParams));
}

MH_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     hipMemcpy3DParms *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work, *w;
    mh__lock_write();
    err = exec_work(s, hGraphExec, node, hipGraphNodeTypeMemcpy, &w);
    if (err == hipSuccess && (err = mh__graph_memcpy_work(s, pNodeParams, &work)) == hipSuccess)
      err = exec_set(s, hGraphExec, node, hipGraphNodeTypeMemcpy, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParams, err,
                   "hGraphExec=%s, node=%s, pNodeParams=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(node), mh__d_memcpy_3d(pNodeParams));
}

MH_EXPORT hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t node, void *dst,
                                                       const void *src, size_t count,
                                                       hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParams1D, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work, *w;
    mh__lock_write();
    err = exec_work(s, hGraphExec, node, hipGraphNodeTypeMemcpy, &w);
    if (err == hipSuccess &&
        (err = mh__graph_memcpy_1d_work(s, dst, src, count, kind, &work)) == hipSuccess)
      err = exec_set(s, hGraphExec, node, hipGraphNodeTypeMemcpy, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParams1D, err,
                   "hGraphExec=%s, node=%s, dst=%s, src=%s, count=%s, kind=%s",
                   mh__d_graph_exec(hGraphExec), mh__d_graph_node(node), mh__d_ptr(dst),
                   mh__d_ptr(src), mh__d_bytes(count), mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                     const hipMemsetParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecMemsetNodeSetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work, *w;
    mh__lock_write();
    err = exec_work(s, hGraphExec, node, hipGraphNodeTypeMemset, &w);
    if (err == hipSuccess && (err = mh__graph_memset_work(s, pNodeParams, &work)) == hipSuccess)
      err = exec_set(s, hGraphExec, node, hipGraphNodeTypeMemset, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecMemsetNodeSetParams, err,
                   "hGraphExec=%s, node=%s, pNodeParams=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(node), mh__d_memset_params(pNodeParams));
}

MH_EXPORT hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                   const hipHostNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecHostNodeSetParams, MH_CALLER, &s);
  mh_node_work work;
  if (err == hipSuccess && (err = mh__graph_host_work(pNodeParams, &work)) == hipSuccess) {
    mh__lock_write();
    err = exec_set(s, hGraphExec, node, hipGraphNodeTypeHost, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecHostNodeSetParams, err,
                   "hGraphExec=%s, node=%s, pNodeParams=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(node), mh__d_host_node_params(pNodeParams));
}

/* hipGraphExecEventRecordNodeSetEvent and hipGraphExecEventWaitNodeSetEvent. */
static hipError_t exec_set_event(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                                 hipGraphNodeType type, hipEvent_t event) {
  mh__lock_write();
  mh_node_work *w;
  uint64_t id;
  hipError_t err = exec_work(s, exec, node, type, &w);
  if (err == hipSuccess && (err = mh__event_find(s, event, "event", &id)) == hipSuccess)
    w->u.event_id = id;
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec,
                                                         hipGraphNode_t hNode, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecEventRecordNodeSetEvent, MH_CALLER, &s);
  if (err == hipSuccess)
    err = exec_set_event(s, hGraphExec, hNode, hipGraphNodeTypeEventRecord, event);
  return mh__leave(MOCKHIP_CALL_hipGraphExecEventRecordNodeSetEvent, err,
                   "hGraphExec=%s, hNode=%s, event=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(hNode), mh__d_event(event));
}

MH_EXPORT hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec,
                                                       hipGraphNode_t hNode, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecEventWaitNodeSetEvent, MH_CALLER, &s);
  if (err == hipSuccess)
    err = exec_set_event(s, hGraphExec, hNode, hipGraphNodeTypeWaitEvent, event);
  return mh__leave(MOCKHIP_CALL_hipGraphExecEventWaitNodeSetEvent, err,
                   "hGraphExec=%s, hNode=%s, event=%s", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(hNode), mh__d_event(event));
}
