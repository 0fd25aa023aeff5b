/*
 * options.c: the MOCKHIP_* environment variables, one table, read once.
 *
 * Booleans take 1/0/true/false/yes/no/on/off; sizes take bytes or a K/M/G/T
 * suffix, optionally followed by "iB" or "B" (all binary). A bad value prints
 * one warning line and keeps the default. Text options (MOCKHIP_FAIL) are
 * handed over as they are; their user checks them and warns the same way.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/core.h"

typedef enum option_kind {
  OPTION_INT,
  OPTION_U64,
  OPTION_SIZE,
  OPTION_BOOL,
  OPTION_TEXT
} option_kind;

typedef struct option_desc {
  const char *name; /* without the MOCKHIP_ prefix */
  option_kind kind;
  unsigned long long def; /* default */
  unsigned long long min;
  unsigned long long max;
  bool pow2;     /* sizes that must be powers of two */
  size_t offset; /* where it lands in mh_options */
} option_desc;

#define GIB (1024ULL * 1024 * 1024)

static const option_desc options[] = {
    {"DEVICES", OPTION_INT, 1, 1, MH_MAX_DEVICES, false, offsetof(mh_options, devices)},
    {"GRANULARITY", OPTION_SIZE, 4096, 4096, GIB, true, offsetof(mh_options, granularity)},
    {"GRANULARITY_RECOMMENDED", OPTION_SIZE, 2 * 1024 * 1024, 4096, GIB, true,
     offsetof(mh_options, granularity_recommended)},
    {"DEVICE_MEMORY", OPTION_SIZE, 16 * GIB, 4096, 1ULL << 50, false,
     offsetof(mh_options, device_memory)},
    {"TRACE", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, trace)},
    {"FD_PER_HANDLE", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, fd_per_handle)},
    {"FAIL", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, fail)},
    {"SEED", OPTION_U64, 0, 0, ~0ULL, false, offsetof(mh_options, seed)},
    {"LEAK_CHECK", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, leak_check)},
    {"STRICT", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, strict)},
    {"ROCM_VERSION", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, rocm_version)},
    {"PLATFORM", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, platform)},
    {"EXPLAIN", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, explain)},
    {"TEACH", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, teach)},
    {"HOST_ACCESS", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, host_access)},
    {"TRACE_HTML", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, trace_html)},
    /* 64 MiB: 32 granules of the recommended 2 MiB, enough for a loop that maps and unmaps a
       working set of buffers, and small beside the 16 GiB a device holds by default. */
    {"RECYCLE_BYTES", OPTION_SIZE, 64 * 1024 * 1024, 0, 1ULL << 50, false,
     offsetof(mh_options, recycle_bytes)},
    /* 0: one per processor, the launching thread included. */
    {"KERNEL_WORKERS", OPTION_INT, 0, 0, 256, false, offsetof(mh_options, kernel_workers)},
    /* 0: a kernel runs as long as it runs, as on a GPU with no watchdog. */
    {"KERNEL_TIMEOUT", OPTION_INT, 0, 0, 86400, false, offsetof(mh_options, kernel_timeout)},
    /* The whole of an arena file (1 TiB) unless the address space is shorter. */
    {"ARENA_VIEW", OPTION_SIZE, 1ULL << 40, 0, 1ULL << 50, false,
     offsetof(mh_options, arena_view_bytes)},
    /* Unset or auto: measured (os/populate.c). */
    {"POPULATE", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, populate)},
    /* Unset or serial: stream work runs at the call (runtime/streams/queue.c). */
    {"STREAMS", OPTION_TEXT, 0, 0, 0, false, offsetof(mh_options, streams)},
    /* MOCKHIP_STRICT turns it on too (runtime/streams/sync_check.c). */
    {"SYNC_CHECK", OPTION_BOOL, 0, 0, 1, false, offsetof(mh_options, sync_check)},
};

static bool parse_bool(const char *text, unsigned long long *out) {
  static const char *const yes[] = {"1", "true", "yes", "on"};
  static const char *const no[] = {"0", "false", "no", "off"};
  for (size_t i = 0; i < 4; i++) {
    if (strcasecmp(text, yes[i]) == 0)
      return *out = 1, true;
    if (strcasecmp(text, no[i]) == 0)
      return *out = 0, true;
  }
  return false;
}

static bool parse_number(const char *text, bool with_suffix, unsigned long long *out) {
  if (!isdigit((unsigned char)text[0]))
    return false; /* no sign, no blanks, no empty string */
  errno = 0;
  char *end;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno == ERANGE)
    return false;
  unsigned shift = 0;
  if (with_suffix && *end != '\0') {
    const char *units = "KMGT";
    const char *unit = strchr(units, toupper((unsigned char)*end));
    if (unit == NULL)
      return false;
    shift = 10 * (unsigned)(unit - units + 1);
    end++;
    if (strcasecmp(end, "iB") == 0 || strcasecmp(end, "B") == 0)
      end += strlen(end);
  }
  if (*end != '\0')
    return false;
  if (shift != 0 && value > (~0ULL >> shift))
    return false;
  *out = value << shift;
  return true;
}

