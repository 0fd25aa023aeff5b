/*
 * process.h: what the top room's files share: init.c (hipInit, the calling
 * thread's current device, synchronisation), context.c (contexts and
 * hipDeviceReset, which resets every room below) and proc_address.c (every
 * entry point by name).
 */
#ifndef MH_RUNTIME_PROCESS_H
#define MH_RUNTIME_PROCESS_H

#include "diag/diag.h"

/* ---- contexts (context.c) ---- */

/* Marks device's primary context active, as hipSetDevice does in ROCm (context.c). */
MH_HIDDEN void mh__primary_context_activate(mh_state *state, int device);

/* Which context the calling thread works in: its current device, told apart from a context
   hipCtxCreate pushed on the device (the top of the thread's stack) by that call's number. */
MH_HIDDEN uint64_t mh__context_token(void);

#endif /* MH_RUNTIME_PROCESS_H */
