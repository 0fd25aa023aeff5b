/*
 * model_access.c: who may touch mapped memory, and what it holds (reference
 * a.8, a.9, b.3-b.5; README "What mockhip emulates" and its differences table).
 *
 * Access is kept per mapping and per location (each device, then the host).
 * Copies and sets are checked against the calling device's access to every
 * byte they touch: Read for a source, ReadWrite for a destination. From 7.0
 * the CPU is the host alone (cpu_access `host_slot`): it may touch what the
 * host was granted, whatever the devices may; on 6.x every mapping
 * (`reservation_pages`).
 * Contents live in shadow bytes per allocation: aliases share them, and they
 * survive unmap and remap.
 */
#include "model_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned char *model__shadow_at(const model *m, uintptr_t addr, size_t bytes) {
  int i = model__mapping_at(m, addr);
  if (i < 0)
    abort(); /* callers check the range first */
  const model_memory *memory = &m->memories[m->phys[m->mappings[i].phys].memory];
  size_t offset = addr - m->mappings[i].base;
  if (offset + bytes > m->shadow_bytes) {
    fprintf(stderr, "vmm_fuzz: model: offset %zu + %zu is past the shadow (%zu bytes)\n", offset,
            bytes, m->shadow_bytes);
    abort();
  }
  return memory->shadow + offset;
}

/* How many bytes from addr (up to end) the mapping containing addr holds. */
static size_t segment_bytes(const model *m, uintptr_t addr, uintptr_t end) {
  const model_mapping *map = &m->mappings[model__mapping_at(m, addr)];
  uintptr_t stop = map->base + map->bytes;
  return (size_t)((stop < end ? stop : end) - addr);
}

static void shadow_read(const model *m, uintptr_t addr, size_t bytes, unsigned char *out) {
  for (size_t done = 0, n; done < bytes; done += n) {
    n = segment_bytes(m, addr + done, addr + bytes);
    memcpy(out + done, model__shadow_at(m, addr + done, n), n);
  }
}

static void shadow_write(model *m, uintptr_t addr, const unsigned char *in, size_t bytes) {
  for (size_t done = 0, n; done < bytes; done += n) {
    n = segment_bytes(m, addr + done, addr + bytes);
    memcpy(model__shadow_at(m, addr + done, n), in + done, n);
  }
}

/* Every byte of [ptr, ptr + bytes) inside one reservation and mapped, with at
   least `need` for location (hipSuccess, else the code of the refusal). A device pointer names one
   reservation, as ROCm looks up one memory object per pointer: a range that runs into the next
   reservation is refused even when that one is mapped and accessible. HIP on NVIDIA asks the
   mappings alone (g: copy_access `whole_range`): there it may run on into the next. */
static hipError_t range_allows(const model *m, int location, uintptr_t ptr, size_t bytes,
                               unsigned need) {
  uintptr_t end;
  if (!model__end(ptr, bytes, &end))
    return hipErrorInvalidValue;
  if (m->profile->copy_across_reservations ? model__mapping_at(m, ptr) < 0
                                           : model_reservation_left(m, ptr) < bytes)
    return hipErrorInvalidValue;
  for (uintptr_t at = ptr; at < end;) {
    int i = model__mapping_at(m, at);
    if (i < 0)
      return hipErrorInvalidValue;
    /* g: copy_access: from 6.3 ROCm asks the mapping at the address alone (Unknown); the
       mock refuses any mapping of the range otherwise */
    bool first_only = m->profile->copy_first_mapping;
    if ((m->mappings[i].access[location] & need) != need && (!first_only || at == ptr))
      return first_only ? hipErrorUnknown : hipErrorInvalidValue;
    at = m->mappings[i].base + m->mappings[i].bytes;
  }
  return hipSuccess;
}

/* ---- set and get access (a.8, a.9) ---- */

/* Every mapping of [ptr, ptr + bytes), which must lie in ptr's reservation
   with no hole (g: set_access_size `extend`, as ROCr widens the range). */
static int touched_mappings(const model *m, uintptr_t ptr, size_t bytes, int *run) {
  uintptr_t end;
  if (!model__end(ptr, bytes, &end) || model_reservation_left(m, ptr) < bytes)
    return 0;
  int count = 0;
  for (uintptr_t at = ptr; at < end && count < MODEL_MAX_MAPPINGS;) {
    int i = model__mapping_at(m, at);
    if (i < 0)
      return 0;
    run[count++] = i;
    at = m->mappings[i].base + m->mappings[i].bytes;
  }
  return count;
}

