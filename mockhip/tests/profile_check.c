/*
 * profile_check.c: what the row tests of test_profiles share (profile_check.h).
 */
#include "profile_check.h"

#include "report_lines.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

profile played;

cell cell_of(const row *r) { return r->cells[played]; }

/* What the call of a cell returns: its error name, or for `crash` the newest column's. */
hipError_t code_of(const row *r) {
  cell c = cell_of(r) == CRASH ? r->cells[P_NEWEST] : cell_of(r);
  int code = cell_code(c);
  if (code < 0)
    print_error("row %s, profile %s: the cell is a word, not a code\n", r->key,
                profile_names[played]);
  assert_true(code >= 0);
  return (hipError_t)code;
}

/* mt_returned, naming the row and the profile when the call disagrees. */
bool row_returned(const row *r, hipError_t expected, hipError_t got, const char *call) {
  if (got != expected)
    print_error("row %s, profile %s:\n", r->key, profile_names[played]);
  return mt_returned(expected, got, call);
}

/* ---- strict reports: captured around one call ---- */

void strict_begin(void) {
  mockhip_strict(1);
  mt_stderr_begin();
}

char *strict_end(void) {
  char *text = mt_stderr_end();
  mockhip_strict(0);
  return text;
}

/* Whether a line of text that starts "mockhip: strict: " also says `wanted`. */
static bool strict_line_says(const char *text, const char *wanted) {
  for (const char *line = text; (line = mt_line_starting(line, "mockhip: strict: ")) != NULL;) {
    const char *end = strchr(line, '\n');
    const char *at = strstr(line, wanted);
    if (at != NULL && (end == NULL || at < end))
      return true;
    if (end == NULL)
      break;
    line = end + 1;
  }
  return false;
}

void assert_strict(const row *r, char *text, const char *what, bool said) {
  char wanted[128];
  snprintf(wanted, sizeof wanted, "%s %s", profile_title(played), what);
  bool ok = said ? strict_line_says(text, wanted) : strstr(text, what) == NULL;
  if (!ok)
    print_error("row %s, profile %s: expected %s line saying \"%s\", stderr was:\n%s", r->key,
                profile_names[played], said ? "a strict" : "no", said ? wanted : what, text);
  assert_true(ok);
  free(text);
}

/* ---- what is mapped: the dump's mapping lines ---- */

/* The access part of the dump's line for the mapping that starts at base
   ("dev0=rw dev1=- host=-"), malloc'd; NULL when no mapping starts there. */
char *access_text(const void *base) {
  char *dump = mt_dump_text();
  char key[64];
  snprintf(key, sizeof key, "mapping %p-", base);
  char *text = NULL;
  const char *line = strstr(dump, key);
  if (line != NULL) {
    const char *access = strstr(line, "access: ");
    const char *end = strchr(line, '\n');
    assert_non_null(access);
    access += strlen("access: ");
    assert_true(end == NULL || access < end);
    size_t length = end ? (size_t)(end - access) : strlen(access);
    text = strndup(access, length);
    assert_non_null(text);
  }
  free(dump);
  return text;
}

bool mapped_at(const void *base) {
  char *text = access_text(base);
  free(text);
  return text != NULL;
}

/* Whether the mapping at base lists `grant` ("dev0=rw", "host=-") among its access. */
bool has_grant(const void *base, const char *grant) {
  char *text = access_text(base);
  assert_non_null(text);
  char padded[128], wanted[32];
  snprintf(padded, sizeof padded, " %s ", text);
  snprintf(wanted, sizeof wanted, " %s ", grant);
  bool has = strstr(padded, wanted) != NULL;
  free(text);
  return has;
}

/* ---- scenes ---- */

size_t row_granularity(void) {
  return cell_of(&granularity) == TWO_MIB ? 2 * MT_MIB : (size_t)sysconf(_SC_PAGESIZE);
}

hipMemGenericAllocationHandle_t create(size_t bytes, hipMemAllocationHandleType type) {
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = type;
  hipMemGenericAllocationHandle_t handle = NULL;
  MT_CHECK(hipMemCreate(&handle, bytes, &prop, 0));
  return handle;
}

void *reserve(size_t bytes) {
  void *base = NULL;
  MT_CHECK(hipMemAddressReserve(&base, bytes, 0, NULL, 0));
  return base;
}

void set_access(void *at, size_t bytes, hipMemLocationType type, int id) {
  hipMemAccessDesc desc = {{type, id}, hipMemAccessFlagsProtReadWrite};
  MT_CHECK(hipMemSetAccess(at, bytes, &desc, 1));
}

/* Writes a pattern through `to` and reads it back through `from` (the same memory or an alias). */
void assert_shared(void *to, void *from, size_t bytes) {
  unsigned char *in = malloc(bytes), *out = calloc(1, bytes);
  assert_non_null(in);
  assert_non_null(out);
  for (size_t i = 0; i < bytes; i++)
    in[i] = (unsigned char)(i * 7 + 1);
  MT_CHECK(hipMemcpyHtoD(to, in, bytes));
  MT_CHECK(hipMemcpyDtoH(out, from, bytes));
  assert_memory_equal(in, out, bytes);
  free(in);
  free(out);
}

/* The fd a `posix` profile's export gives; the caller closes it. */
int export_fd(hipMemGenericAllocationHandle_t handle) {
  int fd = -1;
  MT_CHECK(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  assert_true(fd >= 0 && fcntl(fd, F_GETFD) != -1);
  return fd;
}

/* Imports fd as the profile's convention passes it: its address, or its value. */
hipError_t import_fd(hipMemGenericAllocationHandle_t *handle, int *fd) {
  void *os_handle = cell_of(&import_os_handle) == VALUE ? (void *)(intptr_t)*fd : (void *)fd;
  return hipMemImportFromShareableHandle(handle, os_handle, hipMemHandleTypePosixFileDescriptor);
}

void child_counts(child_view *view, int at) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  mockhip_stats(&stats);
  view->reservations[at] = stats.live_reservations;
  view->mappings[at] = stats.live_mappings;
}

static void run_view(void *arg) {
  child_view *view = arg;
  if (freopen("/dev/null", "w", stderr) == NULL)
    _exit(2);
  view->fn(view);
}

child_view in_child(void (*fn)(child_view *view), void *base, size_t g) {
  if (cell_of(&forked_child) != WORKS) { /* a child's HIP calls would all fail */
    child_view view = {.fn = fn, .base = base, .g = g, .in_process = true};
    mt_stderr_begin();
    fn(&view);
    free(mt_stderr_end());
    mockhip_strict(0);
    return view;
  }
  child_view *shared =
      mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  assert_true(shared != MAP_FAILED);
  memset(shared, 0, sizeof *shared);
  shared->fn = fn;
  shared->base = base;
  shared->g = g;
  assert_true(mt_exited_ok(mt_run_in_child(run_view, shared)));
  child_view view = *shared;
  munmap(shared, sizeof *shared);
  return view;
}
