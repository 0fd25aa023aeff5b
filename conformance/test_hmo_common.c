/*
 * test_hmo_common.c: the hmo layer of the fixture, the status assertions,
 * the tracked constructors and the data pattern of the memory rules.
 *
 * Rules run one after another on one thread (plain run and --report alike),
 * so what a rule holds lives in file-static arrays that mem_setup empties and
 * mem_teardown gives back: memories first (newest first), then pools, then
 * devices, then the suite's own teardown, which checks the backend is clean.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

#define MEM_MAX_REFS 256
#define MEM_MAX_DEVICES 8
#define MEM_MAX_POOLS 4

static hmo_memory *refs[MEM_MAX_REFS]; /* one entry per reference held */
static size_t ref_count;
static hmo_device *devices[MEM_MAX_DEVICES];
static size_t device_count;
static hmo_pool *pools[MEM_MAX_POOLS];
static size_t pool_count;

int mem_setup(void **state) {
  ref_count = 0;
  device_count = 0;
  pool_count = 0;
  return conf_setup(state);
}

int mem_teardown(void **state) {
  while (ref_count > 0)
    hmo_memory_release(refs[--ref_count]);
  /* Every memory the rule made was remembered and is released: a pool or a
     device that is still busy holds one the rule made without these helpers. */
  int busy = 0;
  while (pool_count > 0)
    if (hmo_pool_destroy(pools[--pool_count]) != HMO_OK) {
      print_error("mem_teardown: %s\n", hmo_error_last()->message);
      busy = 1;
    }
  while (device_count > 0) {
    hmo_device *dev = devices[--device_count];
    if (hmo_device_close(dev) != HMO_OK) {
      print_error("mem_teardown: %s\n", hmo_error_last()->message);
      busy = 1;
    }
  }
  int status = conf_teardown(state);
  return busy ? -1 : status;
}

static void track(const char *file, int line, hmo_memory *mem) {
  if (ref_count == MEM_MAX_REFS)
    conf_fail_at(file, line, "a rule holds more than %d memory references", MEM_MAX_REFS);
  refs[ref_count++] = mem;
}

/* ---- status assertions ---- */

static const char *name_of(int status) {
  const char *name = hmo_status_name(status);
  return name != NULL ? name : "(unknown status)";
}

void mem_assert_status_at(const char *file, int line, int got, int expected, const char *call) {
  const hmo_error *error = hmo_error_last();
  if (error == NULL)
    conf_fail_at(file, line, "%s: hmo_error_last() returned NULL", call);
  if (got != expected) {
    conf_fail_at(file, line, "%s returned %s (%d), expected %s%s%s%s", call, name_of(got), got,
                 name_of(expected), got != HMO_OK ? " (hmo_error_last: \"" : "",
                 got != HMO_OK && error->message ? error->message : "", got != HMO_OK ? "\")" : "");
  }
  if (expected == HMO_OK)
    return;
  if (error->status != expected)
    conf_fail_at(file, line, "%s returned %s but hmo_error_last()->status is %s", call,
                 name_of(got), name_of(error->status));
  if (error->message == NULL || error->message[0] == '\0')
    conf_fail_at(file, line, "%s returned %s with no message in hmo_error_last()", call,
                 name_of(got));
}

void mem_assert_new_at(const char *file, int line, hmo_memory **out, int got, int expected,
                       const char *call) {
  if (got == HMO_OK && out != NULL && *out != NULL)
    track(file, line, *out);
  mem_assert_status_at(file, line, got, expected, call);
  if (got == HMO_OK && (out == NULL || *out == NULL))
    conf_fail_at(file, line, "%s returned HMO_OK but no memory", call);
}

/* ---- tracked objects ---- */

hmo_device *mem_open_at(const char *file, int line, int hip_device) {
  hmo_device *dev = NULL;
  int status = hmo_device_open(&dev, hip_device);
  if (status == HMO_OK && dev != NULL) {
    if (device_count == MEM_MAX_DEVICES)
      conf_fail_at(file, line, "a rule holds more than %d devices", MEM_MAX_DEVICES);
    devices[device_count++] = dev;
  }
  mem_assert_status_at(file, line, status, HMO_OK, "hmo_device_open(&dev, hip_device)");
  if (dev == NULL)
    conf_fail_at(file, line, "hmo_device_open(%d) returned HMO_OK but no device", hip_device);
  return dev;
}

