/*
 * test_module.c: modules, launches and kernel nodes onto the driver: every
 * argument as the driver gets it (kernel-node parameters field by field, from
 * ROCm's order into CUDA's), `extra` ended CUDA's way, the results the driver
 * gives for bad images, missing names and launches, and a kernel known by its
 * nvcc host stub found through the CUDA runtime.
 *
 * The runtime is this executable's own cudaGetFuncBySymbol, exported as an
 * nvcc program exports it with -rdynamic (the executable is built with
 * ENABLE_EXPORTS): kernel_stub is the kernel RUNTIME_FUNCTION, any other
 * pointer none (test_no_runtime.c runs without it).
 */
#include "hip_nvidia_test.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define MODULE ((hipModule_t)(uintptr_t)0x3100)
#define FUNCTION ((hipFunction_t)(uintptr_t)0xf100)
#define STREAM ((hipStream_t)(uintptr_t)0x5100)
#define GRAPH ((hipGraph_t)(uintptr_t)0x6100)
#define NODE ((hipGraphNode_t)(uintptr_t)0x6300)
#define EXEC ((hipGraphExec_t)(uintptr_t)0x6400)
#define RUNTIME_FUNCTION 0xf200
/* ROCm's <hip/hip_runtime_api.h> values, which mockhip's header does not define. */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

/* The fake's, called as the runtime would. */
CUresult cuCtxGetCurrent(CUcontext *pctx);
CUresult cuCtxSetCurrent(CUcontext ctx);

/* ---- the CUDA runtime, as the program links it ---- */

static void kernel_stub(void) {}
static void not_a_kernel(void) {}
#define STUB ((const void *)kernel_stub)

static struct {
  int asked;
  const void *symbol;
  CUcontext context; /* current when asked */
} runtime;

__attribute__((visibility("default"))) int cudaGetFuncBySymbol(CUfunction *function,
                                                               const void *symbol);
int cudaGetFuncBySymbol(CUfunction *function, const void *symbol) {
  runtime.asked++;
  runtime.symbol = symbol;
  (void)cuCtxGetCurrent(&runtime.context);
  if (symbol != STUB)
    return 98; /* cudaErrorInvalidDeviceFunction */
  *function = (CUfunction)(uintptr_t)RUNTIME_FUNCTION;
  return 0;
}

static int setup(void **state) {
  memset(&runtime, 0, sizeof runtime);
  return hn_setup(state);
}
#define MODULE_TEST(fn) cmocka_unit_test_setup_teardown(fn, setup, NULL)

static const char *hex_line(char *out, size_t size, const char *format, const void *pointer) {
  snprintf(out, size, format, (unsigned long long)(uintptr_t)pointer);
  return out;
}

/* ---- modules ---- */

static void modules_load_and_unload(void **state) {
  (void)state;
  static const char ptx[] = ".version 8.0\n.target sm_90\n";
  char line[128];
  hipModule_t module = NULL;
  assert_hip(hipModuleLoad(&module, "kernels.cubin"), hipSuccess);
  assert_ptr_equal(module, MODULE);
  assert_logged("cuModuleLoad", "cuModuleLoad(&,\"kernels.cubin\")");
  fake_cuda_set(FAKE_MODULE, 0x3200);
  assert_hip(hipModuleLoadData(&module, ptx), hipSuccess);
  assert_ptr_equal(module, (hipModule_t)(uintptr_t)0x3200);
  assert_logged("cuModuleLoadData", hex_line(line, sizeof line, "cuModuleLoadData(&,0x%llx)", ptx));
  assert_hip(hipModuleUnload(module), hipSuccess);
  assert_logged("cuModuleUnload", "cuModuleUnload(0x3200)");
  fake_cuda_fail_next("cuModuleUnload", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipModuleUnload(module), hipErrorInvalidHandle);
  assert_string_equal(hip_nvidia_last_reason(),
                      "cuModuleUnload returned CUDA_ERROR_INVALID_HANDLE (400)");
}

/* Each result loading gives is the HIP error of the same meaning, and leaves module alone;
   the PTX results HIP has no name for are hipErrorUnknown, the reason naming them. */
