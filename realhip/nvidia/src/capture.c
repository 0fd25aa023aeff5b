/*
 * capture.c: stream capture and the graphs it ends in, over the driver's.
 *
 * HIP's capture modes and statuses are CUDA's, value for value. The capture
 * info is cuStreamGetCaptureInfo_v2's status and id; HIP asks for neither the
 * graph nor its dependencies.
 */
#include "hip_nvidia_base.h"

_Static_assert((int)hipStreamCaptureModeGlobal == (int)CU_STREAM_CAPTURE_MODE_GLOBAL &&
                   (int)hipStreamCaptureModeThreadLocal ==
                       (int)CU_STREAM_CAPTURE_MODE_THREAD_LOCAL &&
                   (int)hipStreamCaptureModeRelaxed == (int)CU_STREAM_CAPTURE_MODE_RELAXED,
               "HIP's capture modes are CUDA's");
_Static_assert((int)hipStreamCaptureStatusNone == (int)CU_STREAM_CAPTURE_STATUS_NONE &&
                   (int)hipStreamCaptureStatusActive == (int)CU_STREAM_CAPTURE_STATUS_ACTIVE &&
                   (int)hipStreamCaptureStatusInvalidated ==
                       (int)CU_STREAM_CAPTURE_STATUS_INVALIDATED,
               "HIP's capture statuses are CUDA's");

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamBeginCapture((CUstream)stream, (CUstreamCaptureMode)mode);
  return hipnv__result(result);
}

hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph) {
  if (pGraph == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamEndCapture: pGraph is NULL");
  CUgraph graph = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamEndCapture((CUstream)stream, &graph);
  if (result == CUDA_SUCCESS)
    *pGraph = (hipGraph_t)graph;
  return hipnv__result(result);
}

hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus) {
  if (pCaptureStatus == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamIsCapturing: pCaptureStatus is NULL");
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamIsCapturing((CUstream)stream, &status);
  if (result == CUDA_SUCCESS)
    *pCaptureStatus = (hipStreamCaptureStatus)status;
  return hipnv__result(result);
}

/* pId may be NULL. */
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus,
                                   unsigned long long *pId) {
  if (pCaptureStatus == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipStreamGetCaptureInfo: pCaptureStatus is NULL");
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  cuuint64_t id = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuStreamGetCaptureInfo((CUstream)stream, &status, &id, NULL, NULL, NULL);
  if (result == CUDA_SUCCESS) {
    *pCaptureStatus = (hipStreamCaptureStatus)status;
    if (pId != NULL)
      *pId = id;
  }
  return hipnv__result(result);
}

hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode) {
  if (mode == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipThreadExchangeStreamCaptureMode: mode is NULL");
  CUstreamCaptureMode exchanged = (CUstreamCaptureMode)*mode;
  CUresult result = hipnv__cuThreadExchangeStreamCaptureMode(&exchanged);
  if (result == CUDA_SUCCESS)
    *mode = (hipStreamCaptureMode)exchanged;
  return hipnv__result(result);
}

hipError_t hipGraphDestroy(hipGraph_t graph) {
  if (graph == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGraphDestroy: graph is NULL");
  return hipnv__result(hipnv__cuGraphDestroy((CUgraph)graph));
}
