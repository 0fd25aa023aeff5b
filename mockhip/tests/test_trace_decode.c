/*
 * test_trace_decode.c: the decoded trace, line by line. The trace is read once
 * at start-up, so this program runs itself again as a probe under
 * MOCKHIP_TRACE=1 or MOCKHIP_TEACH=1 and reads the probe's stderr. The probe
 * makes one call of every entry point of MOCKHIP_API_LIST, in list order, each
 * after a "=== <name>" marker on stderr; the first trace line of that entry
 * point after its marker must match the case's expected line. The cases are a
 * table indexed by the entry point: a new entry point without one fails.
 * Expected lines may hold `*` for what differs from run to run (a stack
 * address, a file descriptor). Blocks of the hipMalloc family share one count
 * (hipMalloc#2, then hipExtMallocWithFlags#3), as describe.c numbers them, and pool blocks
 * another (hipMallocAsync#1, hipMallocFromPoolAsync#2); pools are pool#N. A second probe drives
 * each kind of teach note.
 */
#include "mock_test.h"

/* One call of every entry point, the ones ROCm marks deprecated too. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE_CALLS "--calls"
#define PROBE_NOTES "--notes"

/* This program, run again as the probe (argv[0]). */
static const char *self;

/* ---- the probe: one call per entry point ---- */

static size_t granule;

/* What the cases act on, made before the first marker. */
typedef struct world {
  char *range;                            /* reservation#1: four granules, two mapped */
  hipMemGenericAllocationHandle_t handle; /* handle#1: mapped at range, read-write on device 0 */
  void *block;                            /* hipMalloc#1, one granule */
  hipStream_t stream;                     /* stream#1 */
  hipEvent_t event;                       /* event#1 */
  /* made by one case for the next */
  void *ptr;
  hipMemGenericAllocationHandle_t other;
  hipStream_t other_stream;
  hipEvent_t other_event;
  hipGraph_t graph;
  hipGraphNode_t nodes[4]; /* of the second graph: memcpy, memset, empty */
  hipGraphExec_t exec;
  hipCtx_t ctx;
  int fd;
  unsigned char host[64];
  hipMemPool_t pool, other_pool; /* the default pool#1; pool#2, shareable; pool#4, imported */
  int pool_fd;
  hipMemPoolPtrExportData export_data;
  hipArray_t array;    /* array#1: 16 x 4 floats */
  hipArray_t spare[2]; /* array#3 and #4, freed in turn */
  void *pitched;       /* hipMallocPitch's block */
} world;

static world w;

/* A __device__ variable: a global of this program (runtime/copies/symbols.c). */
static unsigned char device_variable[64];

/* A kernel with nothing to do: its launch is what the trace decodes. */
static void empty_kernel(void *args) { (void)args; }
static hipError_t launch_empty(hipStream_t stream) {
  dim3 one = {1, 1, 1}, two = {2, 1, 1};
  return mockhip_launch_kernel("empty_kernel", empty_kernel, one, two, 0, stream, NULL);
}

static hipMemAllocationProp device_prop(hipMemAllocationHandleType type) {
  hipMemAllocationProp prop = mt_prop_device(0);
  prop.requestedHandleType = type;
  return prop;
}

static void world_create(void) {
  granule = mt_granularity();
  hipMemAllocationProp prop = device_prop(hipMemHandleTypeNone);
  hipMemAddressReserve((void **)&w.range, 4 * granule, 0, NULL, 0);
  hipMemCreate(&w.handle, 2 * granule, &prop, 0);
  hipMemMap(w.range, 2 * granule, 0, w.handle, 0);
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemSetAccess(w.range, 2 * granule, &desc, 1);
  hipMalloc(&w.block, granule);
  hipStreamCreate(&w.stream);
  hipEventCreate(&w.event);
}

typedef struct trace_case {
  void (*call)(void);
  const char *expected; /* the whole line after "mockhip: " */
} trace_case;

/* One case: a function that makes the call (after what it needs), and its line. */
#define CASE(api, body, line)                                                                      \
  static void call_##api(void) { body; }
#define ENTRY(api, body, line) [MOCKHIP_CALL_##api] = {call_##api, line},

static const hipChannelFormatDesc float_desc = {32, 0, 0, 0, hipChannelFormatKindFloat};

/* The user object cases' object, with two references, and a graph of their own. */
static hipUserObject_t user_object;
static hipGraph_t user_graph;
static void forget(void *ptr) { (void)ptr; }

/* The kernel node attribute cases' node: an empty one, which they refuse. */
static hipGraph_t attr_graph;
static hipGraphNode_t attr_node;
static hipKernelNodeAttrValue attr_value;

/* The texture cases' object, over an array of their own (the world's is freed by then). */
static hipTextureObject_t texture;
static hipArray_t texture_array;
/* The exec calls' own graph (one memset node), made after w.graph is gone. */
static struct {
  hipGraph_t graph;
  hipGraphNode_t node;
  hipGraphExec_t exec;
  void *block;
} late;
static void late_graph(void) {
  hipMalloc(&late.block, 64);
  hipMemsetParams p = {.dst = late.block, .elementSize = 1, .width = 64, .height = 1};
  hipGraphCreate(&late.graph, 0);
  hipGraphAddMemsetNode(&late.node, late.graph, NULL, 0, &p);
  hipGraphInstantiate(&late.exec, late.graph, NULL, NULL, 0);
}
static void late_free(void) {
  hipGraphExecDestroy(late.exec);
  hipGraphDestroy(late.graph);
  hipFree(late.block);
}
static hipResourceDesc array_resource(void) {
  hipResourceDesc r = {0};
  hipMallocArray(&texture_array, &float_desc, 16, 4, hipArrayDefault);
  r.resType = hipResourceTypeArray;
  r.res.array.array = texture_array;
  return r;
}
static const HIP_ARRAY_DESCRIPTOR array_desc = {16, 4, HIP_AD_FORMAT_FLOAT, 1};
static const HIP_ARRAY3D_DESCRIPTOR array3d_desc = {
    16, 4, 2, HIP_AD_FORMAT_UNSIGNED_INT8, 4, hipArrayLayered};

/* Host to array#1 and back, as the driver forms describe them. */
static hip_Memcpy2D host_to_array(void) {
  hip_Memcpy2D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = w.host;
  c.srcPitch = 16;
  c.dstMemoryType = hipMemoryTypeArray;
  c.dstArray = w.array;
  c.WidthInBytes = 16;
  c.Height = 4;
  return c;
}
static hipMemcpy3DParms array_to_host(void) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcArray = w.array;
  p.dstPtr = make_hipPitchedPtr(w.host, 16, 16, 4);
  p.extent = make_hipExtent(4, 4, 1);
  p.kind = hipMemcpyDeviceToHost;
  return p;
}
static HIP_MEMCPY3D host_to_device_3d(void) {
  HIP_MEMCPY3D c;
  memset(&c, 0, sizeof c);
  c.srcMemoryType = hipMemoryTypeHost;
  c.srcHost = w.host;
  c.srcPitch = 16;
  c.dstMemoryType = hipMemoryTypeDevice;
  c.dstDevice = w.range;
  c.dstPitch = 64;
  c.WidthInBytes = 16;
  c.Height = 4;
  c.Depth = 1;
  return c;
}

static hipMemAccessDesc two_desc[2] = {
    {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite},
    {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtRead}};
static hipMemLocation device1 = {hipMemLocationTypeDevice, 1};
static hipMemPoolProps shareable_props = {.allocType = hipMemAllocationTypePinned,
                                          .handleTypes = hipMemHandleTypePosixFileDescriptor,
                                          .location = {hipMemLocationTypeDevice, 0}};
static hipMemAccessDesc pool_desc = {{hipMemLocationTypeDevice, 1}, hipMemAccessFlagsProtReadWrite};

/* Nodes for the graph cases (their parameters hold commas, which a case cannot). A C kernel
   has no argument types for mockhip to learn: the kernel node is refused. */
static void add_kernel_node(void) {
  hipGraphNode_t node;
  hipKernelNodeParams params = {
      .blockDim = {2, 1, 1}, .func = (void *)(uintptr_t)empty_kernel, .gridDim = {1, 1, 1}};
  hipGraphAddKernelNode(&node, w.graph, NULL, 0, &params);
}
static void add_memset_node(void) {
  hipMemsetParams params = {
      .dst = w.range + 0x100, .elementSize = 4, .height = 1, .value = 42, .width = 16};
  hipGraphAddMemsetNode(&w.nodes[1], w.graph, &w.nodes[0], 1, &params);
}

/* The graph of the node calls: kinds[0] a 3D copy, [1] a host node, [2] an event record, [3]
   an event wait, [4] a child graph node of `child`; clone, a copy of it; exec, of it. */
static struct {
  hipGraph_t child, clone;
  hipGraphNode_t kinds[5];
} g;
static void host_nothing(void *data) { (void)data; }
static hipHostNodeParams host_params = {host_nothing, NULL};
static hipMemcpy3DParms host_to_range(void) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_hipPitchedPtr(w.host, 64, 64, 1);
  p.dstPtr = make_hipPitchedPtr(w.range, 64, 64, 1);
  p.extent = make_hipExtent(64, 1, 1);
  p.kind = hipMemcpyHostToDevice;
  return p;
}
static void add_memcpy_3d_node(void) {
  hipMemcpy3DParms p = host_to_range();
  hipGraphCreate(&w.graph, 0);
  hipGraphAddMemcpyNode(&g.kinds[0], w.graph, NULL, 0, &p);
}
static void add_child_node(void) {
  hipGraphNode_t empty;
  hipGraphCreate(&g.child, 0);
  hipGraphAddEmptyNode(&empty, g.child, NULL, 0);
  hipGraphAddChildGraphNode(&g.kinds[4], w.graph, &g.kinds[3], 1, g.child);
}
/* Graph memory: a graph of its own with an alloc node and a free node of its memory. */
static struct {
  hipGraph_t graph;
  hipGraphNode_t alloc, free;
  hipMemAllocNodeParams params;
} gm;
static void add_alloc_node(void) {
  hipGraphCreate(&gm.graph, 0);
  gm.params.poolProps.allocType = hipMemAllocationTypePinned;
  gm.params.poolProps.location.type = hipMemLocationTypeDevice;
  gm.params.bytesize = 4096;
  hipGraphAddMemAllocNode(&gm.alloc, gm.graph, NULL, 0, &gm.params);
}

static void set_memcpy_3d(int which) {
  hipMemcpy3DParms p = host_to_range();
  if (which == 0)
    hipGraphMemcpyNodeSetParams(g.kinds[0], &p);
  else
    hipGraphExecMemcpyNodeSetParams(w.exec, g.kinds[0], &p);
}
static void kernel_node_set(int exec) {
  hipKernelNodeParams params = {
      .blockDim = {2, 1, 1}, .func = (void *)(uintptr_t)empty_kernel, .gridDim = {1, 1, 1}};
  if (exec)
    hipGraphExecKernelNodeSetParams(w.exec, g.kinds[0], &params);
  else
    hipGraphKernelNodeSetParams(g.kinds[0], &params);
}
static void memset_node_set(int exec) {
  hipMemsetParams params = {
      .dst = w.range + 0x100, .elementSize = 4, .height = 1, .value = 42, .width = 16};
  if (exec)
    hipGraphExecMemsetNodeSetParams(w.exec, w.nodes[1], &params);
  else
    hipGraphMemsetNodeSetParams(w.nodes[1], &params);
}

