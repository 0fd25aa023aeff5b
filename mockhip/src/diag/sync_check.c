/*
 * sync_check.c: the checker for missing synchronisation (MOCKHIP_SYNC_CHECK, or
 * MOCKHIP_STRICT). It keeps happens-before with vector clocks, at the calls that
 * queue and wait, never at the moment work happens to run: so what it reports
 * depends on the program's order of calls alone, serially or asynchronously.
 *
 * Every host thread and every stream (each device's null stream too) is an agent
 * with a clock: a vector holding, for each agent, the last of its operations it
 * is ordered after. Queuing work on a stream orders it after everything the
 * queuing thread is ordered after, and after the legacy null stream's implicit
 * waits; a record copies the stream's clock into the event, hipStreamWaitEvent
 * joins it into a stream, and a synchronise joins what it waited for into the
 * host thread. The memory each operation touched is kept (the last touch per
 * agent, range and kind), and a new touch that conflicts with one its clock does
 * not cover is reported, once per call site, naming both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/diag.h"
#include "diag/explain.h"
#include "diag/trace.h"

#define MAX_AGENTS 4096  /* streams and host threads; past it the checker stops, saying so */
#define MAX_TOUCHES 4096 /* kept touches; past it the oldest are forgotten */

typedef struct clock_vec {
  uint32_t *at; /* at[agent]: the last operation of agent this is ordered after */
  size_t len;
} clock_vec;

typedef struct agent {
  clock_vec clock;
  int device;
  bool stream, null_stream, blocking;
  char name[40]; /* "stream#3", "the null stream of device 0", "host thread 2" */
} agent;

/* One operation's touch of memory, or a hipFreeAsync's end of it. A kernel's is a guess from a
   pointer argument (guess: the size of its first element), exact for the rest. */
typedef struct touch {
  uintptr_t lo, hi;
  size_t guess;
  uint32_t agent, clock;
  bool writes, frees;
  bool guarded;  /* pinned or managed memory: its pages are guarded from the host (os/guard.c) */
  uint8_t index; /* which of its operation's touches: with agent and clock, its guard's id */
  mockhip_api api;
  const char *kernel; /* a kernel's name, or NULL */
  const void *site;
} touch;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static agent *agents;
static size_t agent_count, agent_capacity;
static int null_agent[MH_MAX_DEVICES]; /* agent + 1; 0: none yet */
static touch touches[MAX_TOUCHES];
static size_t touch_count;
static bool full;                    /* MAX_AGENTS reached: said once, checks stopped */
static _Thread_local int host_agent; /* agent + 1; 0: none yet */
static _Thread_local uint64_t host_generation;
static _Thread_local bool in_host_work; /* running a host function: the device's side */
static uint64_t generation = 1; /* a forked child starts again: its threads' agents are new */

atomic_bool mh__sync_checking;

void mh__sync_check_init(bool on) { atomic_store(&mh__sync_checking, on); }

/* ---- clocks ---- */

static bool clock_fit(clock_vec *c, size_t len) {
  if (c->len >= len)
    return true;
  uint32_t *at = realloc(c->at, len * sizeof *at);
  if (at == NULL)
    return false;
  memset(at + c->len, 0, (len - c->len) * sizeof *at);
  c->at = at;
  c->len = len;
  return true;
}

static void clock_join(clock_vec *into, const clock_vec *from) {
  if (!clock_fit(into, from->len))
    return;
  for (size_t i = 0; i < from->len; i++)
    if (from->at[i] > into->at[i])
      into->at[i] = from->at[i];
}

static uint32_t clock_of(const clock_vec *c, size_t agent) {
  return agent < c->len ? c->at[agent] : 0;
}

