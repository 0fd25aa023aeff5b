/*
 * mock_test.c: helpers shared by the mockhip test files.
 */
#include "mock_test.h"
#include "open_fds.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

bool mt_returned(hipError_t expected, hipError_t err, const char *call) {
  if (err == expected)
    return true;
  print_error("%s returned %s, expected %s (%s)\n", call, hipGetErrorName(err),
              hipGetErrorName(expected), mockhip_last_reason());
  return false;
}

void mt_assert_reason_contains(const char *text) {
  if (strstr(mockhip_last_reason(), text) == NULL)
    fail_msg("reason \"%s\" does not contain \"%s\"", mockhip_last_reason(), text);
}

hipError_t mt_copy_refusal(void) {
  static const char *const unchecked[] = {"6.0", "6.1", "6.2"};
  if (strcmp(mockhip_platform(), "nvidia") == 0)
    return hipErrorInvalidValue;
  for (size_t i = 0; i < sizeof unchecked / sizeof unchecked[0]; i++)
    if (strcmp(mockhip_rocm_version(), unchecked[i]) == 0)
      return hipErrorInvalidValue;
  return hipErrorUnknown;
}

hipMemAllocationProp mt_prop_device(int device) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.requestedHandleType = hipMemHandleTypeNone;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = device;
  return prop;
}

hipError_t mt_through_sync(hipError_t err, hipStream_t stream) {
  return err != hipSuccess ? err : hipStreamSynchronize(stream);
}

hipMemAllocationProp mt_prop_host(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.location.type = hipMemLocationTypeHost;
  return prop;
}

size_t mt_granularity(void) {
  hipMemAllocationProp prop = mt_prop_device(0);
  size_t granularity = 0;
  MT_CHECK(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
  return granularity;
}

mockhip_stats_t mt_stats(void) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  MT_CHECK(mockhip_stats(&stats));
  return stats;
}

void mt_assert_clean(void) {
  if (mockhip_live_objects() != 0)
    mockhip_dump(stderr); /* say what leaked */
  assert_int_equal(mockhip_live_objects(), 0);
}

int mt_setup_clean(void **state) {
  (void)state;
  mt_assert_clean();
  return 0;
}

int mt_teardown_clean(void **state) {
  (void)state;
  mt_assert_clean();
  return 0;
}

void mt_mapping_create(mt_mapping *m, size_t bytes, size_t reserved) {
  hipMemAllocationProp prop = mt_prop_device(0);
  memset(m, 0, sizeof *m);
  m->bytes = bytes;
  m->reserved = reserved;
  MT_CHECK(hipMemAddressReserve(&m->base, reserved, 0, NULL, 0));
  MT_CHECK(hipMemCreate(&m->handle, bytes, &prop, 0));
  MT_CHECK(hipMemMap(m->base, bytes, 0, m->handle, 0));
  m->mapped = true;
}

void mt_mapping_destroy(mt_mapping *m) {
  if (m->mapped)
    MT_CHECK(hipMemUnmap(m->base, m->bytes));
  MT_CHECK(hipMemRelease(m->handle));
  MT_CHECK(hipMemAddressFree(m->base, m->reserved));
  memset(m, 0, sizeof *m);
}

void mt_set_access(const mt_mapping *m, hipMemLocationType type, int id, hipMemAccessFlags flags) {
  hipMemAccessDesc desc = {{type, id}, flags};
  MT_CHECK(hipMemSetAccess(m->base, m->bytes, &desc, 1));
}

void mt_grant(void *addr, size_t bytes, hipMemAccessFlags flags) {
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, flags},
                              {{hipMemLocationTypeHost, 0}, flags}};
  MT_CHECK(hipMemSetAccess(addr, bytes, desc, 2));
}

char *mt_dump_text(void) {
  FILE *file = tmpfile();
  assert_non_null(file);
  mockhip_dump(file);
  char *text = mt_read_stream(file);
  fclose(file);
  return text;
}

mt_snapshot mt_snapshot_take(const void *data, size_t bytes) {
  mt_snapshot s = {.stats = mt_stats(), .dump = mt_dump_text(), .data_bytes = bytes};
  memset(s.stats.calls, 0, sizeof s.stats.calls);
  MT_CHECK(hipGetDevice(&s.device));
  s.data = malloc(bytes + 1);
  assert_non_null(s.data);
  if (bytes != 0)
    memcpy(s.data, data, bytes);
  return s;
}

void mt_snapshot_free(mt_snapshot *s) {
  free(s->dump);
  free(s->data);
  s->dump = NULL;
  s->data = NULL;
}

