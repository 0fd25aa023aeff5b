/*
 * ops_pool.c: one fuzzer step per call of the stream-ordered memory pools
 * (hipMallocAsync, hipMallocFromPoolAsync, the hipMemPool* calls and the
 * device's default and current pool), against model_pool.c. What the pools
 * hold the model reads from the mock (pools_observe, check.c).
 *
 * Pool allocations stay small (MODEL_POOL_BLOCK_MAX) and are made only where a
 * chunk of the device's memory is free, so a pool never runs out and never
 * reserves more address space than its first heap. Its address space is
 * reserved at its first allocation: before that one, the stale reservation
 * addresses the decoder remembers are forgotten, so that none of them can
 * point into the pool's range later.
 */
#include "ops.h"

#include <stdio.h>
#include <string.h>

#define GARBAGE_POOL ((uintptr_t)0x5eed1000)

static uintptr_t pick_pool(fuzz_state *st) {
  uint8_t b = take(st);
  unsigned n = seen_count(st->pool_count);
  if (b % 8 < 6 && n > 0)
    return st->pools[take(st) % n];
  return b % 8 == 6 ? 0 : GARBAGE_POOL;
}

static int pick_device(fuzz_state *st) {
  static const int devices[8] = {0, 1, 0, 1, 0, 1, MODEL_DEVICES, -1};
  return devices[take(st) % 8];
}

/* Stale reservations the decoder remembers are dropped, live ones kept. */
static void forget_stale_reservations(fuzz_state *st) {
  seen_reservation live[SEEN_MAX];
  unsigned count = 0;
  for (unsigned i = 0; i < seen_count(st->reservation_count); i++)
    if (model_reservation_bytes(&st->model, st->reservations[i].base) != 0)
      live[count++] = st->reservations[i];
  memcpy(st->reservations, live, count * sizeof live[0]);
  st->reservation_count = count;
}

void op_pool_alloc(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  bool from_pool = b & 1, out_null = (b >> 1) % 16 == 0;
  size_t bytes = (b >> 5) == 0 ? 0 : 1 + take(st) * 16u % MODEL_POOL_BLOCK_MAX;
  uintptr_t pool = from_pool ? pick_pool(st) : 0;
  uintptr_t stream = pick_stream_handle(st);
  if (!model_room_for_block(m))
    return;
  for (int d = 0; d < MODEL_DEVICES; d++) /* no pool may run out: see above */
    if (model_device_room(m, d) < 2 * pool_chunk_bytes(m))
      return;
  /* a pool may reserve address space at any allocation (a heap more): after one, no stale
     reservation address may be aimed at */
  forget_stale_reservations(st);
  void *ptr = (void *)0x5eed0777, **out = out_null ? NULL : &ptr;
  hipError_t got = from_pool
                       ? hipMallocFromPoolAsync(out, bytes, (hipMemPool_t)pool, (hipStream_t)stream)
                       : hipMallocAsync(out, bytes, (hipStream_t)stream);
  hipError_t want = model_pool_alloc(m, out_null, bytes, from_pool, pool, stream, (uintptr_t)ptr);
  CHECK_CALL(st, got, want, "%s(%s, %zu, pool=%#lx, stream=%#lx)",
             from_pool ? "hipMallocFromPoolAsync" : "hipMallocAsync", out_null ? "NULL" : "&p",
             bytes, (unsigned long)pool, (unsigned long)stream);
  if (got == hipSuccess && bytes == 0 && ptr != NULL)
    check_fail(st, "an allocation of 0 bytes wrote %p, not NULL", ptr);
  if (got == hipSuccess && bytes != 0) {
    remember_block(st, (uintptr_t)ptr);
    st->pool_blocks[st->pool_block_count++ % SEEN_MAX] = (uintptr_t)ptr;
  }
}