static void module_load_failures(void **state) {
  (void)state;
  static const struct {
    CUresult result;
    hipError_t error;
    const char *name;
  } failures[] = {
#define LOAD_FAILURE(result, error) {result, error, #result}
      LOAD_FAILURE(CUDA_ERROR_FILE_NOT_FOUND, hipErrorFileNotFound),
      LOAD_FAILURE(CUDA_ERROR_INVALID_IMAGE, hipErrorInvalidImage),
      LOAD_FAILURE(CUDA_ERROR_NO_BINARY_FOR_GPU, hipErrorNoBinaryForGpu),
      LOAD_FAILURE(CUDA_ERROR_INVALID_PTX, hipErrorInvalidKernelFile),
      LOAD_FAILURE(CUDA_ERROR_INVALID_SOURCE, hipErrorInvalidSource),
      LOAD_FAILURE(CUDA_ERROR_SHARED_OBJECT_INIT_FAILED, hipErrorSharedObjectInitFailed),
      LOAD_FAILURE(CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, hipErrorSharedObjectSymbolNotFound),
      LOAD_FAILURE(CUDA_ERROR_OUT_OF_MEMORY, hipErrorOutOfMemory),
      LOAD_FAILURE(CUDA_ERROR_UNSUPPORTED_PTX_VERSION, hipErrorUnknown),
      LOAD_FAILURE(CUDA_ERROR_JIT_COMPILER_NOT_FOUND, hipErrorUnknown),
#undef LOAD_FAILURE
  };
  for (size_t i = 0; i < sizeof failures / sizeof failures[0]; i++) {
    hipModule_t module = (hipModule_t)(uintptr_t)0x77;
    fake_cuda_fail_next("cuModuleLoad", failures[i].result);
    assert_hip(hipModuleLoad(&module, "kernels.cubin"), failures[i].error);
    assert_ptr_equal(module, (hipModule_t)(uintptr_t)0x77);
    fake_cuda_fail_next("cuModuleLoadData", failures[i].result);
    assert_hip(hipModuleLoadData(&module, "x"), failures[i].error);
    assert_ptr_equal(module, (hipModule_t)(uintptr_t)0x77);
    char reason[128];
    snprintf(reason, sizeof reason, "cuModuleLoadData returned %s (%d)", failures[i].name,
             (int)failures[i].result);
    assert_string_equal(hip_nvidia_last_reason(), reason);
  }
}

static void functions_and_globals(void **state) {
  (void)state;
  hipFunction_t function = NULL;
  assert_hip(hipModuleGetFunction(&function, MODULE, "fill"), hipSuccess);
  assert_ptr_equal(function, FUNCTION);
  assert_logged("cuModuleGetFunction", "cuModuleGetFunction(&,0x3100,\"fill\")");
  function = NULL;
  fake_cuda_fail_next("cuModuleGetFunction", CUDA_ERROR_NOT_FOUND);
  assert_hip(hipModuleGetFunction(&function, MODULE, "nothing"), hipErrorNotFound);
  assert_null(function);

  hipDeviceptr_t dptr = NULL;
  size_t bytes = 0;
  assert_hip(hipModuleGetGlobal(&dptr, &bytes, MODULE, "table"), hipSuccess);
  assert_ptr_equal(dptr, (void *)(uintptr_t)0x7f0000300000ULL);
  assert_int_equal(bytes, 256);
  assert_logged("cuModuleGetGlobal_v2", "cuModuleGetGlobal_v2(&,&,0x3100,\"table\")");
  /* Either output may be NULL, as in the driver. */
  fake_cuda_set(FAKE_GLOBAL_BYTES, 64);
  assert_hip(hipModuleGetGlobal(NULL, &bytes, MODULE, "table"), hipSuccess);
  assert_int_equal(bytes, 64);
  assert_logged("cuModuleGetGlobal_v2", "cuModuleGetGlobal_v2(NULL,&,0x3100,\"table\")");
  dptr = NULL;
  assert_hip(hipModuleGetGlobal(&dptr, NULL, MODULE, "table"), hipSuccess);
  assert_ptr_equal(dptr, (void *)(uintptr_t)0x7f0000300000ULL);
  assert_logged("cuModuleGetGlobal_v2", "cuModuleGetGlobal_v2(&,NULL,0x3100,\"table\")");
  dptr = NULL;
  fake_cuda_fail_next("cuModuleGetGlobal_v2", CUDA_ERROR_NOT_FOUND);
  assert_hip(hipModuleGetGlobal(&dptr, &bytes, MODULE, "nothing"), hipErrorNotFound);
  assert_null(dptr);
  assert_int_equal(bytes, 64);
}

