/*
 * queue.c: where stream work waits when streams run asynchronously
 * (MOCKHIP_STREAMS=async). Each stream, and each device's null stream, gets a
 * queue the first time work is queued on it, and a runtime thread of its own
 * that runs the queue in order while the host thread goes on, as a GPU runs a
 * stream's commands. A queue counts tickets: one per item queued, and how many
 * of them have run; synchronising is waiting for a ticket, querying is asking
 * whether the last has run.
 *
 * A wait item holds a queue back until a ticket of another queue has run: a
 * hipStreamWaitEvent, and the legacy null stream's implicit ones (work on a
 * blocking stream waits for the null stream's earlier work, and work on the
 * null stream for every blocking stream's of its device).
 *
 * One mutex guards every queue, so that a wait can look at another queue; a
 * thread never holds it while it runs an item, which takes the state's lock as
 * the direct call would. Below the state lock: a caller may queue under it, and
 * waits with neither held.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "os/os.h"
#include "runtime/streams/streams.h"
#include "vmm/vmm.h"

struct mh_queue {
  mh_queue *next; /* every queue: `queues` */
  int device;
  bool null_stream, blocking; /* the null stream; a stream that is not hipStreamNonBlocking */
  uint64_t queued, ran;       /* tickets: items queued, items run */
  _Atomic uint64_t ran_seen, queued_seen; /* the same, for a spin without the lock */
  mh_queued *head, *tail;
  pthread_cond_t wake; /* its thread waits for work */
  bool thread;         /* its thread runs */
  bool closed;         /* its stream is gone: the thread ends once the queue is empty */
  unsigned refs;       /* its stream, its thread, events and wait items naming it */
  hipError_t error;    /* the first item that failed, reported by the next synchronise */
  char reason[384];
};

static pthread_mutex_t queues_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t progress = PTHREAD_COND_INITIALIZER; /* an item has run somewhere */
static mh_queue *queues;
static mh_queue *null_queues[MH_MAX_DEVICES];
static unsigned threads;       /* runtime threads not yet ended */
static _Atomic bool any_queue; /* a queue exists: synchronising calls have something to wait for */
/* The queue a runtime thread runs. Host work on it that calls HIP waits for no stream: its own
   is busy running it, and two host functions whose synchronous copies each waited for the
   other's stream would wait forever (CUDA forbids such calls in a callback altogether). */
static _Thread_local mh_queue *running;

bool mh__streams_async(const mh_state *s) { return s->options.streams_async; }

void mh__streams_go_async(mh_state *s) { s->options.streams_async = true; }

/* A wait spins this long before it sleeps: a stream's next work, or the end of what a
   synchronise waits for, is often that close, and a sleep and a wake-up cost a few
   microseconds each. Not under valgrind, which runs one thread at a time. */
#define SPIN_NS 20000
#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#else
#define CPU_RELAX() ((void)0)
#endif
static _Atomic int spin_allowed = -1; /* settled at the first queue */

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Spins until *counter reaches target, or SPIN_NS pass; whether it did. */
static bool spin_until(_Atomic uint64_t *counter, uint64_t target) {
  if (atomic_load_explicit(&spin_allowed, memory_order_relaxed) == 0)
    return false;
  uint64_t end = now_ns() + SPIN_NS;
  do {
    for (int i = 0; i < 64; i++) {
      if (atomic_load_explicit(counter, memory_order_acquire) >= target)
        return true;
      CPU_RELAX();
    }
  } while (now_ns() < end);
  return false;
}

/* ---- queues ---- */

/* A child of fork has none of the parent's threads: its queues start again, empty (what the
   parent had queued is the parent's, and is not freed here). */
static void queues_forked(void) {
  pthread_mutex_init(&queues_lock, NULL);
  pthread_cond_init(&progress, NULL);
  threads = 0;
  for (mh_queue *q = queues; q != NULL; q = q->next) {
    pthread_cond_init(&q->wake, NULL);
    if (q->thread)
      q->refs--;
    q->thread = false;
    q->head = q->tail = NULL;
    q->ran = q->queued;
    atomic_store(&q->ran_seen, q->ran);
  }
}

