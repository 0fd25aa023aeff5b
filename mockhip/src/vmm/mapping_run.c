/*
 * mapping_run.c: which mappings a hipMemUnmap or hipMemSetAccess over
 * [ptr, ptr+bytes) covers, as the ROCm release played chooses them (rows
 * unmap_size and set_access_size of profile_table.h): the newest runtime wants
 * whole back-to-back mappings adding up to exactly `bytes`; 6.x unmaps the
 * mapping containing ptr and widens a set-access to the mappings it touches;
 * 7.0-7.2 also compare `bytes` with the reservation's first mappings.
 */
#include "vmm/vmm.h"

/* The name of the call a range is for, in reasons. */
static const char *range_call(bool unmapping) {
  return unmapping ? "hipMemUnmap" : "hipMemSetAccess";
}

/* Records that the run stopped after m, at a hole or at the reservation's end. */
static void fail_past(mh_state *s, size_t bytes, const mh_mapping *m, bool unmapping) {
  char at[64];
  mh__describe_addr(s, m->base, at, sizeof at);
  mh__fail(hipErrorInvalidValue,
           "size %zu runs past the mapping at %s (%zu bytes) into %s: %s takes whole mappings, "
           "back to back, so size must end where a mapping ends",
           bytes, at, m->bytes,
           mh__region_containing(s, m->base + m->bytes) == m->reservation
               ? "unmapped address space"
               : "the end of the reservation",
           range_call(unmapping));
}

/* Records that [ptr, ptr+bytes) ends inside m, or starts inside first, and names the call that
   covers whole mappings: from first's start up to m's end (`whole` bytes). */
static void fail_inside(mh_state *s, void *ptr, size_t bytes, const mh_mapping *first,
                        const mh_mapping *m, size_t whole, bool unmapping) {
  char start[64], end_in[64], asked[64];
  mh__describe_addr(s, first->base, start, sizeof start);
  mh__describe_addr(s, m->base, end_in, sizeof end_in);
  mh__describe_addr(s, (uintptr_t)ptr, asked, sizeof asked);
  if ((uintptr_t)ptr != first->base)
    mh__fail(hipErrorInvalidValue,
             "ptr %s is inside the mapping that starts at %s (%zu bytes); %s takes whole "
             "mappings, not part of one: %s(%s, %zu%s) would cover it",
             asked, start, first->bytes, range_call(unmapping), range_call(unmapping), start, whole,
             unmapping ? "" : ", desc, count");
  else
    mh__fail(hipErrorInvalidValue,
             "size %zu ends inside the mapping that starts at %s (%zu bytes); %s takes whole "
             "mappings, so size must add up to them: %s(%s, %zu%s) would cover it",
             bytes, end_in, m->bytes, range_call(unmapping), range_call(unmapping), start, whole,
             unmapping ? "" : ", desc, count");
}

/*
 * The run of whole, back-to-back mappings that [ptr, ptr+bytes) names: it
 * starts with the mapping containing ptr and its sizes must add up to exactly
 * `bytes`, as ROCm's sub-buffer coverage check requires. Returns the first
 * mapping, or NULL with the reason recorded. Strict mode hears of ranges that
 * ROCm 6.x would have extended, crashed on or accepted in part.
 */
static mh_mapping *exact_run(mh_state *s, void *ptr, size_t bytes, size_t *count, bool unmapping) {
  mh_misuse partial = unmapping ? MH_MISUSE_PARTIAL_UNMAP : MH_MISUSE_PARTIAL_ACCESS;
  mh_mapping *first = mh__mapping_containing(s, (uintptr_t)ptr);
  /* ptr, and the mapping a report names, as reservation#N+offset: written only for a report,
     since every unmap and set-access comes through here */
  char at[64], there[64];
  if (first == NULL) {
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    if (unmapping)
      mh__misuse(MH_MISUSE_UNMAP_UNMAPPED, "%s is not mapped (ROCm 6.x dereferences NULL here)",
                 at);
    else
      mh__misuse(MH_MISUSE_ACCESS_HOLE, "%s + %zu starts at an unmapped address", at, bytes);
    mh__fail(hipErrorInvalidValue,
             "ptr %s is not inside a mapping (never mapped, or unmapped "
             "already)",
             at);
    return NULL;
  }
  if ((uintptr_t)ptr != first->base) {
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    mh__describe_addr(s, first->base, there, sizeof there);
    if (mh__profile_is(unmapping ? MH_ROW_unmap_size : MH_ROW_set_access_size, MH_CELL_whole_run)) {
      mh__fail(hipErrorInvalidValue,
               "ptr %s is inside the mapping that starts at %s: %s takes whole mappings from "
               "their start",
               at, there, mh__profile_title());
      return NULL;
    }
    mh__misuse(partial, "%s starts inside the mapping at %s; the whole mapping is affected", at,
               there);
  }
  size_t covered = 0;
  *count = 0;
  for (mh_mapping *m = first; covered < bytes;) {
    if (m->bytes > bytes - covered) {
      mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
      mh__describe_addr(s, m->base, there, sizeof there);
      mh__misuse(partial, "%s + %zu ends inside the mapping at %s (%zu bytes)", at, bytes, there,
                 m->bytes);
      fail_inside(s, ptr, bytes, first, m, covered + m->bytes, unmapping);
      return NULL;
    }
    covered += m->bytes;
    ++*count;
    if (covered == bytes)
      break;
    mh_mapping *next = mh__mapping_next(s, m);
    if (next == NULL || next->reservation != m->reservation) {
      mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
      mh__describe_addr(s, m->base, there, sizeof there);
      mh__misuse(unmapping ? partial : MH_MISUSE_ACCESS_HOLE,
                 "%s + %zu runs past the mapping at %s into unmapped space", at, bytes, there);
      fail_past(s, bytes, m, unmapping);
      return NULL;
    }
    m = next;
  }
  return first;
}

