/*
 * model_profile.c: docs/hip-vmm-semantics.md section (g) as the model reads
 * it: one array per row of the table, one cell per column, in the table's
 * column order (the ROCm releases, then HIP on NVIDIA, cuda-13.0), so each
 * line can be read against the reference's row. A new release is one more
 * column: a name, a version and a cell per row.
 */
#include "model_profile.h"

#include <stddef.h>
#include <string.h>

#define COLUMNS 10
/* The fuzzer's names: MOCKHIP_ROCM_VERSION's values, and "nvidia" for MOCKHIP_PLATFORM=nvidia. */
static const char *const names[COLUMNS] = {"6.0", "6.1", "6.2", "6.3",    "6.4",
                                           "7.0", "7.1", "7.2", "newest", "nvidia"};
static const bool nvidia[COLUMNS] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
/* What mockhip_rocm_version() answers: the table's column header. */
static const char *const releases[COLUMNS] = {"6.0", "6.1", "6.2", "6.3",    "6.4",
                                              "7.0", "7.1", "7.2", "newest", "cuda-13.0"};
/* major*10000000 + minor*100000; newest answers the header's HIP_VERSION; on NVIDIA the CUDA
   runtime's major*1000 + minor*10. */
static const int versions[COLUMNS] = {60000000, 60100000, 60200000, 60300000,    60400000,
                                      70000000, 70100000, 70200000, HIP_VERSION, 13000};

enum { IV = hipErrorInvalidValue, OOM = hipErrorOutOfMemory, OK = hipSuccess };
#define MA hipErrorMemoryAllocation /* the same value as OutOfMemory, as the table says */
#define NS hipErrorNotSupported
#define HOST_PAGE ((size_t)4096) /* `host_page`, as MOCKHIP_GRANULARITY sets it */
#define TWO_MIB ((size_t)2 << 20)

/* Rows; the comment after a cell says what the table's word was where the
   model plays it as another value. */
/*                                     6.0  6.1  6.2  6.3  6.4  7.0  7.1  7.2  newest  cuda-13.0 */
static const bool vmm_attribute[] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const bool uncached_type[] = {0, 0, 0, 0, 0, 1, 1, 1, 1, 0};
static const model_location_types location_types[] = {
    LOCATIONS_DEVICE, LOCATIONS_DEVICE,      LOCATIONS_DEVICE,      LOCATIONS_DEVICE,
    LOCATIONS_DEVICE, LOCATIONS_DEVICE_HOST, LOCATIONS_DEVICE_HOST, LOCATIONS_DEVICE_HOST,
    LOCATIONS_ALL,    LOCATIONS_ALL};
static const bool host_id_checked[] = {0, 0, 0, 0, 0, 1, 1, 1, 0, 0};
static const bool granularity_option_checked[] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const bool recommended_own[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0};
static const size_t granule[] = {HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE,
                                 HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE, TWO_MIB};
