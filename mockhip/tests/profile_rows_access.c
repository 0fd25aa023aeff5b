/*
 * profile_rows_access.c: the rows of table (g) about access: set-access ranges
 * and locations, the code of a Host descriptor on device memory, get-access,
 * and what the CPU may touch. Who may access a mapping is read from the dump,
 * which every release can show (6.0's hipMemGetAccess writes nothing).
 */
#include "profile_check.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * A growable buffer: chunk A (g) at base, chunk B (2g) after it, a hole of g
 * at the end. SetAccess(device 0) over [base + from, + bytes); returns the code
 * and whether A and B then have read-write access.
 */
typedef struct access_result {
  hipError_t err;
  bool a, b;
  char *said;
} access_result;

static access_result set_access_on_chunks(size_t b_granules, size_t from, size_t bytes) {
  size_t g = mt_granularity();
  size_t reserved = (1 + b_granules + 1) * g;
  char *base = reserve(reserved);
  hipMemGenericAllocationHandle_t a = create(g, hipMemHandleTypeNone);
  hipMemGenericAllocationHandle_t b = create(b_granules * g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, a, 0));
  MT_CHECK(hipMemMap(base + g, b_granules * g, 0, b, 0));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  access_result result;
  strict_begin();
  result.err = hipMemSetAccess(base + from, bytes, &desc, 1);
  result.said = strict_end();
  result.a = has_grant(base, "dev0=rw");
  result.b = has_grant(base + g, "dev0=rw");
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemUnmap(base + g, b_granules * g));
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemRelease(b));
  MT_CHECK(hipMemAddressFree(base, reserved));
  return result;
}

void test_set_access_size(void **state) {
  (void)state;
  const row *r = &set_access_size;
  size_t g = mt_granularity();
  cell word = cell_of(r);

  /* Exactly chunk B: the 7.0-7.2 bug (rocm-systems#2516) refuses it. */
  access_result got = set_access_on_chunks(2, g, 2 * g);
  ROW_EXPECT(r, word == FIRST_MAPPINGS ? hipErrorInvalidValue : hipSuccess, got.err);
  assert_strict(r, got.said, "fails here", word == FIRST_MAPPINGS);
  assert_false(got.a);
  assert_int_equal(got.b, word != FIRST_MAPPINGS);

  /* Half of B: extended to all of B, or refused. first_mappings's cell does not
     say what a size equal to the first mappings but inside B does: not asked. */
  if (word != FIRST_MAPPINGS) {
    got = set_access_on_chunks(2, g, g);
    ROW_EXPECT(r, word == EXTEND ? hipSuccess : hipErrorInvalidValue, got.err);
    free(got.said);
    assert_false(got.a);
    assert_int_equal(got.b, word == EXTEND);
  }

  /* A and B together: every release. */
  got = set_access_on_chunks(2, 0, 3 * g);
  ROW_EXPECT(r, hipSuccess, got.err);
  free(got.said);
  assert_true(got.a && got.b);

  /* Into the hole at the end: every release refuses. */
  got = set_access_on_chunks(2, 0, 4 * g);
  ROW_EXPECT(r, hipErrorInvalidValue, got.err);
  free(got.said);
  assert_false(got.a || got.b);

  /* From inside B, with B's size: exact_run counts the run from the start of the mapping
     ptr is in and applies it to all of B (a.7 notes); whole_run wants B's first byte;
     extend runs on into the hole after B; no first mappings add up to it. */
  got = set_access_on_chunks(2, 2 * g, 2 * g);
  ROW_EXPECT(r, word == EXACT_RUN ? hipSuccess : hipErrorInvalidValue, got.err);
  free(got.said);
  assert_false(got.a);
  assert_int_equal(got.b, word == EXACT_RUN);

  /* Chunks of one size: B alone works everywhere, the bug needs two sizes. */
  got = set_access_on_chunks(1, g, g);
  ROW_EXPECT(r, hipSuccess, got.err);
  assert_strict(r, got.said, "fails here", false);
  assert_false(got.a);
  assert_true(got.b);
}

/* SetAccess with `count` descriptors on a g mapping located at `where`; *access gets the
   dump's. */
