/*
 * os.h: the operating-system mechanism under mockhip. Address reservations,
 * memory files, fixed mappings and page protection; nothing here knows HIP.
 * Every function returns 0 or an errno value.
 */
#ifndef MH_OS_H
#define MH_OS_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mh_arena_file;

/* Physical memory: `bytes` of a memory file from `offset` on. Either a sealed
   file of its own (exportable), or an extent of an arena file (arena.c). */
typedef struct mh_os_memory {
  int fd;
  size_t offset;
  size_t bytes;
  struct mh_arena_file *arena; /* the arena file it is carved from; NULL: it owns fd */
} mh_os_memory;

/* Page protection requested for a mapping. */
typedef enum mh_os_prot { MH_OS_PROT_NONE, MH_OS_PROT_READ, MH_OS_PROT_READWRITE } mh_os_prot;

size_t mh__os_page_bytes(void);

/* The machine's memory, in bytes (0 when the system does not say). */
size_t mh__os_memory_bytes(void);

/* Reserves inaccessible, uncommitted address space aligned to `align` (a power
   of two, at least a page); tries `hint` first when it is suitably aligned. */
int mh__os_reserve(size_t bytes, size_t align, void *hint, void **out);

/* Reserves exactly [addr, addr+bytes) (addr page aligned), inaccessible and uncommitted;
   EEXIST where anything of the process lies there already. */
int mh__os_claim(void *addr, size_t bytes);

/* Returns a reserved (or committed) range to the system. */
int mh__os_release(void *addr, size_t bytes);

/* Puts the inaccessible placeholder back over [addr, addr+bytes), whatever is
   mapped there, at the map-area limit too (placeholder.c). ENOMEM, with nothing
   changed, only where the range lies inside one map area, which the kernel
   cannot split with no area to spare. Callers serialise every call that
   places, maps or releases reserved address space. */
int mh__os_placeholder(void *addr, size_t bytes);

/* Before a fixed map into [addr, addr+bytes): puts placeholders into the holes
   that mh__os_placeholder had to leave; EEXIST where another mapping of the
   process took one of them meanwhile (placeholder.c). */
int mh__os_holes_fill(void *addr, size_t bytes);

/* Forgets the holes inside a range given back to the system (placeholder.c). */
void mh__os_holes_forget(void *addr, size_t bytes);

/* Places the first `bytes` of memory at addr, inaccessible for now. On
   failure the placeholder may be gone (kernels before 6.12): see
   mh__os_is_mapped. */
int mh__os_map_fixed(void *addr, size_t bytes, const mh_os_memory *memory);

int mh__os_protect(void *addr, size_t bytes, mh_os_prot prot);

/* Whether every page of [addr, addr+bytes) is mapped (a placeholder counts). */
bool mh__os_is_mapped(void *addr, size_t bytes);

/* The same for the program's own memory (addr page-aligned): asked page by page of mincore,
   which reads none of it (msync's range is memory valgrind checks byte by byte). */
bool mh__os_pages_mapped(void *addr, size_t bytes);

/* Whether filling page tables ahead of touches costs less than the touches' faults on this
   machine (populate.c: measured once). */
bool mh__os_populate_pays(void);

/* Settles the answer: 1 or 0, or -1 to measure it (the default). */
void mh__os_populate_set(int mode);

/* Fills the page tables of the first `bytes` of memory, mapped at addr, for `prot` (nothing
   for none): only where its file holds data, so no hole is allocated. */
void mh__os_populate(void *addr, const mh_os_memory *memory, size_t bytes, mh_os_prot prot);

/* Whether a tool sees every fault of the process: valgrind (which reports a touch of a
   protected page even when a handler takes it) or a debugger or tracer attached now. */
bool mh__os_faults_watched(void);

/* Copies bytes from addr to out; false when addr is not readable memory. */
bool mh__os_read_memory(const void *addr, void *out, size_t bytes);

/* Whether an access that faulted runs again correctly once its handler returns: not under
   valgrind unless VALGRIND_OPTS keeps every register exact at each memory access
   (--vex-iropt-register-updates=allregs-at-mem-access), which mockhip can see there only. */
bool mh__os_faults_resumable(void);

/* Copies bytes between memory and a memory file at offset, whatever the page protection of
   the file's mappings: the kernel writes the pages, not a CPU access through them. */
int mh__os_file_read(int fd, size_t offset, void *out, size_t bytes);
int mh__os_file_write(int fd, size_t offset, const void *in, size_t bytes);

