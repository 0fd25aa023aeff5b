/*
 * fd_pass_test.c: fd_pass.c's own test (ctest: lesson_fd_pass). A descriptor
 * sent arrives as another descriptor of the same open file; a message with no
 * descriptor, a closed peer and a bad socket each give -1 and their errno.
 */
#define _DEFAULT_SOURCE /* socketpair */
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fd_pass.h"

static int failures;

static void expect(int ok, const char *what) {
  printf("%s: %s\n", ok ? "ok" : "FAILED", what);
  failures += !ok;
}

int main(void) {
  int socks[2], pipe_fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, socks) != 0 || pipe(pipe_fds) != 0) {
    perror("fd_pass_test: socketpair or pipe");
    return 1;
  }

  expect(fd_pass_send(socks[0], pipe_fds[1]) == 0, "fd_pass_send of a pipe's write end");
  int got = fd_pass_recv(socks[1]);
  struct stat sent_stat, got_stat;
  expect(got >= 0 && got != pipe_fds[1] && fstat(pipe_fds[1], &sent_stat) == 0 &&
             fstat(got, &got_stat) == 0 && sent_stat.st_ino == got_stat.st_ino,
         "fd_pass_recv gives a new descriptor of the same pipe");
  char byte = 0;
  expect(got >= 0 && write(got, "x", 1) == 1 && read(pipe_fds[0], &byte, 1) == 1 && byte == 'x',
         "a byte written through the received descriptor comes out of the pipe");
  if (got >= 0)
    close(got);

  errno = 0;
  expect(write(socks[0], "y", 1) == 1 && fd_pass_recv(socks[1]) == -1 && errno == EBADMSG,
         "a message without a descriptor: -1, EBADMSG");

  close(socks[0]);
  errno = 0;
  expect(fd_pass_recv(socks[1]) == -1 && errno == ECONNRESET, "a closed peer: -1, ECONNRESET");
  errno = 0;
  expect(fd_pass_send(-1, pipe_fds[0]) == -1 && errno == EBADF, "a bad socket: -1, EBADF");

  close(socks[1]);
  close(pipe_fds[0]);
  close(pipe_fds[1]);
  return failures != 0;
}
