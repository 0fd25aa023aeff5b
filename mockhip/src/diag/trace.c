/*
 * trace.c: the trace line of every call (MOCKHIP_TRACE, MOCKHIP_TEACH) and the
 * call text the HTML trace shows (MOCKHIP_TRACE_HTML). The arguments arrive
 * decoded (trace_decode.c), so a line reads "hipMemMap(ptr=reservation#1+0x0,
 * size=2097152 (512 granules, 2 MiB), ...)" and stays the same from run to run.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "diag/diag.h"

/* Set once at start-up, before any call can be traced. */
static bool tracing;     /* the call text is made: for stderr, the HTML trace or both */
static bool print_lines; /* MOCKHIP_TRACE (or MOCKHIP_TEACH): on stderr */
static bool pid_prefix;

void mh__trace_init(const mh_options *options) {
  print_lines = options->trace;
  tracing = print_lines || options->trace_html != NULL;
  pid_prefix = options->teach;
}

bool mh__tracing(void) { return tracing; }

const char *mh__line_prefix(char out[32]) {
  out[0] = '\0';
  if (pid_prefix) /* read at each line: a forked child prints its own pid */
    snprintf(out, 32, "[pid %ld] ", (long)getpid());
  return out;
}

void mh__trace_call_text(char *out, size_t out_bytes, mockhip_api api, hipError_t err,
                         const char *args, const char *reason) {
  if (reason != NULL && reason[0] != '\0')
    snprintf(out, out_bytes, "%s(%s) = %s (%s)", mockhip_api_name(api), args, mh__error_name(err),
             reason);
  else
    snprintf(out, out_bytes, "%s(%s) = %s", mockhip_api_name(api), args, mh__error_name(err));
}

/* Prints one finished line; one fprintf so lines of several threads do not interleave. */
static void print_call(mockhip_api api, hipError_t err, const char *args, const char *reason) {
  char text[2048], prefix[32];
  mh__trace_call_text(text, sizeof text, api, err, args, reason);
  fprintf(stderr, "%smockhip: %s\n", mh__line_prefix(prefix), text);
}

void mh__trace_call(mockhip_api api, hipError_t err, const char *args) {
  if (print_lines)
    print_call(api, err, args, NULL);
}

hipError_t mh__leave_traced(mockhip_api api, hipError_t err, const char *args_fmt, ...) {
  char args[1536];
  va_list ap;
  va_start(ap, args_fmt);
  vsnprintf(args, sizeof args, args_fmt, ap);
  va_end(ap);
  err = mh__leave_quiet(api, err);
  /* The recorded reason starts with "name: "; the line names the call already. */
  const char *reason = NULL;
  if (err != hipSuccess)
    reason = mockhip_last_reason() + strlen(mockhip_api_name(api)) + 2;
  if (print_lines)
    print_call(api, err, args, reason);
  mh__trace_html_step(api, err, args, reason != NULL ? reason : ""); /* MOCKHIP_TRACE_HTML */
  mh__teach_flush();
  return err;
}
