/*
 * vmm_fuzz.c: the libFuzzer entry points of the differential fuzzer.
 *
 * An input is a sequence of steps: one byte picks the call, the bytes after
 * it its arguments (pick.c). Each step runs on mockhip and on the model
 * (model*.c); any difference in result, output, contents or counters aborts
 * (check.c). Every input ends with a teardown through the HIP API that must
 * leave mockhip with no live object, so inputs do not depend on each other.
 *
 * The mock plays MODEL_DEVICES devices of the model's capacity each and the
 * release the environment names: the ROCm release MOCKHIP_ROCM_VERSION names
 * (newest when unset), or HIP on NVIDIA under MOCKHIP_PLATFORM=nvidia (the
 * profile "nvidia"); the model plays the same release's profile. The options
 * are set before the first HIP call, which is when mockhip reads them, so one
 * process plays one profile.
 * VMM_FUZZ_TRACE=1 prints every call with its result (to read a reproducer).
 */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_STEPS 64

typedef struct fuzz_op {
  const char *name;
  void (*run)(fuzz_state *st);
  /* Where streams run asynchronously, it runs beside queued work: no wait before it, and
     the counters wait too. The rest (and everything, serially) start and end with every
     device's work done: they change what queued work may touch, or look at memory and
     counters directly. */
  bool overlaps;
} fuzz_op;

/* Repeats weight the calls that carry the most rules. make_corpus.py spells
   its seeds with this table: change them together. */
static const fuzz_op ops[] = {
    {"reserve", op_reserve, false},
    {"reserve", op_reserve, false},
    {"address free", op_address_free, false},
    {"granularity", op_granularity, false},
    {"create", op_create, false},
    {"create", op_create, false},
    {"release", op_release, false},
    {"map", op_map, false},
    {"map", op_map, false},
    {"map", op_map, false},
    {"unmap", op_unmap, false},
    {"unmap", op_unmap, false},
    {"set access", op_set_access, false},
    {"set access", op_set_access, false},
    {"get access", op_get_access, false},
    {"retain", op_retain, false},
    {"properties", op_properties, false},
    {"export", op_export, false},
    {"import", op_import, false},
    {"close fd", op_close_fd, false},
    {"set device", op_set_device, false},
    {"copy", op_copy, true},
    {"copy", op_copy, true},
    {"copy", op_copy, true},
    {"cpu read", op_cpu_read, false},
    {"cpu write", op_cpu_write, false},
    {"stream create", op_stream_create, false},
    {"stream destroy", op_stream_destroy, false},
    {"stream query", op_stream_query, true},
    {"stream get", op_stream_get, true},
    {"stream wait event", op_stream_wait_event, true},
    {"event create", op_event_create, false},
    {"event record", op_event_record, true},
    {"event query", op_event_query, true},
    {"event elapsed", op_event_elapsed, true},
    {"event destroy", op_event_destroy, false},
    {"block alloc", op_block_alloc, false},
    {"block alloc", op_block_alloc, false},
    {"block free", op_block_free, false},
    {"block copy", op_block_copy, true},
    {"block copy", op_block_copy, true},
    {"context", op_ctx, false},
    {"context", op_ctx, false},
    {"primary context", op_primary_ctx, false},
    {"peer", op_peer, false},
    {"device reset", op_device_reset, false},
    {"pool alloc", op_pool_alloc, false},
    {"pool alloc", op_pool_alloc, false},
    {"pool get", op_pool_get, false},
    {"pool set current", op_pool_set_current, false},
    {"pool create", op_pool_create, false},
    {"pool destroy", op_pool_destroy, false},
    {"pool access", op_pool_access, false},
    {"pool tune", op_pool_tune, false},
    {"graph", op_graph, false},
    {"graph", op_graph, false},
    {"graph", op_graph, false},
    {"array", op_array, false},
    {"host work", op_host_work, false},
    {"context create", op_ctx_create, false},
};
#define OP_COUNT (sizeof ops / sizeof ops[0])

static fuzz_state st; /* the model's profile lives from input to input */

/* What the profile says of the runtime as a whole: its platform and release, the versions
   and attribute 89 (g: vmm_attribute), checked once. */
