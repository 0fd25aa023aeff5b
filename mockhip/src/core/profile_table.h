/*
 * profile_table.h: the releases mockhip plays, ROCm's and HIP on NVIDIA's,
 * and, row by row, what each one does where they differ. It mirrors table (g)
 * of docs/hip-vmm-semantics.md one to one (same keys, same words, same column
 * order; ci/profile_table.py checks it): a new release is one new column here,
 * one new cell per row, and one new name in MH_RELEASES.
 *
 * Each cell is a word of the reference; profile.c turns it into MH_CELL_<word>.
 */
#ifndef MH_PROFILE_TABLE_H
#define MH_PROFILE_TABLE_H

/* The releases: ROCm's oldest first, the last of them the newest code read
   (SYS-B); then HIP's NVIDIA platform over the CUDA driver, by CUDA release. */
#define MH_RELEASES(V)                                                                             \
  V("6.0", amd, 6, 0)                                                                              \
  V("6.1", amd, 6, 1)                                                                              \
  V("6.2", amd, 6, 2)                                                                              \
  V("6.3", amd, 6, 3)                                                                              \
  V("6.4", amd, 6, 4)                                                                              \
  V("7.0", amd, 7, 0)                                                                              \
  V("7.1", amd, 7, 1)                                                                              \
  V("7.2", amd, 7, 2)                                                                              \
  V("newest", amd, 7, 2)                                                                           \
  V("cuda-13.0", nvidia, 13, 0)

