/*
 * profile_cells.h: table (g) of docs/hip-vmm-semantics.md ("Version profiles"),
 * copied by hand from the document for test_profiles.c. It is kept apart from
 * the mock's own table on purpose: the test checks the mock against the
 * reference, so it must not read the mock's idea of it.
 */
#ifndef PROFILE_CELLS_H
#define PROFILE_CELLS_H

#include <hip/hip_runtime_api.h>

/* The columns, in the document's order. */
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
  PROFILE_COUNT
} profile;

/* "6.0" ... "newest", as MOCKHIP_ROCM_VERSION spells them. */
extern const char *const profile_names[PROFILE_COUNT];

/* The profile `name` names, or PROFILE_COUNT for none. */
profile profile_named(const char *name);

/* major*10000000 + minor*100000 of the release; newest answers HIP_VERSION (7.2). */
int profile_runtime_version(profile p);

/* Every value a cell holds: an error name or a word the document defines. */
typedef enum cell {
  /* error names */
  SUCCESS,
  INVALID_VALUE,
  MEMORY_ALLOCATION, /* = 2 = OutOfMemory */
  INVALID_DEVICE,
  UNKNOWN,
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
  X(reserve_size_zero)                                                                             \
  X(reserve_size_granularity)                                                                      \
  X(reserve_alignment)                                                                             \
  X(free_unknown_address)                                                                          \
  X(free_with_mappings)                                                                            \
  X(create_device_id)                                                                              \
  X(create_handle_types)                                                                           \
  X(create_size_rules)                                                                             \
  X(release_while_mapped)                                                                          \
  X(map_size_checked)                                                                              \
  X(map_failure)                                                                                   \
  X(unmap_unmapped)                                                                                \
  X(unmap_size)                                                                                    \
  X(set_access_size)                                                                               \
  X(set_access_locations)                                                                          \
  X(get_access_checked)                                                                            \
  X(retain_non_vmm)                                                                                \
  X(retain_adds_reference)                                                                         \
  X(export_supported)                                                                              \
  X(export_null_handle)                                                                            \
  X(import_os_handle)                                                                              \
  X(imported_handle_type)

/* One const row per key, named after it. */
#define PROFILE_DECLARE_ROW(key) extern const row key;
PROFILE_ROWS(PROFILE_DECLARE_ROW)
#undef PROFILE_DECLARE_ROW

#endif /* PROFILE_CELLS_H */
