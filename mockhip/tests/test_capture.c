/*
 * test_capture.c: stream capture. Begin, end and status; the graph it makes
 * (counted, reported, destroyed); the thread that may end it; the calls a
 * capture forbids, by the mode of the capture and of the calling thread, and
 * how they invalidate it; VMM calls, which a capture does not concern; work
 * queued on a capturing stream, which is kept, not run; events recorded in a
 * capture and the streams that join it by waiting on them. Every case ends
 * with no capture in progress and nothing alive. Runs with two devices.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report_lines.h"

#define LEGACY ((hipStream_t)1) /* hipStreamLegacy */

static const hipStreamCaptureMode modes[] = {
    hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal, hipStreamCaptureModeRelaxed};

static hipStream_t new_stream(void) {
  hipStream_t stream = NULL;
  MT_CHECK(hipStreamCreate(&stream));
  return stream;
}

static hipStreamCaptureStatus status_of(hipStream_t stream) {
  hipStreamCaptureStatus status = (hipStreamCaptureStatus)-1;
  MT_CHECK(hipStreamIsCapturing(stream, &status));
  return status;
}

/* Ends the capture on stream expecting `expected`; destroys the graph it gives. */
static void end_expecting(hipStream_t stream, hipError_t expected) {
  hipGraph_t graph = (hipGraph_t)&graph;
  MT_EXPECT(expected, hipStreamEndCapture(stream, &graph));
  if (expected == hipSuccess) {
    assert_non_null(graph);
    MT_CHECK(hipGraphDestroy(graph));
  } else {
    assert_null(graph);
  }
  assert_int_equal(status_of(stream), hipStreamCaptureStatusNone);
}

/* Nothing alive and no capture left: the dump lists captures in progress. */
static int teardown(void **state) {
  char *dump = mt_dump_text();
  if (strstr(dump, "capture ") != NULL)
    print_error("a capture is left:\n%s", dump);
  assert_null(strstr(dump, "capture "));
  free(dump);
  hipStreamCaptureMode mode = hipStreamCaptureModeGlobal;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode)); /* a case may leave another mode */
  return mt_teardown_clean(state);
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, mt_setup_clean, teardown)

/* ---- begin, end, status ---- */

