/*
 * test_explain.c: MOCKHIP_EXPLAIN=1: a fault on mock memory prints what
 * happened, the rule and the fix, then the process dies as it would have
 * (killed by SIGSEGV; under ASan, ASan's report follows and the exit is
 * non-zero). Each fault runs in a fresh child process of this program, whose
 * stderr the test reads: one case per kind (no access, read-only, reserved but
 * unmapped, after unmap, a freed reservation, a hipMalloc block, protection
 * changed behind mockhip's back), a handler the program installed first, plain
 * or SA_SIGINFO (called after the explanation), a fault outside mock memory
 * and MOCKHIP_EXPLAIN unset (no explanation). The CPU is the host: its faults
 * name the host's access and grant it; under MOCKHIP_HOST_ACCESS=all, where
 * the CPU plays every location, they name a device's. Host access on each
 * release is test_host_access.c's.
 */
#include "mock_test.h"
#include "self_child.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ---- the children: set up, then touch ---- */

/* Two granules mapped at the start of a four-granule reservation, with no access yet. */
static char *mapped(void) {
  hipMemGenericAllocationHandle_t handle;
  return sc_mapped(4 * sc_granule(), 2 * sc_granule(), &handle);
}

static void grant(void *base, int type, int id, hipMemAccessFlags flags) {
  hipMemAccessDesc desc = {{(hipMemLocationType)type, id}, flags};
  SC_CHECK(hipMemSetAccess(base, 2 * sc_granule(), &desc, 1) == hipSuccess);
}

static void touch_write(char *p) { *(volatile char *)p = 1; }
static void touch_read(char *p) { (void)*(volatile char *)p; }

static void no_access_write(void) { touch_write(mapped() + 16); }
static void no_access_read(void) { touch_read(mapped() + 16); }

static void read_only_write(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  touch_read(base); /* allowed */
  touch_write(base + 8);
}

/* Device 0 may read: under MOCKHIP_HOST_ACCESS=all the CPU plays it. */
static void device_read_only_write(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtRead);
  touch_read(base); /* allowed */
  touch_write(base + 8);
}

static void unmapped(void) { touch_write(mapped() + 3 * sc_granule()); }

static void after_unmap(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  touch_write(base);
  SC_CHECK(hipMemUnmap(base, 2 * sc_granule()) == hipSuccess);
  touch_read(base + 32);
}

static void released(void) {
  size_t g = sc_granule();
  void *base = NULL;
  SC_CHECK(hipMemAddressReserve(&base, 4 * g, 0, NULL, 0) == hipSuccess);
  SC_CHECK(hipMemAddressFree(base, 4 * g) == hipSuccess);
  touch_write((char *)base + g);
}

/* The host had read-write, then hipMemSetAccess took it away (ProtNone), on purpose. */
static void removed_write(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  touch_write(base);
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtNone);
  touch_write(base + 4);
}

/* Read-write, then read-only: the write after it was removed on purpose. */
static void lowered_write(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  touch_write(base + 4);
}

/* Taken away, then granted again: the fault later has nothing to do with the removal. */
static void regranted_then_unmapped_touch(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtNone);
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtRead);
  touch_read(base);
  touch_write(base + 4);
}

/* One byte past the end of the two-granule mapping: an index off by one. */
static void overrun(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  touch_write(base + 2 * sc_granule());
}

/* An int written one element past the mapping (out[n]): 4 bytes, the first of them past the
   end. */
static void int_overrun(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  *(volatile int *)(base + 2 * sc_granule()) = 1;
}

/* Granted, unmapped, mapped again without a grant: the unmap dropped the host's access. */
static void remapped_write(void) {
  size_t g = sc_granule();
  hipMemGenericAllocationHandle_t handle;
  char *base = sc_mapped(2 * g, 2 * g, &handle);
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  touch_write(base); /* allowed */
  SC_CHECK(hipMemUnmap(base, 2 * g) == hipSuccess);
  SC_CHECK(hipMemMap(base, 2 * g, 0, handle, 0) == hipSuccess);
  touch_write((char *)base + 4);
}

/* Not mock memory: a page of the program's own, with no access. */
static void outside(void) {
  int count = 0;
  SC_CHECK(hipGetDeviceCount(&count) == hipSuccess); /* mockhip has started */
  char *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  SC_CHECK(page != MAP_FAILED);
  touch_write(page);
}

/* Dies by a signal of its own: an exit status could be valgrind's (--error-exitcode), since
   memcheck reports a fault a handler will see as an invalid access. */
