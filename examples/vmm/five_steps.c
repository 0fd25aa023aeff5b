/*
 * five_steps.c: the five steps of HIP virtual memory management, and their undoing.
 *
 * 1. reserve addresses, 2. create physical memory, 3. map the memory at the
 * addresses, 4. set who may access it, 5. use it; then unmap, release and
 * free, the steps in reverse. Mistakes: `break 1` maps a size that is not a
 * multiple of the granularity (the newest ROCm refuses the call; ROCm 7.2
 * and older return hipSuccess and map nothing, and the lesson says so);
 * `break 2` touches the memory before hipMemSetAccess (the process dies of
 * SIGSEGV, as a GPU kernel would fault; MOCKHIP_EXPLAIN=1 says why before it
 * dies; ROCm 6.x lets the CPU through, and the lesson says so).
 */
#include "lesson.h"

static const char *const mistakes[] = {
    "mapping a size that is not a multiple of the granularity",
    "touching the memory before hipMemSetAccess (crashes)",
};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "five_steps", mistakes, 2);
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  printf("granularity: every size and offset is a multiple of %zu bytes\n", granularity);
  size_t bytes = 4 * granularity;

  void *ptr;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  printf("1. reserve: %zu bytes of addresses at %p; no memory behind them yet\n", bytes, ptr);

  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  printf("2. create: %zu bytes of memory on device 0, known by a handle; no address yet\n", bytes);

  if (mistake == 1) {
    int refused = lesson_refused(
        hipMemMap(ptr, bytes - granularity / 2, 0, handle, 0),
        "hipMemMap(ptr, bytes - granularity / 2, 0, handle, 0)",
        "map whole granules: round every size up to a multiple of the granularity",
        "does not check the size (only the newest does): ROCr refuses a range of no whole pages, "
        "HIP only logs it and maps nothing, and the reference the map took is never given back "
        "(docs/hip-vmm-semantics.md a.6#3, a.6#4)");
    CHECK(hipMemRelease(handle));
    CHECK(hipMemAddressFree(ptr, bytes));
    if (!refused)
      printf("released and freed; %zu object left: the handle, which the failed map holds\n",
             mockhip_live_objects());
    return 0;
  }

  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  printf("3. map: the memory now sits at %p, but no device may touch it yet\n", ptr);

  if (mistake == 2) {
    int goes_through = lesson_cpu_touches_anything();
    printf("mistake: writing to %p before hipMemSetAccess%s\n", ptr,
           goes_through ? "" : ": the process dies here");
    ((volatile int *)ptr)[0] = 42;
    if (!goes_through) {
      printf("UNEXPECTED: the write went through\n");
      return 1;
    }
    lesson_cpu_touch_went_through();
    CHECK(hipMemUnmap(ptr, bytes));
    CHECK(hipMemRelease(handle));
    CHECK(hipMemAddressFree(ptr, bytes));
    printf("undo: unmapped, released, freed; %zu objects left\n", mockhip_live_objects());
    return mockhip_live_objects() == 0 ? 0 : 1;
  }

  hipMemAccessDesc read_write = {.location = prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  /* ROCm 6.0's hipMemGetAccess answers hipSuccess and writes nothing (a.9): start from a value
     it cannot mean. */
  unsigned long long flags = ~0ull;
  CHECK(hipMemGetAccess(&flags, &prop.location, ptr));
  if (flags == ~0ull) {
    printf("4. set access: device 0 may read and write (hipMemGetAccess: %s answers hipSuccess "
           "and writes nothing, docs/hip-vmm-semantics.md a.9)\n",
           lesson_release());
    flags = hipMemAccessFlagsProtReadWrite;
  } else {
    printf("4. set access: device 0 may read and write (hipMemGetAccess: %s)\n",
           flags == hipMemAccessFlagsProtReadWrite ? "ReadWrite" : "NOT ReadWrite");
  }

  int in[4] = {1, 2, 3, 4}, out[4] = {0};
  CHECK(hipMemcpyHtoD(ptr, in, sizeof in));
  CHECK(hipMemcpyDtoH(out, ptr, sizeof out));
  int same = memcmp(in, out, sizeof in) == 0;
  printf("5. use: wrote 1 2 3 4, read back %d %d %d %d\n", out[0], out[1], out[2], out[3]);

  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("undo: unmapped, released, freed; %zu objects left\n", mockhip_live_objects());
  return same && flags == hipMemAccessFlagsProtReadWrite && mockhip_live_objects() == 0 ? 0 : 1;
}
