/*
 * bench_hmo_gpu.c: hmo on an NVIDIA GPU (hmo-nvidia, through hip-nvidia and
 * the CUDA driver) against the driver's own answer to the same need, measured
 * side by side in one run, hmo and its baseline in turn, ROUNDS times:
 *
 *   pool alloc+release, 4 KiB / 64 KiB / 2 MiB  vs  cuMemAllocAsync+cuMemFreeAsync (<= 0.25x)
 *                                               vs  cuMemAlloc+cuMemFree           (no target)
 *   growth to 1 GiB in 2 MiB steps, each step   vs  cuMemAlloc of the new size, cuMemcpyDtoD
 *   written from the host, by exact steps and       of the old bytes, cuMemFree    (<= 0.10x)
 *   by doubling; then the resizes alone, and the
 *   driver's create + map + set-access per step
 *   (the floor of exact steps)
 *   clone of a 2 MiB pool object                vs  cuMemAlloc+cuMemcpyDtoD+cuMemFree (no target)
 *   export of a 2 MiB shareable object          vs  cuMemExportToShareableHandle   (no target)
 *   import of it in another process             vs  cuMemImportFromShareableHandle, reserve,
 *                                                   map, set access, and their undoing
 *   libhmo-torch alloc+free, 512 B .. 128 MiB   vs  cuMemAllocAsync+cuMemFreeAsync (default
 *   and a transformer's trace replayed, its         pool, kept: release threshold UINT64_MAX)
 *   time per op and memory held over live       vs  cuMemAlloc+cuMemFree (bench_torch_common.c)
 *
 * The driver's calls are looked up in the driver hip-nvidia loaded
 * (hip_nvidia_driver_symbol). Without an NVIDIA GPU it says why in one line
 * and exits 77. `--quick` runs each row small. Not a test: nothing here fails
 * on timing. ci/gpu.sh runs it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hip_nvidia.h>
#include <hmo.h>

#include <hmo_torch.h>

#include "bench_common.h"
#include "bench_hmo_common.h"
#include "bench_torch_common.h"

#define ROUNDS 7
#define EXIT_NO_GPU 77

extern char **environ;

/* ---- the CUDA driver's calls, as its ABI declares them ---- */

typedef unsigned long long cu_ptr;
typedef struct cu_location {
  int type, id;
} cu_location;
typedef struct cu_prop {
  int type, requested_handle_types;
  cu_location location;
  void *win32_metadata;
  unsigned char compression, rdma;
  unsigned short usage;
  unsigned char reserved[4];
} cu_prop;
typedef struct cu_access {
  cu_location location;
  int flags;
} cu_access;

static struct driver {
  int (*mem_alloc)(cu_ptr *, size_t);
  int (*mem_free)(cu_ptr);
  int (*mem_alloc_async)(cu_ptr *, size_t, void *);
  int (*mem_free_async)(cu_ptr, void *);
  int (*stream_sync)(void *);
  int (*copy_dtod)(cu_ptr, cu_ptr, size_t);
  int (*create)(unsigned long long *, size_t, const cu_prop *, unsigned long long);
  int (*release)(unsigned long long);
  int (*export_fd)(void *, unsigned long long, int, unsigned long long);
  int (*import_fd)(unsigned long long *, void *, int);
  int (*reserve)(cu_ptr *, size_t, size_t, cu_ptr, unsigned long long);
  int (*address_free)(cu_ptr, size_t);
  int (*map)(cu_ptr, size_t, size_t, unsigned long long, unsigned long long);
  int (*unmap)(cu_ptr, size_t);
  int (*set_access)(cu_ptr, size_t, const cu_access *, size_t);
  int (*default_pool)(void **, int);
  int (*pool_set)(void *, int, void *);
  int (*pool_trim)(void *, size_t);
} cu;

static void *driver_call(const char *name) {
  void *fn = hip_nvidia_driver_symbol(name);
  if (fn == NULL) {
    fprintf(stderr, "hmo-bench-gpu: the CUDA driver at %s has no %s\n",
            hip_nvidia_driver_path() ? hip_nvidia_driver_path() : "(none)", name);
    exit(1);
  }
  return fn;
}

