/*
 * core.h: the bookkeeping every call stands on: the options, the objects
 * (physical allocations, reservations and hipMalloc blocks, mappings, streams,
 * captures, events, graphs with their nodes and execs), the process-wide
 * state and its lock, ids, the lookups of the address-space registry, what
 * the CPU may do at an address, and the played release (profile.h). It knows nothing of calls,
 * reasons or reports (diag/), nor of the rules of any entry point (vmm/, runtime/); below it is
 * only the OS floor (os/).
 *
 * One process-wide state guarded by one read-write lock: VMM changes take it
 * for writing, copies and queries for reading, so a mapping cannot vanish under
 * a copy in flight.
 */
#ifndef MH_CORE_H
#define MH_CORE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

#include "addr_index.h"
#include "hipvmm_compat.h"
#include "idmap.h"
#include "os/os.h"
#include "profile.h"
#include "slab.h"
#include "tree.h"

#define MH_EXPORT __attribute__((visibility("default")))
#define MH_HIDDEN __attribute__((visibility("hidden")))

/* The most devices MOCKHIP_DEVICES may ask for. */
#define MH_MAX_DEVICES 64
/* The words of a compute-unit mask a stream keeps: 32 units each, more than a device has. */
#define MH_CU_MASK_WORDS 16

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
  const char *platform;           /* MOCKHIP_PLATFORM ("amd", "nvidia"), or NULL: profile.c */
  bool explain;                   /* MOCKHIP_EXPLAIN: faults on mock memory explain themselves */
  bool teach;                     /* MOCKHIP_TEACH: trace + strict + explain, and ROCm's answer */
  const char *host_access;        /* MOCKHIP_HOST_ACCESS ("strict", "all"), or NULL */
  const char *trace_html;         /* MOCKHIP_TRACE_HTML: the stepper page's path, or NULL */
  size_t recycle_bytes;           /* MOCKHIP_RECYCLE_BYTES: released memory kept warm; 0: none */
  size_t arena_view_bytes;        /* MOCKHIP_ARENA_VIEW: how much of an arena file is mapped */
  const char *populate;           /* MOCKHIP_POPULATE: "auto" (unset), or a yes or a no */
  int kernel_workers;             /* MOCKHIP_KERNEL_WORKERS: threads running blocks; 0: per CPU */
  int kernel_timeout;             /* MOCKHIP_KERNEL_TIMEOUT: seconds a launch may run; 0: no end */
  const char *streams;            /* MOCKHIP_STREAMS: "serial" (unset) or "async" */
  bool streams_async;             /* settled from streams */
  bool sync_check;                /* MOCKHIP_SYNC_CHECK: report missing synchronisation */
} mh_options;

/* Room for an option value as a warning shows it. */
#define MH_SHOWN_BYTES 256

/* text as one printable line: control bytes become \xNN, so a value cannot
   start a forged line of its own; long values are cut. */
MH_HIDDEN void mh__option_shown(const char *text, char out[MH_SHOWN_BYTES]);

/* Reads every MOCKHIP_* variable from the environment; warns on bad values. */
MH_HIDDEN void mh__options_read(mh_options *out);

/* The rules between options, once the played release has set its defaults (a platform's
   granularity): warns where the user's values disagree, and settles them. */
MH_HIDDEN void mh__options_settle(mh_options *out);

/* MOCKHIP_POPULATE: 1 or 0 as set, -1 for auto (unset, or a bad value, which warns). */
MH_HIDDEN int mh__options_populate(const mh_options *options);

/* ---- objects: what the registry holds ---- */

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
  bool warm;            /* recycled: its pages are in memory (os/recycle.c, os/populate.c) */
  const void *site;     /* the call that made it, for the leak report */
  struct mh_pool *pool; /* a pool's own memory (runtime/pools/pool_space.c), never a handle */
  bool borrowed;        /* memory is a view of a file it does not own (a shared pool's) */
} mh_phys;

/* The handle value that names phys: its id. */
static inline hipMemGenericAllocationHandle_t mh__phys_handle(const mh_phys *phys) {
  return (hipMemGenericAllocationHandle_t)(uintptr_t)phys->id;
}

