/*
 * device.c: what a device is and what it can reach: count, handles, name,
 * UUID, PCI address, memory, compute capability, peers.
 *
 * HIP's hipDevice_t is the driver's CUdevice (both ints, from hipDeviceGet);
 * calls that take an ordinal ("int device") get the CUdevice from
 * cuDeviceGet first, which also refuses an ordinal the driver does not have.
 */
#include <string.h>

#include "hip_nvidia_base.h"

CUresult hipnv__device_uuid(CUdevice device, CUuuid *uuid) {
  /* cuDeviceGetUuid_v2 (CUDA 11.4) also names MIG instances; older drivers have only the first. */
  CUresult result = hipnv__cuDeviceGetUuid_v2(uuid, device);
  if (result == HIPNV_NO_SYMBOL)
    result = hipnv__cuDeviceGetUuid(uuid, device);
  return result;
}

/* The CUDA runtime answers no device as an error, where the driver counts 0. */
hipError_t hipGetDeviceCount(int *count) {
  if (count == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipGetDeviceCount: count is NULL");
  int found = 0;
  CUresult result = hipnv__cuDeviceGetCount(&found);
  *count = result == CUDA_SUCCESS ? found : 0;
  if (result == CUDA_SUCCESS && found == 0)
    return hipnv__fail(hipErrorNoDevice, "cuDeviceGetCount found no CUDA device");
  return hipnv__result(result);
}

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal) {
  if (device == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGet: device is NULL");
  CUdevice found = 0;
  CUresult result = hipnv__cuDeviceGet(&found, ordinal);
  if (result == CUDA_SUCCESS)
    *device = found;
  return hipnv__result(result);
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device) {
  if (name == NULL || len <= 0)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGetName: %s",
                       name == NULL ? "name is NULL" : "len is not positive");
  return hipnv__result(hipnv__cuDeviceGetName(name, len, device));
}

hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device) {
  if (uuid == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGetUuid: uuid is NULL");
  CUuuid found;
  memset(&found, 0, sizeof found);
  CUresult result = hipnv__device_uuid(device, &found);
  if (result == CUDA_SUCCESS)
    memcpy(uuid->bytes, found.bytes, sizeof uuid->bytes);
  return hipnv__result(result);
}

hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  if (pciBusId == NULL || len <= 0)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGetPCIBusId: %s",
                       pciBusId == NULL ? "pciBusId is NULL" : "len is not positive");
  CUdevice found = 0;
  CUresult result = hipnv__cuDeviceGet(&found, device);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceGetPCIBusId(pciBusId, len, found);
  return hipnv__result(result);
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device) {
  if (bytes == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceTotalMem: bytes is NULL");
  return hipnv__result(hipnv__cuDeviceTotalMem(bytes, device));
}

hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device) {
  if (major == NULL || minor == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceComputeCapability: %s is NULL",
                       major == NULL ? "major" : "minor");
  CUresult result =
      hipnv__cuDeviceGetAttribute(major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuDeviceGetAttribute(minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  return hipnv__result(result);
}

/* ---- peers ---- */

static CUresult two_devices(int first, int second, CUdevice *first_device,
                            CUdevice *second_device) {
  CUresult result = hipnv__cuDeviceGet(first_device, first);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceGet(second_device, second);
  return result;
}

hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId) {
  if (canAccessPeer == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceCanAccessPeer: canAccessPeer is NULL");
  CUdevice device = 0, peer = 0;
  CUresult result = two_devices(deviceId, peerDeviceId, &device, &peer);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceCanAccessPeer(canAccessPeer, device, peer);
  return hipnv__result(result);
}

/* HIP numbers the attributes from 0, CUDA from 1. */
static int cuda_p2p_attribute(hipDeviceP2PAttr attr, CUdevice_P2PAttribute *cuda) {
  switch (attr) {
  case hipDevP2PAttrPerformanceRank: *cuda = CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK; return 1;
  case hipDevP2PAttrAccessSupported: *cuda = CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED; return 1;
  case hipDevP2PAttrNativeAtomicSupported:
    *cuda = CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED;
    return 1;
  case hipDevP2PAttrHipArrayAccessSupported:
    *cuda = CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED;
    return 1;
  }
  return 0;
}

hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice,
                                    int dstDevice) {
  if (value == NULL)
    return hipnv__fail(hipErrorInvalidValue, "hipDeviceGetP2PAttribute: value is NULL");
  CUdevice_P2PAttribute cuda = CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK;
  if (!cuda_p2p_attribute(attr, &cuda))
    return hipnv__fail(hipErrorInvalidValue,
                       "hipDeviceGetP2PAttribute: attr %d is not a hipDeviceP2PAttr", (int)attr);
  CUdevice src = 0, dst = 0;
  CUresult result = two_devices(srcDevice, dstDevice, &src, &dst);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuDeviceGetP2PAttribute(value, cuda, src, dst);
  return hipnv__result(result);
}

/* The current context gains access to the peer's primary context, as
   cudaDeviceEnablePeerAccess does. A peer the device cannot reach (itself, too)
   is the driver's CUDA_ERROR_PEER_ACCESS_UNSUPPORTED, where the CUDA runtime,
   which HIP on NVIDIA calls, answers cudaErrorInvalidDevice. */
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  CUcontext peer = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__primary_context(peerDeviceId, &peer);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxEnablePeerAccess(peer, flags);
  if (result == CUDA_ERROR_PEER_ACCESS_UNSUPPORTED)
    return hipnv__fail(hipErrorInvalidDevice,
                       "hipDeviceEnablePeerAccess: the current device cannot access device %d "
                       "(cuCtxEnablePeerAccess returned CUDA_ERROR_PEER_ACCESS_UNSUPPORTED; "
                       "cudaDeviceEnablePeerAccess answers cudaErrorInvalidDevice)",
                       peerDeviceId);
  return hipnv__result(result);
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  CUcontext peer = NULL;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__primary_context(peerDeviceId, &peer);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxDisablePeerAccess(peer);
  return hipnv__result(result);
}

/* Either pointer may be NULL, as with cudaDeviceGetStreamPriorityRange. */
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  int least = 0, greatest = 0;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuCtxGetStreamPriorityRange(&least, &greatest);
  if (result == CUDA_SUCCESS) {
    if (leastPriority != NULL)
      *leastPriority = least;
    if (greatestPriority != NULL)
      *greatestPriority = greatest;
  }
  return hipnv__result(result);
}
