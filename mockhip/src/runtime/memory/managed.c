/*
 * managed.c: hipMallocManaged and hipStreamAttachMemAsync. Managed memory is a host block to the
 * mock, as to ROCm, which allocates it from its host context and charges no device (hip_hmm.cpp,
 * ihipMallocManaged); hipPointerGetAttributes calls it managed. Attaching memory to a stream
 * changes nothing where every device and the host share one memory, as it changes nothing on ROCm.
 */
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

static hipError_t managed_malloc(mh_state *s, void **dev_ptr, size_t bytes, unsigned flags) {
  /* hipMallocManaged's checks, all hipErrorInvalidValue; unlike hipMalloc, size 0 is one. */
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "dev_ptr is NULL");
  if (bytes == 0)
    return mh__fail(hipErrorInvalidValue, "size is 0");
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x is neither hipMemAttachGlobal nor hipMemAttachHost", flags);
  mh__lock_write();
  hipError_t err = mh__block_alloc(s, dev_ptr, bytes, MH_BLOCK_MANAGED, 0);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocManaged, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipMallocManaged */
  if (err == hipSuccess)
    err = managed_malloc(s, dev_ptr, size, flags);
  return mh__leave(MOCKHIP_CALL_hipMallocManaged, err, "%s, size=%s, flags=%#x",
                   mh__d_out_ptr("dev_ptr", dev_ptr, err), mh__d_bytes(size), flags);
}

/* clr hipStreamAttachMemAsync (hip_hmm.cpp): its checks, then nothing to do. */
static hipError_t attach_check(mh_state *s, hipStream_t stream, void *dev_ptr, size_t length,
                               unsigned flags) {
  if (dev_ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "dev_ptr is NULL");
  hipError_t err = mh__check_stream(s, stream);
  if (err != hipSuccess)
    return err;
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x is not one of hipMemAttachGlobal, hipMemAttachHost and "
                    "hipMemAttachSingle",
                    flags);
  if (flags == hipMemAttachSingle && stream == NULL)
    return mh__fail(hipErrorInvalidValue, "hipMemAttachSingle needs a stream, not the null stream");
  mh_region *block = mh__block_containing(s, (uintptr_t)dev_ptr);
  if (block == NULL && mh__mapping_containing(s, (uintptr_t)dev_ptr) == NULL &&
      mh__pool_block_containing(s, (uintptr_t)dev_ptr) == NULL)
    /* system memory: only where devices reach pageable memory, which none here does
       (hipDeviceAttributePageableMemoryAccess 0) */
    return mh__fail(hipErrorInvalidValue,
                    "dev_ptr %p is memory the runtime does not know, and the devices have no "
                    "pageable memory access",
                    dev_ptr);
  /* fine-grained memory (host and managed blocks): length 0 or the whole allocation */
  if (block != NULL && block->memory != MH_BLOCK_DEVICE && length != 0 &&
      length != block->asked_bytes)
    return mh__fail(hipErrorInvalidValue,
                    "length %zu is neither 0 nor the allocation's size %zu at dev_ptr %p", length,
                    block->asked_bytes, dev_ptr);
  return hipSuccess;
}

MH_EXPORT hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr, size_t length,
                                             unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipStreamAttachMemAsync, MH_CALLER, &s);
  if (err == hipSuccess) {
    mh__lock_read();
    err = attach_check(s, stream, dev_ptr, length, flags);
    mh__unlock();
  }
  return mh__leave(MOCKHIP_CALL_hipStreamAttachMemAsync, err,
                   "stream=%s, dev_ptr=%s, length=%s, flags=%#x", mh__d_stream(stream),
                   mh__d_ptr(dev_ptr), mh__d_bytes(length), flags);
}
