/*
 * graph_clone.c: copies of graphs and of nodes' work: hipGraphClone and
 * hipGraphNodeFindInClone, the copy a child graph node keeps of its graph
 * (graph_node_kinds.c), and the copy of each node an exec keeps (graph_exec.c).
 *
 * A clone holds a copy of every node's work (a kernel's arguments, a copy's
 * description, a child graph, copied in turn) and every edge, in the order
 * they were made; each node remembers the node it copies, which is how clr
 * finds it again (GraphNode::GetID, the same in both). Graphs with memory
 * nodes are not cloned (clr hipGraphClone: hipErrorNotSupported).
 */
#include <stdlib.h>
#include <string.h>

#include "runtime/copies/copies.h"
#include "runtime/launch/launch.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

static void *memdup(const void *from, size_t bytes) {
  void *to = malloc(bytes);
  return to != NULL ? memcpy(to, from, bytes) : NULL;
}

/* A copy of a node's work that owns what it points to (a kernel's closure and arguments, a 2D
   or 3D copy's description and parameters); not a child graph node's (mh__graph_clone). */
hipError_t mh__node_work_copy(mh_node_work *to, const mh_node_work *from) {
  *to = *from;
  if ((from->type == HIPVMM_NODE_MEM_ALLOC || from->type == HIPVMM_NODE_MEM_FREE) &&
      from->u.graph_alloc != NULL) /* the copy holds the allocation too */
    mh__graph_alloc_retain(from->u.graph_alloc);
  if (from->type == hipGraphNodeTypeMemcpy) {
    to->u.copy.strided = NULL;
    to->u.copy.parms = NULL;
    if ((from->u.copy.strided != NULL &&
         (to->u.copy.strided = mh__strided_clone(from->u.copy.strided)) == NULL) ||
        (from->u.copy.parms != NULL &&
         (to->u.copy.parms = memdup(from->u.copy.parms, sizeof *from->u.copy.parms)) == NULL)) {
      mh__node_work_free(to);
      return mh__fail(hipErrorOutOfMemory, "no memory for a copy node");
    }
  }
  if (from->type != hipGraphNodeTypeKernel)
    return hipSuccess;
  mh_kernel_work *k = &to->u.kernel;
  k->closure = NULL;
  k->pointers = NULL;
  k->given_args = NULL;
  if ((from->u.kernel.pointer_count > 0 &&
       (k->pointers = memdup(from->u.kernel.pointers,
                             from->u.kernel.pointer_count * sizeof *k->pointers)) == NULL) ||
      (from->u.kernel.given_args != NULL &&
       (k->given_args =
            mh__kernel_args_copy(from->u.kernel.given_args, k->arg_sizes, k->arg_count)) == NULL) ||
      (from->u.kernel.closure != NULL &&
       (k->closure = from->u.kernel.clone(from->u.kernel.closure)) == NULL)) {
    mh__node_work_free(to);
    return mh__fail(hipErrorOutOfMemory, "no memory for a kernel node's arguments");
  }
  return hipSuccess;
}

/* The nodes of `from` copied into `to`, without edges; a child graph cloned in turn. */
static hipError_t clone_nodes(mh_state *s, const mh_graph *from, mh_graph *to) {
  for (size_t i = 0; i < from->node_count; i++) {
    const mh_graph_node *n = from->nodes[i];
    mh_node_work work = n->work;
    hipError_t err = n->work.type == hipGraphNodeTypeGraph
                         ? mh__graph_clone(s, n->work.u.child, &work.u.child)
                         : mh__node_work_copy(&work, &n->work);
    if (err != hipSuccess)
      return err;
    if (n->work.type == hipGraphNodeTypeGraph) {
      work.u.child->cloned = false;
      work.u.child->child = true;
    }
    mh_graph_node *copy;
    err = mh__graph_add(to, &work, NULL, 0, &copy);
    if (err != hipSuccess) {
      if (work.type == hipGraphNodeTypeGraph)
        mh__graph_unregister(s, work.u.child);
      mh__node_work_free(&work);
      return err;
    }
    copy->cloned_from = n->id;
  }
  return hipSuccess;
}

