/*
 * trace_html.c: MOCKHIP_TRACE_HTML, one self-contained HTML page that steps
 * through the calls that change the address space, each with its call text,
 * its result and the picture (svg.c) of the state after it.
 *
 * The page is written as the program runs: its head and script at the first
 * step, each step appended with one write() and closed at exit, so a program
 * that crashes still leaves a page that loads. A fault the process dies of is
 * its last step, written and the page closed by mockhip's signal handler
 * (explain.c) with write(2) alone. A step is built in memory and
 * written through a raw descriptor, never a stdio buffer, so a forked child
 * has nothing of the parent's page to flush; the child writes its own page,
 * <path>.<pid>.html, from its first step on, and so does a program whose page
 * a live process holds (a parent that exec'd it: the page is locked).
 *
 * Everything the terminal says of a call is on its step, in the terminal's
 * order: a strict line, a teach note, a kernel's fault (mh__trace_html_report)
 * waits for the call's step, which it makes a step; those made outside any
 * call (a host thread's touch, a kernel on a stream's thread) are a step of
 * their own (mh__trace_html_reported).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/uio.h>
#include <unistd.h>

#include "diag/diag.h"
#include "trace_html_page.h"

/* A page past this many steps would be too big to open: later calls go unrecorded. */
#define MAX_STEPS 1000

/* The page's lock: steps of several threads never interleave. Never taken
   before the state's lock (describe_step drops that first); a report made
   outside any call may take it under the state's lock. */
static pthread_mutex_t page_lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
  int fd;              /* the open page, or -1 */
  bool off;            /* given up (warned) or full: no more steps */
  bool child;          /* a fork, or <path> is another's: its page is <path>.<pid>.html */
  bool exit_hook;      /* page_close is registered with atexit */
  unsigned long steps; /* written so far */
  char *picture;       /* the last step's picture, for a fault's step: it changes nothing */
  size_t picture_bytes;
} page = {-1, false, false, false, 0, NULL, 0};

/* The reports of the calling thread's current call, as the HTML of its step. A fixed buffer:
   a report from a signal handler allocates nothing. */
static _Thread_local struct {
  char html[8192];
  size_t bytes;
  bool warns; /* a report says the call's success is no all-clear */
  bool cut;   /* a report did not fit */
} pending;

/* The calls that change what the picture shows, and the launches; a call that fails, or
   that leaves a report, is a step too (mh__trace_html_step). */
static bool is_step(mockhip_api api) {
  switch (api) {
  case MOCKHIP_CALL_hipMemAddressReserve:
  case MOCKHIP_CALL_hipMemAddressFree:
  case MOCKHIP_CALL_hipMemCreate:
  case MOCKHIP_CALL_hipMemRelease:
  case MOCKHIP_CALL_hipMemMap:
  case MOCKHIP_CALL_hipMemUnmap:
  case MOCKHIP_CALL_hipMemSetAccess:
  case MOCKHIP_CALL_hipMemRetainAllocationHandle:
  case MOCKHIP_CALL_hipMemExportToShareableHandle:
  case MOCKHIP_CALL_hipMemImportFromShareableHandle:
  case MOCKHIP_CALL_hipMemMapArrayAsync:
  case MOCKHIP_CALL_hipMalloc:
  case MOCKHIP_CALL_hipExtMallocWithFlags:
  case MOCKHIP_CALL_hipMallocManaged:
  case MOCKHIP_CALL_hipMallocAsync:
  case MOCKHIP_CALL_hipHostMalloc:
  case MOCKHIP_CALL_hipFree:
  case MOCKHIP_CALL_hipFreeAsync:
  case MOCKHIP_CALL_hipHostFree:
  case MOCKHIP_CALL_hipFreeHost:
  case MOCKHIP_CALL_hipDeviceEnablePeerAccess:
  case MOCKHIP_CALL_hipDeviceDisablePeerAccess:
  case MOCKHIP_CALL_hipDeviceReset:
  case MOCKHIP_CALL_hipLaunchKernel:
  case MOCKHIP_CALL_hipModuleLaunchKernel:
  case MOCKHIP_CALL_hipGraphLaunch: return true;
  default: return false;
  }
}

static int write_all(int fd, const char *text, size_t bytes) {
  while (bytes > 0) {
    ssize_t n = write(fd, text, bytes);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return -1;
    text += n;
    bytes -= (size_t)n;
  }
  return 0;
}

