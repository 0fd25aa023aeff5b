/*
 * test_errors.c: every driver result and what HIP error it becomes, the names
 * and sentences of hipError_t, and each thread's last error and reason.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

typedef struct translation {
  int result;       /* a CUresult, or a value cuda.h does not have */
  const char *name; /* as the reason names it */
  hipError_t error;
} translation;

/* What hipother's hipCUResultTohipError gives, plus the results with a HIP
   error of the same meaning it lacks; the rest are hipErrorUnknown. */
static const translation translations[] = {
    {1, "CUDA_ERROR_INVALID_VALUE", hipErrorInvalidValue},
    {2, "CUDA_ERROR_OUT_OF_MEMORY", hipErrorOutOfMemory},
    {3, "CUDA_ERROR_NOT_INITIALIZED", hipErrorNotInitialized},
    {4, "CUDA_ERROR_DEINITIALIZED", hipErrorDeinitialized},
    {5, "CUDA_ERROR_PROFILER_DISABLED", hipErrorProfilerDisabled},
    {6, "CUDA_ERROR_PROFILER_NOT_INITIALIZED", hipErrorProfilerNotInitialized},
    {7, "CUDA_ERROR_PROFILER_ALREADY_STARTED", hipErrorProfilerAlreadyStarted},
    {8, "CUDA_ERROR_PROFILER_ALREADY_STOPPED", hipErrorProfilerAlreadyStopped},
    {34, "CUDA_ERROR_STUB_LIBRARY", hipErrorInsufficientDriver},
    {36, "CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER", hipErrorInsufficientDriver},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE", hipErrorUnknown},
    {100, "CUDA_ERROR_NO_DEVICE", hipErrorNoDevice},
    {101, "CUDA_ERROR_INVALID_DEVICE", hipErrorInvalidDevice},
    {102, "CUDA_ERROR_DEVICE_NOT_LICENSED", hipErrorUnknown},
    {200, "CUDA_ERROR_INVALID_IMAGE", hipErrorInvalidImage},
    {201, "CUDA_ERROR_INVALID_CONTEXT", hipErrorInvalidContext},
    {202, "CUDA_ERROR_CONTEXT_ALREADY_CURRENT", hipErrorContextAlreadyCurrent},
    {205, "CUDA_ERROR_MAP_FAILED", hipErrorMapFailed},
    {206, "CUDA_ERROR_UNMAP_FAILED", hipErrorUnmapFailed},
    {207, "CUDA_ERROR_ARRAY_IS_MAPPED", hipErrorArrayIsMapped},
    {208, "CUDA_ERROR_ALREADY_MAPPED", hipErrorAlreadyMapped},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU", hipErrorNoBinaryForGpu},
    {210, "CUDA_ERROR_ALREADY_ACQUIRED", hipErrorAlreadyAcquired},
    {211, "CUDA_ERROR_NOT_MAPPED", hipErrorNotMapped},
    {212, "CUDA_ERROR_NOT_MAPPED_AS_ARRAY", hipErrorNotMappedAsArray},
    {213, "CUDA_ERROR_NOT_MAPPED_AS_POINTER", hipErrorNotMappedAsPointer},
    {214, "CUDA_ERROR_ECC_UNCORRECTABLE", hipErrorECCNotCorrectable},
    {215, "CUDA_ERROR_UNSUPPORTED_LIMIT", hipErrorUnsupportedLimit},
    {216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE", hipErrorContextAlreadyInUse},
    {217, "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED", hipErrorPeerAccessUnsupported},
    {218, "CUDA_ERROR_INVALID_PTX", hipErrorInvalidKernelFile},
    {219, "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT", hipErrorInvalidGraphicsContext},
    {220, "CUDA_ERROR_NVLINK_UNCORRECTABLE", hipErrorUnknown},
    {300, "CUDA_ERROR_INVALID_SOURCE", hipErrorInvalidSource},
    {301, "CUDA_ERROR_FILE_NOT_FOUND", hipErrorFileNotFound},
    {302, "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND", hipErrorSharedObjectSymbolNotFound},
    {303, "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED", hipErrorSharedObjectInitFailed},
    {304, "CUDA_ERROR_OPERATING_SYSTEM", hipErrorOperatingSystem},
    {400, "CUDA_ERROR_INVALID_HANDLE", hipErrorInvalidHandle},
    {401, "CUDA_ERROR_ILLEGAL_STATE", hipErrorIllegalState},
    {402, "CUDA_ERROR_LOSSY_QUERY", hipErrorUnknown},
    {500, "CUDA_ERROR_NOT_FOUND", hipErrorNotFound},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS", hipErrorIllegalAddress},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", hipErrorLaunchOutOfResources},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT", hipErrorLaunchTimeOut},
    {703, "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING", hipErrorUnknown},
    {704, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED", hipErrorPeerAccessAlreadyEnabled},
    {705, "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED", hipErrorPeerAccessNotEnabled},
    {708, "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE", hipErrorSetOnActiveProcess},
    {709, "CUDA_ERROR_CONTEXT_IS_DESTROYED", hipErrorContextIsDestroyed},
    {710, "CUDA_ERROR_ASSERT", hipErrorAssert},
    {711, "CUDA_ERROR_TOO_MANY_PEERS", hipErrorUnknown},
    {712, "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED", hipErrorHostMemoryAlreadyRegistered},
    {713, "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED", hipErrorHostMemoryNotRegistered},
    {719, "CUDA_ERROR_LAUNCH_FAILED", hipErrorLaunchFailure},
    {720, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE", hipErrorCooperativeLaunchTooLarge},
    {800, "CUDA_ERROR_NOT_PERMITTED", hipErrorUnknown},
    {801, "CUDA_ERROR_NOT_SUPPORTED", hipErrorNotSupported},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", hipErrorUnknown},
    {900, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", hipErrorStreamCaptureUnsupported},
    {901, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED", hipErrorStreamCaptureInvalidated},
    {902, "CUDA_ERROR_STREAM_CAPTURE_MERGE", hipErrorStreamCaptureMerge},
    {903, "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED", hipErrorStreamCaptureUnmatched},
    {904, "CUDA_ERROR_STREAM_CAPTURE_UNJOINED", hipErrorStreamCaptureUnjoined},
    {905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION", hipErrorStreamCaptureIsolation},
    {906, "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT", hipErrorStreamCaptureImplicit},
    {907, "CUDA_ERROR_CAPTURED_EVENT", hipErrorCapturedEvent},
    {908, "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD", hipErrorStreamCaptureWrongThread},
    {909, "CUDA_ERROR_TIMEOUT", hipErrorUnknown},
    {910, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE", hipErrorGraphExecUpdateFailure},
    {912, "CUDA_ERROR_INVALID_CLUSTER_SIZE", hipErrorInvalidClusterSize},
    {914, "CUDA_ERROR_INVALID_RESOURCE_TYPE", hipErrorInvalidResourceType},
    {915, "CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION", hipErrorInvalidResourceConfiguration},
    {916, "CUDA_ERROR_KEY_ROTATION", hipErrorUnknown},
    /* CUDA's detached stream is 917, HIP's 916. */
    {917, "CUDA_ERROR_STREAM_DETACHED", hipErrorStreamDetached},
    {999, "CUDA_ERROR_UNKNOWN", hipErrorUnknown},
};

/* Each result, answered by the driver's cuMemAlloc_v2, comes back from hipMalloc
   as its HIP error, kept as the last error, with a reason naming it. */
static void every_result_translates(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof translations / sizeof translations[0]; i++) {
    const translation *t = &translations[i];
    void *ptr = NULL;
    char expected[128];
    fake_cuda_fail_next("cuMemAlloc_v2", (CUresult)t->result);
    assert_hip(hipMalloc(&ptr, 256), t->error);
    assert_null(ptr);
    snprintf(expected, sizeof expected, "cuMemAlloc_v2 returned %s (%d)", t->name, t->result);
    assert_string_equal(hip_nvidia_last_reason(), expected);
    assert_hip(hipGetLastError(), t->error);
  }
}

static void unknown_results_are_unknown_error(void **state) {
  (void)state;
  const int unknown[] = {9, 47, 12345, -3, 0x48000003};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    char expected[128];
    fake_cuda_fail_next("cuMemFree_v2", (CUresult)unknown[i]);
    assert_hip(hipFree((void *)0x1000), hipErrorUnknown);
    snprintf(expected, sizeof expected, "cuMemFree_v2 returned an unknown CUresult (%d)",
             unknown[i]);
    assert_string_equal(hip_nvidia_last_reason(), expected);
  }
}

/* Not ready is an answer: returned, but not kept as the last error. */
static void not_ready_is_not_the_last_error(void **state) {
  (void)state;
  char reason[256];
  snprintf(reason, sizeof reason, "%s", hip_nvidia_last_reason());
  fake_cuda_fail_next("cuStreamQuery", CUDA_ERROR_NOT_READY);
  assert_hip(hipStreamQuery(NULL), hipErrorNotReady);
  fake_cuda_fail_next("cuEventQuery", CUDA_ERROR_NOT_READY);
  assert_hip(hipEventQuery((hipEvent_t)0xe100), hipErrorNotReady);
  assert_hip(hipPeekAtLastError(), hipSuccess);
  assert_string_equal(hip_nvidia_last_reason(), reason);
}

static void last_error_is_kept_until_read(void **state) {
  (void)state;
  void *ptr = NULL;
  assert_hip(hipGetLastError(), hipSuccess);
  fake_cuda_fail_next("cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMalloc(&ptr, 256), hipErrorOutOfMemory);
  /* A later success leaves it; peeking leaves it; reading clears it. */
  assert_hip(hipMalloc(&ptr, 256), hipSuccess);
  assert_hip(hipPeekAtLastError(), hipErrorOutOfMemory);
  assert_hip(hipPeekAtLastError(), hipErrorOutOfMemory);
  assert_hip(hipGetLastError(), hipErrorOutOfMemory);
  assert_hip(hipGetLastError(), hipSuccess);
  /* The reason stays that of the last failing call. */
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuMemAlloc_v2 returned CUDA_ERROR_OUT_OF_MEMORY (2)");
  /* A later failure replaces both. */
  assert_hip(hipMalloc(NULL, 256), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipMalloc: ptr is NULL");
  assert_hip(hipGetLastError(), hipErrorInvalidValue);
}

typedef struct thread_errors {
  hipError_t before, after;
  char reason_before[64], reason_after[128];
} thread_errors;

static void *fail_on_a_thread(void *arg) {
  thread_errors *seen = arg;
  void *ptr = NULL;
  seen->before = hipPeekAtLastError();
  snprintf(seen->reason_before, sizeof seen->reason_before, "%s", hip_nvidia_last_reason());
  fake_cuda_fail_next("cuMemAlloc_v2", CUDA_ERROR_INVALID_DEVICE);
  (void)hipMalloc(&ptr, 64);
  seen->after = hipGetLastError();
  snprintf(seen->reason_after, sizeof seen->reason_after, "%s", hip_nvidia_last_reason());
  return NULL;
}

/* Each thread has its own last error and reason, as with the CUDA runtime. */
static void last_error_is_per_thread(void **state) {
  (void)state;
  void *ptr = NULL;
  fake_cuda_fail_next("cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY);
  assert_hip(hipMalloc(&ptr, 64), hipErrorOutOfMemory);
  thread_errors seen;
  memset(&seen, 0, sizeof seen);
  hn_run_threads(1, fail_on_a_thread, &seen);
  assert_hip(seen.before, hipSuccess);
  assert_string_equal(seen.reason_before, "");
  assert_hip(seen.after, hipErrorInvalidDevice);
  assert_string_equal(seen.reason_after, "cuMemAlloc_v2 returned CUDA_ERROR_INVALID_DEVICE (101)");
  assert_hip(hipGetLastError(), hipErrorOutOfMemory);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuMemAlloc_v2 returned CUDA_ERROR_OUT_OF_MEMORY (2)");
}

/* A refusal of hip-nvidia's own calls no driver function and says which argument. */
static void refusal_names_the_argument(void **state) {
  (void)state;
  assert_hip(hipMemcpy(NULL, NULL, 8, (hipMemcpyKind)7), hipErrorInvalidMemcpyDirection);
  assert_string_equal(hip_nvidia_last_reason(), "hipMemcpy: kind 7 is not a hipMemcpyKind");
  assert_no_driver_call();
}

/* ---- names and sentences ---- */

typedef struct named {
  hipError_t error;
  const char *name;
} named;

#define NAMED(error)                                                                               \
  { error, #error }
static const named names[] = {
    NAMED(hipSuccess),
    NAMED(hipErrorInvalidValue),
    NAMED(hipErrorOutOfMemory),
    NAMED(hipErrorNotInitialized),
    NAMED(hipErrorDeinitialized),
    NAMED(hipErrorProfilerDisabled),
    NAMED(hipErrorProfilerNotInitialized),
    NAMED(hipErrorProfilerAlreadyStarted),
    NAMED(hipErrorProfilerAlreadyStopped),
    NAMED(hipErrorInvalidConfiguration),
    NAMED(hipErrorInvalidPitchValue),
    NAMED(hipErrorInvalidSymbol),
    NAMED(hipErrorInvalidDevicePointer),
    NAMED(hipErrorInvalidMemcpyDirection),
    NAMED(hipErrorInsufficientDriver),
    NAMED(hipErrorMissingConfiguration),
    NAMED(hipErrorPriorLaunchFailure),
    NAMED(hipErrorInvalidDeviceFunction),
    NAMED(hipErrorNoDevice),
    NAMED(hipErrorInvalidDevice),
    NAMED(hipErrorInvalidImage),
    NAMED(hipErrorInvalidContext),
    NAMED(hipErrorContextAlreadyCurrent),
    NAMED(hipErrorMapFailed),
    NAMED(hipErrorUnmapFailed),
    NAMED(hipErrorArrayIsMapped),
    NAMED(hipErrorAlreadyMapped),
    NAMED(hipErrorNoBinaryForGpu),
    NAMED(hipErrorAlreadyAcquired),
    NAMED(hipErrorNotMapped),
    NAMED(hipErrorNotMappedAsArray),
    NAMED(hipErrorNotMappedAsPointer),
    NAMED(hipErrorECCNotCorrectable),
    NAMED(hipErrorUnsupportedLimit),
    NAMED(hipErrorContextAlreadyInUse),
    NAMED(hipErrorPeerAccessUnsupported),
    NAMED(hipErrorInvalidKernelFile),
    NAMED(hipErrorInvalidGraphicsContext),
    NAMED(hipErrorInvalidSource),
    NAMED(hipErrorFileNotFound),
    NAMED(hipErrorSharedObjectSymbolNotFound),
    NAMED(hipErrorSharedObjectInitFailed),
    NAMED(hipErrorOperatingSystem),
    NAMED(hipErrorInvalidHandle),
    NAMED(hipErrorIllegalState),
    NAMED(hipErrorNotFound),
    NAMED(hipErrorNotReady),
    NAMED(hipErrorIllegalAddress),
    NAMED(hipErrorLaunchOutOfResources),
    NAMED(hipErrorLaunchTimeOut),
    NAMED(hipErrorPeerAccessAlreadyEnabled),
    NAMED(hipErrorPeerAccessNotEnabled),
    NAMED(hipErrorSetOnActiveProcess),
    NAMED(hipErrorContextIsDestroyed),
    NAMED(hipErrorAssert),
    NAMED(hipErrorHostMemoryAlreadyRegistered),
    NAMED(hipErrorHostMemoryNotRegistered),
    NAMED(hipErrorLaunchFailure),
    NAMED(hipErrorCooperativeLaunchTooLarge),
    NAMED(hipErrorNotSupported),
    NAMED(hipErrorStreamCaptureUnsupported),
    NAMED(hipErrorStreamCaptureInvalidated),
    NAMED(hipErrorStreamCaptureMerge),
    NAMED(hipErrorStreamCaptureUnmatched),
    NAMED(hipErrorStreamCaptureUnjoined),
    NAMED(hipErrorStreamCaptureIsolation),
    NAMED(hipErrorStreamCaptureImplicit),
    NAMED(hipErrorCapturedEvent),
    NAMED(hipErrorStreamCaptureWrongThread),
    NAMED(hipErrorGraphExecUpdateFailure),
    NAMED(hipErrorInvalidChannelDescriptor),
    NAMED(hipErrorInvalidTexture),
    NAMED(hipErrorInvalidResourceType),
    NAMED(hipErrorInvalidResourceConfiguration),
    NAMED(hipErrorStreamDetached),
    NAMED(hipErrorUnknown),
    NAMED(hipErrorRuntimeMemory),
    NAMED(hipErrorRuntimeOther),
    NAMED(hipErrorInvalidClusterSize),
    NAMED(hipErrorTbd),
};
#undef NAMED

static void every_error_has_its_name_and_a_sentence(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    assert_string_equal(hipGetErrorName(names[i].error), names[i].name);
    const char *sentence = hipGetErrorString(names[i].error);
    assert_non_null(sentence);
    assert_true(strlen(sentence) > 4);
    if (names[i].error != hipErrorUnknown)
      assert_string_not_equal(sentence, "unknown error");
  }
  /* An alias gives the first name of its value. */
  assert_string_equal(hipGetErrorName(hipErrorMemoryAllocation), "hipErrorOutOfMemory");
  assert_string_equal(hipGetErrorName(hipErrorInvalidResourceHandle), "hipErrorInvalidHandle");
  assert_string_equal(hipGetErrorString(hipErrorNoDevice), "no CUDA-capable device is detected");
  assert_no_driver_call();
}

static void unknown_error_value_is_named_unknown(void **state) {
  (void)state;
  assert_string_equal(hipGetErrorName((hipError_t)77777), "hipErrorUnknown");
  assert_string_equal(hipGetErrorString((hipError_t)77777), "unknown error");
  assert_string_equal(hipGetErrorName((hipError_t)-1), "hipErrorUnknown");
}

int hn_area_errors(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(every_result_translates),
      HN_TEST(unknown_results_are_unknown_error),
      HN_TEST(not_ready_is_not_the_last_error),
      HN_TEST(last_error_is_kept_until_read),
      HN_TEST(last_error_is_per_thread),
      HN_TEST(refusal_names_the_argument),
      HN_TEST(every_error_has_its_name_and_a_sentence),
      HN_TEST(unknown_error_value_is_named_unknown),
  };
  return cmocka_run_group_tests_name("errors", tests, NULL, NULL);
}
