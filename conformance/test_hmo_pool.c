/*
 * test_hmo_pool.c: hmo pools (issue: hmo; occa-memory.md 3.3 memory pool,
 * whose reserve() reallocates and copies, moving every object). A pool object
 * is an ordinary memory that never moves: 256-byte aligned, its bytes its own,
 * its range reused once freed; the pool maps physical memory as objects need
 * it, gives wholly free segments back on trim, refuses to be destroyed while
 * objects live, and refuses resize, protect and export on its objects (they
 * share granules). Data moves by hmo copies only, so the rules mean the same
 * on the mock and on ROCm. Pools and their objects go through the common
 * helpers (mem_pool_create, mem_pool_alloc), whose teardown releases the
 * objects, destroys the pools, then closes the devices.
 */
#include "test_hmo_common.h"

#include <stdint.h>
#include <string.h>

static uintptr_t address(const hmo_memory *mem) { return (uintptr_t)hmo_memory_ptr(mem); }

/* ---- negative ---- */

static void memory_pool_create_rejects_bad_arguments(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = NULL;
  assert_hmo(hmo_pool_create(NULL, dev, 1), HMO_EINVAL);
  assert_hmo(hmo_pool_create(&pool, NULL, 1), HMO_EINVAL);
  assert_hmo(hmo_pool_create(&pool, dev, 0), HMO_EINVAL);
  assert_hmo(hmo_pool_create(&pool, dev, SIZE_MAX), HMO_ERANGE);
  assert_null(pool);
}

static void memory_pool_alloc_rejects_bad_arguments(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  hmo_memory *mem = NULL;
  assert_hmo(hmo_pool_alloc(NULL, pool, 1, HMO_INT32, NULL), HMO_EINVAL);
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, NULL, 1, HMO_INT32, NULL), HMO_EINVAL);
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, pool, 1, NULL, NULL), HMO_EINVAL);
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, pool, 0, HMO_INT32, NULL), HMO_EINVAL);
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, pool, SIZE_MAX, HMO_INT32, NULL), HMO_ERANGE);
  assert_null(mem);
  assert_int_equal(hmo_pool_objects(pool), 0);
}

static void memory_pool_alloc_past_capacity_is_enomem(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), ctx->granularity);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, pool, ctx->granularity + 1, HMO_BYTE, NULL),
                 HMO_ENOMEM);
  hmo_memory *most = mem_pool_alloc(pool, ctx->granularity - 256, HMO_BYTE, NULL);
  assert_hmo_new(&mem, hmo_pool_alloc(&mem, pool, 512, HMO_BYTE, NULL), HMO_ENOMEM);
  assert_int_equal(hmo_pool_objects(pool), 1);
  hmo_memory *last = mem_pool_alloc(pool, 256, HMO_BYTE, NULL); /* exactly what is left */
  assert_true(address(last) >= address(most) + ctx->granularity - 256);
}

static void memory_pool_destroy_while_objects_live_is_ebusy(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = mem_pool_create(dev, 1);
  hmo_memory *mem = mem_pool_alloc(pool, 10, HMO_INT32, NULL);
  assert_hmo(hmo_pool_destroy(pool), HMO_EBUSY);
  assert_hmo(hmo_device_close(dev), HMO_EBUSY);
  assert_true(hmo_memory_is_valid(mem)); /* nothing changed */
  mem_release(mem);
  mem_pool_destroy(pool);
}

static void memory_pool_object_refuses_resize_protect_and_export(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  hmo_memory *mem = mem_pool_alloc(pool, 64, HMO_INT32, NULL);
  mem_fill(mem, 3, 0);
  assert_hmo(hmo_memory_resize(mem, 128), HMO_EINVAL);
  assert_non_null(strstr(hmo_error_last()->message, "pool"));
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_EINVAL);
  int fd = -1;
  assert_hmo(hmo_memory_export(mem, &fd), HMO_EINVAL);
  assert_non_null(strstr(hmo_error_last()->message, "pool object"));
  assert_int_equal(fd, -1);
  assert_int_equal(hmo_memory_length(mem), 64);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READWRITE);
  mem_expect(mem, 3, 0);
}

static void memory_pool_freed_object_is_efreed(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  hmo_memory *mem = mem_pool_alloc(pool, 64, HMO_INT32, NULL);
  hmo_memory *slice = mem_slice(mem, 8, 8);
  assert_hmo(hmo_memory_free(mem), HMO_OK);
  assert_int_equal(hmo_pool_objects(pool), 0);
  int32_t host[8] = {0};
  assert_hmo(hmo_memory_copy_to(slice, host, 8, 0), HMO_EFREED);
  assert_hmo(hmo_memory_free(slice), HMO_EFREED);
  assert_false(hmo_memory_is_valid(mem));
}

/* ---- functional ---- */

static void memory_pool_objects_are_aligned_and_disjoint(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 8 << 20);
  static const size_t counts[] = {1, 3, 100, 255, 256, 257, 4000, 70000};
  hmo_memory *mem[8];
  for (size_t i = 0; i < 8; i++) {
    mem[i] = mem_pool_alloc(pool, counts[i], HMO_BYTE, NULL);
    assert_int_equal(address(mem[i]) % 256, 0);
    assert_int_equal(hmo_memory_bytes(mem[i]), counts[i]);
    mem_fill(mem[i], (unsigned)i + 1, 0);
  }
  for (size_t i = 0; i < 8; i++)
    for (size_t j = 0; j < 8; j++)
      assert_true(i == j || address(mem[i]) + counts[i] <= address(mem[j]) ||
                  address(mem[j]) + counts[j] <= address(mem[i]));
  for (size_t i = 0; i < 8; i++)
    mem_expect(mem[i], (unsigned)i + 1, 0); /* no write reached a neighbour */
  assert_int_equal(hmo_pool_objects(pool), 8);
}

