/*
 * test_hmo_view.c: hmo_memory_slice, hmo_memory_cast, hmo_memory_clone,
 * hmo_memory_retain and hmo_memory_release (occa-memory.md 1, 2.1, 2.3, 6
 * testSlice, testCast, c/memory.cpp testInit, c/device.cpp testWrapMemory).
 * A slice or cast is a new view of the same bytes that keeps the allocation
 * alive; the dtype belongs to the view (occa #747); a cast must divide the
 * byte size (OCCA truncates); a zero-length slice is HMO_EINVAL.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

/* ---- negative ---- */

static void memory_slice_rejects_null_out(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  assert_hmo(hmo_memory_slice(NULL, mem, 0, 5), HMO_EINVAL);
}

static void memory_slice_rejects_null_memory(void **state) {
  (void)conf_begin(state);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, NULL, 0, 5), HMO_EINVAL);
}

static void memory_slice_rejects_offset_past_length(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 11, HMO_ALL), HMO_ERANGE);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 11, 1), HMO_ERANGE);
}

static void memory_slice_rejects_count_past_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 0, 11), HMO_ERANGE);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 5, 6), HMO_ERANGE);
  hmo_memory *half = mem_slice(mem, 5, HMO_ALL);
  view = NULL; /* within the parent, past the slice */
  assert_hmo_new(&view, hmo_memory_slice(&view, half, 1, 5), HMO_ERANGE);
}

static void memory_slice_rejects_offset_count_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 2, SIZE_MAX - 1), HMO_ERANGE);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, SIZE_MAX - 1, 2), HMO_ERANGE);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, SIZE_MAX / 4 + 1, 1), HMO_ERANGE);
}

static void memory_slice_rejects_zero_count(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 3, 0), HMO_EINVAL);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 0, 0), HMO_EINVAL);
}

static void memory_slice_rejects_empty_rest(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  /* OCCA: slice(length()) is an initialised zero-length view */
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 10, HMO_ALL), HMO_EINVAL);
}

static void memory_cast_rejects_null_out(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  assert_hmo(hmo_memory_cast(NULL, mem, HMO_BYTE), HMO_EINVAL);
}

static void memory_cast_rejects_null_memory(void **state) {
  (void)conf_begin(state);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_cast(&view, NULL, HMO_BYTE), HMO_EINVAL);
}

static void memory_cast_rejects_null_dtype(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *view = NULL;
  assert_hmo_new(&view, hmo_memory_cast(&view, mem, NULL), HMO_EINVAL);
  assert_ptr_equal(hmo_memory_dtype(mem), HMO_INT32);
}

static void memory_cast_rejects_indivisible_size(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_BYTE, NULL);
  hmo_memory *view = NULL;
  /* OCCA: 10 B cast(int) has size 2 and drops 2 bytes */
  assert_hmo_new(&view, hmo_memory_cast(&view, mem, HMO_INT32), HMO_EINVAL);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_cast(&view, mem, HMO_INT64), HMO_EINVAL);
  hmo_memory *odd = mem_slice(mem, 1, 3); /* 3 bytes */
  view = NULL;
  assert_hmo_new(&view, hmo_memory_cast(&view, odd, HMO_INT16), HMO_EINVAL);
  assert_ptr_equal(hmo_memory_dtype(mem), HMO_BYTE);
  assert_int_equal(hmo_memory_length(mem), 10);
}

static void memory_cast_rejects_indivisible_user_dtype(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_dtype float4 = NULL;
  assert_hmo(hmo_dtype_create(&float4, "float4", 16), HMO_OK);
  hmo_memory *mem = mem_alloc(dev, 3, HMO_DOUBLE, NULL);
  hmo_memory *view = NULL;
  /* OCCA: double[3] cast(float4) has length 1 and byte_size 24 */
  int status = hmo_memory_cast(&view, mem, float4);
  if (status == HMO_OK)
    hmo_memory_release(view);
  mem_release(mem);
  hmo_dtype_destroy(float4);
  assert_hmo(status, HMO_EINVAL);
}

