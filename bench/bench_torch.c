/*
 * bench_torch.c: hmo-torch-bench, libhmo-torch on the mock against the mock's
 * own stream-ordered pool and plain hipMalloc, side by side in one run:
 *
 *   hmo-torch alloc+free, 512 B .. 128 MiB   vs  hipMallocAsync+hipFreeAsync (default pool)
 *                                            vs  hipMalloc+hipFree
 *   replay of the trace, per operation       vs  the same two
 *   the most memory held over the most live  for each of the three
 *
 * Usage: hmo-torch-bench [--quick] [--trace FILE | --write-trace FILE]. --write-trace writes
 * the built-in trace (bench_torch_common.c) and exits; --trace replays FILE instead of it.
 * Not a test: nothing here fails on timing. hmo-bench-gpu prints the same rows on a GPU.
 */
#include <stdio.h>
#include <string.h>

#include <hmo_torch.h>

#include "bench_common.h"
#include "bench_torch_common.h"

static void *torch_alloc(size_t bytes, hipStream_t stream) {
  return hmo_torch_alloc((ssize_t)bytes, 0, stream);
}
static void torch_free(void *p, size_t bytes, hipStream_t stream) {
  hmo_torch_free(p, (ssize_t)bytes, 0, stream);
}

static void *async_alloc(size_t bytes, hipStream_t stream) {
  void *p = NULL;
  return hipMallocAsync(&p, bytes, stream) == hipSuccess ? p : NULL;
}
static void async_free(void *p, size_t bytes, hipStream_t stream) {
  (void)bytes;
  CHECK(hipFreeAsync(p, stream));
}
static void async_release(void) {
  hipMemPool_t pool;
  CHECK(hipDeviceSynchronize());
  CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  CHECK(hipMemPoolTrimTo(pool, 0));
}

static void *plain_alloc(size_t bytes, hipStream_t stream) {
  (void)stream;
  void *p = NULL;
  return hipMalloc(&p, bytes) == hipSuccess ? p : NULL;
}
static void plain_free(void *p, size_t bytes, hipStream_t stream) {
  (void)bytes;
  (void)stream;
  CHECK(hipFree(p));
}
static void nothing_cached(void) {}

int main(int argc, char **argv) {
  bool quick = false;
  const char *trace_in = NULL, *trace_out = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--quick") == 0)
      quick = true;
    else if (strcmp(argv[i], "--trace") == 0 && i + 1 < argc)
      trace_in = argv[++i];
    else if (strcmp(argv[i], "--write-trace") == 0 && i + 1 < argc)
      trace_out = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--quick] [--trace FILE | --write-trace FILE]\n", argv[0]);
      return 2;
    }
  }
  torch_trace trace;
  if (trace_in ? !bench_torch_trace_read(&trace, trace_in)
               : (bench_torch_trace_make(&trace, quick), false))
    return 1;
  if (trace_out) {
    bool written = bench_torch_trace_write(&trace, trace_out);
    bench_torch_trace_free(&trace);
    return written ? 0 : 1;
  }
  int rounds = quick ? 3 : 7, cycles = quick ? 200 : 20000;
  printf("hmo-torch on mockhip (medians of %d rounds, each allocator in turn)\n", rounds);
  torch_allocator torch = {"hmo-torch", torch_alloc, torch_free, hmo_torch_empty_cache};
  torch_allocator baselines[] = {
      {"hipMallocAsync+hipFreeAsync", async_alloc, async_free, async_release},
      {"hipMalloc+hipFree", plain_alloc, plain_free, nothing_cached},
  };
  bench_torch_rows(&torch, baselines, 2, &trace, rounds, cycles);
  bench_torch_trace_free(&trace);
  return hmo_torch_shutdown() == 0 ? 0 : 1;
}
