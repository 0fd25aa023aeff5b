/* bench_hmo_common.c: hmo's side of the rows both hmo benchmarks share. */
#include "bench_hmo_common.h"

#include "bench_common.h"

double bench_pool_cycles_ns(hmo_pool *pool, size_t bytes, int cycles) {
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    hmo_memory *mem;
    TRY(hmo_pool_alloc(&mem, pool, bytes, HMO_BYTE, NULL));
    hmo_memory_release(mem);
  }
  return (bench_now_ns() - t0) / cycles;
}

double bench_clone_ns(const hmo_memory *src, int clones) {
  double t0 = bench_now_ns();
  for (int i = 0; i < clones; i++) {
    hmo_memory *copy;
    TRY(hmo_memory_clone(&copy, src));
    hmo_memory_release(copy);
  }
  return (bench_now_ns() - t0) / clones;
}

double bench_grow_ns(hmo_device *dev, const char *host, size_t step, size_t to, hmo_growth growth,
                     hmo_memory **out) {
  hmo_memory *mem;
  double t0 = bench_now_ns();
  TRY(hmo_memory_reserve(&mem, dev, step, to, HMO_BYTE));
  TRY(hmo_memory_set_growth(mem, growth));
  if (host)
    TRY(hmo_memory_copy_from(mem, host, step, 0));
  for (size_t size = 2 * step; size <= to; size += step) {
    TRY(hmo_memory_resize(mem, size));
    if (host)
      TRY(hmo_memory_copy_from(mem, host, step, size - step));
  }
  *out = mem;
  return (bench_now_ns() - t0) / (to / step);
}