/* Protection taken away behind mockhip's back: the access rules are not the cause. */
static void protection_not_the_cause(void) {
  char *base = mapped();
  grant(base, hipMemLocationTypeHost, 0, hipMemAccessFlagsProtReadWrite);
  SC_CHECK(mprotect(base, sc_granule(), PROT_NONE) == 0);
  touch_write(base);
}

static void malloc_block(void) {
  char *block = NULL;
  SC_CHECK(hipMalloc((void **)&block, 100) == hipSuccess);
  SC_CHECK(mprotect(block, 4096, PROT_NONE) == 0);
  touch_read(block + 0x10);
}

static void program_handler(int sig) {
  static const char said[] = "program handler: called\n";
  (void)sig;
  (void)!write(STDERR_FILENO, said, sizeof said - 1);
  sc_coverage_dump();
  signal(SIGUSR1, SIG_DFL);
  raise(SIGUSR1);
}

/* The program's handler is in place before mockhip starts: mockhip chains to it. */
static void chained(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = program_handler;
  sigemptyset(&action.sa_mask);
  SC_CHECK(sigaction(SIGSEGV, &action, NULL) == 0);
  touch_write(mapped());
}

static void program_siginfo_handler(int sig, siginfo_t *info, void *context) {
  static const char said[] = "program handler: called with siginfo\n";
  (void)context;
  if (info != NULL && info->si_addr != NULL)
    (void)!write(STDERR_FILENO, said, sizeof said - 1);
  program_handler(sig);
}

static void chained_siginfo(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = program_siginfo_handler;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  SC_CHECK(sigaction(SIGSEGV, &action, NULL) == 0);
  touch_write(mapped());
}

static const sc_case cases[] = {
    {"no_access_write", no_access_write},
    {"no_access_read", no_access_read},
    {"read_only_write", read_only_write},
    {"device_read_only_write", device_read_only_write},
    {"unmapped", unmapped},
    {"after_unmap", after_unmap},
    {"released", released},
    {"outside", outside},
    {"chained", chained},
    {"chained_siginfo", chained_siginfo},
    {"protection_not_the_cause", protection_not_the_cause},
    {"malloc_block", malloc_block},
    {"removed_write", removed_write},
    {"lowered_write", lowered_write},
    {"regranted_then_unmapped_touch", regranted_then_unmapped_touch},
    {"overrun", overrun},
    {"int_overrun", int_overrun},
    {"remapped_write", remapped_write},
};

/* ---- the parent: runs a child and reads what it said ---- */

