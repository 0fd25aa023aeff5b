/*
 * site.c: call sites printed for a person. A site is a return address; it is
 * shown as module+offset, which `addr2line -e module offset` turns into a
 * file and line, plus the nearest exported symbol when there is one.
 */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <unistd.h>

#include "diag/diag.h"

static char exe_path[PATH_MAX];
static pthread_once_t exe_once = PTHREAD_ONCE_INIT;

static void read_exe_path(void) {
  ssize_t length = readlink("/proc/self/exe", exe_path, sizeof exe_path - 1);
  exe_path[length > 0 ? length : 0] = '\0';
}

/* The file the module holding site was loaded from. glibc names the main
   program by argv[0], which need not be a path (a program found on PATH, or
   started with another argv[0]); /proc/self/exe is the file addr2line needs. */
static const char *module_file(const void *site, Dl_info *info) {
  struct link_map *map = NULL;
  if (dladdr1(site, info, (void **)&map, RTLD_DL_LINKMAP) == 0 || info->dli_fname == NULL)
    return NULL;
  if (map != NULL && map->l_name[0] == '\0') {
    pthread_once(&exe_once, read_exe_path);
    if (exe_path[0] != '\0')
      return exe_path;
  }
  return info->dli_fname;
}

void mh__site_format(const void *site, char *out, size_t out_bytes) {
  Dl_info info;
  const char *module = site != NULL ? module_file(site, &info) : NULL;
  if (module == NULL) {
    snprintf(out, out_bytes, "%p", site);
    return;
  }
  unsigned long offset = (unsigned long)((const char *)site - (const char *)info.dli_fbase);
  if (info.dli_sname != NULL)
    snprintf(out, out_bytes, "%s+%#lx (%s+%#lx)", module, offset, info.dli_sname,
             (unsigned long)((const char *)site - (const char *)info.dli_saddr));
  else
    snprintf(out, out_bytes, "%s+%#lx", module, offset);
}
