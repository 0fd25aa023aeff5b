/*
 * test_main.c: test-hip-nvidia AREA runs one area's cases against the fake
 * driver (HIPVMM_LIBCUDA names it); without an argument, it lists the areas.
 */
#include "hip_nvidia_test.h"

#include <stdio.h>
#include <string.h>

typedef struct area {
  const char *name;
  int (*run)(void);
} area;

static const area areas[] = {
#define HN_AREA_ENTRY(name) {#name, hn_area_##name},
    HN_AREAS(HN_AREA_ENTRY)
#undef HN_AREA_ENTRY
};

int main(int argc, char **argv) {
  for (size_t i = 0; argc == 2 && i < sizeof areas / sizeof areas[0]; i++)
    if (strcmp(argv[1], areas[i].name) == 0)
      return areas[i].run();
  fprintf(stderr, "usage: %s AREA, one of:", argv[0]);
  for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
    fprintf(stderr, " %s", areas[i].name);
  fprintf(stderr, "\n");
  return 2;
}
