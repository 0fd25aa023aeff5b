// hipcc example: a HIP project of several files, built unchanged with
// CXX=hipcc (CMake or make) against mockhip. It fills a ramp, sums it on the
// device, then launches a kernel by address with hipLaunchKernel, as a graph
// or a dispatch table would.
#include <cstdio>
#include <cstdlib>

#include "reduce.h"
#include "report.h"

#define CHECK(call)                                                                                \
  do {                                                                                             \
    hipError_t err_ = (call);                                                                      \
    if (err_ != hipSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, hipGetErrorString(err_)); \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void twice(float *value) { *value *= 2.0f; }

int main() {
  const size_t count = 1000;
  float *values, *total;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMalloc(&values, count * sizeof *values));
  CHECK(hipMalloc(&total, sizeof *total));
  CHECK(fill_ramp(values, count, 1.0f, stream));
  CHECK(sum_on_device(values, count, total, stream));
  // never launched before: hipcc made it known at start-up
  void *args[] = {&total};
  CHECK(hipLaunchKernel((const void *)twice, dim3(1), dim3(1), args, 0, stream));
  float host = 0;
  CHECK(hipMemcpyAsync(&host, total, sizeof host, hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  report("2 * (0 + 1 + ... + 999)", host, 999000.0);
  CHECK(hipFree(values));
  CHECK(hipFree(total));
  CHECK(hipStreamDestroy(stream));
  return host == 999000.0f ? 0 : 1;
}
