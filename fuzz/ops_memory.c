/*
 * ops_memory.c: one fuzzer step per call that uses mapped memory: set and get
 * access, the calling device, copies and sets in every form, and direct CPU
 * reads and writes. Contents that come back are compared with the model's
 * shadow bytes; a CPU access must fault exactly where the model says.
 */
#include "ops.h"

#include <stdio.h>
#include <string.h>

#include "probe.h"

#define COPY_MAX (3 * MODEL_MAX_GRANULE) /* pick_copy_bytes never asks for more */

static unsigned char host_in[COPY_MAX], host_out[COPY_MAX], expected[COPY_MAX];

/* seed + i * 37 at byte i: a pattern of 256 bytes, written once and copied on, as a
   copy may be several 2 MiB granules long. */
static void fill_pattern(fuzz_state *st, unsigned char *bytes, size_t count) {
  uint8_t seed = take(st);
  size_t done = count < 256 ? count : 256;
  for (size_t i = 0; i < done; i++)
    bytes[i] = (unsigned char)(seed + i * 37);
  for (size_t n; done < count; done += n) {
    n = done < count - done ? done : count - done;
    memcpy(bytes + done, bytes, n);
  }
}

static int pick_device(fuzz_state *st) {
  static const int devices[8] = {0, 1, 0, 1, 0, 1, MODEL_DEVICES, -1};
  return devices[take(st) % 8];
}

/* Aborts unless got[0, count) equals the model's bytes. */
static void expect_bytes(fuzz_state *st, const char *what, uintptr_t from, const unsigned char *got,
                         const unsigned char *want, size_t count) {
  if (memcmp(got, want, count) == 0)
    return;
  for (size_t i = 0; i < count; i++)
    if (got[i] != want[i])
      check_fail(st, "%s of %zu bytes at %#lx: byte %zu is %#x, the model says %#x", what, count,
                 (unsigned long)from, i, got[i], want[i]);
}

/* ---- access ---- */

void op_set_access(fuzz_state *st) {
  uintptr_t ptr = pick_address(st);
  size_t bytes = pick_run_bytes(st, ptr);
  uint8_t b = take(st);
  static const size_t counts[8] = {0, 1, 1, 1, 1, 1, 2, 3};
  size_t count = counts[b % 8];
  bool desc_null = b % 8 == 1;
  hipMemAccessDesc desc[3];
  memset(desc, 0, sizeof desc);
  for (size_t i = 0; i < count; i++) {
    desc[i].location = pick_location(st);
    desc[i].flags = pick_access_flags(st);
  }
  hipError_t got = hipMemSetAccess((void *)ptr, bytes, desc_null ? NULL : desc, count);
  hipError_t want = model_set_access(&st->model, ptr, bytes, desc_null ? NULL : desc, count);
  CHECK_CALL(st, got, want,
             "hipMemSetAccess(ptr=%#lx, size=%zu, desc=%s{{%d, %d}, %u}, {{%d, %d}, %u}, "
             "{{%d, %d}, %u}, count=%zu)",
             (unsigned long)ptr, bytes, desc_null ? "NULL, unused " : "",
             (int)desc[0].location.type, desc[0].location.id, (unsigned)desc[0].flags,
             (int)desc[1].location.type, desc[1].location.id, (unsigned)desc[1].flags,
             (int)desc[2].location.type, desc[2].location.id, (unsigned)desc[2].flags, count);
}

void op_get_access(fuzz_state *st) {
  uintptr_t ptr = pick_address(st);
  hipMemLocation location = pick_location(st);
  uint8_t misuse = take(st) % 32;
  bool flags_null = misuse == 1, location_null = misuse == 2;
  unsigned long long flags = 0xdead, expect = 0xdead; /* unwritten where the profile writes none */
  hipError_t got =
      hipMemGetAccess(flags_null ? NULL : &flags, location_null ? NULL : &location, (void *)ptr);
  hipError_t want =
      model_get_access(&st->model, flags_null, location_null ? NULL : &location, ptr, &expect);
  CHECK_CALL(st, got, want, "hipMemGetAccess(flags=%s, location=%s{%d, %d}, ptr=%#lx)",
             flags_null ? "NULL" : "&out", location_null ? "NULL, unused " : "", (int)location.type,
             location.id, (unsigned long)ptr);
  if (got == hipSuccess && flags != expect)
    check_fail(st, "hipMemGetAccess(location={%d, %d}, ptr=%#lx) = %llu, the model says %llu",
               (int)location.type, location.id, (unsigned long)ptr, flags, expect);
}