/* Gives a freed block's memory back but keeps its address space, inaccessible, until
   QUARANTINE_COUNT later blocks took its place (quarantine.c): a touch through a dangling
   pointer faults. 0 or an errno. Under mockhip's write lock. */
int mh__os_quarantine(void *addr, size_t bytes);

/* mockhip's own read-write pages beside a running kernel, remembered so that no view
   protects them (own.c); extra_flags adds to MAP_PRIVATE | MAP_ANONYMOUS (MAP_STACK,
   MAP_NORESERVE). ENOMEM too when the table of them is full. */
int mh__os_own_map(size_t bytes, int extra_flags, void **out);
void mh__os_own_unmap(void *addr, size_t bytes);

/* An array in such pages, twice as large (16 items at first), its first `used` items kept. */
int mh__os_own_grow(void **items, size_t *capacity, size_t used, size_t item_bytes);

/* Whether addr lies in pages mh__os_own_map gave. */
bool mh__os_own_holds(uintptr_t addr);

/* The data object of the program or a loaded library that holds addr, from the object's ELF
   symbol table (object_symbols.c): where it starts, its size, its name (kept for the process's
   life; name may be NULL). ENOENT where no such object holds addr (the stack, the heap, code);
   ENODATA where none does but the object holding addr was stripped of its full table, so
   only its exported objects are known. */
int mh__os_object_symbol(uintptr_t addr, uintptr_t *start, size_t *bytes, const char **name);

/* Ordinary read-write anonymous memory (hipMalloc). */
int mh__os_alloc(size_t bytes, void **out);

/* Creates zero-filled physical memory of `bytes` in a sealed file of its own. */
int mh__os_memory_create(size_t bytes, mh_os_memory *out);

/* What a descriptor offered for import is, when it is not an export. */
typedef enum mh_os_not_export {
  MH_OS_NOT_OPEN,       /* no open descriptor (EBADF) */
  MH_OS_NOT_FILE,       /* a pipe, socket, device, directory or another kind of file */
  MH_OS_OTHER_FILE,     /* a file, or a memory file, that this library did not make */
  MH_OS_EMPTY_FILE,     /* a file of 0 bytes, or of a size no page multiple */
  MH_OS_ARENA_FILE,     /* an arena file, holding many handles' memory */
  MH_OS_NEVER_EXPORTED, /* a handle's own memory file, not a descriptor an export gave */
  MH_OS_NOT_READ_WRITE  /* an export reopened read-only or write-only */
} mh_os_not_export;

/* Adopts a copy of fd if it is a descriptor mh__os_memory_export gave (in this
   process or another); else EINVAL or EBADF with *why set. */
int mh__os_memory_import(int fd, mh_os_memory *out, mh_os_not_export *why);

/* A new close-on-exec descriptor for the memory, owned by the caller: an open
   file description of its own, marked as an export. */
int mh__os_memory_export(const mh_os_memory *memory, int *fd_out);

/* What the kernel calls the file fd names ("/tmp/a.bin", "pipe:[1234]",
   "/memfd:name (deleted)"), and its size; "" and 0 where it cannot tell. */
void mh__os_fd_describe(int fd, char *path, size_t path_bytes, size_t *bytes);

void mh__os_memory_close(mh_os_memory *memory);

/* The device and inode of the file fd names: the same for every descriptor of one memory
   file, in this process or another. */
int mh__os_file_identity(int fd, uint64_t *dev, uint64_t *ino);

/* ---- share.c: memory another process opens by name ---- */

/* Turns [addr, addr+bytes) (page-aligned, read-write, private) into a new memory file of its
   own mapped there, shared, the bytes kept; *out is the file. EFAULT where a page of it may not
   be read. */
int mh__os_share_in_place(void *addr, size_t bytes, mh_os_memory *out);

/* Opens the memory file descriptor fd of live process pid holds, if it is the file (dev, ino)
   still; ENOENT, ESRCH or EACCES where it cannot be reached, ESTALE where fd is another file. */
int mh__os_share_open(int pid, int fd, uint64_t dev, uint64_t ino, mh_os_memory *out);

/* Maps the whole of an opened memory file read-write and shared, where the system likes. */
int mh__os_share_map(const mh_os_memory *memory, void **out);

/* Maps the first `bytes` of a memory file read-write and shared, reserving
   nothing: an arena file's view (arena.c). */
int mh__os_view_map(int fd, size_t bytes, void **out);
void mh__os_view_unmap(void *view, size_t bytes);

/* Whether any page in [from, end) of a memory file holds data. */
bool mh__os_has_data(int fd, size_t from, size_t end);

