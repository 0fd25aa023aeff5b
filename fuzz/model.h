/*
 * model.h: a reference model of the HIP VMM rules (docs/hip-vmm-semantics.md:
 * the "new" column, changed row by row by the release the profile names,
 * section (g): a ROCm release or HIP on NVIDIA; plus mockhip's documented
 * choices in docs/mockhip/platforms.md), written
 * apart from mockhip so the fuzzer can compare the two call by call.
 *
 * The model knows addresses and handle values only as numbers the mock handed
 * out: it never reads the mock's state. Each model_<call> takes the same
 * arguments as the HIP call (pointers as uintptr_t, "was NULL" as a bool),
 * returns the hipError_t the rules predict and, when that is hipSuccess,
 * applies the call's effect. Outputs the mock produced (a new handle, a
 * reservation base, an fd) come in as arguments and are recorded as given.
 */
#ifndef FUZZ_MODEL_H
#define FUZZ_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <hip/hip_runtime_api.h>

#include "model_profile.h"

#define MODEL_DEVICES 2          /* MOCKHIP_DEVICES, set by the fuzzer */
#define MODEL_HOST MODEL_DEVICES /* index of the host in an access array */
#define MODEL_LOCATIONS (MODEL_DEVICES + 1)
/* MOCKHIP_GRANULARITY_RECOMMENDED, set by the fuzzer where the profile has its own
   recommendation to give (recommended_granularity `own`). */
#define MODEL_RECOMMENDED ((size_t)2 << 20)
#define MODEL_RECOMMENDED_TEXT "2M"
/* The largest granule a profile plays (granularity `two_mib`): the fuzzer's buffers hold
   three. */
#define MODEL_MAX_GRANULE ((size_t)2 << 20)
/* Each device's memory (MOCKHIP_DEVICE_MEMORY, set by the fuzzer): 1 MiB, or 16 granules
   where that is more, so that whole granules of 2 MiB leave room for several handles. */
#define MODEL_CAPACITY_MIN ((size_t)1 << 20)
#define MODEL_CAPACITY_GRANULES 16

#define MODEL_MAX_RESERVATIONS 16
#define MODEL_MAX_PHYS 24
#define MODEL_MAX_MAPPINGS 48
#define MODEL_MAX_FDS 8
/* Contents are tracked for the first 64 granules of each allocation only (at most
   the whole device memory); the decoder never reaches further (see pick.c). */
#define MODEL_SHADOW_GRANULES 64

typedef struct model_reservation {
  bool live;
  uintptr_t base;
  size_t bytes;
} model_reservation;

/* The bytes of one hipMemCreate: shared by the handles imported from it. */
typedef struct model_memory {
  int users; /* live handles on it + open exported fds; freed at 0 */
  size_t bytes;
  unsigned char *shadow; /* min(bytes, model.shadow_bytes) bytes, zero at create */
} model_memory;

typedef struct model_phys {
  bool live;
  uintptr_t handle; /* the value the mock returned; compared, never interpreted */
  size_t bytes;
  hipMemAllocationProp prop; /* as created, or as an import reports it */
  int charged_device;        /* -1: host memory, charged to no device */
  int refs;                  /* create/import/retain minus release */
  int mappings;              /* live mappings of it; alive while refs or mappings */
  int memory;                /* index into model.memories */
} model_phys;

typedef struct model_mapping {
  bool live;
  uintptr_t base;
  size_t bytes;
  int phys;
  unsigned access[MODEL_LOCATIONS]; /* hipMemAccessFlags per device, then the host */
} model_mapping;

/* A handle released for good and its properties. An input makes fewer handles than this. */
#define MODEL_MAX_RELEASED 64
typedef struct model_released {
  uintptr_t handle; /* 0: an empty slot */
  hipMemAllocationProp prop;
} model_released;

typedef struct model_fd {
  bool open;
  int fd;
  int memory;
} model_fd;

