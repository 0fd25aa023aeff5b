/*
 * devices.h: what the device model (device.c) tells the rooms above it: the launch limits
 * every device shares and the row alignment of pitched memory. The model is data and never
 * changes, so nothing here takes the state lock.
 */
#ifndef MH_RUNTIME_DEVICES_H
#define MH_RUNTIME_DEVICES_H

#include "diag/diag.h"

/* ---- the device model's launch limits (device.c) ---- */

typedef struct mh_launch_limits {
  int warp_size;
  unsigned max_threads_per_block, max_block_dim;
  size_t shared_bytes; /* shared memory a block may have */
} mh_launch_limits;
MH_HIDDEN void mh__device_launch_limits(mh_launch_limits *out);

/* The row alignment of pitched memory (hipMallocPitch): the device's texture pitch alignment,
   as clr's ihipMallocPitch aligns to imagePitchAlignment_. */
MH_HIDDEN size_t mh__device_pitch_alignment(void);

/* ---- per-device settings (limits.c) ---- */

/* Gives device's settings ROCm's defaults if nothing set them yet; under the write lock. */
MH_HIDDEN void mh__device_settings_make(mh_state *s, int device);
/* The flags hipGetDeviceFlags answers: hipCtxCreate's unchecked, hipSetDeviceFlags' schedule
   bits; under the write lock. */
MH_HIDDEN void mh__device_flags_set(mh_state *s, int device, unsigned flags);
/* What hipGetDeviceFlags answers for device; under the lock. */
MH_HIDDEN unsigned mh__device_flags(const mh_state *s, int device);

/* The device's compute units (multiProcessorCount): a full CU mask has this many bits. */
MH_HIDDEN int mh__device_compute_units(void);

#endif /* MH_RUNTIME_DEVICES_H */
