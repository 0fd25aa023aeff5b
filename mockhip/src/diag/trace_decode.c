/*
 * trace_decode.c: arguments as a learner reads them. Enums by name, structs by
 * field, sizes in granules and bytes, pointers as "reservation#2+0x4000",
 * handles, streams, events and graphs as "handle#3". Called only while calls
 * are traced (mh__leave is a macro), so decoding costs nothing otherwise.
 *
 * Enum values are written through the names every supported header has (or the
 * compat header's), since the tables must compile against ROCm 5.2's too.
 */
#include <stdio.h>
#include <string.h>

#include "diag/diag.h"

/* Enough buffers for every decoded argument of one call. */
#define RING_SLOTS 16

static _Thread_local char ring[RING_SLOTS][MH_DECODED_BYTES];
static _Thread_local unsigned ring_next;

static char *next_slot(void) { return ring[ring_next++ % RING_SLOTS]; }

__attribute__((format(printf, 1, 2))) static const char *text(const char *fmt, ...) {
  char *out = next_slot();
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out, MH_DECODED_BYTES, fmt, ap);
  va_end(ap);
  return out;
}

typedef struct named {
  int value;
  const char *name;
} named;

#define COUNT(table) (sizeof(table) / sizeof((table)[0]))

/* table's name for value, or "<value> (not a <what>)". */
static const char *name_in(const named *table, size_t count, int value, const char *what) {
  for (size_t i = 0; i < count; i++)
    if (table[i].value == value)
      return table[i].name;
  return text("%d (not a %s)", value, what);
}

/* ---- addresses ---- */

static void describe_locked(const void *ptr, char *out, size_t out_bytes) {
  mh_state *s = mh__state();
  mh__lock_read();
  mh__describe_addr(s, (uintptr_t)ptr, out, out_bytes);
  mh__unlock();
}

const char *mh__d_ptr(const void *ptr) {
  char *out = next_slot();
  describe_locked(ptr, out, MH_DECODED_BYTES);
  return out;
}

void mh__d_ptr_early(const void *ptr, char out[MH_DECODED_BYTES]) {
  out[0] = '\0';
  if (mh__tracing())
    describe_locked(ptr, out, MH_DECODED_BYTES);
}

/* "name -> value" after a success that wrote *out, else "name=<address of out>". */
static bool written(const void *out, hipError_t err) { return out != NULL && err == hipSuccess; }

static const char *unwritten(const char *name, const void *out) {
  return out == NULL ? text("%s=NULL", name) : text("%s=%p", name, out);
}

const char *mh__d_out_ptr(const char *name, void *const *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_ptr(*out)) : unwritten(name, out);
}

/* ---- sizes ---- */

/* "2 MiB", "4 KiB", or "" when bytes is no whole number of KiB. */
static const char *human(size_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  const char *unit = NULL;
  size_t value = bytes;
  for (size_t i = 0; i < COUNT(units) && value != 0 && value % 1024 == 0; i++) {
    value /= 1024;
    unit = units[i];
  }
  return unit == NULL ? "" : text("%zu %s", value, unit);
}

const char *mh__d_bytes(size_t bytes) {
  const char *h = human(bytes);
  return h[0] == '\0' ? text("%zu", bytes) : text("%zu (%s)", bytes, h);
}

const char *mh__d_vmm_bytes(size_t bytes) {
  size_t granularity = mh__state()->options.granularity;
  if (bytes == 0)
    return "0";
  if (bytes % granularity != 0)
    return text("%zu (not a whole number of %zu-byte granules)", bytes, granularity);
  size_t granules = bytes / granularity;
  return text("%zu (%zu granule%s, %s)", bytes, granules, granules == 1 ? "" : "s", human(bytes));
}

const char *mh__d_out_size(const char *name, const size_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %zu", name, *out) : unwritten(name, out);
}

const char *mh__d_out_bytes(const char *name, const size_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_bytes(*out)) : unwritten(name, out);
}

const char *mh__d_out_int(const char *name, const int *out, hipError_t err) {
  return written(out, err) ? text("%s -> %d", name, *out) : unwritten(name, out);
}

const char *mh__d_out_unsigned(const char *name, const unsigned *out, hipError_t err) {
  return written(out, err) ? text("%s -> %#x", name, *out) : unwritten(name, out);
}

/* ---- ids ---- */

static const char *id_text(const void *value, mh_id_kind kind, const char *word) {
  if (value == NULL)
    return "NULL";
  unsigned long long number = mh__id_number((uint64_t)(uintptr_t)value, kind);
  return number == 0 ? text("%p (not a %s)", value, word) : text("%s#%llu", word, number);
}

const char *mh__d_handle(hipMemGenericAllocationHandle_t handle) {
  return id_text((const void *)handle, MH_ID_HANDLE, "handle");
}

