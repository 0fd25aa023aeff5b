/*
 * test_hmo_alloc.c: hmo devices, dtypes, statuses, hmo_memory_alloc and
 * hmo_memory_wrap (occa-memory.md 3.1 malloc/wrapMemory, 4.3, 5, 6 testMalloc,
 * testWrapMemory, testMemoryMethods). Where OCCA returns an empty handle for
 * 0 elements or divides by a 0-byte dtype, hmo answers HMO_EINVAL (issue: hmo).
 */
#include "test_hmo_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TIB ((size_t)1 << 40)

/* ---- negative ---- */

static void memory_device_open_rejects_null_out(void **state) {
  (void)conf_begin(state);
  assert_hmo(hmo_device_open(NULL, 0), HMO_EINVAL);
}

static void memory_device_open_rejects_negative_index(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = NULL;
  int status = hmo_device_open(&dev, -1);
  if (status == HMO_OK)
    (void)hmo_device_close(dev);
  assert_hmo(status, HMO_EDEVICE);
}

static void memory_device_open_rejects_index_past_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = NULL;
  int status = hmo_device_open(&dev, ctx->device_count);
  if (status == HMO_OK)
    (void)hmo_device_close(dev);
  assert_hmo(status, HMO_EDEVICE);
}

static void memory_device_open_boundary_at_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(ctx->device_count - 1);
  assert_int_equal(hmo_device_hip_id(dev), ctx->device_count - 1);
  hmo_device *none = NULL;
  int status = hmo_device_open(&none, ctx->device_count);
  if (status == HMO_OK)
    (void)hmo_device_close(none);
  assert_hmo(status, HMO_EDEVICE);
}

static void memory_wrap_byte_size_boundary(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = NULL;
  /* count * 8 is the largest multiple of 8 a size_t holds: hmo takes the caller's word */
  hmo_memory *huge = mem_wrap(dev, block, SIZE_MAX / 8, HMO_INT64);
  assert_int_equal(hmo_memory_length(huge), SIZE_MAX / 8);
  assert_int_equal(hmo_memory_bytes(huge), SIZE_MAX / 8 * 8);
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, dev, block, SIZE_MAX / 8 + 1, HMO_INT64), HMO_ERANGE);
}

/* hmo_device_close(dev) must answer HMO_EBUSY naming `live` memories. */
#define expect_busy(dev, live) expect_busy_at(CONF_HERE, dev, live)
static void expect_busy_at(const char *file, int line, hmo_device *dev, size_t live) {
  mem_assert_status_at(file, line, hmo_device_close(dev), HMO_EBUSY, "hmo_device_close(dev)");
  char count[64];
  snprintf(count, sizeof count, "%zu %s", live, live == 1 ? "memory" : "memories");
  const char *message = hmo_error_last()->message;
  if (strstr(message, "hmo_device_close") != message || strstr(message, count) == NULL)
    conf_fail_at(file, line, "hmo_device_close's message \"%s\" does not say \"%s\"", message,
                 count);
}

static void memory_device_close_with_live_memory_is_ebusy(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, NULL);
  expect_busy(dev, 1);
  /* nothing changed: the memory and the device still work */
  mem_fill(mem, 4, 0);
  mem_expect(mem, 4, 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(64, ctx->granularity));
  hmo_memory *other = mem_alloc(dev, 16, HMO_INT32, NULL);
  mem_fill(other, 5, 0);
  mem_expect(other, 5, 0);
  expect_busy(dev, 2);
  mem_expect(mem, 4, 0);
  mem_release(other);
  mem_release(mem);
  mem_close(dev);
}

static void memory_device_close_counts_every_kind_of_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *made[6];
  made[0] = mem_alloc(dev, 16, HMO_INT32, NULL);
  made[1] = mem_reserve(dev, 16, 1024, HMO_INT32);
  made[2] = mem_wrap(dev, block, 1024, HMO_INT32);
  made[3] = mem_clone(made[0]);
  made[4] = mem_slice(made[1], 4, 8);
  made[5] = mem_cast(made[2], HMO_BYTE);
  mem_retain(made[0]); /* one more reference, not one more memory */
  expect_busy(dev, 6);
  mem_release(made[0]);
  expect_busy(dev, 6);
  for (size_t i = 0; i < 6; i++) {
    mem_release(made[i]);
    if (i < 5)
      expect_busy(dev, 5 - i);
  }
  mem_close(dev);
}

