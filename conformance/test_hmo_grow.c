/*
 * test_hmo_grow.c: hmo_memory_reserve and hmo_memory_resize, the growth VMM
 * allows (occa-memory.md 3.3 memory pool, 6 memoryPool.cpp testReserve, 8.1).
 * OCCA's pool grows by allocating anew and copying, so reservations' pointers
 * change. hmo maps or unmaps physical chunks: within the reserved capacity the
 * address stays; past it the same chunks are remapped into a larger range and
 * hmo_memory_moves counts it. Data before the resize point is kept either way.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

#define TIB ((size_t)1 << 40)

/* int32 elements in one granule */
static size_t per_granule(const conf_ctx *ctx) { return ctx->granularity / 4; }

/* ---- negative ---- */

static void memory_reserve_rejects_capacity_below_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 100, 99, HMO_INT32), HMO_EINVAL);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_reserve_rejects_zero_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 0, 100, HMO_INT32), HMO_EINVAL);
}

static void memory_reserve_rejects_null_arguments(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo(hmo_memory_reserve(NULL, dev, 1, 100, HMO_INT32), HMO_EINVAL);
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, NULL, 1, 100, HMO_INT32), HMO_EINVAL);
  mem = NULL;
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 1, 100, NULL), HMO_EINVAL);
}

static void memory_reserve_rejects_capacity_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 1, SIZE_MAX / 2, HMO_INT32), HMO_ERANGE);
  mem = NULL;
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 1, SIZE_MAX, HMO_BYTE), HMO_ERANGE);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_resize_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hmo(hmo_memory_resize(NULL, 10), HMO_EINVAL);
}

static void memory_resize_rejects_zero_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  mem_fill(mem, 50, 0);
  assert_hmo(hmo_memory_resize(mem, 0), HMO_EINVAL);
  assert_int_equal(hmo_memory_length(mem), 10);
  mem_expect(mem, 50, 0);
}

static void memory_resize_rejects_slice(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_reserve(dev, 10, 1000, HMO_INT32);
  hmo_memory *view = mem_slice(mem, 0, HMO_ALL);
  assert_hmo(hmo_memory_resize(view, 20), HMO_EINVAL);
  assert_hmo(hmo_memory_resize(view, 5), HMO_EINVAL);
  assert_int_equal(hmo_memory_length(view), 10);
  assert_int_equal(hmo_memory_length(mem), 10);
}

static void memory_resize_rejects_cast(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_reserve(dev, 10, 1000, HMO_INT32);
  hmo_memory *cast = mem_cast(mem, HMO_BYTE);
  assert_hmo(hmo_memory_resize(cast, 80), HMO_EINVAL);
  assert_int_equal(hmo_memory_length(cast), 40);
  assert_int_equal(hmo_memory_length(mem), 10);
}

static void memory_resize_rejects_wrap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = mem_wrap(dev, block, 512, HMO_INT32);
  assert_hmo(hmo_memory_resize(mem, 1024), HMO_EINVAL);
  assert_hmo(hmo_memory_resize(mem, 256), HMO_EINVAL);
  assert_int_equal(hmo_memory_length(mem), 512);
  assert_ptr_equal(hmo_memory_ptr(mem), block);
}

static void memory_resize_rejects_size_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  mem_fill(mem, 51, 0);
  void *ptr = hmo_memory_ptr(mem);
  assert_hmo(hmo_memory_resize(mem, SIZE_MAX / 2), HMO_ERANGE);
  hmo_memory *bytes = mem_alloc(dev, 10, HMO_BYTE, NULL);
  assert_hmo(hmo_memory_resize(bytes, SIZE_MAX), HMO_ERANGE); /* overflows when rounded */
  assert_int_equal(hmo_memory_length(mem), 10);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_length(bytes), 10);
  mem_expect(mem, 51, 0);
}

