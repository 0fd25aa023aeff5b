/*
 * test_strict.c: MOCKHIP_STRICT's misuse reports. Each misuse runs first with
 * strict off, then on: the call returns the same, and with strict on prints
 * exactly one stderr line, "mockhip: strict: <kind>: <api> at <site>: <details>",
 * whose site is the function below that misused the API, in this binary
 * (linked with -rdynamic so dladdr names it). The same site again prints
 * nothing; another site does. Correct use and garbage handles print nothing.
 * The variable itself is read at start-up, so it is tried through
 * mockhip-leak-probe (MOCKHIP_LEAK_PROBE).
 */
#include "mock_test.h"
#include "report_lines.h"
#include "self_child.h"

#include <stdlib.h>
#include <string.h>

/* What the misuses work on; each setup fills what its misuses use. */
typedef struct scene {
  size_t g;   /* the minimum granularity */
  void *base; /* a reservation of `reserved` bytes */
  size_t reserved;
  void *second; /* a second reservation of g bytes, right after base (setup_adjacent) */
  hipMemGenericAllocationHandle_t handle;   /* mapped at base (released in some setups) */
  hipMemGenericAllocationHandle_t other;    /* mapped elsewhere */
  hipMemGenericAllocationHandle_t released; /* created and released, never mapped */
  void *host;                               /* 2 * g bytes of host memory */
} scene;

static const hipMemAccessDesc read_write = {{hipMemLocationTypeDevice, 0},
                                            hipMemAccessFlagsProtReadWrite};

static void reserve(scene *s, size_t bytes) {
  memset(s, 0, sizeof *s);
  s->g = mt_granularity();
  s->reserved = bytes * s->g;
  MT_CHECK(hipMemAddressReserve(&s->base, s->reserved, 0, NULL, 0));
}

static hipMemGenericAllocationHandle_t create(size_t bytes) {
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  return handle;
}

static hipMemGenericAllocationHandle_t create_released(void) {
  hipMemGenericAllocationHandle_t handle = create(mt_granularity());
  MT_CHECK(hipMemRelease(handle));
  return handle;
}

/* ---- scenes: a setup and the teardown that undoes it (misuses change nothing) ---- */

/* A 2g reservation, unmapped. */
static void setup_reserved(scene *s) { reserve(s, 2); }
static void teardown_reserved(scene *s) { MT_CHECK(hipMemAddressFree(s->base, s->reserved)); }

/* A 2g reservation wholly mapped by one 2g handle. */
static void setup_mapped(scene *s) {
  reserve(s, 2);
  s->handle = create(s->reserved);
  MT_CHECK(hipMemMap(s->base, s->reserved, 0, s->handle, 0));
}
static void teardown_mapped(scene *s) {
  MT_CHECK(hipMemUnmap(s->base, s->reserved));
  MT_CHECK(hipMemRelease(s->handle));
  teardown_reserved(s);
}

/* As setup_mapped, with the handle already released (the mapping holds it). */
static void setup_mapped_released(scene *s) {
  setup_mapped(s);
  MT_CHECK(hipMemRelease(s->handle));
}
static void teardown_mapped_released(scene *s) {
  MT_CHECK(hipMemUnmap(s->base, s->reserved));
  teardown_reserved(s);
}

/* A 3g reservation: g mapped, g hole, g mapped; read-write for device 0. */
static void setup_hole(scene *s) {
  reserve(s, 3);
  s->handle = create(s->g);
  s->other = create(s->g);
  MT_CHECK(hipMemMap(s->base, s->g, 0, s->handle, 0));
  MT_CHECK(hipMemMap((char *)s->base + 2 * s->g, s->g, 0, s->other, 0));
}
static void teardown_hole(scene *s) {
  MT_CHECK(hipMemUnmap(s->base, s->g));
  MT_CHECK(hipMemUnmap((char *)s->base + 2 * s->g, s->g));
  MT_CHECK(hipMemRelease(s->handle));
  MT_CHECK(hipMemRelease(s->other));
  teardown_reserved(s);
}