/* The pieces in order, in one writev where the file takes them whole: 0, or the errno. */
static int writev_all(int fd, struct iovec *pieces, size_t count) {
  while (count > 0) {
    ssize_t n = writev(fd, pieces, (int)count);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return n < 0 ? errno : EIO;
    for (; count > 0 && (size_t)n >= pieces->iov_len; pieces++, count--)
      n -= (ssize_t)pieces->iov_len;
    if (count > 0) { /* a short write: the rest of this piece, then the others */
      pieces->iov_base = (char *)pieces->iov_base + n;
      pieces->iov_len -= (size_t)n;
    }
  }
  return 0;
}

/* Once per process: the page cannot be written, so there is none. */
static void give_up(const char *path, int err) {
  char shown[MH_SHOWN_BYTES];
  mh__option_shown(path, shown);
  fprintf(stderr, "mockhip: warning: MOCKHIP_TRACE_HTML=%s: cannot write the page: %s; no page\n",
          shown, strerror(err));
  if (page.fd >= 0)
    close(page.fd);
  page.fd = -1;
  page.off = true;
}

static void page_close(void) {
  pthread_mutex_lock(&page_lock);
  if (page.fd >= 0) {
    (void)write_all(page.fd, MH_PAGE_END, strlen(MH_PAGE_END));
    close(page.fd);
    page.fd = -1;
  }
  page.off = true;
  free(page.picture);
  page.picture = NULL;
  pthread_mutex_unlock(&page_lock);
}

/* The child starts a page of its own; the parent's descriptor is closed
   unwritten. The lock may have been held by a thread the child does not have. */
static void forked_child(void) {
  pthread_mutex_init(&page_lock, NULL);
  if (page.fd >= 0)
    close(page.fd);
  page.fd = -1;
  page.off = false;
  page.child = true;
  page.steps = 0;
  free(page.picture); /* the parent's */
  page.picture = NULL;
  page.picture_bytes = 0;
}

__attribute__((constructor)) static void register_fork_handler(void) {
  pthread_atfork(NULL, NULL, forked_child);
}

/* text as HTML, through a buffer on the stack: no allocation, so a dying process may call it.
   0, or the errno of a failed write. */
static int put_escaped(int fd, const char *text, size_t bytes) {
  char buf[1024];
  size_t used = 0;
  for (size_t i = 0; i < bytes; i++) {
    if (used > sizeof buf - 8) {
      if (write_all(fd, buf, used) != 0)
        return errno;
      used = 0;
    }
    char spare[2];
    const char *piece = mh__xml_escaped(text[i], spare);
    size_t n = strlen(piece);
    memcpy(buf + used, piece, n);
    used += n;
  }
  return used > 0 && write_all(fd, buf, used) != 0 ? errno : 0;
}

static int put(int fd, const char *text) {
  return write_all(fd, text, strlen(text)) != 0 ? errno : 0;
}

/* How much of line is "mockhip: explain: ", which the page leaves out. */
static size_t explain_prefix(const char *line, size_t bytes) {
  static const char prefix[] = "mockhip: explain: ";
  return bytes >= sizeof prefix - 1 && memcmp(line, prefix, sizeof prefix - 1) == 0
             ? sizeof prefix - 1
             : 0;
}

/* ---- the reports of the current call ---- */

static void pending_clear(void) {
  pending.bytes = 0;
  pending.warns = pending.cut = false;
}

/* Appends text, as HTML where escape says so; false when it does not fit. */
static bool pending_add(const char *text, size_t bytes, bool escape) {
  for (size_t i = 0; i < bytes; i++) {
    char spare[2] = {text[i], '\0'};
    const char *piece = escape ? mh__xml_escaped(text[i], spare) : spare;
    size_t n = strlen(piece);
    if (pending.bytes + n >= sizeof pending.html)
      return false;
    memcpy(pending.html + pending.bytes, piece, n);
    pending.bytes += n;
  }
  return true;
}

static const char cut_note[] =
    "<p class=\"note\">More reports than a step keeps: the terminal has them all.</p>\n";

/* The pending reports into a step's text. */
static void put_pending(FILE *out) {
  fwrite(pending.html, 1, pending.bytes, out);
  if (pending.cut)
    fputs(cut_note, out);
}

static void report_step(const char *path);

