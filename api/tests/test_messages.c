/*
 * test_messages.c: what hmo_error_last() says when HIP refuses, on mockhip,
 * which can say why (mockhip_last_reason()).
 *
 * hmo's message names the public call, the HIP call and its error, and then
 * mockhip's reason: the rule that injected the failure, or why mockhip
 * refused a call it was given. The reason is read right after the failing
 * call, before hmo's rollback calls (which succeed, and so clear it). A
 * message that does not fit hmo's buffer is cut and ends in "...".
 */
#include "hmo_test.h"

#include <stdlib.h>
#include <string.h>

static hmo_device *device;
static size_t granule;
static hmo_memory *mem; /* what a case made; its teardown releases it */

static int group_setup(void **state) {
  (void)state;
  granule = ht_granularity();
  return hmo_device_open(&device, 0) == HMO_OK ? 0 : -1;
}

static int group_teardown(void **state) {
  (void)state;
  int closed = hmo_device_close(device);
  return closed == HMO_OK && mockhip_live_objects() == 0 ? 0 : -1;
}

static int case_teardown(void **state) {
  (void)state;
  hmo_memory_release(mem);
  mem = NULL;
  assert_int_equal(mockhip_fail_set(NULL), hipSuccess);
  ht_assert_mock_clean();
  return 0;
}

/* Fails unless the last error's message holds `part`; prints the message if not. */
static void expect_in_message(const char *part) {
  const char *message = hmo_error_last()->message;
  if (strstr(message, part) == NULL)
    print_error("hmo_error_last()->message \"%s\" does not hold \"%s\"\n", message, part);
  assert_non_null(strstr(message, part));
}

static void test_injected_map_failure_names_the_rule(void **state) {
  (void)state;
  assert_int_equal(mockhip_fail_set("hipMemMap:1"), hipSuccess);
  /* The map fails; hmo then releases the chunk and frees the range, which succeed. */
  HT_EXPECT(HMO_ENOMEM, hmo_memory_alloc(&mem, device, 10, HMO_INT32, NULL));
  assert_null(mem);
  assert_int_equal(hmo_error_last()->hip_error, hipErrorOutOfMemory);
  expect_in_message("hmo_memory_alloc: hipMemMap failed: hipErrorOutOfMemory (out of memory): ");
  expect_in_message("injected by MOCKHIP_FAIL rule \"hipMemMap:1\"");
  assert_string_equal(mockhip_last_reason(), ""); /* the rollback's calls succeeded after it */
}

static void test_reason_survives_the_rollback_of_a_move(void **state) {
  (void)state;
  size_t words = granule / sizeof(uint32_t);
  HT_OK(hmo_memory_reserve(&mem, device, words, 2 * words, HMO_UINT32));
  HT_OK(hmo_memory_resize(mem, 2 * words)); /* two chunks */
  void *ptr = hmo_memory_ptr(mem);
  /* Past the range: both chunks are remapped into a new one; the second map fails, and the
     first is unmapped again before hmo returns. */
  assert_int_equal(mockhip_fail_set("hipMemMap:2=hipErrorInvalidValue"), hipSuccess);
  HT_EXPECT(HMO_EBACKEND, hmo_memory_resize(mem, 5 * words));
  expect_in_message("hmo_memory_resize: hipMemMap failed: hipErrorInvalidValue");
  expect_in_message("injected by MOCKHIP_FAIL rule \"hipMemMap:2=hipErrorInvalidValue\"");
  assert_ptr_equal(hmo_memory_ptr(mem), ptr);
}

static void test_refusal_gives_mockhip_reason(void **state) {
  (void)state;
  /* One granule more than the mock's device holds (a range that size is reserved first, so no
     more than that): what mockhip says to the same hipMemCreate. */
  size_t free_bytes = 0, total_bytes = 0;
  assert_int_equal(hipMemGetInfo(&free_bytes, &total_bytes), hipSuccess);
  size_t bytes = total_bytes + granule;
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  hipMemGenericAllocationHandle_t handle;
  assert_int_equal(hipMemCreate(&handle, bytes, &prop, 0), hipErrorOutOfMemory);
  char reason[512];
  snprintf(reason, sizeof reason, "%s", mockhip_last_reason());
  const char *call = "hipMemCreate: ";
  assert_int_equal(strncmp(reason, call, strlen(call)), 0); /* mockhip names the call */
  assert_true(reason[strlen(call)] != '\0');

  HT_EXPECT(HMO_ENOMEM, hmo_memory_alloc(&mem, device, bytes, HMO_BYTE, NULL));
  expect_in_message("hmo_memory_alloc: hipMemCreate failed: hipErrorOutOfMemory (out of memory): ");
  expect_in_message(reason + strlen(call));
  /* hmo's sentence names the call; the reason does not say it again. */
  const char *first = strstr(hmo_error_last()->message, "hipMemCreate");
  assert_non_null(first);
  assert_null(strstr(first + 1, "hipMemCreate"));
}

static void test_success_adds_no_reason(void **state) {
  (void)state;
  /* A failure hmo finds itself, after HIP calls that all succeeded, carries no HIP reason. */
  HT_OK(hmo_memory_alloc(&mem, device, 10, HMO_INT32, NULL));
  int32_t host[11] = {0};
  HT_EXPECT(HMO_ERANGE, hmo_memory_copy_from(mem, host, 11, 0));
  assert_int_equal(hmo_error_last()->hip_error, 0);
  assert_null(strstr(hmo_error_last()->message, "hip"));
}

static void test_long_message_is_cut_cleanly(void **state) {
  (void)state;
  /* A dtype name longer than any message buffer: the cast's message names it twice. */
  size_t length = 5000;
  char *name = malloc(length + 1);
  assert_non_null(name);
  memset(name, 'n', length);
  name[length] = '\0';
  hmo_dtype wide = NULL;
  HT_OK(hmo_dtype_create(&wide, name, 3));
  hmo_memory *view = NULL;
  HT_OK(hmo_memory_alloc(&mem, device, 4, wide, NULL));
  HT_EXPECT(HMO_EINVAL, hmo_memory_cast(&view, mem, HMO_INT64)); /* 12 bytes, not 8s */
  const char *message = hmo_error_last()->message;
  size_t got = strlen(message);
  assert_true(got > 100);
  assert_true(got < length);
  assert_true(strncmp(message, "hmo_memory_cast: ", 17) == 0);
  assert_string_equal(message + got - 3, "...");
  assert_int_equal(hmo_error_last()->status, HMO_EINVAL);
  hmo_memory_release(mem);
  mem = NULL;
  hmo_dtype_destroy(wide);
  free(name);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_injected_map_failure_names_the_rule, case_teardown),
      cmocka_unit_test_teardown(test_reason_survives_the_rollback_of_a_move, case_teardown),
      cmocka_unit_test_teardown(test_refusal_gives_mockhip_reason, case_teardown),
      cmocka_unit_test_teardown(test_success_adds_no_reason, case_teardown),
      cmocka_unit_test_teardown(test_long_message_is_cut_cleanly, case_teardown),
  };
  return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
