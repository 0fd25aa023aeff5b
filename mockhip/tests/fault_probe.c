/*
 * fault_probe.c: makes argv[1] hipMemCreate calls (each success released at
 * once) under the MOCKHIP_FAIL and MOCKHIP_SEED it was started with, and
 * prints one line per failed call, "<call number> <error name>", then
 * "calls=<count>", for test_fault.c. With argv[2] "hipMalloc" the calls are
 * hipMalloc instead, into a pointer that holds PROBE_SENTINEL before each. The
 * environment is read once per process, so only a fresh process can try a
 * setting.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime_api.h>

#include "fault_probe.h"

/* One hipMalloc (freed when it succeeds); its result. */
static hipError_t malloc_once(size_t bytes) {
  void *ptr = PROBE_SENTINEL;
  hipError_t err = hipMalloc(&ptr, bytes);
  if (err == hipSuccess && hipFree(ptr) != hipSuccess)
    return hipErrorUnknown;
  return err;
}

/* One hipMemCreate (released when it succeeds); its result. */
static hipError_t create_once(size_t bytes, const hipMemAllocationProp *prop) {
  hipMemGenericAllocationHandle_t handle = NULL;
  hipError_t err = hipMemCreate(&handle, bytes, prop, 0);
  if (err == hipSuccess && hipMemRelease(handle) != hipSuccess)
    return hipErrorUnknown;
  return err;
}

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 0;
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  size_t granularity = 0;
  if (hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum) !=
      hipSuccess)
    return 2;

  bool use_malloc = argc > 2 && strcmp(argv[2], "hipMalloc") == 0;
  for (int call = 1; call <= count; call++) {
    hipError_t err = use_malloc ? malloc_once(granularity) : create_once(granularity, &prop);
    if (err != hipSuccess)
      printf("%d %s\n", call, hipGetErrorName(err));
  }
  printf("calls=%d\n", count);
  return 0;
}
