/*
 * pool.c: many small objects on one growable reservation, as a KV cache
 * keeps its blocks: what a pool maps, reuses, refuses and gives back.
 *
 * A pool reserves its capacity once and maps physical memory in segments as
 * objects need it; an object is an ordinary hmo_memory, 256-byte aligned,
 * that never moves. Freed ranges are reused without any HIP call, and
 * hmo_pool_trim gives wholly free segments back to the device. Exits 0 when
 * everything printed is as the comments say.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <hmo.h>

#define MIB ((size_t)1 << 20)
#define BLOCKS 64
#define BLOCK_FLOATS 4096 /* a 16 KiB cache block */

/* Ends the program when a call that should work does not. */
#define TRY(call)                                                                                  \
  do {                                                                                             \
    int status_ = (call);                                                                          \
    if (status_ != HMO_OK) {                                                                       \
      fprintf(stderr, "pool: %s: %s (%s)\n", #call, hmo_status_name(status_),                      \
              hmo_error_last()->message);                                                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* Prints a failure when something is not as the example says. */
static int wrong;
static void want(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "pool: not as expected: %s\n", what);
    wrong++;
  }
}
#define WANT(cond) want((cond), #cond)

static void print_pool(const char *when, const hmo_pool *pool) {
  printf("pool: %-34s %3zu objects, %5zu KiB in use, %3zu MiB mapped of %zu MiB\n", when,
         hmo_pool_objects(pool), hmo_pool_bytes_in_use(pool) / 1024,
         hmo_pool_bytes_mapped(pool) / MIB, hmo_pool_capacity(pool) / MIB);
}

/* Whether ptr is one of the count pointers in seen. */
static bool is_one_of(void *ptr, void *const *seen, size_t count) {
  for (size_t i = 0; i < count; i++)
    if (seen[i] == ptr)
      return true;
  return false;
}

int main(void) {
  hmo_device *dev;
  hmo_pool *pool;
  TRY(hmo_device_open(&dev, 0));
  TRY(hmo_pool_create(&pool, dev, 64 * MIB)); /* address space only: nothing mapped yet */
  print_pool("created:", pool);
  WANT(hmo_pool_bytes_mapped(pool) == 0);

  /* Cache blocks, each filled from the host: aligned, apart, stable. */
  static float host[BLOCK_FLOATS];
  hmo_memory *blocks[BLOCKS];
  for (int i = 0; i < BLOCKS; i++) {
    for (int j = 0; j < BLOCK_FLOATS; j++)
      host[j] = (float)(i * BLOCK_FLOATS + j);
    TRY(hmo_pool_alloc(&blocks[i], pool, BLOCK_FLOATS, HMO_FLOAT, host));
    WANT((uintptr_t)hmo_memory_ptr(blocks[i]) % 256 == 0);
  }
  print_pool("64 blocks of 16 KiB:", pool);
  size_t mapped = hmo_pool_bytes_mapped(pool);

  /* Every other block goes; new blocks take the freed ranges, with no new mapping. */
  void *freed[BLOCKS / 2];
  for (int i = 0; i < BLOCKS; i += 2) {
    freed[i / 2] = hmo_memory_ptr(blocks[i]);
    hmo_memory_release(blocks[i]); /* the last reference: the range goes back to the pool */
  }
  print_pool("every other block released:", pool);
  int reused = 0;
  for (int i = 0; i < BLOCKS; i += 2) {
    TRY(hmo_pool_alloc(&blocks[i], pool, BLOCK_FLOATS, HMO_FLOAT, NULL));
    reused += is_one_of(hmo_memory_ptr(blocks[i]), freed, BLOCKS / 2);
  }
  print_pool("32 new blocks:", pool);
  printf("pool: %d of the 32 new blocks took a freed range; mapped bytes unchanged: %s\n", reused,
         hmo_pool_bytes_mapped(pool) == mapped ? "yes" : "no");
  WANT(reused == BLOCKS / 2 && hmo_pool_bytes_mapped(pool) == mapped);

  /* The neighbours' data is intact. */
  TRY(hmo_memory_copy_to(blocks[1], host, HMO_ALL, 0));
  printf("pool: block 1 still holds %.0f .. %.0f\n", host[0], host[BLOCK_FLOATS - 1]);
  WANT(host[0] == (float)BLOCK_FLOATS && host[BLOCK_FLOATS - 1] == (float)(2 * BLOCK_FLOATS - 1));

  /* What a pool refuses, and why. */
  int status = hmo_memory_resize(blocks[1], 2 * BLOCK_FLOATS);
  printf("pool: resize a pool object: %s: %s\n", hmo_status_name(status),
         hmo_error_last()->message);
  WANT(status == HMO_EINVAL);
  hmo_memory *huge = NULL;
  status = hmo_pool_alloc(&huge, pool, 64 * MIB, HMO_BYTE, NULL);
  printf("pool: 64 MiB more: %s: %s\n", hmo_status_name(status), hmo_error_last()->message);
  WANT(status == HMO_ENOMEM && huge == NULL);
  status = hmo_pool_destroy(pool);
  printf("pool: destroy with blocks alive: %s: %s\n", hmo_status_name(status),
         hmo_error_last()->message);
  WANT(status == HMO_EBUSY);

  /* Released objects leave their segments mapped (warm) until a trim. */
  for (int i = 0; i < BLOCKS; i++)
    hmo_memory_release(blocks[i]);
  print_pool("all released:", pool);
  WANT(hmo_pool_objects(pool) == 0 && hmo_pool_bytes_mapped(pool) == mapped);
  TRY(hmo_pool_trim(pool));
  print_pool("trimmed:", pool);
  WANT(hmo_pool_bytes_mapped(pool) == 0 && hmo_device_bytes_allocated(dev) == 0);
  TRY(hmo_pool_destroy(pool));
  TRY(hmo_device_close(dev));
  printf("pool: %s\n", wrong ? "FAILED" : "ok");
  return wrong != 0;
}