const char *mh__d_out_handle(const char *name, const hipMemGenericAllocationHandle_t *out,
                             hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_handle(*out)) : unwritten(name, out);
}

const char *mh__d_stream(hipStream_t stream) {
  if (stream == NULL)
    return "NULL (the null stream)";
  if (stream == hipStreamPerThread)
    return "hipStreamPerThread";
  if (stream == HIPVMM_STREAM_LEGACY)
    return "hipStreamLegacy";
  return id_text((const void *)stream, MH_ID_STREAM, "stream");
}

const char *mh__d_out_stream(const char *name, const hipStream_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_stream(*out)) : unwritten(name, out);
}

const char *mh__d_event(hipEvent_t event) {
  return id_text((const void *)event, MH_ID_EVENT, "event");
}

const char *mh__d_out_event(const char *name, const hipEvent_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_event(*out)) : unwritten(name, out);
}

const char *mh__d_graph(hipGraph_t graph) {
  return id_text((const void *)graph, MH_ID_GRAPH, "graph");
}

const char *mh__d_out_graph(const char *name, const hipGraph_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_graph(*out)) : unwritten(name, out);
}

const char *mh__d_graph_node(hipGraphNode_t node) {
  return id_text((const void *)node, MH_ID_GRAPH_NODE, "node");
}

const char *mh__d_out_graph_node(const char *name, const hipGraphNode_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_graph_node(*out)) : unwritten(name, out);
}

const char *mh__d_graph_exec(hipGraphExec_t exec) {
  return id_text((const void *)exec, MH_ID_GRAPH_EXEC, "graphExec");
}

const char *mh__d_out_graph_exec(const char *name, const hipGraphExec_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_graph_exec(*out)) : unwritten(name, out);
}

#define SHOWN_NODES 4

const char *mh__d_nodes(const hipGraphNode_t *nodes, size_t count) {
  if (nodes == NULL)
    return "NULL";
  if (count == 0)
    return text("%p", (const void *)nodes);
  char *out = next_slot();
  size_t used = (size_t)snprintf(out, MH_DECODED_BYTES, "[");
  for (size_t i = 0; i < count && i < SHOWN_NODES && used < MH_DECODED_BYTES; i++)
    used += (size_t)snprintf(out + used, MH_DECODED_BYTES - used, "%s%s", i == 0 ? "" : ", ",
                             mh__d_graph_node(nodes[i]));
  if (count > SHOWN_NODES && used < MH_DECODED_BYTES)
    used += (size_t)snprintf(out + used, MH_DECODED_BYTES - used, ", ... (%zu more)",
                             count - SHOWN_NODES);
  if (used < MH_DECODED_BYTES)
    snprintf(out + used, MH_DECODED_BYTES - used, "]");
  return out;
}

/* A context is one device's primary context: "context of device 1". */
const char *mh__d_ctx(hipCtx_t ctx) {
  if (ctx == NULL)
    return "NULL";
  int device = mh__context_device(ctx);
  return device < 0 ? text("%p (not a context)", (void *)ctx)
                    : text("context of device %d", device);
}

const char *mh__d_out_ctx(const char *name, const hipCtx_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_ctx(*out)) : unwritten(name, out);
}

const char *mh__d_pool(hipMemPool_t pool) {
  return id_text((const void *)pool, MH_ID_POOL, "pool");
}

const char *mh__d_out_pool(const char *name, const hipMemPool_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_pool(*out)) : unwritten(name, out);
}

/* ---- VMM structs and enums ---- */

static const named location_types[] = {
    {(int)hipMemLocationTypeDevice, "Device"},
    {(int)HIPVMM_LOCATION_HOST, "Host"},
    {(int)HIPVMM_LOCATION_HOST_NUMA, "HostNuma"},
    {(int)HIPVMM_LOCATION_HOST_NUMA_CURRENT, "HostNumaCurrent"},
    {0, "None"},
};

static const named allocation_types[] = {
    {(int)hipMemAllocationTypePinned, "Pinned"},
    {(int)HIPVMM_ALLOCATION_MANAGED, "Managed"},
    {(int)HIPVMM_ALLOCATION_UNCACHED, "Uncached"},
    {0, "Invalid"},
};

static const named handle_types[] = {
    {(int)hipMemHandleTypeNone, "None"},
    {(int)hipMemHandleTypePosixFileDescriptor, "PosixFileDescriptor"},
    {(int)hipMemHandleTypeWin32, "Win32"},
    {(int)hipMemHandleTypeWin32Kmt, "Win32Kmt"},
    {(int)HIPVMM_HANDLE_FABRIC, "Fabric"},
};

static const named access_flags[] = {
    {(int)hipMemAccessFlagsProtNone, "None"},
    {(int)hipMemAccessFlagsProtRead, "Read"},
    {(int)hipMemAccessFlagsProtReadWrite, "ReadWrite"},
};

