/*
 * graph_mem_nodes.c: graph memory nodes added by hand and the device's graph
 * memory: hipGraphAddMemAllocNode, hipGraphAddMemFreeNode, their GetParams,
 * hipDevice{Get,Set}GraphMemAttribute and hipDeviceGraphMemTrim, with what a
 * launch does first for an exec's allocations (mh__graph_exec_mem_begin).
 *
 * The checks are clr hip_graph.cpp's, in its order; the memory itself is
 * runtime/streams/graph_memory.c's. An alloc node's dptr is its reserved
 * address from the node on; a launch backs it. A free node names an
 * allocation of an alloc node, of this graph or another, that no free node
 * names yet (clr's memAllocNodePtrs_). A graph holding memory nodes is
 * instantiated once, cloned never (graph_exec.c, graph_clone.c). Nodes
 * captured from hipMallocAsync and hipFreeAsync did their work at the call
 * and keep no parameters here.
 */
#include <string.h>

#include "runtime/launch/launch.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* ---- alloc ---- */

/* hipGraphAddMemAllocNode's checks of p (the node's own; clr ignores accessDescs). */
static hipError_t alloc_params_check(mh_state *s, hipMemAllocNodeParams *p) {
  const char *bad = p->bytesize == 0 ? "bytesize is 0"
                    : p->poolProps.allocType != hipMemAllocationTypePinned
                        ? "poolProps.allocType is not hipMemAllocationTypePinned"
                    : p->poolProps.location.type != hipMemLocationTypeDevice
                        ? "poolProps.location.type is not hipMemLocationTypeDevice"
                        : NULL;
  if (bad != NULL) {
    p->dptr = NULL;
    return mh__fail(hipErrorInvalidValue, "pNodeParams->%s", bad);
  }
  if (!mh__valid_device(s, p->poolProps.location.id))
    return mh__fail(hipErrorInvalidValue,
                    "pNodeParams->poolProps.location.id %d is not a device "
                    "(0..%d)",
                    p->poolProps.location.id, s->options.devices - 1);
  return hipSuccess;
}

/* The allocation reserved, then the node added; nothing is left of either on a failure. Under
   the write lock. */
static hipError_t add_alloc_node(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                                 const hipGraphNode_t *deps, size_t dep_count,
                                 hipMemAllocNodeParams *p) {
  mh_node_work work = {.type = HIPVMM_NODE_MEM_ALLOC, .device = mh__current_device()};
  hipError_t err = mh__graph_alloc_new(s, p, &work.u.graph_alloc);
  if (err != hipSuccess)
    return err;
  err = mh__graph_node_add(s, out, graph, deps, dep_count, &work);
  if (err != hipSuccess) {
    mh__graph_alloc_release(s, work.u.graph_alloc);
    return err;
  }
  p->dptr = work.u.graph_alloc->params.dptr;
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphAddMemAllocNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                             const hipGraphNode_t *pDependencies,
                                             size_t numDependencies,
                                             hipMemAllocNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemAllocNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && pNodeParams == NULL)
    err = mh__fail(hipErrorInvalidValue, "pNodeParams is NULL");
  if (err == hipSuccess)
    err = alloc_params_check(s, pNodeParams);
  if (err == hipSuccess) {
    pNodeParams->dptr = NULL; /* clr clears it first: it may hold a stale address */
    mh__lock_write();
    err = add_alloc_node(s, pGraphNode, graph, pDependencies, numDependencies, pNodeParams);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemAllocNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, pNodeParams=%s%s%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_alloc_node_params(pNodeParams), err == hipSuccess ? " -> dptr=" : "",
                   err == hipSuccess ? mh__d_ptr(pNodeParams->dptr) : "");
}

/* ---- free ---- */

/* clr hipGraphAddMemFreeNode: dev_ptr must be the address of an alloc node's allocation that
   no free node names yet, then ihipGraphAddMemFreeNode adds the node. Under the write lock. */
