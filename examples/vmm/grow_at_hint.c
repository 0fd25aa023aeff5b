/*
 * grow_at_hint.c: growing a range by reserving the addresses right behind it.
 *
 * growable_vector reserves all the addresses it may ever need up front. When
 * that size is not known, AMD's how-to grows a range this way: reserve more
 * addresses with hipMemAddressReserve's addr = the end of the range. addr is
 * a hint: when those addresses are free, the new reservation starts there and
 * a chunk mapped into it extends the range in place; when they are taken, the
 * call still succeeds, somewhere else, and the range must move: reserve one
 * range big enough for everything, map the same handles there (nothing is
 * copied), map the new chunk behind them, and free the old addresses. The
 * lesson does both, and says which happened. A range grown in place is still
 * two reservations to the runtime: a copy, hipMemUnmap and hipMemAddressFree
 * stay inside one. Mistake: `break` maps the new chunk at the hint, not at
 * the address the reservation returned (refused: those addresses are not
 * one reservation of the lesson's).
 */
#include "lesson.h"

#define MAX_CHUNKS 4

typedef struct range {
  char *base;                                         /* where the range starts */
  size_t chunks;                                      /* mappings, back to back from base */
  size_t chunk_bytes;                                 /* every chunk's size */
  hipMemGenericAllocationHandle_t handle[MAX_CHUNKS]; /* kept: a move maps them again */
  void *reservation[MAX_CHUNKS]; /* the reservations the range spans, and their sizes */
  size_t reservation_bytes[MAX_CHUNKS];
  size_t reservations;
  hipMemAllocationProp prop;
} range;

/* Maps handle at `at` and grants device 0 read and write there. */
static void map_chunk(const range *r, char *at, hipMemGenericAllocationHandle_t handle) {
  CHECK(hipMemMap(at, r->chunk_bytes, 0, handle, 0));
  hipMemAccessDesc read_write = {.location = r->prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};
  CHECK(hipMemSetAccess(at, r->chunk_bytes, &read_write, 1));
}

/* Writes text at the start of chunk i (each copy stays inside one reservation). */
static void write_chunk(const range *r, size_t i, const char *text) {
  CHECK(hipMemcpyHtoD(r->base + i * r->chunk_bytes, text, strlen(text) + 1));
}

/* Reads what chunk i starts with into out (size bytes). */
static void read_chunk(const range *r, size_t i, char *out, size_t bytes) {
  CHECK(hipMemcpyDtoH(out, r->base + i * r->chunk_bytes, bytes));
  out[bytes - 1] = '\0';
}

/* Unmaps every chunk, one call each, and frees every reservation the range spans. A copy from
   pageable memory may still be landing when hipMemcpy returns (HIP on NVIDIA returns once the
   bytes are staged), so the device is synchronised first: an unmap must not race it. */
static void unmap_and_free(range *r) {
  CHECK(hipDeviceSynchronize());
  for (size_t i = 0; i < r->chunks; i++)
    CHECK(hipMemUnmap(r->base + i * r->chunk_bytes, r->chunk_bytes));
  for (size_t i = 0; i < r->reservations; i++)
    CHECK(hipMemAddressFree(r->reservation[i], r->reservation_bytes[i]));
  r->reservations = 0;
}

/*
 * Grows r by one chunk: reserve at the hint, the end of the range; map there if
 * the hint was honoured, else move everything to a new range. Returns whether
 * the range grew in place. Mistake 1 maps at the hint although it was not.
 */