/* clang-format off */
#define TRACE_CASES(X) \
  X(hipInit, hipInit(0), "hipInit(flags=0) = hipSuccess") \
  X(hipGetDeviceCount, int n; hipGetDeviceCount(&n), \
    "hipGetDeviceCount(count -> 2) = hipSuccess") \
  X(hipSetDevice, hipSetDevice(0), "hipSetDevice(deviceId=0) = hipSuccess") \
  X(hipGetDevice, int d; hipGetDevice(&d), "hipGetDevice(deviceId -> 0) = hipSuccess") \
  X(hipDeviceGetAttribute, int v; \
    hipDeviceGetAttribute(&v, hipDeviceAttributeVirtualMemoryManagementSupported, 0), \
    "hipDeviceGetAttribute(pi -> 1, attr=hipDeviceAttributeVirtualMemoryManagementSupported " \
    "(89), deviceId=0) = hipSuccess") \
  X(hipDeviceCanAccessPeer, int v; hipDeviceCanAccessPeer(&v, 0, 1), \
    "hipDeviceCanAccessPeer(canAccessPeer -> 1, deviceId=0, peerDeviceId=1) = hipSuccess") \
  X(hipDeviceSynchronize, hipDeviceSynchronize(), "hipDeviceSynchronize() = hipSuccess") \
  X(hipDriverGetVersion, int v; hipDriverGetVersion(&v), \
    "hipDriverGetVersion(driverVersion -> *) = hipSuccess") \
  X(hipRuntimeGetVersion, int v; hipRuntimeGetVersion(&v), \
    "hipRuntimeGetVersion(runtimeVersion -> *) = hipSuccess") \
  X(hipGetLastError, hipGetLastError(), "hipGetLastError() = hipSuccess") \
  X(hipPeekAtLastError, hipPeekAtLastError(), "hipPeekAtLastError() = hipSuccess") \
  X(hipMalloc, hipMalloc(&w.ptr, 2 * granule), \
    "hipMalloc(ptr -> hipMalloc#2+0x0, size=8192 (8 KiB)) = hipSuccess") \
  X(hipFree, hipFree(w.ptr), "hipFree(ptr=hipMalloc#2+0x0) = hipSuccess") \
  X(hipMemGetInfo, size_t f; size_t t; hipMemGetInfo(&f, &t), \
    "hipMemGetInfo(free -> *, total -> 17179869184 (16 GiB)) = hipSuccess") \
  X(hipMemcpy, hipMemcpy(w.range, w.host, 64, hipMemcpyHostToDevice), \
    "hipMemcpy(dst=reservation#1+0x0, src=0x*, sizeBytes=64, kind=hipMemcpyHostToDevice) = " \
    "hipSuccess") \
  X(hipMemcpyHtoD, hipMemcpyHtoD(w.range + 0x100, w.host, 64), \
    "hipMemcpyHtoD(dst=reservation#1+0x100, src=0x*, sizeBytes=64) = hipSuccess") \
  X(hipMemcpyDtoH, hipMemcpyDtoH(w.host, w.range, 64), \
    "hipMemcpyDtoH(dst=0x*, src=reservation#1+0x0, sizeBytes=64) = hipSuccess") \
  X(hipMemcpyDtoD, hipMemcpyDtoD(w.range + granule, w.range, granule), \
    "hipMemcpyDtoD(dst=reservation#1+0x1000, src=reservation#1+0x0, sizeBytes=4096 (4 KiB)) = " \
    "hipSuccess") \
  X(hipMemcpyPeer, hipMemcpyPeer(w.range, 0, w.block, 0, 64), \
    "hipMemcpyPeer(dst=reservation#1+0x0, dstDeviceId=0, src=hipMalloc#1+0x0, srcDeviceId=0, " \
    "sizeBytes=64) = hipSuccess") \
  X(hipMemset, hipMemset(w.range, 1, 64), \
    "hipMemset(dst=reservation#1+0x0, value=1, sizeBytes=64) = hipSuccess") \
  X(hipMemsetD8, hipMemsetD8(w.range, 2, 64), \
    "hipMemsetD8(dest=reservation#1+0x0, value=2, count=64) = hipSuccess") \
  X(hipMemsetD32, hipMemsetD32(w.range, 3, 16), \
    "hipMemsetD32(dest=reservation#1+0x0, value=3, count=16) = hipSuccess") \
  X(hipMemcpyAsync, hipMemcpyAsync(w.range, w.host, 64, hipMemcpyDefault, w.stream), \
    "hipMemcpyAsync(dst=reservation#1+0x0, src=0x*, sizeBytes=64, kind=hipMemcpyDefault, " \
    "stream=stream#1) = hipSuccess") \
  X(hipMemcpyHtoDAsync, hipMemcpyHtoDAsync(w.range, w.host, 64, NULL), \
    "hipMemcpyHtoDAsync(dst=reservation#1+0x0, src=0x*, sizeBytes=64, stream=NULL (the null " \
    "stream)) = hipSuccess") \
  X(hipMemcpyDtoHAsync, hipMemcpyDtoHAsync(w.host, w.range, 64, hipStreamPerThread), \
    "hipMemcpyDtoHAsync(dst=0x*, src=reservation#1+0x0, sizeBytes=64, stream=hipStreamPerThread)" \
    " = hipSuccess") \
  X(hipMemcpyDtoDAsync, hipMemcpyDtoDAsync(w.range + 64, w.range, 64, w.stream), \
    "hipMemcpyDtoDAsync(dst=reservation#1+0x40, src=reservation#1+0x0, sizeBytes=64, " \
    "stream=stream#1) = hipSuccess") \
  X(hipMemcpyPeerAsync, hipMemcpyPeerAsync(w.block, 0, w.range, 0, 64, w.stream), \
    "hipMemcpyPeerAsync(dst=hipMalloc#1+0x0, dstDeviceId=0, src=reservation#1+0x0, " \
    "srcDevice=0, sizeBytes=64, stream=stream#1) = hipSuccess") \
  X(hipMemsetAsync, hipMemsetAsync(w.range, 4, 64, w.stream), \
    "hipMemsetAsync(dst=reservation#1+0x0, value=4, sizeBytes=64, stream=stream#1) = hipSuccess") \
  X(hipMemsetD8Async, hipMemsetD8Async(w.range, 5, 64, w.stream), \
    "hipMemsetD8Async(dest=reservation#1+0x0, value=5, count=64, stream=stream#1) = hipSuccess") \
  X(hipMemsetD32Async, hipMemsetD32Async(w.range, 6, 16, w.stream), \
    "hipMemsetD32Async(dst=reservation#1+0x0, value=6, count=16, stream=stream#1) = hipSuccess") \
  X(hipStreamCreate, hipStreamCreate(&w.other_stream), \
    "hipStreamCreate(stream -> stream#2) = hipSuccess") \
  X(hipStreamDestroy, hipStreamDestroy(w.other_stream), \
    "hipStreamDestroy(stream=stream#2) = hipSuccess") \
  X(hipStreamSynchronize, hipStreamSynchronize(NULL), \
    "hipStreamSynchronize(stream=NULL (the null stream)) = hipSuccess") \
  X(hipMemAddressReserve, hipMemAddressReserve(&w.ptr, 2 * granule, 0, NULL, 0), \
    "hipMemAddressReserve(ptr -> reservation#2+0x0, size=8192 (2 granules, 8 KiB), " \
    "alignment=0, addr=NULL, flags=0) = hipSuccess") \
  X(hipMemAddressFree, hipMemAddressFree(w.ptr, 2 * granule), \
    "hipMemAddressFree(devPtr=reservation#2+0x0, size=8192 (2 granules, 8 KiB)) = hipSuccess") \
  X(hipMemCreate, hipMemAllocationProp p = device_prop(hipMemHandleTypeNone); \
    hipMemCreate(&w.other, granule, &p, 0), \
    "hipMemCreate(handle -> handle#2, size=4096 (1 granule, 4 KiB), prop={type=Pinned, " \
    "location={Device, 0}, requestedHandleType=None}, flags=0) = hipSuccess") \
  X(hipMemRelease, hipMemRelease(w.other), "hipMemRelease(handle=handle#2) = hipSuccess") \
  X(hipMemMap, hipMemAllocationProp p = device_prop(hipMemHandleTypeNone); \
    hipMemCreate(&w.other, granule, &p, 0); \
    hipMemMap(w.range + 2 * granule, granule, 0, w.other, 0), \
    "hipMemMap(ptr=reservation#1+0x2000, size=4096 (1 granule, 4 KiB), offset=0, " \
    "handle=handle#3, flags=0) = hipSuccess") \
  X(hipMemUnmap, hipMemUnmap(w.range + 2 * granule, granule); hipMemRelease(w.other), \
    "hipMemUnmap(ptr=reservation#1+0x2000, size=4096 (1 granule, 4 KiB)) = hipSuccess") \
  X(hipMemSetAccess, hipMemSetAccess(w.range, 2 * granule, two_desc, 2), \
    "hipMemSetAccess(ptr=reservation#1+0x0, size=8192 (2 granules, 8 KiB), " \
    "desc[0]={Device 0, ReadWrite}, desc[1]={Device 1, Read}, count=2) = hipSuccess") \
  X(hipMemGetAccess, unsigned long long f; hipMemGetAccess(&f, &device1, w.range + 8), \
    "hipMemGetAccess(flags -> Read, location={Device, 1}, ptr=reservation#1+0x8) = hipSuccess") \
  X(hipMemGetAllocationGranularity, size_t g; hipMemAllocationProp p = \
    device_prop(hipMemHandleTypePosixFileDescriptor); \
    hipMemGetAllocationGranularity(&g, &p, hipMemAllocationGranularityRecommended), \
    "hipMemGetAllocationGranularity(granularity -> 2097152 (2 MiB), prop={type=Pinned, " \
    "location={Device, 0}, requestedHandleType=PosixFileDescriptor}, " \
    "option=hipMemAllocationGranularityRecommended) = hipSuccess") \
  X(hipMemGetAllocationPropertiesFromHandle, hipMemAllocationProp p; \
    hipMemGetAllocationPropertiesFromHandle(&p, w.handle), \
    "hipMemGetAllocationPropertiesFromHandle(prop -> {type=Pinned, location={Device, 0}, " \
    "requestedHandleType=None}, handle=handle#1) = hipSuccess") \
  X(hipMemRetainAllocationHandle, hipMemGenericAllocationHandle_t h; \
    hipMemRetainAllocationHandle(&h, w.range + granule); hipMemRelease(h), \
    "hipMemRetainAllocationHandle(handle -> handle#1, addr=reservation#1+0x1000) = hipSuccess") \
  X(hipMemExportToShareableHandle, hipMemAllocationProp p = \
    device_prop(hipMemHandleTypePosixFileDescriptor); hipMemCreate(&w.other, granule, &p, 0); \
    hipMemExportToShareableHandle(&w.fd, w.other, hipMemHandleTypePosixFileDescriptor, 0), \
    "hipMemExportToShareableHandle(shareableHandle -> fd *, handle=handle#4, " \
    "handleType=hipMemHandleTypePosixFileDescriptor, flags=0) = hipSuccess") \
  X(hipMemImportFromShareableHandle, hipMemGenericAllocationHandle_t h; \
    hipMemImportFromShareableHandle(&h, (void *)(intptr_t)w.fd, \
                                    hipMemHandleTypePosixFileDescriptor); \
    hipMemRelease(h); hipMemRelease(w.other); close(w.fd), \
    "hipMemImportFromShareableHandle(handle -> handle#5, osHandle=* (fd * by value), " \
    "shHandleType=hipMemHandleTypePosixFileDescriptor) = hipSuccess") \
  X(hipMemMapArrayAsync, hipArrayMapInfo info; memset(&info, 0, sizeof info); \
    hipMemMapArrayAsync(&info, 1, w.stream), \
    "hipMemMapArrayAsync(mapInfoList=0x*, count=1, stream=stream#1) = hipErrorNotSupported " \
    "(sparse array mapping is not supported on AMD)") \
  X(hipDeviceGet, hipDevice_t d; hipDeviceGet(&d, 1), \
    "hipDeviceGet(device -> 1, ordinal=1) = hipSuccess") \
  X(hipDeviceComputeCapability, int major; int minor; \
    hipDeviceComputeCapability(&major, &minor, 0), \
    "hipDeviceComputeCapability(major -> *, minor -> *, device=0) = hipSuccess") \
  X(hipDeviceGetName, char name[64]; hipDeviceGetName(name, 64, 0), \
    "hipDeviceGetName(name=0x*, len=64, device=0) = hipSuccess") \
  X(hipDeviceGetUuid, hipUUID uuid; hipDeviceGetUuid(&uuid, 0), \
    "hipDeviceGetUuid(uuid=0x*, device=0) = hipSuccess") \
  X(hipDeviceGetPCIBusId, char id[64]; hipDeviceGetPCIBusId(id, 64, 0), \
    "hipDeviceGetPCIBusId(pciBusId=0x*, len=64, device=0) = hipSuccess") \
  X(hipDeviceTotalMem, size_t bytes; hipDeviceTotalMem(&bytes, 0), \
    "hipDeviceTotalMem(bytes -> 17179869184 (16 GiB), device=0) = hipSuccess") \
  X(hipGetDevicePropertiesR0600, hipDeviceProp_t props; hipGetDevicePropertiesR0600(&props, 0), \
    "hipGetDevicePropertiesR0600(prop=0x*, deviceId=0) = hipSuccess") \
  X(hipDeviceGetP2PAttribute, int v; \
    hipDeviceGetP2PAttribute(&v, hipDevP2PAttrAccessSupported, 0, 1), \
    "hipDeviceGetP2PAttribute(value -> 1, attr=hipDevP2PAttrAccessSupported, srcDevice=0, " \
    "dstDevice=1) = hipSuccess") \
  X(hipDeviceEnablePeerAccess, hipDeviceEnablePeerAccess(1, 0), \
    "hipDeviceEnablePeerAccess(peerDeviceId=1, flags=0) = hipSuccess") \
  X(hipDeviceDisablePeerAccess, hipDeviceDisablePeerAccess(1), \
    "hipDeviceDisablePeerAccess(peerDeviceId=1) = hipSuccess") \
  X(hipDeviceReset, hipSetDevice(1); hipDeviceReset(); hipSetDevice(0), \
    "hipDeviceReset() = hipSuccess") \
  X(hipCtxGetCurrent, hipCtxGetCurrent(&w.ctx), "hipCtxGetCurrent(ctx -> context of device 0) = hipSuccess") \
  X(hipCtxSetCurrent, hipCtxSetCurrent(w.ctx), "hipCtxSetCurrent(ctx=context of device 0) = hipSuccess") \
  X(hipCtxPushCurrent, hipCtxPushCurrent(w.ctx), "hipCtxPushCurrent(ctx=context of device 0) = hipSuccess") \
  X(hipCtxPopCurrent, hipCtxPopCurrent(&w.ctx), "hipCtxPopCurrent(ctx -> context of device 0) = hipSuccess") \
  X(hipCtxGetDevice, hipDevice_t d; hipCtxGetDevice(&d), \
    "hipCtxGetDevice(device -> 0) = hipSuccess") \
  X(hipCtxSynchronize, hipCtxSynchronize(), "hipCtxSynchronize() = hipErrorNotSupported (ROCm does not implement it; use " \
    "hipDeviceSynchronize)") \
  X(hipDevicePrimaryCtxRetain, hipDevicePrimaryCtxRetain(&w.ctx, 0), \
    "hipDevicePrimaryCtxRetain(pctx -> context of device 0, dev=0) = hipSuccess") \
  X(hipDevicePrimaryCtxRelease, hipDevicePrimaryCtxRelease(0), \
    "hipDevicePrimaryCtxRelease(dev=0) = hipSuccess") \
  X(hipDevicePrimaryCtxGetState, unsigned f; int active; \
    hipDevicePrimaryCtxGetState(0, &f, &active), \
    "hipDevicePrimaryCtxGetState(dev=0, flags -> 0, active -> 1) = hipSuccess") \
  X(hipDevicePrimaryCtxReset, hipDevicePrimaryCtxReset(1), \
    "hipDevicePrimaryCtxReset(dev=1) = hipSuccess") \
  X(hipStreamCreateWithFlags, hipStreamCreateWithFlags(&w.other_stream, hipStreamNonBlocking), \
    "hipStreamCreateWithFlags(stream -> stream#3, flags=0x1) = hipSuccess") \
  X(hipStreamCreateWithPriority, hipStream_t s; hipStreamCreateWithPriority(&s, 0, -1); \
    hipStreamDestroy(s), \
    "hipStreamCreateWithPriority(stream -> stream#4, flags=0, priority=-1) = hipSuccess") \
  X(hipDeviceGetStreamPriorityRange, int least; int greatest; \
    hipDeviceGetStreamPriorityRange(&least, &greatest), \
    "hipDeviceGetStreamPriorityRange(leastPriority -> 1, greatestPriority -> -1) = hipSuccess") \
  X(hipStreamQuery, hipStreamQuery(w.stream), "hipStreamQuery(stream=stream#1) = hipSuccess") \
  X(hipStreamWaitEvent, hipStreamWaitEvent(w.stream, w.event, 0), \
    "hipStreamWaitEvent(stream=stream#1, event=event#1, flags=0) = hipSuccess") \
  X(hipStreamGetFlags, unsigned f; hipStreamGetFlags(w.other_stream, &f), \
    "hipStreamGetFlags(stream=stream#3, flags -> 0x1) = hipSuccess") \
  X(hipStreamGetPriority, int p; hipStreamGetPriority(w.stream, &p), \
    "hipStreamGetPriority(stream=stream#1, priority -> 0) = hipSuccess") \
  X(hipStreamGetDevice, hipDevice_t d; hipStreamGetDevice(w.stream, &d), \
    "hipStreamGetDevice(stream=stream#1, device -> 0) = hipSuccess") \
  X(hipEventCreate, hipEventCreate(&w.other_event), "hipEventCreate(event -> event#2) = hipSuccess") \
  X(hipEventCreateWithFlags, hipEvent_t e; hipEventCreateWithFlags(&e, hipEventDisableTiming); \
    hipEventDestroy(e), "hipEventCreateWithFlags(event -> event#3, flags=0x2) = hipSuccess") \
  X(hipEventRecord, hipEventRecord(w.event, w.stream), \
    "hipEventRecord(event=event#1, stream=stream#1) = hipSuccess") \
  X(hipEventQuery, hipEventQuery(w.event), "hipEventQuery(event=event#1) = hipSuccess") \
  X(hipEventSynchronize, hipEventSynchronize(w.event), \
    "hipEventSynchronize(event=event#1) = hipSuccess") \
  X(hipEventElapsedTime, float ms; hipEventElapsedTime(&ms, w.event, w.event), \
    "hipEventElapsedTime(ms=0x* -> 0, start=event#1, stop=event#1) = hipSuccess") \
  X(hipEventDestroy, hipEventDestroy(w.other_event), "hipEventDestroy(event=event#2) = hipSuccess") \
  X(hipStreamBeginCapture, hipStreamBeginCapture(w.other_stream, hipStreamCaptureModeRelaxed), \
    "hipStreamBeginCapture(stream=stream#3, mode=hipStreamCaptureModeRelaxed) = hipSuccess") \
  X(hipStreamEndCapture, hipStreamEndCapture(w.other_stream, &w.graph), \
    "hipStreamEndCapture(stream=stream#3, pGraph -> graph#1) = hipSuccess") \
  X(hipStreamIsCapturing, hipStreamCaptureStatus st; hipStreamIsCapturing(w.stream, &st), \
    "hipStreamIsCapturing(stream=stream#1, pCaptureStatus=0x*) = hipSuccess") \
  X(hipStreamGetCaptureInfo, hipStreamCaptureStatus st; unsigned long long id; \
    hipStreamGetCaptureInfo(w.stream, &st, &id), \
    "hipStreamGetCaptureInfo(stream=stream#1, pCaptureStatus=0x*, pId=0x*) = hipSuccess") \
  X(hipThreadExchangeStreamCaptureMode, hipStreamCaptureMode m = hipStreamCaptureModeRelaxed; \
    hipThreadExchangeStreamCaptureMode(&m); hipThreadExchangeStreamCaptureMode(&m), \
    "hipThreadExchangeStreamCaptureMode(mode=0x* (hipStreamCaptureModeRelaxed -> " \
    "hipStreamCaptureModeGlobal)) = hipSuccess") \
  X(hipGraphDestroy, hipGraphDestroy(w.graph), "hipGraphDestroy(graph=graph#1) = hipSuccess") \
  X(hipMemsetD16, hipMemsetD16(w.range, 7, 32), \
    "hipMemsetD16(dest=reservation#1+0x0, value=7, count=32) = hipSuccess") \
  X(hipMemsetD16Async, hipMemsetD16Async(w.range, 8, 32, w.stream), \
    "hipMemsetD16Async(dest=reservation#1+0x0, value=8, count=32, stream=stream#1) = hipSuccess") \
  X(hipExtMallocWithFlags, hipExtMallocWithFlags(&w.ptr, granule, 0); hipFree(w.ptr), \
    "hipExtMallocWithFlags(ptr -> hipExtMallocWithFlags#3+0x0, sizeBytes=4096 (4 KiB), flags=0)" \
    " = hipSuccess") \
  X(hipMallocManaged, hipMallocManaged(&w.ptr, granule, hipMemAttachGlobal); hipFree(w.ptr), \
    "hipMallocManaged(dev_ptr -> hipMallocManaged#4+0x0, size=4096 (4 KiB), flags=0x1) = " \
    "hipSuccess") \
  X(hipMallocAsync, hipMallocAsync(&w.ptr, granule, w.stream), \
    "hipMallocAsync(dev_ptr -> hipMallocAsync#1+0x0, size=4096 (4 KiB), stream=stream#1) = " \
    "hipSuccess") \
  X(hipFreeAsync, hipFreeAsync(w.ptr, w.stream), \
    "hipFreeAsync(dev_ptr=hipMallocAsync#1+0x0, stream=stream#1) = hipSuccess") \
  X(hipHostMalloc, hipHostMalloc(&w.ptr, 100, 0), \
    "hipHostMalloc(ptr -> hipHostMalloc#5+0x0, size=100, flags=0) = hipSuccess") \
  X(hipHostFree, hipHostFree(w.ptr), "hipHostFree(ptr=hipHostMalloc#5+0x0) = hipSuccess") \
  X(hipMemGetAddressRange, hipDeviceptr_t base; size_t bytes; \
    hipMemGetAddressRange(&base, &bytes, w.range + 16), \
    "hipMemGetAddressRange(pbase -> reservation#1+0x0, psize -> *, dptr=reservation#1+0x10) = " \
    "hipSuccess") \
  X(hipPointerGetAttributes, hipPointerAttribute_t a; hipPointerGetAttributes(&a, w.block), \
    "hipPointerGetAttributes(attributes=0x*, ptr=hipMalloc#1+0x0) = hipSuccess") \
  X(hipMemGetHandleForAddressRange, int fd = -1; \
    hipMemGetHandleForAddressRange(&fd, w.block, granule, hipMemRangeHandleTypeDmaBufFd, 0); \
    if (fd >= 0) close(fd), \
    "hipMemGetHandleForAddressRange(*, dptr=hipMalloc#1+0x0, size=4096 (4 KiB), handleType=1, " \
    "flags=0) = *") \
  X(hipGetProcAddress, void *fn; hipDriverProcAddressQueryResult status; \
    hipGetProcAddress("hipMemCreate", &fn, 700, HIP_GET_PROC_ADDRESS_DEFAULT, &status), \
    "hipGetProcAddress(symbol=\"hipMemCreate\", pfn=0x*, hipVersion=700, flags=0x0, " \
    "symbolStatus=0x*) = hipSuccess") \
  X(hipLaunchKernel, launch_empty(w.stream), \
    "hipLaunchKernel(kernel=empty_kernel, gridDim=(1, 1, 1), blockDim=(2, 1, 1), " \
    "sharedMemBytes=0, stream=stream#1) = hipSuccess") \
  X(hipStreamAddCallback, hipStreamAddCallback(w.stream, NULL, NULL, 0), \
    "hipStreamAddCallback(stream=stream#1, callback=*, userData=*, flags=0) = " \
    "hipErrorInvalidValue (callback is NULL)") \
  X(hipLaunchHostFunc, hipLaunchHostFunc(w.stream, NULL, NULL), \
    "hipLaunchHostFunc(stream=stream#1, fn=*, userData=*) = hipErrorInvalidValue (fn is NULL)") \
  X(hipModuleLoad, hipModule_t m; hipModuleLoad(&m, "/nonexistent/kernels.co"), \
    "hipModuleLoad(module=0x*, fname=/nonexistent/kernels.co) = hipErrorFileNotFound*") \
  X(hipModuleLoadData, hipModule_t m; hipModuleLoadData(&m, w.range), \
    "hipModuleLoadData(module=0x*, image=0x*) = hipErrorNotSupported*") \
  X(hipModuleUnload, hipModuleUnload(NULL), \
    "hipModuleUnload(module=*) = hipErrorInvalidHandle*") \
  X(hipModuleGetFunction, hipFunction_t f; hipModuleGetFunction(&f, NULL, "k"), \
    "hipModuleGetFunction(function=0x*, module=*, kname=k) = hipErrorInvalidHandle*") \
  X(hipModuleGetGlobal, hipDeviceptr_t p; size_t n; hipModuleGetGlobal(&p, &n, NULL, "g"), \
    "hipModuleGetGlobal(dptr=0x*, bytes=0x*, hmod=*, name=g) = hipErrorInvalidHandle*") \
  X(hipModuleLaunchKernel, \
    hipModuleLaunchKernel(NULL, 1, 1, 1, 2, 1, 1, 0, w.stream, NULL, NULL), \
    "hipModuleLaunchKernel(f=*, grid={1, 1, 1}, block={2, 1, 1}, sharedMemBytes=0, " \
    "stream=stream#1, kernelParams=*, extra=*) = hipErrorInvalidHandle*") \
  X(hipDeviceGetDefaultMemPool, hipDeviceGetDefaultMemPool(&w.pool, 0), \
    "hipDeviceGetDefaultMemPool(mem_pool -> pool#1, device=0) = hipSuccess") \
  X(hipDeviceSetMemPool, hipDeviceSetMemPool(0, w.pool), \
    "hipDeviceSetMemPool(device=0, mem_pool=pool#1) = hipSuccess") \
  X(hipDeviceGetMemPool, hipDeviceGetMemPool(&w.pool, 0), \
    "hipDeviceGetMemPool(mem_pool -> pool#1, device=0) = hipSuccess") \
  X(hipMemPoolCreate, hipMemPoolCreate(&w.pool, &shareable_props), \
    "hipMemPoolCreate(mem_pool -> pool#2, pool_props={allocType=Pinned, " \
    "handleTypes=PosixFileDescriptor, location={Device, 0}, maxSize=0}) = hipSuccess") \
  X(hipMemPoolDestroy, hipMemPoolCreate(&w.other_pool, &shareable_props); \
    hipMemPoolDestroy(w.other_pool), "hipMemPoolDestroy(mem_pool=pool#3) = hipSuccess") \
  X(hipMemPoolSetAttribute, uint64_t v = 4096; \
    hipMemPoolSetAttribute(w.pool, hipMemPoolAttrReleaseThreshold, &v), \
    "hipMemPoolSetAttribute(mem_pool=pool#2, attr=hipMemPoolAttrReleaseThreshold, " \
    "*value=4096 (4 KiB)) = hipSuccess") \
  X(hipMemPoolGetAttribute, int v; \
    hipMemPoolGetAttribute(w.pool, hipMemPoolReuseAllowOpportunistic, &v), \
    "hipMemPoolGetAttribute(mem_pool=pool#2, attr=hipMemPoolReuseAllowOpportunistic, " \
    "value -> 1) = hipSuccess") \
  X(hipMemPoolSetAccess, hipMemPoolSetAccess(w.pool, &pool_desc, 1), \
    "hipMemPoolSetAccess(mem_pool=pool#2, desc[0]={Device 1, ReadWrite}, count=1) = " \
    "hipSuccess") \
  X(hipMemPoolGetAccess, hipMemAccessFlags f; hipMemPoolGetAccess(&f, w.pool, &device1), \
    "hipMemPoolGetAccess(flags -> ReadWrite, mem_pool=pool#2, location={Device, 1}) = " \
    "hipSuccess") \
  X(hipMemPoolTrimTo, hipMemPoolTrimTo(w.pool, 0), \
    "hipMemPoolTrimTo(mem_pool=pool#2, min_bytes_to_hold=0) = hipSuccess") \
  X(hipMallocFromPoolAsync, hipMallocFromPoolAsync(&w.ptr, granule, w.pool, w.stream), \
    "hipMallocFromPoolAsync(dev_ptr -> hipMallocFromPoolAsync#2+0x0, size=4096 (4 KiB), " \
    "mem_pool=pool#2, stream=stream#1) = hipSuccess") \
  X(hipMemPoolExportToShareableHandle, \
    hipMemPoolExportToShareableHandle(&w.pool_fd, w.pool, hipMemHandleTypePosixFileDescriptor, \
                                      0), \
    "hipMemPoolExportToShareableHandle(shared_handle -> fd *, mem_pool=pool#2, " \
    "handle_type=hipMemHandleTypePosixFileDescriptor, flags=0) = hipSuccess") \
  X(hipMemPoolImportFromShareableHandle, \
    hipMemPoolImportFromShareableHandle(&w.other_pool, (void *)(intptr_t)w.pool_fd, \
                                        hipMemHandleTypePosixFileDescriptor, 0), \
    "hipMemPoolImportFromShareableHandle(mem_pool -> pool#4, shared_handle=* (fd * by value), " \
    "handle_type=hipMemHandleTypePosixFileDescriptor, flags=0) = hipSuccess") \
  X(hipMemPoolExportPointer, hipMemPoolExportPointer(&w.export_data, w.ptr), \
    "hipMemPoolExportPointer(export_data=0x*, dev_ptr=hipMallocFromPoolAsync#2+0x0) = " \
    "hipSuccess") \
  X(hipMemPoolImportPointer, hipMemPoolImportPointer(&w.ptr, w.other_pool, &w.export_data), \
    "hipMemPoolImportPointer(dev_ptr -> hipMemPoolImportPointer#3+0x0, mem_pool=pool#4, " \
    "export_data=0x*) = hipSuccess") \
  X(hipMallocArray, hipMallocArray(&w.array, &float_desc, 16, 4, hipArrayDefault), \
    "hipMallocArray(array -> array#1, desc={32, 0, 0, 0, Float}, width=16, height=4, " \
    "flags=hipArrayDefault) = hipSuccess") \
  X(hipArrayCreate, hipArray_t a; hipArrayCreate(&a, &array_desc); hipFreeArray(a), \
    "hipArrayCreate(pHandle -> array#2, pAllocateArray={Width=16, Height=4, Format=FLOAT, " \
    "NumChannels=1}) = hipSuccess") \
  X(hipArray3DCreate, hipArray3DCreate(&w.spare[0], &array3d_desc), \
    "hipArray3DCreate(array -> array#3, pAllocateArray={Width=16, Height=4, Depth=2, " \
    "Format=UNSIGNED_INT8, NumChannels=4, Flags=hipArrayLayered}) = hipSuccess") \
  X(hipMalloc3DArray, hipMalloc3DArray(&w.spare[1], &float_desc, make_hipExtent(8, 2, 2), hipArraySurfaceLoadStore), \
    "hipMalloc3DArray(array -> array#4, desc={32, 0, 0, 0, Float}, extent=(8, 2, 2), " \
    "flags=hipArraySurfaceLoadStore) = hipSuccess") \
  X(hipFreeArray, hipFreeArray(w.spare[0]), \
    "hipFreeArray(array=array#3) = hipSuccess") \
  X(hipArrayDestroy, hipArrayDestroy(w.spare[1]), \
    "hipArrayDestroy(array=array#4) = hipSuccess") \
  X(hipArrayGetInfo, hipChannelFormatDesc d; hipExtent e; unsigned f; hipArrayGetInfo(&d, &e, &f, w.array), \
    "hipArrayGetInfo(desc -> {32, 0, 0, 0, Float}, extent -> (16, 4, 0), flags -> 0, " \
    "array=array#1) = hipSuccess") \
  X(hipArrayGetDescriptor, HIP_ARRAY_DESCRIPTOR d; hipArrayGetDescriptor(&d, w.array), \
    "hipArrayGetDescriptor(pArrayDescriptor -> {Width=16, Height=4, Format=FLOAT, " \
    "NumChannels=1}, array=array#1) = hipSuccess") \
  X(hipArray3DGetDescriptor, HIP_ARRAY3D_DESCRIPTOR d; hipArray3DGetDescriptor(&d, w.array), \
    "hipArray3DGetDescriptor(pArrayDescriptor -> {Width=16, Height=4, Depth=0, Format=FLOAT, " \
    "NumChannels=1, Flags=hipArrayDefault}, array=array#1) = hipSuccess") \
  X(hipMallocPitch, size_t pitch; hipMallocPitch(&w.pitched, &pitch, 100, 4), \
    "hipMallocPitch(ptr -> hipMallocPitch#*+0x0, pitch -> 256, width=100, height=4) = hipSuccess") \
  X(hipMalloc3D, hipPitchedPtr p; hipMalloc3D(&p, make_hipExtent(100, 4, 2)); hipFree(p.ptr), \
    "hipMalloc3D(pitchedDevPtr -> {ptr=hipMalloc3D#*+0x0, pitch=256, xsize=100, ysize=4}, " \
    "extent=(100, 4, 2)) = hipSuccess") \
  X(hipMemcpy2D, hipMemcpy2D(w.range, 64, w.host, 16, 16, 4, hipMemcpyHostToDevice), \
    "hipMemcpy2D(dst=reservation#1+0x0, dpitch=64, src=0x*, spitch=16, width=16, height=4, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipMemcpy2DAsync, hipMemcpy2DAsync(w.pitched, 256, w.host, 16, 16, 4, hipMemcpyDefault, w.stream), \
    "hipMemcpy2DAsync(dst=hipMallocPitch#*+0x0, dpitch=256, src=0x*, spitch=16, width=16, " \
    "height=4, kind=hipMemcpyDefault, stream=stream#1) = hipSuccess") \
  X(hipMemcpyParam2D, hip_Memcpy2D c = host_to_array(); hipMemcpyParam2D(&c), \
    "hipMemcpyParam2D(pCopy={src=Host 0x* at (0, 0) pitch 16, dst=array#1 at (0, 0) pitch 0, " \
    "16 bytes x 4}) = hipSuccess") \
  X(hipMemcpyParam2DAsync, hip_Memcpy2D c = host_to_array(); hipMemcpyParam2DAsync(&c, w.stream), \
    "hipMemcpyParam2DAsync(pCopy={src=Host 0x* at (0, 0) pitch 16, dst=array#1 at (0, 0) " \
    "pitch 0, 16 bytes x 4}, stream=stream#1) = hipSuccess") \
  X(hipMemcpy2DToArray, hipMemcpy2DToArray(w.array, 16, 1, w.host, 16, 16, 3, hipMemcpyHostToDevice), \
    "hipMemcpy2DToArray(dst=array#1, wOffset=16, hOffset=1, src=0x*, spitch=16, width=16, " \
    "height=3, kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipMemcpy2DToArrayAsync, hipMemcpy2DToArrayAsync(w.array, 0, 0, w.pitched, 256, 64, 4, hipMemcpyDeviceToDevice, w.stream), \
    "hipMemcpy2DToArrayAsync(dst=array#1, wOffset=0, hOffset=0, src=hipMallocPitch#*+0x0, " \
    "spitch=256, width=64, height=4, kind=hipMemcpyDeviceToDevice, stream=stream#1) = hipSuccess") \
  X(hipMemcpy2DFromArray, hipMemcpy2DFromArray(w.host, 16, w.array, 0, 0, 16, 4, hipMemcpyDeviceToHost), \
    "hipMemcpy2DFromArray(dst=0x*, dpitch=16, src=array#1, wOffset=0, hOffset=0, width=16, " \
    "height=4, kind=hipMemcpyDeviceToHost) = hipSuccess") \
  X(hipMemcpy2DFromArrayAsync, hipMemcpy2DFromArrayAsync(w.pitched, 256, w.array, 0, 0, 64, 4, hipMemcpyDeviceToDevice, w.stream), \
    "hipMemcpy2DFromArrayAsync(dst=hipMallocPitch#*+0x0, dpitch=256, src=array#1, wOffset=0, " \
    "hOffset=0, width=64, height=4, kind=hipMemcpyDeviceToDevice, stream=stream#1) = hipSuccess") \
  X(hipMemcpyToArray, hipMemcpyToArray(w.array, 0, 0, w.host, 64, hipMemcpyHostToDevice), \
    "hipMemcpyToArray(dst=array#1, wOffset=0, hOffset=0, src=0x*, count=64, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipMemcpyFromArray, hipMemcpyFromArray(w.host, w.array, 0, 0, 64, hipMemcpyDeviceToHost), \
    "hipMemcpyFromArray(dst=0x*, srcArray=array#1, wOffset=0, hOffset=0, count=64, " \
    "kind=hipMemcpyDeviceToHost) = hipSuccess") \
  X(hipDrvMemcpy2DUnaligned, hip_Memcpy2D c = host_to_array(); \
    hipMallocArray(&c.dstArray, &float_desc, 16, 4, hipArrayDefault); \
    hipDrvMemcpy2DUnaligned(&c); hipFreeArray(c.dstArray), \
    "hipDrvMemcpy2DUnaligned(pCopy={src=Host 0x* at (0, 0) pitch 16, dst=array#* at (0, 0) " \
    "pitch 0, 16 bytes x 4}) = hipSuccess") \
  X(hipMemcpyAtoH, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyAtoH(w.host, a, 4, 32); hipFreeArray(a), \
    "hipMemcpyAtoH(dst=0x*, srcArray=array#*, srcOffset=4, count=32) = hipSuccess") \
  X(hipMemcpyHtoA, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyHtoA(a, 4, w.host, 32); hipFreeArray(a), \
    "hipMemcpyHtoA(dstArray=array#*, dstOffset=4, srcHost=0x*, count=32) = hipSuccess") \
  X(hipMemcpy3D, hipMemcpy3DParms p = array_to_host(); hipMemcpy3D(&p), \
    "hipMemcpy3D(p={src=array#1 at (0, 0, 0), dst={ptr=0x*, pitch=16, xsize=16, ysize=4} at " \
    "(0, 0, 0), extent=(4, 4, 1), kind=hipMemcpyDeviceToHost}) = hipSuccess") \
  X(hipMemcpy3DAsync, hipMemcpy3DParms p = array_to_host(); hipMemcpy3DAsync(&p, w.stream), \
    "hipMemcpy3DAsync(p={src=array#1 at (0, 0, 0), dst={ptr=0x*, pitch=16, xsize=16, ysize=4} " \
    "at (0, 0, 0), extent=(4, 4, 1), kind=hipMemcpyDeviceToHost}, stream=stream#1) = hipSuccess") \
  X(hipDrvMemcpy3D, HIP_MEMCPY3D c = host_to_device_3d(); hipDrvMemcpy3D(&c), \
    "hipDrvMemcpy3D(pCopy={src=Host 0x* at (0, 0, 0) pitch 16, dst=Device reservation#1+0x0 at " \
    "(0, 0, 0) pitch 64, 16 bytes x 4 x 1}) = hipSuccess") \
  X(hipDrvMemcpy3DAsync, HIP_MEMCPY3D c = host_to_device_3d(); hipDrvMemcpy3DAsync(&c, w.stream), \
    "hipDrvMemcpy3DAsync(pCopy={src=Host 0x* at (0, 0, 0) pitch 16, dst=Device " \
    "reservation#1+0x0 at (0, 0, 0) pitch 64, 16 bytes x 4 x 1}, stream=stream#1) = hipSuccess") \
  X(hipMallocMipmappedArray, hipMipmappedArray_t m; hipMallocMipmappedArray(&m, &float_desc, make_hipExtent(16, 16, 0), 2, 0), \
    "hipMallocMipmappedArray(mipmappedArray=0x*, desc={32, 0, 0, 0, Float}, extent=(16, 16, 0), " \
    "numLevels=2, flags=hipArrayDefault) = hipErrorNotSupported (*)") \
  X(hipFreeMipmappedArray, hipFreeMipmappedArray(NULL), \
    "hipFreeMipmappedArray(mipmappedArray=NULL) = hipErrorInvalidValue (mipmappedArray is NULL)") \
  X(hipGetMipmappedArrayLevel, hipArray_t a; hipGetMipmappedArrayLevel(&a, NULL, 0), \
    "hipGetMipmappedArrayLevel(levelArray=0x*, mipmappedArray=NULL, level=0) = " \
    "hipErrorInvalidHandle (mipmappedArray is NULL)") \
  X(hipMipmappedArrayCreate, hipMipmappedArray_t m; HIP_ARRAY3D_DESCRIPTOR d = array3d_desc; hipMipmappedArrayCreate(&m, &d, 2), \
    "hipMipmappedArrayCreate(pHandle=0x*, pMipmappedArrayDesc={Width=16, Height=4, Depth=2, " \
    "Format=UNSIGNED_INT8, NumChannels=4, Flags=hipArrayLayered}, numMipmapLevels=2) = " \
    "hipErrorNotSupported (*)") \
  X(hipMipmappedArrayDestroy, hipMipmappedArrayDestroy(NULL), \
    "hipMipmappedArrayDestroy(hMipmappedArray=NULL) = hipErrorInvalidValue (mipmappedArray is " \
    "NULL)") \
  X(hipMipmappedArrayGetLevel, hipArray_t a; hipMipmappedArrayGetLevel(&a, NULL, 1), \
    "hipMipmappedArrayGetLevel(pLevelArray=0x*, hMipMappedArray=NULL, level=1) = " \
    "hipErrorInvalidHandle (mipmappedArray is NULL)") \
  X(hipCtxCreate, hipCtxCreate(&w.ctx, 0, 1), \
    "hipCtxCreate(ctx -> context of device 1, flags=0, device=1) = hipSuccess") \
  X(hipCtxDestroy, hipCtxDestroy(w.ctx); hipFreeArray(w.array); hipFree(w.pitched), \
    "hipCtxDestroy(ctx=context of device 1) = hipSuccess") \
  X(hipGraphCreate, hipGraphCreate(&w.graph, 0), \
    "hipGraphCreate(pGraph -> graph#2, flags=0) = hipSuccess") \
  X(hipGraphAddKernelNode, add_kernel_node(), \
    "hipGraphAddKernelNode(pGraphNode=0x*, graph=graph#2, pDependencies=NULL, " \
    "numDependencies=0, pNodeParams={func=0x*, gridDim=(1, 1, 1), blockDim=(2, 1, 1), " \
    "sharedMemBytes=0, kernelParams=NULL, extra=NULL}) = hipErrorInvalidDeviceFunction (*)") \
  X(hipGraphAddMemcpyNode1D, \
    hipGraphAddMemcpyNode1D(&w.nodes[0], w.graph, NULL, 0, w.range, w.host, 64, \
                            hipMemcpyHostToDevice), \
    "hipGraphAddMemcpyNode1D(pGraphNode -> node#1, graph=graph#2, pDependencies=NULL, " \
    "numDependencies=0, dst=reservation#1+0x0, src=0x*, count=64, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipGraphAddMemsetNode, add_memset_node(), \
    "hipGraphAddMemsetNode(pGraphNode -> node#2, graph=graph#2, pDependencies=[node#1], " \
    "numDependencies=1, pMemsetParams={dst=reservation#1+0x100, elementSize=4, width=16, " \
    "height=1, pitch=0, value=0x2a}) = hipSuccess") \
  X(hipGraphAddEmptyNode, hipGraphAddEmptyNode(&w.nodes[2], w.graph, NULL, 0), \
    "hipGraphAddEmptyNode(pGraphNode -> node#3, graph=graph#2, pDependencies=NULL, " \
    "numDependencies=0) = hipSuccess") \
  X(hipGraphAddDependencies, hipGraphAddDependencies(w.graph, &w.nodes[2], &w.nodes[0], 1), \
    "hipGraphAddDependencies(graph=graph#2, from=[node#3], to=[node#1], numDependencies=1) = " \
    "hipSuccess") \
  X(hipGraphGetNodes, hipGraphNode_t all[4]; size_t count = 4; \
    hipGraphGetNodes(w.graph, all, &count), \
    "hipGraphGetNodes(graph=graph#2, nodes=[node#3, node#1, node#2], numNodes -> 3 (asked 4)) " \
    "= hipSuccess") \
  X(hipGraphGetRootNodes, size_t count = 0; hipGraphGetRootNodes(w.graph, NULL, &count), \
    "hipGraphGetRootNodes(graph=graph#2, pRootNodes=NULL, pNumRootNodes -> 1 (asked 0)) = " \
    "hipSuccess") \
  X(hipGraphNodeGetType, hipGraphNodeType type; hipGraphNodeGetType(w.nodes[1], &type), \
    "hipGraphNodeGetType(node=node#2, pType -> hipGraphNodeTypeMemset) = hipSuccess") \
  X(hipGraphInstantiate, hipGraphInstantiate(&w.exec, w.graph, NULL, NULL, 0), \
    "hipGraphInstantiate(pGraphExec -> graphExec#1, graph=graph#2, pErrorNode=NULL, " \
    "pLogBuffer=NULL, bufferSize=0) = hipSuccess") \
  X(hipGraphInstantiateWithFlags, hipGraphExec_t e; \
    hipGraphInstantiateWithFlags(&e, w.graph, hipGraphInstantiateFlagAutoFreeOnLaunch); \
    hipGraphExecDestroy(e), \
    "hipGraphInstantiateWithFlags(pGraphExec -> graphExec#2, graph=graph#2, " \
    "flags=hipGraphInstantiateFlagAutoFreeOnLaunch) = hipSuccess") \
  X(hipGraphLaunch, hipGraphLaunch(w.exec, w.stream), \
    "hipGraphLaunch(graphExec=graphExec#1, stream=stream#1) = hipSuccess") \
  X(hipGraphExecDestroy, hipGraphExecDestroy(w.exec); hipGraphDestroy(w.graph), \
    "hipGraphExecDestroy(graphExec=graphExec#1) = hipSuccess") \
  X(hipFreeHost, hipHostMalloc(&w.ptr, 64, 0); hipFreeHost(w.ptr), \
    "hipFreeHost(ptr=hipHostMalloc#*+0x0) = hipSuccess") \
  X(hipHostRegister, hipHostRegister(w.host, 32, hipHostRegisterMapped); hipHostUnregister(w.host), \
    "hipHostRegister(hostPtr=hipHostRegister#*+0x0, sizeBytes=32, flags=0x2) = hipSuccess") \
  X(hipHostGetDevicePointer, void *device; hipHostRegister(w.host, 32, 0); \
    hipHostGetDevicePointer(&device, w.host + 4, 0); hipHostUnregister(w.host), \
    "hipHostGetDevicePointer(devPtr -> hipHostRegister#*+0x4, hstPtr=hipHostRegister#*+0x4, " \
    "flags=0) = hipSuccess") \
  X(hipHostGetFlags, unsigned flags; hipHostMalloc(&w.ptr, 64, hipHostMallocMapped); \
    hipHostGetFlags(&flags, w.ptr); hipHostFree(w.ptr), \
    "hipHostGetFlags(flagsPtr=0x*, hostPtr=hipHostMalloc#*+0x0) = hipSuccess") \
  X(hipHostUnregister, hipHostRegister(w.host, 32, 0); hipHostUnregister(w.host), \
    "hipHostUnregister(hostPtr=hipHostRegister#*+0x0) = hipSuccess") \
  X(hipMemAdvise, hipMallocManaged(&w.ptr, 64, hipMemAttachGlobal); \
    hipMemAdvise(w.ptr, 64, hipMemAdviseSetAccessedBy, 0); hipFree(w.ptr), \
    "hipMemAdvise(dev_ptr=hipMallocManaged#*+0x0, count=64, advice=5, device=0) = hipSuccess") \
  X(hipMemPrefetchAsync, hipMallocManaged(&w.ptr, 64, hipMemAttachGlobal); \
    hipMemPrefetchAsync(w.ptr, 64, 0, w.stream); hipFree(w.ptr), \
    "hipMemPrefetchAsync(dev_ptr=hipMallocManaged#*+0x0, count=64, device=0, " \
    "stream=stream#1) = hipSuccess") \
  X(hipMemRangeGetAttribute, int v; hipMallocManaged(&w.ptr, 64, hipMemAttachGlobal); \
    hipMemRangeGetAttribute(&v, sizeof v, hipMemRangeAttributeReadMostly, w.ptr, 64); \
    hipFree(w.ptr), \
    "hipMemRangeGetAttribute(data=0x*, data_size=4, attribute=1, " \
    "dev_ptr=hipMallocManaged#*+0x0, count=64) = hipSuccess") \
  X(hipMemRangeGetAttributes, int v; void *data[] = {&v}; size_t sizes[] = {sizeof v}; \
    hipMemRangeAttribute which[] = {hipMemRangeAttributeReadMostly}; \
    hipMallocManaged(&w.ptr, 64, hipMemAttachGlobal); \
    hipMemRangeGetAttributes(data, sizes, which, 1, w.ptr, 64); hipFree(w.ptr), \
    "hipMemRangeGetAttributes(data=0x*, data_sizes=0x*, attributes=0x*, num_attributes=1, " \
    "dev_ptr=hipMallocManaged#*+0x0, count=64) = hipSuccess") \
  X(hipGraphAddMemcpyNode, add_memcpy_3d_node(), \
    "hipGraphAddMemcpyNode(pGraphNode -> node#4, graph=graph#3, pDependencies=NULL, " \
    "numDependencies=0, pCopyParams={src={ptr=0x*, pitch=64, xsize=64, ysize=1} at (0, 0, 0), " \
    "dst={ptr=reservation#1+0x0, pitch=64, xsize=64, ysize=1} at (0, 0, 0), extent=(64, 1, 1), " \
    "kind=hipMemcpyHostToDevice}) = hipSuccess") \
  X(hipGraphAddHostNode, hipGraphAddHostNode(&g.kinds[1], w.graph, &g.kinds[0], 1, &host_params), \
    "hipGraphAddHostNode(pGraphNode -> node#5, graph=graph#3, pDependencies=[node#4], " \
    "numDependencies=1, pNodeParams={fn=0x*, userData=NULL}) = hipSuccess") \
  X(hipGraphAddEventRecordNode, hipGraphAddEventRecordNode(&g.kinds[2], w.graph, &g.kinds[1], 1, w.event), \
    "hipGraphAddEventRecordNode(pGraphNode -> node#6, graph=graph#3, pDependencies=[node#5], " \
    "numDependencies=1, event=event#1) = hipSuccess") \
  X(hipGraphAddEventWaitNode, hipGraphAddEventWaitNode(&g.kinds[3], w.graph, &g.kinds[2], 1, w.event), \
    "hipGraphAddEventWaitNode(pGraphNode -> node#7, graph=graph#3, pDependencies=[node#6], " \
    "numDependencies=1, event=event#1) = hipSuccess") \
  X(hipGraphAddChildGraphNode, add_child_node(), \
    "hipGraphAddChildGraphNode(pGraphNode -> node#10, graph=graph#3, pDependencies=[node#7], " \
    "numDependencies=1, childGraph=graph#4) = hipSuccess") \
  X(hipGraphChildGraphNodeGetGraph, hipGraph_t own; hipGraphChildGraphNodeGetGraph(g.kinds[4], &own), \
    "hipGraphChildGraphNodeGetGraph(node=node#10, pGraph -> graph#5) = hipSuccess") \
  X(hipGraphClone, hipGraphClone(&g.clone, w.graph), \
    "hipGraphClone(pGraphClone -> graph#7, originalGraph=graph#3) = hipSuccess") \
  X(hipGraphNodeFindInClone, hipGraphNode_t found; hipGraphNodeFindInClone(&found, g.kinds[1], g.clone), \
    "hipGraphNodeFindInClone(pNode -> node#13, originalNode=node#5, clonedGraph=graph#7) = " \
    "hipSuccess") \
  X(hipGraphNodeGetDependencies, hipGraphNode_t deps[2]; size_t n = 2; hipGraphNodeGetDependencies(g.kinds[1], deps, &n), \
    "hipGraphNodeGetDependencies(node=node#5, pDependencies=0x*, pNumDependencies -> 1 " \
    "(asked 2)) = hipSuccess") \
  X(hipGraphNodeGetDependentNodes, size_t n = 0; hipGraphNodeGetDependentNodes(g.kinds[1], NULL, &n), \
    "hipGraphNodeGetDependentNodes(node=node#5, pDependentNodes=NULL, pNumDependentNodes -> 1 " \
    "(asked 0)) = hipSuccess") \
  X(hipGraphGetEdges, size_t n = 0; hipGraphGetEdges(w.graph, NULL, NULL, &n), \
    "hipGraphGetEdges(graph=graph#3, from=NULL, to=NULL, numEdges -> 4 (asked 0)) = hipSuccess") \
  X(hipGraphRemoveDependencies, hipGraphRemoveDependencies(w.graph, &g.kinds[0], &g.kinds[1], 1); hipGraphAddDependencies(w.graph, &g.kinds[0], &g.kinds[1], 1), \
    "hipGraphRemoveDependencies(graph=graph#3, from=[node#4], to=[node#5], numDependencies=1) " \
    "= hipSuccess") \
  X(hipGraphDestroyNode, hipGraphNode_t spare; hipGraphAddEmptyNode(&spare, w.graph, NULL, 0); hipGraphDestroyNode(spare), \
    "hipGraphDestroyNode(node=node#17) = hipSuccess") \
  X(hipGraphKernelNodeGetParams, hipKernelNodeParams p; hipGraphKernelNodeGetParams(g.kinds[0], &p), \
    "hipGraphKernelNodeGetParams(node=node#4, pNodeParams=0x*) = hipErrorInvalidValue (*)") \
  X(hipGraphKernelNodeSetParams, kernel_node_set(0), \
    "hipGraphKernelNodeSetParams(node=node#4, pNodeParams={func=0x*, gridDim=(1, 1, 1), " \
    "blockDim=(2, 1, 1), sharedMemBytes=0, kernelParams=NULL, extra=NULL}) = " \
    "hipErrorInvalidDeviceFunction (*)") \
  X(hipGraphMemcpyNodeGetParams, hipMemcpy3DParms p; hipGraphMemcpyNodeGetParams(g.kinds[0], &p), \
    "hipGraphMemcpyNodeGetParams(node=node#4, pNodeParams=0x*) = hipSuccess") \
  X(hipGraphMemcpyNodeSetParams, set_memcpy_3d(0), \
    "hipGraphMemcpyNodeSetParams(node=node#4, pNodeParams={src={ptr=0x*, pitch=64, xsize=64, " \
    "ysize=1} at (0, 0, 0), dst={ptr=reservation#1+0x0, pitch=64, xsize=64, ysize=1} at " \
    "(0, 0, 0), extent=(64, 1, 1), kind=hipMemcpyHostToDevice}) = hipSuccess") \
  X(hipGraphMemcpyNodeSetParams1D, hipGraphMemcpyNodeSetParams1D(g.kinds[0], w.range, w.host, 64, hipMemcpyHostToDevice), \
    "hipGraphMemcpyNodeSetParams1D(node=node#4, dst=reservation#1+0x0, src=0x*, count=64, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipGraphMemsetNodeGetParams, hipMemsetParams p; hipGraphAddMemsetNode(&w.nodes[1], w.graph, NULL, 0, &(hipMemsetParams){.dst = w.range, .elementSize = 1, .height = 1, .width = 8}); hipGraphMemsetNodeGetParams(w.nodes[1], &p), \
    "hipGraphMemsetNodeGetParams(node=node#18, pNodeParams=0x*) = hipSuccess") \
  X(hipGraphMemsetNodeSetParams, memset_node_set(0), \
    "hipGraphMemsetNodeSetParams(node=node#18, pNodeParams={dst=reservation#1+0x100, " \
    "elementSize=4, width=16, height=1, pitch=0, value=0x2a}) = hipSuccess") \
  X(hipGraphHostNodeGetParams, hipHostNodeParams p; hipGraphHostNodeGetParams(g.kinds[1], &p), \
    "hipGraphHostNodeGetParams(node=node#5, pNodeParams=0x*) = hipSuccess") \
  X(hipGraphHostNodeSetParams, hipGraphHostNodeSetParams(g.kinds[1], &host_params), \
    "hipGraphHostNodeSetParams(node=node#5, pNodeParams={fn=0x*, userData=NULL}) = hipSuccess") \
  X(hipGraphEventRecordNodeGetEvent, hipEvent_t e; hipGraphEventRecordNodeGetEvent(g.kinds[2], &e), \
    "hipGraphEventRecordNodeGetEvent(node=node#6, event_out=0x*) = hipSuccess") \
  X(hipGraphEventRecordNodeSetEvent, hipGraphEventRecordNodeSetEvent(g.kinds[2], w.event), \
    "hipGraphEventRecordNodeSetEvent(node=node#6, event=event#1) = hipSuccess") \
  X(hipGraphEventWaitNodeGetEvent, hipEvent_t e; hipGraphEventWaitNodeGetEvent(g.kinds[3], &e), \
    "hipGraphEventWaitNodeGetEvent(node=node#7, event_out=0x*) = hipSuccess") \
  X(hipGraphEventWaitNodeSetEvent, hipGraphEventWaitNodeSetEvent(g.kinds[3], w.event); hipGraphInstantiate(&w.exec, w.graph, NULL, NULL, 0), \
    "hipGraphEventWaitNodeSetEvent(node=node#7, event=event#1) = hipSuccess") \
  X(hipGraphExecKernelNodeSetParams, kernel_node_set(1), \
    "hipGraphExecKernelNodeSetParams(hGraphExec=graphExec#3, node=node#4, " \
    "pNodeParams={func=0x*, gridDim=(1, 1, 1), blockDim=(2, 1, 1), sharedMemBytes=0, " \
    "kernelParams=NULL, extra=NULL}) = hipErrorInvalidDeviceFunction (*)") \
  X(hipGraphExecMemcpyNodeSetParams, set_memcpy_3d(1), \
    "hipGraphExecMemcpyNodeSetParams(hGraphExec=graphExec#3, node=node#4, pNodeParams={src=" \
    "{ptr=0x*, pitch=64, xsize=64, ysize=1} at (0, 0, 0), dst={ptr=reservation#1+0x0, " \
    "pitch=64, xsize=64, ysize=1} at (0, 0, 0), extent=(64, 1, 1), " \
    "kind=hipMemcpyHostToDevice}) = hipSuccess") \
  X(hipGraphExecMemcpyNodeSetParams1D, hipGraphExecMemcpyNodeSetParams1D(w.exec, g.kinds[0], w.range, w.host, 64, hipMemcpyHostToDevice), \
    "hipGraphExecMemcpyNodeSetParams1D(hGraphExec=graphExec#3, node=node#4, " \
    "dst=reservation#1+0x0, src=0x*, count=64, kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipGraphExecMemsetNodeSetParams, memset_node_set(1), \
    "hipGraphExecMemsetNodeSetParams(hGraphExec=graphExec#3, node=node#18, " \
    "pNodeParams={dst=reservation#1+0x100, elementSize=4, width=16, height=1, pitch=0, " \
    "value=0x2a}) = hipSuccess") \
  X(hipGraphExecHostNodeSetParams, hipGraphExecHostNodeSetParams(w.exec, g.kinds[1], &host_params), \
    "hipGraphExecHostNodeSetParams(hGraphExec=graphExec#3, node=node#5, " \
    "pNodeParams={fn=0x*, userData=NULL}) = hipSuccess") \
  X(hipGraphExecEventRecordNodeSetEvent, hipGraphExecEventRecordNodeSetEvent(w.exec, g.kinds[2], w.event), \
    "hipGraphExecEventRecordNodeSetEvent(hGraphExec=graphExec#3, hNode=node#6, " \
    "event=event#1) = hipSuccess") \
  X(hipGraphExecEventWaitNodeSetEvent, hipGraphExecEventWaitNodeSetEvent(w.exec, g.kinds[3], w.event), \
    "hipGraphExecEventWaitNodeSetEvent(hGraphExec=graphExec#3, hNode=node#7, " \
    "event=event#1) = hipSuccess") \
  X(hipGraphExecChildGraphNodeSetParams, hipGraphExecChildGraphNodeSetParams(w.exec, g.kinds[4], g.child); hipGraphExecDestroy(w.exec); hipGraphDestroy(g.clone); hipGraphDestroy(g.child); hipGraphDestroy(w.graph), \
    "hipGraphExecChildGraphNodeSetParams(hGraphExec=graphExec#3, node=node#10, " \
    "childGraph=graph#4) = hipSuccess")                                                            \
  X(hipGetSymbolAddress, hipGetSymbolAddress(&w.ptr, device_variable), \
    "hipGetSymbolAddress(devPtr -> 0x*, symbol=0x*) = hipSuccess") \
  X(hipGetSymbolSize, size_t bytes; hipGetSymbolSize(&bytes, device_variable), \
    "hipGetSymbolSize(size -> 64, symbol=0x*) = hipSuccess") \
  X(hipMemcpyToSymbol, \
    hipMemcpyToSymbol(device_variable, w.host, 16, 8, hipMemcpyHostToDevice), \
    "hipMemcpyToSymbol(symbol=0x*, src=0x*, sizeBytes=16, offset=8, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipMemcpyFromSymbol, \
    hipMemcpyFromSymbol(w.host, device_variable, 16, 8, hipMemcpyDeviceToHost), \
    "hipMemcpyFromSymbol(dst=0x*, symbol=0x*, sizeBytes=16, offset=8, " \
    "kind=hipMemcpyDeviceToHost) = hipSuccess") \
  X(hipMemcpyToSymbolAsync, \
    hipMemcpyToSymbolAsync(device_variable, w.block, 64, 0, hipMemcpyDeviceToDevice, w.stream), \
    "hipMemcpyToSymbolAsync(symbol=0x*, src=hipMalloc#1+0x0, sizeBytes=64, offset=0, " \
    "kind=hipMemcpyDeviceToDevice, stream=stream#1) = hipSuccess") \
  X(hipMemcpyFromSymbolAsync, \
    hipMemcpyFromSymbolAsync(w.host, device_variable, 64, 0, hipMemcpyDeviceToHost, NULL), \
    "hipMemcpyFromSymbolAsync(dst=0x*, symbol=0x*, sizeBytes=64, offset=0, " \
    "kind=hipMemcpyDeviceToHost, stream=NULL (the null stream)) = hipSuccess")                     \
  X(hipDeviceGetLimit, size_t v; hipDeviceGetLimit(&v, hipLimitStackSize), \
    "hipDeviceGetLimit(pValue -> 1024, limit=0) = hipSuccess") \
  X(hipDeviceSetLimit, hipDeviceSetLimit(hipLimitPrintfFifoSize, 4096), \
    "hipDeviceSetLimit(limit=1, value=4096) = hipErrorUnsupportedLimit (limit 1 cannot be set on ROCm)") \
  X(hipDeviceGetCacheConfig, hipFuncCache_t c; hipDeviceGetCacheConfig(&c), \
    "hipDeviceGetCacheConfig(cacheConfig -> 0) = hipSuccess") \
  X(hipDeviceSetCacheConfig, hipDeviceSetCacheConfig(hipFuncCachePreferL1), \
    "hipDeviceSetCacheConfig(cacheConfig=2) = hipSuccess") \
  X(hipDeviceGetSharedMemConfig, hipSharedMemConfig c; hipDeviceGetSharedMemConfig(&c), \
    "hipDeviceGetSharedMemConfig(pConfig -> 1) = hipSuccess") \
  X(hipDeviceSetSharedMemConfig, hipDeviceSetSharedMemConfig((hipSharedMemConfig)7), \
    "hipDeviceSetSharedMemConfig(config=7) = hipErrorInvalidValue (config 7 is no hipSharedMemConfig)") \
  X(hipGetDeviceFlags, unsigned f; hipGetDeviceFlags(&f), \
    "hipGetDeviceFlags(flags -> 0x1) = hipSuccess") \
  X(hipSetDeviceFlags, hipSetDeviceFlags(hipDeviceScheduleSpin), \
    "hipSetDeviceFlags(flags=0x1) = hipSuccess") \
  X(hipChooseDeviceR0600, int d; hipDeviceProp_t p; memset(&p, 0, sizeof p); \
    hipChooseDeviceR0600(&d, &p), "hipChooseDeviceR0600(device -> 0, prop=0x*) = hipSuccess") \
  X(hipDeviceGetByPCIBusId, int d; hipDeviceGetByPCIBusId(&d, "0000:02:00.0"), \
    "hipDeviceGetByPCIBusId(device -> 1, pciBusId=0x*) = hipSuccess") \
  X(hipExtStreamCreateWithCUMask, hipStream_t s; uint32_t m = 1; \
    hipExtStreamCreateWithCUMask(&s, 1, &m); hipStreamDestroy(s), \
    "hipExtStreamCreateWithCUMask(stream -> stream#*, cuMaskSize=1, cuMask=0x*) = hipSuccess") \
  X(hipExtStreamGetCUMask, uint32_t m[16]; hipExtStreamGetCUMask(w.stream, 16, m), \
    "hipExtStreamGetCUMask(stream=stream#1, cuMaskSize=16, cuMask=0x*) = hipSuccess") \
  X(hipFuncSetCacheConfig, hipFuncSetCacheConfig(NULL, hipFuncCachePreferL1), \
    "hipFuncSetCacheConfig(func=(nil), config=2) = hipErrorInvalidDeviceFunction (func is NULL)") \
  X(hipFuncSetSharedMemConfig, hipFuncSetSharedMemConfig(&w, hipSharedMemBankSizeEightByte), \
    "hipFuncSetSharedMemConfig(func=0x*, config=2) = hipSuccess")                                  \
  X(hipMemset2D, hipMemset2D(w.range, 64, 7, 16, 4), \
    "hipMemset2D(dst=reservation#1+0x0, pitch=64, value=7, width=16, height=4) = hipSuccess") \
  X(hipMemset2DAsync, hipMemset2DAsync(w.range, 64, 7, 16, 4, w.stream), \
    "hipMemset2DAsync(dst=reservation#1+0x0, pitch=64, value=7, width=16, height=4, " \
    "stream=stream#1) = hipSuccess") \
  X(hipMemset3D, hipMemset3D(make_hipPitchedPtr(w.range, 64, 16, 4), 7, make_hipExtent(16, 4, 2)), \
    "hipMemset3D(pitchedDevPtr={ptr=reservation#1+0x0, pitch=64, xsize=16, ysize=4}, value=7, " \
    "extent=(16, 4, 2)) = hipSuccess") \
  X(hipMemset3DAsync, \
    hipMemset3DAsync(make_hipPitchedPtr(w.range, 64, 16, 4), 7, make_hipExtent(16, 4, 2), \
                     w.stream), \
    "hipMemset3DAsync(pitchedDevPtr={ptr=reservation#1+0x0, pitch=64, xsize=16, ysize=4}, " \
    "value=7, extent=(16, 4, 2), stream=stream#1) = hipSuccess") \
  X(hipMemcpyWithStream, \
    hipMemcpyWithStream(w.range, w.host, 16, hipMemcpyHostToDevice, w.stream), \
    "hipMemcpyWithStream(dst=reservation#1+0x0, src=0x*, sizeBytes=16, " \
    "kind=hipMemcpyHostToDevice, stream=stream#1) = hipSuccess") \
  X(hipMallocHost, hipMallocHost(&w.ptr, 100); hipHostFree(w.ptr), \
    "hipMallocHost(ptr -> hipMallocHost#*+0x0, size=100) = hipSuccess") \
  X(hipHostAlloc, hipHostAlloc(&w.ptr, 100, hipHostAllocMapped); hipHostFree(w.ptr), \
    "hipHostAlloc(ptr -> hipHostAlloc#*+0x0, size=100, flags=0x2) = hipSuccess") \
  X(hipMemPtrGetInfo, size_t bytes; hipMemPtrGetInfo(w.block, &bytes), \
    "hipMemPtrGetInfo(ptr=hipMalloc#*+0x0, size -> *) = hipSuccess") \
  X(hipStreamAttachMemAsync, hipStreamAttachMemAsync(w.stream, w.block, 0, hipMemAttachGlobal), \
    "hipStreamAttachMemAsync(stream=stream#1, dev_ptr=hipMalloc#*+0x0, length=0, flags=0x1) = " \
    "hipSuccess") \
  X(hipPointerGetAttribute, unsigned type; \
    hipPointerGetAttribute(&type, HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, w.block), \
    "hipPointerGetAttribute(data=0x*, attribute=HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, " \
    "ptr=hipMalloc#*+0x0) = hipSuccess") \
  X(hipDrvPointerGetAttributes, int ordinal; void *data[] = {&ordinal}; \
    hipPointer_attribute which[] = {HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL}; \
    hipDrvPointerGetAttributes(1, which, data, w.block), \
    "hipDrvPointerGetAttributes(numAttributes=1, attributes=0x*, data=0x*, " \
    "ptr=hipMalloc#*+0x0) = hipSuccess") \
  X(hipMemcpyAtoD, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyAtoD(w.block, a, 4, 32); hipFreeArray(a), \
    "hipMemcpyAtoD(dstDevice=hipMalloc#*+0x0, srcArray=array#*, srcOffset=4, ByteCount=32) = " \
    "hipSuccess") \
  X(hipMemcpyDtoA, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyDtoA(a, 4, w.block, 32); hipFreeArray(a), \
    "hipMemcpyDtoA(dstArray=array#*, dstOffset=4, srcDevice=hipMalloc#*+0x0, ByteCount=32) = " \
    "hipSuccess") \
  X(hipMemcpyAtoA, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyAtoA(a, 32, a, 0, 16); hipFreeArray(a), \
    "hipMemcpyAtoA(dstArray=array#*, dstOffset=32, srcArray=array#*, srcOffset=0, " \
    "ByteCount=16) = hipSuccess") \
  X(hipMemcpyAtoHAsync, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyAtoHAsync(w.host, a, 4, 32, w.stream); hipStreamSynchronize(w.stream); \
    hipFreeArray(a), \
    "hipMemcpyAtoHAsync(dstHost=0x*, srcArray=array#*, srcOffset=4, ByteCount=32, " \
    "stream=stream#1) = hipSuccess") \
  X(hipMemcpyHtoAAsync, hipArray_t a; hipMallocArray(&a, &float_desc, 16, 4, hipArrayDefault); \
    hipMemcpyHtoAAsync(a, 4, w.host, 32, w.stream); hipStreamSynchronize(w.stream); \
    hipFreeArray(a), \
    "hipMemcpyHtoAAsync(dstArray=array#*, dstOffset=4, srcHost=0x*, ByteCount=32, " \
    "stream=stream#1) = hipSuccess") \
  X(hipPointerSetAttribute, unsigned sync = 1; \
    hipPointerSetAttribute(&sync, HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, w.block), \
    "hipPointerSetAttribute(value=0x*, attribute=HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, " \
    "ptr=hipMalloc#*+0x0) = hipSuccess") \
  X(hipMemAllocHost, hipMemAllocHost(&w.ptr, 100); hipHostFree(w.ptr), \
    "hipMemAllocHost(ptr -> hipMemAllocHost#*+0x0, size=100) = hipSuccess") \
  X(hipMemAllocPitch, size_t pitch; hipMemAllocPitch(&w.ptr, &pitch, 100, 4, 4); hipFree(w.ptr), \
    "hipMemAllocPitch(dptr -> hipMemAllocPitch#*+0x0, pitch -> 256, widthInBytes=100, height=4, " \
    "elementSizeBytes=4) = hipSuccess") \
  X(hipGraphAddMemcpyNodeToSymbol, hipGraphCreate(&w.graph, 0); \
    hipGraphAddMemcpyNodeToSymbol(&w.nodes[0], w.graph, NULL, 0, device_variable, w.host, 16, 8, \
                                  hipMemcpyHostToDevice), \
    "hipGraphAddMemcpyNodeToSymbol(pGraphNode -> node#*, graph=graph#*, pDependencies=NULL, " \
    "numDependencies=0, symbol=0x*, src=0x*, count=16, offset=8, kind=hipMemcpyHostToDevice) " \
    "= hipSuccess") \
  X(hipGraphAddMemcpyNodeFromSymbol, \
    hipGraphAddMemcpyNodeFromSymbol(&w.nodes[1], w.graph, NULL, 0, w.host, device_variable, 16, 8, \
                                    hipMemcpyDeviceToHost), \
    "hipGraphAddMemcpyNodeFromSymbol(pGraphNode -> node#*, graph=graph#*, pDependencies=NULL, " \
    "numDependencies=0, dst=0x*, symbol=0x*, count=16, offset=8, kind=hipMemcpyDeviceToHost) " \
    "= hipSuccess") \
  X(hipGraphMemcpyNodeSetParamsToSymbol, \
    hipGraphMemcpyNodeSetParamsToSymbol(w.nodes[0], device_variable, w.host, 8, 0, \
                                        hipMemcpyHostToDevice), \
    "hipGraphMemcpyNodeSetParamsToSymbol(node=node#*, symbol=0x*, src=0x*, count=8, offset=0, " \
    "kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipGraphMemcpyNodeSetParamsFromSymbol, \
    hipGraphMemcpyNodeSetParamsFromSymbol(w.nodes[1], w.host, device_variable, 8, 0, \
                                          hipMemcpyDeviceToHost); \
    hipGraphInstantiate(&w.exec, w.graph, NULL, NULL, 0), \
    "hipGraphMemcpyNodeSetParamsFromSymbol(node=node#*, dst=0x*, symbol=0x*, count=8, offset=0, " \
    "kind=hipMemcpyDeviceToHost) = hipSuccess") \
  X(hipGraphExecMemcpyNodeSetParamsToSymbol, \
    hipGraphExecMemcpyNodeSetParamsToSymbol(w.exec, w.nodes[0], device_variable, w.host, 4, 0, \
                                            hipMemcpyHostToDevice), \
    "hipGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec=graphExec#*, node=node#*, symbol=0x*, " \
    "src=0x*, count=4, offset=0, kind=hipMemcpyHostToDevice) = hipSuccess") \
  X(hipGraphExecMemcpyNodeSetParamsFromSymbol, \
    hipGraphExecMemcpyNodeSetParamsFromSymbol(w.exec, w.nodes[1], w.host, device_variable, 4, 0, \
                                              hipMemcpyDeviceToHost); \
    hipGraphExecDestroy(w.exec); hipGraphDestroy(w.graph), \
    "hipGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec=graphExec#*, node=node#*, dst=0x*, " \
    "symbol=0x*, count=4, offset=0, kind=hipMemcpyDeviceToHost) = hipSuccess")                     \
  X(hipCreateTextureObject, hipResourceDesc r = array_resource(); hipTextureDesc d = {0}; \
    hipCreateTextureObject(&texture, &r, &d, NULL), \
    "hipCreateTextureObject(pTexObject -> texture#1, pResDesc={Array, array#*}, " \
    "pTexDesc={address Wrap, filter Point, read ElementType, normalizedCoords 0}, " \
    "pResViewDesc=NULL) = hipSuccess") \
  X(hipDestroyTextureObject, hipDestroyTextureObject(texture), \
    "hipDestroyTextureObject(textureObject=texture#1) = hipSuccess") \
  X(hipGetTextureObjectResourceDesc, hipResourceDesc r; \
    hipGetTextureObjectResourceDesc(&r, texture), \
    "hipGetTextureObjectResourceDesc(pResDesc=0x*, textureObject=texture#1) = " \
    "hipErrorInvalidValue (textureObject 0x* is no live texture object)") \
  X(hipGetTextureObjectResourceViewDesc, struct hipResourceViewDesc v; \
    hipGetTextureObjectResourceViewDesc(&v, NULL), \
    "hipGetTextureObjectResourceViewDesc(pResViewDesc=0x*, textureObject=NULL) = " \
    "hipErrorInvalidValue (textureObject is NULL)") \
  X(hipGetTextureObjectTextureDesc, hipTextureDesc d; hipGetTextureObjectTextureDesc(&d, texture), \
    "hipGetTextureObjectTextureDesc(pTexDesc=0x*, textureObject=texture#1) = " \
    "hipErrorInvalidValue (textureObject 0x* is no live texture object)") \
  X(hipTexObjectCreate, HIP_RESOURCE_DESC r = {0}; HIP_TEXTURE_DESC d = {0}; \
    r.resType = HIP_RESOURCE_TYPE_ARRAY; r.res.array.hArray = texture_array; \
    hipTexObjectCreate(&texture, &r, &d, NULL), \
    "hipTexObjectCreate(pTexObject -> texture#2, pResDesc=0x*, pTexDesc=0x*, " \
    "pResViewDesc=NULL) = hipSuccess") \
  X(hipTexObjectDestroy, hipTexObjectDestroy(texture); hipFreeArray(texture_array), \
    "hipTexObjectDestroy(texObject=texture#2) = hipSuccess") \
  X(hipUserObjectCreate, \
    hipUserObjectCreate(&user_object, NULL, forget, 2, hipUserObjectNoDestructorSync), \
    "hipUserObjectCreate(object_out -> 0x*, ptr=NULL, destroy=0x*, initialRefcount=2, " \
    "flags=0x1) = hipSuccess") \
  X(hipUserObjectRelease, hipUserObjectRelease(user_object, 0), \
    "hipUserObjectRelease(object=0x*, count=0) = hipErrorInvalidValue (count is 0: give 1 to " \
    "INT_MAX)") \
  X(hipUserObjectRetain, hipUserObjectRetain(user_object, 1), \
    "hipUserObjectRetain(object=0x*, count=1) = hipSuccess") \
  X(hipGraphRetainUserObject, hipGraphCreate(&user_graph, 0); \
    hipGraphRetainUserObject(user_graph, user_object, 1, 2), \
    "hipGraphRetainUserObject(graph=graph#*, object=0x*, count=1, flags=0x2) = " \
    "hipErrorInvalidValue (flags is 0x2: give 0 or hipGraphUserObjectMove (1))") \
  X(hipGraphReleaseUserObject, hipGraphReleaseUserObject(user_graph, user_object, 1); \
    hipGraphDestroy(user_graph); hipUserObjectRelease(user_object, 3), \
    "hipGraphReleaseUserObject(graph=graph#*, object=0x*, count=1) = hipSuccess") \
  X(hipGraphKernelNodeSetAttribute, hipGraphCreate(&attr_graph, 0); \
    hipGraphAddEmptyNode(&attr_node, attr_graph, NULL, 0); \
    hipGraphKernelNodeSetAttribute(attr_node, hipKernelNodeAttributeCooperative, &attr_value), \
    "hipGraphKernelNodeSetAttribute(hNode=node#*, attr=2, value=0x*) = hipErrorInvalidValue " \
    "(hNode 0x* is a empty node, not a kernel node)") \
  X(hipGraphKernelNodeGetAttribute, \
    hipGraphKernelNodeGetAttribute(attr_node, (hipKernelNodeAttrID)3, &attr_value), \
    "hipGraphKernelNodeGetAttribute(hNode=node#*, attr=3, value=0x*) = hipErrorInvalidValue " \
    "(attr 3 is no kernel node attribute: *)") \
  X(hipGraphKernelNodeCopyAttributes, hipGraphKernelNodeCopyAttributes(NULL, attr_node); \
    hipGraphDestroy(attr_graph), \
    "hipGraphKernelNodeCopyAttributes(hSrc=NULL, hDst=node#*) = hipErrorInvalidValue " \
    "(hSrc is NULL)") \
  X(hipGraphAddMemAllocNode, add_alloc_node(), \
    "hipGraphAddMemAllocNode(pGraphNode -> node#*, graph=graph#*, pDependencies=NULL, " \
    "numDependencies=0, pNodeParams={poolProps={allocType=Pinned, handleTypes=None, " \
    "location={Device, 0}, maxSize=0}, accessDescs=NULL, accessDescCount=0, bytesize=4096 " \
    "(4 KiB)} -> dptr=hipGraphAddMemAllocNode#1+0x0) = hipSuccess") \
  X(hipGraphMemAllocNodeGetParams, hipMemAllocNodeParams out; \
    hipGraphMemAllocNodeGetParams(gm.alloc, &out), \
    "hipGraphMemAllocNodeGetParams(node=node#*, pNodeParams={poolProps={allocType=Pinned, " \
    "handleTypes=None, location={Device, 0}, maxSize=0}, accessDescs=NULL, accessDescCount=0, " \
    "bytesize=4096 (4 KiB)}) = hipSuccess") \
  X(hipGraphAddMemFreeNode, \
    hipGraphAddMemFreeNode(&gm.free, gm.graph, &gm.alloc, 1, gm.params.dptr), \
    "hipGraphAddMemFreeNode(pGraphNode -> node#*, graph=graph#*, pDependencies=[node#*], " \
    "numDependencies=1, dev_ptr=hipGraphAddMemAllocNode#1+0x0) = hipSuccess") \
  X(hipGraphMemFreeNodeGetParams, void *out; hipGraphMemFreeNodeGetParams(gm.free, &out), \
    "hipGraphMemFreeNodeGetParams(node=node#*, dev_ptr -> hipGraphAddMemAllocNode#1+0x0) = " \
    "hipSuccess") \
  X(hipDeviceGetGraphMemAttribute, size_t v; \
    hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &v), \
    "hipDeviceGetGraphMemAttribute(device=0, attr=hipGraphMemAttrUsedMemCurrent, " \
    "value -> 0) = hipSuccess") \
  X(hipDeviceSetGraphMemAttribute, size_t v = 0; \
    hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &v), \
    "hipDeviceSetGraphMemAttribute(device=0, attr=hipGraphMemAttrUsedMemHigh, *value=0) = " \
    "hipSuccess") \
  X(hipDeviceGraphMemTrim, hipDeviceGraphMemTrim(0); hipGraphDestroy(gm.graph), \
    "hipDeviceGraphMemTrim(device=0) = hipSuccess") \
  X(hipExtGetLinkTypeAndHopCount, uint32_t lt; uint32_t hc; \
    hipExtGetLinkTypeAndHopCount(0, 1, &lt, &hc), \
    "hipExtGetLinkTypeAndHopCount(device1=0, device2=1, linktype -> 0x4, hopcount -> 0x1) = " \
    "hipSuccess") \
  X(hipStreamWaitValue32, \
    hipStreamWaitValue32(w.stream, w.block, 0, hipStreamWaitValueGte, 0xFFFFFFFFu), \
    "hipStreamWaitValue32(stream=stream#*, ptr=hipMalloc#*+0x0, value=0, flags=0, " \
    "mask=0xffffffff) = hipSuccess") \
  X(hipStreamWaitValue64, hipStreamWaitValue64(w.stream, w.block, 0, hipStreamWaitValueEq, 0), \
    "hipStreamWaitValue64(stream=stream#*, ptr=hipMalloc#*+0x0, value=0, flags=1, mask=0) = " \
    "hipSuccess") \
  X(hipStreamWriteValue32, hipStreamWriteValue32(w.stream, w.block, 7, 0), \
    "hipStreamWriteValue32(stream=stream#*, ptr=hipMalloc#*+0x0, value=0x7, flags=0) = " \
    "hipSuccess") \
  X(hipStreamWriteValue64, hipStreamWriteValue64(w.stream, NULL, 7, 0), \
    "hipStreamWriteValue64(stream=stream#*, ptr=NULL, value=0x7, flags=0) = " \
    "hipErrorInvalidValue (ptr is NULL)") \
  X(hipIpcGetMemHandle, hipIpcMemHandle_t h; hipIpcGetMemHandle(&h, w.block), \
    "hipIpcGetMemHandle(handle=0x*, devPtr=hipMalloc#*+0x0) = hipSuccess") \
  X(hipIpcOpenMemHandle, hipIpcMemHandle_t h; void *p; memset(&h, 0, sizeof h); \
    hipIpcOpenMemHandle(&p, h, hipIpcMemLazyEnablePeerAccess), \
    "hipIpcOpenMemHandle(devPtr=0x*, handle={pid 0, size 0, offset 0}, flags=0x1) = " \
    "hipErrorInvalidValue (the handle names no memory (its size is 0))") \
  X(hipIpcCloseMemHandle, hipIpcCloseMemHandle(NULL), \
    "hipIpcCloseMemHandle(devPtr=NULL) = hipErrorInvalidValue (devPtr is NULL)") \
  X(hipGraphNodeSetEnabled, hipGraphNodeSetEnabled(NULL, NULL, 1); late_graph(), \
    "hipGraphNodeSetEnabled(hGraphExec=NULL, hNode=NULL, isEnabled=1) = hipErrorInvalidValue " \
    "(hGraphExec is NULL)") \
  X(hipGraphNodeGetEnabled, unsigned on; hipGraphNodeGetEnabled(late.exec, late.node, &on), \
    "hipGraphNodeGetEnabled(hGraphExec=graphExec#*, hNode=node#*, isEnabled -> 0x1) = " \
    "hipSuccess") \
  X(hipGraphUpload, hipGraphUpload(late.exec, NULL), \
    "hipGraphUpload(graphExec=graphExec#*, stream=NULL (the null stream)) = hipSuccess") \
  X(hipGraphInstantiateWithParams, hipGraphExec_t e; hipGraphInstantiateParams ip = {0}; \
    hipGraphInstantiateWithParams(&e, late.graph, &ip); hipGraphExecDestroy(e), \
    "hipGraphInstantiateWithParams(pGraphExec -> graphExec#*, graph=graph#*, " \
    "instantiateParams=0x*, flags=0) = hipSuccess") \
  X(hipGraphExecUpdate, hipGraphNode_t bad; hipGraphExecUpdateResult r; \
    hipGraphExecUpdate(late.exec, late.graph, &bad, &r), \
    "hipGraphExecUpdate(hGraphExec=graphExec#*, hGraph=graph#*, hErrorNode_out=0x*, " \
    "updateResult_out=hipGraphExecUpdateSuccess) = hipSuccess") \
  X(hipGraphDebugDotPrint, hipGraphDebugDotPrint(late.graph, "/nonexistent/g.dot", 0); late_free(), \
    "hipGraphDebugDotPrint(graph=graph#*, path=/nonexistent/g.dot, flags=0) = " \
    "hipErrorOperatingSystem (path \"/nonexistent/g.dot\" cannot be opened for writing: No " \
    "such file or directory)") \
  X(hipDrvGraphAddMemcpyNode, hipGraphNode_t n; hipDrvGraphAddMemcpyNode(&n, NULL, NULL, 0, NULL, NULL), \
    "hipDrvGraphAddMemcpyNode(phGraphNode=0x*, hGraph=NULL, dependencies=NULL, " \
    "numDependencies=0, copyParams=NULL, ctx=NULL) = hipErrorInvalidValue (graph is NULL)") \
  X(hipDrvGraphAddMemsetNode, hipGraphNode_t n; hipDrvGraphAddMemsetNode(&n, NULL, NULL, 0, NULL, NULL), \
    "hipDrvGraphAddMemsetNode(phGraphNode=0x*, hGraph=NULL, dependencies=NULL, " \
    "numDependencies=0, memsetParams=NULL, ctx=NULL) = hipErrorInvalidValue (graph is NULL)") \
  X(hipStreamGetCaptureInfo_v2, hipStreamCaptureStatus capture_status; \
    hipStreamGetCaptureInfo_v2(NULL, &capture_status, NULL, NULL, NULL, NULL), \
    "hipStreamGetCaptureInfo_v2(stream=*, captureStatus_out=*, id_out=NULL, graph_out=NULL, " \
    "dependencies_out=NULL, numDependencies_out=NULL) = hipSuccess") \
  X(hipStreamUpdateCaptureDependencies, hipStreamUpdateCaptureDependencies(NULL, NULL, 0, 0), \
    "hipStreamUpdateCaptureDependencies(stream=*, dependencies=*, numDependencies=0, flags=0) = " \
    "hipErrorIllegalState (stream * is not capturing)") \
  X(hipStreamBeginCaptureToGraph, \
    hipStreamBeginCaptureToGraph(w.stream, NULL, NULL, NULL, 0, hipStreamCaptureModeGlobal), \
    "hipStreamBeginCaptureToGraph(stream=*, graph=NULL, dependencies=*, dependencyData=NULL, " \
    "numDependencies=0, mode=*) = hipErrorInvalidValue (graph is NULL)")
/* clang-format on */

TRACE_CASES(CASE)

static const trace_case cases[MOCKHIP_API_COUNT] = {TRACE_CASES(ENTRY)};

static int calls_probe(void) {
  world_create();
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    if (cases[api].call == NULL)
      continue;
    fprintf(stderr, "=== %s\n", mockhip_api_name(api));
    fflush(stderr);
    cases[api].call();
  }
  printf("%ld\n", (long)getpid());
  return 0;
}

/* ---- the probe: one call per kind of teach note ---- */

static int notes_probe(void) {
  granule = mt_granularity();
  hipMemAllocationProp prop = device_prop(hipMemHandleTypeNone);
  char *range;
  hipMemGenericAllocationHandle_t handle;
  hipMemAddressReserve((void **)&range, 4 * granule, 0, NULL, 0);
  hipMemCreate(&handle, 2 * granule, &prop, 0);
  hipMemMap(range, 2 * granule, 0, handle, 0);
  fprintf(stderr, "=== host access\n");
  hipMemAccessDesc desc = {{hipMemLocationTypeDevice, 0}, hipMemAccessFlagsProtReadWrite};
  hipMemSetAccess(range, 2 * granule, &desc, 1);
  fprintf(stderr, "=== host access in a loop\n");
  for (int i = 0; i < 3; i++) /* said above: once per process, so no note here */
    hipMemSetAccess(range, 2 * granule, &desc, 1);
  fprintf(stderr, "=== copy without access\n");
  unsigned char host[64] = {0};
  hipSetDevice(1);
  hipMemcpyHtoD(range, host, sizeof host);
  hipSetDevice(0);
  char *two;
  hipMemGenericAllocationHandle_t first, second;
  hipMemAddressReserve((void **)&two, 2 * granule, 0, NULL, 0);
  hipMemCreate(&first, granule, &prop, 0);
  hipMemCreate(&second, granule, &prop, 0);
  hipMemMap(two, granule, 0, first, 0);
  hipMemMap(two + granule, granule, 0, second, 0);
  hipMemSetAccess(two, granule, &desc, 1);
  fprintf(stderr, "=== copy into an ungranted mapping\n");
  hipMemcpyHtoD(two + granule - 32, host, sizeof host);
  hipMemUnmap(two, 2 * granule);
  hipMemRelease(first);
  hipMemRelease(second);
  hipMemAddressFree(two, 2 * granule);
  fprintf(stderr, "=== copy spans\n");
  unsigned char *block;
  hipMalloc((void **)&block, granule);
  hipMemcpyHtoD(block + granule - 16, host, sizeof host);
  hipFree(block);
  fprintf(stderr, "=== partial set-access\n");
  hipMemSetAccess(range, granule, &desc, 1);
  fprintf(stderr, "=== set-access over a hole\n");
  hipMemSetAccess(range + 2 * granule, granule, &desc, 1);
  fprintf(stderr, "=== partial unmap\n");
  hipMemUnmap(range + granule, granule);
  fprintf(stderr, "=== unmap of unmapped memory\n");
  hipMemUnmap(range + 3 * granule, granule);
  fprintf(stderr, "=== release while mapped\n");
  hipMemRelease(handle);
  fprintf(stderr, "=== double release\n");
  hipMemRelease(handle);
  fprintf(stderr, "=== teardown order\n");
  hipMemAddressFree(range, 4 * granule);
  hipMemUnmap(range, 2 * granule);
  hipMemAddressFree(range, 4 * granule);
  fprintf(stderr, "=== use of a released handle\n");
  hipMemGenericAllocationHandle_t gone;
  hipMemCreate(&gone, granule, &prop, 0);
  hipMemRelease(gone);
  hipMemAllocationProp out;
  hipMemGetAllocationPropertiesFromHandle(&out, gone);
  fprintf(stderr, "=== free with mappings\n");
  hipMemAddressReserve((void **)&range, granule, 0, NULL, 0);
  hipMemCreate(&handle, granule, &prop, 0);
  hipMemMap(range, granule, 0, handle, 0);
  hipMemAddressFree(range, granule);
  hipMemUnmap(range, granule);
  hipMemRelease(handle);
  hipMemAddressFree(range, granule);
  fprintf(stderr, "=== address free with a smaller size\n");
  hipMemAddressReserve((void **)&range, 2 * granule, 0, NULL, 0);
  hipMemAddressFree(range, granule);
  fprintf(stderr, "=== hint not honoured\n");
  char *taken, *placed;
  hipMemAddressReserve((void **)&taken, granule, 0, NULL, 0);
  hipMemAddressReserve((void **)&placed, granule, 0, taken, 0); /* the hint is taken */
  hipMemAddressFree(placed, granule);
  hipMemAddressFree(taken, granule);
  fprintf(stderr, "=== import with handle type None\n");
  hipMemAllocationProp shared = device_prop(hipMemHandleTypePosixFileDescriptor);
  /* Before 6.2 nothing is exportable: the calls then fail on these NULLs and -1. */
  hipMemGenericAllocationHandle_t exported = NULL, imported = NULL;
  int fd = -1;
  hipMemCreate(&exported, granule, &shared, 0);
  hipMemExportToShareableHandle(&fd, exported, hipMemHandleTypePosixFileDescriptor, 0);
  hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd, hipMemHandleTypeNone);
  hipMemRelease(imported);
  fprintf(stderr, "=== import with handle type Win32\n");
  hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd, hipMemHandleTypeWin32);
  hipMemRelease(imported);
  fprintf(stderr, "=== import with handle type PosixFileDescriptor\n");
  hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd,
                                  hipMemHandleTypePosixFileDescriptor);
  hipMemRelease(imported);
  hipMemRelease(exported);
  close(fd);
  fprintf(stderr, "=== widened set-access\n");
  hipMemGenericAllocationHandle_t left, right;
  hipMemAddressReserve((void **)&range, 4 * granule, 0, NULL, 0);
  hipMemCreate(&left, 2 * granule, &prop, 0);
  hipMemCreate(&right, 2 * granule, &prop, 0);
  hipMemMap(range, 2 * granule, 0, left, 0);
  hipMemMap(range + 2 * granule, 2 * granule, 0, right, 0);
  hipMemSetAccess(range + granule, 2 * granule, &desc, 1);
  fprintf(stderr, "=== release while mapped, again\n");
  hipMemRelease(left);
  hipMemRelease(right);
  hipMemUnmap(range, 2 * granule);
  hipMemUnmap(range + 2 * granule, 2 * granule);
  hipMemAddressFree(range, 4 * granule);
  fprintf(stderr, "=== end\n");
  return 0;
}

/* ---- the checks ---- */

/* The line after "=== marker\n" in text that starts with start, or NULL before the next
   marker. */
static const char *line_after(const char *text, const char *marker, const char *start) {
  char heading[128];
  snprintf(heading, sizeof heading, "=== %s\n", marker);
  const char *at = strstr(text, heading);
  if (at == NULL)
    return NULL;
  for (at += strlen(heading); *at != '\0' && strncmp(at, "=== ", 4) != 0;) {
    if (strncmp(at, start, strlen(start)) == 0)
      return at;
    const char *end = strchr(at, '\n');
    at = end ? end + 1 : at + strlen(at);
  }
  return NULL;
}

static void print_line(const char *what, const char *line) {
  int len = line == NULL ? 6 : (int)strcspn(line, "\n");
  print_error("%s: %.*s\n", what, len, line == NULL ? "(none)" : line);
}

static char *run_probe(const char *mode, const char *option, char **out_text) {
  const char *argv[] = {self, mode, NULL};
  const char *env[] = {option, "MOCKHIP_DEVICES=2", NULL};
  char *err_text;
  assert_true(mt_exited_ok(mt_run_program(argv, env, out_text, &err_text)));
  return err_text;
}

/* Every entry point has a case, and in the probe's err_text its line is the expected one, after
   `prefix`. */
static void check_every_line(const char *err_text, const char *prefix) {
  int wrong = 0;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    const char *name = mockhip_api_name(api);
    if (cases[api].call == NULL) {
      print_error("%s has no case in TRACE_CASES\n", name);
      wrong++;
      continue;
    }
    char start[160], pattern[1024];
    snprintf(start, sizeof start, "%smockhip: %s(", prefix, name);
    snprintf(pattern, sizeof pattern, "%smockhip: %s", prefix, cases[api].expected);
    const char *line = line_after(err_text, name, start);
    if (line == NULL || !mt_matches(pattern, line)) {
      print_line(name, line);
      print_error("  expected: %s\n", pattern);
      wrong++;
    }
  }
  assert_int_equal(wrong, 0);
}

static void test_trace_decodes_every_entry_point(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_CALLS, "MOCKHIP_TRACE=1", &out_text);
  check_every_line(err_text, "");
  free(out_text);
  free(err_text);
}

/* Teach mode: the same lines, each after the probe's pid. */
static void test_teach_prefixes_the_pid(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_CALLS, "MOCKHIP_TEACH=1", &out_text);
  char prefix[48];
  snprintf(prefix, sizeof prefix, "[pid %ld] ", strtol(out_text, NULL, 10));
  assert_true(strtol(out_text, NULL, 10) > 0);
  /* every line but the probe's markers carries the prefix */
  int lines = 0, prefixed = 0;
  for (const char *at = err_text; *at != '\0';) {
    if (strncmp(at, "=== ", 4) != 0) {
      lines++;
      prefixed += strncmp(at, prefix, strlen(prefix)) == 0;
    }
    const char *end = strchr(at, '\n');
    at = end ? end + 1 : at + strlen(at);
  }
  assert_true(lines > MOCKHIP_API_COUNT);
  assert_int_equal(prefixed, lines);
  check_every_line(err_text, prefix);
  free(out_text);
  free(err_text);
}