/* {Device, 0}: the device and its id; a host location has no id worth showing. */
static const char *location_text(const hipMemLocation *location, bool comma) {
  const char *type =
      name_in(location_types, COUNT(location_types), (int)location->type, "hipMemLocationType");
  if (location->type == HIPVMM_LOCATION_HOST)
    return text("Host");
  return text(comma ? "%s, %d" : "%s %d", type, location->id);
}

const char *mh__d_location(const hipMemLocation *location) {
  return location == NULL ? "NULL" : text("{%s}", location_text(location, true));
}

const char *mh__d_prop(const hipMemAllocationProp *prop) {
  if (prop == NULL)
    return "NULL";
  return text(
      "{type=%s, location=%s, requestedHandleType=%s}",
      name_in(allocation_types, COUNT(allocation_types), (int)prop->type, "hipMemAllocationType"),
      mh__d_location(&prop->location),
      name_in(handle_types, COUNT(handle_types), (int)prop->requestedHandleType,
              "hipMemAllocationHandleType"));
}

const char *mh__d_pool_props(const hipMemPoolProps *props) {
  if (props == NULL)
    return "NULL";
  return text("{allocType=%s, handleTypes=%s, location=%s, maxSize=%zu}",
              name_in(allocation_types, COUNT(allocation_types), (int)props->allocType,
                      "hipMemAllocationType"),
              name_in(handle_types, COUNT(handle_types), (int)props->handleTypes,
                      "hipMemAllocationHandleType"),
              mh__d_location(&props->location), HIPVMM_POOL_MAX_SIZE(props));
}

static const named pool_attrs[] = {
    {(int)hipMemPoolReuseFollowEventDependencies, "hipMemPoolReuseFollowEventDependencies"},
    {(int)hipMemPoolReuseAllowOpportunistic, "hipMemPoolReuseAllowOpportunistic"},
    {(int)hipMemPoolReuseAllowInternalDependencies, "hipMemPoolReuseAllowInternalDependencies"},
    {(int)hipMemPoolAttrReleaseThreshold, "hipMemPoolAttrReleaseThreshold"},
    {(int)hipMemPoolAttrReservedMemCurrent, "hipMemPoolAttrReservedMemCurrent"},
    {(int)hipMemPoolAttrReservedMemHigh, "hipMemPoolAttrReservedMemHigh"},
    {(int)hipMemPoolAttrUsedMemCurrent, "hipMemPoolAttrUsedMemCurrent"},
    {(int)hipMemPoolAttrUsedMemHigh, "hipMemPoolAttrUsedMemHigh"},
};

const char *mh__d_pool_attr(int attr) {
  return name_in(pool_attrs, COUNT(pool_attrs), attr, "hipMemPoolAttr");
}

/* The Reuse attributes are ints, the others uint64_t; an unknown one is not read. */
static const char *pool_value_text(int attr, const void *value) {
  if (attr >= (int)hipMemPoolReuseFollowEventDependencies &&
      attr <= (int)hipMemPoolReuseAllowInternalDependencies) {
    int flag;
    memcpy(&flag, value, sizeof flag);
    return text("%d", flag);
  }
  if (attr >= (int)hipMemPoolAttrReleaseThreshold && attr <= (int)hipMemPoolAttrUsedMemHigh) {
    uint64_t wide;
    memcpy(&wide, value, sizeof wide);
    return wide == UINT64_MAX ? "UINT64_MAX" : mh__d_bytes((size_t)wide);
  }
  return text("%p", value);
}

const char *mh__d_pool_value(int attr, const void *value) {
  return value == NULL ? "value=NULL" : text("*value=%s", pool_value_text(attr, value));
}

const char *mh__d_out_pool_value(int attr, const void *value, hipError_t err) {
  return written(value, err) ? text("value -> %s", pool_value_text(attr, value))
                             : unwritten("value", value);
}

const char *mh__d_out_access_flags(const char *name, const hipMemAccessFlags *out, hipError_t err) {
  if (!written(out, err))
    return unwritten(name, out);
  return text("%s -> %s", name,
              name_in(access_flags, COUNT(access_flags), (int)*out, "hipMemAccessFlags"));
}

/* At most this many descriptors are shown; the rest are counted. */
#define SHOWN_DESCS 4

