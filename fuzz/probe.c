/*
 * probe.c: faulting CPU accesses turned into a count, and free address space
 * (see probe.h).
 *
 * A SIGSEGV/SIGBUS handler is installed around each probe only, then the
 * previous one (libFuzzer's or the sanitizer's) is put back; the handler jumps
 * back to the probe with siglongjmp. The loops are byte by byte and volatile,
 * so the count is exact, and not instrumented, so no sanitizer check runs on
 * memory it cannot see.
 */
#include "probe.h"

#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>

static sigjmp_buf probe_jump;

static void on_fault(int signal_number) {
  (void)signal_number;
  siglongjmp(probe_jump, 1);
}

typedef struct saved_handlers {
  struct sigaction segv, bus;
} saved_handlers;

static void install(saved_handlers *saved) {
  struct sigaction fault = {0};
  fault.sa_handler = on_fault;
  sigemptyset(&fault.sa_mask);
  if (sigaction(SIGSEGV, &fault, &saved->segv) != 0 || sigaction(SIGBUS, &fault, &saved->bus) != 0)
    abort();
}

static void restore(const saved_handlers *saved) {
  if (sigaction(SIGSEGV, &saved->segv, NULL) != 0 || sigaction(SIGBUS, &saved->bus, NULL) != 0)
    abort();
}

__attribute__((no_sanitize("address", "undefined"))) size_t
probe_read(const void *ptr, size_t bytes, unsigned char *out) {
  const volatile unsigned char *from = ptr;
  volatile size_t done = 0;
  saved_handlers saved;
  install(&saved);
  if (sigsetjmp(probe_jump, 1) == 0)
    for (; done < bytes; done++)
      out[done] = from[done];
  restore(&saved);
  return done;
}

__attribute__((no_sanitize("address", "undefined"))) size_t
probe_write(void *ptr, const unsigned char *in, size_t bytes) {
  volatile unsigned char *to = ptr;
  volatile size_t done = 0;
  saved_handlers saved;
  install(&saved);
  if (sigsetjmp(probe_jump, 1) == 0)
    for (; done < bytes; done++)
      to[done] = in[done];
  restore(&saved);
  return done;
}

bool probe_unmapped(uintptr_t at, size_t bytes) {
  void *p = mmap((void *)at, bytes, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (p == MAP_FAILED)
    return false;
  munmap(p, bytes);
  return (uintptr_t)p == at; /* a kernel without MAP_FIXED_NOREPLACE takes it as a hint */
}
