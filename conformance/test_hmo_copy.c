/*
 * test_hmo_copy.c: hmo_memory_copy_from, hmo_memory_copy_to and
 * hmo_memory_copy (occa-memory.md 2.4, 4.2, 6 testCopy, testPartialCopy,
 * testCopyMethods). Counts are in elements of the memory the call is about
 * (for memory-to-memory: dst's), each offset in its own memory's elements,
 * HMO_ALL is the rest. Where OCCA throws (and the C API aborts) on a bounds
 * violation, hmo answers HMO_ERANGE, overflow of offset + count included.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

static void fill_ints(int32_t *values, size_t count, int32_t first) {
  for (size_t i = 0; i < count; i++)
    values[i] = first + (int32_t)i;
}

/* An int32 memory of `count` elements holding first, first+1, ... */
static hmo_memory *ints(hmo_device *dev, size_t count, int32_t first) {
  int32_t *host = malloc(count * sizeof *host);
  assert_non_null(host);
  fill_ints(host, count, first);
  hmo_memory *mem = NULL;
  int status = hmo_memory_alloc(&mem, dev, count, HMO_INT32, host);
  free(host);
  assert_hmo_new(&mem, status, HMO_OK);
  return mem;
}

static void expect_ints_from(hmo_memory *mem, size_t count, int32_t first) {
  int32_t *values = malloc(count * sizeof *values);
  assert_non_null(values);
  fill_ints(values, count, first);
  mem_expect_ints(mem, values, count, 0);
  free(values);
}

/* ---- negative ---- */

static void memory_copy_from_rejects_null_memory(void **state) {
  (void)conf_begin(state);
  int32_t host[4] = {0};
  assert_hmo(hmo_memory_copy_from(NULL, host, 4, 0), HMO_EINVAL);
}

static void memory_copy_from_rejects_null_source(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 8, 0);
  assert_hmo(hmo_memory_copy_from(mem, NULL, 4, 0), HMO_EINVAL);
}

static void memory_copy_to_rejects_null_memory(void **state) {
  (void)conf_begin(state);
  int32_t host[4] = {0};
  assert_hmo(hmo_memory_copy_to(NULL, host, 4, 0), HMO_EINVAL);
}

static void memory_copy_to_rejects_null_destination(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 8, 0);
  assert_hmo(hmo_memory_copy_to(mem, NULL, 4, 0), HMO_EINVAL);
}

static void memory_copy_rejects_null_destination_memory(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *src = ints(dev, 8, 0);
  assert_hmo(hmo_memory_copy(NULL, src, 4, 0, 0), HMO_EINVAL);
}

static void memory_copy_rejects_null_source_memory(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = ints(dev, 8, 0);
  assert_hmo(hmo_memory_copy(dst, NULL, 4, 0, 0), HMO_EINVAL);
  expect_ints_from(dst, 8, 0);
}

static void memory_copy_from_past_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[11];
  fill_ints(host, 11, 500);
  assert_hmo(hmo_memory_copy_from(mem, host, 11, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(mem, host, 1, 10), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(mem, host, 2, 9), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 11), HMO_ERANGE);
  expect_ints_from(mem, 10, 0); /* nothing was written */
}

static void memory_copy_to_past_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[11];
  assert_hmo(hmo_memory_copy_to(mem, host, 11, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, 1, 10), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, 2, 9), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, HMO_ALL, 11), HMO_ERANGE);
}

static void memory_copy_from_offset_count_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[4] = {7, 7, 7, 7};
  /* offset + count wraps around to a small number */
  assert_hmo(hmo_memory_copy_from(mem, host, 2, SIZE_MAX - 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(mem, host, SIZE_MAX - 1, 2), HMO_ERANGE);
  /* offset * 4 or count * 4 wraps around */
  assert_hmo(hmo_memory_copy_from(mem, host, 1, SIZE_MAX / 4 + 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_from(mem, host, SIZE_MAX / 4 + 1, 0), HMO_ERANGE);
  expect_ints_from(mem, 10, 0);
}

static void memory_copy_to_offset_count_overflow(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[4] = {0};
  assert_hmo(hmo_memory_copy_to(mem, host, 2, SIZE_MAX - 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, SIZE_MAX - 1, 2), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, 1, SIZE_MAX / 4 + 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, SIZE_MAX / 4 + 1, 0), HMO_ERANGE);
}

