/*
 * copy.c: hipMemcpy*, hipMemset* over the driver's copies and sets.
 *
 * hipMemcpy and hipMemcpyAsync use cuMemcpy and cuMemcpyAsync, which find the
 * direction from the addresses (unified addressing, as cudaMemcpy does): the
 * kind is only checked, and a value that is no hipMemcpyKind answers
 * hipErrorInvalidMemcpyDirection as the CUDA runtime does. ROCm's
 * hipMemcpyDeviceToDeviceNoCU is a device-to-device copy made without
 * compute units; on NVIDIA every copy is, so it is accepted like
 * hipMemcpyDeviceToDevice. The typed copies and the sets are their cuMem*
 * counterparts; the peer copies name both devices' primary contexts.
 */
#include "hip_nvidia_base.h"

static hipError_t check_kind(const char *call, hipMemcpyKind kind) {
  switch (kind) {
  case hipMemcpyHostToHost:
  case hipMemcpyHostToDevice:
  case hipMemcpyDeviceToHost:
  case hipMemcpyDeviceToDevice:
  case hipMemcpyDefault:
  case hipMemcpyDeviceToDeviceNoCU: return hipSuccess;
  }
  return hipnv__fail(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a hipMemcpyKind", call,
                     (int)kind);
}

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind) {
  hipError_t refused = check_kind("hipMemcpy", kind);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpy(hipnv__dptr(dst), hipnv__dptr(src), sizeBytes);
  return hipnv__result(result);
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream) {
  hipError_t refused = check_kind("hipMemcpyAsync", kind);
  if (refused != hipSuccess)
    return refused;
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyAsync(hipnv__dptr(dst), hipnv__dptr(src), sizeBytes, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, const void *src, size_t sizeBytes) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyHtoD(hipnv__dptr(dst), src, sizeBytes);
  return hipnv__result(result);
}

hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyDtoH(dst, hipnv__dptr(src), sizeBytes);
  return hipnv__result(result);
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyDtoD(hipnv__dptr(dst), hipnv__dptr(src), sizeBytes);
  return hipnv__result(result);
}

hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, const void *src, size_t sizeBytes,
                              hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyHtoDAsync(hipnv__dptr(dst), src, sizeBytes, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyDtoHAsync(dst, hipnv__dptr(src), sizeBytes, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                              hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuMemcpyDtoDAsync(hipnv__dptr(dst), hipnv__dptr(src), sizeBytes, (CUstream)stream);
  return hipnv__result(result);
}

/* Both devices' primary contexts, retained once each; a bad ordinal is the driver's answer. */
static CUresult peer_contexts(int dst_device, CUcontext *dst_ctx, int src_device,
                              CUcontext *src_ctx) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__primary_context(dst_device, dst_ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__primary_context(src_device, src_ctx);
  return result;
}

hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId,
                         size_t sizeBytes) {
  CUcontext dst_ctx = NULL, src_ctx = NULL;
  CUresult result = peer_contexts(dstDeviceId, &dst_ctx, srcDeviceId, &src_ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyPeer(hipnv__dptr(dst), dst_ctx, hipnv__dptr(src), src_ctx, sizeBytes);
  return hipnv__result(result);
}

hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice,
                              size_t sizeBytes, hipStream_t stream) {
  CUcontext dst_ctx = NULL, src_ctx = NULL;
  CUresult result = peer_contexts(dstDeviceId, &dst_ctx, srcDevice, &src_ctx);
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemcpyPeerAsync(hipnv__dptr(dst), dst_ctx, hipnv__dptr(src), src_ctx,
                                      sizeBytes, (CUstream)stream);
  return hipnv__result(result);
}

/* ---- sets: hipMemset is bytes, as cudaMemset is ---- */

/* hipMemset sets bytes: hipMemsetD8's cuMemsetD8, the value cut to its low byte. */
hipError_t hipMemset(void *dst, int value, size_t sizeBytes) {
  return hipMemsetD8(dst, (unsigned char)value, sizeBytes);
}

hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream) {
  return hipMemsetD8Async(dst, (unsigned char)value, sizeBytes, stream);
}

hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemsetD8(hipnv__dptr(dest), value, count);
  return hipnv__result(result);
}

hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                            hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemsetD8Async(hipnv__dptr(dest), value, count, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemsetD16(hipnv__dptr(dest), value, count);
  return hipnv__result(result);
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                             hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemsetD16Async(hipnv__dptr(dest), value, count, (CUstream)stream);
  return hipnv__result(result);
}

hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result = hipnv__cuMemsetD32(hipnv__dptr(dest), (unsigned int)value, count);
  return hipnv__result(result);
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream) {
  CUresult result = hipnv__use_context();
  if (result == CUDA_SUCCESS)
    result =
        hipnv__cuMemsetD32Async(hipnv__dptr(dst), (unsigned int)value, count, (CUstream)stream);
  return hipnv__result(result);
}
