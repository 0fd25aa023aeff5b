/*
 * test_fault_every_api.c: an injected failure changes nothing, for every entry
 * point of MOCKHIP_API_LIST that a rule may name (all but hipGetLastError and
 * hipPeekAtLastError). Each gets one call with valid arguments on a prepared
 * world, failed once with its natural error and once with a chosen one: the
 * call returns that error, hipGetLastError() repeats it, the reason names the
 * rule, mockhip_fail_count() goes up by one, and the counters, the dump, the
 * current device, the device memory and every output are as they were. The
 * same call then succeeds with no rule. The cases are a table indexed by the
 * entry point, and a new entry point without a case fails the run.
 */
#include "mock_test.h"

/* One call of every entry point, the ones ROCm marks deprecated too. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILL 0x3c       /* the data in the world's mapping */
#define BLOCK_FILL 0x4b /* the data in its hipMalloc block */

/* An error no entry point fails with naturally, for the "=error" form of a rule. */
#define CHOSEN_ERROR hipErrorLaunchFailure
#define CHOSEN_ERROR_NAME "hipErrorLaunchFailure"

static size_t granule;

static const hipMemAllocationHandleType posix_fd = hipMemHandleTypePosixFileDescriptor;

/* One of everything for a call to act on; out holds sentinels for calls to overwrite. */
typedef struct world {
  mt_mapping m;                          /* two granules, read-write on device 0, FILL */
  void *free_range;                      /* an empty two-granule reservation */
  hipMemGenericAllocationHandle_t spare; /* unmapped, exportable */
  int fd;                                /* spare, exported */
  unsigned char *block;                  /* one granule from hipMalloc, BLOCK_FILL */
  hipStream_t stream;
  hipCtx_t ctx0, ctx1;        /* device 0's primary context, retained once; device 1's */
  bool ctx0_pushed;           /* on this thread's context stack */
  bool peer_2_enabled;        /* device 0 has peer access to device 2 */
  hipEvent_t event;           /* recorded on stream */
  hipGraph_t graph;           /* made by a case's prepare */
  hipGraphNode_t node, node2; /* empty nodes of graph, made by a prepare */
  hipGraphExec_t exec;        /* of graph, made by a prepare */
  hipGraph_t child, clone;    /* a child graph of one empty node; a clone of graph */
  /* nodes of graph of each kind a node call reads, made by prepare_node_kinds */
  hipGraphNode_t copy_node, set_node, host_node, record_node, wait_node, child_node;
  /* memory nodes of graph and the alloc node's address, made by prepare_mem_nodes */
  hipGraphNode_t alloc_node, free_node;
  void *graph_dptr;
  hipMemPool_t pool; /* a shareable pool of device 0, exported ... */
  int pool_fd;       /* ... here, and imported as */
  hipMemPool_t imported_pool;
  void *pool_block;                    /* one granule from pool */
  hipMemPoolPtrExportData export_data; /* pool_block, exported */
  hipArray_t array;                    /* 16 x 4 floats on device 0 */
  hipTextureObject_t texture;          /* over array, made by a prepare */
  hipUserObject_t user_object;         /* one reference, made by a prepare */
  bool host_registered;                /* out.host, by a prepare */
  void *pinned;                        /* hipHostMalloc'd by a prepare */
  struct {
    void *ptr;
    hipMemGenericAllocationHandle_t handle;
    hipStream_t stream;
    int fd;
    int value;
    size_t free_bytes, total_bytes, granularity;
    unsigned long long flags;
    hipMemAllocationProp prop;
    hipArrayMapInfo map_info;
    hipPointerAttribute_t attributes;
    hipEvent_t event;
    hipGraph_t graph;
    hipGraphNode_t node, nodes[4];
    size_t count;
    hipGraphNodeType node_type;
    hipGraphExec_t exec;
    float ms;
    unsigned uflags;
    unsigned long long id;
    hipStreamCaptureStatus capture_status;
    hipStreamCaptureMode capture_mode;
    unsigned char host[64];
    hipCtx_t ctx;
    unsigned int ctx_flags;
    int minor;
    char text[64];
    hipUUID uuid;
    hipDeviceProp_t props;
    hipDriverProcAddressQueryResult symbol_status;
    hipMemPool_t pool;
    uint64_t value64;
    hipMemAccessFlags access;
    hipMemPoolPtrExportData export_data;
    hipArray_t array;
    size_t pitch;
    hipPitchedPtr pitched;
    hipChannelFormatDesc channels;
    hipExtent extent;
    HIP_ARRAY_DESCRIPTOR array_desc;
    HIP_ARRAY3D_DESCRIPTOR array3d_desc;
    hipMipmappedArray_t mipmap;
    hipMemcpy3DParms copy_params;
    hipMemsetParams set_params;
    hipHostNodeParams host_params;
    hipKernelNodeParams kernel_params;
    hipTextureObject_t texture;
    hipResourceDesc res_desc;
    hipTextureDesc tex_desc;
    struct hipResourceViewDesc view_desc;
    hipUserObject_t user_object;
    hipMemAllocNodeParams alloc_params;
  } out;
} world;

#define HOST_BYTES (sizeof(((world *)0)->out.host))

static world *live_world; /* what the teardown destroys when a case stops early */

static void world_create(world *w) {
  memset(w, 0, sizeof *w);
  live_world = w;
  mt_mapping_create(&w->m, 2 * granule, 2 * granule);
  mt_grant(w->m.base, w->m.bytes, hipMemAccessFlagsProtReadWrite);
  memset(w->m.base, FILL, w->m.bytes);
  MT_CHECK(hipMemAddressReserve(&w->free_range, 2 * granule, 0, NULL, 0));
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = posix_fd;
  MT_CHECK(hipMemCreate(&w->spare, granule, &prop, 0));
  MT_CHECK(hipMemExportToShareableHandle(&w->fd, w->spare, posix_fd, 0));
  MT_CHECK(hipMalloc((void **)&w->block, granule));
  memset(w->block, BLOCK_FILL, granule);
  MT_CHECK(hipStreamCreate(&w->stream));
  MT_CHECK(hipSetDevice(1));
  MT_CHECK(hipCtxGetCurrent(&w->ctx1));
  MT_CHECK(hipSetDevice(0));
  MT_CHECK(hipDevicePrimaryCtxRetain(&w->ctx0, 0));
  MT_CHECK(hipCtxPushCurrent(w->ctx0));
  w->ctx0_pushed = true;
  MT_CHECK(hipDeviceEnablePeerAccess(2, 0));
  w->peer_2_enabled = true;
  MT_CHECK(hipEventCreate(&w->event));
  MT_CHECK(hipEventRecord(w->event, w->stream));
  hipMemPoolProps props = {.allocType = hipMemAllocationTypePinned,
                           .handleTypes = posix_fd,
                           .location = {hipMemLocationTypeDevice, 0}};
  MT_CHECK(hipMemPoolCreate(&w->pool, &props));
  MT_CHECK(hipMemPoolExportToShareableHandle(&w->pool_fd, w->pool, posix_fd, 0));
  MT_CHECK(hipMemPoolImportFromShareableHandle(&w->imported_pool, (void *)(intptr_t)w->pool_fd,
                                               posix_fd, 0));
  MT_CHECK(hipMallocFromPoolAsync(&w->pool_block, granule, w->pool, w->stream));
  MT_CHECK(hipMemPoolExportPointer(&w->export_data, w->pool_block));
  hipChannelFormatDesc floats = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  MT_CHECK(hipMallocArray(&w->array, &floats, 16, 4, hipArrayDefault));
  /* Every byte of out is a sentinel: a value no call writes. */
  memset(&w->out, 0xa5, sizeof w->out);
}

static void world_destroy(world *w) {
  live_world = NULL;
  MT_CHECK(hipSetDevice(0));
  if (w->peer_2_enabled)
    MT_CHECK(hipDeviceDisablePeerAccess(2));
  if (w->ctx0_pushed)
    MT_CHECK(hipCtxPopCurrent(NULL));
  if (w->ctx0 != NULL)
    MT_CHECK(hipDevicePrimaryCtxRelease(0));
  if (w->exec != NULL)
    MT_CHECK(hipGraphExecDestroy(w->exec));
  if (w->graph != NULL)
    MT_CHECK(hipGraphDestroy(w->graph));
  if (w->child != NULL)
    MT_CHECK(hipGraphDestroy(w->child));
  if (w->clone != NULL)
    MT_CHECK(hipGraphDestroy(w->clone));
  if (w->event != NULL)
    MT_CHECK(hipEventDestroy(w->event));
  if (w->stream != NULL)
    MT_CHECK(hipStreamDestroy(w->stream)); /* ends a capture a case left */
  if (w->block != NULL)
    MT_CHECK(hipFree(w->block));
  if (w->host_registered)
    MT_CHECK(hipHostUnregister(w->out.host));
  if (w->pinned != NULL)
    MT_CHECK(hipHostFree(w->pinned)); /* frees any block, managed memory too */
  if (w->pool_block != NULL)
    MT_CHECK(hipFree(w->pool_block));
  if (w->imported_pool != NULL)
    MT_CHECK(hipMemPoolDestroy(w->imported_pool));
  if (w->pool != NULL)
    MT_CHECK(hipMemPoolDestroy(w->pool));
  close(w->pool_fd);
  if (w->texture != NULL)
    MT_CHECK(hipDestroyTextureObject(w->texture));
  if (w->user_object != NULL) /* one gone already: nothing */
    MT_CHECK(hipUserObjectRelease(w->user_object, 1));
  if (w->array != NULL)
    MT_CHECK(hipFreeArray(w->array));
  close(w->fd);
  if (w->spare != NULL)
    MT_CHECK(hipMemRelease(w->spare));
  if (w->free_range != NULL)
    MT_CHECK(hipMemAddressFree(w->free_range, 2 * granule));
  mt_mapping_destroy(&w->m);
}

/* The whole mock, plus the mapping's and the block's bytes and the outputs. */
static mt_snapshot take_world(const world *w) {
  size_t bytes = w->m.bytes + granule + sizeof w->out;
  unsigned char *data = malloc(bytes);
  assert_non_null(data);
  memcpy(data, w->m.base, w->m.bytes);
  memcpy(data + w->m.bytes, w->block, granule);
  memcpy(data + w->m.bytes + granule, &w->out, sizeof w->out);
  mt_snapshot s = mt_snapshot_take(data, bytes);
  free(data);
  return s;
}

/* ---- one call per entry point, and what undoes it when it succeeds ---- */

