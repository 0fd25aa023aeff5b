/*
 * worker.h: code for forked children and extra threads. cmocka's assertions
 * longjmp into the runner, which must not happen there, so these helpers
 * return a status instead and the test asserts on it afterwards.
 */
#ifndef CONFORMANCE_WORKER_H
#define CONFORMANCE_WORKER_H

#include <sys/types.h>

#include "conformance.h"

/* fork() with stdio flushed; the child gets default fault signals back, so a
   crash kills it instead of jumping into the runner's copy. */
pid_t conf_fork_child(void);

/* Waits for `pid` and fails the test unless it exited with status 0. */
#define conf_expect_child_exit(pid) conf_expect_child_exit_at(CONF_HERE, pid)
void conf_expect_child_exit_at(const char *file, int line, pid_t pid);

/* An fd over a Unix socket with SCM_RIGHTS: 0 / the received fd, -1 on failure. */
int conf_send_fd(int socket_fd, int fd);
int conf_receive_fd(int socket_fd);

/* The pattern written and read back through hipMemcpy: 0 on success, -1 otherwise. */
int conf_worker_write(void *dev, size_t bytes, unsigned seed);
int conf_worker_check(void *dev, size_t bytes, unsigned seed);

/* One whole VMM life on device 0: reserve, create, map, set access, copy in and
   out, unmap, free, release. 0 on success, else the number of the failing step. */
int conf_worker_round_trip(size_t bytes, unsigned seed);

#endif /* CONFORMANCE_WORKER_H */
