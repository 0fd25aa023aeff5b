/*
 * bench_torch_common.c: the rows bench_torch_common.h describes, and the
 * built-in trace.
 *
 * The trace is what a small transformer (hidden 1024, 1024 tokens, fp16)
 * asks PyTorch's allocator for: training steps (per layer, forward
 * activations kept for the backward pass, attention scores freed at once;
 * backward gradients freed as they are used, weight gradients kept to the
 * optimizer step; each batch's input made on a second stream), then decoding
 * eight sequences token by token with a KV cache grown as torch.cat grows
 * it: a new, larger tensor per layer and step, the old one freed.
 */
#include "bench_torch_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"

#define KIB ((size_t)1024)
#define MIB (1024 * KIB)

/* ---- the trace ---- */

typedef struct builder {
  torch_trace *trace;
  size_t cap;
} builder;

static void push(builder *b, unsigned id, unsigned stream, size_t bytes) {
  torch_trace *t = b->trace;
  if (t->count == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 1024;
    t->ops = realloc(t->ops, b->cap * sizeof *t->ops);
    if (!t->ops) {
      fprintf(stderr, "bench: no memory for the trace\n");
      exit(1);
    }
  }
  t->ops[t->count++] = (torch_op){id, stream, bytes};
}

static unsigned alloc_op(builder *b, size_t bytes, unsigned stream) {
  unsigned id = b->trace->ids++;
  push(b, id, stream, bytes);
  return id;
}

static void free_op(builder *b, unsigned id) { push(b, id, 0, 0); }

enum { ACTIVATIONS = 8, WEIGHT_GRADS = 5 };

static void training_step(builder *b, int layers) {
  const size_t hidden = 1024, tokens = 1024, half = 2;
  const size_t token_bytes = tokens * hidden * half; /* 2 MiB */
  unsigned input = alloc_op(b, tokens * 8, 1);       /* token ids, made on the loader stream */
  unsigned embedded = alloc_op(b, token_bytes, 0);
  free_op(b, input);
  static const size_t activation_bytes[ACTIVATIONS] = {
      3 * 2 * MIB /* qkv */,       2 * MIB /* attention out */,
      2 * MIB /* norm */,          8 * MIB /* mlp up */,
      8 * MIB /* gelu */,          2 * MIB /* mlp down */,
      64 * KIB /* dropout mask */, 4 * KIB /* norm statistics */};
  static const size_t weight_grad_bytes[WEIGHT_GRADS] = {6 * MIB, 2 * MIB, 8 * MIB, 8 * MIB,
                                                         8 * KIB};
  unsigned kept[64][ACTIVATIONS];
  for (int l = 0; l < layers; l++) {
    unsigned scores = alloc_op(b, 16 * tokens * tokens * half, 0); /* 16 heads: 32 MiB */
    for (int a = 0; a < ACTIVATIONS; a++)
      kept[l][a] = alloc_op(b, activation_bytes[a], 0);
    free_op(b, scores);
  }
  unsigned grads[64][WEIGHT_GRADS];
  for (int l = layers - 1; l >= 0; l--) {
    for (int a = ACTIVATIONS - 1; a >= 0; a--) {
      unsigned grad = alloc_op(b, activation_bytes[a], 0);
      free_op(b, kept[l][a]);
      free_op(b, grad);
    }
    for (int w = 0; w < WEIGHT_GRADS; w++)
      grads[l][w] = alloc_op(b, weight_grad_bytes[w], 0);
  }
  free_op(b, embedded);
  for (int l = 0; l < layers; l++)
    for (int w = 0; w < WEIGHT_GRADS; w++) {
      unsigned update = alloc_op(b, weight_grad_bytes[w], 0); /* the optimizer's temporary */
      free_op(b, update);
      free_op(b, grads[l][w]);
    }
}

static void decode(builder *b, int layers, int steps) {
  const size_t per_token = 8 /* sequences */ * 1024 * 2; /* 16 KiB per layer, each of K and V */
  const size_t prompt = 128;
  unsigned cache[64][2];
  for (int l = 0; l < layers; l++)
    for (int kv = 0; kv < 2; kv++)
      cache[l][kv] = alloc_op(b, prompt * per_token, 0);
  for (int t = 1; t <= steps; t++) {
    for (int l = 0; l < layers; l++) {
      unsigned scratch = alloc_op(b, 8 * 16 * (prompt + t) * 2, 0); /* one row of scores */
      for (int kv = 0; kv < 2; kv++) {
        unsigned grown = alloc_op(b, (prompt + t) * per_token, 0);
        free_op(b, cache[l][kv]);
        cache[l][kv] = grown;
      }
      free_op(b, scratch);
    }
    unsigned logits = alloc_op(b, 8 * 32000 * 2, 0);
    free_op(b, logits);
  }
  for (int l = 0; l < layers; l++)
    for (int kv = 0; kv < 2; kv++)
      free_op(b, cache[l][kv]);
}

