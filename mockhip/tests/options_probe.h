/*
 * options_probe.h: what mockhip-options-probe promises test_options.c.
 */
#ifndef OPTIONS_PROBE_H
#define OPTIONS_PROBE_H

/* HIP calls the probe makes with stderr untouched (so each traces one line);
   the last of them fails on purpose. */
#define PROBE_TRACED_CALLS 5

#endif /* OPTIONS_PROBE_H */