/* A reservation or a block of the hipMalloc family (runtime/memory/blocks.c): a range of address
   space. */
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
  mh_block_memory memory;   /* block: device, host or managed */
  unsigned flags;           /* block: hipPointerAttribute_t.allocationFlags */
  mockhip_api made_by;      /* block: the entry point that allocated it, for reports */
  unsigned long number;     /* reservation#N or <made_by>#N, counted per kind from 1 */
  struct mh_pool *pool;     /* reservation: the memory pool whose address space it is, or NULL */
  bool registered;          /* block: the program's own memory, hipHostRegister'd, not mockhip's */
  struct mh_advice *advice; /* block: hipMemAdvise's, per page, made at the first; or NULL */
  bool sync_memops;         /* block: hipPointerSetAttribute's HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS */
  struct mh_ipc *ipc;       /* block: shared with other processes (ipc_memory.c), or NULL */
} mh_region;

/* Where access is recorded: one slot per device, then one for the host. */
#define MH_HOST_SLOT(state) ((state)->options.devices)

typedef struct mh_mapping {
  mh_tree_node node; /* keyed by base */
  uintptr_t base;
  size_t bytes;
  /* The last `past` bytes lie past its reservation's end: address space the map claimed, given
     back at its unmap (HIP on NVIDIA, map_past_reservation `free_space`). */
  size_t past;
  mh_region *reservation;
  mh_phys *phys;
  const void *site;
  /* The last hipMemSetAccess that took the CPU's access away or set it to none, for
     MOCKHIP_EXPLAIN to tell access removed on purpose from access never granted: its number
     among the process's hipMemSetAccess calls (0: none since the last grant), its site, and
     the CPU's access before it. */
  unsigned long long limited_by;
  const void *limited_site;
  unsigned char limited_from;
  bool sync_memops;       /* hipPointerSetAttribute's HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS */
  unsigned char access[]; /* hipMemAccessFlags per slot (devices + host) */
} mh_mapping;

typedef struct mh_capture mh_capture;
typedef struct mh_graph mh_graph;

/* Nodes of a capture (numbered from 0) that later captured work depends on. */
typedef struct mh_node_set {
  uint32_t *nodes;
  size_t count, capacity;
} mh_node_set;

/* A stream's queue of work, when streams run asynchronously (runtime/streams/queue.c), and a
   place in it: the ticket-th item queued, which a synchronise waits for. */
typedef struct mh_queue mh_queue;
typedef struct mh_ticket {
  mh_queue *queue; /* NULL: none, as if run */
  uint64_t ticket;
} mh_ticket;

typedef struct mh_stream {
  uint64_t id;
  const void *site;
  unsigned flags;                /* hipStreamDefault or hipStreamNonBlocking */
  int priority;                  /* clamped into ROCm's range, -1..1 */
  int device;                    /* current when made: hipDeviceReset of it destroys it */
  bool per_thread;               /* a thread's hipStreamPerThread: not counted, not a leak */
  mh_capture *capture;           /* the capture it is in, or NULL (runtime/streams/capture.c) */
  struct mh_stream *next_member; /* the capture's other members, after the origin */
  mh_node_set deps; /* what its next captured work depends on (runtime/streams/capture_nodes.c) */
  /* hipStreamGetCaptureInfo_v2's answer: deps as node handles, valid until its next call */
  hipGraphNode_t *deps_out;
  size_t deps_out_capacity;
  mh_queue *queue; /* its work not yet run, made on first use (runtime/streams/queue.c) */
  int sync_agent;  /* its agent + 1 in the synchronisation checker, 0: none (sync_check.c) */
  /* hipExtStreamCreateWithCUMask's mask, the words a device's compute units can use
     (runtime/streams/cu_mask.c); cu_mask_words 0: none, every unit */
  uint32_t cu_mask_words;
  uint32_t cu_mask[MH_CU_MASK_WORDS];
} mh_stream;

/* A capture in progress: begun on its origin, joined by the streams that wait
   on an event recorded in it, ended on the origin (runtime/streams/capture.c). */