/* ---- launches ---- */

static void module_launch_passes_every_argument(void **state) {
  (void)state;
  int value = 7;
  void *args[] = {&value};
  char line[256];
  assert_hip(hipModuleLaunchKernel(FUNCTION, 2, 3, 4, 64, 2, 1, 128, STREAM, args, NULL),
             hipSuccess);
  assert_logged("cuLaunchKernel",
                hex_line(line, sizeof line,
                         "cuLaunchKernel(0xf100,2,3,4,64,2,1,128,0x5100,0x%llx,NULL)", args));
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 1, 1, 1, 0, hipStreamPerThread, args, NULL),
             hipSuccess);
  assert_logged(
      "cuLaunchKernel",
      hex_line(line, sizeof line, "cuLaunchKernel(0xf100,1,1,1,1,1,1,0,0x2,0x%llx,NULL)", args));
  static const struct {
    CUresult result;
    hipError_t error;
  } failures[] = {
      {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, hipErrorLaunchOutOfResources},
      {CUDA_ERROR_INVALID_VALUE, hipErrorInvalidValue},
      {CUDA_ERROR_INVALID_HANDLE, hipErrorInvalidHandle},
      {CUDA_ERROR_INVALID_CONTEXT, hipErrorInvalidContext},
      {CUDA_ERROR_LAUNCH_FAILED, hipErrorLaunchFailure},
      {CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, hipErrorCooperativeLaunchTooLarge},
  };
  for (size_t i = 0; i < sizeof failures / sizeof failures[0]; i++) {
    fake_cuda_fail_next("cuLaunchKernel", failures[i].result);
    assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL),
               failures[i].error);
  }
}

/* ROCm ends `extra` with 0x3, CUDA with NULL: the driver gets CUDA's end; either is taken. */
static void module_launch_translates_extra(void **state) {
  (void)state;
  struct {
    int *out;
    int value;
  } packed = {NULL, 3};
  size_t bytes = sizeof packed;
  char line[256];
  void *rocm[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &bytes,
                  HIP_LAUNCH_PARAM_END};
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 32, 1, 1, 0, STREAM, NULL, rocm), hipSuccess);
  snprintf(line, sizeof line,
           "cuLaunchKernel(0xf100,1,1,1,32,1,1,0,0x5100,0x0,[ptr=0x%llx,size=16,end])",
           (unsigned long long)(uintptr_t)&packed);
  assert_logged("cuLaunchKernel", line);
  assert_ptr_equal(rocm[4], HIP_LAUNCH_PARAM_END); /* the caller's list is left as it was */
  void *cuda[] = {HIP_LAUNCH_PARAM_BUFFER_SIZE, &bytes, HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                  NULL};
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 32, 1, 1, 0, STREAM, NULL, cuda), hipSuccess);
  snprintf(line, sizeof line,
           "cuLaunchKernel(0xf100,1,1,1,32,1,1,0,0x5100,0x0,[size=16,ptr=0x%llx,end])",
           (unsigned long long)(uintptr_t)&packed);
  assert_logged("cuLaunchKernel", line);
  void *end_only[] = {HIP_LAUNCH_PARAM_END};
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 32, 1, 1, 0, STREAM, NULL, end_only),
             hipSuccess);
  assert_logged("cuLaunchKernel", "cuLaunchKernel(0xf100,1,1,1,32,1,1,0,0x5100,0x0,[end])");
}

/* The kernel nvcc built, by its host stub: the runtime gives its function, in the context
   the launch runs in (made current first). */