static void memory_slice_boundary_at_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t data[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, data);
  hmo_memory *view = NULL;
  /* the whole, then one more */
  hmo_memory *whole = mem_slice(mem, 0, 10);
  assert_int_equal(hmo_memory_length(whole), 10);
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 0, 11), HMO_ERANGE);
  /* the last element, then the one past it */
  hmo_memory *last = mem_slice(mem, 9, 1);
  mem_expect_ints(last, data + 9, 1, 0);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 10, 1), HMO_ERANGE);
  /* ending at the end, then one past */
  hmo_memory *tail = mem_slice(mem, 6, 4);
  mem_expect_ints(tail, data + 6, 4, 0);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 6, 5), HMO_ERANGE);
  /* HMO_ALL from the last element is one; from one past the end, out of range */
  hmo_memory *rest = mem_slice(mem, 9, HMO_ALL);
  assert_int_equal(hmo_memory_length(rest), 1);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mem, 11, HMO_ALL), HMO_ERANGE);
}

static void memory_slice_of_slice_boundary_at_its_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t data[16];
  for (int32_t i = 0; i < 16; i++)
    data[i] = 100 + i;
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, data);
  hmo_memory *mid = mem_slice(mem, 4, 8); /* elements 4..11 of 16: the parent goes on */
  hmo_memory *view = NULL;
  hmo_memory *whole = mem_slice(mid, 0, 8);
  mem_expect_ints(whole, data + 4, 8, 0);
  assert_hmo_new(&view, hmo_memory_slice(&view, mid, 0, 9), HMO_ERANGE);
  hmo_memory *last = mem_slice(mid, 7, 1);
  assert_ptr_equal(hmo_memory_ptr(last), (char *)hmo_memory_ptr(mem) + 11 * 4);
  assert_int_equal(hmo_memory_offset(last), 11);
  mem_expect_ints(last, data + 11, 1, 0);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mid, 8, 1), HMO_ERANGE);
  hmo_memory *tail = mem_slice(mid, 5, 3);
  mem_expect_ints(tail, data + 9, 3, 0);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mid, 5, 4), HMO_ERANGE);
  hmo_memory *rest = mem_slice(mid, 7, HMO_ALL);
  assert_int_equal(hmo_memory_length(rest), 1);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, mid, 9, HMO_ALL), HMO_ERANGE);
  /* and a slice of that slice: its one element, not the parent's next */
  hmo_memory *inner = mem_slice(rest, 0, 1);
  mem_expect_ints(inner, data + 11, 1, 0);
  view = NULL;
  assert_hmo_new(&view, hmo_memory_slice(&view, rest, 0, 2), HMO_ERANGE);
}

static void memory_cast_boundary_divides(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_dtype vec3 = NULL;
  assert_hmo(hmo_dtype_create(&vec3, "vec3", 12), HMO_OK);
  hmo_memory *mem = mem_alloc(dev, 32, HMO_BYTE, NULL);
  hmo_memory *bytes24 = mem_slice(mem, 0, 24), *bytes25 = mem_slice(mem, 0, 25);
  hmo_memory *bytes23 = mem_slice(mem, 1, 23), *bytes8 = mem_slice(mem, 8, 8);
  hmo_memory *bytes7 = mem_slice(mem, 8, 7);
  int status[8];
  hmo_memory *out[8] = {NULL};
  status[0] = hmo_memory_cast(&out[0], bytes24, HMO_INT64); /* 3 */
  status[1] = hmo_memory_cast(&out[1], bytes25, HMO_INT64);
  status[2] = hmo_memory_cast(&out[2], bytes23, HMO_INT64);
  status[3] = hmo_memory_cast(&out[3], bytes24, vec3); /* 2 */
  status[4] = hmo_memory_cast(&out[4], bytes25, vec3);
  status[5] = hmo_memory_cast(&out[5], bytes8, HMO_DOUBLE); /* exactly one */
  status[6] = hmo_memory_cast(&out[6], bytes7, HMO_DOUBLE);
  status[7] = hmo_memory_cast(&out[7], bytes24, HMO_BYTE);
  size_t length[8];
  for (size_t i = 0; i < 8; i++) {
    length[i] = hmo_memory_length(out[i]);
    hmo_memory_release(out[i]);
  }
  hmo_dtype_destroy(vec3); /* before any assertion: the casts typed with it are released */
  static const int want[8] = {HMO_OK,     HMO_EINVAL, HMO_EINVAL, HMO_OK,
                              HMO_EINVAL, HMO_OK,     HMO_EINVAL, HMO_OK};
  static const size_t want_length[8] = {3, 0, 0, 2, 0, 1, 0, 24};
  for (size_t i = 0; i < 8; i++) {
    assert_hmo(status[i], want[i]);
    assert_int_equal(length[i], want_length[i]);
  }
}