void bench_torch_trace_make(torch_trace *trace, bool quick) {
  *trace = (torch_trace){0};
  builder b = {trace, 0};
  int layers = quick ? 2 : 12;
  for (int step = 0; step < (quick ? 1 : 3); step++)
    training_step(&b, layers);
  decode(&b, layers, quick ? 8 : 256);
}

bool bench_torch_trace_write(const torch_trace *trace, const char *path) {
  FILE *out = fopen(path, "w");
  if (!out) {
    perror(path);
    return false;
  }
  for (size_t i = 0; i < trace->count; i++) {
    const torch_op *op = &trace->ops[i];
    if (op->bytes)
      fprintf(out, "a %u %zu %u\n", op->id, op->bytes, op->stream);
    else
      fprintf(out, "f %u\n", op->id);
  }
  return fclose(out) == 0;
}

bool bench_torch_trace_read(torch_trace *trace, const char *path) {
  *trace = (torch_trace){0};
  builder b = {trace, 0};
  FILE *in = fopen(path, "r");
  if (!in) {
    perror(path);
    return false;
  }
  char line[128];
  size_t number = 0;
  bool *live = NULL;
  size_t live_cap = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, in)) {
    number++;
    unsigned id, stream = 0;
    size_t bytes = 0;
    bool is_alloc =
        sscanf(line, "a %u %zu %u", &id, &bytes, &stream) == 3 && bytes > 0 && stream < 2;
    if (!is_alloc && sscanf(line, "f %u", &id) != 1) {
      fprintf(stderr, "%s:%zu: not \"a ID BYTES STREAM\" (STREAM 0 or 1) or \"f ID\"\n", path,
              number);
      ok = false;
      break;
    }
    if (id >= live_cap) {
      size_t cap = (size_t)id * 2 + 64;
      live = realloc(live, cap);
      memset(live + live_cap, 0, cap - live_cap);
      live_cap = cap;
    }
    if (live[id] == is_alloc) {
      fprintf(stderr, "%s:%zu: block %u is %s\n", path, number, id,
              is_alloc ? "live already" : "not live");
      ok = false;
      break;
    }
    live[id] = is_alloc;
    push(&b, id, stream, is_alloc ? bytes : 0);
    if (id >= trace->ids)
      trace->ids = id + 1;
  }
  free(live);
  fclose(in);
  if (!ok)
    bench_torch_trace_free(trace);
  return ok;
}

void bench_torch_trace_free(torch_trace *trace) {
  free(trace->ops);
  *trace = (torch_trace){0};
}

/* ---- the rows ---- */

static hipStream_t streams[2];

static double cycles_ns(const torch_allocator *a, size_t bytes, int cycles) {
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    void *p = a->alloc(bytes, streams[0]);
    if (!p) {
      fprintf(stderr, "bench: %s could not allocate %zu bytes\n", a->name, bytes);
      exit(1);
    }
    a->free(p, bytes, streams[0]);
  }
  CHECK(hipStreamSynchronize(streams[0]));
  return (bench_now_ns() - t0) / cycles;
}

static size_t device_used(void) {
  size_t free_bytes = 0, total = 0;
  CHECK(hipMemGetInfo(&free_bytes, &total));
  return total - free_bytes;
}

/* Replays the trace; ns per operation. With `held_peak`, samples the device memory held after
 * each alloc instead (the untimed run). */
static double replay(const torch_allocator *a, const torch_trace *trace, size_t *held_peak) {
  void **ptrs = calloc(trace->ids, sizeof *ptrs);
  size_t *bytes = calloc(trace->ids, sizeof *bytes);
  unsigned *stream = calloc(trace->ids, sizeof *stream);
  size_t start = held_peak ? device_used() : 0;
  double t0 = bench_now_ns();
  for (size_t i = 0; i < trace->count; i++) {
    const torch_op *op = &trace->ops[i];
    if (op->bytes == 0) {
      a->free(ptrs[op->id], bytes[op->id], streams[stream[op->id]]);
      continue;
    }
    ptrs[op->id] = a->alloc(op->bytes, streams[op->stream]);
    if (!ptrs[op->id]) {
      fprintf(stderr, "bench: %s could not allocate %zu bytes in the trace\n", a->name, op->bytes);
      exit(1);
    }
    bytes[op->id] = op->bytes;
    stream[op->id] = op->stream;
    if (held_peak) {
      size_t held = device_used() - start;
      if (held > *held_peak)
        *held_peak = held;
    }
  }
  CHECK(hipStreamSynchronize(streams[0]));
  CHECK(hipStreamSynchronize(streams[1]));
  double ns = (bench_now_ns() - t0) / (double)trace->count;
  free(ptrs);
  free(bytes);
  free(stream);
  return ns;
}

