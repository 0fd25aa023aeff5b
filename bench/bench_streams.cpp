/*
 * bench_streams.cpp: what streams that run asynchronously cost against streams that run at
 * the call (MOCKHIP_STREAMS, read once per process, so each mode is measured in a child of
 * its own, in turn, three times):
 *
 *   an empty kernel, 1 block of 1 thread, launch + hipStreamSynchronize on a created stream,
 *   async                      vs  the same, serial                    (<= 2x)
 *   100,000 hipMemsetAsync of 256 bytes on one stream, then one synchronise, per set,
 *   async                      vs  the same, serial                    (the rate, reported)
 *
 * and what the synchronisation checker costs (MOCKHIP_SYNC_CHECK=1, streams serial): the same
 * two rows with it on against it off, and two where it guards pinned memory from the host
 * (os/guard.c): a 256-byte hipMemcpyAsync into pinned memory + hipStreamSynchronize, and 100
 * such copies into 100 pages queued before one synchronise, per copy.
 *
 * Not a test: nothing here passes or fails on timing.
 */
#include <hip/hip_runtime.h>

#include "bench_common.h"

__global__ void stream_empty_kernel() {}

#define LAUNCHES 20000
#define SETS 100000
#define ROUNDS 5
#define RUNS 3

/* Launch + synchronise, ns each, the median of ROUNDS. */
static double launch_sync_ns(hipStream_t stream) {
  hipLaunchKernelGGL(stream_empty_kernel, dim3(1), dim3(1), 0, stream); /* warm */
  CHECK(hipStreamSynchronize(stream));
  double ns[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < LAUNCHES; i++) {
      hipLaunchKernelGGL(stream_empty_kernel, dim3(1), dim3(1), 0, stream);
      CHECK(hipStreamSynchronize(stream));
    }
    ns[r] = (bench_now_ns() - t0) / LAUNCHES;
  }
  return bench_median(ns, ROUNDS);
}

/* SETS sets queued, then one synchronise: ns per set, the median of ROUNDS. */
static double set_ns(hipStream_t stream, void *dev) {
  double ns[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < SETS; i++)
      CHECK(hipMemsetAsync(dev, i & 0xff, 256, stream));
    CHECK(hipStreamSynchronize(stream));
    ns[r] = (bench_now_ns() - t0) / SETS;
  }
  return bench_median(ns, ROUNDS);
}

#define PINNED_PAGES 100

/* Copies of 256 bytes into pinned memory, `per_sync` pages queued before each synchronise: ns
   per copy, the median of ROUNDS. */
static double pinned_copy_ns(hipStream_t stream, const void *dev, char *pinned, int per_sync) {
  double ns[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < LAUNCHES; i += per_sync) {
      for (int page = 0; page < per_sync; page++)
        CHECK(
            hipMemcpyAsync(pinned + (size_t)page * 4096, dev, 256, hipMemcpyDeviceToHost, stream));
      CHECK(hipStreamSynchronize(stream));
    }
    ns[r] = (bench_now_ns() - t0) / LAUNCHES;
  }
  return bench_median(ns, ROUNDS);
}

int bench_pinned_child(void) {
  hipStream_t stream;
  void *dev;
  char *pinned;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMalloc(&dev, 256));
  CHECK(hipHostMalloc((void **)&pinned, PINNED_PAGES * 4096, 0));
  double one = pinned_copy_ns(stream, dev, pinned, 1);
  double many = pinned_copy_ns(stream, dev, pinned, PINNED_PAGES);
  CHECK(hipHostFree(pinned));
  CHECK(hipFree(dev));
  CHECK(hipStreamDestroy(stream));
  printf("%.1f %.1f\n", one, many);
  return 0;
}

int bench_streams_child(void) {
  hipStream_t stream;
  void *dev;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMalloc(&dev, 256));
  double launch = launch_sync_ns(stream);
  double set = set_ns(stream, dev);
  CHECK(hipFree(dev));
  CHECK(hipStreamDestroy(stream));
  printf("%.1f %.1f\n", launch, set);
  return 0;
}

void bench_streams(void) {
  double async_launch[RUNS], async_set[RUNS], serial_launch[RUNS], serial_set[RUNS];
  double check_launch[RUNS], check_set[RUNS];
  double check_one[RUNS], check_many[RUNS], plain_one[RUNS], plain_many[RUNS];
  for (int run = 0; run < RUNS; run++) {
    bench_child("--pinned-child", "MOCKHIP_SYNC_CHECK", "1", &check_one[run], &check_many[run]);
    bench_child("--pinned-child", "MOCKHIP_SYNC_CHECK", "0", &plain_one[run], &plain_many[run]);
    bench_child("--streams-child", "MOCKHIP_STREAMS", "async", &async_launch[run], &async_set[run]);
    bench_child("--streams-child", "MOCKHIP_STREAMS", "serial", &serial_launch[run],
                &serial_set[run]);
    bench_child("--streams-child", "MOCKHIP_SYNC_CHECK", "1", &check_launch[run], &check_set[run]);
  }
  bench_target_row("launch + stream sync, async", "the same, serial",
                   bench_median(async_launch, RUNS), bench_median(serial_launch, RUNS), 2.0);
  bench_row("hipMemsetAsync 256 B, async", "the same, serial", bench_median(async_set, RUNS),
            bench_median(serial_set, RUNS));
  bench_row("launch + stream sync, sync check", "the same, unchecked",
            bench_median(check_launch, RUNS), bench_median(serial_launch, RUNS));
  bench_row("hipMemsetAsync 256 B, sync check", "the same, unchecked",
            bench_median(check_set, RUNS), bench_median(serial_set, RUNS));
  bench_row("pinned copy + sync, sync check", "the same, unchecked", bench_median(check_one, RUNS),
            bench_median(plain_one, RUNS));
  bench_row("100 pinned copies, 1 sync, check", "the same, unchecked",
            bench_median(check_many, RUNS), bench_median(plain_many, RUNS));
}