/* Without a trace option nothing is printed, and plain tracing prints no teach notes. */
static void test_quiet_without_trace(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_CALLS, "MOCKHIP_STRICT=0", &out_text);
  assert_int_equal(mt_count_lines_starting(err_text, "mockhip:"), 0);
  free(out_text);
  free(err_text);
  err_text = run_probe(PROBE_NOTES, "MOCKHIP_TRACE=1", &out_text);
  assert_null(strstr(err_text, "mockhip: teach:"));
  assert_null(strstr(err_text, "[pid "));
  free(out_text);
  free(err_text);
}

typedef struct note_case {
  const char *marker;
  const char *call; /* the traced call the note follows */
  const char *note; /* the note's text after "mockhip: teach: on the newest ROCm: " */
} note_case;

static const note_case notes[] = {
    {"host access", "hipMemSetAccess(",
     "the host has no access, so the CPU cannot read or write this memory until hipMemSetAccess "
     "grants it {hipMemLocationTypeHost, 0} access (docs/hip-vmm-semantics.md b.11, a.8#9)"},
    {"copy into an ungranted mapping", "hipMemcpyHtoD(",
     "ROCm checks the device's access to the mapping at the copy's address only: this copy runs "
     "on into a mapping the device was not granted, where a GPU may fault; grant every mapping "
     "of the range (docs/hip-vmm-semantics.md a.8#10)"},
    {"copy spans", "hipMemcpyHtoD(",
     "a copy is checked against nothing: it runs into whatever lies past the memory object, or "
     "the GPU faults there (docs/hip-vmm-semantics.md a.8)"},
    {"partial set-access", "hipMemSetAccess(",
     "hipMemSetAccess counts size from the start of the mapping that contains ptr: an interior "
     "ptr is taken back to that start, so bytes before it are granted too and the call returns "
     "hipSuccess, and a size that does not add up to whole mappings answers hipErrorInvalidValue; "
     "pass each mapping's own base and size (docs/hip-vmm-semantics.md a.8#3)"},
    {"widened set-access", "hipMemSetAccess(",
     "hipMemSetAccess counts size from the start of the mapping that contains ptr: an interior "
     "ptr is taken back to that start, so bytes before it are granted too and the call returns "
     "hipSuccess, and a size that does not add up to whole mappings answers hipErrorInvalidValue; "
     "pass each mapping's own base and size (docs/hip-vmm-semantics.md a.8#3)"},
    {"set-access over a hole", "hipMemSetAccess(",
     "hipMemSetAccess over unmapped address space answers hipErrorInvalidValue: every byte of "
     "[ptr, ptr+size) must be mapped (docs/hip-vmm-semantics.md a.8#5)"},
    {"partial unmap", "hipMemUnmap(",
     "hipMemUnmap answers hipErrorInvalidValue unless size adds up to whole mappings, from the "
     "start of the one that contains ptr (docs/hip-vmm-semantics.md a.7#3)"},
    {"unmap of unmapped memory", "hipMemUnmap(",
     "hipMemUnmap of an address no mapping holds answers hipErrorInvalidValue, as here "
     "(docs/hip-vmm-semantics.md a.7#2)"},
    {"release while mapped", "hipMemRelease(",
     "releasing a mapped handle is fine: the memory lives on until its last mapping is unmapped, "
     "and until then the handle may be mapped again, but not released again "
     "(docs/hip-vmm-semantics.md a.5#3, b.2)"},
    {"double release", "hipMemRelease(",
     "hipMemRelease checks nothing: it returns hipSuccess and drops the reference the mapping "
     "holds, so HIP frees its allocation object now, while the mapping still uses the memory, and "
     "the hipMemUnmap after reads that freed object (docs/hip-vmm-semantics.md a.5#2, b.1)"},
    {"teardown order", "hipMemAddressFree(",
     "ROCr refuses to free a reservation while it has mappings, released handles or not "
     "(RESOURCE_FREE): hipMemAddressFree answers hipErrorUnknown and HIP drops its record of the "
     "range, so the address space is lost until the process ends "
     "(docs/hip-vmm-semantics.md a.3#5, b.7, e.8)"},
    {"use of a released handle", "hipMemGetAllocationPropertiesFromHandle(",
     "hipMemGetAllocationPropertiesFromHandle checks nothing: the handle points at freed memory, "
     "so this call reads freed memory and may crash later, far from here "
     "(docs/hip-vmm-semantics.md a.5#2)"},
    {"free with mappings", "hipMemAddressFree(",
     "ROCr refuses to free a reservation while it has mappings, released handles or not "
     "(RESOURCE_FREE): hipMemAddressFree answers hipErrorUnknown and HIP drops its record of the "
     "range, so the address space is lost until the process ends "
     "(docs/hip-vmm-semantics.md a.3#5, b.7, e.8)"},
    {"address free with a smaller size", "hipMemAddressFree(",
     "hipMemAddressFree freed all of reservation#* (* bytes) though size * is not its size, and "
     "returned hipSuccess: it finds the reservation by containment and checks no size; pass the "
     "ptr and size hipMemAddressReserve gave and took (CUDA refuses any other) "
     "(docs/hip-vmm-semantics.md a.3#3, a.3#4)"},
    {"hint not honoured", "hipMemAddressReserve(",
     "hipMemAddressReserve took addr 0x* as a hint only and placed the reservation elsewhere "
     "(the hint meets address space HIP already manages), returning hipSuccess: compare *ptr "
     "with addr, and free and reserve again (or reserve without a hint) when the place matters "
     "(docs/hip-vmm-semantics.md a.2#6)"},
    {"import with handle type None", "hipMemImportFromShareableHandle(",
     "hipMemImportFromShareableHandle checks no shHandleType: hipMemHandleTypeNone was taken for "
     "a file descriptor and the call returned hipSuccess; pass "
     "hipMemHandleTypePosixFileDescriptor, the type ROCm on Linux shares by "
     "(docs/hip-vmm-semantics.md a.13#4)"},
    {"import with handle type Win32", "hipMemImportFromShareableHandle(",
     "hipMemImportFromShareableHandle checks no shHandleType: hipMemHandleTypeWin32 was taken for "
     "a file descriptor and the call returned hipSuccess; pass "
     "hipMemHandleTypePosixFileDescriptor, the type ROCm on Linux shares by "
     "(docs/hip-vmm-semantics.md a.13#4)"},
};

