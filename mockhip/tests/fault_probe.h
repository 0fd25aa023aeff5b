/*
 * fault_probe.h: what mockhip-fault-probe and test_fault.c agree on.
 */
#ifndef FAULT_PROBE_H
#define FAULT_PROBE_H

/* What the probe's hipMalloc output holds before each call: no call returns it. */
#define PROBE_SENTINEL ((void *)0x5e57)

#endif /* FAULT_PROBE_H */
