/*
 * graph_node_kinds.c: the node kinds added by hand besides graph_nodes.c's:
 * hipGraphAddMemcpyNode (a hipMemcpy3DParms copy), hipGraphAddHostNode,
 * hipGraphAddEventRecordNode, hipGraphAddEventWaitNode and
 * hipGraphAddChildGraphNode, with hipGraphChildGraphNodeGetGraph.
 *
 * The checks are clr hip_graph.cpp's, in its order: the pointers
 * (mh__graph_add_check), the node's own parameters, then the dependencies. A
 * copy node checks its parameters as hipMemcpy3D does (ihipMemcpy3D_validate)
 * and keeps them for hipGraphMemcpyNodeGetParams. An event node refuses an
 * event that is not live, where clr keeps the handle and reads it at launch.
 * A child graph node owns a copy of the graph it is given (clr ChildGraphNode
 * clones it), so the caller may change or destroy theirs; a launch runs the
 * copy's nodes in its order, where the child node stands (graph_exec.c).
 */

#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

MH_EXPORT hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies,
                                           size_t numDependencies,
                                           const hipMemcpy3DParms *pCopyParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemcpyNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && pCopyParams == NULL)
    err = mh__fail(hipErrorInvalidValue, "pCopyParams is NULL");
  if (err == hipSuccess) {
    mh_node_work work;
    mh__lock_write();
    err = mh__graph_memcpy_work(s, pCopyParams, &work);
    if (err == hipSuccess && (err = mh__graph_node_add(s, pGraphNode, graph, pDependencies,
                                                       numDependencies, &work)) != hipSuccess)
      mh__node_work_free(&work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemcpyNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, pCopyParams=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_memcpy_3d(pCopyParams));
}

MH_EXPORT hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t *pDependencies,
                                         size_t numDependencies,
                                         const hipHostNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddHostNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && (pNodeParams == NULL || pNodeParams->fn == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   pNodeParams == NULL ? "pNodeParams" : "pNodeParams->fn");
  if (err == hipSuccess) {
    mh_node_work work = {.type = hipGraphNodeTypeHost,
                         .device = mh__current_device(),
                         .u.host = {.fn = pNodeParams->fn, .user_data = pNodeParams->userData}};
    mh__lock_write();
    err = mh__graph_node_add(s, pGraphNode, graph, pDependencies, numDependencies, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddHostNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, pNodeParams=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_host_node_params(pNodeParams));
}

/* hipGraphAddEventRecordNode and hipGraphAddEventWaitNode: a node of type keeping event. */
static hipError_t add_event_node(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                                 const hipGraphNode_t *deps, size_t dep_count, hipEvent_t event,
                                 hipGraphNodeType type) {
  hipError_t err = mh__graph_add_check(out, graph, deps, dep_count);
  if (err != hipSuccess)
    return err;
  mh_node_work work = {.type = type, .device = mh__current_device()};
  mh__lock_write();
  err = mh__event_find(s, event, "event", &work.u.event_id);
  if (err == hipSuccess)
    err = mh__graph_node_add(s, out, graph, deps, dep_count, &work);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                const hipGraphNode_t *pDependencies,
                                                size_t numDependencies, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddEventRecordNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = add_event_node(s, pGraphNode, graph, pDependencies, numDependencies, event,
                         hipGraphNodeTypeEventRecord);
  return mh__leave(MOCKHIP_CALL_hipGraphAddEventRecordNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, event=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_event(event));
}

MH_EXPORT hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                              const hipGraphNode_t *pDependencies,
                                              size_t numDependencies, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddEventWaitNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = add_event_node(s, pGraphNode, graph, pDependencies, numDependencies, event,
                         hipGraphNodeTypeWaitEvent);
  return mh__leave(MOCKHIP_CALL_hipGraphAddEventWaitNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, event=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_event(event));
}

/* The node keeps a registered copy of child (a child graph of its own, refused by
   hipGraphDestroy), made before the node is added: graph itself may be the child, as its copy
   holds what it held then (hip-tests' OrgGraphAsChildGraph). Under the write lock. */
static hipError_t add_child_node(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                                 const hipGraphNode_t *deps, size_t dep_count, hipGraph_t child) {
  mh_graph *g, *from;
  hipError_t err = mh__graph_get(s, graph, "graph", &g);
  if (err == hipSuccess)
    err = mh__graph_get(s, child, "childGraph", &from);
  mh_node_work work = {.type = hipGraphNodeTypeGraph, .device = mh__current_device()};
  if (err == hipSuccess)
    err = mh__graph_clone(s, from, &work.u.child);
  if (err != hipSuccess)
    return err;
  work.u.child->cloned = false;
  work.u.child->child = true;
  err = mh__graph_node_add(s, out, graph, deps, dep_count, &work);
  if (err != hipSuccess)
    mh__graph_unregister(s, work.u.child);
  return err;
}

MH_EXPORT hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                               const hipGraphNode_t *pDependencies,
                                               size_t numDependencies, hipGraph_t childGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddChildGraphNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && childGraph == NULL)
    err = mh__fail(hipErrorInvalidValue, "childGraph is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    err = add_child_node(s, pGraphNode, graph, pDependencies, numDependencies, childGraph);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddChildGraphNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, childGraph=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_graph(childGraph));
}

MH_EXPORT hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t *pGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphChildGraphNodeGetGraph, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    mh_graph_node *found;
    err = mh__graph_node_get(s, node, "node", &found);
    if (err == hipSuccess && pGraph == NULL)
      err = mh__fail(hipErrorInvalidValue, "pGraph is NULL");
    if (err == hipSuccess && found->work.type != hipGraphNodeTypeGraph)
      err = mh__fail(hipErrorInvalidValue, "node %p is not a child graph node", (void *)node);
    if (err == hipSuccess)
      *pGraph = (hipGraph_t)(uintptr_t)found->work.u.child->id;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphChildGraphNodeGetGraph, err, "node=%s, %s",
                   mh__d_graph_node(node), mh__d_out_graph("pGraph", pGraph, err));
}
