/*
 * event_nodes.c: what a graph's event record and event wait nodes do to their
 * events (graph_exec.c launches them, graph_node_kinds.c makes them).
 *
 * A wait node makes the launch wait for the event's last record, as
 * hipStreamWaitEvent makes a stream's later work wait: the whole launch waits
 * (the nodes before the wait node run in the same stream order after it, as
 * clr's single-stream launch puts them). A record node records the event on
 * the launch's stream: where the launch is queued, the event is pending until
 * the stream reaches the launch, so a query answers hipErrorNotReady and a
 * synchronize waits; its time is taken when the node runs.
 */
#include <time.h>

#include "runtime/streams/streams.h"

hipError_t mh__event_find(mh_state *s, hipEvent_t event, const char *name, uint64_t *id) {
  if (event == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", name);
  if (mh__idmap_get(&s->events, (uint64_t)(uintptr_t)event) == NULL)
    return mh__fail(hipErrorInvalidValue, "%s %p is not a live event", name, (void *)event);
  *id = (uint64_t)(uintptr_t)event;
  return hipSuccess;
}

hipError_t mh__event_node_wait(mh_state *s, hipStream_t stream, uint64_t event_id) {
  mh_event *e = mh__idmap_get(&s->events, event_id);
  mh_stream *waiter;
  if (e == NULL || mh__stream_get(s, stream, &waiter) != hipSuccess)
    return hipSuccess; /* a destroyed event has nothing left to wait for */
  mh__sync_stream_waits_on(s, stream, e);
  return mh__queue_push_wait(waiter, waiter != NULL ? waiter->device : mh__current_device(),
                             &e->pending);
}

void mh__event_node_record(mh_state *s, hipStream_t stream, uint64_t event_id,
                           const mh_ticket *pending) {
  mh_event *e = mh__idmap_get(&s->events, event_id);
  mh_stream *st;
  if (e == NULL || mh__stream_get(s, stream, &st) != hipSuccess)
    return;
  e->stream_id = st != NULL ? st->id : 0;
  e->capture_id = 0;
  e->deps.count = 0;
  e->recorded = true;
  mh__sync_record_on(s, e, stream);
  mh__ticket_release(&e->pending);
  if (pending != NULL)
    mh__ticket_copy(pending, &e->pending);
}

void mh__event_node_ran(mh_state *s, uint64_t event_id) {
  mh_event *e = mh__idmap_get(&s->events, event_id);
  if (e == NULL)
    return;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  e->recorded = true;
  e->recorded_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
