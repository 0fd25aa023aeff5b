/*
 * bench_vmm.c: what mockhip's bookkeeping costs, side by side with the bare
 * mechanism it sits on. Prints nanoseconds per operation and the ratio.
 *
 *   map + set-access + unmap   vs  mmap(MAP_FIXED) + mprotect + placeholder mmap
 *   hipMemcpy of 256 bytes     vs  memcpy, with 20 and with 20,000 live mappings
 *   hipMemCreate + release     vs  memfd_create + ftruncate + close (a file per handle,
 *                                  what ROCm's dmabuf and mockhip before its arena cost)
 *   hipMemGetAccess            at 20,000 live mappings vs at 100: an address lookup
 *                                  should not grow with the mappings (ratio near 1)
 *   2 MiB create+map+set-access+touch every page+unmap+release, with recycled
 *                              memory  vs  the same with MOCKHIP_RECYCLE_BYTES=0; the option
 *                                  is read once, so each side runs in a child of its own,
 *                                  the two interleaved; also page faults per cycle
 *   a lifecycle, reserve to free, of 2 MiB and of 64 MiB never touched
 *                              vs  the system calls under it: mmap reservation,
 *                                  memfd_create+ftruncate, fixed mmap, mprotect, placeholder
 *                                  mmap, close, munmap                              (<= 1.5x)
 *   the same lifecycle writing every page
 *                              vs  memfd_create+ftruncate, mmap, the same writes, munmap,
 *                                  close                                            (<= 1.2x)
 *   kernels on the CPU: launch + sync, a 256 MiB fill, __syncthreads, saxpy, atomics, a
 *                              block sum in __shared__, launch + sync beside 10,000 mappings
 *                              (bench_kernel.cpp, bench_kernel_work.cpp; `mockhip-bench
 *                              --kernels` prints these rows alone)
 *
 * Not a test: nothing here passes or fails on timing.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench_common.h"

static void bench_map_cycle(size_t granule, int rounds) {
  hipMemAllocationProp prop = bench_device_prop();
  hipMemGenericAllocationHandle_t handle;
  void *va;
  CHECK(hipMemCreate(&handle, granule, &prop, 0));
  CHECK(hipMemAddressReserve(&va, granule, 0, NULL, 0));
  /* The host too: the CPU's protection changes, as the mprotect beside it does. */
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  double t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++) {
    CHECK(hipMemMap(va, granule, 0, handle, 0));
    CHECK(hipMemSetAccess(va, granule, desc, 2));
    CHECK(hipMemUnmap(va, granule));
  }
  double mock = (bench_now_ns() - t0) / rounds;
  CHECK(hipMemAddressFree(va, granule));
  CHECK(hipMemRelease(handle));

  int fd = memfd_create("bench", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, (off_t)granule) != 0)
    exit(1);
  void *raw = mmap(NULL, granule, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++) {
    mmap(raw, granule, PROT_NONE, MAP_SHARED | MAP_FIXED, fd, 0);
    mprotect(raw, granule, PROT_READ | PROT_WRITE);
    mmap(raw, granule, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  }
  double base = (bench_now_ns() - t0) / rounds;
  munmap(raw, granule);
  close(fd);
  bench_row("map+set-access+unmap", "mmap+mprotect+placeholder", mock, base);
}

/* Copies 256 bytes into the middle mapping of `count` back-to-back mappings. */
static void bench_copy(size_t granule, size_t count, int rounds) {
  hipMemGenericAllocationHandle_t handle;
  char *va = bench_map_many(granule, count, &handle);
  /* Device 0 copies; the host's access lets the CPU's memcpy beside it write. */
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  CHECK(hipMemSetAccess(va, granule * count, desc, 2));
  char host[256] = {1};
  char *target = va + (count / 2) * granule;
  double t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++)
    CHECK(hipMemcpy(target, host, sizeof host, hipMemcpyHostToDevice));
  double mock = (bench_now_ns() - t0) / rounds;
  t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++) {
    memcpy(target, host, sizeof host);
    __asm__ volatile("" ::: "memory"); /* keep every copy */
  }
  double base = (bench_now_ns() - t0) / rounds;
  bench_unmap_many(va, granule, count, handle);
  char what[64];
  snprintf(what, sizeof what, "hipMemcpy 256 B, %zu mappings", count);
  bench_row(what, "memcpy 256 B", mock, base);
}