void mem_close_at(const char *file, int line, hmo_device *dev) {
  for (size_t i = device_count; i-- > 0;) {
    if (devices[i] != dev)
      continue;
    int status = hmo_device_close(dev);
    if (status == HMO_OK) { /* a busy device stays remembered: the teardown closes it */
      memmove(&devices[i], &devices[i + 1], (device_count - i - 1) * sizeof devices[0]);
      device_count--;
    }
    mem_assert_status_at(file, line, status, HMO_OK, "hmo_device_close(dev)");
    return;
  }
  conf_fail_at(file, line, "mem_close: device %p is not held by this rule", (void *)dev);
}

hmo_memory *mem_alloc_at(const char *file, int line, hmo_device *dev, size_t count, hmo_dtype dtype,
                         const void *src) {
  hmo_memory *mem = NULL;
  mem_assert_new_at(file, line, &mem, hmo_memory_alloc(&mem, dev, count, dtype, src), HMO_OK,
                    "hmo_memory_alloc(&mem, dev, count, dtype, src)");
  return mem;
}

hmo_memory *mem_reserve_at(const char *file, int line, hmo_device *dev, size_t count,
                           size_t capacity, hmo_dtype dtype) {
  hmo_memory *mem = NULL;
  mem_assert_new_at(file, line, &mem, hmo_memory_reserve(&mem, dev, count, capacity, dtype), HMO_OK,
                    "hmo_memory_reserve(&mem, dev, count, capacity, dtype)");
  return mem;
}

hmo_memory *mem_wrap_at(const char *file, int line, hmo_device *dev, void *ptr, size_t count,
                        hmo_dtype dtype) {
  hmo_memory *mem = NULL;
  mem_assert_new_at(file, line, &mem, hmo_memory_wrap(&mem, dev, ptr, count, dtype), HMO_OK,
                    "hmo_memory_wrap(&mem, dev, ptr, count, dtype)");
  return mem;
}

hmo_memory *mem_slice_at(const char *file, int line, hmo_memory *mem, size_t offset, size_t count) {
  hmo_memory *view = NULL;
  mem_assert_new_at(file, line, &view, hmo_memory_slice(&view, mem, offset, count), HMO_OK,
                    "hmo_memory_slice(&view, mem, offset, count)");
  return view;
}

hmo_memory *mem_cast_at(const char *file, int line, hmo_memory *mem, hmo_dtype dtype) {
  hmo_memory *view = NULL;
  mem_assert_new_at(file, line, &view, hmo_memory_cast(&view, mem, dtype), HMO_OK,
                    "hmo_memory_cast(&view, mem, dtype)");
  return view;
}

hmo_memory *mem_clone_at(const char *file, int line, const hmo_memory *mem) {
  hmo_memory *copy = NULL;
  mem_assert_new_at(file, line, &copy, hmo_memory_clone(&copy, mem), HMO_OK,
                    "hmo_memory_clone(&copy, mem)");
  return copy;
}

hmo_memory *mem_retain_at(const char *file, int line, hmo_memory *mem) {
  hmo_memory *same = hmo_memory_retain(mem);
  if (same != NULL)
    track(file, line, same);
  if (same != mem)
    conf_fail_at(file, line, "hmo_memory_retain(%p) returned %p, not its argument", (void *)mem,
                 (void *)same);
  return same;
}

void mem_release_at(const char *file, int line, hmo_memory *mem) {
  for (size_t i = ref_count; i-- > 0;) {
    if (refs[i] != mem)
      continue;
    memmove(&refs[i], &refs[i + 1], (ref_count - i - 1) * sizeof refs[0]);
    ref_count--;
    hmo_memory_release(mem);
    return;
  }
  conf_fail_at(file, line, "mem_release: this rule holds no reference to memory %p", (void *)mem);
}

