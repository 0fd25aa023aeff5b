/*
 * test_mempool.c: the stream-ordered memory pools as clr plays them
 * (hip_mempool.cpp, hip_mempool_impl.cpp, hip_device.cpp): each device's
 * default and current pool, hipMallocAsync from the stream's device, which
 * freed blocks a stream may reuse, the attributes and what they count, the
 * release threshold at synchronisation, trim, maxSize, clr's rule that frees
 * the cache when it outgrows what is used, per-device access to pool memory
 * (VMM memory the program's VMM calls may not touch), destroy while busy,
 * hipDeviceReset, the reports, capture and threads. Pool memory is not the
 * CPU's: every byte moves with hipMemcpy. Runs with two devices.
 */
#include "mock_test.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define KIB MT_KIB
#define MIB MT_MIB
#define CHUNK (32 * MIB) /* the heaps' chunk on a 16 GiB device */

static hipMemPoolProps props_on(int device, hipMemAllocationHandleType type) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = type;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  return props;
}

static hipMemPool_t pool_on(int device, hipMemAllocationHandleType type) {
  hipMemPoolProps props = props_on(device, type);
  hipMemPool_t pool = NULL;
  MT_CHECK(hipMemPoolCreate(&pool, &props));
  return pool;
}

static uint64_t attr64(hipMemPool_t pool, hipMemPoolAttr attr) {
  uint64_t value = 0xdead;
  MT_CHECK(hipMemPoolGetAttribute(pool, attr, &value));
  return value;
}

static int attr32(hipMemPool_t pool, hipMemPoolAttr attr) {
  int value = -1;
  MT_CHECK(hipMemPoolGetAttribute(pool, attr, &value));
  return value;
}

static void set64(hipMemPool_t pool, hipMemPoolAttr attr, uint64_t value) {
  MT_CHECK(hipMemPoolSetAttribute(pool, attr, &value));
}

static void set32(hipMemPool_t pool, hipMemPoolAttr attr, int value) {
  MT_CHECK(hipMemPoolSetAttribute(pool, attr, &value));
}

static hipMemPool_t default_pool(int device) {
  hipMemPool_t pool = NULL;
  MT_CHECK(hipDeviceGetDefaultMemPool(&pool, device));
  return pool;
}

static void *from_pool(hipMemPool_t pool, size_t bytes, hipStream_t stream) {
  void *ptr = NULL;
  MT_CHECK(hipMallocFromPoolAsync(&ptr, bytes, pool, stream));
  assert_non_null(ptr);
  return ptr;
}

/* Returns what the default pools cached to the devices, as a synchronize does. */
static int setup(void **state) {
  (void)state;
  MT_CHECK(hipSetDevice(0));
  for (int d = 1; d >= 0; d--) {
    MT_CHECK(hipSetDevice(d));
    MT_CHECK(hipDeviceSynchronize());
  }
  mt_assert_clean();
  return 0;
}
#define POOL_TEST(f) cmocka_unit_test_setup_teardown(f, setup, mt_teardown_clean)

/* ---- each device's pools ---- */

/* The default pool is current until hipDeviceSetMemPool; destroying the current pool makes the
   default current again. Each device has its own. */
static void test_default_pool_is_current(void **state) {
  (void)state;
  hipMemPool_t default0 = default_pool(0), default1 = default_pool(1), current = NULL;
  assert_ptr_not_equal(default0, default1);
  MT_CHECK(hipDeviceGetMemPool(&current, 0));
  assert_ptr_equal(current, default0);
  assert_ptr_equal(default_pool(0), default0); /* the same pool every time */
  hipMemPool_t mine = pool_on(0, hipMemHandleTypeNone);
  MT_CHECK(hipDeviceSetMemPool(0, mine));
  MT_CHECK(hipDeviceGetMemPool(&current, 0));
  assert_ptr_equal(current, mine);
  void *ptr = NULL;
  MT_CHECK(hipMallocAsync(&ptr, 4 * KIB, NULL));
  assert_int_equal(attr64(mine, hipMemPoolAttrUsedMemCurrent), 4 * KIB);
  assert_int_equal(attr64(default0, hipMemPoolAttrUsedMemCurrent), 0);
  MT_CHECK(hipFreeAsync(ptr, NULL));
  MT_CHECK(hipMemPoolDestroy(mine));
  MT_CHECK(hipDeviceGetMemPool(&current, 0));
  assert_ptr_equal(current, default0);
}

/* hipMallocAsync takes from the current pool of the stream's device, not the current one's. */
static void test_malloc_async_follows_the_stream(void **state) {
  (void)state;
  hipStream_t on1;
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipStreamCreate(&on1));
  MT_CHECK(hipSetDevice(0));
  void *ptr = NULL;
  MT_CHECK(hipMallocAsync(&ptr, 64 * KIB, on1));
  assert_int_equal(attr64(default_pool(1), hipMemPoolAttrUsedMemCurrent), 64 * KIB);
  assert_int_equal(attr64(default_pool(0), hipMemPoolAttrUsedMemCurrent), 0);
  hipPointerAttribute_t attributes;
  MT_CHECK(hipPointerGetAttributes(&attributes, ptr));
  assert_int_equal(attributes.type, hipMemoryTypeDevice);
  assert_int_equal(attributes.device, 1);
  assert_null(attributes.hostPointer);
  MT_CHECK(hipFreeAsync(ptr, on1));
  MT_CHECK(hipStreamDestroy(on1));
}

