/*
 * model_objects.c: the model's reservations, physical allocations (handles
 * with reference counts), mappings and exported fds, and the calls that
 * create, link and drop them (reference a.2-a.7, a.10-a.13, b.1-b.8).
 *
 * Argument checks run in the order of the "new" column; the first failing
 * check decides the error, whose code the profile's row gives where section
 * (g) has one. mockhip's own choices (docs/mockhip/platforms.md "Where mockhip
 * knowingly differs") fill the rows ROCm leaves open: a garbage or released
 * handle is hipErrorInvalidValue, a map larger than its allocation is
 * hipErrorInvalidValue, memory is charged to location.id.
 */
#include "model_internal.h"

#include <stdlib.h>
#include <string.h>

static bool is_power_of_two(size_t value) { return value != 0 && (value & (value - 1)) == 0; }

static size_t round_up(const model *m, size_t bytes) {
  return (bytes + m->granule - 1) / m->granule * m->granule;
}

/* ---- lookups ---- */

int model__reservation_at(const model *m, uintptr_t addr) {
  for (int i = 0; i < MODEL_MAX_RESERVATIONS; i++) {
    const model_reservation *r = &m->reservations[i];
    if (r->live && addr >= r->base && addr - r->base < r->bytes)
      return i;
  }
  return -1;
}

int model__mapping_at(const model *m, uintptr_t addr) {
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++) {
    const model_mapping *map = &m->mappings[i];
    if (map->live && addr >= map->base && addr - map->base < map->bytes)
      return i;
  }
  return -1;
}

int model__phys_of(const model *m, uintptr_t handle) {
  for (int i = 0; i < MODEL_MAX_PHYS; i++)
    if (m->phys[i].live && m->phys[i].handle == handle)
      return i;
  return -1;
}

/* The live mapping that starts exactly at addr inside reservation r, or -1. */
static int mapping_starting_at(const model *m, uintptr_t addr, int r) {
  int i = model__mapping_at(m, addr);
  if (i < 0 || m->mappings[i].base != addr || model__reservation_at(m, addr) != r)
    return -1;
  return i;
}

int model__covered_run(const model *m, uintptr_t ptr, size_t bytes, int *run) {
  int first = model__mapping_at(m, ptr);
  if (first < 0)
    return 0;
  int r = model__reservation_at(m, ptr);
  uintptr_t at = m->mappings[first].base;
  size_t sum = 0;
  int count = 0;
  for (int i = first; i >= 0; i = mapping_starting_at(m, at, r)) {
    sum += m->mappings[i].bytes;
    run[count++] = i;
    if (sum >= bytes || count == MODEL_MAX_MAPPINGS)
      break;
    at = m->mappings[i].base + m->mappings[i].bytes;
  }
  return sum == bytes ? count : 0;
}

size_t model_handle_bytes(const model *m, uintptr_t handle) {
  int p = model__phys_of(m, handle);
  return p < 0 ? 0 : m->phys[p].bytes;
}

size_t model_run_bytes(const model *m, uintptr_t ptr, int count) {
  int i = model__mapping_at(m, ptr);
  int r = model__reservation_at(m, ptr);
  size_t sum = 0;
  for (int n = 0; i >= 0 && n < count; n++) {
    sum += m->mappings[i].bytes;
    i = mapping_starting_at(m, m->mappings[i].base + m->mappings[i].bytes, r);
  }
  return sum;
}

size_t model_reservation_left(const model *m, uintptr_t ptr) {
  int r = model__reservation_at(m, ptr);
  return r < 0 ? 0 : m->reservations[r].bytes - (ptr - m->reservations[r].base);
}

size_t model_reservation_bytes(const model *m, uintptr_t ptr) {
  int r = model__reservation_at(m, ptr);
  return r < 0 ? 0 : m->reservations[r].bytes;
}

/* ---- slots ---- */

static int free_reservation_slot(const model *m) {
  for (int i = 0; i < MODEL_MAX_RESERVATIONS; i++)
    if (!m->reservations[i].live)
      return i;
  return -1;
}

