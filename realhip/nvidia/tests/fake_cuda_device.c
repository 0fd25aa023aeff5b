/*
 * fake_cuda_device.c: the fake driver's initialisation, device and context
 * entry points. Each logs its arguments, answers a scripted failure if there
 * is one, else writes the fake's values.
 */
#include <stdio.h>
#include <string.h>

#include "fake_cuda_state.h"

CUresult cuInit(unsigned int flags) {
  FAKE_ENTER(cuInit, "%u", flags);
  return CUDA_SUCCESS;
}

CUresult cuDriverGetVersion(int *driverVersion) {
  FAKE_ENTER(cuDriverGetVersion, "%s", fake__out(driverVersion));
  *driverVersion = (int)fake__value(FAKE_DRIVER_VERSION);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  FAKE_ENTER(cuDeviceGet, "%s,%d", fake__out(device), ordinal);
  if (ordinal < 0 || ordinal >= (int)fake__value(FAKE_DEVICE_COUNT))
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  FAKE_ENTER(cuDeviceGetCount, "%s", fake__out(count));
  *count = (int)fake__value(FAKE_DEVICE_COUNT);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetName, "%s,%d,%d", fake__out(name), len, dev);
  fake__copy_text(FAKE_TEXT_NAME, name, (size_t)len);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetUuid, "%s,%d", fake__out(uuid), dev);
  fake__uuid(uuid->bytes);
  return CUDA_SUCCESS;
}

/* An older driver (FAKE_CUDA_OLD_DRIVER) lacks the CUDA 11.4 call. */
#ifndef FAKE_CUDA_OLD_DRIVER
CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetUuid_v2, "%s,%d", fake__out(uuid), dev);
  fake__uuid(uuid->bytes);
  return CUDA_SUCCESS;
}
#endif

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev) {
  FAKE_ENTER(cuDeviceTotalMem_v2, "%s,%d", fake__out(bytes), dev);
  *bytes = (size_t)fake__value(FAKE_TOTAL_MEM);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetAttribute, "%s,%d,%d", fake__out(pi), (int)attrib, dev);
  *pi = fake__attribute(dev, (int)attrib);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev) {
  FAKE_ENTER(cuDeviceGetPCIBusId, "%s,%d,%d", fake__out(pciBusId), len, dev);
  fake__copy_text(FAKE_TEXT_PCI_BUS_ID, pciBusId, (size_t)len);
  return CUDA_SUCCESS;
}

CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev) {
  FAKE_ENTER(cuDeviceCanAccessPeer, "%s,%d,%d", fake__out(canAccessPeer), dev, peerDev);
  *canAccessPeer = (int)fake__value(FAKE_CAN_ACCESS_PEER);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice,
                                 CUdevice dstDevice) {
  FAKE_ENTER(cuDeviceGetP2PAttribute, "%s,%d,%d,%d", fake__out(value), (int)attrib, srcDevice,
             dstDevice);
  *value = (int)fake__value(FAKE_P2P_VALUE);
  return CUDA_SUCCESS;
}

/* ---- contexts ---- */

/* Whether ctx is the primary context of a device whose FAKE_PRIMARY_DESTROYED bit is set. */
static int destroyed_device(CUcontext ctx) {
  uintptr_t value = (uintptr_t)ctx, first = (uintptr_t)FAKE_CUDA_PRIMARY(0);
  unsigned long long destroyed = fake__value(FAKE_PRIMARY_DESTROYED);
  return value >= first && value < first + FAKE_CUDA_MAX_DEVICES &&
         (destroyed >> (value - first) & 1) != 0;
}

CUresult fake__context_alive(void) {
  return destroyed_device(fake__current()) ? CUDA_ERROR_CONTEXT_IS_DESTROYED : CUDA_SUCCESS;
}