#define CU(call)                                                                                   \
  do {                                                                                             \
    int result_ = (call);                                                                          \
    if (result_ != 0) {                                                                            \
      fprintf(stderr, "%s failed: CUresult %d\n", #call, result_);                                 \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static void find_driver_calls(void) {
  *(void **)&cu.mem_alloc = driver_call("cuMemAlloc_v2");
  *(void **)&cu.mem_free = driver_call("cuMemFree_v2");
  *(void **)&cu.mem_alloc_async = driver_call("cuMemAllocAsync");
  *(void **)&cu.mem_free_async = driver_call("cuMemFreeAsync");
  *(void **)&cu.stream_sync = driver_call("cuStreamSynchronize");
  *(void **)&cu.copy_dtod = driver_call("cuMemcpyDtoD_v2");
  *(void **)&cu.create = driver_call("cuMemCreate");
  *(void **)&cu.release = driver_call("cuMemRelease");
  *(void **)&cu.export_fd = driver_call("cuMemExportToShareableHandle");
  *(void **)&cu.import_fd = driver_call("cuMemImportFromShareableHandle");
  *(void **)&cu.reserve = driver_call("cuMemAddressReserve");
  *(void **)&cu.address_free = driver_call("cuMemAddressFree");
  *(void **)&cu.map = driver_call("cuMemMap");
  *(void **)&cu.unmap = driver_call("cuMemUnmap");
  *(void **)&cu.set_access = driver_call("cuMemSetAccess");
  *(void **)&cu.default_pool = driver_call("cuDeviceGetDefaultMemPool");
  *(void **)&cu.pool_set = driver_call("cuMemPoolSetAttribute");
  *(void **)&cu.pool_trim = driver_call("cuMemPoolTrimTo");
}

/* ---- the runs ---- */

typedef struct run_sizes {
  int cycles;       /* alloc+free cycles per round */
  int clones;       /* clones per round */
  size_t growth_to; /* the growth row's final size */
  int imports;      /* imports per round in the other process */
  int rounds;
} run_sizes;

static run_sizes run = {20000, 200, GIB, 50, ROUNDS};
static hmo_device *dev;

#define size_name bench_size_name

static double pool_cycles_ns(hmo_pool *pool, size_t bytes) {
  return bench_pool_cycles_ns(pool, bytes, run.cycles);
}

/* The driver's stream-ordered pair on the legacy stream, waited for once per round. */
static double async_cycles_ns(size_t bytes) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.cycles; i++) {
    cu_ptr p;
    CU(cu.mem_alloc_async(&p, bytes, NULL));
    CU(cu.mem_free_async(p, NULL));
  }
  CU(cu.stream_sync(NULL));
  return (bench_now_ns() - t0) / run.cycles;
}

static double sync_cycles_ns(size_t bytes, int cycles) {
  double t0 = bench_now_ns();
  for (int i = 0; i < cycles; i++) {
    cu_ptr p;
    CU(cu.mem_alloc(&p, bytes));
    CU(cu.mem_free(p));
  }
  return (bench_now_ns() - t0) / cycles;
}

static void bench_alloc_free(hmo_pool *pool, size_t bytes) {
  double pool_ns[ROUNDS], async_ns[ROUNDS], sync_ns[ROUNDS];
  /* cuMemAlloc costs ~100 us: fewer cycles of it, the same per-pair figure. */
  int sync_cycles = run.cycles / 20 > 10 ? run.cycles / 20 : 10;
  pool_cycles_ns(pool, bytes); /* warm: the pool maps its segment, the driver fills its pool */
  async_cycles_ns(bytes);
  for (int r = 0; r < run.rounds; r++) {
    pool_ns[r] = pool_cycles_ns(pool, bytes);
    async_ns[r] = async_cycles_ns(bytes);
    sync_ns[r] = sync_cycles_ns(bytes, sync_cycles);
  }
  char what[64], baseline[64];
  snprintf(what, sizeof what, "pool alloc+release %s", size_name(bytes));
  snprintf(baseline, sizeof baseline, "cuMemAllocAsync+FreeAsync %s", size_name(bytes));
  double pool_median = bench_median(pool_ns, run.rounds);
  bench_target_row(what, baseline, pool_median, bench_median(async_ns, run.rounds), 0.25);
  snprintf(baseline, sizeof baseline, "cuMemAlloc+cuMemFree %s", size_name(bytes));
  bench_row(what, baseline, pool_median, bench_median(sync_ns, run.rounds));
}

