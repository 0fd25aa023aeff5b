/*
 * test_reasons.c: the reasons a learner reads (mockhip_last_reason()). Each
 * names the argument by its parameter name in ROCm's header, says what was
 * wrong in the learner's terms (reservation#N+offset, handle#N) and, where
 * there is one, the call that would work; the call it suggests is then made
 * and must succeed. `*` in an expected reason stands for what changes from run
 * to run (an address, the number of a reservation).
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static size_t granule;

static void expect_reason(const char *pattern) {
  const char *reason = mockhip_last_reason();
  if (!mt_matches(pattern, reason))
    print_error("reason:   %s\nexpected: %s\n", reason, pattern);
  assert_true(mt_matches(pattern, reason));
}

static int setup(void **state) {
  granule = mt_granularity();
  return mt_setup_clean(state);
}

/* A size that is no multiple of the granularity names the query that answers it and the next
   size that works; ROCm's two codes (a.4#7, a.4#8) stay. */
static void test_create_size_names_the_granularity(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle;
  MT_EXPECT(hipErrorInvalidValue, hipMemCreate(&handle, 1000, &prop, 0));
  expect_reason("hipMemCreate: size 1000 is not a multiple of the granularity that "
                "hipMemGetAllocationGranularity answers (4096 bytes): round it up, use 4096");
  MT_EXPECT(hipErrorOutOfMemory, hipMemCreate(&handle, 6144, &prop, 0));
  expect_reason("hipMemCreate: size 6144 is not a multiple of the granularity that "
                "hipMemGetAllocationGranularity answers (4096 bytes): round it up, use 8192");
  MT_CHECK(hipMemCreate(&handle, 8192, &prop, 0)); /* the size it suggested */
  MT_CHECK(hipMemRelease(handle));
}

/* flags = hipDeviceMallocUncached, as an older hip-tests' ChkWithKerLaunch_Uncached passed it:
   refused as every clr refuses flags != 0, and the reason names the field that asks for
   uncached memory, which the newest hip-tests sets instead. */
static void test_create_uncached_flags_names_the_type(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMemCreate(&handle, granule, &prop, hipDeviceMallocUncached));
  expect_reason("hipMemCreate: flags must be 0: for uncached memory set prop->type = "
                "hipMemAllocationTypeUncached (flags 3 is hipDeviceMallocUncached, a "
                "hipExtMallocWithFlags flag)");
  assert_null(handle);
  MT_EXPECT(hipErrorInvalidValue, hipMemCreate(&handle, granule, &prop, 1));
  expect_reason("hipMemCreate: flags must be 0, got 1");
  prop.type = hipMemAllocationTypeUncached; /* what it suggested */
  MT_CHECK(hipMemCreate(&handle, granule, &prop, 0));
  MT_CHECK(hipMemRelease(handle));
}

static void test_map_and_reserve_sizes_name_the_granularity(void **state) {
  (void)state;
  void *ptr;
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressReserve(&ptr, granule + 1, 0, NULL, 0));
  expect_reason("hipMemAddressReserve: size 4097 is not a multiple of the granularity that "
                "hipMemGetAllocationGranularity answers (4096 bytes): use 8192");
  mt_mapping m;
  mt_mapping_create(&m, 2 * granule, 4 * granule);
  MT_EXPECT(hipErrorInvalidValue, hipMemMap((char *)m.base + 2 * granule, 100, 0, m.handle, 0));
  expect_reason("hipMemMap: size 100 is not a multiple of the granularity that "
                "hipMemGetAllocationGranularity answers (4096 bytes): use 4096");
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(m.base, granule, 0, m.handle, 0));
  expect_reason("hipMemMap: ptr + size overlaps the mapping at reservation#*+0x0: hipMemUnmap it "
                "first, or map where the reservation is still unmapped");
  mt_mapping_destroy(&m);
}

/* Unmapping part of a mapping names the mapping ptr is in and the call that unmaps it. */
static void test_partial_unmap_names_the_whole_mapping(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, 2 * granule, 2 * granule);
  char *base = m.base;
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(base + granule, granule));
  expect_reason("hipMemUnmap: ptr reservation#*+0x1000 is inside the mapping that starts at "
                "reservation#*+0x0 (8192 bytes); hipMemUnmap takes whole mappings, not part of "
                "one: hipMemUnmap(reservation#*+0x0, 8192) would cover it");
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(base, granule));
  expect_reason("hipMemUnmap: size 4096 ends inside the mapping that starts at reservation#*+0x0 "
                "(8192 bytes); hipMemUnmap takes whole mappings, so size must add up to them: "
                "hipMemUnmap(reservation#*+0x0, 8192) would cover it");
  MT_CHECK(hipMemUnmap(base, 2 * granule)); /* the call it suggested */
  m.mapped = false;
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(base, 2 * granule));
  expect_reason("hipMemUnmap: ptr reservation#*+0x0 is not inside a mapping (never mapped, or "
                "unmapped already)");
  mt_mapping_destroy(&m);
}

/* Importing &fd where the release takes the fd itself says how to pass it. */
static void test_import_of_the_fd_address(void **state) {
  (void)state;
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
  hipMemGenericAllocationHandle_t handle, imported;
  MT_CHECK(hipMemCreate(&handle, granule, &prop, 0));
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemImportFromShareableHandle(&imported, &fd, hipMemHandleTypePosixFileDescriptor));
  expect_reason("hipMemImportFromShareableHandle: osHandle 0x* is an address, not a file "
                "descriptor: the newest ROCm takes the fd itself, so pass (void *)(intptr_t)fd, "
                "not &fd (only ROCm 6.2 to 7.0 read the fd through a pointer, a.13#2)");
  MT_CHECK(hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                           hipMemHandleTypePosixFileDescriptor));
  MT_CHECK(hipMemRelease(imported));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypeNone, 0));
  expect_reason("hipMemExportToShareableHandle: handleType hipMemHandleTypeNone differs from the "
                "prop.requestedHandleType hipMemHandleTypePosixFileDescriptor that hipMemCreate "
                "was given: create with requestedHandleType=hipMemHandleTypePosixFileDescriptor "
                "to export");
  MT_CHECK(hipMemRelease(handle));
  close(fd);
}

