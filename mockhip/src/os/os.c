/*
 * os.c: the Linux mechanism under mockhip: address reservations, memory files
 * (sealed ones of their own, and arena files), fixed mappings, page
 * protection, anonymous memory for hipMalloc, and the kernel's limits for
 * messages.
 *
 * A reservation is PROT_NONE + MAP_NORESERVE anonymous memory: it holds
 * address space without committing memory, so terabyte ranges are free.
 * Physical memory is a memfd, of its own (sealed) or an arena's (arena.c);
 * mapping it MAP_SHARED at two addresses makes both show the same bytes, and
 * mapping it again later keeps the data.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "os.h"

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#endif
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif

#define MH_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)
/* The name every memory file carries; /proc shows it as "/memfd:<name> (deleted)". */
#define MH_MEMFD_NAME "mockhip-vmm"
/* Arena files hold many handles' memory: another name, so import refuses them. */
#define MH_ARENA_NAME "mockhip-arena"

size_t mh__os_page_bytes(void) {
  long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? (size_t)page : 4096;
}

size_t mh__os_memory_bytes(void) {
  long pages = sysconf(_SC_PHYS_PAGES);
  return pages > 0 ? (size_t)pages * mh__os_page_bytes() : 0;
}

static int try_reserve_at(void *hint, size_t bytes, void **out) {
  void *p = mmap(hint, bytes, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED)
    return errno;
  if (p != hint) { /* a kernel without MAP_FIXED_NOREPLACE treats it as a hint */
    munmap(p, bytes);
    return EEXIST;
  }
  *out = p;
  return 0;
}

