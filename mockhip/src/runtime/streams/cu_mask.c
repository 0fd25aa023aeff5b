/*
 * cu_mask.c: streams limited to some compute units: hipExtStreamCreateWithCUMask and
 * hipExtStreamGetCUMask (clr hip_stream.cpp).
 *
 * A mask has a bit per compute unit, 32 to a word, word 0 first. The mock's kernels do not run on
 * compute units, so the mask changes nothing a stream does: the stream keeps it, and the getter
 * answers it as ROCm does, ANDed with the device's full mask (multiProcessorCount bits), or the
 * full mask itself for the null stream, the per-thread stream, a stream made without a mask and
 * a mask that leaves no unit. The mock has no global mask (ROC_GLOBAL_CU_MASK).
 */
#include <string.h>

#include "runtime/devices/devices.h"
#include "runtime/streams/streams.h"

/* The words a full mask of the device takes. */
static uint32_t device_mask_words(void) { return ((uint32_t)mh__device_compute_units() + 31) / 32; }

/* Word i of the device's full mask. */
static uint32_t full_word(uint32_t i) {
  uint32_t units = (uint32_t)mh__device_compute_units();
  uint32_t left = units - 32 * i;
  return left >= 32 ? 0xffffffffu : (1u << left) - 1;
}

MH_EXPORT hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize,
                                                  const uint32_t *cuMask) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipExtStreamCreateWithCUMask, MH_CALLER, &s);
  /* clr: a NULL stream is InvalidHandle, an empty mask InvalidValue; any mask is taken, the
     words past the device's units are never read. */
  if (err == hipSuccess && stream == NULL)
    err = mh__fail(hipErrorInvalidHandle, "stream is NULL");
  if (err == hipSuccess && (cuMaskSize == 0 || cuMask == NULL))
    err =
        mh__fail(hipErrorInvalidValue, "%s", cuMask == NULL ? "cuMask is NULL" : "cuMaskSize is 0");
  if (err == hipSuccess) {
    mh__lock_write();
    err = mh__stream_create(s, stream, hipStreamDefault, 0);
    if (err == hipSuccess) {
      mh_stream *made = NULL;
      (void)mh__stream_get(s, *stream, &made);
      uint32_t kept = device_mask_words();
      made->cu_mask_words = cuMaskSize < kept ? cuMaskSize : kept;
      memcpy(made->cu_mask, cuMask, made->cu_mask_words * sizeof *cuMask);
    }
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipExtStreamCreateWithCUMask, err, "%s, cuMaskSize=%u, cuMask=%p",
                   mh__d_out_stream("stream", stream, err), cuMaskSize, (const void *)cuMask);
}

/* What hipExtStreamGetCUMask writes into out for found (NULL: the null stream); returns the
   words written. */
static uint32_t stream_mask(const mh_stream *found, uint32_t *out) {
  uint32_t full = device_mask_words();
  uint32_t words = found != NULL && found->cu_mask_words < full ? found->cu_mask_words : full;
  bool any = false;
  for (uint32_t i = 0; found != NULL && i < found->cu_mask_words && i < full; i++) {
    out[i] = found->cu_mask[i] & full_word(i);
    any = any || out[i] != 0;
  }
  if (!any) { /* no mask, or none of the device's units in it */
    words = full;
    for (uint32_t i = 0; i < full; i++)
      out[i] = full_word(i);
  }
  return words;
}

MH_EXPORT hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize,
                                           uint32_t *cuMask) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipExtStreamGetCUMask, MH_CALLER, &s);
  if (err == hipSuccess && cuMask == NULL)
    err = mh__fail(hipErrorInvalidValue, "cuMask is NULL");
  if (err == hipSuccess && cuMaskSize < device_mask_words())
    err = mh__fail(hipErrorInvalidValue,
                   "cuMaskSize %u words cannot hold the %d compute units' mask (%u words)",
                   cuMaskSize, mh__device_compute_units(), device_mask_words());
  if (err == hipSuccess) {
    uint32_t mask[MH_CU_MASK_WORDS];
    mh_stream *found = NULL;
    mh__lock_read();
    err = mh__stream_get(s, stream, &found);
    uint32_t words = err == hipSuccess ? stream_mask(found, mask) : 0;
    mh__unlock();
    memcpy(cuMask, mask, words * sizeof *cuMask); /* only these: the rest stays, as ROCm's */
  }
  return mh__leave(MOCKHIP_CALL_hipExtStreamGetCUMask, err, "stream=%s, cuMaskSize=%u, cuMask=%p",
                   mh__d_stream(stream), cuMaskSize, (void *)cuMask);
}
