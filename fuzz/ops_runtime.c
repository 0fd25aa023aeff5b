/*
 * ops_runtime.c: one fuzzer step per call of the host runtime around VMM:
 * streams, events, the hipMalloc-family blocks (and copies through them),
 * contexts and peer access, each against model_runtime.c. Handles come from
 * what the mock handed out, live or stale, or are NULL or garbage.
 */
#include "ops.h"

#include <stdio.h>
#include <string.h>

/* The context calls are deprecated in ROCm's header: the fuzzer makes them on purpose. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#define GARBAGE ((uintptr_t)0x5eed0000)
#define BLOCK_COPY_MAX (3 * MODEL_PAGE)

static unsigned char block_in[BLOCK_COPY_MAX + 64], block_out[BLOCK_COPY_MAX + 64],
    block_want[BLOCK_COPY_MAX + 64];

static void remember(uintptr_t *ring, unsigned *count, uintptr_t value) {
  ring[(*count)++ % SEEN_MAX] = value;
}

static uintptr_t pick_event(fuzz_state *st) {
  return pick_seen(st, st->events, st->event_count, 0);
}

static int pick_device_number(fuzz_state *st) {
  static const int devices[8] = {0, 1, 0, 1, 1, 0, MODEL_DEVICES, -1};
  return devices[take(st) % 8];
}

/* ---- streams ---- */

void op_stream_create(fuzz_state *st) {
  if (!model_room_for_stream(&st->model))
    return;
  uint8_t b = take(st);
  bool out_null = b % 16 == 0;
  unsigned flags = b % 16 == 1 ? 7u : (b >> 4) & 1;
  int priority = (int)(take(st) % 9) - 4;
  hipStream_t stream = NULL;
  hipError_t got;
  switch (b % 3) {
  case 0: got = hipStreamCreate(out_null ? NULL : &stream), flags = 0, priority = 0; break;
  case 1: got = hipStreamCreateWithFlags(out_null ? NULL : &stream, flags), priority = 0; break;
  default: got = hipStreamCreateWithPriority(out_null ? NULL : &stream, flags, priority); break;
  }
  hipError_t want = model_stream_create(&st->model, out_null, flags, priority, (uintptr_t)stream);
  CHECK_CALL(st, got, want, "hipStreamCreate%s(stream=%s, flags=%u, priority=%d)",
             b % 3 == 0   ? ""
             : b % 3 == 1 ? "WithFlags"
                          : "WithPriority",
             out_null ? "NULL" : "&s", flags, priority);
  if (got == hipSuccess)
    remember(st->streams, &st->stream_count, (uintptr_t)stream);
}

void op_stream_destroy(fuzz_state *st) {
  uintptr_t stream = take(st) % 8 == 0 ? (uintptr_t)hipStreamPerThread : pick_stream_handle(st);
  CHECK_CALL(st, hipStreamDestroy((hipStream_t)stream), model_stream_destroy(&st->model, stream),
             "hipStreamDestroy(%#lx)", (unsigned long)stream);
}

void op_stream_query(fuzz_state *st) {
  uintptr_t stream = pick_stream_handle(st);
  bool sync = take(st) & 1;
  hipError_t got =
      sync ? hipStreamSynchronize((hipStream_t)stream) : hipStreamQuery((hipStream_t)stream);
  CHECK_QUERY(st, got, model_stream_synchronize(&st->model, stream), "hipStream%s(%#lx)",
              sync ? "Synchronize" : "Query", (unsigned long)stream);
}

