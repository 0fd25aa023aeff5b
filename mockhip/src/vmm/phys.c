/*
 * phys.c: physical allocations and their handles: create, release,
 * properties, granularity, export and import.
 *
 * A handle is an id looked up in a registry, never a pointer, so NULL, garbage
 * and released handles are refused instead of dereferenced. Memory lives while
 * handle references (create/import/retain minus release) or mappings remain.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/arena.h"
#include "os/recycle.h"
#include "vmm/vmm.h"

/* The size every hipMemCreate must be a multiple of: ROCm compares memBaseAddrAlign_, an
   OpenCL value in bits (8 x 256), with a byte count (a.4). */
#define ROCM_BASE_ADDR_ALIGN 2048

static uint64_t handle_id(hipMemGenericAllocationHandle_t handle) {
  return (uint64_t)(uintptr_t)handle;
}

mh_phys *mh__phys_lookup(mh_state *s, hipMemGenericAllocationHandle_t handle) {
  mh_phys *phys = mh__idmap_get(&s->handles, handle_id(handle));
  if (phys == NULL && mh__id_was_issued(s, handle_id(handle), MH_ID_HANDLE)) {
    mh_truth truth;
    bool releasing = mh__call_api() == MOCKHIP_CALL_hipMemRelease;
    mh__misuse_truth(releasing ? MH_MISUSE_DOUBLE_RELEASE : MH_MISUSE_RELEASED_HANDLE,
                     mh__truth_released(&truth, mh__call_api(), 0), "%s was released%s and is gone",
                     mh__d_handle(handle), releasing ? " already" : "");
  }
  return phys;
}

/* Gives the backing memory back: an arena extent (kept warm when the cache
   takes it), or a file of its own. */
static void memory_free(mh_os_memory *memory) {
  if (memory->arena == NULL)
    mh__os_memory_close(memory);
  else
    mh__recycle_release(memory);
}

/* Names the limit behind a descriptor shortage, for a reason; "" for other errors. */
static const char *fd_limit(int err, char *buf, size_t bytes) {
  if (err == EMFILE)
    snprintf(buf, bytes, ": the open file limit (RLIMIT_NOFILE = %zu) is reached",
             mh__os_open_files_max());
  else if (err == ENFILE)
    snprintf(buf, bytes, ": the system-wide open file limit (fs.file-max) is reached");
  else
    buf[0] = '\0';
  return buf;
}

static void phys_free(mh_state *s, mh_phys *phys) {
  if (mh__profile_is(MH_ROW_properties_of_released, MH_CELL_Success))
    mh__released_note(phys);
  mh__idmap_del(&s->handles, phys->id);
  memory_free(&phys->memory);
  if (phys->charged_device >= 0)
    s->device_used[phys->charged_device] -= phys->bytes;
  s->stats.live_handles--;
  s->stats.physical_bytes -= phys->bytes;
  free(phys);
}

void mh__phys_unhold(mh_state *s, mh_phys *phys) {
  if (phys->handle_refs == 0 && phys->mappings == 0)
    phys_free(s, phys);
}

/* Registers a new allocation with one handle reference. */
static hipError_t phys_register(mh_state *s, mh_phys *phys, hipMemGenericAllocationHandle_t *out) {
  phys->id = mh__new_id(s, MH_ID_HANDLE);
  phys->site = mh__call_site();
  phys->handle_refs = 1;
  if (mh__idmap_put(&s->handles, phys->id, phys) != 0)
    return mh__fail(hipErrorOutOfMemory, "no memory for the handle registry");
  if (phys->charged_device >= 0)
    s->device_used[phys->charged_device] += phys->bytes;
  s->stats.live_handles++;
  s->stats.physical_bytes += phys->bytes;
  *out = mh__phys_handle(phys);
  return hipSuccess;
}

/* ---- a memory pool's own memory: no handle, no statistics, charged to its device ---- */