static void memory_copy_checks_destination_bounds(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = ints(dev, 4, 0);
  hmo_memory *src = ints(dev, 8, 100);
  assert_hmo(hmo_memory_copy(dst, src, 5, 0, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 4, 1, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 5, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 2, SIZE_MAX - 1, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, SIZE_MAX / 4 + 1, 0), HMO_ERANGE);
  expect_ints_from(dst, 4, 0);
}

static void memory_copy_checks_source_bounds(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = ints(dev, 8, 0);
  hmo_memory *src = ints(dev, 4, 100);
  assert_hmo(hmo_memory_copy(dst, src, 5, 0, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 4, 0, 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, 0, 4), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 2, 0, SIZE_MAX - 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, 0, SIZE_MAX / 4 + 1), HMO_ERANGE);
  /* HMO_ALL is dst's length (8): more than src holds, as OCCA's big.copyFrom(small) */
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 0, 0), HMO_ERANGE);
  expect_ints_from(dst, 8, 0);
}

static void memory_copy_count_is_in_destination_elements(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = mem_alloc(dev, 10, HMO_DOUBLE, NULL);
  hmo_memory *src = mem_alloc(dev, 10, HMO_FLOAT, NULL);
  mem_fill(dst, 4, 0);
  /* 10 doubles are 80 bytes; the float source has 40 (OCCA: the reverse throws) */
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 0, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 6, 0, 0), HMO_ERANGE);
  mem_expect(dst, 4, 0);
}

/* Boundaries: each check probed on both sides, in a layout where nothing else
   refuses: live read-write memory, host buffers large enough, nothing shrunk. */

static void memory_copy_from_boundary_at_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[11];
  fill_ints(host, 11, 100);
  /* count: exactly the length, then one more */
  assert_hmo(hmo_memory_copy_from(mem, host, 10, 0), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, host, 11, 0), HMO_ERANGE);
  /* offset: the last element, then one past it */
  int32_t last = -9;
  assert_hmo(hmo_memory_copy_from(mem, &last, 1, 9), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, &last, 1, 10), HMO_ERANGE);
  /* offset + count ending at the end, then one past */
  assert_hmo(hmo_memory_copy_from(mem, host, 3, 6), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, host, 4, 7), HMO_ERANGE);
  /* HMO_ALL: from the last element (one), from the end (none), from one past */
  assert_hmo(hmo_memory_copy_from(mem, host + 10, HMO_ALL, 9), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 10), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 11), HMO_ERANGE);
  /* nothing at the end, then nothing one past it */
  assert_hmo(hmo_memory_copy_from(mem, host, 0, 10), HMO_OK);
  assert_hmo(hmo_memory_copy_from(mem, host, 0, 11), HMO_ERANGE);
  int32_t want[10] = {100, 101, 102, 103, 104, 105, 100, 101, 102, 110};
  mem_expect_ints(mem, want, 10, 0);
}

static void memory_copy_to_boundary_at_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 10, 0);
  int32_t host[12];
  for (size_t i = 0; i < 12; i++)
    host[i] = -1;
  assert_hmo(hmo_memory_copy_to(mem, host, 10, 0), HMO_OK);
  assert_int_equal(host[9], 9);
  assert_int_equal(host[10], -1);
  assert_hmo(hmo_memory_copy_to(mem, host, 11, 0), HMO_ERANGE);
  int32_t last = -1;
  assert_hmo(hmo_memory_copy_to(mem, &last, 1, 9), HMO_OK);
  assert_int_equal(last, 9);
  assert_hmo(hmo_memory_copy_to(mem, &last, 1, 10), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, 3, 7), HMO_OK);
  assert_int_equal(host[2], 9);
  assert_hmo(hmo_memory_copy_to(mem, host, 4, 7), HMO_ERANGE);
  host[0] = host[1] = -1;
  assert_hmo(hmo_memory_copy_to(mem, host, HMO_ALL, 9), HMO_OK);
  assert_int_equal(host[0], 9);
  assert_int_equal(host[1], -1); /* one element only */
  host[0] = -1;
  assert_hmo(hmo_memory_copy_to(mem, host, HMO_ALL, 10), HMO_OK);
  assert_int_equal(host[0], -1); /* none */
  assert_hmo(hmo_memory_copy_to(mem, host, HMO_ALL, 11), HMO_ERANGE);
  assert_hmo(hmo_memory_copy_to(mem, host, 0, 10), HMO_OK);
  assert_hmo(hmo_memory_copy_to(mem, host, 0, 11), HMO_ERANGE);
  assert_int_equal(host[0], -1);
}