static const char *const explain_on[] = {"MOCKHIP_EXPLAIN=1", NULL};
static const char *const explain_all[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_HOST_ACCESS=all", NULL};

/* Runs a case under env, asserts it died of the fault; its stderr (malloc'd). */
static char *explained_under(const char *name, const char *const *env) {
  char *err = NULL;
  int status = sc_run(name, env, &err);
  if (!sc_died_of_fault(status)) {
    print_error("stderr of %s:\n%s", name, err);
    fail();
  }
  return err;
}

/* The same with MOCKHIP_EXPLAIN=1. */
static char *explained(const char *name) { return explained_under(name, explain_on); }

static void expect_text(const char *err, const char *needle) {
  if (strstr(err, needle) == NULL) {
    print_error("expected \"%s\" in:\n%s", needle, err);
    fail();
  }
}

/* Under ASan its report comes after the explanation. */
static void expect_sanitizer_after(const char *err) {
#if defined(__SANITIZE_ADDRESS__)
  const char *ours = strstr(err, "mockhip: explain:");
  const char *asan = strstr(err, "AddressSanitizer");
  assert_non_null(ours);
  assert_non_null(asan);
  assert_true(asan > ours);
#else
  (void)err;
#endif
}

static void test_no_access_write(void **state) {
  (void)state;
  char *err = explained("no_access_write");
  expect_text(err, "mockhip: explain: SIGSEGV at reservation#1+0x10 (0x");
  expect_text(err, "a write by the CPU");
  expect_text(err, "reservation#1: 0x");
  expect_text(err, "mapping: 0x");
  expect_text(err, "of handle#1, ");
  expect_text(err, "mapped at ");
  expect_text(err, "access: dev0=- host=- (the CPU has the host's access alone, as on the "
                   "newest ROCm)");
  expect_text(err, "what:   the host was not granted read-write access, and the CPU touches "
                   "this memory as the host");
  expect_text(err, "rule:   the newest ROCm requires hipMemLocationTypeHost access");
  expect_text(err, ", {host 0, ReadWrite}, 1) would allow this");
  expect_text(err, "hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, "
                   "hipMemAccessFlagsProtReadWrite};");
  expect_text(err, ", 8192, &desc, 1);");
  expect_sanitizer_after(err);
  free(err);
}

static void test_no_access_read(void **state) {
  (void)state;
  char *err = explained("no_access_read");
  expect_text(err, "a read by the CPU");
  expect_text(err, "what:   the host was not granted read access");
  expect_text(err, "{host 0, Read}, 1) would allow this");
  expect_text(err, "hipMemAccessFlagsProtRead};");
  free(err);
}

static void test_read_only_write(void **state) {
  (void)state;
  char *err = explained("read_only_write");
  expect_text(err, "SIGSEGV at reservation#1+0x8 (0x");
  expect_text(err, "access: dev0=- host=r");
  expect_text(err, "what:   a write where only reading is granted");
  expect_text(err, "rule:   hipMemAccessFlagsProtRead allows reads only");
  expect_text(err, "{host 0, ReadWrite}, 1) would allow this");
  free(err);
}

/* MOCKHIP_HOST_ACCESS=all: the CPU plays every location, so no location's access faults. */
static void test_all_no_access_write(void **state) {
  (void)state;
  char *err = explained_under("no_access_write", explain_all);
  expect_text(err, "access: dev0=- host=- (MOCKHIP_HOST_ACCESS=all: the CPU plays every "
                   "location and has their union)");
  expect_text(err, "what:   mapped, but no location has access to it");
  expect_text(err, "rule:   a new mapping has no access");
  /* The fix holds on a GPU and under the default too: the host's grant, not a device's. */
  expect_text(err, ", {host 0, ReadWrite}, 1) would allow this");
  expect_text(err, "hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, "
                   "hipMemAccessFlagsProtReadWrite};");
  expect_text(err, "note:   a device's grant lets the CPU through only under "
                   "MOCKHIP_HOST_ACCESS=all");
  assert_null(strstr(err, "{device 0,"));
  free(err);
}

static void test_all_no_access_read(void **state) {
  (void)state;
  char *err = explained_under("no_access_read", explain_all);
  expect_text(err, "{host 0, Read}, 1) would allow this");
  free(err);
}

static void test_all_device_read_only_write(void **state) {
  (void)state;
  char *err = explained_under("device_read_only_write", explain_all);
  expect_text(err, "SIGSEGV at reservation#1+0x8 (0x");
  expect_text(err, "access: dev0=r host=-");
  expect_text(err, "what:   a write where only reading is granted");
  expect_text(err, "{host 0, ReadWrite}, 1) would allow this");
  free(err);
}

static void test_unmapped(void **state) {
  (void)state;
  char *err = explained("unmapped");
  expect_text(err, "SIGSEGV at reservation#1+0x3000 (0x");
  expect_text(err, "what:   reserved, but nothing is mapped here");
  expect_text(err, "rule:   a reservation is address space only");
  expect_text(err, "fix:    map a handle there first");
  expect_text(err, "hipMemMap((void *)0x");
  assert_null(strstr(err, "mapping: 0x"));
  free(err);
}

static void test_after_unmap(void **state) {
  (void)state;
  char *err = explained("after_unmap");
  expect_text(err, "SIGSEGV at reservation#1+0x20 (0x");
  expect_text(err, "a read by the CPU");
  expect_text(err, "(8192 bytes, handle#1) ");
  expect_text(err, "what:   unmapped: 0x");
  expect_text(err, ") was mapped at ");
  expect_text(err, "and unmapped by hipMemUnmap at ");
  expect_text(err, "mockhip_test_explain+0x"); /* the sites: module+offset, for addr2line */
  expect_text(err, "rule:   after hipMemUnmap the range is bare address space again");
  free(err);
}

static void test_released(void **state) {
  (void)state;
  char *err = explained("released");
  expect_text(err, "SIGSEGV at reservation#1+0x1000, freed (0x");
  expect_text(err, "freed by hipMemAddressFree at ");
  expect_text(err, "what:   the reservation was freed");
  expect_text(err, "rule:   after hipMemAddressFree the range belongs to the system again");
  expect_text(err, "hipMemUnmap, hipMemRelease, hipMemAddressFree");
  free(err);
}

static void test_outside_mock_memory_says_nothing(void **state) {
  (void)state;
  char *err = explained("outside");
  assert_null(strstr(err, "mockhip: explain:"));
  free(err);
}

/* Unset: no explanation, but one line that names the option, then the same death. */
static void test_unset_says_nothing(void **state) {
  (void)state;
  char *err = NULL;
  int status = sc_run("no_access_write", NULL, &err);
  assert_true(sc_died_of_fault(status));
  assert_null(strstr(err, "mockhip: explain:"));
  expect_text(err, "mockhip: SIGSEGV at reservation#1+0x10 (a write by the CPU), in memory "
                   "mockhip manages: run again with MOCKHIP_EXPLAIN=1 to hear why and how to "
                   "fix it\n");
  free(err);
  /* Not mock memory: not a word. */
  status = sc_run("outside", NULL, &err);
  assert_true(sc_died_of_fault(status));
  assert_null(strstr(err, "mockhip:"));
  free(err);
}

/* The fix each release gives under each host-access mode: under `all` the same as by default,
   since a device's grant would not let a GPU's host through. */
static void test_fix_per_release_and_mode(void **state) {
  (void)state;
  static const struct {
    const char *version, *mode, *fix;
  } rows[] = {
      {"7.2", "strict",
       "fix:    create the allocation with prop.location = "
       "{hipMemLocationTypeHost, 0} and grant {host 0}"},
      {"7.2", "all",
       "fix:    create the allocation with prop.location = "
       "{hipMemLocationTypeHost, 0} and grant {host 0}"},
      {"6.4", "strict", "fix:    move the bytes with hipMemcpy"},
      {"6.4", "all", "fix:    move the bytes with hipMemcpy"},
      {"", "all",
       "fix:    move the bytes with hipMemcpy (the device copies them); or "
       "create the allocation"},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    char version[64], mode[64];
    if (rows[i].version[0] != '\0')
      snprintf(version, sizeof version, "MOCKHIP_ROCM_VERSION=%s", rows[i].version);
    else /* HIP on NVIDIA */
      snprintf(version, sizeof version, "MOCKHIP_PLATFORM=nvidia");
    snprintf(mode, sizeof mode, "MOCKHIP_HOST_ACCESS=%s", rows[i].mode);
    const char *env[] = {"MOCKHIP_EXPLAIN=1", version, mode, NULL};
    char *err = explained_under("no_access_write", env);
    expect_text(err, rows[i].fix);
    assert_null(strstr(err, "{device 0,"));
    free(err);
  }
}

static void test_removed_on_purpose(void **state) {
  (void)state;
  char *err = explained("removed_write");
  expect_text(err, "access: dev0=- host=-");
  expect_text(err, "what:   access was set to none by hipMemSetAccess call #2 (at ");
  expect_text(err, "), from read-write: the access was removed on purpose");
  expect_text(err, "rule:   after hipMemSetAccess takes access away, a touch faults");
  expect_text(err, "make it before hipMemSetAccess call #2, or grant the access again");
  expect_text(err, "{host 0, ReadWrite}, 1) would allow this");
  assert_null(strstr(err, "a new mapping has no access"));
  free(err);
  err = explained_under("removed_write", explain_all);
  expect_text(err, "what:   access was set to none by hipMemSetAccess call #2");
  free(err);
}

static void test_lowered_on_purpose(void **state) {
  (void)state;
  char *err = explained("lowered_write");
  expect_text(err, "what:   a write where only reading is granted");
  expect_text(err, "when:   hipMemSetAccess call #2 (at ");
  expect_text(err, ") set it read-only, from read-write: writing was taken away on purpose");
  expect_text(err, "{host 0, ReadWrite}, 1) would allow this");
  free(err);
}

static void test_granted_again_forgets(void **state) {
  (void)state;
  char *err = explained("regranted_then_unmapped_touch");
  expect_text(err, "what:   a write where only reading is granted");
  assert_null(strstr(err, "on purpose"));
  free(err);
}

static void test_overrun(void **state) {
  (void)state;
  char *err = explained("overrun");
  expect_text(err, "SIGSEGV at reservation#1+0x2000 (0x");
  expect_text(err, "what:   an overrun: a write of 1 byte reached reservation#1+0x2000, the first "
                   "byte past the end of the mapping at reservation#1+0x0 (8192 bytes, handle#1), "
                   "mapped at ");
  expect_text(err, "fix:    check the size or the index that reached here: the mapping's last "
                   "byte is reservation#1+0x1fff");
  assert_null(strstr(err, "nothing is mapped here"));
  free(err);
}

/* The faulting address is the first byte past the end; the instruction says the size: never
   "ran 1 byte past" for an int (a.6). */
static void test_int_overrun(void **state) {
  (void)state;
  char *err = explained("int_overrun");
  expect_text(err, "what:   an overrun: a write of 4 bytes reached reservation#1+0x2000, the first "
                   "byte past the end of the mapping at reservation#1+0x0 (8192 bytes, handle#1)");
  assert_null(strstr(err, "ran 1 byte"));
  free(err);
}

/* A mapping made again after an unmap: the "when:" line names the unmap that dropped the
   host's grant and the map that made this mapping with none (a.7, b.5). */
static void test_remap_names_the_dropped_grant(void **state) {
  (void)state;
  char *err = explained("remapped_write");
  expect_text(err, "what:   the host was not granted read-write access, and the CPU touches this "
                   "memory as the host\nmockhip: explain:   when:   the hipMemUnmap at ");
  expect_text(err, " dropped the host's read-write grant, with the mapping of handle#1 that was "
                   "here; this mapping, made by the hipMemMap at ");
  expect_text(err, ", started with no access, and the host has no access to it (a.7, b.5)\n");
  free(err);
}

static void test_teach_explains(void **state) {
  (void)state;
  static const char *const teach[] = {"MOCKHIP_TEACH=1", NULL};
  char *err = NULL;
  assert_true(sc_died_of_fault(sc_run("no_access_write", teach, &err)));
  expect_text(err, "what:   the host was not granted read-write access");
  free(err);
}

static void test_program_handler_is_called_after(void **state) {
  (void)state;
  char *err = NULL;
  int status = sc_run("chained", explain_on, &err);
  if (!mt_killed_by(status, SIGUSR1)) {
    print_error("expected the program's handler to raise SIGUSR1; stderr:\n%s", err);
    fail();
  }
  const char *ours = strstr(err, "mockhip: explain: SIGSEGV at reservation#1+0x0");
  const char *theirs = strstr(err, "program handler: called");
  assert_non_null(ours);
  assert_non_null(theirs);
  assert_true(theirs > ours);
  free(err);
}

static void test_program_siginfo_handler_gets_the_arguments(void **state) {
  (void)state;
  char *err = NULL;
  int status = sc_run("chained_siginfo", explain_on, &err);
  if (!mt_killed_by(status, SIGUSR1)) {
    print_error("stderr:\n%s", err);
    fail();
  }
  const char *ours = strstr(err, "mockhip: explain: SIGSEGV at reservation#1+0x0");
  const char *theirs = strstr(err, "program handler: called with siginfo");
  assert_non_null(ours);
  assert_non_null(theirs);
  assert_true(theirs > ours);
  free(err);
}

static void test_many_devices_are_cut_short(void **state) {
  (void)state;
  static const char *const nine[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_DEVICES=9", NULL};
  char *err = NULL;
  assert_true(sc_died_of_fault(sc_run("no_access_write", nine, &err)));
  expect_text(err, "access: dev0=- dev1=- dev2=- dev3=- dev4=- dev5=- dev6=- dev7=- ... host=-");
  free(err);
}

static void test_protection_not_the_cause(void **state) {
  (void)state;
  char *err = explained("protection_not_the_cause");
  expect_text(err, "access: dev0=- host=rw");
  expect_text(err, "what:   the CPU has rw access here, so the page protection is not the cause");
  assert_null(strstr(err, "fix:"));
  free(err);
}

static void test_malloc_block(void **state) {
  (void)state;
  char *err = explained("malloc_block");
  expect_text(err, "SIGSEGV at hipMalloc#1+0x10 (0x");
  expect_text(err, "hipMalloc#1: 0x");
  expect_text(err, "(100 bytes asked), allocated at ");
  expect_text(err, "what:   hipMalloc-family memory is always readable and writable here");
  free(err);
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_no_access_write),
      cmocka_unit_test(test_no_access_read),
      cmocka_unit_test(test_read_only_write),
      cmocka_unit_test(test_all_no_access_write),
      cmocka_unit_test(test_all_no_access_read),
      cmocka_unit_test(test_all_device_read_only_write),
      cmocka_unit_test(test_unmapped),
      cmocka_unit_test(test_after_unmap),
      cmocka_unit_test(test_released),
      cmocka_unit_test(test_outside_mock_memory_says_nothing),
      cmocka_unit_test(test_unset_says_nothing),
      cmocka_unit_test(test_fix_per_release_and_mode),
      cmocka_unit_test(test_removed_on_purpose),
      cmocka_unit_test(test_lowered_on_purpose),
      cmocka_unit_test(test_granted_again_forgets),
      cmocka_unit_test(test_overrun),
      cmocka_unit_test(test_int_overrun),
      cmocka_unit_test(test_remap_names_the_dropped_grant),
      cmocka_unit_test(test_teach_explains),
      cmocka_unit_test(test_program_handler_is_called_after),
      cmocka_unit_test(test_program_siginfo_handler_gets_the_arguments),
      cmocka_unit_test(test_many_devices_are_cut_short),
      cmocka_unit_test(test_protection_not_the_cause),
      cmocka_unit_test(test_malloc_block),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
