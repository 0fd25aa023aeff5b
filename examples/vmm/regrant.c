/*
 * regrant.c: access belongs to a mapping, so every new mapping needs its own
 * hipMemSetAccess, even at addresses that had access before.
 *
 * A cache that swaps the memory behind a fixed address (a KV cache's page,
 * a pool's slot) unmaps one handle and maps another at the same addresses.
 * hipMemUnmap takes every device's access with the mapping (ROCr's unmap
 * removes each agent's access; CUDA's cuMemUnmap the same), so the new
 * mapping starts with none: the program grants it again. The lesson maps a
 * first handle, grants device 0 ReadWrite and writes; unmaps it and maps a
 * second handle at the same address; shows that hipMemGetAccess now answers
 * None; grants again and uses the new memory. Mistake: `break` copies into
 * the new mapping before granting it (refused: ROCm 6.3 and later answer
 * hipErrorUnknown, HIP on NVIDIA hipErrorInvalidValue; before 6.3 ROCm
 * checked nothing and the GPU faulted, and mockhip refuses with
 * hipErrorInvalidValue). A kernel that touches it faults instead (lesson 8).
 */
#include "lesson.h"

static const char *const mistakes[] = {"copying into the new mapping before granting it"};

/* What device 0 may do at ptr, as hipMemGetAccess says; ROCm 6.0 writes nothing (a.9). */
static const char *access_of(void *ptr, const hipMemLocation *device) {
  unsigned long long flags = ~0ull;
  CHECK(hipMemGetAccess(&flags, device, ptr));
  return lesson_flags_name(flags, "nothing written (a.9)");
}

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "regrant", mistakes, 1);
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t bytes;
  CHECK(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum));
  hipMemAccessDesc read_write = {.location = prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};

  void *ptr;
  hipMemGenericAllocationHandle_t first, second;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemCreate(&first, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, first, 0));
  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  CHECK(hipMemcpyHtoD(ptr, "first page", 11));
  printf("1. the first handle mapped at %p, device 0 granted %s, \"first page\" written\n", ptr,
         access_of(ptr, &prop.location));

  /* The copy must have landed before its mapping goes (HIP on NVIDIA may still be copying from
     pageable memory when hipMemcpy returns). */
  CHECK(hipDeviceSynchronize());
  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(first));
  CHECK(hipMemCreate(&second, bytes, &prop, 0));
  CHECK(hipMemMap(ptr, bytes, 0, second, 0));
  printf("2. unmapped it and mapped a second handle at the same address: device 0 has %s\n",
         access_of(ptr, &prop.location));

  if (mistake == 1) {
    lesson_refused(hipMemcpyHtoD(ptr, "second page", 12),
                   "hipMemcpyHtoD(ptr, \"second page\", 12) before hipMemSetAccess",
                   "hipMemSetAccess after every hipMemMap: the unmap took the old grant with "
                   "the old mapping, and a new mapping starts with no access "
                   "(docs/hip-vmm-semantics.md a.7, a.8)",
                   NULL);
    lesson_copy_access_unchecked();
  }

  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  char seen[12] = "";
  CHECK(hipMemcpyHtoD(ptr, "second page", 12));
  CHECK(hipMemcpyDtoH(seen, ptr, sizeof seen));
  printf("3. granted again: device 0 has %s; wrote and read back \"%s\"\n",
         access_of(ptr, &prop.location), seen);
  int ok = strcmp(seen, "second page") == 0;

  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(second));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("unmapped, released, freed; %zu objects left\n", mockhip_live_objects());
  return ok && mockhip_live_objects() == 0 ? 0 : 1;
}
