/*
 * stream_fixture.c: the streams, events, graphs and execs the stream, event,
 * capture and graph rules make, and the teardown that gives them back.
 */
#include "stream_fixture.h"

#include <string.h>

const hipStreamCaptureMode sf_modes[3] = {
    hipStreamCaptureModeGlobal, hipStreamCaptureModeThreadLocal, hipStreamCaptureModeRelaxed};

/* Rules run one at a time, on the main thread. */
static hipStream_t streams[CONF_MAX_OBJECTS];
static hipEvent_t events[CONF_MAX_OBJECTS];
static hipGraph_t graphs[CONF_MAX_OBJECTS];
static hipGraphExec_t execs[CONF_MAX_OBJECTS];
static size_t stream_count, event_count, graph_count, exec_count;

hipGraph_t sf_graph_at(const char *file, int line) {
  hipGraph_t graph = NULL;
  assert_true(graph_count < CONF_MAX_OBJECTS);
  conf_assert_hip(hipGraphCreate(&graph, 0), hipSuccess, "hipGraphCreate(&graph, 0)", file, line);
  graphs[graph_count++] = graph;
  return graph;
}

hipGraph_t sf_captured_at(const char *file, int line, hipStream_t stream) {
  hipGraph_t graph = NULL;
  assert_true(graph_count < CONF_MAX_OBJECTS);
  hipError_t got = hipStreamEndCapture(stream, &graph);
  if (got == hipSuccess && graph != NULL)
    graphs[graph_count++] = graph; /* before any assertion can stop the rule */
  conf_assert_hip(got, hipSuccess, "hipStreamEndCapture(stream, &graph)", file, line);
  if (graph == NULL)
    conf_fail_at(file, line, "hipStreamEndCapture gave no graph");
  return graph;
}

hipGraphExec_t sf_exec_at(const char *file, int line, hipGraph_t graph) {
  hipGraphExec_t exec = NULL;
  assert_true(exec_count < CONF_MAX_OBJECTS);
  hipError_t got = hipGraphInstantiate(&exec, graph, NULL, NULL, 0);
  if (got == hipSuccess && exec != NULL)
    execs[exec_count++] = exec;
  conf_assert_hip(got, hipSuccess, "hipGraphInstantiate(&exec, graph, NULL, NULL, 0)", file, line);
  return exec;
}

void sf_exec_destroy_at(const char *file, int line, hipGraphExec_t exec) {
  for (size_t i = 0; i < exec_count; i++)
    if (execs[i] == exec)
      execs[i] = execs[--exec_count];
  conf_assert_hip(hipGraphExecDestroy(exec), hipSuccess, "hipGraphExecDestroy(exec)", file, line);
}

hipStream_t sf_stream_at(const char *file, int line, unsigned flags) {
  hipStream_t stream = NULL;
  assert_true(stream_count < CONF_MAX_OBJECTS);
  conf_assert_hip(hipStreamCreateWithFlags(&stream, flags), hipSuccess,
                  "hipStreamCreateWithFlags(&stream, flags)", file, line);
  streams[stream_count++] = stream;
  return stream;
}

hipEvent_t sf_event_at(const char *file, int line, unsigned flags) {
  hipEvent_t event = NULL;
  assert_true(event_count < CONF_MAX_OBJECTS);
  conf_assert_hip(hipEventCreateWithFlags(&event, flags), hipSuccess,
                  "hipEventCreateWithFlags(&event, flags)", file, line);
  events[event_count++] = event;
  return event;
}

hipStreamCaptureStatus sf_status_at(const char *file, int line, hipStream_t stream) {
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  conf_assert_hip(hipStreamIsCapturing(stream, &status), hipSuccess,
                  "hipStreamIsCapturing(stream, &status)", file, line);
  return status;
}

void sf_end_at(const char *file, int line, hipStream_t stream, hipError_t expected) {
  hipGraph_t graph = NULL;
  hipError_t got = hipStreamEndCapture(stream, &graph);
  if (got == hipSuccess && graph != NULL)
    (void)hipGraphDestroy(graph); /* before any assertion can stop the rule */
  conf_assert_hip(got, expected, "hipStreamEndCapture(stream, &graph)", file, line);
  if ((expected == hipSuccess) != (graph != NULL))
    conf_fail_at(file, line, "hipStreamEndCapture gave graph %p with %s", (void *)graph,
                 hipGetErrorName(got));
  if (sf_status_at(file, line, stream) != hipStreamCaptureStatusNone)
    conf_fail_at(file, line, "the stream still captures after hipStreamEndCapture");
}

/* Ends a capture a rule left, so nothing it forbids fails in the teardown. */
static void end_left_capture(hipStream_t stream) {
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  if (hipStreamIsCapturing(stream, &status) != hipSuccess || status == hipStreamCaptureStatusNone)
    return;
  hipGraph_t graph = NULL;
  if (hipStreamEndCapture(stream, &graph) == hipSuccess && graph != NULL)
    (void)hipGraphDestroy(graph);
}

int stream_teardown(void **state) {
  conf_ctx *ctx = *state;
  if (ctx != NULL && ctx->unusable == NULL) {
    hipStreamCaptureMode mode = hipStreamCaptureModeGlobal;
    (void)hipThreadExchangeStreamCaptureMode(&mode);
    end_left_capture(hipStreamPerThread);
    for (size_t i = 0; i < stream_count; i++)
      end_left_capture(streams[i]);
    for (size_t i = 0; i < ctx->stream_count; i++)
      end_left_capture(ctx->streams[i]);
    for (size_t i = 0; i < exec_count; i++)
      (void)hipGraphExecDestroy(execs[i]);
    for (size_t i = 0; i < graph_count; i++)
      (void)hipGraphDestroy(graphs[i]);
    for (size_t i = 0; i < event_count; i++)
      (void)hipEventDestroy(events[i]);
    for (size_t i = 0; i < stream_count; i++)
      (void)hipStreamDestroy(streams[i]);
  }
  stream_count = event_count = graph_count = exec_count = 0;
  return conf_teardown(state);
}
