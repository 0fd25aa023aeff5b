/*
 * ipc.c: physical memory shared between two processes by an exported fd.
 *
 * The parent creates memory that may be exported (requestedHandleTypes =
 * hipMemHandleTypePosixFileDescriptor), writes into it and exports it as a
 * file descriptor. A file descriptor is only a number inside its process: it
 * travels to the child over a unix socket (fd_pass.c, SCM_RIGHTS), which
 * gives the child its own descriptor for the same memory. The child is a new
 * program, not a bare fork: the parent forks and the child at once execs this
 * lesson again (`--child`), because a process forked after HIP started may not
 * use HIP (HIP on NVIDIA answers hipErrorNotInitialized there, as CUDA does;
 * ROCm supports no such child either). The child imports the fd as a handle
 * of its own, reserves, maps, sets access and reads the parent's bytes. The
 * parent waits for the child before it goes on. How
 * the import takes the fd depends on the release (import_fd below). Before
 * ROCm 6.2 memory cannot be exported: the lesson says so and exits 77.
 * Mistake: `break` makes the child pass the fd in the other form, `&fd` where
 * ROCm 7.1 and later take its value, the value where ROCm 6.2 to 7.0 read it
 * through a pointer (the import is refused; on a GPU 6.2 to 7.0 crash).
 */
#define _DEFAULT_SOURCE /* fork, socketpair, execv, readlink */
#include <stdint.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fd_pass.h"
#include "lesson.h"

static const char *const mistakes[] = {
    "passing the fd in the form this release does not take (&fd, or its value)"};

static const char message[] = "bytes written by the parent";

#define FD_HANDLE hipMemHandleTypePosixFileDescriptor

/*
 * Imports fd in the form the release takes (a.13#2): ROCm 6.2 to 7.0 read the
 * fd through osHandle, a pointer to an int; 7.1 and later, as CUDA, take the
 * fd itself, (void *)(intptr_t)fd. hipRuntimeGetVersion tells which (HIP on
 * NVIDIA answers CUDA's numbering, and takes the value). A value given to a
 * release that reads through the pointer crashes it. *by_value says which
 * form imported.
 */
static hipError_t import_fd(hipMemGenericAllocationHandle_t *handle, int fd, int *by_value) {
  *by_value = !lesson_rocm_older_than(70100000);
  return hipMemImportFromShareableHandle(handle, *by_value ? (void *)(intptr_t)fd : (void *)&fd,
                                         FD_HANDLE);
}

/* The child: receives the fd, imports, maps and reads. Returns its exit status. */
static int child(int sock, size_t bytes, int mistake) {
  int fd = fd_pass_recv(sock);
  if (fd < 0) {
    perror("child: fd_pass_recv");
    return 1;
  }
  printf("child: received a file descriptor for the parent's memory\n");
  hipMemGenericAllocationHandle_t handle;
  int by_value;
  CHECK(import_fd(&handle, fd, &by_value));
  printf("child: %s %s: imported with %s\n", lesson_release(),
         by_value ? "takes the fd's value" : "reads the fd through a pointer",
         by_value ? "(void *)(intptr_t)fd" : "&fd");
  if (mistake == 1) {
    CHECK(hipMemRelease(handle));
    hipError_t error =
        by_value ? hipMemImportFromShareableHandle(&handle, &fd, FD_HANDLE)
                 : hipMemImportFromShareableHandle(&handle, (void *)(intptr_t)fd, FD_HANDLE);
    lesson_refused(error,
                   by_value ? "hipMemImportFromShareableHandle(&handle, &fd, ...)"
                            : "hipMemImportFromShareableHandle(&handle, (void *)(intptr_t)fd, ...)",
                   "pass the fd in the form the release takes, as import_fd does: "
                   "the value from ROCm 7.1 on (as CUDA), &fd on ROCm 6.2 to 7.0",
                   NULL);
    close(fd);
    return 0;
  }
  close(fd); /* the handle holds the memory now */
  void *ptr;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  hipMemAccessDesc read = {.location = {.type = hipMemLocationTypeDevice, .id = 0},
                           .flags = hipMemAccessFlagsProtRead};
  CHECK(hipMemSetAccess(ptr, bytes, &read, 1));
  char read_back[sizeof message] = "";
  CHECK(hipMemcpyDtoH(read_back, ptr, sizeof read_back));
  printf("child: imported, mapped at its own address, read \"%s\"\n", read_back);
  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(ptr, bytes));
  return strcmp(read_back, message) == 0 ? 0 : 1;
}