static void memory_clone_rejects_null_out(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  size_t before = hmo_device_bytes_allocated(dev);
  assert_hmo(hmo_memory_clone(NULL, mem), HMO_EINVAL);
  assert_int_equal(hmo_device_bytes_allocated(dev), before);
}

static void memory_clone_rejects_null_memory(void **state) {
  (void)conf_begin(state);
  hmo_memory *copy = NULL;
  assert_hmo_new(&copy, hmo_memory_clone(&copy, NULL), HMO_EINVAL);
}

static void memory_null_view_queries(void **state) {
  (void)conf_begin(state);
  assert_null(hmo_memory_retain(NULL));
  hmo_memory_release(NULL);
  assert_int_equal(hmo_memory_length(NULL), 0);
  assert_int_equal(hmo_memory_bytes(NULL), 0);
  assert_null(hmo_memory_dtype(NULL));
  assert_null(hmo_memory_ptr(NULL));
  assert_int_equal(hmo_memory_offset(NULL), 0);
  assert_null(hmo_memory_device(NULL));
  assert_false(hmo_memory_is_valid(NULL));
  assert_int_equal(hmo_memory_capacity(NULL), 0);
  assert_int_equal(hmo_memory_moves(NULL), 0);
  assert_int_equal(hmo_memory_access(NULL), HMO_ACCESS_NONE);
}

/* ---- functional ---- */

static void memory_slice_shares_bytes(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 64, HMO_INT32, NULL);
  mem_fill(mem, 20, 0);
  hmo_memory *view = mem_slice(mem, 16, 32);
  mem_expect(view, 20, 16 * 4);
  mem_fill(view, 21, 0);
  unsigned char want[256], got[256];
  mem_pattern(want, 256, 20, 0);
  mem_pattern(want + 64, 128, 21, 0);
  assert_hmo(hmo_memory_copy_to(mem, got, HMO_ALL, 0), HMO_OK);
  assert_memory_equal(got, want, 256);
}

static void memory_slice_ptr_points_at_first_element(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 100, HMO_DOUBLE, NULL);
  char *base = hmo_memory_ptr(mem);
  hmo_memory *view = mem_slice(mem, 10, 50);
  assert_ptr_equal(hmo_memory_ptr(view), base + 10 * 8);
  assert_ptr_equal(hmo_memory_ptr(view), hmo_memory_ptr(view));
  assert_int_equal(hmo_memory_offset(view), 10);
  assert_int_equal(hmo_memory_length(view), 50);
  assert_int_equal(hmo_memory_bytes(view), 400);
  assert_ptr_equal(hmo_memory_dtype(view), HMO_DOUBLE);
  assert_ptr_equal(hmo_memory_device(view), dev);
  hmo_memory *inner = mem_slice(view, 5, HMO_ALL);
  assert_ptr_equal(hmo_memory_ptr(inner), base + 15 * 8);
  assert_int_equal(hmo_memory_offset(inner), 15);
  assert_int_equal(hmo_memory_length(inner), 45);
  /* the slice's first element is the one hipMemcpy finds at its ptr */
  mem_fill(mem, 22, 0);
  unsigned char host[8];
  assert_hip(hipMemcpy(host, hmo_memory_ptr(inner), 8, hipMemcpyDeviceToHost), hipSuccess);
  for (size_t i = 0; i < 8; i++)
    assert_int_equal(host[i], mem_pattern_byte(15 * 8 + i, 22));
}

static void memory_slice_all_is_the_rest(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT16, NULL);
  hmo_memory *whole = mem_slice(mem, 0, HMO_ALL);
  assert_int_equal(hmo_memory_length(whole), 10);
  assert_ptr_equal(hmo_memory_ptr(whole), hmo_memory_ptr(mem));
  assert_ptr_not_equal(whole, mem); /* OCCA: slice(0) is a new view, != */
  hmo_memory *last = mem_slice(mem, 9, HMO_ALL);
  assert_int_equal(hmo_memory_length(last), 1);
  assert_int_equal(hmo_memory_bytes(last), 2);
}

