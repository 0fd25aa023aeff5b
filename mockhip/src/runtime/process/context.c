/*
 * context.c: contexts, as ROCm has them: one primary context per device and
 * nothing else. hipCtx_t values, the calling thread's context stack,
 * hipCtx{Get,Set,Push,Pop}Current, hipCtxCreate, hipCtxDestroy, hipCtxGetDevice,
 * hipCtxSynchronize, the hipDevicePrimaryCtx* calls and hipDeviceReset.
 *
 * In ROCm a context is its device: the current context is the thread's
 * current device, so hipSetDevice changes it and hipCtxSetCurrent changes the
 * current device. A context value is the address of a static per-device
 * object here (ROCm's is its device object's): never NULL, never freed, the
 * same for the life of the process. A value that is none of them is refused
 * by comparing addresses, never dereferenced.
 *
 * The context stack belongs to the calling thread. As in clr, pushing makes a
 * context current, popping does not make the one below it current, and
 * setting replaces the top. Retains and releases change nothing in ROCm; the
 * mock counts them for the dump, and a context retained and never released
 * is not a leak.
 */
#include <stdatomic.h>
#include <stdint.h>

#include "runtime/devices/devices.h"
#include "runtime/memory/memory.h"
#include "runtime/memory/texture.h"
#include "runtime/pools/pool.h"
#include "runtime/process/process.h"
#include "runtime/streams/streams.h"

/* ROCm's stack grows without bound; this one holds MH_CONTEXT_STACK_DEPTH. */
#define MH_CONTEXT_STACK_DEPTH 256

static _Thread_local unsigned char stack[MH_CONTEXT_STACK_DEPTH]; /* device numbers */
static _Thread_local size_t depth;
/* Per entry: 0 for a device's primary context, else the number of the hipCtxCreate that pushed
   it. ROCm hands out the primary context either way; the number only tells the contexts apart
   where a rule names "another context" (hipIpcOpenMemHandle: one context per device opens a
   handle). */
static _Thread_local uint64_t made_by[MH_CONTEXT_STACK_DEPTH];
static _Atomic uint64_t creates;

uint64_t mh__context_token(void) {
  uint64_t device = (uint64_t)mh__current_device();
  return depth > 0 && made_by[depth - 1] != 0 ? made_by[depth - 1] << 8 | device : device;
}

void mh__primary_context_activate(mh_state *s, int device) {
  mh__lock_write();
  s->primary_active[device] = true;
  mh__unlock();
}

static hipError_t bad_context(hipCtx_t ctx) {
  return mh__fail(hipErrorInvalidContext, "ctx %p is not a primary context of a device",
                  (void *)ctx);
}

/* ---- the current context ---- */

MH_EXPORT hipError_t hipCtxGetCurrent(hipCtx_t *ctx) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxGetCurrent, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (ctx == NULL) /* ROCm writes through it unchecked */
      err = mh__fail(hipErrorInvalidValue, "ctx is NULL");
    else
      *ctx = mh__primary_context(mh__current_device());
  }
  return mh__leave(MOCKHIP_CALL_hipCtxGetCurrent, err, "%s", mh__d_out_ctx("ctx", ctx, err));
}

/* clr hipCtxSetCurrent: NULL pops the top (the current device stays); a context becomes
   current and replaces the top, or is pushed onto an empty stack. */
MH_EXPORT hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxSetCurrent, MH_CALLER, &s);
  if (err == hipSuccess) {
    int device = ctx == NULL ? -1 : mh__context_device(ctx);
    if (ctx == NULL) {
      if (depth > 0)
        depth--;
    } else if (device < 0) {
      err = bad_context(ctx); /* ROCm takes it as its device object: a crash later */
    } else {
      mh__set_current_device(device);
      if (depth == 0)
        depth = 1;
      stack[depth - 1] = (unsigned char)device;
      made_by[depth - 1] = 0;
    }
  }
  return mh__leave(MOCKHIP_CALL_hipCtxSetCurrent, err, "ctx=%s", mh__d_ctx(ctx));
}

