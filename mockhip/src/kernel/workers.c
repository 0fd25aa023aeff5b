/*
 * workers.c: the pool that runs blocks beside the launching thread, one
 * thread per processor less the launcher's (MOCKHIP_KERNEL_WORKERS sets the
 * total, the launcher included). Started on the first launch big enough to want it; a fork's
 * child has none of its threads, so it starts its own. They end at exit.
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "kernel/kernel.h"

static struct {
  pthread_mutex_t lock;
  pthread_cond_t start, done;
  mh_launch *job;
  unsigned long long generation; /* bumped per job: a worker runs each one once */
  unsigned busy;                 /* workers still on the job */
  unsigned count;                /* workers started */
  bool started;
  bool quit; /* the process is exiting: workers end */
  pthread_t threads[256];
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER,
          .start = PTHREAD_COND_INITIALIZER,
          .done = PTHREAD_COND_INITIALIZER};

static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void forked_child(void) {
  pthread_mutex_init(&pool.lock, NULL);
  pthread_cond_init(&pool.start, NULL);
  pthread_cond_init(&pool.done, NULL);
  pool.started = false;
  pool.count = 0;
  pool.busy = 0;
  pool.job = NULL;
  pool.quit = false;
}

static void fork_init(void) { pthread_atfork(NULL, NULL, forked_child); }

/* arg: the generation when the worker was made, which it has not to run. A child of fork
   makes its workers at its parent's generation: from 0 they took it for a job and ran NULL. */
static void *worker_main(void *arg) {
  unsigned long long seen = (uintptr_t)arg;
  for (;;) {
    pthread_mutex_lock(&pool.lock);
    while (pool.generation == seen) {
      if (pool.quit) {
        pthread_mutex_unlock(&pool.lock);
        return NULL;
      }
      pthread_cond_wait(&pool.start, &pool.lock);
    }
    seen = pool.generation;
    mh_launch *job = pool.job;
    pthread_mutex_unlock(&pool.lock);
    mh__launch_participate(job);
    pthread_mutex_lock(&pool.lock);
    if (--pool.busy == 0)
      pthread_cond_signal(&pool.done);
    pthread_mutex_unlock(&pool.lock);
  }
  return NULL;
}

/* The total number of threads that run blocks, the launcher included. */
static unsigned wanted(void) {
  long n = mh__state()->options.kernel_workers;
  if (n == 0)
    n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

/* Starts the workers with every asynchronous signal blocked: those go to the program's own
   threads; but those a kernel raises on itself, and the watchdog's. Under pool.lock. */
static void start(void) {
  pool.started = true;
  unsigned total = wanted();
  sigset_t all, old;
  sigfillset(&all);
  sigdelset(&all, SIGSEGV);
  sigdelset(&all, SIGBUS);
  sigdelset(&all, SIGFPE);
  sigdelset(&all, SIGILL);
  sigdelset(&all, SIGABRT);
  sigdelset(&all, SIGTRAP);
  sigdelset(&all, MH_WATCHDOG_SIGNAL);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  for (unsigned i = 1; i < total; i++)
    if (pthread_create(&pool.threads[pool.count], NULL, worker_main,
                       (void *)(uintptr_t)pool.generation) == 0)
      pool.count++;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
}

unsigned mh__workers_count(void) {
  pthread_once(&fork_once, fork_init);
  pthread_mutex_lock(&pool.lock);
  if (!pool.started)
    start();
  unsigned n = pool.count + 1;
  pthread_mutex_unlock(&pool.lock);
  return n;
}

void mh__workers_run(mh_launch *l) {
  pthread_mutex_lock(&pool.lock);
  pool.job = l;
  pool.busy = pool.count;
  pool.generation++;
  pthread_cond_broadcast(&pool.start);
  pthread_mutex_unlock(&pool.lock);
  mh__launch_participate(l);
  pthread_mutex_lock(&pool.lock);
  while (pool.busy != 0)
    pthread_cond_wait(&pool.done, &pool.lock);
  pool.job = NULL;
  pthread_mutex_unlock(&pool.lock);
}

/* At exit, the workers end and are joined: what their threads hold (stacks, thread-local
   storage) goes with them, and a leak checker finds nothing left. A launch in progress on
   another thread finishes first. */
__attribute__((destructor)) static void workers_stop(void) {
  pthread_mutex_lock(&pool.lock);
  unsigned count = pool.count;
  pool.quit = true;
  pool.count = 0;
  pthread_cond_broadcast(&pool.start);
  pthread_mutex_unlock(&pool.lock);
  for (unsigned i = 0; i < count; i++)
    if (!pthread_equal(pool.threads[i], pthread_self()))
      pthread_join(pool.threads[i], NULL);
}
