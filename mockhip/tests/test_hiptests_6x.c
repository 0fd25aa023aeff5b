/*
 * test_hiptests_6x.c: tests written as the hip-tests of ROCm 6.2/6.3 wrote
 * them (ROCm/hip-tests @ 87c8a041, catch/unit/virtualMemoryManagement/), in C,
 * each named after the hip-test whose steps and expected codes it follows:
 * reserve's 6.x codes, create's 6.x device-id codes, import of the fd through
 * its address, retain with no release of the retained handle, and set-access
 * negatives passing &ptrA. Catch runs a test once per SECTION, so each section
 * here is a pass of its own through the test's steps.
 *
 * A REQUIRE that fails is recorded, not fatal, and the steps run on. Under
 * MOCKHIP_ROCM_VERSION=6.2 or 6.3 (the era) no requirement may fail. Under
 * newest each test must fail exactly the sections listed with it, the places
 * where the newer runtime answers differently: that shows the profile, not the
 * default, is what lets these tests pass, and that they still say something
 * about newest (a ctest WILL_FAIL would pass on any failure at all, even one
 * the era's column does not explain).
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DATA_SIZE (1 << 13) /* the hip-tests' element count: 32 KiB of int */

/* The sections that failed a requirement in this test, in order, once each. */
static struct {
  const char *sections[16];
  int count;
} failed;

static void require(bool holds, const char *section, const char *what, int line) {
  if (holds)
    return;
  print_error("under %s, REQUIRE(%s) failed in section \"%s\" (line %d): %s\n",
              mockhip_rocm_version(), what, section, line, mockhip_last_reason());
  for (int i = 0; i < failed.count; i++)
    if (strcmp(failed.sections[i], section) == 0)
      return;
  assert_true(failed.count < 16);
  failed.sections[failed.count++] = section;
}
/* Catch's REQUIRE and HIP_CHECK, inside `section` (a SECTION's name, or a step's). */
#define REQUIRE(section, condition) require((condition), (section), #condition, __LINE__)
#define HIP_CHECK(section, call) REQUIRE(section, (call) == hipSuccess)

/* Whether this process plays the era (6.2, 6.3) or newest. */
static bool newest;

/* The fixture: nothing alive before, nothing failed yet; nothing alive after. */
static int setup(void **state) {
  failed.count = 0;
  return mt_setup_clean(state);
}

/*
 * Asserts that the sections that failed are none in the era, and exactly
 * `on_newest` (NULL-terminated, in the order they run) under newest.
 */
static void assert_failed_sections(const char *const *on_newest) {
  const char *const none[] = {NULL};
  const char *const *expected = newest ? on_newest : none;
  int count = 0;
  while (expected[count] != NULL)
    count++;
  bool same = count == failed.count;
  for (int i = 0; same && i < count; i++)
    same = strcmp(expected[i], failed.sections[i]) == 0;
  if (!same) {
    print_error("under %s, expected these sections to fail:\n", mockhip_rocm_version());
    for (int i = 0; i < count; i++)
      print_error("  %s\n", expected[i]);
    print_error("and these failed:\n");
    for (int i = 0; i < failed.count; i++)
      print_error("  %s\n", failed.sections[i]);
  }
  assert_true(same);
}

/* The hip-tests' setup: device 0, VMM supported, Pinned on it, the minimum granularity. */
static hipMemAllocationProp prop_on_device_0(const char *section, size_t *granularity) {
  hipDevice_t device = -1;
  HIP_CHECK(section, hipDeviceGet(&device, 0));
  int vmm = 0; /* checkVMMSupported: the hip-test skips without it; 6.2 has it */
  HIP_CHECK(section, hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported,
                                           device));
  REQUIRE(section, vmm == 1);
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  HIP_CHECK(section,
            hipMemGetAllocationGranularity(granularity, &prop, hipMemAllocationGranularityMinimum));
  REQUIRE(section, *granularity > 0);
  return prop;
}

