/*
 * test_torch.c: libhmo-torch driven as PyTorch drives a CUDAPluggableAllocator.
 * The library is dlopen'ed (RTLD_NOW | RTLD_LOCAL, as ctypes.CDLL does), each
 * function looked up by name and called through PyTorch's own function types;
 * a free passes the size, device and stream recorded at the alloc, as
 * CUDAPluggableAllocator::raw_delete does. The process links the shared
 * mockhip, the one the library uses, so streams and pointers are shared.
 *
 * Runs with MOCKHIP_STREAMS=async (a stream can be kept busy by a host
 * function) and MOCKHIP_DEVICES=2, which main sets unless they are set. `test_torch oom` runs the
 * out-of-memory cases, on a device of MOCKHIP_DEVICE_MEMORY bytes.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <hip/hip_runtime_api.h>
#include <mockhip.h>

#include "hmo_torch.h"

#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

/* PyTorch's MallocFuncType and FreeFuncType (CUDAPluggableAllocator.h). */
typedef void *(*malloc_fn)(size_t, int, hipStream_t);
typedef void (*free_fn)(void *, size_t, int, hipStream_t);

static struct {
  void *lib;
  malloc_fn alloc;
  free_fn free;
  void (*record_stream)(void *, hipStream_t);
  void (*empty_cache)(void);
  void (*memory_fraction)(double, int);
  void *(*base_alloc)(void *, size_t *);
  int (*get_stats)(int, hmo_torch_stats *);
  const char *(*last_error)(void);
  int (*shutdown)(void);
} torch;

static void *symbol(const char *name) {
  void *address = dlsym(torch.lib, name);
  if (!address)
    fail_msg("%s is not exported: %s", name, dlerror());
  return address;
}

static int load(void **state) {
  (void)state;
  torch.lib = dlopen(HMO_TORCH_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!torch.lib)
    fail_msg("dlopen(%s): %s", HMO_TORCH_LIBRARY, dlerror());
  torch.alloc = (malloc_fn)symbol("hmo_torch_alloc");
  torch.free = (free_fn)symbol("hmo_torch_free");
  torch.record_stream = (void (*)(void *, hipStream_t))symbol("hmo_torch_record_stream");
  torch.empty_cache = (void (*)(void))symbol("hmo_torch_empty_cache");
  torch.memory_fraction = (void (*)(double, int))symbol("hmo_torch_memory_fraction");
  torch.base_alloc = (void *(*)(void *, size_t *))symbol("hmo_torch_base_alloc");
  torch.get_stats = (int (*)(int, hmo_torch_stats *))symbol("hmo_torch_get_stats");
  torch.last_error = (const char *(*)(void))symbol("hmo_torch_last_error");
  torch.shutdown = (int (*)(void))symbol("hmo_torch_shutdown");
  return 0;
}

/* Every block was freed: everything goes back, and mockhip holds nothing of the library's. */
static int unload(void **state) {
  (void)state;
  assert_int_equal(torch.shutdown(), 0);
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  assert_int_equal(mockhip_stats(&stats), hipSuccess);
  assert_int_equal(stats.live_mappings, 0);
  assert_int_equal(stats.live_handles, 0);
  assert_int_equal(stats.live_reservations, 0);
  /* Not dlclose'd, as PyTorch never does: hmo keeps released structs a while (quarantine). */
  return 0;
}

static hmo_torch_stats stats_of(int device) {
  hmo_torch_stats stats;
  assert_int_equal(torch.get_stats(device, &stats), 0);
  return stats;
}

/* ---- a stream kept busy until released: a host function that waits on a flag ---- */

typedef struct gate {
  atomic_int open;
} gate;

static void wait_at_gate(void *arg) {
  gate *g = arg;
  while (!atomic_load(&g->open))
    ;
}

static void block_stream(hipStream_t stream, gate *g) {
  atomic_store(&g->open, 0);
  assert_int_equal(hipLaunchHostFunc(stream, wait_at_gate, g), hipSuccess);
}

static void open_gate(hipStream_t stream, gate *g) {
  atomic_store(&g->open, 1);
  assert_int_equal(hipStreamSynchronize(stream), hipSuccess);
}

static hipStream_t new_stream(void) {
  hipStream_t stream;
  assert_int_equal(hipStreamCreate(&stream), hipSuccess);
  return stream;
}

/* ---- cases ---- */

