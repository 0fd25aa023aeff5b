/*
 * probe.h: CPU reads and writes of memory that may fault, reporting where the
 * first fault happened instead of crashing. The fuzzer checks mockhip's page
 * protection with them: a byte the model says is readable must read, and the
 * first byte it says is not must fault. And whether address space is free.
 */
#ifndef FUZZ_PROBE_H
#define FUZZ_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads bytes from ptr into out, one at a time; returns how many were read
   before the first SIGSEGV/SIGBUS (bytes when none). */
size_t probe_read(const void *ptr, size_t bytes, unsigned char *out);

/* Writes bytes from in to ptr, one at a time; returns how many were written
   before the first SIGSEGV/SIGBUS (bytes when none). */
size_t probe_write(void *ptr, const unsigned char *in, size_t bytes);

/* Whether the process holds nothing in [at, at + bytes): asked of the kernel by reserving
   exactly that range (MAP_FIXED_NOREPLACE) and giving it back at once. */
bool probe_unmapped(uintptr_t at, size_t bytes);

#endif /* FUZZ_PROBE_H */
