/*
 * test_one_truth.c: one truth per event. Where the mock refuses or reports
 * something ROCm lets through, the strict line, the teach note and the reason
 * (mockhip_last_reason(), also on the trace line) describe the same event: each
 * quotes the one sentence of what the played release does there, and that
 * sentence is true (docs/hip-vmm-semantics.md). Each event runs in a child
 * under MOCKHIP_TEACH=1 (strict and trace too), once per release that says it
 * differently; the child prints a marker before the call and the reason after.
 *
 * The events: a second hipMemRelease of a handle two mappings still hold
 * (a.5#2: ROCm drops a mapping's reference, nothing is freed yet), and
 * hipMemAddressFree of a reservation that still has a mapping, its handle
 * released first or never (a.3#5, b.7, e.8: the mapping is the cause, never
 * the release).
 */
#include "mock_test.h"
#include "self_child.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the children ---- */

/* The event's call between two markers, and the reason it left. */
static hipError_t event(hipError_t err) {
  fprintf(stderr, "=== reason: %s\n", mockhip_last_reason());
  return err;
}

static void begin(void) { fprintf(stderr, "=== event\n"); }

/* One allocation mapped at two addresses, released once, then again (lesson_aliasing). */
static void release_mapped_twice(void) {
  size_t g = sc_granule();
  hipMemGenericAllocationHandle_t handle;
  char *base = sc_mapped(2 * g, g, &handle);
  SC_CHECK(hipMemMap(base + g, g, 0, handle, 0) == hipSuccess);
  SC_CHECK(hipMemRelease(handle) == hipSuccess);
  begin();
  SC_CHECK(event(hipMemRelease(handle)) == hipErrorInvalidValue);
  SC_CHECK(hipMemUnmap(base, g) == hipSuccess);
  SC_CHECK(hipMemUnmap(base + g, g) == hipSuccess);
  SC_CHECK(hipMemAddressFree(base, 2 * g) == hipSuccess);
}

/* A reservation freed while mapped, its handle released first (lesson_teardown break 1) or
   never: the same refusal, kept reservation and all. */
static void free_mapped(bool released) {
  size_t g = sc_granule();
  hipMemGenericAllocationHandle_t handle;
  char *base = sc_mapped(2 * g, 2 * g, &handle);
  if (released)
    SC_CHECK(hipMemRelease(handle) == hipSuccess);
  begin();
  (void)event(hipMemAddressFree(base, 2 * g)); /* refused, or (6.0-6.2) hipSuccess: kept */
  SC_CHECK(hipMemUnmap(base, 2 * g) == hipSuccess);
  if (!released)
    SC_CHECK(hipMemRelease(handle) == hipSuccess);
  SC_CHECK(hipMemAddressFree(base, 2 * g) == hipSuccess);
}

static void free_mapped_released(void) { free_mapped(true); }
static void free_mapped_unreleased(void) { free_mapped(false); }

static const sc_case cases[] = {
    {"release_mapped_twice", release_mapped_twice},
    {"free_mapped_released", free_mapped_released},
    {"free_mapped_unreleased", free_mapped_unreleased},
};

/* ---- the checks ---- */

/* What one event printed: its strict line, its teach note's truth, its reason. */
typedef struct said {
  char *err;          /* the child's stderr (malloc'd); the pointers below point into it */
  const char *strict; /* "mockhip: strict: ..." */
  const char *trace;  /* the call's trace line, "mockhip: hipMem...(" */
  char truth[512];    /* the teach note's text, between "on <release>: " and " (docs/" */
  char reason[1024];  /* mockhip_last_reason() after the call */
} said;

/* The line of text that holds part, between from and to, or NULL; *count: how many. */
static const char *line_with(const char *from, const char *to, const char *part, int *count) {
  const char *found = NULL;
  *count = 0;
  for (const char *at = from; at < to && (at = strstr(at, part)) != NULL && at < to; at++) {
    while (at > from && at[-1] != '\n')
      at--;
    if (found == NULL)
      found = at;
    (*count)++;
    at = strchr(at, '\n');
    if (at == NULL)
      break;
  }
  return found;
}