static void memory_resize_too_large_is_enomem_and_keeps_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 2 * per, HMO_INT32);
  mem_fill(mem, 52, 0);
  void *ptr = hmo_memory_ptr(mem);
  size_t capacity = hmo_memory_capacity(mem);
  size_t allocated = hmo_device_bytes_allocated(dev);
  assert_hmo(hmo_memory_resize(mem, TIB), HMO_ENOMEM); /* 4 TiB of int32: past any device */
  assert_int_equal(hmo_error_last()->hip_error, hipErrorOutOfMemory);
  assert_int_equal(hmo_memory_length(mem), per);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_capacity(mem), capacity);
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  mem_expect(mem, 52, 0);
  /* and it still grows */
  assert_hmo(hmo_memory_resize(mem, 2 * per), HMO_OK);
  mem_expect(mem_slice(mem, 0, per), 52, 0);
}

static void memory_set_growth_rejects_what_resize_rejects(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  assert_hmo(hmo_memory_set_growth(NULL, HMO_GROWTH_DOUBLE), HMO_EINVAL);
  hmo_memory *mem = mem_reserve(dev, 10, 1000, HMO_INT32);
  assert_hmo(hmo_memory_set_growth(mem, (hmo_growth)2), HMO_EINVAL);
  assert_hmo(hmo_memory_set_growth(mem, (hmo_growth)-1), HMO_EINVAL);
  assert_hmo(hmo_memory_set_growth(mem_slice(mem, 0, HMO_ALL), HMO_GROWTH_DOUBLE), HMO_EINVAL);
  assert_hmo(hmo_memory_set_growth(mem_cast(mem, HMO_BYTE), HMO_GROWTH_DOUBLE), HMO_EINVAL);
  void *block = conf_malloc(ctx, 4096);
  assert_hmo(hmo_memory_set_growth(mem_wrap(dev, block, 512, HMO_INT32), HMO_GROWTH_DOUBLE),
             HMO_EINVAL);
  hmo_pool *pool = mem_pool_create(dev, ctx->granularity);
  hmo_memory *object = mem_pool_alloc(pool, 16, HMO_INT32, NULL);
  assert_hmo(hmo_memory_set_growth(object, HMO_GROWTH_DOUBLE), HMO_EINVAL);
  mem_release(object);
  mem_pool_destroy(pool);
  hmo_memory *freed = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = mem_slice(freed, 0, HMO_ALL);
  assert_hmo(hmo_memory_free(freed), HMO_OK);
  assert_hmo(hmo_memory_set_growth(freed, HMO_GROWTH_DOUBLE), HMO_EFREED);
  mem_release(view);
  /* Refused, nothing changed: the memory still grows exactly. */
  assert_hmo(hmo_memory_resize(mem, 10 + per_granule(ctx)), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 2 * ctx->granularity);
}

static void memory_slice_past_shrunk_end_is_refused(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 4 * per, HMO_INT32);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK);
  mem_fill(mem, 65, 0);
  hmo_memory *view = mem_slice(mem, 2 * per, per);
  assert_hmo(hmo_memory_resize(mem, per), HMO_OK); /* the slice's bytes are unmapped */
  int32_t host[4] = {-1, -1, -1, -1};
  /* out of bounds of the allocation now: refused, never a fault */
  assert_hmo(hmo_memory_copy_to(view, host, 4, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(view, host, 4, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(mem, view, 4, 0, 0), HMO_ERANGE);
  assert_int_equal(host[0], -1);
  mem_expect(mem, 65, 0);
}

static void memory_reserve_capacity_boundary_at_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  hmo_memory *exact = mem_reserve(dev, 100, 100, HMO_INT32);
  assert_int_equal(hmo_memory_length(exact), 100);
  assert_true(hmo_memory_capacity(exact) >= 100);
  assert_hmo_new(&mem, hmo_memory_reserve(&mem, dev, 100, 99, HMO_INT32), HMO_EINVAL);
}

