/*
 * launch_end.c: how a launch whose kernel failed ends, platform by platform
 * (table (g) rows kernel_fault, kernel_trap and kernel_hang; reference b.12).
 *
 * HIP on NVIDIA, and ROCm where its runtime skips the abort, make the device's
 * error sticky: the next call on the device and every later one answer it
 * until hipDeviceReset. ROCm otherwise ends the process: ROCr's or clr's line
 * on stderr, then abort(), SIGABRT, exit status 134. mockhip's own account
 * (the explanation with MOCKHIP_EXPLAIN, one line pointing at it without)
 * comes after the platform's line and before the end.
 *
 * What each platform prints, read in its sources:
 *   - a memory fault, ROCr's Runtime::VMFaultHandler (runtime.cpp; rocm-6.0.0
 *     1419, rocm-6.2.0 1794, rocm-rel-7.0 1915): "Memory access fault by GPU
 *     node-N (Agent handle: P) on address A. Reason: R." with the page's
 *     address; the driver marks nearly every fault "not present";
 *   - a trap or a failed device assert, clr's callbackQueue (rocdevice.cpp;
 *     rocm-6.0.0 2727, rocm-6.2.0 2985, rocm-6.3.0 3019): "Callback: Queue Q
 *     aborting with error : HSA_STATUS_ERROR_EXCEPTION: ... code: 0x1016",
 *     after the device's "file:line: function: Device-side assertion `e'
 *     failed." (hip_assert.h); CUDA's assert line names the block and thread;
 *   - a hang, ROCr's HwExceptionHandler once the driver resets the GPU
 *     (runtime.cpp, rocm-6.0.0 1314-1322): "HW Exception by GPU node-N (Agent
 *     handle: P) reason :GPU Hang".
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "kernel/kernel.h"
#include "runtime/launch/launch.h"

#define STICKY_SUFFIX "; the device's error stays until hipDeviceReset"

/* How the launch ends: the process, or the device's sticky error `code`. */
typedef struct ending {
  bool aborts;
  hipError_t code;
  char said[200]; /* the platform's way, for the explanation's rule line */
} ending;

static mh_row row_of(mh_kernel_fault_kind kind) {
  switch (kind) {
  case MH_KFAULT_ASSERT:
  case MH_KFAULT_TRAP: return MH_ROW_kernel_trap;
  case MH_KFAULT_HANG: return MH_ROW_kernel_hang;
  default: return MH_ROW_kernel_fault;
  }
}

/* clr 7.x's callbackQueue aborts anyway where a core file would be written (RLIMIT_CORE not
   0), or where HIP_SKIP_ABORT_ON_GPU_ERROR is turned off (its default skips). */
static bool clr_aborts_anyway(void) {
  const char *skip = getenv("HIP_SKIP_ABORT_ON_GPU_ERROR");
  if (skip != NULL && (strcmp(skip, "0") == 0 || strcmp(skip, "false") == 0))
    return true;
  struct rlimit core;
  return getrlimit(RLIMIT_CORE, &core) == 0 && core.rlim_cur != 0;
}

/* The sticky error a platform that goes on answers for kind. */
static hipError_t sticky_code(mh_kernel_fault_kind kind, bool nvidia) {
  switch (kind) {
  case MH_KFAULT_NO_MEMORY: return hipErrorOutOfMemory;
  /* CUDA: cudaErrorAssert; ROCm: HSA_STATUS_ERROR_EXCEPTION, which clr maps to
     hipErrorLaunchFailure. */
  case MH_KFAULT_ASSERT: return nvidia ? hipErrorAssert : hipErrorLaunchFailure;
  /* CUDA_ERROR_ILLEGAL_INSTRUCTION (715) has no HIP name: HIP on NVIDIA passes on
     hipErrorUnknown. */
  case MH_KFAULT_TRAP: return nvidia ? hipErrorUnknown : hipErrorLaunchFailure;
  case MH_KFAULT_HANG: return hipErrorLaunchTimeOut;
  default: return hipErrorIllegalAddress;
  }
}

