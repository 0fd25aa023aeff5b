/*
 * profile_rows_host.c: the rows of table (g) where HIP on NVIDIA's host runtime
 * answers otherwise than ROCm's (the H200's answers): disabling peer access to
 * the device itself, ROCm's own attributes, NULL arguments to the context calls
 * and hipStreamGetFlags, stream and event handles that name none, and what a
 * refused hipStreamEndCapture, a mode that is none and a wait for an event
 * recorded before a capture do, and what hipGetLastError keeps (a failure, or
 * the last call's result), and what the stream-ordered allocator answers for a
 * stream that names none.
 */
#include "profile_check.h"

#include <pthread.h>

/* ROCm deprecates the context calls; two rows are theirs. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

void test_peer_disable_self(void **state) {
  (void)state;
  const row *r = &peer_disable_self;
  MT_CHECK(hipSetDevice(0));
  ROW_EXPECT(r, code_of(r), hipDeviceDisablePeerAccess(0));
  /* Enabling access to itself, and disabling a peer never enabled, answer alike everywhere. */
  ROW_EXPECT(r, hipErrorInvalidDevice, hipDeviceEnablePeerAccess(0, 0));
  ROW_EXPECT(r, hipErrorPeerAccessNotEnabled, hipDeviceDisablePeerAccess(1));
  ROW_EXPECT(r, hipErrorInvalidDevice, hipDeviceDisablePeerAccess(-1));
}

void test_amd_attributes(void **state) {
  (void)state;
  const row *r = &amd_attributes;
  bool answered = cell_of(r) == YES;
  int value = -77;
  ROW_EXPECT(r, answered ? hipSuccess : hipErrorInvalidValue,
             hipDeviceGetAttribute(&value, hipDeviceAttributeIsLargeBar, 0));
  unsigned int *hdp = NULL; /* ROCm writes the register's address whole */
  ROW_EXPECT(r, answered ? hipSuccess : hipErrorInvalidValue,
             hipDeviceGetAttribute((int *)(void *)&hdp, hipDeviceAttributeHdpMemFlushCntl, 0));
  /* Where it is refused, it is refused before the device is looked at. */
  ROW_EXPECT(r, answered ? hipErrorInvalidDevice : hipErrorInvalidValue,
             hipDeviceGetAttribute(&value, hipDeviceAttributeAsicRevision, 99));
  /* The one ROCm attribute CUDA has too, and a shared one, answer everywhere. */
  hipDeviceProp_t props;
  MT_CHECK(hipGetDeviceProperties(&props, 0));
  ROW_EXPECT(r, hipSuccess,
             hipDeviceGetAttribute(&value, hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, 0));
  assert_int_equal(value, (int)props.maxSharedMemoryPerMultiProcessor);
  ROW_EXPECT(r, hipSuccess, hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, 0));
  assert_int_equal(value, props.warpSize);
}

void test_ctx_push_null(void **state) {
  (void)state;
  const row *r = &ctx_push_null;
  hipCtx_t before = NULL, after = NULL;
  MT_CHECK(hipCtxGetCurrent(&before));
  ROW_EXPECT(r, code_of(r), hipCtxPushCurrent(NULL));
  MT_CHECK(hipCtxGetCurrent(&after));
  assert_ptr_equal(after, before); /* nothing was pushed */
}

void test_primary_state_null(void **state) {
  (void)state;
  const row *r = &primary_state_null;
  unsigned flags = 77;
  int active = 77;
  MT_CHECK(hipSetDevice(0));
  ROW_EXPECT(r, code_of(r), hipDevicePrimaryCtxGetState(0, NULL, &active));
  assert_int_equal(active, cell_of(r) == SUCCESS ? 1 : 77);
  ROW_EXPECT(r, code_of(r), hipDevicePrimaryCtxGetState(0, &flags, NULL));
  assert_int_equal(flags, cell_of(r) == SUCCESS ? 0 : 77);
  ROW_EXPECT(r, code_of(r), hipDevicePrimaryCtxGetState(0, NULL, NULL));
  ROW_EXPECT(r, hipSuccess, hipDevicePrimaryCtxGetState(0, &flags, &active));
  /* A NULL is found before a bad device where the NULLs are refused. */
  ROW_EXPECT(r, cell_of(r) == SUCCESS ? hipErrorInvalidDevice : code_of(r),
             hipDevicePrimaryCtxGetState(99, NULL, &active));
}

