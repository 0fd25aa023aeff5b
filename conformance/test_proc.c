/*
 * test_proc.c: hipGetProcAddress, as code that loads the VMM calls at run time
 * uses it: the names are found, the pointers are the calls, the unversioned
 * properties name means R0600, and bad arguments get hipErrorInvalidValue
 * (clr hip_device.cpp, hipGetProcAddress_common; hip-tests
 * hipGetProcAddressDevMgmt.cc and hipGetProcAddress_Memory_APIs.cc).
 */
#include "conformance.h"

#include <string.h>

#define CLR "clr hipGetProcAddress_common"

/* Each rule once, with its reference: the source of the behaviour it checks. */
#define PROC_NEGATIVE_RULES(X)                                                                     \
  X(proc_address_rejects_null_symbol, CLR " (symbol == nullptr)")                                  \
  X(proc_address_rejects_empty_symbol, CLR " (*symbol == '\\0')")                                  \
  X(proc_address_rejects_null_pfn, CLR " (pfn == nullptr)")                                        \
  X(proc_address_rejects_unknown_flags,                                                            \
    CLR " (flags other than DEFAULT, LEGACY_STREAM, PER_THREAD_DEFAULT_STREAM)")                   \
  X(proc_address_unknown_symbol_is_not_found, CLR " (getSymbol fails: SYMBOL_NOT_FOUND)")          \
  X(proc_address_unknown_symbol_without_status, CLR " (symbolStatus is optional)")

#define PROC_RULES(X)                                                                              \
  X(proc_address_finds_vmm_calls,                                                                  \
    CLR "; Unit_hipGetProcAddress_ValidateDeviceApis (hipVersion from hipRuntimeGetVersion)")      \
  X(proc_address_pointer_is_the_call, "Unit_hipGetProcAddress_MemoryApisMallocFree (call both)")   \
  X(proc_address_vmm_lifetime_through_pointers, "a.2-a.8 through " CLR)                            \
  X(proc_address_per_thread_flag_falls_back_to_legacy,                                             \
    CLR " (no <symbol>_spt: the legacy symbol); HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM")   \
  X(proc_address_properties_mean_r0600_from_600,                                                   \
    CLR " (hipGetDeviceProperties, hipVersion >= 600: hipGetDevicePropertiesR0600)")

#if HIPVMM_HAS_GET_PROC_ADDRESS

/* What a refused call must leave in *pfn and *symbolStatus. */
#define PFN_SENTINEL ((void *)(uintptr_t)0x5e47)
#define STATUS_SENTINEL ((hipDriverProcAddressQueryResult)0x5e47)

/* The VMM calls an allocator looks up. */
static const char *const vmm_calls[] = {
    "hipMemAddressReserve",
    "hipMemAddressFree",
    "hipMemCreate",
    "hipMemRelease",
    "hipMemMap",
    "hipMemUnmap",
    "hipMemSetAccess",
    "hipMemGetAccess",
    "hipMemGetAllocationGranularity",
    "hipMemGetAllocationPropertiesFromHandle",
    "hipMemRetainAllocationHandle",
    "hipMemExportToShareableHandle",
    "hipMemImportFromShareableHandle",
};

/* hip-tests pass the runtime's own version (HIP_VERSION's encoding). */
static int runtime_version(void) {
  int version = 0;
  assert_hip(hipRuntimeGetVersion(&version), hipSuccess);
  return version;
}

/* *pfn for a name that must be found, with SUCCESS in the status. */
static void *found(const char *symbol, int version, uint64_t flags) {
  void *pfn = NULL;
  hipDriverProcAddressQueryResult status = STATUS_SENTINEL;
  assert_hip(hipGetProcAddress(symbol, &pfn, version, flags, &status), hipSuccess);
  if (pfn == NULL || status != HIP_GET_PROC_ADDRESS_SUCCESS)
    conf_fail("%s: pfn %p, symbolStatus %d", symbol, pfn, (int)status);
  return pfn;
}

/* A refused call: hipErrorInvalidValue and both outputs as they were. */
static void expect_refused(const char *symbol, void **pfn, uint64_t flags) {
  hipDriverProcAddressQueryResult status = STATUS_SENTINEL;
  assert_hip(hipGetProcAddress(symbol, pfn, runtime_version(), flags, &status),
             hipErrorInvalidValue);
  assert_int_equal(status, STATUS_SENTINEL);
  if (pfn != NULL)
    assert_ptr_equal(*pfn, PFN_SENTINEL);
}

