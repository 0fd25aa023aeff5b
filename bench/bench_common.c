/* bench_common.c: the clock, medians, rows and the lookup workload both benchmarks use. */
#define _GNU_SOURCE
#include "bench_common.h"

#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double bench_median(double *values, int count) {
  qsort(values, (size_t)count, sizeof *values, by_value);
  return values[count / 2];
}

void bench_row(const char *what, const char *baseline, double ns, double base_ns) {
  printf("%-34s %10.0f ns   %-34s %10.0f ns   ratio %6.2f\n", what, ns, baseline, base_ns,
         ns / base_ns);
}

void bench_target_row(const char *what, const char *baseline, double ns, double base_ns,
                      double target) {
  bench_row(what, baseline, ns, base_ns);
  printf("  target <= %.2fx: %s\n", target, ns / base_ns <= target ? "met" : "MISSED");
}

hipMemAllocationProp bench_device_prop(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  return prop;
}

char *bench_map_many(size_t granule, size_t count, hipMemGenericAllocationHandle_t *handle) {
  hipMemAllocationProp prop = bench_device_prop();
  char *va;
  CHECK(hipMemCreate(handle, granule, &prop, 0));
  CHECK(hipMemAddressReserve((void **)&va, granule * count, 0, NULL, 0));
  for (size_t i = 0; i < count; i++)
    CHECK(hipMemMap(va + i * granule, granule, 0, *handle, 0));
  return va;
}

void bench_unmap_many(char *va, size_t granule, size_t count,
                      hipMemGenericAllocationHandle_t handle) {
  CHECK(hipMemUnmap(va, granule * count));
  CHECK(hipMemAddressFree(va, granule * count));
  CHECK(hipMemRelease(handle));
}

/* Fragments the heap as a long-running program's is: the mock's records of the mappings made
   meanwhile land among other allocations of every size, not side by side. */
static void churn(void **blocks, size_t count, unsigned *seed) {
  for (size_t i = 0; i < count; i++) {
    *seed = *seed * 1103515245u + 12345u;
    blocks[i] = malloc(16 + (*seed >> 8) % 4096);
  }
  for (size_t i = 0; i < count; i += 2) {
    free(blocks[i]);
    blocks[i] = NULL;
  }
}

/* ns per hipMemGetAccess over `count` one-granule mappings made after heap churn, visited in a
   scattered order so a lookup does not find the last one's path in cache. */
static double get_access_ns(size_t granule, size_t count, int lookups) {
  hipMemGenericAllocationHandle_t handle;
  size_t junk = 4 * count;
  void **blocks = malloc(junk * sizeof *blocks);
  if (blocks == NULL)
    exit(1);
  unsigned seed = 42;
  churn(blocks, junk, &seed);
  char *va = bench_map_many(granule, count, &handle);
  for (size_t i = 0; i < junk; i++)
    free(blocks[i]);
  free(blocks);
  hipMemLocation where = {hipMemLocationTypeDevice, 0};
  unsigned long long flags;
  size_t at = 0, step = 7919 % count; /* a prime: every mapping in turn, out of order */
  double t0 = bench_now_ns();
  for (int i = 0; i < lookups; i++, at = (at + step) % count)
    CHECK(hipMemGetAccess(&flags, &where, va + at * granule + granule / 2));
  double ns = (bench_now_ns() - t0) / lookups;
  bench_unmap_many(va, granule, count, handle);
  return ns;
}

void bench_lookup(size_t granule, size_t few, size_t many, int lookups, double *few_ns,
                  double *many_ns) {
  enum { ROUNDS = 7 };
  double few_runs[ROUNDS], many_runs[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    few_runs[r] = get_access_ns(granule, few, lookups);
    many_runs[r] = get_access_ns(granule, many, lookups);
  }
  *few_ns = bench_median(few_runs, ROUNDS);
  *many_ns = bench_median(many_runs, ROUNDS);
}

void bench_child(const char *flag, const char *name, const char *value, double *first,
                 double *second) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0)
    exit(1);
  fflush(stdout); /* the child would print our buffer again */
  pid_t pid = fork();
  if (pid == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    setenv(name, value, 1);
    execl("/proc/self/exe", "mockhip-bench", flag, (char *)NULL);
    _exit(127);
  }
  close(pipe_fds[1]);
  FILE *in = fdopen(pipe_fds[0], "r");
  int status;
  if (pid < 0 || in == NULL || fscanf(in, "%lf %lf", first, second) != 2 ||
      waitpid(pid, &status, 0) != pid || status != 0)
    exit(1);
  fclose(in);
}

const char *bench_size_name(size_t bytes) {
  static char name[32];
  if (bytes >= 1024 * 1024)
    snprintf(name, sizeof name, "%zu MiB", bytes / (1024 * 1024));
  else if (bytes >= 1024)
    snprintf(name, sizeof name, "%zu KiB", bytes / 1024);
  else
    snprintf(name, sizeof name, "%zu B", bytes);
  return name;
}
