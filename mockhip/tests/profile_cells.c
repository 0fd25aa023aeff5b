/*
 * profile_cells.c: the cells of table (g), column by column as the document
 * writes them ("as 6.3" cells hold the value they borrow). Sources stay in the
 * document; only the values are here.
 */
#include "profile_cells.h"

#include <string.h>

const char *const profile_names[PROFILE_COUNT] = {"6.0", "6.1", "6.2", "6.3",   "6.4",
                                                  "7.0", "7.1", "7.2", "newest"};

profile profile_named(const char *name) {
  for (int p = 0; p < PROFILE_COUNT; p++)
    if (strcmp(profile_names[p], name) == 0)
      return (profile)p;
  return PROFILE_COUNT;
}

int profile_runtime_version(profile p) {
  static const int major_minor[PROFILE_COUNT][2] = {{6, 0}, {6, 1}, {6, 2}, {6, 3}, {6, 4},
                                                    {7, 0}, {7, 1}, {7, 2}, {7, 2}};
  return major_minor[p][0] * 10000000 + major_minor[p][1] * 100000;
}

int cell_code(cell c) {
  switch (c) {
  case SUCCESS: return hipSuccess;
  case INVALID_VALUE: return hipErrorInvalidValue;
  case MEMORY_ALLOCATION: return hipErrorMemoryAllocation;
  case INVALID_DEVICE: return hipErrorInvalidDevice;
  case UNKNOWN: return hipErrorUnknown;
  default: return -1;
  }
}

/* Each row's cells: 6.0, 6.1, 6.2, 6.3, 6.4, 7.0, 7.1, 7.2, newest. */
const row vmm_attribute = {"vmm_attribute", {NO, YES, YES, YES, YES, YES, YES, YES, YES}};
const row allocation_types = {"allocation_types",
                              {PINNED, PINNED, PINNED, PINNED, PINNED, PINNED_UNCACHED,
                               PINNED_UNCACHED, PINNED_UNCACHED, PINNED_UNCACHED}};
const row location_types = {
    "location_types",
    {DEVICE, DEVICE, DEVICE, DEVICE, DEVICE, DEVICE_HOST, DEVICE_HOST, DEVICE_HOST, ALL}};
const row host_id_checked = {"host_id_checked", {NO, NO, NO, NO, NO, YES, YES, YES, NO}};
const row granularity_option_checked = {"granularity_option_checked",
                                        {NO, NO, YES, YES, YES, YES, YES, YES, YES}};
const row recommended_granularity = {
    "recommended_granularity",
    {MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, OWN}};
const row reserve_size_zero = {"reserve_size_zero",
                               {UNCHECKED, MEMORY_ALLOCATION, MEMORY_ALLOCATION, MEMORY_ALLOCATION,
                                MEMORY_ALLOCATION, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                INVALID_VALUE}};
const row reserve_size_granularity = {"reserve_size_granularity",
                                      {UNCHECKED, MEMORY_ALLOCATION, MEMORY_ALLOCATION,
                                       MEMORY_ALLOCATION, MEMORY_ALLOCATION, INVALID_VALUE,
                                       INVALID_VALUE, INVALID_VALUE, INVALID_VALUE}};
const row reserve_alignment = {"reserve_alignment",
                               {NONE, MULTIPLE, POW2, POW2, POW2, POW2, POW2, POW2, POW2}};
const row free_unknown_address = {
    "free_unknown_address",
    {SUCCESS, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE}};
const row free_with_mappings = {
    "free_with_mappings",
    {SUCCESS, SUCCESS, SUCCESS, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN}};
const row create_device_id = {"create_device_id",
                              {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                               INVALID_VALUE, INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE,
                               INVALID_DEVICE}};
const row create_handle_types = {"create_handle_types",
                                 {NONE, NONE, POSIX, POSIX, POSIX, POSIX, POSIX, POSIX, POSIX}};
const row create_size_rules = {"create_size_rules", {NO, YES, YES, YES, YES, YES, YES, YES, YES}};
const row release_while_mapped = {
    "release_while_mapped",
    {CRASH, DEFERRED, DEFERRED, DEFERRED, DEFERRED, DEFERRED, DEFERRED, DEFERRED, DEFERRED}};
const row map_size_checked = {"map_size_checked", {NO, NO, NO, NO, NO, NO, NO, NO, YES}};
const row map_failure = {"map_failure",
                         {SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED,
                          SWALLOWED, SWALLOWED, INVALID_VALUE}};
const row unmap_unmapped = {"unmap_unmapped",
                            {CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE, INVALID_VALUE,
                             INVALID_VALUE, INVALID_VALUE}};
const row unmap_size = {"unmap_size",
                        {WHOLE_MAPPING, WHOLE_MAPPING, CONTAINING, CONTAINING, CONTAINING,
                         EXACT_RUN, EXACT_RUN, EXACT_RUN, EXACT_RUN}};
const row set_access_size = {"set_access_size",
                             {EXTEND, EXTEND, EXTEND, EXTEND, EXTEND, FIRST_MAPPINGS,
                              FIRST_MAPPINGS, FIRST_MAPPINGS, EXACT_RUN}};
const row set_access_locations = {"set_access_locations",
                                  {AS_DEVICE, AS_DEVICE, AS_DEVICE, AS_DEVICE, AS_DEVICE,
                                   HOST_LOCATED, HOST_LOCATED, HOST_LOCATED, ALL}};
const row get_access_checked = {"get_access_checked", {NO, YES, YES, YES, YES, YES, YES, YES, YES}};
const row retain_non_vmm = {
    "retain_non_vmm", {CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE}};
const row retain_adds_reference = {"retain_adds_reference", {NO, NO, NO, NO, NO, NO, NO, NO, YES}};
const row export_supported = {"export_supported", {NO, NO, YES, YES, YES, YES, YES, YES, YES}};
const row export_null_handle = {
    "export_null_handle",
    {INVALID_VALUE, INVALID_VALUE, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE}};
const row import_os_handle = {
    "import_os_handle",
    {UNSUPPORTED, UNSUPPORTED, POINTER, POINTER, POINTER, POINTER, POINTER, POINTER, VALUE}};
const row imported_handle_type = {"imported_handle_type",
                                  {ZERO, ZERO, ZERO, GIVEN, GIVEN, GIVEN, GIVEN, GIVEN, GIVEN}};
