/*
 * profile_cells.c: the cells of table (g), column by column as the document
 * writes them ("as 6.3" cells hold the value they borrow). Sources stay in the
 * document; only the values are here.
 */
#include "profile_cells.h"

#include <stdio.h>
#include <string.h>

const char *const profile_names[PROFILE_COUNT] = {"6.0", "6.1", "6.2", "6.3",    "6.4",
                                                  "7.0", "7.1", "7.2", "newest", "cuda-13.0"};

profile profile_named(const char *name) {
  for (int p = 0; p < PROFILE_COUNT; p++)
    if (strcmp(profile_names[p], name) == 0)
      return (profile)p;
  return PROFILE_COUNT;
}

bool profile_nvidia(profile p) { return p == P_CUDA_13_0; }

int profile_runtime_version(profile p) {
  static const int major_minor[PROFILE_COUNT][2] = {{6, 0}, {6, 1}, {6, 2}, {6, 3}, {6, 4},
                                                    {7, 0}, {7, 1}, {7, 2}, {7, 2}, {13, 0}};
  if (profile_nvidia(p))
    return major_minor[p][0] * 1000 + major_minor[p][1] * 10;
  return major_minor[p][0] * 10000000 + major_minor[p][1] * 100000;
}

const char *profile_title(profile p) {
  static char title[48];
  if (profile_nvidia(p))
    return "HIP on NVIDIA (CUDA 13.0)";
  if (p == P_NEWEST)
    return "the newest ROCm";
  snprintf(title, sizeof title, "ROCm %s", profile_names[p]);
  return title;
}

int cell_code(cell c) {
  switch (c) {
  case SUCCESS: return hipSuccess;
  case INVALID_VALUE: return hipErrorInvalidValue;
  case MEMORY_ALLOCATION: return hipErrorMemoryAllocation;
  case INVALID_DEVICE: return hipErrorInvalidDevice;
  case UNKNOWN: return hipErrorUnknown;
  case NOT_SUPPORTED: return hipErrorNotSupported;
  case NOT_INITIALIZED: return hipErrorNotInitialized;
  case PEER_ACCESS_NOT_ENABLED: return hipErrorPeerAccessNotEnabled;
  case INVALID_CONTEXT: return hipErrorInvalidContext;
  case CONTEXT_IS_DESTROYED: return hipErrorContextIsDestroyed;
  case STREAM_CAPTURE_ISOLATION: return hipErrorStreamCaptureIsolation;
  case NOT_FOUND: return hipErrorNotFound;
  case INVALID_HANDLE: return hipErrorInvalidHandle;
  case LAUNCH_TIME_OUT: return hipErrorLaunchTimeOut;
  default: return -1;
  }
}

/* Each row's cells: 6.0, 6.1, 6.2, 6.3, 6.4, 7.0, 7.1, 7.2, newest, cuda-13.0. */
const row vmm_attribute = {"vmm_attribute", {NO, YES, YES, YES, YES, YES, YES, YES, YES, YES}};
const row allocation_types = {"allocation_types",
                              {PINNED, PINNED, PINNED, PINNED, PINNED, PINNED_UNCACHED,
                               PINNED_UNCACHED, PINNED_UNCACHED, PINNED_UNCACHED, PINNED}};
const row location_types = {
    "location_types",
    {DEVICE, DEVICE, DEVICE, DEVICE, DEVICE, DEVICE_HOST, DEVICE_HOST, DEVICE_HOST, ALL, ALL}};
const row host_id_checked = {"host_id_checked", {NO, NO, NO, NO, NO, YES, YES, YES, NO, NO}};
const row granularity_option_checked = {"granularity_option_checked",
                                        {NO, NO, YES, YES, YES, YES, YES, YES, YES, YES}};
const row recommended_granularity = {
    "recommended_granularity",
    {MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, MINIMUM, OWN, MINIMUM}};
const row granularity = {"granularity",
                         {HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE, HOST_PAGE,
                          HOST_PAGE, HOST_PAGE, HOST_PAGE, TWO_MIB}};
