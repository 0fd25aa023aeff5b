/*
 * test_pool.c: hmo pools on the mock: where objects go (aligned, disjoint,
 * reused), how the segments behind them are mapped and trimmed (counted by
 * mockhip's statistics), what a full or busy pool answers, and that 100,000
 * live objects cost a few kernel map areas and no file descriptors. Every case
 * ends with mockhip holding nothing.
 */
#include "hmo_test.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static hmo_device *device;

static int open_device(void **state) {
  (void)state;
  return hmo_device_open(&device, 0) == HMO_OK ? 0 : -1;
}

static int close_device(void **state) {
  (void)state;
  int status = hmo_device_close(device);
  ht_assert_mock_clean();
  return status == HMO_OK ? 0 : -1;
}

static hmo_memory *alloc_bytes(hmo_pool *pool, size_t bytes) {
  hmo_memory *mem = NULL;
  HT_OK(hmo_pool_alloc(&mem, pool, bytes, HMO_UINT8, NULL));
  return mem;
}

static uintptr_t address(const hmo_memory *mem) { return (uintptr_t)hmo_memory_ptr(mem); }

static void test_alignment_and_queries(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 1));
  assert_int_equal(hmo_pool_capacity(pool), ht_granularity());
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  hmo_memory *a = alloc_bytes(pool, 1), *b = alloc_bytes(pool, 300);
  assert_int_equal(address(a) % 256, 0);
  assert_int_equal(address(b) % 256, 0);
  assert_true(address(b) >= address(a) + 256 || address(a) >= address(b) + 512);
  assert_int_equal(hmo_pool_objects(pool), 2);
  assert_int_equal(hmo_pool_bytes_in_use(pool), 256 + 512);
  assert_int_equal(hmo_pool_bytes_mapped(pool), ht_granularity());
  assert_int_equal(hmo_device_bytes_allocated(device), ht_granularity());
  assert_int_equal(hmo_memory_bytes(b), 300);
  HT_EXPECT(HMO_EBUSY, hmo_device_close(device));
  assert_non_null(strstr(hmo_error_last()->message, "pool"));
  hmo_memory_release(a);
  hmo_memory_release(b);
  assert_int_equal(hmo_pool_objects(pool), 0);
  assert_int_equal(hmo_pool_bytes_in_use(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
  assert_int_equal(hmo_device_bytes_allocated(device), 0);
  assert_int_equal(hmo_pool_capacity(NULL) + hmo_pool_bytes_mapped(NULL) +
                       hmo_pool_bytes_in_use(NULL) + hmo_pool_objects(NULL),
                   0);
  HT_OK(hmo_pool_destroy(NULL));
  HT_OK(hmo_pool_trim(NULL));
}

static void test_negative(void **state) {
  (void)state;
  hmo_pool *pool;
  hmo_memory *mem;
  HT_EXPECT(HMO_EINVAL, hmo_pool_create(NULL, device, 1));
  HT_EXPECT(HMO_EINVAL, hmo_pool_create(&pool, NULL, 1));
  HT_EXPECT(HMO_EINVAL, hmo_pool_create(&pool, device, 0));
  assert_non_null(strstr(hmo_error_last()->message, "hmo_pool_create"));
  HT_EXPECT(HMO_ERANGE, hmo_pool_create(&pool, device, SIZE_MAX));
  HT_OK(hmo_pool_create(&pool, device, 4 * HT_MIB));
  HT_EXPECT(HMO_EINVAL, hmo_pool_alloc(NULL, pool, 1, HMO_UINT8, NULL));
  HT_EXPECT(HMO_EINVAL, hmo_pool_alloc(&mem, NULL, 1, HMO_UINT8, NULL));
  HT_EXPECT(HMO_EINVAL, hmo_pool_alloc(&mem, pool, 1, NULL, NULL));
  HT_EXPECT(HMO_EINVAL, hmo_pool_alloc(&mem, pool, 0, HMO_UINT8, NULL));
  assert_non_null(strstr(hmo_error_last()->message, "hmo_pool_alloc"));
  HT_EXPECT(HMO_ERANGE, hmo_pool_alloc(&mem, pool, SIZE_MAX / 2, HMO_UINT32, NULL));
  HT_EXPECT(HMO_ERANGE, hmo_pool_alloc(&mem, pool, SIZE_MAX - 2, HMO_UINT8, NULL));
  HT_EXPECT(HMO_ENOMEM, hmo_pool_alloc(&mem, pool, 8 * HT_MIB, HMO_UINT8, NULL));
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
}

/* A host model of the live ranges: random allocs and frees never overlap, and every object
   keeps its own bytes. */
#define MODEL_SLOTS 64
static void test_random_disjoint(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 64 * HT_MIB));
  hmo_memory *live[MODEL_SLOTS] = {0};
  size_t bytes[MODEL_SLOTS] = {0};
  unsigned seeds[MODEL_SLOTS] = {0};
  unsigned char *pattern = malloc(HT_MIB);
  assert_non_null(pattern);
  srand(12);
  for (unsigned op = 0; op < 10000; op++) {
    unsigned slot = (unsigned)rand() % MODEL_SLOTS;
    if (live[slot] != NULL) {
      if (op % 97 == 0)
        assert_true(ht_memory_holds(live[slot], bytes[slot], seeds[slot]));
      if (op % 2)
        HT_OK(hmo_memory_free(live[slot]));
      hmo_memory_release(live[slot]);
      live[slot] = NULL;
      continue;
    }
    bytes[slot] = 1 + (size_t)rand() % (rand() % 4 == 0 ? HT_MIB : 4 * HT_KIB);
    seeds[slot] = op;
    ht_fill(pattern, bytes[slot], op);
    HT_OK(hmo_pool_alloc(&live[slot], pool, bytes[slot], HMO_UINT8, pattern));
    uintptr_t start = address(live[slot]), end = start + bytes[slot];
    assert_int_equal(start % 256, 0);
    for (unsigned other = 0; other < MODEL_SLOTS; other++) {
      if (other == slot || live[other] == NULL)
        continue;
      uintptr_t o_start = address(live[other]), o_end = o_start + bytes[other];
      assert_true(end <= o_start || o_end <= start);
    }
  }
  for (unsigned slot = 0; slot < MODEL_SLOTS; slot++)
    if (live[slot] != NULL) {
      assert_true(ht_memory_holds(live[slot], bytes[slot], seeds[slot]));
      hmo_memory_release(live[slot]);
    }
  free(pattern);
  assert_int_equal(hmo_pool_objects(pool), 0);
  HT_OK(hmo_pool_destroy(pool));
}

