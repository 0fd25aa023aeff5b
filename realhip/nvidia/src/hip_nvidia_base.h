/*
 * hip_nvidia_base.h: what the files of hip-nvidia share. Cross-file symbols
 * are hipnv__ and hidden (the library's visibility preset); the HIP entry
 * points take their default visibility from <hip/hip_runtime_api.h>.
 *
 * A HIP entry point either refuses its arguments itself (hipnv__fail) or
 * calls the driver through hipnv__<cu name>, which loads it on first use and
 * answers HIPNV_NO_DRIVER or HIPNV_NO_SYMBOL when it cannot call, and returns
 * hipnv__result(what the driver answered). Both record the thread's last
 * error and its reason.
 */
#ifndef HIPNV_BASE_H
#define HIPNV_BASE_H

#include <stdint.h>

#include <hip/hip_runtime_api.h>

#include "driver_calls.h"

/* hip-nvidia's own answers where no driver call was made, outside CUresult's
   range; hipnv__translate gives hipErrorInsufficientDriver and
   hipErrorNotSupported for them. */
#define HIPNV_NO_DRIVER ((CUresult)0x48000001)
#define HIPNV_NO_SYMBOL ((CUresult)0x48000002)

/* ---- driver.c: the loaded driver ---- */

/* Checked callers, one per driver function: load the driver on first use, call
   it, and on failure leave which symbol answered what as the pending reason. */
#define HIPNV_DECLARE_CALLER(name, symbol, params, args) CUresult hipnv__##name params;
HIPNV_DRIVER_CALLS(HIPNV_DECLARE_CALLER)
#undef HIPNV_DECLARE_CALLER

/* CUDA_SUCCESS when the driver is loaded and cuInit(0) succeeded; else
   HIPNV_NO_DRIVER or cuInit's answer, with the pending reason set. */
CUresult hipnv__driver_ready(void);

/* cuDriverGetVersion, which needs no cuInit: HIPNV_NO_DRIVER without a driver. */
CUresult hipnv__driver_version(int *version);

/* ---- errors.c: translation, last error, reasons ---- */

/* The one translation of a driver result into the hipError_t of the same
   meaning (as hipother's hipCUResultTohipError); hipErrorUnknown for a value
   with no HIP counterpart or none at all. */
hipError_t hipnv__translate(CUresult result);

/* "CUDA_ERROR_INVALID_VALUE"; NULL for a value cuda.h does not name. */
const char *hipnv__result_name(CUresult result);

/* What an entry point returns after calling the driver: the translation; a
   failure becomes the thread's last error, the pending reason its reason. */
hipError_t hipnv__result(CUresult result);

/* What an entry point returns when it refuses a call itself: records error
   as the thread's last error with the formatted reason. */
hipError_t hipnv__fail(hipError_t error, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The reason hipnv__result will record if the call fails: written by the
   driver's callers and loader. */
void hipnv__pending_reason(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* ---- context.c: the current device and its primary context ---- */

/* Before device work: CUDA_SUCCESS when the thread has a current context, or
   once the current device's primary context (retained once per device for
   the process) is made current. */
CUresult hipnv__use_context(void);

/* The primary context of device `ordinal`, retained on first use only. */
CUresult hipnv__primary_context(int ordinal, CUcontext *ctx);

/* ---- device.c ---- */

/* The device's UUID: cuDeviceGetUuid_v2, or cuDeviceGetUuid on a driver
   older than CUDA 11.4. */
CUresult hipnv__device_uuid(CUdevice device, CUuuid *uuid);

/* ---- kernel.c: kernels ---- */

/* The CUfunction of nvcc's host stub `stub`, from the CUDA runtime the program links
   (cudaGetFuncBySymbol), for the current context's device: make it current first. Else
   hipErrorInvalidDeviceFunction, recorded with the reason (no runtime loaded, or a pointer
   the runtime registered no kernel for); `call` names the entry point. */
hipError_t hipnv__stub_function(const char *call, const void *stub, CUfunction *function);

/* A kernel node's func: a host stub as above, or a CUfunction already (not code in a loaded
   object: hipModuleGetFunction's, or what hipGraphKernelNodeGetParams answered). */
hipError_t hipnv__node_function(const char *call, const void *func, CUfunction *function);

/* The most entries hipnv__launch_extra translates: four key-value pairs and the end. */
#define HIPNV_EXTRA_MAX 9

/* HIP's `extra` launch list in the driver's form, written to `cuda`: the keys
   HIP_LAUNCH_PARAM_BUFFER_POINTER and _BUFFER_SIZE are CUDA's, the end is ROCm's 0x3 (or
   CUDA's NULL) and becomes NULL. *translated is `cuda`, or NULL for no list; an unknown key
   or no end is hipErrorInvalidValue, recorded. */
hipError_t hipnv__launch_extra(const char *call, void **extra, void *cuda[HIPNV_EXTRA_MAX],
                               void ***translated);

/* ---- array.c ---- */

/* The bytes of one element of an array of `format` with `channels` channels; 0 for a format
   HIP does not name (the driver's NV12, UNORM and BC formats). */
size_t hipnv__element_bytes(CUarray_format format, unsigned int channels);

/* For `call`, with a context current: the shape of `array` (cuArray3DGetDescriptor_v2) and
   the bytes of its element, which the runtime's copies count in. hipSuccess, or the failure
   recorded: the driver's, or hipErrorNotSupported for a format of no HIP element size. */
hipError_t hipnv__array_shape(const char *call, CUarray array, CUDA_ARRAY3D_DESCRIPTOR *shape,
                              size_t *element_bytes);

static inline CUarray hipnv__array(hipArray_const_t array) { return (CUarray)(uintptr_t)array; }

/* ---- conversions between HIP's pointers and the driver's integers ---- */

static inline CUdeviceptr hipnv__dptr(const void *ptr) { return (CUdeviceptr)(uintptr_t)ptr; }
static inline void *hipnv__ptr(CUdeviceptr dptr) { return (void *)(uintptr_t)dptr; }

#endif /* HIPNV_BASE_H */
