/*
 * released.c: the properties of handles released for good, which HIP on NVIDIA
 * still answers (row properties_of_released `Success`): the CUDA driver keeps
 * a handle's record after its last reference goes, though a second release is
 * refused all the same (an H200, observed-hardware.md item 1). ROCm's handle
 * is a pointer to the freed object there, which the mock refuses to read.
 *
 * A ring of the last handles freed, made at the first, so a program that
 * makes and releases handles for hours holds no more than it: an older one is
 * refused as on ROCm. Guarded by the state's lock: written under the write
 * lock (every free), read under the read lock (properties).
 */
#include <stdlib.h>

#include "vmm/vmm.h"

/* How many freed handles keep their properties. */
#define KEPT 4096

typedef struct kept_prop {
  uint64_t id; /* 0: an empty slot */
  hipMemAllocationProp prop;
} kept_prop;

static kept_prop *ring;
static size_t next;

void mh__released_note(const mh_phys *phys) {
  if (ring == NULL && (ring = calloc(KEPT, sizeof *ring)) == NULL)
    return; /* out of memory: the handle is refused later, as ROCm's */
  ring[next] = (kept_prop){phys->id, phys->prop};
  next = (next + 1) % KEPT;
}

bool mh__released_find(hipMemGenericAllocationHandle_t handle, hipMemAllocationProp *prop) {
  uint64_t id = (uint64_t)(uintptr_t)handle;
  for (size_t i = 0; ring != NULL && id != 0 && i < KEPT; i++)
    if (ring[i].id == id) {
      *prop = ring[i].prop;
      return true;
    }
  return false;
}