static void test_begin_rejects(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  int on_stack = 0;
  MT_EXPECT(hipErrorStreamCaptureUnsupported,
            hipStreamBeginCapture(NULL, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorStreamCaptureUnsupported,
            hipStreamBeginCapture(LEGACY, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorContextIsDestroyed,
            hipStreamBeginCapture((hipStream_t)&on_stack, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCapture(stream, (hipStreamCaptureMode)3));
  MT_EXPECT(hipErrorInvalidValue, hipStreamBeginCapture(stream, (hipStreamCaptureMode)-1));
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorIllegalState, hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_end_rejects(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  hipGraph_t graph = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipStreamEndCapture(stream, NULL));
  MT_EXPECT(hipErrorIllegalState, hipStreamEndCapture(NULL, &graph));
  MT_EXPECT(hipErrorIllegalState, hipStreamEndCapture(LEGACY, &graph));
  MT_EXPECT(hipErrorIllegalState, hipStreamEndCapture(stream, &graph));
  MT_CHECK(hipStreamDestroy(stream));
  MT_EXPECT(hipErrorContextIsDestroyed, hipStreamEndCapture(stream, &graph));
  assert_null(graph);
}

static void test_status_and_unique_ids(void **state) {
  (void)state;
  hipStream_t a = new_stream(), b = new_stream();
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  unsigned long long id_a = 0, id_b = 0, untouched = 77;
  MT_EXPECT(hipErrorInvalidValue, hipStreamIsCapturing(a, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipStreamGetCaptureInfo(a, NULL, &id_a));
  MT_CHECK(hipStreamGetCaptureInfo(a, &status, &untouched));
  assert_int_equal(status, hipStreamCaptureStatusNone);
  assert_int_equal(untouched, 77);
  MT_CHECK(hipStreamBeginCapture(a, hipStreamCaptureModeGlobal));
  MT_CHECK(hipStreamBeginCapture(b, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipStreamGetCaptureInfo(a, &status, &id_a));
  assert_int_equal(status, hipStreamCaptureStatusActive);
  MT_CHECK(hipStreamGetCaptureInfo(b, &status, &id_b));
  MT_CHECK(hipStreamGetCaptureInfo(b, &status, NULL));
  assert_true(id_a != 0 && id_b != 0 && id_a != id_b);
  end_expecting(a, hipSuccess);
  MT_CHECK(hipStreamBeginCapture(a, hipStreamCaptureModeGlobal));
  unsigned long long again = 0;
  MT_CHECK(hipStreamGetCaptureInfo(a, &status, &again));
  assert_true(again != id_a && again != id_b);
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "Global mode, active"));
  assert_non_null(strstr(dump, "Relaxed mode, active"));
  free(dump);
  end_expecting(a, hipSuccess);
  end_expecting(b, hipSuccess);
  MT_CHECK(hipStreamDestroy(a));
  MT_CHECK(hipStreamDestroy(b));
}

/* Asking about the null stream while a blocking stream captures is an implicit sync. */
static void test_null_stream_status_while_a_blocking_stream_captures(void **state) {
  (void)state;
  hipStream_t blocking = new_stream(), non_blocking;
  MT_CHECK(hipStreamCreateWithFlags(&non_blocking, hipStreamNonBlocking));
  hipStreamCaptureStatus status = hipStreamCaptureStatusActive;
  MT_CHECK(hipStreamBeginCapture(non_blocking, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipStreamIsCapturing(NULL, &status));
  assert_int_equal(status, hipStreamCaptureStatusNone);
  MT_CHECK(hipStreamBeginCapture(blocking, hipStreamCaptureModeRelaxed));
  MT_EXPECT(hipErrorStreamCaptureImplicit, hipStreamIsCapturing(NULL, &status));
  MT_EXPECT(hipErrorStreamCaptureImplicit, hipStreamGetCaptureInfo(LEGACY, &status, NULL));
  assert_int_equal(status_of(hipStreamPerThread), hipStreamCaptureStatusNone);
  /* Asking does not invalidate anything. */
  assert_int_equal(status_of(blocking), hipStreamCaptureStatusActive);
  end_expecting(blocking, hipSuccess);
  end_expecting(non_blocking, hipSuccess);
  MT_CHECK(hipStreamDestroy(blocking));
  MT_CHECK(hipStreamDestroy(non_blocking));
}

/* What blocks the null stream is any active capture on a stream that is not
   hipStreamNonBlocking, a joined one included; an invalidated capture does not. */
static void test_blocking_members_and_the_dump(void **state) {
  (void)state;
  hipStream_t origin, side = new_stream();
  MT_CHECK(hipStreamCreateWithFlags(&origin, hipStreamNonBlocking));
  hipEvent_t fork;
  MT_CHECK(hipEventCreate(&fork));
  hipStreamCaptureStatus status;
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0)); /* twice: the same dependencies */
  MT_EXPECT(hipErrorStreamCaptureImplicit, hipStreamIsCapturing(NULL, &status));
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "Relaxed mode, active, 1 joined stream(s)"));
  free(dump);
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(side));
  MT_CHECK(hipStreamIsCapturing(NULL, &status)); /* invalidated: blocks no more */
  assert_int_equal(status, hipStreamCaptureStatusNone);
  end_expecting(origin, hipErrorStreamCaptureInvalidated);
  /* A thread in Relaxed mode may wait for events during another's Global capture. */
  MT_CHECK(hipEventRecord(fork, side));
  MT_CHECK(hipEventSynchronize(fork)); /* complete, where streams run asynchronously too */
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  MT_CHECK(hipEventQuery(fork));
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  end_expecting(origin, hipSuccess);
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipStreamDestroy(origin));
  MT_CHECK(hipStreamDestroy(side));
}

/* ---- the graph ---- */

MT_SITE hipGraph_t capture_test_end(hipStream_t stream) {
  hipGraph_t graph = NULL;
  MT_CHECK(hipStreamEndCapture(stream, &graph));
  return graph;
}

static void test_graph_is_a_live_object(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipGraph_t graph = capture_test_end(stream);
  assert_non_null(graph);
  assert_int_equal(mt_stats().live_graphs, 1);
  MT_CHECK(hipStreamDestroy(stream)); /* the graph outlives its stream */
  assert_int_equal(mockhip_live_objects(), 1);
  FILE *out = tmpfile();
  assert_int_equal(mockhip_leak_report(out), 1);
  char *text = mt_read_stream(out);
  fclose(out);
  char prefix[96];
  snprintf(prefix, sizeof prefix, "mockhip: leak: graph#%llu (%#llx), made at ",
           mt_id_number(graph), (unsigned long long)(uintptr_t)graph);
  const char *line = mt_line_starting(text, prefix);
  if (line == NULL)
    print_error("no line \"%s\" in:\n%s", prefix, text);
  assert_non_null(line);
  assert_true(mt_site_is(line + strlen(prefix), "/proc/self/exe", "capture_test_end"));
  free(text);
  MT_CHECK(hipGraphDestroy(graph));
  assert_int_equal(mt_stats().live_graphs, 0);
  MT_EXPECT(hipErrorIllegalState, hipGraphDestroy(graph));
  MT_EXPECT(hipErrorInvalidValue, hipGraphDestroy(NULL));
}

