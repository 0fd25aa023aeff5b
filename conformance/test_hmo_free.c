/*
 * test_hmo_free.c: hmo_memory_free and the last hmo_memory_release
 * (occa-memory.md 1, 2.1 free(), 2.4 empty handles, 4.1 ownership, 8.2).
 * hmo_memory_free frees the allocation now; every view of it (slices,
 * casts, retained references) then answers HMO_EFREED to every fallible
 * operation and 0/NULL/false to the queries, never a crash: OCCA segfaults on
 * good.copyFrom(freed) and lets copied C handles dangle. Each view still
 * needs its release; the last release frees what hmo_memory_free did not.
 * A view whose last reference is gone is released: a second release, or any
 * other call on it, does nothing and answers HMO_EFREED ("released already")
 * while hmo keeps its struct in quarantine (hmo.h, hmo_memory_release), as a
 * double free() would not.
 */
#include "test_hmo_common.h"

#include <stdlib.h>
#include <string.h>

#define VIEWS 4

/* An int32[16] allocation with a slice, a cast and a retained reference to it,
   freed through one of them. */
typedef struct freed_set {
  hmo_device *dev;
  hmo_memory *view[VIEWS];
  const char *name[VIEWS];
  hmo_memory *live; /* another allocation, int32[16], holding 0..15 */
} freed_set;

