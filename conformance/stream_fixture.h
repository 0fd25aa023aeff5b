/*
 * stream_fixture.h: what the stream, event, capture and graph rules share. They
 * make streams, events, graphs and execs the conformance fixture does not track, and a
 * rule stopped half way by an assertion may leave a capture in progress,
 * which would make the next rule's hipMalloc or hipMemcpy fail: their
 * teardown ends every capture of a stream they made, destroys what they made,
 * puts the thread's capture mode back to Global, then runs conf_teardown.
 */
#ifndef CONFORMANCE_STREAM_FIXTURE_H
#define CONFORMANCE_STREAM_FIXTURE_H

#include "conformance.h"

#define STREAM_RULE(fn, row)                                                                       \
  { cmocka_unit_test_setup_teardown(fn, conf_setup, stream_teardown), row }

int stream_teardown(void **state);

/* hipStreamCreateWithFlags / hipEventCreateWithFlags that must succeed; given back by the
   teardown. */
#define sf_stream(flags) sf_stream_at(CONF_HERE, flags)
#define sf_event(flags) sf_event_at(CONF_HERE, flags)
hipStream_t sf_stream_at(const char *file, int line, unsigned flags);
hipEvent_t sf_event_at(const char *file, int line, unsigned flags);

/* Ends the capture on stream expecting `expected`: on success the graph is
   non-NULL and destroyed, on failure it is NULL; either way the stream no
   longer captures. */
#define sf_end(stream, expected) sf_end_at(CONF_HERE, stream, expected)
void sf_end_at(const char *file, int line, hipStream_t stream, hipError_t expected);

/* The capture status of stream, which must be readable. */
#define sf_status(stream) sf_status_at(CONF_HERE, stream)
hipStreamCaptureStatus sf_status_at(const char *file, int line, hipStream_t stream);

/* Graphs and execs the teardown destroys, execs first: hipGraphCreate, hipStreamEndCapture and
   hipGraphInstantiate(&exec, graph, NULL, NULL, 0) that must succeed. A rule gives one back
   early with sf_exec_destroy, so the teardown does not destroy it twice (ROCm reads a
   destroyed exec's memory). */
#define sf_graph() sf_graph_at(CONF_HERE)
#define sf_captured(stream) sf_captured_at(CONF_HERE, stream)
#define sf_exec(graph) sf_exec_at(CONF_HERE, graph)
#define sf_exec_destroy(exec) sf_exec_destroy_at(CONF_HERE, exec)
hipGraph_t sf_graph_at(const char *file, int line);
hipGraph_t sf_captured_at(const char *file, int line, hipStream_t stream);
hipGraphExec_t sf_exec_at(const char *file, int line, hipGraph_t graph);
void sf_exec_destroy_at(const char *file, int line, hipGraphExec_t exec);

/* The three capture modes, for rules that hold in each. */
extern const hipStreamCaptureMode sf_modes[3];

#endif /* CONFORMANCE_STREAM_FIXTURE_H */
