/*
 * kernel.c: which CUfunction a HIP kernel pointer names, and HIP's `extra`
 * launch list in the driver's form.
 *
 * A kernel nvcc builds is known to the host by its stub, a host function;
 * the driver has no stub-to-function lookup, the CUDA runtime nvcc links
 * does: cudaGetFuncBySymbol, looked up in the program (dlsym RTLD_DEFAULT),
 * so found when the runtime is a shared library (-cudart shared) or the
 * program exports its symbols (-rdynamic). Once found it is kept; while it is
 * not, each failure looks again, so a runtime opened later is found then.
 * The runtime answers for the device of the current context, which is
 * hip-nvidia's: callers make it current first.
 *
 * A kernel node's func may also be a CUfunction already (hipModuleGetFunction
 * gives them, hipGraphKernelNodeGetParams answers them). The two are told
 * apart by where they live: a stub is code in a loaded object (dladdr finds
 * it), a CUfunction is the driver's allocation (dladdr does not).
 */
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>

#include "hip_nvidia_base.h"

/* cudaGetFuncBySymbol(cudaFunction_t *, const void *); cudaFunction_t is CUfunction and
   cudaError_t an int-sized enum, 0 for success. */
typedef int (*get_func_by_symbol)(CUfunction *function, const void *symbol);

static _Atomic(void *) runtime_lookup;

static get_func_by_symbol find_runtime_lookup(void) {
  void *found = atomic_load_explicit(&runtime_lookup, memory_order_acquire);
  if (found == NULL) {
    found = dlsym(RTLD_DEFAULT, "cudaGetFuncBySymbol");
    if (found != NULL)
      atomic_store_explicit(&runtime_lookup, found, memory_order_release);
  }
  get_func_by_symbol lookup;
  memcpy(&lookup, &found, sizeof lookup);
  return lookup;
}

/* The loaded object `code` is in, for a reason; NULL if it is in none. */
static const char *object_of(const void *code) {
  Dl_info info;
  if (dladdr(code, &info) == 0)
    return NULL;
  return info.dli_fname != NULL && info.dli_fname[0] != '\0' ? info.dli_fname : "the program";
}

hipError_t hipnv__stub_function(const char *call, const void *stub, CUfunction *function) {
  if (stub == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "%s: the kernel is NULL", call);
  get_func_by_symbol lookup = find_runtime_lookup();
  if (lookup == NULL) {
    const char *object = object_of(stub);
    if (object == NULL)
      return hipnv__fail(hipErrorInvalidDeviceFunction,
                         "%s: %p is no host function of a loaded object, so no kernel's stub "
                         "(a hipFunction_t is launched with hipModuleLaunchKernel)",
                         call, stub);
    return hipnv__fail(hipErrorInvalidDeviceFunction,
                       "%s: %p is a host function (in %s), and no CUDA runtime is loaded to "
                       "give its kernel (cudaGetFuncBySymbol): link the program with -cudart "
                       "shared, or export its symbols (-rdynamic)",
                       call, stub, object);
  }
  CUfunction found = NULL;
  int error = lookup(&found, stub);
  if (error != 0 || found == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction,
                       "%s: cudaGetFuncBySymbol(%p) returned %d: not a kernel the CUDA runtime "
                       "registered",
                       call, stub, error);
  *function = found;
  return hipSuccess;
}

hipError_t hipnv__node_function(const char *call, const void *func, CUfunction *function) {
  if (func == NULL)
    return hipnv__fail(hipErrorInvalidDeviceFunction, "%s: func is NULL", call);
  if (object_of(func) != NULL)
    return hipnv__stub_function(call, func, function);
  *function = (CUfunction)(uintptr_t)func;
  return hipSuccess;
}

/* ROCm's end of the list; CUDA's is NULL. The two buffer keys have the same values. */
#define HIP_LAUNCH_END ((void *)0x03)

hipError_t hipnv__launch_extra(const char *call, void **extra, void *cuda[HIPNV_EXTRA_MAX],
                               void ***translated) {
  *translated = NULL;
  if (extra == NULL)
    return hipSuccess;
  for (size_t i = 0;; i += 2) {
    void *key = extra[i];
    if (key == HIP_LAUNCH_END || key == CU_LAUNCH_PARAM_END) {
      cuda[i] = CU_LAUNCH_PARAM_END;
      break;
    }
    if (key != CU_LAUNCH_PARAM_BUFFER_POINTER && key != CU_LAUNCH_PARAM_BUFFER_SIZE)
      return hipnv__fail(hipErrorInvalidValue,
                         "%s: extra[%zu] is %p, none of HIP_LAUNCH_PARAM_BUFFER_POINTER (0x1), "
                         "_BUFFER_SIZE (0x2) and _END (0x3)",
                         call, i, key);
    if (i + 2 >= HIPNV_EXTRA_MAX)
      return hipnv__fail(hipErrorInvalidValue,
                         "%s: extra has no HIP_LAUNCH_PARAM_END in its first %d entries", call,
                         HIPNV_EXTRA_MAX);
    cuda[i] = key;
    cuda[i + 1] = extra[i + 1];
  }
  *translated = cuda;
  return hipSuccess;
}
