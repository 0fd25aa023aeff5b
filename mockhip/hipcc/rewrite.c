/*
 * rewrite.c: hipcc's rewrite of a preprocessed translation unit (rewrite.h).
 * It works on tokens after the preprocessor, not on the source: launches in
 * macros and headers are there, expanded, and comments are gone, while line
 * markers still name the user's lines. A change never adds or removes a line
 * of its own, so a compiler's message about a launch points at the launch.
 *
 * Why tokens and not clang's parser: a launch's shape is local (a postfix
 * expression, <<<, a configuration, >>>, a parenthesised list), the host
 * compiler does the rest of the parsing, and a rewrite that needs no libclang
 * works with g++ and clang++ alike.
 */
#include "rewrite.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tokens.h"

/* ---- the output: edits of the input, in order ---- */

typedef struct edit {
  size_t from, to; /* the input's bytes [from, to) become text */
  char *text;
} edit;

typedef struct rewrite {
  const char *text;
  token_list tokens;
  edit *edits;
  size_t edit_count, edit_cap;
  bool *namespace_scope; /* per open brace: whether it opened a namespace or extern "C" */
  size_t depth, depth_cap;
  unsigned kernels; /* registrations written, for their variables' names */
  int errors;
  bool out_of_memory;
} rewrite;

static void add_edit(rewrite *r, size_t from, size_t to, char *text) {
  if (text == NULL) {
    r->out_of_memory = true;
    return;
  }
  if (r->edit_count == r->edit_cap) {
    size_t grown = r->edit_cap ? r->edit_cap * 2 : 64;
    edit *e = realloc(r->edits, grown * sizeof *e);
    if (e == NULL) {
      free(text);
      r->out_of_memory = true;
      return;
    }
    r->edits = e;
    r->edit_cap = grown;
  }
  r->edits[r->edit_count++] = (edit){from, to, text};
}

/* A growing string. */
typedef struct buffer {
  char *at;
  size_t bytes, cap;
  bool failed;
} buffer;

static void put_bytes(buffer *b, const char *s, size_t n) {
  if (b->failed)
    return;
  if (b->bytes + n + 1 > b->cap) {
    size_t grown = (b->bytes + n + 1) * 2;
    char *at = realloc(b->at, grown);
    if (at == NULL) {
      b->failed = true;
      return;
    }
    b->at = at;
    b->cap = grown;
  }
  memcpy(b->at + b->bytes, s, n);
  b->bytes += n;
  b->at[b->bytes] = '\0';
}

static void put(buffer *b, const char *s) { put_bytes(b, s, strlen(s)); }

static char *finish(buffer *b) {
  if (b->failed) {
    free(b->at);
    return NULL;
  }
  return b->at != NULL ? b->at : strdup("");
}

static void error_at(rewrite *r, size_t offset, const char *format, ...) {
  char where[600];
  tokens_where(r->text, offset, where, sizeof where);
  fprintf(stderr, "%s: error: ", where);
  va_list ap;
  va_start(ap, format);
  vfprintf(stderr, format, ap);
  va_end(ap);
  fputc('\n', stderr);
  r->errors++;
}

/* ---- tokens ---- */

static const token *tok(const rewrite *r, size_t i) { return &r->tokens.at[i]; }
static bool is(const rewrite *r, size_t i, const char *s) {
  return i < r->tokens.count && token_is(r->text, tok(r, i), s);
}
static bool is_ident(const rewrite *r, size_t i) {
  return i < r->tokens.count && tok(r, i)->kind == TOKEN_IDENT;
}

/* Words that end an expression on their left: `return k<<<...` launches k. */
static bool is_keyword(const rewrite *r, size_t i) {
  static const char *const words[] = {"return",  "else",   "do",     "case",     "throw",
                                      "new",     "delete", "sizeof", "co_await", "co_return",
                                      "goto",    "if",     "while",  "for",      "switch",
                                      "typedef", "using",  "const",  "static",   "auto"};
  for (size_t k = 0; k < sizeof words / sizeof *words; k++)
    if (is(r, i, words[k]))
      return true;
  return false;
}

