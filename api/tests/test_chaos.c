/*
 * test_chaos.c: every HIP call hmo makes, failed in turn.
 *
 * Each HIP entry point hmo uses is linked through a __wrap_ function in
 * chaos.c (-Wl,--wrap, listed in CMakeLists.txt) that counts the calls and, when
 * armed, fails the N-th one with an injected error. For each operation and
 * each injected error, N runs 1, 2, ... until the operation makes fewer than
 * N calls and succeeds. After every injected failure:
 *   - the status is an error, the one the injected hipError_t translates to,
 *     and hmo_error_last() holds it, the hipError_t and the failed call's
 *     name, in a message that starts with the public function called;
 *   - mockhip holds exactly the objects and bytes it held before the call,
 *     and hmo_device_bytes_allocated() is unchanged;
 *   - what the operation worked on is untouched: a memory that failed to
 *     resize keeps its size, address, capacity, protection and data, and
 *     still reads and writes.
 * After every round, failed or not, everything is released and mockhip holds
 * nothing, and the process has the file descriptors it had (an export's,
 * an import's and the import probe's are fds; none may outlive a failure). An operation that
 * swallows an injected failure and succeeds must still leave nothing behind. (jansson
 * test/suites/api/test_chaos.c, SQLite's malloc tests.)
 */
#include "chaos.h"
#include "hmo_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- what one round works on ---- */

typedef struct chaos_round {
  hmo_device *dev;
  hmo_memory *mem;    /* made by the setup: what the operation works on */
  hmo_memory *view;   /* a view the setup made, if any */
  hmo_memory *out;    /* made by the operation */
  hmo_device *opened; /* made by hmo_device_open */
  size_t bytes;       /* bytes of mem written with the pattern */
  /* mem before the operation */
  void *ptr;
  size_t length, capacity, moves;
  hmo_access access;
} chaos_round;

typedef struct chaos_op {
  const char *name;
  void (*setup)(chaos_round *r);
  int (*run)(chaos_round *r);
  void (*after_failure)(chaos_round *r); /* the state is as before the call */
  void (*after_success)(chaos_round *r);
  const char *call;  /* the public function: every message starts with its name */
  bool device_open;  /* HMO_EDEVICE fits too; the message need not name the HIP call */
  bool drops_chunks; /* unmaps chunks for good: see chunks_gone() */
} chaos_op;

static hmo_device *device;
static size_t granule;         /* minimum granularity, bytes */
static bool unmaps_one_by_one; /* the runtime is older than 7.0: hmo unmaps each chunk alone */
static size_t words;           /* uint32 elements per granule */

/*
 * What mockhip and the device held when the case began: every round must end
 * with exactly that, so a leak found by one case is reported by it and not by
 * the next.
 */
static mockhip_stats_t baseline;
static size_t baseline_device_bytes;

/* The device's bytes the round holds. */
static size_t held(void) { return hmo_device_bytes_allocated(device) - baseline_device_bytes; }

static int group_setup(void **state) {
  (void)state;
  mockhip_strict(1); /* misuse a ROCm release tolerates or crashes on fails the group */
  granule = ht_granularity();
  words = granule / sizeof(uint32_t);
  int version = 0;
  if (hipRuntimeGetVersion(&version) != hipSuccess)
    return -1;
  unmaps_one_by_one = version < 70000000;
  if (hmo_device_open(&device, 0) != HMO_OK)
    return -1;
  /* The mock's first plain allocation opens the memory file later ones share, and it stays
     open: opened here, so that each round's fd count is the round's own. */
  hmo_memory *first = NULL;
  if (hmo_memory_alloc(&first, device, 1, HMO_BYTE, NULL) != HMO_OK)
    return -1;
  hmo_memory_release(first);
  return 0;
}

static int group_teardown(void **state) {
  (void)state;
  if (hmo_device_close(device) != HMO_OK) {
    fprintf(stderr, "%s\n", hmo_error_last()->message);
    return -1;
  }
  if (mockhip_strict_count() != 0) {
    fprintf(stderr, "mockhip reported %llu misuse(s) of ROCm %s above\n", mockhip_strict_count(),
            mockhip_rocm_version());
    return -1;
  }
  return mockhip_live_objects() == 0 ? 0 : -1;
}

/* Records mem's state, to compare after a failed operation. */
static void remember(chaos_round *r) {
  r->ptr = hmo_memory_ptr(r->mem);
  r->length = hmo_memory_length(r->mem);
  r->capacity = hmo_memory_capacity(r->mem);
  r->moves = hmo_memory_moves(r->mem);
  r->access = hmo_memory_access(r->mem);
}

/* Fills the first `bytes` of mem with the round's pattern, then remembers mem. */
static void fill(chaos_round *r, size_t bytes) {
  unsigned char *host = malloc(bytes);
  assert_non_null(host);
  ht_fill(host, bytes, 7);
  size_t element = hmo_dtype_bytes(hmo_memory_dtype(r->mem));
  HT_OK(hmo_memory_copy_from(r->mem, host, bytes / element, 0));
  free(host);
  r->bytes = bytes;
  remember(r);
}