static void memory_device_close_counts_views_keeping_allocation(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, NULL);
  mem_fill(mem, 6, 0);
  hmo_memory *view = mem_slice(mem, 8, HMO_ALL);
  mem_release(mem); /* the view keeps the allocation alive */
  expect_busy(dev, 1);
  mem_expect(view, 6, 32);
  mem_release(view);
  mem_close(dev);
}

static void memory_device_close_counts_views_of_freed_allocation(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, NULL);
  hmo_memory *view = mem_slice(mem, 8, HMO_ALL);
  hmo_memory *cast = mem_cast(mem, HMO_BYTE);
  assert_hmo(hmo_memory_free(view), HMO_OK);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  /* freed, but each view still needs its release */
  expect_busy(dev, 2);
  mem_release(view);
  expect_busy(dev, 1);
  mem_release(cast);
  mem_close(dev);
}

static void memory_alloc_rejects_zero_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, 0, HMO_INT32, NULL), HMO_EINVAL);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_rejects_null_out(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  assert_hmo(hmo_memory_alloc(NULL, dev, 10, HMO_INT32, NULL), HMO_EINVAL);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_rejects_null_device(void **state) {
  (void)conf_begin(state);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, NULL, 10, HMO_INT32, NULL), HMO_EINVAL);
}

static void memory_alloc_rejects_null_dtype(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, 10, NULL, NULL), HMO_EINVAL);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_rejects_byte_size_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  /* count * 4 does not fit a size_t */
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, SIZE_MAX / 2, HMO_INT32, NULL), HMO_ERANGE);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_rejects_rounding_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  /* SIZE_MAX bytes fit a size_t; rounded up to the granularity they do not */
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, SIZE_MAX, HMO_BYTE, NULL), HMO_ERANGE);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_too_large_is_enomem_and_unwinds(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  /* More than any device holds: reserve may work, create cannot; the teardown
     checks that nothing of the attempt is left in the backend. */
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, 4 * TIB, HMO_BYTE, NULL), HMO_ENOMEM);
  assert_int_equal(hmo_error_last()->hip_error, hipErrorOutOfMemory);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_wrap_rejects_null_pointer(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, dev, NULL, 16, HMO_INT32), HMO_EINVAL);
}

static void memory_wrap_rejects_zero_count(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, dev, block, 0, HMO_INT32), HMO_EINVAL);
}

static void memory_wrap_rejects_null_out(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  assert_hmo(hmo_memory_wrap(NULL, dev, block, 16, HMO_INT32), HMO_EINVAL);
}

static void memory_wrap_rejects_null_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, NULL, block, 16, HMO_INT32), HMO_EINVAL);
}

static void memory_wrap_rejects_null_dtype(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, dev, block, 16, NULL), HMO_EINVAL);
}

static void memory_wrap_rejects_byte_size_overflow(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_wrap(&mem, dev, block, SIZE_MAX / 4, HMO_INT64), HMO_ERANGE);
}

static void memory_dtype_create_rejects_zero_bytes(void **state) {
  (void)conf_begin(state);
  hmo_dtype dtype = NULL;
  int status = hmo_dtype_create(&dtype, "empty", 0);
  if (status == HMO_OK)
    hmo_dtype_destroy(dtype);
  assert_hmo(status, HMO_EINVAL);
}

static void memory_dtype_create_rejects_null_name(void **state) {
  (void)conf_begin(state);
  hmo_dtype dtype = NULL;
  int status = hmo_dtype_create(&dtype, NULL, 4);
  if (status == HMO_OK)
    hmo_dtype_destroy(dtype);
  assert_hmo(status, HMO_EINVAL);
}

