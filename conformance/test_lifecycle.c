/*
 * test_lifecycle.c: whole VMM lifetimes: bookkeeping across unmap and remap,
 * freeing with live mappings, growth by remapping, threads and processes
 * (reference b.1-b.7, a.3#5, c.2).
 */
#include "conformance.h"

#include <pthread.h>
#include <unistd.h>

#include "worker.h"

/* ---- negative ---- */

static void free_with_live_mapping_fails_and_keeps_reservation(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_fill(ptr, ctx->size_mem, 100);
  assert_hip(hipMemAddressFree(ptr, ctx->size_mem), hipErrorUnknown);
  /* Mapping, data and reservation are all still there. */
  conf_expect_data(ptr, ctx->size_mem, 100);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  conf_expect_data(ptr, ctx->size_mem, 100);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_free(ctx, ptr, ctx->size_mem);
}

static void release_does_not_remove_mappings(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  void *ptr = conf_vmm(ctx, ctx->size_mem, &handle);
  conf_release(ctx, handle);
  assert_hip(hipMemAddressFree(ptr, ctx->size_mem), hipErrorUnknown);
}

static void retain_fails_once_mapping_is_gone(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t handle;
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  handle = conf_create(ctx, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, handle);
  conf_map(ctx, ptr + ctx->size_mem, ctx->size_mem, handle);
  hipMemGenericAllocationHandle_t retained = conf_retain(ctx, ptr);
  assert_ptr_equal(retained, handle);
  conf_release(ctx, retained);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_expect_retain(ctx, hipErrorInvalidValue, ptr);
  /* The other mapping of the same handle still links back to it. */
  assert_ptr_equal(conf_retain(ctx, ptr + ctx->size_mem), handle);
}

/* ---- functional ---- */

static void remap_rewires_retain(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipMemGenericAllocationHandle_t first;
  void *ptr = conf_mapped(ctx, ctx->size_mem, &first);
  hipMemGenericAllocationHandle_t second = conf_create(ctx, ctx->size_mem);
  assert_ptr_equal(conf_retain(ctx, ptr), first);
  conf_unmap(ctx, ptr, ctx->size_mem);
  conf_map(ctx, ptr, ctx->size_mem, second);
  assert_ptr_equal(conf_retain(ctx, ptr), second);
}

/* Grows a reservation three times: unmap everything in one call, free, reserve
   a bigger range, map the old handles and one new one, one SetAccess over all. */
static void grow_by_remapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t chunk = ctx->size_mem;
  hipMemGenericAllocationHandle_t handles[3];
  char *ptr = NULL;
  for (unsigned count = 1; count <= 3; count++) {
    handles[count - 1] = conf_create(ctx, chunk);
    if (ptr != NULL) {
      conf_unmap(ctx, ptr, (count - 1) * chunk);
      conf_free(ctx, ptr, (count - 1) * chunk);
    }
    ptr = conf_reserve(ctx, count * chunk, 0);
    for (unsigned i = 0; i < count; i++)
      conf_map(ctx, ptr + i * chunk, chunk, handles[i]);
    conf_set_access(ptr, count * chunk, 0, hipMemAccessFlagsProtReadWrite);
    for (unsigned i = 0; i + 1 < count; i++)
      conf_expect_data(ptr + i * chunk, chunk, 110 + i);
    conf_fill(ptr + (count - 1) * chunk, chunk, 110 + count - 1);
  }
  /* Cleanup as hip-tests do it: release every handle, then one unmap over all. */
  for (unsigned i = 0; i < 3; i++)
    conf_release(ctx, handles[i]);
  for (unsigned i = 0; i < 3; i++)
    conf_expect_data(ptr + i * chunk, chunk, 110 + i);
  conf_unmap(ctx, ptr, 3 * chunk);
  conf_free(ctx, ptr, 3 * chunk);
}