static void memory_copy_boundary_at_destination_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = ints(dev, 8, 0);
  hmo_memory *src = ints(dev, 16, 100); /* twice as long: never the limit here */
  assert_hmo(hmo_memory_copy(dst, src, 8, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 9, 0, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, 7, 15), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 1, 8, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 3, 5, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 4, 5, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 6, 10), HMO_OK); /* two */
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 8, 0), HMO_OK);  /* none */
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 9, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 0, 8, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 0, 9, 0), HMO_ERANGE);
  int32_t want[8] = {100, 101, 102, 103, 104, 100, 110, 111};
  mem_expect_ints(dst, want, 8, 0);
}

static void memory_copy_boundary_at_source_end(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = ints(dev, 16, 0); /* twice as long: never the limit here */
  hmo_memory *src = ints(dev, 8, 100);
  assert_hmo(hmo_memory_copy(dst, src, 8, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 9, 0, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, 15, 7), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 1, 0, 8), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 3, 8, 5), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 4, 8, 5), HMO_ERANGE);
  /* HMO_ALL is dst's rest: eight from dst element 8 fit src, nine from 7 do not */
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 8, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 7, 0), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 0, 0, 8), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, 0, 0, 9), HMO_ERANGE);
  int32_t want[16] = {100, 101, 102, 103, 104, 105, 106, 107,
                      100, 101, 102, 103, 104, 105, 106, 107};
  mem_expect_ints(dst, want, 16, 0);
}

static void memory_copy_source_boundary_in_its_own_bytes(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  /* The count is in int64 (dst) elements, the source offset in int32 elements: the
     source's end is its 64th byte. */
  hmo_memory *dst = mem_alloc(dev, 8, HMO_INT64, NULL);
  hmo_memory *src = mem_alloc(dev, 16, HMO_INT32, NULL);
  mem_fill(dst, 12, 0);
  mem_fill(src, 13, 0);
  assert_hmo(hmo_memory_copy(dst, src, 8, 0, 0), HMO_OK); /* bytes [0, 64) */
  assert_hmo(hmo_memory_copy(dst, src, 8, 0, 1), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 7, 1, 2), HMO_OK); /* bytes [8, 64) */
  assert_hmo(hmo_memory_copy(dst, src, 7, 1, 3), HMO_ERANGE);
  assert_hmo(hmo_memory_copy(dst, src, 1, 0, 14), HMO_OK); /* bytes [56, 64) */
  assert_hmo(hmo_memory_copy(dst, src, 1, 0, 15), HMO_ERANGE);
  unsigned char want[64], got[64];
  mem_pattern(want, 64, 13, 0);
  mem_pattern(want, 8, 13, 56);
  mem_pattern(want + 8, 56, 13, 8);
  assert_hmo(hmo_memory_copy_to(dst, got, HMO_ALL, 0), HMO_OK);
  assert_memory_equal(got, want, 64);
}

/* ---- functional ---- */

static void memory_copy_round_trip(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  int32_t *host = malloc(1024 * sizeof *host);
  assert_non_null(host);
  for (size_t i = 0; i < 1024; i++)
    host[i] = 1;
  hmo_memory *x = mem_alloc(dev, 1024, HMO_INT32, NULL);
  hmo_memory *y = mem_alloc(dev, 1024, HMO_INT32, NULL);
  int from = hmo_memory_copy_from(x, host, HMO_ALL, 0);
  int copy = hmo_memory_copy(y, x, HMO_ALL, 0, 0);
  memset(host, 0, 1024 * sizeof *host);
  int to = hmo_memory_copy_to(y, host, HMO_ALL, 0);
  size_t bad = 0;
  while (bad < 1024 && host[bad] == 1)
    bad++;
  free(host);
  assert_hmo(from, HMO_OK);
  assert_hmo(copy, HMO_OK);
  assert_hmo(to, HMO_OK);
  assert_int_equal(bad, 1024);
}

