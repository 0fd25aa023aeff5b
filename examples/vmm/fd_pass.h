/*
 * fd_pass.h: hands one open file descriptor to another process over an
 * AF_UNIX socket (SCM_RIGHTS): the receiver gets its own descriptor for the
 * same open file, as if it had been dup()ed across the process boundary.
 * Errors are returned, never printed: the caller knows what it was doing.
 */
#ifndef FD_PASS_H
#define FD_PASS_H

/* Sends `fd` (and one byte of data) over the connected AF_UNIX socket `sock`.
   Returns 0, or -1 with errno set. The caller still owns `fd`: close it when done. */
int fd_pass_send(int sock, int fd);

/* Receives one descriptor sent by fd_pass_send on `sock`. Returns it (the caller
   owns it and closes it), or -1 with errno set: EBADMSG when a message came
   without exactly one descriptor, ECONNRESET when the peer closed the socket. */
int fd_pass_recv(int sock);

#endif /* FD_PASS_H */
