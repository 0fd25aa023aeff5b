/*
 * explain_fault.c: what MOCKHIP_EXPLAIN says about a fault: what lies at the
 * address (a mapping and its access, a reserved range never mapped or since
 * unmapped, a freed reservation), the rule the touch broke and the call that
 * would have made it legal, written so a learner can paste it. explain.c's
 * signal handler calls it.
 *
 * It runs on a dying path: it formats with snprintf into one static buffer
 * and prints it with a single write(2), with no malloc and no stdio lock.
 * glibc's snprintf of %s, %d, %x and %p takes no lock and allocates nothing;
 * the call sites are named with dladdr (mh__site_format), which could only
 * hang if the fault struck inside the dynamic loader itself. The state is read
 * under pthread_rwlock_tryrdlock: when a call holds it (or this thread does,
 * faulting inside mockhip), the address is printed without looking it up.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "explain.h"

/* Why a mapped address faulted. */
typedef enum fault_kind {
  FAULT_NO_ACCESS,
  FAULT_READ_ONLY, /* a write where only reading is granted */
  FAULT_HOST,      /* the CPU is the host, and the host was not granted the access */
  FAULT_OTHER      /* the CPU may touch it: the fault has another cause */
} fault_kind;

static mh_state *explained; /* the state of the fault being explained */
static char text[8192];
static size_t text_len;

#define PREFIX "mockhip: explain: "

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  mh_text t = {text, sizeof text, text_len};
  va_list ap;
  va_start(ap, fmt);
  mh__text_vadd(&t, fmt, ap);
  va_end(ap);
  text_len = t.len;
}

static void write_all(const char *bytes, size_t count) {
  for (size_t done = 0; done < count;) {
    ssize_t n = write(STDERR_FILENO, bytes + done, count - done);
    if (n <= 0 && errno != EINTR)
      break;
    done += n > 0 ? (size_t)n : 0;
  }
}

static void flush(void) { write_all(text, text_len); }

static const char *flags_short(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "rw"
         : flags == hipMemAccessFlagsProtRead    ? "r"
                                                 : "-";
}

static const char *flags_name(unsigned flags) {
  return flags == hipMemAccessFlagsProtRead ? "hipMemAccessFlagsProtRead"
                                            : "hipMemAccessFlagsProtReadWrite";
}

static void say_site(const char *what, const void *site) {
  char where[512];
  mh__site_format(site, where, sizeof where);
  say("%s %s", what, where);
}

static void say_access(const mh_mapping *m) {
  say(PREFIX "  access:");
  for (int d = 0; d < explained->options.devices && d < 8; d++)
    say(" dev%d=%s", d, flags_short(m->access[d]));
  if (explained->options.devices > 8)
    say(" ...");
  const char *host = flags_short(m->access[MH_HOST_SLOT(explained)]);
  if (mh__host_strict())
    say(" host=%s (the CPU has the host's access alone, as on %s)\n", host, mh__profile_title());
  else if (mh__host_mode() == MH_HOST_RESERVATION_PAGES)
    say(" host=%s (on %s the CPU reads and writes a reservation whatever was granted)\n", host,
        mh__profile_title());
  else
    say(" host=%s (MOCKHIP_HOST_ACCESS=all: the CPU plays every location and has their "
        "union)\n",
        host);
}

/* The access needed: a read needs Read, a write (or an unknown direction) ReadWrite. */
static unsigned needed(mh_direction dir) {
  return dir == MH_DIR_READ ? hipMemAccessFlagsProtRead : hipMemAccessFlagsProtReadWrite;
}

static void say_set_access_fix(const mh_mapping *m, const char *type, const char *short_type,
                               int id, mh_direction dir) {
  unsigned flags = needed(dir);
  say(PREFIX "  fix:    hipMemSetAccess(%#lx, %zu, {%s %d, %s}, 1) would allow this; in C:\n",
      (unsigned long)m->base, m->bytes, short_type, id,
      flags == hipMemAccessFlagsProtRead ? "Read" : "ReadWrite");
  say(PREFIX "            hipMemAccessDesc desc = {{%s, %d}, %s};\n", type, id, flags_name(flags));
  say(PREFIX "            hipMemSetAccess((void *)%#lx, %zu, &desc, 1);\n", (unsigned long)m->base,
      m->bytes);
}