static hipError_t call_init(world *w) {
  (void)w;
  return hipInit(0);
}
static hipError_t call_get_device_count(world *w) { return hipGetDeviceCount(&w->out.value); }
static hipError_t call_set_device(world *w) {
  (void)w;
  return hipSetDevice(1);
}
static void undo_set_device(world *w) {
  (void)w;
  MT_CHECK(hipSetDevice(0));
}
static hipError_t call_get_device(world *w) { return hipGetDevice(&w->out.value); }
static hipError_t call_get_attribute(world *w) {
  return hipDeviceGetAttribute(&w->out.value, hipDeviceAttributeVirtualMemoryManagementSupported,
                               0);
}
static hipError_t call_can_access_peer(world *w) {
  return hipDeviceCanAccessPeer(&w->out.value, 0, 1);
}
static hipError_t call_device_synchronize(world *w) {
  (void)w;
  return hipDeviceSynchronize();
}
static hipError_t call_driver_version(world *w) { return hipDriverGetVersion(&w->out.value); }
static hipError_t call_runtime_version(world *w) { return hipRuntimeGetVersion(&w->out.value); }
static hipError_t call_malloc(world *w) { return hipMalloc(&w->out.ptr, granule); }
static void undo_malloc(world *w) { MT_CHECK(hipFree(w->out.ptr)); }
static hipError_t call_free(world *w) { return hipFree(w->block); }
static void undo_free(world *w) { w->block = NULL; }
static hipError_t call_get_info(world *w) {
  return hipMemGetInfo(&w->out.free_bytes, &w->out.total_bytes);
}
static hipError_t call_memcpy(world *w) {
  return hipMemcpy(w->m.base, w->out.host, HOST_BYTES, hipMemcpyHostToDevice);
}
static hipError_t call_htod(world *w) { return hipMemcpyHtoD(w->m.base, w->out.host, HOST_BYTES); }
static hipError_t call_dtoh(world *w) { return hipMemcpyDtoH(w->out.host, w->m.base, HOST_BYTES); }
static hipError_t call_dtod(world *w) { return hipMemcpyDtoD(w->m.base, w->block, HOST_BYTES); }
static hipError_t call_peer(world *w) {
  return hipMemcpyPeer(w->block, 1, w->m.base, 0, HOST_BYTES);
}
static hipError_t call_memset(world *w) { return hipMemset(w->m.base, 0, w->m.bytes); }
static hipError_t call_memset_d8(world *w) { return hipMemsetD8(w->m.base, 0x11, HOST_BYTES); }
static hipError_t call_memset_d32(world *w) { return hipMemsetD32(w->m.base, 0x01020304, 16); }
static hipError_t call_memcpy_async(world *w) {
  return hipMemcpyAsync(w->m.base, w->out.host, HOST_BYTES, hipMemcpyHostToDevice, w->stream);
}
static hipError_t call_htod_async(world *w) {
  return hipMemcpyHtoDAsync(w->m.base, w->out.host, HOST_BYTES, w->stream);
}
static hipError_t call_dtoh_async(world *w) {
  return hipMemcpyDtoHAsync(w->out.host, w->m.base, HOST_BYTES, w->stream);
}
static hipError_t call_dtod_async(world *w) {
  return hipMemcpyDtoDAsync(w->block, w->m.base, HOST_BYTES, w->stream);
}
static hipError_t call_peer_async(world *w) {
  return hipMemcpyPeerAsync(w->block, 1, w->m.base, 0, HOST_BYTES, w->stream);
}
/* A __device__ variable: a global of this program (runtime/copies/symbols.c). */
static unsigned char device_variable[HOST_BYTES];
static hipError_t call_symbol_address(world *w) {
  return hipGetSymbolAddress(&w->out.ptr, device_variable);
}
static hipError_t call_symbol_size(world *w) {
  return hipGetSymbolSize(&w->out.count, device_variable);
}
static hipError_t call_to_symbol(world *w) {
  return hipMemcpyToSymbol(device_variable, w->out.host, HOST_BYTES, 0, hipMemcpyHostToDevice);
}
static hipError_t call_from_symbol(world *w) {
  return hipMemcpyFromSymbol(w->out.host, device_variable, HOST_BYTES, 0, hipMemcpyDeviceToHost);
}
static hipError_t call_to_symbol_async(world *w) {
  return hipMemcpyToSymbolAsync(device_variable, w->out.host, HOST_BYTES, 0, hipMemcpyHostToDevice,
                                w->stream);
}
static hipError_t call_from_symbol_async(world *w) {
  return hipMemcpyFromSymbolAsync(w->out.host, device_variable, HOST_BYTES, 0,
                                  hipMemcpyDeviceToHost, w->stream);
}
static hipError_t call_memset_async(world *w) {
  return hipMemsetAsync(w->m.base, 0, HOST_BYTES, w->stream);
}
static hipError_t call_memset_d8_async(world *w) {
  return hipMemsetD8Async(w->m.base, 0x22, HOST_BYTES, w->stream);
}
static hipError_t call_memset_d32_async(world *w) {
  return hipMemsetD32Async(w->m.base, 0x05060708, 16, w->stream);
}
static hipError_t call_stream_create(world *w) { return hipStreamCreate(&w->out.stream); }
static void undo_stream_create(world *w) { MT_CHECK(hipStreamDestroy(w->out.stream)); }
static hipError_t call_stream_destroy(world *w) { return hipStreamDestroy(w->stream); }
static void undo_stream_destroy(world *w) { w->stream = NULL; }
static hipError_t call_stream_synchronize(world *w) { return hipStreamSynchronize(w->stream); }
static hipError_t call_reserve(world *w) {
  return hipMemAddressReserve(&w->out.ptr, 2 * granule, 0, NULL, 0);
}
static void undo_reserve(world *w) { MT_CHECK(hipMemAddressFree(w->out.ptr, 2 * granule)); }
static hipError_t call_address_free(world *w) {
  return hipMemAddressFree(w->free_range, 2 * granule);
}
static void undo_address_free(world *w) { w->free_range = NULL; }
static hipError_t call_create(world *w) {
  hipMemAllocationProp prop = mt_prop_device(0);
  return hipMemCreate(&w->out.handle, granule, &prop, 0);
}
static void undo_out_handle(world *w) { MT_CHECK(hipMemRelease(w->out.handle)); }
static hipError_t call_release(world *w) { return hipMemRelease(w->spare); }
static void undo_release(world *w) { w->spare = NULL; }
static hipError_t call_map(world *w) { return hipMemMap(w->free_range, granule, 0, w->spare, 0); }
static void undo_map(world *w) { MT_CHECK(hipMemUnmap(w->free_range, granule)); }
static hipError_t call_unmap(world *w) { return hipMemUnmap(w->m.base, w->m.bytes); }
static void undo_unmap(world *w) { w->m.mapped = false; }
static hipError_t call_set_access(world *w) {
  hipMemAccessDesc read_only = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtRead};
  return hipMemSetAccess(w->m.base, w->m.bytes, &read_only, 1);
}
static hipError_t call_get_access(world *w) {
  hipMemLocation device0 = {hipMemLocationTypeDevice, 0};
  return hipMemGetAccess(&w->out.flags, &device0, w->m.base);
}
static hipError_t call_granularity(world *w) {
  hipMemAllocationProp prop = mt_prop_device(0);
  return hipMemGetAllocationGranularity(&w->out.granularity, &prop,
                                        hipMemAllocationGranularityMinimum);
}
static hipError_t call_properties(world *w) {
  return hipMemGetAllocationPropertiesFromHandle(&w->out.prop, w->spare);
}
static hipError_t call_retain(world *w) {
  return hipMemRetainAllocationHandle(&w->out.handle, w->m.base);
}
static hipError_t call_export(world *w) {
  return hipMemExportToShareableHandle(&w->out.fd, w->spare, posix_fd, 0);
}
static void undo_export(world *w) { close(w->out.fd); }
static hipError_t call_import(world *w) {
  return hipMemImportFromShareableHandle(&w->out.handle, (void *)(intptr_t)w->fd, posix_fd);
}
static hipError_t call_map_array(world *w) {
  return hipMemMapArrayAsync(&w->out.map_info, 1, w->stream);
}
static hipError_t call_device_get(world *w) { return hipDeviceGet(&w->out.value, 1); }
static hipError_t call_compute_capability(world *w) {
  return hipDeviceComputeCapability(&w->out.value, &w->out.minor, 0);
}
static hipError_t call_get_name(world *w) {
  return hipDeviceGetName(w->out.text, sizeof w->out.text, 0);
}
static hipError_t call_get_uuid(world *w) { return hipDeviceGetUuid(&w->out.uuid, 1); }
static hipError_t call_pci_bus_id(world *w) {
  return hipDeviceGetPCIBusId(w->out.text, sizeof w->out.text, 1);
}
static hipError_t call_total_mem(world *w) { return hipDeviceTotalMem(&w->out.total_bytes, 0); }
static hipError_t call_get_properties(world *w) { return hipGetDeviceProperties(&w->out.props, 0); }
static hipError_t call_p2p_attribute(world *w) {
  return hipDeviceGetP2PAttribute(&w->out.value, hipDevP2PAttrAccessSupported, 0, 1);
}
static hipError_t call_enable_peer(world *w) {
  (void)w;
  return hipDeviceEnablePeerAccess(1, 0);
}
static void undo_enable_peer(world *w) {
  (void)w;
  MT_CHECK(hipDeviceDisablePeerAccess(1));
}
static hipError_t call_disable_peer(world *w) {
  (void)w;
  return hipDeviceDisablePeerAccess(2);
}
static void undo_disable_peer(world *w) { w->peer_2_enabled = false; }
/* Frees the world's hipMalloc block, stream and pools, all device 0's. */
static hipError_t call_device_reset(world *w) {
  (void)w;
  return hipDeviceReset();
}
static void undo_device_reset(world *w) {
  w->block = NULL;
  w->stream = NULL;
  w->pool = w->imported_pool = NULL; /* device 0's pools go, with their memory */
  w->pool_block = NULL;
  w->array = NULL;
  w->texture = NULL; /* device 0's texture objects go too */
}
static hipError_t call_ctx_get_current(world *w) { return hipCtxGetCurrent(&w->out.ctx); }
static hipError_t call_ctx_set_current(world *w) { return hipCtxSetCurrent(w->ctx1); }
static void undo_ctx_set_current(world *w) {
  MT_CHECK(hipCtxSetCurrent(w->ctx0)); /* replaced ctx0 on top of the stack */
  MT_CHECK(hipSetDevice(0));
}
static hipError_t call_ctx_push(world *w) { return hipCtxPushCurrent(w->ctx1); }
static void undo_ctx_push(world *w) {
  (void)w;
  MT_CHECK(hipCtxPopCurrent(NULL));
  MT_CHECK(hipSetDevice(0));
}
static hipError_t call_ctx_pop(world *w) { return hipCtxPopCurrent(&w->out.ctx); }
static void undo_ctx_pop(world *w) { w->ctx0_pushed = false; }
static hipError_t call_ctx_get_device(world *w) { return hipCtxGetDevice(&w->out.value); }
static hipError_t call_ctx_synchronize(world *w) {
  (void)w;
  return hipCtxSynchronize();
}
static hipError_t call_primary_retain(world *w) {
  return hipDevicePrimaryCtxRetain(&w->out.ctx, 0);
}
static void undo_primary_retain(world *w) {
  (void)w;
  MT_CHECK(hipDevicePrimaryCtxRelease(0));
}
static hipError_t call_primary_release(world *w) {
  (void)w;
  return hipDevicePrimaryCtxRelease(0);
}
static void undo_primary_release(world *w) { w->ctx0 = NULL; }
static hipError_t call_primary_get_state(world *w) {
  return hipDevicePrimaryCtxGetState(0, &w->out.ctx_flags, &w->out.value);
}
static hipError_t call_primary_reset(world *w) {
  (void)w;
  return hipDevicePrimaryCtxReset(0);
}

/* memory beyond VMM */
static hipError_t call_memset_d16(world *w) { return hipMemsetD16(w->m.base, 0x1234, 16); }
static hipError_t call_memset_d16_async(world *w) {
  return hipMemsetD16Async(w->m.base, 0x5678, 16, w->stream);
}
static hipError_t call_ext_malloc(world *w) {
  return hipExtMallocWithFlags(&w->out.ptr, granule, hipDeviceMallocFinegrained);
}
static hipError_t call_malloc_managed(world *w) {
  return hipMallocManaged(&w->out.ptr, granule, hipMemAttachGlobal);
}
static hipError_t call_malloc_async(world *w) {
  return hipMallocAsync(&w->out.ptr, granule, w->stream);
}
static void undo_malloc_async(world *w) { MT_CHECK(hipFreeAsync(w->out.ptr, w->stream)); }
static hipError_t call_free_async(world *w) { return hipFreeAsync(w->block, w->stream); }
static hipError_t call_host_malloc(world *w) {
  return hipHostMalloc(&w->out.ptr, granule, hipHostMallocDefault);
}
static void undo_host_malloc(world *w) { MT_CHECK(hipHostFree(w->out.ptr)); }
/* As in ROCm, hipHostFree frees any block, the world's hipMalloc block too. */
static hipError_t call_host_free(world *w) { return hipHostFree(w->block); }
static hipError_t call_free_host(world *w) { return hipFreeHost(w->block); }
static hipError_t call_host_register(world *w) {
  return hipHostRegister(w->out.host, sizeof w->out.host, 0);
}
static void undo_host_register(world *w) { MT_CHECK(hipHostUnregister(w->out.host)); }
static void prepare_registered(world *w) {
  MT_CHECK(hipHostRegister(w->out.host, sizeof w->out.host, 0));
  w->host_registered = true;
}
static hipError_t call_host_unregister(world *w) { return hipHostUnregister(w->out.host); }
static void undo_host_unregister(world *w) { w->host_registered = false; }
static hipError_t call_host_device_pointer(world *w) {
  return hipHostGetDevicePointer(&w->out.ptr, w->block, 0);
}
static void prepare_pinned(world *w) { MT_CHECK(hipHostMalloc(&w->pinned, 64, 0)); }
static void prepare_managed(world *w) {
  MT_CHECK(hipMallocManaged(&w->pinned, 64, hipMemAttachGlobal));
}
static hipError_t call_mem_advise(world *w) {
  return hipMemAdvise(w->pinned, 64, hipMemAdviseSetReadMostly, 0);
}
static hipError_t call_prefetch(world *w) {
  return hipMemPrefetchAsync(w->pinned, 64, 0, w->stream);
}
static hipError_t call_range_attribute(world *w) {
  return hipMemRangeGetAttribute(&w->out.value, sizeof w->out.value, hipMemRangeAttributeReadMostly,
                                 w->pinned, 64);
}
static hipError_t call_range_attributes(world *w) {
  void *data[] = {&w->out.value};
  size_t sizes[] = {sizeof w->out.value};
  hipMemRangeAttribute which[] = {hipMemRangeAttributeLastPrefetchLocation};
  return hipMemRangeGetAttributes(data, sizes, which, 1, w->pinned, 64);
}
static hipError_t call_host_get_flags(world *w) {
  return hipHostGetFlags(&w->out.uflags, w->pinned);
}
static hipError_t call_address_range(world *w) {
  return hipMemGetAddressRange(&w->out.ptr, &w->out.granularity, w->block + 1);
}
static hipError_t call_pointer_attributes(world *w) {
  return hipPointerGetAttributes(&w->out.attributes, w->m.base);
}
static hipError_t call_range_handle(world *w) {
  return hipMemGetHandleForAddressRange(&w->out.fd, w->block, granule,
                                        hipMemRangeHandleTypeDmaBufFd, 0);
}

/* ---- memory pools ---- */

static hipError_t call_default_pool(world *w) {
  return hipDeviceGetDefaultMemPool(&w->out.pool, 0);
}
static hipError_t call_set_pool(world *w) { return hipDeviceSetMemPool(0, w->pool); }
static void undo_set_pool(world *w) {
  MT_CHECK(hipDeviceGetDefaultMemPool(&w->out.pool, 0));
  MT_CHECK(hipDeviceSetMemPool(0, w->out.pool));
}
static hipError_t call_get_pool(world *w) { return hipDeviceGetMemPool(&w->out.pool, 0); }
static hipError_t call_pool_create(world *w) {
  hipMemPoolProps props = {.allocType = hipMemAllocationTypePinned,
                           .location = {hipMemLocationTypeDevice, 0}};
  return hipMemPoolCreate(&w->out.pool, &props);
}
static void undo_out_pool(world *w) { MT_CHECK(hipMemPoolDestroy(w->out.pool)); }
/* The world's shareable pool goes with its block (held until hipFree). */
static hipError_t call_pool_destroy(world *w) { return hipMemPoolDestroy(w->pool); }
static void undo_pool_destroy(world *w) { w->pool = NULL; }
static hipError_t call_pool_set_attribute(world *w) {
  uint64_t threshold = 2 * granule;
  return hipMemPoolSetAttribute(w->pool, hipMemPoolAttrReleaseThreshold, &threshold);
}
static hipError_t call_pool_get_attribute(world *w) {
  return hipMemPoolGetAttribute(w->pool, hipMemPoolAttrUsedMemCurrent, &w->out.value64);
}
static hipError_t call_pool_set_access(world *w) {
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};
  return hipMemPoolSetAccess(w->pool, &desc, 1);
}
static hipError_t call_pool_get_access(world *w) {
  hipMemLocation device1 = {hipMemLocationTypeDevice, 1};
  return hipMemPoolGetAccess(&w->out.access, w->pool, &device1);
}
static hipError_t call_pool_trim(world *w) { return hipMemPoolTrimTo(w->pool, 0); }
static hipError_t call_malloc_from_pool(world *w) {
  return hipMallocFromPoolAsync(&w->out.ptr, granule, w->pool, w->stream);
}
static hipError_t call_pool_export(world *w) {
  return hipMemPoolExportToShareableHandle(&w->out.fd, w->pool, posix_fd, 0);
}
static hipError_t call_pool_import(world *w) {
  return hipMemPoolImportFromShareableHandle(&w->out.pool, (void *)(intptr_t)w->pool_fd, posix_fd,
                                             0);
}
static hipError_t call_pool_export_pointer(world *w) {
  return hipMemPoolExportPointer(&w->out.export_data, w->pool_block);
}
static hipError_t call_pool_import_pointer(world *w) {
  return hipMemPoolImportPointer(&w->out.ptr, w->imported_pool, &w->export_data);
}
static void undo_out_ptr_free(world *w) { MT_CHECK(hipFree(w->out.ptr)); }

/* ---- streams, events and capture ---- */

