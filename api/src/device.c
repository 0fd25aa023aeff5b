/* device.c: opening a HIP device for memory objects; its capabilities are read once. */
#include <stdlib.h>
#include <string.h>

#include "hmo_base.h"

/* hipRuntimeGetVersion below this is CUDA's numbering (1000 * major + 10 * minor). */
#define CUDA_NUMBERING_BELOW 1000000

hipMemAllocationProp hmo__device_prop(int hip_id) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  prop.location.id = hip_id;
  return prop;
}

HMO_API int hmo_device_open(hmo_device **out, int hip_device) {
  if (out == NULL)
    return hmo__fail(HMO_EINVAL, 0, "hmo_device_open: out is NULL");
  int count = 0;
  hipError_t err = hipGetDeviceCount(&count);
  if (err != hipSuccess || count == 0)
    return hmo__fail_hip(HMO_EDEVICE, err, "hmo_device_open: no HIP device (hipGetDeviceCount: %s)",
                         hipGetErrorName(err));
  if (hip_device < 0 || hip_device >= count)
    return hmo__fail(HMO_EDEVICE, hipErrorInvalidDevice,
                     "hmo_device_open: device %d does not exist (0..%d)", hip_device, count - 1);
  int vmm = 0;
#if HIPVMM_HAS_VMM_ATTRIBUTE
  err = hipDeviceGetAttribute(&vmm, HIPVMM_ATTRIBUTE_VMM, hip_device);
  if (err != hipSuccess)
    return hmo__fail_hip(HMO_EDEVICE, err,
                         "hmo_device_open: cannot ask device %d for VMM support: %s", hip_device,
                         hipGetErrorName(err));
#endif
  if (!vmm)
    return hmo__fail(HMO_EDEVICE, hipErrorNotSupported,
                     "hmo_device_open: device %d has no virtual memory management support",
                     hip_device);
  hipMemAllocationProp prop = hmo__device_prop(hip_device);
  size_t granularity = 0;
  err = hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum);
  if (err != hipSuccess || granularity == 0)
    return hmo__fail_hip(hmo__status_of(err) == HMO_OK ? HMO_EBACKEND : hmo__status_of(err), err,
                         "hmo_device_open: no allocation granularity for device %d: %s", hip_device,
                         hipGetErrorName(err));
  /* What the runtime's VMM calls accept differs by release: see hmo_device's fields. */
  int version = 0;
  int status =
      hmo__check_hip(hipRuntimeGetVersion(&version), "hipRuntimeGetVersion", "hmo_device_open");
  if (status != HMO_OK)
    return status;
  hmo_device *dev = calloc(1, sizeof *dev);
  if (dev == NULL)
    return hmo__fail(HMO_ENOMEM, 0, "hmo_device_open: no memory for the device");
  dev->hip_id = hip_device;
  dev->granularity = granularity;
  /* HIP on NVIDIA answers the CUDA runtime's numbering (13000 for 13.0), far below any
     ROCm's (60200000): the CUDA driver exports, and imports the fd as the pointer's value. */
  bool cuda = version < CUDA_NUMBERING_BELOW;
  dev->unmap_spans_mappings = !cuda && version >= 70000000;
  dev->can_share = cuda || version >= 60200000; /* export and import are NotSupported before */
  dev->map_whole_handles = cuda;
  dev->copies_land_late = cuda;
  /* 6.2 to 7.0 read the import's fd through a pointer; 7.1 and later take its value, as
     users report it (rocm-systems#11020), which share.c checks on the first import. */
  atomic_init(&dev->import_abi, cuda                                   ? HMO_IMPORT_VALUE
                                : dev->can_share && version < 70100000 ? HMO_IMPORT_POINTER
                                                                       : HMO_IMPORT_UNKNOWN);
  pthread_mutex_init(&dev->probe_lock, NULL);
  *out = dev;
  return HMO_OK;
}

HMO_API int hmo_device_close(hmo_device *dev) {
  if (dev == NULL)
    return HMO_OK;
  size_t pools = atomic_load(&dev->pools);
  if (pools != 0)
    return hmo__fail(HMO_EBUSY, 0,
                     "hmo_device_close: %zu %s of device %d still exist%s (hmo_pool_destroy first)",
                     pools, pools == 1 ? "pool" : "pools", dev->hip_id, pools == 1 ? "s" : "");
  size_t live = atomic_load(&dev->memories);
  if (live != 0)
    return hmo__fail(HMO_EBUSY, 0,
                     "hmo_device_close: %zu %s of device %d %s still alive (release %s first)",
                     live, live == 1 ? "memory" : "memories", dev->hip_id, live == 1 ? "is" : "are",
                     live == 1 ? "it" : "them");
  /* The import probe's handles the runtime would not release then (share.c): nothing is left
     to do if it refuses again. */
  for (size_t i = 0; i < dev->probe_left_count; i++)
    (void)hipMemRelease(dev->probe_left[i]);
  pthread_mutex_destroy(&dev->probe_lock);
  free(dev);
  return HMO_OK;
}

HMO_API size_t hmo_device_bytes_allocated(const hmo_device *dev) {
  return dev ? atomic_load(&((hmo_device *)dev)->bytes_allocated) : 0;
}

HMO_API int hmo_device_hip_id(const hmo_device *dev) { return dev ? dev->hip_id : -1; }

int hmo__device_enter(int device, int *saved, const char *op) {
  *saved = device;
  int status = hmo__check_hip(hipGetDevice(saved), "hipGetDevice", op);
  if (status == HMO_OK && *saved != device)
    status = hmo__check_hip(hipSetDevice(device), "hipSetDevice", op);
  return status;
}

void hmo__device_leave(int device, int saved) {
  if (saved != device)
    (void)hipSetDevice(saved);
}

int hmo__copies_land(const hmo_device *dev, const char *op) {
  if (!dev->copies_land_late)
    return HMO_OK;
  int saved;
  int status = hmo__device_enter(dev->hip_id, &saved, op);
  if (status != HMO_OK)
    return status;
  status = hmo__check_hip(hipStreamSynchronize(NULL), "hipStreamSynchronize", op);
  hmo__device_leave(dev->hip_id, saved);
  return status;
}