/* ---- threads and modes ---- */

typedef struct end_args {
  hipStream_t stream;
  hipError_t got;
  hipGraph_t graph;
} end_args;

static void *end_in_thread(void *arg) {
  end_args *a = arg;
  a->got = hipStreamEndCapture(a->stream, &a->graph);
  return NULL;
}

static hipError_t end_from_another_thread(hipStream_t stream, hipGraph_t *graph) {
  end_args a = {stream, hipErrorUnknown, NULL};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, end_in_thread, &a), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  *graph = a.graph;
  return a.got;
}

static void test_only_the_beginning_thread_ends_global_and_thread_local(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  for (int i = 0; i < 2; i++) {
    hipGraph_t graph = NULL;
    MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
    assert_int_equal(end_from_another_thread(stream, &graph), hipErrorStreamCaptureWrongThread);
    assert_null(graph);
    assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
    end_expecting(stream, hipSuccess);
  }
  hipGraph_t graph = NULL;
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(end_from_another_thread(stream, &graph));
  assert_non_null(graph);
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipStreamDestroy(stream));
}

static void *exchange_in_thread(void *arg) {
  hipStreamCaptureMode *mode = arg;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(mode));
  return NULL;
}

static void test_exchange_mode_is_per_thread(void **state) {
  (void)state;
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  assert_int_equal(mode, hipStreamCaptureModeGlobal); /* ROCm's starting mode */
  /* Another thread starts from Global too. */
  hipStreamCaptureMode other = hipStreamCaptureModeThreadLocal;
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, exchange_in_thread, &other), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  assert_int_equal(other, hipStreamCaptureModeGlobal);
  mode = (hipStreamCaptureMode)3;
  MT_EXPECT(hipErrorInvalidValue, hipThreadExchangeStreamCaptureMode(&mode));
  mode = (hipStreamCaptureMode)-1;
  MT_EXPECT(hipErrorInvalidValue, hipThreadExchangeStreamCaptureMode(&mode));
  MT_EXPECT(hipErrorInvalidValue, hipThreadExchangeStreamCaptureMode(NULL));
  mode = hipStreamCaptureModeGlobal;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  assert_int_equal(mode, hipStreamCaptureModeRelaxed);
}

/* ---- what a capture forbids ---- */

/* The synchronous copies and sets: any capture, any mode (CHECK_STREAM_CAPTURING). */
static void test_sync_copies_are_implicit_in_every_mode(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), mt_granularity());
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  mt_set_access(&m, hipMemLocationTypeDevice, 1, hipMemAccessFlagsProtReadWrite);
  unsigned char *dev = m.base, host[16] = {0};
  memset(dev, 0x77, 64);
  hipStream_t stream = new_stream();
  for (int i = 0; i < 3; i++)
    for (int call = 0; call < 8; call++) {
      MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
      hipError_t got;
      switch (call) {
      case 0: got = hipMemcpy(dev, host, 16, hipMemcpyHostToDevice); break;
      case 1: got = hipMemcpyHtoD(dev, host, 16); break;
      case 2: got = hipMemcpyDtoH(host, dev, 16); break;
      case 3: got = hipMemcpyDtoD(dev, dev + 32, 16); break;
      case 4: got = hipMemcpyPeer(dev, 1, dev + 32, 0, 16); break;
      case 5: got = hipMemset(dev, 0, 16); break;
      case 6: got = hipMemsetD8(dev, 0, 16); break;
      default: got = hipMemsetD32(dev, 0, 4); break;
      }
      assert_true(mt_returned(hipErrorStreamCaptureImplicit, got, "sync copy during capture"));
      assert_int_equal(status_of(stream), hipStreamCaptureStatusInvalidated);
      end_expecting(stream, hipErrorStreamCaptureInvalidated);
    }
  /* Nothing moved. */
  for (int i = 0; i < 64; i++)
    assert_int_equal(dev[i], 0x77);
  assert_int_equal(host[0], 0);
  MT_CHECK(hipStreamDestroy(stream));
  mt_mapping_destroy(&m);
}

static void test_device_synchronize_is_unsupported_in_every_mode(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  for (int i = 0; i < 3; i++) {
    MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
    MT_EXPECT(hipErrorStreamCaptureUnsupported, hipDeviceSynchronize());
    end_expecting(stream, hipErrorStreamCaptureInvalidated);
  }
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipStreamDestroy(stream));
}

