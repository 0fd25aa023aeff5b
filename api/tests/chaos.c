/* chaos.c: the __wrap_ functions of chaos.h, which count every HIP call and fail the armed one. */
#include "chaos.h"

#include <string.h>

chaos_state chaos = {.failed_api = -1};

const bool chaos_listed[MOCKHIP_API_COUNT] = {
#define CHAOS_LISTED(name, params, args) [MOCKHIP_CALL_##name] = true,
    CHAOS_HIP_LIST(CHAOS_LISTED)
#undef CHAOS_LISTED
};

/* Whether this call is the one to fail; counts it either way. */
static bool chaos_fail_now(int api, hipError_t *injected) {
  chaos.wrapped[api]++;
  if (!chaos.armed)
    return false;
  if (chaos.calls < CHAOS_TRACE)
    chaos.trace[chaos.calls] = api;
  chaos.armed_calls[api]++;
  if (++chaos.calls != chaos.fail_at)
    return false;
  chaos.failed_api = api;
  chaos.failed_nth = chaos.armed_calls[api];
  *injected = chaos.error;
  return true;
}

#define CHAOS_WRAP(name, params, args)                                                             \
  hipError_t __real_##name params;                                                                 \
  hipError_t __wrap_##name params;                                                                 \
  hipError_t __wrap_##name params {                                                                \
    hipError_t injected;                                                                           \
    if (chaos_fail_now(MOCKHIP_CALL_##name, &injected))                                            \
      return injected;                                                                             \
    return __real_##name args;                                                                     \
  }
CHAOS_HIP_LIST(CHAOS_WRAP)
#undef CHAOS_WRAP

void chaos_arm(unsigned long long fail_at, hipError_t error) {
  chaos.calls = 0;
  chaos.fail_at = fail_at;
  chaos.error = error;
  chaos.failed_api = -1;
  chaos.failed_nth = 0;
  memset(chaos.armed_calls, 0, sizeof chaos.armed_calls);
  chaos.armed = true;
}

void chaos_disarm(void) { chaos.armed = false; }

void assert_all_calls_wrapped(const mockhip_stats_t *before, const mockhip_stats_t *after,
                              const unsigned long long *wrapped_before, const char *what) {
  bool ok = true;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    unsigned long long reached = after->calls[api] - before->calls[api];
    unsigned long long through = chaos.wrapped[api] - wrapped_before[api];
    if (api == chaos.failed_api)
      through--; /* failed in the wrapper: never reached mockhip */
    if (!chaos_listed[api] && reached != 0) {
      print_error("%s: hmo called %s %llu times, which this test cannot fail: add it to "
                  "CHAOS_HIP_LIST and HMO_CHAOS_WRAPPED\n",
                  what, mockhip_api_name(api), reached);
      ok = false;
    } else if (chaos_listed[api] && reached != through) {
      print_error("%s: %llu calls of %s reached mockhip, %llu through the wrapper: is it "
                  "missing from HMO_CHAOS_WRAPPED?\n",
                  what, reached, mockhip_api_name(api), through);
      ok = false;
    }
  }
  assert_true(ok);
}