/* Two g reservations back to back (address hints), each mapped read-write, and a host buffer. */
static void setup_adjacent(scene *s) {
  reserve(s, 2); /* finds 2g of free address space */
  void *at = s->base;
  MT_CHECK(hipMemAddressFree(s->base, s->reserved));
  s->reserved = s->g;
  MT_CHECK(hipMemAddressReserve(&s->base, s->g, 0, at, 0));
  MT_CHECK(hipMemAddressReserve(&s->second, s->g, 0, (char *)at + s->g, 0));
  assert_ptr_equal(s->base, at);
  assert_ptr_equal(s->second, (char *)at + s->g);
  s->handle = create(s->g);
  s->other = create(s->g);
  MT_CHECK(hipMemMap(s->base, s->g, 0, s->handle, 0));
  MT_CHECK(hipMemMap(s->second, s->g, 0, s->other, 0));
  MT_CHECK(hipMemSetAccess(s->base, s->g, &read_write, 1));
  MT_CHECK(hipMemSetAccess(s->second, s->g, &read_write, 1));
  s->host = calloc(2, s->g);
  assert_non_null(s->host);
}
static void teardown_adjacent(scene *s) {
  MT_CHECK(hipMemUnmap(s->base, s->g));
  MT_CHECK(hipMemUnmap(s->second, s->g));
  MT_CHECK(hipMemRelease(s->handle));
  MT_CHECK(hipMemRelease(s->other));
  MT_CHECK(hipMemAddressFree(s->second, s->g));
  teardown_reserved(s);
  free(s->host);
}

/* A 2g reservation of two g mappings, the first read-write for device 0, the second for no one
   (copy_access `first_mapping`: only the first is asked), and a host buffer. */
static void setup_ungranted(scene *s) {
  reserve(s, 2);
  s->handle = create(s->g);
  s->other = create(s->g);
  MT_CHECK(hipMemMap(s->base, s->g, 0, s->handle, 0));
  MT_CHECK(hipMemMap((char *)s->base + s->g, s->g, 0, s->other, 0));
  MT_CHECK(hipMemSetAccess(s->base, s->g, &read_write, 1));
  s->host = calloc(2, s->g);
  assert_non_null(s->host);
}
static void teardown_ungranted(scene *s) {
  MT_CHECK(hipMemUnmap(s->base, s->reserved));
  MT_CHECK(hipMemRelease(s->handle));
  MT_CHECK(hipMemRelease(s->other));
  teardown_reserved(s);
  free(s->host);
}

/* A handle created and released, nothing else. */
static void setup_released(scene *s) {
  memset(s, 0, sizeof *s);
  s->g = mt_granularity();
  s->released = create_released();
}
static void teardown_released(scene *s) { (void)s; }

/* A 2g reservation, unmapped, and a released handle. */
static void setup_reserved_released(scene *s) {
  reserve(s, 2);
  s->released = create_released();
}
static void teardown_reserved_released(scene *s) { teardown_reserved(s); }

/* ---- the misuses: each HIP call below is one call site ---- */

/*
 * Ends a site function: the asm keeps the call before it from becoming a tail
 * call (which would move the site into the caller), and its text, the
 * function's name, keeps the compiler from folding look-alike sites into one.
 */
#define END_SITE(name) __asm__ volatile("# " #name ::: "memory")

MT_SITE hipError_t strict_unmap_half(scene *s) {
  hipError_t err = hipMemUnmap(s->base, s->g);
  END_SITE(strict_unmap_half);
  return err;
}

MT_SITE hipError_t strict_unmap_interior(scene *s) {
  hipError_t err = hipMemUnmap((char *)s->base + s->g, s->g);
  END_SITE(strict_unmap_interior);
  return err;
}