static hipError_t set_access_descs(hipMemLocationType where, const hipMemAccessDesc *desc,
                                   size_t count, char **access) {
  size_t g = mt_granularity();
  hipMemAllocationProp prop = where == hipMemLocationTypeHost ? mt_prop_host() : mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  void *base = reserve(g);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  hipError_t err = hipMemSetAccess(base, g, desc, count);
  *access = access_text(base);
  assert_non_null(*access);
  if (cell_of(&get_access_checked) == YES) { /* GetAccess agrees with the dump for device 0 */
    hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
    unsigned long long flags = 99;
    MT_CHECK(hipMemGetAccess(&flags, &device0, base));
    assert_int_equal(flags == hipMemAccessFlagsProtReadWrite, strstr(*access, "dev0=rw") != NULL);
  }
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, g));
  return err;
}

/* The same with one descriptor. */
static hipError_t set_access_as(hipMemLocationType where, hipMemAccessDesc desc, char **access) {
  return set_access_descs(where, &desc, 1, access);
}

/* A read-write descriptor for one location. */
#define RW(type, id) ((hipMemAccessDesc){{(type), (id)}, hipMemAccessFlagsProtReadWrite})

static void assert_access(const row *r, char *access, const char *want) {
  if (strcmp(access, want) != 0)
    print_error("row %s, profile %s: access \"%s\", expected \"%s\"\n", r->key,
                profile_names[played], access, want);
  assert_string_equal(access, want);
  free(access);
}

void test_set_access_locations(void **state) {
  (void)state;
  const row *r = &set_access_locations;
  const hipMemLocationType device = hipMemLocationTypeDevice, host = hipMemLocationTypeHost;
  cell word = cell_of(r);
  char *access;

  /* Host on device memory: device 0 (as_device), refused (host_located, with
     host_access_refusal's code), the host (all). */
  hipError_t err = set_access_as(device, RW(host, 0), &access);
  ROW_EXPECT(r, word == HOST_LOCATED ? code_of(&host_access_refusal) : hipSuccess, err);
  assert_access(r, access,
                word == AS_DEVICE ? "dev0=rw dev1=- host=-"
                : word == ALL     ? "dev0=- dev1=- host=rw"
                                  : "dev0=- dev1=- host=-");

  /* as_device takes the id as a device's; a Host id is not looked at otherwise. */
  if (word != ALL) {
    err = set_access_as(device, RW(host, 1), &access);
    ROW_EXPECT(r, word == AS_DEVICE ? hipSuccess : code_of(&host_access_refusal), err);
    assert_access(r, access, word == AS_DEVICE ? "dev0=- dev1=rw host=-" : "dev0=- dev1=- host=-");
  }

  /* An invalid type is a device to as_device, refused by the others. */
  err = set_access_as(device, RW(hipMemLocationTypeInvalid, 0), &access);
  ROW_EXPECT(r, word == AS_DEVICE ? hipSuccess : hipErrorInvalidValue, err);
  assert_access(r, access, word == AS_DEVICE ? "dev0=rw dev1=- host=-" : "dev0=- dev1=- host=-");

  /* HostNuma: a device to as_device, refused by host_located, allowed by all. */
  err = set_access_as(device, RW(hipMemLocationTypeHostNuma, 0), &access);
  ROW_EXPECT(r, word == HOST_LOCATED ? hipErrorInvalidValue : hipSuccess, err);
  if (word == AS_DEVICE)
    assert_access(r, access, "dev0=rw dev1=- host=-");
  else
    free(access);

  /* Host on host memory, where the release can make it (not location_types `device`). */
  if (cell_of(&location_types) != DEVICE) {
    err = set_access_as(host, RW(host, 0), &access);
    ROW_EXPECT(r, hipSuccess, err);
    assert_access(r, access, "dev0=- dev1=- host=rw");
  }

  /* A device descriptor works everywhere. */
  err = set_access_as(device, RW(device, 1), &access);
  ROW_EXPECT(r, hipSuccess, err);
  assert_access(r, access, "dev0=- dev1=rw host=-");
}