static void memory_pool_alloc_copies_src_in(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  int32_t values[16];
  for (int32_t i = 0; i < 16; i++)
    values[i] = 100 - i;
  hmo_memory *mem = mem_pool_alloc(pool, 16, HMO_INT32, values);
  mem_expect_ints(mem, values, 16, 0);
}

static void memory_pool_reuses_freed_range(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  hmo_memory *a = mem_pool_alloc(pool, 4096, HMO_BYTE, NULL);
  uintptr_t where = address(a);
  mem_release(a);
  assert_int_equal(hmo_pool_bytes_in_use(pool), 0);
  hmo_memory *b = mem_pool_alloc(pool, 4096, HMO_BYTE, NULL);
  assert_int_equal(address(b), where);
}

static void memory_pool_queries_count_objects_and_bytes(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = mem_pool_create(dev, 1000);
  assert_int_equal(hmo_pool_capacity(pool), ctx->granularity);
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  mem_pool_alloc(pool, 1, HMO_BYTE, NULL);
  mem_pool_alloc(pool, 300, HMO_BYTE, NULL);
  assert_int_equal(hmo_pool_objects(pool), 2);
  assert_int_equal(hmo_pool_bytes_in_use(pool), 256 + 512);
  assert_int_equal(hmo_pool_bytes_mapped(pool), ctx->granularity);
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  assert_int_equal(hmo_pool_capacity(NULL), 0);
  assert_int_equal(hmo_pool_objects(NULL), 0);
}

static void memory_pool_trim_releases_only_free_segments(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = mem_pool_create(dev, 64 << 20);
  hmo_memory *kept = mem_pool_alloc(pool, 1000, HMO_BYTE, NULL);
  mem_fill(kept, 9, 0);
  size_t one = hmo_pool_bytes_mapped(pool);
  hmo_memory *big = mem_pool_alloc(pool, 20 << 20, HMO_BYTE, NULL); /* reaches further segments */
  assert_true(hmo_pool_bytes_mapped(pool) > one);
  mem_release(big);
  assert_true(hmo_pool_bytes_mapped(pool) > one); /* kept warm until a trim */
  assert_hmo(hmo_pool_trim(pool), HMO_OK);
  assert_int_equal(hmo_pool_bytes_mapped(pool), one);
  assert_int_equal(hmo_device_bytes_allocated(dev), one);
  mem_expect(kept, 9, 0);
  mem_release(kept);
  assert_hmo(hmo_pool_trim(pool), HMO_OK);
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  assert_hmo(hmo_pool_trim(NULL), HMO_OK);
}

static void memory_pool_clone_stays_in_pool(void **state) {
  (void)conf_begin(state);
  hmo_pool *pool = mem_pool_create(mem_open(0), 1);
  hmo_memory *mem = mem_pool_alloc(pool, 256, HMO_INT32, NULL);
  mem_fill(mem, 5, 0);
  hmo_memory *copy = mem_clone(mem);
  assert_int_equal(hmo_pool_objects(pool), 2);
  mem_expect(copy, 5, 0);
  hmo_memory *slice = mem_slice(mem, 16, 16);
  hmo_memory *slice_copy = mem_clone(slice);
  assert_int_equal(hmo_pool_objects(pool), 3);
  mem_expect(slice_copy, 5, 64);
}

static void memory_pool_destroy_after_release(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = mem_pool_create(dev, 4 << 20);
  mem_release(mem_pool_alloc(pool, 1 << 20, HMO_BYTE, NULL));
  mem_pool_destroy(pool);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  assert_hmo(hmo_pool_destroy(NULL), HMO_OK);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_pool_create_rejects_bad_arguments, "issue: hmo (hmo_pool_create Errors)"),
    MEM_RULE(memory_pool_alloc_rejects_bad_arguments, "issue: hmo (hmo_pool_alloc Errors)"),
    MEM_RULE(memory_pool_alloc_past_capacity_is_enomem,
             "occa 3.3 memory pool (reserve grows by copying); issue: hmo (objects never move: "
             "a full pool is HMO_ENOMEM)"),
    MEM_RULE(memory_pool_destroy_while_objects_live_is_ebusy,
             "issue: hmo (hmo_pool_destroy Errors)"),
    MEM_RULE(memory_pool_object_refuses_resize_protect_and_export,
             "issue: hmo (pool objects share granules with their neighbours)"),
    MEM_RULE(memory_pool_freed_object_is_efreed,
             "occa 2.1 free(); issue: hmo (views answer EFREED)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_pool_objects_are_aligned_and_disjoint,
             "issue: hmo (256-byte aligned, disjoint)"),
    MEM_RULE(memory_pool_alloc_copies_src_in, "occa 2.1 malloc(src); issue: hmo"),
    MEM_RULE(memory_pool_reuses_freed_range,
             "occa 3.3 memory pool; issue: hmo (freed ranges reused)"),
    MEM_RULE(memory_pool_queries_count_objects_and_bytes, "issue: hmo (hmo_pool queries)"),
    MEM_RULE(memory_pool_trim_releases_only_free_segments, "issue: hmo (hmo_pool_trim)"),
    MEM_RULE(memory_pool_clone_stays_in_pool,
             "occa 2.3 clone; issue: hmo (a clone of a pool object)"),
    MEM_RULE(memory_pool_destroy_after_release, "issue: hmo (hmo_pool_destroy)"),
};

const conf_group conf_group_hmo_pool_negative = CONF_GROUP("hmo_pool_negative", negative_rules);
const conf_group conf_group_hmo_pool = CONF_GROUP("hmo_pool", functional_rules);
