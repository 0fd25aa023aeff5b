/*
 * mock_test.h: what every mockhip test file shares: CMocka, allocation
 * properties, the leak oracle, snapshots of the whole mock for "nothing
 * changed", and ways to run code that should crash or needs a fresh process.
 */
#ifndef MOCK_TEST_H
#define MOCK_TEST_H

/* CMocka 1.1 needs these before its own header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

/* Fails unless the call returns exactly `expected`; prints the mock's reason. */
#define MT_EXPECT(expected, call) assert_true(mt_returned((expected), (call), #call))
#define MT_CHECK(call) MT_EXPECT(hipSuccess, call)

/* Whether err == expected; prints the call, both names and the reason if not. */
bool mt_returned(hipError_t expected, hipError_t err, const char *call);

/* Fails unless mockhip_last_reason() contains `text`. */
void mt_assert_reason_contains(const char *text);

/* What a copy or set refuses with where the current device lacks access to the mapping at its
   address, under the release played (copy_access, a.8#10): hipErrorUnknown on ROCm 6.3 and
   later (hip_memory.cpp ihipMemcpy_validate_memory), hipErrorInvalidValue on 6.0-6.2 (where
   ROCm checks nothing and the mock refuses anyway) and on HIP on NVIDIA. */
hipError_t mt_copy_refusal(void);

/* What a program sees of work queued on stream: err, the call's own answer, or else what the
   stream's synchronise answers (where streams run asynchronously the work's failure shows
   there, as on a GPU; where they are serial, at the call). */
hipError_t mt_through_sync(hipError_t err, hipStream_t stream);

/* Pinned memory on `device`, no shareable handle. */
hipMemAllocationProp mt_prop_device(int device);
/* Pinned memory located on the host (charged to no device). */
hipMemAllocationProp mt_prop_host(void);

/* The minimum granularity for device 0 memory. */
size_t mt_granularity(void);

/* The N that mockhip's reports and trace give a handle, stream, event or graph (handle#N):
   the serial inside its id, counted from 1 per kind. */
unsigned long long mt_id_number(const void *id);

/* The mock's counters now. */
mockhip_stats_t mt_stats(void);

/* Asserts that nothing is left alive: the leak oracle of every teardown. */
void mt_assert_clean(void);

/* Setup/teardown for tests that build and destroy everything themselves. */
int mt_setup_clean(void **state);
int mt_teardown_clean(void **state);
#define MT_CLEAN_TEST(f) cmocka_unit_test_setup_teardown(f, mt_setup_clean, mt_teardown_clean)

/* One granule-aligned mapping of one fresh handle inside its own reservation. */
typedef struct mt_mapping {
  void *base;      /* reservation start and mapping start */
  size_t bytes;    /* mapping and allocation size */
  size_t reserved; /* reservation size (>= bytes) */
  hipMemGenericAllocationHandle_t handle;
  bool mapped;
} mt_mapping;

/* Reserves `reserved` bytes and maps a new `bytes` allocation at its start. */
void mt_mapping_create(mt_mapping *m, size_t bytes, size_t reserved);
/* Unmaps (if still mapped), releases and frees what mt_mapping_create made. */
void mt_mapping_destroy(mt_mapping *m);

/* Sets the access of one location over the whole mapping. */
void mt_set_access(const mt_mapping *m, hipMemLocationType type, int id, hipMemAccessFlags flags);

/* Gives device 0 and the host `flags` on [addr, addr+bytes), in one hipMemSetAccess: what a
   program grants that copies there on device 0 and touches the bytes from the CPU, which
   may touch only what the host was granted (b.11, a.8#9). */
void mt_grant(void *addr, size_t bytes, hipMemAccessFlags flags);

/*
 * What a call that fails must leave as it was: the counters (calls[] cleared:
 * a failed call still counts), the text of mockhip_dump, the current device
 * and a copy of `bytes` at `data` (device memory, outputs).
 */
typedef struct mt_snapshot {
  mockhip_stats_t stats;
  char *dump;
  int device;
  unsigned char *data;
  size_t data_bytes;
} mt_snapshot;