static void say_mapping(const mh_mapping *m) {
  char at[96];
  mh__describe_addr(explained, m->base, at, sizeof at);
  say(PREFIX "  mapping: %#lx-%#lx (%s, %zu bytes) of handle#%llu, ", (unsigned long)m->base,
      (unsigned long)(m->base + m->bytes), at, m->bytes, mh__id_number(m->phys->id, MH_ID_HANDLE));
  say_site("mapped at", m->site);
  if (m->phys->prop.location.type == hipMemLocationTypeDevice)
    say("\n" PREFIX "  handle#%llu: %zu bytes located on device %d, ",
        mh__id_number(m->phys->id, MH_ID_HANDLE), m->phys->bytes, m->phys->prop.location.id);
  else
    say("\n" PREFIX "  handle#%llu: %zu bytes located on the host (location type %d), ",
        mh__id_number(m->phys->id, MH_ID_HANDLE), m->phys->bytes, (int)m->phys->prop.location.type);
  say_site(m->phys->imported ? "imported at" : "created at", m->phys->site);
  say("\n");
}

static void say_region(const mh_region *r) {
  if (r->kind == MH_REGION_RESERVATION)
    say(PREFIX "  reservation#%lu: %#lx-%#lx (%zu bytes), ", r->number, (unsigned long)r->base,
        (unsigned long)(r->base + r->bytes), r->bytes);
  else
    say(PREFIX "  %s#%lu: %#lx-%#lx (%zu bytes asked), ", mockhip_api_name(r->made_by), r->number,
        (unsigned long)r->base, (unsigned long)(r->base + r->bytes), r->asked_bytes);
  say_site(r->kind == MH_REGION_RESERVATION ? "reserved at" : "allocated at", r->site);
  say("\n");
}

/* The host slot's fix, as the played release allows it (a.8#6, a.8#9): a grant of the host
   where it may be granted, else a copy; with its rule line when rule is set. It is the fix
   under both MOCKHIP_HOST_ACCESS modes: under `all` the CPU has the union, which holds the
   host's grant, and on a GPU the CPU has the host's alone. */
static void say_host_fix(const mh_mapping *m, mh_direction dir, bool rule) {
  if (mh__profile_is(MH_ROW_set_access_locations, MH_CELL_as_device)) {
    if (rule)
      say(PREFIX "  rule:   %s cannot grant the host access at all: every descriptor names a "
                 "device (a.8#6, a.8#9)\n",
          mh__profile_title());
    say(PREFIX "  fix:    move the bytes with hipMemcpy (the device copies them), or play a newer "
               "release (MOCKHIP_ROCM_VERSION)\n");
    return;
  }
  if (mh__profile_is(MH_ROW_set_access_locations, MH_CELL_host_located) &&
      m->phys->prop.location.type != HIPVMM_LOCATION_HOST) {
    if (rule)
      say(PREFIX "  rule:   CPU touches need hipMemLocationTypeHost access, and %s grants it "
                 "only to Host-located allocations (a.8#9); this one is on device %d\n",
          mh__profile_title(), m->phys->prop.location.id);
    if (mh__profile_nvidia())
      say(PREFIX "  fix:    move the bytes with hipMemcpy (the device copies them); or create "
                 "the allocation with prop.location = {hipMemLocationTypeHost, 0} and grant "
                 "{host 0}\n");
    else
      say(PREFIX "  fix:    create the allocation with prop.location = {hipMemLocationTypeHost, "
                 "0} and grant {host 0}, or move the bytes with hipMemcpy\n");
    return;
  }
  if (rule)
    say(PREFIX "  rule:   %s requires hipMemLocationTypeHost access for CPU touches; device "
               "access does not give the CPU any (a.8#9)\n",
        mh__profile_title());
  say_set_access_fix(m, "hipMemLocationTypeHost", "host", 0, dir);
}

/* Under MOCKHIP_HOST_ACCESS=all a device's grant lets the mock's CPU through too: say that it
   does not on a GPU, so the fix above is the one to take. */
static void say_all_note(void) {
  if (mh__host_mode() == MH_HOST_EVERY_LOCATION)
    say(PREFIX "  note:   a device's grant lets the CPU through only under "
               "MOCKHIP_HOST_ACCESS=all; on a GPU, as by default here, the CPU has the host's "
               "access alone\n");
}

static const char *access_words(unsigned flags) {
  return flags == hipMemAccessFlagsProtReadWrite ? "read-write"
         : flags == hipMemAccessFlagsProtRead    ? "read-only"
                                                 : "none";
}

/* The hipMemSetAccess that took the CPU's access away, as "hipMemSetAccess call #3 (at
   site)"; into out. */
static void limiting_call(const mh_mapping *m, char *out, size_t out_bytes) {
  char where[512];
  mh__site_format(m->limited_site, where, sizeof where);
  snprintf(out, out_bytes, "hipMemSetAccess call #%llu (at %s)", m->limited_by, where);
}