struct mh_capture {
  unsigned long long id; /* hipStreamGetCaptureInfo's id: unique, from 1 */
  hipStreamCaptureMode mode;
  hipStreamCaptureStatus status; /* Active or Invalidated */
  uint64_t thread;               /* mh__thread_serial() of the thread that began it */
  mh_stream *origin;
  mh_stream *members;      /* joined streams, linked by next_member */
  mh_capture *prev, *next; /* every capture not ended yet: state->captures */
  /* The graph it builds, its nodes numbered from 0 in the order they were captured, and how
     many of them no other depends on (runtime/streams/capture_nodes.c). Work is captured under the
     state's read lock, so these have a lock of their own. */
  pthread_mutex_t nodes_lock;
  mh_graph *graph;
  /* nodes hipStreamUpdateCaptureDependencies took out of a stream's dependencies: a leaf among
     them is no unjoined branch (capture_info.c) */
  mh_node_set removed;
  bool
      borrowed; /* graph is the program's (hipStreamBeginCaptureToGraph): it outlives the capture */
};

/* An event: the monotonic time and the stream of its last record (runtime/streams/event.c). */
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
  mh_ticket pending;             /* the last record, while streams run asynchronously */
  void *sync_clock; /* the synchronisation checker's clock of the last record (sync_check.c) */
} mh_event;

/* ---- graphs (runtime/graph*.c) ---- */

/* A kernel a graph launches: a copy of the launch it was made from, so the graph outlives the
   call and its arguments (runtime/launch/launch.c makes and runs it). */
typedef struct mh_kernel_work {
  const char *name;
  const void *function; /* the kernel's address, or the C kernel */
  /* the C++ launch templates': a copy of the launch's closure, and how it runs and goes */
  void *closure;
  void *(*clone)(const void *closure);
  void (*release)(void *closure);
  void (*run_block)(void *closure);
  void (*run_thread)(void *closure);
  const void **pointers; /* the pointer arguments, copied */
  size_t pointer_count;
  /* mockhip_launch_kernel's: the kernel and its args, which stay the caller's */
  mockhip_kernel_fn c_kernel;
  void *c_args;
  dim3 grid, block;
  size_t shared_bytes;
  /* a graph node's own copy of the values its kernelParams pointed to (GetParams answers it),
     each arg_sizes[i] bytes; arg_sizes is the program's static table */
  void **given_args;
  const size_t *arg_sizes;
  size_t arg_count;
  /* hipGraphKernelNodeSetAttribute's: the one attribute set (0: none) and its value; a node's
     new parameters keep them (kernel_node_attributes.c) */
  int attr_in_use;
  hipKernelNodeAttrValue attr;
} mh_kernel_work;

/* What a node does when its graph is launched. */
typedef struct mh_node_work {
  hipGraphNodeType type;
  int device; /* the device the work is for, as the call that made it had it */
  union {
    struct {
      void *dst;
      const void *src;
      size_t bytes;
      int kind;
      void *strided; /* a captured 2D or 3D copy instead: its description (copy_strided.c) */
      struct hipMemcpy3DParms *parms; /* hipGraphAddMemcpyNode's, as given (GetParams) */
    } copy;
    struct {
      void *dst;
      unsigned value;
      size_t element_bytes, width, height, pitch;
      /* a 3D set (hipMemset3D): depth slices of height rows, slice_pitch bytes apart; 0 and 0
         for one slice */
      size_t depth, slice_pitch;
    } set;
    mh_kernel_work kernel;
    struct { /* hipLaunchHostFunc's fn, or hipStreamAddCallback's callback */
      hipHostFn_t fn;
      hipStreamCallback_t callback;
      void *user_data;
    } host;
    uint64_t event_id;      /* an event record or wait node's event */
    struct mh_graph *child; /* a child graph node's own copy of its graph, with ids */
    /* a memory alloc or free node added by hand: the allocation, held (runtime/memory/
       graph_memory.c); NULL for one captured from hipMallocAsync or hipFreeAsync */
    struct mh_graph_alloc *graph_alloc;
  } u;
} mh_node_work;

