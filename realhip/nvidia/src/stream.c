/*
 * stream.c: hipStream* over the driver's streams.
 *
 * HIP's stream flags, priorities and special handles (NULL, hipStreamLegacy,
 * hipStreamPerThread) have CUDA's values, so they pass through. A NULL
 * stream cannot be destroyed (hipErrorInvalidHandle, as the runtimes answer).
 */
#include "hip_nvidia_base.h"

_Static_assert(hipStreamDefault == 0 && hipStreamNonBlocking == 1,
               "HIP's stream flags are CUDA's CU_STREAM_DEFAULT and CU_STREAM_NON_BLOCKING");

static hipError_t create(const char *call, hipStream_t *stream, unsigned int flags, int priority,
                         int with_priority) {
  if (stream == NULL)
    return hipnv__fail(hipErrorInvalidValue, "%s: stream is NULL", call);
  CUstream created = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = with_priority ? hipnv__cuStreamCreateWithPriority(&created, flags, priority)
                           : hipnv__cuStreamCreate(&created, flags);
  if (result == CUDA_SUCCESS)
    *stream = (hipStream_t)created;
  return hipnv__result(result);
}

hipError_t hipStreamCreate(hipStream_t *stream) {
  return create("hipStreamCreate", stream, hipStreamDefault, 0, 0);
}

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  return create("hipStreamCreateWithFlags", stream, flags, 0, 0);
}

hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority) {
  return create("hipStreamCreateWithPriority", stream, flags, priority, 1);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  if (stream == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipStreamDestroy: the NULL stream is not destroyed");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamDestroy((CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamSynchronize((CUstream)stream);
  return hipnv__result(result);
}

/* hipErrorNotReady while work is pending; not kept as the last error. */
hipError_t hipStreamQuery(hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamQuery((CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  if (event == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipStreamWaitEvent: event is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamWaitEvent((CUstream)stream, (CUevent)event, flags);
  return hipnv__result(result);
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags) {
  if (flags == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamGetFlags: flags is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamGetFlags((CUstream)stream, flags);
  return hipnv__result(result);
}

hipError_t hipStreamGetPriority(hipStream_t stream, int *priority) {
  if (priority == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamGetPriority: priority is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamGetPriority((CUstream)stream, priority);
  return hipnv__result(result);
}

/* The device of the stream's context: made current for the question, then
   popped, so the caller's current context does not change. */
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t *device) {
  if (device == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamGetDevice: device is NULL");
  CUcontext ctx = NULL, popped = NULL;
  CUdevice found = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamGetCtx((CUstream)stream, &ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxPushCurrent(ctx);
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  result = hipnv__cuCtxGetDevice(&found);
  CUresult pop = hipnv__cuCtxPopCurrent(&popped);
  if (result == CUDA_SUCCESS)
    result = pop;
  if (result == CUDA_SUCCESS)
    *device = found;
  return hipnv__result(result);
}