static void memory_slice_halves(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  float data[10];
  for (int i = 0; i < 10; i++)
    data[i] = (float)i;
  hmo_memory *mem = mem_alloc(dev, 10, HMO_FLOAT, data);
  size_t allocated = conf_round_up(40, ctx->granularity);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  hmo_memory *half1 = mem_slice(mem, 0, 5);
  hmo_memory *half2 = mem_slice(mem, 5, HMO_ALL);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  float out[10];
  for (int i = 0; i < 10; i++)
    out[i] = -1.0f;
  assert_hmo(hmo_memory_copy_to(half2, out, HMO_ALL, 0), HMO_OK);
  for (int i = 0; i < 5; i++)
    assert_true(out[i] == (float)(5 + i));
  assert_hmo(hmo_memory_copy_to(half1, out, HMO_ALL, 0), HMO_OK);
  for (int i = 0; i < 5; i++)
    assert_true(out[i] == (float)i);
  for (size_t offset = 0; offset < 4; offset++) { /* mem + 0, + 1, + 2, + 3 */
    hmo_memory *plus = mem_slice(mem, offset, HMO_ALL);
    assert_hmo(hmo_memory_copy_to(plus, out, 1, 0), HMO_OK);
    assert_true(out[0] == (float)offset);
    mem_release(plus);
  }
  mem_release(half1);
  mem_release(half2);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_slice_keeps_allocation_alive(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_FLOAT, NULL);
  mem_fill(mem, 23, 0);
  hmo_memory *view = mem_slice(mem, 2, 6);
  mem_release(mem);
  assert_true(hmo_memory_is_valid(view));
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(40, ctx->granularity));
  mem_expect(view, 23, 8);
  hmo_memory *inner = mem_slice(view, 1, 2);
  mem_release(view);
  mem_expect(inner, 23, 12);
  mem_release(inner);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_slice_occa_c_init(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t data[3] = {0, 1, 2};
  hmo_memory *mem = mem_alloc(dev, 3, HMO_INT32, data);
  assert_true(hmo_memory_is_valid(mem));
  assert_ptr_equal(hmo_memory_ptr(mem), hmo_memory_ptr(mem));
  assert_ptr_equal(hmo_memory_device(mem), dev);
  assert_int_equal(hmo_memory_bytes(mem), 12);
  mem_expect_ints(mem, data, 3, 0);
  hmo_memory *view = mem_slice(mem, 1, HMO_ALL);
  assert_int_equal(hmo_memory_length(view), 2);
  assert_int_equal(hmo_memory_bytes(view), 8);
  mem_expect_ints(view, data + 1, 2, 0);
}

static void memory_cast_keeps_original_dtype(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_DOUBLE, NULL);
  hmo_memory *bytes = mem_cast(mem, HMO_BYTE);
  assert_ptr_not_equal(bytes, mem);
  assert_ptr_equal(hmo_memory_dtype(mem), HMO_DOUBLE);
  assert_int_equal(hmo_memory_length(mem), 10);
  assert_ptr_equal(hmo_memory_dtype(bytes), HMO_BYTE);
  assert_int_equal(hmo_memory_length(bytes), 80);
  assert_int_equal(hmo_memory_bytes(bytes), hmo_memory_bytes(mem));
  assert_ptr_equal(hmo_memory_ptr(bytes), hmo_memory_ptr(mem));
}

static void memory_dtype_belongs_to_the_view(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *a = mem_alloc(dev, 10, HMO_INT32, NULL);
  hmo_memory *alias = mem_retain(a); /* the same view, as OCCA's b = a */
  hmo_memory *chars = mem_cast(alias, HMO_CHAR);
  hmo_memory *piece = mem_slice(chars, 4, 8);
  hmo_memory *shorts = mem_cast(piece, HMO_INT16);
  /* OCCA #747: after b = a; b.setDtype(char), a.size() went from 10 to 80 */
  assert_ptr_equal(hmo_memory_dtype(a), HMO_INT32);
  assert_int_equal(hmo_memory_length(a), 10);
  assert_ptr_equal(hmo_memory_dtype(alias), HMO_INT32);
  assert_ptr_equal(hmo_memory_dtype(chars), HMO_CHAR);
  assert_int_equal(hmo_memory_length(chars), 40);
  assert_ptr_equal(hmo_memory_dtype(piece), HMO_CHAR);
  assert_int_equal(hmo_memory_length(piece), 8);
  assert_ptr_equal(hmo_memory_dtype(shorts), HMO_INT16);
  assert_int_equal(hmo_memory_length(shorts), 4);
  assert_int_equal(hmo_memory_offset(shorts), 2); /* byte 4, in int16 elements */
  assert_ptr_equal(hmo_memory_dtype(piece), HMO_CHAR);
  assert_ptr_equal(hmo_memory_dtype(chars), HMO_CHAR);
  mem_release(chars);
  assert_ptr_equal(hmo_memory_dtype(a), HMO_INT32);
  assert_int_equal(hmo_memory_length(a), 10);
  assert_int_equal(hmo_memory_length(shorts), 4);
}