static int free_phys_slot(const model *m) {
  for (int i = 0; i < MODEL_MAX_PHYS; i++)
    if (!m->phys[i].live)
      return i;
  return -1;
}

static int free_mapping_slot(const model *m) {
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++)
    if (!m->mappings[i].live)
      return i;
  return -1;
}

static int free_memory_slot(const model *m) {
  for (int i = 0; i < MODEL_MAX_PHYS; i++)
    if (m->memories[i].users == 0)
      return i;
  return -1;
}

static int free_fd_slot(const model *m) {
  for (int i = 0; i < MODEL_MAX_FDS; i++)
    if (!m->fds[i].open)
      return i;
  return -1;
}

bool model_room_for_reservation(const model *m) { return free_reservation_slot(m) >= 0; }
bool model_room_for_handle(const model *m) {
  return free_phys_slot(m) >= 0 && free_memory_slot(m) >= 0;
}
bool model_room_for_mapping(const model *m) { return free_mapping_slot(m) >= 0; }
bool model_room_for_fd(const model *m) { return free_fd_slot(m) >= 0; }

/* ---- lifetimes ---- */

static void memory_drop(model *m, int i) {
  model_memory *memory = &m->memories[i];
  if (--memory->users == 0) {
    free(memory->shadow);
    memory->shadow = NULL;
  }
}

/* A physical allocation lives while a reference or a mapping holds it (b.2). */
static void phys_drop_if_unused(model *m, int p) {
  model_phys *phys = &m->phys[p];
  if (phys->refs > 0 || phys->mappings > 0)
    return;
  if (phys->charged_device >= 0)
    m->charged[phys->charged_device] -= phys->bytes;
  phys->live = false;
  memory_drop(m, phys->memory);
  m->released[m->released_next] = (model_released){phys->handle, phys->prop};
  m->released_next = (m->released_next + 1) % MODEL_MAX_RELEASED;
}

static void phys_add(model *m, uintptr_t handle, size_t bytes, const hipMemAllocationProp *prop,
                     int charged_device, int memory) {
  model_phys *phys = &m->phys[free_phys_slot(m)];
  *phys = (model_phys){.live = true,
                       .handle = handle,
                       .bytes = bytes,
                       .prop = *prop,
                       .charged_device = charged_device,
                       .refs = 1,
                       .memory = memory};
  m->memories[memory].users++;
  if (charged_device >= 0)
    m->charged[charged_device] += bytes;
}

size_t model_device_room(const model *m, int device) {
  size_t used = m->charged[device] + m->pool_reserved[device];
  return used < m->capacity ? m->capacity - used : 0;
}

/* ---- reservations (a.2, a.3) ---- */

const char *model_check_placement(const model *m, uintptr_t base, size_t bytes, size_t alignment) {
  uintptr_t end;
  bytes = round_up(m, bytes); /* what a profile that does not check the size reserves */
  if (base == 0 || base % m->granule != 0 || !model__end(base, bytes, &end))
    return "base is NULL, not granule aligned or wraps";
  /* An alignment that is no power of two (accepted by `none`) cannot be honoured. */
  if (is_power_of_two(alignment) && base % alignment != 0)
    return "base does not honour the alignment";
  for (int i = 0; i < MODEL_MAX_RESERVATIONS; i++) {
    const model_reservation *r = &m->reservations[i];
    if (r->live && base < r->base + r->bytes && r->base < end)
      return "overlaps a live reservation";
  }
  return NULL;
}

static bool alignment_accepted(const model *m, model_alignment_rule rule, size_t alignment) {
  switch (rule) {
  case ALIGNMENT_ANY: return true;
  case ALIGNMENT_MULTIPLE: return alignment % m->granule == 0;
  default: return alignment == 0 || is_power_of_two(alignment);
  }
}