void test_stale_handle(void **state) {
  (void)state;
  const row *r = &stale_handle;
  bool crashes = cell_of(r) == CRASH;
  hipStream_t stream = NULL;
  hipEvent_t event = NULL;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipEventCreate(&event));
  MT_CHECK(hipEventDestroy(event));
  /* The answer is ROCm's everywhere; where the release crashes, strict mode says so. */
  strict_begin();
  hipError_t query = hipStreamQuery(stream);
  assert_strict(r, strict_end(), "crashes here", crashes);
  ROW_EXPECT(r, code_of(r), query);
  strict_begin();
  hipError_t destroy = hipEventDestroy(event);
  assert_strict(r, strict_end(), "crashes here", crashes);
  ROW_EXPECT(r, code_of(r), destroy);
  MT_CHECK(hipEventCreate(&event));
  strict_begin();
  hipError_t made_up = hipStreamWaitEvent((hipStream_t)(uintptr_t)0x1234, event, 0);
  assert_strict(r, strict_end(), "crashes here", crashes);
  ROW_EXPECT(r, hipErrorInvalidHandle, made_up); /* hipStreamWaitEvent_common's own code */
  MT_CHECK(hipEventDestroy(event));
  assert_int_equal(mt_stats().live_streams, 0);
}

void test_null_stream_flags(void **state) {
  (void)state;
  const row *r = &null_stream_flags;
  unsigned flags = 77;
  ROW_EXPECT(r, code_of(r), hipStreamGetFlags(NULL, &flags));
  assert_int_equal(flags, cell_of(r) == SUCCESS ? hipStreamDefault : 77);
  ROW_EXPECT(r, hipErrorInvalidValue, hipStreamGetFlags(NULL, NULL));
}

/* ---- capture ---- */

static hipStreamCaptureStatus status_of(hipStream_t stream) {
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  MT_CHECK(hipStreamIsCapturing(stream, &status));
  return status;
}

static void end_expecting(const row *r, hipStream_t stream, hipError_t expected) {
  hipGraph_t graph = NULL;
  ROW_EXPECT(r, expected, hipStreamEndCapture(stream, &graph));
  if (expected == hipSuccess)
    MT_CHECK(hipGraphDestroy(graph));
  else
    assert_null(graph);
}

typedef struct end_args {
  hipStream_t stream;
  hipGraph_t graph;
  hipError_t got;
} end_args;

static void *end_in_thread(void *arg) {
  end_args *a = arg;
  a->got = hipStreamEndCapture(a->stream, &a->graph);
  return NULL;
}

void test_capture_end_wrong_thread(void **state) {
  (void)state;
  const row *r = &capture_end_wrong_thread;
  hipStream_t stream = NULL;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  end_args a = {stream, NULL, hipSuccess};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, end_in_thread, &a), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  ROW_EXPECT(r, hipErrorStreamCaptureWrongThread, a.got);
  assert_null(a.graph);
  if (cell_of(r) == KEPT) {
    assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
    end_expecting(r, stream, hipSuccess);
  } else {
    assert_int_equal(status_of(stream), hipStreamCaptureStatusNone);
    end_expecting(r, stream, hipErrorIllegalState);
  }
  MT_CHECK(hipStreamDestroy(stream));
}