/*
 * Views made before a shrink, one ending exactly at the new end and one a
 * single element past it, inside the same mapped chunk: the bounds are the
 * size asked for, not the granule the chunk was rounded to.
 */
static void memory_view_past_shrunk_end_boundary(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_alloc(dev, 2 * per, HMO_INT32, NULL); /* one chunk of two granules */
  mem_fill(mem, 66, 0);
  hmo_memory *at_end = mem_slice(mem, 8, 2);  /* elements [8, 10) */
  hmo_memory *past = mem_slice(mem, 9, 2);    /* elements [9, 11) */
  hmo_memory *beyond = mem_slice(mem, 10, 1); /* element 10 */
  hmo_memory *other = mem_alloc(dev, 4, HMO_INT32, NULL);
  assert_hmo(hmo_memory_resize(mem, 10), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(2 * per * 4, ctx->granularity) +
                                                        conf_round_up(16, ctx->granularity));
  int32_t host[2] = {-1, -1};
  /* ending exactly at the end: every copy works */
  assert_hmo(hmo_memory_copy_to(at_end, host, HMO_ALL, 0), HMO_OK);
  assert_hmo(hmo_memory_copy_from(at_end, host, HMO_ALL, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(other, at_end, 2, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(at_end, other, 2, 0, 0), HMO_OK);
  hmo_memory *copy = mem_clone(at_end);
  assert_int_equal(hmo_memory_length(copy), 2);
  /* one element past it, or starting at it: refused, whatever the call */
  hmo_memory *views[2] = {past, beyond};
  for (size_t i = 0; i < 2; i++) {
    hmo_memory *view = views[i], *out = NULL;
    assert_hmo(hmo_memory_copy_to(view, host, 1, 0), HMO_ERANGE);
    assert_hmo(hmo_memory_copy_from(view, host, 1, 0), HMO_ERANGE);
    assert_hmo(hmo_memory_copy(other, view, 1, 0, 0), HMO_ERANGE);
    assert_hmo(hmo_memory_copy(view, other, 1, 0, 0), HMO_ERANGE);
    assert_hmo_new(&out, hmo_memory_clone(&out, view), HMO_ERANGE);
  }
  /* what went through at_end and back was its own bytes: the ten elements are as filled */
  unsigned char want[40], got[40];
  mem_pattern(want, 40, 66, 0);
  assert_hmo(hmo_memory_copy_to(mem, got, HMO_ALL, 0), HMO_OK);
  assert_memory_equal(got, want, 40);
}

static void memory_resize_shrink_boundary_at_chunk_end(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 4 * per, HMO_INT32);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK); /* chunks: one granule, then two */
  mem_fill(mem, 67, 0);
  /* one element past the first chunk: the second chunk stays */
  assert_hmo(hmo_memory_resize(mem, per + 1), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 3 * ctx->granularity);
  mem_expect(mem, 67, 0);
  /* exactly the first chunk: the second goes */
  assert_hmo(hmo_memory_resize(mem, per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  mem_expect(mem, 67, 0);
}

static void memory_resize_capacity_boundary_of_odd_dtype(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_dtype vec3 = NULL;
  assert_hmo(hmo_dtype_create(&vec3, "vec3", 12), HMO_OK); /* 12 does not divide a granule */
  hmo_memory *mem = NULL;
  int status = hmo_memory_reserve(&mem, dev, 1, 2 * ctx->granularity / 12, vec3);
  size_t capacity = hmo_memory_capacity(mem);
  void *ptr = hmo_memory_ptr(mem);
  int at_capacity = HMO_EINVAL, past_capacity = HMO_EINVAL;
  size_t moves_at = 99, moves_past = 99;
  void *ptr_at = NULL;
  if (status == HMO_OK) {
    at_capacity = hmo_memory_resize(mem, capacity); /* the last whole element that fits */
    moves_at = hmo_memory_moves(mem);
    ptr_at = hmo_memory_ptr(mem);
    past_capacity = hmo_memory_resize(mem, capacity + 1); /* its bytes run past the range */
    moves_past = hmo_memory_moves(mem);
  }
  size_t length = hmo_memory_length(mem);
  hmo_memory_release(mem);
  hmo_dtype_destroy(vec3); /* before any assertion: nothing typed with it is left */
  assert_hmo(status, HMO_OK);
  assert_int_equal(capacity, conf_round_up(2 * ctx->granularity / 12 * 12, ctx->granularity) / 12);
  assert_hmo(at_capacity, HMO_OK);
  assert_int_equal(moves_at, 0);
  assert_ptr_equal(ptr_at, ptr);
  assert_hmo(past_capacity, HMO_OK);
  assert_int_equal(moves_past, 1);
  assert_int_equal(length, capacity + 1);
}

/* ---- functional ---- */

static void memory_reserve_holds_count_with_capacity(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, 10, 8 * per, HMO_INT32);
  assert_int_equal(hmo_memory_length(mem), 10);
  assert_int_equal(hmo_memory_bytes(mem), 40);
  assert_true(hmo_memory_capacity(mem) >= 8 * per);
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal((uintptr_t)hmo_memory_ptr(mem) % ctx->granularity, 0);
  /* physical memory for the count only, not the capacity */
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  int32_t host[11] = {0};
  assert_hmo(hmo_memory_copy_from(mem, host, 11, 0), HMO_ERANGE); /* bounds are the count */
  mem_fill(mem, 53, 0);
  mem_expect(mem, 53, 0);
}

static void memory_resize_within_capacity_keeps_address(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 4 * per, HMO_INT32);
  mem_fill(mem, 54, 0);
  void *ptr = hmo_memory_ptr(mem);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_length(mem), 3 * per);
  assert_int_equal(hmo_memory_bytes(mem), 3 * ctx->granularity);
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 3 * ctx->granularity);
  hmo_memory *old = mem_slice(mem, 0, per);
  mem_expect(old, 54, 0); /* kept */
  hmo_memory *tail = mem_slice(mem, per, HMO_ALL);
  mem_fill(tail, 55, 0); /* the new part is usable */
  mem_expect(tail, 55, 0);
  mem_expect(old, 54, 0);
}

