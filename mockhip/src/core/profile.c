/*
 * profile.c: which release mockhip plays: a ROCm release, or HIP's NVIDIA
 * platform. The choice is made once, at start-up (MOCKHIP_PLATFORM,
 * MOCKHIP_ROCM_VERSION), or before it from code (mockhip_set_platform,
 * mockhip_set_rocm_version); the table itself is profile_table.h's.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"

typedef struct release {
  const char *name;
  bool nvidia; /* HIP's NVIDIA platform: major.minor is the CUDA release */
  int major, minor;
} release;

#define MH_PLATFORM_amd false
#define MH_PLATFORM_nvidia true
static const release releases[] = {
#define MH_RELEASE_ENTRY(name, platform, major, minor) {name, MH_PLATFORM_##platform, major, minor},
    MH_RELEASES(MH_RELEASE_ENTRY)
#undef MH_RELEASE_ENTRY
};
#define RELEASE_COUNT (sizeof releases / sizeof releases[0])
#define NEWEST_ROCM 8 /* "newest", the default: the last ROCm column */
#define NEWEST_CUDA 9 /* what MOCKHIP_PLATFORM=nvidia plays: the last CUDA column */

/* One row's cells, oldest release first; a row with a cell too many or too few
   does not compile. */
#define MH_CELL_LIST(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9)                                       \
  {                                                                                                \
    MH_CELL_##c0, MH_CELL_##c1, MH_CELL_##c2, MH_CELL_##c3, MH_CELL_##c4, MH_CELL_##c5,            \
        MH_CELL_##c6, MH_CELL_##c7, MH_CELL_##c8, MH_CELL_##c9                                     \
  }
#define MH_CELLS(...) MH_CELL_LIST(__VA_ARGS__)
static const mh_cell table[MH_ROW_COUNT][RELEASE_COUNT] = {
#define MH_ROW_CELLS(key, ref, ...) MH_CELLS(__VA_ARGS__),
    MH_PROFILE_ROWS(MH_ROW_CELLS)
#undef MH_ROW_CELLS
};
_Static_assert(RELEASE_COUNT == 10, "MH_CELL_LIST takes one cell per release");

static size_t played = NEWEST_ROCM;
static atomic_int built_major = -1, built_minor = -1; /* mockhip_built_for_release's */
static atomic_bool chosen_by_code; /* a mockhip_set_* call won over the environment */
static atomic_bool started;        /* the choice is final */

/* A ROCm release by name ("7.2", "newest"); the CUDA columns are chosen by platform. */
static bool find_rocm(const char *name, size_t *out) {
  for (size_t i = 0; i < RELEASE_COUNT; i++)
    if (!releases[i].nvidia && strcmp(name, releases[i].name) == 0)
      return *out = i, true;
  return false;
}

static bool find_platform(const char *name, size_t *out) {
  if (strcmp(name, "amd") == 0)
    return *out = NEWEST_ROCM, true;
  if (strcmp(name, "nvidia") == 0)
    return *out = NEWEST_CUDA, true;
  return false;
}

static void warn_bad(const char *variable, const char *value, const char *allowed) {
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(value, shown);
  fprintf(stderr, "mockhip: warning: %s=%s: not %s; using newest\n", variable, shown, allowed);
}

MH_EXPORT void mockhip_built_for_release(int major, int minor) {
  if (atomic_load(&started))
    return;
  atomic_store(&built_minor, minor);
  atomic_store(&built_major, major);
}

/* The release the program was built for, where it said one: played when nothing else chose,
   warned of when something did and chose another. */
static void play_built_for(const mh_options *options, bool chosen) {
  int major = atomic_load(&built_major), minor = atomic_load(&built_minor);
  if (major < 0)
    return;
  char name[32];
  snprintf(name, sizeof name, "%d.%d", major, minor);
  size_t index;
  if (!find_rocm(name, &index)) {
    fprintf(stderr,
            "mockhip: warning: this program was built for ROCm %s (its HIP_VERSION), a release "
            "mockhip does not play (6.0 6.1 6.2 6.3 6.4 7.0 7.1 7.2); playing %s\n",
            name, mh__profile_title());
    return;
  }
  if (!chosen) {
    played = index;
    return;
  }
  if (index == played || releases[played].nvidia) /* HIP's release on NVIDIA is the same */
    return;
  const char *by = atomic_load(&chosen_by_code) ? "a mockhip_set_* call"
                   : options->platform != NULL  ? "MOCKHIP_PLATFORM"
                                                : "MOCKHIP_ROCM_VERSION";
  fprintf(stderr,
          "mockhip: warning: this program was built for ROCm %s (its HIP_VERSION), and %s plays "
          "%s: its #if HIP_VERSION code and the behaviour played belong to different releases, "
          "a pairing no real machine has; leave %s out, or build with hipcc --rocm-version\n",
          name, by, mh__profile_title(), by);
}