/* ---- reuse ---- */

/* The freeing stream reuses a block of the size asked up to 9/8 of it at once. */
static void test_same_stream_reuses_the_block(void **state) {
  (void)state;
  hipStream_t stream;
  MT_CHECK(hipStreamCreate(&stream));
  void *first = NULL, *again = NULL, *smaller = NULL;
  MT_CHECK(hipMallocAsync(&first, 9000, stream));
  MT_CHECK(hipFreeAsync(first, stream));
  MT_CHECK(hipMallocAsync(&again, 9000, stream));
  assert_ptr_equal(again, first);
  MT_CHECK(hipFreeAsync(again, stream));
  MT_CHECK(hipMallocAsync(&again, 8000, stream)); /* 9000 <= 8000 * 9 / 8 */
  assert_ptr_equal(again, first);
  /* It keeps its first size: that is what the pool counts. */
  assert_int_equal(attr64(default_pool(0), hipMemPoolAttrUsedMemCurrent), 9000);
  MT_CHECK(hipFreeAsync(again, stream));
  MT_CHECK(hipMallocAsync(&smaller, 7000, stream)); /* 9000 > 7000 * 9 / 8: a new block */
  assert_ptr_not_equal(smaller, first);
  MT_CHECK(hipFreeAsync(smaller, stream));
  MT_CHECK(hipStreamDestroy(stream));
}

/* Another stream reuses a freed block only as the Reuse attributes allow. */
static void test_reuse_between_streams(void **state) {
  (void)state;
  hipStream_t one, two;
  hipEvent_t event;
  MT_CHECK(hipStreamCreateWithFlags(&one, hipStreamNonBlocking));
  MT_CHECK(hipStreamCreateWithFlags(&two, hipStreamNonBlocking));
  MT_CHECK(hipEventCreate(&event));
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  void *keep = from_pool(pool, 1 * MIB, one); /* keeps the cache smaller than what is used */
  set32(pool, hipMemPoolReuseFollowEventDependencies, 0);
  set32(pool, hipMemPoolReuseAllowOpportunistic, 0);
  set32(pool, hipMemPoolReuseAllowInternalDependencies, 0);

  /* Nothing ties two to the free on one: a new block. */
  void *a = from_pool(pool, 2 * KIB, one);
  MT_CHECK(hipFreeAsync(a, one));
  void *b = from_pool(pool, 2 * KIB, two);
  assert_ptr_not_equal(b, a);
  MT_CHECK(hipFreeAsync(b, two));

  /* Following event dependencies: two waited on an event recorded after the free on one. */
  set32(pool, hipMemPoolReuseFollowEventDependencies, 1);
  a = from_pool(pool, 16 * KIB, one);
  MT_CHECK(hipFreeAsync(a, one));
  MT_CHECK(hipEventRecord(event, one));
  MT_CHECK(hipStreamWaitEvent(two, event, 0));
  b = from_pool(pool, 16 * KIB, two);
  assert_ptr_equal(b, a);
  MT_CHECK(hipFreeAsync(b, two));

  /* Opportunistic: the free's marker has completed (work runs at the call), so any stream. */
  set32(pool, hipMemPoolReuseFollowEventDependencies, 0);
  set32(pool, hipMemPoolReuseAllowOpportunistic, 1);
  a = from_pool(pool, 32 * KIB, one);
  MT_CHECK(hipFreeAsync(a, one));
  b = from_pool(pool, 32 * KIB, two);
  assert_ptr_equal(b, a);
  MT_CHECK(hipFreeAsync(b, two));

  /* hipFree leaves no marker: any stream reuses a block it freed, opportunistic or not (a
     block reused keeps the marker of its last free on a stream, as clr's timestamp). */
  set32(pool, hipMemPoolReuseAllowOpportunistic, 0);
  void *fresh = from_pool(pool, 48 * KIB, one);
  MT_CHECK(hipFree(fresh));
  void *c = from_pool(pool, 48 * KIB, NULL);
  assert_ptr_equal(c, fresh);
  MT_CHECK(hipFree(c));
  c = from_pool(pool, 32 * KIB, NULL); /* b's block, marked by its free on two */
  assert_ptr_not_equal(c, b);
  MT_CHECK(hipFreeAsync(c, NULL));
  MT_CHECK(hipFreeAsync(keep, one));
  MT_CHECK(hipMemPoolDestroy(pool));
  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipStreamDestroy(one));
  MT_CHECK(hipStreamDestroy(two));
}

/* ---- attributes ---- */

