/*
 * test_memory_common.h: what the rules of the memory beyond VMM
 * (test_memory.c, test_pointer_info.c) share: blocks the teardown frees,
 * allocations that must succeed, and the two pointer queries as assertions.
 *
 * ROCm's hipFree frees a block of every kind (ihipFree frees whatever memory
 * object an address starts), CUDA's only device and managed memory: pinned
 * blocks go to the context's host_mallocs, for hipHostFree, the rest to its
 * mallocs.
 * hipPointerAttribute_t's fields are used by name and its memory type through
 * HIPVMM_POINTER_TYPE: ROCm 5.2 calls it memoryType and numbers it otherwise.
 */
#ifndef TEST_MEMORY_COMMON_H
#define TEST_MEMORY_COMMON_H

#include "conformance.h"

#define BLOCK_BYTES 4096 /* the page hip-tests calls kPageSize */

/* Gives the teardown a block to free (NULL: nothing); returns it. */
void *memory_keep(conf_ctx *ctx, void *ptr);
/* Takes back a block the test freed itself. */
void memory_forget(conf_ctx *ctx, void *ptr);

/* Gives the teardown a pinned block to free with hipHostFree (NULL: nothing); returns it. */
void *memory_keep_host(conf_ctx *ctx, void *ptr);

/* Runs an allocating call that must return `expected`; what it made anyway is kept (by
   `keep`: memory_keep, or memory_keep_host for hipHostMalloc). */
#define memory_expect_made(ctx, ptr, call, expected, keep)                                         \
  do {                                                                                             \
    hipError_t status_ = (call);                                                                   \
    if (status_ == hipSuccess)                                                                     \
      keep(ctx, ptr);                                                                              \
    conf_assert_hip(status_, expected, #call, __FILE__, __LINE__);                                 \
  } while (0)
#define memory_expect_alloc(ctx, ptr, call, expected)                                              \
  memory_expect_made(ctx, ptr, call, expected, memory_keep)
#define memory_expect_host_alloc(ctx, ptr, call, expected)                                         \
  memory_expect_made(ctx, ptr, call, expected, memory_keep_host)

/* Blocks that must be made; the teardown frees them. */
void *memory_managed(conf_ctx *ctx, size_t bytes);
void *memory_pinned(conf_ctx *ctx, size_t bytes, unsigned flags);
void *memory_ext_malloc(conf_ctx *ctx, size_t bytes, unsigned flags);
void *memory_async_malloc(conf_ctx *ctx, size_t bytes, hipStream_t stream);

/* hipPointerGetAttributes, which must succeed; every field is poisoned first. */
hipPointerAttribute_t memory_attributes(const void *ptr);
/* hipMemGetAddressRange, which must give base and bytes. */
#define memory_expect_range(ptr, base, bytes) memory_expect_range_at(CONF_HERE, ptr, base, bytes)
void memory_expect_range_at(const char *file, int line, void *ptr, void *base, size_t bytes);

#endif /* TEST_MEMORY_COMMON_H */
