/*
 * explain_kernel.c: what a kernel's fault broke. A GPU reports only "illegal
 * address"; the mock knows which device ran the kernel, where the address
 * lies and that device's access there, so it says the rule and the fix. The
 * first sentence is the reason every later call on the device gives; with
 * MOCKHIP_EXPLAIN the whole explanation goes to stderr at once.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "explain.h"

#define PREFIX "mockhip: explain: "

/* An mh_text with a buffer of its own. */
typedef struct text {
  char buf[4096];
  mh_text at;
} text;

#define TEXT_INIT(t) ((t).at = (mh_text){(t).buf, sizeof(t).buf, 0}, (t).buf[0] = '\0')

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mh__text_vadd(&t->at, fmt, ap);
  va_end(ap);
}

static const char *flags_text(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "read-write"
         : flags == hipMemAccessFlagsProtRead    ? "read-only"
                                                 : "no";
}

/* What lies at the address, when it came to be so, and the fix, for a memory fault; into what,
   when and fix. */
static void classify(mh_state *s, int device, const mh_kernel_fault *f, text *what, text *when,
                     text *fix) {
  uintptr_t addr = f->addr;
  mh_mapping *m = mh__mapping_containing(s, addr);
  mh_region *r = mh__region_containing(s, addr);
  if (m != NULL) {
    unsigned has = m->access[device];
    bool write = f->dir != MH_DIR_READ;
    add(what, "device %d has %s access to this mapping (handle#%llu)", device, flags_text(has),
        mh__id_number(m->phys->id, MH_ID_HANDLE));
    mh__explain_dropped_grant(&when->at, s, m, addr, device,
                              write ? hipMemAccessFlagsProtReadWrite : hipMemAccessFlagsProtRead);
    add(fix,
        "grant the device access before the launch: hipMemAccessDesc desc = "
        "{{hipMemLocationTypeDevice, %d}, %s}; hipMemSetAccess((void *)%#lx, %zu, &desc, 1) "
        "(b.5, a.8)",
        device, write ? "hipMemAccessFlagsProtReadWrite" : "hipMemAccessFlagsProtRead",
        (unsigned long)m->base, m->bytes);
    return;
  }
  if (r != NULL && r->kind == MH_REGION_RESERVATION) {
    const mh_mapping *before;
    const mh_gone *g = mh__explain_gone_at(addr, MH_GONE_MAPPING);
    if (g != NULL && g->number == r->number) { /* not an earlier reservation at this address */
      add(what, "this range was unmapped by hipMemUnmap: a pointer into it dangles (a.7)");
      add(fix, "finish the kernels that use a mapping (synchronize) before hipMemUnmap, or map "
               "a handle there again and grant access");
    } else if ((before = mh__explain_overrun_of(s, r, addr)) != NULL) {
      char last[96];
      mh__describe_addr(s, before->base + before->bytes - 1, last, sizeof last);
      mh__explain_overrun_what(&what->at, s, before, addr, f->dir, f->bytes);
      add(what, "; the reserved space after it has no memory (a.6)");
      add(fix,
          "check the size or the index that reached here (the grid, a bound): the mapping's "
          "last byte is %s; map more memory there only if the range is meant to be longer",
          last);
    } else {
      add(what, "reserved, but nothing is mapped here (a.6)");
      add(fix,
          "hipMemMap a handle at %#lx and hipMemSetAccess it for device %d before the "
          "launch; an index past the end of a mapping lands here too",
          (unsigned long)(addr & ~(uintptr_t)(s->options.granularity - 1)), device);
    }
    return;
  }
  if (r != NULL && r->kind == MH_REGION_MALLOC) {
    add(what, "%s#%lu is device %d's memory, and device %d has not enabled access to it",
        mockhip_api_name(r->made_by), r->number, r->device, device);
    add(fix,
        "hipSetDevice(%d); hipDeviceEnablePeerAccess(%d, 0) before the launch, or copy the "
        "bytes with hipMemcpyPeer",
        device, r->device);
    return;
  }
  const mh_gone *freed = mh__explain_gone_at(addr, MH_GONE_RESERVATION | MH_GONE_BLOCK);
  if (freed != NULL && freed->kind == MH_GONE_RESERVATION) {
    add(what, "reservation#%lu was freed by hipMemAddressFree: a pointer into it dangles (a.3)",
        freed->number);
    add(fix, "free a reservation only after the last kernel that uses it has finished");
    return;
  }
  if (freed != NULL) { /* a hipMalloc-family block */
    char where[512];
    mh__site_format(freed->gone_site, where, sizeof where);
    add(what, "%s#%lu was freed by %s call #%llu (at %s): a pointer into it dangles",
        mockhip_api_name(freed->made_by), freed->number, mockhip_api_name(freed->gone_by),
        freed->gone_call, where);
    add(fix, "free memory only after the last kernel that uses it has finished, and launch no "
             "kernel with a pointer to freed memory");
    return;
  }
  add(what, "no memory a device can reach lies here (host memory the device was not given, or a "
            "bad pointer)");
  add(fix, "give a kernel device memory (hipMalloc, a VMM mapping) or host memory the device may "
           "reach (hipHostMalloc)");
}

/* A trap's cause, by the signal it raised. */
static const char *trap_cause(int sig) {
  switch (sig) {
  case SIGABRT: return "abort()";
  case SIGTRAP: return "a breakpoint trap";
  case SIGFPE:
    return "an arithmetic trap it could not go on from as a GPU does (a division the mock "
           "could not decode; under valgrind, whose signal context does not point at the "
           "division, any)";
  default: return "__builtin_trap() (or an instruction the processor refused)";
  }
}

