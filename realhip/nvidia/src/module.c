/*
 * module.c: modules and kernel launches over the driver's.
 *
 * A hipModule_t is a CUmodule and a hipFunction_t a CUfunction: hipModule*
 * are cuModule*, loaded into the calling thread's context, and
 * hipModuleLaunchKernel is cuLaunchKernel, argument for argument, as HIP's
 * NVIDIA platform makes them; only `extra` is translated (ROCm ends it with
 * 0x3, CUDA with NULL). hipLaunchKernel and hipFuncSet*Config take a kernel
 * nvcc built, by its host stub, as cudaLaunchKernel and cudaFuncSet*Config
 * do; kernel.c finds its CUfunction through the CUDA runtime.
 */
#include <limits.h>

#include "hip_nvidia_base.h"

_Static_assert((int)hipFuncCachePreferNone == CU_FUNC_CACHE_PREFER_NONE &&
                   (int)hipFuncCachePreferShared == CU_FUNC_CACHE_PREFER_SHARED &&
                   (int)hipFuncCachePreferL1 == CU_FUNC_CACHE_PREFER_L1 &&
                   (int)hipFuncCachePreferEqual == CU_FUNC_CACHE_PREFER_EQUAL,
               "HIP's cache preferences are CUDA's CUfunc_cache");
_Static_assert((int)hipSharedMemBankSizeDefault == CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE &&
                   (int)hipSharedMemBankSizeFourByte == CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE &&
                   (int)hipSharedMemBankSizeEightByte == CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE,
               "HIP's bank sizes are CUDA's CUsharedconfig");

/* ---- modules ---- */

hipError_t hipModuleLoad(hipModule_t *module, const char *fname) {
  if (module == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleLoad: module is NULL");
  if (fname == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleLoad: fname is NULL");
  CUmodule loaded = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuModuleLoad(&loaded, fname);
  if (result == CUDA_SUCCESS)
    *module = (hipModule_t)loaded;
  return hipnv__result(result);
}

/* The image is a cubin, a fat binary or NUL-terminated PTX, which the driver compiles. */
hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  if (module == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleLoadData: module is NULL");
  if (image == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleLoadData: image is NULL");
  CUmodule loaded = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuModuleLoadData(&loaded, image);
  if (result == CUDA_SUCCESS)
    *module = (hipModule_t)loaded;
  return hipnv__result(result);
}

hipError_t hipModuleUnload(hipModule_t module) {
  if (module == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipModuleUnload: module is NULL");
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuModuleUnload((CUmodule)module);
  return hipnv__result(result);
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *kname) {
  if (function == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleGetFunction: function is NULL");
  if (module == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipModuleGetFunction: module is NULL");
  if (kname == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleGetFunction: kname is NULL");
  CUfunction found = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuModuleGetFunction(&found, (CUmodule)module, kname);
  if (result == CUDA_SUCCESS)
    *function = (hipFunction_t)found;
  return hipnv__result(result);
}

/* dptr and bytes are each optional, as cuModuleGetGlobal's are. */
hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod,
                              const char *name) {
  if (hmod == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipModuleGetGlobal: hmod is NULL");
  if (name == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipModuleGetGlobal: name is NULL");
  CUdeviceptr address = 0;
  size_t size = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuModuleGetGlobal(dptr != NULL ? &address : NULL, bytes != NULL ? &size : NULL,
                                      (CUmodule)hmod, name);
  if (result == CUDA_SUCCESS) {
    if (dptr != NULL)
      *dptr = hipnv__ptr(address);
    if (bytes != NULL)
      *bytes = size;
  }
  return hipnv__result(result);
}

/* ---- launches ---- */

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void **kernelParams, void **extra) {
  if (f == NULL)
    return hipnv__fail(hipErrorInvalidHandle, "hipModuleLaunchKernel: f is NULL");
  void *cuda_extra[HIPNV_EXTRA_MAX];
  void **translated = NULL;
  hipError_t checked = hipnv__launch_extra("hipModuleLaunchKernel", extra, cuda_extra, &translated);
  if (checked != hipSuccess)
    return checked;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuLaunchKernel((CUfunction)f, gridDimX, gridDimY, gridDimZ, blockDimX,
                                   blockDimY, blockDimZ, sharedMemBytes, (CUstream)stream,
                                   kernelParams, translated);
  return hipnv__result(result);
}

/* As cudaLaunchKernel: an empty grid or block is an invalid configuration (the driver would
   say invalid value); the stub is looked up in the context the launch runs in. */
hipError_t hipLaunchKernel(const void *hostFunction, dim3 gridDim, dim3 blockDim, void **args,
                           size_t sharedMemBytes, hipStream_t stream) {
  if (hostFunction == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "hipLaunchKernel: hostFunction is NULL");
  if (gridDim.x == 0 || gridDim.y == 0 || gridDim.z == 0 || blockDim.x == 0 || blockDim.y == 0 ||
      blockDim.z == 0)
    return hipnv__fail(hipErrorInvalidConfiguration,
                       "hipLaunchKernel: grid %ux%ux%u, block %ux%ux%u: each dimension must be "
                       "at least 1",
                       gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y, blockDim.z);
  if (sharedMemBytes > UINT_MAX)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipLaunchKernel: sharedMemBytes %zu is more than the driver takes (%u)",
                       sharedMemBytes, UINT_MAX);
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  CUfunction function = NULL;
  hipError_t found = hipnv__stub_function("hipLaunchKernel", hostFunction, &function);
  if (found != hipSuccess)
    return found;
  result =
      hipnv__cuLaunchKernel(function, gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y,
                            blockDim.z, (unsigned int)sharedMemBytes, (CUstream)stream, args, NULL);
  return hipnv__result(result);
}

/* ---- a kernel's preferences ---- */

hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config) {
  if (func == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "hipFuncSetCacheConfig: func is NULL");
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  CUfunction function = NULL;
  hipError_t found = hipnv__stub_function("hipFuncSetCacheConfig", func, &function);
  if (found != hipSuccess)
    return found;
  return hipnv__result(hipnv__cuFuncSetCacheConfig(function, (CUfunc_cache)config));
}

hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config) {
  if (func == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "hipFuncSetSharedMemConfig: func is NULL");
  CUresult result = hipnv__use_context();
  if (result != CUDA_SUCCESS)
    return hipnv__result(result);
  CUfunction function = NULL;
  hipError_t found = hipnv__stub_function("hipFuncSetSharedMemConfig", func, &function);
  if (found != hipSuccess)
    return found;
  return hipnv__result(hipnv__cuFuncSetSharedMemConfig(function, (CUsharedconfig)config));
}
