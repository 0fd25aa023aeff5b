/*
 * explain.h: what explain.c (the handler), explain_fault.c (what it says),
 * explain_kernel.c (a kernel's faults) and explain_history.c share: the record
 * of a reservation freed or a mapping unmapped, kept after the object itself is
 * gone, and what lies at an address.
 */
#ifndef MH_EXPLAIN_H
#define MH_EXPLAIN_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>

#include "diag/diag.h"

typedef enum mh_gone_kind { /* bits, so that a look-up can ask for several */
                            MH_GONE_RESERVATION = 1, /* freed by hipMemAddressFree */
                            MH_GONE_MAPPING = 2,     /* unmapped by hipMemUnmap */
                            MH_GONE_BLOCK = 4,       /* a hipMalloc-family block freed (hipFree,
                                                        hipDeviceReset, ...) */
} mh_gone_kind;

typedef struct mh_gone {
  uintptr_t base;
  size_t bytes;
  mh_gone_kind kind;
  unsigned long number;         /* reservation#N (the mapping's reservation), or the block's N */
  uint64_t handle;              /* mapping: the handle that was mapped */
  mockhip_api made_by;          /* block: the call that allocated it */
  mockhip_api gone_by;          /* block: the call that freed it */
  unsigned long long gone_call; /* block: gone_by's call #N, counted per entry point */
  const void *made_site;        /* the reserve, map or allocating call */
  const void *gone_site;        /* the free or unmap call */
  /* mapping: the access each location had when it was unmapped (the devices, then the host
     at index MH_HOST_SLOT), which the unmap dropped */
  unsigned char access[MH_MAX_DEVICES + 1];
} mh_gone;

/* Text built up piece by piece in a fixed buffer, cut short when full: no malloc, so an
   explanation can be written on a dying path. */
typedef struct mh_text {
  char *buf;
  size_t capacity, len;
} mh_text;

static inline void mh__text_vadd(mh_text *t, const char *fmt, va_list ap) {
  if (t->len >= t->capacity - 1)
    return;
  int n = vsnprintf(t->buf + t->len, t->capacity - t->len, fmt, ap);
  if (n > 0)
    t->len += (size_t)n < t->capacity - t->len ? (size_t)n : t->capacity - 1 - t->len;
}