/* A new agent, its clock ordered after `after` (NULL: nothing); -1 when full. */
static int agent_new(const clock_vec *after, const char *name) {
  if (agent_count == MAX_AGENTS) {
    if (!full)
      fprintf(stderr, "mockhip: sync check: more than %d streams and threads; checking stops\n",
              MAX_AGENTS);
    full = true;
    return -1;
  }
  if (agent_count == agent_capacity) {
    size_t capacity = agent_capacity == 0 ? 16 : agent_capacity * 2;
    agent *grown = realloc(agents, capacity * sizeof *grown);
    if (grown == NULL)
      return -1;
    agents = grown;
    agent_capacity = capacity;
  }
  agent *a = &agents[agent_count];
  memset(a, 0, sizeof *a);
  snprintf(a->name, sizeof a->name, "%s", name);
  if (after != NULL)
    clock_join(&a->clock, after);
  return (int)agent_count++;
}

/* The calling thread's agent: a thread first seen is ordered after every host thread's clock
   (the checker does not see it made, so it gives it what any maker could have known). */
static int host(void) {
  if (host_agent != 0 && host_generation == generation)
    return host_agent - 1;
  clock_vec known = {0};
  for (size_t i = 0; i < agent_count; i++)
    if (!agents[i].stream)
      clock_join(&known, &agents[i].clock);
  static unsigned long long threads; /* under lock */
  char name[40];
  snprintf(name, sizeof name, "host thread %llu", ++threads);
  int a = agent_new(&known, name);
  free(known.at);
  host_agent = a + 1;
  host_generation = generation;
  return a;
}

/* The agent of stream (NULL: device's null stream), made on first use. */
static int stream_agent(mh_stream *stream, int device) {
  int *slot = stream != NULL ? &stream->sync_agent : &null_agent[device];
  if (*slot != 0)
    return *slot - 1;
  char name[40];
  if (stream == NULL)
    snprintf(name, sizeof name, "the null stream of device %d", device);
  else if (stream->per_thread)
    snprintf(name, sizeof name, "hipStreamPerThread of device %d", stream->device);
  else
    snprintf(name, sizeof name, "%s", mh__d_stream((hipStream_t)(uintptr_t)stream->id));
  int a = agent_new(NULL, name);
  if (a < 0)
    return -1;
  agents[a].stream = true;
  agents[a].null_stream = stream == NULL;
  agents[a].blocking = stream == NULL || !(stream->flags & hipStreamNonBlocking);
  agents[a].device = stream != NULL ? stream->device : device;
  *slot = a + 1;
  return a;
}

/* What a wait for agent a's work orders the waiter after: a's clock, and for a null stream
   every blocking stream's of its device (the legacy null stream). */
static void join_waited(clock_vec *into, int a) {
  clock_join(into, &agents[a].clock);
  if (!agents[a].null_stream)
    return;
  for (size_t i = 0; i < agent_count; i++)
    if (agents[i].stream && agents[i].blocking && agents[i].device == agents[a].device)
      clock_join(into, &agents[i].clock);
}

/* Queues one operation on stream's agent: ordered after the host thread and the legacy null
   stream's implicit waits, then a tick of its own. -1 when the checker cannot follow. */
static int queue_op(mh_stream *stream, int device) {
  int h = host(), a = stream_agent(stream, device);
  if (h < 0 || a < 0)
    return -1;
  clock_join(&agents[a].clock, &agents[h].clock);
  if (agents[a].null_stream)
    join_waited(&agents[a].clock, a);
  else if (agents[a].blocking) {
    int n = stream_agent(NULL, agents[a].device);
    if (n >= 0)
      clock_join(&agents[a].clock, &agents[n].clock);
  }
  if (!clock_fit(&agents[a].clock, (size_t)a + 1))
    return -1;
  agents[a].clock.at[a]++;
  return a;
}

/* ---- the host's side: pages of pinned and managed memory guarded while work uses them ---- */

static uint64_t guard_id(const touch *t) {
  return (uint64_t)t->agent << 40 | (uint64_t)t->clock << 8 | t->index;
}

static void unguard(touch *t) {
  if (t->guarded)
    mh__guard_remove(guard_id(t));
  t->guarded = false;
}

/* Guards the pages t touches from the host, until the host is ordered after it (the caller
   makes sure the SIGSEGV handler that judges the host's faults is in front). */