/* ---- the host runtime around VMM (model_runtime.c) ---- */

#define MODEL_MAX_STREAMS 4
#define MODEL_MAX_EVENTS 4
#define MODEL_MAX_BLOCKS 6
#define MODEL_MAX_CTX_DEPTH 8 /* the fuzzer pushes no deeper (the mock allows 256) */
#define MODEL_PAGE ((size_t)4096)

typedef struct model_stream {
  bool live;
  uintptr_t handle;
  int device;
  unsigned flags;
  int priority; /* clamped into the profile's range */
} model_stream;

typedef struct model_event {
  bool live;
  uintptr_t handle;
  int device;
  unsigned flags;
  bool recorded;
  uintptr_t recorded_on; /* the stream of the last record; 0: the null stream */
} model_event;

/* hipMalloc-family blocks: device memory is charged to the device current at the call. */
typedef enum { BLOCK_DEVICE, BLOCK_HOST, BLOCK_MANAGED, BLOCK_POOL } model_block_kind;
typedef struct model_block {
  bool live;
  uintptr_t base;
  size_t bytes; /* asked for; the mock keeps whole pages (a pool: its own rounding) */
  model_block_kind kind;
  int device;            /* current at the call; a pool block: its pool's device */
  int pool;              /* BLOCK_POOL: index into model.pools */
  unsigned char *shadow; /* bytes, zero at first (the mock's pages are fresh or cleared) */
  unsigned char *known;  /* a pool block's: which shadow bytes were written (its memory may be
                            a freed block's: its first bytes are unknown); NULL: all known */
} model_block;

/* A stream-ordered memory pool (model_pool.c). */
#define MODEL_MAX_POOLS 6
#define MODEL_POOL_BLOCK_MAX 4096 /* the fuzzer's pool allocations stay in one chunk */
typedef struct model_pool {
  bool live;        /* a handle calls accept */
  bool held;        /* destroyed, but kept while blocks are out (counts nothing) */
  uintptr_t handle; /* 0: a default pool whose handle the mock has not shown yet */
  int device;
  bool is_default;
  unsigned access[MODEL_DEVICES];
  int blocks; /* busy */
} model_pool;

/* Graphs made by hand (model_graph.c): a chain of empty and memset nodes, each after the one
   before, so a launch runs them in the order they were added. */
#define MODEL_MAX_GRAPHS 4
#define MODEL_MAX_EXECS 4
#define MODEL_MAX_NODES 6
typedef struct model_node {
  bool memset;
  uintptr_t dst; /* a memset's: width bytes of one row, elementSize 1 */
  size_t bytes;
  unsigned char value;
} model_node;
typedef struct model_graph {
  bool live;
  uintptr_t handle;
  uintptr_t last_node; /* the node the next one follows; 0: none yet */
  int count;
  model_node nodes[MODEL_MAX_NODES];
} model_graph;
typedef struct model_exec {
  bool live;
  uintptr_t handle;
  int count; /* the graph's nodes when it was instantiated */
  model_node nodes[MODEL_MAX_NODES];
} model_exec;

/* Arrays (model_graph.c too): device memory of the current device, charged by pages. */
#define MODEL_MAX_ARRAYS 4
typedef struct model_array {
  bool live;
  uintptr_t handle;
  int device;
  size_t bytes; /* charged */
} model_array;

