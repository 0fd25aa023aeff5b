/*
 * pick.c: turns input bytes into call arguments, valid and invalid.
 *
 * Most picks aim at something that exists (a live mapping, a live handle, the
 * size of a whole run of mappings), because that is where the rules are; the
 * rest are the invalid neighbours: NULL, garbage, stale values, misaligned or
 * odd sizes. Handle values are only ever reused as the mock returned them,
 * never made from numbers, except for the garbage value 0x1234.
 *
 * Sizes and offsets count in the profile's granule (4096 bytes, or 2 MiB on
 * NVIDIA). Every address the decoder makes lies within 36 granules of a
 * reservation's or mapping's start and every length is at most 3 granules, so
 * the model's shadow (MODEL_SHADOW_GRANULES per allocation, or all of it)
 * always covers what is touched.
 *
 * The values the mock handed out are remembered here for later picks, live or
 * stale, and pool_memory_unknown says where pool memory the model cannot speak
 * for may lie, so that no pick aims there.
 */
#include "harness.h"
#include "model_internal.h"

#define G (st->model.granule)
#define GARBAGE_HANDLE ((uintptr_t)0x1234)
#define GARBAGE_SEEN ((uintptr_t)0x5eed0000)    /* plus a byte: a handle no one handed out */
#define UNRESERVED_ADDRESS ((uintptr_t)0x10000) /* never handed out by mmap here */

static unsigned char host_bytes[64]; /* host memory: never device memory */

uint8_t take(fuzz_state *st) { return st->pos < st->size ? st->data[st->pos++] : 0; }

bool input_left(const fuzz_state *st) { return st->pos < st->size; }

uint32_t take_u32(fuzz_state *st) {
  uint32_t value = 0;
  for (int i = 0; i < 4; i++)
    value = value << 8 | take(st);
  return value;
}

void remember_handle(fuzz_state *st, uintptr_t handle) {
  st->handles[st->handle_count++ % SEEN_MAX] = handle;
}

void remember_reservation(fuzz_state *st, uintptr_t base, size_t bytes) {
  st->reservations[st->reservation_count++ % SEEN_MAX] = (seen_reservation){base, bytes};
}

void remember_block(fuzz_state *st, uintptr_t base) {
  st->blocks[st->block_count++ % SEEN_MAX] = base;
}

void remember_pool(fuzz_state *st, uintptr_t pool) {
  for (unsigned i = 0; i < seen_count(st->pool_count); i++)
    if (st->pools[i] == pool)
      return;
  st->pools[st->pool_count++ % SEEN_MAX] = pool;
}

/* ---- handles the host runtime handed out ---- */

/* A remembered value (live or stale) most of the time; else NULL, garbage or `special`. */
uintptr_t pick_seen(fuzz_state *st, const uintptr_t *ring, unsigned count, uintptr_t special) {
  uint8_t b = take(st);
  unsigned n = seen_count(count);
  if (b % 8 < 5 && n > 0)
    return ring[take(st) % n];
  return b % 8 == 5 ? 0 : b % 8 == 6 ? special : GARBAGE_SEEN + b;
}

uintptr_t pick_stream_handle(fuzz_state *st) {
  return pick_seen(st, st->streams, st->stream_count, (uintptr_t)hipStreamLegacy);
}

/* ---- pool memory ---- */

/* The bytes a new chunk of a device's pool takes: 32 MiB, or an eighth of a small device. */
size_t pool_chunk_bytes(const model *m) {
  size_t chunk = (size_t)32 << 20;
  while (chunk > m->capacity / 8 && chunk > m->granule)
    chunk /= 2;
  return chunk;
}

