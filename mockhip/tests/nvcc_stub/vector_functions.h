/* nvcc_stub/vector_functions.h: a stand-in for CUDA's <vector_functions.h> (one make_ function
   is enough to see that mockhip's headers leave them to CUDA). */
#ifndef NVCC_STUB_VECTOR_FUNCTIONS_H
#define NVCC_STUB_VECTOR_FUNCTIONS_H

#include <vector_types.h>

static inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }

#endif /* NVCC_STUB_VECTOR_FUNCTIONS_H */