static const int32_t live_values[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

static void make_freed_set(freed_set *set, size_t free_through) {
  set->dev = mem_open(0);
  hmo_memory *root = mem_alloc(set->dev, 16, HMO_INT32, NULL);
  set->view[0] = root;
  set->name[0] = "root";
  set->view[1] = mem_slice(root, 4, 8);
  set->name[1] = "slice";
  set->view[2] = mem_cast(root, HMO_INT16);
  set->name[2] = "cast";
  set->view[3] = mem_retain(root);
  set->name[3] = "retained";
  set->live = mem_alloc(set->dev, 16, HMO_INT32, live_values);
  assert_hmo(hmo_memory_free(set->view[free_through]), HMO_OK);
}

static void expect_freed_at(const char *file, int line, const char *view, int got,
                            const char *call) {
  const hmo_error *error = hmo_error_last();
  if (got == HMO_EFREED && error->status == HMO_EFREED && error->message != NULL &&
      error->message[0] != '\0')
    return;
  const char *name = hmo_status_name(got);
  const char *last = hmo_status_name(error->status);
  conf_fail_at(file, line,
               "%s on the %s view returned %s, expected HMO_EFREED (hmo_error_last: %s \"%s\")",
               call, view, name ? name : "(unknown)", last ? last : "(unknown)",
               error->message ? error->message : "(null)");
}

#define expect_freed(view, call) expect_freed_at(CONF_HERE, view, (call), #call)

/* A call that would make a new memory from a freed one. */
#define expect_freed_new(view, out, call)                                                          \
  do {                                                                                             \
    *(out) = NULL;                                                                                 \
    int status_ = (call);                                                                          \
    if (status_ == HMO_OK)                                                                         \
      mem_assert_new_at(CONF_HERE, out, status_, HMO_OK, #call); /* remembered for teardown */     \
    expect_freed_at(CONF_HERE, view, status_, #call);                                              \
  } while (0)

/* ---- released views ---- */

#define NO_STATUS (-1) /* a call that returns none: only hmo_error_last() tells */

/* Leaves HMO_EINVAL in hmo_error_last(), so that what a void call leaves there shows. */
static void clear_last_error(void) { (void)hmo_memory_free(NULL); }

static void expect_released_at(const char *file, int line, const char *view, int got,
                               const char *call) {
  const hmo_error *error = hmo_error_last();
  bool said = error->status == HMO_EFREED && error->message != NULL &&
              strstr(error->message, "released already") != NULL;
  if ((got == NO_STATUS || got == HMO_EFREED) && said)
    return;
  const char *name = got == NO_STATUS ? "nothing" : hmo_status_name(got);
  const char *last = hmo_status_name(error->status);
  conf_fail_at(file, line,
               "%s on the released %s view returned %s; expected HMO_EFREED and a message "
               "saying it was released already (hmo_error_last: %s \"%s\")",
               call, view, name ? name : "(unknown)", last ? last : "(unknown)",
               error->message ? error->message : "(null)");
}

#define expect_released(view, call) expect_released_at(CONF_HERE, view, (call), #call)
/* A call that returns nothing (a release) or no status (a query): what it left behind. */
#define expect_released_quietly(view, call)                                                        \
  do {                                                                                             \
    clear_last_error();                                                                            \
    (void)(call);                                                                                  \
    expect_released_at(CONF_HERE, view, NO_STATUS, #call);                                         \
  } while (0)
/* A call that would make a new memory from a released one. */
#define expect_released_new(view, out, call)                                                       \
  do {                                                                                             \
    *(out) = NULL;                                                                                 \
    int status_ = (call);                                                                          \
    if (status_ == HMO_OK)                                                                         \
      mem_assert_new_at(CONF_HERE, out, status_, HMO_OK, #call); /* remembered for teardown */     \
    expect_released_at(CONF_HERE, view, status_, #call);                                           \
  } while (0)

/* ---- negative ---- */

static void memory_free_rejects_null(void **state) {
  (void)conf_begin(state);
  assert_hmo(hmo_memory_free(NULL), HMO_EINVAL);
}

static void memory_free_twice_is_efreed(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  for (size_t i = 0; i < VIEWS; i++)
    expect_freed(set.name[i], hmo_memory_free(set.view[i]));
}

static void memory_freed_views_reject_host_copies(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  int32_t host[16];
  for (size_t i = 0; i < 16; i++)
    host[i] = -7;
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i];
    expect_freed(set.name[i], hmo_memory_copy_from(h, host, 1, 0));
    expect_freed(set.name[i], hmo_memory_copy_from(h, host, HMO_ALL, 0));
    expect_freed(set.name[i], hmo_memory_copy_to(h, host, 1, 0));
    expect_freed(set.name[i], hmo_memory_copy_to(h, host, HMO_ALL, 0));
  }
  for (size_t i = 0; i < 16; i++)
    assert_int_equal(host[i], -7);
}

static void memory_freed_either_side_of_memory_copy(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i];
    /* OCCA: good.copyFrom(freed) and good.copyTo(freed) dereference NULL */
    expect_freed(set.name[i], hmo_memory_copy(set.live, h, 1, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(set.live, h, HMO_ALL, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(h, set.live, 1, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(h, set.live, HMO_ALL, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(h, h, 1, 0, 0));
    for (size_t j = 0; j < VIEWS; j++)
      expect_freed(set.name[i], hmo_memory_copy(h, set.view[j], 1, 0, 0));
  }
  mem_expect_ints(set.live, live_values, 16, 0);
}

static void memory_freed_zero_count_copy_is_efreed(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  int32_t host[4] = {0};
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i];
    expect_freed(set.name[i], hmo_memory_copy_from(h, host, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy_to(h, host, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(set.live, h, 0, 0, 0));
    expect_freed(set.name[i], hmo_memory_copy(h, set.live, 0, 0, 0));
  }
}

static void memory_freed_views_reject_new_views(void **state) {
  conf_ctx *ctx = conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i], *out = NULL;
    expect_freed_new(set.name[i], &out, hmo_memory_slice(&out, h, 0, 1));
    expect_freed_new(set.name[i], &out, hmo_memory_slice(&out, h, 0, HMO_ALL));
    expect_freed_new(set.name[i], &out, hmo_memory_cast(&out, h, HMO_BYTE));
    expect_freed_new(set.name[i], &out, hmo_memory_clone(&out, h));
  }
  /* only `live` is left */
  assert_int_equal(hmo_device_bytes_allocated(set.dev), conf_round_up(64, ctx->granularity));
}

static void memory_freed_views_reject_resize_and_protect(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 0);
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i];
    expect_freed(set.name[i], hmo_memory_resize(h, 4));
    expect_freed(set.name[i], hmo_memory_resize(h, 100000));
    expect_freed(set.name[i], hmo_memory_protect(h, HMO_ACCESS_READ));
    expect_freed(set.name[i], hmo_memory_protect(h, HMO_ACCESS_READWRITE));
  }
}

static void memory_freed_through_slice_is_freed_for_every_view(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 1); /* through the slice */
  int32_t host[4] = {0};
  for (size_t i = 0; i < VIEWS; i++) {
    expect_freed(set.name[i], hmo_memory_copy_from(set.view[i], host, 1, 0));
    expect_freed(set.name[i], hmo_memory_free(set.view[i]));
  }
}