static void guard(touch *t) {
  static bool said; /* under lock */
  const char *why = mh__guard_unusable();
  if (why == NULL) {
    t->guarded = mh__guard_add(guard_id(t), t->lo, t->hi, t->writes);
  } else if (!said) {
    fprintf(stderr,
            "mockhip: sync check: the host's own touches of pinned and managed memory "
            "are not checked in this run: %s\n",
            why);
    said = true;
  }
}

/* The touches the host thread h is now ordered after need no guard. */
static void unguard_known(int h) {
  mh__guard_reclose();
  for (size_t i = 0; h >= 0 && i < touch_count; i++)
    if (touches[i].guarded && clock_of(&agents[h].clock, touches[i].agent) >= touches[i].clock)
      unguard(&touches[i]);
}

/* ---- touches ---- */

/* Forgets touches every host thread is ordered after: any later operation is queued by a
   host thread, so none can conflict with them. */
static void forget_known(void) {
  size_t kept = 0;
  for (size_t i = 0; i < touch_count; i++) {
    bool known = true;
    for (size_t h = 0; h < agent_count && known; h++)
      if (!agents[h].stream && clock_of(&agents[h].clock, touches[i].agent) < touches[i].clock)
        known = false;
    if (!known)
      touches[kept++] = touches[i];
    else
      unguard(&touches[i]);
  }
  touch_count = kept;
}

/* Whether two touches meet. Two kernels' guesses meet where their first elements do: two
   kernels given a buffer and a pointer into its middle most likely work on its two parts, and a
   guess must not make a report on its own. */
static bool meet(const touch *a, const touch *b) {
  if (a->guess != 0 && b->guess != 0)
    return a->lo < b->lo + b->guess && b->lo < a->lo + a->guess;
  return a->lo < b->hi && b->lo < a->hi;
}

static touch *remember(const touch *t) {
  for (size_t i = 0; i < touch_count; i++) { /* the agent's later touch replaces its earlier */
    touch *old = &touches[i];
    if (old->agent == t->agent && old->lo == t->lo && old->hi == t->hi && old->guess == t->guess &&
        old->writes == t->writes && old->frees == t->frees) {
      unguard(old);
      *old = *t;
      return old;
    }
  }
  if (touch_count == MAX_TOUCHES)
    forget_known();
  if (touch_count == MAX_TOUCHES) { /* the oldest goes: a conflict with it is missed */
    unguard(&touches[0]);
    memmove(touches, touches + 1, (MAX_TOUCHES - 1) * sizeof *touches);
    touch_count--;
  }
  touches[touch_count++] = *t;
  return &touches[touch_count - 1];
}

/* "kernel fill (hipLaunchKernel)", or the API: what did it, as a report names it. */
static const char *doer(const touch *t, char *out, size_t bytes) {
  if (t->kernel == NULL)
    return mockhip_api_name(t->api);
  snprintf(out, bytes, "kernel %s (%s)", t->kernel, mockhip_api_name(t->api));
  return out;
}

static const char *verb(const touch *t, bool present) {
  if (t->frees)
    return present ? "frees" : "freed";
  return t->writes ? (present ? "writes" : "wrote") : (present ? "reads" : "read");
}

/* Reports t, queued now, against old, which nothing orders before it. */
static void report_conflict(mh_state *s, const touch *t, const touch *old) {
  uintptr_t lo = t->lo > old->lo ? t->lo : old->lo;
  uintptr_t hi = t->hi < old->hi ? t->hi : old->hi;
  char memory[96], where[512], did[128], done[128];
  mh__describe_addr(s, lo, memory, sizeof memory);
  mh__site_format(old->site, where, sizeof where);
  const agent *now = &agents[t->agent], *then = &agents[old->agent];
  const char *doing = doer(t, did, sizeof did), *before = doer(old, done, sizeof done);
  if (old->frees) {
    mh__misuse(MH_MISUSE_USE_AFTER_FREE_ASYNC,
               "%s on %s %s %s (%zu bytes), which %s on %s at %s freed, and nothing orders "
               "this work before that free: free the memory on the stream that uses it last, "
               "or record an event after this work and hipStreamWaitEvent(%s, event) before "
               "the hipFreeAsync",
               doing, now->name, verb(t, true), memory, (size_t)(hi - lo), before, then->name,
               where, then->name);
    return;
  }
  mh__misuse(t->frees ? MH_MISUSE_USE_AFTER_FREE_ASYNC : MH_MISUSE_STREAM_RACE,
             "%s on %s %s %s (%zu bytes), which %s on %s at %s %s, and nothing orders them: "
             "record an event on %s after that call and hipStreamWaitEvent(%s, event) before "
             "this one, or synchronise %s first",
             doing, now->name, verb(t, true), memory, (size_t)(hi - lo), before, then->name, where,
             verb(old, false), then->name, now->name, then->name);
}

