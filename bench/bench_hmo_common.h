/*
 * bench_hmo_common.h: what the two hmo benchmarks (hmo-bench on the mock,
 * hmo-bench-gpu on an NVIDIA GPU) measure the same way: a failing hmo call
 * ends the run, sizes are named alike, and hmo's side of the pool, clone and
 * growth rows is one loop each.
 */
#ifndef BENCH_HMO_COMMON_H
#define BENCH_HMO_COMMON_H

#include <stdio.h>
#include <stdlib.h>

#include <hmo.h>

#define KIB ((size_t)1024)
#define MIB (1024 * KIB)
#define GIB (1024 * MIB)

#define TRY(call)                                                                                  \
  do {                                                                                             \
    int status_ = (call);                                                                          \
    if (status_ != HMO_OK) {                                                                       \
      fprintf(stderr, "%s failed: %s: %s\n", #call, hmo_status_name(status_),                      \
              hmo_error_last()->message);                                                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* ns per pool alloc + release of `bytes`, over `cycles`. */
double bench_pool_cycles_ns(hmo_pool *pool, size_t bytes, int cycles);

/* ns per clone + release of src, over `clones`. */
double bench_clone_ns(const hmo_memory *src, int clones);

/* Reserves room for `to` bytes on dev and grows by `step` up to it with `growth`, writing each
   new step from host (host NULL: no writes, the resizes alone); *out is the grown memory, the
   caller's to inspect and release. ns per step. */
double bench_grow_ns(hmo_device *dev, const char *host, size_t step, size_t to, hmo_growth growth,
                     hmo_memory **out);

#endif /* BENCH_HMO_COMMON_H */