static double hmo_growth_ns(const char *host, size_t step, hmo_growth growth) {
  hmo_memory *mem;
  double ns = bench_grow_ns(dev, host, step, run.growth_to, growth, &mem);
  hmo_memory_release(mem);
  return ns;
}

/* What a program without VMM does: a new block per size, the old bytes copied over (each new
   step written from host; host NULL: not written). */
static double copy_growth_ns(const char *host, size_t step) {
  double t0 = bench_now_ns();
  cu_ptr p;
  CU(cu.mem_alloc(&p, step));
  if (host)
    CHECK(hipMemcpyHtoD((void *)(uintptr_t)p, (void *)host, step));
  for (size_t size = 2 * step; size <= run.growth_to; size += step) {
    cu_ptr bigger;
    CU(cu.mem_alloc(&bigger, size));
    CU(cu.copy_dtod(bigger, p, size - step));
    CU(cu.mem_free(p));
    p = bigger;
    if (host)
      CHECK(hipMemcpyHtoD((void *)(uintptr_t)(p + size - step), (void *)host, step));
  }
  CU(cu.stream_sync(NULL));
  double ns = (bench_now_ns() - t0) / (run.growth_to / step);
  CU(cu.mem_free(p));
  return ns;
}

/* The floor of growth by exact steps: the driver's own create + map + set-access per step, in
   one reservation, nothing of hmo's or hip-nvidia's around them (no writes). */
static double driver_growth_ns(size_t step) {
  size_t steps = run.growth_to / step;
  unsigned long long *handles = calloc(steps, sizeof *handles);
  cu_prop prop = {.type = 1, .location = {.type = 1, .id = 0}};
  cu_access access = {.location = {.type = 1, .id = 0}, .flags = 3};
  cu_ptr base;
  double t0 = bench_now_ns();
  CU(cu.reserve(&base, run.growth_to, 0, 0, 0));
  for (size_t i = 0; i < steps; i++) {
    CU(cu.create(&handles[i], step, &prop, 0));
    CU(cu.map(base + i * step, step, 0, handles[i], 0));
    CU(cu.set_access(base + i * step, step, &access, 1));
  }
  double ns = (bench_now_ns() - t0) / steps;
  for (size_t i = 0; i < steps; i++) {
    CU(cu.unmap(base + i * step, step));
    CU(cu.release(handles[i]));
  }
  CU(cu.address_free(base, run.growth_to));
  free(handles);
  return ns;
}

/* Growth to 1 GiB by 2 MiB: hmo by exact steps and by doubling, each step written from the host
   and not, against alloc + copy + free (the target: 0.10x); and the driver's floor. */