hipError_t model_reserve(model *m, bool ptr_null, size_t bytes, size_t alignment,
                         unsigned long long flags, uintptr_t got_base) {
  const model_profile *profile = m->profile;
  if (ptr_null || flags != 0)
    return hipErrorInvalidValue;
  if (bytes == 0)
    return profile->reserve_size_zero; /* g: reserve_size_zero */
  if (bytes % m->granule != 0) {
    if (!profile->reserve_size_unchecked)
      return profile->reserve_size_granularity;
    bytes = round_up(m, bytes); /* `unchecked`: whole granules */
  }
  if (!alignment_accepted(m, profile->reserve_alignment, alignment))
    return profile->reserve_size_granularity; /* g: a refused alignment gets this code */
  m->reservations[free_reservation_slot(m)] =
      (model_reservation){.live = true, .base = got_base, .bytes = bytes};
  return hipSuccess;
}

hipError_t model_address_free(model *m, uintptr_t ptr, size_t bytes) {
  if (ptr == 0 || bytes == 0)
    return hipErrorInvalidValue;
  int r = model__reservation_at(m, ptr); /* by containment (a.3#4) */
  if (r < 0)
    return m->profile->free_unknown_address; /* g: free_unknown_address */
  /* g: free_range `containing`: any interior address, any size (a.3#3, #4); `exact`: the
     ptr and size the reservation was made with. */
  if (m->profile->free_range_exact &&
      (ptr != m->reservations[r].base || bytes != m->reservations[r].bytes))
    return hipErrorInvalidValue;
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++)
    if (m->mappings[i].live && model__reservation_at(m, m->mappings[i].base) == r)
      /* a.3#5: refused, the reservation stays usable; g: free_with_mappings
         `Success` says so and keeps the reservation and its mappings too. */
      return m->profile->free_with_mappings;
  m->reservations[r].live = false;
  return hipSuccess;
}

/* ---- physical allocations (a.4, a.5, a.10, a.11) ---- */

static bool device_id_valid(int id) { return id >= 0 && id < MODEL_DEVICES; }

/* The checks a.1 (granularity) and a.4 (create) share, in their order: the
   type (g: allocation_types), the location type (location_types) and its id
   (create_device_id, host_id_checked). The device memory is charged to, or -1. */
static hipError_t check_prop(const model *m, const hipMemAllocationProp *prop, bool create,
                             int *device) {
  const model_profile *profile = m->profile;
  *device = -1;
  if (prop->type != hipMemAllocationTypePinned &&
      !(profile->uncached_type && prop->type == hipMemAllocationTypeUncached))
    return hipErrorInvalidValue;
  int id = prop->location.id;
  switch (prop->location.type) {
  case hipMemLocationTypeDevice:
    if (!device_id_valid(id))
      return create ? profile->create_device_id : hipErrorInvalidValue;
    *device = id;
    return hipSuccess;
  case hipMemLocationTypeHost:
    if (profile->location_types == LOCATIONS_DEVICE)
      return hipErrorInvalidValue;
    if (profile->host_id_checked && !device_id_valid(id))
      return create ? hipErrorInvalidDevice : hipErrorInvalidValue;
    return hipSuccess; /* id ignored */
  case hipMemLocationTypeHostNuma:
    if (profile->location_types != LOCATIONS_ALL)
      return hipErrorInvalidValue;
    /* One NUMA node; a.1#5 new checks the id of a Device location only. */
    return create && id != 0 ? hipErrorInvalidValue : hipSuccess;
  case hipMemLocationTypeHostNumaCurrent:
    return profile->location_types == LOCATIONS_ALL ? hipSuccess : hipErrorInvalidValue;
  default: return hipErrorInvalidValue;
  }
}

