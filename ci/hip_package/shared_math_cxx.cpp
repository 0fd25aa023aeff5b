// shared_math_cxx.cpp: shared_math.h from C++17 (-Wall -Wextra -Werror), with
// the project's own __forceinline__, which mockhip's header must leave alone.
#define __forceinline__ inline __attribute__((always_inline))
#include "shared_math.h"

#include <cstdio>

int main() {
  static_assert(sizeof(shared_round_up(1, 1)) == sizeof(std::size_t), "size_t in, size_t out");
  int failures = 0;
  failures += shared_round_up(5000, 4096) != 8192;
  failures += shared_chunk_of(4096, 4096) != 1;
  failures += shared_mix(1) == shared_mix(2);
  failures += shared_primes[0] != 2;
  std::printf("shared_math from C++: %s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
