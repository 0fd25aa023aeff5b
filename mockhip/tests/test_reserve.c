/*
 * test_reserve.c: where a reservation starts, at whatever granularity the device model is
 * given. Every reservation starts on a granule, as ROCm's and the CUDA driver's do, so a
 * mapping may start at the reservation's own start; a larger power-of-two alignment is
 * honoured, a hint only where it is a granule. ctest runs this at each granularity
 * MOCKHIP_GRANULARITY offers a test (4 KiB, 64 KiB, 2 MiB, 1 GiB), and valgrind (CI step 4)
 * runs them again, where mmap places memory elsewhere than the kernel does.
 */
#include <stdlib.h>
#include <string.h>

#include "mock_test.h"

static size_t granule(void) {
  size_t g = mt_granularity();
  assert_true(g >= 4096 && (g & (g - 1)) == 0);
  return g;
}

static void assert_aligned(const void *p, size_t to) {
  if ((uintptr_t)p % to != 0)
    fail_msg("%p is not aligned to %zu bytes", p, to);
}

/* Maps one granule at base and writes and reads through it: what a reservation is for. */
static void map_first_granule(void *base, size_t g) {
  hipMemAllocationProp prop = mt_prop_device(0);
  hipMemAccessDesc rw = {.location = prop.location, .flags = hipMemAccessFlagsProtReadWrite};
  hipMemGenericAllocationHandle_t handle;
  MT_CHECK(hipMemCreate(&handle, g, &prop, 0));
  MT_CHECK(hipMemMap(base, g, 0, handle, 0));
  MT_CHECK(hipMemSetAccess(base, g, &rw, 1));
  int in = 0x5eed, out = 0;
  MT_CHECK(hipMemcpyHtoD(base, &in, sizeof in));
  MT_CHECK(hipMemcpyDtoH(&out, base, sizeof out));
  assert_int_equal(out, in);
  MT_CHECK(hipMemUnmap(base, g));
  MT_CHECK(hipMemRelease(handle));
}

static void test_alignment_zero_starts_on_a_granule(void **state) {
  (void)state;
  size_t g = granule();
  /* Several, of several sizes: one aligned by luck proves nothing. */
  void *bases[6];
  for (int i = 0; i < 6; i++) {
    MT_CHECK(hipMemAddressReserve(&bases[i], g * (size_t)(1 + i % 3), 0, NULL, 0));
    assert_aligned(bases[i], g);
  }
  map_first_granule(bases[5], g);
  for (int i = 0; i < 6; i++)
    MT_CHECK(hipMemAddressFree(bases[i], g * (size_t)(1 + i % 3)));
}

static void test_alignment_below_the_granule_still_starts_on_one(void **state) {
  (void)state;
  size_t g = granule();
  for (size_t align = 4096; align <= g; align *= 2) {
    void *base;
    MT_CHECK(hipMemAddressReserve(&base, g, align, NULL, 0));
    assert_aligned(base, g);
    if (align == 4096) /* once: a 1 GiB set-access takes valgrind seconds */
      map_first_granule(base, g);
    MT_CHECK(hipMemAddressFree(base, g));
  }
}

static void test_alignment_above_the_granule_is_honoured(void **state) {
  (void)state;
  size_t g = granule();
  for (size_t align = 2 * g; align <= 8 * g; align *= 2) {
    void *base;
    MT_CHECK(hipMemAddressReserve(&base, g, align, NULL, 0));
    assert_aligned(base, align);
    MT_CHECK(hipMemAddressFree(base, g));
  }
}

/* A hint on a granule that is free is taken; one off the granule is not, and the
   reservation lands on a granule elsewhere (a hint is only a hint, a.2#6). */
static void test_hints(void **state) {
  (void)state;
  size_t g = granule();
  void *free_range;
  MT_CHECK(hipMemAddressReserve(&free_range, 4 * g, 0, NULL, 0));
  MT_CHECK(hipMemAddressFree(free_range, 4 * g));

  void *hint = (char *)free_range + g, *base;
  MT_CHECK(hipMemAddressReserve(&base, g, 0, hint, 0));
  assert_ptr_equal(base, hint);
  map_first_granule(base, g);
  MT_CHECK(hipMemAddressFree(base, g));

  /* A hint that meets a live reservation, inside it or running into it, lands elsewhere. */
  void *live, *other;
  MT_CHECK(hipMemAddressReserve(&live, 2 * g, 0, (char *)free_range + 2 * g, 0));
  MT_CHECK(hipMemAddressReserve(&other, g, 0, (char *)live + g, 0));
  assert_true((char *)other + g <= (char *)live || (char *)other >= (char *)live + 2 * g);
  MT_CHECK(hipMemAddressFree(other, g));
  MT_CHECK(hipMemAddressReserve(&other, 2 * g, 0, (char *)live - g, 0));
  assert_true((char *)other + 2 * g <= (char *)live || (char *)other >= (char *)live + 2 * g);
  MT_CHECK(hipMemAddressFree(other, 2 * g));
  MT_CHECK(hipMemAddressFree(live, 2 * g));

  void *off_granule = (char *)free_range + g + 4096;
  if (g > 4096) {
    MT_CHECK(hipMemAddressReserve(&base, g, 0, off_granule, 0));
    assert_aligned(base, g);
    map_first_granule(base, g);
    MT_CHECK(hipMemAddressFree(base, g));
  }
}

/* The reason of a reservation the OS refuses names the alignment as well as the size. */
static void test_refusal_names_the_alignment(void **state) {
  (void)state;
  size_t g = granule();
  size_t align = (size_t)1 << 62; /* a power of two no address space can honour */
  void *base = &base;
  MT_EXPECT(hipErrorOutOfMemory, hipMemAddressReserve(&base, g, align, NULL, 0));
  assert_null(base);
  char expected[96];
  snprintf(expected, sizeof expected, "aligned to %zu bytes", align);
  if (strstr(mockhip_last_reason(), expected) == NULL)
    fail_msg("the reason does not name the alignment: %s", mockhip_last_reason());
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_alignment_zero_starts_on_a_granule),
      MT_CLEAN_TEST(test_alignment_below_the_granule_still_starts_on_one),
      MT_CLEAN_TEST(test_alignment_above_the_granule_is_honoured),
      MT_CLEAN_TEST(test_hints),
      MT_CLEAN_TEST(test_refusal_names_the_alignment),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