hipError_t model_granularity(const model *m, bool out_null, const hipMemAllocationProp *prop,
                             int option, size_t *expect) {
  if (out_null || prop == NULL)
    return hipErrorInvalidValue;
  int device;
  /* g: granularity_prop_checked `no`: one granularity, whatever prop says */
  hipError_t status =
      m->profile->granularity_prop_checked ? check_prop(m, prop, false, &device) : hipSuccess;
  if (status != hipSuccess)
    return status;
  bool recommended = option == hipMemAllocationGranularityRecommended;
  if (m->profile->granularity_option_checked && !recommended &&
      option != hipMemAllocationGranularityMinimum)
    return hipErrorInvalidValue;
  *expect = recommended && m->profile->recommended_own ? MODEL_RECOMMENDED : m->granule;
  return hipSuccess;
}

hipError_t model_create(model *m, bool handle_null, size_t bytes, const hipMemAllocationProp *prop,
                        unsigned long long flags, uintptr_t got_handle) {
  const model_profile *profile = m->profile;
  if (handle_null || bytes == 0 || flags != 0 || prop == NULL)
    return hipErrorInvalidValue;
  int device;
  hipError_t status = check_prop(m, prop, true, &device);
  if (status != hipSuccess)
    return status;
  bool shared_type = prop->requestedHandleType == hipMemHandleTypeNone ||
                     prop->requestedHandleType == hipMemHandleTypePosixFileDescriptor;
  if (profile->create_cuda && !shared_type) /* g: create_handle_types `posix_cuda` */
    return prop->requestedHandleType == hipMemHandleTypeFabric ? hipErrorUnknown
                                                               : hipErrorInvalidValue;
  if (prop->requestedHandleType != hipMemHandleTypeNone &&
      !(profile->create_posix && prop->requestedHandleType == hipMemHandleTypePosixFileDescriptor))
    return hipErrorNotSupported; /* g: create_handle_types */
  if (profile->create_size_rules == SIZE_ROUNDED_UP)
    bytes = round_up(m, bytes); /* g: create_size_rules `no`, the hipMalloc path */
  if (bytes > m->capacity)      /* a.4#6, for every location, before the size rules */
    return hipErrorOutOfMemory;
  if (profile->create_size_rules == SIZE_GRANULE_MULTIPLE && bytes % m->granule != 0)
    return hipErrorInvalidValue; /* g: `granule_multiple` */
  if (bytes % 2048 != 0)
    return hipErrorInvalidValue;
  if (bytes % m->granule != 0)
    return hipErrorOutOfMemory; /* 0.1 fact 4 */
  if (device >= 0 && bytes > model_device_room(m, device))
    return hipErrorOutOfMemory;

  int memory = free_memory_slot(m);
  size_t shadow = bytes < m->shadow_bytes ? bytes : m->shadow_bytes;
  m->memories[memory] = (model_memory){.bytes = bytes, .shadow = calloc(1, shadow)};
  if (m->memories[memory].shadow == NULL)
    abort();
  phys_add(m, got_handle, bytes, prop, device, memory);
  return hipSuccess;
}

hipError_t model_release(model *m, uintptr_t handle) {
  int p = model__phys_of(m, handle);
  if (handle == 0 || p < 0 || m->phys[p].refs == 0)
    return hipErrorInvalidValue; /* garbage, released, or only mappings hold it */
  m->phys[p].refs--;
  phys_drop_if_unused(m, p);
  return hipSuccess;
}

hipError_t model_retain(model *m, bool handle_null, uintptr_t addr, uintptr_t *expect) {
  if (handle_null || addr == 0)
    return hipErrorInvalidValue;
  int i = model__mapping_at(m, addr);
  if (i < 0)
    return hipErrorInvalidValue;
  model_phys *phys = &m->phys[m->mappings[i].phys];
  if (m->profile->retain_adds_reference)
    phys->refs++; /* g: retain_adds_reference */
  *expect = phys->handle;
  return hipSuccess;
}

