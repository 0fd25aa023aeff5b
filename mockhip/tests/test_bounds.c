/*
 * test_bounds.c: both sides of the range checks only the mock makes. Every
 * copy and set form ending at the last byte of device memory succeeds, and
 * one byte further fails and changes nothing: at the end of a mapping that
 * ends its reservation, of a hipMalloc block of whole pages, and of one whose
 * size is not (the block ends at the size asked for, not at its page).
 * hipFree takes a block's start only. A refused free, map, unmap, set-access,
 * get-access or retain at a reservation's end leaves the whole mock as it was,
 * dump included. The rules ROCm documents are conformance/test_bounds.c's.
 * Each end has nothing of the mock's after it, kept so by a guard page of
 * plain memory; mt_assert_not_mock_memory checks.
 */
#include "mock_test.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define COPY_BYTES 64 /* what each form moves */
#define ODD_BYTES 100 /* a hipMalloc size that is not a page multiple */
#define DEVICE_FILL 0x11
#define HOST_FILL 0x22
#define OTHER_FILL 0x33

/* ---- the layout: device memory with nothing after it ---- */

#define SPARE_TRIES 16 /* hipMalloc blocks tried before one has free space after it */

typedef struct layout {
  size_t granule, page;
  char *reserved; /* two granules with free address space after them, mapped whole, RW */
  hipMemGenericAllocationHandle_t handle;
  char *block;      /* hipMalloc of one granule */
  char *odd_block;  /* hipMalloc of ODD_BYTES */
  mt_mapping other; /* the far side of device-to-device copies */
  hipStream_t stream;
  void *guards[2]; /* plain pages right after reserved and block */
  unsigned char host[COPY_BYTES];
} layout;

/*
 * Puts an inaccessible page of plain memory, not the mock's, at `end`, so no
 * range made later (the kernel places new ones below or above the last, as it
 * likes) can start there. NULL when something is there already.
 */