/* hipMalloc and hipFree: not in this thread's Global or ThreadLocal capture,
   allowed in a Relaxed one (CHECK_STREAM_CAPTURE_SUPPORTED). */
static void test_malloc_and_free_by_mode(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  void *block = NULL, *held = NULL;
  MT_CHECK(hipMalloc(&held, 64));
  for (int i = 0; i < 2; i++) {
    MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
    MT_EXPECT(hipErrorStreamCaptureUnsupported, hipMalloc(&block, 64));
    assert_null(block);
    assert_int_equal(status_of(stream), hipStreamCaptureStatusInvalidated);
    MT_EXPECT(hipErrorStreamCaptureUnsupported, hipFree(held)); /* still until ended */
    end_expecting(stream, hipErrorStreamCaptureInvalidated);
  }
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipMalloc(&block, 64));
  MT_CHECK(hipFree(block));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipFree(held));
  MT_CHECK(hipStreamDestroy(stream));
}

typedef struct malloc_args {
  hipStreamCaptureMode thread_mode;
  hipError_t got;
} malloc_args;

static void *malloc_in_thread(void *arg) {
  malloc_args *a = arg;
  hipStreamCaptureMode mode = a->thread_mode;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  void *block = NULL;
  a->got = hipMalloc(&block, 64);
  if (a->got == hipSuccess)
    MT_CHECK(hipFree(block));
  return NULL;
}

static hipError_t malloc_from_another_thread(hipStreamCaptureMode thread_mode) {
  malloc_args a = {thread_mode, hipErrorUnknown};
  pthread_t thread;
  assert_int_equal(pthread_create(&thread, NULL, malloc_in_thread, &a), 0);
  assert_int_equal(pthread_join(thread, NULL), 0);
  return a.got;
}

/* Another thread: a Global capture forbids hipMalloc to a thread in Global
   mode only; ThreadLocal and Relaxed captures concern their own thread only. */
static void test_malloc_in_another_thread(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(malloc_from_another_thread(hipStreamCaptureModeThreadLocal));
  MT_CHECK(malloc_from_another_thread(hipStreamCaptureModeRelaxed));
  assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
  assert_int_equal(malloc_from_another_thread(hipStreamCaptureModeGlobal),
                   hipErrorStreamCaptureUnsupported);
  end_expecting(stream, hipErrorStreamCaptureInvalidated);
  for (int i = 1; i < 3; i++) {
    MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
    MT_CHECK(malloc_from_another_thread(hipStreamCaptureModeGlobal));
    end_expecting(stream, hipSuccess);
  }
  MT_CHECK(hipStreamDestroy(stream));
}

/* The other allocators ROCm guards the same way, and the synchronous hipMemsetD16. */
static void test_other_allocators_during_capture(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  void *block = NULL, *host = NULL, *managed = NULL;
  MT_CHECK(hipMalloc(&block, 64));
  MT_CHECK(hipHostMalloc(&host, 64, 0));
  for (int call = 0; call < 4; call++) {
    void *made = NULL;
    MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal));
    switch (call) {
    case 0: MT_EXPECT(hipErrorStreamCaptureUnsupported, hipHostMalloc(&made, 64, 0)); break;
    case 1: MT_EXPECT(hipErrorStreamCaptureUnsupported, hipHostFree(host)); break;
    case 2: MT_EXPECT(hipErrorStreamCaptureUnsupported, hipMallocManaged(&made, 64, 1)); break;
    default: MT_EXPECT(hipErrorStreamCaptureImplicit, hipMemsetD16(block, 1, 4)); break;
    }
    assert_null(made);
    end_expecting(stream, hipErrorStreamCaptureInvalidated);
  }
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipMallocManaged(&managed, 64, 1));
  MT_CHECK(hipFree(managed));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipHostFree(host));
  MT_CHECK(hipFree(block));
  MT_CHECK(hipStreamDestroy(stream));
}

/* hipMallocAsync and hipFreeAsync on a capturing stream are nodes of the capture;
   the block is made and freed at once, so its pointer works. */
static void test_async_allocation_is_captured(void **state) {
  (void)state;
  hipStream_t origin = new_stream(), side = new_stream();
  hipEvent_t fork;
  MT_CHECK(hipEventCreate(&fork));
  void *block = NULL;
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMallocAsync(&block, 64, origin));
  assert_non_null(block);
  MT_CHECK(hipFreeAsync(block, origin));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipMallocAsync(&block, 64, side)); /* a branch never joined back */
  end_expecting(origin, hipErrorStreamCaptureUnjoined);
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeRelaxed));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(origin));
  void *none = NULL;
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipMallocAsync(&none, 64, origin));
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipFreeAsync(block, origin));
  end_expecting(origin, hipErrorStreamCaptureInvalidated);
  MT_CHECK(hipFreeAsync(block, side));
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipStreamDestroy(origin));
  MT_CHECK(hipStreamDestroy(side));
}

