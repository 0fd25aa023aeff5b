/*
 * protection.c: read-only and no-access memory, set per mapping.
 *
 * hipMemSetAccess grants each location (a device, or the host: the CPU)
 * ReadWrite, Read or None on a mapped range, and a mapping nobody was granted
 * is no-access. Three mappings side by side get three different rights, the
 * same for device 0 and the host: the first read-write, the second written
 * once and then made read-only, the third never granted. (ROCm 7.0 to 7.2
 * grant the host Host-located memory only: the CPU may touch none of it
 * there; 6.x has no host location, and its CPU touches every mapping whatever
 * was granted. The lesson says which.) A copy that would
 * break the rights is refused, with hipErrorUnknown as ROCm 6.3 and later
 * refuse it (before 6.3 ROCm checked nothing: the GPU faulted, or the data
 * was not written; mockhip refuses with hipErrorInvalidValue); a CPU store
 * into memory it may only read faults, as a GPU kernel would. Mistakes:
 * `break 1` writes read-only memory from the CPU (the process dies of
 * SIGSEGV; ROCm 6.x lets it through, and the lesson says so); `break 2`
 * copies into read-only memory (the copy is refused).
 */
#include "lesson.h"

static const char *const mistakes[] = {
    "writing read-only memory from the CPU (crashes)",
    "copying into read-only memory",
};

/*
 * hipMemSetAccess with access[0] (device 0) and access[1] (the host). The
 * newest ROCm grants the host any memory; ROCm 7.0 to 7.2 (and HIP on
 * NVIDIA) grant it Host-located memory only and refuse access[1] here, after
 * applying access[0] (descriptors apply in order): from then on device 0
 * alone.
 */
static void set_access(void *ptr, size_t bytes, const hipMemAccessDesc access[2]) {
  static size_t count = 2;
  hipError_t error;
  if (count == 2 && (error = hipMemSetAccess(ptr, bytes, access, 2)) != hipSuccess) {
    printf("release: %s refuses the host access to device memory (%s: Host-located memory "
           "only, docs/hip-vmm-semantics.md a.8#9): device 0 gets the rights alone, and the "
           "CPU may touch none of it\n",
           lesson_release(), hipGetErrorName(error));
    count = 1;
  }
  if (count == 1)
    CHECK(hipMemSetAccess(ptr, bytes, access, 1));
}

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "protection", mistakes, 2);
  if (lesson_rocm_older_than(70000000))
    printf("release: %s has no host location: it takes {hipMemLocationTypeHost, 0} for device "
           "0 (docs/hip-vmm-semantics.md a.8#6); %s\n",
           lesson_release(),
           lesson_cpu_touches_anything()
               ? "its CPU reads and writes every mapping whatever was granted (b.11)"
               : "the CPU may touch no VMM memory (b.11)");
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));

  void *range;
  CHECK(hipMemAddressReserve(&range, 3 * granularity, 0, NULL, 0));
  char *part[3];
  hipMemGenericAllocationHandle_t handle[3];
  for (int i = 0; i < 3; i++) {
    part[i] = (char *)range + i * granularity;
    CHECK(hipMemCreate(&handle[i], granularity, &prop, 0));
    CHECK(hipMemMap(part[i], granularity, 0, handle[i], 0));
    CHECK(hipMemRelease(handle[i])); /* the mapping keeps the memory */
  }

  /* Device 0 copies; the host's access is what the CPU may do. */
  hipMemAccessDesc access[2] = {
      {.location = prop.location, .flags = hipMemAccessFlagsProtReadWrite},
      {.location = {.type = hipMemLocationTypeHost, .id = 0},
       .flags = hipMemAccessFlagsProtReadWrite}};
  set_access(part[0], granularity, access);
  set_access(part[1], granularity, access);
  const char table[] = "a table written once";
  CHECK(hipMemcpyHtoD(part[1], table, sizeof table));
  /* A copy from pageable memory may still be landing when hipMemcpy returns (HIP on NVIDIA
     returns once the bytes are staged): synchronise before taking the right to write away. */
  CHECK(hipDeviceSynchronize());
  access[0].flags = access[1].flags = hipMemAccessFlagsProtRead;
  set_access(part[1], granularity, access);
  /* part[2]: never granted, so no one may touch it. */

  for (int i = 0; i < 3; i++) {
    unsigned long long flags = ~0ull; /* ROCm 6.0's hipMemGetAccess writes nothing (a.9) */
    CHECK(hipMemGetAccess(&flags, &prop.location, part[i]));
    if (flags == ~0ull)
      printf("mapping %d at %p: hipMemGetAccess answers hipSuccess and writes nothing on %s "
             "(docs/hip-vmm-semantics.md a.9)\n",
             i, (void *)part[i], lesson_release());
    else
      printf("mapping %d at %p: device 0 has %s\n", i, (void *)part[i],
             lesson_flags_name(flags, "?"));
  }

  char read_back[sizeof table] = "";
  CHECK(hipMemcpyDtoH(read_back, part[1], sizeof read_back));
  printf("read the read-only mapping: \"%s\"\n", read_back);
  CHECK(hipMemcpyDtoD(part[0], part[1], sizeof table));
  printf("copied it into the read-write mapping\n");
  hipError_t error = hipMemcpyDtoH(read_back, part[2], 1);
  printf("reading the no-access mapping: %s (%s)\n", hipGetErrorName(error),
         error == hipSuccess ? "UNEXPECTED" : "refused, as it should be");
  if (error != hipSuccess)
    lesson_copy_access_unchecked();
  int ok = error != hipSuccess && strcmp(read_back, table) == 0;

  if (mistake == 1) {
    int goes_through = lesson_cpu_touches_anything();
    printf("mistake: a CPU store into the read-only mapping at %p%s\n", (void *)part[1],
           goes_through ? "" : ": the process dies here");
    part[1][0] = 'A';
    if (!goes_through) {
      printf("UNEXPECTED: the store went through\n");
      return 1;
    }
    lesson_cpu_touch_went_through();
  }
  if (mistake == 2)
    lesson_refused(hipMemcpyHtoD(part[1], "new", 4), "hipMemcpyHtoD(read_only, \"new\", 4)",
                   "write while the mapping is ReadWrite, then set it to Read; or keep "
                   "the data that changes in a read-write mapping",
                   NULL);

  for (int i = 0; i < 3; i++)
    CHECK(hipMemUnmap(part[i], granularity));
  CHECK(hipMemAddressFree(range, 3 * granularity));
  printf("unmapped the three mappings and freed the addresses; %zu objects left\n",
         mockhip_live_objects());
  return ok && mockhip_live_objects() == 0 ? 0 : 1;
}