static void exports_only_its_own_functions(void **state) {
  (void)state;
  /* hmo is compiled in, hidden: a second copy of it must not clash with the program's. */
  assert_null(dlsym(torch.lib, "hmo_pool_alloc"));
  assert_null(dlsym(torch.lib, "hmo_memory_alloc"));
  assert_null(dlsym(torch.lib, "torch__class_of"));
}

static void bytes_written_read_back_and_aligned(void **state) {
  (void)state;
  assert_null(torch.alloc(0, 0, NULL));
  size_t sizes[] = {1, 511, 512, 4096, 100000, MIB, MIB + 1, 3 * MIB, 70 * MIB};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    char *p = torch.alloc(sizes[i], 0, NULL);
    assert_non_null(p);
    assert_int_equal((uintptr_t)p % 256, 0);
    char *host = malloc(sizes[i]), *back = malloc(sizes[i]);
    for (size_t j = 0; j < sizes[i]; j++)
      host[j] = (char)(j * 7 + i);
    assert_int_equal(hipMemcpy(p, host, sizes[i], hipMemcpyHostToDevice), hipSuccess);
    assert_int_equal(hipMemcpy(back, p, sizes[i], hipMemcpyDeviceToHost), hipSuccess);
    assert_memory_equal(host, back, sizes[i]);
    size_t base_bytes = 0;
    assert_ptr_equal(torch.base_alloc(p, &base_bytes), p);
    assert_true(base_bytes >= sizes[i] && base_bytes <= sizes[i] + sizes[i] / 4 + 512);
    torch.free(p, sizes[i], 0, NULL);
    free(host);
    free(back);
  }
}

static void negative_and_huge_sizes_are_refused_with_a_reason(void **state) {
  (void)state;
  /* ssize_t as the issue spells it; PyTorch's size_t of a negative is huge. */
  assert_null(torch.alloc((size_t)-5, 0, NULL));
  assert_non_null(strstr(torch.last_error(), "bytes"));
  assert_null(torch.alloc((size_t)1 << 50, 0, NULL));
  assert_non_null(strstr(torch.last_error(), "largest block"));
  assert_null(torch.alloc(64, 7, NULL));
  assert_non_null(strstr(torch.last_error(), "no such device"));
}

static void same_stream_reuses_at_once(void **state) {
  (void)state;
  torch.empty_cache(); /* no stream holds memory s could borrow */
  hipStream_t s = new_stream();
  hmo_torch_stats before = stats_of(0);
  void *p = torch.alloc(5000, 0, s);
  torch.free(p, 5000, 0, s);
  gate g;
  block_stream(s, &g);               /* still running: the same stream may reuse it regardless */
  void *q = torch.alloc(5100, 0, s); /* the same 512-byte class */
  assert_ptr_equal(q, p);
  hmo_torch_stats after = stats_of(0);
  assert_int_equal(after.same_stream_reuses - before.same_stream_reuses, 1);
  assert_int_equal(after.growths - before.growths, 1);
  assert_int_equal(after.event_records, before.event_records); /* a free costs no event */
  open_gate(s, &g);
  torch.free(q, 5100, 0, s);
  assert_int_equal(hipStreamDestroy(s), hipSuccess);
}

static void another_stream_waits_for_the_event(void **state) {
  (void)state;
  torch.empty_cache(); /* only a's memory is there to borrow */
  hipStream_t a = new_stream(), b = new_stream();
  gate g;
  void *p = torch.alloc(6 * MIB, 0, a);
  block_stream(a, &g); /* work on p still queued on a */
  torch.free(p, 6 * MIB, 0, a);
  void *q = torch.alloc(6 * MIB, 0, b);
  assert_non_null(q);
  assert_ptr_not_equal(q, p); /* a has not reached its free: b must not get p */
  open_gate(a, &g);
  hipStream_t c = new_stream(); /* holds nothing: borrows from a, idle now, first */
  hmo_torch_stats before = stats_of(0);
  void *r = torch.alloc(6 * MIB, 0, c);
  assert_ptr_equal(r, p);
  assert_int_equal(stats_of(0).cross_stream_reuses - before.cross_stream_reuses, 1);
  torch.free(q, 6 * MIB, 0, b);
  torch.free(r, 6 * MIB, 0, c); /* a's memory: back to a once c is done */
  assert_int_equal(hipStreamDestroy(a), hipSuccess);
  assert_int_equal(hipStreamDestroy(b), hipSuccess);
  assert_int_equal(hipStreamDestroy(c), hipSuccess);
}

