/*
 * test_copy.c: hipMemcpy and hipMemset on VMM memory (reference b.5, c.2 copy
 * tests). Access is checked as ROCm 6.3 and later check it (a.8#10, table (g)
 * row copy_access `first_mapping`): the mapping at each device-side address
 * must grant the current device ReadWrite (destination) or Read (source), else
 * hipErrorUnknown (clr hip_memory.cpp ihipMemcpy_validate_memory), and the
 * later mappings of the range are not asked. ROCm 6.2 and older check nothing,
 * and HIP on NVIDIA answers hipErrorInvalidValue for any mapping of the range:
 * their divergence files list the rules.
 */
#include "conformance.h"

#include <stdlib.h>
#include <string.h>

/* ---- negative ---- */

static void copy_rejects_null_destination(void **state) {
  (void)conf_begin(state);
  uint32_t host[64] = {0};
  assert_hip(hipMemcpy(NULL, host, sizeof host, hipMemcpyHostToDevice), hipErrorInvalidValue);
}

static void copy_rejects_bad_kind(void **state) {
  conf_ctx *ctx = conf_begin(state);
  uint32_t host[64] = {0};
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  assert_hip(hipMemcpy(ptr, host, sizeof host, (hipMemcpyKind)99), hipErrorInvalidMemcpyDirection);
}

static void copy_into_no_access_mapping_fails(void **state) {
  conf_ctx *ctx = conf_begin(state);
  uint32_t host[64] = {0};
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  assert_hip(hipMemcpy(ptr, host, sizeof host, hipMemcpyHostToDevice), hipErrorUnknown);
}

static void copy_from_no_access_mapping_fails(void **state) {
  conf_ctx *ctx = conf_begin(state);
  uint32_t host[64] = {0};
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  assert_hip(hipMemcpy(host, ptr, sizeof host, hipMemcpyDeviceToHost), hipErrorUnknown);
}

static void copy_into_read_only_mapping_fails(void **state) {
  conf_ctx *ctx = conf_begin(state);
  uint32_t host[64] = {0};
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemcpy(ptr, host, sizeof host, hipMemcpyHostToDevice), hipErrorUnknown);
}

static void memset_into_read_only_mapping_fails(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtRead);
  assert_hip(hipMemset(ptr, 0, ctx->size_mem), hipErrorUnknown);
}

static void copy_across_unmapped_hole_fails(void **state) {
  conf_ctx *ctx = conf_begin(state);
  char *ptr = conf_reserve(ctx, 2 * ctx->size_mem, 0);
  conf_map(ctx, ptr, ctx->size_mem, conf_create(ctx, ctx->size_mem));
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtReadWrite);
  void *host = calloc(1, 2 * ctx->size_mem);
  assert_non_null(host);
  hipError_t status = hipMemcpy(ptr, host, 2 * ctx->size_mem, hipMemcpyHostToDevice);
  free(host);
  assert_hip(status, hipErrorInvalidValue);
}

/* ---- functional ---- */

static void memset_fills_vmm_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  unsigned char *host = malloc(ctx->size_mem);
  assert_non_null(host);
  assert_hip(hipMemset(ptr, 0x5A, ctx->size_mem), hipSuccess);
  hipError_t status = hipMemcpy(host, ptr, ctx->size_mem, hipMemcpyDeviceToHost);
  size_t bad = 0;
  while (bad < ctx->size_mem && host[bad] == 0x5A)
    bad++;
  free(host);
  assert_hip(status, hipSuccess);
  assert_int_equal(bad, ctx->size_mem);
}

static void memset_d32_fills_vmm_memory(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  uint32_t *host = malloc(ctx->size_mem);
  assert_non_null(host);
  assert_hip(hipMemsetD32(ptr, 0x12345678, ctx->size_mem / 4), hipSuccess);
  hipError_t status = hipMemcpy(host, ptr, ctx->size_mem, hipMemcpyDeviceToHost);
  size_t bad = 0;
  while (bad < ctx->size_mem / 4 && host[bad] == 0x12345678)
    bad++;
  free(host);
  assert_hip(status, hipSuccess);
  assert_int_equal(bad, ctx->size_mem / 4);
}

