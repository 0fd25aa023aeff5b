/*
 * fault.c: fault injection. Rules from MOCKHIP_FAIL (or mockhip_fail_set) make
 * chosen calls fail at entry, before they look at their arguments or touch
 * the state, so an injected failure leaves everything as it was.
 *
 *   rules := rule { "," rule }
 *   rule  := api ":" trigger [ "=" error ]
 *   api   := an entry point name (hipMemMap) or "*" for all of them
 *   trigger := N          the Nth matching call fails (counting from 1)
 *            | every=N    every Nth: calls N, 2N, 3N...
 *            | p=P        each call with probability P (0..1), drawn from
 *                         MOCKHIP_SEED and the call's number, so a run replays
 *   error := a hipError_t name or number; default: the call's natural failure
 *
 * Rules are checked in order; the first that fires decides. Each counts its
 * own matching calls from the moment it was installed.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag/diag.h"

#define MAX_RULES 32
#define ALL_APIS (-1)

typedef enum trigger { TRIGGER_NTH, TRIGGER_EVERY, TRIGGER_P } trigger;

typedef struct rule {
  int api; /* mockhip_api, or ALL_APIS */
  trigger trigger;
  unsigned long long n; /* the N of "N" and "every=N" */
  double p;
  hipError_t error;        /* hipSuccess: the call's natural failure */
  unsigned long long seen; /* matching calls so far */
  char text[96];           /* the rule as written, for the reason: the longest name and more */
} rule;

