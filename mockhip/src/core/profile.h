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
/* clang-format off */
#define MH_CELL_WORDS(V)                                                                           \
  V(no) V(yes) V(pinned) V(pinned_uncached) V(device) V(device_host) V(all) V(minimum) V(own)      \
  V(unchecked) V(Success) V(MemoryAllocation) V(InvalidValue) V(InvalidDevice) V(Unknown)          \
  V(crash) V(none) V(multiple) V(pow2) V(posix) V(posix_cuda) V(deferred) V(swallowed)             \
  V(whole_mapping) V(containing) V(exact_run) V(extend) V(in_order) V(all_or_nothing)              \
  V(first_mappings) V(as_device) V(host_located) V(unsupported) V(pointer) V(value) V(zero)        \
  V(given) V(kept) V(null) V(ptr) V(mapping) V(NotFound) V(waits) V(staged) V(host_page)           \
  V(two_mib) V(NotSupported) V(allowed) V(host_slot) V(whole_run) V(exact) V(granule_multiple)     \
  V(works) V(NotInitialized) V(truncated) V(one_minus_one) V(zero_minus_five) V(first_mapping)     \
  V(whole_range) V(PeerAccessNotEnabled) V(InvalidContext) V(ContextIsDestroyed)                   \
  V(StreamCaptureIsolation) V(ended) V(invalidated) V(dangling) V(refused) V(free_space)           \
  V(abort) V(sticky) V(abort_if_core) V(LaunchTimeOut) V(reservation_pages)              \
  V(last_call) V(until_read) V(InvalidHandle)
/* clang-format on */

typedef enum mh_cell {
#define MH_CELL_ENUM(word) MH_CELL_##word,
  MH_CELL_WORDS(MH_CELL_ENUM)
#undef MH_CELL_ENUM
      MH_CELL_COUNT
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

/* The word of a cell ("abort"), and the row of a key ("kernel_fault"; MH_ROW_COUNT: none). */
const char *mh__cell_word(mh_cell cell);
mh_row mh__row_named(const char *key);

/* Who plays, for reasons: "ROCm 7.2", "the newest ROCm", "HIP on NVIDIA (CUDA 13.0)". */
const char *mh__profile_title(void);

/* Whether the release is HIP's NVIDIA platform. */
bool mh__profile_nvidia(void);

/* The newest release's cell of a row, of the platform played (the newest ROCm's where that
   one crashes too): what a crash cell answers instead. */
mh_cell mh__profile_newest_cell(mh_row row);

#endif /* MH_PROFILE_H */