static void memory_dtype_create_rejects_empty_name(void **state) {
  (void)conf_begin(state);
  hmo_dtype dtype = NULL;
  int status = hmo_dtype_create(&dtype, "", 4);
  if (status == HMO_OK)
    hmo_dtype_destroy(dtype);
  assert_hmo(status, HMO_EINVAL);
}

static void memory_dtype_create_rejects_null_out(void **state) {
  (void)conf_begin(state);
  assert_hmo(hmo_dtype_create(NULL, "vec3", 12), HMO_EINVAL);
}

/* ---- functional ---- */

static void memory_device_open_and_close(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  assert_int_equal(hmo_device_hip_id(dev), 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  mem_close(dev);
}

static void memory_device_open_second_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hmo_device *dev1 = mem_open(1);
  hmo_device *dev0 = mem_open(0);
  assert_int_equal(hmo_device_hip_id(dev1), 1);
  assert_int_equal(hmo_device_hip_id(dev0), 0);
  hmo_memory *mem = mem_alloc(dev1, 100, HMO_INT32, NULL);
  assert_ptr_equal(hmo_memory_device(mem), dev1);
  assert_int_equal(hmo_device_bytes_allocated(dev1), conf_round_up(400, ctx->granularity));
  assert_int_equal(hmo_device_bytes_allocated(dev0), 0);
  mem_fill(mem, 1, 0);
  mem_expect(mem, 1, 0);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev1), 0);
}

static void memory_device_queries_take_null(void **state) {
  (void)conf_begin(state);
  assert_int_equal(hmo_device_bytes_allocated(NULL), 0);
  assert_int_equal(hmo_device_hip_id(NULL), -1);
  assert_hmo(hmo_device_close(NULL), HMO_OK);
}

static void memory_alloc_answers_queries(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  assert_int_equal(hmo_memory_length(mem), 10);
  assert_int_equal(hmo_memory_bytes(mem), 40);
  assert_ptr_equal(hmo_memory_dtype(mem), HMO_INT32);
  assert_non_null(hmo_memory_ptr(mem));
  assert_ptr_equal(hmo_memory_ptr(mem), hmo_memory_ptr(mem));
  assert_int_equal(hmo_memory_offset(mem), 0);
  assert_ptr_equal(hmo_memory_device(mem), dev);
  assert_true(hmo_memory_is_valid(mem));
  assert_true(hmo_memory_capacity(mem) >= 10);
  assert_int_equal(hmo_memory_moves(mem), 0);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READWRITE);
}

static void memory_alloc_ptr_is_granularity_aligned(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 3, HMO_DOUBLE, NULL);
  assert_int_equal((uintptr_t)hmo_memory_ptr(mem) % ctx->granularity, 0);
}

static void memory_alloc_copies_source(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t host[256];
  for (int i = 0; i < 256; i++)
    host[i] = 1000 + i;
  hmo_memory *mem = mem_alloc(dev, 256, HMO_INT32, host);
  assert_ptr_not_equal(hmo_memory_ptr(mem), host);
  mem_expect_ints(mem, host, 256, 0);
}

static void memory_alloc_of_several_granules(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t bytes = 3 * ctx->granularity + 4;
  hmo_memory *mem = mem_alloc(dev, bytes / 4, HMO_INT32, NULL);
  assert_int_equal(hmo_memory_bytes(mem), bytes);
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(bytes, ctx->granularity));
  mem_fill(mem, 2, 0);
  mem_expect(mem, 2, 0);
}

static void memory_alloc_counts_bytes_allocated(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t each = conf_round_up(40, ctx->granularity);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  hmo_memory *first = mem_alloc(dev, 10, HMO_FLOAT, NULL);
  assert_int_equal(hmo_device_bytes_allocated(dev), each);
  hmo_memory *second = mem_alloc(dev, 40, HMO_BYTE, NULL);
  assert_int_equal(hmo_device_bytes_allocated(dev), 2 * each);
  mem_release(first);
  assert_int_equal(hmo_device_bytes_allocated(dev), each);
  mem_release(second);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_alloc_keeps_requested_size(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 3, HMO_INT16, NULL);
  assert_int_equal(hmo_memory_bytes(mem), 6);
  assert_int_equal(hmo_memory_length(mem), 3);
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(6, ctx->granularity));
  int16_t host[4] = {1, 2, 3, 4};
  assert_hmo(hmo_memory_copy_from(mem, host, 4, 0), HMO_ERANGE);
}

