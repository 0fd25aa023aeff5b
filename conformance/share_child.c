/*
 * share_child.c: the program test_hmo_share.c execs to import memory in a
 * process of its own (a HIP runtime does not survive fork, exec starts one
 * afresh). Usage: share-child FD BYTES EXPECT_SEED WRITE_SEED. It imports FD
 * as BYTES bytes, checks they hold the EXPECT_SEED pattern, writes the
 * WRITE_SEED pattern and exits 0; on failure it says why on stderr and exits
 * with the step that failed.
 */
#include <hmo.h>

#include <stdio.h>
#include <stdlib.h>

#include "mem_pattern.h"

static int failed(int step, const char *what) {
  fprintf(stderr, "share-child: %s failed: %s: %s\n", what,
          hmo_status_name(hmo_error_last()->status), hmo_error_last()->message);
  return step;
}

static int run(int fd, size_t bytes, unsigned expect_seed, unsigned write_seed,
               unsigned char *host) {
  hmo_device *dev = NULL;
  if (hmo_device_open(&dev, 0) != HMO_OK)
    return failed(2, "hmo_device_open");
  hmo_memory *mem = NULL;
  int step = 0;
  if (hmo_memory_import(&mem, dev, fd, bytes, HMO_BYTE) != HMO_OK)
    step = failed(3, "hmo_memory_import");
  else if (hmo_memory_copy_to(mem, host, HMO_ALL, 0) != HMO_OK)
    step = failed(4, "hmo_memory_copy_to");
  size_t bad = step ? bytes : mem_pattern_mismatch(host, bytes, expect_seed, 0);
  if (step == 0 && bad != bytes) {
    fprintf(stderr, "share-child: byte %zu is %u, the parent wrote %u\n", bad, host[bad],
            mem_pattern_byte(bad, expect_seed));
    step = 5;
  }
  mem_pattern(host, bytes, write_seed, 0);
  if (step == 0 && hmo_memory_copy_from(mem, host, HMO_ALL, 0) != HMO_OK)
    step = failed(6, "hmo_memory_copy_from");
  hmo_memory_release(mem);
  if (hmo_device_close(dev) != HMO_OK && step == 0)
    step = failed(7, "hmo_device_close");
  return step;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: share-child FD BYTES EXPECT_SEED WRITE_SEED\n");
    return 1;
  }
  size_t bytes = strtoull(argv[2], NULL, 10);
  unsigned char *host = malloc(bytes ? bytes : 1);
  if (host == NULL)
    return 1;
  int step = run(atoi(argv[1]), bytes, (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4]), host);
  free(host);
  return step;
}