/* At exit every queue closes, and its thread ends once it has run what it holds: for up to a
   second in all, so that a host function that never returns (a stream blocked for good)
   cannot hold the exit. A thread ended leaves no stack behind for a leak checker. */
static void queues_at_exit(void) {
  pthread_mutex_lock(&queues_lock);
  for (mh_queue *q = queues; q != NULL; q = q->next) {
    q->closed = true;
    pthread_cond_signal(&q->wake);
  }
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  while (threads > 0 && pthread_cond_timedwait(&progress, &queues_lock, &deadline) == 0)
    ;
  pthread_mutex_unlock(&queues_lock);
}

static void unmap_wait(mh_sync_waits waits, int device);

/* With the first queue: what a fork, the exit and hipMemUnmap must do about queues. */
static pthread_once_t first_once = PTHREAD_ONCE_INIT;
static void first_queue(void) {
  pthread_atfork(NULL, NULL, queues_forked);
  atexit(queues_at_exit);
  mh__vmm_unmap_wait_with(unmap_wait);
}

static mh_queue *queue_new(int device, bool null_stream, bool blocking) {
  pthread_once(&first_once, first_queue);
  if (atomic_load_explicit(&spin_allowed, memory_order_relaxed) < 0)
    atomic_store_explicit(&spin_allowed, !mh__os_faults_watched(), memory_order_relaxed);
  mh_queue *q = calloc(1, sizeof *q);
  if (q == NULL)
    return NULL;
  q->device = device;
  q->null_stream = null_stream;
  q->blocking = blocking;
  q->refs = 1; /* its stream, or the device for a null stream's */
  pthread_cond_init(&q->wake, NULL);
  q->next = queues;
  queues = q;
  atomic_store(&any_queue, true);
  return q;
}

/* Under queues_lock. The last reference frees the queue. */
static void queue_unref(mh_queue *q) {
  if (--q->refs > 0)
    return;
  for (mh_queue **p = &queues; *p != NULL; p = &(*p)->next)
    if (*p == q) {
      *p = q->next;
      break;
    }
  pthread_cond_destroy(&q->wake);
  free(q);
}

/* The queue of stream on device (NULL: the null stream), made now if need be; under
   queues_lock. NULL when there is no memory. */
static mh_queue *queue_of(mh_stream *stream, int device) {
  if (stream == NULL) {
    if (null_queues[device] == NULL)
      null_queues[device] = queue_new(device, true, true);
    return null_queues[device];
  }
  if (stream->queue == NULL)
    stream->queue = queue_new(stream->device, false, !(stream->flags & hipStreamNonBlocking));
  return stream->queue;
}

static bool pending(const mh_queue *q) { return q->ran < q->queued; }

/* ---- the runtime thread of a queue ---- */

/* Runs q's items in order until its stream is gone and nothing is left. */
static void *queue_thread(void *arg) {
  mh_queue *q = arg;
  running = q;
  mh_state *s = mh__state();
  pthread_mutex_lock(&queues_lock);
  for (;;) {
    if (q->head == NULL && !q->closed) {
      uint64_t ran = q->ran;
      pthread_mutex_unlock(&queues_lock);
      spin_until(&q->queued_seen, ran + 1);
      pthread_mutex_lock(&queues_lock);
    }
    while (q->head == NULL && !q->closed)
      pthread_cond_wait(&q->wake, &queues_lock);
    mh_queued *item = q->head;
    if (item == NULL)
      break;
    if (item->run == NULL) { /* a wait */
      while (item->wait_queue->ran < item->wait_ticket)
        pthread_cond_wait(&progress, &queues_lock);
      queue_unref(item->wait_queue);
    } else {
      hipError_t before = q->error;
      pthread_mutex_unlock(&queues_lock);
      hipError_t err = item->run(s, item, before);
      char reason[sizeof q->reason];
      if (err != hipSuccess)
        snprintf(reason, sizeof reason, "%s", mockhip_last_reason());
      if (item->drop != NULL) /* before the ticket counts as run: what it held is let go */
        item->drop(item);
      pthread_mutex_lock(&queues_lock);
      if (err != hipSuccess && q->error == hipSuccess) {
        q->error = err;
        memcpy(q->reason, reason, sizeof reason);
      }
    }
    q->head = item->next;
    if (q->head == NULL)
      q->tail = NULL;
    q->ran++;
    atomic_store_explicit(&q->ran_seen, q->ran, memory_order_release);
    pthread_cond_broadcast(&progress);
    free(item);
  }
  q->thread = false;
  queue_unref(q);
  threads--;
  pthread_cond_broadcast(&progress);
  pthread_mutex_unlock(&queues_lock);
  return NULL;
}

