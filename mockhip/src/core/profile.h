/*
 * profile.h: the release mockhip plays (MOCKHIP_PLATFORM, MOCKHIP_ROCM_VERSION,
 * mockhip_set_platform, mockhip_set_rocm_version) and how the VMM calls ask it what to do where
 * releases differ. The rows and cells are profile_table.h's.
 */
#ifndef MH_PROFILE_H
#define MH_PROFILE_H

#include <stdbool.h>

#include <hip/hip_runtime_api.h>

#include "profile_table.h"

/* Every word a cell of the table may hold. */
typedef enum mh_cell {
  MH_CELL_no,
  MH_CELL_yes,
  MH_CELL_pinned,
  MH_CELL_pinned_uncached,
  MH_CELL_device,
  MH_CELL_device_host,
  MH_CELL_all,
  MH_CELL_minimum,
  MH_CELL_own,
  MH_CELL_unchecked,
  MH_CELL_Success,
  MH_CELL_MemoryAllocation,
  MH_CELL_InvalidValue,
  MH_CELL_InvalidDevice,
  MH_CELL_Unknown,
  MH_CELL_crash,
  MH_CELL_none,
  MH_CELL_multiple,
  MH_CELL_pow2,
  MH_CELL_posix,
  MH_CELL_posix_cuda,
  MH_CELL_deferred,
  MH_CELL_swallowed,
  MH_CELL_whole_mapping,
  MH_CELL_containing,
  MH_CELL_exact_run,
  MH_CELL_extend,
  MH_CELL_in_order,
  MH_CELL_all_or_nothing,
  MH_CELL_first_mappings,
  MH_CELL_as_device,
  MH_CELL_host_located,
  MH_CELL_unsupported,
  MH_CELL_pointer,
  MH_CELL_value,
  MH_CELL_zero,
  MH_CELL_given,
  MH_CELL_kept,
  MH_CELL_null,
  MH_CELL_ptr,
  MH_CELL_mapping,
  MH_CELL_NotFound,
  MH_CELL_waits,
  MH_CELL_staged,
  MH_CELL_host_page,
  MH_CELL_two_mib,
  MH_CELL_NotSupported,
  MH_CELL_allowed,
  MH_CELL_host_slot,
  MH_CELL_whole_run,
  MH_CELL_exact,
  MH_CELL_granule_multiple,
  MH_CELL_works,
  MH_CELL_NotInitialized,
  MH_CELL_truncated,
  MH_CELL_one_minus_one,
  MH_CELL_zero_minus_five,
  MH_CELL_first_mapping,
  MH_CELL_whole_range,
  MH_CELL_PeerAccessNotEnabled,
  MH_CELL_InvalidContext,
  MH_CELL_ContextIsDestroyed,
  MH_CELL_StreamCaptureIsolation,
  MH_CELL_ended,
  MH_CELL_invalidated,
  MH_CELL_dangling,
  MH_CELL_refused,
  MH_CELL_free_space
} mh_cell;

typedef enum mh_row {
#define MH_ROW_ENUM(key, ref, ...) MH_ROW_##key,
  MH_PROFILE_ROWS(MH_ROW_ENUM)
#undef MH_ROW_ENUM
      MH_ROW_COUNT
} mh_row;

struct mh_options;

/* Reads MOCKHIP_PLATFORM and MOCKHIP_ROCM_VERSION unless code chose first; warns on a
   bad value. Sets the platform's granularity in options where the environment does
   not, before mh__options_settle. Called once, at start-up. */
void mh__profile_init(struct mh_options *options);

/* The played release's cell of a row; whether it is `cell`. */
mh_cell mh__profile_cell(mh_row row);
static inline bool mh__profile_is(mh_row row, mh_cell cell) {
  return mh__profile_cell(row) == cell;
}

/* "6.2", ..., "newest", "cuda-13.0"; the runtime version number it answers
   (60200000 on ROCm, 13000 on NVIDIA). */
const char *mh__profile_name(void);
int mh__profile_version_number(void);

/* Who plays, for reasons: "ROCm 7.2", "the newest ROCm", "HIP on NVIDIA (CUDA 13.0)". */
const char *mh__profile_title(void);

/* Whether the release is HIP's NVIDIA platform. */
bool mh__profile_nvidia(void);

/* The newest release's cell of a row, of the platform played (the newest ROCm's where that
   one crashes too): what a crash cell answers instead. */
mh_cell mh__profile_newest_cell(mh_row row);

#endif /* MH_PROFILE_H */
