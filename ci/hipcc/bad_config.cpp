// Launches hipcc's rewrite refuses, each on its own line: a configuration
// without a block size, and no argument list (ci/hipcc/check.sh checks both).
#include <hip/hip_runtime.h>

__global__ void store(int *out) { *out = 1; }

int main() {
  int *out = nullptr;
  store<<<1>>>(out);
  store<<<1, 1>>>;
  return 0;
}