/* Creates and releases one granule while `live` other handles stay alive. */
static void bench_create(size_t granule, size_t live, int rounds) {
  hipMemAllocationProp prop = bench_device_prop();
  hipMemGenericAllocationHandle_t *held = calloc(live + 1, sizeof *held);
  if (held == NULL)
    exit(1);
  for (size_t i = 0; i < live; i++)
    CHECK(hipMemCreate(&held[i], granule, &prop, 0));
  double t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++) {
    CHECK(hipMemCreate(&held[live], granule, &prop, 0));
    CHECK(hipMemRelease(held[live]));
  }
  double mock = (bench_now_ns() - t0) / rounds;
  for (size_t i = 0; i < live; i++)
    CHECK(hipMemRelease(held[i]));
  free(held);

  t0 = bench_now_ns();
  for (int i = 0; i < rounds; i++) {
    int fd = memfd_create("bench", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)granule) != 0)
      exit(1);
    close(fd);
  }
  double base = (bench_now_ns() - t0) / rounds;
  char what[64];
  snprintf(what, sizeof what, "hipMemCreate+release, %zu live", live);
  bench_row(what, "memfd_create+ftruncate+close", mock, base);
}

#define RECYCLE_BYTES ((size_t)2 << 20)
#define RECYCLE_CYCLES 41
#define RECYCLE_RUNS 5

static long minor_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

/* hipMemGetAccess at many live mappings against few. */
static void lookup_row(size_t granule, size_t few, size_t many) {
  double few_ns, many_ns;
  bench_lookup(granule, few, many, 200000, &few_ns, &many_ns);
  char what[64], baseline[64];
  snprintf(what, sizeof what, "hipMemGetAccess, %zu mappings", many);
  snprintf(baseline, sizeof baseline, "hipMemGetAccess, %zu mappings", few);
  bench_target_row(what, baseline, many_ns, few_ns, 1.5);
}

/* The child's side: prints the median ns of a cycle and the faults per cycle. */
static int recycle_child(void) {
  hipMemAllocationProp prop = bench_device_prop();
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void *va;
  CHECK(hipMemAddressReserve(&va, RECYCLE_BYTES, 0, NULL, 0));
  double ns[RECYCLE_CYCLES];
  long faults = 0;
  for (int i = -1; i < RECYCLE_CYCLES; i++) { /* cycle -1 warms the cache */
    long faults0 = minor_faults();
    double t0 = bench_now_ns();
    hipMemGenericAllocationHandle_t handle;
    CHECK(hipMemCreate(&handle, RECYCLE_BYTES, &prop, 0));
    CHECK(hipMemMap(va, RECYCLE_BYTES, 0, handle, 0));
    CHECK(hipMemSetAccess(va, RECYCLE_BYTES, desc, 2)); /* the host: the CPU writes */
    for (size_t at = 0; at < RECYCLE_BYTES; at += page)
      ((volatile char *)va)[at] = 1;
    CHECK(hipMemUnmap(va, RECYCLE_BYTES));
    CHECK(hipMemRelease(handle));
    if (i >= 0) {
      ns[i] = bench_now_ns() - t0;
      faults += minor_faults() - faults0;
    }
  }
  CHECK(hipMemAddressFree(va, RECYCLE_BYTES));
  printf("%.0f %.1f\n", bench_median(ns, RECYCLE_CYCLES), (double)faults / RECYCLE_CYCLES);
  return 0;
}

static void bench_recycle(void) {
  double on_ns[RECYCLE_RUNS], off_ns[RECYCLE_RUNS], on_faults[RECYCLE_RUNS],
      off_faults[RECYCLE_RUNS];
  for (int run = 0; run < RECYCLE_RUNS; run++) {
    bench_child("--recycle-child", "MOCKHIP_RECYCLE_BYTES", "64M", &on_ns[run], &on_faults[run]);
    bench_child("--recycle-child", "MOCKHIP_RECYCLE_BYTES", "0", &off_ns[run], &off_faults[run]);
  }
  bench_row("2 MiB create..touch..release", "the same, RECYCLE_BYTES=0",
            bench_median(on_ns, RECYCLE_RUNS), bench_median(off_ns, RECYCLE_RUNS));
  printf("%-34s %10.1f      %-34s %10.1f\n", "  page faults per cycle",
         bench_median(on_faults, RECYCLE_RUNS), "", bench_median(off_faults, RECYCLE_RUNS));
}

/* ---- lifecycles, side by side with the system calls under them ---- */

#define LIFECYCLE_ROUNDS 7

