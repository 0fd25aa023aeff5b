/*
 * test_chaos_pool.c: every HIP call of the pool operations failed in turn
 * (chaos.c's wrappers): create, the first alloc, an alloc that maps one more
 * segment, one that spans two unmapped segments, an alloc with src, free,
 * trim and destroy. For N = 1, 2, ... until the operation succeeds, the N-th
 * call fails; then the status is an error left in hmo_error_last() with a
 * message that starts with the public call; an alloc leaves mockhip holding
 * exactly what it held before and the pool's counts as they were; a trim or a
 * destroy leaves the pool's mapped bytes equal to mockhip's; and the pool
 * still allocates, copies and frees. Every round ends with mockhip holding
 * nothing.
 */
#include "chaos.h"

#include <stdlib.h>
#include <string.h>

static hmo_device *device;
static size_t segment; /* the segment size of a 64 MiB pool */

typedef struct pool_round {
  hmo_pool *pool;
  hmo_memory *kept; /* made by the setup */
  hmo_memory *out;  /* made by the operation */
} pool_round;

typedef struct pool_op {
  const char *name;
  const char *call;
  void (*setup)(pool_round *r);
  int (*run)(pool_round *r);
  bool changes_mappings;       /* trim and destroy: a failure part-way keeps what it did */
  void (*done)(pool_round *r); /* checks a success, if more than the pool working */
} pool_op;

static void new_pool(pool_round *r) { HT_OK(hmo_pool_create(&r->pool, device, 64 * HT_MIB)); }

static void warm_three_segments(pool_round *r) {
  new_pool(r);
  hmo_memory *mem;
  HT_OK(hmo_pool_alloc(&mem, r->pool, 3 * segment, HMO_UINT8, NULL));
  hmo_memory_release(mem);
  assert_int_equal(hmo_pool_bytes_mapped(r->pool), 3 * segment);
}

static void nearly_full_first_segment(pool_round *r) {
  new_pool(r);
  HT_OK(hmo_pool_alloc(&r->kept, r->pool, segment - 256, HMO_UINT8, NULL));
}

static void one_object(pool_round *r) {
  new_pool(r);
  HT_OK(hmo_pool_alloc(&r->kept, r->pool, 1000, HMO_UINT8, NULL));
}

static int run_create(pool_round *r) { return hmo_pool_create(&r->pool, device, 64 * HT_MIB); }
static int run_first_alloc(pool_round *r) {
  return hmo_pool_alloc(&r->out, r->pool, 1000, HMO_UINT8, NULL);
}
static int run_alloc_next_segment(pool_round *r) { /* from segment - 256: maps segment 1 */
  return hmo_pool_alloc(&r->out, r->pool, 1024, HMO_UINT8, NULL);
}
static int run_alloc_two_segments(pool_round *r) {
  return hmo_pool_alloc(&r->out, r->pool, segment + segment / 2, HMO_UINT8, NULL);
}
static int run_alloc_src(pool_round *r) {
  unsigned char src[5000];
  ht_fill(src, sizeof src, 5);
  return hmo_pool_alloc(&r->out, r->pool, sizeof src, HMO_UINT8, src);
}
static void alloc_src_done(pool_round *r) { assert_true(ht_memory_holds(r->out, 5000, 5)); }
static int run_free(pool_round *r) { return hmo_memory_free(r->kept); }
static int run_trim(pool_round *r) { return hmo_pool_trim(r->pool); }
static int run_destroy(pool_round *r) {
  int status = hmo_pool_destroy(r->pool);
  if (status == HMO_OK)
    r->pool = NULL;
  return status;
}

static const pool_op ops[] = {
    {"create", "hmo_pool_create", NULL, run_create, false, NULL},
    {"first alloc", "hmo_pool_alloc", new_pool, run_first_alloc, false, NULL},
    {"alloc mapping the next segment", "hmo_pool_alloc", nearly_full_first_segment,
     run_alloc_next_segment, false, NULL},
    {"alloc spanning two unmapped segments", "hmo_pool_alloc", new_pool, run_alloc_two_segments,
     false, NULL},
    {"alloc with src", "hmo_pool_alloc", one_object, run_alloc_src, false, alloc_src_done},
    {"free", "hmo_memory_free", one_object, run_free, false, NULL},
    {"trim", "hmo_pool_trim", warm_three_segments, run_trim, true, NULL},
    {"destroy", "hmo_pool_destroy", warm_three_segments, run_destroy, true, NULL},
};

