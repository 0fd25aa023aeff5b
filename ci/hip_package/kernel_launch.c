/*
 * kernel_launch.c: a kernel launch, which no CPU can run. Compiled against
 * mockhip as C or C++ it must fail, with the error naming hipLaunchKernelGGL
 * (ci/hip_package/check.sh checks the message).
 */
#include <hip/hip_runtime.h>

__global__ void add_one(int *value) { *value += 1; }

int main(void) {
  int value = 0;
  hipLaunchKernelGGL(add_one, 1, 1, 0, 0, &value);
  return value;
}