static int grow(range *r, int mistake, size_t *leaked) {
  char *end = r->base + r->chunks * r->chunk_bytes;
  void *next;
  CHECK(hipMemAddressReserve(&next, r->chunk_bytes, 0, end, 0));
  hipMemGenericAllocationHandle_t handle;
  CHECK(hipMemCreate(&handle, r->chunk_bytes, &r->prop, 0));
  if (next == end) {
    printf("grow: hipMemAddressReserve(&next, %zu, 0, end, 0) returned end itself: the hint was "
           "honoured\n",
           r->chunk_bytes);
    map_chunk(r, next, handle);
    r->reservation[r->reservations] = next;
    r->reservation_bytes[r->reservations++] = r->chunk_bytes;
    r->handle[r->chunks++] = handle;
    printf("  mapped the new chunk at end: %zu chunks at %p, in place, over %zu reservations\n",
           r->chunks, (void *)r->base, r->reservations);
    return 1;
  }

  printf("grow: hipMemAddressReserve(&next, %zu, 0, end, 0) returned another address: the "
         "addresses at end are taken\n",
         r->chunk_bytes);
  /* Where the map lands outside the lesson's reservations, the release either maps nothing and
     keeps the reference the map took (ROCm 7.2 and older), or really maps there (HIP on NVIDIA:
     the driver checks where a map starts, not where it ends; table (g) row
     map_past_reservation). */
  int maps_anyway = strcmp(mockhip_profile_cell("map_past_reservation"), "free_space") == 0;
  if (mistake == 1 &&
      !lesson_refused(hipMemMap(end, r->chunk_bytes, 0, handle, 0),
                      "hipMemMap(end, chunk_bytes, 0, handle, 0): at the hint, not at next",
                      "map where hipMemAddressReserve says, next; the addresses at end are "
                      "someone else's (had they been a reservation as big as the chunk, this "
                      "map would have gone into it)",
                      maps_anyway
                          ? "maps it: the range starts inside the other reservation and runs "
                            "on into free addresses, which the driver lets through (observed on "
                            "an H200, docs/hip-vmm-semantics.md a.6#4); the chunk now sits in "
                            "someone else's addresses, whose owner cannot free them until it is "
                            "unmapped"
                          : "returns hipSuccess and maps nothing: ROCr refuses a range that is "
                            "not inside one reservation, HIP only logs it, and the handle keeps "
                            "the reference the map took (docs/hip-vmm-semantics.md a.6#4)")) {
    if (maps_anyway) {
      CHECK(hipMemUnmap(end, r->chunk_bytes));
      printf("  unmapped it again from end, so that the other reservation can be freed\n");
    } else {
      *leaked += 1;
    }
  }
  /* The fallback: one new range for everything. The chunk-sized one is of no use. */
  CHECK(hipMemAddressFree(next, r->chunk_bytes));
  size_t bytes = (r->chunks + 1) * r->chunk_bytes;
  void *moved;
  CHECK(hipMemAddressReserve(&moved, bytes, 0, NULL, 0));
  for (size_t i = 0; i < r->chunks; i++)
    map_chunk(r, (char *)moved + i * r->chunk_bytes, r->handle[i]);
  map_chunk(r, (char *)moved + r->chunks * r->chunk_bytes, handle);
  printf("  fallback: reserved %zu chunks' addresses at %p, mapped the %zu old handles there "
         "and the new one behind them\n",
         r->chunks + 1, moved, r->chunks);
  unmap_and_free(r); /* the old addresses: the memory stays, mapped at `moved` */
  r->base = moved;
  r->reservation[r->reservations] = moved;
  r->reservation_bytes[r->reservations++] = bytes;
  r->handle[r->chunks++] = handle;
  printf("  unmapped and freed the old addresses: %zu chunks at %p, moved without a copy\n",
         r->chunks, (void *)r->base);
  return 0;
}

static const char *const mistakes[] = {
    "mapping at the hint when hipMemAddressReserve returned another address"};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "grow_at_hint", mistakes, 1);
  range r = {.prop = {.type = hipMemAllocationTypePinned,
                      .location = {.type = hipMemLocationTypeDevice, .id = 0}}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &r.prop, hipMemAllocationGranularityMinimum));
  r.chunk_bytes = 2 * granularity;
  CHECK(hipMemCreate(&r.handle[0], r.chunk_bytes, &r.prop, 0));

  /* Whether a hint is honoured depends on what lies behind the range. mockhip, like Linux's
     mmap, puts each new range below the last one, so the addresses right behind a range are
     mostly taken; to show a hint honoured, make room first: reserve 4 chunks' addresses, give
     them back, and reserve the range's first chunk at their start. */
  void *room;
  CHECK(hipMemAddressReserve(&room, 4 * r.chunk_bytes, 0, NULL, 0));
  CHECK(hipMemAddressFree(room, 4 * r.chunk_bytes));
  void *first;
  CHECK(hipMemAddressReserve(&first, r.chunk_bytes, 0, room, 0));
  r.base = first;
  r.reservation[0] = first;
  r.reservation_bytes[0] = r.chunk_bytes;
  r.reservations = 1;
  map_chunk(&r, r.base, r.handle[0]);
  r.chunks = 1;
  write_chunk(&r, 0, "chunk 0");
  printf("one chunk of %zu bytes at %p, free addresses behind it\n", r.chunk_bytes, (void *)r.base);

  size_t leaked = 0;
  int ok = grow(&r, 0, &leaked) == 1;
  write_chunk(&r, 1, "chunk 1");

  /* Something else takes the addresses behind the range: a reservation of one granule. */
  void *neighbour;
  char *end = r.base + r.chunks * r.chunk_bytes;
  CHECK(hipMemAddressReserve(&neighbour, granularity, 0, end, 0));
  printf("another reservation now holds the addresses behind the range%s\n",
         neighbour == end ? "" : " (NOT: it went elsewhere)");
  ok = ok && neighbour == end;

  ok = grow(&r, mistake, &leaked) == 0 && ok;
  write_chunk(&r, 2, "chunk 2");
  char seen[3][8];
  for (size_t i = 0; i < 3; i++)
    read_chunk(&r, i, seen[i], sizeof seen[i]);
  printf("read at the new address: \"%s\", \"%s\", \"%s\"\n", seen[0], seen[1], seen[2]);
  ok = ok && strcmp(seen[0], "chunk 0") == 0 && strcmp(seen[1], "chunk 1") == 0 &&
       strcmp(seen[2], "chunk 2") == 0;

  unmap_and_free(&r);
  for (size_t i = 0; i < r.chunks; i++)
    CHECK(hipMemRelease(r.handle[i]));
  CHECK(hipMemAddressFree(neighbour, granularity));
  if (leaked)
    printf("unmapped, released, freed; %zu object left: the handle, which the failed map holds\n",
           mockhip_live_objects());
  else
    printf("unmapped, released, freed; %zu objects left\n", mockhip_live_objects());
  return ok && mockhip_live_objects() == leaked ? 0 : 1;
}
