/*
 * internal.h: what mockhip's source files share: the options, the objects
 * (physical allocations, reservations and hipMalloc blocks, mappings,
 * streams, captures, events, graphs), the process-wide state, the entry/exit path of every HIP
 * call, the lookups, and the hooks of fault injection, the leak and misuse reports and the error
 * names.
 *
 * One process-wide state guarded by one read-write lock: VMM changes take it
 * for writing, copies and queries for reading, so a mapping cannot vanish under
 * a copy in flight. The OS mechanism (os.c, arena.c) sits below and knows
 * nothing of HIP.
 */
#ifndef MH_INTERNAL_H
#define MH_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

#include "core/addr_index.h"
#include "hipvmm_compat.h"
#include "core/idmap.h"
#include "os/os.h"
#include "core/profile.h"
#include "core/tree.h"

#define MH_EXPORT __attribute__((visibility("default")))
#define MH_HIDDEN __attribute__((visibility("hidden")))

/* The most devices MOCKHIP_DEVICES may ask for. */
#define MH_MAX_DEVICES 64

/* ---- options (options.c) ---- */

typedef struct mh_options {
  int devices;                    /* MOCKHIP_DEVICES */
  size_t granularity;             /* MOCKHIP_GRANULARITY: the minimum */
  size_t granularity_recommended; /* MOCKHIP_GRANULARITY_RECOMMENDED */
  size_t device_memory;           /* MOCKHIP_DEVICE_MEMORY: capacity per device */
  bool trace;                     /* MOCKHIP_TRACE */
  bool fd_per_handle;             /* MOCKHIP_FD_PER_HANDLE: a memory file per handle, as ROCm */
  const char *fail;               /* MOCKHIP_FAIL: fault-injection rules, or NULL */
  unsigned long long seed;        /* MOCKHIP_SEED: for the p= rules */
  bool leak_check;                /* MOCKHIP_LEAK_CHECK */
  bool strict;                    /* MOCKHIP_STRICT */
  const char *rocm_version;       /* MOCKHIP_ROCM_VERSION, or NULL: read by profile.c */
  bool explain;                   /* MOCKHIP_EXPLAIN: faults on mock memory explain themselves */
  bool teach;                     /* MOCKHIP_TEACH: trace + strict + explain, and ROCm's answer */
  const char *host_access;        /* MOCKHIP_HOST_ACCESS ("strict"), or NULL */
  const char *trace_html;         /* MOCKHIP_TRACE_HTML: the stepper page's path, or NULL */
  size_t recycle_bytes;           /* MOCKHIP_RECYCLE_BYTES: released memory kept warm; 0: none */
} mh_options;

/* Room for an option value as a warning shows it. */
#define MH_SHOWN_BYTES 256

/* text as one printable line: control bytes become \xNN, so a value cannot
   start a forged line of its own; long values are cut. */
MH_HIDDEN void mh__option_shown(const char *text, char out[MH_SHOWN_BYTES]);

/* Reads every MOCKHIP_* variable from the environment; warns on bad values. */
MH_HIDDEN void mh__options_read(mh_options *out);

/* ---- objects ---- */

/* A physical allocation: what a hipMemGenericAllocationHandle_t names. */
typedef struct mh_phys {
  uint64_t id;         /* the handle value; never reused */
  mh_os_memory memory; /* the backing memory file */
  size_t bytes;
  hipMemAllocationProp prop; /* as given to create, or made up by import */
  int charged_device;        /* device whose capacity it uses, -1 for none */
  size_t handle_refs;        /* create/import/retain minus release */
  size_t mappings;           /* live mappings of it */
  bool imported;
  bool warm;        /* recycled: its pages are resident, so access populates them (recycle.c) */
  const void *site; /* the call that made it, for the leak report */
} mh_phys;

/* The handle value that names phys: its id. */
static inline hipMemGenericAllocationHandle_t mh__phys_handle(const mh_phys *phys) {
  return (hipMemGenericAllocationHandle_t)(uintptr_t)phys->id;
}

/* A reservation or a block of the hipMalloc family (blocks.c): a range of address space. */
typedef enum mh_region_kind { MH_REGION_RESERVATION, MH_REGION_MALLOC } mh_region_kind;