static void bench_growth(void) {
  const size_t step = 2 * MIB;
  char *host = malloc(step);
  memset(host, 3, step);
  double exact_ns[3], doubling_ns[3], copy_ns[3], bare_exact_ns[3], bare_doubling_ns[3],
      bare_copy_ns[3], floor_ns[3];
  for (int r = 0; r < 3; r++) {
    exact_ns[r] = hmo_growth_ns(host, step, HMO_GROWTH_EXACT);
    doubling_ns[r] = hmo_growth_ns(host, step, HMO_GROWTH_DOUBLE);
    copy_ns[r] = copy_growth_ns(host, step);
    bare_exact_ns[r] = hmo_growth_ns(NULL, step, HMO_GROWTH_EXACT);
    bare_doubling_ns[r] = hmo_growth_ns(NULL, step, HMO_GROWTH_DOUBLE);
    bare_copy_ns[r] = copy_growth_ns(NULL, step);
    floor_ns[r] = driver_growth_ns(step);
  }
  char what[64];
  snprintf(what, sizeof what, "grow to %zu MiB by 2 MiB, per step", run.growth_to / MIB);
  double copy = bench_median(copy_ns, 3), bare_copy = bench_median(bare_copy_ns, 3);
  bench_target_row(what, "alloc+copy+free, per step", bench_median(exact_ns, 3), copy, 0.10);
  bench_target_row("the same, HMO_GROWTH_DOUBLE", "alloc+copy+free, per step",
                   bench_median(doubling_ns, 3), copy, 0.10);
  bench_row("the same, resizes alone (exact)", "alloc+copy+free, no writes",
            bench_median(bare_exact_ns, 3), bare_copy);
  bench_row("the same, resizes alone (doubling)", "alloc+copy+free, no writes",
            bench_median(bare_doubling_ns, 3), bare_copy);
  bench_row("driver create+map+set-access, per step", "hmo's resizes alone (exact)",
            bench_median(floor_ns, 3), bench_median(bare_exact_ns, 3));
  free(host);
}

static double driver_clone_ns(cu_ptr src, size_t bytes) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.clones; i++) {
    cu_ptr copy;
    CU(cu.mem_alloc(&copy, bytes));
    CU(cu.copy_dtod(copy, src, bytes));
    CU(cu.mem_free(copy));
  }
  return (bench_now_ns() - t0) / run.clones;
}

static void bench_clone(hmo_pool *pool) {
  const size_t bytes = 2 * MIB;
  hmo_memory *src;
  TRY(hmo_pool_alloc(&src, pool, bytes, HMO_BYTE, NULL));
  cu_ptr raw;
  CU(cu.mem_alloc(&raw, bytes));
  double hmo_ns[ROUNDS], base_ns[ROUNDS];
  for (int r = 0; r < run.rounds; r++) {
    hmo_ns[r] = bench_clone_ns(src, run.clones);
    base_ns[r] = driver_clone_ns(raw, bytes);
  }
  bench_row("clone 2 MiB pool object", "cuMemAlloc+DtoD+cuMemFree 2 MiB",
            bench_median(hmo_ns, run.rounds), bench_median(base_ns, run.rounds));
  CU(cu.mem_free(raw));
  hmo_memory_release(src);
}

/* ---- sharing between two processes ---- */

static double export_ns(const hmo_memory *mem) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.clones; i++) {
    int fd;
    TRY(hmo_memory_export(mem, &fd));
    close(fd);
  }
  return (bench_now_ns() - t0) / run.clones;
}

