/*
 * host_memory.c: hipHostMalloc and hipHostFree, with their deprecated names hipMallocHost,
 * hipHostAlloc and hipFreeHost. Pinned host memory is a host
 * block: the CPU and every device may use it, copies of every kind reach it,
 * and no device's capacity is charged. Nothing is pinned: the mock's memory
 * never moves anyway.
 */
#include "runtime/memory/memory.h"
#include "runtime/streams/streams.h"

/* ROCm's flag checks (hip_memory.cpp, ihipHostMalloc); other bits are accepted and kept. */
static hipError_t check_host_flags(unsigned flags) {
  const unsigned coherence = hipHostMallocCoherent | hipHostMallocNonCoherent;
  if ((flags & coherence) == coherence)
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x holds both hipHostMallocCoherent and hipHostMallocNonCoherent",
                    flags);
  if ((flags & HIPVMM_HOST_MALLOC_UNCACHED) && (flags & coherence))
    return mh__fail(hipErrorInvalidValue,
                    "flags %#x holds hipHostMallocUncached with a coherence flag", flags);
  return hipSuccess;
}

static hipError_t host_malloc(mh_state *s, void **ptr, size_t bytes, unsigned flags) {
  if (ptr == NULL)
    return mh__fail(hipErrorInvalidValue, "ptr is NULL");
  *ptr = NULL;
  if (bytes == 0)
    return hipSuccess; /* as ROCm: before the flags are looked at */
  hipError_t err = check_host_flags(flags);
  if (err != hipSuccess)
    return err;
  mh__lock_write();
  err = mh__block_alloc(s, ptr, bytes, MH_BLOCK_HOST, flags);
  mh__unlock();
  return err;
}

MH_EXPORT hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostMalloc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipHostMalloc */
  if (err == hipSuccess)
    err = host_malloc(s, ptr, size, flags);
  return mh__leave(MOCKHIP_CALL_hipHostMalloc, err, "%s, size=%s, flags=%#x",
                   mh__d_out_ptr("ptr", ptr, err), mh__d_bytes(size), flags);
}

/* ROCm's deprecated name for hipHostMalloc without flags (clr hipMallocHost: ihipMalloc of
   fine-grained memory; a NULL ptr is hipErrorInvalidValue, size 0 gives NULL). */
MH_EXPORT hipError_t hipMallocHost(void **ptr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMallocHost, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess)
    err = host_malloc(s, ptr, size, hipHostMallocDefault);
  return mh__leave(MOCKHIP_CALL_hipMallocHost, err, "%s, size=%s", mh__d_out_ptr("ptr", ptr, err),
                   mh__d_bytes(size));
}

/* ROCm's other deprecated name (clr hipMemAllocHost: hipHostMalloc(ptr, size, 0)). */
MH_EXPORT hipError_t hipMemAllocHost(void **ptr, size_t size) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipMemAllocHost, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess)
    err = host_malloc(s, ptr, size, hipHostMallocDefault);
  return mh__leave(MOCKHIP_CALL_hipMemAllocHost, err, "%s, size=%s", mh__d_out_ptr("ptr", ptr, err),
                   mh__d_bytes(size));
}

/* The hipHostAlloc flags clr takes: Portable, Mapped and WriteCombined (flags above their sum are
   refused), by value: ROCm 5.x headers name none of them. */
#define HOST_ALLOC_FLAGS (0x1u | 0x2u | 0x4u)

/* ROCm's deprecated name for hipHostMalloc (clr hipHostAlloc: a NULL ptr, then flags past
   HOST_ALLOC_FLAGS, are hipErrorInvalidValue; then ihipHostMalloc). */
MH_EXPORT hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags) {
  mh_state *s;
  hipError_t err = mh__enter(MOCKHIP_CALL_hipHostAlloc, MH_CALLER, &s);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE);
  if (err == hipSuccess && ptr == NULL)
    err = mh__fail(hipErrorInvalidValue, "ptr is NULL");
  if (err == hipSuccess && flags > HOST_ALLOC_FLAGS)
    err = mh__fail(hipErrorInvalidValue,
                   "flags %#x is more than hipHostAllocPortable | hipHostAllocMapped | "
                   "hipHostAllocWriteCombined",
                   flags);
  if (err == hipSuccess)
    err = host_malloc(s, ptr, size, flags);
  return mh__leave(MOCKHIP_CALL_hipHostAlloc, err, "%s, size=%s, flags=%#x",
                   mh__d_out_ptr("ptr", ptr, err), mh__d_bytes(size), flags);
}

/* As ROCm's hipHostFree, which frees whatever memory object starts at ptr: device memory too.
   site is the caller's: each entry point below passes its own. */
static hipError_t host_free(mockhip_api api, void *site, void *ptr) {
  mh_state *s;
  hipError_t err = mh__enter(api, site, &s);
  char ptr_text[MH_DECODED_BYTES]; /* decoded now: the call frees what it names */
  mh__d_ptr_early(ptr, ptr_text);
  if (err == hipSuccess)
    err = mh__capture_check(MH_CAPTURE_UNSAFE); /* first, as ROCm's hipHostFree */
  if (err == hipSuccess) /* it waits for the work queued on every stream (ihipFree's syncs) */
    mh__queue_drain(-1);
  if (err == hipSuccess) {
    mh__sync_host_waits_device(-1);
    mh__lock_write();
    err = mh__block_free(s, ptr, "ptr", true);
    mh__unlock();
  }
  return mh__leave(api, err, "ptr=%s", ptr_text);
}

MH_EXPORT hipError_t hipHostFree(void *ptr) {
  return host_free(MOCKHIP_CALL_hipHostFree, MH_CALLER, ptr);
}

/* ROCm's deprecated name for hipHostFree (clr hip_memory.cpp). */
MH_EXPORT hipError_t hipFreeHost(void *ptr) {
  return host_free(MOCKHIP_CALL_hipFreeHost, MH_CALLER, ptr);
}
