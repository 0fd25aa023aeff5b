/*
 * nvcc_headers.cpp: mockhip's HIP headers as nvcc sees them when a program for
 * HIP on NVIDIA is built over hip-nvidia (ci/gpu.sh's kernel cases): CUDA's
 * <vector_types.h> is already there (nvcc includes it first), so the headers
 * must take CUDA's vector types and dim3 and define none of their own.
 * Compiled with -D__CUDACC__ -D__NVCC__ and nvcc_stub/ standing in for CUDA.
 */
#include <hip/channel_descriptor.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

#ifndef NVCC_STUB_VECTOR_TYPES_H
#error "the headers did not take CUDA's vector types"
#endif

static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "CUDA's float4");
static_assert(sizeof(dim3) == 12, "CUDA's dim3");

float4 corner() { return make_float4(1, 2, 3, 4); }
dim3 grid() { return dim3(2); }
hipChannelFormatDesc channel() { return hipCreateChannelDesc<float4>(); }
