/*
 * graph_exec_enable.c: an exec's nodes switched off and on (hipGraphNodeSetEnabled,
 * hipGraphNodeGetEnabled), its upload (hipGraphUpload), and an exec made with
 * parameters (hipGraphInstantiateWithParams).
 *
 * clr keeps isEnabled_ on the exec's clone of a node (GraphExec::GetClonedNode): only kernel,
 * memcpy and memset nodes take it, and a disabled one enqueues a marker in its place at a
 * launch, so it does nothing and the nodes after it still run after the ones before it. The mock
 * keeps the value per work of the exec (mh_graph_exec.enabled), as given (INT_MAX stays INT_MAX),
 * and a launch skips a work whose value is 0. An upload has nothing to do on the mock: clr's
 * ihipGraphUpload checks its arguments and does nothing else either.
 */
#include <stdlib.h>

#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* The place of node's copy in exec, as hipGraphNodeSetEnabled and GetEnabled check them (all
   hipErrorInvalidValue). Under the lock. */
static hipError_t enabled_slot(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                               mh_graph_exec **e_out, size_t *at) {
  if (exec == NULL)
    return mh__fail(hipErrorInvalidValue, "hGraphExec is NULL");
  mh_graph_exec *e = mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)exec);
  if (e == NULL) /* GraphExec::isGraphExecValid */
    return mh__fail(hipErrorInvalidValue, "hGraphExec %p is not a live graph exec", (void *)exec);
  mh_graph_node *n;
  hipError_t err = mh__graph_node_get(s, node, "hNode", &n);
  if (err != hipSuccess)
    return err;
  size_t i = 0;
  while (i < e->count && e->node_ids[i] != n->id)
    i++;
  if (i == e->count) /* GetClonedNode answers nullptr */
    return mh__fail(hipErrorInvalidValue,
                    "hNode %p has no copy in hGraphExec %p: it was added after the exec was "
                    "made, or to another graph",
                    (void *)node, (void *)exec);
  hipGraphNodeType type = n->work.type;
  if (type != hipGraphNodeTypeKernel && type != hipGraphNodeTypeMemcpy &&
      type != hipGraphNodeTypeMemset)
    return mh__fail(hipErrorInvalidValue,
                    "hNode %p is a %s node: only kernel, memcpy and memset nodes are enabled and "
                    "disabled",
                    (void *)node, mh__node_kind(type));
  *e_out = e;
  *at = i;
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                            unsigned int isEnabled) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeSetEnabled, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph_exec *e;
    size_t at;
    err = enabled_slot(s, hGraphExec, hNode, &e, &at);
    if (err == hipSuccess && e->enabled == NULL) {
      if ((e->enabled = malloc((e->count + 1) * sizeof *e->enabled)) == NULL)
        err = mh__fail(hipErrorOutOfMemory, "no memory for the exec's enabled nodes");
      for (size_t i = 0; err == hipSuccess && i < e->count; i++)
        e->enabled[i] = 1;
    }
    if (err == hipSuccess)
      e->enabled[at] = isEnabled;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeSetEnabled, err,
                   "hGraphExec=%s, hNode=%s, isEnabled=%u", mh__d_graph_exec(hGraphExec),
                   mh__d_graph_node(hNode), isEnabled);
}

MH_EXPORT hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                            unsigned int *isEnabled) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeGetEnabled, MH_CALLER, &s);
  if (err == hipSuccess && isEnabled == NULL)
    err = mh__fail(hipErrorInvalidValue, "isEnabled is NULL");
  if (err == hipSuccess) {
    mh__lock_read();
    mh_graph_exec *e;
    size_t at;
    err = enabled_slot(s, hGraphExec, hNode, &e, &at);
    if (err == hipSuccess)
      *isEnabled = e->enabled != NULL ? e->enabled[at] : 1;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeGetEnabled, err, "hGraphExec=%s, hNode=%s, %s",
                   mh__d_graph_exec(hGraphExec), mh__d_graph_node(hNode),
                   mh__d_out_unsigned("isEnabled", isEnabled, err));
}

/* clr ihipGraphUpload: the exec NULL, the stream not live (hipErrorContextIsDestroyed), the exec
   not live, in that order. Under the lock. */
static hipError_t upload(mh_state *s, hipGraphExec_t exec, hipStream_t stream) {
  if (exec == NULL)
    return mh__fail(hipErrorInvalidValue, "graphExec is NULL");
  hipError_t err = mh__check_stream(s, stream);
  if (err != hipSuccess)
    return err;
  if (mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)exec) == NULL)
    return mh__fail(hipErrorInvalidValue, "graphExec %p is not a live graph exec", (void *)exec);
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphUpload, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write(); /* a per-thread stream is made on first use */
    err = upload(s, graphExec, stream);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphUpload, err, "graphExec=%s, stream=%s",
                   mh__d_graph_exec(graphExec), mh__d_stream(stream));
}

/* clr hipGraphInstantiateWithParams: the four instantiate flags one at a time; result_out says
   how it went, and hipGraphInstantiateFlagUpload uploads to uploadStream after. */
MH_EXPORT hipError_t hipGraphInstantiateWithParams(hipGraphExec_t *pGraphExec, hipGraph_t graph,
                                                   hipGraphInstantiateParams *instantiateParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphInstantiateWithParams, MH_CALLER, &s);
  if (err == hipSuccess && (pGraphExec == NULL || graph == NULL || instantiateParams == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   pGraphExec == NULL ? "pGraphExec"
                   : graph == NULL    ? "graph"
                                      : "instantiateParams");
  unsigned long long flags = err == hipSuccess ? instantiateParams->flags : 0;
  if (err == hipSuccess && flags != 0 && flags != HIPVMM_INSTANTIATE_AUTO_FREE_ON_LAUNCH &&
      flags != HIPVMM_INSTANTIATE_UPLOAD && flags != HIPVMM_INSTANTIATE_DEVICE_LAUNCH &&
      flags != HIPVMM_INSTANTIATE_USE_NODE_PRIORITY) {
    instantiateParams->result_out = hipGraphInstantiateError;
    err = mh__fail(hipErrorInvalidValue,
                   "instantiateParams->flags %#llx is not 0 or one of the "
                   "hipGraphInstantiateFlag values",
                   flags);
  } else if (err == hipSuccess) {
    mh__lock_write();
    err = mh__graph_instantiate(s, pGraphExec, graph, flags);
    if (err != hipSuccess) {
      *pGraphExec = NULL;
      instantiateParams->result_out = hipGraphInstantiateError;
    } else {
      instantiateParams->result_out = hipGraphInstantiateSuccess;
      instantiateParams->errNode_out = NULL;
      if (flags == HIPVMM_INSTANTIATE_UPLOAD)
        err = upload(s, *pGraphExec, instantiateParams->uploadStream);
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphInstantiateWithParams, err,
                   "%s, graph=%s, instantiateParams=%s, flags=%s",
                   mh__d_out_graph_exec("pGraphExec", pGraphExec, err), mh__d_graph(graph),
                   mh__d_address(instantiateParams), mh__d_instantiate_flags(flags));
}