static hipError_t call_stream_create_flags(world *w) {
  return hipStreamCreateWithFlags(&w->out.stream, hipStreamNonBlocking);
}
static hipError_t call_stream_create_priority(world *w) {
  return hipStreamCreateWithPriority(&w->out.stream, hipStreamDefault, -1);
}
static hipError_t call_priority_range(world *w) {
  return hipDeviceGetStreamPriorityRange(&w->out.value, (int *)&w->out.uflags);
}
static hipError_t call_stream_query(world *w) { return hipStreamQuery(w->stream); }
static hipError_t call_stream_wait_event(world *w) {
  return hipStreamWaitEvent(w->stream, w->event, 0);
}
static hipError_t call_stream_get_flags(world *w) {
  return hipStreamGetFlags(w->stream, &w->out.uflags);
}
static hipError_t call_stream_get_priority(world *w) {
  return hipStreamGetPriority(w->stream, &w->out.value);
}
static hipError_t call_stream_get_device(world *w) {
  return hipStreamGetDevice(w->stream, &w->out.value);
}
static hipError_t call_event_create(world *w) { return hipEventCreate(&w->out.event); }
static hipError_t call_event_create_flags(world *w) {
  return hipEventCreateWithFlags(&w->out.event, hipEventDisableTiming);
}
static void undo_out_event(world *w) { MT_CHECK(hipEventDestroy(w->out.event)); }
static hipError_t call_device_get_limit(world *w) {
  return hipDeviceGetLimit(&w->out.count, hipLimitStackSize);
}
static hipError_t call_device_set_limit(world *w) {
  (void)w;
  return hipDeviceSetLimit(hipLimitStackSize, 2048);
}
static void undo_device_set_limit(world *w) {
  (void)w;
  MT_CHECK(hipDeviceSetLimit(hipLimitStackSize, 1024));
}
static hipError_t call_get_cache_config(world *w) {
  return hipDeviceGetCacheConfig((hipFuncCache_t *)&w->out.value);
}
static hipError_t call_set_cache_config(world *w) {
  (void)w;
  return hipDeviceSetCacheConfig(hipFuncCachePreferL1);
}
static hipError_t call_get_shared_mem_config(world *w) {
  return hipDeviceGetSharedMemConfig((hipSharedMemConfig *)&w->out.value);
}
static hipError_t call_set_shared_mem_config(world *w) {
  (void)w;
  return hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte);
}
static hipError_t call_func_set_cache_config(world *w) {
  (void)w;
  return hipFuncSetCacheConfig((const void *)call_func_set_cache_config, hipFuncCachePreferL1);
}
static hipError_t call_func_set_shared_mem_config(world *w) {
  (void)w;
  return hipFuncSetSharedMemConfig((const void *)call_func_set_cache_config,
                                   hipSharedMemBankSizeEightByte);
}
static hipError_t call_get_device_flags(world *w) { return hipGetDeviceFlags(&w->out.uflags); }
static hipError_t call_set_device_flags(world *w) {
  (void)w;
  return hipSetDeviceFlags(hipDeviceScheduleBlockingSync);
}
static void undo_set_device_flags(world *w) {
  (void)w;
  MT_CHECK(hipSetDeviceFlags(hipDeviceScheduleSpin));
}
static hipError_t call_choose_device(world *w) {
  hipDeviceProp_t want;
  memset(&want, 0, sizeof want);
  want.major = 1;
  return hipChooseDevice(&w->out.value, &want);
}
static hipError_t call_get_by_pci_bus_id(world *w) {
  return hipDeviceGetByPCIBusId(&w->out.value, "0000:02:00.0");
}
static hipError_t call_stream_create_cu_mask(world *w) {
  const uint32_t mask[2] = {0xff, 0};
  return hipExtStreamCreateWithCUMask(&w->out.stream, 2, mask);
}
static hipError_t call_stream_get_cu_mask(world *w) {
  return hipExtStreamGetCUMask(w->stream, 16, (uint32_t *)w->out.host);
}
static hipError_t call_event_record(world *w) { return hipEventRecord(w->event, w->stream); }
static hipError_t call_event_query(world *w) { return hipEventQuery(w->event); }
static hipError_t call_event_synchronize(world *w) { return hipEventSynchronize(w->event); }
static hipError_t call_event_elapsed(world *w) {
  return hipEventElapsedTime(&w->out.ms, w->event, w->event);
}
static hipError_t call_event_destroy(world *w) { return hipEventDestroy(w->event); }
static void undo_event_destroy(world *w) { w->event = NULL; }
static hipError_t call_begin_capture(world *w) {
  return hipStreamBeginCapture(w->stream, hipStreamCaptureModeRelaxed);
}
static void undo_begin_capture(world *w) { MT_CHECK(hipStreamEndCapture(w->stream, &w->graph)); }
/* The world's stream captures (Relaxed, so the world's other calls still run). */
static void prepare_capturing(world *w) {
  MT_CHECK(hipStreamBeginCapture(w->stream, hipStreamCaptureModeRelaxed));
}
static hipError_t call_end_capture(world *w) {
  return hipStreamEndCapture(w->stream, &w->out.graph);
}
static void undo_end_capture(world *w) { MT_CHECK(hipGraphDestroy(w->out.graph)); }
static hipError_t call_is_capturing(world *w) {
  return hipStreamIsCapturing(w->stream, &w->out.capture_status);
}
static hipError_t call_capture_info(world *w) {
  return hipStreamGetCaptureInfo(w->stream, &w->out.capture_status, &w->out.id);
}
/* The mode to exchange is in place before the snapshot: a failed exchange leaves it. */
static void prepare_exchange_mode(world *w) {
  w->out.capture_mode = hipStreamCaptureModeThreadLocal;
}
static hipError_t call_exchange_mode(world *w) {
  return hipThreadExchangeStreamCaptureMode(&w->out.capture_mode);
}
static void undo_exchange_mode(world *w) {
  MT_CHECK(hipThreadExchangeStreamCaptureMode(&w->out.capture_mode));
}
/* A graph for hipGraphDestroy, captured from the world's stream. */
static void prepare_graph(world *w) {
  prepare_capturing(w);
  MT_CHECK(hipStreamEndCapture(w->stream, &w->graph));
}
static hipError_t call_graph_destroy(world *w) { return hipGraphDestroy(w->graph); }
static void undo_graph_destroy(world *w) { w->graph = NULL; }

/* A graph of two empty nodes, node then node2, with no edge. */
static void prepare_graph_nodes(world *w) {
  MT_CHECK(hipGraphCreate(&w->graph, 0));
  MT_CHECK(hipGraphAddEmptyNode(&w->node, w->graph, NULL, 0));
  MT_CHECK(hipGraphAddEmptyNode(&w->node2, w->graph, NULL, 0));
}
/* The lists are written up to out.count entries: room for four. */
static void prepare_node_list(world *w) {
  prepare_graph_nodes(w);
  w->out.count = 4;
}
/* An exec whose launch sets the world's block to 0 after an empty node. */
static void prepare_exec(world *w) {
  prepare_graph_nodes(w);
  hipGraphNode_t set;
  hipMemsetParams params = {.dst = w->block, .elementSize = 1, .height = 1, .width = granule};
  MT_CHECK(hipGraphAddMemsetNode(&set, w->graph, &w->node, 1, &params));
  MT_CHECK(hipGraphInstantiate(&w->exec, w->graph, NULL, NULL, 0));
}
static hipError_t call_graph_create(world *w) { return hipGraphCreate(&w->out.graph, 0); }
static void undo_graph_create(world *w) { MT_CHECK(hipGraphDestroy(w->out.graph)); }
/* A C program teaches no kernel its argument types: valid arguments get InvalidDeviceFunction. */
static void empty_kernel(void *args);
static hipError_t call_add_kernel_node(world *w) {
  hipKernelNodeParams params = {
      .blockDim = {1, 1, 1}, .func = (void *)(uintptr_t)empty_kernel, .gridDim = {1, 1, 1}};
  return hipGraphAddKernelNode(&w->out.node, w->graph, &w->node, 1, &params);
}
static hipError_t call_add_memcpy_node(world *w) {
  return hipGraphAddMemcpyNode1D(&w->out.node, w->graph, &w->node, 1, w->m.base, w->out.host,
                                 HOST_BYTES, hipMemcpyHostToDevice);
}
static hipError_t call_add_memset_node(world *w) {
  hipMemsetParams params = {
      .dst = w->block, .elementSize = 4, .height = 1, .value = 7, .width = 16};
  return hipGraphAddMemsetNode(&w->out.node, w->graph, NULL, 0, &params);
}
static hipError_t call_add_empty_node(world *w) {
  return hipGraphAddEmptyNode(&w->out.node, w->graph, &w->node, 1);
}
static hipError_t call_add_dependencies(world *w) {
  return hipGraphAddDependencies(w->graph, &w->node, &w->node2, 1);
}
static hipError_t call_get_nodes(world *w) {
  return hipGraphGetNodes(w->graph, w->out.nodes, &w->out.count);
}
static hipError_t call_get_root_nodes(world *w) {
  return hipGraphGetRootNodes(w->graph, w->out.nodes, &w->out.count);
}
static hipError_t call_node_get_type(world *w) {
  return hipGraphNodeGetType(w->node, &w->out.node_type);
}
static hipError_t call_instantiate(world *w) {
  return hipGraphInstantiate(&w->out.exec, w->graph, NULL, NULL, 0);
}
static hipError_t call_instantiate_flags(world *w) {
  return hipGraphInstantiateWithFlags(&w->out.exec, w->graph,
                                      hipGraphInstantiateFlagAutoFreeOnLaunch);
}
static void undo_instantiate(world *w) { MT_CHECK(hipGraphExecDestroy(w->out.exec)); }
static hipError_t call_graph_launch(world *w) { return hipGraphLaunch(w->exec, w->stream); }
static hipError_t call_exec_destroy(world *w) { return hipGraphExecDestroy(w->exec); }
static void undo_exec_destroy(world *w) { w->exec = NULL; }
static hipError_t call_node_set_enabled(world *w) {
  return hipGraphNodeSetEnabled(w->exec, w->copy_node, 0);
}
static hipError_t call_node_get_enabled(world *w) {
  return hipGraphNodeGetEnabled(w->exec, w->copy_node, &w->out.uflags);
}
static hipError_t call_graph_upload(world *w) { return hipGraphUpload(w->exec, w->stream); }
static hipError_t call_instantiate_params(world *w) {
  hipGraphInstantiateParams params = {.flags = hipGraphInstantiateFlagUpload,
                                      .uploadStream = w->stream};
  return hipGraphInstantiateWithParams(&w->out.exec, w->graph, &params);
}
static hipError_t call_exec_update(world *w) {
  hipGraphExecUpdateResult result;
  return hipGraphExecUpdate(w->exec, w->graph, &w->out.node, &result);
}
static hipError_t call_drv_add_memcpy_node(world *w) {
  HIP_MEMCPY3D p = {.srcMemoryType = hipMemoryTypeHost,
                    .srcHost = w->out.host,
                    .dstMemoryType = hipMemoryTypeDevice,
                    .dstDevice = w->block,
                    .WidthInBytes = HOST_BYTES,
                    .Height = 1,
                    .Depth = 1};
  return hipDrvGraphAddMemcpyNode(&w->out.node, w->graph, &w->node, 1, &p, w->ctx0);
}
static hipError_t call_drv_add_memset_node(world *w) {
  HIP_MEMSET_NODE_PARAMS p = {
      .dst = w->block, .elementSize = 1, .height = 1, .value = 1, .width = HOST_BYTES};
  return hipDrvGraphAddMemsetNode(&w->out.node, w->graph, &w->node, 1, &p, NULL);
}
static hipError_t call_debug_dot_print(world *w) {
  char path[64];
  snprintf(path, sizeof path, "/tmp/mockhip_fault_dot_%d.dot", (int)getpid());
  hipError_t err = hipGraphDebugDotPrint(w->graph, path, 0);
  remove(path);
  return err;
}

/* ---- the graph calls of more node kinds ---- */

static void host_nothing(void *data) { (void)data; }
static hipMemcpy3DParms copy_params(world *w) {
  hipMemcpy3DParms p = {0};
  p.srcPtr = make_hipPitchedPtr(w->out.host, HOST_BYTES, HOST_BYTES, 1);
  p.dstPtr = make_hipPitchedPtr(w->m.base, HOST_BYTES, HOST_BYTES, 1);
  p.extent = make_hipExtent(HOST_BYTES, 1, 1);
  p.kind = hipMemcpyHostToDevice;
  return p;
}
static hipMemsetParams set_params(world *w) {
  return (hipMemsetParams){.dst = w->block, .elementSize = 1, .height = 1, .width = 16};
}
/* A child graph of one empty node. */
static void prepare_child(world *w) {
  prepare_graph_nodes(w);
  hipGraphNode_t empty;
  MT_CHECK(hipGraphCreate(&w->child, 0));
  MT_CHECK(hipGraphAddEmptyNode(&empty, w->child, NULL, 0));
}
/* prepare_child, a node of each kind in graph, and an exec of it. */
static void prepare_node_kinds(world *w) {
  prepare_child(w);
  MT_CHECK(hipGraphAddMemcpyNode1D(&w->copy_node, w->graph, NULL, 0, w->m.base, w->out.host,
                                   HOST_BYTES, hipMemcpyHostToDevice));
  hipMemsetParams set = set_params(w);
  MT_CHECK(hipGraphAddMemsetNode(&w->set_node, w->graph, NULL, 0, &set));
  hipHostNodeParams host = {host_nothing, NULL};
  MT_CHECK(hipGraphAddHostNode(&w->host_node, w->graph, NULL, 0, &host));
  MT_CHECK(hipGraphAddEventRecordNode(&w->record_node, w->graph, NULL, 0, w->event));
  MT_CHECK(hipGraphAddEventWaitNode(&w->wait_node, w->graph, NULL, 0, w->event));
  MT_CHECK(hipGraphAddChildGraphNode(&w->child_node, w->graph, NULL, 0, w->child));
  MT_CHECK(hipGraphInstantiate(&w->exec, w->graph, NULL, NULL, 0));
}
/* node then node2, with the edge node -> node2; lists of two. */
static void prepare_edge(world *w) {
  prepare_graph_nodes(w);
  MT_CHECK(hipGraphAddDependencies(w->graph, &w->node, &w->node2, 1));
  w->out.count = 2;
}
static void prepare_clone(world *w) {
  prepare_graph_nodes(w);
  MT_CHECK(hipGraphClone(&w->clone, w->graph));
}
static hipError_t call_add_memcpy_3d_node(world *w) {
  hipMemcpy3DParms p = copy_params(w);
  return hipGraphAddMemcpyNode(&w->out.node, w->graph, &w->node, 1, &p);
}
static hipError_t call_add_host_node(world *w) {
  hipHostNodeParams host = {host_nothing, NULL};
  return hipGraphAddHostNode(&w->out.node, w->graph, &w->node, 1, &host);
}
static hipError_t call_add_record_node(world *w) {
  return hipGraphAddEventRecordNode(&w->out.node, w->graph, &w->node, 1, w->event);
}
static hipError_t call_add_wait_node(world *w) {
  return hipGraphAddEventWaitNode(&w->out.node, w->graph, &w->node, 1, w->event);
}
static hipError_t call_add_child_node(world *w) {
  return hipGraphAddChildGraphNode(&w->out.node, w->graph, &w->node, 1, w->child);
}
static hipError_t call_child_get_graph(world *w) {
  return hipGraphChildGraphNodeGetGraph(w->child_node, &w->out.graph);
}
static hipError_t call_graph_clone(world *w) { return hipGraphClone(&w->out.graph, w->graph); }

/* ---- graph memory ---- */

