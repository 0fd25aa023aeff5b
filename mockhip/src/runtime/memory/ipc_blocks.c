/*
 * ipc_blocks.c: what a block shared between processes keeps, as hipFree and
 * the release of a block see it; the IPC calls that share and open blocks are
 * runtime/process/ipc_memory.c's.
 */
#include <stdlib.h>

#include "os/os.h"
#include "runtime/memory/memory.h"

bool mh__ipc_imported(const mh_region *region) {
  return region->ipc != NULL && region->ipc->imported;
}

void mh__ipc_forget(mh_region *region) {
  if (region->ipc == NULL)
    return;
  if (!region->ipc->imported)
    mh__os_memory_close(&region->ipc->file);
  free(region->ipc);
  region->ipc = NULL;
}
