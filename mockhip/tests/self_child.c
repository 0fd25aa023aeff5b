/*
 * self_child.c: see self_child.h.
 */
#include "self_child.h"
#include "mock_test.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* In a --coverage build (HIPVMM_COVERAGE): a child that dies of a signal never reaches
   the exit that writes the counters out, so what mockhip did before it died (the
   explanation) would count as never run. libgcov's __gcov_dump writes them first. */
#ifdef SC_COVERAGE
void __gcov_dump(void);
#endif

void sc_coverage_dump(void) {
#ifdef SC_COVERAGE
  __gcov_dump();
#endif
}

#ifdef SC_COVERAGE
static void dump_coverage_then_die(int sig) {
  sc_coverage_dump();
  signal(sig, SIG_DFL); /* returning re-runs the fault, which now kills */
}
#endif

void sc_coverage_on_abort(void) {
#ifdef SC_COVERAGE
  signal(SIGABRT, dump_coverage_then_die); /* abort() raises again once it returns */
#else
  signal(SIGABRT, SIG_DFL);
#endif
}

void sc_failed(const char *file, int line, const char *what) {
  fprintf(stderr, "child: %s:%d: %s failed (last reason: %s)\n", file, line, what,
          mockhip_last_reason());
  _exit(99);
}

void sc_dispatch(int argc, char **argv, const sc_case *cases, int count) {
  if (argc != 3 || strcmp(argv[1], "--child") != 0)
    return;
#ifdef SC_COVERAGE
  signal(SIGSEGV, dump_coverage_then_die);
  signal(SIGBUS, dump_coverage_then_die);
#endif
  sc_coverage_on_abort();
  for (int i = 0; i < count; i++) {
    if (strcmp(cases[i].name, argv[2]) == 0) {
      cases[i].run();
      exit(0);
    }
  }
  fprintf(stderr, "child: no case named %s\n", argv[2]);
  exit(1);
}

int sc_run(const char *name, const char *const *mockhip_env, char **err_text) {
  static char self[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  assert_true(length > 0);
  self[length] = '\0';
  size_t count = 0, extra = 0;
  while (environ[count] != NULL)
    count++;
  while (mockhip_env != NULL && mockhip_env[extra] != NULL)
    extra++;
  const char **env = calloc(count + extra + 1, sizeof *env);
  assert_non_null(env);
  size_t n = 0;
  /* MOCKHIP_ARENA_VIEW stays: how mockhip reaches memory, which a ctest run sets for every
     process of a test, not what a case is about. */
  for (size_t i = 0; i < count; i++)
    if (strncmp(environ[i], "MOCKHIP_", 8) != 0 ||
        strncmp(environ[i], "MOCKHIP_ARENA_VIEW=", 19) == 0)
      env[n++] = environ[i];
  for (size_t i = 0; i < extra; i++)
    env[n++] = mockhip_env[i];
  env[n] = NULL;
  /* The children die of signals on purpose: no core files. The hard limit stays, so that a
     case may ask for a core limit of its own (clr aborts where a core would be written). */
  struct rlimit core;
  if (getrlimit(RLIMIT_CORE, &core) == 0) {
    core.rlim_cur = 0;
    setrlimit(RLIMIT_CORE, &core);
  }
  const char *argv[] = {self, "--child", name, NULL};
  char *out_text = NULL;
  int status = mt_run_program(argv, env, &out_text, err_text);
  free(out_text);
  free(env);
  return status;
}

bool sc_died_of_fault(int status) {
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV)
    return true;
  if (SC_SANITIZER_HANDLES_SEGV && WIFEXITED(status) && WEXITSTATUS(status) != 0 &&
      WEXITSTATUS(status) != 99)
    return true;
  if (WIFSIGNALED(status))
    print_error("child killed by signal %d, expected SIGSEGV\n", WTERMSIG(status));
  else
    print_error("child exited with %d, expected death by SIGSEGV%s\n", WEXITSTATUS(status),
                SC_SANITIZER_HANDLES_SEGV ? " or a sanitizer's report" : "");
  return false;
}

char *sc_run_ending(const char *name, const char *const *mockhip_env, bool (*ended)(int status)) {
  char *err = NULL;
  int status = sc_run(name, mockhip_env, &err);
  if (!ended(status)) {
    print_error("stderr of %s:\n%s", name, err);
    free(err);
    fail();
  }
  return err;
}

size_t sc_granule(void) {
  size_t bytes = 0;
  hipMemAllocationProp prop = mt_prop_device(0);
  SC_CHECK(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum) ==
           hipSuccess);
  return bytes;
}

char *sc_mapped(size_t reserved, size_t bytes, hipMemGenericAllocationHandle_t *handle) {
  hipMemAllocationProp prop = mt_prop_device(0);
  void *base = NULL;
  SC_CHECK(hipMemAddressReserve(&base, reserved, 0, NULL, 0) == hipSuccess);
  SC_CHECK(hipMemCreate(handle, bytes, &prop, 0) == hipSuccess);
  SC_CHECK(hipMemMap(base, bytes, 0, *handle, 0) == hipSuccess);
  return base;
}

void *sc_mapped_granule(size_t *bytes, hipMemGenericAllocationHandle_t *handle) {
  *bytes = sc_granule();
  return sc_mapped(*bytes, *bytes, handle);
}
