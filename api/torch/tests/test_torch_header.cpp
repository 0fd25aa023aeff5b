/*
 * test_torch_header.cpp: hmo_torch.h from C++, before and after HIP's own
 * header, declares PyTorch's function types exactly (CUDAPluggableAllocator.h's
 * MallocFuncType and FreeFuncType, hooks as Module.cpp casts them), with C
 * linkage; then one alloc and free through them.
 */
#include "hmo_torch.h"

#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <type_traits>

static_assert(std::is_same<decltype(&hmo_torch_alloc), void *(*)(ssize_t, int, hipStream_t)>::value,
              "alloc is PyTorch's MallocFuncType");
static_assert(
    std::is_same<decltype(&hmo_torch_free), void (*)(void *, ssize_t, int, hipStream_t)>::value,
    "free is PyTorch's FreeFuncType");
static_assert(
    std::is_same<decltype(&hmo_torch_record_stream), void (*)(void *, hipStream_t)>::value,
    "set_record_stream_fn's type");
static_assert(std::is_same<decltype(&hmo_torch_memory_fraction), void (*)(double, int)>::value,
              "set_memory_fraction_fn's type");
static_assert(std::is_same<decltype(&hmo_torch_empty_cache), void (*)()>::value,
              "set_reset_fn's type");
static_assert(std::is_same<decltype(&hmo_torch_base_alloc), void *(*)(void *, size_t *)>::value,
              "set_base_alloc_fn's type");
static_assert(std::is_same<decltype(&hmo_torch_init), void (*)(int)>::value, "set_init_fn's type");

int main() {
  void *p = hmo_torch_alloc(4096, 0, nullptr);
  if (p == nullptr) {
    std::fprintf(stderr, "hmo_torch_alloc: %s\n", hmo_torch_last_error());
    return 1;
  }
  hmo_torch_free(p, 4096, 0, nullptr);
  hmo_torch_stats stats;
  if (hmo_torch_get_stats(0, &stats) != 0 || stats.allocs != 1 || stats.frees != 1)
    return 1;
  return hmo_torch_shutdown() == 0 ? 0 : 1;
}
