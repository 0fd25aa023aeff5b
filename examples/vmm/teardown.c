/*
 * teardown.c: undoing the steps, in the right order and in the wrong ones.
 *
 * The right order is the reverse of the setup: hipMemUnmap every mapping,
 * hipMemRelease every handle, hipMemAddressFree the reservation. Releasing a
 * handle early, right after mapping it, is right too: the mapping holds the
 * memory until it is unmapped. Mistakes: `break 1` frees the reservation
 * before unmapping (refused: the reservation stays as it was; ROCm 6.2 and
 * older return hipSuccess: 6.1 and 6.2 forget the range, 6.0 does nothing); `break 2` unmaps half
 * of a mapping (refused: a mapping is unmapped whole; ROCm 6.2 to 6.4 unmap all of it); `break 3`
 * forgets to unmap and free (nothing fails: the leak report shows what is
 * left).
 */
#include "lesson.h"

static const char *const mistakes[] = {
    "freeing the reservation before unmapping",
    "unmapping part of a mapping",
    "forgetting to unmap",
};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "teardown", mistakes, 3);
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  size_t bytes = 2 * granularity;
  hipMemAccessDesc read_write = {.location = prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};

  /* First: unmap, release, free; the reverse of reserve, create, map. */
  void *ptr;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("unmap, release, free: %zu objects left\n", mockhip_live_objects());

  /* Second: the handle released right after the map; the mapping keeps the memory. */
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  int value = 5, seen = 0;
  CHECK(hipMemcpyHtoD(ptr, &value, sizeof value));
  CHECK(hipMemcpyDtoH(&seen, ptr, sizeof seen));
  printf("release right after map: the memory still works (wrote %d, read %d)\n", value, seen);

  int mapped = 1;
  if (mistake == 1) {
    /* What the release lets through, asked before the call: the question is a HIP call of its
       own, which would clear the free's reason. */
    const char *accepted =
        lesson_rocm_older_than(60100000)
            ? "returns hipSuccess and does nothing, mapped or not: its free of a reservation is "
              "empty, so the range stays reserved and mapped (docs/hip-vmm-semantics.md a.3#5)"
            : "returns hipSuccess and frees nothing: ROCr refuses, and HIP reports it only from "
              "ROCm 6.3 on; HIP has forgotten the range, so on a GPU the unmap below would crash "
              "(docs/hip-vmm-semantics.md a.3#5)";
    lesson_refused(hipMemAddressFree(ptr, bytes), "hipMemAddressFree(ptr, bytes) while mapped",
                   "hipMemUnmap first: addresses are freed only when nothing is mapped there",
                   accepted);
  }
  if (mistake == 2)
    mapped = lesson_refused(
        hipMemUnmap(ptr, granularity), "hipMemUnmap(ptr, granularity) of a mapping of 2 granules",
        "unmap each mapping whole, with the address and size it was mapped with; to free part "
        "of a range, map it as several mappings in the first place",
        "does not check the size: it unmaps the whole mapping that holds ptr, both granules "
        "(docs/hip-vmm-semantics.md a.7#3)");
  if (mistake == 3) {
    printf("mistake: the program ends here, its handle released but nothing unmapped or "
           "freed\n");
    printf("nothing fails, but mockhip_leak_report lists what is left (MOCKHIP_LEAK_CHECK=1 "
           "does at exit):\n");
    mockhip_leak_report(stdout);
    printf("  instead: hipMemUnmap every mapping and hipMemAddressFree every reservation "
           "before the end\n");
  }

  if (mapped)
    CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("release, unmap, free: %zu objects left\n", mockhip_live_objects());
  return seen == value && mockhip_live_objects() == 0 ? 0 : 1;
}
