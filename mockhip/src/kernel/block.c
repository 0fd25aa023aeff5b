/*
 * block.c: the threads of one block. They run one after another as a plain
 * loop, which costs a call per thread, until thread 0 reaches a __syncthreads:
 * then no other thread has started yet, so the block becomes fibers there.
 * Thread 0 keeps the running stack; each other thread gets a fiber of its own,
 * started from the beginning, and the barrier passes each in turn to the next.
 * A barrier waits for every live thread, as the hardware's does once a thread
 * has exited. A barrier reached first by another thread than 0 is divergent
 * code (a __syncthreads that not every thread reaches): the launch fails.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"

/* A fiber's stack: kernels keep arrays on it, and sanitizers grow frames. */
#if defined(MH_FIBER_UCONTEXT)
#define FIBER_STACK_BYTES (256 * 1024)
#else
#define FIBER_STACK_BYTES (64 * 1024)
#endif

/* A fiber's state: at a barrier it waits for the round it arrived in (its parity); once the
   round is over, every fiber that waited for it may go on, without a pass over them. */
enum { FIBER_NEW, FIBER_RUNNABLE, FIBER_DONE, FIBER_WAITING_EVEN, FIBER_WAITING_ODD };

static unsigned char waiting_for(unsigned round) {
  return round % 2 == 0 ? FIBER_WAITING_EVEN : FIBER_WAITING_ODD;
}

/* Whether fiber i may run: new, running, or waiting for a round now over. */
static bool may_run(const mh_participant *me, unsigned i) {
  unsigned char status = me->status[i];
  return status != FIBER_DONE && status != waiting_for(me->round);
}

static void set_thread(const mh_launch *l, unsigned index) {
  unsigned bx = l->block.x, by = l->block.y;
  if (bx == l->threads) { /* a block of one row: no division, which a switch would wait on */
    threadIdx.x = index;
    return;
  }
  threadIdx.x = index % bx;
  threadIdx.y = (index / bx) % by;
  threadIdx.z = index / (bx * by);
}

static unsigned thread_index(const mh_launch *l) {
  const dim3 *t = &threadIdx;
  return (t->z * l->block.y + t->y) * l->block.x + t->x;
}

static void run_one_thread(mh_launch *l) {
  if (l->desc != NULL)
    l->desc->run_thread(l->desc->closure);
  else
    l->c_kernel(l->c_args);
}

/* The fibers and their states share one mapping of their own: while a launch protects the page
   of pageable host memory a pointer argument names, the barrier must not find them there (nor
   LeakSanitizer miss them inside the participant's own pages). */
static size_t fibers_bytes(size_t count) { return count * sizeof(mh_fiber) + count; }

void mh__block_fibers_free(mh_participant *me) {
  mh__fiber_stacks_free(&me->stacks);
  for (size_t i = 0; i < me->fibers_count; i++)
    mh__fiber_forget(&me->fibers[i]);
  if (me->fibers != NULL)
    mh__os_own_unmap(me->fibers, fibers_bytes(me->fibers_count));
  me->fibers = NULL;
  me->status = NULL;
  me->fibers_count = 0;
}

/* The stacks and fibers for the largest block: kept for the thread's later blocks. */
static bool fibers_ready(mh_participant *me, unsigned threads) {
  if (me->stacks.count >= threads)
    return true;
  mh__block_fibers_free(me);
  void *pages;
  if (mh__os_own_map(fibers_bytes(threads), 0, &pages) != 0)
    return false;
  me->fibers = pages;
  me->status = (unsigned char *)pages + threads * sizeof(mh_fiber);
  me->fibers_count = threads;
  if (mh__fiber_stacks_reserve(&me->stacks, threads, FIBER_STACK_BYTES) != 0) {
    mh__block_fibers_free(me);
    return false;
  }
  return true;
}

/* Every thread waiting at the barrier may go on. */
static void release(mh_participant *me) {
  me->arrived = 0;
  me->round++;
}