static struct {
  pthread_mutex_t lock;
  rule rules[MAX_RULES];
  size_t count;
  unsigned long long seed;
  atomic_bool active; /* count != 0, read without the lock */
  atomic_ullong injected;
} faults = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The code each call returns when what it needs runs out or is refused. */
static hipError_t natural_failure(int api) {
  switch (api) {
  case MOCKHIP_CALL_hipMalloc:
  case MOCKHIP_CALL_hipMemCreate:
  case MOCKHIP_CALL_hipMemAddressReserve:
  case MOCKHIP_CALL_hipMemMap:
  case MOCKHIP_CALL_hipMemUnmap:
  case MOCKHIP_CALL_hipMemSetAccess:
  case MOCKHIP_CALL_hipStreamCreate: return hipErrorOutOfMemory;
  case MOCKHIP_CALL_hipMemAddressFree: return hipErrorUnknown; /* ROCr refuses: a.3 */
  case MOCKHIP_CALL_hipInit: return hipErrorNotInitialized;
  case MOCKHIP_CALL_hipGetDeviceCount: return hipErrorNoDevice;
  case MOCKHIP_CALL_hipSetDevice:
  case MOCKHIP_CALL_hipDeviceGraphMemTrim: return hipErrorInvalidDevice;
  case MOCKHIP_CALL_hipMemMapArrayAsync: return hipErrorNotSupported;
  case MOCKHIP_CALL_hipDeviceEnablePeerAccess:
  case MOCKHIP_CALL_hipDeviceDisablePeerAccess: return hipErrorInvalidDevice; /* not a peer */
  case MOCKHIP_CALL_hipCtxSetCurrent:
  case MOCKHIP_CALL_hipCtxPushCurrent:
  case MOCKHIP_CALL_hipCtxPopCurrent: return hipErrorInvalidContext;
  case MOCKHIP_CALL_hipCtxSynchronize:
    return hipErrorNotSupported; /* as always in ROCm */
  /* memory beyond VMM */
  case MOCKHIP_CALL_hipExtMallocWithFlags:
  case MOCKHIP_CALL_hipMallocManaged:
  case MOCKHIP_CALL_hipMallocAsync:
  case MOCKHIP_CALL_hipHostMalloc:
  case MOCKHIP_CALL_hipMallocHost:
  case MOCKHIP_CALL_hipHostAlloc:
  case MOCKHIP_CALL_hipMemAllocHost: return hipErrorOutOfMemory;
  case MOCKHIP_CALL_hipMemGetAddressRange:
    return hipErrorNotFound; /* no such memory object */
  /* memory pools: what runs out is memory, and clr's IPC failures say so too */
  case MOCKHIP_CALL_hipMemPoolCreate:
  case MOCKHIP_CALL_hipMallocFromPoolAsync:
  case MOCKHIP_CALL_hipMemPoolImportFromShareableHandle:
  case MOCKHIP_CALL_hipMemPoolExportPointer:
  case MOCKHIP_CALL_hipMemPoolImportPointer: return hipErrorOutOfMemory;
  /* arrays and pitched memory: what runs out is device memory; ROCm on Linux makes no
     mipmapped arrays at all */
  case MOCKHIP_CALL_hipMallocArray:
  case MOCKHIP_CALL_hipArrayCreate:
  case MOCKHIP_CALL_hipArray3DCreate:
  case MOCKHIP_CALL_hipMalloc3DArray:
  case MOCKHIP_CALL_hipMallocPitch:
  case MOCKHIP_CALL_hipMemAllocPitch:
  case MOCKHIP_CALL_hipMalloc3D: return hipErrorOutOfMemory;
  case MOCKHIP_CALL_hipCreateTextureObject:
  case MOCKHIP_CALL_hipTexObjectCreate: return hipErrorOutOfMemory; /* clr: the object's memory */
  case MOCKHIP_CALL_hipMallocMipmappedArray:
  case MOCKHIP_CALL_hipMipmappedArrayCreate: return hipErrorNotSupported;
  case MOCKHIP_CALL_hipLaunchKernel: return hipErrorLaunchFailure;
  case MOCKHIP_CALL_hipModuleLoad:
  case MOCKHIP_CALL_hipModuleLoadData: return hipErrorNotSupported; /* no code objects */
  case MOCKHIP_CALL_hipModuleUnload:
  case MOCKHIP_CALL_hipModuleGetFunction:
  case MOCKHIP_CALL_hipModuleGetGlobal:
  case MOCKHIP_CALL_hipModuleLaunchKernel: return hipErrorInvalidResourceHandle;
  case MOCKHIP_CALL_hipMemGetHandleForAddressRange:
    return hipErrorNotSupported; /* no dma-buf */
  /* streams, events and capture: what runs out is memory; what a query finds is work not done */
  case MOCKHIP_CALL_hipStreamCreateWithFlags:
  case MOCKHIP_CALL_hipStreamCreateWithPriority:
  case MOCKHIP_CALL_hipExtStreamCreateWithCUMask:
  case MOCKHIP_CALL_hipEventCreate:
  case MOCKHIP_CALL_hipEventCreateWithFlags:
  case MOCKHIP_CALL_hipStreamBeginCapture:
  case MOCKHIP_CALL_hipStreamBeginCaptureToGraph:
  case MOCKHIP_CALL_hipStreamEndCapture: return hipErrorOutOfMemory;
  case MOCKHIP_CALL_hipStreamQuery:
  case MOCKHIP_CALL_hipEventQuery:
  case MOCKHIP_CALL_hipEventElapsedTime: return hipErrorNotReady;
  case MOCKHIP_CALL_hipGetProcAddress:
    return hipErrorInvalidValue; /* its one error (clr) */
  /* graphs: making nodes and execs needs memory; a launch that cannot make its nodes' commands
     fails with OutOfMemory (clr GraphExec::Run, "Failed to launch nodes!") */
  case MOCKHIP_CALL_hipGraphCreate:
  case MOCKHIP_CALL_hipGraphAddKernelNode:
  case MOCKHIP_CALL_hipGraphAddMemcpyNode1D:
  case MOCKHIP_CALL_hipGraphAddMemsetNode:
  case MOCKHIP_CALL_hipGraphAddEmptyNode:
  case MOCKHIP_CALL_hipGraphAddMemcpyNode:
  case MOCKHIP_CALL_hipGraphAddHostNode:
  case MOCKHIP_CALL_hipGraphAddEventRecordNode:
  case MOCKHIP_CALL_hipGraphAddEventWaitNode:
  case MOCKHIP_CALL_hipGraphAddChildGraphNode:
  case MOCKHIP_CALL_hipGraphClone:
  case MOCKHIP_CALL_hipUserObjectCreate:
  case MOCKHIP_CALL_hipGraphAddMemcpyNodeToSymbol:
  case MOCKHIP_CALL_hipGraphAddMemcpyNodeFromSymbol:
  case MOCKHIP_CALL_hipGraphAddMemAllocNode:
  case MOCKHIP_CALL_hipGraphAddMemFreeNode:
  case MOCKHIP_CALL_hipGraphInstantiate:
  case MOCKHIP_CALL_hipGraphInstantiateWithFlags:
  case MOCKHIP_CALL_hipGraphInstantiateWithParams:
  case MOCKHIP_CALL_hipDrvGraphAddMemcpyNode:
  case MOCKHIP_CALL_hipDrvGraphAddMemsetNode:
  case MOCKHIP_CALL_hipGraphLaunch: return hipErrorOutOfMemory;
  /* stream memory operations: clr's one failure past the arguments is the command's memory */
  case MOCKHIP_CALL_hipStreamWaitValue32:
  case MOCKHIP_CALL_hipStreamWaitValue64:
  case MOCKHIP_CALL_hipStreamWriteValue32:
  case MOCKHIP_CALL_hipStreamWriteValue64: return hipErrorOutOfMemory;
  case MOCKHIP_CALL_hipIpcOpenMemHandle: return hipErrorInvalidDevicePointer;   /* IpcAttach */
  case MOCKHIP_CALL_hipExtGetLinkTypeAndHopCount: return hipErrorInvalidHandle; /* findLinkInfo */
  default: return hipErrorInvalidValue;
  }
}

