/*
 * hmo_test.h: what the hmo test files share: CMocka, status checks that print
 * hmo_error_last(), the mock's counters as the leak oracle, and byte patterns.
 */
#ifndef HMO_TEST_H
#define HMO_TEST_H

/* CMocka 1.1 needs these before its own header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>

#include <hip/hip_runtime_api.h>
#include <hmo.h>
#include <mockhip.h>

/* Fails unless the call returns exactly `expected`; prints hmo_error_last() if not. */
#define HT_EXPECT(expected, call) assert_true(ht_returned((expected), (call), #call))
#define HT_OK(call) HT_EXPECT(HMO_OK, call)

/* Whether status == expected; prints the call, both names and the last error if not. */
bool ht_returned(int expected, int status, const char *call);

/* The name of a status for messages ("HMO_EINVAL", or "status 42"). Not thread-safe for unknowns.
 */
const char *ht_status_name(int status);

/* The mock's counters now. */
mockhip_stats_t ht_stats(void);

/*
 * Whether two snapshots hold the same objects and bytes (reserved, mapped,
 * physical, hipMalloc; live reservations, mappings, handles, mallocs,
 * streams); call counts are not compared. Prints each difference under `what`.
 */
bool ht_same_objects(const mockhip_stats_t *before, const mockhip_stats_t *after, const char *what);

/* Asserts that mockhip holds nothing: prints the address space if it does. */
void ht_assert_mock_clean(void);

/* The file descriptors this process has open (/proc/self/fd): exported memory, imports and
   the mock's memory files are fds, and valgrind cannot see one leak. */
size_t ht_open_fds(void);

/* Asserts that the process has `expected` fds open, as ht_open_fds counted them before;
   prints `what` and every open fd with what it is if not. */
#define HT_FDS(expected, what) ht_assert_open_fds((expected), (what), __FILE__, __LINE__)
void ht_assert_open_fds(size_t expected, const char *what, const char *file, int line);

/* The minimum granularity of device 0. */
size_t ht_granularity(void);

/* Fills bytes with a pattern that depends on seed and position; checks it. */
void ht_fill(void *dst, size_t bytes, unsigned seed);
/* The index of the first byte that differs from ht_fill's pattern, or bytes when none does. */
size_t ht_check(const void *src, size_t bytes, unsigned seed);

/* Reads `bytes` bytes of mem from element 0 and compares them with ht_fill(seed). */
bool ht_memory_holds(const hmo_memory *mem, size_t bytes, unsigned seed);

#define HT_KIB ((size_t)1024)
#define HT_MIB (1024 * HT_KIB)
#define HT_GIB (1024 * HT_MIB)

#endif /* HMO_TEST_H */
