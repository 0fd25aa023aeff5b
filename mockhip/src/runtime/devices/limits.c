/*
 * limits.c: what each device keeps of hipDeviceSetLimit and hipSetDeviceFlags:
 * hipDeviceGetLimit, hipDeviceSetLimit, hipGetDeviceFlags and hipSetDeviceFlags.
 *
 * The values are kept per device in the state and answered back; the mock's kernels run on host
 * threads, so a stack or heap limit changes nothing they do. A device nobody set has ROCm's
 * defaults (clr device.hpp): a 1 KiB stack per thread, an 8 MiB initial heap
 * (HIP_INITIAL_DM_SIZE) and the flags hipDeviceScheduleSpin.
 */
#include "runtime/devices/devices.h"

#define DEFAULT_STACK_BYTES 1024
#define DEFAULT_HEAP_BYTES (8u << 20)
/* clr Device::UpdateStackSize: a wave's scratch field holds 128 KiB - 16 per lane. */
#define MAX_STACK_BYTES ((128u << 10) - 16)
/* The scratch a queue may hold: the mock's model, from none to 4 GiB per device, all of it by
   default (ROCm reads both from the agent). */
#define SCRATCH_MIN_BYTES 0
#define SCRATCH_MAX_BYTES ((size_t)4 << 30)

void mh__device_settings_make(mh_state *s, int device) {
  if (s->settings_made[device])
    return;
  s->settings_made[device] = true;
  s->stack_bytes[device] = DEFAULT_STACK_BYTES;
  s->heap_bytes[device] = DEFAULT_HEAP_BYTES;
  s->scratch_bytes[device] = SCRATCH_MAX_BYTES;
  s->device_flags[device] = hipDeviceScheduleSpin;
}

void mh__device_flags_set(mh_state *s, int device, unsigned flags) {
  mh__device_settings_make(s, device);
  s->device_flags[device] = flags;
}

unsigned mh__device_flags(const mh_state *s, int device) {
  return s->settings_made[device] ? s->device_flags[device] : hipDeviceScheduleSpin;
}

/* ---- limits ---- */

/* hipLimit_t by value, as ROCm 7 numbers them: older headers (5.x) name only the printf FIFO and
   the heap, and mockhip may be built against them. */
enum {
  LIMIT_STACK = 0x0,
  LIMIT_PRINTF_FIFO = 0x01,
  LIMIT_HEAP = 0x02,
  LIMIT_SCRATCH_MIN = 0x1000,
  LIMIT_SCRATCH_MAX = 0x1001,
  LIMIT_SCRATCH_CURRENT = 0x1002,
  LIMIT_RANGE = 0x1003
};

static hipError_t get_limit(mh_state *s, size_t *value, int limit) {
  /* clr hipDeviceGetLimit: NULL or past hipLimitRange is InvalidValue. The comparison is signed,
     as hip-tests' Unit_hipDeviceGetLimit_Negative_Parameters has ROCm answer UnsupportedLimit
     for (hipLimit_t)-1. */
  if (value == NULL)
    return mh__fail(hipErrorInvalidValue, "pValue is NULL");
  if (limit >= LIMIT_RANGE)
    return mh__fail(hipErrorInvalidValue, "limit %d is past hipLimitRange", limit);
  int device = mh__current_device();
  mh__lock_read();
  bool made = s->settings_made[device];
  switch (limit) {
  case LIMIT_STACK: *value = made ? s->stack_bytes[device] : DEFAULT_STACK_BYTES; break;
  case LIMIT_HEAP: *value = made ? s->heap_bytes[device] : DEFAULT_HEAP_BYTES; break;
  case LIMIT_SCRATCH_MIN: *value = SCRATCH_MIN_BYTES; break;
  case LIMIT_SCRATCH_MAX: *value = SCRATCH_MAX_BYTES; break;
  case LIMIT_SCRATCH_CURRENT: *value = made ? s->scratch_bytes[device] : SCRATCH_MAX_BYTES; break;
  default:
    mh__unlock();
    return mh__fail(hipErrorUnsupportedLimit, "limit %d is not one ROCm answers%s", limit,
                    limit == LIMIT_PRINTF_FIFO ? " (hipLimitPrintfFifoSize is CUDA's)" : "");
  }
  mh__unlock();
  return hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetLimit(size_t *pValue, enum hipLimit_t limit) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetLimit, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_limit(s, pValue, (int)limit);
  return mh__leave(MOCKHIP_CALL_hipDeviceGetLimit, err, "%s, limit=%d",
                   mh__d_out_size("pValue", pValue, err), (int)limit);
}