/* Appends item to q and wakes its thread, started now if need be. Under queues_lock. */
static hipError_t append(mh_queue *q, mh_queued *item, uint64_t *ticket) {
  if (!q->thread) {
    pthread_attr_t attr;
    pthread_t thread;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&thread, &attr, queue_thread, q);
    pthread_attr_destroy(&attr);
    if (rc != 0)
      return mh__fail(hipErrorOutOfMemory, "no thread for the stream's queue (pthread_create: %d)",
                      rc);
    q->thread = true;
    q->refs++;
    threads++;
  }
  item->next = NULL;
  if (q->tail != NULL)
    q->tail->next = item;
  else
    q->head = item;
  q->tail = item;
  *ticket = ++q->queued;
  atomic_store_explicit(&q->queued_seen, q->queued, memory_order_release);
  item->queue = q;
  item->ticket = *ticket;
  pthread_cond_signal(&q->wake);
  return hipSuccess;
}

/* A wait item: q waits for ticket of target. */
static hipError_t append_wait(mh_queue *q, mh_queue *target, uint64_t ticket) {
  mh_queued *wait = calloc(1, sizeof *wait);
  if (wait == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for a stream's wait");
  wait->wait_queue = target;
  wait->wait_ticket = ticket;
  target->refs++;
  uint64_t number;
  hipError_t err = append(q, wait, &number);
  if (err != hipSuccess) {
    target->refs--;
    free(wait);
  }
  return err;
}

/* The legacy null stream's implicit waits, before work goes into q. */
static hipError_t legacy_waits(mh_queue *q) {
  hipError_t err = hipSuccess;
  if (q->null_stream) {
    for (mh_queue *other = queues; err == hipSuccess && other != NULL; other = other->next)
      if (other != q && other->device == q->device && other->blocking && pending(other))
        err = append_wait(q, other, other->queued);
  } else if (q->blocking) {
    mh_queue *null_queue = null_queues[q->device];
    if (null_queue != NULL && pending(null_queue))
      err = append_wait(q, null_queue, null_queue->queued);
  }
  return err;
}

hipError_t mh__queue_push(mh_stream *stream, int device, mh_queued *item, mh_ticket *ticket) {
  pthread_mutex_lock(&queues_lock);
  mh_queue *q = queue_of(stream, device);
  hipError_t err = q == NULL ? mh__fail(hipErrorOutOfMemory, "no memory for the stream's queue")
                             : legacy_waits(q);
  uint64_t number = 0;
  if (err == hipSuccess)
    err = append(q, item, &number); /* from here the item is the queue's */
  if (err == hipSuccess && ticket != NULL) {
    q->refs++; /* the queue stays while someone holds a ticket of it */
    *ticket = (mh_ticket){q, number};
  }
  pthread_mutex_unlock(&queues_lock);
  return err;
}

hipError_t mh__queue_work(mh_state *s, hipStream_t stream, const mh_queued *work,
                          mh_ticket *ticket) {
  mh_stream *on;
  hipError_t err = mh__stream_get(s, stream, &on);
  if (err != hipSuccess)
    return err;
  mh_queued *item = malloc(sizeof *item);
  if (item == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory to queue work on stream %p", (void *)stream);
  *item = *work;
  item->stream = stream;
  err = mh__queue_push(on, on != NULL ? on->device : mh__current_device(), item, ticket);
  if (err != hipSuccess)
    free(item);
  return err;
}

hipError_t mh__queue_push_wait(mh_stream *stream, int device, const mh_ticket *until) {
  pthread_mutex_lock(&queues_lock);
  hipError_t err = hipSuccess;
  if (until->queue != NULL && until->queue->ran < until->ticket) {
    mh_queue *q = queue_of(stream, device);
    err = q == NULL ? mh__fail(hipErrorOutOfMemory, "no memory for the stream's queue")
                    : legacy_waits(q);
    if (err == hipSuccess && q != until->queue)
      err = append_wait(q, until->queue, until->ticket);
  }
  pthread_mutex_unlock(&queues_lock);
  return err;
}

/* ---- tickets: what a synchronise waits for ---- */

void mh__ticket_release(mh_ticket *t) {
  if (t->queue == NULL)
    return;
  pthread_mutex_lock(&queues_lock);
  queue_unref(t->queue);
  pthread_mutex_unlock(&queues_lock);
  t->queue = NULL;
}

void mh__ticket_copy(const mh_ticket *from, mh_ticket *to) {
  *to = *from;
  if (from->queue == NULL)
    return;
  pthread_mutex_lock(&queues_lock);
  if (from->queue->ran >= from->ticket)
    to->queue = NULL; /* done: nothing to hold */
  else
    from->queue->refs++;
  pthread_mutex_unlock(&queues_lock);
}

bool mh__ticket_done(const mh_ticket *t) {
  if (t->queue == NULL)
    return true;
  pthread_mutex_lock(&queues_lock);
  bool done = t->queue->ran >= t->ticket;
  pthread_mutex_unlock(&queues_lock);
  return done;
}

/* What a synchronise of stream (NULL: the null stream of device, with the blocking streams'
   work) waits for: each queue concerned and its last ticket now. At most `room`. */
static size_t targets(mh_stream *stream, int device, bool whole_device, mh_ticket *out,
                      size_t room) {
  size_t n = 0;
  for (mh_queue *q = queues; q != NULL && n < room; q = q->next) {
    bool wanted = stream != NULL && !whole_device
                      ? q == stream->queue
                      : (q->device == device || device < 0) && (whole_device || q->blocking);
    if (wanted && (pending(q) || q->error != hipSuccess)) { /* an error waits to be answered */
      q->refs++;
      out[n++] = (mh_ticket){q, q->queued};
    }
  }
  return n;
}

size_t mh__queue_targets(mh_stream *stream, int device, bool whole_device, mh_ticket *out) {
  if (!atomic_load_explicit(&any_queue, memory_order_relaxed) || running != NULL)
    return 0;
  pthread_mutex_lock(&queues_lock);
  size_t n = targets(stream, device, whole_device, out, MH_QUEUE_TARGETS);
  pthread_mutex_unlock(&queues_lock);
  return n;
}

/* Waits for each target; with take_errors, the first error a queue kept is answered, with its
   reason, and forgotten (the next synchronise succeeds). Called with no lock held. */
static hipError_t wait_targets(mh_ticket *t, size_t count, bool take_errors) {
  if (count == 0)
    return hipSuccess; /* where streams are serial, every synchronise: no lock taken */
  hipError_t err = hipSuccess;
  char reason[384] = "";
  pthread_mutex_lock(&queues_lock);
  for (size_t i = 0; i < count; i++) {
    mh_queue *q = t[i].queue;
    if (running == NULL && q->ran < t[i].ticket) {
      pthread_mutex_unlock(&queues_lock);
      spin_until(&q->ran_seen, t[i].ticket);
      pthread_mutex_lock(&queues_lock);
    }
    while (running == NULL && q->ran < t[i].ticket)
      pthread_cond_wait(&progress, &queues_lock);
    if (take_errors && q->error != hipSuccess && err == hipSuccess) {
      err = q->error;
      memcpy(reason, q->reason, sizeof reason);
      q->error = hipSuccess;
    }
    queue_unref(q);
    t[i].queue = NULL;
  }
  pthread_mutex_unlock(&queues_lock);
  if (err != hipSuccess)
    return mh__fail(err, "work queued earlier on the stream failed when it ran: %s", reason);
  /* a kernel that faulted meanwhile left its device's error, which this call now answers */
  return take_errors && count > 0 ? mh__sticky_check(mh__state(), mh__call_api()) : hipSuccess;
}

hipError_t mh__queue_wait(mh_ticket *t, size_t count) { return wait_targets(t, count, true); }

/* mh__queue_sync_device, errors answered or left for the next synchronise. */
static hipError_t sync_device(int device, bool whole_device, bool take_errors) {
  mh_ticket t[MH_QUEUE_TARGETS];
  hipError_t err = hipSuccess;
  for (;;) { /* by batches, when a device has more queues than a batch holds */
    size_t n = mh__queue_targets(NULL, device, whole_device, t);
    hipError_t batch = wait_targets(t, n, take_errors);
    if (err == hipSuccess)
      err = batch;
    if (n < MH_QUEUE_TARGETS)
      return err;
  }
}

hipError_t mh__queue_sync_device(int device, bool whole_device) {
  return sync_device(device, whole_device, true);
}

void mh__queue_drain(int device) { (void)sync_device(device, true, false); }

/* hipMemUnmap's own wait (vmm/mapping.c): what failed is left for the next synchronise. */
static void unmap_wait(mh_sync_waits waits, int device) {
  if (waits == MH_SYNC_WAITS_ALL)
    mh__queue_drain(-1);
  else if (waits == MH_SYNC_WAITS_LEGACY)
    (void)sync_device(device, false, false);
}

/* The stream a handle names, without a reason recorded for a bad one: the call that fences
   answers that itself. Under the state lock. */
static bool stream_quietly(mh_state *s, hipStream_t stream, mh_stream **out) {
  *out = NULL;
  if (stream == NULL || stream == HIPVMM_STREAM_LEGACY)
    return true;
  if (stream == hipStreamPerThread)
    return mh__stream_get(s, stream, out) == hipSuccess;
  *out = mh__idmap_get(&s->streams, (uint64_t)(uintptr_t)stream);
  return *out != NULL;
}

hipError_t mh__queue_fence(mh_state *s, hipStream_t stream) {
  if (!mh__streams_async(s) || !atomic_load_explicit(&any_queue, memory_order_relaxed) ||
      running != NULL)
    return hipSuccess;
  mh_ticket t[MH_QUEUE_TARGETS + 1];
  size_t n = 0;
  mh__lock_read();
  mh_stream *found;
  bool live = stream_quietly(s, stream, &found);
  int device = found != NULL ? found->device : mh__current_device();
  if (found != NULL) {
    n = mh__queue_targets(found, device, false, t);
    /* a blocking stream's work waits for the null stream's before it */
    if (!(found->flags & hipStreamNonBlocking)) {
      pthread_mutex_lock(&queues_lock);
      mh_queue *null_queue = null_queues[device];
      if (null_queue != NULL && pending(null_queue)) {
        null_queue->refs++;
        t[n++] = (mh_ticket){null_queue, null_queue->queued};
      }
      pthread_mutex_unlock(&queues_lock);
    }
  }
  mh__unlock();
  if (!live)
    return hipSuccess;
  return found == NULL ? mh__queue_sync_device(device, false) : mh__queue_wait(t, n);
}

void mh__queue_close(mh_stream *stream) {
  if (stream->queue == NULL)
    return;
  pthread_mutex_lock(&queues_lock);
  stream->queue->closed = true;
  pthread_cond_signal(&stream->queue->wake);
  queue_unref(stream->queue);
  pthread_mutex_unlock(&queues_lock);
  stream->queue = NULL;
}