/* Each note follows its call's trace line, with the pid before it. */
static void test_teach_notes(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_NOTES, "MOCKHIP_TEACH=1", &out_text);
  int wrong = 0;
  for (size_t i = 0; i < sizeof notes / sizeof notes[0]; i++) {
    char note[640];
    snprintf(note, sizeof note, "[pid *] mockhip: teach: on the newest ROCm: %s", notes[i].note);
    /* the call's line, then its note on the next line */
    const char *line = line_after(err_text, notes[i].marker, "[pid ");
    while (line != NULL && strncmp(line, "=== ", 4) != 0 && !mt_matches(note, line))
      line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL;
    bool found = line != NULL && mt_matches(note, line);
    if (!found) {
      print_error("no note after \"=== %s\": expected %s\n", notes[i].marker, note);
      wrong++;
    }
  }
  if (wrong != 0)
    print_error("the probe's stderr:\n%s", err_text);
  assert_int_equal(wrong, 0);
  free(out_text);
  free(err_text);
}

/* Lines of text from the line after marker's up to the next marker that contain part. */
static int count_in_block(const char *text, const char *marker, const char *part) {
  char start[96];
  snprintf(start, sizeof start, "=== %s\n", marker);
  const char *at = strstr(text, start);
  int count = 0;
  for (at = at ? at + strlen(start) : NULL; at && *at && strncmp(at, "=== ", 4) != 0;) {
    const char *end = strchr(at, '\n');
    size_t len = end ? (size_t)(end - at) : strlen(at);
    count += memmem(at, len, part, strlen(part)) != NULL;
    at = end ? end + 1 : NULL;
  }
  return count;
}

