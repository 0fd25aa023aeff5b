/*
 * driver.c: loading the CUDA driver and calling it.
 *
 * The driver is opened once, by the first call that needs it (pthread_once,
 * so threads that start at once load it once): libcuda.so.1, or the file
 * HIPVMM_LIBCUDA names (the tests point it at a fake driver). Every function
 * of driver_calls.h is looked up by the symbol that driver ABI exports, then
 * cuInit(0) runs. Nothing is ever unloaded: HIP objects live until exit.
 *
 * Each hipnv__<name> caller answers in CUresult's terms: HIPNV_NO_DRIVER when
 * nothing could be loaded, cuInit's failure when it failed, HIPNV_NO_SYMBOL
 * when this driver lacks the function; otherwise what the driver answered.
 * Each failure leaves its reason pending for hipnv__result.
 */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hip_nvidia.h"
#include "hip_nvidia_base.h"

typedef struct driver_table {
#define HIPNV_SLOT(name, symbol, params, args) CUresult(*name) params;
  HIPNV_DRIVER_CALLS(HIPNV_SLOT)
#undef HIPNV_SLOT
} driver_table;

/* Written once by load(), read-only afterwards. */
static struct {
  void *handle;       /* NULL when dlopen failed */
  char path[4096];    /* the file the dynamic loader opened */
  char failure[1024]; /* why dlopen failed */
  CUresult init;      /* cuInit(0)'s answer */
  driver_table table;
} driver;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  const char *from_env = getenv("HIPVMM_LIBCUDA");
  const char *file = from_env != NULL && from_env[0] != '\0' ? from_env : "libcuda.so.1";
  driver.handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (driver.handle == NULL) {
    const char *why = dlerror();
    if (file == from_env)
      snprintf(driver.failure, sizeof driver.failure, "dlopen(\"%s\") (HIPVMM_LIBCUDA): %s", file,
               why ? why : "no reason given");
    else
      snprintf(driver.failure, sizeof driver.failure,
               "dlopen(\"%s\"): %s; set HIPVMM_LIBCUDA to the driver's path", file,
               why ? why : "no reason given");
    return;
  }
  struct link_map *map = NULL;
  const char *opened = file;
  if (dlinfo(driver.handle, RTLD_DI_LINKMAP, &map) == 0 && map != NULL && map->l_name != NULL &&
      map->l_name[0] != '\0')
    opened = map->l_name;
  snprintf(driver.path, sizeof driver.path, "%s", opened);

  /* A symbol the driver lacks stays NULL: its caller answers HIPNV_NO_SYMBOL. */
#define HIPNV_RESOLVE(name, symbol, params, args)                                                  \
  {                                                                                                \
    void *found = dlsym(driver.handle, #symbol);                                                   \
    memcpy(&driver.table.name, &found, sizeof found);                                              \
  }
  HIPNV_DRIVER_CALLS(HIPNV_RESOLVE)
#undef HIPNV_RESOLVE
  driver.init = driver.table.cuInit != NULL ? driver.table.cuInit(0) : HIPNV_NO_SYMBOL;
}

static CUresult missing(const char *symbol) {
  hipnv__pending_reason("%s exports no %s: this driver is older than the call", driver.path,
                        symbol);
  return HIPNV_NO_SYMBOL;
}

/* A failure leaves which symbol answered what; not-ready is an answer. */
static CUresult answered(const char *symbol, CUresult result) {
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_NOT_READY) {
    const char *name = hipnv__result_name(result);
    hipnv__pending_reason("%s returned %s (%d)", symbol, name ? name : "an unknown CUresult",
                          (int)result);
  }
  return result;
}

CUresult hipnv__driver_ready(void) {
  pthread_once(&load_once, load);
  if (driver.handle == NULL) {
    hipnv__pending_reason("%s", driver.failure);
    return HIPNV_NO_DRIVER;
  }
  if (driver.init == HIPNV_NO_SYMBOL)
    return missing("cuInit");
  if (driver.init != CUDA_SUCCESS) {
    const char *name = hipnv__result_name(driver.init);
    hipnv__pending_reason("cuInit(0) returned %s (%d)", name ? name : "an unknown CUresult",
                          (int)driver.init);
  }
  return driver.init;
}

#define HIPNV_CALLER(name, symbol, params, args)                                                   \
  CUresult hipnv__##name params {                                                                  \
    CUresult ready = hipnv__driver_ready();                                                        \
    if (ready != CUDA_SUCCESS)                                                                     \
      return ready;                                                                                \
    if (driver.table.name == NULL)                                                                 \
      return missing(#symbol);                                                                     \
    return answered(#symbol, driver.table.name args);                                              \
  }
HIPNV_DRIVER_CALLS(HIPNV_CALLER)
#undef HIPNV_CALLER

CUresult hipnv__driver_version(int *version) {
  pthread_once(&load_once, load);
  if (driver.handle == NULL) {
    hipnv__pending_reason("%s", driver.failure);
    return HIPNV_NO_DRIVER;
  }
  if (driver.table.cuDriverGetVersion == NULL)
    return missing("cuDriverGetVersion");
  return answered("cuDriverGetVersion", driver.table.cuDriverGetVersion(version));
}

/* ---- hip_nvidia.h ---- */

const char *hip_nvidia_driver_path(void) {
  pthread_once(&load_once, load);
  return driver.handle != NULL ? driver.path : NULL;
}

void *hip_nvidia_driver_symbol(const char *name) {
  pthread_once(&load_once, load);
  if (driver.handle == NULL || name == NULL)
    return NULL;
  return dlsym(driver.handle, name);
}

int hip_nvidia_driver_version(void) {
  int version = 0;
  return hipnv__driver_version(&version) == CUDA_SUCCESS ? version : 0;
}