typedef struct mh_graph_node {
  uint64_t id;     /* the handle; 0 while a capture still builds its graph */
  mh_graph *graph; /* the graph it is in */
  size_t index;    /* its place in graph->nodes: the order nodes were added */
  mh_node_work work;
  struct mh_graph_node **deps;       /* the nodes it runs after */
  struct mh_graph_node **dependents; /* the nodes that run after it */
  size_t dep_count, dep_capacity, dependent_count, dependent_capacity;
  uint64_t cloned_from; /* the node of the original graph it copies (hipGraphNodeFindInClone) */
  bool manual;          /* added by hand to a graph a capture builds: never an unjoined branch */
} mh_graph_node;

/* A graph made by hipGraphCreate or hipStreamEndCapture. */
/* A user object's references a graph holds (runtime/streams/user_objects.c). */
typedef struct mh_user_object mh_user_object;
typedef struct mh_graph_user_object {
  uint64_t id; /* the object's */
  unsigned long long count;
} mh_graph_user_object;

struct mh_graph {
  uint64_t id; /* 0 while a capture builds it */
  const void *site;
  mh_graph_node **nodes; /* in the order they were added */
  size_t node_count, node_capacity;
  bool instantiated;   /* hipGraphInstantiate has made an exec of it */
  bool cloned;         /* made by hipGraphClone */
  bool child;          /* a child graph node's: the node owns it */
  mh_capture *capture; /* the capture building it, until its end hands it out */
  mh_graph_user_object *user_objects;
  size_t user_object_count;
};

/* An instantiated graph: copies of its nodes' work, in the order a launch runs them. */
typedef struct mh_graph_exec {
  uint64_t id;
  const void *site;
  mh_node_work *works;
  uint64_t *node_ids; /* per work, the graph node it came from (a child graph's nodes inlined) */
  uint64_t *owners;   /* per work, the node of the graph itself it runs for: a child graph's */
  size_t count;
  unsigned long long flags;
  unsigned holders;   /* the registry, and each launch running host work outside the lock */
  unsigned *enabled;  /* per work, hipGraphNodeSetEnabled's value (0: skipped); NULL: all on */
  size_t *dep_counts; /* per work, how many nodes its node ran after (hipGraphExecUpdate) */
} mh_graph_exec;

/* ---- stream-ordered memory pools (runtime/mempool*.c, runtime/pool_*.c) ---- */

typedef struct mh_pool mh_pool;
struct mh_pool_space; /* where a pool's memory lives: runtime/pools/pool_space.c */

/*
 * One allocation of a pool, busy (the program holds it) or free (cached by the
 * pool for reuse: clr's busy_heap_ and free_heap_). Busy and free blocks alike
 * are in the state's pool_blocks tree by address.
 */
typedef struct mh_pool_block {
  mh_tree_node node; /* keyed by base */
  mh_pool *pool;
  uintptr_t base; /* what the allocating call returned */
  size_t bytes;   /* the size first asked: what the pool's attributes count */
  bool busy;
  bool imported;    /* hipMemPoolImportPointer's view of another process's block */
  bool has_event;   /* a stream's free left a marker, as clr's MemoryTimestamp event */
  bool sync_memops; /* hipPointerSetAttribute's HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS */
  uint64_t *safe;   /* streams that may reuse it without waiting (clr's safe_streams_) */
  size_t safe_count, safe_capacity;
  struct mh_pool_block *prev, *next; /* the pool's busy list, or its free list by size */
  /* its address space, as pool_space.c placed it */
  unsigned heap;
  struct mh_heap_span *span; /* its range of the heap; NULL for an imported block */
  size_t span_offset, span_bytes;
  struct mh_mapping *mapping;    /* a shareable pool's block, an imported one: its own mapping */
  struct mh_region *reservation; /* an imported block's own address space */
  mh_phys *phys;                 /* ... and its memory */
  mockhip_api made_by;           /* hipMallocAsync, hipMallocFromPoolAsync, ... */
  unsigned long number;          /* <made_by>#N, counted from 1 over every pool */
  const void *site;
} mh_pool_block;