void op_pool_get(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  int device = pick_device(st);
  bool out_null = (b >> 1) % 16 == 0, current = b & 1;
  hipMemPool_t pool = NULL;
  hipError_t got = current ? hipDeviceGetMemPool(out_null ? NULL : &pool, device)
                           : hipDeviceGetDefaultMemPool(out_null ? NULL : &pool, device);
  uintptr_t value = got == hipSuccess ? (uintptr_t)pool : 0;
  hipError_t want = current ? model_pool_get_current(m, out_null, device, value)
                            : model_pool_get_default(m, out_null, device, value);
  CHECK_CALL(st, got, want, "%s(%s, %d) -> %p",
             current ? "hipDeviceGetMemPool" : "hipDeviceGetDefaultMemPool",
             out_null ? "NULL" : "&pool", device, (void *)pool);
  if (got == hipSuccess)
    remember_pool(st, value);
}

void op_pool_set_current(fuzz_state *st) {
  int device = pick_device(st);
  uintptr_t pool = pick_pool(st);
  CHECK_CALL(st, hipDeviceSetMemPool(device, (hipMemPool_t)pool),
             model_pool_set_current(&st->model, device, pool), "hipDeviceSetMemPool(%d, %#lx)",
             device, (unsigned long)pool);
}

void op_pool_create(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  int device = pick_device(st);
  bool out_null = (b >> 3) % 16 == 0, props_null = (b >> 3) % 16 == 1;
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = b % 8 == 0 ? hipMemAllocationTypeInvalid : hipMemAllocationTypePinned;
  props.location.type = b % 8 == 1 ? hipMemLocationTypeHost : hipMemLocationTypeDevice;
  props.location.id = device;
  bool room = false;
  for (int i = 0; i < MODEL_MAX_POOLS; i++)
    room |= !m->pools[i].live && !m->pools[i].held;
  if (!room)
    return;
  hipMemPool_t pool = NULL;
  hipError_t got = hipMemPoolCreate(out_null ? NULL : &pool, props_null ? NULL : &props);
  hipError_t want = model_pool_create(m, out_null, props_null ? NULL : &props, (uintptr_t)pool);
  CHECK_CALL(st, got, want, "hipMemPoolCreate(%s, %s{type %d, location {%d, %d}})",
             out_null ? "NULL" : "&pool", props_null ? "NULL, unused " : "", (int)props.allocType,
             (int)props.location.type, props.location.id);
  if (got == hipSuccess)
    remember_pool(st, (uintptr_t)pool);
}

void op_pool_destroy(fuzz_state *st) {
  uintptr_t pool = pick_pool(st);
  int p = model_pool_of(&st->model, pool);
  if (p >= 0 && st->model.pools[p].blocks > 0)
    return; /* a pool held by its blocks holds memory no attribute shows any more */
  CHECK_CALL(st, hipMemPoolDestroy((hipMemPool_t)pool), model_pool_destroy(&st->model, pool),
             "hipMemPoolDestroy(%#lx)", (unsigned long)pool);
}

void op_pool_access(fuzz_state *st) {
  model *m = &st->model;
  uintptr_t pool = pick_pool(st);
  uint8_t b = take(st);
  hipMemAccessDesc desc = {
      {b % 8 == 0 ? hipMemLocationTypeHost : hipMemLocationTypeDevice, pick_device(st)},
      (hipMemAccessFlags)((b >> 3) % 5 == 4 ? 2 : (b >> 3) % 4)};
  if (b % 2) {
    bool desc_null = (b >> 6) == 3;
    CHECK_CALL(st, hipMemPoolSetAccess((hipMemPool_t)pool, desc_null ? NULL : &desc, 1),
               model_pool_set_access(m, pool, desc_null ? NULL : &desc),
               "hipMemPoolSetAccess(%#lx, %s{{%d, %d}, %d}, 1)", (unsigned long)pool,
               desc_null ? "NULL, unused " : "", (int)desc.location.type, desc.location.id,
               (int)desc.flags);
    return;
  }
  bool out_null = (b >> 6) == 3;
  hipMemAccessFlags flags = (hipMemAccessFlags)77;
  unsigned want_flags = 77;
  hipError_t got =
      hipMemPoolGetAccess(out_null ? NULL : &flags, (hipMemPool_t)pool, &desc.location);
  CHECK_CALL(st, got, model_pool_get_access(m, out_null, pool, &desc.location, &want_flags),
             "hipMemPoolGetAccess(%s, %#lx, {%d, %d})", out_null ? "NULL" : "&flags",
             (unsigned long)pool, (int)desc.location.type, desc.location.id);
  if (got == hipSuccess && (unsigned)flags != want_flags) {
    int p = model_pool_of(m, pool);
    check_fail(st, "hipMemPoolGetAccess wrote %d, the model says %u (pool %d of device %d%s)",
               (int)flags, want_flags, p, m->pools[p].device,
               m->pools[p].is_default ? ", a default pool" : "");
  }
}