void mt_snapshot_assert_same(const char *what, mt_snapshot *before, mt_snapshot *after) {
  const mockhip_stats_t *a = &before->stats, *b = &after->stats;
#define SAME_FIELD(field)                                                                          \
  do {                                                                                             \
    if (a->field != b->field)                                                                      \
      print_error("%s: " #field " went from %zu to %zu\n", what, a->field, b->field);              \
    assert_int_equal(a->field, b->field);                                                          \
  } while (0)
  SAME_FIELD(reserved_bytes);
  SAME_FIELD(mapped_bytes);
  SAME_FIELD(physical_bytes);
  SAME_FIELD(malloc_bytes);
  SAME_FIELD(live_reservations);
  SAME_FIELD(live_mappings);
  SAME_FIELD(live_handles);
  SAME_FIELD(live_mallocs);
  SAME_FIELD(live_streams);
#undef SAME_FIELD
  if (strcmp(before->dump, after->dump) != 0)
    print_error("%s: the dump changed from\n%s\nto\n%s", what, before->dump, after->dump);
  assert_string_equal(before->dump, after->dump);
  if (before->device != after->device)
    print_error("%s: the current device went from %d to %d\n", what, before->device, after->device);
  assert_int_equal(before->device, after->device);
  assert_int_equal(before->data_bytes, after->data_bytes);
  if (memcmp(before->data, after->data, before->data_bytes) != 0)
    print_error("%s: the data changed\n", what);
  assert_memory_equal(before->data, after->data, before->data_bytes);
  mt_snapshot_free(before);
  mt_snapshot_free(after);
}

void mt_assert_not_mock_memory(const void *addr) {
  char *dump = mt_dump_text();
  uintptr_t at = (uintptr_t)addr;
  for (const char *line = dump; *line != '\0';) {
    unsigned long start, end;
    char kind[16];
    if (sscanf(line, " %15s %lx-%lx", kind, &start, &end) == 3 &&
        (strcmp(kind, "reservation") == 0 || strcmp(kind, "hipMalloc") == 0) && at >= start &&
        at < end) {
      print_error("%p is inside the %s %#lx-%#lx:\n%s", addr, kind, start, end, dump);
      fail();
    }
    const char *next = strchr(line, '\n');
    line = next ? next + 1 : line + strlen(line);
  }
  free(dump);
}

#ifdef MT_COVERAGE
void __gcov_dump(void);
#endif

pid_t mt_fork(void) {
  pid_t (*volatile plain_fork)(void) = fork; /* a call through a pointer stays fork */
  return plain_fork();
}

void mt_child_exit(int code) {
#ifdef MT_COVERAGE
  __gcov_dump();
#endif
  _exit(code);
}

int mt_run_in_child(void (*fn)(void *arg), void *arg) {
  fflush(NULL); /* the child must not print the parent's buffered output twice */
  pid_t pid = mt_fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    /* CMocka (and sanitizers) catch SIGSEGV; the parent must see the real death. */
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    alarm(MT_CHILD_SECONDS); /* a deadlocked child dies of SIGALRM instead of hanging */
    fn(arg);
    mt_child_exit(0);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  return status;
}

static void print_status(int status, const char *expected) {
  if (WIFSIGNALED(status))
    print_error("child killed by signal %d (%s), expected %s\n", WTERMSIG(status),
                strsignal(WTERMSIG(status)), expected);
  else
    print_error("child exited with %d, expected %s\n", WEXITSTATUS(status), expected);
}

bool mt_killed_by(int status, int sig) {
  if (WIFSIGNALED(status) && WTERMSIG(status) == sig)
    return true;
  print_status(status, strsignal(sig));
  return false;
}

bool mt_exited_ok(int status) {
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return true;
  print_status(status, "exit 0");
  return false;
}

char *mt_read_stream(FILE *stream) {
  size_t cap = 4096, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  rewind(stream);
  size_t got;
  while ((got = fread(text + len, 1, cap - len - 1, stream)) > 0) {
    len += got;
    if (cap - len - 1 == 0) {
      cap *= 2;
      text = realloc(text, cap);
      assert_non_null(text);
    }
  }
  text[len] = '\0';
  return text;
}

int mt_run_program(const char *const *argv, const char *const *env, char **out_text,
                   char **err_text) {
  FILE *out = tmpfile(), *err = tmpfile();
  assert_non_null(out);
  assert_non_null(err);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fileno(out), STDOUT_FILENO);
    dup2(fileno(err), STDERR_FILENO);
    alarm(MT_CHILD_SECONDS); /* survives execve: a hung program dies */
    execve(argv[0], (char *const *)argv, (char *const *)env);
    _exit(127);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  *out_text = mt_read_stream(out);
  *err_text = mt_read_stream(err);
  fclose(out);
  fclose(err);
  return status;
}

bool mt_matches(const char *pattern, const char *text) {
  if (*pattern == '\0')
    return *text == '\0' || *text == '\n';
  if (*pattern == '*') {
    for (const char *t = text;; t++) {
      if (mt_matches(pattern + 1, t))
        return true;
      if (*t == '\0' || *t == '\n')
        return false;
    }
  }
  if (*text == '\0' || *text == '\n' || *text != *pattern)
    return false;
  return mt_matches(pattern + 1, text + 1);
}

int mt_count_lines_starting(const char *text, const char *prefix) {
  int count = 0;
  for (const char *line = text; *line != '\0';) {
    if (strncmp(line, prefix, strlen(prefix)) == 0)
      count++;
    const char *end = strchr(line, '\n');
    line = end ? end + 1 : line + strlen(line);
  }
  return count;
}

size_t mt_resident_bytes(void) {
  FILE *statm = fopen("/proc/self/statm", "r");
  assert_non_null(statm);
  unsigned long size_pages = 0, resident_pages = 0;
  assert_int_equal(fscanf(statm, "%lu %lu", &size_pages, &resident_pages), 2);
  fclose(statm);
  return (size_t)resident_pages * (size_t)sysconf(_SC_PAGESIZE);
}

size_t mt_open_fds(void) { return open_fds_count(); }

void mt_assert_open_fds(size_t expected, const char *what, const char *file, int line) {
  open_fds_assert(expected, what, file, line);
}

unsigned long long mt_id_number(const void *id) {
  /* the id: a 16-bit tag, the serial, then 4 bits of kind */
  return (unsigned long long)(((uintptr_t)id & 0xffffffffffffULL) >> 4);
}
