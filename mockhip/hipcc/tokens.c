/*
 * tokens.c: the tokenizer behind hipcc's rewrite. The input is the
 * preprocessor's output, so there are no comments, macros or continued lines;
 * what remains to get right is literals (a <<< inside a string is text) and
 * the line markers that keep messages on the user's own lines.
 */
#include "tokens.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$'; }

/* A directive starts a line: '#' as its first non-blank character. */
static bool at_line_start(const char *text, size_t i) {
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
    i--;
  return i == 0 || text[i - 1] == '\n';
}

static size_t skip_line(const char *text, size_t i) {
  while (text[i] != '\0' && text[i] != '\n')
    i++;
  return i;
}

/* A quoted literal from its opening quote: escapes skipped, ends after the closing quote. */
static size_t skip_quoted(const char *text, size_t i) {
  char quote = text[i++];
  while (text[i] != '\0' && text[i] != quote && text[i] != '\n')
    i += text[i] == '\\' && text[i + 1] != '\0' ? 2 : 1;
  return text[i] == quote ? i + 1 : i;
}

/* R"delim( ... )delim" from the R's quote. */
static size_t skip_raw(const char *text, size_t i) {
  size_t open = i + 1, paren = open;
  while (text[paren] != '\0' && text[paren] != '(' && paren - open < 16)
    paren++;
  if (text[paren] != '(')
    return skip_quoted(text, i);
  size_t delim = paren - open;
  for (size_t j = paren + 1; text[j] != '\0'; j++)
    if (text[j] == ')' && strncmp(text + j + 1, text + open, delim) == 0 &&
        text[j + 1 + delim] == '"')
      return j + 2 + delim;
  return strlen(text);
}

/* The literal's prefix (u8, u, U, L), R for raw, then the quote: its end, or 0 if the
   identifier at i is no literal's prefix. */
static size_t literal_after_prefix(const char *text, size_t i) {
  size_t j = i;
  if (text[j] == 'u' && text[j + 1] == '8')
    j += 2;
  else if (text[j] == 'u' || text[j] == 'U' || text[j] == 'L')
    j++;
  bool raw = text[j] == 'R';
  if (raw)
    j++;
  if (text[j] == '"')
    return raw ? skip_raw(text, j) : skip_quoted(text, j);
  if (text[j] == '\'' && !raw && j > i)
    return skip_quoted(text, j);
  return 0;
}

/* A pp-number: digits, letters, dots, digit separators, exponent signs. */
static size_t skip_number(const char *text, size_t i) {
  i++;
  for (;;) {
    char c = text[i];
    if ((c == '+' || c == '-') && strchr("eEpP", text[i - 1]) != NULL)
      i++;
    else if (ident_char(c) || c == '.' || (c == '\'' && ident_char(text[i + 1])))
      i++;
    else
      return i;
  }
}

static size_t punct_bytes(const char *p) {
  static const char *const longest_first[] = {"<<<", ">>>", "...", "::", "->", "<<", ">>"};
  for (size_t k = 0; k < sizeof longest_first / sizeof *longest_first; k++)
    if (strncmp(p, longest_first[k], strlen(longest_first[k])) == 0)
      return strlen(longest_first[k]);
  return 1;
}

static bool push(token_list *list, size_t *cap, token t) {
  if (list->count == *cap) {
    size_t grown = *cap ? *cap * 2 : 4096;
    token *at = realloc(list->at, grown * sizeof *at);
    if (at == NULL)
      return false;
    list->at = at;
    *cap = grown;
  }
  list->at[list->count++] = t;
  return true;
}

bool tokens_split(const char *text, token_list *out) {
  size_t cap = 0;
  *out = (token_list){0};
  for (size_t i = 0; text[i] != '\0';) {
    char c = text[i];
    if (isspace((unsigned char)c)) {
      i++;
      continue;
    }
    if (c == '#' && at_line_start(text, i)) {
      i = skip_line(text, i);
      continue;
    }
    token t = {.at = i};
    size_t end;
    if (ident_char(c) && !isdigit((unsigned char)c)) {
      if ((end = literal_after_prefix(text, i)) != 0) {
        t.kind = TOKEN_LITERAL;
      } else {
        for (end = i; ident_char(text[end]); end++)
          ;
        t.kind = TOKEN_IDENT;
      }
    } else if (isdigit((unsigned char)c) || (c == '.' && isdigit((unsigned char)text[i + 1]))) {
      end = skip_number(text, i);
      t.kind = TOKEN_NUMBER;
    } else if (c == '"' || c == '\'') {
      end = skip_quoted(text, i);
      t.kind = TOKEN_LITERAL;
    } else {
      end = i + punct_bytes(text + i);
      t.kind = TOKEN_PUNCT;
    }
    t.bytes = end - i;
    if (!push(out, &cap, t)) {
      tokens_free(out);
      return false;
    }
    i = end;
  }
  return true;
}

void tokens_free(token_list *list) {
  free(list->at);
  *list = (token_list){0};
}

bool token_is(const char *text, const token *t, const char *s) {
  return strlen(s) == t->bytes && memcmp(text + t->at, s, t->bytes) == 0;
}

/* A line marker at p, "# 12 "file" flags" (or "#line 12 "file""), says the next line is line
   12 of file. */
static void read_marker(const char *p, long *line, char *file, size_t file_bytes) {
  while (*p == ' ' || *p == '\t')
    p++;
  if (*p++ != '#')
    return;
  while (*p == ' ')
    p++;
  if (strncmp(p, "line", 4) == 0)
    p += 4;
  char *after;
  long marked = strtol(p, &after, 10);
  if (after == p)
    return;
  const char *q = after;
  while (*q == ' ')
    q++;
  if (*q == '"') {
    size_t n = 0;
    for (q++; *q != '\0' && *q != '"' && *q != '\n' && n + 1 < file_bytes; q++)
      file[n++] = *q == '\\' && q[1] != '\0' ? *++q : *q;
    file[n] = '\0';
  }
  *line = marked - 1; /* the marker's own line is not counted */
}

void tokens_where(const char *text, size_t offset, char *out, size_t out_bytes) {
  char file[512] = "<input>";
  long line = 1;
  size_t line_start = 0;
  read_marker(text, &line, file, sizeof file);
  for (size_t i = 0; i < offset && text[i] != '\0'; i++)
    if (text[i] == '\n') {
      line++;
      line_start = i + 1;
      read_marker(text + line_start, &line, file, sizeof file);
    }
  snprintf(out, out_bytes, "%s:%ld:%zu", file, line, offset - line_start + 1);
}