/* Whether a rule may name api: the last-error calls report, they cannot fail. */
static bool can_fail(int api) {
  return api != MOCKHIP_CALL_hipGetLastError && api != MOCKHIP_CALL_hipPeekAtLastError;
}

static bool parse_api(const char *text, size_t len, int *out) {
  if (len == 1 && text[0] == '*')
    return *out = ALL_APIS, true;
  for (int api = 0; api < MOCKHIP_API_COUNT; api++) {
    const char *name = mockhip_api_name(api);
    if (strlen(name) == len && strncmp(name, text, len) == 0 && can_fail(api))
      return *out = api, true;
  }
  return false;
}

/* A whole number at *text, at least 1; advances *text. */
static bool parse_count(const char **text, unsigned long long *out) {
  if (!isdigit((unsigned char)**text))
    return false;
  errno = 0;
  char *end;
  *out = strtoull(*text, &end, 10);
  *text = end;
  return errno == 0 && *out != 0;
}

static bool parse_probability(const char **text, double *out) {
  if ((!isdigit((unsigned char)**text) && **text != '.') || strncasecmp(*text, "0x", 2) == 0)
    return false; /* decimal only: no hex floats */
  char *end;
  *out = strtod(*text, &end);
  *text = end;
  return *out >= 0.0 && *out <= 1.0;
}

static bool parse_error(const char *text, size_t len, hipError_t *out) {
  if (len > 0 && isdigit((unsigned char)text[0])) {
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if ((size_t)(end - text) != len || errno == ERANGE || value > INT_MAX)
      return false; /* hipError_t is an int: a bigger number would wrap to another code */
    *out = (hipError_t)value;
  } else if (!mh__error_parse(text, len, out)) {
    return false;
  }
  return *out != hipSuccess;
}

/* Parses one rule in [text, end); on failure *why says what is wrong. */
static bool parse_rule(const char *text, const char *end, rule *out, const char **why) {
  memset(out, 0, sizeof *out);
  snprintf(out->text, sizeof out->text, "%.*s", (int)(end - text), text);
  const char *colon = memchr(text, ':', (size_t)(end - text));
  if (colon == NULL)
    return *why = "expected api:trigger", false;
  if (!parse_api(text, (size_t)(colon - text), &out->api))
    return *why = "not an entry point that can fail (or *)", false;
  const char *p = colon + 1;
  bool ok;
  if (strncmp(p, "every=", 6) == 0) {
    p += 6;
    out->trigger = TRIGGER_EVERY;
    ok = parse_count(&p, &out->n);
  } else if (strncmp(p, "p=", 2) == 0) {
    p += 2;
    out->trigger = TRIGGER_P;
    ok = parse_probability(&p, &out->p);
  } else {
    out->trigger = TRIGGER_NTH;
    ok = parse_count(&p, &out->n);
  }
  if (!ok || p > end)
    return *why = "expected N, every=N (N >= 1) or p=P (0 <= P <= 1)", false;
  if (p == end)
    return true;
  if (*p != '=' || !parse_error(p + 1, (size_t)(end - p - 1), &out->error))
    return *why = "expected =error after the trigger (a hipError_t name or number, not 0)", false;
  return true;
}