void mh__profile_init(mh_options *options) {
  const char *platform = options->platform, *version = options->rocm_version;
  bool chosen = atomic_load(&chosen_by_code) || platform != NULL || version != NULL;
  if (!atomic_load(&chosen_by_code)) {
    if (platform != NULL && !find_platform(platform, &played)) {
      warn_bad("MOCKHIP_PLATFORM", platform, "amd or nvidia");
      played = NEWEST_ROCM;
    } else if (version != NULL && releases[played].nvidia) {
      fprintf(stderr, "mockhip: warning: MOCKHIP_ROCM_VERSION is not used: MOCKHIP_PLATFORM=nvidia "
                      "plays HIP on NVIDIA\n");
    } else if (version != NULL && !find_rocm(version, &played)) {
      warn_bad("MOCKHIP_ROCM_VERSION", version,
               "a release mockhip plays (6.0 6.1 6.2 6.3 6.4 7.0 7.1 7.2 newest)");
      played = NEWEST_ROCM;
    }
  }
  play_built_for(options, chosen);
  /* HIP on NVIDIA maps and creates in 2 MiB granules unless the environment asks for another
     size (it answers the minimum for both options: recommended_granularity). */
  if (mh__profile_is(MH_ROW_granularity, MH_CELL_two_mib) && getenv("MOCKHIP_GRANULARITY") == NULL)
    options->granularity = (size_t)2 << 20;
  if (getenv("MOCKHIP_GRANULARITY_RECOMMENDED") != NULL &&
      mh__profile_is(MH_ROW_recommended_granularity, MH_CELL_minimum))
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_GRANULARITY_RECOMMENDED is not used: %s answers the "
            "minimum granularity for both options (a.1#7)\n",
            mh__profile_title());
  atomic_store(&started, true);
}

mh_cell mh__profile_cell(mh_row row) { return table[row][played]; }

const char *mh__cell_word(mh_cell cell) {
  static const char *const words[] = {
#define MH_CELL_WORD(word) #word,
      MH_CELL_WORDS(MH_CELL_WORD)
#undef MH_CELL_WORD
  };
  return (unsigned)cell < MH_CELL_COUNT ? words[cell] : NULL;
}

mh_row mh__row_named(const char *key) {
  static const char *const keys[] = {
#define MH_ROW_KEY(key, ref, ...) #key,
      MH_PROFILE_ROWS(MH_ROW_KEY)
#undef MH_ROW_KEY
  };
  for (size_t row = 0; key != NULL && row < MH_ROW_COUNT; row++)
    if (strcmp(key, keys[row]) == 0)
      return (mh_row)row;
  return MH_ROW_COUNT;
}

MH_EXPORT const char *mockhip_profile_cell(const char *row) {
  mh__state(); /* the release is chosen at start-up */
  mh_row found = mh__row_named(row);
  return found == MH_ROW_COUNT ? NULL : mh__cell_word(mh__profile_cell(found));
}

const char *mh__profile_name(void) { return releases[played].name; }

bool mh__profile_nvidia(void) { return releases[played].nvidia; }

const char *mh__profile_title(void) {
  static _Thread_local char title[48];
  const release *r = &releases[played];
  if (r->nvidia)
    snprintf(title, sizeof title, "HIP on NVIDIA (CUDA %d.%d)", r->major, r->minor);
  else if (played == NEWEST_ROCM)
    snprintf(title, sizeof title, "the newest ROCm");
  else
    snprintf(title, sizeof title, "ROCm %s", r->name);
  return title;
}

/* HIP's numbering on ROCm (70200000); the CUDA runtime's on NVIDIA (13000), which
   hipRuntimeGetVersion passes on there. */
int mh__profile_version_number(void) {
  const release *r = &releases[played];
  return r->nvidia ? r->major * 1000 + r->minor * 10 : r->major * 10000000 + r->minor * 100000;
}

mh_cell mh__profile_newest_cell(mh_row row) {
  mh_cell cell = table[row][releases[played].nvidia ? NEWEST_CUDA : NEWEST_ROCM];
  /* The newest CUDA column crashes too (stale_handle): the answer is ROCm's. */
  return cell == MH_CELL_crash ? table[row][NEWEST_ROCM] : cell;
}

static int choose(size_t index) {
  if (atomic_load(&started))
    return -1;
  played = index;
  atomic_store(&chosen_by_code, true);
  return 0;
}

MH_EXPORT int mockhip_set_rocm_version(const char *version) {
  size_t index;
  if (version == NULL || !find_rocm(version, &index))
    return -1;
  return choose(index);
}

MH_EXPORT int mockhip_set_platform(const char *platform) {
  size_t index;
  if (platform == NULL || !find_platform(platform, &index))
    return -1;
  return choose(index);
}

MH_EXPORT const char *mockhip_platform(void) {
  mh__state(); /* MOCKHIP_PLATFORM is read at start-up */
  return releases[played].nvidia ? "nvidia" : "amd";
}

MH_EXPORT const char *mockhip_rocm_version(void) {
  mh__state(); /* MOCKHIP_ROCM_VERSION is read at start-up */
  return mh__profile_name();
}