/*
 * The mapping an unmap removes on 6.0-6.4: the one containing ptr, whose size
 * 6.1 compares with `bytes` and 6.2-6.4 ignore (a.7#3), so a range over
 * several mappings leaves the rest mapped (ROCR-Runtime#285).
 */
static hipError_t containing_mapping(mh_state *s, void *ptr, size_t bytes, mh_mapping **out) {
  mh_mapping *m = mh__mapping_containing(s, (uintptr_t)ptr);
  bool whole_only = mh__profile_is(MH_ROW_unmap_size, MH_CELL_whole_mapping);
  /* The range reaches another mapping, which these releases leave mapped (6.1 takes the
     containing mapping whole, so there the size only has to be its size). */
  bool past = false;
  if (m != NULL && !whole_only && bytes > m->bytes - ((uintptr_t)ptr - m->base)) {
    mh_mapping *next = mh__mapping_next(s, m);
    past = next != NULL && next->base - (uintptr_t)ptr < bytes;
  }
  /* Less than the whole mapping: 6.1 refuses it, 6.2-6.4 unmap all of it with hipSuccess. */
  bool part = m != NULL && !past && ((uintptr_t)ptr != m->base || bytes != m->bytes);
  char at[64]; /* the mapping (or ptr) as reservation#N+offset, for a reason or a report only */
  if (m == NULL || part || past)
    mh__describe_addr(s, m != NULL ? m->base : (uintptr_t)ptr, at, sizeof at);
  if (m == NULL)
    return mh__profile_fail(MH_ROW_unmap_unmapped,
                            "ptr %s is not inside a mapping (never mapped, or unmapped already)",
                            at);
  char from[64];
  if (part)
    mh__describe_addr(s, (uintptr_t)ptr, from, sizeof from);
  if (part)
    mh__misuse(
        MH_MISUSE_PARTIAL_UNMAP, "%s + %zu names part of the mapping at %s (%zu bytes); %s %s",
        from, bytes, at, m->bytes, mh__profile_title(),
        whole_only && bytes != m->bytes ? "refuses it" : "unmaps all of it and returns hipSuccess");
  if (whole_only && bytes != m->bytes)
    return mh__fail(hipErrorInvalidValue,
                    "size %zu is not the size of the mapping ptr is in (%s, %zu bytes); "
                    "hipMemUnmap takes a whole mapping: hipMemUnmap(%s, %zu) would unmap it",
                    bytes, at, m->bytes, at, m->bytes);
  if (past)
    mh__misuse(MH_MISUSE_VERSION_BUG,
               "%s fails here: it unmaps only the mapping at %s (%zu bytes) of the %zu "
               "asked for; the rest stays mapped and the reservation's hipMemAddressFree fails "
               "later (a.7#3, ROCR-Runtime#285)",
               mh__profile_title(), at, m->bytes, bytes);
  *out = m;
  return hipSuccess;
}

/* Whether [ptr, ptr+bytes) lies in one reservation and holds no mapping. */
static bool reserved_unmapped(mh_state *s, void *ptr, size_t bytes) {
  uintptr_t base = (uintptr_t)ptr;
  mh_region *r = mh__region_containing(s, base);
  if (r == NULL || r->kind != MH_REGION_RESERVATION || bytes > r->bytes - (base - r->base) ||
      mh__mapping_containing(s, base) != NULL)
    return false;
  mh_tree_node *above = mh__tree_next(&s->mappings, base);
  return above == NULL || above->key >= base + bytes;
}