static void record_stream_holds_the_block_for_that_stream(void **state) {
  (void)state;
  hipStream_t a = new_stream(), b = new_stream();
  gate g;
  void *p = torch.alloc(20000, 0, a);
  torch.record_stream(p, b);
  block_stream(b, &g); /* b still uses p */
  torch.free(p, 20000, 0, a);
  void *q = torch.alloc(20000, 0, a);
  assert_ptr_not_equal(q, p); /* not even its own stream may have it before b is done */
  open_gate(b, &g);
  void *r = torch.alloc(20000, 0, a);
  assert_ptr_equal(r, p);
  torch.free(q, 20000, 0, a);
  torch.free(r, 20000, 0, a);
  assert_int_equal(hipStreamDestroy(a), hipSuccess);
  assert_int_equal(hipStreamDestroy(b), hipSuccess);
}

static void a_free_on_another_stream_waits_for_it_too(void **state) {
  (void)state;
  hipStream_t a = new_stream(), b = new_stream();
  gate g;
  void *p = torch.alloc(40000, 0, a);
  block_stream(b, &g);
  torch.free(p, 40000, 0, b); /* not PyTorch's way: b is taken as one more user */
  void *q = torch.alloc(40000, 0, a);
  assert_ptr_not_equal(q, p);
  open_gate(b, &g);
  void *r = torch.alloc(40000, 0, a);
  assert_ptr_equal(r, p);
  torch.free(q, 40000, 0, a);
  torch.free(r, 40000, 0, a);
  assert_int_equal(hipStreamDestroy(a), hipSuccess);
  assert_int_equal(hipStreamDestroy(b), hipSuccess);
}

static void bad_frees_change_nothing_and_say_why(void **state) {
  (void)state;
  hmo_torch_stats before = stats_of(0);
  char on_host[64];
  torch.free(on_host, 64, 0, NULL);
  assert_non_null(strstr(torch.last_error(), "not a live block"));
  void *p = torch.alloc(1000, 0, NULL);
  torch.free(p, 999, 0, NULL);
  assert_non_null(strstr(torch.last_error(), "size differs"));
  torch.free(p, 1000, 1, NULL); /* another device's table does not hold it */
  torch.free(p, 1000, 0, NULL);
  torch.free(p, 1000, 0, NULL);
  assert_non_null(strstr(torch.last_error(), "freed already"));
  torch.free(NULL, 0, 0, NULL);
  torch.record_stream(on_host, NULL);
  assert_non_null(strstr(torch.last_error(), "not a live block"));
  hmo_torch_stats after = stats_of(0);
  assert_int_equal(after.bad_frees - before.bad_frees, 3);
  assert_int_equal(after.frees - before.frees, 1);
  assert_int_equal(after.live_bytes, before.live_bytes);
}

static void another_device_keeps_the_current_one(void **state) {
  (void)state;
  assert_int_equal(hipSetDevice(0), hipSuccess);
  void *p = torch.alloc(MIB, 1, NULL);
  assert_non_null(p);
  int current = -1;
  assert_int_equal(hipGetDevice(&current), hipSuccess);
  assert_int_equal(current, 0);
  hipPointerAttribute_t attributes;
  assert_int_equal(hipPointerGetAttributes(&attributes, p), hipSuccess);
  assert_int_equal(attributes.device, 1);
  assert_int_equal(stats_of(1).live_bytes, MIB);
  torch.free(p, MIB, 1, NULL);
  assert_int_equal(stats_of(1).live_bytes, 0);
}

static void the_fraction_caps_what_is_held(void **state) {
  (void)state;
  size_t free_bytes, total;
  assert_int_equal(hipMemGetInfo(&free_bytes, &total), hipSuccess);
  torch.memory_fraction(0.25, 0);
  size_t block = total / 16; /* 4 fit under the cap, less what other cases keep cached */
  void *held[8];
  int n = 0;
  while (n < 8 && (held[n] = torch.alloc(block, 0, NULL)))
    n++;
  assert_true(n >= 2 && n <= 4);
  assert_non_null(strstr(torch.last_error(), "memory fraction"));
  assert_true(stats_of(0).mapped_bytes <= total / 4 + 16 * MIB); /* to a segment */
  torch.memory_fraction(1.0, 0);
  held[n] = torch.alloc(block, 0, NULL);
  assert_non_null(held[n]);
  for (int i = 0; i <= n; i++)
    torch.free(held[i], block, 0, NULL);
  torch.memory_fraction(1.5, 0);
  assert_non_null(strstr(torch.last_error(), "outside (0, 1]"));
}