static void test_reuse(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 16 * HT_MIB));
  hmo_memory *a = alloc_bytes(pool, 4096);
  uintptr_t where = address(a);
  hmo_memory_release(a);
  mockhip_stats_t before = ht_stats();
  for (int i = 0; i < 100; i++) {
    a = alloc_bytes(pool, 4096);
    assert_int_equal(address(a), where);
    hmo_memory_release(a);
  }
  mockhip_stats_t after = ht_stats();
  for (int api = 0; api < MOCKHIP_API_COUNT; api++)
    assert_int_equal(after.calls[api], before.calls[api]); /* the steady state calls no HIP */
  HT_OK(hmo_pool_destroy(pool));
}

/* Segments are mapped as objects reach them, kept when empty, and trim releases only wholly
   free ones. */
static void test_growth_and_trim(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 16 * HT_MIB)); /* 2 MiB segments */
  size_t segment = 2 * HT_MIB > ht_granularity() ? 2 * HT_MIB : ht_granularity();
  hmo_memory *a = alloc_bytes(pool, HT_MIB);
  assert_int_equal(hmo_pool_bytes_mapped(pool), segment);
  hmo_memory *b = alloc_bytes(pool, HT_MIB / 2);
  assert_int_equal(hmo_pool_bytes_mapped(pool), segment);
  hmo_memory *c = alloc_bytes(pool, 3 * HT_MIB); /* past the first segment: two more */
  assert_int_equal(hmo_pool_bytes_mapped(pool), 3 * segment);
  assert_int_equal(ht_stats().live_handles, 3);
  hmo_memory_release(c);
  assert_int_equal(hmo_pool_bytes_mapped(pool), 3 * segment); /* warm */
  HT_OK(hmo_pool_trim(pool));
  assert_int_equal(hmo_pool_bytes_mapped(pool), segment); /* a and b still live in the first */
  assert_int_equal(ht_stats().live_handles, 1);
  assert_int_equal(hmo_device_bytes_allocated(device), segment);
  hmo_memory_release(a);
  HT_OK(hmo_pool_trim(pool));
  assert_int_equal(ht_stats().live_handles, 1);
  hmo_memory_release(b);
  HT_OK(hmo_pool_trim(pool));
  assert_int_equal(ht_stats().live_handles, 0);
  assert_int_equal(ht_stats().live_mappings, 0);
  assert_int_equal(hmo_pool_bytes_mapped(pool), 0);
  c = alloc_bytes(pool, 5 * HT_MIB); /* after a trim segments map again */
  unsigned char *data = malloc(5 * HT_MIB);
  assert_non_null(data);
  ht_fill(data, 5 * HT_MIB, 3);
  HT_OK(hmo_memory_copy_from(c, data, HMO_ALL, 0));
  free(data);
  assert_true(ht_memory_holds(c, 5 * HT_MIB, 3));
  assert_int_equal(ht_stats().live_handles, 3);
  hmo_memory_release(c);
  HT_OK(hmo_pool_destroy(pool));
}

