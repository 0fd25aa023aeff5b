/*
 * kernel_node_attributes.c: a kernel node's attributes:
 * hipGraphKernelNodeSetAttribute, GetAttribute and CopyAttributes, as clr's
 * GraphKernelNode keeps them (hip_graph_internal.hpp SetAttrParams,
 * GetAttrParams, CopyAttr): one attribute in use at a time, the access
 * policy window checked against the device's largest (0 on the mock, as on
 * an MI300X), a priority checked as clr checks it. Nothing a CPU runs
 * changes with them: they are kept and answered. New parameters (SetParams)
 * keep them, as do the exec's and a clone's copies of the node.
 */
#include <string.h>

#include "runtime/launch/launch.h"
#include "runtime/streams/streams.h"

/* hipLaunchAttributePriority (8), which ROCm 5.2's header does not name */
#define ATTR_PRIORITY 8

void mh__kernel_attrs_keep(mh_node_work *to, const mh_node_work *from) {
  if (to->type != hipGraphNodeTypeKernel || from->type != hipGraphNodeTypeKernel)
    return;
  to->u.kernel.attr_in_use = from->u.kernel.attr_in_use;
  to->u.kernel.attr = from->u.kernel.attr;
}

static hipError_t check_attr(int attr) {
  return attr == hipKernelNodeAttributeAccessPolicyWindow ||
                 attr == hipKernelNodeAttributeCooperative || attr == ATTR_PRIORITY
             ? hipSuccess
             : mh__fail(hipErrorInvalidValue,
                        "attr %d is no kernel node attribute: give "
                        "hipKernelNodeAttributeAccessPolicyWindow (1), "
                        "hipKernelNodeAttributeCooperative (2) or hipLaunchAttributePriority (8)",
                        attr);
}

/* SetAttrParams' checks of a value. */
static hipError_t check_value(int attr, const hipKernelNodeAttrValue *v) {
  if (attr == hipKernelNodeAttributeAccessPolicyWindow) {
    const hipAccessPolicyWindow *w = &v->accessPolicyWindow;
    const int max_window = 0; /* hipDeviceAttributeAccessPolicyMaxWindowSize (device.c) */
    if (w->hitRatio < 0 || w->hitRatio > 1)
      return mh__fail(hipErrorInvalidValue, "accessPolicyWindow.hitRatio is %g: give 0 to 1",
                      (double)w->hitRatio);
    if (w->missProp == hipAccessPropertyPersisting)
      return mh__fail(hipErrorInvalidValue,
                      "accessPolicyWindow.missProp is hipAccessPropertyPersisting: a miss "
                      "cannot persist");
    if (w->num_bytes > 0 && w->hitRatio == 0)
      return mh__fail(hipErrorInvalidValue,
                      "accessPolicyWindow.hitRatio is 0 for a window of %zu bytes", w->num_bytes);
    if (w->num_bytes > (size_t)max_window)
      return mh__fail(hipErrorInvalidValue,
                      "accessPolicyWindow.num_bytes is %zu, past the device's largest window, "
                      "%d bytes (hipDeviceAttributeAccessPolicyMaxWindowSize)",
                      w->num_bytes, max_window);
  }
  if (attr == ATTR_PRIORITY) /* cooperative and priority are the union's first int */
    return mh__fail(hipErrorInvalidValue,
                    "priority %d: clr takes a priority below Low (1) or above High (-1), which "
                    "is none, so every priority is refused",
                    v->cooperative);
  return hipSuccess;
}

MH_EXPORT hipError_t hipGraphKernelNodeSetAttribute(hipGraphNode_t hNode, hipKernelNodeAttrID attr,
                                                    const hipKernelNodeAttrValue *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphKernelNodeSetAttribute, MH_CALLER, &s);
  if (err == hipSuccess && (hNode == NULL || value == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", hNode == NULL ? "hNode" : "value");
  if (err == hipSuccess)
    err = check_attr((int)attr);
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph_node *n;
    err = mh__graph_node_typed(s, hNode, "hNode", hipGraphNodeTypeKernel, &n);
    if (err == hipSuccess)
      err = check_value((int)attr, value);
    if (err == hipSuccess) {
      n->work.u.kernel.attr = *value;
      n->work.u.kernel.attr_in_use = (int)attr;
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphKernelNodeSetAttribute, err, "hNode=%s, attr=%d, value=%p",
                   mh__d_graph_node(hNode), (int)attr, (const void *)value);
}

MH_EXPORT hipError_t hipGraphKernelNodeGetAttribute(hipGraphNode_t hNode, hipKernelNodeAttrID attr,
                                                    hipKernelNodeAttrValue *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphKernelNodeGetAttribute, MH_CALLER, &s);
  if (err == hipSuccess && (hNode == NULL || value == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", hNode == NULL ? "hNode" : "value");
  if (err == hipSuccess)
    err = check_attr((int)attr);
  if (err == hipSuccess) {
    mh__lock_read();
    mh_graph_node *n;
    err = mh__graph_node_typed(s, hNode, "hNode", hipGraphNodeTypeKernel, &n);
    const mh_kernel_work *k = err == hipSuccess ? &n->work.u.kernel : NULL;
    if (k != NULL && k->attr_in_use != 0 && k->attr_in_use != (int)attr)
      err = mh__fail(hipErrorInvalidValue,
                     "hNode %p has attribute %d set, not %d: clr keeps one at a time",
                     (void *)hNode, k->attr_in_use, (int)attr);
    else if (k != NULL && attr == hipKernelNodeAttributeAccessPolicyWindow)
      value->accessPolicyWindow = k->attr.accessPolicyWindow;
    else if (k != NULL) /* never set: 0, as clr's node starts */
      value->cooperative = k->attr.cooperative;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphKernelNodeGetAttribute, err, "hNode=%s, attr=%d, value=%p",
                   mh__d_graph_node(hNode), (int)attr, (void *)value);
}

MH_EXPORT hipError_t hipGraphKernelNodeCopyAttributes(hipGraphNode_t hSrc, hipGraphNode_t hDst) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphKernelNodeCopyAttributes, MH_CALLER, &s);
  if (err == hipSuccess && (hSrc == NULL || hDst == NULL))
    err = mh__fail(hipErrorInvalidValue, "%s is NULL", hSrc == NULL ? "hSrc" : "hDst");
  if (err == hipSuccess) {
    mh__lock_write();
    mh_graph_node *src, *dst;
    err = mh__graph_node_typed(s, hSrc, "hSrc", hipGraphNodeTypeKernel, &src);
    if (err == hipSuccess)
      err = mh__graph_node_typed(s, hDst, "hDst", hipGraphNodeTypeKernel, &dst);
    mh_kernel_work *to = err == hipSuccess ? &dst->work.u.kernel : NULL;
    const mh_kernel_work *from = err == hipSuccess ? &src->work.u.kernel : NULL;
    /* CopyAttr: a destination with another attribute in use is hipErrorInvalidContext */
    if (to != NULL && to->attr_in_use != 0 && from->attr_in_use != to->attr_in_use)
      err = mh__fail(hipErrorInvalidContext,
                     "hDst has attribute %d set and hSrc %d: a node keeps one at a time",
                     to->attr_in_use, from->attr_in_use);
    else if (to != NULL && from->attr_in_use != 0) {
      to->attr_in_use = from->attr_in_use;
      to->attr = from->attr;
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphKernelNodeCopyAttributes, err, "hSrc=%s, hDst=%s",
                   mh__d_graph_node(hSrc), mh__d_graph_node(hDst));
}
