/*
 * block_free.c: what a free does with a block, and the block structs.
 *
 * A block only its own stream used goes back to its home at once. One that
 * other streams used (record_stream, a free on another stream than its
 * alloc's, or memory of another stream's pool) waits, off every pool, until
 * an event recorded at the free on each of those streams has completed:
 * PyTorch's insert_events. A block handed out while its stream captured a
 * graph is kept until a reset: the graph's replays write it.
 */
#include <stdlib.h>

#include "torch_base.h"

torch_block *torch__block_struct(torch_device *d) {
  torch_block *block = d->spare;
  if (!block)
    return calloc(1, sizeof *block);
  d->spare = block->next;
  hipStream_t *uses = block->uses;
  size_t cap_uses = block->cap_uses;
  *block = (torch_block){.uses = uses, .cap_uses = cap_uses};
  return block;
}

void torch__block_struct_give(torch_device *d, torch_block *block) {
  free(block->waits);
  block->waits = NULL;
  block->n_waits = 0;
  block->next = d->spare;
  d->spare = block;
}

bool torch__capturing(hipStream_t stream) {
  hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
  return hipStreamIsCapturing(stream, &status) != hipSuccess ||
         status != hipStreamCaptureStatusNone;
}

/* An event recorded now on stream, or NULL when none can be (the stream then waited for). */
static hipEvent_t record_on(torch_device *d, hipStream_t stream) {
  hipEvent_t event = torch__event_take(d);
  if (event && hipEventRecord(event, stream) == hipSuccess) {
    d->stats.event_records++;
    return event;
  }
  if (event)
    torch__event_give(d, event);
  (void)hipStreamSynchronize(stream);
  return NULL;
}

void torch__block_free(torch_device *d, torch_block *block) {
  /* Memory of another stream's pool goes back there: after this stream's work on it. */
  bool foreign = block->home != block->stream && block->bytes <= TORCH_MEDIUM_MAX;
  size_t users = block->n_uses + foreign;
  bool any_capturing = block->captured;
  for (size_t i = 0; !any_capturing && i < block->n_uses; i++)
    any_capturing = torch__capturing(block->uses[i]);
  if (users && !any_capturing && foreign)
    any_capturing = torch__capturing(block->stream->handle);
  if (any_capturing) {
    block->n_uses = 0;
    block->next = d->held;
    d->held = block;
    return;
  }
  if (users == 0) {
    torch__stream_take_back(d, block);
    return;
  }
  hipEvent_t *waits = calloc(users, sizeof *waits);
  unsigned n = 0;
  for (size_t i = 0; i < users; i++) {
    hipStream_t stream = i < block->n_uses ? block->uses[i] : block->stream->handle;
    hipEvent_t event = waits ? record_on(d, stream) : NULL;
    if (event)
      waits[n++] = event;
    else if (!waits)
      (void)hipStreamSynchronize(stream);
  }
  block->n_uses = 0;
  if (n == 0) {
    free(waits);
    torch__stream_take_back(d, block);
    return;
  }
  block->waits = waits;
  block->n_waits = n;
  block->next = d->pending;
  d->pending = block;
}

/* Whether each event the block waits on has completed; those that have go back to spare. */
static bool waits_done(torch_device *d, torch_block *block) {
  unsigned left = 0;
  for (unsigned i = 0; i < block->n_waits; i++) {
    if (hipEventQuery(block->waits[i]) == hipErrorNotReady)
      block->waits[left++] = block->waits[i];
    else
      torch__event_give(d, block->waits[i]);
  }
  block->n_waits = left;
  return left == 0;
}

void torch__pending_poll(torch_device *d) {
  torch_block **link = &d->pending;
  while (*link) {
    torch_block *block = *link;
    if (!waits_done(d, block)) {
      link = &block->next;
      continue;
    }
    *link = block->next;
    free(block->waits);
    block->waits = NULL;
    torch__stream_take_back(d, block);
  }
}

void torch__held_drop(torch_device *d) {
  while (d->held) {
    torch_block *block = d->held;
    d->held = block->next;
    torch__stream_take_back(d, block);
  }
}