hipError_t mh__unmap_run(mh_state *s, void *ptr, size_t *bytes, mh_mapping **first, size_t *count) {
  /* The CUDA driver unmaps nothing there and answers success (H200); strict mode says so. */
  if (mh__profile_is(MH_ROW_unmap_unmapped, MH_CELL_Success) && reserved_unmapped(s, ptr, *bytes)) {
    char at[64];
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    mh_truth truth;
    mh__misuse_truth(MH_MISUSE_UNMAP_UNMAPPED, mh__truth_unmap_unmapped(&truth, true),
                     "%s + %zu holds no mapping", at, *bytes);
    *first = NULL;
    *count = 0;
    return hipSuccess;
  }
  if (mh__profile_is(MH_ROW_unmap_size, MH_CELL_exact_run) ||
      mh__profile_is(MH_ROW_unmap_size, MH_CELL_whole_run)) {
    *first = exact_run(s, ptr, *bytes, count, true);
    return *first != NULL ? hipSuccess : hipErrorInvalidValue;
  }
  hipError_t found = containing_mapping(s, ptr, *bytes, first);
  if (found == hipSuccess) {
    *bytes = (*first)->bytes;
    *count = 1;
  }
  return found;
}

/*
 * ROCm 6.x: ROCr widens [ptr, ptr+bytes) to the whole mappings it touches
 * (a.8#3); a hole or the reservation's end still fails. Returns the first
 * mapping, or NULL with the reason recorded.
 */
static mh_mapping *touched_run(mh_state *s, void *ptr, size_t bytes, size_t *count) {
  mh_mapping *first = mh__mapping_containing(s, (uintptr_t)ptr);
  if (first == NULL) {
    char at[64];
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    mh__fail(hipErrorInvalidValue, "ptr %s is not inside a mapping: set access on mapped memory",
             at);
    return NULL;
  }
  uintptr_t end = (uintptr_t)ptr + bytes;
  *count = 1;
  mh_mapping *m = first;
  for (; end > m->base + m->bytes; ++*count) {
    mh_mapping *next = mh__mapping_next(s, m);
    if (next == NULL || next->reservation != m->reservation) {
      fail_past(s, bytes, m, false);
      return NULL;
    }
    m = next;
  }
  if ((uintptr_t)ptr != first->base || end != m->base + m->bytes) {
    char at[64], from[64];
    mh__describe_addr(s, (uintptr_t)ptr, at, sizeof at);
    mh__describe_addr(s, first->base, from, sizeof from);
    size_t whole = m->base + m->bytes - first->base;
    mh__misuse(MH_MISUSE_PARTIAL_ACCESS,
               "%s + %zu starts or ends inside a mapping; %s widens it to the %zu mapping(s) it "
               "touches, %s + %zu, and returns hipSuccess",
               at, bytes, mh__profile_title(), *count, from, whole);
  }
  return first;
}

/*
 * ROCm 7.0-7.2 add up the sizes of the reservation's first mappings, not of
 * those from ptr on, and want `bytes` among those sums (rocm-systems#2516):
 * valid calls on later mappings of other sizes fail.
 */
static bool first_mappings_match(mh_state *s, const mh_mapping *at, size_t bytes) {
  const mh_region *reservation = at->reservation;
  mh_tree_node *n = mh__tree_next(&s->mappings, reservation->base - 1);
  size_t sum = 0;
  for (; n != NULL && sum < bytes; n = mh__tree_next(&s->mappings, n->key))
    sum += MH_CONTAINER(n, mh_mapping, node)->bytes;
  if (sum == bytes)
    return true;
  char from[64];
  mh__describe_addr(s, at->base, from, sizeof from);
  mh__misuse(MH_MISUSE_VERSION_BUG,
             "%s fails here: it compares size %zu with the sizes of the reservation's first "
             "mappings, not of those from %s (rocm-systems#2516)",
             mh__profile_title(), bytes, from);
  mh__fail(hipErrorInvalidValue,
           "size %zu is not the size of the reservation's first mapping(s): %s checks "
           "those, not the ones from ptr (rocm-systems#2516)",
           bytes, mh__profile_title());
  return false;
}

mh_mapping *mh__access_run(mh_state *s, void *ptr, size_t bytes, size_t *count) {
  if (mh__profile_is(MH_ROW_set_access_size, MH_CELL_extend))
    return touched_run(s, ptr, bytes, count);
  mh_mapping *first = exact_run(s, ptr, bytes, count, false);
  if (first != NULL && mh__profile_is(MH_ROW_set_access_size, MH_CELL_first_mappings) &&
      !first_mappings_match(s, first, bytes))
    return NULL;
  return first;
}
