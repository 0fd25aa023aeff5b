/*
 * options.c: hmo's environment variables (HMO_*), one table, read once into
 * hmo_options on first use, as mockhip reads its MOCKHIP_* ones
 * (mockhip/src/core/options.c). Each option takes one of a few words, the
 * first its default, case ignored; a bad value prints one
 * "hmo: warning: ..." line and keeps the default. docs/hmo.md (Options)
 * lists them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "hmo_base.h"

typedef struct option_desc {
  const char *name;         /* without the HMO_ prefix */
  const char *const *words; /* what it takes, NULL-terminated; the default first */
  size_t offset;            /* where the index of the word given lands (an int in hmo_options) */
} option_desc;

static const char *const quarantine_words[] = {"bounded", "all", NULL};

static const option_desc options[] = {
    {"QUARANTINE", quarantine_words, offsetof(hmo_options, quarantine)},
};

/* text, with what is not printable as \xNN, for the warning line. */
static void shown(const char *text, char *out, size_t size) {
  size_t n = 0;
  for (const unsigned char *c = (const unsigned char *)text; *c != '\0' && n + 5 < size; c++)
    n += (size_t)snprintf(out + n, size - n, isprint(*c) ? "%c" : "\\x%02x", *c);
  out[n] = '\0';
}

static void read_option(const option_desc *opt, hmo_options *out) {
  char env_name[64];
  snprintf(env_name, sizeof env_name, "HMO_%s", opt->name);
  const char *text = getenv(env_name);
  int chosen = 0;
  for (int i = 0; text != NULL && opt->words[i] != NULL; i++)
    if (strcasecmp(text, opt->words[i]) == 0)
      chosen = i;
  if (text != NULL && strcasecmp(text, opt->words[chosen]) != 0) {
    char text_shown[128], allowed[128];
    shown(text, text_shown, sizeof text_shown);
    size_t n = 0;
    for (int i = 0; opt->words[i] != NULL && n < sizeof allowed; i++)
      n +=
          (size_t)snprintf(allowed + n, sizeof allowed - n, "%s%s", i ? " or " : "", opt->words[i]);
    fprintf(stderr, "hmo: warning: %s=%s: not %s; using %s\n", env_name, text_shown, allowed,
            opt->words[0]);
  }
  *(int *)(void *)((char *)out + opt->offset) = chosen;
}

static hmo_options read_options;
static pthread_once_t read_once = PTHREAD_ONCE_INIT;

static void read_all(void) {
  for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
    read_option(&options[i], &read_options);
}

const hmo_options *hmo__options(void) {
  pthread_once(&read_once, read_all);
  return &read_options;
}
