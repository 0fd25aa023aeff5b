/*
 * fixture.c: setup, teardown, skips, assert_hip and the data pattern.
 *
 * The setup asks the backend whether VMM can run here and records the answer
 * in the context; the test skips on its first line (conf_begin), because cmocka
 * 1.1 counts a skip() inside a setup as an error. The teardown gives back what
 * the test still holds, in the order the runtime needs (unmap, release, free),
 * then lets the backend check that nothing is left.
 */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"
#include "open_fds.h"

static char skip_reason[512];
static char failure[512];

int conf_setup(void **state) {
  conf_ctx *ctx = calloc(1, sizeof *ctx);
  assert_non_null(ctx);
  *state = ctx;
  ctx->unusable = conf_backend_unusable();
  if (ctx->unusable != NULL)
    return 0;
  conf_backend_begin();
  assert_hip(hipSetDevice(0), hipSuccess);
  assert_hip(hipGetDeviceCount(&ctx->device_count), hipSuccess);
  hipMemAllocationProp prop = conf_prop(0);
  assert_hip(
      hipMemGetAllocationGranularity(&ctx->granularity, &prop, hipMemAllocationGranularityMinimum),
      hipSuccess);
  assert_true(ctx->granularity > 0);
  ctx->size_mem = conf_round_up(32 * 1024, ctx->granularity);
  return 0;
}

/* Keeps the first failing cleanup call: everything the context holds was made
   by a call that succeeded, so giving it back must succeed too. */
static void cleanup(hipError_t status, const char *call, char *first, size_t size) {
  if (status != hipSuccess && first[0] == '\0')
    snprintf(first, size, "%s returned %s (%s)", call, hipGetErrorName(status),
             conf_backend_last_reason());
}

int conf_teardown(void **state) {
  conf_ctx *ctx = *state;
  char first[256] = "";
  if (ctx == NULL)
    return 0;
  *state = NULL;
  if (ctx->unusable != NULL) {
    free(ctx);
    return 0;
  }
  for (size_t i = ctx->mapping_count; i-- > 0;)
    cleanup(hipMemUnmap(ctx->mappings[i].ptr, ctx->mappings[i].bytes), "hipMemUnmap", first,
            sizeof first);
  for (size_t i = ctx->ref_count; i-- > 0;)
    cleanup(hipMemRelease(ctx->refs[i]), "hipMemRelease", first, sizeof first);
  for (size_t i = ctx->reservation_count; i-- > 0;)
    cleanup(hipMemAddressFree(ctx->reservations[i].ptr, ctx->reservations[i].bytes),
            "hipMemAddressFree", first, sizeof first);
  for (size_t i = 0; i < ctx->fd_count; i++)
    close(ctx->fds[i]);
  for (size_t i = 0; i < ctx->malloc_count; i++)
    cleanup(hipFree(ctx->mallocs[i]), "hipFree", first, sizeof first);
  for (size_t i = 0; i < ctx->host_malloc_count; i++)
    cleanup(hipHostFree(ctx->host_mallocs[i]), "hipHostFree", first, sizeof first);
  for (size_t i = ctx->pool_count; i-- > 0;)
    cleanup(hipMemPoolDestroy(ctx->pools[i]), "hipMemPoolDestroy", first, sizeof first);
  for (size_t i = 0; i < ctx->stream_count; i++)
    cleanup(hipStreamDestroy(ctx->streams[i]), "hipStreamDestroy", first, sizeof first);
  cleanup(hipSetDevice(0), "hipSetDevice(0)", first, sizeof first);
  (void)hipGetLastError();
  free(ctx);
  if (first[0] != '\0')
    conf_fail("teardown: %s", first);
  conf_backend_assert_clean();
  return 0;
}

conf_ctx *conf_begin(void **state) {
  conf_ctx *ctx = *state;
  if (ctx->unusable != NULL)
    conf_skip("%s", ctx->unusable);
  return ctx;
}

void conf_skip(const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(skip_reason, sizeof skip_reason, format, args);
  va_end(args);
  print_message("[  REASON  ] %s\n", skip_reason);
  skip();
}

void conf_need_devices(const conf_ctx *ctx, int count) {
  if (ctx->device_count < count)
    conf_skip("needs %d devices, this backend has %d", count, ctx->device_count);
}

const char *conf_skip_reason(void) { return skip_reason; }

const char *conf_failure(void) { return failure; }