/* DATA_SIZE ints rounded up to whole granules. */
static size_t size_mem_of(size_t granularity) {
  size_t buffer_size = DATA_SIZE * sizeof(int);
  return (granularity + buffer_size - 1) / granularity * granularity;
}

/* ---- hipMemAddressReserve.cc ---- */

static const char *const reserve_sections[] = {
    "Nullptr to ptr", "pass size as 0",
    /* "pass non power of two for alignment" is compiled for NVIDIA only */
    "pass size as non multiple of host page size"};

static void Unit_hipMemAddressReserve_Negative(void **state) {
  (void)state;
  for (int section = 0; section < 3; section++) {
    const char *name = reserve_sections[section];
    size_t granularity = 0;
    prop_on_device_0(name, &granularity);
    size_t size_mem = size_mem_of(granularity);
    void *ptrA = NULL;
    hipError_t err = hipSuccess;
    switch (section) {
    case 0:
      REQUIRE(name, hipMemAddressReserve(NULL, size_mem, 0, NULL, 0) == hipErrorInvalidValue);
      break;
    case 1:
      err = hipMemAddressReserve(&ptrA, 0, 0, NULL, 0);
      REQUIRE(name, err == hipErrorMemoryAllocation);
      break;
    default:
      err = hipMemAddressReserve(&ptrA, size_mem - 1, 0, NULL, 0);
      REQUIRE(name, err == hipErrorMemoryAllocation);
      break;
    }
    if (err == hipSuccess && ptrA != NULL) /* not the hip-test's: a reserve that worked */
      MT_CHECK(hipMemAddressFree(ptrA, size_mem));
  }
  const char *const on_newest[] = {"pass size as 0", "pass size as non multiple of host page size",
                                   NULL};
  assert_failed_sections(on_newest);
}

/* ---- hipMemCreate.cc ---- */

static const char *const create_sections[] = {
    "Nullptr to handle",        "Nullptr to prop",
    "pass size as 0",           "Pass prop type as invalid",
    "pass location as invalid", "non multiple of granularity",
    "pass location id as -1",   "pass location id as > highest device number"};

static void Unit_hipMemCreate_Negative(void **state) {
  (void)state;
  for (int section = 0; section < 8; section++) {
    const char *name = create_sections[section];
    size_t granularity = 0;
    hipMemAllocationProp prop = prop_on_device_0(name, &granularity);
    hipMemGenericAllocationHandle_t handle = NULL;
    hipError_t err = hipErrorInvalidValue;
    switch (section) {
    case 0: err = hipMemCreate(NULL, granularity, &prop, 0); break;
    case 1: err = hipMemCreate(&handle, granularity, NULL, 0); break;
    case 2: err = hipMemCreate(&handle, 0, &prop, 0); break;
    case 3:
      prop.type = hipMemAllocationTypeInvalid;
      err = hipMemCreate(&handle, granularity, &prop, 0);
      break;
    case 4:
      prop.location.type = hipMemLocationTypeInvalid;
      err = hipMemCreate(&handle, granularity, &prop, 0);
      break;
    case 5: err = hipMemCreate(&handle, granularity - 1, &prop, 0); break;
    case 6:
      prop.location.id = -1; /* a device that does not exist */
      err = hipMemCreate(&handle, granularity, &prop, 0);
      break;
    default: {
      int numDevices = 0;
      HIP_CHECK(name, hipGetDeviceCount(&numDevices));
      prop.location.id = numDevices;
      err = hipMemCreate(&handle, granularity, &prop, 0);
      break;
    }
    }
    REQUIRE(name, err == hipErrorInvalidValue);
    if (err == hipSuccess) /* not the hip-test's: a create that worked */
      MT_CHECK(hipMemRelease(handle));
  }
  const char *const on_newest[] = {"pass location id as -1",
                                   "pass location id as > highest device number", NULL};
  assert_failed_sections(on_newest);
}

/* ---- hipMemImportFromShareableHandle.cc ---- */

