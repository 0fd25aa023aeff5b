/*
 * profile_cells.h: table (g) of docs/hip-vmm-semantics.md ("Version profiles"),
 * the releases of both platforms HIP runs on, copied by hand from the document
 * for test_profiles.c. It is kept apart from
 * the mock's own table on purpose: the test checks the mock against the
 * reference, so it must not read the mock's idea of it.
 */
#ifndef PROFILE_CELLS_H
#define PROFILE_CELLS_H

#include <stdbool.h>

#include <hip/hip_runtime_api.h>

/* The columns, in the document's order: the ROCm releases, then HIP on NVIDIA. */
typedef enum profile {
  P_6_0,
  P_6_1,
  P_6_2,
  P_6_3,
  P_6_4,
  P_7_0,
  P_7_1,
  P_7_2,
  P_NEWEST,
  P_CUDA_13_0,
  PROFILE_COUNT
} profile;

/* "6.0" ... "newest", as MOCKHIP_ROCM_VERSION spells them, and "cuda-13.0", the
   column's header, which mockhip_rocm_version() answers on the NVIDIA platform. */
extern const char *const profile_names[PROFILE_COUNT];

/* The profile `name` names, or PROFILE_COUNT for none. */
profile profile_named(const char *name);

/* Whether the column is HIP's NVIDIA platform (MOCKHIP_PLATFORM=nvidia). */
bool profile_nvidia(profile p);

/* What hipRuntimeGetVersion answers: on ROCm major*10000000 + minor*100000 of the
   release, newest the header's HIP_VERSION (7.2); on NVIDIA the CUDA runtime's
   major*1000 + minor*10 (13000). */
int profile_runtime_version(profile p);

/* Who plays the column, as reasons and strict reports name it: "ROCm 6.2", "the newest
   ROCm", "HIP on NVIDIA (CUDA 13.0)". */
const char *profile_title(profile p);

/* Every value a cell holds: an error name or a word the document defines. */
typedef enum cell {
  /* error names */
  SUCCESS,
  INVALID_VALUE,
  MEMORY_ALLOCATION, /* = 2 = OutOfMemory */
  INVALID_DEVICE,
  UNKNOWN,
  NOT_SUPPORTED,
  NOT_INITIALIZED,
  PEER_ACCESS_NOT_ENABLED,
  INVALID_CONTEXT,
  CONTEXT_IS_DESTROYED,
  STREAM_CAPTURE_ISOLATION,
  NOT_FOUND,
  LAUNCH_TIME_OUT,
  /* words */
  NO,
  YES,
  CRASH,
  UNCHECKED,
  PINNED,
  PINNED_UNCACHED,
  DEVICE,
  DEVICE_HOST,
  ALL,
  MINIMUM,
  OWN,
  NONE,
  MULTIPLE,
  POW2,
  POSIX,
  POSIX_CUDA,
  DEFERRED,
  SWALLOWED,
  WHOLE_MAPPING,
  CONTAINING,
  EXACT_RUN,
  EXTEND,
  FIRST_MAPPINGS,
  AS_DEVICE,
  HOST_LOCATED,
  UNSUPPORTED,
  POINTER,
  VALUE,
  ZERO,
  GIVEN,
  HOST_PAGE,
  TWO_MIB,
  EXACT,
  GRANULE_MULTIPLE,
  ALLOWED,
  WHOLE_RUN,
  HOST_SLOT,
  ONE_MINUS_ONE,
  ZERO_MINUS_FIVE,
  TRUNCATED,
  WORKS,
  FIRST_MAPPING,
  WHOLE_RANGE,
  KEPT,
  ENDED,
  INVALIDATED,
  IN_ORDER,
  ALL_OR_NOTHING,
  WAITS,
  STAGED,
  NO_POINTER, /* the word null */
  PTR,
  MAPPING,
  ABORT,
  STICKY,
  ABORT_IF_CORE,
  RESERVATION_PAGES,
  DANGLING,
  REFUSED,
  FREE_SPACE,
  LAST_CALL,
  UNTIL_READ,
  INVALID_HANDLE,
} cell;

