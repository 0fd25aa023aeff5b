/*
 * model_runtime.c: the model of the host runtime around VMM, from
 * docs/mockhip/runtime.md "The host runtime around VMM, call by call" (streams, events,
 * contexts, peer access, the hipMalloc-family blocks) and table (g)'s rows for
 * them (ext_malloc, free_crosses_kinds, ctx_synchronize, stream_priorities).
 *
 * Work runs at the call, so nothing is ever pending: the model keeps only what
 * a later call can tell apart: which handles are live and what they were made
 * with, whether an event was recorded, each block's bytes, the thread's
 * context stack and the peer pairs enabled.
 */
#include "model_internal.h"

#include <stdlib.h>
#include <string.h>

#define STREAM_LEGACY ((uintptr_t)hipStreamLegacy)
#define STREAM_PER_THREAD ((uintptr_t)hipStreamPerThread)

static bool valid_device(int device) { return device >= 0 && device < MODEL_DEVICES; }

static size_t page_round(size_t bytes) {
  return bytes > SIZE_MAX - (MODEL_PAGE - 1) ? 0
                                             : (bytes + MODEL_PAGE - 1) / MODEL_PAGE * MODEL_PAGE;
}

bool model_room_for_stream(const model *m) {
  for (int i = 0; i < MODEL_MAX_STREAMS; i++)
    if (!m->streams[i].live)
      return true;
  return false;
}

bool model_room_for_event(const model *m) {
  for (int i = 0; i < MODEL_MAX_EVENTS; i++)
    if (!m->events[i].live)
      return true;
  return false;
}

bool model_room_for_block(const model *m) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++)
    if (!m->blocks[i].live)
      return true;
  return false;
}

bool model_room_for_ctx(const model *m) { return m->ctx_depth < MODEL_MAX_CTX_DEPTH; }

/* ---- streams ---- */

static model_stream *stream_of(model *m, uintptr_t handle) {
  for (int i = 0; i < MODEL_MAX_STREAMS; i++)
    if (m->streams[i].live && m->streams[i].handle == handle)
      return &m->streams[i];
  return NULL;
}

/* NULL and hipStreamLegacy: the null stream of the current device. */
static bool null_stream(uintptr_t stream) { return stream == 0 || stream == STREAM_LEGACY; }

int model__stream_device(model *m, uintptr_t stream, hipError_t *err) {
  *err = hipSuccess;
  if (null_stream(stream))
    return m->device;
  model_stream *s = stream_of(m, stream);
  if (s == NULL) {
    *err = hipErrorContextIsDestroyed;
    return -1;
  }
  return s->device;
}

hipError_t model_stream_create(model *m, bool out_null, unsigned flags, int priority,
                               uintptr_t got) {
  if (out_null || (flags != hipStreamDefault && flags != hipStreamNonBlocking))
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_STREAMS; i++) {
    if (m->streams[i].live)
      continue;
    int least = m->profile->least_priority, greatest = m->profile->greatest_priority;
    m->streams[i] = (model_stream){true, got, m->device, flags,
                                   priority > least      ? least
                                   : priority < greatest ? greatest
                                                         : priority};
    return hipSuccess;
  }
  abort(); /* the fuzzer checks for room first */
}

hipError_t model_stream_destroy(model *m, uintptr_t stream) {
  if (stream == 0)
    return hipErrorInvalidHandle;
  if (stream == STREAM_LEGACY || stream == STREAM_PER_THREAD)
    return hipErrorInvalidResourceHandle;
  model_stream *s = stream_of(m, stream);
  if (s == NULL)
    return hipErrorContextIsDestroyed;
  s->live = false;
  return hipSuccess;
}

hipError_t model_stream_synchronize(const model *m, uintptr_t stream) {
  hipError_t err;
  model__stream_device((model *)m, stream, &err);
  return err;
}

hipError_t model_stream_get(const model *m, uintptr_t stream, bool out_null, int what,
                            int *expect) {
  /* The output first, as clr; HIP on NVIDIA answers the null stream's flags
     (null_stream_flags). */
  if (out_null || (what == 0 && stream == 0 && !m->profile->nvidia))
    return hipErrorInvalidValue;
  hipError_t err;
  int device = model__stream_device((model *)m, stream, &err);
  if (err != hipSuccess)
    return err;
  const model_stream *s = null_stream(stream) ? NULL : stream_of((model *)m, stream);
  *expect = what == 0 ? (s ? (int)s->flags : 0) : what == 1 ? (s ? s->priority : 0) : device;
  return hipSuccess;
}

