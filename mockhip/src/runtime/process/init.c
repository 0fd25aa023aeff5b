/*
 * init.c: hipInit, the device count and the calling thread's current device,
 * synchronisation, versions, hipGetLastError and hipPeekAtLastError. The
 * devices themselves are device.c's, peers peer.c's, contexts context.c's.
 */
#include "runtime/pools/pool.h"
#include "runtime/process/process.h"
#include "runtime/streams/streams.h"

MH_EXPORT hipError_t hipInit(unsigned int flags) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipInit, MH_CALLER, NULL);
  if (err == hipSuccess && flags != 0)
    err = mh__fail(hipErrorInvalidValue, "flags must be 0, got %u", flags);
  return mh__leave(MOCKHIP_CALL_hipInit, err, "flags=%u", flags);
}

MH_EXPORT hipError_t hipGetDeviceCount(int *count) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDeviceCount, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (count == NULL)
      err = mh__fail(hipErrorInvalidValue, "count is NULL");
    else
      *count = s->options.devices;
  }
  return mh__leave(MOCKHIP_CALL_hipGetDeviceCount, err, "%s", mh__d_out_int("count", count, err));
}

MH_EXPORT hipError_t hipSetDevice(int device) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipSetDevice, MH_CALLER, &s);
  if (err == hipSuccess) {
    if (!mh__valid_device(s, device))
      err = mh__fail(hipErrorInvalidDevice, "device %d is not in 0..%d", device,
                     s->options.devices - 1);
    else {
      mh__set_current_device(device);
      mh__primary_context_activate(s, device);
    }
  }
  return mh__leave(MOCKHIP_CALL_hipSetDevice, err, "deviceId=%d", device);
}

MH_EXPORT hipError_t hipGetDevice(int *device) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDevice, MH_CALLER, NULL);
  if (err == hipSuccess) {
    if (device == NULL)
      err = mh__fail(hipErrorInvalidValue, "deviceId is NULL");
    else
      *device = mh__current_device();
  }
  return mh__leave(MOCKHIP_CALL_hipGetDevice, err, "%s", mh__d_out_int("deviceId", device, err));
}

/* Waits for every stream's queued work on the device (none where streams are
   serial); no capture may be in progress (ROCm's CHECK_SUPPORTED_DURING_CAPTURE). */
MH_EXPORT hipError_t hipDeviceSynchronize(void) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSynchronize, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_DEVICE_SYNC);
  if (err == hipSuccess)
    err = mh__queue_sync_device(mh__current_device(), true);
  if (err == hipSuccess) { /* Device::SyncAllStreams ends in ReleaseFreedMemory */
    err = mh__staged_copy_land(s);
    int device = mh__current_device();
    mh__sync_host_waits_device(device);
    mh__lock_read();
    bool held = mh__pools_hold_freed(s, device);
    mh__unlock();
    if (held) {
      mh__lock_write();
      mh__pools_release_freed(s, device);
      mh__unlock();
    }
  }
  return mh__leave(MOCKHIP_CALL_hipDeviceSynchronize, err, "%s", "");
}

static hipError_t version(int *out, const char *what) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", what);
  *out = mh__profile_version_number();
  return hipSuccess;
}

MH_EXPORT hipError_t hipDriverGetVersion(int *v) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDriverGetVersion, MH_CALLER, NULL);
  if (err == hipSuccess) {
    err = version(v, "driverVersion");
  }
  return mh__leave(MOCKHIP_CALL_hipDriverGetVersion, err, "%s",
                   mh__d_out_int("driverVersion", v, err));
}

MH_EXPORT hipError_t hipRuntimeGetVersion(int *v) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipRuntimeGetVersion, MH_CALLER, NULL);
  if (err == hipSuccess) {
    err = version(v, "runtimeVersion");
  }
  return mh__leave(MOCKHIP_CALL_hipRuntimeGetVersion, err, "%s",
                   mh__d_out_int("runtimeVersion", v, err));
}

MH_EXPORT hipError_t hipGetLastError(void) {
  (void)mh__enter(MOCKHIP_CALL_hipGetLastError, MH_CALLER, NULL); /* never fails */
  hipError_t err = mh__last_error(true);
  /* Returns the stored error without making it this call's own failure. */
  if (mh__tracing())
    mh__trace_call(MOCKHIP_CALL_hipGetLastError, err, "");
  return err;
}

MH_EXPORT hipError_t hipPeekAtLastError(void) {
  (void)mh__enter(MOCKHIP_CALL_hipPeekAtLastError, MH_CALLER, NULL); /* never fails */
  if (mh__tracing())
    mh__trace_call(MOCKHIP_CALL_hipPeekAtLastError, mh__last_error(false), "");
  return mh__last_error(false);
}