const row granularity_prop_checked = {"granularity_prop_checked",
                                      {YES, YES, YES, YES, YES, YES, YES, YES, YES, NO}};
const row reserve_size_zero = {"reserve_size_zero",
                               {UNCHECKED, MEMORY_ALLOCATION, MEMORY_ALLOCATION, MEMORY_ALLOCATION,
                                MEMORY_ALLOCATION, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                INVALID_VALUE, INVALID_VALUE}};
const row reserve_size_granularity = {"reserve_size_granularity",
                                      {UNCHECKED, MEMORY_ALLOCATION, MEMORY_ALLOCATION,
                                       MEMORY_ALLOCATION, MEMORY_ALLOCATION, INVALID_VALUE,
                                       INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE}};
const row reserve_alignment = {"reserve_alignment",
                               {NONE, MULTIPLE, POW2, POW2, POW2, POW2, POW2, POW2, POW2, POW2}};
const row free_unknown_address = {
    "free_unknown_address",
    {SUCCESS, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE, INVALID_VALUE}};
const row free_with_mappings = {"free_with_mappings",
                                {SUCCESS, SUCCESS, SUCCESS, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN,
                                 UNKNOWN, UNKNOWN, INVALID_VALUE}};
const row free_range = {"free_range",
                        {CONTAINING, CONTAINING, CONTAINING, CONTAINING, CONTAINING, CONTAINING,
                         CONTAINING, CONTAINING, CONTAINING, EXACT}};
const row create_device_id = {"create_device_id",
                              {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                               INVALID_VALUE, INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE,
                               INVALID_DEVICE, INVALID_DEVICE}};
const row create_handle_types = {
    "create_handle_types",
    {NONE, NONE, POSIX, POSIX, POSIX, POSIX, POSIX, POSIX, POSIX, POSIX_CUDA}};
const row create_size_rules = {"create_size_rules",
                               {NO, YES, YES, YES, YES, YES, YES, YES, YES, GRANULE_MULTIPLE}};
const row release_while_mapped = {"release_while_mapped",
                                  {CRASH, DEFERRED, DEFERRED, DEFERRED, DEFERRED, DEFERRED,
                                   DEFERRED, DEFERRED, DEFERRED, DEFERRED}};
const row map_size_checked = {"map_size_checked", {NO, NO, NO, NO, NO, NO, NO, NO, YES, YES}};
const row map_offset = {"map_offset",
                        {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                         INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                         NOT_SUPPORTED}};
const row map_part_of_handle = {"map_part_of_handle",
                                {ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED,
                                 ALLOWED, ALLOWED, NOT_SUPPORTED}};
const row map_released_handle = {
    "map_released_handle",
    {ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED}};
const row map_failure = {"map_failure",
                         {SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED, SWALLOWED,
                          SWALLOWED, SWALLOWED, INVALID_VALUE, INVALID_VALUE}};
const row map_past_reservation = {
    "map_past_reservation",
    {REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, FREE_SPACE}};
const row unmap_unmapped = {"unmap_unmapped",
                            {CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE, INVALID_VALUE,
                             INVALID_VALUE, INVALID_VALUE, SUCCESS}};
const row unmap_size = {"unmap_size",
                        {WHOLE_MAPPING, WHOLE_MAPPING, CONTAINING, CONTAINING, CONTAINING,
                         EXACT_RUN, EXACT_RUN, EXACT_RUN, EXACT_RUN, WHOLE_RUN}};
const row set_access_size = {"set_access_size",
                             {EXTEND, EXTEND, EXTEND, EXTEND, EXTEND, FIRST_MAPPINGS,
                              FIRST_MAPPINGS, FIRST_MAPPINGS, EXACT_RUN, WHOLE_RUN}};
const row set_access_locations = {"set_access_locations",
                                  {AS_DEVICE, AS_DEVICE, AS_DEVICE, AS_DEVICE, AS_DEVICE,
                                   HOST_LOCATED, HOST_LOCATED, HOST_LOCATED, ALL, HOST_LOCATED}};
const row host_access_refusal = {"host_access_refusal",
                                 {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                  INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                  INVALID_VALUE, NOT_SUPPORTED}};
