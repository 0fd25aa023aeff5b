/*
 * bench_torch_common.h: libhmo-torch against other stream-ordered allocators,
 * measured the same way on the mock (hmo-torch-bench) and on an NVIDIA GPU
 * (hmo-bench-gpu): alloc+free cycles per size class, and the replay of an
 * allocation trace (a transformer's training steps, then decoding with a
 * growing KV cache) for its time and its fragmentation: the most device
 * memory held (hipMemGetInfo) over the most bytes live.
 */
#ifndef BENCH_TORCH_COMMON_H
#define BENCH_TORCH_COMMON_H

#include <stdbool.h>
#include <stddef.h>

#include <hip/hip_runtime_api.h>

/* An allocator as PyTorch would call it: alloc and free on a stream. */
typedef struct torch_allocator {
  const char *name;
  void *(*alloc)(size_t bytes, hipStream_t stream);
  void (*free)(void *p, size_t bytes, hipStream_t stream);
  /* Gives back what it caches, after its streams are done (between rows). */
  void (*release)(void);
} torch_allocator;

/* One operation of a trace: an alloc of `bytes` on `stream` as block `id`, or (bytes 0) the
 * free of block `id` on the stream of its alloc. */
typedef struct torch_op {
  unsigned id;
  unsigned stream; /* 0 or 1 */
  size_t bytes;
} torch_op;

typedef struct torch_trace {
  torch_op *ops;
  size_t count;
  unsigned ids; /* ids run 0 .. ids - 1 */
} torch_trace;

/* The built-in trace; `quick` makes it small. */
void bench_torch_trace_make(torch_trace *trace, bool quick);
/* Reads one written by bench_torch_trace_write ("a ID BYTES STREAM" / "f ID" lines); false
 * with a message on stderr when it cannot. */
bool bench_torch_trace_read(torch_trace *trace, const char *path);
bool bench_torch_trace_write(const torch_trace *trace, const char *path);
void bench_torch_trace_free(torch_trace *trace);

/* The rows: `torch` against each of `baselines`, per size class and over the trace, rounds of
 * each in turn; `cycles` alloc+free pairs per round. */
void bench_torch_rows(const torch_allocator *torch, const torch_allocator *baselines,
                      int n_baselines, const torch_trace *trace, int rounds, int cycles);

#endif /* BENCH_TORCH_COMMON_H */