static void memory_cast_shares_bytes(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t data[4] = {1, 2, 3, 4};
  hmo_memory *mem = mem_alloc(dev, 4, HMO_INT32, data);
  hmo_memory *bytes = mem_cast(mem, HMO_UINT8);
  int32_t value = 0x7ABBCCDD;
  assert_hmo(hmo_memory_copy_from(bytes, &value, 4, 8), HMO_OK); /* bytes 8..11: element 2 */
  int32_t want[4] = {1, 2, 0x7ABBCCDD, 4};
  mem_expect_ints(mem, want, 4, 0);
}

static void memory_cast_round_trip_is_lossless(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  mem_fill(mem, 24, 0);
  hmo_memory *doubles = mem_cast(mem, HMO_DOUBLE);
  assert_int_equal(hmo_memory_length(doubles), 5);
  hmo_memory *bytes = mem_cast(doubles, HMO_BYTE);
  assert_int_equal(hmo_memory_bytes(bytes), 40);
  hmo_memory *back = mem_cast(bytes, HMO_INT32);
  assert_int_equal(hmo_memory_length(back), 10);
  assert_int_equal(hmo_memory_bytes(back), 40);
  mem_expect(back, 24, 0);
}

static void memory_cast_of_slice(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, NULL);
  mem_fill(mem, 25, 0);
  hmo_memory *view = mem_slice(mem, 4, 8);
  hmo_memory *cast = mem_cast(view, HMO_INT64);
  assert_ptr_equal(hmo_memory_ptr(cast), hmo_memory_ptr(view));
  assert_int_equal(hmo_memory_length(cast), 4);
  assert_int_equal(hmo_memory_offset(cast), 2); /* byte 16 in int64 elements */
  mem_expect(cast, 25, 16);
}

static void memory_cast_keeps_allocation_alive(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 8, HMO_UINT16, NULL);
  mem_fill(mem, 26, 0);
  hmo_memory *cast = mem_cast(mem, HMO_UINT32);
  mem_release(mem);
  assert_true(hmo_memory_is_valid(cast));
  mem_expect(cast, 26, 0);
  mem_release(cast);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_clone_is_new_allocation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_DOUBLE, NULL);
  mem_fill(mem, 27, 0);
  size_t each = conf_round_up(80, ctx->granularity);
  hmo_memory *copy = mem_clone(mem);
  assert_ptr_not_equal(copy, mem);
  assert_ptr_not_equal(hmo_memory_ptr(copy), hmo_memory_ptr(mem));
  assert_ptr_equal(hmo_memory_dtype(copy), HMO_DOUBLE);
  assert_int_equal(hmo_memory_length(copy), 10);
  assert_int_equal(hmo_memory_bytes(copy), 80);
  assert_int_equal(hmo_memory_offset(copy), 0);
  assert_ptr_equal(hmo_memory_device(copy), dev);
  assert_int_equal(hmo_device_bytes_allocated(dev), 2 * each);
  mem_expect(copy, 27, 0);
  mem_fill(copy, 28, 0);
  mem_expect(mem, 27, 0); /* the original keeps its bytes */
  mem_release(mem);
  mem_expect(copy, 28, 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), each);
}

static void memory_clone_of_slice_and_cast(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 32, HMO_INT32, NULL);
  mem_fill(mem, 29, 0);
  hmo_memory *view = mem_slice(mem, 8, 16);
  hmo_memory *copy = mem_clone(view);
  assert_int_equal(hmo_memory_length(copy), 16);
  assert_int_equal(hmo_memory_offset(copy), 0);
  assert_ptr_equal(hmo_memory_dtype(copy), HMO_INT32);
  mem_expect(copy, 29, 32);
  hmo_memory *cast = mem_cast(view, HMO_INT16);
  hmo_memory *cast_copy = mem_clone(cast);
  assert_ptr_equal(hmo_memory_dtype(cast_copy), HMO_INT16);
  assert_int_equal(hmo_memory_length(cast_copy), 32);
  mem_expect(cast_copy, 29, 32);
  assert_hmo(hmo_memory_free(mem), HMO_OK); /* the clones are allocations of their own */
  mem_expect(copy, 29, 32);
  mem_expect(cast_copy, 29, 32);
}

