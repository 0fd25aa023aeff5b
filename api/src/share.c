/*
 * share.c: memory shared between processes. hmo_memory_alloc_shareable
 * creates exportable chunks, hmo_memory_export hands out the one chunk's
 * POSIX fd, hmo_memory_import maps such an fd as a new one-chunk buffer.
 *
 * ROCm 6.2 to 7.0 read the import's fd through osHandle (a pointer to an int);
 * 7.1 and later (like CUDA) take the fd as the pointer's value, by what users
 * report (rocm-systems#11020, Mooncake#1550), not by a read of the release's
 * own code (device.c sets the pointer form below 7.1). A value given to a
 * pointer-reading release crashes it; a pointer given to a value-taking
 * release only fails. So from 7.1 the first import on a device checks, with
 * memory of its own, never the caller's fd: a bad fd makes the
 * pointer form fail on a pointer-reading release too, and trying the value
 * form then would crash it. The probe exports one granule and imports it in
 * the pointer form, the pointer chosen so that its address, read as an fd,
 * is not open; only when that fails with hipErrorInvalidValue is the value
 * form tried. The answer is kept in hmo_device.import_abi.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#include "view.h"

#define FD_HANDLE hipMemHandleTypePosixFileDescriptor

HMO_API int hmo_memory_alloc_shareable(hmo_memory **out, hmo_device *dev, size_t count,
                                       hmo_dtype dtype, const void *src) {
  const char *op = "hmo_memory_alloc_shareable";
  int status = hmo__check_new(out, dev, count, dtype, op);
  if (status != HMO_OK)
    return status;
  if (!dev->can_share)
    return hmo__fail(HMO_EDEVICE, hipErrorNotSupported,
                     "%s: this HIP runtime cannot export memory (exportable allocations came "
                     "with ROCm 6.2)",
                     op);
  return hmo__alloc_as(out, dev, count, dtype, src, true, op);
}

/* Fails with HMO_EINVAL, saying why, when mem cannot be exported (buffer locked). */
static int check_exportable(const hmo_memory *mem, const char *op) {
  const hmo_buffer *buf = mem->buf;
  const char *why = NULL;
  if (!mem->root)
    why = "a slice or cast: export the whole allocation";
  else if (buf->wrapped)
    why = "a wrapped pointer: its memory is not hmo's";
  else if (buf->storage != NULL) /* a pool object */
    return hmo__fail(HMO_EINVAL, 0,
                     "%s: the memory is %s: it %s (allocate it with hmo_memory_alloc_shareable)",
                     op, buf->storage->what, buf->storage->shares);
  else if (buf->imported)
    why = "an imported memory: export the original in its process";
  else if (!buf->shareable)
    why = "not from hmo_memory_alloc_shareable (a clone or a plain allocation)";
  else if (buf->chunk_count != 1)
    why = "resized past its first chunk: only one chunk can be exported";
  return why != NULL ? hmo__fail(HMO_EINVAL, 0, "%s: the memory is %s", op, why) : HMO_OK;
}

HMO_API int hmo_memory_export(const hmo_memory *mem, int *fd) {
  const char *op = "hmo_memory_export";
  if (mem == NULL || fd == NULL)
    return hmo__fail(HMO_EINVAL, 0, "%s: %s is NULL", op, mem == NULL ? "mem" : "fd");
  if (hmo__released(mem))
    return hmo__fail_released(op, "the memory");
  hmo_buffer *buf = mem->buf;
  pthread_mutex_lock(&buf->lock);
  int status = buf->freed
                   ? hmo__fail(HMO_EFREED, 0, "%s: the memory was freed (hmo_memory_free)", op)
                   : check_exportable(mem, op);
  int out = -1;
  if (status == HMO_OK)
    status =
        hmo__check_hip(hipMemExportToShareableHandle(&out, buf->chunks[0].handle, FD_HANDLE, 0),
                       "hipMemExportToShareableHandle", op);
  pthread_mutex_unlock(&buf->lock);
  if (status == HMO_OK)
    *fd = out;
  return status;
}