bool pool_memory_unknown(const fuzz_state *st, uintptr_t ptr, size_t bytes) {
  const model *m = &st->model;
  for (int i = 0; i < MODEL_MAX_BLOCKS; i++) {
    const model_block *b = &m->blocks[i];
    if (b->live && b->kind == BLOCK_POOL && ptr >= b->base && ptr - b->base < b->bytes) {
      /* another device granted access: not fuzzed here (test_mempool.c covers it) */
      bool granted_peer = b->device != m->device && model__pool_device_may(m, b->pool, m->device);
      return granted_peer || bytes > b->bytes - (ptr - b->base);
    }
  }
  /* the chunk a block of this input lies in stays mapped while the pool caches; any byte
     within a chunk of one may be the pool's */
  size_t chunk = pool_chunk_bytes(m);
  for (unsigned i = 0; i < seen_count(st->pool_block_count); i++) {
    uintptr_t base = st->pool_blocks[i];
    if (ptr + bytes > base - chunk && ptr < base + chunk)
      return true;
  }
  return false;
}

/* ---- addresses ---- */

/* The start, an interior granule or the end of a live mapping (the first
   live one from the chosen slot on); 0 when there is none. */
static uintptr_t in_mapping(fuzz_state *st) {
  unsigned start = take(st);
  const model_mapping *map = NULL;
  for (unsigned k = 0; k < MODEL_MAX_MAPPINGS && map == NULL; k++)
    if (st->model.mappings[(start + k) % MODEL_MAX_MAPPINGS].live)
      map = &st->model.mappings[(start + k) % MODEL_MAX_MAPPINGS];
  if (map == NULL)
    return 0;
  uint8_t where = take(st);
  switch (where % 4) {
  case 2: {
    size_t granules = map->bytes / G < 32 ? map->bytes / G : 32;
    return map->base + (where / 4) % granules * G;
  }
  case 3: return map->base + map->bytes; /* the next mapping's start, or a hole */
  default: return map->base;
  }
}

/* A granule of a reservation seen in this run (live or freed), now and then
   off the granule boundary. */
static uintptr_t in_reservation(fuzz_state *st) {
  if (st->reservation_count == 0)
    return UNRESERVED_ADDRESS;
  const seen_reservation *r = &st->reservations[take(st) % seen_count(st->reservation_count)];
  uint8_t where = take(st);
  const size_t skew[8] = {0, 0, 0, 0, 0, 2048, 1, G - 1};
  return r->base + (where % 36) * G + skew[where / 32];
}

uintptr_t pick_address(fuzz_state *st) {
  uint8_t mode = take(st) % 16;
  if (mode == 0)
    return 0;
  if (mode == 1)
    return (uintptr_t)host_bytes;
  if (mode == 2)
    return UNRESERVED_ADDRESS;
  if (mode <= 8) {
    uintptr_t ptr = in_mapping(st);
    if (ptr != 0)
      return ptr;
  }
  uintptr_t ptr = in_reservation(st);
  /* A freed reservation's range may hold a hipMalloc-family block or pool memory now, which
     the VMM calls' model does not know: such an address stands for one no one holds. */
  bool elsewhere = model_block_pages_hold(&st->model, ptr) ||
                   pool_memory_unknown(st, ptr, 3 * MODEL_MAX_GRANULE);
  return elsewhere ? UNRESERVED_ADDRESS : ptr;
}

/* ---- handles ---- */

uintptr_t pick_handle(fuzz_state *st) {
  uint8_t mode = take(st) % 16;
  if (mode == 0)
    return 0;
  if (mode == 1 || (mode >= 11 && st->handle_count == 0))
    return GARBAGE_HANDLE;
  if (mode == 2) /* a reservation's address: a pointer, but no handle */
    return st->reservation_count ? st->reservations[0].base : GARBAGE_HANDLE;
  if (mode <= 10) { /* a live one, as the model knows it */
    unsigned start = take(st);
    for (unsigned k = 0; k < MODEL_MAX_PHYS; k++) {
      const model_phys *phys = &st->model.phys[(start + k) % MODEL_MAX_PHYS];
      if (phys->live)
        return phys->handle;
    }
    return GARBAGE_HANDLE;
  }
  return st->handles[take(st) % seen_count(st->handle_count)]; /* maybe released */
}

/* ---- sizes ---- */

