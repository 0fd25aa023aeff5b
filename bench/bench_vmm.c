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
 *
 * Not a test: nothing here passes or fails on timing.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <hip/hip_runtime_api.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      fprintf(stderr, "%s failed: %s\n", #call, hipGetErrorName(err_));                            \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void row(const char *what, const char *baseline, double mock_ns, double base_ns) {
  printf("%-34s %10.0f ns   %-34s %10.0f ns   ratio %6.2f\n", what, mock_ns, baseline, base_ns,
         mock_ns / base_ns);
}

static hipMemAllocationProp device_prop(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  return prop;
}

static void bench_map_cycle(size_t granule, int rounds) {
  hipMemAllocationProp prop = device_prop();
  hipMemGenericAllocationHandle_t handle;
  void *va;
  CHECK(hipMemCreate(&handle, granule, &prop, 0));
  CHECK(hipMemAddressReserve(&va, granule, 0, NULL, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  double t0 = now_ns();
  for (int i = 0; i < rounds; i++) {
    CHECK(hipMemMap(va, granule, 0, handle, 0));
    CHECK(hipMemSetAccess(va, granule, &desc, 1));
    CHECK(hipMemUnmap(va, granule));
  }
  double mock = (now_ns() - t0) / rounds;
  CHECK(hipMemAddressFree(va, granule));
  CHECK(hipMemRelease(handle));

  int fd = memfd_create("bench", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, (off_t)granule) != 0)
    exit(1);
  void *raw = mmap(NULL, granule, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  t0 = now_ns();
  for (int i = 0; i < rounds; i++) {
    mmap(raw, granule, PROT_NONE, MAP_SHARED | MAP_FIXED, fd, 0);
    mprotect(raw, granule, PROT_READ | PROT_WRITE);
    mmap(raw, granule, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  }
  double base = (now_ns() - t0) / rounds;
  munmap(raw, granule);
  close(fd);
  row("map+set-access+unmap", "mmap+mprotect+placeholder", mock, base);
}

/* One granule of memory mapped `count` times back to back in a reservation of its own. */
static char *map_many(size_t granule, size_t count, hipMemGenericAllocationHandle_t *handle) {
  hipMemAllocationProp prop = device_prop();
  char *va;
  CHECK(hipMemCreate(handle, granule, &prop, 0));
  CHECK(hipMemAddressReserve((void **)&va, granule * count, 0, NULL, 0));
  for (size_t i = 0; i < count; i++)
    CHECK(hipMemMap(va + i * granule, granule, 0, *handle, 0));
  return va;
}

static void unmap_many(char *va, size_t granule, size_t count,
                       hipMemGenericAllocationHandle_t handle) {
  CHECK(hipMemUnmap(va, granule * count));
  CHECK(hipMemAddressFree(va, granule * count));
  CHECK(hipMemRelease(handle));
}

/* Copies 256 bytes into the middle mapping of `count` back-to-back mappings. */
static void bench_copy(size_t granule, size_t count, int rounds) {
  hipMemGenericAllocationHandle_t handle;
  char *va = map_many(granule, count, &handle);
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(va, granule * count, &desc, 1));
  char host[256] = {1};
  char *target = va + (count / 2) * granule;
  double t0 = now_ns();
  for (int i = 0; i < rounds; i++)
    CHECK(hipMemcpy(target, host, sizeof host, hipMemcpyHostToDevice));
  double mock = (now_ns() - t0) / rounds;
  t0 = now_ns();
  for (int i = 0; i < rounds; i++) {
    memcpy(target, host, sizeof host);
    __asm__ volatile("" ::: "memory"); /* keep every copy */
  }
  double base = (now_ns() - t0) / rounds;
  unmap_many(va, granule, count, handle);
  char what[64];
  snprintf(what, sizeof what, "hipMemcpy 256 B, %zu mappings", count);
  row(what, "memcpy 256 B", mock, base);
}

/* Creates and releases one granule while `live` other handles stay alive. */
static void bench_create(size_t granule, size_t live, int rounds) {
  hipMemAllocationProp prop = device_prop();
  hipMemGenericAllocationHandle_t *held = calloc(live + 1, sizeof *held);
  if (held == NULL)
    exit(1);
  for (size_t i = 0; i < live; i++)
    CHECK(hipMemCreate(&held[i], granule, &prop, 0));
  double t0 = now_ns();
  for (int i = 0; i < rounds; i++) {
    CHECK(hipMemCreate(&held[live], granule, &prop, 0));
    CHECK(hipMemRelease(held[live]));
  }
  double mock = (now_ns() - t0) / rounds;
  for (size_t i = 0; i < live; i++)
    CHECK(hipMemRelease(held[i]));
  free(held);

  t0 = now_ns();
  for (int i = 0; i < rounds; i++) {
    int fd = memfd_create("bench", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, (off_t)granule) != 0)
      exit(1);
    close(fd);
  }
  double base = (now_ns() - t0) / rounds;
  char what[64];
  snprintf(what, sizeof what, "hipMemCreate+release, %zu live", live);
  row(what, "memfd_create+ftruncate+close", mock, base);
}

/* ns per hipMemGetAccess over `count` one-granule mappings, visited in a scattered order so a
   lookup does not find the last one's path in cache. */
static double get_access_ns(size_t granule, size_t count, int lookups) {
  hipMemGenericAllocationHandle_t handle;
  char *va = map_many(granule, count, &handle);
  hipMemLocation where = {hipMemLocationTypeDevice, 0};
  unsigned long long flags;
  size_t at = 0, step = 7919 % count; /* a prime: every mapping in turn, out of order */
  double t0 = now_ns();
  for (int i = 0; i < lookups; i++, at = (at + step) % count)
    CHECK(hipMemGetAccess(&flags, &where, va + at * granule + granule / 2));
  double ns = (now_ns() - t0) / lookups;
  unmap_many(va, granule, count, handle);
  return ns;
}

#define RECYCLE_BYTES ((size_t)2 << 20)
#define RECYCLE_CYCLES 41
#define RECYCLE_RUNS 5

static long minor_faults(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* hipMemGetAccess at many live mappings against few: rounds of each taken in turn, so a
   change in the machine's load falls on both; medians. */
static void bench_lookup(size_t granule, size_t few, size_t many) {
  enum { ROUNDS = 7 };
  double few_ns[ROUNDS], many_ns[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    few_ns[r] = get_access_ns(granule, few, 200000);
    many_ns[r] = get_access_ns(granule, many, 200000);
  }
  qsort(few_ns, ROUNDS, sizeof *few_ns, by_value);
  qsort(many_ns, ROUNDS, sizeof *many_ns, by_value);
  char what[64], baseline[64];
  snprintf(what, sizeof what, "hipMemGetAccess, %zu mappings", many);
  snprintf(baseline, sizeof baseline, "hipMemGetAccess, %zu mappings", few);
  row(what, baseline, many_ns[ROUNDS / 2], few_ns[ROUNDS / 2]);
}

static double median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, by_value);
  return values[count / 2];
}