/* g: set_access_size `first_mappings` (rocm-systems#2516): the size is summed
   over the mappings of ptr's reservation from its lowest address up. */
static bool first_mappings_add_up(const model *m, uintptr_t ptr, size_t bytes) {
  int r = model__reservation_at(m, ptr);
  size_t sum = 0;
  for (uintptr_t after = m->reservations[r].base; sum < bytes;) {
    int next = -1; /* the lowest mapping at or above `after` */
    for (int i = 0; i < MODEL_MAX_MAPPINGS; i++) {
      const model_mapping *map = &m->mappings[i];
      if (map->live && map->base >= after && model__reservation_at(m, map->base) == r &&
          (next < 0 || map->base < m->mappings[next].base))
        next = i;
    }
    if (next < 0)
      return false;
    sum += m->mappings[next].bytes;
    after = m->mappings[next].base + m->mappings[next].bytes;
  }
  return sum == bytes;
}

/* The mappings a set-access of [ptr, ptr + bytes) applies to under the
   profile's set_access_size rule; 0 when the range is refused (a.8#2-#5). */
static int access_run(const model *m, uintptr_t ptr, size_t bytes, int *run) {
  if (model__mapping_at(m, ptr) < 0)
    return 0;
  switch (m->profile->set_access_size) {
  case RANGE_EXTEND: return touched_mappings(m, ptr, bytes, run);
  case RANGE_FIRST_MAPPINGS:
    if (!first_mappings_add_up(m, ptr, bytes))
      return 0;
    return model__covered_run(m, ptr, bytes, run);
  case RANGE_WHOLE_RUN: /* from a mapping's first byte only */
    return m->mappings[model__mapping_at(m, ptr)].base == ptr
               ? model__covered_run(m, ptr, bytes, run)
               : 0;
  default: return model__covered_run(m, ptr, bytes, run);
  }
}

/* Every mapping of the run holds Host-located memory. */
static bool host_located(const model *m, const int *run, int count) {
  for (int i = 0; i < count; i++)
    if (m->phys[m->mappings[run[i]].phys].prop.location.type != hipMemLocationTypeHost)
      return false;
  return true;
}

/* The access-array index a descriptor names under the profile's
   set_access_locations, -1 when it names none (InvalidValue), -2 when it names the
   host on memory that `host_located` refuses it (g: host_access_refusal). */
static int location_index(const model *m, const hipMemLocation *location, const int *run,
                          int count) {
  int id = location->id;
  bool device_id = id >= 0 && id < MODEL_DEVICES;
  model_access_locations rule = m->profile->set_access_locations;
  if (rule == ACCESS_AS_DEVICE) /* the type is not read: every descriptor is a device's */
    return device_id ? id : -1;
  switch (location->type) {
  case hipMemLocationTypeDevice: return device_id ? id : -1;
  case hipMemLocationTypeHost: /* id ignored */
    return rule == ACCESS_ALL_LOCATIONS || host_located(m, run, count) ? MODEL_HOST : -2;
  case hipMemLocationTypeHostNumaCurrent: return rule == ACCESS_ALL_LOCATIONS ? MODEL_HOST : -1;
  case hipMemLocationTypeHostNuma: /* one NUMA node */
    return rule == ACCESS_ALL_LOCATIONS && id == 0 ? MODEL_HOST : -1;
  default: return -1;
  }
}

hipError_t model_set_access(model *m, uintptr_t ptr, size_t bytes, const hipMemAccessDesc *desc,
                            size_t count) {
  if (ptr == 0 || bytes == 0 || desc == NULL || count == 0)
    return hipErrorInvalidValue;
  int run[MODEL_MAX_MAPPINGS];
  int mappings = access_run(m, ptr, bytes, run);
  if (mappings == 0)
    return hipErrorInvalidValue;
  /* Descriptors apply one by one: a bad one keeps those before it (a.8 semantics); g:
     set_access_order `all_or_nothing`: all are checked first (pass 0), then applied. */
  for (int pass = m->profile->set_access_all_or_nothing ? 0 : 1; pass < 2; pass++)
    for (size_t k = 0; k < count; k++) {
      int location = location_index(m, &desc[k].location, run, mappings);
      unsigned flags = (unsigned)desc[k].flags;
      if (location == -2)
        return m->profile->host_access_refusal; /* before the flags are looked at */
      if (location < 0 ||
          (flags != hipMemAccessFlagsProtNone && flags != hipMemAccessFlagsProtRead &&
           flags != hipMemAccessFlagsProtReadWrite))
        return hipErrorInvalidValue;
      for (int i = 0; pass == 1 && i < mappings; i++)
        m->mappings[run[i]].access[location] = flags;
    }
  return hipSuccess;
}