size_t pick_reserve_bytes(fuzz_state *st) {
  uint8_t b = take(st);
  unsigned k = b & 31;
  const size_t bad[4] = {0, G - 1, G + 2048, 1};
  switch (b >> 5) {
  case 5: return bad[k % 4];
  case 6: return k < 4 ? (size_t)1 << 30 : (k + 1) * G; /* big: address space costs nothing */
  default: return (k + 1) * G;
  }
}

size_t pick_alignment(fuzz_state *st) {
  const size_t alignments[8] = {0, 0, G, 2048, 3, (size_t)1 << 21, (size_t)1 << 30, 1};
  return alignments[take(st) % 8];
}

size_t pick_create_bytes(fuzz_state *st) {
  uint8_t b = take(st);
  unsigned k = b & 15;
  size_t capacity = st->model.capacity;
  const size_t odd[8] = {0,
                         1,
                         G - 1,
                         6912, /* e.15: not a multiple of 2048 */
                         2048, /* a multiple of 2048, not of the page */
                         capacity,
                         capacity + G,
                         2 * capacity + 1};
  switch (b >> 4) {
  case 10:
  case 11: return k * G + 2048;
  case 12: return odd[k % 8];
  case 13: return (k + 1) * 16 * G; /* up to the whole capacity */
  default: return (k + 1) * G;
  }
}

size_t pick_map_bytes(fuzz_state *st, uintptr_t ptr, uintptr_t handle) {
  size_t whole = model_handle_bytes(&st->model, handle);
  if (whole == 0)
    whole = G;
  uint8_t b = take(st);
  switch (b % 8) {
  case 3: return G;
  case 4: return ((b >> 3) % 8 + 1) * G;
  case 5: return (b >> 3) % 2 ? 2048 : 0;
  case 6: return whole + G; /* more than the allocation */
  case 7: {
    size_t left = model_reservation_left(&st->model, ptr);
    return left ? left : whole;
  }
  default: return whole;
  }
}

size_t pick_run_bytes(fuzz_state *st, uintptr_t ptr) {
  uint8_t b = take(st);
  size_t one = model_run_bytes(&st->model, ptr, 1);
  if (one == 0)
    one = ((b >> 3) % 4 + 1) * G;
  switch (b % 8) {
  case 3: return model_run_bytes(&st->model, ptr, 2);
  case 4: return model_run_bytes(&st->model, ptr, 3);
  case 5: return (b >> 3) % 2 ? one + G : one - G; /* part of a mapping, or past the run */
  case 6: return (b >> 3) % 2 ? 0 : one - 1;
  case 7: return ((b >> 3) % 8 + 1) * G;
  default: return one;
  }
}

size_t pick_copy_bytes(fuzz_state *st) {
  uint8_t b = take(st);
  switch (b % 8) {
  case 0: return 0;
  case 1:
  case 2: return 1 + take(st) % 64;
  case 3: return G;
  default: {
    size_t high = take(st);
    return 1 + ((high << 8 | take(st)) % (3 * G));
  }
  }
}

/* ---- locations and flags ---- */

hipMemLocation pick_location(fuzz_state *st) {
  uint8_t b = take(st);
  int high = b >> 4;
  switch (b % 16) {
  case 8:
  case 9:
  case 10: return (hipMemLocation){hipMemLocationTypeDevice, 1};
  case 11: return (hipMemLocation){hipMemLocationTypeDevice, high % 2 ? MODEL_DEVICES : -1};
  case 12: return (hipMemLocation){hipMemLocationTypeHost, high}; /* id ignored */
  case 13:
    return (hipMemLocation){hipMemLocationTypeHostNuma, high % 2}; /* node 1 does not exist */
  case 14: return (hipMemLocation){hipMemLocationTypeHostNumaCurrent, high};
  case 15: return (hipMemLocation){high % 2 ? (hipMemLocationType)7 : hipMemLocationTypeInvalid, 0};
  default: return (hipMemLocation){hipMemLocationTypeDevice, 0};
  }
}

hipMemAccessFlags pick_access_flags(fuzz_state *st) {
  static const unsigned flags[8] = {3, 3, 3, 1, 1, 0, 2, 0xffffffffu};
  return (hipMemAccessFlags)flags[take(st) % 8];
}