/* A thread in Relaxed mode may allocate even during its own Global capture. */
static void test_relaxed_thread_mode_allows_malloc(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  hipStreamCaptureMode mode = hipStreamCaptureModeRelaxed;
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 64));
  MT_CHECK(hipFree(block));
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&mode));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_stream_synchronize_and_query(void **state) {
  (void)state;
  hipStream_t stream = new_stream(), other = new_stream();
  for (int query = 0; query < 2; query++) {
    MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
    /* The null stream is not checked. */
    MT_CHECK(query ? hipStreamQuery(NULL) : hipStreamSynchronize(NULL));
    MT_CHECK(query ? hipStreamQuery(LEGACY) : hipStreamSynchronize(LEGACY));
    assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
    MT_EXPECT(hipErrorStreamCaptureUnsupported,
              query ? hipStreamQuery(stream) : hipStreamSynchronize(stream));
    assert_int_equal(status_of(stream), hipStreamCaptureStatusInvalidated);
    MT_EXPECT(hipErrorStreamCaptureUnsupported,
              query ? hipStreamQuery(stream) : hipStreamSynchronize(stream));
    end_expecting(stream, hipErrorStreamCaptureInvalidated);
  }
  /* Another stream: forbidden while this thread's mode forbids the capture. */
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(other));
  end_expecting(stream, hipErrorStreamCaptureInvalidated);
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipStreamSynchronize(other));
  MT_CHECK(hipStreamQuery(hipStreamPerThread));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipStreamDestroy(other));
}

/* ---- VMM calls: ROCm's hip_vm.cpp checks no capture ---- */

static void test_vmm_calls_inside_capture_do_their_work(void **state) {
  (void)state;
  size_t g = mt_granularity();
  hipStream_t stream = new_stream();
  for (int i = 0; i < 3; i++) {
    MT_CHECK(hipStreamBeginCapture(stream, modes[i]));
    hipMemAllocationProp prop = mt_prop_device(0);
    prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
    size_t granularity = 0;
    void *base = NULL;
    hipMemGenericAllocationHandle_t handle = NULL, retained = NULL, imported = NULL;
    hipMemAllocationProp got;
    unsigned long long flags = 0;
    int fd = -1;
    hipMemAccessDesc rw[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
    hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
    MT_CHECK(
        hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
    MT_CHECK(hipMemAddressReserve(&base, 2 * g, 0, NULL, 0));
    MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
    MT_CHECK(hipMemGetAllocationPropertiesFromHandle(&got, handle));
    MT_CHECK(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
    MT_CHECK(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                             hipMemHandleTypePosixFileDescriptor));
    MT_CHECK(hipMemMap(base, g, 0, handle, 0));
    MT_CHECK(hipMemMap((char *)base + g, g, 0, imported, 0));
    MT_CHECK(hipMemSetAccess(base, 2 * g, rw, 2));
    MT_CHECK(hipMemGetAccess(&flags, &device0, base));
    assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
    ((volatile char *)base)[g] = 1; /* the access is real: the host's, the CPU's */
    assert_int_equal(((volatile char *)base)[0], 1);
    MT_CHECK(hipMemRetainAllocationHandle(&retained, base));
    MT_CHECK(hipMemRelease(retained));
    MT_CHECK(hipMemUnmap(base, 2 * g));
    MT_CHECK(hipMemRelease(imported));
    MT_CHECK(hipMemRelease(handle));
    MT_CHECK(hipMemAddressFree(base, 2 * g));
    close(fd);
    assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
    end_expecting(stream, hipSuccess);
  }
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- work queued on a capturing stream ---- */

static void test_captured_work_is_checked_and_kept(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), 2 * mt_granularity());
  mt_grant(m.base, m.bytes, hipMemAccessFlagsProtReadWrite);
  unsigned char *dev = m.base, host[32];
  memset(dev, 0x11, 64);
  memset(host, 0x22, sizeof host);
  hipStream_t stream = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemcpyAsync(dev, host, 32, hipMemcpyHostToDevice, stream));
  MT_CHECK(hipMemcpyHtoDAsync(dev, host, 32, stream));
  MT_CHECK(hipMemcpyDtoHAsync(host, dev, 32, stream));
  MT_CHECK(hipMemcpyDtoDAsync(dev, dev + 32, 32, stream));
  MT_CHECK(hipMemsetAsync(dev, 0, 32, stream));
  MT_CHECK(hipMemsetD8Async(dev, 0, 32, stream));
  MT_CHECK(hipMemsetD32Async(dev, 0, 8, stream));
  /* Memory is checked as the node is added (clr ihipGraphAddMemsetNode), and again when the
     graph runs (test_graph_capture.c): */
  MT_EXPECT(hipErrorInvalidValue, hipMemsetAsync(dev + m.bytes, 0, 32, stream));
  /* and so are the arguments: */
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyAsync(NULL, host, 32, hipMemcpyHostToDevice, stream));
  MT_EXPECT(hipErrorInvalidMemcpyDirection,
            hipMemcpyAsync(dev, host, 32, (hipMemcpyKind)7, stream));
  MT_EXPECT(hipErrorInvalidValue, hipMemsetAsync(NULL, 0, 32, stream));
  /* hipMemcpyPeerAsync is never captured by ROCm: it runs. */
  MT_CHECK(hipMemcpyPeerAsync(dev + 32, 0, host, 0, 0, stream));
  assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
  end_expecting(stream, hipSuccess);
  for (int i = 0; i < 64; i++)
    assert_int_equal(dev[i], 0x11);
  assert_int_equal(host[0], 0x22);
  /* Work on an invalidated capture is refused. */
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipStreamSynchronize(stream));
  MT_EXPECT(hipErrorStreamCaptureInvalidated,
            hipMemcpyAsync(dev, host, 32, hipMemcpyHostToDevice, stream));
  MT_EXPECT(hipErrorStreamCaptureInvalidated, hipMemsetD32Async(dev, 0, 8, stream));
  end_expecting(stream, hipErrorStreamCaptureInvalidated);
  /* And work on other streams runs meanwhile. */
  hipStream_t other = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipMemsetAsync(dev, 0x33, 8, other));
  MT_CHECK(hipMemsetAsync(dev + 8, 0x33, 8, NULL));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(dev[0], 0x33);
  assert_int_equal(dev[15], 0x33);
  MT_CHECK(hipStreamDestroy(other));
  MT_CHECK(hipStreamDestroy(stream));
  mt_mapping_destroy(&m);
}

