/*
 * test_advice.c: managed memory's advice and range attributes (clr
 * hip_hmm.cpp): hipMemAdvise sets per page what hipMemRangeGetAttribute(s)
 * reads back over a range (a value every page agrees on, else
 * hipInvalidDeviceId or, for the coherency mode, Indeterminate), and
 * hipMemPrefetchAsync records the last prefetch's location, for managed
 * memory, the one kind that takes advice on an xnack- device. Runs with two
 * devices.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <unistd.h>

static size_t page(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static int attribute(hipMemRangeAttribute which, const void *ptr, size_t bytes) {
  int value = 12345;
  MT_CHECK(hipMemRangeGetAttribute(&value, sizeof value, which, ptr, bytes));
  return value;
}

static void test_read_mostly_and_coherency(void **state) {
  (void)state;
  char *m = NULL;
  MT_CHECK(hipMallocManaged((void **)&m, 4 * page(), hipMemAttachGlobal));
  assert_int_equal(attribute(hipMemRangeAttributeReadMostly, m, 4 * page()), 0);
  MT_CHECK(hipMemAdvise(m, 4 * page(), hipMemAdviseSetReadMostly, 99)); /* the device is ignored */
  assert_int_equal(attribute(hipMemRangeAttributeReadMostly, m, 4 * page()), 1);
  MT_CHECK(hipMemAdvise(m + 2 * page(), 1, hipMemAdviseUnsetReadMostly, 0));
  assert_int_equal(attribute(hipMemRangeAttributeReadMostly, m, 4 * page()), 0);
  assert_int_equal(attribute(hipMemRangeAttributeReadMostly, m, 2 * page()), 1);
  assert_int_equal(attribute(hipMemRangeAttributeCoherencyMode, m, 4 * page()),
                   hipMemRangeCoherencyModeFineGrain);
  MT_CHECK(hipMemAdvise(m, page(), hipMemAdviseSetCoarseGrain, 0));
  assert_int_equal(attribute(hipMemRangeAttributeCoherencyMode, m, page()),
                   hipMemRangeCoherencyModeCoarseGrain);
  assert_int_equal(attribute(hipMemRangeAttributeCoherencyMode, m, 4 * page()),
                   hipMemRangeCoherencyModeIndeterminate);
  MT_CHECK(hipFree(m));
}

static void test_locations(void **state) {
  (void)state;
  char *m = NULL;
  MT_CHECK(hipMallocManaged((void **)&m, 2 * page(), hipMemAttachGlobal));
  assert_int_equal(attribute(hipMemRangeAttributePreferredLocation, m, 2 * page()),
                   hipInvalidDeviceId);
  MT_CHECK(hipMemAdvise(m, page(), hipMemAdviseSetPreferredLocation, 1));
  assert_int_equal(attribute(hipMemRangeAttributePreferredLocation, m, page()), 1);
  assert_int_equal(attribute(hipMemRangeAttributePreferredLocation, m, 2 * page()),
                   hipInvalidDeviceId); /* the pages disagree */
  MT_CHECK(hipMemAdvise(m, 2 * page(), hipMemAdviseSetPreferredLocation, hipCpuDeviceId));
  assert_int_equal(attribute(hipMemRangeAttributePreferredLocation, m, 2 * page()), hipCpuDeviceId);
  MT_CHECK(hipMemAdvise(m, 2 * page(), hipMemAdviseUnsetPreferredLocation, hipCpuDeviceId));
  assert_int_equal(attribute(hipMemRangeAttributePreferredLocation, m, 2 * page()),
                   hipInvalidDeviceId);

  MT_CHECK(hipMemAdvise(m, 2 * page(), hipMemAdviseSetAccessedBy, 1));
  MT_CHECK(hipMemAdvise(m, 2 * page(), hipMemAdviseSetAccessedBy, hipCpuDeviceId));
  MT_CHECK(hipMemAdvise(m, 2 * page(), hipMemAdviseSetAccessedBy, 0));
  MT_CHECK(hipMemAdvise(m + page(), 1, hipMemAdviseUnsetAccessedBy, 0));
  int by[4];
  MT_CHECK(hipMemRangeGetAttribute(by, sizeof by, hipMemRangeAttributeAccessedBy, m, 2 * page()));
  assert_int_equal(by[0], 1); /* device 0 left the second page */
  assert_int_equal(by[1], hipCpuDeviceId);
  assert_int_equal(by[2], hipInvalidDeviceId);
  assert_int_equal(by[3], hipInvalidDeviceId);

  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  assert_int_equal(attribute(hipMemRangeAttributeLastPrefetchLocation, m, 2 * page()),
                   hipInvalidDeviceId);
  MT_CHECK(hipMemPrefetchAsync(m, 2 * page(), 1, stream));
  assert_int_equal(attribute(hipMemRangeAttributeLastPrefetchLocation, m, 2 * page()), 1);
  MT_CHECK(hipMemPrefetchAsync(m, 1, hipCpuDeviceId, stream));
  assert_int_equal(attribute(hipMemRangeAttributeLastPrefetchLocation, m, page()), hipCpuDeviceId);
  MT_CHECK(hipStreamSynchronize(stream));
  MT_CHECK(hipStreamDestroy(stream));

  /* several at once */
  int read_mostly = -1, prefetched = -1;
  void *data[] = {&read_mostly, &prefetched};
  size_t sizes[] = {sizeof read_mostly, sizeof prefetched};
  hipMemRangeAttribute which[] = {hipMemRangeAttributeReadMostly,
                                  hipMemRangeAttributeLastPrefetchLocation};
  MT_CHECK(hipMemRangeGetAttributes(data, sizes, which, 2, m + page(), page()));
  assert_int_equal(read_mostly, 0);
  assert_int_equal(prefetched, 1);
  MT_CHECK(hipFree(m));
}