static hipMemAllocNodeParams alloc_params(void) {
  hipMemAllocNodeParams p = {0};
  p.poolProps.allocType = hipMemAllocationTypePinned;
  p.poolProps.location.type = hipMemLocationTypeDevice;
  p.bytesize = granule;
  return p;
}
/* prepare_graph_nodes, an alloc node and a free node of its memory after it. */
static void prepare_mem_nodes(world *w) {
  prepare_graph_nodes(w);
  hipMemAllocNodeParams p = alloc_params();
  MT_CHECK(hipGraphAddMemAllocNode(&w->alloc_node, w->graph, NULL, 0, &p));
  w->graph_dptr = p.dptr;
  MT_CHECK(hipGraphAddMemFreeNode(&w->free_node, w->graph, &w->alloc_node, 1, p.dptr));
}
/* prepare_graph_nodes and an alloc node whose memory no free node names. */
static void prepare_alloc_node(world *w) {
  prepare_graph_nodes(w);
  hipMemAllocNodeParams p = alloc_params();
  MT_CHECK(hipGraphAddMemAllocNode(&w->alloc_node, w->graph, NULL, 0, &p));
  w->graph_dptr = p.dptr;
}
static hipError_t call_add_alloc_node(world *w) {
  hipMemAllocNodeParams p = alloc_params();
  return hipGraphAddMemAllocNode(&w->out.node, w->graph, &w->node, 1, &p);
}
static hipError_t call_add_free_node(world *w) {
  return hipGraphAddMemFreeNode(&w->out.node, w->graph, &w->alloc_node, 1, w->graph_dptr);
}
static hipError_t call_alloc_node_params(world *w) {
  return hipGraphMemAllocNodeGetParams(w->alloc_node, &w->out.alloc_params);
}
static hipError_t call_free_node_params(world *w) {
  return hipGraphMemFreeNodeGetParams(w->free_node, &w->out.ptr);
}
static hipError_t call_get_graph_mem(world *w) {
  return hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &w->out.value64);
}
static hipError_t call_set_graph_mem(world *w) {
  (void)w;
  uint64_t zero = 0;
  return hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrReservedMemHigh, &zero);
}
static hipError_t call_graph_mem_trim(world *w) {
  (void)w;
  return hipDeviceGraphMemTrim(0);
}
static hipError_t call_find_in_clone(world *w) {
  return hipGraphNodeFindInClone(&w->out.node, w->node, w->clone);
}
static hipError_t call_node_dependencies(world *w) {
  return hipGraphNodeGetDependencies(w->node2, w->out.nodes, &w->out.count);
}
static hipError_t call_node_dependents(world *w) {
  return hipGraphNodeGetDependentNodes(w->node, w->out.nodes, &w->out.count);
}
static hipError_t call_get_edges(world *w) {
  return hipGraphGetEdges(w->graph, w->out.nodes, w->out.nodes + 2, &w->out.count);
}
static hipError_t call_remove_dependencies(world *w) {
  return hipGraphRemoveDependencies(w->graph, &w->node, &w->node2, 1);
}
static void undo_remove_dependencies(world *w) {
  MT_CHECK(hipGraphAddDependencies(w->graph, &w->node, &w->node2, 1));
}
static hipError_t call_destroy_node(world *w) { return hipGraphDestroyNode(w->node2); }
static hipError_t call_kernel_get_params(world *w) {
  return hipGraphKernelNodeGetParams(w->node, &w->out.kernel_params);
}
static hipKernelNodeParams kernel_params(void) {
  return (hipKernelNodeParams){
      .blockDim = {1, 1, 1}, .func = (void *)(uintptr_t)empty_kernel, .gridDim = {1, 1, 1}};
}
static hipError_t call_kernel_set_params(world *w) {
  hipKernelNodeParams p = kernel_params();
  return hipGraphKernelNodeSetParams(w->node, &p);
}
/* a capture looked into: the world's stream captures nothing */
static hipError_t call_capture_info_v2(world *w) {
  return hipStreamGetCaptureInfo_v2(w->stream, &w->out.capture_status, NULL, NULL, NULL, NULL);
}
static hipError_t call_update_capture_deps(world *w) {
  return hipStreamUpdateCaptureDependencies(w->stream, NULL, 0, 0);
}
static hipError_t call_capture_to_graph(world *w) {
  return hipStreamBeginCaptureToGraph(w->stream, w->graph, NULL, NULL, 0,
                                      hipStreamCaptureModeGlobal);
}
static void undo_capture_to_graph(world *w) {
  hipGraph_t same = NULL;
  MT_CHECK(hipStreamEndCapture(w->stream, &same));
  assert_ptr_equal(same, w->graph);
}
/* kernel node attributes, on the empty node: what a C program can make */
static hipError_t call_kernel_set_attribute(world *w) {
  hipKernelNodeAttrValue v;
  memset(&v, 0, sizeof v);
  return hipGraphKernelNodeSetAttribute(w->node, hipKernelNodeAttributeCooperative, &v);
}
static hipError_t call_kernel_get_attribute(world *w) {
  hipKernelNodeAttrValue v;
  return hipGraphKernelNodeGetAttribute(w->node, hipKernelNodeAttributeCooperative, &v);
}
static hipError_t call_kernel_copy_attributes(world *w) {
  return hipGraphKernelNodeCopyAttributes(w->node, w->node2);
}
static hipError_t call_memcpy_get_params(world *w) {
  return hipGraphMemcpyNodeGetParams(w->copy_node, &w->out.copy_params);
}
static hipError_t call_memcpy_set_params(world *w) {
  hipMemcpy3DParms p = copy_params(w);
  return hipGraphMemcpyNodeSetParams(w->copy_node, &p);
}
static hipError_t call_memcpy_set_params_1d(world *w) {
  return hipGraphMemcpyNodeSetParams1D(w->copy_node, w->m.base, w->out.host, HOST_BYTES,
                                       hipMemcpyHostToDevice);
}
static hipError_t call_memset_get_params(world *w) {
  return hipGraphMemsetNodeGetParams(w->set_node, &w->out.set_params);
}
static hipError_t call_memset_set_params(world *w) {
  hipMemsetParams p = set_params(w);
  return hipGraphMemsetNodeSetParams(w->set_node, &p);
}
static hipError_t call_host_get_params(world *w) {
  return hipGraphHostNodeGetParams(w->host_node, &w->out.host_params);
}
static hipError_t call_host_set_params(world *w) {
  hipHostNodeParams host = {host_nothing, NULL};
  return hipGraphHostNodeSetParams(w->host_node, &host);
}
static hipError_t call_record_get_event(world *w) {
  return hipGraphEventRecordNodeGetEvent(w->record_node, &w->out.event);
}
static hipError_t call_record_set_event(world *w) {
  return hipGraphEventRecordNodeSetEvent(w->record_node, w->event);
}
static hipError_t call_wait_get_event(world *w) {
  return hipGraphEventWaitNodeGetEvent(w->wait_node, &w->out.event);
}
static hipError_t call_wait_set_event(world *w) {
  return hipGraphEventWaitNodeSetEvent(w->wait_node, w->event);
}
static hipError_t call_exec_kernel_set(world *w) {
  hipKernelNodeParams p = kernel_params();
  return hipGraphExecKernelNodeSetParams(w->exec, w->node, &p);
}
static hipError_t call_exec_memcpy_set(world *w) {
  hipMemcpy3DParms p = copy_params(w);
  return hipGraphExecMemcpyNodeSetParams(w->exec, w->copy_node, &p);
}
static hipError_t call_exec_memcpy_set_1d(world *w) {
  return hipGraphExecMemcpyNodeSetParams1D(w->exec, w->copy_node, w->m.base, w->out.host,
                                           HOST_BYTES, hipMemcpyHostToDevice);
}
static hipError_t call_exec_memset_set(world *w) {
  hipMemsetParams p = set_params(w);
  return hipGraphExecMemsetNodeSetParams(w->exec, w->set_node, &p);
}
static hipError_t call_exec_host_set(world *w) {
  hipHostNodeParams host = {host_nothing, NULL};
  return hipGraphExecHostNodeSetParams(w->exec, w->host_node, &host);
}
static hipError_t call_exec_record_set(world *w) {
  return hipGraphExecEventRecordNodeSetEvent(w->exec, w->record_node, w->event);
}
static hipError_t call_exec_wait_set(world *w) {
  return hipGraphExecEventWaitNodeSetEvent(w->exec, w->wait_node, w->event);
}
static hipError_t call_add_to_symbol_node(world *w) {
  return hipGraphAddMemcpyNodeToSymbol(&w->out.node, w->graph, &w->node, 1, device_variable,
                                       w->out.host, HOST_BYTES, 0, hipMemcpyHostToDevice);
}
static hipError_t call_add_from_symbol_node(world *w) {
  return hipGraphAddMemcpyNodeFromSymbol(&w->out.node, w->graph, &w->node, 1, w->out.host,
                                         device_variable, HOST_BYTES, 0, hipMemcpyDeviceToHost);
}
static hipError_t call_set_to_symbol(world *w) {
  return hipGraphMemcpyNodeSetParamsToSymbol(w->copy_node, device_variable, w->out.host, HOST_BYTES,
                                             0, hipMemcpyHostToDevice);
}
static hipError_t call_set_from_symbol(world *w) {
  return hipGraphMemcpyNodeSetParamsFromSymbol(w->copy_node, w->out.host, device_variable,
                                               HOST_BYTES, 0, hipMemcpyDeviceToHost);
}
static hipError_t call_exec_set_to_symbol(world *w) {
  return hipGraphExecMemcpyNodeSetParamsToSymbol(w->exec, w->copy_node, device_variable,
                                                 w->out.host, HOST_BYTES, 0, hipMemcpyHostToDevice);
}
/* The exec's copy node copies host to device: a copy out of a variable changes its kind. */
static hipError_t call_exec_set_from_symbol(world *w) {
  return hipGraphExecMemcpyNodeSetParamsFromSymbol(
      w->exec, w->copy_node, w->out.host, device_variable, HOST_BYTES, 0, hipMemcpyDeviceToHost);
}
static hipError_t call_exec_child_set(world *w) {
  return hipGraphExecChildGraphNodeSetParams(w->exec, w->child_node, w->child);
}

static hipError_t call_get_proc_address(world *w) {
  return hipGetProcAddress("hipMemCreate", &w->out.ptr, HIP_VERSION, HIP_GET_PROC_ADDRESS_DEFAULT,
                           &w->out.symbol_status);
}

/* A kernel with nothing to do: the launch is what is tried. */
static void empty_kernel(void *args) { (void)args; }
static hipError_t call_launch_kernel(world *w) {
  (void)w;
  dim3 one = {1, 1, 1}, two = {2, 1, 1};
  return mockhip_launch_kernel("empty_kernel", empty_kernel, one, two, 0, NULL, NULL);
}

/* Host work: the callback counts its runs in out.value, which a failed call leaves alone. */
static void count_callback(hipStream_t stream, hipError_t status, void *user_data) {
  (void)stream;
  *(int *)user_data += status == hipSuccess ? 1 : 100;
}
static void count_host_fn(void *user_data) { *(int *)user_data += 1; }
static hipError_t call_stream_add_callback(world *w) {
  return hipStreamAddCallback(w->stream, count_callback, &w->out.value, 0);
}
static hipError_t call_launch_host_func(world *w) {
  return hipLaunchHostFunc(w->stream, count_host_fn, &w->out.value);
}
static void undo_host_work(world *w) {
  int sentinel;
  memset(&sentinel, 0xa5, sizeof sentinel); /* what world_create wrote */
  assert_int_equal(w->out.value, sentinel + 1);
  w->out.value = sentinel;
}

/* Module calls: no code object is ever loaded, so each fails even without a rule. */
static hipError_t call_module_load(world *w) {
  return hipModuleLoad((hipModule_t *)&w->out.ptr, "/proc/self/exe");
}
static hipError_t call_module_load_data(world *w) {
  return hipModuleLoadData((hipModule_t *)&w->out.ptr, w->out.host);
}
static hipError_t call_module_unload(world *w) {
  (void)w;
  return hipModuleUnload(NULL);
}
static hipError_t call_module_get_function(world *w) {
  return hipModuleGetFunction((hipFunction_t *)&w->out.ptr, NULL, "kernel");
}
static hipError_t call_module_get_global(world *w) {
  return hipModuleGetGlobal((hipDeviceptr_t *)&w->out.ptr, &w->out.free_bytes, NULL, "global");
}
static hipError_t call_module_launch_kernel(world *w) {
  return hipModuleLaunchKernel(NULL, 1, 1, 1, 1, 1, 1, 0, w->stream, NULL, NULL);
}

/* ---- texture objects ---- */

static hipResourceDesc array_resource(world *w) {
  hipResourceDesc r;
  memset(&r, 0, sizeof r);
  r.resType = hipResourceTypeArray;
  r.res.array.array = w->array;
  return r;
}
static void prepare_texture(world *w) {
  hipResourceDesc r = array_resource(w);
  hipTextureDesc d;
  memset(&d, 0, sizeof d);
  MT_CHECK(hipCreateTextureObject(&w->texture, &r, &d, NULL));
}
static hipError_t call_create_texture(world *w) {
  hipResourceDesc r = array_resource(w);
  hipTextureDesc d;
  memset(&d, 0, sizeof d);
  return hipCreateTextureObject(&w->out.texture, &r, &d, NULL);
}
static hipError_t call_tex_object_create(world *w) {
  HIP_RESOURCE_DESC r;
  memset(&r, 0, sizeof r);
  r.resType = HIP_RESOURCE_TYPE_ARRAY;
  r.res.array.hArray = w->array;
  HIP_TEXTURE_DESC d;
  memset(&d, 0, sizeof d);
  return hipTexObjectCreate(&w->out.texture, &r, &d, NULL);
}
static void undo_out_texture(world *w) { MT_CHECK(hipDestroyTextureObject(w->out.texture)); }
static hipError_t call_destroy_texture(world *w) { return hipDestroyTextureObject(w->texture); }
static hipError_t call_tex_object_destroy(world *w) { return hipTexObjectDestroy(w->texture); }
static hipError_t call_link_type(world *w) {
  uint32_t link_type, hop_count;
  (void)w;
  return hipExtGetLinkTypeAndHopCount(0, 1, &link_type, &hop_count);
}
/* A wait that holds at once (any word is >= 0), and writes of the bytes already there. */
static hipError_t call_wait_value32(world *w) {
  return hipStreamWaitValue32(w->stream, w->block, 0, hipStreamWaitValueGte, 0xFFFFFFFFu);
}
static hipError_t call_wait_value64(world *w) {
  return hipStreamWaitValue64(w->stream, w->block, 0, hipStreamWaitValueGte, ~0ull);
}
static hipError_t call_write_value32(world *w) {
  uint32_t word;
  memcpy(&word, w->block, sizeof word);
  return hipStreamWriteValue32(w->stream, w->block, word, 0);
}
static hipError_t call_write_value64(world *w) {
  uint64_t word;
  memcpy(&word, w->block, sizeof word);
  return hipStreamWriteValue64(w->stream, w->block, word, 0);
}
static hipError_t call_ipc_get_mem_handle(world *w) {
  hipIpcMemHandle_t handle;
  return hipIpcGetMemHandle(&handle, w->block);
}
/* The handle of this process's own block: opening it here is InvalidContext, with no rule. */
static hipError_t call_ipc_open_mem_handle(world *w) {
  hipIpcMemHandle_t handle;
  MT_CHECK(hipIpcGetMemHandle(&handle, w->block));
  return hipIpcOpenMemHandle(&w->out.ptr, handle, hipIpcMemLazyEnablePeerAccess);
}
/* This process's own block, which no open made: InvalidValue, with no rule. */
static hipError_t call_ipc_close_mem_handle(world *w) { return hipIpcCloseMemHandle(w->block); }
static void undo_destroy_texture(world *w) { w->texture = NULL; }
/* user objects: one reference of the world's, and the graph's */
static void forget(void *ptr) { (void)ptr; }
static void prepare_user_object(world *w) {
  MT_CHECK(hipUserObjectCreate(&w->user_object, w, forget, 1, hipUserObjectNoDestructorSync));
}
static void prepare_graph_user_object(world *w) {
  prepare_graph_nodes(w);
  prepare_user_object(w);
}
static void prepare_graph_holding(world *w) {
  prepare_graph_user_object(w);
  MT_CHECK(hipGraphRetainUserObject(w->graph, w->user_object, 1, 0));
}
static hipError_t call_user_object_create(world *w) {
  return hipUserObjectCreate(&w->out.user_object, w, forget, 1, hipUserObjectNoDestructorSync);
}
static void undo_user_object_create(world *w) {
  MT_CHECK(hipUserObjectRelease(w->out.user_object, 1));
}
static hipError_t call_user_object_release(world *w) {
  return hipUserObjectRelease(w->user_object, 1);
}
static hipError_t call_user_object_retain(world *w) {
  return hipUserObjectRetain(w->user_object, 1);
}
static void undo_user_object_retain(world *w) { MT_CHECK(hipUserObjectRelease(w->user_object, 1)); }
static hipError_t call_graph_retain_user_object(world *w) {
  return hipGraphRetainUserObject(w->graph, w->user_object, 1, 0);
}
static void undo_graph_retain_user_object(world *w) {
  MT_CHECK(hipGraphReleaseUserObject(w->graph, w->user_object, 1));
}
static hipError_t call_graph_release_user_object(world *w) {
  return hipGraphReleaseUserObject(w->graph, w->user_object, 1);
}
static hipError_t call_texture_resource_desc(world *w) {
  return hipGetTextureObjectResourceDesc(&w->out.res_desc, w->texture);
}
static hipError_t call_texture_view_desc(world *w) {
  return hipGetTextureObjectResourceViewDesc(&w->out.view_desc, w->texture);
}
static hipError_t call_texture_desc(world *w) {
  return hipGetTextureObjectTextureDesc(&w->out.tex_desc, w->texture);
}

/* ---- arrays and pitched memory ---- */

static const hipChannelFormatDesc float_desc = {32, 0, 0, 0, hipChannelFormatKindFloat};

