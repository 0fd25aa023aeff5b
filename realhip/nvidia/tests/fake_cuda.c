/*
 * fake_cuda.c: the fake driver's state: scripted results, out-values,
 * attributes and the call log, behind one mutex (fake_cuda.h). The entry
 * points themselves are in fake_cuda_calls.c.
 */
#include "fake_cuda_state.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const symbols[] = {
#define FAKE_SYMBOL_NAME(name, symbol, params, args) #symbol,
    HIPNV_DRIVER_CALLS(FAKE_SYMBOL_NAME)
#undef FAKE_SYMBOL_NAME
};

#define SYMBOL_COUNT (sizeof symbols / sizeof symbols[0])

static const unsigned long long defaults[FAKE_VALUE_COUNT] = {
#define FAKE_DEFAULT(name, value) [FAKE_##name] = (value),
    FAKE_CUDA_VALUES(FAKE_DEFAULT)
#undef FAKE_DEFAULT
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
  CUresult next[SYMBOL_COUNT];
  CUresult always[SYMBOL_COUNT];
  unsigned long long values[FAKE_VALUE_COUNT];
  int attributes[FAKE_CUDA_MAX_DEVICES][FAKE_CUDA_MAX_ATTRIBUTE];
  char name[256];
  char pci_bus_id[32];
  char uuid[16];
  CUmemAllocationProp prop;
  CUDA_KERNEL_NODE_PARAMS kernel_params;
  char **log;
  size_t log_count, log_capacity;
  char *text; /* fake_cuda_log_text's */
  int ready;
} fake;

/* Each thread's current context and the stack under it. */
static _Thread_local CUcontext stack[16];
static _Thread_local size_t depth;

static void set_defaults(void) {
  memset(fake.next, 0, sizeof fake.next);
  memset(fake.always, 0, sizeof fake.always);
  memcpy(fake.values, defaults, sizeof fake.values);
  memset(fake.attributes, 0, sizeof fake.attributes);
  for (int d = 0; d < FAKE_CUDA_MAX_DEVICES; d++) {
    fake.attributes[d][CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED] = 1;
    fake.attributes[d][CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR] = 9;
    fake.attributes[d][CU_DEVICE_ATTRIBUTE_WARP_SIZE] = 32;
    fake.attributes[d][CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING] = 1;
  }
  snprintf(fake.name, sizeof fake.name, "Fake NVIDIA GPU");
  snprintf(fake.pci_bus_id, sizeof fake.pci_bus_id, "0000:01:00.0");
  for (int i = 0; i < 16; i++)
    fake.uuid[i] = (char)(0xa0 + i);
  memset(&fake.prop, 0, sizeof fake.prop);
  fake.prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  fake.prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  memset(&fake.kernel_params, 0, sizeof fake.kernel_params);
}

static void clear_log(void) {
  for (size_t i = 0; i < fake.log_count; i++)
    free(fake.log[i]);
  free(fake.log);
  free(fake.text);
  fake.log = NULL;
  fake.text = NULL;
  fake.log_count = fake.log_capacity = 0;
}

/* Called with the lock held. */
static void ensure_ready(void) {
  if (!fake.ready) {
    set_defaults();
    fake.ready = 1;
  }
}

static int symbol_index(const char *symbol) {
  for (size_t i = 0; i < SYMBOL_COUNT; i++)
    if (strcmp(symbols[i], symbol) == 0)
      return (int)i;
  fprintf(stderr, "fake_cuda: no symbol %s\n", symbol);
  abort();
}

/* ---- control ---- */

void fake_cuda_reset(void) {
  pthread_mutex_lock(&lock);
  set_defaults();
  fake.ready = 1;
  clear_log();
  pthread_mutex_unlock(&lock);
  depth = 0;
}

void fake_cuda_fail_next(const char *symbol, CUresult result) {
  int index = symbol_index(symbol);
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.next[index] = result;
  pthread_mutex_unlock(&lock);
}

void fake_cuda_fail_always(const char *symbol, CUresult result) {
  int index = symbol_index(symbol);
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.always[index] = result;
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set(fake_cuda_value which, unsigned long long value) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.values[which] = value;
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_attribute(int device, int attribute, int value) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.attributes[device][attribute] = value;
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_name(const char *name) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  snprintf(fake.name, sizeof fake.name, "%s", name);
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_pci_bus_id(const char *pci_bus_id) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  snprintf(fake.pci_bus_id, sizeof fake.pci_bus_id, "%s", pci_bus_id);
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_uuid(const char bytes[16]) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  memcpy(fake.uuid, bytes, sizeof fake.uuid);
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_allocation_prop(const CUmemAllocationProp *prop) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.prop = *prop;
  pthread_mutex_unlock(&lock);
}

void fake_cuda_set_kernel_params(const CUDA_KERNEL_NODE_PARAMS *params) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  fake.kernel_params = *params;
  pthread_mutex_unlock(&lock);
}

/* ---- the log ---- */