const char *mh__d_desc(const hipMemAccessDesc *desc, size_t count) {
  if (desc == NULL)
    return "desc=NULL";
  char *out = next_slot();
  size_t used = 0;
  out[0] = '\0';
  for (size_t i = 0; i < count && i < SHOWN_DESCS && used < MH_DECODED_BYTES; i++)
    used += (size_t)snprintf(
        out + used, MH_DECODED_BYTES - used, "%sdesc[%zu]={%s, %s}", i == 0 ? "" : ", ", i,
        location_text(&desc[i].location, false),
        name_in(access_flags, COUNT(access_flags), (int)desc[i].flags, "hipMemAccessFlags"));
  if (count > SHOWN_DESCS && used < MH_DECODED_BYTES)
    snprintf(out + used, MH_DECODED_BYTES - used, ", ... (%zu more)", count - SHOWN_DESCS);
  if (count == 0)
    snprintf(out, MH_DECODED_BYTES, "desc=%p", (const void *)desc);
  return out;
}

const char *mh__d_out_access(const char *name, const unsigned long long *out, hipError_t err) {
  if (!written(out, err))
    return unwritten(name, out);
  return text("%s -> %s", name,
              name_in(access_flags, COUNT(access_flags), (int)*out, "hipMemAccessFlags"));
}

const char *mh__d_handle_type(int type) {
  static const named full[] = {
      {(int)hipMemHandleTypeNone, "hipMemHandleTypeNone"},
      {(int)hipMemHandleTypePosixFileDescriptor, "hipMemHandleTypePosixFileDescriptor"},
      {(int)hipMemHandleTypeWin32, "hipMemHandleTypeWin32"},
      {(int)hipMemHandleTypeWin32Kmt, "hipMemHandleTypeWin32Kmt"},
      {(int)HIPVMM_HANDLE_FABRIC, "hipMemHandleTypeFabric"},
  };
  return name_in(full, COUNT(full), type, "hipMemAllocationHandleType");
}

const char *mh__d_granularity_option(int option) {
  static const named options[] = {
      {(int)hipMemAllocationGranularityMinimum, "hipMemAllocationGranularityMinimum"},
      {(int)hipMemAllocationGranularityRecommended, "hipMemAllocationGranularityRecommended"},
  };
  return name_in(options, COUNT(options), option, "hipMemAllocationGranularity_flags");
}

/* An fd passed by value is a small number; anything else is taken for a pointer. */
#define FD_LIMIT (1 << 20)

const char *mh__d_os_handle(const void *os_handle) {
  uintptr_t value = (uintptr_t)os_handle;
  if (value < FD_LIMIT)
    return text("%lu (fd %lu by value)", (unsigned long)value, (unsigned long)value);
  return text("%p (a pointer)", os_handle);
}

const char *mh__d_out_fd(const char *name, const void *out, hipError_t err) {
  if (!written(out, err))
    return unwritten(name, out);
  int fd;
  memcpy(&fd, out, sizeof fd);
  return text("%s -> fd %d", name, fd);
}

/* ---- other enums ---- */

const char *mh__d_memcpy_kind(int kind) {
  static const named kinds[] = {
      {(int)hipMemcpyHostToHost, "hipMemcpyHostToHost"},
      {(int)hipMemcpyHostToDevice, "hipMemcpyHostToDevice"},
      {(int)hipMemcpyDeviceToHost, "hipMemcpyDeviceToHost"},
      {(int)hipMemcpyDeviceToDevice, "hipMemcpyDeviceToDevice"},
      {(int)hipMemcpyDefault, "hipMemcpyDefault"},
      {(int)HIPVMM_MEMCPY_DEVICE_TO_DEVICE_NO_CU, "hipMemcpyDeviceToDeviceNoCU"},
  };
  return name_in(kinds, COUNT(kinds), kind, "hipMemcpyKind");
}

const char *mh__d_pointer_attribute(int attribute) {
  static const named attributes[] = {
      {(int)HIP_POINTER_ATTRIBUTE_CONTEXT, "HIP_POINTER_ATTRIBUTE_CONTEXT"},
      {(int)HIP_POINTER_ATTRIBUTE_MEMORY_TYPE, "HIP_POINTER_ATTRIBUTE_MEMORY_TYPE"},
      {(int)HIP_POINTER_ATTRIBUTE_DEVICE_POINTER, "HIP_POINTER_ATTRIBUTE_DEVICE_POINTER"},
      {(int)HIP_POINTER_ATTRIBUTE_HOST_POINTER, "HIP_POINTER_ATTRIBUTE_HOST_POINTER"},
      {(int)HIP_POINTER_ATTRIBUTE_P2P_TOKENS, "HIP_POINTER_ATTRIBUTE_P2P_TOKENS"},
      {(int)HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS, "HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS"},
      {(int)HIP_POINTER_ATTRIBUTE_BUFFER_ID, "HIP_POINTER_ATTRIBUTE_BUFFER_ID"},
      {(int)HIP_POINTER_ATTRIBUTE_IS_MANAGED, "HIP_POINTER_ATTRIBUTE_IS_MANAGED"},
      {(int)HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL, "HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL"},
      {(int)HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE,
       "HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE"},
      {(int)HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR, "HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR"},
      {(int)HIP_POINTER_ATTRIBUTE_RANGE_SIZE, "HIP_POINTER_ATTRIBUTE_RANGE_SIZE"},
      {(int)HIP_POINTER_ATTRIBUTE_MAPPED, "HIP_POINTER_ATTRIBUTE_MAPPED"},
      {(int)HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES,
       "HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES"},
      {(int)HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE,
       "HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE"},
      {(int)HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS, "HIP_POINTER_ATTRIBUTE_ACCESS_FLAGS"},
      {(int)HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE, "HIP_POINTER_ATTRIBUTE_MEMPOOL_HANDLE"},
  };
  return name_in(attributes, COUNT(attributes), attribute, "hipPointer_attribute");
}

