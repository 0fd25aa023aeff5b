/*
 * test_memory_kinds.c: what only the mock shows about the memory beyond VMM:
 * every kind of block (hipMalloc, hipExtMallocWithFlags, hipMallocManaged,
 * hipHostMalloc; hipMallocAsync's come from a pool: test_mempool*.c) is plain CPU memory, counted
 * in the statistics, charged to its device or to none, named by the leak report and the dump, freed
 * by any free call (and VMM memory by none), checked against the stream of an Async call, looked up
 * by the size asked for, inherited by a forked child and safe to use from several threads. The
 * reasons of the pointer queries' failures say what the address is. Runs with two devices of 1 PiB
 * each, so that one block can ask for more address space than the machine has.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAGE 4096
#define TIB (1024 * MT_GIB)
#define THREADS 8
#define ROUNDS 200

/* Allocates one block of `bytes` with the kind's call; hipFree frees every kind. */
typedef hipError_t (*allocator)(void **ptr, size_t bytes);

static hipError_t alloc_malloc(void **ptr, size_t bytes) { return hipMalloc(ptr, bytes); }
static hipError_t alloc_ext(void **ptr, size_t bytes) {
  return hipExtMallocWithFlags(ptr, bytes, hipDeviceMallocFinegrained);
}
static hipError_t alloc_managed(void **ptr, size_t bytes) {
  return hipMallocManaged(ptr, bytes, hipMemAttachGlobal);
}
static hipError_t alloc_host(void **ptr, size_t bytes) {
  return hipHostMalloc(ptr, bytes, hipHostMallocDefault);
}

typedef struct kind {
  const char *name; /* the entry point, as the reports name it */
  allocator alloc;
  bool charged; /* to the current device's capacity */
} kind;

static const kind kinds[] = {
    {"hipMalloc", alloc_malloc, true},
    {"hipExtMallocWithFlags", alloc_ext, true},
    {"hipMallocManaged", alloc_managed, false},
    {"hipHostMalloc", alloc_host, false},
};
#define KIND_COUNT (sizeof kinds / sizeof kinds[0])

static size_t free_bytes(void) {
  size_t free_now = 0, total = 0;
  MT_CHECK(hipMemGetInfo(&free_now, &total));
  return free_now;
}

/* ---- every kind ---- */

/* The CPU reads and writes every block directly: the mock has one address space. */
static void test_every_kind_is_cpu_memory(void **state) {
  (void)state;
  for (size_t k = 0; k < KIND_COUNT; k++) {
    unsigned char *p = NULL;
    MT_CHECK(kinds[k].alloc((void **)&p, 3 * PAGE));
    memset(p, 0x5a, 3 * PAGE);
    p[3 * PAGE - 1] = 0xa5;
    unsigned char back = 0;
    MT_CHECK(hipMemcpy(&back, p + 3 * PAGE - 1, 1, hipMemcpyDeviceToHost));
    assert_int_equal(back, 0xa5);
    MT_CHECK(hipFree(p));
  }
}

/* Each block counts once, at its size rounded to pages; device kinds charge the device. */
static void test_counted_and_charged(void **state) {
  (void)state;
  for (size_t k = 0; k < KIND_COUNT; k++) {
    mockhip_stats_t before = mt_stats();
    size_t free_before = free_bytes();
    void *p = NULL;
    MT_CHECK(kinds[k].alloc(&p, PAGE + 1));
    mockhip_stats_t during = mt_stats();
    assert_int_equal(during.live_mallocs, before.live_mallocs + 1);
    assert_int_equal(during.malloc_bytes, before.malloc_bytes + 2 * PAGE);
    assert_int_equal(mockhip_live_objects(), 1);
    if (free_bytes() != free_before - (kinds[k].charged ? 2 * PAGE : 0))
      fail_msg("%s: hipMemGetInfo's free went from %zu to %zu", kinds[k].name, free_before,
               free_bytes());
    MT_CHECK(hipFree(p));
    assert_int_equal(free_bytes(), free_before);
  }
}