static void fiber_main(void *arg);

/* Passes the OS thread from fiber `from` to the next that can run, starting it if new.
   Returns when `from` runs again. */
static void switch_from(mh_participant *me, unsigned from) {
  mh_launch *l = me->launch;
  unsigned n = l->threads, next = from;
  do {
    next = next + 1 == n ? 0 : next + 1;
  } while (!may_run(me, next));
  if (me->status[next] == FIBER_NEW)
    mh__fiber_prepare(&me->fibers[next], &me->stacks, next, fiber_main, me);
  me->status[next] = FIBER_RUNNABLE;
  me->current = next;
  set_thread(l, next);
  mh__fiber_switch(&me->fibers[from], &me->fibers[next]);
}

/* The calling fiber's thread has returned from the kernel. */
static void thread_done(mh_participant *me, unsigned self) {
  me->status[self] = FIBER_DONE;
  me->live--;
  if (me->live != 0 && me->arrived == me->live)
    release(me);
}

static void fiber_main(void *arg) {
  mh_participant *me = arg;
  unsigned self = me->current;
  run_one_thread(me->launch);
  thread_done(me, self);
  /* The last one hands the OS thread back to thread 0, which waits in mockhip_block_join. */
  if (me->live == 0) {
    me->current = 0;
    mh__fiber_switch(&me->fibers[self], &me->fibers[0]);
  }
  switch_from(me, self);
  abort(); /* never resumed */
}

static void barrier(mh_participant *me) {
  unsigned self = me->current;
  if (++me->arrived == me->live) {
    release(me);
    return;
  }
  me->status[self] = waiting_for(me->round);
  switch_from(me, self);
}

MH_EXPORT void mockhip_syncthreads(void) {
  mh_participant *me = mh__participant();
  if (me == NULL || me->launch == NULL || !me->running)
    return; /* outside a kernel: there is no block to wait for */
  mh_launch *l = me->launch;
  if (l->threads == 1)
    return;
  if (mockhip_kernel_thread.fibered) {
    barrier(me);
    return;
  }
  bool divergent = thread_index(l) != 0;
  if (divergent || !fibers_ready(me, l->threads)) {
    mh_kernel_fault f = {.kind = divergent ? MH_KFAULT_BARRIER : MH_KFAULT_NO_MEMORY,
                         .block = blockIdx,
                         .thread = threadIdx};
    mh__kernel_fail(me, &f);
  }
  /* Thread 0 at its first barrier: nobody else has started. */
  mockhip_kernel_thread.fibered = 1;
  memset(me->status, FIBER_NEW, l->threads);
  mh__fiber_init_self(&me->fibers[0]);
  me->status[0] = FIBER_RUNNABLE;
  me->current = 0;
  me->live = l->threads;
  me->arrived = 0;
  me->round = 0;
  barrier(me);
}

MH_EXPORT void mockhip_block_join(void) {
  mh_participant *me = mh__participant();
  if (me == NULL || me->launch == NULL || !mockhip_kernel_thread.fibered)
    return;
  thread_done(me, 0);
  if (me->live != 0)
    switch_from(me, 0); /* back when the last thread is done */
  mockhip_kernel_thread.fibered = 0;
}

void mh__block_run(mh_participant *me, mh_launch *l) {
  mockhip_kernel_thread.fibered = 0;
  me->current = 0;
  if (l->desc != NULL) {
    l->desc->run_block(l->desc->closure);
    return;
  }
  /* threadIdx part by part, as the C++ loop sets it: no division per thread */
  for (uint32_t z = 0; z < l->block.z; z++) {
    threadIdx.z = z;
    for (uint32_t y = 0; y < l->block.y; y++) {
      threadIdx.y = y;
      for (uint32_t x = 0; x < l->block.x; x++) {
        threadIdx.x = x;
        l->c_kernel(l->c_args);
        if (mockhip_kernel_thread.fibered) {
          mockhip_block_join();
          return;
        }
      }
    }
  }
}
