/*
 * test_stress.c: eight threads make random VMM calls for a fixed number of
 * iterations, each driven by its own generator with a fixed seed, on two
 * kinds of memory:
 *
 * - private: reservations and handles a thread makes for itself and keeps a
 *   model of (what is mapped where, who holds which reference, the bytes each
 *   allocation holds), so every call has one right answer: the exact error
 *   code, and the exact bytes read back;
 * - shared: reservations and handles made before the threads start, whose
 *   slots every thread maps, unmaps, grants and copies through at the same
 *   time. A lost race is hipErrorInvalidValue, or for a copy or set whose
 *   mapping the thread's device lost access to, the release's refusal
 *   (mt_copy_refusal); any other error, or a crash, fails. A thread copies only within its own lane
 * of a shared slot: two threads writing the same bytes would be the test's data race, not the
 *   mock's, and ThreadSanitizer would rightly report it.
 *
 * Threads never assert (CMocka is not thread-safe): they count their calls
 * per entry point and report failures; the main thread then checks that the
 * mock counted the same calls, tears the shared objects down and checks
 * that nothing is left.
 *
 * Each thread makes ITERATIONS calls (about 0.2 s in all on two cores, 4 s
 * under valgrind, which runs the threads one at a time, 1 s under
 * ThreadSanitizer). HIPVMM_STRESS_SCALE=N runs N times as many, for a longer
 * hunt: HIPVMM_STRESS_SCALE=100 build/mockhip/tests/mockhip_test_stress.
 */
#include "mock_test.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define ITERATIONS 20000 /* per thread, times HIPVMM_STRESS_SCALE */

#define PRIVATE_RESERVATIONS 2
#define PRIVATE_SLOTS 4   /* granules per private reservation */
#define PRIVATE_HANDLES 4 /* each of one or two granules */
#define MAX_COPY 512      /* bytes per private copy */

#define SHARED_RESERVATIONS 2
#define SHARED_SLOTS 8 /* one-granule slots per shared reservation */
#define SHARED_HANDLES 3
#define LANE 256 /* bytes of a shared slot that one thread copies through */

/* Set on the main thread before the threads start; read-only afterwards. */
static size_t granule;
static char *shared_base[SHARED_RESERVATIONS];
static hipMemGenericAllocationHandle_t shared_handle[SHARED_HANDLES];
static atomic_int failures;
static hipError_t refusal; /* a copy or set without access (mt_copy_refusal) */

/* One private allocation as the thread knows it. */
typedef struct phys_model {
  hipMemGenericAllocationHandle_t handle; /* NULL: entry unused */
  size_t bytes;
  unsigned refs; /* handle references this thread holds */
  unsigned mappings;
  unsigned char *contents; /* what the memory holds */
} phys_model;

/* One private reservation; a mapping is described at its first slot. */
typedef struct reservation_model {
  char *base;                              /* NULL: not reserved */
  int first[PRIVATE_SLOTS];                /* first slot of the mapping covering it, or -1 */
  int phys[PRIVATE_SLOTS];                 /* at a first slot: index into worker.phys */
  hipMemAccessFlags access[PRIVATE_SLOTS]; /* at a first slot: the thread's device's access */
} reservation_model;

typedef struct worker {
  unsigned id;
  int device; /* every access and copy of this thread is this device's */
  uint64_t rng;
  unsigned iterations, iteration;
  bool failed; /* the model is no longer trustworthy: stop */
  hipStream_t stream;
  unsigned char *host; /* MAX_COPY bytes of host memory */
  phys_model phys[PRIVATE_HANDLES];
  reservation_model reservation[PRIVATE_RESERVATIONS];
  hipMemGenericAllocationHandle_t dead;           /* a handle released for good, or NULL */
  unsigned long long shared_done, shared_refused; /* shared calls that succeeded, were refused */
  unsigned long long calls[MOCKHIP_API_COUNT];    /* as mockhip_stats counts them */
} worker;

/* Calls a HIP entry point and counts the call. */
#define HIP(w, name, ...) ((w)->calls[MOCKHIP_CALL_##name]++, name(__VA_ARGS__))
/* A private call: returns whether it gave exactly `want`. */
#define EXPECT(w, want, name, ...) expect((w), (want), HIP(w, name, __VA_ARGS__), #name)
/* A shared call: success or a lost race (InvalidValue); returns whether it succeeded. */
#define RACE(w, name, ...) race((w), HIP(w, name, __VA_ARGS__), hipErrorInvalidValue, #name)
/* A shared copy or set: success, a lost race, or the refusal of a mapping without access. */
#define RACE_COPY(w, name, ...) race((w), HIP(w, name, __VA_ARGS__), refusal, #name)