/* The child's side: prints the median ns of a cycle and the faults per cycle. */
static int recycle_child(void) {
  hipMemAllocationProp prop = device_prop();
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void *va;
  CHECK(hipMemAddressReserve(&va, RECYCLE_BYTES, 0, NULL, 0));
  double ns[RECYCLE_CYCLES];
  long faults = 0;
  for (int i = -1; i < RECYCLE_CYCLES; i++) { /* cycle -1 warms the cache */
    long faults0 = minor_faults();
    double t0 = now_ns();
    hipMemGenericAllocationHandle_t handle;
    CHECK(hipMemCreate(&handle, RECYCLE_BYTES, &prop, 0));
    CHECK(hipMemMap(va, RECYCLE_BYTES, 0, handle, 0));
    CHECK(hipMemSetAccess(va, RECYCLE_BYTES, &desc, 1));
    for (size_t at = 0; at < RECYCLE_BYTES; at += page)
      ((volatile char *)va)[at] = 1;
    CHECK(hipMemUnmap(va, RECYCLE_BYTES));
    CHECK(hipMemRelease(handle));
    if (i >= 0) {
      ns[i] = now_ns() - t0;
      faults += minor_faults() - faults0;
    }
  }
  CHECK(hipMemAddressFree(va, RECYCLE_BYTES));
  printf("%.0f %.1f\n", median(ns, RECYCLE_CYCLES), (double)faults / RECYCLE_CYCLES);
  return 0;
}

/* Runs this program as a recycle child with MOCKHIP_RECYCLE_BYTES=recycle. */
static void run_recycle_child(const char *recycle, double *ns, double *faults) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0)
    exit(1);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    setenv("MOCKHIP_RECYCLE_BYTES", recycle, 1);
    execl("/proc/self/exe", "mockhip-bench", "--recycle-child", (char *)NULL);
    _exit(127);
  }
  close(pipe_fds[1]);
  FILE *in = fdopen(pipe_fds[0], "r");
  int status;
  if (pid < 0 || in == NULL || fscanf(in, "%lf %lf", ns, faults) != 2 ||
      waitpid(pid, &status, 0) != pid || status != 0)
    exit(1);
  fclose(in);
}

static void bench_recycle(void) {
  double on_ns[RECYCLE_RUNS], off_ns[RECYCLE_RUNS], on_faults[RECYCLE_RUNS],
      off_faults[RECYCLE_RUNS];
  for (int run = 0; run < RECYCLE_RUNS; run++) {
    run_recycle_child("64M", &on_ns[run], &on_faults[run]);
    run_recycle_child("0", &off_ns[run], &off_faults[run]);
  }
  row("2 MiB create..touch..release", "the same, RECYCLE_BYTES=0", median(on_ns, RECYCLE_RUNS),
      median(off_ns, RECYCLE_RUNS));
  printf("%-34s %10.1f      %-34s %10.1f\n", "  page faults per cycle",
         median(on_faults, RECYCLE_RUNS), "", median(off_faults, RECYCLE_RUNS));
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--recycle-child") == 0)
    return recycle_child();
  size_t granule = 0;
  hipMemAllocationProp prop = device_prop();
  CHECK(hipMemGetAllocationGranularity(&granule, &prop, hipMemAllocationGranularityMinimum));
  printf("mockhip bench (granularity %zu)\n", granule);
  bench_map_cycle(granule, 20000);
  bench_copy(granule, 20, 200000);
  bench_copy(granule, 20000, 200000);
  bench_create(granule, 0, 100000);
  bench_create(granule, 50000, 100000);
  bench_lookup(granule, 100, 20000);
  fflush(stdout); /* the children inherit the buffer otherwise */
  bench_recycle();
  return 0;
}