/* A full pool answers HMO_ENOMEM and nothing changes. */
static void test_full(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 8 * HT_MIB));
  size_t capacity = hmo_pool_capacity(pool);
  hmo_memory *a = alloc_bytes(pool, capacity - 4096), *b;
  mockhip_stats_t before = ht_stats();
  HT_EXPECT(HMO_ENOMEM, hmo_pool_alloc(&b, pool, 8192, HMO_UINT8, NULL));
  const char *message = hmo_error_last()->message;
  assert_non_null(strstr(message, "hmo_pool_alloc"));
  assert_non_null(strstr(message, "largest free range is 4096 bytes"));
  mockhip_stats_t after = ht_stats();
  assert_true(ht_same_objects(&before, &after, "a full pool"));
  assert_int_equal(hmo_pool_objects(pool), 1);
  b = alloc_bytes(pool, 4096); /* what is left still fits */
  hmo_memory_release(a);
  hmo_memory_release(b);
  HT_OK(hmo_pool_destroy(pool));
}

static void test_destroy_busy(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 8 * HT_MIB));
  hmo_memory *a = alloc_bytes(pool, 100), *b = alloc_bytes(pool, 100), *slice;
  HT_EXPECT(HMO_EBUSY, hmo_pool_destroy(pool));
  assert_non_null(strstr(hmo_error_last()->message, "2 objects"));
  HT_OK(hmo_memory_slice(&slice, a, 10, 10));
  HT_OK(hmo_memory_free(a));
  hmo_memory_release(a);
  HT_EXPECT(HMO_EFREED, hmo_memory_copy_to(slice, (char[10]){0}, 10, 0));
  hmo_memory_release(b);
  HT_EXPECT(HMO_EBUSY, hmo_pool_destroy(pool)); /* the slice still refers to the pool */
  hmo_memory_release(slice);
  assert_int_equal(hmo_pool_bytes_mapped(pool),
                   ht_granularity() > 2 * HT_MIB ? ht_granularity() : 2 * HT_MIB);
  HT_OK(hmo_pool_destroy(pool));
  ht_assert_mock_clean();
}