void op_pool_tune(fuzz_state *st) {
  model *m = &st->model;
  uintptr_t pool = pick_pool(st);
  uint8_t b = take(st);
  if (b % 4 == 0) {
    uint64_t keep = b & 4 ? 0 : (uint64_t)take(st) << 12;
    CHECK_CALL(st, hipMemPoolTrimTo((hipMemPool_t)pool, keep), model_pool_trim(m, pool),
               "hipMemPoolTrimTo(%#lx, %llu)", (unsigned long)pool, (unsigned long long)keep);
    return;
  }
  int attr = (int)((b >> 2) % 10); /* 0 and 9 are no attribute */
  bool set = b % 4 == 1, value_null = (b >> 6) == 3;
  uint64_t value = attr <= hipMemPoolReuseAllowInternalDependencies ? (b >> 7)
                   : set && b % 8 == 5                              ? 0
                                                                    : (uint64_t)take(st) << 14;
  /* the Reuse attributes are an int, the others a uint64_t */
  int as_int = (int)value;
  void *where = attr <= hipMemPoolReuseAllowInternalDependencies ? (void *)&as_int : &value;
  hipError_t got = set ? hipMemPoolSetAttribute((hipMemPool_t)pool, (hipMemPoolAttr)attr,
                                                value_null ? NULL : where)
                       : hipMemPoolGetAttribute((hipMemPool_t)pool, (hipMemPoolAttr)attr,
                                                value_null ? NULL : where);
  CHECK_CALL(st, got, model_pool_attribute(m, pool, set, attr, value, value_null),
             "hipMemPool%sAttribute(%#lx, %d, %s%llu)", set ? "Set" : "Get", (unsigned long)pool,
             attr, value_null ? "NULL, unused " : "", (unsigned long long)value);
}

/* Every user pool destroyed (its blocks are freed before), each default pool current again,
   its release threshold 0 and trimmed to nothing: what a pool keeps must go. */
void teardown_pools(fuzz_state *st) {
  model *m = &st->model;
  for (int p = 0; p < MODEL_MAX_POOLS; p++) {
    model_pool *mp = &m->pools[p];
    if (mp->live && !mp->is_default) {
      uintptr_t pool = mp->handle;
      CHECK_CALL(st, hipMemPoolDestroy((hipMemPool_t)pool), model_pool_destroy(m, pool),
                 "hipMemPoolDestroy(%#lx)", (unsigned long)pool);
    }
  }
  pools_observe(st); /* learns the default pools' handles */
  for (int p = 0; p < MODEL_MAX_POOLS; p++) {
    model_pool *mp = &m->pools[p];
    if (!mp->live)
      continue;
    uint64_t zero = 0;
    CHECK_CALL(
        st, hipMemPoolSetAttribute((hipMemPool_t)mp->handle, hipMemPoolAttrReleaseThreshold, &zero),
        hipSuccess, "hipMemPoolSetAttribute(%#lx, ReleaseThreshold, 0)", (unsigned long)mp->handle);
    CHECK_CALL(st, hipMemPoolTrimTo((hipMemPool_t)mp->handle, 0), hipSuccess,
               "hipMemPoolTrimTo(%#lx, 0)", (unsigned long)mp->handle);
  }
  pools_observe(st);
  for (int d = 0; d < MODEL_DEVICES; d++)
    if (m->pool_reserved[d] != 0)
      check_fail(st, "device %d's pools still hold %zu bytes after trimming to 0", d,
                 m->pool_reserved[d]);
}
