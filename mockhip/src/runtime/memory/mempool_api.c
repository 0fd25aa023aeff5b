/*
 * mempool_api.c: the entry points that make, choose, tune and destroy memory
 * pools: hipDeviceGetDefaultMemPool, hipDeviceSetMemPool, hipDeviceGetMemPool,
 * hipMemPoolCreate, hipMemPoolDestroy, hipMemPoolSetAttribute,
 * hipMemPoolGetAttribute, hipMemPoolSetAccess, hipMemPoolGetAccess and
 * hipMemPoolTrimTo. Allocation is async_memory.c's, sharing mempool_ipc.c's.
 *
 * The checks and their codes, in their order, are clr's hip_mempool.cpp. ROCm
 * takes a hipMemPool_t for a pointer and reads through it, checking it only in
 * hipMemPoolDestroy; the mock looks every handle up, and where ROCm would read
 * freed or foreign memory it answers hipErrorInvalidValue, strict mode saying
 * that ROCm crashes there.
 */
#include "runtime/pools/pool.h"
#include "runtime/streams/streams.h"

/* hipMemPoolCreate, hipMemPoolDestroy, hipDeviceSetMemPool: clr refuses them while this
   thread captures (tls.capture_streams_: not Relaxed) or any Global capture runs
   (g_captureStreams), invalidating nothing. */
static hipError_t pool_capture_check(mh_state *s) {
  for (const mh_capture *c = s->captures; c != NULL; c = c->next) {
    bool own = c->thread == mh__thread_serial() && c->mode != hipStreamCaptureModeRelaxed;
    if (own || c->mode == hipStreamCaptureModeGlobal)
      return mh__fail(hipErrorStreamCaptureUnsupported,
                      "not allowed while %s (capture %llu, %s mode): end it first",
                      own ? "this thread captures" : "a Global capture runs", c->id,
                      mh__capture_mode_name(c->mode));
  }
  return hipSuccess;
}

/* clr compares int device ids with g_devices.size(): a negative one is past the last too. */
static bool past_devices(const mh_state *s, int device) {
  return device < 0 || device >= s->options.devices;
}

/* ---- the device's pools ---- */

static hipError_t get_default(mh_state *s, hipMemPool_t *mem_pool, int device) {
  if (mem_pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool is NULL");
  if (!mh__valid_device(s, device))
    return mh__fail(hipErrorInvalidDevice, "device %d is not a device (0..%d)", device,
                    s->options.devices - 1);
  mh_pool *pool = mh__pool_default(s, device);
  if (pool == NULL)
    return hipErrorOutOfMemory;
  *mem_pool = (hipMemPool_t)(uintptr_t)pool->id;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetDefaultMemPool, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write(); /* the default pool is made on first use */
    err = get_default(s, mem_pool, device);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetDefaultMemPool, err, "%s, device=%d",
                   mh__d_out_pool("mem_pool", mem_pool, err), device);
}

static hipError_t set_current(mh_state *s, int device, hipMemPool_t mem_pool) {
  if (mem_pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool is NULL");
  if (past_devices(s, device))
    return mh__fail(hipErrorInvalidValue, "device %d is not a device (0..%d)", device,
                    s->options.devices - 1);
  hipError_t err = pool_capture_check(s);
  mh_pool *pool;
  if (err == hipSuccess)
    err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err != hipSuccess)
    return err;
  if (pool->device != device)
    return mh__fail(hipErrorInvalidDevice,
                    "mem_pool pool#%llu is a pool of device %d, not of device %d: a device "
                    "allocates from its own pools only",
                    mh__pool_number(pool), pool->device, device);
  if (pool->imported)
    return mh__fail(hipErrorInvalidValue,
                    "mem_pool pool#%llu was imported, and an imported pool makes no allocations "
                    "(ROCm's header: it may not be used in hipDeviceSetMemPool)",
                    mh__pool_number(pool));
  s->current_pool[device] = pool;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSetMemPool, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_current(s, device, mem_pool);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceSetMemPool, err, "device=%d, mem_pool=%s", device,
                   mh__d_pool(mem_pool));
}

static hipError_t get_current(mh_state *s, hipMemPool_t *mem_pool, int device) {
  if (mem_pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool is NULL");
  if (past_devices(s, device))
    return mh__fail(hipErrorInvalidValue, "device %d is not a device (0..%d)", device,
                    s->options.devices - 1);
  mh_pool *pool = mh__pool_current(s, device);
  if (pool == NULL)
    return hipErrorOutOfMemory;
  *mem_pool = (hipMemPool_t)(uintptr_t)pool->id;
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetMemPool, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = get_current(s, mem_pool, device);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceGetMemPool, err, "%s, device=%d",
                   mh__d_out_pool("mem_pool", mem_pool, err), device);
}

