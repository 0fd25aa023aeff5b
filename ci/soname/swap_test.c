/*
 * swap_test.c: a program linked against libamdhip64.so.7, to run on whichever
 * library the loader finds under that name (ci/soname/check.sh): mockhip's
 * soname build through LD_LIBRARY_PATH, or a real ROCm 7.
 *
 * It checks devices, versions, a hipMalloc block, copies and sets, a
 * reservation and, with a header of ROCm 5.3 or later, the whole VMM cycle:
 * create, map, set access, copy, unmap, release, free. Exits 0 when all pass,
 * 77 when the runtime has no device, 1 on the first failure.
 *
 * Built with SWAP_TEST_CALL_MISSING, `swap_test --call-missing` then calls
 * hipDestroyExternalSemaphore, which ROCm has and mockhip does not: on mockhip the
 * loader stops the program there, or at start under LD_BIND_NOW=1.
 */
#include <stdio.h>
#include <string.h>

#include <hip/hip_runtime_api.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t status_ = (call);                                                                   \
    if (status_ != hipSuccess) {                                                                   \
      fprintf(stderr, "swap_test: %s: %s\n", #call, hipGetErrorName(status_));                     \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

#define EXPECT(condition)                                                                          \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      fprintf(stderr, "swap_test: expected %s\n", #condition);                                     \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

/* The prop structure's layout changed in ROCm 5.3: only a newer header's
 * matches a ROCm 7 runtime. */
#if HIP_VERSION >= 50300000
static int vmm_cycle(int device) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  hipMemAccessDesc access;
  memset(&access, 0, sizeof access);
  access.location = prop.location;
  access.flags = hipMemAccessFlagsProtReadWrite;
  size_t bytes = 0;
  CHECK(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum));
  void *base = NULL;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&base, 2 * bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  CHECK(hipMemMap(base, bytes, 0, handle, 0));
  CHECK(hipMemSetAccess(base, bytes, &access, 1));
  unsigned in = 0xc0ffee, out = 0;
  CHECK(hipMemcpyHtoD(base, &in, sizeof in));
  CHECK(hipMemcpyDtoH(&out, base, sizeof out));
  EXPECT(out == in);
  CHECK(hipMemUnmap(base, bytes));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(base, 2 * bytes));
  return 0;
}
#endif

int main(int argc, char **argv) {
  int count = 0, device = -1, runtime = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
    printf("swap_test: the runtime has no device\n");
    return 77;
  }
  CHECK(hipGetDevice(&device));
  CHECK(hipRuntimeGetVersion(&runtime));

  /* hip_4.2: a hipMalloc block written, set and read back. */
  unsigned char *block = NULL, host[256];
  CHECK(hipMalloc((void **)&block, sizeof host));
  for (size_t i = 0; i < sizeof host; ++i)
    host[i] = (unsigned char)i;
  CHECK(hipMemcpy(block, host, sizeof host, hipMemcpyHostToDevice));
  CHECK(hipMemset(block + 16, 0xab, 16));
  memset(host, 0, sizeof host);
  CHECK(hipMemcpy(host, block, sizeof host, hipMemcpyDeviceToHost));
  EXPECT(host[15] == 15 && host[16] == 0xab && host[31] == 0xab && host[32] == 32);
  CHECK(hipFree(block));

  /* hip_5.1: a reservation, and the whole cycle where the header allows it. */
  void *range = NULL;
  CHECK(hipMemAddressReserve(&range, 1 << 21, 0, NULL, 0));
  CHECK(hipMemAddressFree(range, 1 << 21));
#if HIP_VERSION >= 50300000
  if (vmm_cycle(device) != 0)
    return 1;
#endif
  printf("swap_test: %d device(s), runtime %d, built against HIP %d.%d: every check passed\n",
         count, runtime, HIP_VERSION_MAJOR, HIP_VERSION_MINOR);

#ifdef SWAP_TEST_CALL_MISSING
  if (argc > 1 && strcmp(argv[1], "--call-missing") == 0) {
    fflush(stdout);
    CHECK(hipDestroyExternalSemaphore(NULL));
  }
#else
  (void)argc;
  (void)argv;
#endif
  return 0;
}
