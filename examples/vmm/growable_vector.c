/*
 * growable_vector.c: a vector on the device that grows without copying.
 *
 * A vector on hipMalloc memory grows by allocating a larger block, copying
 * everything over and freeing the old one: the pointer changes and every
 * growth costs a copy of the whole vector. With VMM, reserve a large range of
 * addresses once, map memory only at its start, and grow by creating a new
 * chunk and mapping it right behind the last one: the pointer never changes
 * and no byte is copied (mockhip's call counters check that no copy runs
 * while it grows). (NVIDIA's "Introducing Low-Level GPU Virtual Memory
 * Management" tells this story for CUDA; the calls are the same on HIP.)
 * Mistake: `break` grows past the end of the reservation (the newest ROCm
 * refuses the map; ROCm 7.2 and older return hipSuccess and map nothing, and
 * the lesson says so).
 */
#include "lesson.h"

#define MAX_CHUNKS 16

typedef struct vector {
  char *base;            /* the reservation: the vector's address, for its whole life */
  size_t reserved_bytes; /* how far it may ever grow */
  size_t mapped_bytes;   /* how much memory is mapped: the capacity */
  size_t chunks;         /* mappings, each of its own handle */
  size_t chunk_bytes[MAX_CHUNKS];
  hipMemAllocationProp prop;
} vector;

/* Maps `bytes` more memory at the end of the vector: create, map, set access, release. */
static hipError_t vector_grow(vector *v, size_t bytes) {
  if (v->chunks == MAX_CHUNKS)
    return hipErrorOutOfMemory;
  hipMemGenericAllocationHandle_t handle;
  hipError_t error = hipMemCreate(&handle, bytes, &v->prop, 0);
  if (error != hipSuccess)
    return error;
  error = hipMemMap(v->base + v->mapped_bytes, bytes, 0, handle, 0);
  if (error != hipSuccess) {
    hipMemRelease(handle);
    return error;
  }
  /* Access is set on the new chunk only: the old ones keep theirs. */
  hipMemAccessDesc read_write = {.location = v->prop.location,
                                 .flags = hipMemAccessFlagsProtReadWrite};
  error = hipMemSetAccess(v->base + v->mapped_bytes, bytes, &read_write, 1);
  if (error != hipSuccess) {
    hipMemUnmap(v->base + v->mapped_bytes, bytes);
    hipMemRelease(handle);
    return error;
  }
  /* The mapping keeps the memory alive: the handle is not needed any more. */
  hipMemRelease(handle);
  v->chunk_bytes[v->chunks++] = bytes;
  v->mapped_bytes += bytes;
  return hipSuccess;
}

/* Unmaps every chunk (one hipMemUnmap per mapping), then frees the addresses. */
static void vector_free(vector *v) {
  size_t at = 0;
  for (size_t i = 0; i < v->chunks; i++) {
    CHECK(hipMemUnmap(v->base + at, v->chunk_bytes[i]));
    at += v->chunk_bytes[i];
  }
  CHECK(hipMemAddressFree(v->base, v->reserved_bytes));
}

/* Reads the first `count` ints back and checks that element i holds i. */
static int holds_its_values(const vector *v, size_t count) {
  int *values = malloc(count * sizeof *values);
  int ok = values != NULL && hipMemcpyDtoH(values, v->base, count * sizeof *values) == hipSuccess;
  for (size_t i = 0; ok && i < count; i++)
    ok = values[i] == (int)i;
  free(values);
  return ok;
}

/* Writes element i = i for i in [from, to), in one copy. */
static int fill(vector *v, size_t from, size_t to) {
  int *values = malloc((to - from) * sizeof *values);
  for (size_t i = from; values != NULL && i < to; i++)
    values[i - from] = (int)i;
  int ok = values != NULL && hipMemcpyHtoD(v->base + from * sizeof *values, values,
                                           (to - from) * sizeof *values) == hipSuccess;
  free(values);
  return ok;
}