/* The token matching the bracket at i (forward for an opener), or count. */
static size_t match_forward(const rewrite *r, size_t i) {
  const char *open = r->text + tok(r, i)->at;
  char o = *open, c = o == '(' ? ')' : o == '[' ? ']' : '}';
  size_t depth = 0;
  for (; i < r->tokens.count; i++) {
    const token *t = tok(r, i);
    if (t->kind != TOKEN_PUNCT || t->bytes != 1)
      continue;
    char ch = r->text[t->at];
    if (ch == o)
      depth++;
    else if (ch == c && --depth == 0)
      return i;
  }
  return r->tokens.count;
}

/* The opener matching the closer at i, going back: a bracket, or the < of template
   arguments for a >, >> or >>> (each > one level). SIZE_MAX when there is none. */
static size_t match_backward(const rewrite *r, size_t i) {
  const token *t = tok(r, i);
  char c = r->text[t->at];
  if (c == '>') {
    size_t depth = 0;
    for (;; i--) {
      const token *u = tok(r, i);
      if (u->kind == TOKEN_PUNCT && r->text[u->at] == '>')
        depth += u->bytes;
      else if (u->kind == TOKEN_PUNCT && r->text[u->at] == '<' && u->bytes <= 2) {
        if (depth <= u->bytes)
          return depth == u->bytes ? i : SIZE_MAX;
        depth -= u->bytes;
      } else if (u->kind == TOKEN_PUNCT && u->bytes == 1 && strchr(")]}", r->text[u->at])) {
        size_t m = match_backward(r, i);
        if (m == SIZE_MAX)
          return SIZE_MAX;
        i = m;
      } else if (is(r, i, ";") || is(r, i, "{"))
        return SIZE_MAX;
      if (i == 0)
        return SIZE_MAX;
    }
  }
  char o = c == ')' ? '(' : c == ']' ? '[' : '{';
  size_t depth = 0;
  for (;; i--) {
    const token *u = tok(r, i);
    if (u->kind == TOKEN_PUNCT && u->bytes == 1) {
      if (r->text[u->at] == c)
        depth++;
      else if (r->text[u->at] == o && --depth == 0)
        return i;
    }
    if (i == 0)
      return SIZE_MAX;
  }
}

static bool is_closer(const rewrite *r, size_t i) {
  const token *t = tok(r, i);
  return t->kind == TOKEN_PUNCT && (is(r, i, ")") || is(r, i, "]") || r->text[t->at] == '>') &&
         !is(r, i, "->");
}

/* The first token of the postfix expression that ends at token end: a kernel's name
   (qualified, with template arguments), a parenthesised pointer, an array element.
   SIZE_MAX when no expression ends there. */
static size_t expression_start(const rewrite *r, size_t end) {
  size_t i = end;
  for (;;) {
    size_t start;
    if (is_ident(r, i) && !is_keyword(r, i)) {
      start = i;
    } else if (is_closer(r, i)) {
      size_t open = match_backward(r, i);
      if (open == SIZE_MAX || open == 0)
        return open == 0 && !is(r, i, ">") ? 0 : SIZE_MAX;
      /* template arguments and subscripts follow a name; a call or parentheses may */
      if (is(r, i, ")") && !(is_ident(r, open - 1) && !is_keyword(r, open - 1)) &&
          !is_closer(r, open - 1))
        return open;
      i = open - 1;
      continue;
    } else {
      return i == end ? SIZE_MAX : i + 1;
    }
    if (start == 0)
      return 0;
    size_t before = start - 1;
    if (is(r, before, "template") && before > 0)
      before--; /* x.template k<int> */
    if (is(r, before, ".") || is(r, before, "->")) {
      if (before == 0)
        return SIZE_MAX;
      i = before - 1;
    } else if (is(r, before, "::")) {
      if (before == 0 || !(is_ident(r, before - 1) || is_closer(r, before - 1)) ||
          is_keyword(r, before - 1))
        return before; /* ::k, from the global namespace */
      i = before - 1;
    } else {
      return start;
    }
  }
}

/* The text of tokens [first, last], one space between them. */
static void put_tokens(buffer *b, const rewrite *r, size_t first, size_t last) {
  for (size_t i = first; i <= last; i++) {
    if (i > first)
      put(b, " ");
    put_bytes(b, r->text + tok(r, i)->at, tok(r, i)->bytes);
  }
}