void conf_notes_reset(void) {
  skip_reason[0] = '\0';
  failure[0] = '\0';
}

void conf_fail_at(const char *file, int line, const char *format, ...) {
  char message[sizeof failure];
  va_list args;
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  if (failure[0] == '\0') /* the first failure is the cause; teardown ones follow */
    snprintf(failure, sizeof failure, "%s", message);
  print_error("%s\n", message);
  _fail(file, line);
}

void conf_assert_hip(hipError_t got, hipError_t expected, const char *call, const char *file,
                     int line) {
  if (got == expected)
    return;
  const char *why = got != hipSuccess ? conf_backend_last_reason() : "";
  conf_fail_at(file, line, "%s returned %s, expected %s%s%s%s", call, hipGetErrorName(got),
               hipGetErrorName(expected), why[0] ? " (" : "", why, why[0] ? ")" : "");
}

/* ---- values ---- */

hipMemAllocationProp conf_prop(int device) {
  /* Field names only: ROCm 5.2 orders the members differently. */
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = hipMemHandleTypeNone;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  return prop;
}

hipMemLocation conf_device_location(int device) {
  hipMemLocation location;
  memset(&location, 0, sizeof location);
  location.type = hipMemLocationTypeDevice;
  location.id = device;
  return location;
}

hipMemAccessDesc conf_access_desc(int device, hipMemAccessFlags flags) {
  hipMemAccessDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.location = conf_device_location(device);
  desc.flags = flags;
  return desc;
}

size_t conf_round_up(size_t bytes, size_t granularity) {
  return (bytes + granularity - 1) / granularity * granularity;
}

/* ---- file descriptors ---- */

size_t conf_open_fds(void) { return open_fds_count(); }

void conf_expect_fds_at(const char *file, int line, size_t expected, const char *what) {
  size_t open = conf_open_fds();
  if (open == expected)
    return;
  print_error("open file descriptors:\n");
  open_fds_print();
  conf_fail_at(file, line, "%s: %zu file descriptors open, expected %zu", what, open, expected);
}

/* ---- data ---- */

static uint32_t pattern_word(size_t index, unsigned seed) {
  return (uint32_t)(seed * 0x9E3779B1u) ^ (uint32_t)(index * 2654435761u) ^ (uint32_t)index;
}

void conf_pattern(void *host, size_t bytes, unsigned seed) {
  uint32_t *words = host;
  for (size_t i = 0; i < bytes / 4; i++)
    words[i] = pattern_word(i, seed);
}

size_t conf_pattern_mismatch(const void *host, size_t bytes, unsigned seed) {
  const uint32_t *words = host;
  for (size_t i = 0; i < bytes / 4; i++)
    if (words[i] != pattern_word(i, seed))
      return i * 4;
  return bytes;
}

void conf_fill_at(const char *file, int line, void *dev, size_t bytes, unsigned seed) {
  assert_int_equal(bytes % 4, 0);
  void *host = malloc(bytes);
  assert_non_null(host);
  conf_pattern(host, bytes, seed);
  hipError_t status = hipMemcpy(dev, host, bytes, hipMemcpyHostToDevice);
  free(host);
  conf_assert_hip(status, hipSuccess, "hipMemcpy(dev, host, bytes, hipMemcpyHostToDevice)", file,
                  line);
  /* HIP on NVIDIA returns from a copy out of pageable memory once its bytes are staged: a
     rule that lowers the access or unmaps next would race the DMA (pageable_copy), as a
     program that does not synchronize first. The fill lands before the rule goes on. */
  conf_assert_hip(hipDeviceSynchronize(), hipSuccess, "hipDeviceSynchronize() after the fill", file,
                  line);
}

void conf_expect_data_at(const char *file, int line, void *dev, size_t bytes, unsigned seed) {
  assert_int_equal(bytes % 4, 0);
  void *host = malloc(bytes);
  assert_non_null(host);
  memset(host, 0xEE, bytes);
  hipError_t status = hipMemcpy(host, dev, bytes, hipMemcpyDeviceToHost);
  size_t bad = conf_pattern_mismatch(host, bytes, seed);
  free(host);
  conf_assert_hip(status, hipSuccess, "hipMemcpy(host, dev, bytes, hipMemcpyDeviceToHost)", file,
                  line);
  if (bad != bytes) {
    conf_fail_at(file, line,
                 "device data at %p + %zu (of %zu bytes) is not what was written (pattern %u)", dev,
                 bad, bytes, seed);
  }
}
