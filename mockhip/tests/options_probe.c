/*
 * options_probe.c: prints what mockhip reports under the environment it was
 * started with, one "key=value" line each, for test_options.c:
 *   devices=  granularity=  recommended=  total=  trace=
 * It makes exactly PROBE_TRACED_CALLS HIP calls whose trace lines reach
 * stderr, one of them failing on purpose, so a test can count them.
 * "mockhip-options-probe rocm [NAME]" reports the ROCm release played instead
 * (see rocm_main), "mockhip-options-probe platform [NAME]" the platform (see
 * platform_main).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h>

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

/*
 * The release played: mockhip_set_rocm_version(NAME) first when NAME is given
 * ("set="), then the release and the runtime and driver versions, then another
 * mockhip_set_rocm_version after those first calls ("late=") and the same
 * three again:
 *   set=  rocm=  runtime=  driver=  late=  rocm_late=  runtime_late=
 */
static int rocm_main(const char *name) {
  if (name != NULL)
    printf("set=%d\n", mockhip_set_rocm_version(name));
  int runtime = -1, driver = -1;
  const char *rocm = mockhip_rocm_version();
  hipRuntimeGetVersion(&runtime);
  hipDriverGetVersion(&driver);
  printf("rocm=%s\nruntime=%d\ndriver=%d\n", rocm, runtime, driver);
  const char *other = strcmp(rocm, "6.1") == 0 ? "7.1" : "6.1";
  printf("late=%d\n", mockhip_set_rocm_version(other));
  hipRuntimeGetVersion(&runtime);
  printf("rocm_late=%s\nruntime_late=%d\n", mockhip_rocm_version(), runtime);
  return 0;
}

static hipMemAllocationProp device_prop(void) {
  hipMemAllocationProp prop;
  memset(&prop, 0, sizeof prop);
  prop.type = hipMemAllocationTypePinned;
  prop.location.type = hipMemLocationTypeDevice;
  return prop;
}

/*
 * The platform played: mockhip_set_platform(NULL), then mockhip_set_platform(NAME)
 * when NAME is given ("set="), then the platform, the release, the runtime and
 * driver versions and both granularities, then another mockhip_set_platform
 * after those first calls ("late=") and the platform and release again:
 *   null=  set=  platform=  rocm=  runtime=  driver=  granularity=  recommended=
 *   late=  platform_late=  rocm_late=
 */
static int platform_main(const char *name) {
  printf("null=%d\n", mockhip_set_platform(NULL));
  if (name != NULL)
    printf("set=%d\n", mockhip_set_platform(name));
  const char *platform = mockhip_platform();
  const char *rocm = mockhip_rocm_version();
  int runtime = -1, driver = -1;
  hipRuntimeGetVersion(&runtime);
  hipDriverGetVersion(&driver);
  hipMemAllocationProp prop = device_prop();
  size_t minimum = 0, recommended = 0;
  hipMemGetAllocationGranularity(&minimum, &prop, hipMemAllocationGranularityMinimum);
  hipMemGetAllocationGranularity(&recommended, &prop, hipMemAllocationGranularityRecommended);
  printf("platform=%s\nrocm=%s\nruntime=%d\ndriver=%d\ngranularity=%zu\nrecommended=%zu\n",
         platform, rocm, runtime, driver, minimum, recommended);
  printf("late=%d\n", mockhip_set_platform(strcmp(platform, "nvidia") == 0 ? "amd" : "nvidia"));
  printf("platform_late=%s\nrocm_late=%s\n", mockhip_platform(), mockhip_rocm_version());
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "rocm") == 0)
    return rocm_main(argc > 2 ? argv[2] : NULL);
  if (argc > 1 && strcmp(argv[1], "platform") == 0)
    return platform_main(argc > 2 ? argv[2] : NULL);
  hipMemAllocationProp prop = device_prop();

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