static void copy_between_vmm_and_hipmalloc(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *vmm = conf_vmm(ctx, ctx->size_mem, NULL);
  void *other = conf_vmm(ctx, ctx->size_mem, NULL);
  void *block = conf_malloc(ctx, ctx->size_mem);
  conf_fill(vmm, ctx->size_mem, 90);
  assert_hip(hipMemcpy(block, vmm, ctx->size_mem, hipMemcpyDeviceToDevice), hipSuccess);
  assert_hip(hipMemcpyDtoD(other, block, ctx->size_mem), hipSuccess);
  conf_expect_data(other, ctx->size_mem, 90);
}

static void copy_between_vmm_allocations(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *source = conf_vmm(ctx, ctx->size_mem, NULL);
  void *destination = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_fill(source, ctx->size_mem, 91);
  assert_hip(hipMemcpy(destination, source, ctx->size_mem, hipMemcpyDeviceToDevice), hipSuccess);
  conf_expect_data(destination, ctx->size_mem, 91);
}

static void copy_with_default_kind(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  uint32_t *host = malloc(ctx->size_mem);
  assert_non_null(host);
  conf_pattern(host, ctx->size_mem, 92);
  hipError_t status = hipMemcpy(ptr, host, ctx->size_mem, hipMemcpyDefault);
  free(host);
  assert_hip(status, hipSuccess);
  conf_expect_data(ptr, ctx->size_mem, 92);
}

static void copy_async_on_stream(void **state) {
  conf_ctx *ctx = conf_begin(state);
  hipStream_t stream = conf_stream(ctx);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  uint32_t *out = malloc(ctx->size_mem), *back = malloc(ctx->size_mem);
  assert_non_null(out);
  assert_non_null(back);
  conf_pattern(out, ctx->size_mem, 93);
  hipError_t to = hipMemcpyAsync(ptr, out, ctx->size_mem, hipMemcpyHostToDevice, stream);
  hipError_t from = hipMemcpyAsync(back, ptr, ctx->size_mem, hipMemcpyDeviceToHost, stream);
  hipError_t sync = hipStreamSynchronize(stream);
  size_t bad = conf_pattern_mismatch(back, ctx->size_mem, 93);
  free(out);
  free(back);
  assert_hip(to, hipSuccess);
  assert_hip(from, hipSuccess);
  assert_hip(sync, hipSuccess);
  assert_int_equal(bad, ctx->size_mem);
}

static void copy_from_read_only_mapping(void **state) {
  conf_ctx *ctx = conf_begin(state);
  void *ptr = conf_vmm(ctx, ctx->size_mem, NULL);
  conf_fill(ptr, ctx->size_mem, 94);
  conf_set_access(ptr, ctx->size_mem, 0, hipMemAccessFlagsProtRead);
  conf_expect_data(ptr, ctx->size_mem, 94);
}

static void copy_to_peer_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  void *ptr = conf_mapped(ctx, ctx->size_mem, NULL);
  hipMemAccessDesc descs[2] = {conf_access_desc(0, hipMemAccessFlagsProtReadWrite),
                               conf_access_desc(1, hipMemAccessFlagsProtRead)};
  assert_hip(hipMemSetAccess(ptr, ctx->size_mem, descs, 2), hipSuccess);
  conf_fill(ptr, ctx->size_mem, 95);
  assert_hip(hipSetDevice(1), hipSuccess);
  void *peer = conf_malloc(ctx, ctx->size_mem);
  assert_hip(hipMemcpyPeer(peer, 1, ptr, 0, ctx->size_mem), hipSuccess);
  conf_expect_data(peer, ctx->size_mem, 95);
  assert_hip(hipSetDevice(0), hipSuccess);
}

/* Hip-tests' MapPhysChksFromMulDev as ROCm 6.3 and later play it: one chunk per device, each
   granted to its own device only, and device 0 copies over both. Only the mapping at the
   copy's address is asked (device 0's own), so the copy runs on through device 1's chunk. */
