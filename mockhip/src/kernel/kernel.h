/*
 * kernel.h: kernels on the CPU. A launch (runtime/launch/launch.c) is checked, then runs
 * before the call returns, as all stream work here does, so stream and event
 * order hold by construction. Its blocks go to the calling thread and a pool
 * of workers (workers.c, run.c); a block's threads run as a plain loop until
 * the first __syncthreads turns them into fibers (block.c). While a kernel
 * runs, the pages of every memory object are protected as its device may touch
 * them (view.c), and a fault inside it is caught (kernel_fault.c), ends the
 * launch and makes the device's error sticky (diag/explain_kernel.c says why).
 */
#ifndef MH_KERNEL_H
#define MH_KERNEL_H

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>

#include "diag/explain.h"
#include "os/fiber.h"

struct mh_participant;

#define MH_PARTICIPANTS_MAX 256 /* MOCKHIP_KERNEL_WORKERS' bound, the launcher included */

/* One launch, shared by the threads that run its blocks. */
typedef struct mh_launch {
  const char *name;
  const mockhip_launch_desc *desc; /* the C++ templates' form; NULL for a C kernel */
  mockhip_kernel_fn c_kernel;
  void *c_args;
  dim3 grid, block;
  size_t shared_bytes;
  int device, warp_size;
  uint64_t blocks;             /* grid.x * grid.y * grid.z */
  unsigned threads;            /* per block */
  unsigned participants;       /* threads running its blocks, the launcher included */
  _Atomic uint64_t next_block; /* the next block to take */
  atomic_bool aborted;         /* a fault: take no more blocks */
  atomic_flag fault_taken;     /* the first fault is the one reported */
  mh_kernel_fault fault;
  /* The threads running it, for the watchdog (watchdog.c). */
  _Atomic unsigned members;
  struct mh_participant *_Atomic member[MH_PARTICIPANTS_MAX];
  unsigned timeout_seconds; /* MOCKHIP_KERNEL_TIMEOUT; 0: not watched */
  atomic_bool timed_out;    /* the watchdog ended it */
  /* The first integer division a GPU would not trap on (divide.c), for strict mode. */
  atomic_bool divided_by_zero;
  uintptr_t divide_at;
  dim3 divide_block, divide_thread;
} mh_launch;

/* A thread that runs blocks (the launching thread or a worker): its own stacks,
   fibers and shared memory, made on first use and kept. */
typedef struct mh_participant {
  mh_launch *launch;
  sigjmp_buf escape;   /* where a fault in the kernel lands */
  void *escape_fiber;  /* the sanitizer's fiber that set escape */
  _Atomic int running; /* inside the kernel's code: a fault is the kernel's (atomic: signal handlers
                          and the watchdog read it) */
  void *shared;        /* dynamic shared memory */
  size_t shared_capacity;
  /* block.c's */
  mh_fiber_stacks stacks;
  mh_fiber *fibers;
  unsigned char *status;
  size_t fibers_count;
  unsigned current, live, arrived;
  unsigned round; /* barriers the block has passed: a fiber waits at one of them */
  void *signal_stack;
  pthread_t thread;       /* for the watchdog's signal */
  _Atomic uint64_t block; /* the block it runs now (linear), for the watchdog */
} mh_participant;

/* The calling thread's participant, or NULL when it never ran a block. */
MH_HIDDEN mh_participant *mh__participant(void);

/* Runs every block of launch on this thread and the workers; returns when all are done
   (or a fault ended it). Call with the state's write lock held. */
MH_HIDDEN void mh__launch_run(mh_launch *launch);

/* Runs blocks of launch until none is left: the loop of each participant (run.c). */
MH_HIDDEN void mh__launch_participate(mh_launch *launch);

/* Runs one block, its coordinates already in mockhip_kernel_thread (block.c). */
MH_HIDDEN void mh__block_run(mh_participant *me, mh_launch *launch);

/* Frees the participant's fibers and their stacks (block.c). */
MH_HIDDEN void mh__block_fibers_free(mh_participant *me);

/* The workers: started on first need, count - 1 of them beside the launching thread. Runs
   launch on all of them and the caller (workers.c). */
MH_HIDDEN void mh__workers_run(mh_launch *launch);
MH_HIDDEN unsigned mh__workers_count(void);

/* Ends the running kernel thread's launch with fault, from a signal handler or the barrier:
   does not return (kernel_fault.c). */
MH_HIDDEN _Noreturn void mh__kernel_fail(mh_participant *me, const mh_kernel_fault *fault);

/* A kernel thread's signal stack: one that overflows its fiber's stack faults on a guard page,
   with no stack left to handle it on. */
#define MH_SIGNAL_STACK_BYTES (64 * 1024)

/* Gives this thread a signal stack if it has none. 0 or an errno. */
MH_HIDDEN int mh__kernel_fault_init(mh_participant *me);

/* Makes sure the kernel fault handler is the one SIGSEGV and SIGBUS reach, and the signals a
   kernel thread may raise besides (SIGABRT, SIGILL, SIGTRAP, SIGFPE; SIGXCPU, the watchdog's,
   while MOCKHIP_KERNEL_TIMEOUT is set). */
