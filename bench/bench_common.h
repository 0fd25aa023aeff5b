/*
 * bench_common.h: what the benchmarks share: a clock, medians, the printed
 * row, and one granule mapped many times (the lookup workload).
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      fprintf(stderr, "%s failed: %s\n", #call, hipGetErrorName(err_));                            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

double bench_now_ns(void);

/* "512 B", "4 KiB", "2 MiB": a static buffer, overwritten by the next call. */
const char *bench_size_name(size_t bytes);

/* The median of count values (sorts them). */
double bench_median(double *values, int count);

/* One line: what was measured and its baseline, ns each, and their ratio. */
void bench_row(const char *what, const char *baseline, double ns, double base_ns);

/* bench_row, then whether the ratio meets its target: "  target <= 1.50x: met". */
void bench_target_row(const char *what, const char *baseline, double ns, double base_ns,
                      double target);

/* Runs this program again as `mockhip-bench <flag>` with name=value in its environment, and
   reads the two numbers it prints; exits on any failure. For rows that need another setting
   of an option read once per process. */
void bench_child(const char *flag, const char *name, const char *value, double *first,
                 double *second);

/* Pinned device memory on device 0. */
hipMemAllocationProp bench_device_prop(void);

/* One granule of memory mapped `count` times back to back in a reservation of its own. */
char *bench_map_many(size_t granule, size_t count, hipMemGenericAllocationHandle_t *handle);
void bench_unmap_many(char *va, size_t granule, size_t count,
                      hipMemGenericAllocationHandle_t handle);

/* hipMemGetAccess at `many` live mappings against `few`: rounds of each in turn, medians. */
void bench_lookup(size_t granule, size_t few, size_t many, int lookups, double *few_ns,
                  double *many_ns);

/* The kernel rows (bench_kernel.cpp and bench_kernel_work.cpp, built where there is a C++
   compiler). */
void bench_kernels(void);
void bench_kernel_work(void);

/* The stream rows, serial against asynchronous (bench_streams.cpp), and the child that
   measures one mode (`--streams-child`), and the one that measures copies into pinned memory
   with the synchronisation checker on or off (`--pinned-child`). */
void bench_streams(void);
int bench_streams_child(void);
int bench_pinned_child(void);

#ifdef __cplusplus
}
#endif

#endif /* BENCH_COMMON_H */