static void *guard_at(char *end, size_t page) {
  void *guard =
      mmap(end, page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (guard == MAP_FAILED)
    return NULL;
  if (guard != end) { /* a kernel without MAP_FIXED_NOREPLACE takes it as a hint */
    munmap(guard, page);
    return NULL;
  }
  return guard;
}

/*
 * Reserves `bytes` with nothing after it: twice the size is reserved and given
 * back, then `bytes` asked for at its start. (Else a new range is often placed
 * right below the previous one, and its end is the other's start.)
 */
static char *reserve_alone(size_t bytes) {
  void *room = NULL, *ptr = NULL;
  MT_CHECK(hipMemAddressReserve(&room, 2 * bytes, 0, NULL, 0));
  MT_CHECK(hipMemAddressFree(room, 2 * bytes));
  MT_CHECK(hipMemAddressReserve(&ptr, bytes, 0, room, 0));
  assert_ptr_equal(ptr, room);
  mt_assert_not_mock_memory((char *)ptr + bytes);
  return ptr;
}

/*
 * A one-granule hipMalloc block with a guard page after it. A plain page made
 * just before the block is where a kernel that places new ranges top-down puts
 * the block's end; else a guard goes after the block. Pages and blocks that
 * landed elsewhere (in holes) are kept until a pair fits, then given back.
 */
static char *malloc_alone(layout *l) {
  char *spare_blocks[SPARE_TRIES];
  void *spare_pages[SPARE_TRIES];
  char *block = NULL;
  int tries = 0;
  for (; tries < SPARE_TRIES; tries++) {
    void *above = mmap(NULL, l->page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(above != MAP_FAILED);
    MT_CHECK(hipMalloc((void **)&block, l->granule));
    if (block + l->granule == (char *)above) {
      l->guards[1] = above;
      break;
    }
    if ((l->guards[1] = guard_at(block + l->granule, l->page)) != NULL) {
      munmap(above, l->page);
      break;
    }
    spare_blocks[tries] = block;
    spare_pages[tries] = above;
  }
  for (int i = 0; i < tries; i++) {
    MT_CHECK(hipFree(spare_blocks[i]));
    munmap(spare_pages[i], l->page);
  }
  assert_non_null(l->guards[1]);
  return block;
}

static int setup(void **state) {
  mt_assert_clean();
  layout *l = calloc(1, sizeof *l);
  assert_non_null(l);
  *state = l;
  l->granule = mt_granularity();
  l->page = (size_t)sysconf(_SC_PAGESIZE);
  size_t bytes = 2 * l->granule;
  l->reserved = reserve_alone(bytes);
  l->guards[0] = guard_at(l->reserved + bytes, l->page);
  assert_non_null(l->guards[0]);
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemCreate(&l->handle, bytes, &prop, 0));
  MT_CHECK(hipMemMap(l->reserved, bytes, 0, l->handle, 0));
  mt_grant(l->reserved, bytes, hipMemAccessFlagsProtReadWrite); /* device 0 and the CPU */
  l->block = malloc_alone(l);
  MT_CHECK(hipMalloc((void **)&l->odd_block, ODD_BYTES));
  mt_mapping_create(&l->other, l->granule, l->granule);
  mt_grant(l->other.base, l->other.bytes, hipMemAccessFlagsProtReadWrite);
  MT_CHECK(hipStreamCreate(&l->stream));
  mt_assert_not_mock_memory(l->reserved + bytes);
  mt_assert_not_mock_memory(l->block + l->granule);
  return 0;
}

static int teardown(void **state) {
  layout *l = *state;
  MT_CHECK(hipStreamDestroy(l->stream));
  mt_mapping_destroy(&l->other);
  MT_CHECK(hipMemUnmap(l->reserved, 2 * l->granule));
  MT_CHECK(hipMemRelease(l->handle));
  MT_CHECK(hipMemAddressFree(l->reserved, 2 * l->granule));
  if (l->odd_block != NULL)
    MT_CHECK(hipFree(l->odd_block));
  if (l->block != NULL)
    MT_CHECK(hipFree(l->block));
  for (int i = 0; i < 2; i++)
    munmap(l->guards[i], l->page);
  free(l);
  mt_assert_clean();
  return 0;
}

#define BOUNDS_TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

/* The ends the copy forms are tried at: the byte after the last one of each. */
typedef struct device_end {
  const char *what;
  char *(*end)(const layout *l);
} device_end;

static char *mapping_end(const layout *l) { return l->reserved + 2 * l->granule; }
static char *block_end(const layout *l) { return l->block + l->granule; }
static char *odd_block_end(const layout *l) { return l->odd_block + ODD_BYTES; }

static const device_end ends[] = {
    {"the end of a mapping that ends its reservation", mapping_end},
    {"the end of a one-granule hipMalloc block", block_end},
    {"the end of a hipMalloc block of 100 bytes", odd_block_end},
};

/* ---- every copy and set form, with `dev` as its device side ---- */

typedef enum destination { TO_DEVICE, TO_HOST, TO_OTHER } destination;

typedef struct form {
  const char *name;
  hipError_t (*run)(char *dev, layout *l);
  destination to;
  unsigned char want;   /* what each destination byte holds afterwards */
  bool host_if_outside; /* kind Default: an address in no device memory is the host's */
} form;

static hipError_t memcpy_htod(char *dev, layout *l) {
  return hipMemcpy(dev, l->host, COPY_BYTES, hipMemcpyHostToDevice);
}
static hipError_t memcpy_dtoh(char *dev, layout *l) {
  return hipMemcpy(l->host, dev, COPY_BYTES, hipMemcpyDeviceToHost);
}
static hipError_t memcpy_dtod_into(char *dev, layout *l) {
  return hipMemcpy(dev, l->other.base, COPY_BYTES, hipMemcpyDeviceToDevice);
}
static hipError_t memcpy_dtod_from(char *dev, layout *l) {
  return hipMemcpy(l->other.base, dev, COPY_BYTES, hipMemcpyDeviceToDevice);
}
static hipError_t memcpy_default_into(char *dev, layout *l) {
  return hipMemcpy(dev, l->host, COPY_BYTES, hipMemcpyDefault);
}
static hipError_t memcpy_default_from(char *dev, layout *l) {
  return hipMemcpy(l->host, dev, COPY_BYTES, hipMemcpyDefault);
}
static hipError_t htod(char *dev, layout *l) { return hipMemcpyHtoD(dev, l->host, COPY_BYTES); }
static hipError_t dtoh(char *dev, layout *l) { return hipMemcpyDtoH(l->host, dev, COPY_BYTES); }
static hipError_t dtod_into(char *dev, layout *l) {
  return hipMemcpyDtoD(dev, l->other.base, COPY_BYTES);
}
static hipError_t dtod_from(char *dev, layout *l) {
  return hipMemcpyDtoD(l->other.base, dev, COPY_BYTES);
}
static hipError_t peer_into(char *dev, layout *l) {
  return hipMemcpyPeer(dev, 0, l->other.base, 0, COPY_BYTES);
}
static hipError_t peer_from(char *dev, layout *l) {
  return hipMemcpyPeer(l->other.base, 0, dev, 0, COPY_BYTES);
}
static hipError_t memcpy_async_htod(char *dev, layout *l) {
  return hipMemcpyAsync(dev, l->host, COPY_BYTES, hipMemcpyHostToDevice, l->stream);
}
static hipError_t memcpy_async_dtoh(char *dev, layout *l) {
  return hipMemcpyAsync(l->host, dev, COPY_BYTES, hipMemcpyDeviceToHost, l->stream);
}
static hipError_t htod_async(char *dev, layout *l) {
  return hipMemcpyHtoDAsync(dev, l->host, COPY_BYTES, l->stream);
}
static hipError_t dtoh_async(char *dev, layout *l) {
  return hipMemcpyDtoHAsync(l->host, dev, COPY_BYTES, l->stream);
}
static hipError_t dtod_async_into(char *dev, layout *l) {
  return hipMemcpyDtoDAsync(dev, l->other.base, COPY_BYTES, l->stream);
}
static hipError_t dtod_async_from(char *dev, layout *l) {
  return hipMemcpyDtoDAsync(l->other.base, dev, COPY_BYTES, l->stream);
}
static hipError_t peer_async_into(char *dev, layout *l) {
  return hipMemcpyPeerAsync(dev, 0, l->other.base, 0, COPY_BYTES, l->stream);
}
static hipError_t peer_async_from(char *dev, layout *l) {
  return hipMemcpyPeerAsync(l->other.base, 0, dev, 0, COPY_BYTES, l->stream);
}
static hipError_t memset_bytes(char *dev, layout *l) {
  (void)l;
  return hipMemset(dev, 0x44, COPY_BYTES);
}
static hipError_t memset_d8(char *dev, layout *l) {
  (void)l;
  return hipMemsetD8(dev, 0x55, COPY_BYTES);
}
static hipError_t memset_d32(char *dev, layout *l) {
  (void)l;
  return hipMemsetD32(dev, 0x66666666, COPY_BYTES / 4);
}
static hipError_t memset_async(char *dev, layout *l) {
  return hipMemsetAsync(dev, 0x77, COPY_BYTES, l->stream);
}
static hipError_t memset_d8_async(char *dev, layout *l) {
  return hipMemsetD8Async(dev, 0x88, COPY_BYTES, l->stream);
}
static hipError_t memset_d32_async(char *dev, layout *l) {
  return hipMemsetD32Async(dev, (int)0x99999999u, COPY_BYTES / 4, l->stream);
}

static const form forms[] = {
    {"hipMemcpy HostToDevice", memcpy_htod, TO_DEVICE, HOST_FILL, false},
    {"hipMemcpy DeviceToHost", memcpy_dtoh, TO_HOST, DEVICE_FILL, false},
    {"hipMemcpy DeviceToDevice into", memcpy_dtod_into, TO_DEVICE, OTHER_FILL, false},
    {"hipMemcpy DeviceToDevice from", memcpy_dtod_from, TO_OTHER, DEVICE_FILL, false},
    {"hipMemcpy Default into", memcpy_default_into, TO_DEVICE, HOST_FILL, true},
    {"hipMemcpy Default from", memcpy_default_from, TO_HOST, DEVICE_FILL, true},
    {"hipMemcpyHtoD", htod, TO_DEVICE, HOST_FILL, false},
    {"hipMemcpyDtoH", dtoh, TO_HOST, DEVICE_FILL, false},
    {"hipMemcpyDtoD into", dtod_into, TO_DEVICE, OTHER_FILL, false},
    {"hipMemcpyDtoD from", dtod_from, TO_OTHER, DEVICE_FILL, false},
    {"hipMemcpyPeer into", peer_into, TO_DEVICE, OTHER_FILL, false},
    {"hipMemcpyPeer from", peer_from, TO_OTHER, DEVICE_FILL, false},
    {"hipMemcpyAsync HostToDevice", memcpy_async_htod, TO_DEVICE, HOST_FILL, false},
    {"hipMemcpyAsync DeviceToHost", memcpy_async_dtoh, TO_HOST, DEVICE_FILL, false},
    {"hipMemcpyHtoDAsync", htod_async, TO_DEVICE, HOST_FILL, false},
    {"hipMemcpyDtoHAsync", dtoh_async, TO_HOST, DEVICE_FILL, false},
    {"hipMemcpyDtoDAsync into", dtod_async_into, TO_DEVICE, OTHER_FILL, false},
    {"hipMemcpyDtoDAsync from", dtod_async_from, TO_OTHER, DEVICE_FILL, false},
    {"hipMemcpyPeerAsync into", peer_async_into, TO_DEVICE, OTHER_FILL, false},
    {"hipMemcpyPeerAsync from", peer_async_from, TO_OTHER, DEVICE_FILL, false},
    {"hipMemset", memset_bytes, TO_DEVICE, 0x44, false},
    {"hipMemsetD8", memset_d8, TO_DEVICE, 0x55, false},
    {"hipMemsetD32", memset_d32, TO_DEVICE, 0x66, false},
    {"hipMemsetAsync", memset_async, TO_DEVICE, 0x77, false},
    {"hipMemsetD8Async", memset_d8_async, TO_DEVICE, 0x88, false},
    {"hipMemsetD32Async", memset_d32_async, TO_DEVICE, 0x99, false},
};

#define FORMS (sizeof forms / sizeof forms[0])
#define ENDS (sizeof ends / sizeof ends[0])

/* Fresh contents before each form: device side, host buffer, other mapping. */
static void refill(layout *l, char *dev) {
  memset(dev, DEVICE_FILL, COPY_BYTES);
  memset(l->host, HOST_FILL, sizeof l->host);
  memset(l->other.base, OTHER_FILL, COPY_BYTES);
}

/* The device memory of the layout, the host buffer and the other mapping, for snapshots. */
static mt_snapshot take(const layout *l) {
  size_t mapped = 2 * l->granule;
  size_t bytes = mapped + l->granule + ODD_BYTES + sizeof l->host + COPY_BYTES;
  unsigned char *data = malloc(bytes), *at = data;
  assert_non_null(data);
  memcpy(at, l->reserved, mapped), at += mapped;
  memcpy(at, l->block, l->granule), at += l->granule;
  memcpy(at, l->odd_block, ODD_BYTES), at += ODD_BYTES;
  memcpy(at, l->host, sizeof l->host), at += sizeof l->host;
  memcpy(at, l->other.base, COPY_BYTES);
  mt_snapshot s = mt_snapshot_take(data, bytes);
  free(data);
  return s;
}

/* Runs f at dev and asserts it is refused with InvalidValue and changes nothing. */
static void expect_refused(layout *l, const form *f, char *dev, const char *where) {
  mt_snapshot before = take(l);
  hipError_t err = f->run(dev, l);
  if (!mt_returned(hipErrorInvalidValue, err, f->name))
    fail_msg("%s at %s", f->name, where);
  mt_snapshot after = take(l);
  mt_snapshot_assert_same(f->name, &before, &after);
}

/* ---- negative ---- */

static void test_every_form_stops_at_the_end(void **state) {
  layout *l = *state;
  for (size_t e = 0; e < ENDS; e++) {
    char *end = ends[e].end(l);
    for (size_t i = 0; i < FORMS; i++) {
      refill(l, end - COPY_BYTES);
      char where[160];
      snprintf(where, sizeof where, "one byte past %s", ends[e].what);
      expect_refused(l, &forms[i], end - COPY_BYTES + 1, where);
      /* Starting at the end: in no device memory, or (the odd block) in its page's tail. */
      if (!forms[i].host_if_outside || end == odd_block_end(l)) {
        snprintf(where, sizeof where, "%s itself", ends[e].what);
        expect_refused(l, &forms[i], end, where);
      }
    }
  }
}

static void test_free_takes_the_block_start_only(void **state) {
  layout *l = *state;
  char *const wrong[] = {l->block + 1, l->block + l->granule - 1, l->block + l->granule,
                         l->odd_block + 1, l->odd_block + ODD_BYTES};
  for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
    mt_snapshot before = take(l);
    MT_EXPECT(hipErrorInvalidValue, hipFree(wrong[i]));
    mt_snapshot after = take(l);
    mt_snapshot_assert_same("hipFree", &before, &after);
  }
}

