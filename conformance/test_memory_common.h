/*
 * test_memory_common.h: what the rules of the memory beyond VMM
 * (test_memory.c, test_pointer_info.c) share: blocks the teardown frees,
 * allocations that must succeed, and the two pointer queries as assertions.
 *
 * hipFree frees a block of every kind (ROCm's ihipFree frees whatever memory
 * object an address starts), so every block goes to the context's mallocs.
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

/* Runs an allocating call that must return `expected`; what it made anyway is kept. */
#define memory_expect_alloc(ctx, ptr, call, expected)                                              \
  do {                                                                                             \
    hipError_t status_ = (call);                                                                   \
    if (status_ == hipSuccess)                                                                     \
      memory_keep(ctx, ptr);                                                                       \
    conf_assert_hip(status_, expected, #call, __FILE__, __LINE__);                                 \
  } while (0)

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