/* clang-format off */
/*   key                            reference rows                         6.0            6.1               6.2               6.3               6.4               7.0              7.1              7.2              newest           cuda-13.0 */
#define MH_PROFILE_ROWS(ROW)                                                                                                                                                                                                                                    \
  ROW(vmm_attribute,               "a.15",                                no,             yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              yes)              \
  ROW(allocation_types,            "a.1#3, a.4#2",                        pinned,         pinned,            pinned,            pinned,            pinned,            pinned_uncached,  pinned_uncached,  pinned_uncached,  pinned_uncached,  pinned)           \
  ROW(location_types,              "a.1#4, a.4#3",                        device,         device,            device,            device,            device,            device_host,      device_host,      device_host,      all,              all)              \
  ROW(host_id_checked,             "a.1#5, a.4#4",                        no,             no,                no,                no,                no,                yes,              yes,              yes,              no,               no)               \
  ROW(granularity_option_checked,  "a.1#6",                               no,             no,                yes,               yes,               yes,               yes,              yes,              yes,              yes,              yes)              \
  ROW(recommended_granularity,     "a.1#7, e.3",                          minimum,        minimum,           minimum,           minimum,           minimum,           minimum,          minimum,          minimum,          own,              minimum)          \
  ROW(granularity,                 "a.1#7",                               host_page,      host_page,         host_page,         host_page,         host_page,         host_page,        host_page,        host_page,        host_page,        two_mib)          \
  ROW(granularity_prop_checked,    "a.1#3, a.1#4, a.1#5",                 yes,            yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              no)               \
  ROW(reserve_size_zero,           "a.2#2",                               unchecked,      MemoryAllocation,  MemoryAllocation,  MemoryAllocation,  MemoryAllocation,  InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue)     \
  ROW(reserve_size_granularity,    "a.2#3, a.2#4 code",                   unchecked,      MemoryAllocation,  MemoryAllocation,  MemoryAllocation,  MemoryAllocation,  InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue)     \
  ROW(reserve_alignment,           "a.2#4",                               none,           multiple,          pow2,              pow2,              pow2,              pow2,             pow2,             pow2,             pow2,             pow2)             \
  ROW(free_unknown_address,        "a.3#2",                               Success,        crash,             crash,             crash,             crash,             crash,            crash,            crash,            InvalidValue,     InvalidValue)     \
  ROW(free_with_mappings,          "a.3#5, e.8",                          Success,        Success,           Success,           Unknown,           Unknown,           Unknown,          Unknown,          Unknown,          Unknown,          InvalidValue)     \
  ROW(free_range,                  "a.3#3",                               containing,     containing,        containing,        containing,        containing,        containing,       containing,       containing,       containing,       exact)            \
  ROW(create_device_id,            "a.4#4, c.1",                          InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidDevice,    InvalidDevice,    InvalidDevice,    InvalidDevice,    InvalidDevice)    \
  ROW(create_handle_types,         "a.4#5",                               none,           none,              posix,             posix,             posix,             posix,            posix,            posix,            posix,            posix_cuda)       \
  ROW(create_size_rules,           "a.4#7, a.4#8",                        no,             yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              granule_multiple) \
  ROW(release_while_mapped,        "a.5#2",                               crash,          deferred,          deferred,          deferred,          deferred,          deferred,         deferred,         deferred,         deferred,         deferred)         \
  ROW(map_size_checked,            "a.6#3, e.15",                         no,             no,                no,                no,                no,                no,               no,               no,               yes,              yes)              \
  ROW(map_offset,                  "a.6#1",                               InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     NotSupported)     \
  ROW(map_part_of_handle,          "a.6#6",                               allowed,        allowed,           allowed,           allowed,           allowed,           allowed,          allowed,          allowed,          allowed,          NotSupported)     \
  ROW(map_released_handle,         "a.5#3",                               allowed,        allowed,           allowed,           allowed,           allowed,           allowed,          allowed,          allowed,          allowed,          allowed)          \
  ROW(map_failure,                 "a.6#4, a.6#5",                        swallowed,      swallowed,         swallowed,         swallowed,         swallowed,         swallowed,        swallowed,        swallowed,        InvalidValue,     InvalidValue)     \
  ROW(map_past_reservation,        "a.6#4",                               refused,        refused,           refused,           refused,           refused,           refused,          refused,          refused,          refused,          free_space)       \
  ROW(unmap_unmapped,              "a.7#2",                               crash,          crash,             crash,             crash,             crash,             InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     Success)          \
  ROW(unmap_size,                  "a.7#3, a.7#4, b.6, e.6",              whole_mapping,  whole_mapping,     containing,        containing,        containing,        exact_run,        exact_run,        exact_run,        exact_run,        whole_run)        \
  ROW(set_access_size,             "a.8#3, e.4",                          extend,         extend,            extend,            extend,            extend,            first_mappings,   first_mappings,   first_mappings,   exact_run,        whole_run)        \
  ROW(set_access_locations,        "a.8#6, a.8#9",                        as_device,      as_device,         as_device,         as_device,         as_device,         host_located,     host_located,     host_located,     all,              host_located)     \
  ROW(host_access_refusal,         "a.8#9",                               InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     NotSupported)     \
  ROW(set_access_order,            "a.8 semantics",                       in_order,       in_order,          in_order,          in_order,          in_order,          in_order,         in_order,         in_order,         in_order,         all_or_nothing)   \
  ROW(get_access_checked,          "a.9",                                 no,             yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              yes)              \
  ROW(get_access_host,             "a.9#2",                               InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     Success)          \
  ROW(get_access_device_id,        "a.9#2, a.9#3",                        InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     InvalidDevice)    \
  ROW(cpu_access,                  "a.8#9, b.11",                         reservation_pages, reservation_pages, reservation_pages, reservation_pages, reservation_pages, host_slot,     host_slot,        host_slot,        host_slot,        host_slot)        \
  ROW(copy_access,                 "a.8#10",                              none,           none,              none,              first_mapping,     first_mapping,     first_mapping,    first_mapping,    first_mapping,    first_mapping,    whole_range)      \
  ROW(pageable_copy,               "a.8#10, CUDA-RT",                     waits,          waits,             waits,             waits,             waits,             waits,            waits,            waits,            waits,            staged)           \
  ROW(kernel_fault,                "b.12",                                abort,          abort,             abort,             abort,             abort,             abort,            abort,            abort,            sticky,           sticky)           \
  ROW(kernel_trap,                 "b.12",                                abort,          abort,             abort,             abort,             abort,             abort_if_core,    abort_if_core,    abort_if_core,    abort_if_core,    sticky)           \
  ROW(retain_non_vmm,              "a.10#3",                              crash,          crash,             crash,             crash,             crash,             crash,            crash,            crash,            InvalidValue,     InvalidValue)     \
  ROW(retain_adds_reference,       "a.10#4, e.9",                         no,             no,                no,                no,                no,                no,               no,               no,               yes,              yes)              \
  ROW(properties_of_released,      "a.11#2",                              dangling,       dangling,          dangling,          dangling,          dangling,          dangling,         dangling,         dangling,         dangling,         Success)          \
  ROW(export_supported,            "a.12#5, a.13#4",                      no,             no,                yes,               yes,               yes,               yes,              yes,              yes,              yes,              yes)              \
  ROW(export_null_handle,          "a.12#2",                              InvalidValue,   InvalidValue,      crash,             crash,             crash,             crash,            crash,            crash,            InvalidValue,     InvalidValue)     \
  ROW(import_os_handle,            "a.13#2, e.2",                         unsupported,    unsupported,       pointer,           pointer,           pointer,           pointer,          value,            value,            value,            value)            \
  ROW(import_bad_fd,               "a.13#3",                              InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     Unknown)          \
  ROW(free_async_null,             "clr hipFreeAsync",                    InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     Success,          Success,          Success,          Success)          \
  ROW(imported_handle_type,        "a.11",                                zero,           zero,              zero,              given,             given,             given,            given,            given,            given,            zero)             \
  ROW(ext_malloc,                  "d.1",                                 yes,            yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              NotSupported)     \
  ROW(free_crosses_kinds,          "clr hipFree, hipHostFree",            Success,        Success,           Success,           Success,           Success,           Success,          Success,          Success,          Success,          InvalidValue)     \
  ROW(pointer_allocation_flags,    "clr hipPointerGetAttributes",         kept,           kept,              kept,              kept,              kept,              kept,             kept,             kept,             kept,             zero)             \
  ROW(unregistered_host_pointer,   "clr hipPointerGetAttributes",         null,           null,              null,              null,              null,              null,             null,             null,             null,             ptr)              \
  ROW(address_range_of_vmm,        "clr hipMemGetAddressRange",           mapping,        mapping,           mapping,           mapping,           mapping,           mapping,          mapping,          mapping,          mapping,          NotFound)         \
  ROW(range_handle_flags,          "clr hipMemGetHandleForAddressRange",  InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     NotSupported)     \
  ROW(ctx_synchronize,             "clr hipCtxSynchronize",               NotSupported,   NotSupported,      NotSupported,      NotSupported,      NotSupported,      NotSupported,     NotSupported,     NotSupported,     NotSupported,     Success)          \
  ROW(stream_priorities,           "clr hipDeviceGetStreamPriorityRange", one_minus_one,  one_minus_one,     one_minus_one,     one_minus_one,     one_minus_one,     one_minus_one,    one_minus_one,    one_minus_one,    one_minus_one,    zero_minus_five)  \
  ROW(pci_bus_id_short,            "clr hipDeviceGetPCIBusId",            InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue)     \
  ROW(map_array_async,             "a.14",                                NotSupported,   NotSupported,      NotSupported,      NotSupported,      NotSupported,      NotSupported,     NotSupported,     NotSupported,     NotSupported,     InvalidValue)     \
  ROW(forked_child,                "b.10",                                works,          works,             works,             works,             works,             works,            works,            works,            works,            NotInitialized)   \
  ROW(peer_disable_self,           "clr hipDeviceDisablePeerAccess",      InvalidDevice,  InvalidDevice,     InvalidDevice,     InvalidDevice,     InvalidDevice,     InvalidDevice,    InvalidDevice,    InvalidDevice,    InvalidDevice,    PeerAccessNotEnabled) \
  ROW(amd_attributes,              "clr hipDeviceGetAttribute",           yes,            yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              no)               \
  ROW(ctx_push_null,               "clr hipCtxPushCurrent",               InvalidContext, InvalidContext,    InvalidContext,    InvalidContext,    InvalidContext,    InvalidContext,   InvalidContext,   InvalidContext,   InvalidContext,   InvalidValue)     \
  ROW(primary_state_null,          "clr hipDevicePrimaryCtxGetState",     Success,        Success,           Success,           Success,           Success,           Success,          Success,          Success,          Success,          InvalidValue)     \
  ROW(stale_handle,                "clr hip::isValid, hipEventDestroy",   ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, ContextIsDestroyed, crash) \
  ROW(null_stream_flags,           "clr hipStreamGetFlags_common",        InvalidValue,   InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,      InvalidValue,     InvalidValue,     InvalidValue,     InvalidValue,     Success)          \
  ROW(capture_end_wrong_thread,    "clr hipStreamEndCapture_common",      kept,           kept,              kept,              kept,              kept,              kept,             kept,             kept,             kept,             ended)            \
  ROW(capture_end_unmatched,       "clr hipStreamEndCapture_common",      kept,           kept,              kept,              kept,              kept,              kept,             kept,             kept,             kept,             invalidated)      \
  ROW(capture_mode_checked,        "clr hipThreadExchangeStreamCaptureMode",yes,            yes,               yes,               yes,               yes,               yes,              yes,              yes,              yes,              no)             \
  ROW(capture_isolation,           "clr hipStreamWaitEvent_common",       StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, StreamCaptureIsolation, Success) \
  ROW(kernel_hang,                 "b.12",                                abort,          abort,             abort,             abort,             abort,             abort,            abort,            abort,            abort,            LaunchTimeOut) \
  ROW(last_error,                  "clr HIP_RETURN, hipGetLastError",     last_call,      last_call,         last_call,         last_call,         last_call,         until_read,       until_read,       until_read,       until_read,       until_read)
/* clang-format on */

#endif /* MH_PROFILE_TABLE_H */
