/*
 * hmo_test.c: helpers shared by the hmo test files.
 */
#include "hmo_test.h"
#include "open_fds.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *ht_status_name(int status) {
  static char unknown[32];
  const char *name = hmo_status_name(status);
  if (name != NULL)
    return name;
  snprintf(unknown, sizeof unknown, "status %d", status);
  return unknown;
}

bool ht_returned(int expected, int status, const char *call) {
  if (status == expected)
    return true;
  const hmo_error *err = hmo_error_last();
  print_error("%s returned %s, expected %s (last error: %s, hip_error %d, \"%s\")\n", call,
              ht_status_name(status), ht_status_name(expected), ht_status_name(err->status),
              err->hip_error, err->message);
  return false;
}

mockhip_stats_t ht_stats(void) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  assert_int_equal(mockhip_stats(&stats), hipSuccess);
  return stats;
}

bool ht_same_objects(const mockhip_stats_t *before, const mockhip_stats_t *after,
                     const char *what) {
  bool same = true;
#define HT_COMPARE(field)                                                                          \
  if (before->field != after->field) {                                                             \
    print_error("%s: mockhip " #field " %zu before, %zu after\n", what, before->field,             \
                after->field);                                                                     \
    same = false;                                                                                  \
  }
  HT_COMPARE(reserved_bytes)
  HT_COMPARE(mapped_bytes)
  HT_COMPARE(physical_bytes)
  HT_COMPARE(malloc_bytes)
  HT_COMPARE(live_reservations)
  HT_COMPARE(live_mappings)
  HT_COMPARE(live_handles)
  HT_COMPARE(live_mallocs)
  HT_COMPARE(live_streams)
#undef HT_COMPARE
  if (!same)
    mockhip_dump(stderr);
  return same;
}

void ht_assert_mock_clean(void) {
  if (mockhip_live_objects() != 0)
    mockhip_dump(stderr); /* say what leaked */
  assert_int_equal(mockhip_live_objects(), 0);
}

size_t ht_open_fds(void) { return open_fds_count(); }

void ht_assert_open_fds(size_t expected, const char *what, const char *file, int line) {
  open_fds_assert(expected, what, file, line);
}

size_t ht_granularity(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = 0;
  size_t granularity = 0;
  assert_int_equal(
      hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum),
      hipSuccess);
  return granularity;
}

static unsigned char pattern_byte(size_t i, unsigned seed) {
  return (unsigned char)((i * 131u + (i >> 8) * 7u + seed * 17u + 1u) & 0xff);
}

void ht_fill(void *dst, size_t bytes, unsigned seed) {
  unsigned char *p = dst;
  for (size_t i = 0; i < bytes; i++)
    p[i] = pattern_byte(i, seed);
}

size_t ht_check(const void *src, size_t bytes, unsigned seed) {
  const unsigned char *p = src;
  for (size_t i = 0; i < bytes; i++)
    if (p[i] != pattern_byte(i, seed))
      return i;
  return bytes;
}

bool ht_memory_holds(const hmo_memory *mem, size_t bytes, unsigned seed) {
  size_t element = hmo_dtype_bytes(hmo_memory_dtype(mem));
  unsigned char *back = malloc(bytes);
  assert_non_null(back);
  int status = hmo_memory_copy_to(mem, back, bytes / element, 0);
  size_t bad = status == HMO_OK ? ht_check(back, bytes, seed) : 0;
  free(back);
  if (status != HMO_OK) {
    print_error("reading %zu bytes back: %s (%s)\n", bytes, ht_status_name(status),
                hmo_error_last()->message);
    return false;
  }
  if (bad != bytes) {
    print_error("byte %zu of %zu differs from the pattern written\n", bad, bytes);
    return false;
  }
  return true;
}