/* mem is exactly as remembered: size, address, capacity, moves, access, data, and it works. */
static void assert_mem_unchanged(chaos_round *r) {
  assert_true(hmo_memory_is_valid(r->mem));
  assert_ptr_equal(hmo_memory_ptr(r->mem), r->ptr);
  assert_int_equal(hmo_memory_length(r->mem), r->length);
  assert_int_equal(hmo_memory_capacity(r->mem), r->capacity);
  assert_int_equal(hmo_memory_moves(r->mem), r->moves);
  assert_int_equal(hmo_memory_access(r->mem), r->access);
  assert_true(ht_memory_holds(r->mem, r->bytes, 7));
  if (r->access == HMO_ACCESS_READWRITE) {
    /* The last element still takes a write and gives it back. */
    uint32_t in = 0xC4A05u, back = 0;
    assert_int_equal(hmo_dtype_bytes(hmo_memory_dtype(r->mem)), sizeof in);
    HT_OK(hmo_memory_copy_from(r->mem, &in, 1, r->length - 1));
    HT_OK(hmo_memory_copy_to(r->mem, &back, 1, r->length - 1));
    assert_int_equal(back, in);
  }
}

static void assert_no_out(chaos_round *r) { assert_null(r->out); }

/* ---- the operations ---- */

static int run_alloc(chaos_round *r) {
  return hmo_memory_alloc(&r->out, r->dev, 1000, HMO_INT32, NULL);
}

static void alloc_done(chaos_round *r) {
  assert_non_null(r->out);
  assert_int_equal(hmo_memory_length(r->out), 1000);
  assert_int_equal(held(), granule * ((4000 + granule - 1) / granule));
  int32_t in[1000], back[1000];
  for (int i = 0; i < 1000; i++)
    in[i] = i * 3 - 500;
  HT_OK(hmo_memory_copy_from(r->out, in, HMO_ALL, 0));
  HT_OK(hmo_memory_copy_to(r->out, back, HMO_ALL, 0));
  assert_memory_equal(back, in, sizeof in);
}

/* Three granules and a bit of bytes, copied in by the alloc. */
static size_t alloc_src_bytes(void) { return 3 * granule + 100; }

static int run_alloc_src(chaos_round *r) {
  size_t bytes = alloc_src_bytes();
  unsigned char *src = malloc(bytes);
  assert_non_null(src);
  ht_fill(src, bytes, 7);
  int status = hmo_memory_alloc(&r->out, r->dev, bytes, HMO_UINT8, src);
  free(src);
  return status;
}

static void alloc_src_done(chaos_round *r) {
  assert_non_null(r->out);
  assert_int_equal(hmo_memory_length(r->out), alloc_src_bytes());
  assert_true(ht_memory_holds(r->out, alloc_src_bytes(), 7));
}

static int run_reserve(chaos_round *r) {
  return hmo_memory_reserve(&r->out, r->dev, 100, 1 << 20, HMO_DOUBLE);
}

static void reserve_done(chaos_round *r) {
  assert_non_null(r->out);
  assert_int_equal(hmo_memory_length(r->out), 100);
  assert_true(hmo_memory_capacity(r->out) >= (size_t)1 << 20);
  assert_int_equal(held(), granule);
  double in = 2.5, back = 0;
  HT_OK(hmo_memory_copy_from(r->out, &in, 1, 99));
  HT_OK(hmo_memory_copy_to(r->out, &back, 1, 99));
  assert_true(back == in);
}

/* A two-chunk uint32 memory with the pattern in it. */
static void setup_clone(chaos_round *r) {
  HT_OK(hmo_memory_reserve(&r->mem, r->dev, words + 5, 4 * words, HMO_UINT32));
  HT_OK(hmo_memory_resize(r->mem, 2 * words + 9));
  fill(r, (2 * words + 9) * sizeof(uint32_t));
}

static int run_clone(chaos_round *r) { return hmo_memory_clone(&r->out, r->mem); }

static void clone_failed(chaos_round *r) {
  assert_no_out(r);
  assert_mem_unchanged(r);
}

static void clone_done(chaos_round *r) {
  assert_non_null(r->out);
  assert_true(hmo_memory_ptr(r->out) != hmo_memory_ptr(r->mem));
  assert_ptr_equal(hmo_memory_dtype(r->out), HMO_UINT32);
  assert_int_equal(hmo_memory_length(r->out), r->length);
  assert_true(ht_memory_holds(r->out, r->bytes, 7));
  assert_mem_unchanged(r);
}

/* A slice from the middle of a pattern-filled byte memory: the clone copies only it. */
static void setup_clone_slice(chaos_round *r) {
  HT_OK(hmo_memory_alloc(&r->mem, r->dev, 3 * granule, HMO_UINT8, NULL));
  unsigned char *host = malloc(3 * granule);
  assert_non_null(host);
  ht_fill(host, 3 * granule, 7);
  HT_OK(hmo_memory_copy_from(r->mem, host, HMO_ALL, 0));
  free(host);
  HT_OK(hmo_memory_slice(&r->view, r->mem, granule + 7, granule + 1));
  r->bytes = 3 * granule;
  remember(r);
}

