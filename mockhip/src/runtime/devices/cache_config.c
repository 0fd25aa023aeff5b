/*
 * cache_config.c: hipDeviceGetCacheConfig, hipDeviceSetCacheConfig, hipDeviceGetSharedMemConfig
 * and hipDeviceSetSharedMemConfig, and per kernel hipFuncSetCacheConfig and
 * hipFuncSetSharedMemConfig.
 *
 * ROCm has no way to split L1 and LDS or to change the LDS banks (clr hip_device_runtime.cpp):
 * the setters check their value and keep nothing, the getters answer the hardware's one
 * configuration, hipFuncCachePreferNone and hipSharedMemBankSizeFourByte. So does the mock.
 */
#include "runtime/devices/devices.h"

/* Newer clr refuses both setters while any stream captures (g_captureStreams). */
static hipError_t refuse_in_capture(mh_state *s, const char *call) {
  mh__lock_read();
  bool capturing = s->captures != NULL;
  mh__unlock();
  return capturing ? mh__fail(hipErrorStreamCaptureUnsupported,
                              "%s is not allowed while a stream captures", call)
                   : hipSuccess;
}

MH_EXPORT hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetCacheConfig, MH_CALLER, NULL);
  if (err == hipSuccess && cacheConfig == NULL)
    err = mh__fail(hipErrorInvalidValue, "cacheConfig is NULL");
  if (err == hipSuccess)
    *cacheConfig = hipFuncCachePreferNone;
  return mh__leave(MOCKHIP_CALL_hipDeviceGetCacheConfig, err, "%s",
                   mh__d_out_int("cacheConfig", (const int *)cacheConfig, err));
}

MH_EXPORT hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSetCacheConfig, MH_CALLER, &s);
  int config = (int)cacheConfig;
  if (err == hipSuccess && config != hipFuncCachePreferNone && config != hipFuncCachePreferShared &&
      config != hipFuncCachePreferL1 && config != hipFuncCachePreferEqual)
    err = mh__fail(hipErrorInvalidValue, "cacheConfig %d is no hipFuncCache_t", config);
  if (err == hipSuccess)
    err = refuse_in_capture(s, "hipDeviceSetCacheConfig");
  return mh__leave(MOCKHIP_CALL_hipDeviceSetCacheConfig, err, "cacheConfig=%d", config);
}

MH_EXPORT hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceGetSharedMemConfig, MH_CALLER, NULL);
  if (err == hipSuccess && pConfig == NULL)
    err = mh__fail(hipErrorInvalidValue, "pConfig is NULL");
  if (err == hipSuccess)
    *pConfig = hipSharedMemBankSizeFourByte;
  return mh__leave(MOCKHIP_CALL_hipDeviceGetSharedMemConfig, err, "%s",
                   mh__d_out_int("pConfig", (const int *)pConfig, err));
}

MH_EXPORT hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipDeviceSetSharedMemConfig, MH_CALLER, &s);
  int value = (int)config;
  if (err == hipSuccess && value != hipSharedMemBankSizeDefault &&
      value != hipSharedMemBankSizeFourByte && value != hipSharedMemBankSizeEightByte)
    err = mh__fail(hipErrorInvalidValue, "config %d is no hipSharedMemConfig", value);
  if (err == hipSuccess)
    err = refuse_in_capture(s, "hipDeviceSetSharedMemConfig");
  return mh__leave(MOCKHIP_CALL_hipDeviceSetSharedMemConfig, err, "config=%d", value);
}

/* clr hipFuncSetCacheConfig and hipFuncSetSharedMemConfig (hip_module.cpp): the same checks for
   one kernel, a NULL one first; nothing is kept. */
MH_EXPORT hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFuncSetCacheConfig, MH_CALLER, NULL);
  int value = (int)config;
  if (err == hipSuccess && func == NULL)
    err = mh__fail(hipErrorInvalidDeviceFunction, "func is NULL");
  if (err == hipSuccess && value != hipFuncCachePreferNone && value != hipFuncCachePreferShared &&
      value != hipFuncCachePreferL1 && value != hipFuncCachePreferEqual)
    err = mh__fail(hipErrorInvalidValue, "config %d is no hipFuncCache_t", value);
  return mh__leave(MOCKHIP_CALL_hipFuncSetCacheConfig, err, "func=%p, config=%d", func, value);
}

MH_EXPORT hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config) {
  hipError_t err = mh__enter(MOCKHIP_CALL_hipFuncSetSharedMemConfig, MH_CALLER, NULL);
  int value = (int)config;
  if (err == hipSuccess && func == NULL)
    err = mh__fail(hipErrorInvalidDeviceFunction, "func is NULL");
  if (err == hipSuccess && value != hipSharedMemBankSizeDefault &&
      value != hipSharedMemBankSizeFourByte && value != hipSharedMemBankSizeEightByte)
    err = mh__fail(hipErrorInvalidValue, "config %d is no hipSharedMemConfig", value);
  return mh__leave(MOCKHIP_CALL_hipFuncSetSharedMemConfig, err, "func=%p, config=%d", func, value);
}