void mh__trace_html_report(mh_html_report kind, const char *text) {
  static const struct {
    const char *open, *close;
    bool warns;
  } look[] = {
      [MH_HTML_STRICT] = {"<p class=\"strict\">", "</p>\n", true},
      [MH_HTML_TEACH] = {"<p class=\"teach\">", "</p>\n", false},
      [MH_HTML_TEACH_WARNS] = {"<p class=\"teach\">", "</p>\n", true},
      [MH_HTML_KERNEL] = {"<pre class=\"explain\">", "</pre>\n", true},
  };
  const char *path = mh__state()->options.trace_html;
  if (path == NULL || path[0] == '\0')
    return;
  size_t start = pending.bytes, bytes = strlen(text);
  while (bytes > 0 && text[bytes - 1] == '\n')
    bytes--;
  bool fits = pending_add(look[kind].open, strlen(look[kind].open), false);
  for (const char *line = text; fits && line < text + bytes;) {
    const char *end = memchr(line, '\n', (size_t)(text + bytes - line));
    end = end != NULL ? end + 1 : text + bytes;
    size_t skip = explain_prefix(line, (size_t)(end - line));
    fits = pending_add(line + skip, (size_t)(end - line) - skip, true);
    line = end;
  }
  if (!fits || !pending_add(look[kind].close, strlen(look[kind].close), false)) {
    pending.bytes = start; /* whole reports only */
    pending.cut = true;
  }
  pending.warns |= look[kind].warns;
}

void mh__trace_html_reported(void) {
  const char *path = mh__state()->options.trace_html;
  if (path != NULL && path[0] != '\0' && !mh__in_call() && (pending.bytes > 0 || pending.cut))
    report_step(path);
}

/* Creates the page and writes its head; false (warned, unless quiet) when it cannot. With
   write(2) alone: a dying process opens its page here too. */
static bool page_open(const char *path, bool quiet) {
  char child_path[4096];
  const char *target = path;
  if (page.child) {
    snprintf(child_path, sizeof child_path, "%s.%ld.html", path, (long)getpid());
    target = child_path;
  }
  page.fd = open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  /* The page a live process holds (this program's parent, which exec'd it with the same
     MOCKHIP_TRACE_HTML) is not ours to truncate: this process takes a page of its own. */
  if (page.fd >= 0 && !page.child && flock(page.fd, LOCK_EX | LOCK_NB) != 0 &&
      errno == EWOULDBLOCK) {
    close(page.fd);
    page.child = true;
    return page_open(path, quiet);
  }
  if (page.fd < 0) {
    if (!quiet)
      give_up(target, errno);
    return false;
  }
  (void)!ftruncate(page.fd, 0); /* a device (/dev/full) has no length to cut */
  char who[160];
  snprintf(who, sizeof who, "mockhip trace of %s (pid %ld)", program_invocation_short_name,
           (long)getpid());
  int failed = put(page.fd, MH_PAGE_START);
  failed = failed ? failed : put_escaped(page.fd, who, strlen(who));
  failed = failed ? failed : put(page.fd, MH_PAGE_HEAD);
  failed = failed ? failed : put_escaped(page.fd, who, strlen(who));
  failed = failed ? failed : put(page.fd, MH_PAGE_NAV);
  if (failed != 0) {
    if (!quiet)
      give_up(target, failed);
    return false;
  }
  if (!page.exit_hook)
    page.exit_hook = atexit(page_close) == 0;
  return true;
}

/* The call's text: the trace's decoded arguments already name addresses as reservation#N+offset. */
static void put_call(FILE *out, mockhip_api api, const char *args) {
  mh__xml_escape(out, mockhip_api_name(api));
  fputc('(', out);
  mh__xml_escape(out, args);
  fputs(")", out);
}

/* The call, its result and the call's reports into call, the picture into picture. Under
   the state's lock, never with the page's held: the two locks are never nested here, so no
   order of taking them, nor a fork between, can deadlock. */
static int describe_step(mh_state *s, mockhip_api api, hipError_t err, const char *args,
                         const char *reason, FILE *call, FILE *picture) {
  mh__lock_read();
  fputs("<pre class=\"call\">", call);
  put_call(call, api, args);
  fputs("</pre>\n", call);
  if (err == hipSuccess && pending.warns) { /* a success a report says is no all-clear */
    fputs("<p class=\"result warned\">= hipSuccess, but not all is well: see below</p>\n", call);
  } else if (err == hipSuccess) {
    fputs("<p class=\"result ok\">= hipSuccess</p>\n", call);
  } else {
    fprintf(call, "<p class=\"result failed\">= %s</p>\n<p class=\"reason\">", mh__error_name(err));
    mh__xml_escape(call, reason);
    fputs("</p>\n", call);
  }
  put_pending(call); /* strict lines, teach notes, a kernel's fault: where the call is */
  if (err != hipSuccess)
    fputs("<p class=\"unchanged\">A failed call changes nothing: the picture is the one "
          "before it.</p>\n",
          call);
  int result = mh__svg_write(picture, s);
  mh__unlock();
  return result;
}