void op_stream_get(fuzz_state *st) {
  uintptr_t stream = pick_stream_handle(st);
  uint8_t b = take(st);
  int what = b % 3;
  bool out_null = b % 32 == 3;
  int value = -77, want_value = -77;
  unsigned flags = 77;
  hipDevice_t device = -77;
  hipError_t got = what == 0   ? hipStreamGetFlags((hipStream_t)stream, out_null ? NULL : &flags)
                   : what == 1 ? hipStreamGetPriority((hipStream_t)stream, out_null ? NULL : &value)
                               : hipStreamGetDevice((hipStream_t)stream, out_null ? NULL : &device);
  if (what == 0)
    value = (int)flags;
  else if (what == 2)
    value = device;
  hipError_t want = model_stream_get(&st->model, stream, out_null, what, &want_value);
  static const char *const names[] = {"Flags", "Priority", "Device"};
  CHECK_CALL(st, got, want, "hipStreamGet%s(%#lx, %s)", names[what], (unsigned long)stream,
             out_null ? "NULL" : "&out");
  if (got == hipSuccess && value != want_value)
    check_fail(st, "hipStreamGet%s(%#lx) wrote %d, the model says %d", names[what],
               (unsigned long)stream, value, want_value);
}

void op_stream_wait_event(fuzz_state *st) {
  uintptr_t stream = pick_stream_handle(st), event = pick_event(st);
  uint8_t b = take(st);
  unsigned flags = b % 8 == 0 ? 5u : b % 8 == 1 ? (unsigned)hipEventWaitExternal : 0;
  CHECK_CALL(st, hipStreamWaitEvent((hipStream_t)stream, (hipEvent_t)event, flags),
             model_stream_wait_event(&st->model, stream, event, flags),
             "hipStreamWaitEvent(%#lx, %#lx, %u)", (unsigned long)stream, (unsigned long)event,
             flags);
}

/* ---- events ---- */

void op_event_create(fuzz_state *st) {
  if (!model_room_for_event(&st->model))
    return;
  static const unsigned flag_choices[] = {
      hipEventDefault,
      hipEventBlockingSync,
      hipEventDisableTiming,
      hipEventInterprocess,
      hipEventInterprocess | hipEventDisableTiming,
      hipEventReleaseToDevice,
      hipEventReleaseToSystem | hipEventDisableTiming,
      hipEventReleaseToDevice | hipEventReleaseToSystem,
      hipEventDisableSystemFence | hipEventReleaseToSystem,
      0x100,
  };
  uint8_t b = take(st);
  bool out_null = b % 16 == 0, plain = b % 4 == 1;
  unsigned flags =
      plain ? 0 : flag_choices[take(st) % (sizeof flag_choices / sizeof *flag_choices)];
  hipEvent_t event = NULL;
  hipError_t got = plain ? hipEventCreate(out_null ? NULL : &event)
                         : hipEventCreateWithFlags(out_null ? NULL : &event, flags);
  hipError_t want = model_event_create(&st->model, out_null, flags, (uintptr_t)event);
  CHECK_CALL(st, got, want, "hipEventCreate%s(%s, %#x)", plain ? "" : "WithFlags",
             out_null ? "NULL" : "&e", flags);
  if (got == hipSuccess)
    remember(st->events, &st->event_count, (uintptr_t)event);
}

void op_event_record(fuzz_state *st) {
  uintptr_t event = pick_event(st), stream = pick_stream_handle(st);
  CHECK_CALL(st, hipEventRecord((hipEvent_t)event, (hipStream_t)stream),
             model_event_record(&st->model, event, stream), "hipEventRecord(%#lx, %#lx)",
             (unsigned long)event, (unsigned long)stream);
}

void op_event_query(fuzz_state *st) {
  uintptr_t event = pick_event(st);
  bool sync = take(st) & 1;
  hipError_t got = sync ? hipEventSynchronize((hipEvent_t)event) : hipEventQuery((hipEvent_t)event);
  CHECK_QUERY(st, got, model_event_query(&st->model, event), "hipEvent%s(%#lx)",
              sync ? "Synchronize" : "Query", (unsigned long)event);
}