/* ---- create and destroy ---- */

static hipError_t create(mh_state *s, hipMemPool_t *mem_pool, const hipMemPoolProps *props) {
  if (mem_pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool is NULL");
  if (props == NULL)
    return mh__fail(hipErrorInvalidValue, "pool_props is NULL");
  if (props->allocType != hipMemAllocationTypePinned &&
      props->allocType != HIPVMM_ALLOCATION_MANAGED)
    return mh__fail(hipErrorInvalidValue,
                    "pool_props->allocType %d is neither hipMemAllocationTypePinned (1) nor "
                    "hipMemAllocationTypeManaged (2)",
                    (int)props->allocType);
  if (props->location.type != hipMemLocationTypeDevice)
    return mh__fail(hipErrorInvalidValue,
                    "pool_props->location.type %d is not hipMemLocationTypeDevice: pools live on "
                    "a device",
                    (int)props->location.type);
  if (past_devices(s, props->location.id))
    return mh__fail(hipErrorInvalidValue, "pool_props->location.id %d is not a device (0..%d)",
                    props->location.id, s->options.devices - 1);
  hipError_t err = pool_capture_check(s);
  if (err != hipSuccess)
    return err;
  /* clr checks no handle type: any but None makes the pool shareable (interprocess_). */
  mh_pool *pool;
  err = mh__pool_new(s, props->location.id, (int)props->allocType, (int)props->handleTypes,
                     HIPVMM_POOL_MAX_SIZE(props), false, NULL, &pool);
  if (err == hipSuccess)
    *mem_pool = (hipMemPool_t)(uintptr_t)pool->id;
  return err;
}

MH_EXPORT hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolCreate, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = create(s, mem_pool, pool_props);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolCreate, err, "%s, pool_props=%s",
                   mh__d_out_pool("mem_pool", mem_pool, err), mh__d_pool_props(pool_props));
}

static hipError_t destroy(mh_state *s, hipMemPool_t mem_pool) {
  if (mem_pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool is NULL");
  hipError_t err = pool_capture_check(s);
  if (err != hipSuccess)
    return err;
  /* clr's IsMemPoolValid: the one handle check ROCm makes, so no crash here. */
  uint64_t id = (uint64_t)(uintptr_t)mem_pool;
  mh_pool *pool = mh__idmap_get(&s->pool_ids, id);
  if (pool == NULL && mh__id_was_issued(s, id, MH_ID_POOL))
    return mh__fail(hipErrorInvalidValue,
                    "mem_pool pool#%llu was destroyed already (hipMemPoolDestroy, or "
                    "hipDeviceReset of its device)",
                    mh__id_number(id, MH_ID_POOL));
  if (pool == NULL)
    return mh__fail(hipErrorInvalidValue, "mem_pool %p is no pool of any device", (void *)mem_pool);
  if (pool->is_default)
    return mh__fail(hipErrorInvalidValue,
                    "mem_pool pool#%llu is device %d's default pool, which lives as long as the "
                    "device",
                    mh__pool_number(pool), pool->device);
  mh__pool_destroy(s, pool);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolDestroy, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = destroy(s, mem_pool);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolDestroy, err, "mem_pool=%s", mh__d_pool(mem_pool));
}

/* ---- attributes ---- */

static hipError_t attribute(mh_state *s, hipMemPool_t mem_pool, int attr, void *value, bool set) {
  if (mem_pool == NULL || value == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", mem_pool == NULL ? "mem_pool" : "value");
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err != hipSuccess)
    return err;
  return set ? mh__pool_set_attribute(pool, attr, value)
             : mh__pool_get_attribute(pool, attr, value);
}

MH_EXPORT hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                            void *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolSetAttribute, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = attribute(s, mem_pool, (int)attr, value, true);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolSetAttribute, err, "mem_pool=%s, attr=%s, %s",
                   mh__d_pool(mem_pool), mh__d_pool_attr((int)attr),
                   mh__d_pool_value((int)attr, value));
}

MH_EXPORT hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr,
                                            void *value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolGetAttribute, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = attribute(s, mem_pool, (int)attr, value, false);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolGetAttribute, err, "mem_pool=%s, attr=%s, %s",
                   mh__d_pool(mem_pool), mh__d_pool_attr((int)attr),
                   mh__d_out_pool_value((int)attr, value, err));
}

/* ---- access ---- */