/* The rule a kind of fault breaks, for the explanation's rule line. */
static const char *rule_of(mh_kernel_fault_kind kind) {
  switch (kind) {
  case MH_KFAULT_ASSERT: return "a failed assert() ends the kernel";
  case MH_KFAULT_TRAP: return "a trap ends the kernel";
  case MH_KFAULT_HANG: return "a kernel must finish";
  case MH_KFAULT_BARRIER: return "every thread of a block must reach each __syncthreads";
  case MH_KFAULT_NO_MEMORY: return "a block's threads need memory to wait at a barrier";
  default: return "a kernel touches only what its device may";
  }
}

/* How the summary names what happened. */
static const char *verb_of(mh_kernel_fault_kind kind) {
  switch (kind) {
  case MH_KFAULT_ASSERT: return "failed an assertion";
  case MH_KFAULT_TRAP: return "trapped";
  case MH_KFAULT_HANG: return "ran past its time";
  default: return "faulted";
  }
}

void mh__explain_kernel(mh_state *s, const char *kernel, int device, const mh_kernel_fault *f,
                        const char *ending, char *summary, size_t bytes) {
  text what, when, fix, at;
  TEXT_INIT(what);
  TEXT_INIT(when);
  TEXT_INIT(fix);
  TEXT_INIT(at);
  char where[512] = "";
  switch (f->kind) {
  case MH_KFAULT_MEMORY:
    if (mh__region_containing(s, f->addr) != NULL)
      mh__describe_addr(s, f->addr, where, sizeof where);
    else
      snprintf(where, sizeof where, "%#lx", (unsigned long)f->addr);
    add(&at, "%s of %s", mh__direction_name(f->dir), where);
    classify(s, device, f, &what, &when, &fix);
    break;
  case MH_KFAULT_PAGEABLE:
    add(&at, "%s of %#lx", mh__direction_name(f->dir), (unsigned long)f->addr);
    add(&what, "a pointer argument names ordinary (pageable) host memory, which a GPU cannot "
               "reach");
    add(&fix, "allocate it with hipHostMalloc (or copy it to device memory with hipMemcpy)");
    break;
  case MH_KFAULT_BARRIER:
    add(&at, "__syncthreads");
    add(&what,
        "thread (%u, %u, %u) reached a barrier that thread (0, 0, 0) of its block did not "
        "reach first: __syncthreads in code not every thread runs",
        f->thread.x, f->thread.y, f->thread.z);
    add(&fix, "call __syncthreads where every thread of the block reaches it");
    break;
  case MH_KFAULT_NO_MEMORY:
    add(&at, "the block's start");
    add(&what, "no memory for the fibers of a block's threads");
    add(&fix, "free memory, or launch smaller blocks");
    break;
  case MH_KFAULT_ASSERT:
    add(&at, "%s:%u in %s", f->file, f->line, f->function);
    add(&what, "assert(%s) failed", f->assertion);
    add(&fix,
        "find why `%s` is false for this block and thread; a kernel that must stop should "
        "tell the host through memory it reads after the launch",
        f->assertion);
    break;
  case MH_KFAULT_TRAP:
    mh__site_format((const void *)f->addr, where, sizeof where);
    add(&at, "%s", where);
    add(&what, "the kernel ran %s", trap_cause(f->signal));
    add(&fix, "a kernel that must stop should tell the host through memory it reads after the "
              "launch, and return");
    break;
  case MH_KFAULT_HANG:
    add(&at, "MOCKHIP_KERNEL_TIMEOUT=%u s", f->seconds);
    add(&what, "%u block%s still running when the time ran out", f->running,
        f->running == 1 ? " was" : "s were");
    for (unsigned i = 0; i < f->running && i < MH_HANG_BLOCKS_SHOWN; i++)
      add(&what, "%s(%u, %u, %u)", i ? " " : ": ", f->running_blocks[i].x, f->running_blocks[i].y,
          f->running_blocks[i].z);
    add(&fix, "look for a loop that waits for memory no thread writes, or for a flag another "
              "block sets (a GPU need not run two blocks at once), or a bound that went wrong");
    break;
  }
  bool one_thread = f->kind != MH_KFAULT_HANG;
  char who[96] = "";
  if (one_thread)
    snprintf(who, sizeof who, " (block (%u, %u, %u), thread (%u, %u, %u))", f->block.x, f->block.y,
             f->block.z, f->thread.x, f->thread.y, f->thread.z);
  snprintf(summary, bytes, "kernel %s on device %d %s%s: %s: %s", kernel, device, verb_of(f->kind),
           who, at.buf, what.buf);
  if (!s->options.explain)
    return;
  text out;
  TEXT_INIT(out);
  if (one_thread)
    add(&out, PREFIX "kernel %s on device %d, block (%u, %u, %u), thread (%u, %u, %u): %s\n",
        kernel, device, f->block.x, f->block.y, f->block.z, f->thread.x, f->thread.y, f->thread.z,
        at.buf);
  else
    add(&out, PREFIX "kernel %s on device %d: %s\n", kernel, device, at.buf);
  add(&out, PREFIX "  what:   %s\n", what.buf);
  if (when.buf[0] != '\0')
    add(&out, PREFIX "  when:   %s\n", when.buf);
  add(&out, PREFIX "  rule:   %s: %s\n", rule_of(f->kind), ending);
  add(&out, PREFIX "  fix:    %s\n", fix.buf);
  fputs(out.buf, stderr);
  fflush(stderr);
  mh__trace_html_report(MH_HTML_KERNEL, out.buf); /* on the launch's step of the page */
}