size_t fake_cuda_log_count(const char *symbol) {
  size_t count = 0, length = symbol ? strlen(symbol) : 0;
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < fake.log_count; i++)
    if (symbol == NULL || (strncmp(fake.log[i], symbol, length) == 0 && fake.log[i][length] == '('))
      count++;
  pthread_mutex_unlock(&lock);
  return count;
}

const char *fake_cuda_log_last(const char *symbol) {
  const char *found = "";
  size_t length = symbol ? strlen(symbol) : 0;
  pthread_mutex_lock(&lock);
  for (size_t i = fake.log_count; i-- > 0;)
    if (symbol == NULL ||
        (strncmp(fake.log[i], symbol, length) == 0 && fake.log[i][length] == '(')) {
      found = fake.log[i];
      break;
    }
  pthread_mutex_unlock(&lock);
  return found;
}

const char *fake_cuda_log_text(void) {
  pthread_mutex_lock(&lock);
  size_t bytes = 1;
  for (size_t i = 0; i < fake.log_count; i++)
    bytes += strlen(fake.log[i]) + 1;
  free(fake.text);
  fake.text = malloc(bytes);
  if (fake.text != NULL) {
    char *at = fake.text;
    for (size_t i = 0; i < fake.log_count; i++)
      at += sprintf(at, "%s\n", fake.log[i]);
    *at = '\0';
  }
  pthread_mutex_unlock(&lock);
  return fake.text ? fake.text : "";
}

void fake_cuda_log_clear(void) {
  pthread_mutex_lock(&lock);
  clear_log();
  pthread_mutex_unlock(&lock);
}

/* ---- for the entry points ---- */

CUresult fake__called(const char *symbol, const char *format, ...) {
  int index = symbol_index(symbol);
  char arguments[2048];
  va_list args;
  va_start(args, format);
  vsnprintf(arguments, sizeof arguments, format, args);
  va_end(args);
  size_t bytes = strlen(symbol) + strlen(arguments) + 3;
  char *line = malloc(bytes);
  if (line == NULL)
    abort();
  snprintf(line, bytes, "%s(%s)", symbol, arguments);

  pthread_mutex_lock(&lock);
  ensure_ready();
  if (fake.log_count == fake.log_capacity) {
    size_t capacity = fake.log_capacity ? 2 * fake.log_capacity : 64;
    char **grown = realloc(fake.log, capacity * sizeof *grown);
    if (grown == NULL)
      abort();
    fake.log = grown;
    fake.log_capacity = capacity;
  }
  fake.log[fake.log_count++] = line;
  CUresult result = fake.always[index];
  if (fake.next[index] != CUDA_SUCCESS) {
    result = fake.next[index];
    fake.next[index] = CUDA_SUCCESS;
  }
  pthread_mutex_unlock(&lock);
  return result;
}

unsigned long long fake__value(fake_cuda_value which) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  unsigned long long value = fake.values[which];
  pthread_mutex_unlock(&lock);
  return value;
}

int fake__attribute(int device, int attribute) {
  if (device < 0 || device >= FAKE_CUDA_MAX_DEVICES || attribute < 0 ||
      attribute >= FAKE_CUDA_MAX_ATTRIBUTE)
    return 0;
  pthread_mutex_lock(&lock);
  ensure_ready();
  int value = fake.attributes[device][attribute];
  pthread_mutex_unlock(&lock);
  return value;
}

void fake__copy_text(fake_text which, char *out, size_t size) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  const char *text = which == FAKE_TEXT_NAME ? fake.name : fake.pci_bus_id;
  snprintf(out, size, "%s", text);
  pthread_mutex_unlock(&lock);
}

void fake__uuid(char bytes[16]) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  memcpy(bytes, fake.uuid, 16);
  pthread_mutex_unlock(&lock);
}

CUmemAllocationProp fake__allocation_prop(void) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  CUmemAllocationProp prop = fake.prop;
  pthread_mutex_unlock(&lock);
  return prop;
}

CUDA_KERNEL_NODE_PARAMS fake__kernel_params(void) {
  pthread_mutex_lock(&lock);
  ensure_ready();
  CUDA_KERNEL_NODE_PARAMS params = fake.kernel_params;
  pthread_mutex_unlock(&lock);
  return params;
}

CUcontext fake__current(void) { return depth > 0 ? stack[depth - 1] : NULL; }

void fake__set_current(CUcontext ctx) {
  if (depth == 0) {
    if (ctx != NULL)
      stack[depth++] = ctx;
  } else if (ctx == NULL) {
    depth--;
  } else {
    stack[depth - 1] = ctx;
  }
}

int fake__push(CUcontext ctx) {
  if (depth == sizeof stack / sizeof stack[0])
    return 0;
  stack[depth++] = ctx;
  return 1;
}

CUcontext fake__pop(void) { return depth > 0 ? stack[--depth] : NULL; }

const char *fake__out(const void *pointer) { return pointer != NULL ? "&" : "NULL"; }