const row set_access_order = {"set_access_order",
                              {IN_ORDER, IN_ORDER, IN_ORDER, IN_ORDER, IN_ORDER, IN_ORDER, IN_ORDER,
                               IN_ORDER, IN_ORDER, ALL_OR_NOTHING}};
const row get_access_checked = {"get_access_checked",
                                {NO, YES, YES, YES, YES, YES, YES, YES, YES, YES}};
const row get_access_host = {"get_access_host",
                             {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                              INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                              INVALID_VALUE, SUCCESS}};
const row get_access_device_id = {"get_access_device_id",
                                  {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                   INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                   INVALID_VALUE, INVALID_DEVICE}};
const row cpu_access = {"cpu_access",
                        {RESERVATION_PAGES, RESERVATION_PAGES, RESERVATION_PAGES, RESERVATION_PAGES,
                         RESERVATION_PAGES, HOST_SLOT, HOST_SLOT, HOST_SLOT, HOST_SLOT, HOST_SLOT}};
const row copy_access = {"copy_access",
                         {NONE, NONE, NONE, FIRST_MAPPING, FIRST_MAPPING, FIRST_MAPPING,
                          FIRST_MAPPING, FIRST_MAPPING, FIRST_MAPPING, WHOLE_RANGE}};
const row pageable_copy = {"pageable_copy",
                           {WAITS, WAITS, WAITS, WAITS, WAITS, WAITS, WAITS, WAITS, WAITS, STAGED}};
const row kernel_fault = {"kernel_fault",
                          {ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, STICKY, STICKY}};
const row kernel_trap = {"kernel_trap",
                         {ABORT, ABORT, ABORT, ABORT, ABORT, ABORT_IF_CORE, ABORT_IF_CORE,
                          ABORT_IF_CORE, ABORT_IF_CORE, STICKY}};
const row retain_non_vmm = {
    "retain_non_vmm",
    {CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, CRASH, INVALID_VALUE, INVALID_VALUE}};
const row retain_adds_reference = {"retain_adds_reference",
                                   {NO, NO, NO, NO, NO, NO, NO, NO, YES, YES}};
const row properties_of_released = {"properties_of_released",
                                    {DANGLING, DANGLING, DANGLING, DANGLING, DANGLING, DANGLING,
                                     DANGLING, DANGLING, DANGLING, SUCCESS}};
const row export_supported = {"export_supported", {NO, NO, YES, YES, YES, YES, YES, YES, YES, YES}};
const row export_null_handle = {"export_null_handle",
                                {INVALID_VALUE, INVALID_VALUE, CRASH, CRASH, CRASH, CRASH, CRASH,
                                 CRASH, INVALID_VALUE, INVALID_VALUE}};
const row import_os_handle = {
    "import_os_handle",
    {UNSUPPORTED, UNSUPPORTED, POINTER, POINTER, POINTER, POINTER, VALUE, VALUE, VALUE, VALUE}};
const row import_bad_fd = {"import_bad_fd",
                           {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                            INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                            INVALID_VALUE, UNKNOWN}};
const row free_async_null = {"free_async_null",
                             {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                              INVALID_VALUE, INVALID_VALUE, SUCCESS, SUCCESS, SUCCESS, SUCCESS}};
const row imported_handle_type = {
    "imported_handle_type", {ZERO, ZERO, ZERO, GIVEN, GIVEN, GIVEN, GIVEN, GIVEN, GIVEN, ZERO}};
const row ext_malloc = {"ext_malloc", {YES, YES, YES, YES, YES, YES, YES, YES, YES, NOT_SUPPORTED}};
const row free_crosses_kinds = {"free_crosses_kinds",
                                {SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS,
                                 SUCCESS, SUCCESS, INVALID_VALUE}};
const row pointer_allocation_flags = {"pointer_allocation_flags",
                                      {KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, ZERO}};
const row unregistered_host_pointer = {"unregistered_host_pointer",
                                       {NO_POINTER, NO_POINTER, NO_POINTER, NO_POINTER, NO_POINTER,
                                        NO_POINTER, NO_POINTER, NO_POINTER, NO_POINTER, PTR}};