/* A retain starts a reset primary context again. */
CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  FAKE_ENTER(cuDevicePrimaryCtxRetain, "%s,%d", fake__out(pctx), dev);
  *pctx = FAKE_CUDA_PRIMARY(dev);
  if (dev >= 0 && dev < FAKE_CUDA_MAX_DEVICES)
    fake_cuda_set(FAKE_PRIMARY_DESTROYED, fake__value(FAKE_PRIMARY_DESTROYED) & ~(1ULL << dev));
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  FAKE_ENTER(cuDevicePrimaryCtxRelease_v2, "%d", dev);
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxReset_v2(CUdevice dev) {
  FAKE_ENTER(cuDevicePrimaryCtxReset_v2, "%d", dev);
  if (dev >= 0 && dev < FAKE_CUDA_MAX_DEVICES)
    fake_cuda_set(FAKE_PRIMARY_DESTROYED, fake__value(FAKE_PRIMARY_DESTROYED) | 1ULL << dev);
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
  FAKE_ENTER(cuDevicePrimaryCtxGetState, "%d,%s,%s", dev, fake__out(flags), fake__out(active));
  *flags = (unsigned int)fake__value(FAKE_PRIMARY_FLAGS);
  *active = (int)fake__value(FAKE_PRIMARY_ACTIVE);
  return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *pctx) {
  FAKE_ENTER(cuCtxGetCurrent, "%s", fake__out(pctx));
  *pctx = fake__current();
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext ctx) {
  FAKE_ENTER(cuCtxSetCurrent, "0x%llx", FAKE_HEX(ctx));
  fake__set_current(ctx);
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent_v2(CUcontext ctx) {
  FAKE_ENTER(cuCtxPushCurrent_v2, "0x%llx", FAKE_HEX(ctx));
  return fake__push(ctx) ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuCtxPopCurrent_v2(CUcontext *pctx) {
  FAKE_ENTER(cuCtxPopCurrent_v2, "%s", fake__out(pctx));
  if (fake__current() == NULL)
    return CUDA_ERROR_INVALID_CONTEXT;
  CUcontext popped = fake__pop();
  if (pctx != NULL)
    *pctx = popped;
  return CUDA_SUCCESS;
}

/* A primary context's device is in its value; any other context is device 0's. */
CUresult cuCtxGetDevice(CUdevice *device) {
  FAKE_ENTER(cuCtxGetDevice, "%s", fake__out(device));
  CUcontext current = fake__current();
  if (current == NULL)
    return CUDA_ERROR_INVALID_CONTEXT;
  uintptr_t value = (uintptr_t)current, first = (uintptr_t)FAKE_CUDA_PRIMARY(0);
  *device = value >= first && value < first + FAKE_CUDA_MAX_DEVICES ? (CUdevice)(value - first) : 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) {
  FAKE_ENTER(cuCtxSynchronize, "%s", "");
  return fake__context_alive();
}

CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags) {
  FAKE_ENTER(cuCtxEnablePeerAccess, "0x%llx,%u", FAKE_HEX(peerContext), Flags);
  return CUDA_SUCCESS;
}

CUresult cuCtxDisablePeerAccess(CUcontext peerContext) {
  FAKE_ENTER(cuCtxDisablePeerAccess, "0x%llx", FAKE_HEX(peerContext));
  return CUDA_SUCCESS;
}

/* A context of its own: past the primary ones, pushed as the driver makes it current. */
CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  FAKE_ENTER(cuCtxCreate_v2, "%s,%u,%d", fake__out(pctx), flags, dev);
  if (dev < 0 || dev >= FAKE_CUDA_MAX_DEVICES)
    return CUDA_ERROR_INVALID_DEVICE;
  *pctx = (CUcontext)(uintptr_t)(0xd0000 + dev);
  return fake__push(*pctx) ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

/* Pops it when it is current, as the driver does. */
CUresult cuCtxDestroy_v2(CUcontext ctx) {
  FAKE_ENTER(cuCtxDestroy_v2, "0x%llx", FAKE_HEX(ctx));
  if (ctx == NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (fake__current() == ctx)
    (void)fake__pop();
  return CUDA_SUCCESS;
}

CUresult cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  FAKE_ENTER(cuCtxGetStreamPriorityRange, "%s,%s", fake__out(leastPriority),
             fake__out(greatestPriority));
  if (leastPriority != NULL)
    *leastPriority = (int)fake__value(FAKE_PRIORITY_LEAST);
  if (greatestPriority != NULL)
    *greatestPriority = (int)fake__value(FAKE_PRIORITY_GREATEST);
  return CUDA_SUCCESS;
}