void op_event_elapsed(fuzz_state *st) {
  uintptr_t start = pick_event(st), stop = pick_event(st);
  bool ms_null = take(st) % 16 == 0;
  float ms = 0;
  CHECK_QUERY(st, hipEventElapsedTime(ms_null ? NULL : &ms, (hipEvent_t)start, (hipEvent_t)stop),
              model_event_elapsed(&st->model, ms_null, start, stop),
              "hipEventElapsedTime(%s, %#lx, %#lx)", ms_null ? "NULL" : "&ms", (unsigned long)start,
              (unsigned long)stop);
}

void op_event_destroy(fuzz_state *st) {
  uintptr_t event = pick_event(st);
  CHECK_CALL(st, hipEventDestroy((hipEvent_t)event), model_event_destroy(&st->model, event),
             "hipEventDestroy(%#lx)", (unsigned long)event);
}

/* ---- the hipMalloc family ---- */

static size_t pick_block_bytes(fuzz_state *st) {
  static const size_t sizes[8] = {1, 8, 100, 4096, 4097, 3 * 4096, 0, (size_t)-4096};
  uint8_t b = take(st);
  return b % 16 < 8 ? sizes[b % 8] : 1 + take(st) * 41u;
}

void op_block_alloc(fuzz_state *st) {
  if (!model_room_for_block(&st->model))
    return;
  static const char *const names[] = {"hipMalloc", "hipExtMallocWithFlags", "hipMallocManaged",
                                      "hipHostMalloc"};
  static const unsigned flags_of[][4] = {
      {0, 0, 0, 0},
      {hipDeviceMallocDefault, hipDeviceMallocFinegrained, hipMallocSignalMemory, 0x77},
      {hipMemAttachGlobal, hipMemAttachHost, hipMemAttachSingle, 0},
      {hipHostMallocDefault, hipHostMallocMapped | hipHostMallocUncached,
       hipHostMallocCoherent | hipHostMallocNonCoherent,
       hipHostMallocUncached | hipHostMallocCoherent},
  };
  uint8_t b = take(st);
  model_alloc_call call = (model_alloc_call)(b % 4);
  bool out_null = (b >> 3) % 16 == 0;
  unsigned flags = flags_of[call][take(st) % 4];
  size_t bytes = pick_block_bytes(st);
  void *ptr = (void *)GARBAGE, **out = out_null ? NULL : &ptr;
  hipError_t got;
  switch (call) {
  case ALLOC_MALLOC: got = hipMalloc(out, bytes); break;
  case ALLOC_EXT: got = hipExtMallocWithFlags(out, bytes, flags); break;
  case ALLOC_MANAGED: got = hipMallocManaged(out, bytes, flags); break;
  default: got = hipHostMalloc(out, bytes, flags); break;
  }
  hipError_t want = model_block_alloc(&st->model, call, out_null, bytes, flags, (uintptr_t)ptr);
  CHECK_CALL(st, got, want, "%s(%s, %zu, flags=%#x)", names[call], out_null ? "NULL" : "&p", bytes,
             flags);
  if (got == hipSuccess && bytes == 0 && ptr != NULL)
    check_fail(st, "%s of 0 bytes wrote %p, not NULL", names[call], ptr);
  if (got == hipSuccess && bytes != 0)
    remember(st->blocks, &st->block_count, (uintptr_t)ptr);
}

/* A block's start (live or stale), its inside, a mapped address (vmm), NULL or garbage. */
static uintptr_t pick_block_pointer(fuzz_state *st, bool vmm, bool *interior) {
  uint8_t b = take(st);
  unsigned n = seen_count(st->block_count);
  *interior = false;
  if (b % 8 < 5 && n > 0) {
    uintptr_t base = st->blocks[take(st) % n];
    if (b % 8 == 4) {
      *interior = true;
      return base + 1 + take(st) % 64;
    }
    return base;
  }
  return b % 8 == 5 ? 0 : b % 8 == 6 && vmm ? pick_address(st) : GARBAGE;
}