/* ---- events in a capture ---- */

static void test_captured_event(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  hipEvent_t event;
  MT_CHECK(hipEventCreate(&event));
  float ms = -1;
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipEventRecord(event, stream));
  /* Captured, not run: no time was taken. */
  MT_EXPECT(hipErrorInvalidHandle, hipEventElapsedTime(&ms, event, event));
  MT_EXPECT(hipErrorCapturedEvent, hipEventQuery(event));
  assert_int_equal(status_of(stream), hipStreamCaptureStatusInvalidated);
  /* Only an active capture makes an event "captured"; the Relaxed capture
     concerns no thread's mode either. */
  MT_CHECK(hipEventSynchronize(event));
  end_expecting(stream, hipErrorStreamCaptureInvalidated);
  MT_CHECK(hipEventQuery(event)); /* its capture is over */
  MT_CHECK(hipEventSynchronize(event));
  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipStreamDestroy(stream));
}

/* An event recorded outside any capture: the thread's mode decides. */
static void test_event_wait_by_thread_mode(void **state) {
  (void)state;
  hipStream_t stream = new_stream(), other = new_stream();
  hipEvent_t on_other, on_null;
  MT_CHECK(hipEventCreate(&on_other));
  MT_CHECK(hipEventCreate(&on_null));
  MT_CHECK(hipEventRecord(on_other, other));
  MT_CHECK(hipEventRecord(on_null, NULL));
  MT_CHECK(hipDeviceSynchronize()); /* both complete, where streams run asynchronously too */
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventQuery(on_null)); /* recorded on the null stream: never checked */
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipEventQuery(on_other));
  end_expecting(stream, hipErrorStreamCaptureInvalidated);
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipEventSynchronize(on_other));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipEventDestroy(on_other));
  MT_CHECK(hipEventDestroy(on_null));
  MT_CHECK(hipStreamDestroy(stream));
  MT_CHECK(hipStreamDestroy(other));
}