/* Used counts the sizes asked; an ordinary pool reserves in 32 MiB chunks. */
static void test_attributes_count_what_is_held(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  assert_int_equal(attr32(pool, hipMemPoolReuseFollowEventDependencies), 1);
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowOpportunistic), 1);
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowInternalDependencies), 1);
  assert_int_equal(attr64(pool, hipMemPoolAttrReleaseThreshold), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  void *a = from_pool(pool, 2048, NULL), *b = from_pool(pool, 4096, NULL);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 2048 + 4096);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 2048 + 4096);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), CHUNK);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), CHUNK);
  /* A High mark resets to 0, whatever is held, as clr has it. */
  set64(pool, hipMemPoolAttrUsedMemHigh, 0);
  set64(pool, hipMemPoolAttrReservedMemHigh, 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), 0);
  MT_CHECK(hipFreeAsync(a, NULL));
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 4096);
  void *c = from_pool(pool, 8192, NULL);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemHigh), 4096 + 8192);
  /* A value the one-bit Reuse fields cannot hold keeps its lowest bit. */
  set32(pool, hipMemPoolReuseAllowOpportunistic, 2);
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowOpportunistic), 0);
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  assert_true(attr64(pool, hipMemPoolAttrReleaseThreshold) == UINT64_MAX);
  MT_CHECK(hipFreeAsync(b, NULL));
  MT_CHECK(hipFreeAsync(c, NULL));
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* hipMalloc memory is no pool's: the default pool's counts do not move. */
static void test_malloc_leaves_the_default_pool_alone(void **state) {
  (void)state;
  hipMemPool_t pool = default_pool(0);
  uint64_t used = attr64(pool, hipMemPoolAttrUsedMemCurrent);
  uint64_t reserved = attr64(pool, hipMemPoolAttrReservedMemCurrent);
  void *ptr = NULL;
  MT_CHECK(hipMalloc(&ptr, 64 * KIB));
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), used);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), reserved);
  MT_CHECK(hipFree(ptr));
}

/* ---- giving memory back ---- */

/* Cached memory goes back at hipStreamSynchronize and hipDeviceSynchronize, down to the
   release threshold; hipEventSynchronize waits only (clr Event::synchronize). */
static void test_release_at_synchronize(void **state) {
  (void)state;
  hipStream_t stream;
  hipEvent_t event;
  MT_CHECK(hipStreamCreate(&stream));
  MT_CHECK(hipEventCreate(&event));
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  void *ptr = from_pool(pool, 64 * KIB, stream);
  MT_CHECK(hipFreeAsync(ptr, stream));
  MT_CHECK(hipEventRecord(event, stream));
  MT_CHECK(hipEventSynchronize(event));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), CHUNK);
  MT_CHECK(hipStreamSynchronize(stream));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), CHUNK);
  size_t free_now = 0, total = 0;
  MT_CHECK(hipMemGetInfo(&free_now, &total));
  assert_int_equal(free_now, total); /* the chunk went back to the device */

  /* A threshold above what is cached keeps it, through a device synchronize too. */
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  ptr = from_pool(pool, 64 * KIB, stream);
  MT_CHECK(hipFreeAsync(ptr, stream));
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), CHUNK);
  /* The block went back to its heap at that synchronize; its chunk stayed, and a lower
     threshold is looked at only when the next block goes back, or at trim. */
  set64(pool, hipMemPoolAttrReleaseThreshold, 0);
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), CHUNK);
  ptr = from_pool(pool, 64 * KIB, stream);
  MT_CHECK(hipFreeAsync(ptr, stream));
  MT_CHECK(hipDeviceSynchronize());
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  MT_CHECK(hipMemPoolDestroy(pool));
  MT_CHECK(hipEventDestroy(event));
  MT_CHECK(hipStreamDestroy(stream));
}

/* A shareable pool holds each block directly: Reserved is what busy and cached blocks hold,
   and trim gives back the smallest cached blocks first until at most min_bytes_to_hold stay. */
static void test_trim_to(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypePosixFileDescriptor);
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  void *a = from_pool(pool, 1 * MIB, NULL), *b = from_pool(pool, 2 * MIB, NULL),
       *c = from_pool(pool, 3 * MIB, NULL);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 6 * MIB);
  MT_CHECK(hipFreeAsync(a, NULL));
  MT_CHECK(hipFreeAsync(b, NULL));
  MT_CHECK(hipFreeAsync(c, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 6 * MIB);
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0);
  MT_CHECK(hipMemPoolTrimTo(pool, 4 * MIB)); /* 1 MiB, then 2 MiB go: 3 MiB stay */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 3 * MIB);
  MT_CHECK(hipMemPoolTrimTo(pool, 3 * MIB));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 3 * MIB);
  MT_CHECK(hipMemPoolTrimTo(pool, 0));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemHigh), 6 * MIB);
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* An ordinary pool's chunks follow the release threshold when a block goes back to its heap,
   and trim unmaps them. A heap made after the threshold was set keeps its own threshold of 0
   (clr's VmHeapArray::SetUnmapThreshold reaches only the heaps made already). */
static void test_chunks_follow_the_threshold(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  void *small = from_pool(pool, 4 * KIB, NULL); /* makes the first heap */
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  void *big = from_pool(pool, 64 * MIB, NULL); /* from 4 KiB on: into a third chunk */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 3 * CHUNK);
  MT_CHECK(hipFreeAsync(big, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 3 * CHUNK);
  MT_CHECK(hipFreeAsync(small, NULL));
  MT_CHECK(hipMemPoolTrimTo(pool, 0));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  MT_CHECK(hipMemPoolDestroy(pool));

  pool = pool_on(0, hipMemHandleTypeNone);
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX); /* before any heap */
  big = from_pool(pool, 40 * MIB, NULL);                   /* two chunks */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 2 * CHUNK);
  MT_CHECK(hipFreeAsync(big, NULL));
  MT_CHECK(hipStreamSynchronize(NULL)); /* the chunk wholly inside the block goes */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), CHUNK);
  MT_CHECK(hipMemPoolTrimTo(pool, 0));
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 0);
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* clr's pressure rule: a free that finds more cached than busy gives the cache back first,
   whatever the release threshold. */