void test_get_access_checked(void **state) {
  (void)state;
  const row *r = &get_access_checked;
  bool checked = cell_of(r) == YES;
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  set_access(base, g, hipMemLocationTypeDevice, 0);
  assert_true(has_grant(base, "dev0=rw"));

  const unsigned long long untouched = 0xdead;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0}, device1 = {hipMemLocationTypeDevice, 1};
  unsigned long long flags = untouched;
  ROW_EXPECT(r, hipSuccess, hipMemGetAccess(&flags, &device0, base + 100));
  assert_int_equal(flags, checked ? hipMemAccessFlagsProtReadWrite : untouched);
  flags = untouched;
  ROW_EXPECT(r, hipSuccess, hipMemGetAccess(&flags, &device1, base));
  assert_int_equal(flags, checked ? hipMemAccessFlagsProtNone : untouched);
  flags = untouched; /* reserved, not mapped */
  ROW_EXPECT(r, checked ? hipErrorInvalidValue : hipSuccess,
             hipMemGetAccess(&flags, &device0, base + g));
  assert_int_equal(flags, untouched);

  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_host_access_refusal(void **state) {
  (void)state;
  const row *r = &host_access_refusal;
  const hipMemLocationType device = hipMemLocationTypeDevice, host = hipMemLocationTypeHost;
  char *access;
  if (cell_of(&set_access_locations) != HOST_LOCATED) {
    /* No refusal to give: as_device takes the descriptor as device 0's, all grants the
       host. */
    ROW_EXPECT(r, hipSuccess, set_access_as(device, RW(host, 0), &access));
    free(access);
    return;
  }
  /* Host on device memory is refused with the row's code, and grants nothing. */
  ROW_EXPECT(r, code_of(r), set_access_as(device, RW(host, 0), &access));
  assert_access(r, access, "dev0=- dev1=- host=-");
  /* The one before the refused one stays where descriptors apply in order (a.8). */
  const hipMemAccessDesc both[2] = {RW(device, 1), RW(host, 0)};
  ROW_EXPECT(r, code_of(r), set_access_descs(device, both, 2, &access));
  assert_access(r, access,
                cell_of(&set_access_order) == IN_ORDER ? "dev0=- dev1=rw host=-"
                                                       : "dev0=- dev1=- host=-");
  /* Not a refusal: a location type the release does not take is InvalidValue. */
  ROW_EXPECT(r, hipErrorInvalidValue,
             set_access_as(device, RW(hipMemLocationTypeHostNuma, 0), &access));
  free(access);
  /* Host-located memory takes the host. */
  ROW_EXPECT(r, hipSuccess, set_access_as(host, RW(host, 0), &access));
  assert_access(r, access, "dev0=- dev1=- host=rw");
}

void test_set_access_order(void **state) {
  (void)state;
  const row *r = &set_access_order;
  const hipMemLocationType device = hipMemLocationTypeDevice;
  char *access;
  /* A good descriptor, then one of bad flags: the first stays, or nothing changes. */
  const hipMemAccessDesc bad = {{device, 0}, (hipMemAccessFlags)7};
  const hipMemAccessDesc descs[2] = {RW(device, 1), bad};
  ROW_EXPECT(r, hipErrorInvalidValue, set_access_descs(device, descs, 2, &access));
  assert_access(r, access,
                cell_of(r) == IN_ORDER ? "dev0=- dev1=rw host=-" : "dev0=- dev1=- host=-");
  /* A bad first descriptor changes nothing anywhere. */
  const hipMemAccessDesc first_bad[2] = {bad, RW(device, 1)};
  ROW_EXPECT(r, hipErrorInvalidValue, set_access_descs(device, first_bad, 2, &access));
  assert_access(r, access, "dev0=- dev1=- host=-");
}

/* Reads the access `where` has at `at`, flags preset to 99. */
static hipError_t get_access_of(hipMemLocation where, void *at, unsigned long long *flags) {
  *flags = 99;
  return hipMemGetAccess(flags, &where, at);
}