static void launch_kernel_finds_the_stub_through_the_runtime(void **state) {
  (void)state;
  int value = 7;
  void *args[] = {&value};
  char line[256];
  assert_int_equal(cuCtxSetCurrent(NULL), CUDA_SUCCESS); /* the thread has no context */
  fake_cuda_log_clear();
  dim3 grid = {4, 2, 1}, block = {256, 1, 1};
  assert_hip(hipLaunchKernel(STUB, grid, block, args, 512, STREAM), hipSuccess);
  assert_int_equal(runtime.asked, 1);
  assert_ptr_equal(runtime.symbol, STUB);
  assert_ptr_equal(runtime.context, FAKE_CUDA_PRIMARY(0));
  assert_logged("cuLaunchKernel",
                hex_line(line, sizeof line,
                         "cuLaunchKernel(0xf200,4,2,1,256,1,1,512,0x5100,0x%llx,NULL)", args));
  fake_cuda_fail_next("cuLaunchKernel", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  assert_hip(hipLaunchKernel(STUB, grid, block, args, 0, NULL), hipErrorLaunchOutOfResources);
  assert_int_equal(hipGetLastError(), hipErrorLaunchOutOfResources);
}

/* A pointer the runtime registered no kernel for (a hipFunction_t too, as in the runtimes). */
static void launch_kernel_refuses_what_the_runtime_does_not_know(void **state) {
  (void)state;
  dim3 one = {1, 1, 1};
  char reason[256];
  assert_hip(hipLaunchKernel((const void *)not_a_kernel, one, one, NULL, 0, NULL),
             hipErrorInvalidDeviceFunction);
  snprintf(reason, sizeof reason,
           "hipLaunchKernel: cudaGetFuncBySymbol(%p) returned 98: not a kernel the CUDA runtime "
           "registered",
           (const void *)not_a_kernel);
  assert_string_equal(hip_nvidia_last_reason(), reason);
  assert_hip(hipLaunchKernel((const void *)FUNCTION, one, one, NULL, 0, NULL),
             hipErrorInvalidDeviceFunction);
  assert_int_equal(runtime.asked, 2);
  assert_not_called("cuLaunchKernel");
  assert_int_equal(hipGetLastError(), hipErrorInvalidDeviceFunction);
}

/* As cudaLaunchKernel answers them, before the runtime or the driver is asked. */
static void launch_kernel_configuration(void **state) {
  (void)state;
  dim3 one = {1, 1, 1}, empty_grid = {0, 1, 1}, empty_block = {1, 1, 0};
  assert_hip(hipLaunchKernel(STUB, empty_grid, one, NULL, 0, NULL), hipErrorInvalidConfiguration);
  assert_string_equal(
      hip_nvidia_last_reason(),
      "hipLaunchKernel: grid 0x1x1, block 1x1x1: each dimension must be at least 1");
  assert_hip(hipLaunchKernel(STUB, one, empty_block, NULL, 0, NULL), hipErrorInvalidConfiguration);
  assert_hip(hipLaunchKernel(STUB, one, one, NULL, (size_t)UINT_MAX + 1, NULL),
             hipErrorInvalidValue);
  assert_hip(hipLaunchKernel(NULL, one, one, NULL, 0, NULL), hipErrorInvalidDeviceFunction);
  assert_int_equal(runtime.asked, 0);
  assert_no_driver_call();
}

static void function_preferences(void **state) {
  (void)state;
  assert_hip(hipFuncSetCacheConfig(STUB, hipFuncCachePreferL1), hipSuccess);
  assert_logged("cuFuncSetCacheConfig", "cuFuncSetCacheConfig(0xf200,2)");
  assert_hip(hipFuncSetSharedMemConfig(STUB, hipSharedMemBankSizeEightByte), hipSuccess);
  assert_logged("cuFuncSetSharedMemConfig", "cuFuncSetSharedMemConfig(0xf200,2)");
  fake_cuda_fail_next("cuFuncSetCacheConfig", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipFuncSetCacheConfig(STUB, (hipFuncCache_t)9), hipErrorInvalidValue);
  fake_cuda_fail_next("cuFuncSetSharedMemConfig", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipFuncSetSharedMemConfig(STUB, (hipSharedMemConfig)9), hipErrorInvalidValue);
  fake_cuda_log_clear();
  assert_hip(hipFuncSetCacheConfig((const void *)not_a_kernel, hipFuncCachePreferNone),
             hipErrorInvalidDeviceFunction);
  assert_hip(hipFuncSetSharedMemConfig((const void *)not_a_kernel, hipSharedMemBankSizeDefault),
             hipErrorInvalidDeviceFunction);
  assert_hip(hipFuncSetCacheConfig(NULL, hipFuncCachePreferNone), hipErrorInvalidDeviceFunction);
  assert_hip(hipFuncSetSharedMemConfig(NULL, hipSharedMemBankSizeDefault),
             hipErrorInvalidDeviceFunction);
  assert_not_called("cuFuncSetCacheConfig");
  assert_not_called("cuFuncSetSharedMemConfig");
}

/* ---- kernel nodes ---- */

static hipKernelNodeParams node_params(void *func, void **args) {
  hipKernelNodeParams params = {.blockDim = {64, 2, 1},
                                .extra = NULL,
                                .func = func,
                                .gridDim = {8, 4, 2},
                                .kernelParams = args,
                                .sharedMemBytes = 1024};
  return params;
}

/* ROCm's field order, CUDA's fields: each reaches the driver where it belongs. */
static void kernel_node_with_a_module_function(void **state) {
  (void)state;
  int value = 7;
  void *args[] = {&value};
  char line[512];
  const char *format = "{func=0xf100,grid=8x4x2,block=64x2x1,shared=1024,params=0x%llx,"
                       "extra=NULL,kern=0x0,ctx=0x0}";
  char described[256];
  hex_line(described, sizeof described, format, args);
  hipGraphNode_t node = NULL, dependency = NODE;
  hipKernelNodeParams params = node_params((void *)FUNCTION, args);
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, &dependency, 1, &params), hipSuccess);
  assert_ptr_equal(node, NODE);
  snprintf(line, sizeof line, "cuGraphAddKernelNode_v2(&,0x6100,&,1,%s)", described);
  assert_logged("cuGraphAddKernelNode_v2", line);
  assert_hip(hipGraphKernelNodeSetParams(node, &params), hipSuccess);
  snprintf(line, sizeof line, "cuGraphKernelNodeSetParams_v2(0x6300,%s)", described);
  assert_logged("cuGraphKernelNodeSetParams_v2", line);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, node, &params), hipSuccess);
  snprintf(line, sizeof line, "cuGraphExecKernelNodeSetParams_v2(0x6400,0x6300,%s)", described);
  assert_logged("cuGraphExecKernelNodeSetParams_v2", line);
  assert_int_equal(runtime.asked, 0); /* a CUfunction is no host stub */
}