MH_EXPORT hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxPushCurrent, MH_CALLER, &s);
  if (err == hipSuccess) {
    int device = ctx == NULL ? -1 : mh__context_device(ctx);
    if (ctx == NULL) /* cuCtxPushCurrent answers InvalidValue (ctx_push_null) */
      err = mh__profile_fail(MH_ROW_ctx_push_null, "ctx is NULL");
    else if (device < 0)
      err = bad_context(ctx);
    else if (depth == MH_CONTEXT_STACK_DEPTH)
      err = mh__fail(hipErrorOutOfMemory,
                     "this thread's context stack already holds %d contexts "
                     "(mockhip's limit)",
                     MH_CONTEXT_STACK_DEPTH);
    else {
      mh__set_current_device(device);
      made_by[depth] = 0;
      stack[depth++] = (unsigned char)device;
    }
  }
  return mh__leave(MOCKHIP_CALL_hipCtxPushCurrent, err, "ctx=%s", mh__d_ctx(ctx));
}

/* clr hipCtxPopCurrent: the current device stays what it was. */
MH_EXPORT hipError_t hipCtxPopCurrent(hipCtx_t *ctx) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxPopCurrent, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (depth == 0)
      err = mh__fail(hipErrorInvalidContext, "this thread's context stack is empty");
    else {
      depth--;
      if (ctx != NULL)
        *ctx = mh__primary_context(stack[depth]);
    }
  }
  return mh__leave(MOCKHIP_CALL_hipCtxPopCurrent, err, "%s", mh__d_out_ctx("ctx", ctx, err));
}

MH_EXPORT hipError_t hipCtxGetDevice(hipDevice_t *device) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxGetDevice, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (device == NULL)
      err = mh__fail(hipErrorInvalidValue, "device is NULL");
    else
      *device = mh__current_device();
  }
  return mh__leave(MOCKHIP_CALL_hipCtxGetDevice, err, "%s", mh__d_out_int("device", device, err));
}

MH_EXPORT hipError_t hipCtxSynchronize(void) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxSynchronize, MH_CALLER, NULL);
  /* clr hipCtxSynchronize; hipDeviceSynchronize is the call that works. The CUDA driver's
     cuCtxSynchronize works, as hipDeviceSynchronize. */
  if (err == hipSuccess && mh__profile_is(MH_ROW_ctx_synchronize, MH_CELL_NotSupported))
    err = mh__fail(hipErrorNotSupported, "ROCm does not implement it; use hipDeviceSynchronize");
  else if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_DEVICE_SYNC);
  return mh__leave(MOCKHIP_CALL_hipCtxSynchronize, err, "%s", "");
}

/* clr hipCtxCreate: the device's context is pushed, not made current, and retained (which
   changes nothing in ROCm; the mock counts it for the dump); flags become the device's flags. */
MH_EXPORT hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxCreate, MH_CALLER, &s);
  if (err == hipSuccess && !mh__valid_device(s, device))
    err = mh__fail(hipErrorInvalidValue, "device %d is not in 0..%d (clr answers InvalidValue)",
                   device, s->options.devices - 1);
  if (err == hipSuccess && ctx == NULL) /* ROCm writes through it unchecked */
    err = mh__fail(hipErrorInvalidValue, "ctx is NULL");
  if (err == hipSuccess && depth == MH_CONTEXT_STACK_DEPTH)
    err = mh__fail(hipErrorOutOfMemory,
                   "this thread's context stack already holds %d contexts (mockhip's limit)",
                   MH_CONTEXT_STACK_DEPTH);
  if (err == hipSuccess) {
    mh__lock_write();
    s->primary_retains[device]++;
    mh__device_flags_set(s, device, flags); /* unchecked: hipGetDeviceFlags answers them */
    mh__unlock();
    made_by[depth] = ++creates;
    stack[depth++] = (unsigned char)device;
    *ctx = mh__primary_context(device);
  }
  return mh__leave(MOCKHIP_CALL_hipCtxCreate, err, "%s, flags=%#x, device=%d",
                   mh__d_out_ctx("ctx", ctx, err), flags, device);
}

/* clr hipCtxDestroy: pops ctx when it is the top of the stack and releases its device's
   context; a value that is no context is compared, never used, and succeeds. */
MH_EXPORT hipError_t hipCtxDestroy(hipCtx_t ctx) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipCtxDestroy, MH_CALLER, &s);
  int device = ctx == NULL ? -1 : mh__context_device(ctx);
  if (err == hipSuccess && ctx == NULL)
    err = mh__fail(hipErrorInvalidValue, "ctx is NULL");
  if (err == hipSuccess && device >= 0) {
    if (depth > 0 && stack[depth - 1] == device)
      depth--;
    mh__lock_write();
    if (s->primary_retains[device] > 0)
      s->primary_retains[device]--;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipCtxDestroy, err, "ctx=%s", mh__d_ctx(ctx));
}