/* Step number page.steps + 1 around the call and the picture, in one write. */
static int write_step(mockhip_api api, hipError_t err, const char *call, const char *picture) {
  char *text = NULL;
  size_t bytes = 0;
  FILE *out = open_memstream(&text, &bytes);
  if (out == NULL)
    return ENOMEM;
  unsigned long n = page.steps + 1;
  const char *name = mockhip_api_name(api);
  fprintf(out,
          "<!-- step %lu -->\n<section class=\"step\" id=\"step-%lu\" data-api=\"%s\" "
          "data-result=\"%s\">\n<h2>Step %lu: %s</h2>\n%s<div class=\"picture\" "
          "id=\"picture-%lu\">\n%s</div>\n</section>\n",
          n, n, name, mh__error_name(err), n, name, call, n, picture);
  int failed = fclose(out) != 0 ? ENOMEM : write_all(page.fd, text, bytes) != 0 ? errno : 0;
  free(text);
  return failed;
}

/* After a step's write, under the page's lock: gives the page up if it failed, else counts
   the step and ends the page when it is full. */
static void step_written(const char *path, int failed) {
  if (failed != 0) {
    give_up(path, failed);
  } else if (++page.steps == MAX_STEPS) {
    char note[128];
    int note_bytes = snprintf(note, sizeof note,
                              "<p class=\"note\">The page ends here: it holds the first %d "
                              "steps, and the program went on.</p>\n",
                              MAX_STEPS);
    (void)write_all(page.fd, note, (size_t)note_bytes);
    fprintf(stderr,
            "mockhip: warning: MOCKHIP_TRACE_HTML: the page is full at %d steps; "
            "later calls are not on it\n",
            MAX_STEPS);
    page.off = true; /* the descriptor stays open for the end of the page */
  }
}

static bool page_wanted(void) {
  pthread_mutex_lock(&page_lock);
  bool wanted = !page.off;
  pthread_mutex_unlock(&page_lock);
  return wanted;
}

void mh__trace_html_step(mockhip_api api, hipError_t err, const char *args, const char *reason) {
  mh_state *s = mh__state();
  const char *path = s->options.trace_html;
  /* hipErrorNotReady is an answer, work still running, not a failure: a polling loop would
     fill the page. */
  bool failed_call = err != hipSuccess && err != hipErrorNotReady;
  bool reported = pending.bytes > 0 || pending.cut;
  if (path == NULL || path[0] == '\0' || !(is_step(api) || failed_call || reported) ||
      !page_wanted()) {
    pending_clear();
    return;
  }
  int saved_errno = errno; /* the program's errno is none of the page's business */
  char *call = NULL, *picture = NULL;
  size_t call_bytes = 0, picture_bytes = 0;
  FILE *call_out = open_memstream(&call, &call_bytes);
  FILE *picture_out = open_memstream(&picture, &picture_bytes);
  int failed = call_out == NULL || picture_out == NULL ? ENOMEM : 0;
  if (failed == 0 && describe_step(s, api, err, args, reason, call_out, picture_out) != 0)
    failed = errno;
  pending_clear();
  if (call_out != NULL && fclose(call_out) != 0 && failed == 0)
    failed = ENOMEM;
  if (picture_out != NULL && fclose(picture_out) != 0 && failed == 0)
    failed = ENOMEM;
  pthread_mutex_lock(&page_lock);
  if (!page.off && (page.fd >= 0 || page_open(path, false))) {
    if (failed == 0)
      failed = write_step(api, err, call, picture);
    if (failed == 0) { /* kept for a fault's step, which has no picture of its own */
      free(page.picture);
      page.picture = picture;
      page.picture_bytes = picture_bytes;
      picture = NULL;
    }
    step_written(path, failed);
  }
  pthread_mutex_unlock(&page_lock);
  free(call);
  free(picture);
  errno = saved_errno;
}

/* The reports made outside any call, as a step of their own with the last step's picture:
   no fresh one, for the state's lock may be held (a stream's thread runs a kernel under it).
   From a signal handler too (a host thread's touch): nothing allocated, the step in one
   writev. */