/* A memory pool: a device's default one, one hipMemPoolCreate made, or one imported. */
struct mh_pool {
  uint64_t id; /* the hipMemPool_t value */
  const void *site;
  int device;
  int alloc_type, handle_types; /* hipMemPoolProps' allocType and handleTypes */
  size_t max_bytes;             /* maxSize; 0: none */
  bool is_default, imported;
  bool destroyed; /* hipMemPoolDestroy ran: it lives on until its last busy block is freed */
  bool event_dependencies, opportunistic, internal_dependencies; /* the Reuse attributes */
  uint64_t release_threshold;
  unsigned char access[MH_MAX_DEVICES]; /* hipMemPoolSetAccess's flags per device */
  bool access_set[MH_MAX_DEVICES];      /* ... for the devices it named (clr's access_map_) */
  mh_pool_block *busy, *free;           /* free: by size, then address (clr's SortedMap) */
  size_t busy_count, free_count;
  uint64_t busy_bytes, free_bytes; /* clr's Heap::total_size_ of each */
  uint64_t used_high;              /* the busy heap's max_total_size_: UsedMemHigh */
  uint64_t total_high;             /* the pool's max_total_size_: busy + free at most */
  struct mh_pool_space *space;
  mh_pool *prev, *next; /* state->pools */
};

/* An array (runtime/memory/array.c): device memory of its device, held row by row with no padding,
   named by its id (the hipArray_t value). */
typedef struct mh_array {
  uint64_t id;
  const void *site;
  int device;          /* current when made: charged, and freed by hipDeviceReset of it */
  mockhip_api made_by; /* hipMallocArray, hipArrayCreate, ... for reports */
  size_t width;        /* as given (elements); height and depth 0 where given 0 */
  size_t height, depth;
  hipArray_Format format;
  unsigned channels;    /* 1, 2 or 4 */
  unsigned flags;       /* hipArrayDefault, Layered, SurfaceLoadStore, TextureGather */
  size_t element_bytes; /* channels x the format's bytes */
  size_t row_bytes;     /* width x element_bytes: the pitch */
  size_t rows, slices;  /* max(height, 1), max(depth, 1) */
  size_t bytes;         /* held and charged: rounded up to pages */
  unsigned char *data;
} mh_array;

/* A texture object (runtime/memory/texture.c): what hipCreateTextureObject was given, and what
   sampling reads (runtime/memory/texture_sample.c); named by its id (the hipTextureObject_t). */
typedef struct mh_texture {
  uint64_t id;
  const void *site;
  int device;          /* current when made: destroyed by hipDeviceReset of it */
  mockhip_api made_by; /* hipCreateTextureObject or hipTexObjectCreate */
  hipResourceDesc resource;
  hipTextureDesc desc;
  struct hipResourceViewDesc view;
  /* what a read decodes */
  uint64_t array;                /* an array resource's id, looked up at each read; 0: memory */
  const unsigned char *data;     /* linear and pitch2D resources: the device memory */
  size_t width, height, depth;   /* texels; 1 where the resource has no such dimension */
  size_t row_bytes, slice_bytes; /* pitch between rows and between slices */
  int dims;                      /* 1, 2 or 3: what tex1D/tex2D/tex3D coordinates address */
  int kind;                      /* hipChannelFormatKind of every channel */
  unsigned bits, channels;       /* bits per channel (8, 16, 32), 1 to 4 channels */
  bool normalized_read;          /* hipReadModeNormalizedFloat on an 8- or 16-bit integer format */
  bool srgb;                     /* ... of 8-bit unsigned: x, y, z from sRGB to linear */
  bool normalized_coords;
  bool fetch_only;  /* linear: every read is an element fetch (clr ignores filter and address) */
  int address_mode; /* clr programs addressMode[0] for every dimension */
  int filter_mode;
} mh_texture;

/* ---- the process-wide state (state.c) ---- */