static int run_clone_slice(chaos_round *r) { return hmo_memory_clone(&r->out, r->view); }

static void clone_slice_failed(chaos_round *r) {
  assert_no_out(r);
  assert_true(hmo_memory_is_valid(r->view));
  assert_true(ht_memory_holds(r->mem, r->bytes, 7));
}

static void clone_slice_done(chaos_round *r) {
  assert_non_null(r->out);
  assert_int_equal(hmo_memory_length(r->out), granule + 1);
  assert_int_equal(hmo_memory_offset(r->out), 0);
  unsigned char *want = malloc(granule + 1), *got = malloc(granule + 1);
  assert_non_null(want);
  assert_non_null(got);
  HT_OK(hmo_memory_copy_to(r->view, want, HMO_ALL, 0));
  HT_OK(hmo_memory_copy_to(r->out, got, HMO_ALL, 0));
  assert_memory_equal(got, want, granule + 1);
  free(want);
  free(got);
}

/* Grows within capacity: one granule and a bit (two chunks' worth) to six. */
static void setup_grow(chaos_round *r) {
  HT_OK(hmo_memory_reserve(&r->mem, r->dev, words + 5, 8 * words, HMO_UINT32));
  fill(r, (words + 5) * sizeof(uint32_t));
}

static int run_grow(chaos_round *r) { return hmo_memory_resize(r->mem, 5 * words + 1); }

static void grow_done(chaos_round *r) {
  assert_ptr_equal(hmo_memory_ptr(r->mem), r->ptr);
  assert_int_equal(hmo_memory_moves(r->mem), 0);
  assert_int_equal(hmo_memory_length(r->mem), 5 * words + 1);
  assert_int_equal(held(), 6 * granule);
  r->length = 5 * words + 1;
  r->capacity = hmo_memory_capacity(r->mem);
  assert_mem_unchanged(r);
}

/* Grows past capacity from one chunk: the range moves. */
static void setup_move(chaos_round *r) {
  HT_OK(hmo_memory_alloc(&r->mem, r->dev, words + 5, HMO_UINT32, NULL));
  fill(r, (words + 5) * sizeof(uint32_t));
}

static int run_move(chaos_round *r) { return hmo_memory_resize(r->mem, 3 * words); }

static void move_done(chaos_round *r) {
  assert_int_equal(hmo_memory_moves(r->mem), r->moves + 1);
  assert_int_equal(hmo_memory_length(r->mem), 3 * words);
  assert_true(hmo_memory_capacity(r->mem) >= 3 * words);
  assert_int_equal(held(), 3 * granule);
  r->ptr = hmo_memory_ptr(r->mem);
  r->length = 3 * words;
  r->capacity = hmo_memory_capacity(r->mem);
  r->moves++;
  assert_mem_unchanged(r);
}

/* Grows past capacity from two chunks: both are remapped into the new range. */
static void setup_move_chunks(chaos_round *r) {
  HT_OK(hmo_memory_reserve(&r->mem, r->dev, words, 2 * words, HMO_UINT32));
  HT_OK(hmo_memory_resize(r->mem, 2 * words));
  fill(r, 2 * words * sizeof(uint32_t));
}

static int run_move_chunks(chaos_round *r) { return hmo_memory_resize(r->mem, 5 * words); }

static void move_chunks_done(chaos_round *r) {
  assert_int_equal(hmo_memory_moves(r->mem), r->moves + 1);
  assert_int_equal(hmo_memory_length(r->mem), 5 * words);
  assert_int_equal(held(), 5 * granule);
  r->ptr = hmo_memory_ptr(r->mem);
  r->length = 5 * words;
  r->capacity = hmo_memory_capacity(r->mem);
  r->moves++;
  assert_mem_unchanged(r);
}

/* Shrinks three chunks (1 + 2 + 3 granules) to one granule: two chunks go. */
static void setup_shrink(chaos_round *r) {
  HT_OK(hmo_memory_reserve(&r->mem, r->dev, words, 8 * words, HMO_UINT32));
  HT_OK(hmo_memory_resize(r->mem, 3 * words));
  HT_OK(hmo_memory_resize(r->mem, 6 * words));
  fill(r, 6 * words * sizeof(uint32_t));
}

static int run_shrink(chaos_round *r) { return hmo_memory_resize(r->mem, words / 2); }

static void shrink_done(chaos_round *r) {
  assert_ptr_equal(hmo_memory_ptr(r->mem), r->ptr);
  assert_int_equal(hmo_memory_length(r->mem), words / 2);
  assert_int_equal(held(), granule);
  r->length = words / 2;
  r->bytes = r->length * sizeof(uint32_t);
  assert_mem_unchanged(r);
}

/*
 * Where hmo unmaps the chunks it drops one per call, the last first (before
 * ROCm 7.0), an unmap failed after the first leaves the chunks already
 * unmapped gone for good: the one change a failure may make to what mockhip
 * holds. How many, for the call just failed.
 */
static size_t chunks_gone(void) {
  if (!unmaps_one_by_one || chaos.failed_api != MOCKHIP_CALL_hipMemUnmap)
    return 0;
  return (size_t)chaos.failed_nth - 1;
}

