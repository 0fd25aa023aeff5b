/*
 * test_protection.c: access rights are real page protections. A CPU access
 * the rights forbid dies with SIGSEGV (checked in a forked child). The CPU is
 * the host: the page protection is the host's access alone, and what the
 * devices may do gives it nothing (b.11, a.8#9). The union of every
 * location's, MOCKHIP_HOST_ACCESS=all, is test_host_access.c's.
 */
#include "mock_test.h"

#include <signal.h>
#include <stdlib.h>

#define MAGIC 0x5a

static void write_magic(void *addr) { *(volatile unsigned char *)addr = MAGIC; }
static void read_byte(void *addr) { (void)*(volatile unsigned char *)addr; }

/* Two granules mapped at the start of a four-granule reservation. */
static int setup_mapping(void **state) {
  mt_assert_clean();
  mt_mapping *m = calloc(1, sizeof *m);
  assert_non_null(m);
  mt_mapping_create(m, 2 * mt_granularity(), 4 * mt_granularity());
  *state = m;
  return 0;
}

static int teardown_mapping(void **state) {
  mt_mapping_destroy(*state);
  free(*state);
  mt_assert_clean();
  return 0;
}

/* A device's access (hipMemGetAccess answers for devices only, a.9#2: what the host has
   shows in what the CPU may touch). */
static unsigned long long access_of(const mt_mapping *m, int device) {
  hipMemLocation location = {hipMemLocationTypeDevice, device};
  unsigned long long flags = 99;
  MT_CHECK(hipMemGetAccess(&flags, &location, m->base));
  return flags;
}

/* The last byte of the mapping, so the whole range is checked, not one page. */
static void *last_byte(const mt_mapping *m) { return (char *)m->base + m->bytes - 1; }

static void test_no_access_write_faults(void **state) {
  mt_mapping *m = *state;
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, last_byte(m)), SIGSEGV));
}

static void test_no_access_read_faults(void **state) {
  mt_mapping *m = *state;
  assert_true(mt_killed_by(mt_run_in_child(read_byte, m->base), SIGSEGV));
}

static void test_read_only_write_faults(void **state) {
  mt_mapping *m = *state;
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  assert_true(mt_exited_ok(mt_run_in_child(read_byte, last_byte(m))));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
}

static void test_read_write_allows_write(void **state) {
  mt_mapping *m = *state;
  mt_grant(m->base, m->bytes, hipMemAccessFlagsProtReadWrite); /* the copy below is device 0's */
  /* The child's write lands in the shared memory the parent sees. */
  assert_true(mt_exited_ok(mt_run_in_child(write_magic, last_byte(m))));
  assert_int_equal(*(volatile unsigned char *)last_byte(m), MAGIC);
  write_magic(m->base);
  unsigned char copy = 0;
  MT_CHECK(hipMemcpyDtoH(&copy, m->base, 1));
  assert_int_equal(copy, MAGIC);
}

static void test_device_access_gives_the_cpu_none(void **state) {
  mt_mapping *m = *state;
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead},
                              {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite}};
  MT_CHECK(hipMemSetAccess(m->base, m->bytes, desc, 2));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
  assert_true(mt_killed_by(mt_run_in_child(read_byte, last_byte(m)), SIGSEGV));

  /* The host's Read lets the CPU read; the devices keep what they had. */
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  assert_true(mt_exited_ok(mt_run_in_child(read_byte, m->base)));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
  assert_int_equal(access_of(m, 0), hipMemAccessFlagsProtRead);
  assert_int_equal(access_of(m, 1), hipMemAccessFlagsProtReadWrite);
}

static void test_host_access_counts(void **state) {
  mt_mapping *m = *state;
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  assert_true(mt_exited_ok(mt_run_in_child(write_magic, m->base)));
  /* Host rights are not any device's rights. */
  assert_int_equal(access_of(m, 0), hipMemAccessFlagsProtNone);
}