/*
 * Starts the child: fork, and exec this program again with `--child SOCK BYTES MISTAKE`, the
 * socket kept open across the exec and the parent's own descriptors (its end of the socket,
 * the exported fd) closed. Returns its pid, or -1 with errno set.
 */
static pid_t spawn_child(int sock, int parent_sock, int fd, size_t bytes, int mistake) {
  char sock_arg[16], bytes_arg[32], mistake_arg[16];
  snprintf(sock_arg, sizeof sock_arg, "%d", sock);
  snprintf(bytes_arg, sizeof bytes_arg, "%zu", bytes);
  snprintf(mistake_arg, sizeof mistake_arg, "%d", mistake);
  /* The program's path, read before the fork: a tool that runs the lesson (valgrind) answers
     its own path for an exec of /proc/self/exe, and the lesson's for this readlink. */
  char self[4096];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0)
    return -1;
  self[length] = '\0';
  char *args[] = {"lesson_ipc", "--child", sock_arg, bytes_arg, mistake_arg, NULL};
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    close(parent_sock);
    close(fd); /* the child gets its own, over the socket */
    execv(self, args);
    perror("child: execv");
    _exit(127);
  }
  return pid;
}

int main(int argc, char **argv) {
  if (argc == 5 && strcmp(argv[1], "--child") == 0) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    return child(atoi(argv[2]), strtoull(argv[3], NULL, 10), atoi(argv[4]));
  }
  int mistake = lesson_mistake(argc, argv, "ipc", mistakes, 1);
  hipMemAllocationProp prop = {.type = hipMemAllocationTypePinned,
                               .requestedHandleTypes = hipMemHandleTypePosixFileDescriptor,
                               .location = {.type = hipMemLocationTypeDevice, .id = 0}};
  size_t bytes;
  CHECK(hipMemGetAllocationGranularity(&bytes, &prop, hipMemAllocationGranularityMinimum));
  void *ptr;
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemAddressReserve(&ptr, bytes, 0, NULL, 0));
  hipError_t error = hipMemCreate(&handle, bytes, &prop, 0);
  if (error == hipErrorNotSupported) {
    printf("ipc: %s cannot create memory that may be exported: %s (exportable memory, export "
           "and import came with ROCm 6.2, docs/hip-vmm-semantics.md a.4#5, a.12#5)\n",
           lesson_release(), hipGetErrorName(error));
    CHECK(hipMemAddressFree(ptr, bytes));
    return 77;
  }
  CHECK(error);
  CHECK(hipMemMap(ptr, bytes, 0, handle, 0));
  hipMemAccessDesc read_write = {.location = prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(ptr, bytes, &read_write, 1));
  CHECK(hipMemcpyHtoD(ptr, message, sizeof message));
  int fd;
  CHECK(hipMemExportToShareableHandle(&fd, handle, hipMemHandleTypePosixFileDescriptor, 0));
  printf("parent: created %zu bytes that may be exported, wrote \"%s\", exported a fd\n", bytes,
         message);

  int socks[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, socks) != 0) {
    perror("parent: socketpair");
    return 1;
  }
  pid_t pid = spawn_child(socks[1], socks[0], fd, bytes, mistake);
  if (pid < 0) {
    perror("parent: starting the child");
    return 1;
  }
  close(socks[1]);
  if (fd_pass_send(socks[0], fd) != 0) {
    perror("parent: fd_pass_send");
    return 1;
  }
  close(fd); /* the child has its own descriptor now */
  close(socks[0]);
  int status;
  while (waitpid(pid, &status, 0) < 0)
    ;
  int child_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  printf("parent: the child %s\n", child_ok ? "is done" : "FAILED");

  CHECK(hipMemUnmap(ptr, bytes));
  CHECK(hipMemRelease(handle));
  CHECK(hipMemAddressFree(ptr, bytes));
  printf("parent: unmapped, released, freed; %zu objects left\n", mockhip_live_objects());
  return child_ok && mockhip_live_objects() == 0 ? 0 : 1;
}