hipError_t mh__graph_clone(mh_state *s, const mh_graph *graph, mh_graph **out) {
  mh_graph *c = mh__graph_new();
  if (c == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the graph's copy");
  c->site = mh__call_site();
  c->cloned = true;
  hipError_t err = clone_nodes(s, graph, c);
  if (err == hipSuccess)
    err = mh__graph_user_objects_clone(s, graph, c);
  for (size_t i = 0; err == hipSuccess && i < graph->node_count; i++) {
    const mh_graph_node *n = graph->nodes[i];
    for (size_t e = 0; err == hipSuccess && e < n->dependent_count; e++)
      err = mh__graph_link(c->nodes[i], c->nodes[n->dependents[e]->index]);
  }
  if (err == hipSuccess)
    err = mh__graph_register(s, c);
  if (err != hipSuccess) {
    mh__graph_free(s, c);
    return err;
  }
  *out = c;
  return hipSuccess;
}

/* hipGraphClone under the write lock. */
static hipError_t graph_clone(mh_state *s, hipGraph_t *out, hipGraph_t original) {
  if (out == NULL || original == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    out == NULL ? "pGraphClone" : "originalGraph");
  mh_graph *g, *c;
  hipError_t err = mh__graph_get(s, original, "originalGraph", &g);
  for (size_t i = 0; err == hipSuccess && i < g->node_count; i++)
    if (g->nodes[i]->work.type == HIPVMM_NODE_MEM_ALLOC ||
        g->nodes[i]->work.type == HIPVMM_NODE_MEM_FREE)
      err = mh__fail(hipErrorNotSupported,
                     "originalGraph %p holds a memory %s node: such a graph is not cloned",
                     (void *)original,
                     g->nodes[i]->work.type == HIPVMM_NODE_MEM_ALLOC ? "alloc" : "free");
  if (err == hipSuccess)
    err = mh__graph_clone(s, g, &c);
  if (err == hipSuccess)
    *out = (hipGraph_t)(uintptr_t)c->id;
  return err;
}

MH_EXPORT hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphClone, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = graph_clone(s, pGraphClone, originalGraph);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphClone, err, "%s, originalGraph=%s",
                   mh__d_out_graph("pGraphClone", pGraphClone, err), mh__d_graph(originalGraph));
}

/* hipGraphNodeFindInClone under the lock. */
static hipError_t find_in_clone(mh_state *s, hipGraphNode_t *out, hipGraphNode_t original,
                                hipGraph_t cloned) {
  if (out == NULL || original == NULL || cloned == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    out == NULL        ? "pNode"
                    : original == NULL ? "originalNode"
                                       : "clonedGraph");
  mh_graph *g;
  hipError_t err = mh__graph_get(s, cloned, "clonedGraph", &g);
  if (err == hipSuccess && !g->cloned)
    err = mh__fail(hipErrorInvalidValue, "clonedGraph %p was not made by hipGraphClone",
                   (void *)cloned);
  for (size_t i = 0; err == hipSuccess && i < g->node_count; i++)
    if (g->nodes[i]->cloned_from == (uint64_t)(uintptr_t)original) {
      *out = (hipGraphNode_t)(uintptr_t)g->nodes[i]->id;
      return hipSuccess;
    }
  return err != hipSuccess ? err
                           : mh__fail(hipErrorInvalidValue,
                                      "originalNode %p has no copy in clonedGraph %p (it was "
                                      "added to its graph after the clone, or is another "
                                      "graph's)",
                                      (void *)original, (void *)cloned);
}

MH_EXPORT hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode,
                                             hipGraph_t clonedGraph) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGraphNodeFindInClone, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = find_in_clone(s, pNode, originalNode, clonedGraph);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGraphNodeFindInClone, err, "%s, originalNode=%s, clonedGraph=%s",
                   mh__d_out_graph_node("pNode", pNode, err), mh__d_graph_node(originalNode),
                   mh__d_graph(clonedGraph));
}