static void report_step(const char *path) {
  int saved_errno = errno;
  pthread_mutex_lock(&page_lock);
  if (!page.off && (page.fd >= 0 || page_open(path, false))) {
    unsigned long n = page.steps + 1;
    char head[512], middle[256];
    int head_bytes = snprintf(
        head, sizeof head,
        "<!-- step %lu -->\n<section class=\"step report\" id=\"step-%lu\" data-api=\"report\" "
        "data-result=\"report\">\n<h2>Step %lu: a report between calls</h2>\n<p class=\"result "
        "warned\">Reported outside any call: at the host's touch of memory, or on a stream's "
        "own thread</p>\n",
        n, n, n);
    int middle_bytes = snprintf(middle, sizeof middle,
                                "<p class=\"unchanged\">A report changes nothing: the picture is "
                                "the one after step %lu.</p>\n<div class=\"picture\" "
                                "id=\"picture-%lu\">\n",
                                n - 1, n);
    bool picture = page.picture != NULL;
    struct iovec pieces[] = {
        {head, (size_t)head_bytes},
        {pending.html, pending.bytes},
        {(void *)cut_note, pending.cut ? sizeof cut_note - 1 : 0},
        {middle, picture ? (size_t)middle_bytes : 0},
        {page.picture, picture ? page.picture_bytes : 0},
        {(void *)"</div>\n", picture ? 7 : 0},
        {(void *)"</section>\n", 11},
    };
    step_written(path, writev_all(page.fd, pieces, sizeof pieces / sizeof pieces[0]));
  }
  pending_clear();
  pthread_mutex_unlock(&page_lock);
  errno = saved_errno;
}

void mh__trace_html_fault(const char *signal_name, const char *what, const char *where,
                          const char *explanation, size_t bytes) {
  const char *path = mh__state()->options.trace_html;
  if (path == NULL || path[0] == '\0' || pthread_mutex_trylock(&page_lock) != 0)
    return; /* no page, or a step is being written: this thread may be the one writing it */
  if (!page.off && (page.fd >= 0 || page_open(path, true))) {
    char head[512];
    unsigned long n = page.steps + 1;
    snprintf(head, sizeof head,
             "<!-- step %lu -->\n<section class=\"step fault\" id=\"step-%lu\" data-api=\"%s\" "
             "data-result=\"%s\">\n<h2>Step %lu: %s, the process dies</h2>\n<pre class=\"call\">",
             n, n, signal_name, signal_name, n, signal_name);
    int failed = put(page.fd, head);
    failed = failed ? failed : put_escaped(page.fd, signal_name, strlen(signal_name));
    failed = failed ? failed : put(page.fd, ": ");
    failed = failed ? failed : put_escaped(page.fd, what, strlen(what));
    if (where[0] != '\0') {
      failed = failed ? failed : put(page.fd, "\nat ");
      failed = failed ? failed : put_escaped(page.fd, where, strlen(where));
    }
    failed = failed ? failed
                    : put(page.fd, "</pre>\n<p class=\"result failed\">= the process "
                                   "dies of the signal</p>\n");
    /* what the call had said before it (a kernel's fault: the platform's lines) */
    failed = failed ? failed : (write_all(page.fd, pending.html, pending.bytes) ? errno : 0);
    if (explanation != NULL && bytes > 0) {
      failed = failed ? failed : put(page.fd, "<pre class=\"explain\">");
      for (const char *line = explanation; failed == 0 && line < explanation + bytes;) {
        const char *end = memchr(line, '\n', (size_t)(explanation + bytes - line));
        end = end != NULL ? end + 1 : explanation + bytes;
        line += explain_prefix(line, (size_t)(end - line));
        failed = put_escaped(page.fd, line, (size_t)(end - line));
        line = end;
      }
      failed = failed ? failed : put(page.fd, "</pre>\n");
    } else if (explanation != NULL) {
      failed = failed ? failed
                      : put(page.fd, "<p class=\"reason\">Not memory mockhip manages: the "
                                     "program's own pointer went wrong.</p>\n");
    }
    if (page.picture != NULL) {
      snprintf(head, sizeof head,
               "<p class=\"unchanged\">A fault changes nothing: the picture is the one after "
               "step %lu.</p>\n<div class=\"picture\" id=\"picture-%lu\">\n",
               n - 1, n);
      failed = failed ? failed : put(page.fd, head);
      failed = failed ? failed : (write_all(page.fd, page.picture, page.picture_bytes) ? errno : 0);
      failed = failed ? failed : put(page.fd, "</div>\n");
    }
    failed = failed ? failed : put(page.fd, "</section>\n");
    (void)failed; /* dying: a page cut short still loads */
    (void)write_all(page.fd, MH_PAGE_END, strlen(MH_PAGE_END));
    close(page.fd);
    page.fd = -1;
  }
  page.off = true;
  pending_clear();
  pthread_mutex_unlock(&page_lock);
}
