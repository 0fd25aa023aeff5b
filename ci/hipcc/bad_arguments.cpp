// A launch whose arguments do not fit its kernel: hipcc's compiler says so on
// the launch's own line (ci/hipcc/check.sh checks the line number).
#include <hip/hip_runtime.h>

struct box {
  int value;
};

__global__ void store(int *out, int value) { *out = value; }

int main() {
  int *out = nullptr;
  box b{1};
  store<<<1, 1>>>(out, b);
  return 0;
}