/* A host stub is the runtime's function; `extra` ends CUDA's way. */
static void kernel_node_with_a_host_stub(void **state) {
  (void)state;
  size_t bytes = 8;
  long packed = 5;
  void *extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &packed, HIP_LAUNCH_PARAM_BUFFER_SIZE, &bytes,
                   HIP_LAUNCH_PARAM_END};
  char line[512];
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = node_params((void *)kernel_stub, NULL);
  params.extra = extra;
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipSuccess);
  snprintf(line, sizeof line,
           "cuGraphAddKernelNode_v2(&,0x6100,NULL,0,{func=0xf200,grid=8x4x2,block=64x2x1,"
           "shared=1024,params=0x0,extra=[ptr=0x%llx,size=8,end],kern=0x0,ctx=0x0})",
           (unsigned long long)(uintptr_t)&packed);
  assert_logged("cuGraphAddKernelNode_v2", line);
  assert_int_equal(runtime.asked, 1);
  assert_ptr_equal(runtime.context, FAKE_CUDA_PRIMARY(0));
  assert_hip(hipGraphKernelNodeSetParams(node, &params), hipSuccess);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, node, &params), hipSuccess);
  assert_int_equal(runtime.asked, 3);
  assert_contains(fake_cuda_log_last("cuGraphExecKernelNodeSetParams_v2"), "{func=0xf200,");
}

/* The driver's parameters in ROCm's order; func is the CUfunction (the driver keeps no stub),
   which the setters take back. */
