/*
 * test_memory_common.c: the helpers of test_memory_common.h.
 */
#include "test_memory_common.h"

#include <stdbool.h>
#include <string.h>

static void *keep_in(void **list, size_t *count, void *ptr) {
  assert_true(*count < CONF_MAX_OBJECTS);
  if (ptr != NULL)
    list[(*count)++] = ptr;
  return ptr;
}

void *memory_keep(conf_ctx *ctx, void *ptr) {
  return keep_in(ctx->mallocs, &ctx->malloc_count, ptr);
}

void *memory_keep_host(conf_ctx *ctx, void *ptr) {
  return keep_in(ctx->host_mallocs, &ctx->host_malloc_count, ptr);
}

static bool forget_in(void **list, size_t *count, void *ptr) {
  for (size_t i = 0; i < *count; i++)
    if (list[i] == ptr) {
      list[i] = list[--*count];
      return true;
    }
  return false;
}

void memory_forget(conf_ctx *ctx, void *ptr) {
  if (!forget_in(ctx->mallocs, &ctx->malloc_count, ptr))
    forget_in(ctx->host_mallocs, &ctx->host_malloc_count, ptr);
}

void *memory_managed(conf_ctx *ctx, size_t bytes) {
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocManaged(&ptr, bytes, hipMemAttachGlobal), hipSuccess);
  return ptr;
}

void *memory_pinned(conf_ctx *ctx, size_t bytes, unsigned flags) {
  void *ptr = NULL;
  memory_expect_host_alloc(ctx, ptr, hipHostMalloc(&ptr, bytes, flags), hipSuccess);
  return ptr;
}

void *memory_ext_malloc(conf_ctx *ctx, size_t bytes, unsigned flags) {
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipExtMallocWithFlags(&ptr, bytes, flags), hipSuccess);
  return ptr;
}

void *memory_async_malloc(conf_ctx *ctx, size_t bytes, hipStream_t stream) {
  void *ptr = NULL;
  memory_expect_alloc(ctx, ptr, hipMallocAsync(&ptr, bytes, stream), hipSuccess);
  return ptr;
}

hipPointerAttribute_t memory_attributes(const void *ptr) {
  hipPointerAttribute_t attributes;
  memset(&attributes, 0xa5, sizeof attributes); /* every field must be written */
  assert_hip(hipPointerGetAttributes(&attributes, ptr), hipSuccess);
  return attributes;
}

void memory_expect_range_at(const char *file, int line, void *ptr, void *base, size_t bytes) {
  hipDeviceptr_t got_base = NULL;
  size_t got_bytes = 0;
  conf_assert_hip(hipMemGetAddressRange(&got_base, &got_bytes, ptr), hipSuccess,
                  "hipMemGetAddressRange(&base, &bytes, ptr)", file, line);
  if (got_base != base || got_bytes != bytes)
    conf_fail_at(file, line, "hipMemGetAddressRange(%p) gave %p + %zu, expected %p + %zu", ptr,
                 got_base, got_bytes, base, bytes);
}
