/*
 * divergence_file.h: a file of known divergences (format: divergences/mock.txt).
 */
#ifndef CONFORMANCE_DIVERGENCE_FILE_H
#define CONFORMANCE_DIVERGENCE_FILE_H

#include <stddef.h>

#define CONF_NOT_RUN_TAG "[not run]"

typedef struct conf_divergence {
  char *pattern; /* a rule id, or a glob over rule ids */
  char *reason;  /* without the [not run] tag */
  int not_run;   /* the rule would crash or hang this backend */
  int used;      /* a rule matched it */
} conf_divergence;

typedef struct conf_divergence_list {
  conf_divergence *items;
  size_t count;
} conf_divergence_list;

/* Reads `path` into `list`: 0, or -1 after printing what is wrong with it to
   stderr. Free the list with conf_divergences_free either way. */
int conf_divergences_load(const char *path, conf_divergence_list *list);
void conf_divergences_free(conf_divergence_list *list);

/* The first entry that matches `rule_id` (marked used), or NULL. */
conf_divergence *conf_divergences_find(conf_divergence_list *list, const char *rule_id);

#endif /* CONFORMANCE_DIVERGENCE_FILE_H */