static fault_kind mapping_kind(const mh_mapping *m, mh_direction dir) {
  unsigned cpu = mh__cpu_access(explained, m);
  bool denied =
      cpu == hipMemAccessFlagsProtNone || (dir != MH_DIR_READ && cpu == hipMemAccessFlagsProtRead);
  if (!denied)
    return FAULT_OTHER;
  if (mh__host_strict())
    return cpu == hipMemAccessFlagsProtRead ? FAULT_READ_ONLY : FAULT_HOST;
  return cpu == hipMemAccessFlagsProtNone ? FAULT_NO_ACCESS : FAULT_READ_ONLY;
}

/* Access taken away on purpose: which call did it, and the fix is either side of it. */
static void explain_limited(const mh_mapping *m, mh_direction dir) {
  char call[640];
  limiting_call(m, call, sizeof call);
  unsigned cpu = mh__cpu_access(explained, m);
  say(PREFIX "  what:   access was set to %s by %s, from %s: the access was removed on "
             "purpose\n",
      access_words(cpu), call, access_words(m->limited_from));
  say(PREFIX "  rule:   after hipMemSetAccess takes access away, a touch faults (a GPU's "
             "kernel faults alike); it stays away until hipMemSetAccess grants it again (a.8)\n");
  say(PREFIX "  caught: if the access was taken away to catch a late touch, this is one: the "
             "code that made it is the bug\n");
  say(PREFIX "  or:     if the touch is meant, make it before hipMemSetAccess call #%llu, or grant "
             "the access again after it:\n",
      m->limited_by);
  say_host_fix(m, dir, false);
}

/* The "when:" line of a mapping made where an unmapped one was granted what this one lacks:
   the unmap dropped the grant (b.5). The CPU is the host, or under MOCKHIP_HOST_ACCESS=all any
   location. */
static void say_dropped_grant(const mh_mapping *m, uintptr_t addr, mh_direction dir) {
  char line[1536] = "";
  mh_text t = {line, sizeof line, 0};
  if (mh__explain_dropped_grant(&t, explained, m, addr,
                                mh__host_strict() ? MH_HOST_SLOT(explained) : -1, needed(dir)))
    say(PREFIX "  when:   %s\n", line);
}

static void explain_mapping(const mh_mapping *m, uintptr_t addr, mh_direction dir) {
  fault_kind kind = mapping_kind(m, dir);
  say_region(m->reservation);
  say_mapping(m);
  say_access(m);
  if ((kind == FAULT_NO_ACCESS || kind == FAULT_HOST) && m->limited_by != 0) {
    explain_limited(m, dir);
    say_all_note();
    return;
  }
  switch (kind) {
  case FAULT_NO_ACCESS:
    say(PREFIX "  what:   mapped, but no location has access to it\n");
    say_dropped_grant(m, addr, dir);
    say(PREFIX "  rule:   a new mapping has no access; hipMemSetAccess must grant it before any "
               "touch, and a CPU touch needs the host's (b.5, a.8, a.8#9)\n");
    say_host_fix(m, dir, false);
    say_all_note();
    break;
  case FAULT_READ_ONLY:
    say(PREFIX "  what:   a write where only reading is granted\n");
    if (m->limited_by != 0) {
      char call[640];
      limiting_call(m, call, sizeof call);
      say(PREFIX "  when:   %s set it read-only, from %s: writing was taken away on purpose\n",
          call, access_words(m->limited_from));
    } else {
      say_dropped_grant(m, addr, MH_DIR_WRITE);
    }
    say(PREFIX "  rule:   hipMemAccessFlagsProtRead allows reads only; writes need "
               "hipMemAccessFlagsProtReadWrite\n");
    say_host_fix(m, MH_DIR_WRITE, false);
    say_all_note();
    break;
  case FAULT_HOST:
    say(PREFIX "  what:   the host was not granted %s access, and the CPU touches this memory "
               "as the host\n",
        dir == MH_DIR_READ ? "read" : "read-write");
    say_dropped_grant(m, addr, dir);
    say_host_fix(m, dir, true);
    break;
  default:
    say(PREFIX "  what:   the CPU has %s access here, so the page protection is not the cause\n",
        flags_short(mh__cpu_access(explained, m)));
    break;
  }
}

const mh_mapping *mh__explain_overrun_of(mh_state *s, const mh_region *r, uintptr_t addr) {
  mh_tree_node *n = mh__tree_floor(&s->mappings, addr);
  if (n == NULL)
    return NULL;
  const mh_mapping *m = MH_CONTAINER(n, mh_mapping, node);
  uintptr_t end = m->base + m->bytes;
  size_t reach = m->bytes < s->options.granularity ? m->bytes : s->options.granularity;
  return m->reservation == r && end <= addr && addr - end < reach ? m : NULL;
}