hipError_t mh__vmm_phys_owned(mh_state *s, size_t bytes, int charged_device,
                              const mh_os_memory *view, struct mh_pool *pool, mh_phys **out) {
  if (charged_device >= 0 && s->device_used[charged_device] > s->options.device_memory - bytes)
    return mh__fail(hipErrorOutOfMemory,
                    "device %d has %zu of %zu bytes free, %zu more needed for its memory pool "
                    "(MOCKHIP_DEVICE_MEMORY)",
                    charged_device, s->options.device_memory - s->device_used[charged_device],
                    s->options.device_memory, bytes);
  mh_phys *phys = calloc(1, sizeof *phys);
  if (phys == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the pool's allocation record");
  int os_err = 0;
  if (view != NULL)
    phys->memory = *view;
  else if (mh__recycle_take(bytes, &phys->memory))
    phys->warm = true;
  else
    os_err = mh__arena_alloc(bytes, &phys->memory);
  if (os_err != 0) {
    free(phys);
    char limit[96];
    return mh__fail(hipErrorOutOfMemory, "cannot create %zu bytes of pool memory: %s%s", bytes,
                    strerror(os_err), fd_limit(os_err, limit, sizeof limit));
  }
  phys->bytes = bytes;
  phys->prop.type = hipMemAllocationTypePinned;
  phys->prop.location.type = hipMemLocationTypeDevice;
  phys->prop.location.id = charged_device >= 0 ? charged_device : mh__current_device();
  phys->charged_device = charged_device;
  phys->pool = pool;
  phys->borrowed = view != NULL;
  phys->site = mh__call_site();
  if (charged_device >= 0)
    s->device_used[charged_device] += bytes;
  *out = phys;
  return hipSuccess;
}

void mh__vmm_phys_owned_free(mh_state *s, mh_phys *phys) {
  if (!phys->borrowed)
    memory_free(&phys->memory);
  if (phys->charged_device >= 0)
    s->device_used[phys->charged_device] -= phys->bytes;
  free(phys);
}

bool mh__is_location_type(int type) {
  return type == hipMemLocationTypeDevice || type == HIPVMM_LOCATION_HOST ||
         type == HIPVMM_LOCATION_HOST_NUMA || type == HIPVMM_LOCATION_HOST_NUMA_CURRENT;
}

/* prop->type as the played release takes it (a.1#3, a.4#2). */
static bool is_allocation_type(int type) {
  return type == hipMemAllocationTypePinned ||
         (type == HIPVMM_ALLOCATION_UNCACHED &&
          mh__profile_is(MH_ROW_allocation_types, MH_CELL_pinned_uncached));
}

static const char *allocation_types(void) {
  return mh__profile_is(MH_ROW_allocation_types, MH_CELL_pinned) ? "Pinned" : "Pinned or Uncached";
}

/* prop->location.type as the played release takes it (a.1#4, a.4#3). */
static bool is_prop_location_type(int type) {
  switch (mh__profile_cell(MH_ROW_location_types)) {
  case MH_CELL_device: return type == hipMemLocationTypeDevice;
  case MH_CELL_device_host: return type == hipMemLocationTypeDevice || type == HIPVMM_LOCATION_HOST;
  default: return mh__is_location_type(type);
  }
}

static const char *prop_location_types(void) {
  switch (mh__profile_cell(MH_ROW_location_types)) {
  case MH_CELL_device: return "Device";
  case MH_CELL_device_host: return "Device or Host";
  default: return "Device, Host, HostNuma or HostNumaCurrent";
  }
}

/* Whether location.id is checked against the devices for this location type (a.1#5, a.4#4). */
static bool id_names_device(int type) {
  return type == hipMemLocationTypeDevice ||
         (type == HIPVMM_LOCATION_HOST && mh__profile_is(MH_ROW_host_id_checked, MH_CELL_yes));
}

/* ---- granularity ---- */

static hipError_t granularity(mh_state *s, size_t *out, const hipMemAllocationProp *prop,
                              int option) {
  if (out == NULL)
    return mh__fail(hipErrorInvalidValue, "granularity is NULL");
  if (prop == NULL)
    return mh__fail(hipErrorInvalidValue, "prop is NULL");
  /* The CUDA driver answers its one granularity whatever prop says (hip-tests: "succeeds on
     NVIDIA"); hipMemCreate checks it. */
  bool prop_checked = mh__profile_is(MH_ROW_granularity_prop_checked, MH_CELL_yes);
  if (prop_checked && !is_allocation_type(prop->type))
    return mh__fail(hipErrorInvalidValue, "prop->type %d is not %s", (int)prop->type,
                    allocation_types());
  if (prop_checked && !is_prop_location_type(prop->location.type))
    return mh__fail(hipErrorInvalidValue, "prop->location.type %d is not %s",
                    (int)prop->location.type, prop_location_types());
  if (prop_checked && id_names_device(prop->location.type) &&
      !mh__valid_device(s, prop->location.id))
    return mh__fail(hipErrorInvalidValue, "prop->location.id %d is not a device (0..%d)",
                    prop->location.id, s->options.devices - 1);
  if (option != hipMemAllocationGranularityMinimum &&
      option != hipMemAllocationGranularityRecommended &&
      mh__profile_is(MH_ROW_granularity_option_checked, MH_CELL_yes))
    return mh__fail(hipErrorInvalidValue,
                    "option %d is neither hipMemAllocationGranularityMinimum (0) nor "
                    "hipMemAllocationGranularityRecommended (1)",
                    option);
  *out = option == hipMemAllocationGranularityRecommended ? mh__recommended_granularity(s)
                                                          : s->options.granularity;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemGetAllocationGranularity(size_t *out, const hipMemAllocationProp *prop,
                                                    hipMemAllocationGranularity_flags option) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetAllocationGranularity, MH_CALLER, &s);
  if (err == hipSuccess) {
    err = granularity(s, out, prop, (int)option);
  }
  return mh__leave(MOCKHIP_CALL_hipMemGetAllocationGranularity, err, "%s, prop=%s, option=%s",
                   mh__d_out_bytes("granularity", out, err), mh__d_prop(prop),
                   mh__d_granularity_option((int)option));
}