static void thread_failed(worker *w, const char *fmt, ...) {
  char what[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  fprintf(stderr, "thread %u, iteration %u: %s\n", w->id, w->iteration, what);
  atomic_fetch_add(&failures, 1);
  w->failed = true;
}

static bool expect(worker *w, hipError_t want, hipError_t got, const char *call) {
  if (got != want)
    thread_failed(w, "%s returned %s, expected %s (%s)", call, hipGetErrorName(got),
                  hipGetErrorName(want), mockhip_last_reason());
  return got == want;
}

static bool race(worker *w, hipError_t got, hipError_t also, const char *call) {
  if (got != hipSuccess && got != hipErrorInvalidValue && got != also)
    thread_failed(w, "%s on shared memory returned %s (%s)", call, hipGetErrorName(got),
                  mockhip_last_reason());
  if (got == hipSuccess)
    w->shared_done++;
  else
    w->shared_refused++;
  return got == hipSuccess;
}

/* splitmix64: small, fast and good enough to pick operations. */
static uint64_t next_random(worker *w) {
  uint64_t z = (w->rng += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static size_t pick(worker *w, size_t n) { return (size_t)(next_random(w) % n); }

static void fill_host(worker *w, size_t bytes) {
  for (size_t i = 0; i < bytes; i++)
    w->host[i] = (unsigned char)next_random(w);
}

/* ---- the private model ---- */

static void reservation_reset(reservation_model *r, char *base) {
  r->base = base;
  for (int k = 0; k < PRIVATE_SLOTS; k++)
    r->first[k] = -1, r->phys[k] = -1, r->access[k] = hipMemAccessFlagsProtNone;
}

static bool has_mappings(const reservation_model *r) {
  for (int k = 0; k < PRIVATE_SLOTS; k++)
    if (r->first[k] != -1)
      return true;
  return false;
}

/* Forgets an allocation the mock has freed (no reference, no mapping). */
static void phys_forget_if_gone(worker *w, phys_model *p) {
  if (p->refs != 0 || p->mappings != 0)
    return;
  w->dead = p->handle;
  free(p->contents);
  memset(p, 0, sizeof *p);
}

/* A random reserved private reservation, or NULL when the one picked is not reserved. */
static reservation_model *some_reservation(worker *w) {
  reservation_model *r = &w->reservation[pick(w, PRIVATE_RESERVATIONS)];
  return r->base != NULL ? r : NULL;
}

/* Where a private copy lands: a mapping, a byte offset in it and a length. */
typedef struct target {
  char *addr;
  phys_model *phys; /* NULL: the address is reserved but not mapped */
  size_t offset, bytes;
  hipMemAccessFlags access;
} target;

static bool some_target(worker *w, target *t) {
  reservation_model *r = some_reservation(w);
  if (r == NULL)
    return false;
  int k = (int)pick(w, PRIVATE_SLOTS), first = r->first[k];
  memset(t, 0, sizeof *t);
  if (first == -1) { /* unmapped: every copy there must fail */
    t->addr = r->base + (size_t)k * granule;
    t->bytes = 1 + pick(w, MAX_COPY);
    return true;
  }
  t->phys = &w->phys[r->phys[first]];
  t->access = r->access[first];
  t->bytes = 1 + pick(w, MAX_COPY);
  t->offset = pick(w, t->phys->bytes - t->bytes + 1);
  t->addr = r->base + (size_t)first * granule + t->offset;
  return true;
}

static bool can_write(const target *t) {
  return t->phys != NULL && t->access == hipMemAccessFlagsProtReadWrite;
}

static bool can_read(const target *t) {
  return t->phys != NULL && t->access != hipMemAccessFlagsProtNone;
}

/* What a write or a read there returns: success, InvalidValue where nothing is mapped, or the
   release's refusal where the device lacks access to the mapping. */
static hipError_t write_code(const target *t) {
  return can_write(t) ? hipSuccess : t->phys == NULL ? hipErrorInvalidValue : refusal;
}

static hipError_t read_code(const target *t) {
  return can_read(t) ? hipSuccess : t->phys == NULL ? hipErrorInvalidValue : refusal;
}

/* ---- private operations: every result predicted ---- */

static void private_reserve_or_free(worker *w) {
  reservation_model *r = &w->reservation[pick(w, PRIVATE_RESERVATIONS)];
  size_t bytes = PRIVATE_SLOTS * granule;
  if (r->base == NULL) {
    void *base = NULL;
    if (EXPECT(w, hipSuccess, hipMemAddressReserve, &base, bytes, 0, NULL, 0))
      reservation_reset(r, base);
  } else if (has_mappings(r)) {
    EXPECT(w, hipErrorUnknown, hipMemAddressFree, r->base, bytes); /* the reservation stays */
  } else if (EXPECT(w, hipSuccess, hipMemAddressFree, r->base, bytes)) {
    reservation_reset(r, NULL);
  }
}

static void private_create_or_release(worker *w) {
  phys_model *p = &w->phys[pick(w, PRIVATE_HANDLES)];
  if (p->handle == NULL && w->dead != NULL && pick(w, 4) == 0) {
    EXPECT(w, hipErrorInvalidValue, hipMemRelease, w->dead);
  } else if (p->handle == NULL) {
    hipMemAllocationProp prop = mt_prop_device(w->device);
    size_t bytes = (1 + pick(w, 2)) * granule;
    if (EXPECT(w, hipSuccess, hipMemCreate, &p->handle, bytes, &prop, 0)) {
      p->bytes = bytes, p->refs = 1, p->mappings = 0;
      p->contents = calloc(1, bytes); /* new memory reads as zeros */
      if (p->contents == NULL)
        thread_failed(w, "out of host memory");
    }
  } else if (p->refs == 0) { /* only mappings hold it: nothing left to release */
    EXPECT(w, hipErrorInvalidValue, hipMemRelease, p->handle);
  } else if (EXPECT(w, hipSuccess, hipMemRelease, p->handle)) {
    p->refs--;
    phys_forget_if_gone(w, p);
  }
}

static void private_map(worker *w) {
  reservation_model *r = some_reservation(w);
  int index = (int)pick(w, PRIVATE_HANDLES);
  phys_model *p = &w->phys[index];
  if (r == NULL || p->handle == NULL || p->refs == 0)
    return;
  int k = (int)pick(w, PRIVATE_SLOTS), n = (int)(p->bytes / granule);
  bool fits = k + n <= PRIVATE_SLOTS;
  for (int i = k; fits && i < k + n; i++)
    fits = r->first[i] == -1;
  if (!EXPECT(w, fits ? hipSuccess : hipErrorInvalidValue, hipMemMap, r->base + (size_t)k * granule,
              p->bytes, 0, p->handle, 0) ||
      !fits)
    return;
  for (int i = k; i < k + n; i++)
    r->first[i] = k;
  r->phys[k] = index;
  r->access[k] = hipMemAccessFlagsProtNone; /* a new mapping is accessible to no one */
  p->mappings++;
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, w->device}, hipMemAccessFlagsProtReadWrite};
  if (pick(w, 4) != 0 &&
      EXPECT(w, hipSuccess, hipMemSetAccess, r->base + (size_t)k * granule, p->bytes, &desc, 1))
    r->access[k] = desc.flags; /* as most callers do right after mapping */
}

static void unmap_first(worker *w, reservation_model *r, int k) {
  phys_model *p = &w->phys[r->phys[k]];
  for (int i = k; i < PRIVATE_SLOTS && r->first[i] == k; i++)
    r->first[i] = -1;
  r->phys[k] = -1;
  p->mappings--;
  phys_forget_if_gone(w, p);
}

static void private_unmap(worker *w) {
  reservation_model *r = some_reservation(w);
  if (r == NULL)
    return;
  if (pick(w, 8) == 0) { /* the whole reservation: fine exactly when mappings cover it all */
    bool covered = true;
    for (int k = 0; k < PRIVATE_SLOTS; k++)
      covered = covered && r->first[k] != -1;
    if (EXPECT(w, covered ? hipSuccess : hipErrorInvalidValue, hipMemUnmap, r->base,
               PRIVATE_SLOTS * granule) &&
        covered)
      for (int k = 0; k < PRIVATE_SLOTS; k++)
        if (r->first[k] == k)
          unmap_first(w, r, k);
    return;
  }
  int k = (int)pick(w, PRIVATE_SLOTS);
  char *addr = r->base + (size_t)k * granule;
  if (r->first[k] == k) {
    if (EXPECT(w, hipSuccess, hipMemUnmap, addr, w->phys[r->phys[k]].bytes))
      unmap_first(w, r, k);
  } else { /* not mapped, or one granule of a two-granule mapping */
    EXPECT(w, hipErrorInvalidValue, hipMemUnmap, addr, granule);
  }
}

static void private_set_access(worker *w) {
  reservation_model *r = some_reservation(w);
  if (r == NULL)
    return;
  int k = (int)pick(w, PRIVATE_SLOTS);
  char *addr = r->base + (size_t)k * granule;
  static const hipMemAccessFlags choices[] = {hipMemAccessFlagsProtNone, hipMemAccessFlagsProtRead,
                                              hipMemAccessFlagsProtReadWrite,
                                              hipMemAccessFlagsProtReadWrite};
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, w->device}, choices[pick(w, 4)]};
  if (r->first[k] != k) { /* not mapped, or one granule of a two-granule mapping */
    EXPECT(w, hipErrorInvalidValue, hipMemSetAccess, addr, granule, &desc, 1);
    return;
  }
  size_t bytes = w->phys[r->phys[k]].bytes;
  if (!EXPECT(w, hipSuccess, hipMemSetAccess, addr, bytes, &desc, 1))
    return;
  r->access[k] = desc.flags;
  unsigned long long flags = ~0ULL;
  if (EXPECT(w, hipSuccess, hipMemGetAccess, &flags, &desc.location, addr + pick(w, bytes)) &&
      flags != desc.flags)
    thread_failed(w, "hipMemGetAccess says %llu after hipMemSetAccess of %d", flags,
                  (int)desc.flags);
}