static model_event *event_of(model *m, uintptr_t handle) {
  for (int i = 0; i < MODEL_MAX_EVENTS; i++)
    if (m->events[i].live && m->events[i].handle == handle)
      return &m->events[i];
  return NULL;
}

hipError_t model_stream_wait_event(const model *m, uintptr_t stream, uintptr_t event,
                                   unsigned flags) {
  if (flags != 0 && flags != hipEventWaitExternal)
    return hipErrorInvalidValue;
  if (event == 0)
    return hipErrorInvalidHandle;
  if (!null_stream(stream) && stream_of((model *)m, stream) == NULL)
    return hipErrorInvalidHandle;
  const model_event *e = event_of((model *)m, event);
  if (e == NULL)
    return hipErrorContextIsDestroyed;
  if (e->recorded && !null_stream(e->recorded_on) && stream_of((model *)m, e->recorded_on) == NULL)
    return hipSuccess; /* its stream is gone, so it has completed: nothing to wait for */
  if (flags == hipEventWaitExternal) /* only a capturing stream may; the fuzzer captures none */
    return hipErrorInvalidHandle;
  return hipSuccess;
}

/* ---- events ---- */

#define EVENT_RELEASES                                                                             \
  (hipEventReleaseToDevice | hipEventReleaseToSystem | hipEventDisableSystemFence)
#define EVENT_FLAGS                                                                                \
  (hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess | EVENT_RELEASES)

hipError_t model_event_create(model *m, bool out_null, unsigned flags, uintptr_t got) {
  unsigned releases = flags & EVENT_RELEASES;
  if (out_null || (flags & ~(unsigned)EVENT_FLAGS) != 0 || (releases & (releases - 1)) != 0 ||
      ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming)))
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_EVENTS; i++) {
    if (m->events[i].live)
      continue;
    m->events[i] = (model_event){true, got, m->device, flags, false, 0};
    return hipSuccess;
  }
  abort();
}

hipError_t model_event_record(model *m, uintptr_t event, uintptr_t stream) {
  if (event == 0)
    return hipErrorInvalidHandle;
  model_event *e = event_of(m, event);
  if (e == NULL)
    return hipErrorContextIsDestroyed;
  hipError_t err;
  int device = model__stream_device(m, stream, &err);
  if (err != hipSuccess)
    return err;
  if (device != e->device)
    return hipErrorInvalidResourceHandle;
  e->recorded = true;
  e->recorded_on = stream;
  return hipSuccess;
}

hipError_t model_event_query(const model *m, uintptr_t event) {
  if (event == 0)
    return hipErrorInvalidHandle;
  return event_of((model *)m, event) ? hipSuccess : hipErrorContextIsDestroyed;
}

hipError_t model_event_elapsed(const model *m, bool ms_null, uintptr_t start, uintptr_t stop) {
  if (ms_null)
    return hipErrorInvalidValue;
  if (start == 0 || stop == 0)
    return hipErrorInvalidHandle;
  const model_event *a = event_of((model *)m, start), *b = event_of((model *)m, stop);
  if (a == NULL || b == NULL)
    return hipErrorContextIsDestroyed;
  if (a->device != b->device)
    return hipErrorInvalidResourceHandle;
  if (!a->recorded || !b->recorded || (a->flags & hipEventDisableTiming) ||
      (b->flags & hipEventDisableTiming))
    return hipErrorInvalidHandle;
  return hipSuccess;
}

hipError_t model_event_destroy(model *m, uintptr_t event) {
  if (event == 0)
    return hipErrorInvalidHandle;
  model_event *e = event_of(m, event);
  if (e == NULL)
    return hipErrorContextIsDestroyed;
  e->live = false;
  return hipSuccess;
}

/* ---- hipMalloc-family blocks ---- */

static model_block *block_at(model *m, uintptr_t base) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++)
    if (m->blocks[i].live && m->blocks[i].base == base)
      return &m->blocks[i];
  return NULL;
}

/* The block holding [ptr, ptr + bytes), by the size asked for; NULL when none does. */
model_block *model__block_holding(model *m, uintptr_t ptr, size_t bytes) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    model_block *b = &m->blocks[i];
    if (b->live && ptr >= b->base && ptr - b->base < b->bytes &&
        bytes <= b->bytes - (ptr - b->base))
      return b;
  }
  return NULL;
}