/* ---- create and release ---- */

/* The checks of hipMemCreate; *size is rounded up to pages where the played release
   does that instead of checking (6.0). */
static hipError_t create_checks(mh_state *s, hipMemGenericAllocationHandle_t *handle, size_t *size,
                                const hipMemAllocationProp *prop, unsigned long long flags) {
  size_t bytes = *size;
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  /* Uncached asked through flags, as an older hip-tests did: clr hip_vm.cpp hipMemCreate takes
     flags 0 only, in every release; the type field is the way. */
  if (flags == HIPVMM_DEVICE_MALLOC_UNCACHED)
    return mh__fail(
        hipErrorInvalidValue,
        "flags must be 0: for uncached memory set prop->type = "
        "hipMemAllocationTypeUncached%s (flags %llu is hipDeviceMallocUncached, a "
        "hipExtMallocWithFlags flag)",
        is_allocation_type(HIPVMM_ALLOCATION_UNCACHED) ? "" : ", which ROCm takes from 7.0", flags);
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  if (prop == NULL)
    return mh__fail(hipErrorInvalidValue, "prop is NULL");
  if (!is_allocation_type(prop->type))
    return mh__fail(hipErrorInvalidValue, "prop->type %d is not %s", (int)prop->type,
                    allocation_types());
  int type = prop->location.type;
  if (!is_prop_location_type(type))
    return mh__fail(hipErrorInvalidValue, "prop->location.type %d is not %s", type,
                    prop_location_types());
  if (id_names_device(type) && !mh__valid_device(s, prop->location.id))
    return mh__profile_fail(MH_ROW_create_device_id, "prop->location.id %d is not a device (0..%d)",
                            prop->location.id, s->options.devices - 1);
  if (type == HIPVMM_LOCATION_HOST_NUMA && prop->location.id != 0)
    return mh__fail(hipErrorInvalidValue,
                    "prop->location.id %d names a NUMA node the mock does not have (it has node 0 "
                    "only)",
                    prop->location.id);
  int requested = prop->requestedHandleType;
  bool cuda = mh__profile_is(MH_ROW_create_handle_types, MH_CELL_posix_cuda);
  bool posix = cuda || mh__profile_is(MH_ROW_create_handle_types, MH_CELL_posix);
  if (cuda && requested == (int)HIPVMM_HANDLE_FABRIC)
    return mh__fail(hipErrorUnknown,
                    "prop->requestedHandleType is hipMemHandleTypeFabric, which needs the "
                    "driver's fabric (IMEX) service: without it the driver answers "
                    "CUDA_ERROR_NOT_PERMITTED, which HIP on NVIDIA passes on as hipErrorUnknown");
  if (cuda && requested != hipMemHandleTypeNone && requested != hipMemHandleTypePosixFileDescriptor)
    return mh__fail(hipErrorInvalidValue,
                    "prop->requestedHandleType %d is not a type the CUDA driver shares on Linux: "
                    "use hipMemHandleTypeNone, or hipMemHandleTypePosixFileDescriptor to share "
                    "the memory",
                    requested);
  if (requested != hipMemHandleTypeNone &&
      (requested != hipMemHandleTypePosixFileDescriptor || !posix))
    return mh__fail(hipErrorNotSupported, "prop->requestedHandleType %d is not supported: use %s",
                    requested,
                    posix ? "hipMemHandleTypeNone, or hipMemHandleTypePosixFileDescriptor to "
                            "share the memory"
                          : "hipMemHandleTypeNone (sharing came with ROCm 6.2)");
  size_t capacity = s->options.device_memory;
  if (bytes > capacity)
    return mh__fail(hipErrorOutOfMemory,
                    "size %zu is more than the whole device memory, %zu bytes "
                    "(MOCKHIP_DEVICE_MEMORY)",
                    bytes, capacity);
  /* ROCm's two size rules: HIP wants multiples of its base address alignment, the allocator
     pages. 5.x code (6.0) went through the hipMalloc path, which rounds up instead. */
  size_t granularity = s->options.granularity;
  if (mh__profile_is(MH_ROW_create_size_rules, MH_CELL_no)) {
    if (bytes % granularity != 0)
      *size = bytes += granularity - bytes % granularity; /* <= capacity + a granule: no overflow */
  } else if (bytes % granularity != 0) {
    /* ROCm checks its base address alignment first (InvalidValue), then pages (OutOfMemory);
       the CUDA driver wants a multiple of the granularity (InvalidValue). */
    bool invalid = bytes % ROCM_BASE_ADDR_ALIGN != 0 ||
                   mh__profile_is(MH_ROW_create_size_rules, MH_CELL_granule_multiple);
    return mh__fail(invalid ? hipErrorInvalidValue : hipErrorOutOfMemory,
                    "size %zu is not a multiple of the granularity that "
                    "hipMemGetAllocationGranularity answers (%zu bytes): round it up, use %zu",
                    bytes, granularity, mh__round_up(bytes, granularity));
  }
  if (type == hipMemLocationTypeDevice && s->device_used[prop->location.id] > capacity - bytes)
    return mh__fail(hipErrorOutOfMemory,
                    "device %d has %zu of %zu bytes free, %zu requested (MOCKHIP_DEVICE_MEMORY)",
                    prop->location.id, capacity - s->device_used[prop->location.id], capacity,
                    bytes);
  return hipSuccess;
}

