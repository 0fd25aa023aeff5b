// The release a build chose (hipcc --rocm-version) is the one mockhip plays,
// and HIP_VERSION's #if code agrees with it (ci/hipcc/check.sh).
#include <hip/hip_runtime.h>
#include <mockhip.h>

#include <cstdio>

int main() {
  int runtime = 0;
  if (hipRuntimeGetVersion(&runtime) != hipSuccess)
    return 1;
#if HIP_VERSION >= 70000000
  const char *path = "7.x";
#else
  const char *path = "6.x";
#endif
  std::printf("HIP_VERSION %d, %s code, playing %s, hipRuntimeGetVersion %d\n", HIP_VERSION, path,
              mockhip_rocm_version(), runtime);
  return 0;
}