/* The first run of pages that hold data (were ever written and not discarded)
   in [from, end) of a memory file: true with [*start, *stop), false when the
   rest is a hole. `view`, when not NULL, is the file mapped from offset 0
   (covering `end`), which finds a run's end without a walk of the file. */
bool mh__os_next_data(int fd, const char *view, size_t from, size_t end, size_t *start,
                      size_t *stop);

/* A sparse, resizable memory file of `bytes` for the arena; costs no memory
   until written. */
int mh__os_arena_file_create(size_t bytes, int *fd_out);

/* Gives [offset, offset+bytes) of a file back to the system: it reads zero
   afterwards. */
int mh__os_discard(int fd, size_t offset, size_t bytes);

void mh__os_close(int fd);

/* ---- the kernel's limits, for messages ---- */

/* The soft RLIMIT_NOFILE: how many descriptors this process may hold. */
size_t mh__os_open_files_max(void);

/* The largest file this process may write (RLIMIT_FSIZE); SIZE_MAX if none. */
size_t mh__os_file_bytes_max(void);

/* vm.max_map_count and how many map areas this process holds now (0 where
   unknown). */
void mh__os_map_areas(size_t *used, size_t *max);

/* ---- signal_watch.c: the calls that set a signal's handler, watched ---- */

typedef void (*mh_os_signal_handler)(int sig, siginfo_t *info, void *context);

/* Watch the signals whose bits are set (bit n: signal n): a handler set for one of them,
   other than `handler`, is noted. */
void mh__os_signal_watch(uint64_t signals, mh_os_signal_handler handler);
/* Whether such a handler was set since the last ask (true at the first ask). */
bool mh__os_signal_watch_changed(void);
/* Whether a program's calls to set a handler reach the watch at all: where they do not
   (a sanitizer's interceptors, a static link, mockhip loaded late), every answer above must
   be taken as "maybe". */
bool mh__os_signal_watch_holds(void);

/* ---- page guards over host memory pending device work uses (guard.c) ---- */

/* NULL where guards can be placed, else why not (valgrind that cannot run a faulting access
   again, or no /proc/self/mem for the device's traffic to pass them). */
const char *mh__guard_unusable(void);

/* Guards [lo, hi) for operation id: its pages become inaccessible to the host (writes) or
   read-only. False where no guard could be placed. */
bool mh__guard_add(uint64_t id, uintptr_t lo, uintptr_t hi, bool writes);

/* Drops operation id's guards, giving their pages what the others still ask. */
void mh__guard_remove(uint64_t id);

/* Drops the guards meeting [lo, hi), memory given back: its pages are left alone. */
void mh__guard_forget(uintptr_t lo, uintptr_t hi);

/* Whether any guard is placed, or any page opened: one load, so that a copy pays nothing more
   where the checker guards nothing. */
extern _Atomic bool mh__guards_any;
static inline bool mh__guards_placed(void) {
  return atomic_load_explicit(&mh__guards_any, memory_order_acquire);
}

/* Whether [addr, addr + bytes) lies on a guarded page: one atomic load when none is. */
bool mh__guards_meet(uintptr_t addr, size_t bytes);

/* The guards over addr's page, at most `most` of them, into out; how many. */
typedef struct mh_os_guard_hit {
  uint64_t id;
  uintptr_t lo, hi;
  bool writes;
} mh_os_guard_hit;
size_t mh__guard_at(uintptr_t addr, mh_os_guard_hit *out, size_t most);

/* Opens addr's page for a kernel or host function that touched it; mh__guard_reclose
   guards every opened page again, when it is done. */
void mh__guard_open(uintptr_t addr);
void mh__guard_reclose(void);

/* Whether the calling thread moves a copy's or a set's bytes now: a guard another thread
   places on a page meanwhile is the device's to pass, and the page opens until it ends
   (mh__guard_traffic_end). */
extern _Thread_local bool mh__guard_moving;
static inline void mh__guard_traffic_begin(void) { mh__guard_moving = true; }
static inline void mh__guard_traffic_end(void) {
  mh__guard_moving = false;
  if (mh__guards_placed())
    mh__guard_reclose();
}

/* The device's traffic over guarded pages, whatever their protection: a copy (memmove's
   promise on overlap), and bytes written. 0 or an errno value. */
int mh__guard_move(void *dst, const void *src, size_t bytes);
int mh__guard_write(void *dst, const void *pattern, size_t bytes);

/* In a forked child: every guard goes (the child owes the parent's work nothing). */
void mh__guard_forked_child(void);

#endif /* MH_OS_H */