/* ---- primary contexts ---- */

/* clr checks the device as unsigned: a negative number is past the last one too. */
static hipError_t check_device(const mh_state *s, int device) {
  if (!mh__valid_device(s, device))
    return mh__fail(hipErrorInvalidDevice, "dev %d is not in 0..%d", device,
                    s->options.devices - 1);
  return hipSuccess;
}

MH_EXPORT hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDevicePrimaryCtxRetain, MH_CALLER, &s);
  if (err == hipSuccess)
    err = check_device(s, dev);
  if (err == hipSuccess && pctx == NULL)
    err = mh__fail(hipErrorInvalidValue, "pctx is NULL");
  if (err == hipSuccess) {
    mh__lock_write();
    s->primary_retains[dev]++;
    mh__unlock();
    *pctx = mh__primary_context(dev);
  }
  return mh__leave(MOCKHIP_CALL_hipDevicePrimaryCtxRetain, err, "%s, dev=%d",
                   mh__d_out_ctx("pctx", pctx, err), dev);
}

/* ROCm releases nothing and always succeeds for a valid device, retained or not. */
MH_EXPORT hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDevicePrimaryCtxRelease, MH_CALLER, &s);
  if (err == hipSuccess)
    err = check_device(s, dev);
  if (err == hipSuccess) {
    mh__lock_write();
    if (s->primary_retains[dev] > 0)
      s->primary_retains[dev]--;
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDevicePrimaryCtxRelease, err, "dev=%d", dev);
}

/* clr: flags are always 0; active once hipSetDevice has named the device (ROCm also counts a
   stream with work queued, which the mock never has). Either output may be NULL, but not on
   HIP on NVIDIA, where cuDevicePrimaryCtxGetState wants both (primary_state_null). */
MH_EXPORT hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags,
                                                 int *active) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDevicePrimaryCtxGetState, MH_CALLER, &s);
  if (err == hipSuccess && (flags == NULL || active == NULL) &&
      !mh__profile_is(MH_ROW_primary_state_null, MH_CELL_Success))
    err = mh__profile_fail(MH_ROW_primary_state_null, "%s is NULL",
                           flags == NULL ? "flags" : "active");
  if (err == hipSuccess)
    err = check_device(s, dev);
  if (err == hipSuccess) {
    if (flags != NULL)
      *flags = 0;
    if (active != NULL) {
      mh__lock_read();
      *active = s->primary_active[dev];
      mh__unlock();
    }
  }
  return mh__leave(MOCKHIP_CALL_hipDevicePrimaryCtxGetState, err, "dev=%d, %s, %s", dev,
                   mh__d_out_unsigned("flags", flags, err), mh__d_out_int("active", active, err));
}

/* clr hipDevicePrimaryCtxReset does nothing and checks nothing. */
MH_EXPORT hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDevicePrimaryCtxReset, MH_CALLER, NULL);
  return mh__leave(MOCKHIP_CALL_hipDevicePrimaryCtxReset, err, "dev=%d", dev);
}

/* clr Device::Reset: the current device's pools (their memory, busy or not; new default pools
   come with the next use), streams, hipMalloc memory and arrays go, its flags are Spin again;
   peer access, the context stacks, the limits and VMM objects stay. A kernel's fault on the device
   is forgotten. */
MH_EXPORT hipError_t hipDeviceReset(void) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceReset, MH_CALLER, &s);
  if (err == hipSuccess) {
    /* What the device's queues hold runs first, and what of it failed is forgotten with the
       rest of the device's errors. */
    (void)mh__queue_sync_device(mh__current_device(), true);
    mh__sync_host_waits_device(mh__current_device());
    mh__lock_write();
    int device = mh__current_device();
    mh__pools_reset(s, device);
    mh__blocks_reset(s, device);
    mh__arrays_reset(s, device);
    mh__textures_reset(s, device);
    mh__streams_reset(s, device);
    mh__device_flags_set(s, device, hipDeviceScheduleSpin); /* the limits stay, as ROCm's */
    if (atomic_exchange(&s->sticky_error[device], hipSuccess) != hipSuccess)
      atomic_fetch_sub(&s->sticky_devices, 1);
    s->sticky_reason[device][0] = '\0';
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceReset, err, "%s", "");
}