static double driver_export_ns(unsigned long long handle) {
  double t0 = bench_now_ns();
  for (int i = 0; i < run.clones; i++) {
    int fd;
    CU(cu.export_fd(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
    close(fd);
  }
  return (bench_now_ns() - t0) / run.clones;
}

/* In the child: hmo's import of fd, then the driver's, `imports` times each per round. */
static int import_child(int fd, size_t bytes) {
  find_driver_calls();
  double hmo_ns[ROUNDS], base_ns[ROUNDS];
  cu_access rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  for (int r = 0; r < run.rounds; r++) {
    double t0 = bench_now_ns();
    for (int i = 0; i < run.imports; i++) {
      hmo_memory *mem;
      TRY(hmo_memory_import(&mem, dev, fd, bytes, HMO_BYTE));
      hmo_memory_release(mem);
    }
    hmo_ns[r] = (bench_now_ns() - t0) / run.imports;
    t0 = bench_now_ns();
    for (int i = 0; i < run.imports; i++) {
      unsigned long long handle;
      cu_ptr va;
      CU(cu.import_fd(&handle, (void *)(intptr_t)fd, hipMemHandleTypePosixFileDescriptor));
      CU(cu.reserve(&va, bytes, 0, 0, 0));
      CU(cu.map(va, bytes, 0, handle, 0));
      CU(cu.set_access(va, bytes, &rw, 1));
      CU(cu.unmap(va, bytes));
      CU(cu.address_free(va, bytes));
      CU(cu.release(handle));
    }
    base_ns[r] = (bench_now_ns() - t0) / run.imports;
  }
  printf("%.0f %.0f\n", bench_median(hmo_ns, run.rounds), bench_median(base_ns, run.rounds));
  return 0;
}

static void bench_share(const char *self, bool quick) {
  const size_t bytes = 2 * MIB;
  hmo_memory *mem;
  TRY(hmo_memory_alloc_shareable(&mem, dev, bytes, HMO_BYTE, NULL));
  cu_prop prop = {.type = hipMemAllocationTypePinned,
                  .requested_handle_types = hipMemHandleTypePosixFileDescriptor,
                  .location = {hipMemLocationTypeDevice, 0}};
  unsigned long long handle;
  CU(cu.create(&handle, bytes, &prop, 0));
  double hmo_ns[ROUNDS], base_ns[ROUNDS];
  for (int r = 0; r < run.rounds; r++) {
    hmo_ns[r] = export_ns(mem);
    base_ns[r] = driver_export_ns(handle);
  }
  bench_row("export 2 MiB", "cuMemExportToShareableHandle", bench_median(hmo_ns, run.rounds),
            bench_median(base_ns, run.rounds));
  CU(cu.release(handle));

  /* The other process: this program again, started anew (CUDA does not survive fork alone),
     with the fd inherited. */
  int exported, out[2];
  TRY(hmo_memory_export(mem, &exported));
  /* The driver opens its fds close-on-exec; a dup is inherited across the exec. */
  int fd = dup(exported);
  if (fd < 0 || pipe(out) != 0) {
    fprintf(stderr, "hmo-bench-gpu: cannot pass fd %d to the importing process: %s\n", exported,
            strerror(errno));
    exit(1);
  }
  close(exported);
  char fd_text[16], bytes_text[32];
  snprintf(fd_text, sizeof fd_text, "%d", fd);
  snprintf(bytes_text, sizeof bytes_text, "%zu", bytes);
  char *argv[] = {(char *)self, "--import-child",         fd_text,
                  bytes_text,   quick ? "--quick" : NULL, NULL};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  pid_t child;
  if (posix_spawn(&child, "/proc/self/exe", &actions, NULL, argv, environ) != 0) {
    fprintf(stderr, "hmo-bench-gpu: cannot start %s\n", self);
    exit(1);
  }
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  char line[128] = "";
  ssize_t got = read(out[0], line, sizeof line - 1);
  close(out[0]);
  int status = 0;
  waitpid(child, &status, 0);
  double import_ns = 0, driver_ns = 0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (WIFSIGNALED(status))
      fprintf(stderr, "hmo-bench-gpu: the importing process (fd %d) was killed by signal %d\n", fd,
              WTERMSIG(status));
    else
      fprintf(stderr,
              "hmo-bench-gpu: the importing process (fd %d) exited with status %d: its "
              "message is above\n",
              fd, WIFEXITED(status) ? WEXITSTATUS(status) : status);
    exit(1);
  }
  if (got <= 0 || sscanf(line, "%lf %lf", &import_ns, &driver_ns) != 2) {
    fprintf(stderr, "hmo-bench-gpu: the importing process (fd %d) printed no timings: \"%s\"\n", fd,
            got > 0 ? line : "");
    exit(1);
  }
  bench_row("import 2 MiB in another process", "driver import+reserve+map+access", import_ns,
            driver_ns);
  close(fd);
  hmo_memory_release(mem);
}

/* ---- libhmo-torch against the driver's allocators ---- */

#define CU_MEMPOOL_ATTR_RELEASE_THRESHOLD 4

static void *torch_alloc(size_t bytes, hipStream_t stream) {
  return hmo_torch_alloc((ssize_t)bytes, 0, stream);
}
static void torch_free(void *p, size_t bytes, hipStream_t stream) {
  hmo_torch_free(p, (ssize_t)bytes, 0, stream);
}
/* hip-nvidia's hipStream_t is the CUstream itself. */
static void *async_alloc(size_t bytes, hipStream_t stream) {
  cu_ptr p;
  return cu.mem_alloc_async(&p, bytes, stream) == 0 ? (void *)(uintptr_t)p : NULL;
}
static void async_free(void *p, size_t bytes, hipStream_t stream) {
  (void)bytes;
  CU(cu.mem_free_async((cu_ptr)(uintptr_t)p, stream));
}
static void *default_pool(void) {
  void *pool;
  CU(cu.default_pool(&pool, 0));
  return pool;
}
static void async_release(void) {
  CHECK(hipDeviceSynchronize());
  CU(cu.pool_trim(default_pool(), 0));
}
static void *sync_alloc(size_t bytes, hipStream_t stream) {
  (void)stream;
  cu_ptr p;
  return cu.mem_alloc(&p, bytes) == 0 ? (void *)(uintptr_t)p : NULL;
}
static void sync_free(void *p, size_t bytes, hipStream_t stream) {
  (void)bytes;
  (void)stream;
  CU(cu.mem_free((cu_ptr)(uintptr_t)p));
}
static void nothing_cached(void) {}

static void bench_torch(bool quick) {
  unsigned long long keep_all = UINT64_MAX; /* as PyTorch's cudaMallocAsync backend sets it */
  CU(cu.pool_set(default_pool(), CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep_all));
  torch_trace trace;
  bench_torch_trace_make(&trace, quick);
  torch_allocator torch = {"hmo-torch", torch_alloc, torch_free, hmo_torch_empty_cache};
  torch_allocator baselines[] = {
      {"cuMemAllocAsync+cuMemFreeAsync", async_alloc, async_free, async_release},
      {"cuMemAlloc+cuMemFree", sync_alloc, sync_free, nothing_cached},
  };
  bench_torch_rows(&torch, baselines, 2, &trace, run.rounds,
                   run.cycles / 20 > 10 ? run.cycles / 20 : 10);
  bench_torch_trace_free(&trace);
  if (hmo_torch_shutdown() != 0)
    fprintf(stderr, "hmo-bench-gpu: hmo_torch_shutdown: %s\n", hmo_torch_last_error());
}

static int open_device(void) {
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  if (err != hipSuccess || count == 0) {
    printf("hmo-bench-gpu: no NVIDIA GPU: hipGetDeviceCount returned %s, count %d%s%s\n",
           hipGetErrorName(err), count, hip_nvidia_last_reason()[0] ? ": " : "",
           hip_nvidia_last_reason());
    return EXIT_NO_GPU;
  }
  TRY(hmo_device_open(&dev, 0));
  return 0;
}

int main(int argc, char **argv) {
  bool quick = argc >= 2 && strcmp(argv[argc - 1], "--quick") == 0;
  if (quick) {
    run = (run_sizes){200, 4, 64 * MIB, 3, 3};
    argc--;
  }
  if (argc == 4 && strcmp(argv[1], "--import-child") == 0) {
    if (open_device() != 0)
      return 1;
    return import_child(atoi(argv[2]), (size_t)strtoull(argv[3], NULL, 10));
  }
  if (argc != 1) {
    fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
    return 2;
  }
  int status = open_device();
  if (status != 0)
    return status;
  find_driver_calls();
  char name[256] = "";
  CHECK(hipDeviceGetName(name, sizeof name, 0));
  printf("hmo GPU bench on %s, CUDA driver %d (medians of %d rounds, hmo and the driver in "
         "turn)\n",
         name, hip_nvidia_driver_version(), run.rounds);
  hmo_pool *pool;
  TRY(hmo_pool_create(&pool, dev, 256 * MIB));
  bench_alloc_free(pool, 4 * KIB);
  bench_alloc_free(pool, 64 * KIB);
  bench_alloc_free(pool, 2 * MIB);
  bench_clone(pool);
  TRY(hmo_pool_destroy(pool));
  bench_growth();
  bench_share(argv[0], quick);
  TRY(hmo_device_close(dev));
  bench_torch(quick);
  return 0;
}
