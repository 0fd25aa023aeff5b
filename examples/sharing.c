/*
 * sharing.c: two processes sharing one hmo allocation. The parent allocates
 * it exportable (hmo_memory_alloc_shareable), writes a message into it,
 * exports a file descriptor (hmo_memory_export) and starts this program
 * again as its child, the fd inherited across exec. The child maps the same
 * bytes (hmo_memory_import), prints what it sees and writes its answer; the
 * parent prints the answer from its own mapping. No byte travels through the
 * pipe or the command line: only the fd's number does. Exits 0 when both saw
 * what the other wrote.
 */
#define _POSIX_C_SOURCE 200809L /* fork, fcntl and waitpid under -std=c11 */

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hmo.h>

#define BYTES 64

/* Ends the program when a call that should work does not. */
#define TRY(who, call)                                                                             \
  do {                                                                                             \
    int status_ = (call);                                                                          \
    if (status_ != HMO_OK) {                                                                       \
      fprintf(stderr, "sharing (%s): %s: %s (%s)\n", who, #call, hmo_status_name(status_),         \
              hmo_error_last()->message);                                                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static const char question[BYTES] = "hello from the parent";
static const char answer[BYTES] = "and hello back from the child";

static int child(hmo_device *dev, int fd) {
  hmo_memory *mem;
  char seen[BYTES];
  TRY("child", hmo_memory_import(&mem, dev, fd, BYTES, HMO_CHAR));
  TRY("child", hmo_memory_copy_to(mem, seen, HMO_ALL, 0));
  printf("child: imported fd %d, %zu bytes; it reads \"%s\"\n", fd, hmo_memory_bytes(mem), seen);
  TRY("child", hmo_memory_copy_from(mem, answer, HMO_ALL, 0));
  hmo_memory_release(mem); /* unmaps the child's view only */
  close(fd);
  return memcmp(seen, question, BYTES) == 0 ? 0 : 2;
}

static int parent(hmo_device *dev, const char *self) {
  hmo_memory *mem;
  int fd;
  TRY("parent", hmo_memory_alloc_shareable(&mem, dev, BYTES, HMO_CHAR, question));
  TRY("parent", hmo_memory_export(mem, &fd));
  printf("parent: wrote \"%s\", exported it as fd %d\n", question, fd);
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    char fd_text[16];
    snprintf(fd_text, sizeof fd_text, "%d", fd);
    fcntl(fd, F_SETFD, 0); /* the fd must survive exec */
    execl(self, self, "--child", fd_text, (char *)NULL);
    perror("sharing: exec");
    _exit(127);
  }
  int wstatus = 0;
  if (pid < 0 || waitpid(pid, &wstatus, 0) != pid || !WIFEXITED(wstatus) ||
      WEXITSTATUS(wstatus) != 0) {
    fprintf(stderr, "sharing: the child failed (wait status %d)\n", wstatus);
    return 1;
  }
  char seen[BYTES];
  TRY("parent", hmo_memory_copy_to(mem, seen, HMO_ALL, 0));
  printf("parent: the child exited 0; the memory now reads \"%s\"\n", seen);
  close(fd);
  hmo_memory_release(mem);
  return memcmp(seen, answer, BYTES) == 0 ? 0 : 2;
}

int main(int argc, char **argv) {
  hmo_device *dev;
  TRY("open", hmo_device_open(&dev, 0));
  int status = argc == 3 && strcmp(argv[1], "--child") == 0 ? child(dev, atoi(argv[2]))
                                                            : parent(dev, "/proc/self/exe");
  TRY("close", hmo_device_close(dev));
  if (status == 0 && argc == 1)
    printf("sharing: ok\n");
  return status;
}