/* Signal memory is fine-grained host memory in ROCm: charged to no device. */
static void test_signal_memory_is_host_memory(void **state) {
  (void)state;
  size_t free_before = free_bytes();
  void *p = NULL;
  MT_CHECK(hipExtMallocWithFlags(&p, 8, hipMallocSignalMemory));
  assert_int_equal(free_bytes(), free_before);
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, p));
  assert_int_equal(attributes.type, hipMemoryTypeHost);
  assert_int_equal(attributes.allocationFlags, hipMallocSignalMemory);
  MT_CHECK(hipFree(p));
}

/* Every free call frees every kind, as in ROCm; a block's interior is refused by all. */
static void test_any_free_frees_any_block(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  for (size_t k = 0; k < KIND_COUNT; k++) {
    void *p[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++)
      MT_CHECK(kinds[k].alloc(&p[i], PAGE));
    MT_EXPECT(hipErrorInvalidValue, hipHostFree((char *)p[0] + 1));
    MT_EXPECT(hipErrorInvalidValue, hipFreeAsync((char *)p[0] + 1, stream));
    MT_CHECK(hipFree(p[0]));
    MT_CHECK(hipHostFree(p[1]));
    MT_CHECK(hipFreeAsync(p[2], stream));
    MT_EXPECT(hipErrorInvalidValue, hipFreeAsync(p[2], stream));
  }
  MT_CHECK(hipStreamDestroy(stream));
}

/* ---- sizes ---- */

static void test_sizes_beyond_the_machine(void **state) {
  (void)state;
  void *p = (void *)1;
  /* Rounding SIZE_MAX up to a page overflows. */
  MT_EXPECT(hipErrorOutOfMemory, hipHostMalloc(&p, SIZE_MAX, 0));
  mt_assert_reason_contains("host memory");
  /* More than one block may hold (the capacity, 1 PiB here). */
  MT_EXPECT(hipErrorOutOfMemory, hipMallocManaged(&p, 2 * 1024 * TIB, hipMemAttachGlobal));
  mt_assert_reason_contains("managed memory");
  /* Within the bound but more address space than x86-64 user space: the system refuses. */
  MT_EXPECT(hipErrorOutOfMemory, hipMallocManaged(&p, 512 * TIB, hipMemAttachHost));
  mt_assert_reason_contains("cannot allocate");
  /* Device memory counts what is already charged; a pool's block may not pass the device. */
  MT_EXPECT(hipErrorOutOfMemory, hipMalloc(&p, 2 * 1024 * TIB));
  mt_assert_reason_contains("device 0 has");
  MT_EXPECT(hipErrorOutOfMemory, hipMallocAsync(&p, 2 * 1024 * TIB, NULL));
  mt_assert_reason_contains("more than device 0 holds");
  assert_int_equal(mockhip_live_objects(), 0);
}

