/*
 * os.h: the operating-system mechanism under mockhip. Address reservations,
 * memory files, fixed mappings and page protection; nothing here knows HIP.
 * Every function returns 0 or an errno value.
 */
#ifndef MH_OS_H
#define MH_OS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Physical memory: an anonymous memory file, sealed against resizing. */
typedef struct mh_os_memory {
  int fd;
  size_t bytes;
} mh_os_memory;

/* Page protection requested for a mapping. */
typedef enum mh_os_prot { MH_OS_PROT_NONE, MH_OS_PROT_READ, MH_OS_PROT_READWRITE } mh_os_prot;

size_t mh__os_page_bytes(void);

/* Reserves inaccessible, uncommitted address space aligned to `align` (a power
   of two, at least a page); tries `hint` first when it is suitably aligned. */
int mh__os_reserve(size_t bytes, size_t align, void *hint, void **out);

/* Returns a reserved (or committed) range to the system. */
int mh__os_release(void *addr, size_t bytes);

/* Puts the inaccessible placeholder back over [addr, addr+bytes). */
int mh__os_placeholder(void *addr, size_t bytes);

/* Places the first `bytes` of memory at addr, inaccessible for now. */
int mh__os_map_fixed(void *addr, size_t bytes, const mh_os_memory *memory);

int mh__os_protect(void *addr, size_t bytes, mh_os_prot prot);

/* Ordinary read-write anonymous memory (hipMalloc). */
int mh__os_alloc(size_t bytes, void **out);

/* Creates zero-filled physical memory of `bytes`. */
int mh__os_memory_create(size_t bytes, mh_os_memory *out);

/* Adopts a copy of fd if it is memory made by mh__os_memory_create. */
int mh__os_memory_import(int fd, mh_os_memory *out);

/* A new close-on-exec descriptor for the memory, owned by the caller. */
int mh__os_memory_export(const mh_os_memory *memory, int *fd_out);

void mh__os_memory_close(mh_os_memory *memory);

#endif /* MH_OS_H */
