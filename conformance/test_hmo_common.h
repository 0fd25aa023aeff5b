/*
 * test_hmo_common.h: what the hmo memory-object rules (test_hmo_*.c)
 * share.
 *
 * A memory rule runs under the suite's own fixture (conf_setup, conf_teardown:
 * the skip rule and the clean-backend check) with one layer on top. Every hmo
 * device and every memory reference a rule holds goes through the helpers
 * below, which remember it, so the teardown releases what an assertion left
 * behind before the fixture checks that the backend holds nothing. The rules
 * use hmo.h and the HIP API only and move data by hmo copies (or hipMemcpy),
 * never by CPU dereference, so they mean the same on mockhip and on ROCm.
 *
 * Reference rows: /work/shared/reference/occa-memory.md by section ("occa 2.3
 * slice") or OCCA issue ("occa #747"); "issue: hmo" for hmo's own rules
 * (hmo.h and the hmo issue), where OCCA has no rule or a weak one.
 */
#ifndef TEST_HMO_COMMON_H
#define TEST_HMO_COMMON_H

#include "conformance.h"

#include <hmo.h>

#include "mem_pattern.h"

/* A memory rule: the suite's fixture plus the hmo objects' release. */
#define MEM_RULE(fn, row)                                                                          \
  { cmocka_unit_test_setup_teardown(fn, mem_setup, mem_teardown), row }

int mem_setup(void **state);
int mem_teardown(void **state);

/* ---- status assertions ----
 * A call expected to fail must return `expected`, leave the same status in
 * hmo_error_last() and a message that is not empty. A call expected to succeed
 * that fails prints hmo_error_last()'s status and message. */

#define assert_hmo(call, expected) mem_assert_status_at(CONF_HERE, (call), (expected), #call)
void mem_assert_status_at(const char *file, int line, int got, int expected, const char *call);

/* The same for a call that makes a new memory in *out: what an unexpected
   success made is remembered, so the teardown still releases it. */
#define assert_hmo_new(out, call, expected)                                                        \
  mem_assert_new_at(CONF_HERE, (out), (call), (expected), #call)
void mem_assert_new_at(const char *file, int line, hmo_memory **out, int got, int expected,
                       const char *call);

/* ---- tracked objects: calls that must succeed ---- */

#define mem_open(index) mem_open_at(CONF_HERE, index)
#define mem_close(dev) mem_close_at(CONF_HERE, dev)
#define mem_alloc(dev, count, dtype, src) mem_alloc_at(CONF_HERE, dev, count, dtype, src)
#define mem_reserve(dev, count, capacity, dtype)                                                   \
  mem_reserve_at(CONF_HERE, dev, count, capacity, dtype)
#define mem_wrap(dev, ptr, count, dtype) mem_wrap_at(CONF_HERE, dev, ptr, count, dtype)
#define mem_slice(mem, offset, count) mem_slice_at(CONF_HERE, mem, offset, count)
#define mem_cast(mem, dtype) mem_cast_at(CONF_HERE, mem, dtype)
#define mem_clone(mem) mem_clone_at(CONF_HERE, mem)
/* hmo_memory_retain, remembered as one more reference to release. */
#define mem_retain(mem) mem_retain_at(CONF_HERE, mem)
/* hmo_memory_release of one remembered reference. */
#define mem_release(mem) mem_release_at(CONF_HERE, mem)
/* Pools: remembered too, destroyed by the teardown after the memories, before the devices. */
#define mem_pool_create(dev, capacity) mem_pool_create_at(CONF_HERE, dev, capacity)
#define mem_pool_destroy(pool) mem_pool_destroy_at(CONF_HERE, pool)
#define mem_pool_alloc(pool, count, dtype, src)                                                    \
  mem_pool_alloc_at(CONF_HERE, pool, count, dtype, src)

hmo_device *mem_open_at(const char *file, int line, int hip_device);
hmo_pool *mem_pool_create_at(const char *file, int line, hmo_device *dev, size_t capacity);
void mem_pool_destroy_at(const char *file, int line, hmo_pool *pool);
hmo_memory *mem_pool_alloc_at(const char *file, int line, hmo_pool *pool, size_t count,
                              hmo_dtype dtype, const void *src);
void mem_close_at(const char *file, int line, hmo_device *dev);
hmo_memory *mem_alloc_at(const char *file, int line, hmo_device *dev, size_t count, hmo_dtype dtype,
                         const void *src);
hmo_memory *mem_reserve_at(const char *file, int line, hmo_device *dev, size_t count,
                           size_t capacity, hmo_dtype dtype);
hmo_memory *mem_wrap_at(const char *file, int line, hmo_device *dev, void *ptr, size_t count,
                        hmo_dtype dtype);
hmo_memory *mem_slice_at(const char *file, int line, hmo_memory *mem, size_t offset, size_t count);
hmo_memory *mem_cast_at(const char *file, int line, hmo_memory *mem, hmo_dtype dtype);
hmo_memory *mem_clone_at(const char *file, int line, const hmo_memory *mem);
hmo_memory *mem_retain_at(const char *file, int line, hmo_memory *mem);
void mem_release_at(const char *file, int line, hmo_memory *mem);

/* ---- data: the pattern of mem_pattern.h, written and checked through hmo copies ---- */

/* Writes the whole memory (hmo_memory_copy_from, HMO_ALL) with the pattern from `first`. */
#define mem_fill(mem, seed, first) mem_fill_at(CONF_HERE, mem, seed, first)
/* Reads the whole memory (hmo_memory_copy_to, HMO_ALL) and compares it with the pattern. */
#define mem_expect(mem, seed, first) mem_expect_at(CONF_HERE, mem, seed, first)
void mem_fill_at(const char *file, int line, hmo_memory *mem, unsigned seed, size_t first);
void mem_expect_at(const char *file, int line, const hmo_memory *mem, unsigned seed, size_t first);

/* Reads `count` int32 elements from `offset` and compares them with `values`. */
#define mem_expect_ints(mem, values, count, offset)                                                \
  mem_expect_ints_at(CONF_HERE, mem, values, count, offset)
void mem_expect_ints_at(const char *file, int line, const hmo_memory *mem, const int32_t *values,
                        size_t count, size_t offset);

#endif /* TEST_HMO_COMMON_H */