static void memory_resize_by_elements_within_granule(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  mem_fill(mem, 56, 0);
  void *ptr = hmo_memory_ptr(mem);
  assert_hmo(hmo_memory_resize(mem, 11), HMO_OK);
  assert_int_equal(hmo_memory_length(mem), 11);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  int32_t value = 99;
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 10), HMO_OK);
  mem_expect_ints(mem, &value, 1, 10);
  assert_hmo(hmo_memory_resize(mem, 5), HMO_OK);
  assert_int_equal(hmo_memory_length(mem), 5);
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 5), HMO_ERANGE);
  mem_expect(mem, 56, 0);
}

static void memory_resize_shrink_keeps_address_and_data(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_alloc(dev, 3 * per, HMO_INT32, NULL);
  mem_fill(mem, 57, 0);
  void *ptr = hmo_memory_ptr(mem);
  assert_hmo(hmo_memory_resize(mem, per + 1), HMO_OK);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_length(mem), per + 1);
  assert_int_equal(hmo_memory_moves(mem), 0);
  size_t allocated = hmo_device_bytes_allocated(dev);
  assert_true(allocated <= 3 * ctx->granularity);
  assert_true(allocated >= 2 * ctx->granularity);
  mem_expect(mem, 57, 0);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK); /* grow back */
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  mem_expect(mem_slice(mem, 0, per + 1), 57, 0);
}

