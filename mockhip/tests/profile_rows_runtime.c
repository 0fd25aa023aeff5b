/*
 * profile_rows_runtime.c: the rows of table (g) outside the VMM calls, where
 * only the platform differs: hipExtMallocWithFlags, which free takes which
 * block, hipCtxSynchronize, stream priorities, a short PCI bus id buffer, and
 * HIP in a child forked after it started.
 */
#include "profile_check.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void test_ext_malloc(void **state) {
  (void)state;
  const row *r = &ext_malloc;
  void *block = (void *)0x1;
  hipError_t err = hipExtMallocWithFlags(&block, mt_granularity(), hipDeviceMallocDefault);
  if (cell_of(r) == YES) {
    ROW_EXPECT(r, hipSuccess, err);
    assert_non_null(block);
    assert_int_equal(mt_stats().live_mallocs, 1);
    assert_int_equal(mt_stats().malloc_bytes, mt_granularity());
    MT_CHECK(hipMemset(block, 0x5a, mt_granularity())); /* device memory, usable */
    MT_CHECK(hipFree(block));
  } else {
    ROW_EXPECT(r, code_of(r), err);
    assert_ptr_equal(block, (void *)0x1);
  }
  assert_int_equal(mt_stats().live_mallocs, 0);
}

void test_free_crosses_kinds(void **state) {
  (void)state;
  const row *r = &free_crosses_kinds;
  bool crosses = cell_of(r) == SUCCESS;
  void *pinned = NULL, *device = NULL;
  MT_CHECK(hipHostMalloc(&pinned, 4096, hipHostMallocDefault));
  MT_CHECK(hipMalloc(&device, 4096));
  assert_int_equal(mt_stats().live_mallocs, 2);
  /* Each free of the other kind: freed (Success), or refused and the block kept. */
  ROW_EXPECT(r, code_of(r), hipFree(pinned));
  assert_int_equal(mt_stats().live_mallocs, crosses ? 1 : 2);
  ROW_EXPECT(r, code_of(r), hipHostFree(device));
  assert_int_equal(mt_stats().live_mallocs, crosses ? 0 : 2);
  if (!crosses) { /* both are still whole: the CPU uses the pinned block, a copy the other */
    memset(pinned, 0x5a, 4096);
    MT_CHECK(hipMemcpy(device, pinned, 4096, hipMemcpyHostToDevice));
    MT_CHECK(hipHostFree(pinned));
    MT_CHECK(hipFree(device));
  }
  /* Each free of its own kind works everywhere. */
  MT_CHECK(hipHostMalloc(&pinned, 4096, hipHostMallocDefault));
  MT_CHECK(hipMalloc(&device, 4096));
  ROW_EXPECT(r, hipSuccess, hipHostFree(pinned));
  ROW_EXPECT(r, hipSuccess, hipFree(device));
  assert_int_equal(mt_stats().live_mallocs, 0);
}

void test_pointer_allocation_flags(void **state) {
  (void)state;
  const row *r = &pointer_allocation_flags;
  const unsigned flags = hipHostMallocMapped | hipHostMallocPortable;
  void *pinned = NULL;
  MT_CHECK(hipHostMalloc(&pinned, 4096, flags));
  hipPointerAttribute_t attributes;
  ROW_EXPECT(r, hipSuccess, hipPointerGetAttributes(&attributes, (char *)pinned + 8));
  assert_int_equal(attributes.allocationFlags, cell_of(r) == KEPT ? flags : 0);
  MT_CHECK(hipHostFree(pinned));
}

void test_unregistered_host_pointer(void **state) {
  (void)state;
  const row *r = &unregistered_host_pointer;
  int local = 0;
  hipPointerAttribute_t attributes;
  ROW_EXPECT(r, hipSuccess, hipPointerGetAttributes(&attributes, &local));
  assert_int_equal(attributes.type, hipMemoryTypeUnregistered);
  assert_ptr_equal(attributes.hostPointer, cell_of(r) == PTR ? (void *)&local : NULL);
  assert_null(attributes.devicePointer);
}

void test_address_range_of_vmm(void **state) {
  (void)state;
  const row *r = &address_range_of_vmm;
  size_t g = mt_granularity();
  char *base = reserve(3 * g);
  hipMemGenericAllocationHandle_t handle = create(2 * g, hipMemHandleTypeNone);
  MT_CHECK(hipMemMap(base + g, 2 * g, 0, handle, 0));
  hipDeviceptr_t found = NULL;
  size_t bytes = 0;
  /* Inside the mapping: its base and size, or NotFound. */
  ROW_EXPECT(r, cell_of(r) == MAPPING ? hipSuccess : code_of(r),
             hipMemGetAddressRange(&found, &bytes, base + 2 * g));
  assert_ptr_equal(found, cell_of(r) == MAPPING ? (void *)(base + g) : NULL);
  assert_int_equal(bytes, cell_of(r) == MAPPING ? 2 * g : 0);
  /* Reserved, not mapped: NotFound everywhere. */
  ROW_EXPECT(r, hipErrorNotFound, hipMemGetAddressRange(&found, &bytes, base));
  MT_CHECK(hipMemUnmap(base + g, 2 * g));
  MT_CHECK(hipMemRelease(handle));
  MT_CHECK(hipMemAddressFree(base, 3 * g));
}