int mh__os_reserve(size_t bytes, size_t align, void *hint, void **out) {
  size_t page = mh__os_page_bytes();
  if (align < page)
    align = page;
  if (hint != NULL && ((uintptr_t)hint & (align - 1)) == 0 && try_reserve_at(hint, bytes, out) == 0)
    return 0;

  /* Over-reserve by the alignment, then trim both ends. */
  size_t slack = align - page;
  if (bytes > SIZE_MAX - slack)
    return ENOMEM;
  void *p =
      mmap(NULL, bytes + slack, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return errno;
  uintptr_t start = (uintptr_t)p;
  uintptr_t aligned = (start + align - 1) & ~(uintptr_t)(align - 1);
  size_t head = aligned - start;
  size_t tail = slack - head;
  if (head != 0)
    munmap(p, head);
  if (tail != 0)
    munmap((void *)(aligned + bytes), tail);
  *out = (void *)aligned;
  return 0;
}

int mh__os_claim(void *addr, size_t bytes) {
  void *out;
  return try_reserve_at(addr, bytes, &out);
}

int mh__os_release(void *addr, size_t bytes) {
  if (munmap(addr, bytes) != 0)
    return errno;
  mh__os_holes_forget(addr, bytes);
  return 0;
}

int mh__os_map_fixed(void *addr, size_t bytes, const mh_os_memory *memory) {
  int err = mh__os_holes_fill(addr, bytes);
  if (err != 0)
    return err;
  void *p = mmap(addr, bytes, PROT_NONE, MAP_SHARED | MAP_FIXED, memory->fd, (off_t)memory->offset);
  return p == MAP_FAILED ? errno : 0;
}

int mh__os_protect(void *addr, size_t bytes, mh_os_prot prot) {
  int flags = prot == MH_OS_PROT_READWRITE ? PROT_READ | PROT_WRITE
              : prot == MH_OS_PROT_READ    ? PROT_READ
                                           : PROT_NONE;
  return mprotect(addr, bytes, flags) == 0 ? 0 : errno;
}

bool mh__os_is_mapped(void *addr, size_t bytes) {
  /* MS_ASYNC writes nothing back; msync only fails with ENOMEM on a hole. */
  return msync(addr, bytes, MS_ASYNC) == 0 || errno != ENOMEM;
}

bool mh__os_pages_mapped(void *addr, size_t bytes) {
  unsigned char pages[4096];
  size_t page = (size_t)sysconf(_SC_PAGESIZE), chunk = sizeof pages * page;
  for (char *at = addr; bytes > 0;) {
    size_t n = bytes < chunk ? bytes : chunk;
    if (mincore(at, n, pages) != 0)
      return false; /* ENOMEM: a page is not mapped */
    at += n;
    bytes -= n;
  }
  return true;
}

bool mh__os_read_memory(const void *addr, void *out, size_t bytes) {
  /* The kernel copies through a pipe, so an unreadable address is EFAULT, not a fault. */
  int ends[2];
  if (pipe(ends) != 0)
    return false;
  bool ok =
      write(ends[1], addr, bytes) == (ssize_t)bytes && read(ends[0], out, bytes) == (ssize_t)bytes;
  close(ends[0]);
  close(ends[1]);
  return ok;
}

int mh__os_file_read(int fd, size_t offset, void *out, size_t bytes) {
  for (size_t done = 0; done < bytes;) {
    ssize_t n = pread(fd, (char *)out + done, bytes - done, (off_t)(offset + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return n < 0 ? errno : EIO; /* 0: past the end of the file */
    done += (size_t)n;
  }
  return 0;
}

int mh__os_file_write(int fd, size_t offset, const void *in, size_t bytes) {
  for (size_t done = 0; done < bytes;) {
    ssize_t n = pwrite(fd, (const char *)in + done, bytes - done, (off_t)(offset + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return n < 0 ? errno : EIO;
    done += (size_t)n;
  }
  return 0;
}

int mh__os_alloc(size_t bytes, void **out) {
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return errno;
  *out = p;
  return 0;
}

/* A memory file of `bytes` named `name`, with `seals` added (0: none, and
   resizable). The size is checked first: ftruncate past it raises SIGXFSZ. */
static int new_memfd(const char *name, size_t bytes, int seals, int *fd_out) {
  if (bytes > mh__os_file_bytes_max())
    return EFBIG;
  int fd = memfd_create(name, MFD_CLOEXEC | (seals ? MFD_ALLOW_SEALING : 0));
  if (fd < 0)
    return errno;
  if (ftruncate(fd, (off_t)bytes) != 0 || (seals && fcntl(fd, F_ADD_SEALS, seals) != 0)) {
    int err = errno;
    close(fd);
    return err;
  }
  *fd_out = fd;
  return 0;
}

int mh__os_memory_create(size_t bytes, mh_os_memory *out) {
  int fd = -1; /* set whenever new_memfd returns 0; gcc -O3 cannot see that */
  int err = new_memfd(MH_MEMFD_NAME, bytes, MH_SEALS, &fd);
  if (err == 0)
    *out = (mh_os_memory){.fd = fd, .offset = 0, .bytes = bytes, .arena = NULL};
  return err;
}

/*
 * An export is an open file description of its own, opened anew on the
 * handle's memory file and marked O_NONBLOCK, which does nothing to a regular
 * file. The mark travels with the description (through fork, exec and
 * SCM_RIGHTS), so import takes exported descriptors only: a handle's own
 * descriptor, found in /proc/self/fd or inherited by a child, is refused.
 */
#define MH_EXPORT_MARK O_NONBLOCK

/* "/proc/self/fd/<fd>": where the kernel names the file fd is, and where it opens it anew. */
static void fd_path(int fd, char out[32]) { snprintf(out, 32, "/proc/self/fd/%d", fd); }

/* What the kernel calls the file fd names; "" where it cannot tell. */
static void fd_target(int fd, char *out, size_t out_bytes) {
  char link[32];
  fd_path(fd, link);
  ssize_t n = readlink(link, out, out_bytes - 1);
  out[n > 0 ? n : 0] = '\0';
}

void mh__os_fd_describe(int fd, char *path, size_t path_bytes, size_t *bytes) {
  fd_target(fd, path, path_bytes);
  struct stat st;
  *bytes = fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size : 0;
}

/* Whether the kernel's name for fd starts with the memory file name `name`. */
static bool memfd_named(int fd, const char *name) {
  char target[128], prefix[64];
  fd_target(fd, target, sizeof target);
  int len = snprintf(prefix, sizeof prefix, "/memfd:%s ", name);
  return strncmp(target, prefix, (size_t)len) == 0;
}

/* 0 when fd is an export this library gave; else EBADF or EINVAL, with *why. */
static int check_export(int fd, struct stat *st, mh_os_not_export *why) {
  if (fstat(fd, st) != 0)
    return *why = MH_OS_NOT_OPEN, errno == EBADF ? EBADF : EINVAL;
  if (!S_ISREG(st->st_mode))
    return *why = MH_OS_NOT_FILE, EINVAL;
  if (memfd_named(fd, MH_ARENA_NAME))
    return *why = MH_OS_ARENA_FILE, EINVAL;
  int seals = fcntl(fd, F_GET_SEALS);
  if (seals < 0 || (seals & MH_SEALS) != MH_SEALS || !memfd_named(fd, MH_MEMFD_NAME))
    return *why = MH_OS_OTHER_FILE, EINVAL;
  size_t page = mh__os_page_bytes();
  if (st->st_size <= 0 || (size_t)st->st_size % page != 0)
    return *why = MH_OS_EMPTY_FILE, EINVAL;
  /* A copy reopened read-only or write-only could not be mapped read-write. */
  int mode = fcntl(fd, F_GETFL);
  if (mode < 0 || !(mode & MH_EXPORT_MARK))
    return *why = MH_OS_NEVER_EXPORTED, EINVAL;
  if ((mode & O_ACCMODE) != O_RDWR)
    return *why = MH_OS_NOT_READ_WRITE, EINVAL;
  return 0;
}

int mh__os_memory_import(int fd, mh_os_memory *out, mh_os_not_export *why) {
  if (fd < 0)
    return *why = MH_OS_NOT_OPEN, EBADF;
  struct stat st;
  int err = check_export(fd, &st, why);
  if (err != 0)
    return err;
  int copy = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (copy < 0)
    return errno;
  *out = (mh_os_memory){.fd = copy, .offset = 0, .bytes = (size_t)st.st_size, .arena = NULL};
  return 0;
}

int mh__os_memory_export(const mh_os_memory *memory, int *fd_out) {
  if (memory->arena != NULL)
    return EINVAL; /* an arena file holds other handles' memory too */
  char path[32];
  fd_path(memory->fd, path);
  int fd = open(path, O_RDWR | O_CLOEXEC | MH_EXPORT_MARK);
  if (fd < 0)
    return errno;
  *fd_out = fd;
  return 0;
}

int mh__os_file_identity(int fd, uint64_t *dev, uint64_t *ino) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return errno;
  *dev = (uint64_t)st.st_dev;
  *ino = (uint64_t)st.st_ino;
  return 0;
}

void mh__os_memory_close(mh_os_memory *memory) {
  if (memory->fd >= 0)
    close(memory->fd);
  memory->fd = -1;
}

bool mh__os_faults_watched(void) {
  if (RUNNING_ON_VALGRIND)
    return true;
  FILE *status = fopen("/proc/self/status", "re");
  if (status == NULL)
    return false;
  char line[128];
  long tracer = 0;
  while (fgets(line, sizeof line, status) != NULL)
    if (sscanf(line, "TracerPid: %ld", &tracer) == 1)
      break;
  fclose(status);
  return tracer != 0;
}

bool mh__os_faults_resumable(void) {
  if (!RUNNING_ON_VALGRIND)
    return true;
  const char *opts = getenv("VALGRIND_OPTS");
  return opts != NULL && strstr(opts, "--vex-iropt-register-updates=allregs-at-mem-access") != NULL;
}

/*
 * A view reads as memory to anything that reads a process's memory whole, and
 * reading a hole of a memory file allocates a page: valgrind's leak check
 * scans every readable mapping, so none is made under valgrind, and a core
 * dump leaves it out.
 */
int mh__os_view_map(int fd, size_t bytes, void **out) {
  if (RUNNING_ON_VALGRIND)
    return ENOTSUP;
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (p == MAP_FAILED)
    return errno;
  (void)madvise(p, bytes, MADV_DONTDUMP);
  *out = p;
  return 0;
}

void mh__os_view_unmap(void *view, size_t bytes) { munmap(view, bytes); }

/* How many of the pages from addr on (at most `pages`) are in memory, counted until the first
   that is not. */
static size_t resident_pages(const char *addr, size_t pages) {
  unsigned char vec[512];
  size_t page = mh__os_page_bytes(), counted = 0;
  while (counted < pages) {
    size_t n = pages - counted < sizeof vec ? pages - counted : sizeof vec;
    if (mincore((void *)(addr + counted * page), n * page, vec) != 0)
      return counted;
    for (size_t i = 0; i < n; i++, counted++)
      if (!(vec[i] & 1))
        return counted;
  }
  return counted;
}

/* The first byte of data at or after from and before end, or -1. */
static off_t data_at(int fd, size_t from, size_t end) {
  if (from >= end)
    return -1;
  off_t data = lseek(fd, (off_t)from, SEEK_DATA);
  return data >= 0 && (size_t)data < end ? data : -1; /* ENXIO: a hole to the end of the file */
}

bool mh__os_has_data(int fd, size_t from, size_t end) { return data_at(fd, from, end) >= 0; }

bool mh__os_next_data(int fd, const char *view, size_t from, size_t end, size_t *start,
                      size_t *stop) {
  off_t data = data_at(fd, from, end);
  if (data < 0)
    return false;
  size_t page = mh__os_page_bytes(), at = (size_t)data;
  if (view != NULL) {
    /* Pages in memory are data: mincore reads a run of them faster than SEEK_HOLE walks it. */
    size_t run = resident_pages(view + at, (end - at + page - 1) / page) * page;
    if (run > 0) {
      *start = at;
      *stop = at + run < end ? at + run : end;
      return true;
    }
  }
  off_t hole = lseek(fd, data, SEEK_HOLE);
  *start = at;
  *stop = hole < 0 || (size_t)hole > end ? end : (size_t)hole;
  return true;
}

int mh__os_arena_file_create(size_t bytes, int *fd_out) {
  return new_memfd(MH_ARENA_NAME, bytes, 0, fd_out);
}

int mh__os_discard(int fd, size_t offset, size_t bytes) {
  return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset, (off_t)bytes) == 0
             ? 0
             : errno;
}

void mh__os_close(int fd) { close(fd); }

/* ---- limits ---- */

size_t mh__os_open_files_max(void) {
  struct rlimit limit;
  return getrlimit(RLIMIT_NOFILE, &limit) == 0 ? (size_t)limit.rlim_cur : 0;
}

size_t mh__os_file_bytes_max(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY)
    return SIZE_MAX;
  return (size_t)limit.rlim_cur;
}

/* Counts the lines of a /proc file without allocating (the caller may be out of memory). */
static size_t count_lines(const char *path) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  char buf[4096];
  size_t lines = 0;
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;)
    for (ssize_t i = 0; i < n; i++)
      lines += buf[i] == '\n';
  close(fd);
  return lines;
}

void mh__os_map_areas(size_t *used, size_t *max) {
  *used = count_lines("/proc/self/maps");
  *max = 0;
  int fd = open("/proc/sys/vm/max_map_count", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return;
  char text[32];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n > 0) {
    text[n] = '\0';
    *max = (size_t)strtoull(text, NULL, 10);
  }
}