static void memory_release_twice_is_efreed(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *slice = mem_slice(mem, 8, 16);
  hmo_memory *cast = mem_cast(mem, HMO_BYTE);
  mem_release(slice);
  expect_released_quietly("slice", hmo_memory_release(slice));
  mem_release(cast);
  expect_released_quietly("cast", hmo_memory_release(cast));
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  expect_released_quietly("root", hmo_memory_release(mem));
  expect_released_quietly("slice", hmo_memory_release(slice)); /* a third time */
  /* Nothing was counted off twice: the device closes, and the teardown finds nothing left. */
  mem_close(dev);
}

static void memory_release_twice_of_pool_object_is_efreed(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_pool *pool = mem_pool_create(dev, (size_t)1 << 20);
  hmo_memory *first = mem_pool_alloc(pool, 64, HMO_INT32, NULL);
  hmo_memory *slice = mem_slice(first, 0, 8);
  mem_release(slice);
  expect_released_quietly("pool object's slice", hmo_memory_release(slice));
  mem_release(first);
  assert_int_equal(hmo_pool_objects(pool), 0);
  /* The next object of the same size is not handed the released one's structs while they wait,
     so releasing the released one again cannot release it. */
  hmo_memory *next = mem_pool_alloc(pool, 64, HMO_INT32, NULL);
  mem_fill(next, 44, 0);
  expect_released_quietly("pool object", hmo_memory_release(first));
  expect_released_quietly("pool object's slice", hmo_memory_release(slice));
  assert_true(hmo_memory_is_valid(next));
  mem_expect(next, 44, 0);
  assert_int_equal(hmo_pool_objects(pool), 1);
}

static void memory_release_after_free_twice_is_efreed(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *slice = mem_slice(mem, 8, 16);
  assert_hmo(hmo_memory_free(slice), HMO_OK);
  mem_release(slice);
  expect_released_quietly("freed slice", hmo_memory_release(slice));
  mem_release(mem);
  expect_released_quietly("freed root", hmo_memory_release(mem));
  hmo_pool *pool = mem_pool_create(dev, (size_t)1 << 20);
  hmo_memory *object = mem_pool_alloc(pool, 64, HMO_INT32, NULL);
  assert_hmo(hmo_memory_free(object), HMO_OK);
  mem_release(object);
  expect_released_quietly("freed pool object", hmo_memory_release(object));
  assert_int_equal(hmo_pool_objects(pool), 0);
  mem_pool_destroy(pool);
  mem_close(dev);
}

/* Every call on a released view: a slice whose allocation lives on, and a root whose
   allocation is gone. */
static void memory_released_views_reject_every_call(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *live = mem_alloc(dev, 16, HMO_INT32, live_values);
  hmo_memory *root = mem_alloc(dev, 64, HMO_INT32, NULL);
  hmo_memory *slice = mem_slice(root, 8, 16);
  hmo_memory *gone = mem_alloc(dev, 64, HMO_INT32, NULL);
  mem_release(slice);
  mem_release(gone);
  hmo_memory *released[] = {slice, gone};
  const char *names[] = {"slice", "root"};
  int32_t host[16] = {0};
  for (size_t i = 0; i < 2; i++) {
    hmo_memory *h = released[i], *out = NULL;
    const char *name = names[i];
    expect_released(name, hmo_memory_copy_from(h, host, 1, 0));
    expect_released(name, hmo_memory_copy_to(h, host, 1, 0));
    expect_released(name, hmo_memory_copy(live, h, 1, 0, 0));
    expect_released(name, hmo_memory_copy(h, live, 1, 0, 0));
    expect_released_new(name, &out, hmo_memory_slice(&out, h, 0, 1));
    expect_released_new(name, &out, hmo_memory_cast(&out, h, HMO_BYTE));
    expect_released_new(name, &out, hmo_memory_clone(&out, h));
    expect_released(name, hmo_memory_free(h));
    expect_released(name, hmo_memory_resize(h, 4));
    expect_released(name, hmo_memory_protect(h, HMO_ACCESS_READ));
    int fd = -1;
    expect_released(name, hmo_memory_export(h, &fd));
    assert_int_equal(fd, -1);
    clear_last_error();
    assert_null(hmo_memory_retain(h)); /* no reference is taken on it */
    expect_released_at(CONF_HERE, name, NO_STATUS, "hmo_memory_retain(h)");
    expect_released_quietly(name, assert_false(hmo_memory_is_valid(h)));
    expect_released_quietly(name, assert_int_equal(hmo_memory_length(h), 0));
    expect_released_quietly(name, assert_int_equal(hmo_memory_bytes(h), 0));
    expect_released_quietly(name, assert_null(hmo_memory_ptr(h)));
    expect_released_quietly(name, assert_int_equal(hmo_memory_offset(h), 0));
    expect_released_quietly(name, assert_int_equal(hmo_memory_capacity(h), 0));
    expect_released_quietly(name, assert_int_equal(hmo_memory_moves(h), 0));
    expect_released_quietly(name, assert_int_equal(hmo_memory_access(h), HMO_ACCESS_NONE));
    expect_released_quietly(name, assert_null(hmo_memory_dtype(h)));
    expect_released_quietly(name, assert_null(hmo_memory_device(h)));
  }
  /* The root's allocation is untouched by all that. */
  assert_true(hmo_memory_is_valid(root));
  mem_expect_ints(live, live_values, 16, 0);
}

