/*
 * graph_exec_update.c: hipGraphExecUpdate: an exec runs another graph's parameters from now,
 * where that graph has the exec's shape.
 *
 * As clr's hipGraphExecUpdate: the graph's nodes, in the order a launch runs them, against the
 * exec's, one by one: as many (else TopologyChanged, no error node), each of the same kind (else
 * NodeTypeChanged), made for the same device unless a host or empty node (else
 * UnsupportedFunctionChange), a copy of the same hipMemcpyKind (else ParametersChanged), after
 * as many nodes (else TopologyChanged); every failure answers hipErrorGraphExecUpdateFailure and
 * names the graph's node. Then the exec's copy of each node takes the graph node's parameters.
 * clr's GraphExec::GetNodes are the exec's own nodes, so a node destroyed in the graph, or added,
 * after the exec was made changes the count. A child graph node's graph is taken when its nodes
 * are of the kinds the exec's child graph has, in the same order (clr sets them pairwise and
 * reads past a shorter list; the mock answers NotSupported instead). The exec keeps which of its
 * nodes are disabled, and the graph nodes it was made from (hipGraphExec*SetParams still take
 * those, not the new graph's).
 */
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* Whether work i of an exec is a node of the instantiated graph itself (not of a child graph). */
static bool top_level(const mh_graph_exec *e, size_t i) { return e->owners[i] == e->node_ids[i]; }

static size_t top_count(const mh_graph_exec *e) {
  size_t n = 0;
  for (size_t i = 0; i < e->count; i++)
    n += top_level(e, i);
  return n;
}

/* The check of one pair of top-level works: hipGraphExecUpdateSuccess or what differs. */
static hipGraphExecUpdateResult compare(const mh_graph_exec *old, size_t i,
                                        const mh_graph_exec *fresh, size_t j) {
  const mh_node_work *a = &old->works[i], *b = &fresh->works[j];
  if (a->type != b->type)
    return hipGraphExecUpdateErrorNodeTypeChanged;
  if (b->type != hipGraphNodeTypeHost && b->type != hipGraphNodeTypeEmpty && a->device != b->device)
    return hipGraphExecUpdateErrorUnsupportedFunctionChange;
  if (b->type == hipGraphNodeTypeMemcpy && a->u.copy.kind != b->u.copy.kind)
    return hipGraphExecUpdateErrorParametersChanged;
  if (old->dep_counts[i] != fresh->dep_counts[j])
    return hipGraphExecUpdateErrorTopologyChanged;
  return hipGraphExecUpdateSuccess;
}

static const char *result_name(hipGraphExecUpdateResult r) {
  switch (r) {
  case hipGraphExecUpdateErrorTopologyChanged: return "hipGraphExecUpdateErrorTopologyChanged";
  case hipGraphExecUpdateErrorNodeTypeChanged: return "hipGraphExecUpdateErrorNodeTypeChanged";
  case hipGraphExecUpdateErrorParametersChanged: return "hipGraphExecUpdateErrorParametersChanged";
  case hipGraphExecUpdateErrorNotSupported: return "hipGraphExecUpdateErrorNotSupported";
  case hipGraphExecUpdateErrorUnsupportedFunctionChange:
    return "hipGraphExecUpdateErrorUnsupportedFunctionChange";
  default: return "hipGraphExecUpdateSuccess";
  }
}

/* Under the write lock. *result and *error_node as hipGraphExecUpdate answers them. */
static hipError_t update(mh_state *s, hipGraphExec_t exec, hipGraph_t graph,
                         hipGraphNode_t *error_node, hipGraphExecUpdateResult *result) {
  mh_graph_exec *e = mh__idmap_get(&s->graph_execs, (uint64_t)(uintptr_t)exec);
  if (e == NULL)
    return mh__fail(hipErrorInvalidValue, "hGraphExec %p is not a live graph exec", (void *)exec);
  mh_graph *g;
  hipError_t err = mh__graph_get(s, graph, "hGraph", &g);
  mh_graph_exec *fresh = NULL;
  if (err == hipSuccess)
    err = mh__graph_exec_build(g, graph, &fresh);
  if (err != hipSuccess)
    return err;
  *error_node = NULL;
  *result = hipGraphExecUpdateSuccess;
  const char *what = NULL;
  if (top_count(fresh) != top_count(e)) {
    *result = hipGraphExecUpdateErrorTopologyChanged;
    what = "hGraph has another number of nodes than the graph the exec was made from";
  }
  size_t tops = top_count(e);
  for (size_t k = 0, i = 0, j = 0; *result == hipGraphExecUpdateSuccess && k < tops;
       k++, i++, j++) {
    while (!top_level(e, i)) /* a child graph's works, after its node */
      i++;
    while (!top_level(fresh, j))
      j++;
    *result = compare(e, i, fresh, j);
    if (*result != hipGraphExecUpdateSuccess) {
      *error_node = (hipGraphNode_t)(uintptr_t)fresh->node_ids[j];
      what = "a node of hGraph differs from the exec's node in its place";
    }
  }
  /* The child graphs' nodes, flattened, pair up too (a child graph of the same shape). */
  for (size_t i = 0; *result == hipGraphExecUpdateSuccess && i < e->count; i++)
    if (fresh->count != e->count || fresh->works[i].type != e->works[i].type) {
      *result = hipGraphExecUpdateErrorNotSupported;
      what = "a child graph of hGraph has other nodes than the exec's child graph";
    }
  if (*result != hipGraphExecUpdateSuccess) {
    mh__graph_exec_discard(fresh);
    return mh__fail(hipErrorGraphExecUpdateFailure, "%s (%s)", what, result_name(*result));
  }
  for (size_t i = 0; i < e->count; i++) {
    mh__node_work_free(&e->works[i]);
    e->works[i] = fresh->works[i];
    fresh->works[i] = (mh_node_work){.type = hipGraphNodeTypeEmpty};
  }
  mh__graph_exec_discard(fresh);
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                                        hipGraphNode_t *hErrorNode_out,
                                        hipGraphExecUpdateResult *updateResult_out) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecUpdate, MH_CALLER, &s);
  if (err == hipSuccess &&
      (hGraphExec == NULL || hGraph == NULL || hErrorNode_out == NULL || updateResult_out == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL",
                   hGraphExec == NULL       ? "hGraphExec"
                   : hGraph == NULL         ? "hGraph"
                   : hErrorNode_out == NULL ? "hErrorNode_out"
                                            : "updateResult_out");
  if (err == hipSuccess) {
    mh__lock_write();
    err = update(s, hGraphExec, hGraph, hErrorNode_out, updateResult_out);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecUpdate, err,
                   "hGraphExec=%s, hGraph=%s, hErrorNode_out=%s, updateResult_out=%s",
                   mh__d_graph_exec(hGraphExec), mh__d_graph(hGraph),
                   hErrorNode_out != NULL && err == hipErrorGraphExecUpdateFailure
                       ? mh__d_graph_node(*hErrorNode_out)
                       : mh__d_address(hErrorNode_out),
                   updateResult_out != NULL &&
                           (err == hipSuccess || err == hipErrorGraphExecUpdateFailure)
                       ? result_name(*updateResult_out)
                       : mh__d_address(updateResult_out));
}
