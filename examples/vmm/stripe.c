/*
 * stripe.c: one range of addresses whose memory is striped across devices.
 *
 * One reservation; a chunk of memory created on each device (location.id =
 * the device), the chunks mapped back to back, so that consecutive parts of
 * the range live on consecutive devices; then ONE hipMemSetAccess over the
 * whole range grants every device read and write on all of it, and at the end
 * ONE hipMemUnmap over the whole range unmaps every chunk. (CUDA's
 * vectorAddMMAP sample builds its vectors this way.) Those two calls each
 * cover several mappings, and releases differ there: the newest ROCm and 7.0
 * to 7.2 take both (7.0 to 7.2 only when the chunks are the same size, as
 * here: docs/hip-vmm-semantics.md e.4); ROCm 6.2 to 6.4 set the access, but
 * their hipMemUnmap unmaps the first mapping only and returns hipSuccess
 * (ROCR-Runtime#285), and 6.0 and 6.1 refuse it. The lesson checks what was
 * unmapped, says so, and unmaps the rest one by one. Needs two devices (on
 * mockhip: MOCKHIP_DEVICES=2); exits 77 with one. Mistake: `break` grants each
 * device its own chunk only, then reads device 1's chunk on device 0 (the
 * copy is refused).
 */
#include "lesson.h"

#define MAX_DEVICES 4

static const char *const mistakes[] = {"granting each device its own chunk only"};

/* After one hipMemUnmap over the range: how many chunks past the first are still mapped
   (hipMemGetAccess answers hipSuccess inside a mapping, hipErrorInvalidValue outside). */
static int still_mapped(char *base, size_t chunk_bytes, int chunks) {
  hipMemLocation device0 = {.type = hipMemLocationTypeDevice, .id = 0};
  int mapped = 0;
  for (int i = 1; i < chunks; i++) {
    unsigned long long flags;
    mapped += hipMemGetAccess(&flags, &device0, base + i * chunk_bytes) == hipSuccess;
  }
  return mapped;
}

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "stripe", mistakes, 1);
  int devices;
  CHECK(hipGetDeviceCount(&devices));
  if (devices < 2) {
    printf("stripe: needs two devices (on mockhip: MOCKHIP_DEVICES=2); found %d\n", devices);
    return 77;
  }
  if (devices > MAX_DEVICES)
    devices = MAX_DEVICES;

  /* A chunk is a multiple of every device's granularity. */
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice}};
  size_t chunk_bytes = 0;
  for (int d = 0; d < devices; d++) {
    size_t granularity;
    prop.location.id = d;
    CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
    if (2 * granularity > chunk_bytes)
      chunk_bytes = 2 * granularity;
  }
  size_t bytes = devices * chunk_bytes;

  void *range;
  CHECK(hipMemAddressReserve(&range, bytes, 0, NULL, 0));
  char *base = range;
  for (int d = 0; d < devices; d++) {
    hipMemGenericAllocationHandle_t handle;
    prop.location.id = d;
    CHECK(hipMemCreate(&handle, chunk_bytes, &prop, 0));
    CHECK(hipMemMap(base + d * chunk_bytes, chunk_bytes, 0, handle, 0));
    CHECK(hipMemRelease(handle)); /* the mapping keeps the memory */
  }
  printf("one reservation of %zu bytes at %p: %d chunks of %zu bytes, chunk d on device d\n", bytes,
         range, devices, chunk_bytes);

  hipMemAccessDesc access[MAX_DEVICES];
  for (int d = 0; d < devices; d++)
    access[d] = (hipMemAccessDesc){.location = {.type = hipMemLocationTypeDevice, .id = d},
                                   .flags = hipMemAccessFlagsProtReadWrite};
  if (mistake == 1) {
    for (int d = 0; d < devices; d++)
      CHECK(hipMemSetAccess(base + d * chunk_bytes, chunk_bytes, &access[d], 1));
    printf("each device granted its own chunk only\n");
    char byte;
    lesson_refused(hipMemcpyDtoH(&byte, base + chunk_bytes, 1),
                   "hipMemcpyDtoH(&byte, base + chunk_bytes, 1) on device 0",
                   "one hipMemSetAccess over the whole range, with a descriptor for every "
                   "device that uses it: where the memory lies does not grant access",
                   NULL);
  }

  /* ONE call over the whole range: every chunk, every device. */
  CHECK(hipMemSetAccess(range, bytes, access, devices));
  printf("one hipMemSetAccess over the %zu bytes: %d devices may read and write all of it\n", bytes,
         devices);

  size_t count = bytes / sizeof(int);
  int *values = malloc(bytes), *seen = malloc(bytes);
  if (values == NULL || seen == NULL) {
    printf("no memory for %zu bytes\n", bytes);
    return 1;
  }
  for (size_t i = 0; i < count; i++)
    values[i] = (int)i;
  CHECK(hipMemcpyHtoD(range, values, bytes));
  int ok = 1;
  for (int d = 0; d < devices; d++) {
    CHECK(hipSetDevice(d));
    memset(seen, 0, bytes);
    CHECK(hipMemcpyDtoH(seen, range, bytes));
    int same = memcmp(values, seen, bytes) == 0;
    printf("device %d read the whole range back in one copy: %s\n", d,
           same ? "every value there" : "VALUES DIFFER");
    ok = ok && same;
  }
  CHECK(hipSetDevice(0));
  free(values);
  free(seen);

  /* ONE call over the whole range, where the release takes it. */
  hipError_t error = hipMemUnmap(range, bytes);
  if (error != hipSuccess) {
    printf("release: %s refuses one hipMemUnmap over %d mappings (%s): it takes one whole "
           "mapping a call (docs/hip-vmm-semantics.md a.7#3); unmapping them one by one\n",
           lesson_release(), devices, hipGetErrorName(error));
    for (int d = 0; d < devices; d++)
      CHECK(hipMemUnmap(base + d * chunk_bytes, chunk_bytes));
  } else if (still_mapped(base, chunk_bytes, devices) > 0) {
    printf("release: %s returned hipSuccess but unmapped the first mapping only: %d more "
           "mapping(s) stay mapped, and hipMemAddressFree would %s (ROCR-Runtime#285, "
           "docs/hip-vmm-semantics.md a.7#3, e.6, a.3#5); unmapping them one by one\n",
           lesson_release(), still_mapped(base, chunk_bytes, devices),
           lesson_rocm_older_than(60300000) ? "return hipSuccess and free nothing"
                                            : "fail with hipErrorUnknown");
    for (int d = 1; d < devices; d++)
      CHECK(hipMemUnmap(base + d * chunk_bytes, chunk_bytes));
  } else {
    printf("one hipMemUnmap over the %zu bytes unmapped all %d chunks\n", bytes, devices);
  }
  CHECK(hipMemAddressFree(range, bytes));
  printf("freed the addresses; %zu objects left\n", mockhip_live_objects());
  return ok && mockhip_live_objects() == 0 ? 0 : 1;
}