/* ---- functional ---- */

static void memory_freed_queries_answer_zero(void **state) {
  (void)conf_begin(state);
  freed_set set;
  make_freed_set(&set, 2); /* through the cast */
  static const hmo_dtype dtypes[VIEWS] = {HMO_INT32, HMO_INT32, HMO_INT16, HMO_INT32};
  for (size_t i = 0; i < VIEWS; i++) {
    hmo_memory *h = set.view[i];
    assert_false(hmo_memory_is_valid(h));
    assert_int_equal(hmo_memory_length(h), 0);
    assert_int_equal(hmo_memory_bytes(h), 0);
    assert_null(hmo_memory_ptr(h));
    assert_int_equal(hmo_memory_offset(h), 0);
    assert_int_equal(hmo_memory_capacity(h), 0);
    assert_int_equal(hmo_memory_moves(h), 0);
    assert_int_equal(hmo_memory_access(h), HMO_ACCESS_NONE);
    /* the view's own: still answered */
    assert_ptr_equal(hmo_memory_dtype(h), dtypes[i]);
    assert_ptr_equal(hmo_memory_device(h), set.dev);
  }
  assert_true(hmo_memory_is_valid(set.live));
}

static void memory_free_drops_bytes_allocated_now(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 1000, HMO_INT32, NULL);
  hmo_memory *view = mem_slice(mem, 10, 20);
  hmo_memory *cast = mem_cast(mem, HMO_BYTE);
  mem_retain(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), conf_round_up(4000, ctx->granularity));
  assert_hmo(hmo_memory_free(view), HMO_OK);
  /* at once, while every view is still held (OCCA: only when no view is left) */
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  assert_false(hmo_memory_is_valid(cast));
}

static void memory_free_then_release_every_view(void **state) {
  (void)conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *mem = mem_alloc(dev, 100, HMO_UINT64, NULL);
  hmo_memory *view = mem_slice(mem, 50, HMO_ALL);
  hmo_memory *cast = mem_cast(view, HMO_UINT32);
  hmo_memory *alias = mem_retain(mem);
  assert_hmo(hmo_memory_free(mem), HMO_OK);
  mem_release(alias);
  mem_release(cast);
  mem_release(mem);
  assert_false(hmo_memory_is_valid(view));
  mem_release(view);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
  mem_close(dev);
  /* the fixture's teardown checks that the backend holds nothing */
}

static void memory_release_of_last_reference_frees(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  size_t allocated = conf_round_up(400, ctx->granularity);
  hmo_memory *mem = mem_alloc(dev, 100, HMO_FLOAT, NULL);
  mem_fill(mem, 40, 0);
  hmo_memory *view = mem_slice(mem, 25, 50);
  hmo_memory *cast = mem_cast(mem, HMO_INT32);
  mem_retain(mem);
  mem_release(mem);
  mem_release(mem);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  mem_expect(view, 40, 100);
  mem_release(cast);
  assert_int_equal(hmo_device_bytes_allocated(dev), allocated);
  assert_true(hmo_memory_is_valid(view));
  mem_expect(view, 40, 100);
  mem_release(view);
  assert_int_equal(hmo_device_bytes_allocated(dev), 0);
}