static void private_retain(worker *w) {
  target t;
  if (!some_target(w, &t))
    return;
  hipMemGenericAllocationHandle_t handle = NULL;
  if (t.phys == NULL) {
    EXPECT(w, hipErrorInvalidValue, hipMemRetainAllocationHandle, &handle, t.addr);
  } else if (EXPECT(w, hipSuccess, hipMemRetainAllocationHandle, &handle, t.addr)) {
    if (handle != t.phys->handle)
      thread_failed(w, "hipMemRetainAllocationHandle gave %p, expected %p", (void *)handle,
                    (void *)t.phys->handle);
    t.phys->refs++;
  }
}

/* Host to device: a copy or a set, synchronous or on the thread's stream. */
static void private_write(worker *w) {
  target t;
  if (!some_target(w, &t))
    return;
  hipError_t want = write_code(&t);
  bool done;
  switch (pick(w, 4)) {
  case 0:
    fill_host(w, t.bytes);
    done = EXPECT(w, want, hipMemcpyHtoD, t.addr, w->host, t.bytes);
    break;
  case 1:
    fill_host(w, t.bytes);
    done = EXPECT(w, want, hipMemcpyHtoDAsync, t.addr, w->host, t.bytes, w->stream) &&
           EXPECT(w, hipSuccess, hipStreamSynchronize, w->stream);
    break;
  case 2:
    memset(w->host, (int)pick(w, 256), t.bytes);
    done = EXPECT(w, want, hipMemset, t.addr, w->host[0], t.bytes);
    break;
  default: { /* whole 32-bit words from the start of the range */
    uint32_t word = (uint32_t)next_random(w);
    t.bytes -= t.bytes % 4;
    for (size_t i = 0; i < t.bytes; i += 4)
      memcpy(w->host + i, &word, 4);
    done =
        EXPECT(w, t.bytes == 0 ? hipSuccess : want, hipMemsetD32, t.addr, (int)word, t.bytes / 4);
    break;
  }
  }
  if (done && want == hipSuccess)
    memcpy(t.phys->contents + t.offset, w->host, t.bytes);
}

