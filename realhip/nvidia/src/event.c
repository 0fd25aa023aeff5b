/*
 * event.c: hipEvent* over the driver's events.
 *
 * Default, blocking-sync, disable-timing and interprocess are CUDA's flags
 * with CUDA's values. ROCm's release-scope flags (hipEventReleaseToDevice,
 * hipEventReleaseToSystem, hipEventDisableSystemFence) choose which caches
 * an AMD event flushes; a CUDA event has no such choice, so they are checked
 * as ROCm checks them (one at most) and dropped. A NULL event is an invalid
 * handle, as both runtimes answer.
 */
#include "hip_nvidia_base.h"

_Static_assert(hipEventDefault == 0 && hipEventBlockingSync == 1 && hipEventDisableTiming == 2 &&
                   hipEventInterprocess == 4,
               "HIP's event flags are CUDA's CU_EVENT_* flags");

#define RELEASE_FLAGS                                                                              \
  ((unsigned int)hipEventReleaseToDevice | (unsigned int)hipEventReleaseToSystem |                 \
   (unsigned int)hipEventDisableSystemFence)

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  if (event == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipEventCreateWithFlags: event is NULL");
  unsigned int release = flags & RELEASE_FLAGS;
  if ((release & (release - 1)) != 0)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipEventCreateWithFlags: flags %#x choose more than one release scope",
                       flags);
  CUevent created = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventCreate(&created, flags & ~RELEASE_FLAGS);
  if (result == CUDA_SUCCESS)
    *event = (hipEvent_t)created;
  return hipnv__result(result);
}

hipError_t hipEventCreate(hipEvent_t *event) {
  if (event == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipEventCreate: event is NULL");
  return hipEventCreateWithFlags(event, hipEventDefault);
}

static hipError_t null_event(const char *call) {
  return hipnv__fail(hipErrorInvalidHandle, "%s: event is NULL", call);
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  if (event == NULL)
    return null_event("hipEventRecord");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventRecord((CUevent)event, (CUstream)stream);
  return hipnv__result(result);
}

/* hipErrorNotReady while the recorded work is pending; not kept as the last error. */
hipError_t hipEventQuery(hipEvent_t event) {
  if (event == NULL)
    return null_event("hipEventQuery");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventQuery((CUevent)event);
  return hipnv__result(result);
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  if (event == NULL)
    return null_event("hipEventSynchronize");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventSynchronize((CUevent)event);
  return hipnv__result(result);
}

hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  if (ms == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipEventElapsedTime: ms is NULL");
  if (start == NULL || stop == NULL)
    return null_event("hipEventElapsedTime");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventElapsedTime(ms, (CUevent)start, (CUevent)stop);
  return hipnv__result(result);
}

hipError_t hipEventDestroy(hipEvent_t event) {
  if (event == NULL)
    return null_event("hipEventDestroy");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuEventDestroy((CUevent)event);
  return hipnv__result(result);
}
