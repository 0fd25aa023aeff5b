/*
 * profile.c: which ROCm release mockhip plays. The choice is made once, at
 * start-up (MOCKHIP_ROCM_VERSION), or before it from code
 * (mockhip_set_rocm_version); the table itself is profile_table.h's.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"

typedef struct rocm_version {
  const char *name;
  int major, minor;
} rocm_version;

static const rocm_version versions[] = {
#define MH_VERSION_ENTRY(name, major, minor) {name, major, minor},
    MH_ROCM_VERSIONS(MH_VERSION_ENTRY)
#undef MH_VERSION_ENTRY
};
#define VERSION_COUNT (sizeof versions / sizeof versions[0])
#define NEWEST (VERSION_COUNT - 1)

/* One row's cells, oldest release first; a row with a cell too many or too few
   does not compile. */
#define MH_CELL_LIST(c0, c1, c2, c3, c4, c5, c6, c7, c8)                                           \
  {                                                                                                \
    MH_CELL_##c0, MH_CELL_##c1, MH_CELL_##c2, MH_CELL_##c3, MH_CELL_##c4, MH_CELL_##c5,            \
        MH_CELL_##c6, MH_CELL_##c7, MH_CELL_##c8                                                   \
  }
#define MH_CELLS(...) MH_CELL_LIST(__VA_ARGS__)
static const mh_cell table[MH_ROW_COUNT][VERSION_COUNT] = {
#define MH_ROW_CELLS(key, ref, ...) MH_CELLS(__VA_ARGS__),
    MH_PROFILE_ROWS(MH_ROW_CELLS)
#undef MH_ROW_CELLS
};
_Static_assert(VERSION_COUNT == 9, "MH_CELL_LIST takes one cell per release");

static size_t played = NEWEST;
static atomic_bool chosen_by_code; /* mockhip_set_rocm_version won */
static atomic_bool started;        /* the choice is final */

static bool find_version(const char *name, size_t *out) {
  for (size_t i = 0; i < VERSION_COUNT; i++)
    if (strcmp(name, versions[i].name) == 0)
      return *out = i, true;
  return false;
}

void mh__profile_init(const char *env_value) {
  if (!atomic_load(&chosen_by_code) && env_value != NULL && !find_version(env_value, &played)) {
    char shown[MH_SHOWN_BYTES];
    mh__option_shown(env_value, shown);
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_ROCM_VERSION=%s: not a release mockhip plays (6.0 6.1 "
            "6.2 6.3 6.4 7.0 7.1 7.2 newest); using newest\n",
            shown);
    played = NEWEST;
  }
  const char *recommended = getenv("MOCKHIP_GRANULARITY_RECOMMENDED");
  if (recommended != NULL && mh__profile_is(MH_ROW_recommended_granularity, MH_CELL_minimum))
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_GRANULARITY_RECOMMENDED is not used: ROCm %s answers the "
            "minimum granularity for both options (a.1#7)\n",
            versions[played].name);
  atomic_store(&started, true);
}

mh_cell mh__profile_cell(mh_row row) { return table[row][played]; }

const char *mh__profile_name(void) { return versions[played].name; }

int mh__profile_version_number(void) {
  return versions[played].major * 10000000 + versions[played].minor * 100000;
}

mh_cell mh__profile_newest_cell(mh_row row) { return table[row][NEWEST]; }

MH_EXPORT int mockhip_set_rocm_version(const char *version) {
  size_t index;
  if (version == NULL || atomic_load(&started) || !find_version(version, &index))
    return -1;
  played = index;
  atomic_store(&chosen_by_code, true);
  return 0;
}

MH_EXPORT const char *mockhip_rocm_version(void) {
  mh__state(); /* MOCKHIP_ROCM_VERSION is read at start-up */
  return mh__profile_name();
}
