/* The C part of the project: hipcc compiles .c files as C. */
#include <stdio.h>

#include "report.h"

void report(const char *what, double got, double expected) {
  printf("%s: %.1f (expected %.1f): %s\n", what, got, expected, got == expected ? "ok" : "WRONG");
}