void op_block_free(fuzz_state *st) {
  bool interior;
  uintptr_t ptr = pick_block_pointer(st, true, &interior);
  uint8_t how = take(st) % 3;
  uintptr_t stream = how == 2 ? pick_stream_handle(st) : 0;
  hipError_t got = how == 0   ? hipFree((void *)ptr)
                   : how == 1 ? hipHostFree((void *)ptr)
                              : hipFreeAsync((void *)ptr, (hipStream_t)stream);
  hipError_t want = model_block_free(&st->model, ptr, how == 1, how == 2, stream);
  CHECK_CALL(st, got, want, "%s(%#lx%s)",
             how == 0   ? "hipFree"
             : how == 1 ? "hipHostFree"
                        : "hipFreeAsync",
             (unsigned long)ptr, how == 2 ? ", stream" : "");
}

/* hipMemcpy into or out of a block, or hipMemset on one: explicit kinds for any pointer (the
   mock then knows the device side), hipMemcpyDefault only inside a live block, where a
   default copy cannot take a stale pointer for host memory. */
void op_block_copy(fuzz_state *st) {
  bool interior;
  uintptr_t ptr = pick_block_pointer(st, false, &interior);
  if (model_reservation_bytes(&st->model, ptr) != 0)
    return; /* a stale block's address reserved again: VMM memory, op_copy's business */
  size_t live_bytes = model_block_bytes(&st->model, interior ? 0 : ptr);
  size_t offset = live_bytes ? take(st) % (live_bytes + 1) : 0;
  size_t bytes = take(st) % 4 == 0 ? (size_t)take(st) : (size_t)(take(st) * 53u);
  if (bytes > BLOCK_COPY_MAX)
    bytes = BLOCK_COPY_MAX;
  uintptr_t at = ptr + offset;
  if (pool_memory_unknown(st, at, bytes))
    return;
  uint8_t how = take(st) % 5;
  bool default_kind = how < 4 && live_bytes != 0 && take(st) % 2 == 0;
  hipError_t got, want;
  if (how == 0 || how == 1) { /* into the block */
    for (size_t i = 0; i < bytes; i++)
      block_in[i] = (unsigned char)(st->step * 31 + i * 7);
    got = hipMemcpy((void *)at, block_in, bytes,
                    default_kind ? hipMemcpyDefault : hipMemcpyHostToDevice);
    want = model_block_copy(&st->model, at, bytes, true, block_in, NULL);
  } else if (how == 2 || how == 3) { /* out of it */
    memset(block_out, 0xee, bytes);
    got = hipMemcpy(block_out, (void *)at, bytes,
                    default_kind ? hipMemcpyDefault : hipMemcpyDeviceToHost);
    want = model_block_copy(&st->model, at, bytes, false, NULL, block_want);
    model_block_take_unknown(&st->model, at, bytes, block_want, block_out);
    if (got == hipSuccess && want == hipSuccess && memcmp(block_out, block_want, bytes) != 0)
      check_fail(st, "hipMemcpy of %zu bytes out of the block at %#lx: not the model's bytes",
                 bytes, (unsigned long)at);
  } else {
    unsigned char value = take(st);
    got = hipMemset((void *)at, value, bytes);
    want = model_block_memset(&st->model, at, value, bytes);
  }
  CHECK_CALL(st, got, want, "%s(block %#lx + %zu, %zu bytes%s)",
             how < 2   ? "hipMemcpy to"
             : how < 4 ? "hipMemcpy from"
                       : "hipMemset",
             (unsigned long)ptr, offset, bytes, default_kind ? ", hipMemcpyDefault" : "");
}

/* ---- contexts ---- */

static uintptr_t pick_ctx(fuzz_state *st) {
  uint8_t b = take(st);
  if (b % 8 < 6)
    return st->model.ctx_value[b % MODEL_DEVICES]; /* 0 until the mock handed it out */
  return b % 8 == 6 ? 0 : GARBAGE + b;
}

