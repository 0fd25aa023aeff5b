/*
 * graph_node_params.c: a node's parameters read and changed:
 * hipGraph{Kernel,Memcpy,Memset,Host}NodeGetParams and SetParams,
 * hipGraphMemcpyNodeSetParams1D, hipGraphEvent{Record,Wait}NodeGetEvent and
 * SetEvent; and the work each kind of parameters makes, which
 * graph_exec_params.c puts into an exec's copy of the node.
 *
 * The checks are clr hip_graph.cpp's. clr reads any node as the kind the call
 * names (a reinterpret_cast) where the mock refuses a node of another kind
 * with hipErrorInvalidValue. New parameters are checked as the node's add call
 * checks them; on a failure the node keeps what it had.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* ---- the work parameters make ---- */

hipError_t mh__graph_kernel_work(const hipKernelNodeParams *p, mh_node_work *work) {
  *work = (mh_node_work){.type = hipGraphNodeTypeKernel, .device = mh__current_device()};
  if (p == NULL || p->func == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    p == NULL ? "pNodeParams" : "pNodeParams->func");
  hipError_t err = mh__kernel_work_record(p->func, p->gridDim, p->blockDim, p->kernelParams,
                                          p->extra, p->sharedMemBytes, &work->u.kernel);
  return err;
}