/* Copy calls made so far, of every kind: mockhip counts each entry point's calls. */
static unsigned long long copy_calls(void) {
  mockhip_stats_t stats = MOCKHIP_STATS_INIT;
  CHECK(mockhip_stats(&stats));
  return stats.calls[MOCKHIP_CALL_hipMemcpy] + stats.calls[MOCKHIP_CALL_hipMemcpyHtoD] +
         stats.calls[MOCKHIP_CALL_hipMemcpyDtoH] + stats.calls[MOCKHIP_CALL_hipMemcpyDtoD] +
         stats.calls[MOCKHIP_CALL_hipMemcpyPeer];
}

static const char *const mistakes[] = {"growing past the end of the reservation"};

int main(int argc, char **argv) {
  int mistake = lesson_mistake(argc, argv, "growable_vector", mistakes, 1);
  vector v = {.prop = {.type = hipMemAllocationTypePinned,
                       .location = {.type = hipMemLocationTypeDevice, .id = 0}}};
  size_t granularity;
  CHECK(hipMemGetAllocationGranularity(&granularity, &v.prop, hipMemAllocationGranularityMinimum));
  v.reserved_bytes = 16 * granularity;
  void *base;
  CHECK(hipMemAddressReserve(&base, v.reserved_bytes, 0, NULL, 0));
  v.base = base;
  printf("reserved %zu granules of addresses once, at %p\n", v.reserved_bytes / granularity, base);

  /* Start with one granule, then double: each growth maps as much again behind it. */
  CHECK(vector_grow(&v, granularity));
  size_t count = v.mapped_bytes / sizeof(int);
  int ok = fill(&v, 0, count);
  printf("capacity %2zu granules (%6zu ints) in %zu mapping(s), pointer %p\n",
         v.mapped_bytes / granularity, count, v.chunks, (void *)v.base);
  unsigned long long copies_in_growth = 0;
  while (ok && v.mapped_bytes < v.reserved_bytes) {
    unsigned long long before = copy_calls();
    CHECK(vector_grow(&v, v.mapped_bytes));
    copies_in_growth += copy_calls() - before;
    ok = holds_its_values(&v, count) && fill(&v, count, v.mapped_bytes / sizeof(int));
    count = v.mapped_bytes / sizeof(int);
    printf("capacity %2zu granules (%6zu ints) in %zu mapping(s), pointer %p, old values %s\n",
           v.mapped_bytes / granularity, count, v.chunks, (void *)v.base, ok ? "kept" : "LOST");
  }
  ok = ok && holds_its_values(&v, count) && copies_in_growth == 0;
  printf("grew to the whole reservation in place: the same pointer, %llu copies while growing%s\n",
         copies_in_growth, ok ? "" : " (FAILED: values lost or copied)");

  size_t leaked = 0; /* a handle a release's failed map keeps */
  if (mistake == 1) {
    /* vector_grow's steps, by hand, one granule past the end of the reservation. */
    hipMemGenericAllocationHandle_t handle;
    CHECK(hipMemCreate(&handle, granularity, &v.prop, 0));
    int refused = lesson_refused(
        hipMemMap(v.base + v.mapped_bytes, granularity, 0, handle, 0),
        "hipMemMap(v.base + v.mapped_bytes, granularity, 0, handle, 0) when full",
        "reserve enough addresses up front (they cost no memory), or reserve a larger range and "
        "map the same handles there: a move, still without copying",
        "returns hipSuccess and maps nothing: ROCr refuses a range outside the reservation, HIP "
        "only logs it, and the reference the map took is never given back, so the handle outlives "
        "its release (docs/hip-vmm-semantics.md a.6#4)");
    CHECK(hipMemRelease(handle));
    leaked = !refused;
  }

  vector_free(&v);
  if (leaked)
    printf("unmapped %zu mappings and freed the addresses; %zu object left: the handle, which "
           "the failed map holds\n",
           v.chunks, mockhip_live_objects());
  else
    printf("unmapped %zu mappings and freed the addresses; %zu objects left\n", v.chunks,
           mockhip_live_objects());
  return ok && mockhip_live_objects() == leaked ? 0 : 1;
}