static hipError_t create(mh_state *s, hipMemGenericAllocationHandle_t *handle, size_t bytes,
                         const hipMemAllocationProp *prop, unsigned long long flags) {
  hipError_t err = create_checks(s, handle, &bytes, prop, flags);
  if (err != hipSuccess)
    return err;
  mh_phys *phys = calloc(1, sizeof *phys);
  if (phys == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the allocation record");
  /* A shareable handle gets a file of its own to export, as ROCm spends a
     descriptor on it; MOCKHIP_FD_PER_HANDLE gives every handle one. */
  bool own_file =
      s->options.fd_per_handle || prop->requestedHandleType == hipMemHandleTypePosixFileDescriptor;
  int os_err = 0;
  if (own_file)
    os_err = mh__os_memory_create(bytes, &phys->memory);
  else if (mh__recycle_take(bytes, &phys->memory))
    phys->warm = true;
  else
    os_err = mh__arena_alloc(bytes, &phys->memory);
  if (os_err != 0) {
    free(phys);
    char limit[96];
    return mh__fail(hipErrorOutOfMemory, "cannot create %zu bytes of physical memory: %s%s", bytes,
                    strerror(os_err), fd_limit(os_err, limit, sizeof limit));
  }
  phys->bytes = bytes;
  phys->prop = *prop;
  phys->charged_device = prop->location.type == hipMemLocationTypeDevice ? prop->location.id : -1;
  err = phys_register(s, phys, handle);
  if (err != hipSuccess) {
    memory_free(&phys->memory);
    free(phys);
  }
  return err;
}

MH_EXPORT hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size,
                                  const hipMemAllocationProp *prop, unsigned long long flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemCreate, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = create(s, handle, size, prop, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemCreate, err, "%s, size=%s, prop=%s, flags=%llu",
                   mh__d_out_handle("handle", handle, err), mh__d_vmm_bytes(size), mh__d_prop(prop),
                   flags);
}