void test_get_access_host(void **state) {
  (void)state;
  const row *r = &get_access_host;
  if (cell_of(&get_access_checked) == NO)
    return; /* 5.x code answers Success for anything without looking */
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  set_access(base, g, hipMemLocationTypeDevice, 0);
  hipMemLocation host = {hipMemLocationTypeHost, 0};
  unsigned long long flags;
  /* The host holds no access to device memory: answered (0), or refused. */
  ROW_EXPECT(r, code_of(r), get_access_of(host, base, &flags));
  assert_int_equal(flags, cell_of(r) == SUCCESS ? hipMemAccessFlagsProtNone : 99);
  /* Reserved, not mapped: refused everywhere; so is a NUMA node. */
  ROW_EXPECT(r, hipErrorInvalidValue, get_access_of(host, base + g, &flags));
  hipMemLocation numa = {hipMemLocationTypeHostNuma, 0};
  ROW_EXPECT(r, hipErrorInvalidValue, get_access_of(numa, base, &flags));
  assert_int_equal(flags, 99);
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

void test_get_access_device_id(void **state) {
  (void)state;
  const row *r = &get_access_device_id;
  if (cell_of(&get_access_checked) == NO)
    return;
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  int count = 0;
  MT_CHECK(hipGetDeviceCount(&count));
  unsigned long long flags;
  hipMemLocation beyond = {hipMemLocationTypeDevice, count},
                 negative = {hipMemLocationTypeDevice, -1};
  ROW_EXPECT(r, code_of(r), get_access_of(beyond, base, &flags));
  ROW_EXPECT(r, code_of(r), get_access_of(negative, base, &flags));
  assert_int_equal(flags, 99);
  /* A location of type Invalid: the row's code where it is InvalidDevice, checked before the
     address (reserved, not mapped, at base + g); a location type ROCm refuses otherwise. */
  hipMemLocation invalid = {hipMemLocationTypeInvalid, 0};
  ROW_EXPECT(r, code_of(r), get_access_of(invalid, base, &flags));
  ROW_EXPECT(r, code_of(r), get_access_of(invalid, base + g, &flags));
  assert_int_equal(flags, 99);
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
}

/* ---- cpu_access: what the CPU may touch ---- */

/* In a forked child: reads the first byte of the mapping and exits 0 if it holds 0x5a. */
static void read_first_byte(void *arg) {
  volatile const unsigned char *byte = arg;
  _exit(*byte == 0x5a ? 0 : 3);
}

/* Maps one granule located at `where`, grants `grant` read-write, writes 0x5a there through a
   copy, and reports whether the CPU could read it back in a forked child: true when it did,
   false when the read faulted (SIGSEGV), failing on anything else. */
static bool cpu_reads(const row *r, hipMemLocationType where, hipMemLocation grant) {
  size_t g = mt_granularity();
  hipMemAllocationProp prop = where == hipMemLocationTypeHost ? mt_prop_host() : mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  char *base = reserve(g);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  hipMemAccessDesc desc = {grant, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(base, g, &desc, 1));
  if (grant.type == hipMemLocationTypeDevice) { /* the device writes */
    MT_CHECK(hipSetDevice(grant.id));
    MT_CHECK(hipMemsetD8(base, 0x5a, g));
    MT_CHECK(hipSetDevice(0));
  } else { /* the host may: the CPU writes */
    memset(base, 0x5a, g);
  }
  int status = mt_run_in_child(read_first_byte, base);
  bool read = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!read && !(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV))
    print_error("row %s, profile %s: the CPU's read neither succeeded nor faulted (status %#x)\n",
                r->key, profile_names[played], (unsigned)status);
  assert_true(read || mt_killed_by(status, SIGSEGV));
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, g));
  return read;
}

void test_cpu_access(void **state) {
  (void)state;
  const row *r = &cpu_access;
  if (getenv("MOCKHIP_HOST_ACCESS") != NULL)
    skip(); /* MOCKHIP_HOST_ACCESS=all overrides the row: it is read with its default */
  bool host_slot = cell_of(r) == HOST_SLOT;
  const hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  const hipMemLocation device1 = {hipMemLocationTypeDevice, 1};
  const hipMemLocation host = {hipMemLocationTypeHost, 0};
  /* Device memory that device 0 (or 1) may read and write: under host_slot the CPU is the
     host alone, and faults. */
  assert_int_equal(cpu_reads(r, hipMemLocationTypeDevice, device0), !host_slot);
  assert_int_equal(cpu_reads(r, hipMemLocationTypeDevice, device1), !host_slot);
  if (cell_of(&location_types) == DEVICE)
    return; /* no Host-located memory to grant the host on */
  /* Host-located memory: what decides is the host slot, not where the memory lives. */
  assert_int_equal(cpu_reads(r, hipMemLocationTypeHost, device0), !host_slot);
  if (cell_of(&set_access_locations) != AS_DEVICE)
    assert_true(cpu_reads(r, hipMemLocationTypeHost, host));
}

