/* status.c: hmo_status names and sentences from one list, and the thread's last error. */
#include <stdarg.h>
#include <stdio.h>

#include "hmo_internal.h"

static _Thread_local char message[512];
/* message is set on first use: TLS addresses are not constants */
static _Thread_local hmo_error last;

HMO_API const char *hmo_strerror(int status) {
  switch (status) {
#define HMO_STATUS_TEXT(name, value, text)                                                         \
  case value: return text;
    HMO_STATUS_LIST(HMO_STATUS_TEXT)
#undef HMO_STATUS_TEXT
  default: return "unknown status";
  }
}

HMO_API const char *hmo_status_name(int status) {
  switch (status) {
#define HMO_STATUS_NAME(name, value, text)                                                         \
  case value: return #name;
    HMO_STATUS_LIST(HMO_STATUS_NAME)
#undef HMO_STATUS_NAME
  default: return NULL;
  }
}

HMO_API const hmo_error *hmo_error_last(void) {
  if (last.message == NULL)
    last.message = message;
  return &last;
}

int hmo__fail(int status, hipError_t hip_error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  last.status = status;
  last.hip_error = (int)hip_error;
  last.message = message;
  return status;
}

int hmo__status_of(hipError_t err) {
  switch (err) {
  case hipSuccess: return HMO_OK;
  case hipErrorOutOfMemory: return HMO_ENOMEM;
  case hipErrorNoDevice:
  case hipErrorInvalidDevice: return HMO_EDEVICE;
  default: return HMO_EBACKEND;
  }
}

int hmo__check_hip(hipError_t err, const char *call, const char *op) {
  if (err == hipSuccess)
    return HMO_OK;
  return hmo__fail(hmo__status_of(err), err, "%s: %s failed: %s (%s)", op, call,
                   hipGetErrorName(err), hipGetErrorString(err));
}