/* Only `gone` chunks left mockhip, each with its mapping and handle; the device counts them no
   more. The memory is otherwise as it was. */
static void assert_only_chunks_gone(const mockhip_stats_t *before, const mockhip_stats_t *after,
                                    hmo_device *dev, size_t device_bytes, size_t gone) {
  assert_int_equal(after->live_reservations, before->live_reservations);
  assert_int_equal(after->reserved_bytes, before->reserved_bytes);
  assert_int_equal(after->live_mappings, before->live_mappings - gone);
  assert_int_equal(after->live_handles, before->live_handles - gone);
  size_t freed = before->mapped_bytes - after->mapped_bytes;
  assert_true(freed > 0);
  assert_int_equal(before->physical_bytes - after->physical_bytes, freed);
  assert_int_equal(hmo_device_bytes_allocated(dev), device_bytes - freed);
}

/* A failed shrink may have released some chunks' references (their mappings keep them): the
   same shrink, tried again, must drop them without releasing them twice. */
static void shrink_failed(chaos_round *r) {
  uint32_t word;
  if (chunks_gone() == 0)
    assert_mem_unchanged(r);
  else /* it ends before the chunks gone, and its view reaches past that end */
    HT_EXPECT(HMO_ERANGE, hmo_memory_copy_to(r->mem, &word, 1, 0));
  HT_OK(run_shrink(r));
  shrink_done(r);
}

/* Makes a two-chunk memory read-only. */
static void setup_protect(chaos_round *r) {
  HT_OK(hmo_memory_reserve(&r->mem, r->dev, words, 4 * words, HMO_UINT32));
  HT_OK(hmo_memory_resize(r->mem, 3 * words));
  fill(r, 3 * words * sizeof(uint32_t));
}

static int run_protect(chaos_round *r) { return hmo_memory_protect(r->mem, HMO_ACCESS_READ); }

static void protect_done(chaos_round *r) {
  assert_int_equal(hmo_memory_access(r->mem), HMO_ACCESS_READ);
  uint32_t in = 1;
  HT_EXPECT(HMO_EACCESS, hmo_memory_copy_from(r->mem, &in, 1, 0));
  r->access = HMO_ACCESS_READ;
  assert_mem_unchanged(r);
}

static int run_device_open(chaos_round *r) { return hmo_device_open(&r->opened, 0); }

static void device_open_failed(chaos_round *r) { assert_null(r->opened); }

static void device_open_done(chaos_round *r) {
  assert_non_null(r->opened);
  assert_int_equal(hmo_device_hip_id(r->opened), 0);
  HT_OK(hmo_memory_alloc(&r->out, r->opened, 10, HMO_BYTE, NULL));
}

/* ---- the sweep ---- */

/* Whether message starts with "call:", the public function the user called. */
static bool names_call(const char *message, const char *call) {
  size_t length = strlen(call);
  return strncmp(message, call, length) == 0 && message[length] == ':';
}

/* The status an injected error must come back as. */
static bool status_fits(const chaos_op *op, hipError_t injected, int status) {
  if (op->device_open && status == HMO_EDEVICE)
    return true;
  return status == (injected == hipErrorOutOfMemory ? HMO_ENOMEM : HMO_EBACKEND);
}

/*
 * The round in progress. Static, not on sweep()'s stack: when an assertion
 * ends a case, CMocka jumps out of sweep() and cleanup_round releases it.
 */
static chaos_round live_round;
static bool round_live;

static void release_round(chaos_round *r) {
  hmo_memory_release(r->out);
  hmo_memory_release(r->view);
  hmo_memory_release(r->mem);
  assert_int_equal(hmo_device_close(r->opened), HMO_OK); /* opened only by device_open rounds */
  *r = (chaos_round){.dev = r->dev};
}

static void round_teardown(chaos_round *r, size_t fds, const char *what) {
  release_round(r);
  round_live = false;
  HT_FDS(fds, what);
  if (hmo_device_bytes_allocated(r->dev) != baseline_device_bytes)
    print_error("%s: after releasing everything, hmo_device_bytes_allocated is %zu, not %zu\n",
                what, hmo_device_bytes_allocated(r->dev), baseline_device_bytes);
  assert_int_equal(hmo_device_bytes_allocated(r->dev), baseline_device_bytes);
  mockhip_stats_t now = ht_stats();
  assert_true(ht_same_objects(&baseline, &now, what));
}

static int start_case(void **state) {
  (void)state;
  baseline = ht_stats();
  baseline_device_bytes = hmo_device_bytes_allocated(device);
  return 0;
}

/* After a failed case: releases what its last round held, so the next case starts clean. */
static int cleanup_round(void **state) {
  (void)state;
  chaos_disarm();
  if (round_live)
    release_round(&live_round);
  round_live = false;
  return 0;
}

static void print_trace(const char *name, hipError_t injected, unsigned long long calls) {
  printf("%s: %llu HIP calls, each failed in turn with %s:", name, calls,
         hipGetErrorName(injected));
  for (unsigned long long i = 0; i < calls && i < CHAOS_TRACE; i++)
    printf(" %s", mockhip_api_name(chaos.trace[i]));
  printf("\n");
}