/* Host memory, registered or hipHostMalloc'd, takes no advice on an xnack- device. */
static void test_host_memory_takes_no_advice(void **state) {
  (void)state;
  char *heap = malloc(3 * page());
  assert_non_null(heap);
  MT_CHECK(hipHostRegister(heap, 3 * page(), 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(heap + 10, page(), hipMemAdviseSetReadMostly, 0));
  MT_CHECK(hipHostUnregister(heap));
  free(heap);
  void *pinned = NULL;
  int value = 0;
  MT_CHECK(hipHostMalloc(&pinned, page(), 0));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributeReadMostly, pinned,
                                    page()));
  MT_CHECK(hipMemPrefetchAsync(pinned, page(), 0, NULL)); /* records nothing */
  MT_CHECK(hipHostFree(pinned));
}

static void test_advice_negative(void **state) {
  (void)state;
  char *m = NULL, *device = NULL;
  MT_CHECK(hipMallocManaged((void **)&m, page(), hipMemAttachGlobal));
  MT_CHECK(hipMalloc((void **)&device, page()));
  int value = 0;
  MT_EXPECT(hipErrorInvalidDevice, hipMemAdvise(m, page(), hipMemAdviseSetAccessedBy, 7));
  MT_EXPECT(hipErrorInvalidDevice, hipMemAdvise(m, page(), hipMemAdviseSetPreferredLocation, -5));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(NULL, page(), hipMemAdviseSetReadMostly, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(m, 0, hipMemAdviseSetReadMostly, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(m, page() + 1, hipMemAdviseSetReadMostly, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(m, page(), (hipMemoryAdvise)7, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAdvise(device, page(), hipMemAdviseSetReadMostly, 0));
  mt_assert_reason_contains("is not in managed memory");

  MT_EXPECT(hipErrorInvalidValue, hipMemPrefetchAsync(NULL, page(), 0, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemPrefetchAsync(m, 0, 0, NULL));
  MT_EXPECT(hipErrorContextIsDestroyed, hipMemPrefetchAsync(m, page(), 0, (hipStream_t)0x1234));
  MT_EXPECT(hipErrorInvalidValue, hipMemPrefetchAsync(m, page() + 1, 0, NULL));
  MT_EXPECT(hipErrorInvalidDevice, hipMemPrefetchAsync(m, page(), 7, NULL));
  MT_EXPECT(hipErrorNotSupported, hipMemPrefetchAsync(&value, sizeof value, 0, NULL));
  MT_CHECK(hipMemPrefetchAsync(&value, sizeof value, hipCpuDeviceId, NULL)); /* the CPU's own */
  MT_CHECK(hipMemPrefetchAsync(device, page(), 0, NULL));

  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(NULL, 4, hipMemRangeAttributeReadMostly, m, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 0, hipMemRangeAttributeReadMostly, m, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 2, hipMemRangeAttributeReadMostly, m, page()));
  int two[2];
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(two, sizeof two, hipMemRangeAttributeReadMostly, m, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 6, hipMemRangeAttributeAccessedBy, m, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 4, (hipMemRangeAttribute)9, m, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 4, hipMemRangeAttributeReadMostly, device, page()));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemRangeGetAttribute(&value, 4, hipMemRangeAttributeReadMostly, m, 0));
  void *data[] = {NULL};
  size_t sizes[] = {4};
  hipMemRangeAttribute which[] = {hipMemRangeAttributeReadMostly};
  MT_EXPECT(hipErrorInvalidValue, hipMemRangeGetAttributes(data, sizes, which, 1, m, page()));
  MT_EXPECT(hipErrorInvalidValue, hipMemRangeGetAttributes(data, sizes, which, 0, m, page()));
  MT_CHECK(hipFree(device));
  MT_CHECK(hipFree(m));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_read_mostly_and_coherency),
      MT_CLEAN_TEST(test_locations),
      MT_CLEAN_TEST(test_host_memory_takes_no_advice),
      MT_CLEAN_TEST(test_advice_negative),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
