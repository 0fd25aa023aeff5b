/*
 * signal_watch.c: the calls that set a signal's handler, passed on to the
 * C library's, noting when one sets a signal a kernel may raise. mockhip's
 * handler must be in front of each such signal when a kernel runs
 * (kernel/kernel_fault.c), and anything may have replaced it since the last launch:
 * a test framework around each test, a crash handler, a child's coverage dump.
 * Asking the system after all seven each launch costs seven system calls, the
 * bulk of an empty launch; with this note a launch asks only when a handler
 * was set since.
 *
 * The note only holds where the program's calls reach these definitions: a
 * sanitizer's interceptors, mockhip linked statically into a program that
 * does not export them, or a library loaded before mockhip come first. So
 * mh__os_signal_watch_holds asks the loader whether they are the ones a program
 * reaches, and where they are not the launch asks the system every time, as
 * before. A handler set by a raw system call is not seen: a limit.
 */
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>

#include "os.h"

/* Exported under the C library's names, so the program's calls come here first. */
#define WATCH_EXPORT __attribute__((visibility("default")))

typedef int (*sigaction_fn)(int sig, const struct sigaction *act, struct sigaction *old);
typedef sighandler_t (*signal_fn)(int sig, sighandler_t handler);

static _Atomic(sigaction_fn) next_sigaction;
static _Atomic(signal_fn) next_signal, next_bsd_signal, next_sysv_signal, next_sigset;
static atomic_bool changed = true;            /* nothing is known before the first ask */
static _Atomic uint64_t watched = UINT64_MAX; /* bit n: signal n */
static _Atomic(mh_os_signal_handler) ours;

/* The C library's definition past this one. Looked up by the constructor, before any
   signal handler could call in (dlsym is not async-signal-safe), or at the first call where
   another library's constructor calls first. */
static void *next(void *_Atomic *slot, const char *name) {
  void *fn = atomic_load_explicit(slot, memory_order_acquire);
  if (fn == NULL) {
    fn = dlsym(RTLD_NEXT, name);
    atomic_store_explicit(slot, fn, memory_order_release);
  }
  return fn;
}

#define NEXT(slot, type, name) ((type)(uintptr_t)next((void *_Atomic *)&(slot), (name)))

__attribute__((constructor)) static void find_next(void) {
  (void)NEXT(next_sigaction, sigaction_fn, "sigaction");
  (void)NEXT(next_signal, signal_fn, "signal");
  (void)NEXT(next_bsd_signal, signal_fn, "bsd_signal");
  (void)NEXT(next_sysv_signal, signal_fn, "sysv_signal");
  (void)NEXT(next_sigset, signal_fn, "sigset");
}

static void note(int sig, mh_os_signal_handler handler) {
  uint64_t bits = atomic_load_explicit(&watched, memory_order_acquire);
  if (sig > 0 && sig < 64 && ((bits >> sig) & 1) &&
      (handler == NULL || handler != atomic_load_explicit(&ours, memory_order_acquire)))
    atomic_store_explicit(&changed, true, memory_order_release);
}

void mh__os_signal_watch(uint64_t signals, mh_os_signal_handler handler) {
  atomic_store_explicit(&ours, handler, memory_order_release);
  atomic_store_explicit(&watched, signals, memory_order_release);
}

WATCH_EXPORT int sigaction(int sig, const struct sigaction *act, struct sigaction *old) {
  sigaction_fn fn = NEXT(next_sigaction, sigaction_fn, "sigaction");
  if (fn == NULL)
    return -1;
  int rc = fn(sig, act, old);
  if (rc == 0 && act != NULL)
    note(sig, (act->sa_flags & SA_SIGINFO) ? act->sa_sigaction : NULL);
  return rc;
}

/* signal() and its kin: the C library's go to the kernel without its own sigaction. */
static sighandler_t set_handler(signal_fn fn, int sig, sighandler_t handler) {
  if (fn == NULL)
    return SIG_ERR;
  sighandler_t old = fn(sig, handler);
  if (old != SIG_ERR)
    note(sig, NULL);
  return old;
}

WATCH_EXPORT sighandler_t signal(int sig, sighandler_t handler) {
  return set_handler(NEXT(next_signal, signal_fn, "signal"), sig, handler);
}

WATCH_EXPORT sighandler_t bsd_signal(int sig, sighandler_t handler) {
  return set_handler(NEXT(next_bsd_signal, signal_fn, "bsd_signal"), sig, handler);
}

WATCH_EXPORT sighandler_t sysv_signal(int sig, sighandler_t handler) {
  return set_handler(NEXT(next_sysv_signal, signal_fn, "sysv_signal"), sig, handler);
}

WATCH_EXPORT sighandler_t sigset(int sig, sighandler_t handler) {
  return set_handler(NEXT(next_sigset, signal_fn, "sigset"), sig, handler);
}

/* Whether the loader gives a program `name` from the object this file is in. */
static bool reached(const char *name) {
  Dl_info mine, found;
  void *fn = dlsym(RTLD_DEFAULT, name);
  return fn != NULL && dladdr((void *)(uintptr_t)reached, &mine) != 0 && dladdr(fn, &found) != 0 &&
         found.dli_fbase == mine.dli_fbase;
}

bool mh__os_signal_watch_holds(void) {
  static atomic_int holds = -1; /* the loader's answer does not change: asked once */
  int answer = atomic_load_explicit(&holds, memory_order_relaxed);
  if (answer < 0) {
    answer = reached("sigaction") && reached("signal") && reached("sigset");
    atomic_store_explicit(&holds, answer, memory_order_relaxed);
  }
  return answer;
}

bool mh__os_signal_watch_changed(void) {
  return atomic_exchange_explicit(&changed, false, memory_order_acq_rel);
}
