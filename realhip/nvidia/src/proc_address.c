/*
 * proc_address.c: hipGetProcAddress, looked up among hip-nvidia's own exports:
 * every entry point of the header (MOCKHIP_API_LIST, the list mockhip's
 * <mockhip.h> keeps of the same header) and the two error-name calls, with the
 * argument checks of ROCm's clr.
 *
 * No call here has a per-thread-stream version, so every flag gives the same
 * function. hipGetDeviceProperties is the header's inline; its name gives
 * hipGetDevicePropertiesR0600 whatever hipVersion asks, the only layout this
 * library fills.
 */
#include <string.h>

#include <mockhip.h> /* MOCKHIP_API_LIST: the header's entry points, one list for both */

#include "hip_nvidia_base.h"

typedef struct exported_call {
  const char *name;
  void *function;
} exported_call;

#define HIPNV_EXPORT(name) {#name, (void *)name},
static const exported_call exports[] = {
    MOCKHIP_API_LIST(HIPNV_EXPORT) HIPNV_EXPORT(hipGetErrorName) HIPNV_EXPORT(hipGetErrorString)
        HIPNV_EXPORT(hipDrvGetErrorName) HIPNV_EXPORT(hipDrvGetErrorString)
            HIPNV_EXPORT(hipCreateChannelDesc)};
#undef HIPNV_EXPORT

static void *find_export(const char *name) {
  if (strcmp(name, "hipGetDeviceProperties") == 0)
    name = "hipGetDevicePropertiesR0600";
  if (strcmp(name, "hipChooseDevice") == 0)
    name = "hipChooseDeviceR0600";
  for (size_t i = 0; i < sizeof exports / sizeof exports[0]; i++)
    if (strcmp(exports[i].name, name) == 0)
      return exports[i].function;
  return NULL;
}

hipError_t hipGetProcAddress(const char *symbol, void **pfn, int hipVersion, uint64_t flags,
                             hipDriverProcAddressQueryResult *symbolStatus) {
  (void)hipVersion;
  if (symbol == NULL || symbol[0] == '\0' || pfn == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGetProcAddress: %s",
                       pfn == NULL ? "pfn is NULL" : "symbol is NULL or empty");
  if (flags > HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)
    return hipnv__fail(hipErrorInvalidValue,
                       "hipGetProcAddress: flags %#llx are not a "
                       "HIP_GET_PROC_ADDRESS_* value",
                       (unsigned long long)flags);
  void *function = find_export(symbol);
  *pfn = function;
  if (symbolStatus != NULL)
    *symbolStatus =
        function != NULL ? HIP_GET_PROC_ADDRESS_SUCCESS : HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  if (function == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGetProcAddress: hip-nvidia exports no %s", symbol);
  return hipSuccess;
}
