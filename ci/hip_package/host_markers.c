/*
 * host_markers.c: what device code declares, compiled by a host compiler as C
 * and as C++ (-Wall -Wextra -Werror): markers ROCm defines for hip-clang only
 * (__launch_bounds__, __managed__, HIP_DYNAMIC_SHARED, __align__), which
 * mockhip's <hip/hip_runtime.h> defines too, so such declarations parse.
 */
#include <hip/hip_runtime.h>

#ifdef __cplusplus
#define ALIGNMENT_OF(type) alignof(type)
#define STATIC_ASSERT static_assert
#else
#define ALIGNMENT_OF(type) _Alignof(type)
#define STATIC_ASSERT _Static_assert
#endif

struct __align__(16) vec4 {
  float x, y, z, w;
};

__managed__ int launches = 0;

__global__ void __launch_bounds__(256) fill(float *values, size_t count);
__global__ void __launch_bounds__(256, 2) scale(struct vec4 *values, size_t count);

/* A kernel body that declares its dynamic shared memory; never called here. */
__global__ void sum(const float *values, float *total) {
  HIP_DYNAMIC_SHARED(float, partial)
  (void)partial;
  (void)values;
  (void)total;
}

int main(void) {
  STATIC_ASSERT(ALIGNMENT_OF(struct vec4) == 16, "__align__(16) aligns");
  launches += 1;
  return launches == 1 ? 0 : 1;
}