/* Checks t against the touches its clock does not cover (a free's, against any), reporting
   the first, a free's before others; then keeps it, and returns where. */
static touch *touch_now(mh_state *s, const touch *t) {
  const clock_vec *c = &agents[t->agent].clock;
  const touch *first = NULL;
  for (size_t i = 0; i < touch_count; i++) {
    const touch *old = &touches[i];
    if (!meet(old, t) || (old->agent == t->agent && !old->frees))
      continue;
    if (!old->frees && !old->writes && !t->writes && !t->frees)
      continue;
    if (!old->frees && clock_of(c, old->agent) >= old->clock)
      continue;
    if (first == NULL || (old->frees && !first->frees))
      first = old;
  }
  if (first != NULL)
    report_conflict(s, t, first);
  return remember(t);
}

/* The range of mock memory an access reaches, cut at its region's end, and whether the host
   reaches that memory directly: pinned or managed (device memory and VMM mappings it cannot).
   False outside every region (pageable memory is staged at the call, or not the checker's to
   see). */
static bool in_region(mh_state *s, const mh_sync_access *acc, uintptr_t *lo, uintptr_t *hi,
                      bool *host_side) {
  mh_region *r = mh__region_containing(s, acc->addr);
  if (r == NULL || acc->bytes == 0)
    return false;
  uintptr_t end = r->base + r->bytes;
  *lo = acc->addr;
  *hi = acc->bytes > end - acc->addr ? end : acc->addr + acc->bytes;
  /* A registered range shares its pages with whatever else the program keeps there: never
     guarded, its host touches go unseen. */
  *host_side = r->kind == MH_REGION_MALLOC && r->memory != MH_BLOCK_DEVICE && !r->registered;
  return true;
}

/* Forgets the touches of [addr, addr + bytes): memory given back, or new. Under lock. */
static void forget_range(uintptr_t addr, size_t bytes) {
  size_t kept = 0;
  for (size_t i = 0; i < touch_count; i++)
    if (touches[i].hi <= addr || addr + bytes <= touches[i].lo)
      touches[kept++] = touches[i];
  touch_count = kept;
  mh__guard_forget(addr, addr + bytes);
}

/* ---- what the rest of the runtime tells it ---- */

void mh__sync_work(mh_state *s, mh_stream *stream, int device, const mh_sync_access *acc,
                   size_t count) {
  pthread_mutex_lock(&lock);
  mh__guard_reclose();
  int a = queue_op(stream, device);
  for (size_t i = 0; a >= 0 && i < count; i++) {
    touch t = {.agent = (uint32_t)a,
               .clock = agents[a].clock.at[a],
               .index = (uint8_t)i,
               .guess = acc[i].guess,
               .kernel = acc[i].kernel,
               .writes = acc[i].writes,
               .frees = acc[i].frees,
               .api = mh__call_api(),
               .site = mh__call_site()};
    bool host_side;
    if (!in_region(s, &acc[i], &t.lo, &t.hi, &host_side))
      continue;
    touch *kept = touch_now(s, &t);
    if (!t.frees && host_side)
      guard(kept);
  }
  pthread_mutex_unlock(&lock);
}

void mh__sync_host_waits(mh_stream *stream, int device) {
  pthread_mutex_lock(&lock);
  int h = host(), a = stream_agent(stream, device);
  if (h >= 0 && a >= 0) {
    join_waited(&agents[h].clock, a);
    unguard_known(h);
  }
  pthread_mutex_unlock(&lock);
}