size_t model_block_bytes(const model *m, uintptr_t ptr) {
  const model_block *b = block_at((model *)m, ptr);
  return b ? b->bytes : 0;
}

bool model_block_pages_hold(const model *m, uintptr_t ptr) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    const model_block *b = &m->blocks[i];
    size_t reach = 3 * MODEL_MAX_GRANULE; /* the longest copy the fuzzer makes */
    if (b->live && ptr + reach > b->base && ptr < b->base + page_round(b->bytes))
      return true;
  }
  return false;
}

/* The flags each call takes; 0 is every call's default. */
static bool alloc_flags_valid(model_alloc_call call, unsigned flags) {
  switch (call) {
  case ALLOC_EXT: return flags <= hipDeviceMallocContiguous || flags == hipMallocSignalMemory;
  case ALLOC_MANAGED: return flags == hipMemAttachGlobal || flags == hipMemAttachHost;
  case ALLOC_HOST: {
    unsigned coherence = hipHostMallocCoherent | hipHostMallocNonCoherent;
    return (flags & coherence) != coherence &&
           !((flags & hipHostMallocUncached) && (flags & coherence));
  }
  default: return true;
  }
}

hipError_t model_block_alloc(model *m, model_alloc_call call, bool out_null, size_t bytes,
                             unsigned flags, uintptr_t got) {
  if (call == ALLOC_EXT && !m->profile->ext_malloc)
    return hipErrorNotSupported;
  if (call == ALLOC_EXT) { /* flags before the pointer, as ROCm */
    if (!alloc_flags_valid(call, flags) || (flags == hipMallocSignalMemory && bytes != 8))
      return hipErrorInvalidValue;
  }
  if (out_null)
    return hipErrorInvalidValue;
  if (call == ALLOC_MANAGED && (bytes == 0 || !alloc_flags_valid(call, flags)))
    return hipErrorInvalidValue;
  if (bytes == 0)
    return hipSuccess; /* *ptr = NULL */
  if (call == ALLOC_HOST && !alloc_flags_valid(call, flags))
    return hipErrorInvalidValue;
  bool device_memory =
      call == ALLOC_MALLOC || (call == ALLOC_EXT && flags != hipMallocSignalMemory);
  size_t rounded = page_round(bytes);
  size_t room = device_memory ? model_device_room(m, m->device) : m->capacity;
  if (rounded == 0 || rounded > room)
    return hipErrorOutOfMemory;
  model__block_add(m, got, bytes,
                   device_memory           ? BLOCK_DEVICE
                   : call == ALLOC_MANAGED ? BLOCK_MANAGED
                                           : BLOCK_HOST,
                   m->device, -1);
  if (device_memory)
    m->charged[m->device] += rounded;
  return hipSuccess;
}

model_block *model__block_add(model *m, uintptr_t base, size_t bytes, model_block_kind kind,
                              int device, int pool) {
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    model_block *b = &m->blocks[i];
    if (b->live)
      continue;
    *b = (model_block){true, base, bytes, kind, device, pool, calloc(bytes, 1), NULL};
    if (kind == BLOCK_POOL)
      b->known = calloc(bytes, 1);
    if (b->shadow == NULL || (kind == BLOCK_POOL && b->known == NULL))
      abort();
    return b;
  }
  abort(); /* the fuzzer checks for room first */
}

hipError_t model_block_free(model *m, uintptr_t ptr, bool host_call, bool async, uintptr_t stream) {
  if (async) {
    hipError_t err;
    model__stream_device(m, stream, &err);
    if (err == hipErrorContextIsDestroyed) /* g: async_stream_invalid */
      return m->profile->async_stream_invalid;
    if (err != hipSuccess)
      return err;
  }
  if (ptr == 0) /* g: free_async_null: hipFreeAsync(NULL) refused up to 7.0 */
    return async && m->profile->free_async_null_refused ? hipErrorInvalidValue : hipSuccess;
  model_block *b = block_at(m, ptr);
  if (b == NULL) /* pool memory goes back to its pool from anywhere inside it */
    b = model__block_holding(m, ptr, 0);
  if (b == NULL || (b->kind != BLOCK_POOL && b->base != ptr))
    return hipErrorInvalidValue;
  /* g: free_crosses_kinds: NVIDIA's hipFree (and hipFreeAsync) frees no pinned host memory,
     hipHostFree only it */
  if (!m->profile->free_crosses_kinds && (b->kind == BLOCK_HOST) != host_call)
    return hipErrorInvalidValue;
  model__block_release(m, b);
  return hipSuccess;
}

