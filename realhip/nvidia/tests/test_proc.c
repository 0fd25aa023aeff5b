/*
 * test_proc.c: every function the HIP header declares is exported and found
 * by hipGetProcAddress (the header is read at run time, so a function added
 * to it and not to hip-nvidia fails here); hipGetProcAddress's argument checks;
 * and the functions hip-nvidia does not translate answering NotSupported.
 */
#include "hip_nvidia_test.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_calls.h"

/* The names the header declares with MOCKHIP_API, in `names` (count returned). */
static size_t header_functions(char names[][64], size_t capacity) {
  FILE *header = fopen(HIP_HEADER_PATH, "r");
  assert_non_null(header);
  char line[512];
  size_t count = 0;
  while (fgets(line, sizeof line, header) != NULL) {
    const char *api = strstr(line, "MOCKHIP_API ");
    const char *open = api ? strchr(api, '(') : NULL;
    if (api == NULL || open == NULL || strncmp(line, "#define", 7) == 0)
      continue;
    const char *start = open;
    while (start > api &&
           (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
            (start[-1] >= 'A' && start[-1] <= 'Z') || (start[-1] >= '0' && start[-1] <= '9')))
      start--;
    assert_true(count < capacity);
    snprintf(names[count++], 64, "%.*s", (int)(open - start), start);
  }
  fclose(header);
  return count;
}

static void every_header_function_is_exported(void **state) {
  (void)state;
  static char names[512][64];
  size_t count = header_functions(names, 512);
  assert_true(count > 100);
  for (size_t i = 0; i < count; i++) {
    void *pfn = NULL;
    hipDriverProcAddressQueryResult status = HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    void *exported = dlsym(RTLD_DEFAULT, names[i]);
    if (exported == NULL)
      fail_msg("%s is declared by the header but not exported", names[i]);
    assert_hip(hipGetProcAddress(names[i], &pfn, 12080, HIP_GET_PROC_ADDRESS_DEFAULT, &status),
               hipSuccess);
    assert_int_equal(status, HIP_GET_PROC_ADDRESS_SUCCESS);
    assert_ptr_equal(pfn, exported);
  }
  assert_no_driver_call();
}

/* Through the pointer, a call is the call. */
static void looked_up_calls_work(void **state) {
  (void)state;
  void *pfn = NULL;
  assert_hip(hipGetProcAddress("hipMalloc", &pfn, 600, 0, NULL), hipSuccess);
  void *ptr = NULL;
  assert_hip(((hipError_t(*)(void **, size_t))pfn)(&ptr, 64), hipSuccess);
  assert_logged("cuMemAlloc_v2", "cuMemAlloc_v2(&,64)");
  /* hipGetDeviceProperties, the header's inline, is R0600 for any version. */
  void *r0600 = NULL, *plain = NULL;
  assert_hip(hipGetProcAddress("hipGetDevicePropertiesR0600", &r0600, 700, 0, NULL), hipSuccess);
  assert_hip(hipGetProcAddress("hipGetDeviceProperties", &plain, 600, 0, NULL), hipSuccess);
  assert_ptr_equal(plain, r0600);
  /* Every flag gives the same function: nothing here has a per-thread version. */
  void *legacy = NULL, *per_thread = NULL;
  assert_hip(
      hipGetProcAddress("hipMemcpyAsync", &legacy, 700, HIP_GET_PROC_ADDRESS_LEGACY_STREAM, NULL),
      hipSuccess);
  assert_hip(hipGetProcAddress("hipMemcpyAsync", &per_thread, 700,
                               HIP_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM, NULL),
             hipSuccess);
  assert_ptr_equal(legacy, (void *)hipMemcpyAsync);
  assert_ptr_equal(per_thread, legacy);
}

static void proc_address_negative(void **state) {
  (void)state;
  void *pfn = (void *)(uintptr_t)0x5e47;
  hipDriverProcAddressQueryResult status = (hipDriverProcAddressQueryResult)0x5e47;
  assert_hip(hipGetProcAddress(NULL, &pfn, 700, 0, &status), hipErrorInvalidValue);
  assert_hip(hipGetProcAddress("", &pfn, 700, 0, &status), hipErrorInvalidValue);
  assert_hip(hipGetProcAddress("hipMalloc", NULL, 700, 0, &status), hipErrorInvalidValue);
  assert_hip(hipGetProcAddress("hipMalloc", &pfn, 700, 3, &status), hipErrorInvalidValue);
  assert_hip(hipGetProcAddress("hipMalloc", &pfn, 700, 1ULL << 32, &status), hipErrorInvalidValue);
  /* Refused calls leave both outputs alone. */
  assert_ptr_equal(pfn, (void *)(uintptr_t)0x5e47);
  assert_int_equal(status, 0x5e47);
  /* An unknown name: NULL, SYMBOL_NOT_FOUND and hipErrorInvalidValue. */
  assert_hip(hipGetProcAddress("hipNoSuchCall", &pfn, 700, 0, &status), hipErrorInvalidValue);
  assert_null(pfn);
  assert_int_equal(status, HIP_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  assert_string_equal(hip_nvidia_last_reason(),
                      "hipGetProcAddress: hip-nvidia exports no hipNoSuchCall");
  /* A driver function is not a HIP one. */
  pfn = (void *)(uintptr_t)0x5e47;
  assert_hip(hipGetProcAddress("cuMemAlloc_v2", &pfn, 700, 0, NULL), hipErrorInvalidValue);
  assert_null(pfn);
  assert_no_driver_call();
}

/* ---- what hip-nvidia does not translate ---- */

static void unsupported_calls_say_so(void **state) {
  (void)state;
  const char *const unsupported[] = {
#define HN_UNSUPPORTED_NAME(name, params, args, reason) #name,
      HIPNV_UNSUPPORTED_CALLS(HN_UNSUPPORTED_NAME)
#undef HN_UNSUPPORTED_NAME
  };
  for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++) {
    void *pfn = NULL;
    assert_hip(hipGetProcAddress(unsupported[i], &pfn, 700, 0, NULL), hipSuccess);
    assert_non_null(pfn);
  }
  void *ptr = NULL;
  assert_hip(hipExtMallocWithFlags(&ptr, 64, 0), hipErrorNotSupported);
  assert_contains(hip_nvidia_last_reason(), "hipExtMallocWithFlags is ROCm-only");
  assert_null(ptr);
  assert_no_driver_call();
}

int hn_area_proc(void) {
  const struct CMUnitTest tests[] = {
      HN_TEST(every_header_function_is_exported),
      HN_TEST(looked_up_calls_work),
      HN_TEST(proc_address_negative),
      HN_TEST(unsupported_calls_say_so),
  };
  return cmocka_run_group_tests_name("proc", tests, NULL, NULL);
}
