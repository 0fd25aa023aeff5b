/*
 * api_calls.h: the HIP functions hip-nvidia does not translate.
 *
 * Every function <hip/hip_runtime_api.h> declares is in MOCKHIP_API_LIST
 * (<mockhip.h>, the one list of the header's entry points, which
 * hipGetProcAddress's table is made from). Most are written out in the other
 * files, each over its driver call; HIPNV_UNSUPPORTED_CALLS gives, for the
 * rest, the signature and the reason that unsupported.c turns into a
 * definition answering hipErrorNotSupported (an empty reason says "<name> is
 * not translated by hip-nvidia"). A function the header gains goes here until
 * it is translated; the link (--no-undefined) and the tests, which read the
 * header, catch one that is in neither place.
 */
#ifndef HIPNV_API_CALLS_H
#define HIPNV_API_CALLS_H

/* X(name, params, args, reason) */
#define HIPNV_UNSUPPORTED_CALLS(X)                                                                 \
  X(hipExtMallocWithFlags, (void **ptr, size_t sizeBytes, unsigned int flags),                     \
    (ptr, sizeBytes, flags),                                                                       \
    "hipExtMallocWithFlags is ROCm-only: CUDA has no allocator for AMD's fine-grained, uncached "  \
    "or signal memory (hipMalloc is translated)")                                                  \
  X(hipLaunchKernel,                                                                               \
    (const void *hostFunction, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMemBytes,    \
     hipStream_t stream),                                                                          \
    (hostFunction, gridDim.x, blockDim.x, args, sharedMemBytes, stream),                           \
    "hipLaunchKernel needs device code for the GPU, which a host compiler does not make: build "   \
    "kernels with nvcc (or hipcc) for HIP on NVIDIA; mockhip runs host-compiled kernels on the "   \
    "CPU")                                                                                         \
  X(hipStreamAddCallback,                                                                          \
    (hipStream_t stream, hipStreamCallback_t callback, void *userData, unsigned int flags),        \
    (stream, callback, userData, flags), "")                                                       \
  X(hipLaunchHostFunc, (hipStream_t stream, hipHostFn_t fn, void *userData),                       \
    (stream, fn, userData), "")                                                                    \
  X(hipModuleLoad, (hipModule_t * module, const char *fname), (module, fname), "")                 \
  X(hipModuleLoadData, (hipModule_t * module, const void *image), (module, image), "")             \
  X(hipModuleUnload, (hipModule_t module), (module), "")                                           \
  X(hipModuleGetFunction, (hipFunction_t * function, hipModule_t module, const char *kname),       \
    (function, module, kname), "")                                                                 \
  X(hipModuleGetGlobal,                                                                            \
    (hipDeviceptr_t * dptr, size_t * bytes, hipModule_t hmod, const char *name),                   \
    (dptr, bytes, hmod, name), "")                                                                 \
  X(hipModuleLaunchKernel,                                                                         \
    (hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,         \
     unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,                       \
     unsigned int sharedMemBytes, hipStream_t stream, void **kernelParams, void **extra),          \
    (f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, stream,     \
     kernelParams, extra),                                                                         \
    "")                                                                                            \
  X(hipGraphAddKernelNode,                                                                         \
    (hipGraphNode_t * pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,           \
     size_t numDependencies, const hipKernelNodeParams *pNodeParams),                              \
    (pGraphNode, graph, pDependencies, numDependencies, pNodeParams),                              \
    "hipGraphAddKernelNode needs device code for the GPU (a CUfunction), which a host compiler "   \
    "does not make: build kernels with nvcc (or hipcc) for HIP on NVIDIA")

#endif /* HIPNV_API_CALLS_H */