static void sweep(const chaos_op *op, hipError_t injected) {
  char what[160];
  unsigned long long n;
  for (n = 1; n <= CHAOS_MAX_CALLS; n++) {
    snprintf(what, sizeof what, "%s, call %llu failed with %s", op->name, n,
             hipGetErrorName(injected));
    chaos_round *r = &live_round;
    *r = (chaos_round){.dev = device};
    round_live = true;
    size_t fds_round = ht_open_fds();
    if (op->setup != NULL)
      op->setup(r);
    size_t fds = ht_open_fds();
    mockhip_stats_t before = ht_stats();
    unsigned long long wrapped_before[MOCKHIP_API_COUNT];
    memcpy(wrapped_before, chaos.wrapped, sizeof wrapped_before);
    size_t device_bytes = hmo_device_bytes_allocated(r->dev);

    chaos_arm(n, injected);
    int status = op->run(r);
    chaos_disarm();

    mockhip_stats_t after = ht_stats();
    assert_all_calls_wrapped(&before, &after, wrapped_before, what);
    bool fired = chaos.failed_api >= 0;
    if (status != HMO_OK) {
      const hmo_error *err = hmo_error_last();
      const char *call = fired ? mockhip_api_name(chaos.failed_api) : "(none)";
      if (!fired)
        print_error("%s: %s with no HIP call failed\n", what, ht_status_name(status));
      assert_true(fired);
      if (!status_fits(op, injected, status) || err->status != status ||
          err->hip_error != (int)injected ||
          (!op->device_open && strstr(err->message, call) == NULL) ||
          !names_call(err->message, op->call))
        print_error("%s (%s): returned %s; hmo_error_last() says %s, hip_error %d, \"%s\"\n", what,
                    call, ht_status_name(status), ht_status_name(err->status), err->hip_error,
                    err->message);
      assert_true(status_fits(op, injected, status));
      assert_int_equal(err->status, status);
      assert_int_equal(err->hip_error, (int)injected);
      assert_true(names_call(err->message, op->call));
      if (!op->device_open)
        assert_non_null(strstr(err->message, call));
      HT_FDS(fds, what); /* what the call opened, it closed */
      size_t gone = op->drops_chunks ? chunks_gone() : 0;
      if (gone != 0) {
        assert_only_chunks_gone(&before, &after, r->dev, device_bytes, gone);
      } else {
        assert_true(ht_same_objects(&before, &after, what));
        if (hmo_device_bytes_allocated(r->dev) != device_bytes)
          print_error("%s (%s): hmo_device_bytes_allocated %zu before, %zu after\n", what, call,
                      device_bytes, hmo_device_bytes_allocated(r->dev));
        assert_int_equal(hmo_device_bytes_allocated(r->dev), device_bytes);
      }
      if (op->after_failure != NULL)
        op->after_failure(r);
    } else {
      if (fired)
        fprintf(stderr, "note: %s (%s): the operation returned HMO_OK\n", what,
                mockhip_api_name(chaos.failed_api));
      op->after_success(r);
    }
    round_teardown(r, fds_round, what);
    if (!fired)
      break;
  }
  assert_true(n <= CHAOS_MAX_CALLS);
  assert_true(n >= 2); /* the operation made at least one HIP call, and each was failed */
  print_trace(op->name, injected, n - 1);
}

static void sweep_both(const chaos_op *op) {
  sweep(op, hipErrorOutOfMemory);
  sweep(op, hipErrorInvalidValue);
}

/* ---- sharing: alloc_shareable, export, import ----
 * Releases before 6.2 cannot share (HMO_EDEVICE with no HIP call failed): the cases skip there.
 * The exported fd lives in shared_fd; each round closes it. */

static int shared_fd = -1;

static void skip_without_sharing(void) {
  int version = 0;
  assert_int_equal(hipRuntimeGetVersion(&version), hipSuccess);
  if (version < 60200000) {
    printf("skip: ROCm %s cannot export or import memory\n", mockhip_rocm_version());
    skip();
  }
}

static int run_alloc_shareable(chaos_round *r) {
  return hmo_memory_alloc_shareable(&r->out, r->dev, 1000, HMO_INT32, NULL);
}

/* One granule of exportable uint32 with the pattern in it. */
static void setup_shareable(chaos_round *r) {
  HT_OK(hmo_memory_alloc_shareable(&r->mem, r->dev, words, HMO_UINT32, NULL));
  fill(r, granule);
}

static int run_export(chaos_round *r) { return hmo_memory_export(r->mem, &shared_fd); }

static void close_shared_fd(void) {
  if (shared_fd >= 0)
    close(shared_fd);
  shared_fd = -1;
}

static void export_failed(chaos_round *r) {
  assert_int_equal(shared_fd, -1);
  assert_mem_unchanged(r);
}

static void export_done(chaos_round *r) {
  assert_true(shared_fd >= 0);
  close_shared_fd();
  assert_mem_unchanged(r);
}

/* An exported granule, imported on a device of the round's own: the first import there
   probes the import form where the version cannot tell it (7.2 and later). */