/* The pointer form, through an int whose own address, read as an fd, is not an open one:
   a value-taking runtime then fails instead of importing whatever that fd holds. */
static hipError_t import_through_pointer(hipMemGenericAllocationHandle_t *handle, int fd) {
  int slots[16];
  for (size_t i = 0; i < sizeof slots / sizeof *slots; i++) {
    int as_fd = (int)(intptr_t)&slots[i];
    if (as_fd >= 0 && fcntl(as_fd, F_GETFD) != -1)
      continue;
    slots[i] = fd;
    return hipMemImportFromShareableHandle(handle, &slots[i], FD_HANDLE);
  }
  return hipErrorUnknown; /* every slot's address is an open fd: nothing safe to try */
}

/* A handle of the probe's that the runtime would not release: hmo_device_close tries again. */
static void keep_for_close(hmo_device *dev, hipMemGenericAllocationHandle_t handle) {
  pthread_mutex_lock(&dev->probe_lock);
  if (dev->probe_left_count < HMO_PROBE_LEFT_MAX) /* else probes raced: the rest stays */
    dev->probe_left[dev->probe_left_count++] = handle;
  pthread_mutex_unlock(&dev->probe_lock);
}

/*
 * Finds dev->import_abi by importing a granule of its own (see the top of the
 * file). Once the form is known, a release that fails in the clean-up does not
 * fail the caller's import: the handle waits for hmo_device_close.
 */
static int probe_import_abi(hmo_device *dev, const char *op) {
  hipMemAllocationProp prop = hmo__device_prop(dev->hip_id);
  prop.requestedHandleType = FD_HANDLE;
  hipMemGenericAllocationHandle_t own, imported;
  int status = hmo__check_hip(hipMemCreate(&own, dev->granularity, &prop, 0), "hipMemCreate", op);
  if (status != HMO_OK)
    return status;
  int fd = -1;
  status = hmo__check_hip(hipMemExportToShareableHandle(&fd, own, FD_HANDLE, 0),
                          "hipMemExportToShareableHandle", op);
  hmo_import_abi abi = HMO_IMPORT_UNKNOWN;
  if (status == HMO_OK) {
    hipError_t err = import_through_pointer(&imported, fd);
    if (err == hipSuccess) {
      abi = HMO_IMPORT_POINTER;
    } else if (err == hipErrorInvalidValue) {
      err = hipMemImportFromShareableHandle(&imported, (void *)(intptr_t)fd, FD_HANDLE);
      if (err == hipSuccess)
        abi = HMO_IMPORT_VALUE;
    }
    if (err != hipSuccess)
      status =
          hmo__fail_hip(hmo__status_of(err) == HMO_OK ? HMO_EBACKEND : hmo__status_of(err), err,
                        "%s: cannot find how hipMemImportFromShareableHandle takes the fd "
                        "(neither a pointer to it nor its value imports memory hmo "
                        "exported): %s",
                        op, hipGetErrorName(err));
    else if (hipMemRelease(imported) != hipSuccess)
      keep_for_close(dev, imported);
    close(fd);
  }
  if (status != HMO_OK) {
    (void)hipMemRelease(own);
    return status;
  }
  if (hipMemRelease(own) != hipSuccess)
    keep_for_close(dev, own);
  atomic_store(&dev->import_abi, abi);
  return HMO_OK;
}

/* The size the fd's file reports (a dma-buf on ROCm, a memfd on the mock), or -1 when it
   answers none (a pipe, a socket); the file offset is put back. */
static off_t file_end(int fd) {
  off_t at = lseek(fd, 0, SEEK_CUR);
  off_t end = lseek(fd, 0, SEEK_END);
  if (at >= 0)
    (void)lseek(fd, at, SEEK_SET);
  return end;
}

