/*
 * fiber.h: fibers, the threads of one kernel block on one OS thread. A switch
 * saves the callee-saved registers and the stack pointer and loads another's:
 * on x86-64 a few instructions (a __syncthreads must cost well under 100 ns a
 * thread); elsewhere, and under the sanitizers, swapcontext, which they know.
 */
#ifndef MH_FIBER_H
#define MH_FIBER_H

#include <stdbool.h>
#include <stddef.h>
#include <ucontext.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MH_FIBER_UCONTEXT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MH_FIBER_UCONTEXT 1
#endif
#endif
#if !defined(MH_FIBER_UCONTEXT) && !defined(__x86_64__)
#define MH_FIBER_UCONTEXT 1
#endif

typedef struct mh_fiber {
#ifdef MH_FIBER_UCONTEXT
  ucontext_t context;
#else
  void *sp; /* the saved stack pointer, while not running */
#endif
  void *tsan; /* ThreadSanitizer's fiber, where it runs */
} mh_fiber;

/* The stacks of one OS thread's fibers: count stacks of `bytes` each, with a
   guard page below each, reserved at once and touched only as used. */
typedef struct mh_fiber_stacks {
  char *base;
  size_t count, bytes;
} mh_fiber_stacks;

/* Makes room for count stacks; 0, or an errno. */
int mh__fiber_stacks_reserve(mh_fiber_stacks *stacks, size_t count, size_t bytes);
void mh__fiber_stacks_free(mh_fiber_stacks *stacks);

/* The calling OS thread's own context as a fiber, to switch away from and back to. */
void mh__fiber_init_self(mh_fiber *self);

/* Prepares fiber to run entry(arg) on stack number `index` when first switched to.
   entry must never return: it ends by switching away for good. */
void mh__fiber_prepare(mh_fiber *fiber, mh_fiber_stacks *stacks, size_t index,
                       void (*entry)(void *), void *arg);

/* Saves the running fiber into from and runs to. */
void mh__fiber_switch(mh_fiber *from, mh_fiber *to);

/* Lets a sanitizer forget a fiber that will not run again. */
void mh__fiber_forget(mh_fiber *fiber);

/* ThreadSanitizer's fiber the calling code runs on (NULL elsewhere), and a return to one
   without a switch of stacks: for a siglongjmp out of a fiber to a sigsetjmp made on another,
   which ThreadSanitizer finds only in the fiber that made it. */
void *mh__fiber_sanitizer_current(void);
void mh__fiber_sanitizer_return(void *fiber);

#endif /* MH_FIBER_H */