/* The hipError_t an error-name cell stands for (-1 for a word). */
int cell_code(cell c);

/* One row: its key and a cell per column. */
typedef struct row {
  const char *key;
  cell cells[PROFILE_COUNT];
} row;

/* The rows' keys, in the document's order. */
#define PROFILE_ROWS(X)                                                                            \
  X(vmm_attribute)                                                                                 \
  X(allocation_types)                                                                              \
  X(location_types)                                                                                \
  X(host_id_checked)                                                                               \
  X(granularity_option_checked)                                                                    \
  X(recommended_granularity)                                                                       \
  X(granularity)                                                                                   \
  X(granularity_prop_checked)                                                                      \
  X(reserve_size_zero)                                                                             \
  X(reserve_size_granularity)                                                                      \
  X(reserve_alignment)                                                                             \
  X(free_unknown_address)                                                                          \
  X(free_with_mappings)                                                                            \
  X(free_range)                                                                                    \
  X(create_device_id)                                                                              \
  X(create_handle_types)                                                                           \
  X(create_size_rules)                                                                             \
  X(release_while_mapped)                                                                          \
  X(map_size_checked)                                                                              \
  X(map_offset)                                                                                    \
  X(map_part_of_handle)                                                                            \
  X(map_released_handle)                                                                           \
  X(map_failure)                                                                                   \
  X(map_past_reservation)                                                                          \
  X(unmap_unmapped)                                                                                \
  X(unmap_size)                                                                                    \
  X(set_access_size)                                                                               \
  X(set_access_locations)                                                                          \
  X(host_access_refusal)                                                                           \
  X(set_access_order)                                                                              \
  X(get_access_checked)                                                                            \
  X(get_access_host)                                                                               \
  X(get_access_device_id)                                                                          \
  X(cpu_access)                                                                                    \
  X(copy_access)                                                                                   \
  X(pageable_copy)                                                                                 \
  X(kernel_fault)                                                                                  \
  X(kernel_trap)                                                                                   \
  X(retain_non_vmm)                                                                                \
  X(retain_adds_reference)                                                                         \
  X(properties_of_released)                                                                        \
  X(export_supported)                                                                              \
  X(export_null_handle)                                                                            \
  X(import_os_handle)                                                                              \
  X(import_bad_fd)                                                                                 \
  X(free_async_null)                                                                               \
  X(imported_handle_type)                                                                          \
  X(ext_malloc)                                                                                    \
  X(free_crosses_kinds)                                                                            \
  X(pointer_allocation_flags)                                                                      \
  X(unregistered_host_pointer)                                                                     \
  X(address_range_of_vmm)                                                                          \
  X(range_handle_flags)                                                                            \
  X(ctx_synchronize)                                                                               \
  X(stream_priorities)                                                                             \
  X(pci_bus_id_short)                                                                              \
  X(map_array_async)                                                                               \
  X(forked_child)                                                                                  \
  X(peer_disable_self)                                                                             \
  X(amd_attributes)                                                                                \
  X(ctx_push_null)                                                                                 \
  X(primary_state_null)                                                                            \
  X(stale_handle)                                                                                  \
  X(null_stream_flags)                                                                             \
  X(capture_end_wrong_thread)                                                                      \
  X(capture_end_unmatched)                                                                         \
  X(capture_mode_checked)                                                                          \
  X(capture_isolation)                                                                             \
  X(kernel_hang)                                                                                   \
  X(async_stream_invalid)                                                                          \
  X(last_error)

/* One const row per key, named after it. */
#define PROFILE_DECLARE_ROW(key) extern const row key;
PROFILE_ROWS(PROFILE_DECLARE_ROW)
#undef PROFILE_DECLARE_ROW

#endif /* PROFILE_CELLS_H */