static void put_newlines(buffer *b, const rewrite *r, size_t from, size_t to) {
  for (size_t i = from; i < to; i++)
    if (r->text[i] == '\n')
      put(b, "\n");
}

/* The picking of a kernel's address: MOCKHIP_KERNEL_PICK of mockhip_kernel.h, written out
   (the preprocessor has run). */
static void put_pick(buffer *b, const rewrite *r, size_t first, size_t last) {
  put(b, "::mockhip::detail::pick_kernel([&](auto *...mockhip_p_) -> "
         "decltype(::mockhip::detail::kernel_address(");
  put_tokens(b, r, first, last);
  put(b, ", mockhip_p_...)) { return ::mockhip::detail::kernel_address(");
  put_tokens(b, r, first, last);
  put(b, ", mockhip_p_...); }, [&](auto *...mockhip_p_) -> decltype(static_cast<void "
         "(*)(::mockhip::detail::pointee<decltype(mockhip_p_)>...)>(");
  put_tokens(b, r, first, last);
  put(b, ")) { return static_cast<void (*)(::mockhip::detail::pointee<decltype(mockhip_p_)>"
         "...)>(");
  put_tokens(b, r, first, last);
  put(b, "); })");
}

/* ---- kernel<<<configuration>>>(arguments) ---- */

/* Rewrites the launch whose <<< is token open; returns the token to go on from. */
static size_t rewrite_launch(rewrite *r, size_t open) {
  size_t at = tok(r, open)->at;
  if (open > 0 && is(r, open - 1, "operator"))
    return open + 1; /* operator<<<T>: a template's shift operator, no launch */
  size_t first = open > 0 ? expression_start(r, open - 1) : SIZE_MAX;
  if (first == SIZE_MAX) {
    error_at(r, at, "a kernel launch needs the kernel before '<<<'");
    return open + 1;
  }
  size_t close = r->tokens.count, parts = 1, depth = 0;
  for (size_t i = open + 1; i < r->tokens.count; i++) {
    if (is(r, i, "(") || is(r, i, "[") || is(r, i, "{"))
      depth++;
    else if (is(r, i, ")") || is(r, i, "]") || is(r, i, "}")) {
      if (depth-- == 0)
        break;
    } else if (depth == 0 && is(r, i, ","))
      parts++;
    else if (depth == 0 && (is(r, i, ">>>") || is(r, i, ";"))) {
      close = is(r, i, ">>>") ? i : r->tokens.count;
      break;
    }
  }
  if (close == r->tokens.count) {
    error_at(r, at, "this kernel launch's '<<<' has no '>>>' closing its configuration");
    return open + 1;
  }
  if (close == open + 1 || parts < 2 || parts > 4) {
    error_at(r, at,
             "a kernel launch's configuration is <<<grid, block[, sharedMemBytes[, stream]]>>>: "
             "2 to 4 values, not %zu",
             close == open + 1 ? (size_t)0 : parts);
    return close + 1;
  }
  if (!is(r, close + 1, "(")) {
    error_at(r, tok(r, close)->at,
             "a kernel launch needs its arguments in parentheses after '>>>'");
    return close + 1;
  }
  buffer b = {0};
  size_t last = open - 1;
  put(&b, "::mockhip::detail::chevron(\"");
  put_tokens(&b, r, first, last);
  put(&b, "\", ");
  put_pick(&b, r, first, last);
  put(&b, ", [=](auto &&...mockhip_a_) { ");
  put_tokens(&b, r, first, last);
  put(&b, "(mockhip_a_...); },");
  put_newlines(&b, r, tok(r, first)->at, at);
  size_t config = at + 3;
  put_bytes(&b, r->text + config, tok(r, close)->at - config);
  put(&b, ")");
  add_edit(r, tok(r, first)->at, tok(r, close)->at + 3, finish(&b));
  return close + 1;
}

/* ---- __global__ definitions ---- */

