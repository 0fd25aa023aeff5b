/*
 * child_run.c: a function run in a forked child with a time limit (see
 * child_run.h).
 *
 * The parent reads the reply pipe until the child has exited: the end of the
 * pipe alone is not enough, since a grandchild the rule forked may still hold
 * it open. Polls are cut into short slices for that case only; a child that
 * exits closes its end, which wakes the poll at once.
 */
#include "child_run.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SLICE_MS 50

static double now_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int conf_write_all(int fd, const void *data, size_t bytes) {
  const char *next = data;
  while (bytes > 0) {
    ssize_t written = write(fd, next, bytes);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return -1;
    next += written;
    bytes -= (size_t)written;
  }
  return 0;
}

static void run_child(conf_child_body *body, void *arg, int out_fd, int err_fd, int reply_fd,
                      pid_t parent) {
  /* A child whose parent died (killed by a test timeout) must not run on. */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent)
    _exit(1);
  if (out_fd >= 0)
    dup2(out_fd, STDOUT_FILENO);
  if (err_fd >= 0)
    dup2(err_fd, STDERR_FILENO);
  body(arg, reply_fd);
  /* exit, not _exit: the runtime's and the tools' exit handlers run as at the
     end of any program, and what goes wrong there is reported too. */
  exit(0);
}

/* Reads what is there without blocking; returns 1 at the end of the pipe. */
static int read_reply(int fd, char *reply, size_t bytes, size_t *received) {
  char spill[512];
  for (;;) {
    char *into = *received < bytes ? reply + *received : spill;
    size_t room = *received < bytes ? bytes - *received : sizeof spill;
    ssize_t got = read(fd, into, room);
    if (got > 0) {
      if (into != spill)
        *received += (size_t)got;
      continue;
    }
    if (got < 0 && errno == EINTR)
      continue;
    return got == 0;
  }
}

conf_child_end conf_child_run(conf_child_body *body, void *arg, int out_fd, int err_fd,
                              int timeout_seconds, void *reply, size_t bytes) {
  conf_child_end end = {CONF_CHILD_NOT_STARTED, 0, 0, 0.0};
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) {
    end.code = errno;
    return end;
  }
  fflush(NULL); /* nothing buffered here may be written twice */
  double start = now_seconds(), deadline = start + timeout_seconds;
  pid_t parent = getpid(), pid = fork();
  if (pid < 0) {
    end.code = errno;
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return end;
  }
  if (pid == 0) {
    close(pipe_fds[0]);
    run_child(body, arg, out_fd, err_fd, pipe_fds[1], parent);
  }
  close(pipe_fds[1]);
  fcntl(pipe_fds[0], F_SETFL, fcntl(pipe_fds[0], F_GETFL) | O_NONBLOCK);

  int status = 0, pipe_ended = 0, reaped = 0;
  while (!reaped) {
    double left = deadline - now_seconds();
    if (left <= 0) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      end.how = CONF_CHILD_TIMED_OUT;
      break;
    }
    int slice_ms = left * 1000 < SLICE_MS ? (int)(left * 1000) + 1 : SLICE_MS;
    if (!pipe_ended) {
      struct pollfd wait_for = {.fd = pipe_fds[0], .events = POLLIN};
      if (poll(&wait_for, 1, slice_ms) > 0)
        pipe_ended = read_reply(pipe_fds[0], reply, bytes, &end.received);
    } else {
      struct timespec pause = {0, 1000 * 1000};
      nanosleep(&pause, NULL);
    }
    pid_t got = waitpid(pid, &status, WNOHANG);
    reaped = got == pid || (got < 0 && errno != EINTR);
  }
  if (reaped) {
    read_reply(pipe_fds[0], reply, bytes, &end.received); /* what came just before the exit */
    if (WIFSIGNALED(status)) {
      end.how = CONF_CHILD_SIGNALLED;
      end.code = WTERMSIG(status);
    } else {
      end.how = CONF_CHILD_EXITED;
      end.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
  }
  close(pipe_fds[0]);
  end.seconds = now_seconds() - start;
  return end;
}

static const char *signal_name(int number) {
  static const struct {
    int number;
    const char *name;
  } names[] = {{SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"},
               {SIGILL, "SIGILL"},   {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"},
               {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},   {SIGKILL, "SIGKILL"},
               {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
               {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
               {SIGSYS, "SIGSYS"},   {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].number == number)
      return names[i].name;
  return NULL;
}

void conf_child_describe(const conf_child_end *end, int timeout_seconds, char *text, size_t size) {
  switch (end->how) {
  case CONF_CHILD_EXITED:
    if (end->code == 0)
      snprintf(text, size, "%s", "");
    else
      snprintf(text, size, "exit status %d", end->code);
    return;
  case CONF_CHILD_SIGNALLED:
    if (signal_name(end->code) != NULL)
      snprintf(text, size, "signal %d: %s", end->code, signal_name(end->code));
    else
      snprintf(text, size, "signal %d", end->code);
    return;
  case CONF_CHILD_TIMED_OUT: snprintf(text, size, "timeout after %d s", timeout_seconds); return;
  case CONF_CHILD_NOT_STARTED:
    snprintf(text, size, "could not start a child process: %s", strerror(end->code));
    return;
  }
}