/* Reads one option; returns false with *why set when the text is unusable. */
static bool parse(const option_desc *opt, const char *text, unsigned long long *out,
                  const char **why) {
  bool ok = opt->kind == OPTION_BOOL ? parse_bool(text, out)
                                     : parse_number(text, opt->kind == OPTION_SIZE, out);
  if (!ok) {
    *why = opt->kind == OPTION_BOOL ? "not a boolean (1/0/true/false/yes/no/on/off)"
           : opt->kind == OPTION_SIZE
               ? "not a size (bytes, or a number with K/M/G/T or KiB/MiB/GiB/TiB)"
               : "not a whole number";
    return false;
  }
  if (*out < opt->min || *out > opt->max) {
    *why = "out of range";
    return false;
  }
  if (opt->pow2 && !mh__is_pow2((size_t)*out)) {
    *why = "not a power of two";
    return false;
  }
  return true;
}

void mh__option_shown(const char *text, char out[MH_SHOWN_BYTES]) {
  size_t n = 0;
  for (const unsigned char *c = (const unsigned char *)text; *c && n + 5 < MH_SHOWN_BYTES; c++)
    n += (size_t)snprintf(out + n, MH_SHOWN_BYTES - n, isprint(*c) ? "%c" : "\\x%02x", *c);
  out[n] = '\0';
}

static void store(mh_options *out, const option_desc *opt, unsigned long long value) {
  char *field = (char *)out + opt->offset;
  switch (opt->kind) {
  case OPTION_INT: *(int *)(void *)field = (int)value; break;
  case OPTION_U64: *(unsigned long long *)(void *)field = value; break;
  case OPTION_SIZE: *(size_t *)(void *)field = (size_t)value; break;
  case OPTION_BOOL: *(bool *)(void *)field = value != 0; break;
  case OPTION_TEXT: break; /* read in mh__options_read: a string, checked by its user */
  }
}

void mh__options_read(mh_options *out) {
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
    const option_desc *opt = &options[i];
    char env_name[64];
    snprintf(env_name, sizeof env_name, "MOCKHIP_%s", opt->name);
    const char *text = getenv(env_name);
    if (opt->kind == OPTION_TEXT) {
      *(const char **)(void *)((char *)out + opt->offset) = text;
      continue;
    }
    unsigned long long value = opt->def;
    const char *why = NULL;
    if (text != NULL && !parse(opt, text, &value, &why)) {
      char shown[MH_SHOWN_BYTES];
      mh__option_shown(text, shown);
      fprintf(stderr, "mockhip: warning: %s=%s: %s (allowed %llu..%llu); using %llu\n", env_name,
              shown, why, opt->min, opt->max, opt->def);
      value = opt->def;
    }
    store(out, opt, value);
  }
  /* Teach mode is trace, strict and explain at once. */
  if (out->teach)
    out->trace = out->strict = out->explain = true;
}

/* MOCKHIP_STREAMS: serial (unset) or async; anything else warns and runs serial. */
static bool streams_async(const char *text) {
  if (text == NULL || strcasecmp(text, "serial") == 0)
    return false;
  if (strcasecmp(text, "async") == 0)
    return true;
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(text, shown);
  fprintf(stderr, "mockhip: warning: MOCKHIP_STREAMS=%s: not serial or async; using serial\n",
          shown);
  return false;
}

void mh__options_settle(mh_options *out) {
  out->streams_async = streams_async(out->streams);
  /* Cross-option rules: the recommended granularity is never below the minimum,
     and a device holds at least one granule. Only a value the user gave is worth a
     warning; the default just follows the minimum. */
  if (out->granularity_recommended < out->granularity &&
      getenv("MOCKHIP_GRANULARITY_RECOMMENDED") == NULL)
    out->granularity_recommended = out->granularity;
  if (out->granularity_recommended < out->granularity) {
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_GRANULARITY_RECOMMENDED=%zu is below the minimum "
            "granularity %zu; using %zu\n",
            out->granularity_recommended, out->granularity, out->granularity);
    out->granularity_recommended = out->granularity;
  }
  if (out->device_memory < out->granularity) {
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_DEVICE_MEMORY=%zu is below the minimum granularity %zu; "
            "using %llu\n",
            out->device_memory, out->granularity, 16 * GIB);
    out->device_memory = (size_t)(16 * GIB);
  }
}

int mh__options_populate(const mh_options *options) {
  const char *text = options->populate;
  unsigned long long value;
  if (text == NULL || strcasecmp(text, "auto") == 0)
    return -1;
  if (parse_bool(text, &value))
    return (int)value;
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(text, shown);
  fprintf(stderr, "mockhip: warning: MOCKHIP_POPULATE=%s: not auto, 1 or 0; using auto\n", shown);
  return -1;
}