static void copy_runs_on_through_chunk_of_other_device(void **state) {
  conf_ctx *ctx = conf_begin(state);
  conf_need_devices(ctx, 2);
  size_t chunk = ctx->size_mem;
  char *ptr = conf_reserve(ctx, 2 * chunk, 0);
  for (int device = 0; device < 2; device++) {
    hipMemAllocationProp prop = conf_prop(device);
    char *at = ptr + (size_t)device * chunk;
    conf_map(ctx, at, chunk, conf_create_with(ctx, chunk, &prop));
    conf_set_access(at, chunk, device, hipMemAccessFlagsProtReadWrite);
  }
  assert_hip(hipSetDevice(0), hipSuccess);
  conf_fill(ptr, 2 * chunk, 96);
  conf_expect_data(ptr, 2 * chunk, 96);
  /* Device 1 finds the second half of the pattern in its own chunk. */
  uint32_t *pattern = malloc(2 * chunk), *back = malloc(chunk);
  assert_non_null(pattern);
  assert_non_null(back);
  conf_pattern(pattern, 2 * chunk, 96);
  hipError_t set = hipSetDevice(1);
  hipError_t read = hipMemcpyDtoH(back, ptr + chunk, chunk);
  int same = memcmp(back, (char *)pattern + chunk, chunk) == 0;
  free(pattern);
  free(back);
  assert_hip(hipSetDevice(0), hipSuccess);
  assert_hip(set, hipSuccess);
  assert_hip(read, hipSuccess);
  assert_true(same);
}

static const conf_rule negative_rules[] = {
    CONF_RULE(copy_rejects_null_destination, "HIP copy contract (used by every c.2 copy test)"),
    CONF_RULE(copy_rejects_bad_kind, "HIP copy contract (hipErrorInvalidMemcpyDirection)"),
    CONF_RULE(copy_into_no_access_mapping_fails,
              "b.5; a.8#10 (copy_access); c.2 Unit_hipMemSetAccess_ChangeAccessProp (N)"),
    CONF_RULE(copy_from_no_access_mapping_fails,
              "b.5; a.8#10 (copy_access); c.2 Unit_hipMemSetAccess_ChangeAccessProp (N)"),
    CONF_RULE(copy_into_read_only_mapping_fails,
              "a.8#10 (copy_access); c.2 Unit_hipMemSetAccess_ChangeAccessProp (N)"),
    CONF_RULE(memset_into_read_only_mapping_fails,
              "a.8#10 (copy_access); c.2 Unit_hipMemSetAccess_ChangeAccessProp (N)"),
    CONF_RULE(copy_across_unmapped_hole_fails, "b.5; a.8#5 (a hole has no access)"),
};

static const conf_rule functional_rules[] = {
    CONF_RULE(memset_fills_vmm_memory, "c.2 Unit_hipMemCreate_ChkWithMemset"),
    CONF_RULE(memset_d32_fills_vmm_memory, "c.2 Unit_hipMemCreate_ChkWithMemset (32-bit)"),
    CONF_RULE(copy_between_vmm_and_hipmalloc, "c.2 Unit_hipMemSetAccess_Vmm2DevMemCpy"),
    CONF_RULE(copy_between_vmm_allocations, "c.2 Unit_hipMemSetAccess_Vmm2VMMMemCpy"),
    CONF_RULE(copy_with_default_kind, "c.2 Unit_hipMemSetAccess_Vmm2UnifiedMemCpy (Default kind)"),
    CONF_RULE(copy_async_on_stream, "b.9 (async copies on a stream)"),
    CONF_RULE(copy_from_read_only_mapping, "b.5; c.2 Unit_hipMemSetAccess_ChangeAccessProp"),
    CONF_RULE(copy_to_peer_device, "c.2 Unit_hipMemSetAccess_Vmm2PeerPeerMemCpy (2 devices)"),
    CONF_RULE(copy_runs_on_through_chunk_of_other_device,
              "a.8#10 (copy_access first_mapping); c.2 Unit_hipMemSetAccess_MapPhysChksFromMulDev "
              "(2 devices)"),
};

const conf_group conf_group_copy_negative = CONF_GROUP("copy_negative", negative_rules);
const conf_group conf_group_copy = CONF_GROUP("copy", functional_rules);