typedef struct mh_state {
  pthread_rwlock_t *lock; /* see the fork handlers in runtime.c */
  mh_options options;
  size_t page_bytes;
  mh_tree regions;          /* reservations and hipMalloc blocks */
  mh_tree mappings;         /* ordered walks */
  uint64_t access_changes;  /* calls that set a mapping's access (kernel/view_objects.c) */
  mh_addr_index by_address; /* the mapping at an address, in steps that do not grow */
  mh_slab mapping_records;  /* mh_mappings, side by side for lookups (slab.h) */
  mh_idmap handles;         /* id -> mh_phys */
  mh_idmap streams;         /* id -> mh_stream */
  mh_idmap events;          /* id -> mh_event */
  mh_idmap graphs;          /* id -> mh_graph */
  mh_idmap graph_nodes;     /* id -> mh_graph_node, of the graphs above */
  mh_idmap graph_execs;     /* id -> mh_graph_exec */
  mh_idmap arrays;          /* id -> mh_array (stats.live_arrays counts them) */
  size_t array_bytes;       /* what live arrays hold */
  mh_idmap textures;        /* id -> mh_texture (stats.live_textures counts them) */
  mh_idmap user_objects;    /* id -> mh_user_object, while it has references */
  mh_user_object *user_objects_dying; /* their destructors to run, outside the lock */
  mh_capture *captures;               /* captures not ended, newest first */
  unsigned long long next_capture_id; /* from 1, as ROCm's */
  uint64_t next_id[11]; /* per mh_id_kind, so handle#1, stream#1 ... count on their own */
  unsigned long region_numbers[2];    /* the last number given per mh_region_kind */
  size_t device_used[MH_MAX_DEVICES]; /* bytes charged per device */
  mockhip_stats_t stats;              /* counters kept under the lock; calls are atomic */
  /* memory pools (runtime/pools/mempool.c) */
  mh_idmap pool_ids;                     /* id -> mh_pool, for the handles still valid */
  mh_pool *pools;                        /* every pool, destroyed ones still draining too */
  mh_pool *default_pool[MH_MAX_DEVICES]; /* made on first use */
  mh_pool *current_pool[MH_MAX_DEVICES]; /* hipDeviceSetMemPool's, or NULL: the default */
  mh_tree pool_blocks;                   /* every pool's blocks, by address */
  size_t live_pools;               /* pools made by hipMemPoolCreate or imported, not destroyed */
  size_t live_pool_blocks;         /* busy blocks: allocations not freed, imported pointers too */
  unsigned long pool_block_number; /* the last <made_by>#N given to a pool block */
  /* peer access and primary contexts (runtime/devices/peer.c, runtime/process/context.c) */
  uint64_t peer_enabled[MH_MAX_DEVICES];  /* bit p of [d]: device d enabled access to peer p */
  size_t primary_retains[MH_MAX_DEVICES]; /* retains minus releases, for the dump only */
  bool primary_active[MH_MAX_DEVICES];    /* hipSetDevice has named the device */
  bool forked;                            /* a child forked after mockhip started */
  /* hipDeviceSetLimit's and hipSetDeviceFlags' per-device settings (runtime/devices/limits.c,
     settings.c), ROCm's defaults until settings_made[d] */
  bool settings_made[MH_MAX_DEVICES];
  size_t stack_bytes[MH_MAX_DEVICES];   /* hipLimitStackSize, per thread */
  size_t heap_bytes[MH_MAX_DEVICES];    /* hipLimitMallocHeapSize */
  size_t scratch_bytes[MH_MAX_DEVICES]; /* hipExtLimitScratchCurrent */
  unsigned device_flags[MH_MAX_DEVICES];
  /* a kernel's fault: every later call on the device answers it until hipDeviceReset
     (kernel/launch.c); read without the lock at each call's entry */
  _Atomic int sticky_error[MH_MAX_DEVICES];
  _Atomic int sticky_devices; /* how many devices hold one */
  char sticky_reason[MH_MAX_DEVICES][384];
  /* HIP on NVIDIA: the last synchronous copy from pageable memory into a mapping, whose DMA
     has not landed until the next synchronizing call (pageable_copy staged); bytes 0: none */
  _Atomic uintptr_t staged_dst;
  _Atomic size_t staged_bytes;
  _Atomic int staged_device;
  _Atomic int staged_fault; /* 1 + the device whose DMA faulted, reported at the next sync */
  /* graph memory (runtime/memory/graph_memory.c): every alloc node's allocation, and per
     device the bytes launches backed, now and at most since a reset */
  struct mh_graph_alloc *graph_allocs;
  unsigned long graph_alloc_number; /* the last hipGraphAddMemAllocNode#N given */
  uint64_t graph_mem_used[MH_MAX_DEVICES];
  uint64_t graph_mem_used_high[MH_MAX_DEVICES], graph_mem_reserved_high[MH_MAX_DEVICES];
} mh_state;

