/*
 * consumer.c: a program outside the hipvmm tree that uses the installed mockhip.
 *
 * Reserves address space, creates physical memory, maps it, grants device 0
 * read-write access, copies a value in and out, tears everything down and
 * checks that mockhip holds no objects any more. Prints one result line and
 * exits 0 on success, 1 on the first failure.
 */
#include <stdio.h>
#include <string.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

#ifndef CONSUMER_BUILT_WITH
#define CONSUMER_BUILT_WITH "unknown"
#endif

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      fprintf(stderr, "consumer (%s): %s failed: %s (%s)\n", CONSUMER_BUILT_WITH, #call,           \
              hipGetErrorName(err_), mockhip_last_reason());                                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  CHECK(hipInit(0));

  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;

  size_t granularity = 0;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));

  size_t bytes = 2 * granularity;
  void *base = NULL;
  CHECK(hipMemAddressReserve(&base, bytes, 0, NULL, 0));

  hipMemGenericAllocationHandle_t phys = NULL;
  CHECK(hipMemCreate(&phys, bytes, &prop, 0));
  CHECK(hipMemMap(base, bytes, 0, phys, 0));

  hipMemAccessDesc access;
  memset(&access, 0, sizeof access);
  access.location.type = hipMemLocationTypeDevice;
  access.location.id = 0;
  access.flags = hipMemAccessFlagsProtReadWrite;
  CHECK(hipMemSetAccess(base, bytes, &access, 1));

  unsigned value_in = 0x48495056u; /* "HIPV" */
  unsigned value_out = 0;
  char *slot = (char *)base + granularity + 8;
  CHECK(hipMemcpyHtoD(slot, &value_in, sizeof value_in));
  CHECK(hipMemcpyDtoH(&value_out, slot, sizeof value_out));
  if (value_out != value_in) {
    fprintf(stderr, "consumer (%s): read back 0x%08x, wrote 0x%08x\n", CONSUMER_BUILT_WITH,
            value_out, value_in);
    return 1;
  }

  CHECK(hipMemUnmap(base, bytes));
  CHECK(hipMemRelease(phys));
  CHECK(hipMemAddressFree(base, bytes));

  size_t live = mockhip_live_objects();
  if (live != 0) {
    fprintf(stderr, "consumer (%s): %zu mockhip objects still alive after teardown\n",
            CONSUMER_BUILT_WITH, live);
    mockhip_dump(stderr);
    return 1;
  }

  printf("consumer (%s): reserve, create, map, set access, copy 0x%08x in and out, teardown: ok, "
         "live objects 0\n",
         CONSUMER_BUILT_WITH, value_out);
  return 0;
}