static void test_cache_larger_than_use_goes_back(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypePosixFileDescriptor);
  set64(pool, hipMemPoolAttrReleaseThreshold, UINT64_MAX);
  void *big = from_pool(pool, 8 * MIB, NULL), *small = from_pool(pool, 1 * MIB, NULL);
  MT_CHECK(hipFreeAsync(big, NULL)); /* cached 0 is not more than busy 9 MiB: kept */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 9 * MIB);
  MT_CHECK(hipFreeAsync(small, NULL)); /* cached 8 MiB > busy 1 MiB: the 8 MiB go */
  assert_int_equal(attr64(pool, hipMemPoolAttrReservedMemCurrent), 1 * MIB);
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* maxSize bounds the most the pool ever held (clr's max_total_size_), until that mark is
   reset. */
static void test_max_size(void **state) {
  (void)state;
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  props.maxSize = 4 * MIB;
  hipMemPool_t pool = NULL;
  MT_CHECK(hipMemPoolCreate(&pool, &props));
  void *a = from_pool(pool, 2 * MIB, NULL), *b = NULL;
  MT_EXPECT(hipErrorOutOfMemory, hipMallocFromPoolAsync(&b, 3 * MIB, pool, NULL));
  mt_assert_reason_contains("maxSize of 4194304");
  MT_CHECK(hipFreeAsync(a, NULL));
  MT_CHECK(hipStreamSynchronize(NULL));
  MT_EXPECT(hipErrorOutOfMemory, hipMallocFromPoolAsync(&b, 3 * MIB, pool, NULL));
  set64(pool, hipMemPoolAttrReservedMemHigh, 0);
  MT_CHECK(hipMallocFromPoolAsync(&b, 3 * MIB, pool, NULL));
  MT_CHECK(hipFreeAsync(b, NULL));
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* ---- the memory ---- */

/* Pool memory is device memory: copies reach it, the device of the pool and those it was
   granted read and write it, and the CPU does not touch it. */
static void touch(void *arg) { *(volatile char *)arg = 1; }

static void test_pool_memory_is_device_memory(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  unsigned char *ptr = from_pool(pool, 100, NULL);
  unsigned char in[100], out[100];
  for (int i = 0; i < 100; i++)
    in[i] = (unsigned char)(i * 7);
  MT_CHECK(hipMemcpy(ptr, in, sizeof in, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy(out, ptr, sizeof out, hipMemcpyDeviceToHost));
  assert_memory_equal(in, out, sizeof in);
  assert_true(mt_killed_by(mt_run_in_child(touch, ptr), SIGSEGV));
  /* Its range is the block's, the size asked, from any address inside. */
  void *base = NULL;
  size_t bytes = 0;
  MT_CHECK(hipMemGetAddressRange(&base, &bytes, ptr + 99));
  assert_ptr_equal(base, ptr);
  assert_int_equal(bytes, 100);
  /* Access per device: the pool's own always, device 1 as granted. */
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0}, device1 = {hipMemLocationTypeDevice, 1};
  unsigned long long flags = 7;
  MT_CHECK(hipMemGetAccess(&flags, &device0, ptr));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipMemGetAccess(&flags, &device1, ptr));
  assert_int_equal(flags, hipMemAccessFlagsProtNone);
  hipMemAccessDesc grant = {device1, hipMemAccessFlagsProtRead};
  MT_CHECK(hipMemPoolSetAccess(pool, &grant, 1));
  hipMemAccessFlags pool_flags = hipMemAccessFlagsProtNone;
  MT_CHECK(hipMemPoolGetAccess(&pool_flags, pool, &device1));
  assert_int_equal(pool_flags, hipMemAccessFlagsProtRead);
  /* clr enables peer access whether Read or ReadWrite was asked. */
  MT_CHECK(hipMemGetAccess(&flags, &device1, ptr));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  /* ... and for blocks made later. */
  unsigned char *later = from_pool(pool, 40 * MIB, NULL);
  MT_CHECK(hipMemGetAccess(&flags, &device1, later + 39 * MIB));
  assert_int_equal(flags, hipMemAccessFlagsProtReadWrite);
  grant.flags = hipMemAccessFlagsProtNone;
  MT_CHECK(hipMemPoolSetAccess(pool, &grant, 1));
  MT_CHECK(hipMemGetAccess(&flags, &device1, ptr));
  assert_int_equal(flags, hipMemAccessFlagsProtNone);
  MT_CHECK(hipMemPoolGetAccess(&pool_flags, pool, &device0));
  assert_int_equal(pool_flags, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipFreeAsync(later, NULL));
  MT_CHECK(hipFreeAsync(ptr, NULL));
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* The pool manages its memory: the program's VMM calls refuse it. */
static void test_vmm_calls_refuse_pool_memory(void **state) {
  (void)state;
  size_t granule = mt_granularity();
  char *ptr = from_pool(default_pool(0), granule, NULL);
  char *page = (char *)((uintptr_t)ptr & ~(uintptr_t)(granule - 1));
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(page, granule, &desc, 1));
  mt_assert_reason_contains("which the pool manages");
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(page, granule));
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressFree(page, granule));
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(&handle, ptr));
  assert_int_equal(mt_stats().live_reservations, 0); /* the pool's own are not the program's */
  MT_CHECK(hipFreeAsync(ptr, NULL));
}