/* Device to host: the bytes must be what the model says. */
static void private_read(worker *w) {
  target t;
  if (!some_target(w, &t))
    return;
  hipError_t want = read_code(&t);
  memset(w->host, 0xee, t.bytes);
  bool done = pick(w, 2)
                  ? EXPECT(w, want, hipMemcpyDtoH, w->host, t.addr, t.bytes)
                  : EXPECT(w, want, hipMemcpyDtoHAsync, w->host, t.addr, t.bytes, w->stream) &&
                        EXPECT(w, hipSuccess, hipStreamSynchronize, w->stream);
  if (done && want == hipSuccess && memcmp(w->host, t.phys->contents + t.offset, t.bytes) != 0)
    thread_failed(w, "hipMemcpyDtoH of %zu bytes at %p read other bytes than were written", t.bytes,
                  (void *)t.addr);
}

/* Device to device between two different allocations (aliases would overlap). */
static void private_copy_across(worker *w) {
  target src, dst;
  if (!some_target(w, &src) || !some_target(w, &dst))
    return;
  size_t bytes = src.bytes < dst.bytes ? src.bytes : dst.bytes;
  if (src.phys != NULL && src.phys == dst.phys)
    return;
  hipError_t want = read_code(&src) != hipSuccess ? read_code(&src) : write_code(&dst);
  if (EXPECT(w, want, hipMemcpyDtoD, dst.addr, src.addr, bytes) && want == hipSuccess)
    memcpy(dst.phys->contents + dst.offset, src.phys->contents + src.offset, bytes);
}