/* "1st", "2nd", "3rd", "11th": n's ordinal suffix. */
static const char *ordinal(size_t n) {
  if (n % 100 >= 11 && n % 100 <= 13)
    return "th";
  return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

void mh__explain_overrun_what(mh_text *t, mh_state *s, const mh_mapping *m, uintptr_t addr,
                              mh_direction dir, size_t bytes) {
  char at[96], reached[96];
  mh__describe_addr(s, m->base, at, sizeof at);
  mh__describe_addr(s, addr, reached, sizeof reached);
  /* addr is the first byte the access could not touch, not its size: the byte's place past
     the end is said, and the size only where the instruction says it */
  size_t place = addr - (m->base + m->bytes) + 1;
  mh__text_add(t, "an overrun: %s", mh__direction_name(dir));
  if (bytes != 0)
    mh__text_add(t, " of %zu byte%s", bytes, bytes == 1 ? "" : "s");
  if (place == 1)
    mh__text_add(t, " reached %s, the first byte past the end of", reached);
  else
    mh__text_add(t, " reached %s, the %zu%s byte past the end of", reached, place, ordinal(place));
  mh__text_add(t, " the mapping at %s (%zu bytes, handle#%llu)", at, m->bytes,
               mh__id_number(m->phys->id, MH_ID_HANDLE));
}

/* An access just past the end of a mapping: an overrun. Its size is the faulting
   instruction's, read at pc unless pc is mock memory too (a jump there). */
static bool explain_overrun(const mh_region *r, uintptr_t addr, mh_direction dir, const void *pc) {
  const mh_mapping *m = mh__explain_overrun_of(explained, r, addr);
  if (m == NULL)
    return false;
  char last[96];
  mh__describe_addr(explained, m->base + m->bytes - 1, last, sizeof last);
  size_t bytes = mh__region_containing(explained, (uintptr_t)pc) == NULL ? mh__access_bytes(pc) : 0;
  say(PREFIX "  what:   ");
  mh_text t = {text, sizeof text, text_len};
  mh__explain_overrun_what(&t, explained, m, addr, dir, bytes);
  text_len = t.len;
  say(", ");
  say_site("mapped at", m->site);
  say("\n" PREFIX "  rule:   a mapping ends where its size ends; the reserved space after it has "
      "no memory behind it (a.6)\n");
  say(PREFIX "  fix:    check the size or the index that reached here: the mapping's last byte "
             "is %s; map more memory there only if the range is meant to be longer\n",
      last);
  return true;
}

static void explain_reserved(const mh_region *r, uintptr_t addr, mh_direction dir, const void *pc) {
  say_region(r);
  const mh_gone *g = mh__explain_gone_at(addr, MH_GONE_MAPPING);
  if (g != NULL && g->number == r->number) { /* not an earlier reservation at this address */
    say(PREFIX "  what:   unmapped: %#lx-%#lx (%zu bytes, handle#%llu) ", (unsigned long)g->base,
        (unsigned long)(g->base + g->bytes), g->bytes, mh__id_number(g->handle, MH_ID_HANDLE));
    say_site("was mapped at", g->made_site);
    say_site(", and unmapped by hipMemUnmap at", g->gone_site);
    say("\n" PREFIX "  rule:   after hipMemUnmap the range is bare address space again: a pointer "
        "into it dangles (a.7)\n");
    say(PREFIX "  fix:    finish every touch before hipMemUnmap, or map a handle there again "
               "(hipMemMap) and grant access (hipMemSetAccess)\n");
    return;
  }
  if (explain_overrun(r, addr, dir, pc))
    return;
  size_t granule = explained->options.granularity;
  uintptr_t start = addr & ~(uintptr_t)(granule - 1);
  say(PREFIX "  what:   reserved, but nothing is mapped here\n");
  say(PREFIX "  rule:   a reservation is address space only; memory is behind it once hipMemMap "
             "places a handle there (a.6)\n");
  say(PREFIX "  fix:    map a handle there first, then grant access:\n");
  say(PREFIX "            hipMemCreate(&handle, %zu, &prop, 0);\n", granule);
  say(PREFIX "            hipMemMap((void *)%#lx, %zu, 0, handle, 0);\n", (unsigned long)start,
      granule);
}

static void explain_freed_block(const mh_gone *g) {
  say(PREFIX "  %s#%lu: %#lx-%#lx (%zu bytes), ", mockhip_api_name(g->made_by), g->number,
      (unsigned long)g->base, (unsigned long)(g->base + g->bytes), g->bytes);
  say_site("allocated at", g->made_site);
  say(", freed by %s call #%llu ", mockhip_api_name(g->gone_by), g->gone_call);
  say_site("at", g->gone_site);
  say("\n" PREFIX "  what:   the memory was freed\n");
  say(PREFIX "  rule:   freed memory is gone from the device and the host alike: a pointer into it "
             "dangles\n");
  say(PREFIX "  fix:    free memory after its last touch (synchronize first when a kernel or a "
             "copy still uses it)\n");
}

static void explain_released(const mh_gone *g) {
  say(PREFIX "  reservation#%lu: %#lx-%#lx (%zu bytes), ", g->number, (unsigned long)g->base,
      (unsigned long)(g->base + g->bytes), g->bytes);
  say_site("reserved at", g->made_site);
  say_site(", freed by hipMemAddressFree at", g->gone_site);
  say("\n" PREFIX "  what:   the reservation was freed\n");
  say(PREFIX "  rule:   after hipMemAddressFree the range belongs to the system again: a pointer "
             "into it dangles (a.3)\n");
  say(PREFIX "  fix:    free the reservation after its last touch; tear down in the order "
             "hipMemUnmap, hipMemRelease, hipMemAddressFree (b.7)\n");
}

void mh__explain_fault(mh_state *s, int sig, uintptr_t addr, mh_direction dir, const void *pc) {
  explained = s;
  text_len = 0;
  const char *name = sig == SIGBUS ? "SIGBUS" : "SIGSEGV";
  char at[96];
  snprintf(at, sizeof at, "%#lx", (unsigned long)addr);
  bool mock = false;
  if (pthread_rwlock_tryrdlock(explained->lock) != 0) {
    say(PREFIX "%s at %#lx (%s); mockhip's state is held by a call in progress, so whether "
               "this is mock memory is unknown\n",
        name, (unsigned long)addr, mh__direction_name(dir));
  } else {
    mh_region *r = mh__region_containing(explained, addr);
    const mh_gone *gone =
        r == NULL ? mh__explain_gone_at(addr, MH_GONE_RESERVATION | MH_GONE_BLOCK) : NULL;
    const mh_gone *freed = gone != NULL && gone->kind == MH_GONE_RESERVATION ? gone : NULL;
    const mh_gone *block = gone != NULL && gone->kind == MH_GONE_BLOCK ? gone : NULL;
    if (r != NULL || freed != NULL || block != NULL) {
      mock = true;
      if (r != NULL)
        mh__describe_addr(explained, addr, at, sizeof at);
      else if (freed != NULL)
        snprintf(at, sizeof at, "reservation#%lu+%#lx, freed", freed->number,
                 (unsigned long)(addr - freed->base));
      else
        snprintf(at, sizeof at, "%s#%lu+%#lx, freed", mockhip_api_name(block->made_by),
                 block->number, (unsigned long)(addr - block->base));
      say(PREFIX "%s at %s (%#lx): %s by the CPU\n", name, at, (unsigned long)addr,
          mh__direction_name(dir));
      mh_mapping *m = r != NULL ? mh__mapping_containing(explained, addr) : NULL;
      if (block != NULL)
        explain_freed_block(block);
      else if (freed != NULL)
        explain_released(freed);
      else if (m != NULL)
        explain_mapping(m, addr, dir);
      else if (r->kind == MH_REGION_RESERVATION)
        explain_reserved(r, addr, dir, pc);
      else {
        say_region(r);
        say(PREFIX "  what:   hipMalloc-family memory is always readable and writable here; the "
                   "fault has another cause\n");
      }
    }
    pthread_rwlock_unlock(explained->lock);
  }
  size_t said = text_len;
  if (explained->options.explain) {
    flush();
  } else if (mock) { /* one line, so a bare "Segmentation fault" is not all a learner sees */
    char hint[256];
    int n = snprintf(hint, sizeof hint,
                     "mockhip: %s at %s (%s by the CPU), in memory mockhip manages: run again "
                     "with MOCKHIP_EXPLAIN=1 to hear why and how to fix it\n",
                     name, at, mh__direction_name(dir));
    write_all(hint, n > 0 && (size_t)n < sizeof hint ? (size_t)n : sizeof hint - 1);
  }
  char where[512] = "";
  if (pc != NULL)
    mh__site_format(pc, where, sizeof where);
  char what[256];
  snprintf(what, sizeof what, "%s of %s by the CPU", mh__direction_name(dir), at);
  mh__trace_html_fault(name, what, where, text, said);
  text_len = 0;
}