static hipError_t call_malloc_array(world *w) {
  return hipMallocArray(&w->out.array, &float_desc, 16, 4, hipArrayDefault);
}
static void undo_out_array(world *w) { MT_CHECK(hipFreeArray(w->out.array)); }
static hipError_t call_array_create(world *w) {
  HIP_ARRAY_DESCRIPTOR desc = {16, 4, HIP_AD_FORMAT_FLOAT, 1};
  return hipArrayCreate(&w->out.array, &desc);
}
static hipError_t call_array_3d_create(world *w) {
  HIP_ARRAY3D_DESCRIPTOR desc = {16, 4, 2, HIP_AD_FORMAT_FLOAT, 1, hipArrayDefault};
  return hipArray3DCreate(&w->out.array, &desc);
}
static hipError_t call_malloc_3d_array(world *w) {
  return hipMalloc3DArray(&w->out.array, &float_desc, make_hipExtent(16, 4, 2), hipArrayDefault);
}
static hipError_t call_free_array(world *w) { return hipFreeArray(w->array); }
static hipError_t call_array_destroy(world *w) { return hipArrayDestroy(w->array); }
static void undo_free_array(world *w) { w->array = NULL; }
static hipError_t call_array_get_info(world *w) {
  return hipArrayGetInfo(&w->out.channels, &w->out.extent, &w->out.uflags, w->array);
}
static hipError_t call_array_get_descriptor(world *w) {
  return hipArrayGetDescriptor(&w->out.array_desc, w->array);
}
static hipError_t call_array_3d_get_descriptor(world *w) {
  return hipArray3DGetDescriptor(&w->out.array3d_desc, w->array);
}
static hipError_t call_malloc_pitch(world *w) {
  return hipMallocPitch(&w->out.ptr, &w->out.pitch, 100, 4);
}
static hipError_t call_malloc_3d(world *w) {
  return hipMalloc3D(&w->out.pitched, make_hipExtent(100, 4, 2));
}
static void undo_malloc_3d(world *w) { MT_CHECK(hipFree(w->out.pitched.ptr)); }
/* 16 bytes x 4 rows of out.host into the mapping, 64 bytes apart */
static hipError_t call_memcpy_2d(world *w) {
  return hipMemcpy2D(w->m.base, 64, w->out.host, 16, 16, 4, hipMemcpyHostToDevice);
}
static hipError_t call_memcpy_2d_async(world *w) {
  return hipMemcpy2DAsync(w->m.base, 64, w->out.host, 16, 16, 4, hipMemcpyHostToDevice, w->stream);
}
static hip_Memcpy2D host_to_array(world *w) {
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = w->out.host;
  c.srcPitch = 16;
  c.dstMemoryType = hipMemoryTypeArray;
  c.dstArray = w->array;
  c.WidthInBytes = 16;
  c.Height = 4;
  return c;
}
static hipError_t call_memcpy_param_2d(world *w) {
  hip_Memcpy2D c = host_to_array(w);
  return hipMemcpyParam2D(&c);
}
static hipError_t call_memcpy_param_2d_async(world *w) {
  hip_Memcpy2D c = host_to_array(w);
  return hipMemcpyParam2DAsync(&c, w->stream);
}
static hipError_t call_memcpy_2d_to_array(world *w) {
  return hipMemcpy2DToArray(w->array, 0, 0, w->out.host, 16, 16, 4, hipMemcpyHostToDevice);
}
static hipError_t call_memcpy_2d_to_array_async(world *w) {
  return hipMemcpy2DToArrayAsync(w->array, 0, 0, w->out.host, 16, 16, 4, hipMemcpyHostToDevice,
                                 w->stream);
}
static hipError_t call_memcpy_2d_from_array(world *w) {
  return hipMemcpy2DFromArray(w->out.host, 16, w->array, 0, 0, 16, 4, hipMemcpyDeviceToHost);
}
static hipError_t call_memcpy_2d_from_array_async(world *w) {
  return hipMemcpy2DFromArrayAsync(w->out.host, 16, w->array, 0, 0, 16, 4, hipMemcpyDeviceToHost,
                                   w->stream);
}
static hipError_t call_memcpy_to_array(world *w) {
  return hipMemcpyToArray(w->array, 0, 0, w->out.host, 64, hipMemcpyHostToDevice);
}
static hipError_t call_memcpy_from_array(world *w) {
  return hipMemcpyFromArray(w->out.host, w->array, 0, 0, 64, hipMemcpyDeviceToHost);
}
static hipError_t call_drv_memcpy_2d_unaligned(world *w) {
  hip_Memcpy2D c = host_to_array(w);
  return hipDrvMemcpy2DUnaligned(&c);
}
static hipError_t call_memcpy_atoh(world *w) { return hipMemcpyAtoH(w->out.host, w->array, 0, 64); }
static hipError_t call_memcpy_htoa(world *w) { return hipMemcpyHtoA(w->array, 0, w->out.host, 64); }
static hipError_t call_memset_2d(world *w) { return hipMemset2D(w->m.base, 16, 0x11, 16, 4); }
static hipError_t call_memset_2d_async(world *w) {
  return hipMemset2DAsync(w->m.base, 16, 0x11, 16, 4, w->stream);
}
static hipError_t call_memset_3d(world *w) {
  return hipMemset3D(make_hipPitchedPtr(w->m.base, 16, 16, 4), 0x11, make_hipExtent(16, 4, 2));
}
static hipError_t call_memset_3d_async(world *w) {
  return hipMemset3DAsync(make_hipPitchedPtr(w->m.base, 16, 16, 4), 0x11, make_hipExtent(16, 4, 2),
                          w->stream);
}
static hipError_t call_memcpy_with_stream(world *w) {
  return hipMemcpyWithStream(w->m.base, w->out.host, HOST_BYTES, hipMemcpyHostToDevice, w->stream);
}
static hipError_t call_malloc_host(world *w) { return hipMallocHost(&w->out.ptr, granule); }
static hipError_t call_host_alloc(world *w) {
  return hipHostAlloc(&w->out.ptr, granule, hipHostAllocMapped);
}
static hipError_t call_mem_ptr_get_info(world *w) {
  return hipMemPtrGetInfo(w->block + 1, &w->out.granularity);
}
static hipError_t call_stream_attach_mem(world *w) {
  return hipStreamAttachMemAsync(w->stream, w->block, 0, hipMemAttachSingle);
}
static hipError_t call_pointer_attribute(world *w) {
  return hipPointerGetAttribute(&w->out.uflags, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, w->block);
}
static hipError_t call_drv_pointer_attributes(world *w) {
  hipPointer_attribute which[] = {HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
  void *data[] = {&w->out.value};
  return hipDrvPointerGetAttributes(1, which, data, w->block);
}
static hipError_t call_memcpy_atod(world *w) { return hipMemcpyAtoD(w->m.base, w->array, 0, 64); }
static hipError_t call_memcpy_dtoa(world *w) { return hipMemcpyDtoA(w->array, 0, w->m.base, 64); }
static hipError_t call_memcpy_atoa(world *w) { return hipMemcpyAtoA(w->array, 0, w->array, 0, 32); }
static hipError_t call_memcpy_atoh_async(world *w) {
  return hipMemcpyAtoHAsync(w->out.host, w->array, 0, 64, w->stream);
}
static hipError_t call_memcpy_htoa_async(world *w) {
  return hipMemcpyHtoAAsync(w->array, 0, w->out.host, 64, w->stream);
}
static hipError_t call_pointer_set_attribute(world *w) {
  unsigned sync = 1;
  return hipPointerSetAttribute(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, w->block);
}
static hipError_t call_mem_alloc_host(world *w) { return hipMemAllocHost(&w->out.ptr, granule); }
static hipError_t call_mem_alloc_pitch(world *w) {
  return hipMemAllocPitch(&w->out.ptr, &w->out.count, 100, 4, 4);
}
static void undo_mem_alloc_pitch(world *w) { MT_CHECK(hipFree(w->out.ptr)); }
static hipMemcpy3DParms host_to_array_3d(world *w) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(w->out.host, 16, 16, 4);
  p.dstArray = w->array;
  p.extent = make_hipExtent(4, 4, 1);
  p.kind = hipMemcpyHostToDevice;
  return p;
}
static hipError_t call_memcpy_3d(world *w) {
  hipMemcpy3DParms p = host_to_array_3d(w);
  return hipMemcpy3D(&p);
}
static hipError_t call_memcpy_3d_async(world *w) {
  hipMemcpy3DParms p = host_to_array_3d(w);
  return hipMemcpy3DAsync(&p, w->stream);
}
static HIP_MEMCPY3D host_to_device_3d(world *w) {
  HIP_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = w->out.host;
  c.srcPitch = 16;
  c.dstMemoryType = hipMemoryTypeDevice;
  c.dstDevice = w->m.base;
  c.dstPitch = 64;
  c.WidthInBytes = 16;
  c.Height = 4;
  c.Depth = 1;
  return c;
}
static hipError_t call_drv_memcpy_3d(world *w) {
  HIP_MEMCPY3D c = host_to_device_3d(w);
  return hipDrvMemcpy3D(&c);
}
static hipError_t call_drv_memcpy_3d_async(world *w) {
  HIP_MEMCPY3D c = host_to_device_3d(w);
  return hipDrvMemcpy3DAsync(&c, w->stream);
}
/* No mipmapped array exists on ROCm on Linux: these calls get their refusals anyway. */
static hipError_t call_malloc_mipmapped(world *w) {
  return hipMallocMipmappedArray(&w->out.mipmap, &float_desc, make_hipExtent(16, 16, 0), 2, 0);
}
static hipError_t call_mipmapped_create(world *w) {
  HIP_ARRAY3D_DESCRIPTOR desc = {16, 16, 0, HIP_AD_FORMAT_FLOAT, 1, hipArrayDefault};
  return hipMipmappedArrayCreate(&w->out.mipmap, &desc, 2);
}
static hipMipmappedArray_t made_up_mipmap(world *w) { return (hipMipmappedArray_t)w->out.host; }
static hipError_t call_free_mipmapped(world *w) { return hipFreeMipmappedArray(made_up_mipmap(w)); }
static hipError_t call_mipmapped_destroy(world *w) {
  return hipMipmappedArrayDestroy(made_up_mipmap(w));
}
static hipError_t call_get_mipmapped_level(world *w) {
  return hipGetMipmappedArrayLevel(&w->out.array, made_up_mipmap(w), 0);
}
static hipError_t call_mipmapped_get_level(world *w) {
  return hipMipmappedArrayGetLevel(&w->out.array, made_up_mipmap(w), 0);
}
static hipError_t call_ctx_create(world *w) { return hipCtxCreate(&w->out.ctx, 0, 0); }
static void undo_ctx_create(world *w) { MT_CHECK(hipCtxDestroy(w->out.ctx)); }
/* Device 1's context is on no stack here: destroying it changes nothing but a count. */
static hipError_t call_ctx_destroy(world *w) { return hipCtxDestroy(w->ctx1); }

typedef struct api_case {
  hipError_t natural;           /* fault.c's natural_failure() for the entry point */
  hipError_t (*call)(world *w); /* valid arguments on the world */
  void (*undo)(world *w);       /* after the call succeeded with no rule in force */
  hipError_t without_rule;      /* what the call returns with no rule: hipSuccess but one */
} api_case;

#define CASE(api) [MOCKHIP_CALL_##api]