static void memory_resize_shrink_releases_growth_chunks(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 8 * per, HMO_INT32);
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 3 * ctx->granularity);
  assert_hmo(hmo_memory_resize(mem, 6 * per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 6 * ctx->granularity);
  assert_hmo(hmo_memory_resize(mem, per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), ctx->granularity);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_resize_past_capacity_moves(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_alloc(dev, per, HMO_INT32, NULL);
  mem_fill(mem, 58, 0);
  void *ptr = hmo_memory_ptr(mem);
  size_t capacity = hmo_memory_capacity(mem);
  assert_true(capacity >= per);
  assert_hmo(hmo_memory_resize(mem, capacity + 2 * per), HMO_OK);
  assert_ptr_not_equal(hmo_memory_ptr(mem), ptr);
  assert_non_null(hmo_memory_ptr(mem));
  assert_int_equal(hmo_memory_moves(mem), 1);
  assert_int_equal(hmo_memory_length(mem), capacity + 2 * per);
  assert_true(hmo_memory_capacity(mem) >= capacity + 2 * per);
  assert_true(hmo_memory_capacity(mem) >= 2 * capacity); /* at least double */
  assert_int_equal(hmo_device_bytes_allocated(dev),
                   conf_round_up((capacity + 2 * per) * 4, ctx->granularity));
  mem_expect(mem_slice(mem, 0, per), 58, 0);
  hmo_memory *tail = mem_slice(mem, per, HMO_ALL);
  mem_fill(tail, 59, 0);
  mem_expect(tail, 59, 0);
}

static void memory_resize_counts_each_move(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_reserve(dev, per, 2 * per, HMO_INT32);
  mem_fill(mem, 60, 0);
  void *ptr = hmo_memory_ptr(mem);
  assert_hmo(hmo_memory_resize(mem, hmo_memory_capacity(mem)), HMO_OK); /* fills, no move */
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  for (size_t move = 1; move <= 3; move++) {
    size_t capacity = hmo_memory_capacity(mem);
    assert_hmo(hmo_memory_resize(mem, capacity + 1), HMO_OK);
    assert_int_equal(hmo_memory_moves(mem), move);
    assert_true(hmo_memory_capacity(mem) >= 2 * capacity);
    /* within the new capacity: no move */
    void *moved = hmo_memory_ptr(mem);
    assert_hmo(hmo_memory_resize(mem, hmo_memory_capacity(mem)), HMO_OK);
    assert_ptr_equal(hmo_memory_ptr(mem), moved);
    assert_int_equal(hmo_memory_moves(mem), move);
  }
  mem_expect(mem_slice(mem, 0, per), 60, 0);
}

static void memory_resize_slice_follows_move(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_alloc(dev, 2 * per, HMO_INT32, NULL);
  mem_fill(mem, 61, 0);
  hmo_memory *view = mem_slice(mem, per, 10);
  hmo_memory *cast = mem_cast(view, HMO_BYTE);
  assert_hmo(hmo_memory_resize(mem, 3 * hmo_memory_capacity(mem)), HMO_OK);
  assert_int_equal(hmo_memory_moves(mem), 1);
  assert_ptr_equal(hmo_memory_ptr(view), (char *)hmo_memory_ptr(mem) + per * 4);
  assert_ptr_equal(hmo_memory_ptr(cast), hmo_memory_ptr(view));
  assert_int_equal(hmo_memory_length(view), 10);
  mem_expect(view, 61, per * 4);
  mem_expect(cast, 61, per * 4);
}

static void memory_resize_clone(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx);
  hmo_memory *mem = mem_alloc(dev, per, HMO_INT32, NULL);
  mem_fill(mem, 62, 0);
  hmo_memory *copy = mem_clone(mem);
  assert_hmo(hmo_memory_resize(copy, 4 * per), HMO_OK);
  assert_int_equal(hmo_memory_length(copy), 4 * per);
  assert_int_equal(hmo_memory_length(mem), per);
  mem_expect(mem_slice(copy, 0, per), 62, 0);
}