static size_t live_peak(const torch_trace *trace) {
  size_t *bytes = calloc(trace->ids, sizeof *bytes);
  size_t live = 0, peak = 0;
  for (size_t i = 0; i < trace->count; i++) {
    const torch_op *op = &trace->ops[i];
    if (op->bytes) {
      bytes[op->id] = op->bytes;
      live += op->bytes;
      peak = live > peak ? live : peak;
    } else {
      live -= bytes[op->id];
    }
  }
  free(bytes);
  return peak;
}

static void release_all(const torch_allocator *torch, const torch_allocator *baselines, int n) {
  torch->release();
  for (int i = 0; i < n; i++)
    baselines[i].release();
}

static void size_rows(const torch_allocator *torch, const torch_allocator *baselines,
                      int n_baselines, int rounds, int cycles) {
  static const size_t sizes[] = {512, 4 * KIB, 64 * KIB, MIB, 2 * MIB, 16 * MIB, 128 * MIB};
  for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
    int n = sizes[s] >= 16 * MIB ? (cycles / 10 > 10 ? cycles / 10 : 10) : cycles;
    double torch_ns[16], base_ns[4][16];
    cycles_ns(torch, sizes[s], 1); /* warm: each maps and caches its first block */
    for (int b = 0; b < n_baselines; b++)
      cycles_ns(&baselines[b], sizes[s], 1);
    for (int r = 0; r < rounds; r++) {
      torch_ns[r] = cycles_ns(torch, sizes[s], n);
      for (int b = 0; b < n_baselines; b++)
        base_ns[b][r] = cycles_ns(&baselines[b], sizes[s], n);
    }
    double median = bench_median(torch_ns, rounds);
    for (int b = 0; b < n_baselines; b++) {
      char what[64], baseline[64];
      snprintf(what, sizeof what, "%s alloc+free %s", torch->name, bench_size_name(sizes[s]));
      snprintf(baseline, sizeof baseline, "%s %s", baselines[b].name, bench_size_name(sizes[s]));
      bench_row(what, baseline, median, bench_median(base_ns[b], rounds));
    }
    release_all(torch, baselines, n_baselines);
  }
}

static void trace_rows(const torch_allocator *torch, const torch_allocator *baselines,
                       int n_baselines, const torch_trace *trace, int rounds) {
  size_t live = live_peak(trace);
  printf("trace: %zu operations, %u blocks, %.1f MiB live at its peak\n", trace->count, trace->ids,
         (double)live / MIB);
  double torch_ns[16], base_ns[4][16];
  for (int r = 0; r < rounds; r++) {
    torch_ns[r] = replay(torch, trace, NULL);
    for (int b = 0; b < n_baselines; b++)
      base_ns[b][r] = replay(&baselines[b], trace, NULL);
  }
  for (int b = 0; b < n_baselines; b++) {
    char what[64], baseline[64];
    snprintf(what, sizeof what, "%s trace replay, per op", torch->name);
    snprintf(baseline, sizeof baseline, "%s, per op", baselines[b].name);
    bench_row(what, baseline, bench_median(torch_ns, rounds), bench_median(base_ns[b], rounds));
  }
  /* Fragmentation, each from nothing cached: the most held over the most live. */
  for (int i = -1; i < n_baselines; i++) {
    const torch_allocator *a = i < 0 ? torch : &baselines[i];
    release_all(torch, baselines, n_baselines);
    size_t held = 0;
    replay(a, trace, &held);
    printf("%-44s held at most %8.1f MiB for %8.1f MiB live: %5.2fx\n", a->name, (double)held / MIB,
           (double)live / MIB, (double)held / (double)live);
  }
  release_all(torch, baselines, n_baselines);
}

void bench_torch_rows(const torch_allocator *torch, const torch_allocator *baselines,
                      int n_baselines, const torch_trace *trace, int rounds, int cycles) {
  if (rounds > 16 || n_baselines > 4) {
    fprintf(stderr, "bench: at most 16 rounds and 4 baselines\n");
    exit(1);
  }
  CHECK(hipStreamCreate(&streams[0]));
  CHECK(hipStreamCreate(&streams[1]));
  size_rows(torch, baselines, n_baselines, rounds, cycles);
  trace_rows(torch, baselines, n_baselines, trace, rounds);
  CHECK(hipStreamDestroy(streams[0]));
  CHECK(hipStreamDestroy(streams[1]));
}