static void memory_retain_returns_same_view(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 10, HMO_INT32, NULL);
  mem_fill(mem, 30, 0);
  hmo_memory *again = mem_retain(mem);
  assert_ptr_equal(again, mem);
  mem_retain(mem);
  mem_release(mem);
  mem_release(mem);
  assert_true(hmo_memory_is_valid(mem));
  mem_expect(mem, 30, 0);
  assert_true(hmo_device_bytes_allocated(dev) > 0);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_slice_rejects_null_out, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_slice_rejects_null_memory,
             "occa 2.3 slice (empty handle: empty memory); issue: hmo"),
    MEM_RULE(memory_slice_rejects_offset_past_length,
             "occa 2.3 slice (negative elements for slice(length+1)); HMO_ERANGE"),
    MEM_RULE(memory_slice_rejects_count_past_end,
             "occa 2.3 slice (Memory size is less than offset + count); HMO_ERANGE"),
    MEM_RULE(memory_slice_rejects_offset_count_overflow, "issue: hmo (overflow: HMO_ERANGE)"),
    MEM_RULE(memory_slice_rejects_zero_count, "occa #648, #678; issue: hmo (zero-length slice)"),
    MEM_RULE(memory_slice_rejects_empty_rest,
             "occa 2.3 slice (slice(length()) is a zero-length view); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_cast_rejects_null_out, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_cast_rejects_null_memory, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_cast_rejects_null_dtype, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_cast_rejects_indivisible_size,
             "occa 2.3 cast (no divisibility check, truncates); occa 8.2; issue: hmo"),
    MEM_RULE(memory_cast_rejects_indivisible_user_dtype,
             "occa 2.3 cast (double[3] cast(float4) has length 1); issue: hmo"),
    MEM_RULE(memory_slice_boundary_at_end,
             "occa 2.3 slice (offset + count past size()); issue: hmo (exact end vs one past)"),
    MEM_RULE(memory_slice_of_slice_boundary_at_its_end,
             "occa 2.3 slice (checked against the view); issue: hmo (exact end vs one past)"),
    MEM_RULE(memory_cast_boundary_divides,
             "occa 2.3 cast (no divisibility check); issue: hmo (dividing exactly vs not)"),
    MEM_RULE(memory_clone_rejects_null_out, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_clone_rejects_null_memory, "occa 2.3 clone (empty handle); issue: hmo"),
    MEM_RULE(memory_null_view_queries,
             "occa 2.2 (getModeDevice crashes on an empty handle); issue: hmo (NULL-safe)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_slice_shares_bytes, "occa 1 (a slice never copies); occa 2.3 slice"),
    MEM_RULE(memory_slice_ptr_points_at_first_element,
             "occa 2.2 ptr() (already offset to the slice); occa 3.3 slices"),
    MEM_RULE(memory_slice_all_is_the_rest, "occa 2.3 slice (count -1); occa 2.1 ==/!="),
    MEM_RULE(memory_slice_halves, "occa 6 testSlice"),
    MEM_RULE(memory_slice_keeps_allocation_alive,
             "occa 1 (PR #490: slices keep the buffer); occa 6 testSlice (outlive the parent)"),
    MEM_RULE(memory_slice_occa_c_init, "occa 6 c/memory.cpp testInit"),
    MEM_RULE(memory_cast_keeps_original_dtype, "occa 6 testCast; occa #690, #727"),
    MEM_RULE(memory_dtype_belongs_to_the_view, "occa #747 (dtype on the shared view)"),
    MEM_RULE(memory_cast_shares_bytes, "occa 2.3 cast (slice(0) + setDtype: same bytes)"),
    MEM_RULE(memory_cast_round_trip_is_lossless, "occa 2.3 cast (repeated casts lose bytes)"),
    MEM_RULE(memory_cast_of_slice, "occa 2.3 cast; occa 2.3 slice"),
    MEM_RULE(memory_cast_keeps_allocation_alive, "issue: hmo (a cast keeps the allocation alive)"),
    MEM_RULE(memory_clone_is_new_allocation,
             "occa 2.3 clone (new pointer, dtype kept, memoryAllocated up); occa 6 testWrapMemory"),
    MEM_RULE(memory_clone_of_slice_and_cast,
             "occa 2.3 clone; issue: hmo (clone: mem's bytes and dtype)"),
    MEM_RULE(memory_retain_returns_same_view, "occa 2.1 copy constructor; issue: hmo (retain)"),
};

const conf_group conf_group_hmo_view_negative = CONF_GROUP("hmo_view_negative", negative_rules);
const conf_group conf_group_hmo_view = CONF_GROUP("hmo_view", functional_rules);