/* A second descriptor that fails: the reason says the first one stays applied, and it does. */
static void test_set_access_says_what_stayed_applied(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  hipMemAccessDesc desc[3] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeDevice, 7}, hipMemAccessFlagsProtRead},
                              {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead}};
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m.base, granule, desc, 3));
  expect_reason("hipMemSetAccess: desc[1].location.id 7 is not a device (0..0); desc[0] before it "
                "was applied and stays, as in ROCm, which applies descriptors in order and stops "
                "at the first bad one (a.8)");
  unsigned long long flags = 0;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  MT_CHECK(hipMemGetAccess(&flags, &device0, m.base));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  desc[0].flags = (hipMemAccessFlags)2;
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m.base, granule, desc, 2));
  expect_reason("hipMemSetAccess: desc[0].flags 2 is not hipMemAccessFlagsProtNone (0), ProtRead "
                "(1) or ProtReadWrite (3); no descriptor was applied");
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m.base, granule, desc, 1));
  expect_reason("hipMemSetAccess: desc[0].flags 2 is not hipMemAccessFlagsProtNone (0), ProtRead "
                "(1) or ProtReadWrite (3)");
  mt_mapping_destroy(&m);
}

/* A copy the device may not make names the access to grant. */
static void test_copy_names_the_access_to_grant(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, granule, 2 * granule);
  unsigned char host[64] = {0};
  MT_EXPECT(mt_copy_refusal(), hipMemcpyHtoD(m.base, host, sizeof host));
  expect_reason("hipMemcpyHtoD: dst reservation#*+0x0: device 0 has no access to the mapping at "
                "reservation#*+0x0 and the copy needs readwrite: grant it first with "
                "hipMemSetAccess (desc {Device 0, ReadWrite})");
  mt_set_access(&m, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemcpyHtoD(m.base, host, sizeof host));
  MT_EXPECT(hipErrorInvalidValue, hipMemcpyHtoD((char *)m.base + granule - 16, host, sizeof host));
  expect_reason("hipMemcpyHtoD: dst reservation#*+0xff0 + 64 bytes reaches reservation#*+0x1000, "
                "which is reserved but not mapped: hipMemMap memory there first");
  mt_mapping_destroy(&m);
}

/* Handles read as handle#N: one released twice, one that names nothing. */
static void test_handle_reasons(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  MT_CHECK(hipMemRelease(m.handle));
  MT_EXPECT(hipErrorInvalidValue, hipMemRelease(m.handle));
  expect_reason("hipMemRelease: handle handle#* was released already: release each hipMemCreate, "
                "import or retain once; the mock refuses it: its 1 mapping(s) keep the memory "
                "until the last hipMemUnmap (on the newest ROCm: hipMemRelease checks "
                "nothing: it returns hipSuccess and drops the reference the mapping holds, so HIP "
                "frees its allocation object now, while the mapping still uses the memory, and "
                "the hipMemUnmap after reads that freed object, a.5#2, b.1)");
  MT_CHECK(hipMemUnmap(m.base, granule));
  MT_CHECK(hipMemAddressFree(m.base, granule));
  hipMemAllocationProp prop;
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationPropertiesFromHandle(&prop, m.handle));
  expect_reason("hipMemGetAllocationPropertiesFromHandle: handle handle#* names no live "
                "allocation: it was released, or never came from hipMemCreate or "
                "hipMemImportFromShareableHandle");
}

/* Addresses that are not what a call needs. */
static void test_address_reasons(void **state) {
  (void)state;
  void *block;
  MT_CHECK(hipMalloc(&block, granule));
  hipMemGenericAllocationHandle_t handle;
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(&handle, block));
  expect_reason("hipMemRetainAllocationHandle: addr hipMalloc#*+0x0 is hipMalloc memory: only "
                "addresses inside a hipMemMap mapping have an allocation handle");
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressFree(block, granule));
  expect_reason("hipMemAddressFree: devPtr 0x* is not inside a reservation: pass the ptr that "
                "hipMemAddressReserve returned");
  MT_CHECK(hipFree(block));
  mt_mapping m;
  mt_mapping_create(&m, granule, granule);
  MT_EXPECT(hipErrorUnknown, hipMemAddressFree(m.base, granule));
  expect_reason("hipMemAddressFree: reservation#* at devPtr still has 1 mapping(s): hipMemUnmap "
                "them first; the mock keeps the reservation (on the newest ROCm: ROCr refuses to "
                "free a reservation while it has mappings, released handles or not "
                "(RESOURCE_FREE): hipMemAddressFree answers hipErrorUnknown and HIP drops its "
                "record of the range, so the address space is lost until the process ends, "
                "a.3#5, b.7, e.8)");
  mt_mapping_destroy(&m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_create_size_names_the_granularity, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_create_uncached_flags_names_the_type, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_map_and_reserve_sizes_name_the_granularity, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_partial_unmap_names_the_whole_mapping, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_import_of_the_fd_address, setup, mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_set_access_says_what_stayed_applied, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_copy_names_the_access_to_grant, setup,
                                      mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_handle_reasons, setup, mt_teardown_clean),
      cmocka_unit_test_setup_teardown(test_address_reasons, setup, mt_teardown_clean),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