/* ---- copy_access: what a copy or set asks of the mappings it touches ---- */

/* Whether all `bytes` at `at` read `value` through device `device`, which may read them. */
static bool device_reads(int device, const char *at, size_t bytes, unsigned char value) {
  unsigned char *back = malloc(bytes);
  assert_non_null(back);
  MT_CHECK(hipSetDevice(device));
  MT_CHECK(hipMemcpyDtoH(back, (void *)at, bytes));
  MT_CHECK(hipSetDevice(0));
  size_t same = 0;
  while (same < bytes && back[same] == value)
    same++;
  free(back);
  return same == bytes;
}

/* How many strict lines of text report a copy through an ungranted mapping; frees text. */
static int ungranted_reports(char *text) {
  int count = 0;
  for (const char *at = text;
       (at = strstr(at, "copy through a mapping the device was not granted")); at++)
    count++;
  free(text);
  return count;
}

/*
 * Two reservations back to back, the first of two granules, the second of one, each mapped
 * whole and granted to device 0: copies and a set from the first's last granule into the
 * second. `whole_range` (HIP on NVIDIA) asks the mappings and their access only, not where a
 * reservation ends (an H200: observed-hardware.md item 4); every other cell refuses a range
 * that leaves its reservation (hipErrorInvalidValue) and moves nothing.
 */
static void copy_across_reservations(const row *r) {
  bool across = cell_of(r) == WHOLE_RANGE;
  size_t g = mt_granularity();
  char *room = reserve(3 * g), *first = NULL, *second = NULL;
  MT_CHECK(hipMemAddressFree(room, 3 * g));
  MT_CHECK(hipMemAddressReserve((void **)&first, 2 * g, 0, room, 0));
  MT_CHECK(hipMemAddressReserve((void **)&second, g, 0, room + 2 * g, 0));
  assert_ptr_equal(first, room);
  assert_ptr_equal(second, first + 2 * g);
  hipMemGenericAllocationHandle_t a = create(2 * g, hipMemHandleTypeNone),
                                  b = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(first, 2 * g, 0, a, 0));
  MT_CHECK(hipMemMap(second, g, 0, b, 0));
  set_access(first, 2 * g, hipMemLocationTypeDevice, 0);
  set_access(second, g, hipMemLocationTypeDevice, 0);
  MT_CHECK(hipMemsetD8(first, 0x22, 2 * g));
  MT_CHECK(hipMemsetD8(second, 0x11, g));
  unsigned char *host = malloc(2 * g);
  assert_non_null(host);
  memset(host, 0x5a, 2 * g);

  hipError_t want = across ? hipSuccess : hipErrorInvalidValue;
  ROW_EXPECT(r, want, hipMemcpyHtoD(first + g, host, 2 * g));
  assert_true(device_reads(0, first + g, g, across ? 0x5a : 0x22));
  assert_true(device_reads(0, second, g, across ? 0x5a : 0x11));
  ROW_EXPECT(r, want, hipMemsetD8(first + g, 0x33, 2 * g));
  assert_true(device_reads(0, second, g, across ? 0x33 : 0x11));
  memset(host, 0, 2 * g);
  ROW_EXPECT(r, want, hipMemcpyDtoH(host, first + g, 2 * g));
  assert_int_equal(host[2 * g - 1], across ? 0x33 : 0);

  /* The access is still asked, of every mapping: read-only second, refused everywhere. */
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(second, g, &read, 1));
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemcpyHtoD(first + g, host, 2 * g));
  ROW_EXPECT(r, want, hipMemcpyDtoH(host, first + g, 2 * g));
  /* Past the second's end, nothing is mapped: refused everywhere. */
  ROW_EXPECT(r, hipErrorInvalidValue, hipMemcpyDtoH(host, second, 2 * g));

  free(host);
  MT_CHECK(hipMemUnmap(first, 2 * g));
  MT_CHECK(hipMemUnmap(second, g));
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemRelease(b));
  MT_CHECK(hipMemAddressFree(first, 2 * g));
  MT_CHECK(hipMemAddressFree(second, g));
}