static void check_runtime(const model_profile *profile) {
  const char *platform = profile->nvidia ? "nvidia" : "amd";
  if (strcmp(mockhip_platform(), platform) != 0 ||
      strcmp(mockhip_rocm_version(), profile->release) != 0)
    check_fail(&st, "mockhip plays %s on %s, the model %s on %s", mockhip_rocm_version(),
               mockhip_platform(), profile->release, platform);
  int runtime = 0, driver = 0;
  if (hipRuntimeGetVersion(&runtime) != hipSuccess || hipDriverGetVersion(&driver) != hipSuccess ||
      runtime != profile->version || driver != profile->version)
    check_fail(&st, "profile %s: hipRuntimeGetVersion %d, hipDriverGetVersion %d; the model: %d",
               profile->name, runtime, driver, profile->version);
  for (int device = 0; device < MODEL_DEVICES; device++) {
    int vmm = -1;
    if (hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, device) !=
            hipSuccess ||
        vmm != profile->vmm_attribute)
      check_fail(&st, "profile %s: attribute 89 of device %d is %d, the model: %d", profile->name,
                 device, vmm, profile->vmm_attribute);
  }
}

/* The profile the environment names: MOCKHIP_PLATFORM=nvidia's, or MOCKHIP_ROCM_VERSION's
   ROCm release (newest when unset); exits on one the model does not know. */
static const model_profile *profile_from_environment(void) {
  const char *platform = getenv("MOCKHIP_PLATFORM");
  if (platform != NULL && strcmp(platform, "nvidia") == 0)
    return model_profile_named("nvidia");
  if (platform != NULL && strcmp(platform, "amd") != 0) {
    fprintf(stderr, "vmm_fuzz: MOCKHIP_PLATFORM=%s is no platform the model knows (amd, nvidia)\n",
            platform);
    exit(2);
  }
  const char *version = getenv("MOCKHIP_ROCM_VERSION");
  const model_profile *profile = model_profile_named(version ? version : "newest");
  if (profile == NULL || profile->nvidia) {
    fprintf(stderr,
            "vmm_fuzz: MOCKHIP_ROCM_VERSION=%s is no ROCm profile the model knows (%s; nvidia is "
            "MOCKHIP_PLATFORM=nvidia)\n",
            version, model_profile_names());
    exit(2);
  }
  return profile;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const model_profile *profile = profile_from_environment();
  model_init(&st.model, profile);
  char capacity[32];
  snprintf(capacity, sizeof capacity, "%zu", st.model.capacity);
  setenv("MOCKHIP_DEVICES", "2", 1);
  setenv("MOCKHIP_DEVICE_MEMORY", capacity, 1);
  if (profile->nvidia) {
    /* The platform's own granularity (2 MiB), and no recommendation it would not use. */
    setenv("MOCKHIP_PLATFORM", "nvidia", 1);
    unsetenv("MOCKHIP_ROCM_VERSION");
    unsetenv("MOCKHIP_GRANULARITY");
    unsetenv("MOCKHIP_GRANULARITY_RECOMMENDED");
  } else {
    setenv("MOCKHIP_PLATFORM", "amd", 1);
    setenv("MOCKHIP_ROCM_VERSION", profile->name, 1);
    setenv("MOCKHIP_GRANULARITY", "4096", 1); /* `host_page`, whatever the host's */
    setenv("MOCKHIP_GRANULARITY_RECOMMENDED", MODEL_RECOMMENDED_TEXT, 1);
  }
  /* The model knows none of these: no injected failures, no misuse reports, the CPU's
     access by the profile's rule alone. */
  unsetenv("MOCKHIP_FAIL");
  unsetenv("MOCKHIP_STRICT");
  unsetenv("MOCKHIP_LEAK_CHECK");
  unsetenv("MOCKHIP_HOST_ACCESS");
  const char *trace = getenv("VMM_FUZZ_TRACE");
  fuzz_trace = trace != NULL && strcmp(trace, "1") == 0;
  const char *streams = getenv("MOCKHIP_STREAMS"); /* kept: mockhip reads it too */
  fuzz_async = streams != NULL && strcmp(streams, "async") == 0;
  int devices = 0;
  if (hipInit(0) != hipSuccess || hipGetDeviceCount(&devices) != hipSuccess ||
      devices != MODEL_DEVICES) {
    fprintf(stderr, "vmm_fuzz: mockhip did not start with %d devices\n", MODEL_DEVICES);
    abort();
  }
  fprintf(stderr, "vmm_fuzz: profile %s (%s), streams %s\n", profile->name,
          profile->nvidia ? "MOCKHIP_PLATFORM=nvidia" : "MOCKHIP_ROCM_VERSION",
          fuzz_async ? "async" : "serial");
  check_runtime(profile);
  return 0;
}