hipError_t model_properties(const model *m, bool prop_null, uintptr_t handle,
                            hipMemAllocationProp *expect) {
  int p = model__phys_of(m, handle);
  if (prop_null || handle == 0)
    return hipErrorInvalidValue;
  if (p >= 0) {
    *expect = m->phys[p].prop;
    return hipSuccess;
  }
  /* g: properties_of_released `Success`: a handle released for good still answers */
  for (int i = 0; m->profile->properties_of_released && i < MODEL_MAX_RELEASED; i++)
    if (m->released[i].handle == handle) {
      *expect = m->released[i].prop;
      return hipSuccess;
    }
  return hipErrorInvalidValue;
}

/* ---- mappings (a.6, a.7) ---- */

/* Whether [ptr, ptr+bytes) lies inside one reservation and meets no mapping. */
static bool reserved_unmapped(const model *m, uintptr_t ptr, size_t bytes) {
  int r = model__reservation_at(m, ptr);
  if (r < 0 || bytes > m->reservations[r].bytes - (ptr - m->reservations[r].base))
    return false;
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++) {
    const model_mapping *map = &m->mappings[i];
    if (map->live && map->base < ptr + bytes && ptr < map->base + map->bytes)
      return false;
  }
  return true;
}

/* What the backend (ROCr) refuses: an address or size off the page, a range
   outside one reservation, an overlap with a mapping (a.6#3-#5). g: map_past_reservation
   `free_space`: HIP on NVIDIA maps on past the reservation's end into space nothing holds. */
static bool backend_refuses_map(const model *m, uintptr_t ptr, size_t bytes, bool past_free) {
  if (bytes % m->granule != 0 || ptr % m->granule != 0)
    return true;
  size_t left = model_reservation_left(m, ptr);
  if (m->profile->map_past_free && left != 0 && bytes > left)
    return !past_free || !reserved_unmapped(m, ptr, left);
  return !reserved_unmapped(m, ptr, bytes);
}

hipError_t model_map(model *m, uintptr_t ptr, size_t bytes, size_t offset, uintptr_t handle,
                     unsigned long long flags, bool past_free) {
  const model_profile *profile = m->profile;
  /* a.6#1, in its order */
  if (ptr == 0 || handle == 0 || bytes == 0)
    return hipErrorInvalidValue;
  if (offset != 0)
    return profile->map_offset; /* g: map_offset */
  if (flags != 0)
    return hipErrorInvalidValue;
  int p = model__phys_of(m, handle);
  if (p < 0)
    return hipErrorInvalidValue;
  if (m->phys[p].refs == 0) /* released: only mappings keep it */
    if (profile->map_released_handle != hipSuccess)
      return profile->map_released_handle; /* g: map_released_handle */
  /* g: map_part_of_handle `NotSupported`: the size against the handle's comes first, more
     than the handle too (the CUDA driver's order) */
  if (bytes != m->phys[p].bytes && profile->map_part_of_handle == hipErrorNotSupported)
    return hipErrorNotSupported;
  if (profile->map_size_checked && bytes % m->granule != 0)
    return hipErrorInvalidValue; /* g: map_size_checked */
  if (backend_refuses_map(m, ptr, bytes, past_free)) {
    if (!profile->map_failure_swallowed)
      return hipErrorInvalidValue;
    m->phys[p].refs++; /* g: map_failure `swallowed`: the reference taken first stays */
    return hipSuccess;
  }
  if (bytes > m->phys[p].bytes)
    return hipErrorInvalidValue; /* mockhip's check where ROCr maps (a.6#6: none checks) */
  if (bytes < m->phys[p].bytes && profile->map_part_of_handle != hipSuccess)
    return profile->map_part_of_handle; /* g: map_part_of_handle */
  m->mappings[free_mapping_slot(m)] =
      (model_mapping){.live = true, .base = ptr, .bytes = bytes, .phys = p}; /* no access (b.5) */
  m->phys[p].mappings++;
  return hipSuccess;
}

