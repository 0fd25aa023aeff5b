/*
 * managed.c: hipMallocManaged. Managed memory is a host block to the mock, as
 * to ROCm, which allocates it from its host context and charges no device
 * (hip_hmm.cpp, ihipMallocManaged); hipPointerGetAttributes calls it managed.
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