MT_SITE hipError_t strict_unmap_never_mapped(scene *s) {
  hipError_t err = hipMemUnmap(s->base, s->reserved);
  END_SITE(strict_unmap_never_mapped);
  return err;
}

MT_SITE hipError_t strict_access_across_hole(scene *s) {
  hipError_t err = hipMemSetAccess(s->base, s->reserved, &read_write, 1);
  END_SITE(strict_access_across_hole);
  return err;
}

MT_SITE hipError_t strict_access_from_hole(scene *s) {
  hipError_t err = hipMemSetAccess((char *)s->base + s->g, 2 * s->g, &read_write, 1);
  END_SITE(strict_access_from_hole);
  return err;
}

MT_SITE hipError_t strict_access_part(scene *s) {
  hipError_t err = hipMemSetAccess(s->base, s->g, &read_write, 1);
  END_SITE(strict_access_part);
  return err;
}

MT_SITE hipError_t strict_copy_across(scene *s) {
  hipError_t err = hipMemcpyHtoD(s->base, s->host, 2 * s->g);
  END_SITE(strict_copy_across);
  return err;
}

MT_SITE hipError_t strict_copy_past_end(scene *s) {
  hipError_t err = hipMemcpyDtoH(s->host, s->second, 2 * s->g);
  END_SITE(strict_copy_past_end);
  return err;
}

MT_SITE hipError_t strict_copy_into_ungranted(scene *s) {
  hipError_t err = hipMemcpyHtoD((char *)s->base + s->g - 16, s->host, 32);
  END_SITE(strict_copy_into_ungranted);
  return err;
}

MT_SITE hipError_t strict_copy_from_ungranted(scene *s) {
  hipError_t err = hipMemcpyDtoH(s->host, s->base, 2 * s->g);
  END_SITE(strict_copy_from_ungranted);
  return err;
}

MT_SITE hipError_t strict_set_into_ungranted(scene *s) {
  hipError_t err = hipMemsetD8(s->base, 0x5a, 2 * s->g);
  END_SITE(strict_set_into_ungranted);
  return err;
}

MT_SITE hipError_t strict_free_mapped(scene *s) {
  hipError_t err = hipMemAddressFree(s->base, s->reserved);
  END_SITE(strict_free_mapped);
  return err;
}

MT_SITE hipError_t strict_free_after_release(scene *s) {
  hipError_t err = hipMemAddressFree(s->base, s->reserved);
  END_SITE(strict_free_after_release);
  return err;
}

MT_SITE hipError_t strict_release_twice(scene *s) {
  hipError_t err = hipMemRelease(s->released);
  END_SITE(strict_release_twice);
  return err;
}

MT_SITE hipError_t strict_release_mapped_twice(scene *s) {
  hipError_t err = hipMemRelease(s->handle);
  END_SITE(strict_release_mapped_twice);
  return err;
}

MT_SITE hipError_t strict_map_released(scene *s) {
  hipError_t err = hipMemMap(s->base, s->g, 0, s->released, 0);
  END_SITE(strict_map_released);
  return err;
}

MT_SITE hipError_t strict_props_released(scene *s) {
  hipMemAllocationProp prop;
  hipError_t err = hipMemGetAllocationPropertiesFromHandle(&prop, s->released);
  END_SITE(strict_props_released);
  return err;
}

MT_SITE hipError_t strict_export_released(scene *s) {
  int fd = -1;
  hipError_t err =
      hipMemExportToShareableHandle(&fd, s->released, hipMemHandleTypePosixFileDescriptor, 0);
  END_SITE(strict_export_released);
  return err;
}

/* ---- one case per misuse ---- */

typedef struct misuse_case {
  const char *kind; /* as the report names it */
  const char *api;
  const char *function; /* the site's function */
  hipError_t (*misuse)(scene *s);
  void (*setup)(scene *s);
  void (*teardown)(scene *s);
  hipError_t expected; /* what the call returns, strict or not */
} misuse_case;

