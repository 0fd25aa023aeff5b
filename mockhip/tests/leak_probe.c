/*
 * leak_probe.c: leaves HIP objects alive, or misuses them, on purpose, for the
 * reports only a fresh process can switch on (MOCKHIP_LEAK_CHECK,
 * MOCKHIP_STRICT); test_leak_report.c and test_strict.c run it. argv[1]:
 *   none             makes one of each object and tears everything down
 *   reservation, mapping, handle, malloc, stream
 *                    leaves that object alive (a mapping keeps its reservation;
 *                    its handle is released, so the mapping alone holds it)
 *   all              leaves every one of the above
 *   abort-after      leaves a handle, then exits with status 5
 *   cleanup-at-exit  tears down in an atexit handler the program registered
 *                    before its first HIP call
 *   strict           unmaps half of a mapping, then tears down in order
 *   renamed <what>   runs again as <what> under an argv[0] that is not a path,
 *                    as a program found on PATH has
 * stdout gets one line per object left alive, "<maker> <object>": <object> is
 * how the report names it ("reservation 0x7f.."), <maker> the function whose
 * HIP call made it, which the report must name as the call site.
 * Exit status 2: a HIP call failed that should not have; 3: bad argument.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hip/hip_runtime_api.h>

#include "report_lines.h"

static void check(hipError_t err, hipError_t expected, const char *call) {
  if (err == expected)
    return;
  fprintf(stderr, "leak_probe: %s returned %s\n", call, hipGetErrorName(err));
  fflush(NULL);
  _exit(2); /* not exit(): the leak check must not blur what failed */
}

static size_t granularity(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  size_t bytes = 0;
  check(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum),
        hipSuccess, "hipMemGetAllocationGranularity");
  return bytes;
}

/* ---- the makers: each HIP call here is a site the reports name ---- */

MT_SITE void *probe_reserve(size_t bytes) {
  void *base = NULL;
  check(hipMemAddressReserve(&base, bytes, 0, NULL, 0), hipSuccess, "hipMemAddressReserve");
  return base;
}

MT_SITE hipMemGenericAllocationHandle_t probe_create(size_t bytes) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  hipMemGenericAllocationHandle_t handle = NULL;
  check(hipMemCreate(&handle, bytes, &prop, 0), hipSuccess, "hipMemCreate");
  return handle;
}

MT_SITE void probe_map(void *at, size_t bytes, hipMemGenericAllocationHandle_t handle) {
  check(hipMemMap(at, bytes, 0, handle, 0), hipSuccess, "hipMemMap");
}

MT_SITE void *probe_malloc(size_t bytes) {
  void *block = NULL;
  check(hipMalloc(&block, bytes), hipSuccess, "hipMalloc");
  return block;
}

MT_SITE hipStream_t probe_stream_create(void) {
  hipStream_t stream = NULL;
  check(hipStreamCreate(&stream), hipSuccess, "hipStreamCreate");
  return stream;
}

MT_SITE void probe_partial_unmap(void *base, size_t bytes) {
  check(hipMemUnmap(base, bytes), hipErrorInvalidValue, "hipMemUnmap of half a mapping");
}

/* ---- what each argument leaves alive ---- */

static void leave_reservation(size_t g) {
  printf("probe_reserve reservation %#lx\n", (unsigned long)(uintptr_t)probe_reserve(g));
}

static void leave_mapping(size_t g) {
  void *base = probe_reserve(g);
  hipMemGenericAllocationHandle_t handle = probe_create(g);
  probe_map(base, g, handle);
  check(hipMemRelease(handle), hipSuccess, "hipMemRelease");
  printf("probe_reserve reservation %#lx\n", (unsigned long)(uintptr_t)base);
  printf("probe_map mapping %#lx\n", (unsigned long)(uintptr_t)base);
}

/* The N of handle#N, stream#N in the report: the serial inside the id (mt_id_number's rule). */
static unsigned long long id_number(const void *id) {
  return (unsigned long long)(((uintptr_t)id & 0xffffffffffffULL) >> 4);
}

static void leave_handle(size_t g) {
  hipMemGenericAllocationHandle_t handle = probe_create(g);
  printf("probe_create handle#%llu (%#llx\n", id_number(handle),
         (unsigned long long)(uintptr_t)handle);
}

static void leave_malloc(size_t g) {
  printf("probe_malloc hipMalloc block %#lx\n", (unsigned long)(uintptr_t)probe_malloc(g));
}

static void leave_stream(void) {
  hipStream_t stream = probe_stream_create();
  printf("probe_stream_create stream#%llu (%#llx\n", id_number(stream),
         (unsigned long long)(uintptr_t)stream);
}

/* Everything, torn down in the right order: nothing is left. */
static struct {
  void *base, *block;
  hipMemGenericAllocationHandle_t handle;
  hipStream_t stream;
  size_t bytes;
} made;

static void make_all(size_t g) {
  made.bytes = 2 * g;
  made.base = probe_reserve(made.bytes);
  made.handle = probe_create(made.bytes);
  probe_map(made.base, made.bytes, made.handle);
  made.block = probe_malloc(g);
  made.stream = probe_stream_create();
}

static void tear_down_all(void) {
  check(hipMemUnmap(made.base, made.bytes), hipSuccess, "hipMemUnmap");
  check(hipMemRelease(made.handle), hipSuccess, "hipMemRelease");
  check(hipMemAddressFree(made.base, made.bytes), hipSuccess, "hipMemAddressFree");
  check(hipFree(made.block), hipSuccess, "hipFree");
  check(hipStreamDestroy(made.stream), hipSuccess, "hipStreamDestroy");
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "renamed") == 0) {
    char *again[] = {"leak-probe", argv[2], NULL};
    execv(argv[0], again);
    return 3;
  }
  const char *what = argc == 2 ? argv[1] : "";
  if (strcmp(what, "cleanup-at-exit") == 0)
    atexit(tear_down_all); /* before any HIP call, so before mockhip's own */
  size_t g = granularity();
  if (strcmp(what, "none") == 0) {
    make_all(g);
    tear_down_all();
  } else if (strcmp(what, "reservation") == 0) {
    leave_reservation(g);
  } else if (strcmp(what, "mapping") == 0) {
    leave_mapping(g);
  } else if (strcmp(what, "handle") == 0) {
    leave_handle(g);
  } else if (strcmp(what, "malloc") == 0) {
    leave_malloc(g);
  } else if (strcmp(what, "stream") == 0) {
    leave_stream();
  } else if (strcmp(what, "all") == 0) {
    leave_reservation(g);
    leave_mapping(g);
    leave_handle(g);
    leave_malloc(g);
    leave_stream();
  } else if (strcmp(what, "abort-after") == 0) {
    leave_handle(g);
    exit(5);
  } else if (strcmp(what, "cleanup-at-exit") == 0) {
    make_all(g);
  } else if (strcmp(what, "strict") == 0) {
    make_all(g);
    probe_partial_unmap(made.base, g);
    tear_down_all();
  } else {
    fprintf(stderr, "usage: leak_probe none|reservation|mapping|handle|malloc|stream|all|"
                    "abort-after|cleanup-at-exit|strict, or renamed <one of those>\n");
    return 3;
  }
  return 0;
}
