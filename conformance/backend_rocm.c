/*
 * backend_rocm.c: the suite on the real ROCm runtime (libamdhip64). Without
 * a GPU with VMM support every rule skips with the reason; the runtime offers
 * no live-object counters, so there is nothing to check for cleanliness.
 */
#include "conformance.h"

#include <stdio.h>

#include "backend.h"

#ifdef MOCKHIP
#error "conformance-rocm must not see mockhip/include"
#endif

const char *conf_backend_name(void) {
  static char name[64];
  snprintf(name, sizeof name, "ROCm HIP %d.%d", HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
  return name;
}

const char *conf_backend_find_unusable(void) {
  static char reason[256];
  int count = 0;
  hipError_t status = hipGetDeviceCount(&count);
  if (status != hipSuccess || count == 0) {
    snprintf(reason, sizeof reason, "no AMD GPU: hipGetDeviceCount returned %s, count %d",
             hipGetErrorName(status), count);
    return reason;
  }
#if !HIPVMM_HAS_VMM_ATTRIBUTE
  snprintf(reason, sizeof reason,
           "ROCm %d.%d has no VMM support: its runtime reports none and its header has no "
           "hipDeviceAttributeVirtualMemoryManagementSupported (ROCm 6.0 and later)",
           HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
  return reason;
#else
  int vmm = 0;
  status = hipDeviceGetAttribute(&vmm, HIPVMM_ATTRIBUTE_VMM, 0);
  if (status != hipSuccess || vmm == 0) {
    snprintf(reason, sizeof reason,
             "no VMM support: hipDeviceGetAttribute(VirtualMemoryManagementSupported, 0) "
             "returned %s, value %d",
             hipGetErrorName(status), vmm);
    return reason;
  }
  return NULL;
#endif
}

void conf_backend_begin(void) {}

void conf_backend_assert_clean(void) {}

const char *conf_backend_last_reason(void) { return ""; }

/* ---- kernels ---- */

const char *conf_backend_no_kernels(void) {
  return "the suite's kernels are C built by the host compiler, and ROCm runs device code that "
         "hipcc builds: only "
         "the mock runs host-compiled kernels";
}

hipError_t conf_backend_launch(conf_kernel which, unsigned *words, size_t count, unsigned value,
                               unsigned *out, int may_fault) {
  (void)which, (void)words, (void)count, (void)value, (void)out, (void)may_fault;
  return hipErrorNotSupported;
}