static void Unit_hipMemImportFromShareableHandle_Positive_Basic(void **state) {
  (void)state;
  const char *steps = "Positive_Basic";
  HIP_CHECK(steps, hipFree(NULL));
  size_t granularity = 0;
  hipMemAllocationProp prop = prop_on_device_0(steps, &granularity);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;

  hipMemGenericAllocationHandle_t handle = NULL, imported_handle = NULL;
  HIP_CHECK(steps, hipMemCreate(&handle, granularity * 2, &prop, 0));
  int shareable_handle = -1; /* the test's ShareableHandle is an int */
  HIP_CHECK(steps, hipMemExportToShareableHandle(&shareable_handle, handle,
                                                 hipMemHandleTypePosixFileDescriptor, 0));
  /* 6.2/6.3 read the fd through the pointer: the test passes its address. */
  hipError_t imported = hipMemImportFromShareableHandle(&imported_handle, &shareable_handle,
                                                        hipMemHandleTypePosixFileDescriptor);
  REQUIRE("import through the fd's address", imported == hipSuccess);
  HIP_CHECK(steps, hipMemRelease(handle));

  /* Not the hip-test's: it leaves the imported handle and the fd behind. */
  if (imported == hipSuccess)
    MT_CHECK(hipMemRelease(imported_handle));
  close(shareable_handle);
  const char *const on_newest[] = {"import through the fd's address", NULL};
  assert_failed_sections(on_newest);
}

/* ---- hipMemRetainAllocationHandle.cc ---- */

static void Unit_hipMemRetainAllocationHandle_SetGet(void **state) {
  (void)state;
  const char *steps = "SetGet";
  HIP_CHECK(steps, hipFree(NULL));
  size_t granularity = 0;
  hipMemAllocationProp prop = prop_on_device_0(steps, &granularity);
  size_t size_mem = size_mem_of(granularity);
  hipMemGenericAllocationHandle_t handle = NULL, gethandle = NULL;
  void *ptrA = NULL;
  HIP_CHECK(steps, hipMemCreate(&handle, size_mem, &prop, 0));
  HIP_CHECK(steps, hipMemAddressReserve(&ptrA, size_mem, 0, NULL, 0));
  HIP_CHECK(steps, hipMemMap(ptrA, size_mem, 0, handle, 0));
  HIP_CHECK(steps, hipMemRetainAllocationHandle(&gethandle, ptrA));
  REQUIRE(steps, gethandle == handle);
  /* The era's test releases what it created and nothing else. */
  HIP_CHECK(steps, hipMemRelease(handle));
  HIP_CHECK(steps, hipMemUnmap(ptrA, size_mem));
  HIP_CHECK(steps, hipMemAddressFree(ptrA, size_mem));

  /* Every mockhip test ends with nothing alive: in the era retain took no
     reference, so nothing is; newest's retain took one, which is still held. */
  REQUIRE("nothing left alive", mockhip_live_objects() == 0);
  if (mockhip_live_objects() != 0)
    MT_CHECK(hipMemRelease(gethandle));
  const char *const on_newest[] = {"nothing left alive", NULL};
  assert_failed_sections(on_newest);
}

/* ---- hipMemSetGetAccess.cc ---- */

static const char *const set_access_sections[] = {"nullptr to ptrA",
                                                  "pass zero to size",
                                                  "pass a size greater than reserved size",
                                                  "pass a size less than reserved size",
                                                  "invalid location type",
                                                  "invalid id",
                                                  "pass location id as > highest device number",
                                                  "invalid flag",
                                                  " pass zero to count",
                                                  "pass desc as nullptr",
                                                  "uninitialized virtual memory",
                                                  "unmapped virtual memory"};
#define SET_ACCESS_SECTIONS 12

/* One pass: the sections before the unmap, then the one after it. Like the
   era's test, every section passes &ptrA (host memory) rather than ptrA. */