static int line_length(const char *line) { return (int)strcspn(line, "\n"); }

/* Runs case name under MOCKHIP_TEACH=1 and env_var (NULL: the newest ROCm); reads what its event
   printed, checking that there is one strict line, one teach note and a reason. */
static said run_event(const char *name, const char *env_var, const char *title, const char *api) {
  const char *env[] = {"MOCKHIP_TEACH=1", env_var, NULL};
  said s;
  memset(&s, 0, sizeof s);
  s.err = sc_run_ending(name, env, mt_exited_ok);
  const char *from = strstr(s.err, "=== event\n");
  const char *to = from ? strstr(from, "=== reason: ") : NULL;
  if (from == NULL || to == NULL) {
    print_error("no event in:\n%s", s.err);
    fail();
  }
  /* mockhip_last_reason() is "<api>: <reason>"; the trace line shows the reason alone */
  const char *reason = to + 12;
  if (strncmp(reason, api, strlen(api)) == 0 && strncmp(reason + strlen(api), ": ", 2) == 0)
    reason += strlen(api) + 2;
  snprintf(s.reason, sizeof s.reason, "%.*s", line_length(reason), reason);
  int strict_lines, notes, traced;
  s.strict = line_with(from, to, "mockhip: strict: ", &strict_lines);
  char call[64];
  snprintf(call, sizeof call, "mockhip: %s(", api);
  s.trace = line_with(from, to, call, &traced);
  char prefix[96];
  snprintf(prefix, sizeof prefix, "mockhip: teach: on %s: ", title);
  const char *note = line_with(from, to, prefix, &notes);
  if (strict_lines != 1 || notes != 1 || traced != 1) {
    print_error("%s under %s: %d strict line(s), %d note(s) \"%s\", %d trace line(s) in:\n%.*s",
                name, title, strict_lines, notes, prefix, traced, (int)(to - from), from);
    fail();
  }
  note = strstr(note, prefix) + strlen(prefix);
  const char *end = strstr(note, " (docs/hip-vmm-semantics.md ");
  assert_non_null(end);
  snprintf(s.truth, sizeof s.truth, "%.*s", (int)(end - note), note);
  return s;
}

static bool line_holds(const char *line, const char *part) {
  return memmem(line, (size_t)line_length(line), part, strlen(part)) != NULL;
}

/* The strict line and the reason quote the note's truth word for word; the trace line carries
   the reason; none of the three says `wrong`. A call that succeeds, as the release played does
   there, leaves no reason. */
static void expect_one_truth(const said *s, const char *title, const char *wrong) {
  char quoted[640];
  snprintf(quoted, sizeof quoted, "; on %s: %s (", title, s->truth);
  bool reasoned = s->reason[0] != '\0';
  bool ok = line_holds(s->strict, quoted) && strstr(s->truth, wrong) == NULL &&
            !line_holds(s->strict, wrong) &&
            (reasoned ? strstr(s->reason, s->truth) != NULL && line_holds(s->trace, s->reason) &&
                            strstr(s->reason, wrong) == NULL
                      : line_holds(s->trace, ") = hipSuccess"));
  if (!ok) { /* one line a call: cmocka cuts a long message */
    print_error("under %s, not one truth (or one that says \"%s\"):\n", title, wrong);
    print_error("  note:   %s\n", s->truth);
    print_error("  strict: %.*s\n", line_length(s->strict), s->strict);
    print_error("  reason: %s\n", s->reason);
    print_error("  trace:  %.*s\n", line_length(s->trace), s->trace);
  }
  assert_true(ok);
}

static void expect_in(const char *text, const char *part) {
  if (strstr(text, part) == NULL)
    print_error("expected \"%s\" in: %s\n", part, text);
  assert_non_null(strstr(text, part));
}

typedef struct release_played {
  const char *env_var, *title;
  const char *claim; /* what the truth must say this release does */
} release_played;