/*
 * Hip-tests' MapPhysChksFromMulDev as ROCm plays it: chunk A on device 0, granted to device 0
 * only, chunk B right after it on device 1, granted to device 1 only; device 0 copies and sets
 * over both. `first_mapping` (6.3 on, hip_memory.cpp ihipMemcpy_validate_memory) asks only A:
 * the call moves the bytes, strict mode reports B once per call; a copy or set starting in B is
 * refused with hipErrorUnknown. `none` (6.0-6.2, where ROCm asks nothing) and `whole_range`
 * (HIP on NVIDIA) refuse both with hipErrorInvalidValue and move nothing.
 */
void test_copy_access(void **state) {
  (void)state;
  const row *r = &copy_access;
  bool first_only = cell_of(r) == FIRST_MAPPING;
  hipError_t refusal = first_only ? hipErrorUnknown : hipErrorInvalidValue;
  assert_int_equal(mt_copy_refusal(), refusal);
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  hipMemAllocationProp on1 = mt_prop_device(1);
  hipMemGenericAllocationHandle_t a = create(g, hipMemHandleTypeNone), b = NULL;
  MT_CHECK(hipMemCreate(&b, g, &on1, 0));
  MT_CHECK(hipMemMap(base, g, 0, a, 0));
  MT_CHECK(hipMemMap(base + g, g, 0, b, 0));
  set_access(base, g, hipMemLocationTypeDevice, 0);
  set_access(base + g, g, hipMemLocationTypeDevice, 1);
  MT_CHECK(hipMemset(base, 0x22, g)); /* device 0 fills A */
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipMemset(base + g, 0x11, g)); /* device 1 fills B */
  MT_CHECK(hipSetDevice(0));
  unsigned char *host = malloc(2 * g);
  assert_non_null(host);
  memset(host, 0x5a, 2 * g);

  /* Over both chunks, from A (stderr is captured around each call only: a failed assertion
     leaves the capture behind). */
  unsigned long long before = mockhip_strict_count();
  strict_begin();
  hipError_t err = hipMemcpyHtoD(base, host, 2 * g);
  char *said = strict_end();
  ROW_EXPECT(r, first_only ? hipSuccess : refusal, err);
  assert_int_equal(ungranted_reports(said), first_only);
  assert_int_equal(mockhip_strict_count(), before + first_only);
  assert_true(device_reads(0, base, g, first_only ? 0x5a : 0x22));
  assert_true(device_reads(1, base + g, g, first_only ? 0x5a : 0x11));
  strict_begin();
  err = hipMemsetD8(base, 0x33, 2 * g);
  said = strict_end();
  ROW_EXPECT(r, first_only ? hipSuccess : refusal, err);
  assert_int_equal(ungranted_reports(said), first_only);
  assert_true(device_reads(1, base + g, g, first_only ? 0x33 : 0x11));
  memset(host, 0, 2 * g);
  strict_begin();
  err = hipMemcpyDtoH(host, base, 2 * g);
  said = strict_end();
  ROW_EXPECT(r, first_only ? hipSuccess : refusal, err);
  assert_int_equal(ungranted_reports(said), first_only);
  assert_int_equal(host[2 * g - 1], first_only ? 0x33 : 0);

  /* From B, which device 0 was not granted: refused in every release, nothing moved. */
  strict_begin();
  hipError_t from_b[3];
  from_b[0] = hipMemcpyHtoD(base + g, host, g);
  from_b[1] = hipMemsetD8(base + g, 0x44, g);
  from_b[2] = hipMemcpyDtoH(host, base + g, g);
  said = strict_end();
  for (int i = 0; i < 3; i++)
    ROW_EXPECT(r, refusal, from_b[i]);
  assert_int_equal(ungranted_reports(said), 0);
  assert_true(device_reads(1, base + g, g, first_only ? 0x33 : 0x11));

  /* Read-only A: a source, not a destination. */
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemSetAccess(base, g, &read, 1));
  ROW_EXPECT(r, refusal, hipMemcpyHtoD(base, host, g));
  ROW_EXPECT(r, refusal, hipMemsetD8(base, 0x44, g));
  ROW_EXPECT(r, hipSuccess, hipMemcpyDtoH(host, base, g));

  free(host);
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemUnmap(base + g, g));
  MT_CHECK(hipMemRelease(a));
  MT_CHECK(hipMemRelease(b));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
  copy_across_reservations(r);
}