static ending ending_of(const mh_kernel_fault *f) {
  ending e = {.code = sticky_code(f->kind, mh__profile_nvidia())};
  mh_cell cell = mh__profile_cell(row_of(f->kind));
  /* A divergent barrier and fibers with no memory are the mock's own findings: a GPU reports
     neither, so they end as a sticky error everywhere. */
  bool own_finding = f->kind == MH_KFAULT_BARRIER || f->kind == MH_KFAULT_NO_MEMORY;
  e.aborts = !own_finding &&
             (cell == MH_CELL_abort || (cell == MH_CELL_abort_if_core && clr_aborts_anyway()));
  const char *title = mh__profile_title();
  if (e.aborts)
    snprintf(e.said, sizeof e.said,
             "%s ends the process there: it prints the fault and calls "
             "abort() (SIGABRT)",
             title);
  else
    snprintf(e.said, sizeof e.said,
             "%s answers %s at the next synchronize, and every later "
             "call on the device answers it until hipDeviceReset",
             title, mh__error_name(e.code));
  return e;
}

static void say(mh_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(mh_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mh__text_vadd(t, fmt, ap);
  va_end(ap);
}

/* What the platform itself prints, to stderr in one write. */
static void platform_lines(mh_state *s, const mh_launch *l, const mh_kernel_fault *f) {
  char buf[1024];
  mh_text out = {buf, sizeof buf, 0};
  buf[0] = '\0';
#define OUT(...) say(&out, __VA_ARGS__)
  bool nvidia = mh__profile_nvidia();
  unsigned node = (unsigned)l->device + 1; /* ROCr's node 0 is the CPU */
  const void *agent = &s->sticky_error[l->device];
  if (f->kind == MH_KFAULT_ASSERT) {
    if (nvidia)
      OUT("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", f->file,
          f->line, f->function, f->block.x, f->block.y, f->block.z, f->thread.x, f->thread.y,
          f->thread.z, f->assertion);
    else
      OUT("%s:%u: %s: Device-side assertion `%s' failed.\n", f->file, f->line, f->function,
          f->assertion);
  }
  if (!nvidia) {
    switch (f->kind) {
    case MH_KFAULT_MEMORY:
    case MH_KFAULT_PAGEABLE:
      if (mh__profile_is(MH_ROW_kernel_fault, MH_CELL_sticky)) /* clr's handler took it */
        OUT("Memory Fault Error [GPU index: %d, faulting addr: 0x%lx, kernel: %s]\n", l->device,
            (unsigned long)(f->addr & ~(uintptr_t)(s->page_bytes - 1)), l->name);
      else
        OUT("Memory access fault by GPU node-%u (Agent handle: %p) on address %p. Reason: Page "
            "not present or supervisor privilege.\n",
            node, agent, (void *)(f->addr & ~(uintptr_t)(s->page_bytes - 1)));
      break;
    case MH_KFAULT_ASSERT:
    case MH_KFAULT_TRAP:
      OUT("Callback: Queue %p aborting with error : HSA_STATUS_ERROR_EXCEPTION: An HSAIL "
          "operation resulted in a hardware exception. code: 0x1016",
          (const void *)((uintptr_t)agent + 0x1000));
      if (strcmp(mh__profile_name(), "newest") == 0)
        OUT(" [GPU index: %d, kernel: %s]", l->device, l->name);
      OUT("\n");
      break;
    case MH_KFAULT_HANG:
      OUT("HW Exception by GPU node-%u (Agent handle: %p) reason :GPU Hang\n", node, agent);
      break;
    default: break;
    }
  }
#undef OUT
  if (out.len != 0) {
    (void)!write(STDERR_FILENO, buf, out.len);
    mh__trace_html_report(MH_HTML_KERNEL, buf); /* on the launch's step of the page */
  }
}

/* A watched launch that ran too long is named whatever else is said: the timeout is the
   program's own request to hear which kernel hung. */
static void hang_line(const mh_launch *l, const mh_kernel_fault *f) {
  char blocks[256] = "";
  size_t len = 0;
  for (unsigned i = 0; i < f->running && i < MH_HANG_BLOCKS_SHOWN; i++) {
    int n = snprintf(blocks + len, sizeof blocks - len, "%s(%u, %u, %u)", i ? " " : "",
                     f->running_blocks[i].x, f->running_blocks[i].y, f->running_blocks[i].z);
    if (n > 0 && (size_t)n < sizeof blocks - len)
      len += (size_t)n;
  }
  char line[512];
  snprintf(line, sizeof line,
           "kernel %s on device %d ran past MOCKHIP_KERNEL_TIMEOUT=%u s; %u block%s still "
           "running: %s%s",
           l->name, l->device, f->seconds, f->running, f->running == 1 ? "" : "s", blocks,
           f->running > MH_HANG_BLOCKS_SHOWN ? " ..." : "");
  fprintf(stderr, "mockhip: %s\n", line);
  fflush(stderr);
  mh__trace_html_report(MH_HTML_KERNEL, line);
}

/* Strict mode: the first integer division by zero of the launch, which the GPU (and now the
   mock) went on from. */
static void divide_report(mh_launch *l) {
  if (!atomic_load(&l->divided_by_zero))
    return;
  char where[512];
  mh__site_format((const void *)l->divide_at, where, sizeof where);
  mh__misuse(MH_MISUSE_KERNEL_DIVIDE,
             "kernel %s on device %d, block (%u, %u, %u), thread (%u, %u, %u), divided an "
             "integer by zero (or INT_MIN by -1) at %s: a GPU does not trap and gives an "
             "unspecified value (the mock gives all ones); check the divisor",
             l->name, l->device, l->divide_block.x, l->divide_block.y, l->divide_block.z,
             l->divide_thread.x, l->divide_thread.y, l->divide_thread.z, where);
}

void mh__launch_end(mh_state *s, mh_launch *l, const mh_view *view) {
  divide_report(l);
  if (!atomic_load(&l->aborted))
    return;
  mh_kernel_fault *f = &l->fault;
  if (f->kind == MH_KFAULT_MEMORY && mh__view_is_pageable(view, f->addr))
    f->kind = MH_KFAULT_PAGEABLE;
  ending e = ending_of(f);
  if (f->kind == MH_KFAULT_HANG)
    hang_line(l, f);
  platform_lines(s, l, f);
  char summary[sizeof s->sticky_reason[0] - sizeof STICKY_SUFFIX + 1];
  mh__explain_kernel(s, l->name, l->device, f, e.said, summary, sizeof summary);
  if (e.aborts) {
    if (!s->options.explain)
      fprintf(stderr,
              "mockhip: %s; run again with MOCKHIP_EXPLAIN=1 to hear why and how to fix it\n",
              summary);
    fflush(stderr);
    char what[sizeof summary + sizeof e.said + 2];
    snprintf(what, sizeof what, "%s; %s", summary, e.said);
    mh__trace_html_fault("SIGABRT", what, "", NULL, 0); /* the reports hold the rest */
    abort();
  }
  if (!s->options.explain) /* the page says what the terminal leaves to MOCKHIP_EXPLAIN */
    mh__trace_html_report(MH_HTML_KERNEL, summary);
  snprintf(s->sticky_reason[l->device], sizeof s->sticky_reason[0], "%s" STICKY_SUFFIX, summary);
  if (atomic_exchange(&s->sticky_error[l->device], e.code) == hipSuccess)
    atomic_fetch_add(&s->sticky_devices, 1);
  mh__trace_html_reported(); /* on a stream's thread, outside any call: one step, after the
                                error is the device's */
}
