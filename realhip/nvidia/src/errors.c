/*
 * errors.c: the translation of driver results into hipError_t, the names and
 * sentences of hipError_t, and each thread's last error and reason.
 *
 * The CUDA runtime keeps a last error per thread that cudaGetLastError
 * returns and clears; HIP on NVIDIA forwards hipGetLastError to it. Here
 * every entry point records its own failures the same way, and keeps the
 * sentence that says why next to it (hip_nvidia_last_reason).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hip_nvidia.h"
#include "hip_nvidia_base.h"

/* ---- driver results ---- */

/* The one translation (hipother's hipCUResultTohipError, plus the results
   cuda.h added since that have a HIP error of the same meaning: a stub or
   too old a driver is an insufficient one; clusters, resources and detached
   streams have HIP names, with other numbers). */
hipError_t hipnv__translate(CUresult result) {
  switch ((int)result) {
  case CUDA_SUCCESS: return hipSuccess;
  case CUDA_ERROR_INVALID_VALUE: return hipErrorInvalidValue;
  case CUDA_ERROR_OUT_OF_MEMORY: return hipErrorOutOfMemory;
  case CUDA_ERROR_NOT_INITIALIZED: return hipErrorNotInitialized;
  case CUDA_ERROR_DEINITIALIZED: return hipErrorDeinitialized;
  case CUDA_ERROR_PROFILER_DISABLED: return hipErrorProfilerDisabled;
  case CUDA_ERROR_PROFILER_NOT_INITIALIZED: return hipErrorProfilerNotInitialized;
  case CUDA_ERROR_PROFILER_ALREADY_STARTED: return hipErrorProfilerAlreadyStarted;
  case CUDA_ERROR_PROFILER_ALREADY_STOPPED: return hipErrorProfilerAlreadyStopped;
  case CUDA_ERROR_STUB_LIBRARY: return hipErrorInsufficientDriver;
  case CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER: return hipErrorInsufficientDriver;
  case CUDA_ERROR_NO_DEVICE: return hipErrorNoDevice;
  case CUDA_ERROR_INVALID_DEVICE: return hipErrorInvalidDevice;
  case CUDA_ERROR_INVALID_IMAGE: return hipErrorInvalidImage;
  case CUDA_ERROR_INVALID_CONTEXT: return hipErrorInvalidContext;
  case CUDA_ERROR_CONTEXT_ALREADY_CURRENT: return hipErrorContextAlreadyCurrent;
  case CUDA_ERROR_MAP_FAILED: return hipErrorMapFailed;
  case CUDA_ERROR_UNMAP_FAILED: return hipErrorUnmapFailed;
  case CUDA_ERROR_ARRAY_IS_MAPPED: return hipErrorArrayIsMapped;
  case CUDA_ERROR_ALREADY_MAPPED: return hipErrorAlreadyMapped;
  case CUDA_ERROR_NO_BINARY_FOR_GPU: return hipErrorNoBinaryForGpu;
  case CUDA_ERROR_ALREADY_ACQUIRED: return hipErrorAlreadyAcquired;
  case CUDA_ERROR_NOT_MAPPED: return hipErrorNotMapped;
  case CUDA_ERROR_NOT_MAPPED_AS_ARRAY: return hipErrorNotMappedAsArray;
  case CUDA_ERROR_NOT_MAPPED_AS_POINTER: return hipErrorNotMappedAsPointer;
  case CUDA_ERROR_ECC_UNCORRECTABLE: return hipErrorECCNotCorrectable;
  case CUDA_ERROR_UNSUPPORTED_LIMIT: return hipErrorUnsupportedLimit;
  case CUDA_ERROR_CONTEXT_ALREADY_IN_USE: return hipErrorContextAlreadyInUse;
  case CUDA_ERROR_PEER_ACCESS_UNSUPPORTED: return hipErrorPeerAccessUnsupported;
  case CUDA_ERROR_INVALID_PTX: return hipErrorInvalidKernelFile;
  case CUDA_ERROR_INVALID_GRAPHICS_CONTEXT: return hipErrorInvalidGraphicsContext;
  case CUDA_ERROR_INVALID_SOURCE: return hipErrorInvalidSource;
  case CUDA_ERROR_FILE_NOT_FOUND: return hipErrorFileNotFound;
  case CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND: return hipErrorSharedObjectSymbolNotFound;
  case CUDA_ERROR_SHARED_OBJECT_INIT_FAILED: return hipErrorSharedObjectInitFailed;
  case CUDA_ERROR_OPERATING_SYSTEM: return hipErrorOperatingSystem;
  case CUDA_ERROR_INVALID_HANDLE: return hipErrorInvalidHandle;
  case CUDA_ERROR_ILLEGAL_STATE: return hipErrorIllegalState;
  case CUDA_ERROR_NOT_FOUND: return hipErrorNotFound;
  case CUDA_ERROR_NOT_READY: return hipErrorNotReady;
  case CUDA_ERROR_ILLEGAL_ADDRESS: return hipErrorIllegalAddress;
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: return hipErrorLaunchOutOfResources;
  case CUDA_ERROR_LAUNCH_TIMEOUT: return hipErrorLaunchTimeOut;
  case CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED: return hipErrorPeerAccessAlreadyEnabled;
  case CUDA_ERROR_PEER_ACCESS_NOT_ENABLED: return hipErrorPeerAccessNotEnabled;
  case CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE: return hipErrorSetOnActiveProcess;
  case CUDA_ERROR_CONTEXT_IS_DESTROYED: return hipErrorContextIsDestroyed;
  case CUDA_ERROR_ASSERT: return hipErrorAssert;
  case CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED: return hipErrorHostMemoryAlreadyRegistered;
  case CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED: return hipErrorHostMemoryNotRegistered;
  case CUDA_ERROR_LAUNCH_FAILED: return hipErrorLaunchFailure;
  case CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE: return hipErrorCooperativeLaunchTooLarge;
  case CUDA_ERROR_NOT_SUPPORTED: return hipErrorNotSupported;
  case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED: return hipErrorStreamCaptureUnsupported;
  case CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: return hipErrorStreamCaptureInvalidated;
  case CUDA_ERROR_STREAM_CAPTURE_MERGE: return hipErrorStreamCaptureMerge;
  case CUDA_ERROR_STREAM_CAPTURE_UNMATCHED: return hipErrorStreamCaptureUnmatched;
  case CUDA_ERROR_STREAM_CAPTURE_UNJOINED: return hipErrorStreamCaptureUnjoined;
  case CUDA_ERROR_STREAM_CAPTURE_ISOLATION: return hipErrorStreamCaptureIsolation;
  case CUDA_ERROR_STREAM_CAPTURE_IMPLICIT: return hipErrorStreamCaptureImplicit;
  case CUDA_ERROR_CAPTURED_EVENT: return hipErrorCapturedEvent;
  case CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD: return hipErrorStreamCaptureWrongThread;
  case CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE: return hipErrorGraphExecUpdateFailure;
  case CUDA_ERROR_INVALID_CLUSTER_SIZE: return hipErrorInvalidClusterSize;
  case CUDA_ERROR_INVALID_RESOURCE_TYPE: return hipErrorInvalidResourceType;
  case CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION: return hipErrorInvalidResourceConfiguration;
  case CUDA_ERROR_STREAM_DETACHED: return hipErrorStreamDetached;
  /* hip-nvidia's own: no driver to call, or none of this call. */
  case HIPNV_NO_DRIVER: return hipErrorInsufficientDriver;
  case HIPNV_NO_SYMBOL: return hipErrorNotSupported;
  default: return hipErrorUnknown;
  }
}