/* ROCm's objects are as large as asked: the page rounding belongs to no block. */
static void test_lookups_use_the_size_asked(void **state) {
  (void)state;
  char *p = NULL;
  MT_CHECK(hipHostMalloc((void **)&p, 100, 0));
  void *base = NULL;
  size_t bytes = 0;
  MT_CHECK(hipMemGetAddressRange(&base, &bytes, p + 99));
  assert_ptr_equal(base, p);
  assert_int_equal(bytes, 100);
  MT_EXPECT(hipErrorNotFound, hipMemGetAddressRange(&base, &bytes, p + 100));
  mt_assert_reason_contains("past the size its block was asked for");
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, p + 100));
  assert_int_equal(attributes.type, hipMemoryTypeUnregistered);
  char in[8] = "pinned!", out[8] = "";
  MT_EXPECT(hipErrorInvalidValue, hipMemcpy(p + 96, in, 8, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy(p + 92, in, 8, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy(out, p + 92, 8, hipMemcpyDeviceToHost));
  assert_string_equal(out, "pinned!");
  MT_CHECK(hipHostFree(p));
}

/* ---- the pointer queries ---- */

/* A block belongs to the device current at allocation; host memory names it too. */
static void test_attributes_name_the_allocating_device(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(1));
  void *managed = NULL, *host = NULL;
  MT_CHECK(hipMallocManaged(&managed, PAGE, hipMemAttachGlobal));
  MT_CHECK(hipHostMalloc(&host, PAGE, hipHostMallocUncached | hipHostMallocNumaUser));
  MT_CHECK(hipSetDevice(0));
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, (char *)managed + 7));
  assert_int_equal(attributes.type, hipMemoryTypeManaged);
  assert_int_equal(attributes.device, 1);
  assert_int_equal(attributes.isManaged, 1);
  assert_ptr_equal(attributes.hostPointer, (char *)managed + 7);
  assert_ptr_equal(attributes.devicePointer, (char *)managed + 7);
  MT_CHECK(hipPointerGetAttributes(&attributes, host));
  assert_int_equal(attributes.type, hipMemoryTypeHost);
  assert_int_equal(attributes.device, 1);
  assert_int_equal(attributes.allocationFlags, hipHostMallocUncached | hipHostMallocNumaUser);
  MT_CHECK(hipFree(managed));
  MT_CHECK(hipFree(host));
}

/* A mapping of device memory names its device; of host memory, the current one. */
static void test_attributes_of_mappings(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  void *base = NULL;
  hipMemGenericAllocationHandle_t on_device = NULL, on_host = NULL;
  hipMemAllocationProp device1 = mt_prop_device(1), host = mt_prop_host();
  MT_CHECK(hipMemAddressReserve(&base, 3 * granule, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&on_device, granule, &device1, 0));
  MT_CHECK(hipMemCreate(&on_host, granule, &host, 0));
  MT_CHECK(hipMemMap(base, granule, 0, on_device, 0));
  MT_CHECK(hipMemMap((char *)base + granule, granule, 0, on_host, 0));
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, (char *)base + granule - 1));
  assert_int_equal(attributes.type, hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 1);
  assert_null(attributes.hostPointer);
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipPointerGetAttributes(&attributes, (char *)base + granule));
  assert_int_equal(attributes.device, 1);
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipPointerGetAttributes(&attributes, (char *)base + granule));
  assert_int_equal(attributes.device, 0);
  /* The unmapped third granule is unknown memory, and its reason says why. */
  MT_CHECK(hipPointerGetAttributes(&attributes, (char *)base + 2 * granule));
  assert_int_equal(attributes.type, hipMemoryTypeUnregistered);
  void *range = NULL;
  MT_EXPECT(hipErrorNotFound, hipMemGetAddressRange(&range, NULL, (char *)base + 2 * granule));
  mt_assert_reason_contains("reserved but not mapped");
  MT_EXPECT(hipErrorNotFound, hipMemGetAddressRange(&range, NULL, &range));
  mt_assert_reason_contains("no hipMalloc-family block and no mapping");
  MT_CHECK(hipMemUnmap(base, 2 * granule));
  MT_CHECK(hipMemRelease(on_device));
  MT_CHECK(hipMemRelease(on_host));
  MT_CHECK(hipMemAddressFree(base, 3 * granule));
}

/* The stream of an Async call is checked first: a stale one allocates and frees nothing. */
static void test_async_calls_check_the_stream(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipStreamDestroy(stream));
  void *block = NULL, *out = (void *)0x1;
  MT_CHECK(hipMalloc(&block, PAGE));
  assert_int_not_equal(hipMallocAsync(&out, PAGE, stream), hipSuccess);
  assert_ptr_equal(out, (void *)0x1);
  assert_int_not_equal(hipFreeAsync(block, stream), hipSuccess);
  assert_int_equal(mt_stats().live_mallocs, 1);
  MT_CHECK(hipFree(block));
}