/* ---- shared operations: success or a lost race ---- */

static char *shared_slot(worker *w) {
  size_t r = pick(w, SHARED_RESERVATIONS);
  return shared_base[r] + pick(w, SHARED_SLOTS) * granule;
}

/* Whole slots; sometimes two, which may run into the next mapping or past the end. */
static void shared_map_unmap_or_grant(worker *w) {
  char *slot = shared_slot(w);
  size_t bytes = (1 + pick(w, 2)) * granule;
  switch (pick(w, 3)) {
  case 0: RACE(w, hipMemMap, slot, granule, 0, shared_handle[pick(w, SHARED_HANDLES)], 0); break;
  case 1: RACE(w, hipMemUnmap, slot, bytes); break;
  default: {
    hipMemAccessFlags flags =
        pick(w, 4) ? hipMemAccessFlagsProtReadWrite : hipMemAccessFlagsProtRead;
    hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, flags},
                                {{hipMemLocationTypeDevice, 1}, flags}};
    hipMemLocation here = {hipMemLocationTypeDevice, w->device};
    unsigned long long got = 0;
    RACE(w, hipMemSetAccess, slot, bytes, desc, 2);
    RACE(w, hipMemGetAccess, &got, &here, slot);
    break;
  }
  }
}

/* Copies within this thread's lane; what the bytes are is anyone's guess. */
static void shared_copy(worker *w) {
  char *lane = shared_slot(w) + w->id * LANE;
  size_t bytes = 1 + pick(w, LANE), offset = pick(w, LANE - bytes + 1);
  switch (pick(w, 5)) {
  case 0:
    fill_host(w, bytes);
    RACE_COPY(w, hipMemcpyHtoD, lane + offset, w->host, bytes);
    break;
  case 1: RACE_COPY(w, hipMemcpyDtoH, w->host, lane + offset, bytes); break;
  case 2: {
    char *other = shared_slot(w) + w->id * LANE;
    RACE_COPY(w, hipMemcpyDtoD, other + offset, lane + offset, bytes);
    break;
  }
  case 3: RACE_COPY(w, hipMemset, lane + offset, (int)pick(w, 256), bytes); break;
  default: { /* from a private mapping into the lane */
    target t;
    if (some_target(w, &t) && t.bytes <= LANE && can_read(&t))
      RACE_COPY(w, hipMemcpyDtoD, lane, t.addr, t.bytes);
    break;
  }
  }
}

static void shared_retain(worker *w) {
  hipMemGenericAllocationHandle_t handle = NULL;
  char *addr = shared_slot(w) + pick(w, granule);
  if (!RACE(w, hipMemRetainAllocationHandle, &handle, addr))
    return;
  bool known = false;
  for (int h = 0; h < SHARED_HANDLES; h++)
    known = known || handle == shared_handle[h];
  if (!known)
    thread_failed(w, "hipMemRetainAllocationHandle on shared memory gave %p, not a shared handle",
                  (void *)handle);
  EXPECT(w, hipSuccess, hipMemRelease, handle); /* our reference: never a lost race */
}

/* ---- the thread ---- */