static hipError_t add_free_node(mh_state *s, hipGraphNode_t *out, hipGraph_t graph,
                                const hipGraphNode_t *deps, size_t dep_count, void *dev_ptr) {
  mh_graph_alloc *alloc = mh__graph_alloc_at(s, dev_ptr);
  if (alloc == NULL)
    return mh__fail(hipErrorInvalidValue,
                    "dev_ptr %p is not the address of a graph alloc node's allocation "
                    "(hipGraphAddMemAllocNode's pNodeParams->dptr)",
                    dev_ptr);
  if (alloc->free_node)
    return mh__fail(hipErrorInvalidValue,
                    "dev_ptr %p has a free node already: an allocation has one free node", dev_ptr);
  mh_node_work work = {
      .type = HIPVMM_NODE_MEM_FREE, .device = mh__current_device(), .u.graph_alloc = alloc};
  hipError_t err = mh__graph_node_add(s, out, graph, deps, dep_count, &work);
  if (err != hipSuccess)
    return err;
  mh__graph_alloc_retain(alloc);
  alloc->free_node = true;
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphAddMemFreeNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                            const hipGraphNode_t *pDependencies,
                                            size_t numDependencies, void *dev_ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphAddMemFreeNode, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__graph_add_check(pGraphNode, graph, pDependencies, numDependencies);
  if (err == hipSuccess && pDependencies != NULL && numDependencies == 0)
    err = mh__fail(hipErrorInvalidValue, "pDependencies is given and numDependencies is 0");
  if (err == hipSuccess && dev_ptr == NULL)
    err = mh__fail(hipErrorInvalidValue, "dev_ptr is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    err = add_free_node(s, pGraphNode, graph, pDependencies, numDependencies, dev_ptr);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphAddMemFreeNode, err,
                   "%s, graph=%s, pDependencies=%s, numDependencies=%zu, dev_ptr=%s",
                   mh__d_out_graph_node("pGraphNode", pGraphNode, err), mh__d_graph(graph),
                   mh__d_nodes(pDependencies, numDependencies), numDependencies,
                   mh__d_ptr(dev_ptr));
}

/* ---- parameters ---- */

/* The allocation of node, a memory node of type added by hand, for its GetParams call (out
   checked as clr checks it, with the node). Under the lock. */
static hipError_t mem_node_alloc(mh_state *s, hipGraphNode_t node, hipGraphNodeType type,
                                 const void *out, const char *out_name, mh_graph_alloc **alloc) {
  mh_graph_node *n;
  hipError_t err = mh__graph_node_get(s, node, "node", &n);
  if (err == hipSuccess && out == NULL)
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", out_name);
  if (err == hipSuccess && n->work.type != type)
    err = mh__fail(hipErrorInvalidValue, "node %p is a %s node, not a %s node", (void *)node,
                   mh__node_kind(n->work.type), mh__node_kind(type));
  if (err == hipSuccess && n->work.u.graph_alloc == NULL)
    err = mh__fail(hipErrorNotSupported,
                   "node %p was captured from a stream-ordered %s, which did its work at the "
                   "call: the mock keeps no parameters for it",
                   (void *)node, type == HIPVMM_NODE_MEM_ALLOC ? "allocation" : "free");
  if (err == hipSuccess)
    *alloc = n->work.u.graph_alloc;
  return err;
}

MH_EXPORT hipError_t hipGraphMemAllocNodeGetParams(hipGraphNode_t node,
                                                   hipMemAllocNodeParams *pNodeParams) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemAllocNodeGetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_graph_alloc *alloc;
    mh__lock_read();
    err = mem_node_alloc(s, node, HIPVMM_NODE_MEM_ALLOC, pNodeParams, "pNodeParams", &alloc);
    if (err == hipSuccess)
      *pNodeParams = alloc->params;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemAllocNodeGetParams, err, "node=%s, pNodeParams=%s",
                   mh__d_graph_node(node),
                   err == hipSuccess ? mh__d_alloc_node_params(pNodeParams)
                                     : mh__d_address(pNodeParams));
}

MH_EXPORT hipError_t hipGraphMemFreeNodeGetParams(hipGraphNode_t node, void *dev_ptr) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphMemFreeNodeGetParams, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh_graph_alloc *alloc;
    mh__lock_read();
    err = mem_node_alloc(s, node, HIPVMM_NODE_MEM_FREE, dev_ptr, "dev_ptr", &alloc);
    if (err == hipSuccess)
      *(void **)dev_ptr = alloc->params.dptr;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphMemFreeNodeGetParams, err, "node=%s, %s",
                   mh__d_graph_node(node), mh__d_out_ptr("dev_ptr", (void *const *)dev_ptr, err));
}

/* ---- a launch's allocations ---- */

