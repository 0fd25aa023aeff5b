/*
 * kernel_launch.c: a kernel launch as ROCm code writes it. As C++ it compiles
 * against mockhip (the kernel runs on the CPU); as C it must fail, with the
 * error naming hipLaunchKernelGGL and C's way, mockhip_launch_kernel
 * (ci/hip_package/check.sh checks both).
 */
#include <hip/hip_runtime.h>

__global__ void add_one(int *value) { *value += 1; }

int main(void) {
  int *value = 0;
  if (hipMalloc((void **)&value, sizeof *value) != hipSuccess)
    return 1;
  hipLaunchKernelGGL(add_one, 1, 1, 0, 0, value);
  return hipDeviceSynchronize() != hipSuccess;
}