/* What memory a hipMalloc-family block is, as hipPointerGetAttributes reports it: device
   memory is charged to its device's capacity, host and managed memory to none. */
typedef enum mh_block_memory { MH_BLOCK_DEVICE, MH_BLOCK_HOST, MH_BLOCK_MANAGED } mh_block_memory;

typedef struct mh_region {
  mh_tree_node node; /* keyed by base */
  mh_region_kind kind;
  uintptr_t base;
  size_t bytes;       /* address space held: a hipMalloc block's is rounded up to pages */
  size_t asked_bytes; /* the size asked for, which copies stay within */
  int device;         /* block: the current device at allocation (charged if device memory);
                         reservation: -1 */
  size_t mappings;    /* live mappings inside a reservation */
  const void *site;
  mh_block_memory memory; /* block: device, host or managed */
  unsigned flags;         /* block: hipPointerAttribute_t.allocationFlags */
  mockhip_api made_by;    /* block: the entry point that allocated it, for reports */
  unsigned long number;   /* reservation#N or <made_by>#N, counted per kind from 1 */
} mh_region;

/* Where access is recorded: one slot per device, then one for the host. */
#define MH_HOST_SLOT(state) ((state)->options.devices)

typedef struct mh_mapping {
  mh_tree_node node; /* keyed by base */
  uintptr_t base;
  size_t bytes;
  mh_region *reservation;
  mh_phys *phys;
  const void *site;
  unsigned char access[]; /* hipMemAccessFlags per slot (devices + host) */
} mh_mapping;

typedef struct mh_capture mh_capture;

/* Nodes of a capture (numbered from 0) that later captured work depends on. */
typedef struct mh_node_set {
  uint32_t *nodes;
  size_t count, capacity;
} mh_node_set;

typedef struct mh_stream {
  uint64_t id;
  const void *site;
  unsigned flags;                /* hipStreamDefault or hipStreamNonBlocking */
  int priority;                  /* clamped into ROCm's range, -1..1 */
  int device;                    /* current when made: hipDeviceReset of it destroys it */
  bool per_thread;               /* a thread's hipStreamPerThread: not counted, not a leak */
  mh_capture *capture;           /* the capture it takes part in, or NULL (capture.c) */
  struct mh_stream *next_member; /* the capture's other members, after the origin */
  mh_node_set deps;              /* what its next captured work depends on (capture_nodes.c) */
} mh_stream;

/* A capture in progress: begun on its origin, joined by the streams that wait
   on an event recorded in it, ended on the origin (capture.c). */
struct mh_capture {
  unsigned long long id; /* hipStreamGetCaptureInfo's id: unique, from 1 */
  hipStreamCaptureMode mode;
  hipStreamCaptureStatus status; /* Active or Invalidated */
  uint64_t thread;               /* mh__thread_serial() of the thread that began it */
  mh_stream *origin;
  mh_stream *members;      /* joined streams, linked by next_member */
  mh_capture *prev, *next; /* every capture not ended yet: state->captures */
  /* Its nodes, by number: which are leaves (capture_nodes.c). Work is captured under
     the state's read lock, so these have a lock of their own. */
  pthread_mutex_t nodes_lock;
  unsigned char *leaf;
  size_t node_count, node_capacity, leaves;
};

/* An event: the monotonic time and the stream of its last record (event.c). */
typedef struct mh_event {
  uint64_t id;
  const void *site;
  unsigned flags;
  int device;           /* the current device when it was made */
  bool recorded;        /* a record ran (a captured record does not run) */
  uint64_t recorded_ns; /* CLOCK_MONOTONIC at that record */
  uint64_t stream_id;   /* the stream of the last record, captured or not; 0: the null stream */
  unsigned long long capture_id; /* the capture the last record went into, 0 for none */
  mh_node_set deps;              /* that record's dependencies in the capture */
} mh_event;

/* A graph made by hipStreamEndCapture: nothing inside, since captured work is dropped. */
typedef struct mh_graph {
  uint64_t id;
  const void *site;
} mh_graph;

/* ---- the process-wide state (runtime.c) ---- */