/* The state, initialised on first use. */
MH_HIDDEN mh_state *mh__state(void);

MH_HIDDEN void mh__lock_read(void);
MH_HIDDEN void mh__lock_write(void);
MH_HIDDEN void mh__unlock(void);

/* The calling thread's current device, which is also its current context. */
MH_HIDDEN int mh__current_device(void);
MH_HIDDEN void mh__set_current_device(int device);

/* ---- ids (state.c) ---- */

/* What an id names; its low bits say so, so a stale id tells what it was. */
typedef enum mh_id_kind {
  MH_ID_HANDLE = 1,
  MH_ID_STREAM = 2,
  MH_ID_EVENT = 3,
  MH_ID_GRAPH = 4,
  MH_ID_POOL = 5,
  MH_ID_ARRAY = 6,
  MH_ID_GRAPH_NODE = 7,
  MH_ID_GRAPH_EXEC = 8,
  MH_ID_TEXTURE = 9,
  MH_ID_USER_OBJECT = 10
} mh_id_kind;

/* A fresh id for a handle or a stream, shaped so it never looks like NULL. */
MH_HIDDEN uint64_t mh__new_id(mh_state *state, mh_id_kind kind);

/* Whether id was once issued for kind (it may be released by now). */
MH_HIDDEN bool mh__id_was_issued(const mh_state *state, uint64_t id, mh_id_kind kind);

/* The N of handle#N, stream#N ...: ids are numbered per kind from 1; 0 when value is no id of
   kind. */
MH_HIDDEN unsigned long long mh__id_number(uint64_t value, mh_id_kind kind);

/* Whether device is in 0..devices-1 (state.c). */
MH_HIDDEN bool mh__valid_device(const mh_state *state, int device);

/* ---- the registry's lookups (registry.c); call under the lock ---- */

/* The reservation or hipMalloc block containing addr, or NULL. */
MH_HIDDEN mh_region *mh__region_containing(mh_state *state, uintptr_t addr);

/* The hipMalloc-family block whose asked-for bytes hold addr, or NULL. */
MH_HIDDEN mh_region *mh__block_containing(mh_state *state, uintptr_t addr);

/* The mapping containing addr, or NULL. */
MH_HIDDEN mh_mapping *mh__mapping_containing(mh_state *state, uintptr_t addr);

/* HIP on NVIDIA's copies from pageable memory (staged_copy.c): a synchronous copy from
   pageable host memory into a mapping notes its DMA, a synchronizing call lands it, and a
   hipMemSetAccess over [first, first+count) that takes the copying device's right to write
   there, or an unmap of it (`unmapping`), while it is in flight faults the device: the next
   synchronizing call reports it, and the device's error is sticky (hipErrorLaunchFailure),
   as on the H200. */
MH_HIDDEN void mh__staged_copy_note(mh_state *state, void *dst, const void *src, size_t bytes,
                                    int device);
MH_HIDDEN hipError_t mh__staged_copy_land(mh_state *state);
MH_HIDDEN void mh__staged_copy_race(mh_state *state, const mh_mapping *first, size_t count,
                                    bool unmapping);
/* The runtime's own unmap of [base, base+bytes) (a pool's memory): a copy there has landed. */
MH_HIDDEN void mh__staged_copy_forget(mh_state *state, uintptr_t base, size_t bytes);

/* The pool block, busy or free, whose asked-for bytes hold addr, or NULL. */
MH_HIDDEN mh_pool_block *mh__pool_block_containing(mh_state *state, uintptr_t addr);