hmo_pool *mem_pool_create_at(const char *file, int line, hmo_device *dev, size_t capacity) {
  if (pool_count == MEM_MAX_POOLS)
    conf_fail_at(file, line, "a rule holds more than %d pools", MEM_MAX_POOLS);
  hmo_pool *pool = NULL;
  int status = hmo_pool_create(&pool, dev, capacity);
  if (pool != NULL)
    pools[pool_count++] = pool;
  mem_assert_status_at(file, line, status, HMO_OK, "hmo_pool_create(&pool, dev, capacity)");
  return pool;
}

void mem_pool_destroy_at(const char *file, int line, hmo_pool *pool) {
  for (size_t i = pool_count; i-- > 0;) {
    if (pools[i] != pool)
      continue;
    int status = hmo_pool_destroy(pool);
    if (status == HMO_OK) { /* a busy pool stays remembered: the teardown destroys it */
      memmove(&pools[i], &pools[i + 1], (pool_count - i - 1) * sizeof pools[0]);
      pool_count--;
    }
    mem_assert_status_at(file, line, status, HMO_OK, "hmo_pool_destroy(pool)");
    return;
  }
  conf_fail_at(file, line, "mem_pool_destroy: pool %p is not held by this rule", (void *)pool);
}

hmo_memory *mem_pool_alloc_at(const char *file, int line, hmo_pool *pool, size_t count,
                              hmo_dtype dtype, const void *src) {
  hmo_memory *mem = NULL;
  mem_assert_new_at(file, line, &mem, hmo_pool_alloc(&mem, pool, count, dtype, src), HMO_OK,
                    "hmo_pool_alloc(&mem, pool, count, dtype, src)");
  return mem;
}

/* ---- data ---- */

void mem_fill_at(const char *file, int line, hmo_memory *mem, unsigned seed, size_t first) {
  size_t bytes = hmo_memory_bytes(mem);
  if (bytes == 0)
    conf_fail_at(file, line, "mem_fill: memory %p has no bytes", (void *)mem);
  unsigned char *host = malloc(bytes);
  assert_non_null(host);
  mem_pattern(host, bytes, seed, first);
  int status = hmo_memory_copy_from(mem, host, HMO_ALL, 0);
  free(host);
  mem_assert_status_at(file, line, status, HMO_OK, "hmo_memory_copy_from(mem, host, HMO_ALL, 0)");
}

void mem_expect_at(const char *file, int line, const hmo_memory *mem, unsigned seed, size_t first) {
  size_t bytes = hmo_memory_bytes(mem);
  if (bytes == 0)
    conf_fail_at(file, line, "mem_expect: memory %p has no bytes", (void *)mem);
  unsigned char *host = malloc(bytes);
  assert_non_null(host);
  memset(host, 0xEE, bytes);
  int status = hmo_memory_copy_to(mem, host, HMO_ALL, 0);
  size_t bad = status == HMO_OK ? mem_pattern_mismatch(host, bytes, seed, first) : bytes;
  unsigned got = bad < bytes ? host[bad] : 0;
  free(host);
  mem_assert_status_at(file, line, status, HMO_OK, "hmo_memory_copy_to(mem, host, HMO_ALL, 0)");
  if (bad != bytes)
    conf_fail_at(file, line,
                 "memory %p byte %zu (of %zu) is 0x%02x, expected 0x%02x (pattern %u from byte "
                 "%zu)",
                 (const void *)mem, bad, bytes, got, mem_pattern_byte(first + bad, seed), seed,
                 first);
}

void mem_expect_ints_at(const char *file, int line, const hmo_memory *mem, const int32_t *values,
                        size_t count, size_t offset) {
  int32_t *host = calloc(count, sizeof *host);
  assert_non_null(host);
  int status = hmo_memory_copy_to(mem, host, count, offset);
  size_t bad = count;
  for (size_t i = 0; status == HMO_OK && i < count; i++) {
    if (host[i] != values[i]) {
      bad = i;
      break;
    }
  }
  int32_t got = bad < count ? host[bad] : 0;
  free(host);
  mem_assert_status_at(file, line, status, HMO_OK, "hmo_memory_copy_to(mem, host, count, offset)");
  if (bad != count)
    conf_fail_at(file, line, "memory %p element %zu is %d, expected %d", (const void *)mem,
                 offset + bad, (int)got, (int)values[bad]);
}
