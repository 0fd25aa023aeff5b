/*
 * diag.h: what every call uses to account for itself, and what explains the
 * state to people: the entry and exit of every call (counts, the call site,
 * injected failures, the last error and its reason), the decoded trace and
 * teach mode's notes (trace.h), misuse and leak reports, addresses as people
 * read them, faults that explain themselves, and the pictures. It reads core/
 * and changes nothing the rules of a call depend on; vmm/ and runtime/ call it.
 */
#ifndef MH_DIAG_H
#define MH_DIAG_H

#include <stdarg.h>

#include "core/core.h"

/* ---- the entry and exit of every call (call.c) ---- */

/* The address an entry point returns to: its caller's call site. */
#define MH_CALLER __builtin_return_address(0)

/*
 * Every entry point starts here: counts the call, notes its site and, when
 * state_out is not NULL, gives the state. Returns hipSuccess, or the failure a
 * fault-injection rule chose (reason recorded): the entry point then does
 * nothing but mh__leave, so an injected failure has no side effect.
 */
MH_HIDDEN hipError_t mh__enter(mockhip_api api, void *site, mh_state **state_out);

/* hipSuccess, or the error a kernel's fault left on the current device (sticky until
   hipDeviceReset), reason recorded, unless api is one a faulted device still answers. */
MH_HIDDEN hipError_t mh__sticky_check(mh_state *state, mockhip_api api);

/* Whether the calling thread is inside an entry point: between mh__enter and mh__leave. */
MH_HIDDEN bool mh__in_call(void);

/* The call site and the entry point of the calling thread's current call. */
MH_HIDDEN void *mh__call_site(void);
MH_HIDDEN mockhip_api mh__call_api(void);

/* The current call's number among the process's calls of its entry point: 3 for the third
   hipMemSetAccess. */
MH_HIDDEN unsigned long long mh__call_ordinal(void);

/*
 * Ends an entry point: records the thread's last error and reason and, when
 * calls are traced, prints the trace line ("name(args) = result") with the
 * arguments decoded (trace.c). A macro so that the arguments, decoders
 * included, are evaluated only while tracing: untraced calls pay one test.
 */
#define mh__leave(api, err, ...)                                                                   \
  (mh__tracing() ? mh__leave_traced((api), (err), __VA_ARGS__) : mh__leave_quiet((api), (err)))

/* mh__leave without a trace line: records the last error and reason, returns err. */
MH_HIDDEN hipError_t mh__leave_quiet(mockhip_api api, hipError_t err);

/* ---- trace and teach mode: trace.h ---- */

#include "trace.h"