/* The host-access note is said once per process, however often and wherever it applies. */
static void test_teach_host_note_once_per_process(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_NOTES, "MOCKHIP_TEACH=1", &out_text);
  assert_int_equal(count_in_block(err_text, "host access in a loop", "mockhip: hipMemSetAccess("),
                   3);
  assert_int_equal(count_in_block(err_text, "host access in a loop", "the host has no access"), 0);
  int said = 0;
  for (const char *at = err_text; (at = strstr(at, "the host has no access")) != NULL; at++)
    said++;
  assert_int_equal(said, 1);
  free(out_text);
  free(err_text);
}

/* The notes of silent successes come only where the call was wrong, and the release-while-mapped
   note once per process, like the host-access note. */
static void test_teach_notes_only_where_wrong(void **state) {
  (void)state;
  char *out_text;
  char *err_text = run_probe(PROBE_NOTES, "MOCKHIP_TEACH=1", &out_text);
  assert_int_equal(
      count_in_block(err_text, "import with handle type PosixFileDescriptor", "teach:"), 0);
  assert_int_equal(count_in_block(err_text, "release while mapped, again", "teach:"), 0);
  int said = 0;
  for (const char *at = err_text; (at = strstr(at, "releasing a mapped handle is fine")) != NULL;
       at++)
    said++;
  assert_int_equal(said, 1);
  free(out_text);
  free(err_text);
}