/* Why a handle names nothing, for the reasons of every call that takes one. */
static const char *no_allocation(hipMemGenericAllocationHandle_t handle) {
  static _Thread_local char why[160];
  snprintf(why, sizeof why,
           "handle %s names no live allocation: it was released, or never came from "
           "hipMemCreate or hipMemImportFromShareableHandle",
           mh__d_handle(handle));
  return why;
}

static hipError_t release(mh_state *s, hipMemGenericAllocationHandle_t handle) {
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  mh_phys *phys = mh__phys_lookup(s, handle);
  if (phys == NULL)
    return mh__fail(hipErrorInvalidValue, "%s", no_allocation(handle));
  if (phys->handle_refs == 0) {
    bool retain_adds = mh__profile_is(MH_ROW_retain_adds_reference, MH_CELL_yes);
    mh_truth truth;
    mh__misuse_truth(MH_MISUSE_DOUBLE_RELEASE,
                     mh__truth_released(&truth, MOCKHIP_CALL_hipMemRelease, phys->mappings),
                     "%s has no reference left (mapped %zu time(s))%s", mh__d_handle(handle),
                     phys->mappings,
                     retain_adds ? ""
                                 : "; hipMemRetainAllocationHandle adds no reference here: do "
                                   "not release what it returns (a.10#4)");
    return mh__fail(hipErrorInvalidValue,
                    "handle %s was released already: release each hipMemCreate, import or retain "
                    "once; the mock refuses it: its %zu mapping(s) keep the memory until the last "
                    "hipMemUnmap (on %s: %s, %s)",
                    mh__d_handle(handle), phys->mappings, mh__profile_title(), truth.text,
                    truth.row);
  }
  phys->handle_refs--;
  if (phys->handle_refs == 0 && phys->mappings != 0 &&
      mh__profile_is(MH_ROW_release_while_mapped, MH_CELL_crash))
    mh__misuse(MH_MISUSE_VERSION_CRASH,
               "%s crashes here: it frees %s at its release, while %zu mapping(s) "
               "still use the memory (a.5#2); the mock keeps it until the last unmap",
               mh__profile_title(), mh__d_handle(handle), phys->mappings);
  else if (phys->handle_refs == 0 && phys->mappings != 0)
    mh__teach_release_mapped();
  mh__phys_unhold(s, phys);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemRelease, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = release(s, handle);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemRelease, err, "handle=%s", mh__d_handle(handle));
}

/* ---- properties ---- */

static hipError_t properties(mh_state *s, hipMemAllocationProp *prop,
                             hipMemGenericAllocationHandle_t handle) {
  if (prop == NULL)
    return mh__fail(hipErrorInvalidValue, "prop is NULL");
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  /* The CUDA driver still answers for a handle released for good (properties_of_released);
     ROCm would read the freed object, which the mock refuses. */
  hipMemAllocationProp kept;
  if (mh__idmap_get(&s->handles, handle_id(handle)) == NULL &&
      mh__profile_is(MH_ROW_properties_of_released, MH_CELL_Success) &&
      mh__released_find(handle, &kept)) {
    mh_truth truth;
    mh__misuse_truth(MH_MISUSE_RELEASED_HANDLE, mh__truth_released(&truth, mh__call_api(), 0),
                     "%s was released and is gone", mh__d_handle(handle));
    *prop = kept;
    return hipSuccess;
  }
  mh_phys *phys = mh__phys_lookup(s, handle);
  if (phys == NULL)
    return mh__fail(hipErrorInvalidValue, "%s", no_allocation(handle));
  *prop = phys->prop;
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemGetAllocationPropertiesFromHandle(
    hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemGetAllocationPropertiesFromHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = properties(s, prop, handle);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemGetAllocationPropertiesFromHandle, err, "prop%s%s, handle=%s",
                   err == hipSuccess ? " -> " : "=",
                   err == hipSuccess ? mh__d_prop(prop) : mh__d_ptr(prop), mh__d_handle(handle));
}

/* ---- export and import ---- */