static void basic_vmm_round_trip(void **state) {
  conf_ctx *ctx = conf_begin(state);
  size_t recommended = 0;
  hipMemAllocationProp prop = conf_prop(0);
  assert_hip(
      hipMemGetAllocationGranularity(&recommended, &prop, hipMemAllocationGranularityRecommended),
      hipSuccess);
  char *ptr = conf_reserve(ctx, ctx->granularity, recommended);
  conf_map(ctx, ptr, ctx->granularity, conf_create(ctx, ctx->granularity));
  conf_set_access(ptr, ctx->granularity, 0, hipMemAccessFlagsProtReadWrite);
  assert_hip(hipMemset(ptr, 1, ctx->granularity), hipSuccess);
  unsigned char host[64];
  assert_hip(
      hipMemcpy(host, ptr + ctx->granularity - sizeof host, sizeof host, hipMemcpyDeviceToHost),
      hipSuccess);
  for (size_t i = 0; i < sizeof host; i++)
    assert_int_equal(host[i], 1);
}

#define THREADS 5
#define ROUNDS 20

typedef struct thread_job {
  size_t bytes;
  unsigned seed;
  int failed_step;
} thread_job;

static void *thread_main(void *arg) {
  thread_job *job = arg;
  for (unsigned round = 0; round < ROUNDS && job->failed_step == 0; round++)
    job->failed_step = conf_worker_round_trip(job->bytes, job->seed + round);
  return NULL;
}

static void threads_allocate_concurrently(void **state) {
  conf_ctx *ctx = conf_begin(state);
  pthread_t threads[THREADS];
  thread_job jobs[THREADS];
  int started = 0;
  for (int i = 0; i < THREADS; i++) {
    jobs[i] = (thread_job){.bytes = ctx->size_mem * (size_t)(i + 1), .seed = 200u + 100u * i};
    if (pthread_create(&threads[i], NULL, thread_main, &jobs[i]) == 0)
      started++;
    else
      break;
  }
  for (int i = 0; i < started; i++)
    pthread_join(threads[i], NULL);
  assert_int_equal(started, THREADS);
  for (int i = 0; i < THREADS; i++)
    if (jobs[i].failed_step != 0)
      conf_fail("thread %d failed at step %d of its round trip", i, jobs[i].failed_step);
}

static void forked_child_uses_vmm_independently(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_fill(ptr, ctx->size_mem, 120);
  pid_t pid = conf_fork_child();
  if (pid == 0)
    _exit(conf_worker_round_trip(ctx->size_mem, 121));
  assert_true(pid > 0);
  conf_expect_child_exit(pid);
  conf_expect_data(ptr, ctx->size_mem, 120);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(free_with_live_mapping_fails_and_keeps_reservation,
              "a.3#5; b.7; f.6 (reservation kept usable)"),
    CONF_RULE(release_does_not_remove_mappings, "b.7; e.8 (ROCR-Runtime#257)"),
    CONF_RULE(retain_fails_once_mapping_is_gone,
              "a.10#2; c.2 Unit_hipMemUnmap_Bookkeeping_CrossLinksTornDown"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(remap_rewires_retain, "c.2 Unit_hipMemUnmap_Bookkeeping_RemapRewiresCrossLinks"),
    CONF_RULE(grow_by_remapping, "b.4; b.6; c.2 Unit_hipMemSetAccess_GrowVMM"),
    CONF_RULE(basic_vmm_round_trip, "c.2 Unit_hipMemVmm_Basic"),
    CONF_RULE(threads_allocate_concurrently, "c.2 Unit_hipMemSetAccess_Multithreaded"),
    CONF_RULE(forked_child_uses_vmm_independently, "c.2 Unit_hipMemSetAccess_MultiProc"),
};

const conf_group conf_group_lifecycle_negative = CONF_GROUP("lifecycle_negative", negative_rules);
const conf_group conf_group_lifecycle = CONF_GROUP("lifecycle", functional_rules);