/* The `template` token heading the declaration the token at i is in, or SIZE_MAX. */
static size_t template_head(const rewrite *r, size_t i) {
  while (i-- > 0) {
    if (is(r, i, ";") || is(r, i, "{") || is(r, i, "}"))
      return SIZE_MAX;
    if (is(r, i, "template"))
      return i;
    if (is(r, i, ")") || is(r, i, ">") || is(r, i, ">>")) {
      size_t open = match_backward(r, i);
      if (open == SIZE_MAX)
        return SIZE_MAX;
      i = open;
    }
  }
  return SIZE_MAX;
}

/* The arguments that name a template's own parameters, "T, N, Ts...", from the list after
   the `template` token at head, into b; false when one has no name (it cannot be named). */
static bool put_template_arguments(buffer *b, const rewrite *r, size_t head) {
  size_t open = head + 1, close = SIZE_MAX;
  for (size_t i = open + 1, depth = 1; is(r, open, "<") && i < r->tokens.count; i++) {
    if (is(r, i, "(") || is(r, i, "[") || is(r, i, "{"))
      i = match_forward(r, i);
    else if (is(r, i, "<"))
      depth++;
    else if ((is(r, i, ">") && --depth == 0) || (is(r, i, ">>") && (depth -= 2) == 0)) {
      close = i;
      break;
    }
  }
  if (close == SIZE_MAX)
    return false;
  size_t start = open + 1;
  for (size_t i = start; i <= close; i++) {
    if (i < close && (is(r, i, "(") || is(r, i, "[") || is(r, i, "{"))) {
      i = match_forward(r, i);
      continue;
    }
    if (i < close && is(r, i, "<")) { /* a default's template arguments: no parameter ends */
      for (size_t depth = 0; i < close; i++)
        if (is(r, i, "<"))
          depth++;
        else if ((is(r, i, ">") && --depth == 0) || (is(r, i, ">>") && (depth -= 2) == 0))
          break;
      continue;
    }
    if (i < close && !is(r, i, ","))
      continue;
    /* one parameter, start .. i - 1: its name is the last identifier before any default */
    size_t end = start;
    while (end < i && !is(r, end, "="))
      end++;
    if (end == start || !is_ident(r, end - 1) || end - 1 == start)
      return false; /* `typename`, `int`, `class = void`: no name */
    bool pack = false;
    for (size_t j = start; j < end; j++)
      pack = pack || is(r, j, "...");
    if (start != open + 1)
      put(b, ", ");
    put_tokens(b, r, end - 1, end - 1);
    if (pack)
      put(b, "...");
    start = i + 1;
  }
  return true;
}

/* A kernel template: each specialization the program makes (launched, or only its address
   taken, as hipGraphAddKernelNode's .func) registers itself before main, through a variable
   template its body names; the name comes from a function put before the template. */
static void register_kernel_template(rewrite *r, size_t head, size_t name_first, size_t name_last,
                                     size_t body) {
  buffer args = {0};
  if (!put_template_arguments(&args, r, head)) {
    free(finish(&args));
    return;
  }
  char *arguments = finish(&args);
  if (arguments == NULL)
    return;
  char function[64];
  snprintf(function, sizeof function, "mockhip_kernel_name_%u_", r->kernels++);
  buffer b = {0};
  put(&b, "[[maybe_unused]] static const char *");
  put(&b, function);
  put(&b, "() { return \"");
  put_tokens(&b, r, name_first, name_last);
  put(&b, "\"; } ");
  add_edit(r, tok(r, head)->at, tok(r, head)->at, finish(&b));
  b = (buffer){0};
  put(&b, " (void)::mockhip::detail::kernel_template_known<&");
  put_tokens(&b, r, name_first, name_last);
  put(&b, "<");
  put(&b, arguments);
  put(&b, ">, ");
  put(&b, function);
  put(&b, ">;");
  free(arguments);
  size_t after = tok(r, body)->at + 1;
  add_edit(r, after, after, finish(&b));
}

static bool at_file_scope(const rewrite *r) {
  for (size_t d = 0; d < r->depth; d++)
    if (!r->namespace_scope[d])
      return false;
  return true;
}

/* The kernel whose __global__ mark is token mark: after its definition's closing brace, a
   registration on the same line; a template's in its body (register_kernel_template).
   Declarations and kernels inside a class (none can be launched by address from another
   file) are left alone. */
