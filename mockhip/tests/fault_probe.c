/*
 * fault_probe.c: makes argv[1] hipMemCreate calls (each success released at
 * once) under the MOCKHIP_FAIL and MOCKHIP_SEED it was started with, and
 * prints one line per failed call, "<call number> <error name>", then
 * "calls=<count>", for test_fault.c. The environment is read once per
 * process, so only a fresh process can try a setting.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime_api.h>

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

  for (int call = 1; call <= count; call++) {
    hipMemGenericAllocationHandle_t handle = NULL;
    hipError_t err = hipMemCreate(&handle, granularity, &prop, 0);
    if (err != hipSuccess)
      printf("%d %s\n", call, hipGetErrorName(err));
    else if (hipMemRelease(handle) != hipSuccess)
      return 3;
  }
  printf("calls=%d\n", count);
  return 0;
}
