/*
 * kernel_in_c.c: a kernel written and launched in C on mockhip. A C compiler
 * has no templates for hipLaunchKernelGGL, so the kernel takes one pointer to
 * its arguments and mockhip_launch_kernel runs it once per thread; it reads
 * threadIdx, blockIdx and blockDim as device code does. docs/mockhip/kernels.md,
 * "Kernels on the CPU", shows it.
 */
#include <stdio.h>

#include <hip/hip_runtime.h>
#include <mockhip.h>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      printf("%s: %s: %s\n", #call, hipGetErrorName(err_), mockhip_last_reason());                 \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

struct scale_args {
  float *data; /* device memory: a pointer inside a struct is not checked against the view */
  float factor;
  int count;
};

static void scale(void *p) {
  const struct scale_args *a = p;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < a->count)
    a->data[i] *= a->factor;
}

int main(void) {
  enum { COUNT = 1000 };
  float host[COUNT];
  for (int i = 0; i < COUNT; i++)
    host[i] = (float)i;
  float *data;
  CHECK(hipMalloc((void **)&data, sizeof host));
  CHECK(hipMemcpy(data, host, sizeof host, hipMemcpyHostToDevice));

  struct scale_args args = {data, 2.0f, COUNT};
  dim3 grid = {(COUNT + 255) / 256, 1, 1}, block = {256, 1, 1};
  CHECK(mockhip_launch_kernel("scale", scale, grid, block, 0, NULL, &args));
  CHECK(hipDeviceSynchronize());

  CHECK(hipMemcpy(host, data, sizeof host, hipMemcpyDeviceToHost));
  CHECK(hipFree(data));
  printf("scale<<<%u, %u>>>: host[999] = %.0f\n", grid.x, block.x, host[COUNT - 1]);
  return host[COUNT - 1] == 2.0f * (COUNT - 1) ? 0 : 1;
}