/* Parses a whole list into rules[]; returns the count, or -1 with *why and *bad set. */
static int parse_rules(const char *text, rule *rules, const char **why, char *bad, size_t bad_len) {
  if (text == NULL || *text == '\0')
    return 0;
  int count = 0;
  for (;;) {
    const char *end = strchr(text, ',');
    if (end == NULL)
      end = text + strlen(text);
    if (count == MAX_RULES) {
      *why = "more than 32 rules";
      snprintf(bad, bad_len, "%s", text);
      return -1;
    }
    if (!parse_rule(text, end, &rules[count], why)) {
      snprintf(bad, bad_len, "%.*s", (int)(end - text), text);
      return -1;
    }
    count++;
    if (*end == '\0')
      return count;
    text = end + 1; /* a trailing comma leaves an empty rule, which parse_rule refuses */
  }
}

static void install(const rule *rules, int count) {
  pthread_mutex_lock(&faults.lock);
  memcpy(faults.rules, rules, (size_t)count * sizeof *rules);
  faults.count = (size_t)count;
  atomic_store(&faults.active, count != 0);
  pthread_mutex_unlock(&faults.lock);
}

void mh__fault_init(const char *text, unsigned long long seed) {
  faults.seed = seed;
  rule rules[MAX_RULES];
  const char *why;
  char bad[128];
  int count = parse_rules(text, rules, &why, bad, sizeof bad);
  if (count < 0) {
    char shown[MH_SHOWN_BYTES], shown_bad[MH_SHOWN_BYTES];
    mh__option_shown(text, shown);
    mh__option_shown(bad, shown_bad);
    fprintf(stderr, "mockhip: warning: MOCKHIP_FAIL=%s: rule \"%s\": %s; no faults injected\n",
            shown, shown_bad, why);
    count = 0;
  }
  install(rules, count);
}

void mh__fault_forked_child(void) { pthread_mutex_init(&faults.lock, NULL); }

/* splitmix64: a well-mixed 64-bit value from any input. */
static unsigned long long mix(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

static bool fires(const rule *r, size_t index, unsigned long long call) {
  switch (r->trigger) {
  case TRIGGER_NTH: return call == r->n;
  case TRIGGER_EVERY: return call % r->n == 0;
  case TRIGGER_P: {
    unsigned long long draw = mix(faults.seed ^ mix(index) ^ mix(call + (1ULL << 40)));
    return (double)(draw >> 11) * 0x1.0p-53 < r->p;
  }
  }
  return false;
}

hipError_t mh__fault_check(mockhip_api api) {
  if (!atomic_load_explicit(&faults.active, memory_order_acquire) || !can_fail(api))
    return hipSuccess;
  hipError_t err = hipSuccess;
  pthread_mutex_lock(&faults.lock);
  for (size_t i = 0; i < faults.count; i++) {
    rule *r = &faults.rules[i];
    if (r->api != ALL_APIS && r->api != (int)api)
      continue;
    unsigned long long call = ++r->seen; /* counted even when an earlier rule decided */
    if (err == hipSuccess && fires(r, i, call)) {
      err = r->error != hipSuccess ? r->error : natural_failure(api);
      mh__fail(err, "injected by MOCKHIP_FAIL rule \"%s\" (matching call %llu)", r->text, call);
    }
  }
  pthread_mutex_unlock(&faults.lock);
  if (err != hipSuccess)
    atomic_fetch_add(&faults.injected, 1);
  return err;
}

/* ---- mockhip.h ---- */

MH_EXPORT hipError_t mockhip_fail_set(const char *text) {
  mh__state(); /* start-up reads MOCKHIP_FAIL first, so this call wins */
  rule rules[MAX_RULES];
  const char *why;
  char bad[128];
  int count = parse_rules(text, rules, &why, bad, sizeof bad);
  if (count < 0) {
    mh__fail(hipErrorInvalidValue, "rule \"%s\": %s", bad, why);
    return hipErrorInvalidValue;
  }
  install(rules, count);
  return hipSuccess;
}

MH_EXPORT void mockhip_fail_seed(unsigned long long seed) {
  mh__state();
  pthread_mutex_lock(&faults.lock);
  faults.seed = seed;
  pthread_mutex_unlock(&faults.lock);
}

MH_EXPORT unsigned long long mockhip_fail_count(void) { return atomic_load(&faults.injected); }