/* No free call frees VMM memory: a reservation or a mapping is no block. */
static void test_free_calls_refuse_vmm_memory(void **state) {
  (void)state;
  mt_mapping m;
  mt_mapping_create(&m, mt_granularity(), 2 * mt_granularity());
  char *unmapped = (char *)m.base + m.bytes;
  MT_EXPECT(hipErrorInvalidValue, hipFree(m.base));
  MT_EXPECT(hipErrorInvalidValue, hipHostFree(unmapped));
  MT_EXPECT(hipErrorInvalidValue, hipFreeAsync(m.base, NULL));
  mt_assert_reason_contains("is not the start of a hipMalloc-family block");
  mt_mapping_destroy(&m);
}

/* Each argument check of hipMemGetHandleForAddressRange names its argument. */
static void test_range_handle_reasons(void **state) {
  (void)state;
  void *p = NULL;
  int fd = -1;
  MT_CHECK(hipMalloc(&p, PAGE));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemGetHandleForAddressRange(&fd, NULL, PAGE, hipMemRangeHandleTypeDmaBufFd, 0));
  mt_assert_reason_contains("dptr is NULL");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemGetHandleForAddressRange(&fd, p, 0, hipMemRangeHandleTypeDmaBufFd, 0));
  mt_assert_reason_contains("size is 0");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemGetHandleForAddressRange(&fd, p, PAGE, (hipMemRangeHandleType)2, 0));
  mt_assert_reason_contains("handleType 2");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemGetHandleForAddressRange(&fd, p, PAGE, hipMemRangeHandleTypeDmaBufFd,
                                           hipMemRangeFlagDmaBufMappingTypePcie));
  mt_assert_reason_contains("flags must be 0");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemGetHandleForAddressRange(NULL, p, PAGE, hipMemRangeHandleTypeDmaBufFd, 0));
  mt_assert_reason_contains("handle is NULL");
  MT_EXPECT(hipErrorNotSupported,
            hipMemGetHandleForAddressRange(&fd, p, PAGE, hipMemRangeHandleTypeDmaBufFd, 0));
  mt_assert_reason_contains("does not emulate dma-buf");
  assert_int_equal(fd, -1);
  MT_CHECK(hipFree(p));
}

/* ---- reports ---- */

static char *leak_report_text(void) {
  FILE *out = tmpfile();
  assert_non_null(out);
  mockhip_leak_report(out);
  char *text = mt_read_stream(out);
  fclose(out);
  return text;
}

/* The leak report and the dump name each block after the call that made it. */
static void test_reports_name_the_call(void **state) {
  (void)state;
  void *p[KIND_COUNT];
  for (size_t k = 0; k < KIND_COUNT; k++)
    MT_CHECK(kinds[k].alloc(&p[k], 100));
  char *report = leak_report_text();
  char *dump = mt_dump_text();
  for (size_t k = 0; k < KIND_COUNT; k++) {
    char line[128];
    snprintf(line, sizeof line, "mockhip: leak: %s block %#lx (100 bytes), made at ", kinds[k].name,
             (unsigned long)(uintptr_t)p[k]);
    if (strstr(report, line) == NULL)
      fail_msg("no \"%s\" in the leak report:\n%s", line, report);
    snprintf(line, sizeof line, "  %s %#lx-", kinds[k].name, (unsigned long)(uintptr_t)p[k]);
    if (strstr(dump, line) == NULL)
      fail_msg("no \"%s\" in the dump:\n%s", line, dump);
  }
  assert_non_null(strstr(dump, "(4 KiB) managed, device 0\n"));
  assert_non_null(strstr(dump, "(4 KiB) host memory, device 0\n"));
  free(report);
  free(dump);
  for (size_t k = 0; k < KIND_COUNT; k++)
    MT_CHECK(hipFree(p[k]));
}

/* ---- fork and threads ---- */