typedef struct model {
  const model_profile *profile; /* the release played, for the whole process */
  size_t granule;               /* the profile's granularity */
  size_t capacity;              /* each device's memory */
  size_t shadow_bytes;          /* contents tracked per allocation */
  model_reservation reservations[MODEL_MAX_RESERVATIONS];
  model_phys phys[MODEL_MAX_PHYS];
  model_memory memories[MODEL_MAX_PHYS];
  model_mapping mappings[MODEL_MAX_MAPPINGS];
  model_fd fds[MODEL_MAX_FDS];
  /* handles released for good, the last MODEL_MAX_RELEASED, with what they were made with
     (properties_of_released `Success`); next: the oldest's slot */
  model_released released[MODEL_MAX_RELEASED];
  int released_next;
  int device; /* the calling device (hipSetDevice) */
  size_t charged[MODEL_DEVICES];
  /* the host runtime: streams, events, blocks, this thread's context stack, peer access */
  model_stream streams[MODEL_MAX_STREAMS];
  model_event events[MODEL_MAX_EVENTS];
  model_block blocks[MODEL_MAX_BLOCKS];
  int ctx_stack[MODEL_MAX_CTX_DEPTH]; /* devices, bottom first */
  int ctx_depth;
  bool peer[MODEL_DEVICES][MODEL_DEVICES]; /* [device][peer] enabled */
  model_pool pools[MODEL_MAX_POOLS];
  int current_pool[MODEL_DEVICES]; /* index into pools: hipMallocAsync's pool */
  /* What each device's pools hold (ReservedMemCurrent), read from the mock before each step:
     when a pool maps and unmaps its chunks is its own affair; what it holds counts against the
     device's memory. */
  size_t pool_reserved[MODEL_DEVICES];
  model_graph graphs[MODEL_MAX_GRAPHS];
  model_exec execs[MODEL_MAX_EXECS];
  model_array arrays[MODEL_MAX_ARRAYS];
  /* Kept from input to input, as the process keeps them: each device's context value (0 until
     the mock first hands it out) and whether its primary context is active. */
  uintptr_t ctx_value[MODEL_DEVICES];
  bool ctx_active[MODEL_DEVICES];
} model;

/* What mockhip_stats and hipMemGetInfo should report. */
typedef struct model_counters {
  size_t reserved_bytes, mapped_bytes, physical_bytes, malloc_bytes;
  size_t reservations, mappings, handles, mallocs, streams, events, pools, pool_blocks;
  size_t graphs, execs, arrays;
  size_t free_bytes[MODEL_DEVICES];
} model_counters;

/* ---- the model as a whole (model.c) ---- */

/* An empty model playing the profile, with its granule, capacity and shadow size. */
void model_init(model *m, const model_profile *profile);
/* Empties the model (frees its shadows), keeping its profile: the state after
   a full teardown. */
void model_reset(model *m);
void model_counters_get(const model *m, model_counters *out);
bool model_is_empty(const model *m);
/* hipDeviceReset: frees every block made while the current device was current and destroys
   its streams; VMM objects, events, contexts and peer access stay. */
hipError_t model_device_reset(model *m);

/* ---- objects (model_objects.c) ---- */

/* Bytes a device may still give a VMM handle, a block or a pool's new chunk: the fuzzer asks
   for pool memory only where a chunk surely fits, so the model never has to say when a pool
   runs out. */
size_t model_device_room(const model *m, int device);

/* Room for one more object of the kind: the fuzzer skips a call that could
   create one when there is none, so every success can be recorded. */
bool model_room_for_reservation(const model *m);
bool model_room_for_handle(const model *m);
bool model_room_for_mapping(const model *m);
bool model_room_for_fd(const model *m);

/* NULL when a reservation the mock placed at base is acceptable, else why not. */
const char *model_check_placement(const model *m, uintptr_t base, size_t bytes, size_t alignment);

hipError_t model_reserve(model *m, bool ptr_null, size_t bytes, size_t alignment,
                         unsigned long long flags, uintptr_t got_base);
hipError_t model_address_free(model *m, uintptr_t ptr, size_t bytes);
/* On success *expect is the granularity the call must write. */
hipError_t model_granularity(const model *m, bool out_null, const hipMemAllocationProp *prop,
                             int option, size_t *expect);
hipError_t model_create(model *m, bool handle_null, size_t bytes, const hipMemAllocationProp *prop,
                        unsigned long long flags, uintptr_t got_handle);
