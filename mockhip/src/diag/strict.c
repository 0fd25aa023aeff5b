/*
 * strict.c: MOCKHIP_STRICT's misuse reports. Each kind of misuse is reported
 * once per call site, on one stderr line, whatever the call returns: the
 * point is code that ROCm tolerates, or crashes on, and the mock refuses.
 * Also the played release's failures: a call fails as that release fails it,
 * and where it would crash, strict mode says so.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "diag/diag.h"

#define SEEN_SLOTS 1024 /* distinct (kind, site) pairs remembered; more are reported again */

static const char *const kind_names[MH_MISUSE_COUNT] = {
    [MH_MISUSE_PARTIAL_UNMAP] = "partial unmap",
    [MH_MISUSE_UNMAP_UNMAPPED] = "unmap of unmapped memory",
    [MH_MISUSE_PARTIAL_ACCESS] = "set-access over part of a mapping",
    [MH_MISUSE_ACCESS_HOLE] = "set-access over a hole",
    [MH_MISUSE_COPY_SPANS] = "copy spanning two reservations",
    [MH_MISUSE_COPY_UNGRANTED] = "copy through a mapping the device was not granted",
    [MH_MISUSE_FREE_MAPPED] = "freeing a reservation with live mappings",
    [MH_MISUSE_DOUBLE_RELEASE] = "double release",
    [MH_MISUSE_RELEASED_HANDLE] = "use of a released handle",
    [MH_MISUSE_MAP_PAST_END] = "map past a reservation's end",
    [MH_MISUSE_VERSION_CRASH] = "crash on this release",
    [MH_MISUSE_VERSION_BUG] = "bug of this ROCm release",
    [MH_MISUSE_KERNEL_DIVIDE] = "integer division by zero in a kernel",
    [MH_MISUSE_STREAM_RACE] = "unordered stream work",
    [MH_MISUSE_USE_AFTER_FREE_ASYNC] = "stream work unordered with hipFreeAsync",
    [MH_MISUSE_FREED_IN_USE] = "memory given back while stream work may use it",
    [MH_MISUSE_EVENT_UNRECORDED] = "wait on an event never recorded",
    [MH_MISUSE_HOST_UNSYNCED] = "host access before synchronisation",
};

static struct {
  atomic_bool on;
  atomic_ullong reports;
  pthread_mutex_t lock;
  struct {
    const void *site;
    int kind; /* kind + 1; 0 marks a free slot */
  } seen[SEEN_SLOTS];
} strict = {.lock = PTHREAD_MUTEX_INITIALIZER};

void mh__strict_init(bool on) { atomic_store(&strict.on, on); }

void mh__strict_forked_child(void) { pthread_mutex_init(&strict.lock, NULL); }

bool mh__first_at_site(unsigned kind, const void *site) {
  size_t slot = (((uintptr_t)site >> 2) * 31 + (size_t)kind) % SEEN_SLOTS;
  bool first = true;
  pthread_mutex_lock(&strict.lock);
  for (size_t probe = 0; probe < SEEN_SLOTS; probe++, slot = (slot + 1) % SEEN_SLOTS) {
    if (strict.seen[slot].kind == 0) {
      strict.seen[slot].site = site;
      strict.seen[slot].kind = (int)kind + 1;
      break;
    }
    if (strict.seen[slot].site == site && strict.seen[slot].kind == (int)kind + 1) {
      first = false;
      break;
    }
  }
  pthread_mutex_unlock(&strict.lock);
  return first;
}

/* The synchronisation checker's kinds are reported where it is on, strict or not. */
static bool reported(mh_misuse kind) {
  if (atomic_load_explicit(&strict.on, memory_order_relaxed))
    return true;
  return kind >= MH_MISUSE_STREAM_RACE && kind <= MH_MISUSE_HOST_UNSYNCED && mh__sync_check_on();
}

