/*
 * kernel_fault.c: what a fault inside a kernel does. A GPU that touches memory
 * its device may not reports it and the launch fails, the process lives on;
 * so a SIGSEGV or SIGBUS raised while a thread runs kernel code is noted (the
 * address, the block and thread) and the thread jumps back to its participant
 * loop, which takes no more blocks. A fault on another thread while a device's
 * view is in force may be a host touch the view denies for the moment: it waits
 * until the view is gone and runs the access again. Anything else goes to the
 * handler that was there before (MOCKHIP_EXPLAIN's, a sanitizer's, the
 * program's), or dies as it would have.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kernel.h"

static struct sigaction previous[2]; /* SIGSEGV, SIGBUS */

void mh__kernel_fail(mh_participant *me, const mh_kernel_fault *fault) {
  mh_launch *l = me->launch;
  if (!atomic_flag_test_and_set(&l->fault_taken))
    l->fault = *fault;
  atomic_store(&l->aborted, true);
  me->running = 0;
  mh__fiber_sanitizer_return(me->escape_fiber); /* a fault in a fiber leaves it for good */
  siglongjmp(me->escape, 1);
}

static void on_fault(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  mh_participant *me = mh__participant();
  bool from_kernel = info != NULL && info->si_code > 0; /* not a kill() or raise() */
  if (from_kernel && me != NULL && me->running && me->launch != NULL) {
    mh_kernel_fault f = {.kind = MH_KFAULT_MEMORY,
                         .addr = (uintptr_t)info->si_addr,
                         .dir = mh__fault_direction(context),
                         .block = blockIdx,
                         .thread = threadIdx};
    mh__kernel_fail(me, &f);
  }
  /* The launch's own threads outside the kernel's code (entering or leaving the view, between
     blocks): waiting would be waiting on themselves. Put the host's view back and run the
     access again; nothing of mockhip's is meant to lie under a view (own.c), so this is a
     last resort, said aloud. */
  if (from_kernel && mh__view_active() &&
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
  if (from_kernel &&
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
  mh__signal_chain(&previous[sig == SIGBUS], sig, info, context);
}

/* Puts the handler in front again when something replaced it since (a test framework that
   sets its own around each test, a program's late sigaction): what replaced it is what it
   chains to. Each launch asks, under the state's write lock. */
void mh__kernel_fault_arm(void) {
  static const int signals[2] = {SIGSEGV, SIGBUS};
  for (int i = 0; i < 2; i++) {
    struct sigaction now;
    if (sigaction(signals[i], NULL, &now) == 0 && (now.sa_flags & SA_SIGINFO) &&
        now.sa_sigaction == on_fault)
      continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(signals[i], &action, &previous[i]);
  }
}

int mh__kernel_fault_init(mh_participant *me) {
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
