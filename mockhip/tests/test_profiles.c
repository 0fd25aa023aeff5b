/*
 * test_profiles.c: under the release the process plays (MOCKHIP_ROCM_VERSION, or
 * MOCKHIP_PLATFORM=nvidia for HIP on NVIDIA; one ctest per release), every row
 * of table (g) of docs/hip-vmm-semantics.md
 * answers as that release's column says. One test per row, named after its key
 * (profile_rows_*.c); the expected cells come from profile_cells.c, copied from
 * the document, and the words are read as the document defines them. Calls are
 * made as a program makes them, and their effects are checked too: outputs,
 * reference counts seen through hipMemRelease, what is mapped (mockhip_dump,
 * mockhip_stats), and where the release crashes or misbehaves, the strict
 * report naming it. It runs with MOCKHIP_DEVICES=2.
 */
#include "profile_check.h"
#include "self_child.h"

#include <stdlib.h>
#include <string.h>

static void test_runtime_version(void **state) {
  (void)state;
  int runtime = 0, driver = 0;
  MT_CHECK(hipRuntimeGetVersion(&runtime));
  MT_CHECK(hipDriverGetVersion(&driver));
  assert_int_equal(runtime, profile_runtime_version(played));
  assert_int_equal(driver, profile_runtime_version(played));
  if (played == P_NEWEST)
    assert_int_equal(runtime, HIP_VERSION);
}

/* The environment chose the release, and it is fixed now. */
static void test_profile_is_the_environments(void **state) {
  (void)state;
  const char *platform = getenv("MOCKHIP_PLATFORM");
  const char *asked = getenv("MOCKHIP_ROCM_VERSION");
  bool nvidia = platform != NULL && strcmp(platform, "nvidia") == 0;
  assert_string_equal(mockhip_platform(), nvidia ? "nvidia" : "amd");
  assert_string_equal(mockhip_rocm_version(), nvidia          ? "cuda-13.0"
                                              : asked != NULL ? asked
                                                              : "newest");
  const char *other = played == P_6_0 ? "6.1" : "6.0";
  assert_int_equal(mockhip_set_rocm_version(other), -1);
  assert_int_equal(mockhip_set_platform(nvidia ? "amd" : "nvidia"), -1);
  assert_string_equal(mockhip_rocm_version(), profile_names[played]);
  assert_string_equal(mockhip_platform(), nvidia ? "nvidia" : "amd");
}

int main(int argc, char **argv) {
  static const sc_case cases[] = {{"hang", profile_child_hang}};
  sc_dispatch(argc, argv, cases, 1);
  /* The NVIDIA column is the platform's; a ROCm column is the release's name. */
  bool nvidia = strcmp(mockhip_platform(), "nvidia") == 0;
  played = nvidia ? P_CUDA_13_0 : profile_named(mockhip_rocm_version());
  if (played == PROFILE_COUNT || profile_nvidia(played) != nvidia) {
    fprintf(stderr,
            "test_profiles: mockhip plays \"%s\" on platform %s, which table (g) has no column "
            "for\n",
            mockhip_rocm_version(), mockhip_platform());
    return 1;
  }
  int devices = 0;
  if (hipGetDeviceCount(&devices) != hipSuccess || devices != 2) {
    fprintf(stderr,
            "test_profiles: the rows are tried on two devices (MOCKHIP_DEVICES=2), not %d\n",
            devices);
    return 1;
  }
  /* A row's test is named after the row's key (which the row itself spells too). */
#define ROW_KEY_CHECK(name)                                                                        \
  if (strcmp(name.key, #name) != 0) {                                                              \
    fprintf(stderr, "test_profiles: row " #name " calls itself %s\n", name.key);                   \
    return 1;                                                                                      \
  }
  PROFILE_ROWS(ROW_KEY_CHECK)
#undef ROW_KEY_CHECK
#define ROW_TEST(key) {#key, test_##key, mt_setup_clean, mt_teardown_clean, NULL},
  const struct CMUnitTest rows[] = {PROFILE_ROWS(ROW_TEST)};
#undef ROW_TEST
  const struct CMUnitTest profile_tests[] = {
      cmocka_unit_test(test_runtime_version),
      cmocka_unit_test(test_profile_is_the_environments),
  };
  char name[64];
  snprintf(name, sizeof name, "profile_%s_rows", profile_names[played]);
  return cmocka_run_group_tests_name(name, rows, NULL, NULL) +
         cmocka_run_group_tests_name("profile", profile_tests, NULL, NULL);
}
