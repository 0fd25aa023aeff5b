/*
 * aliasing.c: one allocation mapped at two addresses.
 *
 * hipMemMap places memory at an address; nothing stops placing the same
 * memory at a second address too. Both are the same bytes: a write through
 * one address is read through the other. (Ring buffers map their memory twice
 * back to back so that a read past the end wraps around without a branch.)
 * Mistake: `break` releases the handle once per mapping (the second release
 * is refused: a handle is released once, however often it is mapped).
 */
#include "lesson.h"

static const char *const mistakes[] = {"releasing the handle twice, once per mapping"};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "aliasing", mistakes, 1);
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));

  void *range;
  CHECK(hipMemAddressReserve(&range, 2 * granularity, 0, NULL, 0));
  char *first = range, *second = first + granularity;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemCreate(&handle, granularity, &prop, 0));
  CHECK(hipMemMap(first, granularity, 0, handle, 0));
  CHECK(hipMemMap(second, granularity, 0, handle, 0));
  hipMemAccessDesc read_write = {.location = prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(first, 2 * granularity, &read_write, 1));
  printf("one allocation of %zu bytes, mapped at %p and at %p\n", granularity, (void *)first,
         (void *)second);

  const char message[] = "written through the first address";
  char read_back[sizeof message] = "";
  CHECK(hipMemcpyHtoD(first, message, sizeof message));
  CHECK(hipMemcpyDtoH(read_back, second, sizeof read_back));
  int same = memcmp(message, read_back, sizeof message) == 0;
  printf("read through the second address: \"%s\"\n", read_back);

  int value = 7, seen = 0;
  CHECK(hipMemcpyHtoD(second + 64, &value, sizeof value));
  CHECK(hipMemcpyDtoH(&seen, first + 64, sizeof seen));
  printf("wrote %d at second + 64, read %d at first + 64\n", value, seen);
  same = same && seen == value;

  CHECK(hipMemRelease(handle));
  printf("released the handle once: both mappings still hold the memory\n");
  if (mistake == 1)
    lesson_refused(hipMemRelease(handle), "hipMemRelease(handle) a second time",
                   "release each handle once, whatever the number of its mappings: each "
                   "mapping holds the memory until its hipMemUnmap",
                   NULL);

  CHECK(hipMemUnmap(first, granularity));
  CHECK(hipMemUnmap(second, granularity));
  CHECK(hipMemAddressFree(range, 2 * granularity));
  printf("unmapped both, freed the addresses; %zu objects left\n", mockhip_live_objects());
  return same && mockhip_live_objects() == 0 ? 0 : 1;
}
