/*
 * model_profile.h: what the model knows of one release: a ROCm release, or HIP
 * on NVIDIA (cuda-13.0). A row of docs/hip-vmm-semantics.md section (g)
 * "Version profiles" per field, one column per profile (model_profile.c),
 * written from the reference's words.
 *
 * A `crash` cell holds the newest column's code: the table says a profile
 * never crashes and the call returns that code.
 */
#ifndef FUZZ_MODEL_PROFILE_H
#define FUZZ_MODEL_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include <hip/hip_runtime_api.h>

/* location_types: which hipMemLocationType create and granularity take. */
typedef enum { LOCATIONS_DEVICE, LOCATIONS_DEVICE_HOST, LOCATIONS_ALL } model_location_types;

/* reserve_alignment: `none` any value, `multiple` 0 or a multiple of the
   granularity, `pow2` 0 or a power of two. */
typedef enum { ALIGNMENT_ANY, ALIGNMENT_MULTIPLE, ALIGNMENT_POW2 } model_alignment_rule;

/* create_size_rules. */
typedef enum {
  SIZE_ROUNDED_UP,       /* `no`: any size, rounded up to whole pages (the hipMalloc path) */
  SIZE_ROCM,             /* `yes`: % 2048 -> InvalidValue, then % granule -> OutOfMemory */
  SIZE_GRANULE_MULTIPLE, /* % granule -> InvalidValue */
} model_size_rules;

/* unmap_size and set_access_size (exact_run is both rows' newest ROCm word). */
typedef enum {
  RANGE_WHOLE_MAPPING,  /* unmap: size is the containing mapping's */
  RANGE_CONTAINING,     /* unmap: size unchecked, the containing mapping only */
  RANGE_EXTEND,         /* set access: widened to every mapping it touches */
  RANGE_FIRST_MAPPINGS, /* set access: size checked against the reservation's first mappings */
  RANGE_EXACT_RUN,      /* whole consecutive mappings from the containing one */
  RANGE_WHOLE_RUN,      /* the same, from a mapping's first byte only */
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
  const char *name;    /* MOCKHIP_ROCM_VERSION's value, "6.0" .. "newest", or "nvidia" */
  bool nvidia;         /* HIP's NVIDIA platform, which MOCKHIP_PLATFORM=nvidia selects */
  const char *release; /* what mockhip_rocm_version() answers: the name, or "cuda-13.0" */
  int version;         /* hipRuntimeGetVersion and hipDriverGetVersion */
  bool vmm_attribute;
  bool uncached_type; /* allocation_types `pinned_uncached` (else `pinned`) */
  model_location_types location_types;
  bool host_id_checked;
  bool granularity_option_checked;
  bool recommended_own; /* recommended_granularity `own` (else `minimum`) */
  /* granularity: `host_page` 4096 (the fuzzer sets MOCKHIP_GRANULARITY to it), `two_mib`
     2 MiB (the platform's own, MOCKHIP_GRANULARITY left unset). */
  size_t granule;
  bool granularity_prop_checked; /* `no`: the one granularity whatever prop says */
  /* The codes of size 0, of a size off the granularity and of a refused
     alignment. `unchecked` is played as the table says: size 0 reaches the
     backend (OutOfMemory), an unaligned size succeeds rounded up. */
  hipError_t reserve_size_zero;
  bool reserve_size_unchecked;
  hipError_t reserve_size_granularity;
  model_alignment_rule reserve_alignment;
  hipError_t free_unknown_address;
  hipError_t free_with_mappings; /* hipSuccess: reported, the reservation and its mappings kept */
  bool free_range_exact;         /* free_range `exact` (else `containing`: any size, any
                                    address inside) */
  hipError_t create_device_id;
  bool create_posix; /* create_handle_types `posix` or `posix_cuda` (else `none`) */
  bool create_cuda;  /* `posix_cuda`: Fabric Unknown, any other type InvalidValue */
  model_size_rules create_size_rules;
  bool map_size_checked;
  hipError_t map_offset;          /* the code of an offset other than 0 */
  hipError_t map_part_of_handle;  /* hipSuccess: `allowed` */
  hipError_t map_released_handle; /* hipSuccess: `allowed` */
  bool map_failure_swallowed;
  /* map_past_reservation `free_space`: a map may run past its reservation's end where nothing
     holds the space (else `refused`, as map_failure says) */
  bool map_past_free;
  hipError_t unmap_unmapped;
  model_range_rule unmap_size;
  model_range_rule set_access_size;
  model_access_locations set_access_locations;
  hipError_t host_access_refusal; /* a Host descriptor `host_located` refuses */
  bool set_access_all_or_nothing; /* set_access_order `all_or_nothing` (else `in_order`) */
  bool get_access_checked;
  bool get_access_host;            /* get_access_host `Success`: a Host location is answered */
  hipError_t get_access_device_id; /* get_access_device_id: a location id that is no device */
  /* cpu_access: `host_slot` (7.0 on, NVIDIA), the CPU may touch what the host may;
     `reservation_pages` (6.0-6.4), every mapping, read and write. */
  bool cpu_reservation_pages;
  bool retain_adds_reference;
  /* properties_of_released `Success`: a handle released for good still answers its properties
     (else `dangling`: ROCm reads freed memory, the mock refuses with InvalidValue) */
  bool properties_of_released;
  bool export_supported;
  model_os_handle import_os_handle;
  bool imported_type_given; /* imported_handle_type `given` (else `zero`) */
  hipError_t import_bad_fd; /* import_bad_fd: an open fd that holds no exported memory */
  /* copy_access `first_mapping`: only the mapping at a copy's address is asked, Unknown when
     not granted (else `none`/`whole_range`: every mapping, InvalidValue) */
  bool copy_first_mapping;
  /* copy_access `whole_range`: only the mappings and their access are asked, so a range may run
     on from one reservation into the next (else it stays inside one) */
  bool copy_across_reservations;
  bool ext_malloc;                       /* hipExtMallocWithFlags exists (else NotSupported) */
  bool free_crosses_kinds;               /* hipFree frees host blocks, hipHostFree the rest */
  bool free_async_null_refused;          /* free_async_null `InvalidValue` (else Success) */
  hipError_t async_stream_invalid;       /* a stale stream to hipMallocAsync and its kin */
  hipError_t ctx_synchronize;            /* hipCtxSynchronize's answer */
  int least_priority, greatest_priority; /* stream_priorities */
} model_profile;

/* The profile of that name, or NULL. */
const model_profile *model_profile_named(const char *name);
/* The names, in the table's order, for messages: "6.0, 6.1, ..., newest, nvidia". */
const char *model_profile_names(void);

#endif /* FUZZ_MODEL_PROFILE_H */
