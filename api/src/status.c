/* status.c: hmo_status names and sentences from one list, and the thread's last error. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hmo_base.h"

/*
 * A HIP runtime that can explain its last failing call exports this (mockhip
 * does, see mockhip.h: "hipMemMap: 65532 map areas in use, ..."); the ROCm
 * runtime does not, and the weak reference is then NULL. hmo never asks which
 * HIP it runs on, only whether this function is there. The answer describes
 * the thread's last HIP call, so it must be read before any other HIP call
 * (a rollback's unmap or release that succeeds clears it).
 */
__attribute__((weak, visibility("default"))) const char *mockhip_last_reason(void);

/* Long enough for an operation, a HIP call and error, and a reason of the backend's. */
static _Thread_local char message[1024];
#define CUT_MARK "..."
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

/* Records the failure: fmt's sentence, then ": reason" when there is one. A
   sentence too long for the buffer is cut and ends in "...". */
static int record(int status, hipError_t hip_error, const char *reason, const char *fmt,
                  va_list ap) {
  int length = vsnprintf(message, sizeof message, fmt, ap);
  size_t used = length < 0 ? 0 : (size_t)length;
  if (length < 0)
    message[0] = '\0';
  if (used < sizeof message && reason != NULL && reason[0] != '\0')
    used += (size_t)snprintf(message + used, sizeof message - used, ": %s", reason);
  if (used >= sizeof message)
    memcpy(message + sizeof message - sizeof CUT_MARK, CUT_MARK, sizeof CUT_MARK);
  last.status = status;
  last.hip_error = (int)hip_error;
  last.message = message;
  return status;
}

int hmo__fail(int status, hipError_t hip_error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(status, hip_error, NULL, fmt, ap);
  va_end(ap);
  return status;
}

/* What the backend says of its last failing call, or NULL. */
static const char *backend_reason(void) {
  return mockhip_last_reason != NULL ? mockhip_last_reason() : NULL;
}

int hmo__fail_hip(int status, hipError_t hip_error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  record(status, hip_error, backend_reason(), fmt, ap);
  va_end(ap);
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

/* Records "op: call failed: name (text)" and the backend's reason, which
   names the call again ("hipMemMap: ..."): once is enough. */
static int fail_call(hipError_t err, const char *call, const char *fmt, ...) {
  const char *reason = backend_reason();
  size_t call_len = strlen(call);
  if (reason != NULL && strncmp(reason, call, call_len) == 0 &&
      strncmp(reason + call_len, ": ", 2) == 0)
    reason += call_len + 2;
  va_list ap;
  va_start(ap, fmt);
  int status = record(hmo__status_of(err), err, reason, fmt, ap);
  va_end(ap);
  return status;
}

int hmo__check_hip(hipError_t err, const char *call, const char *op) {
  if (err == hipSuccess)
    return HMO_OK;
  return fail_call(err, call, "%s: %s failed: %s (%s)", op, call, hipGetErrorName(err),
                   hipGetErrorString(err));
}
