/*
 * lesson.h: what every lesson in examples/vmm shares: the command line
 * (nothing runs the lesson, `break N` runs its mistake N instead), a checked
 * HIP call, and the words printed when a mistake's call fails as it should.
 */
#ifndef LESSON_H
#define LESSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hip/hip_runtime_api.h>
#include <mockhip.h> /* mockhip_last_reason: why the mock refused a call */

/* A step that must work: on failure, the call, its error and why, then exit 1. */
#define CHECK(call) lesson_check((call), #call)

static inline void lesson_check(hipError_t error, const char *call) {
  if (error == hipSuccess)
    return;
  printf("FAILED: %s\n  returned %s: %s\n  why: %s\n", call, hipGetErrorName(error),
         hipGetErrorString(error), mockhip_last_reason());
  exit(1);
}

/*
 * The release mockhip plays, as a learner reads it: "ROCm 7.2", or "the newest
 * ROCm" (the default; MOCKHIP_ROCM_VERSION chooses another), or "HIP on
 * NVIDIA" (MOCKHIP_PLATFORM=nvidia).
 */
static inline const char *lesson_release(void) {
  static char name[32];
  const char *version = mockhip_rocm_version();
  if (strcmp(mockhip_platform(), "amd") != 0)
    return "HIP on NVIDIA";
  if (strcmp(version, "newest") == 0)
    return "the newest ROCm";
  snprintf(name, sizeof name, "ROCm %s", version);
  return name;
}

/* The name of an access flag hipMemGetAccess wrote; `otherwise` for a value it is not. */
static inline const char *lesson_flags_name(unsigned long long flags, const char *otherwise) {
  return flags == hipMemAccessFlagsProtReadWrite ? "ReadWrite"
         : flags == hipMemAccessFlagsProtRead    ? "Read"
         : flags == hipMemAccessFlagsProtNone    ? "None"
                                                 : otherwise;
}

/*
 * Whether the runtime is a ROCm release older than `version`, as
 * hipRuntimeGetVersion numbers them: major * 10000000 + minor * 100000
 * (70200000 is 7.2). HIP on NVIDIA answers CUDA's numbering: never.
 */
static inline int lesson_rocm_older_than(int version) {
  int runtime = 0;
  CHECK(hipRuntimeGetVersion(&runtime));
  return strcmp(mockhip_platform(), "amd") == 0 && runtime < version;
}

/*
 * Whether the release played lets the CPU read and write VMM memory whatever
 * was granted: ROCm 6.x, whose CPU path maps the reservation's pages (table (g)
 * row cpu_access, docs/hip-vmm-semantics.md b.11). A lesson whose mistake is a
 * CPU touch makes it, and then says with lesson_cpu_touch_went_through that it
 * went through, where this is so.
 */
static inline int lesson_cpu_touches_anything(void) {
  return strcmp(mockhip_profile_cell("cpu_access"), "reservation_pages") == 0;
}

static inline void lesson_cpu_touch_went_through(void) {
  printf("  release: %s lets the CPU read and write a mapping whatever was granted (its CPU "
         "path maps the reservation's pages, docs/hip-vmm-semantics.md b.11): the touch went "
         "through; from ROCm 7.0 on, and on HIP on NVIDIA, the process dies here\n",
         lesson_release());
}

/*
 * After a copy refused for want of access: says so where the release played
 * checks nothing on a copy (ROCm before 6.3: a GPU reads what it may not, or
 * faults; table (g) row copy_access), and mockhip refuses it instead.
 */
static inline void lesson_copy_access_unchecked(void) {
  if (lesson_rocm_older_than(60300000))
    printf("release: %s asks nothing of the device's access on a copy: a GPU reads what it may "
           "not, or faults; mockhip refuses it with hipErrorInvalidValue, as HIP on NVIDIA does "
           "(ROCm 6.3 and later: hipErrorUnknown, docs/hip-vmm-semantics.md a.8#10)\n",
           lesson_release());
}

/*
 * A mistake's call: what it returned, why, and what to write instead. Some
 * releases let a mistake through: `accepted` then says what the release
 * played does instead, why, and the row of docs/hip-vmm-semantics.md (NULL:
 * every release refuses it). Returns 1 when the call was refused, 0 when it
 * went through.
 */
static inline int lesson_refused(hipError_t error, const char *call, const char *instead,
                                 const char *accepted) {
  if (error == hipSuccess && accepted == NULL) {
    printf("UNEXPECTED: %s succeeded; it should have been refused\n", call);
    exit(1);
  }
  printf("mistake: %s\n  returned %s\n", call, hipGetErrorName(error));
  if (error == hipSuccess)
    printf("  release: %s %s\n", lesson_release(), accepted);
  else
    printf("  why: %s\n", mockhip_last_reason());
  printf("  instead: %s\n", instead);
  return error != hipSuccess;
}

/*
 * Reads the command line: no argument is the lesson (0), `break` its first
 * mistake (1), `break N` mistake N of `count`. Anything else prints the usage
 * and exits 2; --help prints it on stdout and exits 0. stdout becomes
 * line-buffered, so that the lesson's lines and mockhip's stderr lines
 * (MOCKHIP_TRACE, strict reports) keep their order in one file, and nothing
 * buffered is printed twice after a fork.
 */
static inline int lesson_mistake(int argc, char **argv, const char *lesson,
                                 const char *const mistakes[], int count) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc == 1)
    return 0;
  int help = argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
  if (strcmp(argv[1], "break") == 0) {
    if (argc == 2)
      return 1;
    char *end;
    long n = strtol(argv[2], &end, 10);
    if (argc == 3 && *argv[2] != '\0' && *end == '\0' && n >= 1 && n <= count)
      return (int)n;
  }
  FILE *out = help ? stdout : stderr;
  fprintf(out, "usage: lesson_%s [break [N]]\n  (no argument) the lesson\n", lesson);
  for (int i = 0; i < count; i++)
    fprintf(out, "  break %d%s  the mistake: %s\n", i + 1, i == 0 ? " (or break)" : "",
            mistakes[i]);
  exit(help ? 0 : 2);
}

#endif /* LESSON_H */