/* clr hipDeviceSetLimit and Device::UpdateStackSize, UpdateInitialHeapSize,
   UpdateScratchLimitCurrent. */
static hipError_t set_limit(mh_state *s, int limit, size_t value) {
  if (limit >= LIMIT_RANGE)
    return mh__fail(hipErrorInvalidValue, "limit %d is past hipLimitRange", limit);
  int device = mh__current_device();
  hipError_t err = hipSuccess;
  mh__lock_write();
  mh__device_settings_make(s, device);
  switch (limit) {
  case LIMIT_STACK:
    if (value > MAX_STACK_BYTES)
      err = mh__fail(hipErrorInvalidValue, "a stack of %zu bytes is more than the %u a lane holds",
                     value, MAX_STACK_BYTES);
    else
      s->stack_bytes[device] = (value + 15) & ~(size_t)15; /* in 16-byte steps */
    break;
  case LIMIT_HEAP:
    if (value >= s->options.device_memory)
      err = mh__fail(hipErrorInvalidValue, "a heap of %zu bytes does not fit the device's %zu",
                     value, s->options.device_memory);
    else
      s->heap_bytes[device] = value;
    break;
  case LIMIT_SCRATCH_CURRENT:
    if (value > SCRATCH_MAX_BYTES)
      err = mh__fail(hipErrorInvalidValue,
                     "%zu bytes of scratch is more than hipExtLimitScratchMax", value);
    else
      s->scratch_bytes[device] = value;
    break;
  default: err = mh__fail(hipErrorUnsupportedLimit, "limit %d cannot be set on ROCm", limit);
  }
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSetLimit, MH_CALLER, &s);
  if (err == hipSuccess)
    err = set_limit(s, (int)limit, value);
  return mh__leave(MOCKHIP_CALL_hipDeviceSetLimit, err, "limit=%d, value=%zu", (int)limit, value);
}

/* ---- flags ---- */

MH_EXPORT hipError_t hipGetDeviceFlags(unsigned int *flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetDeviceFlags, MH_CALLER, &s);
  if (err == hipSuccess && flags == NULL)
    err = mh__fail(hipErrorInvalidValue, "flags is NULL");
  if (err == hipSuccess) {
    mh__lock_read();
    *flags = mh__device_flags(s, mh__current_device());
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipGetDeviceFlags, err, "%s",
                   mh__d_out_unsigned("flags", flags, err));
}

/* clr hipSetDeviceFlags: one schedule flag at most, nothing but the schedule flags,
   hipDeviceMapHost and hipDeviceLmemResizeToMax; only the schedule flag is kept. */
MH_EXPORT hipError_t hipSetDeviceFlags(unsigned flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipSetDeviceFlags, MH_CALLER, &s);
  const unsigned supported = hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
  unsigned schedule = flags & hipDeviceScheduleMask;
  if (err == hipSuccess && schedule != hipDeviceScheduleAuto && schedule != hipDeviceScheduleSpin &&
      schedule != hipDeviceScheduleYield && schedule != hipDeviceScheduleBlockingSync)
    err = mh__fail(hipErrorInvalidValue, "flags %#x names more than one schedule (bits %#x)", flags,
                   schedule);
  if (err == hipSuccess && (flags & ~supported) != 0)
    err = mh__fail(hipErrorInvalidValue, "flags %#x has bits %#x no device flag has", flags,
                   flags & ~supported);
  if (err == hipSuccess) {
    mh__lock_write();
    mh__device_flags_set(s, mh__current_device(), schedule);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipSetDeviceFlags, err, "flags=%#x", flags);
}
