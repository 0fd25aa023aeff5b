/*
 * site.c: call sites printed for a person. A site is a return address; it is
 * shown as module+offset, which `addr2line -e module offset` turns into a
 * file and line, plus the nearest exported symbol when there is one.
 */
#include <dlfcn.h>
#include <stdio.h>

#include "internal.h"

void mh__site_format(const void *site, char *out, size_t out_bytes) {
  Dl_info info;
  if (site == NULL || dladdr(site, &info) == 0 || info.dli_fname == NULL) {
    snprintf(out, out_bytes, "%p", site);
    return;
  }
  unsigned long offset = (unsigned long)((const char *)site - (const char *)info.dli_fbase);
  if (info.dli_sname != NULL)
    snprintf(out, out_bytes, "%s+%#lx (%s+%#lx)", info.dli_fname, offset, info.dli_sname,
             (unsigned long)((const char *)site - (const char *)info.dli_saddr));
  else
    snprintf(out, out_bytes, "%s+%#lx", info.dli_fname, offset);
}