#define CASE(kind, api, fn, scene, expected)                                                       \
  { kind, #api, #fn, fn, setup_##scene, teardown_##scene, expected }

static const misuse_case cases[] = {
    CASE("partial unmap", hipMemUnmap, strict_unmap_half, mapped, hipErrorInvalidValue),
    CASE("partial unmap", hipMemUnmap, strict_unmap_interior, mapped, hipErrorInvalidValue),
    CASE("unmap of unmapped memory", hipMemUnmap, strict_unmap_never_mapped, reserved,
         hipErrorInvalidValue),
    CASE("set-access over a hole", hipMemSetAccess, strict_access_across_hole, hole,
         hipErrorInvalidValue),
    CASE("set-access over a hole", hipMemSetAccess, strict_access_from_hole, hole,
         hipErrorInvalidValue),
    CASE("set-access over part of a mapping", hipMemSetAccess, strict_access_part, mapped,
         hipErrorInvalidValue),
    CASE("copy spanning two reservations", hipMemcpyHtoD, strict_copy_across, adjacent,
         hipErrorInvalidValue),
    CASE("copy spanning two reservations", hipMemcpyDtoH, strict_copy_past_end, adjacent,
         hipErrorInvalidValue),
    CASE("copy through a mapping the device was not granted", hipMemcpyHtoD,
         strict_copy_into_ungranted, ungranted, hipSuccess),
    CASE("copy through a mapping the device was not granted", hipMemcpyDtoH,
         strict_copy_from_ungranted, ungranted, hipSuccess),
    CASE("copy through a mapping the device was not granted", hipMemsetD8,
         strict_set_into_ungranted, ungranted, hipSuccess),
    CASE("freeing a reservation with live mappings", hipMemAddressFree, strict_free_mapped, mapped,
         hipErrorUnknown),
    CASE("freeing a reservation with live mappings", hipMemAddressFree, strict_free_after_release,
         mapped_released, hipErrorUnknown), /* released or not: the mapping is the cause */
    CASE("double release", hipMemRelease, strict_release_twice, released, hipErrorInvalidValue),
    CASE("double release", hipMemRelease, strict_release_mapped_twice, mapped_released,
         hipErrorInvalidValue),
    CASE("use of a released handle", hipMemMap, strict_map_released, reserved_released,
         hipErrorInvalidValue),
    CASE("use of a released handle", hipMemGetAllocationPropertiesFromHandle, strict_props_released,
         released, hipErrorInvalidValue),
    CASE("use of a released handle", hipMemExportToShareableHandle, strict_export_released,
         released, hipErrorInvalidValue),
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

/* Sets up, runs the misuse with stderr captured, tears down; *text gets stderr. */
static hipError_t run_once(const misuse_case *c, char **text) {
  scene s;
  c->setup(&s);
  mt_stderr_begin();
  hipError_t err = c->misuse(&s);
  *text = mt_stderr_end();
  c->teardown(&s);
  return err;
}

/* Asserts text is one report of kind, from api, at a call in function in this binary. */
static void assert_one_report(const char *text, const char *kind, const char *api,
                              const char *function) {
  char prefix[256];
  snprintf(prefix, sizeof prefix, "mockhip: strict: %s: %s at ", kind, api);
  if (mt_count_lines(text) != 1 || strncmp(text, prefix, strlen(prefix)) != 0)
    print_error("expected one line starting \"%s\", got:\n%s", prefix, text);
  assert_int_equal(mt_count_lines(text), 1);
  assert_memory_equal(text, prefix, strlen(prefix));
  assert_true(mt_site_is(text + strlen(prefix), "/proc/self/exe", function));
  const char *details = strstr(text, "): ");
  assert_non_null(details);
  assert_true(strlen(details) > strlen("): \n"));
}

static void test_misuse(void **state) {
  const misuse_case *c = *state;
  char *text = NULL;
  mockhip_strict(0);
  hipError_t quiet = run_once(c, &text);
  assert_string_equal(text, "");
  free(text);
  MT_EXPECT(c->expected, quiet);

  mockhip_strict(1);
  unsigned long long before = mockhip_strict_count();
  for (int round = 0; round < 3; round++) {
    hipError_t loud = run_once(c, &text);
    MT_EXPECT(quiet, loud);
    if (round == 0)
      assert_one_report(text, c->kind, c->api, c->function);
    else
      assert_string_equal(text, ""); /* the same site again */
    free(text);
  }
  mockhip_strict(0);
  assert_int_equal(mockhip_strict_count(), before + 1);
}

/* ---- across sites and switches ---- */

MT_SITE hipError_t strict_unmap_half_again(scene *s) {
  hipError_t err = hipMemUnmap(s->base, s->g);
  END_SITE(strict_unmap_half_again);
  return err;
}

MT_SITE hipError_t strict_unmap_interior_again(scene *s) {
  hipError_t err = hipMemUnmap((char *)s->base + s->g, s->g);
  END_SITE(strict_unmap_interior_again);
  return err;
}

MT_SITE hipError_t strict_unmap_past_the_end(scene *s) {
  hipError_t err = hipMemUnmap(s->base, 3 * s->g);
  END_SITE(strict_unmap_past_the_end);
  return err;
}

MT_SITE hipError_t strict_unmap_half_named(scene *s) {
  hipError_t err = hipMemUnmap(s->base, s->g);
  END_SITE(strict_unmap_half_named);
  return err;
}

/* A report names addresses as the trace does, reservation#N+offset, not raw. */
static void test_report_names_addresses(void **state) {
  (void)state;
  scene s;
  setup_mapped(&s);
  char raw[32];
  snprintf(raw, sizeof raw, "%p", s.base);
  mockhip_strict(1);
  mt_stderr_begin();
  MT_EXPECT(hipErrorInvalidValue, strict_unmap_half_named(&s));
  char *text = mt_stderr_end();
  mockhip_strict(0);
  teardown_mapped(&s);
  if (strstr(text, "+0x0 + ") == NULL || strstr(text, raw) != NULL)
    print_error("report: %s", text);
  assert_non_null(strstr(text, ": reservation#"));
  assert_non_null(strstr(text, "ends inside the mapping at reservation#"));
  assert_null(strstr(text, raw));
  free(text);
}

/* The same misuse, the same kind, another site: reported again, once. */
static void test_another_site_reports_again(void **state) {
  (void)state;
  scene s;
  setup_mapped(&s);
  mockhip_strict(1);
  static const char *const names[2] = {"strict_unmap_half_again", "strict_unmap_interior_again"};
  hipError_t (*const sites[2])(scene *) = {strict_unmap_half_again, strict_unmap_interior_again};
  char *text[2];
  for (int site = 0; site < 2; site++) {
    mt_stderr_begin();
    for (int round = 0; round < 3; round++)
      sites[site](&s);
    text[site] = mt_stderr_end();
  }
  mockhip_strict(0);
  teardown_mapped(&s);
  for (int site = 0; site < 2; site++) {
    assert_one_report(text[site], "partial unmap", "hipMemUnmap", names[site]);
    free(text[site]);
  }
}

MT_SITE hipError_t strict_unmap_half_on_6_3(scene *s) {
  hipError_t err = hipMemUnmap(s->base, s->g);
  END_SITE(strict_unmap_half_on_6_3);
  return err;
}

MT_SITE hipError_t strict_unmap_interior_whole_on_6_1(scene *s) {
  hipError_t err = hipMemUnmap((char *)s->base + s->g, s->reserved);
  END_SITE(strict_unmap_interior_whole_on_6_1);
  return err;
}

/* In a child playing a 6.x release with strict mode on: a 2g mapping, one of the sites above
   (its name the case's), hipSuccess, and the reservation then frees with nothing mapped. */
static void partial_unmap_child(hipError_t (*site)(scene *)) {
  scene s;
  setup_mapped(&s);
  hipError_t err = site(&s);
  SC_CHECK(err == hipSuccess);
  SC_CHECK(hipMemRelease(s.handle) == hipSuccess);
  SC_CHECK(hipMemAddressFree(s.base, s.reserved) == hipSuccess); /* no mapping is left */
}
static void child_unmap_half_on_6_3(void) { partial_unmap_child(strict_unmap_half_on_6_3); }
static void child_unmap_interior_whole_on_6_1(void) {
  partial_unmap_child(strict_unmap_interior_whole_on_6_1);
}

static const sc_case children[] = {
    {"strict_unmap_half_on_6_3", child_unmap_half_on_6_3},
    {"strict_unmap_interior_whole_on_6_1", child_unmap_interior_whole_on_6_1},
};

/* ROCm 6.2-6.4 unmap the whole mapping a partial unmap names, and answer hipSuccess; 6.1 takes
   an interior ptr with the mapping's size the same way: reported, with what the release did. */
static void test_partial_unmap_that_succeeds_is_reported(void **state) {
  (void)state;
  static const char *const releases[2] = {"MOCKHIP_ROCM_VERSION=6.3", "MOCKHIP_ROCM_VERSION=6.1"};
  for (int i = 0; i < 2; i++) {
    const char *const env[] = {releases[i], "MOCKHIP_STRICT=1", NULL};
    char *text = sc_run_ending(children[i].name, env, mt_exited_ok);
    assert_one_report(text, "partial unmap", "hipMemUnmap", children[i].name);
    assert_non_null(strstr(text, "unmaps all of it and returns hipSuccess"));
    free(text);
  }
}

/* Off means silent, and a site seen while off is still reported once strict is on. */
static void test_strict_off_is_silent(void **state) {
  (void)state;
  scene s;
  setup_mapped(&s);
  unsigned long long before = mockhip_strict_count();
  char *text[2];
  for (int on = 0; on < 2; on++) {
    mockhip_strict(on);
    mt_stderr_begin();
    MT_EXPECT(hipErrorInvalidValue, strict_unmap_past_the_end(&s));
    text[on] = mt_stderr_end();
  }
  mockhip_strict(0);
  teardown_mapped(&s);
  assert_string_equal(text[0], "");
  assert_one_report(text[1], "partial unmap", "hipMemUnmap", "strict_unmap_past_the_end");
  assert_int_equal(mockhip_strict_count(), before + 1);
  free(text[0]);
  free(text[1]);
}

/* Unmap, release, free, in any order ROCm accepts: nothing to report. */
static void test_correct_use_is_silent(void **state) {
  (void)state;
  size_t g = mt_granularity();
  unsigned long long before = mockhip_strict_count();
  mockhip_strict(1);
  mt_stderr_begin();
  void *base = NULL;
  hipMemGenericAllocationHandle_t first = create(g), second = create(g);
  MT_CHECK(hipMemAddressReserve(&base, 2 * g, 0, NULL, 0));
  MT_CHECK(hipMemMap(base, g, 0, first, 0));
  MT_CHECK(hipMemMap((char *)base + g, g, 0, second, 0));
  MT_CHECK(hipMemRelease(first)); /* release after map: the mapping keeps it */
  MT_CHECK(hipMemSetAccess(base, 2 * g, &read_write, 1)); /* two whole mappings */
  char *host = calloc(1, 2 * g);
  assert_non_null(host);
  MT_CHECK(hipMemcpyHtoD(base, host, 2 * g));
  MT_CHECK(hipMemcpyDtoH(host, (char *)base + g, g));
  free(host);
  MT_CHECK(hipMemUnmap(base, 2 * g)); /* both mappings at once */
  MT_CHECK(hipMemRelease(second));
  MT_CHECK(hipMemAddressFree(base, 2 * g));
  char *text = mt_stderr_end();
  mockhip_strict(0);
  assert_string_equal(text, "");
  assert_int_equal(mockhip_strict_count(), before);
  free(text);
}

/* Values never issued are refused as before, not reported as released handles. */
static void test_garbage_handles_are_not_released_ones(void **state) {
  (void)state;
  scene s;
  setup_reserved(&s);
  unsigned long long before = mockhip_strict_count();
  mockhip_strict(1);
  mt_stderr_begin();
  static const uintptr_t garbage[] = {0x1234, 0x1, ~(uintptr_t)0};
  for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
    hipMemGenericAllocationHandle_t handle = (hipMemGenericAllocationHandle_t)garbage[i];
    hipMemAllocationProp prop;
    int fd = -1;
    MT_EXPECT(hipErrorInvalidValue, hipMemRelease(handle));
    MT_EXPECT(hipErrorInvalidValue, hipMemMap(s.base, s.g, 0, handle, 0));
    MT_EXPECT(hipErrorInvalidValue, hipMemGetAllocationPropertiesFromHandle(&prop, handle));
    MT_EXPECT(hipErrorInvalidValue,
              hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  }
  char *text = mt_stderr_end();
  mockhip_strict(0);
  teardown_reserved(&s);
  assert_string_equal(text, "");
  assert_int_equal(mockhip_strict_count(), before);
  free(text);
}

/* ---- MOCKHIP_STRICT itself, through the probe's partial unmap ---- */

static void test_variable_turns_it_on(void **state) {
  (void)state;
  static const struct {
    const char *setting;
    int lines;
  } runs[] = {
      {"MOCKHIP_STRICT=1", 1}, {"MOCKHIP_STRICT=yes", 1}, {NULL, 0}, {"MOCKHIP_STRICT=0", 0}};
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    const char *argv[] = {MOCKHIP_LEAK_PROBE, "strict", NULL};
    const char *env[] = {runs[i].setting, NULL};
    char *out = NULL, *err = NULL;
    int status = mt_run_program(argv, env, &out, &err);
    assert_true(mt_exited_ok(status));
    if (runs[i].lines == 0) {
      assert_string_equal(err, "");
    } else {
      const char *prefix = "mockhip: strict: partial unmap: hipMemUnmap at ";
      if (mt_count_lines(err) != 1 || strncmp(err, prefix, strlen(prefix)) != 0)
        print_error("%s: stderr:\n%s", runs[i].setting, err);
      assert_int_equal(mt_count_lines(err), 1);
      assert_memory_equal(err, prefix, strlen(prefix));
      assert_true(mt_site_is(err + strlen(prefix), MOCKHIP_LEAK_PROBE, "probe_partial_unmap"));
    }
    free(out);
    free(err);
  }
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, children, sizeof children / sizeof children[0]);
  struct CMUnitTest misuses[CASE_COUNT];
  for (size_t i = 0; i < CASE_COUNT; i++) {
    misuses[i] = (struct CMUnitTest)cmocka_unit_test_prestate_setup_teardown(
        test_misuse, mt_setup_clean, mt_teardown_clean, (void *)&cases[i]);
    misuses[i].name = cases[i].function;
  }
  const struct CMUnitTest sites[] = {
      MT_CLEAN_TEST(test_another_site_reports_again),
      MT_CLEAN_TEST(test_strict_off_is_silent),
      MT_CLEAN_TEST(test_report_names_addresses),
      MT_CLEAN_TEST(test_partial_unmap_that_succeeds_is_reported),
      cmocka_unit_test(test_variable_turns_it_on),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_correct_use_is_silent),
      MT_CLEAN_TEST(test_garbage_handles_are_not_released_ones),
  };
  int failed = _cmocka_run_group_tests("strict_misuse", misuses, CASE_COUNT, NULL, NULL);
  failed += cmocka_run_group_tests_name("strict_sites", sites, NULL, NULL);
  failed += cmocka_run_group_tests_name("strict_negative", negative, NULL, NULL);
  return failed;
}
