/* shared_math_c.c: shared_math.h from C (C11, -Wall -Wextra -Werror). */
#include "shared_math.h"

int main(void) {
  int failures = 0;
  failures += shared_round_up(5000, 4096) != 8192;
  failures += shared_round_up(8192, 4096) != 8192;
  failures += shared_chunk_of(8191, 4096) != 1;
  failures += shared_mix(1) == shared_mix(2);
  failures += shared_primes[3] != 7;
  printf("shared_math from C: %s\n", failures ? "FAILED" : "ok");
  return failures != 0;
}