static void memory_copy_partial(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  enum { N = 24576 };
  int32_t *x_host = malloc(N * sizeof(int32_t)), *y_host = malloc(N * sizeof(int32_t));
  assert_non_null(x_host);
  assert_non_null(y_host);
  fill_ints(x_host, N, 0);
  memset(y_host, 0, N * sizeof(int32_t));
  hmo_memory *x = mem_alloc(dev, N, HMO_INT32, NULL);
  hmo_memory *y = mem_alloc(dev, N, HMO_INT32, NULL);
  int status[8];
  /* host -> device in three pieces */
  status[0] = hmo_memory_copy_from(x, x_host + 3 * N / 4, N / 4, 3 * N / 4);
  status[1] = hmo_memory_copy_from(x, x_host, N / 4, 0);
  status[2] = hmo_memory_copy_from(x, x_host + N / 4, N / 2, N / 4);
  /* device -> device in thirds */
  status[3] = hmo_memory_copy(y, x, N / 3, N / 3, N / 3);
  status[4] = hmo_memory_copy(y, x, N / 3, 0, 0);
  status[5] = hmo_memory_copy(y, x, N / 3, 2 * N / 3, 2 * N / 3);
  /* device -> host in halves */
  status[6] = hmo_memory_copy_to(y, y_host, N / 2, 0);
  status[7] = hmo_memory_copy_to(y, y_host + N / 2, N / 2, N / 2);
  size_t bad = 0;
  while (bad < N && x_host[bad] == y_host[bad])
    bad++;
  free(x_host);
  free(y_host);
  for (size_t i = 0; i < 8; i++)
    assert_hmo(status[i], HMO_OK);
  assert_int_equal(bad, N);
}

static void memory_copy_from_at_offset(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 6, 0);
  int32_t host[2] = {70, 71};
  assert_hmo(hmo_memory_copy_from(mem, host, 2, 1), HMO_OK);
  int32_t want[6] = {0, 70, 71, 3, 4, 5};
  mem_expect_ints(mem, want, 6, 0);
}

static void memory_copy_to_at_offset(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 6, 10);
  int32_t host[4] = {-1, -1, -1, -1};
  assert_hmo(hmo_memory_copy_to(mem, host, 2, 3), HMO_OK);
  assert_int_equal(host[0], 13);
  assert_int_equal(host[1], 14);
  assert_int_equal(host[2], -1); /* nothing past count */
  int32_t want[2] = {14, 15};
  mem_expect_ints(mem, want, 2, 4);
}

static void memory_copy_all_is_the_rest(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 8, 0);
  int32_t host[8];
  fill_ints(host, 8, 200);
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 5), HMO_OK); /* 3 elements */
  int32_t want[8] = {0, 1, 2, 3, 4, 200, 201, 202};
  mem_expect_ints(mem, want, 8, 0);
  int32_t back[8];
  for (size_t i = 0; i < 8; i++)
    back[i] = -1;
  assert_hmo(hmo_memory_copy_to(mem, back, HMO_ALL, 6), HMO_OK); /* 2 elements */
  assert_int_equal(back[0], 201);
  assert_int_equal(back[1], 202);
  assert_int_equal(back[2], -1);
}

