/*
 * divergence_file.c: reading a file of known divergences (see
 * divergence_file.h and divergences/mock.txt).
 */
#include "divergence_file.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *trim(char *text) {
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strlen(text);
  while (length > 0 && strchr(" \t\r\n", text[length - 1]) != NULL)
    text[--length] = '\0';
  return text;
}

static int add(conf_divergence_list *list, const char *pattern, const char *reason, int not_run) {
  conf_divergence *items = realloc(list->items, (list->count + 1) * sizeof *items);
  if (items == NULL)
    return -1;
  list->items = items;
  conf_divergence *item = &items[list->count];
  item->pattern = strdup(pattern);
  item->reason = strdup(reason);
  item->not_run = not_run;
  item->used = 0;
  list->count++;
  return item->pattern && item->reason ? 0 : -1;
}

int conf_divergences_load(const char *path, conf_divergence_list *list) {
  list->items = NULL;
  list->count = 0;
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    fprintf(stderr, "conformance: cannot read divergences file %s\n", path);
    return -1;
  }
  char *line = NULL;
  size_t capacity = 0;
  int number = 0, status = 0;
  while (status == 0 && getline(&line, &capacity, file) >= 0) {
    number++;
    char *text = trim(line);
    if (text[0] == '\0' || text[0] == '#')
      continue;
    char *reason = text + strcspn(text, " \t");
    if (*reason != '\0')
      *reason++ = '\0';
    reason = trim(reason);
    int not_run = strncmp(reason, CONF_NOT_RUN_TAG, strlen(CONF_NOT_RUN_TAG)) == 0;
    if (not_run)
      reason = trim(reason + strlen(CONF_NOT_RUN_TAG));
    if (reason[0] == '\0') {
      fprintf(stderr, "conformance: %s:%d: a rule id needs a reason after it\n", path, number);
      status = -1;
    } else if (add(list, text, reason, not_run) != 0) {
      fprintf(stderr, "conformance: %s:%d: out of memory\n", path, number);
      status = -1;
    }
  }
  free(line);
  fclose(file);
  return status;
}

void conf_divergences_free(conf_divergence_list *list) {
  for (size_t i = 0; i < list->count; i++) {
    free(list->items[i].pattern);
    free(list->items[i].reason);
  }
  free(list->items);
  list->items = NULL;
  list->count = 0;
}

conf_divergence *conf_divergences_find(conf_divergence_list *list, const char *rule_id) {
  for (size_t i = 0; i < list->count; i++) {
    if (fnmatch(list->items[i].pattern, rule_id, 0) == 0) {
      list->items[i].used = 1;
      return &list->items[i];
    }
  }
  return NULL;
}
