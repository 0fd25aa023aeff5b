/* first_test.c: the five steps of HIP VMM, checked as a test checks them. */
#include <stdio.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h> /* mockhip_last_reason, mockhip_live_objects: the mock's extras */

#define CHECK(call)                                                                                \
  do {                                                                                             \
    if ((call) != hipSuccess) {                                                                    \
      printf("%s failed: %s\n", #call, mockhip_last_reason());                                     \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  hipMemAccessDesc rw = {.location = prop.location, .flags = hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle;
  size_t size;
  void *ptr;
  int in = 42, out = 0;
  CHECK(hipMemGetAllocationGranularity(&size, &prop, hipMemAllocationGranularityMinimum));
  CHECK(hipMemAddressReserve(&ptr, size, 0, NULL, 0)); /* 1. addresses, no memory yet */
  CHECK(hipMemCreate(&handle, size, &prop, 0));        /* 2. memory, no address yet */
  CHECK(hipMemMap(ptr, size, 0, handle, 0));           /* 3. the memory at the addresses */
  CHECK(hipMemSetAccess(ptr, size, &rw, 1));           /* 4. device 0 may read and write */
  CHECK(hipMemcpyHtoD(ptr, &in, sizeof in));
  CHECK(hipMemcpyDtoH(&out, ptr, sizeof out));
  CHECK(hipMemUnmap(ptr, size)); /* 5. undo, in reverse */
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(ptr, size));
  printf("read back %d; %zu objects left\n", out, mockhip_live_objects());
  return out == 42 && mockhip_live_objects() == 0 ? 0 : 1;
}