/* Unmaps every mapping, drops every reference (those a swallowed map left
   too), closes every exported fd and frees every reservation, each through the
   API and checked like a step. */
static void teardown(fuzz_state *st) {
  model *m = &st->model;
  st->step = 0;
  teardown_graphs(st);
  teardown_runtime(st);
  teardown_pools(st);
  for (int i = 0; i < MODEL_MAX_MAPPINGS; i++) {
    if (!m->mappings[i].live)
      continue;
    uintptr_t base = m->mappings[i].base;
    size_t bytes = m->mappings[i].bytes;
    CHECK_CALL(st, hipMemUnmap((void *)base, bytes), model_unmap(m, base, bytes),
               "hipMemUnmap(ptr=%#lx, size=%zu)", (unsigned long)base, bytes);
  }
  for (int p = 0; p < MODEL_MAX_PHYS; p++) {
    while (m->phys[p].live && m->phys[p].refs > 0) {
      uintptr_t handle = m->phys[p].handle;
      CHECK_CALL(st, hipMemRelease((hipMemGenericAllocationHandle_t)handle),
                 model_release(m, handle), "hipMemRelease(handle=%#lx)", (unsigned long)handle);
    }
    if (m->phys[p].live)
      check_fail(st, "the model keeps handle %#lx alive with no reference and no mapping",
                 (unsigned long)m->phys[p].handle);
  }
  for (int f = 0; f < MODEL_MAX_FDS; f++) {
    if (m->fds[f].open) {
      int fd = m->fds[f].fd;
      if (close(fd) != 0)
        check_fail(st, "close(%d) of an exported fd failed", fd);
      model_close_fd(m, fd);
    }
  }
  for (int r = 0; r < MODEL_MAX_RESERVATIONS; r++) {
    if (!m->reservations[r].live)
      continue;
    uintptr_t base = m->reservations[r].base;
    size_t bytes = m->reservations[r].bytes;
    CHECK_CALL(st, hipMemAddressFree((void *)base, bytes), model_address_free(m, base, bytes),
               "hipMemAddressFree(ptr=%#lx, size=%zu)", (unsigned long)base, bytes);
  }
  CHECK_CALL(st, hipSetDevice(0), model_set_device(m, 0), "hipSetDevice(0)");
  check_counters(st, "the teardown");
  if (!model_is_empty(m))
    check_fail(st, "the model still holds objects after the teardown");
  size_t live = mockhip_live_objects();
  if (live != 0) {
    mockhip_dump(stderr);
    check_fail(st, "mockhip_live_objects() = %zu after the teardown", live);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  model_reset(&st.model);
  model kept = st.model;
  memset(&st, 0, sizeof st);
  st.model = kept;
  st.data = data;
  st.size = size;
  pools_observe(&st);
  bool behind = false; /* the last call ran beside queued work, and may have queued more */
  for (st.step = 1; st.step <= MAX_STEPS && input_left(&st); st.step++) {
    const fuzz_op *op = &ops[take(&st) % OP_COUNT];
    bool waits = !fuzz_async || !op->overlaps;
    if (waits && behind)
      fuzz_settle(&st);
    op->run(&st);
    behind = !waits;
    if (waits) {
      fuzz_settle(&st);
      check_counters(&st, op->name);
    }
  }
  if (behind)
    fuzz_settle(&st);
  teardown(&st);
  return 0;
}
