/*
 * stream_ops.c: stream memory operations, as clr's hip_stream_ops.cpp has
 * them: hipStreamWaitValue32/64 hold a stream's later work until a word of
 * memory meets a condition, hipStreamWriteValue32/64 write a word when the
 * stream reaches them.
 *
 * A write runs as any stream work does: at the call where streams are serial,
 * on the stream's runtime thread where they run asynchronously (queue.c). A
 * wait whose condition holds at the call where streams are serial is done. One
 * that does not hold cannot wait at the call (the host thread that would make
 * it true is the one waiting), so from then on streams run asynchronously for
 * the rest of the process (mh__streams_go_async), and the wait is queued: the
 * stream's thread reads the word until the condition holds, so a write from
 * the host, from another stream or from another process releases it, as the
 * GPU's command processor polls the word.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "os/os.h"
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

typedef enum op_kind { OP_WAIT, OP_WRITE } op_kind;

/* A queued operation: the queue's item first, so that the queue frees the whole. */
typedef struct value_op {
  mh_queued item;
  void *ptr;
  size_t bytes; /* 4 or 8 */
  uint64_t value, mask;
  unsigned compare; /* hipStreamWaitValueGte, Eq, And or Nor */
} value_op;

/* The word at ptr, read as the device reads it: past any guard the checker placed. */
static uint64_t read_word(const void *ptr, size_t bytes) {
  if (mh__guards_meet((uintptr_t)ptr, bytes)) {
    uint64_t word = 0;
    mh__guard_traffic_begin();
    (void)mh__guard_move(&word, ptr, bytes);
    mh__guard_traffic_end();
    return word;
  }
  if (bytes == 4)
    return atomic_load_explicit((_Atomic uint32_t *)ptr, memory_order_acquire);
  return atomic_load_explicit((_Atomic uint64_t *)ptr, memory_order_acquire);
}

static void write_word(void *ptr, size_t bytes, uint64_t value) {
  if (mh__guards_meet((uintptr_t)ptr, bytes)) {
    uint32_t low = (uint32_t)value;
    mh__guard_traffic_begin();
    (void)mh__guard_write(ptr, bytes == 4 ? (const void *)&low : (const void *)&value, bytes);
    mh__guard_traffic_end();
  } else if (bytes == 4) {
    atomic_store_explicit((_Atomic uint32_t *)ptr, (uint32_t)value, memory_order_release);
  } else {
    atomic_store_explicit((_Atomic uint64_t *)ptr, value, memory_order_release);
  }
}

/* The condition as rocvirtual.cpp's barrier-value packet tests it: (word & mask) against value;
   And waits for a common bit, Nor for a bit of ~value (under mask) missing from the word. */
static bool holds(const value_op *op, uint64_t word) {
  switch (op->compare) {
  case hipStreamWaitValueGte: return (word & op->mask) >= op->value;
  case hipStreamWaitValueEq: return (word & op->mask) == op->value;
  case hipStreamWaitValueAnd: return (word & (op->value & op->mask)) != 0;
  default: {
    uint64_t nor = ~op->value & op->mask;
    return (word & nor) != nor;
  }
  }
}

/* Whether [ptr, ptr + bytes) still lies in memory the runtime knows. Under the lock. */
static bool still_there(mh_state *s, const value_op *op) {
  mh_pointer_owner owner = mh__pointer_owner(s, op->ptr);
  return owner.pool_block != NULL || owner.block != NULL || owner.mapping != NULL;
}

static void pause_for(uint64_t ns) {
  struct timespec ts = {.tv_sec = 0, .tv_nsec = (long)ns};
  nanosleep(&ts, NULL);
}

/* The stream's thread polls the word, more slowly the longer it waits (up to a millisecond). */
static hipError_t wait_run(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  value_op *op = (value_op *)item;
  for (uint64_t sleep_ns = 1000;; sleep_ns = sleep_ns < 1000000 ? sleep_ns * 2 : sleep_ns) {
    mh__lock_read();
    bool there = still_there(s, op);
    bool done = there && holds(op, read_word(op->ptr, op->bytes));
    mh__unlock();
    if (!there)
      return mh__fail(hipErrorInvalidValue,
                      "the memory at %p a hipStreamWaitValue waited on was freed while it waited",
                      op->ptr);
    if (done)
      return hipSuccess;
    pause_for(sleep_ns);
  }
}

static hipError_t write_run(mh_state *s, mh_queued *item, hipError_t earlier) {
  (void)earlier;
  value_op *op = (value_op *)item;
  mh__lock_read();
  bool there = still_there(s, op);
  if (there)
    write_word(op->ptr, op->bytes, op->value);
  mh__unlock();
  return there ? hipSuccess
               : mh__fail(hipErrorInvalidValue,
                          "the memory at %p a hipStreamWriteValue was to write was freed first",
                          op->ptr);
}

/* clr ihipStreamOperation's checks, in its order: ptr, the stream, the memory object, the
   compare flags (a wait). The word must lie inside the object (clr's blit would write past). */