/* A stream that waits on an event recorded in a capture joins it. */
static void test_joined_stream_captures_until_the_origin_ends(void **state) {
  (void)state;
  hipStream_t origin = new_stream(), side = new_stream();
  hipEvent_t fork, join;
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipEventCreate(&join));
  unsigned char host[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 8));
  MT_CHECK(hipMemset(block, 0, 8));
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  unsigned long long id_origin = 0, id_side = 0;
  hipStreamCaptureStatus status;
  MT_CHECK(hipStreamGetCaptureInfo(origin, &status, &id_origin));
  MT_CHECK(hipStreamGetCaptureInfo(side, &status, &id_side));
  assert_int_equal(status, hipStreamCaptureStatusActive);
  assert_int_equal(id_origin, id_side);
  MT_CHECK(hipMemcpyAsync(block, host, 8, hipMemcpyHostToDevice, side)); /* captured */
  MT_EXPECT(hipErrorIllegalState, hipStreamBeginCapture(side, hipStreamCaptureModeGlobal));
  hipGraph_t graph = NULL;
  MT_EXPECT(hipErrorStreamCaptureUnmatched, hipStreamEndCapture(side, &graph));
  MT_CHECK(hipEventRecord(join, side));
  MT_CHECK(hipStreamWaitEvent(origin, join, 0)); /* already a member: nothing to do */
  MT_CHECK(hipStreamWaitEvent(origin, fork, hipEventWaitExternal));
  end_expecting(origin, hipSuccess);
  assert_int_equal(status_of(side), hipStreamCaptureStatusNone);
  unsigned char back[8] = {9};
  MT_CHECK(hipMemcpy(back, block, 8, hipMemcpyDeviceToHost));
  assert_int_equal(back[0], 0);
  /* A member that is destroyed leaves; the capture goes on. */
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipStreamWaitEvent(NULL, fork, 0)); /* the null stream does not join */
  MT_CHECK(hipStreamDestroy(side));
  assert_int_equal(status_of(origin), hipStreamCaptureStatusActive);
  end_expecting(origin, hipSuccess);
  MT_CHECK(hipFree(block));
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipEventDestroy(join));
  MT_CHECK(hipStreamDestroy(origin));
}

/* Work a joined stream captured must be joined back before the origin ends
   (hipErrorStreamCaptureUnjoined), as hip-tests'
   Unit_hipStreamBeginCapture_Negative_EndingCapwhenCapInProg has it. */
static void test_unjoined_work_fails_the_end(void **state) {
  (void)state;
  hipStream_t origin = new_stream(), side = new_stream();
  hipEvent_t fork, join;
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipEventCreate(&join));
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 64));
  for (int variant = 0; variant < 4; variant++) {
    MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
    if (variant & 1)
      MT_CHECK(hipMemsetAsync(block, 1, 8, origin)); /* work before the fork */
    MT_CHECK(hipEventRecord(fork, origin));
    MT_CHECK(hipStreamWaitEvent(side, fork, 0));
    MT_CHECK(hipMemsetAsync(block, 2, 8, side));
    if (variant >= 2) { /* joined back, then more work on the side */
      MT_CHECK(hipEventRecord(join, side));
      MT_CHECK(hipStreamWaitEvent(origin, join, 0));
      MT_CHECK(hipMemsetD32Async(block, 3, 2, side));
    }
    MT_CHECK(hipMemsetAsync(block, 4, 8, origin));
    end_expecting(origin, hipErrorStreamCaptureUnjoined);
    assert_int_equal(status_of(side), hipStreamCaptureStatusNone);
    assert_int_equal(mt_stats().live_graphs, 0);
  }
  /* Joined back, with work on both sides: a graph. */
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipMemsetAsync(block, 1, 8, origin));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipMemsetAsync(block, 2, 8, side));
  MT_CHECK(hipMemsetAsync(block, 3, 8, side));
  MT_CHECK(hipMemsetAsync(block, 4, 8, origin));
  MT_CHECK(hipEventRecord(join, side));
  MT_CHECK(hipStreamWaitEvent(origin, join, 0));
  end_expecting(origin, hipSuccess);
  /* A stream that joined and did nothing needs no join back. */
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipMemsetAsync(block, 4, 8, origin));
  end_expecting(origin, hipSuccess);
  MT_CHECK(hipFree(block));
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipEventDestroy(join));
  MT_CHECK(hipStreamDestroy(origin));
  MT_CHECK(hipStreamDestroy(side));
}

static void test_isolation_and_merge(void **state) {
  (void)state;
  hipStream_t a = new_stream(), b = new_stream();
  hipEvent_t before, in_b;
  MT_CHECK(hipEventCreate(&before));
  MT_CHECK(hipEventCreate(&in_b));
  MT_CHECK(hipEventRecord(before, a));
  MT_CHECK(hipStreamBeginCapture(a, hipStreamCaptureModeRelaxed));
  /* Recorded before a began capturing: b may not wait on it now. */
  MT_EXPECT(hipErrorStreamCaptureIsolation, hipStreamWaitEvent(b, before, 0));
  MT_CHECK(hipStreamBeginCapture(b, hipStreamCaptureModeRelaxed));
  MT_CHECK(hipEventRecord(in_b, b));
  /* a would join b's capture while capturing itself (the mock's choice: CUDA's code). */
  MT_EXPECT(hipErrorStreamCaptureMerge, hipStreamWaitEvent(a, in_b, 0));
  end_expecting(a, hipSuccess);
  end_expecting(b, hipSuccess);
  MT_CHECK(hipStreamWaitEvent(b, before, 0));
  MT_CHECK(hipEventDestroy(before));
  MT_CHECK(hipEventDestroy(in_b));
  MT_CHECK(hipStreamDestroy(a));
  MT_CHECK(hipStreamDestroy(b));
}