const char *mh__d_attribute(int attr) {
  static const named attributes[] = {
      {(int)HIPVMM_ATTRIBUTE_VMM, "hipDeviceAttributeVirtualMemoryManagementSupported"},
      {(int)hipDeviceAttributeTotalGlobalMem, "hipDeviceAttributeTotalGlobalMem"},
      {(int)hipDeviceAttributeComputeCapabilityMajor, "hipDeviceAttributeComputeCapabilityMajor"},
      {(int)hipDeviceAttributeComputeCapabilityMinor, "hipDeviceAttributeComputeCapabilityMinor"},
      {(int)hipDeviceAttributeMultiprocessorCount, "hipDeviceAttributeMultiprocessorCount"},
      {(int)hipDeviceAttributeWarpSize, "hipDeviceAttributeWarpSize"},
      {(int)hipDeviceAttributeMaxThreadsPerBlock, "hipDeviceAttributeMaxThreadsPerBlock"},
      {(int)hipDeviceAttributeClockRate, "hipDeviceAttributeClockRate"},
      {(int)hipDeviceAttributePciBusId, "hipDeviceAttributePciBusId"},
      {(int)hipDeviceAttributeUnifiedAddressing, "hipDeviceAttributeUnifiedAddressing"},
      {(int)hipDeviceAttributeCanMapHostMemory, "hipDeviceAttributeCanMapHostMemory"},
      {(int)hipDeviceAttributeManagedMemory, "hipDeviceAttributeManagedMemory"},
      {(int)hipDeviceAttributeConcurrentManagedAccess, "hipDeviceAttributeConcurrentManagedAccess"},
      {(int)hipDeviceAttributeMemoryPoolsSupported, "hipDeviceAttributeMemoryPoolsSupported"},
      {(int)HIPVMM_ATTRIBUTE_HOST_REGISTER, "hipDeviceAttributeHostRegisterSupported"},
      {(int)hipDeviceAttributeIsLargeBar, "hipDeviceAttributeIsLargeBar"},
      {(int)hipDeviceAttributeL2CacheSize, "hipDeviceAttributeL2CacheSize"},
      {(int)hipDeviceAttributeStreamPrioritiesSupported,
       "hipDeviceAttributeStreamPrioritiesSupported"},
  };
  for (size_t i = 0; i < COUNT(attributes); i++)
    if (attributes[i].value == attr)
      return text("%s (%d)", attributes[i].name, attr);
  return text("%d", attr);
}

const char *mh__d_p2p_attribute(int attr) {
  static const named attributes[] = {
      {(int)hipDevP2PAttrPerformanceRank, "hipDevP2PAttrPerformanceRank"},
      {(int)hipDevP2PAttrAccessSupported, "hipDevP2PAttrAccessSupported"},
      {(int)hipDevP2PAttrNativeAtomicSupported, "hipDevP2PAttrNativeAtomicSupported"},
      {(int)hipDevP2PAttrHipArrayAccessSupported, "hipDevP2PAttrHipArrayAccessSupported"},
  };
  return name_in(attributes, COUNT(attributes), attr, "hipDeviceP2PAttr");
}

const char *mh__d_capture_mode(int mode) {
  static const named modes[] = {
      {(int)hipStreamCaptureModeGlobal, "hipStreamCaptureModeGlobal"},
      {(int)hipStreamCaptureModeThreadLocal, "hipStreamCaptureModeThreadLocal"},
      {(int)hipStreamCaptureModeRelaxed, "hipStreamCaptureModeRelaxed"},
  };
  return name_in(modes, COUNT(modes), mode, "hipStreamCaptureMode");
}

/* ---- graphs ---- */

