/*
 * test_hmo_protect.c: hmo_memory_protect, protection the hardware enforces
 * (issue: hmo; OCCA has no equivalent, occa-memory.md 9). It sets the device's
 * access to the whole allocation, every chunk of it, whichever view it is
 * called through; a copy into read-only memory then fails with HMO_EACCESS,
 * and no-access memory fails on either side of any copy.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

/* ---- negative ---- */

static void memory_protect_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hmo(hmo_memory_protect(NULL, HMO_ACCESS_READ), HMO_EINVAL);
}

static void memory_protect_rejects_bad_access(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 16, HMO_INT32, NULL);
  assert_hmo(hmo_memory_protect(mem, (hmo_access)2), HMO_EINVAL);
  assert_hmo(hmo_memory_protect(mem, (hmo_access)4), HMO_EINVAL);
  assert_hmo(hmo_memory_protect(mem, (hmo_access)-1), HMO_EINVAL);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READWRITE);
  mem_fill(mem, 70, 0);
  mem_expect(mem, 70, 0);
}

static void memory_protect_rejects_wrap(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  hmo_memory *mem = mem_wrap(dev, ptr, ctx->size_mem, HMO_BYTE);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_EINVAL);
  assert_int_equal(conf_get_access(ptr, 0), hipMemAccessFlagsProtReadWrite); /* untouched */
  mem_fill(mem, 71, 0);
}

static void memory_read_only_rejects_copy_from(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 1024, HMO_INT32, NULL);
  mem_fill(mem, 72, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  int32_t host[1024] = {0};
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_from(mem, host, 1, 1023), HMO_EACCESS);
  mem_expect(mem, 72, 0); /* nothing was written, reading still works */
}

static void memory_read_only_rejects_copy_into(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *dst = mem_alloc(dev, 256, HMO_INT32, NULL);
  hmo_memory *src = mem_alloc(dev, 256, HMO_INT32, NULL);
  mem_fill(dst, 73, 0);
  mem_fill(src, 74, 0);
  assert_hmo(hmo_memory_protect(dst, HMO_ACCESS_READ), HMO_OK);
  assert_hmo(hmo_memory_copy(dst, src, HMO_ALL, 0, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy(dst, src, 4, 10, 10), HMO_EACCESS);
  mem_expect(dst, 73, 0);
}

static void memory_no_access_rejects_host_copies(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 256, HMO_INT32, NULL);
  mem_fill(mem, 75, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_NONE), HMO_OK);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_NONE);
  int32_t host[256];
  for (size_t i = 0; i < 256; i++)
    host[i] = -3;
  assert_hmo(hmo_memory_copy_from(mem, host, HMO_ALL, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_to(mem, host, HMO_ALL, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_to(mem, host, 1, 5), HMO_EACCESS);
  for (size_t i = 0; i < 256; i++)
    assert_int_equal(host[i], -3);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READWRITE), HMO_OK);
  mem_expect(mem, 75, 0);
}

static void memory_no_access_rejects_memory_copies(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *locked = mem_alloc(dev, 256, HMO_INT32, NULL);
  hmo_memory *open = mem_alloc(dev, 256, HMO_INT32, NULL);
  mem_fill(locked, 76, 0);
  mem_fill(open, 77, 0);
  assert_hmo(hmo_memory_protect(locked, HMO_ACCESS_NONE), HMO_OK);
  assert_hmo(hmo_memory_copy(open, locked, HMO_ALL, 0, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy(locked, open, HMO_ALL, 0, 0), HMO_EACCESS);
  mem_expect(open, 77, 0);
  assert_hmo(hmo_memory_protect(locked, HMO_ACCESS_READWRITE), HMO_OK);
  mem_expect(locked, 76, 0);
}

static void memory_protect_through_slice_covers_allocation(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *low = mem_slice(mem, 0, 8);
  hmo_memory *high = mem_slice(mem, 56, HMO_ALL);
  hmo_memory *cast = mem_cast(mem, HMO_BYTE);
  assert_hmo(hmo_memory_protect(low, HMO_ACCESS_READ), HMO_OK);
  assert_int_equal(conf_get_access((char *)hmo_memory_ptr(high) + 28, 0),
                   hipMemAccessFlagsProtRead);
  int32_t value = 5;
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 63), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_from(high, &value, 1, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_from(cast, &value, 4, 0), HMO_EACCESS);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READ);
  assert_int_equal(hmo_memory_access(high), HMO_ACCESS_READ);
  assert_int_equal(hmo_memory_access(cast), HMO_ACCESS_READ);
}