void model__block_release(model *m, model_block *b) {
  if (b->kind == BLOCK_DEVICE)
    m->charged[b->device] -= page_round(b->bytes);
  if (b->kind == BLOCK_POOL)
    model__pool_block_gone(m, b->pool);
  free(b->shadow);
  free(b->known);
  b->live = false;
  b->shadow = NULL;
  b->known = NULL;
}

/* ---- the blocks of a pool: what a pool block's free and access mean to its pool ---- */

bool model__pool_device_may(const model *m, int pool, int device) {
  return m->pools[pool].access[device] != hipMemAccessFlagsProtNone;
}

void model__pool_block_gone(model *m, int pool) {
  model_pool *p = &m->pools[pool];
  if (--p->blocks == 0 && p->held)
    *p = (model_pool){0}; /* its last block gone, the destroyed pool goes too */
}

void model_block_take_unknown(const model *m, uintptr_t ptr, size_t bytes, unsigned char *want,
                              const unsigned char *got) {
  const model_block *b = model__block_holding((model *)m, ptr, bytes);
  for (size_t i = 0; b != NULL && b->known != NULL && i < bytes; i++)
    if (!b->known[ptr - b->base + i])
      want[i] = got[i];
}

hipError_t model_block_copy(model *m, uintptr_t ptr, size_t bytes, bool to_block,
                            const unsigned char *in, unsigned char *expect) {
  if (bytes == 0)
    return hipSuccess;
  model_block *b = model__block_holding(m, ptr, bytes);
  if (ptr == 0 || b == NULL)
    return hipErrorInvalidValue;
  /* Pool memory is VMM memory its pool maps with access per device: a copy by a device
     without it is refused as any mapping's is (g: copy_access). */
  if (b->kind == BLOCK_POOL && !model__pool_device_may(m, b->pool, m->device))
    return m->profile->copy_first_mapping ? hipErrorUnknown : hipErrorInvalidValue;
  if (to_block) {
    memcpy(b->shadow + (ptr - b->base), in, bytes);
    if (b->known != NULL)
      memset(b->known + (ptr - b->base), 1, bytes);
  } else
    memcpy(expect, b->shadow + (ptr - b->base), bytes);
  return hipSuccess;
}

hipError_t model_block_memset(model *m, uintptr_t ptr, unsigned char value, size_t bytes) {
  if (bytes == 0)
    return hipSuccess;
  model_block *b = model__block_holding(m, ptr, bytes);
  if (ptr == 0 || b == NULL)
    return hipErrorInvalidValue;
  if (b->kind == BLOCK_POOL && !model__pool_device_may(m, b->pool, m->device))
    return m->profile->copy_first_mapping ? hipErrorUnknown : hipErrorInvalidValue;
  memset(b->shadow + (ptr - b->base), value, bytes);
  if (b->known != NULL)
    memset(b->known + (ptr - b->base), 1, bytes);
  return hipSuccess;
}

/* ---- contexts: one per device, its value the mock's ---- */

/* Learns device's context value from the mock, or checks it is the one learnt. */
static bool ctx_learn(model *m, int device, uintptr_t got) {
  if (m->ctx_value[device] == 0)
    m->ctx_value[device] = got;
  return m->ctx_value[device] == got && got != 0;
}

/* The device whose context ctx is; -1 for NULL or a value no device has. */
static int ctx_device(const model *m, uintptr_t ctx) {
  for (int d = 0; ctx != 0 && d < MODEL_DEVICES; d++)
    if (m->ctx_value[d] == ctx)
      return d;
  return -1;
}

hipError_t model_ctx_get_current(model *m, bool out_null, uintptr_t got) {
  if (out_null)
    return hipErrorInvalidValue;
  return ctx_learn(m, m->device, got) ? hipSuccess : hipErrorUnknown; /* a wrong value */
}

static void make_current(model *m, int device) {
  m->device = device;
  m->ctx_active[device] = true;
}

hipError_t model_ctx_set_current(model *m, uintptr_t ctx) {
  if (ctx == 0) {
    if (m->ctx_depth > 0)
      m->ctx_depth--;
    return hipSuccess;
  }
  int device = ctx_device(m, ctx);
  if (device < 0)
    return hipErrorInvalidContext;
  make_current(m, device);
  if (m->ctx_depth == 0)
    m->ctx_depth = 1;
  m->ctx_stack[m->ctx_depth - 1] = device;
  return hipSuccess;
}