static void kernel_node_params_read_back(void **state) {
  (void)state;
  int value = 7;
  void *args[] = {&value};
  CUDA_KERNEL_NODE_PARAMS driver = {.func = (CUfunction)(uintptr_t)RUNTIME_FUNCTION,
                                    .gridDimX = 8,
                                    .gridDimY = 4,
                                    .gridDimZ = 2,
                                    .blockDimX = 64,
                                    .blockDimY = 2,
                                    .blockDimZ = 1,
                                    .sharedMemBytes = 1024,
                                    .kernelParams = args,
                                    .extra = NULL,
                                    .kern = NULL,
                                    .ctx = FAKE_CUDA_PRIMARY(0)};
  fake_cuda_set_kernel_params(&driver);
  hipKernelNodeParams params;
  memset(&params, 0xff, sizeof params);
  assert_hip(hipGraphKernelNodeGetParams(NODE, &params), hipSuccess);
  assert_logged("cuGraphKernelNodeGetParams_v2", "cuGraphKernelNodeGetParams_v2(0x6300,&)");
  assert_ptr_equal(params.func, (void *)(uintptr_t)RUNTIME_FUNCTION);
  assert_int_equal(params.gridDim.x, 8);
  assert_int_equal(params.gridDim.y, 4);
  assert_int_equal(params.gridDim.z, 2);
  assert_int_equal(params.blockDim.x, 64);
  assert_int_equal(params.blockDim.y, 2);
  assert_int_equal(params.blockDim.z, 1);
  assert_int_equal(params.sharedMemBytes, 1024);
  assert_ptr_equal(params.kernelParams, args);
  assert_null(params.extra);
  /* Read, changed, set: the CUfunction goes back as it came. */
  params.gridDim.x = 16;
  assert_hip(hipGraphKernelNodeSetParams(NODE, &params), hipSuccess);
  assert_contains(fake_cuda_log_last("cuGraphKernelNodeSetParams_v2"), "{func=0xf200,grid=16x4x2,");
  assert_int_equal(runtime.asked, 0);
  /* A node that names a library kernel only: its function in the current context. */
  driver.func = NULL;
  driver.kern = (CUkernel)(uintptr_t)0x4b00;
  fake_cuda_set_kernel_params(&driver);
  fake_cuda_set(FAKE_FUNCTION, 0xf300);
  assert_hip(hipGraphKernelNodeGetParams(NODE, &params), hipSuccess);
  assert_logged("cuKernelGetFunction", "cuKernelGetFunction(&,0x4b00)");
  assert_ptr_equal(params.func, (void *)(uintptr_t)0xf300);
  fake_cuda_fail_next("cuKernelGetFunction", CUDA_ERROR_INVALID_CONTEXT);
  assert_hip(hipGraphKernelNodeGetParams(NODE, &params), hipErrorInvalidContext);
}

static void kernel_node_failures(void **state) {
  (void)state;
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = node_params((void *)FUNCTION, NULL);
  fake_cuda_fail_next("cuGraphAddKernelNode_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidValue);
  assert_null(node);
  fake_cuda_fail_next("cuGraphAddKernelNode_v2", CUDA_ERROR_INVALID_HANDLE);
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidHandle);
  fake_cuda_fail_next("cuGraphKernelNodeGetParams_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGraphKernelNodeGetParams(NODE, &params), hipErrorInvalidValue);
  assert_ptr_equal(params.func, (void *)FUNCTION);
  fake_cuda_fail_next("cuGraphKernelNodeSetParams_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGraphKernelNodeSetParams(NODE, &params), hipErrorInvalidValue);
  fake_cuda_fail_next("cuGraphExecKernelNodeSetParams_v2", CUDA_ERROR_INVALID_VALUE);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, NODE, &params), hipErrorInvalidValue);
  fake_cuda_fail_next("cuGraphExecKernelNodeSetParams_v2", CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, NODE, &params), hipErrorGraphExecUpdateFailure);
}

/* ---- negative ---- */