static void register_kernel(rewrite *r, size_t mark) {
  if (!at_file_scope(r))
    return;
  size_t head = template_head(r, mark);
  size_t paren = mark + 1;
  while (paren < r->tokens.count && !is(r, paren, "(") && !is(r, paren, ";") && !is(r, paren, "{"))
    paren++;
  /* __attribute__((...)) before the name: its parentheses are not the parameters */
  while (is(r, paren, "(") && is(r, paren - 1, "__attribute__")) {
    paren = match_forward(r, paren) + 1;
    while (paren < r->tokens.count && !is(r, paren, "(") && !is(r, paren, ";"))
      paren++;
  }
  if (!is(r, paren, "(") || !is_ident(r, paren - 1) || is(r, paren - 2, "operator"))
    return;
  size_t name_first = paren - 1;
  while (name_first >= 2 && is(r, name_first - 1, "::") && is_ident(r, name_first - 2))
    name_first -= 2;
  size_t body = match_forward(r, paren) + 1;
  while (body < r->tokens.count && !is(r, body, "{") && !is(r, body, ";") && !is(r, body, "="))
    body++;
  if (!is(r, body, "{"))
    return;
  size_t end = match_forward(r, body);
  if (end == r->tokens.count)
    return;
  if (head != SIZE_MAX) {
    register_kernel_template(r, head, name_first, paren - 1, body);
    return;
  }
  buffer b = {0};
  char variable[64];
  snprintf(variable, sizeof variable, "mockhip_kernel_known_%u_", r->kernels++);
  put(&b, " [[maybe_unused]] static const bool ");
  put(&b, variable);
  put(&b, " = ::mockhip::detail::register_kernel(\"");
  put_tokens(&b, r, name_first, paren - 1);
  put(&b, "\", [](auto *...mockhip_p_) -> decltype(::mockhip::detail::kernel_address(");
  put_tokens(&b, r, name_first, paren - 1);
  put(&b, ", mockhip_p_...)) { return ::mockhip::detail::kernel_address(");
  put_tokens(&b, r, name_first, paren - 1);
  put(&b, ", mockhip_p_...); });");
  size_t after = tok(r, end)->at + 1;
  add_edit(r, after, after, finish(&b));
}

/* ---- __shared__ ---- */

/* extern __shared__ T name[]...; : the block's dynamic shared memory, the launch's
   sharedMemBytes. In a function, a pointer to it; at file scope, an object that is one in
   each block. Any other __shared__ variable is thread_local. */
static size_t rewrite_shared(rewrite *r, size_t mark) {
  size_t at = tok(r, mark)->at;
  if (mark == 0 || !is(r, mark - 1, "extern")) {
    add_edit(r, at, at + tok(r, mark)->bytes, strdup("thread_local"));
    return mark + 1;
  }
  size_t semi = mark + 1;
  while (semi < r->tokens.count && !is(r, semi, ";"))
    semi++;
  size_t bracket = mark + 1;
  while (bracket < semi && !(is(r, bracket, "[") && is(r, bracket + 1, "]")))
    bracket++;
  if (bracket == semi || !is_ident(r, bracket - 1) || bracket - 1 <= mark + 1) {
    error_at(r, at,
             "extern __shared__ declares the dynamic shared memory as an array of "
             "unknown size, `extern __shared__ T name[];`");
    return semi;
  }
  size_t name = bracket - 1;
  buffer type = {0}, rest = {0};
  for (size_t i = mark + 1; i < name; i++) {
    if (is(r, i, "__attribute__") || is(r, i, "alignas")) {
      i = match_forward(r, i + 1);
      continue;
    }
    put(&type, " ");
    put_bytes(&type, r->text + tok(r, i)->at, tok(r, i)->bytes);
  }
  if (bracket + 2 < semi)
    put_tokens(&rest, r, bracket + 2, semi - 1);
  char *t = finish(&type), *d = finish(&rest);
  buffer b = {0};
  if (t != NULL && d != NULL && at_file_scope(r)) {
    put(&b, "static ::mockhip::detail::dynamic_shared<");
    put(&b, t);
    put(&b, d);
    put(&b, "> ");
    put_bytes(&b, r->text + tok(r, name)->at, tok(r, name)->bytes);
    put(&b, ";");
  } else if (t != NULL && d != NULL) {
    put(&b, t);
    put(&b, *d ? " (*" : " *");
    put_bytes(&b, r->text + tok(r, name)->at, tok(r, name)->bytes);
    put(&b, *d ? ")" : "");
    put(&b, d);
    put(&b, " = (");
    put(&b, t);
    put(&b, *d ? " (*)" : " *");
    put(&b, d);
    put(&b, ")::mockhip_kernel_thread.dynamic_shared;");
  } else {
    b.failed = true;
  }
  free(t);
  free(d);
  size_t from = tok(r, mark - 1)->at;
  buffer kept = {0};
  put_newlines(&kept, r, from, tok(r, semi)->at);
  char *text = finish(&b), *newlines = finish(&kept);
  if (text != NULL && newlines != NULL) {
    buffer whole = {0};
    put(&whole, text);
    put(&whole, newlines);
    add_edit(r, from, tok(r, semi)->at + 1, finish(&whole));
  } else {
    r->out_of_memory = true;
  }
  free(text);
  free(newlines);
  return semi + 1;
}

