/*
 * self_child.h: runs a case of the calling test program in a fresh process,
 * for what only start-up decides (MOCKHIP_EXPLAIN, MOCKHIP_HOST_ACCESS, the
 * SIGSEGV handlers in place before mockhip's): the program runs itself again
 * as `<program> --child <case>` under the given MOCKHIP_* variables.
 */
#ifndef SELF_CHILD_H
#define SELF_CHILD_H

#include <stdbool.h>
#include <stddef.h>

#include <hip/hip_runtime_api.h>

/* A case: sets up, touches, and returns only if the touch did not kill it. */
typedef struct sc_case {
  const char *name;
  void (*run)(void);
} sc_case;

/*
 * Runs `<this program> --child name` with this process's environment minus
 * every MOCKHIP_* variable but MOCKHIP_ARENA_VIEW, plus `mockhip_env` (NULL-terminated "NAME=value"
 * strings). Returns the wait status; *err_text gets its stderr (malloc'd).
 */
int sc_run(const char *name, const char *const *mockhip_env, char **err_text);

/* sc_run, then the case must have ended as `ended` says (mt_exited_ok, sc_died_of_fault): when
   not, its stderr is printed and the test fails. Returns the stderr (malloc'd). */
char *sc_run_ending(const char *name, const char *const *mockhip_env, bool (*ended)(int status));

/* The minimum granularity of device 0 memory, checked: for a child's setup. */
size_t sc_granule(void);

/* Reserves `reserved` bytes and maps a new handle of `bytes` on device 0 at their start, with
   no access granted yet; *handle is the handle. Each call is checked (SC_CHECK). */
char *sc_mapped(size_t reserved, size_t bytes, hipMemGenericAllocationHandle_t *handle);

/* In a case: one granule of device 0's memory reserved, created and mapped at the address it
   returns, with no access granted yet; *bytes and *handle say what was made. */
void *sc_mapped_granule(size_t *bytes, hipMemGenericAllocationHandle_t *handle);

/* In main: when argv is `--child <name>`, runs that case of `cases` (count of them) and
   exits 0 (1 for an unknown name); otherwise returns. */
void sc_dispatch(int argc, char **argv, const sc_case *cases, int count);

/* In a case: fails the child (exit 99) with the line and mockhip's last reason. */
#define SC_CHECK(cond)                                                                             \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      sc_failed(__FILE__, __LINE__, #cond);                                                        \
  } while (0)
void sc_failed(const char *file, int line, const char *what);

/* In a --coverage build, writes the counters out now: for a handler about to die of a
   signal, which never reaches the exit that writes them. Elsewhere nothing. */
void sc_coverage_dump(void);

/* A process about to die of SIGABRT on purpose (the played ROCm's abort) writes its coverage
   counters first in a --coverage build; elsewhere SIGABRT's default action. */
void sc_coverage_on_abort(void);

/* Whether the build runs under ASan or TSan, whose SIGSEGV handler reports and
   exits where a plain build dies by the signal. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SC_SANITIZER_HANDLES_SEGV 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SC_SANITIZER_HANDLES_SEGV 1
#endif
#endif
#ifndef SC_SANITIZER_HANDLES_SEGV
#define SC_SANITIZER_HANDLES_SEGV 0
#endif

/* Whether the build runs under ThreadSanitizer, which delivers a signal sent to a thread only
   when that thread next calls into its runtime: a kernel that spins never does, so
   MOCKHIP_KERNEL_TIMEOUT's signal cannot reach it there. */
#if defined(__SANITIZE_THREAD__)
#define SC_UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SC_UNDER_TSAN 1
#endif
#endif
#ifndef SC_UNDER_TSAN
#define SC_UNDER_TSAN 0
#endif

/* Whether status is the death a fault on a PROT_NONE page brings: killed by
   SIGSEGV, or under a sanitizer its report's non-zero exit. Says what happened if not. */
bool sc_died_of_fault(int status);

#endif /* SELF_CHILD_H */