static const api_case cases[MOCKHIP_API_COUNT] = {
    CASE(hipInit) = {hipErrorNotInitialized, call_init, NULL, hipSuccess},
    CASE(hipGetDeviceCount) = {hipErrorNoDevice, call_get_device_count, NULL, hipSuccess},
    CASE(hipSetDevice) = {hipErrorInvalidDevice, call_set_device, undo_set_device, hipSuccess},
    CASE(hipGetDevice) = {hipErrorInvalidValue, call_get_device, NULL, hipSuccess},
    CASE(hipDeviceGetAttribute) = {hipErrorInvalidValue, call_get_attribute, NULL, hipSuccess},
    CASE(hipDeviceCanAccessPeer) = {hipErrorInvalidValue, call_can_access_peer, NULL, hipSuccess},
    CASE(hipDeviceSynchronize) = {hipErrorInvalidValue, call_device_synchronize, NULL, hipSuccess},
    CASE(hipDriverGetVersion) = {hipErrorInvalidValue, call_driver_version, NULL, hipSuccess},
    CASE(hipRuntimeGetVersion) = {hipErrorInvalidValue, call_runtime_version, NULL, hipSuccess},
    CASE(hipMalloc) = {hipErrorOutOfMemory, call_malloc, undo_malloc, hipSuccess},
    CASE(hipFree) = {hipErrorInvalidValue, call_free, undo_free, hipSuccess},
    CASE(hipMemGetInfo) = {hipErrorInvalidValue, call_get_info, NULL, hipSuccess},
    CASE(hipMemcpy) = {hipErrorInvalidValue, call_memcpy, NULL, hipSuccess},
    CASE(hipMemcpyHtoD) = {hipErrorInvalidValue, call_htod, NULL, hipSuccess},
    CASE(hipMemcpyDtoH) = {hipErrorInvalidValue, call_dtoh, NULL, hipSuccess},
    CASE(hipMemcpyDtoD) = {hipErrorInvalidValue, call_dtod, NULL, hipSuccess},
    CASE(hipMemcpyPeer) = {hipErrorInvalidValue, call_peer, NULL, hipSuccess},
    CASE(hipMemset) = {hipErrorInvalidValue, call_memset, NULL, hipSuccess},
    CASE(hipMemsetD8) = {hipErrorInvalidValue, call_memset_d8, NULL, hipSuccess},
    CASE(hipMemsetD32) = {hipErrorInvalidValue, call_memset_d32, NULL, hipSuccess},
    CASE(hipMemcpyAsync) = {hipErrorInvalidValue, call_memcpy_async, NULL, hipSuccess},
    CASE(hipMemcpyHtoDAsync) = {hipErrorInvalidValue, call_htod_async, NULL, hipSuccess},
    CASE(hipMemcpyDtoHAsync) = {hipErrorInvalidValue, call_dtoh_async, NULL, hipSuccess},
    CASE(hipMemcpyDtoDAsync) = {hipErrorInvalidValue, call_dtod_async, NULL, hipSuccess},
    CASE(hipMemcpyPeerAsync) = {hipErrorInvalidValue, call_peer_async, NULL, hipSuccess},
    CASE(hipMemsetAsync) = {hipErrorInvalidValue, call_memset_async, NULL, hipSuccess},
    CASE(hipMemsetD8Async) = {hipErrorInvalidValue, call_memset_d8_async, NULL, hipSuccess},
    CASE(hipMemsetD32Async) = {hipErrorInvalidValue, call_memset_d32_async, NULL, hipSuccess},
    CASE(hipStreamCreate) = {hipErrorOutOfMemory, call_stream_create, undo_stream_create,
                             hipSuccess},
    CASE(hipStreamDestroy) = {hipErrorInvalidValue, call_stream_destroy, undo_stream_destroy,
                              hipSuccess},
    CASE(hipStreamSynchronize) = {hipErrorInvalidValue, call_stream_synchronize, NULL, hipSuccess},
    CASE(hipMemAddressReserve) = {hipErrorOutOfMemory, call_reserve, undo_reserve, hipSuccess},
    CASE(hipMemAddressFree) = {hipErrorUnknown, call_address_free, undo_address_free, hipSuccess},
    CASE(hipMemCreate) = {hipErrorOutOfMemory, call_create, undo_out_handle, hipSuccess},
    CASE(hipMemRelease) = {hipErrorInvalidValue, call_release, undo_release, hipSuccess},
    CASE(hipMemMap) = {hipErrorOutOfMemory, call_map, undo_map, hipSuccess},
    CASE(hipMemUnmap) = {hipErrorOutOfMemory, call_unmap, undo_unmap, hipSuccess},
    CASE(hipMemSetAccess) = {hipErrorOutOfMemory, call_set_access, NULL, hipSuccess},
    CASE(hipMemGetAccess) = {hipErrorInvalidValue, call_get_access, NULL, hipSuccess},
    CASE(hipMemGetAllocationGranularity) = {hipErrorInvalidValue, call_granularity, NULL,
                                            hipSuccess},
    CASE(hipMemGetAllocationPropertiesFromHandle) = {hipErrorInvalidValue, call_properties, NULL,
                                                     hipSuccess},
    CASE(hipMemRetainAllocationHandle) = {hipErrorInvalidValue, call_retain, undo_out_handle,
                                          hipSuccess},
    CASE(hipMemExportToShareableHandle) = {hipErrorInvalidValue, call_export, undo_export,
                                           hipSuccess},
    CASE(hipMemImportFromShareableHandle) = {hipErrorInvalidValue, call_import, undo_out_handle,
                                             hipSuccess},
    /* Sparse arrays do not exist on AMD: valid arguments get NotSupported anyway (a.14). */
    CASE(hipMemMapArrayAsync) = {hipErrorNotSupported, call_map_array, NULL, hipErrorNotSupported},
    CASE(hipDeviceGet) = {hipErrorInvalidValue, call_device_get, NULL, hipSuccess},
    CASE(hipDeviceComputeCapability) = {hipErrorInvalidValue, call_compute_capability, NULL,
                                        hipSuccess},
    CASE(hipDeviceGetName) = {hipErrorInvalidValue, call_get_name, NULL, hipSuccess},
    CASE(hipDeviceGetUuid) = {hipErrorInvalidValue, call_get_uuid, NULL, hipSuccess},
    CASE(hipDeviceGetPCIBusId) = {hipErrorInvalidValue, call_pci_bus_id, NULL, hipSuccess},
    CASE(hipDeviceTotalMem) = {hipErrorInvalidValue, call_total_mem, NULL, hipSuccess},
    CASE(hipGetDevicePropertiesR0600) = {hipErrorInvalidValue, call_get_properties, NULL,
                                         hipSuccess},
    CASE(hipDeviceGetP2PAttribute) = {hipErrorInvalidValue, call_p2p_attribute, NULL, hipSuccess},
    CASE(hipDeviceEnablePeerAccess) = {hipErrorInvalidDevice, call_enable_peer, undo_enable_peer,
                                       hipSuccess},
    CASE(hipDeviceDisablePeerAccess) = {hipErrorInvalidDevice, call_disable_peer, undo_disable_peer,
                                        hipSuccess},
    CASE(hipDeviceReset) = {hipErrorInvalidValue, call_device_reset, undo_device_reset, hipSuccess},
    CASE(hipDeviceGetLimit) = {hipErrorInvalidValue, call_device_get_limit, NULL, hipSuccess},
    CASE(hipDeviceSetLimit) = {hipErrorInvalidValue, call_device_set_limit, undo_device_set_limit,
                               hipSuccess},
    CASE(hipDeviceGetCacheConfig) = {hipErrorInvalidValue, call_get_cache_config, NULL, hipSuccess},
    CASE(hipDeviceSetCacheConfig) = {hipErrorInvalidValue, call_set_cache_config, NULL, hipSuccess},
    CASE(hipDeviceGetSharedMemConfig) = {hipErrorInvalidValue, call_get_shared_mem_config, NULL,
                                         hipSuccess},
    CASE(hipDeviceSetSharedMemConfig) = {hipErrorInvalidValue, call_set_shared_mem_config, NULL,
                                         hipSuccess},
    CASE(hipFuncSetCacheConfig) = {hipErrorInvalidValue, call_func_set_cache_config, NULL,
                                   hipSuccess},
    CASE(hipFuncSetSharedMemConfig) = {hipErrorInvalidValue, call_func_set_shared_mem_config, NULL,
                                       hipSuccess},
    CASE(hipGetDeviceFlags) = {hipErrorInvalidValue, call_get_device_flags, NULL, hipSuccess},
    CASE(hipSetDeviceFlags) = {hipErrorInvalidValue, call_set_device_flags, undo_set_device_flags,
                               hipSuccess},
    CASE(hipChooseDeviceR0600) = {hipErrorInvalidValue, call_choose_device, NULL, hipSuccess},
    CASE(hipDeviceGetByPCIBusId) = {hipErrorInvalidValue, call_get_by_pci_bus_id, NULL, hipSuccess},
    CASE(hipCtxGetCurrent) = {hipErrorInvalidValue, call_ctx_get_current, NULL, hipSuccess},
    CASE(hipCtxSetCurrent) = {hipErrorInvalidContext, call_ctx_set_current, undo_ctx_set_current,
                              hipSuccess},
    CASE(hipCtxPushCurrent) = {hipErrorInvalidContext, call_ctx_push, undo_ctx_push, hipSuccess},
    CASE(hipCtxPopCurrent) = {hipErrorInvalidContext, call_ctx_pop, undo_ctx_pop, hipSuccess},
    CASE(hipCtxGetDevice) = {hipErrorInvalidValue, call_ctx_get_device, NULL, hipSuccess},
    /* ROCm implements no hipCtxSynchronize: valid arguments get NotSupported anyway. */
    CASE(hipCtxSynchronize) = {hipErrorNotSupported, call_ctx_synchronize, NULL,
                               hipErrorNotSupported},
    CASE(hipDevicePrimaryCtxRetain) = {hipErrorInvalidValue, call_primary_retain,
                                       undo_primary_retain, hipSuccess},
    CASE(hipDevicePrimaryCtxRelease) = {hipErrorInvalidValue, call_primary_release,
                                        undo_primary_release, hipSuccess},
    CASE(hipDevicePrimaryCtxGetState) = {hipErrorInvalidValue, call_primary_get_state, NULL,
                                         hipSuccess},
    CASE(hipDevicePrimaryCtxReset) = {hipErrorInvalidValue, call_primary_reset, NULL, hipSuccess},
    /* memory beyond VMM */
    CASE(hipMemsetD16) = {hipErrorInvalidValue, call_memset_d16, NULL, hipSuccess},
    CASE(hipMemsetD16Async) = {hipErrorInvalidValue, call_memset_d16_async, NULL, hipSuccess},
    CASE(hipExtMallocWithFlags) = {hipErrorOutOfMemory, call_ext_malloc, undo_malloc, hipSuccess},
    CASE(hipMallocManaged) = {hipErrorOutOfMemory, call_malloc_managed, undo_malloc, hipSuccess},
    CASE(hipMallocAsync) = {hipErrorOutOfMemory, call_malloc_async, undo_malloc_async, hipSuccess},
    CASE(hipFreeAsync) = {hipErrorInvalidValue, call_free_async, undo_free, hipSuccess},
    CASE(hipHostMalloc) = {hipErrorOutOfMemory, call_host_malloc, undo_host_malloc, hipSuccess},
    CASE(hipHostFree) = {hipErrorInvalidValue, call_host_free, undo_free, hipSuccess},
    CASE(hipFreeHost) = {hipErrorInvalidValue, call_free_host, undo_free, hipSuccess},
    CASE(hipHostRegister) = {hipErrorInvalidValue, call_host_register, undo_host_register,
                             hipSuccess},
    CASE(hipHostUnregister) = {hipErrorInvalidValue, call_host_unregister, undo_host_unregister,
                               hipSuccess},
    CASE(hipHostGetDevicePointer) = {hipErrorInvalidValue, call_host_device_pointer, NULL,
                                     hipSuccess},
    CASE(hipHostGetFlags) = {hipErrorInvalidValue, call_host_get_flags, NULL, hipSuccess},
    CASE(hipMemAdvise) = {hipErrorInvalidValue, call_mem_advise, NULL, hipSuccess},
    CASE(hipMemPrefetchAsync) = {hipErrorInvalidValue, call_prefetch, NULL, hipSuccess},
    CASE(hipMemRangeGetAttribute) = {hipErrorInvalidValue, call_range_attribute, NULL, hipSuccess},
    CASE(hipMemRangeGetAttributes) = {hipErrorInvalidValue, call_range_attributes, NULL,
                                      hipSuccess},
    CASE(hipGraphAddMemcpyNode) = {hipErrorOutOfMemory, call_add_memcpy_3d_node, NULL, hipSuccess},
    CASE(hipGraphAddHostNode) = {hipErrorOutOfMemory, call_add_host_node, NULL, hipSuccess},
    CASE(hipGraphAddEventRecordNode) = {hipErrorOutOfMemory, call_add_record_node, NULL,
                                        hipSuccess},
    CASE(hipGraphAddEventWaitNode) = {hipErrorOutOfMemory, call_add_wait_node, NULL, hipSuccess},
    CASE(hipGraphAddChildGraphNode) = {hipErrorOutOfMemory, call_add_child_node, NULL, hipSuccess},
    CASE(hipGraphChildGraphNodeGetGraph) = {hipErrorInvalidValue, call_child_get_graph, NULL,
                                            hipSuccess},
    CASE(hipGraphClone) = {hipErrorOutOfMemory, call_graph_clone, undo_graph_create, hipSuccess},
    CASE(hipGraphNodeFindInClone) = {hipErrorInvalidValue, call_find_in_clone, NULL, hipSuccess},
    CASE(hipGraphNodeGetDependencies) = {hipErrorInvalidValue, call_node_dependencies, NULL,
                                         hipSuccess},
    CASE(hipGraphNodeGetDependentNodes) = {hipErrorInvalidValue, call_node_dependents, NULL,
                                           hipSuccess},
    CASE(hipGraphGetEdges) = {hipErrorInvalidValue, call_get_edges, NULL, hipSuccess},
    CASE(hipGraphRemoveDependencies) = {hipErrorInvalidValue, call_remove_dependencies,
                                        undo_remove_dependencies, hipSuccess},
    CASE(hipGraphDestroyNode) = {hipErrorInvalidValue, call_destroy_node, NULL, hipSuccess},
    /* a C program makes no kernel node (see hipGraphAddKernelNode) */
    CASE(hipGraphKernelNodeGetParams) = {hipErrorInvalidValue, call_kernel_get_params, NULL,
                                         hipErrorInvalidValue},
    CASE(hipGraphKernelNodeSetParams) = {hipErrorInvalidValue, call_kernel_set_params, NULL,
                                         hipErrorInvalidDeviceFunction},
    CASE(hipGraphMemcpyNodeGetParams) = {hipErrorInvalidValue, call_memcpy_get_params, NULL,
                                         hipSuccess},
    CASE(hipGraphMemcpyNodeSetParams) = {hipErrorInvalidValue, call_memcpy_set_params, NULL,
                                         hipSuccess},
    CASE(hipGraphMemcpyNodeSetParams1D) = {hipErrorInvalidValue, call_memcpy_set_params_1d, NULL,
                                           hipSuccess},
    CASE(hipGraphMemsetNodeGetParams) = {hipErrorInvalidValue, call_memset_get_params, NULL,
                                         hipSuccess},
    CASE(hipGraphMemsetNodeSetParams) = {hipErrorInvalidValue, call_memset_set_params, NULL,
                                         hipSuccess},
    CASE(hipGraphHostNodeGetParams) = {hipErrorInvalidValue, call_host_get_params, NULL,
                                       hipSuccess},
    CASE(hipGraphHostNodeSetParams) = {hipErrorInvalidValue, call_host_set_params, NULL,
                                       hipSuccess},
    CASE(hipGraphEventRecordNodeGetEvent) = {hipErrorInvalidValue, call_record_get_event, NULL,
                                             hipSuccess},
    CASE(hipGraphEventRecordNodeSetEvent) = {hipErrorInvalidValue, call_record_set_event, NULL,
                                             hipSuccess},
    CASE(hipGraphEventWaitNodeGetEvent) = {hipErrorInvalidValue, call_wait_get_event, NULL,
                                           hipSuccess},
    CASE(hipGraphEventWaitNodeSetEvent) = {hipErrorInvalidValue, call_wait_set_event, NULL,
                                           hipSuccess},
    CASE(hipGraphExecKernelNodeSetParams) = {hipErrorInvalidValue, call_exec_kernel_set, NULL,
                                             hipErrorInvalidDeviceFunction},
    CASE(hipGraphExecMemcpyNodeSetParams) = {hipErrorInvalidValue, call_exec_memcpy_set, NULL,
                                             hipSuccess},
    CASE(hipGraphExecMemcpyNodeSetParams1D) = {hipErrorInvalidValue, call_exec_memcpy_set_1d, NULL,
                                               hipSuccess},
    CASE(hipGraphExecMemsetNodeSetParams) = {hipErrorInvalidValue, call_exec_memset_set, NULL,
                                             hipSuccess},
    CASE(hipGraphExecHostNodeSetParams) = {hipErrorInvalidValue, call_exec_host_set, NULL,
                                           hipSuccess},
    CASE(hipGraphExecEventRecordNodeSetEvent) = {hipErrorInvalidValue, call_exec_record_set, NULL,
                                                 hipSuccess},
    CASE(hipGraphExecEventWaitNodeSetEvent) = {hipErrorInvalidValue, call_exec_wait_set, NULL,
                                               hipSuccess},
    CASE(hipGraphExecChildGraphNodeSetParams) = {hipErrorInvalidValue, call_exec_child_set, NULL,
                                                 hipSuccess},
    CASE(hipGraphAddMemcpyNodeToSymbol) = {hipErrorOutOfMemory, call_add_to_symbol_node, NULL,
                                           hipSuccess},
    CASE(hipGraphAddMemcpyNodeFromSymbol) = {hipErrorOutOfMemory, call_add_from_symbol_node, NULL,
                                             hipSuccess},
    CASE(hipGraphMemcpyNodeSetParamsToSymbol) = {hipErrorInvalidValue, call_set_to_symbol, NULL,
                                                 hipSuccess},
    CASE(hipGraphMemcpyNodeSetParamsFromSymbol) = {hipErrorInvalidValue, call_set_from_symbol, NULL,
                                                   hipSuccess},
    CASE(hipGraphExecMemcpyNodeSetParamsToSymbol) = {hipErrorInvalidValue, call_exec_set_to_symbol,
                                                     NULL, hipSuccess},
    CASE(hipGraphExecMemcpyNodeSetParamsFromSymbol) = {hipErrorInvalidValue,
                                                       call_exec_set_from_symbol, NULL,
                                                       hipErrorInvalidValue},
    CASE(hipMemGetAddressRange) = {hipErrorNotFound, call_address_range, NULL, hipSuccess},
    CASE(hipGetSymbolAddress) = {hipErrorInvalidValue, call_symbol_address, NULL, hipSuccess},
    CASE(hipGetSymbolSize) = {hipErrorInvalidValue, call_symbol_size, NULL, hipSuccess},
    CASE(hipMemcpyToSymbol) = {hipErrorInvalidValue, call_to_symbol, NULL, hipSuccess},
    CASE(hipMemcpyFromSymbol) = {hipErrorInvalidValue, call_from_symbol, NULL, hipSuccess},
    CASE(hipMemcpyToSymbolAsync) = {hipErrorInvalidValue, call_to_symbol_async, NULL, hipSuccess},
    CASE(hipMemcpyFromSymbolAsync) = {hipErrorInvalidValue, call_from_symbol_async, NULL,
                                      hipSuccess},
    CASE(hipPointerGetAttributes) = {hipErrorInvalidValue, call_pointer_attributes, NULL,
                                     hipSuccess},
    /* dma-buf is not emulated: valid arguments get NotSupported anyway. */
    CASE(hipMemGetHandleForAddressRange) = {hipErrorNotSupported, call_range_handle, NULL,
                                            hipErrorNotSupported},
    CASE(hipStreamCreateWithFlags) = {hipErrorOutOfMemory, call_stream_create_flags,
                                      undo_stream_create, hipSuccess},
    CASE(hipStreamCreateWithPriority) = {hipErrorOutOfMemory, call_stream_create_priority,
                                         undo_stream_create, hipSuccess},
    CASE(hipDeviceGetStreamPriorityRange) = {hipErrorInvalidValue, call_priority_range, NULL,
                                             hipSuccess},
    CASE(hipStreamQuery) = {hipErrorNotReady, call_stream_query, NULL, hipSuccess},
    CASE(hipStreamWaitEvent) = {hipErrorInvalidValue, call_stream_wait_event, NULL, hipSuccess},
    CASE(hipStreamGetFlags) = {hipErrorInvalidValue, call_stream_get_flags, NULL, hipSuccess},
    CASE(hipStreamGetPriority) = {hipErrorInvalidValue, call_stream_get_priority, NULL, hipSuccess},
    CASE(hipStreamGetDevice) = {hipErrorInvalidValue, call_stream_get_device, NULL, hipSuccess},
    CASE(hipExtStreamCreateWithCUMask) = {hipErrorOutOfMemory, call_stream_create_cu_mask,
                                          undo_stream_create, hipSuccess},
    CASE(hipExtStreamGetCUMask) = {hipErrorInvalidValue, call_stream_get_cu_mask, NULL, hipSuccess},
    CASE(hipEventCreate) = {hipErrorOutOfMemory, call_event_create, undo_out_event, hipSuccess},
    CASE(hipEventCreateWithFlags) = {hipErrorOutOfMemory, call_event_create_flags, undo_out_event,
                                     hipSuccess},
    CASE(hipEventRecord) = {hipErrorInvalidValue, call_event_record, NULL, hipSuccess},
    CASE(hipEventQuery) = {hipErrorNotReady, call_event_query, NULL, hipSuccess},
    CASE(hipEventSynchronize) = {hipErrorInvalidValue, call_event_synchronize, NULL, hipSuccess},
    CASE(hipEventElapsedTime) = {hipErrorNotReady, call_event_elapsed, NULL, hipSuccess},
    CASE(hipEventDestroy) = {hipErrorInvalidValue, call_event_destroy, undo_event_destroy,
                             hipSuccess},
    CASE(hipStreamBeginCapture) = {hipErrorOutOfMemory, call_begin_capture, undo_begin_capture,
                                   hipSuccess},
    CASE(hipStreamEndCapture) = {hipErrorOutOfMemory, call_end_capture, undo_end_capture,
                                 hipSuccess},
    CASE(hipStreamIsCapturing) = {hipErrorInvalidValue, call_is_capturing, NULL, hipSuccess},
    CASE(hipStreamGetCaptureInfo) = {hipErrorInvalidValue, call_capture_info, NULL, hipSuccess},
    CASE(hipThreadExchangeStreamCaptureMode) = {hipErrorInvalidValue, call_exchange_mode,
                                                undo_exchange_mode, hipSuccess},
    CASE(hipGraphDestroy) = {hipErrorInvalidValue, call_graph_destroy, undo_graph_destroy,
                             hipSuccess},
    CASE(hipGetProcAddress) = {hipErrorInvalidValue, call_get_proc_address, NULL, hipSuccess},
    CASE(hipLaunchKernel) = {hipErrorLaunchFailure, call_launch_kernel, NULL, hipSuccess},
    CASE(hipStreamAddCallback) = {hipErrorInvalidValue, call_stream_add_callback, undo_host_work,
                                  hipSuccess},
    CASE(hipLaunchHostFunc) = {hipErrorInvalidValue, call_launch_host_func, undo_host_work,
                               hipSuccess},
    CASE(hipModuleLoad) = {hipErrorNotSupported, call_module_load, NULL, hipErrorNotSupported},
    CASE(hipModuleLoadData) = {hipErrorNotSupported, call_module_load_data, NULL,
                               hipErrorNotSupported},
    CASE(hipModuleUnload) = {hipErrorInvalidResourceHandle, call_module_unload, NULL,
                             hipErrorInvalidResourceHandle},
    CASE(hipModuleGetFunction) = {hipErrorInvalidResourceHandle, call_module_get_function, NULL,
                                  hipErrorInvalidResourceHandle},
    CASE(hipModuleGetGlobal) = {hipErrorInvalidResourceHandle, call_module_get_global, NULL,
                                hipErrorInvalidResourceHandle},
    CASE(hipModuleLaunchKernel) = {hipErrorInvalidResourceHandle, call_module_launch_kernel, NULL,
                                   hipErrorInvalidResourceHandle},
    /* memory pools */
    CASE(hipDeviceGetDefaultMemPool) = {hipErrorInvalidValue, call_default_pool, NULL, hipSuccess},
    CASE(hipDeviceSetMemPool) = {hipErrorInvalidValue, call_set_pool, undo_set_pool, hipSuccess},
    CASE(hipDeviceGetMemPool) = {hipErrorInvalidValue, call_get_pool, NULL, hipSuccess},
    CASE(hipMemPoolCreate) = {hipErrorOutOfMemory, call_pool_create, undo_out_pool, hipSuccess},
    CASE(hipMemPoolDestroy) = {hipErrorInvalidValue, call_pool_destroy, undo_pool_destroy,
                               hipSuccess},
    CASE(hipMemPoolSetAttribute) = {hipErrorInvalidValue, call_pool_set_attribute, NULL,
                                    hipSuccess},
    CASE(hipMemPoolGetAttribute) = {hipErrorInvalidValue, call_pool_get_attribute, NULL,
                                    hipSuccess},
    CASE(hipMemPoolSetAccess) = {hipErrorInvalidValue, call_pool_set_access, NULL, hipSuccess},
    CASE(hipMemPoolGetAccess) = {hipErrorInvalidValue, call_pool_get_access, NULL, hipSuccess},
    CASE(hipMemPoolTrimTo) = {hipErrorInvalidValue, call_pool_trim, NULL, hipSuccess},
    CASE(hipMallocFromPoolAsync) = {hipErrorOutOfMemory, call_malloc_from_pool, undo_out_ptr_free,
                                    hipSuccess},
    CASE(hipMemPoolExportToShareableHandle) = {hipErrorInvalidValue, call_pool_export, undo_export,
                                               hipSuccess},
    CASE(hipMemPoolImportFromShareableHandle) = {hipErrorOutOfMemory, call_pool_import,
                                                 undo_out_pool, hipSuccess},
    CASE(hipMemPoolExportPointer) = {hipErrorOutOfMemory, call_pool_export_pointer, NULL,
                                     hipSuccess},
    CASE(hipMemPoolImportPointer) = {hipErrorOutOfMemory, call_pool_import_pointer,
                                     undo_out_ptr_free, hipSuccess},

    /* arrays and pitched memory */
    CASE(hipMallocArray) = {hipErrorOutOfMemory, call_malloc_array, undo_out_array, hipSuccess},
    CASE(hipArrayCreate) = {hipErrorOutOfMemory, call_array_create, undo_out_array, hipSuccess},
    CASE(hipArray3DCreate) = {hipErrorOutOfMemory, call_array_3d_create, undo_out_array,
                              hipSuccess},
    CASE(hipMalloc3DArray) = {hipErrorOutOfMemory, call_malloc_3d_array, undo_out_array,
                              hipSuccess},
    CASE(hipFreeArray) = {hipErrorInvalidValue, call_free_array, undo_free_array, hipSuccess},
    CASE(hipArrayDestroy) = {hipErrorInvalidValue, call_array_destroy, undo_free_array, hipSuccess},
    CASE(hipArrayGetInfo) = {hipErrorInvalidValue, call_array_get_info, NULL, hipSuccess},
    CASE(hipArrayGetDescriptor) = {hipErrorInvalidValue, call_array_get_descriptor, NULL,
                                   hipSuccess},
    CASE(hipArray3DGetDescriptor) = {hipErrorInvalidValue, call_array_3d_get_descriptor, NULL,
                                     hipSuccess},
    CASE(hipMallocPitch) = {hipErrorOutOfMemory, call_malloc_pitch, undo_malloc, hipSuccess},
    CASE(hipMalloc3D) = {hipErrorOutOfMemory, call_malloc_3d, undo_malloc_3d, hipSuccess},
    CASE(hipMemcpy2D) = {hipErrorInvalidValue, call_memcpy_2d, NULL, hipSuccess},
    CASE(hipMemcpy2DAsync) = {hipErrorInvalidValue, call_memcpy_2d_async, NULL, hipSuccess},
    CASE(hipMemcpyParam2D) = {hipErrorInvalidValue, call_memcpy_param_2d, NULL, hipSuccess},
    CASE(hipMemcpyParam2DAsync) = {hipErrorInvalidValue, call_memcpy_param_2d_async, NULL,
                                   hipSuccess},
    CASE(hipMemcpy2DToArray) = {hipErrorInvalidValue, call_memcpy_2d_to_array, NULL, hipSuccess},
    CASE(hipMemcpy2DToArrayAsync) = {hipErrorInvalidValue, call_memcpy_2d_to_array_async, NULL,
                                     hipSuccess},
    CASE(hipMemcpy2DFromArray) = {hipErrorInvalidValue, call_memcpy_2d_from_array, NULL,
                                  hipSuccess},
    CASE(hipMemcpy2DFromArrayAsync) = {hipErrorInvalidValue, call_memcpy_2d_from_array_async, NULL,
                                       hipSuccess},
    CASE(hipMemcpyToArray) = {hipErrorInvalidValue, call_memcpy_to_array, NULL, hipSuccess},
    CASE(hipMemcpyFromArray) = {hipErrorInvalidValue, call_memcpy_from_array, NULL, hipSuccess},
    CASE(hipMemcpy3D) = {hipErrorInvalidValue, call_memcpy_3d, NULL, hipSuccess},
    CASE(hipMemcpy3DAsync) = {hipErrorInvalidValue, call_memcpy_3d_async, NULL, hipSuccess},
    CASE(hipDrvMemcpy3D) = {hipErrorInvalidValue, call_drv_memcpy_3d, NULL, hipSuccess},
    CASE(hipDrvMemcpy3DAsync) = {hipErrorInvalidValue, call_drv_memcpy_3d_async, NULL, hipSuccess},
    CASE(hipDrvMemcpy2DUnaligned) = {hipErrorInvalidValue, call_drv_memcpy_2d_unaligned, NULL,
                                     hipSuccess},
    CASE(hipMemcpyAtoH) = {hipErrorInvalidValue, call_memcpy_atoh, NULL, hipSuccess},
    CASE(hipMemcpyHtoA) = {hipErrorInvalidValue, call_memcpy_htoa, NULL, hipSuccess},
    CASE(hipMemset2D) = {hipErrorInvalidValue, call_memset_2d, NULL, hipSuccess},
    CASE(hipMemset2DAsync) = {hipErrorInvalidValue, call_memset_2d_async, NULL, hipSuccess},
    CASE(hipMemset3D) = {hipErrorInvalidValue, call_memset_3d, NULL, hipSuccess},
    CASE(hipMemset3DAsync) = {hipErrorInvalidValue, call_memset_3d_async, NULL, hipSuccess},
    CASE(hipMemcpyWithStream) = {hipErrorInvalidValue, call_memcpy_with_stream, NULL, hipSuccess},
    CASE(hipMallocHost) = {hipErrorOutOfMemory, call_malloc_host, undo_host_malloc, hipSuccess},
    CASE(hipHostAlloc) = {hipErrorOutOfMemory, call_host_alloc, undo_host_malloc, hipSuccess},
    CASE(hipMemPtrGetInfo) = {hipErrorInvalidValue, call_mem_ptr_get_info, NULL, hipSuccess},
    CASE(hipStreamAttachMemAsync) = {hipErrorInvalidValue, call_stream_attach_mem, NULL,
                                     hipSuccess},
    CASE(hipPointerGetAttribute) = {hipErrorInvalidValue, call_pointer_attribute, NULL, hipSuccess},
    CASE(hipDrvPointerGetAttributes) = {hipErrorInvalidValue, call_drv_pointer_attributes, NULL,
                                        hipSuccess},
    CASE(hipMemcpyAtoD) = {hipErrorInvalidValue, call_memcpy_atod, NULL, hipSuccess},
    CASE(hipMemcpyDtoA) = {hipErrorInvalidValue, call_memcpy_dtoa, NULL, hipSuccess},
    CASE(hipMemcpyAtoA) = {hipErrorInvalidValue, call_memcpy_atoa, NULL, hipSuccess},
    CASE(hipMemcpyAtoHAsync) = {hipErrorInvalidValue, call_memcpy_atoh_async, NULL, hipSuccess},
    CASE(hipMemcpyHtoAAsync) = {hipErrorInvalidValue, call_memcpy_htoa_async, NULL, hipSuccess},
    CASE(hipPointerSetAttribute) = {hipErrorInvalidValue, call_pointer_set_attribute, NULL,
                                    hipSuccess},
    CASE(hipMemAllocHost) = {hipErrorOutOfMemory, call_mem_alloc_host, undo_host_malloc,
                             hipSuccess},
    CASE(hipMemAllocPitch) = {hipErrorOutOfMemory, call_mem_alloc_pitch, undo_mem_alloc_pitch,
                              hipSuccess},
    CASE(hipMallocMipmappedArray) = {hipErrorNotSupported, call_malloc_mipmapped, NULL,
                                     hipErrorNotSupported},
    CASE(hipFreeMipmappedArray) = {hipErrorInvalidValue, call_free_mipmapped, NULL,
                                   hipErrorInvalidValue},
    CASE(hipGetMipmappedArrayLevel) = {hipErrorInvalidValue, call_get_mipmapped_level, NULL,
                                       hipErrorInvalidValue},
    CASE(hipMipmappedArrayCreate) = {hipErrorNotSupported, call_mipmapped_create, NULL,
                                     hipErrorNotSupported},
    CASE(hipMipmappedArrayDestroy) = {hipErrorInvalidValue, call_mipmapped_destroy, NULL,
                                      hipErrorInvalidValue},
    CASE(hipMipmappedArrayGetLevel) = {hipErrorInvalidValue, call_mipmapped_get_level, NULL,
                                       hipErrorInvalidValue},
    CASE(hipCtxCreate) = {hipErrorInvalidValue, call_ctx_create, undo_ctx_create, hipSuccess},
    CASE(hipCtxDestroy) = {hipErrorInvalidValue, call_ctx_destroy, NULL, hipSuccess},
    /* graphs */
    CASE(hipGraphCreate) = {hipErrorOutOfMemory, call_graph_create, undo_graph_create, hipSuccess},
    CASE(hipGraphAddKernelNode) = {hipErrorOutOfMemory, call_add_kernel_node, NULL,
                                   hipErrorInvalidDeviceFunction},
    CASE(hipGraphAddMemcpyNode1D) = {hipErrorOutOfMemory, call_add_memcpy_node, NULL, hipSuccess},
    CASE(hipGraphAddMemsetNode) = {hipErrorOutOfMemory, call_add_memset_node, NULL, hipSuccess},
    CASE(hipGraphAddEmptyNode) = {hipErrorOutOfMemory, call_add_empty_node, NULL, hipSuccess},
    CASE(hipGraphAddDependencies) = {hipErrorInvalidValue, call_add_dependencies, NULL, hipSuccess},
    CASE(hipGraphGetNodes) = {hipErrorInvalidValue, call_get_nodes, NULL, hipSuccess},
    CASE(hipGraphGetRootNodes) = {hipErrorInvalidValue, call_get_root_nodes, NULL, hipSuccess},
    CASE(hipGraphNodeGetType) = {hipErrorInvalidValue, call_node_get_type, NULL, hipSuccess},
    CASE(hipGraphInstantiate) = {hipErrorOutOfMemory, call_instantiate, undo_instantiate,
                                 hipSuccess},
    CASE(hipGraphInstantiateWithFlags) = {hipErrorOutOfMemory, call_instantiate_flags,
                                          undo_instantiate, hipSuccess},
    CASE(hipGraphLaunch) = {hipErrorOutOfMemory, call_graph_launch, NULL, hipSuccess},
    CASE(hipGraphExecDestroy) = {hipErrorInvalidValue, call_exec_destroy, undo_exec_destroy,
                                 hipSuccess},
    CASE(hipCreateTextureObject) = {hipErrorOutOfMemory, call_create_texture, undo_out_texture,
                                    hipSuccess},
    CASE(hipDestroyTextureObject) = {hipErrorInvalidValue, call_destroy_texture,
                                     undo_destroy_texture, hipSuccess},
    CASE(hipGetTextureObjectResourceDesc) = {hipErrorInvalidValue, call_texture_resource_desc, NULL,
                                             hipSuccess},
    CASE(hipGetTextureObjectResourceViewDesc) = {hipErrorInvalidValue, call_texture_view_desc, NULL,
                                                 hipSuccess},
    CASE(hipGetTextureObjectTextureDesc) = {hipErrorInvalidValue, call_texture_desc, NULL,
                                            hipSuccess},
    CASE(hipTexObjectCreate) = {hipErrorOutOfMemory, call_tex_object_create, undo_out_texture,
                                hipSuccess},
    CASE(hipTexObjectDestroy) = {hipErrorInvalidValue, call_tex_object_destroy,
                                 undo_destroy_texture, hipSuccess},
    CASE(hipUserObjectCreate) = {hipErrorOutOfMemory, call_user_object_create,
                                 undo_user_object_create, hipSuccess},
    /* the world's only reference: the object goes, and the world's release finds nothing */
    CASE(hipUserObjectRelease) = {hipErrorInvalidValue, call_user_object_release, NULL, hipSuccess},
    CASE(hipUserObjectRetain) = {hipErrorInvalidValue, call_user_object_retain,
                                 undo_user_object_retain, hipSuccess},
    CASE(hipGraphRetainUserObject) = {hipErrorInvalidValue, call_graph_retain_user_object,
                                      undo_graph_retain_user_object, hipSuccess},
    CASE(hipGraphReleaseUserObject) = {hipErrorInvalidValue, call_graph_release_user_object, NULL,
                                       hipSuccess},
    CASE(hipGraphKernelNodeSetAttribute) = {hipErrorInvalidValue, call_kernel_set_attribute, NULL,
                                            hipErrorInvalidValue},
    CASE(hipGraphKernelNodeGetAttribute) = {hipErrorInvalidValue, call_kernel_get_attribute, NULL,
                                            hipErrorInvalidValue},
    CASE(hipGraphKernelNodeCopyAttributes) = {hipErrorInvalidValue, call_kernel_copy_attributes,
                                              NULL, hipErrorInvalidValue},
    CASE(hipGraphAddMemAllocNode) = {hipErrorOutOfMemory, call_add_alloc_node, NULL, hipSuccess},
    CASE(hipGraphMemAllocNodeGetParams) = {hipErrorInvalidValue, call_alloc_node_params, NULL,
                                           hipSuccess},
    CASE(hipGraphAddMemFreeNode) = {hipErrorOutOfMemory, call_add_free_node, NULL, hipSuccess},
    CASE(hipGraphMemFreeNodeGetParams) = {hipErrorInvalidValue, call_free_node_params, NULL,
                                          hipSuccess},
    CASE(hipDeviceGetGraphMemAttribute) = {hipErrorInvalidValue, call_get_graph_mem, NULL,
                                           hipSuccess},
    CASE(hipDeviceSetGraphMemAttribute) = {hipErrorInvalidValue, call_set_graph_mem, NULL,
                                           hipSuccess},
    CASE(hipDeviceGraphMemTrim) = {hipErrorInvalidDevice, call_graph_mem_trim, NULL, hipSuccess},
    CASE(hipExtGetLinkTypeAndHopCount) = {hipErrorInvalidHandle, call_link_type, NULL, hipSuccess},
    CASE(hipStreamWaitValue32) = {hipErrorOutOfMemory, call_wait_value32, NULL, hipSuccess},
    CASE(hipStreamWaitValue64) = {hipErrorOutOfMemory, call_wait_value64, NULL, hipSuccess},
    CASE(hipStreamWriteValue32) = {hipErrorOutOfMemory, call_write_value32, NULL, hipSuccess},
    CASE(hipStreamWriteValue64) = {hipErrorOutOfMemory, call_write_value64, NULL, hipSuccess},
    CASE(hipIpcGetMemHandle) = {hipErrorInvalidValue, call_ipc_get_mem_handle, NULL, hipSuccess},
    CASE(hipIpcOpenMemHandle) = {hipErrorInvalidDevicePointer, call_ipc_open_mem_handle, NULL,
                                 hipErrorInvalidContext},
    CASE(hipIpcCloseMemHandle) = {hipErrorInvalidValue, call_ipc_close_mem_handle, NULL,
                                  hipErrorInvalidValue},
    CASE(hipGraphNodeSetEnabled) = {hipErrorInvalidValue, call_node_set_enabled, NULL, hipSuccess},
    CASE(hipGraphNodeGetEnabled) = {hipErrorInvalidValue, call_node_get_enabled, NULL, hipSuccess},
    CASE(hipGraphUpload) = {hipErrorInvalidValue, call_graph_upload, NULL, hipSuccess},
    CASE(hipGraphInstantiateWithParams) = {hipErrorOutOfMemory, call_instantiate_params,
                                           undo_instantiate, hipSuccess},
    CASE(hipGraphExecUpdate) = {hipErrorInvalidValue, call_exec_update, NULL, hipSuccess},
    CASE(hipGraphDebugDotPrint) = {hipErrorInvalidValue, call_debug_dot_print, NULL, hipSuccess},
    CASE(hipDrvGraphAddMemcpyNode) = {hipErrorOutOfMemory, call_drv_add_memcpy_node, NULL,
                                      hipSuccess},
    CASE(hipDrvGraphAddMemsetNode) = {hipErrorOutOfMemory, call_drv_add_memset_node, NULL,
                                      hipSuccess},
    CASE(hipStreamGetCaptureInfo_v2) = {hipErrorInvalidValue, call_capture_info_v2, NULL,
                                        hipSuccess},
    CASE(hipStreamUpdateCaptureDependencies) = {hipErrorInvalidValue, call_update_capture_deps,
                                                NULL, hipErrorIllegalState},
    CASE(hipStreamBeginCaptureToGraph) = {hipErrorOutOfMemory, call_capture_to_graph,
                                          undo_capture_to_graph, hipSuccess},
};