MH_HIDDEN void mh__kernel_fault_arm(bool watchdog);

/* The signal the watchdog sends a thread still running a kernel past the timeout. */
#define MH_WATCHDOG_SIGNAL SIGXCPU

/* ---- integer division the GPU way (divide.c) ---- */

/* From a SIGFPE handler on a kernel thread: plays the integer division at the faulting
   instruction as a GPU does, which does not trap (a division by zero gives all ones and
   leaves the dividend as the remainder; INT_MIN / -1 gives INT_MIN), and steps over it.
   false where it is no DIV or IDIV this knows (the fault is then a trap). */
MH_HIDDEN bool mh__divide_play(void *context);

/* ---- MOCKHIP_KERNEL_TIMEOUT (watchdog.c) ---- */

/* Watches launch for `seconds` (0: nothing): past them, its fault record says which blocks
   were still running and each thread still in the kernel is sent MH_WATCHDOG_SIGNAL.
   Stop before the launch's memory goes. */
MH_HIDDEN void mh__watchdog_start(mh_launch *launch, unsigned seconds);
MH_HIDDEN void mh__watchdog_stop(mh_launch *launch);

/* ---- device views (view.c) ---- */

typedef struct mh_view_range {
  uintptr_t base;
  size_t bytes;
  mh_os_prot during, after; /* the device's protection, and the host's to restore */
  bool pageable;            /* a page of pageable host memory a pointer argument names */
} mh_view_range;

/* A mapping its device may touch more than the host may: opened (protected as the device
   may touch it) on the kernel's first touch, a fault, so a launch pays for the mappings its
   kernel touches rather than for every live one. */
typedef struct mh_view_grant {
  uintptr_t base;
  size_t bytes;
  mh_os_prot during, after;
  _Atomic unsigned claimed, opened; /* the launch that claimed it, and once it is open */
} mh_view_grant;

/* What the memory objects ask of one device's view: kept from launch to launch while no
   mapping, block, access or peer changes (view_objects.c). Own pages (os/own.c): the view's
   fault handling and put_back read them while a pointer argument's page is protected. */
typedef struct mh_view_objects {
  bool known;
  uint64_t mappings_changes, regions_changes, access_changes, peers; /* what it was built from */
  mh_view_range *ranges; /* protected on entry: what the device may touch less than the host */
  size_t count, capacity;
  mh_view_grant *grants; /* by base: what it may touch more */
  size_t grant_count, grant_capacity;
  size_t *opened; /* the grants opened by the launch in force, to close after it */
  size_t opened_capacity;
  _Atomic size_t opened_count;
} mh_view_objects;

typedef struct mh_view {
  mh_view_objects *objects; /* the device's */
  mh_view_range *ranges;    /* pages of pageable host memory pointer arguments name */
  size_t count, capacity;
  unsigned launch; /* this launch's number, never 0: what a grant it opened is marked with */
  bool abandoned;  /* put back early (mh__view_abandon): leaving has nothing to do */
} mh_view;

/* The device's objects' view, rebuilt when something changed since the last launch on it;
   NULL when there is no memory to note it. Under the write lock. */
MH_HIDDEN mh_view_objects *mh__view_objects(mh_state *state, int device);

/* Puts device's view in force: protects what it may touch less than the host (and the pages
   of pageable host memory that pointer arguments name), noting what to restore, and leaves
   what it may touch more to be opened on touch (mh__view_open). hipSuccess, or
   hipErrorOutOfMemory with the reason (nothing left changed). Under the write lock. */
MH_HIDDEN hipError_t mh__view_enter(mh_state *state, int device, const void *const *pointers,
                                    size_t pointer_count, mh_view *view);
MH_HIDDEN void mh__view_leave(mh_view *view);

/* Whether a view other than the host's is in force: a host thread's fault waits it out. */
MH_HIDDEN bool mh__view_active(void);

/* Whether the calling thread entered the view in force (the launching thread): a fault of its
   own must not wait for the view to end, which only it can end. */
MH_HIDDEN bool mh__view_entered_here(void);

/* From a fault of kernel code at addr (a `dir` touch): opens the grant there, if the device
   may touch it so and this thread has not faulted there since it opened. Whether the access
   should run again. Async-signal-safe. */
MH_HIDDEN bool mh__view_open(uintptr_t addr, mh_direction dir);

/* Puts the host's view back at once, from a fault handler: a thread that runs the launch took
   a fault outside the kernel's code, which no wait can cure. Says so in one line. */
MH_HIDDEN void mh__view_abandon(uintptr_t addr);

/* How many views have ended: a host thread's fault raised under a view that ended before its
   handler looked is told apart by this changing. */
MH_HIDDEN unsigned mh__view_ended(void);

/* Whether addr lies in a page view.c protected because a pointer argument named pageable host
   memory there. */
MH_HIDDEN bool mh__view_is_pageable(const mh_view *view, uintptr_t addr);

#endif /* MH_KERNEL_H */