void op_set_device(fuzz_state *st) {
  int device = pick_device(st);
  hipError_t got = hipSetDevice(device);
  hipError_t want = model_set_device(&st->model, device);
  CHECK_CALL(st, got, want, "hipSetDevice(%d)", device);
}

/* ---- copies and sets ---- */

static void copy_htod(fuzz_state *st) {
  uintptr_t dst = pick_address(st);
  size_t bytes = pick_copy_bytes(st);
  uint8_t b = take(st);
  unsigned char *src = b % 32 == 1 ? NULL : host_in;
  fill_pattern(st, host_in, bytes);
  static const char *const forms[3] = {"hipMemcpyHtoD", "hipMemcpyHtoDAsync", "hipMemcpy(HtoD)"};
  int form = (b >> 5) % 3;
  hipError_t got = form == 0   ? hipMemcpyHtoD((void *)dst, src, bytes)
                   : form == 1 ? hipMemcpyHtoDAsync((void *)dst, src, bytes, NULL)
                               : hipMemcpy((void *)dst, src, bytes, hipMemcpyHostToDevice);
  hipError_t want = model_copy_htod(&st->model, dst, src, bytes);
  CHECK_CALL(st, got, want, "%s(dst=%#lx, src=%s, bytes=%zu) on device %d", forms[form],
             (unsigned long)dst, src ? "host" : "NULL", bytes, st->model.device);
  /* HIP on NVIDIA returns from a copy out of pageable memory before its DMA lands (g:
     pageable_copy `staged`): the fuzzer waits for it, as a correct program does; the race
     itself is the unit tests' (mockhip/tests/profile_rows_access.c). */
  if (got == hipSuccess && st->model.profile->nvidia)
    CHECK_CALL(st, hipStreamSynchronize(NULL), model_stream_synchronize(&st->model, 0),
               "hipStreamSynchronize(NULL) after the copy");
}

static void copy_dtoh(fuzz_state *st) {
  uintptr_t src = pick_address(st);
  size_t bytes = pick_copy_bytes(st);
  uint8_t b = take(st);
  unsigned char *dst = b % 32 == 1 ? NULL : host_out;
  static const char *const forms[3] = {"hipMemcpyDtoH", "hipMemcpyDtoHAsync", "hipMemcpy(DtoH)"};
  int form = (b >> 5) % 3;
  memset(host_out, 0x5a, bytes);
  hipError_t got = form == 0   ? hipMemcpyDtoH(dst, (void *)src, bytes)
                   : form == 1 ? hipMemcpyDtoHAsync(dst, (void *)src, bytes, NULL)
                               : hipMemcpy(dst, (void *)src, bytes, hipMemcpyDeviceToHost);
  hipError_t want = model_copy_dtoh(&st->model, expected, dst == NULL, src, bytes);
  CHECK_CALL(st, got, want, "%s(dst=%s, src=%#lx, bytes=%zu) on device %d", forms[form],
             dst ? "host" : "NULL", (unsigned long)src, bytes, st->model.device);
  if (got == hipSuccess)
    expect_bytes(st, forms[form], src, host_out, expected, bytes);
}

static void copy_dtod(fuzz_state *st, bool peer) {
  uintptr_t dst = pick_address(st);
  uintptr_t src = pick_address(st);
  size_t bytes = pick_copy_bytes(st);
  int dst_device = peer ? pick_device(st) : st->model.device;
  int src_device = peer ? pick_device(st) : st->model.device;
  int form = take(st) % 3;
  if (model_copy_overlaps(&st->model, dst, src, bytes))
    return; /* overlapping copies have no defined result */
  hipError_t got, want;
  if (peer) {
    got = form == 0
              ? hipMemcpyPeer((void *)dst, dst_device, (void *)src, src_device, bytes)
              : hipMemcpyPeerAsync((void *)dst, dst_device, (void *)src, src_device, bytes, NULL);
    want = model_copy_peer(&st->model, dst, dst_device, src, src_device, bytes);
  } else {
    got = form == 0   ? hipMemcpyDtoD((void *)dst, (void *)src, bytes)
          : form == 1 ? hipMemcpyDtoDAsync((void *)dst, (void *)src, bytes, NULL)
                      : hipMemcpy((void *)dst, (void *)src, bytes, hipMemcpyDeviceToDevice);
    want = model_copy_dtod(&st->model, dst, src, bytes);
  }
  CHECK_CALL(st, got, want, "%s (form %d)(dst=%#lx on device %d, src=%#lx on device %d, bytes=%zu)",
             peer ? "hipMemcpyPeer" : "hipMemcpyDtoD", form, (unsigned long)dst, dst_device,
             (unsigned long)src, src_device, bytes);
}