/* hipFree and hipHostFree give pool memory back to its pool, as clr's ihipFree; an address
   inside a block frees the whole block, which clr finds by containment. */
static void test_every_free_returns_pool_memory(void **state) {
  (void)state;
  hipMemPool_t pool = default_pool(0);
  char *a = NULL, *b = NULL, *c = NULL;
  MT_CHECK(hipMallocAsync((void **)&a, 4 * KIB, NULL));
  MT_CHECK(hipMallocAsync((void **)&b, 8 * KIB, NULL));
  MT_CHECK(hipMallocAsync((void **)&c, 16 * KIB, NULL));
  assert_int_equal(mockhip_live_objects(), 3);
  MT_CHECK(hipFree(a));
  MT_CHECK(hipHostFree(b));
  MT_CHECK(hipFreeAsync(c + 100, NULL));
  assert_int_equal(attr64(pool, hipMemPoolAttrUsedMemCurrent), 0);
  assert_int_equal(mockhip_live_objects(), 0);
  MT_EXPECT(hipErrorInvalidValue, hipFreeAsync(c, NULL));
  mt_assert_reason_contains("freed already");
}

/* ---- the pool's life ---- */

/* A pool destroyed while an allocation is busy lives until that allocation is freed. */
static void test_destroy_waits_for_busy_blocks(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  char *ptr = from_pool(pool, 4 * KIB, NULL);
  MT_CHECK(hipMemPoolDestroy(pool));
  uint64_t value;
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &value));
  mt_assert_reason_contains("was destroyed");
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolDestroy(pool));
  int in = 42, out = 0;
  MT_CHECK(hipMemcpy(ptr + 8, &in, sizeof in, hipMemcpyHostToDevice));
  MT_CHECK(hipMemcpy(&out, ptr + 8, sizeof out, hipMemcpyDeviceToHost));
  assert_int_equal(out, 42);
  assert_int_equal(mockhip_live_objects(), 1); /* the allocation, not the pool */
  MT_CHECK(hipFreeAsync(ptr, NULL));
  assert_int_equal(mockhip_live_objects(), 0);
  char *dump = mt_dump_text();
  assert_null(strstr(dump, "destroyed"));
  free(dump);
}

/* Destroying the current pool makes the device's default pool current again, at once, even
   while a block of the destroyed pool is busy: clr rocm-6.2.0 hipMemPoolDestroy
   (hip_mempool.cpp) calls device->SetCurrentMemoryPool(device->GetDefaultMemoryPool()) when
   the pool is the current one, then hip_mem_pool->release(), which frees the pool only after
   the release each busy block's FreeMemory makes (AllocateMemory retains it,
   hip_mempool_impl.cpp). hipDeviceGetMemPool answers GetCurrentMemoryPool(), and
   hipMallocAsync allocates from it. */
static void test_destroying_the_current_pool_restores_the_default(void **state) {
  (void)state;
  hipMemPool_t default0 = default_pool(0);
  for (int busy = 0; busy <= 1; busy++) {
    hipMemPool_t mine = pool_on(0, hipMemHandleTypeNone), current = NULL;
    MT_CHECK(hipDeviceSetMemPool(0, mine));
    void *held = NULL, *ptr = NULL;
    if (busy) {
      MT_CHECK(hipMallocAsync(&held, 8 * KIB, NULL));
      assert_int_equal(attr64(mine, hipMemPoolAttrUsedMemCurrent), 8 * KIB);
    }
    MT_CHECK(hipMemPoolDestroy(mine));
    MT_CHECK(hipDeviceGetMemPool(&current, 0));
    assert_ptr_equal(current, default0);
    assert_int_equal(attr64(default0, hipMemPoolAttrUsedMemCurrent), 0);
    MT_CHECK(hipMallocAsync(&ptr, 4 * KIB, NULL));
    assert_int_equal(attr64(default0, hipMemPoolAttrUsedMemCurrent), 4 * KIB);
    assert_int_equal(mockhip_live_objects(), busy ? 2 : 1); /* the blocks; the pool is gone */
    MT_CHECK(hipFreeAsync(ptr, NULL));
    assert_int_equal(attr64(default0, hipMemPoolAttrUsedMemCurrent), 0);
    if (busy)
      MT_CHECK(hipFreeAsync(held, NULL)); /* the destroyed pool's last block takes it along */
    assert_int_equal(mockhip_live_objects(), 0);
    MT_CHECK(hipDeviceGetMemPool(&current, 0));
    assert_ptr_equal(current, default0);
  }
}

/* hipDeviceReset destroys every pool of the device with its memory; the device gets a new
   default pool. */
