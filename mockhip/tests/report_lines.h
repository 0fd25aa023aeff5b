/*
 * report_lines.h: reading mockhip's leak and strict reports in tests: capture
 * stderr, find a line, and check that a printed call site
 * ("module+0xoffset (symbol+0xoffset)") names the right file and function.
 */
#ifndef REPORT_LINES_H
#define REPORT_LINES_H

#include <stdbool.h>

/*
 * Makes a function a call site a report can name: exported (the test links
 * with -rdynamic, so dladdr sees it) and never inlined into its caller. Only
 * a function that is not static can be named.
 */
#define MT_SITE __attribute__((noinline, visibility("default")))

/* Sends this process's stderr (fd 2) to a temporary file until mt_stderr_end,
   which returns what was written (malloc'd). Not nested. */
void mt_stderr_begin(void);
char *mt_stderr_end(void);

/* The first line of text that starts with prefix, or NULL. */
const char *mt_line_starting(const char *text, const char *prefix);

/* How many lines text has. */
int mt_count_lines(const char *text);

/*
 * Whether the site printed at `site` (up to the end of its line) lies in the
 * file `module` (compared after realpath, so "/proc/self/exe" works) and, when
 * function is not NULL, is named as inside that function. Says what it read
 * instead when not.
 */
bool mt_site_is(const char *site, const char *module, const char *function);

/*
 * Once every device's work is done, ends the capture mt_stderr_begin started and counts its
 * strict lines ("mockhip: strict: "), checking that the first holds each string of want
 * (NULL-ended; NULL: none is expected, and any is printed). The text goes to *text_out
 * (malloc'd) when it is not NULL.
 */
int mt_strict_reports(const char *const *want, char **text_out);

#endif /* REPORT_LINES_H */