/* What a call needs beyond the world, made before the snapshots (a table of
   its own, so that the cases above stay four fields). */
static void (*const prepares[MOCKHIP_API_COUNT])(world *w) = {
    CASE(hipStreamEndCapture) = prepare_capturing,
    CASE(hipThreadExchangeStreamCaptureMode) = prepare_exchange_mode,
    CASE(hipGraphDestroy) = prepare_graph,
    CASE(hipGraphAddKernelNode) = prepare_graph_nodes,
    CASE(hipGraphAddMemcpyNode1D) = prepare_graph_nodes,
    CASE(hipGraphAddMemsetNode) = prepare_graph_nodes,
    CASE(hipGraphAddEmptyNode) = prepare_graph_nodes,
    CASE(hipGraphAddDependencies) = prepare_graph_nodes,
    CASE(hipGraphGetNodes) = prepare_node_list,
    CASE(hipGraphGetRootNodes) = prepare_node_list,
    CASE(hipGraphNodeGetType) = prepare_graph_nodes,
    CASE(hipGraphInstantiate) = prepare_graph_nodes,
    CASE(hipGraphInstantiateWithFlags) = prepare_graph_nodes,
    CASE(hipGraphLaunch) = prepare_exec,
    CASE(hipGraphExecDestroy) = prepare_exec,
    CASE(hipHostUnregister) = prepare_registered,
    CASE(hipHostGetFlags) = prepare_pinned,
    CASE(hipMemAdvise) = prepare_managed,
    CASE(hipMemPrefetchAsync) = prepare_managed,
    CASE(hipMemRangeGetAttribute) = prepare_managed,
    CASE(hipMemRangeGetAttributes) = prepare_managed,
    CASE(hipGraphAddMemcpyNode) = prepare_graph_nodes,
    CASE(hipGraphAddHostNode) = prepare_graph_nodes,
    CASE(hipGraphAddEventRecordNode) = prepare_graph_nodes,
    CASE(hipGraphAddEventWaitNode) = prepare_graph_nodes,
    CASE(hipGraphAddChildGraphNode) = prepare_child,
    CASE(hipGraphChildGraphNodeGetGraph) = prepare_node_kinds,
    CASE(hipGraphClone) = prepare_graph_nodes,
    CASE(hipGraphNodeFindInClone) = prepare_clone,
    CASE(hipGraphNodeGetDependencies) = prepare_edge,
    CASE(hipGraphNodeGetDependentNodes) = prepare_edge,
    CASE(hipGraphGetEdges) = prepare_edge,
    CASE(hipGraphRemoveDependencies) = prepare_edge,
    CASE(hipGraphDestroyNode) = prepare_graph_nodes,
    CASE(hipGraphKernelNodeGetParams) = prepare_graph_nodes,
    CASE(hipGraphKernelNodeSetParams) = prepare_graph_nodes,
    CASE(hipGraphMemcpyNodeGetParams) = prepare_node_kinds,
    CASE(hipGraphMemcpyNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphMemcpyNodeSetParams1D) = prepare_node_kinds,
    CASE(hipGraphMemsetNodeGetParams) = prepare_node_kinds,
    CASE(hipGraphMemsetNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphHostNodeGetParams) = prepare_node_kinds,
    CASE(hipGraphHostNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphEventRecordNodeGetEvent) = prepare_node_kinds,
    CASE(hipGraphEventRecordNodeSetEvent) = prepare_node_kinds,
    CASE(hipGraphEventWaitNodeGetEvent) = prepare_node_kinds,
    CASE(hipGraphEventWaitNodeSetEvent) = prepare_node_kinds,
    CASE(hipGraphExecKernelNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphExecMemcpyNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphExecMemcpyNodeSetParams1D) = prepare_node_kinds,
    CASE(hipGraphExecMemsetNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphExecHostNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphExecEventRecordNodeSetEvent) = prepare_node_kinds,
    CASE(hipGraphExecEventWaitNodeSetEvent) = prepare_node_kinds,
    CASE(hipGraphExecChildGraphNodeSetParams) = prepare_node_kinds,
    CASE(hipGraphAddMemcpyNodeToSymbol) = prepare_graph_nodes,
    CASE(hipGraphAddMemcpyNodeFromSymbol) = prepare_graph_nodes,
    CASE(hipGraphMemcpyNodeSetParamsToSymbol) = prepare_node_kinds,
    CASE(hipGraphMemcpyNodeSetParamsFromSymbol) = prepare_node_kinds,
    CASE(hipGraphExecMemcpyNodeSetParamsToSymbol) = prepare_node_kinds,
    CASE(hipGraphExecMemcpyNodeSetParamsFromSymbol) = prepare_node_kinds,
    CASE(hipDestroyTextureObject) = prepare_texture,
    CASE(hipGetTextureObjectResourceDesc) = prepare_texture,
    CASE(hipGetTextureObjectResourceViewDesc) = prepare_texture,
    CASE(hipGetTextureObjectTextureDesc) = prepare_texture,
    CASE(hipTexObjectDestroy) = prepare_texture,
    CASE(hipUserObjectRelease) = prepare_user_object,
    CASE(hipUserObjectRetain) = prepare_user_object,
    CASE(hipGraphRetainUserObject) = prepare_graph_user_object,
    CASE(hipGraphReleaseUserObject) = prepare_graph_holding,
    CASE(hipGraphKernelNodeSetAttribute) = prepare_graph_nodes,
    CASE(hipGraphKernelNodeGetAttribute) = prepare_graph_nodes,
    CASE(hipGraphKernelNodeCopyAttributes) = prepare_graph_nodes,
    CASE(hipGraphAddMemAllocNode) = prepare_graph_nodes,
    CASE(hipGraphMemAllocNodeGetParams) = prepare_mem_nodes,
    CASE(hipGraphAddMemFreeNode) = prepare_alloc_node,
    CASE(hipGraphMemFreeNodeGetParams) = prepare_mem_nodes,
    CASE(hipGraphNodeSetEnabled) = prepare_node_kinds,
    CASE(hipGraphNodeGetEnabled) = prepare_node_kinds,
    CASE(hipGraphUpload) = prepare_exec,
    CASE(hipGraphInstantiateWithParams) = prepare_graph_nodes,
    CASE(hipGraphExecUpdate) = prepare_exec,
    CASE(hipGraphDebugDotPrint) = prepare_node_kinds,
    CASE(hipDrvGraphAddMemcpyNode) = prepare_graph_nodes,
    CASE(hipDrvGraphAddMemsetNode) = prepare_graph_nodes,
    CASE(hipStreamBeginCaptureToGraph) = prepare_graph_nodes,
};

