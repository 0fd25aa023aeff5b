/*
 * kernel_access.cpp: a kernel that writes memory its device was not granted,
 * and how a program gets its device back.
 *
 * Reserve, create and map, then launch a kernel that writes the mapping
 * before hipMemSetAccess: the launch itself is accepted, the write faults,
 * and hipDeviceSynchronize answers hipErrorIllegalAddress. The error is
 * sticky: every later call on the device answers it, until hipDeviceReset,
 * which keeps the VMM mapping. Then the fix: grant the device ReadWrite,
 * launch again and read the result back with hipMemcpy. A C++ program: the
 * kernel is launched with hipLaunchKernelGGL and runs on the CPU. Mistakes:
 * `break 1` grants Read only (the write faults again); `break 2` grants
 * access before hipDeviceReset (the grant is refused: the error is sticky).
 */
#include <hip/hip_runtime.h>

#include "lesson.h"

static const char *const mistakes[] = {
    "granting Read where the kernel writes",
    "granting access before hipDeviceReset",
};

/* Each thread writes the square of its index. */
__global__ void squares(int *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = i * i;
}

/* hipDeviceReset, then unmap, free the addresses and say what is left. */
static int tear_down(void *ptr, size_t bytes) {
  CHECK(hipDeviceReset());
  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("unmapped and freed; %zu objects left\n", mockhip_live_objects());
  return mockhip_live_objects() == 0 ? 0 : 1;
}

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "kernel_access", mistakes, 2);
  hipMemAllocationProp prop = {};
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  size_t bytes;
  CHECK(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum));
  const int count = (int)(bytes / sizeof(int));
  const int block = 256, grid = (count + block - 1) / block;

  void *ptr;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  CHECK(hipMemRelease(handle)); /* the mapping keeps the memory */
  printf("1. reserve, create, map: %zu bytes at %p, and no hipMemSetAccess yet\n", bytes, ptr);
  int *out = static_cast<int *>(ptr);

  hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
  printf("2. launch squares<<<%d, %d>>>: hipGetLastError says %s: the launch itself was fine\n",
         grid, block, hipGetErrorName(hipGetLastError()));
  hipError_t error = hipDeviceSynchronize();
  printf("3. hipDeviceSynchronize: %s\n   why: %s\n", hipGetErrorName(error),
         mockhip_last_reason());
  int ok = error == hipErrorIllegalAddress;

  unsigned long long flags;
  error = hipMemGetAccess(&flags, &prop.location, ptr);
  printf("4. sticky: every later call on device 0 answers it, hipMemGetAccess too: %s\n",
         hipGetErrorName(error));
  ok = ok && error == hipErrorIllegalAddress;

  hipMemAccessDesc access = {prop.location, hipMemAccessFlagsProtReadWrite};
  if (mistake == 2) {
    lesson_refused(
        hipMemSetAccess(ptr, bytes, &access, 1), "hipMemSetAccess(ptr, bytes, &access, 1)",
        "hipDeviceReset first: it ends the sticky error and keeps the VMM mappings", NULL);
    return tear_down(ptr, bytes);
  }

  CHECK(hipDeviceReset());
  CHECK(hipMemGetAccess(&flags, &prop.location, ptr));
  printf("5. hipDeviceReset: the error is gone, the mapping is still there (device 0 has %s)\n",
         flags == hipMemAccessFlagsProtNone ? "no access" : "SOME ACCESS");

  if (mistake == 1)
    access.flags = hipMemAccessFlagsProtRead;
  CHECK(hipMemSetAccess(ptr, bytes, &access, 1));
  printf("6. the fix: hipMemSetAccess grants device 0 %s\n", mistake == 1 ? "Read" : "ReadWrite");

  hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
  if (mistake == 1) {
    lesson_refused(hipDeviceSynchronize(), "hipDeviceSynchronize() after a launch that writes",
                   "grant hipMemAccessFlagsProtReadWrite: Read lets a kernel load, not store",
                   NULL);
    return tear_down(ptr, bytes);
  }
  CHECK(hipDeviceSynchronize());
  int result[4];
  CHECK(hipMemcpy(result, out + count - 4, sizeof result, hipMemcpyDeviceToHost));
  printf("7. launch again, hipDeviceSynchronize: hipSuccess; the last four squares: %d %d %d %d\n",
         result[0], result[1], result[2], result[3]);
  for (int i = 0; i < 4; i++)
    ok = ok && result[i] == (count - 4 + i) * (count - 4 + i);
  return tear_down(ptr, bytes) == 0 && ok ? 0 : 1;
}