static void memory_protect_covers_every_chunk(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = ctx->granularity / 4;
  hmo_memory *mem = mem_reserve(dev, per, 8 * per, HMO_INT32);
  assert_hmo(hmo_memory_resize(mem, 2 * per), HMO_OK);
  assert_hmo(hmo_memory_resize(mem, 5 * per), HMO_OK); /* three chunks now */
  mem_fill(mem, 78, 0);
  char *base = hmo_memory_ptr(mem);
  char *granule[3] = {base, base + 2 * ctx->granularity, base + 5 * ctx->granularity - 4};
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  for (size_t i = 0; i < 3; i++) /* what the hardware is told, chunk by chunk */
    assert_int_equal(conf_get_access(granule[i], 0), hipMemAccessFlagsProtRead);
  int32_t value = 1;
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 0), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 2 * per), HMO_EACCESS);
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 5 * per - 1), HMO_EACCESS);
  mem_expect(mem, 78, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_NONE), HMO_OK);
  for (size_t i = 0; i < 3; i++)
    assert_int_equal(conf_get_access(granule[i], 0), hipMemAccessFlagsProtNone);
  int32_t host[1];
  assert_hmo(hmo_memory_copy_to(mem, host, 1, 5 * per - 1), HMO_EACCESS);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READWRITE), HMO_OK);
  for (size_t i = 0; i < 3; i++)
    assert_int_equal(conf_get_access(granule[i], 0), hipMemAccessFlagsProtReadWrite);
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 5 * per - 1), HMO_OK);
}

static void memory_protection_carries_over_resize(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t per = ctx->granularity / 4;
  hmo_memory *mem = mem_reserve(dev, per, 2 * per, HMO_INT32);
  mem_fill(mem, 84, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  /* within the capacity: the new chunk is part of the read-only allocation */
  assert_hmo(hmo_memory_resize(mem, 2 * per), HMO_OK);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READ);
  char *base = hmo_memory_ptr(mem);
  assert_int_equal(conf_get_access(base + ctx->granularity, 0), hipMemAccessFlagsProtRead);
  int32_t value = 1;
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 2 * per - 1), HMO_EACCESS);
  /* past it: moved, every chunk still read-only */
  assert_hmo(hmo_memory_resize(mem, 2 * hmo_memory_capacity(mem)), HMO_OK);
  assert_int_equal(hmo_memory_moves(mem), 1);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READ);
  base = hmo_memory_ptr(mem);
  size_t bytes = hmo_memory_bytes(mem);
  assert_int_equal(conf_get_access(base, 0), hipMemAccessFlagsProtRead);
  assert_int_equal(conf_get_access(base + bytes - 4, 0), hipMemAccessFlagsProtRead);
  assert_hmo(hmo_memory_copy_from(mem, &value, 1, 0), HMO_EACCESS);
  mem_expect(mem_slice(mem, 0, per), 84, 0);
}

/* ---- functional ---- */

static void memory_read_only_allows_reading(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 512, HMO_INT32, NULL);
  hmo_memory *other = mem_alloc(dev, 512, HMO_INT32, NULL);
  mem_fill(mem, 79, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READ);
  assert_int_equal(conf_get_access(hmo_memory_ptr(mem), 0), hipMemAccessFlagsProtRead);
  mem_expect(mem, 79, 0);                                         /* copy_to */
  assert_hmo(hmo_memory_copy(other, mem, HMO_ALL, 0, 0), HMO_OK); /* as a source */
  mem_expect(other, 79, 0);
  hmo_memory *copy = mem_clone(mem);
  mem_expect(copy, 79, 0);
  mem_fill(copy, 80, 0); /* the clone is an allocation of its own */
}