hipError_t model_release(model *m, uintptr_t handle);
/* past_free: nothing of the process lies between the end of ptr's reservation and ptr + bytes
   (the fuzzer asks the kernel before the call). */
hipError_t model_map(model *m, uintptr_t ptr, size_t bytes, size_t offset, uintptr_t handle,
                     unsigned long long flags, bool past_free);
hipError_t model_unmap(model *m, uintptr_t ptr, size_t bytes);
/* On success *expect is the handle value the retain must return. */
hipError_t model_retain(model *m, bool handle_null, uintptr_t addr, uintptr_t *expect);
hipError_t model_properties(const model *m, bool prop_null, uintptr_t handle,
                            hipMemAllocationProp *expect);
hipError_t model_export(model *m, bool out_null, uintptr_t handle, int type,
                        unsigned long long flags, int got_fd);
/* How the fuzzer passed import's osHandle: NULL, or an fd by pointer or by value. */
typedef struct model_os_handle_arg {
  bool null;
  model_os_handle form; /* OS_HANDLE_POINTER: the address of an int holding fd */
  int fd;
} model_os_handle_arg;
hipError_t model_import(model *m, bool handle_null, const model_os_handle_arg *os_handle, int type,
                        uintptr_t got_handle);
/* The fuzzer closed an fd the mock exported. */
void model_close_fd(model *m, int fd);

/* Queries that help the decoder pick meaningful arguments (never the mock's). */
size_t model_handle_bytes(const model *m, uintptr_t handle); /* 0: no such handle */
/* Bytes of `count` consecutive whole mappings from the one containing ptr (0: none). */
size_t model_run_bytes(const model *m, uintptr_t ptr, int count);
/* Bytes from ptr to the end of the live reservation containing it (0: none). */
size_t model_reservation_left(const model *m, uintptr_t ptr);
/* The size of the live reservation containing ptr (0: none). */
size_t model_reservation_bytes(const model *m, uintptr_t ptr);

/* ---- access, copies, contents (model_access.c) ---- */

hipError_t model_set_access(model *m, uintptr_t ptr, size_t bytes, const hipMemAccessDesc *desc,
                            size_t count);
/* On success *expect is what *flags must hold: left alone when the profile's
   call writes nothing. */
hipError_t model_get_access(const model *m, bool flags_null, const hipMemLocation *location,
                            uintptr_t ptr, unsigned long long *expect);
hipError_t model_set_device(model *m, int device);

hipError_t model_copy_htod(model *m, uintptr_t dst, const unsigned char *src, size_t bytes);
/* On success expect holds the bytes the copy must deliver. */
hipError_t model_copy_dtoh(const model *m, unsigned char *expect, bool dst_null, uintptr_t src,
                           size_t bytes);
hipError_t model_copy_dtod(model *m, uintptr_t dst, uintptr_t src, size_t bytes);
hipError_t model_copy_peer(model *m, uintptr_t dst, int dst_device, uintptr_t src, int src_device,
                           size_t bytes);
hipError_t model_memset(model *m, uintptr_t dst, unsigned char value, size_t bytes);
hipError_t model_memset_d32(model *m, uintptr_t dst, uint32_t value, size_t count);

/* True when a device-to-device copy would read bytes it also writes (through
   any alias): the result is not defined, so the fuzzer does not issue it. */
bool model_copy_overlaps(const model *m, uintptr_t dst, uintptr_t src, size_t bytes);

/* CPU access: the page protection is the union over every location. How many
   bytes from ptr the CPU may read (write) before the first fault. */
size_t model_cpu_readable(const model *m, uintptr_t ptr, size_t bytes);
size_t model_cpu_writable(const model *m, uintptr_t ptr, size_t bytes);
void model_cpu_read(const model *m, uintptr_t ptr, size_t bytes, unsigned char *out);
void model_cpu_write(model *m, uintptr_t ptr, const unsigned char *in, size_t bytes);