hipError_t model_unmap(model *m, uintptr_t ptr, size_t bytes) {
  if (ptr == 0 || bytes == 0)
    return hipErrorInvalidValue;
  int run[MODEL_MAX_MAPPINGS];
  run[0] = model__mapping_at(m, ptr);
  if (run[0] < 0 && m->profile->unmap_unmapped == hipSuccess && !reserved_unmapped(m, ptr, bytes))
    return hipErrorInvalidValue; /* Success only for a range of one reservation, all unmapped */
  if (run[0] < 0)
    return m->profile->unmap_unmapped; /* g: unmap_unmapped */
  int count = 1;                       /* g: unmap_size `containing`: the size is not checked */
  if (m->profile->unmap_size == RANGE_WHOLE_MAPPING && bytes != m->mappings[run[0]].bytes)
    return hipErrorInvalidValue;
  if (m->profile->unmap_size == RANGE_EXACT_RUN)
    count = model__covered_run(m, ptr, bytes, run);
  if (m->profile->unmap_size == RANGE_WHOLE_RUN) /* from a mapping's first byte only */
    count = ptr == m->mappings[run[0]].base ? model__covered_run(m, ptr, bytes, run) : 0;
  if (count == 0)
    return hipErrorInvalidValue;
  for (int k = 0; k < count; k++) {
    model_mapping *map = &m->mappings[run[k]];
    map->live = false;
    m->phys[map->phys].mappings--;
    phys_drop_if_unused(m, map->phys);
  }
  return hipSuccess;
}

/* ---- export and import (a.12, a.13) ---- */

hipError_t model_export(model *m, bool out_null, uintptr_t handle, int type,
                        unsigned long long flags, int got_fd) {
  if (flags != 0 || handle == 0 || out_null)
    return hipErrorInvalidValue;
  if (!m->profile->export_supported)
    return hipErrorNotSupported; /* g: export_supported `no`: the handle is not looked at */
  int p = model__phys_of(m, handle);
  if (p < 0 || type != hipMemHandleTypePosixFileDescriptor ||
      (int)m->phys[p].prop.requestedHandleType != type)
    return hipErrorInvalidValue; /* exact match with the type asked for at create */
  int f = free_fd_slot(m);
  m->fds[f] = (model_fd){.open = true, .fd = got_fd, .memory = m->phys[p].memory};
  m->memories[m->phys[p].memory].users++; /* the fd keeps the bytes (a.12 notes) */
  return hipSuccess;
}

static int open_fd(const model *m, intptr_t fd) {
  for (int i = 0; i < MODEL_MAX_FDS; i++)
    if (m->fds[i].open && m->fds[i].fd == fd)
      return i;
  return -1;
}

hipError_t model_import(model *m, bool handle_null, const model_os_handle_arg *os_handle, int type,
                        uintptr_t got_handle) {
  if (handle_null || os_handle->null)
    return hipErrorInvalidValue;
  if (m->profile->import_os_handle == OS_HANDLE_UNSUPPORTED)
    return hipErrorNotSupported; /* g: export_supported `no` */
  /* g: import_os_handle: passed the other way, no fd is found there. */
  bool right_form = os_handle->form == m->profile->import_os_handle;
  int f = right_form ? open_fd(m, os_handle->fd) : -1;
  if (f < 0 && right_form)
    return m->profile->import_bad_fd; /* g: import_bad_fd: open or not, no export of ours */
  if (f < 0)
    return hipErrorInvalidValue;
  /* a.11: an import reports Pinned memory on the calling device, and the
     handle type as given (a.13#4: not checked) or 0 (g: imported_handle_type). */
  int memory = m->fds[f].memory;
  hipMemAllocationHandleType reported =
      m->profile->imported_type_given ? (hipMemAllocationHandleType)type : hipMemHandleTypeNone;
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .requestedHandleType = reported,
                               .location = {hipMemLocationTypeDevice, m->device}};
  phys_add(m, got_handle, m->memories[memory].bytes, &prop, -1, memory);
  return hipSuccess;
}

void model_close_fd(model *m, int fd) {
  int f = open_fd(m, fd);
  if (f < 0)
    abort(); /* the fuzzer closes only fds it was given */
  m->fds[f].open = false;
  memory_drop(m, m->fds[f].memory);
}