/* The pool still allocates (mapping a segment if need be), copies and frees. */
static void assert_pool_works(hmo_pool *pool) {
  size_t objects = hmo_pool_objects(pool);
  unsigned char in[3000];
  ht_fill(in, sizeof in, 11);
  hmo_memory *mem;
  HT_OK(hmo_pool_alloc(&mem, pool, sizeof in, HMO_UINT8, in));
  assert_true(ht_memory_holds(mem, sizeof in, 11));
  assert_int_equal(hmo_pool_objects(pool), objects + 1);
  HT_OK(hmo_memory_free(mem));
  hmo_memory_release(mem);
  assert_int_equal(hmo_pool_objects(pool), objects);
}

static void end_round(pool_round *r) {
  hmo_memory_release(r->out);
  hmo_memory_release(r->kept);
  HT_OK(hmo_pool_destroy(r->pool));
  assert_int_equal(hmo_device_bytes_allocated(device), 0);
  assert_int_equal(mockhip_live_objects(), 0);
}

static void sweep(const pool_op *op, hipError_t injected) {
  unsigned long long n;
  for (n = 1; n <= CHAOS_MAX_CALLS; n++) {
    pool_round r = {0};
    size_t fds = ht_open_fds(); /* segments open no fd: the group's first made the arena file */
    if (op->setup)
      op->setup(&r);
    size_t objects = hmo_pool_objects(r.pool), mapped = hmo_pool_bytes_mapped(r.pool);
    mockhip_stats_t before = ht_stats();
    unsigned long long wrapped_before[MOCKHIP_API_COUNT];
    memcpy(wrapped_before, chaos.wrapped, sizeof wrapped_before);
    chaos_arm(n, injected);
    int status = op->run(&r);
    chaos_disarm();
    mockhip_stats_t after = ht_stats();
    assert_all_calls_wrapped(&before, &after, wrapped_before, op->name);
    bool fired = chaos.failed_api >= 0;
    if (status == HMO_OK) {
      if (op->done != NULL)
        op->done(&r);
      if (r.pool != NULL)
        assert_pool_works(r.pool);
      end_round(&r);
      HT_FDS(fds, op->name);
      if (!fired)
        break;  /* every call of the operation has been failed once */
      continue; /* a failure it may swallow (an undo's): it still leaked nothing */
    }
    assert_true(fired);
    const hmo_error *err = hmo_error_last();
    assert_int_equal(err->status, status);
    if (strncmp(err->message, op->call, strlen(op->call)) != 0)
      fail_msg("%s, %s failed: \"%s\" does not start with %s", op->name,
               mockhip_api_name(chaos.failed_api), err->message, op->call);
    if (!op->changes_mappings) {
      assert_null(r.out);
      assert_true(ht_same_objects(&before, &after, op->name));
      if (r.pool != NULL) {
        assert_int_equal(hmo_pool_objects(r.pool), objects);
        assert_int_equal(hmo_pool_bytes_mapped(r.pool), mapped);
      }
    } else { /* what it unmapped is gone, what it did not is still mapped and counted */
      assert_int_equal(hmo_pool_bytes_mapped(r.pool),
                       after.mapped_bytes - (before.mapped_bytes - mapped));
    }
    if (r.pool != NULL)
      assert_pool_works(r.pool);
    end_round(&r);
    HT_FDS(fds, op->name);
  }
  print_message("%s, failing with %s: %llu calls swept\n", op->name, hipGetErrorName(injected),
                n - 1);
  assert_true(n <= CHAOS_MAX_CALLS);
}

static void test_chaos_pool(void **state) {
  const pool_op *op = *state;
  sweep(op, hipErrorOutOfMemory);
  sweep(op, hipErrorInvalidValue);
}

static int group_setup(void **state) {
  (void)state;
  mockhip_strict(1);
  if (hmo_device_open(&device, 0) != HMO_OK)
    return -1;
  hmo_pool *pool;
  hmo_memory *mem;
  if (hmo_pool_create(&pool, device, 64 * HT_MIB) != HMO_OK ||
      hmo_pool_alloc(&mem, pool, 1, HMO_UINT8, NULL) != HMO_OK)
    return -1;
  segment = hmo_pool_bytes_mapped(pool);
  hmo_memory_release(mem);
  return hmo_pool_destroy(pool) == HMO_OK ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  if (hmo_device_close(device) != HMO_OK || mockhip_strict_count() != 0)
    return -1;
  return mockhip_live_objects() == 0 ? 0 : -1;
}

int main(void) {
  struct CMUnitTest tests[sizeof ops / sizeof ops[0]];
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    tests[i] = (struct CMUnitTest){ops[i].name, test_chaos_pool, NULL, NULL, (void *)&ops[i]};
  return _cmocka_run_group_tests("hmo_chaos_pool", tests, sizeof ops / sizeof ops[0], group_setup,
                                 group_teardown);
}
