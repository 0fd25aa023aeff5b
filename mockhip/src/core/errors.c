/*
 * errors.c: names and sentences for hipError_t, from one list. Values are
 * numbers here so the list compiles against any ROCm header.
 */
#include <string.h>

#include "core/core.h"

#define MH_ERROR_LIST(X)                                                                           \
  X(hipSuccess, 0, "no error")                                                                     \
  X(hipErrorInvalidValue, 1, "invalid argument")                                                   \
  X(hipErrorOutOfMemory, 2, "out of memory")                                                       \
  X(hipErrorNotInitialized, 3, "initialization error")                                             \
  X(hipErrorDeinitialized, 4, "driver shutting down")                                              \
  X(hipErrorProfilerDisabled, 5, "profiler disabled while using external profiling tool")          \
  X(hipErrorProfilerNotInitialized, 6, "profiler is not initialized")                              \
  X(hipErrorProfilerAlreadyStarted, 7, "profiler already started")                                 \
  X(hipErrorProfilerAlreadyStopped, 8, "profiler already stopped")                                 \
  X(hipErrorInvalidConfiguration, 9, "invalid configuration argument")                             \
  X(hipErrorInvalidPitchValue, 12, "invalid pitch argument")                                       \
  X(hipErrorInvalidSymbol, 13, "invalid device symbol")                                            \
  X(hipErrorInvalidDevicePointer, 17, "invalid device pointer")                                    \
  X(hipErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy")                       \
  X(hipErrorInsufficientDriver, 35, "driver version is insufficient for runtime version")          \
  X(hipErrorMissingConfiguration, 52, "__global__ function call is not configured")                \
  X(hipErrorPriorLaunchFailure, 53, "unspecified launch failure in prior launch")                  \
  X(hipErrorInvalidDeviceFunction, 98, "invalid device function")                                  \
  X(hipErrorNoDevice, 100, "no ROCm-capable device is detected")                                   \
  X(hipErrorInvalidDevice, 101, "invalid device ordinal")                                          \
  X(hipErrorInvalidImage, 200, "device kernel image is invalid")                                   \
  X(hipErrorInvalidContext, 201, "invalid device context")                                         \
  X(hipErrorContextAlreadyCurrent, 202, "context is already current context")                      \
  X(hipErrorMapFailed, 205, "mapping of buffer object failed")                                     \
  X(hipErrorUnmapFailed, 206, "unmapping of buffer object failed")                                 \
  X(hipErrorArrayIsMapped, 207, "array is mapped")                                                 \
  X(hipErrorAlreadyMapped, 208, "resource already mapped")                                         \
  X(hipErrorNoBinaryForGpu, 209, "no kernel image is available for execution on the device")       \
  X(hipErrorAlreadyAcquired, 210, "resource already acquired")                                     \
  X(hipErrorNotMapped, 211, "resource not mapped")                                                 \
  X(hipErrorNotMappedAsArray, 212, "resource not mapped as array")                                 \
  X(hipErrorNotMappedAsPointer, 213, "resource not mapped as pointer")                             \
  X(hipErrorECCNotCorrectable, 214, "uncorrectable ECC error encountered")                         \
  X(hipErrorUnsupportedLimit, 215, "limit is not supported on this architecture")                  \
  X(hipErrorContextAlreadyInUse, 216,                                                              \
    "exclusive-thread device already in use by a different thread")                                \
  X(hipErrorPeerAccessUnsupported, 217, "peer access is not supported between these two devices")  \
  X(hipErrorInvalidKernelFile, 218, "invalid kernel file")                                         \
  X(hipErrorInvalidGraphicsContext, 219, "invalid OpenGL or DirectX context")                      \
  X(hipErrorInvalidSource, 300, "device kernel image is invalid")                                  \
  X(hipErrorFileNotFound, 301, "file not found")                                                   \
  X(hipErrorSharedObjectSymbolNotFound, 302, "shared object symbol not found")                     \
  X(hipErrorSharedObjectInitFailed, 303, "shared object initialization failed")                    \
  X(hipErrorOperatingSystem, 304, "OS call failed or operation not supported on this OS")          \
  X(hipErrorInvalidHandle, 400, "invalid resource handle")                                         \
  X(hipErrorIllegalState, 401, "the operation cannot be performed in the present state")           \
  X(hipErrorNotFound, 500, "named symbol not found")                                               \
  X(hipErrorNotReady, 600, "device not ready")                                                     \
  X(hipErrorIllegalAddress, 700, "an illegal memory access was encountered")                       \
  X(hipErrorLaunchOutOfResources, 701, "too many resources requested for launch")                  \
  X(hipErrorLaunchTimeOut, 702, "the launch timed out and was terminated")                         \
  X(hipErrorPeerAccessAlreadyEnabled, 704, "peer access is already enabled")                       \
  X(hipErrorPeerAccessNotEnabled, 705, "peer access has not been enabled")                         \
  X(hipErrorSetOnActiveProcess, 708, "cannot set while device is active in this process")          \
  X(hipErrorContextIsDestroyed, 709, "context is destroyed")                                       \
  X(hipErrorAssert, 710, "device-side assert triggered")                                           \
  X(hipErrorHostMemoryAlreadyRegistered, 712,                                                      \
    "part or all of the requested memory range is already mapped")                                 \
  X(hipErrorHostMemoryNotRegistered, 713,                                                          \
    "pointer does not correspond to a registered memory region")                                   \
  X(hipErrorLaunchFailure, 719, "unspecified launch failure")                                      \
  X(hipErrorCooperativeLaunchTooLarge, 720, "too many blocks in cooperative launch")               \
  X(hipErrorNotSupported, 801, "operation not supported")                                          \
  X(hipErrorStreamCaptureUnsupported, 900, "operation not permitted when stream is capturing")     \
  X(hipErrorStreamCaptureInvalidated, 901,                                                         \
    "operation failed due to a previous error during capture")                                     \
  X(hipErrorStreamCaptureMerge, 902,                                                               \
    "operation would result in a merge of separate capture sequences")                             \
  X(hipErrorStreamCaptureUnmatched, 903, "capture was not ended in the same stream as it began")   \
  X(hipErrorStreamCaptureUnjoined, 904, "capturing stream has unjoined work")                      \
  X(hipErrorStreamCaptureIsolation, 905,                                                           \
    "dependency created on uncaptured work in another stream")                                     \
  X(hipErrorStreamCaptureImplicit, 906,                                                            \
    "operation would make the legacy stream depend on a capturing blocking stream")                \
  X(hipErrorCapturedEvent, 907,                                                                    \
    "operation not permitted on an event last recorded in a capturing stream")                     \
  X(hipErrorStreamCaptureWrongThread, 908,                                                         \
    "attempt to terminate a thread-local capture sequence from another thread")                    \
  X(hipErrorGraphExecUpdateFailure, 910,                                                           \
    "the graph update was not performed because it included changes which violated constraints "   \
    "specific to instantiated graph update")                                                       \
  X(hipErrorInvalidChannelDescriptor, 911, "invalid channel descriptor")                           \
  X(hipErrorInvalidTexture, 912, "invalid texture")                                                \
  X(hipErrorInvalidResourceType, 914, "invalid resource type")                                     \
  X(hipErrorInvalidResourceConfiguration, 915, "invalid resource configuration")                   \
  X(hipErrorStreamDetached, 916, "the stream is detached")                                         \
  X(hipErrorUnknown, 999, "unknown error")                                                         \
  X(hipErrorRuntimeMemory, 1052, "runtime memory call returned error")                             \
  X(hipErrorRuntimeOther, 1053, "runtime call other than memory returned error")                   \
  X(hipErrorInvalidClusterSize, 1054, "invalid cluster size")

typedef struct error_desc {
  int value;
  const char *name;
  const char *text;
} error_desc;

static const error_desc errors[] = {
#define MH_ERROR_DESC(name, value, text) {value, #name, text},
    MH_ERROR_LIST(MH_ERROR_DESC)
#undef MH_ERROR_DESC
};

static const error_desc *find(hipError_t err) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
    if (errors[i].value == (int)err)
      return &errors[i];
  return NULL;
}