static void test_device_reset_destroys_pools(void **state) {
  (void)state;
  hipMemPool_t old_default = default_pool(0), mine = pool_on(0, hipMemHandleTypeNone);
  hipMemPool_t other = pool_on(1, hipMemHandleTypeNone);
  void *a = from_pool(mine, 4 * KIB, NULL), *b = NULL;
  MT_CHECK(hipMallocAsync(&b, 4 * KIB, NULL));
  void *c = from_pool(other, 4 * KIB, NULL);
  MT_CHECK(hipDeviceReset());
  assert_int_equal(mockhip_live_objects(), 2); /* device 1's pool and its block */
  uint64_t value;
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolGetAttribute(mine, hipMemPoolAttrUsedMemCurrent, &value));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolGetAttribute(old_default, hipMemPoolAttrUsedMemCurrent, &value));
  assert_ptr_not_equal(default_pool(0), old_default);
  MT_EXPECT(hipErrorInvalidValue, hipFreeAsync(a, NULL)); /* gone with its pool */
  MT_EXPECT(hipErrorInvalidValue, hipFree(b));
  MT_CHECK(hipFreeAsync(c, NULL));
  MT_CHECK(hipMemPoolDestroy(other));
  size_t free_now = 0, total = 0;
  MT_CHECK(hipMemGetInfo(&free_now, &total));
  assert_int_equal(free_now, total);
}

/* The leak report names a pool the program made and every allocation not freed; the dump
   shows each pool with its blocks. */
static char *leak_report_text(void) {
  FILE *out = tmpfile();
  assert_non_null(out);
  mockhip_leak_report(out);
  char *text = mt_read_stream(out);
  fclose(out);
  return text;
}

static void test_reports_name_pools_and_blocks(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(1, hipMemHandleTypeNone);
  void *ptr = from_pool(pool, 300, NULL), *async = NULL;
  MT_CHECK(hipMallocAsync(&async, 200, NULL));
  char *report = leak_report_text();
  char want[160];
  snprintf(want, sizeof want, "mockhip: leak: pool#%llu (%p) of device 1, made at ",
           mt_id_number(pool), (void *)pool);
  assert_non_null(strstr(report, want));
  snprintf(want, sizeof want, "(300 bytes) of pool#%llu, made at ", mt_id_number(pool));
  assert_non_null(strstr(report, want));
  assert_non_null(strstr(report, "mockhip: leak: hipMallocAsync#"));
  assert_int_equal(mt_count_lines_starting(report, "mockhip: leak: "), 3);
  char *dump = mt_dump_text();
  snprintf(want, sizeof want, "  pool#%llu (%p) device 1, reuse", mt_id_number(pool), (void *)pool);
  assert_non_null(strstr(dump, want));
  assert_non_null(strstr(dump, "    busy   hipMallocFromPoolAsync#"));
  assert_non_null(strstr(dump, " default current, reuse"));
  free(report);
  free(dump);
  MT_CHECK(hipFreeAsync(ptr, NULL));
  MT_CHECK(hipFreeAsync(async, NULL));
  MT_CHECK(hipMemPoolDestroy(pool));
}

/* ---- capture ---- */

/* A captured allocation is a node and still made; while a blocking stream captures, another
   stream of the device may not allocate from the current pool, and pools are neither made
   nor destroyed while this thread captures. */
static void test_capture_rules(void **state) {
  (void)state;
  hipStream_t capturing, other;
  MT_CHECK(hipStreamCreate(&capturing));
  MT_CHECK(hipStreamCreate(&other));
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  MT_CHECK(hipStreamBeginCapture(capturing, hipStreamCaptureModeGlobal));
  void *captured = NULL, *refused = (void *)0x1;
  MT_CHECK(hipMallocAsync(&captured, 4 * KIB, capturing));
  assert_non_null(captured);
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipMallocAsync(&refused, 4 * KIB, other));
  assert_ptr_equal(refused, (void *)0x1);
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  hipMemPool_t made = NULL;
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipMemPoolCreate(&made, &props));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipMemPoolDestroy(pool));
  MT_EXPECT(hipErrorStreamCaptureUnsupported, hipDeviceSetMemPool(0, pool));
  MT_CHECK(hipFreeAsync(captured, capturing));
  hipGraph_t graph;
  MT_CHECK(hipStreamEndCapture(capturing, &graph));
  MT_CHECK(hipGraphDestroy(graph));
  MT_CHECK(hipMemPoolDestroy(pool));
  MT_CHECK(hipStreamDestroy(capturing));
  MT_CHECK(hipStreamDestroy(other));
}

/* ---- threads ---- */

#define THREADS 8
#define ROUNDS 200

static hipMemPool_t shared_pool;
static atomic_int failures;

