/*
 * explain.h: what explain.c and explain_history.c share: the record of a
 * reservation freed or a mapping unmapped, kept after the object itself is
 * gone.
 */
#ifndef MH_EXPLAIN_H
#define MH_EXPLAIN_H

#include "internal.h"

typedef struct mh_gone {
  uintptr_t base;
  size_t bytes;
  bool was_reservation;  /* a freed reservation; else an unmapped mapping */
  unsigned long number;  /* the reservation's number (the mapping's reservation) */
  uint64_t handle;       /* mapping: the handle that was mapped */
  const void *made_site; /* the reserve or map call */
  const void *gone_site; /* the free or unmap call */
} mh_gone;

/* The newest remembered freed reservation (or unmapped mapping) holding addr, or
   NULL. Call under the lock. */
MH_HIDDEN const mh_gone *mh__explain_gone_at(uintptr_t addr, bool reservation);

#endif /* MH_EXPLAIN_H */
