/*
 * assert.c: assert() inside a kernel. A kernel is host code here, so its
 * assert() is the C library's, which prints the host's line and aborts the
 * process. A GPU's differs: the failing thread's kernel ends, with the
 * platform's own words and ending (runtime/launch/launch_end.c). So mockhip defines
 * __assert_fail, which <assert.h> calls: on a thread running a kernel it ends
 * the launch with the assertion's text; anywhere else it hands over to the C
 * library's, found past this one, and nothing changes.
 */
#include <dlfcn.h>
#include <stdlib.h>

#include "kernel/kernel.h"

typedef void (*assert_fail_fn)(const char *assertion, const char *file, unsigned line,
                               const char *function);

MH_EXPORT _Noreturn void __assert_fail(const char *assertion, const char *file, unsigned line,
                                       const char *function) {
  mh_participant *me = mh__participant();
  if (me != NULL && me->running && me->launch != NULL) {
    mh_kernel_fault f = {.kind = MH_KFAULT_ASSERT,
                         .block = blockIdx,
                         .thread = threadIdx,
                         .assertion = assertion,
                         .file = file,
                         .line = line,
                         .function = function};
    mh__kernel_fail(me, &f);
  }
  assert_fail_fn next = (assert_fail_fn)(uintptr_t)dlsym(RTLD_NEXT, "__assert_fail");
  if (next != NULL)
    next(assertion, file, line, function);
  abort();
}