static void setup_import(chaos_round *r) {
  setup_shareable(r);
  HT_OK(hmo_memory_export(r->mem, &shared_fd));
  HT_OK(hmo_device_open(&r->opened, 0));
}

static int run_import(chaos_round *r) {
  return hmo_memory_import(&r->out, r->opened, shared_fd, words, HMO_UINT32);
}

static void import_failed(chaos_round *r) {
  assert_no_out(r);
  close_shared_fd();
  assert_mem_unchanged(r);
}

static void import_done(chaos_round *r) {
  assert_non_null(r->out);
  close_shared_fd();
  assert_true(ht_memory_holds(r->out, r->bytes, 7));
  uint32_t in = 0x5EA7u, back = 0;
  HT_OK(hmo_memory_copy_from(r->out, &in, 1, 0));
  HT_OK(hmo_memory_copy_to(r->mem, &back, 1, 0));
  assert_int_equal(back, in);
}

static void test_chaos_alloc_shareable(void **state) {
  (void)state;
  skip_without_sharing();
  static const chaos_op op = {.name = "hmo_memory_alloc_shareable",
                              .call = "hmo_memory_alloc_shareable",
                              .run = run_alloc_shareable,
                              .after_failure = assert_no_out,
                              .after_success = alloc_done};
  sweep_both(&op);
}

static void test_chaos_export(void **state) {
  (void)state;
  skip_without_sharing();
  static const chaos_op op = {.name = "hmo_memory_export",
                              .call = "hmo_memory_export",
                              .setup = setup_shareable,
                              .run = run_export,
                              .after_failure = export_failed,
                              .after_success = export_done};
  sweep_both(&op);
}

/* Out of memory only: hipErrorInvalidValue from an import means "no exported memory" to hmo
   (HMO_EINVAL, conformance's import_rejects_bad_fds), and from the probe's pointer form it is
   the sign to try the value form, which a pointer-reading release (7.2) crashes on. */
static void test_chaos_import(void **state) {
  (void)state;
  skip_without_sharing();
  static const chaos_op op = {.name = "hmo_memory_import",
                              .call = "hmo_memory_import",
                              .setup = setup_import,
                              .run = run_import,
                              .after_failure = import_failed,
                              .after_success = import_done};
  sweep(&op, hipErrorOutOfMemory);
}

/* ---- freeing: hmo_memory_free and the last hmo_memory_release ----
 *
 * Freeing drops the chunks (hmo's references released, then one unmap from
 * ROCm 7.0 on; a failure there leaves every chunk mapped, those already
 * released kept by their mapping alone) and then frees the address range,
 * which cannot be undone once it fails: the chunks are gone. So after an
 * injected failure the allocation is either whole, as before the call, or
 * only its range is left; before 7.0, where each chunk is unmapped alone, an
 * unmap after the first may also leave the first chunks only
 * (chunks_gone()). A free that failed leaves the memory to its release. A last release that failed
 * can tell only hmo_error_last(), and what it could not free stays behind: this test gives that
 * back by hand, so each round still ends with mockhip holding nothing. Each round opens a device of
 * its own, since a device keeps counting the bytes a failed release could not free.
 */

typedef struct free_op {
  const char *name;
  const char *call;  /* hmo_memory_free or hmo_memory_release */
  size_t chunks;     /* the allocation's chunks: 1 (one granule) or 2 (one, then two granules) */
  bool through_view; /* freed through a slice; a release: the root's reference goes first */
} free_op;

/*
 * The chunks whose reference hmo released before the injected failure: it
 * releases them in order before any unmap, so a failed n-th hipMemRelease
 * means n - 1 were, and a failure of the unmap, or of the wait for the device's
 * copies before it (hipGetDevice, hipStreamSynchronize), means all were.
 */
static size_t chunks_released_by_hmo(size_t chunks) {
  if (chaos.failed_api == MOCKHIP_CALL_hipMemRelease)
    return (size_t)chaos.failed_nth - 1;
  bool after_releases = chaos.failed_api == MOCKHIP_CALL_hipMemUnmap ||
                        chaos.failed_api == MOCKHIP_CALL_hipGetDevice ||
                        chaos.failed_api == MOCKHIP_CALL_hipStreamSynchronize;
  return after_releases ? chunks : 0;
}

/*
 * What a failed last release left at base: its chunks still mapped, the first
 * `released` of them kept by their mapping alone, or only the range. The
 * handles come from hipMemRetainAllocationHandle, which adds a reference on
 * the newest profile (one more release) and none on older ones.
 */
static void free_by_hand(char *base, size_t reserved, size_t chunks, size_t released, bool mapped) {
  bool retain_adds = strcmp(mockhip_rocm_version(), "newest") == 0;
  size_t at = 0;
  for (size_t i = 0; mapped && i < chunks; i++) {
    size_t bytes = (i + 1) * granule;
    hipMemGenericAllocationHandle_t handle;
    assert_int_equal(hipMemRetainAllocationHandle(&handle, base + at), hipSuccess);
    if (retain_adds)
      assert_int_equal(hipMemRelease(handle), hipSuccess); /* the retain's reference */
    if (i >= released)
      assert_int_equal(hipMemRelease(handle), hipSuccess); /* hmo's, from hipMemCreate */
    assert_int_equal(hipMemUnmap(base + at, bytes), hipSuccess);
    at += bytes;
  }
  assert_int_equal(hipMemAddressFree(base, reserved), hipSuccess);
}