hipError_t mh__graph_memcpy_work(mh_state *s, const hipMemcpy3DParms *p, mh_node_work *work) {
  *work = (mh_node_work){.type = hipGraphNodeTypeMemcpy, .device = mh__current_device()};
  if (p == NULL)
    return mh__fail(hipErrorInvalidValue, "pNodeParams is NULL");
  if ((work->u.copy.parms = malloc(sizeof *p)) == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the copy's node");
  *work->u.copy.parms = *p;
  work->u.copy.kind = (int)p->kind;
  hipError_t err = mh__memcpy_3d_node(s, p, &work->u.copy.strided);
  if (err != hipSuccess)
    mh__node_work_free(work);
  return err;
}

hipError_t mh__graph_memcpy_1d_work(mh_state *s, void *dst, const void *src, size_t count,
                                    hipMemcpyKind kind, mh_node_work *work) {
  /* hipGraphMemcpyNodeSetParams1D, then GraphMemcpyNode1D::ValidateParams */
  if (dst == NULL || src == NULL || count == 0 || src == dst)
    return mh__fail(hipErrorInvalidValue, "%s",
                    dst == NULL   ? "dst is NULL"
                    : src == NULL ? "src is NULL"
                    : count == 0  ? "count is 0"
                                  : "src and dst are the same address");
  int device = mh__current_device();
  *work = (mh_node_work){.type = hipGraphNodeTypeMemcpy,
                         .device = device,
                         .u.copy = {.dst = dst, .src = src, .bytes = count, .kind = (int)kind}};
  return mh__memcpy_node_check(s, dst, src, count, (int)kind, device);
}

hipError_t mh__graph_memset_work(mh_state *s, const hipMemsetParams *p, mh_node_work *work) {
  int device = mh__current_device();
  hipError_t err = mh__memset_node_check(s, p, device);
  if (err == hipSuccess)
    *work = (mh_node_work){
        .type = hipGraphNodeTypeMemset,
        .device = device,
        .u.set = {p->dst, p->value, p->elementSize, p->width, p->height, p->pitch, 0, 0}};
  return err;
}

hipError_t mh__graph_host_work(const hipHostNodeParams *p, mh_node_work *work) {
  if (p == NULL || p->fn == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    p == NULL ? "pNodeParams" : "pNodeParams->fn");
  *work = (mh_node_work){.type = hipGraphNodeTypeHost,
                         .device = mh__current_device(),
                         .u.host = {.fn = p->fn, .user_data = p->userData}};
  return hipSuccess;
}

/* ---- reading a node ---- */

hipError_t mh__graph_node_typed(mh_state *s, hipGraphNode_t node, const char *name,
                                hipGraphNodeType type, mh_graph_node **out) {
  hipError_t err = mh__graph_node_get(s, node, name, out);
  if (err == hipSuccess && (*out)->work.type != type)
    err = mh__fail(hipErrorInvalidValue, "%s %p is a %s node, not a %s node", name, (void *)node,
                   mh__node_kind((*out)->work.type), mh__node_kind(type));
  return err;
}

/* The live node a handle names, of `type`. Under the lock. */
static hipError_t node_of(mh_state *s, hipGraphNode_t node, hipGraphNodeType type,
                          mh_graph_node **out) {
  return mh__graph_node_typed(s, node, "node", type, out);
}

/* The parameters a memcpy node answers: those it was given, or a 1D copy's as one row. */
static void memcpy_params(const mh_node_work *w, hipMemcpy3DParms *out) {
  if (w->u.copy.parms != NULL) {
    *out = *w->u.copy.parms;
    return;
  }
  memset(out, 0, sizeof *out);
  size_t bytes = w->u.copy.bytes;
  out->srcPtr = (hipPitchedPtr){(void *)w->u.copy.src, bytes, bytes, 1};
  out->dstPtr = (hipPitchedPtr){w->u.copy.dst, bytes, bytes, 1};
  out->extent = (hipExtent){bytes, 1, 1};
  out->kind = (hipMemcpyKind)w->u.copy.kind;
}

void mh__graph_node_params(const mh_node_work *w, void *out) {
  switch (w->type) {
  case hipGraphNodeTypeKernel: {
    const mh_kernel_work *k = &w->u.kernel;
    *(hipKernelNodeParams *)out =
        (hipKernelNodeParams){.blockDim = k->block,
                              .extra = NULL,
                              .func = (void *)k->function,
                              .gridDim = k->grid,
                              .kernelParams = k->given_args,
                              .sharedMemBytes = (unsigned)k->shared_bytes};
    break;
  }
  case hipGraphNodeTypeMemcpy: memcpy_params(w, out); break;
  case hipGraphNodeTypeMemset:
    *(hipMemsetParams *)out = (hipMemsetParams){.dst = w->u.set.dst,
                                                .elementSize = (unsigned)w->u.set.element_bytes,
                                                .height = w->u.set.height,
                                                .pitch = w->u.set.pitch,
                                                .value = w->u.set.value,
                                                .width = w->u.set.width};
    break;
  case hipGraphNodeTypeHost:
    *(hipHostNodeParams *)out = (hipHostNodeParams){w->u.host.fn, w->u.host.user_data};
    break;
  default: *(hipEvent_t *)out = (hipEvent_t)(uintptr_t)w->u.event_id; break;
  }
}

/* hipGraph*NodeGetParams and hipGraphEvent*NodeGetEvent: node's parameters, of type, into out. */
static hipError_t get_params(mh_state *s, hipGraphNode_t node, hipGraphNodeType type, void *out,
                             const char *name) {
  mh__lock_read();
  mh_graph_node *n;
  hipError_t err = node_of(s, node, type, &n);
  if (err == hipSuccess && out == NULL)
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", name);
  if (err == hipSuccess)
    mh__graph_node_params(&n->work, out);
  mh__unlock();
  return err;
}

/* ---- changing a node ---- */

/* Puts work into node (of type) in place of what it did; work is the node's on success, else
   freed. Under the write lock. */
static hipError_t set_work(mh_state *s, hipGraphNode_t node, hipGraphNodeType type,
                           mh_node_work *work) {
  mh_graph_node *n;
  hipError_t err = node_of(s, node, type, &n);
  if (err != hipSuccess) {
    mh__node_work_free(work);
    return err;
  }
  mh__kernel_attrs_keep(work, &n->work);
  mh__node_work_free(&n->work);
  n->work = *work;
  return hipSuccess;
}

hipError_t mh__graph_node_set(mh_state *s, hipGraphNode_t node, mh_node_work *work) {
  return set_work(s, node, work->type, work);
}

#define GET_PARAMS(api, type, params_type, out_name)                                               \
  MH_EXPORT hipError_t api(hipGraphNode_t node, params_type *out) {                                \
    mh_state *s;                                                                                   \
    hipError_t err = mh__enter(MOCKHIP_CALL_##api, MH_CALLER, &s);                                 \
    if (err == hipSuccess)                                                                         \
      err = get_params(s, node, type, out, out_name);                                              \
    return mh__leave(MOCKHIP_CALL_##api, err, "node=%s, %s=%p", mh__d_graph_node(node), out_name,  \
                     (void *)out);                                                                 \
  }

GET_PARAMS(hipGraphKernelNodeGetParams, hipGraphNodeTypeKernel, hipKernelNodeParams, "pNodeParams")
GET_PARAMS(hipGraphMemcpyNodeGetParams, hipGraphNodeTypeMemcpy, hipMemcpy3DParms, "pNodeParams")
GET_PARAMS(hipGraphMemsetNodeGetParams, hipGraphNodeTypeMemset, hipMemsetParams, "pNodeParams")
GET_PARAMS(hipGraphHostNodeGetParams, hipGraphNodeTypeHost, hipHostNodeParams, "pNodeParams")
GET_PARAMS(hipGraphEventRecordNodeGetEvent, hipGraphNodeTypeEventRecord, hipEvent_t, "event_out")
GET_PARAMS(hipGraphEventWaitNodeGetEvent, hipGraphNodeTypeWaitEvent, hipEvent_t, "event_out")

MH_EXPORT hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                                 const hipKernelNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphKernelNodeSetParams, MH_CALLER, &s);
  mh_node_work work;
  if (err == hipSuccess && (err = mh__graph_kernel_work(pNodeParams, &work)) == hipSuccess) {
    mh__lock_write();
    err = set_work(s, node, hipGraphNodeTypeKernel, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphKernelNodeSetParams, err, "node=%s, pNodeParams=%s",
                   mh__d_graph_node(node), mh__d_kernel_node_params(pNodeParams));
}

MH_EXPORT hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node,
                                                 const hipMemcpy3DParms *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemcpyNodeSetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work;
    mh__lock_write();
    mh_graph_node *n;
    err = node_of(s, node, hipGraphNodeTypeMemcpy, &n);
    if (err == hipSuccess && (err = mh__graph_memcpy_work(s, pNodeParams, &work)) == hipSuccess)
      err = set_work(s, node, hipGraphNodeTypeMemcpy, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemcpyNodeSetParams, err, "node=%s, pNodeParams=%s",
                   mh__d_graph_node(node), mh__d_memcpy_3d(pNodeParams));
}