/* One reserve..free of `bytes` on mockhip, every page written when `touch`; ns. */
static double mock_lifecycle_ns(size_t bytes, bool touch, int cycles) {
  hipMemAllocationProp prop = bench_device_prop();
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite}};
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    void *va;
    hipMemGenericAllocationHandle_t handle;
    CHECK(hipMemAddressReserve(&va, bytes, 0, NULL, 0));
    CHECK(hipMemCreate(&handle, bytes, &prop, 0));
    CHECK(hipMemMap(va, bytes, 0, handle, 0));
    CHECK(hipMemSetAccess(va, bytes, desc, 2)); /* the host: the CPU writes */
    for (size_t at = 0; touch && at < bytes; at += page)
      ((volatile char *)va)[at] = 1;
    CHECK(hipMemUnmap(va, bytes));
    CHECK(hipMemRelease(handle));
    CHECK(hipMemAddressFree(va, bytes));
  }
  return (bench_now_ns() - t0) / cycles;
}

/* The bare system calls of that lifecycle; touched, the writes go through a plain mapping of a
   new memory file, as a program without VMM would make. */
static double raw_lifecycle_ns(size_t bytes, bool touch, int cycles) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    int fd = memfd_create("bench", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)bytes) != 0)
      exit(1);
    char *va;
    if (touch) {
      va = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      for (size_t at = 0; at < bytes; at += page)
        ((volatile char *)va)[at] = 1;
    } else {
      va = mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      mmap(va, bytes, PROT_NONE, MAP_SHARED | MAP_FIXED, fd, 0);
      mprotect(va, bytes, PROT_READ | PROT_WRITE);
      mmap(va, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    }
    if (va == MAP_FAILED)
      exit(1);
    munmap(va, bytes);
    close(fd);
  }
  return (bench_now_ns() - t0) / cycles;
}

static void bench_lifecycle(size_t bytes, bool touch, int cycles, double target) {
  double mock[LIFECYCLE_ROUNDS], raw[LIFECYCLE_ROUNDS];
  mock_lifecycle_ns(bytes, touch, 2); /* warm: the recycle cache, the arena file */
  for (int r = 0; r < LIFECYCLE_ROUNDS; r++) {
    mock[r] = mock_lifecycle_ns(bytes, touch, cycles);
    raw[r] = raw_lifecycle_ns(bytes, touch, cycles);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "%zu MiB lifecycle, %s", bytes >> 20,
           touch ? "every page written" : "untouched");
  snprintf(baseline, sizeof baseline, touch ? "memfd, mmap, the same writes" : "its system calls");
  bench_target_row(what, baseline, bench_median(mock, LIFECYCLE_ROUNDS),
                   bench_median(raw, LIFECYCLE_ROUNDS), target);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--recycle-child") == 0)
    return recycle_child();
#ifdef BENCH_KERNELS
  if (argc == 2 && strcmp(argv[1], "--kernels") == 0) { /* the kernel rows alone */
    printf("mockhip bench: kernels\n");
    bench_kernels();
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--streams-child") == 0)
    return bench_streams_child();
  if (argc == 2 && strcmp(argv[1], "--pinned-child") == 0)
    return bench_pinned_child();
  if (argc == 2 && strcmp(argv[1], "--streams") == 0) { /* the stream rows alone */
    printf("mockhip bench: streams\n");
    bench_streams();
    return 0;
  }
#endif
  size_t granule = 0;
  hipMemAllocationProp prop = bench_device_prop();
  CHECK(hipMemGetAllocationGranularity(&granule, &prop, hipMemAllocationGranularityMinimum));
  printf("mockhip bench (granularity %zu)\n", granule);
  bench_map_cycle(granule, 20000);
  bench_copy(granule, 20, 200000);
  bench_copy(granule, 20000, 200000);
  bench_create(granule, 0, 100000);
  bench_create(granule, 50000, 100000);
  lookup_row(granule, 100, 20000);
  bench_lifecycle((size_t)2 << 20, false, 400, 1.5);
  bench_lifecycle((size_t)64 << 20, false, 100, 1.5);
  bench_lifecycle((size_t)2 << 20, true, 100, 1.2);
  bench_lifecycle((size_t)64 << 20, true, 5, 1.2);
#ifdef BENCH_KERNELS
  bench_kernels();
  bench_streams();
#endif
  fflush(stdout); /* the children inherit the buffer otherwise */
  bench_recycle();
  return 0;
}