static void private_teardown(worker *w) {
  for (int i = 0; i < PRIVATE_RESERVATIONS && !w->failed; i++) {
    reservation_model *r = &w->reservation[i];
    if (r->base == NULL)
      continue;
    for (int k = 0; k < PRIVATE_SLOTS; k++)
      if (r->first[k] == k && EXPECT(w, hipSuccess, hipMemUnmap, r->base + (size_t)k * granule,
                                     w->phys[r->phys[k]].bytes))
        unmap_first(w, r, k);
    if (EXPECT(w, hipSuccess, hipMemAddressFree, r->base, PRIVATE_SLOTS * granule))
      reservation_reset(r, NULL);
  }
  for (int i = 0; i < PRIVATE_HANDLES && !w->failed; i++) {
    phys_model *p = &w->phys[i];
    while (p->handle != NULL && EXPECT(w, hipSuccess, hipMemRelease, p->handle)) {
      p->refs--;
      phys_forget_if_gone(w, p);
    }
  }
  for (int i = 0; i < PRIVATE_HANDLES; i++)
    free(w->phys[i].contents); /* left only after a failure */
}

/* What a thread does, and how often: mostly private calls, whose answers are checked. */
static const struct operation {
  void (*run)(worker *w);
  unsigned weight;
} operations[] = {
    {private_reserve_or_free, 1},
    {private_create_or_release, 2},
    {private_map, 3},
    {private_unmap, 1},
    {private_set_access, 2},
    {private_retain, 1},
    {private_write, 3},
    {private_read, 3},
    {private_copy_across, 2},
    {shared_map_unmap_or_grant, 3},
    {shared_copy, 3},
    {shared_retain, 1},
};

static void run_one(worker *w) {
  unsigned total = 0;
  for (size_t i = 0; i < sizeof operations / sizeof operations[0]; i++)
    total += operations[i].weight;
  unsigned at = (unsigned)pick(w, total);
  const struct operation *op = operations;
  while (at >= op->weight)
    at -= op->weight, op++;
  op->run(w);
}

static void *run_worker(void *arg) {
  worker *w = arg;
  w->host = malloc(MAX_COPY);
  if (w->host == NULL) {
    thread_failed(w, "out of host memory");
    return NULL;
  }
  EXPECT(w, hipSuccess, hipSetDevice, w->device);
  EXPECT(w, hipSuccess, hipStreamCreate, &w->stream);
  for (w->iteration = 0; w->iteration < w->iterations && !w->failed; w->iteration++)
    run_one(w);
  private_teardown(w);
  if (w->stream != NULL)
    EXPECT(w, hipSuccess, hipStreamDestroy, w->stream);
  free(w->host);
  return NULL;
}

/* ---- the test ---- */

static unsigned scale(void) {
  const char *text = getenv("HIPVMM_STRESS_SCALE");
  if (text == NULL)
    return 1;
  char *end;
  unsigned long value = strtoul(text, &end, 10);
  if (*text < '1' || *text > '9' || *end != '\0' || value > 1000000) {
    print_error("HIPVMM_STRESS_SCALE=%s is not a whole number from 1 to 1000000\n", text);
    fail();
  }
  return (unsigned)value;
}

/* Two reservations of one-granule slots, every other slot mapped, readable and writable by both
   devices; the handles alternate between the devices. */