static void empty_cache_unmaps_what_is_cached(void **state) {
  (void)state;
  void *p = torch.alloc(200 * MIB, 0, NULL);
  void *q = torch.alloc(8 * MIB, 0, NULL);
  torch.free(p, 200 * MIB, 0, NULL);
  torch.free(q, 8 * MIB, 0, NULL);
  hmo_torch_stats cached = stats_of(0);
  assert_true(cached.mapped_bytes >= 208 * MIB);
  torch.empty_cache();
  hmo_torch_stats after = stats_of(0);
  assert_int_equal(after.live_bytes, 0);
  assert_int_equal(after.mapped_bytes, 0);
}

static void a_failed_create_fails_one_alloc_only(void **state) {
  (void)state;
  torch.empty_cache();
  /* One failed create is retried once the cache is given back. */
  assert_int_equal(mockhip_fail_set("hipMemCreate:1"), hipSuccess);
  void *retried = torch.alloc(100 * MIB, 0, NULL);
  assert_non_null(retried);
  torch.free(retried, 100 * MIB, 0, NULL);
  torch.empty_cache();
  hmo_torch_stats before = stats_of(0);
  assert_int_equal(mockhip_fail_set("hipMemCreate:every=1"), hipSuccess);
  assert_null(torch.alloc(100 * MIB, 0, NULL));
  assert_non_null(strstr(torch.last_error(), "hipMemCreate failed: hipErrorOutOfMemory"));
  assert_int_equal(mockhip_fail_set(NULL), hipSuccess);
  assert_int_equal(stats_of(0).flushes - before.flushes, 2); /* without, then with a wait */
  void *p = torch.alloc(100 * MIB, 0, NULL);
  assert_non_null(p);
  torch.free(p, 100 * MIB, 0, NULL);
  assert_true(stats_of(0).failures >= 1);
}

static void a_captured_block_is_not_reused_after_its_free(void **state) {
  (void)state;
  hipStream_t s = new_stream();
  assert_int_equal(hipStreamBeginCapture(s, hipStreamCaptureModeThreadLocal), hipSuccess);
  void *p = torch.alloc(7000, 0, s);
  assert_non_null(p);
  torch.free(p, 7000, 0, s);
  hipGraph_t graph;
  assert_int_equal(hipStreamEndCapture(s, &graph), hipSuccess);
  void *q = torch.alloc(7000, 0, s);
  assert_ptr_not_equal(q, p); /* the graph's replays may still write p */
  torch.free(q, 7000, 0, s);
  assert_int_equal(hipGraphDestroy(graph), hipSuccess);
  assert_int_equal(hipStreamDestroy(s), hipSuccess);
}

/* ---- many threads, many streams: every byte accounted for at the end ---- */

#define THREADS 8
#define STEPS 3000
#define LIVE 32

static hipStream_t shared_streams[3];

static void *churn(void *arg) {
  unsigned seed = (unsigned)(uintptr_t)arg;
  struct {
    unsigned *p;
    size_t bytes;
    hipStream_t stream;
  } live[LIVE] = {{0}};
  for (int step = 0; step < STEPS; step++) {
    int i = rand_r(&seed) % LIVE;
    if (live[i].p) {
      unsigned word = 0;
      if (hipMemcpy(&word, live[i].p, sizeof word, hipMemcpyDeviceToHost) != hipSuccess ||
          word != (unsigned)(uintptr_t)arg * 100000u + (unsigned)i)
        return "a block held another thread's bytes";
      torch.free(live[i].p, live[i].bytes, 0, live[i].stream);
      live[i].p = NULL;
      continue;
    }
    size_t kinds[] = {256, 4000, 70000, MIB, 3 * MIB, 17 * MIB};
    live[i].bytes = kinds[rand_r(&seed) % 6] + (size_t)(rand_r(&seed) % 512);
    live[i].stream = shared_streams[rand_r(&seed) % 3];
    live[i].p = torch.alloc(live[i].bytes, 0, live[i].stream);
    if (!live[i].p)
      return "an alloc failed";
    unsigned word = (unsigned)(uintptr_t)arg * 100000u + (unsigned)i;
    if (hipMemcpy(live[i].p, &word, sizeof word, hipMemcpyHostToDevice) != hipSuccess)
      return "a write failed";
    if (rand_r(&seed) % 8 == 0)
      torch.record_stream(live[i].p, shared_streams[rand_r(&seed) % 3]);
  }
  for (int i = 0; i < LIVE; i++)
    if (live[i].p)
      torch.free(live[i].p, live[i].bytes, 0, live[i].stream);
  return NULL;
}

