/*
 * model_profile.h: what the model knows of one ROCm release: a row of
 * docs/hip-vmm-semantics.md section (g) "Version profiles" per field, one
 * column per profile (model_profile.c), written from the reference's words.
 *
 * A `crash` cell holds the newest column's code: the table says a profile
 * never crashes and the call returns that code.
 */
#ifndef FUZZ_MODEL_PROFILE_H
#define FUZZ_MODEL_PROFILE_H

#include <stdbool.h>

#include <hip/hip_runtime_api.h>

/* location_types: which hipMemLocationType create and granularity take. */
typedef enum { LOCATIONS_DEVICE, LOCATIONS_DEVICE_HOST, LOCATIONS_ALL } model_location_types;

/* reserve_alignment: `none` any value, `multiple` 0 or a multiple of the
   granularity, `pow2` 0 or a power of two. */
typedef enum { ALIGNMENT_ANY, ALIGNMENT_MULTIPLE, ALIGNMENT_POW2 } model_alignment_rule;

/* unmap_size and set_access_size (exact_run is both rows' newest word). */
typedef enum {
  RANGE_WHOLE_MAPPING,  /* unmap: size is the containing mapping's */
  RANGE_CONTAINING,     /* unmap: size unchecked, the containing mapping only */
  RANGE_EXTEND,         /* set access: widened to every mapping it touches */
  RANGE_FIRST_MAPPINGS, /* set access: size checked against the reservation's first mappings */
  RANGE_EXACT_RUN,      /* whole consecutive mappings from the containing one */
} model_range_rule;

/* set_access_locations. */
typedef enum {
  ACCESS_AS_DEVICE,     /* type unchecked, every descriptor is device location.id */
  ACCESS_HOST_LOCATED,  /* Device; Host only on Host-located allocations */
  ACCESS_ALL_LOCATIONS, /* Device, Host, HostNuma, HostNumaCurrent */
} model_access_locations;

/* import_os_handle. */
typedef enum { OS_HANDLE_UNSUPPORTED, OS_HANDLE_POINTER, OS_HANDLE_VALUE } model_os_handle;

typedef struct model_profile {
  const char *name; /* MOCKHIP_ROCM_VERSION's value, "6.0" .. "newest" */
  int version;      /* hipRuntimeGetVersion and hipDriverGetVersion */
  bool vmm_attribute;
  bool uncached_type; /* allocation_types `pinned_uncached` (else `pinned`) */
  model_location_types location_types;
  bool host_id_checked;
  bool granularity_option_checked;
  bool recommended_own; /* recommended_granularity `own` (else `minimum`) */
  /* The codes of size 0, of a size off the granularity and of a refused
     alignment. `unchecked` is played as the table says: size 0 reaches the
     backend (OutOfMemory), an unaligned size succeeds rounded up. */
  hipError_t reserve_size_zero;
  bool reserve_size_unchecked;
  hipError_t reserve_size_granularity;
  model_alignment_rule reserve_alignment;
  hipError_t free_unknown_address;
  hipError_t free_with_mappings; /* hipSuccess: reported, the reservation and its mappings kept */
  hipError_t create_device_id;
  bool create_posix;      /* create_handle_types `posix` (else `none`) */
  bool create_size_rules; /* `no`: any size, rounded up to whole pages */
  bool map_size_checked;
  bool map_failure_swallowed;
  hipError_t unmap_unmapped;
  model_range_rule unmap_size;
  model_range_rule set_access_size;
  model_access_locations set_access_locations;
  bool get_access_checked;
  bool retain_adds_reference;
  bool export_supported;
  model_os_handle import_os_handle;
  bool imported_type_given; /* imported_handle_type `given` (else `zero`) */
} model_profile;

/* The profile of that name, or NULL. */
const model_profile *model_profile_named(const char *name);
/* The names, in the table's order, for messages: "6.0, 6.1, ..., newest". */
const char *model_profile_names(void);

#endif /* FUZZ_MODEL_PROFILE_H */