static void set_access_negative_pass(int section) {
  const char *name = set_access_sections[section];
  const char *steps = "setup and teardown";
  size_t granularity = 0;
  hipMemAllocationProp prop = prop_on_device_0(steps, &granularity);
  size_t size_mem = size_mem_of(granularity);
  hipMemGenericAllocationHandle_t handle = NULL;
  HIP_CHECK(steps, hipMemCreate(&handle, size_mem, &prop, 0));
  void *ptrA = NULL, *ptrB = NULL;
  HIP_CHECK(steps, hipMemAddressReserve(&ptrA, size_mem, 0, NULL, 0));
  HIP_CHECK(steps, hipMemMap(ptrA, size_mem, 0, handle, 0));
  hipMemAccessDesc accessDesc = {{hipMemLocationTypeDevice, prop.location.id},
                                 hipMemAccessFlagsProtReadWrite};
  hipError_t err = hipErrorInvalidValue;
  switch (section) {
  case 0: err = hipMemSetAccess(NULL, size_mem, &accessDesc, 1); break;
  case 1: err = hipMemSetAccess(&ptrA, 0, &accessDesc, 1); break;
  case 2: err = hipMemSetAccess(&ptrA, size_mem + 1, &accessDesc, 1); break;
  case 3: err = hipMemSetAccess(&ptrA, size_mem - 1, &accessDesc, 1); break;
  case 4:
    accessDesc.location.type = hipMemLocationTypeInvalid;
    err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 1);
    break;
  case 5:
    accessDesc.location.id = -1;
    err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 1);
    break;
  case 6: {
    int numDevices = 0;
    HIP_CHECK(name, hipGetDeviceCount(&numDevices));
    accessDesc.location.id = numDevices;
    err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 1);
    break;
  }
  case 7:
    accessDesc.flags = (hipMemAccessFlags)-1;
    err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 1);
    break;
  case 8: err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 0); break;
  case 9: err = hipMemSetAccess(&ptrA, size_mem, NULL, 1); break;
  case 10:
    HIP_CHECK(name, hipMemAddressReserve(&ptrB, size_mem, 0, NULL, 0));
    err = hipMemSetAccess(&ptrB, size_mem, &accessDesc, 1);
    break;
  default: break;
  }
  HIP_CHECK(steps, hipMemUnmap(ptrA, size_mem));
  if (section == 11)
    err = hipMemSetAccess(&ptrA, size_mem, &accessDesc, 1);
  REQUIRE(name, err == hipErrorInvalidValue);
  HIP_CHECK(steps, hipMemAddressFree(ptrA, size_mem));
  HIP_CHECK(steps, hipMemRelease(handle));
  if (ptrB != NULL) /* not the hip-test's: it leaves ptrB reserved */
    MT_CHECK(hipMemAddressFree(ptrB, size_mem));
}

static void Unit_hipMemSetAccess_negative(void **state) {
  (void)state;
  for (int section = 0; section < SET_ACCESS_SECTIONS; section++)
    set_access_negative_pass(section);
  /* &ptrA is no VMM address in any release, so every section fails on the
     address alone and newest passes too: this era's test cannot tell them apart. */
  const char *const on_newest[] = {NULL};
  assert_failed_sections(on_newest);
}

#define HIP_TEST(name) cmocka_unit_test_setup_teardown(name, setup, mt_teardown_clean)

int main(void) {
  const char *version = mockhip_rocm_version();
  newest = strcmp(version, "newest") == 0;
  if (!newest && strcmp(version, "6.2") != 0 && strcmp(version, "6.3") != 0) {
    fprintf(stderr,
            "test_hiptests_6x: these hip-tests are of ROCm 6.2/6.3; mockhip plays %s "
            "(MOCKHIP_ROCM_VERSION=6.2, 6.3 or newest)\n",
            version);
    return 1;
  }
  const struct CMUnitTest tests[] = {
      HIP_TEST(Unit_hipMemAddressReserve_Negative),
      HIP_TEST(Unit_hipMemCreate_Negative),
      HIP_TEST(Unit_hipMemImportFromShareableHandle_Positive_Basic),
      HIP_TEST(Unit_hipMemRetainAllocationHandle_SetGet),
      HIP_TEST(Unit_hipMemSetAccess_negative),
  };
  char name[64];
  snprintf(name, sizeof name, "hiptests_6x_under_%s", version);
  return cmocka_run_group_tests_name(name, tests, NULL, NULL);
}