typedef struct mh_state {
  pthread_rwlock_t *lock; /* see the fork handlers in runtime.c */
  mh_options options;
  size_t page_bytes;
  mh_tree regions;                    /* reservations and hipMalloc blocks */
  mh_tree mappings;                   /* ordered walks */
  mh_addr_index by_address;           /* the mapping at an address, in steps that do not grow */
  mh_idmap handles;                   /* id -> mh_phys */
  mh_idmap streams;                   /* id -> mh_stream */
  mh_idmap events;                    /* id -> mh_event */
  mh_idmap graphs;                    /* id -> mh_graph */
  mh_capture *captures;               /* captures not ended, newest first */
  unsigned long long next_capture_id; /* from 1, as ROCm's */
  uint64_t next_id[5]; /* per mh_id_kind, so handle#1, stream#1 ... count on their own */
  unsigned long region_numbers[2];    /* the last number given per mh_region_kind */
  size_t device_used[MH_MAX_DEVICES]; /* bytes charged per device */
  mockhip_stats_t stats;              /* counters kept under the lock; calls are atomic */
  /* peer access and primary contexts (peer.c, context.c) */
  uint64_t peer_enabled[MH_MAX_DEVICES];  /* bit p of [d]: device d enabled access to peer p */
  size_t primary_retains[MH_MAX_DEVICES]; /* retains minus releases, for the dump only */
  bool primary_active[MH_MAX_DEVICES];    /* hipSetDevice has named the device */
} mh_state;

/* The state, initialised on first use. */
MH_HIDDEN mh_state *mh__state(void);

MH_HIDDEN void mh__lock_read(void);
MH_HIDDEN void mh__lock_write(void);
MH_HIDDEN void mh__unlock(void);

/* The calling thread's current device, which is also its current context. */
MH_HIDDEN int mh__current_device(void);
MH_HIDDEN void mh__set_current_device(int device);

/* The address an entry point returns to: its caller's call site. */
#define MH_CALLER __builtin_return_address(0)

/*
 * Every entry point starts here: counts the call, notes its site and, when
 * state_out is not NULL, gives the state. Returns hipSuccess, or the failure a
 * fault-injection rule chose (reason recorded): the entry point then does
 * nothing but mh__leave, so an injected failure has no side effect.
 */
MH_HIDDEN hipError_t mh__enter(mockhip_api api, void *site, mh_state **state_out);

/* The call site and the entry point of the calling thread's current call. */
MH_HIDDEN void *mh__call_site(void);
MH_HIDDEN mockhip_api mh__call_api(void);

/*
 * Ends an entry point: records the thread's last error and reason and, when
 * calls are traced, prints the trace line ("name(args) = result") with the
 * arguments decoded (trace.c). A macro so that the arguments, decoders
 * included, are evaluated only while tracing: untraced calls pay one test.
 */
#define mh__leave(api, err, ...)                                                                   \
  (mh__tracing() ? mh__leave_traced((api), (err), __VA_ARGS__) : mh__leave_quiet((api), (err)))

/* mh__leave without a trace line: records the last error and reason, returns err (runtime.c). */
MH_HIDDEN hipError_t mh__leave_quiet(mockhip_api api, hipError_t err);

/* ---- trace and teach mode: trace.h ---- */

#include "diag/trace.h"