/* Whether the block after marker holds a line matching pattern. */
static bool block_has(const char *err_text, const char *marker, const char *pattern) {
  const char *line = line_after(err_text, marker, "[pid ");
  bool found = false;
  for (; line != NULL && strncmp(line, "=== ", 4) != 0; line = strchr(line, '\n') + 1)
    found |= mt_matches(pattern, line);
  return found;
}

/* The note names the played release, and a release that crashes says so; before 6.3 a copy
   without access is one ROCm lets through (copy_access `none`), and the newest refuses it with
   no note. */
static void test_teach_note_names_the_release(void **state) {
  (void)state;
  const char *argv[] = {self, PROBE_NOTES, NULL};
  const char *env[] = {"MOCKHIP_TEACH=1", "MOCKHIP_DEVICES=2", "MOCKHIP_ROCM_VERSION=6.1", NULL};
  char *out_text, *err_text;
  assert_true(mt_exited_ok(mt_run_program(argv, env, &out_text, &err_text)));
  bool found = block_has(err_text, "free with mappings",
                         "[pid *] mockhip: teach: on ROCm 6.1: ROCr refuses to free a "
                         "reservation while it has mappings, released handles or not "
                         "(RESOURCE_FREE), yet hipMemAddressFree returns hipSuccess and HIP "
                         "drops its record of the range: the reservation and its mappings stay, "
                         "unreachable, until the process ends (docs/hip-vmm-semantics.md a.3#5, "
                         "b.7, e.8)") &&
               block_has(err_text, "copy without access",
                         "[pid *] mockhip: teach: on ROCm 6.1: before 6.3 no access check stops "
                         "a copy: the device writes the mapping anyway, or faults, and the call "
                         "returns hipSuccess (docs/hip-vmm-semantics.md a.8#10)") &&
               block_has(err_text, "widened set-access",
                         "[pid *] mockhip: hipMemSetAccess(*) = hipSuccess") &&
               block_has(err_text, "widened set-access",
                         "[pid *] mockhip: teach: on ROCm 6.1: hipMemSetAccess widens a range "
                         "that starts or ends inside a mapping to the whole mappings it touches "
                         "and returns hipSuccess: bytes outside the range are granted too; pass "
                         "each mapping's own base and size (docs/hip-vmm-semantics.md a.8#3)");
  if (!found)
    print_error("the probe's stderr:\n%s", err_text);
  assert_true(found);
  free(out_text);
  free(err_text);
  err_text = run_probe(PROBE_NOTES, "MOCKHIP_TEACH=1", &out_text);
  assert_false(block_has(err_text, "copy without access", "[pid *] mockhip: teach: *"));
  assert_true(block_has(err_text, "copy without access",
                        "[pid *] mockhip: hipMemcpyHtoD(*) = hipErrorUnknown (*"));
  free(out_text);
  free(err_text);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], PROBE_CALLS) == 0)
    return calls_probe();
  if (argc == 2 && strcmp(argv[1], PROBE_NOTES) == 0)
    return notes_probe();
  self = argv[0];
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trace_decodes_every_entry_point),
      cmocka_unit_test(test_teach_prefixes_the_pid),
      cmocka_unit_test(test_quiet_without_trace),
      cmocka_unit_test(test_teach_notes),
      cmocka_unit_test(test_teach_note_names_the_release),
      cmocka_unit_test(test_teach_host_note_once_per_process),
      cmocka_unit_test(test_teach_notes_only_where_wrong),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