/* ---- scopes ---- */

/* Whether the brace at i opens a namespace (named, nested, inline or not) or an extern "C"
   block: a kernel defined there is at file scope. */
static bool opens_namespace(const rewrite *r, size_t i) {
  if (i >= 2 && is(r, i - 2, "extern") && tok(r, i - 1)->kind == TOKEN_LITERAL)
    return true;
  size_t j = i;
  while (j > 0 && (is_ident(r, j - 1) || is(r, j - 1, "::")) && !is(r, j - 1, "namespace"))
    j--;
  return j > 0 && is(r, j - 1, "namespace");
}

static void open_brace(rewrite *r, size_t i) {
  if (r->depth == r->depth_cap) {
    size_t grown = r->depth_cap ? r->depth_cap * 2 : 64;
    bool *at = realloc(r->namespace_scope, grown * sizeof *at);
    if (at == NULL) {
      r->out_of_memory = true;
      return;
    }
    r->namespace_scope = at;
    r->depth_cap = grown;
  }
  r->namespace_scope[r->depth++] = opens_namespace(r, i);
}

/* ---- the whole ---- */

static int by_offset(const void *a, const void *b) {
  const edit *x = a, *y = b;
  return x->from < y->from ? -1 : x->from > y->from;
}

static char *apply(rewrite *r) {
  if (r->edit_count > 1)
    qsort(r->edits, r->edit_count, sizeof *r->edits, by_offset);
  buffer out = {0};
  size_t copied = 0;
  for (size_t k = 0; k < r->edit_count; k++) {
    const edit *e = &r->edits[k];
    if (e->from < copied)
      continue; /* inside an earlier change (a launch in a launch's configuration) */
    put_bytes(&out, r->text + copied, e->from - copied);
    put(&out, e->text);
    copied = e->to;
  }
  put(&out, r->text + copied);
  return finish(&out);
}

char *rewrite_hip(const char *text, int *errors) {
  rewrite r = {.text = text};
  *errors = 0;
  if (!tokens_split(text, &r.tokens))
    return NULL;
  for (size_t i = 0; i < r.tokens.count && !r.out_of_memory;) {
    if (is(&r, i, "<<<")) {
      i = rewrite_launch(&r, i);
    } else if (is(&r, i, REWRITE_GLOBAL_MARK)) {
      add_edit(&r, tok(&r, i)->at, tok(&r, i)->at + tok(&r, i)->bytes, strdup(""));
      register_kernel(&r, i);
      i++;
    } else if (is(&r, i, REWRITE_SHARED_MARK)) {
      i = rewrite_shared(&r, i);
    } else {
      if (is(&r, i, "{"))
        open_brace(&r, i);
      else if (is(&r, i, "}") && r.depth > 0)
        r.depth--;
      i++;
    }
  }
  char *out = r.errors == 0 && !r.out_of_memory ? apply(&r) : NULL;
  for (size_t k = 0; k < r.edit_count; k++)
    free(r.edits[k].text);
  free(r.edits);
  free(r.namespace_scope);
  tokens_free(&r.tokens);
  *errors = r.errors;
  return out;
}