/* clr hipMemPoolSetAccess's validation matrix, for one descriptor. */
static hipError_t check_desc(const mh_state *s, const mh_pool *pool, const hipMemAccessDesc *d,
                             size_t i) {
  if (d->location.type != hipMemLocationTypeDevice)
    return mh__fail(hipErrorInvalidValue,
                    "desc_list[%zu].location.type %d is not hipMemLocationTypeDevice: pool "
                    "access is granted to devices",
                    i, (int)d->location.type);
  if (past_devices(s, d->location.id))
    return mh__fail(hipErrorInvalidDevice, "desc_list[%zu].location.id %d is not a device (0..%d)",
                    i, d->location.id, s->options.devices - 1);
  if ((unsigned)d->flags > hipMemAccessFlagsProtReadWrite)
    return mh__fail(hipErrorInvalidValue,
                    "desc_list[%zu].flags %d is more than hipMemAccessFlagsProtReadWrite (3)", i,
                    (int)d->flags);
  if (d->location.id == pool->device && d->flags == hipMemAccessFlagsProtNone)
    return mh__fail(hipErrorInvalidDevice,
                    "desc_list[%zu] takes device %d's access to its own pool#%llu away, which "
                    "ROCm refuses: the pool's device always reads and writes it",
                    i, pool->device, mh__pool_number(pool));
  if (d->location.id == pool->device && d->flags == hipMemAccessFlagsProtRead)
    return mh__fail(hipErrorNotSupported,
                    "desc_list[%zu] makes device %d's own pool#%llu read-only, which ROCm does "
                    "not support",
                    i, pool->device, mh__pool_number(pool));
  return hipSuccess;
}

static hipError_t set_access(mh_state *s, hipMemPool_t mem_pool, const hipMemAccessDesc *desc,
                             size_t count) {
  if (mem_pool == NULL || desc == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    mem_pool == NULL ? "mem_pool" : "desc_list");
  if (count > (size_t)s->options.devices)
    return mh__fail(hipErrorInvalidDevice, "count %zu is more than the %d device(s)", count,
                    s->options.devices);
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  for (size_t i = 0; err == hipSuccess && i < count; i++)
    err = check_desc(s, pool, &desc[i], i);
  if (err != hipSuccess)
    return err;
  /* MemoryPool::SetAccess: the own device is left as it is; the others are noted. */
  for (size_t i = 0; i < count; i++) {
    int device = desc[i].location.id;
    if (device == pool->device)
      continue;
    pool->access[device] = (unsigned char)desc[i].flags;
    pool->access_set[device] = true;
  }
  return mh__space_apply_access(s, pool);
}

MH_EXPORT hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list,
                                         size_t count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolSetAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = set_access(s, mem_pool, desc_list, count);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolSetAccess, err, "mem_pool=%s, %s, count=%zu",
                   mh__d_pool(mem_pool), mh__d_desc(desc_list, count), count);
}

static hipError_t get_access(mh_state *s, hipMemAccessFlags *flags, hipMemPool_t mem_pool,
                             const hipMemLocation *location) {
  if (mem_pool == NULL || location == NULL || flags == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL",
                    mem_pool == NULL   ? "mem_pool"
                    : location == NULL ? "location"
                                       : "flags");
  if (location->type != hipMemLocationTypeDevice)
    return mh__fail(hipErrorInvalidValue,
                    "location->type %d is not hipMemLocationTypeDevice: pool access is per device",
                    (int)location->type);
  if (past_devices(s, location->id))
    return mh__fail(hipErrorInvalidValue, "location->id %d is not a device (0..%d)", location->id,
                    s->options.devices - 1);
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err != hipSuccess)
    return err;
  /* MemoryPool::GetAccess: the own device ReadWrite, the others as last set, else None. */
  int device = location->id;
  *flags = pool->access_set[device] ? (hipMemAccessFlags)pool->access[device]
           : device == pool->device ? hipMemAccessFlagsProtReadWrite
                                    : hipMemAccessFlagsProtNone;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool,
                                         hipMemLocation *location) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolGetAccess, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = get_access(s, flags, mem_pool, location);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolGetAccess, err, "%s, mem_pool=%s, location=%s",
                   mh__d_out_access_flags("flags", flags, err), mh__d_pool(mem_pool),
                   mh__d_location(location));
}

/* ---- trim ---- */

static hipError_t trim_to(mh_state *s, hipMemPool_t mem_pool, size_t keep) {
  mh_pool *pool;
  hipError_t err = mh__pool_get(s, mem_pool, "mem_pool", &pool);
  if (err == hipSuccess)
    mh__pool_trim(s, pool, keep);
  return err;
}

MH_EXPORT hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemPoolTrimTo, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = trim_to(s, mem_pool, min_bytes_to_hold);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemPoolTrimTo, err, "mem_pool=%s, min_bytes_to_hold=%s",
                   mh__d_pool(mem_pool), mh__d_bytes(min_bytes_to_hold));
}