MH_EXPORT hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src,
                                                   size_t count, hipMemcpyKind kind) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemcpyNodeSetParams1D, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work;
    mh__lock_write();
    mh_graph_node *n;
    err = node_of(s, node, hipGraphNodeTypeMemcpy, &n);
    if (err == hipSuccess &&
        (err = mh__graph_memcpy_1d_work(s, dst, src, count, kind, &work)) == hipSuccess)
      err = set_work(s, node, hipGraphNodeTypeMemcpy, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemcpyNodeSetParams1D, err,
                   "node=%s, dst=%s, src=%s, count=%s, kind=%s", mh__d_graph_node(node),
                   mh__d_ptr(dst), mh__d_ptr(src), mh__d_bytes(count),
                   mh__d_memcpy_kind((int)kind));
}

MH_EXPORT hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node,
                                                 const hipMemsetParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemsetNodeSetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_node_work work;
    mh__lock_write();
    mh_graph_node *n;
    err = node_of(s, node, hipGraphNodeTypeMemset, &n);
    if (err == hipSuccess && (err = mh__graph_memset_work(s, pNodeParams, &work)) == hipSuccess)
      err = set_work(s, node, hipGraphNodeTypeMemset, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemsetNodeSetParams, err, "node=%s, pNodeParams=%s",
                   mh__d_graph_node(node), mh__d_memset_params(pNodeParams));
}

MH_EXPORT hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node,
                                               const hipHostNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphHostNodeSetParams, MH_CALLER, &s);
  mh_node_work work;
  if (err == hipSuccess && (err = mh__graph_host_work(pNodeParams, &work)) == hipSuccess) {
    mh__lock_write();
    err = set_work(s, node, hipGraphNodeTypeHost, &work);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphHostNodeSetParams, err, "node=%s, pNodeParams=%s",
                   mh__d_graph_node(node), mh__d_host_node_params(pNodeParams));
}

/* hipGraphEventRecordNodeSetEvent and hipGraphEventWaitNodeSetEvent. */
static hipError_t set_event(mh_state *s, hipGraphNode_t node, hipGraphNodeType type,
                            hipEvent_t event) {
  mh__lock_write();
  mh_graph_node *n;
  hipError_t err = node_of(s, node, type, &n);
  uint64_t id;
  if (err == hipSuccess && (err = mh__event_find(s, event, "event", &id)) == hipSuccess)
    n->work.u.event_id = id;
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphEventRecordNodeSetEvent, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set_event(s, node, hipGraphNodeTypeEventRecord, event);
  return mh__leave(MOCKHIP_CALL_hipGraphEventRecordNodeSetEvent, err, "node=%s, event=%s",
                   mh__d_graph_node(node), mh__d_event(event));
}

MH_EXPORT hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphEventWaitNodeSetEvent, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set_event(s, node, hipGraphNodeTypeWaitEvent, event);
  return mh__leave(MOCKHIP_CALL_hipGraphEventWaitNodeSetEvent, err, "node=%s, event=%s",
                   mh__d_graph_node(node), mh__d_event(event));
}