static void test_resize_protect_clone(void **state) {
  (void)state;
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, 8 * HT_MIB));
  unsigned char data[1000];
  ht_fill(data, sizeof data, 7);
  hmo_memory *a, *slice, *copy;
  HT_OK(hmo_pool_alloc(&a, pool, sizeof data, HMO_UINT8, data));
  HT_EXPECT(HMO_EINVAL, hmo_memory_resize(a, 2000));
  assert_non_null(strstr(hmo_error_last()->message, "hmo_memory_resize: a pool object"));
  HT_EXPECT(HMO_EINVAL, hmo_memory_protect(a, HMO_ACCESS_READ));
  assert_non_null(strstr(hmo_error_last()->message, "hmo_memory_protect: a pool object"));
  HT_OK(hmo_memory_clone(&copy, a));
  assert_int_equal(hmo_pool_objects(pool), 2);
  assert_true(ht_memory_holds(copy, sizeof data, 7));
  hmo_memory_release(copy);
  HT_OK(hmo_memory_slice(&slice, a, 0, 500));
  HT_OK(hmo_memory_clone(&copy, slice));
  assert_int_equal(hmo_pool_objects(pool), 2);
  assert_int_equal(hmo_memory_bytes(copy), 500);
  assert_true(ht_memory_holds(copy, 500, 7));
  hmo_memory_release(copy);
  hmo_memory_release(slice);
  hmo_memory_release(a);
  HT_OK(hmo_pool_destroy(pool));
}

static size_t count_lines(const char *path) {
  FILE *file = fopen(path, "r");
  assert_non_null(file);
  size_t lines = 0;
  for (int c; (c = fgetc(file)) != EOF;)
    lines += c == '\n';
  fclose(file);
  return lines;
}

static size_t count_fds(void) {
  DIR *dir = opendir("/proc/self/fd");
  assert_non_null(dir);
  size_t count = 0;
  while (readdir(dir) != NULL)
    count++;
  closedir(dir);
  return count;
}

/* 100,000 live 64 KiB objects (6.25 GiB of mock device memory, never touched): a few dozen
   segments, so a few dozen kernel map areas, and no file descriptor per object. */
#define MANY 100000
static void test_many_objects(void **state) {
  (void)state;
  hmo_memory **objects = calloc(MANY, sizeof *objects);
  assert_non_null(objects);
  size_t maps = count_lines("/proc/self/maps"), fds = count_fds();
  hmo_pool *pool;
  HT_OK(hmo_pool_create(&pool, device, (size_t)MANY * 64 * HT_KIB));
  for (size_t i = 0; i < MANY; i++)
    assert_int_equal(hmo_pool_alloc(&objects[i], pool, 64 * HT_KIB, HMO_UINT8, NULL), HMO_OK);
  size_t maps_after = count_lines("/proc/self/maps"), fds_after = count_fds();
  print_message("%d objects: %zu more map lines, %zu more fds, %zu segment bytes mapped\n", MANY,
                maps_after - maps, fds_after - fds, hmo_pool_bytes_mapped(pool));
  assert_true(maps_after < maps + 100);
  assert_true(fds_after <= fds + 4);
  assert_int_equal(hmo_pool_objects(pool), MANY);
  for (size_t i = 0; i < MANY; i++)
    hmo_memory_release(objects[i]);
  free(objects);
  HT_OK(hmo_pool_destroy(pool));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_alignment_and_queries), cmocka_unit_test(test_negative),
      cmocka_unit_test(test_random_disjoint),       cmocka_unit_test(test_reuse),
      cmocka_unit_test(test_growth_and_trim),       cmocka_unit_test(test_full),
      cmocka_unit_test(test_destroy_busy),          cmocka_unit_test(test_resize_protect_clone),
      cmocka_unit_test(test_many_objects),
  };
  return cmocka_run_group_tests(tests, open_device, close_device);
}