static void threads_streams_and_every_byte_accounted_for(void **state) {
  (void)state;
  for (int i = 0; i < 3; i++)
    shared_streams[i] = new_stream();
  pthread_t threads[THREADS];
  for (uintptr_t t = 0; t < THREADS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, churn, (void *)(t + 1)), 0);
  for (int t = 0; t < THREADS; t++) {
    void *failure;
    assert_int_equal(pthread_join(threads[t], &failure), 0);
    if (failure)
      fail_msg("thread %d: %s", t, (const char *)failure);
  }
  hmo_torch_stats stats = stats_of(0);
  assert_int_equal(stats.live_bytes, 0);
  assert_true(stats.same_stream_reuses > 0);
  torch.empty_cache(); /* cached, waiting on record_stream's streams, or a graph's: all go */
  stats = stats_of(0);
  assert_int_equal(stats.mapped_bytes, 0);
  for (int i = 0; i < 3; i++)
    assert_int_equal(hipStreamDestroy(shared_streams[i]), hipSuccess);
}

static void shutdown_refuses_while_a_block_is_live(void **state) {
  (void)state;
  void *p = torch.alloc(100, 0, NULL);
  assert_int_equal(torch.shutdown(), -1);
  assert_non_null(strstr(torch.last_error(), "live"));
  torch.free(p, 100, 0, NULL);
}

/* ---- out of memory (`test_torch oom`, on a small device) ---- */

static void out_of_memory_gives_the_cache_back_first(void **state) {
  (void)state;
  size_t free_bytes, total;
  assert_int_equal(hipMemGetInfo(&free_bytes, &total), hipSuccess);
  void *held[64];
  int n = 0;
  while (n < 64 && (held[n] = torch.alloc(16 * MIB, 0, NULL)))
    n++;
  assert_true(n > 0 && n < 64);
  assert_true(strlen(torch.last_error()) > 0);
  for (int i = 0; i < n; i++)
    torch.free(held[i], 16 * MIB, 0, NULL);
  /* All of it is cached as 16 MiB blocks; a large block needs it given back. */
  hmo_torch_stats before = stats_of(0);
  void *large = torch.alloc(total / 2, 0, NULL);
  assert_non_null(large);
  assert_true(stats_of(0).flushes > before.flushes);
  torch.free(large, total / 2, 0, NULL);
}

int main(int argc, char **argv) {
  /* Run by hand too: streams that a host function can keep busy, and a second device. */
  setenv("MOCKHIP_STREAMS", "async", 0);
  setenv("MOCKHIP_DEVICES", "2", 0);
  const struct CMUnitTest cases[] = {
      cmocka_unit_test(exports_only_its_own_functions),
      cmocka_unit_test(bytes_written_read_back_and_aligned),
      cmocka_unit_test(negative_and_huge_sizes_are_refused_with_a_reason),
      cmocka_unit_test(same_stream_reuses_at_once),
      cmocka_unit_test(another_stream_waits_for_the_event),
      cmocka_unit_test(record_stream_holds_the_block_for_that_stream),
      cmocka_unit_test(a_free_on_another_stream_waits_for_it_too),
      cmocka_unit_test(bad_frees_change_nothing_and_say_why),
      cmocka_unit_test(another_device_keeps_the_current_one),
      cmocka_unit_test(the_fraction_caps_what_is_held),
      cmocka_unit_test(empty_cache_unmaps_what_is_cached),
      cmocka_unit_test(a_failed_create_fails_one_alloc_only),
      cmocka_unit_test(a_captured_block_is_not_reused_after_its_free),
      cmocka_unit_test(threads_streams_and_every_byte_accounted_for),
      cmocka_unit_test(shutdown_refuses_while_a_block_is_live),
  };
  const struct CMUnitTest oom_cases[] = {
      cmocka_unit_test(out_of_memory_gives_the_cache_back_first),
  };
  if (argc > 1 && strcmp(argv[1], "oom") == 0)
    return cmocka_run_group_tests_name("hmo_torch_oom", oom_cases, load, unload);
  return cmocka_run_group_tests_name("hmo_torch", cases, load, unload);
}
