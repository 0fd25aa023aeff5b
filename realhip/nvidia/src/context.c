/*
 * context.c: the CUDA runtime's context model over the driver's contexts.
 *
 * Each thread has a current device, 0 until hipSetDevice. Device work needs a
 * context current on the calling thread: the one the thread has (set through
 * hipCtx*, as the CUDA runtime honours a driver context), or else the current
 * device's primary context, retained once per device for the life of the
 * process and made current. hipSetDevice makes it current at once, as
 * cudaSetDevice does since CUDA 12. hipCtx* (hipCtxCreate and hipCtxDestroy
 * too: cuCtxCreate's context is its own, not the primary one) and
 * hipDevicePrimaryCtx* are the driver's calls under HIP's names.
 */
#include <pthread.h>

#include "hip_nvidia_base.h"

/* Devices past this have no primary context here (hipErrorInvalidDevice). */
#define MAX_DEVICES 64

static _Thread_local int current_ordinal;

static pthread_mutex_t primary_lock = PTHREAD_MUTEX_INITIALIZER;
static CUcontext primary[MAX_DEVICES];

static CUcontext to_cuda(hipCtx_t ctx) { return (CUcontext)(void *)ctx; }
static hipCtx_t to_hip(CUcontext ctx) { return (hipCtx_t)(void *)ctx; }

CUresult hipnv__primary_context(int ordinal, CUcontext *ctx) {
  CUdevice device = 0;
  CUresult result = CUDA_SUCCESS;
  if (ordinal < 0 || ordinal >= MAX_DEVICES) {
    /* The driver's own answer for an ordinal it does not have. */
    result = hipnv__cuDeviceGet(&device, ordinal);
    if (result == CUDA_SUCCESS) {
      hipnv__pending_reason("device %d: hip-nvidia keeps primary contexts for devices 0 to %d",
                            ordinal, MAX_DEVICES - 1);
      result = CUDA_ERROR_INVALID_DEVICE;
    }
    return result;
  }
  pthread_mutex_lock(&primary_lock);
  if (primary[ordinal] == NULL) {
    CUcontext retained = NULL;
    result = hipnv__cuDeviceGet(&device, ordinal);
    if (result == CUDA_SUCCESS)
      result = hipnv__cuDevicePrimaryCtxRetain(&retained, device);
    if (result == CUDA_SUCCESS)
      primary[ordinal] = retained;
  }
  *ctx = primary[ordinal];
  pthread_mutex_unlock(&primary_lock);
  return result;
}