static void memory_copy_count_zero_is_noop(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *a = ints(dev, 4, 0);
  hmo_memory *b = ints(dev, 4, 50);
  int32_t host[4] = {-1, -1, -1, -1};
  assert_hmo(hmo_memory_copy_from(a, host, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy_from(a, host, 0, 2), HMO_OK);
  assert_hmo(hmo_memory_copy_to(a, host, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy_to(a, host, 0, 3), HMO_OK);
  assert_hmo(hmo_memory_copy(a, b, 0, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(a, b, 0, 1, 2), HMO_OK);
  for (size_t i = 0; i < 4; i++)
    assert_int_equal(host[i], -1);
  expect_ints_from(a, 4, 0);
  expect_ints_from(b, 4, 50);
}

static void memory_copy_offsets_in_own_elements(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = mem_alloc(dev, 8, HMO_INT32, NULL); /* 32 bytes */
  hmo_memory *src = mem_alloc(dev, 4, HMO_INT64, NULL); /* 32 bytes */
  mem_fill(dst, 5, 0);
  mem_fill(src, 6, 0);
  /* 2 int32 (8 bytes) from src element 1 (byte 8) to dst element 3 (byte 12) */
  assert_hmo(hmo_memory_copy(dst, src, 2, 3, 1), HMO_OK);
  unsigned char want[32], got[32];
  mem_pattern(want, 32, 5, 0);
  mem_pattern(want + 12, 8, 6, 8);
  assert_hmo(hmo_memory_copy_to(dst, got, HMO_ALL, 0), HMO_OK);
  assert_memory_equal(got, want, 32);
}

static void memory_copy_all_counts_destination(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *small = ints(dev, 4, 0);
  hmo_memory *big = ints(dev, 10, 100);
  /* small.copyFrom(big) copies small's length */
  assert_hmo(hmo_memory_copy(small, big, HMO_ALL, 0, 3), HMO_OK);
  expect_ints_from(small, 4, 103);
  /* float[10] <- double[10] with HMO_ALL: 40 bytes */
  hmo_memory *floats = mem_alloc(dev, 10, HMO_FLOAT, NULL);
  hmo_memory *doubles = mem_alloc(dev, 10, HMO_DOUBLE, NULL);
  mem_fill(doubles, 7, 0);
  assert_hmo(hmo_memory_copy(floats, doubles, HMO_ALL, 0, 0), HMO_OK);
  mem_expect(floats, 7, 0);
}

static void memory_copy_occa_c_methods(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem2 = ints(dev, 2, 0);
  hmo_memory *mem4 = ints(dev, 4, 0);
  assert_hmo(hmo_memory_copy(mem2, mem4, 2, 0, 2), HMO_OK);
  int32_t want2[2] = {2, 3};
  mem_expect_ints(mem2, want2, 2, 0);
  assert_hmo(hmo_memory_copy(mem4, mem2, 1, 3, 0), HMO_OK);
  int32_t want4[4] = {0, 1, 2, 2};
  mem_expect_ints(mem4, want4, 4, 0);
  int32_t host[4] = {9, 8, 7, 6};
  assert_hmo(hmo_memory_copy_from(mem4, host, HMO_ALL, 0), HMO_OK);
  int32_t back[4] = {0};
  assert_hmo(hmo_memory_copy_to(mem4, back, HMO_ALL, 0), HMO_OK);
  assert_memory_equal(back, host, sizeof host);
}

static void memory_copy_between_slices_of_one_allocation(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = ints(dev, 16, 0);
  hmo_memory *low = mem_slice(mem, 0, 8);
  hmo_memory *high = mem_slice(mem, 8, HMO_ALL);
  assert_hmo(hmo_memory_copy(low, high, HMO_ALL, 0, 0), HMO_OK);
  assert_hmo(hmo_memory_copy(mem, mem, 2, 14, 0), HMO_OK); /* one memory, no overlap */
  int32_t want[16] = {8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 8, 9};
  mem_expect_ints(mem, want, 16, 0);
}

static void memory_copy_across_devices(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  hmo_device *dev0 = mem_open(0);
  hmo_device *dev1 = mem_open(1);
  hmo_memory *a = mem_alloc(dev0, 4096, HMO_INT32, NULL);
  hmo_memory *b = mem_alloc(dev1, 4096, HMO_INT32, NULL);
  mem_fill(a, 8, 0);
  assert_hmo(hmo_memory_copy(b, a, HMO_ALL, 0, 0), HMO_OK);
  mem_expect(b, 8, 0);
  mem_fill(b, 9, 0);
  assert_hmo(hmo_memory_copy(a, b, 1000, 24, 24), HMO_OK);
  unsigned char *want = malloc(4096 * 4), *got = malloc(4096 * 4);
  assert_non_null(want);
  assert_non_null(got);
  mem_pattern(want, 4096 * 4, 8, 0);
  mem_pattern(want + 96, 4000, 9, 96);
  int status = hmo_memory_copy_to(a, got, HMO_ALL, 0);
  int same = memcmp(want, got, 4096 * 4) == 0;
  free(want);
  free(got);
  assert_hmo(status, HMO_OK);
  assert_true(same);
}

static void memory_copy_with_wrapped_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  hmo_memory *wrap = mem_wrap(dev, block, 4096, HMO_BYTE);
  hmo_memory *mem = mem_alloc(dev, 1024, HMO_UINT32, NULL);
  mem_fill(mem, 10, 0);
  assert_hmo(hmo_memory_copy(wrap, mem, HMO_ALL, 0, 0), HMO_OK);
  mem_expect(wrap, 10, 0);
  mem_fill(wrap, 11, 0);
  assert_hmo(hmo_memory_copy(mem, wrap, HMO_ALL, 0, 0), HMO_OK);
  mem_expect(mem, 11, 0);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_copy_from_rejects_null_memory, "occa 4.1 (abort); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_copy_from_rejects_null_source, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_copy_to_rejects_null_memory, "occa 4.1 (abort); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_copy_to_rejects_null_destination, "issue: hmo (NULL argument: HMO_EINVAL)"),
    MEM_RULE(memory_copy_rejects_null_destination_memory,
             "occa 2.4 empty handles (segfault); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_copy_rejects_null_source_memory,
             "occa 2.4 empty handles (segfault); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_copy_from_past_end,
             "occa 2.4 checks (Destination memory has size); HMO_ERANGE"),
    MEM_RULE(memory_copy_to_past_end, "occa 2.4 checks (Source memory has size); HMO_ERANGE"),
    MEM_RULE(memory_copy_from_offset_count_overflow, "issue: hmo (overflow of offset + count)"),
    MEM_RULE(memory_copy_to_offset_count_overflow, "issue: hmo (overflow of offset + count)"),
    MEM_RULE(memory_copy_checks_destination_bounds, "occa 2.4 checks; occa 6 gaps; HMO_ERANGE"),
    MEM_RULE(memory_copy_checks_source_bounds,
             "occa 2.4 units (big.copyFrom(small) throws); occa 6 gaps (mismatched count)"),
    MEM_RULE(memory_copy_count_is_in_destination_elements,
             "occa 2.4 units (float[10].copyTo(double[10]); the reverse throws)"),
    MEM_RULE(
        memory_copy_from_boundary_at_end,
        "occa 2.4 checks (offset + bytes past the view size); issue: hmo (exact end vs one past)"),
    MEM_RULE(
        memory_copy_to_boundary_at_end,
        "occa 2.4 checks (offset + bytes past the view size); issue: hmo (exact end vs one past)"),
    MEM_RULE(memory_copy_boundary_at_destination_end,
             "occa 2.4 checks (Destination memory has size); issue: hmo (exact end vs one past)"),
    MEM_RULE(memory_copy_boundary_at_source_end,
             "occa 2.4 checks (Source memory has size); issue: hmo (exact end vs one past)"),
    MEM_RULE(memory_copy_source_boundary_in_its_own_bytes,
             "occa 2.4 units (count in dst elements, offset in src's); issue: hmo (byte end)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_copy_round_trip, "occa 6 testCopy (int[1024])"),
    MEM_RULE(memory_copy_partial, "occa 6 testPartialCopy (N = 24576)"),
    MEM_RULE(memory_copy_from_at_offset, "occa 4.2 occaCopyPtrToMem (bytes=2, offset=1)"),
    MEM_RULE(memory_copy_to_at_offset, "occa 4.2 occaCopyMemToPtr (src elements)"),
    MEM_RULE(memory_copy_all_is_the_rest, "occa 2.4 units (-1 is the rest); issue: hmo (HMO_ALL)"),
    MEM_RULE(memory_copy_count_zero_is_noop, "occa 2.4 empty handles (count 0 is a no-op)"),
    MEM_RULE(memory_copy_offsets_in_own_elements, "occa 2.4 units (each offset in its own dtype)"),
    MEM_RULE(memory_copy_all_counts_destination,
             "occa 2.4 units (small.copyFrom(big) copies small.length())"),
    MEM_RULE(memory_copy_occa_c_methods, "occa 6 c/memory.cpp testCopyMethods"),
    MEM_RULE(memory_copy_between_slices_of_one_allocation, "occa 2.3 slice; issue: hmo (one lock)"),
    MEM_RULE(memory_copy_across_devices, "issue: hmo (works across devices; 2 devices)"),
    MEM_RULE(memory_copy_with_wrapped_memory, "occa 3.1 wrapMemory; occa 3.3 copies"),
};

const conf_group conf_group_hmo_copy_negative = CONF_GROUP("hmo_copy_negative", negative_rules);
const conf_group conf_group_hmo_copy = CONF_GROUP("hmo_copy", functional_rules);
