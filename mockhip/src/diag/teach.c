/*
 * teach.c: MOCKHIP_TEACH's notes on what a real GPU would have done. The mock
 * refuses or reports some things ROCm lets through, and its CPU, the host,
 * faults on memory the host was not granted with no word of why; a learner
 * who only ever runs the mock should still hear what ROCm does there. A note
 * is kept while the call runs and printed after its trace line, citing the
 * row of docs/hip-vmm-semantics.md; the HTML page shows it at the call's step,
 * as a warning unless it only informs (what is fine, what the CPU may not do).
 */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "diag/diag.h"

/* Notes one call may leave; more are dropped (one call makes one or two). */
#define NOTES 3

static bool teaching;
static _Thread_local char notes[NOTES][512];
static _Thread_local unsigned note_count;

void mh__teach_init(bool on) { teaching = on; }

const char *mh__teach_release(char out[32]) {
  snprintf(out, 32, "%s", mh__profile_title());
  return out;
}

/* A note kept for the call's trace line, and on the page at the call's step: kind says whether
   it warns (a success that is a bug, or does nothing) or only informs. */
static void note(mh_html_report kind, const char *row, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
static void note(mh_html_report kind, const char *row, const char *fmt, va_list ap) {
  if (!teaching || note_count == NOTES)
    return;
  char what[400], on[32];
  vsnprintf(what, sizeof what, fmt, ap);
  snprintf(notes[note_count], sizeof notes[0], "teach: on %s: %s (docs/hip-vmm-semantics.md %s)",
           mh__teach_release(on), what, row);
  mh__trace_html_report(kind, notes[note_count++]);
}

void mh__teach_note(const char *row, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note(MH_HTML_TEACH_WARNS, row, fmt, ap);
  va_end(ap);
}

/* A note that only informs: what is fine, what the CPU may not do. */
static void info_note(const char *row, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void info_note(const char *row, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  note(MH_HTML_TEACH, row, fmt, ap);
  va_end(ap);
}

void mh__teach_flush(void) {
  char prefix[32];
  for (unsigned i = 0; i < note_count; i++)
    fprintf(stderr, "%smockhip: %s\n", mh__line_prefix(prefix), notes[i]);
  note_count = 0;
}

/* ---- misuse ROCm lets through and punishes later ---- */

static void unmap_note(void) {
  switch (mh__profile_cell(MH_ROW_unmap_size)) {
  case MH_CELL_containing:
    mh__teach_note("a.7#3", "hipMemUnmap unmaps the whole mapping that contains ptr, whatever "
                            "size says, and returns hipSuccess");
    break;
  case MH_CELL_whole_mapping:
    mh__teach_note("a.7#3", "hipMemUnmap answers hipErrorInvalidValue unless size is the size of "
                            "the mapping that contains ptr");
    break;
  default:
    mh__teach_note("a.7#3", "hipMemUnmap answers hipErrorInvalidValue unless size adds up to "
                            "whole mappings, from the start of the one that contains ptr");
  }
}

static void access_note(void) {
  switch (mh__profile_cell(MH_ROW_set_access_size)) {
  case MH_CELL_extend:
    mh__teach_note("a.8#3", "hipMemSetAccess widens a range that starts or ends inside a "
                            "mapping to the whole mappings it touches and returns hipSuccess: "
                            "bytes outside the range are granted too; pass each mapping's own "
                            "base and size");
    break;
  case MH_CELL_first_mappings:
    mh__teach_note("a.8#3, e.4", "hipMemSetAccess answers hipErrorInvalidValue, comparing size "
                                 "with the reservation's first mappings");
    break;
  case MH_CELL_exact_run:
    mh__teach_note("a.8#3", "hipMemSetAccess counts size from the start of the mapping that "
                            "contains ptr: an interior ptr is taken back to that start, so bytes "
                            "before it are granted too and the call returns hipSuccess, and a "
                            "size that does not add up to whole mappings answers "
                            "hipErrorInvalidValue; pass each mapping's own base and size");
    break;
  default:
    mh__teach_note("a.8#3", "hipMemSetAccess answers hipErrorInvalidValue unless size adds up to "
                            "whole mappings");
  }
}

/* ---- one truth per event: what the played release does, for the strict line, the teach note
   and the reason alike ---- */

static const mh_truth *say(mh_truth *t, const char *row, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const mh_truth *say(mh_truth *t, const char *row, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(t->text, sizeof t->text, fmt, ap);
  va_end(ap);
  t->row = row;
  return t;
}

/* ROCr's VMemoryAddressFree refuses a range whose use count (its mappings) is not 0, whatever
   the handles' references; what HIP makes of that differs by release (clr hip_vm.cpp
   hipMemAddressFree, rocdevice.cpp virtualFree). */
const mh_truth *mh__truth_free_mapped(mh_truth *t) {
  if (mh__profile_is(MH_ROW_free_with_mappings, MH_CELL_InvalidValue))
    return say(t, "a.3#5, e.8",
               "hipMemAddressFree of a reservation that has mappings, released handles or not, "
               "answers hipErrorInvalidValue and keeps the reservation: unmap, then free again");
  if (mh__profile_is(MH_ROW_free_with_mappings, MH_CELL_Success) &&
      mh__profile_is(MH_ROW_free_unknown_address, MH_CELL_Success)) /* virtualFree is empty */
    return say(t, "a.3#5, free_unknown_address",
               "hipMemAddressFree frees nothing, mapped or not, and returns hipSuccess: the "
               "reservation and its mappings stay");
  if (mh__profile_is(MH_ROW_free_with_mappings, MH_CELL_Success))
    return say(t, "a.3#5, b.7, e.8",
               "ROCr refuses to free a reservation while it has mappings, released handles or "
               "not (RESOURCE_FREE), yet hipMemAddressFree returns hipSuccess and HIP drops its "
               "record of the range: the reservation and its mappings stay, unreachable, until "
               "the process ends");
  return say(t, "a.3#5, b.7, e.8",
             "ROCr refuses to free a reservation while it has mappings, released handles or not "
             "(RESOURCE_FREE): hipMemAddressFree answers hipErrorUnknown and HIP drops its record "
             "of the range, so the address space is lost until the process ends");
}

/* ROCm's handle is a pointer to a reference-counted object that hipMemRelease decrements
   unchecked, and each mapping holds one reference (clr hip_vm.cpp hipMemRelease, hipMemUnmap);
   HIP on NVIDIA refuses a second release (observed-hardware.md item 1). */
const mh_truth *mh__truth_released(mh_truth *t, mockhip_api api, size_t mappings) {
  const char *name = mockhip_api_name(api);
  bool releasing = api == MOCKHIP_CALL_hipMemRelease;
  if (mh__profile_nvidia() && releasing)
    return say(t, "properties_of_released, release_while_mapped",
               "hipMemRelease of a handle with no reference left answers hipErrorInvalidValue, "
               "as here%s",
               mappings != 0 ? ", and its mappings keep the memory until the last hipMemUnmap"
                             : "");
  if (mh__profile_nvidia() && api == MOCKHIP_CALL_hipMemGetAllocationPropertiesFromHandle)
    return say(t, "properties_of_released",
               "hipMemGetAllocationPropertiesFromHandle still answers the properties a released "
               "handle was made with, as here; ROCm, whose handle is a pointer, would read freed "
               "memory here");
  if (mh__profile_nvidia())
    return say(t, "properties_of_released",
               "a handle whose last reference is gone names no allocation (a second hipMemRelease "
               "of it answers hipErrorInvalidValue); ROCm, whose handle is a pointer, would read "
               "freed memory here");
  if (mappings == 0 || mh__profile_is(MH_ROW_release_while_mapped, MH_CELL_crash))
    return say(t, "a.5#2",
               "%s checks nothing: the handle points at freed memory%s, so this call %s freed "
               "memory and may crash later, far from here",
               name, mappings != 0 ? " (its first release freed it, mappings and all)" : "",
               releasing ? "releases" : "reads");
  if (mappings == 1)
    return say(t, "a.5#2, b.1",
               "hipMemRelease checks nothing: it returns hipSuccess and drops the reference the "
               "mapping holds, so HIP frees its allocation object now, while the mapping still "
               "uses the memory, and the hipMemUnmap after reads that freed object");
  return say(t, "a.5#2, b.1",
             "hipMemRelease checks nothing: it returns hipSuccess and drops a reference one of the "
             "%zu mappings holds, so nothing is freed yet; the next-to-last hipMemUnmap frees "
             "HIP's allocation object while the last mapping still uses the memory, and the last "
             "hipMemUnmap reads that freed object",
             mappings);
}

const mh_truth *mh__truth_unmap_unmapped(mh_truth *t, bool reserved_hole) {
  if (mh__profile_is(MH_ROW_unmap_unmapped, MH_CELL_crash))
    return say(t, "a.7#2",
               "hipMemUnmap of an address no mapping holds dereferences NULL: the process "
               "crashes");
  if (reserved_hole && mh__profile_is(MH_ROW_unmap_unmapped, MH_CELL_Success))
    return say(t, "a.7#2",
               "hipMemUnmap of reserved address space that no mapping holds unmaps nothing and "
               "answers hipSuccess, as here (the newest ROCm answers hipErrorInvalidValue)");
  return say(t, "a.7#2",
             "hipMemUnmap of an address no mapping holds answers hipErrorInvalidValue, as here");
}

void mh__teach_misuse(mh_misuse kind, const mh_truth *truth) {
  mh_truth alone;
  if (truth == NULL && kind == MH_MISUSE_UNMAP_UNMAPPED)
    truth = mh__truth_unmap_unmapped(&alone, false);
  if (truth != NULL) {
    if (truth->text[0] != '\0')
      mh__teach_note(truth->row, "%s", truth->text);
    return;
  }
  switch (kind) {
  case MH_MISUSE_PARTIAL_UNMAP: unmap_note(); break;
  case MH_MISUSE_PARTIAL_ACCESS: access_note(); break;
  case MH_MISUSE_ACCESS_HOLE:
    mh__teach_note("a.8#5", "hipMemSetAccess over unmapped address space answers "
                            "hipErrorInvalidValue: every byte of [ptr, ptr+size) must be mapped");
    break;
  case MH_MISUSE_COPY_SPANS:
    mh__teach_note("a.8", "a copy is checked against nothing: it runs into whatever lies past "
                          "the memory object, or the GPU faults there");
    break;
  case MH_MISUSE_COPY_UNGRANTED:
    mh__teach_note("a.8#10", "ROCm checks the device's access to the mapping at the copy's "
                             "address only: this copy runs on into a mapping the device was not "
                             "granted, where a GPU may fault; grant every mapping of the range");
    break;
  case MH_MISUSE_MAP_PAST_END:
    mh__teach_note("a.6#4", "ROCm maps inside one reservation only: ROCr refuses a range that "
                            "runs past its reservation's end, which the newest ROCm answers "
                            "hipErrorInvalidValue and 6.x to 7.2 answer hipSuccess, mapping "
                            "nothing; reserve enough address space for every mapping");
    break;
  case MH_MISUSE_STREAM_RACE:
  case MH_MISUSE_USE_AFTER_FREE_ASYNC:
  case MH_MISUSE_FREED_IN_USE:
  case MH_MISUSE_HOST_UNSYNCED:
    mh__teach_note("b.9", "work queued on different streams runs in any order, and "
                          "alongside the host, unless an event, a synchronise or the "
                          "legacy null stream orders it; the GPU does not check");
    break;
  case MH_MISUSE_UNMAP_UNMAPPED: /* the truth of its event, above */
  case MH_MISUSE_FREE_MAPPED:
  case MH_MISUSE_DOUBLE_RELEASE:
  case MH_MISUSE_RELEASED_HANDLE:
  case MH_MISUSE_VERSION_CRASH: /* the strict line says what the release does */
  case MH_MISUSE_VERSION_BUG:
  case MH_MISUSE_KERNEL_DIVIDE:
  case MH_MISUSE_EVENT_UNRECORDED:
  case MH_MISUSE_COUNT: break;
  }
}

/* ---- said once per process: the same for every handle and mapping ---- */

static atomic_flag release_note_said = ATOMIC_FLAG_INIT;

void mh__teach_release_mapped(void) {
  if (teaching && !atomic_flag_test_and_set(&release_note_said))
    info_note("a.5#3, b.2",
              "releasing a mapped handle is fine: the memory lives on until its last mapping is "
              "unmapped, and until then the handle may be mapped again, but not released again");
}

/* ---- the host's access ---- */

static atomic_flag host_note_said = ATOMIC_FLAG_INIT; /* once per process */

/* What the CPU may not do to mapping m, whose host has Read (reads) or no access, and how
   it may come to, on the played release (a.8#6, a.8#9, b.11). */
static void host_note(const mh_mapping *m, bool reads) {
  const char *lacks = reads ? "only Read access, so the CPU cannot write this memory"
                            : "no access, so the CPU cannot read or write this memory";
  if (mh__host_mode() == MH_HOST_EVERY_LOCATION) {
    info_note("b.11, a.8#9",
              "the host has %s; the mock's CPU still can, because MOCKHIP_HOST_ACCESS=all "
              "lets it play the devices",
              lacks);
  } else if (mh__host_mode() == MH_HOST_RESERVATION_PAGES) {
    info_note("b.11, cpu_access",
              "the host has %s, yet the CPU reads and writes it without a fault here: "
              "the reservation is the CPU's own pages, which the device never sees, so "
              "what the CPU writes the device does not read (the mock's CPU touches the "
              "device's bytes instead); move the bytes with hipMemcpy",
              reads ? "only Read access" : "no access");
  } else if (mh__profile_is(MH_ROW_set_access_locations, MH_CELL_as_device)) {
    info_note("b.11, a.8#9",
              "the host has %s, and this release cannot grant the host access: copy the "
              "bytes with hipMemcpy",
              lacks);
  } else if (mh__profile_is(MH_ROW_set_access_locations, MH_CELL_host_located) &&
             m->phys->prop.location.type != HIPVMM_LOCATION_HOST) {
    info_note("b.11, a.8#9",
              "the host has %s, and the host may be granted access to Host-located "
              "allocations only: copy the bytes with hipMemcpy, or create the allocation "
              "at {hipMemLocationTypeHost, 0}",
              lacks);
  } else {
    info_note("b.11, a.8#9",
              "the host has %s until hipMemSetAccess grants it {hipMemLocationTypeHost, "
              "0} %s",
              lacks, reads ? "ReadWrite" : "access");
  }
}

void mh__teach_host_access(mh_state *s, const mh_mapping *first, size_t count) {
  if (!teaching)
    return;
  int host = MH_HOST_SLOT(s);
  const mh_mapping *m = first;
  for (size_t k = 0; k < count; k++, m = mh__mapping_next(s, m)) {
    unsigned device_access = 0;
    for (int d = 0; d < s->options.devices; d++)
      device_access |= m->access[d];
    if ((device_access & ~(unsigned)m->access[host]) == 0)
      continue;
    if (atomic_flag_test_and_set(&host_note_said))
      return; /* said once per process: the rule is the same for every mapping */
    host_note(m, m->access[host] == hipMemAccessFlagsProtRead);
    return;
  }
}