static void *churn(void *arg) {
  unsigned id = (unsigned)(uintptr_t)arg;
  hipStream_t stream;
  if (hipStreamCreate(&stream) != hipSuccess)
    return atomic_fetch_add(&failures, 1), NULL;
  for (unsigned i = 0; i < ROUNDS; i++) {
    size_t bytes = 512 + (id * 977 + i * 131) % 65536;
    unsigned char *p = NULL, back = 0, value = (unsigned char)(id + i);
    hipError_t err = i % 2 ? hipMallocAsync((void **)&p, bytes, stream)
                           : hipMallocFromPoolAsync((void **)&p, bytes, shared_pool, stream);
    if (err != hipSuccess || hipMemsetAsync(p, value, bytes, stream) != hipSuccess ||
        hipMemcpy(&back, p + bytes - 1, 1, hipMemcpyDeviceToHost) != hipSuccess || back != value ||
        hipFreeAsync(p, stream) != hipSuccess)
      atomic_fetch_add(&failures, 1);
    if (i % 50 == 49 && hipStreamSynchronize(stream) != hipSuccess)
      atomic_fetch_add(&failures, 1);
  }
  if (hipStreamDestroy(stream) != hipSuccess)
    atomic_fetch_add(&failures, 1);
  return NULL;
}

/* Threads allocate and free on their own streams from one pool and the default one. */
static void test_threads_share_pools(void **state) {
  (void)state;
  shared_pool = pool_on(0, hipMemHandleTypeNone);
  pthread_t threads[THREADS];
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, churn, (void *)(uintptr_t)t), 0);
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
  assert_int_equal(atomic_load(&failures), 0);
  assert_int_equal(attr64(shared_pool, hipMemPoolAttrUsedMemCurrent), 0);
  assert_int_equal(attr64(default_pool(0), hipMemPoolAttrUsedMemCurrent), 0);
  MT_CHECK(hipMemPoolDestroy(shared_pool));
}

/* ---- negative: one case per invalid argument ---- */

static void test_default_pool_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetDefaultMemPool(NULL, 0));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetDefaultMemPool(&pool, 2));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceGetDefaultMemPool(&pool, -1));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetMemPool(NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetMemPool(&pool, 2));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceGetMemPool(&pool, -1));
  assert_null(pool);
}

static void test_set_pool_arguments(void **state) {
  (void)state;
  hipMemPool_t on1 = pool_on(1, hipMemHandleTypeNone), gone = pool_on(0, hipMemHandleTypeNone);
  MT_CHECK(hipMemPoolDestroy(gone));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetMemPool(0, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetMemPool(2, on1));
  MT_EXPECT(hipErrorInvalidDevice, hipDeviceSetMemPool(0, on1));
  mt_assert_reason_contains("a pool of device 1, not of device 0");
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetMemPool(0, gone));
  MT_EXPECT(hipErrorInvalidValue, hipDeviceSetMemPool(0, (hipMemPool_t)&on1));
  mt_assert_reason_contains("is no pool");
  MT_CHECK(hipMemPoolDestroy(on1));
}

static void test_create_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = NULL;
  hipMemPoolProps props = props_on(0, hipMemHandleTypeNone);
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(NULL, &props));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, NULL));
  props.allocType = hipMemAllocationTypeInvalid;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  props.allocType = hipMemAllocationTypeUncached;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  props = props_on(0, hipMemHandleTypeNone);
  props.location.type = hipMemLocationTypeInvalid;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  props.location.type = hipMemLocationTypeHost;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  props = props_on(2, hipMemHandleTypeNone);
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  props = props_on(-1, hipMemHandleTypeNone);
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolCreate(&pool, &props));
  assert_null(pool);
  /* A Managed pool is made (its memory is the device's here too). */
  props = props_on(0, hipMemHandleTypeNone);
  props.allocType = hipMemAllocationTypeManaged;
  MT_CHECK(hipMemPoolCreate(&pool, &props));
  MT_CHECK(hipMemPoolDestroy(pool));
}

static void test_destroy_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolDestroy(NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolDestroy(default_pool(1)));
  mt_assert_reason_contains("default pool");
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolDestroy((hipMemPool_t)&pool));
  MT_CHECK(hipMemPoolDestroy(pool));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolDestroy(pool));
  mt_assert_reason_contains("destroyed already");
}

static void test_attribute_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = default_pool(0);
  int flag = 0;
  uint64_t wide = 1;
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolSetAttribute(NULL, hipMemPoolReuseAllowOpportunistic, &flag));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAttribute(pool, (hipMemPoolAttr)9, &flag));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAttribute(pool, (hipMemPoolAttr)0, &flag));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemCurrent, &wide));
  mt_assert_reason_contains("can only be read");
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &wide));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolSetAttribute(pool, hipMemPoolAttrReservedMemHigh, &wide));
  mt_assert_reason_contains("can only be reset, to 0");
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &wide));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolGetAttribute(NULL, hipMemPoolReuseAllowOpportunistic, &flag));
  MT_EXPECT(hipErrorInvalidValue,
            hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAttribute(pool, (hipMemPoolAttr)9, &flag));
  assert_int_equal(attr32(pool, hipMemPoolReuseAllowOpportunistic), 1);
}