hipError_t model_get_access(const model *m, bool flags_null, const hipMemLocation *location,
                            uintptr_t ptr, unsigned long long *expect) {
  if (flags_null || location == NULL || ptr == 0)
    return hipErrorInvalidValue;
  if (!m->profile->get_access_checked)
    return hipSuccess; /* g: get_access_checked `no`: nothing looked up or written */
  /* a.9#2, #3: devices only; g: get_access_host, get_access_device_id */
  bool host = location->type == hipMemLocationTypeHost && m->profile->get_access_host;
  /* g: get_access_device_id `InvalidDevice`: a location of type Invalid names no device */
  if (location->type == hipMemLocationTypeInvalid &&
      m->profile->get_access_device_id == hipErrorInvalidDevice)
    return hipErrorInvalidDevice;
  if (location->type != hipMemLocationTypeDevice && !host)
    return hipErrorInvalidValue;
  if (!host && (location->id < 0 || location->id >= MODEL_DEVICES))
    return m->profile->get_access_device_id;
  int i = model__mapping_at(m, ptr);
  if (i < 0)
    return hipErrorInvalidValue;
  *expect = m->mappings[i].access[host ? MODEL_HOST : location->id];
  return hipSuccess;
}

hipError_t model_set_device(model *m, int device) {
  if (device < 0 || device >= MODEL_DEVICES)
    return hipErrorInvalidDevice;
  m->device = device;
  m->ctx_active[device] = true; /* a primary context is active once a thread named it */
  return hipSuccess;
}

/* ---- copies and sets: the calling device's access decides ---- */

#define NEED_READ ((unsigned)hipMemAccessFlagsProtRead)
#define NEED_WRITE ((unsigned)hipMemAccessFlagsProtReadWrite)

hipError_t model_copy_htod(model *m, uintptr_t dst, const unsigned char *src, size_t bytes) {
  if (bytes == 0)
    return hipSuccess; /* nothing asked, nothing checked */
  if (dst == 0 || src == NULL)
    return hipErrorInvalidValue;
  hipError_t err = range_allows(m, m->device, dst, bytes, NEED_WRITE);
  if (err != hipSuccess)
    return err;
  shadow_write(m, dst, src, bytes);
  return hipSuccess;
}

hipError_t model_copy_dtoh(const model *m, unsigned char *expect, bool dst_null, uintptr_t src,
                           size_t bytes) {
  if (bytes == 0)
    return hipSuccess;
  if (dst_null || src == 0)
    return hipErrorInvalidValue;
  hipError_t err = range_allows(m, m->device, src, bytes, NEED_READ);
  if (err != hipSuccess)
    return err;
  shadow_read(m, src, bytes, expect);
  return hipSuccess;
}

static hipError_t device_copy(model *m, uintptr_t dst, int dst_device, uintptr_t src,
                              int src_device, size_t bytes) {
  if (bytes == 0)
    return hipSuccess;
  if (dst == 0 || src == 0)
    return hipErrorInvalidValue;
  hipError_t err = range_allows(m, src_device, src, bytes, NEED_READ);
  if (err == hipSuccess)
    err = range_allows(m, dst_device, dst, bytes, NEED_WRITE);
  if (err != hipSuccess)
    return err;
  unsigned char *staged = malloc(bytes);
  if (staged == NULL)
    abort();
  shadow_read(m, src, bytes, staged);
  shadow_write(m, dst, staged, bytes);
  free(staged);
  return hipSuccess;
}

hipError_t model_copy_dtod(model *m, uintptr_t dst, uintptr_t src, size_t bytes) {
  return device_copy(m, dst, m->device, src, m->device, bytes);
}

hipError_t model_copy_peer(model *m, uintptr_t dst, int dst_device, uintptr_t src, int src_device,
                           size_t bytes) {
  if (dst_device < 0 || dst_device >= MODEL_DEVICES || src_device < 0 ||
      src_device >= MODEL_DEVICES)
    return hipErrorInvalidDevice;
  return device_copy(m, dst, dst_device, src, src_device, bytes);
}

