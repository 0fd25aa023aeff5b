/*
 * explain.h: what explain.c (the handler), explain_fault.c (what it says) and
 * explain_history.c share: the record of a reservation freed or a mapping
 * unmapped, kept after the object itself is gone.
 */
#ifndef MH_EXPLAIN_H
#define MH_EXPLAIN_H

#include "diag/diag.h"

typedef struct mh_gone {
  uintptr_t base;
  size_t bytes;
  bool was_reservation;  /* a freed reservation; else an unmapped mapping */
  unsigned long number;  /* the reservation's number (the mapping's reservation) */
  uint64_t handle;       /* mapping: the handle that was mapped */
  const void *made_site; /* the reserve or map call */
  const void *gone_site; /* the free or unmap call */
} mh_gone;

/* How the faulting access used the memory, where the fault says so (x86-64). */
typedef enum mh_direction { MH_DIR_UNKNOWN, MH_DIR_READ, MH_DIR_WRITE } mh_direction;

/* Prints to stderr, in one write, what a fault at addr on mock memory means and how to fix
   it; nothing when addr is not mock memory (explain_fault.c). Called by the handler. */
MH_HIDDEN void mh__explain_fault(mh_state *state, int sig, uintptr_t addr, mh_direction dir);

/* The newest remembered freed reservation (or unmapped mapping) holding addr, or
   NULL. Call under the lock. */
MH_HIDDEN const mh_gone *mh__explain_gone_at(uintptr_t addr, bool reservation);

#endif /* MH_EXPLAIN_H */
