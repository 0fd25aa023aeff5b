/*
 * profile_check.h: what the row tests of test_profiles share: the release this
 * process plays, what a row's cell expects of a call, the strict reports
 * captured around one call, what the dump says is mapped, small scenes, and a
 * forked child for calls whose effects must not stay.
 */
#ifndef PROFILE_CHECK_H
#define PROFILE_CHECK_H

#include "mock_test.h"
#include "profile_cells.h"

/* The release this process plays (set by main from mockhip_platform() and
   mockhip_rocm_version()). */
extern profile played;

/* The cell of row r for the release played. */
cell cell_of(const row *r);

/* What the call of r's cell returns: its error name, or for `crash` the newest column's. */
hipError_t code_of(const row *r);

/* mt_returned, naming the row and the release when the call disagrees. */
bool row_returned(const row *r, hipError_t expected, hipError_t got, const char *call);
#define ROW_EXPECT(r, expected, call) assert_true(row_returned((r), (expected), (call), #call))

/* Strict mode on and stderr captured, for one call; strict_end returns what it printed. */
void strict_begin(void);
char *strict_end(void);

/*
 * When `said`, text must hold a strict line with "<who plays> <what>" ("ROCm 6.2
 * crashes here", profile_title); when not, nothing in it may say <what>. Frees text.
 */
void assert_strict(const row *r, char *text, const char *what, bool said);

/* The access the dump lists for the mapping that starts at base ("dev0=rw dev1=- host=-"),
   malloc'd; NULL when no mapping starts there. */
char *access_text(const void *base);
bool mapped_at(const void *base);
/* Whether the mapping at base lists `grant` ("dev0=rw") among its access. */
bool has_grant(const void *base, const char *grant);

/* The minimum granularity the release answers when MOCKHIP_GRANULARITY leaves it alone
   (the granularity row: the host page, or 2 MiB). */
size_t row_granularity(void);

/* Scenes: a handle of the given shareable type on device 0, a reservation, read-write access. */
hipMemGenericAllocationHandle_t create(size_t bytes, hipMemAllocationHandleType type);
void *reserve(size_t bytes);
void set_access(void *at, size_t bytes, hipMemLocationType type, int id);

/* Writes a pattern through `to` and reads it back through `from` (the same memory or an alias). */
void assert_shared(void *to, void *from, size_t bytes);

/* The fd a `posix` release's export gives (the caller closes it), and an import of it
   the way the release played takes it: the fd's address, or its value. */
int export_fd(hipMemGenericAllocationHandle_t handle);
hipError_t import_fd(hipMemGenericAllocationHandle_t *handle, int *fd);

/*
 * What a forked child saw, for calls whose effects this process must not keep
 * (a reservation that HIP forgets stays for good). The child's stderr goes
 * nowhere; it counts the strict reports instead. Where the release lets no
 * forked child call HIP (forked_child `NotInitialized`), the calls run in this
 * process instead and their effects stay: `in_process` says so.
 */
typedef struct child_view {
  void (*fn)(struct child_view *view); /* in: what the child does, and its scene */
  void *base;
  size_t g;
  hipError_t err[2];
  size_t reservations[2], mappings[2];
  unsigned long long strict_reports;
  bool in_process;
} child_view;

/* Records the live reservations and mappings in view's slot `at`. */
void child_counts(child_view *view, int at);

/* Runs fn(view) on the scene (base, g) in a forked child (or, see above, in this process)
   and returns the view it filled. */
child_view in_child(void (*fn)(child_view *view), void *base, size_t g);

/* kernel_hang's child: the program run again with MOCKHIP_KERNEL_TIMEOUT (self_child.c's
   case "hang"; profile_rows_kernel.c). */
void profile_child_hang(void);

/* The row tests, one per key (profile_rows_*.c). */
#define PROFILE_DECLARE_TEST(key) void test_##key(void **state);
PROFILE_ROWS(PROFILE_DECLARE_TEST)
#undef PROFILE_DECLARE_TEST

#endif /* PROFILE_CHECK_H */