hipError_t model_ctx_push(model *m, uintptr_t ctx) {
  if (ctx == 0 && m->profile->nvidia)
    return hipErrorInvalidValue; /* cuCtxPushCurrent's answer (ctx_push_null) */
  int device = ctx_device(m, ctx);
  if (device < 0)
    return hipErrorInvalidContext;
  make_current(m, device);
  m->ctx_stack[m->ctx_depth++] = device;
  return hipSuccess;
}

hipError_t model_ctx_pop(model *m, bool out_null, uintptr_t got) {
  if (m->ctx_depth == 0)
    return hipErrorInvalidContext;
  int device = m->ctx_stack[--m->ctx_depth];
  return out_null || m->ctx_value[device] == got ? hipSuccess : hipErrorUnknown;
}

hipError_t model_ctx_get_device(const model *m, bool out_null, int *expect) {
  if (out_null)
    return hipErrorInvalidValue;
  *expect = m->device;
  return hipSuccess;
}

hipError_t model_ctx_synchronize(const model *m) { return m->profile->ctx_synchronize; }

hipError_t model_ctx_create(model *m, bool out_null, int device, uintptr_t got) {
  if (out_null || !valid_device(device))
    return hipErrorInvalidValue;
  m->ctx_stack[m->ctx_depth++] = device;
  return ctx_learn(m, device, got) ? hipSuccess : hipErrorUnknown;
}

hipError_t model_ctx_destroy(model *m, uintptr_t ctx) {
  if (ctx == 0)
    return hipErrorInvalidValue;
  int device = ctx_device(m, ctx);
  if (m->ctx_depth > 0 && device >= 0 && m->ctx_stack[m->ctx_depth - 1] == device)
    m->ctx_depth--;
  return hipSuccess;
}

hipError_t model_primary_retain(model *m, bool out_null, int device, uintptr_t got) {
  if (!valid_device(device))
    return hipErrorInvalidDevice;
  if (out_null)
    return hipErrorInvalidValue;
  return ctx_learn(m, device, got) ? hipSuccess : hipErrorUnknown;
}

hipError_t model_primary_release(const model *m, int device) {
  (void)m;
  return valid_device(device) ? hipSuccess : hipErrorInvalidDevice;
}

hipError_t model_primary_state(const model *m, int device, bool out_null, unsigned *flags,
                               int *active) {
  if (out_null && m->profile->nvidia)
    return hipErrorInvalidValue; /* cuDevicePrimaryCtxGetState wants both (primary_state_null) */
  if (!valid_device(device))
    return hipErrorInvalidDevice;
  *flags = 0;
  *active = m->ctx_active[device];
  return hipSuccess;
}

hipError_t model_primary_reset(const model *m, int device) {
  (void)m;
  (void)device;
  return hipSuccess; /* clr does nothing, for any device */
}

/* ---- peer access: every two devices are peers ---- */

hipError_t model_can_access_peer(const model *m, bool out_null, int device, int peer, int *expect) {
  (void)m;
  if (out_null)
    return hipErrorInvalidValue;
  if (device == peer) {
    *expect = 0;
    return hipSuccess;
  }
  if (!valid_device(device) || !valid_device(peer))
    return hipErrorInvalidDevice;
  *expect = 1;
  return hipSuccess;
}

hipError_t model_enable_peer(model *m, int peer, unsigned flags) {
  if (flags != 0)
    return hipErrorInvalidValue;
  if (!valid_device(peer) || peer == m->device)
    return hipErrorInvalidDevice;
  if (m->peer[m->device][peer])
    return hipErrorPeerAccessAlreadyEnabled;
  m->peer[m->device][peer] = true;
  return hipSuccess;
}

hipError_t model_disable_peer(model *m, int peer) {
  if (peer == m->device && m->profile->nvidia)
    return hipErrorPeerAccessNotEnabled; /* a peer never enabled (peer_disable_self) */
  if (!valid_device(peer) || peer == m->device)
    return hipErrorInvalidDevice;
  if (!m->peer[m->device][peer])
    return hipErrorPeerAccessNotEnabled;
  m->peer[m->device][peer] = false;
  return hipSuccess;
}