static inline void mh__text_add(mh_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline void mh__text_add(mh_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mh__text_vadd(t, fmt, ap);
  va_end(ap);
}

/* How the faulting access used the memory, where the fault says so (x86-64). */
typedef enum mh_direction { MH_DIR_UNKNOWN, MH_DIR_READ, MH_DIR_WRITE } mh_direction;

/* "a write", "a read", or "a read or write" where the fault does not say. */
static inline const char *mh__direction_name(mh_direction dir) {
  return dir == MH_DIR_WRITE ? "a write" : dir == MH_DIR_READ ? "a read" : "a read or write";
}

/* What ended a kernel early. */
typedef enum mh_kernel_fault_kind {
  MH_KFAULT_MEMORY,    /* a touch its device may not make */
  MH_KFAULT_BARRIER,   /* a __syncthreads that thread 0 of its block never reached */
  MH_KFAULT_PAGEABLE,  /* a pointer argument into ordinary (pageable) host memory, touched */
  MH_KFAULT_NO_MEMORY, /* no memory for the fibers of a block with a barrier */
  MH_KFAULT_ASSERT,    /* a device-side assert() that failed */
  MH_KFAULT_TRAP,      /* abort(), __builtin_trap() or another trapping instruction */
  MH_KFAULT_HANG,      /* ran past MOCKHIP_KERNEL_TIMEOUT */
} mh_kernel_fault_kind;

#define MH_HANG_BLOCKS_SHOWN 8

typedef struct mh_kernel_fault {
  mh_kernel_fault_kind kind;
  uintptr_t addr; /* memory: the address touched; trap: the trapping instruction */
  mh_direction dir;
  size_t bytes; /* memory: the access's size, where the fault's record says it; else 0 */
  dim3 block, thread;
  int signal;                                /* trap: SIGABRT, SIGILL, SIGTRAP or SIGFPE */
  const char *assertion, *file, *function;   /* assert: its text, as the compiler gave it */
  unsigned line;                             /* assert */
  unsigned seconds;                          /* hang: the timeout */
  unsigned running;                          /* hang: how many blocks were still running */
  dim3 running_blocks[MH_HANG_BLOCKS_SHOWN]; /* hang: the first of them */
} mh_kernel_fault;

/*
 * Says what a kernel's fault broke: one sentence into summary (the reason every
 * later call on the device gives), and with MOCKHIP_EXPLAIN the whole story on
 * stderr: the kernel, block and thread, the address as reservation#N+offset,
 * the rule, how the platform played ends it (`ending`, a clause) and the fix
 * (explain_kernel.c). Under the lock.
 */
MH_HIDDEN void mh__explain_kernel(mh_state *state, const char *kernel, int device,
                                  const mh_kernel_fault *fault, const char *ending, char *summary,
                                  size_t bytes);

/* How the faulting access used the memory, from a SIGSEGV handler's context (explain.c). */
MH_HIDDEN mh_direction mh__fault_direction(const void *context);

/* Calls the handler prev was (a sanitizer's, the program's) with the same arguments; without
   one, puts the default action back so that returning re-runs the access and dies of it. */
MH_HIDDEN void mh__signal_chain(const struct sigaction *prev, int sig, siginfo_t *info,
                                void *context);

/* What a fault at addr on mock memory means and how to fix it: with MOCKHIP_EXPLAIN printed
   to stderr in one write, without it one line that names the option; nothing when addr is
   not mock memory. Then the MOCKHIP_TRACE_HTML page gets the fault as its last step, with
   pc (the faulting instruction, or NULL) as its site, and is closed (explain_fault.c). Called
   by the handler. */
MH_HIDDEN void mh__explain_fault(mh_state *state, int sig, uintptr_t addr, mh_direction dir,
                                 const void *pc);

/* The faulting instruction's address from a SIGSEGV handler's context, or NULL where the
   context does not say (explain.c). */
MH_HIDDEN const void *mh__fault_pc(const void *context);

/* The mapping of reservation r that ends at or before addr, when addr lies less than a
   granule (and the mapping's size) past its end: an overrun, an index or size off by a
   little; else NULL. For the CPU's faults and the kernels' alike (explain_fault.c). Call
   under the lock. */
MH_HIDDEN const mh_mapping *mh__explain_overrun_of(mh_state *state, const mh_region *r,
                                                   uintptr_t addr);

/* The newest remembered freed reservation, unmapped mapping or freed block holding addr whose
   kind is one of `kinds` (mh_gone_kind bits), or NULL. Call under the lock. */
MH_HIDDEN const mh_gone *mh__explain_gone_at(uintptr_t addr, unsigned kinds);

/* Mapping m, at addr, lets location `slot` (a device, the host slot, or -1: any) less than
   `need`: when an earlier mapping there, since unmapped, granted it that, the unmap dropped
   the grant (b.5). Writes the "when:" line's text into t (the unmap's site and the grant,
   this mapping's site) and returns true; else false. Call under the lock
   (explain_history.c). */
MH_HIDDEN bool mh__explain_dropped_grant(mh_text *t, mh_state *state, const mh_mapping *m,
                                         uintptr_t addr, int slot, unsigned need);

/* What the access past a mapping's end was, for an overrun's "what:" line: "a write of 4 bytes
   reached reservation#1+0x1000, the first byte past the end of the mapping at reservation#1+0x0
   (4096 bytes, handle#1)"; bytes 0: its size is unknown and goes unsaid (explain_fault.c). */
MH_HIDDEN void mh__explain_overrun_what(mh_text *t, mh_state *state, const mh_mapping *m,
                                        uintptr_t addr, mh_direction dir, size_t bytes);

/* How many bytes the instruction at pc reads or writes in memory, decoded from its encoding
   (x86-64: the moves and the arithmetic a compiler emits for one element, SSE and AVX moves);
   0 where it is not one of them, or pc is NULL (explain_access.c). Reads the code at pc. */
MH_HIDDEN size_t mh__access_bytes(const void *pc);

#endif /* MH_EXPLAIN_H */