const char *mh__d_out_node_type(const char *name, const hipGraphNodeType *out, hipError_t err) {
  static const named types[] = {
      {(int)hipGraphNodeTypeKernel, "hipGraphNodeTypeKernel"},
      {(int)hipGraphNodeTypeMemcpy, "hipGraphNodeTypeMemcpy"},
      {(int)hipGraphNodeTypeMemset, "hipGraphNodeTypeMemset"},
      {(int)hipGraphNodeTypeHost, "hipGraphNodeTypeHost"},
      {(int)hipGraphNodeTypeGraph, "hipGraphNodeTypeGraph"},
      {(int)hipGraphNodeTypeEmpty, "hipGraphNodeTypeEmpty"},
      {(int)hipGraphNodeTypeWaitEvent, "hipGraphNodeTypeWaitEvent"},
      {(int)hipGraphNodeTypeEventRecord, "hipGraphNodeTypeEventRecord"},
      {(int)HIPVMM_NODE_MEM_ALLOC, "HIPVMM_NODE_MEM_ALLOC"},
      {(int)HIPVMM_NODE_MEM_FREE, "HIPVMM_NODE_MEM_FREE"},
  };
  if (!written(out, err))
    return unwritten(name, out);
  return text("%s -> %s", name, name_in(types, COUNT(types), (int)*out, "hipGraphNodeType"));
}

static const char *d_dim3(dim3 d) { return text("(%u, %u, %u)", d.x, d.y, d.z); }

const char *mh__d_address(const void *address) {
  return address == NULL ? "NULL" : text("%p", address);
}

const char *mh__d_kernel_node_params(const hipKernelNodeParams *p) {
  if (p == NULL)
    return "NULL";
  return text("{func=%s, gridDim=%s, blockDim=%s, sharedMemBytes=%u, kernelParams=%s, extra=%s}",
              mh__d_address(p->func), d_dim3(p->gridDim), d_dim3(p->blockDim), p->sharedMemBytes,
              mh__d_address((void *)p->kernelParams), mh__d_address((void *)p->extra));
}

const char *mh__d_memset_params(const hipMemsetParams *p) {
  if (p == NULL)
    return "NULL";
  return text("{dst=%s, elementSize=%u, width=%zu, height=%zu, pitch=%zu, value=%#x}",
              mh__d_ptr(p->dst), p->elementSize, p->width, p->height, p->pitch, p->value);
}

const char *mh__d_host_node_params(const hipHostNodeParams *p) {
  if (p == NULL)
    return "NULL";
  return text("{fn=%s, userData=%s}", mh__d_address((const void *)(uintptr_t)p->fn),
              mh__d_address(p->userData));
}

const char *mh__d_instantiate_flags(unsigned long long flags) {
  switch (flags) {
  case 0: return "0";
  case HIPVMM_INSTANTIATE_AUTO_FREE_ON_LAUNCH: return "hipGraphInstantiateFlagAutoFreeOnLaunch";
  case HIPVMM_INSTANTIATE_UPLOAD: return "hipGraphInstantiateFlagUpload";
  case HIPVMM_INSTANTIATE_DEVICE_LAUNCH: return "hipGraphInstantiateFlagDeviceLaunch";
  case HIPVMM_INSTANTIATE_USE_NODE_PRIORITY: return "hipGraphInstantiateFlagUseNodePriority";
  default: return text("%#llx (not a hipGraphInstantiateFlags)", flags);
  }
}

/* ---- arrays and strided copies ---- */

const char *mh__d_array(hipArray_const_t array) {
  return id_text((const void *)array, MH_ID_ARRAY, "array");
}

const char *mh__d_out_array(const char *name, const hipArray_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_array(*out)) : unwritten(name, out);
}

const char *mh__d_channel_desc(const hipChannelFormatDesc *desc) {
  static const named kinds[] = {
      {(int)hipChannelFormatKindSigned, "Signed"},
      {(int)hipChannelFormatKindUnsigned, "Unsigned"},
      {(int)hipChannelFormatKindFloat, "Float"},
      {(int)hipChannelFormatKindNone, "None"},
  };
  if (desc == NULL)
    return "NULL";
  return text("{%d, %d, %d, %d, %s}", desc->x, desc->y, desc->z, desc->w,
              name_in(kinds, COUNT(kinds), (int)desc->f, "hipChannelFormatKind"));
}

const char *mh__d_array_flags(unsigned flags) {
  static const named bits[] = {
      {hipArrayLayered, "hipArrayLayered"},
      {hipArraySurfaceLoadStore, "hipArraySurfaceLoadStore"},
      {hipArrayCubemap, "hipArrayCubemap"},
      {hipArrayTextureGather, "hipArrayTextureGather"},
  };
  if (flags == hipArrayDefault)
    return "hipArrayDefault";
  char *out = next_slot();
  size_t used = 0;
  unsigned left = flags;
  for (size_t i = 0; i < COUNT(bits); i++)
    if (flags & (unsigned)bits[i].value) {
      used += (size_t)snprintf(out + used, MH_DECODED_BYTES - used, "%s%s", used ? "|" : "",
                               bits[i].name);
      left &= ~(unsigned)bits[i].value;
    }
  if (left != 0)
    snprintf(out + used, MH_DECODED_BYTES - used, "%s%#x", used ? "|" : "", left);
  return out;
}

