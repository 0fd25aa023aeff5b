/*
 * run.c: one thread's part in a launch. Each thread that runs blocks (the
 * launching thread, the workers) has a participant: its fibers, its shared
 * memory and its signal stack, made on first use and freed when the thread
 * exits. It takes block numbers from the launch until none is left or a fault
 * ended the launch; a fault lands back here through one sigsetjmp per launch,
 * not one per block.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kernel.h"

__thread dim3 threadIdx MH_EXPORT;
__thread dim3 blockIdx MH_EXPORT;
__thread dim3 blockDim MH_EXPORT;
__thread dim3 gridDim MH_EXPORT;
__thread int warpSize MH_EXPORT;
__thread mockhip_thread mockhip_kernel_thread MH_EXPORT;

static __thread mh_participant *self;
static pthread_key_t participant_key;
static pthread_once_t participant_once = PTHREAD_ONCE_INIT;

/* Threads that run kernels see the host's memory through one launch after another; what is
   left of a thread's participant goes with it. */
static void participant_free(void *value) {
  mh_participant *me = value;
  if (me->signal_stack != NULL) {
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    mh__os_own_unmap(me->signal_stack, MH_SIGNAL_STACK_BYTES);
  }
  mh__block_fibers_free(me);
  mh__os_own_unmap(me->shared, me->shared_capacity);
  mh__os_own_unmap(me, sizeof *me);
  self = NULL;
}

static void participant_init(void) { pthread_key_create(&participant_key, participant_free); }

mh_participant *mh__participant(void) { return self; }

/* The calling thread's participant, made now if need be (its own pages: a pointer argument
   protected for the launch never shares a page with it). NULL without memory. */
__attribute__((noinline)) static mh_participant *participant_get(void) {
  if (self != NULL)
    return self;
  pthread_once(&participant_once, participant_init);
  void *page;
  if (mh__os_own_map(sizeof(mh_participant), 0, &page) != 0)
    return NULL;
  mh_participant *me = page;
  if (mh__kernel_fault_init(me) != 0) {
    mh__os_own_unmap(page, sizeof *me);
    return NULL;
  }
  pthread_setspecific(participant_key, me);
  self = me;
  return me;
}

/* Dynamic shared memory for the launch, its own pages too. */
static bool shared_ready(mh_participant *me, size_t bytes) {
  if (bytes == 0 || bytes <= me->shared_capacity)
    return true;
  mh__os_own_unmap(me->shared, me->shared_capacity);
  me->shared = NULL;
  me->shared_capacity = 0;
  if (mh__os_own_map(bytes, 0, &me->shared) != 0)
    return false;
  me->shared_capacity = bytes;
  return true;
}

/* Takes blocks until none is left; a fault in one lands here and ends the loop. Its own
   function, so that nothing sigsetjmp must keep lives in registers across it. */
/* Takes blocks a chunk at a time (a few chunks per thread that runs them, so that the shared
   counter is touched rarely and the last chunks still even out) until none is left; a fault
   in one lands here and ends the loop. Its own function, so that nothing sigsetjmp must keep
   lives in registers across it. */
__attribute__((noinline)) static void take_blocks(mh_participant *me, mh_launch *l) {
  me->escape_fiber = mh__fiber_sanitizer_current();
  /* No mask saved, which would cost each launch a system call: a signal that ends the
     kernel puts back the mask it interrupted before it lands here (kernel_fault.c). */
  if (sigsetjmp(me->escape, 0) != 0)
    return;
  me->running = 1;
  uint64_t chunk = l->blocks / ((uint64_t)l->participants * 16);
  if (chunk == 0)
    chunk = 1;
  for (;;) {
    if (atomic_load_explicit(&l->aborted, memory_order_relaxed))
      return;
    uint64_t first = atomic_fetch_add_explicit(&l->next_block, chunk, memory_order_relaxed);
    if (first >= l->blocks)
      return;
    uint64_t end = first + chunk < l->blocks ? first + chunk : l->blocks;
    for (uint64_t b = first; b < end; b++) {
      atomic_store_explicit(&me->block, b, memory_order_relaxed);
      blockIdx.x = (uint32_t)(b % l->grid.x);
      blockIdx.y = (uint32_t)((b / l->grid.x) % l->grid.y);
      blockIdx.z = (uint32_t)(b / ((uint64_t)l->grid.x * l->grid.y));
      mh__block_run(me, l);
    }
  }
}

/* The device clock of <hip/amd_detail/amd_device_functions.h> runs as many times as fast as
   this thread has the launch's threads to run one after another, which a GPU runs side by
   side (all of a launch that spins at once: capped, so that the product cannot overflow). */
#define CLOCK_RATE_MOST (1u << 20)
static long long cpu_clock_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* The clock starts running fast at its first read in the launch (clock_base_ns 0 until then):
   a launch that reads no clock costs no clock read. */
static void device_clock_start(mockhip_thread *t, unsigned threads) {
  t->clock_base_ns = 0;
  t->clock_rate = threads;
}

static void device_clock_stop(mockhip_thread *t) {
  if (t->clock_rate > 1 && t->clock_base_ns != 0)
    t->clock_skew_ns += (cpu_clock_ns() - t->clock_base_ns) * (long long)(t->clock_rate - 1);
  t->clock_rate = 0;
}

void mh__launch_participate(mh_launch *l) {
  mh_participant *me = participant_get();
  if (me == NULL || !shared_ready(me, l->shared_bytes)) {
    mh_kernel_fault f = {.kind = MH_KFAULT_NO_MEMORY};
    if (!atomic_flag_test_and_set(&l->fault_taken))
      l->fault = f;
    atomic_store(&l->aborted, true);
    return;
  }
  mockhip_thread *t = &mockhip_kernel_thread;
  uint64_t mine = l->blocks * l->threads / (l->participants > 0 ? l->participants : 1);
  device_clock_start(t, mine > CLOCK_RATE_MOST ? CLOCK_RATE_MOST : mine > 0 ? (unsigned)mine : 1);
  blockDim = l->block;
  gridDim = l->grid;
  warpSize = l->warp_size;
  t->dynamic_shared = l->shared_bytes != 0 ? me->shared : NULL;
  t->device = l->device;
  me->launch = l;
  unsigned index = atomic_fetch_add(&l->members, 1);
  if (index < MH_PARTICIPANTS_MAX)
    atomic_store(&l->member[index], me);
  /* The watchdog's signal must reach this thread, whatever the program blocked. */
  sigset_t watchdog, old;
  sigemptyset(&watchdog);
  sigaddset(&watchdog, MH_WATCHDOG_SIGNAL);
  bool watched = l->timeout_seconds != 0;
  if (watched)
    pthread_sigmask(SIG_UNBLOCK, &watchdog, &old);
  take_blocks(me, l);
  if (watched)
    pthread_sigmask(SIG_SETMASK, &old, NULL);
  me->running = 0;
  me->launch = NULL;
  t->fibered = 0;
  device_clock_stop(t);
}

/* Below this many threads in all, waking the workers costs more than it gives. */
#define PARALLEL_THREADS 4096

void mh__launch_run(mh_launch *l) {
  l->participants = 1;
  if (l->blocks > 1 && l->blocks * l->threads >= PARALLEL_THREADS) {
    l->participants = mh__workers_count();
    if (l->participants > 1) {
      mh__workers_run(l);
      return;
    }
  }
  mh__launch_participate(l);
}
