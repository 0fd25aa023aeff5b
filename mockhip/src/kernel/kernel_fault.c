/*
 * kernel_fault.c: what a fault inside a kernel does. A GPU that touches memory
 * its device may not reports it and the launch fails; how the process goes on
 * is the platform's (runtime/launch/launch_end.c). So a signal raised while a thread
 * runs kernel code is noted (what, where, the block and thread) and the thread
 * jumps back to its participant loop, which takes no more blocks:
 *   - SIGSEGV, SIGBUS: a touch the device's view denies (the first touch of a
 *     mapping the device may touch more than the host opens it instead: view.c);
 *   - SIGABRT, SIGILL, SIGTRAP: abort(), __builtin_trap() and other traps;
 *   - SIGFPE: an integer division a GPU does not trap on is played as the GPU
 *     plays it (divide.c) and the kernel goes on; one this cannot play traps;
 *   - the watchdog's signal: the launch ran past MOCKHIP_KERNEL_TIMEOUT.
 * A touch of a page the synchronisation checker guards from the host (os/guard.c)
 * comes first: a kernel's opens the page, a host thread's is judged.
 * A fault on another thread while a device's view is in force may be a host
 * touch the view denies for the moment: it waits until the view is gone and
 * runs the access again. Anything else goes to the handler that was there
 * before (MOCKHIP_EXPLAIN's, a sanitizer's, the program's), or dies as it
 * would have.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kernel.h"

/* The signals handled here, and what was there before each. */
static const int handled[] = {SIGSEGV, SIGBUS, SIGABRT,           SIGILL,
                              SIGTRAP, SIGFPE, MH_WATCHDOG_SIGNAL};
#define HANDLED_COUNT (sizeof handled / sizeof handled[0])
static struct sigaction previous[HANDLED_COUNT];

static size_t slot_of(int sig) {
  size_t i = 0;
  while (i + 1 < HANDLED_COUNT && handled[i] != sig)
    i++;
  return i;
}

void mh__kernel_fail(mh_participant *me, const mh_kernel_fault *fault) {
  mh_launch *l = me->launch;
  if (!atomic_flag_test_and_set(&l->fault_taken))
    l->fault = *fault;
  atomic_store(&l->aborted, true);
  me->running = 0;
  mh__fiber_sanitizer_return(me->escape_fiber); /* a fault in a fiber leaves it for good */
  siglongjmp(me->escape, 1);
}

/* Whether the signal is the kernel's own doing: the CPU's (a fault, a trap), or abort()'s
   raise() on itself; not another process's kill. */
static bool raised_by_kernel(int sig, const siginfo_t *info) {
  if (info == NULL)
    return false;
  if (info->si_code > 0)
    return true;
  return (sig == SIGABRT || sig == SIGTRAP) && info->si_pid == getpid();
}

/* A signal on a thread running kernel code: ends the launch (or, for a division the GPU
   would not trap on, plays it and returns). Returns only where the kernel goes on. */
static void in_kernel(mh_participant *me, int sig, siginfo_t *info, void *context) {
  mh_kernel_fault f = {.block = blockIdx, .thread = threadIdx, .signal = sig};
  switch (sig) {
  case SIGSEGV:
  case SIGBUS:
    f.kind = MH_KFAULT_MEMORY;
    f.addr = (uintptr_t)info->si_addr;
    f.dir = mh__fault_direction(context);
    if (sig == SIGSEGV && mh__view_open(f.addr, f.dir))
      return; /* the first touch of a mapping the device may touch: open now, run again */
    f.bytes = mh__access_bytes(mh__fault_pc(context)); /* for the explanation: "of 4 bytes" */
    break;
  case SIGFPE:
    if (mh__divide_play(context)) {
      mh_launch *l = me->launch;
      if (!atomic_exchange(&l->divided_by_zero, true)) {
        l->divide_at = (uintptr_t)mh__fault_pc(context);
        l->divide_block = blockIdx;
        l->divide_thread = threadIdx;
      }
      return;
    }
    f.kind = MH_KFAULT_TRAP;
    f.addr = (uintptr_t)mh__fault_pc(context);
    break;
  case MH_WATCHDOG_SIGNAL:
    f.kind = MH_KFAULT_HANG; /* the watchdog took the record already */
    break;
  default: /* SIGABRT, SIGILL, SIGTRAP */
    f.kind = MH_KFAULT_TRAP;
    f.addr = (uintptr_t)mh__fault_pc(context);
    break;
  }
  /* Leaving the handler for the launch's sigsetjmp, which keeps no mask: the mask the kernel
     ran under comes back, as the handler's return would bring it (a handler in front of this
     one, such as a sanitizer's, may block signals around it). */
  if (context != NULL)
    pthread_sigmask(SIG_SETMASK, &((ucontext_t *)context)->uc_sigmask, NULL);
  mh__kernel_fail(me, &f);
}

/* A touch of a page guarded from the host while device work uses it (os/guard.c): a kernel's
   or a copy's is the device's, and opens the page for the rest of its run (a guard may come
   while a copy runs, placed by another thread); a host thread's is judged by
   the synchronisation checker. True: handled, run the access again. */