static void set_bytes(fuzz_state *st) {
  uintptr_t dst = pick_address(st);
  size_t bytes = pick_copy_bytes(st);
  uint8_t value = take(st);
  int form = take(st) % 4;
  /* hipMemset takes an int and keeps its low byte. */
  int wide = value | (form == 0 ? 0x3700 : 0);
  hipError_t got = form == 0   ? hipMemset((void *)dst, wide, bytes)
                   : form == 1 ? hipMemsetD8((void *)dst, value, bytes)
                   : form == 2 ? hipMemsetAsync((void *)dst, value, bytes, NULL)
                               : hipMemsetD8Async((void *)dst, value, bytes, NULL);
  hipError_t want = model_memset(&st->model, dst, value, bytes);
  CHECK_CALL(st, got, want, "hipMemset (form %d)(dst=%#lx, value=%#x, bytes=%zu) on device %d",
             form, (unsigned long)dst, (unsigned)wide, bytes, st->model.device);
}

static void set_words(fuzz_state *st) {
  uintptr_t dst = pick_address(st);
  size_t count = pick_copy_bytes(st) / 4;
  uint32_t value = take_u32(st);
  uint8_t b = take(st);
  if (b % 32 == 1)
    count = SIZE_MAX / 2; /* count * 4 overflows */
  int form = (b >> 5) % 2;
  hipError_t got = form == 0 ? hipMemsetD32((void *)dst, (int)value, count)
                             : hipMemsetD32Async((void *)dst, (int)value, count, NULL);
  hipError_t want = model_memset_d32(&st->model, dst, value, count);
  CHECK_CALL(st, got, want, "%s(dst=%#lx, value=%#x, count=%zu) on device %d",
             form ? "hipMemsetD32Async" : "hipMemsetD32", (unsigned long)dst, value, count,
             st->model.device);
}

void op_copy(fuzz_state *st) {
  switch (take(st) % 6) {
  case 0: copy_htod(st); break;
  case 1: copy_dtoh(st); break;
  case 2: copy_dtod(st, false); break;
  case 3: set_bytes(st); break;
  case 4: set_words(st); break;
  default: copy_dtod(st, true); break;
  }
}

/* ---- the CPU ---- */

/* An address inside a live reservation and a length that stays inside it; 0
   bytes when the address is elsewhere (freed ranges may hold anything now). */
static size_t pick_cpu_range(fuzz_state *st, uintptr_t *ptr) {
  *ptr = pick_address(st);
  size_t bytes = pick_copy_bytes(st);
  size_t left = model_reservation_left(&st->model, *ptr);
  return bytes < left ? bytes : left;
}

void op_cpu_read(fuzz_state *st) {
  uintptr_t ptr;
  size_t bytes = pick_cpu_range(st, &ptr);
  if (bytes == 0)
    return;
  size_t want = model_cpu_readable(&st->model, ptr, bytes);
  size_t got = probe_read((const void *)ptr, bytes, host_out);
  if (got != want)
    check_fail(st, "CPU read of %zu bytes at %#lx: %zu bytes readable, the model says %zu", bytes,
               (unsigned long)ptr, got, want);
  model_cpu_read(&st->model, ptr, got, expected);
  expect_bytes(st, "CPU read", ptr, host_out, expected, got);
}

void op_cpu_write(fuzz_state *st) {
  uintptr_t ptr;
  size_t bytes = pick_cpu_range(st, &ptr);
  if (bytes == 0)
    return;
  fill_pattern(st, host_in, bytes);
  size_t want = model_cpu_writable(&st->model, ptr, bytes);
  size_t got = probe_write((void *)ptr, host_in, bytes);
  if (got != want)
    check_fail(st, "CPU write of %zu bytes at %#lx: %zu bytes writable, the model says %zu", bytes,
               (unsigned long)ptr, got, want);
  model_cpu_write(&st->model, ptr, host_in, got);
}
