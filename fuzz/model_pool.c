/*
 * model_pool.c: the model of the stream-ordered memory pools, from
 * docs/mockhip/runtime.md "Stream-ordered memory pools": each device's default pool
 * (current until hipDeviceSetMemPool names another), user-made pools, their
 * access per device, attributes, trim, allocations and frees. What a pool
 * keeps mapped and cached is its own affair: the model reads
 * ReservedMemCurrent from the mock (pool_reserved) and holds the pools to
 * what must hold whatever they cache: what is allocated is used, what is used
 * is reserved, and what they reserve is device memory no one else gets.
 */
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

static bool valid_device(int device) { return device >= 0 && device < MODEL_DEVICES; }

static int new_pool(model *m, int device, bool is_default, uintptr_t handle) {
  for (int i = 0; i < MODEL_MAX_POOLS; i++) {
    model_pool *p = &m->pools[i];
    if (p->live || p->held)
      continue;
    *p = (model_pool){.live = true, .handle = handle, .device = device, .is_default = is_default};
    p->access[device] = hipMemAccessFlagsProtReadWrite;
    return i;
  }
  return -1;
}

void model_pools_init(model *m, int device) {
  for (int i = 0; i < MODEL_MAX_POOLS; i++)
    if ((m->pools[i].live || m->pools[i].held) && m->pools[i].device == device)
      m->pools[i] = (model_pool){0};
  m->current_pool[device] = new_pool(m, device, true, 0);
}

int model_pool_of(const model *m, uintptr_t handle) {
  for (int i = 0; handle != 0 && i < MODEL_MAX_POOLS; i++)
    if (m->pools[i].live && m->pools[i].handle == handle)
      return i;
  return -1;
}

size_t model_pool_used(const model *m, int pool) {
  size_t bytes = 0;
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++)
    if (m->blocks[i].live && m->blocks[i].kind == BLOCK_POOL && m->blocks[i].pool == pool)
      bytes += m->blocks[i].bytes;
  return bytes;
}

/* The default pool of device: its handle learnt from the first call that shows it. */
static hipError_t learn(model *m, int pool, uintptr_t got) {
  if (m->pools[pool].handle == 0)
    m->pools[pool].handle = got;
  return got != 0 && m->pools[pool].handle == got ? hipSuccess : hipErrorUnknown;
}

static int default_pool(const model *m, int device) {
  for (int i = 0; i < MODEL_MAX_POOLS; i++)
    if (m->pools[i].live && m->pools[i].is_default && m->pools[i].device == device)
      return i;
  return -1;
}

hipError_t model_pool_get_default(model *m, bool out_null, int device, uintptr_t got) {
  if (out_null)
    return hipErrorInvalidValue;
  if (!valid_device(device))
    return hipErrorInvalidDevice;
  return learn(m, default_pool(m, device), got);
}

hipError_t model_pool_get_current(model *m, bool out_null, int device, uintptr_t got) {
  if (out_null || !valid_device(device))
    return hipErrorInvalidValue;
  return learn(m, m->current_pool[device], got);
}

hipError_t model_pool_set_current(model *m, int device, uintptr_t pool) {
  if (pool == 0 || !valid_device(device))
    return hipErrorInvalidValue;
  int p = model_pool_of(m, pool);
  if (p < 0)
    return hipErrorInvalidValue;
  if (m->pools[p].device != device)
    return hipErrorInvalidDevice;
  m->current_pool[device] = p;
  return hipSuccess;
}

hipError_t model_pool_create(model *m, bool out_null, const hipMemPoolProps *props, uintptr_t got) {
  if (out_null || props == NULL ||
      (props->allocType != hipMemAllocationTypePinned && props->allocType != 2 /* Managed */) ||
      props->location.type != hipMemLocationTypeDevice || !valid_device(props->location.id))
    return hipErrorInvalidValue;
  if (new_pool(m, props->location.id, false, got) < 0)
    abort(); /* the fuzzer checks for room first */
  return hipSuccess;
}