static void sweep_free(const free_op *op, hipError_t injected) {
  bool release = strcmp(op->call, "hmo_memory_release") == 0;
  char what[160];
  unsigned long long n;
  for (n = 1; n <= CHAOS_MAX_CALLS; n++) {
    snprintf(what, sizeof what, "%s, call %llu failed with %s", op->name, n,
             hipGetErrorName(injected));
    chaos_round *r = &live_round;
    *r = (chaos_round){0};
    round_live = true;
    size_t fds = ht_open_fds();
    HT_OK(hmo_device_open(&r->opened, 0));
    r->dev = r->opened;
    HT_OK(hmo_memory_reserve(&r->mem, r->dev, words, 4 * words, HMO_UINT32));
    if (op->chunks == 2)
      HT_OK(hmo_memory_resize(r->mem, 3 * words));
    fill(r, hmo_memory_bytes(r->mem));
    char *base = r->ptr;
    size_t reserved = r->capacity * sizeof(uint32_t);
    size_t mapped = hmo_device_bytes_allocated(r->dev);
    hmo_memory *target = r->mem;
    if (op->through_view) {
      HT_OK(hmo_memory_slice(&r->view, r->mem, 1, HMO_ALL));
      target = r->view;
      if (release) {
        hmo_memory_release(r->mem);
        r->mem = NULL;
      }
    }
    /* A known last error, so a release's own is told apart from an earlier one. */
    HT_EXPECT(HMO_EINVAL, hmo_memory_free(NULL));
    mockhip_stats_t before = ht_stats();
    unsigned long long wrapped_before[MOCKHIP_API_COUNT];
    memcpy(wrapped_before, chaos.wrapped, sizeof wrapped_before);

    chaos_arm(n, injected);
    int status = HMO_OK;
    if (release)
      hmo_memory_release(target);
    else
      status = hmo_memory_free(target);
    chaos_disarm();
    if (release && target == r->view)
      r->view = NULL;
    else if (release)
      r->mem = NULL;

    mockhip_stats_t after = ht_stats();
    assert_all_calls_wrapped(&before, &after, wrapped_before, what);
    bool fired = chaos.failed_api >= 0;
    const hmo_error *err = hmo_error_last();
    if (fired) {
      const char *call = mockhip_api_name(chaos.failed_api);
      int expected = injected == hipErrorOutOfMemory ? HMO_ENOMEM : HMO_EBACKEND;
      if (err->status != expected || (!release && status != expected) ||
          err->hip_error != (int)injected || strstr(err->message, call) == NULL ||
          !names_call(err->message, op->call))
        print_error("%s (%s): returned %s; hmo_error_last() says %s, hip_error %d, \"%s\"\n", what,
                    call, release ? "nothing (void)" : ht_status_name(status),
                    ht_status_name(err->status), err->hip_error, err->message);
      assert_int_equal(err->status, expected);
      if (!release)
        assert_int_equal(status, expected);
      assert_int_equal(err->hip_error, (int)injected);
      assert_non_null(strstr(err->message, call));
      assert_true(names_call(err->message, op->call));
      /* Whole as before, or (the range could not be freed) only the range is left. */
      bool range_only = chaos.failed_api == MOCKHIP_CALL_hipMemAddressFree;
      size_t gone = chunks_gone();
      if (range_only) {
        assert_int_equal(after.live_reservations, before.live_reservations);
        assert_int_equal(after.reserved_bytes, before.reserved_bytes);
        assert_int_equal(after.live_handles, before.live_handles - op->chunks);
        assert_int_equal(after.mapped_bytes, before.mapped_bytes - mapped);
        assert_int_equal(hmo_device_bytes_allocated(r->dev), 0);
      } else if (gone != 0) {
        assert_only_chunks_gone(&before, &after, r->dev, mapped, gone);
      } else {
        assert_true(ht_same_objects(&before, &after, what));
        assert_int_equal(hmo_device_bytes_allocated(r->dev), mapped);
      }
      if (!release && !range_only && gone == 0 && r->mem != NULL)
        assert_mem_unchanged(r); /* a failed free left it as it was */
      if (!release && (range_only || gone != 0)) {
        /* Chunks are gone: hmo refuses to copy, rather than ask HIP for unmapped bytes. */
        uint32_t word = 0;
        HT_EXPECT(HMO_ERANGE, hmo_memory_copy_to(target, &word, 1, 0));
        HT_EXPECT(HMO_ERANGE, hmo_memory_copy_from(target, &word, 1, 0));
      }
      if (release)
        free_by_hand(base, reserved, op->chunks - gone, chunks_released_by_hmo(op->chunks - gone),
                     !range_only);
    } else {
      assert_int_equal(status, HMO_OK);
      assert_int_equal(hmo_device_bytes_allocated(r->dev), 0);
      if (!release)
        assert_false(hmo_memory_is_valid(target));
    }
    release_round(r); /* closes the round's device too: every memory is released */
    round_live = false;
    HT_FDS(fds, what);
    mockhip_stats_t now = ht_stats();
    assert_true(ht_same_objects(&baseline, &now, what));
    if (!fired)
      break;
  }
  assert_true(n <= CHAOS_MAX_CALLS);
  assert_true(n >= 2);
  print_trace(op->name, injected, n - 1);
}

