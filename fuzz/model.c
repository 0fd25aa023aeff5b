/*
 * model.c: the model as a whole: made empty for a profile, emptied between
 * inputs, counted for mockhip_stats and hipMemGetInfo, and hipDeviceReset,
 * which reaches every part of it. The parts are model_objects.c and
 * model_access.c (VMM), model_runtime.c, model_pool.c and model_graph.c (the
 * host runtime), each using only those before it in that list; this file uses
 * them all.
 */
#include "model_internal.h"

#include <stdlib.h>
#include <string.h>

void model_init(model *m, const model_profile *profile) {
  memset(m, 0, sizeof *m);
  m->profile = profile;
  m->granule = profile->granule;
  m->capacity = MODEL_CAPACITY_GRANULES * m->granule > MODEL_CAPACITY_MIN
                    ? MODEL_CAPACITY_GRANULES * m->granule
                    : MODEL_CAPACITY_MIN;
  m->shadow_bytes = MODEL_SHADOW_GRANULES * m->granule < m->capacity
                        ? MODEL_SHADOW_GRANULES * m->granule
                        : m->capacity;
  for (int d = 0; d < MODEL_DEVICES; d++)
    model_pools_init(m, d);
}

void model_reset(model *m) {
  const model_profile *profile = m->profile;
  for (int i = 0; i < MODEL_MAX_PHYS; i++)
    free(m->memories[i].shadow);
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++)
    free(m->blocks[i].shadow), free(m->blocks[i].known);
  /* What the process keeps from input to input: the contexts, and the pools (after a
     teardown, each device's default pool, current again). */
  uintptr_t ctx_value[MODEL_DEVICES];
  bool ctx_active[MODEL_DEVICES];
  model_pool pools[MODEL_MAX_POOLS];
  int current_pool[MODEL_DEVICES];
  memcpy(ctx_value, m->ctx_value, sizeof ctx_value);
  memcpy(ctx_active, m->ctx_active, sizeof ctx_active);
  memcpy(pools, m->pools, sizeof pools);
  memcpy(current_pool, m->current_pool, sizeof current_pool);
  model_init(m, profile);
  memcpy(m->ctx_value, ctx_value, sizeof ctx_value);
  memcpy(m->ctx_active, ctx_active, sizeof ctx_active);
  memcpy(m->pools, pools, sizeof pools);
  memcpy(m->current_pool, current_pool, sizeof current_pool);
}

bool model_is_empty(const model *m) {
  model_counters c;
  model_counters_get(m, &c);
  for (int i = 0; i < MODEL_MAX_FDS; i++)
    if (m->fds[i].open)
      return false;
  for (int d = 0; d < MODEL_DEVICES; d++)
    for (int p = 0; p < MODEL_DEVICES; p++)
      if (m->peer[d][p])
        return false;
  return c.reservations == 0 && c.mappings == 0 && c.handles == 0 && c.mallocs == 0 &&
         c.streams == 0 && c.events == 0 && c.pools == 0 && c.pool_blocks == 0 && c.graphs == 0 &&
         c.execs == 0 && c.arrays == 0 && m->ctx_depth == 0;
}

void model_counters_get(const model *m, model_counters *out) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < MODEL_MAX_RESERVATIONS; i++)
    if (m->reservations[i].live)
      out->reserved_bytes += m->reservations[i].bytes, out->reservations++;
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++)
    if (m->mappings[i].live)
      out->mapped_bytes += m->mappings[i].bytes, out->mappings++;
  for (int i = 0; i < MODEL_MAX_PHYS; i++)
    if (m->phys[i].live)
      out->physical_bytes += m->phys[i].bytes, out->handles++;
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    const model_block *b = &m->blocks[i];
    if (b->live && b->kind == BLOCK_POOL)
      out->pool_blocks++; /* in none of the hipMalloc counters */
    else if (b->live)
      out->malloc_bytes += (b->bytes + MODEL_PAGE - 1) / MODEL_PAGE * MODEL_PAGE, out->mallocs++;
  }
  for (int i = 0; i < MODEL_MAX_POOLS; i++)
    out->pools += m->pools[i].live && !m->pools[i].is_default;
  for (int i = 0; i < MODEL_MAX_GRAPHS; i++)
    out->graphs += m->graphs[i].live;
  for (int i = 0; i < MODEL_MAX_EXECS; i++)
    out->execs += m->execs[i].live;
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++)
    out->arrays += m->arrays[i].live;
  for (int i = 0; i < MODEL_MAX_STREAMS; i++)
    out->streams += m->streams[i].live;
  for (int i = 0; i < MODEL_MAX_EVENTS; i++)
    out->events += m->events[i].live;
  for (int d = 0; d < MODEL_DEVICES; d++)
    out->free_bytes[d] = model_device_room(m, d);
}

/* ---- hipDeviceReset: the current device's blocks and streams go, as clr's Device::Reset ---- */

hipError_t model_device_reset(model *m) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    model_block *b = &m->blocks[i];
    if (b->live && b->device == m->device)
      model__block_release(m, b);
  }
  model_pools_init(m, m->device); /* its pools go, user-made ones too */
  for (int i = 0; i < MODEL_MAX_ARRAYS; i++)
    if (m->arrays[i].live && m->arrays[i].device == m->device)
      model_array_free(m, m->arrays[i].handle); /* and its arrays */
  for (int i = 0; i < MODEL_MAX_STREAMS; i++)
    if (m->streams[i].live && m->streams[i].device == m->device)
      m->streams[i].live = false;
  return hipSuccess;
}
