/*
 * open_fds.h: the file descriptors a process holds, counted and listed, for
 * the tests of mockhip, hmo and the conformance suite, which count them around
 * every path that opens one. Header-only: each test tree has a support
 * library of its own, and this is the one piece they share. Include it after
 * <cmocka.h> (the list goes out through print_error).
 */
#ifndef HIPVMM_OPEN_FDS_H
#define HIPVMM_OPEN_FDS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Calls fn for each fd open now but the directory stream's own; returns how many. */
static inline size_t open_fds_each(void (*fn)(int fd)) {
  DIR *dir = opendir("/proc/self/fd");
  if (dir == NULL)
    return 0;
  size_t count = 0;
  for (struct dirent *entry; (entry = readdir(dir)) != NULL;) {
    int fd = atoi(entry->d_name);
    if (entry->d_name[0] == '.' || fd == dirfd(dir))
      continue;
    count++;
    if (fn != NULL)
      fn(fd);
  }
  closedir(dir);
  return count;
}

static inline void open_fds_print_one(int fd) {
  char path[64], target[256];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  ssize_t length = readlink(path, target, sizeof target - 1);
  target[length < 0 ? 0 : length] = '\0';
  print_error("  fd %d: %s\n", fd, length < 0 ? "(unreadable)" : target);
}

/* How many descriptors are open now. */
static inline size_t open_fds_count(void) { return open_fds_each(NULL); }

/* Prints every open descriptor and what it names, one line each. */
static inline void open_fds_print(void) { open_fds_each(open_fds_print_one); }

/* Fails the test at file:line, listing the descriptors, unless `expected` are open. */
static inline void open_fds_assert(size_t expected, const char *what, const char *file, int line) {
  size_t open = open_fds_count();
  if (open == expected)
    return;
  print_error("%s:%d: %s: %zu file descriptors open, expected %zu:\n", file, line, what, open,
              expected);
  open_fds_print();
  _fail(file, line);
}

#endif /* HIPVMM_OPEN_FDS_H */
