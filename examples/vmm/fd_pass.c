/* fd_pass.c: one file descriptor over an AF_UNIX socket, as fd_pass.h says. */
#define _DEFAULT_SOURCE /* CMSG_SPACE and CMSG_LEN are not in POSIX */
#include "fd_pass.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Room for one int's control message, aligned as cmsghdr wants it. */
typedef union fd_control {
  char bytes[CMSG_SPACE(sizeof(int))];
  struct cmsghdr align;
} fd_control;

int fd_pass_send(int sock, int fd) {
  char byte = 'F'; /* a stream socket carries control data only with real data */
  struct iovec iov = {.iov_base = &byte, .iov_len = 1};
  fd_control control;
  memset(&control, 0, sizeof control);
  struct msghdr msg = {.msg_iov = &iov,
                       .msg_iovlen = 1,
                       .msg_control = control.bytes,
                       .msg_controllen = sizeof control.bytes};
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
  cmsg->cmsg_level = SOL_SOCKET;
  cmsg->cmsg_type = SCM_RIGHTS;
  cmsg->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(cmsg), &fd, sizeof fd);
  ssize_t sent;
  do
    sent = sendmsg(sock, &msg, 0);
  while (sent < 0 && errno == EINTR);
  return sent == 1 ? 0 : -1;
}

int fd_pass_recv(int sock) {
  char byte;
  struct iovec iov = {.iov_base = &byte, .iov_len = 1};
  fd_control control;
  struct msghdr msg = {.msg_iov = &iov,
                       .msg_iovlen = 1,
                       .msg_control = control.bytes,
                       .msg_controllen = sizeof control.bytes};
  ssize_t got;
  do
    got = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
  while (got < 0 && errno == EINTR);
  if (got < 0)
    return -1;
  if (got == 0) {
    errno = ECONNRESET;
    return -1;
  }
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
  if (cmsg == NULL || cmsg->cmsg_level != SOL_SOCKET || cmsg->cmsg_type != SCM_RIGHTS ||
      cmsg->cmsg_len != CMSG_LEN(sizeof(int)) || (msg.msg_flags & MSG_CTRUNC)) {
    errno = EBADMSG;
    return -1;
  }
  int fd;
  memcpy(&fd, CMSG_DATA(cmsg), sizeof fd);
  return fd;
}