const char *mh__d_extent(hipExtent extent) {
  return text("(%zu, %zu, %zu)", extent.width, extent.height, extent.depth);
}

static const char *array_format(int format) {
  static const named formats[] = {
      {HIP_AD_FORMAT_UNSIGNED_INT8, "UNSIGNED_INT8"},
      {HIP_AD_FORMAT_UNSIGNED_INT16, "UNSIGNED_INT16"},
      {HIP_AD_FORMAT_UNSIGNED_INT32, "UNSIGNED_INT32"},
      {HIP_AD_FORMAT_SIGNED_INT8, "SIGNED_INT8"},
      {HIP_AD_FORMAT_SIGNED_INT16, "SIGNED_INT16"},
      {HIP_AD_FORMAT_SIGNED_INT32, "SIGNED_INT32"},
      {HIP_AD_FORMAT_HALF, "HALF"},
      {HIP_AD_FORMAT_FLOAT, "FLOAT"},
  };
  return name_in(formats, COUNT(formats), format, "hipArray_Format");
}

const char *mh__d_array_desc(const HIP_ARRAY_DESCRIPTOR *desc) {
  if (desc == NULL)
    return "NULL";
  return text("{Width=%zu, Height=%zu, Format=%s, NumChannels=%u}", (size_t)desc->Width,
              (size_t)desc->Height, array_format((int)desc->Format), desc->NumChannels);
}

const char *mh__d_array3d_desc(const HIP_ARRAY3D_DESCRIPTOR *desc) {
  if (desc == NULL)
    return "NULL";
  return text("{Width=%zu, Height=%zu, Depth=%zu, Format=%s, NumChannels=%u, Flags=%s}",
              (size_t)desc->Width, (size_t)desc->Height, (size_t)desc->Depth,
              array_format((int)desc->Format), desc->NumChannels, mh__d_array_flags(desc->Flags));
}

static const char *pitched(hipPitchedPtr p) {
  return text("{ptr=%s, pitch=%zu, xsize=%zu, ysize=%zu}", mh__d_ptr(p.ptr), p.pitch, p.xsize,
              p.ysize);
}

const char *mh__d_pitched(hipPitchedPtr p) { return pitched(p); }

const char *mh__d_out_pitched(const char *name, const hipPitchedPtr *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, pitched(*out)) : unwritten(name, out);
}

static const char *memory_type(int type) {
  static const named types[] = {
      {(int)hipMemoryTypeHost, "Host"},
      {(int)hipMemoryTypeDevice, "Device"},
      {(int)hipMemoryTypeArray, "Array"},
      {(int)hipMemoryTypeUnified, "Unified"},
  };
  return name_in(types, COUNT(types), type, "hipMemoryType");
}

/* One side of a driver-form copy: what its memory type says it is, at (x, y[, z]). */
static const char *typed_side(int type, const void *host, const void *device,
                              hipArray_const_t array) {
  if (type == (int)hipMemoryTypeArray)
    return mh__d_array(array);
  return text("%s %s", memory_type(type),
              mh__d_ptr(type == (int)hipMemoryTypeHost ? host : device));
}

const char *mh__d_memcpy_2d(const hip_Memcpy2D *c) {
  if (c == NULL)
    return "NULL";
  return text("{src=%s at (%zu, %zu) pitch %zu, dst=%s at (%zu, %zu) pitch %zu, %zu bytes x %zu}",
              typed_side((int)c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray),
              (size_t)c->srcXInBytes, (size_t)c->srcY, (size_t)c->srcPitch,
              typed_side((int)c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray),
              (size_t)c->dstXInBytes, (size_t)c->dstY, (size_t)c->dstPitch, (size_t)c->WidthInBytes,
              (size_t)c->Height);
}

const char *mh__d_drv_memcpy_3d(const HIP_MEMCPY3D *c) {
  if (c == NULL)
    return "NULL";
  return text("{src=%s at (%zu, %zu, %zu) pitch %zu, dst=%s at (%zu, %zu, %zu) pitch %zu, "
              "%zu bytes x %zu x %zu}",
              typed_side((int)c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray),
              (size_t)c->srcXInBytes, (size_t)c->srcY, (size_t)c->srcZ, (size_t)c->srcPitch,
              typed_side((int)c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray),
              (size_t)c->dstXInBytes, (size_t)c->dstY, (size_t)c->dstZ, (size_t)c->dstPitch,
              (size_t)c->WidthInBytes, (size_t)c->Height, (size_t)c->Depth);
}

/* A hipMemcpy3DParms side: its array, or its pitched pointer, at its position. */
static const char *parms_side(hipArray_const_t array, hipPitchedPtr ptr, hipPos pos) {
  return text("%s at (%zu, %zu, %zu)", array != NULL ? mh__d_array(array) : pitched(ptr), pos.x,
              pos.y, pos.z);
}