static hipError_t export_handle(mh_state *s, void *out, hipMemGenericAllocationHandle_t handle,
                                int type, unsigned long long flags) {
  if (flags != 0)
    return mh__fail(hipErrorInvalidValue, "flags must be 0, got %llu", flags);
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  if (out == NULL)
    return mh__profile_fail(MH_ROW_export_null_handle,
                            "shareableHandle is NULL: pass the address of an int that receives "
                            "the fd");
  if (mh__profile_is(MH_ROW_export_supported, MH_CELL_no))
    return mh__fail(hipErrorNotSupported, "export is not supported before ROCm 6.2 (a.12#5)");
  mh_phys *phys = mh__phys_lookup(s, handle);
  if (phys == NULL)
    return mh__fail(hipErrorInvalidValue, "%s", no_allocation(handle));
  if (type != (int)phys->prop.requestedHandleType)
    return mh__fail(hipErrorInvalidValue,
                    "handleType %s differs from the prop.requestedHandleType %s that hipMemCreate "
                    "was given: create with requestedHandleType="
                    "hipMemHandleTypePosixFileDescriptor to export",
                    mh__d_handle_type(type),
                    mh__d_handle_type((int)phys->prop.requestedHandleType));
  if (type != hipMemHandleTypePosixFileDescriptor)
    return mh__fail(
        hipErrorInvalidValue,
        "handleType %s cannot be exported: only hipMemHandleTypePosixFileDescriptor can",
        mh__d_handle_type(type));
  int fd;
  int err = mh__os_memory_export(&phys->memory, &fd);
  char limit[96];
  if (err != 0)
    return mh__fail(hipErrorInvalidValue, "cannot export: %s%s", strerror(err),
                    fd_limit(err, limit, sizeof limit));
  memcpy(out, &fd, sizeof fd);
  return hipSuccess;
}

MH_EXPORT hipError_t hipMemExportToShareableHandle(void *shareableHandle,
                                                   hipMemGenericAllocationHandle_t handle,
                                                   hipMemAllocationHandleType handleType,
                                                   unsigned long long flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemExportToShareableHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = export_handle(s, shareableHandle, handle, (int)handleType, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemExportToShareableHandle, err,
                   "%s, handle=%s, handleType=%s, flags=%llu",
                   mh__d_out_fd("shareableHandle", shareableHandle, err), mh__d_handle(handle),
                   mh__d_handle_type((int)handleType), flags);
}

/*
 * The fd osHandle names, as the played release reads it (a.13#2): the value
 * itself (7.1 on, as CUDA), or an int osHandle points to (6.2 to 7.0). An
 * osHandle those releases cannot read through crashes them.
 */
static hipError_t import_fd(void *os_handle, intptr_t *out) {
  switch (mh__profile_cell(MH_ROW_import_os_handle)) {
  case MH_CELL_unsupported:
    return mh__fail(hipErrorNotSupported, "import is not supported before ROCm 6.2 (a.13#4)");
  case MH_CELL_pointer: {
    int fd;
    if (!mh__os_read_memory(os_handle, &fd, sizeof fd))
      return mh__profile_crash(hipErrorInvalidValue,
                               "osHandle %p is not readable memory: %s reads the fd through "
                               "it, so pass the address of an int holding the fd",
                               os_handle, mh__profile_title());
    *out = fd;
    return hipSuccess;
  }
  default:
    /* A negative int (-1) is an fd that names nothing, not an address: import_bad_fd. */
    *out = (intptr_t)os_handle;
    if (*out < INT32_MIN || *out > INT32_MAX) {
      char release[32];
      return mh__fail(hipErrorInvalidValue,
                      "osHandle %p is an address, not a file descriptor: %s takes the fd "
                      "itself, so pass (void *)(intptr_t)fd, not &fd (only ROCm 6.2 to 7.0 read "
                      "the fd through a pointer, a.13#2)",
                      os_handle, mh__teach_release(release));
    }
    return hipSuccess;
  }
}