static void memory_wrap_hipmalloc_pointer(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  conf_fill(block, 4096, 31);
  hmo_memory *mem = mem_wrap(dev, block, 1024, HMO_INT32);
  assert_ptr_equal(hmo_memory_ptr(mem), block);
  assert_int_equal(hmo_memory_length(mem), 1024);
  assert_int_equal(hmo_memory_bytes(mem), 4096);
  assert_true(hmo_memory_is_valid(mem));
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  uint32_t *host = malloc(4096);
  assert_non_null(host);
  int status = hmo_memory_copy_to(mem, host, HMO_ALL, 0);
  size_t bad = conf_pattern_mismatch(host, 4096, 31);
  free(host);
  assert_hmo(status, HMO_OK);
  assert_int_equal(bad, 4096);
  mem_release(mem);
  /* the pointer is not hmo's: it is still there (and the teardown's hipFree works) */
  conf_expect_data(block, 4096, 31);
}

static void memory_wrap_vmm_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  hmo_memory *mem = mem_wrap(dev, ptr, ctx->size_mem / 8, HMO_UINT64);
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
  assert_int_equal(hmo_memory_bytes(mem), ctx->size_mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  uint32_t *host = malloc(ctx->size_mem);
  assert_non_null(host);
  conf_pattern(host, ctx->size_mem, 32);
  int status = hmo_memory_copy_from(mem, host, HMO_ALL, 0);
  free(host);
  assert_hmo(status, HMO_OK);
  mem_release(mem);
  conf_expect_data(ptr, ctx->size_mem, 32);
}

static void memory_wrap_single_element(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t *block = conf_malloc(ctx, sizeof(int32_t));
  int32_t value = 12345;
  assert_hip(hipMemcpy(block, &value, sizeof value, hipMemcpyHostToDevice), hipSuccess);
  hmo_memory *mem = mem_wrap(dev, block, 1, HMO_INT32);
  assert_ptr_equal(hmo_memory_ptr(mem), block);
  assert_int_equal(hmo_memory_length(mem), 1);
  mem_expect_ints(mem, &value, 1, 0);
}

static void memory_builtin_dtypes(void **state) {
  (void)conf_begin(state);
  static const struct {
    hmo_dtype dtype;
    const char *name;
    size_t bytes;
  } table[] = {
      {HMO_BYTE, "byte", 1},     {HMO_BOOL, "bool", sizeof(bool)}, {HMO_CHAR, "char", 1},
      {HMO_INT8, "int8", 1},     {HMO_UINT8, "uint8", 1},          {HMO_INT16, "int16", 2},
      {HMO_UINT16, "uint16", 2}, {HMO_INT32, "int32", 4},          {HMO_UINT32, "uint32", 4},
      {HMO_INT64, "int64", 8},   {HMO_UINT64, "uint64", 8},        {HMO_FLOAT, "float", 4},
      {HMO_DOUBLE, "double", 8},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    assert_non_null(table[i].dtype);
    assert_string_equal(hmo_dtype_name(table[i].dtype), table[i].name);
    assert_int_equal(hmo_dtype_bytes(table[i].dtype), table[i].bytes);
    for (size_t j = 0; j < i; j++) /* each is its own descriptor, unlike OCCA's aliases (5) */
      assert_ptr_not_equal(table[i].dtype, table[j].dtype);
  }
  assert_null(hmo_dtype_name(NULL));
  assert_int_equal(hmo_dtype_bytes(NULL), 0);
  hmo_dtype_destroy(NULL);
  hmo_dtype_destroy(HMO_INT32); /* ignored */
  assert_string_equal(hmo_dtype_name(HMO_INT32), "int32");
}

