/*
 * kernel_access.cpp: a kernel that writes memory its device was not granted,
 * and what the program can do next, which depends on the platform.
 *
 * Reserve, create and map, then launch a kernel that writes the mapping
 * before hipMemSetAccess: the launch itself is accepted and the write faults.
 * What follows is the platform's (table (g) row kernel_fault):
 *   - ROCm up to 7.2 ends the process at the fault: ROCr prints "Memory access
 *     fault by GPU node-1 ... Reason: ..." and aborts. So this lesson runs the
 *     faulting launch in a child process, which dies of SIGABRT; the parent is
 *     untouched. To find the cause: MOCKHIP_EXPLAIN=1 (here), and on a GPU the
 *     address ROCr prints, looked up among the program's mappings.
 *   - The newest ROCm and HIP on NVIDIA go on: hipDeviceSynchronize answers
 *     hipErrorIllegalAddress, and every later call on the device answers it
 *     until hipDeviceReset, which keeps the VMM mapping.
 * Then the fix: grant the device ReadWrite, launch again and read the result
 * back with hipMemcpy. A C++ program: the kernel is launched with
 * hipLaunchKernelGGL and runs on the CPU. Mistakes: `break 1` grants Read
 * only (the write faults again); `break 2` grants access before
 * hipDeviceReset (where the error is sticky, the grant is refused).
 */
#include <hip/hip_runtime.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lesson.h"

static const char *const mistakes[] = {
    "granting Read where the kernel writes",
    "granting access before hipDeviceReset",
};

/* Each thread writes the square of its index. */
__global__ void squares(long long *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = (long long)i * i;
}

/* Whether the release played ends the process at a kernel's fault (ROCm up to 7.2), rather
   than leaving the device a sticky error. */
static bool fault_ends_process(void) {
  return strcmp(mockhip_profile_cell("kernel_fault"), "abort") == 0;
}

/* Launches squares and waits for it in a child process, where a fault may end the process;
   says how the child ended. Returns 1 when it died of SIGABRT. */
static int launch_in_child(long long *out, int count, int grid, int block) {
  pid_t pid = fork();
  if (pid == 0) {
    hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
    _exit(hipDeviceSynchronize() == hipSuccess ? 0 : 1);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) {
    printf("FAILED: no child process\n");
    exit(1);
  }
  int aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  printf("   the child %s\n", aborted ? "died of SIGABRT" : "lived on");
  return aborted;
}

/* hipDeviceReset where the error is sticky, then unmap, free the addresses and say what is
   left. */
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
  const int count = (int)(bytes / sizeof(long long));
  const int block = 256, grid = (count + block - 1) / block;

  void *ptr;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  CHECK(hipMemRelease(handle)); /* the mapping keeps the memory */
  printf("1. reserve, create, map: %zu bytes at %p, and no hipMemSetAccess yet\n", bytes, ptr);
  long long *out = static_cast<long long *>(ptr);
  hipMemAccessDesc access = {prop.location, hipMemAccessFlagsProtReadWrite};
  int ok = 1, step = 4; /* the steps after the fault, numbered on */

  if (fault_ends_process()) {
    printf("2. %s ends the process at a kernel's fault: the launch runs in a child process\n",
           lesson_release());
    ok = launch_in_child(out, count, grid, block);
    printf("3. this process is untouched: no error to clear, no reset needed\n");
    if (mistake == 2) {
      lesson_refused(hipMemSetAccess(ptr, bytes, &access, 1),
                     "hipMemSetAccess(ptr, bytes, &access, 1) before hipDeviceReset",
                     "hipDeviceReset first where the error is sticky (the newest ROCm, HIP on "
                     "NVIDIA): it ends the error and keeps the VMM mappings",
                     "ends the process at a kernel's fault: no sticky error is left to refuse "
                     "the grant (kernel_fault, b.12)");
      return tear_down(ptr, bytes);
    }
  } else {
    hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
    printf("2. launch squares<<<%d, %d>>>: hipGetLastError says %s: the launch itself was "
           "fine\n",
           grid, block, hipGetErrorName(hipGetLastError()));
    hipError_t error = hipDeviceSynchronize();
    printf("3. hipDeviceSynchronize: %s\n   why: %s\n", hipGetErrorName(error),
           mockhip_last_reason());
    ok = error == hipErrorIllegalAddress;

    unsigned long long flags;
    error = hipMemGetAccess(&flags, &prop.location, ptr);
    printf("4. sticky: every later call on device 0 answers it, hipMemGetAccess too: %s\n",
           hipGetErrorName(error));
    ok = ok && error == hipErrorIllegalAddress;

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
    step = 6;
  }

  if (mistake == 1)
    access.flags = hipMemAccessFlagsProtRead;
  CHECK(hipMemSetAccess(ptr, bytes, &access, 1));
  printf("%d. the fix: hipMemSetAccess grants device 0 %s\n", step++,
         mistake == 1 ? "Read" : "ReadWrite");

  if (mistake == 1) {
    printf("mistake: a launch that writes where device 0 may only read\n");
    if (fault_ends_process())
      launch_in_child(out, count, grid, block);
    else {
      hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
      hipError_t error = hipDeviceSynchronize();
      printf("  hipDeviceSynchronize returned %s\n  why: %s\n", hipGetErrorName(error),
             mockhip_last_reason());
    }
    printf("  instead: grant hipMemAccessFlagsProtReadWrite: Read lets a kernel load, not "
           "store\n");
    return tear_down(ptr, bytes);
  }
  hipLaunchKernelGGL(squares, dim3(grid), dim3(block), 0, 0, out, count);
  CHECK(hipDeviceSynchronize());
  long long result[4];
  CHECK(hipMemcpy(result, out + count - 4, sizeof result, hipMemcpyDeviceToHost));
  printf("%d. launch again, hipDeviceSynchronize: hipSuccess; the last four squares: %lld %lld "
         "%lld %lld\n",
         step, result[0], result[1], result[2], result[3]);
  for (int i = 0; i < 4; i++)
    ok = ok && result[i] == (long long)(count - 4 + i) * (count - 4 + i);
  return tear_down(ptr, bytes) == 0 && ok ? 0 : 1;
}