/* Takes one; `data` must be readable now (NULL when bytes is 0). Free with mt_snapshot_free. */
mt_snapshot mt_snapshot_take(const void *data, size_t bytes);
void mt_snapshot_free(mt_snapshot *s);
/* Asserts that nothing changed from before to after, naming `what`; frees both. */
void mt_snapshot_assert_same(const char *what, mt_snapshot *before, mt_snapshot *after);

/* mockhip_dump's text (malloc'd). */
char *mt_dump_text(void);

/* Asserts that addr lies in no reservation and no hipMalloc block, as the dump lists them:
   a boundary test's "nothing after it". */
void mt_assert_not_mock_memory(const void *addr);

/* Seconds a forked child may run before SIGALRM ends it. */
#define MT_CHILD_SECONDS 30

/* Skips the calling case under ThreadSanitizer, which stops a child of a process with threads
   from starting any; the other builds run it. */
#if defined(__SANITIZE_THREAD__)
#define MT_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MT_UNDER_TSAN 1
#endif
#endif
#ifdef MT_UNDER_TSAN
#define MT_SKIP_THREADED_FORK_UNDER_TSAN()                                                         \
  do {                                                                                             \
    print_message("skipped: TSan stops a child of a process with threads from starting any "       \
                  "(the other builds run this case)\n");                                           \
    skip();                                                                                        \
  } while (0)
#else
#define MT_SKIP_THREADED_FORK_UNDER_TSAN()                                                         \
  do {                                                                                             \
  } while (0)
#endif

/*
 * fork(), as a program calls it. In a coverage build gcc turns a direct call
 * into __gcov_fork, which zeroes the child's counters after the library's
 * pthread_atfork handlers ran, so their lines counted as never run; through
 * this the child keeps them (and the parent's counts so far, counted twice).
 */
pid_t mt_fork(void);

/* Ends a forked child with `code`, its coverage counters written first (_exit writes none). */
__attribute__((noreturn)) void mt_child_exit(int code);

/*
 * Runs fn(arg) in a forked child with default signal handling, no core file
 * and an alarm; the child exits 0 when fn returns. Returns the wait status.
 */
int mt_run_in_child(void (*fn)(void *arg), void *arg);

/* Whether a wait status says "killed by signal sig" / "exited with 0";
   says what happened instead when not. */
bool mt_killed_by(int status, int sig);
bool mt_exited_ok(int status);

/*
 * Runs the program argv[0] with exactly the arguments argv and the environment
 * env (both NULL-terminated) under an alarm of MT_CHILD_SECONDS, and returns
 * its wait status; *out_text and *err_text get its stdout and stderr (malloc'd).
 * For options read once at start-up, which only a fresh process can vary.
 */
int mt_run_program(const char *const *argv, const char *const *env, char **out_text,
                   char **err_text);

/* Whether text, up to its end or its first newline, matches pattern, in which `*` matches any
   run of characters (an address, a number that changes from run to run). */
bool mt_matches(const char *pattern, const char *text);

/* How many lines of text start with prefix. */
int mt_count_lines_starting(const char *text, const char *prefix);

/* Reads a whole stream from its start into a NUL-terminated malloc'd buffer. */
char *mt_read_stream(FILE *stream);

/* How many file descriptors this process has open (memory files are fds). */
size_t mt_open_fds(void);
/* Asserts that `expected` fds are open, as mt_open_fds counted before; prints `what` and every
   open fd with what it is if not. */
#define MT_FDS(expected, what) mt_assert_open_fds((expected), (what), __FILE__, __LINE__)
void mt_assert_open_fds(size_t expected, const char *what, const char *file, int line);

/* Resident set size of this process in bytes, from /proc/self/statm. */
size_t mt_resident_bytes(void);

#define MT_KIB ((size_t)1024)
#define MT_MIB (1024 * MT_KIB)
#define MT_GIB (1024 * MT_MIB)

#endif /* MOCK_TEST_H */