static void memory_user_dtype_alloc(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  char name[] = "vec3";
  hmo_dtype vec3 = NULL;
  assert_hmo(hmo_dtype_create(&vec3, name, 12), HMO_OK);
  name[0] = 'X'; /* the name is copied */
  assert_string_equal(hmo_dtype_name(vec3), "vec3");
  assert_int_equal(hmo_dtype_bytes(vec3), 12);
  hmo_memory *mem = mem_alloc(dev, 5, vec3, NULL);
  assert_int_equal(hmo_memory_length(mem), 5);
  assert_int_equal(hmo_memory_bytes(mem), 60);
  assert_ptr_equal(hmo_memory_dtype(mem), vec3);
  mem_fill(mem, 3, 0);
  mem_expect(mem, 3, 0);
  mem_release(mem);
  hmo_dtype_destroy(vec3);
}

static void memory_status_names_and_strings(void **state) {
  (void)conf_begin(state);
  static const struct {
    int status;
    const char *name;
  } table[] = {
      {HMO_OK, "HMO_OK"},           {HMO_EINVAL, "HMO_EINVAL"},     {HMO_ERANGE, "HMO_ERANGE"},
      {HMO_ENOMEM, "HMO_ENOMEM"},   {HMO_EFREED, "HMO_EFREED"},     {HMO_EACCESS, "HMO_EACCESS"},
      {HMO_EDEVICE, "HMO_EDEVICE"}, {HMO_EBACKEND, "HMO_EBACKEND"}, {HMO_EBUSY, "HMO_EBUSY"},
  };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    assert_string_equal(hmo_status_name(table[i].status), table[i].name);
    assert_non_null(hmo_strerror(table[i].status));
    assert_true(strlen(hmo_strerror(table[i].status)) > 0);
    assert_string_not_equal(hmo_strerror(table[i].status), "unknown status");
  }
  assert_int_equal(HMO_OK, 0);
  assert_string_equal(hmo_strerror(HMO_EINVAL), "invalid argument");
  assert_string_equal(hmo_strerror(12345), "unknown status");
  assert_string_equal(hmo_strerror(-1), "unknown status");
  assert_null(hmo_status_name(12345));
  assert_non_null(hmo_error_last());
  assert_non_null(hmo_error_last()->message);
}