/* ---- pageable_copy: when a copy out of pageable memory has landed ---- */

/* Two mappings side by side, A then B, each of one granule and read-write for device 0. */
typedef struct side_by_side {
  char *a, *b;
  hipMemGenericAllocationHandle_t a_handle, b_handle;
  size_t g;
} side_by_side;

#define STAGED_BYTES 64

/*
 * Right after a copy of STAGED_BYTES of `value` to dst, takes device 0's right to write to the
 * mapping at `at` (unmaps it, or lowers it to Read) with no synchronization. Where copies are
 * staged, the next synchronizing call reports the race only when the copy lands in that
 * mapping (`lands_there`); otherwise nothing faults, no error stays, and the bytes are there.
 * The mapping is restored afterwards.
 */
static void change_after_copy(const row *r, const side_by_side *p, char *dst, unsigned char value,
                              char *at, bool unmap, bool lands_there) {
  bool reported = cell_of(r) == STAGED && lands_there;
  unsigned char host[STAGED_BYTES];
  memset(host, value, sizeof host);
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemcpyHtoD(dst, host, sizeof host));
  if (unmap)
    MT_CHECK(hipMemUnmap(at, p->g));
  else
    MT_CHECK(hipMemSetAccess(at, p->g, &read, 1));
  ROW_EXPECT(r, reported ? hipErrorLaunchFailure : hipSuccess, hipDeviceSynchronize());
  if (reported) {
    mt_assert_reason_contains(unmap ? "still landing when hipMemUnmap"
                                    : "still landing when hipMemSetAccess");
    MT_CHECK(hipDeviceReset());
  }
  if (unmap)
    MT_CHECK(hipMemMap(at, p->g, 0, at == p->a ? p->a_handle : p->b_handle, 0));
  set_access(at, p->g, hipMemLocationTypeDevice, 0);
  if (!lands_there) /* a synchronous copy: a sticky error would refuse it */
    assert_true(device_reads(0, dst, sizeof host, value));
}

/* Only a mapping the staged copy lands in races it: a copy that ends exactly where B begins,
   or begins exactly where A ends, leaves the other mapping free to go or to be lowered. */
static void staged_copy_beside(const row *r, char *a, char *b, size_t g) {
  side_by_side p = {a, b, create(g, hipMemHandleTypeNone), create(g, hipMemHandleTypeNone), g};
  MT_CHECK(hipMemMap(a, g, 0, p.a_handle, 0));
  MT_CHECK(hipMemMap(b, g, 0, p.b_handle, 0));
  set_access(a, g, hipMemLocationTypeDevice, 0);
  set_access(b, g, hipMemLocationTypeDevice, 0);
  char *end_of_a = a + g - STAGED_BYTES;
  unsigned char value = 0x40;
  for (int i = 0; i < 2; i++) {
    bool unmap = i == 1; /* lowered to Read, then unmapped */
    change_after_copy(r, &p, end_of_a, value++, b, unmap, false);
    change_after_copy(r, &p, b, value++, a, unmap, false);
    change_after_copy(r, &p, end_of_a, value++, a, unmap, true);
    change_after_copy(r, &p, b, value++, b, unmap, true);
  }
  MT_CHECK(hipMemUnmap(a, g));
  MT_CHECK(hipMemUnmap(b, g));
  MT_CHECK(hipMemRelease(p.a_handle));
  MT_CHECK(hipMemRelease(p.b_handle));
}