void mh__sync_host_waits_device(int device) {
  if (!mh__sync_check_on())
    return;
  pthread_mutex_lock(&lock);
  int h = host();
  for (size_t i = 0; h >= 0 && i < agent_count; i++)
    if (agents[i].stream && (device < 0 || agents[i].device == device))
      clock_join(&agents[h].clock, &agents[i].clock);
  unguard_known(h);
  pthread_mutex_unlock(&lock);
}

void mh__sync_record(mh_event *event, mh_stream *stream, int device) {
  pthread_mutex_lock(&lock);
  int a = queue_op(stream, device);
  if (a >= 0) {
    if (event->sync_clock == NULL)
      event->sync_clock = calloc(1, sizeof(clock_vec));
    if (event->sync_clock != NULL) {
      clock_vec *c = event->sync_clock;
      if (c->len > 0) /* a record forgets the one before */
        memset(c->at, 0, c->len * sizeof *c->at);
      clock_join(c, &agents[a].clock);
    }
  }
  pthread_mutex_unlock(&lock);
}

void mh__sync_stream_waits(mh_stream *stream, int device, const mh_event *event) {
  if (event->sync_clock == NULL)
    return;
  pthread_mutex_lock(&lock);
  int a = stream_agent(stream, device);
  if (a >= 0)
    clock_join(&agents[a].clock, event->sync_clock);
  pthread_mutex_unlock(&lock);
}

void mh__sync_host_waits_event(const mh_event *event) {
  if (!mh__sync_check_on() || event->sync_clock == NULL)
    return;
  pthread_mutex_lock(&lock);
  int h = host();
  if (h >= 0) {
    clock_join(&agents[h].clock, event->sync_clock);
    unguard_known(h);
  }
  pthread_mutex_unlock(&lock);
}

void mh__sync_event_gone(mh_event *event) {
  clock_vec *c = event->sync_clock;
  if (c != NULL)
    free(c->at);
  free(c);
  event->sync_clock = NULL;
}

void mh__sync_host_frees(mh_state *s, uintptr_t addr, size_t bytes, int device,
                         mh_sync_waits waits) {
  if (!mh__sync_check_on() || bytes == 0)
    return;
  pthread_mutex_lock(&lock);
  int h = host();
  clock_vec after = {0}; /* what the call is ordered after: the host, and what it waits for */
  const clock_vec *c = NULL;
  if (h >= 0) {
    clock_join(&after, &agents[h].clock);
    int n = waits == MH_SYNC_WAITS_LEGACY ? stream_agent(NULL, device) : -1;
    if (n >= 0)
      join_waited(&after, n);
    for (size_t i = 0; waits == MH_SYNC_WAITS_ALL && i < agent_count; i++)
      if (agents[i].stream)
        clock_join(&after, &agents[i].clock);
    c = &after;
  }
  for (size_t i = 0; c != NULL && i < touch_count; i++) {
    const touch *old = &touches[i];
    touch given = {.lo = addr, .hi = addr + bytes, .guess = old->guess ? bytes : 0};
    if (!meet(old, &given) || old->frees || clock_of(c, old->agent) >= old->clock)
      continue;
    char memory[96], where[512];
    mh__describe_addr(s, old->lo > addr ? old->lo : addr, memory, sizeof memory);
    char done[128];
    mh__site_format(old->site, where, sizeof where);
    mh__misuse(MH_MISUSE_FREED_IN_USE,
               "%s gives back %s while %s on %s at %s may still %s it (%s waits for no "
               "stream%s): synchronise %s (hipStreamSynchronize, or an event recorded after "
               "that work and hipEventSynchronize) first",
               mockhip_api_name(mh__call_api()), memory, doer(old, done, sizeof done),
               agents[old->agent].name, where, old->writes ? "write" : "read", mh__profile_title(),
               waits == MH_SYNC_WAITS_LEGACY ? " but the legacy null stream's blocking ones" : "",
               agents[old->agent].name);
    break;
  }
  free(after.at);
  forget_range(addr, bytes);
  pthread_mutex_unlock(&lock);
}

