/*
 * backend_nvidia.c: the suite on hip-nvidia, HIP's API translated onto
 * NVIDIA's CUDA driver. Without an NVIDIA GPU (no libcuda.so.1, no device, or
 * no VMM support) every rule skips with the reason in one line; the driver
 * offers no live-object counters, so there is nothing to check for
 * cleanliness. hip-nvidia says why a call failed (hip_nvidia_last_reason).
 */
#include "conformance.h"

#include <stdio.h>

#include <hip_nvidia.h>

#include "backend.h"

#ifndef HIPVMM_HIP_NVIDIA
#error "conformance-nvidia must be built against hip-nvidia (hipvmm::hip_nvidia)"
#endif

/* Fixed: the report asks in the parent, which must not load the driver (CUDA
   does not survive fork); the driver's version is in the report's facts. */
const char *conf_backend_name(void) {
  static char name[96];
  snprintf(name, sizeof name, "HIP on NVIDIA (hip-nvidia: HIP %d.%d API over the CUDA driver)",
           HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
  return name;
}

const char *conf_backend_find_unusable(void) {
  static char reason[256];
  int count = 0;
  hipError_t status = hipGetDeviceCount(&count);
  if (status == hipErrorInsufficientDriver) {
    snprintf(reason, sizeof reason, "no NVIDIA GPU: hip-nvidia could not load the CUDA driver: %s",
             hip_nvidia_last_reason());
    return reason;
  }
  if (status != hipSuccess || count == 0) {
    snprintf(reason, sizeof reason, "no NVIDIA GPU: hipGetDeviceCount returned %s, count %d (%s)",
             hipGetErrorName(status), count, hip_nvidia_last_reason());
    return reason;
  }
  int vmm = 0;
  status = hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, 0);
  if (status != hipSuccess || vmm == 0) {
    snprintf(reason, sizeof reason,
             "no VMM support: hipDeviceGetAttribute(VirtualMemoryManagementSupported, 0) "
             "returned %s, value %d",
             hipGetErrorName(status), vmm);
    return reason;
  }
  return NULL;
}

void conf_backend_begin(void) {}

void conf_backend_assert_clean(void) {}

const char *conf_backend_last_reason(void) { return hip_nvidia_last_reason(); }

/* ---- kernels ---- */

const char *conf_backend_no_kernels(void) {
  return "the suite's kernels are C built by the host compiler, and HIP on NVIDIA runs device code "
         "that nvcc builds: only "
         "the mock runs host-compiled kernels";
}

hipError_t conf_backend_launch(conf_kernel which, unsigned *words, size_t count, unsigned value,
                               unsigned *out, int may_fault) {
  (void)which, (void)words, (void)count, (void)value, (void)out, (void)may_fault;
  return hipErrorNotSupported;
}
