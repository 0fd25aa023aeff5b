/*
 * proc_address.c: hipGetProcAddress, an entry point looked up by its name, as
 * code that loads HIP at run time does (hip-tests' hipGetProcAddress cases,
 * allocators that look the VMM calls up).
 *
 * ROCm looks the name up with dlsym in libamdhip64 (clr hip_device.cpp,
 * hipGetProcAddress_common). mockhip looks it up in a table made from
 * MOCKHIP_API_LIST, so an entry point is found from the day it is listed.
 * mockhip.h's extras are not in the table: libamdhip64 has no mockhip_*
 * symbols, and code that found them here would not find them on ROCm.
 * The table is constant, so lookups take no lock.
 */
#include <stdio.h>
#include <string.h>

#include "runtime/process/process.h"

/* Built against an older ROCm header (the system-headers build), which lacks
   hipGetProcAddress or names in the table, mockhip offers no lookup. */
#if HIPVMM_HAS_GET_PROC_ADDRESS

/* hipVersion is 100 * major + minor (hip_runtime_api.h); from 6.0 on, the
   unversioned name means the R0600 properties (hipGetProcAddress_common). */
#define PROPERTIES_R0600_SINCE 600

typedef struct proc {
  const char *name;
  void *address;
} proc;

static const proc procs[] = {
#define MH_PROC(name) {#name, (void *)name},
    MOCKHIP_API_LIST(MH_PROC)
#undef MH_PROC
    /* Implemented, but count no calls, so not in the list. */
    {"hipGetErrorName", (void *)hipGetErrorName},
    {"hipGetErrorString", (void *)hipGetErrorString},
    {"hipDrvGetErrorName", (void *)hipDrvGetErrorName},
    {"hipDrvGetErrorString", (void *)hipDrvGetErrorString},
    {"hipCreateChannelDesc", (void *)hipCreateChannelDesc},
};

static const proc *find(const char *name) {
  for (size_t i = 0; i < sizeof procs / sizeof procs[0]; i++)
    if (strcmp(procs[i].name, name) == 0)
      return &procs[i];
  return NULL;
}

static hipError_t not_found(void **pfn, hipDriverProcAddressQueryResult *status, const char *why,
                            const char *symbol) {
  *pfn = NULL; /* as ROCm: the result of the failed dlsym */
  if (status != NULL)
    *status = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(symbol, shown);
  return mh__fail(hipErrorInvalidValue, "symbol \"%s\" %s", shown, why);
}

static hipError_t lookup(const char *symbol, void **pfn, int version, uint64_t flags,
                         hipDriverProcAddressQueryResult *status) {
  /* Every error is hipErrorInvalidValue, checked in this order (hipGetProcAddress_common). */
  if (symbol == NULL)
    return mh__fail(hipErrorInvalidValue, "symbol is NULL");
  if (*symbol == '\0')
    return mh__fail(hipErrorInvalidValue, "symbol is \"\"");
  if (pfn == NULL)
    return mh__fail(hipErrorInvalidValue, "pfn is NULL");
  if (flags != HIP_GET_PROC_ADDRESS_DEFAULT && flags != HIP_GET_PROC_ADDRESS_LEGACY_STREAM &&
      flags != HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)
    return mh__fail(hipErrorInvalidValue,
                    "flags 0x%llx is not HIP_GET_PROC_ADDRESS_DEFAULT (0), _LEGACY_STREAM (1) or "
                    "_PER_THREAD_DEFAULT_STREAM (2)",
                    (unsigned long long)flags);
  const char *name = symbol;
  /* clr hip_device.cpp: both names that take a hipDeviceProp_t are versioned. */
  bool get_properties = strcmp(symbol, "hipGetDeviceProperties") == 0;
  if (get_properties || strcmp(symbol, "hipChooseDevice") == 0) {
    if (version < PROPERTIES_R0600_SINCE)
      return not_found(pfn, status,
                       "before hipVersion 600 is the ROCm 5 layout (hipDeviceProp_tR0000), "
                       "which mockhip does not emulate",
                       symbol);
    name = get_properties ? "hipGetDevicePropertiesR0600" : "hipChooseDeviceR0600";
  }
  /* With HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM ROCm prefers "<symbol>_spt" and falls
     back to the legacy version; mockhip has no _spt versions, so the legacy one is it. */
  const proc *found = find(name);
  if (found == NULL)
    return not_found(pfn, status, "is not an entry point mockhip implements", symbol);
  *pfn = found->address;
  if (status != NULL)
    *status = HIP_GET_PROC_ADDRESS_SUCCESS;
  return hipSuccess;
}

MH_EXPORT hipError_t hipGetProcAddress(const char *symbol, void **pfn, int hipVersion,
                                       uint64_t flags,
                                       hipDriverProcAddressQueryResult *symbolStatus) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipGetProcAddress, MH_CALLER, NULL);
  if (err == hipSuccess)
    err = lookup(symbol, pfn, hipVersion, flags, symbolStatus);
  char shown[MH_SHOWN_BYTES + 2] = "NULL";
  if (symbol != NULL) {
    char text[MH_SHOWN_BYTES];
    mh__option_shown(symbol, text);
    snprintf(shown, sizeof shown, "\"%s\"", text);
  }
  return mh__leave(MOCKHIP_CALL_hipGetProcAddress, err,
                   "symbol=%s, pfn=%p, hipVersion=%d, flags=0x%llx, symbolStatus=%p", shown,
                   (void *)pfn, hipVersion, (unsigned long long)flags, (void *)symbolStatus);
}

#endif /* HIPVMM_HAS_GET_PROC_ADDRESS */
