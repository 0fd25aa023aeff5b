/*
 * peer.c: memory of device 0 used by device 1.
 *
 * Physical memory belongs to the device it was created on; any other device
 * may use it once hipMemSetAccess grants that device access to the mapping.
 * hipDeviceCanAccessPeer says whether the two devices can reach each other at
 * all, hipDeviceEnablePeerAccess turns on the link for hipMalloc memory, and
 * hipMemcpyPeer copies between the devices' memory. Needs two devices (on
 * mockhip: MOCKHIP_DEVICES=2); exits 77 with one. Mistake: `break` reads
 * device 0's memory from device 1 without granting device 1 access (the copy
 * is refused: hipErrorUnknown, as ROCm 6.3 and later refuse it).
 */
#include "lesson.h"

static const char *const mistakes[] = {
    "using device 0's memory from device 1 without hipMemSetAccess for device 1"};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "peer", mistakes, 1);
  int devices;
  CHECK(hipGetDeviceCount(&devices));
  if (devices < 2) {
    printf("peer: needs two devices (on mockhip: MOCKHIP_DEVICES=2); found %d\n", devices);
    return 77;
  }
  int can_access;
  CHECK(hipDeviceCanAccessPeer(&can_access, 1, 0));
  printf("hipDeviceCanAccessPeer(1, 0): %s\n", can_access ? "yes" : "no");
  if (!can_access)
    return 77;
  CHECK(hipSetDevice(1));
  CHECK(hipDeviceEnablePeerAccess(0, 0));
  CHECK(hipSetDevice(0));
  printf("device 1 enabled peer access to device 0\n");

  /* The memory lives on device 0. */
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  void *ptr;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&ptr, granularity, 0, NULL, 0));
  CHECK(hipMemCreate(&handle, granularity, &prop, 0));
  CHECK(hipMemMap(ptr, granularity, 0, handle, 0));
  CHECK(hipMemRelease(handle));

  /* Who may use it: device 0, and (unless this is the mistake) device 1. */
  hipMemAccessDesc access[2] = {
      {.location = {.type = hipMemLocationTypeDevice, .id = 0},
       .flags = hipMemAccessFlagsProtReadWrite},
      {.location = {.type = hipMemLocationTypeDevice, .id = 1},
       .flags = hipMemAccessFlagsProtReadWrite},
  };
  CHECK(hipMemSetAccess(ptr, granularity, access, mistake ? 1 : 2));
  printf("memory created on device 0 and mapped at %p; access for device 0%s\n", ptr,
         mistake ? " only" : " and device 1");
  const char message[] = "made on device 0";
  CHECK(hipMemcpyHtoD(ptr, message, sizeof message));

  char read_back[sizeof message] = "";
  int ok = 0;
  CHECK(hipSetDevice(1));
  if (mistake == 1) {
    lesson_refused(hipMemcpyDtoH(read_back, ptr, sizeof read_back),
                   "hipMemcpyDtoH(buffer, ptr, ...) on device 1",
                   "hipMemSetAccess with a hipMemAccessDesc for device 1 too: peer access "
                   "alone does not open VMM memory",
                   NULL);
    ok = 1;
  } else {
    CHECK(hipMemcpyDtoH(read_back, ptr, sizeof read_back));
    printf("device 1 read \"%s\" from device 0's memory\n", read_back);
    /* hipMemcpyPeer: into a buffer of device 1's own. */
    void *on_device1;
    CHECK(hipMalloc(&on_device1, sizeof message));
    CHECK(hipMemcpyPeer(on_device1, 1, ptr, 0, sizeof message));
    char copied[sizeof message] = "";
    CHECK(hipMemcpyDtoH(copied, on_device1, sizeof copied));
    CHECK(hipFree(on_device1));
    printf("hipMemcpyPeer copied it into device 1's memory: \"%s\"\n", copied);
    ok = strcmp(read_back, message) == 0 && strcmp(copied, message) == 0;
  }
  CHECK(hipSetDevice(0));

  CHECK(hipMemUnmap(ptr, granularity));
  CHECK(hipMemAddressFree(ptr, granularity));
  printf("unmapped and freed; %zu objects left\n", mockhip_live_objects());
  return ok && mockhip_live_objects() == 0 ? 0 : 1;
}