static bool guarded_touch(const mh_participant *me, int sig, const siginfo_t *info, void *context) {
  if (sig != SIGSEGV || info == NULL || info->si_code <= 0)
    return false;
  uintptr_t addr = (uintptr_t)info->si_addr;
  if (!mh__guards_meet(addr, 1))
    return false;
  if ((me != NULL && me->running && me->launch != NULL) || mh__guard_moving) {
    mh__guard_open(addr);
    return true;
  }
  return mh__sync_host_touch(addr, mh__fault_direction(context), mh__fault_pc(context));
}

static void on_fault(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  mh_participant *me = mh__participant();
  if (guarded_touch(me, sig, info, context)) {
    errno = saved_errno;
    return;
  }
  if (me != NULL && me->running && me->launch != NULL) {
    if (sig == MH_WATCHDOG_SIGNAL ? atomic_load(&me->launch->timed_out)
                                  : raised_by_kernel(sig, info)) {
      in_kernel(me, sig, info, context);
      errno = saved_errno;
      return;
    }
  }
  if (sig == MH_WATCHDOG_SIGNAL && info != NULL && info->si_pid == getpid()) {
    errno = saved_errno;
    return; /* the watchdog's, come after the thread left the kernel: nothing to end */
  }
  bool touch = (sig == SIGSEGV || sig == SIGBUS) && info != NULL && info->si_code > 0;
  /* The launch's own threads outside the kernel's code (entering or leaving the view, between
     blocks): waiting would be waiting on themselves. Put the host's view back and run the
     access again; nothing of mockhip's is meant to lie under a view (own.c), so this is a
     last resort, said aloud. */
  if (touch && mh__view_active() &&
      ((me != NULL && me->launch != NULL) || mh__view_entered_here())) {
    mh__view_abandon((uintptr_t)info->si_addr);
    errno = saved_errno;
    return;
  }
  /* A host thread's touch the view denied: wait it out and run the access again. The view may
     have ended between the fault and this look: then the access runs again once more. */
  static __thread uintptr_t retried_addr;
  static __thread unsigned retried_after;
  unsigned ended = mh__view_ended();
  if (touch &&
      (mh__view_active() || (uintptr_t)info->si_addr != retried_addr || ended != retried_after)) {
    struct timespec pause = {0, 20000};
    while (mh__view_active())
      nanosleep(&pause, NULL);
    retried_addr = (uintptr_t)info->si_addr;
    retried_after = mh__view_ended();
    errno = saved_errno;
    return; /* the access runs again under the host's view */
  }
  errno = saved_errno;
  mh__signal_chain(&previous[slot_of(sig)], sig, info, context);
}

static void arm(bool watchdog);

/* Puts the handler in front again when something replaced it since (a test framework that
   sets its own around each test, a program's late sigaction): what replaced it is what it
   chains to. Each launch asks, under the state's write lock: of the system where a handler
   was set since the last launch (os/signal_watch.c), or where that cannot be known. The
   watchdog's signal is taken only while MOCKHIP_KERNEL_TIMEOUT is set. */
void mh__kernel_fault_arm(bool watchdog) {
  static pthread_mutex_t arming = PTHREAD_MUTEX_INITIALIZER; /* launches, and guards' placing */
  pthread_mutex_lock(&arming);
  arm(watchdog);
  pthread_mutex_unlock(&arming);
}

static void arm(bool watchdog) {
  static bool watchdog_armed;
  static bool watching;
  if (!watching) {
    uint64_t signals = 0;
    for (size_t i = 0; i < HANDLED_COUNT; i++)
      signals |= UINT64_C(1) << handled[i];
    mh__os_signal_watch(signals, on_fault);
    watching = true;
  }
  bool set_since = mh__os_signal_watch_changed() || !mh__os_signal_watch_holds();
  if (!set_since && (!watchdog || watchdog_armed))
    return;
  size_t count = HANDLED_COUNT - !watchdog;
  for (size_t i = 0; i < count; i++) {
    struct sigaction now;
    if (sigaction(handled[i], NULL, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
        now.sa_sigaction == on_fault)
      continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(handled[i], &action, &previous[i]);
  }
  watchdog_armed = watchdog;
}

int mh__kernel_fault_init(mh_participant *me) {
  me->thread = pthread_self();
  stack_t current;
  if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE))
    return 0; /* the thread has one already */
  stack_t mine = {.ss_size = MH_SIGNAL_STACK_BYTES};
  /* Its own pages: the page of pageable host memory a pointer argument names, protected for
     the launch, must not hold the top of the stack the fault is handled on. */
  if (mh__os_own_map(MH_SIGNAL_STACK_BYTES, 0, &mine.ss_sp) != 0)
    return ENOMEM;
  if (sigaltstack(&mine, NULL) != 0) {
    int err = errno;
    mh__os_own_unmap(mine.ss_sp, MH_SIGNAL_STACK_BYTES);
    return err;
  }
  me->signal_stack = mine.ss_sp;
  return 0;
}