static const release_played releases[] = {
    {NULL, "the newest ROCm",
     "drops a reference one of the 2 mappings holds, so nothing is freed yet"},
    {"MOCKHIP_ROCM_VERSION=6.3", "ROCm 6.3",
     "drops a reference one of the 2 mappings holds, so nothing is freed yet"},
    /* 6.0 deleted the object at the first release, mapped or not (release_while_mapped) */
    {"MOCKHIP_ROCM_VERSION=6.0", "ROCm 6.0", "its first release freed it"},
    {"MOCKHIP_PLATFORM=nvidia", "HIP on NVIDIA (CUDA 13.0)",
     "answers hipErrorInvalidValue, as here, and its mappings keep the memory"},
};

/* A second hipMemRelease while two mappings hold the memory: on ROCm from 6.1 the handle does
   not point at freed memory (the mappings hold it); the release drops a mapping's reference
   (a.5#2). The mock refuses it, and the mappings keep the memory. */
static void test_release_mapped_twice(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof releases / sizeof releases[0]; i++) {
    const release_played *r = &releases[i];
    said s = run_event("release_mapped_twice", r->env_var, r->title, "hipMemRelease");
    bool gone = strcmp(r->title, "ROCm 6.0") == 0; /* the handle really is dangling there */
    expect_one_truth(&s, r->title, gone ? "nothing is freed yet" : "points at freed memory");
    expect_in(s.truth, r->claim);
    expect_in(s.reason, "the mock refuses it: its 2 mapping(s) keep the memory");
    expect_in(s.strict, "mockhip: strict: double release: hipMemRelease at ");
    free(s.err);
  }
}

typedef struct free_played {
  const char *env_var, *title;
  const char *claim; /* what is kept or lost */
} free_played;

static const free_played frees[] = {
    {NULL, "the newest ROCm",
     "answers hipErrorUnknown and HIP drops its record of the range, so "
     "the address space is lost until the process ends"},
    {"MOCKHIP_ROCM_VERSION=6.2", "ROCm 6.2",
     "yet hipMemAddressFree returns hipSuccess and HIP drops its record of the range: the "
     "reservation and its mappings stay, unreachable"},
    {"MOCKHIP_ROCM_VERSION=6.0", "ROCm 6.0", "frees nothing, mapped or not"},
    {"MOCKHIP_PLATFORM=nvidia", "HIP on NVIDIA (CUDA 13.0)",
     "answers hipErrorInvalidValue and keeps the reservation"},
};

/* hipMemAddressFree of a reservation with a mapping: the mapping is the cause, whether its
   handle was released or not, so both say the same; the note names what the release keeps or
   loses, and the reason that the mock keeps the reservation (a.3#5, b.7, e.8). */
static void test_free_mapped(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof frees / sizeof frees[0]; i++) {
    const free_played *r = &frees[i];
    said released = run_event("free_mapped_released", r->env_var, r->title, "hipMemAddressFree");
    said kept = run_event("free_mapped_unreleased", r->env_var, r->title, "hipMemAddressFree");
    expect_one_truth(&released, r->title, "were released while");
    expect_one_truth(&kept, r->title, "were released while");
    assert_string_equal(released.truth, kept.truth); /* the release changes nothing */
    expect_in(released.truth, r->claim);
    for (const said *s = &released; s != NULL; s = s == &released ? &kept : NULL) {
      expect_in(s->strict, "mockhip: strict: freeing a reservation with live mappings: "
                           "hipMemAddressFree at ");
      expect_in(s->strict, " still has 1 mapping(s); on ");
      if (s->reason[0] != '\0') /* none where the call succeeds (6.0-6.2) */
        expect_in(s->reason, "still has 1 mapping(s): hipMemUnmap them first; the mock keeps "
                             "the reservation (on ");
      assert_null(strstr(s->reason, "(the reservation is kept)")); /* kept by whom? */
    }
    free(released.err);
    free(kept.err);
  }
}

int main(int argc, char **argv) {
  sc_dispatch(argc, argv, cases, (int)(sizeof cases / sizeof cases[0]));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_release_mapped_twice),
      cmocka_unit_test(test_free_mapped),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