/* Puts mapping m in the address index, or brings its entry up to date after its access
   changed. 0, or -1 with nothing changed when the index cannot grow. Under the write lock. */
MH_HIDDEN int mh__mapping_index(mh_state *state, mh_mapping *m);
MH_HIDDEN void mh__mapping_unindex(mh_state *state, const mh_mapping *m);

/* Whether a mapping holds addr, and then device's access to it in *flags: what
   hipMemGetAccess answers, read from the index alone for the first devices. */
MH_HIDDEN bool mh__device_access_at(mh_state *state, uintptr_t addr, int device, unsigned *flags);

/* The mapping that starts exactly at addr, or NULL. */
MH_HIDDEN mh_mapping *mh__mapping_at(mh_state *state, uintptr_t addr);

/* The mapping that starts where m ends, or NULL. */
MH_HIDDEN mh_mapping *mh__mapping_next(mh_state *state, const mh_mapping *m);

/* ---- what the CPU may do (registry.c) ---- */

/* Reads options.host_access ("strict", "all" or unset; another value warns). */
MH_HIDDEN void mh__host_access_init(const mh_state *state);

/* What the CPU may touch of a mapping. */
typedef enum mh_host_mode {
  MH_HOST_SLOT_ONLY,         /* what the host was granted (cpu_access host_slot; strict) */
  MH_HOST_RESERVATION_PAGES, /* everything: 6.1-6.4's reservations are the CPU's own pages */
  MH_HOST_EVERY_LOCATION,    /* what any location was granted (MOCKHIP_HOST_ACCESS=all) */
} mh_host_mode;
MH_HIDDEN mh_host_mode mh__host_mode(void);

/* Whether the CPU's page protection follows the host slot only: the default from ROCm 7.0 and
   on HIP on NVIDIA, and MOCKHIP_HOST_ACCESS=strict. */
MH_HIDDEN bool mh__host_strict(void);

/* The hipMemAccessFlags the CPU has on a mapping: the host's; ReadWrite where reservations
   are the CPU's own pages; under MOCKHIP_HOST_ACCESS=all the union of every location's. */
MH_HIDDEN unsigned mh__cpu_access(const mh_state *state, const mh_mapping *mapping);

/* The page protection that hipMemAccessFlags allow. */
static inline mh_os_prot mh__access_prot(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? MH_OS_PROT_READWRITE
         : flags == hipMemAccessFlagsProtRead    ? MH_OS_PROT_READ
                                                 : MH_OS_PROT_NONE;
}

/* ---- the device model's answers (registry.c) ---- */

/* What hipMemGetAllocationGranularity answers for Recommended: its own value in
   the newest runtime, the minimum up to 7.2 (a.1#7). */
MH_HIDDEN size_t mh__recommended_granularity(const mh_state *state);

/* The primary context of device: the address of a static per-device object, the same for the
   life of the process. */
MH_HIDDEN hipCtx_t mh__primary_context(int device);

/* The device whose primary context ctx is, or -1; ctx is only compared, never read. */
MH_HIDDEN int mh__context_device(hipCtx_t ctx);

/* ---- names of objects, for reasons and reports ---- */

/* A capture mode as reasons and the dump write it: "Global", "ThreadLocal", "Relaxed". */
static inline const char *mh__capture_mode_name(hipStreamCaptureMode mode) {
  return mode == hipStreamCaptureModeGlobal        ? "Global"
         : mode == hipStreamCaptureModeThreadLocal ? "ThreadLocal"
                                                   : "Relaxed";
}

/* A stream as the program passed it: "hipStreamPerThread", or its handle value. */
static inline const char *mh__stream_name(const mh_stream *stream, char out[32]) {
  if (stream->per_thread)
    return "hipStreamPerThread";
  snprintf(out, 32, "%#llx", (unsigned long long)stream->id);
  return out;
}

/* The status a stream's capture gives it (None when it takes part in none). */
static inline hipStreamCaptureStatus mh__capture_status(const mh_stream *stream) {
  return stream != NULL && stream->capture != NULL ? stream->capture->status
                                                   : hipStreamCaptureStatusNone;
}

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

#endif /* MH_CORE_H */