hipError_t model_memset(model *m, uintptr_t dst, unsigned char value, size_t bytes) {
  if (bytes == 0)
    return hipSuccess;
  if (dst == 0)
    return hipErrorInvalidValue;
  hipError_t err = range_allows(m, m->device, dst, bytes, NEED_WRITE);
  if (err != hipSuccess)
    return err;
  for (size_t done = 0, n; done < bytes; done += n) {
    n = segment_bytes(m, dst + done, dst + bytes);
    memset(model__shadow_at(m, dst + done, n), value, n);
  }
  return hipSuccess;
}

hipError_t model_memset_d32(model *m, uintptr_t dst, uint32_t value, size_t count) {
  size_t bytes;
  if (count == 0)
    return hipSuccess;
  if (__builtin_mul_overflow(count, sizeof value, &bytes) || dst == 0)
    return hipErrorInvalidValue;
  hipError_t err = range_allows(m, m->device, dst, bytes, NEED_WRITE);
  if (err != hipSuccess)
    return err;
  unsigned char *words = malloc(bytes);
  if (words == NULL)
    abort();
  for (size_t i = 0; i < count; i++)
    memcpy(words + i * sizeof value, &value, sizeof value);
  shadow_write(m, dst, words, bytes);
  free(words);
  return hipSuccess;
}

/* ---- aliasing ---- */

typedef struct piece {
  const unsigned char *start;
  size_t bytes;
} piece;

/* The shadow pieces behind a fully mapped range; how many (at most max). */
static int pieces_of(const model *m, uintptr_t ptr, size_t bytes, piece *out, int max) {
  int count = 0;
  for (size_t done = 0, n; done < bytes && count < max; done += n) {
    n = segment_bytes(m, ptr + done, ptr + bytes);
    out[count++] = (piece){model__shadow_at(m, ptr + done, n), n};
  }
  return count;
}

bool model_copy_overlaps(const model *m, uintptr_t dst, uintptr_t src, size_t bytes) {
  if (bytes == 0 || range_allows(m, MODEL_HOST, dst, bytes, 0) != hipSuccess ||
      range_allows(m, MODEL_HOST, src, bytes, 0) != hipSuccess)
    return false; /* the copy will be refused: nothing is read or written */
  piece a[MODEL_MAX_MAPPINGS], b[MODEL_MAX_MAPPINGS];
  int na = pieces_of(m, dst, bytes, a, MODEL_MAX_MAPPINGS);
  int nb = pieces_of(m, src, bytes, b, MODEL_MAX_MAPPINGS);
  for (int i = 0; i < na; i++)
    for (int j = 0; j < nb; j++)
      if (a[i].start < b[j].start + b[j].bytes && b[j].start < a[i].start + a[i].bytes)
        return true;
  return false;
}

/* ---- the CPU ---- */

static size_t cpu_prefix(const model *m, uintptr_t ptr, size_t bytes, unsigned need) {
  uintptr_t end;
  if (!model__end(ptr, bytes, &end))
    abort();
  uintptr_t at = ptr;
  while (at < end) {
    int i = model__mapping_at(m, at);
    if (i < 0)
      break;
    /* g: cpu_access `host_slot`: the host's rights; `reservation_pages`: everything
       (MOCKHIP_HOST_ACCESS, which would override both, the fuzzer clears) */
    unsigned granted =
        m->profile->cpu_reservation_pages ? NEED_WRITE : m->mappings[i].access[MODEL_HOST];
    if ((granted & need) != need)
      break;
    at = m->mappings[i].base + m->mappings[i].bytes;
  }
  return at < end ? (size_t)(at - ptr) : bytes;
}

size_t model_cpu_readable(const model *m, uintptr_t ptr, size_t bytes) {
  return cpu_prefix(m, ptr, bytes, NEED_READ);
}

size_t model_cpu_writable(const model *m, uintptr_t ptr, size_t bytes) {
  return cpu_prefix(m, ptr, bytes, NEED_WRITE);
}

void model_cpu_read(const model *m, uintptr_t ptr, size_t bytes, unsigned char *out) {
  shadow_read(m, ptr, bytes, out);
}

void model_cpu_write(model *m, uintptr_t ptr, const unsigned char *in, size_t bytes) {
  shadow_write(m, ptr, in, bytes);
}