hipError_t model_pool_destroy(model *m, uintptr_t pool) {
  int p = model_pool_of(m, pool);
  if (p < 0 || m->pools[p].is_default)
    return hipErrorInvalidValue;
  model_pool *mp = &m->pools[p];
  if (m->current_pool[mp->device] == p)
    m->current_pool[mp->device] = default_pool(m, mp->device);
  mp->live = false;
  mp->held = mp->blocks > 0; /* each block holds its pool */
  if (!mp->held)
    *mp = (model_pool){0};
  return hipSuccess;
}

hipError_t model_pool_set_access(model *m, uintptr_t pool, const hipMemAccessDesc *desc) {
  if (pool == 0 || desc == NULL)
    return hipErrorInvalidValue;
  int p = model_pool_of(m, pool);
  if (p < 0)
    return hipErrorInvalidValue;
  if (desc->location.type != hipMemLocationTypeDevice)
    return hipErrorInvalidValue;
  if (!valid_device(desc->location.id))
    return hipErrorInvalidDevice;
  if ((unsigned)desc->flags > hipMemAccessFlagsProtReadWrite)
    return hipErrorInvalidValue;
  if (desc->location.id == m->pools[p].device) { /* its own device keeps ReadWrite */
    if (desc->flags == hipMemAccessFlagsProtNone)
      return hipErrorInvalidDevice;
    if (desc->flags == hipMemAccessFlagsProtRead)
      return hipErrorNotSupported;
  }
  /* the own device keeps ReadWrite; another keeps what it was given (Read lets it write too,
     as clr enables peer access) */
  if (desc->location.id != m->pools[p].device)
    m->pools[p].access[desc->location.id] = desc->flags;
  return hipSuccess;
}

hipError_t model_pool_get_access(const model *m, bool out_null, uintptr_t pool,
                                 const hipMemLocation *location, unsigned *expect) {
  if (out_null || pool == 0 || location == NULL || location->type != hipMemLocationTypeDevice ||
      !valid_device(location->id))
    return hipErrorInvalidValue;
  int p = model_pool_of(m, pool);
  if (p < 0)
    return hipErrorInvalidValue;
  *expect = m->pools[p].access[location->id];
  return hipSuccess;
}

hipError_t model_pool_trim(const model *m, uintptr_t pool) {
  return model_pool_of(m, pool) < 0 ? hipErrorInvalidValue : hipSuccess;
}

hipError_t model_pool_attribute(const model *m, uintptr_t pool, bool set, int attr, uint64_t value,
                                bool value_null) {
  if (pool == 0 || value_null || model_pool_of(m, pool) < 0 ||
      attr < hipMemPoolReuseFollowEventDependencies || attr > hipMemPoolAttrUsedMemHigh)
    return hipErrorInvalidValue;
  if (set && (attr == hipMemPoolAttrReservedMemCurrent || attr == hipMemPoolAttrUsedMemCurrent))
    return hipErrorInvalidValue; /* read only */
  if (set && (attr == hipMemPoolAttrReservedMemHigh || attr == hipMemPoolAttrUsedMemHigh) &&
      value != 0)
    return hipErrorInvalidValue; /* a peak is only reset, to 0 */
  return hipSuccess;
}

/* The pool an allocation comes from, or -1 with *err. */
static int alloc_pool(model *m, bool from_pool, uintptr_t pool, uintptr_t stream, hipError_t *err) {
  int device = model__stream_device(m, stream, err);
  if (*err != hipSuccess)
    return -1;
  int p = from_pool ? model_pool_of(m, pool) : m->current_pool[device];
  if (p < 0)
    *err = hipErrorInvalidValue;
  return p;
}

hipError_t model_pool_alloc(model *m, bool out_null, size_t bytes, bool from_pool, uintptr_t pool,
                            uintptr_t stream, uintptr_t got) {
  if (out_null || (from_pool && pool == 0))
    return hipErrorInvalidValue;
  hipError_t err;
  model__stream_device(m, stream, &err);
  if (err == hipErrorContextIsDestroyed) /* g: async_stream_invalid */
    return m->profile->async_stream_invalid;
  if (err != hipSuccess)
    return err;
  if (bytes == 0)
    return hipSuccess; /* *ptr = NULL */
  int p = alloc_pool(m, from_pool, pool, stream, &err);
  if (p < 0)
    return err;
  model_pool *mp = &m->pools[p];
  mp->blocks++;
  model__block_add(m, got, bytes, BLOCK_POOL, mp->device, p);
  return hipSuccess;
}
