/*
 * hip_nvidia.h: what hip-nvidia adds to <hip/hip_runtime_api.h>.
 *
 * hip-nvidia (libhip-nvidia.so) is the HIP runtime API, with ROCm's names and
 * values, translated call by call onto NVIDIA's CUDA driver (libcuda.so.1,
 * loaded at the first call; HIPVMM_LIBCUDA names another file). These extras
 * say what it loaded and why a call failed. Every function is thread-safe.
 */
#ifndef HIP_NVIDIA_H
#define HIP_NVIDIA_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define HIP_NVIDIA_API __attribute__((visibility("default")))
#else
#define HIP_NVIDIA_API
#endif

/*
 * Why this thread's last failing HIP call failed: which driver function
 * answered which CUresult ("cuMemMap returned CUDA_ERROR_INVALID_VALUE (1)"),
 * what hip-nvidia refused itself ("hipMemcpy: kind 7 is not a hipMemcpyKind"),
 * or why the driver could not be loaded ("dlopen(\"libcuda.so.1\"): ...; set
 * HIPVMM_LIBCUDA to the driver's path"). "" before the first failure.
 * Ownership: a buffer of the calling thread's, rewritten by its next failing
 * call; copy it to keep it, do not free it. Errors: none; never NULL.
 */
HIP_NVIDIA_API const char *hip_nvidia_last_reason(void);

/*
 * The file the driver was loaded from (the path the dynamic loader resolved),
 * loading it first if no call has yet. NULL when it could not be loaded: then
 * every HIP call answers hipErrorInsufficientDriver and hip_nvidia_last_reason
 * says why.
 * Ownership: a string of the library's, valid until the process ends.
 * Errors: none.
 */
HIP_NVIDIA_API const char *hip_nvidia_driver_path(void);

/*
 * dlsym in the loaded driver: the raw entry point named `name`, as the driver
 * exports it ("cuMemAlloc_v2", not "cuMemAlloc"), for code that calls the
 * driver directly next to HIP (benchmarks). NULL when the driver is not
 * loaded, `name` is NULL or the driver exports no such symbol.
 * Ownership: a function of the driver's; cast it to its cuda.h type.
 * Errors: none.
 */
HIP_NVIDIA_API void *hip_nvidia_driver_symbol(const char *name);

/*
 * The CUDA version the loaded driver supports, as cuDriverGetVersion answers
 * it (12080 for CUDA 12.8); 0 when no driver is loaded or it cannot say.
 * Errors: none.
 */
HIP_NVIDIA_API int hip_nvidia_driver_version(void);

#ifdef __cplusplus
}
#endif

#endif /* HIP_NVIDIA_H */