void op_ctx(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  bool out_null = (b >> 4) % 8 == 0;
  hipCtx_t ctx = (hipCtx_t)GARBAGE;
  switch (b % 6) {
  case 0: {
    hipError_t got = hipCtxGetCurrent(out_null ? NULL : &ctx);
    hipError_t want = model_ctx_get_current(m, out_null, got == hipSuccess ? (uintptr_t)ctx : 0);
    CHECK_CALL(st, got, want, "hipCtxGetCurrent(%s) -> %p", out_null ? "NULL" : "&ctx",
               (void *)ctx);
    break;
  }
  case 1: {
    uintptr_t to = pick_ctx(st);
    CHECK_CALL(st, hipCtxSetCurrent((hipCtx_t)to), model_ctx_set_current(m, to),
               "hipCtxSetCurrent(%#lx)", (unsigned long)to);
    break;
  }
  case 2: {
    if (!model_room_for_ctx(m))
      return;
    uintptr_t to = pick_ctx(st);
    CHECK_CALL(st, hipCtxPushCurrent((hipCtx_t)to), model_ctx_push(m, to),
               "hipCtxPushCurrent(%#lx)", (unsigned long)to);
    break;
  }
  case 3: {
    hipError_t got = hipCtxPopCurrent(out_null ? NULL : &ctx);
    CHECK_CALL(st, got, model_ctx_pop(m, out_null, (uintptr_t)ctx), "hipCtxPopCurrent(%s) -> %p",
               out_null ? "NULL" : "&ctx", (void *)ctx);
    break;
  }
  case 4: {
    int device = -77, want_device = -77;
    hipError_t got = hipCtxGetDevice(out_null ? NULL : &device);
    CHECK_CALL(st, got, model_ctx_get_device(m, out_null, &want_device), "hipCtxGetDevice(%s)",
               out_null ? "NULL" : "&device");
    if (got == hipSuccess && device != want_device)
      check_fail(st, "hipCtxGetDevice wrote %d, the model says %d", device, want_device);
    break;
  }
  default:
    CHECK_CALL(st, hipCtxSynchronize(), model_ctx_synchronize(m), "hipCtxSynchronize()");
    break;
  }
  if (fuzz_trace)
    fprintf(stderr, "  (current device %d, context stack depth %d)\n", m->device, m->ctx_depth);
}

void op_primary_ctx(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  int device = pick_device_number(st);
  bool out_null = (b >> 4) % 8 == 0;
  switch (b % 4) {
  case 0: {
    hipCtx_t ctx = (hipCtx_t)GARBAGE;
    hipError_t got = hipDevicePrimaryCtxRetain(out_null ? NULL : &ctx, device);
    CHECK_CALL(
        st, got, model_primary_retain(m, out_null, device, got == hipSuccess ? (uintptr_t)ctx : 0),
        "hipDevicePrimaryCtxRetain(%s, %d) -> %p", out_null ? "NULL" : "&ctx", device, (void *)ctx);
    break;
  }
  case 1:
    CHECK_CALL(st, hipDevicePrimaryCtxRelease(device), model_primary_release(m, device),
               "hipDevicePrimaryCtxRelease(%d)", device);
    break;
  case 2: {
    unsigned flags = 77, want_flags = 77;
    int active = -77, want_active = -77;
    bool flags_null = (b >> 2) % 4 == 0, active_null = (b >> 2) % 4 == 1;
    hipError_t got = hipDevicePrimaryCtxGetState(device, flags_null ? NULL : &flags,
                                                 active_null ? NULL : &active);
    CHECK_CALL(st, got,
               model_primary_state(m, device, flags_null || active_null, &want_flags, &want_active),
               "hipDevicePrimaryCtxGetState(%d, %s, %s)", device, flags_null ? "NULL" : "&flags",
               active_null ? "NULL" : "&active");
    if (got == hipSuccess &&
        ((!flags_null && flags != want_flags) || (!active_null && active != want_active)))
      check_fail(st, "hipDevicePrimaryCtxGetState(%d): flags %u active %d, the model %u %d", device,
                 flags, active, want_flags, want_active);
    break;
  }
  default:
    CHECK_CALL(st, hipDevicePrimaryCtxReset(device), model_primary_reset(m, device),
               "hipDevicePrimaryCtxReset(%d)", device);
    break;
  }
}

