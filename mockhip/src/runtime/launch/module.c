/*
 * module.c: ROCm's module API (hip_module.cpp), for code that names it. A
 * module is a code object loaded at run time, and mockhip has no device code to
 * load: its kernels are host functions compiled into the program. So loading
 * checks ROCm's arguments and then answers hipErrorNotSupported, saying so, and
 * as no module or function is ever handed out, every call given one answers
 * hipErrorInvalidResourceHandle. Nothing here changes any state.
 */
#include <sys/stat.h>

#include "runtime/launch/launch.h"

static const char not_loadable[] =
    "mockhip loads no code objects: its kernels are host functions compiled into the "
    "program, launched with hipLaunchKernelGGL or hipLaunchKernel (docs/mockhip/runtime.md, "
    "\"What is not emulated\")";

/* What every call given a module or function answers: none was ever loaded. */
static hipError_t no_such(const char *what, const void *value) {
  return mh__fail(hipErrorInvalidResourceHandle, "%s %p names nothing loaded: %s", what, value,
                  not_loadable);
}

static hipError_t load(hipModule_t *module, const char *fname) {
  struct stat info;
  if (module == NULL || fname == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", module == NULL ? "module" : "fname");
  if (stat(fname, &info) != 0) /* as ROCm, which reads the file first */
    return mh__fail(hipErrorFileNotFound, "no file %s", fname);
  return mh__fail(hipErrorNotSupported, "%s: %s", fname, not_loadable);
}

MH_EXPORT hipError_t hipModuleLoad(hipModule_t *module, const char *fname) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleLoad, MH_CALLER, &s);
  if (err == hipSuccess)
    err = load(module, fname);
  return mh__leave(MOCKHIP_CALL_hipModuleLoad, err, "module=%p, fname=%s", (void *)module,
                   fname ? fname : "NULL");
}

static hipError_t load_data(hipModule_t *module, const void *image) {
  if (module == NULL || image == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", module == NULL ? "module" : "image");
  return mh__fail(hipErrorNotSupported, "%s", not_loadable);
}

MH_EXPORT hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleLoadData, MH_CALLER, &s);
  if (err == hipSuccess)
    err = load_data(module, image);
  return mh__leave(MOCKHIP_CALL_hipModuleLoadData, err, "module=%p, image=%p", (void *)module,
                   image);
}

MH_EXPORT hipError_t hipModuleUnload(hipModule_t module) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleUnload, MH_CALLER, &s);
  if (err == hipSuccess)
    err = no_such("module", module);
  return mh__leave(MOCKHIP_CALL_hipModuleUnload, err, "module=%p", (void *)module);
}

static hipError_t get_function(hipFunction_t *function, hipModule_t module, const char *kname) {
  if (function == NULL || kname == NULL)
    return mh__fail(hipErrorInvalidValue, "%s is NULL", function == NULL ? "function" : "kname");
  return no_such("module", module);
}

MH_EXPORT hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                          const char *kname) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleGetFunction, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_function(function, module, kname);
  return mh__leave(MOCKHIP_CALL_hipModuleGetFunction, err, "function=%p, module=%p, kname=%s",
                   (void *)function, (void *)module, kname ? kname : "NULL");
}

static hipError_t get_global(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod,
                             const char *name) {
  if (name == NULL)
    return mh__fail(hipErrorInvalidValue, "name is NULL");
  if (dptr == NULL && bytes == NULL)
    return mh__fail(hipErrorInvalidValue, "dptr and bytes are both NULL");
  return no_such("module", hmod);
}

MH_EXPORT hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t hmod,
                                        const char *name) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleGetGlobal, MH_CALLER, &s);
  if (err == hipSuccess)
    err = get_global(dptr, bytes, hmod, name);
  return mh__leave(MOCKHIP_CALL_hipModuleGetGlobal, err, "dptr=%p, bytes=%p, hmod=%p, name=%s",
                   (void *)dptr, (void *)bytes, (void *)hmod, name ? name : "NULL");
}

MH_EXPORT hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                           unsigned int gridDimY, unsigned int gridDimZ,
                                           unsigned int blockDimX, unsigned int blockDimY,
                                           unsigned int blockDimZ, unsigned int sharedMemBytes,
                                           hipStream_t stream, void **kernelParams, void **extra) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipModuleLaunchKernel, MH_CALLER, &s);
  if (err == hipSuccess)
    err = no_such("function", f);
  return mh__leave(MOCKHIP_CALL_hipModuleLaunchKernel, err,
                   "f=%p, grid={%u, %u, %u}, block={%u, %u, %u}, sharedMemBytes=%u, stream=%s, "
                   "kernelParams=%p, extra=%p",
                   (void *)f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
                   sharedMemBytes, mh__d_stream(stream), (void *)kernelParams, (void *)extra);
}