static void sweep_free_both(const free_op *op) {
  sweep_free(op, hipErrorOutOfMemory);
  sweep_free(op, hipErrorInvalidValue);
}

/* ---- the cases ---- */

static void test_chaos_alloc(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_alloc",
                              .call = "hmo_memory_alloc",
                              .run = run_alloc,
                              .after_failure = assert_no_out,
                              .after_success = alloc_done};
  sweep_both(&op);
}

static void test_chaos_alloc_with_data(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_alloc with src",
                              .call = "hmo_memory_alloc",
                              .run = run_alloc_src,
                              .after_failure = assert_no_out,
                              .after_success = alloc_src_done};
  sweep_both(&op);
}

static void test_chaos_reserve(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_reserve",
                              .call = "hmo_memory_reserve",
                              .run = run_reserve,
                              .after_failure = assert_no_out,
                              .after_success = reserve_done};
  sweep_both(&op);
}

static void test_chaos_clone(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_clone",
                              .call = "hmo_memory_clone",
                              .setup = setup_clone,
                              .run = run_clone,
                              .after_failure = clone_failed,
                              .after_success = clone_done};
  sweep_both(&op);
}

static void test_chaos_clone_slice(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_clone of a slice",
                              .call = "hmo_memory_clone",
                              .setup = setup_clone_slice,
                              .run = run_clone_slice,
                              .after_failure = clone_slice_failed,
                              .after_success = clone_slice_done};
  sweep_both(&op);
}

static void test_chaos_resize_grow_in_place(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_resize within capacity",
                              .call = "hmo_memory_resize",
                              .setup = setup_grow,
                              .run = run_grow,
                              .after_failure = assert_mem_unchanged,
                              .after_success = grow_done};
  sweep_both(&op);
}

static void test_chaos_resize_grow_moving(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_resize past capacity",
                              .call = "hmo_memory_resize",
                              .setup = setup_move,
                              .run = run_move,
                              .after_failure = assert_mem_unchanged,
                              .after_success = move_done};
  sweep_both(&op);
}

static void test_chaos_resize_grow_moving_chunks(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_resize past capacity, two chunks",
                              .call = "hmo_memory_resize",
                              .setup = setup_move_chunks,
                              .run = run_move_chunks,
                              .after_failure = assert_mem_unchanged,
                              .after_success = move_chunks_done};
  sweep_both(&op);
}

static void test_chaos_resize_shrink(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_resize shrinking",
                              .call = "hmo_memory_resize",
                              .setup = setup_shrink,
                              .run = run_shrink,
                              .after_failure = shrink_failed,
                              .after_success = shrink_done,
                              .drops_chunks = true};
  sweep_both(&op);
}

static void test_chaos_protect(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_memory_protect",
                              .call = "hmo_memory_protect",
                              .setup = setup_protect,
                              .run = run_protect,
                              .after_failure = assert_mem_unchanged,
                              .after_success = protect_done};
  sweep_both(&op);
}

static void test_chaos_device_open(void **state) {
  (void)state;
  static const chaos_op op = {.name = "hmo_device_open",
                              .call = "hmo_device_open",
                              .run = run_device_open,
                              .after_failure = device_open_failed,
                              .after_success = device_open_done,
                              .device_open = true};
  sweep_both(&op);
}

static void test_chaos_free(void **state) {
  (void)state;
  static const free_op op = {.name = "hmo_memory_free", .call = "hmo_memory_free", .chunks = 2};
  sweep_free_both(&op);
}

static void test_chaos_free_through_slice(void **state) {
  (void)state;
  static const free_op op = {.name = "hmo_memory_free of a slice",
                             .call = "hmo_memory_free",
                             .chunks = 1,
                             .through_view = true};
  sweep_free_both(&op);
}

static void test_chaos_last_release(void **state) {
  (void)state;
  static const free_op op = {
      .name = "hmo_memory_release, the last reference", .call = "hmo_memory_release", .chunks = 2};
  sweep_free_both(&op);
}

static void test_chaos_last_release_of_slice(void **state) {
  (void)state;
  static const free_op op = {.name = "hmo_memory_release of a slice, the last reference",
                             .call = "hmo_memory_release",
                             .chunks = 2,
                             .through_view = true};
  sweep_free_both(&op);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_chaos_alloc, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_alloc_with_data, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_reserve, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_clone, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_clone_slice, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_resize_grow_in_place, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_resize_grow_moving, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_resize_grow_moving_chunks, start_case,
                                      cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_resize_shrink, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_protect, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_device_open, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_alloc_shareable, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_export, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_import, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_free, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_free_through_slice, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_last_release, start_case, cleanup_round),
      cmocka_unit_test_setup_teardown(test_chaos_last_release_of_slice, start_case, cleanup_round),
  };
  return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