const char *mh__d_memcpy_3d(const hipMemcpy3DParms *c) {
  if (c == NULL)
    return "NULL";
  return text("{src=%s, dst=%s, extent=%s, kind=%s}", parms_side(c->srcArray, c->srcPtr, c->srcPos),
              parms_side(c->dstArray, c->dstPtr, c->dstPos), mh__d_extent(c->extent),
              mh__d_memcpy_kind((int)c->kind));
}

/* ---- texture objects ---- */

const char *mh__d_texture(hipTextureObject_t texture) {
  return id_text((const void *)texture, MH_ID_TEXTURE, "texture");
}

const char *mh__d_out_texture(const char *name, const hipTextureObject_t *out, hipError_t err) {
  return written(out, err) ? text("%s -> %s", name, mh__d_texture(*out)) : unwritten(name, out);
}

const char *mh__d_resource_desc(const hipResourceDesc *desc) {
  if (desc == NULL)
    return "NULL";
  switch (desc->resType) {
  case hipResourceTypeArray: return text("{Array, %s}", mh__d_array(desc->res.array.array));
  case hipResourceTypeMipmappedArray:
    return text("{MipmappedArray, %p}", (void *)desc->res.mipmap.mipmap);
  case hipResourceTypeLinear:
    return text("{Linear, %p, %s, %zu bytes}", desc->res.linear.devPtr,
                mh__d_channel_desc(&desc->res.linear.desc), desc->res.linear.sizeInBytes);
  case hipResourceTypePitch2D:
    return text("{Pitch2D, %p, %s, %zu x %zu, pitch %zu}", desc->res.pitch2D.devPtr,
                mh__d_channel_desc(&desc->res.pitch2D.desc), desc->res.pitch2D.width,
                desc->res.pitch2D.height, desc->res.pitch2D.pitchInBytes);
  default: return text("{%d (not a hipResourceType)}", (int)desc->resType);
  }
}

const char *mh__d_texture_desc(const hipTextureDesc *desc) {
  static const named modes[] = {{hipAddressModeWrap, "Wrap"},
                                {hipAddressModeClamp, "Clamp"},
                                {hipAddressModeMirror, "Mirror"},
                                {hipAddressModeBorder, "Border"}};
  if (desc == NULL)
    return "NULL";
  return text("{address %s, filter %s, read %s, normalizedCoords %d}",
              name_in(modes, COUNT(modes), desc->addressMode[0], "hipTextureAddressMode"),
              desc->filterMode == hipFilterModePoint    ? "Point"
              : desc->filterMode == hipFilterModeLinear ? "Linear"
                                                        : "?",
              desc->readMode == hipReadModeElementType ? "ElementType" : "NormalizedFloat",
              desc->normalizedCoords);
}

/* ---- graph memory ---- */

/* An alloc node's parameters: the pool's properties, the access descriptors, the size and, on
   the way out, the address. */
const char *mh__d_alloc_node_params(const hipMemAllocNodeParams *p) {
  if (p == NULL)
    return "NULL";
  return text("{poolProps=%s, accessDescs=%s, accessDescCount=%zu, bytesize=%s}",
              mh__d_pool_props(&p->poolProps), mh__d_address(p->accessDescs), p->accessDescCount,
              mh__d_bytes(p->bytesize));
}

static const named graph_mem_attrs[] = {
    {(int)hipGraphMemAttrUsedMemCurrent, "hipGraphMemAttrUsedMemCurrent"},
    {(int)hipGraphMemAttrUsedMemHigh, "hipGraphMemAttrUsedMemHigh"},
    {(int)hipGraphMemAttrReservedMemCurrent, "hipGraphMemAttrReservedMemCurrent"},
    {(int)hipGraphMemAttrReservedMemHigh, "hipGraphMemAttrReservedMemHigh"},
};

const char *mh__d_graph_mem_attr(int attr) {
  return name_in(graph_mem_attrs, COUNT(graph_mem_attrs), attr, "hipGraphMemAttributeType");
}

/* *value, a uint64_t, read only after a success (a refused one may point nowhere). */
const char *mh__d_graph_mem_value(int attr, const void *value, bool out, hipError_t err) {
  bool known =
      attr >= (int)hipGraphMemAttrUsedMemCurrent && attr <= (int)hipGraphMemAttrReservedMemHigh;
  if (value == NULL || !known || err != hipSuccess) /* a refused value may be no address */
    return text("value=%s", mh__d_address(value));
  uint64_t wide;
  memcpy(&wide, value, sizeof wide);
  return text(out ? "value -> %s" : "*value=%s",
              wide == UINT64_MAX ? "UINT64_MAX" : mh__d_bytes((size_t)wide));
}