static void memory_error_last_names_the_failure(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = NULL;
  assert_hmo_new(&mem, hmo_memory_alloc(&mem, dev, 0, HMO_DOUBLE, NULL), HMO_EINVAL);
  const hmo_error *error = hmo_error_last();
  assert_int_equal(error->status, HMO_EINVAL);
  assert_int_equal(error->hip_error, 0); /* an argument check, no HIP call behind it */
  assert_true(strlen(error->message) > 0);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_device_open_rejects_null_out, "issue: hmo (hmo_device_open Errors)"),
    MEM_RULE(memory_device_open_rejects_negative_index, "issue: hmo (HMO_EDEVICE)"),
    MEM_RULE(memory_device_open_rejects_index_past_count, "issue: hmo (HMO_EDEVICE)"),
    MEM_RULE(memory_device_open_boundary_at_count,
             "issue: hmo (the last device index vs the device count: HMO_EDEVICE)"),
    MEM_RULE(memory_device_close_with_live_memory_is_ebusy,
             "occa 1 (device::free frees every buffer); issue: hmo (HMO_EBUSY, as uv_loop_close)"),
    MEM_RULE(memory_device_close_counts_every_kind_of_memory,
             "issue: hmo (alloc, reserve, wrap, clone, slice, cast: each until released)"),
    MEM_RULE(memory_device_close_counts_views_keeping_allocation,
             "occa 1 (PR #490: slices keep the buffer); issue: hmo (HMO_EBUSY)"),
    MEM_RULE(memory_device_close_counts_views_of_freed_allocation,
             "issue: hmo (each view of a freed allocation still needs its release)"),
    MEM_RULE(memory_alloc_rejects_zero_count,
             "occa 3.1 malloc (entries==0: empty handle), occa #648; issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_alloc_rejects_null_out, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_alloc_rejects_null_device, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_alloc_rejects_null_dtype,
             "occa 5 (dtype none: SIGFPE); issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_alloc_rejects_byte_size_overflow, "issue: hmo (size overflows: HMO_ERANGE)"),
    MEM_RULE(memory_alloc_rejects_rounding_overflow, "issue: hmo (size overflows: HMO_ERANGE)"),
    MEM_RULE(memory_alloc_too_large_is_enomem_and_unwinds,
             "occa 3.1 (accounting bug on failed malloc); issue: hmo (failure part-way unwinds)"),
    MEM_RULE(memory_wrap_rejects_null_pointer, "occa 3.3 wrapMemory (no validation); issue: hmo"),
    MEM_RULE(memory_wrap_rejects_zero_count, "issue: hmo (hmo_memory_wrap Errors)"),
    MEM_RULE(memory_wrap_rejects_null_out, "issue: hmo (hmo_memory_wrap Errors)"),
    MEM_RULE(memory_wrap_rejects_null_device, "issue: hmo (hmo_memory_wrap Errors)"),
    MEM_RULE(memory_wrap_rejects_null_dtype, "issue: hmo (hmo_memory_wrap Errors)"),
    MEM_RULE(memory_wrap_rejects_byte_size_overflow, "issue: hmo (size overflows: HMO_ERANGE)"),
    MEM_RULE(memory_wrap_byte_size_boundary,
             "issue: hmo (the largest byte size that fits vs one element more: HMO_ERANGE)"),
    MEM_RULE(memory_dtype_create_rejects_zero_bytes,
             "occa 2.2 length (divides by a 0-byte dtype), occa 5; issue: hmo"),
    MEM_RULE(memory_dtype_create_rejects_null_name, "issue: hmo (hmo_dtype_create Errors)"),
    MEM_RULE(memory_dtype_create_rejects_empty_name, "issue: hmo (hmo_dtype_create Errors)"),
    MEM_RULE(memory_dtype_create_rejects_null_out, "issue: hmo (hmo_dtype_create Errors)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_device_open_and_close, "occa 4.3; issue: hmo (hmo_device_open)"),
    MEM_RULE(memory_device_open_second_device, "issue: hmo (device index; 2 devices)"),
    MEM_RULE(memory_device_queries_take_null, "issue: hmo (NULL-safe queries)"),
    MEM_RULE(memory_alloc_answers_queries, "occa 2.2 queries; occa 6 testInit"),
    MEM_RULE(memory_alloc_ptr_is_granularity_aligned,
             "occa 8.1 (buffer = reserve + create + map); issue: hmo"),
    MEM_RULE(memory_alloc_copies_source, "occa 6 testMalloc (malloc with src copies)"),
    MEM_RULE(memory_alloc_of_several_granules, "occa 8.3; issue: hmo (rounded to granularity)"),
    MEM_RULE(memory_alloc_counts_bytes_allocated,
             "occa 6 c/device.cpp testMemoryMethods (0 -> 40 -> 80 -> 40 -> 0)"),
    MEM_RULE(memory_alloc_keeps_requested_size,
             "occa 8.3 (requested size for bounds checks); issue: hmo"),
    MEM_RULE(memory_wrap_hipmalloc_pointer,
             "occa 3.1 wrapMemory (never freed, not in memoryAllocated)"),
    MEM_RULE(memory_wrap_vmm_mapping,
             "occa 3.1 wrapMemory; issue: hmo (a VMM mapping of the caller)"),
    MEM_RULE(memory_wrap_single_element, "occa 6 device.cpp testWrapMemory"),
    MEM_RULE(memory_builtin_dtypes, "occa 4.4, occa 5 (aliases); issue: hmo (dtype names)"),
    MEM_RULE(memory_user_dtype_alloc, "occa 4.4 occaCreateDtype; issue: hmo (hmo_dtype_create)"),
    MEM_RULE(memory_status_names_and_strings,
             "occa 4.1 (no error codes); issue: hmo (X-macro list)"),
    MEM_RULE(memory_error_last_names_the_failure, "occa 4.1 (abort); issue: hmo (hmo_error_last)"),
};

const conf_group conf_group_hmo_alloc_negative = CONF_GROUP("hmo_alloc_negative", negative_rules);
const conf_group conf_group_hmo_alloc = CONF_GROUP("hmo_alloc", functional_rules);