hipError_t mh__graph_exec_mem_begin(mh_state *s, const mh_graph_exec *exec) {
  bool auto_free = (exec->flags & HIPVMM_INSTANTIATE_AUTO_FREE_ON_LAUNCH) != 0;
  for (size_t i = 0; i < exec->count; i++) {
    mh_graph_alloc *a = exec->works[i].u.graph_alloc;
    if (exec->works[i].type != HIPVMM_NODE_MEM_ALLOC || a == NULL || a->phys == NULL)
      continue;
    if (!auto_free) /* GraphExec::Run, a repeated launch */
      return mh__fail(hipErrorInvalidValue,
                      "the exec's alloc node (dptr %p) still holds the memory of its last launch: "
                      "free it (a free node, hipFree, hipFreeAsync) before launching again, or "
                      "instantiate with hipGraphInstantiateFlagAutoFreeOnLaunch",
                      a->params.dptr);
  }
  /* GraphExec::Run frees the graph pool's memory (FreeAllMemory); the mock frees what this
     exec's alloc nodes hold, as HIP documents the flag. */
  for (size_t i = 0; auto_free && i < exec->count; i++) {
    mh_graph_alloc *a = exec->works[i].u.graph_alloc;
    if (exec->works[i].type == HIPVMM_NODE_MEM_ALLOC && a != NULL && a->phys != NULL)
      (void)mh__graph_alloc_free(s, a);
  }
  return hipSuccess;
}

/* ---- the device's graph memory ---- */

static hipError_t device_check(mh_state *s, int device) {
  if (!mh__valid_device(s, device))
    return mh__fail(hipErrorInvalidDevice, "device %d is not a device (0..%d)", device,
                    s->options.devices - 1);
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                   void *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetGraphMemAttribute, MH_CALLER, &s);
  if (err == hipSuccess)
    err = device_check(s, device);
  if (err == hipSuccess && value == NULL)
    err = mh__fail(hipErrorInvalidValue, "value is NULL");
  if (err == hipSuccess) {
    uint64_t v = 0;
    mh__lock_read();
    switch (attr) {
    /* The mock gives freed graph memory back at once: what is reserved is what is used. */
    case hipGraphMemAttrUsedMemCurrent:
    case hipGraphMemAttrReservedMemCurrent: v = s->graph_mem_used[device]; break;
    case hipGraphMemAttrUsedMemHigh: v = s->graph_mem_used_high[device]; break;
    case hipGraphMemAttrReservedMemHigh: v = s->graph_mem_reserved_high[device]; break;
    default:
      err = mh__fail(hipErrorInvalidValue, "attr %d is not a hipGraphMemAttributeType", (int)attr);
    }
    mh__unlock();
    if (err == hipSuccess)
      memcpy(value, &v, sizeof v);
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetGraphMemAttribute, err, "device=%d, attr=%s, %s",
                   device, mh__d_graph_mem_attr((int)attr),
                   mh__d_graph_mem_value((int)attr, value, true, err));
}

/* clr MemoryPool::SetAttribute for the graph pool: the high marks, reset to 0 only. */
static hipError_t set_graph_mem(mh_state *s, int device, hipGraphMemAttributeType attr,
                                const void *value) {
  if (attr != hipGraphMemAttrUsedMemHigh && attr != hipGraphMemAttrReservedMemHigh)
    return mh__fail(hipErrorInvalidValue,
                    "attr %s cannot be set: only hipGraphMemAttrUsedMemHigh and "
                    "hipGraphMemAttrReservedMemHigh can, to 0",
                    mh__d_graph_mem_attr((int)attr));
  uint64_t v;
  memcpy(&v, value, sizeof v);
  if (v != 0)
    return mh__fail(hipErrorInvalidValue, "*value is %llu: a high mark is reset to 0 only",
                    (unsigned long long)v);
  if (attr == hipGraphMemAttrUsedMemHigh)
    s->graph_mem_used_high[device] = 0;
  else
    s->graph_mem_reserved_high[device] = 0;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceSetGraphMemAttribute(int device, hipGraphMemAttributeType attr,
                                                   void *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSetGraphMemAttribute, MH_CALLER, &s);
  if (err == hipSuccess)
    err = device_check(s, device);
  if (err == hipSuccess && value == NULL)
    err = mh__fail(hipErrorInvalidValue, "value is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_graph_mem(s, device, attr, value);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceSetGraphMemAttribute, err, "device=%d, attr=%s, %s",
                   device, mh__d_graph_mem_attr((int)attr),
                   mh__d_graph_mem_value((int)attr, value, false, err));
}

/* clr TrimTo(0) gives back what its graph pool keeps of freed memory; the mock keeps none. */
MH_EXPORT hipError_t hipDeviceGraphMemTrim(int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGraphMemTrim, MH_CALLER, &s);
  if (err == hipSuccess)
    err = device_check(s, device);
  return mh__leave(MOCKHIP_CALL_hipDeviceGraphMemTrim, err, "device=%d", device);
}