static void module_negative(void **state) {
  (void)state;
  hipModule_t module = NULL;
  hipFunction_t function = NULL;
  hipDeviceptr_t dptr = NULL;
  size_t bytes = 0;
  void *bad_key[] = {(void *)0x7, NULL, HIP_LAUNCH_PARAM_END};
  void *no_end[] = {
      HIP_LAUNCH_PARAM_BUFFER_POINTER, &bytes, HIP_LAUNCH_PARAM_BUFFER_POINTER, &bytes,
      HIP_LAUNCH_PARAM_BUFFER_POINTER, &bytes, HIP_LAUNCH_PARAM_BUFFER_SIZE,    &bytes,
      HIP_LAUNCH_PARAM_BUFFER_SIZE,    &bytes};
  assert_hip(hipModuleLoad(NULL, "kernels.cubin"), hipErrorInvalidValue);
  assert_hip(hipModuleLoad(&module, NULL), hipErrorInvalidValue);
  assert_hip(hipModuleLoadData(NULL, "x"), hipErrorInvalidValue);
  assert_hip(hipModuleLoadData(&module, NULL), hipErrorInvalidValue);
  assert_string_equal(hip_nvidia_last_reason(), "hipModuleLoadData: image is NULL");
  assert_hip(hipModuleUnload(NULL), hipErrorInvalidHandle);
  assert_hip(hipModuleGetFunction(NULL, MODULE, "fill"), hipErrorInvalidValue);
  assert_hip(hipModuleGetFunction(&function, NULL, "fill"), hipErrorInvalidHandle);
  assert_hip(hipModuleGetFunction(&function, MODULE, NULL), hipErrorInvalidValue);
  assert_hip(hipModuleGetGlobal(&dptr, &bytes, NULL, "table"), hipErrorInvalidHandle);
  assert_hip(hipModuleGetGlobal(&dptr, &bytes, MODULE, NULL), hipErrorInvalidValue);
  assert_hip(hipModuleLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL),
             hipErrorInvalidHandle);
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, bad_key),
             hipErrorInvalidValue);
  assert_contains(hip_nvidia_last_reason(), "extra[0] is 0x7");
  assert_hip(hipModuleLaunchKernel(FUNCTION, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, no_end),
             hipErrorInvalidValue);
  assert_contains(hip_nvidia_last_reason(), "no HIP_LAUNCH_PARAM_END in its first 9 entries");
  assert_null(module);
  assert_null(function);
  assert_null(dptr);
  assert_no_driver_call();
}

static void kernel_node_negative(void **state) {
  (void)state;
  hipGraphNode_t node = NULL;
  hipKernelNodeParams params = node_params(NULL, NULL);
  void *bad_key[] = {(void *)0x9, NULL};
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidDeviceFunction);
  assert_string_equal(hip_nvidia_last_reason(), "hipGraphAddKernelNode: func is NULL");
  assert_hip(hipGraphKernelNodeSetParams(NODE, &params), hipErrorInvalidDeviceFunction);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, NODE, &params), hipErrorInvalidDeviceFunction);
  assert_no_driver_call();
  params.func = (void *)not_a_kernel;
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidDeviceFunction);
  assert_hip(hipGraphKernelNodeSetParams(NODE, &params), hipErrorInvalidDeviceFunction);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, NODE, &params), hipErrorInvalidDeviceFunction);
  params.func = (void *)FUNCTION;
  params.extra = bad_key;
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, &params), hipErrorInvalidValue);
  params.extra = NULL;
  assert_hip(hipGraphAddKernelNode(NULL, GRAPH, NULL, 0, &params), hipErrorInvalidValue);
  assert_hip(hipGraphAddKernelNode(&node, GRAPH, NULL, 0, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphKernelNodeGetParams(NODE, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphKernelNodeSetParams(NODE, NULL), hipErrorInvalidValue);
  assert_hip(hipGraphExecKernelNodeSetParams(EXEC, NODE, NULL), hipErrorInvalidValue);
  assert_null(node);
  assert_not_called("cuGraphAddKernelNode_v2");
  assert_not_called("cuGraphKernelNodeGetParams_v2");
  assert_not_called("cuGraphKernelNodeSetParams_v2");
  assert_not_called("cuGraphExecKernelNodeSetParams_v2");
}

int hn_area_module(void) {
  const struct CMUnitTest tests[] = {
      MODULE_TEST(modules_load_and_unload),
      MODULE_TEST(module_load_failures),
      MODULE_TEST(functions_and_globals),
      MODULE_TEST(module_launch_passes_every_argument),
      MODULE_TEST(module_launch_translates_extra),
      MODULE_TEST(launch_kernel_finds_the_stub_through_the_runtime),
      MODULE_TEST(launch_kernel_refuses_what_the_runtime_does_not_know),
      MODULE_TEST(launch_kernel_configuration),
      MODULE_TEST(function_preferences),
      MODULE_TEST(kernel_node_with_a_module_function),
      MODULE_TEST(kernel_node_with_a_host_stub),
      MODULE_TEST(kernel_node_params_read_back),
      MODULE_TEST(kernel_node_failures),
      MODULE_TEST(module_negative),
      MODULE_TEST(kernel_node_negative),
  };
  return cmocka_run_group_tests_name("module", tests, NULL, NULL);
}