static void memory_protect_readwrite_restores(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 300, HMO_INT32, NULL);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READWRITE);
  mem_fill(mem, 81, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_NONE), HMO_OK);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_NONE);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READ), HMO_OK);
  mem_expect(mem, 81, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READWRITE), HMO_OK);
  assert_int_equal(hmo_memory_access(mem), HMO_ACCESS_READWRITE);
  mem_expect(mem, 81, 0);
  mem_fill(mem, 82, 0);
  mem_expect(mem, 82, 0);
  assert_hmo(hmo_memory_protect(mem, HMO_ACCESS_READWRITE), HMO_OK); /* again: no change */
  mem_expect(mem, 82, 0);
}

static void memory_protect_leaves_other_allocations(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *a = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *b = mem_alloc(dev, 64, HMO_INT32, NULL);
  assert_hmo(hmo_memory_protect(a, HMO_ACCESS_NONE), HMO_OK);
  assert_int_equal(hmo_memory_access(b), HMO_ACCESS_READWRITE);
  assert_int_equal(conf_get_access(hmo_memory_ptr(b), 0), hipMemAccessFlagsProtReadWrite);
  mem_fill(b, 83, 0);
  mem_expect(b, 83, 0);
}

static void memory_protected_memory_releases_cleanly(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *ro = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *none = mem_alloc(dev, 64, HMO_INT32, NULL);
  assert_hmo(hmo_memory_protect(ro, HMO_ACCESS_READ), HMO_OK);
  assert_hmo(hmo_memory_protect(none, HMO_ACCESS_NONE), HMO_OK);
  assert_hmo(hmo_memory_free(ro), HMO_OK);
  mem_release(none);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  /* the fixture's teardown checks that the backend holds nothing */
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_protect_rejects_null, "issue: hmo (hmo_memory_protect Errors)"),
    MEM_RULE(memory_protect_rejects_bad_access, "issue: hmo (bad access value: HMO_EINVAL)"),
    MEM_RULE(memory_protect_rejects_wrap, "occa 3.1 wrapMemory (not its owner); issue: hmo"),
    MEM_RULE(memory_read_only_rejects_copy_from, "issue: hmo (copy into read-only: HMO_EACCESS)"),
    MEM_RULE(memory_read_only_rejects_copy_into,
             "issue: hmo (read-only memory as destination: HMO_EACCESS)"),
    MEM_RULE(memory_no_access_rejects_host_copies, "issue: hmo (no-access memory: HMO_EACCESS)"),
    MEM_RULE(memory_no_access_rejects_memory_copies,
             "issue: hmo (no-access memory either side: HMO_EACCESS)"),
    MEM_RULE(memory_protect_through_slice_covers_allocation,
             "issue: hmo (protect sets the whole allocation)"),
    MEM_RULE(memory_protect_covers_every_chunk, "issue: hmo (protect: all chunks)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_read_only_allows_reading, "issue: hmo (read-only: copy_to works)"),
    MEM_RULE(memory_protect_readwrite_restores, "issue: hmo (READWRITE restores)"),
    MEM_RULE(memory_protect_leaves_other_allocations, "issue: hmo (per allocation)"),
    MEM_RULE(memory_protection_carries_over_resize,
             "issue: hmo (protect: the whole allocation, chunks mapped later included)"),
    MEM_RULE(memory_protected_memory_releases_cleanly, "issue: hmo (free unwinds any access)"),
};

const conf_group conf_group_hmo_protect_negative =
    CONF_GROUP("hmo_protect_negative", negative_rules);
const conf_group conf_group_hmo_protect = CONF_GROUP("hmo_protect", functional_rules);