/* ---- ends that are not hipStreamEndCapture ---- */

static void test_destroying_the_origin_ends_the_capture(void **state) {
  (void)state;
  hipStream_t origin = new_stream(), side = new_stream();
  hipEvent_t fork;
  MT_CHECK(hipEventCreate(&fork));
  MT_CHECK(hipStreamBeginCapture(origin, hipStreamCaptureModeGlobal));
  MT_CHECK(hipEventRecord(fork, origin));
  MT_CHECK(hipStreamWaitEvent(side, fork, 0));
  MT_CHECK(hipStreamDestroy(origin));
  assert_int_equal(status_of(side), hipStreamCaptureStatusNone);
  assert_int_equal(mt_stats().live_graphs, 0);
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 8)); /* no Global capture any more */
  MT_CHECK(hipFree(block));
  MT_CHECK(hipEventQuery(fork)); /* its stream is gone */
  MT_CHECK(hipEventDestroy(fork));
  MT_CHECK(hipStreamDestroy(side));
}

static void test_an_invalidated_stream_may_begin_again(void **state) {
  (void)state;
  hipStream_t stream = new_stream();
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipDeviceSynchronize());
  MT_CHECK(hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed));
  assert_int_equal(status_of(stream), hipStreamCaptureStatusActive);
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 8)); /* the Global capture is gone */
  MT_CHECK(hipFree(block));
  end_expecting(stream, hipSuccess);
  MT_CHECK(hipStreamDestroy(stream));
}

static void test_per_thread_stream_captures(void **state) {
  (void)state;
  MT_CHECK(hipStreamBeginCapture(hipStreamPerThread, hipStreamCaptureModeThreadLocal));
  assert_int_equal(status_of(hipStreamPerThread), hipStreamCaptureStatusActive);
  hipStreamCaptureStatus status;
  /* A per-thread stream is a blocking stream: asking about the null stream is implicit. */
  MT_EXPECT(hipErrorStreamCaptureImplicit, hipStreamIsCapturing(NULL, &status));
  MT_CHECK(hipMemsetAsync(NULL, 0, 0, hipStreamPerThread));
  char *dump = mt_dump_text();
  assert_non_null(strstr(dump, "stream hipStreamPerThread, ThreadLocal mode"));
  free(dump);
  end_expecting(hipStreamPerThread, hipSuccess);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1);
  const struct CMUnitTest negative[] = {
      TEST(test_begin_rejects),
      TEST(test_end_rejects),
      TEST(test_only_the_beginning_thread_ends_global_and_thread_local),
      TEST(test_sync_copies_are_implicit_in_every_mode),
      TEST(test_device_synchronize_is_unsupported_in_every_mode),
      TEST(test_malloc_and_free_by_mode),
      TEST(test_malloc_in_another_thread),
      TEST(test_other_allocators_during_capture),
      TEST(test_stream_synchronize_and_query),
      TEST(test_captured_event),
      TEST(test_unjoined_work_fails_the_end),
      TEST(test_isolation_and_merge),
  };
  const struct CMUnitTest positive[] = {
      TEST(test_status_and_unique_ids),
      TEST(test_null_stream_status_while_a_blocking_stream_captures),
      TEST(test_blocking_members_and_the_dump),
      TEST(test_graph_is_a_live_object),
      TEST(test_exchange_mode_is_per_thread),
      TEST(test_relaxed_thread_mode_allows_malloc),
      TEST(test_async_allocation_is_captured),
      TEST(test_vmm_calls_inside_capture_do_their_work),
      TEST(test_captured_work_is_checked_and_kept),
      TEST(test_event_wait_by_thread_mode),
      TEST(test_joined_stream_captures_until_the_origin_ends),
      TEST(test_destroying_the_origin_ends_the_capture),
      TEST(test_an_invalidated_stream_may_begin_again),
      TEST(test_per_thread_stream_captures),
  };
  return cmocka_run_group_tests_name("capture_negative", negative, NULL, NULL) +
         cmocka_run_group_tests_name("capture", positive, NULL, NULL);
}