/* ---- the host runtime (model_runtime.c) ---- */

bool model_room_for_stream(const model *m);
bool model_room_for_event(const model *m);
bool model_room_for_block(const model *m);
bool model_room_for_ctx(const model *m);

/* Streams. A handle the model never saw live, or one destroyed, is refused as ROCm refuses
   ids it does not know. got: the value the mock wrote. */
hipError_t model_stream_create(model *m, bool out_null, unsigned flags, int priority,
                               uintptr_t got);
hipError_t model_stream_destroy(model *m, uintptr_t stream);
hipError_t model_stream_synchronize(const model *m, uintptr_t stream);
/* *flags / *priority / *device on success */
hipError_t model_stream_get(const model *m, uintptr_t stream, bool out_null, int what, int *expect);
hipError_t model_stream_wait_event(const model *m, uintptr_t stream, uintptr_t event,
                                   unsigned flags);

/* Events. */
hipError_t model_event_create(model *m, bool out_null, unsigned flags, uintptr_t got);
hipError_t model_event_record(model *m, uintptr_t event, uintptr_t stream);
hipError_t model_event_query(const model *m, uintptr_t event);
hipError_t model_event_elapsed(const model *m, bool ms_null, uintptr_t start, uintptr_t stop);
hipError_t model_event_destroy(model *m, uintptr_t event);

/* hipMalloc-family blocks: which call, its size and flags; got is the pointer the mock wrote.
   (hipMallocAsync takes from a pool: model_pool_alloc.) */
typedef enum { ALLOC_MALLOC, ALLOC_EXT, ALLOC_MANAGED, ALLOC_HOST, ALLOC_ASYNC } model_alloc_call;
hipError_t model_block_alloc(model *m, model_alloc_call call, bool out_null, size_t bytes,
                             unsigned flags, uintptr_t got);
/* hipFree (host_call false), hipHostFree (true), hipFreeAsync (async, with its stream). */
hipError_t model_block_free(model *m, uintptr_t ptr, bool host_call, bool async, uintptr_t stream);
/* A copy between the host and [ptr, ptr + bytes) of a block; expect is filled for a read. */
hipError_t model_block_copy(model *m, uintptr_t ptr, size_t bytes, bool to_block,
                            const unsigned char *in, unsigned char *expect);
hipError_t model_block_memset(model *m, uintptr_t ptr, unsigned char value, size_t bytes);
size_t model_block_bytes(const model *m, uintptr_t ptr); /* 0: no block starts at ptr */
/* Where the model does not know a block's bytes (pool memory never written), takes got's. */
void model_block_take_unknown(const model *m, uintptr_t ptr, size_t bytes, unsigned char *want,
                              const unsigned char *got);
/* Whether ptr lies within 3 granules of a live block's pages, where a range from it may reach
   the block. */
bool model_block_pages_hold(const model *m, uintptr_t ptr);

/* Contexts: a context value is the device whose value the mock handed out for it. */
hipError_t model_ctx_get_current(model *m, bool out_null, uintptr_t got);
hipError_t model_ctx_set_current(model *m, uintptr_t ctx);
hipError_t model_ctx_push(model *m, uintptr_t ctx);
/* got: the context written (unless out_null); hipErrorUnknown marks a wrong value */
hipError_t model_ctx_pop(model *m, bool out_null, uintptr_t got);
hipError_t model_ctx_get_device(const model *m, bool out_null, int *expect);
hipError_t model_ctx_synchronize(const model *m);
/* hipCtxCreate: pushes device's context (got: its value), the current device unchanged. */
hipError_t model_ctx_create(model *m, bool out_null, int device, uintptr_t got);
/* hipCtxDestroy: pops ctx when it is the top of the stack. */
hipError_t model_ctx_destroy(model *m, uintptr_t ctx);
hipError_t model_primary_retain(model *m, bool out_null, int device, uintptr_t got);
hipError_t model_primary_release(const model *m, int device);
/* hipDevicePrimaryCtxGetState; out_null: flags or active is NULL. */
hipError_t model_primary_state(const model *m, int device, bool out_null, unsigned *flags,
                               int *active);