void test_capture_end_unmatched(void **state) {
  (void)state;
  const row *r = &capture_end_unmatched;
  bool invalidates = cell_of(r) == INVALIDATED;
  hipStream_t origin = NULL, side = NULL;
  hipEvent_t fork = NULL;
  MT_CHECK(hipStreamCreate(&origin));
  MT_CHECK(hipStreamCreate(&side));
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  end_expecting(r, side, hipErrorStreamCaptureUnmatched);
  assert_int_equal(status_of(origin),
                   invalidates ? hipStreamCaptureStatusInvalidated : hipStreamCaptureStatusActive);
  ROW_EXPECT(r, hipErrorIllegalState, hipStreamBeginCapture(side, hipStreamCaptureModeGlobal));
  end_expecting(r, origin, invalidates ? hipErrorStreamCaptureInvalidated : hipSuccess);
  assert_int_equal(status_of(side), hipStreamCaptureStatusNone);
  /* A stream whose capture a forbidden call invalidated: ROCm lets it begin again, dropping the
     old capture; HIP on NVIDIA keeps it there until its end. */
  void *block = NULL;
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  assert_int_not_equal(hipMalloc(&block, 64), hipSuccess);
  assert_int_equal(status_of(origin), hipStreamCaptureStatusInvalidated);
  ROW_EXPECT(r, invalidates ? hipErrorIllegalState : hipSuccess,
             hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  end_expecting(r, origin, invalidates ? hipErrorStreamCaptureInvalidated : hipSuccess);
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipStreamDestroy(side));
  MT_CHECK(hipStreamDestroy(origin));
}

void test_capture_mode_checked(void **state) {
  (void)state;
  const row *r = &capture_mode_checked;
  hipStreamCaptureMode mode = (hipStreamCaptureMode)-1;
  ROW_EXPECT(r, cell_of(r) == YES ? hipErrorInvalidValue : hipSuccess,
             hipThreadExchangeStreamCaptureMode(&mode));
  if (cell_of(r) == YES) {
    assert_int_equal((int)mode, -1);
    return;
  }
  /* Taken as the thread's mode: the next exchange hands it back. */
  assert_int_equal(mode, hipStreamCaptureModeGlobal);
  mode = hipStreamCaptureModeGlobal;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  assert_int_equal((int)mode, -1);
  ROW_EXPECT(r, hipErrorInvalidValue, hipThreadExchangeStreamCaptureMode(NULL));
}

void test_capture_isolation(void **state) {
  (void)state;
  const row *r = &capture_isolation;
  hipStream_t a = NULL, b = NULL;
  hipEvent_t before = NULL;
  MT_CHECK(hipStreamCreate(&a));
  MT_CHECK(hipStreamCreate(&b));
  MT_CHECK(hipEventCreate(&before));
  MT_CHECK(hipEventRecord(before, a));
  MT_CHECK(hipStreamBeginCapture(a, hipStreamCaptureModeRelaxed));
  ROW_EXPECT(r, code_of(r), hipStreamWaitEvent(b, before, 0));
  assert_int_equal(status_of(b), hipStreamCaptureStatusNone); /* b joins nothing */
  end_expecting(r, a, hipSuccess);
  MT_CHECK(hipEventDestroy(before));
  MT_CHECK(hipStreamDestroy(b));
  MT_CHECK(hipStreamDestroy(a));
}

void test_last_error(void **state) {
  (void)state;
  const row *r = &last_error;
  (void)hipGetLastError();
  void *p = NULL;
  ROW_EXPECT(r, hipErrorInvalidValue, hipMalloc(NULL, 16));
  MT_CHECK(hipMalloc(&p, 16)); /* a success after the failure */
  hipError_t want = cell_of(r) == LAST_CALL ? hipSuccess : hipErrorInvalidValue;
  ROW_EXPECT(r, want, hipPeekAtLastError());
  ROW_EXPECT(r, want, hipGetLastError());
  ROW_EXPECT(r, hipSuccess, hipGetLastError()); /* read: cleared either way */
  MT_CHECK(hipFree(p));
}

void test_async_stream_invalid(void **state) {
  (void)state;
  const row *r = &async_stream_invalid;
  bool crashes = cell_of(r) == CRASH;
  hipStream_t stream = NULL;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  void *p = NULL;
  strict_begin();
  hipError_t alloc = hipMallocAsync(&p, 64, stream);
  assert_strict(r, strict_end(), "crashes here", crashes);
  ROW_EXPECT(r, code_of(r), alloc);
  assert_null(p);
  int word = 0;
  ROW_EXPECT(r, code_of(r), hipFreeAsync(&word, stream));
  hipMemPool_t pool;
  MT_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  ROW_EXPECT(r, code_of(r), hipMallocFromPoolAsync(&p, 64, pool, stream));
  /* every other call answers as stale_handle */
  ROW_EXPECT(r, code_of(&stale_handle), hipStreamQuery(stream));
}
