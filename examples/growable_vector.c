/*
 * growable_vector.c: a vector of doubles on the device that grows to 1 GiB
 * without copying a byte.
 *
 * The vector reserves 1 GiB of addresses up front (hmo_memory_reserve) and
 * maps physical memory only as it grows (hmo_memory_resize): every growth
 * maps one more chunk behind the others, so the pointer never changes and
 * the data already there stays where it is. A vector built on malloc-style
 * device memory would allocate anew and copy everything at each doubling.
 *
 * To keep the run light it writes a stamp of 512 doubles at the start of
 * each new part, not 1 GiB of data, and checks every stamp after every
 * growth. mockhip's statistics show the copy traffic: the only hipMemcpy
 * calls are the stamps' own writes and reads, none inside a resize.
 * Exits 0 when all of that holds.
 */
#include <stdio.h>
#include <stdlib.h>

#include <hmo.h>
#include <mockhip.h>

#define STAMP 512 /* doubles written at the start of each new part */
#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)

typedef struct vector {
  hmo_memory *mem; /* the device memory: its length is the vector's size */
  size_t stamps;   /* parts stamped so far */
  size_t stamp_at[64];
} vector;

static int check(int status, const char *what) {
  if (status != HMO_OK)
    fprintf(stderr, "growable_vector: %s: %s (%s)\n", what, hmo_strerror(status),
            hmo_error_last()->message);
  return status;
}

/* Copy calls mockhip has seen so far: every hipMemcpy entry point together. */
static unsigned long long copy_calls(void) {
  static const int copies[] = {MOCKHIP_CALL_hipMemcpy,          MOCKHIP_CALL_hipMemcpyHtoD,
                               MOCKHIP_CALL_hipMemcpyDtoH,      MOCKHIP_CALL_hipMemcpyDtoD,
                               MOCKHIP_CALL_hipMemcpyPeer,      MOCKHIP_CALL_hipMemcpyAsync,
                               MOCKHIP_CALL_hipMemcpyHtoDAsync, MOCKHIP_CALL_hipMemcpyDtoHAsync,
                               MOCKHIP_CALL_hipMemcpyDtoDAsync, MOCKHIP_CALL_hipMemcpyPeerAsync};
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  if (mockhip_stats(&stats) != hipSuccess)
    return 0;
  unsigned long long calls = 0;
  for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++)
    calls += stats.calls[copies[i]];
  return calls;
}

/* Writes stamp number `n` (STAMP doubles n, n + 1/1024, ...) at element `at`. */
static int stamp(vector *v, size_t at) {
  double values[STAMP];
  size_t n = v->stamps;
  for (size_t i = 0; i < STAMP; i++)
    values[i] = (double)n + (double)i / 1024;
  v->stamp_at[v->stamps++] = at;
  return check(hmo_memory_copy_from(v->mem, values, STAMP, at), "writing a stamp");
}

/* Reads every stamp back; counts the elements that are not what was written. */
static size_t wrong_elements(const vector *v) {
  size_t wrong = 0;
  for (size_t n = 0; n < v->stamps; n++) {
    double values[STAMP];
    if (check(hmo_memory_copy_to(v->mem, values, STAMP, v->stamp_at[n]), "reading a stamp"))
      return STAMP;
    for (size_t i = 0; i < STAMP; i++)
      wrong += values[i] != (double)n + (double)i / 1024;
  }
  return wrong;
}

int main(void) {
  hmo_device *dev = NULL;
  if (check(hmo_device_open(&dev, 0), "hmo_device_open"))
    return 1;

  vector v = {0};
  size_t capacity = GIB / sizeof(double), length = STAMP;
  if (check(hmo_memory_reserve(&v.mem, dev, length, capacity, HMO_DOUBLE), "hmo_memory_reserve") ||
      stamp(&v, 0))
    return 1;
  void *first = hmo_memory_ptr(v.mem);
  printf("growable_vector: %zu doubles reserved (%zu MiB of addresses) at %p\n", capacity,
         capacity * sizeof(double) / MIB, first);
  printf("%12s %6s %16s %12s %19s %7s\n", "doubles", "MiB", "pointer", "device bytes",
         "hipMemcpy in resize", "stamps");

  int failed = 0;
  unsigned long long copies_in_resizes = 0;
  while (length < capacity && !failed) {
    length *= 2;
    unsigned long long before = copy_calls();
    if (check(hmo_memory_resize(v.mem, length), "hmo_memory_resize"))
      return 1;
    unsigned long long copies = copy_calls() - before;
    copies_in_resizes += copies;
    if (stamp(&v, length / 2))
      return 1;
    size_t wrong = wrong_elements(&v);
    failed |= wrong != 0 || hmo_memory_ptr(v.mem) != first;
    printf("%12zu %6zu %16p %12zu %19llu %7s\n", length, length * sizeof(double) / MIB,
           hmo_memory_ptr(v.mem), hmo_device_bytes_allocated(dev), copies,
           wrong ? "WRONG" : "kept");
  }

  printf("growable_vector: grew to %zu MiB in place: pointer %s, %zu moves, %zu stamps kept, "
         "%llu hipMemcpy calls inside hmo_memory_resize\n",
         hmo_memory_bytes(v.mem) / MIB, hmo_memory_ptr(v.mem) == first ? "unchanged" : "CHANGED",
         hmo_memory_moves(v.mem), v.stamps, copies_in_resizes);
  failed |=
      hmo_memory_bytes(v.mem) != GIB || hmo_memory_moves(v.mem) != 0 || copies_in_resizes != 0;

  /* Past the reservation: the same chunks are remapped into a larger range. */
  unsigned long long before = copy_calls();
  if (check(hmo_memory_resize(v.mem, 2 * length), "hmo_memory_resize past the reservation"))
    return 1;
  unsigned long long copies = copy_calls() - before;
  size_t wrong = wrong_elements(&v);
  printf("growable_vector: past the reservation, to %zu MiB: pointer %p -> %p, %zu move, "
         "%llu hipMemcpy calls, stamps %s\n",
         hmo_memory_bytes(v.mem) / MIB, first, hmo_memory_ptr(v.mem), hmo_memory_moves(v.mem),
         copies, wrong ? "WRONG" : "kept");
  failed |= hmo_memory_moves(v.mem) != 1 || copies != 0 || wrong != 0;

  hmo_memory_release(v.mem);
  if (check(hmo_device_close(dev), "hmo_device_close"))
    return 1;
  failed |= mockhip_live_objects() != 0;
  printf("growable_vector: %s\n", failed ? "FAILED" : "ok");
  return failed;
}
