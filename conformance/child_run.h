/*
 * child_run.h: a function run in a forked child with a time limit, for the
 * report. The report's own process never calls HIP (ROCm's runtime does not
 * survive fork); the backend probe and each rule run in a child of their own,
 * so a crash or a hang ends that child, not the run.
 */
#ifndef CONFORMANCE_CHILD_RUN_H
#define CONFORMANCE_CHILD_RUN_H

#include <stddef.h>

typedef enum conf_child_ending {
  CONF_CHILD_EXITED,      /* code: its exit status */
  CONF_CHILD_SIGNALLED,   /* code: the signal that killed it */
  CONF_CHILD_TIMED_OUT,   /* killed with SIGKILL at the time limit */
  CONF_CHILD_NOT_STARTED, /* code: errno of pipe() or fork() */
} conf_child_ending;

typedef struct conf_child_end {
  conf_child_ending how;
  int code;
  size_t received; /* bytes of the reply the child sent */
  double seconds;  /* from fork to the end */
} conf_child_end;

/* What runs in the child: whatever it writes to reply_fd comes back. */
typedef void conf_child_body(void *arg, int reply_fd);

/* Forks; the child sends its stdout and stderr to out_fd and err_fd (-1 keeps
   them), runs body(arg, reply_fd) and exits with status 0. The parent keeps up
   to `bytes` of the reply in `reply`, waits at most timeout_seconds and then
   kills the child. */
conf_child_end conf_child_run(conf_child_body *body, void *arg, int out_fd, int err_fd,
                              int timeout_seconds, void *reply, size_t bytes);

/* "signal 11: SIGSEGV", "timeout after 30 s", "exit status 3", "could not
   start: ..."; "" for an exit with status 0. */
void conf_child_describe(const conf_child_end *end, int timeout_seconds, char *text, size_t size);

/* Writes all `bytes` to fd, retrying after EINTR and short writes: 0, or -1. */
int conf_write_all(int fd, const void *data, size_t bytes);

#endif /* CONFORMANCE_CHILD_RUN_H */
