/*
 * tokens.h: a preprocessed C++ translation unit as tokens, for hipcc's
 * rewrite. Only what the rewrite must tell apart is a token of its own:
 * identifiers, numbers, string and character literals (raw strings too), and
 * punctuation, with <<< and >>> whole. Line markers and other directives are
 * not tokens; they place an offset in the user's file for messages.
 */
#ifndef HIPCC_TOKENS_H
#define HIPCC_TOKENS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { TOKEN_IDENT, TOKEN_NUMBER, TOKEN_LITERAL, TOKEN_PUNCT } token_kind;

typedef struct token {
  size_t at;    /* offset in the text */
  size_t bytes; /* length */
  token_kind kind;
} token;

typedef struct token_list {
  token *at;
  size_t count;
} token_list;

/* Splits text (NUL-terminated) into tokens. Returns false when out of memory. */
bool tokens_split(const char *text, token_list *out);
void tokens_free(token_list *list);

/* Whether token t of text is exactly s. */
bool token_is(const char *text, const token *t, const char *s);

/* Where offset lies in the user's files, from the line markers before it:
   "file:line:column". */
void tokens_where(const char *text, size_t offset, char *out, size_t out_bytes);

#endif /* HIPCC_TOKENS_H */