static const bool granularity_prop_checked[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
/* 6.0 `unchecked`: the backend refuses the empty range with OutOfMemory. */
static const hipError_t reserve_size_zero[] = {OOM, MA, MA, MA, MA, IV, IV, IV, IV, IV};
static const bool reserve_size_unchecked[] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
static const hipError_t reserve_size_granularity[] = {
    OK /* unchecked */, MA, MA, MA, MA, IV, IV, IV, IV, IV};
static const model_alignment_rule reserve_alignment[] = {
    ALIGNMENT_ANY,  ALIGNMENT_MULTIPLE, ALIGNMENT_POW2, ALIGNMENT_POW2, ALIGNMENT_POW2,
    ALIGNMENT_POW2, ALIGNMENT_POW2,     ALIGNMENT_POW2, ALIGNMENT_POW2, ALIGNMENT_POW2};
static const hipError_t free_unknown_address[] = {OK,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV /* crash */,
                                                  IV,
                                                  IV};
static const hipError_t free_with_mappings[] = {OK,
                                                OK,
                                                OK,
                                                hipErrorUnknown,
                                                hipErrorUnknown,
                                                hipErrorUnknown,
                                                hipErrorUnknown,
                                                hipErrorUnknown,
                                                hipErrorUnknown,
                                                IV};
static const bool free_range_exact[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const hipError_t create_device_id[] = {IV,
                                              IV,
                                              IV,
                                              IV,
                                              IV,
                                              hipErrorInvalidDevice,
                                              hipErrorInvalidDevice,
                                              hipErrorInvalidDevice,
                                              hipErrorInvalidDevice,
                                              hipErrorInvalidDevice};
static const bool create_posix[] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const bool create_cuda[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const model_size_rules create_size_rules[] = {
    SIZE_ROUNDED_UP, SIZE_ROCM, SIZE_ROCM, SIZE_ROCM, SIZE_ROCM,
    SIZE_ROCM,       SIZE_ROCM, SIZE_ROCM, SIZE_ROCM, SIZE_GRANULE_MULTIPLE};
/* release_while_mapped: 6.0 `crash` is played as `deferred`, which the model
   always does (b.2): no row here. */
static const bool map_size_checked[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
static const hipError_t map_offset[] = {IV, IV, IV, IV, IV, IV, IV, IV, IV, NS};
static const hipError_t map_part_of_handle[] = {OK, OK, OK, OK, OK, OK, OK, OK, OK, NS};
static const hipError_t map_released_handle[] = {OK, OK, OK, OK, OK, OK, OK, OK, OK, OK};
static const bool map_failure_swallowed[] = {1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
static const bool map_past_free[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const hipError_t unmap_unmapped[] = {IV /* crash */,
                                            IV /* crash */,
                                            IV /* crash */,
                                            IV /* crash */,
                                            IV /* crash */,
                                            IV,
                                            IV,
                                            IV,
                                            IV,
                                            OK};
static const model_range_rule unmap_size[] = {
    RANGE_WHOLE_MAPPING, RANGE_WHOLE_MAPPING, RANGE_CONTAINING, RANGE_CONTAINING, RANGE_CONTAINING,
    RANGE_EXACT_RUN,     RANGE_EXACT_RUN,     RANGE_EXACT_RUN,  RANGE_EXACT_RUN,  RANGE_WHOLE_RUN};
static const model_range_rule set_access_size[] = {
    RANGE_EXTEND,    RANGE_EXTEND,         RANGE_EXTEND,         RANGE_EXTEND,
    RANGE_EXTEND,    RANGE_FIRST_MAPPINGS, RANGE_FIRST_MAPPINGS, RANGE_FIRST_MAPPINGS,
    RANGE_EXACT_RUN, RANGE_WHOLE_RUN};
static const model_access_locations set_access_locations[] = {
    ACCESS_AS_DEVICE,     ACCESS_AS_DEVICE,    ACCESS_AS_DEVICE,    ACCESS_AS_DEVICE,
    ACCESS_AS_DEVICE,     ACCESS_HOST_LOCATED, ACCESS_HOST_LOCATED, ACCESS_HOST_LOCATED,
    ACCESS_ALL_LOCATIONS, ACCESS_HOST_LOCATED};
static const hipError_t host_access_refusal[] = {IV, IV, IV, IV, IV, IV, IV, IV, IV, NS};
static const bool get_access_checked[] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1};
static const bool set_access_all_or_nothing[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const bool get_access_host[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const hipError_t get_access_device_id[] = {IV, IV, IV, IV, IV,
                                                  IV, IV, IV, IV, hipErrorInvalidDevice};
static const bool cpu_reservation_pages[] = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0};
/* retain_non_vmm (always the newest's InvalidValue) and export_null_handle
   (InvalidValue or `crash`, played as InvalidValue) give one code everywhere:
   no row here. */
static const bool retain_adds_reference[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
static const bool properties_of_released[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const bool export_supported[] = {0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
static const model_os_handle import_os_handle[] = {
    OS_HANDLE_UNSUPPORTED, OS_HANDLE_UNSUPPORTED, OS_HANDLE_POINTER, OS_HANDLE_POINTER,
    OS_HANDLE_POINTER,     OS_HANDLE_POINTER,     OS_HANDLE_VALUE,   OS_HANDLE_VALUE,
    OS_HANDLE_VALUE,       OS_HANDLE_VALUE};
static const bool imported_type_given[] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 0};
static const hipError_t import_bad_fd[] = {IV, IV, IV, IV, IV, IV, IV, IV, IV, hipErrorUnknown};
/* `none` (ROCm asks nothing; the mock refuses as `whole_range` does), `first_mapping`. */
static const bool copy_first_mapping[] = {0, 0, 0, 1, 1, 1, 1, 1, 1, 0};
static const bool copy_across_reservations[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
/* The host runtime's rows (model_runtime.c): hipExtMallocWithFlags (ext_malloc `yes`, else
   NotSupported), a free of another kind's block (free_crosses_kinds), hipCtxSynchronize
   (ctx_synchronize) and the range priorities are clamped into (stream_priorities:
   `one_minus_one` least 1 greatest -1, `zero_minus_five` least 0 greatest -5). */
static const bool ext_malloc[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
static const bool free_crosses_kinds[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
static const bool free_async_null_refused[] = {1, 1, 1, 1, 1, 1, 0, 0, 0, 0};
/* async_stream_invalid: a stale stream given to the stream-ordered allocator (NVIDIA: the newest
   ROCm's answer, which the mock gives where that release crashes) */
static const hipError_t async_stream_invalid[] = {
    hipErrorInvalidValue,  hipErrorInvalidValue,  hipErrorInvalidHandle, hipErrorInvalidHandle,
    hipErrorInvalidHandle, hipErrorInvalidHandle, hipErrorInvalidHandle, hipErrorInvalidHandle,
    hipErrorInvalidHandle, hipErrorInvalidHandle};
static const hipError_t ctx_synchronize[] = {NS, NS, NS, NS, NS, NS, NS, NS, NS, OK};
static const int least_priority[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 0};
static const int greatest_priority[] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -5};
/* Not reached by the fuzzer's calls: pci_bus_id_short, map_array_async and forked_child (no
   PCI ids, arrays or fork), amd_attributes and the capture rows. peer_disable_self,
   ctx_push_null, primary_state_null and null_stream_flags differ on NVIDIA alone:
   model_runtime.c asks `nvidia`. stale_handle answers ROCm's code everywhere (NVIDIA's
   crash is a strict report): no row here. */

#define CELL(row, c) ((void)sizeof(char[sizeof row / sizeof row[0] == COLUMNS ? 1 : -1]), row[c])

static model_profile profiles[COLUMNS];

const model_profile *model_profile_named(const char *name) {
  for (int c = 0; c < COLUMNS; c++) {
    if (strcmp(name, names[c]) != 0)
      continue;
    profiles[c] = (model_profile){
        .name = names[c],
        .nvidia = CELL(nvidia, c),
        .release = CELL(releases, c),
        .version = CELL(versions, c),
        .vmm_attribute = CELL(vmm_attribute, c),
        .uncached_type = CELL(uncached_type, c),
        .location_types = CELL(location_types, c),
        .host_id_checked = CELL(host_id_checked, c),
        .granularity_option_checked = CELL(granularity_option_checked, c),
        .recommended_own = CELL(recommended_own, c),
        .granule = CELL(granule, c),
        .granularity_prop_checked = CELL(granularity_prop_checked, c),
        .reserve_size_zero = CELL(reserve_size_zero, c),
        .reserve_size_unchecked = CELL(reserve_size_unchecked, c),
        .reserve_size_granularity = CELL(reserve_size_granularity, c),
        .reserve_alignment = CELL(reserve_alignment, c),
        .free_unknown_address = CELL(free_unknown_address, c),
        .free_with_mappings = CELL(free_with_mappings, c),
        .free_range_exact = CELL(free_range_exact, c),
        .create_device_id = CELL(create_device_id, c),
        .create_posix = CELL(create_posix, c),
        .create_cuda = CELL(create_cuda, c),
        .create_size_rules = CELL(create_size_rules, c),
        .map_size_checked = CELL(map_size_checked, c),
        .map_offset = CELL(map_offset, c),
        .map_part_of_handle = CELL(map_part_of_handle, c),
        .map_released_handle = CELL(map_released_handle, c),
        .map_failure_swallowed = CELL(map_failure_swallowed, c),
        .map_past_free = CELL(map_past_free, c),
        .unmap_unmapped = CELL(unmap_unmapped, c),
        .unmap_size = CELL(unmap_size, c),
        .set_access_size = CELL(set_access_size, c),
        .set_access_locations = CELL(set_access_locations, c),
        .host_access_refusal = CELL(host_access_refusal, c),
        .set_access_all_or_nothing = CELL(set_access_all_or_nothing, c),
        .get_access_checked = CELL(get_access_checked, c),
        .get_access_host = CELL(get_access_host, c),
        .get_access_device_id = CELL(get_access_device_id, c),
        .cpu_reservation_pages = CELL(cpu_reservation_pages, c),
        .retain_adds_reference = CELL(retain_adds_reference, c),
        .properties_of_released = CELL(properties_of_released, c),
        .export_supported = CELL(export_supported, c),
        .import_os_handle = CELL(import_os_handle, c),
        .imported_type_given = CELL(imported_type_given, c),
        .import_bad_fd = CELL(import_bad_fd, c),
        .copy_first_mapping = CELL(copy_first_mapping, c),
        .copy_across_reservations = CELL(copy_across_reservations, c),
        .ext_malloc = CELL(ext_malloc, c),
        .free_crosses_kinds = CELL(free_crosses_kinds, c),
        .free_async_null_refused = CELL(free_async_null_refused, c),
        .async_stream_invalid = CELL(async_stream_invalid, c),
        .ctx_synchronize = CELL(ctx_synchronize, c),
        .least_priority = CELL(least_priority, c),
        .greatest_priority = CELL(greatest_priority, c),
    };
    return &profiles[c];
  }
  return NULL;
}

const char *model_profile_names(void) {
  return "6.0, 6.1, 6.2, 6.3, 6.4, 7.0, 7.1, 7.2, newest, nvidia";
}
