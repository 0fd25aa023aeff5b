/*
 * explain.c: mockhip's signal handler. A fault (SIGSEGV, SIGBUS) on mock
 * memory is explained (explain_fault.c) with MOCKHIP_EXPLAIN, or named in one
 * line that points to it without, and ends the MOCKHIP_TRACE_HTML page; then
 * the process dies exactly as
 * it would have: the handler that was there before (a sanitizer's, the
 * program's) is called with the same arguments, or, without one, the default
 * action is put back and the handler returns, so the faulting instruction runs
 * again and the process dies by the signal, core dump and exit status as before.
 * What the context says of the fault is read here too: the direction and the
 * instruction (access_bytes.c reads its size).
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <ucontext.h>

#include "explain.h"

static mh_state *explained;
static struct sigaction previous[2];           /* SIGSEGV, SIGBUS */
static atomic_flag writing = ATOMIC_FLAG_INIT; /* one explanation at a time */
static _Thread_local bool inside;

/* Read or write, where the fault context says (x86-64). */
mh_direction mh__fault_direction(const void *context) {
#if defined(__x86_64__) && defined(REG_ERR)
  const ucontext_t *uc = context;
  /* Bit 1 of the page fault's error code: the access was a write. */
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) ? MH_DIR_WRITE : MH_DIR_READ;
#else
  (void)context;
  return MH_DIR_UNKNOWN;
#endif
}

const void *mh__fault_pc(const void *context) {
#if defined(__x86_64__) && defined(REG_RIP)
  const ucontext_t *uc = context;
  return (const void *)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
  const ucontext_t *uc = context;
  return (const void *)uc->uc_mcontext.pc;
#else
  (void)context;
  return NULL;
#endif
}

/* Calls the handler that was there before; without one, dies by the default action. */
void mh__signal_chain(const struct sigaction *prev, int sig, siginfo_t *info, void *context) {
  if (prev->sa_flags & SA_SIGINFO) {
    if (prev->sa_sigaction != NULL) {
      prev->sa_sigaction(sig, info, context);
      return;
    }
  } else if (prev->sa_handler != SIG_DFL && prev->sa_handler != SIG_IGN) {
    prev->sa_handler(sig);
    return;
  }
  /* Returning re-runs the faulting instruction, which now kills as it always would. */
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, NULL);
}

static void on_fault(int sig, siginfo_t *info, void *context) {
  int saved_errno = errno;
  if (inside) { /* a fault while explaining: die of it, do not explain again */
    signal(sig, SIG_DFL);
    return;
  }
  inside = true;
  bool from_kernel = info != NULL && info->si_code > 0; /* not a kill() or raise() */
  if (from_kernel && !atomic_flag_test_and_set(&writing)) {
    mh__explain_fault(explained, sig, (uintptr_t)info->si_addr, mh__fault_direction(context),
                      mh__fault_pc(context));
    atomic_flag_clear(&writing);
  }
  inside = false;
  errno = saved_errno;
  mh__signal_chain(&previous[sig == SIGBUS], sig, info, context);
}

/* Installed whatever MOCKHIP_EXPLAIN says: without it a fault on mock memory still gets one
   line naming the option, and the MOCKHIP_TRACE_HTML page its last step. */
void mh__explain_init(mh_state *s) {
  explained = s;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previous[0]);
  sigaction(SIGBUS, &action, &previous[1]);
}
