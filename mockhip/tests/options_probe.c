/*
 * options_probe.c: prints what mockhip reports under the environment it was
 * started with, one "key=value" line each, for test_options.c:
 *   devices=  granularity=  recommended=  total=  trace=
 * It makes exactly PROBE_TRACED_CALLS HIP calls whose trace lines reach
 * stderr, one of them failing on purpose, so a test can count them.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <hip/hip_runtime_api.h>

#include "options_probe.h"

/* Whether a HIP call writes a trace line: run one with stderr captured. */
static int trace_is_on(void) {
  FILE *capture = tmpfile();
  if (capture == NULL)
    return -1;
  fflush(stderr);
  int saved = dup(STDERR_FILENO);
  dup2(fileno(capture), STDERR_FILENO);
  int count = 0;
  hipGetDeviceCount(&count);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  char line[512] = "";
  rewind(capture);
  int on = fgets(line, sizeof line, capture) != NULL && strstr(line, "hipGetDeviceCount") != NULL;
  fclose(capture);
  return on;
}

int main(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;

  /* The traced calls: the first one reads the options (and warns). */
  int devices = -1;
  size_t minimum = 0, recommended = 0, free_bytes = 0, total = 0;
  void *nowhere = NULL;
  hipGetDeviceCount(&devices);
  hipMemGetAllocationGranularity(&minimum, &prop, hipMemAllocationGranularityMinimum);
  hipMemGetAllocationGranularity(&recommended, &prop, hipMemAllocationGranularityRecommended);
  hipMemGetInfo(&free_bytes, &total);
  hipMemAddressReserve(&nowhere, 0, 0, NULL, 0); /* size 0: fails, traced with its reason */
  _Static_assert(PROBE_TRACED_CALLS == 5, "the calls above are the traced ones");

  printf("devices=%d\ngranularity=%zu\nrecommended=%zu\ntotal=%zu\ntrace=%d\n", devices, minimum,
         recommended, total, trace_is_on());
  return 0;
}
