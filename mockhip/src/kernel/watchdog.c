/*
 * watchdog.c: MOCKHIP_KERNEL_TIMEOUT. A kernel that never returns (a spin on
 * a flag nobody sets, a loop whose bound went wrong) would hang the program,
 * as it hangs a GPU's queue. With a timeout set, one thread watches the
 * launch in progress (launches hold the write lock: one at a time); past the
 * timeout it notes which blocks were still running as the launch's fault and
 * sends each thread still in the kernel MH_WATCHDOG_SIGNAL, whose handler
 * (kernel_fault.c) leaves the kernel as a fault does. How the launch then
 * ends is the platform's (runtime/launch/launch_end.c).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>

#include "kernel/kernel.h"

static struct {
  pthread_mutex_t lock;
  pthread_cond_t changed;
  mh_launch *watched;
  struct timespec deadline;
  unsigned seconds;
  bool started, quit;
  pthread_t thread;
} dog = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

/* A child has none of its parent's threads: it starts its own watchdog when it needs one. */
static void forked_child(void) {
  pthread_mutex_init(&dog.lock, NULL);
  pthread_cond_init(&dog.changed, NULL);
  dog.watched = NULL;
  dog.started = false;
}

static void fork_init(void) { pthread_atfork(NULL, NULL, forked_child); }

/* The launch ran too long: its fault names the blocks still running, and their threads leave
   the kernel. Under dog.lock, so the launch cannot end meanwhile. */
static void bite(mh_launch *l, unsigned seconds) {
  if (!atomic_flag_test_and_set(&l->fault_taken)) {
    mh_kernel_fault f = {.kind = MH_KFAULT_HANG, .seconds = seconds};
    unsigned members = atomic_load(&l->members);
    for (unsigned i = 0; i < members; i++) {
      mh_participant *p = atomic_load(&l->member[i]);
      if (p == NULL || !p->running)
        continue;
      uint64_t b = atomic_load_explicit(&p->block, memory_order_relaxed);
      if (f.running < MH_HANG_BLOCKS_SHOWN)
        f.running_blocks[f.running] =
            (dim3){(uint32_t)(b % l->grid.x), (uint32_t)((b / l->grid.x) % l->grid.y),
                   (uint32_t)(b / ((uint64_t)l->grid.x * l->grid.y))};
      f.running++;
    }
    l->fault = f;
  }
  atomic_store(&l->timed_out, true);
  atomic_store(&l->aborted, true);
  unsigned members = atomic_load(&l->members);
  for (unsigned i = 0; i < members; i++) {
    mh_participant *p = atomic_load(&l->member[i]);
    if (p != NULL && p->running)
      pthread_kill(p->thread, MH_WATCHDOG_SIGNAL);
  }
}

static void *watch(void *arg) {
  (void)arg;
  pthread_mutex_lock(&dog.lock);
  while (!dog.quit) {
    if (dog.watched == NULL) {
      pthread_cond_wait(&dog.changed, &dog.lock);
      continue;
    }
    mh_launch *l = dog.watched;
    int err = pthread_cond_timedwait(&dog.changed, &dog.lock, &dog.deadline);
    if (err == ETIMEDOUT && dog.watched == l) {
      bite(l, dog.seconds);
      /* Until the threads have left, the launch is not over: ask again in a while. */
      clock_gettime(CLOCK_REALTIME, &dog.deadline);
      dog.deadline.tv_nsec += 50 * 1000 * 1000;
      if (dog.deadline.tv_nsec >= 1000000000L) {
        dog.deadline.tv_sec++;
        dog.deadline.tv_nsec -= 1000000000L;
      }
    }
  }
  pthread_mutex_unlock(&dog.lock);
  return NULL;
}

/* Started with every signal blocked: the program's signals go to its own threads. */
static void start(void) {
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  dog.started = pthread_create(&dog.thread, NULL, watch, NULL) == 0;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void mh__watchdog_start(mh_launch *l, unsigned seconds) {
  if (seconds == 0)
    return;
  pthread_once(&fork_once, fork_init);
  pthread_mutex_lock(&dog.lock);
  if (!dog.started)
    start();
  clock_gettime(CLOCK_REALTIME, &dog.deadline);
  dog.deadline.tv_sec += seconds;
  dog.seconds = seconds;
  dog.watched = l;
  pthread_cond_signal(&dog.changed);
  pthread_mutex_unlock(&dog.lock);
}

void mh__watchdog_stop(mh_launch *l) {
  pthread_mutex_lock(&dog.lock);
  if (dog.watched == l) {
    dog.watched = NULL;
    pthread_cond_signal(&dog.changed);
  }
  pthread_mutex_unlock(&dog.lock);
}

/* At exit the watchdog ends and is joined, so a leak checker finds nothing of it left. */
__attribute__((destructor)) static void watchdog_end(void) {
  pthread_mutex_lock(&dog.lock);
  bool started = dog.started;
  dog.quit = true;
  dog.started = false;
  pthread_cond_signal(&dog.changed);
  pthread_mutex_unlock(&dog.lock);
  if (started && !pthread_equal(dog.thread, pthread_self()))
    pthread_join(dog.thread, NULL);
}