static void memory_resize_grows_large_in_place(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t mib = (size_t)1 << 20;
  hmo_memory *mem = mem_reserve(dev, 16, 1024 * mib, HMO_BYTE); /* 1 GiB of address space */
  mem_fill(mem, 63, 0);
  void *ptr = hmo_memory_ptr(mem);
  for (size_t count = mib; count <= 8 * mib; count *= 2) {
    assert_hmo(hmo_memory_resize(mem, count), HMO_OK);
    assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  }
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 8 * mib);
  mem_expect(mem_slice(mem, 0, 16), 63, 0);
  hmo_memory *last = mem_slice(mem, 8 * mib - 4096, HMO_ALL);
  mem_fill(last, 64, 0);
  mem_expect(last, 64, 0);
}

/* HMO_GROWTH_DOUBLE: a resize that must map maps as much again as is mapped, within the
   reservation; the count, views and data are the same as with exact growth. */
static void memory_resize_doubling_maps_ahead(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx), granule = ctx->granularity;
  hmo_memory *mem = mem_reserve(dev, per, 48 * per, HMO_INT32);
  assert_hmo(hmo_memory_set_growth(mem, HMO_GROWTH_DOUBLE), HMO_OK);
  mem_fill(mem, 70, 0);
  void *ptr = hmo_memory_ptr(mem);
  /* granules asked for -> granules mapped: 1 2 4 4 8 8 8 8 16 ... then capped at 48 */
  static const size_t asked[] = {2, 3, 4, 5, 9, 16, 17, 33, 48};
  static const size_t mapped[] = {2, 4, 4, 8, 16, 16, 32, 48, 48};
  for (size_t i = 0; i < sizeof asked / sizeof *asked; i++) {
    assert_hmo(hmo_memory_resize(mem, asked[i] * per), HMO_OK);
    assert_int_equal(hmo_memory_length(mem), asked[i] * per);
    assert_int_equal(hmo_device_bytes_allocated(dev), mapped[i] * granule);
    assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  }
  mem_expect(mem_slice(mem, 0, per), 70, 0);
  hmo_memory *tail = mem_slice(mem, 47 * per, HMO_ALL);
  mem_fill(tail, 71, 0);
  mem_expect(tail, 71, 0);
  hmo_memory *past;
  assert_hmo(hmo_memory_slice(&past, mem, 48 * per, 1), HMO_ERANGE);
  /* Shrinking unmaps whole trailing chunks: 16 granules asked keep 1+1+2+4+8+16+16. */
  assert_hmo(hmo_memory_resize(mem, 16 * per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 16 * granule);
  assert_hmo(hmo_memory_resize(mem, per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), granule);
  mem_expect(mem, 70, 0);
  assert_hmo(hmo_memory_set_growth(mem, HMO_GROWTH_EXACT), HMO_OK);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK);
  assert_int_equal(hmo_device_bytes_allocated(dev), 3 * granule);
  assert_int_equal(hmo_memory_moves(mem), 0);
}

