/*
 * model_graph.c: the model of graphs made by hand, of arrays and of host work
 * on streams, from docs/mockhip/runtime.md ("Graphs", "Arrays and pitched memory",
 * "Streams, events and capture"). A graph here is a chain of empty and memset
 * nodes; an instantiated graph keeps the nodes it was made from and runs them,
 * in order, at each launch, with the checks a direct hipMemset makes, the
 * first failure stopping it. Arrays are charged to their device by pages.
 */
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

#define ARRAY_WIDTH_MAX ((size_t)16384) /* clr's image limit, width and height */

bool model_room_for_graph(const model *m) {
  for (int i = 0; i < MODEL_MAX_GRAPHS; i++)
    if (!m->graphs[i].live)
      return true;
  return false;
}

bool model_room_for_exec(const model *m) {
  for (int i = 0; i < MODEL_MAX_EXECS; i++)
    if (!m->execs[i].live)
      return true;
  return false;
}

bool model_room_for_array(const model *m) {
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++)
    if (!m->arrays[i].live)
      return true;
  return false;
}

static model_graph *graph_of(model *m, uintptr_t handle) {
  for (int i = 0; handle != 0 && i < MODEL_MAX_GRAPHS; i++)
    if (m->graphs[i].live && m->graphs[i].handle == handle)
      return &m->graphs[i];
  return NULL;
}

hipError_t model_graph_create(model *m, bool out_null, unsigned flags, uintptr_t got) {
  if (out_null || flags != 0)
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_GRAPHS; i++)
    if (!m->graphs[i].live) {
      m->graphs[i] = (model_graph){.live = true, .handle = got};
      return hipSuccess;
    }
  abort(); /* the fuzzer checks for room first */
}

hipError_t model_graph_destroy(model *m, uintptr_t graph) {
  if (graph == 0)
    return hipErrorInvalidValue;
  model_graph *g = graph_of(m, graph);
  if (g == NULL)
    return hipErrorIllegalState; /* an id no graph holds now */
  g->live = false;
  return hipSuccess;
}

bool model_graph_full(const model *m, uintptr_t graph) {
  const model_graph *g = graph_of((model *)m, graph);
  return g != NULL && g->count == MODEL_MAX_NODES;
}

uintptr_t model_graph_last(const model *m, uintptr_t graph) {
  const model_graph *g = graph_of((model *)m, graph);
  return g != NULL ? g->last_node : 0;
}

/* What a direct hipMemset of the node would answer now, doing it when it may. */
static hipError_t run_memset(model *m, const model_node *n) {
  return model_block_memset(m, n->dst, n->value, n->bytes);
}

hipError_t model_graph_add(model *m, uintptr_t graph, bool memset, uintptr_t dst, size_t bytes,
                           unsigned char value, uintptr_t got_node) {
  model_graph *g = graph_of(m, graph);
  if (g == NULL)
    return hipErrorInvalidValue;
  model_node node = {memset, dst, bytes, value};
  if (memset) {
    if (dst == 0 || bytes == 0)
      return hipErrorInvalidValue;
    model_block *b = model__block_holding(m, dst, bytes);
    if (b == NULL || b->kind != BLOCK_DEVICE)
      return hipErrorInvalidValue; /* checked as hipMemsetAsync is, device memory only */
  }
  g->nodes[g->count++] = node;
  g->last_node = got_node;
  return hipSuccess;
}

hipError_t model_graph_instantiate(model *m, bool out_null, uintptr_t graph, uintptr_t got) {
  model_graph *g = graph_of(m, graph);
  if (out_null || g == NULL)
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_EXECS; i++)
    if (!m->execs[i].live) {
      m->execs[i] = (model_exec){.live = true, .handle = got, .count = g->count};
      memcpy(m->execs[i].nodes, g->nodes, sizeof g->nodes);
      return hipSuccess;
    }
  abort();
}

static model_exec *exec_of(model *m, uintptr_t handle) {
  for (int i = 0; handle != 0 && i < MODEL_MAX_EXECS; i++)
    if (m->execs[i].live && m->execs[i].handle == handle)
      return &m->execs[i];
  return NULL;
}

hipError_t model_graph_launch(model *m, uintptr_t exec, uintptr_t stream) {
  model_exec *e = exec_of(m, exec);
  if (e == NULL)
    return hipErrorInvalidValue;
  hipError_t err;
  model__stream_device(m, stream, &err);
  for (int i = 0; err == hipSuccess && i < e->count; i++)
    if (e->nodes[i].memset)
      err = run_memset(m, &e->nodes[i]);
  return err;
}

hipError_t model_exec_destroy(model *m, uintptr_t exec) {
  model_exec *e = exec_of(m, exec);
  if (e == NULL)
    return hipErrorInvalidValue;
  e->live = false;
  return hipSuccess;
}

hipError_t model_array_create(model *m, bool out_null, size_t width, size_t height, uintptr_t got) {
  if (out_null || width == 0 || width > ARRAY_WIDTH_MAX || height > ARRAY_WIDTH_MAX)
    return hipErrorInvalidValue;
  size_t bytes = width * (height ? height : 1) * sizeof(float);
  bytes = (bytes + MODEL_PAGE - 1) / MODEL_PAGE * MODEL_PAGE;
  if (bytes > model_device_room(m, m->device))
    return hipErrorOutOfMemory;
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++)
    if (!m->arrays[i].live) {
      m->arrays[i] = (model_array){true, got, m->device, bytes};
      m->charged[m->device] += bytes;
      return hipSuccess;
    }
  abort();
}

hipError_t model_array_free(model *m, uintptr_t array) {
  if (array == 0)
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++) {
    model_array *a = &m->arrays[i];
    if (a->live && a->handle == array) {
      m->charged[a->device] -= a->bytes;
      a->live = false;
      return hipSuccess;
    }
  }
  return hipErrorContextIsDestroyed; /* clr ihipArrayDestroy: no such array */
}

hipError_t model_host_work(model *m, bool fn_null, unsigned flags, uintptr_t stream) {
  if (fn_null || flags != 0)
    return hipErrorInvalidValue;
  hipError_t err;
  model__stream_device(m, stream, &err);
  return err;
}
