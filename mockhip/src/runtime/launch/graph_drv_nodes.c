/*
 * graph_drv_nodes.c: nodes of the driver API's descriptions: hipDrvGraphAddMemcpyNode (a
 * HIP_MEMCPY3D, as hipDrvMemcpy3D copies it) and hipDrvGraphAddMemsetNode (a
 * HIP_MEMSET_NODE_PARAMS, as hipGraphAddMemsetNode sets it).
 *
 * clr hipDrvGraphAddMemcpyNode refuses a NULL ctx and reads it no further (the node runs on the
 * device current at the launch's stream); ihipDrvGraphAddMemcpyNode then validates the copy as
 * hipDrvMemcpy3D does (ihipDrvMemcpy3D_validate). The node is a memcpy node that runs the copy
 * again at each launch, with the checks a copy makes then. Its hipMemcpyKind, which
 * hipGraphExecUpdate compares, is the one its memory types name (hipMemcpyDefault for unified
 * memory). clr hipDrvGraphAddMemsetNode takes ctx unread and makes a hipMemsetParams of the
 * fields, so its checks are hipGraphAddMemsetNode's.
 */
#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* The kind a pair of memory types names; an array is device memory. */
static int drv_kind(const HIP_MEMCPY3D *p) {
  int from = (int)p->srcMemoryType, to = (int)p->dstMemoryType;
  if (from == hipMemoryTypeUnified || to == hipMemoryTypeUnified)
    return hipMemcpyDefault;
  bool src_host = from == hipMemoryTypeHost, dst_host = to == hipMemoryTypeHost;
  return src_host ? (dst_host ? hipMemcpyHostToHost : hipMemcpyHostToDevice)
                  : (dst_host ? hipMemcpyDeviceToHost : hipMemcpyDeviceToDevice);
}

MH_EXPORT hipError_t hipDrvGraphAddMemcpyNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
                                              const hipGraphNode_t *dependencies,
                                              size_t numDependencies,
                                              const HIP_MEMCPY3D *copyParams, hipCtx_t ctx) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvGraphAddMemcpyNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(phGraphNode, hGraph, dependencies, numDependencies);
  if (err == hipSuccess && ctx == NULL)
    err = mh__fail(hipErrorInvalidValue, "ctx is NULL");
  if (err == hipSuccess && copyParams == NULL)
    err = mh__fail(hipErrorInvalidValue, "copyParams is NULL");
  if (err == hipSuccess) {
    mh_node_work work = {.type = hipGraphNodeTypeMemcpy,
                         .device = mh__current_device(),
                         .u.copy.kind = drv_kind(copyParams)};
    mh__lock_write();
    err = mh__drv_memcpy_3d_node(s, copyParams, &work.u.copy.strided);
    if (err == hipSuccess && (err = mh__graph_node_add(s, phGraphNode, hGraph, dependencies,
                                                       numDependencies, &work)) != hipSuccess)
      mh__node_work_free(&work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvGraphAddMemcpyNode, err,
                   "%s, hGraph=%s, dependencies=%s, numDependencies=%zu, copyParams=%s, ctx=%s",
                   mh__d_out_graph_node("phGraphNode", phGraphNode, err), mh__d_graph(hGraph),
                   mh__d_nodes(dependencies, numDependencies), numDependencies,
                   mh__d_drv_memcpy_3d(copyParams), mh__d_ctx(ctx));
}

MH_EXPORT hipError_t hipDrvGraphAddMemsetNode(hipGraphNode_t *phGraphNode, hipGraph_t hGraph,
                                              const hipGraphNode_t *dependencies,
                                              size_t numDependencies,
                                              const HIP_MEMSET_NODE_PARAMS *memsetParams,
                                              hipCtx_t ctx) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDrvGraphAddMemsetNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(phGraphNode, hGraph, dependencies, numDependencies);
  if (err == hipSuccess && memsetParams == NULL)
    err = mh__fail(hipErrorInvalidValue, "memsetParams is NULL");
  hipMemsetParams p = {0};
  if (err == hipSuccess) {
    p = (hipMemsetParams){.dst = memsetParams->dst,
                          .elementSize = memsetParams->elementSize,
                          .height = memsetParams->height,
                          .pitch = memsetParams->pitch,
                          .value = memsetParams->value,
                          .width = memsetParams->width};
    mh_node_work work;
    mh__lock_write();
    err = mh__graph_memset_work(s, &p, &work);
    if (err == hipSuccess && (err = mh__graph_node_add(s, phGraphNode, hGraph, dependencies,
                                                       numDependencies, &work)) != hipSuccess)
      mh__node_work_free(&work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDrvGraphAddMemsetNode, err,
                   "%s, hGraph=%s, dependencies=%s, numDependencies=%zu, memsetParams=%s, ctx=%s",
                   mh__d_out_graph_node("phGraphNode", phGraphNode, err), mh__d_graph(hGraph),
                   mh__d_nodes(dependencies, numDependencies), numDependencies,
                   memsetParams != NULL ? mh__d_memset_params(&p) : "NULL", mh__d_ctx(ctx));
}
