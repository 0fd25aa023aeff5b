/*
 * share.c: memory another process opens by name, for hipIpcGetMemHandle and
 * hipIpcOpenMemHandle. A GPU driver names a buffer in a handle any process
 * may attach; here the name is the exporting process, its descriptor of the
 * memory file and the file's identity, and another process opens the file
 * through /proc/<pid>/fd/<fd> (the same user may; no descriptor passes over a
 * socket). hipMalloc's memory is private anonymous memory, so a block is
 * first turned into a memory file in place: its bytes copied into a new file,
 * which is then mapped over the same addresses, shared.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os.h"

int mh__os_share_in_place(void *addr, size_t bytes, mh_os_memory *out) {
  int err = mh__os_memory_create(bytes, out);
  if (err != 0)
    return err;
  /* The kernel reads the block: a page no one may read is EFAULT, not a fault. */
  err = mh__os_file_write(out->fd, 0, addr, bytes);
  if (err == 0 &&
      mmap(addr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, out->fd, 0) == MAP_FAILED)
    err = errno;
  if (err != 0)
    mh__os_memory_close(out);
  return err;
}

int mh__os_share_map(const mh_os_memory *memory, void **out) {
  void *p = mmap(NULL, memory->bytes, PROT_READ | PROT_WRITE, MAP_SHARED, memory->fd, 0);
  if (p == MAP_FAILED)
    return errno;
  *out = p;
  return 0;
}

int mh__os_share_open(int pid, int fd, uint64_t dev, uint64_t ino, mh_os_memory *out) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, fd);
  int opened = open(path, O_RDWR | O_CLOEXEC);
  if (opened < 0)
    return errno;
  struct stat st;
  int err = fstat(opened, &st) != 0 ? errno : 0;
  /* Another file under that number (the process gone and the number reused, or the memory
     freed): not the memory the handle names. */
  if (err == 0 && ((uint64_t)st.st_dev != dev || (uint64_t)st.st_ino != ino || st.st_size <= 0))
    err = ESTALE;
  if (err != 0) {
    close(opened);
    return err;
  }
  *out = (mh_os_memory){.fd = opened, .offset = 0, .bytes = (size_t)st.st_size, .arena = NULL};
  return 0;
}