/* Past the reservation, doubling maps ahead in the larger range too. */
static void memory_resize_doubling_past_capacity(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = per_granule(ctx), granule = ctx->granularity;
  hmo_memory *mem = mem_reserve(dev, 2 * per, 2 * per, HMO_INT32);
  assert_hmo(hmo_memory_set_growth(mem, HMO_GROWTH_DOUBLE), HMO_OK);
  mem_fill(mem, 72, 0);
  assert_hmo(hmo_memory_resize(mem, 3 * per), HMO_OK); /* a 4-granule range: 2 more mapped */
  assert_int_equal(hmo_memory_moves(mem), 1);
  assert_int_equal(hmo_device_bytes_allocated(dev), 4 * granule);
  assert_int_equal(hmo_memory_length(mem), 3 * per);
  mem_expect(mem_slice(mem, 0, 2 * per), 72, 0);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_reserve_rejects_capacity_below_count, "issue: hmo (hmo_memory_reserve Errors)"),
    MEM_RULE(memory_reserve_rejects_zero_count, "issue: hmo (count 0: HMO_EINVAL)"),
    MEM_RULE(memory_reserve_rejects_null_arguments, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_reserve_rejects_capacity_overflow, "issue: hmo (size overflows: HMO_ERANGE)"),
    MEM_RULE(memory_resize_rejects_null, "issue: hmo (hmo_memory_resize Errors)"),
    MEM_RULE(memory_resize_rejects_zero_count, "issue: hmo (hmo_memory_resize Errors)"),
    MEM_RULE(memory_resize_rejects_slice, "issue: hmo (resize on the whole allocation only)"),
    MEM_RULE(memory_resize_rejects_cast, "issue: hmo (resize on the whole allocation only)"),
    MEM_RULE(memory_resize_rejects_wrap, "occa 3.1 wrapMemory; issue: hmo (not a wrap)"),
    MEM_RULE(memory_resize_rejects_size_overflow, "issue: hmo (size overflows: HMO_ERANGE)"),
    MEM_RULE(memory_set_growth_rejects_what_resize_rejects,
             "issue: hmo on real GPUs (growth: hmo_memory_set_growth Errors)"),
    MEM_RULE(memory_resize_too_large_is_enomem_and_keeps_memory,
             "issue: hmo (a failure leaves the buffer as it was)"),
    MEM_RULE(memory_slice_past_shrunk_end_is_refused,
             "occa 1 (views dangled before #490); issue: hmo (never a crash; HMO_ERANGE)"),
    MEM_RULE(memory_reserve_capacity_boundary_at_count,
             "issue: hmo (capacity equal to count vs one below)"),
    MEM_RULE(memory_view_past_shrunk_end_boundary,
             "occa 8.3 (requested size); issue: hmo (the size asked for, not the granule)"),
    MEM_RULE(memory_resize_shrink_boundary_at_chunk_end,
             "issue: hmo (unmaps whole trailing chunks: exact chunk end vs one element more)"),
    MEM_RULE(memory_resize_capacity_boundary_of_odd_dtype,
             "occa 6 testReserve; issue: hmo (exactly the capacity in place vs one more: move)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_reserve_holds_count_with_capacity,
             "occa 6 memoryPool.cpp testReserve; occa 8.1 (grow in place)"),
    MEM_RULE(memory_resize_within_capacity_keeps_address,
             "occa 3.3 memory pool (pointers change on resize); occa 8.1; issue: hmo"),
    MEM_RULE(memory_resize_by_elements_within_granule, "occa 8.3 (requested size); issue: hmo"),
    MEM_RULE(memory_resize_shrink_keeps_address_and_data,
             "occa 6 testReserve (resize(reserved()) shrinks, data survives)"),
    MEM_RULE(memory_resize_shrink_releases_growth_chunks,
             "occa 6 testReserve (allocated drops); issue: hmo (unmaps whole trailing chunks)"),
    MEM_RULE(
        memory_resize_past_capacity_moves,
        "occa 6 testReserve (data survives each move); issue: hmo (moves + 1, at least double)"),
    MEM_RULE(memory_resize_counts_each_move, "occa #748; issue: hmo (hmo_memory_moves)"),
    MEM_RULE(memory_resize_slice_follows_move, "occa 3.3 memory pool (setPtr on move); issue: hmo"),
    MEM_RULE(memory_resize_clone, "issue: hmo (clone is a whole allocation)"),
    MEM_RULE(memory_resize_grows_large_in_place, "occa #748; issue: hmo (grows without copying)"),
    MEM_RULE(memory_resize_doubling_maps_ahead,
             "issue: hmo on real GPUs (growth at the hardware's speed: larger steps)"),
    MEM_RULE(memory_resize_doubling_past_capacity,
             "issue: hmo on real GPUs (doubling past the reservation)"),
};

const conf_group conf_group_hmo_grow_negative = CONF_GROUP("hmo_grow_negative", negative_rules);
const conf_group conf_group_hmo_grow = CONF_GROUP("hmo_grow", functional_rules);