/* The report, and teach mode's note: the event's truth, quoted by both where there is one. */
static void misuse_line(mh_misuse kind, const char *what, const void *site, const mh_truth *truth,
                        const char *fmt, va_list ap) {
  if (!reported(kind) || !mh__first_at_site(kind, site))
    return;
  char text[1024], where[PATH_MAX + 128]; /* where: a module path, an offset, a symbol */
  vsnprintf(text, sizeof text, fmt, ap);
  mh__site_format(site, where, sizeof where);
  char told[sizeof truth->text + 96] = "";
  if (truth != NULL && truth->text[0] != '\0')
    snprintf(told, sizeof told, "; on %s: %s (%s)", mh__profile_title(), truth->text, truth->row);
  char line[sizeof text + sizeof where + sizeof told + 256], prefix[32];
  snprintf(line, sizeof line, "strict: %s: %s at %s: %s%s", kind_names[kind], what, where, text,
           told);
  /* One fprintf per report so reports from several threads do not interleave. */
  fprintf(stderr, "%smockhip: %s\n", mh__line_prefix(prefix), line);
  mh__trace_html_report(MH_HTML_STRICT, line); /* on the call's step of the page */
  atomic_fetch_add(&strict.reports, 1);
  mh__teach_misuse(kind, truth);
  mh__trace_html_reported(); /* outside a call (a host thread's touch): a step of its own */
}

void mh__misuse(mh_misuse kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  misuse_line(kind, mockhip_api_name(mh__call_api()), mh__call_site(), NULL, fmt, ap);
  va_end(ap);
}

void mh__misuse_truth(mh_misuse kind, const mh_truth *truth, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  misuse_line(kind, mockhip_api_name(mh__call_api()), mh__call_site(), truth, fmt, ap);
  va_end(ap);
}

void mh__misuse_at(mh_misuse kind, const char *what, const void *site, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  misuse_line(kind, what, site, NULL, fmt, ap);
  va_end(ap);
}

MH_EXPORT void mockhip_strict(int on) {
  mh_state *s = mh__state(); /* start-up reads MOCKHIP_STRICT first, so this call wins */
  atomic_store(&strict.on, on != 0);
  mh__sync_check_init(on != 0 || s->options.sync_check);
}

MH_EXPORT unsigned long long mockhip_strict_count(void) { return atomic_load(&strict.reports); }

/* ---- the played release's failures ---- */

static hipError_t cell_error(mh_cell cell) {
  switch (cell) {
  case MH_CELL_Success: return hipSuccess;
  case MH_CELL_MemoryAllocation: return hipErrorMemoryAllocation;
  case MH_CELL_InvalidDevice: return hipErrorInvalidDevice;
  case MH_CELL_Unknown: return hipErrorUnknown;
  case MH_CELL_NotSupported: return hipErrorNotSupported;
  case MH_CELL_PeerAccessNotEnabled: return hipErrorPeerAccessNotEnabled;
  case MH_CELL_InvalidContext: return hipErrorInvalidContext;
  case MH_CELL_ContextIsDestroyed: return hipErrorContextIsDestroyed;
  case MH_CELL_StreamCaptureIsolation: return hipErrorStreamCaptureIsolation;
  case MH_CELL_NotFound: return hipErrorNotFound;
  case MH_CELL_InvalidHandle: return hipErrorInvalidHandle;
  default: return hipErrorInvalidValue;
  }
}

static hipError_t crash(hipError_t code, const char *what) {
  mh__misuse(MH_MISUSE_VERSION_CRASH, "%s crashes here: %s", mh__profile_title(), what);
  return mh__fail(code, "%s (%s crashes here)", what, mh__profile_title());
}

hipError_t mh__profile_fail(mh_row row, const char *fmt, ...) {
  char what[512]; /* as long as a reason */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  mh_cell cell = mh__profile_cell(row);
  return cell == MH_CELL_crash ? crash(cell_error(mh__profile_newest_cell(row)), what)
                               : mh__fail(cell_error(cell), "%s", what);
}

hipError_t mh__profile_crash(hipError_t code, const char *fmt, ...) {
  char what[512]; /* as long as a reason */
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  return crash(code, what);
}