/* Why fd cannot be imported: what it is, and what import takes instead. */
static hipError_t not_an_export(int fd, int err, mh_os_not_export why) {
  static const char *const what[] = {
      [MH_OS_NOT_OPEN] = "no open file descriptor",
      [MH_OS_NOT_FILE] = "no file of memory",
      [MH_OS_OTHER_FILE] = "a file mockhip did not make",
      [MH_OS_EMPTY_FILE] = "an empty memory file, or one of no whole pages",
      [MH_OS_ARENA_FILE] = "mockhip's arena file, which holds many handles' memory",
      [MH_OS_NEVER_EXPORTED] = "a handle's own memory file, which was never exported (a "
                               "descriptor found in /proc/self/fd, or inherited by a child, "
                               "is not an export)",
      [MH_OS_NOT_READ_WRITE] = "an export reopened read-only or write-only"};
  static const char takes[] = "import takes only a descriptor that hipMemExportToShareableHandle "
                              "gave, of a handle created with requestedHandleType="
                              "hipMemHandleTypePosixFileDescriptor";
  /* The CUDA driver answers CUDA_ERROR_UNKNOWN for any fd that holds no export: -1, a closed
     one, one of something else (import_bad_fd). */
  if (why == MH_OS_NOT_OPEN)
    return mh__profile_fail(MH_ROW_import_bad_fd, "fd %d is %s (%s): %s", fd, what[why],
                            strerror(err), takes);
  char path[128];
  size_t bytes;
  mh__os_fd_describe(fd, path, sizeof path, &bytes);
  return mh__profile_fail(MH_ROW_import_bad_fd, "fd %d is %s (%zu bytes): %s; %s", fd,
                          path[0] ? path : "unnamed", bytes, what[why], takes);
}

static hipError_t import_handle(mh_state *s, hipMemGenericAllocationHandle_t *handle,
                                void *os_handle, int type) {
  if (handle == NULL)
    return mh__fail(hipErrorInvalidValue, "handle is NULL");
  if (os_handle == NULL)
    return mh__fail(hipErrorInvalidValue, "osHandle is NULL");
  intptr_t value = -1;
  hipError_t herr = import_fd(os_handle, &value);
  if (herr != hipSuccess)
    return herr;
  mh_phys *phys = calloc(1, sizeof *phys);
  if (phys == NULL)
    return mh__fail(hipErrorOutOfMemory, "no memory for the allocation record");
  mh_os_not_export why;
  int err = mh__os_memory_import((int)value, &phys->memory, &why);
  char limit[96];
  if (err == EMFILE || err == ENFILE) {
    free(phys);
    return mh__fail(hipErrorInvalidValue, "cannot keep a copy of fd %d: %s%s", (int)value,
                    strerror(err), fd_limit(err, limit, sizeof limit));
  }
  if (err != 0) {
    free(phys);
    return not_an_export((int)value, err, why);
  }
  phys->bytes = phys->memory.bytes;
  phys->prop.type = hipMemAllocationTypePinned;
  phys->prop.location.type = hipMemLocationTypeDevice;
  phys->prop.location.id = mh__current_device();
  /* ROCm 6.2.0 left the type 0; 8ddb02351 (6.3) stores it (a.11); the CUDA driver reports
     none for an imported handle. */
  phys->prop.requestedHandleType = mh__profile_is(MH_ROW_imported_handle_type, MH_CELL_given)
                                       ? (hipMemAllocationHandleType)type
                                       : hipMemHandleTypeNone;
  phys->charged_device = -1; /* the exporter's device already pays for it */
  phys->imported = true;
  herr = phys_register(s, phys, handle);
  if (herr == hipSuccess && type != hipMemHandleTypePosixFileDescriptor)
    mh__teach_note("a.13#4",
                   "hipMemImportFromShareableHandle checks no shHandleType: %s was taken for a "
                   "file descriptor and the call returned hipSuccess; pass "
                   "hipMemHandleTypePosixFileDescriptor, the type ROCm on Linux shares by",
                   mh__d_handle_type(type));
  if (herr != hipSuccess) {
    mh__os_memory_close(&phys->memory);
    free(phys);
  }
  return herr;
}

MH_EXPORT hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle,
                                                     void *osHandle,
                                                     hipMemAllocationHandleType shHandleType) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemImportFromShareableHandle, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_write();
    err = import_handle(s, handle, osHandle, (int)shHandleType);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipMemImportFromShareableHandle, err,
                   "%s, osHandle=%s, shHandleType=%s", mh__d_out_handle("handle", handle, err),
                   mh__d_os_handle(osHandle), mh__d_handle_type((int)shHandleType));
}