/* Each call at or past the end of a reservation and of a mapping, refused, changing nothing. */
static void test_refused_at_the_reservation_end(void **state) {
  layout *l = *state;
  size_t g = l->granule, bytes = 2 * g;
  hipMemGenericAllocationHandle_t spare = NULL;
  hipMemAllocationProp prop = mt_prop_device(0);
  MT_CHECK(hipMemCreate(&spare, bytes, &prop, 0));

  /* An empty reservation: map and free. */
  char *empty = reserve_alone(bytes), *empty_end = empty + bytes;
  mt_snapshot before = take(l);
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(empty_end, g, 0, spare, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemMap(empty_end - g, bytes, 0, spare, 0));
  MT_EXPECT(hipErrorInvalidValue, hipMemAddressFree(empty_end, g));
  mt_snapshot after = take(l);
  mt_snapshot_assert_same("map and free at a reservation's end", &before, &after);
  MT_CHECK(hipMemMap(empty_end - g, g, 0, spare, 0));
  MT_CHECK(hipMemUnmap(empty_end - g, g));
  MT_CHECK(hipMemAddressFree(empty_end - 1, g)); /* the whole reservation */

  /* The layout's mapping, which ends its reservation: unmap, access, retain. */
  char *end = l->reserved + bytes;
  hipMemAccessDesc read = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  unsigned long long flags = 0x5e57;
  hipMemGenericAllocationHandle_t out = (hipMemGenericAllocationHandle_t)0x5e57;
  before = take(l);
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(end, g));
  MT_EXPECT(hipErrorInvalidValue, hipMemUnmap(l->reserved, bytes + g));
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(end, g, &read, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemSetAccess(l->reserved, bytes + g, &read, 1));
  MT_EXPECT(hipErrorInvalidValue, hipMemGetAccess(&flags, &device0, end));
  MT_EXPECT(hipErrorInvalidValue, hipMemRetainAllocationHandle(&out, end));
  after = take(l);
  mt_snapshot_assert_same("unmap, access and retain at a mapping's end", &before, &after);
  assert_int_equal(flags, 0x5e57);
  assert_ptr_equal(out, (hipMemGenericAllocationHandle_t)0x5e57);
  MT_CHECK(hipMemRelease(spare));
}