const char *hipnv__result_name(CUresult result) {
  switch ((int)result) {
#define HIPNV_RESULT_NAME(name, value)                                                             \
  case value: return #name;
    HIPNV_CUDA_RESULTS(HIPNV_RESULT_NAME)
#undef HIPNV_RESULT_NAME
  default: return NULL;
  }
}

/* ---- hipError_t names and sentences ---- */

/* Every hipError_t of the header but its aliases, with the sentence the CUDA
   runtime gives for the error of the same meaning. */
#define HIPNV_HIP_ERRORS(X)                                                                        \
  X(hipSuccess, "no error")                                                                        \
  X(hipErrorInvalidValue, "invalid argument")                                                      \
  X(hipErrorOutOfMemory, "out of memory")                                                          \
  X(hipErrorNotInitialized, "initialization error")                                                \
  X(hipErrorDeinitialized, "driver shutting down")                                                 \
  X(hipErrorProfilerDisabled, "profiler disabled while using external profiling tool")             \
  X(hipErrorProfilerNotInitialized, "profiler not initialized")                                    \
  X(hipErrorProfilerAlreadyStarted, "profiler already started")                                    \
  X(hipErrorProfilerAlreadyStopped, "profiler already stopped")                                    \
  X(hipErrorInvalidConfiguration, "invalid configuration argument")                                \
  X(hipErrorInvalidPitchValue, "invalid pitch argument")                                           \
  X(hipErrorInvalidSymbol, "invalid device symbol")                                                \
  X(hipErrorInvalidDevicePointer, "invalid device pointer")                                        \
  X(hipErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")                           \
  X(hipErrorInsufficientDriver, "CUDA driver version is insufficient for CUDA runtime version")    \
  X(hipErrorMissingConfiguration, "__global__ function call is not configured")                    \
  X(hipErrorPriorLaunchFailure, "unspecified launch failure in prior launch")                      \
  X(hipErrorInvalidDeviceFunction, "invalid device function")                                      \
  X(hipErrorNoDevice, "no CUDA-capable device is detected")                                        \
  X(hipErrorInvalidDevice, "invalid device ordinal")                                               \
  X(hipErrorInvalidImage, "device kernel image is invalid")                                        \
  X(hipErrorInvalidContext, "invalid device context")                                              \
  X(hipErrorContextAlreadyCurrent, "context already current")                                      \
  X(hipErrorMapFailed, "mapping of buffer object failed")                                          \
  X(hipErrorUnmapFailed, "unmapping of buffer object failed")                                      \
  X(hipErrorArrayIsMapped, "array is mapped")                                                      \
  X(hipErrorAlreadyMapped, "resource already mapped")                                              \
  X(hipErrorNoBinaryForGpu, "no kernel image is available for execution on the device")            \
  X(hipErrorAlreadyAcquired, "resource already acquired")                                          \
  X(hipErrorNotMapped, "resource not mapped")                                                      \
  X(hipErrorNotMappedAsArray, "resource not mapped as array")                                      \
  X(hipErrorNotMappedAsPointer, "resource not mapped as pointer")                                  \
  X(hipErrorECCNotCorrectable, "uncorrectable ECC error encountered")                              \
  X(hipErrorUnsupportedLimit, "limit is not supported on this architecture")                       \
  X(hipErrorContextAlreadyInUse, "exclusive-thread device already in use by a different thread")   \
  X(hipErrorPeerAccessUnsupported, "peer access is not supported between these two devices")       \
  X(hipErrorInvalidKernelFile, "a PTX JIT compilation failed")                                     \
  X(hipErrorInvalidGraphicsContext, "invalid OpenGL or DirectX context")                           \
  X(hipErrorInvalidSource, "device kernel image is invalid")                                       \
  X(hipErrorFileNotFound, "file not found")                                                        \
  X(hipErrorSharedObjectSymbolNotFound, "shared object symbol not found")                          \
  X(hipErrorSharedObjectInitFailed, "shared object initialization failed")                         \
  X(hipErrorOperatingSystem, "OS call failed or operation not supported on this OS")               \
  X(hipErrorInvalidHandle, "invalid resource handle")                                              \
  X(hipErrorIllegalState, "the operation cannot be performed in the present state")                \
  X(hipErrorNotFound, "named symbol not found")                                                    \
  X(hipErrorNotReady, "device not ready")                                                          \
  X(hipErrorIllegalAddress, "an illegal memory access was encountered")                            \
  X(hipErrorLaunchOutOfResources, "too many resources requested for launch")                       \
  X(hipErrorLaunchTimeOut, "the launch timed out and was terminated")                              \
  X(hipErrorPeerAccessAlreadyEnabled, "peer access is already enabled")                            \
  X(hipErrorPeerAccessNotEnabled, "peer access has not been enabled")                              \
  X(hipErrorSetOnActiveProcess, "cannot set while device is active in this process")               \
  X(hipErrorContextIsDestroyed, "context is destroyed")                                            \
  X(hipErrorAssert, "device-side assert triggered")                                                \
  X(hipErrorHostMemoryAlreadyRegistered,                                                           \
    "part or all of the requested memory range is already mapped")                                 \
  X(hipErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region")  \
  X(hipErrorLaunchFailure, "unspecified launch failure")                                           \
  X(hipErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch")                    \
  X(hipErrorNotSupported, "operation not supported")                                               \
  X(hipErrorStreamCaptureUnsupported, "operation not permitted when stream is capturing")          \
  X(hipErrorStreamCaptureInvalidated, "operation failed due to a previous error during capture")   \
  X(hipErrorStreamCaptureMerge, "operation would result in a merge of separate capture sequences") \
  X(hipErrorStreamCaptureUnmatched, "capture was not ended in the same stream as it began")        \
  X(hipErrorStreamCaptureUnjoined, "capturing stream has unjoined work")                           \
  X(hipErrorStreamCaptureIsolation, "dependency created on uncaptured work in another stream")     \
  X(hipErrorStreamCaptureImplicit,                                                                 \
    "operation would make the legacy stream depend on a capturing blocking stream")                \
  X(hipErrorCapturedEvent, "operation not permitted on an event last recorded in a capturing "     \
                           "stream")                                                               \
  X(hipErrorStreamCaptureWrongThread,                                                              \
    "attempt to terminate a thread-local capture sequence from another thread")                    \
  X(hipErrorGraphExecUpdateFailure, "the graph update was not performed because it included "      \
                                    "changes which violated constraints specific to instantiated " \
                                    "graph update")                                                \
  X(hipErrorInvalidChannelDescriptor, "invalid channel descriptor")                                \
  X(hipErrorInvalidTexture, "invalid texture")                                                     \
  X(hipErrorInvalidResourceType, "invalid resource type")                                          \
  X(hipErrorInvalidResourceConfiguration, "invalid resource configuration")                        \
  X(hipErrorStreamDetached, "the stream is detached")                                              \
  X(hipErrorUnknown, "unknown error")                                                              \
  X(hipErrorRuntimeMemory, "runtime memory call returned error")                                   \
  X(hipErrorRuntimeOther, "runtime call other than memory returned error")                         \
  X(hipErrorInvalidClusterSize, "invalid cluster size")                                            \
  X(hipErrorTbd, "marker of the end of the list, not an error")

typedef struct hip_error_text {
  hipError_t error;
  const char *name;
  const char *text;
} hip_error_text;

static const hip_error_text hip_errors[] = {
#define HIPNV_HIP_ERROR_TEXT(error, text) {error, #error, text},
    HIPNV_HIP_ERRORS(HIPNV_HIP_ERROR_TEXT)
#undef HIPNV_HIP_ERROR_TEXT
};

static const hip_error_text *find_error(hipError_t error) {
  for (size_t i = 0; i < sizeof hip_errors / sizeof hip_errors[0]; i++)
    if (hip_errors[i].error == error)
      return &hip_errors[i];
  return NULL;
}

/* A value the header does not name is reported as hipErrorUnknown, as ROCm does. */
const char *hipGetErrorName(hipError_t hip_error) {
  const hip_error_text *found = find_error(hip_error);
  return found ? found->name : "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t hipError) {
  const hip_error_text *found = find_error(hipError);
  return found ? found->text : "unknown error";
}

/* The driver API's forms: hipErrorInvalidValue for a value that names no error. */
hipError_t hipDrvGetErrorName(hipError_t hipError, const char **errorString) {
  if (errorString == NULL)
    return hipErrorInvalidValue;
  *errorString = hipGetErrorName(hipError);
  return find_error(hipError) != NULL ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipDrvGetErrorString(hipError_t hipError, const char **errorString) {
  if (errorString == NULL)
    return hipErrorInvalidValue;
  *errorString = hipGetErrorString(hipError);
  return find_error(hipError) != NULL ? hipSuccess : hipErrorInvalidValue;
}

/* ---- each thread's last error and reason ---- */

static _Thread_local hipError_t last_error = hipSuccess;
static _Thread_local char reason[1024];
/* Why the driver call in progress failed; becomes `reason` if its entry point fails. */
static _Thread_local char pending[1024];

hipError_t hipGetLastError(void) {
  hipError_t error = last_error;
  last_error = hipSuccess;
  return error;
}

hipError_t hipPeekAtLastError(void) { return last_error; }

const char *hip_nvidia_last_reason(void) { return reason; }

void hipnv__pending_reason(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(pending, sizeof pending, format, args);
  va_end(args);
}

/* hipErrorNotReady is an answer, not a failure: the CUDA runtime does not keep
   it as the last error (cudaStreamQuery, cudaEventQuery). */
hipError_t hipnv__result(CUresult result) {
  hipError_t error = hipnv__translate(result);
  if (error == hipSuccess || error == hipErrorNotReady)
    return error;
  last_error = error;
  if (pending[0] != '\0') {
    memcpy(reason, pending, sizeof reason);
  } else {
    const char *name = hipnv__result_name(result);
    snprintf(reason, sizeof reason, "the driver returned %s (%d)",
             name ? name : "an unknown CUresult", (int)result);
  }
  pending[0] = '\0';
  return error;
}

hipError_t hipnv__fail(hipError_t error, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(reason, sizeof reason, format, args);
  va_end(args);
  last_error = error;
  pending[0] = '\0';
  return error;
}
