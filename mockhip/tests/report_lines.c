/*
 * report_lines.c: reading mockhip's leak and strict reports in tests.
 */
#include "report_lines.h"

#include "mock_test.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
  FILE *file;
  int saved_fd;
} capture = {NULL, -1};

void mt_stderr_begin(void) {
  assert_null(capture.file);
  capture.file = tmpfile();
  assert_non_null(capture.file);
  fflush(stderr);
  capture.saved_fd = dup(STDERR_FILENO);
  assert_true(capture.saved_fd >= 0);
  assert_true(dup2(fileno(capture.file), STDERR_FILENO) >= 0);
}

char *mt_stderr_end(void) {
  assert_non_null(capture.file);
  fflush(stderr);
  dup2(capture.saved_fd, STDERR_FILENO);
  close(capture.saved_fd);
  char *text = mt_read_stream(capture.file);
  fclose(capture.file);
  capture.file = NULL;
  return text;
}

const char *mt_line_starting(const char *text, const char *prefix) {
  for (const char *line = text; *line != '\0';) {
    if (strncmp(line, prefix, strlen(prefix)) == 0)
      return line;
    const char *end = strchr(line, '\n');
    line = end ? end + 1 : line + strlen(line);
  }
  return NULL;
}

int mt_count_lines(const char *text) {
  int count = 0;
  for (const char *at = text; *at != '\0'; at++)
    count += *at == '\n';
  return count + (text[0] != '\0' && text[strlen(text) - 1] != '\n');
}

/* Skips "0x" and hex digits; NULL when there are none. */
static const char *skip_hex(const char *at) {
  if (strncmp(at, "0x", 2) != 0)
    return NULL;
  size_t digits = strspn(at + 2, "0123456789abcdef");
  return digits == 0 ? NULL : at + 2 + digits;
}

bool mt_site_is(const char *site, const char *module, const char *function) {
  char line[PATH_MAX + 256];
  size_t length = strcspn(site, "\n");
  if (length >= sizeof line)
    length = sizeof line - 1;
  memcpy(line, site, length);
  line[length] = '\0';

  char *plus = strstr(line, "+0x");
  const char *after = plus ? skip_hex(plus + 1) : NULL;
  if (after == NULL) {
    print_error("no module+0xoffset in \"%s\"\n", line);
    return false;
  }
  *plus = '\0';
  char printed[PATH_MAX], expected[PATH_MAX];
  if (realpath(line, printed) == NULL || realpath(module, expected) == NULL ||
      strcmp(printed, expected) != 0) {
    print_error("site module \"%s\" is not %s\n", line, module);
    return false;
  }
  if (function == NULL)
    return true;
  size_t name_length = strlen(function);
  const char *offset = strncmp(after, " (", 2) == 0 ? after + 2 : NULL;
  if (offset == NULL || strncmp(offset, function, name_length) != 0 || offset[name_length] != '+' ||
      skip_hex(offset + name_length + 1) == NULL) {
    *plus = '+';
    print_error("site \"%s\" is not named as inside %s()\n", line, function);
    return false;
  }
  return true;
}

int mt_strict_reports(const char *const *want, char **text_out) {
  static const char report[] = "mockhip: strict: ";
  MT_CHECK(hipDeviceSynchronize());
  char *text = mt_stderr_end();
  int count = mt_count_lines_starting(text, report);
  const char *line = mt_line_starting(text, report);
  for (size_t i = 0; line != NULL && want != NULL && want[i] != NULL; i++) {
    const char *end = strchr(line, '\n');
    size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
    if (memmem(line, length, want[i], strlen(want[i])) == NULL) {
      print_error("the report lacks \"%s\":\n%s\n", want[i], text);
      fail();
    }
  }
  if (count > 1 || (count == 1 && want == NULL))
    print_error("%s", text);
  if (text_out != NULL)
    *text_out = text;
  else
    free(text);
  return count;
}
