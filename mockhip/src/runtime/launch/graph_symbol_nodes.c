/*
 * graph_symbol_nodes.c: copy nodes into and out of a device variable:
 * hipGraphAddMemcpyNodeToSymbol and FromSymbol, their SetParams, and the exec
 * forms (clr hip_graph.cpp). As in clr (GraphMemcpyNodeToSymbol derives from
 * the 1D copy node) such a node is a memcpy node: the variable is found and
 * its bounds checked when the node is made (ihipMemcpySymbol_validate), and the
 * node copies count bytes at offset in it, as hipGraphAddMemcpyNode1D's does.
 */
#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* The 1D copy work of a copy into (to_symbol) or out of the variable at symbol. Under the
   lock. */
static hipError_t symbol_work(mh_state *s, const void *symbol, void *other, size_t count,
                              size_t offset, hipMemcpyKind kind, bool to_symbol,
                              mh_node_work *work) {
  if (symbol == NULL)
    return mh__fail(hipErrorInvalidSymbol, "symbol is NULL");
  if (other == NULL || count == 0 || other == symbol)
    return mh__fail(hipErrorInvalidValue, "%s",
                    other == NULL ? (to_symbol ? "src is NULL" : "dst is NULL")
                    : count == 0  ? "count is 0"
                                  : "the variable is the other side of its own copy");
  char *at;
  hipError_t err = mh__symbol_validate(symbol, count, offset, &at);
  if (err != hipSuccess)
    return err;
  return to_symbol ? mh__graph_memcpy_1d_work(s, at, other, count, kind, work)
                   : mh__graph_memcpy_1d_work(s, other, at, count, kind, work);
}

/* hipGraphAddMemcpyNodeToSymbol and FromSymbol, under the write lock. */
static hipError_t add_symbol_node(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                                  const hipGraphNode_t *deps, size_t dep_count, const void *symbol,
                                  void *other, size_t count, size_t offset, hipMemcpyKind kind,
                                  bool to_symbol) {
  hipError_t err = mh__graph_add_check(out, graph, deps, dep_count);
  mh_node_work work;
  if (err == hipSuccess)
    err = symbol_work(s, symbol, other, count, offset, kind, to_symbol, &work);
  if (err == hipSuccess)
    err = mh__graph_node_add(s, out, graph, deps, dep_count, &work);
  return err;
}

MH_EXPORT hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                   const hipGraphNode_t *pDependencies,
                                                   size_t numDependencies, const void *symbol,
                                                   const void *src, size_t count, size_t offset,
                                                   hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemcpyNodeToSymbol, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = add_symbol_node(s, pGraphNode, graph, pDependencies, numDependencies, symbol, (void *)src,
                          count, offset, kind, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemcpyNodeToSymbol, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, symbol=%p, src=%s, "
                   "count=%zu, offset=%zu, kind=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies, symbol,
                   mh__d_ptr(src), count, offset, mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                                     const hipGraphNode_t *pDependencies,
                                                     size_t numDependencies, void *dst,
                                                     const void *symbol, size_t count,
                                                     size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemcpyNodeFromSymbol, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = add_symbol_node(s, pGraphNode, graph, pDependencies, numDependencies, symbol, dst, count,
                          offset, kind, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemcpyNodeFromSymbol, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, dst=%s, symbol=%p, "
                   "count=%zu, offset=%zu, kind=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies, mh__d_ptr(dst),
                   symbol, count, offset, mh__d_memcpy_kind((int)kind));
}

/* The SetParams forms: the node's work (exec NULL) or the exec's copy of it. Under the write
   lock. */
static hipError_t set_symbol_node(mh_state *s, hipGraphExec_t exec, hipGraphNode_t node,
                                  const void *symbol, void *other, size_t count, size_t offset,
                                  hipMemcpyKind kind, bool to_symbol) {
  mh_node_work work;
  hipError_t err = symbol_work(s, symbol, other, count, offset, kind, to_symbol, &work);
  if (err != hipSuccess)
    return err;
  return exec != NULL ? mh__graph_exec_set(s, exec, node, &work)
                      : mh__graph_node_set(s, node, &work);
}

MH_EXPORT hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void *symbol,
                                                         const void *src, size_t count,
                                                         size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemcpyNodeSetParamsToSymbol, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_symbol_node(s, NULL, node, symbol, (void *)src, count, offset, kind, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemcpyNodeSetParamsToSymbol, err,
                   "node=%s, symbol=%p, src=%s, count=%zu, offset=%zu, kind=%s",
                   mh__d_graph_node(node), symbol, mh__d_ptr(src), count, offset,
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void *dst,
                                                           const void *symbol, size_t count,
                                                           size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemcpyNodeSetParamsFromSymbol, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_symbol_node(s, NULL, node, symbol, dst, count, offset, kind, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemcpyNodeSetParamsFromSymbol, err,
                   "node=%s, dst=%s, symbol=%p, count=%zu, offset=%zu, kind=%s",
                   mh__d_graph_node(node), mh__d_ptr(dst), symbol, count, offset,
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec,
                                                             hipGraphNode_t node,
                                                             const void *symbol, const void *src,
                                                             size_t count, size_t offset,
                                                             hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParamsToSymbol, MH_CALLER, &s);
  if (err == hipSuccess && hGraphExec == NULL)
    err = mh__fail(hipErrorInvalidValue, "hGraphExec is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_symbol_node(s, hGraphExec, node, symbol, (void *)src, count, offset, kind, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParamsToSymbol, err,
                   "hGraphExec=%s, node=%s, symbol=%p, src=%s, count=%zu, offset=%zu, kind=%s",
                   mh__d_graph_exec(hGraphExec), mh__d_graph_node(node), symbol, mh__d_ptr(src),
                   count, offset, mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec,
                                                               hipGraphNode_t node, void *dst,
                                                               const void *symbol, size_t count,
                                                               size_t offset, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParamsFromSymbol, MH_CALLER, &s);
  if (err == hipSuccess && hGraphExec == NULL)
    err = mh__fail(hipErrorInvalidValue, "hGraphExec is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_symbol_node(s, hGraphExec, node, symbol, dst, count, offset, kind, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphExecMemcpyNodeSetParamsFromSymbol, err,
                   "hGraphExec=%s, node=%s, dst=%s, symbol=%p, count=%zu, offset=%zu, kind=%s",
                   mh__d_graph_exec(hGraphExec), mh__d_graph_node(node), mh__d_ptr(dst), symbol,
                   count, offset, mh__d_memcpy_kind((int)kind));
}