const row address_range_of_vmm = {
    "address_range_of_vmm",
    {MAPPING, MAPPING, MAPPING, MAPPING, MAPPING, MAPPING, MAPPING, MAPPING, MAPPING, NOT_FOUND}};
const row range_handle_flags = {"range_handle_flags",
                                {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                 INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                 INVALID_VALUE, NOT_SUPPORTED}};
const row ctx_synchronize = {"ctx_synchronize",
                             {NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED,
                              NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED,
                              NOT_SUPPORTED, SUCCESS}};
const row stream_priorities = {"stream_priorities",
                               {ONE_MINUS_ONE, ONE_MINUS_ONE, ONE_MINUS_ONE, ONE_MINUS_ONE,
                                ONE_MINUS_ONE, ONE_MINUS_ONE, ONE_MINUS_ONE, ONE_MINUS_ONE,
                                ONE_MINUS_ONE, ZERO_MINUS_FIVE}};
const row pci_bus_id_short = {"pci_bus_id_short",
                              {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                               INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                               INVALID_VALUE, INVALID_VALUE}};
const row map_array_async = {"map_array_async",
                             {NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED,
                              NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED, NOT_SUPPORTED,
                              NOT_SUPPORTED, INVALID_VALUE}};
const row forked_child = {
    "forked_child",
    {WORKS, WORKS, WORKS, WORKS, WORKS, WORKS, WORKS, WORKS, WORKS, NOT_INITIALIZED}};
const row peer_disable_self = {"peer_disable_self",
                               {INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE,
                                INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE, INVALID_DEVICE,
                                INVALID_DEVICE, PEER_ACCESS_NOT_ENABLED}};
const row amd_attributes = {"amd_attributes", {YES, YES, YES, YES, YES, YES, YES, YES, YES, NO}};
const row ctx_push_null = {"ctx_push_null",
                           {INVALID_CONTEXT, INVALID_CONTEXT, INVALID_CONTEXT, INVALID_CONTEXT,
                            INVALID_CONTEXT, INVALID_CONTEXT, INVALID_CONTEXT, INVALID_CONTEXT,
                            INVALID_CONTEXT, INVALID_VALUE}};
const row primary_state_null = {"primary_state_null",
                                {SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS, SUCCESS,
                                 SUCCESS, SUCCESS, INVALID_VALUE}};
const row stale_handle = {"stale_handle",
                          {CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED,
                           CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED,
                           CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED, CONTEXT_IS_DESTROYED,
                           CRASH}};
const row null_stream_flags = {"null_stream_flags",
                               {INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                INVALID_VALUE, INVALID_VALUE, INVALID_VALUE, INVALID_VALUE,
                                INVALID_VALUE, SUCCESS}};
const row capture_end_wrong_thread = {
    "capture_end_wrong_thread", {KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, ENDED}};
const row capture_end_unmatched = {
    "capture_end_unmatched", {KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, KEPT, INVALIDATED}};
const row capture_mode_checked = {"capture_mode_checked",
                                  {YES, YES, YES, YES, YES, YES, YES, YES, YES, NO}};
const row capture_isolation = {
    "capture_isolation",
    {STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION,
     STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION,
     STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION, STREAM_CAPTURE_ISOLATION, SUCCESS}};
const row async_stream_invalid = {"async_stream_invalid",
                                  {INVALID_VALUE, INVALID_VALUE, INVALID_HANDLE, INVALID_HANDLE,
                                   INVALID_HANDLE, INVALID_HANDLE, INVALID_HANDLE, INVALID_HANDLE,
                                   INVALID_HANDLE, CRASH}};
const row last_error = {"last_error",
                        {LAST_CALL, LAST_CALL, LAST_CALL, LAST_CALL, LAST_CALL, UNTIL_READ,
                         UNTIL_READ, UNTIL_READ, UNTIL_READ, UNTIL_READ}};
const row kernel_hang = {
    "kernel_hang",
    {ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, ABORT, LAUNCH_TIME_OUT}};