static void shared_setup(void) {
  for (int h = 0; h < SHARED_HANDLES; h++) {
    hipMemAllocationProp prop = mt_prop_device(h % 2);
    MT_CHECK(hipMemCreate(&shared_handle[h], granule, &prop, 0));
  }
  hipMemAccessDesc desc[2] = {{{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
                              {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite}};
  for (int r = 0; r < SHARED_RESERVATIONS; r++) {
    MT_CHECK(hipMemAddressReserve((void **)&shared_base[r], SHARED_SLOTS * granule, 0, NULL, 0));
    for (int k = 0; k < SHARED_SLOTS; k += 2) {
      char *slot = shared_base[r] + (size_t)k * granule;
      MT_CHECK(hipMemMap(slot, granule, 0, shared_handle[(r + k) % SHARED_HANDLES], 0));
      MT_CHECK(hipMemSetAccess(slot, granule, desc, 2));
    }
  }
}

/* Unmaps whatever the threads left mapped; returns how many mappings that was. */
static size_t shared_teardown(void) {
  size_t unmapped = 0;
  for (int r = 0; r < SHARED_RESERVATIONS; r++) {
    for (int k = 0; k < SHARED_SLOTS; k++) {
      hipError_t err = hipMemUnmap(shared_base[r] + (size_t)k * granule, granule);
      if (err != hipErrorInvalidValue) /* InvalidValue: nothing is mapped there */
        MT_EXPECT(hipSuccess, err);
      unmapped += err == hipSuccess;
    }
    MT_CHECK(hipMemAddressFree(shared_base[r], SHARED_SLOTS * granule));
  }
  for (int h = 0; h < SHARED_HANDLES; h++)
    MT_CHECK(hipMemRelease(shared_handle[h]));
  return unmapped;
}

static void assert_calls_counted(const mockhip_stats_t *before, const mockhip_stats_t *after,
                                 const worker *workers) {
  bool all_equal = true;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    unsigned long long made = 0;
    for (int t = 0; t < THREADS; t++)
      made += workers[t].calls[api];
    unsigned long long counted = after->calls[api] - before->calls[api];
    if (counted != made)
      print_error("%s: the threads made %llu calls, mockhip_stats counted %llu\n",
                  mockhip_api_name(api), made, counted);
    all_equal = all_equal && counted == made;
  }
  assert_true(all_equal);
}

static void test_random_calls_from_eight_threads(void **state) {
  (void)state;
  unsigned iterations = ITERATIONS * scale(); /* before anything needs tearing down */
  granule = mt_granularity();
  refusal = mt_copy_refusal();
  assert_true(THREADS * LANE <= granule);
  shared_setup();
  atomic_store(&failures, 0);
  static worker workers[THREADS];
  memset(workers, 0, sizeof workers);
  for (unsigned t = 0; t < THREADS; t++) {
    workers[t].id = t;
    workers[t].device = (int)(t % 2);
    workers[t].rng = 0x5eed0000u + t; /* fixed: every run makes the same private calls */
    workers[t].iterations = iterations;
    for (int i = 0; i < PRIVATE_RESERVATIONS; i++)
      reservation_reset(&workers[t].reservation[i], NULL);
  }

  mockhip_stats_t before = mt_stats();
  pthread_t threads[THREADS];
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_create(&threads[t], NULL, run_worker, &workers[t]), 0);
  for (unsigned t = 0; t < THREADS; t++)
    assert_int_equal(pthread_join(threads[t], NULL), 0);
  mockhip_stats_t after = mt_stats();

  assert_int_equal(atomic_load(&failures), 0);
  assert_calls_counted(&before, &after, workers);
  unsigned long long done = 0, refused = 0;
  for (int t = 0; t < THREADS; t++)
    done += workers[t].shared_done, refused += workers[t].shared_refused;
  print_message("stress: %u threads x %u iterations; shared calls: %llu succeeded, %llu refused\n",
                THREADS, workers[0].iterations, done, refused);
  assert_true(done > 0 && refused > 0); /* shared slots were both won and lost */

  /* Only the shared objects are left: the threads cleaned up after themselves. */
  assert_int_equal(after.live_reservations, SHARED_RESERVATIONS);
  assert_int_equal(after.live_handles, SHARED_HANDLES);
  assert_int_equal(after.physical_bytes, SHARED_HANDLES * granule);
  assert_int_equal(after.mapped_bytes, after.live_mappings * granule);
  assert_int_equal(after.live_streams, 0);
  assert_int_equal(after.live_mallocs, 0);
  assert_int_equal(shared_teardown(), after.live_mappings);

  mockhip_stats_t end = mt_stats();
  assert_int_equal(end.live_reservations, 0);
  assert_int_equal(end.live_mappings, 0);
  assert_int_equal(end.live_handles, 0);
  assert_int_equal(end.live_mallocs, 0);
  assert_int_equal(end.live_streams, 0);
  assert_int_equal(end.reserved_bytes, 0);
  assert_int_equal(end.mapped_bytes, 0);
  assert_int_equal(end.physical_bytes, 0);
  assert_int_equal(mockhip_live_objects(), 0);
}

int main(void) {
  setenv("MOCKHIP_DEVICES", "2", 1); /* before the first call reads it */
  const struct CMUnitTest tests[] = {
      MT_CLEAN_TEST(test_random_calls_from_eight_threads),
  };
  return cmocka_run_group_tests_name("stress", tests, NULL, NULL);
}
