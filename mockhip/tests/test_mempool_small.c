/*
 * test_mempool_small.c: a pool on a device of 1 MiB, as the fuzzer plays it.
 * Its chunks are an eighth of the device, so the first heap is one chunk,
 * too small for a block and a chunk besides, and blocks come from the second:
 * trimming to nothing must still give every chunk back, and the device's
 * memory with them.
 */
#include "mock_test.h"

#include <stdlib.h>

#define KIB ((size_t)1024)

static uint64_t reserved(hipMemPool_t pool) {
  uint64_t value = 0;
  MT_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &value));
  return value;
}

static void test_trim_gives_every_chunk_back(void **state) {
  (void)state;
  hipMemPool_t pool;
  MT_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  size_t free_before, total;
  MT_CHECK(hipMemGetInfo(&free_before, &total));
  void *blocks[4];
  for (int i = 0; i < 4; i++)
    MT_CHECK(hipMallocAsync(&blocks[i], 100 + (size_t)i * KIB, NULL));
  assert_int_equal(reserved(pool), 128 * KIB);
  size_t free_now;
  MT_CHECK(hipMemGetInfo(&free_now, &total));
  assert_int_equal(free_now, free_before - 128 * KIB);
  for (int i = 0; i < 4; i++)
    MT_CHECK(hipFreeAsync(blocks[i], NULL));
  MT_CHECK(hipMemPoolTrimTo(pool, 0));
  assert_int_equal(reserved(pool), 0);
  MT_CHECK(hipMemGetInfo(&free_now, &total));
  assert_int_equal(free_now, free_before);
}

int main(void) {
  setenv("MOCKHIP_DEVICE_MEMORY", "1048576", 1);
  setenv("MOCKHIP_GRANULARITY", "4096", 1);
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_trim_gives_every_chunk_back),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