/* staged_copy_beside with A and B in one reservation, then in two reservations side by side. */
static void staged_copy_at_a_boundary(const row *r) {
  size_t g = mt_granularity();
  char *base = reserve(2 * g);
  staged_copy_beside(r, base, base + g, g);
  MT_CHECK(hipMemAddressFree(base, 2 * g));

  char *first = NULL, *second = NULL;
  base = reserve(2 * g);
  MT_CHECK(hipMemAddressFree(base, 2 * g));
  MT_CHECK(hipMemAddressReserve((void **)&first, g, 0, base, 0));
  MT_CHECK(hipMemAddressReserve((void **)&second, g, 0, base + g, 0));
  assert_ptr_equal(first, base);
  assert_ptr_equal(second, base + g);
  staged_copy_beside(r, first, second, g);
  MT_CHECK(hipMemAddressFree(first, g));
  MT_CHECK(hipMemAddressFree(second, g));
}

void test_pageable_copy(void **state) {
  (void)state;
  const row *r = &pageable_copy;
  bool staged = cell_of(r) == STAGED;
  size_t g = mt_granularity();
  char *base = reserve(g);
  hipMemGenericAllocationHandle_t handle = create(g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  set_access(base, g, hipMemLocationTypeDevice, 0);
  char *host = malloc(g);
  assert_non_null(host);
  memset(host, 7, g);
  hipMemAccessDesc none = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtNone};
  hipMemAccessDesc rw = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};

  /* Synchronized first: taking the access away and back is safe everywhere. */
  MT_CHECK(hipMemcpy(base, host, g, hipMemcpyHostToDevice));
  MT_CHECK(hipDeviceSynchronize());
  MT_CHECK(hipMemSetAccess(base, g, &none, 1));
  MT_CHECK(hipMemSetAccess(base, g, &rw, 1));
  assert_true(device_reads(0, base, g, 7));

  /* Read-only or no access right after the copy: the DMA still landing may not write there,
     and the device faults where copies are staged. */
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  const hipMemAccessDesc *lowered[] = {&read, &none};
  for (int i = 0; i < 2; i++) {
    MT_CHECK(hipMemcpyHtoD(base, host, g));
    MT_CHECK(hipMemSetAccess(base, g, lowered[i], 1));
    MT_CHECK(hipMemSetAccess(base, g, &rw, 1));
    ROW_EXPECT(r, staged ? hipErrorLaunchFailure : hipSuccess, hipMemcpyDtoH(host, base, g));
    if (staged) {
      mt_assert_reason_contains("still landing when hipMemSetAccess");
      MT_CHECK(hipDeviceReset()); /* forgets the fault; VMM objects stay */
    }
  }

  /* An unmap right after the copy: the DMA lands on nothing. */
  MT_CHECK(hipMemcpyHtoD(base, host, g));
  MT_CHECK(hipMemUnmap(base, g));
  ROW_EXPECT(r, staged ? hipErrorLaunchFailure : hipSuccess, hipDeviceSynchronize());
  if (staged) {
    mt_assert_reason_contains("still landing when hipMemUnmap");
    MT_CHECK(hipDeviceReset());
  }
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemAddressFree(base, g));

  /* Memory the runtime frees itself: its stream-ordered free comes after the DMA, so the copy
     has landed, and a mapping made later at the same address unmaps without a fault. */
  hipMemPool_t pool;
  hipMemPoolProps props = {.allocType = hipMemAllocationTypePinned,
                           .location = {hipMemLocationTypeDevice, 0}};
  MT_CHECK(hipMemPoolCreate(&pool, &props));
  char *block;
  MT_CHECK(hipMallocFromPoolAsync((void **)&block, 161, pool, NULL));
  MT_CHECK(hipMemcpy(block + 2, host, 53, hipMemcpyHostToDevice));
  MT_CHECK(hipFreeAsync(block, NULL));
  MT_CHECK(hipMemPoolDestroy(pool));
  char *hint = (char *)((uintptr_t)block / g * g), *again;
  MT_CHECK(hipMemAddressReserve((void **)&again, g, 0, hint, 0));
  assert_ptr_equal(again, hint);
  MT_CHECK(hipMemMap(again, g, 0, handle, 0));
  MT_CHECK(hipMemUnmap(again, g));
  ROW_EXPECT(r, hipSuccess, hipDeviceSynchronize());
  free(host);
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(again, g));
  staged_copy_at_a_boundary(r);
}
