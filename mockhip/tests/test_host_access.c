/*
 * test_host_access.c: the CPU is the host. By default (and under
 * MOCKHIP_HOST_ACCESS=strict, the default's name) its page protection follows
 * the host's access only, as every release requires hipMemLocationTypeHost
 * access for CPU touches (a.8#9, b.11). A CPU touch faults until the host is
 * granted access; read-only host access lets reads through; the devices'
 * copies and sets still work. ROCm 7.0 and HIP on NVIDIA grant the host
 * access to Host-located allocations only, 6.x never. MOCKHIP_HOST_ACCESS=all
 * lets the CPU play every device too. What the explainer and the teach note
 * say is each release's fix. Each case runs in a fresh child process (the
 * option is read at start-up).
 */
#include "mock_test.h"
#include "self_child.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* ---- the children ---- */

#define GRANULE ((size_t)4096) /* MOCKHIP_GRANULARITY's default: the children run without it */

static const hipMemAccessFlags RW = hipMemAccessFlagsProtReadWrite;
static const hipMemAccessFlags RO = hipMemAccessFlagsProtRead;

/* `count` granules, each a handle of its own located by `prop`, mapped back to back. */
static char *mapped_with(size_t count, hipMemAllocationProp prop) {
  void *base = NULL;
  SC_CHECK(hipMemAddressReserve(&base, count * GRANULE, 0, NULL, 0) == hipSuccess);
  for (size_t i = 0; i < count; i++) {
    hipMemGenericAllocationHandle_t handle;
    SC_CHECK(hipMemCreate(&handle, GRANULE, &prop, 0) == hipSuccess);
    SC_CHECK(hipMemMap((char *)base + i * GRANULE, GRANULE, 0, handle, 0) == hipSuccess);
    SC_CHECK(hipMemRelease(handle) == hipSuccess);
  }
  return base;
}

static char *mapped(size_t count) { return mapped_with(count, mt_prop_device(0)); }

static hipError_t grant(void *base, size_t bytes, int type, int id, hipMemAccessFlags flags) {
  hipMemAccessDesc desc = {{(hipMemLocationType)type, id}, flags};
  return hipMemSetAccess(base, bytes, &desc, 1);
}

static void touch_write(char *p) { *(volatile char *)p = 7; }
static char touch_read(char *p) { return *(volatile char *)p; }

/* Device 0 may read and write; the host nothing: the CPU's write faults, but under
   MOCKHIP_HOST_ACCESS=all. */
static void device_only_write(void) {
  char *base = mapped(1);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  touch_write(base + 100);
}

static void host_granted(void) {
  char *base = mapped(1);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeHost, 0, RW) == hipSuccess);
  touch_write(base);
  SC_CHECK(touch_read(base) == 7);
}

static void host_read_only(void) {
  char *base = mapped(1);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  SC_CHECK(hipMemset(base, 3, GRANULE) == hipSuccess);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeHost, 0, RO) == hipSuccess);
  SC_CHECK(touch_read(base + GRANULE - 1) == 3); /* the read goes through */
  touch_write(base);
}

static bool all_bytes(const unsigned char *p, size_t bytes, unsigned char value) {
  for (size_t i = 0; i < bytes; i++)
    if (p[i] != value)
      return false;
  return true;
}