hipError_t model_primary_reset(const model *m, int device);

/* ---- stream-ordered memory pools (model_pool.c) ---- */

/* The pools after model_init or a device reset: each device's default pool, handle unknown. */
void model_pools_init(model *m, int device);
/* The pool a handle names (live), or -1. */
int model_pool_of(const model *m, uintptr_t handle);
hipError_t model_pool_get_default(model *m, bool out_null, int device, uintptr_t got);
hipError_t model_pool_get_current(model *m, bool out_null, int device, uintptr_t got);
hipError_t model_pool_set_current(model *m, int device, uintptr_t pool);
hipError_t model_pool_create(model *m, bool out_null, const hipMemPoolProps *props, uintptr_t got);
hipError_t model_pool_destroy(model *m, uintptr_t pool);
hipError_t model_pool_set_access(model *m, uintptr_t pool, const hipMemAccessDesc *desc);
hipError_t model_pool_get_access(const model *m, bool out_null, uintptr_t pool,
                                 const hipMemLocation *location, unsigned *expect);
hipError_t model_pool_trim(const model *m, uintptr_t pool);
/* set: whether the call sets attr to value; get: what must hold (*used_at_least). */
hipError_t model_pool_attribute(const model *m, uintptr_t pool, bool set, int attr, uint64_t value,
                                bool value_null);
/* from_pool: hipMallocFromPoolAsync's pool (else hipMallocAsync: the stream's device's). */
hipError_t model_pool_alloc(model *m, bool out_null, size_t bytes, bool from_pool, uintptr_t pool,
                            uintptr_t stream, uintptr_t got);
/* Busy bytes of a device's pools, as the model counts them. */
size_t model_pool_used(const model *m, int pool);

/* ---- graphs, arrays, host work (model_graph.c) ---- */

bool model_room_for_graph(const model *m);
bool model_room_for_exec(const model *m);
bool model_room_for_array(const model *m);
hipError_t model_graph_create(model *m, bool out_null, unsigned flags, uintptr_t got);
hipError_t model_graph_destroy(model *m, uintptr_t graph);
/* A node after the graph's last: memset of bytes at dst (else an empty node). */
hipError_t model_graph_add(model *m, uintptr_t graph, bool memset, uintptr_t dst, size_t bytes,
                           unsigned char value, uintptr_t got_node);
/* Whether a new node would find room (the fuzzer adds none past MODEL_MAX_NODES). */
bool model_graph_full(const model *m, uintptr_t graph);
/* The node the next one of graph follows, for pDependencies; 0 when none. */
uintptr_t model_graph_last(const model *m, uintptr_t graph);
hipError_t model_graph_instantiate(model *m, bool out_null, uintptr_t graph, uintptr_t got);
hipError_t model_graph_launch(model *m, uintptr_t exec, uintptr_t stream);
hipError_t model_exec_destroy(model *m, uintptr_t exec);
hipError_t model_array_create(model *m, bool out_null, size_t width, size_t height, uintptr_t got);
hipError_t model_array_free(model *m, uintptr_t array);
/* hipStreamAddCallback / hipLaunchHostFunc: the function runs (or not) as the stream allows. */
hipError_t model_host_work(model *m, bool fn_null, unsigned flags, uintptr_t stream);

/* Peer access. */
hipError_t model_can_access_peer(const model *m, bool out_null, int device, int peer, int *expect);
hipError_t model_enable_peer(model *m, int peer, unsigned flags);
hipError_t model_disable_peer(model *m, int peer);

#endif /* FUZZ_MODEL_H */