void test_range_handle_flags(void **state) {
  (void)state;
  const row *r = &range_handle_flags;
  /* mockhip's header is HIP 7.2's, which declares the call */
  void *block = NULL;
  MT_CHECK(hipMalloc(&block, 4096));
  int fd = -1;
  ROW_EXPECT(r, code_of(r),
             hipMemGetHandleForAddressRange(&fd, block, 4096, hipMemRangeHandleTypeDmaBufFd,
                                            hipMemRangeFlagDmaBufMappingTypePcie));
  ROW_EXPECT(r, hipErrorInvalidValue,
             hipMemGetHandleForAddressRange(&fd, block, 4096, hipMemRangeHandleTypeDmaBufFd, 2));
  assert_int_equal(fd, -1);
  MT_CHECK(hipFree(block));
}

void test_ctx_synchronize(void **state) {
  (void)state;
  const row *r = &ctx_synchronize;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* ROCm deprecates it; it is the row */
  ROW_EXPECT(r, code_of(r), hipCtxSynchronize());
#pragma GCC diagnostic pop
  MT_CHECK(hipDeviceSynchronize()); /* the call that works everywhere */
}

void test_stream_priorities(void **state) {
  (void)state;
  const row *r = &stream_priorities;
  /* one_minus_one: least 1, greatest -1; zero_minus_five: least 0, greatest -5. */
  int want_least = cell_of(r) == ZERO_MINUS_FIVE ? 0 : 1;
  int want_greatest = cell_of(r) == ZERO_MINUS_FIVE ? -5 : -1;
  int least = 99, greatest = 99;
  ROW_EXPECT(r, hipSuccess, hipDeviceGetStreamPriorityRange(&least, &greatest));
  assert_int_equal(least, want_least);
  assert_int_equal(greatest, want_greatest);
  /* Creation clamps into the range; a priority inside it is kept. */
  const int asked[] = {-100, want_greatest, -1, 0, 100};
  for (size_t i = 0; i < sizeof asked / sizeof asked[0]; i++) {
    hipStream_t stream = NULL;
    ROW_EXPECT(r, hipSuccess, hipStreamCreateWithPriority(&stream, hipStreamDefault, asked[i]));
    int priority = 99;
    MT_CHECK(hipStreamGetPriority(stream, &priority));
    int clamped = asked[i] < want_greatest ? want_greatest
                  : asked[i] > want_least  ? want_least
                                           : asked[i];
    if (priority != clamped)
      print_error("row %s, profile %s: priority %d became %d, expected %d\n", r->key,
                  profile_names[played], asked[i], priority, clamped);
    assert_int_equal(priority, clamped);
    MT_CHECK(hipStreamDestroy(stream));
  }
}

void test_pci_bus_id_short(void **state) {
  (void)state;
  const row *r = &pci_bus_id_short;
  char id[32];
  /* Both write what fits; truncated then succeeds, InvalidValue fails. Nothing past len. */
  memset(id, 'x', sizeof id);
  ROW_EXPECT(r, cell_of(r) == TRUNCATED ? hipSuccess : code_of(r), hipDeviceGetPCIBusId(id, 5, 1));
  assert_string_equal(id, "0000");
  for (size_t i = 5; i < sizeof id; i++)
    assert_int_equal(id[i], 'x');
  ROW_EXPECT(r, cell_of(r) == TRUNCATED ? hipSuccess : code_of(r), hipDeviceGetPCIBusId(id, 12, 1));
  assert_string_equal(id, "0000:02:00.");
  /* len 0 or less is refused everywhere; a buffer that holds the id works everywhere. */
  memset(id, 'x', sizeof id);
  ROW_EXPECT(r, hipErrorInvalidValue, hipDeviceGetPCIBusId(id, 0, 1));
  ROW_EXPECT(r, hipErrorInvalidValue, hipDeviceGetPCIBusId(id, -1, 1));
  assert_int_equal(id[0], 'x');
  ROW_EXPECT(r, hipSuccess, hipDeviceGetPCIBusId(id, 13, 1));
  assert_string_equal(id, "0000:02:00.0");
}

/* ---- forked_child ---- */

/* What the child's HIP calls answered, and whether its block was usable. */
typedef struct fork_view {
  hipError_t count, malloc, free;
  int devices;
  bool block;
} fork_view;

static void calls_in_child(void *arg) {
  fork_view *view = arg;
  view->devices = -1;
  view->count = hipGetDeviceCount(&view->devices);
  void *block = NULL;
  view->malloc = hipMalloc(&block, 4096);
  view->block = block != NULL;
  view->free = hipFree(block);
}

void test_forked_child(void **state) {
  (void)state;
  const row *r = &forked_child;
  void *parent_block = NULL; /* HIP is in use when the process forks */
  MT_CHECK(hipMalloc(&parent_block, 4096));
  fork_view *view =
      mmap(NULL, sizeof *view, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  assert_true(view != MAP_FAILED);
  memset(view, 0, sizeof *view);
  assert_true(mt_exited_ok(mt_run_in_child(calls_in_child, view)));
  hipError_t want = cell_of(r) == WORKS ? hipSuccess : code_of(r);
  ROW_EXPECT(r, want, view->count);
  ROW_EXPECT(r, want, view->malloc);
  ROW_EXPECT(r, want, view->free);
  /* works: the child sees the devices and gets memory; NotInitialized: nothing written. */
  assert_int_equal(view->devices, want == hipSuccess ? 2 : -1);
  assert_int_equal(view->block, want == hipSuccess);
  munmap(view, sizeof *view);
  /* The parent is not the child: its HIP goes on. */
  int devices = 0;
  MT_CHECK(hipGetDeviceCount(&devices));
  assert_int_equal(devices, 2);
  MT_CHECK(hipFree(parent_block));
}