static void test_set_access_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone);
  hipMemAccessDesc good = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  hipMemAccessDesc desc[3] = {good, good, good};
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAccess(NULL, desc, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAccess(pool, NULL, 1));
  MT_EXPECT(hipErrorInvalidDevice, hipMemPoolSetAccess(pool, desc, 3));
  desc[1].location.type = hipMemLocationTypeHost;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAccess(pool, desc, 2));
  desc[1] = good;
  desc[1].location.id = 2;
  MT_EXPECT(hipErrorInvalidDevice, hipMemPoolSetAccess(pool, desc, 2));
  desc[1] = good;
  desc[1].flags = (hipMemAccessFlags)4;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolSetAccess(pool, desc, 2));
  desc[1] = (hipMemAccessDesc){{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtNone};
  MT_EXPECT(hipErrorInvalidDevice, hipMemPoolSetAccess(pool, desc, 2));
  desc[1].flags = hipMemAccessFlagsProtRead;
  MT_EXPECT(hipErrorNotSupported, hipMemPoolSetAccess(pool, desc, 2));
  /* Every descriptor is checked before any applies: desc[0] did not. */
  hipMemLocation device1 = {hipMemLocationTypeDevice, 1};
  hipMemAccessFlags flags = hipMemAccessFlagsProtRead;
  MT_CHECK(hipMemPoolGetAccess(&flags, pool, &device1));
  assert_int_equal(flags, hipMemAccessFlagsProtNone);
  desc[1].flags = hipMemAccessFlagsProtReadWrite; /* the own device's, a no-op */
  MT_CHECK(hipMemPoolSetAccess(pool, desc, 2));
  MT_CHECK(hipMemPoolDestroy(pool));
}

static void test_get_access_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = default_pool(0);
  hipMemAccessFlags flags = hipMemAccessFlagsProtRead;
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(NULL, pool, &device0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(&flags, NULL, &device0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(&flags, pool, NULL));
  hipMemLocation bad = {hipMemLocationTypeHost, 0};
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(&flags, pool, &bad));
  bad = (hipMemLocation){hipMemLocationTypeDevice, 2};
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(&flags, pool, &bad));
  bad.id = -1;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolGetAccess(&flags, pool, &bad));
  assert_int_equal(flags, hipMemAccessFlagsProtRead);
}

static void test_trim_and_allocate_arguments(void **state) {
  (void)state;
  hipMemPool_t pool = pool_on(0, hipMemHandleTypeNone), gone = pool_on(0, hipMemHandleTypeNone);
  MT_CHECK(hipMemPoolDestroy(gone));
  hipStream_t stale;
  MT_CHECK(hipStreamCreate(&stale));
  MT_CHECK(hipStreamDestroy(stale));
  void *ptr = (void *)0x1;
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolTrimTo(NULL, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemPoolTrimTo(gone, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMallocFromPoolAsync(NULL, 64, pool, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMallocFromPoolAsync(&ptr, 64, NULL, NULL));
  MT_EXPECT(hipErrorInvalidHandle,
            hipMallocFromPoolAsync(&ptr, 64, pool, stale)); /* row async_stream_invalid */
  MT_EXPECT(hipErrorInvalidValue, hipMallocFromPoolAsync(&ptr, 64, gone, NULL));
  MT_EXPECT(hipErrorOutOfMemory, hipMallocFromPoolAsync(&ptr, SIZE_MAX, pool, NULL));
  MT_EXPECT(hipErrorInvalidValue, hipMallocAsync(NULL, 64, NULL));
  MT_EXPECT(hipErrorInvalidHandle, hipMallocAsync(&ptr, 64, stale));
  assert_ptr_equal(ptr, (void *)0x1);
  MT_CHECK(hipMallocFromPoolAsync(&ptr, 0, pool, NULL)); /* size 0: NULL, as clr */
  assert_null(ptr);
  MT_CHECK(hipMemPoolDestroy(pool));
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1); /* before the first HIP call, which reads it */
  const struct CMUnitTest positive[] = {
      POOL_TEST(test_default_pool_is_current),
      POOL_TEST(test_malloc_async_follows_the_stream),
      POOL_TEST(test_same_stream_reuses_the_block),
      POOL_TEST(test_reuse_between_streams),
      POOL_TEST(test_attributes_count_what_is_held),
      POOL_TEST(test_malloc_leaves_the_default_pool_alone),
      POOL_TEST(test_release_at_synchronize),
      POOL_TEST(test_trim_to),
      POOL_TEST(test_chunks_follow_the_threshold),
      POOL_TEST(test_cache_larger_than_use_goes_back),
      POOL_TEST(test_max_size),
      POOL_TEST(test_pool_memory_is_device_memory),
      POOL_TEST(test_vmm_calls_refuse_pool_memory),
      POOL_TEST(test_every_free_returns_pool_memory),
      POOL_TEST(test_destroy_waits_for_busy_blocks),
      POOL_TEST(test_destroying_the_current_pool_restores_the_default),
      POOL_TEST(test_device_reset_destroys_pools),
      POOL_TEST(test_reports_name_pools_and_blocks),
      POOL_TEST(test_capture_rules),
      POOL_TEST(test_threads_share_pools),
  };
  const struct CMUnitTest negative[] = {
      POOL_TEST(test_default_pool_arguments), POOL_TEST(test_set_pool_arguments),
      POOL_TEST(test_create_arguments),       POOL_TEST(test_destroy_arguments),
      POOL_TEST(test_attribute_arguments),    POOL_TEST(test_set_access_arguments),
      POOL_TEST(test_get_access_arguments),   POOL_TEST(test_trim_and_allocate_arguments),
  };
  return cmocka_run_group_tests_name("mempool", positive, NULL, NULL) +
         cmocka_run_group_tests_name("mempool_negative", negative, NULL, NULL);
}