const char *mh__error_name(hipError_t err) {
  const error_desc *e = find(err);
  return e ? e->name : "hipErrorUnknown";
}

bool mh__error_parse(const char *name, size_t len, hipError_t *out) {
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    if (strlen(errors[i].name) == len && strncmp(errors[i].name, name, len) == 0) {
      *out = (hipError_t)errors[i].value;
      return true;
    }
  }
  return false;
}

MH_EXPORT const char *hipGetErrorName(hipError_t err) { return mh__error_name(err); }

MH_EXPORT const char *hipGetErrorString(hipError_t err) {
  const error_desc *e = find(err);
  return e ? e->text : "unknown error";
}

/* The driver API's forms (clr hip_error.cpp): the same texts, and hipErrorInvalidValue for a
   value that names no error (its text is then hipErrorUnknown's). */
MH_EXPORT hipError_t hipDrvGetErrorName(hipError_t err, const char **name) {
  if (name == NULL)
    return hipErrorInvalidValue;
  *name = mh__error_name(err);
  return find(err) != NULL ? hipSuccess : hipErrorInvalidValue;
}

MH_EXPORT hipError_t hipDrvGetErrorString(hipError_t err, const char **text) {
  if (text == NULL)
    return hipErrorInvalidValue;
  *text = hipGetErrorString(err);
  return find(err) != NULL ? hipSuccess : hipErrorInvalidValue;
}