void mh__sync_forget(uintptr_t addr, size_t bytes) {
  if (!mh__sync_check_on())
    return;
  pthread_mutex_lock(&lock);
  forget_range(addr, bytes);
  pthread_mutex_unlock(&lock);
}

void mh__sync_forked_child(void) {
  pthread_mutex_init(&lock, NULL);
  generation++;
  for (size_t i = 0; i < touch_count; i++)
    touches[i].guarded = false;
  mh__guard_forked_child();
}

/* ---- the host's touch of a guarded page ---- */

void mh__sync_host_work(bool running) {
  in_host_work = running;
  if (!running)
    mh__guard_reclose();
}

/* Whether the calling host thread is ordered after t. Asked from a signal handler, so no agent
   is made: a thread not seen before knows what every host thread knew. */
static bool host_knows(const touch *t) {
  if (host_agent != 0 && host_generation == generation)
    return clock_of(&agents[host_agent - 1].clock, t->agent) >= t->clock;
  for (size_t i = 0; i < agent_count; i++)
    if (!agents[i].stream && clock_of(&agents[i].clock, t->agent) >= t->clock)
      return true;
  return false;
}

/* Reports the calling thread's touch at addr of memory t's work uses, nothing ordering them. */
static void report_host(mh_state *s, const touch *t, uintptr_t addr, mh_direction dir,
                        const void *pc) {
  char memory[96], where[512], did[128];
  mh__describe_addr(s, addr, memory, sizeof memory);
  mh__site_format(t->site, where, sizeof where);
  const char *access = dir == MH_DIR_WRITE ? "write" : dir == MH_DIR_READ ? "read" : "touch";
  const char *name = agents[t->agent].name;
  mh__misuse_at(MH_MISUSE_HOST_UNSYNCED,
                dir == MH_DIR_WRITE  ? "host write"
                : dir == MH_DIR_READ ? "host read"
                                     : "host touch",
                pc,
                "%s %ss %s, which %s on %s at %s %s, and nothing orders this %s after it: "
                "synchronise %s first (hipStreamSynchronize, or hipEventSynchronize on an event "
                "recorded after that work)",
                host_agent != 0 && host_generation == generation ? agents[host_agent - 1].name
                                                                 : "a host thread",
                access, memory, doer(t, did, sizeof did), name, where, verb(t, true), access, name);
}

bool mh__sync_host_touch(uintptr_t addr, int dir, const void *pc) {
  mh_os_guard_hit hits[16];
  size_t n = mh__guard_at(addr, hits, 16);
  if (n == 0)
    return false; /* not a guard's: the fault is someone else's */
  if (in_host_work) {
    mh__guard_open(addr); /* a host function is the stream's own work */
    return true;
  }
  mh_state *s = mh__state();
  pthread_mutex_lock(&lock);
  touch *racing = NULL;
  bool changed = false;
  for (size_t i = 0; i < touch_count; i++) {
    touch *t = &touches[i];
    bool hit = false;
    for (size_t k = 0; k < n && !hit; k++)
      hit = t->guarded && hits[k].id == guard_id(t);
    if (!hit)
      continue;
    if (host_knows(t)) {
      unguard(t); /* ordered by another thread's wait: nothing to report */
      changed = true;
    } else if (racing == NULL && t->lo <= addr && addr < t->hi &&
               (t->writes || dir != MH_DIR_READ)) {
      racing = t;
    }
  }
  if (racing != NULL) {
    report_host(s, racing, addr, dir, pc);
    uint32_t agent = racing->agent, clock = racing->clock;
    for (size_t i = 0; i < touch_count; i++) /* once per operation: all of its guards go */
      if (touches[i].agent == agent && touches[i].clock == clock)
        unguard(&touches[i]);
  } else if (!changed) {
    mh__guard_open(addr); /* bytes of the page the work does not touch: open until the next call */
  }
  pthread_mutex_unlock(&lock);
  return true;
}