static void memory_free_of_one_allocation_leaves_others(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  hmo_memory *a = mem_alloc(dev, 256, HMO_INT32, NULL);
  mem_fill(a, 41, 0);
  hmo_memory *b = mem_clone(a);
  hmo_memory *c = mem_alloc(dev, 256, HMO_INT32, NULL);
  mem_fill(c, 42, 0);
  assert_hmo(hmo_memory_free(a), HMO_OK);
  assert_true(hmo_memory_is_valid(b));
  assert_true(hmo_memory_is_valid(c));
  mem_expect(b, 41, 0);
  mem_expect(c, 42, 0);
  assert_int_equal(hmo_device_bytes_allocated(dev), 2 * conf_round_up(1024, ctx->granularity));
  assert_hmo(hmo_memory_free(b), HMO_OK);
  mem_expect(c, 42, 0);
}

static void memory_free_of_wrap_leaves_pointer(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hmo_device *dev = mem_open(0);
  void *block = conf_malloc(ctx, 4096);
  conf_fill(block, 4096, 43);
  hmo_memory *mem = mem_wrap(dev, block, 4096, HMO_BYTE);
  hmo_memory *view = mem_slice(mem, 100, 100);
  assert_hmo(hmo_memory_free(mem), HMO_OK);
  assert_false(hmo_memory_is_valid(mem));
  unsigned char host[4] = {0};
  expect_freed("wrap", hmo_memory_copy_to(mem, host, 4, 0));
  expect_freed("wrap slice", hmo_memory_copy_to(view, host, 4, 0));
  /* the pointer was never hmo's: still readable, and the teardown's hipFree works */
  conf_expect_data(block, 4096, 43);
}

static const conf_rule negative_rules[] = {
    MEM_RULE(memory_free_rejects_null, "occa 2.1 free() (no-op if empty); issue: hmo (HMO_EINVAL)"),
    MEM_RULE(memory_free_twice_is_efreed,
             "occa 2.1 free() (twice is harmless); issue: hmo (HMO_EFREED)"),
    MEM_RULE(memory_freed_views_reject_host_copies,
             "occa 2.4 empty handles (silent); occa 4.1 (copies dangle); issue: hmo (HMO_EFREED)"),
    MEM_RULE(memory_freed_either_side_of_memory_copy,
             "occa 2.4 empty handles (SIGSEGV for good.copyFrom(freed), good.copyTo(freed))"),
    MEM_RULE(memory_freed_zero_count_copy_is_efreed,
             "occa 8.2 (silent no-ops on freed handles); issue: hmo (every fallible operation)"),
    MEM_RULE(memory_freed_views_reject_new_views,
             "occa 2.3 (slice/clone of an empty handle: empty memory); issue: hmo (HMO_EFREED)"),
    MEM_RULE(memory_freed_views_reject_resize_and_protect, "issue: hmo (every fallible operation)"),
    MEM_RULE(memory_freed_through_slice_is_freed_for_every_view,
             "occa 2.1 free() (nulls every alias); issue: hmo (frees the allocation now)"),
    MEM_RULE(memory_release_twice_is_efreed,
             "occa 2.1 free() (twice is harmless); issue: hmo (release twice: HMO_EFREED)"),
    MEM_RULE(memory_release_twice_of_pool_object_is_efreed,
             "issue: hmo (release twice: HMO_EFREED; the structs wait before reuse)"),
    MEM_RULE(memory_release_after_free_twice_is_efreed,
             "issue: hmo (release twice: HMO_EFREED, after a free too)"),
    MEM_RULE(memory_released_views_reject_every_call,
             "occa 2.4 empty handles; issue: hmo (a released view: HMO_EFREED)"),
};

static const conf_rule functional_rules[] = {
    MEM_RULE(memory_freed_queries_answer_zero,
             "occa 2.2 (empty handle: 0/NULL); issue: hmo (dtype and device still answered)"),
    MEM_RULE(memory_free_drops_bytes_allocated_now,
             "occa 2.1 free() (buffer freed only without other views); issue: hmo (now)"),
    MEM_RULE(memory_free_then_release_every_view,
             "occa 4.1 ownership; issue: hmo (each needs its release)"),
    MEM_RULE(memory_release_of_last_reference_frees, "occa 1 reference rings; occa 6 testSlice"),
    MEM_RULE(memory_free_of_one_allocation_leaves_others, "occa 1 (buffer per allocation)"),
    MEM_RULE(memory_free_of_wrap_leaves_pointer,
             "occa 3.1 wrapMemory (native pointer never freed)"),
};

const conf_group conf_group_hmo_free_negative = CONF_GROUP("hmo_free_negative", negative_rules);
const conf_group conf_group_hmo_free = CONF_GROUP("hmo_free", functional_rules);