/* Records why the call fails and returns err, for `return mh__fail(...)`. */
MH_HIDDEN hipError_t mh__fail(hipError_t err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The calling thread's last error; clear: reset it to hipSuccess (hipGetLastError). */
MH_HIDDEN hipError_t mh__last_error(bool clear);

/* ---- the played release's failures (strict.c) ---- */

/*
 * Fails the call as the played release does on a row whose cell is an error
 * code or `crash`: records the reason and returns the code. A `crash` cell
 * returns the newest release's code instead, and strict mode reports
 * "ROCm X.Y crashes here: <reason>" at the call.
 */
MH_HIDDEN hipError_t mh__profile_fail(mh_row row, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Where the played release crashes outside the table's error rows: strict mode
   reports "ROCm X.Y crashes here: <reason>"; the call fails with `code`. */
MH_HIDDEN hipError_t mh__profile_crash(hipError_t code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- addresses as people read them (describe.c) ---- */

/*
 * addr as a person reads it: "reservation#2+0x4000", "hipMalloc#1+0x10",
 * "NULL", or "0x7f..." outside every region. Call under the lock.
 */
MH_HIDDEN void mh__describe_addr(mh_state *state, uintptr_t addr, char *out, size_t out_bytes);

/* The region's name: "reservation#2", "hipMalloc#1". */
MH_HIDDEN void mh__describe_region(const mh_region *region, char *out, size_t out_bytes);

/* Numbers a new region of its kind: reservation#1, #2, ... */
MH_HIDDEN void mh__region_number(mh_state *state, mh_region *region);

/* ---- fault injection (fault.c) ---- */

/* Installs MOCKHIP_FAIL's rules at start-up; a bad list warns and installs none. */
MH_HIDDEN void mh__fault_init(const char *rules, unsigned long long seed);

/* hipSuccess, or the error a rule injects into this call of api (reason recorded). */
MH_HIDDEN hipError_t mh__fault_check(mockhip_api api);

/* Makes the fault lock usable again in a forked child. */
MH_HIDDEN void mh__fault_forked_child(void);

/* ---- leak and misuse reports (leak.c, strict.c, site.c) ---- */

/* Turns the exit-time leak check on for this process (MOCKHIP_LEAK_CHECK). */
MH_HIDDEN void mh__leak_check_init(bool on);

typedef enum mh_misuse {
  MH_MISUSE_PARTIAL_UNMAP,
  MH_MISUSE_UNMAP_UNMAPPED,
  MH_MISUSE_PARTIAL_ACCESS,
  MH_MISUSE_ACCESS_HOLE,
  MH_MISUSE_COPY_SPANS,
  MH_MISUSE_COPY_UNGRANTED, /* a copy runs on into a mapping the device may not use */
  MH_MISUSE_FREE_MAPPED,    /* its handles released or not: ROCr counts mappings (b.7) */
  MH_MISUSE_DOUBLE_RELEASE,
  MH_MISUSE_RELEASED_HANDLE,
  MH_MISUSE_MAP_PAST_END,  /* a map runs past its reservation's end (HIP on NVIDIA allows it) */
  MH_MISUSE_VERSION_CRASH, /* the played ROCm release crashes here */
  MH_MISUSE_VERSION_BUG,   /* the played release has a documented bug here */
  MH_MISUSE_KERNEL_DIVIDE, /* a kernel divided an integer by zero: no trap on a GPU */
  /* The synchronisation checker's (runtime/streams/sync_check.c), reported under
     MOCKHIP_SYNC_CHECK as well as MOCKHIP_STRICT: */
  MH_MISUSE_STREAM_RACE,          /* two streams touch memory, one writing, unordered */
  MH_MISUSE_USE_AFTER_FREE_ASYNC, /* stream work touches memory a hipFreeAsync frees */
  MH_MISUSE_FREED_IN_USE,         /* the host gives back memory queued work may still use */
  MH_MISUSE_EVENT_UNRECORDED,     /* a wait on an event never recorded: complete at once */
  MH_MISUSE_HOST_UNSYNCED,        /* the host touches memory pending stream work uses */
  MH_MISUSE_COUNT
} mh_misuse;

MH_HIDDEN void mh__strict_init(bool on);

/* ---- the synchronisation checker (sync_check.c) ---- */

/* On or off (MOCKHIP_SYNC_CHECK, MOCKHIP_STRICT), and whether on: one load, so that a hook
   costs a call nothing while the checker is off. */
MH_HIDDEN void mh__sync_check_init(bool on);
MH_HIDDEN extern atomic_bool mh__sync_checking;
static inline bool mh__sync_check_on(void) {
  return atomic_load_explicit(&mh__sync_checking, memory_order_relaxed);
}
MH_HIDDEN void mh__sync_forked_child(void);

/* One touch of memory by queued work: read, written, or freed (hipFreeAsync); guess, for a
   kernel's pointer argument, is the size of the element it points to (the bytes a guess), 0
   for an exact range. */
typedef struct mh_sync_access {
  uintptr_t addr;
  size_t bytes;
  bool writes, frees;
  size_t guess;
  const char *kernel; /* the kernel's name, a string that lasts; NULL for other work */
} mh_sync_access;

/* Work of the current call queued (or run) on stream (NULL: device's null stream) touching
   acc[0..count): checked against earlier work nothing orders it before, and kept. Under the
   state lock. This and the three below: where the checker is on (the caller asks). */
MH_HIDDEN void mh__sync_work(mh_state *state, mh_stream *stream, int device,
                             const mh_sync_access *acc, size_t count);

/* The calling thread has waited for stream (NULL: device's legacy null stream, its blocking
   streams too), for device's every stream (-1: every device's), for an event's last record. */
MH_HIDDEN void mh__sync_host_waits(mh_stream *stream, int device);
MH_HIDDEN void mh__sync_host_waits_device(int device);
MH_HIDDEN void mh__sync_host_waits_event(const mh_event *event);

/* A record of event on stream; a hipStreamWaitEvent; an event destroyed. */
MH_HIDDEN void mh__sync_record(mh_event *event, mh_stream *stream, int device);
MH_HIDDEN void mh__sync_stream_waits(mh_stream *stream, int device, const mh_event *event);
MH_HIDDEN void mh__sync_event_gone(mh_event *event);

/* What a call that gives memory back waits for first: nothing, the legacy null stream's work
   on its device (and so its blocking streams'), or every stream's. */
typedef enum mh_sync_waits {
  MH_SYNC_WAITS_NONE,
  MH_SYNC_WAITS_LEGACY,
  MH_SYNC_WAITS_ALL
} mh_sync_waits;

/* The host gives back [addr, addr + bytes) of device (hipMemUnmap), after what waits names:
   reported if queued work not ordered before it may still touch it; then forgotten. Under the
   state lock. */
MH_HIDDEN void mh__sync_host_frees(mh_state *state, uintptr_t addr, size_t bytes, int device,
                                   mh_sync_waits waits);

/* [addr, addr + bytes) is new memory: earlier touches of its addresses are forgotten. */
MH_HIDDEN void mh__sync_forget(uintptr_t addr, size_t bytes);

/* The host's touches of pinned and managed memory (kind 1): pages pending work uses are
   guarded (os/guard.c), and a host thread's fault there comes here from the SIGSEGV handler
   (kernel/kernel_fault.c). False: addr is on no guarded page. Else the touch was judged
   (reported where nothing orders it after the work) and may run again. */
MH_HIDDEN bool mh__sync_host_touch(uintptr_t addr, int dir, const void *pc);

/* The calling thread runs, or has run, a host function (hipLaunchHostFunc,
   hipStreamAddCallback): its touches are its stream's, not the host's. */
MH_HIDDEN void mh__sync_host_work(bool running);
MH_HIDDEN void mh__strict_forked_child(void);

/* Remembers (kind, site): true the first time, false after (a bounded table: past 1024 pairs,
   true again). kind: an mh_misuse (strict.c). */
MH_HIDDEN bool mh__first_at_site(unsigned kind, const void *site);

/* Reports misuse at the current call site when MOCKHIP_STRICT is on, once per kind and site. */
MH_HIDDEN void mh__misuse(mh_misuse kind, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The same, for misuse outside any call (a host thread's touch): `what` names it where a
   call's API would stand, and site is where it was. */
MH_HIDDEN void mh__misuse_at(mh_misuse kind, const char *what, const void *site, const char *fmt,
                             ...) __attribute__((format(printf, 4, 5)));

/* ---- one truth per event (teach.c) ---- */

/*
 * What the played release does at one event the mock refuses or reports, said once: the strict
 * line, the teach note and, where it speaks of ROCm, the reason of the event all quote this one
 * sentence, so that they cannot disagree. row: the rows of docs/hip-vmm-semantics.md it rests
 * on. An empty text says nothing.
 */
typedef struct mh_truth {
  const char *row;
  char text[400];
} mh_truth;

/* hipMemAddressFree of a reservation that still has mappings: refused for the mappings, whether
   or not their handles were released, and what each release keeps or loses (a.3#5, b.7, e.8). */
MH_HIDDEN const mh_truth *mh__truth_free_mapped(mh_truth *truth);

/* A handle with no reference left that `mappings` mappings still hold (0: it is gone), passed
   to api: a second hipMemRelease, or another call's use of a released handle (a.5#2, a.11#2;
   HIP on NVIDIA: table (g) properties_of_released). */
MH_HIDDEN const mh_truth *mh__truth_released(mh_truth *truth, mockhip_api api, size_t mappings);

/* hipMemUnmap where no mapping is: reserved_hole when the range is reserved address space that
   no mapping holds, which HIP on NVIDIA unmaps as nothing (a.7#2). */
MH_HIDDEN const mh_truth *mh__truth_unmap_unmapped(mh_truth *truth, bool reserved_hole);

/* mh__misuse with the event's truth after the details ("; on <release>: <truth> (<row>)"); teach
   mode's note for it is the truth itself. */
MH_HIDDEN void mh__misuse_truth(mh_misuse kind, const mh_truth *truth, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The teach note for a misuse strict mode just reported, the truth of its event (teach.c):
   truth, or, when NULL, what the kind says alone. */
MH_HIDDEN void mh__teach_misuse(mh_misuse kind, const mh_truth *truth);

/* The teach note after a set-access over `count` mappings from `first` that leaves the host
   less access than a device: the CPU cannot touch there, and how it may come to (or, under
   MOCKHIP_HOST_ACCESS=all, that only the mock's CPU can). Once per process (teach.c). */
MH_HIDDEN void mh__teach_host_access(mh_state *state, const mh_mapping *first, size_t count);

/* The teach note after a hipMemRelease that leaves the handle's memory mapped: that this is
   fine. Once per process (teach.c). */
MH_HIDDEN void mh__teach_release_mapped(void);

/* "module+0xoffset (symbol+0xoffset)" for a return address. */
MH_HIDDEN void mh__site_format(const void *site, char *out, size_t out_bytes);

/* ---- explained faults (explain.c, explain_history.c) ---- */

/* Installs the SIGSEGV/SIGBUS handler that explains a fault (options.explain), or hints at
   MOCKHIP_EXPLAIN, and ends the HTML page (explain.c). */
MH_HIDDEN void mh__explain_init(mh_state *state);

/* Remember a freed reservation, an unmapped mapping or a freed hipMalloc-family block, so a
   later touch of it is explained (explain_history.c). Call under the write lock, before it is
   freed. */
MH_HIDDEN void mh__explain_remember_free(const mh_region *reservation);
MH_HIDDEN void mh__explain_remember_unmap(const mh_mapping *mapping);
MH_HIDDEN void mh__explain_remember_block(const mh_region *block);

/* ---- pictures (svg.c, trace_html.c) ---- */

/* The <svg> element of the address space now, without the XML declaration, for
   mockhip_dump_svg and the MOCKHIP_TRACE_HTML page. Under the lock. 0, or -1
   with errno ENOMEM. */
MH_HIDDEN int mh__svg_write(FILE *out, mh_state *state);

/* text as XML/HTML character data or attribute value: &<>"' escaped, control
   bytes but tab and newline (which XML forbids) written as '?' (svg.c). */
MH_HIDDEN void mh__xml_escape(FILE *out, const char *text);
/* The same for one character: its entity, or the character (or '?') written into spare.
   Allocates nothing, so a signal handler may call it. */
MH_HIDDEN const char *mh__xml_escaped(char c, char spare[2]);

/* Appends one step to the MOCKHIP_TRACE_HTML page when api changes state,
   launches a kernel, fails or has left a report (mh__trace_html_report): the
   call text args, its result and reason ("" when none), the reports, and the
   picture after it. Call unlocked, from mh__leave. */
MH_HIDDEN void mh__trace_html_step(mockhip_api api, hipError_t err, const char *args,
                                   const char *reason);

/* Ends the MOCKHIP_TRACE_HTML page with a last step for a fault the process dies of: the
   signal's name, what happened ("a write of reservation#1+0x0 by the CPU"), where (the
   faulting instruction's site, or ""), the reports the current call has made, and the
   explanation (`bytes` of mockhip's explain lines; none: "not memory mockhip manages";
   NULL: the reports say it); then closes the page. From a signal handler: write(2) only, no lock
   waited for, nothing allocated. */
MH_HIDDEN void mh__trace_html_fault(const char *signal_name, const char *what, const char *where,
                                    const char *explanation, size_t bytes);

/* What a report on the MOCKHIP_TRACE_HTML page is, and so how it looks. */
typedef enum mh_html_report {
  MH_HTML_STRICT,      /* a strict line: the call's success is no all-clear */
  MH_HTML_TEACH,       /* a teach note that only informs */
  MH_HTML_TEACH_WARNS, /* a teach note that says a success is a bug or does nothing */
  MH_HTML_KERNEL,      /* a kernel's fault: the platform's lines, the explanation */
} mh_html_report;

/* Puts on the page a report the terminal shows: text, its lines without "[pid N] mockhip: "
   (an explanation's "mockhip: explain: " is left out). Made during a call, it goes on the
   call's step, which it makes a step, and a warning one where the call succeeds. Nothing
   without the page; allocates nothing, so a signal handler may call it. */
MH_HIDDEN void mh__trace_html_report(mh_html_report kind, const char *text);

/* Ends what a producer reports at once (a strict line and its teach note, a kernel's fault):
   outside any call, the reports so far become a step of their own, with the last step's
   picture, in one writev and with nothing allocated (a signal handler's host touch); inside
   one, nothing (its step takes them). */
MH_HIDDEN void mh__trace_html_reported(void);

#endif /* MH_DIAG_H */
