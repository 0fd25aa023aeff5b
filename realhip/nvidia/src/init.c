/*
 * init.c: hipInit and the versions.
 *
 * Both versions are the driver's, in CUDA's numbering (12080 for CUDA 12.8),
 * not HIP_VERSION's: HIP on NVIDIA answers hipRuntimeGetVersion with
 * cudaRuntimeGetVersion, and hip-nvidia has no CUDA runtime, only the driver
 * API it talks to, whose version cuDriverGetVersion gives.
 */
#include "hip_nvidia_base.h"

hipError_t hipInit(unsigned int flags) {
  CUresult result = hipnv__driver_ready();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuInit(flags);
  return hipnv__result(result);
}

/* Without a driver the CUDA runtime answers 0 and success (cudaDriverGetVersion). */
hipError_t hipDriverGetVersion(int *driverVersion) {
  if (driverVersion == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDriverGetVersion: driverVersion is NULL");
  int version = 0;
  CUresult result = hipnv__driver_version(&version);
  if (result == HIPNV_NO_DRIVER) {
    *driverVersion = 0;
    return hipSuccess;
  }
  if (result == CUDA_SUCCESS)
    *driverVersion = version;
  return hipnv__result(result);
}

hipError_t hipRuntimeGetVersion(int *runtimeVersion) {
  if (runtimeVersion == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipRuntimeGetVersion: runtimeVersion is NULL");
  int version = 0;
  CUresult result = hipnv__driver_version(&version);
  if (result == CUDA_SUCCESS)
    *runtimeVersion = version;
  return hipnv__result(result);
}