/* ---- peer access ---- */

void op_peer(fuzz_state *st) {
  model *m = &st->model;
  uint8_t b = take(st);
  int peer = pick_device_number(st);
  switch (b % 3) {
  case 0: {
    int device = pick_device_number(st), can = -77, want_can = -77;
    bool out_null = (b >> 2) % 16 == 0;
    hipError_t got = hipDeviceCanAccessPeer(out_null ? NULL : &can, device, peer);
    CHECK_CALL(st, got, model_can_access_peer(m, out_null, device, peer, &want_can),
               "hipDeviceCanAccessPeer(%s, %d, %d)", out_null ? "NULL" : "&can", device, peer);
    if (got == hipSuccess && can != want_can)
      check_fail(st, "hipDeviceCanAccessPeer(%d, %d) wrote %d, the model says %d", device, peer,
                 can, want_can);
    break;
  }
  case 1: {
    unsigned flags = (b >> 2) % 16 == 0 ? 1 : 0;
    CHECK_CALL(st, hipDeviceEnablePeerAccess(peer, flags), model_enable_peer(m, peer, flags),
               "hipDeviceEnablePeerAccess(%d, %u) on device %d", peer, flags, m->device);
    break;
  }
  default:
    CHECK_CALL(st, hipDeviceDisablePeerAccess(peer), model_disable_peer(m, peer),
               "hipDeviceDisablePeerAccess(%d) on device %d", peer, m->device);
    break;
  }
}

void op_device_reset(fuzz_state *st) {
  CHECK_CALL(st, hipDeviceReset(), model_device_reset(&st->model), "hipDeviceReset() on device %d",
             st->model.device);
}

/* ---- the teardown's part ---- */

void teardown_runtime(fuzz_state *st) {
  model *m = &st->model;
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++)
    if (m->blocks[i].live) {
      uintptr_t base = m->blocks[i].base;
      bool host = m->blocks[i].kind == BLOCK_HOST;
      CHECK_CALL(st, host ? hipHostFree((void *)base) : hipFree((void *)base),
                 model_block_free(m, base, host, false, 0), "%s(%#lx)",
                 host ? "hipHostFree" : "hipFree", (unsigned long)base);
    }
  for (int i = 0; i < MODEL_MAX_EVENTS; i++)
    if (m->events[i].live) {
      uintptr_t event = m->events[i].handle;
      CHECK_CALL(st, hipEventDestroy((hipEvent_t)event), model_event_destroy(m, event),
                 "hipEventDestroy(%#lx)", (unsigned long)event);
    }
  for (int i = 0; i < MODEL_MAX_STREAMS; i++)
    if (m->streams[i].live) {
      uintptr_t stream = m->streams[i].handle;
      CHECK_CALL(st, hipStreamDestroy((hipStream_t)stream), model_stream_destroy(m, stream),
                 "hipStreamDestroy(%#lx)", (unsigned long)stream);
    }
  for (int d = 0; d < MODEL_DEVICES; d++)
    for (int p = 0; p < MODEL_DEVICES; p++)
      if (m->peer[d][p]) {
        CHECK_CALL(st, hipSetDevice(d), model_set_device(m, d), "hipSetDevice(%d)", d);
        CHECK_CALL(st, hipDeviceDisablePeerAccess(p), model_disable_peer(m, p),
                   "hipDeviceDisablePeerAccess(%d) on device %d", p, d);
      }
  while (m->ctx_depth > 0)
    CHECK_CALL(st, hipCtxPopCurrent(NULL), model_ctx_pop(m, true, 0), "hipCtxPopCurrent(NULL)");
}