/* Checks fd and finds the bytes to map: count * dtype rounded up to the granularity. */
static int import_size(hmo_device *dev, int fd, size_t count, hmo_dtype dtype, size_t *bytes,
                       size_t *mapped, const char *op) {
  if (fd < 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: fd %d is negative", op, fd);
  if (fcntl(fd, F_GETFD) == -1)
    return hmo__fail(HMO_EINVAL, 0, "%s: fd %d is not an open file descriptor", op, fd);
  int status = hmo__count_bytes(count, dtype, bytes, op);
  if (status != HMO_OK)
    return status;
  bool overflow;
  *mapped = hmo__round_up(*bytes, dev->granularity, &overflow);
  if (overflow)
    return hmo__fail(HMO_ERANGE, 0, "%s: %zu bytes overflow when rounded to the granularity %zu",
                     op, *bytes, dev->granularity);
  /* The CUDA driver's fd tells no size (H200): where a mapping covers its whole handle, the
     count must be the export's, whatever the file says (so the mock playing it agrees). */
  off_t end = dev->map_whole_handles ? -1 : file_end(fd);
  if (end == 0)
    return hmo__fail(HMO_EINVAL, 0, "%s: fd %d holds no exported memory (its file is empty)", op,
                     fd);
  if (end > 0 && (uintmax_t)*mapped > (uintmax_t)end)
    return hmo__fail(HMO_ERANGE, 0,
                     "%s: %zu bytes (%zu mapped, in whole granules) are more than the %jd bytes "
                     "exported through fd %d",
                     op, *bytes, *mapped, (intmax_t)end, fd);
  return HMO_OK;
}

HMO_API int hmo_memory_import(hmo_memory **out, hmo_device *dev, int fd, size_t count,
                              hmo_dtype dtype) {
  const char *op = "hmo_memory_import";
  int status = hmo__check_new(out, dev, count, dtype, op);
  if (status != HMO_OK)
    return status;
  if (!dev->can_share)
    return hmo__fail(HMO_EDEVICE, hipErrorNotSupported,
                     "%s: this HIP runtime cannot import memory (import came with ROCm 6.2)", op);
  size_t bytes = 0, mapped = 0;
  if ((status = import_size(dev, fd, count, dtype, &bytes, &mapped, op)) != HMO_OK)
    return status;
  if (atomic_load(&dev->import_abi) == HMO_IMPORT_UNKNOWN &&
      (status = probe_import_abi(dev, op)) != HMO_OK)
    return status;
  hipMemGenericAllocationHandle_t handle;
  int value = fd;
  void *os_handle =
      atomic_load(&dev->import_abi) == HMO_IMPORT_POINTER ? (void *)&value : (void *)(intptr_t)fd;
  hipError_t err = hipMemImportFromShareableHandle(&handle, os_handle, FD_HANDLE);
  /* The fd is open (import_size): the CUDA driver answers one of something else
     CUDA_ERROR_UNKNOWN, ROCm hipErrorInvalidValue. */
  bool not_export =
      err == hipErrorInvalidValue || (err == hipErrorUnknown && dev->map_whole_handles);
  if (err != hipSuccess)
    return hmo__fail_hip(not_export ? HMO_EINVAL : hmo__status_of(err), err,
                         "%s: fd %d holds no memory exported by hmo_memory_export "
                         "(hipMemImportFromShareableHandle: %s)",
                         op, fd, hipGetErrorName(err));
  hmo_buffer *buf;
  status = hmo__buffer_adopt(&buf, dev, handle, mapped, bytes, op);
  if (status != HMO_OK) {
    (void)hipMemRelease(handle);
    /* Where a mapping covers its whole handle and the fd tells no size, a map of another
       size than the export's is hipErrorNotSupported: the count does not fit the export. */
    if (dev->map_whole_handles && hmo_error_last()->hip_error == hipErrorNotSupported)
      return hmo__fail(HMO_ERANGE, hipErrorNotSupported,
                       "%s: %zu bytes (%zu mapped, in whole granules) are not the size exported "
                       "through fd %d: HIP on NVIDIA maps a whole export or nothing, so import "
                       "the exported size",
                       op, bytes, mapped, fd);
    return status;
  }
  return hmo__new_root(out, buf, bytes, dtype, op);
}