/* Records why the call fails and returns err, for `return mh__fail(...)`. */
MH_HIDDEN hipError_t mh__fail(hipError_t err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* What an id names; its low bits say so, so a stale id tells what it was. */
typedef enum mh_id_kind {
  MH_ID_HANDLE = 1,
  MH_ID_STREAM = 2,
  MH_ID_EVENT = 3,
  MH_ID_GRAPH = 4
} mh_id_kind;

/* A fresh id for a handle or a stream, shaped so it never looks like NULL. */
MH_HIDDEN uint64_t mh__new_id(mh_state *state, mh_id_kind kind);

/* Whether id was once issued for kind (it may be released by now). */
MH_HIDDEN bool mh__id_was_issued(const mh_state *state, uint64_t id, mh_id_kind kind);

/* The N of handle#N, stream#N ...: ids are numbered per kind from 1; 0 when value is no id of
   kind. */
MH_HIDDEN unsigned long long mh__id_number(uint64_t value, mh_id_kind kind);

/* ---- lookups ---- */

/* The reservation or hipMalloc block containing addr, or NULL (reservation.c). */
MH_HIDDEN mh_region *mh__region_containing(mh_state *state, uintptr_t addr);

/* The mapping containing addr, or NULL (mapping.c). */
MH_HIDDEN mh_mapping *mh__mapping_containing(mh_state *state, uintptr_t addr);

/* The mapping that starts exactly at addr, or NULL (mapping.c). */
MH_HIDDEN mh_mapping *mh__mapping_at(mh_state *state, uintptr_t addr);

/* The mapping that starts where m ends, or NULL (mapping.c). */
MH_HIDDEN mh_mapping *mh__mapping_next(mh_state *state, const mh_mapping *m);

/*
 * The mappings a hipMemUnmap of [ptr, ptr + *bytes) removes, as the played
 * release chooses them: *first and the *count after it, *bytes set to their
 * sum. Returns hipSuccess, or the release's error with the reason recorded
 * (mapping_run.c).
 */
MH_HIDDEN hipError_t mh__unmap_run(mh_state *state, void *ptr, size_t *bytes, mh_mapping **first,
                                   size_t *count);

/* The mappings a hipMemSetAccess over [ptr, ptr+bytes) changes, as the played release
   chooses them: the first and *count; NULL with the reason recorded (mapping_run.c). */
MH_HIDDEN mh_mapping *mh__access_run(mh_state *state, void *ptr, size_t bytes, size_t *count);

/*
 * addr as a person reads it: "reservation#2+0x4000", "hipMalloc#1+0x10",
 * "NULL", or "0x7f..." outside every region (describe.c). Call under the lock.
 */
MH_HIDDEN void mh__describe_addr(mh_state *state, uintptr_t addr, char *out, size_t out_bytes);

/* The region's name: "reservation#2", "hipMalloc#1" (describe.c). */
MH_HIDDEN void mh__describe_region(const mh_region *region, char *out, size_t out_bytes);

/* Numbers a new region of its kind: reservation#1, #2, ... (describe.c). */
MH_HIDDEN void mh__region_number(mh_state *state, mh_region *region);

/* The live physical allocation a handle names, or NULL (NULL, garbage, freed) (phys.c). */
MH_HIDDEN mh_phys *mh__phys_lookup(mh_state *state, hipMemGenericAllocationHandle_t handle);

/* Drops one mapping's hold on phys; frees it when nothing holds it any more (phys.c). */
MH_HIDDEN void mh__phys_unhold(mh_state *state, mh_phys *phys);

/* Whether type is Device, Host, HostNuma or HostNumaCurrent (phys.c). */
MH_HIDDEN bool mh__is_location_type(int type);

/* What hipMemGetAllocationGranularity answers for Recommended: its own value in
   the newest runtime, the minimum up to 7.2 (a.1#7) (phys.c). */
MH_HIDDEN size_t mh__recommended_granularity(const mh_state *state);

/* Whether device is in 0..devices-1 (runtime.c). */
MH_HIDDEN bool mh__valid_device(const mh_state *state, int device);

/* ---- hipMalloc-family blocks (blocks.c) ---- */

/*
 * Allocates a block of `bytes` (> 0) for the current device, made by the
 * calling entry point, and sets *out. Device memory is charged to the device;
 * host and managed memory to none, but one block of them may not exceed the
 * capacity either. hipErrorOutOfMemory with the reason recorded. Call under
 * the write lock.
 */
MH_HIDDEN hipError_t mh__block_alloc(mh_state *state, void **out, size_t bytes,
                                     mh_block_memory memory, unsigned flags);

/* Frees the block starting at ptr (NULL: nothing, hipSuccess); any other address is
   hipErrorInvalidValue, the reason naming the argument `what`. Call under the write lock. */
MH_HIDDEN hipError_t mh__block_free(mh_state *state, void *ptr, const char *what);

/* Frees every block made while device was current (hipDeviceReset). */
MH_HIDDEN void mh__blocks_reset(mh_state *state, int device);

/* The block whose asked-for bytes hold addr, or NULL. Call under the lock. */
MH_HIDDEN mh_region *mh__block_containing(mh_state *state, uintptr_t addr);

/* ---- checks before copies (copy.c, device_memory.c) ---- */

/*
 * Checks that [addr, addr+bytes) is device memory the device may use with the
 * access it needs (Read for a source, ReadWrite for a destination): inside one
 * hipMalloc block (the size it was asked for), or inside one reservation,
 * fully mapped with no hole.
 * Returns hipSuccess, or hipErrorInvalidValue with the reason recorded.
 * *is_device says whether addr lies in device memory at all.
 */
MH_HIDDEN hipError_t mh__check_device_range(mh_state *state, uintptr_t addr, size_t bytes,
                                            int device, hipMemAccessFlags need, bool *is_device);

/* ---- streams, events and capture (stream.c, event.c, capture.c) ---- */

/*
 * What a stream handle names: *out is NULL for the null stream (NULL or
 * hipStreamLegacy), the calling thread's stream for hipStreamPerThread (made
 * on first use, for the current device), else the live stream. A handle that
 * is none of these gets ROCm's hipErrorContextIsDestroyed, reason recorded.
 * Under the lock, either kind.
 */
MH_HIDDEN hipError_t mh__stream_get(mh_state *state, hipStream_t stream, mh_stream **out);

/* mh__stream_get without the stream: hipSuccess for any handle a call may take. */
MH_HIDDEN hipError_t mh__check_stream(mh_state *state, hipStream_t stream);

/* ---- devices and contexts (device.c, context.c, device_memory.c) ---- */

/* The device whose primary context ctx is, or -1 (context.c). */
MH_HIDDEN int mh__context_device(hipCtx_t ctx);

/* Marks device's primary context active, as hipSetDevice does in ROCm (context.c). */
MH_HIDDEN void mh__primary_context_activate(mh_state *state, int device);

/* The live stream (per-thread ones too) with this id, or NULL. */
MH_HIDDEN mh_stream *mh__stream_by_id(mh_state *state, uint64_t id);

/* Destroys every stream made on device (hipDeviceReset); under the write lock. */
MH_HIDDEN void mh__streams_reset(mh_state *state, int device);

/* A number for the calling thread, never reused, for "the thread that began a capture". */
MH_HIDDEN uint64_t mh__thread_serial(void);

/*
 * The capture checks ROCm makes at the top of calls that must not run while
 * a stream captures, before their argument checks (hip_internal.hpp):
 *   MH_CAPTURE_UNSAFE      CHECK_STREAM_CAPTURE_SUPPORTED (hipMalloc, hipFree):
 *                          unless the thread's mode is Relaxed, a Global or
 *                          ThreadLocal capture this thread began, or under
 *                          Global mode any Global capture, is invalidated and
 *                          the call gets hipErrorStreamCaptureUnsupported.
 *   MH_CAPTURE_DEVICE_SYNC CHECK_SUPPORTED_DURING_CAPTURE (hipDeviceSynchronize):
 *                          any capture, any mode: all invalidated, Unsupported.
 *   MH_CAPTURE_SYNC_COPY   CHECK_STREAM_CAPTURING (hipMemcpy, hipMemset and the
 *                          other synchronous copies and sets): any capture:
 *                          all invalidated, hipErrorStreamCaptureImplicit.
 * Takes the write lock itself when a capture exists; call it unlocked.
 */
typedef enum mh_capture_rule {
  MH_CAPTURE_UNSAFE,
  MH_CAPTURE_DEVICE_SYNC,
  MH_CAPTURE_SYNC_COPY
} mh_capture_rule;
MH_HIDDEN hipError_t mh__capture_check(mh_capture_rule rule);

/* ROCm's StreamCaptureOngoing (hipStreamSynchronize, hipStreamQuery): a
   capturing stream, or any capture the thread's mode forbids, is invalidated and
   hipErrorStreamCaptureUnsupported returned. stream may be NULL (no check).
   Under the write lock. */
MH_HIDDEN hipError_t mh__capture_stream_ongoing(mh_state *state, mh_stream *stream);

/* The part of that rule that does not depend on a stream: the thread's mode
   against the captures of this and other threads (hipEventQuery/Synchronize). */
MH_HIDDEN hipError_t mh__capture_mode_forbids(mh_state *state);

/*
 * ROCm's STREAM_CAPTURE, for work queued on a stream (hipMemcpyAsync,
 * hipMemsetAsync, ...): checks the handle (mh__stream_get), then *capturing
 * is the stream when its capture is active, so the work goes into the graph
 * instead of running (mh__capture_add_node once its arguments pass), NULL
 * otherwise; an invalidated capture gets hipErrorStreamCaptureInvalidated.
 * Under the lock, either kind.
 */
MH_HIDDEN hipError_t mh__stream_work(mh_state *state, hipStream_t stream, mh_stream **capturing);

/* ---- the nodes of a capture (capture_nodes.c) ---- */

/* Captured work on stream, which captures: a new node after its dependencies.
   Under the lock, either kind. */
MH_HIDDEN hipError_t mh__capture_add_node(mh_stream *stream);

/* to |= from. Under the write lock. */
MH_HIDDEN hipError_t mh__node_set_union(mh_node_set *to, const mh_node_set *from);
MH_HIDDEN void mh__node_set_free(mh_node_set *set);

/* The leaves a final node after the origin's work would leave: more than one
   means a joined stream's work was not joined back. */
MH_HIDDEN size_t mh__capture_loose_ends(const mh_capture *capture);

/* The status a stream's capture gives it (None when it takes part in none). */
static inline hipStreamCaptureStatus mh__capture_status(const mh_stream *stream) {
  return stream != NULL && stream->capture != NULL ? stream->capture->status
                                                   : hipStreamCaptureStatusNone;
}

/* Marks the whole capture invalid (ROCm's InvalidateCapture). */
MH_HIDDEN void mh__capture_invalidate(mh_capture *capture);

/* Takes stream out of its capture: a member leaves it; the origin ends it, its
   members leaving with it. Under the write lock. */
MH_HIDDEN void mh__capture_leave(mh_state *state, mh_stream *stream);

/* Makes stream a member of capture (hipStreamWaitEvent on an event recorded in it). */
MH_HIDDEN void mh__capture_join(mh_capture *capture, mh_stream *stream);

/* Whether any capture is active on a stream that is not hipStreamNonBlocking
   (ROCm's StreamCaptureBlocking). */
MH_HIDDEN bool mh__capture_blocking(const mh_state *state);

/* Prints the captures in progress, for mockhip_dump. Under the lock. */
MH_HIDDEN void mh__capture_dump(FILE *out, const mh_state *state);

/* ---- fault injection (fault.c) ---- */

/* Installs MOCKHIP_FAIL's rules at start-up; a bad list warns and installs none. */
MH_HIDDEN void mh__fault_init(const char *rules, unsigned long long seed);

/* hipSuccess, or the error a rule injects into this call of api (reason recorded). */
MH_HIDDEN hipError_t mh__fault_check(mockhip_api api);

/* Makes the fault lock usable again in a forked child. */
MH_HIDDEN void mh__fault_forked_child(void);

/* ---- leak and misuse reports (leak.c, strict.c, site.c) ---- */

/* Turns the exit-time leak check on for this process (MOCKHIP_LEAK_CHECK). */
MH_HIDDEN void mh__leak_check_init(bool on);

typedef enum mh_misuse {
  MH_MISUSE_PARTIAL_UNMAP,
  MH_MISUSE_UNMAP_UNMAPPED,
  MH_MISUSE_PARTIAL_ACCESS,
  MH_MISUSE_ACCESS_HOLE,
  MH_MISUSE_COPY_SPANS,
  MH_MISUSE_FREE_MAPPED,
  MH_MISUSE_TEARDOWN_ORDER,
  MH_MISUSE_DOUBLE_RELEASE,
  MH_MISUSE_RELEASED_HANDLE,
  MH_MISUSE_VERSION_CRASH, /* the played ROCm release crashes here */
  MH_MISUSE_VERSION_BUG,   /* the played release has a documented bug here */
  MH_MISUSE_COUNT
} mh_misuse;

MH_HIDDEN void mh__strict_init(bool on);
MH_HIDDEN void mh__strict_forked_child(void);

/* Remembers (kind, site): true the first time, false after (a bounded table: past 1024 pairs,
   true again). kind: an mh_misuse, or MH_ONCE_HOST_NOTE and the like past them (strict.c). */
MH_HIDDEN bool mh__first_at_site(unsigned kind, const void *site);
#define MH_ONCE_HOST_NOTE ((unsigned)MH_MISUSE_COUNT) /* teach mode's host-access note */

/* Reports misuse at the current call site when MOCKHIP_STRICT is on, once per kind and site. */
MH_HIDDEN void mh__misuse(mh_misuse kind, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The teach note for a misuse strict mode just reported (teach.c). */
MH_HIDDEN void mh__teach_misuse(mh_misuse kind);

/* The teach note after a set-access over `count` mappings from `first` that leaves the host
   less access than a device: ROCm's CPU would fault where the mock's does not (teach.c). */
MH_HIDDEN void mh__teach_host_access(mh_state *state, const mh_mapping *first, size_t count);

/* "module+0xoffset (symbol+0xoffset)" for a return address. */
MH_HIDDEN void mh__site_format(const void *site, char *out, size_t out_bytes);

/* ---- explained faults and host access (explain.c, explain_history.c, mapping.c) ---- */

/* Installs the SIGSEGV/SIGBUS explainer when options.explain is on (explain.c). */
MH_HIDDEN void mh__explain_init(mh_state *state);

/* Remember a freed reservation / an unmapped mapping, so a later touch of it is
   explained (explain_history.c). Call under the write lock, before it is freed. */
MH_HIDDEN void mh__explain_remember_free(const mh_region *reservation);
MH_HIDDEN void mh__explain_remember_unmap(const mh_mapping *mapping);

/* Reads options.host_access ("strict", "all" or unset; another value warns) (mapping.c). */
MH_HIDDEN void mh__host_access_init(const mh_state *state);

/* Whether MOCKHIP_HOST_ACCESS=strict: the CPU's page protection follows the host slot only. */
MH_HIDDEN bool mh__host_strict(void);

/* The hipMemAccessFlags the CPU has on a mapping: the union of every location's,
   or under host-strict the host's alone (mapping.c). */
MH_HIDDEN unsigned mh__cpu_access(const mh_state *state, const mh_mapping *mapping);

/* ---- pictures (svg.c, trace_html.c) ---- */

/* The <svg> element of the address space now, without the XML declaration, for
   mockhip_dump_svg and the MOCKHIP_TRACE_HTML page. Under the lock. 0, or -1
   with errno ENOMEM. */
MH_HIDDEN int mh__svg_write(FILE *out, mh_state *state);

/* text as XML/HTML character data or attribute value: &<>"' escaped, control
   bytes but tab and newline (which XML forbids) written as '?' (svg.c). */
MH_HIDDEN void mh__xml_escape(FILE *out, const char *text);

/* Appends one step to the MOCKHIP_TRACE_HTML page when api changes state:
   the call text args, its result and reason ("" when none), and the picture
   after it. Call unlocked, from mh__leave. */
MH_HIDDEN void mh__trace_html_step(mockhip_api api, hipError_t err, const char *args,
                                   const char *reason);

/* ---- errors (errors.c) ---- */

MH_HIDDEN const char *mh__error_name(hipError_t err);

/* The error named by the first len bytes of name ("hipErrorOutOfMemory"). */
MH_HIDDEN bool mh__error_parse(const char *name, size_t len, hipError_t *out);

/* ---- size helpers ---- */

static inline bool mh__is_pow2(size_t x) { return x != 0 && (x & (x - 1)) == 0; }

/* x rounded up to a multiple of to: the next size a granularity check accepts. Saturates. */
static inline size_t mh__round_up(size_t x, size_t to) {
  return x % to == 0 ? x : x > SIZE_MAX - to ? SIZE_MAX - SIZE_MAX % to : x + to - x % to;
}

#endif /* MH_INTERNAL_H */
