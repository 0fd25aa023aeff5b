/*
 * test_no_runtime.c: kernels where the program has no CUDA runtime to ask
 * (this executable exports no cudaGetFuncBySymbol, as an nvcc program linked
 * with the static runtime and no -rdynamic). A kernel known by its host stub
 * is hipErrorInvalidDeviceFunction, the reason saying how to link; a module's
 * kernels need no runtime and work.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

#define FUNCTION ((hipFunction_t)(uintptr_t)0xf100)
#define GRAPH ((hipGraph_t)(uintptr_t)0x6100)

static void kernel_stub(void) {}
#define STUB ((const void *)kernel_stub)

static void host_stubs_need_the_runtime(void **state) {
  (void)state;
  dim3 one = {1, 1, 1};
  char reason[512];
  assert_hip(hipLaunchKernel(STUB, one, one, NULL, 0, NULL), hipErrorInvalidDeviceFunction);
  snprintf(reason, sizeof reason, "hipLaunchKernel: %p is a host function (in ", STUB);
  assert_contains(hip_nvidia_last_reason(), reason);
  assert_contains(hip_nvidia_last_reason(),
                  "and no CUDA runtime is loaded to give its kernel (cudaGetFuncBySymbol): link "
                  "the program with -cudart shared, or export its symbols (-rdynamic)");
  assert_int_equal(hipGetLastError(), hipErrorInvalidDeviceFunction);
  /* A hipFunction_t is no host function: the reason says which call launches it. */
  assert_hip(hipLaunchKernel((const void *)FUNCTION, one, one, NULL, 0, NULL),
             hipErrorInvalidDeviceFunction);
  assert_contains(hip_nvidia_last_reason(), "(a hipFunction_t is launched with "
                                            "hipModuleLaunchKernel)");
  assert_hip(hipFuncSetCacheConfig(STUB, hipFuncCachePreferL1), hipErrorInvalidDeviceFunction);
  assert_hip(hipFuncSetSharedMemConfig(STUB, hipSharedMemBankSizeFourByte),
             hipErrorInvalidDeviceFunction);
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = {
      .blockDim = {1, 1, 1}, .func = (void *)kernel_stub, .gridDim = {1, 1, 1}};
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidDeviceFunction);
  assert_contains(hip_nvidia_last_reason(), "hipGraphAddKernelNode: ");
  assert_contains(hip_nvidia_last_reason(), "no CUDA runtime is loaded");
  assert_null(node);
  assert_not_called("cuLaunchKernel");
  assert_not_called("cuFuncSetCacheConfig");
  assert_not_called("cuFuncSetSharedMemConfig");
  assert_not_called("cuGraphAddKernelNode_v2");
}

static void module_kernels_need_no_runtime(void **state) {
  (void)state;
  hipModule_t module = NULL;
  hipFunction_t function = NULL;
  assert_hip(hipModuleLoad(&module, "kernels.cubin"), hipSuccess);
  assert_hip(hipModuleGetFunction(&function, module, "fill"), hipSuccess);
  assert_hip(hipModuleLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL), hipSuccess);
  assert_logged("cuLaunchKernel", "cuLaunchKernel(0xf100,1,1,1,32,1,1,0,0x0,0x0,NULL)");
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = {.blockDim = {32, 1, 1}, .func = function, .gridDim = {1, 1, 1}};
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipSuccess);
  assert_logged("cuGraphAddKernelNode_v2",
                "cuGraphAddKernelNode_v2(&,0x6100,NULL,0,{func=0xf100,grid=1x1x1,block=32x1x1,"
                "shared=0,params=0x0,extra=NULL,kern=0x0,ctx=0x0})");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(host_stubs_need_the_runtime),
      HN_TEST(module_kernels_need_no_runtime),
  };
  return cmocka_run_group_tests_name("no_runtime", tests, NULL, NULL);
}