static void child_frees_the_blocks(void *arg) {
  void **blocks = arg;
  unsigned char *managed = blocks[0];
  if (managed[0] != 0x77 || hipFree(blocks[0]) != hipSuccess ||
      hipHostFree(blocks[1]) != hipSuccess || mockhip_live_objects() != 0)
    _exit(1);
}

/* A forked child inherits the blocks and their bytes; what it frees stays in the parent. */
static void test_fork_inherits_blocks(void **state) {
  (void)state;
  void *blocks[2] = {NULL, NULL};
  MT_CHECK(hipMallocManaged(&blocks[0], PAGE, hipMemAttachGlobal));
  MT_CHECK(hipHostMalloc(&blocks[1], PAGE, 0));
  memset(blocks[0], 0x77, PAGE);
  assert_true(mt_exited_ok(mt_run_in_child(child_frees_the_blocks, blocks)));
  assert_int_equal(mt_stats().live_mallocs, 2);
  assert_int_equal(((unsigned char *)blocks[0])[PAGE - 1], 0x77);
  MT_CHECK(hipFree(blocks[0]));
  MT_CHECK(hipFree(blocks[1]));
}

static atomic_int failures;

static void *churn(void *arg) {
  unsigned id = (unsigned)(uintptr_t)arg;
  for (unsigned i = 0; i < ROUNDS; i++) {
    const kind *k = &kinds[(id + i) % KIND_COUNT];
    unsigned *p = NULL;
    hipPointerAttribute_t attributes;
    void *base = NULL;
    if (k->alloc((void **)&p, PAGE + i) != hipSuccess) {
      atomic_fetch_add(&failures, 1);
      continue;
    }
    p[0] = id * 100000 + i;
    if (hipPointerGetAttributes(&attributes, p + 1) != hipSuccess ||
        attributes.devicePointer != (void *)(p + 1) ||
        hipMemGetAddressRange(&base, NULL, p + 1) != hipSuccess || base != p ||
        p[0] != id * 100000 + i || hipFree(p) != hipSuccess)
      atomic_fetch_add(&failures, 1);
  }
  return NULL;
}

/* Eight threads allocate, query and free blocks of every kind at once. */
static void test_threads_churn_blocks(void **state) {
  (void)state;
  pthread_t threads[THREADS];
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, churn, (void *)(uintptr_t)t), 0);
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
  assert_int_equal(atomic_load(&failures), 0);
  mockhip_stats_t after = mt_stats();
  assert_int_equal(after.live_mallocs, 0);
  assert_int_equal(after.malloc_bytes, 0);
}

int main(void) {
  /* Before the first HIP call, which reads them. */
  setenv("MOCKHIP_DEVICES", "2", 1);
  setenv("MOCKHIP_DEVICE_MEMORY", "1024T", 1);
  const struct CMUnitTest positive[] = {
      MT_CLEAN_TEST(test_every_kind_is_cpu_memory),
      MT_CLEAN_TEST(test_counted_and_charged),
      MT_CLEAN_TEST(test_signal_memory_is_host_memory),
      MT_CLEAN_TEST(test_any_free_frees_any_block),
      MT_CLEAN_TEST(test_lookups_use_the_size_asked),
      MT_CLEAN_TEST(test_attributes_name_the_allocating_device),
      MT_CLEAN_TEST(test_attributes_of_mappings),
      MT_CLEAN_TEST(test_reports_name_the_call),
      MT_CLEAN_TEST(test_fork_inherits_blocks),
      MT_CLEAN_TEST(test_threads_churn_blocks),
  };
  const struct CMUnitTest negative[] = {
      MT_CLEAN_TEST(test_sizes_beyond_the_machine),
      MT_CLEAN_TEST(test_async_calls_check_the_stream),
      MT_CLEAN_TEST(test_free_calls_refuse_vmm_memory),
      MT_CLEAN_TEST(test_range_handle_reasons),
  };
  return cmocka_run_group_tests_name("memory_kinds", positive, NULL, NULL) +
         cmocka_run_group_tests_name("memory_kinds_negative", negative, NULL, NULL);
}