/* ---- positive ---- */

static void test_every_form_reaches_the_last_byte(void **state) {
  layout *l = *state;
  for (size_t e = 0; e < ENDS; e++) {
    char *dev = ends[e].end(l) - COPY_BYTES;
    for (size_t i = 0; i < FORMS; i++) {
      const form *f = &forms[i];
      refill(l, dev);
      if (!mt_returned(hipSuccess, f->run(dev, l), f->name))
        fail_msg("%s up to %s", f->name, ends[e].what);
      MT_CHECK(hipStreamSynchronize(l->stream));
      const unsigned char *to = f->to == TO_DEVICE ? (unsigned char *)dev
                                : f->to == TO_HOST ? l->host
                                                   : (unsigned char *)l->other.base;
      if (to[0] != f->want || to[COPY_BYTES - 1] != f->want)
        fail_msg("%s up to %s: the destination holds %#x..%#x, not %#x", f->name, ends[e].what,
                 to[0], to[COPY_BYTES - 1], f->want);
    }
  }
}

static void test_free_at_the_block_start(void **state) {
  layout *l = *state;
  MT_CHECK(hipFree(l->odd_block));
  l->odd_block = NULL;
  MT_CHECK(hipFree(l->block));
  l->block = NULL;
  assert_int_equal(mt_stats().live_mallocs, 0);
}

int main(void) {
  const struct CMUnitTest positive[] = {
      BOUNDS_TEST(test_every_form_reaches_the_last_byte),
      BOUNDS_TEST(test_free_at_the_block_start),
  };
  const struct CMUnitTest negative[] = {
      BOUNDS_TEST(test_every_form_stops_at_the_end),
      BOUNDS_TEST(test_free_takes_the_block_start_only),
      BOUNDS_TEST(test_refused_at_the_reservation_end),
  };
  return cmocka_run_group_tests_name("bounds", positive, NULL, NULL) +
         cmocka_run_group_tests_name("bounds_negative", negative, NULL, NULL);
}