CUresult hipnv__use_context(void) {
  CUcontext current = NULL;
  CUresult result = hipnv__cuCtxGetCurrent(&current);
  if (result != CUDA_SUCCESS || current != NULL)
    return result;
  CUcontext ctx = NULL;
  result = hipnv__primary_context(current_ordinal, &ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxSetCurrent(ctx);
  return result;
}

/* The device of the thread's current context, else the thread's current device. */
static CUresult current_device(int *ordinal) {
  CUcontext current = NULL;
  CUresult result = hipnv__cuCtxGetCurrent(&current);
  if (result != CUDA_SUCCESS)
    return result;
  if (current == NULL) {
    *ordinal = current_ordinal;
    return CUDA_SUCCESS;
  }
  CUdevice device = 0;
  result = hipnv__cuCtxGetDevice(&device);
  if (result == CUDA_SUCCESS)
    *ordinal = device;
  return result;
}

/* ---- the current device ---- */

hipError_t hipSetDevice(int deviceId) {
  CUcontext ctx = NULL;
  CUresult result = hipnv__primary_context(deviceId, &ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxSetCurrent(ctx);
  if (result == CUDA_SUCCESS)
    current_ordinal = deviceId;
  return hipnv__result(result);
}

hipError_t hipGetDevice(int *deviceId) {
  if (deviceId == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGetDevice: deviceId is NULL");
  return hipnv__result(current_device(deviceId));
}

hipError_t hipDeviceSynchronize(void) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxSynchronize();
  return hipnv__result(result);
}

/* A reset primary context stays retained, and current where it was, but work
   on it answers CUDA_ERROR_CONTEXT_IS_DESTROYED until it is retained anew. So
   the retain is given back (the driver allows that after a reset), the calling
   thread lets go of the context, and the next device work retains and starts
   it again, as the CUDA runtime does after cudaDeviceReset. */
static void forget_primary(int ordinal, CUdevice device) {
  CUcontext reset = NULL, current = NULL;
  pthread_mutex_lock(&primary_lock);
  if (ordinal >= 0 && ordinal < MAX_DEVICES) {
    reset = primary[ordinal];
    primary[ordinal] = NULL;
  }
  pthread_mutex_unlock(&primary_lock);
  if (reset == NULL)
    return;
  (void)hipnv__cuDevicePrimaryCtxRelease(device);
  if (hipnv__cuCtxGetCurrent(&current) == CUDA_SUCCESS && current == reset)
    (void)hipnv__cuCtxSetCurrent(NULL);
}

/* Resets the current device's primary context: its memory, streams and events go. */
hipError_t hipDeviceReset(void) {
  int ordinal = 0;
  CUdevice device = 0;
  CUresult result = current_device(&ordinal);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceGet(&device, ordinal);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDevicePrimaryCtxReset(device);
  if (result == CUDA_SUCCESS)
    forget_primary(ordinal, device);
  return hipnv__result(result);
}

/* ---- contexts ---- */

hipError_t hipCtxGetCurrent(hipCtx_t *ctx) {
  if (ctx == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipCtxGetCurrent: ctx is NULL");
  CUcontext current = NULL;
  CUresult result = hipnv__cuCtxGetCurrent(&current);
  if (result == CUDA_SUCCESS)
    *ctx = to_hip(current);
  return hipnv__result(result);
}

hipError_t hipCtxSetCurrent(hipCtx_t ctx) {
  return hipnv__result(hipnv__cuCtxSetCurrent(to_cuda(ctx)));
}

hipError_t hipCtxPushCurrent(hipCtx_t ctx) {
  return hipnv__result(hipnv__cuCtxPushCurrent(to_cuda(ctx)));
}

/* ctx may be NULL: the context is popped all the same. */
hipError_t hipCtxPopCurrent(hipCtx_t *ctx) {
  CUcontext popped = NULL;
  CUresult result = hipnv__cuCtxPopCurrent(&popped);
  if (result == CUDA_SUCCESS && ctx != NULL)
    *ctx = to_hip(popped);
  return hipnv__result(result);
}

hipError_t hipCtxGetDevice(hipDevice_t *device) {
  if (device == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipCtxGetDevice: device is NULL");
  CUdevice found = 0;
  CUresult result = hipnv__cuCtxGetDevice(&found);
  if (result == CUDA_SUCCESS)
    *device = found;
  return hipnv__result(result);
}

hipError_t hipCtxSynchronize(void) { return hipnv__result(hipnv__cuCtxSynchronize()); }

/* The driver's own context, made current (pushed) by cuCtxCreate: device work then uses it, as
   it uses any context the thread has. */
hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device) {
  if (ctx == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipCtxCreate: ctx is NULL");
  CUcontext created = NULL;
  CUresult result = hipnv__cuCtxCreate(&created, flags, device);
  if (result == CUDA_SUCCESS)
    *ctx = to_hip(created);
  return hipnv__result(result);
}

hipError_t hipCtxDestroy(hipCtx_t ctx) { return hipnv__result(hipnv__cuCtxDestroy(to_cuda(ctx))); }

/* ---- primary contexts, by the caller's own count ---- */

hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *pctx, hipDevice_t dev) {
  if (pctx == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDevicePrimaryCtxRetain: pctx is NULL");
  CUcontext retained = NULL;
  CUresult result = hipnv__cuDevicePrimaryCtxRetain(&retained, dev);
  if (result == CUDA_SUCCESS)
    *pctx = to_hip(retained);
  return hipnv__result(result);
}

hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev) {
  return hipnv__result(hipnv__cuDevicePrimaryCtxRelease(dev));
}

hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int *flags, int *active) {
  if (flags == NULL || active == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDevicePrimaryCtxGetState: %s is NULL",
                       flags == NULL ? "flags" : "active");
  return hipnv__result(hipnv__cuDevicePrimaryCtxGetState(dev, flags, active));
}

hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev) {
  return hipnv__result(hipnv__cuDevicePrimaryCtxReset(dev));
}