/* The devices' copies and sets into memory the CPU may not touch, across mapping boundaries. */
static void device_work(void) {
  const size_t bytes = 3 * GRANULE;
  char *a = mapped(3), *b = mapped(3);
  SC_CHECK(grant(a, bytes, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  SC_CHECK(grant(b, bytes, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  unsigned char *host = malloc(bytes), *back = malloc(bytes);
  SC_CHECK(host != NULL && back != NULL);
  for (size_t i = 0; i < bytes; i++)
    host[i] = (unsigned char)(i * 7 + 1);

  SC_CHECK(hipMemcpyHtoD(a, host, bytes) == hipSuccess);
  SC_CHECK(hipMemcpy(b, a, bytes, hipMemcpyDeviceToDevice) == hipSuccess);
  SC_CHECK(hipMemcpyDtoH(back, b, bytes) == hipSuccess);
  SC_CHECK(memcmp(host, back, bytes) == 0);

  /* Overlapping, shifted by 100 bytes across both mapping boundaries: memmove's result. */
  SC_CHECK(hipMemcpyDtoD(b + 100, b, bytes - 100) == hipSuccess);
  SC_CHECK(hipMemcpyAsync(back, b, bytes, hipMemcpyDeviceToHost, NULL) == hipSuccess);
  SC_CHECK(hipStreamSynchronize(NULL) == hipSuccess);
  SC_CHECK(memcmp(back, host, 100) == 0 && memcmp(back + 100, host, bytes - 100) == 0);

  /* Sets: bytes, and 32-bit words that start off a word boundary of the mapping. */
  SC_CHECK(hipMemset(a, 0xab, bytes) == hipSuccess);
  SC_CHECK(hipMemcpyDtoH(back, a, bytes) == hipSuccess);
  SC_CHECK(all_bytes(back, bytes, 0xab));
  size_t words = (2 * GRANULE) / 4;
  SC_CHECK(hipMemsetD32(a + GRANULE - 2, 0x01020304, words) == hipSuccess);
  SC_CHECK(hipMemsetD16Async(b, 0x0506, bytes / 2, NULL) == hipSuccess);
  SC_CHECK(hipMemcpyDtoH(back, a, bytes) == hipSuccess);
  uint32_t word;
  memcpy(&word, back + GRANULE - 2 + 4 * (words - 1), 4);
  SC_CHECK(word == 0x01020304 && back[GRANULE - 3] == 0xab);
  memcpy(&word, back + GRANULE + 2, 4); /* inside the second mapping, phase kept */
  SC_CHECK(word == 0x01020304);
  SC_CHECK(hipMemcpyDtoH(back, b, 4) == hipSuccess);
  SC_CHECK(back[0] == 0x06 && back[1] == 0x05);

  /* hipMalloc memory, which the CPU touches directly, beside mapped memory. */
  char *block = NULL;
  SC_CHECK(hipMalloc((void **)&block, bytes) == hipSuccess);
  SC_CHECK(hipMemsetD16(block, 0x0708, bytes / 2) == hipSuccess);
  SC_CHECK(hipMemcpy(back, block, bytes, hipMemcpyDeviceToHost) == hipSuccess);
  SC_CHECK(back[0] == 0x08 && back[bytes - 1] == 0x07);
  SC_CHECK(hipMemcpy(block, a, bytes, hipMemcpyDeviceToDevice) == hipSuccess);
  SC_CHECK(block[0] == (char)0xab);
  SC_CHECK(hipFree(block) == hipSuccess);

  /* The devices' own checks stand: device 0 without access cannot copy. */
  SC_CHECK(grant(a, bytes, hipMemLocationTypeDevice, 0, hipMemAccessFlagsProtNone) == hipSuccess);
  SC_CHECK(hipMemcpyHtoD(a, host, 16) == mt_copy_refusal());
  free(host);
  free(back);
}

/* Two devices: a peer copy from device 1's memory to device 0's. */
static void peer_work(void) {
  char *a = mapped(1), *b = mapped_with(1, mt_prop_device(1));
  SC_CHECK(grant(a, GRANULE, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  SC_CHECK(grant(b, GRANULE, hipMemLocationTypeDevice, 1, RW) == hipSuccess);
  SC_CHECK(hipSetDevice(1) == hipSuccess);
  SC_CHECK(hipMemset(b, 0x42, GRANULE) == hipSuccess);
  SC_CHECK(hipMemcpyPeer(a, 0, b, 1, GRANULE) == hipSuccess);
  unsigned char back[64];
  SC_CHECK(hipSetDevice(0) == hipSuccess);
  SC_CHECK(hipMemcpyDtoH(back, a + GRANULE - sizeof back, sizeof back) == hipSuccess);
  SC_CHECK(all_bytes(back, sizeof back, 0x42));
}

/* ROCm 7.0 and HIP on NVIDIA: no host access to device-located memory (a.8#9: InvalidValue,
   NotSupported), so the CPU's touch faults. */
static void host_refused_device_located(void) {
  char *base = mapped(1);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeHost, 0, RW) != hipSuccess);
  touch_read(base);
}

/* Two set-access calls that leave the host less than device 0: the teach note, once. */
static void teach_device_only(void) {
  char *base = mapped(2);
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
  SC_CHECK(grant(base + GRANULE, GRANULE, hipMemLocationTypeDevice, 0, RW) == hipSuccess);
}

static void host_located_granted(void) {
  char *base = mapped_with(1, mt_prop_host());
  SC_CHECK(grant(base, GRANULE, hipMemLocationTypeHost, 0, RW) == hipSuccess);
  touch_write(base);
  SC_CHECK(touch_read(base) == 7);
}

static const sc_case cases[] = {
    {"device_only_write", device_only_write},
    {"host_granted", host_granted},
    {"host_read_only", host_read_only},
    {"device_work", device_work},
    {"peer_work", peer_work},
    {"host_refused_device_located", host_refused_device_located},
    {"host_located_granted", host_located_granted},
    {"teach_device_only", teach_device_only},
};

/* ---- the parent ---- */

static const char *const explain[] = {"MOCKHIP_EXPLAIN=1", NULL};
static const char *const strict[] = {"MOCKHIP_HOST_ACCESS=strict", "MOCKHIP_EXPLAIN=1", NULL};
static const char *const all[] = {"MOCKHIP_HOST_ACCESS=all", "MOCKHIP_EXPLAIN=1", NULL};

static void expect_text(const char *err, const char *needle) {
  if (strstr(err, needle) == NULL) {
    print_error("expected \"%s\" in:\n%s", needle, err);
    fail();
  }
}

static char *run_ok(const char *name, const char *const *env) {
  char *err = NULL;
  int status = sc_run(name, env, &err);
  if (!mt_exited_ok(status)) {
    print_error("stderr of %s:\n%s", name, err);
    fail();
  }
  return err;
}

static char *run_fault(const char *name, const char *const *env) {
  char *err = NULL;
  int status = sc_run(name, env, &err);
  if (!sc_died_of_fault(status)) {
    print_error("stderr of %s:\n%s", name, err);
    fail();
  }
  return err;
}

static void test_device_access_alone_faults(void **state) {
  (void)state;
  char *err = run_fault("device_only_write", explain);
  expect_text(err, "SIGSEGV at reservation#1+0x64 (0x");
  expect_text(err, "access: dev0=rw host=- (the CPU has the host's access alone, as on the "
                   "newest ROCm)");
  expect_text(err, "what:   the host was not granted read-write access, and the CPU touches "
                   "this memory as the host");
  expect_text(err,
              "rule:   the newest ROCm requires hipMemLocationTypeHost access for CPU touches");
  expect_text(err, ", 4096, {host 0, ReadWrite}, 1) would allow this");
  expect_text(err, "hipMemAccessDesc desc = {{hipMemLocationTypeHost, 0}, "
                   "hipMemAccessFlagsProtReadWrite};");
  free(err);
}

static void test_strict_names_the_default(void **state) {
  (void)state;
  char *err = run_fault("device_only_write", strict);
  expect_text(err, "what:   the host was not granted read-write access");
  free(err);
}

static void test_all_lets_device_access_through(void **state) {
  (void)state;
  free(run_ok("device_only_write", all)); /* the CPU plays device 0 */
}

static void test_bad_value_warns_and_keeps_the_default(void **state) {
  (void)state;
  static const char *const bad[] = {"MOCKHIP_HOST_ACCESS=stricter", NULL};
  char *err = run_fault("device_only_write", bad);
  expect_text(err,
              "mockhip: warning: MOCKHIP_HOST_ACCESS=stricter: not strict or all; using strict\n");
  free(err);
}

static void test_host_granted_touches(void **state) {
  (void)state;
  free(run_ok("host_granted", explain));
  free(run_ok("host_granted", all));
}

static void test_host_read_only_reads_but_not_writes(void **state) {
  (void)state;
  char *err = run_fault("host_read_only", explain);
  expect_text(err, "access: dev0=rw host=r");
  expect_text(err, "what:   a write where only reading is granted");
  expect_text(err, "{host 0, ReadWrite}, 1) would allow this");
  free(err);
  free(run_ok("host_read_only", all)); /* device 0's ReadWrite lets the CPU write */
}

/* By default the copies move bytes the CPU may not touch; under all, bytes it may. */
static void test_device_copies_and_sets_work(void **state) {
  (void)state;
  free(run_ok("device_work", explain));
  free(run_ok("device_work", all));
}

static void test_peer_copy_works(void **state) {
  (void)state;
  static const char *const two[] = {"MOCKHIP_DEVICES=2", NULL};
  free(run_ok("peer_work", two));
}

static void test_rocm_7_0_refuses_host_access_to_device_memory(void **state) {
  (void)state;
  static const char *const v70[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_ROCM_VERSION=7.0", NULL};
  char *err = run_fault("host_refused_device_located", v70);
  expect_text(err, "what:   the host was not granted read access");
  expect_text(err, "ROCm 7.0 grants it only to Host-located allocations (a.8#9)");
  expect_text(err, "fix:    create the allocation with prop.location = "
                   "{hipMemLocationTypeHost, 0} and grant {host 0}, or move the bytes with "
                   "hipMemcpy");
  free(err);
  free(run_ok("host_located_granted", v70));
}

/* 6.1-6.4: a reservation is the CPU's own pages (cpu_access `reservation_pages`, b.11): the
   CPU touches device memory granted to a device only, or to nobody, without a fault. */
static void test_rocm_6_x_cpu_touches_the_reservation(void **state) {
  (void)state;
  static const char *const v62[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_ROCM_VERSION=6.2", NULL};
  free(run_ok("device_only_write", v62));
  free(run_ok("host_granted", v62));
  static const char *const v70[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_ROCM_VERSION=7.0", NULL};
  free(run_fault("device_only_write", v70)); /* from 7.0 the reservation is bare addresses */
}

static void test_rocm_6_x_cannot_grant_the_host(void **state) {
  (void)state;
  /* The host slot alone (MOCKHIP_HOST_ACCESS=strict): 6.x reads a Host descriptor as device
     0's, so the grant succeeds and the CPU still faults. */
  static const char *const v64[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_ROCM_VERSION=6.4",
                                    "MOCKHIP_HOST_ACCESS=strict", NULL};
  char *err = run_fault("host_granted", v64);
  expect_text(err, "access: dev0=rw host=- (the CPU has the host's access alone, as on ROCm 6.4)");
  expect_text(err, "ROCm 6.4 cannot grant the host access at all");
  expect_text(err, "fix:    move the bytes with hipMemcpy");
  free(err);
  static const char *const v64_all[] = {"MOCKHIP_HOST_ACCESS=all", "MOCKHIP_ROCM_VERSION=6.4",
                                        NULL};
  free(run_ok("host_granted", v64_all));
}

static void test_nvidia_copies_device_memory(void **state) {
  (void)state;
  static const char *const nvidia[] = {"MOCKHIP_EXPLAIN=1", "MOCKHIP_PLATFORM=nvidia",
                                       "MOCKHIP_GRANULARITY=4096", NULL};
  char *err = run_fault("host_refused_device_located", nvidia);
  expect_text(err, "HIP on NVIDIA (CUDA 13.0) grants it only to Host-located allocations");
  expect_text(err, "fix:    move the bytes with hipMemcpy (the device copies them); or create "
                   "the allocation with prop.location = {hipMemLocationTypeHost, 0}");
  free(err);
  free(run_ok("host_located_granted", nvidia));
}

/* The teach note: the played release's way for the CPU to touch the memory, said once. */
static void expect_teach_note(const char *const *env, const char *note) {
  char *err = run_ok("teach_device_only", env);
  expect_text(err, note);
  const char *first = strstr(err, "the host has no access");
  assert_non_null(first);
  assert_null(strstr(first + 1, "the host has no access"));
  free(err);
}

static void test_teach_note_per_release(void **state) {
  (void)state;
  static const char *const newest[] = {"MOCKHIP_TEACH=1", NULL};
  expect_teach_note(newest, "teach: on the newest ROCm: the host has no access, so the CPU cannot "
                            "read or write this memory until hipMemSetAccess grants it "
                            "{hipMemLocationTypeHost, 0} access (docs/hip-vmm-semantics.md b.11, "
                            "a.8#9)");
  static const char *const v72[] = {"MOCKHIP_TEACH=1", "MOCKHIP_ROCM_VERSION=7.2", NULL};
  expect_teach_note(v72, "teach: on ROCm 7.2: the host has no access, so the CPU cannot read or "
                         "write this memory, and the host may be granted access to Host-located "
                         "allocations only: copy the bytes with hipMemcpy, or create the "
                         "allocation at {hipMemLocationTypeHost, 0}");
  static const char *const v60[] = {"MOCKHIP_TEACH=1", "MOCKHIP_ROCM_VERSION=6.0",
                                    "MOCKHIP_HOST_ACCESS=strict", NULL};
  expect_teach_note(v60, "teach: on ROCm 6.0: the host has no access, so the CPU cannot read or "
                         "write this memory, and this release cannot grant the host access: "
                         "copy the bytes with hipMemcpy");
  static const char *const v62[] = {"MOCKHIP_TEACH=1", "MOCKHIP_ROCM_VERSION=6.2", NULL};
  expect_teach_note(v62, "teach: on ROCm 6.2: the host has no access, yet the CPU reads and "
                         "writes it without a fault here: the reservation is the CPU's own "
                         "pages, which the device never sees");
  static const char *const nvidia[] = {"MOCKHIP_TEACH=1", "MOCKHIP_PLATFORM=nvidia",
                                       "MOCKHIP_GRANULARITY=4096", NULL};
  expect_teach_note(nvidia, "teach: on HIP on NVIDIA (CUDA 13.0): the host has no access, so the "
                            "CPU cannot read or write this memory, and the host may be granted "
                            "access to Host-located allocations only");
  static const char *const teach_all[] = {"MOCKHIP_TEACH=1", "MOCKHIP_HOST_ACCESS=all", NULL};
  expect_teach_note(teach_all, "teach: on the newest ROCm: the host has no access, so the CPU "
                               "cannot read or write this memory; the mock's CPU still can, "
                               "because MOCKHIP_HOST_ACCESS=all lets it play the devices");
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_device_access_alone_faults),
      cmocka_unit_test(test_strict_names_the_default),
      cmocka_unit_test(test_all_lets_device_access_through),
      cmocka_unit_test(test_bad_value_warns_and_keeps_the_default),
      cmocka_unit_test(test_host_granted_touches),
      cmocka_unit_test(test_host_read_only_reads_but_not_writes),
      cmocka_unit_test(test_device_copies_and_sets_work),
      cmocka_unit_test(test_peer_copy_works),
      cmocka_unit_test(test_rocm_7_0_refuses_host_access_to_device_memory),
      cmocka_unit_test(test_rocm_6_x_cpu_touches_the_reservation),
      cmocka_unit_test(test_rocm_6_x_cannot_grant_the_host),
      cmocka_unit_test(test_nvidia_copies_device_memory),
      cmocka_unit_test(test_teach_note_per_release),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