/* Whether a rule may name api: mockhip_fail_set accepts "api:1". */
static bool rule_accepted(int api) {
  char rule[96];
  snprintf(rule, sizeof rule, "%s:1", mockhip_api_name(api));
  bool accepted = mockhip_fail_set(rule) == hipSuccess;
  MT_CHECK(mockhip_fail_set(NULL));
  return accepted;
}

/* ---- fixtures ---- */

static int setup(void **state) {
  (void)state;
  MT_CHECK(mockhip_fail_set(NULL));
  mt_assert_clean();
  granule = mt_granularity();
  return 0;
}

static int teardown(void **state) {
  MT_CHECK(mockhip_fail_set(NULL));
  if (live_world != NULL)
    world_destroy(live_world);
  return mt_teardown_clean(state);
}

/* ---- the cases ---- */

/* Asserts the reason names the call and the rule as written. */
static void assert_injected(const char *api, const char *rule) {
  char want[160];
  snprintf(want, sizeof want, "%s: injected by MOCKHIP_FAIL rule \"%s\"", api, rule);
  const char *reason = mockhip_last_reason();
  if (strncmp(reason, want, strlen(want)) != 0)
    print_error("reason \"%s\" does not start with \"%s\"\n", reason, want);
  assert_int_equal(strncmp(reason, want, strlen(want)), 0);
}

/* Fails the call once under `rule` with `expected`, and checks it changed nothing. */
static void inject(const char *api, const api_case *c, world *w, const char *rule,
                   hipError_t expected) {
  unsigned long long injected = mockhip_fail_count();
  mt_snapshot before = take_world(w);
  MT_CHECK(mockhip_fail_set(rule));
  hipError_t err = c->call(w);
  if (!mt_returned(expected, err, api))
    fail_msg("%s under \"%s\": not the injected error", api, rule);
  assert_injected(api, rule);
  assert_int_equal(mockhip_fail_count(), injected + 1);
  /* hipErrorNotReady is not an error to keep, in ROCm's HIP_RETURN as in the mock. */
  if (hipGetLastError() != (expected == hipErrorNotReady ? hipSuccess : expected))
    fail_msg("%s under \"%s\": hipGetLastError() does not repeat the injected error", api, rule);
  mt_snapshot after = take_world(w);
  mt_snapshot_assert_same(api, &before, &after);
  MT_CHECK(mockhip_fail_set(NULL));
}

static void test_injected_changes_nothing(void **state) {
  mockhip_api api = (mockhip_api)(intptr_t)*state;
  const char *name = mockhip_api_name(api);
  const api_case *c = &cases[api];
  static world w; /* outlives a failed case for the teardown */
  world_create(&w);
  if (prepares[api] != NULL)
    prepares[api](&w);
  char rule[96];
  snprintf(rule, sizeof rule, "%s:1", name);
  inject(name, c, &w, rule, c->natural);
  snprintf(rule, sizeof rule, "%s:1=%s", name, CHOSEN_ERROR_NAME);
  inject(name, c, &w, rule, CHOSEN_ERROR);

  /* The arguments were good: with no rule the same call does its work. */
  if (!mt_returned(c->without_rule, c->call(&w), name))
    fail_msg("%s: fails with no rule in force", name);
  if (c->without_rule == hipSuccess && c->undo != NULL)
    c->undo(&w);
  world_destroy(&w);
}

/* Every entry point a rule may name has a case, and no other. */
static void test_every_entry_point_has_a_case(void **state) {
  (void)state;
  int missing = 0;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    bool has_case = cases[api].call != NULL;
    if (rule_accepted(api) != has_case) {
      print_error("%s: %s\n", mockhip_api_name(api),
                  has_case ? "has a case, but a rule may not name it"
                           : "a rule may name it, but it has no case in this file");
      missing++;
    }
  }
  assert_int_equal(missing, 0);
}

int main(void) {
  /* Before the first HIP call, which reads it: peer copies and hipSetDevice(1) need a second
     device, enabling and disabling peer access a third, and the current device is part of what
     must not change. */
  setenv("MOCKHIP_DEVICES", "3", 1);
  const struct CMUnitTest complete[] = {
      cmocka_unit_test_setup_teardown(test_every_entry_point_has_a_case, setup, teardown),
  };
  /* One case per entry point that has one, named after it: each an injected failure. */
  size_t count = 0;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++)
    count += cases[api].call != NULL;
  struct CMUnitTest per_api[count];
  for (int api = 0, i = 0; api < MOCKHIP_API_COUNT; api++)
    if (cases[api].call != NULL)
      per_api[i++] = (struct CMUnitTest){mockhip_api_name(api), test_injected_changes_nothing,
                                         setup, teardown, (void *)(intptr_t)api};
  return cmocka_run_group_tests_name("fault_every_api", complete, NULL, NULL) +
         cmocka_run_group_tests_name("fault_every_api_negative", per_api, NULL, NULL);
}