/* ---- negative ---- */

static void proc_address_rejects_null_symbol(void **state) {
  (void)conf_begin(state);
  void *pfn = PFN_SENTINEL;
  expect_refused(NULL, &pfn, HIP_GET_PROC_ADDRESS_DEFAULT);
}

static void proc_address_rejects_empty_symbol(void **state) {
  (void)conf_begin(state);
  void *pfn = PFN_SENTINEL;
  expect_refused("", &pfn, HIP_GET_PROC_ADDRESS_DEFAULT);
}

static void proc_address_rejects_null_pfn(void **state) {
  (void)conf_begin(state);
  expect_refused("hipMemCreate", NULL, HIP_GET_PROC_ADDRESS_DEFAULT);
}

static void proc_address_rejects_unknown_flags(void **state) {
  (void)conf_begin(state);
  const uint64_t flags[] = {3, 4, 1ULL << 32, UINT64_MAX};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    void *pfn = PFN_SENTINEL;
    expect_refused("hipMemCreate", &pfn, flags[i]);
  }
}

static void proc_address_unknown_symbol_is_not_found(void **state) {
  (void)conf_begin(state);
  void *pfn = PFN_SENTINEL;
  hipDriverProcAddressQueryResult status = STATUS_SENTINEL;
  assert_hip(hipGetProcAddress("hipNoSuchCall", &pfn, runtime_version(), 0, &status),
             hipErrorInvalidValue);
  assert_null(pfn);
  assert_int_equal(status, HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
}

static void proc_address_unknown_symbol_without_status(void **state) {
  (void)conf_begin(state);
  void *pfn = PFN_SENTINEL;
  assert_hip(hipGetProcAddress("hipNoSuchCall", &pfn, runtime_version(), 0, NULL),
             hipErrorInvalidValue);
  assert_null(pfn);
}

/* ---- functional ---- */

static void proc_address_finds_vmm_calls(void **state) {
  (void)conf_begin(state);
  for (size_t i = 0; i < sizeof vmm_calls / sizeof vmm_calls[0]; i++)
    (void)found(vmm_calls[i], runtime_version(), HIP_GET_PROC_ADDRESS_DEFAULT);
}

typedef hipError_t get_count_fn(int *);
typedef hipError_t granularity_fn(size_t *, const hipMemAllocationProp *,
                                  hipMemAllocationGranularity_flags);

/* Called through the pointer, a call answers as when called by name. */
static void proc_address_pointer_is_the_call(void **state) {
  (void)conf_begin(state);
  get_count_fn *get_count = (get_count_fn *)found("hipGetDeviceCount", runtime_version(), 0);
  int direct = 0, through = -1;
  assert_hip(hipGetDeviceCount(&direct), hipSuccess);
  assert_hip(get_count(&through), hipSuccess);
  assert_int_equal(through, direct);

  granularity_fn *granularity =
      (granularity_fn *)found("hipMemGetAllocationGranularity", runtime_version(), 0);
  hipMemAllocationProp prop = conf_prop(0);
  size_t by_name = 0, by_pointer = 1;
  assert_hip(hipMemGetAllocationGranularity(&by_name, &prop, hipMemAllocationGranularityMinimum),
             hipSuccess);
  assert_hip(granularity(&by_pointer, &prop, hipMemAllocationGranularityMinimum), hipSuccess);
  assert_int_equal(by_pointer, by_name);
  /* An error too comes back through the pointer. */
  assert_hip(granularity(NULL, &prop, hipMemAllocationGranularityMinimum), hipErrorInvalidValue);
}

typedef hipError_t reserve_fn(void **, size_t, size_t, void *, unsigned long long);
typedef hipError_t address_free_fn(void *, size_t);
typedef hipError_t create_fn(hipMemGenericAllocationHandle_t *, size_t,
                             const hipMemAllocationProp *, unsigned long long);
typedef hipError_t release_fn(hipMemGenericAllocationHandle_t);
typedef hipError_t map_fn(void *, size_t, size_t, hipMemGenericAllocationHandle_t,
                          unsigned long long);
typedef hipError_t unmap_fn(void *, size_t);
typedef hipError_t set_access_fn(void *, size_t, const hipMemAccessDesc *, size_t);

/* A whole lifetime made only of looked-up calls; the data goes through ordinary copies. */
static void proc_address_vmm_lifetime_through_pointers(void **state) {
  conf_ctx *ctx = conf_begin(state);
  int version = runtime_version();
  reserve_fn *reserve = (reserve_fn *)found("hipMemAddressReserve", version, 0);
  address_free_fn *address_free = (address_free_fn *)found("hipMemAddressFree", version, 0);
  create_fn *create = (create_fn *)found("hipMemCreate", version, 0);
  release_fn *release = (release_fn *)found("hipMemRelease", version, 0);
  map_fn *map = (map_fn *)found("hipMemMap", version, 0);
  unmap_fn *unmap = (unmap_fn *)found("hipMemUnmap", version, 0);
  set_access_fn *set_access = (set_access_fn *)found("hipMemSetAccess", version, 0);

  size_t bytes = ctx->size_mem;
  void *ptr = NULL;
  hipMemGenericAllocationHandle_t handle = NULL;
  hipMemAllocationProp prop = conf_prop(0);
  hipMemAccessDesc access = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  assert_hip(reserve(&ptr, bytes, 0, NULL, 0), hipSuccess);
  assert_hip(create(&handle, bytes, &prop, 0), hipSuccess);
  assert_hip(map(ptr, bytes, 0, handle, 0), hipSuccess);
  assert_hip(set_access(ptr, bytes, &access, 1), hipSuccess);
  conf_fill(ptr, bytes, 0x5e);
  conf_expect_data(ptr, bytes, 0x5e);
  assert_hip(unmap(ptr, bytes), hipSuccess);
  assert_hip(release(handle), hipSuccess);
  assert_hip(address_free(ptr, bytes), hipSuccess);
}

/* No VMM call has a per-thread version, so every flag gives the same call. */
static void proc_address_per_thread_flag_falls_back_to_legacy(void **state) {
  (void)conf_begin(state);
  int version = runtime_version();
  for (size_t i = 0; i < sizeof vmm_calls / sizeof vmm_calls[0]; i++) {
    void *legacy = found(vmm_calls[i], version, HIP_GET_PROC_ADDRESS_LEGACY_STREAM);
    assert_ptr_equal(found(vmm_calls[i], version, HIP_GET_PROC_ADDRESS_DEFAULT), legacy);
    assert_ptr_equal(found(vmm_calls[i], version, HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM),
                     legacy);
  }
}

static void proc_address_properties_mean_r0600_from_600(void **state) {
  (void)conf_begin(state);
  void *r0600 = found("hipGetDevicePropertiesR0600", runtime_version(), 0);
  assert_ptr_equal(found("hipGetDeviceProperties", 600, 0), r0600);
  assert_ptr_equal(found("hipGetDeviceProperties", 700, 0), r0600);
  assert_ptr_equal(found("hipGetDeviceProperties", runtime_version(), 0), r0600);
  /* Called through the pointer, it fills the layout this header declares. */
  hipDeviceProp_t prop;
  memset(&prop, 0, sizeof prop);
  assert_hip(((hipError_t(*)(hipDeviceProp_t *, int))r0600)(&prop, 0), hipSuccess);
  assert_true(prop.totalGlobalMem > 0);
}

#else

/* Every rule skips, saying why: the header declares no hipGetProcAddress with its flags. */
static void skip_without_proc_address(void **state) {
  (void)conf_begin(state);
  conf_skip("ROCm %d.%d's header has no hipGetProcAddress with HIP_GET_PROC_ADDRESS_* flags "
            "(ROCm 7.x)",
            HIP_VERSION_MAJOR, HIP_VERSION_MINOR);
}

#define PROC_SKIPPING(name, ref)                                                                   \
  static void name(void **state) { skip_without_proc_address(state); }
PROC_NEGATIVE_RULES(PROC_SKIPPING)
PROC_RULES(PROC_SKIPPING)
#undef PROC_SKIPPING

#endif /* HIPVMM_HAS_GET_PROC_ADDRESS */

#define PROC_ROW(name, ref) CONF_RULE(name, ref),

static const conf_rule negative_rules[] = {PROC_NEGATIVE_RULES(PROC_ROW)};
static const conf_rule functional_rules[] = {PROC_RULES(PROC_ROW)};

const conf_group conf_group_proc_negative = CONF_GROUP("proc_negative", negative_rules);
const conf_group conf_group_proc = CONF_GROUP("proc", functional_rules);
