/*
 * worker.c: helpers for forked children and threads (see worker.h).
 */
#include "worker.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

pid_t conf_fork_child(void) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    static const int faults[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGSYS};
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
      signal(faults[i], SIG_DFL);
  }
  return pid;
}

/* Long enough for any child here; a child that hangs (a deadlock in the
   backend after fork) is killed, so the run goes on and reports it. */
#define CHILD_TIMEOUT_MS 20000

static pid_t wait_with_timeout(pid_t pid, int *status) {
  struct timespec pause = {.tv_sec = 0, .tv_nsec = 10 * 1000 * 1000};
  for (int waited_ms = 0; waited_ms < CHILD_TIMEOUT_MS; waited_ms += 10) {
    pid_t got = waitpid(pid, status, WNOHANG);
    if (got != 0)
      return got;
    nanosleep(&pause, NULL);
  }
  kill(pid, SIGKILL);
  waitpid(pid, status, 0);
  return 0;
}

void conf_expect_child_exit_at(const char *file, int line, pid_t pid) {
  int status = 0;
  pid_t got = wait_with_timeout(pid, &status);
  if (got == 0) {
    conf_fail_at(file, line, "child %d did not finish within %d s and was killed", (int)pid,
                 CHILD_TIMEOUT_MS / 1000);
  }
  if (got != pid) {
    conf_fail_at(file, line, "waitpid(%d) failed", (int)pid);
  }
  if (WIFSIGNALED(status)) {
    conf_fail_at(file, line, "child %d was killed by signal %d (%s)", (int)pid, WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    conf_fail_at(file, line, "child %d exited with status %d (the number of its failing step)",
                 (int)pid, WEXITSTATUS(status));
  }
}

/* One byte of payload and room for one descriptor: an fd passed over a socket.
   It points into itself, so it is used where it was initialised. */
typedef struct fd_message {
  char byte;
  struct iovec iov;
  struct msghdr header;
  union { /* last: struct cmsghdr ends in a flexible array */
    struct cmsghdr header;
    char space[CMSG_SPACE(sizeof(int))];
  } control;
} fd_message;

static void fd_message_init(fd_message *m) {
  memset(m, 0, sizeof *m);
  m->byte = 'f';
  m->iov = (struct iovec){.iov_base = &m->byte, .iov_len = 1};
  m->header = (struct msghdr){.msg_iov = &m->iov,
                              .msg_iovlen = 1,
                              .msg_control = m->control.space,
                              .msg_controllen = sizeof m->control.space};
}

int conf_send_fd(int socket_fd, int fd) {
  fd_message m;
  fd_message_init(&m);
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&m.header);
  cmsg->cmsg_level = SOL_SOCKET;
  cmsg->cmsg_type = SCM_RIGHTS;
  cmsg->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
  return sendmsg(socket_fd, &m.header, 0) == 1 ? 0 : -1;
}

int conf_receive_fd(int socket_fd) {
  fd_message m;
  fd_message_init(&m);
  if (recvmsg(socket_fd, &m.header, 0) != 1)
    return -1;
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&m.header);
  if (cmsg == NULL || cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS)
    return -1;
  int fd = -1;
  memcpy(&fd, CMSG_DATA(cmsg), sizeof(int));
  return fd;
}

int conf_worker_write(void *dev, size_t bytes, unsigned seed) {
  void *host = malloc(bytes);
  if (host == NULL)
    return -1;
  conf_pattern(host, bytes, seed);
  hipError_t status = hipMemcpy(dev, host, bytes, hipMemcpyHostToDevice);
  free(host);
  return status == hipSuccess ? 0 : -1;
}

int conf_worker_check(void *dev, size_t bytes, unsigned seed) {
  void *host = malloc(bytes);
  if (host == NULL)
    return -1;
  hipError_t status = hipMemcpy(host, dev, bytes, hipMemcpyDeviceToHost);
  int same = status == hipSuccess && conf_pattern_mismatch(host, bytes, seed) == bytes;
  free(host);
  return same ? 0 : -1;
}

int conf_worker_round_trip(size_t bytes, unsigned seed) {
  hipMemAllocationProp prop = conf_prop(0);
  hipMemAccessDesc desc = conf_access_desc(0, hipMemAccessFlagsProtReadWrite);
  hipMemGenericAllocationHandle_t handle = NULL;
  void *ptr = NULL;
  int step = 0, mapped = 0;
  if (hipMemAddressReserve(&ptr, bytes, 0, NULL, 0) != hipSuccess)
    step = 1;
  else if (hipMemCreate(&handle, bytes, &prop, 0) != hipSuccess)
    step = 2;
  else if (hipMemMap(ptr, bytes, 0, handle, 0) != hipSuccess)
    step = 3;
  else if ((mapped = 1, hipMemSetAccess(ptr, bytes, &desc, 1)) != hipSuccess)
    step = 4;
  else if (conf_worker_write(ptr, bytes, seed) != 0)
    step = 5;
  else if (conf_worker_check(ptr, bytes, seed) != 0)
    step = 6;
  if (mapped && hipMemUnmap(ptr, bytes) != hipSuccess && step == 0)
    step = 7;
  if (handle != NULL && hipMemRelease(handle) != hipSuccess && step == 0)
    step = 8;
  if (ptr != NULL && hipMemAddressFree(ptr, bytes) != hipSuccess && step == 0)
    step = 9;
  return step;
}