static hipError_t check_op(mh_state *s, hipStream_t stream, const value_op *op, op_kind kind,
                           mh_stream **on) {
  if (op->ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  hipError_t err = mh__stream_get(s, stream, on);
  if (err != hipSuccess)
    return err;
  mh_pointer_owner owner = mh__pointer_owner(s, op->ptr);
  uintptr_t end = 0;
  if (owner.pool_block != NULL)
    end = owner.pool_block->base + owner.pool_block->bytes;
  else if (owner.block != NULL)
    end = owner.block->base + owner.block->asked_bytes;
  else if (owner.mapping != NULL)
    end = owner.mapping->base + owner.mapping->bytes;
  if (end == 0)
    return mh__fail(hipErrorInvalidValue,
                    "ptr %p is no memory the runtime knows: allocate it with hipMalloc, "
                    "hipHostMalloc or hipExtMallocWithFlags, or register it with hipHostRegister",
                    op->ptr);
  if ((uintptr_t)op->ptr + op->bytes > end)
    return mh__fail(hipErrorInvalidValue, "the %zu bytes at ptr %p run past the end of its memory",
                    op->bytes, op->ptr);
  if (kind == OP_WAIT && op->compare > hipStreamWaitValueNor)
    return mh__fail(hipErrorInvalidValue, "flags %#x is not hipStreamWaitValueGte, Eq, And or Nor",
                    op->compare);
  return hipSuccess;
}

/* Checks the operation and runs or queues it; under the write lock. */
static hipError_t stream_op(mh_state *s, hipStream_t stream, const value_op *asked, op_kind kind) {
  mh_stream *on;
  hipError_t err = check_op(s, stream, asked, kind, &on);
  if (err != hipSuccess)
    return err;
  if (on != NULL && mh__capture_status(on) != hipStreamCaptureStatusNone)
    return mh__fail(hipErrorStreamCaptureUnsupported,
                    "stream %p captures: mockhip makes no graph node of a stream memory operation",
                    (void *)stream);
  if (!mh__streams_async(s)) {
    if (kind == OP_WRITE) {
      write_word(asked->ptr, asked->bytes, asked->value);
      return hipSuccess;
    }
    if (holds(asked, read_word(asked->ptr, asked->bytes)))
      return hipSuccess;
    mh__streams_go_async(s); /* the host cannot wait for itself */
  }
  value_op *op = malloc(sizeof *op);
  if (op == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory to queue the operation on stream %p",
                    (void *)stream);
  *op = *asked;
  memset(&op->item, 0, sizeof op->item);
  op->item.run = kind == OP_WAIT ? wait_run : write_run;
  op->item.stream = stream;
  int device = on != NULL ? on->device : mh__current_device();
  op->item.device = device;
  err = mh__queue_push(on, device, &op->item, NULL);
  if (err != hipSuccess)
    free(op);
  return err;
}

static hipError_t enter_op(mockhip_api api, void *site, hipStream_t stream, const value_op *op,
                           op_kind kind) {
  mh_state *s;
  hipError_t err = mh__enter(api, site, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = stream_op(s, stream, op, kind);
    mh__unlock();
  }
  return err;
}

MH_EXPORT hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value,
                                          unsigned int flags, uint32_t mask) {
  value_op op = {.ptr = ptr, .bytes = 4, .value = value, .mask = mask, .compare = flags};
  hipError_t err = enter_op(MOCKHIP_CALL_hipStreamWaitValue32, MH_CALLER, stream, &op, OP_WAIT);
  return mh__leave(MOCKHIP_CALL_hipStreamWaitValue32, err,
                   "stream=%s, ptr=%s, value=%#x, flags=%u, mask=%#x", mh__d_stream(stream),
                   mh__d_ptr(ptr), value, flags, mask);
}

MH_EXPORT hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value,
                                          unsigned int flags, uint64_t mask) {
  value_op op = {.ptr = ptr, .bytes = 8, .value = value, .mask = mask, .compare = flags};
  hipError_t err = enter_op(MOCKHIP_CALL_hipStreamWaitValue64, MH_CALLER, stream, &op, OP_WAIT);
  return mh__leave(MOCKHIP_CALL_hipStreamWaitValue64, err,
                   "stream=%s, ptr=%s, value=%#llx, flags=%u, mask=%#llx", mh__d_stream(stream),
                   mh__d_ptr(ptr), (unsigned long long)value, flags, (unsigned long long)mask);
}

/* clr passes no flags on (they are unused): any value is taken. */
MH_EXPORT hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value,
                                           unsigned int flags) {
  value_op op = {.ptr = ptr, .bytes = 4, .value = value};
  hipError_t err = enter_op(MOCKHIP_CALL_hipStreamWriteValue32, MH_CALLER, stream, &op, OP_WRITE);
  return mh__leave(MOCKHIP_CALL_hipStreamWriteValue32, err,
                   "stream=%s, ptr=%s, value=%#x, flags=%#x", mh__d_stream(stream), mh__d_ptr(ptr),
                   value, flags);
}

MH_EXPORT hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value,
                                           unsigned int flags) {
  value_op op = {.ptr = ptr, .bytes = 8, .value = value};
  hipError_t err = enter_op(MOCKHIP_CALL_hipStreamWriteValue64, MH_CALLER, stream, &op, OP_WRITE);
  return mh__leave(MOCKHIP_CALL_hipStreamWriteValue64, err,
                   "stream=%s, ptr=%s, value=%#llx, flags=%#x", mh__d_stream(stream),
                   mh__d_ptr(ptr), (unsigned long long)value, flags);
}