static void test_downgrade_faults(void **state) {
  mt_mapping *m = *state;
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  write_magic(m->base);
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
  assert_int_equal(*(volatile unsigned char *)m->base, MAGIC);
}

static void test_unmap_faults_again(void **state) {
  mt_mapping *m = *state;
  mt_set_access(m, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  write_magic(m->base);
  MT_CHECK(hipMemUnmap(m->base, m->bytes));
  m->mapped = false;
  assert_true(mt_killed_by(mt_run_in_child(read_byte, m->base), SIGSEGV));

  /* Mapped again, the old rights are gone. */
  MT_CHECK(hipMemMap(m->base, m->bytes, 0, m->handle, 0));
  m->mapped = true;
  assert_true(mt_killed_by(mt_run_in_child(read_byte, m->base), SIGSEGV));
}

/* ---- negative: refused requests leave the protection as it was ---- */

static void test_bad_flags_keep_protection(void **state) {
  mt_mapping *m = *state;
  hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, (hipMemAccessFlags)2};
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m->base, m->bytes, &desc, 1));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
}

static void test_bad_second_descriptor_keeps_first(void **state) {
  mt_mapping *m = *state;
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeDevice, 2}, hipMemAccessFlagsProtRead}};
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m->base, m->bytes, desc, 2));
  assert_true(mt_exited_ok(mt_run_in_child(write_magic, m->base)));
}

static void test_partial_range_refused(void **state) {
  mt_mapping *m = *state;
  hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite};
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m->base, m->bytes / 2, &desc, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m->base, m->bytes * 2, &desc, 1));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
}

static void test_unmapped_range_refused(void **state) {
  mt_mapping *m = *state;
  hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, hipMemAccessFlagsProtReadWrite};
  char *tail = (char *)m->base + m->bytes; /* reserved, never mapped */
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(tail, m->bytes, &desc, 1));
  assert_true(mt_killed_by(mt_run_in_child(write_magic, tail), SIGSEGV));
}

static void test_bad_locations_refused(void **state) {
  mt_mapping *m = *state;
  const hipMemLocation bad[] = {
      {hipMemLocationTypeInvalid, 0},  {(hipMemLocationType)7, 0},
      {hipMemLocationTypeDevice, -1},  {hipMemLocationTypeDevice, 64},
      {hipMemLocationTypeHostNuma, 1},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    hipMemAccessDesc desc = {bad[i], hipMemAccessFlagsProtReadWrite};
    MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(m->base, m->bytes, &desc, 1));
  }
  assert_true(mt_killed_by(mt_run_in_child(write_magic, m->base), SIGSEGV));
}

#define MAPPING_TEST(f) cmocka_unit_test_setup_teardown(f, setup_mapping, teardown_mapping)

int main(void) {
  /* Two devices, so that neither one's rights reach the CPU can be seen. Options are read
     at the first HIP call, which comes after this. */
  setenv("MOCKHIP_DEVICES", "2", 1);

  const struct CMUnitTest positive[] = {
      MAPPING_TEST(test_no_access_write_faults),
      MAPPING_TEST(test_no_access_read_faults),
      MAPPING_TEST(test_read_only_write_faults),
      MAPPING_TEST(test_read_write_allows_write),
      MAPPING_TEST(test_device_access_gives_the_cpu_none),
      MAPPING_TEST(test_host_access_counts),
      MAPPING_TEST(test_downgrade_faults),
      MAPPING_TEST(test_unmap_faults_again),
  };
  const struct CMUnitTest negative[] = {
      MAPPING_TEST(test_bad_flags_keep_protection),
      MAPPING_TEST(test_bad_second_descriptor_keeps_first),
      MAPPING_TEST(test_partial_range_refused),
      MAPPING_TEST(test_unmapped_range_refused),
      MAPPING_TEST(test_bad_locations_refused),
  };
  return cmocka_run_group_tests_name("protection", positive, NULL, NULL) +
         cmocka_run_group_tests_name("protection_negative", negative, NULL, NULL);
}
